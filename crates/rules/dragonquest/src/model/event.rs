//! The audit trail of a DragonQuest fight. Events carry names, not ids, so
//! the narration and the JSON lines read on their own. Every number an
//! event shows comes with what it is made of: a roll with its target and
//! terms (and, for a strike, its bands), a damage with its check, the armor
//! and where it went, an initiative with its parts.

use fray_core::RollRecord;
use serde::Serialize;
use std::borrow::Cow;
use std::fmt;

/// One place in an engagement's order (DQ-12-005..007, DQ-19-005).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// Who.
    pub name: String,
    /// IV = modAG + PC + rank.
    pub iv: i32,
    /// modAG.
    pub mod_ag: i32,
    /// PC.
    pub pc: i32,
    /// Rank with the prepared weapon (0 unranked).
    pub rank: i32,
    /// Why it is where it is when IV alone does not say (stunned, a foe in
    /// its rear hex, the top figure's choice to act last).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<&'static str>,
}

/// One side's step-1 initiative (DQ-12-003, DQ-12-004).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideRoll {
    /// The side.
    pub side: String,
    /// Who rolled for it.
    pub roller: String,
    /// The D10 in the round that decided.
    pub die: i32,
    /// The roller's PC.
    pub pc: i32,
    /// Military Scientist rank (the leader only).
    pub military_scientist: i32,
    /// The total.
    pub total: i32,
}

/// One hit's damage on its way to FT or EN (DQ-18-001..003, DQ-19-003).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Wound {
    /// Who.
    pub who: String,
    /// The damage check (D10 + its terms, at least 1), or the fixed damage.
    pub check: i32,
    /// Armor protection taken off (0 when it does not count).
    pub armor: i32,
    /// Why armor did not count, when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bypass: Option<&'static str>,
    /// Halved by a Passive resistance roll (DQ-18-007).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub halved: bool,
    /// Effective damage.
    pub amount: i32,
    /// Taken from FT, with FT before and after.
    pub ft: (i32, i32, i32),
    /// Taken from EN, with EN before and after.
    pub en: (i32, i32, i32),
    /// Past the FT that remained, lost (DQ-18-002: one attack never takes
    /// from both).
    pub lost: i32,
    /// The least effective damage that stuns: more than a third of the
    /// original EN (DQ-19-003).
    pub stuns_at: i32,
    /// The rules applied.
    pub rules: Vec<&'static str>,
}

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
        /// What else the roll's number means (a strike's bands, a roll-off's
        /// parties, how long a knockout lasts).
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// Step 1's initiative roll-off between the sides (DQ-12-003): both
    /// sides' totals.
    Initiative {
        /// The roll (the winner's total).
        #[serde(flatten)]
        roll: RollRecord,
        /// Each side's roll, first side first.
        sides: Vec<SideRoll>,
        /// The winning side.
        winner: String,
    },
    /// The order of an engagement (DQ-12-005..007).
    Order {
        /// The figures in order.
        order: Vec<Place>,
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
    /// Damage taken (or stopped by armor).
    Damage(Wound),
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

impl Event {
    /// The roll record of a roll or of the sides' initiative.
    pub fn roll(&self) -> Option<&RollRecord> {
        match self {
            Event::Roll { roll, .. } | Event::Initiative { roll, .. } => Some(roll),
            _ => None,
        }
    }
}

impl fmt::Display for Wound {
    /// `Aldric takes 10 - armor 2 = 8: FT 22 -> 14 (6 or more stuns)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} takes {}", self.who, self.check)?;
        match self.bypass {
            Some(why) => write!(f, ", armor ignored ({why})")?,
            None => write!(f, " - armor {}", self.armor)?,
        }
        if self.halved {
            f.write_str(", halved by resistance")?;
        }
        write!(f, " = {}", self.amount)?;
        if self.amount <= 0 {
            return f.write_str(": the armor stops it all");
        }
        let (ft, ft_from, ft_to) = self.ft;
        let (en, en_from, en_to) = self.en;
        f.write_str(":")?;
        if ft > 0 {
            write!(f, " FT {ft_from} -> {ft_to}")?;
        }
        if ft > 0 && en > 0 {
            f.write_str(",")?;
        }
        if en > 0 {
            if ft == 0 && ft_from <= 0 && self.bypass.is_none() {
                f.write_str(" FT spent,")?;
            }
            write!(f, " EN {en_from} -> {en_to}")?;
        }
        if self.lost > 0 {
            write!(
                f,
                ", {} lost (one attack never takes from both FT and EN)",
                self.lost
            )?;
        }
        write!(f, "; {} or more stuns", self.stuns_at)
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Pulse { pulse } => write!(f, "-- Pulse {pulse} --"),
            Event::Roll { roll, note } => {
                f.write_str("  ")?;
                if let Some(who) = &roll.roller {
                    write!(f, "{who} ")?;
                }
                write!(f, "rolls {}: {}", roll.label, roll.describe())?;
                if let Some(note) = note {
                    write!(f, "; {note}")?;
                }
                write!(f, " [{}]", roll.rule)
            }
            Event::Initiative {
                roll,
                sides,
                winner,
            } => {
                write!(f, "  {} (1d10 each, ties rolled again): ", roll.label)?;
                for (i, s) in sides.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{} for {}: {} + PC {}", s.roller, s.side, s.die, s.pc)?;
                    if s.military_scientist != 0 {
                        write!(f, " + Military Scientist {}", s.military_scientist)?;
                    }
                    write!(f, " = {}", s.total)?;
                }
                write!(f, " -> {winner} wins [{}]", roll.rule)
            }
            Event::Order { order } => {
                f.write_str("  engagement order: ")?;
                for (i, p) in order.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(
                        f,
                        "{} (IV {} = modAG {} + PC {} + rank {}",
                        p.name, p.iv, p.mod_ag, p.pc, p.rank
                    )?;
                    if let Some(why) = p.why {
                        write!(f, "; {why}")?;
                    }
                    f.write_str(")")?;
                }
                f.write_str(" [DQ-12-005, DQ-12-006]")
            }
            Event::Declared { who, what, rule } => write!(f, "{who}: {what} [{rule}]"),
            Event::Moved { who, to } => write!(f, "  {who} moves to {to}"),
            Event::Damage(w) => write!(f, "  {w} [{}]", w.rules.join(", ")),
            Event::Effect { who, what, rule } => write!(f, "  {who} {what} [{rule}]"),
            Event::Warning { text, rule } => write!(f, "warning: {text} [{rule}]"),
        }
    }
}
