//! The AIs of d20-3d6. The default (`ai`, `ai:aggressive`,
//! `ai:defensive`) is the seasoned one ([`seasoned`]): it plans the rest
//! of its turn (move then attack, several attacks with the multiple-attack
//! penalty when they pay, a charge only when the set against it does not
//! cost more, trip, grapple and feint when they pay, Prepared or Total
//! Defense when they save more than the attacks they replace) by expected
//! damage. The first AI is kept as `ai:basic` (`ai:basic-aggressive`,
//! `ai:basic-defensive`) so that people and tests can compare the two
//! ([`basic`]).
//!
//! Both are deterministic (no dice of their own) and both only declare
//! actions `rules::legal::check` accepts: the simulator, the table and the
//! tests run the same resolution code whichever AI chose.

use crate::model::action::{Action, Answer, Question};
use crate::model::state::State;
use crate::model::tactics::Tactics;
use crate::rules::attack::{Mode, Swing, bonus, bonus_with, defense};
use crate::rules::legal::check;
use fray_core::{CombatantId, Mods, Total};
use std::sync::OnceLock;

mod basic;
mod flank;
pub mod memo;
mod near;
mod reach;
mod scratch;
mod seasoned;

const LOW: i32 = -60;
const HIGH: i32 = 140;
const SPAN: usize = (HIGH - LOW) as usize + 1;
const EXTRA: i32 = 6;

/// One golden die's distribution by total: 0, 2, 3, 4, 5 with 1/6 each,
/// 6 + another die with 1/6, explosions cut after ten dice (80 totals).
fn golden_die() -> Vec<f64> {
    let n = 80usize;
    let mut die = vec![0f64; n];
    let mut scale = 1.0;
    let mut base = 0usize;
    for _ in 0..10 {
        for v in [0usize, 2, 3, 4, 5] {
            if base + v < n {
                die[base + v] += scale / 6.0;
            }
        }
        scale /= 6.0;
        base += 6;
    }
    die
}

/// The distribution of the sum of two independent totals.
fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0f64; a.len() + b.len()];
    for (i, x) in a.iter().enumerate() {
        if *x == 0.0 {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// P(3 golden d6 + `extra` golden dice >= t) for t in LOW..=HIGH, extra in
/// -EXTRA..=EXTRA, explosions cut at a depth that leaves nothing visible
/// to a decision.
fn table() -> &'static Vec<[f64; SPAN]> {
    static T: OnceLock<Vec<[f64; SPAN]>> = OnceLock::new();
    T.get_or_init(|| {
        let die = golden_die();
        let three = convolve(&convolve(&die, &die), &die);
        let mut rows = Vec::new();
        for extra in -EXTRA..=EXTRA {
            let mut pos = three.clone();
            let mut neg = vec![1.0f64];
            for _ in 0..extra.unsigned_abs() {
                if extra > 0 {
                    pos = convolve(&pos, &die);
                } else {
                    neg = convolve(&neg, &die);
                }
            }
            // P(pos - neg >= t).
            let mut row = [0f64; SPAN];
            for (k, slot) in row.iter_mut().enumerate() {
                let t = LOW + k as i32;
                let mut p = 0.0;
                for (j, q) in neg.iter().enumerate() {
                    if *q == 0.0 {
                        continue;
                    }
                    let need = t + j as i32;
                    let from = need.max(0) as usize;
                    let tail: f64 = pos.iter().skip(from).sum();
                    p += q * tail;
                }
                *slot = p;
            }
            rows.push(row);
        }
        rows
    })
}

/// The chance that the dice plus `bonus` with `extra` dice reach `defense`:
/// never below three 6s (1/216) nor above all but three 1s (X-ATK-008/009).
pub fn chance(bonus: i32, extra: i32, defense: i32) -> f64 {
    let t = (defense - bonus).clamp(LOW, HIGH);
    let e = (extra.clamp(-EXTRA, EXTRA) + EXTRA) as usize;
    let p = table()[e][(t - LOW) as usize];
    p.clamp(1.0 / 216.0, 215.0 / 216.0)
}

/// P(3 golden d6 + `extra` golden dice >= t), without the clamps of the
/// automatic results: the chance of a margin (criticals, X-DMG-002).
pub fn tail(bonus: i32, extra: i32, t: i32) -> f64 {
    let t = (t - bonus).clamp(LOW, HIGH);
    let e = (extra.clamp(-EXTRA, EXTRA) + EXTRA) as usize;
    table()[e][(t - LOW) as usize]
}

/// The size dice an opposed check may carry (X-SPM-007), each way.
const SIZES: i32 = 3;
/// The differences an opposed table holds, each way.
const DIFF: i32 = 120;

/// The distribution of (3 golden d6 + `s` dice) - (3 golden d6) for `s`
/// in -SIZES..=SIZES, as probabilities of each difference from -DIFF.
fn opposed_table() -> &'static Vec<Vec<f64>> {
    static T: OnceLock<Vec<Vec<f64>>> = OnceLock::new();
    T.get_or_init(|| {
        let die = golden_die();
        let sum = |k: i32| {
            let mut v = vec![1.0f64];
            for _ in 0..k {
                v = convolve(&v, &die);
            }
            v
        };
        let mut rows = Vec::new();
        for s in -SIZES..=SIZES {
            let pos = sum(3 + s.max(0));
            let neg = sum(3 + (-s).max(0));
            let mut row = vec![0f64; (2 * DIFF + 1) as usize];
            for (i, x) in pos.iter().enumerate() {
                if *x < 1e-12 {
                    continue;
                }
                for (j, y) in neg.iter().enumerate() {
                    let d = (i as i32 - j as i32).clamp(-DIFF, DIFF);
                    row[(d + DIFF) as usize] += x * y;
                }
            }
            rows.push(row);
        }
        rows
    })
}

