//! The summary of a refereed match (`cargo xtask match`, `src/arena`) in a report, read from
//! the match folder's `result.json` alone: W/D/L from engine B's side, the pentanomial counts
//! of the game pairs, Elo with its 95% interval (and normalized Elo), the SPRT's LLR with its
//! bounds and decision, an SVG plot of the LLR and of Elo with its interval against the games
//! played (from the result's `history`), the clock ([`match_clock`]), and a link per game lost
//! on a fault to its record and to the `found/` spec case it produced.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::html::{escape, relative_link as link};
use super::markdown::{code, inline};
use super::match_clock;

/// A finished (or interrupted) match to report: its folder and its `result.json`.
#[derive(Clone, Debug)]
pub struct MatchSummary {
    pub(crate) dir: PathBuf,
    pub(crate) result: Value,
}

impl MatchSummary {
    /// The summary of a result already read (`DIR` is its match folder).
    #[must_use]
    pub fn of(dir: &Path, result: Value) -> MatchSummary {
        MatchSummary {
            dir: dir.to_owned(),
            result,
        }
    }

    /// The clock in sentences (the load it ran under, then per engine the times of its
    /// moves, by phase, the clock left and the moves near their limit): what the command line
    /// prints.
    #[must_use]
    pub fn clock_lines(&self) -> Vec<String> {
        match_clock::lines(self)
    }

    /// Reads `DIR/result.json`.
    ///
    /// # Errors
    /// The file is missing or not JSON, named with its path.
    pub fn load(dir: &Path) -> Result<MatchSummary, String> {
        let path = dir.join("result.json");
        let text = std::fs::read_to_string(&path)
            .map_err(|error| format!("{}: {error}", path.display()))?;
        let result: Value = serde_json::from_str(&text)
            .map_err(|error| format!("{}: not a match result: {error}", path.display()))?;
        if result.get("statistics").is_none() {
            return Err(format!(
                "{}: not a match result: no `statistics`",
                path.display()
            ));
        }
        Ok(MatchSummary {
            dir: dir.to_owned(),
            result,
        })
    }

    fn stat(&self, key: &str) -> Option<&Value> {
        self.result.get("statistics")?.get(key)
    }

    fn number(&self, key: &str) -> f64 {
        self.stat(key).and_then(Value::as_f64).unwrap_or(f64::NAN)
    }

    fn count(&self, key: &str) -> u64 {
        self.stat(key).and_then(Value::as_u64).unwrap_or(0)
    }

    fn engine(&self, role: &str) -> String {
        let engine = self.result.get("engines").and_then(|e| e.get(role));
        engine
            .and_then(|e| e.get("label").or_else(|| e.get("name")))
            .and_then(Value::as_str)
            .unwrap_or(role)
            .to_owned()
    }

    /// `B vs A` with the game and variant.
    #[must_use]
    pub(crate) fn title(&self) -> String {
        format!(
            "{} (B) against {} (A), {} {}",
            self.engine("b"),
            self.engine("a"),
            self.result
                .get("game")
                .and_then(Value::as_str)
                .unwrap_or(""),
            self.result
                .get("variant")
                .and_then(Value::as_str)
                .unwrap_or("")
        )
    }

