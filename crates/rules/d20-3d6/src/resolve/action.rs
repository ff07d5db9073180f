//! The dispatch of a declared action: spend its cost, announce it, carry
//! it out (X-MAN, X-ACT-005).

use crate::model::action::{Action, Strike, Trigger};
use crate::model::event::Event;
use crate::model::sheet::Place;
use crate::model::state::{Condition, State};
use crate::resolve::attack::swing;
use crate::resolve::check::check;
use crate::resolve::life::{drink, first_aid, take_potion};
use crate::resolve::maneuver::{escape, maneuver, overrun_move};
use crate::resolve::mount::{get_off, get_on, ride};
use crate::resolve::movement::{approach, offer_reaction, walk};
use crate::resolve::spell::cast;
use crate::rules::attack::{Mode, Swing};
use crate::rules::geometry::{distance, weapon_reach};
use crate::rules::legal::cost;
use crate::rules::movement::{charge_path, plan};
use crate::{D20, Flow};
use fray_core::{CombatantId, Cx, ModList};

/// The checklist ID an action is announced under.
pub fn rule_of(action: &Action) -> &'static str {
    match action {
        Action::EndTurn => "X-SEQ-005",
        Action::Attack(_) => "X-MAN-001",
        Action::OffhandAttack(_) => "X-MUL-002",
        Action::PreciseStrike(_) => "X-MAN-011",
        Action::Charge { .. } => "X-MAN-006",
        Action::Move { .. } => "X-MAN-004",
        Action::Run { .. } => "X-MAN-005",
        Action::Disengage { .. } => "X-MAN-010",
        Action::PreparedDefense => "X-MAN-008",
        Action::TotalDefense => "X-MAN-009",
        Action::OffhandDefense => "X-MUL-005",
        Action::StandUp { .. } => "X-MAN-012",
        Action::Draw { .. } | Action::Sheathe { .. } => "X-MAN-013",
        Action::Reload { .. } => "X-RNG-010",
        Action::TakePotion { .. } => "X-MAN-015",
        Action::DrinkPotion { .. } => "X-MAN-016",
        Action::GivePotion { .. } => "X-MAN-017",
        Action::FirstAid { .. } => "X-LIF-006",
        Action::Maneuver { kind, .. } => kind.rule(),
        Action::Escape => "X-SPM-004",
        Action::Cast { .. } => "X-MAN-007",
        Action::Ride { .. } => "X-QCK-008",
        Action::Mount | Action::Dismount { .. } => "X-MAN-018",
        Action::OverrunMove { .. } => "X-SPM-006",
    }
}

