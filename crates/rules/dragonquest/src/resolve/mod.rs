//! Procedures that roll, ask and emit, through `Cx`. Each step reads
//! `fn f(state, .., cx: &mut impl Cx<DragonQuest>) -> Flow<T>`.

pub mod act;
pub mod aftermath;
pub mod close;
pub mod damage;
pub mod fire;
pub mod mounted;
pub mod poison;
pub mod pulse;
pub mod strike;

use crate::model::event::Event;
use crate::model::state::State;
use crate::{DragonQuest, Flow};
use fray_core::dice::kind::Bands;
use fray_core::dice::{RollKind, Rolled};
use fray_core::{CombatantId, Cx, ModList, RollRecord, RollRequest};

/// A figure's name as an owned string, for events.
pub fn name(state: &State, id: CombatantId) -> String {
    state.fig(id).name.to_string()
}

/// Emits an effect event (built only when narrating).
pub fn effect(
    state: &State,
    cx: &mut impl Cx<DragonQuest>,
    who: CombatantId,
    what: &'static str,
    rule: &'static str,
) {
    cx.emit(|| Event::Effect {
        who: name(state, who),
        what: what.into(),
        rule,
    });
}

/// A D100 check `roll <= chance` (Conventions › Dice), rolled as a D100 in
/// two bands so the odds branch twice. The event lists the chance's terms.
pub fn check(
    state: &State,
    cx: &mut impl Cx<DragonQuest>,
    who: Option<CombatantId>,
    label: &'static str,
    rule: &'static str,
    chance: &ModList,
) -> Flow<bool> {
    let c = chance.total();
    // The bands are for the exact odds; an oracle that only samples (the
    // simulator) draws them as the plain D100 (the same draw and total).
    let kind = if cx.sampling() {
        RollKind::d(1, 100)
    } else {
        RollKind::Banded(Bands::new(100, &[c]).unwrap_or_else(|_| Bands::whole(100)))
    };
    let req = RollRequest::new(who, kind, label, rule).against(c);
    let rolled = cx.roll(state, req)?;
    let ok = rolled.total <= c;
    cx.emit(|| Event::Roll {
        roll: RollRecord::new(&req, who.map(|w| &*state.fig(w).name), rolled)
            .with_target(chance)
            .verdict(if ok { "success" } else { "failure" }),
    });
    Ok(ok)
}

/// A D10 (a bare `D`), recorded with `mods`' list as its terms: built only
/// when someone reads the roll (the simulator's sink does not).
pub fn d10(
    state: &State,
    cx: &mut impl Cx<DragonQuest>,
    who: Option<CombatantId>,
    label: &'static str,
    rule: &'static str,
    mods: impl FnOnce() -> ModList,
) -> Flow<Rolled> {
    let req = RollRequest::new(who, fray_core::dice::systems::dragonquest::D10, label, rule);
    let rolled = cx.roll(state, req)?;
    cx.emit(|| Event::Roll {
        roll: RollRecord::new(&req, who.map(|w| &*state.fig(w).name), rolled)
            .with_modifiers(&mods()),
    });
    Ok(rolled)
}
