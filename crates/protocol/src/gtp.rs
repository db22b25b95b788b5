//! The Go Text Protocol, version 2, as a pure codec: command lines in and out, responses in
//! and out, vertices, moves, colours and the arguments of the commands a match needs. No IO.
//!
//! Source: Gunnar Farnebäck, "Specification of the Go Text Protocol, version 2, draft 2"
//! (lysator.liu.se/~gunnar/gtp; GNU Go is its reference implementation), and the KGS and
//! KataGo extensions (lightvector/KataGo docs/GTP_Extensions.md).
//!
//! - A command is `[id] command_name [arguments]`, `id` an optional non-negative integer.
//!   Before parsing, control characters other than tab and newline are dropped, a tab is a
//!   space, and a `#` starts a comment to the end of the line; a line left empty is no command
//!   ([`parse_command`] returns `Ok(None)`).
//! - A response is `=[id] result` or `?[id] error_message`, one or more lines, ended by an
//!   empty line ([`Response::format`], [`ResponseReader`]). A result line may not be empty
//!   (that would end the response): [`Response::format`] writes such a line as one space.
//! - A vertex is a column letter and a row number from 1 at the bottom; GTP's letters skip
//!   `I` (`A1`–`T19` on 19x19, up to `Z25`), either case on input, upper case on output; `pass`
//!   and `resign` are moves too. The lettering is pluggable ([`Dialect`]): HTP, the Hex
//!   engines' dialect of GTP, letters `a1`–`s19` with `i` and has the swap move `swap-pieces`.
//!
//! [`Request`] gives the commands a driver sends their typed arguments (`boardsize`,
//! `clear_board`, `komi`, the three handicap commands, `play`, `genmove`, `undo`,
//! `time_settings`, `time_left`, `kgs-time_settings`, `kgs-rules`, `kata-set-rules`,
//! `kgs-genmove_cleanup`, `final_score`, `final_status_list`, the administrative commands);
//! any other command stays a raw [`Command`]. Every parser returns a [`GtpError`] naming what
//! it could not read; none panics on any input.

pub mod game;

use std::fmt;

pub use game::GtpGame;

/// The commands every GTP engine must know (GTP v2 draft 2, section 2.12 "required commands").
pub const REQUIRED: [&str; 11] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
];

/// Text the codec cannot read, with a lower-case sentence saying what was expected: the
/// crate's [`CodecError`](crate::CodecError), under GTP's name.
pub type GtpError = crate::CodecError;

/// A value echoed in a message, cut to 40 characters.
fn echo(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    format!("`{out}`")
}

/// How a dialect letters its vertices and spells its special moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dialect {
    /// Whether the column letters skip `i` (GTP's Go boards) or not (HTP's Hex boards).
    pub skip_i: bool,
    /// Whether vertices are written in upper case.
    pub upper_case: bool,
    /// The word of the swap move, if the game has one (HTP: `swap-pieces`).
    pub swap: Option<&'static str>,
    /// HTP's command forms: `boardsize N N` (the board's width and height; HexGUI sends both
    /// and MoHex reads both) and `time_left COLOUR SECONDS` without GTP's byo-yomi stones
    /// (MoHex refuses the three-argument form: `command needs at most 2 arguments`). Both
    /// forms are read either way.
    pub htp_forms: bool,
}

/// GTP for Go: `A1`–`T19` without `I`.
pub const GTP: Dialect = Dialect {
    skip_i: true,
    upper_case: true,
    swap: None,
    htp_forms: false,
};

/// HTP for Hex: `a1`–`s19` with `i`, and the pie rule's `swap-pieces`.
pub const HTP: Dialect = Dialect {
    skip_i: false,
    upper_case: false,
    swap: Some("swap-pieces"),
    htp_forms: true,
};

/// The largest board a vertex can name: 25 columns without `I`, 26 with.
pub const MAX_BOARD: u8 = 25;

/// A point: column and row from 0, row 0 being the vertex row `1` (at the bottom of a Go
/// board; at the top of HTP's Hex board, whose `a1` is the top-left corner).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    pub column: u8,
    pub row: u8,
}

/// A move as GTP carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Stone(Vertex),
    Pass,
    Resign,
    /// The pie rule's swap (HTP only).
    Swap,
}

/// A colour: GTP's `black`/`b` and `white`/`w`, any case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// Reads a colour.
    ///
    /// # Errors
    /// A [`GtpError`] for anything but `black`, `b`, `white`, `w` in any case.
    pub fn parse(text: &str) -> Result<Colour, GtpError> {
        match text.to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(Colour::Black),
            "white" | "w" => Ok(Colour::White),
            _ => Err(GtpError::new(format!(
                "{} is not a colour: expected black or white",
                echo(text)
            ))),
        }
    }

    /// `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

impl Dialect {
    /// The letter of column `column` (from 0); columns past the last letter are written as
    /// the last letter (no vertex names them).
    fn letter(self, column: u8) -> char {
        let index = if self.skip_i && column >= 8 {
            column.saturating_add(1)
        } else {
            column
        };
        let base = if self.upper_case { b'A' } else { b'a' };
        char::from(base + index.min(25))
    }

