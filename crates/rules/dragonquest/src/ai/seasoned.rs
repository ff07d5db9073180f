//! The seasoned AI, the default: the first AI's fighter ([`super::basic`])
//! played as an experienced DragonQuest player plays it. What it adds:
//!
//! 1. **Its weapon back.** A weapon it dropped (a stun, a mishap, a parry,
//!    a Disarm) is picked up with a Pass from its hex, the Pass moving there
//!    first when it can (DQ-13-012), whenever it strikes better than what
//!    is in hand; it readies a stowed weapon only when nothing better lies
//!    within reach.
//! 2. **The first strike.** A charge (DQ-14-007, DQ-14-008) is a free blow,
//!    so, not engaged and with no charge of its own, it keeps out of the
//!    charge of every foe still to act this pulse, as close as that allows;
//!    when every foe has acted it closes in, unless the foe it faces came
//!    toward it this pulse (it will come on: let it). Winning step 1
//!    (DQ-12-001), it sends the other side first unless one of its own can
//!    strike now. Where no hex is out of reach it Evades (DQ-14-010, its
//!    modAG again on Defense). Under a foe's missiles it does not wait: it
//!    closes in.
//! 3. **Clear lines.** A missile strikes the first figure on its line,
//!    friend or foe (DQ-16-004), and flies on past a miss (DQ-16-002): it
//!    shoots only along lines with no friend on them, to the target and
//!    beyond; otherwise it steps (a Pass's 2 hexes) to a hex with a clear
//!    line, or turns to the melee. It sees its friends, not the line of
//!    fire's obstacles (DQ-16-005).
//! 4. **Off a horse it cannot fight from.** A rider whose foes stand only
//!    straight ahead of its mount (DQ-23-003) steps down next to one
//!    (DQ-23-001) instead of Evading in the saddle.
//! 5. **Parries worth making.** It parries a miss (DQ-17-008) when its rank
//!    is at least the attacker's less 1: then a roll of 3 or less (the
//!    forced Pass) is less likely than a disarm.

use super::basic;
use crate::model::action::{Action, Activity, Answer, Question};
use crate::model::data::Use;
use crate::model::state::{Hold, Stage, State, facing_toward};
use crate::rules::actions::{self, Status, reaches};
use crate::rules::fire::{self, Line};
use crate::rules::values::{self, MoveKind};
use crate::rules::{movement, zones};
use arrayvec::ArrayVec;
use fray_core::grid::{Heading, HexPos};
use fray_core::{CombatantId, SideId};

/// The seasoned action of `who` (after the reflexes, `super::reflex`).
pub fn action(state: &State, who: CombatantId) -> Action {
    let f = state.fig(who);
    if f.aboard {
        return ride(state, who);
    }
    if f.rider.is_some() {
        // DQ-23 (decision): the rider steers; the mount only strikes.
        return basic::engaged(state, who).unwrap_or(Action::PASS);
    }
    let st = actions::status(state, who);
    if st == Status::Close {
        let target = basic::foes(state, who).find(|&o| zones::in_close_with(state, o, who));
        return match target {
            Some(t) => basic::grapple(state, who, t),
            None => Action::PASS,
        };
    }
    let Some(nearest) = nearest_foe(state, who) else {
        return Action::PASS;
    };
    if let Some(a) = rearm(state, who, nearest) {
        return a;
    }
    if st == Status::Engaged {
        if let Some(a) = basic::step_back(state, who) {
            return a;
        }
        return basic::engaged(state, who)
            .or_else(|| disengage(state, who, nearest))
            .unwrap_or(EVADE);
    }
    let ranged = f
        .weapon()
        .is_some_and(|h| !h.weapon.rated(Use::Melee) || h.weapon.crossbow);
    if ranged && let Some(a) = shoot(state, who) {
        return a;
    }
    if let Some(a) = basic::trample(state, who) {
        return a;
    }
    if let Some(a) = basic::charge(state, who) {
        return a;
    }
    if ranged && let Some(i) = basic::best_melee(state, who) {
        // No line to shoot along: to the melee.
        return basic::pass(Activity::Ready(Some(i)));
    }
    advance(state, who, nearest)
}

const EVADE: Action = Action::Evade {
    to: None,
    facing: None,
};

/// The nearest foe still in the fight (lowest id on ties).
fn nearest_foe(state: &State, who: CombatantId) -> Option<CombatantId> {
    let f = state.fig(who);
    let pass = || basic::foes(state, who).min_by_key(|&o| (state.fig(o).distance(f), o.0));
    let Some(found) = nearest_foe_near(state, who) else {
        return pass();
    };
    debug_assert_eq!(Some(found), pass(), "the nearest foe of {who:?}, by rings");
    Some(found)
}

