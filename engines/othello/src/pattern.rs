//! A pattern evaluation: the expected final disc difference of a position, learnt from
//! solved games, used by the endgame solver to order moves.
//!
//! The board is read through 46 *pattern instances* (the same 46 as Logistello and Edax):
//! edges with their two X-squares, 3×3 and 2×5 corner blocks, the inner lines 2–4 and the
//! diagonals of length 4–8. Each instance is a handful of squares; their contents (empty, side
//! to move, opponent) form a base-3 index into a table of weights shared by every instance of
//! that pattern. Two small tables add the mobility of each side, and one bias per phase. The
//! weights depend on the phase, a band of [`BUCKET_WIDTH`] empty-square counts.
//!
//! Instances are read by transforming the board (mirror, flip, transpose) so that every pattern
//! sits at a1 and is extracted with shifts and masks; the training data holds all eight
//! symmetric images of each position, so the weights come out symmetric too.
//!
//! The shipped weights (`weights/patterns.bin`) come from `cargo run --release -p
//! arbiter-othello --example train_eval`, which plays and solves its own games: see that
//! example for the data and the fit. The file is decoded on first use.

use std::sync::OnceLock;

use arbiter_search::DataFile;

use crate::board::legal_moves;

/// Evaluation units per disc: an evaluation of `EVAL_SCALE * d` predicts a final disc
/// difference of `d` for the side to move.
pub const EVAL_SCALE: i32 = 16;
/// The shipped weights file, built in (baselines record its fingerprint).
pub const SHIPPED_FILE: DataFile = DataFile {
    path: "engines/othello/weights/patterns.bin",
    bytes: include_bytes!("../weights/patterns.bin"),
};
/// Empty-square counts per phase.
pub const BUCKET_WIDTH: u32 = 3;
/// The smallest empty-square count with its own phase; fewer empties use the first phase.
pub const MIN_EMPTIES: u32 = 8;
/// Number of phases; counts beyond the last one use the last phase.
pub const BUCKETS: usize = 10;

/// The pattern kinds: name, number of squares.
pub const PATTERNS: [(&str, u32); 11] = [
    ("edge+2x", 10),
    ("corner-3x3", 9),
    ("corner-2x5", 10),
    ("line-2", 8),
    ("line-3", 8),
    ("line-4", 8),
    ("diagonal-8", 8),
    ("diagonal-7", 7),
    ("diagonal-6", 6),
    ("diagonal-5", 5),
    ("diagonal-4", 4),
];
/// Mobility counts range over 0..=MOBILITY_MAX (a position has at most 33 moves).
const MOBILITY_MAX: usize = 34;

/// Where each table starts in a phase's weight vector, and the vector's length.
const OFFSETS: [usize; 14] = offsets();
/// Weights per phase.
pub const WEIGHTS_PER_BUCKET: usize = OFFSETS[13];
/// Index of the side to move's mobility table, the opponent's, and the bias.
const MOBILITY_ME: usize = OFFSETS[11];
const MOBILITY_OPP: usize = OFFSETS[12];
const BIAS: usize = OFFSETS[13] - 1;

/// Active features per position: 46 pattern instances, two mobility entries and the bias.
pub const FEATURES: usize = 49;

const fn pow3(n: u32) -> usize {
    3usize.pow(n)
}

const fn offsets() -> [usize; 14] {
    let mut table = [0usize; 14];
    let mut i = 0;
    while i < PATTERNS.len() {
        table[i + 1] = table[i] + pow3(PATTERNS[i].1);
        i += 1;
    }
    table[12] = table[11] + MOBILITY_MAX;
    table[13] = table[12] + MOBILITY_MAX + 1;
    table
}

/// `BASE3[bits]`: the base-3 number whose digit `i` is bit `i` of `bits` (10 bits at most).
static BASE3: [u16; 1024] = base3();

const fn base3() -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let (mut value, mut power, mut i) = (0u32, 1u32, 0);
        while i < 10 {
            if bits & (1 << i) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value as u16;
        bits += 1;
    }
    table
}

