//! What a combatant declares with its actions (X-MAN, X-SPM, X-MUL), and
//! the questions the rules put to controllers with their answers.

use arrayvec::ArrayVec;
use fray_core::CombatantId;
use fray_core::grid::SquarePos;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One attack as declared (X-FLW-001 step 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strike {
    /// The target.
    pub target: CombatantId,
    /// The weapon (index on the sheet).
    pub weapon: u8,
    /// Trust to luck: -4 for +1d6 (X-ATK-007).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub trust_to_luck: bool,
    /// A nonlethal attack at -4 (X-SIT-016).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub nonlethal: bool,
    /// A versatile weapon with DEX instead of STR (X-QCK-002).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub dex: bool,
    /// The low-level option: -4 on both of two attacks (X-MUL-006).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub low_level: bool,
}

impl Strike {
    /// A plain strike.
    pub const fn new(target: CombatantId, weapon: u8) -> Strike {
        Strike {
            target,
            weapon,
            trust_to_luck: false,
            nonlethal: false,
            dex: false,
            low_level: false,
        }
    }
}

/// A special maneuver (X-SPM).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Maneuver {
    /// X-SPM-001, 2 actions.
    Disarm,
    /// X-SPM-002, 1 action.
    Feint,
    /// X-SPM-003, 2 actions.
    BullRush,
    /// X-SPM-004, 2 actions.
    Grapple,
    /// X-SPM-005, 2 actions.
    Trip,
    /// X-SPM-006, 1 action.
    Overrun,
}

impl Maneuver {
    /// Normal actions it costs.
    pub const fn cost(self) -> u8 {
        match self {
            Maneuver::Feint | Maneuver::Overrun => 1,
            _ => 2,
        }
    }
    /// Its checklist ID.
    pub const fn rule(self) -> &'static str {
        match self {
            Maneuver::Disarm => "X-SPM-001",
            Maneuver::Feint => "X-SPM-002",
            Maneuver::BullRush => "X-SPM-003",
            Maneuver::Grapple => "X-SPM-004",
            Maneuver::Trip => "X-SPM-005",
            Maneuver::Overrun => "X-SPM-006",
        }
    }
    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Maneuver::Disarm => "Disarm",
            Maneuver::Feint => "Feint",
            Maneuver::BullRush => "Bull Rush",
            Maneuver::Grapple => "Grapple",
            Maneuver::Trip => "Trip",
            Maneuver::Overrun => "Overrun",
        }
    }
}

