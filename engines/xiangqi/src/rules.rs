//! The position and the ONE `impl Game` for it: moves, refusals with their reasons, make and
//! unmake, the endings (mate, stalemate, the repetition rulings, the natural-move limit), the
//! incremental hash.
//!
//! Besides the board and the side to move the position keeps what the endings need: the
//! plies since the last capture (the natural-move limit), whether the side to move is in check,
//! and one record per ply played since the setup (the hash of the position before it, the
//! move, what it took, whether the mover stood in check), from which the repetition rulings
//! rebuild every position of a cycle. [`Xiangqi::make`] pushes a record and
//! [`Xiangqi::unmake`] pops it, so a make/unmake pair restores the position exactly.

use arbiter_core::{
    EndReason, Game, IllegalMove, NotationError, Outcome, PositionText, Side, picture, zobrist,
};

pub use crate::movegen::Board;

use crate::board::Move;
use crate::board::{
    ADVISOR_MOVES, EMPTY, HORSE_MOVES, KEYS, KING_MOVES, Kind, PAWN_MOVES, POINTS, Piece, Point,
    SIDE_KEY, at, bit, file_of, in_palace, kind_of, own_half, piece_key, rank_of, side_of,
};
use crate::notation::{self, format_point};
use crate::setup::{self, XiangqiSetup};
use crate::variant::XiangqiVariant;

/// One ply played since the setup, as [`Xiangqi::unmake`] and the repetition rulings need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The hash of the position before the move.
    pub hash: u64,
    pub mv: Move,
    /// What the move took (0 for nothing).
    pub captured: Piece,
    /// The plies since the last capture before the move.
    pub quiet: u32,
    /// Whether the side that moved stood in check before the move.
    pub check: bool,
}

/// A xiangqi position with the plies played since its setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xiangqi {
    pub(crate) variant: XiangqiVariant,
    pub(crate) board: Board,
    pub(crate) to_move: Side,
    /// Whether the side to move is in check (its general attacked).
    pub(crate) in_check: bool,
    /// Plies since the last capture (the setup's count included).
    pub(crate) quiet: u32,
    /// The full-move number of the setup (FEN's last field).
    pub(crate) first_move_number: u32,
    pub(crate) hash: u64,
    /// The plies played since the setup, oldest first.
    pub(crate) past: Vec<Ply>,
}

/// The hash of `board` with `to_move` to move, from scratch.
#[must_use]
pub fn board_hash(board: &Board, to_move: Side) -> u64 {
    zobrist::side_to_move(to_move, KEYS[SIDE_KEY])
        ^ zobrist::pieces(board.sides, |_, p| piece_key(board.at(p), p))
}

