//! The AIs of DragonQuest. The default (`ai`, `ai:cautious`,
//! `ai:capture`) is the seasoned one ([`seasoned`]): it picks up what it
//! dropped, keeps out of a foe's charge until it can strike first, shoots
//! only along lines clear of its friends and gets off a horse it cannot
//! fight from. The first AI is kept as `ai:basic` (`ai:basic-cautious`,
//! `ai:basic-capture`) so that people and tests can compare the two
//! ([`basic`]).
//!
//! Both are deterministic (no dice of their own) and both only declare
//! actions `rules::actions::check` accepts: the simulator, the table and
//! the tests run the same resolution code whichever AI chose.

use crate::model::action::{Action, Activity, Answer, Question};
use crate::model::state::State;
use crate::rules::actions;
use fray_core::CombatantId;

mod basic;
pub mod memo;
mod seasoned;

pub use basic::trample_hexes;

/// The tactics the AI knows (`ai:<tactics>`): `default` fights to win;
/// `cautious` also steps back from the fight when badly hurt (Withdraw,
/// DQ-13-006..008); `capture` knocks foes out instead of wounding them
/// (DQ-16-016, DQ-16-017). Each with `basic-` (and `basic` alone) is the
/// first AI's.
pub const TACTICS: [&str; 6] = [
    "default",
    "cautious",
    "capture",
    "basic",
    "basic-cautious",
    "basic-capture",
];

/// Whether `who` is played by the first AI (`ai:basic...`).
pub fn is_basic(state: &State, who: CombatantId) -> bool {
    state.fig(who).controller.is_basic()
}

/// The tactics of `who`'s controller, without the `basic` prefix
/// (`default` when none is named).
pub(crate) fn tactic(state: &State, who: CombatantId) -> &str {
    state.fig(who).controller.tactic().unwrap_or("default")
}

/// The AI's action: remembered per thread when the same situation came up
/// before ([`memo`]), else worked out by [`action`] and checked once, so
/// that the engine may trust it (`Engine::AI_ACTIONS_ARE_LEGAL`).
pub fn remembered(state: &State, who: CombatantId) -> Action {
    // The answers that read one status and search nothing are cheaper
    // worked out than looked up (a stunned figure's Recover, about one
    // choice in four of the duel's). The rules force them, so they are
    // legal by the same rules; debug builds still check.
    if let Some(a) = reflex(state, who) {
        debug_assert!(actions::check(state, who, &a).is_ok(), "{a:?}");
        return a;
    }
    memo::remembered(state, who, || checked(state, who, action(state, who)))
}

/// `chosen` when the rules allow it, else a Pass (always allowed).
fn checked(state: &State, who: CombatantId, chosen: Action) -> Action {
    if actions::check(state, who, &chosen).is_ok() {
        chosen
    } else {
        Action::PASS
    }
}

/// The choices both AIs make from one status, before any search: recover
/// from a stun (DQ-19-006), work free of an entanglement (DQ-16-012), the
/// forced Pass after a parry (DQ-17-008), stand up.
fn reflex(state: &State, who: CombatantId) -> Option<Action> {
    let f = state.fig(who);
    if f.status.stunned {
        return Some(Action::Recover);
    }
    if f.status.entangled.is_some() {
        return Some(basic::pass(Activity::Disentangle));
    }
    if f.status.forced_pass == state.pulse && state.pulse > 0 {
        return Some(Action::PASS);
    }
    if f.status.prone {
        return Some(basic::pass(Activity::StandUp));
    }
    None
}

/// The action of `who`, worked out: the seasoned AI's, or the first AI's
/// under `ai:basic...`.
pub fn action(state: &State, who: CombatantId) -> Action {
    if let Some(a) = reflex(state, who) {
        return a;
    }
    if is_basic(state, who) {
        basic::action(state, who)
    } else {
        seasoned::action(state, who)
    }
}

/// The AI's answer to a question put to one of its figures or sides.
pub fn answer(state: &State, q: &Question) -> Answer {
    let basic = match q {
        Question::SideFirst { side, .. } | Question::NextFigure { side, .. } => state
            .ids()
            .find(|&id| state.fig(id).side == *side)
            .is_none_or(|id| is_basic(state, id)),
        Question::FirstOrLast { who }
        | Question::Repulse { who, .. }
        | Question::Parry { who, .. }
        | Question::Grievous { who }
        | Question::DisarmItem { who, .. } => is_basic(state, *who),
    };
    if basic {
        basic::answer(state, q)
    } else {
        seasoned::answer(state, q)
    }
}
