//! The embedded engines arbiter ships with.

use super::{Embedded, RulesEngine};

/// One handle per embedded engine, in a fixed order.
#[must_use]
pub fn embedded_engines() -> Vec<Box<dyn RulesEngine>> {
    vec![
        Box::new(Embedded::<arbiter_amazons::Amazons>::searching()),
        Box::new(Embedded::<arbiter_connect6::Connect6>::searching()),
        Box::new(Embedded::<arbiter_gomoku::Gomoku>::searching()),
        Box::new(Embedded::<arbiter_othello::Othello>::searching()),
        Box::new(Embedded::<arbiter_surakarta::Surakarta>::searching()),
        Box::new(Embedded::<arbiter_tictactoe::TicTacToe>::searching()),
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
