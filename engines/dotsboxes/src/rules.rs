//! The position and the rules of play: turns, their legality, make and unmake.
//!
//! State: the set of drawn lines, the boxes each side owns, the side to move and the Zobrist
//! hash. A **turn** draws lines until one completes no box: every line but the last completes
//! at least one box (and the player must then draw again), the last completes none, unless
//! it is the last line of the board. The lines of a turn can be drawn in any order that keeps
//! this rule and reach the same position, so a turn is the set of its lines ([`Move`]); a set
//! is a legal turn exactly when [`drawing_order`] (completing lines first) draws it under the
//! rule. The side to move alternates after every turn, as in every other arbiter game.
//!
//! **Generating turns.** A set of lines is *reachable* in a turn when it can be drawn line by
//! line with each line completing a box. Completing is monotone (a line that completes a box
//! still does after more lines are drawn), so the reachable sets are found by growing them
//! one completing line at a time, and every turn is a reachable set plus one line that
//! completes nothing at that point (or the whole rest of the board). Different sets give
//! different turns: a turn's last line is the only one of its lines that completes nothing
//! once the others are drawn. When no box has three sides drawn, the only reachable set is
//! the empty one and the turns are the single undrawn lines.

use arbiter_core::{
    Bits, EndReason, FinalScore, Game, IllegalMove, NotationError, Outcome, Side, picture, zobrist,
};

use crate::board::{Geometry, MAX_BOXES};
use crate::notation::{self, Move, drawing_order, format_line, format_lines};
use crate::setup::DotsBoxesSetup;
use crate::svg;
use crate::variant::DotsBoxesVariant;

/// Zobrist keys: a drawn line per line, a black box per box, a white box per box, then white
/// to move.
static KEYS: [u64; 64 + 2 * MAX_BOXES + 1] = zobrist::keys(0x444F_5453_424F_5845);
const SIDE_KEY: usize = 64 + 2 * MAX_BOXES;

fn line_key(edge: u8) -> u64 {
    KEYS[usize::from(edge)]
}

fn box_key(side: Side, id: u8) -> u64 {
    KEYS[64 + side.index() * MAX_BOXES + usize::from(id)]
}

/// What a turn of `mover` drawing `mv` and completing the boxes `completed` changes in the
/// hash (make and unmake apply it alike).
fn turn_key(mover: Side, mv: Move, completed: u32) -> u64 {
    let lines = Bits(mv.lines()).fold(0, |hash, edge| hash ^ line_key(edge));
    KEYS[SIDE_KEY] ^ lines ^ zobrist::pieces([completed, 0], |_, id| box_key(mover, id))
}

/// Reusable buffers for turn generation: the reachable sets of one size and of the next.
#[derive(Clone, Debug, Default)]
pub struct TurnScratch {
    layer: Vec<u64>,
    next: Vec<u64>,
}

/// A Dots and Boxes position. Its geometry follows from the variant and its hash from the
/// rest, so the derived equality is that of the lines, the owners and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotsBoxes {
    pub(crate) variant: DotsBoxesVariant,
    pub(crate) geometry: Geometry,
    pub(crate) drawn: u64,
    /// Boxes per side, indexed by [`Side::index`] (black, white).
    pub(crate) owners: [u32; 2],
    pub(crate) to_move: Side,
    hash: u64,
}

impl DotsBoxes {
    pub(crate) fn from_parts(
        variant: DotsBoxesVariant,
        drawn: u64,
        owners: [u32; 2],
        to_move: Side,
    ) -> DotsBoxes {
        let mut position = DotsBoxes {
            variant,
            geometry: Geometry::new(variant),
            drawn,
            owners,
            to_move,
            hash: 0,
        };
        position.hash = position.hash_from_scratch();
        position
    }

    /// The board geometry.
    #[must_use]
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The drawn lines.
    #[must_use]
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// The undrawn lines.
    #[must_use]
    pub fn undrawn(&self) -> u64 {
        self.geometry.all & !self.drawn
    }

    /// The boxes `side` owns.
    #[must_use]
    pub fn boxes(&self, side: Side) -> u32 {
        self.owners[side.index()]
    }

