//! Menu wording for people at the table: actions and answers in the
//! words of the fight (names of foes, weapons and attack modes, the
//! defense each answer gives), where `Display` only has the bare data
//! (`weapon 1, mode 0`). Used by `fray play` through
//! [`fray_core::TableView::describe_action`] and
//! [`fray_core::TableView::describe_answer`].

use std::fmt::Write;

use crate::model::action::{
    Action, AllOutVariant, Answer, DefenseVariant, Dive, Question, Response, Strike, Trigger, Wait,
};
use crate::model::state::{DefenseKind, State};
use crate::rules::defense::{ACROBATIC_SWING, DIVE_BONUS, FEVERISH_BONUS};
use fray_core::CombatantId;
use fray_core::grid::HexPos;

/// An action as a menu line: "Attack Sir Gawain with Broadsword (swing) at
/// the neck" rather than "Attack #1 (weapon 0, mode 0) at neck".
pub fn action(state: &State, actor: CombatantId, action: &Action) -> String {
    let who = |id: CombatantId| state.fighter(id).name.to_string();
    match action {
        Action::Attack { strike, step, .. } => {
            let words = strike_words(state, actor, strike);
            match step.and_then(|s| s.to.map(|to| (to, s.after))) {
                Some((to, false)) => format!("Step to {to}, then Attack {words}"),
                Some((to, true)) => format!("Attack {words}, then step to {to}"),
                None => format!("Attack {words}"),
            }
        }
        Action::Move { to, .. } => match nearest_foe(state, actor, *to) {
            Some((foe, 1)) => format!("Move to {to}, next to {foe}"),
            Some((foe, d)) => format!("Move to {to}, {d} hexes from {foe}"),
            None => format!("Move to {to}"),
        },
        Action::AllOutAttack {
            variant, strike, ..
        } => format!(
            "All-Out Attack ({}): {}",
            all_out_name(*variant),
            strike_words(state, actor, strike)
        ),
        Action::MoveAndAttack(c) => format!(
            "Move to {} and Attack {}",
            c.to,
            strike_words(state, actor, &c.strike)
        ),
        Action::AllOutDefense { variant, .. } => match variant {
            DefenseVariant::Increased(kind) => {
                format!("All-Out Defense: Increased {} (+2)", kind_name(*kind))
            }
            DefenseVariant::Double => "All-Out Defense: Double Defense".to_string(),
        },
        Action::Feint { target, weapon, .. } => format!(
            "Feint {} with {}",
            who(*target),
            weapon_name(state, actor, *weapon)
        ),
        Action::Aim {
            target,
            weapon,
            mode,
            braced,
            ..
        } => format!(
            "Aim {} at {}{}",
            weapon_words(state, actor, *weapon, *mode),
            who(*target),
            if *braced { ", braced" } else { "" }
        ),
        Action::Ready { weapon } => format!("Ready {}", weapon_name(state, actor, *weapon)),
        Action::Wait(w) => wait_words(state, actor, w),
        Action::Jump(j) => match j.run_up {
            0 => format!("Jump {} hex(es) straight ahead", j.length),
            r => format!(
                "Jump {} hex(es) straight ahead after a {r}-hex run-up",
                j.length
            ),
        },
        // The rest read well already once `#n` is replaced by the name.
        other => other.to_string(),
    }
}

/// A Wait as a menu line: the response and what triggers it.
fn wait_words(state: &State, actor: CombatantId, w: &Wait) -> String {
    let who = |id: CombatantId| state.fighter(id).name.to_string();
    let response = match w.response {
        Response::Attack {
            weapon,
            mode,
            location,
            all_out,
        } => {
            let mut s = match all_out {
                Some(v) => format!("All-Out Attack ({}) with ", all_out_name(v)),
                None => "attack with ".to_string(),
            };
            s.push_str(&weapon_words(state, actor, weapon, mode));
            if !location.is_torso() {
                let _ = write!(s, " at the {}", String::from(location));
            }
            s
        }
        Response::Feint { weapon } => {
            format!("feint with {}", weapon_name(state, actor, weapon))
        }
        Response::Ready { weapon } => {
            format!("ready {}", weapon_name(state, actor, weapon))
        }
    };
    match &w.trigger {
        Trigger::StopThrust => format!("Stop Thrust: {response} when a foe closes in"),
        Trigger::InReach { foe: Some(f) } => {
            format!("Wait: {response} when {} comes in reach", who(*f))
        }
        Trigger::InReach { foe: None } => {
            format!("Wait: {response} when a foe comes in reach")
        }
        Trigger::Enters { hexes, .. } => format!(
            "Wait (opportunity fire): {response} when a foe enters {} watched hex(es)",
            hexes.len()
        ),
    }
}

