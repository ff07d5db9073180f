//! The seasoned AI of d20-3d6, the default (`ai`, `ai:aggressive`,
//! `ai:defensive`).
//!
//! It plans the rest of its turn, one action declared at a time: each call
//! weighs every plan for the actions left (a move, a charge or a run to a
//! foe and the attacks after it; several attacks down the multiple-attack
//! progression; a Precise Strike; the low-level option; a trip, grapple,
//! feint or disarm before the attacks; Prepared or Total Defense; a potion)
//! by expected damage: the damage it deals (hit chance, criticals every +8,
//! capped by the target's HP) less the damage its choice lets in (attacks
//! of opportunity, Set vs Charge, -4 Defense after a charge or a run) plus
//! the damage its defenses keep out (the foes' next turn against its
//! Defense). It declares the first action of the best plan and weighs
//! again after it, from the state that action left.

use super::flank::Flankers;
use super::odds::Odds;
use super::reach::{strike_radius, with_strike_radius};
use super::scratch::{Lent, Scratch, copy_of};
use super::{basic, legal, near, opposed_chance, totals, totals_at};
use crate::model::action::{Action, Answer, Maneuver, Question, Strike};
use crate::model::options::{FeintEffect, HitCompare, LowLevelOption};
use crate::model::sheet::Place;
use crate::model::state::{Condition, Life, State};
use crate::model::tactics::Tactics;
use crate::resolve::maneuver::size_dice;
use crate::resolve::movement::{approach, reaching_weapons};
use crate::rules::attack::{Mode, Swing, increment};
use crate::rules::damage::{adds, critical_dice, explode_on};
use crate::rules::geometry::{
    best_reach, distance, fitting_space, longest_reach, natural_reach, space_distance, threatened,
    threatens_at, weapon_reach,
};
use crate::rules::legal::check;
use crate::rules::turn::may_interrupt;
use fray_core::CombatantId;
use fray_core::grid::SquarePos;

/// The most foes whose plans are weighed (the nearest first).
const TARGETS: usize = 3;

thread_local! {
    /// How deep in a foe's predicted answer the AI is thinking: a foe's
    /// answer is asked for one level down only.
    static DEPTH: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// Whether the AI is working out a foe's predicted answer (below the top
/// level, where it weighs no retreat): the memo keys it, so that a foe's
/// answer is remembered apart from the choice at the top.
pub(super) fn answering() -> bool {
    DEPTH.with(|d| d.get()) > 0
}

/// Damage a hit does on average and what each critical adds, as the
/// attacker's weapon would roll it against `target` (X-DMG-001..009).
#[derive(Clone, Copy, Debug)]
struct Blow {
    hit: f64,
    crit: f64,
    /// HP the target has left: damage past it is worth nothing more.
    cap: f64,
}

fn blow(state: &State, attacker: CombatantId, w: u8, offhand: bool, target: CombatantId) -> Blow {
    let f = state.fighter(attacker);
    let t = state.fighter(target);
    let cap = f64::from(t.hp.max(1));
    let Some(a) = f.weapon(w) else {
        return Blow {
            hit: 1.0,
            crit: 0.0,
            cap,
        };
    };
    let d = a.weapon.damage;
    let die = (f64::from(d.sides) + 1.0) / 2.0;
    let mut mean = f64::from(d.count) * die;
    if let Some(on) = explode_on(&a.weapon, &state.options) {
        let p = f64::from(d.sides.saturating_sub(on) + 1) / f64::from(d.sides.max(1));
        mean += f64::from(d.count) * p * die;
    }
    let raw = mean + f64::from(adds(f, a, offhand)) - f64::from(t.stats.reduction);
    Blow {
        hit: raw.max(1.0),
        crit: f64::from(critical_dice(&a.weapon, &state.options)) * die,
        cap,
    }
}

/// Expected damage of one roll: `plus` and `dice` against `def`, criticals
/// every full 8 of margin (X-DMG-002), no more than the target's HP, read
/// from one row of the odds (millions of times a battle: [`super::odds`]).
fn roll_value(state: &State, plus: i32, dice: i32, def: i32, b: Blow) -> f64 {
    let o = &*state.options;
    let odds = Odds::of(dice);
    let need = def + i32::from(o.hit_compare == HitCompare::Gt);
    let p = odds.chance(plus, need);
    let mut v = p * b.hit.min(b.cap);
    let most = o.max_criticals.map_or(4, |c| i32::from(c).min(4));
    let mut before = b.hit.min(b.cap);
    for c in 1..most + 1 {
        let pc = odds.tail(plus, def + 8 * c);
        if pc < 1e-6 {
            break;
        }
        let now = (b.hit + f64::from(c) * b.crit).min(b.cap);
        v += pc * (now - before);
        before = now;
    }
    v
}

/// The better of a plain roll and trusting to luck (X-ATK-007: -4 for
/// one more die), with which it was.
fn best_roll(state: &State, plus: i32, dice: i32, def: i32, b: Blow) -> (f64, bool) {
    let plain = roll_value(state, plus, dice, def, b);
    if state.options.trust_to_luck_max == 0 {
        return (plain, false);
    }
    let luck = roll_value(state, plus - 4, dice + 1, def, b);
    if luck > plain + 1e-9 {
        (luck, true)
    } else {
        (plain, false)
    }
}

/// A Precise Strike (X-MAN-011): the roll plus a d4.
fn precise_roll(state: &State, plus: i32, dice: i32, def: i32, b: Blow) -> (f64, bool) {
    let avg = |p: i32, d: i32| {
        (1..=4)
            .map(|x| roll_value(state, p + x, d, def, b))
            .sum::<f64>()
            / 4.0
    };
    let plain = avg(plus, dice);
    if state.options.trust_to_luck_max == 0 {
        return (plain, false);
    }
    let luck = avg(plus - 4, dice + 1);
    if luck > plain + 1e-9 {
        (luck, true)
    } else {
        (plain, false)
    }
}

/// The best melee or ranged weapon `f` holds against `me` and the swing's
/// totals as a reaction would roll it (no multiple-attack penalty), with
/// the fighters that threaten `me` when they were found before.
fn foe_swing(
    state: &State,
    foe: CombatantId,
    me: CombatantId,
    flankers: Option<&Flankers>,
) -> Option<(u8, i32, i32, i32)> {
    let f = state.fighter(foe);
    let mut best: Option<(f64, (u8, i32, i32, i32))> = None;
    for w in [f.main, f.off].into_iter().flatten() {
        let sw = Swing {
            attacker: foe,
            mode: Mode::Opportunity,
            strike: Strike::new(me, w),
        };
        let (p, d, def) = totals_at(state, &sw, flankers);
        let v = roll_value(state, p, d, def, blow(state, foe, w, false, me));
        if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
            best = Some((v, (w, p, d, def)));
        }
    }
    best.map(|(_, x)| x)
}

