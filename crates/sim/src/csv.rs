//! CSV output: one row per combatant, with its side's win rate repeated on
//! each row so a spreadsheet needs no join.

use crate::report::SimReport;
use std::io::Write;

/// Column names, in order.
pub const HEADER: [&str; 23] = [
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
    "health_max",
    "health_left_when_side_wins",
    "stamina_left_when_side_wins",
    "dealt_mean",
    "taken_mean",
    "knockdowns_mean",
    "stuns_mean",
    "draws",
];

/// Writes the header and one row per combatant of each report.
pub fn write(out: impl Write, reports: &[&SimReport]) -> Result<(), ::csv::Error> {
    let mut w = ::csv::Writer::from_writer(out);
    w.write_record(HEADER)?;
    for r in reports {
        for c in &r.combatants {
            let side = r.sides.iter().find(|s| s.name == c.side);
            let opt = |v: Option<f64>| v.map_or_else(String::new, |v| v.to_string());
            let fields: [String; 23] = [
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
                c.health_max.to_string(),
                opt(c.health_left_when_side_wins),
                opt(c.stamina_left_when_side_wins),
                c.dealt_mean.to_string(),
                c.taken_mean.to_string(),
                c.knockdowns_mean.to_string(),
                c.stuns_mean.to_string(),
                r.draws.count.to_string(),
            ];
            w.write_record(&fields)?;
        }
    }
    w.flush()?;
    Ok(())
}
