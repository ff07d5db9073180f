//! One attack, from the to-hit roll to the injury (G-TURN-004).

use crate::Flow;
use crate::Gurps;
use crate::model::action::{AllOutVariant, Strike};
use crate::model::data::Unarmed;
use crate::model::location::Location;
use crate::model::state::State;
use crate::resolve::check::{self, Check, Judged, Level};
use crate::resolve::defense::{self};
use crate::resolve::injury::{self};
use crate::resolve::say;
use crate::resolve::sequence::{self, Landed, Nth, Through};
use crate::resolve::{critical, effort, ranged};
use crate::rules::attack::{
    How, Landing, Multi, check_strike_but_floor, deceptive_floor, into_close, reach_problem,
    reach_refusal, to_hit,
};
use crate::rules::defense::Incoming;
use crate::rules::injury::{Blow, CriticalEffect};
use fray_core::dice::RollKind;
use fray_core::dice::systems::gurps::{SuccessRoll, Winner, quick_contest};
use fray_core::{CombatantId, Cx, ModList};

/// Resolves one strike: roll, defense, damage (G-TURN-004 steps 1-8).
pub fn resolve(
    state: &mut State,
    attacker: CombatantId,
    strike: Strike,
    how: How,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    resolve_nth(state, attacker, strike, how, None, Since::Changed, cx)
}

/// What may have changed between the maneuver's declaration and one of its
/// strikes, which decides whether resolution checks the strike again
/// (G-TURN-003: a strike that can no longer be made is lost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Since {
    /// Nothing the strike's checks read: the maneuver's first strike, with
    /// no step (or only quiet ones, [`crate::resolve::movement::Stepped`]:
    /// the declaration tested the reach from the pose after them), advance,
    /// feint or Rapid Recovery before it. Every declared
    /// action is checked before it is resolved (the engine and the exact
    /// odds call `check_action` first, or trust the AI's own check,
    /// [`fray_core::Engine::AI_ACTIONS_ARE_LEGAL`]), and that check made
    /// the strike's checks ([`check_strike_as`]: the target, the weapon,
    /// the location, the options) and the reach test from the pose the
    /// strike is made from. What resolution does before such a strike
    /// (resetting `moved`, the rolls to stay up, abandoning a spell under
    /// way, the stance) touches nothing they read, so resolution takes
    /// their answer as it was; debug builds check the strike again and
    /// panic on a difference.
    ///
    /// [`check_strike_as`]: crate::rules::attack::check_strike_as
    Declared,
    /// Anything may have changed (a step, a move, an earlier strike, a
    /// Wait going off, extra effort paid): the strike is checked again.
    Changed,
}

/// [`resolve`] for strike `nth` of the attacker's own maneuver: its stages
/// are resume points for the exact odds ([`sequence`]). `since` says
/// whether the strike's checks must run again ([`Since`]).
pub(crate) fn resolve_nth(
    state: &mut State,
    attacker: CombatantId,
    strike: Strike,
    how: How,
    nth: Nth,
    since: Since,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    // Rapid Recovery readies the weapon and pays for it: checked again.
    let declared = since == Since::Declared && !strike.rapid_recovery;
    let strike = rapid_recovery(state, attacker, strike, cx)?;
    let Some(((wi, mi), kept)) = still_possible(state, attacker, &strike, how, declared, cx) else {
        return Ok(());
    };
    let mods = pay_effort(state, attacker, &strike, how, kept, cx)?;
    // G-DEF-005: an unbalanced weapon that attacked cannot parry.
    state.fighter_mut(attacker).weapons[wi].set_attacked(true);
    // G-EXT-001: no roll at effective skill below 3.
    if mods.total() < 3 {
        cx.note("G-EXT-001", || {
            format!(
                "effective skill {} is below 3: the attack cannot succeed",
                mods.total()
            )
        });
        return Ok(());
    }
    let (r, is_ranged) = attack_roll(state, attacker, &strike, how, (wi, mi), &mods, cx)?;
    let target = strike.target;
    let mut aimed = strike.location.location();
    if !r.is_success() {
        // G-LOC-003: missing a small location by exactly 1 hits the torso;
        // G-EXT-003: a critical failure (18 at 17) never hits.
        match aimed {
            Some(loc) if loc.misses_into_torso() && r.margin == -1 && !r.is_critical_failure() => {
                aimed = Some(Location::Torso);
                cx.note("G-LOC-003", || {
                    format!("missed the {loc} by 1: the blow lands on the torso")
                });
            }
            _ => {
                return missed(
                    state,
                    attacker,
                    &strike,
                    (wi, mi, how),
                    nth,
                    (&r, is_ranged),
                    cx,
                );
            }
        }
    }
    let landing = Landing {
        strike: Strike {
            location: aimed.map_or(
                crate::model::action::Aim::Random,
                crate::model::action::Aim::At,
            ),
            ..strike
        },
        wi,
        mi,
        how,
        critical: r.is_critical_success(),
        into_close: into_close(state, attacker, target),
    };
    land(state, attacker, landing, nth, cx)
}

