//! Rule variants as values: base rule, foul ruling, opening (swap) rule and board size.
//!
//! Grammar of a variant name (case-sensitive, no spaces):
//!
//! ```text
//! variant := base [ "+" opening ] [ "@" size ]
//! base    := "freestyle" | "standard" | "renju" | "renju-foul-loses"
//! opening := "swap1" | "swap-at-" N | "swap2" | "botzone-exchange" | "exchange-at-" N
//! size    := 5 ..= 20            (default 15; "@15" is accepted and printed without)
//! ```
//!
//! * `freestyle`: five or more in a row wins. `standard`: exactly five wins, an overline does not
//!   (for both colours). `renju`: black's overline, double-four and double-three are forbidden and
//!   refused as illegal moves; white wins with five or more. `renju-foul-loses`: the same fouls are
//!   legal moves that lose the game for black (`EndReason::Forbidden`).
//! * `swap-at-N` (`swap1` = `swap-at-1`): at ply N (N moves played) the player to move may answer
//!   `swap` instead of a stone; the players exchange colours (see [`crate`] docs).
//! * `exchange-at-N` (`botzone-exchange` = `exchange-at-3`, Botzone "Renju"): at ply N the player
//!   to move may answer `swap`; every stone on the board changes colour, players keep theirs, and
//!   the other player moves next.
//! * `swap2`: the Gomocup swap2 opening.

use std::fmt;
use std::str::FromStr;

use crate::board::{MAX_SIZE, MIN_SIZE};

/// How lines win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BaseRule {
    /// Five or more in a row wins, for both colours.
    Freestyle,
    /// Exactly five wins, for both colours; an overline is an ordinary move.
    Standard,
    /// RIF renju: black wins with exactly five and has forbidden moves; white wins with five or more.
    Renju,
}

/// What a forbidden (foul) black move means under [`BaseRule::Renju`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoulRuling {
    /// A foul is not a legal move (`check_move` refuses it with its kind).
    Illegal,
    /// A foul is legal and loses at once: white wins with `EndReason::Forbidden`.
    Loses,
}

/// The opening protocol: who places the first stones and when a colour choice is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Players alternate from the first stone.
    Plain,
    /// At ply `ply` the player to move may `swap`: players exchange colours, stones stay.
    SwapAt { ply: u16 },
    /// At ply `ply` the player to move may `swap`: stones change colour, players keep theirs
    /// (Botzone "Renju" does this at ply 3).
    ExchangeAt { ply: u16 },
    /// Gomocup swap2.
    Swap2,
}

/// A complete rule variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GomokuVariant {
    pub rule: BaseRule,
    /// Only read under [`BaseRule::Renju`].
    pub foul: FoulRuling,
    pub opening: Opening,
    /// Board side, `MIN_SIZE..=MAX_SIZE`.
    pub size: u8,
}

impl GomokuVariant {
    /// Plain renju on 15x15, fouls illegal.
    pub const RENJU: GomokuVariant = GomokuVariant {
        rule: BaseRule::Renju,
        foul: FoulRuling::Illegal,
        opening: Opening::Plain,
        size: 15,
    };

    /// Whether black has forbidden moves.
    #[must_use]
    pub const fn is_renju(&self) -> bool {
        matches!(self.rule, BaseRule::Renju)
    }

    /// Whether black's fouls are refused as illegal (renju with the default ruling).
    #[must_use]
    pub const fn fouls_illegal(&self) -> bool {
        matches!(self.rule, BaseRule::Renju) && matches!(self.foul, FoulRuling::Illegal)
    }

    /// Whether six or more in a row wins for `colour` (freestyle: both; renju: white only;
    /// standard: neither).
    #[must_use]
    pub const fn overline_wins(&self, colour: crate::Colour) -> bool {
        match self.rule {
            BaseRule::Freestyle => true,
            BaseRule::Standard => false,
            BaseRule::Renju => matches!(colour, crate::Colour::White),
        }
    }

    /// Number of points on the board.
    #[must_use]
    pub const fn points(&self) -> usize {
        self.size as usize * self.size as usize
    }
}

impl Default for GomokuVariant {
    /// `renju` (15x15, fouls illegal): the rule of the Computer Olympiad and renju tournaments.
    fn default() -> Self {
        GomokuVariant::RENJU
    }
}

impl fmt::Display for GomokuVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match (self.rule, self.foul) {
            (BaseRule::Freestyle, _) => "freestyle",
            (BaseRule::Standard, _) => "standard",
            (BaseRule::Renju, FoulRuling::Illegal) => "renju",
            (BaseRule::Renju, FoulRuling::Loses) => "renju-foul-loses",
        })?;
        match self.opening {
            Opening::Plain => {}
            Opening::SwapAt { ply: 1 } => f.write_str("+swap1")?,
            Opening::SwapAt { ply } => write!(f, "+swap-at-{ply}")?,
            Opening::ExchangeAt { ply: 3 } => f.write_str("+botzone-exchange")?,
            Opening::ExchangeAt { ply } => write!(f, "+exchange-at-{ply}")?,
            Opening::Swap2 => f.write_str("+swap2")?,
        }
        if self.size != 15 {
            write!(f, "@{}", self.size)?;
        }
        Ok(())
    }
}

/// Reads the `N` of `swap-at-N` / `exchange-at-N`: a ply from 1 on.
fn parse_ply(text: &str, whole: &str) -> Result<u16, String> {
    match text.parse::<u16>() {
        Ok(ply) if (1..400).contains(&ply) => Ok(ply),
        _ => Err(format!(
            "bad ply {text:?} in gomoku variant {whole:?}: expected 1..=399"
        )),
    }
}

