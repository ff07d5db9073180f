//! What may be declared now, with typed refusals naming the rule
//! (X-ACT-001..005, X-MAN, X-MUL, X-SPM, X-RNG-003).

use crate::model::action::{Action, Maneuver, Strike};
use crate::model::data::SpellEffect;
use crate::model::options::LowLevelOption;
use crate::model::sheet::Place;
use crate::model::state::{Condition, Life, State};
use crate::rules::attack::{Mode, Swing, cover, increment, is_ranged};
use crate::rules::geometry::{distance, natural_reach, weapon_reach};
use crate::rules::movement::{charge_path, plan};
use fray_core::grid::SquarePos;
use fray_core::{CombatantId, Illegal};

/// Normal actions an action costs now (X-MAN, X-MAN-014/015 by where the potion is).
pub fn cost(state: &State, actor: CombatantId, action: &Action) -> u8 {
    match action {
        Action::TakePotion { potion } => {
            let f = state.fighter(actor);
            match f.potions.get(usize::from(*potion)).and_then(|p| p.at) {
                Some(Place::Backpack) => 2,
                _ => 1,
            }
        }
        Action::Maneuver { kind, .. } => kind.cost(),
        // X-MAN-013: one free draw or sheathe per Movement or Run action.
        Action::Draw { .. } | Action::Sheathe { .. } if state.turn.free_draws > 0 => 0,
        Action::Escape => state.options.escape_actions,
        // X-MAN-007: the spell's own cost.
        Action::Cast { spell, .. } => state
            .fighter(actor)
            .spells
            .get(usize::from(*spell))
            .map_or(2, |k| k.spell.actions),
        a => a.cost(),
    }
}

fn foe(
    state: &State,
    actor: CombatantId,
    target: CombatantId,
    rule: &'static str,
) -> Result<(), Illegal> {
    if !state.exists(target) || target == actor {
        return Err(Illegal::input(format!("{target} is not another combatant")));
    }
    if state.fighter(target).life == Life::Dead {
        return Err(Illegal::new(
            rule,
            format!("{} is dead", state.fighter(target).name),
        ));
    }
    Ok(())
}

/// X-FLW-001 step 1 for an attack: the weapon in hand, the target within
/// reach or range, a crossbow loaded, Total Defense and the low-level
/// option respected.
pub fn check_strike(
    state: &State,
    actor: CombatantId,
    s: &Strike,
    mode: Mode,
) -> Result<(), Illegal> {
    let o = &*state.options;
    let f = state.fighter(actor);
    foe(state, actor, s.target, "X-FLW-001")?;
    let Some(armed) = f.weapon(s.weapon) else {
        return Err(Illegal::input(format!("no weapon {}", s.weapon)));
    };
    let held = match mode {
        Mode::Offhand => f.off == Some(s.weapon),
        _ => f.holds(s.weapon),
    };
    if !held {
        let rule = if mode == Mode::Offhand {
            "X-MUL-002"
        } else {
            "X-ACT-005"
        };
        return Err(Illegal::new(
            rule,
            format!("{} is not in the right hand", armed.weapon.name),
        ));
    }
    if mode.counted() && f.total_defense && o.total_defense_forbids_attacks {
        return Err(Illegal::new(
            "X-MAN-009",
            "no attacks after Total Defense this turn",
        ));
    }
    if mode.counted() && (s.low_level || state.turn.low_level) {
        if o.low_level_option == LowLevelOption::Off || f.stats.bab >= 6 {
            return Err(Illegal::new(
                "X-MUL-006",
                "the low-level option needs BAB below 6",
            ));
        }
        if state.turn.attacks >= 2
            || (s.low_level && state.turn.attacks > 0 && !state.turn.low_level)
        {
            return Err(Illegal::new(
                "X-MUL-006",
                "the low-level option covers exactly two attacks, chosen from the first",
            ));
        }
    }
    let sw = Swing {
        attacker: actor,
        mode,
        strike: *s,
    };
    let dist = distance(state, actor, s.target);
    if is_ranged(state, &sw) {
        let range = armed.weapon.range_m.unwrap_or(1);
        if increment(dist, range) > o.max_range_increments {
            return Err(Illegal::new(
                "X-RNG-003",
                format!("beyond {} range increments", o.max_range_increments),
            ));
        }
        if armed.weapon.crossbow && f.unloaded & (1 << s.weapon.min(7)) != 0 {
            return Err(Illegal::new("X-RNG-010", "the crossbow must be reloaded"));
        }
        if o.complete_cover_blocks && cover(state, actor, s.target) >= 3 {
            return Err(Illegal::new("X-DEF-009", "the target has complete cover"));
        }
    } else if mode != Mode::Charge {
        let reach = weapon_reach(f, s.weapon).unwrap_or(0);
        if dist > reach {
            return Err(Illegal::new(
                "X-MOV-009",
                format!(
                    "{} is {dist} m away, beyond reach {reach} m",
                    state.fighter(s.target).name
                ),
            ));
        }
    }
    Ok(())
}

