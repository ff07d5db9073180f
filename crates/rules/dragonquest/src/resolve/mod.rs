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
use fray_core::grid::Heading;
use fray_core::{CombatantId, Cx, ModList, RollRecord, RollRequest};

/// A figure's name as an owned string, for events.
pub fn name(state: &State, id: CombatantId) -> String {
    state.fig(id).name.to_string()
}

/// A heading in words, for events.
pub fn describe_heading(h: Heading) -> String {
    match h {
        Heading::Side(f) => f.name().to_string(),
        Heading::Corner(c) => c.to_string(),
    }
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

/// Emits an effect event whose words are built (only when narrating) by
/// `what`: a weapon's name, the numbers behind a stun.
pub fn effect_with(
    state: &State,
    cx: &mut impl Cx<DragonQuest>,
    who: CombatantId,
    rule: &'static str,
    what: impl FnOnce() -> String,
) {
    cx.emit(|| Event::Effect {
        who: name(state, who),
        what: what().into(),
        rule,
    });
}

/// The name of weapon `i` of `who`, in lower case, for the narration.
pub fn weapon_name(state: &State, who: CombatantId, i: u8) -> String {
    state
        .fig(who)
        .weapons
        .get(usize::from(i))
        .map_or_else(String::new, |h| h.weapon.name.to_lowercase())
}

/// DQ-18-001: the note of a damage sum below 1, which counts as 1.
pub fn counts_as_one(sum: i32) -> Option<String> {
    (sum < 1).then(|| format!("{sum} counts as 1"))
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
        note: None,
    });
    Ok(ok)
}

/// A D10 (a bare `D`) for `label`, not yet recorded: its caller records it
/// with [`summed`] or a target, built only when someone reads the roll.
pub fn roll_d10(
    state: &State,
    cx: &mut impl Cx<DragonQuest>,
    who: Option<CombatantId>,
    label: &'static str,
    rule: &'static str,
) -> Flow<(RollRequest, Rolled)> {
    let req = RollRequest::new(who, fray_core::dice::systems::dragonquest::D10, label, rule);
    let rolled = cx.roll(state, req)?;
    Ok((req, rolled))
}

/// The record of a die plus terms with no target: `1d10 = 6 + 4 (weapon
/// +4) = 10` (a damage check, a parry roll read in bands).
pub fn summed(
    state: &State,
    req: &RollRequest,
    who: Option<CombatantId>,
    rolled: Rolled,
    terms: &ModList,
) -> RollRecord {
    let mut r =
        RollRecord::new(req, who.map(|w| &*state.fig(w).name), rolled).over(terms, &ModList::new());
    r.target = None;
    r.margin = None;
    r.reading = fray_core::Reading::Under;
    r
}

/// A D10 plus `mods`' terms, recorded as [`summed`] (built only when someone
/// reads the roll), with `note` saying what the sum means; returns the sum.
pub fn d10_sum(
    state: &State,
    cx: &mut impl Cx<DragonQuest>,
    who: Option<CombatantId>,
    (label, rule): (&'static str, &'static str),
    mods: impl FnOnce() -> ModList,
    note: impl FnOnce(i32) -> Option<String>,
    total: i32,
) -> Flow<i32> {
    let (req, rolled) = roll_d10(state, cx, who, label, rule)?;
    let sum = rolled.total + total;
    cx.emit(|| Event::Roll {
        roll: summed(state, &req, who, rolled, &mods()),
        note: note(sum),
    });
    Ok(sum)
}
