//! The opening books arbiter ships, one or more per game, under `openings/<game>/`. Each file's
//! header says where its openings come from; `docs/match.md` lists them.

/// A shipped book: the variants it is for, its path from the workspace root and its text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BuiltIn {
    pub(crate) game: &'static str,
    /// Whether the book suits a variant (its openings are also replayed on that variant's
    /// rules when a match loads it).
    pub(crate) suits: fn(&str) -> bool,
    pub(crate) path: &'static str,
    pub(crate) text: &'static str,
}

/// Gomoku variants on the 15x15 board (no `@N` size).
fn gomoku_15(variant: &str) -> bool {
    !variant.contains('@') || variant.ends_with("@15")
}

/// A shipped book's entry.
macro_rules! book {
    ($game:literal, $suits:expr, $path:literal) => {
        BuiltIn {
            game: $game,
            suits: $suits,
            path: $path,
            text: include_str!(concat!("../../../../", $path)),
        }
    };
}

/// Every shipped book; the first that suits a game and variant is its default.
pub(crate) const BOOKS: &[BuiltIn] = &[
    book!("othello", |_| true, "openings/othello/arbiter-8ply.txt"),
    book!(
        "gomoku",
        |variant| variant.starts_with("renju") && gomoku_15(variant),
        "openings/gomoku/renju-26.txt"
    ),
    book!(
        "gomoku",
        |variant| !variant.starts_with("renju") && gomoku_15(variant),
        "openings/gomoku/freestyle-3stone.txt"
    ),
    book!(
        "connect6",
        |variant| variant == "standard",
        "openings/connect6/arbiter-3turn.txt"
    ),
    book!(
        "amazons",
        |variant| variant == "standard",
        "openings/amazons/standard-2ply.txt"
    ),
    book!(
        "amazons",
        |variant| variant == "botzone8",
        "openings/amazons/botzone8-2ply.txt"
    ),
    book!("surakarta", |_| true, "openings/surakarta/arbiter-4ply.txt"),
    book!(
        "dotsboxes",
        |variant| variant == "5x5",
        "openings/dotsboxes/arbiter-4line.txt"
    ),
    book!(
        "nogo",
        |variant| variant == "standard" || variant == "foul-loses",
        "openings/nogo/arbiter-4stone.txt"
    ),
    book!(
        "tictactoe",
        |_| true,
        "openings/tictactoe/two-ply-draws.txt"
    ),
];

/// The default book for a game and variant, if one suits it.
#[must_use]
pub(crate) fn default_for(game: &str, variant: &str) -> Option<&'static BuiltIn> {
    BOOKS
        .iter()
        .find(|book| book.game == game && (book.suits)(variant))
}

/// A shipped book by its path (`openings/gomoku/renju-26.txt`) or file stem (`renju-26`).
#[must_use]
pub(crate) fn named(game: &str, name: &str) -> Option<&'static BuiltIn> {
    BOOKS.iter().find(|book| {
        book.game == game
            && (book.path == name
                || std::path::Path::new(book.path)
                    .file_stem()
                    .is_some_and(|stem| stem == name))
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::*;
    use crate::openings::OpeningBook;
    use arbiter_engine::find_engine;

    #[test]
    fn every_book_loads_on_the_variants_it_is_for() {
        for book in BOOKS {
            let engine = find_engine(book.game).unwrap();
            let variant = engine.default_variant();
            let variant = if (book.suits)(&variant) {
                variant
            } else {
                engine
                    .variants()
                    .into_iter()
                    .find(|v| (book.suits)(v))
                    .unwrap_or_else(|| panic!("{}: no variant suits it", book.path))
            };
            let loaded =
                OpeningBook::parse(Path::new(book.path), book.text, engine.as_ref(), &variant)
                    .unwrap_or_else(|errors| {
                        panic!("{}: {}", book.path, errors[0]);
                    });
            assert!(!loaded.origin.is_empty(), "{}: no origin line", book.path);
            let on_disk =
                std::fs::read_to_string(arbiter_engine::workspace_root().join(book.path)).unwrap();
            assert_eq!(on_disk, book.text, "{}", book.path);
        }
    }

    /// (column, row) offsets from the centre of the three stones, in the class of the
    /// opening under the 8 symmetries of the square that keep the centre.
    fn class_of(stones: [(i32, i32); 3]) -> [(i32, i32); 3] {
        type Offset = (i32, i32);
        let maps: [fn(Offset) -> Offset; 8] = [
            |(x, y)| (x, y),
            |(x, y)| (-x, y),
            |(x, y)| (x, -y),
            |(x, y)| (-x, -y),
            |(x, y)| (y, x),
            |(x, y)| (-y, x),
            |(x, y)| (y, -x),
            |(x, y)| (-y, -x),
        ];
        maps.iter()
            .map(|map| stones.map(map))
            .min()
            .expect("eight images")
    }

    /// The renju book holds exactly the 26 canonical openings: by the RIF definition, black
    /// on the centre, white in the central 3x3, black in the central 5x5, counted once per
    /// symmetry class.
    #[test]
    fn the_renju_book_is_the_26_canonical_openings() {
        let mut classes = BTreeSet::new();
        for wx in -1..=1 {
            for wy in -1..=1 {
                for bx in -2..=2 {
                    for by in -2..=2 {
                        let (white, black) = ((wx, wy), (bx, by));
                        if white == (0, 0) || black == (0, 0) || black == white {
                            continue;
                        }
                        classes.insert(class_of([(0, 0), white, black]));
                    }
                }
            }
        }
        assert_eq!(classes.len(), 26, "the definition gives 26 classes");
        let book = named("gomoku", "renju-26").unwrap();
        let offset = |point: &str| -> (i32, i32) {
            let column = i32::from(point.as_bytes()[0]) - i32::from(b'h');
            let row: i32 = point[1..].parse().unwrap();
            (column, row - 8)
        };
        let mut seen = BTreeSet::new();
        for line in book.text.lines().filter(|l| !l.starts_with('#')) {
            let (_, moves) = line.split_once(':').unwrap();
            let stones: Vec<(i32, i32)> = moves.split_whitespace().map(offset).collect();
            let class = class_of([stones[0], stones[1], stones[2]]);
            assert!(classes.contains(&class), "{line} is no canonical opening");
            assert!(seen.insert(class), "{line} repeats an opening");
        }
        assert_eq!(seen.len(), 26);
    }
}
