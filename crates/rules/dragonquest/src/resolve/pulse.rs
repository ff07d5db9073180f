//! The pulse sequence (DQ-12-001..007, DQ-11-004, DQ-19-005, DQ-00-016):
//! `Engine::next` walks it, asking the sides and the figures their
//! choices and rolling the initiatives.

use crate::model::action::{Answer, Question};
use crate::model::event::{Event, Place, SideRoll};
use crate::model::options::{DistanceCheck, StanceDuration};
use crate::model::state::{Slot, Stage, State};
use crate::resolve::{aftermath, effect};
use crate::rules::{initiative, values, zones};
use crate::{DragonQuest, Flow};
use fray_core::dice::kind::First;
use fray_core::dice::systems::dragonquest::{iv_tie_break, side_initiative};
use fray_core::{CombatantId, Cx, EndReason, Next, Outcome, RollRecord, RollRequest, SideId};

const NONE: u16 = u16::MAX;

/// Engagements of at most this many figures are ordered with their IV keys
/// worked out once, on the stack; bigger ones work them out per comparison.
const KEYED: usize = 16;

/// DQ-00-016 step 6 (decision `end_condition`): the fight is over when at
/// most one side has a figure that can still fight.
pub fn over(state: &State) -> Option<Outcome> {
    let mut standing = [false; 2];
    for f in &state.figures {
        if f.in_fight()
            && let Some(s) = standing.get_mut(f.side.index())
        {
            *s = true;
        }
    }
    let winner = match standing {
        [true, true] => return None,
        [true, false] => Some(SideId(0)),
        [false, true] => Some(SideId(1)),
        [false, false] => None,
    };
    Some(Outcome {
        winner,
        reason: if winner.is_some() {
            EndReason::Victory
        } else {
            EndReason::MutualDestruction
        },
        rounds: state.pulse,
    })
}

/// Whether `who` may take a slot now: fighting, and not surprised in the
/// free pulse (DQ-11-004).
fn can_act(state: &State, who: CombatantId) -> bool {
    let f = state.fig(who);
    f.in_fight() && !(state.free_pulse && f.status.surprised)
}

/// What happens next: the actor of the current slot while its actions
/// last, else the next slot of the sequence, else a new pulse.
pub fn next(state: &mut State, cx: &mut impl Cx<DragonQuest>) -> Flow<Next> {
    // Who can still fight changes only when an action is resolved (before
    // this call) or a pulse begins (knockout timers, momentum): the end is
    // tested then, not on every pass of the sequence.
    if let Some(outcome) = over(state) {
        aftermath::infection(state, cx)?;
        return Ok(Next::Over(outcome));
    }
    // A bound on the loop: every pass moves the sequence on.
    for _ in 0..(16 * state.figures.len() + 64) {
        if let Some(slot) = state.seq.slot {
            if slot.left > 0 && can_act(state, slot.who) {
                return Ok(Next::Act(slot.who));
            }
            state.seq.slot = None;
        }
        match state.seq.stage {
            Stage::Begin => {
                if state.pulse >= state.max_pulses {
                    // DQ-24-001: a fight stopped by the round limit is over
                    // too: its wounds are checked as after any fight.
                    aftermath::infection(state, cx)?;
                    return Ok(Next::Over(Outcome {
                        winner: None,
                        reason: EndReason::RoundLimit,
                        rounds: state.pulse,
                    }));
                }
                begin_pulse(state, cx)?;
                if let Some(outcome) = over(state) {
                    aftermath::infection(state, cx)?;
                    return Ok(Next::Over(outcome));
                }
            }
            Stage::Engaged => {
                if !state.seq.queue.is_empty() {
                    let who = state.seq.queue.remove(0);
                    if can_act(state, who) {
                        start_slot(state, who, cx);
                    }
                } else if !state.seq.groups.is_empty() {
                    let g = state.seq.groups.remove(0);
                    order_engagement(state, g, cx)?;
                } else {
                    begin_step3(state, cx)?;
                }
            }
            Stage::NonEngaged => {
                if !next_nonengaged(state, cx)? {
                    end_pulse(state);
                }
            }
        }
    }
    aftermath::infection(state, cx)?;
    Ok(Next::Over(Outcome {
        winner: None,
        reason: EndReason::RoundLimit,
        rounds: state.pulse,
    }))
}

