//! A GCS character (`fray_gcs`) as a GURPS [`Sheet`], with a report of
//! what was used and what was left out, and why.
//!
//! GCS's computed values (`calc`) are trusted rather than re-derived:
//! attributes, skill levels, weapon levels, damage, Parry, Block, Dodge by
//! encumbrance level and DR by location. Where the engine adds something
//! of its own to a defense (Combat Reflexes G-EXT-016, a shield's DB
//! G-DEF-007), the modifier written on the sheet is GCS's value less those,
//! so that the engine's number equals GCS's. Part of the lib glue: it may
//! use every layer.
//!
//! Every value read is checked against the range its rule allows, and
//! refused at its JSON path when it falls outside (ST 13.7 is not rounded,
//! a weight of `NaN lb` is not 0, a weapon level of 10000 is not clamped):
//! [`ImportError`]. Names that reach the sheet are checked as scenario
//! names are (`fray_core::text`). What the engine cannot use is reported by
//! name in the [`Report`], the one place that says what was left out. The
//! body type, the Size Modifier and follow-up attacks (a viper's venom) go
//! into the fight.

mod body;
mod error;
mod follow_up;
mod report;
mod weapons;

pub use error::{Allowed, ImportError};
pub use follow_up::{FollowUpNote, follow_up_note};
pub use report::{Entry, Reason, Report};

use crate::model::location::BodyType;
use crate::model::sheet::{Sheet, Trait};
use error::{clean_name, number, whole};
use fray_gcs::Character;
use std::collections::BTreeMap;

/// A GCS character made into a sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The character's name (checked: no control or invisible character).
    pub name: String,
    /// The sheet.
    pub sheet: Sheet,
    /// What was used and what was left out.
    pub report: Report,
}

/// Reads a GCS file and makes it a sheet.
pub fn read(path: &std::path::Path) -> Result<Imported, ImportError> {
    convert(&fray_gcs::read(path)?)
}

/// Imports a GCS character from its JSON text (a file a saved game carries).
pub fn parse(text: &str) -> Result<Imported, ImportError> {
    convert(&fray_gcs::parse(text)?)
}

/// Makes a GCS character a sheet; the result passes the scenario's own
/// checks of a sheet ([`crate::input::check_sheet`]).
pub fn convert(c: &Character) -> Result<Imported, ImportError> {
    let name = match c.profile.name.as_deref().map(str::trim) {
        Some(n) if !n.is_empty() => clean_name(n, "profile.name")?,
        _ => c.name().to_string(),
    };
    let mut cx = Convert::new(c)?;
    cx.body(c)?;
    cx.size(c)?;
    cx.traits(c)?;
    cx.encumbrance(c)?;
    cx.spells(c)?;
    cx.weapons(c)?;
    cx.skills(c)?;
    cx.dr(c)?;
    cx.check()?;
    Ok(Imported {
        name,
        sheet: cx.sheet,
        report: cx.report,
    })
}

/// The conversion under way.
struct Convert {
    sheet: Sheet,
    report: Report,
    /// GCS skill levels by full name (`Shield (Shield)`), with the path of
    /// the skill's row.
    gcs_skills: BTreeMap<String, (i32, String)>,
    /// The shield's Defense Bonus, added by the engine to every defense.
    db: i32,
    /// GCS's Dodge at the encumbrance level, with its path.
    dodge: Option<(i32, String)>,
}

/// An attribute's computed value with its JSON path, if the file has it.
fn attribute(c: &Character, id: &str) -> Option<(f64, String)> {
    let i = c.attribute_index(id)?;
    let v = c.attributes[i].calc.value?;
    Some((v, format!("attributes[{i}].calc.value")))
}

/// A whole attribute within its range (G-EXT-013), if the file has it.
fn whole_attribute(
    c: &Character,
    id: &str,
    what: &str,
    range: (i32, i32),
) -> Result<Option<i32>, ImportError> {
    attribute(c, id)
        .map(|(v, path)| whole(v, path, what, range))
        .transpose()
}

/// An attribute the engine cannot do without.
fn needed(c: &Character, id: &str, what: &str) -> Result<i32, ImportError> {
    whole_attribute(c, id, what, (1, 100))?.ok_or_else(|| ImportError::Missing {
        path: "attributes".into(),
        what: format!("{what} (`{id}`)"),
    })
}

