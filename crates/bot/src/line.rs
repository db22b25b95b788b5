//! The bot's side of arbiter-line v1 (see [`arbiter_protocol::line`]): rule queries answered by
//! the embedded engine, `go` answered by its search.

use std::io::BufRead;
use std::time::Duration;

use arbiter_core::PerftConvention;

use arbiter_engine::{Answered, Budget, OutcomeView, Position, PositionError, PositionRequest};
use arbiter_protocol::line::{BestMove, GoLimit, LineAnswer, LineCommand, LineOutcome, Start};

use super::{BotError, Fault, NAME, Out, Player, Reply, next_command};

pub(super) fn run(
    player: &Player,
    input: &mut dyn BufRead,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let mut session = Session::new(player)?;
    while let Some(command) = next_command(input, LineCommand::parse, |_, error| {
        out.line(&LineAnswer::Error(error.message).to_string())
    })? {
        exit_after_hello(player, &command);
        let position = &mut session.position;
        let answer = match command {
            LineCommand::Quit => return Ok(()),
            LineCommand::Hello => session.hello(),
            LineCommand::Variant(name) => session.set_variant(name)?,
            LineCommand::Position { start, moves } => session.set_position(start, moves),
            LineCommand::Legal => answered(position.legal_moves(), LineAnswer::Legal),
            LineCommand::Check(mv) => answered(position.check(&mv), |checked| match checked {
                Ok(()) => LineAnswer::Ok,
                Err(refusal) => LineAnswer::Illegal(refusal.code),
            }),
            LineCommand::Outcome if player.fault() == Some(Fault::GarbageOutcome) => {
                out.line("outcome perhaps, ask me later")?;
                continue;
            }
            LineCommand::Outcome => answered(position.outcome(), outcome_answer),
            LineCommand::Forbidden => answered(position.forbidden(), |forbidden| match forbidden {
                Some(points) => LineAnswer::Forbidden(points),
                None => LineAnswer::Unsupported,
            }),
            LineCommand::Board => LineAnswer::Board(position.text()),
            LineCommand::Perft(depth) => answered(
                position.perft(depth, PerftConvention::SequencesOfExactLength),
                |nodes| LineAnswer::Perft { depth, nodes },
            ),
            LineCommand::PerftFinishedIsLeaf(depth) => answered(
                position.perft(depth, PerftConvention::FinishedGameIsLeaf),
                |nodes| LineAnswer::Perft { depth, nodes },
            ),
            LineCommand::Go(limit) => match written_go(session.go(limit), out)? {
                Some(answer) => answer,
                None => continue,
            },
            LineCommand::Unknown(word) => LineAnswer::UnknownCommand(word),
        };
        out.line(&answer.to_string())?;
    }
    Ok(())
}

/// The `exit-after-hello` fault: the process ends at the first command past the set-up ones.
fn exit_after_hello(player: &Player, command: &LineCommand) {
    let setup = matches!(
        command,
        LineCommand::Hello | LineCommand::Variant(_) | LineCommand::Quit
    );
    if !setup && player.fault() == Some(Fault::ExitAfterHello) {
        eprintln!("arbiter-bot: fault exit-after-hello: exiting with code 3");
        std::process::exit(super::fault::CRASH_EXIT_CODE);
    }
}

/// What the manager has set up so far: the variant, the position, the searches asked for.
struct Session<'p> {
    player: &'p Player,
    variant: String,
    position: Box<dyn Position>,
    go_count: u32,
}

