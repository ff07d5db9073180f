//! The menu of legal maneuvers for people at the table.

use crate::model::action::{Action, AllOut, Strike, Unarmed};
use crate::model::state::{AodKind, Posture, State};
use crate::rules::maneuver::{check, free_hex, move_allowance};
use fray_core::CombatantId;

/// Every maneuver `who` may declare now, in menu order (moves: one toward
/// each foe and one step back; people may type any other).
pub fn actions(state: &State, who: CombatantId) -> Vec<Action> {
    let mut out = Vec::new();
    let mut push = |a: Action| {
        if check(state, who, &a).is_ok() && !out.contains(&a) {
            out.push(a);
        }
    };
    push(Action::DoNothing);
    let f = state.fighter(who);
    let foes: Vec<CombatantId> = state
        .ids()
        .filter(|&o| state.fighter(o).side != f.side && state.fighter(o).awake())
        .collect();
    for &foe in &foes {
        for (i, h) in f.weapons.iter().enumerate() {
            for m in 0..h.weapon.modes.len() {
                let s = Strike::at(foe).with(i as u8, m as u8);
                push(Action::Attack(s));
                push(Action::AllOutAttack {
                    strike: s,
                    bonus: AllOut::Skill,
                });
                push(Action::AllOutAttack {
                    strike: s,
                    bonus: AllOut::Damage,
                });
                push(Action::RapidAttack(s));
            }
            push(Action::Feint {
                target: foe,
                weapon: i as u8,
            });
            push(Action::Aim {
                target: foe,
                weapon: i as u8,
            });
        }
        for u in [Unarmed::Punch, Unarmed::Kick, Unarmed::Bite] {
            let mut s = Strike::at(foe);
            s.unarmed = Some(u);
            push(Action::Attack(s));
        }
        // A move toward the foe.
        let t = state.fighter(foe).pos;
        let allowance = move_allowance(state, who);
        let mut best = None;
        for hex in t.area(allowance + 1) {
            if hex != t && free_hex(state, who, hex) && f.pos.distance(hex) <= allowance {
                let key = (hex.distance(t), f.pos.distance(hex), hex);
                if best.is_none_or(|b: (u32, u32, _)| (key.0, key.1) < (b.0, b.1)) {
                    best = Some(key);
                }
            }
        }
        if let Some((_, _, to)) = best
            && to != f.pos
        {
            push(Action::Move {
                to,
                face: to.facing_toward(t),
                evade: 0,
                shoot: None,
            });
        }
        push(Action::AllOutDefense {
            kind: AodKind::SingleFoe,
            foe: Some(foe),
        });
    }
    push(Action::AllOutDefense {
        kind: AodKind::MultipleFoe,
        foe: None,
    });
    push(Action::AllOutDefense {
        kind: AodKind::Brace,
        foe: None,
    });
    push(Action::Retreat);
    for (i, _) in f.weapons.iter().enumerate() {
        push(Action::Reload { weapon: i as u8 });
        push(Action::ReadyWeapon { weapon: i as u8 });
    }
    push(Action::ReadyShield);
    for p in [Posture::Standing, Posture::Kneeling, Posture::Crawling] {
        push(Action::ChangePosture { to: p });
    }
    out
}
