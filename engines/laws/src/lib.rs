//! The laws every engine keeps, written once over the traits, for each engine's tests to call
//! in one line (as shakmaty's fuzz targets check every variant of its position):
//!
//! - [`GameLaws`] over [`arbiter_core::Game`]: along random playouts, the incremental hash
//!   equals the hash from scratch, unmake restores every position, `check_move` accepts
//!   exactly the generated moves (and a refused `play` changes nothing), no move is listed
//!   twice, the bulk count equals the list, the move list is empty exactly when the game is
//!   over, and moves, one-line positions and diagrams read back what they write, and every
//!   variant name reads back as itself; at a chance node (a die to roll) every event has a
//!   positive weight and leaves the side to move as it is, and a finished game is no chance
//!   node.
//! - [`SearchLaws`] over [`arbiter_search::Searchable`]: the shipped parameters parse and a
//!   broken file is refused with its path, alpha-beta and MCTS under a node budget are
//!   deterministic and play legal moves along a legal principal variation, and a finished
//!   game has no move for any algorithm; on request the shipped weights are the defaults.
//! - [`search`] and [`minimax`] for an engine's own search tests: a search under the shipped
//!   parameters, and the exact value by plain minimax that a solver must agree with; and for
//!   its rule tests the positions set up by text ([`position`], [`position_in`], or
//!   [`Fixture::position`] named by the game, [`Fixture::position_of`] under the default
//!   variant; the setup alone, [`Fixture::setup_of`]) or by play
//!   ([`played`], [`play`]), random playouts ([`playout`]), the legal moves as text ([`legal`],
//!   [`legal_sorted`]) and the refusal code of a move ([`refusal`]); [`solver_gives_up`] for a
//!   solver that must say so when its budget runs out; for notation tests the table of texts a
//!   reader must refuse ([`refuses_all`]) and a variant type's default and refused names
//!   ([`variant_names`]).
//!
//! A broken law panics with the variant, the moves from the start and what differed, so the
//! test that called it fails with a reproducible case. Playouts are proptest strategies (a
//! list of indices taken modulo the number of legal moves), shrunk to a short failing line.

mod game;
mod search;

pub use game::GameLaws;
pub use search::{SearchLaws, minimax, reachable, search, solver_gives_up};

use arbiter_core::{Game, NotationError, Outcome, PerftConvention, SetupProblem, Side};
use proptest::strategy::Strategy;

/// Plays from `start` the moves picked by `choices` (each an index taken modulo the number of
/// legal moves: any list is a valid playout, and proptest shrinks it well), stopping when the
/// game ends; returns the position reached and the moves played. For an engine's own property
/// tests (symmetries, bulk counts) beside the laws.
#[must_use]
pub fn playout<G: Game>(start: G, choices: &[u32]) -> (G, Vec<G::Move>) {
    let mut game = start;
    let mut played = Vec::new();
    let mut moves = Vec::new();
    for &choice in choices {
        let Some(mv) = pick(&game, &mut moves, choice as usize) else {
            break;
        };
        game.make(mv);
        played.push(mv);
    }
    (game, played)
}

/// The legal move of `game` that `choice` picks, an index taken modulo the number of legal
/// moves (listed into `moves`), as [`playout`] picks them; `None` when the game is over. For
/// playouts that make their moves through something else (an evaluator's incremental state).
pub fn pick<G: Game>(game: &G, moves: &mut Vec<G::Move>, choice: usize) -> Option<G::Move> {
    game.generate_moves(moves);
    (!moves.is_empty()).then(|| moves[choice % moves.len()])
}

/// The position after `moves` (in the game's notation, split by [`Game::split_moves`]) from the
/// start of `variant`, each move checked by [`Game::play`]: for tests that set positions up by
/// play.
///
/// # Panics
/// When a move does not parse or is illegal, naming it.
#[must_use]
pub fn played<G: Game>(variant: &G::Variant, moves: &str) -> G {
    let mut game = G::start(variant);
    play(&mut game, moves);
    game
}

/// Plays `moves` (in the game's notation, split by [`Game::split_moves`]) on `game`, each
/// checked by [`Game::play`].
///
/// # Panics
/// When a move does not parse or is illegal, naming it.
pub fn play<G: Game>(game: &mut G, moves: &str) {
    for text in G::split_moves(moves) {
        let mv = game
            .parse_move(&text)
            .unwrap_or_else(|error| panic!("`{text}`: {error}"));
        if let Err(error) = game.play(mv) {
            panic!("`{text}` is illegal after `{moves}`: {error}");
        }
    }
}

/// The position that the one-line form `text` sets up under the variant named `variant`:
/// for tests that set positions up by text.
///
/// # Panics
/// When the variant, the text or the position is refused, naming it.
#[must_use]
pub fn position<G: Game>(variant: &str, text: &str) -> G {
    position_in(&G::variant_named(variant), text)
}

