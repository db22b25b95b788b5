//! Botzone's bot protocol: the JSON input and output objects, the simplified line I/O, the
//! keep-running marker, and the replay of a history into moves in our notation.
//!
//! # JSON interaction
//! Each turn the bot reads one JSON object with the whole history ([`Input`]):
//! `{"requests":[…],"responses":[…],"data":"","globaldata":"","time_limit":…,"memory_limit":…}`
//! with one more request than responses, and prints one line ([`Output`]):
//! `{"response":<move>,"debug":"…","data":"…","globaldata":"…"}`.
//!
//! # Simplified interaction
//! Input ([`SimpleInput`]): a line `n`, then `2n-1` lines alternating request and response
//! (request first, each a move in the simple form `x y`), then one `data` line and one
//! `globaldata` line (this codec writes both, possibly empty, and reads them when present).
//! Output ([`SimpleOutput`]): the move in the simple form on the first line; optional `debug`,
//! `data` and `globaldata` lines follow.
//!
//! # Keep-running
//! After its answer a bot may print [`KEEP_RUNNING`] on its own line and flush: the process stays
//! alive and each later turn receives only the new request, on one line: the request object in
//! JSON mode, the `x y` line in simplified mode ([`parse_turn`] also accepts a full input object).
//!
//! # Histories
//! Botzone games alternate strictly: player 0 moves at even plies, player 1 at odd ones (a pass,
//! a swap or an exchange is a ply too). Player 0's first request is the all-`-1` "you start"
//! value. Both input forms carry the history as [`Turns`]: [`Turns::history`] turns requests and
//! responses into the game's move list and the bot's player number; [`Turns::from_moves`] does the
//! reverse for a manager.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::CodecError;
use super::encoding::{Coords, Decoded, Encoding};

/// The line a keep-running bot prints after its answer.
pub const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

/// One turn's JSON input: the whole history of this bot's game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Input {
    /// The history: requests and responses as JSON move objects.
    #[serde(flatten)]
    pub turns: Turns<Value>,
    /// What the bot stored with its last answer.
    #[serde(default)]
    pub data: String,
    /// What the bot stored for later games.
    #[serde(default)]
    pub globaldata: String,
    /// The time limit of this turn, as Botzone gives it (see [`Input::time_limit_ms`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit: Option<Value>,
    /// The memory limit, as Botzone gives it (MB).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_limit: Option<Value>,
}

impl Input {
    /// The turn's time limit in milliseconds, if given. Botzone states it in seconds; a number
    /// above 100 is taken to be milliseconds already (no bot turn lasts 100 s). Numeric strings
    /// are read too.
    #[must_use]
    pub fn time_limit_ms(&self) -> Option<u64> {
        let seconds = match self.time_limit.as_ref()? {
            Value::Number(n) => n.as_f64()?,
            Value::String(s) => s.trim().parse::<f64>().ok()?,
            _ => return None,
        };
        if !seconds.is_finite() || seconds <= 0.0 {
            return None;
        }
        let ms = if seconds > 100.0 {
            seconds
        } else {
            seconds * 1000.0
        };
        // Bounded above, so the cast cannot overflow.
        Some(ms.min(3_600_000.0) as u64)
    }
}

/// A Botzone JSON object ([`Input`], [`Output`]) as it goes over a line.
pub trait JsonLine: Serialize {
    /// The compact one-line JSON form (no line end).
    #[must_use]
    fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl JsonLine for Input {}

/// Parses a JSON input object (one line, or pretty-printed).
///
/// # Errors
/// A [`CodecError`] for text that is not JSON or not an input object, or whose `requests` are
/// not exactly one more than its `responses`.
pub fn parse_input(text: &str) -> Result<Input, CodecError> {
    let input: Input = serde_json::from_str(text.trim())
        .map_err(|e| CodecError::new(format!("not a botzone input object: {e}")))?;
    input
        .turns
        .check_count()
        .map_err(|e| CodecError::new(format!("botzone input has {e}")))?;
    Ok(input)
}

/// What a keep-running bot reads on a later turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Turn {
    /// A whole input object (the first turn, or a judge that resends everything).
    Full(Input),
    /// Only the new request (JSON mode: a move object).
    Request(Value),
}

