//! The audit trail: rolls with their terms and rule IDs, and what happened.
//! Built only when a sink wants events (the simulator's has none).

use crate::model::action::DefenseKind;
use crate::model::location::{DamageType, Factor, Limb, Location};
pub use fray_core::event::Note;
use fray_core::{CombatantId, ModList, RollRecord};
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
        /// Names in turn order, each with its Basic Speed and DX.
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
        /// Where the AD comes from.
        defense: AdFrom,
        /// PD taken off the successes (`pd_mode = attack_penalty`, M-ARM-010).
        pd_penalty: i32,
        /// Net successes.
        net: i32,
        /// Damage percentage (0 for a stopped attack, 100 for a critical).
        pct: i32,
        /// A critical hit (M-CRT-005).
        critical: bool,
    },
    /// Damage dealt (M-DMG-007), every step of the pipeline.
    Damage {
        /// Who took it.
        target: CombatantId,
        /// Its name.
        name: String,
        /// Where.
        location: Location,
        /// The type.
        kind: DamageType,
        /// The terms of the full (100%) damage (M-DMG-007 step 1).
        basis: Box<ModList>,
        /// The full damage, at least 0.
        full: i32,
        /// The ranged cap, when it cut the damage (M-DMG-005).
        cap: Option<i32>,
        /// The fraction (M-DMG-013) or the critical multiplier (M-CRT-004).
        scale: Scale,
        /// The damage before DR.
        damage: i32,
        /// The DR met.
        dr: i32,
        /// Where the DR comes from ("Chainmail 4, skull 2"; empty for none).
        dr_from: String,
        /// The wound multiplier (M-WND, M-CKS-005/007).
        factor: Factor,
        /// The injury before the crippling cap.
        wound: i32,
        /// The crippling cap and the limb it crippled (M-CKS-001/002).
        crippled: Option<(i32, Limb)>,
        /// The HP lost.
        injury: i32,
        /// HP left after it, and the maximum.
        hp: (i32, i32),
    },
    /// Something the rules decided without a roll.
    Note(Note),
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Round { round, order } => {
                write!(
                    f,
                    "-- Round {round}: order by Basic Speed, then DX [M-FLO-002]: {}",
                    order.join(", ")
                )
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
                defense,
                pd_penalty,
                net,
                pct,
                critical,
                ..
            } => {
                let s = count(*successes, "success", "successes");
                write!(f, "  {s}")?;
                match defense {
                    AdFrom::None => write!(f, ", no defense (AD 0)")?,
                    d => write!(f, " - AD {ad} ({d})")?,
                }
                if *pd_penalty != 0 {
                    write!(f, " - PD {pd_penalty} [M-ARM-010]")?;
                }
                if *pct == 0 {
                    write!(f, " = {net}: the attack is stopped [M-DEF-011]")
                } else if *critical {
                    write!(f, " = {net} net: a critical hit [M-DMG-013, M-CRT-005]")
                } else {
                    write!(f, " = {net} net: {pct}% damage [M-DEF-011, M-DMG-013]")
                }
            }
            Event::Damage { .. } => damage_line(self, f),
            Event::Note(note) => note.fmt(f),
        }
    }
}