/// The position that the one-line form `text` sets up under `variant`: [`position`] for a
/// test that holds the variant as a value.
///
/// # Panics
/// When the text or the position is refused, naming it.
#[must_use]
pub fn position_in<G: Game>(variant: &G::Variant, text: &str) -> G {
    let setup =
        G::parse_position(variant, text).unwrap_or_else(|error| panic!("`{text}`: {error}"));
    G::from_setup(variant, &setup).unwrap_or_else(|problems| panic!("`{text}`: {problems:?}"))
}

/// The image of `game` under `symmetry`, for [`GameLaws::symmetries`], made through `setup`,
/// the game's own: `cells` picks the setup's cells of the square board, numbered row by row
/// (the board's side is the square root of their number), which are moved by `symmetry`; the
/// rest of the setup (the side to move) stays.
///
/// # Panics
/// When the cells are not those of a square board, or the image is refused as a position,
/// with its problems.
#[must_use]
pub fn image_by_cells<G: Game, C: Clone>(
    game: &G,
    mut setup: G::Setup,
    symmetry: arbiter_core::grid::Symmetry,
    cells: impl FnOnce(&mut G::Setup) -> &mut Vec<C>,
) -> G {
    let board = cells(&mut setup);
    let size = board.len().isqrt();
    assert_eq!(size * size, board.len(), "the cells of a square board");
    *board = symmetry.image_cells(board, size);
    G::from_setup(game.variant(), &setup)
        .unwrap_or_else(|problems| panic!("the image under {symmetry:?}: {problems:?}"))
}

/// [`position`] and a move's parsing as associated functions of every game, so that a test
/// names its game in the call (`Hex::position("standard@5", "5/5/5/5/5 black")`,
/// `game.move_of("c3")`) instead of keeping a typed wrapper of its own.
pub trait Fixture: Game {
    /// The variant named `text` (`Hex::variant_named("swap-mirror@5")`).
    ///
    /// # Panics
    /// When the name is refused, naming it.
    #[must_use]
    fn variant_named(text: &str) -> Self::Variant {
        text.parse()
            .unwrap_or_else(|error| panic!("variant `{text}`: {error}"))
    }

    /// The position a [`playout`] of `choices` reaches from the start of `variant`: for
    /// property tests over the positions of play.
    #[must_use]
    fn played_out(variant: &Self::Variant, choices: &[u32]) -> Self {
        playout(Self::start(variant), choices).0
    }

    /// The position that the one-line form `text` sets up under the variant named `variant`
    /// ([`position`]).
    ///
    /// # Panics
    /// When the variant, the text or the position is refused, naming it.
    #[must_use]
    fn position(variant: &str, text: &str) -> Self {
        position(variant, text)
    }

    /// The position that the one-line form `text` sets up under the default variant
    /// ([`position_in`]).
    ///
    /// # Panics
    /// When the text or the position is refused, naming it.
    #[must_use]
    fn position_of(text: &str) -> Self {
        position_in(&Self::Variant::default(), text)
    }

    /// What validation refuses in the position `text` under the variant named `variant`: for
    /// a test of a setup that parses but is no position of the game.
    ///
    /// # Panics
    /// When the variant or the text does not read, or the position is accepted.
    #[must_use]
    fn setup_problems(variant: &str, text: &str) -> Vec<SetupProblem> {
        let variant = Self::variant_named(variant);
        let setup = Self::parse_position(&variant, text)
            .unwrap_or_else(|error| panic!("`{text}`: {error}"));
        match Self::from_setup(&variant, &setup) {
            Ok(_) => panic!("`{text}` is accepted"),
            Err(problems) => problems,
        }
    }

    /// The problem of [`Fixture::setup_problems`] whose message says `words`.
    ///
    /// # Panics
    /// As [`Fixture::setup_problems`], and when no problem says `words`, listing them: a test
    /// may call it for that check alone.
    fn setup_problem(variant: &str, text: &str, words: &str) -> SetupProblem {
        let problems = Self::setup_problems(variant, text);
        problems
            .iter()
            .find(|problem| problem.message.contains(words))
            .cloned()
            .unwrap_or_else(|| panic!("no problem says `{words}`: {problems:?}"))
    }

    /// Asserts that validation refuses the position `text` under the variant named `variant`
    /// with a problem of code `code` whose message says `words`
    /// ([`Fixture::setup_problem`]).
    ///
    /// # Panics
    /// As [`Fixture::setup_problem`], and when that problem's code is not `code`.
    #[track_caller]
    fn refuses_setup(variant: &str, text: &str, code: &str, words: &str) {
        let problem = Self::setup_problem(variant, text, words);
        assert_eq!(problem.code, code, "the problem `{words}` of `{text}`");
    }

    /// The setup that the one-line form `text` reads as under the default variant, or why
    /// not: for the tests of a game's position notation.
    ///
    /// # Errors
    /// The [`NotationError`] of [`Game::parse_position`].
    fn setup_of(text: &str) -> Result<Self::Setup, NotationError> {
        Self::parse_position(&Self::Variant::default(), text)
    }

