//! The bot's side of GTP (see [`arbiter_protocol::gtp`]): an engine as a Go server or GUI
//! expects one. It starts in the variant it was given; the game settings a controller sends
//! change it, as they change a Go program's rules.
//!
//! Answered: the administrative commands (`protocol_version` 2, `name`, `version`,
//! `known_command`, `list_commands`, `quit`), `boardsize` (2 to 19), `clear_board`, `komi`
//! (half-integers, as arbiter's Go variants have them), `fixed_handicap` (on an empty board),
//! `kgs-rules` and `kata-set-rules` (arbiter's profile names, KGS's four), each of which starts
//! a new game in the changed variant; `play` (the side to move only; a move the rules refuse is
//! `? illegal move`), `genmove` and `kgs-genmove_cleanup` (the move is played), `undo`,
//! `time_settings` and `time_left` (the search takes a share of the time they leave a move),
//! `final_score` (the rules' count of the board as it stands, every stone alive, komi
//! included), `final_status_list` (`dead` and `seki` empty: the bot counts every stone as
//! alive), `showboard`. Anything else is `? unknown command`. Ids are echoed; empty lines and
//! comments are skipped.
//!
//! Hex is answered in HTP, as Benzene (MoHex) answers it: `boardsize N` or `boardsize N N`,
//! no `komi`, no handicap and no count; `play`/`genmove` with `swap-pieces` in Benzene's
//! reading, translated as [`GtpGame`] says for a `swap-mirror` bot; `param_game allow_swap
//! 0|1` turns the swap rule off or on (on: the bot's own reading, `swap-sides` when it had
//! none); `genmove` in a finished game answers `resign`, as Benzene does.

use std::io::BufRead;

use arbiter_engine::Position;
use arbiter_protocol::gtp::{
    Colour, Command, GtpGame, Move, REQUIRED, Request, Response, Status, parse_command,
};

use super::{BotError, Fault, NAME, Out, Phrased, Player, Reply, read_line};

/// The commands the bot answers beside GTP's required ones ([`REQUIRED`]).
const OPTIONAL: [&str; 11] = [
    "fixed_handicap",
    "kgs-genmove_cleanup",
    "undo",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "kgs-rules",
    "kata-set-rules",
    "final_score",
    "final_status_list",
    "showboard",
];

/// The commands the bot answers in HTP (Hex) beside GTP's required ones but `komi`.
const HEX_OPTIONAL: [&str; 6] = [
    "undo",
    "time_settings",
    "time_left",
    "param_game",
    "final_score",
    "showboard",
];

/// How many moves a game clock is shared over, when it has no byo-yomi.
const MOVES_LEFT: u64 = 40;

/// The game as the bot keeps it: the variant the settings made, the moves since `clear_board`
/// and the clock.
struct Game {
    variant: String,
    codec: GtpGame,
    position: Box<dyn Position>,
    moves: Vec<String>,
    /// The time for the next move, in ms, from `time_settings`/`time_left`.
    turn_ms: Option<u64>,
    /// Byo-yomi as `time_settings` set it: (period seconds, stones).
    byo_yomi: Option<(u32, u32)>,
}

