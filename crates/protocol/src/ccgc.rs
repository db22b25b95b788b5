//! The CCGC platform protocol (the SAU 通用计算机博弈对战平台 that the Chinese Computer Games
//! Championship and its teams use), both directions, and each game's move lists.
//!
//! Sources: the platform's own
//! source, `ifplusor/SAUGamePlatform` (v2.x: `CEngine.cpp` for how output is read, `Control.cpp`
//! for the start of a game, `Chess Type/<Game>/C<Game>.cpp` for each game's move list), and its
//! protocol document `Doc/通信协议说明与引擎编写规范.txt`.
//!
//! | platform → engine | meaning |
//! |---|---|
//! | `name?` | the engine is ready once it answers `name <name>` |
//! | `new black` / `new white` | a new game; black always moves first and prints its move at once |
//! | `move <list>` | the opponent's move; the engine answers `move <list>` |
//! | `error` | the engine's last move broke the rules: it must produce another |
//! | `end` (`end black`/`end white` in the document; every v2.x module sends a bare `end`) | the game is over; to the side that did not move last it comes joined to that move: `move <list>` then `end` |
//! | `quit` | leave; the platform kills the process a second later |
//!
//! **How the platform reads the engine** (`CEngine.cpp`): it looks for the keyword (`move`,
//! `name`) at the start of the output or after a space, tab or line end, followed by a space;
//! the argument runs to the next `\r`, `\n`, `\t` or NUL. Everything else is thrown away, so a
//! debug line holding the word `move ` *is* read as the answer. [`find_keyword`] reads exactly so.
//! Platforms before 2017-10 followed each command with a NUL byte; engines should tolerate NUL
//! and `\r` ([`Command::parse`] does).
//!
//! **Move lists** ([`CcgcGame`]): each point is two capital letters, `'A' + x` then `'A' + y`,
//! x the column from the left, y the row from the top. Connect6 sends stone pairs (`IIKK`;
//! black's one-stone first move `JJ@@`, `@` being `'A' - 1`); Amazons from, to and arrow
//! (`AGIGEG`); Surakarta from and to, for steps and captures alike (`ABAC`); NoGo one point
//! (`EE`); Dots and Boxes `N KIJ…`, every line of one turn in a drawing order (see
//! [`arbiter_dotsboxes`]).
//!
//! **Where the platform and arbiter's names differ**: black, the platform's first mover, is
//! arbiter's first mover in every game (Amazons: arbiter's white, whose queens start at the
//! bottom on both; Surakarta: arbiter's red). The platform's Surakarta starts black on the *top*
//! two rows, arbiter's red on ranks 1–2 at the bottom: the Surakarta list mirrors the rows
//! (platform y = arbiter's rank − 1), which changes no rule, since both circuits are symmetric
//! under that mirror.

use std::fmt;

use arbiter_dotsboxes::{DotsBoxesVariant, Geometry as DotsGeometry};

use super::CodecError;

/// The longest command the platform reads, NUL included (`CEngine.cpp`, the document's §2.2).
pub const MAX_COMMAND_BYTES: usize = 256;

/// A colour of `new` and `end`: black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    fn parse(word: &str) -> Option<Colour> {
        match word {
            "black" => Some(Colour::Black),
            "white" => Some(Colour::White),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// A command, platform → engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    NameQuery,
    New(Colour),
    /// `move <list>`: the list as sent (decode it with [`CcgcGame::decode`]).
    Move(String),
    Error,
    End(Option<Colour>),
    Quit,
    /// A command the protocol does not list, or PhantomGo's (`accept`, `take` …): its line.
    Other(String),
}

