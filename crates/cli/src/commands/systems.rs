//! `fray systems`: the rulesets and how much of each checklist is covered.

use crate::out::{self, Result};
use crate::registry::SYSTEMS;
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use std::io::Write;

/// Counts the coverage rows of a `docs/rules/<id>.md` table by status
/// (the column headed `Status`).
pub fn coverage(doc: &str) -> [(&'static str, usize); 4] {
    let mut counts = [("done", 0), ("partial", 0), ("decision", 0), ("planned", 0)];
    let mut column = None;
    for line in doc.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if column.is_none() {
            column = cells.iter().position(|c| c.eq_ignore_ascii_case("status"));
            continue;
        }
        if let Some(status) = column.and_then(|i| cells.get(i)) {
            for c in counts.iter_mut() {
                if status.eq_ignore_ascii_case(c.0) {
                    c.1 += 1;
                }
            }
        }
    }
    counts
}

/// Runs the command.
pub fn run() -> Result {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED).set_header(vec![
        "ruleset",
        "name",
        "status",
        "checklist coverage",
    ]);
    for s in &SYSTEMS {
        let (status, cov) = match s.coverage {
            Some(doc) if s.implemented => {
                let c = coverage(doc);
                let total: usize = c.iter().map(|x| x.1).sum();
                let parts: Vec<String> = c.iter().map(|(k, n)| format!("{n} {k}")).collect();
                (
                    "playable",
                    format!("{} of {total} IDs: {}", c[0].1 + c[2].1, parts.join(", ")),
                )
            }
            _ => ("planned", "-".to_string()),
        };
        table.add_row(vec![s.id, s.name, status, &cov]);
    }
    let mut w = out::stdout();
    out::line(&mut w, &table)?;
    out::line(&mut w, "Coverage per checklist ID: docs/rules/<ruleset>.md")?;
    w.flush()?;
    Ok(())
}
