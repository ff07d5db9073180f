//! Damage and injury: steps 3-8 of the attack checklist (G-TURN-004):
//! damage roll, hit location, DR, wounding, injury and its effects.

use crate::Flow;
use crate::Gurps;
use crate::model::damage::DamageType;
use crate::model::event::Event;
use crate::model::location::{BodyType, Location, Part};
use crate::model::sheet::Trait;
use crate::model::state::{Life, Posture, State, Stun};
use crate::resolve::check::{self, Check, Judged};
use crate::rules::injury::{Blow, Push, divided_dr, injury_from};
use fray_core::dice::RollKind;
use fray_core::grid::Arc;
use fray_core::{CombatantId, Cx, ModList};

/// Rolls damage and location, applies DR and wounding, and applies the injury.
pub fn strike(state: &mut State, blow: Blow, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    // G-DMG-001: basic damage (dice plus adds), then bonuses and critical multipliers.
    let rolled = if blow.critical.maximum {
        blow.dice.max()
    } else {
        check::dice(
            state,
            cx,
            Some(blow.attacker),
            blow.dice.kind(),
            "damage",
            "G-DMG-001",
            None,
        )?
    };
    strike_rolled(state, blow, rolled, cx)
}

/// What one blow did, step by step (G-TURN-004 steps 3-8), kept for the
/// damage report and the effects that follow.
#[derive(Clone, Copy)]
struct Wound {
    location: Location,
    basic: i32,
    dr: i32,
    penetrating: i32,
    /// The location's wounding multiplier, in halves.
    mult: i32,
    /// The injury before the crippling cap (G-LOC-008).
    uncapped: i32,
    injury: i32,
}

/// [`strike`] with the dice already rolled (`rolled`, adds included): a
/// slam rolls both sides' damage before either is applied.
pub fn strike_rolled(
    state: &mut State,
    blow: Blow,
    rolled: i32,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let basic = basic_damage(&blow, rolled, cx);
    let location = hit_location(state, &blow, cx)?;
    let dr = effective_dr(state, &blow, location);
    let penetrating = (basic - dr).max(0);
    // G-DMG-004 with the location's multiplier (G-LOC-011..017).
    let mult = crate::rules::location::multiplier_halves(location, blow.damage_type);
    let max_hp = state.fighter(blow.target).stats.hp;
    let uncapped = injury_from(penetrating, mult);
    // G-LOC-008: injury past the crippling point of a limb is lost.
    let injury = crate::rules::location::cap_injury(location, max_hp, uncapped);
    if blow.damage_type == DamageType::Fatigue {
        return fatigue_blow(state, &blow, injury, cx);
    }
    let trauma = blunt_trauma(state, &blow, location, basic, penetrating, cx);
    let injury = if blow.push == Push::Shove {
        0
    } else {
        injury + trauma
    };
    corrode(state, &blow, location, basic, cx);
    let wound = Wound {
        location,
        basic,
        dr,
        penetrating,
        mult,
        uncapped,
        injury,
    };
    apply_injury(state, &blow, injury);
    report_damage(state, &blow, &wound, cx);
    aftermath(state, blow, &wound, cx)?;
    follow_up(state, &blow, &wound, cx)
}

/// G-DMG-001: basic damage with the blow's bonus and critical multiplier;
/// G-DMG-002 halving; G-EXT-020 floor.
fn basic_damage(blow: &Blow, rolled: i32, cx: &mut impl Cx<Gurps>) -> i32 {
    let mut basic = rolled;
    if let Some((label, value, rule)) = blow.bonus {
        basic += value;
        cx.note(rule, || format!("{label}: {value:+} damage"));
    }
    if blow.critical.multiply > 1 {
        basic *= blow.critical.multiply;
    }
    if blow.half {
        // G-DMG-002 decision: halved at or beyond 1/2D, rounding down.
        basic /= 2;
        cx.note("G-DMG-002", || {
            "beyond half-damage range: basic damage halved".into()
        });
    }
    // G-EXT-020: minimum basic damage 0 for crushing, 1 otherwise.
    let floor = if blow.damage_type == DamageType::Crushing {
        0
    } else {
        1
    };
    basic.max(floor)
}

