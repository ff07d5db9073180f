//! Helpers shared by the test modules.

use fray_sim::report::{CombatantReport, PoolReport};

/// The pool labelled `label` of a combatant's report.
pub fn pool<'a>(c: &'a CombatantReport, label: &str) -> &'a PoolReport {
    c.pools
        .iter()
        .find(|p| p.label == label)
        .unwrap_or_else(|| panic!("{} has no {label} pool: {c:?}", c.name))
}
