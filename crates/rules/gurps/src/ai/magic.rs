//! The caster's plan: go on with a spell under way, throw a charged
//! missile spell where it would hurt most, heal a badly hurt friend (or
//! itself), and charge a missile spell while the FP last (G-SPL-009..011).
//! Blocking spells are weighed with the other defenses in `ai::answer`.

use super::expected_injury;
use crate::model::action::{Action, Cast, Concentrate, Step, Strike};
use crate::model::location::Location;
use crate::model::spell::{Effect, SpellClass};
use crate::model::state::State;
use crate::rules::chance::p_success;
use crate::rules::defense::Incoming;
use fray_core::grid::Pose;
use fray_core::{CombatantId, Total};

/// FP a caster keeps back for blocking spells and the Will to go on.
pub use crate::rules::defense::FP_RESERVE as RESERVE;

/// A spell action for a caster, or `None` to fight as the others do.
pub fn plan(state: &State, me: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    let legal = |a: Action| {
        crate::rules::maneuver::check(state, me, &a)
            .is_ok()
            .then_some(a)
    };
    if f.casting.is_some() {
        return legal(Action::Concentrate(Concentrate::GO_ON));
    }
    if let Some(wi) = crate::rules::magic::held(f) {
        // A melee spell is weighed by the melee AI with the other weapons.
        return if f.weapons[wi].is_ranged(0) {
            throw(state, me, wi)
        } else {
            None
        };
    }
    if f.spells.is_empty() {
        return None;
    }
    heal(state, me)
        .and_then(legal)
        .or_else(|| charge_missile(state, me).and_then(legal))
}

/// The chance a ranged attack on `target` from `from` gets past its best defense.
fn p_through(state: &State, me: CombatantId, target: CombatantId, from: Pose) -> f64 {
    let inc = Incoming {
        melee: false,
        from: from.pos,
        ..Incoming::melee(state, me, target)
    };
    let mut best: Option<i32> = None;
    crate::rules::defense::each_option(state, &inc, None, |o| {
        best = Some(best.map_or(o.value, |b| b.max(o.value)));
    });
    best.map_or(1.0, |d| 1.0 - p_success(d))
}

/// Throws the charged missile at the foe where the expected injury is
/// highest, turning to face it first when needed; when that throw is
/// worse than even and no foe is adjacent yet, Aims at that foe instead
/// (the spell keeps, and a foe that closes in is easier to hit).
fn throw(state: &State, me: CombatantId, wi: usize) -> Option<Action> {
    let f = state.fighter(me);
    let w = &f.weapons[wi];
    let m = w.mode(0)?;
    let mut best: Option<(f64, Strike, Option<Step>, i32)> = None;
    for foe in state.active_foes(me) {
        let t = state.fighter(foe);
        let Some(face) = f.pose.pos.facing_toward(t.pose.pos) else {
            continue;
        };
        let pose = Pose::new(f.pose.pos, face);
        if !crate::rules::attack::reaches_from(state, me, pose, foe, wi, 0) {
            continue;
        }
        let strike = Strike::at(foe).with(wi as u8, 0);
        let skill = crate::rules::attack::to_hit::<Total>(
            state,
            me,
            &strike,
            crate::rules::attack::How::ATTACK,
        )
        .0;
        let loc = Location::Torso;
        let dr = crate::rules::injury::divided_dr(t.dr[loc.index()], m.armor_divisor);
        let mult = crate::rules::location::multiplier_halves(loc, m.damage_type);
        let e = expected_injury(
            crate::rules::damage::dice_for(m.damage, f.stats.st),
            0,
            dr,
            mult,
            i32::MAX / 4,
        );
        let score = p_success(skill) * p_through(state, me, foe, pose) * e;
        let step = (face != f.facing()).then_some(Step {
            to: None,
            face: Some(face),
            after: false,
            posture: None,
        });
        if best.is_none_or(|(b, ..)| score > b + 1e-12) {
            best = Some((score, strike, step, skill));
        }
    }
    let (_, strike, step, skill) = best?;
    let aimed = f
        .aim
        .is_some_and(|a| (a.target, usize::from(a.weapon)) == (strike.target, wi));
    if !aimed && p_success(skill) < 0.5 && !foe_adjacent(state, me) {
        let aim = Action::Aim {
            target: strike.target,
            weapon: strike.weapon,
            mode: 0,
            braced: false,
            step,
        };
        if crate::rules::maneuver::check(state, me, &aim).is_ok() {
            return Some(aim);
        }
    }
    Some(Action::Attack {
        strike,
        step,
        extra: None,
        giant_step: None,
    })
}

