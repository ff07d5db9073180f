//! 3d6 roll-under checks through the oracle (M-FLO-003/004), recorded with
//! every term of the target.

use crate::model::event::Event;
use crate::model::state::State;
use crate::{Flow, Margin};
use fray_core::dice::RollKind;
use fray_core::dice::systems::margin3d6::{Check, CheckOptions, Outcome, check};
use fray_core::{CombatantId, Cx, ModList, RollRecord, RollRequest};

/// The options of a check from the scenario's (M-FLO-003 `min_target`).
pub fn opts(state: &State) -> CheckOptions {
    CheckOptions {
        min_target: state.options.min_target,
    }
}

/// The verdict word of a check.
pub fn verdict(c: &Check) -> &'static str {
    match (c.roll, c.outcome) {
        (None, _) => "no roll allowed",
        (_, Outcome::CriticalSuccess) => "critical success",
        (_, Outcome::Success) => "success",
        (_, Outcome::Failure) => "failure",
        (_, Outcome::CriticalFailure) => "critical failure",
    }
}

/// M-FLO-003/004: rolls 3d6 for `roller` against the sum of `mods` and
/// judges it; below `min_target` no dice are rolled and the check fails.
pub fn roll(
    state: &State,
    cx: &mut impl Cx<Margin>,
    roller: CombatantId,
    label: &'static str,
    rule: &'static str,
    mods: &ModList,
) -> Flow<Check> {
    let target = mods.total();
    let o = opts(state);
    if target < o.min_target {
        let c = check(0, target, o);
        cx.emit(|| Event::Note {
            text: format!(
                "{} {label}: target {target} is below {}, no roll: failure",
                state.fighter(roller).name,
                o.min_target
            ),
            rule: "M-FLO-003",
        });
        return Ok(c);
    }
    let req = RollRequest::new(Some(roller), RollKind::three_d6(), label, rule).against(target);
    let rolled = cx.roll(state, req)?;
    let c = check(rolled.total, target, o);
    cx.emit(|| {
        Event::Roll(
            RollRecord::new(&req, Some(&state.fighter(roller).name), rolled)
                .with_target(mods)
                .verdict(verdict(&c)),
        )
    });
    Ok(c)
}

/// A check against a plain number (an attribute), one term.
pub fn roll_plain(
    state: &State,
    cx: &mut impl Cx<Margin>,
    roller: CombatantId,
    label: &'static str,
    rule: &'static str,
    base: &'static str,
    value: i32,
) -> Flow<Check> {
    roll(
        state,
        cx,
        roller,
        label,
        rule,
        &ModList::base(base, value, ""),
    )
}

/// A plain 3d6 or 1d6 roll for a table (no target).
pub fn table_roll(
    state: &State,
    cx: &mut impl Cx<Margin>,
    roller: Option<CombatantId>,
    dice: u16,
    label: &'static str,
    rule: &'static str,
) -> Flow<i32> {
    let req = RollRequest::new(roller, RollKind::d(dice, 6), label, rule);
    let rolled = cx.roll(state, req)?;
    cx.emit(|| {
        let who = roller.map(|r| state.fighter(r).name.to_string());
        Event::Roll(RollRecord::new(&req, who.as_deref(), rolled))
    });
    Ok(rolled.total)
}
