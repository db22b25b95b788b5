//! The bot's side of UCCI and of UCI as xiangqi engines speak it (see
//! [`arbiter_protocol::ucci`]): a Chinese-chess engine as a UCCI GUI (or a UCI one, Pikafish's
//! way) expects one.
//!
//! `ucci`/`uci` answers the identity, one option (`usemillisec`, UCCI only: times in
//! milliseconds once set) and `ucciok`/`uciok`; `isready` answers `readyok`; `position` sets the
//! position (a FEN or the start, then its moves); `banmoves` forbids moves until the next
//! `position`; `go` answers `bestmove <move>`, or `nobestmove` (UCI: `bestmove (none)`) when
//! every legal move is banned or there is none. `go depth N` and `go nodes N` bound the search
//! (unless `--nodes`/`--depth` gave a limit); `go time …` (UCCI) and `wtime`/`btime`/`movetime`
//! (UCI) give the turn time. `go infinite` and `go ponder` wait for `stop` or `ponderhit`, then
//! search and answer: the bot reads one line at a time and does not search while it waits.
//! `stop` while idle answers `nobestmove` under UCCI (as ElephantEye does), nothing under UCI;
//! `quit` answers `bye` under UCCI. Lines the bot does not understand are ignored, with a note on
//! stderr.

use std::io::BufRead;

use arbiter_engine::{Algorithm, Budget, Position, PositionRequest};
use arbiter_protocol::ucci::{Command, Dialect, Go, Position as Setting, Reply as UcciReply};

use super::{BotError, Fault, NAME, Out, Player, Reply, ignore_refused, next_command};

/// The protocol's state between commands.
struct Session {
    dialect: Dialect,
    /// The current position's request (kept to set up a banned move's alternatives).
    request: PositionRequest,
    position: Box<dyn Position>,
    banned: Vec<String>,
    /// UCCI `setoption usemillisec true`: the `go time` figures are milliseconds.
    millis: bool,
    /// A `go infinite` or `go ponder` waiting for `stop` or `ponderhit`.
    waiting: Option<Go>,
    /// Move requests answered, for the `crash-at:N` faults.
    answered: u32,
}

pub(super) fn run(
    player: &Player,
    dialect: Dialect,
    input: &mut dyn BufRead,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let mut session = Session {
        dialect,
        position: player.start(&player.variant)?,
        request: PositionRequest::default(),
        banned: Vec::new(),
        millis: false,
        waiting: None,
        answered: 0,
    };
    while let Some(command) =
        next_command(input, |line| Command::parse(dialect, line), ignore_refused)?
    {
        let say = |out: &mut Out<'_>, reply: UcciReply| out.line(&reply.format(dialect));
        match command {
            Command::Hello => {
                for (field, value) in [("name", NAME), ("author", "the arbiter project")] {
                    let (field, value) = (field.to_owned(), value.to_owned());
                    say(out, UcciReply::Id { field, value })?;
                }
                if !dialect.is_uci() {
                    let name = "usemillisec".to_owned();
                    let rest = "type check default false".to_owned();
                    say(out, UcciReply::Option { name, rest })?;
                }
                say(out, UcciReply::Ok)?;
            }
            Command::IsReady => say(out, UcciReply::ReadyOk)?,
            Command::SetOption { name, value } => {
                if name == "usemillisec" {
                    session.millis = value.as_deref() == Some("true");
                }
            }
            Command::NewGame => {}
            Command::Position(setting) => session.set(player, &setting),
            Command::BanMoves(moves) => session.banned = moves,
            Command::Go(go) if go.infinite || go.ponder => session.waiting = Some(go),
            Command::Go(go) => session.go(player, &go, out)?,
            Command::PonderHit { .. } | Command::Stop => match session.waiting.take() {
                Some(go) => session.go(player, &go, out)?,
                None if !dialect.is_uci() && matches!(command, Command::Stop) => {
                    say(out, UcciReply::NoBestMove)?;
                }
                None => {}
            },
            Command::Quit => {
                if !dialect.is_uci() {
                    say(out, UcciReply::Bye)?;
                }
                return Ok(());
            }
            Command::Unknown(word) => eprintln!("arbiter-bot: ignoring unknown command `{word}`"),
        }
    }
    Ok(())
}

