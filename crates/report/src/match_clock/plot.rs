//! The SVG plot of an engine's time per move against the ply: the mean and the maximum at each
//! ply, and the least limit, on a logarithmic time axis.

use std::fmt::Write as _;

use serde_json::Value;

use super::{duration, escape, number};

/// Time per move against the ply: the mean and the maximum at each ply, and the least limit,
/// on a logarithmic time axis.
pub(super) fn plot(label: &str, engine: &Value) -> String {
    let points = points(engine);
    let axes = Axes::fit(&points);
    let mut svg = axes.frame(label);
    axes.time_axis(&mut svg);
    axes.ply_axis(&mut svg);
    axes.limit_and_mean(&points, &mut svg);
    axes.maxima(&points, &mut svg);
    axes.legend(&mut svg);
    svg.push_str("</svg>\n");
    svg
}

/// A ply of the `by_ply` list: its number, mean and maximum time, and least limit if any.
struct Point {
    ply: f64,
    mean: f64,
    max: f64,
    limit: Option<f64>,
}

/// The plies whose number, mean and maximum are numbers.
fn points(engine: &Value) -> Vec<Point> {
    engine["by_ply"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| Point {
            ply: number(p, "ply"),
            mean: number(p, "mean_ms"),
            max: number(p, "max_ms"),
            limit: p.get("limit_ms").and_then(Value::as_f64),
        })
        .filter(|p| p.ply.is_finite() && p.mean.is_finite() && p.max.is_finite())
        .collect()
}

/// The plot area (`left`, `top`, `width`, `height` in pixels) and what it spans: plies 1 to
/// `last_ply` across, whole decades of milliseconds from `low_decade` to `high_decade` up.
struct Axes {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    last_ply: f64,
    low_decade: f64,
    high_decade: f64,
}

impl Axes {
    /// The axes that hold every positive time and limit of `points`: at least the decade from
    /// 1 ms up, and one decade.
    fn fit(points: &[Point]) -> Self {
        let last_ply = points.iter().map(|p| p.ply).fold(1.0, f64::max);
        let values = points
            .iter()
            .flat_map(|p| [p.mean, p.max].into_iter().chain(p.limit))
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
        Self {
            left: 64.0,
            top: 12.0,
            width: 560.0,
            height: 220.0,
            last_ply,
            low_decade,
            high_decade,
        }
    }

    fn x(&self, ply: f64) -> f64 {
        self.left + self.width * (ply - 1.0) / (self.last_ply - 1.0).max(1.0)
    }

    /// A time below the lowest decade is drawn on it.
    fn y(&self, ms: f64) -> f64 {
        let decade = ms.max(10f64.powf(self.low_decade)).log10();
        self.top + self.height * (self.high_decade - decade) / (self.high_decade - self.low_decade)
    }

    fn bottom(&self) -> f64 {
        self.top + self.height
    }

    /// The SVG element, left open, with its title and the plot area's background.
    fn frame(&self, label: &str) -> String {
        let Self {
            left,
            top,
            width,
            height,
            ..
        } = *self;
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot clock\" width=\"{:.0}\" \
             height=\"{:.0}\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\
             <title>{}: time per move against the ply</title>\
             <rect x=\"{left}\" y=\"{top}\" width=\"{width}\" height=\"{height}\" fill=\"#fafafa\" \
             stroke=\"#999\"/>",
            left + width + 20.0,
            top + height + 56.0,
            escape(label)
        )
    }

    /// A grid line and a label at each decade of the time axis.
    fn time_axis(&self, svg: &mut String) {
        let Self { left, width, .. } = *self;
        let mut decade = self.low_decade;
        while decade <= self.high_decade {
            let ms = 10f64.powf(decade);
            let _ = write!(
                svg,
                "<line x1=\"{left}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
                left + width,
                self.y(ms),
                self.y(ms),
                left - 4.0,
                self.y(ms) + 4.0,
                escape(&duration(ms))
            );
            decade += 1.0;
        }
    }

    /// The first and the last ply under the plot, and the axis' name.
    fn ply_axis(&self, svg: &mut String) {
        let Self {
            left,
            width,
            last_ply,
            ..
        } = *self;
        let bottom = self.bottom();
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
    }

    /// The points of a polyline through `values` (ply, time).
    fn polyline(&self, values: &mut dyn Iterator<Item = (f64, f64)>) -> String {
        values
            .map(|(ply, ms)| format!("{:.1},{:.1}", self.x(ply), self.y(ms)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The limit, dashed, where any ply has one, and the mean over it.
    fn limit_and_mean(&self, points: &[Point], svg: &mut String) {
        let limits = self.polyline(&mut points.iter().filter_map(|p| p.limit.map(|l| (p.ply, l))));
        if !limits.is_empty() {
            let _ = write!(
                svg,
                "<polyline class=\"limit\" points=\"{limits}\" fill=\"none\" stroke=\"#d73027\" \
                 stroke-width=\"1.5\" stroke-dasharray=\"6 3\"><title>limit</title></polyline>"
            );
        }
        let means = self.polyline(&mut points.iter().map(|p| (p.ply, p.mean)));
        let _ = write!(
            svg,
            "<polyline class=\"mean\" points=\"{means}\" fill=\"none\" stroke=\"#2c7fb8\" \
             stroke-width=\"2\"><title>mean</title></polyline>"
        );
    }

    /// The maxima as dots over the mean: a ply of one move has its maximum on the line.
    fn maxima(&self, points: &[Point], svg: &mut String) {
        for &Point { ply, max, .. } in points {
            let _ = write!(
                svg,
                "<circle class=\"max\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\" fill=\"#f46d43\">\
                 <title>ply {ply:.0}: maximum {}</title></circle>",
                self.x(ply),
                self.y(max),
                escape(&duration(max))
            );
        }
    }

    /// A line of each style and its name, under the ply axis.
    fn legend(&self, svg: &mut String) {
        let legend_y = self.bottom() + 46.0;
        for (i, (name, colour, dash)) in [
            ("mean", "#2c7fb8", ""),
            ("maximum (dots)", "#f46d43", " stroke-dasharray=\"2 6\""),
            ("limit", "#d73027", " stroke-dasharray=\"6 3\""),
        ]
        .into_iter()
        .enumerate()
        {
            let at = self.left + 120.0 * i as f64;
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
    }
}
