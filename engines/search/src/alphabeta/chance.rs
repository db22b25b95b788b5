//! Chance nodes in alpha-beta: expectimax with the Star1 bounds and Star2 probing (Ballard,
//! "The *-minimax search procedure for trees containing chance nodes", Artificial
//! Intelligence 21, 1983; Hauk, Buro and Schaeffer, "Rediscovering *-Minimax Search", CG 2004).
//!
//! A chance node's value is the weighted mean `Σ wᵢ vᵢ / W` of its events' values. An event
//! keeps the side to move ([`Game::is_chance`]), so a child's value is not negated, and an
//! event counts as a ply of depth, as in perft. Every value lies within the evaluator's
//! [`Evaluator::score_bounds`] `[L, U]`, so after some events have been searched the mean is
//! known to lie between the sum so far plus `L` (or `U`) for each event left: **Star1** gives
//! event `i` the window outside which the node's value is settled,
//! `aᵢ = (αW − S − U·Rᵢ) / wᵢ` and `bᵢ = (βW − S − Lᵢ) / wᵢ`, where `S` is the weighted sum
//! of the events searched and `Rᵢ`, `Lᵢ` the weight and the lower bounds of the events after
//! `i`. **Star2** first *probes* every event: it searches only the first move of the player
//! node behind it (the table move, else the best hinted one), whose value is a lower bound of
//! that node; a probe that reaches its `bᵢ` proves the node fails high, and the probed lower
//! bounds replace `L` in the Star1 pass. Without useful bounds (the default `±MATE`) Star1
//! prunes little and the node is a plain expectimax.
//!
//! Values are integers: the windows are rounded outwards (a child that fails them settles the
//! node for certain) and the mean to the nearest integer. A node that fails a bound returns
//! the bound (fail-hard). A mean of win/loss scores is a win/loss score only when every event
//! leads to one of the same sign; otherwise it is clamped inside `±MATE_BOUND`, so a
//! win/loss score at a chance node is still a proof.

use arbiter_core::Game;

