//! The round and the turn: initiative (X-SEQ-001..003), the start of a
//! turn with its upkeep (X-SEQ-005, X-LIF-003, X-CON-005), its end, and
//! the end of the fight.

use crate::model::action::{Answer, Question};
use crate::model::event::Event;
use crate::model::options::{InitiativeFrequency, InitiativeGroups, InitiativeRoll};
use crate::model::state::{Condition, State, Turn};
use crate::resolve::life::update_life;
use crate::rules::turn::{budget, critical_initiative, sort_initiative};
use crate::{D20, Flow};
use fray_core::dice::RollKind;
use fray_core::dice::systems::golden::{attack_kind, initiative_tie_break};
use fray_core::{
    CombatantId, Cx, EndReason, ModList, Mods, Next, Outcome, RollRecord, RollRequest, SideId,
    Total,
};

/// A roll-over with no number to beat (initiative, one side of an
/// opposed check): the total, without a target.
pub fn unopposed(mut r: RollRecord) -> RollRecord {
    r.target = None;
    r.margin = None;
    r
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

/// The fight is over when at most one side has anyone able to fight.
pub fn over(state: &State) -> Option<Outcome> {
    let mut first: Option<SideId> = None;
    for f in &state.fighters {
        if f.able() {
            match first {
                None => first = Some(f.side),
                Some(s) if s != f.side => return None,
                _ => {}
            }
        }
    }
    Some(Outcome {
        winner: first,
        reason: if first.is_some() {
            EndReason::Victory
        } else {
            EndReason::MutualDestruction
        },
        rounds: state.round,
    })
}

/// What happens next: the current actor while it has actions, else the
/// next turn, else a new round.
pub fn next(state: &mut State, cx: &mut impl Cx<D20>) -> Flow<Next> {
    if state.round == 0 {
        state.round = 1;
        cx.emit(|| Event::Round { round: 1 });
        roll_initiative(state, cx)?;
    }
    loop {
        if let Some(o) = over(state) {
            return Ok(Next::Over(o));
        }
        if let Some(a) = state.turn.actor {
            // X-QCK-008: a rider's turn lasts while it or its mount has
            // actions left.
            if state.fighter(a).able() && (state.turn.actions > 0 || state.turn.mount_actions > 0) {
                return Ok(Next::Act(a));
            }
            finish_turn(state, a);
            continue;
        }
        if state.cursor >= state.order.len() {
            if state.round >= state.max_rounds {
                return Ok(Next::Over(Outcome {
                    winner: None,
                    reason: EndReason::RoundLimit,
                    rounds: state.round,
                }));
            }
            state.round += 1;
            state.cursor = 0;
            let round = state.round;
            cx.emit(|| Event::Round { round });
            for f in &mut state.fighters {
                f.extra_reaction = false;
                f.extra_immediate = false;
            }
            if state.options.initiative_frequency == InitiativeFrequency::EveryRound {
                roll_initiative(state, cx)?;
            }
        }
        let who = state.order[state.cursor];
        state.cursor += 1;
        begin_turn(state, who, cx)?;
    }
}

/// X-SEQ-005: ends `actor`'s turn: unused normal actions are lost; a
/// surprised combatant is surprised no more (X-SEQ-004).
pub fn finish_turn(state: &mut State, actor: CombatantId) {
    let f = state.fighter_mut(actor);
    f.acted = true;
    f.cond.set(Condition::Surprised, false);
    state.turn = Turn::default();
}

/// X-SEQ-005: the start of `who`'s turn: Reaction and Immediate refresh,
/// effects lasting until its next turn end (X-MOV-006, X-MAN-006/008/009,
/// X-MUL-005, X-SPM-002), the dying lose 1 HP (X-LIF-003), confusion
/// (X-CON-005); then its budget (X-ACT-001, X-SEQ-003, X-CON-011).
pub fn begin_turn(state: &mut State, who: CombatantId, cx: &mut impl Cx<D20>) -> Flow<()> {
    let f = state.fighter_mut(who);
    f.reactions = 1 + u8::from(f.extra_reaction);
    f.immediates = 1 + u8::from(f.extra_immediate);
    f.ran = false;
    f.charged = false;
    f.prepared = false;
    f.total_defense = false;
    f.offhand_defense = false;
    f.feint = match f.feint {
        Some((t, false)) => Some((t, true)),
        _ => None,
    };
    if f.life == crate::model::state::Life::Dying {
        f.hp -= 1;
        let hp = f.hp;
        let name = f.name.clone();
        cx.emit(|| Event::Condition {
            who: name.to_string(),
            what: format!("is dying: loses 1 HP (HP {hp})"),
            rule: "X-LIF-003",
        });
        update_life(state, who, cx);
    }
    let f = state.fighter(who);
    if !f.able() {
        return Ok(());
    }
    let mut actions = budget(f, &state.options);
    // X-QCK-008: a mount acts on its rider's initiative: while it carries
    // the rider (or carried it earlier this round) its actions belong to
    // the rider's turn, so its own slot has none.
    if f.is_mount() && (state.ridden_by(who).is_some() || f.carried) {
        actions = 0;
    }
    if f.cond.has(Condition::Confused) {
        // X-CON-005: a plain d6 at the start of each turn.
        let req = RollRequest::new(Some(who), RollKind::d(1, 6), "confusion", "X-CON-005");
        let r = cx.roll(state, req)?;
        let name = f.name.clone();
        cx.emit(|| Event::Roll {
            roll: RollRecord::new(&req, Some(&name), r).verdict(match r.total {
                1 => "acts normally",
                2 => "does nothing",
                3 => "flees",
                _ => "attacks the nearest",
            }),
        });
        match r.total {
            1 => {}
            2 => actions = 0,
            3 => {
                crate::resolve::movement::flee(state, who, actions, cx)?;
                actions = 0;
            }
            _ => {
                crate::resolve::action::attack_nearest(state, who, actions, cx)?;
                actions = 0;
            }
        }
    }
    let f = state.fighter_mut(who);
    f.bonus_actions = 0;
    f.carried = false;
    // X-QCK-008: the mount's 2 actions go into its rider's turn.
    let mount_actions = match state.riding(who) {
        Some(m) if state.fighter(m).able() => {
            let n = budget(state.fighter(m), &state.options);
            state.fighter_mut(m).carried = true;
            n
        }
        _ => 0,
    };
    state.turn = Turn {
        actor: Some(who),
        actions,
        mount_actions,
        ..Turn::default()
    };
    if actions > 0 {
        cx.emit(|| Event::Turn {
            who: state.fighter(who).name.to_string(),
            actions,
        });
    }
    if mount_actions > 0
        && actions > 0
        && let Some(m) = state.riding(who)
    {
        cx.emit(|| Event::Note {
            text: format!(
                "{} carries {}: {mount_actions} mount actions",
                state.fighter(m).name,
                state.fighter(who).name
            ),
            rule: "X-QCK-008",
        });
    }
    Ok(())
}

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
    // X-QCK-008: mounts roll no initiative; each follows its rider.
    let rollers: Vec<CombatantId> = match groups {
        InitiativeGroups::Individual => state
            .ids()
            .filter(|&id| !state.fighter(id).is_mount())
            .collect(),
        InitiativeGroups::Side => {
            let mut v: Vec<CombatantId> = Vec::new();
            for id in state.ids() {
                let side = state.fighter(id).side;
                let leader = <D20 as fray_core::Fight>::leader(state, side);
                if leader == Some(id) {
                    v.push(id);
                }
            }
            v
        }
    };
    // Narration lists the terms; the simulator sums them.
    fn bonus_of<M: Mods>(state: &State, id: CombatantId, m: &mut M) {
        let f = state.fighter(id);
        m.add("DEX", f.stats.dex, "X-SEQ-001");
        if f.cond.has(Condition::Deafened) {
            m.add("deafened", -4, "X-CON-010");
        }
    }
    let list_of = |id| {
        let mut m = ModList::new();
        bonus_of(state, id, &mut m);
        m
    };
    let total_of = |id| {
        let mut m = Total::default();
        bonus_of(state, id, &mut m);
        m.total()
    };
    let mut rows: Vec<(CombatantId, i32, i32)> = Vec::with_capacity(rollers.len());
    // Two rollers told die by die: the order is shown with each side's own
    // total (A's kept as the difference, B's as 0: the same order).
    let mut told: Option<(i32, i32, i32)> = None;
    match (roll, rollers.as_slice()) {
        (InitiativeRoll::FixedDex, _) => {
            for &id in &rollers {
                rows.push((id, total_of(id), state.fighter(id).stats.dex));
            }
        }
        (InitiativeRoll::Golden3d6Dex, &[a, b]) => {
            // Two rollers: one roll of A's three golden dice minus B's
            // (the same distribution as two rolls, since only the
            // difference orders them and gives critical initiative),
            // so the exact odds branch over differences, not pairs.
            let both_total = total_of(a) - total_of(b);
            let req = RollRequest::new(None, attack_kind(-3, 0), "initiative", "X-SEQ-001");
            let r = cx.roll(state, req)?;
            let shown = crate::resolve::Shown::last(cx, req.kind);
            let (na, nb) = (&state.fighter(a).name, &state.fighter(b).name);
            // With the dice known, each side's own roll and own bonuses;
            // else the one roll as made, each bonus under its side's name.
            let sides =
                crate::model::words::golden_chains(3, 3, shown.faces()).filter(|_| cx.telling());
            match sides {
                Some(chains) => {
                    let (ca, cb) = chains.split_at(3);
                    told = Some((
                        r.total + both_total,
                        crate::model::words::golden_sum(ca) + total_of(a),
                        crate::model::words::golden_sum(cb) + total_of(b),
                    ));
                    for (id, dice) in [(a, ca), (b, cb)] {
                        let f = state.fighter(id);
                        let side = RollRequest::new(
                            Some(id),
                            attack_kind(0, 0),
                            "initiative",
                            "X-SEQ-001",
                        );
                        let sum = crate::model::words::golden_sum(dice);
                        let faces = from_faces_order(dice);
                        let detail =
                            crate::model::words::golden_detail(3, 0, &faces).unwrap_or_default();
                        let rolled =
                            fray_core::dice::Rolled::new(sum, fray_core::dice::Natural::Mixed);
                        cx.emit(|| Event::Roll {
                            roll: unopposed(
                                RollRecord::new(&side, Some(&f.name), rolled)
                                    .over(&list_of(id), &ModList::new())
                                    .faces(&faces, detail),
                            ),
                        });
                    }
                    cx.emit(|| Event::Note {
                        text: format!(
                            "rolled as one: {na}'s 3 golden d6 less {nb}'s ({} = {}), and {na}'s bonuses less {nb}'s ({both_total:+}): {na} {} by {}",
                            req.kind,
                            r.total,
                            if r.total + both_total >= 0 { "ahead" } else { "behind" },
                            (r.total + both_total).abs()
                        ),
                        rule: "X-SEQ-001",
                    });
                }
                None => {
                    cx.emit(|| Event::Note {
                        text: format!(
                            "{na}'s 3 golden d6 less {nb}'s, plus {na}'s bonuses less {nb}'s"
                        ),
                        rule: "X-SEQ-001",
                    });
                    cx.emit(|| {
                        let mut both = ModList::new();
                        let mine = list_of(a);
                        for m in mine.iter() {
                            both.add_always(m.label, m.value, m.rule);
                        }
                        for m in list_of(b).iter() {
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
            }
            rows.push((a, r.total + both_total, state.fighter(a).stats.dex));
            rows.push((b, 0, state.fighter(b).stats.dex));
        }
        (InitiativeRoll::Golden3d6Dex, _) => {
            for &id in &rollers {
                let f = state.fighter(id);
                let req = RollRequest::new(Some(id), attack_kind(0, 0), "initiative", "X-SEQ-001");
                let r = cx.roll(state, req)?;
                let shown = crate::resolve::Shown::last(cx, req.kind);
                cx.emit(|| Event::Roll {
                    roll: shown.on(unopposed(
                        RollRecord::new(&req, Some(&f.name), r).over(&list_of(id), &ModList::new()),
                    )),
                });
                rows.push((id, r.total + total_of(id), f.stats.dex));
            }
        }
    }
    let ties = sort_initiative(&mut rows);
    for (start, len) in ties {
        let Ok(kind) = initiative_tie_break(len) else {
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
    // The order: each roller, then (side groups) its side in scenario order.
    let mut order = Vec::with_capacity(state.fighters.len());
    for &(id, total, _) in &rows {
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
    // X-QCK-008: a mount's slot follows its rider's, at its initiative.
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
    // X-SEQ-002/003: critical initiative against the best opponent.
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
            let name = f.name.clone();
            cx.emit(|| Event::Condition {
                who: name.to_string(),
                what: format!("wins critical initiative by {}: {a}", mine - best),
                rule: "X-SEQ-002",
            });
        }
        if action {
            let f = state.fighter_mut(id);
            f.bonus_actions = 1;
            let name = f.name.clone();
            cx.emit(|| Event::Condition {
                who: name.to_string(),
                what: "wins critical initiative by 16: an extra action this round".into(),
                rule: "X-SEQ-003",
            });
        }
    }
    Ok(())
}
