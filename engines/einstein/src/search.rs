//! [`Searchable`] for EinStein: expectimax alpha-beta (Star1/Star2 at the chance nodes) and
//! MCTS with chance nodes over the race evaluation ([`Params`]), and the exact solver.
//!
//! Scores are winning chances ([`WIN`] is a certain win, see [`crate::eval`]). A search never
//! rolls the die: at a chance node (`roll` in the one-line form) it reports the expectation
//! over the six rolls and no move; after a roll it picks a step. What a report proves: an
//! alpha-beta search (or the solver) whose every line ended the game has computed the exact
//! expectiminimax value, reported as [`ProvenResult::Win`] (a certain win), [`ProvenResult::Loss`] or
//! [`ProvenResult::Chance`] with the margin: the winning chance of the side to move times `6^7`
//! (exact while every line ends within seven rolls, see [`crate::eval`]; `233280` is 5/6). A
//! heuristic score proves nothing.

use arbiter_search::{
    Algorithm, AlphaBeta, Budget, ParamsOf, Proven, ProvenResult, Report, SearchError,
    SearchResult, Searchable, Searcher, run_searcher, solve_to_end,
};

use crate::board::EinSteinMove;
use crate::eval::{Params, WIN};
use crate::rules::EinStein;

/// The report of an exact value `score` (a resolved search).
fn exact(result: SearchResult<EinSteinMove>) -> Report<EinSteinMove> {
    let verdict = match result.score {
        WIN => ProvenResult::Win,
        score if score == -WIN => ProvenResult::Loss,
        _ => ProvenResult::Chance,
    };
    let margin = (result.score.clamp(-WIN, WIN) + WIN) / 2;
    Report {
        result,
        proven: Some(Proven {
            verdict,
            margin: Some(margin),
        }),
    }
}

impl Searchable for EinStein {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    /// The race, the piece counts and the turn ([`Params`]); MCTS plays its playouts with
    /// random steps and random rolls to the end of the game (a game lasts at most 70 turns).
    type Evaluator = Params;

    /// Expectimax to the end of the game ([`solve_to_end`]): the exact winning chance, for
    /// endgames.
    fn solve(
        &self,
        budget: Budget,
        params: &ParamsOf<Self>,
    ) -> Result<Report<EinSteinMove>, SearchError> {
        let report = solve_to_end(self, budget, params.eval.clone(), &params.search)?;
        Ok(exact(report.result))
    }