/// The chance that the initiator of an opposed check wins (X-ATK-011,
/// X-FLW-002): its 3 golden d6 + `size` dice (X-SPM-007) + `mine` beat the
/// other's 3 golden d6 + `theirs`; a tie goes to the higher modifier, equal
/// modifiers roll again; three 1s for the initiator always lose (X-SPM-008).
pub fn opposed_chance(mine: i32, size: i32, theirs: i32) -> f64 {
    let row = &opposed_table()[(size.clamp(-SIZES, SIZES) + SIZES) as usize];
    // Win when diff > theirs - mine.
    let t = theirs - mine;
    let at = |d: i32| row[(d.clamp(-DIFF, DIFF) + DIFF) as usize];
    let above: f64 = (t + 1..=DIFF).map(at).sum();
    let tie = at(t);
    let p = match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => above + tie,
        std::cmp::Ordering::Less => above,
        std::cmp::Ordering::Equal => above / (1.0 - tie).max(1e-9),
    };
    (p * (1.0 - 1.0 / 216.0)).clamp(0.0, 1.0)
}

/// (flat bonus, net dice, Defense) of a swing as the rules would roll it now.
pub fn totals(state: &State, sw: &Swing) -> (i32, i32, i32) {
    totals_at(state, sw, None)
}

/// [`totals`], with the fighters that threaten the swing's target found
/// before (for many swings at one target, [`flank`]), if they were.
fn totals_at(state: &State, sw: &Swing, flankers: Option<&flank::Flankers>) -> (i32, i32, i32) {
    let mut plus = Total::default();
    let mut dice = Total::default();
    match flankers {
        Some(fl) => bonus_with(
            state,
            sw,
            || fl.flank(state, sw.attacker),
            &mut plus,
            &mut dice,
        ),
        None => bonus(state, sw, &mut plus, &mut dice),
    }
    let mut def = Total::default();
    defense(state, sw, &mut def);
    (plus.total(), dice.total(), def.total())
}

/// The chance that a swing hits, as the rules would roll it now.
pub fn swing_chance(state: &State, sw: &Swing) -> f64 {
    let (plus, dice, def) = totals(state, sw);
    if sw.mode == Mode::Precise {
        return (1..=4).map(|d| chance(plus + d, dice, def)).sum::<f64>() / 4.0;
    }
    chance(plus, dice, def)
}

fn legal(state: &State, actor: CombatantId, a: Action) -> Option<Action> {
    check(state, actor, &a).ok().map(|_| a)
}

/// The nearest able foe, ties to the one with fewer HP, then the lower id.
fn target(state: &State, actor: CombatantId) -> Option<CombatantId> {
    near::nearest::<1>(state, actor, |o| {
        state.foes(actor, o) && state.fighter(o).able()
    })
    .first()
    .copied()
}

/// Whether `who` is played by the first AI (`ai:basic...`).
pub fn is_basic(state: &State, who: CombatantId) -> bool {
    Tactics::is_basic(&state.fighter(who).controller)
}

/// The AI's next action: remembered per thread when the same situation
/// came up before ([`memo`]), else worked out by [`decide`].
pub fn action(state: &State, actor: CombatantId) -> Action {
    memo::remembered(state, actor, || decide(state, actor))
}

/// The AI's next action, worked out from the state (no table), and
/// checked once, so that the engine may trust it
/// (`Engine::AI_ACTIONS_ARE_LEGAL`); Ending the turn is always allowed.
pub fn decide(state: &State, actor: CombatantId) -> Action {
    let a = if is_basic(state, actor) {
        basic::choose(state, actor)
    } else {
        seasoned::choose(state, actor)
    };
    a.filter(|a| check(state, actor, a).is_ok())
        .unwrap_or(Action::EndTurn)
}

/// The chance of a Magic check against `dc` as it would be rolled now
/// (X-MAN-007, X-CON-003).
pub fn magic_chance(state: &State, actor: CombatantId, dc: i32) -> f64 {
    let mut plus = Total::default();
    let mut dice = Total::default();
    crate::rules::spell::magic_check(state.fighter(actor), &mut plus, &mut dice);
    chance(plus.total(), dice.total(), dc)
}

/// The AI's answer to a question put to one of its figures.
pub fn answer(state: &State, q: &Question) -> Answer {
    let who = match q {
        Question::Reaction { reactor, .. } => *reactor,
        Question::ExtraAction { who } => *who,
    };
    if is_basic(state, who) {
        basic::answer(state, q)
    } else {
        seasoned::answer(state, q)
    }
}
