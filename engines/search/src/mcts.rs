//! Monte Carlo tree search with UCT selection and seeded random playouts.
//!
//! One iteration walks down the tree by UCT (`q + c * sqrt(ln N / n)`, the first unvisited
//! child before any visited one), expands the leaf it reaches once the leaf has
//! `mcts_expand_visits` visits (its children in a seeded random order), plays random moves
//! (or the moves of the evaluator's playout policy, [`Evaluator::playout_move`]) from there for
//! at most `mcts_playout_limit` plies, scores the end (1 / ½ / 0 for a finished
//! game, else the evaluator mapped into `0..1`), and adds the score to every node on the path.
//!
//! The root move is the most visited child; ties go to the better mean, then to the child
//! ordered first. Everything, the random stream included, restarts from the parameters at each
//! search, so a `Depth` or `Nodes` budget gives the same result every run. The tree stores
//! rewards from [`Side::First`]'s point of view, so games whose turns do not alternate (a
//! pass as the only move is still a move) need no special care.
//!
//! The evaluator's hooks apply as in alpha-beta: [`Evaluator::begin`] at the root, every move
//! of the tree and of the playouts through [`Evaluator::make`]/[`Evaluator::unmake`], and the
//! moves of [`Evaluator::search_moves`] for expansion and playouts (MCTS proves nothing, so a
//! narrowed list needs no care here). A game with a playout policy ([`Evaluator::playout`])
//! plays each playout itself from the leaf, with the searcher's seeded random stream.
//!
//! **Chance nodes** ([`Game::is_chance`]: a die to roll) are walked, in the tree and in the
//! playouts, by drawing an event with the game's weights ([`Game::chance_weight`]) from the
//! seeded stream instead of by UCT, so that a node's mean estimates the expectation over the
//! rolls. A search from a chance node reports no move, only that mean; the principal variation
//! stops before a chance node. Games without chance draw nothing and are searched as before.

use std::time::Instant;

use arbiter_core::{Game, Outcome, Side};

use crate::budget::{Budget, SearchResult, Searcher};
use crate::eval::Evaluator;
use crate::params::SearchParams;
use crate::rng::{SplitMix64, ln};

/// One tree node: the move that leads to it and its statistics.
#[derive(Clone, Debug)]
struct Node<M> {
    /// `None` only at the root.
    mv: Option<M>,
    /// Children are stored together: `first_child .. first_child + children`.
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    /// The sum of playout rewards for [`Side::First`].
    reward: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>) -> Node<M> {
        Node {
            mv,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
        }
    }

    /// The mean reward for `side`, ½ before any visit.
    fn mean(&self, side: Side) -> f64 {
        if self.visits == 0 {
            return 0.5;
        }
        let first = self.reward / f64::from(self.visits);
        if side == Side::First {
            first
        } else {
            1.0 - first
        }
    }
}

