//! Match statistics as fishtest and fastchess compute them: wins, draws and losses, pentanomial
//! counts over game pairs, Elo with a 95% interval (logistic and normalized), and the SPRT
//! log-likelihood ratio with its bounds and decision.
//!
//! Sources (read, not copied; cited at each formula):
//! - fishtest `server/fishtest/stats/LLRcalc.py` and `stat_util.py` (official-stockfish/fishtest,
//!   commit b8eecff2): `regularize`, `results_to_pdf`, `MLE_expected`, `MLE_t_value`,
//!   `LLR_logistic`, `LLR_normalized`, `get_elo`, the SPRT bounds of `SPRT()`;
//! - fastchess `app/src/matchmaking/sprt/sprt.cpp` and `elo/elo_pentanomial.cpp`
//!   (Disservin/fastchess): the same MLE, and the normalized Elo of a pentanomial sample;
//! - M. Van den Bergh, "Comments on normalized Elo" and "Support for the MLE of a multinomial"
//!   (cantate.be/Fishtest), the theory both programs implement.
//!
//! Everything is from the point of view of the engine under test (engine B, the second named
//! on the command line, against the reference A): a positive Elo means B is stronger. The tests hold values computed by fishtest's own
//! code, so a change here that drifts from fishtest fails.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The score of one game for the engine under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Score {
    Win,
    Draw,
    Loss,
}

/// Wins, draws and losses of the engine under test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    /// Counts one game.
    pub(crate) fn add(&mut self, score: Score) {
        match score {
            Score::Win => self.wins += 1,
            Score::Draw => self.draws += 1,
            Score::Loss => self.losses += 1,
        }
    }

    /// The number of games.
    #[must_use]
    pub(crate) const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

/// Game pairs (one opening, colours swapped) by their outcome for the engine under test. `wl` and `dd` are
/// kept apart for the reader, as fastchess reports them; the statistics use the five classes of
/// pair score `[LL, LD, WL+DD, WD, WW]` (fishtest's order: 0, ½, 1, 1½, 2 points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    pub ll: u64,
    pub ld: u64,
    pub(crate) wl: u64,
    pub dd: u64,
    pub wd: u64,
    pub ww: u64,
}

impl Pentanomial {
    /// Counts one pair from its two games (in either order).
    pub(crate) fn add_pair(&mut self, first: Score, second: Score) {
        use Score::{Draw, Loss, Win};
        match (first, second) {
            (Loss, Loss) => self.ll += 1,
            (Loss, Draw) | (Draw, Loss) => self.ld += 1,
            (Win, Loss) | (Loss, Win) => self.wl += 1,
            (Draw, Draw) => self.dd += 1,
            (Win, Draw) | (Draw, Win) => self.wd += 1,
            (Win, Win) => self.ww += 1,
        }
    }

    /// The five classes by pair score, lowest first: `[LL, LD, WL+DD, WD, WW]`.
    #[must_use]
    pub(crate) const fn classes(&self) -> [u64; 5] {
        [self.ll, self.ld, self.wl + self.dd, self.wd, self.ww]
    }

    /// The number of pairs.
    #[must_use]
    pub(crate) const fn pairs(&self) -> u64 {
        self.ll + self.ld + self.wl + self.dd + self.wd + self.ww
    }
}

/// `L(elo)`: the expected score of a player `elo` logistic Elo above its opponent.
#[must_use]
pub(crate) fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo of an expected score, clamped to `[0.001, 0.999]` as fishtest's
/// `stat_util.elo` does so that a clean sweep gives a finite figure.
#[must_use]
pub(crate) fn score_elo(score: f64) -> f64 {
    let x = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / x - 1.0).log10()
}

/// `800 / ln 10`: normalized Elo per unit of normalized t-value (fishtest's
/// `nelo_divided_by_nt`).
pub(crate) const NELO_PER_NT: f64 = 800.0 / std::f64::consts::LN_10;

/// The 97.5% quantile of the standard normal law (`Phi_inv(0.975)`), for 95% intervals.
const Z_975: f64 = 1.959_963_984_540_054;