/// Reads one line of a keep-running JSON bot's input: a full [`Input`] when the object has a
/// `requests` key, else the request value itself.
///
/// # Errors
/// A [`CodecError`] for a line that is not JSON, or a broken full input.
pub fn parse_turn(line: &str) -> Result<Turn, CodecError> {
    let value: Value = serde_json::from_str(line.trim())
        .map_err(|e| CodecError::new(format!("not a botzone json line: {e}")))?;
    if value.get("requests").is_some() {
        parse_input(line).map(Turn::Full)
    } else {
        Ok(Turn::Request(value))
    }
}

/// One turn's JSON output.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Output {
    /// The move object.
    pub response: Value,
    /// Kept in the log (Botzone keeps at most 1 KB).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debug: Option<String>,
    /// Handed to the bot's next turn (at most 100 KB).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// Kept for later games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub globaldata: Option<String>,
}

impl JsonLine for Output {}

/// Parses a bot's JSON output line strictly: an object with a `response` and string-valued
/// `debug`, `data` and `globaldata`.
///
/// # Errors
/// A [`CodecError`] for text that is not such an object, naming the field at fault; see
/// [`read_output`] for the lenient reading a judge applies.
pub fn parse_output(line: &str) -> Result<Output, CodecError> {
    let (output, warnings) = read_output(line)?;
    match warnings.first() {
        None => Ok(output),
        Some(warning) => Err(CodecError::new(warning.clone())),
    }
}

/// Reads a bot's JSON output line as Botzone's judges do, with a warning for each leniency:
/// a `debug`, `data` or `globaldata` that is not a string (a number, an object) is kept as its
/// JSON text; output without a `response` field is the response itself (botzone-local's
/// `bot.py`: "if isinstance(output, dict) and 'response' in output … else response = output").
///
/// # Errors
/// A [`CodecError`] for text that is not JSON.
pub fn read_output(line: &str) -> Result<(Output, Vec<String>), CodecError> {
    let value: Value = serde_json::from_str(line.trim())
        .map_err(|e| CodecError::new(format!("bot output is not json: {e}")))?;
    // Output with no `response` field is the response itself, with this warning.
    let whole = |value: Value, warning: String| {
        let output = Output {
            response: value,
            ..Output::default()
        };
        Ok((output, vec![warning]))
    };
    let Value::Object(mut object) = value else {
        let warning = format!(
            "bot output {} is not an object with a `response` field: taken as the response",
            shorten(&value.to_string())
        );
        return whole(value, warning);
    };
    let Some(response) = object.remove("response") else {
        let value = Value::Object(object);
        let warning = format!(
            "bot output {} has no `response` field: the whole output is taken as the response",
            shorten(&value.to_string())
        );
        return whole(value, warning);
    };
    let mut warnings = Vec::new();
    let mut text_field = |key: &str| -> Option<String> {
        match object.remove(key)? {
            Value::String(text) => Some(text),
            Value::Null => None,
            other => {
                let kind = match other {
                    Value::Number(_) => "a number",
                    Value::Bool(_) => "a boolean",
                    Value::Array(_) => "an array",
                    _ => "an object",
                };
                warnings.push(format!(
                    "field `{key}` is {kind}, not a string: kept as its JSON text"
                ));
                Some(other.to_string())
            }
        }
    };
    let debug = text_field("debug");
    let data = text_field("data");
    let globaldata = text_field("globaldata");
    Ok((
        Output {
            response,
            debug,
            data,
            globaldata,
        },
        warnings,
    ))
}

/// At most 80 characters of `text`, for messages.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

/// A simplified-I/O input: requests and responses as `x y` lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimpleInput {
    /// The history: requests and responses as `x y` lines.
    pub turns: Turns<String>,
    pub data: String,
    pub globaldata: String,
}

