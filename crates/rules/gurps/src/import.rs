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

use crate::model::damage::{DamageSpec, DamageType};
use crate::model::data::{AttackMode, Balance, Range, RangeValue, Shield, Unarmed, Weapon};
use crate::model::location::Location;
use crate::model::sheet::{LocationDr, Sheet, Trait};
use fray_gcs::{Character, Damage, Defense, OwnerKind, WeaponKind, Yards};
use std::collections::BTreeMap;
use std::fmt;

/// A GCS character made into a sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The character's name.
    pub name: String,
    /// The sheet.
    pub sheet: Sheet,
    /// What was used and what was left out.
    pub report: Report,
}

/// What an import used and left out, each with its JSON path.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Rows that made it onto the sheet.
    pub used: Vec<Entry>,
    /// Rows the engine has no rule for, or that only partly made it.
    pub left_out: Vec<Entry>,
}

/// One row of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Where in the file (`traits[4]`).
    pub path: String,
    /// The row's name.
    pub name: String,
    /// Why it is used or left out.
    pub reason: Reason,
}

/// Why a row is used, or left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Used: a trait the engine has a rule for.
    Trait(Trait),
    /// Used: Magery, for spell energy.
    Magery(i32),
    /// Used: its effect is already in GCS's computed values (Enhanced
    /// Parry in Parry, Damage Resistance in DR, Striking ST in damage).
    InComputedValues,
    /// Used: a skill at its level.
    Skill(i32),
    /// Used: a spell of the grimoire at its level.
    Spell(i32),
    /// Used: a weapon with these attack modes.
    Weapon(usize),
    /// Used: the shield, with its Defense Bonus.
    Shield(i32),
    /// Used: DR by hit location.
    Dr,
    /// Used: encumbrance level from carried weight against Basic Lift.
    Encumbrance(u8),
    /// Used: Punch and Kick: the engine gives every humanoid its own.
    BuiltIn,
    /// Left out: a trait or technique the engine has no rule for.
    NoRule,
    /// Left out: the trait or one above it is disabled.
    Disabled,
    /// Left out: equipment not equipped, or not carried.
    NotEquipped,
    /// Left out: a skill no weapon of the sheet and no rule uses.
    NoCombatUse,
    /// Left out: a spell the grimoire does not have.
    NotInGrimoire,
    /// Left out: an attack that does no damage the engine knows (`Blinds`).
    NoDamage(String),
    /// Left out: a damage type the engine does not know.
    DamageType(String),
    /// Left out: damage per point of energy, from a spell not in the grimoire.
    PerPoint,
    /// Left out: a second shield (one is carried ready).
    SecondShield,
    /// Left out: DR against a damage type other than crushing differs.
    DrByType(String),
    /// Left out: a hit location the engine does not have.
    Location(String),
    /// Partly: `‡` (unready after an attack) is not modelled; the weapon
    /// is kept two-handed.
    UnreadyAfterAttack,
    /// Partly: `*` (changing reach takes a Ready) is not modelled.
    ReachChange,
    /// Partly: a ranged weapon with no range; it shoots to 100 yards.
    NoRange,
    /// Partly: the file has no FP (a nonliving being): FP = HT.
    NoFp,
    /// Partly: GCS's Move at this encumbrance differs from the engine's.
    Move {
        /// GCS's Move.
        gcs: i32,
        /// The engine's.
        engine: i32,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Reason::*;
        match self {
            Trait(t) => write!(f, "trait {t:?}"),
            Magery(n) => write!(f, "Magery {n}"),
            InComputedValues => f.write_str("already in GCS's computed values"),
            Skill(n) => write!(f, "skill {n}"),
            Spell(n) => write!(f, "spell {n}"),
            Weapon(n) => write!(f, "weapon, {n} attack mode(s)"),
            Shield(db) => write!(f, "shield, DB {db}"),
            Dr => f.write_str("DR by location"),
            Encumbrance(l) => write!(f, "encumbrance level {l}"),
            BuiltIn => f.write_str("the engine's own Punch and Kick"),
            NoRule => f.write_str("the engine has no rule for it"),
            Disabled => f.write_str("disabled"),
            NotEquipped => f.write_str("not equipped"),
            NoCombatUse => f.write_str("no weapon or combat rule uses it"),
            NotInGrimoire => f.write_str("not in the grimoire (data/gurps/spells.toml)"),
            NoDamage(d) => write!(f, "`{d}` is no damage the engine deals"),
            DamageType(t) => write!(f, "damage type `{t}` is unknown to the engine"),
            PerPoint => f.write_str("damage per point of energy from a spell not in the grimoire"),
            SecondShield => f.write_str("a second shield: one is carried ready"),
            DrByType(t) => write!(f, "DR against `{t}` differs: only crushing DR is modelled"),
            Location(l) => write!(f, "hit location `{l}` is unknown to the engine"),
            UnreadyAfterAttack => {
                f.write_str("`‡`, unready after an attack, is not modelled (kept two-handed)")
            }
            ReachChange => f.write_str("`*`, a Ready to change reach, is not modelled"),
            NoRange => f.write_str("no range in the file: 100 yards assumed"),
            NoFp => f.write_str("no FP in the file (nonliving): FP = HT"),
            Move { gcs, engine } => write!(f, "GCS's Move is {gcs}, the engine's {engine}"),
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Used ({}):", self.used.len())?;
        for e in &self.used {
            writeln!(f, "  {}: {} ({})", e.name, e.reason, e.path)?;
        }
        writeln!(f, "Left out or partly modelled ({}):", self.left_out.len())?;
        for e in &self.left_out {
            writeln!(f, "  {}: {} ({})", e.name, e.reason, e.path)?;
        }
        Ok(())
    }
}

