//! The round: initiative (M-FLO-001/002), the turn order, and what happens
//! at the start and end of a figure's turn.

use crate::model::event::{Event, Note};
use crate::model::state::{Guard, Life, State, Stun};
use crate::resolve::check::{roll_plain, table_roll};
use crate::rules::turn::{order_key, speed_key};
use crate::{Flow, Margin};
use arrayvec::ArrayVec;
use fray_core::dice::kind::First;
use fray_core::dice::systems::margin3d6::initiative_tie_break;
use fray_core::{CombatantId, Cx, EndReason, Next, Outcome, RollRecord, RollRequest, SideId};

/// The fight is over when at most one side has a conscious figure.
#[inline(always)]
pub fn fight_over(state: &State) -> Option<Outcome> {
    let mut side: Option<SideId> = None;
    for f in state.fighters.iter().filter(|f| f.awake()) {
        match side {
            None => side = Some(f.side),
            Some(s) if s != f.side => return None,
            Some(_) => {}
        }
    }
    Some(Outcome {
        winner: side,
        reason: if side.is_some() {
            EndReason::Victory
        } else {
            EndReason::MutualDestruction
        },
        rounds: state.round,
    })
}

/// M-FLO-002: the 3d6 roll-off among figures tied on Basic Speed and DX,
/// made once at the start of combat (lowest roll first, rerolled while
/// tied). The ids sorted by speed (ties by id) fall into runs of equal
/// speed, the tied groups, in order; a fight of up to [`SMALL`] fighters
/// sorts them on the stack (the simulator allocates nothing here).
fn roll_ties(state: &mut State, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let n = state.fighters.len();
    // Cleared and refilled, not replaced: the room stays from one fight
    // to the next (the simulator refills an empty start into it).
    state.tie_rank.clear();
    state.tie_rank.resize(n, 0);
    state.order_sorted = false;
    let (mut small, mut big) = (ArrayVec::<CombatantId, SMALL>::new(), Vec::new());
    let ids: &mut [CombatantId] = if n <= SMALL {
        small.extend(state.ids());
        &mut small
    } else {
        big.extend(state.ids());
        &mut big
    };
    ids.sort_by_key(|&id| (speed_key(state.fighter(id)), id.0));
    let mut start = 0;
    while start < n {
        let key = speed_key(state.fighter(ids[start]));
        let end = start
            + ids[start..]
                .iter()
                .take_while(|&&id| speed_key(state.fighter(id)) == key)
                .count();
        let group = &mut ids[start..end];
        start = end;
        if group.len() < 2 {
            continue;
        }
        let parties = group.len();
        let Ok(kind) = initiative_tie_break(parties) else {
            own_rolls(state, group, cx)?;
            continue;
        };
        let req = RollRequest::new(None, kind, "initiative tie", "M-FLO-002");
        let rolled = cx.roll(state, req)?;
        for (place, &party) in rolled.standings.order().iter().enumerate() {
            if let Some(id) = group.get(usize::from(party)) {
                state.tie_rank[id.index()] = rank(place);
            }
        }
        cx.emit(|| Event::Roll(RollRecord::new(&req, None, rolled)));
        cx.emit(|| {
            let who: Vec<String> = group
                .iter()
                .enumerate()
                .map(|(p, id)| {
                    format!(
                        "{} {}",
                        state.fighter(*id).name,
                        rolled.standings.roll_of(p).unwrap_or(0)
                    )
                })
                .collect();
            Event::Note(Note {
                text: format!(
                    "tied on Basic Speed and DX, they roll off once for the whole fight: {}; the lowest acts first",
                    who.join(", ")
                ),
                rule: "M-FLO-002",
            })
        });
    }
    Ok(())
}

/// M-FLO-002: more tied than one roll-off takes (`MAX_ROLL_OFF_PARTIES`):
/// each rolls 3d6 of its own, lowest first, and equal rolls roll again
/// ([`fray_core::ties`]); the places last the whole fight as a roll-off's.
/// `group` is left in that order.
fn own_rolls(state: &mut State, group: &mut [CombatantId], cx: &mut impl Cx<Margin>) -> Flow<()> {
    fray_core::ties::by_own_rolls(group, First::Lowest, |id| {
        table_roll(state, cx, Some(id), 3, "initiative tie", "M-FLO-002")
    })?;
    for (place, id) in group.iter().enumerate() {
        state.tie_rank[id.index()] = rank(place);
    }
    let n = group.len();
    cx.emit(|| {
        Event::Note(Note {
            text: format!(
                "{n} tied on Basic Speed and DX, more than one roll-off takes: each rolled 3d6 once for the whole fight, rolling again while tied; the lowest acts first"
            ),
            rule: "M-FLO-002",
        })
    });
    Ok(())
}