    /// Alpha-beta or MCTS; an alpha-beta search that met no horizon is exact (see the `exact` function below).
    fn search_heuristic(
        &self,
        algorithm: Algorithm,
        budget: Budget,
        params: ParamsOf<Self>,
    ) -> Report<EinSteinMove> {
        if algorithm == Algorithm::Mcts {
            return run_searcher(self, algorithm, budget, params.eval, &params.search);
        }
        let mut searcher = AlphaBeta::new(params.eval, params.search);
        let result = searcher.search(self, budget);
        if searcher.resolved() {
            exact(result)
        } else {
            Report::heuristic(result)
        }
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::{Game, Side};
    use arbiter_laws::{search, solver_gives_up};
    use arbiter_search::Mcts;
    use proptest::prelude::*;

    use super::*;
    use crate::board::Piece;
    use crate::board::Square;
    use crate::rules::Phase;
    use crate::variant::EinSteinVariant;

    /// Plain expectiminimax to the end, in whole numbers: the reference every search must
    /// agree with. A win is `WIN`; a chance node is the mean of its six rolls rounded to the
    /// nearest integer (halves away from zero) as the search rounds it, which is exact while
    /// the lines end within seven rolls.
    fn expectimax(game: &mut EinStein) -> i64 {
        expectimax_memo(game, &mut std::collections::HashMap::new())
    }

    /// [`expectimax`] remembering the value of every position met (by its full hash: board,
    /// side to move and phase).
    fn expectimax_memo(game: &mut EinStein, memo: &mut std::collections::HashMap<u64, i64>) -> i64 {
        if let Some(&value) = memo.get(&game.hash()) {
            return value;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            let winner = game.outcome().and_then(|o| o.winner);
            return if winner == Some(game.side_to_move()) {
                i64::from(WIN)
            } else {
                -i64::from(WIN)
            };
        }
        let chance = game.is_chance();
        let mut values = Vec::new();
        for mv in moves {
            let undo = game.make(mv);
            let value = expectimax_memo(game, memo);
            game.unmake(mv, undo);
            values.push(if chance { value } else { -value });
        }
        let value = if chance {
            let sum: i64 = values.iter().sum();
            (2 * sum + sum.signum() * 6) / 12
        } else {
            values.into_iter().max().expect("a move")
        };
        memo.insert(game.hash(), value);
        value
    }

    /// A position with `red` and `blue` pieces (square index, number), red to roll.
    fn endgame(red: &[(usize, u8)], blue: &[(usize, u8)], phase: Phase) -> EinStein {
        let mut pieces = Vec::new();
        for (side, list) in [(Side::First, red), (Side::Second, blue)] {
            for &(square, number) in list {
                pieces.push((Square::from_index(square).unwrap(), Piece { side, number }));
            }
        }
        EinStein::from_parts(EinSteinVariant::default(), &pieces, Side::First, phase)
    }

    fn params() -> ParamsOf<EinStein> {
        EinStein::read_params(EinStein::PARAMS_YAML).unwrap()
    }

    #[test]
    fn a_certain_win_and_a_chance() {
        // Red's 1 on d4 wins with any roll (every roll selects it): a certain win.
        let sure = endgame(&[(18, 1)], &[(6, 1)], Phase::Roll);
        let report = sure.solve(Budget::Nodes(1_000_000), &params()).unwrap();
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Win));
        assert_eq!(report.result.best, None, "the die chooses at a chance node");
        // Red 1 on c3 and 6 on a1, blue 1 on b2 and 2 on c2, red to roll: a 6 moves the 6
        // (it may take blue's 1 on b2), the rest the 1 (or the 6, for 2-5), two steps from
        // e5; blue's pieces are one and two steps from a1.
        let mixed = endgame(&[(12, 1), (0, 6)], &[(6, 1), (7, 2)], Phase::Roll);
        let report = mixed.solve(Budget::Nodes(1_000_000), &params()).unwrap();
        let expected = expectimax(&mut mixed.clone());
        assert_eq!(i64::from(report.result.score), expected);
        assert!(expected.abs() < i64::from(WIN), "{expected}");
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Chance));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// On random endgames of up to two pieces a side, the solver and an alpha-beta search
        /// deep enough give exactly the expectiminimax value, and a chosen step reaches it.
        #[test]
        fn searches_equal_expectiminimax(
            // Red near e5 (rows and columns c-e), blue near a1 (a-c), none on a corner.
            red_squares in prop::sample::subsequence(vec![12, 13, 14, 17, 18, 19, 22, 23], 2),
            blue_squares in prop::sample::subsequence(vec![1, 2, 5, 6, 7, 10, 11], 2),
            numbers in prop::collection::vec(1u8..=6, 4),
            rolled in 0u8..=6,
        ) {
            let red = [(red_squares[0], numbers[0]), (red_squares[1], if numbers[1] == numbers[0] { numbers[0] % 6 + 1 } else { numbers[1] })];
            let blue = [(blue_squares[0], numbers[2]), (blue_squares[1], if numbers[3] == numbers[2] { numbers[2] % 6 + 1 } else { numbers[3] })];
            let phase = if rolled == 0 { Phase::Roll } else { Phase::Move(rolled) };
            let game = endgame(&red, &blue, phase);
            prop_assume!(game.outcome().is_none());
            let expected = expectimax(&mut game.clone());
            let solved = game.solve(Budget::Nodes(20_000_000), &params()).unwrap();
            prop_assert_eq!(i64::from(solved.result.score), expected);
            prop_assert_eq!(solved.proven.and_then(|p| p.margin), Some(((expected + i64::from(WIN)) / 2) as i32));
            let deep = search(&game, Algorithm::AlphaBeta, Budget::Depth(30)).unwrap();
            prop_assert_eq!(i64::from(deep.result.score), expected);
            prop_assert!(deep.proven.is_some());
            if let Some(best) = solved.result.best {
                let mut after = game.clone();
                after.play(best).unwrap();
                prop_assert_eq!(-expectimax(&mut after), expected);
            } else {
                prop_assert!(game.is_chance());
            }
        }
    }

    #[test]
    fn mcts_estimates_the_chance_and_gives_no_move_at_a_roll() {
        let mixed = endgame(&[(12, 1), (0, 6)], &[(6, 1), (7, 2)], Phase::Roll);
        let result =
            Mcts::new(Params::default(), params().search).search(&mixed, Budget::Nodes(3_000));
        assert_eq!((result.best, result.pv.len()), (None, 0));
        // The mean of the root converges to the expectation (0.157 on the ±1 scale): -0.562
        // after 3,000 iterations, -0.075 after 30,000, 0.154 after 300,000.
        let converged =
            Mcts::new(Params::default(), params().search).search(&mixed, Budget::Nodes(300_000));
        let exact = expectimax(&mut mixed.clone()) as f64 / f64::from(WIN);
        // MCTS scores are winning chances scaled to ±1000.
        let estimate = f64::from(converged.score) / 1000.0;
        assert!(
            (estimate - exact).abs() < 0.02,
            "{estimate} against {exact}"
        );
        // After a roll of 6 red steps its 6; MCTS gives a legal step.
        let mut rolled = mixed.clone();
        rolled.play(EinSteinMove::Roll(6)).unwrap();
        let result =
            Mcts::new(Params::default(), params().search).search(&rolled, Budget::Nodes(500));
        let best = result.best.expect("a step");
        assert_eq!(rolled.check_move(best), Ok(()));
    }

    #[test]
    fn search_laws() {
        let after_setup = arbiter_laws::played::<EinStein>(
            &EinSteinVariant::default(),
            "layout-123456 layout-654321 roll-3",
        );
        let at_roll = arbiter_laws::played::<EinStein>(
            &EinSteinVariant::default(),
            "layout-123456 layout-654321",
        );
        arbiter_laws::SearchLaws::new(vec![after_setup, at_roll])
            .nodes(3_000)
            .mcts_iterations(300)
            .shipped_params_are_default()
            .check();
    }

    #[test]
    fn a_tiny_solver_budget_is_exhausted_not_guessed() {
        let game = arbiter_laws::played::<EinStein>(
            &EinSteinVariant::default(),
            "layout-123456 layout-654321",
        );
        solver_gives_up(&game, 100);
    }
}
