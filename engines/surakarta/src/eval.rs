//! Static evaluation and move-ordering hints for the search crate.
//!
//! Surakarta is a game of material: a side without pieces loses, and the move limit and a
//! blocked side are adjudicated by piece count. The evaluation therefore counts pieces first,
//! then mobility (steps and captures), then capture threats along the circuits: an enemy
//! piece the side to move attacks and the enemy could not recapture is nearly won; one of the
//! mover's own pieces under such an attack must still be saved. Weights come from the `eval:`
//! section of `engines/surakarta/params.yaml`; reading the file is the caller's job.

use arbiter_core::Side;
use serde::{Deserialize, Serialize};

use arbiter_core::Bits;

use crate::board::{BOARD, NEIGHBOURS};
use crate::notation::Move;
use crate::rules::{Surakarta, circuit_targets};

/// Evaluation weights, the `eval:` section of `params.yaml` (kebab-case keys, unknown keys
/// refused). With `material` at 100 the unit is a hundredth of a piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Params {
    /// Per piece of the side to move, minus the opponent's.
    pub material: i32,
    /// Per legal move (step or capture) of the side to move, minus the opponent's.
    pub mobility: i32,
    /// Per enemy piece the side to move attacks that no enemy piece could recapture on.
    pub attack_mover: i32,
    /// Per piece of the side to move that the opponent attacks and nothing could recapture on
    /// (subtracted: the mover has one move to save it).
    pub attack_waiting: i32,
    /// Per defended piece under attack, for the attacker (either side, signed): pressure.
    pub attack_defended: i32,
}

impl Default for Params {
    /// The values of the committed `params.yaml`'s `eval:` section.
    fn default() -> Params {
        Params {
            material: 100,
            mobility: 2,
            attack_mover: 60,
            attack_waiting: 35,
            attack_defended: 8,
        }
    }
}

/// What one side does on the board: its legal moves and the enemy pieces it attacks.
struct Activity {
    moves: i32,
    attacked: u64,
}

fn activity(pieces: [u64; 2], side: Side) -> Activity {
    let empty = BOARD & !(pieces[0] | pieces[1]);
    let (mut moves, mut attacked) = (0, 0u64);
    for from in Bits(pieces[side.index()]) {
        let targets = circuit_targets(pieces, side, from).0;
        moves += (NEIGHBOURS[usize::from(from)] & empty).count_ones() + targets.count_ones();
        attacked |= targets;
    }
    Activity {
        moves: moves as i32,
        attacked,
    }
}

/// The pieces of `side` among `attacked` that some other piece of `side` could recapture on,
/// were an enemy piece standing there (the attacker's vacated start is not accounted for).
fn defended(pieces: [u64; 2], side: Side, attacked: u64) -> u64 {
    let mut result = 0;
    for target in Bits(attacked & pieces[side.index()]) {
        let mut board = pieces;
        board[side.index()] ^= 1 << target;
        board[side.opponent().index()] |= 1 << target;
        if Bits(board[side.index()])
            .any(|defender| circuit_targets(board, side, defender).0 & (1 << target) != 0)
        {
            result |= 1 << target;
        }
    }
    result
}

/// The position's value for the side to move (higher is better).
#[must_use]
pub fn evaluate(position: &Surakarta, params: &Params) -> i32 {
    let mover = position.to_move;
    let pieces = [position.pieces(Side::First), position.pieces(Side::Second)];
    let ours = activity(pieces, mover);
    let theirs = activity(pieces, mover.opponent());
    // Pieces of each side under attack, and which of them could be recaptured on.
    let their_defended = defended(pieces, mover.opponent(), ours.attacked);
    let our_defended = defended(pieces, mover, theirs.attacked);
    let count = |set: u64| set.count_ones() as i32;
    params.material * (count(pieces[mover.index()]) - count(pieces[mover.opponent().index()]))
        + params.mobility * (ours.moves - theirs.moves)
        + params.attack_mover * count(ours.attacked & !their_defended)
        - params.attack_waiting * count(theirs.attacked & !our_defended)
        + params.attack_defended * (count(their_defended) - count(our_defended))
}

/// A cheap move-ordering hint, higher first: captures, then steps.
#[must_use]
pub fn order_hint(mv: Move) -> i32 {
    i32::from(mv.capture)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::SurakartaVariant;
    use arbiter_core::Game;
    use arbiter_laws::Fixture;

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        let start = Surakarta::start(&SurakartaVariant::default());
        let pieces = [start.pieces(Side::First), start.pieces(Side::Second)];
        // Neither side attacks anything; red's 16 steps match black's.
        assert_eq!(activity(pieces, Side::First).attacked, 0);
        assert_eq!(
            activity(pieces, Side::First).moves,
            activity(pieces, Side::Second).moves
        );
        assert_eq!(evaluate(&start, &Params::default()), 0);
    }

    #[test]
    fn a_piece_up_is_worth_about_a_piece() {
        // Red a1 and f1 against black a6 alone: nothing attacks anything (corner points lie on
        // no circuit).
        let game = Surakarta::position_of("B5/6/6/6/6/R4R red");
        let params = Params::default();
        let score = evaluate(&game, &params);
        assert!(
            (params.material - 20..=params.material + 20).contains(&score),
            "{score}"
        );
    }

    #[test]
    fn mutual_attacks_favour_the_side_to_move() {
        // Red b1 attacks black c2 through the bottom-left loop (the captures spec's
        // inner-circuit-capture) and black c2 attacks b1 the same way back; neither piece is
        // defended, so whoever moves strikes first.
        let (b1, c2) = (1, 8);
        for side in ["red", "black"] {
            let game = Surakarta::position_of(&format!("6/6/6/6/2B3/1R4 {side}"));
            let pieces = [game.pieces(Side::First), game.pieces(Side::Second)];
            assert_eq!(activity(pieces, Side::First).attacked, 1 << c2);
            assert_eq!(activity(pieces, Side::Second).attacked, 1 << b1);
            assert_eq!(defended(pieces, Side::Second, 1 << c2), 0);
            assert!(evaluate(&game, &Params::default()) > 0, "{side}");
        }
    }

    #[test]
    fn a_piece_with_a_recapture_is_defended() {
        // Red b1 attacks black c2 as above. Black a3 would take back on c2 along the outer
        // circuit: backwards from a3 through the bottom-left outer loop onto c1, then c2.
        let game = Surakarta::position_of("6/6/6/B5/2B3/1R4 red");
        let pieces = [game.pieces(Side::First), game.pieces(Side::Second)];
        let c2 = 8;
        assert_eq!(activity(pieces, Side::First).attacked, 1 << c2);
        assert_eq!(defended(pieces, Side::Second, 1 << c2), 1 << c2);
    }
}
