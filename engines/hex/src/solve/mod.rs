//! The exact solver for small boards: a depth-first win/loss search with a transposition
//! table, where every result carries a *carrier* that prunes the search.
//!
//! A result is proven with its carrier: the empty cells the winner's strategy uses, such that
//! the winner wins even if the loser owns every other empty cell. Hex is monotone (an extra
//! stone never hurts its owner), which makes carriers compose (Hayward et al., "Solving 7x7
//! Hex with domination, fill-in, and virtual connections", TCS 349, 2005; Henderson, Arneson
//! and Hayward, "Solving 8x8 Hex", IJCAI 2009, where the same idea is *proof set shrinking*
//! and the *mustplay*):
//!
//! * the mover joins its edges at once on a cell `x`: a win with carrier `{x}`;
//! * the opponent threatens that on two cells: every move but a winning one loses, carrier the
//!   two cells; on one cell `t`: only `t` can save the game (the *mustplay* is `{t}`);
//! * a full connection of either colour (bridges and edge templates chained, `vc`) decides at
//!   once; every semi-connection of the opponent must be broken inside its carrier, so only
//!   the intersection of their carriers is searched, and an empty one is a loss;
//! * a move `m` that loses, to a reply strategy with carrier `C`, shows that every move outside
//!   `C` loses too (the opponent's strategy ignores it), so only the moves inside the
//!   intersection of the carriers found so far are still tried; a lost node's carrier is the
//!   union of the refuted moves and their carriers;
//! * a winning move `m` whose reply node is lost with carrier `C` wins with carrier `{m} ∪ C`.
//!
//! Positions are keyed by the least of the hashes of their four images under the board's
//! symmetries (the half turn, which keeps each colour's edges, and the reflection in the long
//! diagonal with the colours exchanged, which swaps the edges with the colours), so that a
//! position and its images share one table entry. Moves are
//! tried in the order of `order`: cells on a shortest connecting path of both colours first.
//! Boards up to 8 x 8 are searched on `u64` sets, up to 11 x 11 on `u128`; the swap, which
//! only the second ply can offer, is tried at the root like any move (from the empty board,
//! each first stone is solved as its own root).
//!
//! The solver proves a win or a loss, not the shortest one: the reported score is a win or
//! loss in the length of the principal variation found.

mod vc;
mod word;

use std::time::Instant;

use arbiter_core::{Bits, Game};
use arbiter_search::score::{mate_in, mated_in};
use arbiter_search::{Budget, Proven, ProvenResult, Report, SearchError, SearchResult};

use crate::board::{Cell, Colour, Edge, HexMove, stone_key, white_to_move_key};
use crate::rules::Hex;
use vc::Links;
use word::{Geometry, Word};

/// The links a walk for the mover's semi-connection may try (it only saves a search).
const MY_SEMI_STEPS: u32 = 256;
/// The links a walk for the opponent's semi-connections may try (each one narrows the
/// mustplay).
const THEIR_SEMI_STEPS: u32 = 4096;

/// The largest board the solver takes: 11 x 11 fits a `u128`.
pub const MAX_SOLVER_SIZE: u8 = 11;

/// Why a search stopped without a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Exhausted;

/// A proven result: whether the side to move wins, and the carrier of the proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Proof<W> {
    win: bool,
    carrier: W,
}

/// A table entry: a proof for the position of `key`, in the table's frame (the image whose
/// hash was the least), and the move that proved it (a winning move,
/// or the first refuted one).
#[derive(Clone, Copy, Debug)]
struct Entry<W> {
    key: u64,
    proof: Proof<W>,
    best: u8,
    filled: bool,
}

/// The search state over one board size.
struct Solver<W: Word> {
    geometry: Geometry<W>,
    stones: [W; 2],
    to_move: Colour,
    /// The Zobrist hashes of the position's images: itself, half-turned, mirrored in the long
    /// diagonal with the colours exchanged, and both ([`Solver::image`]).
    hashes: [u64; 4],
    /// The mirror image of each cell.
    mirror: Vec<u8>,
    table: Vec<Entry<W>>,
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
}