/// Whether a foe stands next to `f` (close enough to strike this turn).
fn foe_adjacent(state: &State, me: CombatantId) -> bool {
    let here = state.fighter(me).pose.pos;
    state
        .active_foes(me)
        .any(|id| state.fighter(id).pose.pos.distance(here) <= 1)
}

/// Heals the worst-hurt friend at half HP or less (itself included),
/// when no foe is adjacent, the roll is 10 or better and the FP allow:
/// the spell that heals most for the FP, with the energy the wound needs.
fn heal(state: &State, me: CombatantId) -> Option<Action> {
    if foe_adjacent(state, me) {
        return None;
    }
    let f = state.fighter(me);
    let side = f.side;
    let subject = state
        .ids()
        .filter(|&id| {
            let o = state.fighter(id);
            o.side == side && o.is_conscious() && o.hp * 2 <= o.stats.hp
        })
        .min_by_key(|&id| {
            let o = state.fighter(id);
            (o.hp * 100 / o.stats.hp.max(1), id)
        })?;
    let s = state.fighter(subject);
    let need = s.stats.hp - s.hp;
    let distance = f.pose.pos.distance(s.pose.pos) as i32;
    let mut best: Option<(i32, Cast)> = None;
    for k in f.spells.iter() {
        let Effect::Heal { hp_per_energy } = k.spell.effect else {
            continue;
        };
        if k.spell.class != SpellClass::Regular || hp_per_energy == 0 {
            continue;
        }
        let per = i32::from(hp_per_energy);
        let max = i32::from(k.spell.max_energy_for(f.stats.magery));
        let energy = ((need + per - 1) / per).clamp(i32::from(k.spell.cost), max) as u8;
        let penalty = if subject == me { need } else { distance };
        let cost =
            crate::rules::tables::spell_cost(&k.spell, k.skill - penalty + f.shock, energy, 1);
        if k.skill - penalty + f.shock < 10 || cost > f.fp - RESERVE {
            continue;
        }
        let healed = (i32::from(energy) * per).min(need);
        let value = healed * 10 - cost;
        if best.as_ref().is_none_or(|(b, _)| value > *b) {
            best = Some((value, Cast::spell(&k.spell.name).on(subject).energy(energy)));
        }
    }
    best.map(|(_, cast)| Action::Concentrate(Concentrate::cast(cast)))
}

/// Charges the missile spell with the most dice for the FP: one second
/// of Magery energy, two when the nearest foe cannot reach the caster in
/// two turns.
fn charge_missile(state: &State, me: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    let (_, k) = f
        .spells
        .iter()
        .enumerate()
        .filter(|(_, k)| k.spell.class == SpellClass::Missile)
        .max_by_key(|(i, k)| (k.skill, std::cmp::Reverse(*i)))?;
    let per_second = f.stats.magery.max(1);
    let here = f.pose.pos;
    let far = state.active_foes(me).all(|id| {
        let o = state.fighter(id);
        o.pose.pos.distance(here) as i32 > 2 * o.current_move() + 1
    });
    let seconds = if far { 2 } else { 1 };
    let mut energy = (per_second * seconds)
        .min(i32::from(k.spell.max_energy_for(f.stats.magery)))
        .max(i32::from(k.spell.cost));
    let cost = |e: i32| {
        crate::rules::tables::spell_cost(&k.spell, k.skill + f.shock, e.clamp(0, 255) as u8, 1)
    };
    while energy > i32::from(k.spell.cost) && cost(energy) > f.fp - RESERVE {
        energy -= 1;
    }
    if cost(energy) > f.fp - RESERVE {
        return None;
    }
    let cast = Cast::spell(&k.spell.name).energy(energy as u8);
    Some(Action::Concentrate(Concentrate::cast(cast)))
}
