//! The first AI, kept as `ai:basic` (`ai:basic-cautious`,
//! `ai:basic-capture`) so that people and tests can compare it with the
//! seasoned default ([`super::seasoned`]): a sensible DragonQuest fighter.
//! It recovers from stuns, stands up, readies a melee weapon when its
//! hands are empty or foes are close, shoots when it has a loaded missile
//! weapon and a target in range, charges a foe it can reach (from outside
//! the foe's melee zone when it can, so the foe's shield and first strike
//! count less), otherwise closes the distance; engaged, it strikes the foe
//! it has the best chance to hurt. Answers: act first, repulse and parry
//! when the ranks favour it, keep the armor unless it is thin (DQ-18-005).
//! The seasoned AI reuses its parts ([`super::seasoned`]).

use super::tactic;
use crate::model::action::{Action, Activity, Answer, AttackKind, Question};
use crate::model::data::{Category, Use};
use crate::model::state::{Hold, Posture, State};
use crate::resolve::strike::{Blow, mod_sc_total};
use crate::rules::actions::{self, Status, face_toward, reaches};
use crate::rules::values::{self, MoveKind};
use crate::rules::{damage, movement, zones};
use fray_core::CombatantId;
use fray_core::grid::{Heading, HexPos};

pub(super) fn foes(state: &State, who: CombatantId) -> impl Iterator<Item = CombatantId> + '_ {
    state
        .ids()
        .filter(move |&o| state.hostile(o, who) && state.fig(o).in_fight())
}

/// The AI's score of striking `t`: the chance to hit, weighted toward foes
/// nearly down.
pub(super) fn score(state: &State, who: CombatantId, t: CombatantId) -> i32 {
    score_of(state, t, score_sc(state, who, t, AttackKind::Normal))
}

/// [`score`] from a strike chance already worked out.
pub(super) fn score_of(state: &State, t: CombatantId, sc: i32) -> i32 {
    let tf = state.fig(t);
    let weak = if tf.status.stunned { 20 } else { 0 };
    sc.clamp(0, 98) + weak - tf.en
}

/// The action of `who`, worked out (after the reflexes, `super::reflex`).
pub fn action(state: &State, who: CombatantId) -> Action {
    let f = state.fig(who);
    if f.aboard {
        return ride(state, who);
    }
    if f.rider.is_some() {
        // DQ-23 (decision): the rider steers; the mount only strikes.
        return engaged(state, who).unwrap_or(Action::PASS);
    }
    let st = actions::status(state, who);
    if st == Status::Close {
        let target = foes(state, who).find(|&o| zones::in_close_with(state, o, who));
        return match target {
            Some(t) => grapple(state, who, t),
            None => Action::PASS,
        };
    }
    let nearest = foes(state, who).min_by_key(|&o| (state.fig(o).distance(f), o.0));
    let Some(nearest) = nearest else {
        return Action::PASS;
    };
    let near = state.fig(nearest).distance(f);
    let holds_ranged = f.weapon().is_some_and(|h| !h.weapon.rated(Use::Melee));
    // Hands empty or a bow in melee: ready the best melee weapon.
    if (f.main.is_none() || (holds_ranged && near <= 2))
        && let Some(i) = best_melee(state, who)
    {
        return pass(Activity::Ready(Some(i)));
    }
    if st == Status::Engaged {
        if let Some(a) = step_back(state, who) {
            return a;
        }
        return engaged(state, who).unwrap_or(Action::Evade {
            to: None,
            facing: None,
        });
    }
    if holds_ranged || f.weapon().is_some_and(|h| h.weapon.crossbow) {
        if let Some(a) = shoot(state, who) {
            return a;
        }
    }
    if let Some(a) = trample(state, who) {
        return a;
    }
    if let Some(a) = charge(state, who) {
        return a;
    }
    approach(state, who, nearest)
}