    /// The figures in one paragraph's sentences.
    #[must_use]
    pub(crate) fn figures(&self) -> Vec<String> {
        let mut lines = vec![
            format!(
                "{} game(s) in {} pair(s): B won {}, drew {}, lost {} (score {:.3})",
                self.count("games"),
                self.count("pairs"),
                self.count("wins"),
                self.count("draws"),
                self.count("losses"),
                self.number("score")
            ),
            format!(
                "pentanomial (pairs scoring 0, ½, 1, 1½, 2 for B: LL, LD, WL+DD, WD, WW): {}{}",
                self.stat("pentanomial_classes")
                    .map_or_else(String::new, Value::to_string),
                self.stat("pentanomial").map_or_else(String::new, |p| {
                    let n = |key: &str| p.get(key).and_then(Value::as_u64).unwrap_or(0);
                    format!(" (WL {}, DD {})", n("wl"), n("dd"))
                })
            ),
            format!(
                "Elo {:+.1} ± {:.1} (95%), normalized Elo {:+.1} ± {:.1}, LOS {:.1}%",
                self.number("elo"),
                self.number("elo95"),
                self.number("nelo"),
                self.number("nelo95"),
                100.0 * self.number("los")
            ),
        ];
        if let Some(sprt) = self.stat("sprt").filter(|s| !s.is_null()) {
            let f = |key: &str| sprt.get(key).and_then(Value::as_f64).unwrap_or(f64::NAN);
            lines.push(format!(
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.3} in [{:.3}, {:.3}], {}",
                f("elo0"),
                f("elo1"),
                f("alpha"),
                f("beta"),
                f("llr"),
                f("lower_bound"),
                f("upper_bound"),
                sprt.get("decision")
                    .and_then(Value::as_str)
                    .unwrap_or("no decision")
            ));
        }
        lines
    }

    /// The games lost on a fault: (game index, the fault in words, record path, found case).
    #[must_use]
    pub fn faults(&self) -> Vec<(u64, String, String, Option<String>)> {
        let games = self.result.get("games").and_then(Value::as_array);
        games
            .into_iter()
            .flatten()
            .filter_map(|game| {
                let fault = game.get("fault").filter(|f| !f.is_null())?;
                let text = |key: &str| {
                    fault
                        .get(key)
                        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                        .unwrap_or_default()
                };
                Some((
                    game.get("index").and_then(Value::as_u64).unwrap_or(0),
                    format!(
                        "{} ({}) lost on {} `{}` at ply {}",
                        text("engine"),
                        text("role"),
                        text("class"),
                        text("code"),
                        text("ply")
                    ),
                    game.get("record")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned(),
                    game.get("found_case")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                ))
            })
            .collect()
    }

    /// The history: (games, Elo, Elo's 95% half-width, LLR) after each counted pair.
    fn history(&self) -> Vec<(f64, f64, f64, Option<f64>)> {
        let points = self.result.get("history").and_then(Value::as_array);
        points
            .into_iter()
            .flatten()
            .filter_map(|point| {
                Some((
                    point.get("games")?.as_f64()?,
                    point.get("elo")?.as_f64()?,
                    point.get("elo95")?.as_f64()?,
                    point.get("llr").and_then(Value::as_f64),
                ))
            })
            .collect()
    }

    /// The SPRT's bounds, if the match ran one.
    fn bounds(&self) -> Option<(f64, f64)> {
        let sprt = self.stat("sprt").filter(|s| !s.is_null())?;
        Some((
            sprt.get("lower_bound")?.as_f64()?,
            sprt.get("upper_bound")?.as_f64()?,
        ))
    }
}

/// The match's HTML section, links relative to the report folder `dir`.
#[must_use]
pub(crate) fn html(summary: &MatchSummary, dir: &Path) -> String {
    let mut html = format!("<h2>Match: {}</h2>\n<ul>", escape(&summary.title()));
    for line in summary.figures() {
        let _ = write!(html, "<li>{}</li>", escape(&line));
    }
    html.push_str("</ul>\n");
    html.push_str(&plot(summary));
    html.push_str(&match_clock::html(summary, dir));
    let faults = summary.faults();
    let _ = writeln!(html, "<h3>Games lost on a fault ({})</h3>", faults.len());
    if !faults.is_empty() {
        html.push_str(
            "<table><tr><th>game</th><th>fault</th><th>record</th><th>found case</th></tr>",
        );
        for (index, fault, record, found) in faults {
            let record_link = link(dir, &summary.dir.join(&record), 0);
            let found_cell = found.map_or_else(String::new, |found| {
                format!(
                    "<a href=\"{}\"><code>{}</code></a>",
                    escape(&link(dir, &summary.dir.join(&found), 0)),
                    escape(&found)
                )
            });
            let _ = write!(
                html,
                "<tr><td>{index}</td><td>{}</td><td><a href=\"{}\"><code>{}</code></a></td><td>{found_cell}</td></tr>",
                escape(&fault),
                escape(&record_link),
                escape(&record)
            );
        }
        html.push_str("</table>\n");
    }
    html
}