/// G-EFF-001: Rapid Recovery readies the strike's weapon and pays 1 FP
/// for it; the strike is then checked as a plain one.
fn rapid_recovery(
    state: &mut State,
    attacker: CombatantId,
    strike: Strike,
    cx: &mut impl Cx<Gurps>,
) -> Flow<Strike> {
    if strike.rapid_recovery
        && let Some(w) = state
            .fighter_mut(attacker)
            .weapons
            .get_mut(usize::from(strike.weapon))
        && !w.ready()
        && w.dropped_at.is_none()
    {
        w.set_ready(true);
        effort::spend(state, attacker, 1, "Rapid Recovery", "G-EFF-001", cx)?;
    }
    // Readied now (or it was not needed).
    Ok(Strike {
        rapid_recovery: false,
        ..strike
    })
}

/// The strike's weapon and mode if it can still be made, and the to-hit
/// modifiers when a Deceptive Attack's floor (G-ATK-001) needed them;
/// `None`, with a note, when it cannot (the target moved out of reach or
/// fell). The checks before the floor are `check_strike_as`'s, the reach
/// test [`in_reach`]'s, worded only when it refuses; both made at the
/// declaration for a [`Since::Declared`] strike. The terms of the
/// modifiers are built only when told (the simulator adds integers).
fn still_possible(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
    declared: bool,
    cx: &mut impl Cx<Gurps>,
) -> Option<((usize, usize), Option<Level>)> {
    let mut mods = None;
    let checks = if declared {
        declared_strike(state, attacker, strike, how)
    } else {
        check_strike_but_floor(state, attacker, strike, how)
    };
    let checked = checks.and_then(|found| {
        if strike.deceptive > 0 {
            let level = Level::new(
                cx,
                || to_hit(state, attacker, strike, how),
                || to_hit(state, attacker, strike, how),
            );
            let floor = deceptive_floor(level.total());
            mods = Some(level);
            floor?;
        }
        Ok(found)
    });
    let reached = checked.and_then(|(w, m)| {
        if declared {
            return Ok((w, m));
        }
        let from = state.fighter(attacker).pose;
        match reach_problem(state, attacker, from, strike.target, w, m) {
            None => Ok((w, m)),
            Some(problem) => Err(reach_refusal(
                state,
                attacker,
                strike.target,
                (w, m),
                problem,
            )),
        }
    });
    match reached {
        Ok(found) => Some((found, mods)),
        Err(why) => {
            cx.note("G-TURN-003", || format!("the attack cannot be made: {why}"));
            None
        }
    }
}

/// Extra effort for the strike (G-EFF-002 Mighty Blow, G-EFF-006 Flurry
/// of Blows) paid, and the to-hit modifiers: those `kept` from the checks
/// unless paying (which may cost HP) changed them.
fn pay_effort(
    state: &mut State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
    kept: Option<Level>,
    cx: &mut impl Cx<Gurps>,
) -> Flow<Level> {
    let mut mods = kept;
    if strike.mighty_blow {
        effort::spend(state, attacker, 1, "Mighty Blow", "G-EFF-002", cx)?;
        mods = None;
    }
    if let Some(Multi::Rapid { flurry: true }) = how.multi {
        effort::spend(state, attacker, 1, "Flurry of Blows", "G-EFF-006", cx)?;
        mods = None;
    }
    Ok(match mods {
        Some(kept) => kept,
        None => Level::new(
            cx,
            || to_hit(state, attacker, strike, how),
            || to_hit(state, attacker, strike, how),
        ),
    })
}

