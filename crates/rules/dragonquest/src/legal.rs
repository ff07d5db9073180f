//! The menu of legal actions for people at the table: every candidate the
//! rules check accepts (people may type others, such as a move elsewhere).

use crate::model::action::{Action, Activity, AttackKind};
use crate::model::state::{Hold, Posture, State};
use crate::rules::actions::{self, check};
use crate::rules::{movement, zones};
use fray_core::CombatantId;

/// The legal actions of `who` now.
pub fn actions(state: &State, who: CombatantId) -> Vec<Action> {
    let f = state.fig(who);
    let mut c: Vec<Action> = vec![Action::Recover, Action::PASS];
    let pass = |activity| Action::Pass {
        activity,
        to: None,
        facing: None,
    };
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
    let foes: Vec<CombatantId> = state
        .ids()
        .filter(|&o| state.hostile(o, who) && state.fig(o).life != crate::model::state::Life::Dead)
        .collect();
    // DQ-23: a rider's moves are its mount's.
    let mover = state.mover(who);
    let charge_budget = if f.aboard {
        crate::rules::mounted::charge_allowance(state, who)
    } else {
        actions::charge_allowance(state, who)
    };
    let reach = movement::reach(state, mover, charge_budget, false);
    for &t in &foes {
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
        c.push(Action::Grapple {
            target: t,
            restrain: false,
        });
        c.push(Action::Grapple {
            target: t,
            restrain: true,
        });
        c.push(Action::fire(t));
        if let Some(r) = reach.iter().find(|r| {
            r.steps > 0
                && check(
                    state,
                    who,
                    &Action::Charge {
                        target: t,
                        to: r.head,
                        kind: AttackKind::Normal,
                    },
                )
                .is_ok()
        }) {
            c.push(Action::Charge {
                target: t,
                to: r.head,
                kind: AttackKind::Normal,
            });
        }
        if let Some(r) = reach.iter().find(|r| {
            check(
                state,
                who,
                &Action::ChargeAndClose {
                    target: t,
                    to: r.head,
                },
            )
            .is_ok()
        }) {
            c.push(Action::ChargeAndClose {
                target: t,
                to: r.head,
            });
        }
        // A move toward the foe.
        let tb = state.fig(t).body();
        let body = state.fig(mover);
        if let Some(r) = movement::reach(state, mover, body.tmr, false)
            .into_iter()
            .filter(|r| r.steps > 0)
            .min_by_key(|r| {
                (
                    crate::model::state::footprint(body.shape, r.head, r.heading).distance(&tb),
                    r.cost,
                )
            })
        {
            c.push(Action::Move {
                to: r.head,
                facing: r.head.facing_toward(state.fig(t).pos),
            });
        }
    }
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
    c.push(Action::Evade {
        to: None,
        facing: None,
    });
    for n in f.pos.neighbours() {
        c.push(Action::Evade {
            to: Some(n),
            facing: None,
        });
        c.push(Action::Withdraw {
            to: n,
            posture: None,
            strike: None,
        });
        c.push(Action::Withdraw {
            to: n,
            posture: Some(Posture::Defensive),
            strike: None,
        });
        c.push(Action::Withdraw {
            to: n,
            posture: Some(Posture::Offensive),
            strike: None,
        });
        for &t in &foes {
            if zones::in_mz(state, who, t) {
                c.push(Action::Withdraw {
                    to: n,
                    posture: Some(Posture::Offensive),
                    strike: Some(t),
                });
            }
        }
    }
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
