#!/usr/bin/env python3
"""Counts and solves EinStein wuerfelt nicht with OpenSpiel's rules, independently of arbiter.

Usage (outside the project, in a virtualenv with `pip install open_spiel`; checked with
open_spiel 2.0.2):

    python3 openspiel_einstein.py perft VARIANT DEPTH [MOVES...]   # sequences of exactly DEPTH plies
    python3 openspiel_einstein.py leaf  VARIANT DEPTH [MOVES...]   # a game finished early is one leaf
    python3 openspiel_einstein.py value VARIANT [MOVES...]         # winning chance of the side to move
    python3 openspiel_einstein.py best  VARIANT [MOVES...]         # every move with its winning chance
    python3 openspiel_einstein.py show  VARIANT [MOVES...]         # the position in arbiter's one-line form
    python3 openspiel_einstein.py endgames VARIANT SEED COUNT PIECES [rolls]  # random endgames with their values

VARIANT is arbiter's `standard` (red, top-left, moves first) or `blue-first`. MOVES are in
arbiter's notation from the start: two layouts (`layout-123456`: the numbers on the side's
start cells in reading order, the first mover's layout first), then rolls (`roll-4`) and steps
(`b2-c3`: file a-e from the left, rank 1-5 from the top).

OpenSpiel's `einstein_wurfelt_nicht` (open_spiel/games/einstein_wurfelt_nicht) plays the same
rules as the CCGC text: the die selects the piece of its number, else the nearest surviving
piece below and the nearest above; red ("black", top-left) moves right, down or down-right,
blue ("white") left, up or up-left; a step removes any piece on its target square; a side wins
on the far corner or by taking every enemy piece. Two differences of modelling, none of rules:

* OpenSpiel draws both setups at random: two chance nodes of 720 outcomes each (the
  permutations of 1-6 in lexicographic order, placed on the start cells in reading order),
  black's first. arbiter lets the players choose them (two layout moves, the first mover's
  first). Both trees have 720 x 720 branches there, so perft counts agree ply for ply; this
  script applies arbiter's two layouts as OpenSpiel's two setup outcomes.
* OpenSpiel's white (bottom-right) moves first. For `blue-first` the mapping is the identity
  (our blue is its white). For `standard` the board is turned half a turn and the colours
  swapped: the rules are symmetric under that map, our red playing OpenSpiel's white; a
  layout's numbers then come in reverse reading order.

Rolls are plies in perft: a chance node has one child per die outcome, as in OpenSpiel's tree.

`value` and `best` compute the expectiminimax value of the position for the side to move with
OpenSpiel's returns (+1 win, -1 loss) as a winning chance (value + 1) / 2: the recursion of
open_spiel.python.algorithms.minimax.expectiminimax (max over the legal actions of the player
to move, the probability-weighted mean over chance outcomes, to the end of the game),
memoised on OpenSpiel's printed board, the player to move and its legal actions (which hold
the rolled number), since the future of a position depends on nothing else. `endgames` plays
seeded random games with OpenSpiel's own moves and rolls until each side has at most PIECES
pieces, and prints each position in arbiter's one-line form with its exact value; with `rolls`,
also the position after each roll with its best steps (every step of the highest value) and
that value.
"""
import random
import sys
from fractions import Fraction

import pyspiel

ROWS = COLS = 5
DIRECTIONS = [(1, 1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1)]  # OpenSpiel's order


def game():
    return pyspiel.load_game("einstein_wurfelt_nicht")


class Mapping:
    """arbiter's board and sides onto OpenSpiel's."""

    def __init__(self, variant):
        if variant not in ("standard", "blue-first"):
            sys.exit(f"unknown variant {variant!r}: expected standard or blue-first")
        self.mirror = variant == "standard"

    def square(self, text):
        column, row = ord(text[0]) - ord("a"), int(text[1]) - 1
        if not (0 <= column < COLS and 0 <= row < ROWS):
            sys.exit(f"{text!r} is not a square")
        return (ROWS - 1 - row, COLS - 1 - column) if self.mirror else (row, column)

    def layout(self, digits):
        numbers = [int(d) for d in digits]
        if self.mirror:
            numbers.reverse()
        permutation_rank = 0
        for i, n in enumerate(numbers):
            smaller_later = sum(1 for m in numbers[i + 1:] if m < n)
            permutation_rank = permutation_rank * (6 - i) + smaller_later
        return permutation_rank

    def our_square(self, row, column):
        if self.mirror:
            row, column = ROWS - 1 - row, COLS - 1 - column
        return "abcde"[column] + str(row + 1)

    def our_side(self, os_colour):
        """OpenSpiel 'b' (black, player 0) or 'w' (white, player 1) as arbiter's R or B."""
        red = "w" if self.mirror else "b"
        return "R" if os_colour == red else "B"

    def our_player(self, player):
        return self.our_side("b" if player == 0 else "w")


