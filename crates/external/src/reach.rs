//! How a case's position reaches an engine that can only be given a game (Botzone's move
//! history; Gomocup's `TURN`s or a `BOARD` in move order).
//!
//! * A position given as moves from the start is that game.
//! * A board (or one-line form) with the case's `history:` is that game, once arbiter has
//!   checked that the history reaches the board.
//! * A gomoku board without one: arbiter searches a move order ([`find_order`]): stones
//!   alternate from black, and no stone on the way makes a five or (renju) is a forbidden
//!   point; the last stone may end the game. Gomocup is sent that order. Where no legal game
//!   reaches the board (stone counts that cannot alternate, every order making a five or a
//!   foul on the way), the case is not applicable over any play protocol, with the reason: an
//!   engine would read such a board as some other position (whose turn it is, for one). Where
//!   the search only gave up, or an opening rule or a colour swap hides the order, Gomocup gets
//!   the board **as it stands** (`BOARD` with the side to move's stones first: managers do not
//!   know the order of such a board either) and Botzone reports the case as not reachable.
//! * A Go board without one: each side's stones in turn, passes where one side has none left
//!   ([`go_order`]); no stone captures on the way, so every valid board is reached.
//! * A Hex board without one: each colour's stones in turn, the swap second when the board
//!   says it was taken, a stone of the winning chain last ([`hex_order`]); every valid board.
//! * A NoGo board without one: each side's stones in turn (module `nogo`); no stone on the
//!   way is a foul, so every valid board is reached.
//! * An Amazons board without one: a search for queen moves and arrows from the start (module
//!   `amazons`); an Othello board: a search from the start placing discs only on the board's
//!   occupied squares (module `othello`), which reaches boards with few discs. Each search
//!   proves that no game reaches the board, or gives up after [`ORDER_SEARCH_NODES`]; then
//!   the case needs a `history:` to reach Botzone.

use std::collections::HashSet;

use arbiter_core::Game;
use arbiter_gomoku::{Colour, Gomoku, GomokuVariant, Move, Opening, Point, Setup};

use super::gomocup::Stones;

mod amazons;
mod nogo;
mod othello;
use arbiter_engine::{PositionError, PositionRequest, RulesEngine, SetupProblem};

/// Positions a move-order search may visit before it gives up.
pub(crate) const ORDER_SEARCH_NODES: u64 = 200_000;

/// How a play protocol is given a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The game's moves from the start, canonical.
    History(Vec<String>),
    /// No move order reaches it: why, and (gomoku) its stones as they stand, for a protocol
    /// that can take a board.
    Unreachable {
        reason: String,
        stones: Option<Stones>,
    },
    /// A rules protocol takes the position as it is.
    Unneeded,
}

/// The route to `request`'s position in `variant`.
///
/// # Errors
/// The request's moves do not replay, or its `history:` does not reach its board (a spec
/// error).
pub fn route(
    reference: &dyn RulesEngine,
    variant: &str,
    request: &PositionRequest,
) -> Result<Route, PositionError> {
    let after = case_moves(reference, request);
    // The game of `first` from the start, then the case's moves.
    let replay = |first: &[String]| {
        canonical_game(
            reference,
            variant,
            &PositionRequest::default(),
            first,
            &after,
        )
        .map(Route::History)
    };
    if request.text.is_none() && request.board.is_none() {
        return replay(&[]);
    }
    let board = reference.position(variant, &board_only(request))?.text();
    if let Some(history) = &request.history {
        return replay(&history_to(reference, variant, history, &board)?);
    }
    if let Some(order_of) = known_order(reference.game()) {
        let order = order_of(variant, &board).map_err(PositionError::Notation)?;
        return replay(&order);
    }
    if let Some(order_of) = searched_order(reference.game()) {
        let found = order_of(variant, &board).map_err(PositionError::Notation)?;
        return routed(reference, variant, found, &after, || Ok(None));
    }
    if reference.game() != "gomoku" {
        return Ok(Route::Unreachable {
            reason: format!(
                "arbiter does not search move orders for {} boards: give the case a `history:` \
                 (the game its source gives)",
                reference.game()
            ),
            stones: None,
        });
    }
    gomoku_route(reference, variant, request, &board, &after)
}

