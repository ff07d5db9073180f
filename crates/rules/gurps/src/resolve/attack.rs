//! One attack, from the to-hit roll to the injury (G-TURN-004).

use crate::Gurps;
use crate::action::{AllOutVariant, Strike};
use crate::check::{self, Check, Judged};
use crate::event::Event;
use crate::location::Location;
use crate::resolve::defense::{self, Incoming};
use crate::resolve::injury::{self, Blow, CriticalEffect};
use crate::state::State;
use fray_core::dice::RollKind;
use fray_core::engine::Interrupt;
use fray_core::grid::Arc;
use fray_core::{CombatantId, Ctx, EventSink, ModList, Mods, Oracle};

/// Why a strike cannot be made, or `Ok` with the weapon and mode indices.
pub fn check_strike(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
) -> Result<(usize, usize), String> {
    if !state.exists(strike.target) {
        return Err(format!("there is no combatant {}", strike.target));
    }
    if strike.target == attacker {
        return Err("a combatant cannot attack itself".into());
    }
    let a = state.fighter(attacker);
    let t = state.fighter(strike.target);
    if t.life == crate::state::Life::Dead {
        return Err(format!("{} is dead", t.name));
    }
    let (wi, mi) = (usize::from(strike.weapon), usize::from(strike.mode));
    let w = a
        .weapons
        .get(wi)
        .ok_or_else(|| format!("{} has no weapon {wi}", a.name))?;
    let m = w
        .mode(mi)
        .ok_or_else(|| format!("{} has no attack mode {mi}", w.weapon.name))?;
    if !w.ready {
        return Err(format!("{} is not ready (G-RDY-001)", w.weapon.name));
    }
    if w.is_unbalanced() && w.parried_before_turn {
        return Err(format!(
            "{} is unbalanced and parried since the last turn, so it cannot attack now (G-DEF-005)",
            w.weapon.name
        ));
    }
    if !m.is_melee() {
        return Err(format!(
            "{} {} is a ranged mode; ranged attacks come in a later version",
            w.weapon.name, m.name
        ));
    }
    if let Some(loc) = strike.location.location()
        && !crate::location::may_target(loc, m.damage_type)
    {
        return Err(format!(
            "{} damage cannot target the {loc} (G-LOC-015, G-LOC-012)",
            m.damage_type
        ));
    }
    Ok((wi, mi))
}

/// Whether the target is within the mode's reach and in the attacker's front arc.
pub fn in_reach(
    state: &State,
    attacker: CombatantId,
    target: CombatantId,
    wi: usize,
    mi: usize,
) -> Result<(), String> {
    in_reach_from(
        state,
        attacker,
        state.fighter(attacker).pose,
        target,
        wi,
        mi,
    )
}

/// Why a strike from some pose cannot reach its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OutOfReach {
    /// No such weapon or attack mode.
    NoMode,
    /// Too far or too close for the mode's reach, at this distance.
    Distance(u32),
    /// Not in the attacker's front arc (G-TAC-001).
    NotInFront,
}

/// The reach test behind [`in_reach_from`], without building messages.
fn reach_problem(
    state: &State,
    attacker: CombatantId,
    from: fray_core::grid::Pose,
    target: CombatantId,
    wi: usize,
    mi: usize,
) -> Option<OutOfReach> {
    let a = state.fighter(attacker);
    let t = state.fighter(target);
    let Some(mode) = a.weapons.get(wi).and_then(|w| w.mode(mi)) else {
        return Some(OutOfReach::NoMode);
    };
    let dist = from.pos.distance(t.pose.pos);
    // Reach C strikes the same hex or an adjacent one (decision, docs/rules/gurps.md).
    let close = mode.reaches(0) && dist <= 1;
    // G-POS-007 decision: lying (and crawling, G-POS-006) figures attack at reach C only.
    let reach_ok = if a.posture.close_only() {
        close
    } else {
        close || mode.reaches(dist)
    };
    if !reach_ok {
        return Some(OutOfReach::Distance(dist));
    }
    if dist > 0 && from.arc_of(t.pose.pos) != Some(Arc::Front) {
        return Some(OutOfReach::NotInFront);
    }
    None
}

/// Whether the mode reaches the target from `from` (the AI's quick test).
pub fn reaches_from(
    state: &State,
    attacker: CombatantId,
    from: fray_core::grid::Pose,
    target: CombatantId,
    wi: usize,
    mi: usize,
) -> bool {
    reach_problem(state, attacker, from, target, wi, mi).is_none()
}

/// [`in_reach`] for the attacker standing at `from` (after a step or advance).
pub fn in_reach_from(
    state: &State,
    attacker: CombatantId,
    from: fray_core::grid::Pose,
    target: CombatantId,
    wi: usize,
    mi: usize,
) -> Result<(), String> {
    let t = state.fighter(target);
    match reach_problem(state, attacker, from, target, wi, mi) {
        None => Ok(()),
        Some(OutOfReach::NoMode) => Err("no such weapon or mode".into()),
        Some(OutOfReach::Distance(dist)) => {
            let mode = &state.fighter(attacker).weapons[wi].weapon.modes[mi];
            Err(format!(
                "{} is {dist} yards away; {} reaches {:?}",
                t.name, mode.name, mode.reach
            ))
        }
        Some(OutOfReach::NotInFront) => Err(format!(
            "{} is not in the front arc; attacks go to front hexes (G-TAC-001)",
            t.name
        )),
    }
}

