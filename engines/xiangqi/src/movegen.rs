//! The board as the rules query it: the mailbox beside two occupancy sets (rank-major and
//! file-major), and on it the moves of each piece, attacks on a point, and the legality of a
//! move (its own general not attacked afterwards, the generals not facing).
//!
//! Legality is tested on the board as the move would leave it without playing the move: the
//! occupancy sets are changed by two bits and the pieces are read from the mailbox, the
//! moving piece on its target. A move that neither leaves nor enters the general's rank, file
//! or diagonal neighbours cannot expose it (those are the lines of rooks, cannons and the
//! other general, and the legs of horses that could attack it), so when the general is not
//! in check only such moves are tested.

use arbiter_core::{Bits, Side};

use crate::board::Move;
use crate::board::{
    ADVISOR_MOVES, ELEPHANT_MOVES, EMPTY, EXPOSURE, HORSE_ATTACKERS, HORSE_MOVES, KING_MOVES, Kind,
    LINES_9, LINES_10, Line, NONE, PAWN_ATTACKERS, PAWN_MOVES, POINTS, Piece, Point, at, bit,
    file_bit, file_bits, file_of, kind_of, piece, rank_bits, rank_of, side_of,
};

/// The pieces on the board and where they stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The piece on each point ([`EMPTY`] for none).
    pub squares: [Piece; POINTS],
    /// Occupied points, rank-major (bit `rank * 9 + file`).
    pub occupied: u128,
    /// Occupied points, file-major (bit `file * 10 + rank`).
    pub files: u128,
    /// Each side's pieces, indexed by [`Side::index`].
    pub sides: [u128; 2],
    /// Each side's general ([`NONE`] while a setup lacks one).
    pub kings: [Point; 2],
}

impl Board {
    /// An empty board.
    #[must_use]
    pub fn empty() -> Board {
        Board {
            squares: [EMPTY; POINTS],
            occupied: 0,
            files: 0,
            sides: [0; 2],
            kings: [NONE; 2],
        }
    }

    /// Puts `piece` on the empty point `p`.
    pub fn put(&mut self, p: Point, piece: Piece) {
        debug_assert_eq!(self.squares[usize::from(p)], EMPTY);
        self.squares[usize::from(p)] = piece;
        self.occupied |= bit(p);
        self.files |= file_bit(p);
        self.sides[side_of(piece).index()] |= bit(p);
        if kind_of(piece) == Kind::King {
            self.kings[side_of(piece).index()] = p;
        }
    }

    /// Removes and returns the piece on the occupied point `p`.
    pub fn take(&mut self, p: Point) -> Piece {
        let piece = self.squares[usize::from(p)];
        debug_assert_ne!(piece, EMPTY);
        self.squares[usize::from(p)] = EMPTY;
        self.occupied &= !bit(p);
        self.files &= !file_bit(p);
        self.sides[side_of(piece).index()] &= !bit(p);
        piece
    }

    /// Moves the piece on `mv.from` to `mv.to`, returning what stood there ([`EMPTY`] or the
    /// captured piece).
    pub fn shift(&mut self, mv: Move) -> Piece {
        let captured = self.squares[usize::from(mv.to)];
        if captured != EMPTY {
            self.take(mv.to);
        }
        let moving = self.take(mv.from);
        self.put(mv.to, moving);
        captured
    }

    /// Takes back [`Board::shift`] of `mv`, putting `captured` back.
    pub fn unshift(&mut self, mv: Move, captured: Piece) {
        let moving = self.take(mv.to);
        self.put(mv.from, moving);
        if captured != EMPTY {
            self.put(mv.to, captured);
        }
    }

    /// The piece on `p`.
    #[inline]
    #[must_use]
    pub fn at(&self, p: Point) -> Piece {
        self.squares[usize::from(p)]
    }

    /// The rank line through `p` under the occupancy `occupied`.
    #[inline]
    fn rank_line(p: Point, occupied: u128) -> Line {
        LINES_9[file_of(p)][rank_bits(occupied, rank_of(p))]
    }

    /// The file line through `p` under the file-major occupancy `files`.
    #[inline]
    fn file_line(p: Point, files: u128) -> Line {
        LINES_10[rank_of(p)][file_bits(files, file_of(p))]
    }