/// The match's Markdown section.
#[must_use]
pub(crate) fn markdown(summary: &MatchSummary) -> String {
    let mut md = format!("\n### Match: {}\n\n", inline(&summary.title()));
    for line in summary.figures() {
        let _ = writeln!(md, "- {}", inline(&line));
    }
    for line in match_clock::lines(summary) {
        let _ = writeln!(md, "- {}", inline(&line));
    }
    let faults = summary.faults();
    if !faults.is_empty() {
        let _ = writeln!(md, "\n{} game(s) lost on a fault:\n", faults.len());
        for (index, fault, record, found) in faults {
            let dir = summary.dir.display();
            let _ = writeln!(
                md,
                "- game {index}: {}; record {}{}",
                inline(&fault),
                code(&format!("{dir}/{record}")),
                found.map_or_else(String::new, |f| format!(
                    ", found case {}",
                    code(&format!("{dir}/{f}"))
                ))
            );
        }
    }
    md
}

/// Panels over the games played: the LLR with the SPRT's bounds (when the match ran an SPRT),
/// and Elo with its 95% interval as a band.
fn plot(summary: &MatchSummary) -> String {
    let history = summary.history();
    if history.is_empty() {
        return "<p>No pair finished yet: nothing to plot.</p>\n".to_owned();
    }
    let frame = Frame {
        left: 56.0,
        width: 460.0,
        height: 150.0,
        max_games: history.iter().map(|p| p.0).fold(1.0, f64::max),
    };
    let llrs: Vec<(f64, f64)> = history
        .iter()
        .filter_map(|p| p.3.map(|llr| (p.0, llr)))
        .collect();
    let finite: Vec<(f64, f64, f64)> = history
        .iter()
        .filter(|p| p.1.is_finite() && p.2.is_finite())
        .map(|p| (p.0, p.1, p.2))
        .collect();
    let panels = 1 + usize::from(!llrs.is_empty());
    let height = panels as f64 * (frame.height + 50.0) + 10.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"540\" \
         height=\"{height:.0}\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\
         <title>LLR and Elo against games played</title>"
    );
    let mut top = 14.0;
    if !llrs.is_empty() {
        frame.llr_panel(&mut svg, top, &llrs, summary.bounds());
        top += frame.height + 50.0;
    }
    frame.elo_panel(&mut svg, top, &finite);
    svg.push_str("</svg>\n");
    svg
}

/// The horizontal layout the panels share: games played from 0 to `max_games`.
struct Frame {
    left: f64,
    width: f64,
    height: f64,
    max_games: f64,
}

impl Frame {
    fn right(&self) -> f64 {
        self.left + self.width
    }

    fn x(&self, games: f64) -> f64 {
        self.left + self.width * games / self.max_games
    }

    /// The LLR panel: the SPRT's `bounds` as dashed lines (the range always holds them, or
    /// -1 to 1 without), and the LLR after each game.
    fn llr_panel(
        &self,
        svg: &mut String,
        top: f64,
        llrs: &[(f64, f64)],
        bounds: Option<(f64, f64)>,
    ) {
        let (mut low, mut high) = bounds.unwrap_or((-1.0, 1.0));
        for (_, llr) in llrs {
            low = low.min(*llr);
            high = high.max(*llr);
        }
        self.panel(svg, "LLR", top, (low, high), |svg, y| {
            if let Some((lower, upper)) = bounds {
                for (bound, label) in [(lower, "accept H0"), (upper, "accept H1")] {
                    let _ = write!(
                        svg,
                        "<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" \
                         stroke=\"#d73027\" stroke-dasharray=\"5 3\"/><text x=\"{:.1}\" y=\"{:.1}\" \
                         fill=\"#d73027\" text-anchor=\"end\">{label} {bound:.2}</text>",
                        self.left,
                        self.right(),
                        y(bound),
                        y(bound),
                        self.right() - 2.0,
                        y(bound) - 3.0
                    );
                }
            }
            let points: Vec<String> = llrs
                .iter()
                .map(|(games, llr)| format!("{:.1},{:.1}", self.x(*games), y(*llr)))
                .collect();
            let _ = write!(
                svg,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"#2c7fb8\" stroke-width=\"2\"/>",
                points.join(" ")
            );
        });
    }

