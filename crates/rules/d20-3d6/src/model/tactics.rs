//! The AI's tactics as plain data, read from `ai:<tactics>` controllers.
//! `ai:basic` (`ai:basic-aggressive`, `ai:basic-defensive`) asks for the
//! first AI, kept so that the two can be compared; every other name plays
//! the seasoned AI ([`crate::ai`]).

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
    /// The tactics of a controller; `basic-<tactics>` reads as
    /// `<tactics>`, `basic` as the default.
    pub fn of(c: &Controller) -> Tactics {
        match c.tactic() {
            Some("aggressive") => Tactics::Aggressive,
            Some("defensive") => Tactics::Defensive,
            _ => Tactics::Default,
        }
    }

    /// Whether the controller asks for the first AI (`ai:basic`,
    /// `ai:basic-aggressive`, `ai:basic-defensive`).
    pub fn is_basic(c: &Controller) -> bool {
        c.is_basic()
    }

    /// The names setup accepts.
    pub const NAMES: [&'static str; 6] = fray_core::controller::STANDARD_TACTICS;
}
