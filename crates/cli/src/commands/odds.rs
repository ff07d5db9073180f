//! `fray odds EXPR`: the exact distribution of a dice expression.

use crate::out::{self, Result};
use comfy_table::{Cell, CellAlignment, Table, presets::UTF8_FULL_CONDENSED};
use fray_core::dice::{DistOptions, Expr, Prob, prob_f64};
use serde_json::json;
use std::io::Write;

/// Arguments of `fray odds`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The dice expression, e.g. `3d6`, `4d6kh3`, `10d10!kh5`.
    pub expr: String,
    /// Machine-readable JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

const BAR_WIDTH: f64 = 40.0;

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let expr = Expr::parse(&args.expr).map_err(|e| super::dice_error(&args.expr, e))?;
    let pmf = expr
        .distribution(&DistOptions::default())
        .map_err(|e| super::dice_error(&args.expr, e))?;
    let rows: Vec<(i64, Prob, Prob, Prob)> = pmf
        .iter()
        .map(|(v, p)| (v, p, pmf.p_le(v), pmf.p_ge(v)))
        .collect();
    let mean = pmf.mean();
    let leftover = pmf.leftover();
    let mut w = out::stdout();
    if args.json {
        let table: Vec<_> = rows
            .iter()
            .map(|(v, eq, le, ge)| {
                json!({
                    "value": v,
                    "p_eq": eq.to_string(), "p_le": le.to_string(), "p_ge": ge.to_string(),
                    "p_eq_f64": prob_f64(eq), "p_le_f64": prob_f64(le), "p_ge_f64": prob_f64(ge),
                })
            })
            .collect();
        let doc = json!({
            "expression": args.expr,
            "distribution": table,
            "mean": mean.to_string(),
            "mean_f64": pmf.mean_f64(),
            "std_dev": pmf.std_dev(),
            "leftover": leftover.to_string(),
            "leftover_f64": prob_f64(&leftover),
        });
        out::line(&mut w, doc)?;
        w.flush()?;
        return Ok(());
    }
    let peak = rows.iter().map(|r| prob_f64(&r.1)).fold(0.0, f64::max);
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED).set_header(vec![
        "value",
        "P(=) exact",
        "P(=)",
        "P(<=)",
        "P(>=)",
        "",
    ]);
    for (v, eq, le, ge) in &rows {
        let bar_len = if peak > 0.0 {
            (prob_f64(eq) / peak * BAR_WIDTH).round() as usize
        } else {
            0
        };
        table.add_row(vec![
            Cell::new(v).set_alignment(CellAlignment::Right),
            Cell::new(eq.to_string()).set_alignment(CellAlignment::Right),
            Cell::new(format!("{:.6}", prob_f64(eq))).set_alignment(CellAlignment::Right),
            Cell::new(format!("{:.6}", prob_f64(le))).set_alignment(CellAlignment::Right),
            Cell::new(format!("{:.6}", prob_f64(ge))).set_alignment(CellAlignment::Right),
            Cell::new("█".repeat(bar_len)),
        ]);
    }
    out::line(
        &mut w,
        format_args!(
            "{}: exact distribution over {} values",
            args.expr,
            rows.len()
        ),
    )?;
    out::line(&mut w, &table)?;
    out::line(
        &mut w,
        format_args!(
            "mean {} = {:.6}, standard deviation {:.6}",
            mean,
            pmf.mean_f64(),
            pmf.std_dev()
        ),
    )?;
    if prob_f64(&leftover) > 0.0 || leftover.to_string() != "0" {
        out::line(
            &mut w,
            format_args!(
                "explosions truncated: probability {} ({:.3e}) lies beyond the last value shown",
                leftover,
                prob_f64(&leftover)
            ),
        )?;
    }
    w.flush()?;
    Ok(())
}
