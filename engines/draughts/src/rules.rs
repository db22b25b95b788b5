//! The position and the one `impl Game` for it: steps and captures, make and unmake, the
//! endings and the draw rules (Official FMJD rules of international draughts, articles 3, 4
//! and 6).
//!
//! Besides the pieces and the side to move, the position keeps what the draw rules need:
//! the plies since the last capture or man's move (only kings moved since: the 25-move rule,
//! and the window in which a position can repeat), the plies since the material reached one
//! of the endgames of the 16-move and 5-move rules, and the boards of the game so far (the
//! repetition rule compares boards exactly). [`Draughts::make`] pushes onto that history and
//! [`Draughts::unmake`] pops it, so a make/unmake pair restores the position exactly.

mod captures;

use arbiter_core::{Bits, EndReason, Game, IllegalMove, NotationError, Outcome, Side};

use crate::board::{
    BLACK_TO_MOVE, DIRECTIONS, Direction, KEYS, SQUARE_COUNT, SQUARES, bit_of, forward, index_of,
    piece_key, promotion_row, shift, square,
};
use crate::board::{Form, Move};
use crate::notation;
use crate::setup::{self, DraughtsSetup};
use crate::variant::DraughtsVariant;
use captures::{Keep, PathSearch, Walk};

/// Men each side starts with.
pub const MEN: u32 = 20;

/// The endgames with a move limit of their own (FMJD article 6): a lone king against three
/// pieces with a king among them (16 moves each), or against one or two pieces with a king
/// among them (5 moves each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endgame {
    /// Three kings, two kings and a man, or a king and two men against a lone king.
    SixteenMoves,
    /// Two kings, a king and a man, or a king against a lone king.
    FiveMoves,
}

impl Endgame {
    /// The plies after which the endgame is drawn (both players' moves).
    #[must_use]
    pub const fn limit(self) -> u32 {
        match self {
            Endgame::SixteenMoves => 32,
            Endgame::FiveMoves => 10,
        }
    }

    /// The endgame of a board, if it is one of the two.
    #[must_use]
    pub fn of(white: u64, black: u64, kings: u64) -> Option<Endgame> {
        let lone_king = |pieces: u64| pieces.count_ones() == 1 && pieces & kings == pieces;
        let against = |pieces: u64| match (pieces.count_ones(), (pieces & kings).count_ones()) {
            (_, 0) => None,
            (3, _) => Some(Endgame::SixteenMoves),
            (1 | 2, _) => Some(Endgame::FiveMoves),
            _ => None,
        };
        if lone_king(black) {
            against(white)
        } else if lone_king(white) {
            against(black)
        } else {
            None
        }
    }
}

/// An international draughts position with its game so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draughts {
    pub(crate) variant: DraughtsVariant,
    /// White's and black's pieces (bits of `crate::board`), indexed by [`Side::index`].
    pub(crate) pieces: [u64; 2],
    /// The kings of both sides.
    pub(crate) kings: u64,
    pub(crate) to_move: Side,
    /// Plies since the last capture or man's move: only kings have moved since.
    pub(crate) king_plies: u32,
    /// Plies since the material became the current [`Endgame`] (0 outside one).
    pub(crate) endgame_plies: u32,
    /// The boards (white, black, kings) of every position so far, the current one last.
    pub(crate) history: Vec<[u64; 3]>,
    pub(crate) hash: u64,
}

/// What [`Draughts::make`] returns for [`Draughts::unmake`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    king_plies: u32,
    endgame_plies: u32,
    /// The kings among the captured pieces.
    captured_kings: u64,
    /// Whether the move crowned a man.
    crowned: bool,
}

impl Draughts {
    /// The start position: white men on 31–50, black men on 1–20, white to move.
    #[must_use]
    pub fn new(variant: DraughtsVariant) -> Draughts {
        let range = |first: usize, last: usize| (first..=last).fold(0, |set, i| set | square(i));
        Draughts::from_parts(variant, [range(30, 49), range(0, 19)], 0, Side::First, 0, 0)
    }

    pub(crate) fn from_parts(
        variant: DraughtsVariant,
        pieces: [u64; 2],
        kings: u64,
        to_move: Side,
        king_plies: u32,
        endgame_plies: u32,
    ) -> Draughts {
        let mut game = Draughts {
            variant,
            pieces,
            kings,
            to_move,
            king_plies,
            endgame_plies,
            history: vec![[pieces[0], pieces[1], kings]],
            hash: 0,
        };
        game.hash = game.hash_from_scratch();
        game
    }

