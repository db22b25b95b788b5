//! What a game supplies to the searchers: a static evaluation, move-ordering hints, the score
//! of a finished game, and the *hooks* through which it shapes the search without wrapping the
//! position.
//!
//! The hooks are defaulted, so an evaluator that needs none writes only [`Evaluator::evaluate`]:
//!
//! - [`Evaluator::begin`]: the root of a search, to build evaluator state (incremental pattern
//!   counts, the multiset of positions a repetition rule can still see).
//! - [`Evaluator::make`] / [`Evaluator::unmake`]: every move the searchers make and take back
//!   goes through these, so that state stays in step with the position. The position itself
//!   keeps only what the rules need; evaluator state lives here, as a chess engine keeps its
//!   NNUE accumulator and repetition stack in its search rather than in its board.
//! - [`Evaluator::search_moves`]: the moves to search at a node. A game may narrow the list
//!   (Connect6's threat-based pair list); a node searched over a [`MoveSet::Narrowed`] list is
//!   a *horizon* for alpha-beta (see [`crate::alphabeta`]), so a narrowed search never claims
//!   a proof that the omitted moves could refute.
//! - [`Evaluator::table_key`]: the transposition-table key, when the value of a position
//!   depends on more than [`Game::hash`] (the path since the last capture, under a repetition
//!   rule).
//! - [`Evaluator::playout_move`]: the next move of an MCTS playout, when the game has a
//!   playout policy of its own (Go programs never fill their own eyes in playouts and answer
//!   ataris first) instead of a uniform draw from the list.
//! - [`Evaluator::playout`]: the playout policy of MCTS, for a game whose playouts should not
//!   be uniformly random (Hex answers an intrusion into a bridge) or are cheaper played on a
//!   board of its own.
//! - [`Evaluator::quiescence_moves`]: what a leaf of alpha-beta searches before it is
//!   evaluated (captures, or every evasion of a check), so that the evaluation is never taken
//!   in the middle of an exchange: chess-like games (xiangqi) and draughts, whose captures
//!   are compulsory.
//! - [`Evaluator::extends`]: whether a node is searched one ply deeper than its depth (a
//!   check, as chess engines extend it).

use arbiter_core::{Game, Outcome};

use crate::rng::SplitMix64;
use crate::score::{mate_in, mated_in};

/// Which moves a node's list holds ([`Evaluator::search_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveSet {
    /// Every legal move, or a subset that provably holds a best move, so that the node's value
    /// is exact: say, the list of winning moves when a win this turn exists (all of them score
    /// the same), or any list when every legal move loses at once.
    Complete,
    /// A heuristic subset: the node's value is a guess, and alpha-beta treats the node as a
    /// horizon (never resolved, and a loss there is not a proof, see [`crate::alphabeta`]).
    Narrowed,
}

/// What a leaf of alpha-beta does before it is evaluated ([`Evaluator::quiescence_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quiescence {
    /// The leaf is evaluated as it stands (the default: no quiescence search).
    Evaluate,
    /// The side to move may stand pat on the evaluation or play one of the listed moves
    /// (captures, promotions): the leaf is worth the best of the two.
    StandPatOr,
    /// The side to move must play one of the listed moves, and the evaluation is no option:
    /// evasions of a check, or compulsory captures. The list holds every legal move then; an
    /// empty list is read from [`Game::outcome`] (the game is over) or, if the game goes on,
    /// evaluated.
    MustMove,
}

/// The game-specific knowledge the searchers use.
///
/// Every score is from the point of view of the side to move in `game`. Evaluations and custom
/// terminal scores must lie strictly inside `±`[`crate::score::MATE_BOUND`]; debug builds check it.
///
/// The searchers own their evaluator for the whole search, so hooks may keep state in it; they
/// call [`Evaluator::begin`] first, then see every move through [`Evaluator::make`] and
/// [`Evaluator::unmake`], in stack order.
///
/// An impl writes its items in the order this trait declares them.
pub trait Evaluator<G: Game> {
    /// The static value of a position that is not over, for the side to move.
    fn evaluate(&self, game: &G) -> i32;

    /// An ordering class for `mv` in `game`: higher classes are searched first. Within a class,
    /// alpha-beta orders killer moves first, then by history. Called once per move at nodes
    /// where the transposition-table move did not already cut off.
    fn move_order_hint(&self, game: &G, mv: G::Move) -> i32 {
        let _ = (game, mv);
        0
    }

    /// The score of the finished `game` reached `ply` plies from the root, for its side to move.
    ///
    /// The default scores a win as [`mate_in`]`(ply)`, a loss as [`mated_in`]`(ply)` and a draw
    /// as 0. A game scored by a count (Othello discs) may return a count-based value inside
    /// `±MATE_BOUND` instead; such values are not adjusted by ply.
    fn terminal_score(&self, game: &G, outcome: Outcome, ply: usize) -> i32 {
        match outcome.winner {
            None => 0,
            Some(winner) if winner == game.side_to_move() => mate_in(ply),
            Some(_) => mated_in(ply),
        }
    }

    /// The number of history-table slots; 0 (the default) turns history ordering off.
    /// The core's `Game::Move` has no dense index, so the game provides one here.
    fn history_slots(&self) -> usize {
        0
    }

