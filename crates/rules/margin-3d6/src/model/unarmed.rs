//! The unarmed strikes (M-UNA-001): a leaf that the sheets, the state and
//! the actions all name, so none of them needs another for it.

use serde::{Deserialize, Serialize};

/// An unarmed strike (M-UNA-001).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Unarmed {
    /// Punch: thrust - 2 crushing (M-DMG-011).
    Punch,
    /// Kick: thrust crushing.
    Kick,
    /// Bite: 1d - 4 crushing.
    Bite,
    /// Shield Bash: Shield skill, thrust crushing, +1 if spiked (M-MEL-010).
    ShieldBash,
}

impl Unarmed {
    /// Its bit in a fighter's set of strikes (`Fighter::strikes`).
    pub const fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Unarmed::Punch => "punch",
            Unarmed::Kick => "kick",
            Unarmed::Bite => "bite",
            Unarmed::ShieldBash => "shield bash",
        }
    }
}
