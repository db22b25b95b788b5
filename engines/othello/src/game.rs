//! [`Othello`]: the position and its [`Game`] implementation.

use arbiter_core::{
    EndReason, FinalScore, Game, IllegalMove, NodeBudget, NotationError, Outcome, PerftConvention,
    SetupProblem, Side,
};

use crate::bitboard::{can_move, flips, legal_moves};
use crate::moves::{self, Move};
use crate::position::{self, Setup};
use crate::variant::OthelloVariant;

/// Seed of this game's Zobrist keys ("othello" in ASCII), distinct from the other games' seeds.
const ZOBRIST_SEED: u64 = 0x006F_7468_656C_6C6F;

/// Keys 0..64: a black disc on the square; 64..128: a white disc; 128: white to move.
static KEYS: [u64; 129] = arbiter_core::zobrist::keys(ZOBRIST_SEED);

/// `FLIP_KEYS[sq]`: what a disc changing colour on `sq` does to the hash.
static FLIP_KEYS: [u64; 64] = flip_keys();

const fn flip_keys() -> [u64; 64] {
    let mut out = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        out[sq] = KEYS[sq] ^ KEYS[64 + sq];
        sq += 1;
    }
    out
}

const SIDE_KEY: u64 = KEYS[128];

/// The start position's discs: black d5 e4, white d4 e5.
const START_BLACK: u64 = (1 << 28) | (1 << 35);
const START_WHITE: u64 = (1 << 27) | (1 << 36);

/// An 8x8 Othello position: both sides' discs, relative to the side to move, and the hash.
///
/// Storing the boards as "mine" and "theirs" lets the move generator ignore colours; the
/// colour-based views are [`Othello::black`] and [`Othello::white`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Othello {
    /// Discs of the side to move.
    me: u64,
    /// Discs of the other side.
    opp: u64,
    side: Side,
    hash: u64,
    variant: OthelloVariant,
}

/// What [`Game::make`] saves: the previous boards and hash.
///
/// Copy-make is the fastest undo here: three words are cheaper to restore than re-deriving the
/// flipped discs (which would need the flip mask saved anyway), and the side to move simply
/// alternates, a pass included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    me: u64,
    opp: u64,
    hash: u64,
}

impl Othello {
    /// The position with these discs and side to move, after the same checks as
    /// [`Game::from_setup`].
    ///
    /// # Errors
    /// Every [`SetupProblem`]: each empty centre square, each square with both colours.
    pub fn from_boards(
        black: u64,
        white: u64,
        to_move: Side,
    ) -> Result<Othello, Vec<SetupProblem>> {
        Self::from_setup(
            &OthelloVariant::Standard,
            &Setup {
                black,
                white,
                to_move,
            },
        )
    }

    /// Builds the position without validation (the hash is computed from scratch).
    fn new_unchecked(black: u64, white: u64, side: Side, variant: OthelloVariant) -> Othello {
        let (me, opp) = match side {
            Side::First => (black, white),
            Side::Second => (white, black),
        };
        let mut game = Othello {
            me,
            opp,
            side,
            hash: 0,
            variant,
        };
        game.hash = game.hash_from_scratch();
        game
    }

    /// Black's discs, bit `row * 8 + col` (bit 0 = a1, the top-left square).
    #[must_use]
    pub fn black(&self) -> u64 {
        match self.side {
            Side::First => self.me,
            Side::Second => self.opp,
        }
    }

    /// White's discs.
    #[must_use]
    pub fn white(&self) -> u64 {
        match self.side {
            Side::First => self.opp,
            Side::Second => self.me,
        }
    }

    /// The side to move's discs and the opponent's, in that order: the form that
    /// [`crate::bitboard`] and `crate::perft::perft_within` take.
    #[must_use]
    pub fn boards(&self) -> (u64, u64) {
        (self.me, self.opp)
    }

    /// How many discs `side` has.
    #[must_use]
    pub fn discs(&self, side: Side) -> u32 {
        match side {
            Side::First => self.black().count_ones(),
            Side::Second => self.white().count_ones(),
        }
    }

    /// The number of empty squares.
    #[must_use]
    pub fn empties(&self) -> u32 {
        64 - (self.me | self.opp).count_ones()
    }