/// A UCT searcher for the game `G`; the evaluator scores cut-off playouts.
#[derive(Clone, Debug)]
pub struct Mcts<G: Game, E> {
    evaluator: E,
    params: SearchParams,
    rng: SplitMix64,
    tree: Vec<Node<G::Move>>,
    /// Reused per iteration: the nodes walked, the moves made (to take back), a move buffer.
    path: Vec<u32>,
    undos: Vec<(G::Move, G::Undo)>,
    moves: Vec<G::Move>,
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// A searcher with `params` (exploration constant, playout limit, seed, …).
    #[must_use]
    pub fn new(evaluator: E, params: SearchParams) -> Mcts<G, E> {
        Mcts {
            evaluator,
            rng: SplitMix64::new(params.seed),
            params,
            tree: Vec::new(),
            path: Vec::new(),
            undos: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The parameters this searcher was built with.
    #[must_use]
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// Visits of each root move after the last search, in the tree's (seeded) order.
    #[must_use]
    pub fn root_visits(&self) -> Vec<(G::Move, u32)> {
        let Some(root) = self.tree.first() else {
            return Vec::new();
        };
        self.children(root)
            .iter()
            .filter_map(|child| Some((child.mv?, child.visits)))
            .collect()
    }

    fn children(&self, node: &Node<G::Move>) -> &[Node<G::Move>] {
        let first = node.first_child as usize;
        &self.tree[first..first + node.children as usize]
    }

    /// Adds the children of `node` (the position `game`), in a seeded random order.
    fn expand(&mut self, node: usize, game: &G) {
        self.evaluator.search_moves(game, &mut self.moves);
        // Fisher-Yates: the order decides which unvisited child is tried first.
        for i in (1..self.moves.len()).rev() {
            let j = self.rng.below(i + 1);
            self.moves.swap(i, j);
        }
        let first = self.tree.len();
        self.tree
            .extend(self.moves.iter().map(|&mv| Node::new(Some(mv))));
        let entry = &mut self.tree[node];
        entry.expanded = true;
        // The tree is capped at `mcts_max_nodes`, which is a u32.
        entry.first_child = first as u32;
        entry.children = self.moves.len() as u32;
    }

    /// The UCT choice among the children of `node`, for `side` to move there.
    fn select(&self, node: usize, side: Side) -> usize {
        let parent = &self.tree[node];
        let log = ln(f64::from(parent.visits.max(1)));
        let first = parent.first_child as usize;
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for (i, child) in self.children(parent).iter().enumerate() {
            if child.visits == 0 {
                return first + i;
            }
            let n = f64::from(child.visits);
            let value = child.mean(side) + self.params.mcts_exploration * (log / n).sqrt();
            if value > best_value {
                best_value = value;
                best = first + i;
            }
        }
        best
    }

    /// A child of the chance node `node` (the position `game`) drawn with the events' weights.
    fn draw_child(&mut self, node: usize, game: &G) -> usize {
        let parent = &self.tree[node];
        let first = parent.first_child as usize;
        let count = parent.children as usize;
        let weights: Vec<u64> = self.tree[first..first + count]
            .iter()
            .map(|child| u64::from(game.chance_weight(child.mv.expect("children have moves"))))
            .collect();
        first + self.draw_weighted(&weights)
    }

    /// An index below `weights.len()` (not empty), drawn with probability weight / sum.
    fn draw_weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        // The sum of a few u32 weights fits a usize on every supported target.
        let mut ticket = self.rng.below(total.max(1) as usize) as u64;
        for (i, &weight) in weights.iter().enumerate() {
            if ticket < weight {
                return i;
            }
            ticket -= weight;
        }
        weights.len() - 1
    }

    /// The most visited child of `node` (ties: better mean for `side`, then the earlier child).
    fn most_visited(&self, node: usize, side: Side) -> Option<usize> {
        let parent = &self.tree[node];
        let first = parent.first_child as usize;
        let mut best: Option<usize> = None;
        for (i, child) in self.children(parent).iter().enumerate() {
            let better = best.is_none_or(|b| {
                let current = &self.tree[b];
                (child.visits, child.mean(side)) > (current.visits, current.mean(side))
            });
            if better {
                best = Some(first + i);
            }
        }
        best
    }

    /// The reward of a finished game for [`Side::First`].
    fn outcome_reward(outcome: Outcome) -> f64 {
        match outcome.winner {
            Some(Side::First) => 1.0,
            Some(Side::Second) => 0.0,
            None => 0.5,
        }
    }

    /// The evaluator's view of `game` as a reward for [`Side::First`].
    fn evaluation_reward(&self, game: &G) -> f64 {
        let x = f64::from(self.evaluator.evaluate(game)) / self.params.mcts_eval_scale;
        let to_move = 0.5 + 0.5 * x / (1.0 + x.abs());
        if game.side_to_move() == Side::First {
            to_move
        } else {
            1.0 - to_move
        }
    }

    /// Random moves from `game` until the game ends or the playout limit; returns the reward
    /// for [`Side::First`] and the plies played. The moves are pushed on `undos`. A game with
    /// a playout policy of its own ([`Evaluator::playout`]) plays the playout instead; else
    /// the evaluator's move policy ([`Evaluator::playout_move`]) chooses when it has one.
    fn playout(&mut self, game: &mut G) -> (f64, u64) {
        if game.outcome().is_none()
            && let Some(reward) = self.evaluator.playout(game, &mut self.rng)
        {
            debug_assert!((0.0..=1.0).contains(&reward), "a reward of {reward}");
            return (reward, 0);
        }
        let mut plies = 0;
        loop {
            if let Some(mv) = self.evaluator.playout_move(game, &mut self.rng) {
                if plies >= u64::from(self.params.mcts_playout_limit) {
                    return (self.evaluation_reward(game), plies);
                }
                let undo = self.evaluator.make(game, mv);
                self.undos.push((mv, undo));
                plies += 1;
                continue;
            }
            self.evaluator.search_moves(game, &mut self.moves);
            if self.moves.is_empty() {
                debug_assert!(game.outcome().is_some(), "no legal moves but no outcome");
                let reward = game.outcome().map_or(0.5, Self::outcome_reward);
                return (reward, plies);
            }
            if plies >= u64::from(self.params.mcts_playout_limit) {
                return (self.evaluation_reward(game), plies);
            }
            let mv = if game.is_chance() {
                let weights: Vec<u64> = self
                    .moves
                    .iter()
                    .map(|&event| u64::from(game.chance_weight(event)))
                    .collect();
                let drawn = self.draw_weighted(&weights);
                self.moves[drawn]
            } else {
                self.moves[self.rng.below(self.moves.len())]
            };
            let undo = self.evaluator.make(game, mv);
            self.undos.push((mv, undo));
            plies += 1;
        }
    }

    /// One selection-expansion-playout-backup pass; returns the plies made and the tree depth.
    fn iterate(&mut self, game: &mut G) -> (u64, u32) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        while self.tree[node].expanded && self.tree[node].children > 0 {
            node = if game.is_chance() {
                self.draw_child(node, game)
            } else {
                self.select(node, game.side_to_move())
            };
            self.descend(game, node);
        }
        let leaf = &self.tree[node];
        let room = self.tree.len() < self.params.mcts_max_nodes as usize;
        if !leaf.expanded && leaf.visits + 1 >= self.params.mcts_expand_visits && room {
            if game.outcome().is_some() {
                // A finished game: expanded, with no children, so it is scored directly.
                self.tree[node].expanded = true;
            } else {
                self.expand(node, game);
                node = if game.is_chance() {
                    self.draw_child(node, game)
                } else {
                    self.tree[node].first_child as usize
                };
                self.descend(game, node);
            }
        }
        let (reward, playout_plies) = self.playout(game);
        for &visited in &self.path {
            let entry = &mut self.tree[visited as usize];
            entry.visits += 1;
            entry.reward += reward;
        }
        let plies = self.undos.len() as u64;
        while let Some((mv, undo)) = self.undos.pop() {
            self.evaluator.unmake(game, mv, undo);
        }
        debug_assert!(plies >= playout_plies);
        // The path is no longer than the tree, whose size fits a u32.
        (plies, self.path.len() as u32 - 1)
    }

