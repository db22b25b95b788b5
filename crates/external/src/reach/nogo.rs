//! A move order that reaches a NoGo board: each side's stones in turn.
//!
//! No stone ever leaves a NoGo board, and a valid board has no group without a liberty. Take
//! any order in which the colours alternate from black, and a position on the way: each of its
//! groups `g` lies inside one group `G` of the board (stones joined on the way are joined on
//! the board). If `g` is all of `G`, its liberties on the board are still empty, since stones
//! are only added, and `G` has one. If not, `G` is connected, so a stone of `G` not yet placed
//! touches `g`: that empty point is a liberty. So no stone on the way takes a group's last
//! liberty, its own or the enemy's: none is a foul (capture or suicide), each is a legal move,
//! and in particular the side to move always has a legal point (the next stone), so the game
//! never ends before the board. The board's side to move follows from the counts: black has as
//! many stones as white (black to move) or one more (white to move); other counts are no
//! game's board. Each step is still checked under the reference rules.

use arbiter_core::{Game, Side};
use arbiter_nogo::{NoGo, NoGoVariant};

use super::{Found, NoOrder};

/// The stones of `text`'s board in an order that reaches it under `variant`.
///
/// # Errors
/// The outer error: the variant or the board does not read. The inner one: counts that
/// cannot alternate ([`NoOrder::Impossible`]); a step refused under the reference rules
/// ([`NoOrder::Unknown`]: the argument above says it cannot happen on a valid board).
pub(crate) fn nogo_order(variant: &str, text: &str) -> Found {
    let variant: NoGoVariant = variant.parse()?;
    let setup = NoGo::parse_position(&variant, text).map_err(|error| error.message)?;
    let side_of = |side: Side| -> Vec<usize> {
        (0..setup.cells.len())
            .filter(|&point| setup.cells[point] == Some(side))
            .collect()
    };
    let (black, white) = (side_of(Side::First), side_of(Side::Second));
    let alternates = match setup.to_move {
        Side::First => black.len() == white.len(),
        Side::Second => black.len() == white.len() + 1,
    };
    if !alternates {
        return Ok(Err(NoOrder::Impossible(format!(
            "{} black and {} white stones with {} to move: black moves first, the sides \
             alternate and no stone is removed, so that never happens",
            black.len(),
            white.len(),
            NoGo::side_name(setup.to_move)
        ))));
    }
    let mut game = NoGo::start(&variant);
    let geometry = game.geometry();
    let mut order = Vec::with_capacity(black.len() + white.len());
    for (index, &point) in black
        .iter()
        .zip(white.iter().map(Some).chain(std::iter::once(None)))
        .flat_map(|(b, w)| std::iter::once(b).chain(w))
        .enumerate()
    {
        let point = u8::try_from(point).map_err(|_| format!("no point {point} on the board"))?;
        let name = arbiter_nogo::format_point(geometry, point);
        if game.outcome().is_some() {
            return Ok(Err(NoOrder::Unknown(format!(
                "the game was over before stone {} ({name})",
                index + 1
            ))));
        }
        if let Err(refusal) = game.play(point) {
            return Ok(Err(NoOrder::Unknown(format!(
                "stone {} ({name}) is refused: {refusal}",
                index + 1
            ))));
        }
        order.push(name);
    }
    if game.to_setup() != setup {
        return Ok(Err(NoOrder::Unknown(
            "the stones in turn do not give this board".to_owned(),
        )));
    }
    Ok(Ok(order))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reach::test_support::assert_reaches;

    #[test]
    fn each_sides_stones_in_turn_reach_every_valid_board() {
        for (variant, board) in [
            ("standard", "9/9/9/9/9/9/9/9/OX7 black"),
            ("standard", "8X/9/9/9/9/9/O8/XO7/1XO6 black"),
            ("standard", "9/9/9/9/9/9/X8/OX7/1O7 black"),
            ("standard", "9/9/9/9/4X4/9/9/9/9 white"),
            ("foul-loses", "XO7/9/9/9/9/9/9/9/8X white"),
            ("standard", "9/9/9/9/9/9/9/9/9 black"),
            // White to move has no legal point: the last stone ends the game, as it may.
            ("standard@2", "XO/X1 white"),
            // A full row of each colour, groups breathing only through one point each.
            ("standard@3", "XXX/3/OOO black"),
        ] {
            let order = nogo_order(variant, board).unwrap().unwrap();
            assert_reaches("nogo", variant, board, &order);
        }
    }

    #[test]
    fn counts_that_cannot_alternate_are_no_games_board() {
        for board in ["9/9/9/9/9/9/9/9/XX7 black", "9/9/9/9/9/9/9/9/X8 black"] {
            let Ok(Err(NoOrder::Impossible(why))) = nogo_order("standard", board) else {
                panic!("{board}: no alternating game gives it");
            };
            assert!(why.contains("black and"), "{why}");
        }
    }

    #[test]
    fn a_board_that_does_not_read_is_an_error() {
        assert!(nogo_order("standard", "9/9 black").is_err());
        assert!(nogo_order("no-such-variant", "9/9/9/9/9/9/9/9/9 black").is_err());
    }
}
