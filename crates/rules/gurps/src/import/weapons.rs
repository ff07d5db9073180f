//! Weapons and the shield from GCS's weapon rows: every number checked
//! against the range the engine's rules read (the same ranges as a weapon
//! written out on a scenario's sheet), every name clean, follow-ups read
//! from the rows' notes.

use super::error::{ImportError, clean_name, number, whole};
use super::report::Reason;
use super::{Convert, find_equipment};
use crate::model::damage::{DamageSpec, DamageType};
use crate::model::data::{AttackMode, Balance, Range, RangeValue, Shield, Unarmed, Weapon};
use crate::model::location::BodyType;
use crate::model::sheet::{Sheet, Trait};
use fray_gcs::{Character, Damage, Defense, Owner, OwnerKind, WeaponKind, Yards};

/// The JSON path of an owner row's name.
fn name_path(owner: &Owner) -> String {
    match owner.kind {
        OwnerKind::Equipment | OwnerKind::OtherEquipment => format!("{}.description", owner.path),
        _ => format!("{}.name", owner.path),
    }
}

/// An owner's weight in pounds (0 to 10,000), or `None` when the file
/// has none.
fn weight(owner: &Owner) -> Result<Option<f32>, ImportError> {
    owner
        .weight
        .map(|w| {
            let path = format!("{}.calc.extended_weight", owner.path);
            number(w, path, "the weight in pounds", (0.0, 10_000.0)).map(|w| w as f32)
        })
        .transpose()
}