/// The value of each pentanomial class as a fraction of a pair's two points.
const CLASS_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The empirical distribution of the pentanomial classes: counts regularized as fishtest's
/// `regularize` does (an empty class counts 0.001, so that every MLE stays inside the simplex),
/// then divided by their total. Returns the regularized total and the probabilities.
fn distribution(counts: [u64; 5]) -> (f64, [f64; 5]) {
    let regularized = counts.map(|count| if count == 0 { 1e-3 } else { count as f64 });
    let total: f64 = regularized.iter().sum();
    (total, regularized.map(|count| count / total))
}

/// Mean and variance of a distribution over [`CLASS_SCORES`] (fishtest `LLRcalc.stats`).
fn mean_variance(probabilities: &[f64; 5]) -> (f64, f64) {
    let mean: f64 = (0..5).map(|i| probabilities[i] * CLASS_SCORES[i]).sum();
    let variance: f64 = (0..5)
        .map(|i| probabilities[i] * (CLASS_SCORES[i] - mean).powi(2))
        .sum();
    (mean, variance)
}

/// Solves the secular equation `sum_i p_i a_i / (1 + x a_i) = 0` for `x` between `-1/max a`
/// and `-1/min a` (fishtest `LLRcalc.secular`, which uses Brent's method). The function is
/// strictly decreasing there, from `+inf` to `-inf`: Newton steps, kept inside a bracket that
/// bisection shrinks whenever a step would leave it, reach the same root in a few steps.
fn secular(probabilities: &[f64; 5], values: &[f64; 5]) -> f64 {
    let lowest = values.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    debug_assert!(lowest < 0.0 && highest > 0.0);
    // The value and the derivative at x.
    let f = |x: f64| -> (f64, f64) {
        let mut value = 0.0;
        let mut slope = 0.0;
        for i in 0..5 {
            let d = 1.0 + x * values[i];
            value += probabilities[i] * values[i] / d;
            slope -= probabilities[i] * values[i] * values[i] / (d * d);
        }
        (value, slope)
    };
    let (mut low, mut high) = (-1.0 / highest, -1.0 / lowest);
    let mut x = 0.0;
    for _ in 0..200 {
        let (value, slope) = f(x);
        if value == 0.0 {
            return x;
        }
        if value > 0.0 {
            low = x;
        } else {
            high = x;
        }
        let newton = x - value / slope;
        let next = if newton > low && newton < high {
            newton
        } else {
            0.5 * (low + high)
        };
        if (next - x).abs() <= 1e-15 * (1.0 + x.abs()) || next <= low || next >= high {
            return next.clamp(low, high);
        }
        x = next;
    }
    x
}

/// The maximum-likelihood distribution with expected score `s` given the empirical one
/// (fishtest `MLE_expected`; Van den Bergh, "Support for the MLE of a multinomial",
/// Proposition 1.1): `p_i / (1 + x (a_i - s))` with `x` from the secular equation.
fn mle_expected(probabilities: &[f64; 5], s: f64) -> [f64; 5] {
    let shifted = CLASS_SCORES.map(|a| a - s);
    let x = secular(probabilities, &shifted);
    std::array::from_fn(|i| probabilities[i] / (1.0 + x * shifted[i]))
}

/// The maximum-likelihood distribution with t-value `(mu - reference) / sigma = t` (fishtest
/// `MLE_t_value`; Van den Bergh, "Comments on normalized Elo", section 4.1): a fixed-point
/// iteration from the uniform distribution.
fn mle_t_value(probabilities: &[f64; 5], reference: f64, t: f64) -> [f64; 5] {
    let mut estimate = [0.2; 5];
    for _ in 0..100 {
        let (mu, variance) = mean_variance(&estimate);
        let sigma = variance.sqrt();
        let phi = CLASS_SCORES
            .map(|a| a - reference - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0);
        let x = secular(probabilities, &phi);
        let next: [f64; 5] = std::array::from_fn(|i| probabilities[i] / (1.0 + x * phi[i]));
        let change = (0..5)
            .map(|i| (next[i] - estimate[i]).abs())
            .fold(0.0, f64::max);
        estimate = next;
        if change < 1e-12 {
            break;
        }
    }
    estimate
}