    /// The setup that `diagram` reads as, `to_move` to move, under the default variant, or
    /// why not: [`Fixture::setup_of`] for diagrams.
    ///
    /// # Errors
    /// The [`NotationError`] of [`Game::parse_diagram`].
    fn setup_of_diagram(diagram: &str, to_move: Side) -> Result<Self::Setup, NotationError> {
        Self::parse_diagram(&Self::Variant::default(), diagram, to_move)
    }

    /// The move `text` in this game's notation, parsed (not checked against the rules).
    ///
    /// # Panics
    /// When `text` is no move in the game's notation, naming it.
    #[must_use]
    fn move_of(&self, text: &str) -> Self::Move {
        self.parse_move(text)
            .unwrap_or_else(|error| panic!("`{text}`: {error}"))
    }
}

impl<G: Game> Fixture for G {}

/// A proptest strategy that picks one of the variants named `names` (shrinking toward the
/// first), for property tests over several boards or rules.
///
/// # Panics
/// When a name is refused, naming it.
pub fn any_variant<G: Game>(names: &[&str]) -> impl Strategy<Value = G::Variant> + use<G> {
    let variants: Vec<G::Variant> = names.iter().map(|name| G::variant_named(name)).collect();
    proptest::sample::select(variants)
}

/// Asserts that `game` is over with `outcome` and lists no move: a rule test's check of the
/// position that ends a game.
///
/// # Panics
/// When the outcome differs or a move is listed.
pub fn assert_over<G: Game>(game: &G, outcome: Outcome) {
    assert_eq!(game.outcome(), Some(outcome), "the outcome");
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert!(moves.is_empty(), "moves listed after the end: {moves:?}");
}

/// Perft of `depth` plies from `game` under both conventions, counted by one walk:
/// `[SequencesOfExactLength, FinishedGameIsLeaf]`, for a test that checks a published count
/// (and where the two differ, the games that ended before `depth`).
#[must_use]
pub fn perft_both<G: Game>(game: &mut G, depth: u32) -> [u64; 2] {
    let profile = game
        .perft_profile_within(depth, u64::MAX)
        .expect("u64::MAX units are never spent");
    [
        PerftConvention::SequencesOfExactLength,
        PerftConvention::FinishedGameIsLeaf,
    ]
    .map(|convention| {
        profile
            .count(depth, convention)
            .expect("the walk went to `depth`")
    })
}

/// The legal moves of `game` in its notation, in the order they are generated.
#[must_use]
pub fn legal<G: Game>(game: &G) -> Vec<String> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.iter().map(|&mv| game.format_move(mv)).collect()
}

/// The legal moves of `game` in its notation, sorted as text: for comparing with a list
/// written by hand.
#[must_use]
pub fn legal_sorted<G: Game>(game: &G) -> Vec<String> {
    let mut texts = legal(game);
    texts.sort();
    texts
}

/// What [`Game::check_move`] says of the move `text`: `Ok` when legal, else the refusal code.
///
/// # Errors
/// The refusal code of an illegal move.
///
/// # Panics
/// When `text` is no move in the game's notation, naming it.
pub fn refusal<G: Game>(game: &G, text: &str) -> Result<(), &'static str> {
    let mv = game
        .parse_move(text)
        .unwrap_or_else(|error| panic!("`{text}`: {error}"));
    game.check_move(mv).map_err(|error| error.code)
}

/// Asserts that `read` refuses every text of `texts`: the table of bad input that a notation,
/// setup or variant reader's tests list, written as one list rather than one test case per text.
///
/// # Panics
/// At the first text that `read` accepts, naming it.
#[track_caller]
pub fn refuses_all<T, E>(texts: &[&str], read: impl Fn(&str) -> Result<T, E>) {
    for text in texts {
        assert!(read(text).is_err(), "`{text}` should be refused, but reads");
    }
}

/// Asserts that `read` refuses every text of `table` with an error that holds the words beside
/// the text: a table of bad input whose errors must say what was wrong or expected.
///
/// # Panics
/// At the first text that `read` accepts, or whose error does not hold its words, naming it.
#[track_caller]
pub fn refuses_saying<T: std::fmt::Debug, E: std::fmt::Display>(
    table: &[(&str, &str)],
    read: impl Fn(&str) -> Result<T, E>,
) {
    for (text, words) in table {
        match read(text) {
            Ok(read) => panic!("`{text}` should be refused, but reads as {read:?}"),
            Err(error) => assert!(
                error.to_string().contains(words),
                "`{text}`: {error} (should say {words:?})"
            ),
        }
    }
}

/// Asserts that the default of the variant type `V` is named `default` and that every name of
/// `refused` is refused: what a variant's own tests check beside [`GameLaws`], which reads back
/// every name the game lists.
///
/// # Panics
/// When the default has another name or a refused name is read, naming it.
pub fn variant_names<V: arbiter_core::Variant>(default: &str, refused: &[&str]) {
    assert_eq!(V::default().to_string(), default, "the default variant");
    refuses_all(refused, str::parse::<V>);
}
