//! The menu of legal actions for people at the table (every entry passes
//! `rules::legal::check`). Movement lists the ways toward each foe and the
//! 1 m steps of Disengage; any other square may be typed.

use crate::model::action::{Action, Maneuver, Strike};
use crate::model::state::{Life, State};
use crate::resolve::movement::approach;
use crate::rules::geometry::weapon_reach;
use crate::rules::legal::check;
use fray_core::CombatantId;
use fray_core::grid::SquarePos;

/// The legal actions of `actor` now.
pub fn actions(state: &State, actor: CombatantId) -> Vec<Action> {
    let mut menu = vec![Action::EndTurn];
    let f = state.fighter(actor);
    let mut push = |a: Action| {
        if check(state, actor, &a).is_ok() && !menu.contains(&a) {
            menu.push(a);
        }
    };
    let foes: Vec<CombatantId> = state
        .ids()
        .filter(|&o| state.foes(actor, o) && state.fighter(o).life != Life::Dead)
        .collect();
    let held: Vec<u8> = [f.main, f.off].into_iter().flatten().collect();
    for &t in &foes {
        for &w in &held {
            let s = Strike::new(t, w);
            push(Action::Attack(s));
            push(Action::Attack(Strike {
                trust_to_luck: true,
                ..s
            }));
            push(Action::Attack(Strike {
                low_level: true,
                ..s
            }));
            push(Action::Attack(Strike {
                nonlethal: true,
                ..s
            }));
            push(Action::Attack(Strike { dex: true, ..s }));
            push(Action::OffhandAttack(s));
            push(Action::PreciseStrike(s));
        }
        for kind in [
            Maneuver::Disarm,
            Maneuver::Feint,
            Maneuver::BullRush,
            Maneuver::Grapple,
            Maneuver::Trip,
            Maneuver::Overrun,
        ] {
            push(Action::Maneuver { kind, target: t });
        }
    }
    for &t in &foes {
        let tf = state.fighter(t);
        for &w in &held {
            let Some(reach) = weapon_reach(f, w) else {
                continue;
            };
            if let Some((to, _)) = approach(state, actor, tf.pos, tf.edge(), reach, f.stats.move_m)
            {
                push(Action::Charge {
                    to,
                    strike: Strike::new(t, w),
                });
                push(Action::Move { to });
            }
            if let Some((to, _)) =
                approach(state, actor, tf.pos, tf.edge(), reach, 2 * f.stats.move_m)
            {
                push(Action::Run { to });
            }
        }
    }
    for n in f.pos.neighbours() {
        push(Action::Disengage { to: n });
    }
    // X-SPM-006: a straight run over each foe, to the first free square past it.
    for &t in &foes {
        let (dx, dy) = crate::rules::geometry::toward(f.pos, state.fighter(t).pos);
        for k in 1..=f.stats.move_m as i32 {
            let to = SquarePos::new(f.pos.x + i32::from(dx) * k, f.pos.y + i32::from(dy) * k);
            if crate::rules::movement::overrun_path(state, actor, to, t).is_ok() {
                push(Action::OverrunMove { to, target: t });
                break;
            }
        }
    }
    // X-QCK-008: rides toward each foe; X-MAN-018: getting on and off.
    if let Some(m) = state.riding(actor) {
        let mf = state.fighter(m);
        if let Some(reach) = crate::rules::geometry::best_reach(f) {
            for &t in &foes {
                let tf = state.fighter(t);
                if let Some((to, _)) = approach(state, m, tf.pos, tf.edge(), reach, mf.stats.move_m)
                {
                    push(Action::Ride { to });
                }
            }
        }
        if let Some(to) = crate::resolve::mount::landing(state, actor) {
            push(Action::Dismount { to });
        }
    }
    push(Action::Mount);
    for a in [
        Action::PreparedDefense,
        Action::TotalDefense,
        Action::OffhandDefense,
        Action::StandUp { immediate: false },
        Action::StandUp { immediate: true },
        Action::Escape,
    ] {
        push(a);
    }
    for w in 0..f.weapons.len() as u8 {
        push(Action::Draw {
            weapon: w,
            offhand: false,
        });
        push(Action::Draw {
            weapon: w,
            offhand: true,
        });
        push(Action::Sheathe { weapon: w });
        push(Action::Reload { weapon: w });
    }
    for p in 0..f.potions.len() as u8 {
        push(Action::TakePotion { potion: p });
        push(Action::DrinkPotion { potion: p });
        for o in state.ids() {
            push(Action::GivePotion { potion: p, to: o });
        }
    }
    for o in state.ids() {
        push(Action::FirstAid { patient: o });
    }
    // X-MAN-007: every spell at every creature it may reach.
    for spell in 0..f.spells.len() as u8 {
        for target in state.ids() {
            push(Action::Cast { spell, target });
        }
    }
    menu
}
