//! Initiative (X-SEQ-001..003): who rolls, the rolls (one roll of the
//! difference for two rollers), ties, the order with the mounts after
//! their riders, and critical initiative against the best opponent.

use crate::model::action::{Answer, Question};
use crate::model::event::Event;
use crate::model::options::{InitiativeGroups, InitiativeRoll};
use crate::model::state::{Condition, State};
use crate::model::words::{golden_chains, golden_detail, golden_sum};
use crate::resolve::Shown;
use crate::resolve::check::unopposed;
use crate::rules::turn::{critical_initiative, sort_initiative};
use crate::{D20, Flow};
use fray_core::dice::kind::First;
use fray_core::dice::systems::golden::{attack_kind, initiative_tie_break};
use fray_core::dice::{Natural, RollKind, Rolled};
use fray_core::{CombatantId, Cx, ModList, Mods, RollRecord, RollRequest, Total};
use smallvec::SmallVec;

/// A roller's row: who, the total, and DEX (the first tie break).
type Row = (CombatantId, i32, i32);

/// A fight's rollers and their rows, on the stack for up to eight (the
/// simulator rolls initiative once a fight and allocates nothing here).
type Rollers = SmallVec<[CombatantId; 8]>;
type Rows = SmallVec<[Row; 8]>;

/// Two rollers told die by die: the total kept for A (the difference),
/// then A's and B's own totals to show (B's is kept as 0: the same order).
type Told = Option<(i32, i32, i32)>;

/// X-SEQ-001..003: everyone (or each side's leader, `initiative_groups =
/// side`) rolls 3 golden d6 + DEX (-4 deafened, X-CON-010); turns run from
/// the highest total down, ties to the higher DEX, then a d6 roll-off.
/// Beating the best opponent by 8 gives an extra Reaction or Immediate
/// (the controller chooses), by 16 an extra normal action too.
pub fn roll_initiative(state: &mut State, cx: &mut impl Cx<D20>) -> Flow<()> {
    // The switches read here, copied (no `Arc` clone: the simulator
    // shares the options between threads).
    let (groups, roll, cumulative) = {
        let o = &*state.options;
        (
            o.initiative_groups,
            o.initiative_roll,
            o.critical_initiative_cumulative,
        )
    };
    let rollers = rollers(state, groups);
    let (mut rows, told) = roll_rows(state, roll, &rollers, cx)?;
    break_ties(state, &mut rows, cx)?;
    set_order(state, groups, &rows);
    tell_order(state, told, cx);
    award_critical_initiative(state, cumulative, cx)
}

/// Who rolls: every fighter, or each side's leader; X-QCK-008: mounts
/// roll no initiative, each follows its rider.
fn rollers(state: &State, groups: InitiativeGroups) -> Rollers {
    match groups {
        InitiativeGroups::Individual => state
            .ids()
            .filter(|&id| !state.fighter(id).is_mount())
            .collect(),
        InitiativeGroups::Side => {
            let mut v = Rollers::new();
            for id in state.ids() {
                let side = state.fighter(id).side;
                let leader = <D20 as fray_core::Fight>::leader(state, side);
                if leader == Some(id) {
                    v.push(id);
                }
            }
            v
        }
    }
}

/// A roller's bonus, DEX and -4 deafened (X-CON-010): narration lists the
/// terms; the simulator sums them.
fn bonus_of<M: Mods>(state: &State, id: CombatantId, m: &mut M) {
    let f = state.fighter(id);
    m.add("DEX", f.stats.dex, "X-SEQ-001");
    if f.cond.has(Condition::Deafened) {
        m.add("deafened", -4, "X-CON-010");
    }
}

/// [`bonus_of`] as a list of terms.
fn list_of(state: &State, id: CombatantId) -> ModList {
    let mut m = ModList::new();
    bonus_of(state, id, &mut m);
    m
}

/// [`bonus_of`] as a sum.
fn total_of(state: &State, id: CombatantId) -> i32 {
    let mut m = Total::default();
    bonus_of(state, id, &mut m);
    m.total()
}

