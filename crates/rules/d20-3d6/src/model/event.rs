//! The audit trail of a d20-3d6 fight: names, not ids, so narration and
//! JSON lines read on their own.

use fray_core::RollRecord;
use serde::Serialize;
use std::fmt;

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
    Action {
        /// Who.
        who: String,
        /// What, in words.
        what: String,
        /// Its rule.
        rule: &'static str,
    },
    /// A roll, with its bonuses, its target and its modifiers.
    Roll {
        /// The record.
        #[serde(flatten)]
        roll: RollRecord,
    },
    /// Someone moved.
    Moved {
        /// Who.
        who: String,
        /// From.
        from: String,
        /// To.
        to: String,
        /// Why.
        why: &'static str,
    },
    /// Damage dealt.
    Damage {
        /// Who was hit.
        target: String,
        /// The dice rolled (weapon, explosions, criticals).
        dice: i32,
        /// STR, List, Skill, Magic and the weapon's plus (X-DMG-001).
        adds: i32,
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
    Condition {
        /// Who.
        who: String,
        /// What.
        what: String,
        /// Its rule.
        rule: &'static str,
    },
    /// Something decided without a roll.
    Note {
        /// The text.
        text: String,
        /// Its rule.
        rule: &'static str,
    },
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
            Event::Action { who, what, rule } => write!(f, "{who}: {what} [{rule}]"),
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
            Event::Moved { who, from, to, why } => write!(f, "  {who} {why}: {from} -> {to}"),
            Event::Damage {
                target,
                dice,
                adds,
                amount,
                nonlethal,
                hp,
                hp_max,
                rules,
            } => {
                let kind = if *nonlethal { " nonlethal" } else { "" };
                write!(
                    f,
                    "  {target} takes {dice} {adds:+} = {amount}{kind} damage (HP {hp}/{hp_max}) [{}]",
                    rules.join(", ")
                )
            }
            Event::Condition { who, what, rule } => write!(f, "  {who} {what} [{rule}]"),
            Event::Note { text, rule } => write!(f, "  {text} [{rule}]"),
        }
    }
}