/// How far [`nearest_foe_near`] looks before it leaves the search to a
/// pass over every foe.
const NEAR_RINGS: u32 = 6;

/// [`nearest_foe`] by the occupancy index (issue 35): the rings round a
/// 1-hex figure, nearest first; once a ring has been looked at whole, a
/// foe found at that distance or nearer is the nearest (any other stands
/// further out), the lowest id among equals. `None` when the index is
/// off, the figure fills more than one hex, or no foe stands within
/// [`NEAR_RINGS`] hexes.
fn nearest_foe_near(state: &State, who: CombatantId) -> Option<CombatantId> {
    let f = state.fig(who);
    if !state.occupancy.indexed() || !f.is_single() {
        return None;
    }
    let mut best: Option<(u32, u16)> = None;
    for r in 0..=NEAR_RINGS {
        for h in crate::model::state::ring(f.pos, r) {
            for o in state.occupancy.at(h) {
                let of = state.fig(o);
                if state.hostile(o, who) && of.in_fight() {
                    let key = (of.distance(f), o.0);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            }
        }
        if let Some((d, o)) = best
            && d <= r
        {
            return Some(CombatantId(o));
        }
    }
    None
}

/// The strike chance of `who` with its weapon `i` (bare hands for `None`),
/// before any Defense: what makes one weapon better than another in hand.
fn chance_with(state: &State, who: CombatantId, i: Option<u8>) -> i32 {
    let f = state.fig(who);
    match i.and_then(|i| f.weapons.get(usize::from(i))) {
        Some(h) => values::strike_chance(f, h.weapon, h.rank, None).total(),
        None => values::strike_chance(f, values::unarmed(), f.unarmed_rank, None).total(),
    }
}

/// DQ-13-012: the Pass that picks up weapon `i` from where it lies (moving
/// there first when it lies elsewhere), if the rules allow it now.
fn pick_up(state: &State, who: CombatantId, i: u8) -> Option<Action> {
    let f = state.fig(who);
    let h = f.weapons.get(usize::from(i))?;
    let at = h.at.filter(|_| h.hold == Hold::Dropped)?;
    let a = Action::Pass {
        activity: Activity::PickUp(i),
        to: (at != f.pos).then_some(at),
        facing: None,
    };
    actions::check(state, who, &a).is_ok().then_some(a)
}

/// DQ-13-012: the weapon in hand first. A dropped melee weapon within a
/// Pass that strikes better than what is in hand is picked up (the best of
/// them, unless a stowed one is better still); with empty hands, or a
/// missile weapon and a foe within 2 hexes, the best stowed melee weapon
/// is readied.
fn rearm(state: &State, who: CombatantId, nearest: CombatantId) -> Option<Action> {
    let f = state.fig(who);
    let near = state.fig(nearest).distance(f);
    let missile_in_melee = f
        .weapon()
        .is_some_and(|h| !h.weapon.rated(Use::Melee) && near <= 2);
    let in_hand = if missile_in_melee {
        i32::MIN
    } else {
        chance_with(state, who, f.main)
    };
    let stowed = basic::best_melee(state, who).map(|i| (chance_with(state, who, Some(i)), i));
    let dropped = f
        .weapons
        .iter()
        .enumerate()
        .filter(|(_, h)| h.hold == Hold::Dropped && h.weapon.rated(Use::Melee))
        .map(|(i, _)| (chance_with(state, who, Some(i as u8)), i as u8))
        .filter(|&(sc, _)| sc > in_hand && stowed.is_none_or(|(s, _)| sc >= s))
        .max_by_key(|&(sc, i)| (sc, std::cmp::Reverse(i)));
    if let Some((_, i)) = dropped
        && let Some(a) = pick_up(state, who, i)
    {
        return Some(a);
    }
    if f.main.is_none() || missile_in_melee {
        return stowed.map(|(_, i)| basic::pass(Activity::Ready(Some(i))));
    }
    None
}

/// Whether `o` still acts this pulse (DQ-12-001): in step 3, a figure of
/// the queue; in step 2, one of the queue, of an engagement still to come,
/// or not engaged (step 3 is still to come); before a pulse, everyone. The
/// memo keys it ([`super::memo`]).
pub(super) fn still_to_act(state: &State, o: CombatantId) -> bool {
    let seq = &state.seq;
    match seq.stage {
        Stage::Begin => true,
        Stage::NonEngaged => seq.queue.contains(&o),
        Stage::Engaged => {
            let g = seq.group_of.get(o.index()).copied().unwrap_or(u16::MAX);
            g == u16::MAX || seq.queue.contains(&o) || seq.groups.contains(&g)
        }
    }
}

/// [`still_to_act`] for many figures at once: on a field of more than
/// [`fray_core::occupancy::SMALL_FIELD`] figures the queue and the
/// engagements still to come are marked once, so each question is a
/// look-up rather than a pass over the pulse's queue (issue 35: the
/// seasoned AI asks it of every foe it weighs). Smaller fields ask
/// [`still_to_act`] itself (the same answers).
struct StillToAct<'a> {
    state: &'a State,
    /// Per figure: in the queue. Empty on a small field.
    queued: Vec<bool>,
    /// Per engagement number (its lowest figure id): still to resolve.
    groups: Vec<bool>,
}

