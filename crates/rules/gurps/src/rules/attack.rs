//! One attack, from the to-hit roll to the injury (G-TURN-004).
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::{AllOutVariant, Strike};
use crate::model::data::{AttackMode, Unarmed};
use crate::model::location::Location;
use crate::model::sheet::Trait;
use crate::model::state::State;
pub use crate::rules::how::{How, Multi};
use fray_core::Illegal;
use fray_core::grid::{Arc, HexPos};
use fray_core::{CombatantId, Mods};

impl Multi {
    /// Whether both strikes of a Dual-Weapon Attack go at one foe (G-ATK-005).
    pub(crate) fn dual_same_target(self) -> bool {
        matches!(
            self,
            Multi::DualMain { same_target: true } | Multi::DualOff { same_target: true }
        )
    }
}

/// G-ATK-006 / G-EFF-006: the Rapid Strike penalty: -6, or -3 with Weapon
/// Master or Trained by a Master; Flurry of Blows halves it, rounding
/// toward the larger penalty (-6 to -3, -3 to -2).
pub fn rapid_strike_penalty(master: bool, flurry: bool) -> i32 {
    let base: i32 = if master { -3 } else { -6 };
    if flurry { base.div_euclid(2) } else { base }
}

/// The smallest effective skill a Deceptive Attack may leave (G-ATK-001, G-DICE-004).
pub const DECEPTIVE_FLOOR: i32 = 10;

/// The most a Move and Attack melee strike may roll against (G-MAA-002, G-DICE-004).
pub const MOVE_AND_ATTACK_CAP: i32 = 9;

/// Why a strike cannot be made, or `Ok` with the weapon and mode indices.
pub fn check_strike(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
) -> Result<(usize, usize), Illegal> {
    check_strike_as(state, attacker, strike, How::ATTACK)
}

/// [`check_strike`] for a strike made as `how` says: the attack options
/// must fit the maneuver (G-MAA-007, G-EFF-002, G-ATK-001..003). The
/// checks run in a fixed order, so the first refusal is always the same.
pub fn check_strike_as(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
) -> Result<(usize, usize), Illegal> {
    let found = check_strike_but_floor(state, attacker, strike, how)?;
    if strike.deceptive > 0 {
        deceptive_floor(to_hit::<fray_core::Total>(state, attacker, strike, how).0)?;
    }
    Ok(found)
}

/// [`check_strike_as`] but for its last check, the Deceptive Attack's
/// floor (G-ATK-001, [`deceptive_floor`]): resolution works out the
/// to-hit modifiers anyway, so it checks the floor on those rather than
/// working them out twice. Same checks, in the same order.
pub(crate) fn check_strike_but_floor(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
) -> Result<(usize, usize), Illegal> {
    let t = check_target(state, attacker, strike)?;
    let a = state.fighter(attacker);
    let (wi, mi) = (usize::from(strike.weapon), usize::from(strike.mode));
    let w = a
        .weapons
        .get(wi)
        .ok_or_else(|| Illegal::input(format!("{} has no weapon {wi}", a.name)))?;
    let m = w
        .mode(mi)
        .ok_or_else(|| Illegal::input(format!("{} has no attack mode {mi}", w.weapon.name)))?;
    check_weapon(state, attacker, strike, (wi, mi), w)?;
    if !m.is_melee() {
        check_ranged(w, mi, strike, how)?;
    }
    check_location((a, t), strike, m)?;
    check_options(a, strike, how, (wi, mi))?;
    check_extra_effort(a, strike)?;
    Ok((wi, mi))
}

/// The target exists, is someone else, and is not dead: `Ok` with it.
fn check_target<'s>(
    state: &'s State,
    attacker: CombatantId,
    strike: &Strike,
) -> Result<&'s crate::model::state::Fighter, Illegal> {
    if !state.exists(strike.target) {
        return Err(Illegal::input(format!(
            "there is no combatant {}",
            strike.target
        )));
    }
    if strike.target == attacker {
        return Err(Illegal::input("a combatant cannot attack itself"));
    }
    let t = state.fighter(strike.target);
    if t.life == crate::model::state::Life::Dead {
        return Err(Illegal::input(format!("{} is dead", t.name)));
    }
    Ok(t)
}

