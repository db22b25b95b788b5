#!/usr/bin/env python3
"""Writes the FFO endgame suites (Edax .obf form) from a table of the FFO positions.

Run from the workspace root: python3 suites/othello/gen_ffo.py FFO.tsv
FFO.tsv (not in the repository) is the FFO suite #1-#79 transcribed from the Edax files named in
SOURCE, one tab-separated position a line: number, 64-character board (a1 b1 ... h8), side to move
(X or O), then in the seventh column the exact score of every legal move (`MOVE:score`, comma
separated); lines starting with `#` are comments. Each line written keeps the published score of
every legal move; `% id:` names the case after its FFO number. A board that
specs/othello/ffo-legal-moves.yaml gives a `history:` (a game from the start reaching it, which a
protocol that can only be given a game needs) carries the same history here (`% history:` in the
.obf files, `history:` in ffo-blunders.yaml), so that the spec file is the one place to add one.
"""
import sys

import yaml

SPEC_WITH_HISTORIES = "specs/othello/ffo-legal-moves.yaml"

SOURCE = ("FFO endgame test suite, exact score of every move (final disc difference, empties to the "
          "winner): Edax repository abulmo/edax-reversi, problem/fforum-1-19.obf, fforum-20-39.obf, "
          "fforum-40-59.obf (commit 14f048c); #1-#39 cross-checked with rcrr/reversi c/db/README-FFO, "
          "#40-#59 with Gunnar Andersson's FFOTEST.SCR and Egaroucid's logs")
# Known weaknesses of the embedded engine, asserted as such (the test fails once they are fixed).
FIXME = {
    29: "at depth 8 the evaluation prefers h2, which loses by 16 or more (measured 2026-12-01)",
}
RANGES = [("ffo-01-19", 1, 19, False), ("ffo-20-39", 20, 39, False), ("ffo-40-59", 40, 59, True)]


def histories():
    """The `history:` of each board of the FFO spec file, by board text."""
    with open(SPEC_WITH_HISTORIES) as spec:
        cases = yaml.safe_load(spec)["cases"]
    return {case["position"]["text"]: " ".join(case["position"]["history"].split())
            for case in cases if "history" in case["position"]}


def main(path):
    rows = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        fields = line.rstrip("\n").split("\t")
        if not fields[0].isdigit():
            continue
        number, board, side, moves = int(fields[0]), fields[1], fields[2], fields[6]
        rows[number] = (board, side, moves.split(","))
    known = histories()
    for name, first, last, slow in RANGES:
        with open(f"suites/othello/{name}.obf", "w") as out:
            out.write(f"% source: {SOURCE}\n")
            if slow:
                out.write("% slow\n")
            for number in range(first, last + 1):
                board, side, moves = rows[number]
                scores = "; ".join(moves)
                history = known.get(f"{board} {side}")
                remark = f" % history: {history}" if history else ""
                out.write(f"{board} {side}; {scores}; % id: ffo-{number:02d}{remark}\n")
    blunders(rows, known)


def blunders(rows, known):
    """An alpha-beta suite on the same positions: at a fixed depth, the engine must not play a
    move the published exact scores show to throw the game away (a win or draw turned into a
    loss by 16 discs or more against the best move)."""
    with open("suites/othello/ffo-blunders.yaml", "w") as out:
        out.write("# yaml-language-server: $schema=../schema/suite.schema.json\n")
        out.write("# Written by suites/othello/gen_ffo.py; edit the script, not this file.\n")
        out.write("game: othello\n")
        out.write(f"source: >-\n  {SOURCE}\n")
        out.write("description: >-\n  Midgame search (alpha-beta with the evaluation, depth 8) on FFO #1-#39: it must\n"
                  "  avoid every move whose exact score turns a won or drawn position into a loss by\n"
                  "  16 discs or more against the best move.\n")
        out.write("algorithm: alpha-beta\nbudget: {depth: 8}\ncases:\n")
        for number in range(1, 40):
            board, side, moves = rows[number]
            scored = [(m.split(":")[0].lower(), int(m.split(":")[1])) for m in moves]
            best = max(score for _, score in scored)
            if best < 0:
                continue
            avoid = [m for m, score in scored if score < 0 and best - score >= 16]
            if not avoid:
                continue
            out.write(f"  - id: ffo-{number:02d}\n")
            history = known.get(f"{board} {side}")
            if history:
                out.write(f"    position:\n      text: \"{board} {side}\"\n      history: >-\n        {history}\n")
            else:
                out.write(f"    position: {{text: \"{board} {side}\"}}\n")
            out.write(f"    avoid: [{', '.join(avoid)}]\n")
            if number in FIXME:
                out.write(f"    fixme: \"{FIXME[number]}\"\n")


if __name__ == "__main__":
    main(sys.argv[1])