/// The attack roll (G-DICE-001), what a critical failure under extra
/// effort strains (G-EFF-001), and the shot spent; and whether the mode
/// is ranged.
fn attack_roll(
    state: &mut State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
    (wi, mi): (usize, usize),
    mods: &Level,
    cx: &mut impl Cx<Gurps>,
) -> Flow<(SuccessRoll, bool)> {
    let telegraphic = if strike.telegraphic { 4 } else { 0 };
    let mut check = Check::new(attacker, "attack", "G-DICE-001")
        .critical_excluded(telegraphic)
        .outcome_only(&[0, -1]);
    // The mode's kind is the weapon's fixed data: read once for the strike.
    let is_ranged = state.fighter(attacker).weapons[wi].is_ranged(mi);
    if is_ranged {
        check = check.ranged();
    }
    // The weapon's name, borrowed for the record (an `Arc` cloned here
    // cost two atomic operations a strike, told or not).
    let weapon = &state.fighter(attacker).weapons[wi].weapon.name;
    let r = check::roll_level(state, cx, check, mods, Some(weapon))?;
    let extra_effort =
        strike.mighty_blow || matches!(how.multi, Some(Multi::Rapid { flurry: true }));
    if r.is_critical_failure() && extra_effort {
        effort::strained(state, attacker, effort::Limb::Arm, cx)?;
    }
    if is_ranged {
        let at = state.fighter(strike.target).pose.pos;
        ranged::spend_shot(state, attacker, wi, mi, at);
    }
    Ok((r, is_ranged))
}

/// A miss: G-EXT-003's critical miss (counted for the simulator's tally),
/// what missing costs, and where the blow goes on (into a close combat,
/// or a stray shot).
fn missed(
    state: &mut State,
    attacker: CombatantId,
    strike: &Strike,
    (wi, mi, how): (usize, usize, How),
    nth: Nth,
    (r, is_ranged): (&SuccessRoll, bool),
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if r.is_critical_failure() {
        state.fighter_mut(attacker).record.critical_misses += 1;
        let failed = critical::Failed::Attack(wi, mi, is_ranged);
        critical::critical_miss(state, attacker, failed, cx)?;
    }
    miss_effects(state, attacker, wi, cx)?;
    if into_close(state, attacker, strike.target) {
        crowd(state, attacker, strike, (wi, mi, how), nth, cx)?;
    } else if is_ranged {
        stray(state, attacker, strike, how, nth, cx)?;
    }
    Ok(())
}

/// The weapon and mode of a strike checked at its maneuver's declaration,
/// with nothing changed since ([`Since::Declared`]): the answer
/// [`check_strike_but_floor`] and the reach test gave then. Debug builds
/// make both again and panic on a difference.
#[inline]
fn declared_strike(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
) -> Result<(usize, usize), fray_core::Illegal> {
    let found = (usize::from(strike.weapon), usize::from(strike.mode));
    if cfg!(debug_assertions) {
        if let Err(why) = check_strike_but_floor(state, attacker, strike, how) {
            panic!("a strike checked at its declaration is refused at its resolution: {why}");
        }
        let from = state.fighter(attacker).pose;
        let out = reach_problem(state, attacker, from, strike.target, found.0, found.1);
        assert_eq!(
            out, None,
            "a strike in reach at its declaration is out of reach at its resolution"
        );
    }
    Ok(found)
}