/// Rank 1 and rank 8 swapped, and so on (a1 ↔ a8).
#[inline(always)]
fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// File a and file h swapped, and so on (a1 ↔ h1).
#[inline(always)]
fn mirror(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Reflected in the a1–h8 diagonal (b1 ↔ a2).
#[inline(always)]
fn transpose(mut b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = K1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// The eight images of a board under the symmetries of the square: itself, flipped, mirrored,
/// both, then the transposes of those four. Training data hold every image of a position.
#[must_use]
pub fn symmetries(b: u64) -> [u64; 8] {
    let (v, h) = (flip_vertical(b), mirror(b));
    let vh = flip_vertical(h);
    [
        b,
        v,
        h,
        vh,
        transpose(b),
        transpose(v),
        transpose(h),
        transpose(vh),
    ]
}

/// The squares of a diagonal in the a1–h8 direction, gathered into the top byte by file: each
/// square is on its own file, so the shifted copies never collide.
#[inline(always)]
fn gather_diagonal(b: u64, mask: u64) -> u64 {
    ((b & mask).wrapping_mul(0x0101_0101_0101_0101)) >> 56
}

/// The a1–h8 diagonal; the shorter diagonals are shifts of it.
const DIAGONAL_8: u64 = 0x8040_2010_0804_0201;

/// The bits of each pattern instance of one board, in a fixed order: the same order for the
/// side to move's board and the opponent's, so that [`BASE3`] can combine them.
#[inline(always)]
fn instance_bits(b: u64, out: &mut [u16; 46]) {
    for_each_instance(b, |k, bits| out[k] = bits);
}

/// Calls `push(k, bits)` for each pattern instance `k` of one board (0..46, in order) with its
/// bits (below 1024). A closure rather than an array, so that [`PatternWeights::evaluate`] can
/// look its weights up as the instances come, without storing them first.
#[inline(always)]
fn for_each_instance(b: u64, mut emit: impl FnMut(usize, u16)) {
    let v = flip_vertical(b);
    let h = mirror(b);
    let vh = flip_vertical(h);
    let corners = [b, v, h, vh];
    // One transpose; its images give the others (T∘V = M∘T, T∘M = V∘T).
    let t = transpose(b);
    let transposed = [t, mirror(t), flip_vertical(t), flip_vertical(mirror(t))];
    // The four sides as rank 1: a1-h1, a8-h8, a1-a8, h1-h8.
    let sides = [b, v, transposed[0], transposed[2]];
    let mut k = 0;
    let mut push = |bits: u64| {
        debug_assert!(bits < 1024);
        emit(k, bits as u16);
        k += 1;
    };
    for &t in &sides {
        push((t & 0xFF) | ((t >> 1) & 0x100) | ((t >> 5) & 0x200));
    }
    for &t in &corners {
        push((t & 7) | ((t >> 5) & 0x38) | ((t >> 10) & 0x1C0));
    }
    // One array rather than a chained iterator: the compiler unrolls a loop over an array,
    // not the chain.
    let blocks = [
        corners[0],
        corners[1],
        corners[2],
        corners[3],
        transposed[0],
        transposed[1],
        transposed[2],
        transposed[3],
    ];
    for &t in &blocks {
        push((t & 0x1F) | ((t >> 3) & 0x3E0));
    }
    for rank in 1..4 {
        for &t in &sides {
            push((t >> (8 * rank)) & 0xFF);
        }
    }
    push(gather_diagonal(b, DIAGONAL_8));
    push(gather_diagonal(h, DIAGONAL_8));
    for length in (4..8).rev() {
        let shift = 8 - length;
        // Above the main diagonal (starting on rank 1) and below it (starting on file a).
        let above = (DIAGONAL_8 << shift) & !(0x0101_0101_0101_0101u64 * ((1 << shift) - 1));
        let below = DIAGONAL_8 << (8 * shift);
        for &t in &[b, h] {
            push(gather_diagonal(t, above) >> shift);
            push(gather_diagonal(t, below) & ((1 << length) - 1));
        }
    }
    debug_assert_eq!(k, 46);
}

/// For each pattern kind (an index into [`PATTERNS`]): its first instance in [`features`]'s
/// output and one past its last, then the kind.
pub const INSTANCE_KINDS: [(usize, usize, usize); 11] = [
    (0, 4, 0),
    (4, 8, 1),
    (8, 16, 2),
    (16, 20, 3),
    (20, 24, 4),
    (24, 28, 5),
    (28, 30, 6),
    (30, 34, 7),
    (34, 38, 8),
    (38, 42, 9),
    (42, 46, 10),
];

/// `INSTANCE_OFFSETS[k]`: where the table of pattern instance `k`'s kind starts in a phase's
/// weight vector ([`OFFSETS`] by [`INSTANCE_KINDS`]).
const INSTANCE_OFFSETS: [usize; 46] = instance_offsets();

const fn instance_offsets() -> [usize; 46] {
    let mut table = [0usize; 46];
    let mut kind = 0;
    while kind < INSTANCE_KINDS.len() {
        let (from, to, pattern) = INSTANCE_KINDS[kind];
        let mut i = from;
        while i < to {
            table[i] = OFFSETS[pattern];
            i += 1;
        }
        kind += 1;
    }
    table
}

/// The phase of a position with `empties` empty squares.
#[inline]
#[must_use]
pub fn bucket(empties: u32) -> usize {
    (empties.saturating_sub(MIN_EMPTIES) / BUCKET_WIDTH).min(BUCKETS as u32 - 1) as usize
}

/// The indices, within a phase's weight vector, of the [`FEATURES`] weights that sum to the
/// evaluation of `(me, opp)` (side to move first).
#[inline]
pub fn features(me: u64, opp: u64, out: &mut [u32; FEATURES]) {
    let my_moves = legal_moves(me, opp).count_ones();
    let their_moves = legal_moves(opp, me).count_ones();
    features_with_mobility(me, opp, my_moves, their_moves, out);
}

/// [`features`] for a caller that has counted both sides' moves already.
#[inline(always)]
pub fn features_with_mobility(
    me: u64,
    opp: u64,
    my_moves: u32,
    their_moves: u32,
    out: &mut [u32; FEATURES],
) {
    let (mut mine, mut theirs) = ([0u16; 46], [0u16; 46]);
    instance_bits(me, &mut mine);
    instance_bits(opp, &mut theirs);
    for &(from, to, kind) in &INSTANCE_KINDS {
        let offset = OFFSETS[kind];
        for i in from..to {
            let index = BASE3[usize::from(mine[i])] + 2 * BASE3[usize::from(theirs[i])];
            out[i] = (offset + usize::from(index)) as u32;
        }
    }
    out[46] = (MOBILITY_ME + (my_moves as usize).min(MOBILITY_MAX - 1)) as u32;
    out[47] = (MOBILITY_OPP + (their_moves as usize).min(MOBILITY_MAX - 1)) as u32;
    out[48] = BIAS as u32;
}

/// Pattern weights for every phase.
pub struct PatternWeights {
    /// `BUCKETS * WEIGHTS_PER_BUCKET` weights, phase after phase.
    weights: Vec<i16>,
}

/// The first bytes of a weights file.
const MAGIC: &[u8] = b"arbiter-othello-patterns-v1\n";
/// In a weights file, this value is followed by a `u16` count of zero weights.
const ZERO_RUN: i16 = i16::MIN;

impl PatternWeights {
    /// Weights from a vector of `BUCKETS * WEIGHTS_PER_BUCKET` values.
    ///
    /// # Panics
    /// When the vector has another length.
    #[must_use]
    pub fn from_vec(weights: Vec<i16>) -> PatternWeights {
        assert_eq!(weights.len(), BUCKETS * WEIGHTS_PER_BUCKET, "weight count");
        PatternWeights { weights }
    }

    /// The weights shipped with the crate ([`SHIPPED_FILE`]).
    ///
    /// # Panics
    /// When the embedded file is damaged, which a unit test rules out.
    #[must_use]
    pub fn shipped() -> &'static PatternWeights {
        static SHIPPED: OnceLock<PatternWeights> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            PatternWeights::decode(SHIPPED_FILE.bytes).expect("the shipped pattern weights decode")
        })
    }

    /// The file form: `MAGIC`, then the weights as little-endian `i16`, runs of zeros written
    /// as `ZERO_RUN` and their length (most pattern configurations never occur).
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let mut i = 0;
        while i < self.weights.len() {
            let run = self.weights[i..]
                .iter()
                .take(usize::from(u16::MAX))
                .take_while(|&&w| w == 0)
                .count();
            if run > 1 {
                out.extend_from_slice(&ZERO_RUN.to_le_bytes());
                out.extend_from_slice(&(run as u16).to_le_bytes());
                i += run;
            } else {
                out.extend_from_slice(&self.weights[i].max(ZERO_RUN + 1).to_le_bytes());
                i += 1;
            }
        }
        out
    }

    /// Reads the file form of [`PatternWeights::encode`].
    ///
    /// # Errors
    /// A message when the bytes are not such a file.
    pub fn decode(bytes: &[u8]) -> Result<PatternWeights, String> {
        let body = bytes
            .strip_prefix(MAGIC)
            .ok_or("not an arbiter pattern weights file")?;
        if body.len() % 2 != 0 {
            return Err("a weights file holds 16-bit words: odd length".to_owned());
        }
        let mut weights = Vec::with_capacity(BUCKETS * WEIGHTS_PER_BUCKET);
        let mut words = body
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        while let Some(word) = words.next() {
            if word == ZERO_RUN {
                let run = words.next().ok_or("zero run without a length")?;
                weights.extend(std::iter::repeat_n(0, usize::from(run as u16)));
            } else {
                weights.push(word);
            }
        }
        if weights.len() != BUCKETS * WEIGHTS_PER_BUCKET {
            return Err(format!(
                "{} weights, expected {}",
                weights.len(),
                BUCKETS * WEIGHTS_PER_BUCKET
            ));
        }
        Ok(PatternWeights { weights })
    }

    /// The weights of one phase.
    #[must_use]
    pub fn phase(&self, bucket: usize) -> &[i16] {
        &self.weights[bucket * WEIGHTS_PER_BUCKET..(bucket + 1) * WEIGHTS_PER_BUCKET]
    }

    /// The evaluation of `(me, opp)`, side to move first, in [`EVAL_SCALE`] units per disc.
    #[inline]
    #[must_use]
    pub fn evaluate(&self, me: u64, opp: u64) -> i32 {
        let my_moves = legal_moves(me, opp).count_ones();
        let their_moves = legal_moves(opp, me).count_ones();
        self.evaluate_with_mobility(me, opp, my_moves, their_moves)
    }

    /// [`PatternWeights::evaluate`] for a caller that has counted both sides' moves already.
    #[inline(always)] // so that it takes the processor features of the move ordering's copy
    #[must_use]
    pub fn evaluate_with_mobility(
        &self,
        me: u64,
        opp: u64,
        my_moves: u32,
        their_moves: u32,
    ) -> i32 {
        // The sum of the weights of `features_with_mobility`, each looked up as soon as its
        // index is known: no feature array is filled, and the opponent's instance bits are
        // combined with ours as they come.
        let phase = self.phase(bucket((!(me | opp)).count_ones()));
        let mut mine = [0u16; 46];
        instance_bits(me, &mut mine);
        let mut sum = i32::from(phase[BIAS])
            + i32::from(phase[MOBILITY_ME + (my_moves as usize).min(MOBILITY_MAX - 1)])
            + i32::from(phase[MOBILITY_OPP + (their_moves as usize).min(MOBILITY_MAX - 1)]);
        for_each_instance(opp, |k, theirs| {
            // Both bit sets are below 1024 (10 squares at most): the masks only spare checks.
            let index = BASE3[usize::from(mine[k]) & 1023] + 2 * BASE3[usize::from(theirs) & 1023];
            sum += i32::from(phase[INSTANCE_OFFSETS[k] + usize::from(index)]);
        });
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bit(rank: u32, file: u32) -> u64 {
        1 << (8 * rank + file)
    }

    #[test]
    fn symmetries_move_squares_where_they_should() {
        for rank in 0..8 {
            for file in 0..8 {
                let b = bit(rank, file);
                assert_eq!(flip_vertical(b), bit(7 - rank, file));
                assert_eq!(mirror(b), bit(rank, 7 - file));
                assert_eq!(transpose(b), bit(file, rank));
            }
        }
    }

    /// Every square of each pattern instance, found by reading single-square boards.
    fn instance_squares() -> Vec<Vec<u32>> {
        let mut squares = vec![Vec::new(); 46];
        for sq in 0..64 {
            let mut out = [0u16; 46];
            instance_bits(1 << sq, &mut out);
            for (i, bits) in out.iter().enumerate() {
                if *bits != 0 {
                    assert_eq!(
                        bits.count_ones(),
                        1,
                        "square {sq} read twice by instance {i}"
                    );
                    squares[i].push(sq);
                }
            }
        }
        squares
    }

    #[test]
    fn every_instance_reads_its_pattern_size_in_distinct_squares() {
        let squares = instance_squares();
        for &(from, to, kind) in &INSTANCE_KINDS {
            let size = PATTERNS[kind].1 as usize;
            for (i, instance) in squares.iter().enumerate().take(to).skip(from) {
                assert_eq!(instance.len(), size, "instance {i}");
            }
        }
        // Distinct instances of a kind cover distinct square sets.
        for &(from, to, _) in &INSTANCE_KINDS {
            for i in from..to {
                for j in i + 1..to {
                    assert_ne!(squares[i], squares[j], "instances {i} and {j}");
                }
            }
        }
    }

    #[test]
    fn features_of_the_start_are_in_range_and_symmetric_positions_agree_in_sum() {
        let (black, white) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        let mut out = [0u32; FEATURES];
        features(black, white, &mut out);
        assert!(out.iter().all(|&i| (i as usize) < WEIGHTS_PER_BUCKET));
        // The start is symmetric under the a1-h8 reflection: the multiset of features agrees.
        let mut reflected = [0u32; FEATURES];
        features(transpose(black), transpose(white), &mut reflected);
        let (mut a, mut b) = (out.to_vec(), reflected.to_vec());
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
    }

    #[test]
    fn evaluation_sums_the_weights_of_the_features() {
        let weights = PatternWeights::shipped();
        // Boards from a fixed xorshift sequence, with disjoint discs, at every phase.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2000 {
            let (a, b) = (next(), next());
            let keep = next() | next();
            let (me, opp) = (a & keep, !a & b & keep);
            let (my_moves, their_moves) = (
                legal_moves(me, opp).count_ones(),
                legal_moves(opp, me).count_ones(),
            );
            let mut active = [0u32; FEATURES];
            features_with_mobility(me, opp, my_moves, their_moves, &mut active);
            let phase = weights.phase(bucket((!(me | opp)).count_ones()));
            let expected: i32 = active.iter().map(|&i| i32::from(phase[i as usize])).sum();
            assert_eq!(
                weights.evaluate_with_mobility(me, opp, my_moves, their_moves),
                expected
            );
        }
    }

    #[test]
    fn encoding_round_trips() {
        let mut weights = vec![0i16; BUCKETS * WEIGHTS_PER_BUCKET];
        for (i, w) in weights.iter_mut().enumerate().step_by(97) {
            *w = (i % 2001) as i16 - 1000;
        }
        weights[5] = i16::MIN + 1;
        let encoded = PatternWeights::from_vec(weights.clone()).encode();
        assert_eq!(PatternWeights::decode(&encoded).unwrap().weights, weights);
        assert!(PatternWeights::decode(b"nonsense").is_err());
        assert!(PatternWeights::decode(&encoded[..encoded.len() - 1]).is_err());
    }

    #[test]
    fn the_shipped_weights_decode() {
        let _ = PatternWeights::shipped();
    }
}