    /// Whether `target` is attacked by a piece of `them` on a board whose occupancy is
    /// `occupied`/`files` and whose pieces are the mailbox's, except that the point `ours`
    /// holds a piece of the other side ([`NONE`]: no exception). The facing general counts as
    /// an attacker along the file.
    #[must_use]
    pub fn attacked_with(
        &self,
        target: Point,
        them: Side,
        occupied: u128,
        files: u128,
        ours: Point,
    ) -> bool {
        let theirs = |p: Point, kind: Kind| p != ours && self.at(p) == piece(them, kind);
        let (file, rank) = (file_of(target), rank_of(target));
        let rank_line = Self::rank_line(target, occupied);
        for ends in [rank_line.low, rank_line.high] {
            if ends[0] != NONE && theirs(at(usize::from(ends[0]), rank), Kind::Rook) {
                return true;
            }
            if ends[1] != NONE && theirs(at(usize::from(ends[1]), rank), Kind::Cannon) {
                return true;
            }
        }
        let file_line = Self::file_line(target, files);
        for ends in [file_line.low, file_line.high] {
            if ends[0] != NONE {
                let first = at(file, usize::from(ends[0]));
                if theirs(first, Kind::Rook) || theirs(first, Kind::King) {
                    return true;
                }
            }
            if ends[1] != NONE && theirs(at(file, usize::from(ends[1])), Kind::Cannon) {
                return true;
            }
        }
        for &(from, leg) in &HORSE_ATTACKERS[usize::from(target)] {
            if from == NONE {
                break;
            }
            if occupied & bit(leg) == 0 && theirs(from, Kind::Horse) {
                return true;
            }
        }
        PAWN_ATTACKERS[them.index()][usize::from(target)]
            .iter()
            .take_while(|&&p| p != NONE)
            .any(|&p| theirs(p, Kind::Pawn))
    }

    /// Whether `target` is attacked by `them` as the board stands.
    #[must_use]
    pub fn attacked(&self, target: Point, them: Side) -> bool {
        self.attacked_with(target, them, self.occupied, self.files, NONE)
    }

    /// Whether the general of `side` is attacked (in check, or facing the other general).
    #[must_use]
    pub fn in_check(&self, side: Side) -> bool {
        let king = self.kings[side.index()];
        king != NONE && self.attacked(king, side.opponent())
    }

    /// Whether `mv`, a move of `us` by the rules of its piece, leaves `us`'s general
    /// unattacked (and not facing the other general).
    #[must_use]
    pub fn safe_after(&self, us: Side, mv: Move) -> bool {
        let occupied = (self.occupied & !bit(mv.from)) | bit(mv.to);
        let files = (self.files & !file_bit(mv.from)) | file_bit(mv.to);
        let king = if mv.from == self.kings[us.index()] {
            mv.to
        } else {
            self.kings[us.index()]
        };
        !self.attacked_with(king, us.opponent(), occupied, files, mv.to)
    }

    /// Whether the generals would face each other on an open file after `mv`.
    #[must_use]
    pub fn generals_face_after(&self, mv: Move) -> bool {
        let mut kings = self.kings;
        for king in &mut kings {
            if *king == mv.from {
                *king = mv.to;
            } else if *king == mv.to {
                // The move takes a general: nothing faces it any more.
                return false;
            }
        }
        if kings.contains(&NONE) || file_of(kings[0]) != file_of(kings[1]) {
            return false;
        }
        let files = (self.files & !file_bit(mv.from)) | file_bit(mv.to);
        let line = Self::file_line(kings[0], files);
        line.high[0] == rank_of(kings[1]) as u8
    }

    /// Calls `sink` with every move of `us` by the rules of its piece (its own general may be
    /// left attacked), piece by piece from the lowest point.
    #[inline]
    pub fn pseudo_moves(&self, us: Side, mut sink: impl FnMut(Move)) {
        let targets = !self.sides[us.index()];
        for from in Bits(self.sides[us.index()]) {
            self.piece_moves(us, from, targets, true, &mut sink);
        }
    }

    /// Calls `sink` with every capture of `us` by the rules of its piece.
    #[inline]
    pub fn pseudo_captures(&self, us: Side, mut sink: impl FnMut(Move)) {
        let targets = self.sides[us.opponent().index()];
        for from in Bits(self.sides[us.index()]) {
            self.piece_moves(us, from, targets, false, &mut sink);
        }
    }

    /// Calls `sink` with the moves of the piece of `us` on `from` by the rules of its kind.
    pub fn moves_from(&self, us: Side, from: Point, mut sink: impl FnMut(Move)) {
        if self.sides[us.index()] & bit(from) != 0 {
            self.piece_moves(us, from, !self.sides[us.index()], true, &mut sink);
        }
    }

    /// The moves of the piece of `us` on `from` by its own rules to a point of `targets` (not
    /// `us`'s own pieces); a rook's or cannon's moves to empty points only when `quiet`.
    #[inline]
    fn piece_moves(
        &self,
        us: Side,
        from: Point,
        targets: u128,
        quiet: bool,
        sink: &mut impl FnMut(Move),
    ) {
        let mut step = |to: Point| {
            if targets & bit(to) != 0 {
                sink(Move { from, to });
            }
        };
        match kind_of(self.at(from)) {
            Kind::King => {
                for &to in &KING_MOVES[usize::from(from)] {
                    if to == NONE {
                        break;
                    }
                    step(to);
                }
            }
            Kind::Advisor => {
                for &to in &ADVISOR_MOVES[usize::from(from)] {
                    if to == NONE {
                        break;
                    }
                    step(to);
                }
            }
            Kind::Elephant => {
                for &(to, eye) in &ELEPHANT_MOVES[usize::from(from)] {
                    if to == NONE {
                        break;
                    }
                    if self.occupied & bit(eye) == 0 {
                        step(to);
                    }
                }
            }
            // The elephant's loop again with the horse's table: a copy on purpose, each kind's
            // steps written out in the move generator's inner loop (a hot path).
            Kind::Horse => {
                for &(to, leg) in &HORSE_MOVES[usize::from(from)] {
                    if to == NONE {
                        break;
                    }
                    if self.occupied & bit(leg) == 0 {
                        step(to);
                    }
                }
            }
            Kind::Pawn => {
                for &to in &PAWN_MOVES[us.index()][usize::from(from)] {
                    if to == NONE {
                        break;
                    }
                    step(to);
                }
            }
            kind @ (Kind::Rook | Kind::Cannon) => self.slider_moves(us, from, kind, quiet, sink),
        }
    }