impl Convert {
    /// Weapons wherever they sit, grouped by the row they belong to: the
    /// shield (the item that blocks), weapons of equipped equipment, of
    /// traits (natural weapons) and of skills. Spell weapons are the
    /// grimoire's.
    pub(super) fn weapons(&mut self, c: &Character) -> Result<(), ImportError> {
        let all = c.weapons()?;
        let cr = i32::from(self.sheet.traits.contains(&Trait::CombatReflexes));
        self.shield(c, &all, cr)?;
        // Dodge: floor(Basic Speed) + 3 - encumbrance (G-DEF-001), plus the
        // engine's CR and DB; the rest is the sheet's dodge bonus.
        if let (Some((dodge, path)), Some(level)) = (self.dodge.clone(), self.sheet.encumbrance) {
            let base = self.sheet.basic_speed_quarters() / 4 + 3 - i32::from(level);
            let engine = base + cr + self.db;
            let what = format!("Dodge {dodge} less the engine's {engine} (G-DEF-001)");
            self.sheet.dodge_bonus = whole(f64::from(dodge - engine), path, &what, (-20, 20))?;
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
            let humanoid = self.sheet.body == BodyType::Humanoid;
            if humanoid
                && owner.kind == OwnerKind::Trait
                && owner.name.trim().eq_ignore_ascii_case("Natural Attacks")
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

    /// The shield first: its DB counts in every defense (G-DEF-007). Its
    /// DB is 0 to 10, its skill 1 to 100, its weight 0 to 10,000 lb.
    fn shield(
        &mut self,
        c: &Character,
        all: &[fray_gcs::Weapon],
        cr: i32,
    ) -> Result<(), ImportError> {
        let mut shield_path = None;
        for w in all {
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
            let name = clean_name(&w.owner.name, name_path(&w.owner))?;
            let db = find_equipment(c, &w.owner.path).map_or(0.0, |e| {
                e.features
                    .iter()
                    .filter(|f| {
                        f.kind.as_deref() == Some("attribute_bonus")
                            && f.attribute.as_deref() == Some("block")
                    })
                    .filter_map(|f| f.amount)
                    .sum::<f64>()
            });
            let db_path = format!("{}.features", w.owner.path);
            let db = whole(db, db_path, "the shield's Defense Bonus", (0, 10))?;
            self.db = db;
            let Some(Defense::Value { value, .. }) = w.block else {
                continue;
            };
            // G-DEF-006: Block = skill/2 + 3; the engine adds CR and DB.
            let target = value - cr - db;
            // The bash's level is the shield skill when it gives GCS's Block.
            let level = match w.level.filter(|l| l / 2 + 3 == target) {
                Some(l) => l,
                None => 2 * (target - 3),
            };
            let what = format!("the shield skill behind Block {value}");
            let level = whole(
                f64::from(level),
                format!("{}.calc.block", w.path),
                &what,
                (1, 100),
            )?;
            let shield_skill = self.level_name(&name, "Block", w, level)?;
            let bundled = crate::model::data::bundled()
                .ok()
                .and_then(|a| a.shield(&name))
                .cloned();
            let weight = match weight(&w.owner)? {
                Some(w) => w,
                None => {
                    self.left_out(&w.owner.path, &name, Reason::NoWeight);
                    0.0
                }
            };
            self.sheet.own_shield = Some(Shield {
                name: name.clone(),
                db,
                skill: shield_skill,
                weight,
                hp: bundled.as_ref().map_or(0, |s| s.hp),
                dr: bundled.as_ref().map_or(0, |s| s.dr),
            });
            self.used(&w.owner.path, &name, Reason::Shield(db));
        }
        Ok(())
    }

    /// One weapon from its rows: a mode per row the engine can use.
    fn weapon(&mut self, rows: &[&fray_gcs::Weapon], cr: i32) -> Result<Weapon, ImportError> {
        let owner = &rows[0].owner;
        let natural = owner.kind == OwnerKind::Trait;
        let base = clean_name(&owner.name, name_path(owner))?;
        let mut name = base.clone();
        let taken =
            |n: &str, s: &Sheet| s.own_weapons.iter().any(|w| w.name.eq_ignore_ascii_case(n));
        let mut k = 2;
        while taken(&name, &self.sheet) {
            name = format!("{base} {k}");
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
            if rows
                .iter()
                .all(|w| w.usage.trim().eq_ignore_ascii_case("bite"))
            {
                Unarmed::Bite
            } else {
                Unarmed::Natural
            }
        });
        let weight = match weight(owner)? {
            Some(w) => w,
            None if matches!(owner.kind, OwnerKind::Equipment) && !modes.is_empty() => {
                self.left_out(&owner.path, &name, Reason::NoWeight);
                0.0
            }
            None => 0.0,
        };
        Ok(Weapon {
            name,
            skill,
            weight,
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
        let usage = if w.usage.trim().is_empty() {
            String::new()
        } else {
            clean_name(&w.usage, format!("{}.usage", w.path))?
        };
        let label = if usage.is_empty() {
            w.owner.name.clone()
        } else {
            format!("{} ({usage})", w.owner.name)
        };
        let Some((damage, divisor, damage_type)) = self.damage_of(w, &label)? else {
            return Ok(None);
        };
        let level = match w.level {
            Some(l) => l,
            None => {
                let default = self.sheet.dx - 5;
                self.left_out(&w.path, &label, Reason::NoLevel(Some(default)));
                default
            }
        };
        let what = "the weapon's skill level";
        let level = whole(
            f64::from(level),
            format!("{}.calc.level", w.path),
            what,
            (1, 100),
        )?;
        let owner = clean_name(&w.owner.name, name_path(&w.owner))?;
        let skill = self.level_name(&owner, &usage, w, level)?;
        let melee = w.kind == WeaponKind::Melee;
        let reach = self.reach(w, &label, melee)?;
        let parry = self.parry(w, level, cr, balance, melee)?;
        let (min_st, two_handed) = self.strength(w, &label)?;
        let thrown = w
            .shots
            .as_deref()
            .is_some_and(|s| s.trim().eq_ignore_ascii_case("t"))
            || usage.eq_ignore_ascii_case("thrown");
        let name = if thrown {
            "thrown".to_string()
        } else if usage.is_empty() {
            if melee { "swing" } else { "shot" }.to_string()
        } else {
            usage.to_ascii_lowercase()
        };
        let follow_up = self.notes(w, &label)?;
        let mut mode = AttackMode {
            name,
            damage,
            damage_type,
            armor_divisor: divisor,
            reach,
            parry,
            min_st,
            two_handed,
            skill: Some(skill),
            acc: None,
            range: None,
            rof: None,
            bulk: None,
            reload: None,
            follow_up,
        };
        if !melee {
            self.ranged(w, &label, thrown, &mut mode)?;
        }
        Ok(Some(mode))
    }

    /// The damage, its armor divisor (0.1 to 100, G-EXT-019) and type, or
    /// `None` (into the report) for damage the engine does not deal.
    fn damage_of(
        &mut self,
        w: &fray_gcs::Weapon,
        label: &str,
    ) -> Result<Option<(DamageSpec, f32, DamageType)>, ImportError> {
        let (dice, divisor, kind, per_point) = match &w.damage {
            Damage::Dice {
                dice,
                divisor,
                kind,
                per_point,
            } => (dice, *divisor, kind, *per_point),
            Damage::Points { kind, .. } => {
                self.left_out(&w.path, label, Reason::NoDamage(kind.clone()));
                return Ok(None);
            }
            Damage::Other(text) => {
                self.left_out(&w.path, label, Reason::NoDamage(text.clone()));
                return Ok(None);
            }
        };
        if per_point {
            self.left_out(&w.path, label, Reason::PerPoint);
            return Ok(None);
        }
        let Ok(damage_type) = serde_json::from_value::<DamageType>(kind.as_str().into()) else {
            self.left_out(&w.path, label, Reason::DamageType(kind.clone()));
            return Ok(None);
        };
        let path = format!("{}.calc.damage", w.path);
        let divisor = number(
            f64::from(divisor),
            path.clone(),
            "the armor divisor",
            (0.1, 100.0),
        )?;
        // G-EXT-020: damage whose best roll is below 1 is no damage at all.
        let least = 1 - 6 * dice.count;
        let what = format!("the adds of {}d (its best roll at least 1)", dice.count);
        whole(f64::from(dice.adds), path, &what, (least, 100))?;
        let damage = self.damage_spec(w, dice)?;
        Ok(Some((damage, divisor as f32, damage_type)))
    }

    /// Reach in yards, 0 (C) to 10, for a melee mode.
    fn reach(
        &mut self,
        w: &fray_gcs::Weapon,
        label: &str,
        melee: bool,
    ) -> Result<Vec<u8>, ImportError> {
        Ok(match (&w.reach, melee) {
            (Some(r), true) => {
                if r.change_needs_ready {
                    self.left_out(&w.path, label, Reason::ReachChange);
                }
                for &y in &r.yards {
                    whole(
                        f64::from(y),
                        format!("{}.reach", w.path),
                        "a reach in yards",
                        (0, 10),
                    )?;
                }
                r.yards.clone()
            }
            (None, true) => vec![1],
            _ => Vec::new(),
        })
    }

    /// G-DEF-002: Parry = skill/2 + 3 + the mode's parry; the engine adds
    /// CR and the shield's DB, so the modifier is GCS's Parry less all
    /// that, -10 to 10.
    fn parry(
        &mut self,
        w: &fray_gcs::Weapon,
        level: i32,
        cr: i32,
        balance: &mut Option<Balance>,
        melee: bool,
    ) -> Result<Option<i32>, ImportError> {
        let Some(Defense::Value {
            value,
            fencing,
            unbalanced,
        }) = w.parry.filter(|_| melee)
        else {
            return Ok(None);
        };
        if fencing {
            *balance = Some(Balance::Fencing);
        } else if unbalanced {
            *balance = Some(Balance::Unbalanced);
        }
        let engine = level / 2 + 3 + cr + self.db;
        let what = format!("Parry {value} less the engine's {engine} (G-DEF-002)");
        let path = format!("{}.calc.parry", w.path);
        Ok(Some(whole(
            f64::from(value - engine),
            path,
            &what,
            (-10, 10),
        )?))
    }

    /// Minimum ST 0 to 50, and whether both hands are needed.
    fn strength(&mut self, w: &fray_gcs::Weapon, label: &str) -> Result<(u8, bool), ImportError> {
        let Some(s) = w.strength else {
            return Ok((0, false));
        };
        if s.unready_after_attack {
            self.left_out(&w.path, label, Reason::UnreadyAfterAttack);
        }
        let path = format!("{}.strength", w.path);
        let st = whole(f64::from(s.st), path, "the minimum ST", (0, 50))?;
        Ok((st as u8, s.two_handed))
    }

    /// A ranged mode's Acc 0 to 25 (G-AIM-001), range, RoF 1 to 100, Bulk
    /// -20 to 0 (G-RNG-004) and shots to reload 0 to 60.
    fn ranged(
        &mut self,
        w: &fray_gcs::Weapon,
        label: &str,
        thrown: bool,
        mode: &mut AttackMode,
    ) -> Result<(), ImportError> {
        let at = |field: &str| format!("{}.{field}", w.path);
        mode.acc = Some(whole(
            f64::from(w.accuracy.unwrap_or(0)),
            at("accuracy"),
            "Acc",
            (0, 25),
        )?);
        let (half, max) = match w.range {
            Some(r) => r,
            None => {
                self.left_out(&w.path, label, Reason::NoRange);
                (None, Yards::Fixed(100))
            }
        };
        let value = |y: Yards| match y {
            Yards::Fixed(n) => RangeValue::Yards(n),
            Yards::TimesSt(m) => RangeValue::TimesSt(format!("x{m}")),
        };
        mode.range = Some(Range {
            half: value(half.unwrap_or(max)),
            max: value(max),
        });
        if let Some(text) = &w.rate_of_fire_unread {
            self.left_out(&w.path, label, Reason::RateOfFire(text.clone()));
        }
        mode.rof = match w.rate_of_fire {
            Some(r) => Some(whole(f64::from(r), at("rate_of_fire"), "RoF", (1, 100))? as u8),
            None => None,
        };
        mode.bulk = match w.bulk {
            Some(b) => Some(whole(f64::from(b), at("bulk"), "Bulk", (-20, 0))?),
            None => None,
        };
        if !thrown && let Some(shots) = w.shots.as_deref() {
            let reload = shots
                .split_once('(')
                .and_then(|(_, r)| r.strip_suffix(')'))
                .and_then(|r| r.trim().parse::<f64>().ok());
            mode.reload = match reload {
                Some(r) => Some(whole(r, at("shots"), "the seconds to reload", (0, 60))? as u8),
                None => {
                    self.left_out(&w.path, label, Reason::Shots(shots.to_string()));
                    None
                }
            };
        }
        Ok(())
    }

    /// The row's notes: a follow-up the engine plays (decision), and what
    /// it does not model into the report.
    fn notes(
        &mut self,
        w: &fray_gcs::Weapon,
        label: &str,
    ) -> Result<Option<crate::model::data::FollowUp>, ImportError> {
        let notes = w.usage_notes.trim();
        if notes.is_empty() {
            return Ok(None);
        }
        match super::follow_up_note(notes) {
            Some(super::FollowUpNote { follow_up, rest }) => {
                let told = super::follow_up::describe(&follow_up);
                self.used(&w.path, label, Reason::FollowUp(told));
                if !rest.is_empty() {
                    self.left_out(&w.path, label, Reason::FollowUpRest(rest));
                }
                Ok(Some(follow_up))
            }
            None => {
                self.left_out(&w.path, label, Reason::Notes(notes.to_string()));
                Ok(None)
            }
        }
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
    /// penalty when that skill's level is the weapon's (its name checked
    /// at the skill's row), else a name of the weapon's own
    /// (`Spear (Thrust)`).
    fn level_name(
        &mut self,
        owner: &str,
        usage: &str,
        w: &fray_gcs::Weapon,
        level: i32,
    ) -> Result<String, ImportError> {
        let from_default = w.defaults.iter().find_map(|(name, m)| {
            let (l, path) = self.gcs_skills.get(name)?;
            (*m == 0 && *l == level).then(|| (name.clone(), path.clone()))
        });
        let candidate = match from_default {
            Some((name, path)) => clean_name(&name, format!("{path}.name"))?,
            None if usage.is_empty() => owner.to_string(),
            None => format!("{owner} ({usage})"),
        };
        let mut name = candidate.clone();
        let mut k = 2;
        while self.sheet.skill(&name).is_some_and(|l| l != level) {
            name = format!("{candidate} {k}");
            k += 1;
        }
        self.sheet.skills.insert(name.clone(), level);
        Ok(name)
    }
}
