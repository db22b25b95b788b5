//! Time controls as the platforms use them, and the clocks of one game.
//!
//! | `--tc` | platform | rule |
//! |---|---|---|
//! | `move=MS` | Botzone | every move within MS |
//! | `game=MS` | CCGC (包干计时, 15 min = 900000) | a total per side per game; running out loses |
//! | `match=MS,turn=MS` | Gomocup (`timeout_match`, `timeout_turn`) | both: a total per side per game and a limit per move |
//! | `main=MS,byoyomi=MS,stones=N` | Go (GTP `time_settings`, Canadian byo-yomi) | main time, then periods of `byoyomi` ms in which N stones are played, the period renewed after its N-th stone; `main` may be left out (none) |
//!
//! Under byo-yomi the move on which main time runs out spends the rest in the first period
//! and counts as its first stone (as GNU Go's and KGS's clocks count it); a move beyond the
//! time its period has left loses on time.
//!
//! The referee measures each answer around the call that asks for it (process start, pipes
//! and decoding included, as a platform's judge sees it) and allows [`TOLERANCE_MS`] plus
//! [`TOLERANCE_SHARE`] of the limit for its own measuring, plus an external engine's
//! `tolerance-ms` (GomocupJudge's 1 s by default): the driver waits the limit and that
//! tolerance, and a move it accepted is not flagged afterwards.
//!
//! A side's first answer in a game includes its process's start-up (each game starts fresh
//! processes): the manifest's `first-move-time-ms` ([`SeatTime::start_up_ms`]) is added to that
//! answer's limit and is not charged to its game clock, as the drivers give start-up its own
//! deadline (Gomocup `START`, Hub `init`, a DXP connection) before the move's.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use arbiter_external::ByoYomi;
use serde::{Deserialize, Serialize};

/// Fixed slack of the referee's time check, in ms: thread wake-ups and pipe reads on a busy
/// machine are of this order.
pub(crate) const TOLERANCE_MS: u64 = 10;
/// Slack as a share of the limit.
pub(crate) const TOLERANCE_SHARE: f64 = 0.01;

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimeControl {
    /// A limit per move.
    Move { move_ms: u64 },
    /// A total per side per game.
    Game { game_ms: u64 },
    /// A total per side per game and a limit per move.
    Match { match_ms: u64, turn_ms: u64 },
    /// Canadian byo-yomi: `main_ms` (may be 0), then `stones` stones in each period of
    /// `period_ms`.
    ByoYomi {
        main_ms: u64,
        period_ms: u64,
        stones: u32,
    },
}

impl FromStr for TimeControl {
    type Err = String;

    /// `move=MS`, `game=MS`, `match=MS,turn=MS` or `[main=MS,]byoyomi=MS,stones=N`.
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let mut fields = std::collections::BTreeMap::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("`{part}` is not key=MS"))?;
            let ms = value
                .trim()
                .replace('_', "")
                .parse::<u64>()
                .ok()
                .filter(|&ms| ms > 0)
                .ok_or_else(|| {
                    let unit = if key.trim() == "stones" { "" } else { " of ms" };
                    format!("`{key}`: `{value}` is not a positive number{unit}")
                })?;
            if fields.insert(key.trim().to_owned(), ms).is_some() {
                return Err(format!("`{key}` given twice"));
            }
        }
        let keys: Vec<&str> = fields.keys().map(String::as_str).collect();
        match keys.as_slice() {
            ["move"] => Ok(TimeControl::Move {
                move_ms: fields["move"],
            }),
            ["game"] => Ok(TimeControl::Game {
                game_ms: fields["game"],
            }),
            ["match", "turn"] => Ok(TimeControl::Match {
                match_ms: fields["match"],
                turn_ms: fields["turn"],
            }),
            ["byoyomi", "stones"] | ["byoyomi", "main", "stones"] => Ok(TimeControl::ByoYomi {
                main_ms: fields.get("main").copied().unwrap_or(0),
                period_ms: fields["byoyomi"],
                stones: u32::try_from(fields["stones"])
                    .map_err(|_| format!("`stones`: {} is too many", fields["stones"]))?,
            }),
            _ => Err(format!(
                "`{text}`: expected move=MS (Botzone), game=MS (CCGC), match=MS,turn=MS \
                 (Gomocup) or main=MS,byoyomi=MS,stones=N (Go's Canadian byo-yomi)"
            )),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Move { move_ms } => write!(f, "move={move_ms}"),
            TimeControl::Game { game_ms } => write!(f, "game={game_ms}"),
            TimeControl::Match { match_ms, turn_ms } => {
                write!(f, "match={match_ms},turn={turn_ms}")
            }
            TimeControl::ByoYomi {
                main_ms,
                period_ms,
                stones,
            } => {
                if *main_ms > 0 {
                    write!(f, "main={main_ms},")?;
                }
                write!(f, "byoyomi={period_ms},stones={stones}")
            }
        }
    }
}