/// Ends the current slot (`Engine::pass_turn`).
pub fn pass_turn(state: &mut State, who: CombatantId) {
    if let Some(s) = state.seq.slot.as_mut()
        && s.who == who
    {
        s.left = 0;
    }
}

/// DQ-15-003: a figure's slot, two actions at modAG 26 or more. A lost
/// action (DQ-13-017, DQ-17-006) is spent here. Stances that last until
/// the next action end (DQ-13-005, DQ-13-008).
fn start_slot(state: &mut State, who: CombatantId, cx: &mut impl Cx<DragonQuest>) {
    let until_next = state.options.stance_duration == StanceDuration::UntilNextAction;
    let f = state.fig_mut(who);
    if until_next {
        f.status.evading = false;
        f.status.defensive = false;
    }
    if f.status.lose_action {
        f.status.lose_action = false;
        effect(state, cx, who, "loses this action", "DQ-17-006");
        return;
    }
    let two = values::mod_ag(state.fig(who)) >= 26 && !state.fig(who).status.stunned;
    state.seq.slot = Some(Slot {
        who,
        left: if two { 2 } else { 1 },
        used: None,
    });
}

/// Start of a pulse (DQ-00-016 steps 1-3): timers, the free pulse, the
/// engagements, the order of engagements, the non-engaged initiative.
fn begin_pulse(state: &mut State, cx: &mut impl Cx<DragonQuest>) -> Flow<()> {
    state.pulse += 1;
    let pulse = state.pulse;
    cx.emit(|| Event::Pulse { pulse });
    if pulse == 1 {
        distance_warning(state, cx);
    }
    // DQ-11-004: the free pulse of the side with surprise.
    state.free_pulse = pulse == 1 && state.surprise.is_some();
    if pulse > 1 {
        for f in &mut state.figures {
            f.status.surprised = false;
        }
    }
    // DQ-16-017: knockout timers.
    for i in 0..state.figures.len() {
        let f = &mut state.figures[i];
        if f.status.knocked_out > 0 {
            f.status.knocked_out -= 1;
            if f.status.knocked_out == 0 {
                effect(
                    state,
                    cx,
                    CombatantId::of_index(i),
                    "comes round",
                    "DQ-16-017",
                );
            }
        }
    }
    // DQ-23-006: a mount that charged last pulse is carried on.
    crate::resolve::mounted::momentum(state, cx);
    let mut groups = std::mem::take(&mut state.seq.group_of);
    zones::engagements(state, &mut groups);
    state.seq.group_of = groups;
    // DQ-12-001 (decision `engagement_order = max_iv`): engagements in
    // descending order of their highest IV, ties to the lowest figure id.
    let mut order = std::mem::take(&mut state.seq.groups);
    order.clear();
    for (i, &g) in state.seq.group_of.iter().enumerate() {
        if g != NONE && g as usize == i {
            order.push(g);
        }
    }
    let best = |state: &State, g: u16| {
        state
            .ids()
            .filter(|id| state.seq.group_of[id.index()] == g)
            .map(|id| values::iv(state.fig(id)))
            .max()
            .unwrap_or(0)
    };
    if state.figures.len() <= fray_core::occupancy::SMALL_FIELD {
        order.sort_by_key(|&g| (std::cmp::Reverse(best(state, g)), g));
    } else {
        // A large field (issue 35): each engagement's highest IV in one
        // pass (groups are numbered by their lowest id), not a pass over
        // the field per comparison. The same order.
        let mut top = vec![None::<i32>; state.figures.len()];
        for (i, &g) in state.seq.group_of.iter().enumerate() {
            if let Some(t) = top.get_mut(usize::from(g)) {
                let iv = values::iv(&state.figures[i]);
                *t = Some(t.map_or(iv, |b: i32| b.max(iv)));
            }
        }
        let best = |g: u16| top[usize::from(g)].unwrap_or(0);
        order.sort_by_key(|&g| (std::cmp::Reverse(best(g)), g));
    }
    state.seq.groups = order;
    state.seq.queue.clear();
    state.seq.stage = Stage::Engaged;
    state.seq.winner = nonengaged_initiative(state, cx)?;
    Ok(())
}