impl Session {
    /// Sets the position of a `position` command; a bad one keeps the old position, with a
    /// note on stderr (as the protocol has no error reply).
    fn set(&mut self, player: &Player, setting: &Setting) {
        let request = PositionRequest {
            text: setting.fen.clone(),
            moves: setting.moves.clone(),
            ..PositionRequest::default()
        };
        match player.position(&request) {
            Ok(position) => {
                self.position = position;
                self.request = request;
            }
            Err(error) => eprintln!("arbiter-bot: cannot set the position: {error}"),
        }
        self.banned.clear();
    }

    /// The budget of one `go`: the command line's limit, else `go`'s depth or nodes, else the
    /// turn time its clock gives.
    fn budget(&self, player: &Player, go: &Go) -> Budget {
        let fixed = player.budget(None);
        if !matches!(fixed, Budget::Time(_)) {
            return fixed;
        }
        if let Some(depth) = go.depth.filter(|&d| d > 0) {
            return Budget::Depth(depth);
        }
        if let Some(nodes) = go.nodes.filter(|&n| n > 0) {
            return Budget::Nodes(nodes);
        }
        player.budget(self.turn_ms(go))
    }

    /// The time this turn may take, in ms: UCCI's time over the moves to go (or 30 moves, with
    /// the increment), UCI's `movetime` or the side's clock alike.
    fn turn_ms(&self, go: &Go) -> Option<u64> {
        let share = |time: u64, to_go: Option<u32>, increment: Option<u64>| {
            time / u64::from(to_go.unwrap_or(30).max(1)) + increment.unwrap_or(0)
        };
        if let Some(clock) = &go.clock {
            let scale = if self.millis { 1 } else { 1000 };
            let increment = clock.increment.map(|i| i * scale);
            return Some(share(clock.time * scale, clock.movestogo, increment));
        }
        if go.movetime.is_some() {
            return go.movetime;
        }
        let red = self.position.is_to_move("red");
        let (time, increment) = if red {
            (go.wtime, go.winc)
        } else {
            (go.btime, go.binc)
        };
        time.map(|time| share(time, go.movestogo, increment))
    }

    /// Answers a `go`: the search's move, or the best move not banned.
    fn go(&mut self, player: &Player, go: &Go, out: &mut Out<'_>) -> Result<(), BotError> {
        self.answered += 1;
        let budget = self.budget(player, go);
        let say = |out: &mut Out<'_>, reply: UcciReply| out.line(&reply.format(self.dialect));
        let reply = player.reply(self.position.as_ref(), self.answered, budget);
        let mv = match reply {
            Reply::Move { mv, .. } if !self.banned.contains(&mv) => mv,
            Reply::Move { .. } => match self.best_allowed(player, budget) {
                Some(mv) => mv,
                None => return say(out, UcciReply::NoBestMove).map_err(BotError::from),
            },
            // A move that is never legal: the general's own point.
            Reply::OffBoard | Reply::Pass => "a0a0".to_owned(),
            Reply::Raw(text) => return out.line(&text).map_err(BotError::from),
            Reply::NoNewline(mv) => {
                let line = format!("bestmove {}", self.dialect.encode_move(&mv));
                return out.unterminated(&line).map_err(BotError::from);
            }
            Reply::Flood(text) => {
                return out
                    .flood_as(&text, "info string thinking")
                    .map_err(BotError::from);
            }
            Reply::GameOver => return say(out, UcciReply::NoBestMove).map_err(BotError::from),
        };
        if player.fault() == Some(Fault::ErrorLines) {
            out.line("info string arbiter-bot fault error-lines: information only")?;
        }
        let reply = UcciReply::BestMove {
            mv,
            ponder: None,
            draw: false,
            resign: false,
        };
        say(out, reply)?;
        if player.fault() == Some(Fault::ExtraLine) {
            out.line("bestmove a0a0")?;
        }
        Ok(())
    }

