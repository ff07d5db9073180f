//! The round and the turn: initiative (X-SEQ-001..003, rolled in
//! `resolve/initiative`), the start of a turn with its upkeep (X-SEQ-005, X-LIF-003, X-CON-005), its end, and
//! the end of the fight.

use crate::model::event::Event;
use crate::model::options::InitiativeFrequency;
use crate::model::state::{Condition, State, Turn};
use crate::resolve::life::update_life;
use crate::rules::turn::budget;
use crate::{D20, Flow};
use fray_core::dice::RollKind;
use fray_core::{CombatantId, Cx, EndReason, Next, Outcome, RollRecord, RollRequest, SideId};

pub use crate::resolve::initiative::roll_initiative;

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
        let name = &*f.name;
        cx.condition("X-LIF-003", name, || {
            format!("is dying: loses 1 HP (HP {hp})")
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
        let name = &*f.name;
        cx.emit(|| Event::Roll {
            roll: RollRecord::new(&req, Some(name), r).verdict(match r.total {
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
        cx.note("X-QCK-008", || {
            format!(
                "{} carries {}: {mount_actions} mount actions",
                state.fighter(m).name,
                state.fighter(who).name
            )
        });
    }
    Ok(())
}
