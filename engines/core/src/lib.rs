//! The rules-level contract shared by every embedded engine.
//!
//! A game crate implements [`Game`]: side to move, legal moves into a reusable buffer, checked
//! and unchecked play with undo, the outcome, an incremental Zobrist hash, and the game's own
//! notation for moves and positions. Special moves (an Othello pass, a Gomoku swap, an Amazons
//! queen-move-plus-arrow, a Connect6 stone pair) are ordinary [`Game::Move`] values.
//!
//! [`grid`] holds the text forms every grid game shares (one-line rows, diagrams, side names,
//! the eight symmetries); the law kit in `arbiter-laws` checks the contract for any game.
//! [`named_variants!`], [`sized_variant_text!`] and [`settings_variant!`] write a variant type's
//! text forms (`Display`, `FromStr`) and its [`Variant`] impl from its table of names or settings.
//!
//! **Chance.** A game with dice (EinStein würfelt nicht) has *chance nodes*: positions where
//! no player chooses, and the die decides ([`Game::is_chance`]). Their moves are the chance
//! events (`roll-1` … `roll-6`), each with a weight ([`Game::chance_weight`]; probability =
//! weight / sum of the listed weights). An event is an ordinary [`Game::Move`]: generated,
//! checked (so a spec or a referee fixes the roll by playing it: `moves: roll-4 b2-c3`), made
//! and unmade like any move, and counted by perft as a ply. An event never changes the side
//! to move: at a chance node the side to move is the side the die is rolled for. Games
//! without chance keep the defaults and never see a chance node; [`chance_distribution`]
//! lists a position's events with their probabilities.
//!
//! Rule crates do no IO and hold no global mutable state; everything here is deterministic.

mod bits;
mod colour;
pub mod grid;
mod outcome;
mod perft;
pub mod picture;
mod position_text;
pub mod settings;
mod setup;
mod sized;
mod tree;
mod variant_text;
pub mod zobrist;

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

pub use bits::{BitWord, Bits};
pub use colour::Colour;
pub use outcome::{EndReason, FinalScore, Outcome, Side};
use perft::NodeBudget;
pub use perft::{PerftConvention, PerftProfile, perft_profile_with_table};
pub use position_text::PositionText;
pub use setup::{IllegalMove, NotationError, SetupProblem};
pub use sized::SizedVariants;
pub use tree::{TreeCounts, tree_counts};

/// The chance events of `game` with their probabilities (weight over the sum of the
/// weights), in generation order; `None` when the position is not a chance node.
#[must_use]
pub fn chance_distribution<G: Game>(game: &G) -> Option<Vec<(G::Move, f64)>> {
    if !game.is_chance() {
        return None;
    }
    let mut events = Vec::new();
    game.generate_moves(&mut events);
    let total: u64 = events
        .iter()
        .map(|&event| u64::from(game.chance_weight(event)))
        .sum();
    Some(
        events
            .into_iter()
            .map(|event| {
                // Weights are u32 and their sum is far below 2^53: both convert exactly.
                let weight = f64::from(game.chance_weight(event));
                (event, weight / total.max(1) as f64)
            })
            .collect(),
    )
}

/// The one of `all`, a fixed list of values with names (their `Display`: variants, algorithms,
/// protocols), whose name is `text`.
#[must_use]
pub fn named<T: Copy + Display>(all: &[T], text: &str) -> Option<T> {
    all.iter().copied().find(|item| item.to_string() == text)
}

/// Reads one of `all`, the variants of a game whose variants are a fixed list, by its name
/// (its `Display`), ignoring surrounding white space.
///
/// # Errors
/// For any other text, naming the game and the variants it has.
pub fn parse_variant<V: Copy + Display>(game: &str, text: &str, all: &[V]) -> Result<V, String> {
    let text = text.trim();
    named(all, text).ok_or_else(|| {
        let names: Vec<String> = all.iter().map(|variant| format!("`{variant}`")).collect();
        format!(
            "unknown {game} variant `{text}`: expected {}",
            names.join(" or ")
        )
    })
}

