//! A tiny game for the search tests: three in a row on a 3×3 (tic-tac-toe) or 4×4 board,
//! with a heuristic evaluator, and a plain full-width minimax to check the searchers against.
//!
//! Notation: a cell is a column letter and a row number, `a1` the top-left corner; positions
//! are the cells row by row (`x`, `o`, `.`), a space, and the side to move, e.g. `x.o......
//! x`.

use std::fmt;
use std::str::FromStr;

use arbiter_core::grid::{self, Letters};
use arbiter_core::{
    EndReason, Game, IllegalMove, NotationError, Outcome, PositionText, SetupProblem, Side,
    Variant, zobrist,
};

use crate::eval::Evaluator;

/// The board size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Board {
    #[default]
    Three,
    Four,
}

impl Board {
    pub const fn size(self) -> usize {
        match self {
            Board::Three => 3,
            Board::Four => 4,
        }
    }

    fn lines(self) -> &'static [u16] {
        match self {
            Board::Three => &LINES_3,
            Board::Four => &LINES_4,
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.size())
    }
}

impl FromStr for Board {
    type Err = String;
    fn from_str(text: &str) -> Result<Board, String> {
        match text {
            "3x3" => Ok(Board::Three),
            "4x4" => Ok(Board::Four),
            _ => Err(format!("unknown variant {text:?}")),
        }
    }
}

impl Variant for Board {
    const GAME: &'static str = "three-in-a-row";

    fn names() -> Vec<String> {
        vec!["3x3".into(), "4x4".into()]
    }
}

/// Every three-cell line of an `n`×`n` board, as bit masks (row-major bits).
const fn lines<const L: usize>(n: usize) -> [u16; L] {
    let directions: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut out = [0u16; L];
    let mut count = 0;
    let mut d = 0;
    while d < 4 {
        let (dr, dc) = directions[d];
        let mut cell = 0;
        while cell < n * n {
            let (r, c) = ((cell / n) as isize, (cell % n) as isize);
            let (er, ec) = (r + 2 * dr, c + 2 * dc);
            if er >= 0 && er < n as isize && ec >= 0 && ec < n as isize {
                let mut mask = 0u16;
                let mut k = 0;
                while k < 3 {
                    mask |= 1 << ((r + k * dr) * n as isize + c + k * dc);
                    k += 1;
                }
                out[count] = mask;
                count += 1;
            }
            cell += 1;
        }
        d += 1;
    }
    assert!(count == L);
    out
}

const LINES_3: [u16; 8] = lines(3);
const LINES_4: [u16; 24] = lines(4);
/// Keys for (side, cell) at `side * 16 + cell`, and the side-to-move key last.
const KEYS: [u64; 33] = zobrist::keys(0x7E57);

/// A position: one bit board per side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ttt {
    board: Board,
    stones: [u16; 2],
    to_move: Side,
    hash: u64,
}

/// A raw position: cells row by row and the side to move.
#[derive(Clone, Debug)]
pub struct Setup {
    cells: Vec<Option<Side>>,
    to_move: Side,
}

impl Ttt {
    fn full(&self) -> u16 {
        ((1u32 << (self.board.size() * self.board.size())) - 1) as u16
    }

    fn winner(&self) -> Option<Side> {
        [Side::First, Side::Second].into_iter().find(|side| {
            let stones = self.stones[side.index()];
            self.board.lines().iter().any(|&line| line & !stones == 0)
        })
    }

    /// Sets up a position from its one-line form; panics on bad text (tests only).
    pub fn from_text(board: Board, text: &str) -> Ttt {
        let setup = Ttt::parse_position(&board, text).unwrap();
        Ttt::from_setup(&board, &setup).unwrap()
    }
}

impl Game for Ttt {
    type Move = u8;
    type Variant = Board;
    type Undo = ();
    type Setup = Setup;

    const SIDE_NAMES: [&'static str; 2] = ["x", "o"];

    fn start(variant: &Board) -> Ttt {
        Ttt {
            board: *variant,
            stones: [0, 0],
            to_move: Side::First,
            hash: 0,
        }
    }

    fn variant(&self) -> &Board {
        &self.board
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        let empty = self.full() & !(self.stones[0] | self.stones[1]);
        moves.extend((0..16u8).filter(|&cell| empty & (1 << cell) != 0));
    }

    fn check_move(&self, mv: u8) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::new("game-over", "the game is over"));
        }
        if usize::from(mv) >= self.board.size() * self.board.size() {
            return Err(IllegalMove::new("off-board", "no such cell"));
        }
        if (self.stones[0] | self.stones[1]) & (1 << mv) != 0 {
            return Err(IllegalMove::new("occupied", "the cell is taken"));
        }
        Ok(())
    }

    fn make(&mut self, mv: u8) {
        let side = self.to_move.index();
        self.stones[side] |= 1 << mv;
        self.hash ^= KEYS[side * 16 + usize::from(mv)] ^ KEYS[32];
        self.to_move = self.to_move.opponent();
    }

    fn unmake(&mut self, mv: u8, (): ()) {
        self.to_move = self.to_move.opponent();
        let side = self.to_move.index();
        self.stones[side] &= !(1 << mv);
        self.hash ^= KEYS[side * 16 + usize::from(mv)] ^ KEYS[32];
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner() {
            return Some(Outcome::win(winner, EndReason::Line));
        }
        (self.stones[0] | self.stones[1] == self.full())
            .then_some(Outcome::draw(EndReason::BoardFull))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.to_move == Side::Second {
            KEYS[32]
        } else {
            0
        };
        for side in 0..2 {
            for cell in 0..16 {
                if self.stones[side] & (1 << cell) != 0 {
                    hash ^= KEYS[side * 16 + cell];
                }
            }
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        grid::parse_index(text, Letters::Consecutive, self.board.size(), "cell")
    }

    fn format_move(&self, mv: u8) -> String {
        grid::format_index(Letters::Consecutive, self.board.size(), mv)
    }
}

