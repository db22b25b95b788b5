//! The laws of the [`Searchable`] contract.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use arbiter_core::Game;
use arbiter_search::score::{mate_in, mated_in};
use arbiter_search::{
    Algorithm, Budget, Report, SearchError, SearchRequest, Searchable, WeightsOf,
};

use crate::Fixture;

/// The [`Searchable`] laws for one engine: the positions to search and the node budget.
///
/// ```ignore
/// #[test]
/// fn search_laws() {
///     SearchLaws::new(vec![Amazons::start(&AmazonsVariant::Botzone8)]).nodes(3_000).check();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct SearchLaws<G: Searchable> {
    positions: Vec<G>,
    nodes: u64,
    mcts_iterations: u64,
    broken: Vec<&'static str>,
    /// Set by [`SearchLaws::shipped_params_are_default`]: the check that the shipped weights
    /// equal the evaluator's defaults.
    default_weights: Option<fn() -> Result<(), String>>,
}

impl<G: Searchable> SearchLaws<G> {
    /// The laws searched from each of `positions` (none finished), 2,000 alpha-beta nodes and
    /// 300 MCTS iterations each.
    #[must_use]
    pub fn new(positions: Vec<G>) -> SearchLaws<G> {
        SearchLaws {
            positions,
            nodes: 2_000,
            mcts_iterations: 300,
            broken: vec!["eval: [\n", "no-such-section: 1\n"],
            default_weights: None,
        }
    }

    /// [`SearchLaws::new`] from the start of each variant named `names`.
    ///
    /// # Panics
    /// When a name is refused, naming it.
    #[must_use]
    pub fn starts(names: &[&str]) -> SearchLaws<G> {
        SearchLaws::new(
            names
                .iter()
                .map(|name| G::start(&G::variant_named(name)))
                .collect(),
        )
    }

    /// Also searches from the position that the one-line form `text` sets up under the
    /// variant named `variant` ([`crate::position`]).
    ///
    /// # Panics
    /// When the variant, the text or the position is refused, naming it.
    #[must_use]
    pub fn position(mut self, variant: &str, text: &str) -> SearchLaws<G> {
        self.positions.push(crate::position(variant, text));
        self
    }

    /// The alpha-beta node budget.
    #[must_use]
    pub fn nodes(mut self, nodes: u64) -> SearchLaws<G> {
        self.nodes = nodes;
        self
    }

    /// The MCTS iteration budget.
    #[must_use]
    pub fn mcts_iterations(mut self, iterations: u64) -> SearchLaws<G> {
        self.mcts_iterations = iterations;
        self
    }