impl<W: Word> Solver<W> {
    fn new(game: &Hex, budget: Budget, table_mb: usize) -> Solver<W> {
        let geometry = Geometry::new(game.size());
        let mut solver = Solver {
            geometry,
            stones: [W::ZERO; 2],
            to_move: game.colour_to_move(),
            hashes: [0; 4],
            mirror: (0..game.variant().cells())
                // Cells are below 128.
                .map(|index| {
                    Cell::from_index(index, game.size())
                        .mirrored()
                        .index(game.size()) as u8
                })
                .collect(),
            table: Vec::new(),
            nodes: 0,
            limit: u64::MAX,
            deadline: None,
        };
        let entry = std::mem::size_of::<Entry<W>>();
        let wanted = (table_mb.max(1) << 20) / entry;
        // A power of two, at least 1024 entries.
        let size = (wanted + 1).next_power_of_two() / 2;
        solver.table = vec![
            Entry {
                key: 0,
                proof: Proof {
                    win: false,
                    carrier: W::ZERO
                },
                best: 0,
                filled: false,
            };
            size.max(1024)
        ];
        match budget {
            Budget::Nodes(nodes) => solver.limit = nodes,
            Budget::Time(time) => solver.deadline = Instant::now().checked_add(time),
            Budget::Depth(_) => {}
        }
        // The mirrored images have the other colour to move.
        let white = usize::from(solver.to_move == Colour::White);
        for frame in 0..4 {
            if (frame < 2) == (white == 1) {
                solver.hashes[frame] ^= white_to_move_key();
            }
        }
        for (index, cell) in game.cells().iter().enumerate() {
            if let Some(colour) = cell {
                solver.toggle(index, *colour);
            }
        }
        solver
    }

    /// Puts a `colour` stone on `index` or takes it away (the hashes follow).
    #[inline]
    fn toggle(&mut self, index: usize, colour: Colour) {
        let bit = W::bit(index);
        let stones = &mut self.stones[colour.index()];
        *stones = if stones.has(index) {
            *stones & !bit
        } else {
            *stones | bit
        };
        for frame in 0..4 {
            let colour = if frame < 2 { colour } else { colour.opposite() };
            self.hashes[frame] ^= stone_key(colour, self.image(frame, index));
        }
    }

    /// The image of cell `index` in `frame`: 0 itself, 1 half-turned, 2 mirrored in the long
    /// diagonal, 3 mirrored and turned. Each is its own inverse.
    #[inline]
    fn image(&self, frame: usize, index: usize) -> usize {
        let last = self.geometry.cells as usize - 1;
        match frame {
            0 => index,
            1 => last - index,
            2 => usize::from(self.mirror[index]),
            _ => last - usize::from(self.mirror[index]),
        }
    }

    /// The image of a set of cells in `frame`.
    fn image_set(&self, frame: usize, set: W) -> W {
        match frame {
            0 => set,
            1 => self.geometry.rotated(set),
            _ => Bits(set).fold(W::ZERO, |image, cell| {
                image | W::bit(self.image(frame, usize::from(cell)))
            }),
        }
    }

    /// Plays or takes back the mover's stone on `index`.
    #[inline]
    fn play(&mut self, index: usize) {
        self.toggle(index, self.to_move);
        self.pass();
    }

    #[inline]
    fn unplay(&mut self, index: usize) {
        self.pass();
        self.toggle(index, self.to_move);
    }

    /// Hands the move to the other colour.
    #[inline]
    fn pass(&mut self) {
        self.to_move = self.to_move.opposite();
        for hash in &mut self.hashes {
            *hash ^= white_to_move_key();
        }
    }

    fn empty(&self) -> W {
        self.geometry.board & !(self.stones[0] | self.stones[1])
    }

    /// The table slot, key and frame of the current position: the image with the least hash.
    fn slot(&self) -> (usize, u64, usize) {
        let (frame, key) = (0..4)
            .map(|frame| (frame, self.hashes[frame]))
            .min_by_key(|&(_, hash)| hash)
            .expect("four images");
        // The mask keeps the index below the table's length.
        ((key as usize) & (self.table.len() - 1), key, frame)
    }

