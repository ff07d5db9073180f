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

/// The legal actions of `actor` now: ending the turn, then each kind of
/// action in a fixed order, every entry once.
pub fn actions(state: &State, actor: CombatantId) -> Vec<Action> {
    let mut menu = Menu {
        state,
        actor,
        menu: vec![Action::EndTurn],
    };
    let f = state.fighter(actor);
    let foes: Vec<CombatantId> = state
        .ids()
        .filter(|&o| state.foes(actor, o) && state.fighter(o).life != Life::Dead)
        .collect();
    let held: Vec<u8> = [f.main, f.off].into_iter().flatten().collect();
    menu.strikes(&foes, &held);
    menu.approaches(&foes, &held);
    for n in f.pos.neighbours() {
        menu.push(Action::Disengage { to: n });
    }
    menu.overruns(&foes);
    menu.riding(&foes);
    menu.push(Action::Mount);
    for a in [
        Action::PreparedDefense,
        Action::TotalDefense,
        Action::OffhandDefense,
        Action::StandUp { immediate: false },
        Action::StandUp { immediate: true },
        Action::Escape,
    ] {
        menu.push(a);
    }
    menu.gear();
    menu.care();
    menu.menu
}

/// The menu being built: each entry offered is kept when legal and new.
struct Menu<'s> {
    /// The fight.
    state: &'s State,
    /// Whose menu.
    actor: CombatantId,
    /// The entries kept.
    menu: Vec<Action>,
}

impl Menu<'_> {
    /// Keeps `a` when it passes `check` and is not listed yet.
    fn push(&mut self, a: Action) {
        if check(self.state, self.actor, &a).is_ok() && !self.menu.contains(&a) {
            self.menu.push(a);
        }
    }

    /// Every attack with each weapon in hand at each foe, with each of its
    /// options, then the special maneuvers at each foe.
    fn strikes(&mut self, foes: &[CombatantId], held: &[u8]) {
        for &t in foes {
            for &w in held {
                let s = Strike::new(t, w);
                self.push(Action::Attack(s));
                self.push(Action::Attack(Strike {
                    trust_to_luck: true,
                    ..s
                }));
                self.push(Action::Attack(Strike {
                    low_level: true,
                    ..s
                }));
                self.push(Action::Attack(Strike {
                    nonlethal: true,
                    ..s
                }));
                self.push(Action::Attack(Strike { dex: true, ..s }));
                self.push(Action::OffhandAttack(s));
                self.push(Action::PreciseStrike(s));
            }
            for kind in [
                Maneuver::Disarm,
                Maneuver::Feint,
                Maneuver::BullRush,
                Maneuver::Grapple,
                Maneuver::Trip,
                Maneuver::Overrun,
            ] {
                self.push(Action::Maneuver { kind, target: t });
            }
        }
    }

    /// Charges, Moves and Runs toward each foe, to within each held
    /// weapon's reach.
    fn approaches(&mut self, foes: &[CombatantId], held: &[u8]) {
        let (state, actor) = (self.state, self.actor);
        let f = state.fighter(actor);
        for &t in foes {
            let tf = state.fighter(t);
            for &w in held {
                let Some(reach) = weapon_reach(f, w) else {
                    continue;
                };
                if let Some((to, _)) =
                    approach(state, actor, tf.pos, tf.edge(), reach, f.stats.move_m)
                {
                    self.push(Action::Charge {
                        to,
                        strike: Strike::new(t, w),
                    });
                    self.push(Action::Move { to });
                }
                if let Some((to, _)) =
                    approach(state, actor, tf.pos, tf.edge(), reach, 2 * f.stats.move_m)
                {
                    self.push(Action::Run { to });
                }
            }
        }
    }

    /// X-SPM-006: a straight run over each foe, to the first free square
    /// past it.
    fn overruns(&mut self, foes: &[CombatantId]) {
        let (state, actor) = (self.state, self.actor);
        let f = state.fighter(actor);
        for &t in foes {
            let (dx, dy) = crate::rules::geometry::toward(f.pos, state.fighter(t).pos);
            for k in 1..=f.stats.move_m as i32 {
                let to = SquarePos::new(f.pos.x + i32::from(dx) * k, f.pos.y + i32::from(dy) * k);
                if crate::rules::movement::overrun_path(state, actor, to, t).is_ok() {
                    self.push(Action::OverrunMove { to, target: t });
                    break;
                }
            }
        }
    }

    /// X-QCK-008: rides toward each foe; X-MAN-018: getting off.
    fn riding(&mut self, foes: &[CombatantId]) {
        let (state, actor) = (self.state, self.actor);
        let f = state.fighter(actor);
        let Some(m) = state.riding(actor) else {
            return;
        };
        let mf = state.fighter(m);
        if let Some(reach) = crate::rules::geometry::best_reach(f) {
            for &t in foes {
                let tf = state.fighter(t);
                if let Some((to, _)) = approach(state, m, tf.pos, tf.edge(), reach, mf.stats.move_m)
                {
                    self.push(Action::Ride { to });
                }
            }
        }
        if let Some(to) = crate::resolve::saddle::landing(state, actor) {
            self.push(Action::Dismount { to });
        }
    }

    /// Drawing (either hand), sheathing and reloading each weapon.
    fn gear(&mut self) {
        for w in 0..self.state.fighter(self.actor).weapons.len() as u8 {
            self.push(Action::Draw {
                weapon: w,
                offhand: false,
            });
            self.push(Action::Draw {
                weapon: w,
                offhand: true,
            });
            self.push(Action::Sheathe { weapon: w });
            self.push(Action::Reload { weapon: w });
        }
    }

    /// Potions taken, drunk and given, First Aid, and X-MAN-007: every
    /// spell at every creature it may reach.
    fn care(&mut self) {
        let (state, actor) = (self.state, self.actor);
        let f = state.fighter(actor);
        for p in 0..f.potions.len() as u8 {
            self.push(Action::TakePotion { potion: p });
            self.push(Action::DrinkPotion { potion: p });
            for o in state.ids() {
                self.push(Action::GivePotion { potion: p, to: o });
            }
        }
        for o in state.ids() {
            self.push(Action::FirstAid { patient: o });
        }
        for spell in 0..f.spells.len() as u8 {
            for target in state.ids() {
                self.push(Action::Cast { spell, target });
            }
        }
    }
}