impl<'a> StillToAct<'a> {
    fn of(state: &'a State) -> Self {
        let n = state.figures.len();
        let (mut queued, mut groups) = (Vec::new(), Vec::new());
        if n > fray_core::occupancy::SMALL_FIELD && state.seq.stage != Stage::Begin {
            queued.resize(n, false);
            for &o in &state.seq.queue {
                if let Some(q) = queued.get_mut(o.index()) {
                    *q = true;
                }
            }
            if state.seq.stage == Stage::Engaged {
                groups.resize(n, false);
                for &g in &state.seq.groups {
                    if let Some(m) = groups.get_mut(usize::from(g)) {
                        *m = true;
                    }
                }
            }
        }
        StillToAct {
            state,
            queued,
            groups,
        }
    }

    /// Whether `o` still acts this pulse ([`still_to_act`]).
    fn holds(&self, o: CombatantId) -> bool {
        let seq = &self.state.seq;
        if self.queued.is_empty() {
            return still_to_act(self.state, o);
        }
        let queued = self.queued.get(o.index()).copied().unwrap_or(false);
        let answer = match seq.stage {
            Stage::Begin => true,
            Stage::NonEngaged => queued,
            Stage::Engaged => {
                let g = seq.group_of.get(o.index()).copied().unwrap_or(u16::MAX);
                g == u16::MAX || queued || self.groups.get(usize::from(g)).copied().unwrap_or(false)
            }
        };
        debug_assert_eq!(answer, still_to_act(self.state, o), "{o:?} still to act");
        answer
    }
}

/// How near a foe may stand before it can charge `o`'s hex this pulse:
/// its charge's reach (DQ-14-007, DQ-14-008) and the hex it strikes into.
fn charge_radius(state: &State, o: CombatantId) -> u32 {
    actions::charge_allowance(state, o).max(1) as u32 + 1
}

/// The foes that can still charge this pulse: in the fight, not engaged,
/// with a melee weapon or bare hands in hand, still to act.
fn threats(state: &State, who: CombatantId) -> ArrayVec<(CombatantId, u32), 8> {
    let pending = StillToAct::of(state);
    basic::foes(state, who)
        .filter(|&o| {
            let of = state.fig(o);
            of.weapon().is_none_or(|h| h.weapon.rated(Use::Melee))
                && !of.status.stunned
                && of.rider.is_none()
                && pending.holds(o)
                && actions::status(state, o) == Status::Free
        })
        .map(|o| (o, charge_radius(state, state.mover(o))))
        .take(8)
        .collect()
}

/// Not engaged and no charge to make (DQ-14-001, DQ-14-004, DQ-14-007):
/// keep out of every charge still to come this pulse, as close to the
/// nearest foe as that allows; with no charge to come, close in, unless
/// that foe came on this pulse (let it come). Evade where nowhere is out
/// of reach.
fn advance(state: &State, who: CombatantId, nearest: CombatantId) -> Action {
    let goal = state.fig(nearest).pos;
    // Under a missile's fire, waiting only gives the shooter more shots:
    // close in.
    if under_fire(state, who) {
        return basic::approach(state, who, nearest);
    }
    let threats = threats(state, who);
    if threats.is_empty() {
        let coming = state.pulse > 0 && state.fig(nearest).status.moved == state.pulse;
        if !coming {
            return basic::approach(state, who, nearest);
        }
        return hold(state, who, goal);
    }
    let f = state.fig(who);
    let budget = actions::tmr_for(state, who, MoveKind::Other);
    let safe = |h: HexPos| {
        threats
            .iter()
            .all(|&(o, r)| state.fig(o).distance_to(h) > r)
    };
    let best = movement::reach(state, who, budget, false)
        .into_iter()
        .filter(|r| safe(r.head))
        .min_by_key(|r| {
            (
                state.fig(nearest).distance_to(r.head),
                r.cost,
                r.head.q,
                r.head.r,
                r.heading.sixths(),
            )
        });
    match best {
        Some(r) if r.head == f.pos => hold(state, who, goal),
        Some(r) => {
            let facing = match r.heading {
                Heading::Side(_) => facing_toward(r.head, goal),
                Heading::Corner(_) => None,
            };
            Action::Move { to: r.head, facing }
        }
        None => {
            let evade = Action::Evade {
                to: None,
                facing: facing_toward(f.pos, goal).filter(|_| f.is_single()),
            };
            if actions::check(state, who, &evade).is_ok() {
                evade
            } else {
                EVADE
            }
        }
    }
}

