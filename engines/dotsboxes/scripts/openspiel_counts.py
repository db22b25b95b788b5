#!/usr/bin/env python3
"""Counts Dots and Boxes with OpenSpiel's rules, independently of arbiter's engine.

Usage (outside the project, in a virtualenv with `pip install open_spiel`):

    python3 openspiel_counts.py lines  ROWS COLS DEPTH   # per-line perft, by who is to move
    python3 openspiel_counts.py turns  ROWS COLS DEPTH   # per-turn perft (a turn = a player's lines)
    python3 openspiel_counts.py leaf   ROWS COLS DEPTH   # per-turn perft, finished games as leaves
    python3 openspiel_counts.py tree   ROWS COLS         # the whole tree of turns
    python3 openspiel_counts.py value  ROWS COLS [ACTIONS...]  # exact final margin, player to move

Every count and value comes from pyspiel's `dots_and_boxes` game: its legal actions, who is
to move after each action (the same player after completing a box), and its returns (with
`utility_margin=true`, the final box difference). OpenSpiel numbers the lines as arbiter does:
horizontal lines row by row from the top, then vertical lines row by row.

* lines: sequences of exactly DEPTH actions, split by the player to move at their end.
* turns: a turn is the set of lines one player draws before the other moves (or the game
  ends); turns are told apart by the lines drawn, since two orders of the same captures reach
  the same position. Counts are memoised on (lines drawn, depth): the legal turns depend only
  on the lines drawn.
* leaf: as turns, but a game finished with turns to spare counts as one leaf at every greater
  depth (arbiter's `finished-is-leaf` convention).
* tree: complete games (turn sequences that end the game) by winner, distinct positions (lines,
  box owners and player to move, as pyspiel prints them) and distinct finished positions.
* value: minimax over actions on the final margin, memoised on the printed state (lines and
  box owners) and the player to move. Feasible up to 2x3 from the start and for later
  positions of 3x3.
"""
import sys
from functools import lru_cache

import pyspiel


def game(rows, cols, margin=False):
    params = {"num_rows": rows, "num_cols": cols}
    if margin:
        params["utility_margin"] = True
    return pyspiel.load_game("dots_and_boxes", params)


def perft_lines(state, depth):
    """(sequences, black to move at the end, finished) over sequences of exactly `depth`."""
    if depth == 0:
        if state.is_terminal():
            return (1, 0, 1)
        return (1, 1 if state.current_player() == 0 else 0, 0)
    if state.is_terminal():
        return (0, 0, 0)
    total = [0, 0, 0]
    for action in state.legal_actions():
        child = state.child(action)
        counts = perft_lines(child, depth - 1)
        for i in range(3):
            total[i] += counts[i]
    return tuple(total)


def turns(state):
    """The states reached by one whole turn from `state`, one per distinct set of lines."""
    player = state.current_player()
    out = {}
    stack = [state]
    seen = set()
    while stack:
        current = stack.pop()
        for action in current.legal_actions():
            child = current.child(action)
            key = frozenset(child.history())
            if child.is_terminal() or child.current_player() != player:
                out[key] = child
            elif key not in seen:
                seen.add(key)
                stack.append(child)
    return out


def perft_turns(root, depth, finished_is_leaf=False):
    @lru_cache(maxsize=None)
    def count(drawn, depth):
        state = states[drawn]
        if depth == 0:
            return 1
        if state.is_terminal():
            return 1 if finished_is_leaf else 0
        total = 0
        for key, child in turns(state).items():
            states.setdefault(key, child)
            total += count(key, depth - 1)
        return total

    states = {frozenset(root.history()): root}
    return count(frozenset(root.history()), depth)


def tree(root):
    """Games by result, positions and finished positions over the whole tree of turns."""
    memo = {}
    positions, finished = set(), set()

    def key(state):
        return (str(state), state.current_player())

    def walk(state):
        k = key(state)
        positions.add(k)
        if state.is_terminal():
            finished.add(k)
            r = state.returns()
            return (1, int(r[0] > 0), int(r[1] > 0), int(r[0] == r[1]))
        if k in memo:
            return memo[k]
        total = [0, 0, 0, 0]
        for child in turns(state).values():
            for i, n in enumerate(walk(child)):
                total[i] += n
        memo[k] = tuple(total)
        return memo[k]

    games, first, second, draws = walk(root)
    return {"games": games, "first-wins": first, "second-wins": second, "draws": draws,
            "positions": len(positions), "terminal-positions": len(finished)}


def value(state):
    """The final margin for the player to move with best play (0 once the game is over)."""
    memo = {}

    def solve(state):
        if state.is_terminal():
            return None
        key = (str(state), state.current_player())
        if key in memo:
            return memo[key]
        player = state.current_player()
        best = None
        for action in state.legal_actions():
            child = state.child(action)
            if child.is_terminal():
                score = child.returns()[player]
            elif child.current_player() == player:
                score = solve(child)
            else:
                score = -solve(child)
            if best is None or score > best:
                best = score
        memo[key] = best
        return best

    return solve(state)


def main(argv):
    mode, rows, cols = argv[1], int(argv[2]), int(argv[3])
    if mode == "lines":
        root = game(rows, cols).new_initial_state()
        for depth in range(1, int(argv[4]) + 1):
            sequences, black, finished = perft_lines(root, depth)
            print(f"{depth} sequences {sequences} black-to-move {black} finished {finished}")
    elif mode == "turns":
        root = game(rows, cols).new_initial_state()
        for depth in range(1, int(argv[4]) + 1):
            print(depth, perft_turns(root, depth))
    elif mode == "leaf":
        root = game(rows, cols).new_initial_state()
        for depth in range(1, int(argv[4]) + 1):
            print(depth, perft_turns(root, depth, finished_is_leaf=True))
    elif mode == "tree":
        print(tree(game(rows, cols, margin=True).new_initial_state()))
    elif mode == "value":
        state = game(rows, cols, margin=True).new_initial_state()
        for action in argv[4:]:
            state.apply_action(int(action))
        print("player to move", state.current_player(), "margin", value(state))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
