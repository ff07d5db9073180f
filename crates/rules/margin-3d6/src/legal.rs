//! The menu of legal maneuvers for people at the table.

use crate::model::action::{Action, AllOut, ChargeOption, Strike, Unarmed};
use crate::model::state::{AodKind, Posture, State, Watch};
use crate::rules::maneuver::{check, free_hex, move_allowance, strike_step};
use fray_core::CombatantId;
use fray_core::grid::HexPos;

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
                to: None,
            });
        }
        for u in [
            Unarmed::Punch,
            Unarmed::Kick,
            Unarmed::Bite,
            Unarmed::ShieldBash,
        ] {
            let mut s = Strike::at(foe);
            s.unarmed = Some(u);
            push(Action::Attack(s));
        }
        // Attacks with the step before them (M-MEL-001), a charge (M-MEL-008),
        // slams, tackles and wild swings from the nearest hex in reach.
        let tp = state.fighter(foe).pos;
        let near = |limit: u32| {
            let mut best: Option<(u32, u32, HexPos)> = None;
            for hex in tp.area(1) {
                if hex != tp && free_hex(state, who, hex) && f.pos.distance(hex) <= limit {
                    let key = (f.pos.distance(hex), 0, hex);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            }
            best.map(|b| b.2)
        };
        if let Some(to) = near(strike_step(state, who, &Strike::at(foe))) {
            for (i, h) in f.weapons.iter().enumerate() {
                for m in 0..h.weapon.modes.len() {
                    let mut s = Strike::at(foe).with(i as u8, m as u8);
                    s.to = Some(to);
                    push(Action::Attack(s));
                    push(Action::AllOutAttack {
                        strike: s,
                        bonus: AllOut::Skill,
                    });
                    push(Action::AllOutAttack {
                        strike: s,
                        bonus: AllOut::Damage,
                    });
                }
            }
        }
        // The entry into the foe's hex is the last hex of a charge's or a
        // slam's move (M-MEL-008, M-UNA-003).
        if let Some(to) = near(move_allowance(state, who).saturating_sub(1)) {
            let mut s = Strike::at(foe);
            s.to = Some(to);
            for option in [
                ChargeOption::Attack,
                ChargeOption::Strong,
                ChargeOption::AttackSlam,
                ChargeOption::FeintSlam,
            ] {
                push(Action::AllOutCharge { strike: s, option });
            }
            push(Action::WildSwing(s));
            // M-MEL-003: a Wild Swing on the move, from that hex.
            push(Action::Move {
                to,
                face: to.facing_toward(tp),
                evade: 0,
                shoot: None,
                swing: Some(s),
            });
            push(Action::Slam {
                target: foe,
                to: Some(to),
            });
        }
        if let Some(to) = near(move_allowance(state, who)) {
            push(Action::FlyingTackle {
                target: foe,
                to: Some(to),
            });
        }
        push(Action::WildSwing(Strike::at(foe)));
        push(Action::Slam {
            target: foe,
            to: None,
        });
        push(Action::Grapple {
            target: foe,
            two_hands: false,
            wrest: false,
        });
        push(Action::Grapple {
            target: foe,
            two_hands: true,
            wrest: false,
        });
        push(Action::Grapple {
            target: foe,
            two_hands: false,
            wrest: true,
        });
        push(Action::Takedown { target: foe });
        for a in 0..f.weapons.len() {
            for b in 0..f.weapons.len() {
                push(Action::TwoWeaponAttack {
                    target: foe,
                    first: a as u8,
                    second: b as u8,
                });
            }
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
                swing: None,
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
    push(Action::BreakFree { to: None });
    // M-UNA-012: breaking free with the step away from the holder.
    if let Some((holder, _)) = f.held_by {
        let hp = state.fighter(holder).pos;
        if let Some(to) = f
            .pos
            .area(1)
            .into_iter()
            .filter(|&h| h != f.pos && free_hex(state, who, h))
            .max_by_key(|&h| (h.distance(hp), std::cmp::Reverse(h)))
        {
            push(Action::BreakFree { to: Some(to) });
        }
    }
    for (i, h) in f.weapons.iter().enumerate() {
        push(Action::Wait {
            weapon: i as u8,
            mode: 0,
            to: None,
            hexes: Vec::new(),
        });
        if h.weapon.ranged() {
            push(Action::OpportunityFire {
                weapon: i as u8,
                watch: Watch::Front,
                confirm: false,
            });
            push(Action::OpportunityFire {
                weapon: i as u8,
                watch: Watch::Front,
                confirm: true,
            });
        }
    }
    for (i, _) in f.weapons.iter().enumerate() {
        push(Action::Reload { weapon: i as u8 });
        push(Action::ReadyWeapon {
            weapon: i as u8,
            to: None,
        });
    }
    push(Action::ReadyShield);
    for p in [Posture::Standing, Posture::Kneeling, Posture::Crawling] {
        push(Action::ChangePosture { to: p });
    }
    out
}
