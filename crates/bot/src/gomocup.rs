//! The bot's side of Gomocup/Piskvork (see [`arbiter_protocol::gomocup`]).
//!
//! The game is kept as the list of stones in placement order; colours alternate from black
//! (swap2's colour choices move players, never stones). Each position is set up by replaying
//! that list in the plain variant `<rule>@<size>`; when a `BOARD` list does not replay (a renju
//! board not in move order, say), the stones are set up as a diagram-free one-line position.
//!
//! `INFO rule` chooses the rule ([`arbiter_protocol::gomocup::variant_for_rule`]: 0 freestyle,
//! 1 standard, 4 renju, bit 2 ignored); any other value is answered `ERROR` and the rule stays.
//! The `--variant` option gives the rule before any `INFO rule` (default `freestyle`); its opening
//! and size parts are ignored (`START` gives the size, `SWAP2BOARD` the opening).

use std::io::BufRead;

use arbiter_gomoku::GomokuVariant;

use arbiter_engine::{Budget, Position, PositionRequest};
use arbiter_protocol::encoding::{gomoku_point_to_xy, gomoku_xy_to_point};
use arbiter_protocol::gomocup::{BoardStone, Command, CommandReader, EngineLine, variant_for_rule};

use super::{BotError, Fault, NAME, Out, Phrased, Player, Reply, read_line};

/// The default board before `START` (Gomocup always sends `START` first).
const DEFAULT_SIZE: u8 = 15;

/// The game the manager and the bot play.
struct Session {
    /// `freestyle`, `standard`, `renju` or `renju-foul-loses`.
    rule: String,
    size: u8,
    /// Stones in placement order (black first), in our notation.
    stones: Vec<String>,
    /// A `BOARD` no alternating game reaches, as it stands (then `stones` is unused).
    standing: Option<Standing>,
    /// `INFO timeout_turn`, ms (0: as fast as possible).
    timeout_turn: Option<u64>,
    /// `INFO time_left`, ms.
    time_left: Option<u64>,
    /// Move requests answered so far.
    answered: u32,
}

/// Stones as they stand, and whose turn it is.
struct Standing {
    black: Vec<String>,
    white: Vec<String>,
    black_to_move: bool,
}

/// What a `BOARD` block gives: a game in move order, or stones as they stand.
enum Placement {
    Order(Vec<String>),
    Standing(Standing),
}

impl Session {
    /// No game yet: the `--variant` option's rule on the default board.
    fn new(variant: &str) -> Session {
        Session {
            rule: rule_of(variant),
            size: DEFAULT_SIZE,
            stones: Vec::new(),
            standing: None,
            timeout_turn: None,
            time_left: None,
            answered: 0,
        }
    }

    /// `START`/`RECTSTART`: an empty board `size` points a side, if gomoku is played on it;
    /// else `refusal` and the board stays.
    fn start(&mut self, size: Option<u8>, refusal: impl FnOnce() -> String) -> EngineLine {
        let range = arbiter_gomoku::MIN_SIZE..=arbiter_gomoku::MAX_SIZE;
        match size.filter(|size| range.contains(size)) {
            Some(size) => {
                self.size = size;
                self.clear();
                EngineLine::Ok
            }
            None => EngineLine::Error(refusal()),
        }
    }

    /// `TAKEBACK x,y`: the last stone taken back, if it stands at `x,y`.
    fn take_back(&mut self, x: i32, y: i32) -> EngineLine {
        let point = gomoku_xy_to_point(x, y, self.size).ok();
        if self.standing.is_none() && point.is_some() && self.stones.last() == point.as_ref() {
            self.stones.pop();
            EngineLine::Ok
        } else {
            EngineLine::Error(format!("{x},{y} is not the last move"))
        }
    }

    /// An empty board.
    fn clear(&mut self) {
        self.stones.clear();
        self.standing = None;
    }

    /// A game in placement order.
    fn set(&mut self, stones: Vec<String>) {
        self.stones = stones;
        self.standing = None;
    }