/// Checks a declared action.
pub fn check(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
    let o = &*state.options;
    let f = state.fighter(actor);
    let need = cost(state, actor, action);
    if need > state.turn.actions {
        return Err(Illegal::new(
            "X-ACT-001",
            format!("needs {need} actions, {} left", state.turn.actions),
        ));
    }
    let can_move = |rule: &'static str| -> Result<(), Illegal> {
        if f.pinned {
            return Err(Illegal::new("X-CON-014", "pinned: no movement"));
        }
        if f.grappled_by.is_some() && !o.grappled_can_move {
            return Err(Illegal::new("X-CON-013", "grappled: escape first"));
        }
        if f.cond.has(Condition::Prone) {
            return Err(Illegal::new("X-CON-001", "prone: stand up first"));
        }
        let _ = rule;
        Ok(())
    };
    // X-QCK-008: a rider moves only as its mount carries it (Ride).
    let on_foot = |rule: &'static str| -> Result<(), Illegal> {
        can_move(rule)?;
        if state.riding(actor).is_some() {
            return Err(Illegal::new(
                "X-QCK-008",
                "mounted: the mount carries the rider (ride, or dismount first)",
            ));
        }
        Ok(())
    };
    match action {
        Action::EndTurn => Ok(()),
        Action::Attack(s) => check_strike(state, actor, s, Mode::Single),
        Action::OffhandAttack(s) => check_strike(state, actor, s, Mode::Offhand),
        Action::PreciseStrike(s) => check_strike(state, actor, s, Mode::Precise),
        Action::Charge { to, strike } => {
            on_foot("X-MAN-006")?;
            check_strike(state, actor, strike, Mode::Charge)?;
            let path = charge_path(state, actor, *to)?;
            let _ = path;
            let t = state.fighter(strike.target);
            let reach = weapon_reach(f, strike.weapon).unwrap_or(0);
            if crate::rules::geometry::space_distance(*to, f.edge(), t.pos, t.edge()) > reach {
                return Err(Illegal::new(
                    "X-MAN-006",
                    "the charge must end with the target within reach",
                ));
            }
            Ok(())
        }
        Action::Move { to } => {
            on_foot("X-MAN-004")?;
            plan(
                state,
                actor,
                *to,
                f.stats.move_m,
                f.total_defense,
                "X-MOV-001",
            )
            .map(|_| ())
        }
        Action::Run { to } => {
            on_foot("X-MAN-005")?;
            plan(
                state,
                actor,
                *to,
                2 * f.stats.move_m,
                f.total_defense,
                "X-MOV-002",
            )
            .map(|_| ())
        }
        Action::Disengage { to } => {
            on_foot("X-MAN-010")?;
            if f.pos.distance(*to) != 1 {
                return Err(Illegal::new("X-MAN-010", "Disengage moves exactly 1 m"));
            }
            plan(state, actor, *to, 2, f.total_defense, "X-MAN-010").map(|_| ())
        }
        Action::PreparedDefense => {
            if f.prepared && !o.prep_defense_stack {
                return Err(Illegal::new("X-MAN-008", "Prepared Defense once a turn"));
            }
            Ok(())
        }
        Action::TotalDefense => {
            if state.turn.attacks > 0 && o.total_defense_forbids_attacks {
                return Err(Illegal::new(
                    "X-MAN-009",
                    "no Total Defense after attacking",
                ));
            }
            Ok(())
        }
        Action::OffhandDefense => {
            if f.off.is_none() || state.turn.offhand_attack || f.offhand_defense {
                return Err(Illegal::new(
                    "X-MUL-005",
                    "needs an off-hand weapon not used to attack this turn",
                ));
            }
            Ok(())
        }
        Action::StandUp { immediate } => {
            if !f.cond.has(Condition::Prone) {
                return Err(Illegal::new("X-MAN-012", "not prone"));
            }
            if *immediate && (f.immediates == 0 || !crate::rules::turn::may_interrupt(f, o)) {
                return Err(Illegal::new("X-ACT-002", "no Immediate action left"));
            }
            Ok(())
        }
        Action::Draw { weapon, offhand } => {
            let Some(a) = f.weapon(*weapon) else {
                return Err(Illegal::input(format!("no weapon {weapon}")));
            };
            if f.holds(*weapon) {
                return Err(Illegal::new("X-MAN-013", "already in hand"));
            }
            let two = a.weapon.hands >= 2;
            let free = if two {
                f.main.is_none() && f.off.is_none() && !f.shield
            } else if *offhand {
                f.off.is_none() && !f.shield
            } else {
                f.main.is_none()
            };
            if !free {
                return Err(Illegal::new("X-MAN-013", "no free hand"));
            }
            Ok(())
        }
        Action::Sheathe { weapon } => {
            if !f.holds(*weapon) {
                return Err(Illegal::new("X-MAN-013", "not in hand"));
            }
            Ok(())
        }
        Action::Reload { weapon } => {
            let ok = f.weapon(*weapon).is_some_and(|a| a.weapon.crossbow)
                && f.unloaded & (1 << (*weapon).min(7)) != 0;
            if !ok {
                return Err(Illegal::new("X-RNG-010", "nothing to reload"));
            }
            Ok(())
        }
        Action::TakePotion { potion } => {
            match f.potions.get(usize::from(*potion)).and_then(|p| p.at) {
                Some(Place::Belt) | Some(Place::Backpack) => Ok(()),
                _ => Err(Illegal::new(
                    "X-MAN-015",
                    "no such potion on the belt or in the pack",
                )),
            }
        }
        Action::DrinkPotion { potion } => {
            match f.potions.get(usize::from(*potion)).and_then(|p| p.at) {
                Some(Place::Hand) => Ok(()),
                _ => Err(Illegal::new("X-MAN-016", "the potion must be in hand")),
            }
        }
        Action::GivePotion { potion, to } => {
            if f.potions.get(usize::from(*potion)).and_then(|p| p.at) != Some(Place::Hand) {
                return Err(Illegal::new("X-MAN-017", "the potion must be in hand"));
            }
            if !state.exists(*to) || *to == actor || distance(state, actor, *to) > 1 {
                return Err(Illegal::new("X-MAN-017", "the drinker must be adjacent"));
            }
            let t = state.fighter(*to);
            if t.life == Life::Dead || (state.foes(actor, *to) && !t.helpless()) {
                return Err(Illegal::new(
                    "X-MAN-017",
                    "the drinker must be willing or helpless",
                ));
            }
            Ok(())
        }
        Action::FirstAid { patient } => {
            if !state.exists(*patient) || *patient == actor || distance(state, actor, *patient) > 1
            {
                return Err(Illegal::new("X-LIF-006", "the patient must be adjacent"));
            }
            let p = state.fighter(*patient);
            if p.hp > 0 || p.life == Life::Dead {
                return Err(Illegal::new(
                    "X-LIF-006",
                    "First Aid helps at 0 HP or dying",
                ));
            }
            Ok(())
        }
        Action::Maneuver { kind, target } => {
            foe(state, actor, *target, kind.rule())?;
            if *kind != Maneuver::Feint
                && *kind != Maneuver::Overrun
                && o.maneuvers_use_attack_progression
                && f.total_defense
                && o.total_defense_forbids_attacks
            {
                return Err(Illegal::new(
                    "X-MAN-009",
                    "no attacks after Total Defense this turn",
                ));
            }
            let reach = crate::rules::geometry::best_reach(f)
                .unwrap_or(0)
                .max(natural_reach(f));
            if distance(state, actor, *target) > reach {
                return Err(Illegal::new(kind.rule(), "the target must be within reach"));
            }
            if *kind == Maneuver::Overrun {
                on_foot("X-SPM-006")?;
            }
            // X-QCK-008 (decision): rider and mount move as one, so a
            // mounted rider neither pushes, trips nor overruns, nor is
            // pushed, tripped or overrun: those go to the mount.
            let moves = matches!(
                kind,
                Maneuver::BullRush | Maneuver::Trip | Maneuver::Overrun
            );
            if moves && state.riding(actor).is_some() {
                return Err(Illegal::new(
                    "X-QCK-008",
                    "a mounted rider cannot make this maneuver",
                ));
            }
            if moves && state.riding(*target).is_some() {
                return Err(Illegal::new(
                    "X-QCK-008",
                    "the target is mounted: aim the maneuver at its mount",
                ));
            }
            if *kind == Maneuver::Disarm && {
                let t = state.fighter(*target);
                t.main.is_none() && t.off.is_none()
            } {
                return Err(Illegal::new("X-SPM-001", "the target holds no weapon"));
            }
            Ok(())
        }
        Action::Escape => {
            if f.grappled_by.is_none() {
                return Err(Illegal::new("X-SPM-004", "not grappled"));
            }
            Ok(())
        }
        Action::Cast { spell, target } => check_cast(state, actor, *spell, *target),
        Action::Ride { to } => check_ride(state, actor, *to),
        Action::OverrunMove { to, target } => {
            foe(state, actor, *target, "X-SPM-006")?;
            on_foot("X-SPM-006")?;
            if state.riding(*target).is_some() {
                return Err(Illegal::new(
                    "X-QCK-008",
                    "the target is mounted: aim the maneuver at its mount",
                ));
            }
            crate::rules::movement::overrun_path(state, actor, *to, *target).map(|_| ())
        }
        Action::Mount => {
            can_move("X-MAN-018")?;
            let Some(m) = f.steed else {
                return Err(Illegal::new("X-MAN-018", "has no mount"));
            };
            if f.mounted {
                return Err(Illegal::new("X-MAN-018", "already mounted"));
            }
            let mf = state.fighter(m);
            if !mf.able() || mf.cond.has(Condition::Prone) {
                return Err(Illegal::new(
                    "X-MAN-018",
                    format!("{} cannot carry a rider now", mf.name),
                ));
            }
            if distance(state, actor, m) > 1 {
                return Err(Illegal::new(
                    "X-MAN-018",
                    format!("{} must be adjacent", mf.name),
                ));
            }
            Ok(())
        }
        Action::Dismount { to } => {
            can_move("X-MAN-018")?;
            let Some(m) = state.riding(actor) else {
                return Err(Illegal::new("X-MAN-018", "not mounted"));
            };
            let (mf, e) = (state.fighter(m), f.stats.size.edge());
            let free = crate::rules::geometry::fits(state, *to, e)
                && crate::rules::geometry::occupant(state, *to, e, actor).is_none();
            if crate::rules::geometry::space_distance(*to, e, mf.pos, mf.space) != 1 || !free {
                return Err(Illegal::new(
                    "X-MAN-018",
                    format!("{to} is not a free square beside the mount"),
                ));
            }
            Ok(())
        }
    }
}

