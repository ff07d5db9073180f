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
///
/// The menu is built in a fixed order (strikes, grapples, waits, jumps,
/// defenses, postures, readies, spells), so the list is deterministic.
pub fn actions(state: &State, actor: CombatantId) -> Vec<Action> {
    let mut menu = Menu {
        state,
        actor,
        out: Vec::new(),
    };
    let foes: Vec<_> = state.active_foes(actor).collect();
    for &foe in &foes {
        menu.toward_and_strikes(foe);
    }
    for &foe in &foes {
        menu.grabs(foe);
    }
    menu.grapple_moves();
    menu.waits();
    menu.jumps();
    menu.all_out_defenses();
    menu.postures();
    menu.readies();
    menu.spells();
    menu.push(Action::ReadyShield);
    menu.push(Action::DoNothing);
    menu.out
}

/// The menu under construction: only the actions that pass
/// `rules::maneuver::check` are kept.
struct Menu<'a> {
    state: &'a State,
    actor: CombatantId,
    out: Vec<Action>,
}

impl Menu<'_> {
    fn legal(&self, a: &Action) -> bool {
        crate::rules::maneuver::check(self.state, self.actor, a).is_ok()
    }

    fn push(&mut self, a: Action) {
        if self.legal(&a) {
            self.out.push(a);
        }
    }

    /// A Move toward `foe`, then every strike, feint and aim at it with
    /// each weapon.
    fn toward_and_strikes(&mut self, foe: CombatantId) {
        let toward = toward(self.state, self.actor, foe);
        if let Some(m) = &toward {
            self.push(m.clone());
        }
        let f = self.state.fighter(self.actor);
        for (wi, w) in f.weapons.iter().enumerate() {
            for (mi, mode) in w.weapon.modes.iter().enumerate() {
                let strike = Strike::at(foe).with(wi as u8, mi as u8);
                self.strikes(strike, mode.is_melee(), toward.as_ref());
            }
            self.push(Action::Feint {
                target: foe,
                weapon: wi as u8,
                step: None,
            });
            for mi in 0..w.weapon.modes.len() {
                self.aims(foe, wi as u8, mi as u8);
            }
        }
    }

    /// One weapon mode against one foe: a plain Attack, a step first,
    /// a Move and Attack, and each All-Out Attack.
    fn strikes(&mut self, strike: Strike, melee: bool, toward: Option<&Action>) {
        let plain = Action::Attack {
            strike,
            step: None,
            extra: None,
            giant_step: None,
        };
        let reaches_now = self.legal(&plain);
        self.push(plain);
        // G-TAC-003: a step first when the foe is just out of reach.
        if melee
            && !reaches_now
            && let Some(step) = step_into_reach(self.state, self.actor, &strike)
        {
            self.push(Action::Attack {
                strike,
                step: Some(step),
                extra: None,
                giant_step: None,
            });
        }
        // G-MAA-001: a full Move toward the foe, striking at its end.
        if melee && let Some(Action::Move { to, face, path, .. }) = toward {
            self.push(Action::MoveAndAttack(Charge {
                to: *to,
                face: *face,
                path: path.to_vec(),
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
            self.push(Action::AllOutAttack {
                variant,
                strike,
                advance: 0,
            });
        }
    }

    /// An Aim with one weapon mode, unbraced and braced.
    fn aims(&mut self, target: CombatantId, weapon: u8, mode: u8) {
        for braced in [false, true] {
            self.push(Action::Aim {
                target,
                weapon,
                mode,
                braced,
                step: None,
            });
        }
    }

    /// G-GRP-001..003: grabs at the usual holds and at each weapon.
    fn grabs(&mut self, foe: CombatantId) {
        // A body without arms or legs is grabbed by the parts it has: a
        // wolf's foreleg or hind leg (the others are refused and left out).
        for location in [
            Location::Torso,
            Location::Neck,
            Location::RightArm,
            Location::LeftArm,
            Location::RightLeg,
            Location::RightForeleg,
            Location::RightHindleg,
        ] {
            self.push(Action::Grapple(Grapple::Grab {
                target: foe,
                location,
                item: None,
                hands: 2,
                step: None,
            }));
        }
        for item in 0..self.state.fighter(foe).weapons.len() {
            self.push(Action::Grapple(Grapple::Grab {
                target: foe,
                location: Location::Torso,
                item: Some(item as u8),
                hands: 2,
                step: None,
            }));
        }
    }

    /// What a grappler (or a grappled figure) may do with a hold.
    fn grapple_moves(&mut self) {
        for g in [
            Grapple::Takedown,
            Grapple::Pin,
            Grapple::Strangle,
            Grapple::TakeItem,
            Grapple::ForceDrop,
            Grapple::Release,
            Grapple::BreakFree,
        ] {
            self.push(Action::Grapple(g));
        }
    }

    /// G-WAIT-001 / G-STP-001: wait to strike whoever comes in reach.
    fn waits(&mut self) {
        let f = self.state.fighter(self.actor);
        for (wi, w) in f.weapons.iter().enumerate() {
            for mi in 0..w.weapon.modes.len() {
                let response = Response::Attack {
                    weapon: wi as u8,
                    mode: mi as u8,
                    location: Aim::default(),
                    all_out: None,
                };
                for trigger in [Trigger::InReach { foe: None }, Trigger::StopThrust] {
                    self.push(Action::Wait(Wait {
                        trigger,
                        response,
                        step: None,
                    }));
                }
            }
        }
    }

    /// G-JMP-001: jumps straight ahead, standing or after a one-hex run-up.
    fn jumps(&mut self) {
        for run_up in 0..=1 {
            for length in 1..=4 {
                self.push(Action::Jump(Jump { run_up, length }));
            }
        }
    }

    /// Each All-Out Defense: Increased Dodge, Parry, Block, then Double.
    fn all_out_defenses(&mut self) {
        let increased = [DefenseKind::Dodge, DefenseKind::Parry, DefenseKind::Block]
            .map(DefenseVariant::Increased);
        for variant in increased.into_iter().chain([DefenseVariant::Double]) {
            self.push(Action::AllOutDefense {
                variant,
                step: None,
                path: Vec::new(),
            });
        }
    }

    fn postures(&mut self) {
        for p in [
            Posture::Standing,
            Posture::Kneeling,
            Posture::Crouching,
            Posture::Sitting,
            Posture::Crawling,
            Posture::Lying,
        ] {
            self.push(Action::ChangePosture { to: p });
        }
    }

    fn readies(&mut self) {
        for wi in 0..self.state.fighter(self.actor).weapons.len() {
            self.push(Action::Ready { weapon: wi as u8 });
        }
    }

    /// G-CON-001: go on with the spell under way, let a charged one go, or
    /// begin a spell: on each living figure (Regular), on each foe's hex
    /// (Area), or with no subject (Melee, Missile, Information), at its
    /// least and at its most energy.
    fn spells(&mut self) {
        let (state, actor) = (self.state, self.actor);
        let f = state.fighter(actor);
        if f.casting.is_some() {
            self.push(Action::Concentrate(Concentrate::GO_ON));
        }
        self.push(Action::Concentrate(Concentrate {
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
                    self.push(Action::Concentrate(Concentrate::cast(
                        cast.clone().energy(most),
                    )));
                }
                self.push(Action::Concentrate(Concentrate::cast(cast)));
            }
        }
    }
}

/// A Move toward `foe` as the AI would make it, when not already next to it.
pub(crate) fn toward(state: &State, actor: CombatantId, foe: CombatantId) -> Option<Action> {
    let here = state.fighter(actor).pose.pos;
    if here.distance(state.fighter(foe).pose.pos) <= 1 {
        return None;
    }
    crate::ai::approach(state, actor, foe).filter(|a| matches!(a, Action::Move { .. }))
}

/// A step to the free neighbouring hex nearest the foe (the lowest on a
/// tie), facing it, when the strike cannot reach from here.
pub(crate) fn step_into_reach(state: &State, actor: CombatantId, strike: &Strike) -> Option<Step> {
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