    /// The boxes of the side to move minus the opponent's.
    #[must_use]
    pub fn score_for_mover(&self) -> i32 {
        let own = self.owners[self.to_move.index()].count_ones() as i32;
        let other = self.owners[self.to_move.opponent().index()].count_ones() as i32;
        own - other
    }

    /// Calls `turn` with every legal turn once (see the module docs); returns early when it
    /// returns `false`.
    pub fn for_each_turn(&self, turn: impl FnMut(Move) -> bool) {
        self.for_each_turn_after(0, &mut TurnScratch::default(), turn);
    }

    /// Calls `turn` with every legal turn that draws the lines `taken` (a set the player can
    /// draw line by line, each completing a box) and more; returns early (and `false`) when
    /// `turn` returns `false`.
    pub fn for_each_turn_after(
        &self,
        taken: u64,
        scratch: &mut TurnScratch,
        mut turn: impl FnMut(Move) -> bool,
    ) -> bool {
        self.for_each_reachable(taken, scratch, |set, last| match last {
            // Every line left completed a box: the turn ends with the game.
            None => turn(Move(set)),
            Some(last) => Bits(last).all(|edge| turn(Move(set | (1 << edge)))),
        })
    }

    /// Calls `visit(set, last)` with every set of lines the player can draw from `taken` on,
    /// each line completing a box, and the lines `last` that may end the turn after it (those
    /// that complete nothing then); `last` is `None` when `set` draws every line left, so that
    /// the turn ends the game with it. Returns early (and `false`) when `visit` does.
    ///
    /// The reachable sets are grown a line at a time, one size at a time, so that a set
    /// reached in several orders is met once (sorted and deduplicated per size).
    fn for_each_reachable(
        &self,
        taken: u64,
        scratch: &mut TurnScratch,
        mut visit: impl FnMut(u64, Option<u64>) -> bool,
    ) -> bool {
        let g = &self.geometry;
        let undrawn = self.undrawn();
        debug_assert_eq!(taken & !undrawn, 0);
        if undrawn == 0 {
            return true;
        }
        scratch.layer.clear();
        scratch.layer.push(taken);
        while !scratch.layer.is_empty() {
            scratch.next.clear();
            for &set in &scratch.layer {
                let rest = undrawn & !set;
                if rest == 0 {
                    if !visit(set, None) {
                        return false;
                    }
                    continue;
                }
                let completing = g.capturing_lines(self.drawn | set) & rest;
                if !visit(set, Some(rest & !completing)) {
                    return false;
                }
                scratch
                    .next
                    .extend(Bits(completing).map(|edge| set | (1 << edge)));
            }
            scratch.next.sort_unstable();
            scratch.next.dedup();
            std::mem::swap(&mut scratch.layer, &mut scratch.next);
        }
        true
    }

    /// The turn drawn as the lines of `edges` in this order, checked as the CCGC platform
    /// checks a `move N KIJ…`: every line but the last completes a box, the last does not
    /// unless it is the last line of the board.
    ///
    /// # Errors
    /// The [`IllegalMove`] of the first line out of order (`no-extra-move`,
    /// `must-move-again`), or of `check_move`.
    pub fn turn_from_sequence(&self, edges: &[u8]) -> Result<Move, IllegalMove> {
        let g = &self.geometry;
        let mv = Move(edges.iter().fold(0, |set, &edge| set | (1u64 << edge)));
        self.check_move(mv)?;
        let mut drawn = self.drawn;
        for (index, &edge) in edges.iter().enumerate() {
            let last = index + 1 == edges.len();
            let completes = g.completed_by(edge, drawn) != 0;
            drawn |= 1 << edge;
            if !last && !completes {
                return Err(IllegalMove::new(
                    "no-extra-move",
                    format!(
                        "{} completes no box, so it must be the turn's last line",
                        format_line(g, edge)
                    ),
                ));
            }
        }
        Ok(mv)
    }