/// G-CC-009: an attack into a close combat that missed or was dodged may
/// strike another figure in that hex, picked at random, at 9 or the skill
/// to hit it on purpose, whichever is worse; the one struck may defend; it
/// goes on until something is hit, the attack is parried, or nobody is left.
fn crowd(
    state: &mut State,
    attacker: CombatantId,
    strike: &Strike,
    (wi, mi, how): (usize, usize, How),
    nth: Nth,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let hex = state.fighter(strike.target).pose.pos;
    let mut left: Vec<CombatantId> = state
        .ids()
        .filter(|&id| {
            id != strike.target
                && id != attacker
                && state.fighter(id).life != crate::model::state::Life::Dead
                && state.fighter(id).pose.pos == hex
        })
        .collect();
    while !left.is_empty() {
        let pick = if left.len() == 1 {
            0
        } else {
            let d = check::dice(
                state,
                cx,
                Some(attacker),
                RollKind::d(1, left.len() as u16),
                "which figure in the melee",
                "G-CC-009",
                None,
            )?;
            (d as usize).clamp(1, left.len()) - 1
        };
        let other = left.remove(pick);
        let at_other = Strike {
            target: other,
            location: crate::model::action::Aim::Random,
            deceptive: 0,
            chinks: false,
            at_weapon: None,
            ..*strike
        };
        let mods = at_most_nine(
            state,
            attacker,
            &at_other,
            how,
            "into the melee: at most 9",
            cx,
        );
        if mods.total() < 3 {
            continue;
        }
        let r = check::roll_level(
            state,
            cx,
            Check::new(attacker, "strike into the melee", "G-CC-009").outcome_only(&[]),
            &mods,
            None,
        )?;
        if !r.is_success() {
            continue;
        }
        let landing = Landing {
            strike: at_other,
            wi,
            mi,
            how,
            critical: false,
            into_close: false,
        };
        // The one struck defends; a parry ends it, a dodge passes it on.
        let inc = Incoming {
            melee: !state.fighter(attacker).weapons[wi].is_ranged(mi),
            weapon: Some((wi as u8, mi as u8)),
            ..Incoming::melee(state, attacker, other)
        };
        let words = |s: &State| {
            let (a, o) = (&s.fighter(attacker).name, &s.fighter(other).name);
            format!("{a}'s blow falls on {o}")
        };
        match defense::defend(state, inc, words, cx)? {
            None => return land_undefended(state, attacker, landing, nth, cx),
            Some(crate::model::state::DefenseKind::Dodge) => continue,
            Some(_) => return Ok(()),
        }
    }
    Ok(())
}

/// Steps 2-8 of the attack checklist for a strike that hit: the active
/// defense (or the Critical Hit Table), then damage and injury.
fn land(
    state: &mut State,
    attacker: CombatantId,
    hit: Landing,
    nth: Nth,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    // Every successful attack roll of the same kind (critical or not) comes
    // here alike: what follows depends on the state and the landing alone.
    let landed = Landed { attacker, nth, hit };
    sequence::mark(state, attacker, nth, &landed, sequence::DEFENSE, cx)?;
    defense_stage(state, landed, cx)
}

/// The defense stage of a strike that hit ([`Landed`]): the defender's
/// choice and roll, or the Critical Hit Table (G-EXT-006), then the damage.
pub(crate) fn defense_stage(
    state: &mut State,
    Landed { attacker, nth, hit }: Landed,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let Landing {
        strike,
        wi,
        mi,
        how,
        ..
    } = hit;
    let target = strike.target;
    let mut critical = CriticalEffect::default();
    let mut aimed = strike.location.location();
    if hit.critical {
        // G-EXT-006: counted for the simulator's tally.
        state.fighter_mut(attacker).record.critical_hits += 1;
        // G-EXT-006: no active defense; the location decides the table
        // (G-LOC-018), so a random one is rolled first.
        let loc = match aimed {
            Some(l) => l,
            None => injury::random_location(state, attacker, target, cx)?,
        };
        aimed = Some(loc);
        if matches!(loc, Location::Skull | Location::Face | Location::Eye) {
            let roll = check::dice(
                state,
                cx,
                Some(attacker),
                RollKind::three_d6(),
                "critical head blow table",
                "G-EXT-008",
                None,
            )?;
            let row = crate::rules::tables::head_blow(roll);
            critical = crate::rules::injury::head_blow_effect(roll);
            if row.effect == crate::rules::tables::critical::HeadBlowEffect::BecomesEyeHit {
                // Rows 6-7: an eye hit, unless the eye cannot be struck from
                // here (from behind, G-LOC-012 decision): then row 4.
                let from = state.fighter(attacker).pose.pos;
                let behind =
                    state.fighter(target).pose.arc_of(from) == Some(fray_core::grid::Arc::Back);
                if behind {
                    critical = crate::rules::injury::head_blow_effect(4);
                } else {
                    aimed = Some(Location::Eye);
                    cx.note("G-EXT-008", || "the critical blow strikes the eye".into());
                }
            }
        } else {
            let roll = check::dice(
                state,
                cx,
                Some(attacker),
                RollKind::three_d6(),
                "critical hit table",
                "G-EXT-007",
                None,
            )?;
            critical = crate::rules::injury::critical_hit_effect(roll);
        }
    } else {
        let w = &state.fighter(attacker).weapons[wi];
        let ranged = w.is_ranged(mi);
        let inc = Incoming {
            melee: !ranged,
            // G-EXT-024: thrown weapons of 1 lb or less are parried at -2, heavier ones at -1.
            thrown: w.is_thrown(mi).then_some(w.weapon.weight <= 1.0),
            deceptive: i32::from(strike.deceptive),
            telegraphic: strike.telegraphic,
            dual_same_target: how.multi.is_some_and(Multi::dual_same_target),
            swung_weapon: w.weapon.unarmed.is_none()
                && !ranged
                && w.weapon.modes[mi].damage.base != crate::model::damage::DamageBase::Thrust,
            weapon: Some((wi as u8, mi as u8)),
            at_weapon: strike.at_weapon.is_some(),
            ..Incoming::melee(state, attacker, target)
        };
        // Read from the state only when narrating (`defense::ask`): no
        // name is cloned at any defense.
        let words = |s: &State| {
            let (a, t) = (&s.fighter(attacker).name, &s.fighter(target).name);
            let weapon = s.fighter(attacker).weapons.get(wi);
            let with = weapon.map_or("a weapon", |w| w.weapon.name.as_str());
            format!("{a} attacks {t} with {with}")
        };
        match defense::defend(state, inc, words, cx)? {
            None => {}
            // G-CC-009: a dodged attack into a close combat may strike another there.
            Some(crate::model::state::DefenseKind::Dodge) if hit.into_close => {
                return crowd(state, attacker, &strike, (wi, mi, how), nth, cx);
            }
            Some(_) => return Ok(()),
        }
    }
    let through = Through {
        attacker,
        nth,
        hit,
        critical,
        aimed,
    };
    damage(state, through, cx)
}

