//! Static evaluation and move-ordering hints for the search crate.
//!
//! The evaluation is the territory measure of Lieberum (2005) and Hensgens (2001): every empty
//! square belongs to the side that reaches it in fewer queen moves (and, as a second opinion,
//! in fewer king steps); a square both reach equally fast goes to the side to move. Mobility,
//! the number of queen moves of each side's amazons, breaks ties early in the game. Weights
//! come from the `eval:` section of `engines/amazons/params.yaml`; reading the file is the
//! caller's job. [`Params`] is the search crate's [`Evaluator`] for Amazons.

use arbiter_search::Evaluator;
use serde::{Deserialize, Serialize};

use crate::board::{DIRECTIONS, MAX_SQUARES};
use crate::notation::Move;
use crate::rules::Amazons;
use arbiter_core::{Bits, Game};

/// Evaluation weights, the `eval:` section of `params.yaml` (kebab-case keys, unknown keys
/// refused). Scores are in centi-squares when `queen_territory` is 100.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Params {
    /// Per empty square reached in fewer queen moves than the opponent.
    pub queen_territory: i32,
    /// Per empty square reached in fewer king steps than the opponent.
    pub king_territory: i32,
    /// Per empty square both sides reach in the same number of queen moves (the mover's).
    pub tie_to_mover: i32,
    /// Per queen-move destination of one's amazons, minus the opponent's.
    pub mobility: i32,
}

impl Default for Params {
    /// The values of the committed `params.yaml`'s `eval:` section.
    fn default() -> Params {
        Params {
            queen_territory: 100,
            king_territory: 30,
            tie_to_mover: 20,
            mobility: 4,
        }
    }
}

/// The squares one move from `frontier` through `empty`: queen slides when `queen`, else king steps.
fn expand(position: &Amazons, frontier: u128, empty: u128, queen: bool) -> u128 {
    let geometry = position.geometry();
    let mut reached = 0;
    for (df, dr) in DIRECTIONS {
        let mut ray = geometry.shift(frontier, df, dr) & empty;
        reached |= ray;
        while queen && ray != 0 {
            ray = geometry.shift(ray, df, dr) & empty;
            reached |= ray;
        }
    }
    reached
}

/// Squares closer to the side to move minus squares closer to the opponent, and equally close
/// squares, by queen moves (`queen`) or king steps.
fn territory(position: &Amazons, queen: bool) -> (i32, i32) {
    let empty = position.empty();
    let mover = position.side_to_move();
    let mut frontier = [position.amazons(mover), position.amazons(mover.opponent())];
    let mut seen = [0u128; 2];
    let (mut balance, mut ties) = (0i32, 0i32);
    while frontier[0] | frontier[1] != 0 {
        let next = [0, 1].map(|s| expand(position, frontier[s], empty, queen) & !seen[s]);
        // A square first reached now by one side only, and never before by the other, is its own.
        balance += (next[0] & !seen[1] & !next[1]).count_ones() as i32;
        balance -= (next[1] & !seen[0] & !next[0]).count_ones() as i32;
        ties += (next[0] & next[1]).count_ones() as i32;
        seen[0] |= next[0];
        seen[1] |= next[1];
        frontier = next;
    }
    (balance, ties)
}

/// The queen-move destinations of `side`'s amazons.
fn mobility(position: &Amazons, side: arbiter_core::Side) -> i32 {
    let geometry = position.geometry();
    let mut words = position.words;
    let mut count = 0;
    for square in Bits(position.amazons(side)) {
        geometry.toggle(&mut words, square);
        count += geometry.reach_count(&words, square);
        geometry.toggle(&mut words, square);
    }
    count as i32
}

/// The position's value for the side to move (higher is better).
#[must_use]
pub fn evaluate(position: &Amazons, params: &Params) -> i32 {
    let (queen_balance, queen_ties) = territory(position, true);
    let (king_balance, _) = territory(position, false);
    let mover = position.side_to_move();
    params.queen_territory * queen_balance
        + params.king_territory * king_balance
        + params.tie_to_mover * queen_ties
        + params.mobility * (mobility(position, mover) - mobility(position, mover.opponent()))
}

