//! Actions and answers in the words of the fight (names of foes and
//! weapons), for narration and the menus at the table.

use crate::model::action::{Action, Answer, Question, Strike};
use crate::model::data::Base;
use crate::model::state::State;
use fray_core::CombatantId;

pub use crate::model::plural::count;

fn name(state: &State, id: CombatantId) -> String {
    state
        .fighters
        .get(id.index())
        .map_or_else(|| id.to_string(), |f| f.name.to_string())
}

/// "Bastard Sword, cut sw+2" or "punch".
pub fn strike_means(state: &State, who: CombatantId, s: &Strike) -> String {
    if let Some(u) = s.unarmed {
        return u.name().into();
    }
    let Some(h) = state
        .fighters
        .get(who.index())
        .and_then(|f| f.weapons.get(usize::from(s.weapon)))
    else {
        return format!("weapon {}", s.weapon);
    };
    match h.weapon.modes.get(usize::from(s.mode)) {
        Some(m) => format!(
            "{}, {} {}{:+}",
            h.weapon.name,
            m.kind.name(),
            match m.base {
                Base::Thr => "thr",
                Base::Sw => "sw",
            },
            m.modifier
        ),
        None => h.weapon.name.clone(),
    }
}

fn strike_words(state: &State, who: CombatantId, s: &Strike) -> String {
    let mut out = format!(
        "{} ({})",
        name(state, s.target),
        strike_means(state, who, s)
    );
    if let Some(l) = s.location {
        out.push_str(&format!(" at the {l}"));
    }
    let here = state.fighters.get(who.index()).map(|f| f.pos);
    match s.to {
        // A step of no hex: the free turn to face the foe (M-FLO-006).
        Some(to) if Some(to) == here => out.push_str(", turning to face it"),
        Some(to) => out.push_str(&format!(", moving to {to}")),
        None => {}
    }
    out
}

/// ", after a step to (q, r)" for a maneuver's own move.
fn step_words(to: Option<fray_core::grid::HexPos>) -> String {
    to.map_or_else(String::new, |to| format!(", after a step to {to}"))
}

/// An action in words.
pub fn action(state: &State, who: CombatantId, a: &Action) -> String {
    let weapon = |i: u8| weapon_name(state, who, i);
    match a {
        Action::Attack(s) => format!("Attack {}", strike_words(state, who, s)),
        Action::AllOutAttack { strike, bonus } => format!(
            "All-Out Attack ({}) {}",
            bonus.name(),
            strike_words(state, who, strike)
        ),
        Action::RapidAttack(s) => format!("Ranged Rapid Attack {}", strike_words(state, who, s)),
        Action::Feint { target, weapon: w } => {
            format!("Feint at {} with the {}", name(state, *target), weapon(*w))
        }
        Action::AllOutDefense { kind, foe } => match foe {
            Some(f) => format!(
                "All-Out Defense: {} against {}",
                kind.name(),
                name(state, *f)
            ),
            None => format!("All-Out Defense: {}", kind.name()),
        },
        Action::Aim {
            target,
            weapon: w,
            to,
        } => format!(
            "Aim the {} at {}{}",
            weapon(*w),
            name(state, *target),
            step_words(*to)
        ),
        Action::Reload { weapon: w } => format!("Reload the {}", weapon(*w)),
        Action::ReadyWeapon { weapon: w, to } => ready_words(state, who, *w, *to),
        Action::AllOutCharge { strike, option } => format!(
            "All-Out Charge ({}) {}",
            option.name(),
            strike_words(state, who, strike)
        ),
        Action::WildSwing(s) => format!("Wild Swing at {}", strike_words(state, who, s)),
        Action::Move {
            to, swing: Some(s), ..
        } => format!(
            "Move to {to}, with a Wild Swing on the way at {}",
            strike_words(state, who, s)
        ),
        Action::PopUp(s) => format!("Pop-Up Attack {}", strike_words(state, who, s)),
        Action::Slam { target, .. } => format!("Slam {}", name(state, *target)),
        Action::FlyingTackle { target, .. } => format!("Flying Tackle at {}", name(state, *target)),
        Action::Grapple {
            target,
            two_hands,
            wrest,
        } => {
            let hands = if *two_hands { " with both hands" } else { "" };
            let wrest = if *wrest { ", wresting its weapon" } else { "" };
            format!("Grapple {}{hands}{wrest}", name(state, *target))
        }
        Action::Takedown { target } => format!("Takedown {}", name(state, *target)),
        Action::TwoWeaponAttack {
            target,
            first,
            second,
        } => format!(
            "Two-Weapon Attack {} with the {} and the {}",
            name(state, *target),
            weapon(*first),
            weapon(*second)
        ),
        Action::Wait {
            weapon: w,
            to,
            hexes,
            ..
        } => wait_words(state, who, *w, *to, hexes),
        Action::OpportunityFire {
            weapon: w,
            watch,
            confirm,
        } => {
            let confirm = if *confirm {
                ", checking friend or foe"
            } else {
                ""
            };
            format!(
                "Opportunity Fire with the {} at {watch}{confirm}",
                weapon(*w)
            )
        }
        other => other.to_string(),
    }
}

