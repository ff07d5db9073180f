//! Spells (checklist section 17) and the Concentrate maneuver (G-CON-001,
//! G-CON-002): casting a second at a time, what spoils a casting, the
//! casting roll with its range penalty and cap, resistance, the energy
//! paid, and what each class of spell does. A charged melee or missile
//! spell is held as the last "weapon" of the caster's list, so the Attack
//! maneuver throws or touches with it through the ordinary attack path
//! (G-SPL-009); blocking spells are offered as a defense (G-SPL-012).
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::{Cast, Concentrate};
use crate::model::damage::{DamageBase, DamageSpec};
use crate::model::data::Implement;
use crate::model::data::{AttackMode, Weapon};
use crate::model::spell::{Effect, Resistance, Spell, SpellClass};
use crate::model::state::{Carried, Casting, Fighter, HeldSpell, KnownSpell, Life, State};
use crate::rules::incoming::Incoming;
use crate::rules::tables::{information_range_penalty, resisted_skill_cap, spell_range_penalty};
use fray_core::Illegal;
use fray_core::grid::HexPos;
use fray_core::{CombatantId, ModList, Mods};
use std::sync::Arc;
/// The skill that throws a missile spell, and its default (DX-4).
pub(crate) const INNATE_ATTACK: &str = "Innate Attack (Projectile)";

/// The radius an Information spell searches when the casting names none.
pub(crate) const DEFAULT_SEARCH: u16 = 25;

/// A spell by name in `f`'s list, with its number.
pub(crate) fn find<'a>(f: &'a Fighter, name: &str) -> Option<(u8, &'a KnownSpell)> {
    f.spells
        .iter()
        .enumerate()
        .find(|(_, k)| k.spell.name.eq_ignore_ascii_case(name))
        .map(|(i, k)| (i as u8, k))
}

/// The number of the charged spell in `f`'s weapon list, if it holds one.
pub fn held(f: &Fighter) -> Option<usize> {
    f.weapons.iter().position(|w| w.spell.is_some())
}

/// The ready Wizard's Staff or Baton `f` points at a subject (a staff
/// before a baton, G-SPL-004).
pub(crate) fn implement(f: &Fighter) -> Option<(u8, Implement)> {
    f.weapons
        .iter()
        .enumerate()
        .filter(|(_, w)| w.ready() && !w.broken() && w.spell.is_none())
        .filter_map(|(i, w)| w.weapon.implement.map(|k| (i as u8, k)))
        .max_by_key(|&(i, k)| (k == Implement::Staff, std::cmp::Reverse(i)))
}

/// A casting as declared, checked against the caster and its spell:
/// the spell's number, subject, energy and seconds; or why it cannot be.
pub fn plan(state: &State, actor: CombatantId, cast: &Cast) -> Result<Casting, Illegal> {
    let f = state.fighter(actor);
    let (idx, known) = find(f, &cast.spell)
        .ok_or_else(|| Illegal::input(format!("{} knows no spell `{}`", f.name, cast.spell)))?;
    let spell = &known.spell;
    let energy = check_energy(f, spell, cast)?;
    if cast.ignore > 0 && spell.class != SpellClass::Information {
        return Err(Illegal::new(
            "G-SPL-013",
            "only Information spells pass over known items",
        ));
    }
    let mut casting = Casting {
        spell: idx,
        subject: None,
        at: None,
        energy,
        radius: 1,
        ignore: cast.ignore,
        seconds: 0,
        needed: 1,
        implement: None,
    };
    let name = &spell.name;
    match spell.class {
        SpellClass::Blocking => {
            return Err(Illegal::new(
                "G-SPL-012",
                format!("{name} is a blocking spell: it is cast in place of an active defense"),
            ));
        }
        SpellClass::Regular => aim_regular(state, actor, cast, name, &mut casting)?,
        SpellClass::Area => aim_area(state, actor, cast, spell, &mut casting)?,
        SpellClass::Melee | SpellClass::Missile => check_charged(cast, name)?,
        SpellClass::Information => aim_information(cast, name, &mut casting)?,
    }
    let radius_yards = u8::try_from(casting.radius).unwrap_or(u8::MAX);
    casting.needed = spell.seconds(energy, radius_yards, f.stats.magery);
    Ok(casting)
}

/// G-EXT-030: the energy declared (the spell's cost when none is), within
/// what the caster's Magery allows.
fn check_energy(f: &Fighter, spell: &Spell, cast: &Cast) -> Result<u8, Illegal> {
    let name = &spell.name;
    let max = spell.max_energy_for(f.stats.magery);
    let energy = cast.energy.unwrap_or(spell.cost);
    if energy < spell.cost || energy > max {
        let allowed = if max == spell.cost {
            format!("exactly {max}")
        } else {
            format!("{} to {max}", spell.cost)
        };
        return Err(Illegal::new(
            "G-EXT-030",
            format!("{name} takes {allowed} energy, not {energy}"),
        ));
    }
    Ok(energy)
}