pub(super) fn run(
    player: &Player,
    input: &mut dyn BufRead,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let codec = player.codec(GtpGame::for_game)?;
    let mut game = Game {
        variant: player.variant.clone(),
        codec,
        position: player.start(&player.variant)?,
        moves: Vec::new(),
        turn_ms: None,
        byo_yomi: None,
    };
    let mut answered = 0;
    while let Some(line) = read_line(input)? {
        let command = match parse_command(&line) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(error) => {
                eprintln!("arbiter-bot: ignoring `{line}`: {error}");
                continue;
            }
        };
        let request = match Request::parse(&command, game.codec.dialect, game.codec.size) {
            Ok(request) => request,
            Err(error) => {
                respond(out, &Response::failure(&command, error.message))?;
                continue;
            }
        };
        let response = match request {
            Some(Request::Quit) => {
                respond(out, &Response::success(&command, ""))?;
                return Ok(());
            }
            Some(Request::GenMove(colour) | Request::KgsGenMoveCleanup(colour)) => {
                answered += 1;
                match genmove(player, &mut game, colour, answered, &command, out)? {
                    Some(response) => response,
                    None => continue,
                }
            }
            Some(request) => answer(player, &mut game, &command, request)?,
            None if command.name == "param_game" && game.codec.swap_command().is_some() => {
                param_game(player, &mut game, &command)
            }
            None if player.fault() == Some(Fault::ErrorForUnknown) => {
                // The fault: an unknown command acknowledged as if it had been done.
                Response::success(&command, "")
            }
            None => Response::failure(&command, "unknown command"),
        };
        respond(out, &response)?;
    }
    Ok(())
}

fn respond(out: &mut Out<'_>, response: &Response) -> Result<(), BotError> {
    // `format` ends with the empty line; `Out::line` adds the last line end.
    let text = response.format();
    out.line(text.strip_suffix('\n').unwrap_or(&text))?;
    Ok(())
}

/// The colour whose turn it is after the game's moves.
fn to_move(game: &Game) -> Colour {
    game.codec.colour_after(&game.moves)
}

/// Whether the bot plays Hex (HTP) rather than Go.
fn is_hex(game: &Game) -> bool {
    !game.codec.counted
}

/// The commands the bot answers in this game.
fn commands(game: &Game) -> Vec<&'static str> {
    if is_hex(game) {
        REQUIRED
            .iter()
            .filter(|&&command| command != "komi")
            .chain(&HEX_OPTIONAL)
            .copied()
            .collect()
    } else {
        REQUIRED.iter().chain(&OPTIONAL).copied().collect()
    }
}

/// Benzene's `param_game`: alone, the settings (`[bool] allow_swap 0|1`); with `allow_swap
/// 0|1`, a new game with the swap rule off, or on (the bot's reading, else Benzene's).
fn param_game(player: &Player, game: &mut Game, command: &Command) -> Response {
    use arbiter_hex::{HexVariant, SwapRule};
    let Ok(current) = game.variant.parse::<HexVariant>() else {
        return Response::failure(command, "no hex variant");
    };
    match command.args.as_slice() {
        [] => Response::success(
            command,
            format!(
                "[bool] allow_swap {}",
                u8::from(current.swap != SwapRule::None)
            ),
        ),
        [name, value] if name == "allow_swap" => {
            let swap = match value.as_str() {
                "0" | "false" => SwapRule::None,
                "1" | "true" if current.swap == SwapRule::None => SwapRule::Sides,
                "1" | "true" => current.swap,
                _ => return Response::failure(command, "allow_swap takes 0 or 1"),
            };
            let variant = HexVariant { swap, ..current }.to_string();
            match game.start(player, variant) {
                Ok(()) => Response::success(command, ""),
                Err(why) => Response::failure(command, why),
            }
        }
        _ => Response::failure(command, "unknown parameter (the bot has allow_swap)"),
    }
}

/// A game setting a controller changes: each starts a new game in the changed variant.
enum Setting {
    Size(u8),
    Rules(String),
    Komi(f64),
    Handicap(u8),
}

impl Game {
    /// A new game in `variant`, with no move.
    fn start(&mut self, player: &Player, variant: String) -> Result<(), String> {
        let codec =
            GtpGame::for_game(player.engine().game(), &variant).map_err(|error| error.message)?;
        self.position = player.start(&variant).map_err(|error| error.to_string())?;
        self.codec = codec;
        self.variant = variant;
        self.moves.clear();
        Ok(())
    }

