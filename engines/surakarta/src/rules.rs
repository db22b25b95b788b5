//! The position and the rules of play: steps, circuit captures, the endings, make and unmake.
//!
//! Besides the two piece sets and the side to move, the state keeps the plies since the last
//! capture and the board of every earlier position (the repetition rule compares positions
//! exactly, not by hash). `make` pushes onto that history and `unmake` pops it, so a
//! make/unmake pair restores the state exactly.

use arbiter_core::{
    Bits, EndReason, FinalScore, Game, IllegalMove, NotationError, Outcome, Side, picture, zobrist,
};

use crate::board::{
    BOARD, CIRCUIT_LEN, CIRCUITS, NEIGHBOURS, NONE, OCCURRENCES, POINTS, Point, crosses_loop,
    on_circuit,
};
use crate::notation::{self, Move, adjacent, format_point};
use crate::setup::SurakartaSetup;
use crate::svg;
use crate::variant::SurakartaVariant;

/// Zobrist keys: red piece per point, black piece per point, then black to move.
static KEYS: [u64; 2 * POINTS + 1] = zobrist::keys(0x5355_5241_4B41_5254);
const SIDE_KEY: usize = 2 * POINTS;

fn piece_key(side: Side, p: Point) -> u64 {
    KEYS[side.index() * POINTS + usize::from(p)]
}

/// Pieces each side starts with.
pub const PIECES: u32 = 12;

/// A Surakarta position with its history since the start (or since the setup it came from).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Surakarta {
    pub(crate) variant: SurakartaVariant,
    /// Pieces per side, indexed by [`Side::index`] (red, black).
    pub(crate) pieces: [u64; 2],
    pub(crate) to_move: Side,
    /// Plies since the last capture (or since the start).
    pub(crate) no_capture_plies: u32,
    /// The boards of every position so far, the current one last; the side to move alternates,
    /// so entries an even distance back have the same side to move as the current one.
    pub(crate) history: Vec<[u64; 2]>,
    pub(crate) hash: u64,
}

/// What `make` returns for `unmake`: the plies-since-capture counter
/// before the move (a capture resets it).
pub type Undo = u32;

/// The enemy pieces that a piece of `side` on `from` may capture along a circuit on the board
/// `pieces` (indexed by [`Side::index`]), and the enemy pieces its circuit paths run into
/// before passing any loop (which it may not capture).
///
/// A path runs along one circuit in one direction from each visit of `from` to the path,
/// over empty points (`from` itself counts as empty once left), for at most 23 points —
/// every point of the circuit but the visit it started from, as minizero bounds it — and
/// stops at the first occupied point. `from` need not hold a piece (the evaluator asks
/// "who could recapture here").
#[must_use]
pub fn circuit_targets(pieces: [u64; 2], side: Side, from: Point) -> (u64, u64) {
    let occupied = pieces[0] | pieces[1];
    let enemy = pieces[side.opponent().index()];
    let (mut with_loop, mut without_loop) = (0u64, 0u64);
    for (circuit, path) in CIRCUITS.iter().enumerate() {
        for &start in &OCCURRENCES[circuit][usize::from(from)] {
            if start == NONE {
                continue;
            }
            for forward in [true, false] {
                let mut i = usize::from(start);
                let mut looped = false;
                for _ in 0..CIRCUIT_LEN - 1 {
                    looped |= crosses_loop(i, forward);
                    i = if forward {
                        (i + 1) % CIRCUIT_LEN
                    } else {
                        (i + CIRCUIT_LEN - 1) % CIRCUIT_LEN
                    };
                    let p = path[i];
                    let bit = 1u64 << p;
                    if p == from || occupied & bit == 0 {
                        continue;
                    }
                    if enemy & bit != 0 {
                        if looped {
                            with_loop |= bit;
                        } else {
                            without_loop |= bit;
                        }
                    }
                    break;
                }
            }
        }
    }
    (with_loop, without_loop)
}