impl PositionText<Ttt> for Setup {
    fn parse_position(variant: &Board, text: &str) -> Result<Setup, NotationError> {
        let (cells, side) = text
            .split_once(' ')
            .ok_or_else(|| NotationError::new("expected cells, a space and the side to move"))?;
        let to_move =
            Ttt::parse_side(side).ok_or_else(|| NotationError::new("the side is x or o"))?;
        let cells = cells
            .chars()
            .map(|c| match c {
                'x' => Ok(Some(Side::First)),
                'o' => Ok(Some(Side::Second)),
                '.' => Ok(None),
                _ => Err(NotationError::new(format!("unknown cell {c:?}"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if cells.len() != variant.size() * variant.size() {
            return Err(NotationError::new("wrong number of cells"));
        }
        Ok(Setup { cells, to_move })
    }

    fn parse_diagram(
        variant: &Board,
        diagram: &str,
        to_move: Side,
    ) -> Result<Setup, NotationError> {
        let cells: String = diagram.split_whitespace().collect();
        let side = Ttt::side_name(to_move);
        Ttt::parse_position(variant, &format!("{cells} {side}"))
    }

    fn validate(&self, variant: &Board) -> Result<Ttt, Vec<SetupProblem>> {
        let setup = self;
        let mut game = Ttt::start(variant);
        for (cell, side) in setup.cells.iter().enumerate() {
            if let Some(side) = side {
                game.stones[side.index()] |= 1 << cell;
            }
        }
        game.to_move = setup.to_move;
        game.hash = game.hash_from_scratch();
        let mut problems = Vec::new();
        let (x, o) = (game.stones[0].count_ones(), game.stones[1].count_ones());
        let expected_o = if setup.to_move == Side::First {
            x
        } else {
            x.wrapping_sub(1)
        };
        if o != expected_o {
            problems.push(SetupProblem::new(
                "side-to-move",
                "stone counts do not fit the side to move",
            ));
        }
        let lines = |side: Side| {
            let stones = game.stones[side.index()];
            variant.lines().iter().any(|&line| line & !stones == 0)
        };
        if lines(setup.to_move) {
            problems.push(SetupProblem::new(
                "moved-after-end",
                "the side to move already has a line",
            ));
        }
        if problems.is_empty() {
            Ok(game)
        } else {
            Err(problems)
        }
    }

    fn format_position(game: &Ttt) -> String {
        let n = game.board.size();
        let cells: String = (0..n * n).map(|cell| game.cell_char(cell)).collect();
        format!("{cells} {}", Ttt::side_name(game.to_move))
    }

    fn diagram(game: &Ttt) -> String {
        let n = game.board.size();
        (0..n)
            .map(|row| {
                (0..n)
                    .map(|col| game.cell_char(row * n + col))
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }
}

impl Ttt {
    fn cell_char(&self, cell: usize) -> char {
        if self.stones[0] & (1 << cell) != 0 {
            'x'
        } else if self.stones[1] & (1 << cell) != 0 {
            'o'
        } else {
            '.'
        }
    }
}

/// Open lines: each line without enemy stones counts the square of its own stones.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineEval;

impl Evaluator<Ttt> for LineEval {
    fn evaluate(&self, game: &Ttt) -> i32 {
        let me = game.stones[game.to_move.index()];
        let them = game.stones[game.to_move.opponent().index()];
        game.board
            .lines()
            .iter()
            .map(|&line| {
                let (mine, theirs) = (
                    (me & line).count_ones() as i32,
                    (them & line).count_ones() as i32,
                );
                match (mine, theirs) {
                    (m, 0) => m * m,
                    (0, t) => -t * t,
                    _ => 0,
                }
            })
            .sum()
    }

    fn move_order_hint(&self, game: &Ttt, mv: u8) -> i32 {
        game.board
            .lines()
            .iter()
            .filter(|&&line| line & (1 << mv) != 0)
            .count() as i32
    }

    fn history_slots(&self) -> usize {
        16
    }

    fn history_slot(&self, mv: u8) -> usize {
        usize::from(mv)
    }
}

/// Full-width negamax to `depth` plies, no pruning, no table: the reference value.
pub fn minimax<E: Evaluator<Ttt>>(game: &mut Ttt, eval: &E, depth: u32, ply: usize) -> i32 {
    if let Some(outcome) = game.outcome() {
        return eval.terminal_score(game, outcome, ply);
    }
    if depth == 0 {
        return eval.evaluate(game);
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut best = -crate::score::INFINITY;
    for mv in moves {
        game.make(mv);
        best = best.max(-minimax(game, eval, depth - 1, ply + 1));
        game.unmake(mv, ());
    }
    best
}

/// [`LineEval`] with a quiescence search: at a leaf the side to move may stand pat or complete
/// a line of its own (a "capture"); when the opponent threatens to complete one and the side
/// to move cannot complete its own, it must move (every legal move listed, as for a check).
/// Checks are "the opponent threatens a line", and they extend.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuietEval;

impl QuietEval {
    /// The empty cells that would complete a line of `side`'s.
    fn completions(game: &Ttt, side: Side) -> Vec<u8> {
        let mine = game.stones[side.index()];
        let theirs = game.stones[side.opponent().index()];
        let mut cells: Vec<u8> = game
            .board
            .lines()
            .iter()
            .filter(|&&line| {
                theirs & line == 0 && (mine & line).count_ones() + 1 == line.count_ones()
            })
            .map(|&line| (line & !mine).trailing_zeros() as u8)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

impl Evaluator<Ttt> for QuietEval {
    fn evaluate(&self, game: &Ttt) -> i32 {
        LineEval.evaluate(game)
    }

    fn quiescence_moves(&mut self, game: &Ttt, moves: &mut Vec<u8>) -> crate::Quiescence {
        let side = game.to_move;
        moves.clear();
        moves.extend(Self::completions(game, side));
        if moves.is_empty() && !Self::completions(game, side.opponent()).is_empty() {
            game.generate_moves(moves);
            return crate::Quiescence::MustMove;
        }
        crate::Quiescence::StandPatOr
    }

    fn extends(&self, game: &Ttt) -> bool {
        !Self::completions(game, game.to_move.opponent()).is_empty()
    }
}

/// [`minimax`] with [`QuietEval`]'s quiescence search below depth 0, at most `plies` deep: the
/// value alpha-beta must give without a table (extensions off).
pub fn quiet_minimax(game: &mut Ttt, depth: u32, ply: usize, plies: u32) -> i32 {
    if let Some(outcome) = game.outcome() {
        return QuietEval.terminal_score(game, outcome, ply);
    }
    let mut moves = Vec::new();
    if depth == 0 {
        if plies == 0 {
            return QuietEval.evaluate(game);
        }
        let kind = QuietEval.quiescence_moves(game, &mut moves);
        let mut best = match kind {
            crate::Quiescence::Evaluate => return QuietEval.evaluate(game),
            crate::Quiescence::StandPatOr => QuietEval.evaluate(game),
            crate::Quiescence::MustMove => -crate::score::INFINITY,
        };
        for mv in moves {
            game.make(mv);
            best = best.max(-quiet_minimax(game, 0, ply + 1, plies - 1));
            game.unmake(mv, ());
        }
        return best;
    }
    game.generate_moves(&mut moves);
    let mut best = -crate::score::INFINITY;
    for mv in moves {
        game.make(mv);
        best = best.max(-quiet_minimax(game, depth - 1, ply + 1, plies));
        game.unmake(mv, ());
    }
    best
}

/// Plays `indices` (each taken modulo the legal-move count) from `game` while it goes on.
pub fn random_position(mut game: Ttt, indices: &[u16]) -> Ttt {
    let mut moves = Vec::new();
    for &index in indices {
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.make(moves[usize::from(index) % moves.len()]);
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_game_is_sound() {
        assert_eq!(LINES_3.len(), 8);
        let mut game = Ttt::start(&Board::Three);
        for text in ["a1", "b2", "b1", "c3", "c1"] {
            let mv = game.parse_move(text).unwrap();
            assert_eq!(game.format_move(mv), text);
            game.play(mv).unwrap();
            assert_eq!(game.hash(), game.hash_from_scratch());
        }
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Side::First, EndReason::Line))
        );
        assert_eq!(game.format_position(), "xxx.o...o o");
        let setup = Ttt::parse_position(&Board::Three, "xx....... x").unwrap();
        assert!(Ttt::from_setup(&Board::Three, &setup).is_err());
        let mut moves = Vec::new();
        Ttt::start(&Board::Four).generate_moves(&mut moves);
        assert_eq!(moves.len(), 16);
        assert_eq!(
            Ttt::start(&Board::Four).perft(3, Default::default()),
            16 * 15 * 14
        );
    }
}
