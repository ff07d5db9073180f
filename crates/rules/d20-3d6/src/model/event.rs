//! The audit trail of a d20-3d6 fight: names, not ids, so narration and
//! JSON lines read on their own.

use fray_core::RollRecord;
pub use fray_core::event::{ConditionChange, Declared, Moved, Note};
use serde::Serialize;
use std::fmt;

/// A roll in words: the core's reading (dice, each die, bonuses, the
/// number to beat and its terms), with the verdict said so it reads
/// right: an automatic result says why and what the total would have
/// done (`automatic miss by 27` read as if it missed by 27).
pub fn describe(roll: &RollRecord) -> String {
    let mut bare = roll.clone();
    bare.verdict = "";
    // A negative sum of bonuses reads `8 - 4`, not `8 + -4`.
    let mut s = bare.describe().replacen(" + -", " - ", 1);
    if roll.verdict.is_empty() || roll.withheld {
        return s;
    }
    s.push_str(" -> ");
    let faces: &[i32] = roll.shown.as_ref().map_or(&[], |s| &s.faces);
    let three = |face: i32| faces.len() >= 3 && faces[..3].iter().all(|&x| x == face);
    let against = |what: &str| match (roll.target, roll.margin) {
        (Some(t), Some(m)) if m >= 0 => {
            format!("; the total {} would have {what} {t} by {m}", roll.total)
        }
        (Some(t), Some(m)) => format!("; the total {} was {} short of {t} anyway", roll.total, -m),
        _ => String::new(),
    };
    match roll.verdict {
        "automatic miss" => {
            let why = if faces.is_empty() {
                "a critical failure misses whatever the total"
            } else if three(1) {
                "three 1s miss whatever the total"
            } else {
                "a critical failure: missing by 8 or more"
            };
            s.push_str(&format!(
                "automatic miss ({why}, X-ATK-008){}",
                against("met Defense")
            ));
        }
        "automatic hit" => {
            s.push_str("automatic hit: three 6s always hit (X-ATK-009)");
            if let (Some(t), Some(m)) = (roll.target, roll.margin) {
                s.push_str(&format!(
                    ", though the total {} is {} short of {t}",
                    roll.total, -m
                ));
            }
        }
        "automatic failure" => s.push_str(&format!(
            "automatic failure: three 1s fail any check (X-ATK-011){}",
            against("met")
        )),
        "automatic success" => {
            s.push_str("automatic success: three 6s succeed at any check (X-ATK-011)");
            if let (Some(t), Some(m)) = (roll.target, roll.margin) {
                s.push_str(&format!(
                    ", though the total {} is {} short of {t}",
                    roll.total, -m
                ));
            }
        }
        v => {
            s.push_str(v);
            if let Some(m) = roll.margin {
                s.push_str(&format!(" by {}", m.abs()));
            }
            if roll.label == "miss chance" {
                // X-CON-009: what the die had to show.
                let cut = if roll.dice == "1d100" { 50 } else { 3 };
                s.push_str(&format!(
                    " (blinded: {cut} or less turns the hit into a miss, 50%)"
                ));
            }
        }
    }
    s
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The initiative order (X-SEQ-001).
    Initiative {
        /// Names with their totals, in order.
        order: Vec<(String, i32)>,
    },
    /// A new round (X-QCK-004).
    Round {
        /// Its number.
        round: u32,
    },
    /// A turn begins with its budget (X-ACT-001..003).
    Turn {
        /// Whose.
        who: String,
        /// Normal actions.
        actions: u8,
    },
    /// A declared action.
    Action(Declared),
    /// A roll, with its bonuses, its target and its modifiers.
    Roll {
        /// The record.
        #[serde(flatten)]
        roll: RollRecord,
    },
    /// Someone moved.
    Moved(Moved),
    /// Damage dealt.
    Damage {
        /// Who was hit.
        target: String,
        /// The dice rolled (weapon, explosions, criticals).
        dice: i32,
        /// STR, List, Skill, Magic and the weapon's plus (X-DMG-001).
        adds: i32,
        /// The adds term by term, with their rules (when told).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        terms: Vec<fray_core::roll::ModifierRecord>,
        /// Damage reduction subtracted (X-DMG-009; 0 without any).
        #[serde(skip_serializing_if = "fray_core::serde_fields::is_default")]
        reduction: i32,
        /// Criticals scored, each one more roll of the weapon's dice
        /// among `dice` (X-DMG-002, X-DMG-003).
        #[serde(skip_serializing_if = "fray_core::serde_fields::is_default")]
        criticals: u8,
        /// Damage after reductions and the minimum.
        amount: i32,
        /// Lethal or nonlethal.
        nonlethal: bool,
        /// HP after.
        hp: i32,
        /// Maximum HP.
        hp_max: i32,
        /// The rules applied.
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
            Event::Initiative { order } => {
                let parts: Vec<String> = order.iter().map(|(n, t)| format!("{n} ({t})")).collect();
                write!(f, "Initiative: {} [X-SEQ-001]", parts.join(", "))
            }
            Event::Round { round } => write!(f, "-- Round {round} --"),
            Event::Turn { who, actions } => {
                write!(f, "{who}'s turn: {actions} actions [X-ACT-001]")
            }
            Event::Action(declared) => declared.fmt(f),
            Event::Roll { roll } => {
                let who = roll.roller.as_deref().unwrap_or("GM");
                write!(
                    f,
                    "  {who} rolls {}: {} [{}]",
                    roll.label,
                    describe(roll),
                    roll.rule
                )
            }
            Event::Moved(moved) => moved.fmt(f),
            Event::Damage {
                target,
                dice,
                adds,
                terms,
                reduction,
                criticals,
                amount,
                nonlethal,
                hp,
                hp_max,
                rules,
            } => {
                let kind = if *nonlethal { " nonlethal" } else { "" };
                let raw = dice + adds;
                let crits = match criticals {
                    0 => String::new(),
                    1 => " (with 1 critical's dice)".to_string(),
                    n => format!(" (with {n} criticals' dice)"),
                };
                let terms = if terms.is_empty() {
                    String::new()
                } else {
                    let t: Vec<String> = terms
                        .iter()
                        .map(|m| format!("{} {:+} [{}]", m.label, m.value, m.rule))
                        .collect();
                    format!(" ({})", t.join(", "))
                };
                write!(
                    f,
                    "  {target} takes {dice}{crits} {adds:+}{terms} = {raw}{kind} damage"
                )?;
                let after = raw - reduction;
                if *reduction != 0 {
                    write!(f, " - DR {reduction} = {after}")?;
                }
                if *amount != after {
                    if *amount == 0 {
                        write!(f, ", none: immune")?;
                    } else {
                        write!(f, ", minimum {amount}")?;
                    }
                }
                write!(f, " (HP {hp}/{hp_max}) [{}]", rules.join(", "))
            }
            Event::Condition(condition) => condition.fmt(f),
            Event::Note(note) => note.fmt(f),
        }
    }
}

fray_core::wraps_events!(Event {
    Note(Note),
    Condition(ConditionChange),
    Action(Declared),
    Moved(Moved),
});