def step_action(state, mapping, text):
    """The OpenSpiel action of the step `text` (from-to in arbiter's notation)."""
    source, target = text.split("-")
    (r1, c1), (r2, c2) = mapping.square(source), mapping.square(target)
    for action in state.legal_actions():
        rest, _capture = divmod(action, 2)
        rest, direction = divmod(rest, 6)
        row, column = divmod(rest, COLS)
        dr, dc = DIRECTIONS[direction]
        if (row, column, row + dr, column + dc) == (r1, c1, r2, c2):
            return action
    sys.exit(f"{text} is not legal in OpenSpiel here:\n{state}")


def set_up(mapping, moves):
    """The OpenSpiel state after arbiter's `moves` from the start."""
    state = game().new_initial_state()
    layouts = [m for m in moves if m.startswith("layout-")]
    rest = [m for m in moves if not m.startswith("layout-")]
    if len(layouts) == 1 or (layouts and moves[: len(layouts)] != layouts):
        sys.exit("give both layouts first (the first mover's, then the other's), or none")
    if not layouts:
        if rest:
            sys.exit("the moves must start with the two layouts")
        return state
    # OpenSpiel's first setup outcome is the side that moves second: our second layout.
    state.apply_action(mapping.layout(layouts[1][len("layout-"):]))
    state.apply_action(mapping.layout(layouts[0][len("layout-"):]))
    for text in rest:
        if text.startswith("roll-"):
            if not state.is_chance_node():
                sys.exit(f"{text}: the die is not to be rolled here")
            state.apply_action(int(text[len("roll-"):]) - 1)
        else:
            state.apply_action(step_action(state, mapping, text))
    return state


