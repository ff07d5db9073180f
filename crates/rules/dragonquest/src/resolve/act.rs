//! One declared action, resolved (DQ-13, DQ-14, DQ-15, DQ-19-006): the
//! dispatch, movement and the Pass activities.

use crate::model::action::{Action, Activity, AttackKind};
use crate::model::event::Event;
use crate::model::state::{Hold, Posture, State};
use crate::resolve::close::{break_out, close_in, grapple_blow};
use crate::resolve::fire::fire;
use crate::resolve::strike::{Blow, strike_at};
use crate::resolve::{
    check, counts_as_one, d10_sum, describe_heading, effect, effect_with, name, poison, weapon_name,
};
use crate::rules::actions::{self, face_toward};
use crate::rules::values::{self, MoveKind};
use crate::rules::{movement, zones};
use crate::{DragonQuest, Flow};
use fray_core::grid::{Facing, Heading, HexPos};
use fray_core::{CombatantId, Cx, ModList};

/// DQ-15-003: the actions that may be combined at modAG 26+.
fn combinable(a: &Action) -> bool {
    !matches!(
        a,
        Action::Move { .. } | Action::Recover | Action::Jump { .. } | Action::Trample { .. }
    )
}

/// Resolves a checked action: the declaration, the slot's count, then
/// one step per kind of action.
pub fn resolve(
    state: &mut State,
    who: CombatantId,
    action: &Action,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    cx.emit(|| Event::Declared {
        who: name(state, who),
        what: declared(state, who, action),
        rule: action.rule(),
    });
    use_slot(state, who, action);
    reset_entanglement(state, who, action);
    match action {
        Action::Recover => recover(state, who, cx),
        Action::Pass {
            activity,
            to,
            facing,
        } => pass(state, who, *activity, *to, *facing, cx),
        Action::Move { to, facing } => move_to(state, who, *to, *facing, cx),
        Action::Attack { target, kind, from } => attack(state, who, *target, *kind, *from, cx),
        Action::Charge { target, to, kind } if state.fig(who).aboard => {
            charge_mounted(state, who, *target, *to, *kind, cx)
        }
        Action::Charge { target, to, kind } => charge(state, who, *target, *to, *kind, cx),
        Action::TwoWeapons { targets } => two_weapons(state, who, targets, cx),
        Action::Sweep { targets } => sweep(state, who, targets, cx),
        Action::ChargeAndClose { target, to } => charge_and_close(state, who, *target, *to, cx),
        Action::Close { target } => close_in(state, cx, who, *target),
        Action::Grapple { target, restrain } => {
            strike_at(state, cx, who, *target, grapple_blow(state, who, *restrain))?;
            Ok(())
        }
        Action::Evade { to, facing } => evade(state, who, *to, *facing, cx),
        Action::Withdraw {
            to,
            posture,
            strike,
        } => withdraw(state, who, *to, *posture, *strike, cx),
        Action::Retreat => {
            retreat(state, who, cx);
            Ok(())
        }
        Action::Fire {
            target,
            step,
            after,
        } => fire_and_step(state, who, *target, *step, *after, cx),
        Action::Trample { to } => trample(state, who, *to, cx),
        Action::Jump { to } => jump(state, who, *to, cx),
    }
}

/// DQ-15-003: the action spends one of the slot's actions (all of them
/// when it cannot be combined, or is the second).
fn use_slot(state: &mut State, who: CombatantId, action: &Action) {
    if let Some(s) = state.seq.slot.as_mut()
        && s.who == who
    {
        s.left = s.left.saturating_sub(1);
        if !combinable(action) || s.used.is_some() {
            s.left = 0;
        }
        s.used = Some(action.kind_index());
    }
}

/// DQ-16-012: any action but a disentangling Pass resets the count.
fn reset_entanglement(state: &mut State, who: CombatantId, action: &Action) {
    let disentangling = matches!(
        action,
        Action::Pass {
            activity: Activity::Disentangle,
            ..
        }
    );
    if !disentangling && let Some(n) = state.fig_mut(who).status.entangled.as_mut() {
        *n = 0;
    }
}

/// DQ-14-001: a Move (DQ-23: a rider in the saddle moves its mount, with
/// its TMR; a prone figure crawls).
fn move_to(
    state: &mut State,
    who: CombatantId,
    to: HexPos,
    facing: Option<Facing>,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    let mover = state.mover(who);
    let f = state.fig(mover);
    let budget = if f.status.prone {
        values::crawl(f.tmr)
    } else {
        actions::tmr_for(state, mover, MoveKind::Other)
    };
    let cost = go(state, mover, to, budget, false, cx);
    if mover != who {
        crate::resolve::mounted::carried_rider(state, mover, cost);
    }
    turn(state, mover, facing, cx);
    Ok(())
}

