#!/usr/bin/env python3
"""Counts Hex game trees with OpenSpiel's rules, independently of arbiter.

Usage (outside the project, in a virtualenv with `pip install open_spiel`; checked with
open_spiel 1.6.x):

    python3 openspiel_hex.py perft SIZE DEPTH [swap]   # sequences of exactly DEPTH plies
    python3 openspiel_hex.py leaf  SIZE DEPTH [swap]   # a game finished early is one leaf
    python3 openspiel_hex.py tree  SIZE [swap]         # the whole tree: games by winner, positions

OpenSpiel's `hex` (open_spiel/games/hex/hex.cc) plays Hex on an n x n rhombus, drawn as
HexGUI draws it (each row half a cell right of the one above): the first player (`x`) joins
one pair of opposite edges, the second (`o`) the other, and the game ends at the first chain.
With its `swap` parameter (`swap`), the second player's first move may be `swap`, which
replaces the first stone by an `o` on its mirror image in the long diagonal, the first player
moving next: arbiter's `swap-mirror`. Counts from the start depend neither on which pair of
edges is whose nor on the drawing's slant (a reflection of the board maps legal games to legal
games and winners to winners), so they are arbiter's counts. `tree` tells positions apart by
board and player to move, as arbiter's tree walk tells them apart by its one-line form.
"""

import sys

import pyspiel


def game(size, swap):
    return pyspiel.load_game("hex", {"num_rows": size, "num_cols": size, "swap": swap})


def perft(state, depth, leaf):
    if state.is_terminal():
        return 1 if leaf else 0
    if depth == 0:
        return 1
    if depth == 1:
        return len(state.legal_actions())
    return sum(perft(state.child(action), depth - 1, leaf) for action in state.legal_actions())


def tree(state, counts, seen, terminal):
    key = (str(state), state.current_player())
    if key not in seen:
        seen.add(key)
        counts["positions"] += 1
    if state.is_terminal():
        if key not in terminal:
            terminal.add(key)
            counts["terminal-positions"] += 1
        counts["games"] += 1
        returns = state.returns()
        if returns[0] > returns[1]:
            counts["first-wins"] += 1
        elif returns[1] > returns[0]:
            counts["second-wins"] += 1
        else:
            counts["draws"] += 1
        return
    for action in state.legal_actions():
        tree(state.child(action), counts, seen, terminal)


def main(argv):
    command, size = argv[1], int(argv[2])
    swap = argv[-1] == "swap"
    start = game(size, swap).new_initial_state()
    if command in ("perft", "leaf"):
        print(perft(start, int(argv[3]), command == "leaf"))
    elif command == "tree":
        counts = dict.fromkeys(
            ["games", "first-wins", "second-wins", "draws", "positions", "terminal-positions"], 0
        )
        tree(start, counts, set(), set())
        print(counts)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