/// What is left of a pool (`current`), when the file says it differs
/// from the maximum: a whole number 1 to the maximum (the engine starts no
/// figure at 0 or less).
fn current(c: &Character, id: &str, what: &str, max: i32) -> Result<Option<i32>, ImportError> {
    let Some(i) = c.attribute_index(id) else {
        return Ok(None);
    };
    let Some(v) = c.attributes[i].calc.current else {
        return Ok(None);
    };
    let path = format!("attributes[{i}].calc.current");
    let v = whole(v, path, what, (1, max))?;
    Ok((v != max).then_some(v))
}

impl Convert {
    /// Attributes and secondary characteristics, from their computed
    /// values (G-EXT-013): whole numbers in the sheet's ranges, Basic Speed
    /// in quarters.
    fn new(c: &Character) -> Result<Self, ImportError> {
        let hp = whole_attribute(c, "hp", "HP", (1, 1000))?;
        let fp = whole_attribute(c, "fp", "FP", (1, 1000))?;
        let mut report = Report::default();
        if fp.is_none() {
            report.left_out.push(Entry {
                path: "attributes".into(),
                name: "FP".into(),
                reason: Reason::NoFp,
            });
        }
        let st = needed(c, "st", "ST")?;
        let ht = needed(c, "ht", "HT")?;
        let basic_speed = match attribute(c, "basic_speed") {
            Some((v, path)) => {
                // G-EXT-013: Basic Speed moves in quarters.
                whole(v * 4.0, path.clone(), "Basic Speed in quarters", (1, 400))?;
                Some(number(v, path, "Basic Speed", (0.25, 100.0))? as f32)
            }
            None => None,
        };
        let sheet = Sheet {
            st,
            dx: needed(c, "dx", "DX")?,
            iq: needed(c, "iq", "IQ")?,
            ht,
            hp,
            fp,
            will: whole_attribute(c, "will", "Will", (1, 100))?,
            per: whole_attribute(c, "per", "Perception", (1, 100))?,
            basic_speed,
            basic_move: whole_attribute(c, "basic_move", "Basic Move", (0, 100))?,
            dodge_bonus: 0,
            sm: 0,
            body: Default::default(),
            traits: Vec::new(),
            skills: BTreeMap::new(),
            magery: 0,
            spells: BTreeMap::new(),
            weapons: Vec::new(),
            shield: None,
            armor: Vec::new(),
            natural_dr: 0,
            extra_weight: 0.0,
            encumbrance: None,
            own_weapons: Vec::new(),
            own_shield: None,
            dr: BTreeMap::new(),
            hp_current: current(c, "hp", "HP left", hp.unwrap_or(st))?,
            fp_current: current(c, "fp", "FP left", fp.unwrap_or(ht))?,
        };
        let mut gcs_skills = BTreeMap::new();
        collect_skills(&c.skills, "skills", &mut gcs_skills);
        Ok(Convert {
            sheet,
            report,
            gcs_skills,
            db: 0,
            dodge: None,
        })
    }

    fn used(&mut self, path: &str, name: &str, reason: Reason) {
        self.report.used.push(Entry {
            path: path.into(),
            name: name.into(),
            reason,
        });
    }

    fn left_out(&mut self, path: &str, name: &str, reason: Reason) {
        self.report.left_out.push(Entry {
            path: path.into(),
            name: name.into(),
            reason,
        });
    }

    /// The traits the engine has rules for; those whose effect GCS already
    /// computed or the body type stands for; the rest into the report.
    /// Disabled traits (or in a disabled container) are ignored.
    fn traits(&mut self, c: &Character) -> Result<(), ImportError> {
        let mut rows = Vec::new();
        flatten_traits(&c.traits, "traits", true, &mut rows);
        for (path, t, active) in rows {
            let name = t.name().trim().to_string();
            if !active {
                self.left_out(&path, &name, Reason::Disabled);
                continue;
            }
            if !t.children.is_empty() {
                continue; // a container: its children are listed
            }
            let base = name
                .split(['(', '['])
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase();
            match rule_trait(&base, t, self.sheet.body) {
                Some(TraitUse::Rule(tr)) => {
                    if !self.sheet.traits.contains(&tr) {
                        self.sheet.traits.push(tr);
                    }
                    self.used(&path, &name, Reason::Trait(tr));
                }
                Some(TraitUse::Magery) => {
                    let level = match t.levels {
                        Some(l) => whole(l, format!("{path}.levels"), "Magery", (0, 10))?,
                        None => 0,
                    };
                    self.sheet.magery = self.sheet.magery.max(level);
                    self.used(&path, &name, Reason::Magery(level));
                }
                Some(TraitUse::Computed) => self.used(&path, &name, Reason::InComputedValues),
                Some(TraitUse::Body) => self.used(&path, &name, Reason::InBodyType),
                // A trait that only grants weapons (claws, Natural Attacks)
                // is reported with its weapons.
                None if !t.weapons.is_empty() && t.features.is_empty() => {}
                None => self.left_out(&path, &name, Reason::NoRule),
            }
        }
        if c.profile
            .gender
            .as_deref()
            .is_some_and(|g| g.trim().eq_ignore_ascii_case("male"))
        {
            self.sheet.traits.push(Trait::Male);
        }
        self.sheet.traits.sort();
        self.sheet.traits.dedup();
        Ok(())
    }