    /// The variant with `setting` changed (Go's variants carry every setting; Hex's, the size).
    fn changed(&self, player: &Player, setting: Setting) -> Result<String, String> {
        use arbiter_go::{GoVariant, Profile, Rules};
        if player.engine().game() == "hex" {
            return match setting {
                Setting::Size(size) => {
                    let current: arbiter_hex::HexVariant = self.variant.parse()?;
                    format!("{}@{size}", current.swap.name())
                        .parse::<arbiter_hex::HexVariant>()
                        .map(|variant| variant.to_string())
                }
                _ => Err("Hex has no komi, handicap or rules to set".to_owned()),
            };
        }
        if player.engine().game() != "go" {
            return Err(format!("this bot plays {} only", self.variant));
        }
        let current: GoVariant = self.variant.parse()?;
        let changed = match setting {
            Setting::Size(size) => GoVariant { size, ..current },
            Setting::Handicap(handicap) => GoVariant {
                handicap,
                ..current
            },
            Setting::Komi(komi) => {
                return format!("{current},komi={komi}")
                    .parse::<GoVariant>()
                    .map(|variant| variant.to_string());
            }
            Setting::Rules(name) => {
                let name = if name == "new_zealand" {
                    "new-zealand"
                } else {
                    &name
                };
                let profile = Profile::ALL
                    .into_iter()
                    .find(|profile| profile.name() == name)
                    .ok_or_else(|| format!("unknown rules `{name}`"))?;
                GoVariant {
                    profile,
                    rules: Rules {
                        komi_halves: current.rules.komi_halves,
                        ..profile.rules()
                    },
                    ..current
                }
            }
        };
        // Read back, so that a size or handicap the rules refuse is an error here.
        changed
            .to_string()
            .parse::<GoVariant>()
            .map(|variant| variant.to_string())
    }

    /// Applies `setting`: `=` or `?` with the reason.
    fn set(
        &mut self,
        player: &Player,
        command: &Command,
        setting: Setting,
        refusal: &str,
    ) -> Response {
        match self
            .changed(player, setting)
            .and_then(|variant| self.start(player, variant))
        {
            Ok(()) => Response::success(command, ""),
            Err(why) => Response::failure(command, format!("{refusal} ({why})")),
        }
    }

    /// `clear_board`: a new game in the variant without its handicap.
    fn clear(&mut self, player: &Player) -> Result<(), BotError> {
        let plain = self
            .changed(player, Setting::Handicap(0))
            .unwrap_or_else(|_| self.variant.clone());
        self.start(player, plain).map_err(BotError::Input)
    }

    /// `fixed_handicap`: a new game with `stones` handicap stones, named in the response.
    fn fixed_handicap(&mut self, player: &Player, command: &Command, stones: u8) -> Response {
        let response = self.set(
            player,
            command,
            Setting::Handicap(stones),
            "invalid handicap",
        );
        if !response.success {
            return response;
        }
        // The variant's start holds the stones; name them from its one-line form.
        let vertices = handicap_vertices(&self.codec, &self.position.text()).join(" ");
        Response::success(command, vertices)
    }

    /// `play`: the opponent's move, by the side to move only.
    fn play(&mut self, command: &Command, colour: Colour, mv: Move) -> Response {
        if colour != to_move(self) {
            return Response::failure(
                command,
                format!("illegal move (it is {}'s turn)", to_move(self).name()),
            );
        }
        let text = self.codec.from_gtp(&self.moves, mv);
        if mv == Move::Resign {
            return Response::success(command, "");
        }
        match self.position.play(&text) {
            Ok(()) => {
                self.moves.push(text);
                Response::success(command, "")
            }
            Err(refusal) => Response::failure(command, format!("illegal move ({})", refusal.code)),
        }
    }

    /// `undo`: the last move taken back, the position replayed without it.
    fn undo(&mut self, player: &Player, command: &Command) -> Result<Response, BotError> {
        if self.moves.pop().is_none() {
            return Ok(Response::failure(command, "cannot undo"));
        }
        self.position = player.replay(&self.variant, &self.moves)?;
        Ok(Response::success(command, ""))
    }
}

