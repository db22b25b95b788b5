//! The position and the one `impl Game` for it.
//!
//! State: the colour of every point, groups kept incrementally (each stone's group root, a
//! circular list of each group's stones, and per root the liberties as a [`PointSet`], the
//! size and the xor of the stones' Zobrist keys), the stones of each side as sets, the side to
//! move, consecutive passes, prisoners, and one record per turn since the start or the set-up
//! board ([`history`]): what undoes the turn and the state it started from, which the
//! repetition rules read. Submodules: [`play`] (make and unmake), [`legality`] (refusals and
//! the ko rules), [`score`] (counting a finished game).
//!
//! The end: two consecutive passes, and under simple ko KataGo's two conditions for cycles
//! (see [`crate::variant::KoRule::Simple`]). A game ended by passes is scored by the rules'
//! count of the board as it stands ([`Go::count`]); the no-result end is a draw by
//! repetition.

mod history;
mod legality;
mod play;
pub mod score;

use arbiter_core::picture::Mark;
use arbiter_core::{EndReason, FinalScore, Game, IllegalMove, NotationError, Outcome, Side};

use crate::board::{Geometry, MAX_POINTS, Point, PointSet, ko_key, pass_key, side_key, stone_key};
use crate::notation::{self, GoMove};
use crate::setup::GoSetup;
use crate::variant::GoVariant;
use history::{BoardFilter, Record};
use legality::Refusal;

/// One group, stored at its root: liberties, size, and the xor of its stones' keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Group {
    pub(crate) libs: PointSet,
    pub(crate) size: u16,
    pub(crate) key: u64,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// Two passes (or, under simple ko, a pass from a state passed from before): counted.
    Passes,
    /// Under simple ko, a state met a third time since the last pass: no result.
    NoResult,
}

/// A Go position with the history its rules read.
#[derive(Clone, Debug)]
pub struct Go {
    variant: GoVariant,
    geometry: &'static Geometry,
    colour: [Option<Side>; MAX_POINTS],
    group_of: [Point; MAX_POINTS],
    next: [Point; MAX_POINTS],
    groups: [Group; MAX_POINTS],
    stones: [PointSet; 2],
    to_move: Side,
    passes: u8,
    /// The point where the side to move may not retake a ko at once (part of the hash).
    ko: Option<Point>,
    /// Stones captured by each side, indexed by [`Side::index`].
    prisoners: [u32; 2],
    last_pass: Option<u32>,
    end: Option<End>,
    board_hash: u64,
    hash: u64,
    records: Vec<Record>,
    filter: BoardFilter,
}

/// Positions are equal when what legality and the score depend on is: the variant, the
/// stones, the side to move, the passes, the prisoners, how the game ended, and the boards of
/// the history (with which turns were passes).
impl PartialEq for Go {
    fn eq(&self, other: &Go) -> bool {
        let history = |go: &Go| -> Vec<(u64, bool)> {
            go.records
                .iter()
                .map(|record| (record.board_hash, record.mv.is_pass()))
                .collect()
        };
        (
            self.variant,
            self.stones,
            self.to_move,
            self.passes,
            self.prisoners,
            self.end,
        ) == (
            other.variant,
            other.stones,
            other.to_move,
            other.passes,
            other.prisoners,
            other.end,
        ) && history(self) == history(other)
    }
}

impl Eq for Go {}

impl Go {
    /// The start of `variant`: an empty board with black to move, or black's fixed handicap
    /// stones with white to move.
    #[must_use]
    pub fn new(variant: GoVariant) -> Go {
        let geometry = Geometry::of_size(variant.size);
        let mut cells = vec![None; usize::from(geometry.points)];
        let mut to_move = Side::First;
        if variant.handicap > 0 {
            // The variant's parser checked that the placement exists.
            for point in
                crate::handicap::fixed_points(geometry, variant.handicap).unwrap_or_default()
            {
                cells[usize::from(point)] = Some(Side::First);
            }
            to_move = Side::Second;
        }
        Go::from_cells(variant, &cells, to_move)
    }

    /// A position from cells (a1 first), with groups and hashes computed from scratch and no
    /// history.
    pub(crate) fn from_cells(variant: GoVariant, cells: &[Option<Side>], to_move: Side) -> Go {
        let geometry = Geometry::of_size(variant.size);
        let mut go = Go {
            variant,
            geometry,
            colour: [None; MAX_POINTS],
            group_of: [0; MAX_POINTS],
            next: [0; MAX_POINTS],
            groups: [Group::default(); MAX_POINTS],
            stones: [PointSet::EMPTY; 2],
            to_move,
            passes: 0,
            ko: None,
            prisoners: [0, 0],
            last_pass: None,
            end: None,
            board_hash: 0,
            hash: 0,
            records: Vec::new(),
            filter: BoardFilter::default(),
        };
        for (point, cell) in cells.iter().enumerate() {
            if let Some(side) = cell {
                // Points are below 361: a u16.
                let point = point as Point;
                go.colour[usize::from(point)] = Some(*side);
                go.stones[side.index()].insert(point);
                go.board_hash ^= stone_key(*side, point);
            }
        }
        go.rebuild_groups();
        go.hash = go.hash_of_state();
        go
    }

