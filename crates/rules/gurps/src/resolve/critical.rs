//! Critical misses and what they do: the armed and unarmed Critical Miss
//! Tables (G-EXT-009, G-EXT-010) for attacks and parries (G-EXT-011).

use crate::Flow;
use crate::Gurps;
use crate::model::damage::{DamageBase, DamageType};
use crate::model::data::Unarmed;
use crate::model::location::Location;
use crate::model::state::{Posture, State};
use crate::resolve::check::{self, Check, Judged};
use crate::resolve::injury::{self};
use crate::resolve::say;
use crate::rules::injury::Blow;
use crate::rules::tables::{self, CriticalMiss, MissedAttack, UnarmedMiss};
use fray_core::dice::RollKind;
use fray_core::grid::{Facing, Pose};
use fray_core::{CombatantId, Cx, ModList};

/// What the critically failed roll was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failed {
    /// An attack with weapon `0`, mode `1`; ranged or not.
    Attack(usize, usize, bool),
    /// A parry with weapon `0`.
    Parry(usize),
    /// A slam (G-EXT-010 covers slams).
    Slam,
}

/// Rolls on the right Critical Miss Table for `who` and applies the row.
pub fn critical_miss(
    state: &mut State,
    who: CombatantId,
    failed: Failed,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let (wi, mi, ranged, parry) = match failed {
        Failed::Attack(w, m, r) => (w, m, r, false),
        Failed::Parry(w) => (w, 0, false, true),
        Failed::Slam => {
            let roll = table_roll(state, who, "unarmed critical miss table", "G-EXT-010", cx)?;
            let row = tables::unarmed_critical_miss(roll);
            return unarmed(state, who, usize::MAX, Unarmed::Natural, false, row, cx);
        }
    };
    let Some(w) = state.fighter(who).weapons.get(wi) else {
        return Ok(());
    };
    if let Some(kind) = w.weapon.unarmed {
        let roll = table_roll(state, who, "unarmed critical miss table", "G-EXT-010", cx)?;
        return unarmed(
            state,
            who,
            wi,
            kind,
            parry,
            tables::unarmed_critical_miss(roll),
            cx,
        );
    }
    // Read in place: the mode is not cloned (its name is a `String`).
    let mode = w.weapon.modes.get(mi);
    let attack = MissedAttack {
        ranged,
        impaling_or_piercing: mode
            .is_some_and(|m| m.damage_type.is_piercing_or_impaling() && m.is_melee()),
        swung: !parry && mode.is_some_and(|m| m.damage.base == DamageBase::Swing),
        resists_breaking: mode.is_some_and(|m| m.damage_type == DamageType::Crushing)
            && w.weapon.material == crate::model::data::WeaponMaterial::SolidMetal,
        cheap: false,
    };
    let roll = table_roll(state, who, "critical miss table", "G-EXT-009", cx)?;
    let second = if tables::critical::critical_miss_rolls_again(roll, attack) {
        table_roll(state, who, "critical miss table, again", "G-EXT-009", cx)?
    } else {
        roll
    };
    armed(
        state,
        who,
        wi,
        mi,
        tables::resolve_critical_miss(roll, second, attack),
        cx,
    )
}

/// The name of weapon `wi` of `who`, read where it is said.
fn weapon_name(state: &State, who: CombatantId, wi: usize) -> &str {
    &state.fighter(who).weapons[wi].weapon.name
}

fn table_roll(
    state: &State,
    who: CombatantId,
    label: &'static str,
    rule: &'static str,
    cx: &mut impl Cx<Gurps>,
) -> Flow<i32> {
    check::dice(
        state,
        cx,
        Some(who),
        RollKind::three_d6(),
        label,
        rule,
        None,
    )
}

