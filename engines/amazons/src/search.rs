//! [`Searchable`] for Amazons: alpha-beta and MCTS with the territory evaluator, and an exact
//! solver for small endgames: alpha-beta searched to the end of the game.
//!
//! Amazons has no draws and every turn fills one empty square for good (the queen leaves one
//! square and takes another; the arrow fills a third), so every line ends within as many plies
//! as there are empty squares and the solver's result is always a win or loss by distance: a
//! proof, with the number of plies to the end (the winner hurrying, the loser holding out) as
//! its depth. The transposition table keys on the position hash, which is sound here: the
//! value of an Amazons position does not depend on how it was reached.

use arbiter_search::Searchable;

use crate::eval::Params;
use crate::rules::Amazons;

impl Searchable for Amazons {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    /// Searches every line to the end ([`solve_to_end`](arbiter_search::solve_to_end)): only
    /// practical for small endgames (a few dozen empty squares that the amazons can still
    /// reach). `Nodes` bounds the effort, `Time` the clock; `Depth` is ignored.
    const SOLVES_TO_END: bool = true;
    /// Territory and mobility ([`Params`]).
    type Evaluator = Params;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::AmazonsVariant;
    use arbiter_core::Game;
    use arbiter_laws::{SearchLaws, minimax, search};
    use arbiter_search::score::mated_in;
    use arbiter_search::{Algorithm, Budget, ProvenResult, SearchError};

    fn position(text: &str) -> Amazons {
        arbiter_laws::position("botzone8", text)
    }

    #[test]
    fn a_finished_game_is_a_loss_in_zero() {
        let game = position("7B/8/8/8/8/8/xx6/Wx6 white");
        let report = search(&game, Algorithm::Solve, Budget::Nodes(10)).unwrap();
        assert_eq!(report.result.best, None);
        assert_eq!(report.result.score, mated_in(0));
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Loss));
    }

    #[test]
    fn solve_agrees_with_minimax_on_small_boards() {
        // Open regions (not sealed corridors), so that the amazons interact.
        for text in [
            "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxx..xxx/xx.W.xxx/xxx.Bxxx/xxxxxxxx/xxxxxxxx white",
            "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxx..xxx/xx.W.xxx/xxx.Bxxx/xxxxxxxx/xxxxxxxx black",
            "xxxxxxxx/xxxxxxxx/xxxxxxxx/xx..Bxxx/xx.W..xx/xxx.xxxx/xxxxxxxx/xxxxxxxx white",
            "xxxxxxxx/xxxxxxxx/xxxxxxxx/xx...xxx/xx.W.Bxx/xxx..xxx/xxxxxxxx/xxxxxxxx black",
        ] {
            let mut game = position(text);
            let report = search(&game, Algorithm::Solve, Budget::Nodes(1_000_000)).unwrap();
            assert_eq!(report.result.score, minimax(&mut game), "{text}");
            assert!(report.proven.is_some(), "{text}");
            // The principal variation is legal and ends the game at the reported distance.
            for &mv in &report.result.pv {
                game.play(mv).unwrap();
            }
            assert!(game.outcome().is_some(), "{text}");
            assert_eq!(report.result.pv.len() as u32, report.result.depth);
        }
    }

    #[test]
    fn the_shipped_mcts_plays_its_playouts_to_the_end() {
        let params = Amazons::read_params(Amazons::PARAMS_YAML).unwrap();
        assert_eq!(params.search.mcts_playout_limit, 0);
    }

    /// The `Searchable` laws (arbiter-laws).
    #[test]
    fn search_laws() {
        let start = Amazons::start(&AmazonsVariant::Botzone8);
        let mut opening = start.clone();
        opening
            .play(opening.parse_move("c8-c5/c7").unwrap())
            .unwrap();
        SearchLaws::new(vec![start, opening])
            .nodes(3_000)
            .mcts_iterations(300)
            .shipped_params_are_default()
            .check();
    }

    #[test]
    fn solve_proves_a_small_endgame_and_gives_up_on_the_start() {
        let game = position(
            "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxx..xxx/xx.W.xxx/xxx.Bxxx/xxxxxxxx/xxxxxxxx white",
        );
        let solve = |game: &Amazons| search(game, Algorithm::Solve, Budget::Nodes(100_000));
        let report = solve(&game).unwrap();
        assert!(report.proven.is_some());
        assert_eq!(Ok(report), solve(&game));
        let start = Amazons::start(&AmazonsVariant::Standard);
        assert_eq!(
            solve(&start),
            Err(SearchError::BudgetExhausted { nodes: 100_000 })
        );
    }

    #[test]
    fn alpha_beta_takes_the_last_free_square() {
        // Black's amazon h8 has one free neighbour, h7; white a1-h1/h7 shoots it: a win in one.
        let game = position("6xB/6x1/8/8/8/8/8/W7 white");
        let report = search(&game, Algorithm::AlphaBeta, Budget::Depth(2)).unwrap();
        let best = report.result.best.unwrap();
        assert_eq!(best.arrow, game.parse_move("a1-h1/h7").unwrap().arrow);
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Win));
    }
}