    /// Plays the move of `node` and records it on the path.
    fn descend(&mut self, game: &mut G, node: usize) {
        let mv = self.tree[node].mv.expect("only the root has no move");
        let undo = self.evaluator.make(game, mv);
        self.undos.push((mv, undo));
        self.path.push(node as u32);
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G> for Mcts<G, E> {
    fn search(&mut self, game: &G, budget: Budget) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.rng = SplitMix64::new(self.params.seed);
        self.tree.clear();
        if let Some(outcome) = game.outcome() {
            let reward = Self::outcome_reward(outcome);
            let to_move = if game.side_to_move() == Side::First {
                reward
            } else {
                1.0 - reward
            };
            return SearchResult {
                best: None,
                score: scaled(to_move),
                depth: 0,
                nodes: 0,
                pv: vec![],
            };
        }
        let mut game = game.clone();
        self.evaluator.begin(&game);
        self.tree.push(Node::new(None));
        self.expand(0, &game);

        let (iterations, deadline) = match budget {
            Budget::Depth(depth) => (u64::from(depth), None),
            Budget::Nodes(nodes) => (nodes, None),
            // A duration past the end of time means no deadline.
            Budget::Time(time) => (u64::MAX, start.checked_add(time)),
        };
        let interval = self.params.node_check_interval.max(1);
        let mut plies_since_check = 0;
        let mut done = 0;
        let mut depth = 0;
        while done < iterations {
            if plies_since_check >= interval {
                plies_since_check = 0;
                if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                    break;
                }
            }
            let (plies, reached) = self.iterate(&mut game);
            plies_since_check += plies.max(1);
            depth = depth.max(reached);
            done += 1;
        }

        let side = game.side_to_move();
        if game.is_chance() {
            // The die chooses here: the expectation, and no move.
            return SearchResult {
                best: None,
                score: scaled(self.tree[0].mean(side)),
                depth,
                nodes: done,
                pv: Vec::new(),
            };
        }
        let mut pv = Vec::new();
        let mut node = 0;
        let mut to_move = side;
        while let Some(child) = self.most_visited(node, to_move) {
            if node != 0 && game.is_chance() {
                // No single roll follows: the variation ends before the die.
                break;
            }
            if self.tree[child].visits == 0 && node != 0 {
                break;
            }
            let mv = self.tree[child].mv.expect("children have moves");
            pv.push(mv);
            to_move = {
                let undo = self.evaluator.make(&mut game, mv);
                let next = game.side_to_move();
                self.undos.push((mv, undo));
                next
            };
            node = child;
        }
        while let Some((mv, undo)) = self.undos.pop() {
            self.evaluator.unmake(&mut game, mv, undo);
        }
        let root_child = self.most_visited(0, side);
        let score = root_child.map_or(0, |child| scaled(self.tree[child].mean(side)));
        SearchResult {
            best: pv.first().copied(),
            score,
            depth,
            nodes: done,
            pv,
        }
    }
}

