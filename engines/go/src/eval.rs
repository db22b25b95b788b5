//! What the searches know of Go: a count of the board for cut-off playouts, the moves worth
//! searching (never filling one's own eye), and the playout policy.
//!
//! The playout policy is the light policy of the early Monte Carlo programs (Brügmann 1993;
//! Gelly et al., "Modification of UCT with patterns in Monte-Carlo Go", INRIA RR-6062, 2006:
//! MoGo's playouts answer an atari and capture first, else play a random move that does not
//! fill an eye): after the opponent's stone, save a group it put in atari (by extending, when
//! that gives the group two liberties or more, or by capturing a neighbour in atari), else
//! capture a group next to it that is in atari; otherwise a random legal point that is not
//! the mover's own eye and is not a self-atari of a group of more than two stones (a throw-in
//! or a two-stone nakade is how a playout kills); pass when none is left. A playout therefore ends by two passes, with every point settled, and is scored
//! as the rules count the board.

use arbiter_core::{Game, Side, grid};
use arbiter_search::{Evaluator, MoveSet, SplitMix64};
use serde::{Deserialize, Serialize};

use crate::board::{Point, PointSet};
use crate::notation::GoMove;
use crate::rules::Go;

/// The evaluation weights of `engines/go/params.yaml` (`eval:`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Params {
    /// Centi-points per point of area (Tromp-Taylor count of the board as it stands, komi
    /// included) in a cut-off position's value.
    pub point: i32,
    /// Whether playouts answer ataris and capture first (the policy above); off plays a
    /// uniformly random non-eye point.
    pub atari_first: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            point: 100,
            atari_first: true,
        }
    }
}

/// The evaluator: the weights and the buffers of the playout policy.
#[derive(Clone, Debug)]
pub struct GoEval {
    params: Params,
    empties: Vec<Point>,
}

impl arbiter_search::Weighted for GoEval {
    type Weights = Params;
}

impl From<Params> for GoEval {
    fn from(params: Params) -> GoEval {
        GoEval {
            params,
            empties: Vec::new(),
        }
    }
}

/// Whether `point` is an eye of `side`: empty, every neighbour a `side` stone, and at most one
/// diagonal an enemy stone (none on the edge). A move there fills one's own eye.
#[must_use]
pub fn is_eye(game: &Go, point: Point, side: Side) -> bool {
    let g = game.geometry();
    if game.stone_at(point).is_some()
        || g.neighbours(point)
            .iter()
            .any(|&n| game.stone_at(n) != Some(side))
    {
        return false;
    }
    let (column, row) = grid::coords_of(g.size, point);
    let n = usize::from(g.size);
    let mut enemies = 0;
    let mut off_board = 0;
    for (dc, dr) in [(-1isize, -1isize), (-1, 1), (1, -1), (1, 1)] {
        let (c, r) = (column as isize + dc, row as isize + dr);
        if c < 0 || r < 0 || c >= n as isize || r >= n as isize {
            off_board += 1;
            continue;
        }
        // Inside the board: non-negative and below n.
        let diagonal = g.point(c as usize, r as usize).unwrap_or(point);
        if game.stone_at(diagonal) == Some(side.opponent()) {
            enemies += 1;
        }
    }
    if off_board > 0 {
        enemies == 0
    } else {
        enemies <= 1
    }
}

/// The liberties the side to move's group would have after a stone on `point`: the empty
/// neighbours and the other liberties of the friendly groups it joins (an estimate that
/// ignores captures).
fn liberties_after(game: &Go, point: Point) -> PointSet {
    let me = game.to_move();
    let mut libs = PointSet::EMPTY;
    for &n in game.geometry().neighbours(point) {
        match game.stone_at(n) {
            None => libs.insert(n),
            Some(side) if side == me => libs = libs.union(&game.liberties(n)),
            Some(_) => {}
        }
    }
    libs.remove(point);
    libs
}

/// Whether a stone on `point` captures something.
fn captures(game: &Go, point: Point) -> bool {
    let them = game.to_move().opponent();
    game.geometry()
        .neighbours(point)
        .iter()
        .any(|&n| game.stone_at(n) == Some(them) && game.liberties(n).is_single())
}

impl GoEval {
    /// The answer to the opponent's last stone: save a group it put in atari, or capture a
    /// group in atari next to it.
    fn tactical_reply(&self, game: &Go) -> Option<Point> {
        let last = game.last_move()?.point()?;
        let me = game.to_move();
        let g = game.geometry();
        // Save own groups in atari next to the last stone.
        for &n in g.neighbours(last) {
            if game.stone_at(n) != Some(me) {
                continue;
            }
            let libs = game.liberties(n);
            if !libs.is_single() {
                continue;
            }
            // Capture an enemy neighbour of the group in atari, if one is.
            for stone in game.group_stones(n) {
                for &m in g.neighbours(stone) {
                    if game.stone_at(m) == Some(me.opponent()) {
                        let enemy_libs = game.liberties(m);
                        if let Some(capture) = enemy_libs.lowest()
                            && enemy_libs.is_single()
                            && game.is_legal_stone(capture)
                        {
                            return Some(capture);
                        }
                    }
                }
            }
            let escape = libs.lowest()?;
            if liberties_after(game, escape).len() >= 2 && game.is_legal_stone(escape) {
                return Some(escape);
            }
        }
        // Capture an enemy group in atari next to the last stone (the stone's own group too).
        let mut seen = [Point::MAX; 5];
        let around = std::iter::once(last).chain(g.neighbours(last).iter().copied());
        for (i, n) in around.enumerate() {
            if game.stone_at(n) != Some(me.opponent()) {
                continue;
            }
            let root = game.group_root(n);
            if seen.contains(&root) {
                continue;
            }
            seen[i] = root;
            let libs = game.liberties(n);
            if let Some(capture) = libs.lowest()
                && libs.is_single()
                && game.is_legal_stone(capture)
            {
                return Some(capture);
            }
        }
        None
    }