/// What a combatant does with one or more of its actions (X-MAN).
///
/// A field the variant does not have is refused (`deny_unknown_fields`),
/// never read as the variant with its defaults: `{ stand_up = { imediate
/// = true } }` is an error naming `imediate`, not a Stand Up with the
/// normal action (issue 34).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Ends the turn; unused normal actions are lost (X-SEQ-005).
    EndTurn,
    /// A single attack, 1 action (X-MAN-001..003, X-MUL-001).
    Attack(Strike),
    /// An off-hand attack, 1 action (X-MUL-002).
    OffhandAttack(Strike),
    /// Precise Strike: 2 actions, +1d4 (X-MAN-011).
    PreciseStrike(Strike),
    /// Charge: 2 actions, move in a line then attack at +1d6, -4 Defense (X-MAN-006).
    Charge {
        /// Where the charge ends.
        to: SquarePos,
        /// The attack.
        strike: Strike,
    },
    /// Move up to base Move, 1 action (X-MAN-004, X-MOV-001).
    Move {
        /// Where to.
        to: SquarePos,
    },
    /// Run up to twice Move, 1 action (X-MAN-005, X-MOV-002).
    Run {
        /// Where to.
        to: SquarePos,
    },
    /// Move 1 m without provoking, 1 action (X-MAN-010).
    Disengage {
        /// Where to.
        to: SquarePos,
    },
    /// +1 Defense, 1 action (X-MAN-008).
    PreparedDefense,
    /// +4 Defense, 2 actions (X-MAN-009).
    TotalDefense,
    /// +1 Defense from the off-hand weapon, free (X-MUL-005).
    OffhandDefense,
    /// Stand up: 1 action, or the Immediate with Acrobatics DC 13 (X-MAN-012).
    StandUp {
        /// Spend the Immediate action instead.
        #[serde(default)]
        immediate: bool,
    },
    /// Draw a weapon into a hand, 1 action (free during movement, X-MAN-013).
    Draw {
        /// The weapon.
        weapon: u8,
        /// Into the off hand.
        #[serde(default)]
        offhand: bool,
    },
    /// Sheathe a held weapon (X-MAN-013).
    Sheathe {
        /// The weapon.
        weapon: u8,
    },
    /// Reload a crossbow (X-RNG-010).
    Reload {
        /// The weapon.
        weapon: u8,
    },
    /// Take a potion from the belt (1 action, X-MAN-015) or the backpack (2, X-MAN-014).
    TakePotion {
        /// The potion.
        potion: u8,
    },
    /// Drink a potion in hand, 1 action (X-MAN-016).
    DrinkPotion {
        /// The potion.
        potion: u8,
    },
    /// Give a potion in hand to an adjacent creature, 2 actions (X-MAN-017).
    GivePotion {
        /// The potion.
        potion: u8,
        /// Who drinks it.
        to: CombatantId,
    },
    /// First Aid on an adjacent creature, 2 actions (X-LIF-006, X-LIF-008).
    FirstAid {
        /// The patient.
        patient: CombatantId,
    },
    /// A special maneuver (X-SPM).
    Maneuver {
        /// Which.
        kind: Maneuver,
        /// Against whom.
        target: CombatantId,
    },
    /// Escape a grapple, 2 actions (X-SPM-004).
    Escape,
    /// Cast a spell known at a creature: the spell's actions (2 by
    /// default), a Magic check against its DC (X-MAN-007).
    Cast {
        /// The spell (index on the sheet).
        spell: u8,
        /// At whom (a foe for damage, an ally or oneself for healing).
        target: CombatantId,
    },
    /// A Move that overruns a foe on the way, 2 actions: the Move's and the
    /// overrun's (X-SPM-006, X-MAN-004).
    OverrunMove {
        /// Where the move ends, on a straight line through the target.
        to: SquarePos,
        /// Whom it runs over.
        target: CombatantId,
    },
    /// The rider spends one of its mount's 2 actions on a Move that carries
    /// them both, up to the mount's base Move (X-QCK-008); no normal action.
    Ride {
        /// Where the mount's space goes (its head square).
        to: SquarePos,
    },
    /// Get on one's own adjacent mount, 2 actions (X-MAN-018).
    Mount,
    /// Get off the mount into a free square next to it, 2 actions (X-MAN-018).
    Dismount {
        /// Where the rider lands.
        to: SquarePos,
    },
}

