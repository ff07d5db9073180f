//! The AI's tactics as plain data, read from `ai:<tactics>` controllers.

use fray_core::Controller;

/// Tactics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tactics {
    /// Move in and attack, charge from afar, Total Defense when outmatched.
    #[default]
    Default,
    /// Never defends: every action attacks or closes in.
    Aggressive,
    /// Holds its ground: Prepared Defense rather than stepping in.
    Defensive,
}

impl Tactics {
    /// The tactics of a controller.
    pub fn of(c: &Controller) -> Tactics {
        match c.tactics() {
            Some("aggressive") => Tactics::Aggressive,
            Some("defensive") => Tactics::Defensive,
            _ => Tactics::Default,
        }
    }
    /// The names setup accepts.
    pub const NAMES: [&'static str; 3] = ["default", "aggressive", "defensive"];
}