    /// The boxes next to the lines `lines`, just drawn, that are complete now (none of them
    /// was before, since one of its sides was among `lines`).
    fn completed_by_last(&self, lines: u64) -> u32 {
        let g = &self.geometry;
        let mut completed = 0;
        for edge in Bits(lines) {
            for id in g.edge_boxes[usize::from(edge)] {
                if id != crate::board::NO_BOX {
                    let sides = g.box_edges[usize::from(id)];
                    if self.drawn & sides == sides {
                        completed |= 1 << id;
                    }
                }
            }
        }
        completed
    }

    /// Whether the owners are exactly the complete boxes and the hash is right.
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let g = &self.geometry;
        self.owners[0] & self.owners[1] == 0
            && self.owners[0] | self.owners[1] == g.complete_boxes(self.drawn)
            && self.drawn & !g.all == 0
            && self.hash == self.hash_from_scratch()
    }
}

impl Game for DotsBoxes {
    /// A whole turn: every line the player draws before the opponent's turn.
    type Move = Move;
    type Variant = DotsBoxesVariant;
    /// The boxes the turn completed.
    type Undo = u32;
    type Setup = DotsBoxesSetup;

    // The default side names (black, white). Black is [`Side::First`] and moves first (the CCGC
    // platform's `new black`).
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "empty-turn",
        "off-board",
        "already-drawn",
        "must-move-again",
        "no-extra-move",
    ];

    /// The empty board of `variant`, black to move.
    fn start(variant: &DotsBoxesVariant) -> DotsBoxes {
        DotsBoxes::from_parts(*variant, 0, [0, 0], Side::First)
    }

    fn variant(&self) -> &DotsBoxesVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Clears `moves` and lists every legal turn, in a fixed order (single lines by line
    /// number; after captures, by the number of lines, then as the sets are grown).
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.geometry.capturing_lines(self.drawn) == 0 {
            // No box to take: the turns are the single lines (what the walk below lists too,
            // without its buffers).
            moves.extend(Bits(self.undrawn()).map(Move::single));
            return;
        }
        self.for_each_turn(|mv| {
            moves.push(mv);
            true
        });
    }

    /// Why `mv` may not be played, if it may not. Codes: `game-over`, `empty-turn`,
    /// `off-board`, `already-drawn`, `must-move-again` (the turn stops right after completing a
    /// box while lines are left), `no-extra-move` (a line follows one that completed no box).
    ///
    /// # Errors
    /// The first rule the move breaks, in that order.
    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let g = &self.geometry;
        if self.drawn == g.all {
            return Err(IllegalMove::new(
                "game-over",
                "the game is over: every line is drawn",
            ));
        }
        if mv.is_empty() {
            return Err(IllegalMove::new(
                "empty-turn",
                "a turn draws at least one line",
            ));
        }
        if mv.lines() & !g.all != 0 {
            return Err(IllegalMove::new(
                "off-board",
                "a line of the turn is off the board",
            ));
        }
        if mv.lines() & self.drawn != 0 {
            let edge = (mv.lines() & self.drawn).trailing_zeros() as u8;
            return Err(IllegalMove::new(
                "already-drawn",
                format!("{} is drawn already", format_line(g, edge)),
            ));
        }
        let order = drawing_order(g, self.drawn, mv);
        let mut drawn = self.drawn;
        let mut completing = 0;
        for &edge in &order {
            if g.completed_by(edge, drawn) == 0 {
                break;
            }
            drawn |= 1 << edge;
            completing += 1;
        }
        let rest = &order[completing..];
        match rest {
            [] if drawn == g.all => Ok(()),
            [] => Err(IllegalMove::new(
                "must-move-again",
                format!(
                    "{} completes a box, so the same player must draw another line",
                    format_line(g, order[completing - 1])
                ),
            )),
            [_] => Ok(()),
            [first, ..] => Err(IllegalMove::new(
                "no-extra-move",
                format!(
                    "after {} the turn is over: only a line that completes a box earns another \
                     line, and {} cannot complete one first",
                    format_line(g, *first),
                    format_lines(g, &rest[1..])
                ),
            )),
        }
    }

    /// Draws the lines of `mv`, which must be a legal turn; returns the boxes it completed.
    fn make(&mut self, mv: Move) -> u32 {
        debug_assert_eq!(self.check_move(mv), Ok(()));
        let mover = self.to_move;
        self.drawn |= mv.lines();
        let completed = self.completed_by_last(mv.lines());
        self.owners[mover.index()] |= completed;
        self.hash ^= turn_key(mover, mv, completed);
        self.to_move = mover.opponent();
        completed
    }

    /// Takes back `mv`, the last turn made, which completed the boxes `completed`.
    fn unmake(&mut self, mv: Move, completed: u32) {
        let mover = self.to_move.opponent();
        self.to_move = mover;
        self.drawn &= !mv.lines();
        self.owners[mover.index()] &= !completed;
        self.hash ^= turn_key(mover, mv, completed);
    }

    /// `None` while lines are left; then more boxes wins and equal counts draw
    /// ([`EndReason::BoardFull`]).
    fn outcome(&self) -> Option<Outcome> {
        if self.drawn != self.geometry.all {
            return None;
        }
        let black = self.owners[0].count_ones();
        let white = self.owners[1].count_ones();
        Some(Outcome::by_count(black, white, EndReason::BoardFull))
    }

    /// Black's boxes minus white's, once the game is over.
    fn final_score(&self) -> Option<FinalScore> {
        self.outcome().map(|_| {
            let raw = self.owners[0].count_ones() as i32 - self.owners[1].count_ones() as i32;
            FinalScore::plain(raw)
        })
    }

    /// The incremental hash.
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from the lines, owners and side to move.
    fn hash_from_scratch(&self) -> u64 {
        let lines = Bits(self.drawn).fold(0, |hash, edge| hash ^ line_key(edge));
        zobrist::side_to_move(self.to_move, KEYS[SIDE_KEY])
            ^ lines
            ^ zobrist::pieces(self.owners, box_key)
    }

    /// The number of legal turns, without listing them (perft's last ply): the single lines
    /// while no box can be taken, else the lines that may end the turn after each reachable
    /// set, counted as bits.
    fn count_moves(&self, _: &mut Vec<Move>) -> u64 {
        if self.geometry.capturing_lines(self.drawn) == 0 {
            return u64::from(self.undrawn().count_ones());
        }
        let mut count = 0;
        self.for_each_reachable(0, &mut TurnScratch::default(), |_, last| {
            count += last.map_or(1, |last| u64::from(last.count_ones()));
            true
        });
        count
    }

    /// The drawn lines: the turns (which lines complete a box) and the end (every line
    /// drawn) depend on nothing else; the boxes' owners and the side to move change no count.
    fn perft_key(&self, _depth_left: u32) -> Option<u128> {
        Some(u128::from(self.drawn))
    }

    fn longest_game(&self) -> Option<u32> {
        // Every turn draws at least one line, and a drawn line stays.
        Some(self.undrawn().count_ones())
    }

    /// arbiter's `b1b2+c3d3`, or the CCGC platform's `2 BBAACC` (with or without `move`),
    /// which is read in its order: the platform refuses lines out of a drawing order, so a
    /// legal set of lines in such an order is refused here too.
    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let trimmed = text.trim();
        if !(trimmed.starts_with(|c: char| c.is_ascii_digit()) || trimmed.starts_with("move ")) {
            return notation::parse_turn(&self.geometry, text);
        }
        let edges = notation::parse_ccgc(&self.geometry, trimmed)?;
        let mv = Move(edges.iter().fold(0, |set, &edge| set | (1u64 << edge)));
        // An illegal set keeps its own refusal (`check_move`); only the order is judged here.
        if self.check_move(mv).is_ok() {
            self.turn_from_sequence(&edges).map_err(|illegal| {
                NotationError::new(format!(
                    "`{trimmed}` is not in a drawing order: {} ({})",
                    illegal.detail, illegal.code
                ))
            })?;
        }
        Ok(mv)
    }

    /// The lines in a drawing order, joined by `+` (see the `notation` module).
    fn format_move(&self, mv: Move) -> String {
        let order = drawing_order(&self.geometry, self.drawn, mv);
        format_lines(&self.geometry, &order)
    }

    fn picture(&self, marks: &[picture::Mark<Move>]) -> Option<String> {
        Some(svg::picture(self, marks))
    }
}
