//! Words for the table: actions, answers, conditions and positions in the
//! words of the fight (names of foes and weapons, strike chances).

use crate::model::action::{Action, Activity, Answer, AttackKind, Question};
use crate::model::state::{Figure, Posture, State};
use crate::resolve::describe_heading;
use crate::resolve::strike::{Blow, mod_sc};
use fray_core::CombatantId;

fn who(state: &State, id: CombatantId) -> String {
    state
        .figures
        .get(id.index())
        .map_or_else(|| format!("#{}", id.0), |f| f.name.to_string())
}

fn weapon_name(f: &Figure, i: Option<u8>) -> String {
    match i.and_then(|i| f.weapons.get(usize::from(i))) {
        Some(h) => h.weapon.name.clone(),
        None => "bare hands".into(),
    }
}

fn kind(k: AttackKind) -> &'static str {
    match k {
        AttackKind::Normal => "",
        AttackKind::Trip => " to trip",
        AttackKind::Entangle => " to entangle",
        AttackKind::Knockout => " to knock out",
        AttackKind::ShieldRush => " with a shield rush",
        AttackKind::Disarm => " to disarm",
    }
}

/// An action as a menu line.
pub fn action(state: &State, actor: CombatantId, a: &Action) -> String {
    let f = state.fig(actor);
    let chance = |t: CombatantId, k: AttackKind| {
        if t.index() >= state.figures.len() {
            return String::new();
        }
        let sc = mod_sc(state, actor, t, &Blow::melee(k, f.pos)).total();
        format!(" (modSC {sc})")
    };
    match a {
        Action::Pass { activity, to, .. } => match activity {
            Activity::None => "Pass".into(),
            Activity::Ready(i) => format!("Pass: ready {}", weapon_name(f, *i)),
            Activity::Shield => "Pass: ready the shield".into(),
            Activity::StandUp => "Pass: stand up".into(),
            Activity::Reload => "Pass: reload".into(),
            Activity::PullOut => "Pass: pull out a lodged weapon".into(),
            Activity::PullOutFrom(c) => {
                format!(
                    "Pass: pull out a weapon lodged in {}",
                    who(state, CombatantId(*c))
                )
            }
            Activity::Disentangle => "Pass: work free of the entanglement".into(),
            Activity::PickUp(i) => format!("Pass: pick up {}", weapon_name(f, Some(*i))),
            Activity::Mount => format!(
                "Pass: mount {}",
                f.steed.map_or_else(String::new, |m| who(state, m))
            ),
            Activity::Dismount => match to {
                Some(h) => format!("Pass: dismount to {h}"),
                None => "Pass: dismount".into(),
            },
        },
        Action::Move { to, .. } => format!("Move to {to}"),
        Action::Attack {
            target, kind: k, ..
        } => format!(
            "Melee Attack {} with {}{}{}",
            who(state, *target),
            weapon_name(f, f.main),
            kind(*k),
            chance(*target, *k)
        ),
        Action::Charge {
            target,
            to,
            kind: k,
        } => {
            format!("Charge {} (to {to}){}", who(state, *target), kind(*k))
        }
        Action::ChargeAndClose { target, .. } => {
            format!("Charge and Close on {}", who(state, *target))
        }
        Action::Close { target } => format!("Close and Grapple {}", who(state, *target)),
        Action::Grapple { target, restrain } => format!(
            "Grapple {}{}",
            who(state, *target),
            if *restrain { " (restrain)" } else { "" }
        ),
        Action::Evade { to, .. } => match to {
            Some(h) => format!("Evade to {h}"),
            None => "Evade in place".into(),
        },
        Action::Withdraw {
            to,
            posture,
            strike,
        } => {
            let p = match posture {
                Some(Posture::Offensive) => " (offensive)",
                Some(Posture::Defensive) => " (defensive, +20 Defense)",
                None => "",
            };
            let s = strike.map_or(String::new(), |t| {
                format!(", striking {} at -20", who(state, t))
            });
            format!("Withdraw to {to}{p}{s}")
        }
        Action::Retreat => "Retreat two hexes".into(),
        Action::Jump { to } => format!("Jump to {to}"),
        Action::Trample { to } => format!("Trample through to {to}"),
        Action::TwoWeapons { targets } => format!(
            "Strike {} with {} and {} with {}",
            who(state, targets[0]),
            weapon_name(f, f.main),
            who(state, targets[1]),
            weapon_name(f, f.off)
        ),
        Action::Sweep { targets } => {
            let names: Vec<String> = targets.iter().map(|&t| who(state, t)).collect();
            format!("Sweep {} with {}", names.join(", "), weapon_name(f, f.main))
        }
        Action::Fire { target, .. } => {
            format!("Fire {} at {}", weapon_name(f, f.main), who(state, *target))
        }
        Action::Recover => "Try to recover from the stun".into(),
    }
}

/// An answer as a menu line.
pub fn answer(state: &State, q: &Question, a: &Answer) -> String {
    match (q, a) {
        (Question::FirstOrLast { .. }, Answer::First(true)) => "act first".into(),
        (Question::FirstOrLast { .. }, Answer::First(false)) => "act last".into(),
        (_, Answer::Side(s)) => format!(
            "{} goes first",
            state.sides.get(s.index()).cloned().unwrap_or_default()
        ),
        (_, Answer::Figure(c)) => format!("{} acts next", who(state, *c)),
        (Question::Repulse { .. }, Answer::Yes(y)) => {
            if *y { "try to repulse" } else { "let it in" }.into()
        }
        (Question::Parry { .. }, Answer::Yes(y)) => {
            if *y { "parry" } else { "do not parry" }.into()
        }
        (Question::DisarmItem { target, .. }, Answer::Item(i)) => match i {
            Some(_) => format!(
                "{} drops {}",
                who(state, *target),
                weapon_name(state.fig(*target), *i)
            ),
            None => format!("{} drops the shield", who(state, *target)),
        },
        _ => a.to_string(),
    }
}

/// A figure's conditions in DragonQuest's words.
pub fn conditions(state: &State, id: CombatantId) -> Vec<String> {
    let f = state.fig(id);
    let s = &f.status;
    let mut out = Vec::new();
    let mut flag = |on: bool, w: &str| {
        if on {
            out.push(w.to_string());
        }
    };
    flag(s.stunned, "stunned");
    flag(s.prone, "prone");
    flag(s.knocked_out > 0, "knocked out");
    flag(s.restrained_by.is_some(), "restrained");
    flag(s.entangled.is_some(), "entangled");
    flag(s.evading, "evading");
    flag(s.defensive, "defensive posture");
    flag(s.close, "close combat");
    flag(
        s.forced_pass > state.pulse || (s.forced_pass == state.pulse && state.pulse > 0),
        "must pass",
    );
    flag(s.lose_action, "loses next action");
    flag(!s.lodged.is_empty(), "weapon lodged");
    flag(s.surprised && state.free_pulse, "surprised");
    flag(f.main.is_none() && !f.weapons.is_empty(), "empty-handed");
    flag(f.shield.is_some() && !f.shield_ready, "shield not ready");
    out
}

/// Where a figure stands.
pub fn position(f: &Figure) -> String {
    format!("{} facing {}", f.pos, describe_heading(f.heading))
}