    /// Encumbrance from the carried equipment's weight against GCS's Basic
    /// Lift (G-EXT-014), and Dodge and Move at that level. Each weight is
    /// a number 0 to 10,000 lb (a weight GCS could not have written is
    /// refused at its path, never read as 0).
    fn encumbrance(&mut self, c: &Character) -> Result<(), ImportError> {
        let mut carried = 0.0;
        for (i, e) in c.equipment.iter().enumerate() {
            let path = format!("equipment[{i}].calc.extended_weight");
            match e.calc.extended_weight.as_deref() {
                Some(t) => {
                    let w = fray_gcs::notation::weight(t, &path)?;
                    carried += number(w, path, "the weight in pounds", (0.0, 10_000.0))?;
                }
                None => self.left_out(&path, e.name(), Reason::NoWeight),
            }
        }
        let lift = match c.calc.basic_lift.as_deref() {
            Some(t) => {
                let path = "calc.basic_lift";
                let w = fray_gcs::notation::weight(t, path)?;
                number(w, path, "Basic Lift in pounds", (0.1, 10_000.0))?
            }
            None => {
                self.left_out("calc.basic_lift", "Basic Lift", Reason::NoBasicLift);
                f64::from(self.sheet.basic_lift()).max(0.1)
            }
        };
        let level: u8 = match carried / lift {
            x if x <= 1.0 => 0,
            x if x <= 2.0 => 1,
            x if x <= 3.0 => 2,
            x if x <= 6.0 => 3,
            _ => 4,
        };
        self.sheet.encumbrance = Some(level);
        self.used("equipment", "carried weight", Reason::Encumbrance(level));
        let i = usize::from(level);
        self.dodge = c
            .calc
            .dodge
            .get(i)
            .map(|&d| (d, format!("calc.dodge[{i}]")));
        if let Some(&gcs) = c.calc.move_.get(i) {
            let basic = self
                .sheet
                .basic_move
                .unwrap_or(self.sheet.basic_speed_quarters() / 4);
            let engine = crate::model::sheet::encumbered_move(basic, level);
            if gcs != engine {
                self.left_out("calc.move", "Move", Reason::Move { gcs, engine });
            }
        }
        Ok(())
    }

    /// Spells the grimoire has, at GCS's level (1 to 100); the others into
    /// the report.
    fn spells(&mut self, c: &Character) -> Result<(), ImportError> {
        let armory = crate::model::data::bundled().ok();
        let mut rows = Vec::new();
        flatten_spells(&c.spells, "spells", &mut rows);
        for (path, s) in rows {
            let name = s.name.clone().unwrap_or_default();
            let Some(spell) = armory.and_then(|a| a.spell(name.trim())) else {
                self.left_out(&path, &name, Reason::NotInGrimoire);
                continue;
            };
            let Some(level) = s.calc.level else {
                self.left_out(&path, &name, Reason::NoLevel(None));
                continue;
            };
            let level = whole(
                f64::from(level),
                format!("{path}.calc.level"),
                "a spell's level",
                (1, 100),
            )?;
            self.sheet.spells.insert(spell.name.clone(), level);
            self.used(&path, &name, Reason::Spell(level));
        }
        Ok(())
    }

