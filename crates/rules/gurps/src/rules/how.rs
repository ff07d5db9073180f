//! How a strike is made (the maneuver around it, any trade for a second
//! strike): a leaf, so that the attack, ranged and strike rules all name
//! it without naming each other.

use crate::model::action::AllOutVariant;

/// How a strike is made: the maneuver around it and any trade for a
/// second strike. It sets the to-hit modifiers and which options are allowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct How {
    /// All-Out Attack, and which variant.
    pub all_out: Option<AllOutVariant>,
    /// Move and Attack; `Some(true)` with Heroic Charge (G-EFF-003).
    pub move_and_attack: Option<bool>,
    /// One strike of a Rapid Strike or a Dual-Weapon Attack.
    pub multi: Option<Multi>,
}

impl How {
    /// A plain Attack maneuver.
    pub const ATTACK: How = How {
        all_out: None,
        move_and_attack: None,
        multi: None,
    };

    /// An All-Out Attack.
    pub fn all_out(variant: AllOutVariant) -> How {
        How {
            all_out: Some(variant),
            ..How::ATTACK
        }
    }
}

/// A strike traded for two (G-ATK-004..007).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Multi {
    /// One of the two Rapid Strike attacks; `flurry`: Flurry of Blows (G-EFF-006).
    Rapid {
        /// Flurry of Blows halves the penalty.
        flurry: bool,
    },
    /// The main-hand strike of a Dual-Weapon Attack.
    DualMain {
        /// Both strikes at one foe, who defends at -1 (G-ATK-005).
        same_target: bool,
    },
    /// The off-hand strike of a Dual-Weapon Attack.
    DualOff {
        /// Both strikes at one foe.
        same_target: bool,
    },
}