    /// The next stone, of the side to move.
    fn place(&mut self, point: String) {
        match &mut self.standing {
            Some(standing) => {
                if standing.black_to_move {
                    standing.black.push(point);
                } else {
                    standing.white.push(point);
                }
                standing.black_to_move = !standing.black_to_move;
            }
            None => self.stones.push(point),
        }
    }

    fn plain_variant(&self) -> String {
        format!("{}@{}", self.rule, self.size)
    }

    fn turn_ms(&self) -> Option<u64> {
        let turn = match self.timeout_turn {
            Some(0) => Some(100),
            other => other,
        };
        // A match clock: spend at most a twentieth of what is left on one move.
        match (turn, self.time_left) {
            (Some(turn), Some(left)) => Some(turn.min(left / 20)),
            (None, Some(left)) => Some(left / 20),
            (turn, None) => turn,
        }
    }

    /// The position after the stones, in the plain variant.
    fn position(&self, player: &Player) -> Result<Box<dyn Position>, String> {
        let variant = self.plain_variant();
        let (black, white, to_move): (Vec<&str>, Vec<&str>, &str) = match &self.standing {
            Some(standing) => (
                standing.black.iter().map(String::as_str).collect(),
                standing.white.iter().map(String::as_str).collect(),
                if standing.black_to_move {
                    "black"
                } else {
                    "white"
                },
            ),
            None => {
                if let Ok(position) = player.replay(&variant, &self.stones) {
                    return Ok(position);
                }
                // Not playable in this order: set the stones up as they stand.
                let black = self.stones.iter().step_by(2).map(String::as_str).collect();
                let white = self
                    .stones
                    .iter()
                    .skip(1)
                    .step_by(2)
                    .map(String::as_str)
                    .collect();
                let to_move = if self.stones.len().is_multiple_of(2) {
                    "black"
                } else {
                    "white"
                };
                (black, white, to_move)
            }
        };
        let text = format!(
            "black: {}; white: {}; to-move: {to_move}",
            list(&black),
            list(&white)
        );
        let request = PositionRequest {
            text: Some(text),
            ..PositionRequest::default()
        };
        player
            .engine()
            .position(&variant, &request)
            .map_err(|e| e.to_string())
    }
}

fn list(points: &[&str]) -> String {
    if points.is_empty() {
        "-".to_owned()
    } else {
        points.join(",")
    }
}

/// The rule part of a gomoku variant name (`renju+swap2@20` → `renju`).
fn rule_of(variant: &str) -> String {
    match variant.parse::<GomokuVariant>() {
        Ok(parsed) => {
            let name = parsed.to_string();
            name.split(['+', '@'])
                .next()
                .unwrap_or("freestyle")
                .to_owned()
        }
        Err(_) => "freestyle".to_owned(),
    }
}

pub(super) fn run(
    player: &Player,
    input: &mut dyn BufRead,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    if player.engine().game() != "gomoku" {
        return Err(BotError::Input(format!(
            "the gomocup protocol plays gomoku, not {}",
            player.engine().game()
        )));
    }
    let mut session = Session::new(&player.variant);
    let mut reader = CommandReader::new();
    while let Some(line) = read_line(input)? {
        let command = match reader.feed(&line) {
            None => continue,
            Some(Ok(command)) => command,
            Some(Err(error)) => {
                out.line(&EngineLine::Error(error.message).to_line())?;
                continue;
            }
        };
        let answer = match command {
            Command::End => return Ok(()),
            Command::Start(n) => Some(session.start(u8::try_from(n).ok(), || {
                format!("unsupported board size {n}: 5 to 20")
            })),
            Command::RectStart(w, h) => {
                let size = u8::try_from(w).ok().filter(|_| w == h);
                Some(session.start(size, || {
                    format!("unsupported board {w}x{h}: square boards 5 to 20 only")
                }))
            }
            Command::Restart => {
                session.clear();
                Some(EngineLine::Ok)
            }
            Command::Info { key, value } => info(&mut session, &key, &value),
            Command::About => Some(about(player)),
            Command::Takeback(x, y) => Some(session.take_back(x, y)),
            Command::Begin => {
                session.clear();
                move_answer(player, &mut session, out)?
            }
            Command::Turn(x, y) => match gomoku_xy_to_point(x, y, session.size) {
                Ok(point) => {
                    session.place(point);
                    move_answer(player, &mut session, out)?
                }
                Err(error) => Some(EngineLine::Error(error.message)),
            },
            Command::Board(stones) => board(player, &mut session, &stones, out)?,
            Command::Swap2Board(stones) => swap2(player, &mut session, &stones, out)?,
            Command::Other(line) => Some(other(player, &line)),
        };
        if let Some(answer) = answer {
            out.line(&answer.to_line())?;
        }
    }
    Ok(())
}

