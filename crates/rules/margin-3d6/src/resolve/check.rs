//! 3d6 roll-under checks through the oracle (M-FLO-003/004), recorded with
//! every term of the target.

use crate::model::event::{Event, Note};
use crate::model::state::State;
use crate::{Flow, Margin};
use fray_core::dice::RollKind;
use fray_core::dice::systems::margin3d6::{
    Check, CheckOptions, Contest, Outcome, Winner, check, contest,
};
use fray_core::{CombatantId, Cx, ModList, Mods, RollRecord, RollRequest, Total};

/// The terms of a roll's target, written into any [`Mods`]: the dice need
/// only their sum ([`Total`]); the list with every term's label and rule
/// ([`ModList`]) is built only when someone narrates (the simulator's sink
/// wants no events, so its rolls never build one).
pub trait Terms {
    /// Writes every term into `m`, in order.
    fn write<M: Mods>(&self, m: &mut M);

    /// The terms' sum, the roll's target: [`Terms::write`] into a
    /// [`Total`], unless a type sums its terms more directly (which
    /// must give the same number).
    #[inline]
    fn total(&self) -> i32 {
        let mut sum = Total::default();
        self.write(&mut sum);
        sum.0
    }
}

/// A target of one term (a skill, an attribute, a defense's score).
#[derive(Clone, Copy, Debug)]
pub struct Term {
    /// What it is.
    pub label: &'static str,
    /// Its value.
    pub value: i32,
    /// The checklist ID behind it, or `""` for a plain stat.
    pub rule: &'static str,
}

impl Terms for Term {
    #[inline]
    fn write<M: Mods>(&self, m: &mut M) {
        m.add(self.label, self.value, self.rule);
    }
}

impl Terms for ModList {
    fn write<M: Mods>(&self, m: &mut M) {
        for t in self.iter() {
            m.add(t.label, t.value, t.rule);
        }
    }
}

/// The options of a check from the scenario's (M-FLO-003 `min_target`).
#[inline]
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

/// M-FLO-003/004: rolls 3d6 for `roller` against the sum of `terms` and
/// judges it; below `min_target` no dice are rolled and the check fails.
/// The record lists every term (built only when narrating).
#[inline]
pub fn roll(
    state: &State,
    cx: &mut impl Cx<Margin>,
    roller: CombatantId,
    label: &'static str,
    rule: &'static str,
    terms: &impl Terms,
) -> Flow<Check> {
    let target = terms.total();
    let o = opts(state);
    if target < o.min_target {
        let c = check(0, target, o);
        cx.note("M-FLO-003", || {
            format!(
                "{} {label}: target {target} is below {}, no roll: failure",
                state.fighter(roller).name,
                o.min_target
            )
        });
        return Ok(c);
    }
    let req = RollRequest::new(Some(roller), RollKind::three_d6(), label, rule).against(target);
    let rolled = cx.roll(state, req)?;
    let c = check(rolled.total, target, o);
    cx.emit(|| {
        let mut mods = ModList::new();
        terms.write(&mut mods);
        debug_assert_eq!(
            mods.total(),
            target,
            "{label}: its terms do not sum to its target"
        );
        Event::Roll(
            RollRecord::new(&req, Some(&state.fighter(roller).name), rolled)
                .with_target(&mods)
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
    let term = Term {
        label: base,
        value,
        rule: "",
    };
    roll(state, cx, roller, label, rule, &term)
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

/// M-FLO-005: the quick contest of `a` (rolled by `who_a`) and `b` (by
/// `who_b`), told in one line: who wins and by how many successes, or
/// that nobody does.
pub fn judged(
    state: &State,
    cx: &mut impl Cx<Margin>,
    who_a: CombatantId,
    a: Check,
    who_b: CombatantId,
    b: Check,
) -> Contest {
    let c = contest(a, b);
    cx.emit(|| {
        let name = |id: CombatantId| state.fighter(id).name.to_string();
        let side = |ch: &Check| {
            if ch.outcome.is_success() {
                crate::model::words::count(ch.successes(), "success", "successes")
            } else {
                "failed".to_string()
            }
        };
        let text = match c.winner {
            Winner::A | Winner::B => {
                let (w, l) = if c.winner == Winner::A {
                    (name(who_a), name(who_b))
                } else {
                    (name(who_b), name(who_a))
                };
                format!(
                    "contest: {} {}, {} {}: {w} wins by {} over {l}",
                    name(who_a),
                    side(&a),
                    name(who_b),
                    side(&b),
                    crate::model::words::count(c.successes, "success", "successes")
                )
            }
            Winner::Nobody => format!(
                "contest: {} {}, {} {}: nobody wins",
                name(who_a),
                side(&a),
                name(who_b),
                side(&b)
            ),
        };
        Event::Note(Note {
            text,
            rule: "M-FLO-005",
        })
    });
    c
}
