//! The readable rendering of a report: a header and two tables.

use crate::compare::Comparison;
use crate::report::{Rate, Rounds, SimReport};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, Table};
use std::fmt::Write;

/// The whole report as text.
pub fn render(r: &SimReport) -> String {
    let mut s = String::new();
    let title = if r.scenario.is_empty() {
        "Simulation"
    } else {
        &r.scenario
    };
    let _ = writeln!(
        s,
        "{title}: {} fights ({}, seed {})",
        r.fights, r.ruleset, r.seed
    );
    if !r.played_by_ai.is_empty() {
        let _ = writeln!(
            s,
            "Played by the AI in this simulation (human or script controllers): {}",
            r.played_by_ai.join(", ")
        );
    }
    let _ = writeln!(s, "{}", outcomes(r));
    let _ = writeln!(s, "{}", combatants(r));
    let mut per_fight = vec!["Dealt".to_string(), "taken".to_string()];
    per_fight.extend(r.counters.iter().map(|c| c.label.to_lowercase()));
    let last = per_fight.pop().unwrap_or_default();
    let _ = writeln!(
        s,
        "* mean at the end of the fights its side won. {} and {last}: mean per fight.",
        per_fight.join(", ")
    );
    s
}

/// Outcome rates and fight lengths.
fn outcomes(r: &SimReport) -> Table {
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED).set_header(vec![
        "Outcome",
        "Fights",
        "Rate",
        "95% CI",
        "Rounds: mean",
        "median",
        "p10",
        "p90",
        "max",
    ]);
    for side in &r.sides {
        t.add_row(row(
            &format!("{} wins", side.name),
            &side.wins,
            Some(&side.rounds),
        ));
    }
    t.add_row(row("Draw (nobody left)", &r.draws, None));
    t.add_row(row("Round limit", &r.round_limit, None));
    let all = Rate::of(r.fights, r.fights);
    let mut last = row("All fights", &all, Some(&r.rounds));
    last[2] = Cell::new("");
    last[3] = Cell::new("");
    t.add_row(last);
    t
}

fn row(label: &str, rate: &Rate, rounds: Option<&Rounds>) -> Vec<Cell> {
    let mut cells = vec![
        Cell::new(label),
        right(rate.count.to_string()),
        right(pct(rate.rate)),
        right(ci(rate)),
    ];
    let opt = |v: Option<u32>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
    match rounds {
        Some(k) => cells.extend([
            right(k.mean.map_or_else(|| "-".into(), |m| format!("{m:.2}"))),
            right(opt(k.median)),
            right(opt(k.p10)),
            right(opt(k.p90)),
            right(opt(k.max)),
        ]),
        None => cells.extend((0..5).map(|_| Cell::new(""))),
    }
    cells
}

/// Per-combatant figures.
fn combatants(r: &SimReport) -> Table {
    let mut t = Table::new();
    let mut header: Vec<String> = [
        "Combatant",
        "Side",
        "Survived",
        "95% CI",
        "Unconscious",
        "Killed",
    ]
    .map(String::from)
    .into();
    header.extend(r.pools.iter().map(|p| format!("{} left*", p.label)));
    header.extend(["Dealt".to_string(), "Taken".to_string()]);
    header.extend(r.counters.iter().map(|c| c.label.to_string()));
    t.load_preset(UTF8_FULL_CONDENSED).set_header(header);
    for c in &r.combatants {
        let left = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |v| format!("{v:.2}"));
        let mut row = vec![
            Cell::new(&c.name),
            Cell::new(&c.side),
            right(pct(c.survived.rate)),
            right(ci(&c.survived)),
            right(pct(c.down.rate)),
            right(pct(c.dead.rate)),
        ];
        row.extend(
            c.pools
                .iter()
                .map(|p| right(format!("{} / {}", left(p.left_when_side_wins), p.max))),
        );
        row.extend([
            right(format!("{:.2}", c.dealt_mean)),
            right(format!("{:.2}", c.taken_mean)),
        ]);
        row.extend(c.counters.iter().map(|k| right(format!("{:.3}", k.mean))));
        t.add_row(row);
    }
    t
}

/// Both reports and the differences of the win rates.
pub fn render_comparison(c: &Comparison) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "A: {}", render(&c.a));
    let _ = writeln!(s, "B: {}", render(&c.b));
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED)
        .set_header(vec!["Side wins", "A", "B", "B - A", "95% CI"]);
    for d in &c.sides {
        t.add_row(vec![
            Cell::new(&d.name),
            right(pct(d.rate_a)),
            right(pct(d.rate_b)),
            right(signed_pct(d.difference)),
            right(format!(
                "{} to {}",
                signed_pct(d.ci95[0]),
                signed_pct(d.ci95[1])
            )),
        ]);
    }
    let _ = writeln!(s, "Difference of the win rates (same seeds):\n{t}");
    let _ = writeln!(s, "Interval: {}.", c.method);
    if !c.unmatched.is_empty() {
        let _ = writeln!(
            s,
            "Sides in only one scenario (not compared): {}",
            c.unmatched.join(", ")
        );
    }
    s
}

fn right(text: impl Into<String>) -> Cell {
    Cell::new(text.into()).set_alignment(CellAlignment::Right)
}

fn pct(p: f64) -> String {
    format!("{:.2}%", p * 100.0)
}

fn signed_pct(p: f64) -> String {
    format!("{:+.2}%", p * 100.0)
}

fn ci(r: &Rate) -> String {
    format!("{:.2}-{:.2}%", r.ci95[0] * 100.0, r.ci95[1] * 100.0)
}