/// The `ABOUT` answer (none under the `no-about` fault).
fn about(player: &Player) -> EngineLine {
    if player.fault() == Some(Fault::NoAbout) {
        return EngineLine::Unknown("ABOUT is not supported".to_owned());
    }
    EngineLine::About(vec![
        ("name".to_owned(), NAME.to_owned()),
        ("version".to_owned(), env!("CARGO_PKG_VERSION").to_owned()),
        ("author".to_owned(), "arbiter".to_owned()),
        ("country".to_owned(), "-".to_owned()),
    ])
}

/// The answer to a command the bot does not know (`ERROR` under the `error-for-unknown`
/// fault).
fn other(player: &Player, line: &str) -> EngineLine {
    if player.fault() == Some(Fault::ErrorForUnknown) {
        return EngineLine::Error(format!("cannot do {line}"));
    }
    EngineLine::Unknown(format!(
        "unknown command {}",
        line.split_whitespace().next().unwrap_or("")
    ))
}

/// Answers `BOARD`: the stones set up, then a move request.
fn board(
    player: &Player,
    session: &mut Session,
    stones: &[BoardStone],
    out: &mut Out<'_>,
) -> Result<Option<EngineLine>, BotError> {
    match board_stones(stones, session.size) {
        Ok(Placement::Order(list)) => session.set(list),
        Ok(Placement::Standing(standing)) => {
            session.clear();
            session.standing = Some(standing);
        }
        Err(message) => return Ok(Some(EngineLine::Error(message))),
    }
    move_answer(player, session, out)
}

/// Applies `INFO key value`; answers only a refused rule.
fn info(session: &mut Session, key: &str, value: &str) -> Option<EngineLine> {
    let number = value.trim().parse::<u64>().ok();
    match key {
        "timeout_turn" => session.timeout_turn = number,
        "time_left" => session.time_left = number,
        "rule" => match number
            .and_then(|n| u32::try_from(n).ok())
            .map(variant_for_rule)
        {
            Some(Ok(rule)) => session.rule = rule.to_owned(),
            Some(Err(error)) => return Some(EngineLine::Error(error.message)),
            None => return Some(EngineLine::Error(format!("bad INFO rule value {value:?}"))),
        },
        // timeout_match, max_memory, game_type, folder, evaluate: nothing to do.
        _ => {}
    }
    None
}

/// The `BOARD` stones: a placement list when the counts alternate (own (1) and opponent (2)
/// stones interleaved from black, each colour in the order given; the engine is to move, so
/// equal counts make it black), else the stones as they stand (the side with more stones is
/// black).
fn board_stones(stones: &[BoardStone], size: u8) -> Result<Placement, String> {
    let mut own = Vec::new();
    let mut opponent = Vec::new();
    for stone in stones {
        let point = gomoku_xy_to_point(stone.x, stone.y, size).map_err(|e| e.message)?;
        match stone.field {
            1 => own.push(point),
            2 => opponent.push(point),
            _ => {
                return Err(format!(
                    "BOARD field 3 (continuous game) at {},{} is not supported",
                    stone.x, stone.y
                ));
            }
        }
    }
    let (black, white) = if own.len() == opponent.len() {
        (own, opponent)
    } else if opponent.len() == own.len() + 1 {
        (opponent, own)
    } else {
        let black_to_move = own.len() > opponent.len();
        let (black, white) = if black_to_move {
            (own, opponent)
        } else {
            (opponent, own)
        };
        return Ok(Placement::Standing(Standing {
            black,
            white,
            black_to_move,
        }));
    };
    let mut list = Vec::with_capacity(black.len() + white.len());
    for (i, point) in black.into_iter().enumerate() {
        list.push(point);
        if let Some(point) = white.get(i) {
            list.push(point.clone());
        }
    }
    Ok(Placement::Order(list))
}