/// The to-hit modifiers of a melee strike (G-ATK-024), as a list for the
/// roll or a [`fray_core::Total`] for weighing options.
pub fn to_hit<M: Mods + Default>(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
    variant: Option<AllOutVariant>,
) -> M {
    let a = state.fighter(attacker);
    let (wi, mi) = (usize::from(strike.weapon), usize::from(strike.mode));
    let skill = a.weapons.get(wi).map_or(a.stats.dx - 5, |w| {
        w.skill.get(mi).copied().unwrap_or(a.stats.dx - 5)
    });
    let mut mods = M::base("skill", skill, "G-ATK-024");
    mods.add("shock", a.shock, "G-INJ-001");
    if variant == Some(AllOutVariant::Determined) {
        mods.add("All-Out Attack (Determined)", 4, "G-AOA-001");
    }
    mods.add("posture", a.posture.attack(), "G-POS-001");
    if let Some(loc) = strike.location.location() {
        mods.add(location_label(loc), loc.aim_penalty(), "G-LOC-002");
    }
    mods
}

fn location_label(loc: Location) -> &'static str {
    match loc {
        Location::Eye => "aim at eye",
        Location::Skull => "aim at skull",
        Location::Face => "aim at face",
        Location::Neck => "aim at neck",
        Location::Torso => "aim at torso",
        Location::Vitals => "aim at vitals",
        Location::Groin => "aim at groin",
        Location::RightArm | Location::LeftArm => "aim at arm",
        Location::RightLeg | Location::LeftLeg => "aim at leg",
        Location::RightHand | Location::LeftHand => "aim at hand",
        Location::RightFoot | Location::LeftFoot => "aim at foot",
        Location::Tail => "aim at tail",
    }
}

/// Resolves one strike: roll, defense, damage (G-TURN-004 steps 1-8).
pub fn resolve<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    attacker: CombatantId,
    strike: Strike,
    variant: Option<AllOutVariant>,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let (wi, mi) = match check_strike(state, attacker, &strike)
        .and_then(|(w, m)| in_reach(state, attacker, strike.target, w, m).map(|_| (w, m)))
    {
        Ok(x) => x,
        Err(why) => {
            // The target moved out of reach (a retreat) or fell: the attack is lost.
            ctx.emit(|| Event::Note {
                text: format!("the attack cannot be made: {why}"),
                rule: "G-TURN-003",
            });
            return Ok(());
        }
    };
    let mods: ModList = to_hit(state, attacker, &strike, variant);
    let target = strike.target;
    {
        let w = &mut state.fighter_mut(attacker).weapons[wi];
        w.attacked = true; // G-DEF-005: an unbalanced weapon that attacked cannot parry.
    }
    // G-EXT-001: no roll at effective skill below 3.
    if mods.total() < 3 {
        ctx.emit(|| Event::Note {
            text: format!(
                "effective skill {} is below 3: the attack cannot succeed",
                mods.total()
            ),
            rule: "G-EXT-001",
        });
        return Ok(());
    }
    let weapon = std::sync::Arc::clone(&state.fighter(attacker).weapons[wi].weapon);
    let r = check::roll_named(
        state,
        ctx,
        Check::new(attacker, "attack", "G-DICE-001"),
        &mods,
        Some(&weapon.name),
    )?;
    let mut aimed = strike.location.location();
    if !r.is_success() {
        // G-LOC-003: missing a small location by exactly 1 hits the torso.
        match aimed {
            Some(loc) if loc.misses_into_torso() && r.margin == -1 => {
                aimed = Some(Location::Torso);
                ctx.emit(|| Event::Note {
                    text: format!("missed the {loc} by 1: the blow lands on the torso"),
                    rule: "G-LOC-003",
                });
            }
            _ => {
                if r.is_critical_failure() {
                    let name = state.fighter(attacker).name.clone();
                    ctx.emit(|| Event::Note { text: format!("{name} critically misses (critical miss table not applied in this version)"), rule: "G-EXT-003" });
                }
                return Ok(());
            }
        }
    }
    let mut critical = CriticalEffect::default();
    if r.is_critical_success() {
        // G-EXT-006: no active defense; roll on the Critical Hit Table.
        let roll = check::dice(
            state,
            ctx,
            Some(attacker),
            RollKind::three_d6(),
            "critical hit table",
            "G-EXT-007",
            None,
        )?;
        critical = injury::critical_hit_effect(roll);
    } else {
        let inc = Incoming::melee(state, attacker, target);
        let a_name = state.fighter(attacker).name.clone();
        let t_name = state.fighter(target).name.clone();
        let weapon = std::sync::Arc::clone(&state.fighter(attacker).weapons[wi].weapon);
        let words = move || format!("{a_name} attacks {t_name} with {}", weapon.name);
        let stopped = defense::defend(state, inc, words, ctx)?;
        if stopped {
            return Ok(());
        }
    }
    let a = state.fighter(attacker);
    let mode = &a.weapons[wi].weapon.modes[mi];
    let dice = mode.damage.dice_for(a.stats.st);
    let bonus = match variant {
        // G-AOA-002 decision: +2 or +1 per die, whichever is larger, for ST-based damage.
        Some(AllOutVariant::Strong) if mode.damage.is_muscle_powered() => {
            Some(("All-Out Attack (Strong)", dice.dice.max(2), "G-AOA-002"))
        }
        _ => None,
    };
    let blow = Blow {
        attacker,
        target,
        dice,
        bonus,
        damage_type: mode.damage_type,
        armor_divisor: mode.armor_divisor,
        aimed,
        critical,
    };
    injury::strike(state, blow, ctx)
}
