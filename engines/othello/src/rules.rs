//! [`Othello`]: the position and the rules of play, the one [`Game`] implementation.

use arbiter_core::{
    EndReason, FinalScore, Game, IllegalMove, NotationError, Outcome, SetupProblem, Side, picture,
    zobrist,
};

use crate::board::{Move, can_move, flips, legal_moves};
use crate::pattern::symmetries;
use crate::setup::{self, Setup};
use crate::variant::OthelloVariant;
use crate::{notation, svg};

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
    pub(crate) fn new_unchecked(
        black: u64,
        white: u64,
        side: Side,
        variant: OthelloVariant,
    ) -> Othello {
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
    /// [`crate::board`] and `crate::perft::perft_within` take.
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

    const MOVE_CODES: &'static [&'static str] =
        &["occupied", "no-flip", "pass-not-allowed", "game-over"];

    /// The first 20 discs, then up to 16 empties, where endgame solvers take over.
    fn phase_plies(_: &OthelloVariant) -> (usize, usize) {
        (20, 44)
    }

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
        Some(Outcome::by_count(black, white, reason))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let key = |side: Side, square: u8| KEYS[64 * side.index() + usize::from(square)];
        let discs = [self.black(), self.white()];
        zobrist::side_to_move(self.side, SIDE_KEY) ^ zobrist::pieces(discs, key)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn split_moves(text: &str) -> Vec<String> {
        notation::split_moves(text)
    }

    fn picture(&self, marks: &[picture::Mark<Move>]) -> Option<String> {
        Some(svg::picture(self, marks))
    }

    /// The placements as one population count, or the pass (perft's last ply).
    fn count_moves(&self, _: &mut Vec<Move>) -> u64 {
        match legal_moves(self.me, self.opp) {
            0 => u64::from(can_move(self.opp, self.me)),
            placements => u64::from(placements.count_ones()),
        }
    }

    /// The discs of the side to move and of the other side, in the least of their eight images
    /// under the symmetries of the square: the moves, the passes and the end below a position
    /// depend on nothing else (the side's colour only names them), and the rules are the same
    /// in a mirror, so a rotated or reflected position has the same counts (the four first
    /// moves of the start are one position to the table). None for the last two plies, which
    /// make/unmake and a population count answer faster than a probe of a table that size
    /// (keyed there too, perft 13 took nearly as long as without).
    fn perft_key(&self, depth_left: u32) -> Option<u128> {
        if depth_left < 3 {
            return None;
        }
        let (me, opp) = (symmetries(self.me), symmetries(self.opp));
        me.iter()
            .zip(&opp)
            .map(|(&me, &opp)| (u128::from(me) << 64) | u128::from(opp))
            .min()
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
        setup::parse_side_letter(text.trim())
    }
}