/// The attacks `foe` can make on `me` in its next turn: three where it
/// stands in reach or in range, two after a Move, one fewer when prone.
fn foe_attacks(state: &State, foe: CombatantId, me: CombatantId, w: u8) -> usize {
    let f = state.fighter(foe);
    let Some(a) = f.weapon(w) else { return 0 };
    let dist = distance(state, foe, me);
    // A rider goes as far as its mount's two actions carry it (X-QCK-008).
    let mv = match state.riding(foe) {
        Some(m) => 2 * state.fighter(m).stats.move_m,
        None => f.stats.move_m,
    };
    let mut n = if weapon_reach(f, w).is_some_and(|r| dist <= r) {
        3
    } else if !a.weapon.melee {
        let range = a.weapon.range_m.unwrap_or(1);
        if increment(dist, range) <= state.options.max_range_increments {
            3
        } else {
            0
        }
    } else if weapon_reach(f, w).is_some_and(|r| dist <= r + mv)
        && f.grappled_by.is_none()
        && !f.pinned
    {
        2
    } else {
        0
    };
    if n > 0 && f.cond.has(Condition::Prone) {
        n -= 1;
    }
    n
}

/// Whether `foe` has a weapon in hand that could strike `me` in its next
/// turn ([`foe_attacks`]): the cheap test before its swing is weighed.
fn may_attack(state: &State, foe: CombatantId, me: CombatantId) -> bool {
    let f = state.fighter(foe);
    [f.main, f.off]
        .into_iter()
        .flatten()
        .any(|w| foe_attacks(state, foe, me, w) > 0)
}

/// The damage the foes of `me` are expected to deal it in their next
/// turns, its Defense changed by `delta`.
fn threat(state: &State, me: CombatantId, delta: i32) -> f64 {
    threats(state, me, [delta])[0]
}

/// [`threat`] for several changes of Defense at once: each foe's swing is
/// weighed once, each sum added up in the same order as alone.
fn threats<const K: usize>(state: &State, me: CombatantId, deltas: [i32; K]) -> [f64; K] {
    let step = state.options.multiple_attack_step;
    let mut sums = [0.0; K];
    // Who threatens `me`, found at the first swing weighed.
    let mut flankers: Option<Option<Flankers>> = None;
    for o in near::around(state, me, strike_radius(state)) {
        let of = state.fighter(o);
        if !state.foes(me, o)
            || !of.able()
            || state.ridden_by(o).is_some()
            || !may_attack(state, o, me)
        {
            continue;
        }
        let flankers = flankers.get_or_insert_with(|| Flankers::of(state, me));
        let Some((w, p, d, def)) = foe_swing(state, o, me, flankers.as_ref()) else {
            continue;
        };
        let n = foe_attacks(state, o, me, w);
        let b = blow(state, o, w, false, me);
        for (sum, delta) in sums.iter_mut().zip(deltas) {
            for i in 0..n {
                *sum += best_roll(state, p - step * i as i32, d, def + delta, b).0;
            }
        }
    }
    sums
}

/// What Prepared Defense (+1, X-MAN-008) keeps out, and Total Defense
/// (+4, X-MAN-009; the larger bonus applies).
fn defense_values(state: &State, me: CombatantId) -> (f64, f64) {
    let f = state.fighter(me);
    if f.total_defense {
        return (0.0, 0.0);
    }
    let [now, prepared, total] = threats(state, me, [0, 1, if f.prepared { 3 } else { 4 }]);
    if now <= 0.0 {
        return (0.0, 0.0);
    }
    let pd = if f.prepared { 0.0 } else { now - prepared };
    let td = now - total;
    (pd, td)
}

/// The attacks of opportunity `me` provokes by leaving its square
/// (X-ACT-007), as expected damage.
fn opportunity_cost(state: &State, me: CombatantId) -> f64 {
    let f = state.fighter(me);
    let mut sum = 0.0;
    for o in near::around(state, me, longest_reach(state)) {
        let of = state.fighter(o);
        if !state.foes(me, o)
            || of.reactions == 0
            || !may_interrupt(of, &state.options)
            || !threatens_at(state, o, f.pos, f.edge())
        {
            continue;
        }
        let dist = distance(state, o, me);
        let ws = reaching_weapons(state, o, dist);
        let Some(&w) = ws.first() else { continue };
        let sw = Swing {
            attacker: o,
            mode: Mode::Opportunity,
            strike: Strike::new(me, w),
        };
        let (p, d, def) = totals(state, &sw);
        sum += roll_value(state, p, d, def, blow(state, o, w, false, me));
    }
    sum
}

/// One weapon against one target, as the next attack would roll.
#[derive(Clone, Copy)]
struct Line {
    target: CombatantId,
    weapon: u8,
    offhand: bool,
    melee: bool,
    plus: i32,
    dice: i32,
    def: i32,
    blow: Blow,
}

impl Line {
    fn strike(&self) -> Strike {
        Strike::new(self.target, self.weapon)
    }
    fn attack(&self, luck: bool, low: bool) -> Action {
        let s = Strike {
            trust_to_luck: luck,
            low_level: low,
            ..self.strike()
        };
        if self.offhand {
            Action::OffhandAttack(s)
        } else {
            Action::Attack(s)
        }
    }
}

fn line(state: &State, me: CombatantId, t: CombatantId, w: u8, mode: Mode) -> Line {
    let f = state.fighter(me);
    let offhand = mode == Mode::Offhand;
    let sw = Swing {
        attacker: me,
        mode,
        strike: Strike::new(t, w),
    };
    let (plus, dice, def) = totals(state, &sw);
    Line {
        target: t,
        weapon: w,
        offhand,
        melee: !crate::rules::attack::is_ranged(state, &sw),
        plus,
        dice,
        def,
        blow: blow(state, me, w, offhand && f.main.is_some(), t),
    }
}

/// A plan's worth and the action that starts it.
#[derive(Clone, Debug)]
struct Plan {
    value: f64,
    /// The damage dealt in it (for the worth of taking the target down).
    dealt: f64,
    first: Option<Action>,
}

fn better(best: &mut Option<Plan>, p: Plan) {
    if best.as_ref().is_none_or(|b| p.value > b.value + 1e-9) {
        *best = Some(p);
    }
}

/// A potion to drink this turn: what it heals, the actions it takes and
/// the action that starts it (X-MAN-014..016).
#[derive(Clone, Debug)]
struct Potion {
    heal: f64,
    cost: u8,
    first: Action,
}

