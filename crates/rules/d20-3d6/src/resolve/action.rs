//! The dispatch of a declared action: spend its cost, announce it, carry
//! it out (X-MAN, X-ACT-005).

use crate::model::action::{Action, Strike, Trigger};
use crate::model::event::Declared;
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
use fray_core::grid::SquarePos;
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

/// Resolves a checked action: spends its cost, announces it, then carries
/// it out, one named step per kind of action.
pub fn resolve(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    let spend = cost(state, actor, action);
    state.turn.actions = state.turn.actions.saturating_sub(spend);
    announce(state, actor, action, cx);
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
        Action::Charge { to, strike: s } => charge(state, actor, *to, strike(Mode::Charge, s), cx)?,
        Action::Move { to } => move_to(state, actor, *to, Pace::Move, cx)?,
        Action::Run { to } => move_to(state, actor, *to, Pace::Run, cx)?,
        Action::Disengage { to } => move_to(state, actor, *to, Pace::Disengage, cx)?,
        Action::PreparedDefense => state.fighter_mut(actor).prepared = true,
        Action::TotalDefense => state.fighter_mut(actor).total_defense = true,
        Action::OffhandDefense => state.fighter_mut(actor).offhand_defense = true,
        Action::StandUp { immediate } => stand_up(state, actor, *immediate, cx)?,
        Action::Draw { weapon, offhand } => draw(state, actor, *weapon, *offhand, spend),
        Action::Sheathe { weapon } => sheathe(state, actor, *weapon, spend),
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
    Ok(())
}

/// Tells the action declared (narration only; ending the turn is not told).
fn announce(state: &State, actor: CombatantId, action: &Action, cx: &mut impl Cx<D20>) {
    if cx.narrating() && *action != Action::EndTurn {
        let what = crate::model::words::action(state, actor, action);
        let name = &*state.fighter(actor).name;
        cx.emit(|| {
            Declared {
                who: name.to_string(),
                what,
                rule: rule_of(action),
            }
            .into()
        });
    }
}

/// X-MAN-006: the charge's straight path, then (if it got there) the
/// target's set against the charge (X-QCK-003) and the swing.
fn charge(
    state: &mut State,
    actor: CombatantId,
    to: SquarePos,
    sw: Swing,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    let path = charge_path(state, actor, to).map_err(|e| fray_core::Halt::illegal(actor, e))?;
    state.fighter_mut(actor).charged = true;
    if walk(state, actor, &path, true, "charges", cx)? {
        // X-QCK-003: the target may set against the charge first.
        let t = sw.strike.target;
        if state.fighter(t).able() {
            offer_reaction(state, t, actor, Trigger::SetVsCharge { charger: actor }, cx)?;
        }
        if state.fighter(actor).able() && state.fighter(t).life != crate::model::state::Life::Dead {
            swing(state, sw, cx)?;
        }
    }
    Ok(())
}

/// The three ways of moving on foot.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pace {
    /// X-MAN-004: up to Move.
    Move,
    /// X-MAN-005: up to twice Move.
    Run,
    /// X-MAN-010: 1 m without provoking.
    Disengage,
}

/// X-MAN-004/005/010: moves along a planned path; a Move or Run allows a
/// free draw (X-MAN-013), a Run marks the runner (X-MOV-005..007).
fn move_to(
    state: &mut State,
    actor: CombatantId,
    to: SquarePos,
    pace: Pace,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    let f = state.fighter(actor);
    let (allowance, rule) = match pace {
        Pace::Move => (f.stats.move_m, "X-MOV-001"),
        Pace::Run => (2 * f.stats.move_m, "X-MOV-002"),
        Pace::Disengage => (2, "X-MAN-010"),
    };
    let path = plan(state, actor, to, allowance, f.total_defense, rule)
        .map_err(|e| fray_core::Halt::illegal(actor, e))?;
    match pace {
        Pace::Move => {
            state.turn.free_draws += 1;
            walk(state, actor, &path, true, "moves", cx)?;
        }
        Pace::Run => {
            // X-MOV-005, X-MOV-006, X-MOV-007: -1d6 to attacks, -4 Defense,
            // distracted for spells (`rules::spell::distracted`).
            state.fighter_mut(actor).ran = true;
            state.turn.free_draws += 1;
            walk(state, actor, &path, true, "runs", cx)?;
        }
        Pace::Disengage => {
            walk(state, actor, &path, false, "disengages", cx)?;
        }
    }
    Ok(())
}

/// X-MAN-012: standing up; as the Immediate, with Acrobatics DC 13.
fn stand_up(
    state: &mut State,
    actor: CombatantId,
    immediate: bool,
    cx: &mut impl Cx<D20>,
) -> Flow<()> {
    if immediate {
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
    Ok(())
}

/// X-MAN-013: a draw into the off hand (one-handed) or the main hand;
/// free (`spend` 0) uses up the movement's free draw.
fn draw(state: &mut State, actor: CombatantId, weapon: u8, offhand: bool, spend: u8) {
    if spend == 0 {
        state.turn.free_draws = state.turn.free_draws.saturating_sub(1);
    }
    let f = state.fighter_mut(actor);
    let two = f.weapon(weapon).is_some_and(|a| a.weapon.hands >= 2);
    if offhand && !two {
        f.off = Some(weapon);
    } else {
        f.main = Some(weapon);
    }
}

/// X-MAN-013: sheathing a weapon from either hand; free as a draw is.
fn sheathe(state: &mut State, actor: CombatantId, weapon: u8, spend: u8) {
    if spend == 0 {
        state.turn.free_draws = state.turn.free_draws.saturating_sub(1);
    }
    let f = state.fighter_mut(actor);
    if f.main == Some(weapon) {
        f.main = None;
    }
    if f.off == Some(weapon) {
        f.off = None;
    }
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