/// A cheap move-ordering hint, higher first: arrows next to enemy amazons (they take away
/// their room), not next to one's own, and queens moving to roomier squares.
///
/// Called for every move of every interior node (about 2,000 at the start), so it works on
/// whole sets: a handful of ANDs and popcounts.
#[must_use]
#[inline]
pub fn order_hint(position: &Amazons, mv: Move) -> i32 {
    let neighbours = &position.geometry().neighbours;
    let mover = position.side_to_move();
    let own = position.amazons(mover);
    let enemy = position.amazons(mover.opponent());
    let from = square_bit(mv.from);
    let to = square_bit(mv.to);
    // Empty once the amazon has left `from` (the arrow is not counted: it is what we rate).
    let empty = !(own | enemy | position.arrows()) | from;
    let arrow_ring = neighbours[usize::from(mv.arrow)];
    let count = |set: u128| set.count_ones() as i32;
    4 * count(arrow_ring & enemy) - 2 * count(arrow_ring & ((own ^ from) | to))
        + count(neighbours[usize::from(mv.to)] & empty)
        - count(neighbours[usize::from(mv.from)] & empty)
}

/// The set holding only `square`, by table: a variable 128-bit shift costs branches.
#[inline]
fn square_bit(square: u8) -> u128 {
    static BITS: [u128; MAX_SQUARES] = {
        let mut bits = [0; MAX_SQUARES];
        let mut i = 0;
        while i < MAX_SQUARES {
            bits[i] = 1 << i;
            i += 1;
        }
        bits
    };
    BITS[usize::from(square)]
}

arbiter_search::evaluator_from!(Params);

/// The evaluator the searchers use: `evaluate`, `order_hint`, and history by the pair
/// (destination, arrow), which tells a move's purpose better than the amazon that makes it.
impl Evaluator<Amazons> for Params {
    fn evaluate(&self, game: &Amazons) -> i32 {
        evaluate(game, self)
    }

    fn move_order_hint(&self, game: &Amazons, mv: Move) -> i32 {
        order_hint(game, mv)
    }

    fn history_slots(&self) -> usize {
        MAX_SQUARES * MAX_SQUARES
    }

    fn history_slot(&self, mv: Move) -> usize {
        usize::from(mv.to) * MAX_SQUARES + usize::from(mv.arrow)
    }

    /// The side to move loses only when it has no move: never by its own move.
    fn moving_can_lose(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::AmazonsVariant;

    #[test]
    fn params_file_matches_the_defaults() {
        let params: arbiter_search::EngineParams<Params> = arbiter_search::parse_params(
            "engines/amazons/params.yaml",
            include_str!("../params.yaml"),
        )
        .unwrap();
        assert_eq!(params.eval, Params::default());
    }

    #[test]
    fn history_slots_are_in_range() {
        let params = Params::default();
        let start = Amazons::start(&AmazonsVariant::Standard);
        let mut moves = Vec::new();
        start.generate_moves(&mut moves);
        assert!(
            moves
                .iter()
                .all(|&mv| params.history_slot(mv) < params.history_slots())
        );
    }

    #[test]
    fn unknown_params_are_refused() {
        let text =
            "queen-territory: 1\nking-territory: 1\ntie-to-mover: 1\nmobility: 1\nspeed: 3\n";
        assert!(serde_saphyr::from_str::<Params>(text).is_err());
    }

    #[test]
    fn the_symmetric_start_is_even_but_for_the_tempo() {
        let start = Amazons::start(&AmazonsVariant::Standard);
        let (balance, ties) = territory(&start, true);
        assert_eq!(balance, 0);
        assert!(ties > 0);
        assert_eq!(
            mobility(&start, arbiter_core::Side::First),
            mobility(&start, arbiter_core::Side::Second)
        );
    }

    #[test]
    fn a_walled_in_amazon_has_no_territory() {
        // Black's amazon on a8 is boxed in by arrows; white's owns the rest of the board.
        let text = "Bx6/xx6/8/8/8/8/8/7W white";
        let setup = Amazons::parse_position(&AmazonsVariant::Botzone8, text).unwrap();
        let position = Amazons::from_setup(&AmazonsVariant::Botzone8, &setup).unwrap();
        assert_eq!(territory(&position, true), (64 - 5, 0));
        assert!(evaluate(&position, &Params::default()) > 0);
    }
}