/// The name of `who`'s weapon `i` ("weapon 3" when it has none such).
fn weapon_name(state: &State, who: CombatantId, i: u8) -> String {
    state
        .fighters
        .get(who.index())
        .and_then(|f| f.weapons.get(usize::from(i)))
        .map_or_else(|| format!("weapon {i}"), |h| h.weapon.name.clone())
}

/// Ready Weapon in words: a dropped weapon is picked up from its hex
/// (M-MEL-012, M-CRT-002).
fn ready_words(
    state: &State,
    who: CombatantId,
    w: u8,
    to: Option<fray_core::grid::HexPos>,
) -> String {
    let ground = state
        .fighters
        .get(who.index())
        .and_then(|f| f.weapons.get(usize::from(w)))
        .and_then(|h| h.ground.filter(|_| h.lost));
    let weapon = weapon_name(state, who, w);
    match ground {
        Some(at) => format!(
            "Ready Weapon: pick up the {weapon} from {at}{}",
            step_words(to)
        ),
        None => format!("Ready the {weapon}{}", step_words(to)),
    }
}

/// A Wait in words, with its trigger hexes (M-MEL-011).
fn wait_words(
    state: &State,
    who: CombatantId,
    w: u8,
    to: Option<fray_core::grid::HexPos>,
    hexes: &[fray_core::grid::HexPos],
) -> String {
    let hexes = if hexes.is_empty() {
        String::new()
    } else {
        let named: Vec<String> = hexes.iter().map(|h| h.to_string()).collect();
        format!(" for {}", named.join(", "))
    };
    format!(
        "Wait with the {}{}{hexes}",
        weapon_name(state, who, w),
        step_words(to)
    )
}

/// An answer in words, with the target it rolls against.
pub fn answer(state: &State, q: &Question, a: &Answer) -> String {
    let (defender, options, pd) = match q {
        Question::Defend {
            defender,
            options,
            pd,
            ..
        } => (defender, options, pd),
        Question::Fire { .. } => return a.to_string(),
    };
    match a {
        Answer::Fire { .. } => a.to_string(),
        Answer::NoDefense => format!("No active defense (PD roll against {pd})"),
        Answer::Defend { kind, weapon } => {
            let target = options
                .iter()
                .find(|o| o.kind == *kind && (weapon.is_none() || o.weapon == *weapon))
                .map_or(0, |o| o.target);
            let with = weapon
                .and_then(|w| {
                    state
                        .fighters
                        .get(defender.index())
                        .and_then(|f| f.weapons.get(usize::from(w)))
                })
                .map_or(String::new(), |h| format!(" with the {}", h.weapon.name));
            format!("{}{with} (roll {target} or less)", kind.name())
        }
    }
}

/// What got through DR becomes the HP lost: "nothing gets through",
/// "3 HP lost" (crushing), "3 through ×1.5 cutting = 4 HP lost"
/// (M-WND-001/002, M-CKS-005/007), the multiplier's rule in brackets.
pub fn wound_words(through: i32, f: crate::model::location::Factor, loss: i32) -> String {
    if through <= 0 {
        return "nothing gets through: 0 HP lost".into();
    }
    if f.num == f.den {
        return format!("{through} HP lost");
    }
    format!(
        "{through} through {} = {loss} HP lost [{}]",
        f.label, f.rule
    )
}
