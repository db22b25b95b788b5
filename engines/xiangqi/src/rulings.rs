//! The repetition rulings: who is at fault when a position recurs.
//!
//! When the current position (board and side to move) stands for the N-th time since the last
//! capture ([`crate::XiangqiVariant::repetition`]), the plies from the first of those N occurrences
//! to now form the cycle, and each side's moves in it are judged. The sources are the Asian
//! Xiangqi Federation's rules (asianxiangqi.org `AXF_rules_Eng.pdf`; the English drafts of its
//! chapter 4 with the numbered rules and diagrams on wxf.org/xq/rule/asia and
//! clubxiangqi.com/rules, cited here by rule number) and the summary of the Asian rules on
//! chesshub.com/cchess/rules (web.archive.org, 2005):
//! - **perpetual check**: every move of the side checks. It loses (rule 6), unless the other
//!   side checks perpetually too (rule 7: a draw);
//! - **perpetual chase**: every move of the side newly *chases* one same enemy piece
//!   (chesshub: "perpetual threats on one unprotected piece (except for a non-crossed-river
//!   pawn) are forbidden"; one piece chasing two alternately is no violation, rule 32). A move
//!   chases a piece when, after it, a piece of the mover other than its general and its pawns
//!   (which may chase, rule 28; chesshub: "pawns and kings are allowed to do perpetual
//!   threats") could legally take an enemy piece other than the general and an uncrossed pawn,
//!   and that piece is unprotected (the enemy has no legal recapture on its point) or stronger
//!   than the attacker (a horse or cannon against a rook, rule 15 and chesshub's "perpetual
//!   threats on a chariot with cannons and/or horses"; an advisor or elephant against a rook,
//!   horse or cannon), and that chase did not stand before the move. Two equal pieces
//!   attacking each other, the one able to take back the other, is an offer to exchange, not
//!   a chase (rule 40);
//! - a move that checks and chases counts for both (chesshub: "sometimes a move can be judged
//!   in two ways …, the one that may be judged as a forbidden move is selected"); a check that
//!   chases nothing breaks a chase (rule 12: "one check one chase" is a draw);
//! - a check outranks a chase, and equal conduct draws (chesshub: "if both sides repeat
//!   forbidden moves, the game is ruled a draw …; if only one side keeps checking, he should
//!   change his moves"): perpetual check against perpetual chase loses for the checker, and a
//!   repetition with no violation is a draw (rule 5).
//!
//! Under the CXA profile (中国象棋协会《象棋竞赛规则》, which forbids 一将一捉) a side's checks stand
//! in for chases: its non-checking moves must chase one same piece.
//!
//! What is not ruled (each case the specs name says so): perpetual threats of mate (长杀,
//! forbidden under the CXA, a draw under the AXF, rule 9), the CXA's chases of protected
//! pieces that would win material by value, and the AXF's finer cases (a rook pinned by a
//! horse, rule 19 and diagrams 39-41; a piece left unprotected by a pin, the appendix's
//! example).

use arbiter_core::{Bits, EndReason, Outcome, Side};

use crate::board::Move;
use crate::board::{EMPTY, Kind, NONE, POINTS, Point, bit, kind_of, own_half};
use crate::rules::{Board, Xiangqi};
use crate::variant::Profile;

/// What a side did over a cycle, from least to most at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Conduct {
    /// Neither of the two below (idle moves, threats of mate, alternating targets).
    Idle,
    /// Every move chased one same enemy piece.
    Chase,
    /// Every move checked.
    Check,
}

/// A ruled repetition: each side's conduct, and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// Red's and black's conduct over the cycle.
    pub conduct: [Conduct; 2],
    /// The points (now) of the enemy pieces each side chased on every move of its own.
    pub chased: [Vec<Point>; 2],
    /// The plies the cycle spans.
    pub plies: usize,
    pub outcome: Outcome,
}

/// The boards of the cycle that ends in the current position: the index in the record of
/// plies of the first of the N occurrences and the boards from there to now, or `None` when
/// the current position has not stood N times (boards compared exactly).
fn cycle(position: &Xiangqi, n: u32) -> Option<(usize, Vec<Board>)> {
    if position.quiet < 4 * (n - 1) || position.occurrences() < n {
        return None;
    }
    let past = position.past();
    let len = past.len();
    let since_capture = (position.quiet as usize).min(len);
    // Rebuild the boards back to the last capture (no ply in between took anything).
    let mut boards = Vec::with_capacity(since_capture + 1);
    let mut board = position.board().clone();
    boards.push(board.clone());
    for ply in past[len - since_capture..].iter().rev() {
        debug_assert_eq!(ply.captured, EMPTY);
        board.unshift(ply.mv, EMPTY);
        boards.push(board.clone());
    }
    boards.reverse();
    // boards[i] is the position after `len - since_capture + i` plies.
    let first = len - since_capture;
    let current = &boards[since_capture];
    let occurrences: Vec<usize> = (0..since_capture)
        .filter(|&i| (since_capture - i).is_multiple_of(2) && boards[i] == *current)
        .collect();
    let earlier = (n - 1) as usize;
    if occurrences.len() < earlier {
        return None;
    }
    let start = occurrences[occurrences.len() - earlier];
    Some((first + start, boards.split_off(start)))
}

/// Whether a repetition ruling ends the game here.
#[must_use]
pub fn due(position: &Xiangqi) -> bool {
    position
        .variant
        .repetition
        .is_some_and(|n| cycle(position, n).is_some())
}