/// A blow that got past any defense: its damage (G-TURN-004 steps 3-8).
fn land_undefended(
    state: &mut State,
    attacker: CombatantId,
    hit: Landing,
    nth: Nth,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let through = Through {
        attacker,
        nth,
        hit,
        critical: CriticalEffect::default(),
        aimed: hit.strike.location.location(),
    };
    damage(state, through, cx)
}

/// Steps 3-8: the damage of a blow that landed, or what it does to a
/// struck weapon.
fn damage(state: &mut State, through: Through, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    // Every failed defense roll comes here alike.
    let (attacker, nth) = (through.attacker, through.nth);
    sequence::mark(state, attacker, nth, &through, sequence::DAMAGE, cx)?;
    damage_stage(state, through, cx)
}

/// The damage stage of a blow past the defense ([`Through`]).
pub(crate) fn damage_stage(
    state: &mut State,
    Through {
        attacker,
        hit,
        critical,
        aimed,
        ..
    }: Through,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let Landing {
        strike,
        wi,
        mi,
        how,
        ..
    } = hit;
    let target = strike.target;
    if let Some(aw) = strike.at_weapon {
        return weapon_struck(state, attacker, target, wi, mi, aw, cx);
    }
    // G-SPL-011: a melee spell is spent on the one it lands on.
    crate::resolve::magic::discharged(state, attacker, wi);
    let a = state.fighter(attacker);
    let mode = &a.weapons[wi].weapon.modes[mi];
    let dice = crate::rules::damage::dice_for(mode.damage, a.stats.st);
    let bonus = match how.all_out {
        // G-AOA-002 decision: +2 or +1 per die, whichever is larger, for ST-based damage.
        Some(AllOutVariant::Strong) if mode.damage.is_muscle_powered() => {
            Some(("All-Out Attack (Strong)", dice.dice.max(2), "G-AOA-002"))
        }
        // G-EFF-002: the same bonus for 1 FP.
        _ if strike.mighty_blow => Some(("Mighty Blow", dice.dice.max(2), "G-EFF-002")),
        _ => None,
    };
    // G-STP-002: a Stop Thrust adds +1 per 2 full hexes the foe came on.
    let mut dice = dice;
    if let Some(r) = a.responding
        && r.foe == target
        && r.thrust_bonus > 0
    {
        dice.adds += r.thrust_bonus;
        let n = r.thrust_bonus;
        cx.note("G-STP-002", || {
            format!("Stop Thrust: +{n} damage for the foe's charge")
        });
    }
    // G-DMG-002 decision: at or beyond 1/2D, basic damage is halved.
    // (A mode without ranges, a melee one, has no 1/2D: not looked up.)
    let half = mode.range.is_some()
        && crate::rules::ranged::ranges(state, attacker, wi, mi)
            .is_some_and(|(half, _)| a.pose.pos.distance(state.fighter(target).pose.pos) >= half);
    let blow = Blow {
        attacker,
        target,
        dice,
        bonus,
        damage_type: mode.damage_type,
        armor_divisor: mode.armor_divisor,
        aimed,
        critical,
        chinks: strike.chinks,
        half,
        push: crate::rules::injury::Push::Normal,
        follow_up: mode.follow_up,
        past_dr: false,
    };
    injury::strike(state, blow, cx)
}

