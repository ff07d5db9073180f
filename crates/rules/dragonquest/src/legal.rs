//! The menu of legal actions for people at the table: every candidate the
//! rules check accepts (people may type others, such as a move elsewhere).

use crate::model::action::{Action, Activity, AttackKind};
use crate::model::state::{Hold, Posture, State};
use crate::rules::actions::{self, check};
use crate::rules::{movement, zones};
use fray_core::CombatantId;

/// The legal actions of `who` now: the candidates of each kind, those the
/// rules check accepts, each once.
pub fn actions(state: &State, who: CombatantId) -> Vec<Action> {
    let mut c: Vec<Action> = vec![Action::Recover, Action::PASS];
    passes(state, who, &mut c);
    let foes: Vec<CombatantId> = state
        .ids()
        .filter(|&o| state.hostile(o, who) && state.fig(o).life != crate::model::state::Life::Dead)
        .collect();
    against_foes(state, who, &foes, &mut c);
    in_zone(state, who, &foes, &mut c);
    footwork(state, who, &foes, &mut c);
    c.push(Action::Retreat);
    // DQ-22-004: tramples straight ahead, for multi-hex monsters.
    for to in crate::ai::trample_hexes(state, who) {
        c.push(Action::Trample { to });
    }
    let mut out: Vec<Action> = Vec::new();
    for a in c {
        if check(state, who, &a).is_ok() && !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// A Pass with `activity`, in place.
fn pass(activity: Activity) -> Action {
    Action::Pass {
        activity,
        to: None,
        facing: None,
    }
}

/// DQ-13-012, DQ-20-010, DQ-23-001: the Passes: readying or picking up a
/// weapon, the other activities, pulling a weapon out of a friend,
/// stepping down from the saddle.
fn passes(state: &State, who: CombatantId, c: &mut Vec<Action>) {
    let f = state.fig(who);
    for (i, h) in f.weapons.iter().enumerate() {
        match h.hold {
            Hold::Stowed if f.main != Some(i as u8) => c.push(pass(Activity::Ready(Some(i as u8)))),
            // DQ-13-012: from its hex, a Pass moving there first.
            Hold::Dropped => c.push(Action::Pass {
                activity: Activity::PickUp(i as u8),
                to: h.at.filter(|&at| at != f.pos),
                facing: None,
            }),
            _ => {}
        }
    }
    if f.main.is_some() {
        c.push(pass(Activity::Ready(None)));
    }
    for a in [
        Activity::Shield,
        Activity::StandUp,
        Activity::Reload,
        Activity::PullOut,
        Activity::Disentangle,
        Activity::Mount,
    ] {
        c.push(pass(a));
    }
    // DQ-20-010: a weapon lodged in a friend.
    for o in state.ids() {
        c.push(pass(Activity::PullOutFrom(o.0)));
    }
    // DQ-23-001: step down to any hex next to the mount.
    if f.aboard {
        let m = state.fig(state.mover(who));
        for cell in m.cells() {
            for n in cell.neighbours() {
                c.push(Action::Pass {
                    activity: Activity::Dismount,
                    to: Some(n),
                    facing: None,
                });
            }
        }
    }
}

/// The actions aimed at each foe: every attack type (DQ-16-008), closing,
/// grappling, firing, a charge and a Charge and Close from where the
/// charge reaches, and a move toward it.
fn against_foes(state: &State, who: CombatantId, foes: &[CombatantId], c: &mut Vec<Action>) {
    let f = state.fig(who);
    // DQ-23: a rider's moves are its mount's.
    let mover = state.mover(who);
    let charge_budget = if f.aboard {
        crate::rules::mounted::charge_allowance(state, who)
    } else {
        actions::charge_allowance(state, who)
    };
    let reach = movement::reach(state, mover, charge_budget, false);
    for &t in foes {
        for kind in [
            AttackKind::Normal,
            AttackKind::Trip,
            AttackKind::Entangle,
            AttackKind::Knockout,
            AttackKind::ShieldRush,
            AttackKind::Disarm,
        ] {
            c.push(Action::Attack {
                target: t,
                kind,
                from: None,
            });
        }
        c.push(Action::Close { target: t });
        for restrain in [false, true] {
            c.push(Action::Grapple {
                target: t,
                restrain,
            });
        }
        c.push(Action::fire(t));
        charges(state, who, t, &reach, c);
        if let Some(a) = move_toward(state, mover, t) {
            c.push(a);
        }
    }
}

/// DQ-14-007, DQ-14-009: a charge at `t` and a Charge and Close, each to
/// the first place of `reach` from which the rules allow it.
fn charges(
    state: &State,
    who: CombatantId,
    t: CombatantId,
    reach: &[movement::Reach],
    c: &mut Vec<Action>,
) {
    let charge = |to| Action::Charge {
        target: t,
        to,
        kind: AttackKind::Normal,
    };
    if let Some(r) = reach
        .iter()
        .find(|r| r.steps > 0 && check(state, who, &charge(r.head)).is_ok())
    {
        c.push(charge(r.head));
    }
    let close = |to| Action::ChargeAndClose { target: t, to };
    if let Some(r) = reach
        .iter()
        .find(|r| check(state, who, &close(r.head)).is_ok())
    {
        c.push(close(r.head));
    }
}

/// A move of `mover` toward `t`: to the place within its TMR nearest to
/// it (the cheapest of those).
fn move_toward(state: &State, mover: CombatantId, t: CombatantId) -> Option<Action> {
    let tb = state.fig(t).body();
    let body = state.fig(mover);
    let r = movement::reach(state, mover, body.tmr, false)
        .into_iter()
        .filter(|r| r.steps > 0)
        .min_by_key(|r| {
            (
                crate::model::state::footprint(body.shape, r.head, r.heading).distance(&tb),
                r.cost,
            )
        })?;
    Some(Action::Move {
        to: r.head,
        facing: r.head.facing_toward(state.fig(t).pos),
    })
}

/// DQ-16-006, DQ-16-007: a sweep of every foe in the melee zone, and the
/// two-weapon attacks on each pair of them.
fn in_zone(state: &State, who: CombatantId, foes: &[CombatantId], c: &mut Vec<Action>) {
    let in_zone: Vec<CombatantId> = foes
        .iter()
        .copied()
        .filter(|&t| zones::in_mz(state, who, t))
        .collect();
    if in_zone.len() >= 2 {
        c.push(Action::Sweep {
            targets: in_zone.clone(),
        });
    }
    for &t1 in &in_zone {
        for &t2 in &in_zone {
            c.push(Action::TwoWeapons { targets: [t1, t2] });
        }
    }
}

/// DQ-13-004..009: Evades in place and to each neighbouring hex, and
/// Withdraws there in each posture (the offensive one striking each foe in
/// the melee zone).
fn footwork(state: &State, who: CombatantId, foes: &[CombatantId], c: &mut Vec<Action>) {
    let f = state.fig(who);
    c.push(Action::Evade {
        to: None,
        facing: None,
    });
    for n in f.pos.neighbours() {
        c.push(Action::Evade {
            to: Some(n),
            facing: None,
        });
        for posture in [None, Some(Posture::Defensive), Some(Posture::Offensive)] {
            c.push(Action::Withdraw {
                to: n,
                posture,
                strike: None,
            });
        }
        for &t in foes {
            if zones::in_mz(state, who, t) {
                c.push(Action::Withdraw {
                    to: n,
                    posture: Some(Posture::Offensive),
                    strike: Some(t),
                });
            }
        }
    }
}