/// DQ-23: a rider in the saddle strikes a foe beside the mount's head when
/// it can (Evades when it cannot strike an engaged foe), charges a foe it
/// can reach straight ahead without turning (DQ-23-005), else rides toward
/// the nearest foe, preferring places from which it can strike.
pub(super) fn ride(state: &State, who: CombatantId) -> Action {
    let mount = state.mover(who);
    if state.fig(who).main.is_none()
        && let Some(i) = best_melee(state, who)
    {
        return pass(Activity::Ready(Some(i)));
    }
    let engaged_now = actions::status(state, who) != Status::Free
        || actions::status(state, mount) != Status::Free;
    if engaged_now {
        if let Some(a) = engaged(state, who) {
            return a;
        }
        let evade = Action::Evade {
            to: None,
            facing: None,
        };
        return if actions::check(state, who, &evade).is_ok() {
            evade
        } else {
            Action::PASS
        };
    }
    let budget = crate::rules::mounted::charge_allowance(state, who);
    let places = movement::reach(state, mount, budget, true);
    let mut best: Option<(i32, Action)> = None;
    for t in foes(state, who) {
        for r in places.iter().filter(|r| r.steps > 0) {
            if !reaches(state, who, r.head, r.heading, t) {
                continue;
            }
            let value = score(state, who, t) - r.cost;
            let a = Action::Charge {
                target: t,
                to: r.head,
                kind: AttackKind::Normal,
            };
            if best.as_ref().is_none_or(|(v, _)| value > *v)
                && actions::check(state, who, &a).is_ok()
            {
                best = Some((value, a));
            }
        }
    }
    if let Some((_, a)) = best {
        return a;
    }
    let f = state.fig(who);
    let Some(t) = foes(state, who).min_by_key(|&o| (state.fig(o).distance(f), o.0)) else {
        return Action::PASS;
    };
    let m = state.fig(mount);
    let tb = state.fig(t).body();
    let tmr = actions::tmr_for(state, mount, MoveKind::Other);
    let to = movement::reach(state, mount, tmr, false)
        .into_iter()
        .filter(|r| r.steps > 0)
        .min_by_key(|r| {
            let body = crate::model::state::footprint(m.shape, r.head, r.heading);
            (
                !reaches(state, who, r.head, r.heading, t),
                body.distance(&tb),
                r.cost,
                r.head.q,
                r.head.r,
                r.heading.sixths(),
            )
        });
    match to {
        Some(r) => {
            let a = Action::Move {
                to: r.head,
                facing: None,
            };
            if actions::check(state, who, &a).is_ok() {
                a
            } else {
                Action::PASS
            }
        }
        None => Action::PASS,
    }
}

/// DQ-22-004: the heads a multi-hex monster's trample might end on, straight
/// ahead along each side of its facing corner, within its TMR (unchecked).
pub fn trample_hexes(state: &State, who: CombatantId) -> arrayvec::ArrayVec<HexPos, 32> {
    let f = state.fig(who);
    let mut out = arrayvec::ArrayVec::new();
    let Heading::Corner(c) = f.heading else {
        return out;
    };
    if f.is_single() {
        return out;
    }
    let tmr = actions::tmr_for(state, who, MoveKind::Other).clamp(1, 15);
    for d in c.sides() {
        let mut h = f.pos;
        for _ in 0..tmr {
            h = h.neighbour(d);
            let _ = out.try_push(h);
        }
    }
    out
}

/// DQ-22-004, DQ-22-005: a multi-hex monster tramples when it can run over
/// foes and no friend: the most foes, then the shortest way.
pub(super) fn trample(state: &State, who: CombatantId) -> Option<Action> {
    let budget = actions::tmr_for(state, who, MoveKind::Other);
    let mut best: Option<(usize, u32, Action)> = None;
    for to in trample_hexes(state, who) {
        let Ok(path) = movement::trample_path(state, who, to, budget) else {
            continue;
        };
        if path.victims.iter().any(|&v| !state.hostile(v, who)) {
            continue;
        }
        let foes = path
            .victims
            .iter()
            .filter(|&&v| state.fig(v).in_fight())
            .count();
        let len = state.fig(who).pos.distance(to);
        if foes > 0
            && best
                .as_ref()
                .is_none_or(|(n, l, _)| foes > *n || (foes == *n && len < *l))
        {
            best = Some((foes, len, Action::Trample { to }));
        }
    }
    best.map(|(_, _, a)| a)
}

