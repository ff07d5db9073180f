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

    /// The id of the `i`-th combatant. A fight holds at most `u16::MAX`
    /// combatants (the scenario loaders refuse more), so a larger index is a
    /// bug in the caller: it saturates rather than wraps onto a real figure.
    #[inline]
    pub fn of_index(i: usize) -> CombatantId {
        CombatantId(u16::try_from(i).unwrap_or(u16::MAX))
    }

    /// The ids of a fight of `count` combatants, in order.
    pub fn all(count: usize) -> impl Iterator<Item = CombatantId> + Clone {
        (0..count).map(CombatantId::of_index)
    }
}

impl fmt::Display for CombatantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// `text` with every combatant id as it displays (`#1`) replaced by the
/// name `name_of` gives it; an id it gives no name stays as it is. For
/// front ends and menus that show a ruleset's words to people.
pub fn with_names<'a>(text: &str, name_of: impl Fn(CombatantId) -> Option<&'a str>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('#') {
        out.push_str(&rest[..at]);
        let digits = rest[at + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - at - 1);
        let name = rest[at + 1..at + 1 + digits]
            .parse::<u16>()
            .ok()
            .and_then(|n| name_of(CombatantId(n)));
        match name {
            Some(name) => out.push_str(name),
            None => out.push_str(&rest[at..at + 1 + digits]),
        }
        rest = &rest[at + 1 + digits..];
    }
    out.push_str(rest);
    out
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