/// DQ-13-002, DQ-13-003: a Melee Attack, with its shift or move before
/// the blow and the facing change after it.
fn attack(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    kind: AttackKind,
    from: Option<HexPos>,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    let faced = approach_for_attack(state, who, target, from, cx);
    let pos = state.fig(who).pos;
    strike_at(state, cx, who, target, Blow::melee(kind, pos))?;
    face_after_attack(state, who, target, faced);
    Ok(())
}

/// DQ-13-002, DQ-13-003: the attacker's shift (inside the defender's zone)
/// or move (up to ½ TMR, facing kept) before the blow, or its turn to
/// face a defender whose zone it stands in. Returns what `face_toward`
/// read when the attacker turned to face the target, if it did.
fn approach_for_attack(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    from: Option<HexPos>,
    cx: &mut impl Cx<DragonQuest>,
) -> Option<(HexPos, Heading, bool, HexPos, Heading)> {
    let inside = zones::in_mz(state, target, who);
    match from {
        Some(h) if inside => {
            step_to(state, who, h, face_toward(state, who, h, target), cx);
            Some(facing_inputs(state, who, target))
        }
        Some(h) => {
            let budget = values::half_of(
                &state.options,
                actions::tmr_for(state, who, MoveKind::Attack),
            );
            go(state, who, h, budget, true, cx);
            None
        }
        None if inside => {
            let pos = state.fig(who).pos;
            let h = face_toward(state, who, pos, target);
            set_heading(state, who, h);
            Some(facing_inputs(state, who, target))
        }
        None => None,
    }
}

/// DQ-13-003: facing may change after the attack. An attacker that turned
/// to face the target before the blow, when nothing `face_toward` reads
/// has changed since, already faces it: the facing toward a target from a
/// heading it gave is that heading (debug builds check).
fn face_after_attack(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    faced: Option<(HexPos, Heading, bool, HexPos, Heading)>,
) {
    let unchanged = faced.is_some()
        && faced == Some(facing_inputs(state, who, target))
        && state.fig(who).rider.is_none();
    if unchanged {
        debug_assert_eq!(
            face_toward(state, who, state.fig(who).pos, target),
            state.fig(who).heading,
            "DQ-13-003: the facing toward the target changed with nothing moved"
        );
    } else if state.fig(target).in_fight() && state.fig(who).in_fight() {
        let pos = state.fig(who).pos;
        let h = face_toward(state, who, pos, target);
        set_heading(state, who, h);
    }
}

/// DQ-16-018: a Shield Rush made as a charge strikes at +20.
fn charging_blow(kind: AttackKind, from: HexPos) -> Blow {
    let mut blow = Blow::melee(kind, from);
    if kind == AttackKind::ShieldRush {
        blow.situation = 20;
        blow.situation_label = "charging shield rush";
        blow.situation_rule = "DQ-16-018";
    }
    blow
}

/// DQ-23-005: a charge from the saddle: the mount carries the rider
/// straight, no turning; the rider strikes from the saddle.
fn charge_mounted(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    to: HexPos,
    kind: AttackKind,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    let mount = state.mover(who);
    let from = state.fig(mount).pos;
    let budget = crate::rules::mounted::charge_allowance(state, who);
    let cost = go(state, mount, to, budget, true, cx);
    crate::resolve::mounted::carried_rider(state, mount, cost);
    crate::resolve::mounted::charged(state, mount, from);
    let blow = charging_blow(kind, state.fig(who).pos);
    strike_at(state, cx, who, target, blow)?;
    Ok(())
}

/// DQ-14-007, DQ-14-008: a charge: the move, the turn to face the target,
/// the blow.
fn charge(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    to: HexPos,
    kind: AttackKind,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    let budget = actions::charge_allowance(state, who);
    go(state, who, to, budget, false, cx);
    let pos = state.fig(who).pos;
    let h = face_toward(state, who, pos, target);
    set_heading(state, who, h);
    strike_at(state, cx, who, target, charging_blow(kind, pos))?;
    Ok(())
}