    /// The column of a letter, either case.
    fn column(self, letter: char) -> Option<u8> {
        let lower = letter.to_ascii_lowercase();
        if !lower.is_ascii_lowercase() {
            return None;
        }
        let index = lower as u8 - b'a';
        match (self.skip_i, lower) {
            (true, 'i') => None,
            (true, _) if index > 8 => Some(index - 1),
            _ => Some(index),
        }
    }

    /// Writes a vertex.
    #[must_use]
    pub fn format_vertex(self, vertex: Vertex) -> String {
        format!(
            "{}{}",
            self.letter(vertex.column),
            u32::from(vertex.row) + 1
        )
    }

    /// Reads a vertex of a board `size` wide and high.
    ///
    /// # Errors
    /// A [`GtpError`] for text that is no vertex of the board.
    pub fn parse_vertex(self, text: &str, size: u8) -> Result<Vertex, GtpError> {
        let last = self.letter(size.clamp(1, MAX_BOARD) - 1);
        let bad = || {
            GtpError::new(format!(
                "{} is not a vertex of a {size}x{size} board: expected a letter up to {last}{} \
                 and a row from 1 to {size}",
                echo(text),
                if self.skip_i { " (no I)" } else { "" }
            ))
        };
        let mut chars = text.chars();
        let column = chars.next().and_then(|c| self.column(c)).ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: u8 = digits.parse().map_err(|_| bad())?;
        if row == 0 || row > size || column >= size || digits.starts_with('0') {
            return Err(bad());
        }
        Ok(Vertex {
            column,
            row: row - 1,
        })
    }

    /// Writes a move.
    #[must_use]
    pub fn format_move(self, mv: Move) -> String {
        match mv {
            Move::Stone(vertex) => self.format_vertex(vertex),
            Move::Pass => "pass".to_owned(),
            Move::Resign => "resign".to_owned(),
            Move::Swap => self.swap.unwrap_or("swap").to_owned(),
        }
    }

    /// Reads a move: a vertex, `pass`, `resign` (any case), or the dialect's swap word.
    ///
    /// # Errors
    /// A [`GtpError`] for anything else.
    pub fn parse_move(self, text: &str, size: u8) -> Result<Move, GtpError> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        if text.eq_ignore_ascii_case("resign") {
            return Ok(Move::Resign);
        }
        if self
            .swap
            .is_some_and(|word| text.eq_ignore_ascii_case(word))
        {
            return Ok(Move::Swap);
        }
        self.parse_vertex(text, size)
            .map(Move::Stone)
            .map_err(|error| GtpError::new(format!("{error}, or pass or resign")))
    }

    /// Reads a whitespace-separated list of vertices (`fixed_handicap`'s answer, one line of
    /// `final_status_list`'s).
    ///
    /// # Errors
    /// The first word that is no vertex.
    pub fn parse_vertices(self, text: &str, size: u8) -> Result<Vec<Vertex>, GtpError> {
        text.split_whitespace()
            .map(|word| self.parse_vertex(word, size))
            .collect()
    }
}

/// A command line as sent: the optional id, the name and the arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    pub id: Option<u32>,
    pub name: String,
    pub args: Vec<String>,
}

impl Command {
    /// A command without id.
    #[must_use]
    pub fn new(name: &str, args: &[&str]) -> Command {
        Command {
            id: None,
            name: name.to_owned(),
            args: args.iter().map(|&arg| arg.to_owned()).collect(),
        }
    }

    /// The command line, ended by a newline.
    #[must_use]
    pub fn format(&self) -> String {
        format!("{self}\n")
    }
}

/// The command line without its newline, as messages show it.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(id) = self.id {
            write!(f, "{id} ")?;
        }
        f.write_str(&self.name)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        Ok(())
    }
}

/// A line as GTP preprocesses it: control characters but tab dropped, tabs as spaces, the
/// comment from `#` cut, surrounding whitespace trimmed.
#[must_use]
pub fn preprocess(line: &str) -> String {
    let without_comment = line.split('#').next().unwrap_or_default();
    without_comment
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// Reads one command line; `Ok(None)` for a line with no command (empty, or a comment).
///
/// # Errors
/// A [`GtpError`] for a line that is only an id, or an id too large for a `u32`.
pub fn parse_command(line: &str) -> Result<Option<Command>, GtpError> {
    let line = preprocess(line);
    let mut words = line.split(' ').filter(|word| !word.is_empty());
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        let id = first
            .parse::<u32>()
            .map_err(|_| GtpError::new(format!("command id {}: too large", echo(first))))?;
        let name = words
            .next()
            .ok_or_else(|| GtpError::new(format!("{} has an id but no command", echo(&line))))?;
        (Some(id), name)
    } else {
        (None, first)
    };
    Ok(Some(Command {
        id,
        name: name.to_owned(),
        args: words.map(str::to_owned).collect(),
    }))
}

/// One of the three final statuses of `final_status_list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

/// The time systems of `kgs-time_settings` (seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KgsTime {
    None,
    Absolute {
        main: u32,
    },
    ByoYomi {
        main: u32,
        period: u32,
        periods: u32,
    },
    Canadian {
        main: u32,
        period: u32,
        stones: u32,
    },
}