impl TimeControl {
    /// The longest a single move may take under this control, in ms.
    #[must_use]
    pub(crate) fn longest_move_ms(&self) -> u64 {
        match *self {
            TimeControl::Move { move_ms } => move_ms,
            TimeControl::Game { game_ms } => game_ms,
            TimeControl::Match { match_ms, turn_ms } => turn_ms.min(match_ms),
            TimeControl::ByoYomi {
                main_ms, period_ms, ..
            } => main_ms.saturating_add(period_ms),
        }
    }
}

/// What a side may spend on the coming move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnLimit {
    /// The most this move may take, in ms (`None`: no clock, e.g. embedded engines under a
    /// node budget).
    pub(crate) move_ms: Option<u64>,
    /// The side's remaining game time, when a game clock runs (Gomocup `INFO time_left`).
    pub(crate) time_left_ms: Option<u64>,
    /// The side's clock under byo-yomi (then `move_ms` is all it may spend now: main time
    /// left and the period's time, and `time_left_ms` is `None`).
    pub(crate) byo_yomi: Option<ByoYomi>,
}

/// What the referee knows of one seat's time besides the match's control: all zero for an
/// embedded engine, an external engine's manifest times otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatTime {
    /// The limit per move when the match has no control of its own (the manifest's
    /// `move-time-ms`).
    pub fallback_move_ms: Option<u64>,
    /// Slack on top of every limit (the manifest's `tolerance-ms`: the driver waits that long
    /// too, so the referee must not flag what the driver accepted).
    pub tolerance_ms: u64,
    /// The start-up allowance of the side's first answer in a game (the manifest's
    /// `first-move-time-ms`): added to that answer's limit, never charged to a game clock.
    pub start_up_ms: u64,
}

/// Both sides' clocks in one game.
#[derive(Clone, Debug)]
pub(crate) struct Clocks {
    control: Option<TimeControl>,
    seats: [SeatTime; 2],
    /// Per side: whether it has answered in this game (its start-up is behind it).
    answered: [bool; 2],
    /// Per side: the game clock, or main time under byo-yomi.
    left_ms: [u64; 2],
    /// Per side under byo-yomi: the current period's time and stones left (0 stones: main
    /// time lasts).
    period: [(u64, u32); 2],
}

impl Clocks {
    /// The clocks of a new game.
    #[must_use]
    pub(crate) fn new(control: Option<TimeControl>, seats: [SeatTime; 2]) -> Clocks {
        let total = match control {
            Some(TimeControl::Game { game_ms }) => game_ms,
            Some(TimeControl::Match { match_ms, .. }) => match_ms,
            Some(TimeControl::ByoYomi { main_ms, .. }) => main_ms,
            _ => u64::MAX,
        };
        let period = match control {
            // No main time: the first period begins with the first move.
            Some(TimeControl::ByoYomi {
                main_ms: 0,
                period_ms,
                stones,
            }) => (period_ms, stones.max(1)),
            _ => (0, 0),
        };
        Clocks {
            control,
            seats,
            answered: [false; 2],
            left_ms: [total; 2],
            period: [period; 2],
        }
    }