/// G-TURN-004 step 4 / G-LOC-001: random location when none was aimed at.
/// G-DMG-006 decision: fatigue damage ignores hit location (torso DR, x1).
fn hit_location(state: &mut State, blow: &Blow, cx: &mut impl Cx<Gurps>) -> Flow<Location> {
    Ok(match blow.aimed {
        _ if blow.damage_type == DamageType::Fatigue => Location::Torso,
        Some(l) => l,
        None => random_location(state, blow.attacker, blow.target, cx)?,
    })
}

/// G-DMG-003: DR by location after the armor divisor; a critical may halve it.
fn effective_dr(state: &State, blow: &Blow, location: Location) -> i32 {
    if blow.past_dr {
        // A follow-up's damage is already inside (decision).
        return 0;
    }
    let t = state.fighter(blow.target);
    let raw_dr = crate::rules::injury::armor_dr(t, location, blow.damage_type);
    let mut dr = if blow.chinks {
        // G-ATK-023 decision: worn armor's DR halved after the divisor; the
        // skull's own +2 and natural DR count in full.
        let skull = if location == Location::Skull { 2 } else { 0 };
        let natural = (t.stats.natural_dr + skull).min(raw_dr);
        divided_dr(raw_dr - natural, blow.armor_divisor) / 2
            + divided_dr(natural, blow.armor_divisor)
    } else {
        divided_dr(raw_dr, blow.armor_divisor)
    };
    if blow.critical.half_dr {
        dr /= 2;
    }
    if blow.critical.half_dr_up {
        dr = crate::rules::tables::critical::HeadBlowDr::HalfRoundedUp.effective_dr(dr);
    }
    if blow.critical.ignore_dr {
        dr = 0;
    }
    dr
}

/// G-DMG-006 decision: fatigue damage reduces FP (with G-FAT-003/004).
fn fatigue_blow(state: &mut State, blow: &Blow, injury: i32, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let fp = state.fighter(blow.target).fp - injury;
    let name = &*state.fighter(blow.target).name;
    cx.note("G-DMG-006", || {
        format!("{name} loses {injury} FP (FP {fp})")
    });
    crate::resolve::effort::lose_fp(state, blow.target, injury, cx)
}

/// G-EXT-021: blunt trauma through flexible armor that stopped the blow
/// (told unless the blow is a shove, which injures nothing).
fn blunt_trauma(
    state: &State,
    blow: &Blow,
    location: Location,
    basic: i32,
    penetrating: i32,
    cx: &mut impl Cx<Gurps>,
) -> i32 {
    let trauma = if penetrating == 0 && state.fighter(blow.target).flexible[location.index()] {
        use DamageType::*;
        match blow.damage_type {
            Crushing => basic / 5,
            Cutting | Impaling | SmallPiercing | Piercing | LargePiercing | HugePiercing => {
                basic / 10
            }
            _ => 0,
        }
    } else {
        0
    };
    if trauma > 0 && blow.push != Push::Shove {
        let name = &*state.fighter(blow.target).name;
        cx.note("G-EXT-021", || {
            format!("{name} takes {trauma} HP of blunt trauma through flexible armor")
        });
    }
    trauma
}

/// G-EXT-022: every full 5 points of corrosion eat 1 point of the armor's DR.
fn corrode(
    state: &mut State,
    blow: &Blow,
    location: Location,
    basic: i32,
    cx: &mut impl Cx<Gurps>,
) {
    if blow.damage_type != DamageType::Corrosion {
        return;
    }
    let t = state.fighter(blow.target);
    let skull = if location == Location::Skull { 2 } else { 0 };
    let worn = t.dr[location.index()] - t.stats.natural_dr - skull;
    let eaten = (basic / 5).min(worn.max(0));
    if eaten > 0 {
        let f = state.fighter_mut(blow.target);
        f.dr[location.index()] -= eaten;
        // Split DR loses as many points against crushing, down to what is
        // not worn armor.
        let floor = f.stats.natural_dr + skull;
        let i = location.index();
        f.crushing_dr[i] = (f.crushing_dr[i] - eaten).max(floor.min(f.crushing_dr[i]));
        let name = &*state.fighter(blow.target).name;
        cx.note("G-EXT-022", || {
            format!("corrosion eats {eaten} DR of {name}'s armor on the {location}")
        });
    }
}