/// A command with typed arguments: what a driver sends and a bot answers.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    ProtocolVersion,
    Name,
    Version,
    KnownCommand(String),
    ListCommands,
    Quit,
    BoardSize(u8),
    ClearBoard,
    /// Komi in points (a float in GTP).
    Komi(f64),
    FixedHandicap(u8),
    PlaceFreeHandicap(u8),
    SetFreeHandicap(Vec<Vertex>),
    Play(Colour, Move),
    GenMove(Colour),
    Undo,
    /// Canadian byo-yomi in seconds: main time, the byo-yomi period, the stones to play in it
    /// (GTP: a period with 0 stones means no time limit; a period of 0 seconds, absolute time).
    TimeSettings {
        main: u32,
        period: u32,
        stones: u32,
    },
    /// Time left in seconds and, in byo-yomi, the stones left in the period (0 in main time).
    TimeLeft {
        colour: Colour,
        time: u32,
        stones: u32,
    },
    KgsTimeSettings(KgsTime),
    /// `kgs-rules japanese|chinese|aga|new_zealand`.
    KgsRules(String),
    /// `kata-set-rules NAME` (a KataGo rules shorthand or JSON).
    KataSetRules(String),
    KgsGenMoveCleanup(Colour),
    FinalScore,
    FinalStatusList(Status),
    ShowBoard,
}

fn count(name: &str, args: &[String], expected: usize) -> Result<(), GtpError> {
    if args.len() == expected {
        Ok(())
    } else {
        Err(GtpError::new(format!(
            "{name} takes {expected} argument{}, not {}",
            if expected == 1 { "" } else { "s" },
            args.len()
        )))
    }
}

fn number<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, GtpError> {
    text.parse()
        .map_err(|_| GtpError::new(format!("{name}: {} is not a number", echo(text))))
}

/// The `N` numbers that are all of `name`'s arguments, read in order.
fn numbers<const N: usize>(name: &str, args: &[String]) -> Result<[u32; N], GtpError> {
    count(name, args, N)?;
    let mut read = [0; N];
    for (slot, arg) in read.iter_mut().zip(args) {
        *slot = number(name, arg)?;
    }
    Ok(read)
}

impl Request {
    /// Reads the typed request of `command` on a board `size` wide (for vertices); `Ok(None)`
    /// for a command this codec has no type for.
    ///
    /// # Errors
    /// A [`GtpError`] for a known command with wrong arguments.
    pub fn parse(
        command: &Command,
        dialect: Dialect,
        size: u8,
    ) -> Result<Option<Request>, GtpError> {
        let name = command.name.as_str();
        let args = &command.args;
        let request = match name {
            "protocol_version" | "name" | "version" | "list_commands" | "quit" | "clear_board"
            | "undo" | "final_score" | "showboard" => {
                count(name, args, 0)?;
                bare_request(name)
            }
            "known_command" => {
                count(name, args, 1)?;
                Request::KnownCommand(args[0].clone())
            }
            "boardsize" => Request::BoardSize(parse_board_size(args)?),
            "komi" => Request::Komi(parse_komi(args)?),
            "fixed_handicap" | "place_free_handicap" => {
                count(name, args, 1)?;
                let stones = number(name, &args[0])?;
                if name == "fixed_handicap" {
                    Request::FixedHandicap(stones)
                } else {
                    Request::PlaceFreeHandicap(stones)
                }
            }
            "set_free_handicap" => {
                Request::SetFreeHandicap(parse_free_handicap(args, dialect, size)?)
            }
            "play" => {
                count(name, args, 2)?;
                Request::Play(
                    Colour::parse(&args[0])?,
                    dialect.parse_move(&args[1], size)?,
                )
            }
            "genmove" | "kgs-genmove_cleanup" => {
                count(name, args, 1)?;
                let colour = Colour::parse(&args[0])?;
                if name == "genmove" {
                    Request::GenMove(colour)
                } else {
                    Request::KgsGenMoveCleanup(colour)
                }
            }
            "time_settings" => {
                let [main, period, stones] = numbers(name, args)?;
                Request::TimeSettings {
                    main,
                    period,
                    stones,
                }
            }
            "time_left" => parse_time_left(args)?,
            "kgs-time_settings" => Request::KgsTimeSettings(parse_kgs_time(args)?),
            "kgs-rules" | "kata-set-rules" => {
                if args.is_empty() {
                    return Err(GtpError::new(format!("{name} takes a rule set")));
                }
                let rules = args.join(" ");
                if name == "kgs-rules" {
                    Request::KgsRules(rules)
                } else {
                    Request::KataSetRules(rules)
                }
            }
            "final_status_list" => Request::FinalStatusList(parse_status(args)?),
            _ => return Ok(None),
        };
        Ok(Some(request))
    }

