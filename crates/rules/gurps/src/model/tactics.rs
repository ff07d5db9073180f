//! The AI's tactics and knobs as plain data: which way an AI controller
//! fights, read from the controller and the scenario. The AI that acts on
//! them is [`crate::ai`]'s; the model only carries them.

use crate::model::action::Aim;
use fray_core::Controller;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Tactics named by `ai:<tactics>` controllers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tactics {
    /// Balanced: best expected injury, All-Out Attack only on helpless foes.
    Default,
    /// Prefers All-Out Attack (Determined) whenever no other foe is adjacent.
    Aggressive,
    /// Lets foes come on: a Wait (Stop Thrust with a thrusting weapon)
    /// rather than a step in, All-Out Defense when no Wait fits; strikes
    /// what is already in reach.
    Defensive,
    /// Every attack is an All-Out Attack, the variant with the best expected
    /// injury, whoever else is near: no defense in return.
    AllOut,
}

impl Tactics {
    /// Reads the tactics of a controller (unknown names are rejected at
    /// setup); `basic-<tactics>` reads as `<tactics>`, `basic` as the default.
    pub fn of(c: &Controller) -> Tactics {
        match c.tactic() {
            Some("aggressive") => Tactics::Aggressive,
            Some("defensive") => Tactics::Defensive,
            Some("all-out") => Tactics::AllOut,
            _ => Tactics::Default,
        }
    }

    /// Whether the controller asks for the first AI (`ai:basic`,
    /// `ai:basic-aggressive`, ...), kept so that the two can be compared.
    pub fn is_basic(c: &Controller) -> bool {
        c.is_basic()
    }

    /// The tactics names setup accepts.
    pub const NAMES: [&'static str; 8] = [
        "default",
        "aggressive",
        "defensive",
        "all-out",
        "basic",
        "basic-aggressive",
        "basic-defensive",
        "basic-all-out",
    ];
}

/// Where the AI aims: the location with the best expected injury, or a
/// scenario's fixed choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
#[schemars(with = "String")]
pub enum AimKnob {
    /// Weigh the torso, vitals, neck and skull (as the damage type allows) and pick the best.
    #[default]
    Best,
    /// Always this location (`"neck"`), or `"random"`; the torso where the
    /// weapon's damage type cannot target it.
    Aim(Aim),
}

/// An AI aim that is neither `"best"` nor a location (nor `"random"`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}; or \"best\"")]
pub struct UnknownAim(pub crate::model::location::UnknownLocation);

impl TryFrom<String> for AimKnob {
    type Error = UnknownAim;
    fn try_from(s: String) -> Result<Self, UnknownAim> {
        if s == "best" {
            return Ok(AimKnob::Best);
        }
        Aim::try_from(s).map(AimKnob::Aim).map_err(UnknownAim)
    }
}

impl From<AimKnob> for String {
    fn from(a: AimKnob) -> String {
        match a {
            AimKnob::Best => "best".into(),
            AimKnob::Aim(a) => a.into(),
        }
    }
}

/// Knobs that steer one AI controller, from the scenario's
/// `[combatants.ai]` table, so that two scenarios can compare tactics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Knobs {
    /// Where to aim: `"best"` (default), a location such as `"neck"`, or `"random"`.
    pub aim: AimKnob,
    /// Retreat when defending if it raises the defense (default `true`).
    pub retreat: bool,
    /// Feint a foe whose defense is high before striking it (default `true`).
    pub feint: bool,
}

impl Default for Knobs {
    fn default() -> Self {
        Knobs {
            aim: AimKnob::Best,
            retreat: true,
            feint: true,
        }
    }
}