impl SimpleInput {
    /// The whole input text: `n`, the `2n-1` history lines, the data line, the globaldata line,
    /// each ending in `\n`.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = format!("{}\n", self.turns.requests.len());
        for line in self.turns.in_order().chain([&self.data, &self.globaldata]) {
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}

/// Reads a simplified-I/O input from its lines (line ends already stripped). Missing `data` /
/// `globaldata` lines read as empty.
///
/// # Errors
/// A [`CodecError`] when the first line is not a count from 1, or fewer than `2n-1` lines follow.
pub fn parse_simple_input(lines: &[&str]) -> Result<SimpleInput, CodecError> {
    let first = lines.first().copied().unwrap_or("");
    let n: usize = first
        .trim()
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| CodecError::new(format!("expected a turn count, got {first:?}")))?;
    let history = n
        .checked_mul(2)
        .map(|h| h - 1)
        .filter(|&h| lines.len() > h)
        .ok_or_else(|| {
            CodecError::new(format!(
                "expected {} history lines after the count {n}, got {}",
                n.saturating_mul(2) - 1,
                lines.len() - 1
            ))
        })?;
    let extra = |i: usize| lines.get(history + i).copied().unwrap_or("").to_owned();
    Ok(SimpleInput {
        turns: Turns::alternating(lines[1..=history].iter().map(|line| line.trim().to_owned())),
        data: extra(1),
        globaldata: extra(2),
    })
}

/// A simplified-I/O output: the move line and optional extra lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimpleOutput {
    pub response: String,
    pub debug: Option<String>,
    pub data: Option<String>,
    pub globaldata: Option<String>,
}

impl SimpleOutput {
    /// The output lines, each ending in `\n`; a missing line before a present one is empty.
    #[must_use]
    pub fn to_text(&self) -> String {
        let extras = [&self.debug, &self.data, &self.globaldata];
        let used = extras
            .iter()
            .rposition(|e| e.is_some())
            .map_or(0, |i| i + 1);
        let mut text = format!("{}\n", self.response);
        for extra in &extras[..used] {
            text.push_str(extra.as_deref().unwrap_or(""));
            text.push('\n');
        }
        text
    }
}

/// A game's moves replayed from a Botzone history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The bot's player number: 0 moves first (its first request was "you start").
    pub(crate) player: usize,
    /// Every move played so far, in our notation, in order (both players).
    pub moves: Vec<String>,
}

/// A Botzone history as one bot sees it: what the judge asked each turn (for board games the
/// opponent's last move, or "you start") and what the bot answered, one fewer. `T` is how the
/// input form writes a move ([`MoveForm`]), or [`Coords`] once read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turns<T> {
    /// What the judge asked each turn.
    pub(crate) requests: Vec<T>,
    /// What the bot answered each turn; one fewer than `requests`.
    pub(crate) responses: Vec<T>,
}

impl<T> Turns<T> {
    /// The turns of items in the order they were sent: request, response, request, …
    fn alternating(items: impl IntoIterator<Item = T>) -> Turns<T> {
        let (mut requests, mut responses) = (Vec::new(), Vec::new());
        for (i, item) in items.into_iter().enumerate() {
            if i % 2 == 0 {
                requests.push(item);
            } else {
                responses.push(item);
            }
        }
        Turns {
            requests,
            responses,
        }
    }

    /// Each turn's request with the response that answered it (none for the turn being played).
    pub fn iter(&self) -> impl Iterator<Item = (&T, Option<&T>)> {
        self.requests
            .iter()
            .enumerate()
            .map(|(turn, request)| (request, self.responses.get(turn)))
    }

    /// Every request and response in the order they were sent (the reverse of `alternating`).
    fn in_order(&self) -> impl Iterator<Item = &T> {
        self.iter()
            .flat_map(|(request, response)| std::iter::once(request).chain(response))
    }

    /// Whether there is exactly one more request than responses.
    fn check_count(&self) -> Result<(), CodecError> {
        if self.requests.len() == self.responses.len() + 1 {
            return Ok(());
        }
        Err(CodecError::new(format!(
            "{} requests and {} responses: expected one more request",
            self.requests.len(),
            self.responses.len()
        )))
    }

    fn try_map<U>(
        &self,
        mut f: impl FnMut(&T) -> Result<U, CodecError>,
    ) -> Result<Turns<U>, CodecError> {
        let mut all = |items: &[T]| items.iter().map(&mut f).collect::<Result<Vec<U>, _>>();
        Ok(Turns {
            requests: all(&self.requests)?,
            responses: all(&self.responses)?,
        })
    }
}