    /// The command line of this request, with `id`.
    #[must_use]
    pub fn to_command(&self, id: Option<u32>, dialect: Dialect) -> Command {
        let (name, args): (&str, Vec<String>) = match self {
            Request::ProtocolVersion => ("protocol_version", vec![]),
            Request::Name => ("name", vec![]),
            Request::Version => ("version", vec![]),
            Request::KnownCommand(command) => ("known_command", vec![command.clone()]),
            Request::ListCommands => ("list_commands", vec![]),
            Request::Quit => ("quit", vec![]),
            Request::BoardSize(size) if dialect.htp_forms => {
                ("boardsize", vec![size.to_string(), size.to_string()])
            }
            Request::BoardSize(size) => ("boardsize", vec![size.to_string()]),
            Request::ClearBoard => ("clear_board", vec![]),
            Request::Komi(komi) => ("komi", vec![komi.to_string()]),
            Request::FixedHandicap(stones) => ("fixed_handicap", vec![stones.to_string()]),
            Request::PlaceFreeHandicap(stones) => ("place_free_handicap", vec![stones.to_string()]),
            Request::SetFreeHandicap(vertices) => (
                "set_free_handicap",
                vertices.iter().map(|&v| dialect.format_vertex(v)).collect(),
            ),
            Request::Play(colour, mv) => (
                "play",
                vec![colour.name().to_owned(), dialect.format_move(*mv)],
            ),
            Request::GenMove(colour) => ("genmove", vec![colour.name().to_owned()]),
            Request::Undo => ("undo", vec![]),
            Request::TimeSettings {
                main,
                period,
                stones,
            } => (
                "time_settings",
                vec![main.to_string(), period.to_string(), stones.to_string()],
            ),
            Request::TimeLeft { colour, time, .. } if dialect.htp_forms => (
                "time_left",
                vec![colour.name().to_owned(), time.to_string()],
            ),
            Request::TimeLeft {
                colour,
                time,
                stones,
            } => (
                "time_left",
                vec![
                    colour.name().to_owned(),
                    time.to_string(),
                    stones.to_string(),
                ],
            ),
            Request::KgsTimeSettings(time) => ("kgs-time_settings", format_kgs_time(*time)),
            Request::KgsRules(rules) => ("kgs-rules", vec![rules.clone()]),
            Request::KataSetRules(rules) => ("kata-set-rules", vec![rules.clone()]),
            Request::KgsGenMoveCleanup(colour) => {
                ("kgs-genmove_cleanup", vec![colour.name().to_owned()])
            }
            Request::FinalScore => ("final_score", vec![]),
            Request::FinalStatusList(status) => (
                "final_status_list",
                vec![
                    match status {
                        Status::Alive => "alive",
                        Status::Dead => "dead",
                        Status::Seki => "seki",
                    }
                    .to_owned(),
                ],
            ),
            Request::ShowBoard => ("showboard", vec![]),
        };
        Command {
            id,
            name: name.to_owned(),
            args,
        }
    }
}

/// The request of a command without arguments, by its name.
fn bare_request(name: &str) -> Request {
    match name {
        "protocol_version" => Request::ProtocolVersion,
        "name" => Request::Name,
        "version" => Request::Version,
        "list_commands" => Request::ListCommands,
        "quit" => Request::Quit,
        "clear_board" => Request::ClearBoard,
        "undo" => Request::Undo,
        "final_score" => Request::FinalScore,
        _ => Request::ShowBoard,
    }
}

/// `boardsize N`, or HTP's `boardsize N N`.
fn parse_board_size(args: &[String]) -> Result<u8, GtpError> {
    let name = "boardsize";
    // HTP's `boardsize N N` names a square board twice; a rectangle is no board
    // a request can carry.
    if args.len() == 2 && args[0] != args[1] {
        return Err(GtpError::new(format!(
            "boardsize {} {}: expected a square board (one size, or the same twice)",
            echo(&args[0]),
            echo(&args[1])
        )));
    }
    if args.len() != 2 {
        count(name, args, 1)?;
    }
    number(name, &args[0])
}

fn parse_komi(args: &[String]) -> Result<f64, GtpError> {
    let name = "komi";
    count(name, args, 1)?;
    let komi: f64 = number(name, &args[0])?;
    if !komi.is_finite() {
        return Err(GtpError::new(format!(
            "komi {} is not finite",
            echo(&args[0])
        )));
    }
    Ok(komi)
}

/// The vertices of `set_free_handicap`: at least one.
fn parse_free_handicap(
    args: &[String],
    dialect: Dialect,
    size: u8,
) -> Result<Vec<Vertex>, GtpError> {
    let vertices = args
        .iter()
        .map(|arg| dialect.parse_vertex(arg, size))
        .collect::<Result<Vec<_>, _>>()?;
    if vertices.is_empty() {
        return Err(GtpError::new("set_free_handicap takes a list of vertices"));
    }
    Ok(vertices)
}

fn parse_time_left(args: &[String]) -> Result<Request, GtpError> {
    let name = "time_left";
    // HTP's form has no stones (no byo-yomi): read as 0, main time.
    if args.len() != 2 {
        count(name, args, 3)?;
    }
    Ok(Request::TimeLeft {
        colour: Colour::parse(&args[0])?,
        time: number(name, &args[1])?,
        stones: args.get(2).map_or(Ok(0), |stones| number(name, stones))?,
    })
}

/// The status of `final_status_list`.
fn parse_status(args: &[String]) -> Result<Status, GtpError> {
    count("final_status_list", args, 1)?;
    match args[0].to_ascii_lowercase().as_str() {
        "alive" => Ok(Status::Alive),
        "dead" => Ok(Status::Dead),
        "seki" => Ok(Status::Seki),
        _ => Err(GtpError::new(format!(
            "final_status_list {}: expected alive, dead or seki",
            echo(&args[0])
        ))),
    }
}