/// Answers a move request (`BEGIN`, `TURN`, `BOARD`) and records the move played; `None` when
/// a faulty line was written already.
fn move_answer(
    player: &Player,
    session: &mut Session,
    out: &mut Out<'_>,
) -> Result<Option<EngineLine>, BotError> {
    let position = match session.position(player) {
        Ok(position) => position,
        Err(message) => return Ok(Some(EngineLine::Error(message))),
    };
    session.answered += 1;
    let budget = player.budget(session.turn_ms());
    let reply = player.reply(position.as_ref(), session.answered, budget);
    if let Reply::Move { mv, .. } = &reply {
        // Recorded before encoding: a fault's move is the bot's move too.
        session.place(mv.clone());
    }
    if player.fault() == Some(Fault::ErrorLines) {
        out.line("ERROR Failed to allocate the hash table (arbiter-bot fault error-lines)")?;
        out.line("ERROR still thinking")?;
    }
    let answer = fault_or_move(reply, session.size, out)?;
    if player.fault() == Some(Fault::ExtraLine)
        && let Some(answer) = &answer
    {
        // The answer, then the same line again: a manager that does not resynchronise reads
        // the second as the answer to its next command.
        out.line(&answer.to_line())?;
    }
    Ok(answer)
}

/// The answer line of a reply: a move `X,Y`, a faulty answer, or `None` once a raw line has been
/// written.
fn fault_or_move(
    reply: Reply,
    size: u8,
    out: &mut Out<'_>,
) -> Result<Option<EngineLine>, BotError> {
    let side = i32::from(size);
    let phrased = out.fault_reply(reply, None, |mv| {
        let (x, y) = gomoku_point_to_xy(mv, size).unwrap_or((-1, -1));
        Ok(format!("{x},{y}"))
    })?;
    Ok(phrased.map(|phrased| match phrased {
        Phrased::Move { mv, .. } => match gomoku_point_to_xy(&mv, size) {
            Ok((x, y)) => EngineLine::Move(x, y),
            Err(error) => EngineLine::Error(error.message),
        },
        Phrased::OffBoard => EngineLine::Move(side, side),
        Phrased::Pass => EngineLine::Move(-1, -1),
        Phrased::GameOver => EngineLine::Error("the game is over".to_owned()),
    }))
}

/// Answers `SWAP2BOARD` with the stones placed so far (0, 3 or 5).
fn swap2(
    player: &Player,
    session: &mut Session,
    stones: &[(i32, i32)],
    out: &mut Out<'_>,
) -> Result<Option<EngineLine>, BotError> {
    let points = match swap2_points(stones, session.size) {
        Ok(points) => points,
        Err(message) => return Ok(Some(EngineLine::Error(message))),
    };
    let variant = format!("{}+swap2@{}", session.rule, session.size);
    let mut position = match player.replay(&variant, &swap2_history(&points)) {
        Ok(position) => position,
        Err(error) => return Ok(Some(EngineLine::Error(error.to_string()))),
    };
    session.answered += 1;
    let budget = player.budget(session.turn_ms());
    // The first decision goes through the faults; the stones that follow are plain choices.
    let first = match player.reply(position.as_ref(), session.answered, budget) {
        Reply::Move { mv, .. } => mv,
        other => return fault_or_move(other, session.size, out),
    };
    match swap2_decision(player, position.as_mut(), budget, points.len(), first) {
        Swap2Decision::Stones(placed) => Ok(Some(placed_stones(session, points, placed))),
        Swap2Decision::Swap => {
            // The deciding player takes the other colour; the stones stay as they are.
            session.set(points);
            Ok(Some(EngineLine::Swap))
        }
        Swap2Decision::Faulty(mv) => {
            // A fault's illegal or forbidden stone: answer it as it is.
            fault_or_move(Reply::Move { mv, report: None }, session.size, out)
        }
        Swap2Decision::Refused(message) => Ok(Some(EngineLine::Error(message))),
    }
}

