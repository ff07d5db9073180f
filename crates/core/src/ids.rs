//! Small copyable identifiers for combatants and sides.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A combatant, by its position in the scenario's list (0-based).
///
/// Indices keep the hot path free of string lookups; files and narration use
/// names, which the ruleset's state maps to and from these ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CombatantId(pub u16);

impl CombatantId {
    /// The index into the ruleset's combatant list.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for CombatantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A side (team), by its position in the scenario's list of sides.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct SideId(pub u8);

impl SideId {
    /// The index into the scenario's side list.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}