/// The weapon can strike now: whole (G-EXT-009), free of grips and
/// spells, ready (G-RDY-001, or readied by Rapid Recovery, G-EFF-001), and
/// not an unbalanced weapon that parried since the last turn (G-DEF-005).
///
/// `w` is the attacker's weapon `wi`, already looked up.
fn check_weapon(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
    (wi, mi): (usize, usize),
    w: &crate::model::state::Carried,
) -> Result<(), Illegal> {
    if w.broken() {
        return Err(Illegal::new(
            "G-EXT-009",
            format!("{} is broken", w.weapon.name),
        ));
    }
    crate::rules::grapple::may_strike(state, attacker, wi, mi)?;
    // G-SPL-011: only a weapon carrying a melee spell has more to check
    // (`magic::may_strike` allows every other at once; not called for them).
    if w.spell.is_some() {
        crate::rules::magic::may_strike(state, attacker, wi, mi)?;
    }
    if w.weapon.unarmed == Some(Unarmed::Punch) && !has_a_fist(state.fighter(attacker)) {
        return Err(Illegal::new(
            "G-LOC-009",
            "both arms are crippled: no hand to punch with",
        ));
    }
    if strike.rapid_recovery {
        // G-EFF-001: readies an unready melee weapon held in hand.
        let melee = w.mode(mi).is_some_and(|m| m.is_melee());
        if w.ready() || w.dropped_at.is_some() || !melee {
            return Err(Illegal::new(
                "G-EFF-001",
                format!(
                    "Rapid Recovery readies an unready melee weapon in hand; {} is not one",
                    w.weapon.name
                ),
            ));
        }
    } else if !w.ready() {
        return Err(Illegal::new(
            "G-RDY-001",
            format!("{} is not ready", w.weapon.name),
        ));
    }
    if w.is_unbalanced() && w.parried_before_turn() {
        return Err(Illegal::new(
            "G-DEF-005",
            format!(
                "{} is unbalanced and parried since the last turn, so it cannot attack now",
                w.weapon.name
            ),
        ));
    }
    Ok(())
}

/// Whether `f` has an arm to punch with: one whose arm and hand are not
/// crippled (G-LOC-009: a crippled part is useless until healed; decision
/// G-LOC-010: a crippled arm cannot be used).
pub fn has_a_fist(f: &crate::model::state::Fighter) -> bool {
    let whole = |arm: Location, hand: Location| !f.crippled.iter().any(|&l| l == arm || l == hand);
    whole(Location::RightArm, Location::RightHand) || whole(Location::LeftArm, Location::LeftHand)
}

/// A ranged strike: loaded (G-RDY-001), and without the melee-only
/// options (G-ATK-003, G-EFF-001/002, G-AOA-001..004).
fn check_ranged(
    w: &crate::model::state::Carried,
    mi: usize,
    strike: &Strike,
    how: How,
) -> Result<(), Illegal> {
    if !w.is_thrown(mi) && !w.loaded() {
        return Err(Illegal::input(format!(
            "{} is not loaded: Ready it first ({} more turn(s), G-RDY-001)",
            w.weapon.name,
            w.reload_left()
        )));
    }
    if strike.telegraphic {
        return Err(Illegal::new(
            "G-ATK-003",
            "a Telegraphic Attack cannot be a ranged attack",
        ));
    }
    if strike.mighty_blow || strike.rapid_recovery {
        return Err(Illegal::new(
            "G-EFF-001, G-EFF-002",
            "Mighty Blow and Rapid Recovery are for melee attacks",
        ));
    }
    if how.all_out.is_some_and(|v| v != AllOutVariant::Determined) {
        return Err(Illegal::new(
            "G-AOA-001..004",
            "a ranged All-Out Attack can only be Determined",
        ));
    }
    Ok(())
}