/// DQ-11-002, DQ-11-003 (decision `start_distance_check = warn`, the
/// default): a narrated fight says at its first pulse that the sides start
/// too close (or, with surprise, too far); the simulator checks nothing.
fn distance_warning(state: &State, cx: &mut impl Cx<DragonQuest>) {
    if !cx.narrating() || state.options.start_distance_check != DistanceCheck::Warn {
        return;
    }
    if let Some((text, rule)) = zones::start_distance(state) {
        cx.emit(|| Event::Warning { text, rule });
    }
}

/// DQ-12-003, DQ-12-004: each side's leader (or a substitute) rolls D10 +
/// PC (+ Military Scientist rank for the leader); ties are rerolled
/// (`side_initiative` rolls until the tie breaks). No roll when neither
/// side has a figure that is not engaged.
fn nonengaged_initiative(state: &State, cx: &mut impl Cx<DragonQuest>) -> Flow<Option<SideId>> {
    let free = |s: u8| {
        state.ids().any(|id| {
            state.fig(id).side == SideId(s)
                && state.seq.group_of[id.index()] == NONE
                && can_act(state, id)
        })
    };
    // Decision: with figures to act in step 3 on one side only, that side
    // wins without a roll (the roll could change nothing).
    match (free(0), free(1)) {
        (false, false) => return Ok(None),
        (true, false) => return Ok(Some(SideId(0))),
        (false, true) => return Ok(Some(SideId(1))),
        (true, true) => {}
    }
    // Nothing moved since `begin_pulse` grouped the engagements: a figure
    // in a group is engaged with someone.
    let engaged = |id: CombatantId| {
        let grouped = state.seq.group_of[id.index()] != NONE;
        debug_assert_eq!(grouped, zones::engaged(state, id), "{id:?}");
        grouped
    };
    let roller = |s: u8| {
        initiative::side_roller(
            state,
            SideId(s),
            initiative::leader(state, SideId(s)),
            engaged,
        )
    };
    match (roller(0), roller(1)) {
        (None, None) => Ok(None),
        (Some(_), None) => Ok(Some(SideId(0))),
        (None, Some(_)) => Ok(Some(SideId(1))),
        (Some((a, ma)), Some((b, mb))) => {
            let req = RollRequest::new(
                None,
                side_initiative([ma, mb]),
                "side initiative",
                "DQ-12-003",
            );
            let rolled = cx.roll(state, req)?;
            let winner = if rolled.standings.winner() == Some(1) {
                1
            } else {
                0
            };
            cx.emit(|| {
                let side_roll = |party: usize, who: CombatantId, total: i32| {
                    let f = state.fig(who);
                    let die = rolled.standings.roll_of(party).unwrap_or(0);
                    SideRoll {
                        side: state.sides[f.side.index()].clone(),
                        roller: f.name.to_string(),
                        die,
                        pc: f.stats.pc,
                        military_scientist: total - f.stats.pc,
                        total: die + total,
                    }
                };
                Event::Initiative {
                    roll: RollRecord::new(&req, None, rolled).verdict(if winner == 0 {
                        "first side wins"
                    } else {
                        "second side wins"
                    }),
                    sides: vec![side_roll(0, a, ma), side_roll(1, b, mb)],
                    winner: state.sides[usize::from(winner)].clone(),
                }
            });
            Ok(Some(SideId(winner)))
        }
    }
}