/// Takes the injury off the target's HP and keeps both sides' records.
fn apply_injury(state: &mut State, blow: &Blow, injury: i32) {
    let f = state.fighter_mut(blow.target);
    f.hp -= injury;
    f.injury_since_turn += injury;
    f.record.taken += injury;
    if blow.attacker != blow.target {
        state.fighter_mut(blow.attacker).record.dealt += injury;
    }
}

/// The damage event, with the rules applied in order (built only when
/// narrating).
fn report_damage(state: &State, blow: &Blow, w: &Wound, cx: &mut impl Cx<Gurps>) {
    let f = state.fighter(blow.target);
    let (hp, hp_max) = (f.hp, f.stats.hp);
    cx.emit(|| Event::Damage {
        target: f.name.to_string(),
        location: w.location.to_string(),
        basic: w.basic,
        damage_type: blow.damage_type.to_string(),
        dr: w.dr,
        penetrating: w.penetrating,
        multiplier: w.mult as f32 / 2.0,
        injury: w.injury,
        hp,
        hp_max,
        rules: {
            let mut rules = vec!["G-DMG-001", "G-DMG-003"];
            if blow.chinks {
                rules.push("G-ATK-023");
            }
            if blow.critical.half_dr {
                rules.push("G-EXT-007");
            }
            if blow.critical.half_dr_up || blow.critical.ignore_dr {
                rules.push("G-EXT-008");
            }
            rules.extend(["G-DMG-004", "G-DMG-005"]);
            if w.injury < w.uncapped {
                rules.push("G-LOC-008");
            }
            rules
        },
    });
}

/// What follows a blow: waking, aim and spell checks, injury effects,
/// knockback, death checks and the critical's leftovers.
fn aftermath(state: &mut State, blow: Blow, w: &Wound, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    if w.injury > 0 {
        crate::resolve::magic::wake(state, blow.target, cx);
        keep_aim(state, blow.target, cx)?;
        // G-SPL-002: injury may spoil a spell under way.
        crate::resolve::magic::distracted(
            state,
            blow.target,
            crate::rules::magic::Distraction::Injured,
            cx,
        )?;
        effects(state, blow, w.location, w.injury, w.uncapped, cx)?;
    }
    // G-TURN-004 decision: knockback after the knockdown roll, then death checks.
    knockback(state, blow, w.basic, w.penetrating, cx)?;
    if w.injury > 0 {
        let alive = state.fighter(blow.target).life != Life::Dead;
        death_checks(state, blow.target, cx)?;
        // G-LOC-014: slain by a cutting blow to the neck, the figure is beheaded.
        if alive
            && state.fighter(blow.target).life == Life::Dead
            && w.location == Location::Neck
            && blow.damage_type == DamageType::Cutting
        {
            let name = &*state.fighter(blow.target).name;
            cx.condition("G-LOC-014", name, || "is beheaded".into());
        }
    }
    head_blow_aftermath(state, blow, w.penetrating, cx)?;
    // G-EXT-007 row 12: the victim drops what it holds even if nothing got through.
    if blow.critical.drop {
        drop_everything(state, blow.target);
        let name = &*state.fighter(blow.target).name;
        cx.condition("G-EXT-007", name, || "drops what it holds".into());
    }
    Ok(())
}