    fn probe(&self) -> Option<Proof<W>> {
        let (slot, key, frame) = self.slot();
        let entry = &self.table[slot];
        (entry.filled && entry.key == key).then(|| Proof {
            win: entry.proof.win,
            carrier: self.image_set(frame, entry.proof.carrier),
        })
    }

    fn store(&mut self, proof: Proof<W>, best: usize) {
        let (slot, key, frame) = self.slot();
        self.table[slot] = Entry {
            key,
            proof: Proof {
                win: proof.win,
                carrier: self.image_set(frame, proof.carrier),
            },
            // Cells are below 128.
            best: self.image(frame, best) as u8,
            filled: true,
        };
    }

    /// The move the table holds for the current position, if any.
    fn best(&self) -> Option<usize> {
        let (slot, key, frame) = self.slot();
        let entry = &self.table[slot];
        (entry.filled && entry.key == key).then(|| self.image(frame, usize::from(entry.best)))
    }

    /// Counts a node; `Exhausted` past the budget.
    fn count(&mut self) -> Result<(), Exhausted> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Exhausted);
        }
        if self.nodes.is_multiple_of(4096) && self.deadline.is_some_and(|end| Instant::now() >= end)
        {
            return Err(Exhausted);
        }
        Ok(())
    }

    /// Whether the side to move wins, with the carrier of the proof. The position is not
    /// over.
    fn search(&mut self) -> Result<Proof<W>, Exhausted> {
        self.count()?;
        if let Some(proof) = self.probe() {
            return Ok(proof);
        }
        let me = self.to_move;
        let them = me.opposite();
        let empty = self.empty();
        let geometry = self.geometry;
        let mine = self.stones[me.index()];
        let theirs = self.stones[them.index()];
        let wins = geometry.winning_cells(mine, empty, Edge::of(me));
        if wins != W::ZERO {
            let cell = wins.lowest() as usize;
            let proof = Proof {
                win: true,
                carrier: W::bit(cell),
            };
            self.store(proof, cell);
            return Ok(proof);
        }
        let threats = geometry.winning_cells(theirs, empty, Edge::of(them));
        if threats.count() >= 2 {
            // Two cells each join the opponent's edges: one stone blocks one of them.
            let first = threats.lowest() as usize;
            let second = threats.without_lowest().lowest() as usize;
            let proof = Proof {
                win: false,
                carrier: W::bit(first) | W::bit(second),
            };
            self.store(proof, first);
            return Ok(proof);
        }
        // Only the threat can be answered; without one, every empty cell is a candidate.
        let mut candidates = if threats == W::ZERO { empty } else { threats };
        let mut lost = threats;
        if let Some(links) = Links::new(&geometry, mine, empty, Edge::of(me)) {
            let mut won = links.full();
            if won.is_none() {
                // A short look for the mover's own semi-connection: its key wins.
                links.semis(MY_SEMI_STEPS, &mut |semi| {
                    won = Some(semi);
                    false
                });
            }
            if let Some(connection) = won {
                let proof = Proof {
                    win: true,
                    carrier: connection.carrier,
                };
                self.store(proof, connection.play.unwrap_or(0));
                return Ok(proof);
            }
        }
        if let Some(links) = Links::new(&geometry, theirs, empty, Edge::of(them)) {
            let lost_now = links.full().map(|full| full.carrier).or_else(|| {
                // Each of the opponent's semi-connections must be broken inside its carrier.
                links.semis(THEIR_SEMI_STEPS, &mut |semi| {
                    // A carrier that rules no move out is not needed by the loss's proof.
                    if candidates & !semi.carrier != W::ZERO {
                        candidates &= semi.carrier;
                        lost |= semi.carrier;
                    }
                    candidates != W::ZERO
                });
                (candidates == W::ZERO).then_some(lost)
            });
            if let Some(carrier) = lost_now {
                let proof = Proof {
                    win: false,
                    carrier,
                };
                self.store(proof, carrier.lowest() as usize);
                return Ok(proof);
            }
        }
        let mut first_refuted = None;
        for cell in self.order(candidates, mine, theirs, empty) {
            if !candidates.has(cell) {
                continue;
            }
            self.play(cell);
            let reply = self.search();
            self.unplay(cell);
            let reply = reply?;
            if !reply.win {
                let proof = Proof {
                    win: true,
                    carrier: reply.carrier | W::bit(cell),
                };
                self.store(proof, cell);
                return Ok(proof);
            }
            // Every move outside the reply's carrier loses to the same strategy.
            candidates &= reply.carrier;
            lost |= reply.carrier | W::bit(cell);
            first_refuted.get_or_insert(cell);
        }
        let proof = Proof {
            win: false,
            carrier: lost,
        };
        self.store(proof, first_refuted.unwrap_or(0));
        Ok(proof)
    }

    /// The candidate cells in the order to try them: cells on a shortest connecting path of
    /// both colours, then of the opponent, then of the mover, then the rest; the table's
    /// move first; nearer the centre first within a class.
    fn order(&self, candidates: W, mine: W, theirs: W, empty: W) -> Vec<usize> {
        let me = self.to_move;
        let my_path = self.path_cells(mine, empty, Edge::of(me));
        let their_path = self.path_cells(theirs, empty, Edge::of(me.opposite()));
        let hint = self.best();
        let n = self.geometry.size as i32;
        let mut cells: Vec<(i32, usize)> = Bits(candidates)
            .map(|cell| {
                let cell = usize::from(cell);
                let (column, row) = ((cell as i32) % n, (cell as i32) / n);
                let centre = (2 * column - (n - 1)).abs() + (2 * row - (n - 1)).abs();
                let class = 2 * i32::from(their_path.has(cell))
                    + i32::from(my_path.has(cell))
                    + 8 * i32::from(hint == Some(cell));
                (-(class * 64) + centre, cell)
            })
            .collect();
        cells.sort_unstable();
        cells.into_iter().map(|(_, cell)| cell).collect()
    }

    /// The empty cells on some shortest chain of `own` (with `empty`) between `edges`:
    /// those whose distances from the two edges add up to the shortest distance.
    fn path_cells(&self, own: W, empty: W, edges: [Edge; 2]) -> W {
        let geometry = &self.geometry;
        let [a, b] = edges.map(|edge| geometry.edges[edge.index()]);
        let from_a = self.layers(own, empty, a);
        let from_b = self.layers(own, empty, b);
        // The shortest distance: the first layer from a that touches edge b.
        let Some(shortest) = from_a.iter().position(|reach| *reach & b != W::ZERO) else {
            return W::ZERO;
        };
        let mut cells = W::ZERO;
        for k in 1..=shortest {
            let at_a = from_a[k] & !from_a[k - 1];
            let j = shortest + 1 - k;
            if j < from_b.len() && j >= 1 {
                cells |= at_a & from_b[j] & !from_b[j - 1];
            }
        }
        cells & empty
    }

    /// `reach[k]`: the cells joined to `edge` through `own` stones and at most `k` empty
    /// cells; stops when nothing grows.
    fn layers(&self, own: W, empty: W, edge: W) -> Vec<W> {
        let geometry = &self.geometry;
        let mut reach = vec![geometry.flood(own & edge, own)];
        loop {
            let last = *reach.last().expect("one layer");
            let frontier = (geometry.neighbours(last) | edge) & empty & !last;
            if frontier == W::ZERO {
                return reach;
            }
            let next = geometry.flood(last | frontier, own | last | frontier);
            reach.push(next);
        }
    }

    /// The principal variation from the current position, by the table's moves.
    fn principal_variation(&mut self) -> Vec<usize> {
        let mut line = Vec::new();
        let mut seen = std::collections::HashSet::new();
        while let Some(cell) = self.best() {
            let (_, key, _) = self.slot();
            let empty = self.empty();
            if !empty.has(cell) || !seen.insert(key) {
                break;
            }
            let mover = self.stones[self.to_move.index()];
            let joined = self
                .geometry
                .joins(mover | W::bit(cell), Edge::of(self.to_move));
            self.play(cell);
            line.push(cell);
            if joined {
                break;
            }
        }
        for &cell in line.iter().rev() {
            self.unplay(cell);
        }
        line
    }
}

