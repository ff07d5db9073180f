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
use crate::rules::attack::{Mode, Swing, bonus_with, defense_of, is_ranged};
use crate::rules::geometry::flanked;
use crate::rules::legal::check;
use fray_core::{CombatantId, Mods, Total};

mod basic;
mod flank;
pub mod memo;
mod near;
mod odds;
mod reach;
mod scratch;
mod seasoned;

pub use odds::{chance, opposed_chance};

/// (flat bonus, net dice, Defense) of a swing as the rules would roll it now.
pub fn totals(state: &State, sw: &Swing) -> (i32, i32, i32) {
    totals_at(state, sw, None)
}

/// [`totals`], with the fighters that threaten the swing's target found
/// before (for many swings at one target, [`flank`]), if they were.
fn totals_at(state: &State, sw: &Swing, flankers: Option<&flank::Flankers>) -> (i32, i32, i32) {
    let mut plus = Total::default();
    let mut dice = Total::default();
    let ranged = is_ranged(state, sw);
    let flanking = || match flankers {
        Some(fl) => fl.flank(state, sw.attacker),
        None => flanked(state, sw.attacker, sw.strike.target),
    };
    bonus_with(state, sw, ranged, flanking, &mut plus, &mut dice);
    let mut def = Total::default();
    defense_of(state, sw.attacker, sw.strike.target, ranged, &mut def);
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