impl<T: MoveForm> Turns<T> {
    /// The turns `player` (0 or 1) sees when it is to move after `moves` (our notation).
    ///
    /// # Errors
    /// A [`CodecError`] for a player other than 0 and 1, when it is not that player's turn
    /// (`moves.len()` must have the player's parity), or for a move without an encoding.
    pub fn from_moves(
        encoding: Encoding,
        moves: &[String],
        player: usize,
    ) -> Result<Turns<T>, CodecError> {
        let turns = Turns::<Coords>::encode(encoding, moves, player)?;
        turns.try_map(|coords| Ok(T::write(encoding, coords)))
    }

    /// The history in our notation and the bot's player number.
    ///
    /// # Errors
    /// A [`CodecError`] when there is not exactly one more request than responses, for a request
    /// or response that is not a move of the game (see [`Encoding::decode`]), or when "you
    /// start" appears anywhere but first.
    pub fn history(&self, encoding: Encoding) -> Result<History, CodecError> {
        self.try_map(|item| item.read(encoding))?.decode(encoding)
    }
}

impl Turns<Coords> {
    /// Replays the turns (already read as coordinates) into the move list.
    fn decode(&self, encoding: Encoding) -> Result<History, CodecError> {
        self.check_count()?;
        let mut moves: Vec<String> = Vec::new();
        let mut player = 1;
        for (turn, (request, response)) in self.iter().enumerate() {
            match encoding.decode(request, moves.len())? {
                Decoded::Start if turn == 0 => player = 0,
                Decoded::Start => {
                    return Err(CodecError::new(format!(
                        "request {} says \"you start\" after the first turn",
                        turn + 1
                    )));
                }
                Decoded::Move(mv) => moves.push(mv),
            }
            if let Some(response) = response {
                match encoding.decode(response, moves.len())? {
                    Decoded::Move(mv) => moves.push(mv),
                    Decoded::Start => {
                        return Err(CodecError::new(format!(
                            "response {} is all -1 at the start of the game",
                            turn + 1
                        )));
                    }
                }
            }
        }
        Ok(History { player, moves })
    }

    /// The turns of `player` (0 or 1) to move after `moves`: player 0's start with "you start",
    /// and from there requests and responses alternate with the plies.
    fn encode(encoding: Encoding, moves: &[String], player: usize) -> Result<Self, CodecError> {
        if player > 1 {
            return Err(CodecError::new(format!(
                "botzone player {player}: expected 0 or 1"
            )));
        }
        if moves.len() % 2 != player {
            return Err(CodecError::new(format!(
                "after {} moves it is player {}'s turn, not player {player}'s",
                moves.len(),
                moves.len() % 2
            )));
        }
        let start = (player == 0).then(|| encoding.start());
        let plies = moves.iter().map(|mv| encoding.encode(mv));
        let sent = start.into_iter().map(Ok).chain(plies);
        Ok(Turns::alternating(sent.collect::<Result<Vec<_>, _>>()?))
    }
}

/// How an input form writes one move as a request or response: a JSON move object ([`Input`])
/// or an `x y` line ([`SimpleInput`]).
pub trait MoveForm: Sized {
    /// `coords` as a request or response.
    fn write(encoding: Encoding, coords: &Coords) -> Self;

    /// A request or response as coordinates.
    ///
    /// # Errors
    /// A [`CodecError`] for an item that is not a move of the game.
    fn read(&self, encoding: Encoding) -> Result<Coords, CodecError>;
}

impl MoveForm for Value {
    fn write(encoding: Encoding, coords: &Coords) -> Value {
        encoding.to_json(coords)
    }

    fn read(&self, encoding: Encoding) -> Result<Coords, CodecError> {
        encoding.from_json(self)
    }
}

impl MoveForm for String {
    fn write(encoding: Encoding, coords: &Coords) -> String {
        encoding.to_simple(coords)
    }

