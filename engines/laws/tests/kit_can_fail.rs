//! The law kit must be able to fail: a tiny game (take one or two stones from a pile, the
//! last stone wins) passes every law, and each deliberately broken copy of it (the variant
//! names the bug) is caught with the law it breaks. Its `Dice` variant throws a coin before
//! every take (a chance node: events 10 and 20, weights 1 and 2), so that the chance laws
//! are shown to hold for a sound game and to catch the broken ones.

use std::fmt;
use std::panic;
use std::str::FromStr;

use arbiter_core::{
    EndReason, Game, IllegalMove, NotationError, Outcome, PositionText, SetupProblem, Side, Variant,
};
use arbiter_laws::{GameLaws, minimax};
use arbiter_search::score::is_mate;

/// Which law the game breaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bug {
    #[default]
    None,
    /// The incremental hash forgets the side to move.
    StaleHash,
    /// Unmake does not give the side to move back.
    BadUnmake,
    /// `check_move` accepts taking three stones.
    LaxCheck,
    /// A finished game reports no outcome.
    NoEnd,
    /// Moves are written in a form the parser does not read.
    BadNotation,
    /// A sound game with a coin thrown before every take.
    Dice,
    /// The coin gives the turn to the other side.
    CoinSwitchesSide,
    /// One side of the coin has weight 0.
    ZeroWeight,
    /// The bulk count of the moves is one short when two stones are left.
    BadCount,
    /// The empty pile (a finished game) is refused as a setup, so its line does not read back.
    EmptyUnreadable,
    /// Taking one stone is listed twice.
    TwiceListed,
    /// The perft key leaves out the stones.
    LooseKey,
}

impl Bug {
    fn dice(self) -> bool {
        matches!(self, Bug::Dice | Bug::CoinSwitchesSide | Bug::ZeroWeight)
    }
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl FromStr for Bug {
    type Err = String;
    /// Only the sound game has a name (the one that [`Variant::names`] lists).
    fn from_str(text: &str) -> Result<Bug, String> {
        match text {
            "None" => Ok(Bug::None),
            _ => Err(format!("no variant {text}")),
        }
    }
}

impl Variant for Bug {
    const GAME: &'static str = "pile";

