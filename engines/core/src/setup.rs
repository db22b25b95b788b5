//! The errors a rules engine reports: illegal moves, bad notation, impossible positions.

use std::fmt;

/// A move the rules refuse, with a stable kebab-case `code` that specs can name
/// (`occupied`, `no-flip`, `pass-not-allowed`, `game-over`, `double-three`, …) and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub code: &'static str,
    pub detail: String,
}

impl IllegalMove {
    #[must_use]
    pub fn new(code: &'static str, detail: impl Into<String>) -> IllegalMove {
        IllegalMove {
            code,
            detail: detail.into(),
        }
    }

    /// The first two checks of `check_move` in a game whose moves name board points by index
    /// (Surakarta, xiangqi): `game-over` ("the game is over") when the game is `over`, else
    /// `off-board` ("a point is off the board") when a point of `points` is not below `count`.
    ///
    /// # Errors
    /// The first of the two refusals that applies.
    pub fn check_open_and_on_board(
        over: bool,
        points: &[u8],
        count: usize,
    ) -> Result<(), IllegalMove> {
        if over {
            return Err(IllegalMove::new("game-over", "the game is over"));
        }
        if points.iter().any(|&point| usize::from(point) >= count) {
            return Err(IllegalMove::new("off-board", "a point is off the board"));
        }
        Ok(())
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.detail, self.code)
    }
}

impl std::error::Error for IllegalMove {}

/// Text that is not in the game's notation: says what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub message: String,
}

crate::message_error!(pub NotationError);

/// Writes the impls of an error type that is one sentence, a struct with a `message: String`
/// field: a constructor `new(message)` with the given visibility, a `Display` that writes the
/// message as it is, and `std::error::Error`. The struct itself, its derives and its
/// documentation stay where it is declared.
///
/// A macro because `Display` and `Error` cannot be given to every such type by a blanket impl.
///
/// ```
/// /// Text that is not a colour.
/// #[derive(Clone, Debug, PartialEq, Eq)]
/// pub struct ColourError {
///     pub message: String,
/// }
/// arbiter_core::message_error!(pub(crate) ColourError);
///
/// let error = ColourError::new("`mauve` is not a colour");
/// assert_eq!(error.to_string(), "`mauve` is not a colour");
/// let _: &dyn std::error::Error = &error;
/// ```
#[macro_export]
macro_rules! message_error {
    ($vis:vis $name:ident) => {
        impl $name {
            /// An error saying `message`.
            #[must_use]
            $vis fn new(message: impl Into<String>) -> $name {
                $name {
                    message: message.into(),
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&self.message)
            }
        }

        impl ::std::error::Error for $name {}
    };
}

/// One reason a raw setup is not a valid position (validation lists all of them), with a
/// stable kebab-case `code` that specs can match and a sentence for people.
///
/// The codes are shared where the meaning is: `board-size` (the board does not have the
/// variant's size), `off-board` (pieces outside the board), `overlap` (a cell holding two
/// pieces), `piece-count` (a side has a number of pieces no game reaches), `side-to-move`
/// (the counts say the other side moves), `both-won` (both sides have a winning line),
/// `moved-after-end` (a side moved after the game had ended), `unreachable` (a final position
/// no last move makes); each game's crate documents the codes it uses and any of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupProblem {
    pub code: &'static str,
    pub message: String,
}

impl SetupProblem {
    #[must_use]
    pub fn new(code: &'static str, message: impl Into<String>) -> SetupProblem {
        SetupProblem {
            code,
            message: message.into(),
        }
    }

    /// The end of a validation: `Ok` with what `build` makes (the position) when `problems` is
    /// empty, else every problem found. `build` runs only for a valid setup.
    ///
    /// # Errors
    /// `problems`, when there is any.
    pub fn validated<T>(
        problems: Vec<SetupProblem>,
        build: impl FnOnce() -> T,
    ) -> Result<T, Vec<SetupProblem>> {
        if problems.is_empty() {
            Ok(build())
        } else {
            Err(problems)
        }
    }

    /// The `board-size` problem of a square board `size` x `size` (holding `cells` cells)
    /// under a variant that plays on `expected` x `expected`; nothing when they agree.
    ///
    /// # Errors
    /// The one problem, naming the variant.
    pub fn check_square_board(
        size: usize,
        cells: usize,
        expected: usize,
        variant: impl fmt::Display,
    ) -> Result<(), Vec<SetupProblem>> {
        if size == expected && cells == expected * expected {
            return Ok(());
        }
        Err(vec![SetupProblem::new(
            "board-size",
            format!("the board is {size}x{size}: variant {variant} plays on {expected}x{expected}"),
        )])
    }
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}