/// Each roller's row, by the initiative roll the options choose.
fn roll_rows(
    state: &State,
    roll: InitiativeRoll,
    rollers: &[CombatantId],
    cx: &mut impl Cx<D20>,
) -> Flow<(Rows, Told)> {
    match (roll, rollers) {
        (InitiativeRoll::FixedDex, _) => {
            let rows = rollers
                .iter()
                .map(|&id| (id, total_of(state, id), state.fighter(id).stats.dex))
                .collect();
            Ok((rows, None))
        }
        (InitiativeRoll::Golden3d6Dex, &[a, b]) => roll_pair(state, a, b, cx),
        (InitiativeRoll::Golden3d6Dex, _) => Ok((roll_each(state, rollers, cx)?, None)),
    }
}

/// Two rollers: one roll of A's three golden dice minus B's (the same
/// distribution as two rolls, since only the difference orders them and
/// gives critical initiative), so the exact odds branch over differences,
/// not pairs.
fn roll_pair(
    state: &State,
    a: CombatantId,
    b: CombatantId,
    cx: &mut impl Cx<D20>,
) -> Flow<(Rows, Told)> {
    let both_total = total_of(state, a) - total_of(state, b);
    let req = RollRequest::new(None, attack_kind(-3, 0), "initiative", "X-SEQ-001");
    let r = cx.roll(state, req)?;
    let shown = Shown::last(cx, req.kind);
    // With the dice known, each side's own roll and own bonuses;
    // else the one roll as made, each bonus under its side's name.
    let sides = golden_chains(3, 3, shown.faces()).filter(|_| cx.telling());
    let told = match sides {
        Some(chains) => {
            let told = tell_pair_sides(state, (a, b), &chains, r.total + both_total, cx);
            tell_pair_difference(state, (a, b), req, r, both_total, cx);
            Some(told)
        }
        None => {
            tell_pair_as_one(state, (a, b), req, r, shown, cx);
            None
        }
    };
    let rows = Rows::from_slice(&[
        (a, r.total + both_total, state.fighter(a).stats.dex),
        (b, 0, state.fighter(b).stats.dex),
    ]);
    Ok((rows, told))
}

/// With the dice known: each side's own three golden dice and bonuses, as
/// if rolled apart; returns what [`tell_order`] shows (`kept`: A's total).
fn tell_pair_sides(
    state: &State,
    (a, b): (CombatantId, CombatantId),
    chains: &[Vec<i32>],
    kept: i32,
    cx: &mut impl Cx<D20>,
) -> (i32, i32, i32) {
    let (ca, cb) = chains.split_at(3);
    let told = (
        kept,
        golden_sum(ca) + total_of(state, a),
        golden_sum(cb) + total_of(state, b),
    );
    for (id, dice) in [(a, ca), (b, cb)] {
        let f = state.fighter(id);
        let side = RollRequest::new(Some(id), attack_kind(0, 0), "initiative", "X-SEQ-001");
        let sum = golden_sum(dice);
        let faces = from_faces_order(dice);
        let detail = golden_detail(3, 0, &faces).unwrap_or_default();
        let rolled = Rolled::new(sum, Natural::Mixed);
        cx.emit(|| Event::Roll {
            roll: unopposed(
                RollRecord::new(&side, Some(&f.name), rolled)
                    .over(&list_of(state, id), &ModList::new())
                    .faces(&faces, detail),
            ),
        });
    }
    told
}

/// With the dice known: the note that the two sides' rolls were one roll
/// of their difference.
fn tell_pair_difference(
    state: &State,
    (a, b): (CombatantId, CombatantId),
    req: RollRequest,
    r: Rolled,
    both_total: i32,
    cx: &mut impl Cx<D20>,
) {
    let (na, nb) = (&state.fighter(a).name, &state.fighter(b).name);
    cx.note("X-SEQ-001", || {
        format!(
            "rolled as one: {na}'s 3 golden d6 less {nb}'s ({} = {}), and {na}'s bonuses less {nb}'s ({both_total:+}): {na} {} by {}",
            req.kind,
            r.total,
            if r.total + both_total >= 0 { "ahead" } else { "behind" },
            (r.total + both_total).abs()
        )
    });
}

