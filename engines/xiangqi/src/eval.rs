//! Static evaluation: material and piece-square terms, and the move-ordering values.
//!
//! The piece-square terms are built from a few weights rather than written out as tables, so
//! that `params.yaml` stays readable: a pawn gains once it crosses the river and as it nears
//! the enemy palace, a horse gains towards the centre and the enemy half, a cannon on the
//! central file, a rook on an open file, an advisor or elephant in its home formation.
//! Scores are in hundredths of a pawn for the side to move.

use serde::{Deserialize, Serialize};

use arbiter_core::Side;

use arbiter_core::Bits;

use crate::board::{Kind, POINTS, Point, file_of, kind_of, piece, rank_of, side_of};
use crate::rules::Xiangqi;

/// Material by kind, the `material:` block of `params.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Material {
    pub advisor: i32,
    pub elephant: i32,
    pub horse: i32,
    pub rook: i32,
    pub cannon: i32,
    pub pawn: i32,
}

/// Evaluation weights, the `eval:` section of `params.yaml` (kebab-case keys, unknown keys
/// refused).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Params {
    pub material: Material,
    /// A pawn across the river (it may step sideways too).
    pub pawn_crossed: i32,
    /// Per rank a crossed pawn has advanced beyond the river bank, up to the enemy palace.
    pub pawn_advance: i32,
    /// A crossed pawn on the palace files d-f.
    pub pawn_palace_file: i32,
    /// A crossed pawn on the enemy's back rank (it can only step sideways there).
    pub pawn_last_rank: i32,
    /// Per step a horse stands closer to the centre of the board (files d-f, ranks 3-6).
    pub horse_centre: i32,
    /// A horse across the river.
    pub horse_crossed: i32,
    /// A cannon on the central file e.
    pub cannon_central: i32,
    /// A rook on a file with no pawn of its own.
    pub rook_open_file: i32,
    /// A rook across the river.
    pub rook_crossed: i32,
    /// Per advisor or elephant still on its home formation, for the general's shelter.
    pub defender_home: i32,
}

impl Default for Params {
    /// The values of the committed `params.yaml`'s `eval:` section.
    fn default() -> Params {
        Params {
            material: Material {
                advisor: 200,
                elephant: 200,
                horse: 400,
                rook: 900,
                cannon: 450,
                pawn: 100,
            },
            pawn_crossed: 70,
            pawn_advance: 15,
            pawn_palace_file: 20,
            pawn_last_rank: -60,
            horse_centre: 8,
            horse_crossed: 25,
            cannon_central: 20,
            rook_open_file: 15,
            rook_crossed: 20,
            defender_home: 10,
        }
    }
}

impl Params {
    /// The material value of `kind` (the general has none: it is never taken).
    #[must_use]
    pub fn value(&self, kind: Kind) -> i32 {
        let m = &self.material;
        match kind {
            Kind::King => 0,
            Kind::Advisor => m.advisor,
            Kind::Elephant => m.elephant,
            Kind::Horse => m.horse,
            Kind::Rook => m.rook,
            Kind::Cannon => m.cannon,
            Kind::Pawn => m.pawn,
        }
    }
}

/// Ranks counted from `side`'s own back rank.
fn from_home(side: Side, p: Point) -> i32 {
    match side {
        Side::First => rank_of(p) as i32,
        Side::Second => 9 - rank_of(p) as i32,
    }
}