/// The moves `request` plays on its position: its move text's, then its list's.
pub(crate) fn case_moves(reference: &dyn RulesEngine, request: &PositionRequest) -> Vec<String> {
    let mut moves = request.moves.clone();
    if let Some(text) = &request.move_text {
        moves.splice(0..0, reference.split_moves(text));
    }
    moves
}

/// `request`'s board alone: without its moves and its `history:`.
pub(crate) fn board_only(request: &PositionRequest) -> PositionRequest {
    PositionRequest {
        moves: Vec::new(),
        move_text: None,
        history: None,
        ..request.clone()
    }
}

/// The moves of a case's `history:`, once they are checked to reach its `board` (text).
fn history_to(
    reference: &dyn RulesEngine,
    variant: &str,
    history: &[String],
    board: &str,
) -> Result<Vec<String>, PositionError> {
    let history: Vec<String> = history
        .iter()
        .flat_map(|m| reference.split_moves(m))
        .collect();
    let reached = reference.position(
        variant,
        &PositionRequest {
            moves: history.clone(),
            ..PositionRequest::default()
        },
    )?;
    if reached.text() != board {
        return Err(PositionError::Invalid(vec![SetupProblem::new(
            "history-mismatch",
            format!(
                "the case's `history` does not reach its board: it ends in `{}`, the board \
                 is `{board}`",
                reached.text(),
            ),
        )]));
    }
    Ok(history)
}

/// The order finder of a game whose every valid board a move order is known to reach
/// (stones are only added).
fn known_order(game: &str) -> Option<OrderFinder> {
    match game {
        "go" => Some(go_order),
        "hex" => Some(hex_order),
        _ => None,
    }
}

/// The search of a game whose move order is searched: it gives an order, proves there is
/// none, or says why it found none.
fn searched_order(game: &str) -> Option<SearchedOrder> {
    match game {
        "nogo" => Some(nogo::nogo_order),
        "amazons" => {
            Some(|variant, text| amazons::amazons_order(variant, text, ORDER_SEARCH_NODES))
        }
        "othello" => {
            Some(|variant, text| othello::othello_order(variant, text, ORDER_SEARCH_NODES))
        }
        _ => None,
    }
}

/// The route to a gomoku `board` (text): a move order searched ([`find_order`]), or, where
/// none was found, the stones as they stand after the case's moves, for Gomocup's `BOARD`.
fn gomoku_route(
    reference: &dyn RulesEngine,
    variant: &str,
    request: &PositionRequest,
    board: &str,
    after: &[String],
) -> Result<Route, PositionError> {
    let Ok(parsed) = variant.parse::<GomokuVariant>() else {
        return Err(PositionError::Notation(format!(
            "no gomoku variant `{variant}`"
        )));
    };
    let setup = Gomoku::parse_position(&parsed, board)
        .map_err(|error| PositionError::Notation(error.message))?;
    let found = find_order(&parsed, &setup, ORDER_SEARCH_NODES)
        .map(|order| order.iter().map(ToString::to_string).collect());
    routed(reference, variant, found, after, || {
        // The board as it stands after the case's moves, for Gomocup's BOARD.
        let last = reference.position(variant, request)?;
        Ok(Gomoku::parse_position(&parsed, &last.text())
            .ok()
            .map(|setup| stones_of(&setup)))
    })
}