    /// The best legal move that is not banned, each searched from the opponent's side at a
    /// share of `budget` (the lowest score for the opponent wins); `None` when every legal
    /// move is banned.
    fn best_allowed(&self, player: &Player, budget: Budget) -> Option<String> {
        let legal = self.position.legal_moves().ok()?;
        let allowed: Vec<String> = legal
            .into_iter()
            .filter(|mv| !self.banned.contains(mv))
            .collect();
        let share = match budget {
            Budget::Nodes(n) => Budget::Nodes((n / allowed.len().max(1) as u64).max(1)),
            Budget::Depth(d) => Budget::Depth(d.saturating_sub(1).max(1)),
            Budget::Time(t) => Budget::Time(t / allowed.len().max(1) as u32),
        };
        let score = |mv: &String| {
            let mut request = self.request.clone();
            request.moves.push(mv.clone());
            let child = player.position(&request).ok()?;
            if child.outcome().ok().flatten().is_some() {
                // A finished game: a win for the mover ranks first, anything else last.
                let won = child.is_winner(if self.position.is_to_move("red") {
                    "red"
                } else {
                    "black"
                });
                return Some(if won.unwrap_or(false) {
                    i32::MIN
                } else {
                    i32::MAX
                });
            }
            let report = child.search(Algorithm::AlphaBeta, share, None).ok()?;
            Some(report.score)
        };
        allowed
            .iter()
            .min_by_key(|mv| score(mv).unwrap_or(i32::MAX))
            .cloned()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Limit, Player, Protocol, transcript};

    fn player() -> Player {
        Player::new("xiangqi", None, Some(Limit::Nodes(2000)), None).unwrap()
    }

    #[test]
    fn ucci_handshake_readiness_and_a_move_from_the_start() {
        let lines = transcript(
            &player(),
            Protocol::Ucci,
            "ucci\nisready\nposition startpos\ngo depth 1\nquit\n",
        );
        assert_eq!(lines[0], "id name arbiter-bot");
        assert!(lines.contains(&"option usemillisec type check default false".to_owned()));
        assert!(lines.contains(&"ucciok".to_owned()));
        assert!(lines.contains(&"readyok".to_owned()));
        let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
        assert_eq!(best.len(), "bestmove h2e2".len(), "{best}");
        assert_eq!(lines.last().unwrap(), "bye");
    }

    #[test]
    fn banned_moves_are_not_played_and_a_new_position_clears_them() {
        let go = "position startpos\ngo nodes 2000\n";
        let free = transcript(&player(), Protocol::Ucci, go);
        let best = free[0].strip_prefix("bestmove ").unwrap().to_owned();
        let banned = format!("position startpos\nbanmoves {best}\ngo nodes 2000\n{go}");
        let lines = transcript(&player(), Protocol::Ucci, &banned);
        assert_ne!(lines[0], free[0], "the banned move was played");
        assert!(lines[0].starts_with("bestmove "));
        assert_eq!(lines[1], free[0], "`position` clears the banned moves");
    }

    #[test]
    fn a_fen_with_moves_every_legal_move_banned_and_stop_while_idle() {
        // Red's general alone on e0 against black's on d9: two moves, d0 is refused (facing).
        let input = "position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 moves e0e1 d9d8\n\
                     banmoves e1e0 e1f1 e1e2 e1d1\ngo depth 2\nstop\n";
        let lines = transcript(&player(), Protocol::Ucci, input);
        assert_eq!(lines, ["nobestmove", "nobestmove"]);
    }

    #[test]
    fn uci_answers_uciok_reads_the_clock_and_says_no_bye() {
        let input = "uci\nposition startpos moves h2e2\ngo wtime 1000 btime 1000 movetime 50\n\
                     go infinite\nstop\nquit\n";
        let player = Player::new("xiangqi", None, Some(Limit::Depth(1)), None).unwrap();
        let lines = transcript(&player, Protocol::Uci, input);
        assert!(lines.contains(&"uciok".to_owned()));
        assert!(!lines.iter().any(|l| l.starts_with("option")));
        let moves: Vec<_> = lines
            .iter()
            .filter(|l| l.starts_with("bestmove "))
            .collect();
        assert_eq!(moves.len(), 2, "{lines:?}");
        assert_ne!(lines.last().unwrap(), "bye");
    }
}