    /// Side `side`'s byo-yomi clock as it stands, under a byo-yomi control.
    fn byo_yomi(&self, side: usize) -> Option<ByoYomi> {
        let Some(TimeControl::ByoYomi {
            main_ms,
            period_ms,
            stones,
        }) = self.control
        else {
            return None;
        };
        let (period_left_ms, stones_left) = self.period[side];
        Some(ByoYomi {
            main_ms,
            period_ms,
            stones: stones.max(1),
            main_left_ms: self.left_ms[side],
            period_left_ms: if stones_left == 0 {
                period_ms
            } else {
                period_left_ms
            },
            stones_left,
        })
    }

    /// Charges `charged_ms` of a move to side `side`'s byo-yomi clock: main time first, the
    /// rest to the period, whose stone this move is once main time is spent; the period's time
    /// is renewed after its last stone. A move beyond the period's time is the referee's late
    /// check's to flag.
    fn charge_byo_yomi(&mut self, side: usize, clock: ByoYomi, charged_ms: u64) {
        let main_left = self.left_ms[side];
        self.left_ms[side] = main_left.saturating_sub(charged_ms);
        if charged_ms <= main_left && clock.stones_left == 0 {
            return;
        }
        let (period_left, stones_left) = if clock.stones_left == 0 {
            (clock.period_ms, clock.stones)
        } else {
            (clock.period_left_ms, clock.stones_left)
        };
        let spent = charged_ms.saturating_sub(main_left);
        self.period[side] = match stones_left - 1 {
            0 => (clock.period_ms, clock.stones),
            stones_left => (period_left.saturating_sub(spent), stones_left),
        };
    }

    /// What side `side` (0 first, 1 second) may spend now.
    #[must_use]
    pub(crate) fn limit(&self, side: usize) -> TurnLimit {
        let left = self.left_ms[side];
        match self.control {
            None => TurnLimit {
                move_ms: self.seats[side].fallback_move_ms,
                time_left_ms: None,
                byo_yomi: None,
            },
            Some(TimeControl::Move { move_ms }) => TurnLimit {
                move_ms: Some(move_ms),
                time_left_ms: None,
                byo_yomi: None,
            },
            Some(TimeControl::Game { .. }) => TurnLimit {
                move_ms: Some(left),
                time_left_ms: Some(left),
                byo_yomi: None,
            },
            Some(TimeControl::Match { turn_ms, .. }) => TurnLimit {
                move_ms: Some(turn_ms.min(left)),
                time_left_ms: Some(left),
                byo_yomi: None,
            },
            Some(TimeControl::ByoYomi { .. }) => {
                let clock = self.byo_yomi(side);
                TurnLimit {
                    move_ms: clock.map(|c| c.main_left_ms.saturating_add(c.period_left_ms)),
                    time_left_ms: None,
                    byo_yomi: clock,
                }
            }
        }
    }

    /// The limit `side`'s coming answer is held to, in ms: the move's limit, with the
    /// start-up allowance on a first answer (tolerances aside); `None` without a clock.
    #[must_use]
    pub(crate) fn allowance_ms(&self, side: usize) -> Option<u64> {
        let start_up_ms = self.start_up_due(side);
        self.limit(side)
            .move_ms
            .map(|ms| ms.saturating_add(start_up_ms))
    }

    /// The start-up allowance of `side`'s coming answer: the manifest's while it has not
    /// answered in this game, 0 after.
    fn start_up_due(&self, side: usize) -> u64 {
        if self.answered[side] {
            0
        } else {
            self.seats[side].start_up_ms
        }
    }

