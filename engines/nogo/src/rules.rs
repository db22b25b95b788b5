//! The position and the rules of play: legality, move generation, make and unmake.
//!
//! NoGo never removes a stone: a stone that would capture is a foul, and so is one whose own
//! group would have no liberty. So groups only grow and merge, and each keeps its stones and
//! its liberties as bitboards, updated incrementally: a new stone takes one liberty from each
//! neighbouring enemy group and merges the neighbouring friendly groups with itself. The
//! undo record holds the merged groups as they were, so [`NoGo::unmake`] restores them
//! exactly. Every group is named by one of its stones (its *id*); `roots` holds the ids.
//!
//! A point is legal for a side when it is empty, no neighbouring enemy group has it as its last
//! liberty (`capture`), and the new group would keep a liberty (`suicide`). Both sets come
//! from the groups in atari, so the legal set of a side is a few bitboard operations
//! ([`NoGo::legal_points`]).

use arbiter_core::{
    Bits, EndReason, Game, IllegalMove, NotationError, Outcome, Side, picture, zobrist,
};

use crate::board::{Geometry, Point};
use crate::setup::NoGoSetup;
use crate::variant::{FoulRuling, MAX_SIZE, NoGoVariant};
use crate::{notation, svg};

/// The most points of any board.
const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// Zobrist keys: a black stone per point, a white stone per point, then white to move.
static KEYS: [u64; 2 * MAX_POINTS + 1] = zobrist::keys(0x4E4F_474F_5F4B_4559);
const SIDE_KEY: usize = 2 * MAX_POINTS;

fn stone_key(side: Side, point: Point) -> u64 {
    KEYS[side.index() * MAX_POINTS + usize::from(point)]
}

/// Why a stone breaks the NoGo rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foul {
    /// It takes the last liberty of an enemy group.
    Capture,
    /// Its own group has no liberty.
    Suicide,
}

impl Foul {
    /// The stable code: `capture` or `suicide`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Foul::Capture => "capture",
            Foul::Suicide => "suicide",
        }
    }
}

/// One group: its stones and its liberties.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Group {
    pub(crate) stones: u128,
    pub(crate) liberties: u128,
}

/// What [`NoGo::unmake`] needs: the point, the friendly groups merged into the new stone's
/// group as they were, and the enemy groups that lost the point as a liberty.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    merged: [(Point, Group); 4],
    merged_len: u8,
    enemies: [Point; 4],
    enemies_len: u8,
}

/// A NoGo position.
#[derive(Clone, Debug)]
pub struct NoGo {
    pub(crate) variant: NoGoVariant,
    pub(crate) geometry: &'static Geometry,
    /// Stones per side, indexed by [`Side::index`] (black, white).
    pub(crate) stones: [u128; 2],
    /// The id of the group of each stone (meaningless on empty points).
    group_of: [Point; MAX_POINTS],
    /// Groups by id; only the ids in `roots` are live.
    groups: [Group; MAX_POINTS],
    /// The ids of each side's groups.
    roots: [u128; 2],
    pub(crate) to_move: Side,
    /// Under [`FoulRuling::Loses`]: the side whose last stone was a foul, and which foul.
    foul: Option<(Side, Foul)>,
    hash: u64,
}

/// Positions are equal when the stones and the side to move are; groups and hash follow.
impl PartialEq for NoGo {
    fn eq(&self, other: &NoGo) -> bool {
        self.variant == other.variant
            && self.stones == other.stones
            && self.to_move == other.to_move
            && self.foul == other.foul
    }
}

impl Eq for NoGo {}

impl NoGo {
    /// A position from stone sets, with groups, liberties and hash computed from scratch.
    pub(crate) fn from_stones(variant: NoGoVariant, stones: [u128; 2], to_move: Side) -> NoGo {
        let mut position = NoGo {
            variant,
            geometry: Geometry::of_size(variant.size),
            stones,
            group_of: [0; MAX_POINTS],
            groups: [Group::default(); MAX_POINTS],
            roots: [0, 0],
            to_move,
            foul: None,
            hash: 0,
        };
        position.rebuild_groups();
        position.hash = position.hash_from_scratch();
        position
    }