/// A strike that reached the foe's weapon: the disarm contest or the
/// damage to the weapon (G-ATK-010..013).
fn weapon_struck(
    state: &mut State,
    attacker: CombatantId,
    target: CombatantId,
    wi: usize,
    mi: usize,
    aw: crate::model::action::AtWeapon,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let twi = usize::from(aw.weapon);
    let name = state.fighter(target).weapons[twi].weapon.name.clone();
    if aw.disarm {
        disarm(state, attacker, target, wi, twi, &name, cx)
    } else {
        damage_weapon(state, attacker, target, (wi, mi), twi, &name, cx)
    }
}

/// G-ATK-010/011: the disarm, a Quick Contest of the better of ST and DX,
/// and where the weapon goes by its margin.
fn disarm(
    state: &mut State,
    attacker: CombatantId,
    target: CombatantId,
    wi: usize,
    twi: usize,
    name: &str,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    // G-ATK-010 decision: each side rolls the higher of its ST and DX.
    let a = state.fighter(attacker);
    let mut mine = ModList::base("best of ST and DX", a.stats.st.max(a.stats.dx), "G-ATK-010");
    let tool = a.weapons[wi].weapon.name.to_ascii_lowercase();
    if ["jitte", "sai", "kusari", "whip"]
        .iter()
        .any(|n| tool.contains(n))
    {
        mine.add("a disarming weapon", 2, "G-ATK-010");
    }
    let t = state.fighter(target);
    let mut theirs = ModList::base("best of ST and DX", t.stats.st.max(t.stats.dx), "G-ATK-010");
    let two_handed = t.weapons[twi].weapon.modes.iter().any(|m| m.two_handed);
    if two_handed {
        theirs.add("two-handed weapon", 2, "G-ATK-010");
    }
    let ra = check::roll(
        state,
        cx,
        Check::new(attacker, "disarm", "G-ATK-010"),
        &mine,
    )?;
    let rt = check::roll(
        state,
        cx,
        Check::new(target, "keep hold of the weapon", "G-ATK-010"),
        &theirs,
    )?;
    let contest = quick_contest(ra.roll, ra.level, rt.roll, rt.level);
    // G-ATK-011: the outcome by the margin.
    match contest.winner {
        Winner::A => {
            let d = check::dice(
                state,
                cx,
                Some(attacker),
                RollKind::d(1, 6),
                "where the weapon flies",
                "G-ATK-011",
                None,
            )?;
            let t = state.fighter(target);
            let hex = t
                .pose
                .pos
                .neighbour(fray_core::grid::Facing::from_index((d - 1) as u8));
            let lands = if state.map.passable(hex) {
                hex
            } else {
                t.pose.pos
            };
            let w = &mut state.fighter_mut(target).weapons[twi];
            w.set_ready(false);
            w.dropped_at = Some(lands);
            say(
                state,
                target,
                format_args!("is disarmed: the {name} lands at {lands}"),
                "G-ATK-011",
                cx,
            );
        }
        Winner::Tie => unready(state, target, twi, name, cx),
        Winner::B if contest.margin_of_victory <= 2 => unready(state, target, twi, name, cx),
        Winner::B => {}
    }
    Ok(())
}

