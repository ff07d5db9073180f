//! Golden rolls for checks and opposed checks (X-ATK-011, X-FLW-002).

use crate::model::event::Event;
use crate::model::state::State;
use crate::resolve::Shown;
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

/// A roll-over with no number to beat (initiative, one side of an
/// opposed check): the total, without a target.
pub fn unopposed(mut r: RollRecord) -> RollRecord {
    r.target = None;
    r.margin = None;
    r
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
    let shown = Shown::last(cx, req.kind);
    let total = rolled.total + bonus.total();
    let autos = state.options.golden_autos_on_checks;
    let by_total = total >= dc.total();
    let success = match rolled.natural {
        Natural::AllLowest if autos => false,
        Natural::AllHighest if autos => true,
        _ => by_total,
    };
    // The verdict says when three 1s or three 6s overrule the total.
    let verdict = match (success, by_total) {
        (true, false) => "automatic success",
        (false, true) => "automatic failure",
        (true, true) => "success",
        (false, false) => "failure",
    };
    let name = &state.fighter(who).name;
    cx.emit(|| Event::Roll {
        roll: shown.on(RollRecord::new(&req, Some(name), rolled)
            .over(bonus, dc)
            .verdict(verdict)),
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
    let shown = Shown::last(cx, req.kind);
    let name = &state.fighter(who).name;
    cx.emit(|| Event::Roll {
        roll: shown.on(unopposed(
            RollRecord::new(&req, Some(name), rolled).over(bonus, &ModList::new()),
        )),
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
    // Who won and why, in words (the two rolls above it show the dice).
    let (an, dn) = (&state.fighter(a).name, &state.fighter(d).name);
    let (ba, bd) = (a_bonus.total(), d_bonus.total());
    for _ in 0..=MAX_TIE_REROLLS {
        let ra = roll_side(state, a, a_bonus, a_dice, label, rule, cx)?;
        let rd = roll_side(state, d, d_bonus, 0, label, rule, cx)?;
        let (ta, td) = (ra.total + ba, rd.total + bd);
        if ra.natural == Natural::AllLowest {
            cx.note("X-SPM-008", || {
                format!(
                    "{label}: {an} rolled three 1s, a critical failure whatever the totals ({ta} against {dn}'s {td})"
                )
            });
            return Ok(Opposed {
                won: false,
                margin: ta - td,
                backfire: true,
            });
        }
        if ta != td {
            cx.note("X-ATK-011", || {
                format!(
                    "{label}: {an} {ta} against {dn} {td}: {} wins by {}",
                    if ta > td { an } else { dn },
                    (ta - td).abs()
                )
            });
            return Ok(Opposed {
                won: ta > td,
                margin: ta - td,
                backfire: false,
            });
        }
        if ba != bd {
            cx.note("X-ATK-011", || {
                format!(
                    "{label}: tied at {ta}; the higher modifier wins ({an} {ba:+} against {dn} {bd:+}): {}",
                    if ba > bd { an } else { dn }
                )
            });
            return Ok(Opposed {
                won: ba > bd,
                margin: 0,
                backfire: false,
            });
        }
        cx.note("X-ATK-011", || {
            format!("{label}: tied at {ta} with equal modifiers: both roll again")
        });
    }
    cx.note("X-ATK-011", || {
        format!("{label}: still tied after {MAX_TIE_REROLLS} rerolls: {dn} keeps its ground")
    });
    Ok(Opposed {
        won: false,
        margin: 0,
        backfire: false,
    })
}