    /// Whether a random playout may play `point`: legal, not an own eye, and not an atari on
    /// a group of more than two of the mover's stones (unless it captures).
    fn playable(game: &Go, point: Point) -> bool {
        let me = game.to_move();
        if is_eye(game, point, me) || !game.is_legal_stone(point) {
            return false;
        }
        let libs = liberties_after(game, point);
        if libs.len() > 1 || captures(game, point) {
            return true;
        }
        // A self-atari: bad for a group, but a throw-in or a two-stone nakade (filling the
        // eye space of a group that has one) is how playouts kill.
        let mut size = 1;
        for &n in game.geometry().neighbours(point) {
            if game.stone_at(n) == Some(me) {
                size += u32::from(game.group_size(n));
            }
        }
        size <= 2
    }
}

impl Evaluator<Go> for GoEval {
    /// The Tromp-Taylor count of the board as it stands (komi and bonus included) for the
    /// side to move, in centi-points.
    fn evaluate(&self, game: &Go) -> i32 {
        let me = game.to_move();
        let black = game.area_of(Side::First);
        let white = game.area_of(Side::Second);
        let variant = game.variant();
        let halves = 2 * (black - white) - variant.rules.komi_halves - 2 * variant.bonus();
        let for_black = self.params.point * halves / 2;
        if me == Side::First {
            for_black
        } else {
            -for_black
        }
    }

    fn history_slots(&self) -> usize {
        crate::board::MAX_POINTS + 1
    }

    fn history_slot(&self, mv: GoMove) -> usize {
        mv.point().map_or(crate::board::MAX_POINTS, usize::from)
    }

    /// Every legal move but those filling the mover's own eye (and the pass, always).
    fn search_moves(&mut self, game: &Go, moves: &mut Vec<GoMove>) -> MoveSet {
        game.generate_moves(moves);
        let me = game.to_move();
        let before = moves.len();
        moves.retain(|mv| mv.point().is_none_or(|p| !is_eye(game, p, me)));
        if moves.len() == before {
            MoveSet::Complete
        } else {
            MoveSet::Narrowed
        }
    }

    /// The key of the position and its history (the boards a superko rule remembers), so
    /// that a table never mixes two histories.
    fn table_key(&self, game: &Go) -> u64 {
        game.history_boards()
            .fold(game.hash(), |key, board| key.rotate_left(5) ^ board)
    }

    fn playout_move(&mut self, game: &Go, rng: &mut SplitMix64) -> Option<GoMove> {
        if game.outcome().is_some() {
            return None;
        }
        if self.params.atari_first
            && let Some(point) = self.tactical_reply(game)
        {
            return Some(GoMove::at(point));
        }
        self.empties.clear();
        self.empties.extend(game.empty().iter());
        while !self.empties.is_empty() {
            let i = rng.below(self.empties.len());
            let point = self.empties.swap_remove(i);
            if GoEval::playable(game, point) {
                return Some(GoMove::at(point));
            }
        }
        Some(GoMove::PASS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::position;

    #[test]
    fn eyes_on_the_edge_and_inside() {
        // 5x5: black b1 a2 c1?.. a1 is an eye of black when a2 and b1 are black and b2 is not
        // white; c3 is an eye inside b3 c4 d3 c2 with one white diagonal.
        let game = position::<Go>("tromp-taylor@5", "5/2X2/1X1XO/X1X2/1X3 black");
        let g = game.geometry();
        let at = |text| crate::parse_point(g, text).unwrap();
        assert!(is_eye(&game, at("a1"), Side::First));
        assert!(is_eye(&game, at("c3"), Side::First));
        assert!(!is_eye(&game, at("c3"), Side::Second));
        assert!(!is_eye(&game, at("e1"), Side::First));
    }

    #[test]
    fn playouts_end_by_passes_and_are_reproducible() {
        let start = Go::new("chinese@9".parse().unwrap());
        let run = |seed| {
            let mut game = start.clone();
            let mut eval = GoEval::from(Params::default());
            let mut rng = SplitMix64::new(seed);
            let mut plies = 0;
            while let Some(mv) = eval.playout_move(&game, &mut rng) {
                assert_eq!(game.check_move(mv), Ok(()), "{}", game.format_move(mv));
                game.make(mv);
                plies += 1;
                assert!(plies < 1000, "a playout that does not end");
            }
            (game.outcome().is_some(), game.format_position())
        };
        let (over, board) = run(7);
        assert!(over);
        assert_eq!(run(7).1, board);
    }

    #[test]
    fn the_policy_saves_a_stone_in_atari() {
        // Black c4 between white b4 and d4 (white b3 below b4); black e1, white c5 puts c4
        // in atari on c3, where it extends to two liberties (d3, c2).
        let mut game = position::<Go>("chinese@5", "5/1OXO1/1O3/5/5 black");
        for mv in ["e1", "c5"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv).unwrap();
        }
        let eval = GoEval::from(Params::default());
        let reply = eval.tactical_reply(&game).map(GoMove::at);
        assert_eq!(reply, Some(game.parse_move("c3").unwrap()));
    }
}