    /// The legal placements as a bitboard (no pass): empty when the side to move must pass or
    /// the game is over.
    #[must_use]
    pub fn placements(&self) -> u64 {
        legal_moves(self.me, self.opp)
    }

    /// Whether neither side can place a disc.
    fn is_over(&self) -> bool {
        !can_move(self.me, self.opp) && !can_move(self.opp, self.me)
    }
}

impl Game for Othello {
    type Move = Move;
    type Variant = OthelloVariant;
    type Undo = Undo;
    type Setup = Setup;

    const NAME: &'static str = "othello";
    const SIDE_NAMES: [&'static str; 2] = ["black", "white"];
    const MOVE_CODES: &'static [&'static str] =
        &["occupied", "no-flip", "pass-not-allowed", "game-over"];

    fn start(variant: &OthelloVariant) -> Othello {
        Othello::new_unchecked(START_BLACK, START_WHITE, Side::First, *variant)
    }

    fn variant(&self) -> &OthelloVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let mut bits = legal_moves(self.me, self.opp);
        if bits == 0 {
            if can_move(self.opp, self.me) {
                moves.push(Move::PASS);
            }
            return;
        }
        while bits != 0 {
            let sq = bits.trailing_zeros();
            bits &= bits - 1;
            moves.push(Move::place(sq as u8).expect("a bit index is below 64"));
        }
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let placements = legal_moves(self.me, self.opp);
        if placements == 0 && !can_move(self.opp, self.me) {
            return Err(IllegalMove::new(
                "game-over",
                "the game is over: neither side can move",
            ));
        }
        let Some(sq) = mv.square() else {
            if placements != 0 {
                let example = Move::place(placements.trailing_zeros() as u8).expect("below 64");
                return Err(IllegalMove::new(
                    "pass-not-allowed",
                    format!(
                        "a pass is allowed only without a legal placement, and {example} is legal"
                    ),
                ));
            }
            return Ok(());
        };
        let bit = 1u64 << sq;
        if (self.me | self.opp) & bit != 0 {
            return Err(IllegalMove::new("occupied", format!("{mv} is occupied")));
        }
        if placements & bit == 0 {
            return Err(IllegalMove::new("no-flip", format!("{mv} flips no disc")));
        }
        Ok(())
    }

    fn make(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            me: self.me,
            opp: self.opp,
            hash: self.hash,
        };
        match mv.square() {
            None => {
                debug_assert!(
                    legal_moves(self.me, self.opp) == 0,
                    "pass with a placement available"
                );
                std::mem::swap(&mut self.me, &mut self.opp);
            }
            Some(sq) => {
                let bit = 1u64 << sq;
                let flipped = flips(self.me, self.opp, u32::from(sq));
                debug_assert!(
                    (self.me | self.opp) & bit == 0 && flipped != 0,
                    "illegal move {mv}"
                );
                let colour = self.side.index() * 64;
                let mut hash = self.hash ^ KEYS[colour + usize::from(sq)];
                let mut rest = flipped;
                while rest != 0 {
                    hash ^= FLIP_KEYS[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                self.hash = hash;
                (self.me, self.opp) = (self.opp ^ flipped, self.me | flipped | bit);
            }
        }
        self.hash ^= SIDE_KEY;
        self.side = self.side.opponent();
        undo
    }

    fn unmake(&mut self, _mv: Move, undo: Undo) {
        self.me = undo.me;
        self.opp = undo.opp;
        self.hash = undo.hash;
        self.side = self.side.opponent();
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let reason = if self.empties() == 0 {
            EndReason::BoardFull
        } else {
            EndReason::NoMoves
        };
        let (black, white) = (self.discs(Side::First), self.discs(Side::Second));
        Some(match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::win(Side::First, reason),
            std::cmp::Ordering::Less => Outcome::win(Side::Second, reason),
            std::cmp::Ordering::Equal => Outcome::draw(reason),
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Side::Second {
            SIDE_KEY
        } else {
            0
        };
        for (offset, mut discs) in [(0, self.black()), (64, self.white())] {
            while discs != 0 {
                hash ^= KEYS[offset + discs.trailing_zeros() as usize];
                discs &= discs - 1;
            }
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        moves::parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn split_moves(text: &str) -> Vec<String> {
        moves::split_moves(text)
    }

    fn parse_position(_variant: &OthelloVariant, text: &str) -> Result<Setup, NotationError> {
        position::parse_position(text)
    }

    fn parse_diagram(
        _variant: &OthelloVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<Setup, NotationError> {
        position::parse_diagram(diagram, to_move)
    }

    fn from_setup(variant: &OthelloVariant, setup: &Setup) -> Result<Othello, Vec<SetupProblem>> {
        let problems = position::problems(setup);
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Othello::new_unchecked(
            setup.black,
            setup.white,
            setup.to_move,
            *variant,
        ))
    }

    fn format_position(&self) -> String {
        position::format_position(self.black(), self.white(), self.side)
    }

    fn picture(&self, marks: &[arbiter_core::picture::Mark<Self::Move>]) -> Option<String> {
        Some(crate::svg::picture(self, marks))
    }

    fn diagram(&self) -> String {
        let mut out = position::diagram_rows(self.black(), self.white());
        let (black, white) = (self.discs(Side::First), self.discs(Side::Second));
        let side = Self::side_name(self.side);
        let letter = position::side_letter(self.side);
        match self.outcome() {
            None => out.push_str(&format!(
                "to move: {side} ({letter}); discs X {black}, O {white}"
            )),
            Some(outcome) => {
                let result = match outcome.winner {
                    Some(winner) => format!("{} wins", Self::side_name(winner)),
                    None => "draw".to_owned(),
                };
                out.push_str(&format!(
                    "game over: {result} ({}); discs X {black}, O {white}",
                    outcome.reason
                ));
            }
        }
        out
    }

    fn perft_with_budget(
        &mut self,
        depth: u32,
        convention: PerftConvention,
        budget: &mut NodeBudget,
    ) -> u64 {
        crate::perft::perft_within(self.me, self.opp, depth, convention, budget)
    }

    fn longest_game(&self) -> Option<u32> {
        // Each placement fills a square, and passes never follow each other: at most one
        // pass before each placement and one at the end.
        Some(2 * self.empties() + 1)
    }

    fn final_score(&self) -> Option<FinalScore> {
        if !self.is_over() {
            return None;
        }
        let raw = self.discs(Side::First) as i32 - self.discs(Side::Second) as i32;
        let empties = self.empties() as i32;
        let empties_to_winner = match raw.signum() {
            1 => raw + empties,
            -1 => raw - empties,
            _ => 0,
        };
        Some(FinalScore {
            raw,
            empties_to_winner,
        })
    }

    /// Reads `black`/`white` or the board letters `X`/`O`, case-insensitively.
    fn parse_side(text: &str) -> Option<Side> {
        position::parse_side_letter(text.trim())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard() -> OthelloVariant {
        OthelloVariant::Standard
    }

    fn from_diagram(diagram: &str, to_move: Side) -> Othello {
        let setup = Othello::parse_diagram(&standard(), diagram, to_move).expect("diagram");
        Othello::from_setup(&standard(), &setup).expect("valid")
    }

    fn play_all(game: &mut Othello, text: &str) {
        for token in Othello::split_moves(text) {
            let mv = game.parse_move(&token).expect("notation");
            game.play(mv).unwrap_or_else(|e| panic!("{token}: {e}"));
        }
    }

    fn names(game: &Othello) -> Vec<String> {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves.iter().map(|&mv| game.format_move(mv)).collect()
    }

    #[test]
    fn start_position() {
        let game = Othello::start(&standard());
        assert_eq!(names(&game), ["d3", "c4", "f5", "e6"]);
        assert_eq!(
            game.format_position(),
            "---------------------------OX------XO--------------------------- X"
        );
        assert_eq!(game.outcome(), None);
        assert_eq!(game.final_score(), None);
    }

    #[test]
    fn illegal_move_codes() {
        let game = Othello::start(&standard());
        let code = |text: &str| {
            game.check_move(game.parse_move(text).unwrap())
                .unwrap_err()
                .code
        };
        assert_eq!(code("d4"), "occupied");
        assert_eq!(code("c3"), "no-flip");
        assert_eq!(code("a1"), "no-flip");
        assert_eq!(code("pass"), "pass-not-allowed");
    }

    #[test]
    fn forced_pass_then_the_opponent_moves_then_the_game_ends() {
        // Black's only disc b1 sits in a closed white row: black has no placement, white has a1.
        let mut game = from_diagram(
            ".XOOOOOO\n........\n........\n...OO...\n...OO...\n........\n........\n........",
            Side::First,
        );
        assert_eq!(names(&game), ["pass"]);
        assert_eq!(
            game.check_move(Move::place(0).unwrap()).unwrap_err().code,
            "no-flip"
        );
        play_all(&mut game, "pass");
        assert_eq!(names(&game), ["a1"]);
        assert_eq!(
            game.check_move(Move::PASS).unwrap_err().code,
            "pass-not-allowed"
        );
        play_all(&mut game, "a1");
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Side::Second, EndReason::NoMoves))
        );
        assert_eq!(
            game.final_score(),
            Some(FinalScore {
                raw: -12,
                empties_to_winner: -64
            })
        );
        assert_eq!(game.check_move(Move::PASS).unwrap_err().code, "game-over");
        assert_eq!(
            game.check_move(Move::place(8).unwrap()).unwrap_err().code,
            "game-over"
        );
        assert!(
            game.diagram()
                .ends_with("game over: white wins (no-moves); discs X 0, O 12")
        );
    }

    #[test]
    fn shortest_game_is_a_wipeout() {
        // Manubu Maruo's nine-ply game, as a compact transcript.
        let mut game = Othello::start(&standard());
        play_all(&mut game, "e6f4e3f6g5d6e7f5c5");
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Side::First, EndReason::NoMoves))
        );
        assert_eq!(
            game.final_score(),
            Some(FinalScore {
                raw: 13,
                empties_to_winner: 64
            })
        );
    }

    #[test]
    fn full_board_outcomes() {
        let draw = from_diagram(
            &("XXXXXXXX\n".repeat(4) + &"OOOOOOOO\n".repeat(4)),
            Side::First,
        );
        assert_eq!(draw.outcome(), Some(Outcome::draw(EndReason::BoardFull)));
        assert_eq!(
            draw.final_score(),
            Some(FinalScore {
                raw: 0,
                empties_to_winner: 0
            })
        );
        let win = from_diagram(
            &("XXXXXXXX\n".repeat(5) + &"OOOOOOOO\n".repeat(3)),
            Side::Second,
        );
        assert_eq!(
            win.outcome(),
            Some(Outcome::win(Side::First, EndReason::BoardFull))
        );
        assert_eq!(
            win.final_score(),
            Some(FinalScore {
                raw: 16,
                empties_to_winner: 16
            })
        );
    }

    #[test]
    fn diagram_shows_coordinates_and_side() {
        let game = Othello::start(&standard());
        let diagram = game.diagram();
        assert!(diagram.starts_with("  a b c d e f g h\n1 . . . . . . . . 1\n"));
        assert!(diagram.contains("4 . . . O X . . . 4"));
        assert!(diagram.ends_with("to move: black (X); discs X 2, O 2"));
    }

    #[test]
    fn setup_problems_are_listed() {
        let setup = Othello::parse_position(&standard(), &format!("{} O", "-".repeat(64))).unwrap();
        assert_eq!(
            Othello::from_setup(&standard(), &setup).unwrap_err().len(),
            4
        );
    }

    #[test]
    fn perft_override_matches_the_generic_walk() {
        let mut game = Othello::start(&standard());
        play_all(&mut game, "f5 d6 c3 d3 c4 f4");
        for convention in [
            PerftConvention::SequencesOfExactLength,
            PerftConvention::FinishedGameIsLeaf,
        ] {
            for depth in 0..5 {
                assert_eq!(
                    game.perft(depth, convention),
                    arbiter_core::perft_generic(&mut game.clone(), depth, convention)
                );
            }
        }
        let mut over = Othello::start(&standard());
        play_all(&mut over, "e6f4e3f6g5d6e7f5c5");
        assert_eq!(over.perft(2, PerftConvention::FinishedGameIsLeaf), 1);
        assert_eq!(over.perft(2, PerftConvention::SequencesOfExactLength), 0);
    }
}