    /// Skills the engine's rules use by name (Brawling, Judo, Acrobatics...)
    /// join those the weapons use, at GCS's level (1 to 100); the others go
    /// into the report.
    fn skills(&mut self, c: &Character) -> Result<(), ImportError> {
        let mut rows = Vec::new();
        flatten_skills(&c.skills, "skills", &mut rows);
        for (path, s) in rows {
            let name = s.full_name();
            let ruled = crate::input::RULE_SKILLS
                .iter()
                .find(|k| k.eq_ignore_ascii_case(name.trim()));
            if s.row_kind() == fray_gcs::RowKind::Technique {
                self.left_out(&path, &name, Reason::NoRule);
            } else if self.sheet.skill(&name).is_some() {
                let level = self.sheet.skill(&name).unwrap_or(0);
                self.used(&path, &name, Reason::Skill(level));
            } else if let Some(k) = ruled {
                let Some(level) = s.calc.level else {
                    self.left_out(&path, &name, Reason::NoLevel(None));
                    continue;
                };
                let level = whole(
                    f64::from(level),
                    format!("{path}.calc.level"),
                    "a skill's level",
                    (1, 100),
                )?;
                self.sheet.skills.insert((*k).to_string(), level);
                self.used(&path, &name, Reason::Skill(level));
            } else {
                self.left_out(&path, &name, Reason::NoCombatUse);
            }
        }
        Ok(())
    }

    /// The guard: the sheet passes the checks a scenario's sheet passes
    /// (every value was checked at its JSON path already).
    fn check(&self) -> Result<(), ImportError> {
        let armory = crate::model::data::bundled().map_err(|e| ImportError::Missing {
            path: "(bundled data)".into(),
            what: e.to_string(),
        })?;
        let skills = crate::input::known_skills(armory);
        crate::input::check_sheet(&self.sheet, armory, &skills, &|f| f.to_string())?;
        Ok(())
    }
}

/// How the engine uses a trait.
enum TraitUse {
    Rule(Trait),
    Magery,
    Computed,
    Body,
}

/// The engine's use of a trait, by its name without specialization: a
/// humanoid's winged Flight gives it wings to be struck on (G-LOC-001); the
/// body meta-traits are what the body type says.
fn rule_trait(base: &str, t: &fray_gcs::Trait, body: BodyType) -> Option<TraitUse> {
    use TraitUse::*;
    let winged = || {
        fn on(list: &[fray_gcs::Modifier]) -> bool {
            list.iter().any(|m| {
                !m.disabled
                    && (m
                        .name
                        .as_deref()
                        .is_some_and(|n| n.trim().eq_ignore_ascii_case("winged"))
                        || on(&m.children))
            })
        }
        on(&t.modifiers)
    };
    Some(match base {
        "flight" if body == BodyType::Humanoid && winged() => Rule(Trait::Winged),
        "quadruped" | "hexapod" | "vermiform" | "serpentoid" | "avian" | "centaur"
            if body != BodyType::Humanoid =>
        {
            Body
        }
        "combat reflexes" => Rule(Trait::CombatReflexes),
        "high pain threshold" => Rule(Trait::HighPainThreshold),
        "low pain threshold" => Rule(Trait::LowPainThreshold),
        "peripheral vision" => Rule(Trait::PeripheralVision),
        "ambidexterity" => Rule(Trait::Ambidexterity),
        "weapon master" => Rule(Trait::WeaponMaster),
        "trained by a master" => Rule(Trait::TrainedByAMaster),
        "fit" | "very fit" => Rule(Trait::Fit),
        "perfect balance" => Rule(Trait::PerfectBalance),
        "magery" => Magery,
        // GCS folds these into its computed values, which the sheet takes.
        "enhanced parry"
        | "enhanced block"
        | "enhanced dodge"
        | "damage resistance"
        | "striking st"
        | "lifting st"
        | "extra hit points"
        | "extra fatigue points"
        | "basic speed"
        | "basic move"
        | "enhanced move"
        | "increased basic speed"
        | "increased basic move"
        | "decreased basic speed"
        | "decreased basic move" => Computed,
        _ => return None,
    })
}

type Flat<'a, T> = Vec<(String, &'a T)>;

fn flatten_traits<'a>(
    list: &'a [fray_gcs::Trait],
    at: &str,
    active: bool,
    out: &mut Vec<(String, &'a fray_gcs::Trait, bool)>,
) {
    for (i, t) in list.iter().enumerate() {
        let path = format!("{at}[{i}]");
        let on = active && !t.disabled;
        out.push((path.clone(), t, on));
        flatten_traits(&t.children, &format!("{path}.children"), on, out);
    }
}

fn flatten_skills<'a>(list: &'a [fray_gcs::Skill], at: &str, out: &mut Flat<'a, fray_gcs::Skill>) {
    for (i, s) in list.iter().enumerate() {
        let path = format!("{at}[{i}]");
        if s.children.is_empty() {
            out.push((path.clone(), s));
        }
        flatten_skills(&s.children, &format!("{path}.children"), out);
    }
}