/// Whether `id` is a living combatant.
fn alive(state: &State, id: CombatantId) -> bool {
    state.exists(id) && state.fighter(id).life != Life::Dead
}

/// A Regular spell: on a living subject (the caster when none is named).
fn aim_regular(
    state: &State,
    actor: CombatantId,
    cast: &Cast,
    name: &str,
    casting: &mut Casting,
) -> Result<(), Illegal> {
    let f = state.fighter(actor);

    if cast.at.is_some() || cast.radius.is_some() {
        return Err(Illegal::input(format!(
            "{name} is a Regular spell: name a `target`, not a hex or radius"
        )));
    }
    let subject = cast.target.unwrap_or(actor);
    if !alive(state, subject) {
        return Err(Illegal::input(format!(
            "there is no living subject {subject}"
        )));
    }
    casting.subject = Some(subject);
    casting.implement = implement(f);
    Ok(())
}

/// An Area spell: a centre on the map and a radius the spell allows.
fn aim_area(
    state: &State,
    actor: CombatantId,
    cast: &Cast,
    spell: &Spell,
    casting: &mut Casting,
) -> Result<(), Illegal> {
    let (f, name) = (state.fighter(actor), &spell.name);

    let centre = match (cast.at, cast.target) {
        (Some(h), _) => h,
        (None, Some(t)) if alive(state, t) => state.fighter(t).pose.pos,
        _ => {
            return Err(Illegal::input(format!(
                "{name} is an Area spell: give its centre with `at` or a `target`"
            )));
        }
    };
    if !state.map.contains(centre) {
        return Err(Illegal::input(format!("{centre} is off the map")));
    }
    let least = u16::from(spell.min_radius.unwrap_or(1));
    let radius = cast.radius.unwrap_or(least);
    if radius < least || radius > 100 {
        return Err(Illegal::input(format!(
            "{name} covers a radius of {least} to 100 yards, not {radius}"
        )));
    }
    casting.at = Some(centre);
    casting.radius = radius;
    casting.implement = implement(f);
    Ok(())
}

/// G-SPL-009: a Melee or Missile spell is charged in the hand, aimed later.
fn check_charged(cast: &Cast, name: &str) -> Result<(), Illegal> {
    if cast.target.is_some() || cast.at.is_some() || cast.radius.is_some() {
        return Err(Illegal::new(
            "G-SPL-009",
            format!(
                "{name} is charged in the hand and aimed when used: leave out target, at and radius"
            ),
        ));
    }
    Ok(())
}

/// G-SPL-013: an Information spell searches a radius, up to a mile.
fn aim_information(cast: &Cast, name: &str, casting: &mut Casting) -> Result<(), Illegal> {
    if cast.target.is_some() || cast.at.is_some() {
        return Err(Illegal::input(format!(
            "{name} is an Information spell: give the `radius` searched, not a target"
        )));
    }
    let radius = cast.radius.unwrap_or(DEFAULT_SEARCH);
    if information_range_penalty(u32::from(radius)).is_none() {
        return Err(Illegal::new(
            "G-SPL-013",
            format!("{name} searches at most 300 tiles (1 mile), not {radius}"),
        ));
    }
    casting.radius = radius;
    Ok(())
}

/// Whether two castings are the same declaration (the second one goes on
/// with the first).
pub(crate) fn same(a: &Casting, b: &Casting) -> bool {
    (a.spell, a.subject, a.at, a.energy, a.radius, a.ignore)
        == (b.spell, b.subject, b.at, b.energy, b.radius, b.ignore)
}

/// G-CON-001: a Concentrate maneuver allows a step; a new casting needs
/// the hand free of a charged spell (decision: let it go with
/// `dissipate`); a grip forbids it (G-GRP-012, G-GRP-013, in `grapple`).
pub fn check(state: &State, actor: CombatantId, c: &Concentrate) -> Result<(), Illegal> {
    if let Some(s) = &c.step {
        crate::rules::movement::check_step(state, actor, s)?;
    }
    let f = state.fighter(actor);
    if c.dissipate && held(f).is_none() {
        return Err(Illegal::input(format!(
            "{} holds no charged spell to let go",
            f.name
        )));
    }
    if let Some(cast) = &c.cast {
        let planned = plan(state, actor, cast)?;
        let going_on = f.casting.is_some_and(|cur| same(&cur, &planned));
        if !going_on
            && !c.dissipate
            && let Some(wi) = held(f)
        {
            return Err(Illegal::new(
                "G-SPL-011",
                format!(
                    "{} holds a charged {}: throw or use it, or let it go first (dissipate = true)",
                    f.name, f.weapons[wi].weapon.name
                ),
            ));
        }
    }
    Ok(())
}