/// Decision (follow-up attacks, docs/rules/gurps.md): a blow that carries
/// a follow-up (a viper's venom) and got through DR (some penetrating
/// damage, G-DMG-003) delivers it: the victim rolls HT at the follow-up's
/// modifier when it may resist (G-DICE-001; a success leaves the lesser
/// damage or none), then the follow-up's damage (G-DMG-001) goes in past
/// DR, wounded by its own type (G-DMG-004): venom through the whole body
/// (the torso), fire or acid on the location struck (G-LOC-011..017;
/// [`crate::rules::injury::follow_up_location`]), with its own shock and
/// checks but no knockback. A blow that killed, or was stopped by DR,
/// delivers nothing.
fn follow_up(state: &mut State, blow: &Blow, w: &Wound, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let Some(fu) = blow.follow_up else {
        return Ok(());
    };
    let t = state.fighter(blow.target);
    if w.penetrating <= 0 || t.life == Life::Dead {
        return Ok(());
    }
    let name = &*t.name;
    cx.note("G-DMG-003", || {
        format!(
            "the blow got through DR: its follow-up ({} {}) goes into {name}",
            fu.damage, fu.damage_type
        )
    });
    let mut damage = fu.damage;
    if let Some(modifier) = fu.resist {
        let mut mods = ModList::base("HT", t.stats.ht, "");
        mods.add("follow-up", modifier, "G-DICE-001");
        let r = check::roll(
            state,
            cx,
            Check::new(blow.target, "resist the follow-up", "G-DICE-001").outcome_only(&[]),
            &mods,
        )?;
        if r.is_success() {
            match fu.resisted {
                Some(lesser) => damage = lesser,
                None => {
                    cx.note("G-DICE-001", || format!("{name} resists the follow-up"));
                    return Ok(());
                }
            }
        }
    }
    let rolled = if damage.is_points() {
        damage.0.adds
    } else {
        check::dice(
            state,
            cx,
            Some(blow.attacker),
            damage.0.kind(),
            "follow-up damage",
            "G-DMG-001",
            None,
        )?
    };
    let hit = Blow {
        push: crate::rules::injury::Push::None,
        past_dr: true,
        ..Blow::plain(
            blow.attacker,
            blow.target,
            damage.0,
            fu.damage_type,
            crate::rules::injury::follow_up_location(fu.damage_type, w.location),
        )
    };
    strike_rolled(state, hit, rolled, cx)
}

/// G-KB-001..004: a crushing blow (or a cutting one that did not get
/// through DR) pushes the target straight away from the attacker, floor(basic
/// / (ST - 2)) hexes (a shove twice that); it stops at a wall or a figure and
/// takes collision damage for the hexes travelled; then it rolls the best of
/// DX, Acrobatics or Judo, +1 - hexes (+4 Perfect Balance), or falls.
fn knockback(
    state: &mut State,
    blow: Blow,
    basic: i32,
    penetrating: i32,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let pushes = match blow.damage_type {
        DamageType::Crushing => true,
        DamageType::Cutting => penetrating == 0,
        _ => false,
    };
    if !pushes || blow.push == Push::None || blow.attacker == blow.target {
        return Ok(());
    }
    let t = state.fighter(blow.target);
    if !t.is_conscious() && t.life == Life::Dead {
        return Ok(());
    }
    let mut hexes = crate::rules::tables::knockback_hexes(basic, t.stats.st);
    if blow.push == Push::Shove {
        hexes *= 2;
    }
    if hexes == 0 {
        return Ok(());
    }
    let from = state.fighter(blow.attacker).pose.pos;
    let Some(dir) = from.facing_toward(t.pose.pos) else {
        return Ok(());
    };
    let (travelled, struck) = knocked_back(state, blow.target, dir, hexes, cx)?;
    // G-KB-004 decision: the collision uses the hexes actually travelled.
    if struck && let Some(dice) = crate::rules::tables::collision_damage(travelled) {
        collide(state, blow.target, dice, cx)?;
    }
    let t = state.fighter(blow.target);
    if t.is_conscious() && t.posture != Posture::Lying {
        keep_footing(state, blow.target, hexes, cx)?;
    }
    Ok(())
}