/// The solver's answer for a position that is not over.
struct Solved {
    win: bool,
    best: HexMove,
    pv: Vec<HexMove>,
    nodes: u64,
}

/// Solves `game` (not over) on `W` sets.
fn solve_with<W: Word>(game: &Hex, budget: Budget, table_mb: usize) -> Result<Solved, u64> {
    let size = game.size();
    let to_move = |index: usize| HexMove::Stone(Cell::from_index(index, size));
    if game.swap_ahead() {
        // The swap is a move of the first two plies only: they are searched here, each
        // answer solved as its own position (the solver proper knows stones only).
        let mut nodes = 0;
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut first = None;
        for mv in moves {
            let mut child = game.clone();
            child.make(mv);
            let answer = if child.outcome().is_some() {
                None
            } else {
                let remaining = match budget {
                    Budget::Nodes(limit) => Budget::Nodes(limit.saturating_sub(nodes)),
                    other => other,
                };
                let solved =
                    solve_with::<W>(&child, remaining, table_mb).map_err(|spent| nodes + spent)?;
                nodes += solved.nodes;
                Some(solved)
            };
            let wins = answer.as_ref().is_none_or(|solved| !solved.win);
            if wins {
                let mut pv = vec![mv];
                pv.extend(answer.map(|solved| solved.pv).unwrap_or_default());
                return Ok(Solved {
                    win: true,
                    best: mv,
                    pv,
                    nodes,
                });
            }
            first.get_or_insert(mv);
        }
        let best = first.expect("a position not over has moves");
        return Ok(Solved {
            win: false,
            best,
            pv: vec![best],
            nodes,
        });
    }
    let mut solver = Solver::<W>::new(game, budget, table_mb);
    let proof = solver.search().map_err(|Exhausted| solver.nodes)?;
    let pv: Vec<HexMove> = solver
        .principal_variation()
        .into_iter()
        .map(to_move)
        .collect();
    let best = pv.first().copied().unwrap_or_else(|| {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves[0]
    });
    Ok(Solved {
        win: proof.win,
        best,
        pv,
        nodes: solver.nodes,
    })
}