/// The route a search's result gives: the order then the case's moves `after`; no game
/// reaches the board; or none was found (with `stones`, the board as it stands, for a protocol
/// that takes one).
fn routed(
    reference: &dyn RulesEngine,
    variant: &str,
    found: Result<Vec<String>, NoOrder>,
    after: &[String],
    stones: impl FnOnce() -> Result<Option<Stones>, PositionError>,
) -> Result<Route, PositionError> {
    match found {
        Ok(order) => canonical_game(
            reference,
            variant,
            &PositionRequest::default(),
            &order,
            after,
        )
        .map(Route::History),
        Err(NoOrder::Impossible(reason)) => Ok(Route::Unreachable {
            reason: format!("no legal game reaches this board: {reason}"),
            stones: None,
        }),
        Err(NoOrder::Unknown(reason)) => Ok(Route::Unreachable {
            reason: format!("no move order was found for this board: {reason}"),
            stones: stones()?,
        }),
    }
}

/// A search for a move order that reaches a board, (variant, board text) to the moves or why
/// none was found; the outer error is a board or variant that does not read.
type SearchedOrder = fn(&str, &str) -> Found;

/// A search for a move order that reaches a board: (variant, board text) to the moves, or why
/// there is none.
type OrderFinder = fn(&str, &str) -> Result<Vec<String>, String>;