    /// Finds every group by flood fill and records it.
    fn rebuild_groups(&mut self) {
        self.roots = [0, 0];
        let empty = self.empty();
        for side in [Side::First, Side::Second] {
            let mut left = self.stones[side.index()];
            while left != 0 {
                let id = left.trailing_zeros() as Point;
                let stones = self.flood(1 << id, self.stones[side.index()]);
                left &= !stones;
                for stone in Bits(stones) {
                    self.group_of[usize::from(stone)] = id;
                }
                self.groups[usize::from(id)] = Group {
                    stones,
                    liberties: self.geometry.neighbours(stones) & empty,
                };
                self.roots[side.index()] |= 1 << id;
            }
        }
    }

    /// The connected part of `within` that contains `seed`.
    fn flood(&self, seed: u128, within: u128) -> u128 {
        let mut group = seed;
        loop {
            let grown = (group | self.geometry.neighbours(group)) & within;
            if grown == group {
                return group;
            }
            group = grown;
        }
    }

    /// The board geometry.
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The stones of `side`.
    #[must_use]
    pub fn stones(&self, side: Side) -> u128 {
        self.stones[side.index()]
    }

    /// The side of the stone on `point`, if any.
    #[must_use]
    pub fn stone_at(&self, point: Point) -> Option<Side> {
        let bit = 1u128 << point;
        if self.stones[0] & bit != 0 {
            Some(Side::First)
        } else if self.stones[1] & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// The empty points.
    #[inline]
    #[must_use]
    pub fn empty(&self) -> u128 {
        self.geometry.board & !(self.stones[0] | self.stones[1])
    }

    /// The groups of `side`, as (stones, liberties).
    pub fn groups(&self, side: Side) -> impl Iterator<Item = (u128, u128)> + '_ {
        Bits(self.roots[side.index()]).map(|id| {
            let group = self.groups[usize::from(id)];
            (group.stones, group.liberties)
        })
    }

    /// The points where a `side` stone would capture: the last liberties of the enemy groups
    /// in atari.
    #[inline]
    #[must_use]
    pub fn capture_points(&self, side: Side) -> u128 {
        let mut points = 0;
        for id in Bits(self.roots[side.opponent().index()]) {
            let liberties = self.groups[usize::from(id)].liberties;
            if liberties.count_ones() == 1 {
                points |= liberties;
            }
        }
        points
    }

    /// The points where a `side` stone would have no liberty: empty points without an empty
    /// neighbour where no friendly neighbouring group has another liberty.
    #[inline]
    #[must_use]
    pub fn suicide_points(&self, side: Side) -> u128 {
        let empty = self.empty();
        let enclosed = empty & !self.geometry.neighbours(empty);
        let own = self.stones[side.index()];
        let mut points = 0;
        for point in Bits(enclosed) {
            let bit = 1u128 << point;
            let breathes = Bits(self.geometry.neighbours_of(point) & own).any(|stone| {
                let id = self.group_of[usize::from(stone)];
                self.groups[usize::from(id)].liberties & !bit != 0
            });
            if !breathes {
                points |= bit;
            }
        }
        points
    }

    /// The points `side` may play without a foul.
    #[inline]
    #[must_use]
    pub fn legal_points(&self, side: Side) -> u128 {
        self.empty() & !self.capture_points(side) & !self.suicide_points(side)
    }

    /// The foul a `side` stone on the empty `point` would be, if any (a stone that both
    /// captures and has no liberty is reported as a capture).
    #[must_use]
    pub fn foul_of(&self, point: Point, side: Side) -> Option<Foul> {
        if self.capture_points(side) & (1 << point) != 0 {
            Some(Foul::Capture)
        } else if self.suicide_points(side) & (1 << point) != 0 {
            Some(Foul::Suicide)
        } else {
            None
        }
    }

    /// The points the side to move may place a stone on, as a set: the legal points, or under
    /// [`FoulRuling::Loses`] every empty point while a legal one exists. Empty exactly when the
    /// game is over.
    #[inline]
    #[must_use]
    pub fn move_set(&self) -> u128 {
        if self.foul.is_some() {
            return 0;
        }
        let legal = self.legal_points(self.to_move);
        match self.variant.ruling {
            FoulRuling::Illegal => legal,
            FoulRuling::Loses if legal == 0 => 0,
            FoulRuling::Loses => self.empty(),
        }
    }

