//! The `arbiter-bot` command line: an embedded engine as a process speaking a tournament protocol on stdin and
//! stdout (Botzone JSON or simplified I/O, one turn or keep-running; Gomocup/Piskvork; NBoard;
//! the CCGC platform; GTP; UCCI and UCI for xiangqi; Hub; arbiter-line), or DXP as a client of a
//! server on 127.0.0.1 (`--dxp-port`). Diagnostics go to stderr. See `docs/protocols.md`.
//!
//! Exit codes: 0 when the protocol ended normally, 2 for bad arguments or an input the bot cannot
//! play, 3 for the `crash-at:N` fault.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use crate::{Fault, Limit, Player, Protocol};
use clap::Parser;
use clap::builder::{PossibleValue, TypedValueParser};

/// An embedded arbiter engine as a tournament bot.
#[derive(Debug, Parser)]
#[command(name = "arbiter-bot", version, about)]
struct Args {
    /// The game: amazons, connect6, dotsboxes, draughts, einstein, go, gomoku, hex, nogo, othello, surakarta, tictactoe, xiangqi.
    #[arg(long)]
    game: String,
    /// The rule variant (default: Botzone's for the botzone protocols, freestyle for gomocup,
    /// else the engine's default).
    #[arg(long)]
    variant: Option<String>,
    /// The protocol spoken on stdin/stdout.
    #[arg(long, value_parser = protocol_names().try_map(|name| name.parse::<Protocol>()))]
    protocol: Protocol,
    /// Search this many nodes per move (deterministic).
    #[arg(long, conflicts_with = "depth")]
    nodes: Option<u64>,
    /// Search to this depth per move (deterministic).
    #[arg(long)]
    depth: Option<u32>,
    /// A deliberate fault (see docs/protocols.md): crash-at:N, segv-at:N, hang, garbage,
    /// illegal, forbidden, slow-start:MS, huge-output, wrong-pass, no-newline, slow:MS,
    /// message-flood, blank-flood, extra-line, error-lines, debug-move, no-about, error-for-unknown,
    /// exit-after-hello, garbage-outcome, memory:MB, setsid-grandchild, ignore-term,
    /// exit-leaving-grandchild, pv-garbage, bad-notation.
    #[arg(long)]
    fault: Option<Fault>,
    /// The search that chooses a move after the exact solver: alpha-beta (the default) or
    /// mcts (Go's).
    #[arg(long, value_parser = parse_algorithm)]
    algorithm: Option<arbiter_engine::Algorithm>,
    /// DXP: the port of the DXP server on 127.0.0.1 to connect to.
    #[arg(long)]
    dxp_port: Option<u16>,
    /// DXP: ask for a game (initiator) instead of waiting for a request (follower).
    #[arg(long)]
    dxp_initiator: bool,
    /// Search with this parameters file instead of the engine's shipped params.yaml.
    #[arg(long, value_name = "FILE")]
    params: Option<std::path::PathBuf>,
}

/// Every protocol's name with its summary: the possible values `--help` lists.
fn protocol_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        Protocol::ALL.map(|protocol| PossibleValue::new(protocol.name()).help(protocol.summary())),
    )
}

fn parse_algorithm(text: &str) -> Result<arbiter_engine::Algorithm, String> {
    match text.parse()? {
        arbiter_engine::Algorithm::Solve => {
            Err("`solve` runs before every move anyway: choose alpha-beta or mcts".to_owned())
        }
        algorithm => Ok(algorithm),
    }
}

/// The variant a protocol implies when none is given.
fn default_variant(game: &str, protocol: Protocol) -> Option<&'static str> {
    match (game, protocol) {
        ("gomoku", Protocol::ArbiterLine) => None,
        ("gomoku", _) => Some("freestyle"),
        ("amazons", Protocol::ArbiterLine | Protocol::Ccgc) => None,
        ("amazons", _) => Some("botzone8"),
        // The CCGC platform's rulings: a NoGo foul loses; Surakarta has no repetition or
        // no-capture rule (the platform's source, ifplusor/SAUGamePlatform: `CNoGo.cpp`,
        // `CSurakarta.cpp`; tongque0/gotack-examples `nogo/docs/不围棋项目规则.docx`).
        ("nogo", Protocol::Ccgc) => Some("foul-loses"),
        ("surakarta", Protocol::Ccgc) => Some("no-repetition+no-limit"),
        _ => None,
    }
}

/// Runs the bot on stdin and stdout as its arguments say; the binary's whole `main`.
#[must_use]
pub fn main() -> ExitCode {
    let args = Args::parse();
    let protocol = args.protocol;
    let limit = match (args.nodes, args.depth) {
        (Some(n), _) => Some(Limit::Nodes(n)),
        (None, Some(d)) => Some(Limit::Depth(d)),
        (None, None) => None,
    };
    let variant = args
        .variant
        .as_deref()
        .or_else(|| default_variant(&args.game, protocol));
    let player =
        Player::new(&args.game, variant, limit, args.fault).and_then(|player| match &args.params {
            None => Ok(player),
            Some(path) => std::fs::read_to_string(path)
                .map_err(|error| format!("{}: cannot read: {error}", path.display()))
                .and_then(|yaml| player.with_params(yaml)),
        });
    let player = match player {
        Ok(player) => match args.algorithm {
            Some(algorithm) => player.with_algorithm(algorithm),
            None => player,
        },
        Err(message) => {
            eprintln!("arbiter-bot: {message}");
            return ExitCode::from(2);
        }
    };
    crate::fault::at_start(args.fault);
    if let (Protocol::Dxp, Some(port)) = (protocol, args.dxp_port) {
        return match crate::dxp::run(&player, port, args.dxp_initiator) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("arbiter-bot: {error}");
                ExitCode::from(2)
            }
        };
    }
    let stdin = io::stdin();
    let mut input: Box<dyn BufRead> = Box::new(stdin.lock());
    let stdout = io::stdout();
    let mut output = stdout.lock();
    let result = crate::run(&player, protocol, &mut input, &mut output);
    let _ = output.flush();
    if args.fault == Some(Fault::IgnoreTerm) {
        eprintln!("arbiter-bot: fault ignore-term: the protocol ended, but not staying down");
        crate::fault::wait_forever();
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("arbiter-bot: {error}");
            ExitCode::from(2)
        }
    }
}