    /// Charges a move's time to `side`; its first answer in the game has its start-up
    /// allowance on top of the limit, and that allowance is not charged to its game clock.
    ///
    /// # Errors
    /// The move took longer than allowed (beyond the tolerance): what was allowed and taken.
    pub(crate) fn charge(&mut self, side: usize, elapsed: Duration) -> Result<(), String> {
        let limit = self.limit(side);
        let start_up_ms = self.start_up_due(side);
        self.answered[side] = true;
        let taken = elapsed.as_secs_f64() * 1000.0;
        let charged = (elapsed.as_millis() as u64).saturating_sub(start_up_ms);
        if limit.time_left_ms.is_some() {
            self.left_ms[side] = self.left_ms[side].saturating_sub(charged);
        }
        if let Some(clock) = limit.byo_yomi {
            self.charge_byo_yomi(side, clock, charged);
        }
        let Some(allowed) = limit.move_ms else {
            return Ok(());
        };
        let tolerance = self.seats[side].tolerance_ms;
        let slack = (TOLERANCE_MS + tolerance) as f64 + TOLERANCE_SHARE * allowed as f64;
        if taken <= allowed.saturating_add(start_up_ms) as f64 + slack {
            return Ok(());
        }
        let with_tolerance = match (tolerance, start_up_ms) {
            (0, 0) => String::new(),
            (0, start_up) => format!(" (and {start_up} ms start-up)"),
            (tolerance, 0) => format!(" (and {tolerance} ms tolerance)"),
            (tolerance, start_up) => {
                format!(" (and {start_up} ms start-up, {tolerance} ms tolerance)")
            }
        };
        if let Some(clock) = limit.byo_yomi {
            return Err(if clock.stones_left == 0 {
                format!(
                    "the move took {taken:.0} ms with {} ms of main time and a {} ms byo-yomi \
                     period left{with_tolerance}",
                    clock.main_left_ms, clock.period_ms
                )
            } else {
                format!(
                    "the move took {taken:.0} ms with {} ms left in its byo-yomi period for \
                     {} stones{with_tolerance}",
                    clock.period_left_ms, clock.stones_left
                )
            });
        }
        Err(match (self.control, limit.time_left_ms) {
            (Some(TimeControl::Match { turn_ms, .. }), Some(left)) if turn_ms < left => format!(
                "the move took {taken:.0} ms; the limit per move is {turn_ms} ms{with_tolerance}"
            ),
            (_, Some(left)) => format!(
                "the move took {taken:.0} ms with {left} ms left on the clock{with_tolerance}"
            ),
            _ => format!(
                "the move took {taken:.0} ms; the limit per move is {allowed} ms{with_tolerance}"
            ),
        })
    }

