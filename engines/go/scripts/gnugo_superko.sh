#!/bin/sh
# The superko cases of specs/go/superko.yaml asked of GNU Go 3.8 (Debian gnugo) over GTP:
# each position is set up stone by stone with `play`, the moves are played, and `is_legal`
# answers for the disputed move under GNU Go's --positional-superko, --situational-superko and
# default (simple ko) rules. Run by hand; prints one line per question: 1 legal, 0 illegal.
set -e
ask() { # options, setup+moves commands, question
  printf '%s\n%s\nquit\n' "$2" "$3" | gnugo --mode gtp $1 | grep '^=' | tail -2 | head -1
}
TRIPLE='boardsize 9
clear_board
play black b7
play black a6
play black b5
play black b3
play black a2
play black b1
play black g3
play black f2
play black h2
play black g1
play white c7
play white b6
play white d6
play white c5
play white c3
play white b2
play white d2
play white c1
play white h3
play white j2
play white h1
play black c2
play white g2
play black c6
play white b2
play black h2'
STRO='boardsize 5
clear_board
play black a4
play black b4
play black c4
play black b3
play black a2
play white b2
play white b1
play black a1
play white a3'
for rules in --positional-superko --situational-superko ""; do
  echo "triple ko, white b6, ${rules:-simple ko}: $(ask "$rules" "$TRIPLE" 'is_legal white b6')"
  echo "send two return one, black a2, ${rules:-simple ko}: $(ask "$rules" "$STRO" 'is_legal black a2')"
  # Under positional superko the return itself is refused: no second send to ask about.
  if [ "$rules" != --positional-superko ]; then
    echo "send two again after the return and a pass, black a1, ${rules:-simple ko}: $(ask "$rules" "$STRO
play black a2
play white pass" 'is_legal black a1')"
  fi
done
# Answers with GNU Go 3.8: triple ko b6 0 (positional), 0 (situational), 1 (simple); the
# return a2 0, 1, 1; the second send a1 0 (situational), 1 (simple).
