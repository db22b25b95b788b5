//! The data file of `train_eval` (`--data`), also read by `probcut_fit`: labelled positions
//! as records of 21 bytes, little-endian: the side to move's discs (8), the opponent's (8), the
//! score (1, signed) and the game number (4). Included by both examples with `#[path]`; each
//! uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;

/// One labelled position: the side to move's discs, the opponent's, the exact or outcome score
/// for the side to move, and the game it comes from (for the held-out split).
#[derive(Clone, Copy)]
pub struct Sample {
    pub me: u64,
    pub opp: u64,
    pub score: i8,
    pub game: u32,
}

/// Writes `samples` to `path`, aside first and then renamed, so that a crash never leaves a
/// half-written file.
pub fn save(path: &Path, samples: &[Sample]) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(samples.len() * 21);
    for s in samples {
        bytes.extend_from_slice(&s.me.to_le_bytes());
        bytes.extend_from_slice(&s.opp.to_le_bytes());
        bytes.push(s.score as u8);
        bytes.extend_from_slice(&s.game.to_le_bytes());
    }
    let aside = path.with_extension("tmp");
    std::fs::File::create(&aside)?.write_all(&bytes)?;
    std::fs::rename(aside, path)
}

/// The samples of the file at `path`.
pub fn load(path: &Path) -> std::io::Result<Vec<Sample>> {
    let bytes = std::fs::read(path)?;
    Ok(bytes
        .chunks_exact(21)
        .map(|r| Sample {
            me: u64::from_le_bytes(r[0..8].try_into().unwrap()),
            opp: u64::from_le_bytes(r[8..16].try_into().unwrap()),
            score: r[16] as i8,
            game: u32::from_le_bytes(r[17..21].try_into().unwrap()),
        })
        .collect())
}
