//! What a GTP driver needs of a game: its dialect of vertices, the board size, who moves
//! first, and the game settings it sends (komi, handicap, the rules by name), with the
//! translation between arbiter's notation and GTP's moves. [`GtpGame::for_game`] is the one
//! place that knows which games GTP carries (Go; Hex adds its arm with the HTP dialect).
//!
//! Go's notation in arbiter is GTP's lettering in lower case (`a1`–`t19` without `i`,
//! `pass`), so a move goes across by reading it as a vertex and back by writing the vertex in
//! lower case.

use super::{Colour, Dialect, GTP, GtpError, Move};
use crate::CodecError;

/// The games GTP carries.
pub const GAMES: &[&str] = &["go"];

/// One game as a GTP engine is given it.
#[derive(Clone, Debug, PartialEq)]
pub struct GtpGame {
    /// How vertices are lettered.
    pub dialect: Dialect,
    /// The board's width and height.
    pub size: u8,
    /// `komi`, in points (`None`: the game has none to send).
    pub komi: Option<f64>,
    /// Fixed handicap stones (`fixed_handicap N` after `clear_board`); white moves first.
    pub handicap: u8,
    /// The rules as `kata-set-rules` names them (KataGo's shorthand), if it can.
    pub kata_rules: Option<String>,
    /// The rules as `kgs-rules` names them (`japanese`, `chinese`, `aga`, `new_zealand`), if
    /// one of them is this rule set.
    pub kgs_rules: Option<&'static str>,
    /// What the rules commands cannot say (settings beside the named profile), for a warning.
    pub unsaid: Option<String>,
}

impl GtpGame {
    /// The GTP settings of `game` in `variant`.
    ///
    /// # Errors
    /// A [`CodecError`] for a game GTP does not carry or a variant the game does not have.
    pub fn for_game(game: &str, variant: &str) -> Result<GtpGame, CodecError> {
        match game {
            "go" => {
                let variant: arbiter_go::GoVariant = variant.parse().map_err(CodecError::new)?;
                let profile = variant.profile;
                let default = arbiter_go::GoVariant {
                    handicap: variant.handicap,
                    rules: arbiter_go::Rules {
                        komi_halves: variant.rules.komi_halves,
                        ..profile.rules()
                    },
                    ..variant
                };
                let unsaid = (default != variant).then(|| {
                    format!(
                        "the variant `{variant}` changes settings of the rules `{}`, which the \
                         rules commands cannot carry: the engine is told `{}` only",
                        profile.name(),
                        profile.name()
                    )
                });
                Ok(GtpGame {
                    dialect: GTP,
                    size: variant.size,
                    komi: Some(f64::from(variant.rules.komi_halves) / 2.0),
                    handicap: variant.handicap,
                    kata_rules: Some(profile.name().to_owned()),
                    kgs_rules: kgs_rules(profile),
                    unsaid,
                })
            }
            other => Err(CodecError::new(format!(
                "GTP carries no game `{other}`: it plays {}",
                GAMES.join(", ")
            ))),
        }
    }

    /// The colour of the side that moves after `plies` moves from the start.
    #[must_use]
    pub const fn colour_after(&self, plies: usize) -> Colour {
        let first_is_black = self.handicap == 0;
        if plies.is_multiple_of(2) == first_is_black {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// An arbiter move as GTP sends it.
    ///
    /// # Errors
    /// A [`GtpError`] for text that is no move of this board.
    pub fn to_gtp(&self, mv: &str) -> Result<Move, GtpError> {
        match self.dialect.parse_move(mv, self.size)? {
            Move::Resign => Err(GtpError::new(format!("`{mv}` is not a move arbiter sends"))),
            mv => Ok(mv),
        }
    }

    /// A GTP move in arbiter's notation (`resign` stays `resign`: the caller decides).
    #[must_use]
    pub fn from_gtp(&self, mv: Move) -> String {
        self.dialect.format_move(mv).to_ascii_lowercase()
    }
}

/// The `kgs-rules` name of a profile: the four rule sets KGS knows.
const fn kgs_rules(profile: arbiter_go::Profile) -> Option<&'static str> {
    use arbiter_go::Profile;
    match profile {
        Profile::Japanese => Some("japanese"),
        Profile::Chinese | Profile::ChineseOgs => Some("chinese"),
        Profile::Aga => Some("aga"),
        Profile::NewZealand => Some("new_zealand"),
        Profile::TrompTaylor | Profile::Korean | Profile::StoneScoring => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::Vertex;

    #[test]
    fn go_moves_cross_both_ways() {
        let game = GtpGame::for_game("go", "chinese@9").unwrap();
        assert_eq!(game.size, 9);
        assert_eq!(game.komi, Some(7.5));
        assert_eq!(game.kgs_rules, Some("chinese"));
        assert_eq!(game.unsaid, None);
        let j9 = game.to_gtp("j9").unwrap();
        assert_eq!(j9, Move::Stone(Vertex { column: 8, row: 8 }));
        assert_eq!(game.dialect.format_move(j9), "J9");
        assert_eq!(game.from_gtp(j9), "j9");
        assert_eq!(game.to_gtp("pass"), Ok(Move::Pass));
        assert_eq!(game.from_gtp(Move::Pass), "pass");
        assert!(game.to_gtp("k1").is_err(), "off a 9x9 board");
        assert!(game.to_gtp("resign").is_err());
    }

    #[test]
    fn handicap_settings_and_rules_names() {
        let game = GtpGame::for_game("go", "japanese@19,handicap=2,komi=0.5").unwrap();
        assert_eq!((game.handicap, game.komi), (2, Some(0.5)));
        assert_eq!(game.colour_after(0), Colour::White);
        assert_eq!(game.colour_after(1), Colour::Black);
        assert_eq!(
            game.unsaid, None,
            "komi and handicap have their own commands"
        );
        let even = GtpGame::for_game("go", "tromp-taylor@9").unwrap();
        assert_eq!(even.colour_after(0), Colour::Black);
        assert_eq!(even.kgs_rules, None);
        assert_eq!(even.kata_rules.as_deref(), Some("tromp-taylor"));
        let changed = GtpGame::for_game("go", "chinese@9,ko=positional").unwrap();
        assert!(changed.unsaid.unwrap().contains("`chinese` only"));
        assert!(GtpGame::for_game("gomoku", "freestyle").is_err());
        assert!(GtpGame::for_game("go", "chinese@30").is_err());
    }
}