/// G-KB-002: moves the target up to `hexes` hexes in direction `dir`,
/// stopping before anything in the way. Returns the hexes travelled and
/// whether it struck something.
fn knocked_back(
    state: &mut State,
    target: CombatantId,
    dir: fray_core::grid::Facing,
    hexes: u32,
    cx: &mut impl Cx<Gurps>,
) -> Flow<(u32, bool)> {
    let mut at = state.fighter(target).pose.pos;
    let mut travelled = 0;
    let mut struck = false;
    for _ in 0..hexes {
        let next = at.neighbour(dir);
        if !crate::rules::movement::free(state, target, next) {
            struck = true;
            break;
        }
        at = next;
        travelled += 1;
    }
    let name = &*state.fighter(target).name;
    cx.note("G-KB-002", || {
        format!("{name} is knocked back {travelled} of {hexes} hexes")
    });
    if travelled > 0 {
        let facing = state.fighter(target).facing();
        crate::resolve::position::set_pose(
            state,
            target,
            fray_core::grid::Pose::new(at, facing),
            "is knocked back",
            cx,
        );
        // G-SPL-001: knocked back while casting (decision: one roll for
        // the knockback and any fall it causes).
        crate::resolve::magic::distracted(
            state,
            target,
            crate::rules::magic::Distraction::KnockedBack,
            cx,
        )?;
    }
    Ok((travelled, struck))
}

/// G-KB-004: the knockback ends against an obstacle: collision damage to
/// the torso.
fn collide(
    state: &mut State,
    target: CombatantId,
    dice: crate::model::damage::Dice,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let hit = Blow {
        push: Push::None,
        ..Blow::plain(target, target, dice, DamageType::Crushing, Location::Torso)
    };
    cx.note("G-KB-004", || {
        "the knockback ends against an obstacle".into()
    });
    strike(state, hit, cx)
}

/// G-KB-003: the best of DX, Acrobatics or Judo, less the hexes knocked
/// back (+4 Perfect Balance), or fall down.
fn keep_footing(
    state: &mut State,
    target: CombatantId,
    hexes: u32,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let t = state.fighter(target);
    let best = t.best_skill(&["Acrobatics", "Judo"], t.stats.dx);
    let mut mods = ModList::base("best of DX, Acrobatics, Judo", best, "G-DICE-002");
    mods.add(
        "knocked back",
        crate::rules::tables::knockback_roll_modifier(hexes),
        "G-KB-003",
    );
    if t.has(Trait::PerfectBalance) {
        mods.add(
            "Perfect Balance",
            crate::rules::tables::PERFECT_BALANCE_BONUS,
            "G-KB-003",
        );
    }
    let r = check::roll(
        state,
        cx,
        Check::new(target, "keep footing after knockback", "G-KB-003").outcome_only(&[]),
        &mods,
    )?;
    if !r.is_success() {
        let f = state.fighter_mut(target);
        f.posture = Posture::Lying;
        let name = &*f.name;
        cx.condition("G-KB-003", name, || "falls from the knockback".into());
    }
    Ok(())
}