/// DQ-12-005..007, DQ-19-005: the order inside one engagement, and the
/// top figure's choice of first or last.
fn order_engagement(state: &mut State, g: u16, cx: &mut impl Cx<DragonQuest>) -> Flow<()> {
    let mut order = std::mem::take(&mut state.seq.queue);
    order.clear();
    // Pushed one by one: `SmallVec::extend` from a filter costs more.
    for id in state.ids() {
        if state.seq.group_of[id.index()] == g && can_act(state, id) {
            order.push(id);
        }
    }
    // Each figure's IV key worked out once, not in every comparison.
    let key = initiative::iv_key;
    let mut keys: arrayvec::ArrayVec<((i32, i32), CombatantId), KEYED> = arrayvec::ArrayVec::new();
    if order.len() <= KEYED {
        keys.extend(order.iter().map(|&id| (key(state, id), id)));
        keys.sort_unstable_by_key(|&(k, id)| (std::cmp::Reverse(k), id.0));
        for (slot, &(_, id)) in order.iter_mut().zip(&keys) {
            *slot = id;
        }
    } else {
        order.sort_by_key(|&id| (std::cmp::Reverse(key(state, id)), id.0));
    }
    let key_at = |state: &State, i: usize, id: CombatantId| match keys.get(i) {
        Some(&(k, _)) => k,
        None => key(state, id),
    };
    // DQ-12-006: exact ties (IV and modAG) roll D10 off for their order.
    let mut i = 0;
    while i < order.len() {
        let k = key_at(state, i, order[i]);
        let mut j = i + 1;
        while j < order.len() && key_at(state, j, order[j]) == k {
            j += 1;
        }
        if j - i >= 2 {
            break_tie(state, &mut order[i..j], cx)?;
        }
        i = j;
    }
    initiative::constrain(state, &mut order);
    // DQ-12-006: the top figure chooses to act first or last.
    let mut last = None;
    if order.len() > 1 && !state.fig(order[0]).status.stunned {
        let top = order[0];
        let first = match cx.ask(state, || Question::FirstOrLast { who: top })? {
            Answer::First(b) => b,
            _ => true,
        };
        if !first {
            order.rotate_left(1);
            last = Some(top);
        }
    }
    cx.emit(|| Event::Order {
        order: order
            .iter()
            .map(|&id| place(state, id, &order, last == Some(id)))
            .collect(),
    });
    state.seq.queue = order;
    Ok(())
}

/// DQ-12-006: figures tied on IV and modAG roll D10 off for their order,
/// highest first, ties rolled again: up to eight in one roll-off (its
/// limit, `MAX_ROLL_OFF_PARTIES`); more each roll a D10 of their own
/// ([`fray_core::ties`]).
fn break_tie(state: &State, tied: &mut [CombatantId], cx: &mut impl Cx<DragonQuest>) -> Flow<()> {
    let Ok(kind) = iv_tie_break(tied.len()) else {
        let others = tied.len() - 1;
        fray_core::ties::by_own_rolls(tied, First::Highest, |id| -> Flow<i32> {
            let (req, rolled) = super::roll_d10(state, cx, Some(id), "IV tie", "DQ-12-006")?;
            cx.emit(|| Event::Roll {
                roll: RollRecord::new(&req, Some(&state.fig(id).name), rolled),
                note: Some(format!(
                    "tied on IV and modAG with {others} others, highest first"
                )),
            });
            Ok(rolled.total)
        })?;
        return Ok(());
    };
    let req = RollRequest::new(None, kind, "IV tie", "DQ-12-006");
    let rolled = cx.roll(state, req)?;
    let before: arrayvec::ArrayVec<CombatantId, 8> = tied.iter().copied().collect();
    cx.emit(|| Event::Roll {
        roll: RollRecord::new(&req, None, rolled),
        note: Some(tie_note(state, &before, &rolled.standings)),
    });
    for (k, &party) in rolled.standings.order().iter().enumerate() {
        if let Some(&id) = before.get(usize::from(party)) {
            tied[k] = id;
        }
    }
    Ok(())
}

/// The parties of an IV tie's roll-off and what each rolled (DQ-12-006).
fn tie_note(state: &State, tied: &[CombatantId], standings: &fray_core::dice::Standings) -> String {
    let parts: Vec<String> = standings
        .places()
        .filter_map(|(party, roll)| {
            tied.get(party)
                .map(|&id| format!("{} {roll}", state.fig(id).name))
        })
        .collect();
    format!("tied on IV and modAG: {}, highest first", parts.join(", "))
}