    /// Also refuses each of `files`, parameters files broken in the engine's own words (a
    /// weight of the wrong type, a value out of range), with the path of the shipped file.
    #[must_use]
    pub fn broken_params(mut self, files: &[&'static str]) -> SearchLaws<G> {
        self.broken.extend_from_slice(files);
        self
    }

    /// Also checks that the shipped parameters' weights (`eval:`) are the evaluator's
    /// defaults, so that a test or tool that builds the evaluator from `Default` searches as
    /// the shipped engine does.
    #[must_use]
    pub fn shipped_params_are_default(mut self) -> SearchLaws<G>
    where
        WeightsOf<G>: Default + PartialEq + std::fmt::Debug,
    {
        self.default_weights = Some(shipped_weights_are_default::<G>);
        self
    }

    /// Checks every law.
    ///
    /// # Panics
    /// When a law is broken, with the position and what differed.
    pub fn check(&self) {
        if let Err(error) = G::read_params(G::PARAMS_YAML) {
            panic!(
                "{}: the shipped {} does not read: {error}",
                G::NAME,
                G::params_path()
            );
        }
        if let Some(Err(difference)) = self.default_weights.map(|check| check()) {
            panic!("{}: {difference}", G::NAME);
        }
        self.broken_params_are_refused();
        for position in &self.positions {
            for (algorithm, budget) in [
                (Algorithm::AlphaBeta, Budget::Nodes(self.nodes)),
                (Algorithm::Mcts, Budget::Nodes(self.mcts_iterations)),
            ] {
                let report = search(position, algorithm, budget).unwrap_or_else(|error| {
                    panic!("{}: {algorithm} fails: {error}", where_(position))
                });
                let again = search(position, algorithm, budget).expect("it ran once");
                assert_eq!(
                    report,
                    again,
                    "{}: {algorithm} under {budget:?} is not deterministic",
                    where_(position)
                );
                legal_line(position, algorithm, &report);
                if algorithm == Algorithm::AlphaBeta {
                    assert!(
                        report.result.nodes <= self.nodes,
                        "{}: alpha-beta searched {} nodes, over its budget",
                        where_(position),
                        report.result.nodes
                    );
                }
            }
        }
        if let Some(first) = self.positions.first() {
            finished_game_has_no_move(first);
        }
    }

    /// A parameters file that is not YAML, has an unknown key, or is broken as the engine
    /// says ([`SearchLaws::broken_params`]), is refused with its path.
    fn broken_params_are_refused(&self) {
        let Some(position) = self.positions.first() else {
            return;
        };
        for &broken in &self.broken {
            let request = SearchRequest {
                algorithm: Algorithm::AlphaBeta,
                budget: Budget::Nodes(10),
            };
            match position.search(request, broken) {
                Err(SearchError::Params(message)) => assert!(
                    message.starts_with(&G::params_path()),
                    "{}: the params error does not name {}: {message}",
                    G::NAME,
                    G::params_path()
                ),
                other => panic!(
                    "{}: the broken params file `{broken}` is not refused: {other:?}",
                    G::NAME
                ),
            }
        }
    }
}

/// A search of `position` by `algorithm` under `budget` with the shipped parameters
/// ([`Searchable::PARAMS_YAML`]): what an engine's own search tests ask.
///
/// # Errors
/// The [`SearchError`] of [`Searchable::search`].
pub fn search<G: Searchable>(
    position: &G,
    algorithm: Algorithm,
    budget: Budget,
) -> Result<Report<G::Move>, SearchError> {
    position.search(SearchRequest { algorithm, budget }, G::PARAMS_YAML)
}

/// Asserts that the exact solver gives up on `position` within `nodes` nodes
/// ([`SearchError::BudgetExhausted`]) rather than guess: for a position too large to prove
/// under that budget.
///
/// # Panics
/// When the solver answers anything else, with the answer.
pub fn solver_gives_up<G: Searchable>(position: &G, nodes: u64) {
    let result = search(position, Algorithm::Solve, Budget::Nodes(nodes));
    assert!(
        matches!(result, Err(SearchError::BudgetExhausted { .. })),
        "{}: the solver under {nodes} nodes does not give up: {result:?}",
        where_(position)
    );
}

/// The shipped weights against the defaults ([`SearchLaws::shipped_params_are_default`]).
fn shipped_weights_are_default<G: Searchable>() -> Result<(), String>
where
    WeightsOf<G>: Default + PartialEq + std::fmt::Debug,
{
    let shipped = G::read_params(G::PARAMS_YAML)
        .map_err(|error| format!("the shipped {} does not read: {error}", G::params_path()))?;
    weights_are_default(&shipped.eval, &G::params_path())
}

/// `shipped` (the weights of the file `path`) against the defaults of their type.
fn weights_are_default<W: Default + PartialEq + std::fmt::Debug>(
    shipped: &W,
    path: &str,
) -> Result<(), String> {
    let default = W::default();
    if *shipped == default {
        Ok(())
    } else {
        Err(format!(
            "the weights of {path} are not the defaults:\n{shipped:?}\nnot\n{default:?}"
        ))
    }
}

/// The exact value of `game` for the side to move by plain minimax, without pruning, table
/// or evaluation: a win in `n` plies is `mate_in(n)`, a loss `mated_in(n)`, a draw 0 (the
/// search's scores, [`arbiter_search::score`]). The reference an engine's solver is checked
/// against on positions small enough to walk whole; games without chance nodes only.
pub fn minimax<G: Game>(game: &mut G) -> i32 {
    fn walk<G: Game>(game: &mut G, ply: usize) -> i32 {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return match game.outcome().and_then(|outcome| outcome.winner) {
                Some(winner) if winner == game.side_to_move() => mate_in(ply),
                Some(_) => mated_in(ply),
                None => 0,
            };
        }
        let mut best = i32::MIN;
        for mv in moves {
            let undo = game.make(mv);
            best = best.max(-walk(game, ply + 1));
            game.unmake(mv, undo);
        }
        best
    }
    walk(game, 0)
}