/// X-QCK-008: a Ride spends one of the mount's actions left this turn on
/// a path of up to the mount's base Move; the mount must be able to move.
pub fn check_ride(state: &State, actor: CombatantId, to: SquarePos) -> Result<(), Illegal> {
    let Some(m) = state.riding(actor) else {
        return Err(Illegal::new("X-QCK-008", "not mounted"));
    };
    if state.turn.mount_actions == 0 {
        return Err(Illegal::new(
            "X-QCK-008",
            "the mount has no actions left this turn",
        ));
    }
    let f = state.fighter(actor);
    if f.pinned || (f.grappled_by.is_some() && !state.options.grappled_can_move) {
        return Err(Illegal::new("X-CON-013", "grappled: escape first"));
    }
    let mf = state.fighter(m);
    if !mf.able() || mf.cond.has(Condition::Prone) || mf.pinned || mf.grappled_by.is_some() {
        return Err(Illegal::new(
            "X-QCK-008",
            format!("{} cannot move now", mf.name),
        ));
    }
    plan(state, m, to, mf.stats.move_m, mf.total_defense, "X-QCK-008").map(|_| ())
}

/// X-MAN-007: a spell known with casts left, at a living creature within
/// its range; damage at a foe, healing at an ally or oneself.
pub fn check_cast(
    state: &State,
    actor: CombatantId,
    spell: u8,
    target: CombatantId,
) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    let Some(k) = f.spells.get(usize::from(spell)) else {
        return Err(Illegal::input(format!("no spell {spell}")));
    };
    if k.left == Some(0) {
        return Err(Illegal::new(
            "X-MAN-007",
            format!("no casts of {} left", k.spell.name),
        ));
    }
    if !state.exists(target) {
        return Err(Illegal::input(format!("{target} is not a combatant")));
    }
    let t = state.fighter(target);
    if t.life == Life::Dead {
        return Err(Illegal::new("X-MAN-007", format!("{} is dead", t.name)));
    }
    match k.spell.effect {
        SpellEffect::Damage if !state.foes(actor, target) => {
            return Err(Illegal::new(
                "X-MAN-007",
                format!("{} is meant for foes", k.spell.name),
            ));
        }
        SpellEffect::Heal if state.foes(actor, target) => {
            return Err(Illegal::new(
                "X-MAN-007",
                format!("{} is meant for allies", k.spell.name),
            ));
        }
        _ => {}
    }
    let dist = if target == actor {
        0
    } else {
        distance(state, actor, target)
    };
    if dist > k.spell.range_m {
        return Err(Illegal::new(
            "X-MAN-007",
            format!(
                "{} is {dist} m away, beyond the {} m of {}",
                t.name, k.spell.range_m, k.spell.name
            ),
        ));
    }
    Ok(())
}
