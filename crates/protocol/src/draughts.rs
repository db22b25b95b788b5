//! The 50 squares of an international draughts position as the draughts protocols write them:
//! one letter a square, from square 1 to 50 (DXP `e w W z Z`, Hub `e w W b B`).

use arbiter_core::Side;
use arbiter_draughts::DraughtsSetup;

use super::CodecError;

/// A protocol's letters for an empty square, a white man, a white king, a black man and a black
/// king.
pub(crate) type Letters = [char; 5];

/// The pieces in the order of [`Letters`].
const CELLS: [Option<(Side, bool)>; 5] = [
    None,
    Some((Side::First, false)),
    Some((Side::First, true)),
    Some((Side::Second, false)),
    Some((Side::Second, true)),
];

/// The position with `to_move` to move and these squares (the caller checks there are 50).
///
/// # Errors
/// A [`CodecError`] naming the first character that is none of `letters`.
pub(crate) fn read_squares(
    to_move: Side,
    squares: impl Iterator<Item = char>,
    letters: Letters,
) -> Result<DraughtsSetup, CodecError> {
    let mut setup = DraughtsSetup::empty(to_move);
    for (i, c) in squares.enumerate() {
        let Some(at) = letters.iter().position(|&letter| letter == c) else {
            let [empty, man, king, other_man, other_king] = letters;
            return Err(CodecError::new(format!(
                "unknown square {c:?} at square {}: expected {empty}, {man}, {king}, {other_man} or {other_king}",
                i + 1
            )));
        };
        setup.cells[i] = CELLS[at];
    }
    Ok(setup)
}

/// The 50 squares of `setup` in `letters`.
pub(crate) fn write_squares(setup: &DraughtsSetup, letters: Letters) -> impl Iterator<Item = char> {
    setup
        .cells
        .iter()
        .map(move |cell| letters[CELLS.iter().position(|c| c == cell).unwrap_or(0)])
}
