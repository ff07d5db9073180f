//! What a combatant declares (maneuvers, M-MIS, M-MEL, M-UNA, M-AOD), and
//! the defender's question and answer (M-DEF-012).

use crate::model::location::Location;
use crate::model::state::{AodKind, Posture, Watch};
pub use crate::model::unarmed::Unarmed;
use fray_core::CombatantId;
use fray_core::grid::{Facing, HexPos};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One attack: at whom, with what, where (M-DMG-008: the mode is chosen
/// before the roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strike {
    /// The target, numbered from 0 in scenario order.
    pub target: CombatantId,
    /// Index of the weapon on the sheet.
    #[serde(default)]
    pub weapon: u8,
    /// Index of the weapon's attack mode.
    #[serde(default)]
    pub mode: u8,
    /// An unarmed strike instead of the weapon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unarmed: Option<Unarmed>,
    /// A called shot (M-LOC-001); the torso when left out (M-LOC-003).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    /// A move before the attack: up to ½ MV (M-MEL-001), one hex for
    /// missiles (M-MIS-001) and unarmed strikes (M-UNA-001).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<HexPos>,
}

impl Strike {
    /// A plain strike with the first weapon's first mode.
    pub fn at(target: CombatantId) -> Strike {
        Strike {
            target,
            weapon: 0,
            mode: 0,
            unarmed: None,
            location: None,
            to: None,
        }
    }

    /// The same with another weapon and mode.
    pub fn with(self, weapon: u8, mode: u8) -> Strike {
        Strike {
            weapon,
            mode,
            ..self
        }
    }
}

/// The bonus an All-Out Attack takes (M-MEL-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AllOut {
    /// +4 to skill.
    Skill,
    /// +2 damage.
    Damage,
}

impl AllOut {
    /// Its words.
    pub const fn name(self) -> &'static str {
        match self {
            AllOut::Skill => "+4 to hit",
            AllOut::Damage => "+2 damage",
        }
    }
}

/// The option of an All-Out Charge (M-MEL-009).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeOption {
    /// (a) One attack at -1.
    Attack,
    /// (b) One attack at -3 for +2 damage.
    Strong,
    /// (c) One attack at -3, then a slam.
    AttackSlam,
    /// (d) A feint at -3, then a slam.
    FeintSlam,
}

impl ChargeOption {
    /// Its words.
    pub const fn name(self) -> &'static str {
        match self {
            ChargeOption::Attack => "an attack at -1",
            ChargeOption::Strong => "an attack at -3 for +2 damage",
            ChargeOption::AttackSlam => "an attack at -3, then a slam",
            ChargeOption::FeintSlam => "a feint at -3, then a slam",
        }
    }
}