/// Resolves a checked action.
pub fn resolve(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    let spend = cost(state, actor, action);
    state.turn.actions = state.turn.actions.saturating_sub(spend);
    if cx.narrating() && *action != Action::EndTurn {
        let what = crate::model::words::action(state, actor, action);
        let name = state.fighter(actor).name.clone();
        cx.emit(|| Event::Action {
            who: name.to_string(),
            what,
            rule: rule_of(action),
        });
    }
    let strike = |mode, s: &Strike| Swing {
        attacker: actor,
        mode,
        strike: *s,
    };
    match action {
        Action::EndTurn => {
            state.turn.actions = 0;
            state.turn.mount_actions = 0;
        }
        Action::Attack(s) => {
            // X-MUL-004: a weapon only held in the other hand (for the
            // +1 Defense of X-MUL-005, say) is not two-weapon fighting.
            swing(state, strike(Mode::Single, s), cx)?;
        }
        Action::OffhandAttack(s) => {
            note_two_weapons(state, actor);
            swing(state, strike(Mode::Offhand, s), cx)?;
        }
        Action::PreciseStrike(s) => {
            swing(state, strike(Mode::Precise, s), cx)?;
        }
        Action::Charge { to, strike: s } => {
            let path =
                charge_path(state, actor, *to).map_err(|e| fray_core::Halt::illegal(actor, e))?;
            state.fighter_mut(actor).charged = true;
            if walk(state, actor, &path, true, "charges", cx)? {
                // X-QCK-003: the target may set against the charge first.
                let t = s.target;
                if state.fighter(t).able() {
                    offer_reaction(state, t, actor, Trigger::SetVsCharge { charger: actor }, cx)?;
                }
                if state.fighter(actor).able()
                    && state.fighter(t).life != crate::model::state::Life::Dead
                {
                    swing(state, strike(Mode::Charge, s), cx)?;
                }
            }
        }
        Action::Move { to } => {
            let f = state.fighter(actor);
            let path = plan(
                state,
                actor,
                *to,
                f.stats.move_m,
                f.total_defense,
                "X-MOV-001",
            )
            .map_err(|e| fray_core::Halt::illegal(actor, e))?;
            state.turn.free_draws += 1;
            walk(state, actor, &path, true, "moves", cx)?;
        }
        Action::Run { to } => {
            let f = state.fighter(actor);
            let path = plan(
                state,
                actor,
                *to,
                2 * f.stats.move_m,
                f.total_defense,
                "X-MOV-002",
            )
            .map_err(|e| fray_core::Halt::illegal(actor, e))?;
            // X-MOV-005, X-MOV-006, X-MOV-007: -1d6 to attacks, -4 Defense,
            // distracted for spells (`rules::spell::distracted`).
            state.fighter_mut(actor).ran = true;
            state.turn.free_draws += 1;
            walk(state, actor, &path, true, "runs", cx)?;
        }
        Action::Disengage { to } => {
            let f = state.fighter(actor);
            let path = plan(state, actor, *to, 2, f.total_defense, "X-MAN-010")
                .map_err(|e| fray_core::Halt::illegal(actor, e))?;
            walk(state, actor, &path, false, "disengages", cx)?;
        }
        Action::PreparedDefense => state.fighter_mut(actor).prepared = true,
        Action::TotalDefense => state.fighter_mut(actor).total_defense = true,
        Action::OffhandDefense => state.fighter_mut(actor).offhand_defense = true,
        Action::StandUp { immediate } => {
            if *immediate {
                // X-MAN-012: the Immediate with Acrobatics DC 13.
                state.fighter_mut(actor).immediates -= 1;
                let bonus = ModList::base(
                    "Acrobatics",
                    state.fighter(actor).stats.skills.acrobatics,
                    "X-DAT-003",
                );
                let dc = ModList::base("DC", 13, "X-MAN-012");
                let c = check(state, actor, &bonus, 0, &dc, "stand up", "X-MAN-012", cx)?;
                if c.success {
                    state.fighter_mut(actor).cond.set(Condition::Prone, false);
                }
            } else {
                state.fighter_mut(actor).cond.set(Condition::Prone, false);
            }
        }
        Action::Draw { weapon, offhand } => {
            if spend == 0 {
                state.turn.free_draws = state.turn.free_draws.saturating_sub(1);
            }
            let f = state.fighter_mut(actor);
            let two = f.weapon(*weapon).is_some_and(|a| a.weapon.hands >= 2);
            if *offhand && !two {
                f.off = Some(*weapon);
            } else {
                f.main = Some(*weapon);
            }
            if f.off.is_some() {
                let light = f
                    .off
                    .and_then(|w| f.weapon(w))
                    .is_some_and(|a| a.weapon.light);
                let _ = light;
            }
        }
        Action::Sheathe { weapon } => {
            if spend == 0 {
                state.turn.free_draws = state.turn.free_draws.saturating_sub(1);
            }
            let f = state.fighter_mut(actor);
            if f.main == Some(*weapon) {
                f.main = None;
            }
            if f.off == Some(*weapon) {
                f.off = None;
            }
        }
        Action::Reload { weapon } => {
            state.fighter_mut(actor).unloaded &= !(1 << (*weapon).min(7));
        }
        Action::TakePotion { potion } => take_potion(state, actor, *potion),
        Action::DrinkPotion { potion } => drink(state, actor, *potion, actor, cx)?,
        Action::GivePotion { potion, to } => drink(state, actor, *potion, *to, cx)?,
        Action::FirstAid { patient } => {
            first_aid(state, actor, *patient, cx)?;
        }
        Action::Maneuver { kind, target } => {
            maneuver(state, actor, *kind, *target, cx)?;
        }
        Action::Escape => {
            escape(state, actor, cx)?;
        }
        Action::Cast { spell, target } => {
            cast(state, actor, *spell, *target, cx)?;
        }
        Action::Ride { to } => ride(state, actor, *to, cx)?,
        Action::OverrunMove { to, target } => overrun_move(state, actor, *to, *target, cx)?,
        Action::Mount => get_on(state, actor, cx),
        Action::Dismount { to } => get_off(state, actor, *to, cx),
    }
    let _ = Place::Hand;
    Ok(())
}

/// X-MUL-004: fighting with a heavy weapon in the off hand this turn,
/// from its first off-hand attack on: that attack and every attack after
/// it in the turn, in either hand, take the -3 (`all_attacks`); a
/// main-hand attack made before it, or in a turn with no off-hand attack,
/// does not, since the creature was not (yet) attacking with both.
fn note_two_weapons(state: &mut State, actor: CombatantId) {
    let f = state.fighter(actor);
    if let Some(a) = f.off.and_then(|w| f.weapon(w)) {
        state.turn.heavy_offhand |= !a.weapon.light && f.main.is_some();
    }
}

/// X-CON-005 (4-6): attack the nearest creature, moving to it if needed,
/// with every normal action.
pub fn attack_nearest(
    state: &mut State,
    who: CombatantId,
    actions: u8,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    let Some(near) = state
        .ids()
        .filter(|&o| o != who && state.fighter(o).life != crate::model::state::Life::Dead)
        .min_by_key(|&o| distance(state, who, o))
    else {
        return Ok(());
    };
    let f = state.fighter(who);
    let Some(w) = f.main.or(f.off) else {
        return Ok(());
    };
    let reach = weapon_reach(f, w).unwrap_or(1);
    let mut left = actions;
    if distance(state, who, near) > reach {
        let t = state.fighter(near);
        if let Some((_, path)) = approach(state, who, t.pos, t.edge(), reach, f.stats.move_m) {
            walk(state, who, &path, true, "lurches (confused)", cx)?;
        }
        left = left.saturating_sub(1);
    }
    while left > 0
        && state.fighter(who).able()
        && state.fighter(near).life != crate::model::state::Life::Dead
    {
        if distance(state, who, near) > reach {
            break;
        }
        swing(
            state,
            Swing {
                attacker: who,
                mode: Mode::Single,
                strike: Strike::new(near, w),
            },
            cx,
        )?;
        left -= 1;
    }
    Ok(())
}