    /// Finds every group by flood fill: roots, lists, liberties, sizes and keys.
    fn rebuild_groups(&mut self) {
        let mut done = PointSet::EMPTY;
        for point in 0..self.geometry.points {
            let Some(side) = self.colour[usize::from(point)] else {
                continue;
            };
            if done.contains(point) {
                continue;
            }
            let (stones, libs) = self.flood(point);
            let mut group = Group {
                libs,
                size: 0,
                key: 0,
            };
            let members: Vec<Point> = stones.iter().collect();
            for (i, &stone) in members.iter().enumerate() {
                self.group_of[usize::from(stone)] = point;
                self.next[usize::from(stone)] = members[(i + 1) % members.len()];
                group.size += 1;
                group.key ^= stone_key(side, stone);
            }
            self.groups[usize::from(point)] = group;
            done = done.union(&stones);
        }
    }

    /// The stones of the group through `point` and its liberties, by flood fill.
    fn flood(&self, point: Point) -> (PointSet, PointSet) {
        let side = self.colour[usize::from(point)];
        let (mut stones, mut libs) = (PointSet::single(point), PointSet::EMPTY);
        let mut stack = vec![point];
        while let Some(p) = stack.pop() {
            for &n in self.geometry.neighbours(p) {
                let cell = self.colour[usize::from(n)];
                if cell.is_none() {
                    libs.insert(n);
                } else if cell == side && !stones.contains(n) {
                    stones.insert(n);
                    stack.push(n);
                }
            }
        }
        (stones, libs)
    }

    /// The full hash of the current state: the board, white to move, the ko ban, a pass
    /// pending.
    fn hash_of_state(&self) -> u64 {
        let mut hash = self.board_hash;
        if self.to_move == Side::Second {
            hash ^= side_key();
        }
        if let Some(point) = self.ko {
            hash ^= ko_key(point);
        }
        if self.passes == 1 {
            hash ^= pass_key();
        }
        hash
    }

    /// The side and the representative point of each group without a liberty, by point.
    pub(crate) fn groups_without_liberty(&self) -> Vec<(Side, Point)> {
        (0..self.geometry.points)
            .filter_map(|point| {
                let side = self.colour[usize::from(point)]?;
                (self.group_of[usize::from(point)] == point
                    && self.groups[usize::from(point)].libs.is_empty())
                .then_some((side, point))
            })
            .collect()
    }

    /// The stones of every point, a1 first.
    pub(crate) fn cells(&self) -> &[Option<Side>] {
        &self.colour[..usize::from(self.geometry.points)]
    }

    /// The raw setup of this position (its board and side to move; not its history).
    #[must_use]
    pub fn to_setup(&self) -> GoSetup {
        let (size, to_move) = (self.geometry.size, self.to_move);
        GoSetup {
            cells: self.cells().to_vec(),
            size,
            to_move,
        }
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> GoVariant {
        self.variant
    }

    /// The board geometry.
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The stone on `point`, if any.
    #[inline]
    #[must_use]
    pub fn stone_at(&self, point: Point) -> Option<Side> {
        self.colour[usize::from(point)]
    }

    /// The stones of `side`.
    #[must_use]
    pub fn stones(&self, side: Side) -> PointSet {
        self.stones[side.index()]
    }

    /// The empty points.
    #[must_use]
    pub fn empty(&self) -> PointSet {
        self.geometry
            .board
            .difference(&self.stones[0])
            .difference(&self.stones[1])
    }

    /// The liberties of the group of the stone on `point` (empty for an empty point).
    #[must_use]
    pub fn liberties(&self, point: Point) -> PointSet {
        if self.colour[usize::from(point)].is_none() {
            return PointSet::EMPTY;
        }
        self.groups[usize::from(self.group_of[usize::from(point)])].libs
    }

    /// The root (a stone naming the group) of the group on `point`, which holds a stone.
    #[inline]
    #[must_use]
    pub fn group_root(&self, point: Point) -> Point {
        self.group_of[usize::from(point)]
    }

    /// The number of stones of the group on `point`, which holds a stone.
    #[must_use]
    pub fn group_size(&self, point: Point) -> u16 {
        self.groups[usize::from(self.group_of[usize::from(point)])].size
    }

    /// The stones of the group through `point`, which holds a stone.
    pub fn group_stones(&self, point: Point) -> impl Iterator<Item = Point> + '_ {
        let mut stone = Some(point);
        std::iter::from_fn(move || {
            let current = stone?;
            let next = self.next[usize::from(current)];
            stone = (next != point).then_some(next);
            Some(current)
        })
    }

