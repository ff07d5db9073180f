//! The first AI of d20-3d6, kept unchanged as `ai:basic`
//! (`ai:basic-aggressive`, `ai:basic-defensive`) so that people and tests
//! can compare it with the seasoned one: it spends its three actions by the
//! odds of hitting (move + attack + attack, a charge from afar, the
//! low-level option, trust to luck and Precise Strike when they pay),
//! stands up, drinks, helps the dying, casts healing and damaging spells
//! (X-MAN-007), takes Total Defense when outmatched, and takes every
//! attack of opportunity it is offered.

use super::{chance, legal, magic_chance, swing_chance, target, totals};
use crate::model::action::{Action, Answer, Question, Strike};
use crate::model::options::LowLevelOption;
use crate::model::sheet::Place;
use crate::model::state::{Condition, Life, State};
use crate::model::tactics::Tactics;
use crate::resolve::movement::approach;
use crate::rules::attack::{Mode, Swing};
use crate::rules::geometry::{best_reach, distance, weapon_reach};
use crate::rules::legal::check;
use fray_core::CombatantId;
use fray_core::grid::SquarePos;

/// A step of a choice: `Some` when the step decides the action (itself
/// possibly none: the turn ends), `None` to go on to the next step.
type Decided = Option<Option<Action>>;

/// The first AI's next action, if any (the caller checks it): the first
/// step that decides, in order of need.
pub(super) fn choose(state: &State, actor: CombatantId) -> Option<Action> {
    let steps: [fn(&State, CombatantId) -> Decided; 7] = [
        stand_up,
        drink,
        first_aid,
        escape,
        cast,
        draw,
        |state, actor| Some(fight(state, actor)),
    ];
    steps.iter().find_map(|step| step(state, actor)).flatten()
}

/// Stand up first (X-MAN-012): the Immediate when the check is likely.
fn stand_up(state: &State, actor: CombatantId) -> Decided {
    let f = state.fighter(actor);
    if !f.cond.has(Condition::Prone) {
        return None;
    }
    if chance(f.stats.skills.acrobatics, 0, 13) >= 0.5
        && let Some(a) = legal(state, actor, Action::StandUp { immediate: true })
    {
        return Some(Some(a));
    }
    Some(legal(state, actor, Action::StandUp { immediate: false }))
}

/// A potion when badly hurt (X-MAN-015/016).
fn drink(state: &State, actor: CombatantId) -> Decided {
    let f = state.fighter(actor);
    if f.hp * 4 > f.stats.hp_max {
        return None;
    }
    for (i, p) in f.potions.iter().enumerate() {
        let i = i as u8;
        match p.at {
            Some(Place::Hand) => {
                return Some(legal(state, actor, Action::DrinkPotion { potion: i }));
            }
            Some(_) => {
                if let Some(a) = legal(state, actor, Action::TakePotion { potion: i }) {
                    return Some(Some(a));
                }
            }
            None => {}
        }
    }
    None
}

/// A dying friend next to us (X-LIF-008), no foe threatening; First Aid
/// reaches the adjacent only (X-LIF-006).
fn first_aid(state: &State, actor: CombatantId) -> Decided {
    let f = state.fighter(actor);
    if f.stats.skills.first_aid == 0 || crate::rules::geometry::threatened(state, actor) {
        return None;
    }
    let patient = state.first_near(f.pos, f.edge(), 1, |p, pf| {
        p != actor
            && !state.foes(actor, p)
            && pf.hp <= 0
            && pf.life != Life::Dead
            && legal(state, actor, Action::FirstAid { patient: p }).is_some()
    })?;
    Some(Some(Action::FirstAid { patient }))
}

/// Grappled: escape (X-SPM-004).
fn escape(state: &State, actor: CombatantId) -> Decided {
    state
        .fighter(actor)
        .grappled_by
        .map(|_| legal(state, actor, Action::Escape))
}

/// Spells (X-MAN-007): heal the worst-off ally, else strike from afar.
fn cast(state: &State, actor: CombatantId) -> Decided {
    if state.fighter(actor).spells.is_empty() {
        return None;
    }
    spell(state, actor).map(Some)
}

/// A weapon in hand (X-MAN-013): the first that may be drawn, else none.
fn draw(state: &State, actor: CombatantId) -> Decided {
    let f = state.fighter(actor);
    if f.main.is_some() || f.off.is_some() {
        return None;
    }
    let draw = |w| {
        let a = Action::Draw {
            weapon: w,
            offhand: false,
        };
        legal(state, actor, a)
    };
    Some((0..f.weapons.len() as u8).find_map(draw))
}