/// Why a board is no valid position, in one line.
fn problems_text(problems: &[arbiter_core::SetupProblem]) -> String {
    problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A game that reaches a Hex board ([`arbiter_hex::game_to`]: stones alternately, the swap
/// second when the board says it was taken, a stone of the winning chain last).
///
/// # Errors
/// A board that does not read or that no game reaches.
pub(crate) fn hex_order(variant: &str, text: &str) -> Result<Vec<String>, String> {
    let variant: arbiter_hex::HexVariant = variant.parse()?;
    let setup = arbiter_hex::Hex::parse_position(&variant, text).map_err(|e| e.message)?;
    let position = arbiter_hex::Hex::from_setup(&variant, &setup).map_err(|p| problems_text(&p))?;
    let order = arbiter_hex::game_to(&position)?;
    Ok(order.into_iter().map(arbiter_hex::format_move).collect())
}

/// A game that reaches a Go board from the empty board: each side's stones in a1 order, the
/// side without stones left passing, and a last pass when the other side is to move. No
/// stone captures or is captured on the way: a group of the board missing some of its stones
/// has those points as liberties, and a whole group has at least the liberties it has on the
/// board (which has none without one: `from_setup` refuses such boards). So every valid board
/// is reached, and no two passes follow each other. Under a superko rule the engine then
/// knows the earlier boards of this game, which the set-up board does not have: a capture that
/// would bring one of them back is the only case where the two could differ.
///
/// # Errors
/// A board that does not read, or a handicap variant (its start is not the empty board).
pub(crate) fn go_order(variant: &str, text: &str) -> Result<Vec<String>, String> {
    let variant: arbiter_go::GoVariant = variant.parse()?;
    if variant.handicap > 0 {
        return Err(format!(
            "the start of `{variant}` holds handicap stones: give the case a `history:`"
        ));
    }
    let setup = arbiter_go::Go::parse_position(&variant, text).map_err(|e| e.message)?;
    let geometry = arbiter_go::Geometry::of_size(variant.size);
    let stones = |side: arbiter_core::Side| -> Vec<String> {
        let mut points: Vec<String> = setup
            .cells
            .iter()
            .enumerate()
            .filter(|(_, cell)| **cell == Some(side))
            .filter_map(|(index, _)| arbiter_go::Point::try_from(index).ok())
            .map(|point| arbiter_go::format_point(geometry, point))
            .collect();
        points.reverse();
        points
    };
    let mut left = [
        stones(arbiter_core::Side::First),
        stones(arbiter_core::Side::Second),
    ];
    let mut order = Vec::new();
    let mut to_move = 0;
    while left.iter().any(|stones| !stones.is_empty()) {
        order.push(left[to_move].pop().unwrap_or_else(|| "pass".to_owned()));
        to_move = 1 - to_move;
    }
    if to_move != setup.to_move.index() {
        order.push("pass".to_owned());
    }
    Ok(order)
}

/// `first` then `then` replayed from `start`, in canonical notation.
fn canonical_game(
    reference: &dyn RulesEngine,
    variant: &str,
    start: &PositionRequest,
    first: &[String],
    then: &[String],
) -> Result<Vec<String>, PositionError> {
    let mut position = reference.position(variant, start)?;
    let mut history = Vec::with_capacity(first.len() + then.len());
    for (index, text) in first.iter().chain(then).enumerate() {
        let refusal = |reason| PositionError::IllegalMove {
            index: index + 1,
            text: text.clone(),
            reason,
        };
        let canonical = position.canonical(text).map_err(refusal)?;
        position.play(&canonical).map_err(refusal)?;
        history.push(canonical);
    }
    Ok(history)
}

/// The stones of `setup` from the side to move's view.
fn stones_of(setup: &Setup) -> Stones {
    let names = |points: &[Point]| points.iter().map(ToString::to_string).collect();
    let (own, opponent) = match setup.to_move {
        Colour::Black => (&setup.black, &setup.white),
        Colour::White => (&setup.white, &setup.black),
    };
    Stones {
        own: names(own),
        opponent: names(opponent),
    }
}

/// What a move-order search of one game gives: the outer error when the variant or the board
/// does not read, else the moves from the start or why none was found.
pub(crate) type Found = Result<Result<Vec<String>, NoOrder>, String>;

/// Why [`find_order`] found no move order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NoOrder {
    /// No legal game reaches the board: why.
    Impossible(String),
    /// None was found, but one may exist: the search gave up, or an opening rule or a colour
    /// swap decided what a board does not show.
    Unknown(String),
}

/// A move order from the empty board to `setup` under `variant`'s rule: stones alternate from
/// black, none makes a five or is a forbidden point on the way (the last may end the game).
/// Depth-first, the stones with the fewest neighbours of their colour first, positions that
/// led nowhere remembered by their hash; at most `budget` positions.
///
/// # Errors
/// Why there is none: counts that cannot alternate (every opening rule keeps them
/// alternating, so no game gives them), every order making a five or a foul on the way; or
/// why none was found (an opening rule, a swap taken, the search gave up).
pub(crate) fn find_order(
    variant: &GomokuVariant,
    setup: &Setup,
    budget: u64,
) -> Result<Vec<Point>, NoOrder> {
    let (b, w) = (setup.black.len(), setup.white.len());
    let alternates = match setup.to_move {
        Colour::Black => b == w,
        Colour::White => b == w + 1,
    };
    if !alternates {
        let side = match setup.to_move {
            Colour::Black => "black",
            Colour::White => "white",
        };
        return Err(NoOrder::Impossible(format!(
            "{b} black and {w} white stones with {side} to move: alternating play from the empty \
             board never gives that"
        )));
    }
    if variant.opening != Opening::Plain {
        return Err(NoOrder::Unknown(format!(
            "the opening rule of `{variant}` has decisions a board does not show"
        )));
    }
    if setup.first != Colour::Black {
        return Err(NoOrder::Unknown(
            "a colour swap was taken, which no board shows".to_owned(),
        ));
    }
    let mut search = OrderSearch {
        game: Gomoku::start(variant),
        black: setup.black.clone(),
        white: setup.white.clone(),
        path: Vec::with_capacity(b + w),
        dead: HashSet::new(),
        nodes: 0,
        budget,
    };
    match search.next() {
        Some(true) => Ok(search.path),
        Some(false) => Err(NoOrder::Impossible(
            "every order makes a five or (renju) plays a forbidden point before the last stone"
                .to_owned(),
        )),
        None => Err(NoOrder::Unknown(format!(
            "the search gave up after {budget} positions without an order"
        ))),
    }
}

struct OrderSearch {
    game: Gomoku,
    black: Vec<Point>,
    white: Vec<Point>,
    path: Vec<Point>,
    /// Positions (by hash) from which no order completes.
    dead: HashSet<u64>,
    nodes: u64,
    budget: u64,
}

impl OrderSearch {
    /// Places the next stone; `None` when the budget ran out.
    fn next(&mut self) -> Option<bool> {
        let left = self.black.len() + self.white.len();
        if left == 0 {
            return Some(true);
        }
        let colour = self.game.colour_to_move();
        let pool = match colour {
            Colour::Black => &self.black,
            Colour::White => &self.white,
        };
        if pool.is_empty() {
            return Some(false);
        }
        // Stones in the thick of their colour go last: they are the ones that make fives
        // and forbidden shapes.
        let mut order: Vec<(usize, Point)> =
            pool.iter().map(|&p| (neighbours(p, pool), p)).collect();
        order.sort();
        for (_, point) in order {
            self.nodes += 1;
            if self.nodes > self.budget {
                return None;
            }
            let mv = Move::Stone(point);
            if self.game.check_move(mv).is_err() {
                continue;
            }
            let undo = self.game.make(mv);
            let ends = self.game.outcome().is_some();
            if (!ends || left == 1) && !self.dead.contains(&self.game.hash()) {
                let pool = match colour {
                    Colour::Black => &mut self.black,
                    Colour::White => &mut self.white,
                };
                pool.retain(|&p| p != point);
                self.path.push(point);
                if self.next()? {
                    return Some(true);
                }
                self.path.pop();
                let pool = match colour {
                    Colour::Black => &mut self.black,
                    Colour::White => &mut self.white,
                };
                pool.push(point);
                self.dead.insert(self.game.hash());
            }
            self.game.unmake(mv, undo);
        }
        Some(false)
    }
}

/// Stones of `pool` next to `point` (the eight neighbours).
fn neighbours(point: Point, pool: &[Point]) -> usize {
    pool.iter()
        .filter(|&&other| {
            other != point
                && point.col().abs_diff(other.col()) <= 1
                && point.row().abs_diff(other.row()) <= 1
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(variant: &GomokuVariant, text: &str) -> Setup {
        Gomoku::parse_position(variant, text).unwrap()
    }

    fn replays(variant: &GomokuVariant, order: &[Point]) -> Gomoku {
        let mut game = Gomoku::start(variant);
        for (i, &p) in order.iter().enumerate() {
            assert!(
                game.outcome().is_none() || i == order.len(),
                "game ended early"
            );
            game.play(Move::Stone(p)).unwrap();
        }
        game
    }

    #[test]
    fn finds_an_order_that_avoids_a_five_on_the_way() {
        // Black's five h4..h8 with white's four stones elsewhere: the five must come last.
        let variant: GomokuVariant = "freestyle".parse().unwrap();
        let target = setup(
            &variant,
            "black: h4,h5,h6,h7,h8; white: a1,a3,a5,a7; to-move: white",
        );
        let order = find_order(&variant, &target, 10_000).unwrap();
        let game = replays(&variant, &order);
        assert!(game.outcome().is_some());
        assert_eq!(order.len(), 9);
    }

    #[test]
    fn renju_orders_avoid_forbidden_points() {
        // h8 completes two open threes: black may only place it first or before they form.
        let variant: GomokuVariant = "renju".parse().unwrap();
        let target = setup(
            &variant,
            "black: f8,g8,h8,h6,h7; white: a1,a3,a5,a7; to-move: white",
        );
        let order = find_order(&variant, &target, 100_000).unwrap();
        let mut game = Gomoku::start(&variant);
        for p in order {
            assert!(game.check_move(Move::Stone(p)).is_ok(), "{p} is refused");
            game.make(Move::Stone(p));
        }
    }

    #[test]
    fn says_why_there_is_no_order() {
        let variant: GomokuVariant = "freestyle".parse().unwrap();
        let target = setup(&variant, "black: h8,h9; white: -; to-move: white");
        let Err(NoOrder::Impossible(error)) = find_order(&variant, &target, 1000) else {
            panic!("2 black stones and none white with white to move is no game's board");
        };
        assert!(error.contains("2 black and 0 white"), "{error}");
        // Two fives, one of each colour: whichever comes first ends the game.
        let target = setup(
            &variant,
            "black: a1,a2,a3,a4,a5; white: c1,c2,c3,c4,c5; to-move: black",
        );
        let Err(NoOrder::Impossible(error)) = find_order(&variant, &target, 100_000) else {
            panic!("two fives on one board is no game's board");
        };
        assert!(error.contains("makes a five"), "{error}");
        let swap: GomokuVariant = "freestyle+swap1".parse().unwrap();
        let target = setup(&swap, "black: h8; white: -; to-move: white");
        let Err(NoOrder::Unknown(error)) = find_order(&swap, &target, 1000) else {
            panic!("an opening rule hides the order, which may exist");
        };
        assert!(error.contains("opening rule"), "{error}");
    }
}

/// What the finders' tests share.
#[cfg(test)]
mod test_support {
    use arbiter_engine::{PositionRequest, find_engine};

    /// Asserts that `order` replays from the start to `board` (its text) under `game`'s
    /// reference rules, side to move included.
    pub(super) fn assert_reaches(game: &str, variant: &str, board: &str, order: &[String]) {
        let reference = find_engine(game).unwrap();
        let reached = reference
            .position(
                variant,
                &PositionRequest {
                    moves: order.to_vec(),
                    ..PositionRequest::default()
                },
            )
            .unwrap_or_else(|error| {
                panic!("{variant} {board}: {order:?} does not replay: {error}")
            });
        let given = reference
            .position(
                variant,
                &PositionRequest {
                    text: Some(board.to_owned()),
                    ..PositionRequest::default()
                },
            )
            .unwrap();
        assert_eq!(reached.text(), given.text(), "{variant}: {order:?}");
    }

    /// The board (its text) after `plies` random moves of `G` from `variant`'s start, fewer
    /// if the game ends.
    pub(super) fn random_board<G: arbiter_core::Game>(
        variant: &G::Variant,
        plies: usize,
        seed: u64,
    ) -> String {
        let mut game = G::start(variant);
        let mut stream = Stream(seed);
        let mut moves = Vec::new();
        for _ in 0..plies {
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves[stream.below(moves.len())]).unwrap();
        }
        game.format_position()
    }

    /// A deterministic stream of numbers for random games (xorshift).
    pub(super) struct Stream(pub(super) u64);

    impl Stream {
        pub(super) fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            usize::try_from(self.0 % n as u64).unwrap()
        }
    }
}

#[cfg(test)]
mod go_tests {
    use super::go_order;
    use arbiter_engine::{PositionRequest, find_engine};

    /// The order replays to the board under every ko rule, with the side to move.
    #[test]
    fn every_go_board_is_reached_by_stones_and_passes() {
        let reference = find_engine("go").unwrap();
        for (variant, board) in [
            ("chinese@5", "5/1X3/2O2/5/X3O white"),
            ("tromp-taylor@5", "XXXX1/OOOO1/5/XXXXX/5 black"),
            ("aga@5", "5/5/5/O4/1O3 black"),
            ("new-zealand@3", "3/3/3 white"),
            ("chinese@9", "9/9/9/9/9/9/9/9/9 black"),
            (
                "japanese@7",
                "1O1X1O1/OOXXXOO/XXOOOXX/1XO1OX1/XXOOOXX/1XO1OX1/XXOOOXX black",
            ),
        ] {
            let order = go_order(variant, board).unwrap();
            let passes = order
                .windows(2)
                .filter(|w| w[0] == "pass" && w[1] == "pass");
            assert_eq!(passes.count(), 0, "{variant}: {order:?}");
            let request = PositionRequest {
                moves: order.clone(),
                ..PositionRequest::default()
            };
            let reached = reference.position(variant, &request).unwrap();
            let given = PositionRequest {
                text: Some(board.to_owned()),
                ..PositionRequest::default()
            };
            let board = reference.position(variant, &given).unwrap();
            assert_eq!(reached.text(), board.text(), "{variant}: {order:?}");
        }
        assert!(go_order("chinese@9,handicap=2", "9/9/9/9/9/9/9/9/9 white").is_err());
        assert!(go_order("chinese@9", "9/9 black").is_err());
    }
}