/// Without the dice: the one roll as made, each bonus under its side's
/// name (B's negated).
fn tell_pair_as_one(
    state: &State,
    (a, b): (CombatantId, CombatantId),
    req: RollRequest,
    r: Rolled,
    shown: Shown,
    cx: &mut impl Cx<D20>,
) {
    let (na, nb) = (&state.fighter(a).name, &state.fighter(b).name);
    cx.note("X-SEQ-001", || {
        format!("{na}'s 3 golden d6 less {nb}'s, plus {na}'s bonuses less {nb}'s")
    });
    cx.emit(|| {
        let mut both = ModList::new();
        let mine = list_of(state, a);
        for m in mine.iter() {
            both.add_always(m.label, m.value, m.rule);
        }
        for m in list_of(state, b).iter() {
            both.add_always(m.label, -m.value, m.rule);
        }
        let mut roll = unopposed(
            shown
                .on(RollRecord::new(&req, None, r))
                .over(&both, &ModList::new()),
        );
        let n = mine.iter().count();
        for (i, m) in roll.bonuses.iter_mut().enumerate() {
            let who = if i < n { na } else { nb };
            m.label = format!("{who}'s {}", m.label);
        }
        Event::Roll { roll }
    });
}

/// Three or more rollers: each rolls 3 golden d6 + bonus.
fn roll_each(state: &State, rollers: &[CombatantId], cx: &mut impl Cx<D20>) -> Flow<Rows> {
    let mut rows = Rows::with_capacity(rollers.len());
    for &id in rollers {
        let f = state.fighter(id);
        let req = RollRequest::new(Some(id), attack_kind(0, 0), "initiative", "X-SEQ-001");
        let r = cx.roll(state, req)?;
        let shown = Shown::last(cx, req.kind);
        cx.emit(|| Event::Roll {
            roll: shown.on(unopposed(
                RollRecord::new(&req, Some(&f.name), r).over(&list_of(state, id), &ModList::new()),
            )),
        });
        rows.push((id, r.total + total_of(state, id), f.stats.dex));
    }
    Ok(rows)
}

/// Sorts the rows (X-SEQ-001) and breaks each remaining tie with a d6
/// roll-off (or, more than eight tied, a d6 each).
fn break_ties(state: &State, rows: &mut [Row], cx: &mut impl Cx<D20>) -> Flow<()> {
    let ties = sort_initiative(rows);
    for (start, len) in ties {
        let Ok(kind) = initiative_tie_break(len) else {
            own_rolls(state, &mut rows[start..start + len], cx)?;
            continue;
        };
        let req = RollRequest::new(None, kind, "initiative tie", "X-SEQ-001");
        let r = cx.roll(state, req)?;
        cx.emit(|| Event::Roll {
            roll: RollRecord::new(&req, None, r),
        });
        let tied: Vec<_> = rows[start..start + len].to_vec();
        for (k, &party) in r.standings.order().iter().enumerate() {
            if let (Some(slot), Some(row)) = (rows.get_mut(start + k), tied.get(usize::from(party)))
            {
                *slot = *row;
            }
        }
    }
    Ok(())
}

/// X-SEQ-001: more tied than one roll-off takes (`MAX_ROLL_OFF_PARTIES`):
/// each rolls a d6 of its own, highest first, and equal rolls roll again
/// ([`fray_core::ties`]).
fn own_rolls(state: &State, tied: &mut [Row], cx: &mut impl Cx<D20>) -> Flow<()> {
    fray_core::ties::by_own_rolls(tied, First::Highest, |(id, _, _)| -> Flow<i32> {
        let req = RollRequest::new(Some(id), RollKind::d(1, 6), "initiative tie", "X-SEQ-001");
        let r = cx.roll(state, req)?;
        cx.emit(|| Event::Roll {
            roll: RollRecord::new(&req, Some(&state.fighter(id).name), r),
        });
        Ok(r.total)
    })
}

