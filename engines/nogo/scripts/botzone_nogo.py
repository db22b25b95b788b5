#!/usr/bin/env python3
"""Counts and solves NoGo with the rules of Botzone's own judge, independently of arbiter.

The rule functions are those of `botzone/envs/botzone/nogo.py` in ailab-pku/botzone-local
(`NoGoEnv._check_valid`, `_has_valid_move`): a stone is invalid when its group, or a
neighbouring enemy group, has no liberty. This script imports them from a checkout of that
repository (give its path in BOTZONE_LOCAL; it needs the `rich` package, which the module
imports for its viewer) and only adds the walking.

Usage:

    BOTZONE_LOCAL=path python3 botzone_nogo.py perft SIZE DEPTH [foul-loses]
    BOTZONE_LOCAL=path python3 botzone_nogo.py tree  SIZE [foul-loses]
    BOTZONE_LOCAL=path python3 botzone_nogo.py solve SIZE "POSITION"
    BOTZONE_LOCAL=path python3 botzone_nogo.py points SIZE "POSITION"

* perft: move sequences of exactly DEPTH plies. Under `foul-loses` (the CCGC ruling) every
  empty point is a move while the mover has a valid one; an invalid stone ends the game.
* tree: the complete game tree: games (won by black, by white), distinct positions (board and
  side to move) and distinct finished positions.
* solve: the winner with best play from POSITION, given in arbiter's one-line form (rows from
  the top joined by `/`, `X` black, `O` white, a digit for empty points, then the side to move),
  and every winning move of the side to move, in arbiter's notation (column letter from the
  left, row number from the bottom).
* points: the valid points of the side to move in POSITION, then every other empty point with
  the judge's reasons (`_count_liberty`): `capture` when a neighbouring enemy group is left
  without a liberty, `suicide` when the stone's own group is; a stone that does both is listed
  as `capture+suicide` (arbiter's `standard` ruling reports it as a capture).
"""
import os
import sys

sys.path.insert(0, os.environ.get("BOTZONE_LOCAL", "."))
from botzone.envs.botzone.nogo import NoGoEnv  # noqa: E402

BLACK, WHITE = 1, 2


class Board:
    """The judge's board: (size + 2) squared cells with a border of -1, indexed [x][y],
    x the column from the left and y the row from the top, both from 1."""

    def __init__(self, size):
        self.env = NoGoEnv(size)
        self.size = size
        b = [[0 for _ in range(size + 2)] for _ in range(size + 2)]
        for i in range(size + 2):
            b[i][0] = b[i][-1] = b[0][i] = b[-1][i] = -1
        self.env.board = b

    @property
    def cells(self):
        return self.env.board

    def valid(self, x, y, color):
        """The judge's verdict on a `color` stone on the empty (x, y)."""
        self.cells[x][y] = color
        ok = self.env._check_valid(x, y)
        self.cells[x][y] = 0
        return ok

    def empties(self):
        n = self.size
        return [(x, y) for y in range(1, n + 1) for x in range(1, n + 1) if self.cells[x][y] == 0]

    def key(self, color):
        return (tuple(tuple(row) for row in self.cells), color)

    def name(self, x, y):
        return f"{chr(ord('a') + x - 1)}{self.size - y + 1}"


def moves(board, color, foul_loses):
    """(point, valid) for every move of `color`; empty when the game is over for `color`."""
    points = [(p, board.valid(*p, color)) for p in board.empties()]
    if not any(valid for _, valid in points):
        return []
    return points if foul_loses else [(p, True) for p, valid in points if valid]


def perft(board, color, depth, foul_loses):
    if depth == 0:
        return 1
    total = 0
    for (x, y), valid in moves(board, color, foul_loses):
        if depth == 1:
            total += 1
        elif valid:
            board.cells[x][y] = color
            total += perft(board, 3 - color, depth - 1, foul_loses)
            board.cells[x][y] = 0
    return total