/// Every request but `genmove` and `quit`.
fn answer(
    player: &Player,
    game: &mut Game,
    command: &Command,
    request: Request,
) -> Result<Response, BotError> {
    let ok = |text: &str| Ok(Response::success(command, text));
    let refuse = |text: &str| Ok(Response::failure(command, text));
    match request {
        Request::ProtocolVersion => ok("2"),
        Request::Name => ok(NAME),
        Request::Version => ok(env!("CARGO_PKG_VERSION")),
        Request::KnownCommand(name) => ok(if commands(game).contains(&name.as_str()) {
            "true"
        } else {
            "false"
        }),
        Request::ListCommands => ok(&commands(game).join("\n")),
        Request::Komi(_)
        | Request::FixedHandicap(_)
        | Request::KgsRules(_)
        | Request::KataSetRules(_)
        | Request::FinalStatusList(_)
            if is_hex(game) =>
        {
            refuse("unknown command")
        }
        Request::FinalScore if is_hex(game) => ok(&hex_score(game)),
        Request::BoardSize(size) => {
            Ok(game.set(player, command, Setting::Size(size), "unacceptable size"))
        }
        Request::ClearBoard => {
            game.clear(player)?;
            ok("")
        }
        Request::Komi(komi) => Ok(game.set(player, command, Setting::Komi(komi), "bad komi")),
        Request::FixedHandicap(stones) if game.moves.is_empty() && stones >= 2 => {
            Ok(game.fixed_handicap(player, command, stones))
        }
        Request::FixedHandicap(_) => refuse("invalid handicap (2 or more stones, before any move)"),
        Request::KgsRules(name) | Request::KataSetRules(name) => {
            Ok(game.set(player, command, Setting::Rules(name), "unknown rules"))
        }
        Request::Play(colour, mv) => Ok(game.play(command, colour, mv)),
        Request::Undo => game.undo(player, command),
        Request::TimeSettings {
            main,
            period,
            stones,
        } => {
            game.byo_yomi = (period > 0 && stones > 0).then_some((period, stones));
            game.turn_ms = clock_ms(main, 0, game.byo_yomi);
            ok("")
        }
        Request::TimeLeft { time, stones, .. } => {
            game.turn_ms = clock_ms(time, stones, game.byo_yomi);
            ok("")
        }
        Request::KgsTimeSettings(_) => ok(""),
        Request::FinalScore => ok(&final_score(player, game)),
        Request::FinalStatusList(Status::Alive) => {
            refuse("final_status_list alive is not supported (every stone is alive)")
        }
        Request::FinalStatusList(Status::Dead | Status::Seki) => ok(""),
        Request::ShowBoard => ok(&format!("\n{}", game.position.diagram())),
        _ => refuse("unknown command"),
    }
}

/// The ms for the next move: a byo-yomi period's share per stone once main time is spent, else
/// a share of the main time.
fn clock_ms(time: u32, stones: u32, byo_yomi: Option<(u32, u32)>) -> Option<u64> {
    let ms = u64::from(time) * 1000;
    if stones > 0 {
        return Some(ms / u64::from(stones));
    }
    match byo_yomi {
        // Main time left: spend it over some moves, never less than a period's stone.
        Some((period, stones)) => {
            Some((ms / MOVES_LEFT).max(u64::from(period) * 1000 / u64::from(stones.max(1))))
        }
        None if time == 0 => None,
        None => Some(ms / MOVES_LEFT),
    }
}

