//! `cargo xtask fuzz TARGET --seconds N`: a mutation fuzzer that runs on the stable toolchain.
//!
//! cargo-fuzz needs nightly, which this project cannot assume; this is the fallback the issue
//! allows: every target is a function of arbitrary bytes that must neither panic, nor hang, nor
//! ask for a huge allocation, and the fuzzer feeds it mutations of a seed corpus (the shipped
//! specs, suites and bad-input corpus for the loaders; protocol lines for the codecs) for a time
//! budget. It has no coverage feedback, so it finds shallow faults quickly and deep ones
//! slowly: a run says how many inputs it tried.
//!
//! A finding is written to `target/fuzz/<target>/` (`panic-<hash>`, `hang-<hash>`,
//! `alloc-<hash>`) and the command exits 1. An input still running after [`HANG_SECONDS`] is
//! a hang (the process then exits, since a thread cannot be stopped); a single allocation
//! above [`ALLOC_LIMIT`] is written out and aborts the process (an allocator cannot unwind).

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use arbiter_engine::{Position, PositionRequest, RulesEngine, embedded_engines};
use arbiter_protocol::botzone::JsonLine;
use arbiter_protocol::{Encoding, botzone, ccgc, dxp, gomocup, gtp, hub, line, nboard, ucci};
use arbiter_search::SplitMix64;
use clap::{Args, ValueEnum};

use crate::Status;

/// An input that runs longer than this is a hang.
pub const HANG_SECONDS: u64 = 10;
/// A single allocation above this is a fault (no input here needs a tenth of it).
pub const ALLOC_LIMIT: usize = 1 << 30;
/// Inputs are kept below this size.
const MAX_INPUT: usize = 64 * 1024;

#[derive(Args, Debug)]
pub struct FuzzArgs {
    /// What to fuzz.
    #[arg(value_enum)]
    pub target: Target,
    /// How long to run.
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
    /// The random seed (a run is reproducible up to timing).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The fuzz targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// The spec loader (YAML, load-time checks).
    SpecLoader,
    /// The suite loader (YAML).
    SuiteLoader,
    /// The `.obf` suite reader.
    Obf,
    /// Every game's one-line position form, move lists and move notation.
    Notation,
    /// Botzone JSON input and output, the simplified line form, and every game's encoding.
    Botzone,
    /// Gomocup commands (with BOARD blocks) and answers.
    Gomocup,
    /// arbiter-line commands and answers.
    ArbiterLine,
    /// NBoard commands (with GGF games), engine lines and moves.
    Nboard,
    /// CCGC platform commands, engine output as the platform reads it, and every platform
    /// game's move lists, both directions.
    Ccgc,
    /// GTP and HTP commands, typed requests, responses, vertices and moves (Go and Hex).
    Gtp,
    /// UCCI and UCI commands and engine replies, in each dialect.
    Ucci,
    /// Hub commands, answers, moves and positions (draughts).
    Hub,
    /// DXP messages, whole and as a byte stream cut into frames.
    Dxp,
}

impl Target {
    /// The command-line spelling (clap's kebab-case of the variant), also the corpus folder.
    fn name(self) -> String {
        let value = self.to_possible_value().expect("every target is a value");
        value.get_name().to_owned()
    }
}

// The allocation guard: the input being run, so that an allocator about to abort can write it.
static GUARD_ON: AtomicBool = AtomicBool::new(false);
static CURRENT_PTR: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static CURRENT_LEN: AtomicUsize = AtomicUsize::new(0);
/// A NUL-terminated path for the allocation finding, leaked once at start.
static ALLOC_PATH: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

/// The system allocator, with a size check while a fuzz input runs.
pub struct GuardedAlloc;

