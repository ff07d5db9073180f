//! What a combatant declares (maneuvers), and the questions and answers of
//! the defender's side.

use crate::location::Location;
use crate::state::{DefenseKind, Posture};
use fray_core::CombatantId;
use fray_core::grid::{Facing, HexPos};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A step taken as part of a maneuver (G-TAC-003): to an adjacent hex
/// and/or a new facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The hex to step into (adjacent), or stay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<HexPos>,
    /// The facing after the step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<Facing>,
}

/// One melee attack: with what, at whom, where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strike {
    /// The target, numbered from 0 in scenario order.
    pub target: CombatantId,
    /// Index of the weapon on the sheet (0 = first).
    #[serde(default)]
    pub weapon: u8,
    /// Index of the attack mode (0 = the weapon's first, G-TURN-003).
    #[serde(default)]
    pub mode: u8,
    /// Where the blow is aimed: the torso when left out (G-TURN-003), a
    /// location name, or `"random"` to roll it on 3d (G-LOC-001).
    #[serde(default, skip_serializing_if = "Aim::is_torso")]
    pub location: Aim,
}

/// Where a strike is aimed (G-TURN-003, G-LOC-001, G-LOC-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Aim {
    /// Roll the location on 3d after the hit (G-LOC-001), written `"random"`.
    Random,
    /// A chosen location, written by name (`"neck"`, `"right_arm"`).
    At(Location),
}

impl Default for Aim {
    /// G-TURN-003: an attack that names no location targets the torso.
    fn default() -> Self {
        Aim::At(Location::Torso)
    }
}

impl Aim {
    /// The chosen location, `None` for a random roll.
    pub fn location(self) -> Option<Location> {
        match self {
            Aim::Random => None,
            Aim::At(l) => Some(l),
        }
    }
    /// Whether this is the default aim (the torso), left out when saved.
    pub fn is_torso(&self) -> bool {
        *self == Aim::At(Location::Torso)
    }
}

impl TryFrom<String> for Aim {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        if s == "random" {
            return Ok(Aim::Random);
        }
        s.parse::<Location>().map(Aim::At)
    }
}

impl From<Aim> for String {
    fn from(a: Aim) -> String {
        match a {
            Aim::Random => "random".into(),
            Aim::At(l) => l.key(),
        }
    }
}

/// All-Out Attack variants (G-AOA-001..004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AllOutVariant {
    /// +4 to hit (G-AOA-001).
    Determined,
    /// +2 damage or +1 per die (G-AOA-002).
    Strong,
    /// Two attacks on one foe (G-AOA-003).
    Double,
    /// A free Feint, then the attack (G-AOA-004).
    Feint,
}

/// All-Out Defense variants (G-AOD-001, G-AOD-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenseVariant {
    /// +2 to one defense.
    Increased(DefenseKind),
    /// A second, different defense when the first fails.
    Double,
}

