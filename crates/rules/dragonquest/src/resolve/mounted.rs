//! Mounted combat resolved (DQ-23-001, DQ-23-005, DQ-23-006): getting into
//! and out of the saddle, the charge's momentum, and the rider thrown when
//! the mount goes down.

use crate::DragonQuest;
use crate::model::event::Event;
use crate::model::state::State;
use crate::resolve::{effect, name};
use crate::rules::mounted::momentum_path;
use crate::rules::movement::push_hex;
use fray_core::grid::{Heading, HexPos};
use fray_core::{CombatantId, Cx};

/// Puts a rider in the saddle at its mount's head hex and heading.
pub fn sync_rider(state: &mut State, mount: CombatantId) {
    if let Some(r) = state.fig(mount).rider {
        let (pos, heading) = (state.fig(mount).pos, state.fig(mount).heading);
        state.set_body(r, pos, heading);
    }
}

/// DQ-23-001: the rider gets into the saddle (checked); the mount stands
/// still for the rest of the pulse.
pub fn mount(state: &mut State, cx: &mut impl Cx<DragonQuest>, who: CombatantId) {
    let Some(m) = state.fig(who).steed else {
        return;
    };
    let pulse = state.pulse;
    let mf = state.fig_mut(m);
    mf.rider = Some(who);
    mf.status.still = pulse;
    state.fig_mut(who).aboard = true;
    sync_rider(state, m);
    effect(state, cx, who, "gets into the saddle", "DQ-23-001");
}

/// DQ-23-001: the rider steps down to `to` (checked); the mount stands
/// still for the rest of the pulse.
pub fn dismount(state: &mut State, cx: &mut impl Cx<DragonQuest>, who: CombatantId, to: HexPos) {
    let m = state.mover(who);
    let pulse = state.pulse;
    let facing = state.fig(m).facing();
    let mf = state.fig_mut(m);
    mf.rider = None;
    mf.status.still = pulse;
    state.fig_mut(who).aboard = false;
    state.set_body(who, to, Heading::Side(facing));
    effect(state, cx, who, "dismounts", "DQ-23-001");
}

/// DQ-23-001 (decision): a rider whose mount goes down (dead, unconscious
/// or knocked out), or who goes down itself, leaves the saddle at once: it
/// lands prone in the nearest empty hex (it stays on its mount's head hex
/// if none is free within 3). A stunned mount keeps its rider but cannot
/// move.
pub fn unseat(state: &mut State, cx: &mut impl Cx<DragonQuest>, rider: CombatantId) {
    if !state.fig(rider).aboard {
        return;
    }
    let m = state.mover(rider);
    let facing = state.fig(m).facing();
    state.fig_mut(m).rider = None;
    state.fig_mut(rider).aboard = false;
    let from = state.fig(m).pos;
    let to = push_hex(state, rider, from).unwrap_or(from);
    state.set_body(rider, to, Heading::Side(facing));
    let f = state.fig_mut(rider);
    if !f.status.prone {
        f.status.prone = true;
        f.record.falls += 1;
    }
    effect(state, cx, rider, "falls from the saddle", "DQ-23-001");
}

/// DQ-23-001: after `who` has gone down or been stunned: throws the rider
/// off a mount that is down, and a rider that is down off its mount.
pub fn after_hurt(state: &mut State, cx: &mut impl Cx<DragonQuest>, who: CombatantId) {
    let f = state.fig(who);
    if f.conscious() {
        return;
    }
    if f.aboard {
        unseat(state, cx, who);
    } else if let Some(r) = f.rider {
        unseat(state, cx, r);
    }
}

/// DQ-14-007, DQ-23-005 (decision): a mount that carried its rider more
/// than half its TMR this pulse (a pole weapon's full charge, a long ride)
/// has run: it strikes no blow this pulse (`Status::ran`).
pub fn carried_rider(state: &mut State, mount: CombatantId, cost: i32) {
    let half = crate::rules::values::half_of(
        &state.options,
        crate::rules::actions::tmr_for(state, mount, crate::rules::values::MoveKind::Other),
    );
    if cost > half {
        let pulse = state.pulse;
        state.fig_mut(mount).status.ran = pulse;
    }
}

/// DQ-23-006: marks a mount that has just charged with its rider: next
/// pulse its momentum carries it on along the charge's line.
pub fn charged(state: &mut State, mount: CombatantId, from: HexPos) {
    let (pulse, to) = (state.pulse, state.fig(mount).pos);
    if to != from {
        state.fig_mut(mount).status.momentum = Some((pulse, from, to));
    }
}

/// DQ-23-006 (decision): at the start of the pulse after a charge, the
/// mount moves its full TMR on along the charge's line, keeping its corner
/// ([`momentum_path`]). The rider may act but cannot steer the mount this
/// pulse (`carried`). A mount that is down or stunned is not carried.
pub fn momentum(state: &mut State, cx: &mut impl Cx<DragonQuest>) {
    let pulse = state.pulse;
    for i in 0..state.figures.len() {
        let id = CombatantId::of_index(i);
        let Some((at, from, to)) = state.fig(id).status.momentum else {
            continue;
        };
        if at >= pulse {
            continue;
        }
        state.fig_mut(id).status.momentum = None;
        let f = state.fig(id);
        if at + 1 != pulse || !f.in_fight() || f.status.stunned {
            continue;
        }
        let heading = f.heading;
        let head = momentum_path(state, id, from, to)
            .last()
            .copied()
            .unwrap_or(f.pos);
        let run = f.pos.distance(head) as i32;
        carried_rider(state, id, run);
        let m = state.fig_mut(id);
        m.status.carried = pulse;
        if head != m.pos {
            m.status.moved = pulse;
            state.set_body(id, head, heading);
            sync_rider(state, id);
            cx.emit(|| Event::Moved {
                who: name(state, id),
                to: format!(
                    "{head} facing {} (momentum)",
                    crate::resolve::describe_heading(heading)
                ),
            });
        }
        effect(
            state,
            cx,
            id,
            "is carried on past its charge by its momentum",
            "DQ-23-006",
        );
    }
}
