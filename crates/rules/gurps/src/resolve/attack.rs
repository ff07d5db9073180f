//! One attack, from the to-hit roll to the injury (G-TURN-004).

use crate::Gurps;
use crate::action::{AllOutVariant, Strike};
use crate::check::{self, Check, Judged};
use crate::data::Unarmed;
use crate::event::Event;
use crate::location::Location;
use crate::resolve::defense::{self, Incoming};
use crate::resolve::injury::{self, Blow, CriticalEffect};
use crate::resolve::say;
use crate::resolve::{critical, effort, ranged};
use crate::sheet::Trait;
use crate::state::State;
use fray_core::dice::RollKind;
use fray_core::dice::systems::gurps::{Winner, quick_contest};
use fray_core::engine::Interrupt;
use fray_core::grid::{Arc, HexPos};
use fray_core::{CombatantId, Ctx, EventSink, ModList, Mods, Oracle};

/// How a strike is made: the maneuver around it and any trade for a
/// second strike. It sets the to-hit modifiers and which options are allowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct How {
    /// All-Out Attack, and which variant.
    pub all_out: Option<AllOutVariant>,
    /// Move and Attack; `Some(true)` with Heroic Charge (G-EFF-003).
    pub move_and_attack: Option<bool>,
    /// One strike of a Rapid Strike or a Dual-Weapon Attack.
    pub multi: Option<Multi>,
}

impl How {
    /// A plain Attack maneuver.
    pub const ATTACK: How = How {
        all_out: None,
        move_and_attack: None,
        multi: None,
    };

    /// An All-Out Attack.
    pub fn all_out(variant: AllOutVariant) -> How {
        How {
            all_out: Some(variant),
            ..How::ATTACK
        }
    }
}

/// A strike traded for two (G-ATK-004..007).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Multi {
    /// One of the two Rapid Strike attacks; `flurry`: Flurry of Blows (G-EFF-006).
    Rapid {
        /// Flurry of Blows halves the penalty.
        flurry: bool,
    },
    /// The main-hand strike of a Dual-Weapon Attack.
    DualMain {
        /// Both strikes at one foe, who defends at -1 (G-ATK-005).
        same_target: bool,
    },
    /// The off-hand strike of a Dual-Weapon Attack.
    DualOff {
        /// Both strikes at one foe.
        same_target: bool,
    },
}