/// DQ-16-006: a blow with each weapon, the second with the off hand.
fn two_weapons(
    state: &mut State,
    who: CombatantId,
    targets: &[CombatantId; 2],
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    for (k, &t) in targets.iter().enumerate() {
        if !state.fig(who).in_fight() || !state.fig(t).in_fight() {
            continue;
        }
        let mut blow = Blow::melee(AttackKind::Normal, state.fig(who).pos);
        blow.off_hand = k == 1;
        strike_at(state, cx, who, t, blow)?;
    }
    Ok(())
}

/// DQ-16-007: a sweep strikes each target in turn while the weapon is in
/// hand.
fn sweep(
    state: &mut State,
    who: CombatantId,
    targets: &[CombatantId],
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    for &t in targets {
        if !state.fig(who).in_fight() || state.fig(who).main.is_none() {
            break;
        }
        if state.fig(t).in_fight() {
            let blow = Blow::melee(AttackKind::Normal, state.fig(who).pos);
            strike_at(state, cx, who, t, blow)?;
        }
    }
    Ok(())
}

/// DQ-14-009: up to ½ TMR without facing changes, then closing in.
fn charge_and_close(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    to: HexPos,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    let budget = values::half_of(
        &state.options,
        actions::tmr_for(state, who, MoveKind::Other),
    );
    go(state, who, to, budget, true, cx);
    close_in(state, cx, who, target)
}

/// DQ-13-004, DQ-13-005: an Evade, with its step (one hex inside a foe's
/// zone, else up to ½ TMR) and its facing change.
fn evade(
    state: &mut State,
    who: CombatantId,
    to: Option<HexPos>,
    facing: Option<Facing>,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    if let Some(h) = to {
        if actions::in_any_foe_mz(state, who) {
            let heading = state.fig(who).heading;
            step_to(state, who, h, heading, cx);
        } else {
            let budget = values::half_of(
                &state.options,
                actions::tmr_for(state, who, MoveKind::Evade),
            );
            go(state, who, h, budget, false, cx);
        }
    }
    turn(state, who, facing, cx);
    state.fig_mut(who).status.evading = true;
    effect(state, cx, who, "is evading", "DQ-13-005");
    Ok(())
}

/// DQ-13-006..009, DQ-13-020: a Withdraw: out of close combat, in a
/// posture (with the offensive posture's strike), or a free move.
fn withdraw(
    state: &mut State,
    who: CombatantId,
    to: HexPos,
    posture: Option<Posture>,
    strike: Option<CombatantId>,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    if state.fig(who).status.close {
        return break_out(state, cx, who, to);
    }
    match posture {
        Some(p) => withdraw_in_posture(state, who, to, p, strike, cx)?,
        None => {
            let tmr = actions::tmr_for(state, who, MoveKind::Withdraw);
            let budget = match state.options.withdraw_free_move {
                crate::model::options::WithdrawMove::FullTmr => tmr,
                crate::model::options::WithdrawMove::HalfTmr => {
                    values::half_of(&state.options, tmr)
                }
            };
            go(state, who, to, budget, false, cx);
        }
    }
    Ok(())
}

/// DQ-13-007, DQ-13-008: a Withdraw in a posture: the offensive posture's
/// optional strike at -20 before the step; the defensive one's +20.
fn withdraw_in_posture(
    state: &mut State,
    who: CombatantId,
    to: HexPos,
    posture: Posture,
    strike: Option<CombatantId>,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    if posture == Posture::Offensive
        && let Some(t) = strike
    {
        let mut blow = Blow::melee(AttackKind::Normal, state.fig(who).pos);
        blow.situation = -20;
        blow.situation_label = "offensive withdraw";
        blow.situation_rule = "DQ-13-007";
        strike_at(state, cx, who, t, blow)?;
    }
    if state.fig(who).in_fight() {
        let heading = state.fig(who).heading;
        step_to(state, who, to, heading, cx);
        if posture == Posture::Defensive {
            state.fig_mut(who).status.defensive = true;
            effect(
                state,
                cx,
                who,
                "withdraws in a Defensive posture (+20 Defense)",
                "DQ-13-008",
            );
        }
    }
    Ok(())
}

/// DQ-14-011: a Retreat's steps away from the foes.
fn retreat(state: &mut State, who: CombatantId, cx: &mut impl Cx<DragonQuest>) {
    let steps = actions::retreat_steps(state, who);
    for h in movement::retreat_hexes(state, who, steps) {
        let heading = state.fig(who).heading;
        step_to(state, who, h, heading, cx);
    }
}

