#!/usr/bin/env python3
"""Counts Dots and Boxes with OpenSpiel's rules, independently of arbiter's engine.

Usage (outside the project, in a virtualenv with `pip install open_spiel`):

    python3 openspiel_counts.py lines  ROWS COLS DEPTH   # per-line perft, by who is to move
    python3 openspiel_counts.py turns  ROWS COLS DEPTH   # per-turn perft (a turn = a player's lines)
    python3 openspiel_counts.py leaf   ROWS COLS DEPTH   # per-turn perft, finished games as leaves
    python3 openspiel_counts.py tree   ROWS COLS         # the whole tree of turns
    python3 openspiel_counts.py value  ROWS COLS [ACTIONS...]  # exact final margin, player to move
    python3 openspiel_counts.py solve  ROWS COLS [ACTIONS...]  # the same by alpha-beta, for 3x3
    python3 openspiel_counts.py best   ROWS COLS [ACTIONS...]  # the margin of every turn from there

ACTIONS are pyspiel action numbers or lines in arbiter's notation (`a1b1`: dots named by column
letter from the left and row number from the top), applied in order from the empty board.

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
* best: every distinct turn of the player to move with the final margin it leads to (by
  `solve` on the position after it), best first, the turn's lines in arbiter's notation.
* solve: the final margin for the player to move, by alpha-beta over the lines left with a
  table of bounds keyed on the set of lines drawn (the boxes still to win depend on nothing
  else), so that 3x3 from the start is feasible. The boxes a line completes are read from
  pyspiel: the player stays on move after completing a box, and the printed state shows the
  owners, whose count tells one box from two.
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


def owned(state):
    """The number of owned boxes in pyspiel's picture of the state (digits inside boxes)."""
    return sum(ch.isdigit() for ch in str(state))


def solve_margin(state):
    """Final margin for the player to move, by alpha-beta on the future boxes."""
    table = {}
    INF = 100

    def future(state, alpha, beta):
        # Boxes the player to move gains from now on, minus the opponent's.
        if state.is_terminal():
            return 0
        key = frozenset(state.history())
        lower, upper = table.get(key, (-INF, INF))
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        alpha0 = alpha
        player = state.current_player()
        before = owned(state)
        children = []
        for action in state.legal_actions():
            child = state.child(action)
            boxes = owned(child) - before
            again = child.is_terminal() or child.current_player() == player
            children.append((not (boxes > 0 and again), action, child, boxes, again))
        children.sort(key=lambda c: (c[0], c[1]))  # captures first
        best = -INF
        for _, _, child, boxes, again in children:
            if boxes > 0:
                score = boxes + future(child, alpha - boxes, beta - boxes)
            else:
                score = -future(child, -beta, -alpha)
            if score > best:
                best = score
                alpha = max(alpha, score)
                if score >= beta:
                    break
        if best <= alpha0:
            table[key] = (lower, best)
        elif best >= beta:
            table[key] = (best, upper)
        else:
            table[key] = (best, best)
        return best

    player = state.current_player()
    counts = str(state)
    # The margin so far from the picture: pyspiel numbers owners 1 and 2.
    so_far = counts.count(str(player + 1)) - counts.count(str(2 - player))
    return so_far + future(state, -INF, INF), len(table)


def line_name(rows, cols, action):
    """Arbiter's name of pyspiel's line `action`: its two dots, left or top first."""
    horizontal = (rows + 1) * cols
    if action < horizontal:
        r, c = divmod(action, cols)
        a, b = (c, r), (c + 1, r)
    else:
        r, c = divmod(action - horizontal, cols + 1)
        a, b = (c, r), (c, r + 1)
    return "".join(f"{chr(ord('a') + x)}{y + 1}" for x, y in (a, b))


def play(state, rows, cols, tokens):
    names = {line_name(rows, cols, a): a for a in range(state.num_distinct_actions())}
    for token in tokens:
        state.apply_action(int(token) if token.isdigit() else names[token])
    return state


def best_turns(state, rows, cols):
    player = state.current_player()
    results = []
    for key, child in turns(state).items():
        if child.is_terminal():
            margin = child.returns()[player]
        else:
            margin = -solve_margin(child)[0]
        lines = sorted(key - frozenset(state.history()))
        results.append((margin, "+".join(line_name(rows, cols, a) for a in lines)))
    results.sort(key=lambda r: (-r[0], r[1]))
    return results


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
        state = play(game(rows, cols, margin=True).new_initial_state(), rows, cols, argv[4:])
        print("player to move", state.current_player(), "margin", value(state))
    elif mode == "best":
        state = play(game(rows, cols, margin=True).new_initial_state(), rows, cols, argv[4:])
        for margin, lines in best_turns(state, rows, cols):
            print(margin, lines)
    elif mode == "solve":
        state = play(game(rows, cols, margin=True).new_initial_state(), rows, cols, argv[4:])
        margin, entries = solve_margin(state)
        print("player to move", state.current_player(), "margin", margin, "table", entries)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