impl Multi {
    /// Whether both strikes of a Dual-Weapon Attack go at one foe (G-ATK-005).
    fn dual_same_target(self) -> bool {
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
) -> Result<(usize, usize), String> {
    check_strike_as(state, attacker, strike, How::ATTACK)
}

/// [`check_strike`] for a strike made as `how` says: the attack options
/// must fit the maneuver (G-MAA-007, G-EFF-002, G-ATK-001..003).
pub fn check_strike_as(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
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
    if w.broken {
        return Err(format!("{} is broken (G-EXT-009)", w.weapon.name));
    }
    crate::resolve::grapple::may_strike(state, attacker, wi, mi)?;
    crate::resolve::magic::may_strike(state, attacker, wi, mi)?;
    if strike.rapid_recovery {
        // G-EFF-001: readies an unready melee weapon held in hand.
        if w.ready || w.dropped_at.is_some() || !m.is_melee() {
            return Err(format!(
                "Rapid Recovery readies an unready melee weapon in hand; {} is not one (G-EFF-001)",
                w.weapon.name
            ));
        }
    } else if !w.ready {
        return Err(format!("{} is not ready (G-RDY-001)", w.weapon.name));
    }
    if w.is_unbalanced() && w.parried_before_turn {
        return Err(format!(
            "{} is unbalanced and parried since the last turn, so it cannot attack now (G-DEF-005)",
            w.weapon.name
        ));
    }
    if !m.is_melee() {
        if !w.is_thrown(mi) && !w.loaded {
            return Err(format!(
                "{} is not loaded: Ready it first ({} more turn(s), G-RDY-001)",
                w.weapon.name, w.reload_left
            ));
        }
        if strike.telegraphic {
            return Err("a Telegraphic Attack cannot be a ranged attack (G-ATK-003)".into());
        }
        if strike.mighty_blow || strike.rapid_recovery {
            return Err(
                "Mighty Blow and Rapid Recovery are for melee attacks (G-EFF-001, G-EFF-002)"
                    .into(),
            );
        }
        if how.all_out.is_some_and(|v| v != AllOutVariant::Determined) {
            return Err("a ranged All-Out Attack can only be Determined (G-AOA-001..004)".into());
        }
    }
    // G-LOC-012 decision: the eyes only from the front or a side.
    if strike.location.location() == Some(Location::Eye)
        && t.pose.arc_of(a.pose.pos) == Some(fray_core::grid::Arc::Back)
    {
        return Err(format!(
            "{}'s eyes cannot be struck from behind (G-LOC-012)",
            t.name
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
    if let Some(aw) = strike.at_weapon {
        let target_weapon = t.weapons.get(usize::from(aw.weapon));
        if !target_weapon.is_some_and(|w| {
            w.ready && w.weapon.unarmed.is_none() && !w.broken && w.spell.is_none()
        }) {
            return Err(format!(
                "{} holds no ready weapon {} to strike at (G-ATK-008)",
                t.name, aw.weapon
            ));
        }
        if strike.chinks {
            return Err("a strike at a weapon has no armor chinks to aim at".into());
        }
    }
    if strike.chinks && !crate::location::may_target_chinks(m.damage_type) {
        return Err(format!(
            "only impaling, piercing and tight-beam burning attacks can target chinks in armor; {} cannot (G-ATK-023)",
            m.damage_type
        ));
    }
    if (strike.deceptive > 0 || strike.telegraphic) && how.move_and_attack.is_some() {
        return Err(
            "Deceptive and Telegraphic Attacks cannot be made with Move and Attack (G-MAA-007)"
                .into(),
        );
    }
    if strike.deceptive > 0 && strike.telegraphic {
        return Err(
            "an attack cannot be both Deceptive and Telegraphic (decision, docs/rules/gurps.md)"
                .into(),
        );
    }
    // G-AOA-003 decision: a second blow needs a weapon that stays ready
    // after striking, or another ready weapon.
    if how.all_out == Some(AllOutVariant::Double)
        && m.is_melee()
        && w.is_unbalanced()
        && !a
            .ready_melee()
            .any(|(i, o)| i != wi && o.weapon.unarmed.is_none())
    {
        return Err(format!(
            "{} must be readied after each blow: a Double attack needs a second ready weapon (G-AOA-003)",
            w.weapon.name
        ));
    }
    if strike.mighty_blow && (how.all_out.is_some() || how.move_and_attack.is_some()) {
        return Err("Mighty Blow goes only with the Attack maneuver (G-EFF-002)".into());
    }
    if strike.mighty_blow && matches!(how.multi, Some(Multi::Rapid { flurry: true })) {
        return Err("Mighty Blow cannot be combined with Flurry of Blows (G-EFF-002)".into());
    }
    let extra_fp = i32::from(strike.mighty_blow) + i32::from(strike.rapid_recovery);
    if extra_fp > 0 && a.fp < 1 {
        return Err(format!(
            "{} has no FP left for extra effort (decision, docs/rules/gurps.md)",
            a.name
        ));
    }
    if strike.deceptive > 0 {
        let skill = to_hit::<fray_core::Total>(state, attacker, strike, how).0;
        if skill < DECEPTIVE_FLOOR {
            return Err(format!(
                "a Deceptive Attack cannot bring effective skill below {DECEPTIVE_FLOOR}; this one leaves {skill} (G-ATK-001)"
            ));
        }
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
    /// Beyond a ranged mode's Max (distance, Max), or in the shooter's own hex.
    Range(u32, u32),
    /// A wall stands in the line of fire.
    Wall,
    /// In close combat with a weapon that lacks reach C.
    CloseCombat,
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
    if !mode.is_melee() {
        // G-RNG-001: a shot reaches to Max range, into the front arc, past no wall.
        let max = ranged::ranges(state, attacker, wi, mi).map_or(0, |(_, max)| max);
        if dist > max || dist == 0 {
            return Some(OutOfReach::Range(dist, max));
        }
        if from.arc_of(t.pose.pos) != Some(Arc::Front) {
            return Some(OutOfReach::NotInFront);
        }
        if ranged::blocked(state, from.pos, t.pose.pos) {
            return Some(OutOfReach::Wall);
        }
        return None;
    }
    // G-CC-003: in close combat only reach C weapons strike.
    if state.in_close_combat(attacker) && !mode.reaches(0) {
        return Some(OutOfReach::CloseCombat);
    }
    // G-POS-009: a sprawled body may be struck in either of its hexes.
    let problem = |hex: HexPos| {
        let dist = from.pos.distance(hex);
        // Reach C strikes the same hex or an adjacent one (decision, docs/rules/gurps.md).
        let close = mode.reaches(0) && dist <= 1;
        // G-POS-007 decision: lying (and crawling, G-POS-006) figures attack at reach C only.
        let reach_ok = if a.posture.close_only() {
            close
        } else {
            close || mode.reaches(dist)
        };
        if !reach_ok {
            Some(OutOfReach::Distance(dist))
        } else if dist > 0 && from.arc_of(hex) != Some(Arc::Front) {
            Some(OutOfReach::NotInFront)
        } else {
            None
        }
    };
    let main = problem(t.pose.pos);
    match t.body {
        Some(body) if main.is_some() && problem(body).is_none() => None,
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
        Some(OutOfReach::Range(dist, max)) => Err(format!(
            "{} is {dist} yards away; the shot reaches {max} yards (Max, G-RNG-001)",
            t.name
        )),
        Some(OutOfReach::CloseCombat) => {
            Err("in close combat only reach C weapons can strike (G-CC-003)".to_string())
        }
        Some(OutOfReach::Wall) => Err(format!(
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
    if let Some(aw) = strike.at_weapon {
        weapon_target_mods(state, strike.target, aw, carried, &mut mods);
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
            let t = state.fighter(strike.target);
            if t.shield.as_ref().is_some_and(|s| s.ready)
                && matches!(loc, Location::LeftArm | Location::LeftHand)
            {
                mods.add("behind the shield", loc.aim_penalty(), "G-LOC-002");
            }
        }
    }
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
    situation(state, attacker, carried, &mut mods);
    // G-RNG-005: opportunity fire at a watched area.
    if let Some(r) = a.responding
        && r.foe == strike.target
    {
        mods.add("watching an area", r.watch_penalty, "G-RNG-005");
    }
    // G-GRP-004 / G-GRP-014: a grabbed figure attacks at -4.
    if state.held_by(attacker).is_some() {
        mods.add("grabbed", crate::resolve::grapple::GRABBED_DX, "G-GRP-014");
    }
    // G-CC-008 / G-ATK-027: striking into a close combat from outside it.
    let t = state.fighter(strike.target);
    let into = t.pose.pos != a.pose.pos
        && state.ids().any(|id| {
            id != strike.target
                && state.fighter(id).life != crate::state::Life::Dead
                && state.fighter(id).pose.pos == t.pose.pos
        });
    mods.add("into a close combat", if into { -2 } else { 0 }, "G-CC-008");
    // G-EXT-010 row 15: a torn muscle.
    if a.turns < a.torn_until_turn {
        mods.add("torn muscle", -1, "G-EXT-010");
    }
    if carried.is_some_and(|w| w.weapon.unarmed.is_some()) {
        mods.add("torn muscle (lasting)", a.torn_muscle, "G-EXT-010");
    }
    if ranged {
        ranged::mods(state, attacker, strike, how, &mut mods);
        return mods;
    }
    let t = state.fighter(strike.target);
    // G-ATK-024 decision: the target's SM minus the attacker's.
    mods.add("size difference", t.stats.sm - a.stats.sm, "G-ATK-024");
    // G-ATK-022: a reach weapon striking past hexes held by foes.
    let (from, to) = (a.pose.pos, t.pose.pos);
    if from.distance(to) > 1 {
        let foes = ranged::in_the_way(state, from, to, &[attacker, strike.target])
            .into_iter()
            .filter(|&id| state.fighter(id).side != a.side)
            .count() as i32;
        mods.add("striking past foes", -4 * foes, "G-ATK-022");
    }
    // G-ATK-021 / G-ATK-027: a melee attack from above is at -2 (the foe defends at -2 too).
    if state.map.height_at(from).unwrap_or(0) > state.map.height_at(to).unwrap_or(0) {
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
    mods
}

/// G-ATK-008 / G-ATK-009: striking a weapon: -5 at reach C, -4 at reach 1
/// (or a ranged weapon), -3 at reach 2 or more; a disarm takes -2 more
/// unless the striker's weapon is a fencing weapon.
fn weapon_target_mods<M: Mods>(
    state: &State,
    target: CombatantId,
    aw: crate::action::AtWeapon,
    striker: Option<&crate::state::Carried>,
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
fn situation<M: Mods>(
    state: &State,
    attacker: CombatantId,
    carried: Option<&crate::state::Carried>,
    mods: &mut M,
) {
    let a = state.fighter(attacker);
    let footing = state.map.terrain_at(a.pose.pos).is_some_and(|t| {
        t.contains(crate::terrain::TREACHEROUS) || t.contains(crate::terrain::WATER)
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
    how: How,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    if strike.rapid_recovery
        && let Some(w) = state
            .fighter_mut(attacker)
            .weapons
            .get_mut(usize::from(strike.weapon))
        && !w.ready
        && w.dropped_at.is_none()
    {
        w.ready = true;
        effort::spend(state, attacker, 1, "Rapid Recovery", "G-EFF-001", ctx)?;
    }
    // Readied now (or it was not needed): check the strike as a plain one.
    let strike = Strike {
        rapid_recovery: false,
        ..strike
    };
    let (wi, mi) = match check_strike_as(state, attacker, &strike, how)
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
    if strike.mighty_blow {
        effort::spend(state, attacker, 1, "Mighty Blow", "G-EFF-002", ctx)?;
    }
    if let Some(Multi::Rapid { flurry: true }) = how.multi {
        effort::spend(state, attacker, 1, "Flurry of Blows", "G-EFF-006", ctx)?;
    }
    let mods: ModList = to_hit(state, attacker, &strike, how);
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
    let telegraphic = if strike.telegraphic { 4 } else { 0 };
    let mut check = Check::new(attacker, "attack", "G-DICE-001").critical_excluded(telegraphic);
    if state.fighter(attacker).weapons[wi].is_ranged(mi) {
        check = check.ranged();
    }
    let r = check::roll_named(state, ctx, check, &mods, Some(&weapon.name))?;
    let extra_effort =
        strike.mighty_blow || matches!(how.multi, Some(Multi::Rapid { flurry: true }));
    if r.is_critical_failure() && extra_effort {
        effort::strained(state, attacker, effort::Limb::Arm, ctx)?;
    }
    let is_ranged = state.fighter(attacker).weapons[wi].is_ranged(mi);
    if is_ranged {
        let at = state.fighter(target).pose.pos;
        ranged::spend_shot(state, attacker, wi, mi, at);
    }
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
                    let failed = critical::Failed::Attack(wi, mi, is_ranged);
                    critical::critical_miss(state, attacker, failed, ctx)?;
                }
                miss_effects(state, attacker, wi, ctx)?;
                if into_close(state, attacker, target) {
                    crowd(state, attacker, &strike, wi, mi, how, ctx)?;
                } else if is_ranged {
                    stray(state, attacker, &strike, how, ctx)?;
                }
                return Ok(());
            }
        }
    }
    let landing = Landing {
        strike: Strike {
            location: aimed.map_or(crate::action::Aim::Random, crate::action::Aim::At),
            ..strike
        },
        wi,
        mi,
        how,
        critical: r.is_critical_success(),
        into_close: into_close(state, attacker, target),
    };
    land(state, attacker, landing, ctx)
}

/// Whether a strike at `target` goes into a close combat from outside it:
/// the target shares its hex with another figure, and the attacker is not
/// there (G-CC-008).
fn into_close(state: &State, attacker: CombatantId, target: CombatantId) -> bool {
    let hex = state.fighter(target).pose.pos;
    state.fighter(attacker).pose.pos != hex
        && state.ids().any(|id| {
            id != target
                && id != attacker
                && state.fighter(id).life != crate::state::Life::Dead
                && state.fighter(id).pose.pos == hex
        })
}

/// G-CC-009: an attack into a close combat that missed or was dodged may
/// strike another figure in that hex, picked at random, at 9 or the skill
/// to hit it on purpose, whichever is worse; the one struck may defend; it
/// goes on until something is hit, the attack is parried, or nobody is left.
fn crowd<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    attacker: CombatantId,
    strike: &Strike,
    wi: usize,
    mi: usize,
    how: How,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let hex = state.fighter(strike.target).pose.pos;
    let mut left: Vec<CombatantId> = state
        .ids()
        .filter(|&id| {
            id != strike.target
                && id != attacker
                && state.fighter(id).life != crate::state::Life::Dead
                && state.fighter(id).pose.pos == hex
        })
        .collect();
    while !left.is_empty() {
        let pick = if left.len() == 1 {
            0
        } else {
            let d = check::dice(
                state,
                ctx,
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
            location: crate::action::Aim::Random,
            deceptive: 0,
            chinks: false,
            at_weapon: None,
            ..*strike
        };
        let mut mods: ModList = to_hit(state, attacker, &at_other, how);
        let over = mods.total() - ranged::STRAY_CAP;
        if over > 0 {
            mods.add("into the melee: at most 9", -over, "G-DICE-004");
        }
        if mods.total() < 3 {
            continue;
        }
        let r = check::roll(
            state,
            ctx,
            Check::new(attacker, "strike into the melee", "G-CC-009"),
            &mods,
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
        let (a_name, o_name) = (
            state.fighter(attacker).name.clone(),
            state.fighter(other).name.clone(),
        );
        match defense::defend(
            state,
            inc,
            move || format!("{a_name}'s blow falls on {o_name}"),
            ctx,
        )? {
            None => return land_undefended(state, attacker, landing, ctx),
            Some(crate::state::DefenseKind::Dodge) => continue,
            Some(_) => return Ok(()),
        }
    }
    Ok(())
}

/// A strike that hit, on its way to the defense and the damage.
#[derive(Clone, Copy, Debug)]
struct Landing {
    strike: Strike,
    wi: usize,
    mi: usize,
    how: How,
    /// A critical hit: no defense, the Critical Hit Table (G-EXT-006).
    critical: bool,
    /// An attack into a close combat from outside (G-CC-008, G-CC-009).
    into_close: bool,
}

/// Steps 2-8 of the attack checklist for a strike that hit: the active
/// defense (or the Critical Hit Table), then damage and injury.
fn land<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    attacker: CombatantId,
    hit: Landing,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
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
        // G-EXT-006: no active defense; the location decides the table
        // (G-LOC-018), so a random one is rolled first.
        let loc = match aimed {
            Some(l) => l,
            None => injury::random_location(state, attacker, target, ctx)?,
        };
        aimed = Some(loc);
        if matches!(loc, Location::Skull | Location::Face | Location::Eye) {
            let roll = check::dice(
                state,
                ctx,
                Some(attacker),
                RollKind::three_d6(),
                "critical head blow table",
                "G-EXT-008",
                None,
            )?;
            let row = crate::tables::head_blow(roll);
            critical = injury::head_blow_effect(roll);
            if row.effect == crate::tables::critical::HeadBlowEffect::BecomesEyeHit {
                // Rows 6-7: an eye hit, unless the eye cannot be struck from
                // here (from behind, G-LOC-012 decision): then row 4.
                let from = state.fighter(attacker).pose.pos;
                let behind =
                    state.fighter(target).pose.arc_of(from) == Some(fray_core::grid::Arc::Back);
                if behind {
                    critical = injury::head_blow_effect(4);
                } else {
                    aimed = Some(Location::Eye);
                    ctx.emit(|| Event::Note {
                        text: "the critical blow strikes the eye".into(),
                        rule: "G-EXT-008",
                    });
                }
            }
        } else {
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
                && w.weapon.modes[mi].damage.base != crate::damage::DamageBase::Thrust,
            weapon: Some((wi as u8, mi as u8)),
            at_weapon: strike.at_weapon.is_some(),
            ..Incoming::melee(state, attacker, target)
        };
        let a_name = state.fighter(attacker).name.clone();
        let t_name = state.fighter(target).name.clone();
        let weapon = std::sync::Arc::clone(&w.weapon);
        let words = move || format!("{a_name} attacks {t_name} with {}", weapon.name);
        match defense::defend(state, inc, words, ctx)? {
            None => {}
            // G-CC-009: a dodged attack into a close combat may strike another there.
            Some(crate::state::DefenseKind::Dodge) if hit.into_close => {
                return crowd(state, attacker, &strike, wi, mi, how, ctx);
            }
            Some(_) => return Ok(()),
        }
    }
    damage(state, attacker, hit, critical, aimed, ctx)
}

/// A blow that got past any defense: its damage (G-TURN-004 steps 3-8).
fn land_undefended<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    attacker: CombatantId,
    hit: Landing,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let aimed = hit.strike.location.location();
    damage(state, attacker, hit, CriticalEffect::default(), aimed, ctx)
}

/// Steps 3-8: the damage of a blow that landed, or what it does to a
/// struck weapon.
fn damage<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    attacker: CombatantId,
    hit: Landing,
    critical: CriticalEffect,
    aimed: Option<Location>,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let Landing {
        strike,
        wi,
        mi,
        how,
        ..
    } = hit;
    let target = strike.target;
    if let Some(aw) = strike.at_weapon {
        return weapon_struck(state, attacker, target, wi, mi, aw, ctx);
    }
    // G-SPL-011: a melee spell is spent on the one it lands on.
    crate::resolve::magic::discharged(state, attacker, wi);
    let a = state.fighter(attacker);
    let mode = &a.weapons[wi].weapon.modes[mi];
    let dice = mode.damage.dice_for(a.stats.st);
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
        ctx.emit(|| Event::Note {
            text: format!("Stop Thrust: +{n} damage for the foe's charge"),
            rule: "G-STP-002",
        });
    }
    // G-DMG-002 decision: at or beyond 1/2D, basic damage is halved.
    let half = ranged::ranges(state, attacker, wi, mi)
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
        push: injury::Push::Normal,
    };
    injury::strike(state, blow, ctx)
}

/// A strike that reached the foe's weapon: the disarm contest or the
/// damage to the weapon (G-ATK-010..013).
fn weapon_struck<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    attacker: CombatantId,
    target: CombatantId,
    wi: usize,
    mi: usize,
    aw: crate::action::AtWeapon,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let twi = usize::from(aw.weapon);
    let name = state.fighter(target).weapons[twi].weapon.name.clone();
    if aw.disarm {
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
        let mut theirs =
            ModList::base("best of ST and DX", t.stats.st.max(t.stats.dx), "G-ATK-010");
        let two_handed = t.weapons[twi].weapon.modes.iter().any(|m| m.two_handed);
        if two_handed {
            theirs.add("two-handed weapon", 2, "G-ATK-010");
        }
        let ra = check::roll(
            state,
            ctx,
            Check::new(attacker, "disarm", "G-ATK-010"),
            &mine,
        )?;
        let rt = check::roll(
            state,
            ctx,
            Check::new(target, "keep hold of the weapon", "G-ATK-010"),
            &theirs,
        )?;
        let contest = quick_contest(ra.roll, ra.level, rt.roll, rt.level);
        // G-ATK-011: the outcome by the margin.
        match contest.winner {
            Winner::A => {
                let d = check::dice(
                    state,
                    ctx,
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
                w.ready = false;
                w.dropped_at = Some(lands);
                say(
                    state,
                    target,
                    format!("is disarmed: the {name} lands at {lands}"),
                    "G-ATK-011",
                    ctx,
                );
            }
            Winner::Tie => unready(state, target, twi, &name, ctx),
            Winner::B if contest.margin_of_victory <= 2 => unready(state, target, twi, &name, ctx),
            Winner::B => {}
        }
        return Ok(());
    }
    // G-ATK-012 / G-ATK-013: damage against the weapon's DR and HP.
    let a = state.fighter(attacker);
    let mode = &a.weapons[wi].weapon.modes[mi];
    let dice = mode.damage.dice_for(a.stats.st);
    let t_type = mode.damage_type;
    let basic = check::dice(
        state,
        ctx,
        Some(attacker),
        dice.kind(),
        "damage to the weapon",
        "G-ATK-012",
        None,
    )?;
    let material = state.fighter(target).weapons[twi].weapon.material;
    let dr = crate::tables::weapon_dr(material);
    let hurt = crate::tables::weapon_injury(basic.max(0) - dr, t_type);
    let w = &mut state.fighter_mut(target).weapons[twi];
    w.hp -= hurt;
    let max = crate::tables::weapon_hp(w.weapon.weight);
    let now = crate::tables::weapon_state(w.hp, max);
    let left = w.hp;
    let what = match now {
        crate::tables::WeaponState::Intact => {
            format!("{name} takes {hurt} damage ({left}/{max} HP)")
        }
        crate::tables::WeaponState::Disabled => {
            w.broken = true;
            w.ready = false;
            format!("{name} is broken ({left}/{max} HP)")
        }
        crate::tables::WeaponState::Destroyed => {
            w.broken = true;
            w.ready = false;
            format!("{name} is destroyed ({left}/{max} HP)")
        }
    };
    say(state, target, what, "G-ATK-013", ctx);
    Ok(())
}

fn unready<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    who: CombatantId,
    wi: usize,
    name: &str,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) {
    state.fighter_mut(who).weapons[wi].ready = false;
    say(
        state,
        who,
        format!("keeps the {name}, but it is unready"),
        "G-ATK-011",
        ctx,
    );
}

/// G-RNG-007: a missed shot may hit someone else: each figure in the way
/// or beside the target, nearest first, at 9 or the skill to hit it on
/// purpose, whichever is lower, until one is hit. That figure may defend.
fn stray<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let (wi, mi) = (usize::from(strike.weapon), usize::from(strike.mode));
    for other in ranged::stray_candidates(state, attacker, strike.target) {
        let at_other = Strike {
            target: other,
            location: crate::action::Aim::Random,
            deceptive: 0,
            chinks: false,
            ..*strike
        };
        let mut mods: ModList = to_hit(state, attacker, &at_other, how);
        let over = mods.total() - ranged::STRAY_CAP;
        if over > 0 {
            mods.add("a stray shot: at most 9", -over, "G-DICE-004");
        }
        if mods.total() < 3 {
            continue;
        }
        let r = check::roll(
            state,
            ctx,
            Check::new(attacker, "stray shot", "G-RNG-007").ranged(),
            &mods,
        )?;
        if r.is_success() {
            let name = state.fighter(other).name.clone();
            ctx.emit(|| Event::Note {
                text: format!("the missed shot flies on and strikes at {name}"),
                rule: "G-RNG-007",
            });
            let landing = Landing {
                strike: at_other,
                wi,
                mi,
                how,
                critical: false,
                into_close: false,
            };
            return land(state, attacker, landing, ctx);
        }
    }
    Ok(())
}

/// What a plain miss does to the attacker: a missed kick calls for a DX
/// roll or a fall (G-ATK-019).
fn miss_effects<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    attacker: CombatantId,
    wi: usize,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let a = state.fighter(attacker);
    if a.weapons[wi].weapon.unarmed != Some(Unarmed::Kick) {
        return Ok(());
    }
    let mods = ModList::base("DX", a.stats.dx, "");
    let r = check::roll(
        state,
        ctx,
        Check::new(attacker, "keep footing after a missed kick", "G-ATK-019"),
        &mods,
    )?;
    if !r.is_success() {
        let f = state.fighter_mut(attacker);
        f.posture = crate::state::Posture::Lying;
        let name = f.name.clone();
        ctx.emit(|| Event::Condition {
            who: name.to_string(),
            what: "falls after the missed kick".into(),
            rule: "G-ATK-019",
        });
    }
    Ok(())
}