    /// The raw setup of this position (its history is not part of it).
    #[must_use]
    pub fn to_setup(&self) -> DraughtsSetup {
        setup::to_setup(self)
    }

    /// The pieces of `side` (bits of `crate::board`).
    #[must_use]
    pub fn pieces(&self, side: Side) -> u64 {
        self.pieces[side.index()]
    }

    /// The kings of both sides.
    #[must_use]
    pub fn kings(&self) -> u64 {
        self.kings
    }

    /// Every occupied square.
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// Plies since the last capture or man's move.
    #[must_use]
    pub fn king_plies(&self) -> u32 {
        self.king_plies
    }

    /// Plies played in the current endgame of the 16-move or 5-move rule.
    #[must_use]
    pub fn endgame_plies(&self) -> u32 {
        self.endgame_plies
    }

    /// The boards since the last capture or man's move, oldest first, the current one last
    /// (sides to move alternate backwards from the current one).
    #[must_use]
    pub fn boards_since_progress(&self) -> &[[u64; 3]] {
        let last = self.history.len() - 1;
        &self.history[last.saturating_sub(self.king_plies as usize)..]
    }

    /// How many times the current position (pieces and side to move) has occurred, this
    /// time included. Boards before the last capture or man's move cannot come back.
    #[must_use]
    pub fn occurrences(&self) -> u32 {
        let boards = self.boards_since_progress();
        let current = boards[boards.len() - 1];
        boards
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&board| board == current)
            .count() as u32
    }

    /// The draw that applies before any move is looked at, if one does.
    fn drawn(&self) -> bool {
        let variant = &self.variant;
        variant.repetition.is_some_and(|n| self.occurrences() >= n)
            || variant.king_moves.is_some_and(|n| self.king_plies >= 2 * n)
            || (variant.endgame_rule
                && Endgame::of(self.pieces[0], self.pieces[1], self.kings)
                    .is_some_and(|endgame| self.endgame_plies >= endgame.limit()))
    }

    /// The steps of the side to move, appended to `moves`.
    fn steps(&self, moves: &mut Vec<Move>) {
        let us = self.to_move;
        let empty = SQUARES & !self.occupied();
        let men = self.pieces[us.index()] & !self.kings;
        for direction in forward(us) {
            for to in Bits(shift(men, direction) & empty) {
                let from = i32::from(to) - i32::from(direction.0);
                moves.push(Move::step(
                    index_of(from as u32) as u8,
                    index_of(u32::from(to)) as u8,
                ));
            }
        }
        for king in Bits(self.pieces[us.index()] & self.kings) {
            let from = index_of(u32::from(king)) as u8;
            for direction in DIRECTIONS {
                let mut to = shift(1 << king, direction) & empty;
                while to != 0 {
                    moves.push(Move::step(from, index_of(to.trailing_zeros()) as u8));
                    to = shift(to, direction) & empty;
                }
            }
        }
    }

    /// The number of steps of the side to move.
    fn count_steps(&self) -> u64 {
        let us = self.to_move;
        let empty = SQUARES & !self.occupied();
        let men = self.pieces[us.index()] & !self.kings;
        let mut count: u64 = forward(us)
            .into_iter()
            .map(|direction| u64::from((shift(men, direction) & empty).count_ones()))
            .sum();
        for king in Bits(self.pieces[us.index()] & self.kings) {
            for direction in DIRECTIONS {
                let mut to = shift(1 << king, direction) & empty;
                while to != 0 {
                    count += 1;
                    to = shift(to, direction) & empty;
                }
            }
        }
        count
    }

    /// Whether the side to move has a capture (and so must capture).
    #[must_use]
    pub fn must_capture(&self) -> bool {
        let us = self.pieces[self.to_move.index()];
        let enemy = self.pieces[self.to_move.opponent().index()];
        let empty = SQUARES & !self.occupied();
        Walk::men_can_jump(us & !self.kings, enemy, empty)
            || Bits(us & self.kings).any(|king| Walk::king_can_jump(1 << king, enemy, empty))
    }

    /// The complete captures of the side to move, appended to `moves` from `first` on:
    /// those of the greatest count ([`Keep::Most`]) or all of them ([`Keep::All`]).
    fn captures(&self, moves: &mut Vec<Move>, keep: Keep) {
        let us = self.pieces[self.to_move.index()];
        let enemy = self.pieces[self.to_move.opponent().index()];
        let occupied = self.occupied();
        let first = moves.len();
        let mut walk = Walk {
            enemy,
            empty: 0,
            keep,
            best: 1,
            first,
            found: moves,
        };
        for at in Bits(us) {
            let bit = 1u64 << at;
            walk.empty = SQUARES & !(occupied & !bit);
            let from = index_of(u32::from(at)) as u8;
            if self.kings & bit != 0 {
                walk.king(from, bit, 0);
            } else {
                walk.man(from, bit, 0);
            }
        }
    }

    /// Every legal move, in a new list.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// A path of landing squares (indices, start first, end last) of the capture `mv`.
    #[must_use]
    pub fn capture_path(&self, mv: Move) -> Option<Vec<u8>> {
        let from = square(usize::from(mv.from));
        let search = PathSearch {
            king: self.kings & from != 0,
            enemy: self.pieces[self.to_move.opponent().index()],
            empty: SQUARES & !(self.occupied() & !from),
            to: square(usize::from(mv.to)),
            target: mv.captured,
        };
        let mut path = Vec::new();
        search.find(from, 0, &mut path).then_some(path)
    }

    /// The side that owns the piece on square index `i`, and whether it is a king.
    fn piece_on(&self, i: usize) -> Option<(Side, bool)> {
        let bit = square(i);
        [Side::First, Side::Second]
            .into_iter()
            .find(|side| self.pieces[side.index()] & bit != 0)
            .map(|side| (side, self.kings & bit != 0))
    }

    /// Why a move that is not among the legal ones is refused.
    fn refusal(&self, mv: Move) -> IllegalMove {
        let number = |i: u8| u32::from(i) + 1;
        let (from, to) = (number(mv.from), number(mv.to));
        let Some((side, king)) = self.piece_on(usize::from(mv.from)) else {
            return IllegalMove::new("not-own-piece", format!("square {from} is empty"));
        };
        if side != self.to_move {
            return IllegalMove::new(
                "not-own-piece",
                format!("square {from} holds a {} piece", Draughts::side_name(side)),
            );
        }
        if mv.from != mv.to && self.piece_on(usize::from(mv.to)).is_some() {
            return IllegalMove::new("occupied", format!("square {to} is occupied"));
        }
        if mv.form == Form::Ambiguous {
            return IllegalMove::new(
                "ambiguous",
                format!(
                    "several captures from {from} to {to} take different pieces: write the \
                     squares the piece lands on, e.g. {from}x..x{to}"
                ),
            );
        }
        if mv.is_capture() {
            return self.capture_refusal(mv);
        }
        let Some(direction) = diagonal(mv.from, mv.to) else {
            return IllegalMove::new(
                "not-diagonal",
                format!("{to} is not on a diagonal through {from}"),
            );
        };
        if !king {
            if !forward(side).contains(&direction) {
                return IllegalMove::new(
                    "wrong-direction",
                    format!("a man moves forwards only: {from}-{to} goes backwards"),
                );
            }
            if shift(square(usize::from(mv.from)), direction) != square(usize::from(mv.to)) {
                return IllegalMove::new(
                    "too-far",
                    format!("a man moves one square: {from}-{to} goes further"),
                );
            }
        } else {
            let mut at = shift(square(usize::from(mv.from)), direction);
            while at != square(usize::from(mv.to)) {
                if at & self.occupied() != 0 {
                    return IllegalMove::new(
                        "blocked",
                        format!("a piece stands between {from} and {to}"),
                    );
                }
                at = shift(at, direction);
            }
        }
        IllegalMove::new(
            "capture-available",
            "capturing is compulsory: a capture is available",
        )
    }

    /// Why a written capture that is not legal is refused: it takes fewer pieces than the
    /// most one can take, or no complete capture fits it.
    fn capture_refusal(&self, mv: Move) -> IllegalMove {
        let (from, to) = (u32::from(mv.from) + 1, u32::from(mv.to) + 1);
        let mut all = Vec::new();
        self.captures(&mut all, Keep::All);
        let fits = |other: &Move| {
            other.from == mv.from
                && other.to == mv.to
                && (mv.form == Form::Unresolved || other.captured == mv.captured)
        };
        let mut legal = Vec::new();
        self.captures(&mut legal, Keep::Most);
        let most = legal.first().map_or(0, |mv| mv.captured.count_ones());
        // A written path that fits no capture is no capture, even where a legal one ends on
        // the same square; only a complete capture of fewer pieces is "not the maximum".
        if let Some(shorter) = all
            .iter()
            .find(|other| fits(other) && other.captured.count_ones() < most)
        {
            return IllegalMove::new(
                "not-maximum-capture",
                format!(
                    "{from}x{to} takes {} piece(s), but a capture of {most} is available: the \
                     capture of the most pieces is compulsory",
                    shorter.captured.count_ones()
                ),
            );
        }
        IllegalMove::new(
            "no-capture",
            format!("no complete capture from {from} to {to} takes the pieces written"),
        )
    }
}