/// Against the nearest foe: ride in, get back on a mount, Total Defense
/// when outmatched, strike what reaches, else close in.
fn fight(state: &State, actor: CombatantId) -> Option<Action> {
    let t = target(state, actor)?;
    // X-QCK-008: a rider's mount carries it into reach first; with only
    // the mount's actions left and nothing to ride to, the turn ends.
    if let Some(a) = ride_in(state, actor, t) {
        return Some(a);
    }
    if state.turn.actions == 0 {
        return None;
    }
    if let Some(a) = remount(state, actor, t).or_else(|| outmatched(state, actor, t)) {
        return Some(a);
    }
    if state.fighter(actor).total_defense {
        return None;
    }
    if let Some(decided) = strike(state, actor, t) {
        return decided;
    }
    let f = state.fighter(actor);
    if f.tactics == Tactics::Defensive && distance(state, actor, t) <= 3 {
        return legal(state, actor, Action::PreparedDefense).or(Some(Action::EndTurn));
    }
    close_in(state, actor, t)
}

/// X-MAN-018: a rider on foot gets back on its mount when no foe is
/// within reach and a whole turn is still ahead.
fn remount(state: &State, actor: CombatantId, t: CombatantId) -> Option<Action> {
    let f = state.fighter(actor);
    let turn = state.turn;
    if f.steed.is_some()
        && !f.mounted
        && turn.actions >= 2
        && turn.attacks == 0
        && best_reach(f).is_none_or(|r| distance(state, actor, t) > r)
    {
        return legal(state, actor, Action::Mount);
    }
    None
}

/// X-MAN-009: Total Defense when outmatched: badly hurt, facing a
/// healthier foe, nothing attacked yet.
fn outmatched(state: &State, actor: CombatantId, t: CombatantId) -> Option<Action> {
    let f = state.fighter(actor);
    if f.tactics != Tactics::Aggressive
        && state.turn.attacks == 0
        && f.hp * 4 <= f.stats.hp_max
        && state.fighter(t).hp > 2 * f.hp
        && !f.total_defense
        && distance(state, actor, t) <= 2
    {
        return legal(state, actor, Action::TotalDefense);
    }
    None
}

/// Strike with what reaches: the weapon with the best chance, when it is
/// worth a swing, else Prepared Defense or the end of the turn (`Some`);
/// `None` when nothing in hand may strike `t` now.
fn strike(state: &State, actor: CombatantId, t: CombatantId) -> Decided {
    let f = state.fighter(actor);
    let weapons: arrayvec::ArrayVec<u8, 2> = [f.main, f.off].into_iter().flatten().collect();
    let mut best: Option<(f64, Action)> = None;
    for &w in &weapons {
        if let Some((p, a)) = swing(state, actor, t, w)
            && best.as_ref().is_none_or(|(bp, _)| p > *bp)
        {
            best = Some((p, a));
        }
    }
    let (p, a) = best?;
    let floor = match f.tactics {
        Tactics::Aggressive => 0.0,
        _ => 0.08,
    };
    if p >= floor {
        return Some(Some(a));
    }
    if f.tactics == Tactics::Default && !f.prepared {
        return Some(legal(state, actor, Action::PreparedDefense));
    }
    Some(None)
}

/// The best way to swing `w` at `t` now, with its chance to hit: the
/// low-level option, trust to luck and a Precise Strike when they pay;
/// `None` when `w` may not strike `t`.
fn swing(state: &State, actor: CombatantId, t: CombatantId, w: u8) -> Option<(f64, Action)> {
    let f = state.fighter(actor);
    let o = &*state.options;
    let turn = state.turn;
    let off = f.off == Some(w) && f.main.is_some() && f.main != Some(w);
    let mut s = Strike::new(t, w);
    let mode = if off { Mode::Offhand } else { Mode::Single };
    if o.low_level_option == LowLevelOption::Choice
        && f.stats.bab < 6
        && turn.attacks == 0
        && turn.actions == 2
        && !off
    {
        s.low_level = low_level_pays(state, actor, mode, s);
    }
    let sw = Swing {
        attacker: actor,
        mode,
        strike: s,
    };
    let plain = if off {
        Action::OffhandAttack(s)
    } else {
        Action::Attack(s)
    };
    check(state, actor, &plain).ok()?;
    // One sum of the rules' bonuses and Defense serves every variant:
    // trust to luck is -4 and one more die (X-ATK-007), a Precise
    // Strike the same roll plus a d4 (X-MAN-011).
    let (plus, dice, def) = totals(state, &sw);
    let roll = |luck: bool| {
        if luck {
            (plus - 4, dice + 1)
        } else {
            (plus, dice)
        }
    };
    let single = |luck: bool| {
        let (b, d) = roll(luck);
        chance(b, d, def)
    };
    let precise = |luck: bool| {
        let (b, d) = roll(luck);
        (1..=4).map(|x| chance(b + x, d, def)).sum::<f64>() / 4.0
    };
    // X-ATK-007: trust to luck when the extra die raises the chance to
    // hit by more than a point: it pays against a high Defense.
    let (p0, pl) = (single(false), single(true));
    let luck = pl > p0 + 0.01;
    let p = if luck { pl } else { p0 };
    let strike = Strike {
        trust_to_luck: luck,
        ..s
    };
    let a = if off {
        Action::OffhandAttack(strike)
    } else {
        Action::Attack(strike)
    };
    // X-MAN-011: a Precise Strike (2 actions, +1d4) instead of two
    // attacks, when its one roll is worth more hits than the attacks
    // it replaces: the next one at -step (two actions left) or the
    // one at -2 steps it pushes out of the turn (three).
    if !off && !s.low_level && !turn.low_level && turn.actions >= 2 {
        let (q0, ql) = (precise(false), precise(true));
        let pluck = ql > q0 + 0.01;
        let pp = if pluck { ql } else { q0 };
        let lost = if turn.actions >= 3 { 2 } else { 1 };
        let later = plus - lost * o.multiple_attack_step;
        let other = chance(later, dice, def).max(chance(later - 4, dice + 1, def));
        if pp > p + other {
            let pa = Action::PreciseStrike(Strike {
                trust_to_luck: pluck,
                ..s
            });
            if check(state, actor, &pa).is_ok() {
                return Some((pp, pa));
            }
        }
    }
    Some((p, a))
}