/// A place in a tie as kept (a fight has at most `u16::MAX` figures: its
/// ids are `u16`).
fn rank(place: usize) -> u16 {
    u16::try_from(place).unwrap_or(u16::MAX)
}

/// Fighters whose tie roll-off sorts on the stack.
const SMALL: usize = 16;

/// M-FLO-001/002: the order of this round, rebuilt from current values.
/// The keys are unique (they end with the id), so sorting last round's
/// order in place gives the same order as sorting the ids afresh, and
/// allocates nothing after the first round.
/// The keys read only fixed values (speed, DX, the tie rank), so after
/// the first round the order is nearly always sorted already: known so
/// from [`State::order_sorted`] (kept by whatever changes the order, the
/// roster, the ranks or a sheet), else checked, and sorted only when it is
/// not (a Delay moved someone, a figure joined or left).
#[inline(always)]
fn build_order(state: &mut State) {
    if state.order_sorted {
        debug_assert!(
            state.order.len() == state.fighters.len() && sorted(state),
            "State::order_sorted is set on an order that is not sorted: clear it where the order or a key changes"
        );
        return;
    }
    sort_order(state);
}

/// [`build_order`] when the order is not known sorted: checked, and
/// sorted when it is not.
fn sort_order(state: &mut State) {
    state.order_sorted = true;
    if state.order.len() == state.fighters.len() && sorted(state) {
        return;
    }
    let mut ids = std::mem::take(&mut state.order);
    if ids.len() != state.fighters.len() {
        ids.clear();
        ids.extend(state.ids());
    }
    ids.sort_unstable_by_key(|&id| order_key(state, id));
    state.order = ids;
}

/// Whether the order is sorted by [`order_key`], as `is_sorted_by_key`
/// tells it, written as one plain loop over neighbours (the iterator's
/// version was a call of its own on every round).
#[inline]
fn sorted(state: &State) -> bool {
    state
        .order
        .windows(2)
        .all(|w| order_key(state, w[0]) <= order_key(state, w[1]))
}

/// What happens next: the next conscious figure in the order, or the end
/// (then, once, the aftermath when the scenario asks for it).
pub fn next(state: &mut State, cx: &mut impl Cx<Margin>) -> Flow<Next> {
    let n = next_turn(state, cx)?;
    if matches!(n, Next::Over(_)) && state.options.aftermath && !state.aftermath_done {
        state.aftermath_done = true;
        crate::resolve::aftermath::run(state, cx)?;
    }
    Ok(n)
}

fn next_turn(state: &mut State, cx: &mut impl Cx<Margin>) -> Flow<Next> {
    if state.tie_rank.is_empty() {
        roll_ties(state, cx)?;
    }
    for _ in 0..=(state.fighters.len() * 2 + 2) {
        if let Some(outcome) = fight_over(state) {
            return Ok(Next::Over(outcome));
        }
        let at = state.cursor.map_or(state.order.len(), |i| i + 1);
        let at = if at >= state.order.len() {
            if state.round >= state.max_rounds {
                return Ok(Next::Over(Outcome {
                    winner: None,
                    reason: EndReason::RoundLimit,
                    rounds: state.max_rounds,
                }));
            }
            state.round += 1;
            build_order(state);
            cx.emit(|| Event::Round {
                round: state.round,
                order: state
                    .order
                    .iter()
                    .map(|&id| {
                        let f = state.fighter(id);
                        let q = f.stats.speed4;
                        let speed = match q % 4 {
                            0 => format!("{}", q / 4),
                            1 => format!("{}.25", q / 4),
                            2 => format!("{}.5", q / 4),
                            _ => format!("{}.75", q / 4),
                        };
                        format!("{} (Speed {speed}, DX {})", f.name, f.stats.dx)
                    })
                    .collect(),
            });
            0
        } else {
            at
        };
        state.cursor = Some(at);
        let id = state.order[at];
        if state.fighter(id).awake() {
            start_turn(state, id, cx)?;
            if state.fighter(id).awake() {
                return Ok(Next::Act(id));
            }
        }
    }
    Ok(Next::Over(fight_over(state).unwrap_or(Outcome {
        winner: None,
        reason: EndReason::MutualDestruction,
        rounds: state.round,
    })))
}