pub(super) fn pass(activity: Activity) -> Action {
    Action::Pass {
        activity,
        to: None,
        facing: None,
    }
}

/// The stowed melee weapon with the best strike chance.
pub(super) fn best_melee(state: &State, who: CombatantId) -> Option<u8> {
    let f = state.fig(who);
    f.weapons
        .iter()
        .enumerate()
        .filter(|(_, h)| h.hold == Hold::Stowed && h.weapon.rated(Use::Melee))
        .max_by_key(|(i, h)| {
            (
                values::strike_chance(f, h.weapon, h.rank, None).total(),
                std::cmp::Reverse(*i),
            )
        })
        .map(|(i, _)| i as u8)
}

/// Engaged: strike the best target within reach.
pub(super) fn engaged(state: &State, who: CombatantId) -> Option<Action> {
    let f = state.fig(who);
    let best = foes(state, who)
        .filter(|&t| {
            let inside = zones::in_mz(state, t, who);
            let heading = if inside {
                face_toward(state, who, f.pos, t)
            } else {
                f.heading
            };
            reaches(state, who, f.pos, heading, t)
        })
        .map(|t| (t, score_sc(state, who, t, AttackKind::Normal)))
        .max_by_key(|&(t, sc)| (score_of(state, t, sc), std::cmp::Reverse(t.0)))?;
    let (best, sc) = best;
    // DQ-13-004, DQ-13-005: with no better than a 1 in 5 chance to hit,
    // Evade instead (modAG again on Defense, and the right to parry).
    if sc < 20 && values::parry_rank(f).is_some() {
        let evade = Action::Evade {
            to: None,
            facing: None,
        };
        if actions::check(state, who, &evade).is_ok() {
            return Some(evade);
        }
    }
    let a = Action::Attack {
        target: best,
        kind: special(state, who, best),
        from: None,
    };
    actions::check(state, who, &a).ok().map(|_| a)
}

/// The modSC of a Melee Attack of `kind` on `t` from where `who` stands.
pub(super) fn score_sc(state: &State, who: CombatantId, t: CombatantId, kind: AttackKind) -> i32 {
    mod_sc_total(state, who, t, &Blow::melee(kind, state.fig(who).pos))
}

/// DQ-16-008..020: the attack type against `t`, the first that applies:
/// `capture` tactics knock out (DQ-16-017); an entangling weapon entangles
/// a free foe (DQ-16-011); a weapon that trips (or kicks at Unarmed rank
/// 3, DQ-21-004) trips a standing foe when that costs at most 10 off the
/// strike chance (DQ-16-010: a fallen foe must Pass to stand); a foe two
/// or more ranks better with its weapon is disarmed when the -20 still
/// leaves 40 (DQ-16-020). Otherwise an ordinary strike.
pub(super) fn special(state: &State, who: CombatantId, t: CombatantId) -> AttackKind {
    let ok = |kind| {
        actions::check(
            state,
            who,
            &Action::Attack {
                target: t,
                kind,
                from: None,
            },
        )
        .is_ok()
    };
    let tf = state.fig(t);
    let f = state.fig(who);
    // The weapon's flags first: most fighters have no special attack to
    // weigh, and the simulator should not pay for checking them.
    let w = values::weapon_of(state, f);
    if tactic(state, who) == "capture" && ok(AttackKind::Knockout) {
        return AttackKind::Knockout;
    }
    if w.entangle && tf.status.entangled.is_none() && !tf.status.prone && ok(AttackKind::Entangle) {
        return AttackKind::Entangle;
    }
    let kick = w.category == Category::Unarmed && f.unarmed_rank.unwrap_or(0) >= 3;
    if (w.trip || kick)
        && !tf.status.prone
        && !tf.status.stunned
        && ok(AttackKind::Trip)
        && score_sc(state, who, t, AttackKind::Trip) + 10
            >= score_sc(state, who, t, AttackKind::Normal)
    {
        return AttackKind::Trip;
    }
    let own = values::rank(state.fig(who)).map_or(0, i32::from);
    let theirs = tf.weapon().and_then(|h| h.rank).map_or(-1, i32::from);
    if theirs >= own + 2
        && score_sc(state, who, t, AttackKind::Disarm) >= 40
        && ok(AttackKind::Disarm)
    {
        return AttackKind::Disarm;
    }
    AttackKind::Normal
}