fn parse_kgs_time(args: &[String]) -> Result<KgsTime, GtpError> {
    let name = "kgs-time_settings";
    let Some(system) = args.first() else {
        return Err(GtpError::new(
            "kgs-time_settings takes a system: none, absolute, byoyomi or canadian",
        ));
    };
    let rest = &args[1..];
    match system.to_ascii_lowercase().as_str() {
        "none" => count(name, rest, 0).map(|()| KgsTime::None),
        "absolute" => numbers(name, rest).map(|[main]| KgsTime::Absolute { main }),
        "byoyomi" => numbers(name, rest).map(|[main, period, periods]| KgsTime::ByoYomi {
            main,
            period,
            periods,
        }),
        "canadian" => numbers(name, rest).map(|[main, period, stones]| KgsTime::Canadian {
            main,
            period,
            stones,
        }),
        _ => Err(GtpError::new(format!(
            "kgs-time_settings {}: expected none, absolute, byoyomi or canadian",
            echo(system)
        ))),
    }
}

fn format_kgs_time(time: KgsTime) -> Vec<String> {
    match time {
        KgsTime::None => vec!["none".to_owned()],
        KgsTime::Absolute { main } => vec!["absolute".to_owned(), main.to_string()],
        KgsTime::ByoYomi {
            main,
            period,
            periods,
        } => vec![
            "byoyomi".to_owned(),
            main.to_string(),
            period.to_string(),
            periods.to_string(),
        ],
        KgsTime::Canadian {
            main,
            period,
            stones,
        } => vec![
            "canadian".to_owned(),
            main.to_string(),
            period.to_string(),
            stones.to_string(),
        ],
    }
}

/// A response: success (`=`) or failure (`?`), the id of its command, and its text (lines
/// joined by `\n`, no trailing newline).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub success: bool,
    pub id: Option<u32>,
    pub text: String,
}

impl Response {
    /// A success answering `command`.
    #[must_use]
    pub fn success(command: &Command, text: impl Into<String>) -> Response {
        Response {
            success: true,
            id: command.id,
            text: text.into(),
        }
    }

    /// A failure answering `command`.
    #[must_use]
    pub fn failure(command: &Command, text: impl Into<String>) -> Response {
        Response {
            success: false,
            id: command.id,
            text: text.into(),
        }
    }

    /// The response as sent: `=id text`, further lines, then the empty line. Empty lines
    /// inside the text are written as a single space, so that they do not end the response.
    #[must_use]
    pub fn format(&self) -> String {
        let mut out = String::from(if self.success { "=" } else { "?" });
        if let Some(id) = self.id {
            out.push_str(&id.to_string());
        }
        let mut lines = self.text.split('\n');
        if let Some(first) = lines.next()
            && !first.is_empty()
        {
            out.push(' ');
            out.push_str(first);
        }
        for line in lines {
            out.push('\n');
            out.push_str(if line.is_empty() { " " } else { line });
        }
        out.push_str("\n\n");
        out
    }
}

/// Assembles responses from an engine's output lines.
#[derive(Clone, Debug, Default)]
pub struct ResponseReader {
    partial: Option<Response>,
}

impl ResponseReader {
    /// Takes one output line (without its line end; a trailing `\r` is dropped). Returns the
    /// response the line completes (an empty line after the first), `Ok(None)` while one is
    /// being read or between responses (empty lines there are skipped).
    ///
    /// # Errors
    /// A [`GtpError`] for a first line that does not start with `=` or `?` (an id may
    /// follow), or an id too large.
    pub fn feed(&mut self, line: &str) -> Result<Option<Response>, GtpError> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            return Ok(self.partial.take());
        }
        if let Some(partial) = &mut self.partial {
            partial.text.push('\n');
            partial.text.push_str(line);
            return Ok(None);
        }
        let success = match line.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => {
                return Err(GtpError::new(format!(
                    "{} is not a response: expected = or ? first",
                    echo(line)
                )));
            }
        };
        let rest = &line[1..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let id =
            if digits.is_empty() {
                None
            } else {
                Some(digits.parse::<u32>().map_err(|_| {
                    GtpError::new(format!("response id {}: too large", echo(&digits)))
                })?)
            };
        let text = rest[digits.len()..].trim().to_owned();
        self.partial = Some(Response { success, id, text });
        Ok(None)
    }
}