/// One figure's place in its engagement's order, with its IV's parts and
/// why it stands where IV alone would not put it (DQ-12-005..007,
/// DQ-19-005).
fn place(state: &State, id: CombatantId, order: &[CombatantId], chose_last: bool) -> Place {
    let f = state.fig(id);
    let rear = order
        .iter()
        .any(|&o| state.hostile(o, id) && zones::rear_hexes(f).contains(&state.fig(o).pos));
    let why = if f.status.stunned {
        Some("stunned: acts last, DQ-19-005")
    } else if chose_last {
        Some("highest IV, chose to act last")
    } else if rear {
        Some("a foe in its rear hex acts first, DQ-12-007")
    } else {
        None
    };
    Place {
        name: f.name.to_string(),
        iv: values::iv(f),
        mod_ag: values::mod_ag(f),
        pc: f.stats.pc,
        rank: i32::from(values::rank(f).unwrap_or(0)),
        why,
    }
}

/// DQ-12-001 step 3: the figures not engaged at the start of the pulse;
/// the step-1 winner picks the side that goes first.
fn begin_step3(state: &mut State, cx: &mut impl Cx<DragonQuest>) -> Flow<()> {
    state.seq.stage = Stage::NonEngaged;
    let mut queue = std::mem::take(&mut state.seq.queue);
    queue.clear();
    for id in state.ids() {
        if state.seq.group_of[id.index()] == NONE && can_act(state, id) {
            queue.push(id);
        }
    }
    state.seq.queue = queue;
    let has = |s: u8| {
        state
            .seq
            .queue
            .iter()
            .any(|&id| state.fig(id).side == SideId(s))
    };
    let (a, b) = (has(0), has(1));
    state.seq.sides.clear();
    match (a, b) {
        (true, true) => {
            let w = state.seq.winner.unwrap_or(SideId(0));
            let first = match cx.ask(state, || Question::SideFirst {
                side: w,
                options: [SideId(0), SideId(1)].into_iter().collect(),
            })? {
                Answer::Side(s) if s.0 <= 1 => s,
                _ => w,
            };
            state.seq.sides.push(first);
            state.seq.sides.push(SideId(1 - first.0));
        }
        (true, false) => state.seq.sides.push(SideId(0)),
        (false, true) => state.seq.sides.push(SideId(1)),
        (false, false) => {}
    }
    Ok(())
}

/// DQ-12-001 step 3, DQ-19-005: the next figure of the side acting now,
/// chosen by the side (stunned figures last). `false` when step 3 is done.
fn next_nonengaged(state: &mut State, cx: &mut impl Cx<DragonQuest>) -> Flow<bool> {
    while let Some(&side) = state.seq.sides.first() {
        let fits = |state: &State, id: CombatantId, stunned: bool| {
            state.fig(id).side == side
                && can_act(state, id)
                && state.fig(id).status.stunned == stunned
        };
        // Unstunned figures first (DQ-19-005); a list is built only when
        // the side has a choice to make.
        let stunned = !state.seq.queue.iter().any(|&id| fits(state, id, false));
        let mut matching = state
            .seq
            .queue
            .iter()
            .copied()
            .filter(|&id| fits(state, id, stunned));
        let Some(first) = matching.next() else {
            state.seq.sides.remove(0);
            continue;
        };
        let who = if matching.next().is_none() {
            first
        } else {
            let options: Vec<CombatantId> = state
                .seq
                .queue
                .iter()
                .copied()
                .filter(|&id| fits(state, id, stunned))
                .collect();
            match cx.ask(state, || Question::NextFigure {
                side,
                options: options.clone(),
            })? {
                Answer::Figure(c) if options.contains(&c) => c,
                _ => options[0],
            }
        };
        state.seq.queue.retain(|id| *id != who);
        start_slot(state, who, cx);
        return Ok(true);
    }
    Ok(false)
}

/// End of a pulse (DQ-00-016 step 6): stances that last to the end of the
/// pulse end.
fn end_pulse(state: &mut State) {
    if state.options.stance_duration == StanceDuration::EndOfPulse {
        for f in &mut state.figures {
            f.status.evading = false;
            f.status.defensive = false;
        }
    }
    state.seq.stage = Stage::Begin;
}