/// A maneuver.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Nothing this round (a turn in place, M-FLO-006).
    DoNothing,
    /// Move up to full MV (M-AOD-006).
    Move {
        /// Where to.
        to: HexPos,
        /// The facing at the end (free at the end, M-FLO-006).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        face: Option<Facing>,
        /// Swerving (1, at most ½ MV) or heavy evasion (2, at most 1 hex) (M-RNG-007).
        #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
        evade: u8,
        /// One missile shot on the move, at the end of it (M-PAT-003, M-AOD-006).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shoot: Option<Strike>,
        /// One Wild Swing on the move (M-MEL-003, M-AOD-006): made from the
        /// strike's `to`, a hex the move passes through (the move goes
        /// there, swings, then on to `to`); at -5 or the darkness, at any
        /// arc, no hit location. Not with `shoot`: one attack on the move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        swing: Option<Strike>,
    },
    /// Wild Swing: at a side or rear hex, or at the end of a full move (M-MEL-003).
    WildSwing(Strike),
    /// Two-Weapon Attack: one attack with each of two weapons at one foe
    /// (M-MEL-004/005, M-ROA-007).
    TwoWeaponAttack {
        /// The foe.
        target: CombatantId,
        /// The main-hand weapon.
        first: u8,
        /// The off-hand weapon.
        second: u8,
    },
    /// All-Out Charge: full MV, then the option (M-MEL-008/009).
    AllOutCharge {
        /// The attack, with the hex it charges to.
        strike: Strike,
        /// The option.
        option: ChargeOption,
    },
    /// Pop-Up Attack: step out of cover and shoot at -2 (M-MIS-004).
    PopUp(Strike),
    /// Slam on reaching the foe (M-UNA-003..005).
    Slam {
        /// The foe.
        target: CombatantId,
        /// The hex it moves to, next to the foe.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<HexPos>,
    },
    /// Grapple (M-UNA-006): seize, then bring down, then pin.
    Grapple {
        /// The foe.
        target: CombatantId,
        /// With both hands: +3.
        #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
        two_hands: bool,
        /// With the foe already held and standing, the ST contest wrests
        /// its weapon away instead of bringing it down (M-UNA-006).
        #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
        wrest: bool,
    },
    /// Takedown of a grappled, standing foe (M-UNA-007).
    Takedown {
        /// The foe.
        target: CombatantId,
    },
    /// Flying Tackle: full MV + 1 (M-UNA-008..010).
    FlyingTackle {
        /// The foe.
        target: CombatantId,
        /// The hex it ends next to the foe.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<HexPos>,
    },
    /// Break Free from a grapple (M-UNA-011/012).
    BreakFree {
        /// The free step of 1 hex, in any direction, taken at once if the
        /// figure breaks free (M-UNA-012).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<HexPos>,
    },
    /// Wait: strike the first foe that comes within reach (M-MEL-011).
    Wait {
        /// The weapon.
        #[serde(default)]
        weapon: u8,
        /// Its mode.
        #[serde(default)]
        mode: u8,
        /// The move of up to 1 hex before waiting (M-MEL-011).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<HexPos>,
        /// The trigger hexes, each within reach of the waiting hex (at
        /// most [`MAX_TRIGGERS`]); every hex in reach when empty (M-MEL-011).
        /// Empty costs no allocation, so the AI's Wait stays allocation-free.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        hexes: Vec<HexPos>,
    },
    /// Opportunity Fire: shoot the first figure entering the area (M-MIS-005/006).
    OpportunityFire {
        /// The missile weapon.
        #[serde(default)]
        weapon: u8,
        /// The area watched.
        watch: Watch,
        /// Roll PER to tell friend from foe, at a further -2 (M-MIS-006).
        #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
        confirm: bool,
    },
    /// Attack (M-MEL-001, M-MIS-001, M-UNA-001).
    Attack(Strike),
    /// All-Out Attack (M-MEL-002).
    AllOutAttack {
        /// The attack.
        strike: Strike,
        /// +4 to hit or +2 damage.
        bonus: AllOut,
    },
    /// Ranged Rapid Attack (M-MIS-002/003, M-ROA-005/006).
    RapidAttack(Strike),
    /// Feint (M-MEL-006/007).
    Feint {
        /// At whom.
        target: CombatantId,
        /// With which weapon.
        #[serde(default)]
        weapon: u8,
    },
    /// All-Out Defense (M-AOD-001/002/004).
    AllOutDefense {
        /// Which option.
        kind: AodKind,
        /// The foe of Single Foe Defense.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        foe: Option<CombatantId>,
    },
    /// Retreat (M-AOD-005).
    Retreat,
    /// Aim a missile weapon (M-MIS-007/008).
    Aim {
        /// At whom.
        target: CombatantId,
        /// With which weapon.
        #[serde(default)]
        weapon: u8,
        /// The move of up to ½ MV before a first round of aim (M-MIS-007).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<HexPos>,
    },
    /// Reload (M-MIS-009).
    Reload {
        /// Which weapon.
        #[serde(default)]
        weapon: u8,
    },
    /// Ready a weapon (M-MEL-012).
    ReadyWeapon {
        /// Which weapon.
        #[serde(default)]
        weapon: u8,
        /// The step of up to 1 hex with it (M-MEL-012).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<HexPos>,
    },
    /// Ready the shield (M-MEL-013, M-DEF-007).
    ReadyShield,
    /// Change posture (stand up after a fall, kneel; M-PAT-001, M-PDF-005).
    ChangePosture {
        /// The new posture.
        to: Posture,
    },
}

/// The most trigger hexes a Wait names (M-MEL-011): every hex within
/// reach 3 of the waiting hex, itself excepted.
pub const MAX_TRIGGERS: usize = 36;

/// An active defense (M-DEF).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenseKind {
    /// Dodge (M-DEF-008/009).
    Dodge,
    /// Parry (M-DEF-001..004).
    Parry,
    /// Block (M-DEF-005..007).
    Block,
    /// Acrobatic Dodge (M-DEF-010).
    AcrobaticDodge,
}

impl DefenseKind {
    /// Its name.
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            DefenseKind::Dodge => "Dodge",
            DefenseKind::Parry => "Parry",
            DefenseKind::Block => "Block",
            DefenseKind::AcrobaticDodge => "Acrobatic Dodge",
        }
    }
}

/// One defense offered, with its target number (PD included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefenseOption {
    /// The kind.
    pub kind: DefenseKind,
    /// The parrying weapon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<u8>,
    /// The target number to roll.
    pub target: i32,
}

/// The defenses one question offers: six kept inline (a dodge, a parry or
/// two, a block, an Acrobatic Dodge), more on the heap for a figure with
/// more ready weapons, each of which may parry (M-DEF-001).
pub type DefenseOptions = smallvec::SmallVec<[DefenseOption; 6]>;

