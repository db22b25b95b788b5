//! `arbiter-bot` as a real process: a few turns under each protocol (answers checked legal with
//! the embedded rules), and each deliberate fault showing as itself.

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use arbiter_engine::{PositionRequest, find_engine};
use arbiter_protocol::botzone::{self, JsonLine, KEEP_RUNNING};
use arbiter_protocol::encoding::{gomoku_point_to_xy, gomoku_xy_to_point};
use arbiter_protocol::gomocup::{Command as GomocupCommand, EngineLine};
use arbiter_protocol::line::{LineAnswer, LineCommand};
use arbiter_protocol::{Coords, Decoded, Encoding};

/// How long a test waits for an answer that should come (generous: the machine is shared).
const PATIENCE: Duration = Duration::from_secs(30);

/// A running bot: its stdin, and its stdout as chunks from a reader thread.
struct Bot {
    child: Child,
    stdin: Option<ChildStdin>,
    chunks: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Bot {
    /// `arbiter-bot --game GAME --protocol PROTOCOL` with `more` arguments.
    fn spawn(game: &str, protocol: &str, more: &[&str]) -> Bot {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter-bot"))
            .args(["--game", game, "--protocol", protocol])
            .args(more)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("arbiter-bot starts");
        let mut stdout = child.stdout.take().unwrap();
        let (sender, chunks) = channel();
        std::thread::spawn(move || {
            let mut buffer = vec![0; 64 * 1024];
            while let Ok(n) = stdout.read(&mut buffer) {
                if n == 0 || sender.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Bot {
            stdin: child.stdin.take(),
            child,
            chunks,
            pending: Vec::new(),
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line (without its end), or `None` if none comes within `wait`.
    fn line_within(&mut self, wait: Duration) -> Option<String> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                let text = String::from_utf8_lossy(&line);
                return Some(text.trim_end_matches(['\n', '\r']).to_owned());
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(chunk) => self.pending.extend(chunk),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    fn line(&mut self) -> String {
        self.line_within(PATIENCE).expect("the bot answers")
    }

    /// Waits up to `wait` for the first bytes of output, line or not (a busy machine may take
    /// a while to start the bot); whether any came.
    fn output_within(&mut self, wait: Duration) -> bool {
        if self.pending.is_empty()
            && let Ok(chunk) = self.chunks.recv_timeout(wait)
        {
            self.pending.extend(chunk);
        }
        !self.pending.is_empty()
    }

    /// arbiter-bot playing `game` over arbiter-line, past its `hello`.
    fn spawn_line(game: &str) -> Bot {
        let mut bot = Bot::spawn(game, "arbiter-line", &[]);
        let hello = bot.ask("hello");
        assert!(
            matches!(hello, LineAnswer::Hello { version: 1, .. }),
            "{hello:?}"
        );
        bot
    }

    /// An arbiter-line command and its answer.
    fn ask(&mut self, command: &str) -> LineAnswer {
        self.send(&format!("{command}\n"));
        LineAnswer::parse(&self.line()).unwrap()
    }

    /// Sets an arbiter-line bot's position to the start and `moves`, which it must accept.
    fn position(&mut self, moves: &str) {
        let command = format!("position start moves {moves}");
        assert_eq!(self.ask(&command), LineAnswer::Ok, "{command}");
    }

    /// The refusal code an arbiter-line bot gives `mv` (`check`).
    fn refusal(&mut self, mv: &str) -> String {
        match self.ask(&format!("check {mv}")) {
            LineAnswer::Illegal(code) => code,
            other => panic!("{mv} is not refused: {other:?}"),
        }
    }

    /// The leaf count an arbiter-line bot gives for `perft` at `depth`.
    fn perft(&mut self, depth: u32) -> u64 {
        match self.ask(&format!("perft {depth}")) {
            LineAnswer::Perft { depth: d, nodes } if d == depth => nodes,
            other => panic!("no perft {depth}: {other:?}"),
        }
    }

    /// The best move an arbiter-line bot answers to `go` (a command from [`go`]), which must be
    /// one of `legal`.
    fn best_move(&mut self, go: &str, legal: &[String]) -> String {
        match self.ask(go) {
            LineAnswer::BestMove(Some(best)) => {
                assert!(legal.contains(&best.mv), "{} is not legal", best.mv);
                best.mv
            }
            other => panic!("no best move: {other:?}"),
        }
    }

    /// Ends the bot with `quit`; it must exit with success.
    fn quit(mut self) {
        self.send("quit\n");
        assert!(self.wait().success());
    }

    /// The legal moves an arbiter-line bot lists.
    fn legal(&mut self) -> Vec<String> {
        match self.ask("legal") {
            LineAnswer::Legal(legal) => legal,
            other => panic!("no legal list: {other:?}"),
        }
    }

    /// The move of a Botzone JSON answer line, in our notation (after `played`).
    fn json_move(&mut self, encoding: Encoding, played: &[String]) -> String {
        let output = botzone::parse_output(&self.line()).unwrap();
        decoded_move(
            encoding,
            &encoding.from_json(&output.response).unwrap(),
            played,
        )
    }

    /// A Botzone keep-running turn: reads the bot's answer and its marker, checks the move legal
    /// in `game`/`variant` after `played`, and sends a legal reply; both are added to `played`.
    fn keep_running_turn(&mut self, (game, variant): (&str, &str), played: &mut Vec<String>) {
        let encoding = Encoding::for_game(game, variant).unwrap();
        let mv = self.json_move(encoding, played);
        assert_eq!(self.line(), KEEP_RUNNING);
        assert!(legal_after(game, variant, played, &mv), "{mv}");
        played.push(mv);
        let reply = some_move(game, variant, played);
        let request = encoding.to_json(&encoding.encode(&reply).unwrap());
        played.push(reply);
        self.send(&(request.to_string() + "\n"));
    }

    fn wait(&mut self) -> std::process::ExitStatus {
        self.close_stdin();
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the bot does not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        // Hanging faults never exit on their own.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn moves(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// The move `coords` stand for after `played` (a pass or an exchange fails the test).
fn decoded_move(encoding: Encoding, coords: &Coords, played: &[String]) -> String {
    match encoding.decode(coords, played.len()) {
        Ok(Decoded::Move(mv)) => mv,
        other => panic!("not a move: {other:?}"),
    }
}

/// The arbiter-line `go` command under a node budget.
fn go(nodes: u64) -> String {
    LineCommand::Go(arbiter_protocol::line::GoLimit::Nodes(nodes)).to_line()
}

/// Whether `mv` is legal after `played` in `game`/`variant`.
fn legal_after(game: &str, variant: &str, played: &[String], mv: &str) -> bool {
    let engine = find_engine(game).unwrap();
    let request = PositionRequest {
        moves: played.to_vec(),
        ..PositionRequest::default()
    };
    let position = engine.position(variant, &request).unwrap();
    position.check(mv).unwrap().is_ok()
}

/// The first legal move after `played`.
fn some_move(game: &str, variant: &str, played: &[String]) -> String {
    let engine = find_engine(game).unwrap();
    let request = PositionRequest {
        moves: played.to_vec(),
        ..PositionRequest::default()
    };
    engine
        .position(variant, &request)
        .unwrap()
        .legal_moves()
        .unwrap()[0]
        .clone()
}

/// The JSON input of `player` to move after `played`, nothing stored.
fn json_input(encoding: Encoding, played: &[String], player: usize) -> botzone::Input {
    botzone::Input {
        turns: botzone::Turns::from_moves(encoding, played, player).unwrap(),
        ..botzone::Input::default()
    }
}

#[test]
fn botzone_json_one_turn_per_process() {
    let encoding = Encoding::Gomoku { size: 15 };
    let mut played = moves("h8");
    for _ in 0..2 {
        let player = played.len() % 2;
        let input = json_input(encoding, &played, player);
        let mut bot = Bot::spawn("gomoku", "botzone", &["--nodes", "300"]);
        bot.send(&(input.to_line() + "\n"));
        let mv = bot.json_move(encoding, &played);
        assert!(legal_after("gomoku", "freestyle", &played, &mv), "{mv}");
        assert!(bot.wait().success());
        played.push(mv);
        played.push(some_move("gomoku", "freestyle", &played));
    }
}

#[test]
fn botzone_keep_running_othello() {
    keep_running_game(("othello", "standard"), &["--nodes", "300"], 3);
}

/// Three turns of `game` in one keep-running process, from the start, the bot moving first.
fn keep_running_game(setting: (&str, &str), more: &[&str], turns: usize) -> Bot {
    let mut bot = Bot::spawn(setting.0, "botzone-keep-running", more);
    let encoding = Encoding::for_game(setting.0, setting.1).unwrap();
    let first = json_input(encoding, &[], 0);
    bot.send(&(first.to_line() + "\n"));
    let mut played = Vec::new();
    for _ in 0..turns {
        bot.keep_running_turn(setting, &mut played);
    }
    bot
}

#[test]
fn botzone_simple_amazons() {
    let encoding = Encoding::Amazons { size: 8 };
    let played = vec![some_move("amazons", "botzone8", &[])];
    let input = botzone::SimpleInput {
        turns: botzone::Turns::from_moves(encoding, &played, 1).unwrap(),
        ..botzone::SimpleInput::default()
    };
    let mut bot = Bot::spawn("amazons", "botzone-simple", &["--nodes", "300"]);
    bot.send(&input.to_text());
    let mv = decoded_move(
        encoding,
        &encoding.from_simple(&bot.line()).unwrap(),
        &played,
    );
    assert!(legal_after("amazons", "botzone8", &played, &mv), "{mv}");
    assert!(bot.wait().success());
}

#[test]
fn gomocup_renju_game() {
    let mut bot = Bot::spawn("gomoku", "gomocup", &["--nodes", "300"]);
    let send = |bot: &mut Bot, command: GomocupCommand| bot.send(&command.to_wire());
    send(&mut bot, GomocupCommand::Start(15));
    assert_eq!(EngineLine::parse(&bot.line()), Ok(EngineLine::Ok));
    send(
        &mut bot,
        GomocupCommand::Info {
            key: "rule".into(),
            value: "4".into(),
        },
    );
    send(&mut bot, GomocupCommand::Begin);
    let mut played: Vec<String> = Vec::new();
    for _ in 0..3 {
        let Ok(EngineLine::Move(x, y)) = EngineLine::parse(&bot.line()) else {
            panic!("not a move");
        };
        let mv = gomoku_xy_to_point(x, y, 15).unwrap();
        assert!(legal_after("gomoku", "renju", &played, &mv), "{mv}");
        played.push(mv);
        let reply = some_move("gomoku", "renju", &played);
        let (x, y) = gomoku_point_to_xy(&reply, 15).unwrap();
        played.push(reply);
        send(&mut bot, GomocupCommand::Turn(x, y));
    }
    assert!(matches!(
        EngineLine::parse(&bot.line()),
        Ok(EngineLine::Move(..))
    ));
    send(&mut bot, GomocupCommand::Restart);
    assert_eq!(EngineLine::parse(&bot.line()), Ok(EngineLine::Ok));
    send(&mut bot, GomocupCommand::End);
    assert!(bot.wait().success());
}

#[test]
fn arbiter_line_session() {
    let mut bot = Bot::spawn_line("gomoku");
    assert_eq!(
        bot.ask("position start moves h8 h8"),
        LineAnswer::IllegalMove {
            index: 2,
            mv: "h8".into(),
            code: "occupied".into(),
        }
    );
    bot.position("h8 i9");
    let legal = bot.legal();
    assert_eq!(legal.len(), 223);
    assert_eq!(bot.refusal("h8"), "occupied");
    assert!(matches!(bot.ask("forbidden"), LineAnswer::Forbidden(_)));
    assert_eq!(bot.perft(1), 223);
    bot.best_move(&go(300), &legal);
    bot.quit();
}

/// NBoard as the protocol page's example session runs it, then a game of several turns in one
/// process, each position a whole `set game` and a `ping`, as the NBoard GUI sends them.
#[test]
fn nboard_game() {
    use arbiter_protocol::nboard::{GgfGame, Reply};
    let mut bot = Bot::spawn("othello", "nboard", &["--nodes", "300"]);
    bot.send("nboard 2\nset depth 6\n");
    assert_eq!(bot.line(), "set myname arbiter-bot");
    let mut played: Vec<String> = Vec::new();
    for turn in 1..=4 {
        bot.send(&format!(
            "set game {}\nping {turn}\ngo\n",
            GgfGame::from_start(&played)
        ));
        // The `status` after the last move comes first; nothing else may.
        loop {
            match Reply::parse(&bot.line()).unwrap() {
                Reply::Pong(n) if n == turn => break,
                Reply::Information(_) => {}
                other => panic!("{other:?} before pong {turn}"),
            }
        }
        let mv = loop {
            match Reply::parse(&bot.line()).unwrap() {
                Reply::Move(mv) => break mv,
                Reply::Information(_) => {}
                Reply::Pong(n) => panic!("a stray pong {n}"),
            }
        };
        assert!(legal_after("othello", "standard", &played, &mv), "{mv}");
        played.push(mv);
        played.push(some_move("othello", "standard", &played));
    }
    bot.quit();
}

#[test]
fn botzone_keep_running_nogo() {
    // Botzone's NoGo: {x, y} with y down from the top, black (player 0) first.
    keep_running_game(("nogo", "standard"), &["--nodes", "300"], 3);
}

#[test]
fn arbiter_line_dots_and_boxes() {
    // A turn is one token: the lines joined by `+`. Box a1 has three sides after the first
    // three lines, so white's turn must take it and draw again.
    let mut bot = Bot::spawn_line("dotsboxes");
    bot.position("a1b1 a2b2 a1a2");
    assert_eq!(bot.refusal("b1b2"), "must-move-again");
    assert_eq!(bot.ask("check b1b2+c3d3"), LineAnswer::Ok);
    let legal = bot.legal();
    // Decline with one of the 56 lines that complete nothing, or take the box and end with one
    // of the 56.
    assert_eq!(legal.len(), 112);
    assert_eq!(bot.perft(1), 112);
    let best = bot.best_move(&go(300), &legal);
    assert!(best.starts_with("b1b2+"), "the free box is taken: {best}");
    bot.quit();
}

/// Starts an Othello keep-running bot with a fault and sends black's first request.
fn faulty_othello(fault: &str) -> Bot {
    keep_running_game(
        ("othello", "standard"),
        &["--nodes", "200", "--fault", fault],
        0,
    )
}

/// The first answer line of a faulty Othello bot, decoded as Black's first move.
fn first_othello_answer(fault: &str) -> botzone::Output {
    botzone::parse_output(&faulty_othello(fault).line()).unwrap()
}

#[test]
fn fault_crash_at_second_move() {
    let mut bot = faulty_othello("crash-at:2");
    bot.keep_running_turn(("othello", "standard"), &mut Vec::new());
    assert_eq!(bot.line_within(PATIENCE), None);
    assert_eq!(bot.wait().code(), Some(3));
}

#[test]
fn fault_segv() {
    let mut bot = faulty_othello("segv-at:1");
    assert_eq!(bot.line_within(PATIENCE), None);
    assert_eq!(bot.wait().signal(), Some(libc::SIGSEGV));
}

#[test]
fn fault_hang() {
    let mut bot = faulty_othello("hang");
    assert_eq!(bot.line_within(Duration::from_millis(300)), None);
    assert!(bot.child.try_wait().unwrap().is_none(), "still running");
}

#[test]
fn fault_no_newline() {
    let mut bot = faulty_othello("no-newline");
    assert!(bot.output_within(PATIENCE), "the bot wrote nothing");
    assert_eq!(bot.line_within(Duration::from_millis(500)), None);
    // The answer came, unterminated.
    let text = String::from_utf8_lossy(&bot.pending).to_string();
    assert!(botzone::parse_output(&text).is_ok(), "{text:?}");
    assert!(bot.child.try_wait().unwrap().is_none(), "still running");
}

#[test]
fn fault_garbage() {
    let mut bot = faulty_othello("garbage");
    let line = bot.line();
    assert!(botzone::parse_output(&line).is_err(), "{line}");
}

#[test]
fn fault_huge_output() {
    let mut bot = faulty_othello("huge-output");
    assert!(bot.line().len() >= 2 * 1024 * 1024);
}

#[test]
fn fault_slow_start() {
    let start = Instant::now();
    let output = first_othello_answer("slow-start:300");
    // A lower bound only: the bot slept at least this long before answering.
    assert!(start.elapsed() >= Duration::from_millis(300));
    assert!(Encoding::Reversi.from_json(&output.response).is_ok());
}

#[test]
fn fault_illegal() {
    let output = first_othello_answer("illegal");
    let coords = Encoding::Reversi.from_json(&output.response).unwrap();
    let mv = decoded_move(Encoding::Reversi, &coords, &[]);
    assert!(!legal_after("othello", "standard", &[], &mv), "{mv}");
}

#[test]
fn fault_wrong_pass() {
    let output = first_othello_answer("wrong-pass");
    let coords = Encoding::Reversi.from_json(&output.response).unwrap();
    assert!(coords.is_all_minus_one());
    assert!(!legal_after("othello", "standard", &[], "pass"));
}

#[test]
fn fault_forbidden() {
    // Black (player 0) to move; h8 would make two open threes (row 8 and column h).
    let played = moves("f8 a1 g8 a2 h6 a3 h7 a4");
    let encoding = Encoding::Gomoku { size: 15 };
    let input = json_input(encoding, &played, 0);
    let mut bot = Bot::spawn(
        "gomoku",
        "botzone",
        &[
            "--variant",
            "renju",
            "--nodes",
            "200",
            "--fault",
            "forbidden",
        ],
    );
    bot.send(&(input.to_line() + "\n"));
    assert_eq!(bot.json_move(encoding, &played), "h8");
}

#[test]
fn fault_illegal_under_gomocup_is_off_board() {
    let mut bot = Bot::spawn(
        "gomoku",
        "gomocup",
        &["--nodes", "200", "--fault", "illegal"],
    );
    bot.send("START 15\r\nBEGIN\r\n");
    assert_eq!(EngineLine::parse(&bot.line()), Ok(EngineLine::Ok));
    assert_eq!(EngineLine::parse(&bot.line()), Ok(EngineLine::Move(15, 15)));
}

#[test]
fn arbiter_line_einstein_with_the_die_as_moves() {
    // The referee plays the rolls; the bot answers a step after a roll and no move before one.
    let mut bot = Bot::spawn_line("einstein");
    bot.position("layout-123456 layout-654321");
    assert_eq!(bot.legal().len(), 6, "the six rolls");
    assert_eq!(bot.refusal("a1-b1"), "roll-expected");
    assert_eq!(bot.ask(&go(300)), LineAnswer::BestMove(None));
    bot.position("layout-123456 layout-654321 roll-4");
    // Red's 4 stands on a2: right (its own 5 on b2), down (its own 6 on a3) or down-right.
    let legal = bot.legal();
    assert_eq!(legal.len(), 3);
    assert_eq!(bot.refusal("b1-c1"), "wrong-piece");
    bot.best_move(&go(2000), &legal);
}