/// DQ-16-001, DQ-14-013: a shot, with a loaded crossbow's 2 hexes before
/// or after it.
fn fire_and_step(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    step: Option<HexPos>,
    after: bool,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    if let (Some(h), false) = (step, after) {
        go(state, who, h, 2, false, cx);
    }
    fire(state, cx, who, target)?;
    if let (Some(h), true) = (step, after)
        && state.fig(who).in_fight()
    {
        go(state, who, h, 2, false, cx);
    }
    Ok(())
}

/// DQ-14-005: a jump onto `to`, and the landing check (a fall on failure).
fn jump(
    state: &mut State,
    who: CombatantId,
    to: HexPos,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    let heading = state.fig(who).heading;
    step_to(state, who, to, heading, cx);
    let j = state.options.jump_ag_multiplier;
    let chance = ModList::base(
        "AG multiplier × modAG",
        j * values::mod_ag(state.fig(who)),
        "DQ-14-005",
    );
    if !check(state, cx, Some(who), "land the jump", "DQ-14-005", &chance)? {
        let f = state.fig_mut(who);
        f.status.prone = true;
        f.record.falls += 1;
        effect(state, cx, who, "lands badly and falls", "DQ-14-005");
    }
    Ok(())
}

/// An action in the narration's words: figures and weapons by name.
fn declared(state: &State, who: CombatantId, action: &Action) -> String {
    let weapon = |i: u8| weapon_name(state, who, i);
    let text = match action {
        Action::Pass {
            activity: Activity::Ready(Some(i)),
            ..
        } => format!("Pass, ready its {}", weapon(*i)),
        Action::Pass {
            activity: Activity::PickUp(i),
            ..
        } => format!("Pass, pick up its {}", weapon(*i)),
        _ => return action.named(|c| name(state, c)).to_string(),
    };
    match action {
        Action::Pass { to: Some(to), .. } => format!("{text} at {to}"),
        _ => text,
    }
}

/// DQ-19-006: D100 <= 2 × (WP + current FT) ends the stun.
fn recover(state: &mut State, who: CombatantId, cx: &mut impl Cx<DragonQuest>) -> Flow<()> {
    let f = state.fig(who);
    let mut mods = ModList::base("2 × WP", 2 * f.stats.wp, "DQ-19-006");
    mods.add("2 × current FT", 2 * f.ft, "DQ-19-006");
    if check(
        state,
        cx,
        Some(who),
        "recover from stun",
        "DQ-19-006",
        &mods,
    )? {
        state.fig_mut(who).status.stunned = false;
        effect(state, cx, who, "recovers from the stun", "DQ-19-006");
    }
    Ok(())
}

/// Moves the head to `to` by the cheapest route (already checked).
fn go(
    state: &mut State,
    who: CombatantId,
    to: HexPos,
    budget: i32,
    keep_facing: bool,
    cx: &mut impl Cx<DragonQuest>,
) -> i32 {
    match movement::route(state, who, to, budget, keep_facing) {
        Some(r) => {
            step_to(state, who, r.head, r.heading, cx);
            r.cost
        }
        None => 0,
    }
}

/// Puts the figure at `to` with `heading`.
fn step_to(
    state: &mut State,
    who: CombatantId,
    to: HexPos,
    heading: Heading,
    cx: &mut impl Cx<DragonQuest>,
) {
    let pulse = state.pulse;
    let f = state.fig_mut(who);
    if f.pos == to && f.heading == heading {
        return;
    }
    if f.pos != to {
        // DQ-23-001, DQ-23-002: a mount that moved this pulse.
        f.status.moved = pulse;
    }
    state.set_body(who, to, heading);
    // DQ-23: the rider in the saddle moves with its mount.
    crate::resolve::mounted::sync_rider(state, who);
    cx.emit(|| Event::Moved {
        who: name(state, who),
        to: format!("{to} facing {}", describe_heading(heading)),
    });
}

/// What [`face_toward`] reads of the attacker `who` and its `target` that
/// a blow can change: both figures' places and headings, and whether the
/// attacker rides.
fn facing_inputs(
    state: &State,
    who: CombatantId,
    target: CombatantId,
) -> (HexPos, Heading, bool, HexPos, Heading) {
    let (f, t) = (state.fig(who), state.fig(target));
    (f.pos, f.heading, f.aboard, t.pos, t.heading)
}

/// Turns a figure in place (its rider, if any, turns with it).
fn set_heading(state: &mut State, who: CombatantId, heading: Heading) {
    let pos = state.fig(who).pos;
    state.set_body(who, pos, heading);
    crate::resolve::mounted::sync_rider(state, who);
}