/// G-EXT-008 rows 8, 12-13 and 14: what a critical head blow does besides
/// its damage.
fn head_blow_aftermath(
    state: &mut State,
    blow: Blow,
    penetrating: i32,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let c = blow.critical;
    // Row 14: the weapon held drops, one at random (1d) of two or more.
    // On the stack (no allocation) for a fighter's usual few weapons.
    let held: smallvec::SmallVec<[usize; 4]> = state
        .fighter(blow.target)
        .weapons
        .iter()
        .enumerate()
        .filter(|(_, w)| w.ready() && w.weapon.unarmed.is_none())
        .map(|(i, _)| i)
        .collect();
    let dropped = match held.len() {
        _ if !c.drop_weapon => None,
        0 => None,
        1 => Some(held[0]),
        n => {
            let r = check::dice(
                state,
                cx,
                None,
                fray_core::dice::RollKind::d(1, 6),
                "which weapon drops",
                "G-EXT-008",
                None,
            )?;
            Some(held[((r.clamp(1, 6) - 1) as usize * n) / 6])
        }
    };
    let f = state.fighter_mut(blow.target);
    let mut said: Vec<String> = Vec::new();
    if c.do_nothing_next && f.is_conscious() {
        f.set_do_nothing_next(true);
        said.push("must Do Nothing on its next turn".into());
    }
    if let Some(wi) = dropped {
        let pos = f.pose.pos;
        let w = &mut f.weapons[wi];
        w.set_ready(false);
        w.dropped_at = Some(pos);
        said.push(format!("drops the {}", w.weapon.name));
    }
    if c.deafen_or_scar && penetrating > 0 {
        said.push(
            match crate::rules::tables::critical::deafen_or_scar(blow.damage_type) {
                crate::rules::tables::critical::DeafenOrScar::Deafened => "is deafened".to_string(),
                crate::rules::tables::critical::DeafenOrScar::Scarred { appearance_levels } => {
                    format!("is scarred (-{appearance_levels} appearance)")
                }
            },
        );
    }
    // The name read in place, not cloned: a clone writes the reference
    // count every simulator thread shares (issue 38).
    let name = &*state.fighter(blow.target).name;
    for what in said {
        cx.condition("G-EXT-008", name, || what);
    }
    Ok(())
}

/// G-LOC-001..006: rolls a random location for `attacker` striking
/// `target` on the target's own table (its body's, G-LOC-006 decision):
/// face hits from behind become skull hits (G-LOC-004); on the humanoid
/// table a leg hit on a creature with a useful tail is the tail on a 1 in
/// 6 (G-LOC-005), and on a creature with more than two legs (the
/// `quadruped` trait) arms are legs and hands feet (G-LOC-006).
pub fn random_location(
    state: &State,
    attacker: CombatantId,
    target: CombatantId,
    cx: &mut impl Cx<Gurps>,
) -> Flow<Location> {
    let roll = check::dice(
        state,
        cx,
        Some(attacker),
        RollKind::three_d6(),
        "hit location",
        "G-LOC-001",
        None,
    )?;
    let t = state.fighter(target);
    let row = crate::rules::location::row_for(t, roll, state.options.hit_table);
    let side = if row.is_sided() {
        let humanoid = t.stats.body_type == BodyType::Humanoid;
        let label = if humanoid && crate::rules::location::needs_side_die(roll) {
            "hand or foot side"
        } else {
            "which side"
        };
        check::dice(
            state,
            cx,
            Some(attacker),
            RollKind::d(1, 6),
            label,
            "G-LOC-001",
            None,
        )?
    } else {
        1
    };
    let mut loc = row.pick(side);
    let from = state.fighter(attacker).pose.pos;
    if loc == Location::Face && t.pose.arc_of(from) == Some(Arc::Back) {
        loc = Location::Skull;
        cx.note("G-LOC-004", || {
            "a face hit from behind strikes the skull".into()
        });
    }
    let humanoid = t.stats.body_type == BodyType::Humanoid;
    if humanoid && t.has(Trait::Quadruped) {
        let legs = match loc {
            Location::RightArm => Some(Location::RightLeg),
            Location::LeftArm => Some(Location::LeftLeg),
            Location::RightHand => Some(Location::RightFoot),
            Location::LeftHand => Some(Location::LeftFoot),
            _ => None,
        };
        if let Some(l) = legs {
            loc = l;
            cx.note("G-LOC-006", || {
                format!("on a four-legged creature the blow lands on the {l}")
            });
        }
    }
    if humanoid && t.has(Trait::Tail) && matches!(loc, Location::RightLeg | Location::LeftLeg) {
        let d = check::dice(
            state,
            cx,
            Some(attacker),
            RollKind::d(1, 6),
            "leg or tail",
            "G-LOC-005",
            None,
        )?;
        if d == 1 {
            loc = Location::Tail;
            cx.note("G-LOC-005", || "the blow lands on the tail".into());
        }
    }
    Ok(loc)
}

