//! Negamax alpha-beta with principal-variation search and iterative deepening.
//!
//! Each iteration searches the root with a full window; the first move of every node with a
//! full window, the others with a null window and a re-search when they beat alpha. Nodes are
//! ordered by the transposition-table move, then `crate::ordering` keys.
//!
//! **Stopping.** Limits are looked at once every `node_check_interval` nodes (a `Nodes` limit
//! exactly at its count). A stopped iteration is thrown away, except in one safe case: the
//! previous iteration's best move is searched first at the root, so once that first root move
//! has been searched to the end, the iteration's best-so-far has been compared against it at
//! the new depth and is used (with `depth` set to the unfinished iteration's depth). Before
//! any iteration has finished, the result is the root move with the best ordering key, scored
//! by the static evaluation, at depth 0.
//!
//! **Resolved subtrees.** A subtree in which every path ended the game is valid at any depth:
//! it is stored with depth [`Entry::RESOLVED`], and an iteration that met no horizon at all
//! has found the game-theoretic value, so iterative deepening ends there
//! ([`AlphaBeta::resolved`]: a draw or a counted margin is then proven too); it also ends on
//! a win/loss score. [`AlphaBeta::search_to_end`] deepens until one of the two.
//!
//! **Hooks** ([`Evaluator`]). Moves are made through [`Evaluator::make`]/[`Evaluator::unmake`],
//! the table is keyed by [`Evaluator::table_key`] (a game whose value depends on the path keys
//! on the path too), and a node searches the moves of [`Evaluator::search_moves`]. A node whose
//! list is [`MoveSet::Narrowed`] is a horizon: it is never stored as resolved, an iteration
//! that met one has not solved the position, and a loss found there is scored `1 - MATE_BOUND`
//! (as bad as an evaluation gets) instead of a loss by distance, since an omitted move might
//! save it. A win found there stands: the move that wins is in the list. So every win/loss
//! score is a proof, with or without narrowing; under narrowing, and for a win found in the
//! quiescence search below the horizon, a win's distance is an upper bound (an omitted move
//! might win sooner, and a deeper iteration, which the win ends, might find it).
//!
//! **Chance nodes** ([`Game::is_chance`]: a die to roll) are scored as the weighted mean of
//! their events, an expectimax, with the Star1 bounds and Star2 probing of [`chance`]; a chance
//! node's value is a win or loss score only when every event leads to one, so that win/loss
//! scores stay proofs. A chance node ends the principal variation (no single roll follows),
//! and a search from a chance node reports no move, only the expectation. A search that met a
//! chance node proves no draw and no margin by resolving ([`AlphaBeta::met_chance`]): its
//! exact means are rounded to the score's integers.

use std::time::Instant;

use arbiter_core::{Game, Outcome};

use crate::budget::{Budget, SearchResult, Searcher};
use crate::eval::{Evaluator, MoveSet, Quiescence};
use crate::ordering::{History, Killers, order_key, pick_next};
use crate::params::SearchParams;
use crate::score::{
    INFINITY, MATE_BOUND, MAX_PLY, from_table, is_mate, mate_in, mated_in, to_table,
};
use crate::tt::{Bound, Entry, TranspositionTable};

pub mod chance;

/// The per-ply buffers, allocated on first use and reused by every later node at that ply.
#[derive(Clone, Debug)]
struct Frame<M> {
    moves: Vec<M>,
    keys: Vec<i64>,
    /// The principal variation from this ply (triangular PV table).
    pv: Vec<M>,
}