/// DQ-14-002: a facing change (free by default) for a 1-hex figure.
fn turn(
    state: &mut State,
    who: CombatantId,
    facing: Option<Facing>,
    cx: &mut impl Cx<DragonQuest>,
) {
    if let (Some(nf), Heading::Side(_)) = (facing, state.fig(who).heading) {
        let pos = state.fig(who).pos;
        step_to(state, who, pos, Heading::Side(nf), cx);
    }
}

/// DQ-13-010..012, DQ-14-014: a Pass with its activity and movement. A
/// weapon is picked up where the Pass ends (the move first).
fn pass(
    state: &mut State,
    who: CombatantId,
    activity: Activity,
    to: Option<HexPos>,
    facing: Option<Facing>,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    state.fig_mut(who).status.forced_pass = 0;
    match activity {
        Activity::Mount => {
            crate::resolve::mounted::mount(state, cx, who);
            return Ok(());
        }
        Activity::Dismount => {
            if let Some(to) = to {
                crate::resolve::mounted::dismount(state, cx, who, to);
            }
            turn(state, who, facing, cx);
            return Ok(());
        }
        Activity::PickUp(i) => {
            pass_move(state, who, to, cx);
            pick_up(state, who, i, cx)?;
        }
        _ => {
            pass_activity(state, who, activity, cx)?;
            pass_move(state, who, to, cx);
        }
    }
    turn(state, who, facing, cx);
    Ok(())
}

/// A Pass's move (DQ-13-010, DQ-13-011, DQ-14-014), if it has one.
fn pass_move(
    state: &mut State,
    who: CombatantId,
    to: Option<HexPos>,
    cx: &mut impl Cx<DragonQuest>,
) {
    if let Some(to) = to {
        let budget = actions::pass_allowance(state, who);
        go(state, who, to, budget, false, cx);
    }
}

/// DQ-13-012: the activities of a Pass that stay in place (mounting,
/// dismounting and picking up are [`pass`]'s own).
fn pass_activity(
    state: &mut State,
    who: CombatantId,
    activity: Activity,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    match activity {
        Activity::None | Activity::Mount | Activity::Dismount | Activity::PickUp(_) => {}
        Activity::Ready(i) => ready(state, who, i, cx)?,
        Activity::Shield => {
            state.fig_mut(who).shield_ready = true;
            effect(state, cx, who, "readies its shield", "DQ-13-012");
        }
        Activity::StandUp => {
            state.fig_mut(who).status.prone = false;
            effect(state, cx, who, "stands up", "DQ-00-017");
        }
        Activity::Reload => {
            let f = state.fig_mut(who);
            if let Some(i) = f.main
                && let Some(h) = f.weapons.get_mut(usize::from(i))
            {
                h.reloading += 1;
                if h.reloading >= h.weapon.reload_passes.max(1) {
                    h.loaded = true;
                    h.reloading = 0;
                }
            }
            effect(state, cx, who, "reloads", "DQ-14-013");
        }
        Activity::PullOut => pull_out(state, who, false, cx)?,
        Activity::PullOutFrom(friend) => pull_out(state, CombatantId(friend), true, cx)?,
        Activity::Disentangle => {
            let f = state.fig_mut(who);
            let n = f.status.entangled.map_or(0, |n| n + 1);
            if n >= 2 {
                f.status.entangled = None;
                effect(state, cx, who, "frees itself", "DQ-16-012");
            } else {
                f.status.entangled = Some(n);
                effect(state, cx, who, "works at the entanglement", "DQ-16-012");
            }
        }
    }
    Ok(())
}

/// DQ-13-012: prepares the weapon `i` (bare hands for `None`).
fn ready(
    state: &mut State,
    who: CombatantId,
    i: Option<u8>,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    effect_with(state, cx, who, "DQ-13-012", || match i {
        Some(i) => format!("readies its {}", weapon_name(state, who, i)),
        None => "empties its hands to fight bare-handed".to_string(),
    });
    take_in_hand(state, who, i, cx)
}