    /// The history slot of `mv`, below [`Evaluator::history_slots`] (e.g. its target square).
    /// Different moves may share a slot.
    fn history_slot(&self, mv: G::Move) -> usize {
        let _ = mv;
        0
    }

    /// Whether a move can end the game at once with a loss for the side that made it (a renju
    /// foul under the losing ruling, a suicide rule, an Othello move after which neither side
    /// can move). The default says it can; a game where it cannot (Amazons: a side loses only
    /// when it has no move) says so, and a search to the end then prunes more
    /// ([`crate::AlphaBeta::search_to_end`]).
    fn moving_can_lose(&self) -> bool {
        true
    }

    /// The least and the greatest score any node can have (terminal scores included), for
    /// the Star1 bounds at chance nodes ([`crate::alphabeta::chance`]): the tighter, the more
    /// a chance node prunes. The default, `±MATE`, holds for every evaluator; a game with dice
    /// scores its ends inside a known range (EinStein: a win is `+W`, a loss `-W`).
    fn score_bounds(&self) -> (i32, i32) {
        (-crate::score::MATE, crate::score::MATE)
    }

    /// Called at the start of every search with its root, before any other hook: (re)builds
    /// the evaluator's state for that position. The default keeps no state.
    fn begin(&mut self, root: &G) {
        let _ = root;
    }

    /// Clears `moves` and fills it with the moves to search in `game`. As with
    /// [`Game::generate_moves`], the list is empty exactly when the game is over, and every
    /// move in it is legal.
    ///
    /// The default lists every legal move ([`MoveSet::Complete`]).
    fn search_moves(&mut self, game: &G, moves: &mut Vec<G::Move>) -> MoveSet {
        game.generate_moves(moves);
        MoveSet::Complete
    }

    /// The transposition-table key of `game`: [`Game::hash`] by default. Override it when the
    /// future of a position depends on more than the position (its path, under a repetition
    /// rule), so that two nodes with one key have one value.
    fn table_key(&self, game: &G) -> u64 {
        game.hash()
    }

    /// The next move of an MCTS playout in `game`, drawn from `rng` (the searcher's seeded
    /// stream, so playouts stay reproducible), or `None` to draw uniformly from
    /// [`Evaluator::search_moves`] (the default, and the answer in a finished game or at a
    /// chance node). A policy must return a legal move; it may be narrower or weighted (never
    /// filling one's own eyes, captures first) and need not build the move list. Playouts
    /// prove nothing, so a policy changes no proof.
    fn playout_move(&mut self, game: &G, rng: &mut SplitMix64) -> Option<G::Move> {
        let _ = (game, rng);
        None
    }

    /// The playout policy of MCTS: plays one playout from `game` (not finished) with the
    /// game's own policy, drawing every random choice from `rng` (MCTS's seeded stream, so
    /// playouts stay reproducible), and returns the reward for `Side::First` in `0..=1` (1 a
    /// win, 0 a loss). The moves of such a playout do not go through [`Evaluator::make`]:
    /// the policy plays them on a copy or a board of its own, and may stop where it likes
    /// (`mcts_playout_limit` is its to read or not).
    ///
    /// The default, `None`, leaves the playout to MCTS: uniformly random moves from
    /// [`Evaluator::search_moves`] up to `mcts_playout_limit` plies, then the evaluation.
    fn playout(&mut self, game: &G, rng: &mut SplitMix64) -> Option<f64> {
        let _ = (game, rng);
        None
    }

    /// At a leaf of alpha-beta (depth 0) and below it, clears `moves` and fills it with the
    /// noisy moves a quiescence search plays before the position is evaluated, and says how
    /// ([`Quiescence`]). Every listed move is legal. The default, [`Quiescence::Evaluate`],
    /// evaluates every leaf as it stands.
    ///
    /// Quiescence nodes count as searched nodes, are never stored in the table and leave the
    /// node a horizon (its score is a heuristic), so a proof never rests on them. They go at
    /// most [`crate::SearchParams::quiescence_plies`] plies below the leaf.
    fn quiescence_moves(&mut self, game: &G, moves: &mut Vec<G::Move>) -> Quiescence {
        let _ = (game, moves);
        Quiescence::Evaluate
    }

    /// Whether `game`, just reached by a move of the search, is searched one ply deeper than
    /// its depth (the side to move is in check, say). Extensions along one line stop at twice
    /// the iteration's depth, so perpetual checks cannot run away. The default extends nothing.
    fn extends(&self, game: &G) -> bool {
        let _ = game;
        false
    }

    /// Makes `mv` (legal) in `game` for the search; the default is [`Game::make`]. Override it
    /// to keep evaluator state in step with the position (update before and after the move as
    /// needed), and always call `game.make(mv)` exactly once.
    fn make(&mut self, game: &mut G, mv: G::Move) -> G::Undo {
        game.make(mv)
    }

    /// Takes back `mv`, the last move made through [`Evaluator::make`]; the default is
    /// [`Game::unmake`].
    fn unmake(&mut self, game: &mut G, mv: G::Move, undo: G::Undo) {
        game.unmake(mv, undo);
    }
}