/// Engaged with no foe it can strike (a multi-hex body whose front holds
/// none of the foes that hold it in their zones): a Withdraw that is a
/// normal move (DQ-13-009: no foe in its own zone) to a hex outside every
/// foe's zone, within its charge of `nearest`, so that next pulse it is
/// free to charge and turn (DQ-14-007). `None` when no such hex is in
/// reach.
fn disengage(state: &State, who: CombatantId, nearest: CombatantId) -> Option<Action> {
    let f = state.fig(who);
    let tmr = actions::tmr_for(state, who, MoveKind::Withdraw);
    let radius = charge_radius(state, who);
    movement::reach(state, who, tmr, false)
        .into_iter()
        .filter(|r| r.steps > 0)
        .filter(|r| {
            let body = crate::model::state::footprint(f.shape, r.head, r.heading);
            !body
                .cells()
                .iter()
                .any(|&c| zones::hex_in_foe_mz(state, who, c))
                && state.fig(nearest).body().distance(&body) <= radius
        })
        .min_by_key(|r| (r.cost, r.head.q, r.head.r, r.heading.sixths()))
        .map(|r| Action::Withdraw {
            to: r.head,
            posture: None,
            strike: None,
        })
        .filter(|a| actions::check(state, who, a).is_ok())
}

/// Whether a foe holds a missile weapon (or a breath) that reaches `who`
/// (DQ-16-001, DQ-00-010: within its range).
fn under_fire(state: &State, who: CombatantId) -> bool {
    let f = state.fig(who);
    basic::foes(state, who).any(|o| {
        let of = state.fig(o);
        of.weapon()
            .is_some_and(|h| !h.weapon.rated(Use::Melee) && of.distance(f) <= h.weapon.range)
    })
}

/// Waits where it stands, turned toward `goal` (a Pass's facing change,
/// DQ-14-014).
fn hold(state: &State, who: CombatantId, goal: HexPos) -> Action {
    let f = state.fig(who);
    let facing = match f.heading {
        Heading::Side(now) => facing_toward(f.pos, goal).filter(|&s| s != now),
        Heading::Corner(_) => None,
    };
    Action::Pass {
        activity: Activity::None,
        to: None,
        facing,
    }
}

/// DQ-16-002, DQ-16-004: whether no friend of `who` stands on the line of
/// a shot from `from` at `target` (`rules::fire::line`): between them, or
/// past the target out to 1.5 × `range` (where a miss flies on). A line
/// that is not open has no friend on it that the shot could meet.
fn clear_of_friends(
    state: &State,
    who: CombatantId,
    from: HexPos,
    target: CombatantId,
    range: u32,
) -> bool {
    match fire::line(state, who, from, target, range) {
        Line::Open(order) => !order.iter().any(|&o| o != target && !state.hostile(o, who)),
        Line::Blocked | Line::OutsideZone => true,
    }
}

