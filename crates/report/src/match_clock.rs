//! The clock of a match in a report, from the `clock` section of its `result.json` (written by
//! `arbiter_arena::timing`): per engine, an SVG plot of the time per move against the ply with
//! the least limit at each ply drawn (a logarithmic scale, so that 5 ms moves and a 5 s limit
//! both show), the per-phase table (mean, 95th percentile, maximum), the clock left at the end
//! of its games under a game clock, and its moves within 10% of their limit, each linked to its
//! game's record. The same figures as sentences for Markdown and the command line.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::html::{escape, relative_link as link};
use super::matches::MatchSummary;

mod plot;

use plot::plot;

/// A duration in ms as people read it: `850 ms`, `4.2 s`, `0.31 ms`.
#[must_use]
pub(crate) fn duration(ms: f64) -> String {
    if !ms.is_finite() {
        "–".to_owned()
    } else if ms >= 10_000.0 {
        format!("{:.0} s", ms / 1000.0)
    } else if ms >= 1000.0 {
        format!("{:.1} s", ms / 1000.0)
    } else if ms >= 10.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{ms:.2} ms")
    }
}

fn number(value: &Value, key: &str) -> f64 {
    value.get(key).and_then(Value::as_f64).unwrap_or(f64::NAN)
}

fn count(value: &Value, key: &str) -> u64 {
    value.get(key).and_then(Value::as_u64).unwrap_or(0)
}

/// `mean 12 ms, p95 40 ms, max 980 ms`.
fn spread(line: &Value) -> String {
    format!(
        "mean {}, p95 {}, max {}",
        duration(number(line, "mean_ms")),
        duration(number(line, "p95_ms")),
        duration(number(line, "max_ms"))
    )
}

/// `plies 21-44` or `plies 45-`.
fn plies(phase: &Value) -> String {
    let last = phase
        .get("last")
        .and_then(Value::as_u64)
        .map_or_else(String::new, |last| last.to_string());
    format!("plies {}-{last}", count(phase, "first"))
}

/// The clock section and its engines (`a`, `b`) that played timed moves.
fn engines(summary: &MatchSummary) -> Vec<(&'static str, &Value)> {
    let Some(clock) = summary.result.get("clock") else {
        return Vec::new();
    };
    ["a", "b"]
        .into_iter()
        .filter_map(|role| {
            let engine = clock.get("engines")?.get(role)?;
            (count(&engine["all"], "moves") > 0).then_some((role, engine))
        })
        .collect()
}

/// The machine load a match ran under, if it was loaded on purpose (`--clock-stress`).
fn load_line(summary: &MatchSummary) -> Option<String> {
    let load = summary.result.get("load").filter(|load| !load.is_null())?;
    Some(format!(
        "played under clock stress: {} busy thread(s) on {} core(s) (load average {} at the end)",
        count(load, "busy_threads"),
        count(load, "cores"),
        load.get("loadavg_1m")
            .and_then(Value::as_f64)
            .map_or_else(|| "unknown".to_owned(), |l| format!("{l:.2}"))
    ))
}

/// The clock in sentences: the load, then per engine its moves' times, per phase, the clock
/// left and its moves near their limit.
#[must_use]
pub fn lines(summary: &MatchSummary) -> Vec<String> {
    let mut lines: Vec<String> = load_line(summary).into_iter().collect();
    for (role, engine) in engines(summary) {
        let label = engine.get("label").and_then(Value::as_str).unwrap_or(role);
        let all = &engine["all"];
        let phases: Vec<String> = engine["phases"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|phase| count(phase, "moves") > 0)
            .map(|phase| {
                format!(
                    "{} ({}) {}",
                    phase.get("name").and_then(Value::as_str).unwrap_or("?"),
                    plies(phase),
                    spread(phase)
                )
            })
            .collect();
        lines.push(format!(
            "clock of {label} ({}): {} moves, {}; {}",
            role.to_uppercase(),
            count(all, "moves"),
            spread(all),
            phases.join("; ")
        ));
        if let Some(left) = engine.get("clock_left").filter(|left| !left.is_null()) {
            lines.push(format!(
                "clock of {label}: left at the end of its {} games: least {} (game {}), mean {}",
                count(left, "games"),
                duration(number(left, "least_ms")),
                count(left, "least_game"),
                duration(number(left, "mean_ms"))
            ));
        }
        let near = &engine["near_limit"];
        let listed: Vec<String> = near["listed"]
            .as_array()
            .into_iter()
            .flatten()
            .take(5)
            .map(|mv| {
                format!(
                    "game {} ply {}: {} of {}",
                    count(mv, "game"),
                    count(mv, "ply"),
                    duration(number(mv, "time_ms")),
                    duration(number(mv, "limit_ms"))
                )
            })
            .collect();
        lines.push(format!(
            "clock of {label}: {} move(s) within 10% of their limit{}",
            count(near, "count"),
            if listed.is_empty() {
                String::new()
            } else {
                format!(" ({})", listed.join(", "))
            }
        ));
    }
    lines
}

