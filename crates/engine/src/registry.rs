//! The embedded engines arbiter ships with.

use super::{Embedded, RulesEngine};

/// A searching handle for each game type, in the order given.
macro_rules! searching {
    ($($game:ty),* $(,)?) => {
        vec![$(Box::new(Embedded::<$game>::searching()) as Box<dyn RulesEngine>),*]
    };
}

/// One handle per embedded engine, in a fixed order.
#[must_use]
pub fn embedded_engines() -> Vec<Box<dyn RulesEngine>> {
    searching![
        arbiter_amazons::Amazons,
        arbiter_connect6::Connect6,
        arbiter_dotsboxes::DotsBoxes,
        arbiter_draughts::Draughts,
        arbiter_einstein::EinStein,
        arbiter_go::Go,
        arbiter_gomoku::Gomoku,
        arbiter_hex::Hex,
        arbiter_nogo::NoGo,
        arbiter_othello::Othello,
        arbiter_surakarta::Surakarta,
        arbiter_tictactoe::TicTacToe,
        arbiter_xiangqi::Xiangqi,
    ]
}

/// The games the embedded engines play, sorted.
#[must_use]
pub fn games() -> Vec<String> {
    let mut games: Vec<String> = embedded_engines()
        .iter()
        .map(|engine| engine.game().to_owned())
        .collect();
    games.sort();
    games.dedup();
    games
}

/// The embedded engine with this name.
#[must_use]
pub fn find_engine(name: &str) -> Option<Box<dyn RulesEngine>> {
    embedded_engines()
        .into_iter()
        .find(|engine| engine.name() == name)
}

#[cfg(test)]
mod tests {
    use super::embedded_engines;

    /// The paths that baselines and error messages give for built-in files name the files the
    /// engines were built with.
    #[test]
    fn built_in_params_and_data_files_are_the_files_on_disk() {
        let root = crate::workspace_root();
        let mut data_files = 0;
        for engine in embedded_engines() {
            if let Some(params) = engine.params() {
                let on_disk = std::fs::read_to_string(root.join(&params.path)).unwrap();
                assert_eq!(on_disk, params.yaml, "{}", params.path);
            }
            for file in engine.data_files() {
                let on_disk = std::fs::read(root.join(file.path)).unwrap();
                assert!(on_disk == file.bytes, "{}", file.path);
                data_files += 1;
            }
        }
        assert!(data_files >= 1, "the Othello pattern weights");
    }
}
