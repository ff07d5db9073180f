//! Weapons wherever they sit (equipment and its contents, traits, skills,
//! spells), with their notations parsed and their JSON paths kept.

use crate::GcsError;
use crate::file::{Character, Equipment, RowKind, Skill, Spell, Trait, WeaponRow};
use crate::notation::{self, Damage, Defense, Reach, Strength, Yards};

/// Where a weapon row sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnerKind {
    /// Carried equipment.
    Equipment,
    /// Equipment not carried (`other_equipment`).
    OtherEquipment,
    /// A trait (claws, teeth, Innate Attack).
    Trait,
    /// A skill.
    Skill,
    /// A spell.
    Spell,
}

/// The row a weapon belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct Owner {
    /// Where it sits.
    pub kind: OwnerKind,
    /// The row's name (`Broadsword`, `Sharp Claws`, `Fireball`).
    pub name: String,
    /// The row's JSON path (`equipment[3]`).
    pub path: String,
    /// For equipment: it and every container above it are equipped.
    /// For traits: it and every container above it are enabled.
    pub active: bool,
    /// For equipment: the item's weight with its contents, in pounds.
    pub weight: Option<f64>,
}

/// Melee or ranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeaponKind {
    /// A melee attack (it has a reach).
    Melee,
    /// A ranged attack.
    Ranged,
}

/// One weapon row with its notations parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Weapon {
    /// The row it belongs to.
    pub owner: Owner,
    /// The weapon's JSON path (`equipment[3].weapons[0]`).
    pub path: String,
    /// Melee or ranged.
    pub kind: WeaponKind,
    /// `Swung`, `Thrust`, `Shoot`...
    pub usage: String,
    /// Notes on the use, as written (`Follow-Up: 2d tox`); empty when none.
    pub usage_notes: String,
    /// GCS's computed damage.
    pub damage: Damage,
    /// The damage as written had `sw` or `thr` (muscle-powered).
    pub st_based: Option<String>,
    /// Reach (melee).
    pub reach: Option<Reach>,
    /// Computed Parry.
    pub parry: Option<Defense>,
    /// Computed Block.
    pub block: Option<Defense>,
    /// Minimum ST and its marks.
    pub strength: Option<Strength>,
    /// Accuracy.
    pub accuracy: Option<i32>,
    /// Half-damage range (if any) and maximum range: computed when GCS
    /// stored it, else as written.
    pub range: Option<(Option<Yards>, Yards)>,
    /// Rate of fire, when written as a number.
    pub rate_of_fire: Option<i32>,
    /// A rate of fire written otherwise (`3x2`, `1!`), as written: for the
    /// importer to report, never read as 1.
    pub rate_of_fire_unread: Option<String>,
    /// Shots as written, `1(2)`, `T` (thrown).
    pub shots: Option<String>,
    /// Bulk.
    pub bulk: Option<i32>,
    /// GCS's computed skill level.
    pub level: Option<i32>,
    /// The skills it defaults to, as `Name (Specialization)`, with modifiers.
    pub defaults: Vec<(String, i32)>,
}

impl Character {
    /// Every weapon row in the file, in file order: equipment (with
    /// contents), other equipment, traits, skills, spells.
    pub fn weapons(&self) -> Result<Vec<Weapon>, GcsError> {
        let mut out = Vec::new();
        for (i, e) in self.equipment.iter().enumerate() {
            equipment(
                e,
                &format!("equipment[{i}]"),
                OwnerKind::Equipment,
                true,
                &mut out,
            )?;
        }
        for (i, e) in self.other_equipment.iter().enumerate() {
            let path = format!("other_equipment[{i}]");
            equipment(e, &path, OwnerKind::OtherEquipment, false, &mut out)?;
        }
        for (i, t) in self.traits.iter().enumerate() {
            traits(t, &format!("traits[{i}]"), true, &mut out)?;
        }
        for (i, s) in self.skills.iter().enumerate() {
            skills(s, &format!("skills[{i}]"), &mut out)?;
        }
        for (i, s) in self.spells.iter().enumerate() {
            spells(s, &format!("spells[{i}]"), &mut out)?;
        }
        Ok(out)
    }
}

fn equipment(
    e: &Equipment,
    path: &str,
    kind: OwnerKind,
    parent_active: bool,
    out: &mut Vec<Weapon>,
) -> Result<(), GcsError> {
    let active = parent_active && e.equipped;
    let weight = match e.calc.extended_weight.as_deref() {
        Some(t) => Some(notation::weight(
            t,
            &format!("{path}.calc.extended_weight"),
        )?),
        None => None,
    };
    let owner = Owner {
        kind,
        name: e.name().to_string(),
        path: path.to_string(),
        active,
        weight,
    };
    rows(&e.weapons, &owner, out)?;
    for (i, c) in e.children.iter().enumerate() {
        equipment(c, &format!("{path}.children[{i}]"), kind, active, out)?;
    }
    Ok(())
}

