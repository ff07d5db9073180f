//! Mounted combat (DQ-23-001..006): what a rider in the saddle and its
//! mount may declare. A rider and its 2-hex mount move as one: the rider's
//! Move and Charge move the mount's body with the mount's TMR; the ridden
//! mount does not move on its own (decision: the rider steers) but may
//! still strike. A rider in the saddle fills no hex: its hex is the mount's
//! head hex and its heading the mount's corner (`model::state::rider_zone`).

use crate::model::action::{Action, Activity};
use crate::model::data::Hands;
use crate::model::state::{State, ahead_of_corner};
use crate::rules::actions::{self, Status, reaches};
use crate::rules::movement::{self, Reach, free_for};
use crate::rules::values::{self, MoveKind};
use fray_core::grid::{Heading, HexPos};
use fray_core::{CombatantId, Illegal};

fn refuse(rule: &'static str, reason: impl Into<String>) -> Result<(), Illegal> {
    Err(Illegal::new(rule, reason))
}

/// DQ-23-003, DQ-23-004: the hexes straight ahead of `mount` (across its
/// faced corner); none for a 1-hex figure.
pub fn ahead(state: &State, mount: CombatantId) -> Option<[HexPos; 2]> {
    let m = state.fig(mount);
    match m.heading {
        Heading::Corner(c) if !m.is_single() => Some(ahead_of_corner(m.pos, c)),
        _ => None,
    }
}

/// Whether `who` stands in a hex straight ahead of `mount` (any of its hexes).
pub fn stands_ahead_of(state: &State, mount: CombatantId, who: CombatantId) -> bool {
    let Some(hexes) = ahead(state, mount) else {
        return false;
    };
    state.fig(who).cells().iter().any(|c| hexes.contains(c))
}

/// Whether every hex of `who` lies straight ahead of `mount`.
fn wholly_ahead_of(state: &State, mount: CombatantId, who: CombatantId) -> bool {
    let Some(hexes) = ahead(state, mount) else {
        return false;
    };
    state.fig(who).cells().iter().all(|c| hexes.contains(c))
}

/// Whether an action moves the figure's body.
fn moves(action: &Action) -> bool {
    match action {
        Action::Move { .. }
        | Action::Charge { .. }
        | Action::ChargeAndClose { .. }
        | Action::Close { .. }
        | Action::Withdraw { .. }
        | Action::Retreat
        | Action::Jump { .. }
        | Action::Trample { .. } => true,
        Action::Evade { to, .. } => to.is_some(),
        Action::Pass { activity, to, .. } => to.is_some() && *activity != Activity::Dismount,
        Action::Attack { from, .. } => from.is_some(),
        Action::Fire { step, .. } => step.is_some(),
        _ => false,
    }
}

/// Whether an action strikes a blow.
fn strikes(action: &Action) -> bool {
    matches!(
        action,
        Action::Attack { .. }
            | Action::Charge { .. }
            | Action::ChargeAndClose { .. }
            | Action::Close { .. }
            | Action::Grapple { .. }
            | Action::TwoWeapons { .. }
            | Action::Sweep { .. }
            | Action::Trample { .. }
            | Action::Fire { .. }
    )
}

/// DQ-23-001, DQ-23-006: whether a mount's body may move this pulse: not
/// in the pulse its rider mounted or dismounted, nor in the pulse its
/// momentum carried it (the rider cannot steer).
pub fn check_body_moves(state: &State, mount: CombatantId) -> Result<(), Illegal> {
    let m = state.fig(mount);
    if state.pulse > 0 && m.status.still == state.pulse {
        return refuse(
            "DQ-23-001",
            format!(
                "{} stands still in the pulse its rider mounts or dismounts",
                m.name
            ),
        );
    }
    if state.pulse > 0 && m.status.carried == state.pulse {
        return refuse(
            "DQ-23-006",
            format!(
                "momentum carried {} on past its charge this pulse: it cannot be steered",
                m.name
            ),
        );
    }
    Ok(())
}