/// The order: each roller, then (side groups) its side in scenario order;
/// X-QCK-008: a mount's slot follows its rider's, at its initiative.
fn set_order(state: &mut State, groups: InitiativeGroups, rows: &[Row]) {
    // Last fight's room, refilled (the simulator refills an empty start).
    let mut order = std::mem::take(&mut state.order);
    order.clear();
    for &(id, total, _) in rows {
        match groups {
            InitiativeGroups::Individual => {
                state.fighter_mut(id).initiative = total;
                order.push(id);
            }
            InitiativeGroups::Side => {
                let side = state.fighter(id).side;
                let members: Vec<CombatantId> = state
                    .ids()
                    .filter(|&m| state.fighter(m).side == side && !state.fighter(m).is_mount())
                    .collect();
                for m in members {
                    state.fighter_mut(m).initiative = total;
                    order.push(m);
                }
            }
        }
    }
    if state.fighters.iter().any(|f| f.is_mount()) {
        let mut with_mounts = Vec::with_capacity(state.fighters.len());
        for id in order {
            with_mounts.push(id);
            if let Some(m) = state.fighter(id).steed {
                state.fighter_mut(m).initiative = state.fighter(id).initiative;
                with_mounts.push(m);
            }
        }
        order = with_mounts;
    }
    state.order = order;
    state.cursor = 0;
}

/// Tells the order with each one's initiative (two rollers told die by
/// die: each side's own total).
fn tell_order(state: &State, told: Told, cx: &mut impl Cx<D20>) {
    cx.emit(|| Event::Initiative {
        order: state
            .order
            .iter()
            .map(|&id| {
                let f = state.fighter(id);
                let shown = match told {
                    Some((kept_a, ta, _)) if f.initiative == kept_a => ta,
                    Some((_, _, tb)) if f.initiative == 0 => tb,
                    _ => f.initiative,
                };
                (f.name.to_string(), shown)
            })
            .collect(),
    });
}

/// X-SEQ-002/003: critical initiative against the best opponent: by 8 an
/// extra Reaction or Immediate (the controller chooses), by 16 an extra
/// normal action too.
fn award_critical_initiative(
    state: &mut State,
    cumulative: bool,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    for id in state.ids() {
        if state.fighter(id).is_mount() {
            continue;
        }
        let mine = state.fighter(id).initiative;
        let best = state
            .ids()
            .filter(|&b| state.foes(id, b))
            .map(|b| state.fighter(b).initiative)
            .max();
        let Some(best) = best else { continue };
        let (extra, action) = critical_initiative(mine - best, cumulative);
        if extra {
            let a = cx.ask(state, || Question::ExtraAction { who: id })?;
            let f = state.fighter_mut(id);
            match a {
                Answer::ExtraImmediate => {
                    f.extra_immediate = true;
                    f.immediates += 1;
                }
                _ => {
                    f.extra_reaction = true;
                    f.reactions += 1;
                }
            }
            let name = &*f.name;
            cx.condition("X-SEQ-002", name, || {
                format!("wins critical initiative by {}: {a}", mine - best)
            });
        }
        if action {
            let f = state.fighter_mut(id);
            f.bonus_actions = 1;
            let name = &*f.name;
            cx.condition("X-SEQ-003", name, || {
                "wins critical initiative by 16: an extra action this round".into()
            });
        }
    }
    Ok(())
}

/// One side's golden dice (a chain of faces per die) in the order
/// `RollKind::from_faces` reads them: the base faces, then each 6's
/// explosion rolls in turn.
fn from_faces_order(dice: &[Vec<i32>]) -> Vec<i32> {
    let mut v: Vec<i32> = dice.iter().filter_map(|c| c.first().copied()).collect();
    for c in dice {
        v.extend(c.iter().skip(1));
    }
    v
}