/// What the strike aims at: a location the damage may target
/// (G-LOC-012, G-LOC-015), a ready weapon (G-ATK-008), or chinks in the
/// armor (G-ATK-023).
fn check_location(
    (a, t): (&crate::model::state::Fighter, &crate::model::state::Fighter),
    strike: &Strike,
    m: &AttackMode,
) -> Result<(), Illegal> {
    // G-LOC-012 decision: the eyes only from the front or a side.
    if strike.location.location() == Some(Location::Eye)
        && t.pose.arc_of(a.pose.pos) == Some(fray_core::grid::Arc::Back)
    {
        return Err(Illegal::new(
            "G-LOC-012",
            format!("{}'s eyes cannot be struck from behind", t.name),
        ));
    }
    if let Some(loc) = strike.location.location()
        && !crate::rules::location::has_location(t, loc)
    {
        return Err(Illegal::new(
            if loc == Location::Tail {
                "G-LOC-005"
            } else {
                "G-LOC-006"
            },
            format!("{} has no {loc}", t.name),
        ));
    }
    if let Some(loc) = strike.location.location()
        && !crate::rules::location::may_target(loc, m.damage_type)
    {
        return Err(Illegal::new(
            "G-LOC-015, G-LOC-012",
            format!("{} damage cannot target the {loc}", m.damage_type),
        ));
    }
    if let Some(aw) = strike.at_weapon {
        let target_weapon = t.weapons.get(usize::from(aw.weapon));
        if !target_weapon.is_some_and(|w| {
            w.ready() && w.weapon.unarmed.is_none() && !w.broken() && w.spell.is_none()
        }) {
            return Err(Illegal::new(
                "G-ATK-008",
                format!(
                    "{} holds no ready weapon {} to strike at",
                    t.name, aw.weapon
                ),
            ));
        }
        if strike.chinks {
            return Err(Illegal::input(
                "a strike at a weapon has no armor chinks to aim at",
            ));
        }
    }
    if strike.chinks && !crate::rules::location::may_target_chinks(m.damage_type) {
        return Err(Illegal::new(
            "G-ATK-023",
            format!(
                "only impaling, piercing and tight-beam burning attacks can target chinks in armor; {} cannot",
                m.damage_type
            ),
        ));
    }
    Ok(())
}

/// The attack options fit each other and the maneuver (G-MAA-007,
/// G-AOA-003, G-EFF-002).
fn check_options(
    a: &crate::model::state::Fighter,
    strike: &Strike,
    how: How,
    (wi, mi): (usize, usize),
) -> Result<(), Illegal> {
    let w = &a.weapons[wi];
    if (strike.deceptive > 0 || strike.telegraphic) && how.move_and_attack.is_some() {
        return Err(Illegal::new(
            "G-MAA-007",
            "Deceptive and Telegraphic Attacks cannot be made with Move and Attack",
        ));
    }
    if strike.deceptive > 0 && strike.telegraphic {
        return Err(Illegal::input(
            "an attack cannot be both Deceptive and Telegraphic (decision, docs/rules/gurps.md)",
        ));
    }
    // G-AOA-003 decision: a second blow needs a weapon that stays ready
    // after striking, or another ready weapon.
    if how.all_out == Some(AllOutVariant::Double)
        && w.mode(mi).is_some_and(|m| m.is_melee())
        && w.is_unbalanced()
        && !a
            .ready_melee()
            .any(|(i, o)| i != wi && o.weapon.unarmed.is_none())
    {
        return Err(Illegal::new(
            "G-AOA-003",
            format!(
                "{} must be readied after each blow: a Double attack needs a second ready weapon",
                w.weapon.name
            ),
        ));
    }
    if strike.mighty_blow && (how.all_out.is_some() || how.move_and_attack.is_some()) {
        return Err(Illegal::new(
            "G-EFF-002",
            "Mighty Blow goes only with the Attack maneuver",
        ));
    }
    if strike.mighty_blow && matches!(how.multi, Some(Multi::Rapid { flurry: true })) {
        return Err(Illegal::new(
            "G-EFF-002",
            "Mighty Blow cannot be combined with Flurry of Blows",
        ));
    }
    Ok(())
}

/// Extra effort needs FP to pay for it (decision).
fn check_extra_effort(a: &crate::model::state::Fighter, strike: &Strike) -> Result<(), Illegal> {
    let extra_fp = i32::from(strike.mighty_blow) + i32::from(strike.rapid_recovery);
    if extra_fp > 0 && a.fp < 1 {
        return Err(Illegal::input(format!(
            "{} has no FP left for extra effort (decision, docs/rules/gurps.md)",
            a.name
        )));
    }
    Ok(())
}

/// G-ATK-001: a Deceptive Attack may not bring effective skill (`skill`,
/// the strike's [`to_hit`] total) below the floor.
pub(crate) fn deceptive_floor(skill: i32) -> Result<(), Illegal> {
    if skill < DECEPTIVE_FLOOR {
        return Err(Illegal::new(
            "G-ATK-001",
            format!(
                "a Deceptive Attack cannot bring effective skill below {DECEPTIVE_FLOOR}; this one leaves {skill}"
            ),
        ));
    }
    Ok(())
}