/// A maneuver (G-TURN-001).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Attack (G-MATK-001): one attack, a step before it.
    Attack {
        /// The attack.
        strike: Strike,
        /// A step before attacking.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<Step>,
    },
    /// All-Out Attack (G-AOA-001..006): half Move forward before the attack(s).
    AllOutAttack {
        /// Which bonus.
        variant: AllOutVariant,
        /// The attack (both attacks of Double use the same strike).
        strike: Strike,
        /// Hexes to move straight ahead first: at most half Move, forward
        /// only, no facing change (G-AOA-005).
        #[serde(default)]
        advance: u8,
    },
    /// All-Out Defense (G-AOD-001..003).
    AllOutDefense {
        /// Which variant.
        variant: DefenseVariant,
        /// A step.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<Step>,
    },
    /// Feint (G-FNT-001..003): a Quick Contest; the margin comes off the foe's next defense.
    Feint {
        /// The foe.
        target: CombatantId,
        /// The weapon feinted with.
        #[serde(default)]
        weapon: u8,
        /// A step first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<Step>,
    },
    /// Move (G-MOV-001): full movement points along a path.
    Move {
        /// Where to end up.
        to: HexPos,
        /// The facing to end with (G-TAC-008 limits it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        face: Option<Facing>,
        /// The hexes entered, in order, ending with `to`; left out, the
        /// cheapest route is taken.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        path: Vec<HexPos>,
    },
    /// Change Posture (G-CPO-001).
    ChangePosture {
        /// The new posture.
        to: Posture,
    },
    /// Ready (G-RDY-001): ready a weapon in hand or pick it up from the ground here.
    Ready {
        /// Index of the weapon.
        weapon: u8,
    },
    /// Ready (G-RDY-001) the shield again, after a critically failed block
    /// lost its grip (G-EXT-011).
    ReadyShield,
    /// Do Nothing (G-DON-001).
    DoNothing,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Attack { strike, .. } => write!(f, "Attack {strike}"),
            Action::AllOutAttack {
                variant, strike, ..
            } => write!(f, "All-Out Attack ({variant:?}) {strike}"),
            Action::AllOutDefense { variant, .. } => write!(f, "All-Out Defense ({variant:?})"),
            Action::Feint { target, .. } => write!(f, "Feint {target}"),
            Action::Move { to, .. } => write!(f, "Move to {to}"),
            Action::ChangePosture { to } => write!(f, "Change Posture to {}", to.name()),
            Action::Ready { weapon } => write!(f, "Ready weapon {weapon}"),
            Action::ReadyShield => f.write_str("Ready shield"),
            Action::DoNothing => f.write_str("Do Nothing"),
        }
    }
}

/// `#1`, then the weapon and attack mode when not the first ones and the
/// aim when not the torso, so that menu entries for one foe differ.
impl fmt::Display for Strike {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.target)?;
        if self.weapon != 0 || self.mode != 0 {
            write!(f, " (weapon {}, mode {})", self.weapon, self.mode)?;
        }
        if !self.location.is_torso() {
            write!(f, " at {}", String::from(self.location))?;
        }
        Ok(())
    }
}

/// One active defense the defender may choose, with its effective value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefenseOption {
    /// Dodge, Parry or Block.
    pub kind: DefenseKind,
    /// For Parry: which weapon.
    pub weapon: Option<u8>,
    /// The effective defense without retreating.
    pub value: i32,
    /// The effective defense when retreating, if retreat is allowed.
    pub with_retreat: Option<i32>,
}

/// A question to a controller.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// "Dodge, Parry or Block? Retreat?" (G-TURN-004 step 2).
    Defend {
        /// Who defends.
        defender: CombatantId,
        /// Who attacks.
        attacker: CombatantId,
        /// The attack, in words.
        attack: String,
        /// The defenses possible, with their values.
        options: Vec<DefenseOption>,
        /// Whether this is the second try of an All-Out Double Defense.
        second: bool,
    },
}

/// An answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Defend with an option, perhaps retreating.
    Defend {
        /// Dodge, Parry or Block.
        kind: DefenseKind,
        /// For Parry: which weapon.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<u8>,
        /// Retreat (G-DEF-009).
        #[serde(default)]
        retreat: bool,
    },
    /// Do not defend.
    NoDefense,
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Question::Defend {
                attack, options, ..
            } => {
                write!(f, "{attack}: defend with")?;
                for o in options {
                    write!(f, " {:?} {}", o.kind, o.value)?;
                    if let Some(r) = o.with_retreat {
                        write!(f, " ({r} retreating)")?;
                    }
                    f.write_str(",")?;
                }
                f.write_str(" or no defense?")
            }
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Defend {
                kind,
                weapon,
                retreat,
            } => {
                write!(f, "{kind:?}")?;
                if let Some(w) = weapon.filter(|&w| w != 0) {
                    write!(f, " (weapon {w})")?;
                }
                if *retreat {
                    f.write_str(" and retreat")?;
                }
                Ok(())
            }
            Answer::NoDefense => f.write_str("no defense"),
        }
    }
}