/// A winning chance in `0..=1` as a score in `-1000..=1000`.
fn scaled(chance: f64) -> i32 {
    // The value is within ±1000, so the conversion is exact.
    ((chance * 2.0 - 1.0) * 1000.0).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_game::{Board, LineEval, Ttt};

    fn searcher(seed: u64, mcts_playout_limit: u32) -> Mcts<Ttt, LineEval> {
        Mcts::new(
            LineEval,
            SearchParams {
                seed,
                mcts_playout_limit,
                ..SearchParams::default()
            },
        )
    }

    #[test]
    fn same_seed_same_result() {
        let game = Ttt::start(&Board::Four);
        let mut used = searcher(7, 400);
        let first = used.search(&game, Budget::Nodes(800));
        assert_eq!(first, used.search(&game, Budget::Nodes(800)));
        assert_eq!(first, searcher(7, 400).search(&game, Budget::Nodes(800)));
        assert_eq!(first.nodes, 800);
        assert_eq!(first.best, first.pv.first().copied());
        let total: u32 = used.root_visits().iter().map(|&(_, visits)| visits).sum();
        assert_eq!(total, 800);
    }

    #[test]
    fn takes_a_win_in_one() {
        // For either side to move: x wins at c1, o at c2.
        for (text, win) in [("xx.oo.... x", 2), ("xx.oo.x.. o", 5)] {
            let game = Ttt::from_text(Board::Three, text);
            for (seed, limit) in [(1, 400), (2, 400), (3, 0)] {
                let result = searcher(seed, limit).search(&game, Budget::Nodes(2000));
                assert_eq!(
                    result.best,
                    Some(win),
                    "{text}, seed {seed}, playout limit {limit}"
                );
                assert!(result.score > 900, "{result:?}");
            }
        }
    }

    /// A playout policy that calls every playout for one side.
    struct FixedPlayout(f64);

    impl Evaluator<Ttt> for FixedPlayout {
        fn evaluate(&self, _: &Ttt) -> i32 {
            0
        }

        fn playout(&mut self, _: &Ttt, rng: &mut SplitMix64) -> Option<f64> {
            let _ = rng.next_u64();
            Some(self.0)
        }
    }

    #[test]
    fn a_playout_policy_replaces_the_random_playouts() {
        // Random playouts from the start never agree on every game; the policy's do, and
        // every root child ends up with the policy's value for the first side.
        let game = Ttt::start(&Board::Three);
        for (reward, score) in [(1.0, 1000), (0.0, -1000)] {
            let mut mcts = Mcts::new(FixedPlayout(reward), SearchParams::default());
            let result = mcts.search(&game, Budget::Nodes(50));
            assert_eq!(result.score, score);
        }
    }

    #[test]
    fn blocks_the_only_threat() {
        let game = Ttt::from_text(Board::Three, "oo.x....x x");
        let result = searcher(5, 400).search(&game, Budget::Nodes(3000));
        assert_eq!(result.best, Some(2));
    }

    /// Plays its playouts by the lowest legal move, counting the calls.
    struct LowestFirst(u32);

    impl Evaluator<Ttt> for LowestFirst {
        fn evaluate(&self, game: &Ttt) -> i32 {
            LineEval.evaluate(game)
        }

        fn playout_move(&mut self, game: &Ttt, _rng: &mut SplitMix64) -> Option<u8> {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            self.0 += 1;
            moves.first().copied()
        }
    }

    #[test]
    fn a_playout_policy_chooses_the_playout_moves() {
        let game = Ttt::start(&Board::Three);
        let params = SearchParams {
            mcts_expand_visits: 1_000_000,
            ..SearchParams::default()
        };
        let mut policy = Mcts::new(LowestFirst(0), params.clone());
        let first = policy.search(&game, Budget::Nodes(50));
        assert!(policy.evaluator.0 > 0, "the policy was asked");
        // Every playout from the root's children follows the same lowest-first line, so each
        // child's playouts all end the same way: its mean is 0, ½ or 1 exactly.
        for child in policy.children(&policy.tree[0]) {
            let mean = child.mean(Side::First);
            assert!(
                child.visits == 0 || [0.0, 0.5, 1.0].contains(&mean),
                "{mean}"
            );
        }
        assert_eq!(
            first,
            Mcts::new(LowestFirst(0), params).search(&game, Budget::Nodes(50))
        );
    }

    #[test]
    fn finished_game_and_empty_budget() {
        let over = Ttt::from_text(Board::Three, "xxxoo.... o");
        let result = searcher(1, 400).search(&over, Budget::Nodes(100));
        assert_eq!(
            result,
            SearchResult {
                best: None,
                score: -1000,
                depth: 0,
                nodes: 0,
                pv: vec![]
            }
        );
        let start = Ttt::start(&Board::Three);
        let result = searcher(1, 400).search(&start, Budget::Nodes(0));
        assert!(result.best.is_some());
        let result = searcher(1, 400).search(&start, Budget::Time(std::time::Duration::ZERO));
        assert!(result.best.is_some());
    }
}