    /// The Elo panel: the 95% interval of each finite estimate as a band, the estimate as a
    /// line (the range always holds -10 to 10).
    fn elo_panel(&self, svg: &mut String, top: f64, finite: &[(f64, f64, f64)]) {
        let (mut low, mut high) = (-10.0f64, 10.0f64);
        for (_, elo, half) in finite {
            low = low.min(elo - half);
            high = high.max(elo + half);
        }
        self.panel(svg, "Elo", top, (low, high), |svg, y| {
            if finite.is_empty() {
                return;
            }
            let upper = finite
                .iter()
                .map(|(g, elo, half)| format!("{:.1},{:.1}", self.x(*g), y(elo + half)));
            let lower = finite
                .iter()
                .rev()
                .map(|(g, elo, half)| format!("{:.1},{:.1}", self.x(*g), y(elo - half)));
            let band: Vec<String> = upper.chain(lower).collect();
            let line: Vec<String> = finite
                .iter()
                .map(|(g, elo, _)| format!("{:.1},{:.1}", self.x(*g), y(*elo)))
                .collect();
            let _ = write!(
                svg,
                "<polygon points=\"{}\" fill=\"#a6bddb\" opacity=\"0.6\"><title>95% interval</title>\
                 </polygon><polyline points=\"{}\" fill=\"none\" stroke=\"#045a8d\" \
                 stroke-width=\"2\"/>",
                band.join(" "),
                line.join(" ")
            );
        });
    }

    /// One panel from `top`: frame, zero line, axis labels, then `draw` with the
    /// value-to-pixel map over `range`.
    fn panel(
        &self,
        svg: &mut String,
        label: &str,
        top: f64,
        range: (f64, f64),
        draw: impl FnOnce(&mut String, &dyn Fn(f64) -> f64),
    ) {
        let span = (range.1 - range.0).max(1e-9);
        let (low, high) = (range.0 - 0.05 * span, range.1 + 0.05 * span);
        let h = self.height;
        let y = move |value: f64| top + h * (high - value) / (high - low);
        let (left, right, bottom) = (self.left, self.right(), top + h);
        let _ = write!(
            svg,
            "<rect x=\"{left}\" y=\"{top}\" width=\"{:.1}\" height=\"{h}\" fill=\"#fafafa\" \
             stroke=\"#999\"/><text x=\"4\" y=\"{:.1}\" font-weight=\"bold\">{label}</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{high:.1}</text>\
             <text x=\"{:.1}\" y=\"{bottom:.1}\" text-anchor=\"end\">{low:.1}</text>\
             <text x=\"{left}\" y=\"{:.1}\" text-anchor=\"middle\">0</text>\
             <text x=\"{right:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{:.0}</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">games played</text>",
            self.width,
            top + h / 2.0,
            left - 4.0,
            top + 10.0,
            left - 4.0,
            bottom + 14.0,
            bottom + 14.0,
            self.max_games,
            (left + right) / 2.0,
            bottom + 28.0
        );
        if low < 0.0 && high > 0.0 {
            let _ = write!(
                svg,
                "<line x1=\"{left}\" x2=\"{right:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#bbb\"/>",
                y(0.0),
                y(0.0)
            );
        }
        draw(svg, &y);
    }
}