/// G-EXT-009: applies a row of the armed Critical Miss Table.
fn armed(
    state: &mut State,
    who: CombatantId,
    wi: usize,
    mi: usize,
    miss: CriticalMiss,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    const RULE: &str = "G-EXT-009";
    // The weapon's name is read after each change, where it is said: a
    // clone of its `Arc` to hold it across the change would write a count
    // every worker thread reads (issue 38).
    match miss {
        CriticalMiss::WeaponBreaks => {
            let w = &mut state.fighter_mut(who).weapons[wi];
            w.set_broken(true);
            w.set_ready(false);
            say(
                state,
                who,
                format_args!("breaks the {}", weapon_name(state, who, wi)),
                RULE,
                cx,
            );
        }
        CriticalMiss::HitSelf { half } => hit_own_limb(state, who, (wi, mi), half, cx)?,
        CriticalMiss::OffBalance => off_balance(state, who, RULE, cx),
        CriticalMiss::WeaponTurns => {
            state.fighter_mut(who).weapons[wi].set_ready(false);
            say(
                state,
                who,
                format_args!(
                    "has the {} turn in hand: it needs a Ready",
                    weapon_name(state, who, wi)
                ),
                RULE,
                cx,
            );
        }
        CriticalMiss::DropWeapon => {
            drop(state, who, wi);
            say(
                state,
                who,
                format_args!("drops the {}", weapon_name(state, who, wi)),
                RULE,
                cx,
            );
        }
        CriticalMiss::WeaponFlies => weapon_flies(state, who, (wi, mi), cx)?,
        CriticalMiss::StrainedShoulder => strained_shoulder(state, who, wi, cx),
        CriticalMiss::FallDown => fall(state, who, RULE, cx),
    }
    Ok(())
}

/// G-EXT-010: applies a row of the Unarmed Critical Miss Table.
fn unarmed(
    state: &mut State,
    who: CombatantId,
    wi: usize,
    kind: Unarmed,
    parry: bool,
    miss: UnarmedMiss,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    const RULE: &str = "G-EXT-010";
    let limb = match kind {
        Unarmed::Kick => Location::RightFoot,
        Unarmed::Bite => Location::Face,
        // A slam (no weapon) strikes with the body.
        Unarmed::Natural if wi == usize::MAX => Location::Torso,
        _ => Location::RightHand,
    };
    // On a body without it (a wolf's claw), the nearest part it has.
    let limb = crate::rules::location::own_part(state.fighter(who), limb);
    match miss {
        UnarmedMiss::KnockSelfOut => {
            state.fighter_mut(who).life = crate::model::state::Life::Unconscious;
            say(state, who, "knocks itself out", RULE, cx);
        }
        UnarmedMiss::StrainedLimb { animal_flees } => {
            strained_limb(state, who, kind, limb, animal_flees, cx)?
        }
        UnarmedMiss::HitSolid { half } => hit_solid(state, who, limb, half, cx)?,
        UnarmedMiss::Stumble => {
            if parry {
                fall(state, who, RULE, cx);
            } else {
                stumble(state, who, cx);
            }
        }
        UnarmedMiss::FallDown => fall(state, who, RULE, cx),
        UnarmedMiss::OffBalance => off_balance(state, who, RULE, cx),
        UnarmedMiss::Trip => trip(state, who, kind, cx)?,
        UnarmedMiss::DroppedGuard => {
            state.fighter_mut(who).set_dropped_guard(true);
            say(
                state,
                who,
                "drops its guard: defenses -2 and feints count double until its next turn",
                RULE,
                cx,
            );
        }
        UnarmedMiss::TornMuscle => torn_muscle(state, who, limb, cx)?,
    }
    let _ = wi;
    Ok(())
}

/// G-EXT-009: the attacker hits its own arm or leg (50/50).
fn hit_own_limb(
    state: &mut State,
    who: CombatantId,
    (wi, mi): (usize, usize),
    half: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    const RULE: &str = "G-EXT-009";
    // 50/50 arm or leg.
    let d = check::dice(
        state,
        cx,
        Some(who),
        RollKind::d(1, 6),
        "arm or leg",
        RULE,
        None,
    )?;
    let location = if d <= 3 {
        Location::RightArm
    } else {
        Location::RightLeg
    };
    let location = crate::rules::location::own_part(state.fighter(who), location);
    say(
        state,
        who,
        format_args!("hits its own {location}"),
        RULE,
        cx,
    );
    hit_self(state, who, wi, mi, location, half, cx)?;
    Ok(())
}