    fn read(&self, encoding: Encoding) -> Result<Coords, CodecError> {
        encoding.from_simple(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assert_refused;
    use crate::words;
    use rstest::rstest;

    const GOMOKU: Encoding = Encoding::Gomoku { size: 15 };

    /// A first turn's input, whose history must give the bot `player` and `moves`.
    fn first_turn(json: &str, player: usize, moves: &str) -> Input {
        let input = parse_input(json).unwrap();
        let history = input.turns.history(GOMOKU).unwrap();
        let moves = words(moves);
        assert_eq!(history, History { player, moves });
        input
    }

    #[test]
    fn black_first_turn() {
        let input = first_turn(r#"{"requests":[{"x":-1,"y":-1}],"responses":[]}"#, 0, "");
        assert_eq!(input.turns, Turns::from_moves(GOMOKU, &[], 0).unwrap());
        assert_eq!((input.data, input.time_limit), (String::new(), None));
    }

    #[test]
    fn white_first_turn() {
        first_turn(r#"{"requests":[{"x":7,"y":7}],"responses":[]}"#, 1, "h8");
    }

    #[rstest]
    // Botzone "Renju": white exchanges instead of the 4th stone; black is told with -1,-1.
    #[case(GOMOKU, "h8 h9 h10 swap i9", 1)]
    #[case(GOMOKU, "h8 h9 h10 swap", 0)]
    #[case(GOMOKU, "h8 swap", 0)]
    #[case(Encoding::Reversi, "f5 d6 c3 d3 c4", 1)]
    #[case(Encoding::Reversi, "f5 pass", 0)]
    #[case(Encoding::Amazons { size: 8 }, "c8-c5/c8 a3-a4/b4", 0)]
    fn histories_round_trip(
        #[case] encoding: Encoding,
        #[case] played: &str,
        #[case] player: usize,
    ) {
        let played = words(played);
        let turns = Turns::from_moves(encoding, &played, player).unwrap();
        let input = Input {
            turns,
            ..Input::default()
        };
        let line = input.to_line();
        let back = parse_input(&line).unwrap().turns.history(encoding).unwrap();
        assert_eq!(
            back,
            History {
                player,
                moves: played.clone()
            }
        );
        let turns = Turns::from_moves(encoding, &played, player).unwrap();
        let simple = SimpleInput {
            turns,
            ..SimpleInput::default()
        };
        let text = simple.to_text();
        let lines: Vec<&str> = text.lines().collect();
        let back = parse_simple_input(&lines).unwrap();
        assert_eq!(back, simple);
        assert_eq!(back.turns.history(encoding).unwrap().moves, played);
    }

    #[test]
    fn exchange_history_as_botzone_writes_it() {
        // White (player 1) exchanged at its second turn; now black has been told and moved.
        let input = parse_input(
            r#"{"requests":[{"x":7,"y":7},{"x":7,"y":5},{"x":8,"y":6}],
                "responses":[{"x":7,"y":6},{"x":-1,"y":-1}],"data":"","globaldata":""}"#,
        )
        .unwrap();
        let history = input.turns.history(GOMOKU).unwrap();
        assert_eq!(history.player, 1);
        assert_eq!(history.moves, words("h8 h9 h10 swap i9"));
    }

    #[test]
    fn refuses_bad_inputs() {
        assert_refused(
            parse_input,
            &[
                r#"{"requests":[],"responses":[]}"#,
                r#"{"requests":[{"x":1,"y":1}],"responses":[{"x":1,"y":2}]}"#,
                r#"{"responses":[]}"#,
                "not json",
                "",
                "[1,2]",
            ],
        );
    }

    #[rstest]
    #[case(r#"{"requests":[{"x":-1,"y":-1},{"x":1,"y":1}],"responses":[{"x":-1,"y":-1}]}"#)]
    #[case(r#"{"requests":[{"x":7,"y":77}],"responses":[]}"#)]
    #[case(r#"{"requests":[{"x":7}],"responses":[]}"#)]
    fn refuses_bad_histories(#[case] text: &str) {
        let input = parse_input(text).unwrap();
        assert!(input.turns.history(GOMOKU).is_err(), "{text}");
    }

    #[test]
    fn refuses_the_wrong_turn() {
        assert!(Turns::<Coords>::encode(GOMOKU, &words("h8"), 0).is_err());
        assert!(Turns::<Coords>::encode(GOMOKU, &words(""), 1).is_err());
        assert!(Turns::<Coords>::encode(GOMOKU, &words(""), 2).is_err());
    }

    #[rstest]
    #[case(Some(serde_json::json!(1)), Some(1000))]
    #[case(Some(serde_json::json!(6)), Some(6000))]
    #[case(Some(serde_json::json!(0.5)), Some(500))]
    #[case(Some(serde_json::json!("2")), Some(2000))]
    #[case(Some(serde_json::json!(1500)), Some(1500))]
    #[case(Some(serde_json::json!(-1)), None)]
    #[case(Some(serde_json::json!("x")), None)]
    #[case(None, None)]
    fn reads_time_limits(#[case] limit: Option<Value>, #[case] ms: Option<u64>) {
        let input = Input {
            time_limit: limit,
            ..Input::default()
        };
        assert_eq!(input.time_limit_ms(), ms);
    }

    #[rstest]
    #[case(r#"{"response":{"x":7,"y":7}}"#, true)]
    #[case(
        r#"{"response":{"x":7,"y":7},"debug":"d","data":"","globaldata":"g"}"#,
        true
    )]
    #[case(r#"{"debug":"d"}"#, false)]
    #[case(r#"{"response":{"x":7,"y":7},"debug":5}"#, false)]
    #[case("7 7", false)]
    #[case("", false)]
    fn reads_outputs(#[case] line: &str, #[case] good: bool) {
        let output = parse_output(line);
        assert_eq!(output.is_ok(), good, "{line}: {output:?}");
        if let Ok(output) = output {
            assert_eq!(parse_output(&output.to_line()), Ok(output));
        }
    }

    #[rstest]
    #[case(r#"{"response":{"x":7,"y":7},"debug":5}"#, "field `debug` is a number")]
    #[case(
        r#"{"response":{"x":7,"y":7},"data":{"a":1}}"#,
        "field `data` is an object"
    )]
    #[case(r#"{"x":7,"y":7}"#, "no `response` field")]
    fn reads_outputs_leniently_with_a_warning(#[case] line: &str, #[case] warning: &str) {
        let (output, warnings) = read_output(line).unwrap();
        assert!(warnings.iter().any(|w| w.contains(warning)), "{warnings:?}");
        assert_eq!(
            GOMOKU.from_json(&output.response).unwrap(),
            Coords(vec![7, 7])
        );
        assert!(parse_output(line).unwrap_err().message.contains(warning));
    }

    #[test]
    fn writes_outputs() {
        let output = Output {
            response: GOMOKU.to_json(&Coords(vec![7, 7])),
            debug: Some("depth 3".to_owned()),
            ..Output::default()
        };
        assert_eq!(
            output.to_line(),
            r#"{"response":{"x":7,"y":7},"debug":"depth 3"}"#
        );
        let simple = SimpleOutput {
            response: "7 7".to_owned(),
            data: Some("d".to_owned()),
            ..SimpleOutput::default()
        };
        assert_eq!(simple.to_text(), "7 7\n\nd\n");
    }

    #[rstest]
    #[case(&["1", "-1 -1"], 1, 0)]
    #[case(&["2", "7 7", "7 6", "8 8", "data", "global"], 2, 1)]
    #[case(&["2", "7 7", "7 6", "8 8"], 2, 1)]
    fn reads_simple_inputs(
        #[case] lines: &[&str],
        #[case] requests: usize,
        #[case] responses: usize,
    ) {
        let input = parse_simple_input(lines).unwrap();
        assert_eq!(
            (input.turns.requests.len(), input.turns.responses.len()),
            (requests, responses)
        );
    }

    #[rstest]
    #[case(&[])]
    #[case(&["0"])]
    #[case(&["x"])]
    #[case(&["2", "7 7", "7 6"])]
    #[case(&["99999999999999999999"])]
    fn refuses_bad_simple_inputs(#[case] lines: &[&str]) {
        assert!(parse_simple_input(lines).is_err());
    }

    #[rstest]
    #[case(r#"{"x":3,"y":4}"#, false)]
    #[case(r#"{"requests":[{"x":-1,"y":-1}],"responses":[]}"#, true)]
    fn reads_keep_running_turns(#[case] line: &str, #[case] full: bool) {
        let turn = parse_turn(line).unwrap();
        assert_eq!(matches!(turn, Turn::Full(_)), full);
        assert!(parse_turn("garbage").is_err());
    }
}