fn flatten_spells<'a>(list: &'a [fray_gcs::Spell], at: &str, out: &mut Flat<'a, fray_gcs::Spell>) {
    for (i, s) in list.iter().enumerate() {
        let path = format!("{at}[{i}]");
        if s.children.is_empty() {
            out.push((path.clone(), s));
        }
        flatten_spells(&s.children, &format!("{path}.children"), out);
    }
}

/// GCS's skill levels by full name, each with its row's path (the first
/// row of a name counts).
fn collect_skills(list: &[fray_gcs::Skill], at: &str, out: &mut BTreeMap<String, (i32, String)>) {
    for (i, s) in list.iter().enumerate() {
        let path = format!("{at}[{i}]");
        if let Some(level) = s.calc.level {
            out.entry(s.full_name()).or_insert((level, path.clone()));
        }
        collect_skills(&s.children, &format!("{path}.children"), out);
    }
}

/// What enabled traits and equipped gear add to the Size Modifier
/// (`attribute_bonus` on `sm`, times the trait's levels when `per_level`),
/// each with its path.
fn sm_bonuses(c: &Character, out: &mut Vec<(String, f64)>) {
    fn features(list: &[fray_gcs::Feature], at: &str, levels: f64, out: &mut Vec<(String, f64)>) {
        for (j, f) in list.iter().enumerate() {
            let sm = f.kind.as_deref() == Some("attribute_bonus")
                && f.attribute.as_deref() == Some("sm");
            if let (true, Some(amount)) = (sm, f.amount) {
                let times = if f.per_level { levels } else { 1.0 };
                out.push((format!("{at}.features[{j}].amount"), amount * times));
            }
        }
    }
    fn traits(list: &[fray_gcs::Trait], at: &str, out: &mut Vec<(String, f64)>) {
        for (i, t) in list.iter().enumerate().filter(|(_, t)| !t.disabled) {
            let path = format!("{at}[{i}]");
            features(&t.features, &path, t.levels.unwrap_or(1.0), out);
            traits(&t.children, &format!("{path}.children"), out);
        }
    }
    fn gear(list: &[fray_gcs::Equipment], at: &str, out: &mut Vec<(String, f64)>) {
        for (i, e) in list.iter().enumerate().filter(|(_, e)| e.equipped) {
            let path = format!("{at}[{i}]");
            features(&e.features, &path, 1.0, out);
            gear(&e.children, &format!("{path}.children"), out);
        }
    }
    traits(&c.traits, "traits", out);
    gear(&c.equipment, "equipment", out);
}

/// The equipment row at a path like `equipment[2].children[0]`.
fn find_equipment<'a>(c: &'a Character, path: &str) -> Option<&'a fray_gcs::Equipment> {
    let mut parts = path.split('.');
    let first = parts.next()?;
    let (list, i) = index(first)?;
    let mut row = match list {
        "equipment" => c.equipment.get(i)?,
        "other_equipment" => c.other_equipment.get(i)?,
        _ => return None,
    };
    for p in parts {
        let (_, i) = index(p)?;
        row = row.children.get(i)?;
    }
    Some(row)
}

fn index(part: &str) -> Option<(&str, usize)> {
    let (name, rest) = part.split_once('[')?;
    Some((name, rest.strip_suffix(']')?.parse().ok()?))
}

/// For each GCS location id that equipped armor covers: whether every
/// piece covering it is noted `Flexible`.
fn flexible_locations(c: &Character) -> BTreeMap<&str, bool> {
    fn walk<'a>(list: &'a [fray_gcs::Equipment], on: bool, out: &mut BTreeMap<&'a str, bool>) {
        for e in list {
            let active = on && e.equipped;
            if active {
                let notes = format!(
                    "{} {}",
                    e.local_notes.as_deref().unwrap_or(""),
                    e.notes.as_deref().unwrap_or("")
                )
                .to_ascii_lowercase();
                let flex = notes.contains("flexible");
                for f in e
                    .features
                    .iter()
                    .filter(|f| f.kind.as_deref() == Some("dr_bonus"))
                {
                    for l in f.covered() {
                        let v = out.entry(l).or_insert(true);
                        *v &= flex;
                    }
                }
            }
            walk(&e.children, active, out);
        }
    }
    let mut out = BTreeMap::new();
    walk(&c.equipment, true, &mut out);
    out
}