/// The attacks of the rest of a turn against one target in reach now
/// (`l`), with `a` actions and what spare actions are worth on defense.
struct Volley<'a> {
    state: &'a State,
    me: CombatantId,
    l: &'a Line,
    a: u8,
    /// What Prepared Defense keeps out (0 when spare actions may not go
    /// on defense: `ai:aggressive`).
    pd: f64,
    /// Whether the first attack trusts to luck (X-ATK-007).
    luck0: bool,
    /// The target's whole next turn against `me` ([`whole_turn`]), for
    /// the worth of taking it down: weighed once for all the plans.
    turn: Option<f64>,
}

/// A maneuver's effect on the attacks after it: the first `.0` attacks
/// against Defense lowered by `.1`, with chance `.2`.
type Effect = (u8, i32, f64);

/// No maneuver before the attacks.
const NONE: Effect = (0, 0, 0.0);

impl Volley<'_> {
    /// The attacks still allowed this turn (X-MUL-006: two under the
    /// low-level option).
    fn cap(&self) -> u8 {
        let turn = self.state.turn;
        if turn.low_level {
            2u8.saturating_sub(turn.attacks)
        } else {
            self.a
        }
    }

    /// The multiple-attack penalty of the attack at index `i`.
    fn prog(&self, i: i32) -> i32 {
        if self.state.turn.low_level {
            0
        } else {
            self.state.options.multiple_attack_step * i
        }
    }

    /// The worth of `n` attacks from index `from`, the first ones under a
    /// maneuver's effect.
    fn seq(&self, n: u8, from: i32, (m, adj, p): Effect) -> f64 {
        let (state, l) = (self.state, self.l);
        let mut v = 0.0;
        for i in 0..i32::from(n) {
            let plus = l.plus - self.prog(from + i);
            let plain = best_roll(state, plus, l.dice, l.def, l.blow).0;
            v += if i < i32::from(m) && p > 0.0 {
                let good = best_roll(state, plus, l.dice, l.def - adj, l.blow).0;
                p * good + (1.0 - p) * plain
            } else {
                plain
            };
        }
        v
    }

    /// The worth of taking the target down with `dealt` ([`kill_bonus`]).
    fn kill(&self, dealt: f64) -> f64 {
        kill_worth(self.state, self.l.target, dealt, self.turn)
    }

    /// Spare actions after `used`: Prepared Defense for one.
    fn spare(&self, used: u8) -> f64 {
        if self.a > used { self.pd } else { 0.0 }
    }

    /// Every plan is worth its damage, what it keeps out or heals, and the
    /// chance it takes the target down ([`kill_bonus`]).
    fn offer(&self, best: &mut Option<Plan>, p: Plan) {
        let kill = self.kill(p.dealt);
        better(
            best,
            Plan {
                value: p.value + kill,
                ..p
            },
        );
    }
}

/// The plans for `a` actions against a target in reach now (`l`), with
/// `pd`/`td` what Prepared and Total Defense keep out (0 when spare actions
/// may not go on defense: `ai:aggressive`), and a potion to drink after
/// the attacks: one step per kind of plan.
#[allow(clippy::too_many_arguments)]
fn strike_plans(
    state: &State,
    me: CombatantId,
    l: &Line,
    a: u8,
    pd: f64,
    td: f64,
    maneuvers: bool,
    potion: Option<&Potion>,
) -> Option<Plan> {
    let luck0 = best_roll(state, l.plus, l.dice, l.def, l.blow).1;
    let v = Volley {
        state,
        me,
        l,
        a,
        pd,
        luck0,
        turn: whole_turn(state, l.target, me),
    };
    let mut best: Option<Plan> = None;
    attack_plans(&v, &mut best);
    if let Some(pt) = potion {
        potion_plan(&v, pt, &mut best);
    }
    precise_plans(&v, &mut best);
    low_level_plan(&v, &mut best);
    // X-MAN-009: Total Defense before any attack.
    let turn = state.turn;
    if td > 0.0 && a >= 2 && (turn.attacks == 0 || !state.options.total_defense_forbids_attacks) {
        v.offer(
            &mut best,
            Plan {
                value: td,
                dealt: 0.0,
                first: Some(Action::TotalDefense),
            },
        );
    }
    if maneuvers && l.melee && !l.offhand && !turn.low_level {
        maneuver_plans(&v, &mut best);
    }
    best
}

/// n attacks, then Prepared Defense with what is left.
fn attack_plans(v: &Volley, best: &mut Option<Plan>) {
    let a = v.a;
    for n in 0..=v.cap().min(a) {
        let dealt = v.seq(n, 0, NONE);
        let first = if n > 0 {
            Some(v.l.attack(v.luck0, false))
        } else if a > 0 && v.pd > 0.0 {
            Some(Action::PreparedDefense)
        } else {
            None
        };
        v.offer(
            best,
            Plan {
                value: dealt + v.spare(n),
                dealt,
                first,
            },
        );
    }
}

/// The attacks, then a potion.
fn potion_plan(v: &Volley, pt: &Potion, best: &mut Option<Plan>) {
    if pt.cost > v.a {
        return;
    }
    let n = (v.a - pt.cost).min(v.cap());
    let dealt = v.seq(n, 0, NONE);
    let first = if n > 0 {
        v.l.attack(v.luck0, false)
    } else {
        pt.first.clone()
    };
    v.offer(
        best,
        Plan {
            value: dealt + pt.heal + v.spare(pt.cost + n),
            dealt,
            first: Some(first),
        },
    );
}

/// A Precise Strike first, then attacks; or attacks, then a Precise
/// Strike (X-MAN-011).
fn precise_plans(v: &Volley, best: &mut Option<Plan>) {
    let (state, l, a) = (v.state, v.l, v.a);
    if l.offhand || state.turn.low_level || a < 2 {
        return;
    }
    let (pv, pl) = precise_roll(state, l.plus, l.dice, l.def, l.blow);
    let ps = Action::PreciseStrike(Strike {
        trust_to_luck: pl,
        ..l.strike()
    });
    for n in 0..=(a - 2) {
        let dealt = pv + v.seq(n, 1, NONE);
        v.offer(
            best,
            Plan {
                value: dealt + v.spare(2 + n),
                dealt,
                first: Some(ps.clone()),
            },
        );
        if n > 0 {
            let last = precise_roll(state, l.plus - v.prog(i32::from(n)), l.dice, l.def, l.blow).0;
            let dealt = v.seq(n, 0, NONE) + last;
            v.offer(
                best,
                Plan {
                    value: dealt + v.spare(2 + n),
                    dealt,
                    first: Some(l.attack(v.luck0, false)),
                },
            );
        }
    }
}