/// `N * sum_i p_i (ln p1_i - ln p0_i)`: the generalized log-likelihood ratio of two fitted
/// distributions (fishtest `LLRcalc.LLR` times the sample size).
fn llr_of(total: f64, probabilities: &[f64; 5], h0: &[f64; 5], h1: &[f64; 5]) -> f64 {
    total
        * (0..5)
            .map(|i| probabilities[i] * (h1[i].ln() - h0[i].ln()))
            .sum::<f64>()
}

/// The Elo model of the SPRT bounds.
///
/// Normalized is the default, as in fastchess and in fishtest's current tests: its LLR grows
/// with how far the results are from the hypotheses. Under the logistic model with bounds 10
/// Elo apart, every pair moves the LLR by at most about 0.03, so no test ends before about a
/// hundred pairs however lopsided the games (fishtest's own `LLR_logistic` gives -2.92 for 90
/// lost pairs out of 100 against the bound -2.94).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum EloModel {
    /// Logistic Elo: `elo0`, `elo1` are differences of expected score through `L(elo)`
    /// (fishtest `LLR_logistic`).
    Logistic,
    /// Normalized Elo: differences of t-value, independent of the draw rate (fishtest
    /// `LLR_normalized`, fastchess's default model).
    #[default]
    Normalized,
}

impl EloModel {
    fn name(self) -> &'static str {
        match self {
            EloModel::Logistic => "logistic",
            EloModel::Normalized => "normalized",
        }
    }
}

/// The SPRT's parameters: H0 `elo = elo0` against H1 `elo = elo1`, with error rates `alpha`
/// (accepting H1 when H0 holds) and `beta` (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtConfig {
    pub(crate) elo0: f64,
    pub(crate) elo1: f64,
    pub(crate) alpha: f64,
    pub(crate) beta: f64,
    #[serde(default)]
    pub(crate) model: EloModel,
}