    /// Whether the incremental state (groups, liberties, ids, hash) equals a rebuild from the
    /// stones, for debug assertions and tests.
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let mut fresh = NoGo::from_stones(self.variant, self.stones, self.to_move);
        fresh.foul = self.foul;
        let groups_of = |position: &NoGo, side: Side| {
            let mut groups: Vec<(u128, u128)> = position.groups(side).collect();
            groups.sort_unstable();
            groups
        };
        let ids_name_their_group = [Side::First, Side::Second].iter().all(|&side| {
            Bits(self.roots[side.index()]).all(|id| {
                let group = self.groups[usize::from(id)];
                group.stones & (1 << id) != 0
                    && Bits(group.stones).all(|stone| self.group_of[usize::from(stone)] == id)
            })
        });
        self.stones[0] & self.stones[1] == 0
            && (self.stones[0] | self.stones[1]) & !self.geometry.board == 0
            && ids_name_their_group
            && groups_of(self, Side::First) == groups_of(&fresh, Side::First)
            && groups_of(self, Side::Second) == groups_of(&fresh, Side::Second)
            && self.hash == self.hash_from_scratch()
    }
}

impl Game for NoGo {
    /// A stone on a point; NoGo has no pass.
    type Move = Point;
    type Variant = NoGoVariant;
    type Undo = Undo;
    type Setup = NoGoSetup;

