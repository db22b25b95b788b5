//! The tunables of both searchers, loadable from an engine's `params.yaml` (the IO happens
//! outside this crate) so that a baseline can freeze them.

use serde::{Deserialize, Serialize};

/// Search parameters. Missing keys take their [`Default`] values; unknown keys are errors.
///
/// ```yaml
/// tt-size-mb: 16
/// mcts-exploration: 1.4
/// seed: 7
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct SearchParams {
    /// Transposition-table size in MiB, rounded down to a power-of-two number of entries;
    /// 0 turns the table off.
    pub tt_size_mb: usize,
    /// Nodes (alpha-beta) or plies played (MCTS) between two looks at the clock.
    pub node_check_interval: u64,
    /// The deepest alpha-beta iteration run under a `Nodes` or `Time` budget (capped at
    /// [`crate::score::MAX_PLY`]).
    pub max_depth: u32,
    /// The most plies a quiescence search goes below an alpha-beta leaf
    /// ([`crate::Evaluator::quiescence_moves`]); past it the position is evaluated.
    pub quiescence_plies: u32,
    /// The UCT exploration constant `c` in `q + c * sqrt(ln N / n)`.
    pub mcts_exploration: f64,
    /// The most random plies in one MCTS playout; past it the evaluator scores the position.
    /// 0 scores every new leaf by the evaluator alone.
    pub mcts_playout_limit: u32,
    /// The evaluation (in the evaluator's units) that counts as a 75% winning chance when a
    /// playout is cut off; the mapping is `0.5 + 0.5 * x / (1 + |x|)` with `x = eval / scale`.
    pub mcts_eval_scale: f64,
    /// Visits a leaf needs before MCTS expands it (1 expands on the first visit). Higher values
    /// keep the tree small on games with many moves (Gomoku, Amazons).
    pub mcts_expand_visits: u32,
    /// The most MCTS tree nodes (about 32 bytes each); past it leaves are no longer expanded.
    pub mcts_max_nodes: u32,
    /// The seed of MCTS's random number generator.
    pub seed: u64,
}

impl SearchParams {
    /// The transposition-table size when the params file does not say.
    pub const DEFAULT_TT_SIZE_MB: usize = 16;
    /// The node-check interval when the params file does not say.
    pub const DEFAULT_NODE_CHECK_INTERVAL: u64 = 1024;
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            tt_size_mb: Self::DEFAULT_TT_SIZE_MB,
            node_check_interval: Self::DEFAULT_NODE_CHECK_INTERVAL,
            max_depth: 64,
            quiescence_plies: 16,
            mcts_exploration: std::f64::consts::SQRT_2,
            mcts_playout_limit: 400,
            mcts_eval_scale: 400.0,
            mcts_expand_visits: 2,
            mcts_max_nodes: 4_000_000,
            seed: 0x5EED,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_kebab_case_with_defaults() {
        let params: SearchParams =
            serde_saphyr::from_str("tt-size-mb: 4\nmcts-exploration: 0.7\nseed: 9\n").unwrap();
        assert_eq!(
            params,
            SearchParams {
                tt_size_mb: 4,
                mcts_exploration: 0.7,
                seed: 9,
                ..SearchParams::default()
            }
        );
    }

    #[test]
    fn refuses_unknown_keys() {
        let error = serde_saphyr::from_str::<SearchParams>("tt_size_mb: 4\n").unwrap_err();
        assert!(error.to_string().contains("tt_size_mb"), "{error}");
    }
}