/// Solves `game` within `budget` (`Nodes` gives up after about that many nodes, `Time` at the
/// deadline, `Depth` is ignored) with a table of about `table_mb` MiB.
///
/// # Errors
/// [`SearchError::Unsupported`] above 11 x 11, [`SearchError::BudgetExhausted`] without a
/// proof within the budget.
pub fn solve(game: &Hex, budget: Budget, table_mb: usize) -> Result<Report<HexMove>, SearchError> {
    if let Some(outcome) = game.outcome() {
        let win = outcome.winner == Some(game.side_to_move());
        return Ok(Report {
            result: SearchResult {
                best: None,
                score: if win { mate_in(0) } else { mated_in(0) },
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            },
            proven: Some(Proven {
                verdict: if win {
                    ProvenResult::Win
                } else {
                    ProvenResult::Loss
                },
                margin: None,
            }),
        });
    }
    let size = game.size();
    let solved = if size <= 8 {
        solve_with::<u64>(game, budget, table_mb)
    } else if size <= MAX_SOLVER_SIZE {
        solve_with::<u128>(game, budget, table_mb)
    } else {
        return Err(SearchError::Unsupported(format!(
            "the hex solver takes boards up to {MAX_SOLVER_SIZE}x{MAX_SOLVER_SIZE}, not {size}x{size}"
        )));
    };
    let solved = solved.map_err(|nodes| SearchError::BudgetExhausted { nodes })?;
    let plies = solved.pv.len();
    Ok(Report {
        result: SearchResult {
            best: Some(solved.best),
            score: if solved.win {
                mate_in(plies)
            } else {
                mated_in(plies)
            },
            // The principal variation's length: how deep the proof was followed.
            depth: plies as u32,
            nodes: solved.nodes,
            pv: solved.pv,
        },
        proven: Some(Proven {
            verdict: if solved.win {
                ProvenResult::Win
            } else {
                ProvenResult::Loss
            },
            margin: None,
        }),
    })
}