/// An answer to `question` as a menu line, with the defense it gives:
/// "Parry with Broadsword and retreat: 13".
pub fn answer(state: &State, question: &Question, answer: &Answer) -> String {
    let (
        Question::Defend {
            defender, options, ..
        },
        Answer::Defend {
            kind,
            weapon,
            retreat,
            feverish,
            acrobatic,
            dive,
        },
    ) = (question, answer)
    else {
        return answer.to_string();
    };
    let Some(option) = options
        .iter()
        .find(|o| o.kind == *kind && o.weapon == *weapon)
    else {
        return answer.to_string();
    };
    let f = state.fighter(*defender);
    let mut s = String::new();
    if *acrobatic {
        s.push_str("Acrobatic ");
    }
    match (dive, kind) {
        (Some(Dive::Drop), _) => s.push_str("Dodge and Drop"),
        (Some(Dive::Cover), _) => s.push_str("Dive for Cover"),
        (None, DefenseKind::Parry) => {
            let name = weapon
                .and_then(|w| f.weapons.get(usize::from(w)))
                .map_or("?", |w| w.weapon.name.as_str());
            let _ = write!(s, "Parry with {name}");
        }
        (None, DefenseKind::Spell) => {
            let name = weapon
                .and_then(|w| f.spells.get(usize::from(w)))
                .map_or("?", |sp| sp.spell.name.as_str());
            let _ = write!(s, "Block with the spell {name}");
        }
        (None, k) => s.push_str(kind_name(*k)),
    }
    if *retreat {
        s.push_str(" and retreat");
    }
    if *feverish {
        s.push_str(", feverishly (1 FP)");
    }
    let base = if *retreat {
        option.with_retreat.unwrap_or(option.value)
    } else {
        option.value
    };
    // G-EFF-005, G-DEF-012/013: the bonuses `defense_mods` adds.
    let value = base
        + if *feverish { FEVERISH_BONUS } else { 0 }
        + if dive.is_some() { DIVE_BONUS } else { 0 };
    if *acrobatic {
        // G-DEF-011: better on a successful Acrobatics roll, worse on a failure.
        let _ = write!(
            s,
            ": {} if the Acrobatics roll succeeds, {} if not",
            value + ACROBATIC_SWING,
            value - ACROBATIC_SWING
        );
    } else {
        let _ = write!(s, ": {value}");
    }
    s
}

/// "Sir Gawain with Broadsword (swing) at the neck, Deceptive (-2 to hit, -1 to defend)".
fn strike_words(state: &State, actor: CombatantId, strike: &Strike) -> String {
    let mut s = format!(
        "{} with {}",
        state.fighter(strike.target).name,
        weapon_words(state, actor, strike.weapon, strike.mode)
    );
    if !strike.location.is_torso() {
        let _ = write!(s, " at the {}", String::from(strike.location));
    }
    if strike.chinks {
        s.push_str(" (chinks in armor)");
    }
    if strike.deceptive > 0 {
        let level = i32::from(strike.deceptive);
        let _ = write!(s, ", Deceptive (-{} to hit, -{level} to defend)", 2 * level);
    }
    if strike.telegraphic {
        s.push_str(", Telegraphic");
    }
    if strike.mighty_blow {
        s.push_str(", Mighty Blow (1 FP)");
    }
    if strike.rapid_recovery {
        s.push_str(", Rapid Recovery (1 FP)");
    }
    if let Some(w) = strike.at_weapon {
        let what = if w.disarm { "to disarm" } else { "to break" };
        let foe = state.fighter(strike.target);
        let name = foe
            .weapons
            .get(usize::from(w.weapon))
            .map_or("?", |c| c.weapon.name.as_str());
        let _ = write!(s, ", {what} the {name}");
    }
    s
}

/// The nearest foe standing in the fight to `hex`, and how far it is.
fn nearest_foe(state: &State, actor: CombatantId, hex: HexPos) -> Option<(String, u32)> {
    state
        .active_foes(actor)
        .map(|id| {
            let f = state.fighter(id);
            (f.pose.pos.distance(hex), f.name.to_string())
        })
        .min()
        .map(|(d, name)| (name, d))
}

/// A weapon with its attack mode when it has more than one: "Spear (thrust)".
pub(crate) fn weapon_words(state: &State, who: CombatantId, weapon: u8, mode: u8) -> String {
    let f = state.fighter(who);
    let Some(w) = f.weapons.get(usize::from(weapon)) else {
        return format!("weapon {weapon}");
    };
    match w.weapon.modes.get(usize::from(mode)) {
        Some(m) if w.weapon.modes.len() > 1 => format!("{} ({})", w.weapon.name, m.name),
        _ => w.weapon.name.clone(),
    }
}

/// A weapon's name, or its number when the figure has no such weapon.
fn weapon_name(state: &State, who: CombatantId, weapon: u8) -> String {
    state
        .fighter(who)
        .weapons
        .get(usize::from(weapon))
        .map_or_else(|| format!("weapon {weapon}"), |w| w.weapon.name.clone())
}

pub(crate) fn kind_name(kind: DefenseKind) -> &'static str {
    match kind {
        DefenseKind::Dodge => "Dodge",
        DefenseKind::Parry => "Parry",
        DefenseKind::Block => "Block",
        DefenseKind::Spell => "blocking spell",
    }
}

pub(crate) fn all_out_name(variant: AllOutVariant) -> &'static str {
    match variant {
        AllOutVariant::Determined => "Determined, +4",
        AllOutVariant::Strong => "Strong, more damage",
        AllOutVariant::Double => "Double",
        AllOutVariant::Feint => "Feint",
    }
}