/// A question for a controller.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Question {
    /// Which active defense against this attack (M-DEF-012)? Asked after
    /// the attack roll succeeds.
    Defend {
        /// Who defends.
        defender: CombatantId,
        /// Who attacks.
        attacker: CombatantId,
        /// The attack's successes (M-FLO-003).
        successes: i32,
        /// A missile attack.
        ranged: bool,
        /// The defenses allowed, with their targets.
        options: DefenseOptions,
        /// The PD the figure rolls against with no active defense (M-ARM-011).
        pd: i32,
    },
    /// An opportunity shooter that failed its PER roll: shoot at whatever
    /// entered, friend or foe (M-MIS-006)?
    Fire {
        /// The shooter.
        shooter: CombatantId,
        /// Whoever entered the area.
        target: CombatantId,
    },
}

/// An answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// This defense.
    Defend {
        /// The kind.
        kind: DefenseKind,
        /// The parrying weapon.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<u8>,
    },
    /// No active defense: only the PD roll (M-ARM-011).
    NoDefense,
    /// Shoot (true) or hold fire (M-MIS-006).
    Fire {
        /// Whether to shoot.
        fire: bool,
    },
}

fn strike_words(f: &mut fmt::Formatter<'_>, s: &Strike) -> fmt::Result {
    match s.unarmed {
        Some(u) => write!(f, "{} at {}", u.name(), s.target)?,
        None => write!(
            f,
            "at {} with weapon {} mode {}",
            s.target, s.weapon, s.mode
        )?,
    }
    if let Some(l) = s.location {
        write!(f, " ({l})")?;
    }
    if let Some(to) = s.to {
        write!(f, " from {to}")?;
    }
    Ok(())
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::DoNothing => f.write_str("Do Nothing"),
            Action::Move { to, .. } => write!(f, "Move to {to}"),
            Action::Attack(s) => {
                f.write_str("Attack ")?;
                strike_words(f, s)
            }
            Action::AllOutAttack { strike, bonus } => {
                write!(f, "All-Out Attack ({}) ", bonus.name())?;
                strike_words(f, strike)
            }
            Action::RapidAttack(s) => {
                f.write_str("Ranged Rapid Attack ")?;
                strike_words(f, s)
            }
            Action::Feint { target, weapon } => write!(f, "Feint at {target} with weapon {weapon}"),
            Action::AllOutDefense { kind, .. } => write!(f, "All-Out Defense: {}", kind.name()),
            Action::Retreat => f.write_str("Retreat"),
            Action::Aim { target, weapon, .. } => write!(f, "Aim weapon {weapon} at {target}"),
            Action::Reload { weapon } => write!(f, "Reload weapon {weapon}"),
            Action::ReadyWeapon { weapon, .. } => write!(f, "Ready weapon {weapon}"),
            Action::ReadyShield => f.write_str("Ready Shield"),
            Action::ChangePosture { to } => write!(f, "Change posture to {}", to.name()),
            Action::WildSwing(s) => {
                f.write_str("Wild Swing ")?;
                strike_words(f, s)
            }
            Action::TwoWeaponAttack {
                target,
                first,
                second,
            } => write!(
                f,
                "Two-Weapon Attack at {target} with weapons {first} and {second}"
            ),
            Action::AllOutCharge { strike, option } => {
                write!(f, "All-Out Charge ({}) ", option.name())?;
                strike_words(f, strike)
            }
            Action::PopUp(s) => {
                f.write_str("Pop-Up Attack ")?;
                strike_words(f, s)
            }
            Action::Slam { target, .. } => write!(f, "Slam {target}"),
            Action::Grapple { target, .. } => write!(f, "Grapple {target}"),
            Action::Takedown { target } => write!(f, "Takedown {target}"),
            Action::FlyingTackle { target, .. } => write!(f, "Flying Tackle at {target}"),
            Action::BreakFree { .. } => f.write_str("Break Free"),
            Action::Wait { weapon, .. } => write!(f, "Wait with weapon {weapon}"),
            Action::OpportunityFire { weapon, watch, .. } => {
                write!(f, "Opportunity Fire with weapon {weapon} at {watch}")
            }
        }
    }
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Question::Defend {
                defender,
                attacker,
                successes,
                ..
            } => write!(
                f,
                "{defender}: defend against {attacker}'s attack ({})?",
                crate::model::plural::count(*successes, "success", "successes")
            ),
            Question::Fire { shooter, target } => {
                write!(
                    f,
                    "{shooter}: something enters the watched area ({target}): shoot?"
                )
            }
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Defend { kind, .. } => f.write_str(kind.name()),
            Answer::NoDefense => f.write_str("No active defense"),
            Answer::Fire { fire: true } => f.write_str("Shoot"),
            Answer::Fire { fire: false } => f.write_str("Hold fire"),
        }
    }
}