/// G-AIM-005: a figure hurt while aiming rolls Will or loses the Aim.
fn keep_aim(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let f = state.fighter(who);
    if f.aim.is_none() {
        return Ok(());
    }
    let mods = ModList::base("Will", f.stats.will, "");
    let r = check::roll(
        state,
        cx,
        Check::new(who, "keep the aim", "G-AIM-005").outcome_only(&[]),
        &mods,
    )?;
    if !r.is_success() {
        state.fighter_mut(who).aim = None;
    }
    Ok(())
}

/// G-DMG-006: shock, crippling, knockdown and death checks, in that order
/// (G-TURN-004 decision); consciousness waits for the victim's turn.
fn effects(
    state: &mut State,
    blow: Blow,
    location: Location,
    injury: i32,
    uncapped: i32,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let target = blow.target;
    let f = state.fighter(target);
    let max_hp = f.stats.hp;
    // G-INJ-004: a crushing groin hit on a male doubles shock, max -8;
    // a critical-hit 8 does the same (G-EXT-007).
    let doubled = (location == Location::Groin
        && blow.damage_type == DamageType::Crushing
        && f.has(Trait::Male))
        || blow.critical.double_shock;
    if doubled {
        let f = state.fighter_mut(target);
        f.injury_since_turn += injury;
        f.shock_cap = 8;
    }
    let causes_shock = !state.fighter(target).has(Trait::HighPainThreshold);

    // G-LOC-007/009: crippling is a major wound.
    let crippled =
        crate::rules::location::crippling_threshold(location, max_hp).is_some_and(|t| uncapped > t);
    if crippled {
        let f = state.fighter_mut(target);
        if !f.crippled.contains(&location) {
            f.crippled.push(location);
        }
        let destroyed = uncapped
            > 2 * crate::rules::location::crippling_threshold(location, max_hp).unwrap_or(0);
        cripple(state, target, location, cx);
        let name = &*state.fighter(target).name;
        cx.condition("G-LOC-009", name, || {
            if destroyed {
                format!("has the {location} destroyed")
            } else {
                format!("has the {location} crippled")
            }
        });
    }
    // G-INJ-005: major wound = more than half max HP in one blow, or crippling.
    let major = injury * 2 > max_hp || crippled || blow.critical.major;
    // G-INJ-006: knockdown on a major wound, or a head or vitals hit that causes shock.
    let head_or_vitals = matches!(
        location.part(),
        Part::Skull | Part::Face | Part::Eye | Part::Vitals
    );
    if major || (head_or_vitals && causes_shock) {
        knockdown(state, target, location, major, cx)?;
    }
    Ok(())
}

/// G-LOC-010 decision: a crippled arm drops what it holds; a crippled leg
/// drops a biped prone, and a body of four or six legs once two of four
/// or four of six are lost (Basic B54-55; fewer slow it,
/// [`crate::model::state::Fighter::current_move`]); a crippled wing, fin
/// or tail changes nothing in a fight on the ground.
fn cripple(state: &mut State, who: CombatantId, location: Location, cx: &mut impl Cx<Gurps>) {
    let f = state.fighter_mut(who);
    match location {
        Location::RightArm | Location::RightHand => {
            let pos = f.pose.pos;
            for w in f.weapons.iter_mut().filter(|w| w.ready() && w.is_held()) {
                w.set_ready(false);
                w.dropped_at = Some(pos);
            }
        }
        Location::LeftArm | Location::LeftHand => {
            if let Some(s) = f.shield.as_mut() {
                s.ready = false;
            }
        }
        l if (l.is_leg() || l.is_foot())
            && f.posture != Posture::Lying
            && crate::rules::location::legs_fail(f) =>
        {
            f.posture = Posture::Lying;
            let name = &*f.name;
            cx.condition("G-LOC-010", name, || "falls: a crippled leg".into());
        }
        _ => {}
    }
}

