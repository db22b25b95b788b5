//! Sides and game results.

use std::fmt;

/// Which of the two players. Games name them ([`crate::Game::SIDE_NAMES`]): First is the side
/// that moves first from the standard start (black in Othello and Gomoku, X in tic-tac-toe).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for [`Side::First`], 1 for [`Side::Second`]; for indexing per-side tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// Why a game ended. The kebab-case names are the spec vocabulary (`reason: no-moves`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A winning line: three in a row, five, six or more.
    Line,
    /// Neither side has a move (Othello) and discs decide.
    NoMoves,
    /// The board is full: a draw in line games, a disc count in Othello.
    BoardFull,
    /// The side to move has no legal move and loses (Amazons).
    Stalemate,
    /// A player has no pieces left (Surakarta).
    NoPieces,
    /// A position occurred the ruleset's number of times.
    Repetition,
    /// The move limit without progress ran out.
    MoveLimit,
    /// Black played a forbidden move under a loss-for-black ruling (renju).
    Forbidden,
    /// A piece reached the goal the rules give its side (EinStein: the far corner).
    Goal,
    /// The players passed in turn (Go: two consecutive passes) and the count decides.
    Passes,
    /// A chain of the winner's stones joins the winner's two edges (Hex).
    Connection,
    /// The side to move is in check and has no legal move (xiangqi).
    Checkmate,
    /// A player resigned (a match's referee records it; no rule ends a game so).
    Resignation,
}

impl EndReason {
    /// Every reason, for parsing and error messages.
    pub const ALL: [EndReason; 13] = [
        EndReason::Line,
        EndReason::NoMoves,
        EndReason::BoardFull,
        EndReason::Stalemate,
        EndReason::NoPieces,
        EndReason::Repetition,
        EndReason::MoveLimit,
        EndReason::Forbidden,
        EndReason::Goal,
        EndReason::Passes,
        EndReason::Connection,
        EndReason::Checkmate,
        EndReason::Resignation,
    ];

    /// The spec name of this reason.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Line => "line",
            EndReason::NoMoves => "no-moves",
            EndReason::BoardFull => "board-full",
            EndReason::Stalemate => "stalemate",
            EndReason::NoPieces => "no-pieces",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move-limit",
            EndReason::Forbidden => "forbidden",
            EndReason::Goal => "goal",
            EndReason::Passes => "passes",
            EndReason::Connection => "connection",
            EndReason::Checkmate => "checkmate",
            EndReason::Resignation => "resignation",
        }
    }

    /// Reads a spec name back.
    #[must_use]
    pub fn from_name(name: &str) -> Option<EndReason> {
        crate::named(&Self::ALL, name)
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    #[must_use]
    pub const fn win(winner: Side, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    #[must_use]
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// The result of a game decided by a count (discs, pieces, boxes, a margin against zero):
    /// the side with the larger count wins, equal counts draw.
    #[must_use]
    pub fn by_count<T: Ord>(first: T, second: T, reason: EndReason) -> Outcome {
        match first.cmp(&second) {
            std::cmp::Ordering::Greater => Outcome::win(Side::First, reason),
            std::cmp::Ordering::Less => Outcome::win(Side::Second, reason),
            std::cmp::Ordering::Equal => Outcome::draw(reason),
        }
    }
}

/// A counted result, from [`Side::First`]'s point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FinalScore {
    /// The plain difference (first side's count minus second side's).
    pub raw: i32,
    /// The difference with empty squares given to the winner (the FFO/Edax convention for Othello);
    /// equal to `raw` in games without empty squares at the end.
    pub empties_to_winner: i32,
}

impl FinalScore {
    /// The score of a game that leaves nothing to give the winner: `empties_to_winner` is `raw`.
    #[must_use]
    pub const fn plain(raw: i32) -> FinalScore {
        FinalScore {
            raw,
            empties_to_winner: raw,
        }
    }
}