/// An alpha-beta searcher for the game `G` with the evaluator `E`.
///
/// One thread, no global state: two searchers never influence each other, and a search under
/// a `Depth` or `Nodes` budget through [`Searcher::search`] gives the same result every time.
#[derive(Clone, Debug)]
pub struct AlphaBeta<G: Game, E> {
    evaluator: E,
    params: SearchParams,
    table: TranspositionTable<G::Move>,
    killers: Killers<G::Move>,
    history: History,
    stack: Vec<Frame<G::Move>>,
    nodes: u64,
    /// The node count at which the limits are looked at next.
    next_check: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Leaves scored by the evaluator (or by a depth-limited table entry) so far.
    horizon: u64,
    /// The best root move of the previous iteration, searched first.
    previous_best: Option<G::Move>,
    /// Root moves searched to the end in the current iteration, and the best score among them.
    root_done: usize,
    root_score: i32,
    /// Whether the last search's result came from an iteration that met no horizon.
    resolved: bool,
    /// One iteration to the end of the game, with mate-distance bounds
    /// ([`AlphaBeta::search_to_end`]), instead of iterative deepening.
    to_end: bool,
    /// Whether the last search met a chance node.
    met_chance: bool,
    /// How many chance nodes are above the node being searched.
    below_chance: usize,
    /// The depth of the iteration being searched: extensions stop at twice it.
    iteration_depth: u32,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with its own transposition table of `params.tt_size_mb` MiB.
    #[must_use]
    pub fn new(evaluator: E, params: SearchParams) -> AlphaBeta<G, E> {
        let frame = Frame {
            moves: Vec::new(),
            keys: Vec::new(),
            pv: Vec::new(),
        };
        AlphaBeta {
            table: TranspositionTable::new(params.tt_size_mb),
            history: History::new(evaluator.history_slots()),
            evaluator,
            params,
            killers: Killers::new(),
            stack: vec![frame; MAX_PLY + 1],
            nodes: 0,
            next_check: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            horizon: 0,
            previous_best: None,
            root_done: 0,
            root_score: 0,
            resolved: false,
            to_end: false,
            met_chance: false,
            below_chance: 0,
            iteration_depth: 0,
        }
    }

    /// The parameters this searcher was built with.
    #[must_use]
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// The game's evaluator.
    #[must_use]
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Whether the last search's result is the game-theoretic value: it comes from a complete
    /// iteration that met no horizon (every line ended the game, no node was narrowed), so its
    /// score is exact, a draw included. A win/loss score is a proof even when this is false.
    #[must_use]
    pub fn resolved(&self) -> bool {
        self.resolved
    }

    /// Whether the last search met a chance node ([`Game::is_chance`]). Its score is then an
    /// expectation rounded at every chance node: a win or loss score is still a proof (every
    /// roll leads to it), but a resolved search proves neither a draw nor a margin.
    #[must_use]
    pub fn met_chance(&self) -> bool {
        self.met_chance
    }

    /// Searches every line to the end of the game: one iteration [`MAX_PLY`] plies deep
    /// (the evaluator scores only nodes that deep), with mate-distance bounds (no node can
    /// win or lose sooner than at the next ply; see [`Evaluator::moving_can_lose`]) pruning
    /// lines that cannot matter. The score is then the game-theoretic value, win/loss
    /// distances included; `depth` is the number of plies to the end along the principal
    /// variation. `Nodes` and `Time` budgets bound the effort; `Depth` is ignored. For games
    /// short enough to search whole: small endgames. The searcher's own table is cleared
    /// first, so the result is reproducible.
    ///
    /// Moves are ordered by the table move, then the game's hints, without killers or
    /// history (history weighs a cut-off by the remaining depth, which means nothing in one
    /// pass). Measured on the Amazons endgame suite, killers and history moved the node
    /// counts by -8% to +8%, no clear gain; without them this is the tree of the solver it
    /// replaced, node for node.
    ///
    /// # Errors
    /// The number of nodes searched, when the budget ran out (or a line outlasted
    /// [`MAX_PLY`]) before the proof was complete.
    pub fn search_to_end(
        &mut self,
        game: &G,
        budget: Budget,
    ) -> Result<SearchResult<G::Move>, u64> {
        let budget = match budget {
            Budget::Depth(_) => Budget::Depth(MAX_PLY as u32),
            budget => budget,
        };
        let max_depth = std::mem::replace(&mut self.params.max_depth, MAX_PLY as u32);
        self.to_end = true;
        let mut result = Searcher::search(self, game, budget);
        self.to_end = false;
        self.params.max_depth = max_depth;
        if self.stopped || !(self.resolved || is_mate(result.score)) {
            return Err(result.nodes);
        }
        result.depth = u32::try_from(result.pv.len()).unwrap_or(u32::MAX);
        Ok(result)
    }