/// The damage line (M-DMG-007): every step with its numbers.
fn damage_line(e: &Event, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let Event::Damage {
        name,
        location,
        kind,
        basis,
        full,
        cap,
        scale,
        damage,
        dr,
        dr_from,
        factor,
        wound,
        crippled,
        injury,
        hp,
        ..
    } = e
    else {
        return Ok(());
    };
    let k = kind.name();
    write!(f, "  {name} takes {damage} {k} to the {location}: ")?;
    write!(f, "{full} ({})", terms(basis))?;
    if let Some(c) = cap {
        write!(f, ", capped at {c} [M-DMG-005]")?;
    }
    match scale {
        Scale::Percent(100) => {}
        Scale::Percent(p) => write!(f, " × {p}% = {damage}")?,
        Scale::Critical(1) => write!(f, ", critical: full damage")?,
        Scale::Critical(m) => write!(f, ", critical ×{m} = {damage}")?,
        Scale::CriticalNoArmor => write!(f, ", critical: armor bypassed")?,
    }
    if dr_from.is_empty() {
        write!(f, "; DR {dr}")?;
    } else {
        write!(f, "; DR {dr} ({dr_from})")?;
    }
    let through = damage - dr;
    if through <= 0 {
        write!(f, ": nothing gets through")?;
    } else if factor.num == factor.den {
        write!(f, ": {through} through")?;
    } else {
        write!(f, ": {through} through {} = {wound}", factor.label)?;
    }
    if let Some((cap, limb)) = crippled {
        let rule = if limb.extremity() {
            "M-CKS-002"
        } else {
            "M-CKS-001"
        };
        let (limb, part) = (limb.name(), if limb.extremity() { 3 } else { 2 });
        if wound > cap {
            write!(
                f,
                ", capped at {cap} (HT/{part}, the rest is lost): the {limb} is crippled [{rule}]"
            )?;
        } else {
            write!(f, ": at least HT/{part}, the {limb} is crippled [{rule}]")?;
        }
    }
    write!(
        f,
        "; {} lost (HP {}/{}) [M-DMG-007",
        count(*injury, "HP", "HP"),
        hp.0,
        hp.1
    )?;
    if through > 0 && factor.num != factor.den {
        write!(f, ", {}", factor.rule)?;
    }
    f.write_str("]")
}

/// Where a defender's AD comes from (M-DEF-011).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AdFrom {
    /// No defense roll at all: AD 0.
    None,
    /// An active defense made: AD = 2 + its successes (Acrobatic Dodge:
    /// its successes alone).
    Made(DefenseKind, i32),
    /// An active defense failed: AD 0 (a failed Acrobatic Dodge: -2).
    Failed(DefenseKind),
    /// The PD-only roll (M-ARM-011) made: 2 + its successes.
    PdMade(i32),
    /// The PD-only roll failed: AD 0.
    PdFailed,
    /// `defense_model = negate`: a defense (or the PD roll, `None`) made
    /// stops the attack whatever its successes; AD counts only below 0.
    Negated(Option<DefenseKind>),
}

impl fmt::Display for AdFrom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdFrom::None => f.write_str("no defense"),
            AdFrom::Made(DefenseKind::AcrobaticDodge, n) => write!(
                f,
                "Acrobatic Dodge made: {} [M-DEF-010]",
                count(*n, "success", "successes")
            ),
            AdFrom::Made(k, n) => write!(
                f,
                "{} made: 2 + {} [M-DEF-011]",
                k.name(),
                count(*n, "success", "successes")
            ),
            AdFrom::Failed(DefenseKind::AcrobaticDodge) => {
                f.write_str("Acrobatic Dodge failed: -2 [M-DEF-010]")
            }
            AdFrom::Failed(k) => write!(f, "{} failed", k.name()),
            AdFrom::PdMade(n) => write!(
                f,
                "PD roll made: 2 + {} [M-ARM-011]",
                count(*n, "success", "successes")
            ),
            AdFrom::PdFailed => f.write_str("PD roll failed [M-ARM-011]"),
            AdFrom::Negated(k) => write!(
                f,
                "{} made: the attack is negated [M-DEF-011]",
                k.map_or("PD roll", |k| k.name())
            ),
        }
    }
}

/// How the damage of a blow is scaled (M-DMG-013, M-CRT-003/004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scale {
    /// This percentage of the full damage.
    Percent(i32),
    /// A critical hit: the full damage times this.
    Critical(i32),
    /// A critical hit that bypasses armor: full damage, no DR.
    CriticalNoArmor,
}

/// "1 success", "3 successes".
fn count(n: i32, one: &str, many: &str) -> String {
    crate::model::plural::count(n, one, many)
}

/// The terms of a damage basis: "swing for ST 8, weapon +2 [M-DMG-003]".
fn terms(m: &ModList) -> String {
    let mut out = String::new();
    for (i, t) in m.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let rule = if t.rule.is_empty() {
            String::new()
        } else {
            format!(" [{}]", t.rule)
        };
        if i == 0 {
            out.push_str(&format!("{} {}{rule}", t.label, t.value));
        } else {
            out.push_str(&format!("{} {:+}{rule}", t.label, t.value));
        }
    }
    out
}

fray_core::wraps_events!(Event { Note(Note) });
