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
    let clock = &summary.result["clock"];
    // An anchor per match folder, so that a link (or a screenshot) can open the page here.
    let anchor: String = summary
        .dir
        .file_name()
        .map(|name| name.to_string_lossy())
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let mut html = format!("<h3 id=\"clock-{anchor}\">Clock</h3>\n<p>");
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
    for (role, engine) in engines {
        let label = engine.get("label").and_then(Value::as_str).unwrap_or(role);
        let _ = writeln!(html, "<h4>{} ({})</h4>", escape(label), role.to_uppercase());
        html.push_str(&plot(label, engine));
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
                escape(&link(dir, &summary.dir.join(record), 0)),
                count(left, "least_game"),
                duration(number(left, "mean_ms"))
            );
        }
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
                escape(&link(dir, &summary.dir.join(record), 0)),
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
    html
}

/// Time per move against the ply: the mean and the maximum at each ply, and the least limit,
/// on a logarithmic time axis.
fn plot(label: &str, engine: &Value) -> String {
    let points: Vec<(f64, f64, f64, Option<f64>)> = engine["by_ply"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            (
                number(p, "ply"),
                number(p, "mean_ms"),
                number(p, "max_ms"),
                p.get("limit_ms").and_then(Value::as_f64),
            )
        })
        .filter(|p| p.0.is_finite() && p.1.is_finite() && p.2.is_finite())
        .collect();
    let (left, top, width, height) = (64.0, 12.0, 560.0, 220.0);
    let last_ply = points.iter().map(|p| p.0).fold(1.0, f64::max);
    let values = points
        .iter()
        .flat_map(|p| [p.1, p.2].into_iter().chain(p.3))
        .filter(|v| *v > 0.0);
    let (low, high) = values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let low_decade = if low.is_finite() {
        low.log10().floor().min(0.0)
    } else {
        -1.0
    };
    let high_decade = (high.max(1.0).log10().ceil()).max(low_decade + 1.0);
    let x = |ply: f64| left + width * (ply - 1.0) / (last_ply - 1.0).max(1.0);
    let y = |ms: f64| {
        let decade = ms.max(10f64.powf(low_decade)).log10();
        top + height * (high_decade - decade) / (high_decade - low_decade)
    };
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot clock\" width=\"{:.0}\" \
         height=\"{:.0}\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\
         <title>{}: time per move against the ply</title>\
         <rect x=\"{left}\" y=\"{top}\" width=\"{width}\" height=\"{height}\" fill=\"#fafafa\" \
         stroke=\"#999\"/>",
        left + width + 20.0,
        top + height + 56.0,
        escape(label)
    );
    let mut decade = low_decade;
    while decade <= high_decade {
        let ms = 10f64.powf(decade);
        let _ = write!(
            svg,
            "<line x1=\"{left}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left + width,
            y(ms),
            y(ms),
            left - 4.0,
            y(ms) + 4.0,
            escape(&duration(ms))
        );
        decade += 1.0;
    }
    let bottom = top + height;
    let _ = write!(
        svg,
        "<text x=\"{left}\" y=\"{:.1}\" text-anchor=\"middle\">1</text>\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{last_ply:.0}</text>\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">ply</text>",
        bottom + 14.0,
        left + width,
        bottom + 14.0,
        left + width / 2.0,
        bottom + 28.0
    );
    let polyline = |values: &mut dyn Iterator<Item = (f64, f64)>| -> String {
        values
            .map(|(ply, ms)| format!("{:.1},{:.1}", x(ply), y(ms)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let limits = polyline(&mut points.iter().filter_map(|p| p.3.map(|l| (p.0, l))));
    if !limits.is_empty() {
        let _ = write!(
            svg,
            "<polyline class=\"limit\" points=\"{limits}\" fill=\"none\" stroke=\"#d73027\" \
             stroke-width=\"1.5\" stroke-dasharray=\"6 3\"><title>limit</title></polyline>"
        );
    }
    let means = polyline(&mut points.iter().map(|p| (p.0, p.1)));
    let _ = write!(
        svg,
        "<polyline class=\"mean\" points=\"{means}\" fill=\"none\" stroke=\"#2c7fb8\" \
         stroke-width=\"2\"><title>mean</title></polyline>"
    );
    // The maxima as dots over the mean: a ply of one move has its maximum on the line.
    for (ply, _, max, _) in &points {
        let _ = write!(
            svg,
            "<circle class=\"max\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\" fill=\"#f46d43\">\
             <title>ply {ply:.0}: maximum {}</title></circle>",
            x(*ply),
            y(*max),
            escape(&duration(*max))
        );
    }
    let legend_y = bottom + 46.0;
    for (i, (name, colour, dash)) in [
        ("mean", "#2c7fb8", ""),
        ("maximum (dots)", "#f46d43", " stroke-dasharray=\"2 6\""),
        ("limit", "#d73027", " stroke-dasharray=\"6 3\""),
    ]
    .into_iter()
    .enumerate()
    {
        let at = left + 120.0 * i as f64;
        let _ = write!(
            svg,
            "<line x1=\"{at}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" \
             stroke-width=\"2\"{dash}/><text x=\"{:.1}\" y=\"{legend_y:.1}\">{name}</text>",
            at + 24.0,
            legend_y - 4.0,
            legend_y - 4.0,
            at + 28.0
        );
    }
    svg.push_str("</svg>\n");
    svg
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