use super::AlphaBeta;
use crate::eval::Evaluator;
use crate::score::{INFINITY, MATE_BOUND, to_table};
use crate::tt::{Bound, Entry, TranspositionTable};

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// The value of the chance node `game` (not over), searched `depth` plies deep within
    /// `(alpha, beta)`; `key` is its table key.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn chance_node(
        &mut self,
        game: &mut G,
        table: &mut TranspositionTable<G::Move>,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        key: u64,
    ) -> i32 {
        self.met_chance = true;
        if self.to_end
            && let Some(bound) = self.distance_bound(ply, alpha, beta)
        {
            return bound;
        }
        let mut events = std::mem::take(&mut self.stack[ply].moves);
        // Never narrowed: a mean over some events proves nothing.
        game.generate_moves(&mut events);
        self.below_chance += 1;
        let value = self.chance_events(game, table, &events, depth, ply, alpha, beta, key);
        self.below_chance -= 1;
        self.stack[ply].moves = events;
        value
    }

    /// [`AlphaBeta::chance_node`] over its listed `events`: Star2, then Star1. It takes the
    /// node's parameters: it is the node's body, apart so that every return gives the events'
    /// buffer back to the stack.
    #[allow(clippy::too_many_arguments)]
    fn chance_events(
        &mut self,
        game: &mut G,
        table: &mut TranspositionTable<G::Move>,
        events: &[G::Move],
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        key: u64,
    ) -> i32 {
        let horizon_before = self.horizon;
        let weights: Vec<i64> = events
            .iter()
            .map(|&event| i64::from(game.chance_weight(event).max(1)))
            .collect();
        let total: i64 = weights.iter().sum();
        let (low, high) = self.evaluator.score_bounds();
        let (low, high) = (i64::from(low), i64::from(high));

        // Star2: a lower bound for every event from one move of the node behind it.
        let mut lower = vec![low; events.len()];
        for i in 0..events.len() {
            let others: i64 = (0..events.len())
                .filter(|&j| j != i)
                .map(|j| weights[j] * lower[j])
                .sum();
            let b = ceil_div(i64::from(beta) * total - others, weights[i]);
            let event = events[i];
            let undo = self.evaluator.make(game, event);
            let probe = self.probe(game, table, depth - 1, ply + 1, low - 1, b);
            self.evaluator.unmake(game, event, undo);
            if self.stopped {
                return 0;
            }
            if let Some(value) = probe {
                if value >= b {
                    self.store(table, key, beta, ply, depth, horizon_before, Bound::Lower);
                    return beta;
                }
                lower[i] = lower[i].max(value);
            }
        }

        // Star1: each event within the window outside which the mean is settled.
        let mut sum = 0i64;
        let mut rest_weight = total;
        let mut rest_lower: i64 = weights.iter().zip(&lower).map(|(w, l)| w * l).sum();
        let (mut wins, mut losses) = (0usize, 0usize);
        for i in 0..events.len() {
            let w = weights[i];
            rest_weight -= w;
            rest_lower -= w * lower[i];
            let a = floor_div(i64::from(alpha) * total - sum - high * rest_weight, w);
            let b = ceil_div(i64::from(beta) * total - sum - rest_lower, w);
            let child_alpha = a.max(lower[i] - 1).max(-i64::from(INFINITY));
            let child_beta = b.min(high + 1).min(i64::from(INFINITY));
            let event = events[i];
            let undo = self.evaluator.make(game, event);
            let value = if child_alpha < child_beta {
                // Both within ±INFINITY: the conversions are exact.
                i64::from(self.negamax(
                    game,
                    table,
                    depth - 1,
                    ply + 1,
                    child_alpha as i32,
                    child_beta as i32,
                ))
            } else {
                child_alpha
            };
            self.evaluator.unmake(game, event, undo);
            if self.stopped {
                return 0;
            }
            if value <= a {
                self.store(table, key, alpha, ply, depth, horizon_before, Bound::Upper);
                return alpha;
            }
            if value >= b {
                self.store(table, key, beta, ply, depth, horizon_before, Bound::Lower);
                return beta;
            }
            let value = value.clamp(lower[i], high);
            wins += usize::from(value >= i64::from(MATE_BOUND));
            losses += usize::from(value <= -i64::from(MATE_BOUND));
            sum += w * value;
        }
        let count = events.len();
        // The nearest integer to the mean (halves away from zero).
        let mean = (2 * sum + sum.signum() * total) / (2 * total).max(1);
        let mean = i32::try_from(mean.clamp(low, high)).unwrap_or(0);
        let value = if wins == count || losses == count {
            mean
        } else {
            mean.clamp(1 - MATE_BOUND, MATE_BOUND - 1)
        };
        let bound = if value >= beta {
            Bound::Lower
        } else if value <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.store(table, key, value, ply, depth, horizon_before, bound);
        value
    }

    /// Star2's probe of the player node `game`: the value of its first move searched
    /// `depth - 1` plies deep within `(alpha, beta)` (a lower bound of the node, when it is
    /// above `alpha`), or `None` when the node is over, is a chance node itself or is a leaf.
    fn probe(
        &mut self,
        game: &mut G,
        table: &mut TranspositionTable<G::Move>,
        depth: u32,
        ply: usize,
        alpha: i64,
        beta: i64,
    ) -> Option<i64> {
        if depth == 0 || ply + 1 >= crate::score::MAX_PLY || game.is_chance() {
            return None;
        }
        let alpha = alpha.max(-i64::from(INFINITY));
        let beta = beta.min(i64::from(INFINITY));
        if alpha >= beta {
            return None;
        }
        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        self.evaluator.search_moves(game, &mut moves);
        let table_move = table
            .probe(self.evaluator.table_key(game))
            .and_then(|entry| entry.best)
            .filter(|mv| moves.contains(mv));
        let first = table_move.or_else(|| {
            moves
                .iter()
                .enumerate()
                .max_by_key(|&(i, &mv)| {
                    (
                        self.evaluator.move_order_hint(game, mv),
                        std::cmp::Reverse(i),
                    )
                })
                .map(|(_, &mv)| mv)
        });
        self.stack[ply].moves = moves;
        let mv = first?;
        let undo = self.evaluator.make(game, mv);
        // Both within ±INFINITY: the conversions are exact.
        let value = -self.negamax(
            game,
            table,
            depth - 1,
            ply + 1,
            -(beta as i32),
            -(alpha as i32),
        );
        self.evaluator.unmake(game, mv, undo);
        (value > alpha as i32).then_some(i64::from(value))
    }

    /// Stores a chance node's value: resolved when no horizon was met below it.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &self,
        table: &mut TranspositionTable<G::Move>,
        key: u64,
        value: i32,
        ply: usize,
        depth: u32,
        horizon_before: u64,
        bound: Bound,
    ) {
        let stored_depth = if self.horizon == horizon_before {
            Entry::<G::Move>::RESOLVED
        } else {
            // depth <= MAX_PLY < RESOLVED, so this neither truncates nor collides.
            depth as u8
        };
        table.store(key, None, to_table(value, ply), stored_depth, bound);
    }
}

/// `n / d` rounded down, for `d > 0`.
fn floor_div(n: i64, d: i64) -> i64 {
    n.div_euclid(d)
}

/// `n / d` rounded up, for `d > 0`.
fn ceil_div(n: i64, d: i64) -> i64 {
    -(-n).div_euclid(d)
}
