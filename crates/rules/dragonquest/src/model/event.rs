//! The audit trail of a DragonQuest fight. Events carry names, not ids, so
//! the narration and the JSON lines read on their own.

use fray_core::RollRecord;
use serde::Serialize;
use std::borrow::Cow;
use std::fmt;

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A pulse began (DQ-12-002).
    Pulse {
        /// Its number.
        pulse: u32,
    },
    /// A roll, with its target and terms.
    Roll {
        /// The record.
        #[serde(flatten)]
        roll: RollRecord,
    },
    /// The order of an engagement or of the sides (DQ-12-001, DQ-12-006).
    Order {
        /// What is ordered.
        what: &'static str,
        /// Names in order, with IVs where they count.
        order: Vec<(String, i32)>,
        /// The rule.
        rule: &'static str,
    },
    /// A figure declared an action.
    Declared {
        /// Who.
        who: String,
        /// What, in words.
        what: String,
        /// The rule.
        rule: &'static str,
    },
    /// A figure moved or turned.
    Moved {
        /// Who.
        who: String,
        /// Where to.
        to: String,
    },
    /// Damage taken.
    Damage {
        /// Who.
        who: String,
        /// Effective damage.
        amount: i32,
        /// `FT` or `EN`.
        pool: &'static str,
        /// Left in that pool.
        left: i32,
        /// The rule.
        rule: &'static str,
    },
    /// A status gained or lost, or another effect.
    Effect {
        /// Who.
        who: String,
        /// What happened.
        what: Cow<'static, str>,
        /// The rule.
        rule: &'static str,
    },
    /// A warning about the scenario (DQ-11-002, DQ-11-003).
    Warning {
        /// What is wrong.
        text: String,
        /// The rule.
        rule: &'static str,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Pulse { pulse } => write!(f, "-- Pulse {pulse} --"),
            Event::Roll { roll } => {
                if let Some(who) = &roll.roller {
                    write!(f, "{who} ")?;
                }
                write!(f, "rolls {}: {}", roll.label, roll.describe())?;
                write!(f, " [{}]", roll.rule)
            }
            Event::Order { what, order, rule } => {
                write!(f, "{what}: ")?;
                for (i, (n, iv)) in order.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{n} ({iv})")?;
                }
                write!(f, " [{rule}]")
            }
            Event::Declared { who, what, rule } => write!(f, "{who}: {what} [{rule}]"),
            Event::Moved { who, to } => write!(f, "{who} moves to {to}"),
            Event::Damage {
                who,
                amount,
                pool,
                left,
                rule,
            } => write!(f, "{who} takes {amount} {pool} ({pool} {left}) [{rule}]"),
            Event::Effect { who, what, rule } => write!(f, "{who}: {what} [{rule}]"),
            Event::Warning { text, rule } => write!(f, "warning: {text} [{rule}]"),
        }
    }
}