/// The clock's HTML section, links relative to the report folder `dir`.
#[must_use]
pub(crate) fn html(summary: &MatchSummary, dir: &Path) -> String {
    let engines = engines(summary);
    if engines.is_empty() {
        return String::new();
    }
    let mut html = intro(summary);
    for (role, engine) in engines {
        let label = engine.get("label").and_then(Value::as_str).unwrap_or(role);
        let _ = writeln!(html, "<h4>{} ({})</h4>", escape(label), role.to_uppercase());
        html.push_str(&plot(label, engine));
        phase_table(engine, &mut html);
        clock_left(summary, dir, engine, &mut html);
        near_limit(summary, dir, engine, &mut html);
    }
    html
}

/// An anchor per match folder, so that a link (or a screenshot) can open the page here.
fn anchor(summary: &MatchSummary) -> String {
    summary
        .dir
        .file_name()
        .map(|name| name.to_string_lossy())
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// The section's heading and what its times are: the time control, the load, how measured.
fn intro(summary: &MatchSummary) -> String {
    let clock = &summary.result["clock"];
    let mut html = format!("<h3 id=\"clock-{}\">Clock</h3>\n<p>", anchor(summary));
    let control = clock
        .get("time_control")
        .and_then(Value::as_str)
        .map_or_else(
            || "no time control (a search budget)".to_owned(),
            |tc| format!("time control <code>{}</code>", escape(tc)),
        );
    html.push_str(&control);
    if let Some(load) = load_line(summary) {
        let _ = write!(html, "; {}", escape(&load));
    }
    html.push_str(
        ". Times are the referee's, around each answer (process and pipes included); the \
         limit drawn is the least one any move at that ply was held to.</p>\n",
    );
    html
}

/// The engine's phases and then the whole game: moves, mean, p95 and maximum.
fn phase_table(engine: &Value, html: &mut String) {
    html.push_str(
        "<table><tr><th>phase</th><th>plies</th><th>moves</th><th>mean</th><th>p95</th>\
         <th>max</th></tr>",
    );
    let all_phases = engine["phases"].as_array().into_iter().flatten();
    for phase in all_phases.chain(std::iter::once(&engine["all"])) {
        let name = phase
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("whole game");
        let range = if phase.get("first").is_some() {
            plies(phase)
        } else {
            "all".to_owned()
        };
        let _ = write!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(name),
            escape(&range),
            count(phase, "moves"),
            duration(number(phase, "mean_ms")),
            duration(number(phase, "p95_ms")),
            duration(number(phase, "max_ms"))
        );
    }
    html.push_str("</table>\n");
}

/// The href of the game record `record` of the match, from the report folder `dir`.
fn record_link(summary: &MatchSummary, dir: &Path, record: &str) -> String {
    escape(&link(dir, &summary.dir.join(record), 0))
}

/// Under a game clock, the least clock left at the end of a game (linked to it) and the mean.
fn clock_left(summary: &MatchSummary, dir: &Path, engine: &Value, html: &mut String) {
    if let Some(left) = engine.get("clock_left").filter(|left| !left.is_null()) {
        let record = left
            .get("least_record")
            .and_then(Value::as_str)
            .unwrap_or("");
        let _ = writeln!(
            html,
            "<p>Clock left at the end of its {} games: least {} (<a href=\"{}\">game {}</a>), \
             mean {}.</p>",
            count(left, "games"),
            duration(number(left, "least_ms")),
            record_link(summary, dir, record),
            count(left, "least_game"),
            duration(number(left, "mean_ms"))
        );
    }
}

/// How many moves came within 10% of their limit, and those listed, each linked to its game.
fn near_limit(summary: &MatchSummary, dir: &Path, engine: &Value, html: &mut String) {
    let near = &engine["near_limit"];
    let listed = near["listed"].as_array().cloned().unwrap_or_default();
    let _ = write!(
        html,
        "<p>{} move(s) within 10% of their limit",
        count(near, "count")
    );
    if listed.len() < count(near, "count") as usize {
        let _ = write!(html, " (the first {} listed)", listed.len());
    }
    html.push_str(if listed.is_empty() {
        ".</p>\n"
    } else {
        ":</p>\n<ul>"
    });
    for mv in &listed {
        let record = mv.get("record").and_then(Value::as_str).unwrap_or("");
        let _ = write!(
            html,
            "<li><a href=\"{}\">game {}</a>, ply {}: {} of a {} limit</li>",
            record_link(summary, dir, record),
            count(mv, "game"),
            count(mv, "ply"),
            duration(number(mv, "time_ms")),
            duration(number(mv, "limit_ms"))
        );
    }
    if !listed.is_empty() {
        html.push_str("</ul>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(duration(0.314), "0.31 ms");
        assert_eq!(duration(850.0), "850 ms");
        assert_eq!(duration(4200.0), "4.2 s");
        assert_eq!(duration(180_000.0), "180 s");
    }
}