/// Why a GCS character cannot be made into a sheet.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file itself.
    #[error(transparent)]
    Gcs(#[from] fray_gcs::GcsError),
    /// A needed attribute is missing or out of range.
    #[error("attributes: `{id}` {problem}")]
    Attribute {
        /// The attribute id.
        id: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// A weapon's damage that the engine's damage notation refuses.
    #[error("{path}: {error}")]
    Damage {
        /// The JSON path.
        path: String,
        /// Why.
        #[source]
        error: crate::model::damage::DamageSpecError,
    },
}

/// Reads a GCS file and makes it a sheet.
pub fn read(path: &std::path::Path) -> Result<Imported, ImportError> {
    convert(&fray_gcs::read(path)?)
}

/// Imports a GCS character from its JSON text (a file a saved game carries).
pub fn parse(text: &str) -> Result<Imported, ImportError> {
    convert(&fray_gcs::parse(text)?)
}

/// Makes a GCS character a sheet.
pub fn convert(c: &Character) -> Result<Imported, ImportError> {
    let mut cx = Convert::new(c)?;
    cx.traits(c);
    cx.encumbrance(c);
    cx.spells(c);
    cx.weapons(c)?;
    cx.skills(c);
    cx.dr(c);
    Ok(Imported {
        name: c.name().to_string(),
        sheet: cx.sheet,
        report: cx.report,
    })
}

/// The conversion under way.
struct Convert {
    sheet: Sheet,
    report: Report,
    /// GCS skill levels by full name (`Shield (Shield)`).
    gcs_skills: BTreeMap<String, i32>,
    /// The shield's Defense Bonus, added by the engine to every defense.
    db: i32,
    /// GCS's Dodge at the encumbrance level.
    dodge: Option<i32>,
}

fn attribute(c: &Character, id: &'static str) -> Result<f64, ImportError> {
    c.attribute(id).ok_or(ImportError::Attribute {
        id,
        problem: "is missing".into(),
    })
}

fn whole(v: f64, id: &'static str, min: i32, max: i32) -> Result<i32, ImportError> {
    let n = v.round();
    if n < f64::from(min) || n > f64::from(max) {
        return Err(ImportError::Attribute {
            id,
            problem: format!("must be {min} to {max}, found {v}"),
        });
    }
    Ok(n as i32)
}

impl Convert {
    /// Attributes and secondary characteristics, from their computed values.
    fn new(c: &Character) -> Result<Self, ImportError> {
        let st = whole(attribute(c, "st")?, "st", 1, 100)?;
        let dx = whole(attribute(c, "dx")?, "dx", 1, 100)?;
        let iq = whole(attribute(c, "iq")?, "iq", 1, 100)?;
        let ht = whole(attribute(c, "ht")?, "ht", 1, 100)?;
        let opt = |id: &'static str, min, max| -> Result<Option<i32>, ImportError> {
            c.attribute(id).map(|v| whole(v, id, min, max)).transpose()
        };
        let current = |id: &'static str, max: Option<i32>| -> Option<i32> {
            let v = c.current(id)?.round() as i32;
            (Some(v) != max).then_some(v.clamp(1, 1000))
        };
        let hp = opt("hp", 1, 1000)?;
        let fp = opt("fp", 1, 1000)?;
        let mut report = Report::default();
        if fp.is_none() {
            report.left_out.push(Entry {
                path: "attributes".into(),
                name: "FP".into(),
                reason: Reason::NoFp,
            });
        }
        let basic_speed = c
            .attribute("basic_speed")
            .filter(|s| (0.25..=100.0).contains(s))
            .map(|s| s as f32);
        let sheet = Sheet {
            st,
            dx,
            iq,
            ht,
            hp,
            fp,
            will: opt("will", 1, 100)?,
            per: opt("per", 1, 100)?,
            basic_speed,
            basic_move: opt("basic_move", 0, 100)?,
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
            hp_current: current("hp", hp),
            fp_current: current("fp", fp),
        };
        let mut gcs_skills = BTreeMap::new();
        collect_skills(&c.skills, &mut gcs_skills);
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
    /// computed; the rest into the report. Disabled traits (or in a
    /// disabled container) are ignored.
    fn traits(&mut self, c: &Character) {
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
            match rule_trait(&base) {
                Some(TraitUse::Rule(tr)) => {
                    if !self.sheet.traits.contains(&tr) {
                        self.sheet.traits.push(tr);
                    }
                    self.used(&path, &name, Reason::Trait(tr));
                }
                Some(TraitUse::Magery) => {
                    let level = t.levels.unwrap_or(0.0).round().clamp(0.0, 10.0) as i32;
                    self.sheet.magery = self.sheet.magery.max(level);
                    self.used(&path, &name, Reason::Magery(level));
                }
                Some(TraitUse::Computed) => self.used(&path, &name, Reason::InComputedValues),
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
    }

    /// Encumbrance from the carried equipment's weight against GCS's Basic
    /// Lift (G-EXT-014), and Dodge and Move at that level.
    fn encumbrance(&mut self, c: &Character) {
        let carried: f64 = c
            .equipment
            .iter()
            .filter_map(|e| e.calc.extended_weight.as_deref())
            .filter_map(fray_gcs::parse_weight)
            .sum();
        let lift = c
            .calc
            .basic_lift
            .as_deref()
            .and_then(fray_gcs::parse_weight)
            .unwrap_or_else(|| f64::from(self.sheet.basic_lift()))
            .max(0.1);
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
        self.dodge = c.calc.dodge.get(i).copied();
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
    }

    /// Spells the grimoire has, at GCS's level; the others into the report.
    fn spells(&mut self, c: &Character) {
        let armory = crate::model::data::bundled().ok();
        let mut rows = Vec::new();
        flatten_spells(&c.spells, "spells", &mut rows);
        for (path, s) in rows {
            let name = s.name.clone().unwrap_or_default();
            let known = armory.and_then(|a| a.spell(&name));
            match (known, s.calc.level) {
                (Some(spell), Some(level)) if level >= 1 => {
                    self.sheet.spells.insert(spell.name.clone(), level.min(100));
                    self.used(&path, &name, Reason::Spell(level));
                }
                _ => self.left_out(&path, &name, Reason::NotInGrimoire),
            }
        }
    }

    /// Weapons wherever they sit, grouped by the row they belong to: the
    /// shield (the item that blocks), weapons of equipped equipment, of
    /// traits (natural weapons) and of skills. Spell weapons are the
    /// grimoire's.
    fn weapons(&mut self, c: &Character) -> Result<(), ImportError> {
        let all = c.weapons()?;
        let cr = i32::from(self.sheet.traits.contains(&Trait::CombatReflexes));
        // The shield first: its DB counts in every defense (G-DEF-007).
        let mut shield_path = None;
        for w in &all {
            let blocks = matches!(w.block, Some(Defense::Value { .. }));
            if !blocks || !w.owner.active || w.owner.kind == OwnerKind::Spell {
                continue;
            }
            if shield_path.is_some() {
                if shield_path.as_deref() != Some(w.owner.path.as_str()) {
                    self.left_out(&w.owner.path, &w.owner.name, Reason::SecondShield);
                }
                continue;
            }
            shield_path = Some(w.owner.path.clone());
            let item = find_equipment(c, &w.owner.path);
            let db = item.map_or(0, |e| {
                e.features
                    .iter()
                    .filter(|f| {
                        f.kind.as_deref() == Some("attribute_bonus")
                            && f.attribute.as_deref() == Some("block")
                    })
                    .filter_map(|f| f.amount)
                    .sum::<f64>()
                    .round() as i32
            });
            self.db = db;
            let Some(Defense::Value { value, .. }) = w.block else {
                continue;
            };
            // G-DEF-006: Block = skill/2 + 3; the engine adds CR and DB.
            let target = value - cr - db;
            // The bash's level is the shield skill when it gives GCS's Block.
            let level = w
                .level
                .filter(|l| l / 2 + 3 == target)
                .unwrap_or(2 * (target - 3));
            let shield_skill = self.level_name(&w.owner.name, "Block", w, level);
            let bundled = crate::model::data::bundled()
                .ok()
                .and_then(|a| a.shield(&w.owner.name))
                .cloned();
            let weight = w.owner.weight.unwrap_or(0.0) as f32;
            self.sheet.own_shield = Some(Shield {
                name: w.owner.name.clone(),
                db,
                skill: shield_skill,
                weight,
                hp: bundled.as_ref().map_or(0, |s| s.hp),
                dr: bundled.as_ref().map_or(0, |s| s.dr),
            });
            self.used(&w.owner.path, &w.owner.name, Reason::Shield(db));
        }
        // Dodge: floor(Basic Speed) + 3 - encumbrance (G-DEF-001), plus the
        // engine's CR and DB; the rest is the sheet's dodge bonus.
        if let (Some(dodge), Some(level)) = (self.dodge, self.sheet.encumbrance) {
            let base = self.sheet.basic_speed_quarters() / 4 + 3 - i32::from(level);
            self.sheet.dodge_bonus = (dodge - base - cr - self.db).clamp(-20, 20);
        }
        // Group the rows by owner, in file order.
        let mut groups: Vec<(String, Vec<&fray_gcs::Weapon>)> = Vec::new();
        for w in &all {
            match groups.iter_mut().find(|(p, _)| *p == w.owner.path) {
                Some((_, list)) => list.push(w),
                None => groups.push((w.owner.path.clone(), vec![w])),
            }
        }
        for (path, rows) in groups {
            let owner = &rows[0].owner;
            if owner.kind == OwnerKind::Spell {
                continue; // the grimoire's spells carry their own attacks
            }
            if !owner.active {
                let reason = if owner.kind == OwnerKind::Trait {
                    Reason::Disabled
                } else {
                    Reason::NotEquipped
                };
                self.left_out(&path, &owner.name, reason);
                continue;
            }
            if owner.kind == OwnerKind::Trait && owner.name.eq_ignore_ascii_case("Natural Attacks")
            {
                self.used(&path, &owner.name, Reason::BuiltIn);
                continue;
            }
            let weapon = self.weapon(&rows, cr)?;
            if weapon.modes.is_empty() {
                continue;
            }
            self.used(&path, &owner.name, Reason::Weapon(weapon.modes.len()));
            self.sheet.own_weapons.push(weapon);
        }
        Ok(())
    }

    /// One weapon from its rows: a mode per row the engine can use.
    fn weapon(&mut self, rows: &[&fray_gcs::Weapon], cr: i32) -> Result<Weapon, ImportError> {
        let owner = &rows[0].owner;
        let natural = owner.kind == OwnerKind::Trait;
        let mut name = owner.name.clone();
        let taken =
            |n: &str, s: &Sheet| s.own_weapons.iter().any(|w| w.name.eq_ignore_ascii_case(n));
        let mut k = 2;
        while taken(&name, &self.sheet) {
            name = format!("{} {k}", owner.name);
            k += 1;
        }
        let mut balance = None;
        let mut modes = Vec::new();
        for w in rows {
            let Some(mode) = self.mode(w, cr, &mut balance)? else {
                continue;
            };
            modes.push(mode);
        }
        let skill = modes
            .first()
            .and_then(|m: &AttackMode| m.skill.clone())
            .unwrap_or_else(|| "DX".into());
        let unarmed = natural.then(|| {
            if rows.iter().all(|w| w.usage.eq_ignore_ascii_case("bite")) {
                Unarmed::Bite
            } else {
                Unarmed::Natural
            }
        });
        Ok(Weapon {
            name,
            skill,
            weight: owner.weight.unwrap_or(0.0) as f32,
            cost: 0,
            balance,
            unarmed,
            material: Default::default(),
            improvised: 0,
            implement: None,
            modes,
            notes: format!("imported from GCS ({})", owner.path),
        })
    }

    /// One attack mode, or `None` (into the report) when the engine cannot
    /// use it.
    fn mode(
        &mut self,
        w: &fray_gcs::Weapon,
        cr: i32,
        balance: &mut Option<Balance>,
    ) -> Result<Option<AttackMode>, ImportError> {
        let label = if w.usage.is_empty() {
            w.owner.name.clone()
        } else {
            format!("{} ({})", w.owner.name, w.usage)
        };
        let (dice, divisor, kind, per_point) = match &w.damage {
            Damage::Dice {
                dice,
                divisor,
                kind,
                per_point,
            } => (dice, *divisor, kind, *per_point),
            Damage::Points { kind, .. } => {
                self.left_out(&w.path, &label, Reason::NoDamage(kind.clone()));
                return Ok(None);
            }
            Damage::Other(text) => {
                self.left_out(&w.path, &label, Reason::NoDamage(text.clone()));
                return Ok(None);
            }
        };
        if per_point {
            self.left_out(&w.path, &label, Reason::PerPoint);
            return Ok(None);
        }
        let Ok(damage_type) = serde_json::from_value::<DamageType>(kind.as_str().into()) else {
            self.left_out(&w.path, &label, Reason::DamageType(kind.clone()));
            return Ok(None);
        };
        let damage = self.damage_spec(w, dice)?;
        let level = w.level.unwrap_or(self.sheet.dx - 5).clamp(1, 100);
        let skill = self.level_name(&w.owner.name, &w.usage, w, level);
        let melee = w.kind == WeaponKind::Melee;
        let reach = match (&w.reach, melee) {
            (Some(r), true) => {
                if r.change_needs_ready {
                    self.left_out(&w.path, &label, Reason::ReachChange);
                }
                r.yards.clone()
            }
            (None, true) => vec![1],
            _ => Vec::new(),
        };
        // G-DEF-002: Parry = skill/2 + 3 + the mode's parry; the engine
        // adds CR and the shield's DB, so the modifier is GCS's Parry less all that.
        let parry = match w.parry {
            Some(Defense::Value {
                value,
                fencing,
                unbalanced,
            }) if melee => {
                if fencing {
                    *balance = Some(Balance::Fencing);
                } else if unbalanced {
                    *balance = Some(Balance::Unbalanced);
                }
                Some(value - (level / 2 + 3) - cr - self.db)
            }
            _ => None,
        };
        let (min_st, two_handed) = match w.strength {
            Some(s) => {
                if s.unready_after_attack {
                    self.left_out(&w.path, &label, Reason::UnreadyAfterAttack);
                }
                (s.st.clamp(0, 255) as u8, s.two_handed)
            }
            None => (0, false),
        };
        let thrown = w
            .shots
            .as_deref()
            .is_some_and(|s| s.trim().eq_ignore_ascii_case("t"))
            || w.usage.eq_ignore_ascii_case("thrown");
        let range = if melee {
            None
        } else {
            let (half, max) = match w.range {
                Some(r) => r,
                None => {
                    self.left_out(&w.path, &label, Reason::NoRange);
                    (None, Yards::Fixed(100))
                }
            };
            let value = |y: Yards| match y {
                Yards::Fixed(n) => RangeValue::Yards(n),
                Yards::TimesSt(m) => RangeValue::TimesSt(format!("x{m}")),
            };
            Some(Range {
                half: value(half.unwrap_or(max)),
                max: value(max),
            })
        };
        let reload = if melee || thrown {
            None
        } else {
            w.shots.as_deref().and_then(|s| {
                s.split_once('(')?
                    .1
                    .strip_suffix(')')?
                    .trim()
                    .parse::<u8>()
                    .ok()
            })
        };
        let name = if thrown {
            "thrown".to_string()
        } else if w.usage.is_empty() {
            if melee { "swing" } else { "shot" }.to_string()
        } else {
            w.usage.to_ascii_lowercase()
        };
        Ok(Some(AttackMode {
            name,
            damage,
            damage_type,
            armor_divisor: divisor,
            reach,
            parry,
            min_st,
            two_handed,
            skill: Some(skill),
            acc: if melee {
                None
            } else {
                Some(w.accuracy.unwrap_or(0))
            },
            range,
            rof: if melee {
                None
            } else {
                w.rate_of_fire.map(|r| r.clamp(1, 100) as u8)
            },
            bulk: if melee { None } else { w.bulk },
            reload,
            follow_up: None,
        }))
    }

    /// GCS's damage as the engine's notation: `sw+N` or `thr+N` when the
    /// engine's ST table at the sheet's ST gives GCS's dice (so muscle-powered
    /// rules apply, G-DMG-001), else the fixed dice GCS computed (Striking
    /// ST and the like are in them).
    fn damage_spec(
        &self,
        w: &fray_gcs::Weapon,
        dice: &fray_gcs::Dice,
    ) -> Result<DamageSpec, ImportError> {
        let st_table = match w.st_based.as_deref() {
            Some("sw") => Some(("sw", crate::rules::damage::swing(self.sheet.st))),
            Some("thr") => Some(("thr", crate::rules::damage::thrust(self.sheet.st))),
            _ => None,
        };
        let text = match st_table {
            Some((base, table)) if table.dice == dice.count => {
                let adds = dice.adds - table.adds;
                if adds == 0 {
                    base.to_string()
                } else {
                    format!("{base}{adds:+}")
                }
            }
            _ => dice.text.clone(),
        };
        text.parse().map_err(|error| ImportError::Damage {
            path: format!("{}.calc.damage", w.path),
            error,
        })
    }

    /// The skill name a mode or shield is rolled with, so that the sheet's
    /// level for it is exactly GCS's: the GCS skill it defaults to at no
    /// penalty when that skill's level is the weapon's, else a name of the
    /// weapon's own (`Spear (Thrust)`).
    fn level_name(&mut self, owner: &str, usage: &str, w: &fray_gcs::Weapon, level: i32) -> String {
        let level = level.clamp(1, 100);
        let from_default = w.defaults.iter().find_map(|(name, m)| {
            (*m == 0 && self.gcs_skills.get(name) == Some(&level)).then(|| name.clone())
        });
        let candidate = from_default.unwrap_or_else(|| {
            if usage.is_empty() {
                owner.to_string()
            } else {
                format!("{owner} ({usage})")
            }
        });
        let mut name = candidate.clone();
        let mut k = 2;
        while self.sheet.skill(&name).is_some_and(|l| l != level) {
            name = format!("{candidate} {k}");
            k += 1;
        }
        self.sheet.skills.insert(name.clone(), level);
        name
    }

    /// Skills the engine's rules use by name (Brawling, Judo, Acrobatics...)
    /// join those the weapons use; the others go into the report.
    fn skills(&mut self, c: &Character) {
        let mut rows = Vec::new();
        flatten_skills(&c.skills, "skills", &mut rows);
        for (path, s) in rows {
            let name = s.full_name();
            let Some(level) = s.calc.level else {
                continue;
            };
            let ruled = crate::input::RULE_SKILLS
                .iter()
                .find(|k| k.eq_ignore_ascii_case(&name));
            if s.row_kind() == fray_gcs::RowKind::Technique {
                self.left_out(&path, &name, Reason::NoRule);
            } else if self.sheet.skill(&name).is_some() {
                self.used(&path, &name, Reason::Skill(level));
            } else if let Some(k) = ruled.filter(|_| (1..=100).contains(&level)) {
                self.sheet.skills.insert((*k).to_string(), level);
                self.used(&path, &name, Reason::Skill(level));
            } else {
                self.left_out(&path, &name, Reason::NoCombatUse);
            }
        }
    }

    /// DR by hit location from the body type's computed DR; flexible where
    /// only equipment noted `Flexible` covers the location (G-EXT-021).
    fn dr(&mut self, c: &Character) {
        let flexible = flexible_locations(c);
        for (i, loc) in c.locations().iter().enumerate() {
            let path = format!("settings.body_type.locations[{i}]");
            let table = loc.table_name.clone().unwrap_or_default();
            let Some(targets) = locations_of(&loc.id, &table) else {
                self.left_out(&path, &table, Reason::Location(loc.id.clone()));
                continue;
            };
            let all = loc.calc.dr.get("all").copied().unwrap_or(0).clamp(0, 100);
            let crushing = loc.calc.dr.get("crushing").map(|d| (all + d).clamp(0, all));
            for key in loc.calc.dr.keys() {
                if key != "all" && key != "crushing" {
                    self.left_out(&path, &table, Reason::DrByType(key.clone()));
                }
            }
            for t in targets {
                self.sheet.dr.insert(
                    crate::setup::location_key(t),
                    LocationDr {
                        dr: all,
                        crushing,
                        flexible: all > 0 && flexible.get(loc.id.as_str()) == Some(&true),
                    },
                );
            }
        }
        if !self.sheet.dr.is_empty() {
            self.used("settings.body_type", "hit locations", Reason::Dr);
        }
    }
}

/// How the engine uses a trait.
enum TraitUse {
    Rule(Trait),
    Magery,
    Computed,
}

/// The engine's use of a trait, by its name without specialization.
fn rule_trait(base: &str) -> Option<TraitUse> {
    use TraitUse::*;
    Some(match base {
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

fn collect_skills(list: &[fray_gcs::Skill], out: &mut BTreeMap<String, i32>) {
    for s in list {
        if let Some(level) = s.calc.level {
            out.entry(s.full_name()).or_insert(level);
        }
        collect_skills(&s.children, out);
    }
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

/// GCS location ids on the engine's locations; sided limbs by table name.
fn locations_of(id: &str, table: &str) -> Option<Vec<Location>> {
    use Location::*;
    let left = table.to_ascii_lowercase().contains("left");
    let right = table.to_ascii_lowercase().contains("right");
    let sided = |l: Location, r: Location| match (left, right) {
        (true, false) => vec![l],
        (false, true) => vec![r],
        _ => vec![l, r],
    };
    Some(match id {
        "eye" | "eyes" => vec![Eye],
        "skull" => vec![Skull],
        "face" => vec![Face],
        "neck" => vec![Neck],
        "torso" | "chest" => vec![Torso],
        "vitals" => vec![Vitals],
        "groin" => vec![Groin],
        "arm" | "arms" => sided(LeftArm, RightArm),
        "leg" | "legs" => sided(LeftLeg, RightLeg),
        "hand" | "hands" => sided(LeftHand, RightHand),
        "foot" | "feet" => sided(LeftFoot, RightFoot),
        "tail" => vec![Tail],
        _ => return None,
    })
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