    /// The time each side has left, in ms, when a game clock runs (under byo-yomi: main time
    /// and the current period's time).
    #[must_use]
    pub(crate) fn left_ms(&self) -> Option<[u64; 2]> {
        match self.control {
            Some(TimeControl::Game { .. } | TimeControl::Match { .. }) => Some(self.left_ms),
            Some(TimeControl::ByoYomi { .. }) => Some([0, 1].map(|side| {
                self.byo_yomi(side)
                    .map_or(0, |c| c.main_left_ms.saturating_add(c.period_left_ms))
            })),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_platform_forms() {
        assert_eq!("move=1000".parse(), Ok(TimeControl::Move { move_ms: 1000 }));
        assert_eq!(
            "game=900_000".parse(),
            Ok(TimeControl::Game { game_ms: 900_000 })
        );
        let gomocup: TimeControl = "turn=5000, match=180000".parse().unwrap();
        assert_eq!(
            gomocup,
            TimeControl::Match {
                match_ms: 180_000,
                turn_ms: 5000
            }
        );
        assert_eq!(gomocup.to_string().parse(), Ok(gomocup));
        let go: TimeControl = "main=60000,byoyomi=30000,stones=5".parse().unwrap();
        assert_eq!(
            go,
            TimeControl::ByoYomi {
                main_ms: 60_000,
                period_ms: 30_000,
                stones: 5
            }
        );
        assert_eq!(go.to_string().parse(), Ok(go));
        let no_main: TimeControl = "stones=1, byoyomi=5000".parse().unwrap();
        assert_eq!(no_main.to_string(), "byoyomi=5000,stones=1");
        for bad in [
            "main=1000,stones=5",
            "main=1000,byoyomi=1000",
            "byoyomi=1000,stones=0",
            "byoyomi=1000,stones=99999999999",
            "move=1000,byoyomi=1000,stones=1",
            "move=0",
            "turn=5",
            "move=1,game=2",
            "move",
            "move=fast",
            "move=1,move=2",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_game_clock_runs_down_and_flags_the_side_that_overruns() {
        let mut clocks = Clocks::new(
            Some(TimeControl::Game { game_ms: 1000 }),
            [SeatTime::default(); 2],
        );
        assert_eq!(clocks.limit(0).move_ms, Some(1000));
        clocks.charge(0, Duration::from_millis(600)).unwrap();
        assert_eq!(clocks.limit(0).time_left_ms, Some(400));
        assert_eq!(clocks.limit(1).time_left_ms, Some(1000));
        let error = clocks.charge(0, Duration::from_millis(500)).unwrap_err();
        assert!(error.contains("400 ms left"), "{error}");
    }

    #[test]
    fn gomocup_turn_limits_are_the_smaller_of_turn_and_clock() {
        let control: TimeControl = "match=10000,turn=3000".parse().unwrap();
        let mut clocks = Clocks::new(Some(control), [SeatTime::default(); 2]);
        assert_eq!(clocks.limit(1).move_ms, Some(3000));
        let error = clocks.charge(1, Duration::from_millis(3500)).unwrap_err();
        assert!(error.contains("limit per move is 3000 ms"), "{error}");
        clocks.charge(0, Duration::from_millis(2900)).unwrap();
        clocks.charge(0, Duration::from_millis(2900)).unwrap();
        clocks.charge(0, Duration::from_millis(2900)).unwrap();
        assert_eq!(clocks.limit(0).move_ms, Some(1300));
    }

    /// Canadian byo-yomi: 10 s main time, then 4 s for every 2 stones.
    #[test]
    fn byo_yomi_spends_main_time_then_periods_of_stones() {
        let control: TimeControl = "main=10000,byoyomi=4000,stones=2".parse().unwrap();
        let mut clocks = Clocks::new(Some(control), [SeatTime::default(); 2]);
        let clock = |clocks: &Clocks| clocks.limit(0).byo_yomi.unwrap();
        assert_eq!(clocks.limit(0).move_ms, Some(14_000));
        clocks.charge(0, Duration::from_millis(7000)).unwrap();
        assert_eq!(
            (clock(&clocks).main_left_ms, clock(&clocks).stones_left),
            (3000, 0)
        );
        assert_eq!(clocks.limit(0).move_ms, Some(7000));
        // Main time runs out on this move: 1 s of it spent in the first period, which counts
        // it as its first stone.
        clocks.charge(0, Duration::from_millis(4000)).unwrap();
        let now = clock(&clocks);
        assert_eq!(
            (now.main_left_ms, now.period_left_ms, now.stones_left),
            (0, 3000, 1)
        );
        assert_eq!(clocks.limit(0).move_ms, Some(3000));
        // The period's last stone renews it.
        clocks.charge(0, Duration::from_millis(2500)).unwrap();
        let now = clock(&clocks);
        assert_eq!((now.period_left_ms, now.stones_left), (4000, 2));
        clocks.charge(0, Duration::from_millis(3900)).unwrap();
        assert_eq!(clock(&clocks).period_left_ms, 100);
        // The other side's clock has not moved.
        assert_eq!(clocks.limit(1).move_ms, Some(14_000));
        assert_eq!(clocks.left_ms(), Some([100, 14_000]));
        // 100 ms left for the period's second stone: a second is a loss on time.
        let late = clocks.charge(0, Duration::from_millis(1000)).unwrap_err();
        assert!(
            late.contains("100 ms left in its byo-yomi period for 1 stones"),
            "{late}"
        );
    }

    #[test]
    fn byo_yomi_without_main_time_starts_in_the_period_and_flags_an_overrun() {
        let control: TimeControl = "byoyomi=1000,stones=1".parse().unwrap();
        let mut clocks = Clocks::new(Some(control), [SeatTime::default(); 2]);
        assert_eq!(clocks.limit(1).byo_yomi.unwrap().stones_left, 1);
        for _ in 0..5 {
            clocks.charge(1, Duration::from_millis(900)).unwrap();
            assert_eq!(clocks.limit(1).move_ms, Some(1000), "renewed each stone");
        }
        let late = clocks.charge(1, Duration::from_millis(1500)).unwrap_err();
        assert!(late.contains("byo-yomi period"), "{late}");
        // A main-time move beyond main time and the period is late too, and says so.
        let control = TimeControl::ByoYomi {
            main_ms: 2000,
            period_ms: 1000,
            stones: 1,
        };
        let mut clocks = Clocks::new(Some(control), [SeatTime::default(); 2]);
        let late = clocks.charge(0, Duration::from_millis(3500)).unwrap_err();
        assert!(late.contains("2000 ms of main time"), "{late}");
    }

    #[test]
    fn without_a_control_only_the_fallback_limits_count() {
        let manifest = SeatTime {
            fallback_move_ms: Some(100),
            ..SeatTime::default()
        };
        let mut clocks = Clocks::new(None, [SeatTime::default(), manifest]);
        clocks.charge(1, Duration::from_millis(50)).unwrap();
        clocks.charge(0, Duration::from_secs(100)).unwrap();
        clocks.charge(1, Duration::from_millis(105)).unwrap();
        assert!(clocks.charge(1, Duration::from_millis(200)).is_err());
        assert_eq!(clocks.left_ms(), None);
    }

    #[test]
    fn an_external_engines_tolerance_is_the_referees_too() {
        let control: TimeControl = "match=60000,turn=1000".parse().unwrap();
        // GomocupJudge's 1 s on the second side only.
        let gomocup = SeatTime {
            tolerance_ms: 1000,
            ..SeatTime::default()
        };
        let mut clocks = Clocks::new(Some(control), [SeatTime::default(), gomocup]);
        clocks.charge(1, Duration::from_millis(1900)).unwrap();
        let late = clocks.charge(1, Duration::from_millis(2100)).unwrap_err();
        assert!(
            late.contains("limit per move is 1000 ms (and 1000 ms tolerance)"),
            "{late}"
        );
        assert!(clocks.charge(0, Duration::from_millis(1100)).is_err());
    }

    #[test]
    fn the_first_answer_has_the_start_up_allowance_off_the_game_clock() {
        let control: TimeControl = "match=10000,turn=1000".parse().unwrap();
        let engine = SeatTime {
            fallback_move_ms: None,
            tolerance_ms: 0,
            start_up_ms: 3000,
        };
        let mut clocks = Clocks::new(Some(control), [engine, SeatTime::default()]);
        // 2.5 s of start-up and 1.2 s of thought: within 1 s + 3 s, 700 ms off the clock.
        clocks.charge(0, Duration::from_millis(3700)).unwrap();
        assert_eq!(clocks.limit(0).time_left_ms, Some(9300));
        // Only once: the second answer has the plain limit.
        let late = clocks.charge(0, Duration::from_millis(3700)).unwrap_err();
        assert!(late.contains("limit per move is 1000 ms"), "{late}");
        // Beyond the allowance the first answer is late, and the message says what it had.
        let mut clocks = Clocks::new(Some(control), [engine, SeatTime::default()]);
        let late = clocks.charge(0, Duration::from_millis(4200)).unwrap_err();
        assert!(late.contains("(and 3000 ms start-up)"), "{late}");
        // A side without an allowance (embedded) has none on its first answer either.
        assert!(clocks.charge(1, Duration::from_millis(1200)).is_err());
    }
}
