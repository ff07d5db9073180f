//! Turn sequence: the fixed order by Basic Speed, rounds, and what happens
//! at the start of each combatant's turn.

use crate::Flow;
use crate::Gurps;
use crate::model::event::Event;
use crate::model::sheet::Trait;
use crate::model::state::{Life, Stance, State};
use crate::resolve::check::{self, Check, Judged};
use crate::rules::turn::{fight_over, shock_penalty};
use fray_core::dice::RollKind;
use fray_core::{CombatantId, Cx, EndReason, Next, Outcome};
/// What happens next: the next conscious combatant in the order, or the
/// end, told once with its aftermath (G-AFT-001..005).
pub fn next(state: &mut State, cx: &mut impl Cx<Gurps>) -> Flow<Next> {
    let next = next_turn(state, cx)?;
    if matches!(next, Next::Over(_)) && !state.aftermath_told {
        state.aftermath_told = true;
        crate::resolve::aftermath::report(state, cx);
    }
    Ok(next)
}

fn next_turn(state: &mut State, cx: &mut impl Cx<Gurps>) -> Flow<Next> {
    if state.order.is_empty() {
        fix_turn_order(state, cx)?;
        // G-TURN-005/006: surprise strikes before the first turn.
        crate::resolve::surprise::apply(state, cx)?;
        // G-POS-009: figures that start lying fill their second hex.
        crate::resolve::footwork::settle_bodies(state, cx)?;
    }
    if let Some(outcome) = fight_over(state) {
        return Ok(Next::Over(outcome));
    }
    // At most one full pass: fight_over guarantees someone can act.
    let len = state.order.len();
    for _ in 0..=len {
        // The next in the order, or a new round from the first.
        let at = match state.cursor {
            Some(i) if i + 1 < len => i + 1,
            cursor => {
                state.round += 1;
                if state.round > state.max_rounds {
                    state.round = state.max_rounds;
                    return Ok(Next::Over(Outcome {
                        winner: None,
                        reason: EndReason::RoundLimit,
                        rounds: state.max_rounds,
                    }));
                }
                let round = state.round;
                cx.emit(|| Event::Round { round });
                // The first after the last (the remainder only when the
                // order shrank under the cursor: a division a round, on
                // the simulator's path, for what is nearly always 0).
                cursor.map_or(0, |i| if i + 1 == len { 0 } else { (i + 1) % len })
            }
        };
        state.cursor = Some(at);
        let id = state.order[at];
        if state.fighter(id).is_conscious() {
            start_turn(state, id);
            crate::resolve::magic::tidy(state, id);
            // G-GRP-010: choking can knock the figure out before it acts.
            // With nobody holding anyone (`State::grips`) and nobody
            // choking, the upkeep has nothing to do: not called.
            if state.grips != 0 || state.fighter(id).suffocating() {
                crate::resolve::grapple::upkeep(state, id, cx)?;
                if !state.fighter(id).is_conscious() {
                    continue;
                }
            }
            debug_assert!(state.fighter(id).is_conscious());
            return Ok(Next::Act(id));
        }
    }
    Ok(Next::Over(fight_over(state).unwrap_or(Outcome {
        winner: None,
        reason: EndReason::MutualDestruction,
        rounds: state.round,
    })))
}

/// G-EXT-015: highest Basic Speed first, then higher DX, then a random roll
/// (3d6 for each tied combatant, higher first; scenario order breaks what
/// is still tied). The order never changes afterwards.
fn fix_turn_order(state: &mut State, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let key = |s: &State, id: CombatantId| {
        let f = s.fighter(id);
        (f.stats.speed_quarters, f.stats.dx)
    };
    // The order's own buffer, refilled: a state the simulator refills for
    // every fight (`clone_from`) keeps its room, so this allocates nothing.
    let mut ids = std::mem::take(&mut state.order);
    ids.clear();
    ids.extend(state.ids());
    ids.sort_by_key(|&id| std::cmp::Reverse(key(state, id)));
    // On the stack for a field of up to 8 (the simulator's path allocates
    // nothing for it).
    let mut tie_rolls: smallvec::SmallVec<[i32; 8]> = smallvec::smallvec![0; ids.len()];
    for i in 0..ids.len() {
        let tied = (i > 0 && key(state, ids[i - 1]) == key(state, ids[i]))
            || (i + 1 < ids.len() && key(state, ids[i + 1]) == key(state, ids[i]));
        if tied {
            tie_rolls[ids[i].index()] = check::dice(
                state,
                cx,
                Some(ids[i]),
                RollKind::three_d6(),
                "turn-order tie",
                "G-EXT-015",
                None,
            )?;
        }
    }
    ids.sort_by_key(|&id| {
        (
            std::cmp::Reverse(key(state, id)),
            std::cmp::Reverse(tie_rolls[id.index()]),
            id,
        )
    });
    state.order = ids;
    cx.emit(|| Event::TurnOrder {
        order: state
            .order
            .iter()
            .map(|&id| {
                let f = state.fighter(id);
                (f.name.to_string(), f.stats.speed_quarters as f32 / 4.0)
            })
            .collect(),
    });
    Ok(())
}