impl FromStr for SprtConfig {
    type Err = String;

    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=normalized|logistic]`; alpha and beta
    /// default to 0.05, the model to normalized.
    fn from_str(text: &str) -> Result<SprtConfig, String> {
        let mut elo0 = None;
        let mut elo1 = None;
        let mut alpha = 0.05;
        let mut beta = 0.05;
        let mut model = EloModel::Normalized;
        for part in text
            .split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
        {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("`{part}` is not key=value"))?;
            let number = || -> Result<f64, String> {
                value
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("`{key}`: `{value}` is not a number"))
            };
            match key.trim() {
                "elo0" => elo0 = Some(number()?),
                "elo1" => elo1 = Some(number()?),
                "alpha" => alpha = number()?,
                "beta" => beta = number()?,
                "model" => {
                    model = match value.trim() {
                        "logistic" => EloModel::Logistic,
                        "normalized" => EloModel::Normalized,
                        other => {
                            return Err(format!(
                                "unknown elo model `{other}`; expected logistic or normalized"
                            ));
                        }
                    }
                }
                other => {
                    return Err(format!(
                        "unknown key `{other}`; expected elo0, elo1, alpha, beta or model"
                    ));
                }
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err("elo0 and elo1 are required, e.g. elo0=0,elo1=10".to_owned());
        };
        let config = SprtConfig {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        };
        config.check()?;
        Ok(config)
    }
}

impl fmt::Display for SprtConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={},model={}",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            self.model.name()
        )
    }
}

/// The SPRT's state after some pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// Neither bound reached.
    Continue,
    /// The LLR fell to the lower bound: H0 accepted, "B is not better by elo1" for the
    /// change under test; fishtest calls this "rejected".
    H0,
    /// The LLR rose to the upper bound: H1 accepted; fishtest calls this "accepted".
    H1,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::Continue => "no decision yet",
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
        })
    }
}

impl SprtConfig {
    /// Checks the parameters as fastchess does.
    ///
    /// # Errors
    /// `elo0 >= elo1`, or alpha/beta outside (0, 1) or summing to 1 or more.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.elo0 >= self.elo1 {
            return Err(format!(
                "elo0 ({}) must be below elo1 ({})",
                self.elo0, self.elo1
            ));
        }
        for (name, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(format!("{name} must be between 0 and 1, got {value}"));
            }
        }
        if self.alpha + self.beta >= 1.0 {
            return Err("alpha + beta must be below 1".to_owned());
        }
        Ok(())
    }

    /// The stopping bounds `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))` (Wald; fishtest
    /// `stat_util.SPRT`, fastchess `SPRT::SPRT`).
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these pairs.
    #[must_use]
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let (total, probabilities) = distribution(pairs.classes());
        match self.model {
            EloModel::Logistic => {
                // fishtest LLR_logistic: the expected scores L(elo0), L(elo1).
                let h0 = mle_expected(&probabilities, logistic_score(self.elo0));
                let h1 = mle_expected(&probabilities, logistic_score(self.elo1));
                llr_of(total, &probabilities, &h0, &h1)
            }
            EloModel::Normalized => {
                // fishtest LLR_normalized: per-pair t-values sqrt(2) * nelo / (800 / ln 10),
                // measured from a score of one half.
                let t = |nelo: f64| std::f64::consts::SQRT_2 * nelo / NELO_PER_NT;
                let h0 = mle_t_value(&probabilities, 0.5, t(self.elo0));
                let h1 = mle_t_value(&probabilities, 0.5, t(self.elo1));
                llr_of(total, &probabilities, &h0, &h1)
            }
        }
    }

    /// The decision for an LLR: a bound reached or crossed ends the test.
    #[must_use]
    pub fn decide(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

/// Elo estimates from pentanomial counts, with 95% intervals (half-widths).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct EloEstimate {
    /// The mean score per game.
    pub(crate) score: f64,
    /// Logistic Elo of that score.
    pub(crate) elo: f64,
    /// Half-width of its 95% interval.
    pub(crate) elo95: f64,
    /// The likelihood of superiority: the probability that the engine under test is the
    /// stronger, `Phi(z)`.
    pub(crate) los: f64,
    /// Normalized Elo: `(score - ½) / sigma_pair * 800 / ln 10`, sigma of a pair's score.
    pub(crate) nelo: f64,
    /// Half-width of its 95% interval.
    pub(crate) nelo95: f64,
}

impl EloEstimate {
    /// The estimate from pair counts, as fishtest's `stat_util.get_elo` computes the logistic
    /// figures (regularized counts; the interval of the mean score mapped through the Elo
    /// curve) and fastchess's `EloPentanomial` the normalized ones.
    #[must_use]
    pub(crate) fn from_pairs(pairs: &Pentanomial) -> EloEstimate {
        let (total, probabilities) = distribution(pairs.classes());
        let (score, pair_variance) = mean_variance(&probabilities);
        // Per pair: the score is the mean of two games; its standard error over `total` pairs.
        let error = (pair_variance / total).sqrt();
        let (low, high) = (score - Z_975 * error, score + Z_975 * error);
        let nelo_of = |s: f64| (s - 0.5) / (2.0 * pair_variance).sqrt() * NELO_PER_NT;
        EloEstimate {
            score,
            elo: score_elo(score),
            elo95: (score_elo(high) - score_elo(low)) / 2.0,
            los: normal_cdf((score - 0.5) / error),
            nelo: nelo_of(score),
            nelo95: (nelo_of(high) - nelo_of(low)) / 2.0,
        }
    }
}

/// The standard normal distribution function, `Phi(x) = erfc(-x / sqrt 2) / 2`.
#[must_use]
pub(crate) fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function to about 1e-14: the Taylor series of `erf` below 3 (its
/// terms stay under 10^4, so little precision is lost) and the continued fraction of `erfc`
/// (Abramowitz and Stegun 7.1.14) from 3 on. Rust's standard library has no `erfc`.
fn erfc(x: f64) -> f64 {
    if x < 0.0 {
        return 2.0 - erfc(-x);
    }
    if x < 3.0 {
        // erf x = 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1))
        let mut term = x;
        let mut sum = x;
        for n in 1..200 {
            term *= -x * x / f64::from(n);
            let next = term / f64::from(2 * n + 1);
            sum += next;
            if next.abs() < 1e-17 * sum.abs() {
                break;
            }
        }
        return 1.0 - sum * std::f64::consts::FRAC_2_SQRT_PI;
    }
    // erfc x = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + ...))))),
    // evaluated from the tail.
    let mut fraction = x;
    for k in (1..60).rev() {
        fraction = x + f64::from(k) / 2.0 / fraction;
    }
    (-x * x).exp() / fraction * std::f64::consts::FRAC_2_SQRT_PI / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(classes: [u64; 5]) -> Pentanomial {
        Pentanomial {
            ll: classes[0],
            ld: classes[1],
            wl: classes[2],
            dd: 0,
            wd: classes[3],
            ww: classes[4],
        }
    }

    fn sprt(elo0: f64, elo1: f64, model: EloModel) -> SprtConfig {
        SprtConfig {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model,
        }
    }

    /// LLRs computed by fishtest's own `LLRcalc.LLR_logistic` and `LLR_normalized`
    /// (official-stockfish/fishtest commit b8eecff2, `server/fishtest/stats/LLRcalc.py`, run
    /// with scipy 1.17): (pentanomial, elo0, elo1, logistic LLR, normalized LLR). The first
    /// count vector is the one in fishtest's `stat_util.py` self-test.
    const FISHTEST_LLR: [([u64; 5], f64, f64, f64, f64); 9] = [
        (
            [10789, 19328, 33806, 19402, 10543],
            -3.0,
            1.0,
            2.131_067_811_794_080_7,
            0.300_869_785_483_540_75,
        ),
        (
            [10789, 19328, 33806, 19402, 10543],
            0.0,
            10.0,
            -135.760_713_792_427_3,
            -92.534_177_653_513_44,
        ),
        (
            [39, 2226, 31451, 2412, 40],
            0.2,
            0.9,
            2.162_542_580_048_359_3,
            1.216_596_745_293_254,
        ),
        (
            [0, 0, 100, 0, 0],
            0.0,
            10.0,
            -2.911_175_147_974_281,
            -0.160_264_612_662_484_12,
        ),
        (
            [12, 25, 40, 18, 5],
            0.0,
            10.0,
            -1.234_638_588_992_214,
            -0.895_306_506_147_467_9,
        ),
        (
            [3, 10, 30, 15, 2],
            -10.0,
            0.0,
            0.351_944_720_963_795_2,
            0.189_766_939_673_749_1,
        ),
        (
            [0, 1, 3, 5, 1],
            0.0,
            10.0,
            0.283_436_320_962_144_94,
            0.215_687_791_008_060_88,
        ),
        (
            [1187, 7410, 13475, 7378, 1164],
            -3.0,
            1.0,
            2.861_527_180_594_63,
            0.600_266_073_484_804_9,
        ),
        (
            [1187, 7410, 13475, 7378, 1164],
            -10.0,
            0.0,
            58.385_507_576_963_72,
            21.787_778_408_898_067,
        ),
    ];

    #[test]
    fn llr_matches_fishtest() {
        for (counts, elo0, elo1, logistic, normalized) in FISHTEST_LLR {
            let counted = pairs(counts);
            let got = sprt(elo0, elo1, EloModel::Logistic).llr(&counted);
            assert!(
                (got - logistic).abs() < 1e-6 * logistic.abs().max(1.0),
                "{counts:?} [{elo0}, {elo1}] logistic: {got} != fishtest {logistic}"
            );
            let got = sprt(elo0, elo1, EloModel::Normalized).llr(&counted);
            assert!(
                (got - normalized).abs() < 1e-6 * normalized.abs().max(1.0),
                "{counts:?} [{elo0}, {elo1}] normalized: {got} != fishtest {normalized}"
            );
        }
    }

    /// Elo, its 95% half-width and the LOS from fishtest's `stat_util.get_elo` (same commit).
    #[test]
    fn elo_matches_fishtest() {
        let cases: [([u64; 5], f64, f64, f64); 4] = [
            (
                [10789, 19328, 33806, 19402, 10543],
                -0.773_577_335_916_542_3,
                1.277_579_895_728_021_8,
                0.117_658_858_032_775_1,
            ),
            (
                [12, 25, 40, 18, 5],
                -36.615_697_082_086_99,
                35.672_893_934_253_58,
                0.020_973_409_603_983_81,
            ),
            (
                [0, 1, 3, 5, 1],
                107.488_498_351_129_21,
                97.885_574_500_884_47,
                0.991_097_935_296_751_5,
            ),
            ([0, 0, 100, 0, 0], 0.0, 0.340_467_107_588_176_8, 0.5),
        ];
        for (counts, elo, elo95, los) in cases {
            let estimate = EloEstimate::from_pairs(&pairs(counts));
            assert!(
                (estimate.elo - elo).abs() < 1e-9,
                "{counts:?}: {estimate:?}"
            );
            assert!(
                (estimate.elo95 - elo95).abs() < 1e-9,
                "{counts:?}: {estimate:?}"
            );
            assert!(
                (estimate.los - los).abs() < 1e-9,
                "{counts:?}: {estimate:?}"
            );
        }
    }

    #[test]
    fn normalized_elo_is_fastchess_formula() {
        // fastchess EloPentanomial: nelo = (score - 0.5) / sqrt(2 var) * 800 / ln 10 with the
        // pair variance; here without empty classes, so no regularization enters.
        let counted = pairs([10, 20, 40, 20, 10]);
        let estimate = EloEstimate::from_pairs(&counted);
        assert!(estimate.nelo.abs() < 1e-12);
        let variance = (10.0 * 0.25 + 20.0 * 0.0625 + 20.0 * 0.0625 + 10.0 * 0.25) / 100.0;
        let half = Z_975 * (variance / 100.0f64).sqrt() / (2.0 * variance).sqrt() * NELO_PER_NT;
        assert!((estimate.nelo95 - half).abs() < 1e-9, "{estimate:?}");
    }

    #[test]
    fn bounds_and_decisions() {
        let config = sprt(0.0, 10.0, EloModel::Logistic);
        let (lower, upper) = config.bounds();
        assert!((lower - (0.05f64 / 0.95).ln()).abs() < 1e-15);
        assert!((upper - (0.95f64 / 0.05).ln()).abs() < 1e-15);
        assert_eq!(config.decide(0.0), Decision::Continue);
        assert_eq!(config.decide(upper), Decision::H1);
        assert_eq!(config.decide(lower - 0.1), Decision::H0);
    }

    #[test]
    fn parses_the_command_line_form() {
        let config: SprtConfig = "elo0=0,elo1=10,alpha=0.05,beta=0.1".parse().unwrap();
        assert_eq!(
            config,
            SprtConfig {
                beta: 0.1,
                ..sprt(0.0, 10.0, EloModel::Normalized)
            }
        );
        let config: SprtConfig = "elo0=-5, elo1=0, model=logistic".parse().unwrap();
        assert_eq!(config.model, EloModel::Logistic);
        assert_eq!(config.to_string().parse::<SprtConfig>(), Ok(config));
        for bad in [
            "elo0=10,elo1=0",
            "elo1=5",
            "elo0=0,elo1=5,alpha=1.5",
            "elo0=0,elo1=5,gamma=1",
            "elo0=zero,elo1=5",
            "elo0=0,elo1=5,alpha=0.6,beta=0.5",
        ] {
            assert!(bad.parse::<SprtConfig>().is_err(), "{bad}");
        }
    }

    #[test]
    fn pairs_are_classed_by_their_score() {
        let mut counted = Pentanomial::default();
        counted.add_pair(Score::Win, Score::Loss);
        counted.add_pair(Score::Draw, Score::Draw);
        counted.add_pair(Score::Draw, Score::Win);
        counted.add_pair(Score::Loss, Score::Loss);
        assert_eq!(counted.classes(), [1, 0, 2, 1, 0]);
        assert_eq!(counted.pairs(), 4);
    }

    #[test]
    fn the_normal_distribution_function() {
        // Phi at a few points (tables of the standard normal law).
        for (x, phi) in [
            (0.0, 0.5),
            (1.0, 0.841_344_746_068_542_9),
            (-1.959_963_984_540_054, 0.025),
            (3.0, 0.998_650_101_968_369_9),
            (-6.0, 9.865_876_450_376_98e-10),
        ] {
            assert!(
                (normal_cdf(x) - phi).abs() < 1e-13 * phi.max(1e-3) / 1e-3,
                "{x}"
            );
        }
    }
}
