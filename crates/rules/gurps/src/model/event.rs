//! The audit trail of a GURPS fight. Each event carries names, not ids, so
//! the narration and the JSON lines read on their own.

use fray_core::RollRecord;
pub use fray_core::event::{ConditionChange, Declared, Moved, Note};
use serde::Serialize;
use std::fmt;

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The turn order was fixed (G-EXT-015).
    TurnOrder {
        /// Names, in order, with Basic Speed.
        order: Vec<(String, f32)>,
    },
    /// A new round began.
    Round {
        /// Its number.
        round: u32,
    },
    /// A combatant declared a maneuver.
    Maneuver(Declared),
    /// A roll, with target, margin and modifiers.
    Roll {
        /// The record.
        #[serde(flatten)]
        roll: RollRecord,
    },
    /// Someone moved or turned (why: step, move, retreat...).
    Moved(Moved),
    /// Damage got through, or did not.
    Damage {
        /// Who was hit.
        target: String,
        /// Where.
        location: String,
        /// Basic damage rolled.
        basic: i32,
        /// Damage type.
        damage_type: String,
        /// DR after the armor divisor.
        dr: i32,
        /// Damage past DR.
        penetrating: i32,
        /// Wounding multiplier.
        multiplier: f32,
        /// Injury applied.
        injury: i32,
        /// HP afterwards.
        hp: i32,
        /// Max HP.
        hp_max: i32,
        /// The rules applied, in order.
        rules: Vec<&'static str>,
    },
    /// A condition began or ended.
    Condition(ConditionChange),
    /// Something the rules decided without a roll.
    Note(Note),
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::TurnOrder { order } => {
                let parts: Vec<String> = order.iter().map(|(n, s)| format!("{n} ({s})")).collect();
                write!(
                    f,
                    "Turn order by Basic Speed: {} [G-EXT-015]",
                    parts.join(", ")
                )
            }
            Event::Round { round } => write!(f, "-- Round {round} --"),
            Event::Maneuver(declared) => declared.fmt(f),
            Event::Roll { roll } => {
                let who = roll.roller.as_deref().unwrap_or("GM");
                write!(
                    f,
                    "  {who} rolls {}: {} [{}]",
                    roll.label,
                    roll.describe(),
                    roll.rule
                )
            }
            Event::Moved(moved) => moved.fmt(f),
            Event::Damage {
                target,
                location,
                basic,
                damage_type,
                dr,
                penetrating,
                multiplier,
                injury,
                hp,
                hp_max,
                rules,
            } => {
                write!(
                    f,
                    "  {target} takes {basic} {damage_type} to the {location}: DR {dr}, {penetrating} through, x{multiplier} = {injury} injury (HP {hp}/{hp_max}) [{}]",
                    rules.join(", ")
                )
            }
            Event::Condition(condition) => condition.fmt(f),
            Event::Note(note) => note.fmt(f),
        }
    }
}

fray_core::wraps_events!(Event {
    Note(Note),
    Condition(ConditionChange),
    Maneuver(Declared),
    Moved(Moved),
});