/// G-ATK-012/013: a strike on the weapon, against its DR and HP.
fn damage_weapon(
    state: &mut State,
    attacker: CombatantId,
    target: CombatantId,
    (wi, mi): (usize, usize),
    twi: usize,
    name: &str,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    // G-ATK-012 / G-ATK-013: damage against the weapon's DR and HP.
    let a = state.fighter(attacker);
    let mode = &a.weapons[wi].weapon.modes[mi];
    let dice = crate::rules::damage::dice_for(mode.damage, a.stats.st);
    let t_type = mode.damage_type;
    let basic = check::dice(
        state,
        cx,
        Some(attacker),
        dice.kind(),
        "damage to the weapon",
        "G-ATK-012",
        None,
    )?;
    let material = state.fighter(target).weapons[twi].weapon.material;
    let dr = crate::rules::tables::weapon_dr(material);
    let hurt = crate::rules::tables::weapon_injury(basic.max(0) - dr, t_type);
    let w = &mut state.fighter_mut(target).weapons[twi];
    w.hp -= hurt;
    let max = crate::rules::tables::weapon_hp(w.weapon.weight);
    let now = crate::rules::tables::weapon_state(w.hp, max);
    let left = w.hp;
    let what = match now {
        crate::rules::tables::WeaponState::Intact => {
            format!("{name} takes {hurt} damage ({left}/{max} HP)")
        }
        crate::rules::tables::WeaponState::Disabled => {
            w.set_broken(true);
            w.set_ready(false);
            format!("{name} is broken ({left}/{max} HP)")
        }
        crate::rules::tables::WeaponState::Destroyed => {
            w.set_broken(true);
            w.set_ready(false);
            format!("{name} is destroyed ({left}/{max} HP)")
        }
    };
    say(state, target, what, "G-ATK-013", cx);
    Ok(())
}

fn unready(state: &mut State, who: CombatantId, wi: usize, name: &str, cx: &mut impl Cx<Gurps>) {
    state.fighter_mut(who).weapons[wi].set_ready(false);
    say(
        state,
        who,
        format_args!("keeps the {name}, but it is unready"),
        "G-ATK-011",
        cx,
    );
}

/// The level to hit a figure the strike was not aimed at (a melee's
/// other figure, G-CC-009; a stray shot's, G-RNG-007): the skill to hit
/// it on purpose, at most 9 (G-DICE-004), the cap told as `label`.
fn at_most_nine(
    state: &State,
    attacker: CombatantId,
    at_other: &Strike,
    how: How,
    label: &'static str,
    cx: &impl Cx<Gurps>,
) -> Level {
    let mut mods = Level::new(
        cx,
        || to_hit(state, attacker, at_other, how),
        || to_hit(state, attacker, at_other, how),
    );
    let over = mods.total() - crate::rules::ranged::STRAY_CAP;
    if over > 0 {
        mods.add(label, -over, "G-DICE-004");
    }
    mods
}

/// G-RNG-007: a missed shot may hit someone else: each figure in the way
/// or beside the target, nearest first, at 9 or the skill to hit it on
/// purpose, whichever is lower, until one is hit. That figure may defend.
fn stray(
    state: &mut State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
    nth: Nth,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let (wi, mi) = (usize::from(strike.weapon), usize::from(strike.mode));
    for other in crate::rules::ranged::stray_candidates(state, attacker, strike.target) {
        let at_other = Strike {
            target: other,
            location: crate::model::action::Aim::Random,
            deceptive: 0,
            chinks: false,
            ..*strike
        };
        let mods = at_most_nine(
            state,
            attacker,
            &at_other,
            how,
            "a stray shot: at most 9",
            cx,
        );
        if mods.total() < 3 {
            continue;
        }
        let r = check::roll_level(
            state,
            cx,
            Check::new(attacker, "stray shot", "G-RNG-007")
                .ranged()
                .outcome_only(&[]),
            &mods,
            None,
        )?;
        if r.is_success() {
            let name = &*state.fighter(other).name;
            cx.note("G-RNG-007", || {
                format!("the missed shot flies on and strikes at {name}")
            });
            let landing = Landing {
                strike: at_other,
                wi,
                mi,
                how,
                critical: false,
                into_close: false,
            };
            return land(state, attacker, landing, nth, cx);
        }
    }
    Ok(())
}

/// What a plain miss does to the attacker: a missed kick calls for a DX
/// roll or a fall (G-ATK-019).
fn miss_effects(
    state: &mut State,
    attacker: CombatantId,
    wi: usize,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let a = state.fighter(attacker);
    if a.weapons[wi].weapon.unarmed != Some(Unarmed::Kick) {
        return Ok(());
    }
    let mods = ModList::base("DX", a.stats.dx, "");
    let r = check::roll(
        state,
        cx,
        Check::new(attacker, "keep footing after a missed kick", "G-ATK-019").outcome_only(&[]),
        &mods,
    )?;
    if !r.is_success() {
        let f = state.fighter_mut(attacker);
        f.posture = crate::model::state::Posture::Lying;
        let name = &*f.name;
        cx.condition("G-ATK-019", name, || "falls after the missed kick".into());
    }
    Ok(())
}