pub(crate) fn spell_name(state: &State, who: CombatantId, idx: u8) -> String {
    state
        .fighter(who)
        .spells
        .get(usize::from(idx))
        .map_or_else(String::new, |k| k.spell.name.clone())
}

/// The casting roll's modifiers every class shares: the spell's skill
/// and the caster's shock (G-SPL-002 decision: shock counts on casting
/// rolls, G-INJ-001).
pub(crate) fn casting_mods(f: &Fighter, known: &KnownSpell) -> ModList {
    let mut m = ModList::base("spell skill", known.skill, "G-DICE-001");
    m.add("shock", f.shock, "G-INJ-001");
    m
}

/// G-SPL-003 / G-SPL-004: -1 per hex to the subject (for an Area spell,
/// its nearest hex), less what a pointed Wizard's Baton or Staff cancels
/// when it is still ready in hand.
pub(crate) fn range_mods(
    state: &State,
    actor: CombatantId,
    c: &Casting,
    hexes: u32,
    m: &mut ModList,
) {
    m.add("range", spell_range_penalty(hexes, None), "G-SPL-003");
    let f = state.fighter(actor);
    if let Some((wi, kind)) = c.implement
        && f.weapons.get(usize::from(wi)).is_some_and(|w| w.ready())
    {
        let label = match kind {
            Implement::Baton => "Wizard's Baton",
            Implement::Staff => "Wizard's Staff",
        };
        let cancelled = spell_range_penalty(hexes, Some(kind)) - spell_range_penalty(hexes, None);
        m.add(label, cancelled, "G-SPL-004");
    }
}

/// The subject's resistance to a spell.
pub(crate) fn resistance(f: &Fighter, by: Resistance) -> i32 {
    match by {
        Resistance::Ht => f.stats.ht,
        Resistance::Will => f.stats.will,
        Resistance::Iq => f.stats.iq,
    }
}

/// G-SPL-006: unconscious (and so unaware) subjects always resist; an
/// aware subject willing to be the subject (the caster itself, or a
/// friend it names) chooses not to (decision); nobody caught in an Area
/// spell chose to be, so all there resist (decision).
pub fn resists(state: &State, caster: CombatantId, subject: CombatantId, area: bool) -> bool {
    let s = state.fighter(subject);
    if !s.is_conscious() || area {
        return true;
    }
    subject != caster && s.side != state.fighter(caster).side
}

/// G-SPL-005 and G-DICE-004: a resisted spell's final effective skill is
/// at most 16, or the subject's resistance if higher.
pub(crate) fn cap(m: &mut ModList, resistance: i32) {
    let total = m.total();
    let capped = resisted_skill_cap(total, resistance);
    if capped < total {
        m.add("resisted spell: at most 16", capped - total, "G-SPL-005");
    }
}

/// A charged melee or missile spell as a weapon: a missile is thrown with
/// Innate Attack (Projectile) or DX-4 (G-SPL-009); a melee spell touches
/// with the hand, at the best of DX and Brawling, reach C, as an unarmed
/// attack (its critical misses are unarmed ones, G-EXT-010), or with a
/// ready Wizard's Staff, at Staff skill and the staff's reach, doing no
/// damage of its own (decision).
pub(crate) fn charged_weapon(
    f: &Fighter,
    idx: u8,
    known: &KnownSpell,
    energy: u8,
) -> Option<Carried> {
    let spell = &known.spell;
    let Effect::Damage(d) = &spell.effect else {
        return None;
    };
    let dice = (i32::from(energy) * i32::from(d.dice_per_energy)).clamp(1, 100);
    let mode = |name: &str, reach: Vec<u8>| AttackMode {
        name: name.into(),
        damage: DamageSpec {
            base: DamageBase::Fixed(dice),
            adds: 0,
        },
        damage_type: d.damage_type,
        armor_divisor: d.armor_divisor,
        reach,
        parry: None,
        min_st: 0,
        two_handed: false,
        skill: None,
        acc: d.acc,
        range: d.range.clone(),
        rof: None,
        bulk: None,
        reload: None,
        follow_up: None,
    };
    let (modes, skill, skills): (Vec<AttackMode>, &str, Vec<i32>) = match spell.class {
        SpellClass::Missile => (
            vec![mode("missile", Vec::new())],
            INNATE_ATTACK,
            vec![f.best_skill(&[INNATE_ATTACK], f.stats.dx - 4)],
        ),
        _ => {
            let touch = f.best_skill(&["Brawling"], f.stats.dx);
            let mut modes = vec![mode("touch", vec![0])];
            let mut skills = vec![touch];
            let staff = f
                .weapons
                .iter()
                .find(|w| w.ready() && !w.broken() && w.weapon.implement == Some(Implement::Staff));
            if let Some((mi, m)) = staff.and_then(|w| {
                w.weapon
                    .modes
                    .iter()
                    .enumerate()
                    .find(|(_, m)| m.is_melee())
            }) {
                modes.push(mode("staff", m.reach.clone()));
                skills.push(staff.map_or(touch, |w| w.skill[mi]));
            }
            (modes, "DX", skills)
        }
    };
    let weapon = Weapon {
        name: format!("{} ({dice}d)", spell.name),
        skill: skill.into(),
        weight: 0.0,
        cost: 0,
        balance: None,
        unarmed: (spell.class == SpellClass::Melee).then_some(crate::model::data::Unarmed::Natural),
        material: Default::default(),
        improvised: 0,
        implement: None,
        modes,
        notes: String::new(),
    };
    let mut carried = Carried::new(
        Arc::new(weapon),
        skills.into(),
        1,
        Some(HeldSpell { spell: idx, energy }),
    );
    carried.fixed = crate::model::state::CarriedFixed::of(&carried, f);
    Some(carried)
}