/// DQ-13-019, DQ-16-013..015: in close combat, Restrain when its strike
/// chance is 30 or more (a restrained foe is out of the fight), else an
/// ordinary Grapple.
pub(super) fn grapple(state: &State, who: CombatantId, t: CombatantId) -> Action {
    let restrain = Action::Grapple {
        target: t,
        restrain: true,
    };
    let blow = crate::resolve::close::grapple_blow(state, who, true);
    if mod_sc_total(state, who, t, &blow) >= 30 && actions::check(state, who, &restrain).is_ok() {
        return restrain;
    }
    Action::Grapple {
        target: t,
        restrain: false,
    }
}

/// `cautious` tactics (DQ-13-006..008): at a third of its EN or less, an
/// engaged figure withdraws one hex back, in a Defensive posture when its
/// shield is prepared (+20 Defense), else Evades.
pub(super) fn step_back(state: &State, who: CombatantId) -> Option<Action> {
    let f = state.fig(who);
    if tactic(state, who) != "cautious" || 3 * f.en > f.stats.en || !f.is_single() {
        return None;
    }
    for to in zones::rear_hexes(f) {
        let postures = if f.shield.is_some() && f.shield_ready {
            [Some(Posture::Defensive), None]
        } else {
            [None, None]
        };
        for posture in postures {
            let a = Action::Withdraw {
                to,
                posture,
                strike: None,
            };
            if actions::check(state, who, &a).is_ok() {
                return Some(a);
            }
        }
    }
    let evade = Action::Evade {
        to: None,
        facing: None,
    };
    actions::check(state, who, &evade).ok().map(|_| evade)
}

/// Fire at the nearest foe in range and in the Ranged Zone; turn toward
/// it with a Pass if it is not; reload an empty crossbow.
pub(super) fn shoot(state: &State, who: CombatantId) -> Option<Action> {
    let f = state.fig(who);
    let h = f.weapon()?;
    if h.weapon.crossbow && !h.loaded {
        return Some(pass(Activity::Reload));
    }
    let target = foes(state, who)
        .filter(|&o| state.fig(o).distance_to(f.pos) <= h.weapon.range)
        .min_by_key(|&o| (state.fig(o).distance_to(f.pos), o.0))?;
    let aim = state.fig(target).pos;
    if !zones::in_ranged_zone(state, f, aim) {
        return Some(Action::Pass {
            activity: Activity::None,
            to: None,
            facing: f.pos.facing_toward(aim),
        });
    }
    let a = Action::fire(target);
    actions::check(state, who, &a).ok().map(|_| a)
}

/// A charge at a reachable foe, from outside its melee zone if possible:
/// the hexes next to each foe within the charge's reach, tried along the
/// straight line ([`movement::line_route`]) before any search.
pub(super) fn charge(state: &State, who: CombatantId) -> Option<Action> {
    let f = state.fig(who);
    if !f.weapon().is_none_or(|h| h.weapon.rated(Use::Melee)) {
        return None;
    }
    let budget = actions::charge_allowance(state, who);
    let mut best: Option<(i32, Action)> = None;
    for t in foes(state, who) {
        let tf = state.fig(t);
        if tf.distance(f) > budget as u32 + 1 {
            continue;
        }
        let tmz = zones::melee_zone(tf);
        let near: arrayvec::ArrayVec<(HexPos, Heading, i32), 32> = if f.is_single() {
            tf.cells()
                .iter()
                .flat_map(|c| c.neighbours())
                .filter(|&h| !tf.occupies(h))
                .filter_map(|h| movement::line_route(state, who, h, budget))
                .map(|r| (r.head, r.heading, r.cost))
                .take(32)
                .collect()
        } else {
            movement::reach(state, who, budget, false)
                .into_iter()
                .filter(|r| {
                    crate::model::state::footprint(f.shape, r.head, r.heading)
                        .is_adjacent(&tf.body())
                })
                .map(|r| (r.head, r.heading, r.cost))
                .take(32)
                .collect()
        };
        for (head, heading, cost) in near {
            if head == f.pos && heading != f.heading {
                continue;
            }
            let h = face_toward(state, who, head, t);
            if !reaches(state, who, head, h, t) {
                continue;
            }
            let exposed = if f.is_single() {
                tmz.contains(&head)
            } else {
                crate::model::state::footprint(f.shape, head, heading)
                    .cells()
                    .iter()
                    .any(|c| tmz.contains(c))
            };
            let value = score(state, who, t) - if exposed { 15 } else { 0 } - cost;
            let a = Action::Charge {
                target: t,
                to: head,
                kind: AttackKind::Normal,
            };
            if best.as_ref().is_none_or(|(v, _)| value > *v)
                && actions::check(state, who, &a).is_ok()
            {
                best = Some((value, a));
            }
        }
    }
    best.map(|(_, a)| shield_rush(state, who, a))
}