/// X-MUL-006: whether the low-level pair (-4 each) beats two attacks.
/// Before any attack the progression adds nothing: the second attack is
/// the same roll at -step.
fn low_level_pays(state: &State, actor: CombatantId, mode: Mode, s: Strike) -> bool {
    let sw = Swing {
        attacker: actor,
        mode,
        strike: s,
    };
    let (plus, dice, def) = totals(state, &sw);
    let p0 = chance(plus, dice, def);
    let p5 = chance(plus - state.options.multiple_attack_step, dice, def);
    let p4 = chance(plus - 4, dice, def);
    2.0 * p4 > p0 + p5
}

/// Out of reach: charge, move in, or run (or walk) straight at `t`.
fn close_in(state: &State, actor: CombatantId, t: CombatantId) -> Option<Action> {
    let f = state.fighter(actor);
    let tf = state.fighter(t);
    let turn = state.turn;
    let dist = distance(state, actor, t);
    let w = f.main.or(f.off)?;
    let reach = weapon_reach(f, w)?;
    if turn.actions >= 2
        && turn.attacks == 0
        && dist > reach
        && let Some((to, _)) = approach(state, actor, tf.pos, tf.edge(), reach, f.stats.move_m)
        && let Some(a) = legal(
            state,
            actor,
            Action::Charge {
                to,
                strike: Strike::new(t, w),
            },
        )
    {
        return Some(a);
    }
    if let Some((to, _)) = approach(state, actor, tf.pos, tf.edge(), reach, f.stats.move_m)
        && let Some(a) = legal(state, actor, Action::Move { to })
    {
        return Some(a);
    }
    // Too far for one move: run (or walk) straight at it.
    let run = turn.actions >= 1 && dist > f.stats.move_m + reach + 1;
    let budget = if run {
        2 * f.stats.move_m
    } else {
        f.stats.move_m
    };
    let go = |to| {
        if run {
            Action::Run { to }
        } else {
            Action::Move { to }
        }
    };
    if let Some((to, _)) = approach(state, actor, tf.pos, tf.edge(), reach, budget)
        && let Some(a) = legal(state, actor, go(to))
    {
        return Some(a);
    }
    legal(state, actor, go(toward_point(state, actor, tf.pos, budget)))
}

/// X-QCK-008: a Ride toward `t` when the rider sits a mount with actions
/// left and no weapon in hand reaches `t`: to the nearest square of reach
/// within the mount's Move, else straight at it.
pub(super) fn ride_in(state: &State, actor: CombatantId, t: CombatantId) -> Option<Action> {
    let m = state.riding(actor)?;
    if state.turn.mount_actions == 0 {
        return None;
    }
    let f = state.fighter(actor);
    let reach = best_reach(f)?;
    if distance(state, actor, t) <= reach {
        return None;
    }
    let (mf, tf) = (state.fighter(m), state.fighter(t));
    if let Some((to, _)) = approach(state, m, tf.pos, tf.edge(), reach, mf.stats.move_m)
        && let Some(a) = legal(state, actor, Action::Ride { to })
    {
        return Some(a);
    }
    let step = toward_point(state, m, tf.pos, mf.stats.move_m);
    if step == mf.pos {
        return None;
    }
    legal(state, actor, Action::Ride { to: step })
}

