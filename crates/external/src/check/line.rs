//! The arbiter-line rows: `hello`, legal-move sets, `check`, `outcome`, `perft`, `forbidden`,
//! `board` (optional), `go`, an unknown command. Each row starts a fresh session (the engine's
//! process is stopped between rows).

use arbiter_core::PerftConvention;

use super::{Checker, DOUBLE_THREE, RowVerdict};
use crate::line::LineSession;
use arbiter_engine::{
    Algorithm, Answered, Budget, Position, PositionError, PositionRequest, QueryError, RulesEngine,
};
use arbiter_protocol::line::{LineAnswer, LineCommand};

impl Checker {
    /// The engine's position after `history`.
    fn engine_position(&self, history: &[String]) -> Result<Box<dyn Position>, PositionError> {
        self.engine.position(
            &self.variant,
            &PositionRequest {
                moves: history.to_vec(),
                ..PositionRequest::default()
            },
        )
    }

    /// A fresh session for the next row.
    fn fresh(&self) {
        self.engine.shutdown();
    }

    pub(super) fn line(&self) {
        let hello = LineSession::start(&self.engine).map(|mut session| {
            session.quit();
            self.engine.record_started(&[session.started()]);
        });
        self.result(
            "hello names the game; variant accepted",
            hello
                .map(|()| format!("hello, variant {}", self.variant))
                .map_err(|f| f.to_string()),
        );
        self.fresh();
        self.legal_sets();
        self.fresh();
        self.check_row();
        self.fresh();
        self.outcomes();
        self.fresh();
        self.perft_row();
        self.fresh();
        self.forbidden_row();
        self.fresh();
        self.board_row();
        self.fresh();
        let go = self
            .engine_position(&[])
            .map_err(|e| e.to_string())
            .and_then(|p| {
                p.search(Algorithm::AlphaBeta, Budget::Depth(1), None)
                    .map_err(|e| e.to_string())
            });
        self.result(
            "go depth 1 gives a legal move",
            go.and_then(|r| r.best.ok_or_else(|| "bestmove none".to_owned())),
        );
        self.fresh();
        let raw = LineSession::start(&self.engine)
            .map_err(|f| f.to_string())
            .and_then(|mut session| {
                let answer = session
                    .ask(&LineCommand::Unknown("arbiter-probe".to_owned()))
                    .map_err(|f| f.to_string());
                self.engine.record_started(&[session.started()]);
                session.quit();
                answer
            });
        self.result(
            "unknown command: error unknown-command",
            match raw {
                Ok(LineAnswer::UnknownCommand(word)) => Ok(word),
                Ok(other) => Err(format!("answered `{other}`")),
                Err(error) => Err(error),
            },
        );
    }

    /// Legal-move sets at playout positions.
    fn legal_sets(&self) {
        let mut mismatches = Vec::new();
        let mut compared = 0;
        for seed in 0..6 {
            let plies = 2 + 5 * seed as usize;
            let Some(history) = self.playout(seed, plies, |h, _| h.len() == plies) else {
                continue;
            };
            let actual = self
                .engine_position(&history)
                .map_err(|e| e.to_string())
                .and_then(|p| p.legal_moves().map_err(|e| e.to_string()));
            let mut expected = self.legal(&history);
            expected.sort();
            compared += 1;
            match actual {
                Ok(mut actual) => {
                    actual.sort();
                    if actual != expected {
                        mismatches.push(format!(
                            "after `{}`: {} moves, expected {}",
                            history.join(" "),
                            actual.len(),
                            expected.len()
                        ));
                    }
                }
                Err(error) => mismatches.push(format!("after `{}`: {error}", history.join(" "))),
            }
        }
        self.result(
            "legal moves match the reference",
            if mismatches.is_empty() {
                Ok(format!("{compared} positions"))
            } else {
                Err(mismatches.join("; "))
            },
        );
    }

    /// `check` of a move that was legal and is not any more.
    fn check_row(&self) {
        let check = self.playout(11, 6, |h, _| h.len() == 4).map(|history| {
            let reference = self.reference(&history);
            let probe = history[0].clone();
            let expected = reference.check(&probe).ok().and_then(Result::err);
            let actual = self
                .engine_position(&history)
                .map_err(|e| e.to_string())
                .and_then(|p| p.check(&probe).map_err(|e| e.to_string()));
            match (expected, actual) {
                (None, _) => (
                    RowVerdict::NotApplicable,
                    format!("`{probe}` is still legal"),
                ),
                (Some(e), Ok(Err(a))) if a.code == e.code => {
                    (RowVerdict::Passed, format!("`{probe}` refused: {}", a.code))
                }
                (Some(e), Ok(Err(a))) => (
                    RowVerdict::Failed,
                    format!("`{probe}` refused as `{}`, expected `{}`", a.code, e.code),
                ),
                (Some(e), Ok(Ok(()))) => (
                    RowVerdict::Failed,
                    format!("`{probe}` accepted; the rules refuse it: {e}"),
                ),
                (Some(_), Err(error)) => (RowVerdict::Failed, error),
            }
        });
        let (verdict, detail) =
            check.unwrap_or((RowVerdict::NotApplicable, "no position".to_owned()));
        let _ = self.engine.take_warnings();
        self.record("check refuses an illegal move", verdict, detail);
    }