/// G-EXT-009: the weapon flies 1d hexes forward or back (stopping at
/// the map's edge); whoever stands where it lands dodges it or is struck.
fn weapon_flies(
    state: &mut State,
    who: CombatantId,
    (wi, mi): (usize, usize),
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    const RULE: &str = "G-EXT-009";
    let far = check::dice(
        state,
        cx,
        Some(who),
        RollKind::d(1, 6),
        "how far the weapon flies",
        RULE,
        None,
    )?;
    let way = check::dice(
        state,
        cx,
        Some(who),
        RollKind::d(1, 6),
        "forward or back",
        RULE,
        None,
    )?;
    let f = state.fighter(who);
    let dir = if way <= 3 {
        f.facing()
    } else {
        f.facing().opposite()
    };
    let mut at = f.pose.pos;
    for _ in 0..far {
        let next = at.neighbour(dir);
        if !state.map.passable(next) {
            break;
        }
        at = next;
    }
    let w = &mut state.fighter_mut(who).weapons[wi];
    w.set_ready(false);
    w.dropped_at = Some(at);
    say(
        state,
        who,
        format_args!(
            "loses the {}: it flies to {at}",
            weapon_name(state, who, wi)
        ),
        RULE,
        cx,
    );
    if let Some(other) = state.occupant(at, Some(who)) {
        let dx = ModList::base("DX", state.fighter(other).stats.dx, "");
        let r = check::roll(
            state,
            cx,
            Check::new(other, "dodge the flying weapon", RULE).outcome_only(&[]),
            &dx,
        )?;
        if !r.is_success() {
            strike_with(state, who, other, wi, mi, Location::Torso, true, cx)?;
        }
    }
    Ok(())
}

/// G-EXT-009 decision: the weapon arm is out for the fight, as a crippled arm.
fn strained_shoulder(state: &mut State, who: CombatantId, wi: usize, cx: &mut impl Cx<Gurps>) {
    const RULE: &str = "G-EXT-009";
    // Decision: the weapon arm is out for the fight, as a crippled arm.
    let f = state.fighter_mut(who);
    if !f.crippled.contains(&Location::RightArm) {
        f.crippled.push(Location::RightArm);
    }
    drop(state, who, wi);
    say(
        state,
        who,
        "strains the shoulder: the weapon arm cannot attack or defend",
        RULE,
        cx,
    );
}

/// G-EXT-010: a strained limb costs 1 HP; a beast of IQ 5 or less may flee.
fn strained_limb(
    state: &mut State,
    who: CombatantId,
    kind: Unarmed,
    limb: Location,
    animal_flees: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    const RULE: &str = "G-EXT-010";
    let f = state.fighter_mut(who);
    f.hp -= 1;
    f.injury_since_turn += 1;
    f.record.taken += 1;
    // Decision: a strained limb is unusable for the fight, as crippled;
    // a bite strains the jaw: the pain only.
    let limb_or_extremity = matches!(
        limb.part(),
        crate::model::location::Part::Limb | crate::model::location::Part::Extremity
    );
    if kind != Unarmed::Bite && limb_or_extremity && !f.crippled.contains(&limb) {
        f.crippled.push(limb);
    }
    let animal = f.has(crate::model::sheet::Trait::Quadruped)
        || f.stats.body_type != crate::model::location::BodyType::Humanoid;
    let flees = animal_flees && f.stats.iq <= 5 && animal;
    if flees {
        f.life = crate::model::state::Life::Unconscious;
    }
    // Each branch says its own words: `format_args!` builds no string
    // unless someone narrates (the simulator's path allocates nothing).
    if flees {
        say(state, who, "strains itself and flees the fight", RULE, cx);
    } else {
        say(
            state,
            who,
            format_args!("strains the {limb}: 1 HP"),
            RULE,
            cx,
        );
    }
    injury::death_checks(state, who, cx)?;
    Ok(())
}

/// G-EXT-010: the limb hits something solid: thrust crushing damage to it.
fn hit_solid(
    state: &mut State,
    who: CombatantId,
    limb: Location,
    half: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    const RULE: &str = "G-EXT-010";
    say(
        state,
        who,
        format_args!("hits something solid with the {limb}"),
        RULE,
        cx,
    );
    let f = state.fighter(who);
    let dice = crate::rules::damage::dice_for(
        crate::model::damage::DamageSpec {
            base: DamageBase::Thrust,
            adds: 0,
        },
        f.stats.st,
    );
    blow_self(state, who, dice, DamageType::Crushing, limb, half, cx)?;
    Ok(())
}

/// G-EXT-010: a DX roll (harder when kicking) to keep footing, or fall.
fn trip(state: &mut State, who: CombatantId, kind: Unarmed, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    const RULE: &str = "G-EXT-010";
    let f = state.fighter(who);
    let kicking = kind == Unarmed::Kick;
    let mut dx = ModList::base("DX", f.stats.dx, "");
    dx.add(
        "kicking",
        tables::critical::trip_roll_modifier(kicking),
        RULE,
    );
    let r = check::roll(
        state,
        cx,
        Check::new(who, "keep footing after a trip", RULE).outcome_only(&[]),
        &dx,
    )?;
    if !r.is_success() {
        fall(state, who, RULE, cx);
    }
    Ok(())
}