/// X-MAN-007: the spell worth casting now, if any. Healing goes to a
/// dying ally first, then to the ally (itself included) with the fewest
/// HP at half or less, when the Magic check is at least 1 in 3. A damaging
/// spell goes to the nearest foe when the check is at least even and no
/// weapon in hand reaches that foe, or the spell's mean beats the best
/// swing's expected damage.
pub(super) fn spell(state: &State, actor: CombatantId) -> Option<Action> {
    let f = state.fighter(actor);
    let usable = |i: usize| f.spells[i].left != Some(0);
    // Healing.
    let mut patients: Vec<CombatantId> = state
        .ids()
        .filter(|&p| {
            let pf = state.fighter(p);
            !state.foes(actor, p) && pf.life != Life::Dead && 2 * pf.hp <= pf.stats.hp_max
        })
        .collect();
    patients.sort_by_key(|&p| (state.fighter(p).hp, p));
    for &p in &patients {
        for i in 0..f.spells.len() {
            let k = &f.spells[i];
            if !usable(i) || k.spell.effect != crate::model::data::SpellEffect::Heal {
                continue;
            }
            if magic_chance(state, actor, k.spell.dc) < 1.0 / 3.0 {
                continue;
            }
            let a = Action::Cast {
                spell: i as u8,
                target: p,
            };
            if let Some(a) = legal(state, actor, a) {
                return Some(a);
            }
        }
    }
    // Damage.
    let t = target(state, actor)?;
    let dist = distance(state, actor, t);
    let reached = [f.main, f.off]
        .into_iter()
        .flatten()
        .any(|w| weapon_reach(f, w).is_some_and(|r| r >= dist));
    let best_swing = [f.main, f.off]
        .into_iter()
        .flatten()
        .filter_map(|w| {
            let sw = Swing {
                attacker: actor,
                mode: Mode::Single,
                strike: Strike::new(t, w),
            };
            check(state, actor, &Action::Attack(sw.strike)).ok()?;
            let a = f.weapon(w)?;
            let mean = f64::from(a.weapon.damage.count) * (f64::from(a.weapon.damage.sides) + 1.0)
                / 2.0
                + f64::from(crate::rules::damage::adds(f, a, false));
            Some(swing_chance(state, &sw) * mean.max(1.0))
        })
        .fold(0.0f64, f64::max);
    let mut best: Option<(f64, Action)> = None;
    for i in 0..f.spells.len() {
        let k = &f.spells[i];
        if !usable(i) || k.spell.effect != crate::model::data::SpellEffect::Damage {
            continue;
        }
        let p = magic_chance(state, actor, k.spell.dc);
        if p < 0.5 {
            continue;
        }
        let d = k.spell.dice;
        let mean =
            (f64::from(d.count) * (f64::from(d.sides) + 1.0) / 2.0 + f64::from(d.plus)).max(1.0);
        let worth = p * mean;
        if reached && worth <= best_swing {
            continue;
        }
        let a = Action::Cast {
            spell: i as u8,
            target: t,
        };
        if check(state, actor, &a).is_ok() && best.as_ref().is_none_or(|(w, _)| worth > *w) {
            best = Some((worth, a));
        }
    }
    if best.is_some() {
        return best.map(|(_, a)| a);
    }
    // A caster whose spell reaches the foe but whose actions ran short
    // stays back rather than wading in: Prepared Defense, else end the turn.
    let holds_back = !reached
        && (0..f.spells.len()).any(|i| {
            let k = &f.spells[i];
            usable(i)
                && k.spell.effect == crate::model::data::SpellEffect::Damage
                && k.spell.range_m >= dist
                && k.spell.actions > state.turn.actions
        });
    if holds_back {
        return legal(state, actor, Action::PreparedDefense).or(Some(Action::EndTurn));
    }
    None
}

/// The farthest free square toward `goal` within `budget` metres on a straight line.
pub(super) fn toward_point(
    state: &State,
    actor: CombatantId,
    goal: SquarePos,
    budget: u32,
) -> SquarePos {
    let f = state.fighter(actor);
    let (dx, dy) = (goal.x - f.pos.x, goal.y - f.pos.y);
    let n = dx.abs().max(dy.abs()).max(1);
    for k in (1..=budget.min(n as u32) as i32).rev() {
        let p = SquarePos::new(f.pos.x + dx * k / n, f.pos.y + dy * k / n);
        if crate::rules::geometry::free_space(state, actor, p).is_some() {
            return p;
        }
    }
    f.pos
}

/// The AI's answers: every free attack is taken (X-ACT-007, X-QCK-003),
/// with the first weapon offered; critical initiative buys a Reaction
/// (attacks of opportunity) (X-SEQ-002).
pub(super) fn answer(_state: &State, q: &Question) -> Answer {
    match q {
        Question::Reaction { weapons, .. } => match weapons.first() {
            Some(&w) => Answer::Strike { weapon: w },
            None => Answer::Decline,
        },
        Question::ExtraAction { .. } => Answer::ExtraReaction,
    }
}