/// `genmove`: the reply, played on the board, or `None` when a fault already wrote the output.
fn genmove(
    player: &Player,
    game: &mut Game,
    colour: Colour,
    number: u32,
    command: &Command,
    out: &mut Out<'_>,
) -> Result<Option<Response>, BotError> {
    if colour != to_move(game) {
        return Ok(Some(Response::failure(
            command,
            format!("it is {}'s turn", to_move(game).name()),
        )));
    }
    let over = game.position.outcome().ok().flatten().is_some();
    if player.fault() == Some(Fault::ResignAt(number)) {
        eprintln!("arbiter-bot: resign-at:{number}: resigning");
        return Ok(Some(Response::success(command, "resign")));
    }
    let reply = if over {
        Reply::Pass
    } else {
        player.reply(game.position.as_ref(), number, player.budget(game.turn_ms))
    };
    let Some(phrased) = out.fault_reply(reply, None, |mv| Ok(format!("= {mv}")))? else {
        return Ok(None);
    };
    let text = match phrased {
        Phrased::Move { mv, .. } => {
            let Ok(gtp) = game.codec.to_gtp(&game.moves, &mv) else {
                return Ok(Some(Response::failure(
                    command,
                    format!("cannot write {mv}"),
                )));
            };
            if game.position.play(&mv).is_ok() {
                game.moves.push(mv);
            }
            game.codec.dialect.format_move(gtp)
        }
        // Hex has no pass: a finished game is resigned, as Benzene answers it.
        Phrased::Pass | Phrased::GameOver if is_hex(game) => "resign".to_owned(),
        Phrased::Pass | Phrased::GameOver => {
            if !over && game.position.play("pass").is_ok() {
                game.moves.push("pass".to_owned());
            }
            "pass".to_owned()
        }
        Phrased::OffBoard => "Z99".to_owned(),
    };
    let response = Response::success(command, text);
    if player.fault() == Some(Fault::ExtraLine) {
        // The response again, with its id: a driver that does not match ids reads it as the
        // answer to its next command.
        respond(out, &response)?;
    }
    Ok(Some(response))
}

/// The vertices of the stones on the start board (the handicap), from its one-line form:
/// rows top first separated by `/`, digits for runs of empty points.
fn handicap_vertices(codec: &GtpGame, text: &str) -> Vec<String> {
    let rows = text.split_whitespace().next().unwrap_or_default();
    let mut vertices = Vec::new();
    for (top, row) in rows.split('/').enumerate() {
        let mut column = 0u8;
        let mut run = 0u8;
        for c in row.chars() {
            if let Some(digit) = c.to_digit(10) {
                run = run * 10 + digit as u8;
                continue;
            }
            column += std::mem::take(&mut run);
            if c != '.' {
                let vertex = arbiter_protocol::gtp::Vertex {
                    column,
                    row: codec.size - 1 - top as u8,
                };
                vertices.push(codec.dialect.format_vertex(vertex));
            }
            column += 1;
        }
    }
    vertices
}

/// Benzene's `final_score` of a Hex board: `B+` or `W+` for the colour that joined its edges,
/// `cannot score` before.
fn hex_score(game: &Game) -> String {
    // The colour of the stone that ended the game is the winner's.
    let winner = game.position.outcome().ok().flatten().map(|_| {
        let before = game.moves.len().saturating_sub(1);
        game.codec.colour_after(&game.moves[..before])
    });
    match winner {
        Some(Colour::Black) => "B+".to_owned(),
        Some(Colour::White) => "W+".to_owned(),
        None => "cannot score".to_owned(),
    }
}

/// The count of the board as it stands (two passes added), komi included: `B+n`, `W+n`, `0`.
fn final_score(player: &Player, game: &Game) -> String {
    let over = game.position.outcome().ok().flatten();
    let outcome = over.or_else(|| {
        let mut moves = game.moves.clone();
        moves.extend(["pass".to_owned(), "pass".to_owned()]);
        player
            .replay(&game.variant, &moves)
            .ok()
            .and_then(|position| position.outcome().ok().flatten())
    });
    let Some(outcome) = outcome else {
        return "0".to_owned();
    };
    // Go's score is black's count minus white's before komi (the Game trait's final score).
    let margin = outcome
        .score
        .map(|(raw, _)| f64::from(raw) - komi(&game.variant))
        .unwrap_or_default();
    if margin > 0.0 {
        format!("B+{margin}")
    } else if margin < 0.0 {
        format!("W+{}", -margin)
    } else {
        "0".to_owned()
    }
}