def tree(board, foul_loses):
    counts = {"games": 0, "black-wins": 0, "white-wins": 0}
    positions, finished = set(), set()

    def walk(color):
        key = board.key(color)
        positions.add(key)
        options = moves(board, color, foul_loses)
        if not options:
            finished.add(key)
            counts["games"] += 1
            counts["white-wins" if color == BLACK else "black-wins"] += 1
            return
        for (x, y), valid in options:
            board.cells[x][y] = color
            if valid:
                walk(3 - color)
            else:
                # A foul ends the game: the mover loses.
                after = board.key(3 - color)
                positions.add(after)
                finished.add(after)
                counts["games"] += 1
                counts["white-wins" if color == BLACK else "black-wins"] += 1
            board.cells[x][y] = 0

    walk(BLACK)
    counts["positions"] = len(positions)
    counts["finished-positions"] = len(finished)
    return counts


def solve(board, color):
    """Whether `color` to move wins, with the memoised exhaustive search."""
    memo = {}

    def wins(color):
        key = board.key(color)
        if key in memo:
            return memo[key]
        result = False
        for (x, y), _ in moves(board, color, False):
            board.cells[x][y] = color
            lost = not wins(3 - color)
            board.cells[x][y] = 0
            if lost:
                result = True
                break
        memo[key] = result
        return result

    winning = []
    for (x, y), _ in moves(board, color, False):
        board.cells[x][y] = color
        if not wins(3 - color):
            winning.append(board.name(x, y))
        board.cells[x][y] = 0
    return bool(winning), sorted(winning)


def points(board, color):
    """The valid points of `color`, and each invalid empty point with the judge's reasons."""
    env, cells = board.env, board.cells
    valid, invalid = [], []
    for x, y in board.empties():
        if board.valid(x, y, color):
            valid.append(board.name(x, y))
            continue
        cells[x][y] = color
        reasons = []
        neighbours = ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
        enemies = [(nx, ny) for nx, ny in neighbours if cells[nx][ny] == 3 - color]
        if any(env._count_liberty(nx, ny)[0] == 0 for nx, ny in enemies):
            reasons.append("capture")
        if env._count_liberty(x, y)[0] == 0:
            reasons.append("suicide")
        cells[x][y] = 0
        invalid.append(f"{board.name(x, y)} {'+'.join(reasons)}")
    return sorted(valid), sorted(invalid)


def parse(size, text):
    rows, side = text.split()
    board = Board(size)
    lines = rows.split("/")
    assert len(lines) == size, "wrong number of rows"
    for y, line in enumerate(lines, start=1):
        x = 1
        digits = ""
        for c in line + " ":
            if c.isdigit():
                digits += c
                continue
            if digits:
                x += int(digits)
                digits = ""
            if c == "X":
                board.cells[x][y] = BLACK
                x += 1
            elif c == "O":
                board.cells[x][y] = WHITE
                x += 1
            elif c == ".":
                x += 1
        assert x == size + 1, f"row {line} has the wrong length"
    return board, BLACK if side == "black" else WHITE


def main(argv):
    mode, size = argv[1], int(argv[2])
    if mode == "perft":
        depth, foul_loses = int(argv[3]), argv[4:] == ["foul-loses"]
        for d in range(1, depth + 1):
            print(d, perft(Board(size), BLACK, d, foul_loses))
    elif mode == "tree":
        print(tree(Board(size), argv[3:] == ["foul-loses"]))
    elif mode == "solve":
        board, color = parse(size, argv[3])
        won, winning = solve(board, color)
        side = "black" if color == BLACK else "white"
        print(f"{side} to move {'wins' if won else 'loses'}; winning moves: {' '.join(winning) or 'none'}")
    elif mode == "points":
        board, color = parse(size, argv[3])
        valid, invalid = points(board, color)
        side = "black" if color == BLACK else "white"
        print(f"{side} to move; valid ({len(valid)}): {' '.join(valid) or 'none'}")
        print(f"invalid ({len(invalid)}): {', '.join(invalid) or 'none'}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