/// Whether the target is within the mode's reach and in the attacker's front arc.
pub fn in_reach(
    state: &State,
    attacker: CombatantId,
    target: CombatantId,
    wi: usize,
    mi: usize,
) -> Result<(), Illegal> {
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
pub(crate) enum OutOfReach {
    /// No such weapon or attack mode.
    NoMode,
    /// Too far or too close for the mode's reach, at this distance.
    Distance(u32),
    /// Not in the attacker's front arc (G-TAC-001).
    NotInFront,
    /// Beyond a ranged mode's Max (distance, Max), or in the shooter's own hex.
    Range(u32, u32),
    /// A wall stands in the line of fire.
    Wall,
    /// In close combat with a weapon that lacks reach C.
    CloseCombat,
}

/// The reach test behind [`in_reach_from`], without building messages.
pub(crate) fn reach_problem(
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
    if !mode.is_melee() {
        // G-RNG-001: a shot reaches to Max range, into the front arc, past no wall.
        let max = crate::rules::ranged::ranges(state, attacker, wi, mi).map_or(0, |(_, max)| max);
        if dist > max || dist == 0 {
            return Some(OutOfReach::Range(dist, max));
        }
        if from.arc_of(t.pose.pos) != Some(Arc::Front) {
            return Some(OutOfReach::NotInFront);
        }
        if crate::rules::ranged::blocked(state, from.pos, t.pose.pos) {
            return Some(OutOfReach::Wall);
        }
        return None;
    }
    // The mode's reach list read once: reach C decides close combat, the
    // close strike and (posture allowing) the reach test below.
    let reach_c = mode.reaches(0);
    // G-CC-003: in close combat only reach C weapons strike.
    if !reach_c && state.in_close_combat(attacker) {
        return Some(OutOfReach::CloseCombat);
    }
    let close_only = a.posture.close_only();
    // G-POS-009: a sprawled body may be struck in either of its hexes.
    let problem = |hex: HexPos, dist: u32| {
        // Reach C strikes the same hex or an adjacent one (decision, docs/rules/gurps.md).
        let close = reach_c && dist <= 1;
        // G-POS-007 decision: lying (and crawling, G-POS-006) figures attack at reach C only.
        let reach_ok = close || (!close_only && mode.reaches(dist));
        if !reach_ok {
            Some(OutOfReach::Distance(dist))
        } else if dist > 0 && from.arc_of(hex) != Some(Arc::Front) {
            Some(OutOfReach::NotInFront)
        } else {
            None
        }
    };
    let main = problem(t.pose.pos, dist);
    match t.body {
        Some(body) if main.is_some() && problem(body, from.pos.distance(body)).is_none() => None,
        _ => main,
    }
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
) -> Result<(), Illegal> {
    match reach_problem(state, attacker, from, target, wi, mi) {
        None => Ok(()),
        Some(problem) => Err(reach_refusal(state, attacker, target, (wi, mi), problem)),
    }
}

/// The refusal [`in_reach_from`] gives for a [`reach_problem`]'s answer
/// (resolution asks [`reach_problem`] directly and words only a refusal).
#[cold]
pub(crate) fn reach_refusal(
    state: &State,
    attacker: CombatantId,
    target: CombatantId,
    (wi, mi): (usize, usize),
    problem: OutOfReach,
) -> Illegal {
    let t = state.fighter(target);
    match problem {
        OutOfReach::NoMode => Illegal::input("no such weapon or mode"),
        OutOfReach::Distance(dist) => {
            let mode = &state.fighter(attacker).weapons[wi].weapon.modes[mi];
            Illegal::input(format!(
                "{} is {dist} yards away; {} reaches {:?}",
                t.name, mode.name, mode.reach
            ))
        }
        OutOfReach::NotInFront => Illegal::new(
            "G-TAC-001",
            format!(
                "{} is not in the front arc; attacks go to front hexes",
                t.name
            ),
        ),
        OutOfReach::Range(dist, max) => Illegal::input(format!(
            "{} is {dist} yards away; the shot reaches {max} yards (Max, G-RNG-001)",
            t.name
        )),
        OutOfReach::CloseCombat => Illegal::new(
            "G-CC-003",
            "in close combat only reach C weapons can strike",
        ),
        OutOfReach::Wall => Illegal::input(format!(
            "a wall stands between the shooter and {} (decision, docs/rules/gurps.md)",
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
    how: How,
) -> M {
    let a = state.fighter(attacker);
    let (wi, mi) = (usize::from(strike.weapon), usize::from(strike.mode));
    let carried = a.weapons.get(wi);
    let skill = carried.map_or(a.stats.dx - 5, |w| {
        w.skill.get(mi).copied().unwrap_or(a.stats.dx - 5)
    });
    let ranged = carried.is_some_and(|w| w.is_ranged(mi));
    let rule = if ranged { "G-ATK-025" } else { "G-ATK-024" };
    let mut mods = M::base("skill", skill, rule);
    mods.add("shock", a.shock, "G-INJ-001");
    if how.all_out == Some(AllOutVariant::Determined) {
        let bonus = if ranged { 1 } else { 4 };
        mods.add("All-Out Attack (Determined)", bonus, "G-AOA-001");
    }
    if !ranged {
        mods.add("posture", a.posture.attack(), "G-POS-001");
    }
    // The two figures, looked up once for the parts below.
    let t = state.fighter(strike.target);
    aim_mods(strike, t, carried, state, &mut mods);
    option_mods(a, strike, how, carried, &mut mods);
    circumstance_mods(state, (attacker, a), strike, carried, &mut mods);
    if ranged {
        crate::rules::ranged::mods(state, attacker, strike, how, &mut mods);
    } else {
        melee_mods(state, (attacker, a), t, strike, how, &mut mods);
    }
    mods
}

/// What the strike aims at: a weapon (G-ATK-008), chinks in the armor
/// (G-ATK-023) or a hit location (G-LOC-002).
fn aim_mods<M: Mods>(
    strike: &Strike,
    t: &crate::model::state::Fighter,
    carried: Option<&crate::model::state::Carried>,
    state: &State,
    mods: &mut M,
) {
    if let Some(aw) = strike.at_weapon {
        weapon_target_mods(state, strike.target, aw, carried, mods);
    } else if let Some(loc) = strike.location.location() {
        if strike.chinks {
            // G-ATK-023: -8 on the torso, -10 elsewhere (vitals -10 in all),
            // never better than the location's own penalty (decision).
            let chink = if loc == Location::Torso { -8 } else { -10 };
            mods.add(
                "aim at armor chinks",
                chink.min(loc.aim_penalty()),
                "G-ATK-023",
            );
        } else {
            mods.add(location_label(loc), loc.aim_penalty(), "G-LOC-002");
            // G-LOC-002 decision: the limb behind a ready shield is twice as hard.
            if t.shield.as_ref().is_some_and(|s| s.ready)
                && matches!(loc, Location::LeftArm | Location::LeftHand)
            {
                mods.add("behind the shield", loc.aim_penalty(), "G-LOC-002");
            }
        }
    }
}

/// The attack's options: a kick (G-ATK-019), Deceptive and Telegraphic
/// Attacks (G-ATK-001/003), Rapid Strikes and Dual-Weapon Attacks
/// (G-ATK-004..006, G-EFF-006).
fn option_mods<M: Mods>(
    a: &crate::model::state::Fighter,
    strike: &Strike,
    how: How,
    carried: Option<&crate::model::state::Carried>,
    mods: &mut M,
) {
    if carried.and_then(|w| w.weapon.unarmed) == Some(Unarmed::Kick) {
        mods.add("kick", -2, "G-ATK-019");
    }
    mods.add(
        "Deceptive Attack",
        -2 * i32::from(strike.deceptive),
        "G-ATK-001",
    );
    if strike.telegraphic {
        mods.add("Telegraphic Attack", 4, "G-ATK-003");
    }
    match how.multi {
        Some(Multi::Rapid { flurry }) => {
            let master = a.has(Trait::WeaponMaster) || a.has(Trait::TrainedByAMaster);
            let rule = if flurry { "G-EFF-006" } else { "G-ATK-006" };
            mods.add("Rapid Strike", rapid_strike_penalty(master, flurry), rule);
        }
        Some(Multi::DualMain { .. }) => {
            mods.add("Dual-Weapon Attack", -4, "G-ATK-004");
        }
        Some(Multi::DualOff { .. }) => {
            mods.add("Dual-Weapon Attack", -4, "G-ATK-004");
            if !a.has(Trait::Ambidexterity) {
                mods.add("off hand", -4, "G-ATK-004");
            }
        }
        None => {}
    }
}

/// The attacker's circumstances: its situation, watching an area
/// (G-RNG-005), a grip on it (G-GRP-014), striking into a close combat
/// (G-CC-008), a torn muscle (G-EXT-010).
fn circumstance_mods<M: Mods>(
    state: &State,
    (attacker, a): (CombatantId, &crate::model::state::Fighter),
    strike: &Strike,
    carried: Option<&crate::model::state::Carried>,
    mods: &mut M,
) {
    situation(state, attacker, carried, mods);
    // G-RNG-005: opportunity fire at a watched area.
    if let Some(r) = a.responding
        && r.foe == strike.target
    {
        mods.add("watching an area", r.watch_penalty, "G-RNG-005");
    }
    // G-GRP-004 / G-GRP-014: a grabbed figure attacks at -4.
    if state.held_by(attacker).is_some() {
        mods.add("grabbed", crate::rules::grapple::GRABBED_DX, "G-GRP-014");
    }
    // G-CC-008 / G-ATK-027: striking into a close combat from outside it.
    let into = into_close(state, attacker, strike.target);
    mods.add("into a close combat", if into { -2 } else { 0 }, "G-CC-008");
    // G-EXT-010 row 15: a torn muscle.
    if a.turns < a.torn_until_turn {
        mods.add("torn muscle", -1, "G-EXT-010");
    }
    if carried.is_some_and(|w| w.weapon.unarmed.is_some()) {
        mods.add("torn muscle (lasting)", a.torn_muscle, "G-EXT-010");
    }
}

/// Melee only: size (G-ATK-024), foes in the way of a reach weapon
/// (G-ATK-022), height (G-ATK-021), and Move and Attack (G-MAA-002).
fn melee_mods<M: Mods>(
    state: &State,
    (attacker, a): (CombatantId, &crate::model::state::Fighter),
    t: &crate::model::state::Fighter,
    strike: &Strike,
    how: How,
    mods: &mut M,
) {
    // G-ATK-024 decision: the target's SM minus the attacker's.
    mods.add("size difference", t.stats.sm - a.stats.sm, "G-ATK-024");
    // G-ATK-022: a reach weapon striking past hexes held by foes.
    let (from, to) = (a.pose.pos, t.pose.pos);
    if from.distance(to) > 1 {
        let foes = crate::rules::ranged::in_the_way(state, from, to, &[attacker, strike.target])
            .into_iter()
            .filter(|&id| state.fighter(id).side != a.side)
            .count() as i32;
        mods.add("striking past foes", -4 * foes, "G-ATK-022");
    }
    // G-ATK-021 / G-ATK-027: a melee attack from above is at -2 (the foe defends at -2 too).
    // An open field (no cell listed) has no heights: no look-ups.
    let above = state.map.any_terrain() && state.map.level_at(from) > state.map.level_at(to);
    debug_assert_eq!(above, state.map.level_at(from) > state.map.level_at(to));
    if above {
        mods.add("attacking from above", -2, "G-ATK-021");
    }
    if let Some(heroic) = how.move_and_attack
        && !heroic
    {
        mods.add("Move and Attack", -4, "G-MAA-002");
        // G-MAA-002 / G-DICE-004: at most 9, whichever is worse.
        let over = mods.total() - MOVE_AND_ATTACK_CAP;
        if over > 0 {
            mods.add("Move and Attack: at most 9", -over, "G-DICE-004");
        }
    }
}

/// G-ATK-008 / G-ATK-009: striking a weapon: -5 at reach C, -4 at reach 1
/// (or a ranged weapon), -3 at reach 2 or more; a disarm takes -2 more
/// unless the striker's weapon is a fencing weapon.
pub(crate) fn weapon_target_mods<M: Mods>(
    state: &State,
    target: CombatantId,
    aw: crate::model::action::AtWeapon,
    striker: Option<&crate::model::state::Carried>,
    mods: &mut M,
) {
    let reach = state
        .fighter(target)
        .weapons
        .get(usize::from(aw.weapon))
        .map_or(1, |w| {
            w.weapon
                .modes
                .iter()
                .filter(|m| m.is_melee())
                .map(|m| m.max_reach())
                .max()
                .unwrap_or(1)
        });
    let pen = match reach {
        0 => -5,
        1 => -4,
        _ => -3,
    };
    mods.add("strike at a weapon", pen, "G-ATK-008");
    if aw.disarm && !striker.is_some_and(|w| w.is_fencing()) {
        mods.add("disarm", -2, "G-ATK-009");
    }
}

/// G-ATK-026: the situation modifiers the engine can see: bad footing,
/// darkness, blindness, distraction, an improvised weapon, a large shield.
pub(crate) fn situation<M: Mods>(
    state: &State,
    attacker: CombatantId,
    carried: Option<&crate::model::state::Carried>,
    mods: &mut M,
) {
    let a = state.fighter(attacker);
    // On an open field (no terrain listed) no hex has bad footing: the
    // map answers without a look-up.
    let footing = state.map.any_terrain()
        && state.map.terrain_at(a.pose.pos).is_some_and(|t| {
            t.contains(crate::model::terrain::TREACHEROUS)
                || t.contains(crate::model::terrain::WATER)
        });
    mods.add("bad footing", if footing { -2 } else { 0 }, "G-ATK-026");
    mods.add(
        "darkness",
        -i32::from(state.options.darkness.min(9)),
        "G-ATK-026",
    );
    mods.add(
        "blind",
        if a.situation.blind { -10 } else { 0 },
        "G-ATK-026",
    );
    mods.add(
        "distraction",
        -i32::from(a.situation.distraction.min(4)),
        "G-ATK-026",
    );
    if let Some(w) = carried {
        mods.add(
            "improvised weapon",
            w.weapon.improvised.clamp(-3, 0),
            "G-ATK-026",
        );
    }
    // G-EXT-026 decision: a large shield is one of DB 3 or more.
    let large = a.shield.as_ref().is_some_and(|s| s.ready && s.db >= 3);
    mods.add(
        "holding a large shield",
        if large { -2 } else { 0 },
        "G-ATK-026",
    );
    // G-CC-004: a shield gets in the way in close combat, except on the turn it began.
    if state.in_close_combat(attacker) && a.close.is_none_or(|c| c.turn != a.turns) {
        mods.add("shield in close combat", -a.shield_db(), "G-CC-004");
    }
}

#[inline]
pub(crate) fn location_label(loc: Location) -> &'static str {
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
        Location::RightForeleg
        | Location::LeftForeleg
        | Location::RightMidleg
        | Location::LeftMidleg
        | Location::RightHindleg
        | Location::LeftHindleg => "aim at leg",
        Location::RightWing | Location::LeftWing => "aim at wing",
    }
}

/// Whether a strike at `target` goes into a close combat from outside it:
/// the target shares its hex with another figure, and the attacker is not
/// there (G-CC-008).
///
/// With only the two of them on the field nobody else can share the
/// target's hex (the attacker's own body there does not count: its figure
/// stands elsewhere); with every figure alone in its hex
/// ([`Occupancy::crowded`]) nobody shares it either. Otherwise the
/// figures in the target's hex are looked up; debug builds check the
/// answer against a scan of the whole field.
///
/// [`Occupancy::crowded`]: crate::model::occupancy::Occupancy::crowded
#[inline]
pub(crate) fn into_close(state: &State, attacker: CombatantId, target: CombatantId) -> bool {
    let hex = state.fighter(target).pose.pos;
    let living_other = |id: CombatantId| {
        id != target
            && id != attacker
            && state.fighter(id).life != crate::model::state::Life::Dead
            && state.fighter(id).pose.pos == hex
    };
    let into = state.fighter(attacker).pose.pos != hex
        && state.fighters.len() > 2
        && state.occupancy.crowded()
        && state.at(hex).any(living_other);
    debug_assert_eq!(
        into,
        state.fighter(attacker).pose.pos != hex && state.ids().any(living_other),
        "into a close combat (G-CC-008)"
    );
    into
}

/// A strike that hit, on its way to the defense and the damage. It is all
/// the attack carries on with, so it tags the checkpoints there.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub(crate) struct Landing {
    pub(crate) strike: Strike,
    pub(crate) wi: usize,
    pub(crate) mi: usize,
    pub(crate) how: How,
    /// A critical hit: no defense, the Critical Hit Table (G-EXT-006).
    pub(crate) critical: bool,
    /// An attack into a close combat from outside (G-CC-008, G-CC-009).
    pub(crate) into_close: bool,
}