    /// `outcome`: none mid-game, and the result of a finished random game.
    fn outcomes(&self) {
        let mid = self.playout(12, 6, |h, _| h.len() == 4);
        let answer: Result<Answered<_>, String> = match &mid {
            Some(history) => self
                .engine_position(history)
                .map(|p| p.outcome())
                .map_err(|e| e.to_string()),
            None => Err("no position".to_owned()),
        };
        self.result(
            "outcome none mid-game",
            match answer {
                Ok(Ok(None)) => Ok(String::new()),
                Ok(Ok(Some(outcome))) => Err(format!("says `{outcome}`")),
                Ok(Err(error)) => Err(error.to_string()),
                Err(error) => Err(error),
            },
        );
        self.fresh();
        let finished = self.playout(13, 1000, |_, p| p.outcome().ok().flatten().is_some());
        let Some(history) = finished else {
            self.record(
                "outcome of a finished game",
                RowVerdict::NotApplicable,
                "no random game ended within 1000 plies".to_owned(),
            );
            return;
        };
        let expected = self.reference(&history).outcome().ok().flatten();
        let actual = self
            .engine_position(&history)
            .map_err(|e| e.to_string())
            .and_then(|p| p.outcome().map_err(|e: QueryError| e.to_string()));
        self.result(
            "outcome of a finished game",
            match (expected, actual) {
                (Some(e), Ok(Some(a))) if e.winner == a.winner => Ok(format!("{a}")),
                (Some(e), Ok(a)) => Err(format!("expected `{e}`, got {a:?}")),
                (_, Err(error)) => Err(error),
                (None, _) => Err("the playout did not end".to_owned()),
            },
        );
    }

    /// `perft 1` and `perft 2` from the start.
    fn perft_row(&self) {
        let convention = PerftConvention::SequencesOfExactLength;
        let perft = self
            .engine_position(&[])
            .map_err(|e| e.to_string())
            .and_then(|mut position| {
                let mut reference = self.reference(&[]);
                (1..=2)
                    .map(|depth| {
                        let actual = position
                            .perft(depth, convention)
                            .map_err(|e| e.to_string())?;
                        let expected = reference.perft(depth, convention).unwrap_or(0);
                        Ok((depth, actual, expected))
                    })
                    .collect::<Result<Vec<_>, String>>()
            });
        self.result(
            "perft 1 and 2 from the start",
            match perft {
                Ok(counts) if counts.iter().all(|(_, a, e)| a == e) => Ok(format!("{counts:?}")),
                Ok(counts) => Err(format!("(depth, engine, reference): {counts:?}")),
                Err(error) => Err(error),
            },
        );
    }

    fn forbidden_row(&self) {
        if !self.has_foul() {
            self.record(
                "forbidden points",
                RowVerdict::NotApplicable,
                "no fouls in this variant".to_owned(),
            );
            return;
        }
        let history = Self::split(DOUBLE_THREE);
        let sorted = |mut list: Vec<(String, String)>| {
            list.sort();
            list
        };
        let expected = self
            .reference(&history)
            .forbidden()
            .ok()
            .flatten()
            .map(sorted);
        let actual = self
            .engine_position(&history)
            .map_err(|e| e.to_string())
            .and_then(|p| p.forbidden().map_err(|e| e.to_string()))
            .map(|list| list.map(sorted));
        self.result(
            "forbidden points",
            match actual {
                Ok(actual) if actual == expected => Ok(format!("{actual:?}")),
                Ok(actual) => Err(format!("expected {expected:?}, got {actual:?}")),
                Err(error) => Err(error),
            },
        );
    }

    /// `board` (optional) after a few moves: the engine's position equals the reference's.
    fn board_row(&self) {
        let Some(history) = self.playout(14, 6, |h, _| h.len() == 4) else {
            return;
        };
        let diagram = self.reference(&history).diagram();
        let answer = self
            .engine_position(&history)
            .map_err(|e| e.to_string())
            .map(|p| p.same_board(&diagram));
        match answer {
            Ok(Ok(Ok(true))) => self.result(
                "board (optional) matches the reference",
                Ok(format!("after {} plies", history.len())),
            ),
            Ok(Ok(Ok(false))) => self.result(
                "board (optional) matches the reference",
                Err(format!(
                    "after `{}` the engine's board differs from\n{diagram}",
                    history.join(" ")
                )),
            ),
            Ok(Ok(Err(message))) => {
                self.result("board (optional) matches the reference", Err(message))
            }
            Ok(Err(QueryError::Unsupported(what))) => {
                let _ = self.engine.take_warnings();
                self.record(
                    "board (optional) matches the reference",
                    RowVerdict::NotApplicable,
                    format!("{what}; spec cases with `board-after` are then not applicable"),
                );
            }
            Ok(Err(error)) => self.result(
                "board (optional) matches the reference",
                Err(error.to_string()),
            ),
            Err(error) => self.result("board (optional) matches the reference", Err(error)),
        }
    }
}
