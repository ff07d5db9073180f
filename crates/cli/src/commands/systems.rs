//! `fray systems`: the rulesets and how much of each checklist is covered.

use crate::commands::play::prompt::inline;
use crate::out::{self, Result};
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use fray_core::Ruleset;
use fray_session::registry::{REGISTERED, planned, unsupported};
use fray_session::with_ruleset;
use serde_json::json;
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

/// Arguments of `fray systems`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Machine-readable JSON: each ruleset's status, pools, counters and
    /// action examples (how they read once parsed).
    #[arg(long)]
    pub json: bool,
}

/// "12 of 252 IDs: 10 done, 0 partial, 2 decision, 240 planned".
fn coverage_line(doc: &str) -> String {
    let c = coverage(doc);
    let total: usize = c.iter().map(|x| x.1).sum();
    let parts: Vec<String> = c.iter().map(|(k, n)| format!("{n} {k}")).collect();
    format!("{} of {total} IDs: {}", c[0].1 + c[2].1, parts.join(", "))
}

/// A registered ruleset in JSON: its declarations, and each action example
/// parsed as its actions and shown as it reads (an example that does not
/// parse is an error: help texts would mislead).
fn describe<R: Ruleset>(coverage: &str) -> std::result::Result<serde_json::Value, String> {
    let actions = R::ACTION_EXAMPLES
        .iter()
        .map(|text| {
            inline::<R::Action>(text)
                .map(|a| json!({"toml": text, "reads": a.to_string()}))
                .map_err(|e| format!("{}: the action example `{text}` does not parse: {e}", R::ID))
        })
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(json!({
        "id": R::ID,
        "name": R::NAME,
        "status": "playable",
        "coverage": coverage_line(coverage),
        "pools": R::POOLS,
        "counters": R::COUNTERS,
        "action_examples": actions,
    }))
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let mut w = out::stdout();
    if args.json {
        let mut all = Vec::new();
        for r in REGISTERED {
            let doc = with_ruleset!(r.id, R => describe::<R>(r.coverage),
                other => Err(unsupported(other)));
            all.push(doc.map_err(out::message)?);
        }
        all.extend(planned().map(|p| json!({"id": p.id, "name": p.name, "status": "planned"})));
        out::line(&mut w, serde_json::Value::Array(all))?;
        w.flush()?;
        return Ok(());
    }
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED).set_header(vec![
        "ruleset",
        "name",
        "status",
        "checklist coverage",
    ]);
    for r in REGISTERED {
        table.add_row(vec![r.id, r.name, "playable", &coverage_line(r.coverage)]);
    }
    for p in planned() {
        table.add_row(vec![p.id, p.name, "planned", "-"]);
    }
    out::line(&mut w, &table)?;
    out::line(&mut w, "Coverage per checklist ID: docs/rules/<ruleset>.md")?;
    w.flush()?;
    Ok(())
}
