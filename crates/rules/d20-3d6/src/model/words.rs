//! Actions in the words of the fight: names of foes, weapons and potions,
//! for narration and the menus at the table.

use crate::model::action::{Action, Strike};
use crate::model::state::State;
use fray_core::CombatantId;

fn who(state: &State, id: CombatantId) -> String {
    if state.exists(id) {
        state.fighter(id).name.to_string()
    } else {
        id.to_string()
    }
}

fn weapon(state: &State, actor: CombatantId, w: u8) -> String {
    state
        .fighter(actor)
        .weapon(w)
        .map_or_else(|| format!("weapon {w}"), |a| a.weapon.name.clone())
}

fn potion(state: &State, actor: CombatantId, p: u8) -> String {
    state
        .fighter(actor)
        .potions
        .get(usize::from(p))
        .map_or_else(|| format!("potion {p}"), |x| x.name.to_string())
}

fn strike(state: &State, actor: CombatantId, verb: &str, s: &Strike) -> String {
    let mut t = format!(
        "{verb} {} with {}",
        who(state, s.target),
        weapon(state, actor, s.weapon)
    );
    if s.trust_to_luck {
        t.push_str(", trusting to luck (-4, +1d6)");
    }
    if s.nonlethal {
        t.push_str(", nonlethal");
    }
    if s.dex {
        t.push_str(", with DEX");
    }
    if s.low_level {
        t.push_str(", low-level option (-4 on both)");
    }
    t
}

/// An action in words.
pub fn action(state: &State, actor: CombatantId, a: &Action) -> String {
    match a {
        Action::Attack(s) => strike(state, actor, "Attack", s),
        Action::OffhandAttack(s) => strike(state, actor, "Off-hand attack on", s),
        Action::PreciseStrike(s) => strike(state, actor, "Precise Strike (2 actions, +1d4) on", s),
        Action::Charge { to, strike: s } => format!(
            "{} to {to}",
            strike(state, actor, "Charge (2 actions, +1d6, -4 Defense)", s)
        ),
        Action::Draw { weapon: w, offhand } => format!(
            "Draw {}{}",
            weapon(state, actor, *w),
            if *offhand { " into the off hand" } else { "" }
        ),
        Action::Sheathe { weapon: w } => format!("Sheathe {}", weapon(state, actor, *w)),
        Action::Reload { weapon: w } => format!("Reload {}", weapon(state, actor, *w)),
        Action::TakePotion { potion: p } => format!("Take out {}", potion(state, actor, *p)),
        Action::DrinkPotion { potion: p } => format!("Drink {}", potion(state, actor, *p)),
        Action::GivePotion { potion: p, to } => format!(
            "Give {} to {} (2 actions)",
            potion(state, actor, *p),
            who(state, *to)
        ),
        Action::FirstAid { patient } => {
            format!("First Aid on {} (2 actions)", who(state, *patient))
        }
        Action::Maneuver { kind, target } => {
            format!(
                "{} {} ({} actions)",
                kind.name(),
                who(state, *target),
                kind.cost()
            )
        }
        Action::Cast { spell, target } => {
            let k = state.fighter(actor).spells.get(usize::from(*spell));
            match k {
                Some(k) => {
                    let n = k.spell.actions;
                    let mut t = format!(
                        "Cast {} at {} ({n} action{}, Magic DC {}",
                        k.spell.name,
                        who(state, *target),
                        if n == 1 { "" } else { "s" },
                        k.spell.dc
                    );
                    if let Some(n) = k.left {
                        t.push_str(&format!(", {n} left"));
                    }
                    t.push(')');
                    t
                }
                None => a.to_string(),
            }
        }
        Action::Run { to } => format!("Run to {to} (-1d6 to attacks, -4 Defense)"),
        Action::Ride { to } => {
            let f = state.fighter(actor);
            match f.steed {
                Some(m) => format!("Ride {} to {to} (a mount's action)", who(state, m)),
                None => a.to_string(),
            }
        }
        Action::Mount => match state.fighter(actor).steed {
            Some(m) => format!("Mount {} (2 actions)", who(state, m)),
            None => a.to_string(),
        },
        Action::Dismount { to } => format!("Dismount to {to} (2 actions)"),
        Action::OverrunMove { to, target } => format!(
            "Move to {to}, overrunning {} on the way (2 actions)",
            who(state, *target)
        ),
        Action::TotalDefense => "Total Defense (2 actions, +4)".into(),
        Action::PreparedDefense => "Prepared Defense (+1)".into(),
        other => other.to_string(),
    }
}

/// X-ATK-006: what a golden die's face counts for: a 1 counts 0.
pub const fn golden_value(face: i32) -> i32 {
    if face == 1 { 0 } else { face }
}

/// Golden dice read from their faces (in `RollKind::from_faces` order:
/// the base dice, the explosion rolls of their 6s in turn, then each
/// extra die followed by its own): one chain of faces per die, base dice
/// first. `None` when the faces do not fit `base` and `extra` dice.
pub fn golden_chains(base: usize, extra: usize, faces: &[i32]) -> Option<Vec<Vec<i32>>> {
    let first = faces.get(..base)?;
    let mut chains: Vec<Vec<i32>> = first.iter().map(|&f| vec![f]).collect();
    let mut pos = base;
    for chain in chains.iter_mut() {
        while chain.last() == Some(&6) {
            chain.push(*faces.get(pos)?);
            pos += 1;
        }
    }
    for _ in 0..extra {
        let mut chain = vec![*faces.get(pos)?];
        pos += 1;
        while chain.last() == Some(&6) {
            chain.push(*faces.get(pos)?);
            pos += 1;
        }
        chains.push(chain);
    }
    (pos == faces.len()).then_some(chains)
}

/// One golden die in words (X-ATK-005, X-ATK-006): `4`, `1 counts 0`,
/// `6 explodes, adds 4 = 10`, `6 explodes, adds 6 and explodes, adds 0
/// (a 1) = 12`.
pub fn golden_die(chain: &[i32]) -> String {
    let value: i32 = chain.iter().map(|&f| golden_value(f)).sum();
    match chain {
        [] => String::new(),
        [1] => "1 counts 0".into(),
        [f] => f.to_string(),
        [first, rest @ ..] => {
            let mut t = format!("{first} explodes");
            for (i, &g) in rest.iter().enumerate() {
                let again = g == 6 && i + 1 < rest.len();
                match g {
                    1 => t.push_str(", adds 0 (a 1)"),
                    _ => t.push_str(&format!(", adds {g}")),
                }
                if again {
                    t.push_str(" and explodes");
                }
            }
            t.push_str(&format!(" = {value}"));
            t
        }
    }
}

/// Golden dice in words, die by die: the base dice, then bonus dice
/// (added) or penalty dice (subtracted, X-ATK-010); `None` when the
/// faces do not fit.
pub fn golden_detail(base: u8, extra: i8, faces: &[i32]) -> Option<String> {
    let n = usize::from(base);
    let chains = golden_chains(n, usize::from(extra.unsigned_abs()), faces)?;
    let parts: Vec<String> = chains
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let die = golden_die(c);
            if i < n {
                die
            } else if extra < 0 {
                format!("penalty die -({die})")
            } else {
                format!("bonus die {die}")
            }
        })
        .collect();
    Some(parts.join("; "))
}

/// The sum of the golden dice `chains`.
pub fn golden_sum(chains: &[Vec<i32>]) -> i32 {
    chains.iter().flatten().map(|&f| golden_value(f)).sum()
}