/// G-INJ-008, G-EXT-007: drops every held item (natural weapons stay: they
/// are not held).
pub(crate) fn drop_everything(state: &mut State, who: CombatantId) {
    let f = state.fighter_mut(who);
    let pos = f.pose.pos;
    for w in f.weapons.iter_mut().filter(|w| w.ready() && w.is_held()) {
        w.set_ready(false);
        w.dropped_at = Some(pos);
    }
}

/// G-INJ-007/008: the knockdown roll and its failure.
fn knockdown(
    state: &mut State,
    who: CombatantId,
    location: Location,
    major: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let f = state.fighter(who);
    // Nothing to knock down or stun in a figure already out.
    if !f.is_conscious() {
        return Ok(());
    }
    let mut mods = ModList::base("HT", f.stats.ht, "");
    mods.add(
        "High Pain Threshold",
        if f.has(Trait::HighPainThreshold) {
            3
        } else {
            0
        },
        "G-INJ-007",
    );
    mods.add(
        "Low Pain Threshold",
        if f.has(Trait::LowPainThreshold) {
            -4
        } else {
            0
        },
        "G-EXT-027",
    );
    if major {
        let pen = match location {
            Location::Face | Location::Vitals => -5,
            Location::Groin if f.has(Trait::Male) => -5,
            Location::Skull | Location::Eye => -10,
            _ => 0,
        };
        mods.add("major wound location", pen, "G-INJ-007");
    }
    let r = check::roll(
        state,
        cx,
        Check::new(who, "knockdown", "G-INJ-007").outcome_only(&[-4]),
        &mods,
    )?;
    if r.is_success() {
        return Ok(());
    }
    // G-INJ-008: prone, stunned, dropping everything; unconscious by 5+ or on a critical failure.
    drop_everything(state, who);
    let f = state.fighter_mut(who);
    f.posture = Posture::Lying;
    f.record.knockdowns += 1;
    let out = r.margin <= -5 || r.is_critical_failure();
    let what = if out {
        f.life = Life::Unconscious;
        "is knocked out"
    } else {
        f.stun = Some(Stun::Physical);
        f.record.stuns += 1;
        "is knocked down and stunned"
    };
    let name = &*f.name;
    cx.condition("G-INJ-008", name, || what.into());
    // G-SPL-001: stunned (or knocked out), a spell under way is spoiled.
    crate::resolve::magic::stunned(state, who, cx);
    Ok(())
}

/// G-INJ-013/014: a death check for each new multiple of -HP crossed
/// (down to -4x); dead at -5xHP, destroyed at -10xHP.
pub fn death_checks(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let f = state.fighter(who);
    if f.life == Life::Dead {
        return Ok(());
    }
    let max = f.stats.hp.max(1);
    if f.hp <= -5 * max {
        let destroyed = f.hp <= -10 * max;
        let f = state.fighter_mut(who);
        f.life = Life::Dead;
        let name = &*f.name;
        let what = if destroyed {
            "is destroyed outright (-10xHP)"
        } else {
            "dies (-5xHP)"
        };
        cx.condition("G-INJ-014", name, || what.into());
        return Ok(());
    }
    let crossed = (-f.hp / max).min(4);
    while state.fighter(who).death_checks < crossed {
        let f = state.fighter_mut(who);
        f.death_checks += 1;
        let mods = ModList::base("HT", f.stats.ht, "");
        let r = check::roll(
            state,
            cx,
            Check::new(who, "death check", "G-INJ-013").outcome_only(&[-2]),
            &mods,
        )?;
        if r.is_success() {
            continue;
        }
        let f = state.fighter_mut(who);
        if r.margin <= -3 || r.is_critical_failure() {
            f.life = Life::Dead;
            cx.condition("G-INJ-013", &f.name, || "dies".into());
            return Ok(());
        }
        // G-EXT-031: a mortal wound incapacitates.
        f.life = Life::Unconscious;
        f.set_mortal_wound(true);
        cx.condition("G-EXT-031", &f.name, || "is mortally wounded".into());
    }
    Ok(())
}
