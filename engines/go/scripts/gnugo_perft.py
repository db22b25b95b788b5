#!/usr/bin/env python3
"""Perft counts of Go by GNU Go's own rules, driven over GTP: the public reference for
specs/go/perft.yaml.

GNU Go (Debian package `gnugo`, version 3.8) decides legality: `all_legal COLOR` lists the
legal points (its suicide and ko options as given on the command line), `play` and `undo`
walk the tree. This script adds only the counting convention arbiter states for Go: a pass
is a ply, legal whenever the game goes on, and a second pass in a row ends the game; perft(d)
counts the legal sequences of exactly d turns (a game that ended earlier counts nothing more).

    gnugo_perft.py SIZE DEPTH [--rules chinese|tromp-taylor|aga|nz] [--moves "c3 pass d4"]

Rules map to GNU Go's options: chinese (simple ko, no suicide; GNU Go's defaults),
tromp-taylor (--positional-superko --allow-suicide), aga (--situational-superko),
nz (--situational-superko --allow-suicide). GNU Go's --allow-suicide allows every suicide but
a single stone's, as KataGo's rules and arbiter do.

Run by hand; nothing in the build or the tests calls it. Prints one line per depth.
"""

import argparse
import subprocess
import sys

OPTIONS = {
    "chinese": [],
    "tromp-taylor": ["--positional-superko", "--allow-suicide"],
    "aga": ["--situational-superko"],
    "nz": ["--situational-superko", "--allow-suicide"],
}


class Gtp:
    """A GNU Go process answering GTP commands."""

    def __init__(self, options):
        self.process = subprocess.Popen(
            ["gnugo", "--mode", "gtp", *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError(f"gnugo closed its output after `{command}`")
            if line == "\n" and lines:
                break
            if line != "\n":
                lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"`{command}`: {answer}")
        return answer[1:].strip()

    def close(self):
        self.ask("quit")
        self.process.wait()


def perft(gtp, colour, depth, passes):
    """Sequences of exactly `depth` turns from here; `passes` is 1 after a pass."""
    legal = gtp.ask(f"all_legal {colour}").split()
    if depth == 1:
        return len(legal) + 1
    other = "white" if colour == "black" else "black"
    total = 0
    for vertex in legal:
        gtp.ask(f"play {colour} {vertex}")
        total += perft(gtp, other, depth - 1, 0)
        gtp.ask("undo")
    gtp.ask(f"play {colour} pass")
    if passes == 0:
        total += perft(gtp, other, depth - 1, 1)
    # A second pass ends the game: nothing follows it.
    gtp.ask("undo")
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int)
    parser.add_argument("depth", type=int)
    parser.add_argument("--rules", choices=sorted(OPTIONS), default="chinese")
    parser.add_argument("--moves", default="", help="moves played first, black first")
    args = parser.parse_args()
    gtp = Gtp(OPTIONS[args.rules])
    gtp.ask(f"boardsize {args.size}")
    gtp.ask("clear_board")
    colour, passes = "black", 0
    for move in args.moves.split():
        gtp.ask(f"play {colour} {move}")
        passes = passes + 1 if move.lower() == "pass" else 0
        colour = "white" if colour == "black" else "black"
    if passes >= 2:
        sys.exit("the moves end the game")
    print(f"gnugo {gtp.ask('version')} {args.rules} {args.size}x{args.size} moves: {args.moves or '-'}")
    for depth in range(1, args.depth + 1):
        print(depth, perft(gtp, colour, depth, passes), flush=True)
    gtp.close()


if __name__ == "__main__":
    main()
