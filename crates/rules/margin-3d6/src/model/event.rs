//! The audit trail: rolls with their terms and rule IDs, and what happened.
//! Built only when a sink wants events (the simulator's has none).

use crate::model::location::{DamageType, Location};
use fray_core::{CombatantId, RollRecord};
use serde::Serialize;
use std::fmt;

/// One entry of the log.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A new round and its order (M-FLO-001/002).
    Round {
        /// The round number.
        round: u32,
        /// Names in turn order.
        order: Vec<String>,
    },
    /// A maneuver declared.
    Declared {
        /// Who.
        who: String,
        /// What, in words.
        what: String,
    },
    /// A roll.
    Roll(RollRecord),
    /// An attack's outcome after the defense (M-DEF-011, M-DMG-013).
    Outcome {
        /// The target.
        target: CombatantId,
        /// Attack successes.
        successes: i32,
        /// The defender's AD.
        ad: i32,
        /// Net successes.
        net: i32,
        /// Damage percentage (0 for a stopped attack, 100 for a critical).
        pct: i32,
    },
    /// Damage dealt (M-DMG-007).
    Damage {
        /// Who took it.
        target: CombatantId,
        /// Its name.
        name: String,
        /// Where.
        location: Location,
        /// The type.
        kind: DamageType,
        /// The damage before DR.
        damage: i32,
        /// The DR met.
        dr: i32,
        /// The HP lost.
        injury: i32,
    },
    /// Anything else worth saying, with its rule.
    Note {
        /// The words.
        text: String,
        /// The checklist ID.
        rule: &'static str,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Round { round, order } => {
                write!(f, "-- Round {round}: order {}", order.join(", "))
            }
            Event::Declared { who, what } => write!(f, "{who}: {what}"),
            Event::Roll(r) => {
                if let Some(who) = &r.roller {
                    write!(f, "  {who} {}: {}", r.label, r.describe())
                } else {
                    write!(f, "  {}: {}", r.label, r.describe())
                }
            }
            Event::Outcome {
                successes,
                ad,
                net,
                pct,
                ..
            } => {
                if *pct == 0 {
                    write!(
                        f,
                        "  {successes} successes - AD {ad} = {net}: the attack is stopped [M-DEF-011]"
                    )
                } else {
                    write!(
                        f,
                        "  {successes} successes - AD {ad} = {net} net: {pct}% damage [M-DMG-013]"
                    )
                }
            }
            Event::Damage {
                name,
                location,
                kind,
                damage,
                dr,
                injury,
                ..
            } => write!(
                f,
                "  {name} takes {damage} {} to the {location}, DR {dr}: {injury} HP lost [M-DMG-007]",
                kind.name()
            ),
            Event::Note { text, rule } => {
                if rule.is_empty() {
                    write!(f, "  {text}")
                } else {
                    write!(f, "  {text} [{rule}]")
                }
            }
        }
    }
}