/// The variant's komi plus white's handicap bonus, in points.
fn komi(variant: &str) -> f64 {
    variant
        .parse::<arbiter_go::GoVariant>()
        .map(|v| (f64::from(v.rules.komi_halves) + 2.0 * f64::from(v.bonus())) / 2.0)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::super::Protocol;
    use super::*;

    fn session(variant: &str, fault: Option<Fault>, input: &str) -> Vec<String> {
        super::super::session(Protocol::Gtp, ("go", Some(variant)), 200, fault, input)
    }

    #[test]
    fn answers_with_ids_and_ends_each_response_with_an_empty_line() {
        let lines = session(
            "chinese@9",
            None,
            "1 protocol_version\n2 boardsize 9\n3 boardsize 21\n4 frobnicate\n# a comment\n\n5 quit\n6 name\n",
        );
        assert_eq!(
            lines,
            [
                "=1 2",
                "",
                "=2",
                "",
                "?3 unacceptable size (go board size `21`: expected 2 to 19)",
                "",
                "?4 unknown command",
                "",
                "=5",
                ""
            ]
        );
    }

    #[test]
    fn plays_refuses_and_generates_moves() {
        let lines = session(
            "chinese@9",
            None,
            "play black E5\nplay white E5\nplay black D4\nplay white D4\ngenmove black\ngenmove white\n",
        );
        assert_eq!(lines[0], "=");
        assert_eq!(lines[2], "? illegal move (occupied)");
        assert_eq!(lines[4], "? illegal move (it is white's turn)");
        assert_eq!(lines[6], "=");
        let codec = GtpGame::for_game("go", "chinese@9").unwrap();
        for line in [&lines[8], &lines[10]] {
            let reply = line.strip_prefix("= ").expect("a move");
            assert!(codec.dialect.parse_move(reply, 9).is_ok(), "{reply}");
        }
        let lines = session("chinese@9", None, "genmove white\n");
        assert_eq!(lines[0], "? it is black's turn");
    }

    #[test]
    fn counts_the_board_and_names_handicap_stones() {
        // Black a1 alone on 2x2 (area 4 - 0) under komi 0.5: B+3.5.
        let lines = session(
            "tromp-taylor@2,komi=0.5",
            None,
            "play b A1\nfinal_score\nfinal_status_list dead\n",
        );
        assert_eq!(lines[2], "= B+3.5");
        assert_eq!(lines[4], "=");
        let lines = session(
            "japanese@9",
            None,
            "fixed_handicap 2\nplay white E5\nfixed_handicap 3\nfinal_score\n",
        );
        assert_eq!(lines[0], "= G7 C3");
        assert_eq!(lines[2], "=", "white moves first after handicap stones");
        assert!(lines[4].starts_with("? invalid handicap"), "{}", lines[4]);
        assert!(lines[6].starts_with("= "), "{}", lines[6]);
    }

    #[test]
    fn the_settings_change_the_variant() {
        let lines = session(
            "chinese@9",
            None,
            "boardsize 2\nkomi 0.5\nkgs-rules new_zealand\nplay black A1\nfinal_score\n\
             kata-set-rules no-such-rules\nkomi 0.25\n",
        );
        assert_eq!(lines[..6], ["=", "", "=", "", "=", ""]);
        assert_eq!(lines[6], "=");
        assert_eq!(lines[8], "= B+3.5", "a1 alone on 2x2 under komi 0.5");
        assert!(lines[10].starts_with("? unknown rules"), "{}", lines[10]);
        assert!(lines[12].starts_with("? bad komi"), "{}", lines[12]);
    }

    #[test]
    fn clock_shares() {
        assert_eq!(clock_ms(10, 1, Some((10, 1))), Some(10_000));
        assert_eq!(clock_ms(30, 5, Some((30, 5))), Some(6_000));
        assert_eq!(clock_ms(400, 0, None), Some(10_000));
        assert_eq!(clock_ms(0, 0, None), None);
    }
}