    /// Searches with the caller's transposition table, which is *not* cleared first: entries
    /// from earlier searches (say, earlier moves of a game) are used, so the result depends on
    /// them. [`Searcher::search`] clears its own table instead and is reproducible.
    pub fn search_with_table(
        &mut self,
        game: &G,
        budget: Budget,
        table: &mut TranspositionTable<G::Move>,
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        let mut game = game.clone();
        self.evaluator.begin(&game);
        table.new_search();
        self.killers.clear();
        self.history.clear();
        self.nodes = 0;
        self.next_check = 0;
        self.stopped = false;
        self.resolved = false;
        self.met_chance = false;
        self.below_chance = 0;
        self.previous_best = None;
        let max_depth = match budget {
            Budget::Depth(depth) => depth,
            Budget::Nodes(_) | Budget::Time(_) => self.params.max_depth,
        };
        let max_depth = max_depth.min(MAX_PLY as u32);
        self.node_limit = match budget {
            Budget::Nodes(nodes) => nodes,
            Budget::Depth(_) | Budget::Time(_) => u64::MAX,
        };
        self.deadline = match budget {
            // A duration past the end of time means no deadline.
            Budget::Time(time) => start.checked_add(time),
            Budget::Depth(_) | Budget::Nodes(_) => None,
        };

        if let Some(outcome) = game.outcome() {
            let score = self.terminal(&game, outcome, 0);
            self.resolved = true;
            return SearchResult {
                best: None,
                score,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        let mut result = self.fallback(&game);
        let first_depth = if self.to_end { max_depth } else { 1 };
        for depth in first_depth..=max_depth {
            self.iteration_depth = depth;
            self.horizon = 0;
            self.root_done = 0;
            let score = self.negamax(&mut game, table, depth, 0, -INFINITY, INFINITY);
            if self.stopped {
                // A partial iteration in which every searched root move loses proves nothing
                // about the moves not searched yet: keep the last complete iteration then.
                if self.root_done > 0 && self.root_score > -MATE_BOUND {
                    result = self.root_result(self.root_score, depth);
                }
                break;
            }
            result = self.root_result(score, depth);
            self.previous_best = result.best;
            self.resolved = self.horizon == 0;
            if self.horizon == 0 || is_mate(score) {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The result of an iteration from the root's principal variation.
    fn root_result(&self, score: i32, depth: u32) -> SearchResult<G::Move> {
        let pv = self.stack[0].pv.clone();
        SearchResult {
            best: pv.first().copied(),
            score,
            depth,
            nodes: self.nodes,
            pv,
        }
    }

    /// The result before any iteration has finished: the root move ordered first, scored by
    /// the static evaluation (no move at a chance node: the die chooses there).
    fn fallback(&mut self, game: &G) -> SearchResult<G::Move> {
        if game.is_chance() {
            return SearchResult {
                best: None,
                score: self.evaluate(game),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        let mut moves = std::mem::take(&mut self.stack[0].moves);
        self.evaluator.search_moves(game, &mut moves);
        let best = moves
            .iter()
            .enumerate()
            // The first of equally hinted moves, like the move picker.
            .max_by_key(|&(i, &mv)| {
                (
                    self.evaluator.move_order_hint(game, mv),
                    std::cmp::Reverse(i),
                )
            })
            .map(|(_, &mv)| mv);
        self.stack[0].moves = moves;
        let score = self.evaluate(game);
        SearchResult {
            best,
            score,
            depth: 0,
            nodes: 0,
            pv: best.into_iter().collect(),
        }
    }

    /// Looks at the node and time limits; sets `stopped` when one is reached.
    #[cold]
    fn check_limits(&mut self) {
        if self.nodes >= self.node_limit
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.stopped = true;
            return;
        }
        let interval = self.params.node_check_interval.max(1);
        self.next_check = self.nodes.saturating_add(interval).min(self.node_limit);
    }

    fn evaluate(&self, game: &G) -> i32 {
        let score = self.evaluator.evaluate(game);
        debug_assert!(
            score.abs() < MATE_BOUND,
            "evaluation {score} outside ±MATE_BOUND"
        );
        score.clamp(1 - MATE_BOUND, MATE_BOUND - 1)
    }

    fn terminal(&self, game: &G, outcome: Outcome, ply: usize) -> i32 {
        let score = self.evaluator.terminal_score(game, outcome, ply);
        debug_assert!(
            score.abs() < INFINITY,
            "terminal score {score} outside ±MATE"
        );
        score
    }

    /// Mate-distance bounds of a node that is not over, `ply` plies from the root, in a
    /// search to the end: it wins at the next ply at the soonest and loses there at the
    /// soonest (or only at the ply after, when no move can lose for its mover at once), so a
    /// window beyond those scores needs no search: the bound that settles it. A chance node's
    /// events lead to such nodes at the next ply, so the same bounds hold for it.
    fn distance_bound(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let first_loss = if self.evaluator.moving_can_lose() {
            1
        } else {
            2
        };
        let (floor, ceiling) = (mated_in(ply + first_loss), mate_in(ply + 1));
        if floor >= beta {
            Some(floor)
        } else if ceiling <= alpha {
            Some(ceiling)
        } else {
            None
        }
    }

    /// Whether the node just reached, `ply` plies from the root, is searched a ply deeper
    /// ([`Evaluator::extends`]): never in a search to the end (it has no horizon to push), and
    /// only while the line is shorter than twice the iteration's depth.
    fn extended(&self, game: &G, ply: usize) -> bool {
        !self.to_end
            && ply < 2 * self.iteration_depth as usize
            && ply < MAX_PLY
            && self.evaluator.extends(game)
    }

    /// The value of a leaf that is not over, `ply` plies from the root and `below` plies under
    /// the alpha-beta horizon: its evaluation, or the best of its quiescence moves as
    /// [`Evaluator::quiescence_moves`] says (fail-soft, within `(alpha, beta)`). Quiescence
    /// nodes are counted and checked against the limits like any node, and never stored.
    fn quiesce(&mut self, game: &mut G, ply: usize, below: u32, mut alpha: i32, beta: i32) -> i32 {
        if ply >= MAX_PLY || below >= self.params.quiescence_plies {
            return self.evaluate(game);
        }
        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        let kind = self.evaluator.quiescence_moves(game, &mut moves);
        let mut best_score = match kind {
            Quiescence::Evaluate => {
                self.stack[ply].moves = moves;
                return self.evaluate(game);
            }
            Quiescence::StandPatOr => {
                let stand_pat = self.evaluate(game);
                if stand_pat >= beta || moves.is_empty() {
                    self.stack[ply].moves = moves;
                    return stand_pat;
                }
                alpha = alpha.max(stand_pat);
                stand_pat
            }
            Quiescence::MustMove if moves.is_empty() => {
                self.stack[ply].moves = moves;
                return match game.outcome() {
                    Some(outcome) => self.terminal(game, outcome, ply),
                    None => self.evaluate(game),
                };
            }
            Quiescence::MustMove => -INFINITY,
        };
        let mut keys = std::mem::take(&mut self.stack[ply].keys);
        keys.clear();
        keys.extend(
            moves
                .iter()
                .map(|&mv| i64::from(self.evaluator.move_order_hint(game, mv))),
        );
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut keys, i);
            if self.nodes >= self.next_check {
                self.check_limits();
            }
            if self.stopped {
                break;
            }
            self.nodes += 1;
            let mv = moves[i];
            let undo = self.evaluator.make(game, mv);
            let score = match game.outcome() {
                Some(outcome) => -self.terminal(game, outcome, ply + 1),
                None => -self.quiesce(game, ply + 1, below + 1, -beta, -alpha),
            };
            self.evaluator.unmake(game, mv, undo);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                alpha = alpha.max(score);
                if score >= beta {
                    break;
                }
            }
        }
        self.stack[ply].moves = moves;
        self.stack[ply].keys = keys;
        if self.stopped { 0 } else { best_score }
    }

    /// Orders `moves` by filling their `keys`.
    /// The search to the end orders by the hints alone (see [`AlphaBeta::search_to_end`]).
    fn score_moves(&self, game: &G, ply: usize, moves: &[G::Move], keys: &mut [i64]) {
        let side = game.side_to_move();
        let with_history = self.evaluator.history_slots() > 0 && !self.to_end;
        for (&mv, key) in moves.iter().zip(keys) {
            let hint = self.evaluator.move_order_hint(game, mv);
            let history = if with_history {
                self.history.get(side, self.evaluator.history_slot(mv))
            } else {
                0
            };
            let killer = !self.to_end && self.killers.contains(ply, mv);
            *key = order_key(hint, killer, history);
        }
    }

    /// The fail-soft negamax value of `game` searched `depth` plies deep, `ply` plies from the
    /// root, within the window `(alpha, beta)`. Returns 0 once the search has stopped; callers
    /// check `stopped` before using a value.
    fn negamax(
        &mut self,
        game: &mut G,
        table: &mut TranspositionTable<G::Move>,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(ply > 0 || !self.stopped);
        if self.nodes >= self.next_check {
            self.check_limits();
        }
        if self.stopped {
            return 0;
        }
        self.nodes += 1;
        self.stack[ply].pv.clear();
        if depth == 0 || ply >= MAX_PLY {
            if let Some(outcome) = game.outcome() {
                return self.terminal(game, outcome, ply);
            }
            self.horizon += 1;
            return self.quiesce(game, ply, 0, alpha, beta);
        }

        // Table cut-offs only at null-window nodes, so that the principal variation is whole;
        // at and below a chance node at any window, since no variation is reported past it
        // (and the windows of Star1 are seldom null: without the table the tree would explode).
        let pv_node = beta - alpha > 1 && self.below_chance == 0 && !game.is_chance();
        let key = self.evaluator.table_key(game);
        let mut table_move = None;
        if let Some(entry) = table.probe(key) {
            table_move = entry.best;
            if !pv_node && u32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::Empty => false,
                };
                if cut {
                    if entry.depth != Entry::<G::Move>::RESOLVED {
                        self.horizon += 1;
                    }
                    return score;
                }
            }
        }
        if game.is_chance() {
            return self.chance_node(game, table, depth, ply, alpha, beta, key);
        }
        if ply == 0 {
            table_move = self.previous_best.or(table_move);
        }

        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        let mut keys = std::mem::take(&mut self.stack[ply].keys);
        // Interior nodes learn that the game is over from the empty move list (the core's
        // contract), which saves a separate `outcome` call per node.
        let narrowed = self.evaluator.search_moves(game, &mut moves) == MoveSet::Narrowed;
        if moves.is_empty() {
            self.stack[ply].moves = moves;
            self.stack[ply].keys = keys;
            let outcome = game.outcome();
            debug_assert!(
                outcome.is_some(),
                "no legal moves but no outcome in {game:?}"
            );
            return match outcome {
                Some(outcome) => self.terminal(game, outcome, ply),
                None => {
                    self.horizon += 1;
                    self.evaluate(game)
                }
            };
        }
        if self.to_end
            && let Some(bound) = self.distance_bound(ply, alpha, beta)
        {
            self.stack[ply].moves = moves;
            self.stack[ply].keys = keys;
            return bound;
        }
        keys.clear();
        keys.resize(moves.len(), 0);
        // The table move goes first without scoring the rest: it often cuts off alone.
        let mut first_scored = 0;
        if let Some(i) = table_move.and_then(|tm| moves.iter().position(|&mv| mv == tm)) {
            moves.swap(0, i);
            first_scored = 1;
        }

        let side = game.side_to_move();
        let horizon_before = self.horizon;
        let alpha_before = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            if i == first_scored {
                self.score_moves(game, ply, &moves[i..], &mut keys[i..]);
            }
            if i >= first_scored {
                pick_next(&mut moves, &mut keys, i);
            }
            let mv = moves[i];
            let undo = self.evaluator.make(game, mv);
            let child_depth = depth - 1 + u32::from(self.extended(game, ply + 1));
            let score = if i == 0 {
                -self.negamax(game, table, child_depth, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(game, table, child_depth, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(game, table, child_depth, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            self.evaluator.unmake(game, mv, undo);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (here, below) = self.stack.split_at_mut(ply + 1);
                    let pv = &mut here[ply].pv;
                    pv.clear();
                    pv.push(mv);
                    pv.extend_from_slice(&below[0].pv);
                }
            }
            if ply == 0 {
                self.root_done = i + 1;
                self.root_score = best_score;
            }
            if score >= beta {
                self.killers.record(ply, mv);
                if self.evaluator.history_slots() > 0 {
                    self.history
                        .record(side, self.evaluator.history_slot(mv), depth);
                }
                break;
            }
        }
        self.stack[ply].moves = moves;
        self.stack[ply].keys = keys;
        if self.stopped {
            return 0;
        }
        if narrowed {
            // A horizon (see the module docs): an omitted move might refute a loss.
            self.horizon += 1;
            best_score = best_score.max(1 - MATE_BOUND);
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_depth = if self.horizon == horizon_before {
            Entry::<G::Move>::RESOLVED
        } else {
            // depth <= MAX_PLY < RESOLVED, so this neither truncates nor collides.
            depth as u8
        };
        // A fail-low node's "best" move is arbitrary: keep the slot's move instead.
        let stored_move = if bound == Bound::Upper {
            None
        } else {
            best_move
        };
        table.store(
            key,
            stored_move,
            to_table(best_score, ply),
            stored_depth,
            bound,
        );
        best_score
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G> for AlphaBeta<G, E> {
    /// Searches from a cleared transposition table: reproducible under `Depth` and `Nodes`.
    fn search(&mut self, game: &G, budget: Budget) -> SearchResult<G::Move> {
        let mut table = std::mem::replace(&mut self.table, TranspositionTable::new(0));
        table.clear();
        let result = self.search_with_table(game, budget, &mut table);
        self.table = table;
        result
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use proptest::prelude::*;

    use super::*;
    use crate::test_game::{
        Board, LineEval, QuietEval, Ttt, minimax, quiet_minimax, random_position,
    };

    /// Alpha-beta with `evaluator`, a table of `tt_size_mb` and the other parameters default.
    fn searcher_with<E: Evaluator<Ttt>>(evaluator: E, tt_size_mb: usize) -> AlphaBeta<Ttt, E> {
        AlphaBeta::new(
            evaluator,
            SearchParams {
                tt_size_mb,
                ..SearchParams::default()
            },
        )
    }

    fn searcher(tt_size_mb: usize) -> AlphaBeta<Ttt, LineEval> {
        searcher_with(LineEval, tt_size_mb)
    }

    /// The principal variation is a legal line starting with the best move.
    fn check_pv(game: &Ttt, result: &SearchResult<u8>) {
        assert_eq!(result.best, result.pv.first().copied());
        let mut game = game.clone();
        for &mv in &result.pv {
            game.play(mv).unwrap_or_else(|e| panic!("{result:?}: {e}"));
        }
    }

    #[test]
    fn tic_tac_toe_is_a_draw() {
        let game = Ttt::start(&Board::Three);
        let result = searcher(1).search(&game, Budget::Depth(9));
        assert_eq!(result.score, 0);
        check_pv(&game, &result);
        assert!(result.depth <= 9);
    }

    #[test]
    fn takes_a_win_in_one() {
        // For either side to move: x wins at c1, o at c2.
        for (text, win) in [("xx.oo.... x", 2), ("xx.oo.x.. o", 5)] {
            let game = Ttt::from_text(Board::Three, text);
            for budget in [Budget::Depth(1), Budget::Depth(5), Budget::Nodes(10_000)] {
                let result = searcher(1).search(&game, budget);
                assert_eq!(
                    (result.best, result.score),
                    (Some(win), mate_in(1)),
                    "{text} {budget:?}"
                );
                assert_eq!(result.depth, 1, "a win ends iterative deepening");
            }
        }
    }

    #[test]
    fn blocks_the_only_threat() {
        // o threatens c1; x has no win of its own and must block.
        let game = Ttt::from_text(Board::Three, "oo.x....x x");
        let result = searcher(1).search(&game, Budget::Depth(9));
        assert_eq!(result.best, Some(2));
        assert!(result.score > mated_in(9));
        check_pv(&game, &result);
    }

    #[test]
    fn sees_a_lost_position() {
        // o threatens c1, b3 and c3; x has no line to finish: o wins on its next move.
        let game = Ttt::from_text(Board::Three, "oo.xoxx.. x");
        let result = searcher(1).search(&game, Budget::Depth(9));
        assert_eq!(result.score, mated_in(2));
        assert_eq!(
            result.depth, 2,
            "a loss by distance ends iterative deepening"
        );
        check_pv(&game, &result);
    }

    #[test]
    fn finished_game_has_no_move() {
        let game = Ttt::from_text(Board::Three, "xxxoo.... o");
        let result = searcher(1).search(&game, Budget::Depth(3));
        assert_eq!(
            result,
            SearchResult {
                best: None,
                score: mated_in(0),
                depth: 0,
                nodes: 0,
                pv: vec![]
            }
        );
    }

    #[test]
    fn tiny_budgets_still_give_a_move() {
        let game = Ttt::start(&Board::Four);
        for budget in [
            Budget::Depth(0),
            Budget::Nodes(0),
            Budget::Nodes(1),
            Budget::Time(Duration::ZERO),
        ] {
            let result = searcher(1).search(&game, budget);
            assert!(result.best.is_some(), "{budget:?}");
            check_pv(&game, &result);
        }
    }

    #[test]
    fn a_kept_table_gives_the_same_solution() {
        let game = Ttt::start(&Board::Three);
        let mut table = TranspositionTable::new(1);
        let mut search = searcher(1);
        let first = search.search_with_table(&game, Budget::Depth(9), &mut table);
        let second = search.search_with_table(&game, Budget::Depth(9), &mut table);
        assert_eq!((first.score, second.score), (0, 0));
        assert!(second.nodes <= first.nodes);
    }

    fn quiet_searcher(tt_size_mb: usize) -> AlphaBeta<Ttt, QuietEval> {
        searcher_with(QuietEval, tt_size_mb)
    }

    /// An evaluator that is `E` without its extensions.
    struct NoExtension<E>(E);

    impl<E: Evaluator<Ttt>> Evaluator<Ttt> for NoExtension<E> {
        fn evaluate(&self, game: &Ttt) -> i32 {
            self.0.evaluate(game)
        }
        fn quiescence_moves(&mut self, game: &Ttt, moves: &mut Vec<u8>) -> Quiescence {
            self.0.quiescence_moves(game, moves)
        }
    }

    #[test]
    fn quiescence_sees_past_the_horizon() {
        // o to move on the 4x4 board; x threatens b1 (a1 and c1 are x's) and o cannot stop
        // every threat: the position is lost in two. A plain depth-1 search evaluates its
        // leaves as they stand and scores it +8; the quiescence search lets x complete its
        // line at the leaf and sees the loss at depth 1, as the search to the end proves it.
        let game = Ttt::from_text(Board::Four, "x.xo.o.x.....xo. o");
        let plain = searcher(0).search(&game, Budget::Depth(1));
        let quiet = quiet_searcher(0).search(&game, Budget::Depth(1));
        let solved = searcher(1).search(&game, Budget::Depth(16));
        assert!(plain.score > 0, "{plain:?}");
        assert_eq!(quiet.score, solved.score, "{quiet:?} {solved:?}");
        assert_eq!(quiet.score, mated_in(2));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Without a table, alpha-beta with a quiescence search returns exactly the minimax
        /// value with the same quiescence below its depth (stand pat, must-move nodes and
        /// terminal scores inside the quiescence search included), of the iteration that ends
        /// the deepening: the first one with a win or a loss, else the last one. A win or loss
        /// is a proof, the same as the full depth's; its distance may be longer when the
        /// quiescence search found it (see the module docs).
        #[test]
        fn quiescence_equals_its_minimax(plies in prop::collection::vec(any::<u16>(), 0..10), four: bool, depth in 1u32..4) {
            let board = if four { Board::Four } else { Board::Three };
            let game = random_position(Ttt::start(&board), &plies);
            let mut search = quiet_searcher(0);
            // Extensions change the tree; the reference has none, so compare with them off by
            // searching to a depth where the extension limit (twice the iteration) binds the
            // same way: here simply check the value at depth 1..4 against the reference that
            // extends nothing, through a searcher whose evaluator extends nothing.
            let result = searcher_with(NoExtension(QuietEval), 0)
                .search(&game, Budget::Depth(depth));
            let values: Vec<i32> =
                (1..=depth).map(|d| quiet_minimax(&mut game.clone(), d, 0, 16)).collect();
            let full_depth = values[values.len() - 1];
            let ending = values.iter().copied().find(|&value| is_mate(value));
            prop_assert_eq!(result.score, ending.unwrap_or(full_depth));
            prop_assert!(
                !is_mate(result.score)
                    || (result.score.signum() == full_depth.signum()
                        && result.score.abs() <= full_depth.abs())
            );
            check_pv(&game, &result);
            // With extensions and a table the search stays legal and deterministic.
            let first = search.search(&game, Budget::Depth(depth));
            let again = quiet_searcher(1).search(&game, Budget::Depth(depth));
            check_pv(&game, &first);
            prop_assert_eq!(quiet_searcher(1).search(&game, Budget::Depth(depth)), again);
        }

        /// Without a table, PVS returns exactly the fixed-depth minimax value.
        #[test]
        fn pvs_equals_minimax(plies in prop::collection::vec(any::<u16>(), 0..12), four: bool, depth in 1u32..5) {
            let board = if four { Board::Four } else { Board::Three };
            let game = random_position(Ttt::start(&board), &plies);
            let result = searcher(0).search(&game, Budget::Depth(depth));
            prop_assert_eq!(result.score, minimax(&mut game.clone(), &LineEval, depth, 0));
            prop_assert!(result.depth <= depth);
            check_pv(&game, &result);
        }

        /// With the table, a search to the end returns the game-theoretic value, mate distance included.
        #[test]
        fn solving_with_the_table_equals_minimax(plies in prop::collection::vec(any::<u16>(), 5..16), four: bool) {
            let board = if four { Board::Four } else { Board::Three };
            let game = random_position(Ttt::start(&board), &plies);
            let result = searcher(1).search(&game, Budget::Depth(16));
            prop_assert_eq!(result.score, minimax(&mut game.clone(), &LineEval, 16, 0));
            check_pv(&game, &result);
        }

        /// With the table, a depth-limited search stops early only on a solved position, whose
        /// value every deeper minimax agrees with.
        #[test]
        fn early_stops_are_solved(plies in prop::collection::vec(any::<u16>(), 3..10), depth in 1u32..6) {
            let game = random_position(Ttt::start(&Board::Four), &plies);
            let result = searcher(1).search(&game, Budget::Depth(depth));
            prop_assert!(result.depth <= depth);
            if result.depth < depth {
                prop_assert_eq!(result.score, minimax(&mut game.clone(), &LineEval, depth, 0));
            }
            check_pv(&game, &result);
        }

        /// A node budget gives the same result every time, in a fresh or a used searcher.
        #[test]
        fn node_budget_is_deterministic(plies in prop::collection::vec(any::<u16>(), 0..6), nodes in 0u64..5000) {
            let game = random_position(Ttt::start(&Board::Four), &plies);
            let mut used = searcher(1);
            let first = used.search(&game, Budget::Nodes(nodes));
            let again = used.search(&game, Budget::Nodes(nodes));
            let fresh = searcher(1).search(&game, Budget::Nodes(nodes));
            prop_assert_eq!(&first, &again);
            prop_assert_eq!(&first, &fresh);
            prop_assert!(first.nodes <= nodes);
            check_pv(&game, &first);
        }
    }
}