/// Whether a strike with weapon `wi`, mode `mi` may use a charged spell:
/// a melee spell's staff mode needs the Wizard's Staff still ready.
pub fn may_strike(state: &State, who: CombatantId, wi: usize, mi: usize) -> Result<(), Illegal> {
    let f = state.fighter(who);
    let Some(w) = f.weapons.get(wi).filter(|w| w.spell.is_some()) else {
        return Ok(());
    };
    let staff_mode = w.mode(mi).is_some_and(|m| m.name == "staff");
    let staff_ready = f
        .weapons
        .iter()
        .any(|o| o.ready() && !o.broken() && o.weapon.implement == Some(Implement::Staff));
    if staff_mode && !staff_ready {
        return Err(Illegal::new(
            "G-SPL-011",
            "the melee spell can go through the staff only while it is ready in hand",
        ));
    }
    Ok(())
}

/// The living figures within `inside` hexes of `centre` (an area of
/// radius R yards covers the hexes within R-1 of its centre: radius 1 is
/// one hex), in scenario order.
pub(crate) fn in_area(state: &State, centre: HexPos, inside: u32) -> Vec<CombatantId> {
    state
        .ids()
        .filter(|&id| {
            let f = state.fighter(id);
            f.life != Life::Dead && f.pose.pos.distance(centre) <= inside
        })
        .collect()
}

/// What may spoil a casting under way (G-CON-002, G-SPL-001, G-SPL-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distraction {
    /// An active defense, a blocking spell included.
    Defending,
    /// A resistance roll against a spell.
    Resisting,
    /// Knocked back.
    KnockedBack,
    /// Knocked down (a fall forced by a foe).
    KnockedDown,
    /// Grabbed by a foe.
    Grappled,
    /// Injured: Will at the shock penalty (G-SPL-002).
    Injured,
}

/// The blocking spells the defender may cast against this attack, by
/// number in its spell list (G-SPL-012): one per turn, none while
/// stunned (decision; a charged spell in hand does not stop it), and each
/// only against the attacks it can stop (a missile or a melee attack).
pub fn blocking_spells<'a>(state: &'a State, inc: &'a Incoming) -> impl Iterator<Item = u8> + 'a {
    let d = state.fighter(inc.defender);
    let able = d.is_conscious() && d.stun.is_none() && !d.blocking_spell();
    d.spells
        .iter()
        .enumerate()
        .filter(move |_| able)
        .filter(move |(_, k)| match k.spell.effect {
            Effect::Block { against } => against.stops(inc.melee),
            _ => false,
        })
        .map(|(i, _)| i as u8)
}

/// G-SPL-012 decision: a blocking spell rolls its spell skill, with none
/// of the active-defense modifiers (no shield, posture or retreat) and no
/// shock (G-INJ-003).
pub fn blocking_mods<M: Mods + Default>(state: &State, inc: &Incoming, spell: u8) -> Option<M> {
    let d = state.fighter(inc.defender);
    if !blocking_spells(state, inc).any(|i| i == spell) {
        return None;
    }
    let known = d.spells.get(usize::from(spell))?;
    Some(M::base("spell skill", known.skill, "G-SPL-012"))
}
