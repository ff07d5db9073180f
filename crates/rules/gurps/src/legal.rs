//! The menu of maneuvers a combatant may declare now, for people at the table.

use crate::model::action::{
    Action, Aim, AllOutVariant, Cast, Charge, Concentrate, DefenseVariant, Grapple, Jump, Response,
    Step, Strike, Trigger, Wait,
};
use crate::model::location::Location;
use crate::model::spell::SpellClass;
use crate::model::state::{DefenseKind, Posture, State};
use fray_core::CombatantId;

/// Every maneuver `actor` may declare, targets and weapons spelled out;
/// moves are listed as a Move toward each foe (the AI's route), a step
/// before an attack when the foe is one hex out of reach, and a Move and
/// Attack along the same route. Other moves are typed as TOML.
pub fn actions(state: &State, actor: CombatantId) -> Vec<Action> {
    let f = state.fighter(actor);
    let mut out = Vec::new();
    let mut push = |a: Action| {
        if crate::rules::maneuver::check(state, actor, &a).is_ok() {
            out.push(a);
        }
    };
    for foe in state.active_foes(actor).collect::<Vec<_>>() {
        let toward = toward(state, actor, foe);
        if let Some(m) = &toward {
            push(m.clone());
        }
        for (wi, w) in f.weapons.iter().enumerate() {
            for mi in 0..w.weapon.modes.len() {
                let strike = Strike::at(foe).with(wi as u8, mi as u8);
                let plain = Action::Attack {
                    strike,
                    step: None,
                    extra: None,
                    giant_step: None,
                };
                let reaches_now = crate::rules::maneuver::check(state, actor, &plain).is_ok();
                push(plain);
                let melee = w.weapon.modes[mi].is_melee();
                // G-TAC-003: a step first when the foe is just out of reach.
                if melee
                    && !reaches_now
                    && let Some(step) = step_into_reach(state, actor, &strike)
                {
                    push(Action::Attack {
                        strike,
                        step: Some(step),
                        extra: None,
                        giant_step: None,
                    });
                }
                // G-MAA-001: a full Move toward the foe, striking at its end.
                if melee && let Some(Action::Move { to, face, path, .. }) = &toward {
                    push(Action::MoveAndAttack(Charge {
                        to: *to,
                        face: *face,
                        path: path.clone(),
                        strike,
                        at: None,
                        heroic: false,
                    }));
                }
                for variant in [
                    AllOutVariant::Determined,
                    AllOutVariant::Strong,
                    AllOutVariant::Double,
                    AllOutVariant::Feint,
                ] {
                    push(Action::AllOutAttack {
                        variant,
                        strike,
                        advance: 0,
                    });
                }
            }
            push(Action::Feint {
                target: foe,
                weapon: wi as u8,
                step: None,
            });
            for mi in 0..w.weapon.modes.len() {
                push(Action::Aim {
                    target: foe,
                    weapon: wi as u8,
                    mode: mi as u8,
                    braced: false,
                    step: None,
                });
                push(Action::Aim {
                    target: foe,
                    weapon: wi as u8,
                    mode: mi as u8,
                    braced: true,
                    step: None,
                });
            }
        }
    }
    for foe in state.active_foes(actor).collect::<Vec<_>>() {
        // G-GRP-001..003: grabs at the usual holds and at each weapon.
        for location in [
            Location::Torso,
            Location::Neck,
            Location::RightArm,
            Location::LeftArm,
            Location::RightLeg,
        ] {
            push(Action::Grapple(Grapple::Grab {
                target: foe,
                location,
                item: None,
                hands: 2,
                step: None,
            }));
        }
        for item in 0..state.fighter(foe).weapons.len() {
            push(Action::Grapple(Grapple::Grab {
                target: foe,
                location: Location::Torso,
                item: Some(item as u8),
                hands: 2,
                step: None,
            }));
        }
    }
    for g in [
        Grapple::Takedown,
        Grapple::Pin,
        Grapple::Strangle,
        Grapple::TakeItem,
        Grapple::ForceDrop,
        Grapple::Release,
        Grapple::BreakFree,
    ] {
        push(Action::Grapple(g));
    }
    // G-WAIT-001 / G-STP-001: wait to strike whoever comes in reach.
    for (wi, w) in f.weapons.iter().enumerate() {
        for mi in 0..w.weapon.modes.len() {
            let response = Response::Attack {
                weapon: wi as u8,
                mode: mi as u8,
                location: Aim::default(),
                all_out: None,
            };
            for trigger in [Trigger::InReach { foe: None }, Trigger::StopThrust] {
                push(Action::Wait(Wait {
                    trigger,
                    response,
                    step: None,
                }));
            }
        }
    }
    // G-JMP-001: jumps straight ahead, standing or after a one-hex run-up.
    for run_up in 0..=1 {
        for length in 1..=4 {
            push(Action::Jump(Jump { run_up, length }));
        }
    }
    for kind in [DefenseKind::Dodge, DefenseKind::Parry, DefenseKind::Block] {
        push(Action::AllOutDefense {
            variant: DefenseVariant::Increased(kind),
            step: None,
            path: Vec::new(),
        });
    }
    push(Action::AllOutDefense {
        variant: DefenseVariant::Double,
        step: None,
        path: Vec::new(),
    });
    for p in [
        Posture::Standing,
        Posture::Kneeling,
        Posture::Crouching,
        Posture::Sitting,
        Posture::Crawling,
        Posture::Lying,
    ] {
        push(Action::ChangePosture { to: p });
    }
    for wi in 0..f.weapons.len() {
        push(Action::Ready { weapon: wi as u8 });
    }
    // G-CON-001: go on with the spell under way, let a charged one go, or
    // begin a spell: on each living figure (Regular), on each foe's hex
    // (Area), or with no subject (Melee, Missile, Information), at its
    // least and at its most energy.
    if f.casting.is_some() {
        push(Action::Concentrate(Concentrate::GO_ON));
    }
    push(Action::Concentrate(Concentrate {
        dissipate: true,
        ..Concentrate::GO_ON
    }));
    let living: Vec<_> = state
        .ids()
        .filter(|&id| state.fighter(id).life != crate::model::state::Life::Dead)
        .collect();
    for k in f.spells.iter() {
        let s = &k.spell;
        let base = Cast::spell(&s.name);
        let mut casts = Vec::new();
        match s.class {
            SpellClass::Regular => casts.extend(living.iter().map(|&id| base.clone().on(id))),
            SpellClass::Area => casts.extend(state.active_foes(actor).map(|id| Cast {
                at: Some(state.fighter(id).pose.pos),
                ..base.clone()
            })),
            SpellClass::Blocking => {}
            _ => casts.push(base),
        }
        let most = s.max_energy_for(f.stats.magery);
        for cast in casts {
            if most > s.cost {
                push(Action::Concentrate(Concentrate::cast(
                    cast.clone().energy(most),
                )));
            }
            push(Action::Concentrate(Concentrate::cast(cast)));
        }
    }
    push(Action::ReadyShield);
    push(Action::DoNothing);
    out
}

/// A Move toward `foe` as the AI would make it, when not already next to it.
fn toward(state: &State, actor: CombatantId, foe: CombatantId) -> Option<Action> {
    let here = state.fighter(actor).pose.pos;
    if here.distance(state.fighter(foe).pose.pos) <= 1 {
        return None;
    }
    crate::ai::approach(state, actor, foe).filter(|a| matches!(a, Action::Move { .. }))
}

/// A step to the free neighbouring hex nearest the foe (the lowest on a
/// tie), facing it, when the strike cannot reach from here.
fn step_into_reach(state: &State, actor: CombatantId, strike: &Strike) -> Option<Step> {
    let here = state.fighter(actor).pose.pos;
    let there = state.fighter(strike.target).pose.pos;
    if here.distance(there) <= 1 {
        return None;
    }
    let to = here
        .neighbours()
        .into_iter()
        .filter(|&n| crate::rules::movement::free(state, actor, n))
        .min_by_key(|&n| (n.distance(there), n))?;
    Some(Step {
        to: Some(to),
        face: to.facing_toward(there),
        after: false,
        posture: None,
    })
}