unsafe impl GlobalAlloc for GuardedAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > ALLOC_LIMIT && GUARD_ON.load(Ordering::Relaxed) {
            write_alloc_finding();
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, that is from the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > ALLOC_LIMIT && GUARD_ON.load(Ordering::Relaxed) {
            write_alloc_finding();
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Writes the current input to the allocation finding's path and aborts, allocating nothing.
fn write_alloc_finding() {
    GUARD_ON.store(false, Ordering::Relaxed);
    let path = ALLOC_PATH.load(Ordering::Relaxed);
    let (data, len) = (
        CURRENT_PTR.load(Ordering::Relaxed),
        CURRENT_LEN.load(Ordering::Relaxed),
    );
    if !path.is_null() && !data.is_null() {
        // SAFETY: `path` is a leaked NUL-terminated string; `data..data+len` is the input the
        // fuzz loop keeps alive while it runs.
        unsafe {
            let fd = libc::open(path, libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC, 0o644);
            if fd >= 0 {
                libc::write(fd, data.cast(), len);
                libc::close(fd);
            }
        }
    }
    const MESSAGE: &[u8] = b"fuzz: an allocation above the limit; the input is in alloc-current\n";
    // SAFETY: writing a static buffer to stderr.
    unsafe {
        libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
        libc::abort();
    }
}

/// Runs one target for the budget.
///
/// # Errors
/// The findings folder or a seed file cannot be read or written.
pub fn run(args: &FuzzArgs) -> Result<Status> {
    let root = crate::workspace_root();
    let out = findings_dir(root, args.target)?;
    let corpus = seeds(root, args.target)?;
    let dictionary = dictionary(&corpus);
    let engines = embedded_engines();
    let mut rng = SplitMix64::new(args.seed);
    let started = Instant::now();
    let budget = Duration::from_secs(args.seconds);
    let watch = Watch::start(&out);

    std::panic::set_hook(Box::new(|_| {}));
    let mut tried = Tried {
        runs: 0,
        panics: 0,
        slowest: (Duration::ZERO, Vec::new()),
    };
    while started.elapsed() < budget {
        let input = mutate(&corpus, &dictionary, &mut rng);
        let (took, panicked) = watch.run_one(args.target, &input, &engines);
        if took > tried.slowest.0 {
            tried.slowest = (took, input.clone());
        }
        tried.runs += 1;
        if panicked {
            tried.panics += 1;
            let path = out.join(format!("panic-{:016x}", hash(&input)));
            std::fs::write(&path, &input)?;
            eprintln!("fuzz: a panic; the input is {}", path.display());
        }
    }
    let _ = std::panic::take_hook();
    tried.print(args.target, started, corpus.len());
    Ok(if tried.panics == 0 {
        Status::Ok
    } else {
        Status::Failures
    })
}

/// The target's findings folder, made, with the path the allocation guard writes to set.
fn findings_dir(root: &Path, target: Target) -> Result<PathBuf> {
    let out = root.join("target/fuzz").join(target.name());
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let alloc_path = std::ffi::CString::new(out.join("alloc-current").to_string_lossy().as_ref())?;
    ALLOC_PATH.store(alloc_path.into_raw(), Ordering::Relaxed);
    Ok(out)
}

/// What the watchdog thread sees: since when the current input runs (0: none), and the input.
struct Watch {
    running_since: std::sync::Arc<AtomicU64>,
    current: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

impl Watch {
    /// Starts the watchdog: an input that runs past [`HANG_SECONDS`] is written to `out` and
    /// ends the run.
    fn start(out: &Path) -> Watch {
        let running_since = std::sync::Arc::new(AtomicU64::new(0));
        let current = std::sync::Arc::new(std::sync::Mutex::new(Vec::<u8>::new()));
        {
            let (running_since, current, out) =
                (running_since.clone(), current.clone(), out.to_owned());
            std::thread::spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_millis(500));
                    let since = running_since.load(Ordering::Relaxed);
                    if since != 0 && now_ms().saturating_sub(since) > HANG_SECONDS * 1000 {
                        let input = current
                            .lock()
                            .map(|input| input.clone())
                            .unwrap_or_default();
                        let path = out.join(format!("hang-{:016x}", hash(&input)));
                        let _ = std::fs::write(&path, &input);
                        eprintln!(
                            "fuzz: an input ran over {HANG_SECONDS} s: {}",
                            path.display()
                        );
                        std::process::exit(1);
                    }
                }
            });
        }
        Watch {
            running_since,
            current,
        }
    }

    /// Runs the target on one input under the watchdog and the allocation guard: how long it
    /// took, and whether it panicked.
    fn run_one(
        &self,
        target: Target,
        input: &[u8],
        engines: &[Box<dyn RulesEngine>],
    ) -> (Duration, bool) {
        if let Ok(mut kept) = self.current.lock() {
            kept.clear();
            kept.extend_from_slice(input);
        }
        CURRENT_PTR.store(input.as_ptr().cast_mut(), Ordering::Relaxed);
        CURRENT_LEN.store(input.len(), Ordering::Relaxed);
        self.running_since.store(now_ms(), Ordering::Relaxed);
        let one = Instant::now();
        GUARD_ON.store(true, Ordering::Relaxed);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run_target(target, input, engines);
        }));
        GUARD_ON.store(false, Ordering::Relaxed);
        self.running_since.store(0, Ordering::Relaxed);
        (one.elapsed(), result.is_err())
    }
}