    fn names() -> Vec<String> {
        vec!["None".to_owned()]
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Pile {
    bug: Bug,
    stones: u8,
    to_move: Side,
    /// Dice variants: the coin is still to be thrown this turn.
    coin: bool,
    hash: u64,
}

impl Pile {
    fn key(stones: u8, to_move: Side) -> u64 {
        u64::from(stones).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((to_move.index() as u64) << 63)
    }

    fn rehash(&mut self) {
        self.hash = Pile::key(self.stones, self.to_move) ^ u64::from(self.coin);
    }
}

impl Game for Pile {
    type Move = u8;
    type Variant = Bug;
    type Undo = ();
    type Setup = (u8, Side);

    const SIDE_NAMES: [&'static str; 2] = ["first", "second"];

    fn start(bug: &Bug) -> Pile {
        let mut pile = Pile {
            bug: *bug,
            stones: 7,
            to_move: Side::First,
            coin: bug.dice(),
            hash: 0,
        };
        pile.rehash();
        pile
    }

    fn variant(&self) -> &Bug {
        &self.bug
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.stones == 0 {
            return;
        }
        if self.coin {
            moves.extend([10, 20]);
        } else {
            moves.extend((1..=2).filter(|&take| take <= self.stones));
            if self.bug == Bug::TwiceListed {
                moves.push(1);
            }
        }
    }

    fn count_moves(&self, buffer: &mut Vec<u8>) -> u64 {
        self.generate_moves(buffer);
        let short = self.bug == Bug::BadCount && self.stones == 2 && !self.coin;
        buffer.len() as u64 - u64::from(short)
    }

    fn check_move(&self, take: u8) -> Result<(), IllegalMove> {
        let most = if self.bug == Bug::LaxCheck { 3 } else { 2 };
        if self.stones == 0 {
            Err(IllegalMove::new("game-over", "the pile is empty"))
        } else if self.coin != (take >= 10) {
            Err(IllegalMove::new("wrong-kind", "a coin before each take"))
        } else if self.coin {
            if take == 10 || take == 20 {
                Ok(())
            } else {
                Err(IllegalMove::new("no-coin", "a coin shows 10 or 20"))
            }
        } else if take == 0 || take > most || take > self.stones {
            Err(IllegalMove::new("too-many", "take one or two stones"))
        } else {
            Ok(())
        }
    }

    fn make(&mut self, take: u8) {
        if self.coin {
            self.coin = false;
            if self.bug == Bug::CoinSwitchesSide {
                self.to_move = self.to_move.opponent();
            }
            self.rehash();
            return;
        }
        self.coin = self.bug.dice();
        self.stones -= take;
        if self.bug != Bug::StaleHash {
            self.to_move = self.to_move.opponent();
        } else {
            self.to_move = self.to_move.opponent();
            self.hash = Pile::key(self.stones, self.to_move.opponent());
            return;
        }
        self.rehash();
    }

    fn unmake(&mut self, take: u8, (): ()) {
        if take >= 10 {
            self.coin = true;
            if self.bug == Bug::CoinSwitchesSide {
                self.to_move = self.to_move.opponent();
            }
            self.rehash();
            return;
        }
        self.coin = false;
        self.stones += take;
        if self.bug != Bug::BadUnmake {
            self.to_move = self.to_move.opponent();
        }
        self.rehash();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0 && self.bug != Bug::NoEnd)
            .then(|| Outcome::win(self.to_move.opponent(), EndReason::NoPieces))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        Pile::key(self.stones, self.to_move) ^ u64::from(self.coin)
    }

    /// The stones and the coin: the side to move changes no count.
    fn perft_key(&self, _depth_left: u32) -> Option<u128> {
        let coin = u128::from(self.coin) << 8;
        Some(match self.bug {
            Bug::LooseKey => coin,
            _ => coin | u128::from(self.stones),
        })
    }

    fn is_chance(&self) -> bool {
        self.coin && self.stones > 0
    }

    fn chance_weight(&self, event: u8) -> u32 {
        match (event, self.bug) {
            (10, Bug::ZeroWeight) => 0,
            (10, _) => 1,
            _ => 2,
        }
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        text.parse()
            .map_err(|_| NotationError::new(format!("`{text}` is not a number of stones")))
    }

    fn format_move(&self, take: u8) -> String {
        if self.bug == Bug::BadNotation {
            format!("take {take}")
        } else {
            take.to_string()
        }
    }
}

/// The notation of a pile: `<stones> <side>`, and a diagram of one `o` a stone.
impl PositionText<Pile> for (u8, Side) {
    fn parse_position(_: &Bug, text: &str) -> Result<(u8, Side), NotationError> {
        let (stones, side) = text
            .split_once(' ')
            .ok_or_else(|| NotationError::new("expected `<stones> <side>`"))?;
        let side = Pile::parse_side(side).ok_or_else(|| NotationError::new("no such side"))?;
        let stones = stones
            .parse()
            .map_err(|_| NotationError::new("not a number"))?;
        Ok((stones, side))
    }

    fn parse_diagram(_: &Bug, diagram: &str, to_move: Side) -> Result<(u8, Side), NotationError> {
        let stones = diagram.chars().filter(|&c| c == 'o').count();
        Ok((u8::try_from(stones).unwrap_or(u8::MAX), to_move))
    }

    fn validate(&self, bug: &Bug) -> Result<Pile, Vec<SetupProblem>> {
        let (stones, to_move) = *self;
        if stones > 7 || (stones == 0 && *bug == Bug::EmptyUnreadable) {
            return Err(vec![SetupProblem::new("piece-count", "1 to 7 stones")]);
        }
        let mut pile = Pile {
            bug: *bug,
            stones,
            to_move,
            coin: bug.dice(),
            hash: 0,
        };
        pile.rehash();
        Ok(pile)
    }

    fn format_position(pile: &Pile) -> String {
        format!("{} {}", pile.stones, Pile::side_name(pile.to_move))
    }

    fn diagram(pile: &Pile) -> String {
        "o".repeat(usize::from(pile.stones))
    }
}

/// The panic message of the laws under `bug`, or `None` when they all hold.
fn broken_law(bug: Bug) -> Option<String> {
    laws_panic(|| {
        // The text forms hold the whole position only without the coin (they do not show it).
        let laws = GameLaws::<Pile>::new(&[bug])
            .cases(32)
            .plies(20)
            .every_move(|_| vec![0, 1, 2, 3, 10, 20]);
        if bug.dice() {
            laws
        } else {
            laws.complete_text()
        }
        .check();
    })
}

/// The panic message of `check`, or `None` when it returns.
fn laws_panic(check: impl FnOnce() + panic::UnwindSafe) -> Option<String> {
    let result = panic::catch_unwind(check);
    result.err().map(|payload| {
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_default()
    })
}

#[test]
fn a_sound_game_keeps_every_law() {
    assert_eq!(broken_law(Bug::None), None);
    assert_eq!(broken_law(Bug::Dice), None);
}

#[test]
fn each_broken_law_is_caught_and_named() {
    for (bug, law) in [
        (Bug::StaleHash, "hash"),
        (Bug::BadUnmake, "restore"),
        (Bug::LaxCheck, "accepted but not generated"),
        (Bug::NoEnd, "the move list is empty but the outcome is None"),
        (Bug::BadNotation, "which reads"),
        (Bug::CoinSwitchesSide, "changes the side to move"),
        (Bug::ZeroWeight, "has weight 0"),
        (Bug::TwiceListed, "1 is generated twice"),
        (
            Bug::BadCount,
            "count_moves says 1 but 2 moves are generated",
        ),
    ] {
        let message = broken_law(bug).unwrap_or_else(|| panic!("{bug:?} passed the laws"));
        assert!(message.contains(law), "{bug:?}: {message}");
        assert!(message.contains("pile variant"), "{bug:?}: {message}");
    }
}

#[test]
fn unwritable_positions_skip_only_the_text_laws() {
    let laws = || {
        GameLaws::<Pile>::new(&[Bug::EmptyUnreadable])
            .cases(32)
            .plies(20)
    };
    let message = laws_panic(|| laws().check()).expect("the empty pile does not read back");
    assert!(message.contains("is refused"), "{message}");
    assert_eq!(
        laws_panic(|| laws().unwritable(|pile| pile.stones == 0).check()),
        None
    );
}

#[test]
fn minimax_values_the_pile_from_the_side_to_move() {
    // The last stone wins: a pile of a multiple of three is lost for the side to move.
    let value = |stones| {
        let setup = (stones, Side::First);
        minimax(&mut Pile::from_setup(&Bug::None, &setup).unwrap())
    };
    for stones in 1..=7 {
        let score = value(stones);
        assert!(is_mate(score), "{stones}: {score}");
        assert_eq!(score > 0, stones % 3 != 0, "{stones}: {score}");
    }
}

#[test]
fn a_broken_invariant_is_caught() {
    let laws = || GameLaws::<Pile>::new(&[Bug::None]).cases(32).plies(20);
    assert_eq!(
        laws_panic(|| laws().invariant(|pile| pile.stones <= 7).check()),
        None
    );
    let message = laws_panic(|| laws().invariant(|pile| pile.stones > 1).check())
        .expect("an empty pile breaks it");
    assert!(
        message.contains("the game's invariant does not hold"),
        "{message}"
    );
}

#[test]
fn the_symmetry_laws_can_fail() {
    // A pile has no board: every symmetry maps it and its moves to themselves.
    let laws = || GameLaws::<Pile>::new(&[Bug::None]).cases(32).plies(20);
    let sound = laws().symmetries(|pile, _| pile.clone(), |_, _, take| take);
    assert_eq!(laws_panic(|| sound.check()), None);
    let broken = laws().symmetries(|pile, _| pile.clone(), |_, _, take| take + 1);
    let message = laws_panic(|| broken.check()).expect("taking one more is no image");
    assert!(
        message.contains("are not the images of the moves"),
        "{message}"
    );
}

#[test]
fn the_perft_table_law_can_fail() {
    let laws = |bug| {
        GameLaws::<Pile>::new(&[bug])
            .cases(32)
            .plies(20)
            .perft_table(5)
    };
    assert_eq!(laws_panic(|| laws(Bug::None).check()), None);
    assert_eq!(laws_panic(|| laws(Bug::Dice).check()), None);
    let message = laws_panic(|| laws(Bug::LooseKey).check()).expect("piles of 6 and 5 share a key");
    assert!(message.contains("with a perft table of"), "{message}");
}