impl Command {
    /// Parses a command line. NUL bytes and `\r` (older platforms) are ignored, as the
    /// document asks engines to.
    ///
    /// # Errors
    /// A [`CodecError`] for an empty line, `new` without a colour, or `move` without a list.
    pub fn parse(line: &str) -> Result<Command, CodecError> {
        let cleaned: String = line.chars().filter(|&c| c != '\0' && c != '\r').collect();
        let line = cleaned.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" => Err(CodecError::new("empty command line")),
            "name?" => Ok(Command::NameQuery),
            "new" => Colour::parse(rest).map(Command::New).ok_or_else(|| {
                CodecError::new(format!("expected `new black` or `new white`, got {line:?}"))
            }),
            "move" if rest.is_empty() => Err(CodecError::new("`move` without a move list")),
            "move" => Ok(Command::Move(rest.to_owned())),
            "error" => Ok(Command::Error),
            "end" => match rest {
                "" => Ok(Command::End(None)),
                colour => Colour::parse(colour)
                    .map(|c| Command::End(Some(c)))
                    .ok_or_else(|| {
                        CodecError::new(format!("expected `end [black|white]`, got {line:?}"))
                    }),
            },
            "quit" => Ok(Command::Quit),
            _ => Ok(Command::Other(line.to_owned())),
        }
    }
}

impl fmt::Display for Command {
    /// The command line, without a line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::NameQuery => f.write_str("name?"),
            Command::New(colour) => write!(f, "new {colour}"),
            Command::Move(list) => write!(f, "move {list}"),
            Command::Error => f.write_str("error"),
            Command::End(None) => f.write_str("end"),
            Command::End(Some(colour)) => write!(f, "end {colour}"),
            Command::Quit => f.write_str("quit"),
            Command::Other(line) => f.write_str(line),
        }
    }
}

/// The argument of `keyword` in engine output as the platform reads it (`CEngine.cpp`
/// `GetCommand`): the keyword at the start of `text` or after a space, tab, `\r` or `\n`,
/// followed by a space; the argument up to the next `\r`, `\n`, `\t` or NUL. `None` when the
/// keyword is not there.
#[must_use]
pub fn find_keyword<'a>(text: &'a str, keyword: &str) -> Option<&'a str> {
    let pattern = format!("{keyword} ");
    let mut from = 0;
    while let Some(found) = text[from..].find(&pattern) {
        let at = from + found;
        let boundary = at == 0 || matches!(text.as_bytes()[at - 1], b' ' | b'\t' | b'\r' | b'\n');
        if boundary {
            let argument = &text[at + pattern.len()..];
            let end = argument
                .find(['\r', '\n', '\t', '\0'])
                .unwrap_or(argument.len());
            return Some(&argument[..end]);
        }
        from = at + pattern.len();
    }
    None
}

/// A move list read back: a move in arbiter's notation, or well-formed letters that name no
/// move of this board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Read {
    Move(String),
    OffBoard(String),
}

/// How rows are counted in a game's notation, against the platform's y (down from the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rows {
    /// Rank 1 at the bottom: rank = size − y (Connect6, Amazons, NoGo).
    FromBottom,
    /// The platform's rows mirrored: rank = y + 1 (Surakarta; see the module's notes).
    Mirrored,
}

/// A square board of points named `a1`… in arbiter's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub(crate) size: u8,
    pub(crate) rows: Rows,
}

impl Grid {
    const fn from_bottom(size: u8) -> Grid {
        Grid {
            size,
            rows: Rows::FromBottom,
        }
    }

    /// The platform's two letters of a point in arbiter's notation (`j10` → `JJ` on 19×19).
    ///
    /// # Errors
    /// A [`CodecError`] for text that is no point of this board.
    pub(crate) fn to_letters(self, point: &str) -> Result<String, CodecError> {
        let bad = || CodecError::new(format!("`{point}` is not a point of this board"));
        let point = point.trim();
        let mut chars = point.chars();
        let file = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(bad)?;
        let rank: u8 = chars.as_str().parse().map_err(|_| bad())?;
        let x = file as u8 - b'a';
        if x >= self.size || rank == 0 || rank > self.size {
            return Err(bad());
        }
        let y = match self.rows {
            Rows::FromBottom => self.size - rank,
            Rows::Mirrored => rank - 1,
        };
        Ok([char::from(b'A' + x), char::from(b'A' + y)]
            .iter()
            .collect())
    }