impl<'p> Session<'p> {
    /// The start position of the command line's variant.
    fn new(player: &'p Player) -> Result<Session<'p>, BotError> {
        let variant = player.variant.clone();
        let position = player.start(&variant)?;
        Ok(Session {
            player,
            variant,
            position,
            go_count: 0,
        })
    }

    fn hello(&self) -> LineAnswer {
        LineAnswer::Hello {
            version: arbiter_protocol::line::VERSION,
            game: self.player.engine().game().to_owned(),
            variant: self.variant.clone(),
            name: NAME.to_owned(),
        }
    }

    /// `variant NAME`: the start position of that variant, if the engine plays it.
    fn set_variant(&mut self, name: String) -> Result<LineAnswer, BotError> {
        let engine = self.player.engine();
        if engine.accepts_variant(&name) {
            self.variant = name;
            self.position = self.player.start(&self.variant)?;
            Ok(LineAnswer::Ok)
        } else {
            Ok(LineAnswer::Error(format!(
                "unknown variant {name}: known are {}",
                engine.variants().join(", ")
            )))
        }
    }

    /// `position`: the position set up, or why not (an illegal move by its index).
    fn set_position(&mut self, start: Start, moves: Vec<String>) -> LineAnswer {
        let request = PositionRequest {
            text: match start {
                Start::Start => None,
                Start::Text(text) => Some(text),
            },
            moves,
            ..PositionRequest::default()
        };
        match self.player.engine().position(&self.variant, &request) {
            Ok(new) => {
                self.position = new;
                LineAnswer::Ok
            }
            Err(PositionError::IllegalMove {
                index,
                text,
                reason,
            }) => LineAnswer::IllegalMove {
                index,
                mv: text,
                code: reason.code,
            },
            Err(error) => LineAnswer::Error(error.to_string()),
        }
    }

    /// The answer to the next `go`.
    fn go(&mut self, limit: GoLimit) -> GoAnswer {
        self.go_count += 1;
        go(self.player, self.position.as_ref(), limit, self.go_count)
    }
}

/// The `outcome` line of an embedded position's outcome.
fn outcome_answer(outcome: Option<OutcomeView>) -> LineAnswer {
    LineAnswer::Outcome(match outcome {
        None => LineOutcome::None,
        Some(view) => match view.winner {
            Some(side) => LineOutcome::Winner {
                side,
                reason: view.reason,
                score: view.score,
            },
            None => LineOutcome::Draw {
                reason: view.reason,
                score: view.score,
            },
        },
    })
}

/// Writes a faulty `go` answer as it is; an ordinary one is handed back to be written.
fn written_go(answer: GoAnswer, out: &mut Out<'_>) -> Result<Option<LineAnswer>, BotError> {
    match answer {
        GoAnswer::Line(answer) => return Ok(Some(answer)),
        GoAnswer::Raw(text) => out.line(&text)?,
        GoAnswer::Unterminated(text) => out.unterminated(&text)?,
        GoAnswer::Flood(text) => out.flood(&text)?,
    }
    Ok(None)
}

/// The answer line of an embedded position's query (which does not fail; if it did, the
/// bot says so in an `error` line).
fn answered<T>(answer: Answered<T>, line: impl FnOnce(T) -> LineAnswer) -> LineAnswer {
    match answer {
        Ok(value) => line(value),
        Err(error) => LineAnswer::Error(error.to_string()),
    }
}

enum GoAnswer {
    Line(LineAnswer),
    Raw(String),
    Unterminated(String),
    Flood(String),
}

/// The answer to the `number`-th `go`. A `go` limit replaces the command line's for this search.
fn go(player: &Player, position: &dyn Position, limit: GoLimit, number: u32) -> GoAnswer {
    let budget = match limit {
        GoLimit::Depth(d) => Budget::Depth(d),
        GoLimit::Nodes(n) => Budget::Nodes(n),
        GoLimit::MoveTime(ms) => Budget::Time(Duration::from_millis(ms)),
    };
    let plain = |mv: &str| {
        LineAnswer::BestMove(Some(BestMove {
            mv: mv.to_owned(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        }))
    };
    // Faults apply here (the crash and hang faults do not return).
    let reply = player.reply(position, number, budget);
    match reply {
        Reply::Move {
            mv,
            report: Some(report),
        } => {
            let mut pv = report.pv;
            if player.fault() == Some(Fault::PvGarbage) {
                if pv.is_empty() {
                    pv.push(mv.clone());
                }
                pv.push("garbage".to_owned());
            }
            GoAnswer::Line(LineAnswer::BestMove(Some(BestMove {
                mv,
                score: report.score,
                depth: report.depth,
                nodes: report.nodes,
                pv,
            })))
        }
        Reply::Move { mv, report: None } => GoAnswer::Line(plain(&mv)),
        Reply::OffBoard => GoAnswer::Line(plain("off-board")),
        Reply::Pass => GoAnswer::Line(plain("pass")),
        Reply::Raw(text) => GoAnswer::Raw(text),
        Reply::NoNewline(mv) => GoAnswer::Unterminated(plain(&mv).to_string()),
        Reply::Flood(text) => GoAnswer::Flood(text),
        Reply::GameOver => GoAnswer::Line(LineAnswer::BestMove(None)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Protocol;
    use super::*;

    fn session(game: &str, input: &str) -> Vec<String> {
        super::super::session(Protocol::ArbiterLine, (game, None), 500, None, input)
    }

    #[test]
    fn answers_rule_queries() {
        let answers = session(
            "othello",
            "hello\nposition start moves f5 d6\nlegal\ncheck a1\nperft 2\noutcome\nforbidden\n\
             position start moves f5 f5\nfrobnicate\nperft\nquit\nlegal\n",
        );
        assert_eq!(answers.len(), 10, "{answers:?}");
        assert_eq!(
            answers[0],
            "arbiter-line 1 game=othello variant=standard name=arbiter-bot"
        );
        assert_eq!(answers[1], "ok");
        assert!(answers[2].starts_with("legal "));
        assert_eq!(answers[3], "illegal no-flip");
        assert!(answers[4].starts_with("perft 2 "));
        assert_eq!(answers[5], "outcome none");
        assert_eq!(answers[6], "error unsupported");
        assert_eq!(answers[7], "error illegal-move 2 f5 occupied");
        assert_eq!(answers[8], "error unknown-command frobnicate");
        assert!(answers[9].starts_with("error "));
    }

    #[test]
    fn answers_go() {
        let answers = session("othello", "go nodes 300\n");
        let LineAnswer::BestMove(Some(best)) = LineAnswer::parse(&answers[0]).unwrap() else {
            panic!("{answers:?}");
        };
        assert!(["d3", "c4", "f5", "e6"].contains(&best.mv.as_str()));
    }
}