/// What a run tried: inputs, panics, and the slowest input with its time.
struct Tried {
    runs: u64,
    panics: u64,
    slowest: (Duration, Vec<u8>),
}

impl Tried {
    /// The run's summary line.
    fn print(&self, target: Target, started: Instant, seeds: usize) {
        let Tried {
            runs,
            panics,
            ref slowest,
        } = *self;
        println!(
            "{}: {runs} inputs in {:.0} s ({:.0}/s) from {} seeds; {panics} panic(s), no hang over \
             {HANG_SECONDS} s, no allocation over {} MiB; slowest input {:.1} ms ({} bytes)",
            target.name(),
            started.elapsed().as_secs_f64(),
            runs as f64 / started.elapsed().as_secs_f64(),
            seeds,
            ALLOC_LIMIT >> 20,
            slowest.0.as_secs_f64() * 1000.0,
            slowest.1.len()
        );
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
        .max(1)
}

fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// One input through one target; errors are the expected answer, a panic is the finding.
fn run_target(target: Target, input: &[u8], engines: &[Box<dyn RulesEngine>]) {
    let text = String::from_utf8_lossy(input);
    match target {
        Target::SpecLoader => {
            let _ = arbiter_runner::spec::load_str(Path::new("fuzz.yaml"), &text, engines);
        }
        Target::SuiteLoader => {
            let _ = arbiter_runner::suite::load_suite_str(
                Path::new("fuzz.yaml"),
                text.into_owned(),
                engines,
            );
        }
        Target::Obf => {
            let _ = arbiter_runner::suite::load_suite_str(
                Path::new("fuzz.obf"),
                text.into_owned(),
                engines,
            );
        }
        Target::Notation => notation(&text, engines),
        Target::Botzone => botzone_codec(&text, engines),
        Target::Gomocup => {
            let mut reader = gomocup::CommandReader::new();
            for line in text.lines() {
                let _ = reader.feed(line);
                if let Ok(answer) = gomocup::EngineLine::parse(line) {
                    // Both directions: what is written reads back as a line of its own.
                    let _ = gomocup::EngineLine::parse(&answer.to_line());
                }
                let _ = gomocup::parse_board_line(line);
                let _ = gomocup::parse_xy(line);
            }
        }
        Target::ArbiterLine => {
            for line in text.lines() {
                let _ = line::LineCommand::parse(line);
                if let Ok(answer) = line::LineAnswer::parse(line) {
                    let _ = line::LineAnswer::parse(&answer.to_string());
                }
            }
        }
        Target::Nboard => nboard_codec(&text),
        Target::Ccgc => ccgc_codec(&text, engines),
        Target::Gtp => gtp_codec(&text),
        Target::Ucci => ucci_codec(&text),
        Target::Hub => hub_codec(&text),
        Target::Dxp => dxp_codec(input),
    }
}

/// GTP commands (with ids and comments), their typed requests on a 9×9, 19×19 and Hex 11×11
/// board and the command they write, responses read line by line, and each word as a vertex
/// and a move in both dialects; what reads is written and read again.
fn gtp_codec(text: &str) {
    let mut responses = gtp::ResponseReader::default();
    for line in text.lines() {
        if let Ok(Some(command)) = gtp::parse_command(line) {
            let _ = gtp::parse_command(&command.format());
            for (dialect, size) in [(gtp::GTP, 9), (gtp::GTP, 19), (gtp::HTP, 11)] {
                if let Ok(Some(request)) = gtp::Request::parse(&command, dialect, size) {
                    let written = request.to_command(command.id, dialect);
                    let _ = gtp::Request::parse(&written, dialect, size);
                }
            }
        }
        if let Ok(Some(response)) = responses.feed(line) {
            let _ = response.format();
        }
        let _ = gtp::parse_score(line);
        for word in line.split_whitespace().take(16) {
            for (dialect, size) in [(gtp::GTP, 19), (gtp::HTP, 19)] {
                if let Ok(mv) = dialect.parse_move(word, size) {
                    let _ = dialect.parse_move(&dialect.format_move(mv), size);
                }
                let _ = dialect.parse_vertices(line, size);
            }
        }
    }
}

/// UCCI and UCI commands and replies in each dialect, and what reads written again.
fn ucci_codec(text: &str) {
    for line in text.lines() {
        for dialect in [
            ucci::Dialect::Ucci,
            ucci::Dialect::Uci,
            ucci::Dialect::UciRanksFromOne,
        ] {
            if let Ok(command) = ucci::Command::parse(dialect, line) {
                let _ = ucci::Command::parse(dialect, &command.format(dialect));
            }
            if let Ok(reply) = ucci::Reply::parse(dialect, line) {
                let _ = ucci::Reply::parse(dialect, &reply.format(dialect));
            }
        }
    }
}

/// Hub lines, commands, answers, moves and positions, and what reads written again.
fn hub_codec(text: &str) {
    for line in text.lines() {
        if let Ok(parsed) = hub::Line::parse(line) {
            let _ = hub::Line::parse(&parsed.to_string());
        }
        if let Ok(command) = hub::Command::parse(line) {
            let _ = hub::Command::parse(&command.to_line().to_string());
        }
        if let Ok(answer) = hub::Answer::parse(line) {
            let _ = hub::Answer::parse(&answer.to_line().to_string());
        }
        for word in line.split_whitespace().take(16) {
            if let Ok(mv) = hub::HubMove::parse(word) {
                let _ = hub::HubMove::parse(&mv.to_string());
            }
            if let Ok(position) = hub::HubPosition::parse(word) {
                let _ = hub::HubPosition::parse(&position.to_string());
            }
        }
    }
}

/// DXP: the bytes as a stream of NUL-ended frames (as they come off a socket, in pieces),
/// each frame and each line as a message, and what reads written again.
fn dxp_codec(bytes: &[u8]) {
    let mut frames = dxp::Frames::default();
    for piece in bytes.chunks(7) {
        frames.push(piece);
        while let Some(message) = frames.next_message() {
            if let Ok(message) = message {
                let _ = dxp::Message::parse(&message.to_string());
            }
        }
    }
    for line in String::from_utf8_lossy(bytes).lines() {
        if let Ok(message) = dxp::Message::parse(line) {
            let _ = dxp::Message::parse(&message.to_string());
        }
    }
}

/// CCGC commands, what reads written again, the platform's reading of engine output, and each
/// line as a move list of every platform game (a list read back must encode and read again
/// to the same move, and a move the rules accept must encode).
fn ccgc_codec(text: &str, engines: &[Box<dyn RulesEngine>]) {
    let games: Vec<(ccgc::CcgcGame, Box<dyn Position>)> = engines
        .iter()
        .filter(|engine| ccgc::GAMES.contains(&engine.game()))
        .filter_map(|engine| {
            let variant = engine.default_variant();
            let game = ccgc::CcgcGame::for_game(engine.game(), &variant).ok()?;
            let start = engine
                .position(&variant, &PositionRequest::default())
                .ok()?;
            Some((game, start))
        })
        .collect();
    for line in text.lines() {
        if let Ok(command) = ccgc::Command::parse(line) {
            let _ = ccgc::Command::parse(&command.to_string());
        }
        for keyword in ["move", "name"] {
            if let Some(argument) = ccgc::find_keyword(line, keyword) {
                for (game, start) in &games {
                    if let Ok(ccgc::Read::Move(mv)) = game.decode(argument)
                        && let Ok(canonical) = start.canonical(&mv)
                        && let Ok(list) = game.encode(&canonical)
                    {
                        let _ = game.decode(&list);
                    }
                }
            }
        }
        for (game, start) in &games {
            if let Ok(list) = game.encode(line) {
                let _ = game.decode(&list);
            }
            let _ = start.check(line);
        }
    }
}

/// NBoard commands and engine lines, and what reads written again; each line also as a GGF
/// game, a one-line board and a move.
fn nboard_codec(text: &str) {
    for line in text.lines() {
        if let Ok(command) = nboard::Command::parse(line) {
            let _ = nboard::Command::parse(&command.to_string());
        }
        if let Ok(reply) = nboard::Reply::parse(line) {
            let _ = nboard::Reply::parse(&reply.to_string());
        }
        if let Ok(game) = nboard::GgfGame::parse(line) {
            let _ = nboard::GgfGame::parse(&game.to_string());
            let _ = game.start_text();
        }
        if let Ok(game) = nboard::GgfGame::from_text(line) {
            let _ = nboard::GgfGame::parse(&game.to_string());
        }
        if let Ok(mv) = nboard::parse_move(line) {
            let _ = nboard::parse_move(&nboard::format_move(&mv));
        }
    }
}

/// The text as a position of every game (one-line form and move list), then each word as a
/// move there.
fn notation(text: &str, engines: &[Box<dyn RulesEngine>]) {
    let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    for engine in engines {
        let variant = engine.default_variant();
        let requests = [
            PositionRequest {
                text: Some(text.trim().to_owned()),
                ..PositionRequest::default()
            },
            PositionRequest {
                moves: words.iter().take(64).cloned().collect(),
                ..PositionRequest::default()
            },
        ];
        for request in requests {
            if let Ok(position) = engine.position(&variant, &request) {
                for word in words.iter().take(16) {
                    let _ = position.check(word);
                }
                let _ = position.legal_moves();
                let _ = position.outcome();
            }
        }
    }
}

/// Botzone's JSON input, output and simplified lines, decoded for every game with an encoding,
/// and what decodes encoded again.
fn botzone_codec(text: &str, engines: &[Box<dyn RulesEngine>]) {
    let encodings: Vec<Encoding> = engines
        .iter()
        .filter_map(|engine| Encoding::for_game(engine.game(), &engine.default_variant()).ok())
        .collect();
    if let Ok(input) = botzone::parse_input(text) {
        for &encoding in &encodings {
            if let Ok(history) = input.turns.history(encoding) {
                let _ = history;
            }
        }
        let _ = botzone::parse_input(&input.to_line());
    }
    for line in text.lines() {
        let _ = botzone::parse_turn(line);
        let _ = botzone::parse_output(line);
        let _ = botzone::read_output(line);
        for &encoding in &encodings {
            let _ = encoding.from_simple(line);
        }
    }
    let lines: Vec<&str> = text.lines().take(256).collect();
    if let Ok(simple) = botzone::parse_simple_input(&lines) {
        for &encoding in &encodings {
            let _ = simple.turns.history(encoding);
        }
        let text = simple.to_text();
        let _ = botzone::parse_simple_input(&text.lines().collect::<Vec<_>>());
    }
}

/// The seed corpus of a target: the shipped files for a loader, protocol lines for a codec.
fn seeds(root: &Path, target: Target) -> Result<Vec<Vec<u8>>> {
    let lines = |texts: &[&str]| texts.iter().map(|t| t.as_bytes().to_vec()).collect();
    Ok(match target {
        Target::SpecLoader => seed_files(root, &["specs", "tests/bad-specs"], "yaml")?,
        Target::SuiteLoader => seed_files(root, &["suites", "tests/bad-suites"], "yaml")?,
        Target::Obf => seed_files(root, &["suites", "tests/bad-suites"], "obf")?,
        Target::Notation => lines(&[
            "f5 d6 c3 d3 c4",
            "---------------------------OX------XO--------------------------- X",
            "h8 i9 h9 j10",
            "d1-d7/g7 g10-g4/c8",
            "a1 b2 c3 pass",
            "roll-4 b2-c3",
            "1O/X1 black",
        ]),
        Target::Botzone => lines(&[
            r#"{"requests":[{"x":-1,"y":-1}],"responses":[]}"#,
            r#"{"requests":[{"x":2,"y":3},{"x":4,"y":5}],"responses":[{"x":3,"y":3}],"data":"x"}"#,
            r#"{"response":{"x":7,"y":7},"debug":{"depth":3},"data":5}"#,
            r#"{"requests":[{"x0":-1,"y0":-1,"x1":-1,"y1":-1,"x2":-1,"y2":-1}],"responses":[]}"#,
            "1\n-1 -1\n",
            "2\n3 4\n5 5\n6 6\n",
        ]),
        Target::Gomocup => lines(&[
            "START 15\nINFO rule 4\nBEGIN\nTURN 7,7\nBOARD\n7,7,1\n8,8,2\nDONE\nEND",
            "7,7\nMESSAGE hello\nDEBUG x\nERROR no\nOK\nUNKNOWN\nSWAP",
            "name=\"x\", version=\"1\", author=\"y\"",
            "SWAP2BOARD\n7,7\n8,8\n9,9\nDONE\nRESTART\nTAKEBACK 7,7",
        ]),
        Target::ArbiterLine => lines(&[
            "hello arbiter-line 1\nposition startpos moves f5 d6\ngo nodes 1000\nlegal\noutcome",
            "bestmove f5 score 12\nlegal a1 b2\nillegal occupied\noutcome winner black line",
            "outcome draw repetition score 0 0\nerror unsupported\nok\nforbidden h8 double-three",
        ]),
        Target::Ccgc => lines(&[
            "name?\nnew black\nnew white\nmove JJ@@\nmove IIKK\nerror\nend\nend white\nquit",
            "name arbiter-bot\nmove AGIGEG\nmove ABAC\nmove EE\nmove 2 BBAACC\nmove 1 AAA",
            "debug: best move so far\tmove JJ@@\0junk\nmove pass\nremove AB\n\0new black\r",
            "j10\ni11-k9\na4-i4/e4\na2a3\nb2xe5\ne5\nb1b2+c3d3\na1b1",
        ]),
        Target::Gtp => lines(&[
            "1 protocol_version\nname\nlist_commands\nboardsize 19\nclear_board\nkomi 7.5\n3 play black Q16\ngenmove w\nquit",
            "time_settings 300 30 5\ntime_left black 120 3\nkgs-time_settings byoyomi 600 30 5\nfinal_status_list dead\nplace_free_handicap 4\nset_free_handicap D4 Q16",
            "= Q16\n\n?2 illegal move\n\n= \nD4 Q16\nK10\n\n= B+7.5\n\n= resign\n\n",
            "boardsize 11\nplay b a1\ngenmove w\nplay w swap-pieces\nparam_game allow_swap 1\n= k11\n\n",
        ]),
        Target::Ucci => lines(&[
            "ucci\nsetoption usebook false\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7\nbanmoves b0c2\ngo time 20000 increment 0\nstop\nquit",
            "id name x\nucciok\nreadyok\ninfo depth 8 score 31 pv h2e2 h9g7\nbestmove h2e2 ponder h9g7\nnobestmove\nbestmove resign",
            "uci\nisready\nucinewgame\nposition startpos moves h3e3\ngo wtime 60000 btime 60000 movestogo 40\nuciok\ninfo score mate -3\nbestmove (none)",
        ]),
        Target::Hub => lines(&[
            "hub\nid name=Scan version=3.1\nparam name=variant value=normal type=enum values=\"normal killer bt frisian losing\"\nwait\ninit\nready",
            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23 28x19\"\nlevel depth=10\ngo think\nping\npong\nstop\nquit",
            "done move=32-28 ponder=19-23\ninfo depth=12 score=0.1 pv=\"32-28 19-23\"\nerror message=\"bad\"\nnew-game\nset-param name=book value=false\nlevel move-time=1.0",
            "32x23x14 19x28 1-7 46-41",
        ]),
        Target::Dxp => lines(&[
            "R01Scan                            W003060\u{0}A0Scan                            1\u{0}",
            "M00120032280000\u{0}M003100192801225\u{0}E00\u{0}B0010W\u{0}K1\u{0}C\u{0}",
            "E21\u{0}B0021Z\u{0}R01arbiter-bot                     Z003060\u{0}",
        ]),
        Target::Nboard => lines(&[
            "nboard 2\nset depth 8\nset contempt 0\nping 1\ngo\nhint 3\nlearn\nquit",
            "set game (;GM[Othello]PC[NBoard]PB[arbiter]PW[engine]RE[?]TI[5:00]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[D6/-1.5/0.2]B[PA];)",
            "move F5/0.5/1.2\nmove PA\nmove c4",
            "=== F5/12.0/0.4\n=== D6 -3 0.1\npong 1\nstatus thinking\nsearch F5 1.0 0 2\nnodestats 100 0.1\nset myname X",
            "---------------------------OX------XO--------------------------- X",
        ]),
    })
}

/// The files under `dirs` (below `root`) whose names end in `.extension`, in name order.
fn seed_files(root: &Path, dirs: &[&str], extension: &str) -> Result<Vec<Vec<u8>>> {
    let mut found = Vec::new();
    for dir in dirs {
        for entry in walkdir::WalkDir::new(root.join(dir)).sort_by_file_name() {
            let entry = entry?;
            let path: PathBuf = entry.path().to_owned();
            if entry.file_type().is_file() && path.extension().is_some_and(|ext| ext == extension) {
                found.push(std::fs::read(&path)?);
            }
        }
    }
    Ok(found)
}

/// Words from the corpus, for mutations that insert tokens rather than bytes.
fn dictionary(corpus: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut words: Vec<Vec<u8>> = corpus
        .iter()
        .flat_map(|input| {
            input
                .split(|b| b.is_ascii_whitespace())
                .filter(|w| !w.is_empty() && w.len() < 40)
                .map(<[u8]>::to_vec)
                .collect::<Vec<_>>()
        })
        .collect();
    words.sort();
    words.dedup();
    words.extend(
        [
            "-1",
            "0",
            "4294967295",
            "18446744073709551616",
            "-",
            "\0",
            "\r",
            "\u{feff}",
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            "\"",
            "'",
            "*",
            "&a",
            "!!str",
            "~",
            "null",
            "true",
            "yes",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec()),
    );
    words
}

/// A mutation of a corpus input: a few byte-level edits, token insertions and splices.
fn mutate(corpus: &[Vec<u8>], dictionary: &[Vec<u8>], rng: &mut SplitMix64) -> Vec<u8> {
    let pick = |rng: &mut SplitMix64, n: usize| (rng.next_u64() % n.max(1) as u64) as usize;
    let mut input = corpus[pick(rng, corpus.len())].clone();
    for _ in 0..=pick(rng, 8) {
        let at = pick(rng, input.len() + 1);
        match pick(rng, 8) {
            0 if !input.is_empty() => {
                let at = at.min(input.len() - 1);
                input[at] ^= 1 << pick(rng, 8);
            }
            1 => input.insert(at, rng.next_u64() as u8),
            2 if !input.is_empty() => {
                let end = (at + pick(rng, 32)).min(input.len());
                input.drain(at.min(end)..end);
            }
            3 => {
                let word = &dictionary[pick(rng, dictionary.len())];
                input.splice(at..at, word.iter().copied());
            }
            4 if !input.is_empty() => {
                let from = pick(rng, input.len());
                let end = (from + pick(rng, 64)).min(input.len());
                let piece = input[from..end].to_vec();
                input.splice(at..at, piece);
            }
            5 => {
                let other = &corpus[pick(rng, corpus.len())];
                let from = pick(rng, other.len());
                input.truncate(at);
                input.extend_from_slice(&other[from..]);
            }
            6 => input.truncate(at),
            _ => {
                // A number made extreme: digits replaced by a boundary value.
                if let Some(pos) = input[at.min(input.len())..]
                    .iter()
                    .position(u8::is_ascii_digit)
                {
                    let start = at.min(input.len()) + pos;
                    let end = input[start..]
                        .iter()
                        .position(|b| !b.is_ascii_digit())
                        .map_or(input.len(), |n| start + n);
                    let values: [&[u8]; 4] = [b"0", b"4294967295", b"99999999999999999999", b"-1"];
                    input.splice(start..end, values[pick(rng, 4)].iter().copied());
                }
            }
        }
        input.truncate(MAX_INPUT);
    }
    input
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every target takes its own seeds and a fixed number of mutations without a panic: the
    /// harness itself works (the long runs are `cargo xtask fuzz`).
    #[test]
    fn every_target_runs_its_seeds_and_some_mutations() {
        let root = crate::workspace_root();
        let engines = embedded_engines();
        for target in Target::value_variants() {
            let corpus = seeds(root, *target).unwrap();
            assert!(!corpus.is_empty(), "{}: no seeds", target.name());
            let dictionary = dictionary(&corpus);
            let mut rng = SplitMix64::new(7);
            for seed in corpus.iter().take(20) {
                run_target(*target, seed, &engines);
            }
            for _ in 0..50 {
                let input = mutate(&corpus, &dictionary, &mut rng);
                assert!(input.len() <= MAX_INPUT);
                run_target(*target, &input, &engines);
            }
        }
    }
}