/// X-MUL-006: the low-level option, -4 on both of two attacks.
fn low_level_plan(v: &Volley, best: &mut Option<Plan>) {
    let (state, l) = (v.state, v.l);
    let turn = state.turn;
    if state.options.low_level_option == LowLevelOption::Choice
        && state.fighter(v.me).stats.bab < 6
        && turn.attacks == 0
        && !turn.low_level
        && v.a >= 2
        && !l.offhand
    {
        let (v1, luck) = best_roll(state, l.plus - 4, l.dice, l.def, l.blow);
        v.offer(
            best,
            Plan {
                value: 2.0 * v1 + v.spare(2),
                dealt: 2.0 * v1,
                first: Some(l.attack(luck, true)),
            },
        );
    }
}

/// Trip, grapple, feint and disarm before the attacks (X-SPM-001,
/// X-SPM-002, X-SPM-004, X-SPM-005), when their chance and effect are worth
/// the actions.
fn maneuver_plans(v: &Volley, best: &mut Option<Plan>) {
    let (state, me, l, a) = (v.state, v.me, v.l, v.a);
    let o = &*state.options;
    let f = state.fighter(me);
    let t = l.target;
    let tf = state.fighter(t);
    if tf.helpless() {
        return;
    }
    let step = o.multiple_attack_step;
    let k = i32::from(state.turn.attacks);
    let counted = o.maneuvers_use_attack_progression;
    let pen = if counted { step * k } else { 0 };
    let after = i32::from(counted);
    let size = i32::from(size_dice(state, me, t));
    let (fs, ts) = (&f.stats, &tf.stats);
    // The foe's next turn against `me`: what it loses when it must spend
    // actions (standing up, escaping, drawing).
    let foe_turn = foe_turn(state, t, me);
    // Our next turn's three attacks against Defense lowered by `adj`.
    let next_turn = |adj: i32| -> f64 {
        (0..3)
            .map(|i| {
                let plus = l.plus + step * k - step * i;
                best_roll(state, plus, l.dice, l.def - adj, l.blow).0
                    - best_roll(state, plus, l.dice, l.def, l.blow).0
            })
            .sum()
    };
    let friends = |adj: i32| friends_gain(state, me, t, adj);
    let try_plan =
        |best: &mut Option<Plan>, kind: Maneuver, p: f64, adj: (u8, i32), future: f64| {
            let cost = kind.cost();
            if a < cost || p <= 0.0 {
                return;
            }
            let act = Action::Maneuver { kind, target: t };
            if check(state, me, &act).is_err() {
                return;
            }
            let from = if kind == Maneuver::Feint { 0 } else { after };
            let n = a - cost;
            let dealt = v.seq(n, from, (adj.0, adj.1, p));
            better(
                best,
                Plan {
                    value: dealt + p * future + v.spare(cost + n) + v.kill(dealt),
                    dealt,
                    first: Some(act),
                },
            );
        };
    // X-SPM-005: prone, -4 Defense in melee (X-DEF-003) for the attacks
    // after it; the foe spends an action standing (X-MAN-012).
    if !tf.cond.has(Condition::Prone) && state.riding(t).is_none() {
        let p = opposed_chance(fs.skills.athletics - pen, size, ts.saves.fort + ts.str);
        try_plan(
            best,
            Maneuver::Trip,
            p,
            (u8::MAX, 4),
            foe_turn[2] + 0.5 * friends(4),
        );
    }
    // X-SPM-004: grappled, -2 Defense (X-DEF-005) until it escapes; pinned
    // (a second grapple), -4 (X-DEF-007). The foe either spends two actions
    // escaping or fights on at the lower Defense: the lesser of the two.
    if !tf.pinned {
        let adj = 2;
        let p = opposed_chance(fs.skills.athletics - pen, size, ts.saves.fort + ts.str);
        let future = (next_turn(adj) + friends(adj)).min(foe_turn[1] + foe_turn[2]);
        try_plan(best, Maneuver::Grapple, p, (u8::MAX, adj), future);
    }
    // X-SPM-002: no DEX (or surprised) against the next melee attack.
    if f.feint.is_none_or(|(w, _)| w != t) {
        let loss = match o.feint_effect {
            FeintEffect::NoDex => ts.dex.max(0),
            FeintEffect::Surprised => 2,
        };
        if loss > 0 {
            let p = opposed_chance(fs.bab + fs.skills.bluff, 0, ts.bab + ts.skills.sense);
            try_plan(best, Maneuver::Feint, p, (1, loss), 0.0);
        }
    }
    // X-SPM-001: the foe drops its weapon and spends an action drawing.
    if tf.main.is_some() || tf.off.is_some() {
        let p = opposed_chance(
            fs.bab + fs.str.max(fs.dex) - pen,
            0,
            ts.bab + ts.str.max(ts.dex),
        );
        try_plan(best, Maneuver::Disarm, p, (0, 0), foe_turn[2]);
    }
}

/// The three attacks of `foe`'s next turn against `me`, as expected
/// damage each (none when it holds nothing that strikes).
fn foe_turn(state: &State, foe: CombatantId, me: CombatantId) -> [f64; 3] {
    let step = state.options.multiple_attack_step;
    let mut v = [0.0; 3];
    if let Some((w, p, d, def)) = foe_swing(state, foe, me, None) {
        let b = blow(state, foe, w, false, me);
        for (i, x) in v.iter_mut().enumerate() {
            *x = best_roll(state, p - step * i as i32, d, def, b).0;
        }
    }
    v
}

/// What the friends of `me` next to `t` gain striking it at Defense
/// lowered by `adj` in their next turns.
fn friends_gain(state: &State, me: CombatantId, t: CombatantId, adj: i32) -> f64 {
    let step = state.options.multiple_attack_step;
    let tf = state.fighter(t);
    let mut sum = 0.0;
    // Who threatens `t`, found at the first swing weighed.
    let mut flankers: Option<Option<Flankers>> = None;
    for o in near::around(state, t, longest_reach(state)) {
        let of = state.fighter(o);
        if o == me || state.foes(me, o) || !of.able() || !threatens_at(state, o, tf.pos, tf.edge())
        {
            continue;
        }
        let flankers = flankers.get_or_insert_with(|| Flankers::of(state, t));
        let Some((w, p, d, def)) = foe_swing(state, o, t, flankers.as_ref()) else {
            continue;
        };
        let b = blow(state, o, w, false, t);
        for i in 0..3 {
            let pl = p - step * i;
            sum += best_roll(state, pl, d, def - adj, b).0 - best_roll(state, pl, d, def, b).0;
        }
    }
    sum
}

/// The weapons in hand, each with the mode it strikes in.
fn in_hand(state: &State, me: CombatantId) -> arrayvec::ArrayVec<(u8, Mode), 2> {
    let f = state.fighter(me);
    let mut v = arrayvec::ArrayVec::new();
    if let Some(w) = f.main {
        v.push((w, Mode::Single));
    }
    if let Some(w) = f.off
        && f.main != Some(w)
    {
        v.push((
            w,
            if f.main.is_some() {
                Mode::Offhand
            } else {
                Mode::Single
            },
        ));
    }
    v
}