impl FromStr for GomokuVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let grammar = "expected <base>[+<opening>][@<size>], base freestyle|standard|renju|\
                       renju-foul-loses, opening swap1|swap-at-N|swap2|botzone-exchange|exchange-at-N, \
                       size 5..=20";
        let (rest, size) = match text.split_once('@') {
            Some((rest, size)) => match size.parse::<u8>() {
                Ok(size) if (MIN_SIZE..=MAX_SIZE).contains(&size) => (rest, size),
                _ => {
                    return Err(format!(
                        "bad board size in gomoku variant {text:?}: {grammar}"
                    ));
                }
            },
            None => (text, 15),
        };
        let (base, opening) = match rest.split_once('+') {
            Some((base, opening)) => (base, Some(opening)),
            None => (rest, None),
        };
        let (rule, foul) = match base {
            "freestyle" => (BaseRule::Freestyle, FoulRuling::Illegal),
            "standard" => (BaseRule::Standard, FoulRuling::Illegal),
            "renju" => (BaseRule::Renju, FoulRuling::Illegal),
            "renju-foul-loses" => (BaseRule::Renju, FoulRuling::Loses),
            _ => return Err(format!("unknown gomoku variant {text:?}: {grammar}")),
        };
        let opening = match opening {
            None => Opening::Plain,
            Some("swap1") => Opening::SwapAt { ply: 1 },
            Some("swap2") => Opening::Swap2,
            Some("botzone-exchange") => Opening::ExchangeAt { ply: 3 },
            Some(other) => {
                if let Some(ply) = other.strip_prefix("swap-at-") {
                    Opening::SwapAt {
                        ply: parse_ply(ply, text)?,
                    }
                } else if let Some(ply) = other.strip_prefix("exchange-at-") {
                    Opening::ExchangeAt {
                        ply: parse_ply(ply, text)?,
                    }
                } else {
                    return Err(format!(
                        "unknown opening rule in gomoku variant {text:?}: {grammar}"
                    ));
                }
            }
        };
        let variant = GomokuVariant {
            rule,
            foul,
            opening,
            size,
        };
        if let Opening::SwapAt { ply } | Opening::ExchangeAt { ply } = opening
            && usize::from(ply) >= variant.points()
        {
            return Err(format!(
                "ply of the exchange must be below the number of points in {text:?}"
            ));
        }
        Ok(variant)
    }
}

impl arbiter_core::Variant for GomokuVariant {
    const GAME: &'static str = "gomoku";

    /// The named variants; `swap-at-N`, `exchange-at-N` and `@<size>` are also accepted (see the
    /// module docs for the grammar).
    fn names() -> Vec<String> {
        let mut names = Vec::new();
        for base in ["freestyle", "standard", "renju", "renju-foul-loses"] {
            names.push(base.to_owned());
            for opening in ["swap1", "swap2", "botzone-exchange"] {
                names.push(format!("{base}+{opening}"));
            }
        }
        names.push("freestyle@20".to_owned());
        names.push("renju@20".to_owned());
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("renju", BaseRule::Renju, FoulRuling::Illegal, Opening::Plain, 15)]
    #[case(
        "renju-foul-loses",
        BaseRule::Renju,
        FoulRuling::Loses,
        Opening::Plain,
        15
    )]
    #[case(
        "freestyle@20",
        BaseRule::Freestyle,
        FoulRuling::Illegal,
        Opening::Plain,
        20
    )]
    #[case(
        "standard+swap2",
        BaseRule::Standard,
        FoulRuling::Illegal,
        Opening::Swap2,
        15
    )]
    #[case("freestyle+swap1", BaseRule::Freestyle, FoulRuling::Illegal, Opening::SwapAt { ply: 1 }, 15)]
    #[case("freestyle+botzone-exchange", BaseRule::Freestyle, FoulRuling::Illegal, Opening::ExchangeAt { ply: 3 }, 15)]
    #[case("renju+swap-at-5@19", BaseRule::Renju, FoulRuling::Illegal, Opening::SwapAt { ply: 5 }, 19)]
    #[case("freestyle+exchange-at-2@5", BaseRule::Freestyle, FoulRuling::Illegal, Opening::ExchangeAt { ply: 2 }, 5)]
    fn parses_variants(
        #[case] text: &str,
        #[case] rule: BaseRule,
        #[case] foul: FoulRuling,
        #[case] opening: Opening,
        #[case] size: u8,
    ) {
        let variant: GomokuVariant = text.parse().unwrap();
        assert_eq!(
            variant,
            GomokuVariant {
                rule,
                foul,
                opening,
                size
            }
        );
        assert_eq!(variant.to_string(), text);
    }

    #[test]
    fn rejects_bad_variants() {
        arbiter_laws::refuses_all(
            &[
                "",
                "gomoku",
                "renju@4",
                "renju@21",
                "renju@",
                "renju+swap3",
                "renju+swap-at-0",
                "renju+swap-at-x",
                "freestyle+exchange-at-25@5",
                "Renju",
                "renju+",
            ],
            str::parse::<GomokuVariant>,
        );
    }

    /// The listed names read back as the game laws check (`arbiter_laws::GameLaws`).
    #[test]
    fn the_default_size_is_not_written() {
        assert_eq!(
            "renju@15".parse::<GomokuVariant>().unwrap().to_string(),
            "renju"
        );
    }
}