def perft(state, depth, leaf):
    if state.is_terminal():
        return 1 if leaf else 0
    if depth == 0:
        return 1
    actions = (
        [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    )
    if depth == 1:
        return len(actions)
    # Children are clones: OpenSpiel's UndoAction for this game does not restore the player
    # to move or the die, so apply/undo would walk a different tree.
    return sum(perft(state.child(action), depth - 1, leaf) for action in actions)


class Solver:
    """Expectiminimax to the end on OpenSpiel's returns, memoised (see the module docs)."""

    def __init__(self):
        self.memo = {}

    def value(self, state, player_to_roll=None):
        """The value (+1 win .. -1 loss) for the side to move; at a chance node
        `player_to_roll` is the side the die is rolled for."""
        if state.is_terminal():
            raise ValueError("a finished game has no side to move")
        board = str(state)
        if state.is_chance_node():
            key = (board, "roll", player_to_roll)
        else:
            key = (board, state.current_player(), tuple(state.legal_actions()))
        if key in self.memo:
            return self.memo[key]
        if state.is_chance_node():
            total = Fraction(0)
            for outcome, _probability in state.chance_outcomes():
                child = state.child(outcome)
                # Exact sixths: OpenSpiel's probabilities are the doubles of 1/6.
                total += Fraction(1, 6) * self.value(child)
            result = total
        else:
            me = state.current_player()
            result = None
            for action in state.legal_actions():
                result = max(result, self.after(state, action, me)) if result is not None else self.after(state, action, me)
        self.memo[key] = result
        return result

    def after(self, state, action, me):
        """The value for `me` of playing `action`."""
        child = state.child(action)
        if child.is_terminal():
            return Fraction(int(child.player_return(me)))
        # After a step the die is rolled for the opponent: its value, negated.
        return -self.value(child, player_to_roll=1 - me)


def chance_text(value):
    """A value -1..1 as the winning chance (value + 1) / 2, exactly and in decimals."""
    chance = (value + 1) / 2
    return f"{chance.numerator}/{chance.denominator} = {float(chance):.12f}"


def our_line(state, mapping, to_move, phase):
    """The position in arbiter's one-line form."""
    cells = {}
    for row, line in enumerate(str(state).strip().split("\n")):
        tokens = line.replace("||", "|").strip("|").split("|")
        for column, token in enumerate(tokens):
            if token != "__":
                cells[mapping.our_square(row, column)] = mapping.our_side(token[0]) + token[1]
    rows = []
    for rank in range(1, 6):
        rows.append("".join(cells.get(f + str(rank), ".") for f in "abcde"))
    return f"{'/'.join(rows)} {to_move} {phase}"


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    command, variant = argv[1], argv[2]
    mapping = Mapping(variant)
    if command in ("perft", "leaf"):
        depth = int(argv[3])
        state = set_up(mapping, argv[4:])
        print(perft(state, depth, command == "leaf"))
    elif command == "value":
        state = set_up(mapping, argv[3:])
        print(chance_text(Solver().value(state, roller(state, argv[3:], variant))))
    elif command == "best":
        state = set_up(mapping, argv[3:])
        if state.is_chance_node():
            sys.exit("the die is to be rolled here: no player chooses")
        solver = Solver()
        me = state.current_player()
        rows = []
        for action in state.legal_actions():
            rows.append((solver.after(state, action, me), describe(state, action, mapping)))
        for value, text in sorted(rows, key=lambda row: -row[0]):
            print(text, chance_text(value))
    elif command == "show":
        state = set_up(mapping, argv[3:])
        print(state)
    elif command == "endgames":
        seed, count, pieces = int(argv[3]), int(argv[4]), int(argv[5])
        endgames(mapping, variant, seed, count, pieces, argv[6:] == ["rolls"])
    else:
        sys.exit(__doc__)


def roller(state, moves, variant):
    """At a chance node, the OpenSpiel player the die is rolled for."""
    if not state.is_chance_node():
        return None
    steps = [m for m in moves if not m.startswith(("layout-", "roll-"))]
    # The first mover rolls first, and the sides alternate after every step.
    first_is_white = True  # OpenSpiel's white moves first, in both mappings
    first = 1 if first_is_white else 0
    return first if len(steps) % 2 == 0 else 1 - first


def describe(state, action, mapping):
    rest, _capture = divmod(action, 2)
    rest, direction = divmod(rest, 6)
    row, column = divmod(rest, COLS)
    dr, dc = DIRECTIONS[direction]
    return f"{mapping.our_square(row, column)}-{mapping.our_square(row + dr, column + dc)}"


def endgames(mapping, variant, seed, count, pieces, rolls=False):
    rng = random.Random(seed)
    found = 0
    while found < count:
        state = game().new_initial_state()
        history = []
        layouts = [rng.randrange(720), rng.randrange(720)]
        for outcome in layouts:
            state.apply_action(outcome)
        mover = 1  # OpenSpiel's white moves first
        while not state.is_terminal():
            board = str(state)
            black, white = board.count("b"), board.count("w")
            if black <= pieces and white <= pieces:
                break
            roll = rng.randrange(6)
            state.apply_action(roll)
            history.append(("roll", roll + 1))
            action = rng.choice(state.legal_actions())
            history.append(("step", describe(state, action, mapping)))
            state.apply_action(action)
            mover = 1 - mover
        if state.is_terminal():
            continue
        to_move = "red" if mapping.our_player(mover) == "R" else "blue"
        solver = Solver()
        value = solver.value(state, mover)
        print(our_line(state, mapping, to_move, "roll"), "|", chance_text(value))
        if rolls:
            for roll in range(6):
                child = state.child(roll)
                me = child.current_player()
                rows = [(solver.after(child, a, me), describe(child, a, mapping)) for a in child.legal_actions()]
                top = max(v for v, _ in rows)
                best = sorted(text for v, text in rows if v == top)
                others = len(rows) - len(best)
                print("  ", our_line(child, mapping, to_move, str(roll + 1)), "| best", " ".join(best),
                      f"(of {len(rows)})", "|", chance_text(top))
        found += 1


if __name__ == "__main__":
    main(sys.argv)
