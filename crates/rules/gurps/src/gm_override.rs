//! Game-master overrides for GURPS (issue 15): outside the rules, so no
//! dice; what follows from them comes from the rules on later turns (the
//! shock of GM damage on the figure's next turn, G-INJ-001; consciousness
//! rolls at 0 HP or less, G-INJ-011).

use crate::Gurps;
use crate::model::state::{Life, Posture, State, Stun};
use fray_core::overrides::{Refusal, combatant_named, pool_index, unsupported};
use fray_core::{Illegal, Override};

/// The conditions a GM may add or remove, in the roster's words.
const CONDITIONS: &str = "stunned, mentally stunned, crouching, kneeling, sitting, crawling, \
    lying (remove only), shock (remove only), mortal wound, asleep, unconscious, dead";

pub fn apply(state: &mut State, ov: &Override) -> Result<Vec<String>, Refusal> {
    match ov {
        Override::Damage { who, amount } | Override::Heal { who, amount } if *amount < 0 => {
            Err(Refusal::BadAmount(format!(
                "{who}: give a positive number of points, not {amount}"
            )))
        }
        Override::Damage { who, amount } => {
            let id = combatant_named::<Gurps>(state, who)?;
            let f = state.fighter_mut(id);
            let before = f.hp;
            f.hp -= amount;
            // G-INJ-001: GM injury counts toward shock on the next turn.
            f.injury_since_turn += amount;
            f.record.taken += amount;
            let mut said = vec![format!(
                "{} takes {amount} injury (game master): HP {before} -> {}.",
                f.name, f.hp
            )];
            said.extend(dead_at_minus_five(state, id));
            Ok(said)
        }
        Override::Heal { who, amount } => {
            let id = combatant_named::<Gurps>(state, who)?;
            let f = state.fighter_mut(id);
            let before = f.hp;
            f.hp = (f.hp + amount).min(f.stats.hp).max(f.hp);
            Ok(vec![format!(
                "{} heals {amount} (game master): HP {before} -> {}.",
                f.name, f.hp
            )])
        }
        Override::SetPool { who, pool, value } => {
            let id = combatant_named::<Gurps>(state, who)?;
            let index = pool_index::<Gurps>(pool)?;
            let f = state.fighter_mut(id);
            let (label, now, max) = match index {
                0 => ("HP", &mut f.hp, f.stats.hp),
                _ => ("FP", &mut f.fp, f.stats.fp),
            };
            if *value > max {
                return Err(Refusal::BadAmount(format!(
                    "{label} of {who} is at most {max}, not {value}"
                )));
            }
            let before = std::mem::replace(now, *value);
            let mut said = vec![format!(
                "{}'s {label} set to {value} (game master, was {before}).",
                f.name
            )];
            if index == 0 {
                said.extend(dead_at_minus_five(state, id));
            }
            Ok(said)
        }
        Override::AddCondition { who, condition } => condition_change(state, who, condition, true),
        Override::RemoveCondition { who, condition } => {
            condition_change(state, who, condition, false)
        }
        Override::Delay { who } => delay(state, who),
        other => Err(unsupported::<Gurps>(other)),
    }
}

/// G-INJ-014: dead at -5xHP, without a roll.
fn dead_at_minus_five(state: &mut State, id: fray_core::CombatantId) -> Option<String> {
    let f = state.fighter_mut(id);
    (f.life != Life::Dead && f.hp <= -5 * f.stats.hp.max(1)).then(|| {
        f.life = Life::Dead;
        format!("{} dies (-5xHP, G-INJ-014).", f.name)
    })
}

fn condition_change(
    state: &mut State,
    who: &str,
    condition: &str,
    add: bool,
) -> Result<Vec<String>, Refusal> {
    let id = combatant_named::<Gurps>(state, who)?;
    let cond = condition.trim().to_lowercase();
    let unknown = || Refusal::UnknownCondition {
        condition: condition.to_string(),
        known: CONDITIONS.to_string(),
    };
    let posture = match cond.as_str() {
        "crouching" => Some(Posture::Crouching),
        "kneeling" => Some(Posture::Kneeling),
        "sitting" => Some(Posture::Sitting),
        "crawling" => Some(Posture::Crawling),
        "lying" | "prone" => Some(Posture::Lying),
        _ => None,
    };
    let f = state.fighter(id);
    let name = f.name.to_string();
    if let Some(p) = posture {
        if add && p == Posture::Lying {
            // G-POS-009: a lying figure fills a second hex, which the
            // rules choose when it falls; a GM cannot place it by fiat.
            return Err(unknown());
        }
        if add {
            state.fighter_mut(id).posture = p;
        } else if f.posture == p {
            let pose = f.pose;
            state.fighter_mut(id).posture = Posture::Standing;
            state.place(id, pose, None);
        } else {
            return Err(Refusal::Illegal(Illegal::input(format!(
                "{name} is not {}",
                p.name()
            ))));
        }
    } else {
        let f = state.fighter_mut(id);
        match (cond.as_str(), add) {
            ("stunned", _) => f.stun = add.then_some(Stun::Physical),
            ("mentally stunned", true) => f.stun = Some(Stun::Mental),
            ("shock", false) => f.shock = 0,
            ("mortal wound", _) => f.mortal_wound = add,
            ("asleep", _) => f.asleep = add,
            ("unconscious", true) => f.life = Life::Unconscious,
            ("unconscious", false) | ("dead", false) => f.life = Life::Conscious,
            ("dead", true) => f.life = Life::Dead,
            _ => return Err(unknown()),
        }
    }
    let verb = if add { "is now" } else { "is no longer" };
    Ok(vec![format!("{name} {verb} {cond} (game master).")])
}

/// G-EXT-015 fixes the order; a GM may still let a figure that has not
/// acted this round act after the next one, from now on.
fn delay(state: &mut State, who: &str) -> Result<Vec<String>, Refusal> {
    let id = combatant_named::<Gurps>(state, who)?;
    let refuse = |why: String| Err(Refusal::Illegal(Illegal::new("G-EXT-015", why)));
    let Some(at) = state.order.iter().position(|&o| o == id) else {
        return refuse("the turn order is fixed at the first turn: delay after it".into());
    };
    if state.cursor.is_some_and(|c| at <= c) {
        return refuse(format!("{who} has acted this round already"));
    }
    if at + 1 >= state.order.len() {
        return refuse(format!("{who} acts last this round already"));
    }
    state.order.swap(at, at + 1);
    let after = state.fighter(state.order[at]).name.to_string();
    let name = state.fighter(id).name.to_string();
    Ok(vec![format!(
        "{name} delays: acts after {after} from now on (game master)."
    )])
}
