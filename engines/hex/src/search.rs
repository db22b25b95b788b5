//! [`Searchable`] for Hex: alpha-beta with the distance evaluation, MCTS with the
//! bridge-aware playouts (both through [`HexEval`]), and the exact solver ([`crate::solve`])
//! for boards up to 11 x 11 (in practice boards up to 5 x 5, and late positions).
//!
//! What a report proves: the solver's result always (a win or a loss; Hex has no draws); an
//! alpha-beta or MCTS score only when it is a win or loss by distance.

use arbiter_search::{Budget, ParamsOf, Report, SearchError, Searchable};

use crate::board::HexMove;
use crate::eval::HexEval;
use crate::rules::Hex;

impl Searchable for Hex {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Evaluator = HexEval;

    /// The carrier-pruned depth-first solver, its table sized by `tt-size-mb`.
    fn solve(
        &self,
        budget: Budget,
        params: &ParamsOf<Self>,
    ) -> Result<Report<HexMove>, SearchError> {
        crate::solve::solve(self, budget, params.search.tt_size_mb)
    }
}

/// The searches: the law kit, the parameters file, the solver against plain minimax, the
/// swap at the root, MCTS with the bridge-aware playouts.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::HexVariant;
    use arbiter_core::Game;
    use arbiter_laws::{Fixture, SearchLaws, played, search, solver_gives_up};
    use arbiter_search::score::{mate_in, mated_in};
    use arbiter_search::{Algorithm, ProvenResult, SearchRequest};

    fn request(algorithm: Algorithm, budget: Budget) -> SearchRequest {
        SearchRequest { algorithm, budget }
    }

    fn solved(game: &Hex) -> ProvenResult {
        search(game, Algorithm::Solve, Budget::Nodes(10_000_000))
            .unwrap()
            .proven
            .unwrap()
            .verdict
    }

    /// Plain minimax to the end, stopping at the first winning move: whether the side to move
    /// wins (Hex has no draws; `arbiter_laws::minimax`, which counts the distance of every
    /// line, is too slow for the 5 x 5 positions here).
    fn wins(game: &mut Hex) -> bool {
        if let Some(outcome) = game.outcome() {
            return outcome.winner == Some(game.side_to_move());
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves.into_iter().any(|mv| {
            let undo = game.make(mv);
            let won = !wins(game);
            game.unmake(mv, undo);
            won
        })
    }

    /// The solver's verdict on `game` is plain minimax's.
    fn agree(game: &mut Hex, label: &str) {
        let expected = if wins(game) {
            ProvenResult::Win
        } else {
            ProvenResult::Loss
        };
        assert_eq!(solved(game), expected, "{label}");
    }

    #[test]
    fn the_solver_agrees_with_minimax_after_every_opening_of_small_boards() {
        for size in 1..=3u8 {
            let variant = HexVariant::new(size, crate::SwapRule::None);
            let start = Hex::start(&variant);
            let mut moves = Vec::new();
            start.generate_moves(&mut moves);
            for mv in moves {
                let mut game = start.clone();
                game.play(mv).unwrap();
                if game.outcome().is_some() {
                    continue;
                }
                let label = format!("{size}x{size} after {}", game.format_move(mv));
                agree(&mut game, &label);
            }
        }
    }

    #[test]
    fn the_solver_agrees_with_minimax_on_random_positions() {
        // Positions of 4 x 4 after a few random stones, and of 5 x 5 with more: minimax by the
        // rules alone (a few seconds at most), and the solver.
        use arbiter_laws::playout;
        let mut seed = 7u64;
        for (size, stones) in [(4u8, 3usize), (4, 6), (5, 14), (5, 16)] {
            for _ in 0..6 {
                let picks: Vec<u32> = (0..stones)
                    .map(|_| {
                        let (next, value) = arbiter_core::zobrist::splitmix64(seed);
                        seed = next;
                        value as u32
                    })
                    .collect();
                let (mut game, line) = playout(
                    Hex::start(&HexVariant::new(size, crate::SwapRule::None)),
                    &picks,
                );
                if game.outcome().is_some() {
                    continue;
                }
                let text: Vec<String> = line.iter().map(|mv| game.format_move(*mv)).collect();
                agree(
                    &mut game,
                    &format!("{size}x{size} after {}", text.join(" ")),
                );
            }
        }
    }

    #[test]
    fn with_the_swap_rule_the_second_player_wins() {
        // Whatever the first stone, the second player swaps it or answers it, and one of the two
        // wins (the pie rule's point). Under both readings, and the first player loses from the
        // start.
        for name in ["swap-mirror@3", "swap-sides@3", "swap-mirror@4"] {
            let start = Hex::start(&Hex::variant_named(name));
            assert_eq!(solved(&start), ProvenResult::Loss, "{name}");
            for first in ["a1", "b2", "c1"] {
                let game = played::<Hex>(&Hex::variant_named(name), first);
                assert_eq!(solved(&game), ProvenResult::Win, "{name} after {first}");
            }
        }
        // Without it, the first player wins (Nash's strategy-stealing argument).
        assert_eq!(
            solved(&Hex::start(&Hex::variant_named("standard@4"))),
            ProvenResult::Win
        );
    }

    #[test]
    fn the_solver_plays_out_its_proof() {
        // The winning side's principal variation ends the game with its win.
        let game = played::<Hex>(&Hex::variant_named("standard@4"), "b3");
        let report = search(&game, Algorithm::Solve, Budget::Nodes(1_000_000)).unwrap();
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Loss));
        assert!(report.result.score <= mated_in(0) + 200 && report.result.score < 0);
        let best = report.result.best.unwrap();
        assert_eq!(game.check_move(best), Ok(()));
    }

    #[test]
    fn a_late_position_of_the_ccgc_board_is_solved() {
        // 11 x 11 (u128 sets): black's column f from f1 to f10 needs f11 or e11; white to move
        // cannot stop both... black f1-f10 with e11 and f11 empty: two ways to the bottom row.
        let mut moves = Vec::new();
        for row in 1..=10 {
            moves.push(format!("f{row}"));
            moves.push(format!("a{row}"));
        }
        let game = played::<Hex>(&Hex::variant_named("standard"), &moves.join(" "));
        // Black to move joins at once.
        let report = search(&game, Algorithm::Solve, Budget::Nodes(100_000)).unwrap();
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Win));
        assert_eq!(report.result.score, mate_in(1));
        let board = played::<Hex>(&Hex::variant_named("standard@19"), "a1");
        assert!(matches!(
            search(&board, Algorithm::Solve, Budget::Nodes(10)),
            Err(SearchError::Unsupported(_))
        ));
    }

    #[test]
    fn a_tiny_solver_budget_is_exhausted_not_guessed() {
        let game = played::<Hex>(&Hex::variant_named("standard@6"), "a1");
        solver_gives_up(&game, 50);
    }

    #[test]
    fn search_laws() {
        let positions = vec![
            Hex::start(&Hex::variant_named("standard")),
            played::<Hex>(&Hex::variant_named("swap-sides@5"), "c3"),
            played::<Hex>(&Hex::variant_named("standard@5"), "c3 c2 b4"),
        ];
        SearchLaws::new(positions)
            .nodes(2_000)
            .mcts_iterations(300)
            .shipped_params_are_default()
            .check();
    }

    #[test]
    fn a_bad_params_file_names_the_place() {
        let start = Hex::start(&HexVariant::default());
        let error = start
            .search(
                request(Algorithm::AlphaBeta, Budget::Depth(1)),
                "eval:\n  distance: far\n",
            )
            .unwrap_err();
        assert!(
            matches!(&error, SearchError::Params(message) if message.starts_with(&Hex::params_path())),
            "{error}"
        );
    }

    #[test]
    fn every_searcher_takes_a_win_in_one_and_blocks_one() {
        // 5 x 5, black c1 c2 c3 c4 against white a1 a2 a3 a4: black to move wins on c5 (or b5);
        // with white to move, white must block... white cannot block two cells: black wins
        // anyway, so only the black-to-move case asks for a move.
        let game = played::<Hex>(&Hex::variant_named("standard@5"), "c1 a1 c2 a2 c3 a3 c4 a4");
        for algorithm in [Algorithm::AlphaBeta, Algorithm::Mcts, Algorithm::Solve] {
            let report = search(&game, algorithm, Budget::Nodes(3_000)).unwrap();
            let best = game.format_move(report.result.best.unwrap());
            assert!(["b5", "c5"].contains(&best.as_str()), "{algorithm}: {best}");
        }
    }

    #[test]
    fn mcts_with_bridge_playouts_is_deterministic_and_saves_a_bridge() {
        // 5 x 5: black c2 (the edge template to row 1) and b4 (to row 5) are a bridge over b3
        // and c3; white has intruded at b3 and blocks the ways round (d4, a4). Black's only
        // winning move is c3, as the solver proves move by move; MCTS, whose playouts answer the
        // intrusion, finds it.
        let game = played::<Hex>(&Hex::variant_named("standard@5"), "c2 d4 a1 a4 b4 b3");
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let winning: Vec<String> = moves
            .into_iter()
            .filter(|&mv| {
                let mut child = game.clone();
                child.play(mv).unwrap();
                solved(&child) == ProvenResult::Loss
            })
            .map(|mv| game.format_move(mv))
            .collect();
        assert_eq!(winning, ["c3"]);
        let first = search(&game, Algorithm::Mcts, Budget::Nodes(3_000)).unwrap();
        let again = search(&game, Algorithm::Mcts, Budget::Nodes(3_000)).unwrap();
        assert_eq!(first, again);
        assert_eq!(game.format_move(first.result.best.unwrap()), "c3");
    }
}