/// The able foes of `me`, nearest first, ties to fewer HP, then id (the
/// nearest [`TARGETS`]).
fn foes(state: &State, me: CombatantId) -> arrayvec::ArrayVec<CombatantId, TARGETS> {
    near::nearest::<TARGETS>(state, me, |o| state.foes(me, o) && state.fighter(o).able())
}

/// How much taking `t` down is worth beyond the damage: its whole next
/// turn against us, by the chance the plan drops it (the expected hits
/// as a share of its HP, each no more than all of them).
fn kill_bonus(state: &State, me: CombatantId, t: CombatantId, dealt: f64) -> f64 {
    kill_worth(state, t, dealt, whole_turn(state, t, me))
}

/// [`kill_bonus`] with the whole next turn of `t` known ([`whole_turn`]).
fn kill_worth(state: &State, t: CombatantId, dealt: f64, turn: Option<f64>) -> f64 {
    let hp = f64::from(state.fighter(t).hp.max(1));
    let p = (dealt / hp).min(1.0);
    match turn {
        Some(turn) => p * turn,
        None => 0.0,
    }
}

/// The whole next turn of `t` against `me`, its three attacks as expected
/// damage (`None` when it holds nothing that strikes): what taking it down
/// saves. The same for every plan against `t` from one state, so a
/// [`Volley`] weighs it once.
fn whole_turn(state: &State, t: CombatantId, me: CombatantId) -> Option<f64> {
    let (w, pl, d, def) = foe_swing(state, t, me, None)?;
    let b = blow(state, t, w, false, me);
    let step = state.options.multiple_attack_step;
    let turn: f64 = (0..3)
        .map(|i| best_roll(state, pl - step * i, d, def, b).0)
        .sum();
    Some(turn)
}

/// A copy of the state with `me` at `to` (its space as it would fit
/// there), for weighing what follows a move; lent from the thread's
/// spares ([`copy_of`]).
fn moved(state: &State, me: CombatantId, to: SquarePos) -> Lent {
    let mut s = copy_of(state);
    let edge = fitting_space(state, me, to).unwrap_or(state.fighter(me).space);
    s.place(me, to, edge);
    s
}

/// The best plan of `me` for the rest of its turn, over its weapons and
/// the nearest foes, moving first where it must.
fn best_plan(state: &State, me: CombatantId) -> Option<Plan> {
    with_strike_radius(state, || plans(state, me))
}

/// [`best_plan`]'s weighing: the defenses and the potion alone, then every
/// weapon against each of the nearest foes.
fn plans(state: &State, me: CombatantId) -> Option<Plan> {
    let f = state.fighter(me);
    let a = state.turn.actions;
    let fill = f.tactics != Tactics::Aggressive;
    let (pd, td) = if fill {
        defense_values(state, me)
    } else {
        (0.0, 0.0)
    };
    let potion = potion(state, me);
    // X-MAN-009: after Total Defense no attack; a potion out of the belt
    // with the action left, else the turn ends.
    if f.total_defense {
        return potion.map(|pt| Plan {
            value: pt.heal,
            dealt: 0.0,
            first: Some(pt.first),
        });
    }
    let mut best: Option<Plan> = None;
    // Nothing to strike: the defenses alone, or the potion.
    if a >= 1 && pd > 0.0 {
        better(
            &mut best,
            Plan {
                value: pd,
                dealt: 0.0,
                first: Some(Action::PreparedDefense),
            },
        );
    }
    if a >= 2
        && td > 0.0
        && (state.turn.attacks == 0 || !state.options.total_defense_forbids_attacks)
    {
        better(
            &mut best,
            Plan {
                value: td,
                dealt: 0.0,
                first: Some(Action::TotalDefense),
            },
        );
    }
    if let Some(pt) = &potion
        && pt.cost <= a
    {
        better(
            &mut best,
            Plan {
                value: pt.heal + if a > pt.cost { pd } else { 0.0 },
                dealt: 0.0,
                first: Some(pt.first.clone()),
            },
        );
    }
    let weapons = in_hand(state, me);
    // One copy of the state for every move weighed below.
    let scratch = Scratch::default();
    for t in foes(state, me) {
        let dist = distance(state, me, t);
        for &(w, mode) in &weapons {
            let l = line(state, me, t, w, mode);
            if fill && mode == Mode::Single && weapon_reach(f, w) == Some(1) {
                retreat_plan(state, me, &l, a, &mut best);
            }
            let here = if l.offhand {
                Action::OffhandAttack(l.strike())
            } else {
                Action::Attack(l.strike())
            };
            if check(state, me, &here).is_ok() {
                if let Some(p) = strike_plans(state, me, &l, a, pd, td, true, potion.as_ref()) {
                    better(&mut best, p);
                }
                // A ranged attacker threatened in melee steps away first
                // (X-MAN-010: Disengage provokes nothing; X-RNG-004).
                if !l.melee && a >= 2 && threatened(state, me) {
                    disengage_plan(state, me, t, w, mode, fill, &mut best);
                }
                continue;
            }
            if mode == Mode::Offhand || state.riding(me).is_some() {
                continue;
            }
            // `ai:defensive` holds its ground against a foe close by.
            if f.tactics == Tactics::Defensive && dist <= 3 {
                continue;
            }
            move_plans(state, &scratch, me, t, w, fill, &mut best);
        }
    }
    best
}