/// The checks every action of a figure on a mount, or of a ridden mount,
/// passes first (DQ-23-001..004).
pub fn check(state: &State, who: CombatantId, action: &Action) -> Result<(), Illegal> {
    let f = state.fig(who);
    // DQ-14-007, DQ-23-005 (decision): a mount that ran more than half its
    // TMR this pulse (carrying its rider's charge, or by momentum) strikes
    // no blow: only a charge of ½ TMR ends with an attack.
    if f.is_mount && state.pulse > 0 && f.status.ran == state.pulse && strikes(action) {
        return refuse(
            "DQ-14-007",
            format!(
                "{} ran more than half its TMR this pulse: it strikes no blow until the next",
                f.name
            ),
        );
    }
    if f.is_mount && moves(action) {
        if f.rider.is_some() {
            return refuse(
                "DQ-23-001",
                "the rider steers: a ridden mount moves only by its rider's Move or Charge",
            );
        }
        check_body_moves(state, who)?;
    }
    if !f.aboard {
        return Ok(());
    }
    match action {
        Action::Close { .. }
        | Action::ChargeAndClose { .. }
        | Action::Grapple { .. }
        | Action::Withdraw { .. }
        | Action::Retreat
        | Action::Jump { .. }
        | Action::Trample { .. } => {
            return refuse(
                "DQ-23-001",
                "in the saddle: Move or Charge with the mount, strike, fire, Evade in place, or Pass (to dismount)",
            );
        }
        Action::Move { .. } | Action::Charge { .. } => {}
        a if moves(a) => {
            return refuse(
                "DQ-23-001",
                "a rider moves only with its mount (Move or Charge), or dismounts with a Pass",
            );
        }
        _ => {}
    }
    // DQ-23-002: what Horsemanship allows.
    let th = state.options.horsemanship_thresholds;
    let hm = f.horsemanship;
    let two_hands = f.weapon().is_some_and(|h| h.weapon.hands == Hands::Two)
        || matches!(action, Action::Sweep { .. });
    let weapon_blow = !matches!(
        action,
        Action::ChargeAndClose { .. }
            | Action::Close { .. }
            | Action::Grapple { .. }
            | Action::Trample { .. }
    );
    if strikes(action) && weapon_blow && two_hands && hm < th.two_handed {
        return refuse(
            "DQ-23-002",
            format!(
                "a two-handed weapon in the saddle needs Horsemanship rank {}",
                th.two_handed
            ),
        );
    }
    if matches!(action, Action::TwoWeapons { .. }) && hm < th.two_weapons {
        return refuse(
            "DQ-23-002",
            format!(
                "two weapons at once in the saddle need Horsemanship rank {}",
                th.two_weapons
            ),
        );
    }
    let mount = state.mover(who);
    if matches!(action, Action::Fire { .. })
        && state.pulse > 0
        && state.fig(mount).status.moved == state.pulse
        && hm < th.missile_moving
    {
        return refuse(
            "DQ-23-002",
            format!(
                "firing from a moving mount needs Horsemanship rank {}",
                th.missile_moving
            ),
        );
    }
    // DQ-23-003: no weapon attack into the hexes straight ahead.
    // Every target, however many a sweep names.
    let targets: &[CombatantId] = match action {
        Action::Attack { target, .. } | Action::Fire { target, .. } => std::slice::from_ref(target),
        Action::TwoWeapons { targets } => targets,
        Action::Sweep { targets } => targets,
        _ => &[],
    };
    for &t in targets {
        if t.index() < state.figures.len() && wholly_ahead_of(state, mount, t) {
            return refuse(
                "DQ-23-003",
                "a rider may not attack into the hex straight ahead of its mount",
            );
        }
    }
    Ok(())
}

/// DQ-23-004 (decision): a foe standing straight ahead of a rider's mount
/// reaches the rider only with a long-hafted weapon (missiles are fired,
/// not checked here); anyone else there attacks the mount.
pub fn check_attacker(state: &State, who: CombatantId, target: CombatantId) -> Result<(), Illegal> {
    let t = state.fig(target);
    if !t.aboard {
        return Ok(());
    }
    let mount = state.mover(target);
    let long = values::weapon_of(state, state.fig(who)).long_hafted;
    if !long && stands_ahead_of(state, mount, who) {
        return refuse(
            "DQ-23-004",
            "from straight ahead of the mount only a long-hafted weapon or a missile reaches the rider",
        );
    }
    Ok(())
}

/// DQ-23-005: how far a rider's charge goes: the mount's full TMR with a
/// pole weapon (DQ-14-008), else half of it (DQ-14-007).
pub fn charge_allowance(state: &State, rider: CombatantId) -> i32 {
    let mount = state.mover(rider);
    let pole = state.fig(rider).weapon().is_some_and(|h| h.weapon.pole);
    if pole {
        actions::tmr_for(state, mount, MoveKind::PoleCharge)
    } else {
        values::half_of(
            &state.options,
            actions::tmr_for(state, mount, MoveKind::Other),
        )
    }
}

/// DQ-23-005: the route of a mounted charge: straight, without turning (the
/// mount keeps its corner, no pivot; it steps only across the two sides of
/// that corner).
pub fn charge_route(state: &State, rider: CombatantId, to: HexPos) -> Option<Reach> {
    let mount = state.mover(rider);
    movement::route(state, mount, to, charge_allowance(state, rider), true)
}

