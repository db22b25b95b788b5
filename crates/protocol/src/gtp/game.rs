//! What a GTP driver needs of a game: its dialect of vertices, the board size, who moves
//! first, and the game settings it sends (komi, handicap, the rules by name, the swap rule),
//! with the translation between arbiter's notation and GTP's moves. [`GtpGame::for_game`] is
//! the one place that knows which games GTP carries: Go, and Hex in HTP, its dialect.
//!
//! Go's notation in arbiter is GTP's lettering in lower case (`a1`–`t19` without `i`,
//! `pass`), so a move goes across by reading it as a vertex and back by writing the vertex in
//! lower case.
//!
//! Hex's notation is HTP's (`a1`–`s19` with `i`, `a1` the top-left cell, `swap-pieces`), as
//! Benzene (MoHex, Wolve) and HexGUI speak it: no komi, no handicap, no pass and no count; the
//! game ends when a chain joins two edges, and an engine that sees it lost says `resign`.
//! HTP's `swap-pieces` is Benzene's: the stone stays where it is and keeps its colour, the
//! players exchange colours, and the colour to move stays white (`play black X`, `play white
//! swap-pieces`, `genmove white`): arbiter's `swap-sides`, sent as it is. Under `swap-mirror`
//! (PlayHex: the stone mirrored in the long diagonal into white, black to move) the game after
//! the swap is Benzene's seen in the mirror with the colours exchanged, so every later move
//! crosses mirrored (`d2` is `b4`) and with the other colour ([`Swap::Mirror`]). Benzene takes
//! the swap only when told the rule allows it (`param_game allow_swap 1`,
//! [`GtpGame::swap_command`]).

use super::{Colour, Command, Dialect, GTP, GtpError, HTP, Move};
use crate::CodecError;

/// The games GTP carries.
pub const GAMES: &[&str] = &["go", "hex"];