/// The value of the piece `kind` of `side` on `p`: its material and its square terms (the
/// rook's open-file term aside, which depends on the pawns).
fn square_value(params: &Params, side: Side, kind: Kind, p: Point) -> i32 {
    let file = file_of(p) as i32;
    let home = from_home(side, p);
    let square = match kind {
        Kind::Pawn if home >= 5 => {
            let mut bonus = params.pawn_crossed + params.pawn_advance * (home - 5).min(3);
            if (3..=5).contains(&file) {
                bonus += params.pawn_palace_file;
            }
            if home == 9 {
                bonus += params.pawn_last_rank;
            }
            bonus
        }
        Kind::Horse => {
            let file_distance = (file - 4).abs().saturating_sub(1);
            let rank_distance = ((rank_of(p) as i32) * 2 - 9).abs() / 2;
            let centre = 6 - (file_distance + rank_distance).min(6);
            params.horse_centre * centre + if home >= 5 { params.horse_crossed } else { 0 }
        }
        Kind::Cannon if file == 4 => params.cannon_central,
        Kind::Rook if home >= 5 => params.rook_crossed,
        Kind::Advisor | Kind::Elephant if home <= 2 => params.defender_home,
        _ => 0,
    };
    params.value(kind) + square
}

/// The evaluation as tables: the value of every piece on every point, built once from the
/// weights, so that a position is scored by one lookup per piece.
#[derive(Clone, Debug, PartialEq)]
pub struct Tables {
    /// By piece code (side flag included) and point.
    values: Vec<[i32; POINTS]>,
    rook_open_file: i32,
}

impl Tables {
    /// The tables of `params`.
    #[must_use]
    pub fn new(params: &Params) -> Tables {
        let mut values = vec![[0; POINTS]; 16];
        for side in [Side::First, Side::Second] {
            for kind in Kind::ALL {
                let code = usize::from(piece(side, kind));
                for (p, value) in values[code].iter_mut().enumerate() {
                    *value = square_value(params, side, kind, p as Point);
                }
            }
        }
        Tables {
            values,
            rook_open_file: params.rook_open_file,
        }
    }
}

/// The position's value for the side to move (higher is better).
#[must_use]
pub fn evaluate(position: &Xiangqi, tables: &Tables) -> i32 {
    let board = position.board();
    let mut score = [0i32; 2];
    let mut pawn_files = [0u16; 2];
    let mut rooks = [0u16; 2];
    for p in Bits(board.occupied) {
        let piece = board.at(p);
        let side = side_of(piece).index();
        score[side] += tables.values[usize::from(piece)][usize::from(p)];
        let file = 1 << file_of(p);
        match kind_of(piece) {
            Kind::Pawn => pawn_files[side] |= file,
            // Two rooks on one file count once; rare enough not to matter.
            Kind::Rook => rooks[side] |= file,
            _ => {}
        }
    }
    for side in 0..2 {
        let open = rooks[side] & !pawn_files[side];
        score[side] += tables.rook_open_file * open.count_ones() as i32;
    }
    let us = arbiter_core::Game::side_to_move(position).index();
    score[us] - score[1 - us]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::XiangqiVariant;
    use arbiter_core::Game;
    use arbiter_laws::Fixture;

    #[test]
    fn the_start_is_even() {
        let start = Xiangqi::start(&XiangqiVariant::default());
        assert_eq!(evaluate(&start, &Tables::new(&Params::default())), 0);
    }

    #[test]
    fn a_rook_up_is_worth_about_a_rook() {
        let params = Params::default();
        let game = Xiangqi::position_of("4k4/9/9/9/9/9/9/9/9/R2K5 w");
        let score = evaluate(&game, &Tables::new(&params));
        assert!(
            (params.material.rook..params.material.rook + 100).contains(&score),
            "{score}"
        );
        let black = Xiangqi::position_of("4k4/9/9/9/9/9/9/9/9/R2K5 b");
        assert_eq!(evaluate(&black, &Tables::new(&params)), -score);
    }

    #[test]
    fn a_crossed_pawn_is_worth_more() {
        let params = Params::default();
        let home = evaluate(
            &Xiangqi::position_of("4k4/9/9/9/9/9/4P4/9/9/3K5 w"),
            &Tables::new(&params),
        );
        let crossed = evaluate(
            &Xiangqi::position_of("4k4/9/9/9/4P4/9/9/9/9/3K5 w"),
            &Tables::new(&params),
        );
        assert!(crossed > home + params.pawn_crossed / 2, "{home} {crossed}");
    }
}