/// The Zobrist hash of the board `pieces` with `to_move` to move: what
/// `hash_from_scratch` computes for the current position, for any position of
/// the history.
#[must_use]
pub fn board_hash(pieces: [u64; 2], to_move: Side) -> u64 {
    zobrist::side_to_move(to_move, KEYS[SIDE_KEY]) ^ zobrist::pieces(pieces, piece_key)
}

impl Surakarta {
    pub(crate) fn from_parts(
        variant: SurakartaVariant,
        pieces: [u64; 2],
        to_move: Side,
        no_capture_plies: u32,
    ) -> Surakarta {
        let mut position = Surakarta {
            variant,
            pieces,
            to_move,
            no_capture_plies,
            history: vec![pieces],
            hash: 0,
        };
        position.hash = position.hash_from_scratch();
        position
    }

    /// The pieces of `side`.
    #[must_use]
    pub fn pieces(&self, side: Side) -> u64 {
        self.pieces[side.index()]
    }

    /// Plies since the last capture.
    #[must_use]
    pub fn no_capture_plies(&self) -> u32 {
        self.no_capture_plies
    }

    /// The enemy pieces a piece on `from` may capture along a circuit, and the enemy pieces
    /// its circuit paths run into before passing any loop (which it may not capture); see
    /// `circuit_targets`.
    #[must_use]
    pub fn capture_targets(&self, from: Point) -> (u64, u64) {
        let side = if self.pieces[0] & (1 << from) != 0 {
            Side::First
        } else {
            Side::Second
        };
        circuit_targets(self.pieces, side, from)
    }

    /// How many times the current position (board and side to move) has occurred, this time
    /// included. Positions before the last capture have more pieces and are not looked at.
    #[must_use]
    pub fn occurrences(&self) -> u32 {
        let last = self.history.len() - 1;
        let current = self.history[last];
        let oldest = last.saturating_sub(self.no_capture_plies as usize);
        (oldest..last)
            .rev()
            .skip(1)
            .step_by(2)
            .fold(1, |n, i| n + u32::from(self.history[i] == current))
    }

    /// Whether the side to move has a step or a capture.
    #[must_use]
    pub fn has_move(&self) -> bool {
        let us = self.pieces[self.to_move.index()];
        let empty = BOARD & !(self.pieces[0] | self.pieces[1]);
        Bits(us).any(|p| NEIGHBOURS[usize::from(p)] & empty != 0)
            || Bits(us).any(|p| self.capture_targets(p).0 != 0)
    }

    /// The side with more pieces wins, equal counts draw.
    fn by_piece_count(&self, reason: EndReason) -> Outcome {
        let (red, black) = (self.pieces[0].count_ones(), self.pieces[1].count_ones());
        Outcome::by_count(red, black, reason)
    }

    /// Whether an ending other than "no move" applies (the generator finds that one itself).
    fn outcome_before_moves(&self) -> bool {
        self.pieces[0] == 0
            || self.pieces[1] == 0
            || self
                .variant
                .repetition
                .is_some_and(|n| self.occurrences() >= n)
            || self
                .variant
                .no_capture_limit
                .is_some_and(|limit| self.no_capture_plies >= limit)
    }

    /// The boards since the last capture, oldest first, the current one last: the positions
    /// the repetition rule compares with (sides to move alternate backwards from the current).
    #[must_use]
    pub fn boards_since_capture(&self) -> &[[u64; 2]] {
        let last = self.history.len() - 1;
        &self.history[last.saturating_sub(self.no_capture_plies as usize)..]
    }
}

impl Game for Surakarta {
    type Move = Move;
    type Variant = SurakartaVariant;
    type Undo = Undo;
    type Setup = SurakartaSetup;

    /// Red is the first player (home ranks 1-2, moves first, as minizero's player 1 and
    /// iggamecenter's red); black the second (ranks 5-6).
    const SIDE_NAMES: [&'static str; 2] = ["red", "black"];
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "off-board",
        "not-own-piece",
        "occupied",
        "own-piece",
        "not-adjacent",
        "blocked",
        "no-loop",
        "not-on-circuit",
        "nothing-to-capture",
    ];