/// The direction from square index `from` to `to`, if they share a diagonal.
fn diagonal(from: u8, to: u8) -> Option<Direction> {
    let target = square(usize::from(to));
    DIRECTIONS.into_iter().find(|&direction| {
        let mut at = shift(square(usize::from(from)), direction);
        while at != 0 && at != target {
            at = shift(at, direction);
        }
        at != 0
    })
}

impl Game for Draughts {
    type Move = Move;
    type Variant = DraughtsVariant;
    type Undo = Undo;
    type Setup = DraughtsSetup;

    /// White moves first (FMJD article 3) from squares 31–50; black starts on 1–20.
    const SIDE_NAMES: [&'static str; 2] = ["white", "black"];
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "not-own-piece",
        "occupied",
        "not-diagonal",
        "wrong-direction",
        "too-far",
        "blocked",
        "capture-available",
        "not-maximum-capture",
        "no-capture",
        "ambiguous",
    ];

    fn start(variant: &DraughtsVariant) -> Draughts {
        Draughts::new(*variant)
    }

    fn variant(&self) -> &DraughtsVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// The captures of the most pieces when a capture is possible, else every step. Empty
    /// exactly when the game is over.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.drawn() {
            return;
        }
        if self.must_capture() {
            self.captures(moves, Keep::Most);
        } else {
            self.steps(moves);
        }
    }

    /// Bulk count: the steps are counted by population count, without a list.
    fn count_moves(&self, buffer: &mut Vec<Move>) -> u64 {
        if self.drawn() {
            return 0;
        }
        if self.must_capture() {
            buffer.clear();
            self.captures(buffer, Keep::Most);
            buffer.len() as u64
        } else {
            self.count_steps()
        }
    }

    /// Codes: `game-over`; `not-own-piece` (the start square is empty or the opponent's);
    /// `occupied` (the end square is taken); `ambiguous` (a capture by its start and end
    /// when several fit); for a capture `not-maximum-capture` (a complete capture that
    /// takes fewer than the most pieces) or `no-capture` (no complete capture fits); for a
    /// step `not-diagonal`, `wrong-direction` (a man going backwards), `too-far` (a man
    /// going more than one square), `blocked` (a king's way is not free) or
    /// `capture-available` (capturing is compulsory).
    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::new(
                "game-over",
                format!("the game is over ({})", outcome.reason),
            ));
        }
        if mv.form == Form::Played && self.legal_moves().contains(&mv) {
            return Ok(());
        }
        Err(self.refusal(mv))
    }

    fn make(&mut self, mv: Move) -> Undo {
        let (us, them) = (self.to_move, self.to_move.opponent());
        let (from, to) = (square(usize::from(mv.from)), square(usize::from(mv.to)));
        let king = self.kings & from != 0;
        let crowned = !king && to & promotion_row(us) != 0;
        let captured_kings = self.kings & mv.captured;
        let undo = Undo {
            king_plies: self.king_plies,
            endgame_plies: self.endgame_plies,
            captured_kings,
            crowned,
        };
        let endgame = Endgame::of(self.pieces[0], self.pieces[1], self.kings);
        self.pieces[us.index()] ^= from ^ to;
        if king {
            self.kings ^= from ^ to;
        }
        if crowned {
            self.kings |= to;
        }
        self.hash ^= piece_key(us, king, usize::from(mv.from))
            ^ piece_key(us, king || crowned, usize::from(mv.to))
            ^ KEYS[BLACK_TO_MOVE];
        for bit in Bits(mv.captured) {
            let i = index_of(u32::from(bit));
            self.hash ^= piece_key(them, captured_kings & (1 << bit) != 0, i);
        }
        self.pieces[them.index()] &= !mv.captured;
        self.kings &= !mv.captured;
        self.king_plies = if king && mv.captured == 0 {
            self.king_plies + 1
        } else {
            0
        };
        let now = Endgame::of(self.pieces[0], self.pieces[1], self.kings);
        self.endgame_plies = match now {
            Some(now) if Some(now) == endgame => self.endgame_plies + 1,
            _ => 0,
        };
        self.to_move = them;
        self.history
            .push([self.pieces[0], self.pieces[1], self.kings]);
        undo
    }

    fn unmake(&mut self, mv: Move, undo: Undo) {
        self.history.pop();
        let (us, them) = (self.to_move.opponent(), self.to_move);
        let (from, to) = (square(usize::from(mv.from)), square(usize::from(mv.to)));
        let king_now = self.kings & to != 0;
        let king = king_now && !undo.crowned;
        self.hash ^= piece_key(us, king, usize::from(mv.from))
            ^ piece_key(us, king_now, usize::from(mv.to))
            ^ KEYS[BLACK_TO_MOVE];
        for bit in Bits(mv.captured) {
            let i = index_of(u32::from(bit));
            self.hash ^= piece_key(them, undo.captured_kings & (1 << bit) != 0, i);
        }
        if undo.crowned {
            self.kings &= !to;
        }
        if king {
            self.kings ^= from ^ to;
        }
        self.pieces[us.index()] ^= from ^ to;
        self.pieces[them.index()] |= mv.captured;
        self.kings |= undo.captured_kings;
        self.king_plies = undo.king_plies;
        self.endgame_plies = undo.endgame_plies;
        self.to_move = us;
    }

    /// The endings, in this order: a side to move without pieces loses (`no-pieces`); the
    /// repetition draw (`repetition`); the 25-move and the 16/5-move draws (`move-limit`); a
    /// side to move without a move loses (`stalemate`, FMJD article 6: a player who cannot
    /// move loses).
    fn outcome(&self) -> Option<Outcome> {
        let us = self.to_move;
        if self.pieces[us.index()] == 0 {
            return Some(Outcome::win(us.opponent(), EndReason::NoPieces));
        }
        let variant = &self.variant;
        if variant.repetition.is_some_and(|n| self.occurrences() >= n) {
            return Some(Outcome::draw(EndReason::Repetition));
        }
        if self.drawn() {
            return Some(Outcome::draw(EndReason::MoveLimit));
        }
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves
            .is_empty()
            .then(|| Outcome::win(us.opponent(), EndReason::Stalemate))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.to_move == Side::Second {
            KEYS[BLACK_TO_MOVE]
        } else {
            0
        };
        for side in [Side::First, Side::Second] {
            for bit in Bits(self.pieces[side.index()]) {
                let king = self.kings & (1 << bit) != 0;
                hash ^= piece_key(side, king, index_of(u32::from(bit)));
            }
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self, mv)
    }

    fn picture(&self, marks: &[arbiter_core::picture::Mark<Move>]) -> Option<String> {
        Some(crate::svg::picture(self, marks))
    }

    /// With the 25-move rule: every man's step and every capture is progress, and at most
    /// 2N − 1 king plies can follow each before the rule draws. A man advances at most to
    /// its promotion row and at most every piece but one is captured.
    fn longest_game(&self) -> Option<u32> {
        let limit = 2 * self.variant.king_moves?;
        let steps: u32 = [Side::First, Side::Second]
            .into_iter()
            .map(|side| {
                Bits(self.pieces[side.index()] & !self.kings)
                    .map(|bit| {
                        let row = crate::board::row_of(index_of(u32::from(bit))) as u32;
                        if side == Side::First { row } else { 9 - row }
                    })
                    .sum::<u32>()
            })
            .sum();
        let captures = self.occupied().count_ones().saturating_sub(1);
        let progress = steps + captures;
        Some(limit.saturating_sub(self.king_plies) + progress.saturating_mul(limit))
    }
}

// The layout's bits are below 54, so a bit index is a u8 and a square index fits in a u8.
const _: () = assert!(bit_of(SQUARE_COUNT - 1) < 64);