impl Action {
    /// Normal actions it costs.
    pub fn cost(&self) -> u8 {
        match self {
            // X-ACT-004: free actions.
            Action::EndTurn | Action::OffhandDefense => 0,
            Action::StandUp { immediate: true } => 0,
            Action::PreciseStrike(_)
            | Action::Charge { .. }
            | Action::TotalDefense
            | Action::GivePotion { .. }
            | Action::FirstAid { .. }
            | Action::Escape
            | Action::Cast { .. }
            | Action::Mount
            | Action::Dismount { .. }
            | Action::OverrunMove { .. } => 2,
            // X-QCK-008: the mount's action, not the rider's.
            Action::Ride { .. } => 0,
            Action::Maneuver { kind, .. } => kind.cost(),
            _ => 1,
        }
    }
    /// The target of an offensive action.
    pub fn target(&self) -> Option<CombatantId> {
        match self {
            Action::Attack(s) | Action::OffhandAttack(s) | Action::PreciseStrike(s) => {
                Some(s.target)
            }
            Action::Charge { strike, .. } => Some(strike.target),
            Action::Maneuver { target, .. }
            | Action::Cast { target, .. }
            | Action::OverrunMove { target, .. } => Some(*target),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let strike = |f: &mut fmt::Formatter<'_>, what: &str, s: &Strike| {
            write!(f, "{what} {} with weapon {}", s.target, s.weapon)?;
            if s.trust_to_luck {
                f.write_str(", trusting to luck")?;
            }
            if s.nonlethal {
                f.write_str(", nonlethal")?;
            }
            if s.dex {
                f.write_str(", with DEX")?;
            }
            if s.low_level {
                f.write_str(", low-level option")?;
            }
            Ok(())
        };
        match self {
            Action::EndTurn => f.write_str("End Turn"),
            Action::Attack(s) => strike(f, "Attack", s),
            Action::OffhandAttack(s) => strike(f, "Off-hand attack", s),
            Action::PreciseStrike(s) => strike(f, "Precise Strike", s),
            Action::Charge { to, strike: s } => {
                strike(f, "Charge", s)?;
                write!(f, " from {to}")
            }
            Action::Move { to } => write!(f, "Move to {to}"),
            Action::Run { to } => write!(f, "Run to {to}"),
            Action::Disengage { to } => write!(f, "Disengage to {to}"),
            Action::PreparedDefense => f.write_str("Prepared Defense"),
            Action::TotalDefense => f.write_str("Total Defense"),
            Action::OffhandDefense => f.write_str("Off-hand Defense"),
            Action::StandUp { immediate } => {
                f.write_str("Stand Up")?;
                if *immediate {
                    f.write_str(" (Immediate, Acrobatics DC 13)")?;
                }
                Ok(())
            }
            Action::Draw { weapon, offhand } => {
                write!(f, "Draw weapon {weapon}")?;
                if *offhand {
                    f.write_str(" into the off hand")?;
                }
                Ok(())
            }
            Action::Sheathe { weapon } => write!(f, "Sheathe weapon {weapon}"),
            Action::Reload { weapon } => write!(f, "Reload weapon {weapon}"),
            Action::TakePotion { potion } => write!(f, "Take potion {potion}"),
            Action::DrinkPotion { potion } => write!(f, "Drink potion {potion}"),
            Action::GivePotion { potion, to } => write!(f, "Give potion {potion} to {to}"),
            Action::FirstAid { patient } => write!(f, "First Aid on {patient}"),
            Action::Maneuver { kind, target } => write!(f, "{} {target}", kind.name()),
            Action::Escape => f.write_str("Escape"),
            Action::Cast { spell, target } => write!(f, "Cast spell {spell} at {target}"),
            Action::Ride { to } => write!(f, "Ride to {to}"),
            Action::OverrunMove { to, target } => write!(f, "Move to {to} overrunning {target}"),
            Action::Mount => f.write_str("Mount"),
            Action::Dismount { to } => write!(f, "Dismount to {to}"),
        }
    }
}

/// What calls for a Reaction (X-ACT-003, X-ACT-006).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Trigger {
    /// A foe leaves a square the reactor threatens (X-ACT-007).
    Opportunity {
        /// Who moves.
        mover: CombatantId,
    },
    /// A foe charges into the reactor's reach (X-QCK-003).
    SetVsCharge {
        /// Who charges.
        charger: CombatantId,
    },
}

/// A question for a controller.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// Spend the Reaction on a free attack? (X-ACT-007, X-QCK-003)
    Reaction {
        /// Who may react.
        reactor: CombatantId,
        /// What calls for it.
        trigger: Trigger,
        /// Melee weapons in hand it may strike with (main and off hand).
        weapons: ArrayVec<u8, 2>,
    },
    /// Critical initiative: an extra Reaction or Immediate? (X-SEQ-002)
    ExtraAction {
        /// Who won it.
        who: CombatantId,
    },
}

/// An answer (unknown fields refused, as [`Action`]'s).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Answer {
    /// Strike with this weapon.
    Strike {
        /// The weapon.
        weapon: u8,
    },
    /// Let it pass.
    Decline,
    /// An extra Reaction.
    ExtraReaction,
    /// An extra Immediate.
    ExtraImmediate,
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Question::Reaction {
                reactor, trigger, ..
            } => match trigger {
                Trigger::Opportunity { mover } => {
                    write!(f, "{reactor}: attack of opportunity on {mover}?")
                }
                Trigger::SetVsCharge { charger } => {
                    write!(f, "{reactor}: set against the charge of {charger}?")
                }
            },
            Question::ExtraAction { who } => {
                write!(
                    f,
                    "{who}: critical initiative, an extra Reaction or Immediate?"
                )
            }
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Strike { weapon } => write!(f, "strike with weapon {weapon}"),
            Answer::Decline => f.write_str("decline"),
            Answer::ExtraReaction => f.write_str("an extra Reaction"),
            Answer::ExtraImmediate => f.write_str("an extra Immediate"),
        }
    }
}