/// Start of a turn: per-turn limits reset (G-EXT-017), last turn's maneuver
/// stops limiting defenses (G-TURN-002), and the injury taken since the last
/// turn becomes this turn's shock (G-INJ-001).
fn start_turn(state: &mut State, id: CombatantId) {
    let f = state.fighter_mut(id);
    f.turns += 1;
    // Unhurt since the last turn, no shock (`shock_penalty` with no
    // injury), without looking the pain traits up; checked in debug builds.
    let shock = |f: &crate::model::state::Fighter| {
        shock_penalty(
            f.stats.hp,
            f.injury_since_turn,
            f.has(Trait::HighPainThreshold),
            f.has(Trait::LowPainThreshold),
            f.shock_cap,
        )
    };
    f.shock = if f.injury_since_turn > 0 {
        shock(f)
    } else {
        debug_assert_eq!(shock(f), 0);
        0
    };
    f.injury_since_turn = 0;
    f.shock_cap = 4;
    f.stance = Stance::Normal;
    // G-WAIT-001 decision: a Wait not set off by now counts as Do Nothing.
    f.waiting = None;
    // The flags that last until this turn, in one `and`: a block used
    // (G-DEF-006), a blocking spell cast (G-SPL-012), off balance and a
    // dropped guard (G-EXT-009, G-EXT-010), the stun's -4 kept (G-DEF-015).
    f.start_turn_flags();
    f.retreated_from = None;
    f.dropped_vs = None;
    f.turn_start = f.pose.pos;
    // Each weapon in one write: its parries start again (G-DEF-003), and
    // whether it parried and attacked are settled for this turn (G-DEF-005).
    for w in &mut f.weapons {
        w.start_turn();
    }
    // G-FNT-003: a feint lapses if not used on the feinter's next turn.
    if let Some(feint) = f.feint
        && feint.expires_before_turn <= f.turns
    {
        f.feint = None;
    }
}

/// G-INJ-012: at 0 HP or less, an HT roll before any maneuver but Do
/// Nothing, at -1 per full multiple of HP below zero; failure knocks out.
/// Returns whether the combatant stays conscious.
///
/// Inlined: it is asked before every maneuver, and above 0 HP there is
/// nothing to roll.
#[inline]
pub fn consciousness_roll(
    state: &mut State,
    id: CombatantId,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    if state.fighter(id).hp > 0 {
        return Ok(true);
    }
    consciousness_roll_below_zero(state, id, cx)
}

/// [`consciousness_roll`] at 0 HP or less: the HT roll.
fn consciousness_roll_below_zero(
    state: &mut State,
    id: CombatantId,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    let f = state.fighter(id);
    let mut mods = fray_core::ModList::base("HT", f.stats.ht, "");
    mods.add("below 0 HP", -((-f.hp) / f.stats.hp.max(1)), "G-INJ-012");
    let r = check::roll(
        state,
        cx,
        Check::new(id, "stay conscious", "G-INJ-012").outcome_only(&[]),
        &mods,
    )?;
    if r.is_success() {
        return Ok(true);
    }
    state.fighter_mut(id).life = Life::Unconscious;
    let name = &*state.fighter(id).name;
    cx.condition("G-INJ-012", name, || "falls unconscious".into());
    Ok(false)
}