    /// The start position: red (the first player) on ranks 1-2, black on ranks 5-6, red to move.
    fn start(variant: &SurakartaVariant) -> Surakarta {
        Surakarta::from_parts(*variant, [0x0000_0FFF, 0xF_FF00_0000], Side::First, 0)
    }

    fn variant(&self) -> &SurakartaVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Clears `moves` and fills it with every legal move: per piece (lowest point first), its
    /// steps, then its captures. Empty exactly when the game is over.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome_before_moves() {
            return;
        }
        let empty = BOARD & !(self.pieces[0] | self.pieces[1]);
        for from in Bits(self.pieces[self.to_move.index()]) {
            for to in Bits(NEIGHBOURS[usize::from(from)] & empty) {
                moves.push(Move {
                    from,
                    to,
                    capture: false,
                });
            }
            for to in Bits(self.capture_targets(from).0) {
                moves.push(Move {
                    from,
                    to,
                    capture: true,
                });
            }
        }
    }

    /// Why `mv` may not be played, if it may not. Codes: `game-over`, `off-board`,
    /// `not-own-piece`; for a step `not-adjacent`, `occupied`; for a capture `own-piece` (the
    /// target holds one's own piece), `nothing-to-capture` (the target is empty),
    /// `not-on-circuit` (no circuit joins the two points), `no-loop` (the path reaches the
    /// enemy piece without passing a corner loop), `blocked` (another piece stands in the way).
    ///
    /// # Errors
    /// The first rule the move breaks, in that order.
    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        IllegalMove::check_open_and_on_board(self.outcome().is_some(), &[mv.from, mv.to], POINTS)?;
        let (from, to) = (format_point(mv.from), format_point(mv.to));
        let us = self.pieces[self.to_move.index()];
        let them = self.pieces[self.to_move.opponent().index()];
        if us & (1 << mv.from) == 0 {
            return Err(IllegalMove::new(
                "not-own-piece",
                format!("{from} holds no piece of the side to move"),
            ));
        }
        if !mv.capture {
            if !adjacent(mv.from, mv.to) {
                return Err(IllegalMove::new(
                    "not-adjacent",
                    format!("a step goes to a neighbour: {to} is not next to {from}"),
                ));
            }
            if (us | them) & (1 << mv.to) != 0 {
                return Err(IllegalMove::new(
                    "occupied",
                    format!("{to} is occupied: a step never captures"),
                ));
            }
            return Ok(());
        }
        if us & (1 << mv.to) != 0 {
            return Err(IllegalMove::new(
                "own-piece",
                format!("{to} holds one's own piece"),
            ));
        }
        if them & (1 << mv.to) == 0 {
            return Err(IllegalMove::new(
                "nothing-to-capture",
                format!("{to} holds no enemy piece"),
            ));
        }
        let (with_loop, without_loop) = self.capture_targets(mv.from);
        if with_loop & (1 << mv.to) != 0 {
            return Ok(());
        }
        if !(0..CIRCUITS.len()).any(|c| on_circuit(c, mv.from) && on_circuit(c, mv.to)) {
            return Err(IllegalMove::new(
                "not-on-circuit",
                format!("no circuit runs through both {from} and {to}"),
            ));
        }
        if without_loop & (1 << mv.to) != 0 {
            return Err(IllegalMove::new(
                "no-loop",
                format!("the path from {from} reaches {to} without passing a loop"),
            ));
        }
        Err(IllegalMove::new(
            "blocked",
            format!("every circuit path from {from} to {to} is blocked"),
        ))
    }

    /// Plays `mv`, which must be legal.
    fn make(&mut self, mv: Move) -> Undo {
        let undo = self.no_capture_plies;
        let (us, them) = (self.to_move, self.to_move.opponent());
        self.pieces[us.index()] ^= (1 << mv.from) | (1 << mv.to);
        self.hash ^= piece_key(us, mv.from) ^ piece_key(us, mv.to) ^ KEYS[SIDE_KEY];
        if mv.capture {
            debug_assert!(self.pieces[them.index()] & (1 << mv.to) != 0);
            self.pieces[them.index()] ^= 1 << mv.to;
            self.hash ^= piece_key(them, mv.to);
            self.no_capture_plies = 0;
        } else {
            self.no_capture_plies += 1;
        }
        self.to_move = them;
        self.history.push(self.pieces);
        undo
    }

    /// Takes back `mv`, the last move made, with what `make` returned.
    fn unmake(&mut self, mv: Move, undo: Undo) {
        self.history.pop();
        let (us, them) = (self.to_move.opponent(), self.to_move);
        self.pieces[us.index()] ^= (1 << mv.from) | (1 << mv.to);
        self.hash ^= piece_key(us, mv.from) ^ piece_key(us, mv.to) ^ KEYS[SIDE_KEY];
        if mv.capture {
            self.pieces[them.index()] ^= 1 << mv.to;
            self.hash ^= piece_key(them, mv.to);
        }
        self.no_capture_plies = undo;
        self.to_move = us;
    }

    /// The hash computed from the board and side to move.
    fn hash_from_scratch(&self) -> u64 {
        board_hash(self.pieces, self.to_move)
    }

    /// The endings, checked in this order: a side without pieces loses (`no-pieces`); the
    /// position's n-th occurrence draws (`repetition`); the no-capture limit ends the game on
    /// piece count (`move-limit`); a side to move without any move ends it on piece count
    /// (`no-moves`, minizero's `isTerminal` and `eval`).
    fn outcome(&self) -> Option<Outcome> {
        for side in [self.to_move, self.to_move.opponent()] {
            if self.pieces[side.index()] == 0 {
                return Some(Outcome::win(side.opponent(), EndReason::NoPieces));
            }
        }
        if self
            .variant
            .repetition
            .is_some_and(|n| self.occurrences() >= n)
        {
            return Some(Outcome::draw(EndReason::Repetition));
        }
        if self
            .variant
            .no_capture_limit
            .is_some_and(|limit| self.no_capture_plies >= limit)
        {
            return Some(self.by_piece_count(EndReason::MoveLimit));
        }
        (!self.has_move()).then(|| self.by_piece_count(EndReason::NoMoves))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// The number of legal moves, without listing them (perft's last ply): the steps and the
    /// captures of each piece as bits.
    fn count_moves(&self, _: &mut Vec<Move>) -> u64 {
        if self.outcome_before_moves() {
            return 0;
        }
        let empty = BOARD & !(self.pieces[0] | self.pieces[1]);
        Bits(self.pieces[self.to_move.index()])
            .map(|from| {
                u64::from((NEIGHBOURS[usize::from(from)] & empty).count_ones())
                    + u64::from(self.capture_targets(from).0.count_ones())
            })
            .sum()
    }

    /// An upper bound on the plies left: with a no-capture limit, at most that many plies
    /// before each capture still possible and after the last; without one, none.
    fn longest_game(&self) -> Option<u32> {
        let limit = self.variant.no_capture_limit?;
        let pieces = (self.pieces[0] | self.pieces[1]).count_ones();
        // A capture removes a piece and the game ends when a side has none: at most
        // pieces - 1 captures, each after at most `limit` quiet plies.
        let captures = pieces.saturating_sub(1);
        let first = limit.saturating_sub(self.no_capture_plies);
        Some(first + captures.saturating_mul(limit.saturating_add(1)))
    }

    /// The final piece difference (red minus black) of a finished game.
    fn final_score(&self) -> Option<FinalScore> {
        self.outcome().map(|_| {
            let raw = self.pieces[0].count_ones() as i32 - self.pieces[1].count_ones() as i32;
            FinalScore::plain(raw)
        })
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let enemy = self.pieces(self.to_move.opponent());
        notation::parse_move(text, |p| enemy & (1 << p) != 0)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn picture(&self, marks: &[picture::Mark<Move>]) -> Option<String> {
        Some(svg::picture(self, marks))
    }
}
