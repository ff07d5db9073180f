//! CSV output: one row per combatant, with its side's win rate repeated on
//! each row so a spreadsheet needs no join. The pool and counter columns
//! are the ruleset's (`hp_max`, `fp_left_when_side_wins`, `knockdowns_mean`).

use crate::report::SimReport;
use fray_core::{CounterSpec, PoolSpec};
use std::io::Write;

/// The columns before the pools, in order.
pub const LEADING: [&str; 15] = [
    "scenario",
    "seed",
    "fights",
    "combatant",
    "side",
    "side_wins",
    "side_win_rate",
    "side_win_ci95_lo",
    "side_win_ci95_hi",
    "survived",
    "survival_rate",
    "survival_ci95_lo",
    "survival_ci95_hi",
    "unconscious",
    "killed",
];

/// Column names for a ruleset's pools and counters: the leading columns,
/// then per pool `<id>_max` and `<id>_left_when_side_wins`, `dealt_mean`,
/// `taken_mean`, per counter `<id>_mean`, and `draws`.
pub fn header(pools: &[PoolSpec], counters: &[CounterSpec]) -> Vec<String> {
    let mut h: Vec<String> = LEADING.iter().map(|c| c.to_string()).collect();
    for p in pools {
        h.push(format!("{}_max", p.id));
        h.push(format!("{}_left_when_side_wins", p.id));
    }
    h.extend(["dealt_mean".to_string(), "taken_mean".to_string()]);
    h.extend(counters.iter().map(|c| format!("{}_mean", c.id)));
    h.push("draws".to_string());
    h
}

/// Writes the header and one row per combatant of each report (the
/// reports are of one ruleset: the first one's columns head the file).
pub fn write(out: impl Write, reports: &[&SimReport]) -> Result<(), ::csv::Error> {
    let mut w = ::csv::Writer::from_writer(out);
    let (pools, counters) = reports
        .first()
        .map_or((&[][..], &[][..]), |r| (r.pools, r.counters));
    w.write_record(header(pools, counters))?;
    for r in reports {
        for c in &r.combatants {
            let side = r.sides.iter().find(|s| s.name == c.side);
            let opt = |v: Option<f64>| v.map_or_else(String::new, |v| v.to_string());
            let mut fields: Vec<String> = vec![
                r.scenario.clone(),
                r.seed.to_string(),
                r.fights.to_string(),
                c.name.clone(),
                c.side.clone(),
                side.map_or_else(String::new, |s| s.wins.count.to_string()),
                side.map_or_else(String::new, |s| s.wins.rate.to_string()),
                side.map_or_else(String::new, |s| s.wins.ci95[0].to_string()),
                side.map_or_else(String::new, |s| s.wins.ci95[1].to_string()),
                c.survived.count.to_string(),
                c.survived.rate.to_string(),
                c.survived.ci95[0].to_string(),
                c.survived.ci95[1].to_string(),
                c.down.count.to_string(),
                c.dead.count.to_string(),
            ];
            for p in &c.pools {
                fields.push(p.max.to_string());
                fields.push(opt(p.left_when_side_wins));
            }
            fields.push(c.dealt_mean.to_string());
            fields.push(c.taken_mean.to_string());
            fields.extend(c.counters.iter().map(|k| k.mean.to_string()));
            fields.push(r.draws.count.to_string());
            w.write_record(&fields)?;
        }
    }
    w.flush()?;
    Ok(())
}