/// A rule variant: a value, never a copy of the code (board size, exact-five, renju, swap rules).
///
/// The text form (`Display` / `FromStr`) is what specs and the command line use, e.g. `standard`,
/// `renju`, `botzone8`.
pub trait Variant:
    Clone + Debug + Default + Display + FromStr<Err = String> + PartialEq + Send + Sync + 'static
{
    /// The short lower-case name of the game played under these variants (`othello`,
    /// `tictactoe`): the game's [`Game::NAME`], written once here, where the variant's
    /// messages (`unknown othello variant …`) need it too.
    const GAME: &'static str;

    /// Every variant name this engine accepts, for error messages and `--help`.
    fn names() -> Vec<String>;
}

/// The rules of one game, in one position.
///
/// Two ways to change the position: [`Game::play`] checks the move and refuses an illegal one
/// with a reason; [`Game::make`]/[`Game::unmake`] are the unchecked pair for search and perft.
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// One turn, as the rules define it (a pass or a swap decision included).
    type Move: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static;
    /// The rule variant this position is played under.
    type Variant: Variant;
    /// What [`Game::make`] needs to restore the previous position.
    type Undo: Clone + Debug;
    /// A raw position as written in a spec or a protocol message, not yet validated; it owns
    /// the game's position notation ([`PositionText`]).
    type Setup: Clone + Debug + PositionText<Self>;

    /// Short lower-case game name, as used in spec files (`othello`, `tictactoe`): the
    /// variant type's [`Variant::GAME`].
    const NAME: &'static str = <Self::Variant as Variant>::GAME;
    /// The names of [`Side::First`] and [`Side::Second`] in this game: black and white unless
    /// the game's rulebook names its sides otherwise (`["red", "black"]` in xiangqi).
    const SIDE_NAMES: [&'static str; 2] = ["black", "white"];
    /// Every code [`Game::check_move`] may refuse a move with (`occupied`, `no-flip`, …), so
    /// that a spec naming another code is refused when it loads. Empty: not declared, and
    /// specs are not checked against it.
    const MOVE_CODES: &'static [&'static str] = &[];
    /// Every kind [`Game::forbidden_moves`] reports (renju: `double-three`, `double-four`,
    /// `overline`); empty for games without foul rules.
    const FOUL_KINDS: &'static [&'static str] = &[];

    /// The start position of `variant`.
    fn start(variant: &Self::Variant) -> Self;

    /// The variant this position is played under.
    fn variant(&self) -> &Self::Variant;

    /// The side whose turn it is (after the game has ended: the side that would move next).
    fn side_to_move(&self) -> Side;

    /// Clears `moves` and fills it with every legal move. Empty exactly when the game is over.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Why `mv` may not be played here, if it may not.
    ///
    /// # Errors
    /// An [`IllegalMove`] with a stable kebab-case code (`occupied`, `no-flip`, `game-over`, …).
    fn check_move(&self, mv: Self::Move) -> Result<(), IllegalMove>;

    /// Plays `mv` without checking it. The caller guarantees legality.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back `mv`, which must be the last move made, restoring the position exactly.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);

    /// `None` while the game goes on, else who won (or a draw) and why.
    fn outcome(&self) -> Option<Outcome>;

    /// The incremental Zobrist hash of the position (fixed seed, same on every machine).
    fn hash(&self) -> u64;

    /// The same hash computed from scratch; the property tests compare the two.
    fn hash_from_scratch(&self) -> u64;

    /// Parses one move in the game's notation, in this position (some notations need context).
    ///
    /// # Errors
    /// A [`NotationError`] saying what was expected.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// Formats `mv` in the game's notation; `parse_move` reads it back.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Splits a move sequence into move texts. Whitespace separated by default; games with a
    /// compact transcript form (Othello `f5d6c3`) accept that too.
    fn split_moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    /// Parses the game's one-line position form (the FFO string for Othello);
    /// [`PositionText::parse_position`] by default.
    ///
    /// # Errors
    /// A [`NotationError`] when the text is not of the form.
    fn parse_position(variant: &Self::Variant, text: &str) -> Result<Self::Setup, NotationError> {
        <Self::Setup as PositionText<Self>>::parse_position(variant, text)
    }

    /// Parses a board diagram (rows of cells, as [`Game::diagram`] prints them) with the side to
    /// move; [`PositionText::parse_diagram`] by default.
    ///
    /// # Errors
    /// A [`NotationError`] when the diagram has the wrong shape or unknown characters.
    fn parse_diagram(
        variant: &Self::Variant,
        diagram: &str,
        to_move: Side,
    ) -> Result<Self::Setup, NotationError> {
        <Self::Setup as PositionText<Self>>::parse_diagram(variant, diagram, to_move)
    }

    /// Validates a raw setup into a position; [`PositionText::validate`] by default.
    ///
    /// # Errors
    /// Every problem found, not only the first.
    fn from_setup(variant: &Self::Variant, setup: &Self::Setup) -> Result<Self, Vec<SetupProblem>> {
        <Self::Setup as PositionText<Self>>::validate(setup, variant)
    }

    /// The one-line position form that [`Game::parse_position`] reads back;
    /// [`PositionText::format_position`] by default.
    fn format_position(&self) -> String {
        <Self::Setup as PositionText<Self>>::format_position(self)
    }

    /// A board diagram for humans (and for specs: [`Game::parse_diagram`] reads its cell rows);
    /// [`PositionText::diagram`] by default.
    fn diagram(&self) -> String {
        <Self::Setup as PositionText<Self>>::diagram(self)
    }

    /// Checked play: refuses an illegal move with its reason and leaves the position untouched.
    ///
    /// # Errors
    /// The [`IllegalMove`] from [`Game::check_move`].
    fn play(&mut self, mv: Self::Move) -> Result<Self::Undo, IllegalMove> {
        self.check_move(mv)?;
        Ok(self.make(mv))
    }

    /// Number of move sequences of `depth` plies from here, under `convention`. Counts
    /// through [`Game::perft_within`] without a practical limit.
    fn perft(&mut self, depth: u32, convention: PerftConvention) -> u64 {
        // u64::MAX visited positions are never reached, so the count is complete.
        self.perft_within(depth, convention, u64::MAX)
            .unwrap_or(u64::MAX)
    }

    /// [`Game::perft`] within a budget of `max_nodes` units: each visited position costs one
    /// unit per 8 moves listed there, at least one (so a budget is about the same time in
    /// every game); `None` when the walk would need more (the position is restored either way). One walk serves every game:
    /// positions above the last ply are made and unmade, the last ply is counted by
    /// [`Game::count_moves`], the hook a game overrides to count in bulk.
    fn perft_within(
        &mut self,
        depth: u32,
        convention: PerftConvention,
        max_nodes: u64,
    ) -> Option<u64> {
        self.perft_profile_within(depth, max_nodes)
            .and_then(|profile| profile.count(depth, convention))
    }

    /// The counts of one perft walk to `depth` within a budget of `max_nodes` units (as
    /// [`Game::perft_within`]): perft at every depth up to `depth` under both conventions,
    /// for the cost of the deepest alone; `None` when the walk would need more.
    fn perft_profile_within(&mut self, depth: u32, max_nodes: u64) -> Option<PerftProfile> {
        let mut budget = NodeBudget::new(max_nodes);
        let profile = perft::walk(self, depth, &mut budget);
        (!budget.exhausted()).then_some(profile)
    }

    /// The number of legal moves here, `generate_moves(…).len()`: the last ply of a perft
    /// walk is counted by this, not played (bulk counting). Games with a move set as bits
    /// override it with a population count; `buffer` is scratch space for the default.
    fn count_moves(&self, buffer: &mut Vec<Self::Move>) -> u64 {
        self.generate_moves(buffer);
        buffer.len() as u64
    }

    /// The key of this position in the perft walk's transposition table, for a walk with
    /// `depth_left` plies still to go below it: `Some` only when the counts of those plies
    /// (the moves listed, counted and the games over at every position up to `depth_left - 1`
    /// plies below) depend on the key alone, among the positions of one walk (one variant,
    /// one history before the root). Two positions of a walk with the same key at the same
    /// `depth_left` are then counted once, so a key that leaves out what the moves depend on
    /// (a move counter, the history a repetition rule reads) makes the counts wrong.
    ///
    /// `None` (the default) is always right: the walk counts below the position itself, as
    /// without a table. A game also answers `None` where counting is cheaper than a table
    /// probe (Othello's last ply, a population count).
    fn perft_key(&self, depth_left: u32) -> Option<u128> {
        let _ = depth_left;
        None
    }

    /// The last plies of the opening and of the middle game under `variant`, for a match's
    /// clock report by phase. The default is chess's rule of thumb: 10 moves each (20 plies) of
    /// opening, the endgame from move 30 (ply 61); a game whose phases are known otherwise
    /// says so.
    fn phase_plies(variant: &Self::Variant) -> (usize, usize) {
        let _ = variant;
        (20, 60)
    }

    /// An upper bound on the plies the game can still last from here (passes and swap
    /// decisions included), or `None` when the rules set none (a Surakarta variant without a
    /// move limit). A perft deeper than this counts nothing new: a spec asking for it is wrong.
    fn longest_game(&self) -> Option<u32> {
        None
    }

    /// The final score of a finished game from [`Side::First`]'s point of view, for games
    /// scored by a count (Othello discs, Surakarta pieces); `None` while playing or when the
    /// game has no score beyond win/draw/loss.
    fn final_score(&self) -> Option<FinalScore> {
        None
    }

    /// Whether chance acts here (a die to roll) rather than a player: the moves listed are
    /// then chance events with the weights of [`Game::chance_weight`], and no player chooses
    /// among them. The default (games without dice) is never.
    ///
    /// A chance event leaves [`Game::side_to_move`] as it is (the searches rely on it): the
    /// side to move at a chance node is the side the event happens for.
    fn is_chance(&self) -> bool {
        false
    }

    /// At a chance node, the weight of `event`, one of the listed moves: its probability is
    /// the weight over the sum of the weights of every listed event (a fair die: 1 each).
    /// Positive; never asked at a node where a player moves.
    fn chance_weight(&self, event: Self::Move) -> u32 {
        let _ = event;
        1
    }

    /// The outcome of a game over by passes when the players agree that the stones at
    /// `dead` (points given as moves) are dead: they are taken off and the game counted by
    /// its rules (Go's territory and area counts), with that count as in
    /// [`Game::final_score`]. `None` for a game without dead stones, or when this position is
    /// not such an end; an `Err` names a point that holds no stone.
    fn outcome_with_dead(
        &self,
        dead: &[Self::Move],
    ) -> Option<Result<(Outcome, FinalScore), IllegalMove>> {
        let _ = dead;
        None
    }

    /// The position from which the players settle a disputed end by play (Go: the board as
    /// it stands, the passes forgotten, every stone on the board counted alive at the next
    /// two passes under area rules). `None` for a game without such a play-out, or when this
    /// position is not an end the players may dispute.
    fn play_out(&self) -> Option<Self> {
        None
    }

    /// The moves the side to move may not play because of a foul rule (renju: `double-three`,
    /// `double-four`, `overline`), with the reason code; `None` for games without such rules.
    fn forbidden_moves(&self) -> Option<Vec<(Self::Move, &'static str)>> {
        None
    }

    /// The position drawn as an SVG picture, with `marks` on it (a report's expected and
    /// actual moves); `None` for a game without a renderer, whose reports show
    /// [`Game::diagram`]. Each game draws itself in its own `svg.rs` with [`picture`]'s kit.
    fn picture(&self, marks: &[picture::Mark<Self::Move>]) -> Option<String> {
        let _ = marks;
        None
    }

    /// The name of `side` in this game.
    fn side_name(side: Side) -> &'static str {
        Self::SIDE_NAMES[side.index()]
    }

    /// Reads a side name (`black`, `x`, …), case-insensitively.
    fn parse_side(text: &str) -> Option<Side> {
        let text = text.trim();
        [Side::First, Side::Second]
            .into_iter()
            .find(|side| Self::side_name(*side).eq_ignore_ascii_case(text))
    }
}

#[cfg(test)]
mod tests {
    use super::{IllegalMove, Side, parse_variant};

    #[test]
    fn variants_of_a_fixed_list_read_by_name() {
        let all = [Side::First, Side::Second].map(|side| side.index());
        assert_eq!(parse_variant("pile", " 1 ", &all), Ok(1));
        assert_eq!(
            parse_variant("pile", "2", &all),
            Err("unknown pile variant `2`: expected `0` or `1`".to_owned())
        );
    }

    #[test]
    fn a_move_is_refused_when_the_game_is_over_then_when_off_the_board() {
        let code = |over, points: &[u8]| {
            IllegalMove::check_open_and_on_board(over, points, 9).map_err(|error| error.code)
        };
        assert_eq!(code(false, &[0, 8]), Ok(()));
        assert_eq!(code(false, &[0, 9]), Err("off-board"));
        assert_eq!(code(false, &[9, 0]), Err("off-board"));
        assert_eq!(code(true, &[0, 8]), Err("game-over"));
        assert_eq!(code(true, &[9, 9]), Err("game-over"));
    }
}