    /// The point in arbiter's notation of two platform letters; `Err` says why they name none
    /// (lower case included: the platform reads `a` as column 32).
    ///
    /// # Errors
    /// Why the letters name no point.
    pub(crate) fn point_of_letters(self, letters: &[u8]) -> Result<String, String> {
        let size = self.size;
        let index = |c: u8| c.checked_sub(b'A').filter(|&n| n < size);
        match letters {
            [x, y] => match (index(*x), index(*y)) {
                (Some(x), Some(y)) => {
                    let rank = match self.rows {
                        Rows::FromBottom => size - y,
                        Rows::Mirrored => y + 1,
                    };
                    Ok(format!("{}{rank}", char::from(b'a' + x)))
                }
                _ => Err(format!(
                    "`{}` is off the {size}x{size} board (capital letters A-{})",
                    String::from_utf8_lossy(letters),
                    char::from(b'A' + size - 1)
                )),
            },
            _ => Err("a point is two letters".to_owned()),
        }
    }
}

/// How one game writes its moves on the platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CcgcGame {
    /// Connect6: a stone pair `X1Y1X2Y2`, black's first stone `XY@@`.
    Connect6(Grid),
    /// Amazons: `X1Y1X2Y2X3Y3`, from, to, arrow.
    Amazons(Grid),
    /// Surakarta 6×6, rows mirrored: `X1Y1X2Y2`, from and to, for a step or a capture.
    Surakarta(Grid),
    /// NoGo: `XY`.
    NoGo(Grid),
    /// Dots and Boxes: `N KIJ…` (every line of the turn).
    DotsBoxes(DotsBoxesVariant),
}

/// The games the platform has modules for (its source's `Chess Type/` folders), that arbiter
/// plays.
pub const GAMES: &[&str] = &["connect6", "amazons", "surakarta", "nogo", "dotsboxes"];

impl CcgcGame {
    /// The move lists of `game` under `variant`.
    ///
    /// # Errors
    /// A [`CodecError`] for a game the platform has no module for, or a variant the game does
    /// not know.
    pub fn for_game(game: &str, variant: &str) -> Result<CcgcGame, CodecError> {
        match game {
            "connect6" => {
                let variant: arbiter_connect6::Connect6Variant =
                    variant.parse().map_err(CodecError::new)?;
                Ok(CcgcGame::Connect6(Grid::from_bottom(variant.size())))
            }
            "amazons" => {
                let variant: arbiter_amazons::AmazonsVariant =
                    variant.parse().map_err(CodecError::new)?;
                Ok(CcgcGame::Amazons(Grid::from_bottom(variant.size())))
            }
            "surakarta" => {
                let _: arbiter_surakarta::SurakartaVariant =
                    variant.parse().map_err(CodecError::new)?;
                Ok(CcgcGame::Surakarta(Grid {
                    size: 6,
                    rows: Rows::Mirrored,
                }))
            }
            "nogo" => {
                let variant: arbiter_nogo::NoGoVariant =
                    variant.parse().map_err(CodecError::new)?;
                Ok(CcgcGame::NoGo(Grid::from_bottom(variant.size)))
            }
            "dotsboxes" => Ok(CcgcGame::DotsBoxes(
                variant.parse().map_err(CodecError::new)?,
            )),
            other => Err(CodecError::new(format!(
                "the CCGC platform has no module for the game `{other}`: it plays {}",
                GAMES.join(", ")
            ))),
        }
    }