/// G-EXT-010 row 15: a torn muscle: a penalty for two turns, a lasting
/// one to unarmed attacks, and a little injury.
fn torn_muscle(
    state: &mut State,
    who: CombatantId,
    limb: Location,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    const RULE: &str = "G-EXT-010";
    let hpt = state
        .fighter(who)
        .has(crate::model::sheet::Trait::HighPainThreshold);
    let f = state.fighter_mut(who);
    f.torn_until_turn = f.turns + 2;
    f.torn_muscle = tables::critical::torn_muscle_penalty(hpt);
    say(
        state,
        who,
        format_args!("tears a muscle in the {limb}"),
        RULE,
        cx,
    );
    let dice = tables::critical::TORN_MUSCLE_INJURY;
    blow_self(state, who, dice, DamageType::Crushing, limb, false, cx)?;
    Ok(())
}

/// Off balance: no further action and -2 to defenses until the next turn.
fn off_balance(state: &mut State, who: CombatantId, rule: &'static str, cx: &mut impl Cx<Gurps>) {
    state.fighter_mut(who).set_off_balance(true);
    say(
        state,
        who,
        "is off balance: no more action and defenses -2 until its next turn",
        rule,
        cx,
    );
}

fn fall(state: &mut State, who: CombatantId, rule: &'static str, cx: &mut impl Cx<Gurps>) {
    state.fighter_mut(who).posture = Posture::Lying;
    say(state, who, "falls down", rule, cx);
}

/// G-EXT-009: drops weapon `wi` if it is held; a fist or a claw is not
/// held, so nothing drops.
fn drop(state: &mut State, who: CombatantId, wi: usize) {
    let f = state.fighter_mut(who);
    let pos = f.pose.pos;
    if let Some(w) = f.weapons.get_mut(wi).filter(|w| w.is_held()) {
        w.set_ready(false);
        w.dropped_at = Some(pos);
    }
}

/// G-EXT-010 rows 7 and 14: the attacker stumbles one hex on, past the foe
/// it faced, and faces away (decision: when that hex is taken or walled,
/// it is merely off balance).
fn stumble(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) {
    let f = state.fighter(who);
    let ahead = f.pose.pos.neighbour(f.facing());
    let past = ahead.neighbour(f.facing());
    let to = [past, ahead]
        .into_iter()
        .find(|&h| crate::rules::movement::free(state, who, h));
    match to {
        Some(h) => {
            let away: Facing = f.facing();
            crate::resolve::position::set_pose(state, who, Pose::new(h, away), "stumbles", cx);
            off_balance(state, who, "G-EXT-010", cx);
        }
        None => off_balance(state, who, "G-EXT-010", cx),
    }
}

/// The weapon's own damage to its wielder (G-EXT-009 rows 5-6), at full or half.
fn hit_self(
    state: &mut State,
    who: CombatantId,
    wi: usize,
    mi: usize,
    location: Location,
    half: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    strike_with(state, who, who, wi, mi, location, half, cx)
}

/// `who`'s weapon damage against `target` at `location` (full or half).
#[allow(clippy::too_many_arguments)]
fn strike_with(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    wi: usize,
    mi: usize,
    location: Location,
    half: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let f = state.fighter(who);
    let Some(mode) = f.weapons[wi].weapon.modes.get(mi) else {
        return Ok(());
    };
    let blow = Blow {
        armor_divisor: mode.armor_divisor,
        half,
        ..Blow::plain(
            who,
            target,
            crate::rules::damage::dice_for(mode.damage, f.stats.st),
            mode.damage_type,
            location,
        )
    };
    injury::strike(state, blow, cx)
}

/// Damage of given dice and type to the figure itself (unarmed rows 5-6, 15).
fn blow_self(
    state: &mut State,
    who: CombatantId,
    dice: crate::model::damage::Dice,
    damage_type: DamageType,
    location: Location,
    half: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let blow = Blow {
        half,
        ..Blow::plain(who, who, dice, damage_type, location)
    };
    injury::strike(state, blow, cx)
}