    /// Stones captured so far by `side` (since the start or the set-up board).
    #[must_use]
    pub fn prisoners(&self, side: Side) -> u32 {
        self.prisoners[side.index()]
    }

    /// Consecutive passes just played (0 or 1 while the game goes on).
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The turns played since the start or the set-up board.
    #[must_use]
    pub fn turns(&self) -> usize {
        self.records.len()
    }

    /// The last move, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<GoMove> {
        self.records.last().map(|record| record.mv)
    }

    /// The moves played since the start or the set-up board, first to last.
    pub fn moves(&self) -> impl Iterator<Item = GoMove> + '_ {
        self.records.iter().map(|record| record.mv)
    }

    /// The board hash (stones only), the key of positional superko.
    #[must_use]
    pub fn board_hash(&self) -> u64 {
        self.board_hash
    }

    /// The board hashes at the start of every turn so far, oldest first: what a superko
    /// rule remembers.
    pub fn history_boards(&self) -> impl Iterator<Item = u64> + '_ {
        self.records.iter().map(|record| record.board_hash)
    }

    /// Every turn so far: the board hash it started from, its player, whether it was a pass.
    pub fn history_states(&self) -> impl Iterator<Item = (u64, Side, bool)> + '_ {
        let turns = self.records.len();
        self.records.iter().enumerate().map(move |(j, record)| {
            let mover = if (turns - j).is_multiple_of(2) {
                self.to_move
            } else {
                self.to_move.opponent()
            };
            (record.board_hash, mover, record.mv.is_pass())
        })
    }

    /// The index of the first turn after the last pass (0 without a pass): the turns a simple
    /// ko rule's count of repetitions looks at.
    #[must_use]
    pub fn history_passes_from(&self) -> usize {
        self.last_pass.map_or(0, |pass| pass as usize + 1)
    }

    /// Whether a stone of the side to move may stand on `point` (the fast test of search and
    /// playouts).
    #[inline]
    #[must_use]
    pub fn is_legal_stone(&self, point: Point) -> bool {
        self.end.is_none() && self.stone_verdict(point).is_ok()
    }

    /// Whether the incremental state equals a rebuild from the board, for tests.
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let fresh = Go::from_cells(self.variant, &self.to_setup().cells, self.to_move);
        let mut same_groups = true;
        for point in 0..self.geometry.points {
            if self.colour[usize::from(point)].is_none() {
                continue;
            }
            let mine = self.groups[usize::from(self.group_of[usize::from(point)])];
            let theirs = fresh.groups[usize::from(fresh.group_of[usize::from(point)])];
            let mut listed: Vec<Point> = self.group_stones(point).collect();
            let mut fresh_listed: Vec<Point> = fresh.group_stones(point).collect();
            listed.sort_unstable();
            fresh_listed.sort_unstable();
            same_groups &= mine.libs == theirs.libs
                && mine.size == theirs.size
                && mine.key == theirs.key
                && listed == fresh_listed;
        }
        same_groups && self.board_hash == fresh.board_hash && self.hash == self.hash_of_state()
    }

    fn refusal(&self, point: Point, refusal: Refusal) -> IllegalMove {
        let name = notation::format_point(self.geometry, point);
        let mover = Go::side_name(self.to_move);
        match refusal {
            Refusal::Occupied => IllegalMove::new(
                "occupied",
                format!(
                    "{name} holds a {} stone",
                    Go::side_name(self.colour[usize::from(point)].unwrap_or(Side::First))
                ),
            ),
            Refusal::Suicide => IllegalMove::new(
                "suicide",
                format!(
                    "a {mover} stone on {name} would leave its group without liberties and \
                     capture nothing{}",
                    if self.variant.rules.suicide {
                        " (a single stone's suicide is never legal: it repeats the board)"
                    } else {
                        ""
                    }
                ),
            ),
            Refusal::Ko => IllegalMove::new(
                "ko",
                format!(
                    "{mover} {name} retakes the ko at once: it repeats the board of the previous turn"
                ),
            ),
            Refusal::PositionalSuperko => IllegalMove::new(
                "positional-superko",
                format!("{mover} {name} repeats an earlier board (positional superko)"),
            ),
            Refusal::SituationalSuperko => IllegalMove::new(
                "situational-superko",
                format!(
                    "{mover} {name} repeats an earlier board with the same side to move \
                     (situational superko)"
                ),
            ),
        }
    }
}