    // The default side names (black, white). Black is [`Side::First`] and moves first (Botzone
    // player 0, the CCGC platform's `new black`).
    const MOVE_CODES: &'static [&'static str] =
        &["game-over", "off-board", "occupied", "capture", "suicide"];
    const FOUL_KINDS: &'static [&'static str] = &["capture", "suicide"];

    /// The empty board, black to move.
    fn start(variant: &NoGoVariant) -> NoGo {
        NoGo::from_stones(*variant, [0, 0], Side::First)
    }

    fn variant(&self) -> &NoGoVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// `None` while the game goes on. A foul (under [`FoulRuling::Loses`]) loses at once
    /// ([`EndReason::Forbidden`]); otherwise the side to move without a legal point loses
    /// ([`EndReason::Stalemate`]).
    fn outcome(&self) -> Option<Outcome> {
        if let Some((fouler, _)) = self.foul {
            return Some(Outcome::win(fouler.opponent(), EndReason::Forbidden));
        }
        (self.legal_points(self.to_move) == 0)
            .then(|| Outcome::win(self.to_move.opponent(), EndReason::Stalemate))
    }

    /// Clears `moves` and lists every move, lowest point first.
    fn generate_moves(&self, moves: &mut Vec<Point>) {
        moves.clear();
        moves.extend(Bits(self.move_set()));
    }

    /// Why a stone on `point` may not be played, if it may not. Codes: `game-over`,
    /// `off-board`, `occupied`, and under the `standard` ruling `capture` and `suicide`.
    ///
    /// # Errors
    /// The first rule the move breaks, in that order.
    fn check_move(&self, point: Point) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::new(
                "game-over",
                "the game is over: there is no move to make",
            ));
        }
        if point >= self.geometry.points {
            return Err(IllegalMove::new(
                "off-board",
                format!("point {point} is off the board"),
            ));
        }
        let name = notation::format_point(self.geometry, point);
        if let Some(side) = self.stone_at(point) {
            return Err(IllegalMove::new(
                "occupied",
                format!("{name} holds a {} stone", NoGo::side_name(side)),
            ));
        }
        if self.variant.fouls_illegal() {
            match self.foul_of(point, self.to_move) {
                Some(Foul::Capture) => {
                    return Err(IllegalMove::new(
                        "capture",
                        format!(
                            "{name} is the last liberty of a {} group: NoGo forbids captures",
                            NoGo::side_name(self.to_move.opponent())
                        ),
                    ));
                }
                Some(Foul::Suicide) => {
                    return Err(IllegalMove::new(
                        "suicide",
                        format!(
                            "a {} stone on {name} would have no liberty",
                            NoGo::side_name(self.to_move)
                        ),
                    ));
                }
                None => {}
            }
        }
        Ok(())
    }

    /// Places a stone of the side to move on `point`, which must be a move here.
    fn make(&mut self, point: Point) -> Undo {
        debug_assert!(self.move_set() & (1 << point) != 0, "{point} is not a move");
        let mover = self.to_move;
        if self.variant.ruling == FoulRuling::Loses {
            self.foul = self.foul_of(point, mover).map(|foul| (mover, foul));
        }
        let bit = 1u128 << point;
        let around = self.geometry.neighbours_of(point);
        let mut undo = Undo {
            merged: [(0, Group::default()); 4],
            merged_len: 0,
            enemies: [0; 4],
            enemies_len: 0,
        };
        for stone in Bits(around & self.stones[mover.opponent().index()]) {
            let id = self.group_of[usize::from(stone)];
            if !undo.enemies[..usize::from(undo.enemies_len)].contains(&id) {
                undo.enemies[usize::from(undo.enemies_len)] = id;
                undo.enemies_len += 1;
                self.groups[usize::from(id)].liberties &= !bit;
            }
        }
        self.stones[mover.index()] |= bit;
        let empty = self.empty();
        let mut merged = Group {
            stones: bit,
            liberties: around & empty,
        };
        // The new group keeps the id of the largest group it absorbs, so that fewer stones are
        // relabelled.
        let mut id = point;
        let mut largest = 0;
        for stone in Bits(around & self.stones[mover.index()] & !bit) {
            let old_id = self.group_of[usize::from(stone)];
            let taken = &undo.merged[..usize::from(undo.merged_len)];
            if taken.iter().any(|&(seen, _)| seen == old_id) {
                continue;
            }
            let group = self.groups[usize::from(old_id)];
            undo.merged[usize::from(undo.merged_len)] = (old_id, group);
            undo.merged_len += 1;
            merged.stones |= group.stones;
            merged.liberties |= group.liberties;
            let size = group.stones.count_ones();
            if size > largest {
                largest = size;
                id = old_id;
            }
        }
        merged.liberties &= !bit;
        for &(old_id, group) in &undo.merged[..usize::from(undo.merged_len)] {
            self.roots[mover.index()] &= !(1 << old_id);
            if old_id != id {
                for stone in Bits(group.stones) {
                    self.group_of[usize::from(stone)] = id;
                }
            }
        }
        self.group_of[usize::from(point)] = id;
        self.groups[usize::from(id)] = merged;
        self.roots[mover.index()] |= 1 << id;
        self.hash ^= stone_key(mover, point) ^ KEYS[SIDE_KEY];
        self.to_move = mover.opponent();
        undo
    }

    /// Takes back the stone on `point`, the last move made.
    fn unmake(&mut self, point: Point, undo: Undo) {
        let mover = self.to_move.opponent();
        self.to_move = mover;
        self.foul = None;
        self.hash ^= stone_key(mover, point) ^ KEYS[SIDE_KEY];
        let bit = 1u128 << point;
        self.stones[mover.index()] &= !bit;
        let id = self.group_of[usize::from(point)];
        self.roots[mover.index()] &= !(1 << id);
        for &(old_id, group) in &undo.merged[..usize::from(undo.merged_len)] {
            self.groups[usize::from(old_id)] = group;
            self.roots[mover.index()] |= 1 << old_id;
            if old_id != id {
                for stone in Bits(group.stones) {
                    self.group_of[usize::from(stone)] = old_id;
                }
            }
        }
        for &enemy in &undo.enemies[..usize::from(undo.enemies_len)] {
            self.groups[usize::from(enemy)].liberties |= bit;
        }
    }

    /// The incremental hash.
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from the stones.
    fn hash_from_scratch(&self) -> u64 {
        zobrist::side_to_move(self.to_move, KEYS[SIDE_KEY])
            ^ zobrist::pieces(self.stones, stone_key)
    }

    /// The population of the move set: the last ply of perft, counted without playing it.
    fn count_moves(&self, _: &mut Vec<Point>) -> u64 {
        u64::from(self.move_set().count_ones())
    }

    fn longest_game(&self) -> Option<u32> {
        // Every move fills an empty point for good (a capture or suicide ends the game).
        Some(self.empty().count_ones())
    }

    /// The points where the side to move's stone would be a foul, with the kind (`capture`,
    /// `suicide`): refused as illegal under `standard`, legal and losing under `foul-loses`.
    fn forbidden_moves(&self) -> Option<Vec<(Point, &'static str)>> {
        if self.outcome().is_some() {
            return Some(Vec::new());
        }
        let side = self.to_move;
        let fouls = self.empty() & !self.legal_points(side);
        Some(
            Bits(fouls)
                .map(|point| {
                    let foul = self.foul_of(point, side).expect("an empty point not legal");
                    (point, foul.code())
                })
                .collect(),
        )
    }

    fn parse_move(&self, text: &str) -> Result<Point, NotationError> {
        notation::parse_point(self.geometry, text)
    }

    fn format_move(&self, mv: Point) -> String {
        notation::format_point(self.geometry, mv)
    }

    fn picture(&self, marks: &[picture::Mark<Point>]) -> Option<String> {
        Some(svg::picture(self, marks))
    }
}