impl Xiangqi {
    /// A position from its parts (validated by the caller), starting a fresh record of plies.
    pub(crate) fn from_parts(
        variant: XiangqiVariant,
        board: Board,
        to_move: Side,
        quiet: u32,
        first_move_number: u32,
    ) -> Xiangqi {
        let in_check = board.in_check(to_move);
        let hash = board_hash(&board, to_move);
        Xiangqi {
            variant,
            board,
            to_move,
            in_check,
            quiet,
            first_move_number,
            hash,
            past: Vec::new(),
        }
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on `p` as (side, kind), if any.
    #[must_use]
    pub fn piece_at(&self, p: Point) -> Option<(Side, Kind)> {
        let piece = self.board.at(p);
        (piece != EMPTY).then(|| (side_of(piece), kind_of(piece)))
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// Plies since the last capture.
    #[must_use]
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The plies played since the setup, oldest first.
    #[must_use]
    pub fn past(&self) -> &[Ply] {
        &self.past
    }

    /// The full-move number (FEN's last field) of the current position.
    #[must_use]
    pub fn move_number(&self) -> u32 {
        let plies = self.past.len() as u32 + u32::from(self.side_at_setup() == Side::Second);
        self.first_move_number.saturating_add(plies / 2)
    }

    /// The side to move at the setup.
    fn side_at_setup(&self) -> Side {
        if self.past.len().is_multiple_of(2) {
            self.to_move
        } else {
            self.to_move.opponent()
        }
    }

    /// How many times the current position (board and side to move) has stood since the
    /// setup and the last capture, this time included (compared by hash).
    #[must_use]
    pub fn occurrences(&self) -> u32 {
        let since_capture = (self.quiet as usize).min(self.past.len());
        let first = self.past.len() - since_capture;
        // Positions an even number of plies back have the same side to move.
        (first..self.past.len())
            .rev()
            .skip(1)
            .step_by(2)
            .fold(1, |n, i| n + u32::from(self.past[i].hash == self.hash))
    }

    /// Whether a repetition ruling or the natural-move limit ends the game here (the endings
    /// that hold even with legal moves left).
    fn ruled_over(&self) -> bool {
        self.variant
            .ply_limit()
            .is_some_and(|limit| self.quiet >= limit)
            || crate::rulings::due(self)
    }

    /// The endings, in this order: a side to move without a legal move loses (`checkmate` in
    /// check, else `stalemate`); a repetition ruling (`repetition`: a draw, or a loss for the
    /// side the ruling finds at fault, see [`crate::rulings`]); the natural-move limit
    /// (`move-limit`, a draw).
    fn ending(&self) -> Option<Outcome> {
        if !self.board.has_legal_move(self.to_move, self.in_check) {
            let reason = if self.in_check {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            return Some(Outcome::win(self.to_move.opponent(), reason));
        }
        if let Some(outcome) = crate::rulings::rule(self) {
            return Some(outcome);
        }
        self.variant
            .ply_limit()
            .is_some_and(|limit| self.quiet >= limit)
            .then_some(Outcome::draw(EndReason::MoveLimit))
    }

    /// Why the piece on `mv.from` cannot make `mv` by the rules of its kind, on the board as
    /// it stands (its own general's safety aside).
    fn piece_rule(&self, mv: Move, kind: Kind) -> Result<(), IllegalMove> {
        let us = self.to_move;
        let (from, to) = (format_point(mv.from), format_point(mv.to));
        let name = kind_name(kind);
        let shape = || {
            IllegalMove::new(
                "not-a-move",
                format!("the {name} on {from} cannot move to {to}"),
            )
        };
        let occupied = |p: Point| self.board.occupied & bit(p) != 0;
        // A point the move needs empty (an elephant's eye, a horse's leg): when it is taken,
        // refused with `code` and a message naming it.
        let empty_or = |p: Point, code: &'static str, message: &dyn Fn(String) -> String| {
            if occupied(p) {
                Err(IllegalMove::new(code, message(format_point(p))))
            } else {
                Ok(())
            }
        };
        match kind {
            Kind::King | Kind::Advisor => {
                let table = if kind == Kind::King {
                    &KING_MOVES
                } else {
                    &ADVISOR_MOVES
                };
                let (df, dr) = (
                    file_of(mv.from).abs_diff(file_of(mv.to)),
                    rank_of(mv.from).abs_diff(rank_of(mv.to)),
                );
                let step_shape = if kind == Kind::King {
                    df + dr == 1
                } else {
                    df == 1 && dr == 1
                };
                if !step_shape {
                    return Err(shape());
                }
                if !in_palace(us, mv.to) || !table[usize::from(mv.from)].contains(&mv.to) {
                    return Err(IllegalMove::new(
                        "palace",
                        format!("the {name} may not leave its palace: {to} is outside it"),
                    ));
                }
            }
            Kind::Elephant => {
                let (df, dr) = (
                    file_of(mv.from).abs_diff(file_of(mv.to)),
                    rank_of(mv.from).abs_diff(rank_of(mv.to)),
                );
                if df != 2 || dr != 2 {
                    return Err(shape());
                }
                if !own_half(us, mv.to) {
                    return Err(IllegalMove::new(
                        "river",
                        format!("the elephant may not cross the river to {to}"),
                    ));
                }
                // The eye (象眼) is the point halfway.
                let eye = at(
                    (file_of(mv.from) + file_of(mv.to)) / 2,
                    (rank_of(mv.from) + rank_of(mv.to)) / 2,
                );
                empty_or(eye, "elephant-eye-blocked", &|eye| {
                    format!("the elephant's eye {eye} between {from} and {to} is occupied")
                })?;
            }
            Kind::Horse => {
                let Some(&(_, leg)) = HORSE_MOVES[usize::from(mv.from)]
                    .iter()
                    .find(|&&(t, _)| t == mv.to)
                else {
                    return Err(shape());
                };
                empty_or(leg, "blocked-leg", &|leg| {
                    format!("the horse on {from} is hobbled: its leg {leg} is occupied")
                })?;
            }
            Kind::Pawn => {
                if !PAWN_MOVES[us.index()][usize::from(mv.from)].contains(&mv.to) {
                    let sideways = rank_of(mv.from) == rank_of(mv.to)
                        && file_of(mv.from).abs_diff(file_of(mv.to)) == 1;
                    return Err(if sideways {
                        IllegalMove::new(
                            "river",
                            format!(
                                "the pawn on {from} moves sideways only once it has crossed the river"
                            ),
                        )
                    } else {
                        shape()
                    });
                }
            }
            Kind::Rook | Kind::Cannon => {
                if mv.from == mv.to
                    || (file_of(mv.from) != file_of(mv.to) && rank_of(mv.from) != rank_of(mv.to))
                {
                    return Err(shape());
                }
                let between = between(mv.from, mv.to).filter(|&p| occupied(p)).count();
                let capture = occupied(mv.to);
                if kind == Kind::Rook || !capture {
                    if between > 0 {
                        return Err(IllegalMove::new(
                            "blocked",
                            format!("a piece stands between {from} and {to}"),
                        ));
                    }
                } else if between == 0 {
                    return Err(IllegalMove::new(
                        "no-screen",
                        format!(
                            "the cannon captures over exactly one piece: none stands between {from} and {to}"
                        ),
                    ));
                } else if between > 1 {
                    return Err(IllegalMove::new(
                        "blocked",
                        format!(
                            "the cannon captures over exactly one piece: {between} stand between {from} and {to}"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The points strictly between two points of one line.
fn between(a: Point, b: Point) -> impl Iterator<Item = Point> {
    let (fa, ra, fb, rb) = (file_of(a), rank_of(a), file_of(b), rank_of(b));
    let points: Vec<Point> = if ra == rb {
        (fa.min(fb) + 1..fa.max(fb)).map(|f| at(f, ra)).collect()
    } else {
        (ra.min(rb) + 1..ra.max(rb)).map(|r| at(fa, r)).collect()
    };
    points.into_iter()
}

/// The English name of a kind in messages.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::King => "general",
        Kind::Advisor => "advisor",
        Kind::Elephant => "elephant",
        Kind::Horse => "horse",
        Kind::Rook => "rook",
        Kind::Cannon => "cannon",
        Kind::Pawn => "pawn",
    }
}

impl Game for Xiangqi {
    /// Red moves first (WXF and UCCI FEN write it `w`); black second.
    const SIDE_NAMES: [&'static str; 2] = ["red", "black"];
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "off-board",
        "not-own-piece",
        "occupied-by-own",
        "not-a-move",
        "palace",
        "river",
        "blocked-leg",
        "elephant-eye-blocked",
        "blocked",
        "no-screen",
        "flying-generals",
        "leaves-general-in-check",
    ];

    type Move = Move;
    type Setup = XiangqiSetup;
    /// Everything a move changes is in the position's record of plies.
    type Undo = ();
    type Variant = XiangqiVariant;

    fn start(variant: &XiangqiVariant) -> Xiangqi {
        let setup = XiangqiSetup::parse_position(variant, setup::START_FEN)
            .unwrap_or_else(|_| unreachable!());
        setup.validate(variant).unwrap_or_else(|_| unreachable!())
    }

    /// Every legal move, piece by piece from a0; empty exactly when the game is over.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.ruled_over() {
            return;
        }
        self.board
            .legal_moves(self.to_move, self.in_check, |mv| moves.push(mv));
    }

    fn count_moves(&self, _: &mut Vec<Move>) -> u64 {
        if self.ruled_over() {
            return 0;
        }
        let mut count = 0;
        self.board
            .legal_moves(self.to_move, self.in_check, |_| count += 1);
        count
    }

    /// Why `mv` may not be played, checked in this order: `game-over`; `off-board`;
    /// `not-own-piece` (no piece of the side to move on the start point); `occupied-by-own`;
    /// the piece's own rule: `not-a-move` (the piece never moves so), `palace` (the general or
    /// an advisor leaving its palace), `river` (an elephant crossing it, a pawn stepping
    /// sideways before crossing it), `blocked-leg` (the horse's leg, 蹩馬腿),
    /// `elephant-eye-blocked` (塞象眼), `blocked` (a piece in a rook's or cannon's way, or more
    /// than one cannon screen), `no-screen` (a cannon capture with nothing to jump);
    /// then the general's safety: `flying-generals` (the generals would face each other on an
    /// open file), `leaves-general-in-check` (its own general attacked afterwards).
    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        IllegalMove::check_open_and_on_board(self.outcome().is_some(), &[mv.from, mv.to], POINTS)?;
        let (from, to) = (format_point(mv.from), format_point(mv.to));
        let us = self.to_move;
        let moving = self.board.at(mv.from);
        if moving == EMPTY || side_of(moving) != us {
            return Err(IllegalMove::new(
                "not-own-piece",
                format!("{from} holds no piece of the side to move"),
            ));
        }
        if self.board.sides[us.index()] & bit(mv.to) != 0 {
            return Err(IllegalMove::new(
                "occupied-by-own",
                format!("{to} holds a piece of the side to move"),
            ));
        }
        self.piece_rule(mv, kind_of(moving))?;
        if self.board.generals_face_after(mv) {
            return Err(IllegalMove::new(
                "flying-generals",
                "the generals would face each other on an open file",
            ));
        }
        if !self.board.safe_after(us, mv) {
            return Err(IllegalMove::new(
                "leaves-general-in-check",
                if self.in_check {
                    "the move leaves the general in check".to_owned()
                } else {
                    "the move exposes the general to check".to_owned()
                },
            ));
        }
        Ok(())
    }

    fn make(&mut self, mv: Move) {
        let moving = self.board.at(mv.from);
        let captured = self.board.shift(mv);
        self.past.push(Ply {
            hash: self.hash,
            mv,
            captured,
            quiet: self.quiet,
            check: self.in_check,
        });
        self.hash ^= piece_key(moving, mv.from) ^ piece_key(moving, mv.to) ^ KEYS[SIDE_KEY];
        if captured == EMPTY {
            self.quiet += 1;
        } else {
            self.hash ^= piece_key(captured, mv.to);
            self.quiet = 0;
        }
        self.to_move = self.to_move.opponent();
        self.in_check = self.board.in_check(self.to_move);
    }

    fn unmake(&mut self, mv: Move, (): ()) {
        let Some(ply) = self.past.pop() else {
            debug_assert!(false, "unmake without a move made");
            return;
        };
        debug_assert_eq!(ply.mv, mv);
        self.board.unshift(mv, ply.captured);
        self.hash = ply.hash;
        self.quiet = ply.quiet;
        self.in_check = ply.check;
        self.to_move = self.to_move.opponent();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        board_hash(&self.board, self.to_move)
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn variant(&self) -> &XiangqiVariant {
        &self.variant
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn picture(&self, marks: &[picture::Mark<Move>]) -> Option<String> {
        Some(crate::svg::picture(self, marks))
    }

    /// Two independent Zobrist hashes while no ending by history can come below
    /// (the `perft_key` module).
    fn perft_key(&self, depth_left: u32) -> Option<u128> {
        crate::perft_key::perft_key(self, depth_left)
    }

    /// An upper bound from the natural-move limit: at most that many plies before each
    /// capture still possible (every piece but the generals) and after the last.
    fn longest_game(&self) -> Option<u32> {
        let limit = self.variant.ply_limit()?;
        let captures = self.board.occupied.count_ones().saturating_sub(2);
        let first = limit.saturating_sub(self.quiet);
        Some(first.saturating_add(captures.saturating_mul(limit.saturating_add(1))))
    }
}