/// What the player decided at a swap2 turn.
enum Swap2Decision {
    /// The stones to place, in order.
    Stones(Vec<String>),
    /// The other colour, the stones as they are.
    Swap,
    /// A stone the rules refuse, chosen under a fault.
    Faulty(String),
    /// No stone to place, or one the rules refuse: the `ERROR` text.
    Refused(String),
}

/// The points of the `SWAP2BOARD` stones, which must be 0, 3 or 5.
fn swap2_points(stones: &[(i32, i32)], size: u8) -> Result<Vec<String>, String> {
    let points = stones
        .iter()
        .map(|&(x, y)| gomoku_xy_to_point(x, y, size))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| error.message)?;
    if !matches!(points.len(), 0 | 3 | 5) {
        return Err(format!(
            "SWAP2BOARD with {} stones: expected 0, 3 or 5",
            points.len()
        ));
    }
    Ok(points)
}

/// The swap2 history: the first three stones, then `put-two` before stones 4 and 5.
fn swap2_history(points: &[String]) -> Vec<String> {
    let mut moves: Vec<String> = points.iter().take(3).cloned().collect();
    if points.len() == 5 {
        moves.push("put-two".to_owned());
        moves.extend(points[3..].iter().cloned());
    }
    moves
}

/// The decision that starts with `first` (the player's reply), completed by plain choices:
/// three stones on an empty board, two after `put-two`, otherwise the one decision.
fn swap2_decision(
    player: &Player,
    position: &mut dyn Position,
    budget: Budget,
    given: usize,
    first: String,
) -> Swap2Decision {
    let mut decision = Some(first);
    let wanted = match (given, decision.as_deref()) {
        (0, _) => 3,
        (3, Some("put-two")) => 2,
        _ => 1,
    };
    if decision.as_deref() == Some("put-two") {
        let _ = position.play("put-two");
        decision = None;
    }
    let mut placed: Vec<String> = Vec::new();
    while placed.len() < wanted {
        let mv = match decision.take() {
            Some(mv) => mv,
            None => match player.choose(position, budget, super::player::SOLVE_FIRST_NODES) {
                Some((mv, _)) => mv,
                None => return Swap2Decision::Refused("no stone to place".to_owned()),
            },
        };
        if mv == "swap" {
            return Swap2Decision::Swap;
        }
        if let Err(refusal) = position.play(&mv) {
            if player.fault().is_some() {
                return Swap2Decision::Faulty(mv);
            }
            return Swap2Decision::Refused(format!("cannot place {mv}: {refusal}"));
        }
        placed.push(mv);
    }
    Swap2Decision::Stones(placed)
}

