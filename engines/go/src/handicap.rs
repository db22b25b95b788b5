//! Handicap stones: the fixed placement of GTP v2's `fixed_handicap`, and the star points the
//! picture draws.
//!
//! GTP v2 (Gunnar Farnebäck, "Specification of the Go Text Protocol, version 2, draft 2",
//! section 4.1.1 and the `fixed_handicap` command) fixes where N handicap stones go; GNU Go
//! 3.8, the protocol's reference implementation, answers `fixed_handicap N` on every size with
//! these points (checked by hand: `engines/go/scripts/gnugo_handicap.sh`):
//!
//! - no fixed handicap below 7x7; at most 4 stones on 7x7 and on even sizes, 9 on odd sizes
//!   from 9x9;
//! - the stones stand on the third line up to 11x11 and on the fourth from 12x12 (19x19:
//!   D4, Q16, …);
//! - 2: the lower-left and upper-right corner points; 3: and the upper left; 4: all four
//!   corners; 5: four and the centre; 6: four and the left and right side points; 7: six
//!   and the centre; 8: six and the lower and upper side points; 9: eight and the centre.
//!
//! Free placement (`place_free_handicap`, `set_free_handicap`) puts the stones anywhere: a
//! position set up with them and white to move ([`crate::setup`]), the variant's `handicap=N`
//! giving white its bonus.

use crate::board::{Geometry, Point};

/// The most fixed handicap stones GTP places on a `size` board (0: none).
#[must_use]
pub const fn max_fixed(size: u8) -> u8 {
    if size < 7 {
        0
    } else if size == 7 || size.is_multiple_of(2) {
        4
    } else {
        9
    }
}

/// The `(column, row)` of the fixed handicap points in placement order, for `stones` stones.
fn layout(size: u8, stones: u8) -> Vec<(usize, usize)> {
    let n = usize::from(size);
    let low = if size >= 12 { 3 } else { 2 };
    let high = n - 1 - low;
    let mid = n / 2;
    let mut points = vec![(low, low), (high, high), (low, high), (high, low)];
    points.truncate(usize::from(stones.min(4)));
    if stones >= 6 {
        points.extend([(low, mid), (high, mid)]);
    }
    if stones >= 8 {
        points.extend([(mid, low), (mid, high)]);
    }
    if stones >= 5 && stones % 2 == 1 {
        points.push((mid, mid));
    }
    points
}

/// The points of `stones` fixed handicap stones on `geometry`'s board.
///
/// # Errors
/// A sentence when GTP defines no such placement (fewer than 2 stones, more than the size
/// allows, a board below 7x7).
pub fn fixed_points(geometry: &Geometry, stones: u8) -> Result<Vec<Point>, String> {
    let most = max_fixed(geometry.size);
    if stones < 2 || stones > most {
        return Err(if most == 0 {
            format!(
                "no fixed handicap on {0}x{0}: GTP places fixed handicap stones from 7x7",
                geometry.size
            )
        } else {
            format!(
                "{stones} fixed handicap stones on {0}x{0}: GTP places 2 to {most}",
                geometry.size
            )
        });
    }
    Ok(layout(geometry.size, stones)
        .into_iter()
        .filter_map(|(column, row)| geometry.point(column, row))
        .collect())
}

/// The star points (hoshi) a picture marks: the four corner handicap points, the centre of
/// odd boards, and the side points of boards from 15x15 (the nine of 19x19).
#[must_use]
pub fn stars(geometry: &Geometry) -> Vec<Point> {
    let size = geometry.size;
    let stones = match max_fixed(size) {
        0 => 0,
        4 => 4,
        _ if size >= 15 => 9,
        _ => 5,
    };
    layout(size, stones)
        .into_iter()
        .filter_map(|(column, row)| geometry.point(column, row))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::format_point;

    fn named(size: u8, stones: u8) -> Vec<String> {
        let g = Geometry::of_size(size);
        let mut names: Vec<String> = fixed_points(g, stones)
            .unwrap()
            .into_iter()
            .map(|p| format_point(g, p).to_ascii_uppercase())
            .collect();
        names.sort();
        names
    }

    /// GNU Go 3.8's answers to `fixed_handicap N` (sorted), as listed in
    /// `engines/go/scripts/gnugo_handicap.sh`.
    #[rstest::rstest]
    #[case(19, 2, "D4 Q16")]
    #[case(19, 3, "D16 D4 Q16")]
    #[case(19, 4, "D16 D4 Q16 Q4")]
    #[case(19, 5, "D16 D4 K10 Q16 Q4")]
    #[case(19, 6, "D10 D16 D4 Q10 Q16 Q4")]
    #[case(19, 7, "D10 D16 D4 K10 Q10 Q16 Q4")]
    #[case(19, 8, "D10 D16 D4 K16 K4 Q10 Q16 Q4")]
    #[case(19, 9, "D10 D16 D4 K10 K16 K4 Q10 Q16 Q4")]
    #[case(13, 9, "D10 D4 D7 G10 G4 G7 K10 K4 K7")]
    #[case(12, 4, "D4 D9 J4 J9")]
    #[case(11, 5, "C3 C9 F6 J3 J9")]
    #[case(9, 2, "C3 G7")]
    #[case(9, 8, "C3 C5 C7 E3 E7 G3 G5 G7")]
    #[case(8, 4, "C3 C6 F3 F6")]
    #[case(7, 2, "C3 E5")]
    fn fixed_placement_is_gnu_go_s(#[case] size: u8, #[case] stones: u8, #[case] expected: &str) {
        let mut expected: Vec<&str> = expected.split(' ').collect();
        expected.sort_unstable();
        assert_eq!(named(size, stones), expected);
    }

    #[rstest::rstest]
    #[case(19, 1)]
    #[case(19, 10)]
    #[case(9, 0)]
    #[case(8, 5)]
    #[case(7, 5)]
    #[case(6, 2)]
    #[case(2, 2)]
    fn impossible_placements_are_refused(#[case] size: u8, #[case] stones: u8) {
        assert!(fixed_points(Geometry::of_size(size), stones).is_err());
    }

    #[test]
    fn nine_stars_on_nineteen_five_on_nine() {
        assert_eq!(stars(Geometry::of_size(19)).len(), 9);
        assert_eq!(stars(Geometry::of_size(13)).len(), 5);
        assert_eq!(stars(Geometry::of_size(9)).len(), 5);
        assert_eq!(stars(Geometry::of_size(8)).len(), 4);
        assert!(stars(Geometry::of_size(5)).is_empty());
    }
}