/// How a game's variant reads the pie rule's swap, against HTP's `swap-pieces` (Benzene's:
/// the players exchange colours and the stone stays).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap {
    /// As HTP reads it (`swap-sides`): the moves cross as they are.
    Exchange,
    /// The stone mirrored into the second player's colour (`swap-mirror`): after the swap,
    /// each move crosses mirrored in the long diagonal, and with the other colour.
    Mirror,
}

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
    /// Whether a game ends in passes and a count the engine can be asked for (`final_score`,
    /// `final_status_list`): Go's does; Hex's ends on a connection.
    pub counted: bool,
    /// The swap rule, if the variant has one (Hex's pie rule).
    pub swap: Option<Swap>,
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
                    counted: true,
                    swap: None,
                })
            }
            "hex" => {
                let variant: arbiter_hex::HexVariant = variant.parse().map_err(CodecError::new)?;
                Ok(GtpGame {
                    dialect: HTP,
                    size: variant.size,
                    komi: None,
                    handicap: 0,
                    kata_rules: None,
                    kgs_rules: None,
                    unsaid: None,
                    counted: false,
                    swap: match variant.swap {
                        arbiter_hex::SwapRule::None => None,
                        arbiter_hex::SwapRule::Sides => Some(Swap::Exchange),
                        arbiter_hex::SwapRule::Mirror => Some(Swap::Mirror),
                    },
                })
            }
            other => Err(CodecError::new(format!(
                "GTP carries no game `{other}`: it plays {}",
                GAMES.join(", ")
            ))),
        }
    }

    /// The colour GTP gives the side to move after `history`: black first (white after
    /// handicap stones); after a swap the player who placed the first stone moves again with
    /// the other colour, so the colours shift by one (`play white swap-pieces`, then `genmove
    /// white`).
    #[must_use]
    pub fn colour_after(&self, history: &[String]) -> Colour {
        let plies = history.len() + usize::from(self.swapped(history));
        let first_is_black = self.handicap == 0;
        if plies.is_multiple_of(2) == first_is_black {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// Whether the second move of `history` is the swap (in a game with a swap rule).
    fn swapped(&self, history: &[String]) -> bool {
        self.swap.is_some()
            && history
                .get(1)
                .is_some_and(|mv| arbiter_hex::parse_move(mv) == Ok(arbiter_hex::HexMove::Swap))
    }

    /// Whether moves after `history` cross mirrored: a `swap-mirror` swap was taken.
    fn mirrored(&self, history: &[String]) -> bool {
        self.swap == Some(Swap::Mirror) && self.swapped(history)
    }

    /// The arbiter move `mv`, played after `history`, as GTP sends it.
    ///
    /// # Errors
    /// A [`GtpError`] for text that is no move of this board.
    pub fn to_gtp(&self, history: &[String], mv: &str) -> Result<Move, GtpError> {
        match self.dialect.parse_move(mv, self.size)? {
            Move::Resign => Err(GtpError::new(format!("`{mv}` is not a move arbiter sends"))),
            mv => Ok(self.orient(history, mv)),
        }
    }

    /// The GTP move `mv`, answered or played after `history`, in arbiter's notation
    /// (`resign` stays `resign`: the caller decides).
    #[must_use]
    pub fn from_gtp(&self, history: &[String], mv: Move) -> String {
        self.dialect
            .format_move(self.orient(history, mv))
            .to_ascii_lowercase()
    }

    /// `mv` mirrored in the long diagonal after a `swap-mirror` swap (its own inverse).
    fn orient(&self, history: &[String], mv: Move) -> Move {
        match mv {
            Move::Stone(vertex) if self.mirrored(history) => Move::Stone(super::Vertex {
                column: vertex.row,
                row: vertex.column,
            }),
            mv => mv,
        }
    }

    /// Benzene's `param_game allow_swap 0|1`, which tells MoHex and Wolve whether the swap is
    /// a move (GTP has no command for it); `None` for a game without a swap rule to tell.
    #[must_use]
    pub fn swap_command(&self) -> Option<Command> {
        self.dialect.swap.map(|_| {
            let allowed = if self.swap.is_some() { "1" } else { "0" };
            Command::new("param_game", &["allow_swap", allowed])
        })
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
    use crate::words;

    #[test]
    fn go_moves_cross_both_ways() {
        let game = GtpGame::for_game("go", "chinese@9").unwrap();
        assert_eq!(game.size, 9);
        assert_eq!(game.komi, Some(7.5));
        assert_eq!(game.kgs_rules, Some("chinese"));
        assert_eq!(game.unsaid, None);
        let j9 = game.to_gtp(&[], "j9").unwrap();
        assert_eq!(j9, Move::Stone(Vertex { column: 8, row: 8 }));
        assert_eq!(game.dialect.format_move(j9), "J9");
        assert_eq!(game.from_gtp(&[], j9), "j9");
        assert_eq!(game.to_gtp(&[], "pass"), Ok(Move::Pass));
        assert_eq!(game.from_gtp(&[], Move::Pass), "pass");
        assert!(game.to_gtp(&[], "k1").is_err(), "off a 9x9 board");
        assert!(game.to_gtp(&[], "resign").is_err());
        assert!(game.counted);
        assert_eq!(game.swap_command(), None);
    }

    #[test]
    fn handicap_settings_and_rules_names() {
        let game = GtpGame::for_game("go", "japanese@19,handicap=2,komi=0.5").unwrap();
        assert_eq!((game.handicap, game.komi), (2, Some(0.5)));
        assert_eq!(game.colour_after(&[]), Colour::White);
        assert_eq!(game.colour_after(&words("d4")), Colour::Black);
        assert_eq!(
            game.unsaid, None,
            "komi and handicap have their own commands"
        );
        let even = GtpGame::for_game("go", "tromp-taylor@9").unwrap();
        assert_eq!(even.colour_after(&[]), Colour::Black);
        assert_eq!(even.kgs_rules, None);
        assert_eq!(even.kata_rules.as_deref(), Some("tromp-taylor"));
        let changed = GtpGame::for_game("go", "chinese@9,ko=positional").unwrap();
        assert!(changed.unsaid.unwrap().contains("`chinese` only"));
        assert!(GtpGame::for_game("gomoku", "freestyle").is_err());
        assert!(GtpGame::for_game("hex", "swap@11").is_err());
        assert!(GtpGame::for_game("go", "chinese@30").is_err());
    }

    /// HTP as Benzene speaks it: cells with `i`, `a1` top left, no komi, no count.
    #[test]
    fn hex_is_htp_without_komi_or_count() {
        let game = GtpGame::for_game("hex", "standard@13").unwrap();
        assert_eq!((game.dialect, game.size, game.komi), (HTP, 13, None));
        assert!(!game.counted);
        assert_eq!(game.swap, None);
        let i9 = game.to_gtp(&[], "i9").unwrap();
        assert_eq!(game.dialect.format_move(i9), "i9");
        assert_eq!(game.from_gtp(&[], i9), "i9");
        assert!(game.to_gtp(&[], "n1").is_err(), "off a 13x13 board");
        assert_eq!(
            game.swap_command().unwrap().to_string(),
            "param_game allow_swap 0"
        );
        let history = words("a1 b2 c3");
        let colours: Vec<Colour> = (0..=3).map(|n| game.colour_after(&history[..n])).collect();
        assert_eq!(
            colours,
            [Colour::Black, Colour::White, Colour::Black, Colour::White]
        );
    }

    /// Benzene's swap: `play black b1`, `play white swap-pieces`, then white moves again.
    #[test]
    fn hex_swap_sides_crosses_as_it_is() {
        let game = GtpGame::for_game("hex", "swap-sides@5").unwrap();
        assert_eq!(game.swap, Some(Swap::Exchange));
        assert_eq!(
            game.swap_command().unwrap().to_string(),
            "param_game allow_swap 1"
        );
        let history = words("b1 swap-pieces d2 e5");
        assert_eq!(game.to_gtp(&history[..1], "swap-pieces"), Ok(Move::Swap));
        let colours: Vec<Colour> = (0..=4).map(|n| game.colour_after(&history[..n])).collect();
        assert_eq!(
            colours,
            [
                Colour::Black,
                Colour::White,
                Colour::White,
                Colour::Black,
                Colour::White
            ]
        );
        let d2 = game.to_gtp(&history[..2], "d2").unwrap();
        assert_eq!(game.dialect.format_move(d2), "d2");
        assert_eq!(game.from_gtp(&history[..2], d2), "d2");
    }

    /// PlayHex's swap crosses mirrored: arbiter's black `d2` after the swap is Benzene's white
    /// `b4`, and back; the moves before the swap cross as they are.
    #[test]
    fn hex_swap_mirror_crosses_mirrored_after_the_swap() {
        let game = GtpGame::for_game("hex", "swap-mirror@5").unwrap();
        assert_eq!(game.swap, Some(Swap::Mirror));
        let history = words("b1 swap-pieces d2");
        let b1 = game.to_gtp(&[], "b1").unwrap();
        assert_eq!(game.dialect.format_move(b1), "b1");
        let d2 = game.to_gtp(&history[..2], "d2").unwrap();
        assert_eq!(game.dialect.format_move(d2), "b4");
        assert_eq!(game.colour_after(&history[..2]), Colour::White);
        assert_eq!(game.from_gtp(&history[..2], d2), "d2");
        let answer = HTP.parse_move("e3", 5).unwrap();
        assert_eq!(game.from_gtp(&history, answer), "c5");
        // No swap taken: nothing is mirrored.
        let plain = words("b1 c2");
        assert_eq!(game.from_gtp(&plain, answer), "e3");
        assert_eq!(game.colour_after(&plain), Colour::Black);
    }
}