/// The answer naming the `placed` stones (one `X,Y` or a list), recorded after `points`.
fn placed_stones(
    session: &mut Session,
    mut points: Vec<String>,
    placed: Vec<String>,
) -> EngineLine {
    let xy = match placed
        .iter()
        .map(|mv| gomoku_point_to_xy(mv, session.size))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(xy) => xy,
        Err(error) => return EngineLine::Error(error.message),
    };
    points.extend(placed);
    session.set(points);
    if xy.len() == 1 {
        EngineLine::Move(xy[0].0, xy[0].1)
    } else {
        EngineLine::Stones(xy)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Protocol;
    use arbiter_protocol::gomocup::EngineLine;

    fn session(variant: &str, input: &str) -> Vec<EngineLine> {
        super::super::session(
            Protocol::Gomocup,
            ("gomoku", Some(variant)),
            300,
            None,
            input,
        )
        .iter()
        .map(|line| EngineLine::parse(line).unwrap())
        .collect()
    }

    #[test]
    fn plays_a_game_start() {
        let answers = session(
            "freestyle",
            "START 15\r\nINFO rule 4\r\nINFO timeout_turn 1000\r\nBEGIN\r\nTURN 0,0\r\nABOUT\r\nFOO\r\nEND\r\n",
        );
        assert_eq!(answers[0], EngineLine::Ok);
        assert!(matches!(answers[1], EngineLine::Move(..)));
        assert!(matches!(answers[2], EngineLine::Move(..)));
        assert_ne!(answers[1], answers[2]);
        assert!(matches!(answers[3], EngineLine::About(_)));
        assert!(matches!(answers[4], EngineLine::Unknown(_)));
        assert_eq!(answers.len(), 5);
    }

    #[rstest::rstest]
    #[case("START 30\r\n")]
    #[case("RECTSTART 20,15\r\n")]
    #[case("START 15\r\nINFO rule 8\r\n")]
    #[case("START 15\r\nBOARD\r\n7,7,3\r\nDONE\r\n")]
    fn refuses_what_it_cannot_play(#[case] input: &str) {
        let answers = session("freestyle", input);
        assert!(
            matches!(answers.last(), Some(EngineLine::Error(_))),
            "{answers:?}"
        );
    }

    #[test]
    fn board_sets_up_the_position() {
        // Opponent (black) h8 and j10, own (white) i9: the bot is white, to move.
        let answers = session(
            "renju",
            "START 15\r\nBOARD\r\n7,7,2\r\n8,6,1\r\n9,5,2\r\nDONE\r\n",
        );
        let EngineLine::Move(x, y) = answers[1] else {
            panic!("{answers:?}")
        };
        assert!(![(7, 7), (8, 6), (9, 5)].contains(&(x, y)));
    }

    #[test]
    fn a_board_no_game_reaches_is_played_as_it_stands() {
        // Two own stones, none of the opponent's: the bot is black, to move, and then the
        // manager's TURN is white's stone.
        let answers = session(
            "freestyle",
            "START 15\r\nBOARD\r\n7,7,1\r\n8,8,1\r\nDONE\r\nTURN 0,0\r\n",
        );
        let [
            EngineLine::Ok,
            EngineLine::Move(x1, y1),
            EngineLine::Move(x2, y2),
        ] = answers.as_slice()
        else {
            panic!("{answers:?}")
        };
        for point in [(*x1, *y1), (*x2, *y2)] {
            assert!(![(7, 7), (8, 8), (0, 0)].contains(&point), "{answers:?}");
        }
        assert_ne!((x1, y1), (x2, y2));
    }

    #[test]
    fn swap2_answers() {
        let answers = session(
            "freestyle",
            "START 15\r\nSWAP2BOARD\r\nDONE\r\nSWAP2BOARD\r\n7,7\r\n8,7\r\n7,9\r\nDONE\r\n\
             SWAP2BOARD\r\n7,7\r\n8,7\r\n7,9\r\n9,9\r\n10,10\r\nDONE\r\nRESTART\r\n",
        );
        assert!(
            matches!(&answers[1], EngineLine::Stones(s) if s.len() == 3),
            "{answers:?}"
        );
        assert!(
            matches!(&answers[2], EngineLine::Swap | EngineLine::Move(..))
                || matches!(&answers[2], EngineLine::Stones(s) if s.len() == 2),
            "{answers:?}"
        );
        assert!(
            matches!(&answers[3], EngineLine::Swap | EngineLine::Move(..)),
            "{answers:?}"
        );
        assert_eq!(answers[4], EngineLine::Ok);
    }

    #[test]
    fn swap2_refuses_a_board_it_cannot_read() {
        // Four stones: not a swap2 stage. An off-board stone is named before the count.
        let answers = session(
            "freestyle",
            "START 15\r\nSWAP2BOARD\r\n7,7\r\n8,7\r\n7,9\r\n9,9\r\nDONE\r\n\
             SWAP2BOARD\r\n7,7\r\n8,7\r\n7,9\r\n15,0\r\nDONE\r\n",
        );
        assert_eq!(
            answers[1],
            EngineLine::Error("SWAP2BOARD with 4 stones: expected 0, 3 or 5".to_owned())
        );
        assert!(
            matches!(&answers[2], EngineLine::Error(m) if m.contains("off the 15x15 board")),
            "{answers:?}"
        );
        assert_eq!(answers.len(), 3, "{answers:?}");
    }
}
