//! The opening stages of the swap rules: who moves, and which decisions are on offer.
//!
//! A decision is an ordinary [`crate::Move`]: `swap` (a colour choice) or `put-two` (swap2's third
//! option). The rules of each stage are in the crate docs; this module is the state machine.

use crate::variant::Opening;

/// Where the game stands in its opening protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Stage {
    /// Ordinary play: the player who owns the colour to move places a stone of that colour.
    Play,
    /// `swap-at-N` / `exchange-at-N` at ply N: the player to move places a stone or answers `swap`.
    Decision,
    /// Swap2: the first player places the first three stones (black, white, black).
    Swap2Opening,
    /// Swap2: the second player answers `swap`, a white stone (staying white), or `put-two`.
    Swap2Choice,
    /// Swap2 after `put-two`: the second player places stones 4 (white) and 5 (black).
    Swap2PutTwo,
    /// Swap2 with five stones: the first player answers `swap` (takes black) or a white stone.
    Swap2FinalChoice,
}

impl Stage {
    /// The stage of the empty board.
    pub(crate) const fn start(opening: Opening) -> Stage {
        match opening {
            Opening::Swap2 => Stage::Swap2Opening,
            Opening::Plain | Opening::SwapAt { .. } | Opening::ExchangeAt { .. } => Stage::Play,
        }
    }

    /// The stage after a move, given the counts after it and whether the move was `put-two`.
    pub(crate) const fn after(
        self,
        opening: Opening,
        put_two: bool,
        plies: u16,
        stones: u16,
    ) -> Stage {
        match self {
            Stage::Play => match opening {
                Opening::SwapAt { ply } | Opening::ExchangeAt { ply } if plies == ply => {
                    Stage::Decision
                }
                _ => Stage::Play,
            },
            Stage::Decision | Stage::Swap2FinalChoice => Stage::Play,
            Stage::Swap2Opening if stones >= 3 => Stage::Swap2Choice,
            Stage::Swap2Opening => Stage::Swap2Opening,
            Stage::Swap2Choice if put_two => Stage::Swap2PutTwo,
            Stage::Swap2Choice => Stage::Play,
            Stage::Swap2PutTwo if stones >= 5 => Stage::Swap2FinalChoice,
            Stage::Swap2PutTwo => Stage::Swap2PutTwo,
        }
    }

    /// Whether `swap` is a legal answer now.
    pub(crate) const fn offers_swap(self) -> bool {
        matches!(
            self,
            Stage::Decision | Stage::Swap2Choice | Stage::Swap2FinalChoice
        )
    }

    /// Whether `put-two` is a legal answer now.
    pub(crate) const fn offers_put_two(self) -> bool {
        matches!(self, Stage::Swap2Choice)
    }

    /// The stage number (declaration order), for hash keys.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}