/// Puts the weapon `i` (bare hands for `None`) in hand and the one held
/// before away; DQ-20-006: each is a handling check when poisoned.
fn take_in_hand(
    state: &mut State,
    who: CombatantId,
    i: Option<u8>,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    let f = state.fig_mut(who);
    let old = f.main.filter(|&o| Some(o) != i);
    if let Some(old) = old
        && let Some(h) = f.weapons.get_mut(usize::from(old))
    {
        h.hold = Hold::Stowed;
    }
    f.main = i;
    if let Some(old) = old {
        poison::handle(state, cx, who, old, "put away the poisoned weapon")?;
    }
    if let Some(new) = i {
        poison::handle(state, cx, who, new, "ready the poisoned weapon")?;
    }
    Ok(())
}

/// DQ-13-012 (decision): picking up a weapon dropped in the hex puts it in
/// hand at once, ready to strike (the one held before is put away).
fn pick_up(state: &mut State, who: CombatantId, i: u8, cx: &mut impl Cx<DragonQuest>) -> Flow<()> {
    if let Some(h) = state.fig_mut(who).weapons.get_mut(usize::from(i)) {
        h.hold = Hold::Stowed;
        h.at = None;
    }
    effect_with(state, cx, who, "DQ-13-012", || {
        format!("picks up its {} and readies it", weapon_name(state, who, i))
    });
    take_in_hand(state, who, Some(i), cx)
}

/// DQ-20-010: pulling out a lodged weapon (the victim's own, or a
/// friend's); a pole weapon does D10 - 2 FT, a barbed one D10 - 4,
/// ignoring armor (at least 1, DQ-18-001); any other comes out clean.
fn pull_out(
    state: &mut State,
    who: CombatantId,
    by_friend: bool,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    let Some((mark, penalty)) = state.fig_mut(who).status.lodged.pop() else {
        return Ok(());
    };
    let what = if by_friend {
        "has a lodged weapon pulled out by a friend"
    } else {
        "pulls out a lodged weapon"
    };
    effect(state, cx, who, what, "DQ-20-010");
    let (label, m) = if penalty == 5 {
        ("pole weapon", -2)
    } else if mark == crate::model::state::LODGED_BARBED {
        ("barbed weapon", -4)
    } else {
        return Ok(());
    };
    {
        let mods = || ModList::base(label, m, "DQ-20-010");
        let sum = d10_sum(
            state,
            cx,
            Some(who),
            ("removal damage", "DQ-20-010"),
            mods,
            counts_as_one,
            m,
        )?;
        let amount = values::damage_check(sum - m, m);
        crate::resolve::damage::wound(
            state,
            cx,
            who,
            crate::resolve::damage::Hurt::direct(
                None,
                amount,
                false,
                "a lodged weapon coming out",
                "DQ-20-010",
            ),
        )?;
    }
    Ok(())
}

/// DQ-22-004, DQ-22-005: the monster moves straight ahead; each 1-hex
/// figure whose hex its body enters is knocked down (prone) and trampled
/// once: base chance 40 less Defense, damage D10 + the monster's size in
/// hexes. Figures under the body at the end are pushed to the nearest
/// empty hex (decision).
fn trample(
    state: &mut State,
    who: CombatantId,
    to: HexPos,
    cx: &mut impl Cx<DragonQuest>,
) -> Flow<()> {
    let budget = actions::tmr_for(state, who, MoveKind::Other);
    let Ok(path) = movement::trample_path(state, who, to, budget) else {
        return Ok(());
    };
    let size = state.fig(who).cells().len() as i32;
    let heading = state.fig(who).heading;
    let mut done: smallvec::SmallVec<[CombatantId; 8]> = smallvec::SmallVec::new();
    for &head in &path.heads {
        let from = state.fig(who).pos;
        step_to(state, who, head, heading, cx);
        for &v in &path.victims {
            if done.contains(&v) || !state.fig(who).occupies(state.fig(v).pos) {
                continue;
            }
            done.push(v);
            let f = state.fig_mut(v);
            if !f.status.prone {
                f.status.prone = true;
                f.record.falls += 1;
            }
            effect(state, cx, v, "is knocked down by the monster", "DQ-22-004");
            let mut blow = Blow::melee(AttackKind::Normal, from);
            blow.trample = size;
            blow.mishaps = false;
            strike_at(state, cx, who, v, blow)?;
        }
        if !state.fig(who).in_fight() {
            break;
        }
    }
    for &v in &done {
        let at = state.fig(v).pos;
        if state.fig(who).occupies(at)
            && let Some(h) = movement::push_hex(state, v, at)
        {
            let heading = state.fig(v).heading;
            step_to(state, v, h, heading, cx);
            effect(
                state,
                cx,
                v,
                "is pushed out from under the monster",
                "DQ-22-005",
            );
        }
    }
    Ok(())
}