/// M-MOD-004: a fright check (Will + the creature's fear rating + 5 in
/// the heat of battle) the first time a frightening foe is in sight at the
/// start of the figure's turn: a failure stuns it, a critical failure
/// makes it flee for 1d rounds.
fn fright(state: &mut State, id: CombatantId, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let f = state.fighter_mut(id);
    f.panic = f.panic.saturating_sub(1);
    for foe in 0..state.fighters.len() {
        let (f, o) = (&state.fighters[id.index()], &state.fighters[foe]);
        let foe = CombatantId::of_index(foe);
        if o.fear >= 0 || o.side == f.side || !o.awake() || f.feared.contains(&foe) {
            continue;
        }
        if !state
            .map
            .hex_sight(f.pos, o.pos)
            .is_clear(fray_core::grid::Graze::Either)
        {
            continue;
        }
        let mut m = fray_core::ModList::base("Will", f.stats.will, "");
        m.add("fear rating", o.fear, "M-MOD-004");
        m.add("heat of battle", 5, "M-MOD-004");
        state.fighters[id.index()].feared.push(foe);
        let c = crate::resolve::check::roll(state, cx, id, "fright check", "M-MOD-004", &m)?;
        match c.outcome {
            fray_core::dice::systems::margin3d6::Outcome::CriticalFailure => {
                let d = crate::resolve::check::table_roll(
                    state,
                    cx,
                    Some(id),
                    1,
                    "panic rounds",
                    "M-MOD-004",
                )?;
                state.fighter_mut(id).panic = d as u8;
                crate::resolve::injury::stun(state, id, Stun::NextTurn, cx);
            }
            fray_core::dice::systems::margin3d6::Outcome::Failure => {
                crate::resolve::injury::stun(state, id, Stun::NextTurn, cx);
            }
            _ => {}
        }
    }
    Ok(())
}

/// The start of a figure's turn: its old maneuver's limits end (M-FLO-001),
/// temporary crippling runs out (M-CRT-004), a stun until a Will roll is
/// rolled off (M-CRT-003), and at 0 HP or below the Will roll to stay
/// conscious (M-PEN-002).
fn start_turn(state: &mut State, id: CombatantId, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let round = state.round;
    let f = state.fighter_mut(id);
    f.guard = Guard {
        stun_held: f.stun == Some(Stun::NextTurn),
        ..Guard::default()
    };
    f.parried_foes.clear();
    // M-MOD-005: losing sight of the target cancels the aim.
    if let Some((t, _)) = f.aim {
        let tp = state.fighters[t.index()].pos;
        let f = &state.fighters[id.index()];
        if !state
            .map
            .hex_sight(f.pos, tp)
            .is_clear(fray_core::grid::Graze::Either)
        {
            state.fighters[id.index()].aim = None;
        }
    }
    let f = state.fighter_mut(id);
    // M-PDF-007: surprise lasts until the figure's first turn.
    f.surprised = false;
    f.moved = 0;
    f.riding_roll = None;
    f.evading = 0;
    for slot in f.crippled_until.iter_mut() {
        if let Some((limb, until)) = *slot
            && round >= until
        {
            f.crippled &= !limb.bit();
            *slot = None;
        }
    }
    if f.stun == Some(Stun::UntilWill) {
        let will = f.stats.will;
        let c = roll_plain(
            state,
            cx,
            id,
            "Will to recover from stun",
            "M-CRT-003",
            "Will",
            will,
        )?;
        if c.outcome.is_success() {
            state.fighter_mut(id).stun = None;
        }
    }
    fright(state, id, cx)?;
    let f = state.fighter(id);
    if f.hp <= 0 {
        let will = f.stats.will;
        let c = roll_plain(
            state,
            cx,
            id,
            "Will to stay conscious at 0 HP or less",
            "M-PEN-002",
            "Will",
            will,
        )?;
        if !c.outcome.is_success() {
            let f = state.fighter_mut(id);
            f.life = Life::Unconscious;
            f.record.passed_out += 1;
            cx.note("M-PEN-002", || {
                format!("{} passes out", state.fighter(id).name)
            });
        }
    }
    Ok(())
}