/// Two steps back (X-MAN-010: Disengage, 1 m each, provokes nothing) with
/// the last two actions, when the foe in reach, asked what it would do
/// next from there (its own AI, one level down), would charge in: into
/// the Set vs Charge of our Reaction (X-QCK-003), at -4 Defense until
/// its next turn (X-MAN-006), one attack fewer. A foe that walks in
/// loses its last attack; one that does anything else, nothing.
fn retreat_plan(state: &State, me: CombatantId, l: &Line, a: u8, best: &mut Option<Plan>) {
    if answering() {
        return;
    }
    let f = state.fighter(me);
    let t = l.target;
    let tf = state.fighter(t);
    // Only one foe in reach of us, and nothing of ours spent that the
    // answer needs.
    if f.reactions == 0 || !may_interrupt(f, &state.options) || state.turn.low_level {
        return;
    }
    // No other foe near; `t` in reach (two steps) or a step beyond (one).
    let dist = distance(state, me, t);
    let others = state
        .first_near(f.pos, f.edge(), 3, |o, of| {
            o != t && state.foes(me, o) && of.able() && distance(state, me, o) <= 3
        })
        .is_some();
    if others || !(1..=2).contains(&dist) || !l.melee {
        return;
    }
    let need = 3 - dist as u8;
    if a < need {
        return;
    }
    let (dx, dy) = ((f.pos.x - tf.pos.x).signum(), (f.pos.y - tf.pos.y).signum());
    let p1 = SquarePos::new(f.pos.x + dx, f.pos.y + dy);
    if check(state, me, &Action::Disengage { to: p1 }).is_err() {
        return;
    }
    let mut s = moved(state, me, p1);
    s.turn.actions = a - 1;
    if need == 2 {
        let p2 = SquarePos::new(p1.x + dx, p1.y + dy);
        if check(&s, me, &Action::Disengage { to: p2 }).is_err() {
            return;
        }
        s = moved(&s, me, p2);
    }
    if distance(&s, me, t) != 3 {
        return;
    }
    let answer = foe_answer(&mut s, t);
    let step = state.options.multiple_attack_step;
    // The foe's turn against us as it stands now.
    let foe_turn = foe_turn(state, t, me);
    // Already a step away, the foe would walk in anyway: its last attack
    // is lost either way.
    let walked = if dist == 2 { foe_turn[2] } else { 0.0 };
    let response = match answer {
        Action::Charge { strike, .. } if strike.target == me => {
            // Our Set vs Charge, at its Defense after the charge.
            let set = match reaching_weapons(state, me, 1).first() {
                Some(&w) => {
                    let sw = Swing {
                        attacker: me,
                        mode: Mode::SetVsCharge,
                        strike: Strike::new(t, w),
                    };
                    let (p, d, def) = totals(state, &sw);
                    roll_value(state, p, d, def - 4, l.blow)
                }
                None => 0.0,
            };
            // Our next turn against its Defense -4.
            let base = l.plus + step * i32::from(state.turn.attacks);
            let gain: f64 = (0..3)
                .map(|i| {
                    let pl = base - step * i;
                    best_roll(state, pl, l.dice, l.def - 4, l.blow).0
                        - best_roll(state, pl, l.dice, l.def, l.blow).0
                })
                .sum();
            set + gain + foe_turn[2]
        }
        Action::Move { .. } | Action::Run { .. } => foe_turn[2],
        _ => 0.0,
    } - walked;
    if response <= 0.0 {
        return;
    }
    // The attacks before the steps (only in reach).
    let n = if dist == 1 { a - need } else { 0 };
    let mut dealt = 0.0;
    for i in 0..i32::from(n) {
        dealt += best_roll(state, l.plus - step * i, l.dice, l.def, l.blow).0;
    }
    let first = if n > 0 {
        l.attack(best_roll(state, l.plus, l.dice, l.def, l.blow).1, false)
    } else {
        Action::Disengage { to: p1 }
    };
    let v = dealt + response + kill_bonus(state, me, t, dealt);
    better(
        best,
        Plan {
            value: v,
            dealt,
            first: Some(first),
        },
    );
}

/// What `t` would do next from `s` (its own AI, one level down), as its
/// turn would begin: remembered as the AI's choices are (the memo's key
/// holds the level), for the same answer comes up in many decisions.
fn foe_answer(s: &mut State, t: CombatantId) -> Action {
    let tb = crate::rules::turn::budget(s.fighter(t), &s.options);
    let tm = s.fighter_mut(t);
    tm.prepared = false;
    tm.total_defense = false;
    tm.ran = false;
    tm.charged = false;
    tm.reactions = 1;
    tm.immediates = 1;
    s.turn = crate::model::state::Turn {
        actor: Some(t),
        actions: tb,
        ..Default::default()
    };
    DEPTH.with(|d| d.set(d.get() + 1));
    let answer = super::action(s, t);
    DEPTH.with(|d| d.set(d.get() - 1));
    answer
}

