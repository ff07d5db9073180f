//! Golden rolls for checks and opposed checks (X-ATK-011, X-FLW-002).

use crate::model::event::Event;
use crate::model::state::State;
use crate::{D20, Flow};
use fray_core::dice::systems::golden::attack_kind;
use fray_core::dice::{Natural, Rolled};
use fray_core::{CombatantId, Cx, ModList, RollRecord, RollRequest};

/// A judged check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Success.
    pub success: bool,
    /// Total (dice + bonus).
    pub total: i32,
    /// The base dice.
    pub natural: Natural,
}

/// Rolls 3 golden d6 + `extra` dice for `who` and judges total + bonus
/// against `dc` (X-ATK-011): three 1s fail and three 6s succeed whatever
/// the total (`golden_autos_on_checks`).
#[allow(clippy::too_many_arguments)]
pub fn check(
    state: &State,
    who: CombatantId,
    bonus: &ModList,
    extra: i8,
    dc: &ModList,
    label: &'static str,
    rule: &'static str,
    cx: &mut impl Cx<D20>,
) -> Flow<Checked> {
    let req = RollRequest::new(Some(who), attack_kind(extra, 0), label, rule)
        .against(dc.total() - bonus.total());
    let rolled = cx.roll(state, req)?;
    let total = rolled.total + bonus.total();
    let autos = state.options.golden_autos_on_checks;
    let success = match rolled.natural {
        Natural::AllLowest if autos => false,
        Natural::AllHighest if autos => true,
        _ => total >= dc.total(),
    };
    let name = &state.fighter(who).name;
    cx.emit(|| Event::Roll {
        roll: RollRecord::new(&req, Some(name), rolled)
            .over(bonus, dc)
            .verdict(if success { "success" } else { "failure" }),
    });
    Ok(Checked {
        success,
        total,
        natural: rolled.natural,
    })
}

/// An opposed check's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opposed {
    /// The initiator won.
    pub won: bool,
    /// Initiator's total - defender's total.
    pub margin: i32,
    /// The initiator rolled three 1s (X-SPM-008).
    pub backfire: bool,
}

/// The most rerolls of a tie between equal modifiers before the defender
/// keeps its ground (a decision: the odds cannot follow an endless tie).
pub const MAX_TIE_REROLLS: u32 = 3;

fn roll_side(
    state: &State,
    who: CombatantId,
    bonus: &ModList,
    extra: i8,
    label: &'static str,
    rule: &'static str,
    cx: &mut impl Cx<D20>,
) -> Flow<Rolled> {
    let req = RollRequest::new(Some(who), attack_kind(extra, 0), label, rule);
    let rolled = cx.roll(state, req)?;
    let name = &state.fighter(who).name;
    cx.emit(|| Event::Roll {
        roll: crate::resolve::turn::unopposed(
            RollRecord::new(&req, Some(name), rolled).over(bonus, &ModList::new()),
        ),
    });
    Ok(rolled)
}

/// X-ATK-011, X-FLW-002: both sides roll; the higher total wins; a tie goes
/// to the higher modifier, then to a reroll (at most [`MAX_TIE_REROLLS`],
/// then to the defender). Three 1s for the initiator always lose and
/// backfire (X-SPM-008).
#[allow(clippy::too_many_arguments)]
pub fn opposed(
    state: &State,
    a: CombatantId,
    a_bonus: &ModList,
    a_dice: i8,
    d: CombatantId,
    d_bonus: &ModList,
    label: &'static str,
    rule: &'static str,
    cx: &mut impl Cx<D20>,
) -> Flow<Opposed> {
    for _ in 0..=MAX_TIE_REROLLS {
        let ra = roll_side(state, a, a_bonus, a_dice, label, rule, cx)?;
        let rd = roll_side(state, d, d_bonus, 0, label, rule, cx)?;
        let (ta, td) = (ra.total + a_bonus.total(), rd.total + d_bonus.total());
        if ra.natural == Natural::AllLowest {
            return Ok(Opposed {
                won: false,
                margin: ta - td,
                backfire: true,
            });
        }
        if ta != td {
            return Ok(Opposed {
                won: ta > td,
                margin: ta - td,
                backfire: false,
            });
        }
        if a_bonus.total() != d_bonus.total() {
            return Ok(Opposed {
                won: a_bonus.total() > d_bonus.total(),
                margin: 0,
                backfire: false,
            });
        }
    }
    Ok(Opposed {
        won: false,
        margin: 0,
        backfire: false,
    })
}