/// The pair's own moves in the saddle: a rider's Move (the mount's TMR,
/// DQ-14-001) and Charge (DQ-23-005), both engaged-free, the mount able to
/// move (not stunned, DQ-23-001, DQ-23-006).
pub fn check_pair_move(state: &State, rider: CombatantId, action: &Action) -> Result<(), Illegal> {
    let mount = state.mover(rider);
    let m = state.fig(mount);
    if !m.in_fight() || m.status.stunned {
        return refuse(
            "DQ-23-001",
            format!("{} cannot move: it is stunned or down", m.name),
        );
    }
    check_body_moves(state, mount)?;
    if actions::status(state, rider) != Status::Free
        || actions::status(state, mount) != Status::Free
    {
        return refuse(
            "DQ-13-001",
            "an engaged rider or mount cannot Move or Charge; strike, Evade or Pass",
        );
    }
    match action {
        Action::Move { to, .. } => {
            let budget = actions::tmr_for(state, mount, MoveKind::Other);
            movement::route(state, mount, *to, budget, false)
                .map(|_| ())
                .ok_or_else(|| {
                    Illegal::new(
                        "DQ-14-001",
                        format!("{to} is out of the mount's reach this pulse"),
                    )
                })
        }
        Action::Charge { target, to, kind } => {
            actions::check_foe(state, rider, *target)?;
            actions::check_kind(state, rider, *target, *kind)?;
            let Some(r) = charge_route(state, rider, *to) else {
                return refuse(
                    "DQ-23-005",
                    format!("{to} is not on a straight charge within the mount's reach"),
                );
            };
            if !reaches(state, rider, r.head, r.heading, *target) {
                return refuse(
                    "DQ-23-003",
                    "the charge must end with the target beside the mount's head, not straight ahead",
                );
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// DQ-23-006 (decision): the heads the momentum carries `mount` through
/// after a charge from `from` to `to`: on along the charge's straight line
/// (the line from `from` through `to`, extended), keeping the mount's
/// corner, up to its TMR, stopping before the first hex its body cannot
/// enter (a figure, a wall, the map's edge); melee zones do not stop it. A
/// charge that mixed the two sides of the faced corner goes on mixing them
/// the same way: the line, not one side, is what the horse follows.
pub fn momentum_path(
    state: &State,
    mount: CombatantId,
    from: HexPos,
    to: HexPos,
) -> arrayvec::ArrayVec<HexPos, 16> {
    let mut out = arrayvec::ArrayVec::new();
    let m = state.fig(mount);
    let Heading::Corner(c) = m.heading else {
        return out;
    };
    let run = from.distance(to) as i32;
    let tmr = m.tmr.clamp(0, 16);
    if run == 0 || tmr == 0 {
        return out;
    }
    // The line from `from` through a far point `k` charge-lengths away:
    // `to` is a lattice point of it, and every step after it is one of the
    // corner's two sides.
    let k = (run + tmr) / run + 1;
    let far = HexPos::new(from.q + (to.q - from.q) * k, from.r + (to.r - from.r) * k);
    if !far.in_supported_range() {
        return out;
    }
    let sides = c.sides();
    let mut head = to;
    for next in movement::line(from, far).skip(run as usize + 1) {
        let side_ok = sides.iter().any(|&d| head.neighbour(d) == next);
        let body = crate::model::state::footprint(m.shape, next, m.heading);
        let fits = body
            .cells()
            .iter()
            .all(|&cell| free_for(state, mount, cell));
        if !side_ok || !fits || state.map.blocks_step(head, next) || out.is_full() {
            break;
        }
        out.push(next);
        head = next;
        if out.len() as i32 >= tmr {
            break;
        }
    }
    out
}

/// DQ-23-001: mounting: a rider not in the saddle, next to its own mount,
/// which stands (conscious, not stunned), carries no one and has not moved
/// this pulse.
pub fn check_mount(state: &State, who: CombatantId) -> Result<(), Illegal> {
    let f = state.fig(who);
    let Some(m) = f.steed else {
        return refuse("DQ-23-001", "this figure has no mount");
    };
    if f.aboard {
        return refuse("DQ-23-001", "already in the saddle");
    }
    let mf = state.fig(m);
    if !mf.in_fight() || mf.status.stunned || mf.rider.is_some() || f.status.close {
        return refuse("DQ-23-001", format!("{} cannot be mounted now", mf.name));
    }
    if mf.distance(f) != 1 {
        return refuse(
            "DQ-23-001",
            format!("mounting needs {} next to the rider", mf.name),
        );
    }
    if state.pulse > 0 && mf.status.moved == state.pulse {
        return refuse(
            "DQ-23-001",
            "a rider mounts only while the mount is standing still (it moved this pulse)",
        );
    }
    Ok(())
}

/// DQ-23-001: dismounting into `to`, an empty hex next to the mount, which
/// has not moved this pulse.
pub fn check_dismount(state: &State, who: CombatantId, to: Option<HexPos>) -> Result<(), Illegal> {
    let f = state.fig(who);
    if !f.aboard {
        return refuse("DQ-23-001", "not in the saddle");
    }
    let m = state.mover(who);
    let mf = state.fig(m);
    if state.pulse > 0 && mf.status.moved == state.pulse {
        return refuse(
            "DQ-23-001",
            "a rider dismounts only while the mount is standing still (it moved this pulse)",
        );
    }
    let Some(to) = to else {
        return refuse("DQ-23-001", "name the hex to step down to (`to`)");
    };
    if mf.distance_to(to) != 1 || !free_for(state, who, to) {
        return refuse("DQ-23-001", "dismount into an empty hex next to the mount");
    }
    Ok(())
}