/// DQ-16-018, DQ-16-019: a charge becomes a Shield Rush when the rush's
/// chance with its +20 is at least the weapon's (the target may also fall).
pub(super) fn shield_rush(state: &State, who: CombatantId, a: Action) -> Action {
    let Action::Charge { target, to, .. } = a else {
        return a;
    };
    let rush = Action::Charge {
        target,
        to,
        kind: AttackKind::ShieldRush,
    };
    if state.fig(target).status.prone || actions::check(state, who, &rush).is_err() {
        return a;
    }
    let normal = score_sc(state, who, target, AttackKind::Normal);
    if score_sc(state, who, target, AttackKind::ShieldRush) + 20 >= normal {
        rush
    } else {
        a
    }
}

/// Move toward `t` as far as TMR allows, ending facing it: along the
/// straight line when it is open, else by search.
pub(super) fn approach(state: &State, who: CombatantId, t: CombatantId) -> Action {
    let f = state.fig(who);
    let budget = actions::tmr_for(state, who, MoveKind::Other);
    let goal = state.fig(t).pos;
    if f.is_single() {
        let len = f.pos.distance(goal) as usize + 1;
        // The furthest open hex of the line within TMR, short of the foe.
        let mut to = None;
        for h in movement::line(f.pos, goal)
            .skip(1)
            .take(len.saturating_sub(2))
        {
            match movement::line_route(state, who, h, budget) {
                Some(_) => to = Some(h),
                None => break,
            }
        }
        if let Some(to) = to {
            return Action::Move {
                to,
                facing: to.facing_toward(goal),
            };
        }
    }
    let tb = state.fig(t).body();
    let best = movement::reach(state, who, budget, false)
        .into_iter()
        .filter(|r| r.steps > 0)
        .min_by_key(|r| {
            let body = crate::model::state::footprint(f.shape, r.head, r.heading);
            (
                body.distance(&tb),
                r.cost,
                r.head.q,
                r.head.r,
                r.heading.sixths(),
            )
        });
    match best {
        Some(r) => {
            let facing = match r.heading {
                Heading::Side(_) => r.head.facing_toward(goal),
                Heading::Corner(_) => None,
            };
            Action::Move { to: r.head, facing }
        }
        None => Action::PASS,
    }
}

/// The AI's answer.
pub fn answer(state: &State, q: &Question) -> Answer {
    match q {
        Question::FirstOrLast { .. } => Answer::First(true),
        Question::SideFirst { side, .. } => Answer::Side(*side),
        Question::NextFigure { options, .. } => Answer::Figure(
            options
                .iter()
                .copied()
                .max_by_key(|&id| (values::iv(state.fig(id)), std::cmp::Reverse(id.0)))
                .unwrap_or(CombatantId(0)),
        ),
        Question::Repulse { .. } => Answer::Yes(true),
        Question::Parry { who, attacker } => {
            let own = values::parry_rank(state.fig(*who)).unwrap_or(0);
            let theirs = i32::from(values::rank(state.fig(*attacker)).unwrap_or(0));
            Answer::Yes(own >= theirs)
        }
        Question::Grievous { who } => {
            Answer::BreakShield(damage::ai_breaks_shield(state.fig(*who)))
        }
        Question::DisarmItem { options, .. } => Answer::Item(options.first().copied().flatten()),
    }
}