    /// The platform's move list of a move in arbiter's notation (`j10-k11` → `JJKI`).
    ///
    /// # Errors
    /// A [`CodecError`] for text that is no move of this game's form.
    pub fn encode(self, mv: &str) -> Result<String, CodecError> {
        let mv = mv.trim();
        let bad = || CodecError::new(format!("`{mv}` has no CCGC move list"));
        let points = |grid: Grid, parts: &[&str]| -> Result<String, CodecError> {
            parts.iter().map(|part| grid.to_letters(part)).collect()
        };
        match self {
            CcgcGame::Connect6(grid) => match mv.split('-').collect::<Vec<_>>()[..] {
                [one] => Ok(format!("{}@@", grid.to_letters(one)?)),
                [a, b] => points(grid, &[a, b]),
                _ => Err(bad()),
            },
            CcgcGame::Amazons(grid) => {
                let (from, rest) = mv.split_once('-').ok_or_else(bad)?;
                let (to, arrow) = rest.split_once('/').ok_or_else(bad)?;
                points(grid, &[from, to, arrow])
            }
            // `b2-b3` and `b2xe5` alike: from and to.
            CcgcGame::Surakarta(grid) => {
                if !mv.is_ascii() || !(4..=5).contains(&mv.len()) {
                    return Err(bad());
                }
                points(grid, &[&mv[..2], &mv[mv.len() - 2..]])
            }
            CcgcGame::NoGo(grid) => grid.to_letters(mv),
            CcgcGame::DotsBoxes(variant) => {
                let geometry = DotsGeometry::new(variant);
                // arbiter's canonical turn lists its lines in a drawing order already.
                let edges = mv
                    .split('+')
                    .map(|line| arbiter_dotsboxes::parse_line(&geometry, line))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|error| CodecError::new(error.to_string()))?;
                Ok(arbiter_dotsboxes::format_ccgc(&geometry, &edges))
            }
        }
    }

    /// A move list read back. Lists of the wrong shape (length, characters) are errors; lists
    /// of the right shape whose letters name no point are [`Read::OffBoard`]. `pass` (which no
    /// game here has; PhantomGo's form) reads as `pass`, so that the rules can call it a wrong
    /// pass. Dots and Boxes lists are returned in the platform's form, which arbiter's Dots and
    /// Boxes notation reads in its order (the platform requires a drawing order).
    ///
    /// # Errors
    /// A [`CodecError`] naming the shape the game expects.
    pub fn decode(self, list: &str) -> Result<Read, CodecError> {
        let list = list.trim();
        if list == "pass" {
            return Ok(Read::Move("pass".to_owned()));
        }
        let bytes = list.as_bytes();
        let shape = |what: &str| {
            CodecError::new(format!("`{list}` is not a CCGC move list: expected {what}"))
        };
        // `count` points of two letters (`@` is 'A' - 1), joined by `glue`.
        let points = |grid: Grid, count: usize, glue: &[&str], what: &str| {
            let letter = |c: &u8| c.is_ascii_alphabetic() || *c == b'@';
            if bytes.len() != 2 * count || !bytes.iter().all(letter) {
                return Err(shape(what));
            }
            let mut text = String::new();
            for (index, pair) in bytes.chunks(2).enumerate() {
                match grid.point_of_letters(pair) {
                    Ok(point) => {
                        if index > 0 {
                            text.push_str(glue[index - 1]);
                        }
                        text.push_str(&point);
                    }
                    Err(why) => return Ok(Read::OffBoard(format!("`{list}`: {why}"))),
                }
            }
            Ok(Read::Move(text))
        };
        match self {
            CcgcGame::Connect6(grid) => {
                let what = "four letters: two stones (`IIKK`), or one stone and `@@` (`JJ@@`)";
                match bytes {
                    [x, y, b'@', b'@'] if x.is_ascii_alphabetic() && y.is_ascii_alphabetic() => {
                        Ok(match grid.point_of_letters(&[*x, *y]) {
                            Ok(point) => Read::Move(point),
                            Err(why) => Read::OffBoard(format!("`{list}`: {why}")),
                        })
                    }
                    _ => points(grid, 2, &["-"], what),
                }
            }
            CcgcGame::Amazons(grid) => points(
                grid,
                3,
                &["-", "/"],
                "six letters: from, to and arrow (`AGIGEG`)",
            ),
            // Without a separator, arbiter's Surakarta notation reads a capture exactly when
            // the target holds an enemy piece, which is what the platform's list means.
            CcgcGame::Surakarta(grid) => {
                points(grid, 2, &[""], "four letters: from and to (`ABAC`)")
            }
            CcgcGame::NoGo(grid) => points(grid, 1, &[], "two letters (`EE`)"),
            CcgcGame::DotsBoxes(variant) => {
                let what = "`N KIJ…`: a count, a space and three capital letters per line";
                let (count, lines) = list.split_once(' ').ok_or_else(|| shape(what))?;
                let count: usize = count.parse().map_err(|_| shape(what))?;
                let lines = lines.trim().as_bytes();
                if count == 0
                    || lines.len() != 3 * count
                    || !lines.iter().all(u8::is_ascii_alphabetic)
                {
                    return Err(shape(what));
                }
                let geometry = DotsGeometry::new(variant);
                Ok(match arbiter_dotsboxes::parse_ccgc(&geometry, list) {
                    Ok(_) => Read::Move(list.to_owned()),
                    Err(error) => Read::OffBoard(error.to_string()),
                })
            }
        }
    }

    /// A list of the right shape that names no point (what a bot playing off the board sends).
    #[must_use]
    pub fn off_board(self) -> String {
        match self {
            CcgcGame::Connect6(_) | CcgcGame::Surakarta(_) => "ZZZZ".to_owned(),
            CcgcGame::Amazons(_) => "ZZZZZZ".to_owned(),
            CcgcGame::NoGo(_) => "ZZ".to_owned(),
            CcgcGame::DotsBoxes(_) => "1 AZZ".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assert_refused;
    use rstest::rstest;

    #[rstest]
    #[case("name?", Command::NameQuery)]
    #[case("new black", Command::New(Colour::Black))]
    #[case("new white\0", Command::New(Colour::White))]
    #[case("move JJ@@\r\n", Command::Move("JJ@@".to_owned()))]
    #[case("move 2 BBAACC", Command::Move("2 BBAACC".to_owned()))]
    #[case("error", Command::Error)]
    #[case("end", Command::End(None))]
    #[case("end white", Command::End(Some(Colour::White)))]
    #[case("quit\0", Command::Quit)]
    #[case("accept", Command::Other("accept".to_owned()))]
    fn reads_commands(#[case] line: &str, #[case] command: Command) {
        assert_eq!(Command::parse(line), Ok(command.clone()));
        let written = command.to_string();
        assert_eq!(Command::parse(&written), Ok(command));
    }

    #[test]
    fn refuses_bad_commands() {
        assert_refused(
            Command::parse,
            &["", "\0\r", "new", "new red", "move", "end green"],
        );
    }

    #[rstest]
    #[case("move JJ@@", "move", Some("JJ@@"))]
    #[case("name arbiter-bot\r", "name", Some("arbiter-bot"))]
    #[case("thinking... best move IIKK", "move", Some("IIKK"))]
    #[case("debug\tmove AB\0junk", "move", Some("AB"))]
    #[case("remove AB", "move", None)]
    #[case("movement AB", "move", None)]
    #[case("move", "move", None)]
    #[case("xmove AB move CD", "move", Some("CD"))]
    #[case("move 2 BBAACC", "move", Some("2 BBAACC"))]
    fn finds_the_keyword_as_the_platform_does(
        #[case] text: &str,
        #[case] keyword: &str,
        #[case] argument: Option<&str>,
    ) {
        assert_eq!(find_keyword(text, keyword), argument);
    }

    fn game(name: &str, variant: &str) -> CcgcGame {
        CcgcGame::for_game(name, variant).unwrap()
    }

    #[rstest]
    // Connect6 19×19: `JJ` is the centre, j10 (protocols-ccgc.md: `move JJ@@`).
    #[case("connect6", "standard", "j10", "JJ@@")]
    #[case("connect6", "standard", "i11-k9", "IIKK")]
    #[case("connect6", "standard", "a19-s1", "AASS")]
    // Amazons 10×10: `move AGIGEG` is legal at the start: a4-i4/e4 (black's queens at
    // AG DJ GJ JG are arbiter's white queens a4 d1 g1 j4).
    #[case("amazons", "standard", "a4-i4/e4", "AGIGEG")]
    #[case("amazons", "standard", "d1-d7/g7", "DJDDGD")]
    // Surakarta: the platform's black starts on the top rows, arbiter's red on ranks 1-2.
    #[case("surakarta", "standard", "a2a3", "ABAC")]
    #[case("nogo", "standard", "e5", "EE")]
    #[case("nogo", "standard", "a9", "AA")]
    fn grid_moves_both_ways(
        #[case] name: &str,
        #[case] variant: &str,
        #[case] ours: &str,
        #[case] list: &str,
    ) {
        let game = game(name, variant);
        assert_eq!(game.decode(list), Ok(Read::Move(ours.to_owned())));
        assert_eq!(game.encode(ours).unwrap(), list);
    }

    #[test]
    fn surakarta_steps_and_captures_are_both_from_and_to() {
        let game = game("surakarta", "standard");
        assert_eq!(game.encode("b2-b3").unwrap(), "BBBC");
        assert_eq!(game.encode("b2xe5").unwrap(), "BBEE");
    }

    #[test]
    fn dots_and_boxes_keeps_the_platforms_order() {
        let game = game("dotsboxes", "5x5");
        // protocols-ccgc.md: `move 2 BBAACC` is b1b2 (closing box a1) then c3d3.
        assert_eq!(game.encode("b1b2+c3d3").unwrap(), "2 BBAACC");
        assert_eq!(
            game.decode("2 BBAACC"),
            Ok(Read::Move("2 BBAACC".to_owned()))
        );
        assert_eq!(game.encode("a1b1").unwrap(), "1 AAA");
        assert!(matches!(game.decode("1 AZZ"), Ok(Read::OffBoard(_))));
        assert!(game.decode("2 AAA").is_err());
        assert!(game.decode("AAA").is_err());
        assert!(game.decode("x AAA").is_err());
    }

    #[rstest]
    #[case("connect6", "ZZ@@")]
    #[case("connect6", "@@@@")]
    #[case("connect6", "@@JJ")]
    #[case("connect6", "jj@@")]
    #[case("connect6", "TTAA")]
    #[case("amazons", "AAAAAK")]
    #[case("nogo", "JA")]
    #[case("surakarta", "AAGA")]
    fn letters_off_the_board(#[case] name: &str, #[case] list: &str) {
        let read = game(name, "standard").decode(list);
        assert!(matches!(read, Ok(Read::OffBoard(_))), "{list}: {read:?}");
    }

    #[rstest]
    #[case("connect6", "JJ")]
    #[case("connect6", "JJ@@@@")]
    #[case("connect6", "J1K2")]
    #[case("amazons", "AGIG")]
    #[case("nogo", "E E")]
    #[case("nogo", "")]
    #[case("surakarta", "a2-a3")]
    fn lists_of_the_wrong_shape(#[case] name: &str, #[case] list: &str) {
        assert!(game(name, "standard").decode(list).is_err(), "{list}");
    }

    #[test]
    fn off_board_lists_have_the_right_shape() {
        for (name, variant) in [
            ("connect6", "standard"),
            ("amazons", "standard"),
            ("surakarta", "standard"),
            ("nogo", "standard"),
            ("dotsboxes", "5x5"),
        ] {
            let game = game(name, variant);
            let list = game.off_board();
            assert!(
                matches!(game.decode(&list), Ok(Read::OffBoard(_))),
                "{name}: {list}"
            );
        }
    }

    #[test]
    fn games_without_a_platform_module_are_refused() {
        for name in ["gomoku", "othello", "einstein", "tictactoe"] {
            assert!(CcgcGame::for_game(name, "standard").is_err(), "{name}");
        }
    }
}