/// X-MAN-014..016: a potion when hurt to half or less, the first one
/// carried: what it heals (its mean, no more than the HP lost), its
/// actions, and the action that starts it.
fn potion(state: &State, me: CombatantId) -> Option<Potion> {
    let f = state.fighter(me);
    if 2 * f.hp > f.stats.hp_max {
        return None;
    }
    for (i, p) in f.potions.iter().enumerate() {
        let Some(at) = p.at else { continue };
        let cost = match at {
            Place::Hand => 1,
            Place::Belt => 2,
            Place::Backpack => 3,
        };
        let heal = (f64::from(p.heal.count) * (f64::from(p.heal.sides) + 1.0) / 2.0
            + f64::from(p.heal.plus))
        .min(f64::from(f.stats.hp_max - f.hp));
        let i = i as u8;
        let first = match at {
            Place::Hand => Action::DrinkPotion { potion: i },
            _ => Action::TakePotion { potion: i },
        };
        if check(state, me, &first).is_err() {
            continue;
        }
        return Some(Potion { heal, cost, first });
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn disengage_plan(
    state: &State,
    me: CombatantId,
    t: CombatantId,
    w: u8,
    mode: Mode,
    fill: bool,
    best: &mut Option<Plan>,
) {
    let f = state.fighter(me);
    let mut spots: Vec<SquarePos> = Vec::new();
    for dy in -1..=1 {
        for dx in -1..=1 {
            if dx == 0 && dy == 0 {
                continue;
            }
            spots.push(SquarePos::new(f.pos.x + dx, f.pos.y + dy));
        }
    }
    for to in spots {
        let act = Action::Disengage { to };
        if check(state, me, &act).is_err() {
            continue;
        }
        let s = moved(state, me, to);
        if threatened(&s, me) {
            continue;
        }
        let mut s = s;
        s.turn.actions -= 1;
        let l = line(&s, me, t, w, mode);
        if check(&s, me, &Action::Attack(l.strike())).is_err() {
            continue;
        }
        let (pd2, td2) = if fill {
            defense_values(&s, me)
        } else {
            (0.0, 0.0)
        };
        if let Some(p) = strike_plans(&s, me, &l, s.turn.actions, pd2, td2, false, None) {
            better(
                best,
                Plan {
                    first: Some(act),
                    ..p
                },
            );
        }
        return;
    }
}

/// Moving into reach of `t` first: a Move, a Charge (X-MAN-006, weighing
/// the Set vs Charge it may meet, X-QCK-003, and its -4 Defense), a Run
/// (X-MAN-005: -1d6 to the attacks, -4 Defense), two Moves; every one
/// less the attacks of opportunity it provokes (X-ACT-007). When no move
/// reaches this turn, an advance (see [`advance`]).
fn move_plans(
    state: &State,
    scratch: &Scratch,
    me: CombatantId,
    t: CombatantId,
    w: u8,
    fill: bool,
    best: &mut Option<Plan>,
) {
    let f = state.fighter(me);
    let a = state.turn.actions;
    if a == 0 {
        return;
    }
    let Some(reach) = weapon_reach(f, w) else {
        // A ranged weapon out of range: walk in.
        if let Some(p) = advance(state, scratch, me, t, natural_reach(f), fill) {
            better(best, p);
        }
        return;
    };
    let tf = state.fighter(t);
    let aoo = if threatened(state, me) {
        opportunity_cost(state, me)
    } else {
        0.0
    };
    let after = |to: SquarePos, cost: u8, mark: &dyn Fn(&mut State)| {
        let (v, _) = after_move(state, scratch, me, (t, w), fill, (to, cost), mark, &|_| 0.0)?;
        Some(v)
    };
    let mut any = false;
    // A Move into reach.
    if let Some((to, _)) = approach(state, me, tf.pos, tf.edge(), reach, f.stats.move_m) {
        let act = Action::Move { to };
        if check(state, me, &act).is_ok()
            && let Some(v) = after(to, 1, &|_| {})
        {
            any = true;
            better(
                best,
                Plan {
                    value: v - aoo,
                    dealt: 0.0,
                    first: Some(act),
                },
            );
        }
        // A Charge to the same square (+1d6, X-MAN-006).
        let charge = Action::Charge {
            to,
            strike: Strike::new(t, w),
        };
        if a >= 2 && state.turn.attacks == 0 && check(state, me, &charge).is_ok() {
            let v = charge_value(state, scratch, me, t, w, to) - aoo;
            any = true;
            better(
                best,
                Plan {
                    value: v,
                    dealt: 0.0,
                    first: Some(charge),
                },
            );
        }
    }
    // A Run into reach (X-MAN-005), or two Moves.
    if a >= 2
        && let Some((to, _)) = approach(state, me, tf.pos, tf.edge(), reach, 2 * f.stats.move_m)
    {
        let act = Action::Run { to };
        if check(state, me, &act).is_ok() {
            let calm = scratch.moved(state, me, to, |s| threat(s, me, 0));
            let ran = |s: &mut State| s.fighter_mut(me).ran = true;
            let look = |s: &State| threat(s, me, 0);
            let to_cost = (to, 1);
            if let Some((v, ran_threat)) =
                after_move(state, scratch, me, (t, w), fill, to_cost, &ran, &look)
            {
                let exposed = ran_threat - calm;
                any = true;
                better(
                    best,
                    Plan {
                        value: v - exposed - aoo,
                        dealt: 0.0,
                        first: Some(act),
                    },
                );
            }
        }
        if a >= 3
            && let Some(mid) = midpoint(state, scratch, me, to)
            && let Some(v) = after(to, 2, &|_| {})
        {
            any = true;
            better(
                best,
                Plan {
                    value: v - aoo,
                    dealt: 0.0,
                    first: Some(Action::Move { to: mid }),
                },
            );
        }
    }
    if !any && let Some(p) = advance(state, scratch, me, t, reach, fill) {
        better(
            best,
            Plan {
                value: p.value - aoo,
                ..p
            },
        );
    }
}

/// After a move of `me` to `to` costing `cost` actions, with the state
/// changed by `mark`, the best strike plan on `t` with `w` of what is
/// left: its worth and what `look` reads of the state it leaves.
#[allow(clippy::too_many_arguments)]
fn after_move(
    state: &State,
    scratch: &Scratch,
    me: CombatantId,
    (t, w): (CombatantId, u8),
    fill: bool,
    (to, cost): (SquarePos, u8),
    mark: &dyn Fn(&mut State),
    look: &dyn Fn(&State) -> f64,
) -> Option<(f64, f64)> {
    let a = state.turn.actions;
    scratch.moved(state, me, to, |s| {
        mark(s);
        s.turn.actions = a - cost;
        let s = &*s;
        let l = line(s, me, t, w, Mode::Single);
        if check(s, me, &Action::Attack(l.strike())).is_err() {
            return None;
        }
        let (pd2, td2) = if fill {
            defense_values(s, me)
        } else {
            (0.0, 0.0)
        };
        let p = strike_plans(s, me, &l, a - cost, pd2, td2, false, None)?;
        Some((p.value, look(s)))
    })
}

/// The worth of charging `t` from `to` with weapon `w`: the charge's
/// attack at +1d6 and the attacks after it, less the Set vs Charge it may
/// meet (X-QCK-003) and what its -4 Defense lets in (X-MAN-006).
fn charge_value(
    state: &State,
    scratch: &Scratch,
    me: CombatantId,
    t: CombatantId,
    w: u8,
    to: SquarePos,
) -> f64 {
    scratch.moved(state, me, to, |s| {
        charged_value(s, me, t, w, state.turn.actions)
    })
}

/// [`charge_value`] in `s`, the state with `me` moved to where it strikes
/// from, `a` the actions before the charge.
fn charged_value(s: &mut State, me: CombatantId, t: CombatantId, w: u8, a: u8) -> f64 {
    s.turn.actions = a - 2;
    let calm = threat(s, me, 0);
    s.fighter_mut(me).charged = true;
    let s = &*s;
    let l = line(s, me, t, w, Mode::Charge);
    let first = best_roll(s, l.plus, l.dice, l.def, l.blow).0;
    // The attacks after the charge's own, one later in the progression.
    let step = s.options.multiple_attack_step;
    let l1 = line(s, me, t, w, Mode::Single);
    let rest: f64 = (0..i32::from(a - 2))
        .map(|i| best_roll(s, l1.plus - step * (1 + i), l1.dice, l1.def, l1.blow).0)
        .sum();
    // X-QCK-003: the target may set against the charge first.
    let tfs = s.fighter(t);
    let set = if tfs.reactions > 0 && may_interrupt(tfs, &s.options) {
        let dist = distance(s, t, me);
        match reaching_weapons(s, t, dist).first() {
            Some(&tw) => {
                let sw = Swing {
                    attacker: t,
                    mode: Mode::SetVsCharge,
                    strike: Strike::new(me, tw),
                };
                let (p, d, def) = totals(s, &sw);
                roll_value(s, p, d, def, blow(s, t, tw, false, me))
            }
            None => 0.0,
        }
    } else {
        0.0
    };
    let exposed = threat(s, me, 0) - calm;
    let dealt = first + rest;
    dealt + kill_bonus(s, me, t, dealt) - set - exposed
}

/// A square one Move along the way to `to`, from which a second Move gets there.
fn midpoint(state: &State, scratch: &Scratch, me: CombatantId, to: SquarePos) -> Option<SquarePos> {
    let f = state.fighter(me);
    let path = crate::rules::movement::plan(
        state,
        me,
        to,
        2 * f.stats.move_m,
        f.total_defense,
        "X-MOV-001",
    )
    .ok()?;
    let mut k = path.len().min(f.stats.move_m as usize);
    while k > 0 {
        let mid = path[k - 1];
        if check(state, me, &Action::Move { to: mid }).is_ok() {
            let on = scratch.moved(state, me, mid, |s| {
                check(s, me, &Action::Move { to }).is_ok()
            });
            if on {
                return Some(mid);
            }
        }
        k -= 1;
    }
    None
}

/// No attack this turn: walk toward `t`, and stop where its Move and
/// strike would not reach us (it must then run or charge, at -4 Defense,
/// or walk in and let us strike first), unless already there at the
/// start of the turn: then go on in. `ai:aggressive` never stops, nor
/// does anyone against a foe that shoots. The actions left then defend.
fn advance(
    state: &State,
    scratch: &Scratch,
    me: CombatantId,
    t: CombatantId,
    reach: u32,
    fill: bool,
) -> Option<Plan> {
    let f = state.fighter(me);
    let tf = state.fighter(t);
    let a = state.turn.actions;
    let shoots = [tf.main, tf.off]
        .into_iter()
        .flatten()
        .any(|w| tf.weapon(w).is_some_and(|x| !x.weapon.melee));
    let zone = if shoots || !fill {
        0
    } else {
        best_reach(tf).unwrap_or(1) + tf.stats.move_m
    };
    let dist = distance(state, me, t);
    let whole = state.turn.attacks == 0 && a >= crate::rules::turn::budget(f, &state.options);
    let at_edge = dist <= zone + 1;
    if at_edge && !whole && zone > 0 {
        return None;
    }
    let path = approach(state, me, tf.pos, tf.edge(), reach, 4 * f.stats.move_m + 8)
        .map(|(_, p)| p)
        .unwrap_or_default();
    // The farthest square of one Move along the path that stays out of
    // the zone (or, at its edge, the farthest of one Move).
    let mut pick: Option<SquarePos> = None;
    for (i, &p) in path.iter().enumerate() {
        if i as u32 >= f.stats.move_m {
            break;
        }
        let d = space_distance(p, f.edge(), tf.pos, tf.edge());
        if !at_edge && d <= zone {
            break;
        }
        if check(state, me, &Action::Move { to: p }).is_ok() {
            pick = Some(p);
        }
    }
    if pick.is_none() && path.is_empty() {
        let p = basic::toward_point(state, me, tf.pos, f.stats.move_m);
        if p != f.pos && check(state, me, &Action::Move { to: p }).is_ok() {
            pick = Some(p);
        }
    }
    let to = pick?;
    let (pd2, td2) = if fill {
        scratch.moved(state, me, to, |s| defense_values(s, me))
    } else {
        (0.0, 0.0)
    };
    let rest = if a >= 3 { td2.max(pd2) } else { pd2 };
    Some(Plan {
        value: 0.01 + rest,
        dealt: 0.0,
        first: Some(Action::Move { to }),
    })
}

/// The seasoned AI's next action, if any (the caller checks it).
pub(super) fn choose(state: &State, me: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    // X-MAN-012: stand up, with the Immediate first (a failed check leaves
    // the normal action for a second try).
    if f.cond.has(Condition::Prone) {
        if let Some(a) = legal(state, me, Action::StandUp { immediate: true }) {
            return Some(a);
        }
        return legal(state, me, Action::StandUp { immediate: false });
    }
    // X-LIF-008: a dying friend next to it, no foe threatening.
    if f.stats.skills.first_aid > 0 && !threatened(state, me) {
        // First Aid reaches the adjacent only (X-LIF-006).
        let patient = state.first_near(f.pos, f.edge(), 1, |p, pf| {
            p != me
                && !state.foes(me, p)
                && pf.hp <= 0
                && pf.life != Life::Dead
                && legal(state, me, Action::FirstAid { patient: p }).is_some()
        });
        if let Some(p) = patient {
            return Some(Action::FirstAid { patient: p });
        }
    }
    // X-SPM-004: a grappled fighter escapes only when it must move:
    // nothing it holds reaches a foe (a grappler next to it is struck).
    if f.grappled_by.is_some() {
        let reaches = best_reach(f).is_some_and(|r| {
            state
                .first_near(f.pos, f.edge(), r, |o, of| {
                    state.foes(me, o) && of.able() && distance(state, me, o) <= r
                })
                .is_some()
        });
        if !reaches && let Some(a) = legal(state, me, Action::Escape) {
            return Some(a);
        }
    }
    // X-MAN-007: spells, as the first AI weighs them.
    if !f.spells.is_empty()
        && let Some(a) = basic::spell(state, me)
    {
        return Some(a);
    }
    // X-MAN-013: a weapon in the main hand (picked up after a disarm).
    if f.main.is_none()
        && let Some(a) = draw(state, me)
    {
        return Some(a);
    }
    // X-QCK-008: a rider rides in (only a rider: the nearest foe is a search).
    if state.riding(me).is_some()
        && let Some(t) = super::target(state, me)
        && let Some(a) = basic::ride_in(state, me, t)
    {
        return Some(a);
    }
    if state.turn.actions == 0 {
        return None;
    }
    best_plan(state, me).and_then(|p| p.first)
}

/// The weapon to take in hand: a melee weapon when a foe is within a
/// Move of it, else one that shoots, else any.
fn draw(state: &State, me: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    let r = f.stats.move_m + 1;
    let near = state
        .first_near(f.pos, f.edge(), r, |o, of| {
            state.foes(me, o) && of.able() && distance(state, me, o) <= r
        })
        .is_some();
    let mut order: Vec<u8> = (0..f.weapons.len() as u8).collect();
    order.sort_by_key(|&w| {
        let melee = f.weapon(w).is_some_and(|a| a.weapon.melee);
        (melee != near, w)
    });
    order.into_iter().find_map(|w| {
        legal(
            state,
            me,
            Action::Draw {
                weapon: w,
                offhand: false,
            },
        )
    })
}

/// The seasoned AI's answers: every free attack is taken (X-ACT-007,
/// X-QCK-003), with the offered weapon that deals the most; critical
/// initiative buys a Reaction (X-SEQ-002).
pub(super) fn answer(state: &State, q: &Question) -> Answer {
    match q {
        Question::Reaction {
            reactor,
            trigger,
            weapons,
        } => {
            let victim = match trigger {
                crate::model::action::Trigger::Opportunity { mover } => *mover,
                crate::model::action::Trigger::SetVsCharge { charger } => *charger,
            };
            let best = weapons.iter().copied().max_by(|&x, &y| {
                let v = |w| {
                    let sw = Swing {
                        attacker: *reactor,
                        mode: Mode::Opportunity,
                        strike: Strike::new(victim, w),
                    };
                    let (p, d, def) = totals(state, &sw);
                    roll_value(state, p, d, def, blow(state, *reactor, w, false, victim))
                };
                v(x).total_cmp(&v(y)).then(y.cmp(&x))
            });
            match best {
                Some(w) => Answer::Strike { weapon: w },
                None => Answer::Decline,
            }
        }
        Question::ExtraAction { .. } => Answer::ExtraReaction,
    }
}
