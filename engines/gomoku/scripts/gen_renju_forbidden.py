#!/usr/bin/env python3
"""Generates specs/gomoku/renju-forbidden.yaml from a JSON-lines file of renju boards.

Usage: python3 engines/gomoku/scripts/gen_renju_forbidden.py DATA.jsonl > specs/gomoku/renju-forbidden.yaml

DATA.jsonl (not in the repository) holds one board a line: its id, kind (mintaka_test,
mintaka_doc, constructed), black and white stones and the complete set of black's forbidden
points, transcribed from the public sources the spec's `source:` names. Every board becomes one case whose `forbidden: {exactly: ...}` is
the file's complete forbidden set; each forbidden point is also listed under `illegal` with its
kind (renju: fouls are illegal moves). Boards whose file entry names a point that makes a five
(C05, C06, C12: "five(black wins)") also play that point and expect black to win.
"""
import json
import sys

DATA = sys.argv[1]
SIZE = 15
LETTERS = "abcdefghijklmnopqrst"


def point(text):
    return LETTERS.index(text[0]), int(text[1:]) - 1


def diagram(black, white):
    cells = {}
    for p in black:
        cells[point(p)] = "X"
    for p in white:
        cells[point(p)] = "O"
    # No letter line on top: a YAML block scalar takes its indentation from its first line.
    rows = []
    for row in range(SIZE - 1, -1, -1):
        body = " ".join(cells.get((col, row), ".") for col in range(SIZE))
        rows.append(f"{row + 1:>2} {body} {row + 1}")
    rows.append("   " + " ".join(LETTERS[:SIZE]))
    return rows


def has_line(stones):
    """Whether `stones` hold five or more in an unbroken row (the game would be over)."""
    cells = {point(p) for p in stones}
    for (c, r) in cells:
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if (c - dc, r - dr) not in cells:
                n = 0
                while (c + n * dc, r + n * dr) in cells:
                    n += 1
                if n >= 5:
                    return True
    return False


def case_id(raw):
    out = "".join(c.lower() if c.isalnum() else "-" for c in raw)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")


def sort_key(p):
    col, row = point(p)
    return (row, col)


def quote(text):
    return json.dumps(text, ensure_ascii=False)


SOURCE = """\
RIF International Rules of Renju (1996, corrected 1998), renju.net/study/rifrules.php, section 3
(four, straight four, three, double-four, double-three, overline): a four is a row of four to which
one stone can be added to make a five; a straight four, one that can be made a five in two ways; a
three, a row of three to which one stone can be added (without making a five) to make a straight
four; a double-four or double-three, one stone making more than one four or three meeting at it.
Since a three is defined through a playable straight four, the point that would make that straight
four must itself be legal for black: the checks nest (recursive double-threes). A move that makes
an exactly-five is never forbidden, even if it also makes an overline, double-four or double-three
in other lines; white has no forbidden moves. Boards (15x15; columns a-o left to right, rows 1-15
bottom to top, h8 the centre) and their complete sets of black's forbidden points: repository
junghyun397/mintaka (commit 2a4cae0), rusty_renju/tests/test_forbid.rs and
rusty_renju/tests/test_nested_forbid.rs (each test marks every forbidden point of its board, 3
double-three, 4 double-four, 6 overline; every other empty point is not forbidden; a case names a
test's boards by their index from #0) and documents/renju.md (the illustrations "Single-line
forbidden moves", "Double-four related pseudo forbidden moves", "Nested", "Multiple-nested" and
"Recursive"); and fifteen boards C01-C15 constructed for this spec to reach further categories,
whose verdicts come from no publication.
Every board was checked outside the project at every empty point with two independent public
implementations: [P] the PyPI package renju 0.1.0 (Tianyi Hao, github.com/wind23/renju-python,
renju/check_forbid.py, "Ported ... from Piskvork judge implementation": a recursive foul check,
five before overline before double-four before double-three) and [M] mintaka's rusty_renju crate
built from the same commit. Both give the same complete forbidden set on all 32 boards, equal to
mintaka's expected test output where there is one. Not covered: the RIF text for a five and a
forbidden shape made by one stone (section 9 of the rules was not retrieved); the behaviour here is
that of both implementations."""


def case_source(c):
    """A case's `source:` in public terms: the mintaka test or illustration the board comes from,
    or the constructed board's name, and the two implementations' agreement."""
    name = c["id"].split(":", 1)[-1]
    if c["kind"] == "mintaka_test":
        test, _, index = name.partition("#")
        return f"{c['source']}, test {test}, board #{index}; P and M agree"
    if c["kind"] == "mintaka_doc":
        return f"{c['source']}, illustration \"{name}\"; P and M agree"
    return (f"board {name}, constructed for this spec: verdicts of the two independent "
            f"implementations P and M (see the file source), not from a publication")


cases = []
with open(DATA, encoding="utf-8") as f:
    for line in f:
        if line.strip() and not line.startswith("#"):
            cases.append(json.loads(line))

def position(c):
    """The case's `position:` lines: the board diagram, black to move."""
    lines = ["    position:", "      board: |"]
    lines += ["        " + row for row in diagram(c["black"], c["white"])]
    lines.append("      to-move: black")
    return lines


out = ["# yaml-language-server: $schema=../schema/spec.schema.json",
       "# GENERATED by engines/gomoku/scripts/gen_renju_forbidden.py from the boards of the sources",
       "# below, transcribed one a line (the data file is not in the repository); do not edit by hand.",
       "game: gomoku",
       "variants: [renju]",
       "source: >-"]
out += ["  " + line for line in SOURCE.splitlines()]
out.append("description: black's complete forbidden-point set on every board of the sources below")
out.append("cases:")
seen = set()
for c in cases:
    cid = case_id(c["id"])
    assert cid not in seen, cid
    seen.add(cid)
    fp = c["forbidden_points"]
    desc = c.get("desc") or f"{c['kind']} board {c['id']}"
    out.append(f"  - id: {cid}")
    out.append(f"    description: {quote(desc)}")
    out.append(f"    source: {quote(case_source(c))}")
    out += position(c)
    out.append("    expect:")
    items = sorted(fp.items(), key=lambda kv: sort_key(kv[0]))
    if items:
        out.append("      forbidden:")
        out.append("        exactly:")
        for p, kind in items:
            out.append(f"          - {{move: {p}, reason: {kind}}}")
        # On a board that already holds a line the game is over: every move is refused as
        # game-over, so only the forbidden map is checked there.
        if not (has_line(c["black"]) or has_line(c["white"])):
            out.append("      illegal:")
            for p, kind in items:
                out.append(f"          - {{move: {p}, reason: {kind}}}")
    else:
        out.append("      forbidden: {exactly: []}")
    if c.get("expected_by_reasoning") == "five(black wins)":
        out.append(f"  - id: {cid}-five-wins")
        out.append(f"    description: {quote('black plays ' + c['point'] + ': ' + desc)}")
        out.append(f"    source: {quote('RIF 1996/1998 rules: a five wins; board ' + c['id'] + ': ' + c['point'] + ' makes a five and is not forbidden (P and M agree)')}")
        out += position(c)
        out.append(f"      moves: {c['point']}")
        out.append("    expect:")
        out.append("      over: {winner: black, reason: line}")
print("\n".join(out))
