//! An SVG histogram of fight length, one bar colour per winning side.
//!
//! Plotters' SVG backend writes `<text>` elements and lets the viewer pick
//! the font; without the `ttf`/`ab_glyph` features it lays labels out with
//! a built-in width estimate, so no system library and no font file is
//! needed to draw.

use crate::report::SimReport;
use plotters::prelude::*;

/// Picture size in pixels.
const SIZE: (u32, u32) = (960, 540);

/// The plot as an SVG document.
pub fn svg(r: &SimReport) -> Result<String, String> {
    let mut out = String::new();
    draw(r, &mut out).map_err(|e| format!("cannot draw the plot: {e}"))?;
    Ok(out)
}

fn draw(r: &SimReport, out: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let sides: Vec<_> = r.sides.iter().filter(|s| s.wins.count > 0).collect();
    let max_round = sides
        .iter()
        .filter_map(|s| s.rounds.max)
        .max()
        .unwrap_or(1)
        .max(1);
    let max_count = sides
        .iter()
        .flat_map(|s| s.rounds.histogram.iter().map(|[_, c]| *c))
        .max()
        .unwrap_or(1)
        .max(1);
    let root = SVGBackend::with_string(out, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let title = if r.scenario.is_empty() {
        "Fight length by winner".to_string()
    } else {
        format!("{}: fight length by winner", r.scenario)
    };
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(
            0.5f64..f64::from(max_round) + 0.5,
            0f64..max_count as f64 * 1.08,
        )?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(format!("rounds ({} fights, seed {})", r.fights, r.seed))
        .y_desc("fights")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    let width = 0.9 / sides.len().max(1) as f64;
    for (k, side) in sides.iter().enumerate() {
        let colour = Palette99::pick(k).to_rgba();
        let offset = -0.45 + k as f64 * width;
        chart
            .draw_series(side.rounds.histogram.iter().map(|&[v, c]| {
                let x = v as f64 + offset;
                Rectangle::new([(x, 0.0), (x + width, c as f64)], colour.filled())
            }))?
            .label(format!(
                "{} wins ({:.1}%)",
                side.name,
                side.wins.rate * 100.0
            ))
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour.filled()));
    }
    if !sides.is_empty() {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}