    /// A rook's or cannon's moves along its rank and file: its captures, and its moves to empty
    /// points when `quiet`.
    #[inline]
    fn slider_moves(
        &self,
        us: Side,
        from: Point,
        kind: Kind,
        quiet: bool,
        sink: &mut impl FnMut(Move),
    ) {
        let enemy = self.sides[us.opponent().index()];
        let (file, rank) = (file_of(from), rank_of(from));
        let target = |ends: [u8; 2]| {
            let hit = if kind == Kind::Rook { ends[0] } else { ends[1] };
            (hit != NONE).then_some(hit)
        };
        let rank_line = Self::rank_line(from, self.occupied);
        let file_line = Self::file_line(from, self.files);
        // Quiet moves: the empty points before the first piece in each direction.
        if quiet {
            self.slider_quiet(from, rank_line, file_line, sink);
        }
        // Captures: the first piece (rook) or the second (cannon) in each direction, if enemy.
        for ends in [rank_line.low, rank_line.high] {
            if let Some(f) = target(ends) {
                let to = at(usize::from(f), rank);
                if enemy & bit(to) != 0 {
                    sink(Move { from, to });
                }
            }
        }
        for ends in [file_line.low, file_line.high] {
            if let Some(r) = target(ends) {
                let to = at(file, usize::from(r));
                if enemy & bit(to) != 0 {
                    sink(Move { from, to });
                }
            }
        }
    }

    /// A slider's moves to the empty points before the first piece in each direction.
    #[inline]
    fn slider_quiet(
        &self,
        from: Point,
        rank_line: Line,
        file_line: Line,
        sink: &mut impl FnMut(Move),
    ) {
        let (file, rank) = (file_of(from), rank_of(from));
        let low = if rank_line.low[0] == NONE {
            0
        } else {
            usize::from(rank_line.low[0]) + 1
        };
        let high = if rank_line.high[0] == NONE {
            9
        } else {
            usize::from(rank_line.high[0])
        };
        for f in (low..high).filter(|&f| f != file) {
            sink(Move {
                from,
                to: at(f, rank),
            });
        }
        let low = if file_line.low[0] == NONE {
            0
        } else {
            usize::from(file_line.low[0]) + 1
        };
        let high = if file_line.high[0] == NONE {
            10
        } else {
            usize::from(file_line.high[0])
        };
        for r in (low..high).filter(|&r| r != rank) {
            sink(Move {
                from,
                to: at(file, r),
            });
        }
    }

    /// Calls `sink` with every legal move of `us`; `in_check` says whether `us` is in check.
    #[inline]
    pub fn legal_moves(&self, us: Side, in_check: bool, mut sink: impl FnMut(Move)) {
        let king = self.kings[us.index()];
        let exposure = EXPOSURE[usize::from(king)];
        self.pseudo_moves(us, |mv| {
            let risky = in_check || mv.from == king || exposure & (bit(mv.from) | bit(mv.to)) != 0;
            if !risky || self.safe_after(us, mv) {
                sink(mv);
            }
        });
    }

    /// Whether `us` has a legal move.
    #[must_use]
    pub fn has_legal_move(&self, us: Side, in_check: bool) -> bool {
        let king = self.kings[us.index()];
        let exposure = EXPOSURE[usize::from(king)];
        let own = self.sides[us.index()];
        // Stops at the first legal move: each piece's moves (at most 17) are listed, then tested.
        let mut moves = [Move { from: 0, to: 0 }; 20];
        for from in Bits(own) {
            let mut count = 0;
            self.piece_moves(us, from, !own, true, &mut |mv| {
                moves[count] = mv;
                count += 1;
            });
            if moves[..count].iter().any(|&mv| {
                let risky =
                    in_check || mv.from == king || exposure & (bit(mv.from) | bit(mv.to)) != 0;
                !risky || self.safe_after(us, mv)
            }) {
                return true;
            }
        }
        false
    }

    /// The captures of `us` among its legal moves.
    pub fn legal_captures(&self, us: Side, in_check: bool, mut sink: impl FnMut(Move)) {
        let king = self.kings[us.index()];
        let exposure = EXPOSURE[usize::from(king)];
        self.pseudo_captures(us, |mv| {
            let risky = in_check || mv.from == king || exposure & (bit(mv.from) | bit(mv.to)) != 0;
            if !risky || self.safe_after(us, mv) {
                sink(mv);
            }
        });
    }
}