/// The winner and margin of a `final_score` answer: `B+3.5`, `W+R` (resignation, margin
/// `None`), `0` (a tie: no winner).
///
/// # Errors
/// A [`GtpError`] for any other text.
pub fn parse_score(text: &str) -> Result<(Option<Colour>, Option<f64>), GtpError> {
    let text = text.trim();
    if text == "0" {
        return Ok((None, Some(0.0)));
    }
    let bad = || {
        GtpError::new(format!(
            "{} is not a final score: expected B+n, W+n, B+R, W+R or 0",
            echo(text)
        ))
    };
    let (colour, margin) = text.split_once('+').ok_or_else(bad)?;
    let colour = match colour {
        "B" | "b" => Colour::Black,
        "W" | "w" => Colour::White,
        _ => return Err(bad()),
    };
    if margin.eq_ignore_ascii_case("r") || margin.eq_ignore_ascii_case("resign") {
        return Ok((Some(colour), None));
    }
    let margin: f64 = margin.parse().map_err(|_| bad())?;
    if !margin.is_finite() || margin < 0.0 {
        return Err(bad());
    }
    Ok((Some(colour), Some(margin)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assert_refused;
    use rstest::rstest;

    fn v(column: u8, row: u8) -> Vertex {
        Vertex { column, row }
    }

    #[rstest]
    #[case("A1", 19, v(0, 0))]
    #[case("a1", 19, v(0, 0))]
    #[case("H8", 19, v(7, 7))]
    #[case("J9", 19, v(8, 8))]
    #[case("j10", 19, v(8, 9))]
    #[case("T19", 19, v(18, 18))]
    #[case("E5", 9, v(4, 4))]
    #[case("Z25", 25, v(24, 24))]
    fn gtp_vertices_read_and_write(#[case] text: &str, #[case] size: u8, #[case] vertex: Vertex) {
        assert_eq!(GTP.parse_vertex(text, size), Ok(vertex));
        assert_eq!(GTP.format_vertex(vertex), text.to_ascii_uppercase());
    }

    #[rstest]
    #[case("i1", 19, v(8, 0))]
    #[case("s19", 19, v(18, 18))]
    #[case("k11", 11, v(10, 10))]
    fn htp_vertices_have_i(#[case] text: &str, #[case] size: u8, #[case] vertex: Vertex) {
        assert_eq!(HTP.parse_vertex(text, size), Ok(vertex));
        assert_eq!(HTP.format_vertex(vertex), text);
    }

    #[rstest]
    #[case("I1", 19)]
    #[case("U1", 19)]
    #[case("A20", 19)]
    #[case("A0", 19)]
    #[case("A01", 19)]
    #[case("K1", 9)]
    #[case("A10", 9)]
    #[case("", 19)]
    #[case("1A", 19)]
    #[case("AA1", 19)]
    #[case("A1x", 19)]
    #[case("é1", 19)]
    #[case("A999", 19)]
    fn bad_vertices_are_errors(#[case] text: &str, #[case] size: u8) {
        assert!(GTP.parse_vertex(text, size).is_err(), "{text}");
    }

    #[rstest]
    #[case("pass", Move::Pass)]
    #[case("PASS", Move::Pass)]
    #[case("resign", Move::Resign)]
    #[case("Resign", Move::Resign)]
    #[case("D4", Move::Stone(v(3, 3)))]
    fn gtp_moves(#[case] text: &str, #[case] mv: Move) {
        assert_eq!(GTP.parse_move(text, 19), Ok(mv));
    }

    #[test]
    fn swap_is_hex_only() {
        assert_eq!(HTP.parse_move("swap-pieces", 11), Ok(Move::Swap));
        assert_eq!(HTP.format_move(Move::Swap), "swap-pieces");
        assert!(GTP.parse_move("swap-pieces", 19).is_err());
    }

    #[rstest]
    #[case("black", Colour::Black)]
    #[case("B", Colour::Black)]
    #[case("White", Colour::White)]
    #[case("w", Colour::White)]
    fn colours(#[case] text: &str, #[case] colour: Colour) {
        assert_eq!(Colour::parse(text), Ok(colour));
    }

    #[rstest]
    #[case("genmove black", None, "genmove", &["black"])]
    #[case("12 play white D4", Some(12), "play", &["white", "D4"])]
    #[case("  7\tknown_command  genmove  ", Some(7), "known_command", &["genmove"])]
    #[case("boardsize 19 # a comment", None, "boardsize", &["19"])]
    #[case("name\u{7}", None, "name", &[])]
    #[case("0 quit\r", Some(0), "quit", &[])]
    fn command_lines(
        #[case] line: &str,
        #[case] id: Option<u32>,
        #[case] name: &str,
        #[case] args: &[&str],
    ) {
        let command = parse_command(line).unwrap().unwrap();
        assert_eq!(
            command,
            Command {
                id,
                ..Command::new(name, args)
            }
        );
    }

    #[rstest]
    #[case("")]
    #[case("   ")]
    #[case("# only a comment")]
    #[case("\t\u{1}")]
    fn lines_without_a_command(#[case] line: &str) {
        assert_eq!(parse_command(line), Ok(None));
    }

    #[test]
    fn bad_command_lines() {
        assert_refused(parse_command, &["12", "99999999999 name"]);
    }

    #[test]
    fn commands_write_their_line() {
        let command = Command {
            id: Some(3),
            ..Command::new("play", &["black", "Q16"])
        };
        assert_eq!(command.format(), "3 play black Q16\n");
        assert_eq!(Command::new("clear_board", &[]).format(), "clear_board\n");
    }

    #[rstest]
    #[case("boardsize 9", Request::BoardSize(9))]
    #[case("komi 7.5", Request::Komi(7.5))]
    #[case("komi -3", Request::Komi(-3.0))]
    #[case("fixed_handicap 4", Request::FixedHandicap(4))]
    #[case("place_free_handicap 2", Request::PlaceFreeHandicap(2))]
    #[case("set_free_handicap D4 Q16", Request::SetFreeHandicap(vec![v(3, 3), v(15, 15)]))]
    #[case("play b pass", Request::Play(Colour::Black, Move::Pass))]
    #[case("play w T19", Request::Play(Colour::White, Move::Stone(v(18, 18))))]
    #[case("genmove white", Request::GenMove(Colour::White))]
    #[case("kgs-genmove_cleanup black", Request::KgsGenMoveCleanup(Colour::Black))]
    #[case("time_settings 600 30 5", Request::TimeSettings { main: 600, period: 30, stones: 5 })]
    #[case("time_left black 25 3", Request::TimeLeft { colour: Colour::Black, time: 25, stones: 3 })]
    #[case("kgs-time_settings none", Request::KgsTimeSettings(KgsTime::None))]
    #[case("kgs-time_settings absolute 1800", Request::KgsTimeSettings(KgsTime::Absolute { main: 1800 }))]
    #[case("kgs-time_settings byoyomi 600 30 5", Request::KgsTimeSettings(KgsTime::ByoYomi { main: 600, period: 30, periods: 5 }))]
    #[case("kgs-time_settings canadian 600 300 25", Request::KgsTimeSettings(KgsTime::Canadian { main: 600, period: 300, stones: 25 }))]
    #[case("kgs-rules chinese", Request::KgsRules("chinese".to_owned()))]
    #[case("kata-set-rules tromp-taylor", Request::KataSetRules("tromp-taylor".to_owned()))]
    #[case("final_score", Request::FinalScore)]
    #[case("final_status_list dead", Request::FinalStatusList(Status::Dead))]
    #[case("final_status_list SEKI", Request::FinalStatusList(Status::Seki))]
    #[case("list_commands", Request::ListCommands)]
    #[case("protocol_version", Request::ProtocolVersion)]
    #[case("known_command play", Request::KnownCommand("play".to_owned()))]
    #[case("clear_board", Request::ClearBoard)]
    #[case("undo", Request::Undo)]
    #[case("name", Request::Name)]
    #[case("version", Request::Version)]
    #[case("quit", Request::Quit)]
    fn requests_read_and_write_back(#[case] line: &str, #[case] request: Request) {
        let command = parse_command(line).unwrap().unwrap();
        assert_eq!(Request::parse(&command, GTP, 19), Ok(Some(request.clone())));
        let again = parse_command(&request.to_command(None, GTP).format())
            .unwrap()
            .unwrap();
        assert_eq!(Request::parse(&again, GTP, 19), Ok(Some(request)));
    }

    /// HTP (MoHex, HexGUI): `boardsize N N`, the two-argument `time_left`, `swap-pieces` and
    /// `resign` as moves, cells lettered with `i`.
    #[rstest]
    #[case("boardsize 11 11", "boardsize 11 11", Request::BoardSize(11))]
    #[case("boardsize 13", "boardsize 13 13", Request::BoardSize(13))]
    #[case("time_left white 20", "time_left white 20", Request::TimeLeft { colour: Colour::White, time: 20, stones: 0 })]
    #[case("time_left b 1800 0", "time_left black 1800", Request::TimeLeft { colour: Colour::Black, time: 1800, stones: 0 })]
    #[case(
        "play w swap-pieces",
        "play white swap-pieces",
        Request::Play(Colour::White, Move::Swap)
    )]
    #[case(
        "play b resign",
        "play black resign",
        Request::Play(Colour::Black, Move::Resign)
    )]
    #[case(
        "play b i9",
        "play black i9",
        Request::Play(Colour::Black, Move::Stone(v(8, 8)))
    )]
    #[case(
        "play w s19",
        "play white s19",
        Request::Play(Colour::White, Move::Stone(v(18, 18)))
    )]
    fn htp_requests_read_and_write_as_mohex_speaks(
        #[case] line: &str,
        #[case] written: &str,
        #[case] request: Request,
    ) {
        let command = parse_command(line).unwrap().unwrap();
        assert_eq!(Request::parse(&command, HTP, 19), Ok(Some(request.clone())));
        assert_eq!(
            request.to_command(None, HTP).format(),
            format!("{written}\n")
        );
    }

    #[test]
    fn htp_refuses_what_hex_boards_do_not_hold() {
        for line in [
            "boardsize 5 7",
            "play b t1",
            "play b a20",
            "play w swap",
            "time_left w",
        ] {
            let command = parse_command(line).unwrap().unwrap();
            assert!(Request::parse(&command, HTP, 19).is_err(), "{line}");
        }
        // Under GTP (Go) the swap is no move.
        let swap = parse_command("play w swap-pieces").unwrap().unwrap();
        assert!(Request::parse(&swap, GTP, 19).is_err());
    }

    #[rstest]
    #[case("boardsize")]
    #[case("boardsize nineteen")]
    #[case("boardsize 300")]
    #[case("komi inf")]
    #[case("komi NaN")]
    #[case("komi")]
    #[case("play black")]
    #[case("play red D4")]
    #[case("play black I9")]
    #[case("play black D4 extra")]
    #[case("genmove")]
    #[case("time_settings 600 30")]
    #[case("time_settings -1 30 5")]
    #[case("time_left purple 25 3")]
    #[case("kgs-time_settings")]
    #[case("kgs-time_settings hourglass 60")]
    #[case("kgs-time_settings byoyomi 600 30")]
    #[case("kgs-rules")]
    #[case("final_status_list sleeping")]
    #[case("set_free_handicap")]
    #[case("set_free_handicap D4 Z99")]
    #[case("fixed_handicap -2")]
    fn bad_arguments_are_errors(#[case] line: &str) {
        let command = parse_command(line).unwrap().unwrap();
        assert!(Request::parse(&command, GTP, 19).is_err(), "{line}");
    }

    #[test]
    fn unknown_commands_stay_raw() {
        let command = parse_command("gg-undo 2").unwrap().unwrap();
        assert_eq!(Request::parse(&command, GTP, 19), Ok(None));
    }

    #[rstest]
    #[case(Response { success: true, id: None, text: String::new() }, "=\n\n")]
    #[case(Response { success: true, id: Some(4), text: "2".to_owned() }, "=4 2\n\n")]
    #[case(Response { success: false, id: None, text: "illegal move".to_owned() }, "? illegal move\n\n")]
    #[case(Response { success: true, id: Some(1), text: "D4\nQ16".to_owned() }, "=1 D4\nQ16\n\n")]
    #[case(Response { success: true, id: None, text: "a\n\nb".to_owned() }, "= a\n \nb\n\n")]
    fn responses_write(#[case] response: Response, #[case] text: &str) {
        assert_eq!(response.format(), text);
    }

    #[test]
    fn responses_read_back_line_by_line() {
        let mut reader = ResponseReader::default();
        let mut got = Vec::new();
        for line in "\n=1 D4\nQ16\n\n? unknown command\n\n=\n\n".split('\n') {
            if let Some(response) = reader.feed(line).unwrap() {
                got.push(response);
            }
        }
        assert_eq!(
            got,
            [
                Response {
                    success: true,
                    id: Some(1),
                    text: "D4\nQ16".to_owned()
                },
                Response {
                    success: false,
                    id: None,
                    text: "unknown command".to_owned()
                },
                Response {
                    success: true,
                    id: None,
                    text: String::new()
                },
            ]
        );
        for response in got {
            let mut again = ResponseReader::default();
            let mut last = None;
            for line in response.format().split('\n') {
                if let Some(done) = again.feed(line).unwrap() {
                    last = Some(done);
                }
            }
            assert_eq!(last, Some(response));
        }
    }

    #[test]
    fn bad_responses() {
        assert_refused(
            |line| ResponseReader::default().feed(line),
            &["garbage", "D4", "=99999999999 x"],
        );
    }

    #[rstest]
    #[case("B+3.5", Some(Colour::Black), Some(3.5))]
    #[case("W+12", Some(Colour::White), Some(12.0))]
    #[case("W+R", Some(Colour::White), None)]
    #[case("B+Resign", Some(Colour::Black), None)]
    #[case("0", None, Some(0.0))]
    fn final_scores(
        #[case] text: &str,
        #[case] winner: Option<Colour>,
        #[case] margin: Option<f64>,
    ) {
        assert_eq!(parse_score(text), Ok((winner, margin)));
    }

    #[test]
    fn bad_final_scores() {
        assert_refused(parse_score, &["", "B", "X+3", "B+", "B+-2", "B+inf"]);
    }

    #[test]
    fn vertex_lists() {
        assert_eq!(GTP.parse_vertices("C3 G7\n", 9), Ok(vec![v(2, 2), v(6, 6)]));
        assert_eq!(GTP.parse_vertices("", 9), Ok(vec![]));
        assert!(GTP.parse_vertices("C3 X", 9).is_err());
    }

    /// No input makes the codec panic: every string of up to four characters from an
    /// alphabet of the characters that matter, and a deterministic stream of longer ones.
    #[test]
    fn any_text_is_read_without_panic() {
        let alphabet: Vec<char> = "=? #\t\r1029aAiIzZ+-.bwpass\u{1}é".chars().collect();
        let mut texts = vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|text| alphabet.iter().map(move |&c| format!("{text}{c}")))
                .collect();
            texts.extend(longer);
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            let mut text = String::new();
            for _ in 0..(state % 24) {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                text.push(alphabet[(state >> 33) as usize % alphabet.len()]);
            }
            texts.push(text);
        }
        let words = [
            "play b ",
            "genmove ",
            "kgs-time_settings byoyomi ",
            "set_free_handicap ",
        ];
        for text in texts {
            for prefix in ["", words[text.len() % words.len()]] {
                let line = format!("{prefix}{text}");
                for size in [0, 1, 9, 19, 25, 40, 255] {
                    if let Ok(Some(command)) = parse_command(&line) {
                        let _ = Request::parse(&command, GTP, size);
                        let _ = Request::parse(&command, HTP, size);
                    }
                    let _ = GTP.parse_move(&line, size);
                    let _ = HTP.parse_vertices(&line, size);
                }
                let _ = ResponseReader::default().feed(&line);
                let _ = parse_score(&line);
            }
        }
        assert_eq!(GTP.format_vertex(v(200, 0)), "Z1");
    }
}