/// The ruling of the repetition that ends in the current position, if one is due.
#[must_use]
pub fn judge(position: &Xiangqi) -> Option<Ruling> {
    let n = position.variant.repetition?;
    let (start, boards) = cycle(position, n)?;
    let past = &position.past()[start..];
    let len = past.len();
    // The side to move before ply i of the cycle; the position after ply i is in check when
    // the next record (or the current position) says so.
    let mover = |i: usize| {
        if (len - i).is_multiple_of(2) {
            position.to_move
        } else {
            position.to_move.opponent()
        }
    };
    let checks = |i: usize| past.get(i + 1).map_or(position.in_check, |ply| ply.check);
    // Every piece keeps the point it stood on at the start of the cycle as its identity.
    let mut ids = [NONE; POINTS];
    for (p, id) in ids.iter_mut().enumerate() {
        if boards[0].squares[p] != EMPTY {
            *id = p as Point;
        }
    }
    let mut conduct = [Conduct::Idle; 2];
    let mut chased = [Vec::new(), Vec::new()];
    let mut steps: [Vec<(bool, u128)>; 2] = [Vec::new(), Vec::new()];
    for (i, ply) in past.iter().enumerate() {
        let side = mover(i);
        ids[usize::from(ply.mv.to)] = ids[usize::from(ply.mv.from)];
        ids[usize::from(ply.mv.from)] = NONE;
        let check = checks(i);
        let new = if position.variant.profile == Profile::CheckOnly {
            0
        } else {
            chases(&boards[i + 1], side) & !chases(&boards[i], side)
        };
        // The chased pieces by identity: enemy pieces do not move on this ply.
        let by_id = Bits(new)
            .map(|p| bit(ids[usize::from(p)]))
            .fold(0, |set, b| set | b);
        steps[side.index()].push((check, by_id));
    }
    for side in [Side::First, Side::Second] {
        let moves = &steps[side.index()];
        if moves.iter().all(|&(check, _)| check) {
            conduct[side.index()] = Conduct::Check;
            continue;
        }
        // AXF: every move must chase the piece, a checking move too (a check that chases
        // nothing breaks the chase: one check one chase). CXA: the checks stand in for chases
        // (一将一捉).
        let counted = moves
            .iter()
            .filter(|&&(check, _)| !(check && position.variant.profile == Profile::Cxa));
        let common = counted.fold(u128::MAX, |set, &(_, ids)| set & ids);
        if common != 0 && common != u128::MAX {
            conduct[side.index()] = Conduct::Chase;
            // Where the chased pieces stand now.
            chased[side.index()] = (0..POINTS as Point)
                .filter(|&p| ids[usize::from(p)] != NONE && common & bit(ids[usize::from(p)]) != 0)
                .collect();
        }
    }
    let [red, black] = conduct;
    let outcome = match red.cmp(&black) {
        std::cmp::Ordering::Equal => Outcome::draw(EndReason::Repetition),
        std::cmp::Ordering::Greater => Outcome::win(Side::Second, EndReason::Repetition),
        std::cmp::Ordering::Less => Outcome::win(Side::First, EndReason::Repetition),
    };
    Some(Ruling {
        conduct,
        chased,
        plies: len,
        outcome,
    })
}

/// The outcome of the repetition that ends here, if one is due.
#[must_use]
pub fn rule(position: &Xiangqi) -> Option<Outcome> {
    judge(position).map(|ruling| ruling.outcome)
}

/// How strong a piece counts in a chase: a weaker piece attacking a stronger one chases it
/// even when it is protected.
fn strength(kind: Kind) -> u8 {
    match kind {
        Kind::Rook => 3,
        Kind::Horse | Kind::Cannon => 2,
        Kind::Advisor | Kind::Elephant => 1,
        Kind::King | Kind::Pawn => 0,
    }
}

/// Whether `mv` is a legal move of `side` on `board`.
fn legal(board: &Board, side: Side, mv: Move) -> bool {
    let mut found = false;
    board.moves_from(side, mv.from, |m| found |= m == mv);
    found && board.safe_after(side, mv)
}

/// The points of the enemy pieces that `side` chases on `board` (as if `side` were to move):
/// see the module documentation.
fn chases(board: &Board, side: Side) -> u128 {
    let them = side.opponent();
    let mut chased = 0u128;
    board.pseudo_moves(side, |mv| {
        let (attacker, victim) = (board.at(mv.from), board.at(mv.to));
        if victim == EMPTY || chased & bit(mv.to) != 0 {
            return;
        }
        let (attacker, victim) = (kind_of(attacker), kind_of(victim));
        if matches!(attacker, Kind::King | Kind::Pawn)
            || victim == Kind::King
            || (victim == Kind::Pawn && own_half(them, mv.to))
            || !board.safe_after(side, mv)
        {
            return;
        }
        let stronger = strength(victim) > strength(attacker);
        let exchange = attacker == victim
            && legal(
                board,
                them,
                Move {
                    from: mv.to,
                    to: mv.from,
                },
            );
        if stronger || (!exchange && !protected(board, side, mv)) {
            chased |= bit(mv.to);
        }
    });
    chased
}

/// Whether the enemy could legally take back on `mv.to` after `side` captured there.
fn protected(board: &Board, side: Side, mv: Move) -> bool {
    let mut after = board.clone();
    after.shift(mv);
    let them = side.opponent();
    let mut defended = false;
    after.pseudo_moves(them, |back| {
        defended |= back.to == mv.to && after.safe_after(them, back);
    });
    defended
}