fn traits(
    t: &Trait,
    path: &str,
    parent_active: bool,
    out: &mut Vec<Weapon>,
) -> Result<(), GcsError> {
    let active = parent_active && !t.disabled;
    let owner = Owner {
        kind: OwnerKind::Trait,
        name: t.name().to_string(),
        path: path.to_string(),
        active,
        weight: None,
    };
    rows(&t.weapons, &owner, out)?;
    for (i, c) in t.children.iter().enumerate() {
        traits(c, &format!("{path}.children[{i}]"), active, out)?;
    }
    Ok(())
}

fn skills(s: &Skill, path: &str, out: &mut Vec<Weapon>) -> Result<(), GcsError> {
    let owner = Owner {
        kind: OwnerKind::Skill,
        name: s.full_name(),
        path: path.to_string(),
        active: true,
        weight: None,
    };
    rows(&s.weapons, &owner, out)?;
    for (i, c) in s.children.iter().enumerate() {
        skills(c, &format!("{path}.children[{i}]"), out)?;
    }
    Ok(())
}

fn spells(s: &Spell, path: &str, out: &mut Vec<Weapon>) -> Result<(), GcsError> {
    let owner = Owner {
        kind: OwnerKind::Spell,
        name: s.name.clone().unwrap_or_default(),
        path: path.to_string(),
        active: true,
        weight: None,
    };
    rows(&s.weapons, &owner, out)?;
    for (i, c) in s.children.iter().enumerate() {
        spells(c, &format!("{path}.children[{i}]"), out)?;
    }
    Ok(())
}

fn rows(list: &[WeaponRow], owner: &Owner, out: &mut Vec<Weapon>) -> Result<(), GcsError> {
    for (i, w) in list.iter().enumerate() {
        out.push(weapon(w, owner, &format!("{}.weapons[{i}]", owner.path))?);
    }
    Ok(())
}

/// Parses one weapon row; computed values first, the written ones when
/// GCS stored no computed value.
fn weapon(w: &WeaponRow, owner: &Owner, path: &str) -> Result<Weapon, GcsError> {
    let at = |field: &str| format!("{path}.{field}");
    let kind = match RowKind::of(w.kind.as_deref(), &w.id) {
        RowKind::RangedWeapon => WeaponKind::Ranged,
        RowKind::MeleeWeapon => WeaponKind::Melee,
        _ if w.reach.as_deref().is_some_and(|r| !r.trim().is_empty()) => WeaponKind::Melee,
        _ => WeaponKind::Ranged,
    };
    let damage = match &w.calc.damage {
        Some(d) => notation::damage(d, &at("calc.damage"))?,
        None => Damage::Other(String::new()),
    };
    let reach = opt(&w.reach, &at("reach"), notation::reach)?;
    let parry = opt(&w.calc.parry, &at("calc.parry"), notation::defense)?;
    let block = opt(&w.calc.block, &at("calc.block"), notation::defense)?;
    let strength = match &w.strength {
        Some(t) => notation::strength(t, &at("strength"))?,
        None => None,
    };
    let range = match (&w.calc.range, &w.range) {
        (Some(t), _) => notation::range(t, &at("calc.range"))?,
        (None, Some(t)) => notation::range(t, &at("range"))?,
        (None, None) => None,
    };
    let num = |v: &Option<String>, field: &str, expected| match v {
        Some(t) => notation::number(t, &at(field), expected),
        None => Ok(None),
    };
    let rof = num(&w.rate_of_fire, "rate_of_fire", "a rate of fire like `1`");
    let rate_of_fire_unread = match rof {
        Err(_) => w.rate_of_fire.clone(),
        Ok(_) => None,
    };
    Ok(Weapon {
        owner: owner.clone(),
        path: path.to_string(),
        kind,
        usage: w.usage.clone().unwrap_or_default(),
        usage_notes: w.usage_notes.clone().unwrap_or_default(),
        damage,
        st_based: w.damage.st.clone().filter(|s| !s.is_empty()),
        reach,
        parry,
        block,
        strength,
        accuracy: num(&w.accuracy, "accuracy", "an accuracy like `2` or `3+1`")?,
        range,
        rate_of_fire: rof.unwrap_or(None),
        rate_of_fire_unread,
        shots: w.shots.clone(),
        bulk: num(&w.bulk, "bulk", "a bulk like `-7`")?,
        level: w.calc.level,
        defaults: w
            .defaults
            .iter()
            .filter(|d| d.kind.as_deref() == Some("skill"))
            .filter_map(|d| {
                let name = d.name.as_deref()?;
                let full = match d.specialization.as_deref() {
                    Some(s) if !s.is_empty() => format!("{name} ({s})"),
                    _ => name.to_string(),
                };
                // A modifier that is no whole number leaves the default out:
                // it only names the skill a weapon is rolled with.
                let m = d.modifier.unwrap_or(0.0);
                (m.fract() == 0.0 && m.abs() <= 1000.0).then_some((full, m as i32))
            })
            .collect(),
    })
}

/// Parses an optional text with a parser that takes the path.
fn opt<T>(
    v: &Option<String>,
    path: &str,
    f: impl Fn(&str, &str) -> Result<Option<T>, GcsError>,
) -> Result<Option<T>, GcsError> {
    match v {
        Some(t) => f(t, path),
        None => Ok(None),
    }
}