/// Every position reachable from `start` (itself included), by [`Game::hash`]: the positions
/// an engine's solver is checked on when the game is small enough to walk whole.
#[must_use]
pub fn reachable<G: Game>(start: &G) -> HashMap<u64, G> {
    fn walk<G: Game>(game: &mut G, seen: &mut HashMap<u64, G>) {
        match seen.entry(game.hash()) {
            Entry::Occupied(_) => return,
            Entry::Vacant(slot) => {
                slot.insert(game.clone());
            }
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let undo = game.make(mv);
            walk(game, seen);
            game.unmake(mv, undo);
        }
    }
    let mut seen = HashMap::new();
    walk(&mut start.clone(), &mut seen);
    seen
}

fn where_<G: Game>(position: &G) -> String {
    format!("{} at `{}`", G::NAME, position.format_position())
}

/// The best move is the principal variation's first, and the whole line is legal (at a chance
/// node: no move and no line).
fn legal_line<G: Searchable>(position: &G, algorithm: Algorithm, report: &Report<G::Move>) {
    let result = &report.result;
    if position.is_chance() {
        // The die chooses at a chance node: an expectation, no move and no line.
        assert!(
            result.best.is_none() && result.pv.is_empty(),
            "{}: {algorithm} gives a move at a chance node: {result:?}",
            where_(position)
        );
        return;
    }
    assert!(
        result.best.is_some(),
        "{}: {algorithm} gives no move in a game that goes on",
        where_(position)
    );
    assert_eq!(
        result.best,
        result.pv.first().copied(),
        "{}: {algorithm}'s best move is not its line's first",
        where_(position)
    );
    let mut game = position.clone();
    for &mv in &result.pv {
        if let Err(error) = game.play(mv) {
            panic!(
                "{}: {algorithm}'s line plays {mv:?}, which is illegal: {error}",
                where_(position)
            );
        }
    }
}

/// Plays the first legal move until the game ends (within 10,000 plies), then asks every
/// algorithm: none may give a move or a line.
fn finished_game_has_no_move<G: Searchable>(start: &G) {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for _ in 0..10_000 {
        game.generate_moves(&mut moves);
        let Some(&mv) = moves.first() else {
            break;
        };
        game.make(mv);
    }
    if game.outcome().is_none() {
        return;
    }
    for algorithm in Algorithm::ALL {
        match search(&game, algorithm, Budget::Nodes(1_000)) {
            Ok(report) => assert!(
                report.result.best.is_none() && report.result.pv.is_empty(),
                "{}: {algorithm} gives a move in a finished game: {report:?}",
                where_(&game)
            ),
            Err(SearchError::Unsupported(_)) if algorithm == Algorithm::Solve => {}
            Err(error) => panic!(
                "{}: {algorithm} fails in a finished game: {error}",
                where_(&game)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::weights_are_default;

    #[test]
    fn weights_other_than_the_defaults_are_named() {
        assert_eq!(weights_are_default(&0_u32, "params.yaml"), Ok(()));
        let error = weights_are_default(&3_u32, "params.yaml").unwrap_err();
        assert!(
            error.contains("params.yaml are not the defaults"),
            "{error}"
        );
    }
}