/// Fire at the nearest foe in range, in the Ranged Zone and along a line
/// clear of friends (DQ-16-001, DQ-16-004); turn toward the nearest such
/// foe outside the zone; reload an empty crossbow (DQ-14-013); step to a
/// hex with a clear line when friends stand in every line (a Pass, 2
/// hexes, DQ-14-014). `None`: nothing to shoot at from here or nearby.
fn shoot(state: &State, who: CombatantId) -> Option<Action> {
    let f = state.fig(who);
    let h = f.weapon()?;
    if h.weapon.crossbow && !h.loaded {
        return Some(basic::pass(Activity::Reload));
    }
    let range = h.weapon.range;
    let mut in_range: ArrayVec<CombatantId, 8> = basic::foes(state, who)
        .filter(|&o| state.fig(o).distance_to(f.pos) <= range)
        .take(8)
        .collect();
    in_range.sort_by_key(|&o| (state.fig(o).distance_to(f.pos), o.0));
    let clear = in_range
        .iter()
        .copied()
        .find(|&o| clear_of_friends(state, who, f.pos, o, range));
    if let Some(t) = clear {
        if !zones::in_ranged_zone(state, f, state.fig(t).pos) {
            return Some(Action::Pass {
                activity: Activity::None,
                to: None,
                facing: f.pos.facing_toward(state.fig(t).pos),
            });
        }
        let a = Action::fire(t);
        return actions::check(state, who, &a).is_ok().then_some(a);
    }
    if in_range.is_empty() {
        return None;
    }
    // Every line has a friend on it: a step to one that has none.
    let budget = actions::pass_allowance(state, who);
    movement::reach(state, who, budget, false)
        .into_iter()
        .filter(|r| r.steps > 0)
        .filter_map(|r| {
            let t = in_range
                .iter()
                .copied()
                .find(|&o| clear_of_friends(state, who, r.head, o, range))?;
            Some((r, t))
        })
        .min_by_key(|(r, t)| {
            (
                r.cost,
                state.fig(*t).distance_to(r.head),
                r.head.q,
                r.head.r,
            )
        })
        .map(|(r, t)| Action::Pass {
            activity: Activity::None,
            to: Some(r.head),
            facing: r.head.facing_toward(state.fig(t).pos),
        })
        .filter(|a| actions::check(state, who, a).is_ok())
}

/// DQ-23: in the saddle: as the first AI ([`basic::ride`]), but engaged
/// with no foe it may strike (every foe straight ahead of the mount,
/// DQ-23-003), it steps down next to a foe (DQ-23-001) rather than Evade.
fn ride(state: &State, who: CombatantId) -> Action {
    let a = basic::ride(state, who);
    if !matches!(a, Action::Evade { .. } | Action::Pass { .. }) {
        return a;
    }
    let engaged = actions::status(state, who) != Status::Free
        || actions::status(state, state.mover(who)) != Status::Free;
    if !engaged || state.fig(who).main.is_none() {
        return a;
    }
    dismount_to_fight(state, who).unwrap_or(a)
}

/// DQ-23-001: the Pass that steps down from the saddle to an empty hex
/// next to the mount from which the rider, turned toward a foe, reaches it;
/// the nearest such foe first.
fn dismount_to_fight(state: &State, who: CombatantId) -> Option<Action> {
    let m = state.fig(state.mover(who));
    let mut best: Option<(u32, i32, i32, Action)> = None;
    for cell in m.cells() {
        for n in cell.neighbours() {
            for t in basic::foes(state, who) {
                let tpos = state.fig(t).pos;
                let Some(facing) = facing_toward(n, tpos) else {
                    continue;
                };
                if !reaches(state, who, n, Heading::Side(facing), t) {
                    continue;
                }
                let a = Action::Pass {
                    activity: Activity::Dismount,
                    to: Some(n),
                    facing: Some(facing),
                };
                let key = (state.fig(t).distance_to(n), n.q, n.r);
                if best.as_ref().is_none_or(|(d, q, r, _)| key < (*d, *q, *r))
                    && actions::check(state, who, &a).is_ok()
                {
                    best = Some((key.0, key.1, key.2, a));
                }
            }
        }
    }
    best.map(|(_, _, _, a)| a)
}

/// Whether a figure of `side` can strike this pulse if its side goes
/// first: a foe within its charge (DQ-14-007, DQ-14-008) or beside it.
fn can_strike_now(state: &State, side: SideId) -> bool {
    state.ids().any(|id| {
        let f = state.fig(id);
        f.side == side
            && f.in_fight()
            && !f.status.stunned
            && f.weapon().is_none_or(|h| h.weapon.rated(Use::Melee))
            && state.ids().any(|o| {
                state.hostile(o, id)
                    && state.fig(o).in_fight()
                    && state.fig(o).distance(f) <= charge_radius(state, state.mover(id))
            })
    })
}

/// The seasoned AI's answers: step 1's winner sends the other side first
/// unless one of its own can strike now (DQ-12-001); the rest as the
/// first AI's, but a parry is made when its rank is at least the
/// attacker's less 1 (DQ-17-008).
pub fn answer(state: &State, q: &Question) -> Answer {
    match q {
        Question::SideFirst { side, options } => {
            let other = options.iter().copied().find(|s| s != side);
            match other {
                Some(o) if !can_strike_now(state, *side) => Answer::Side(o),
                _ => Answer::Side(*side),
            }
        }
        Question::Parry { who, attacker } => {
            let own = values::parry_rank(state.fig(*who)).unwrap_or(0);
            let theirs = i32::from(values::rank(state.fig(*attacker)).unwrap_or(0));
            Answer::Yes(own >= theirs - 1)
        }
        _ => basic::answer(state, q),
    }
}
