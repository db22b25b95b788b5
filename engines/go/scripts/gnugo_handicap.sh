#!/bin/sh
# GNU Go 3.8's fixed handicap placement (Debian gnugo), the reference of
# engines/go/src/handicap.rs and specs/go/handicap.yaml: `fixed_handicap N` on every board size
# from 7x7 to 19x19 and N from 2 to 9. Run by hand; prints `size N: vertices` or the refusal.
for size in 7 8 9 10 11 12 13 14 15 16 17 18 19; do
  for n in 2 3 4 5 6 7 8 9; do
    answer=$(printf 'boardsize %s\nclear_board\nfixed_handicap %s\nquit\n' "$size" "$n" \
      | gnugo --mode gtp | grep -E '^[=?]' | sed -n 3p)
    echo "$size $n: $answer"
  done
done
# With GNU Go 3.8: 19x19 2: Q16 D4 ... 9: D16 K16 Q16 D10 K10 Q10 D4 K4 Q4; 13x13 on the
# fourth line; 12x12 4: D9 J9 D4 J4 (fourth line); 7x7 and even sizes up to 4 stones; 6x6 and
# below `? invalid handicap`.