impl Game for Go {
    // The default side names (black, white). Black is [`Side::First`] and moves first (white first
    // after fixed handicap stones).
    /// A stone on a point, or the pass.
    type Move = GoMove;
    /// The position keeps its own undo records (a turn may capture any number of stones).
    type Undo = ();
    type Setup = GoSetup;
    type Variant = GoVariant;
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "off-board",
        "occupied",
        "suicide",
        "ko",
        "positional-superko",
        "situational-superko",
    ];

    /// The empty board, or black's fixed handicap stones with white to move.
    /// A sixth and a half of the board's points in moves (19×19: 60 and 180, 9×9: 13 and 40).
    fn phase_plies(variant: &GoVariant) -> (usize, usize) {
        let points = usize::from(variant.size) * usize::from(variant.size);
        (points / 6, points / 2)
    }

    fn start(variant: &GoVariant) -> Go {
        Go::new(*variant)
    }

    /// Every legal stone, lowest point first, then the pass.
    fn generate_moves(&self, moves: &mut Vec<GoMove>) {
        moves.clear();
        if self.end.is_some() {
            return;
        }
        for point in self.empty().iter() {
            if self.stone_verdict(point).is_ok() {
                moves.push(GoMove::at(point));
            }
        }
        moves.push(GoMove::PASS);
    }

    /// Codes: `game-over`, `off-board`, `occupied`, `suicide`, `ko`, `positional-superko`,
    /// `situational-superko` (see [`crate`] for each).
    fn check_move(&self, mv: GoMove) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::new(
                "game-over",
                "the game is over: there is no move to make",
            ));
        }
        let Some(point) = mv.point() else {
            return Ok(());
        };
        if point >= self.geometry.points {
            return Err(IllegalMove::new(
                "off-board",
                format!("point {point} is off the {0}x{0} board", self.geometry.size),
            ));
        }
        self.stone_verdict(point)
            .map(|_| ())
            .map_err(|refusal| self.refusal(point, refusal))
    }

    fn variant(&self) -> &GoVariant {
        &self.variant
    }

    /// Black first; after fixed handicap stones, white.
    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn make(&mut self, mv: GoMove) {
        self.make_turn(mv);
    }

    fn unmake(&mut self, _mv: GoMove, _undo: ()) {
        self.unmake_turn();
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.end? {
            End::NoResult => Some(Outcome::draw(EndReason::Repetition)),
            End::Passes => {
                let margin = self.margin_halves(&PointSet::EMPTY);
                Some(Outcome::by_count(margin, 0, EndReason::Passes))
            }
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut fresh = Go::from_cells(self.variant, &self.to_setup().cells, self.to_move);
        fresh.ko = self.ko;
        fresh.passes = self.passes;
        fresh.hash_of_state()
    }

    fn parse_move(&self, text: &str) -> Result<GoMove, NotationError> {
        notation::parse_move(self.geometry, text)
    }

    fn format_move(&self, mv: GoMove) -> String {
        notation::format_move(self.geometry, mv)
    }

    /// The legal stones counted without the list, and the pass.
    fn count_moves(&self, _buffer: &mut Vec<GoMove>) -> u64 {
        if self.end.is_some() {
            return 0;
        }
        let stones = self
            .empty()
            .iter()
            .filter(|&point| self.stone_verdict(point).is_ok())
            .count();
        stones as u64 + 1
    }

    /// The count of a game ended by passes, black's minus white's, before komi and the
    /// handicap bonus (which decide the winner with it): area or territory as the rules say.
    fn final_score(&self) -> Option<FinalScore> {
        (self.end? == End::Passes).then(|| {
            let count = self.count(&PointSet::EMPTY);
            let raw = count.black - count.white;
            FinalScore::plain(raw)
        })
    }

    fn picture(&self, marks: &[Mark<GoMove>]) -> Option<String> {
        Some(crate::svg::picture(self, marks))
    }

    /// A game over by passes counted with the agreed dead stones (whole groups) off the board.
    fn outcome_with_dead(
        &self,
        dead: &[GoMove],
    ) -> Option<Result<(Outcome, FinalScore), IllegalMove>> {
        (self.end? == End::Passes).then(|| {
            let dead = self.dead_groups(dead)?;
            let margin = self.margin_halves(&dead);
            let outcome = Outcome::by_count(margin, 0, EndReason::Passes);
            let count = self.count(&dead);
            let raw = count.black - count.white;
            Ok((outcome, FinalScore::plain(raw)))
        })
    }

    /// After two passes: the board as it stands under area scoring (tax none; ko, suicide,
    /// komi and the handicap bonus as the variant sets them), with no history, so that the
    /// next two passes count every stone on the board alive (Tromp-Taylor).
    fn play_out(&self) -> Option<Go> {
        (self.end? == End::Passes).then(|| {
            let mut variant = self.variant;
            variant.rules.scoring = crate::variant::Scoring::Area;
            variant.rules.tax = crate::variant::Tax::None;
            Go::from_cells(variant, self.cells(), self.to_move)
        })
    }
}
