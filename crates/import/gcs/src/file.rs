//! The rows of a GCS character file, as serde reads them. Only the fields
//! an importer uses are declared; everything else is skipped. Fields whose
//! type varies between GCS versions (numbers written as strings) are read
//! leniently through [`Text`] and [`Num`].

use crate::GcsError;
use serde::Deserialize;
use serde::de::{self, Visitor};
use std::collections::BTreeMap;
use std::fmt;

/// A string, or a number written where GCS sometimes writes a string.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Text(pub String);

/// A number, or a string holding one (v4 writes some numbers as strings).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Num(pub f64);

/// Reads [`Text`] and [`Num`] by the shape the JSON has. serde's untagged
/// enums would say only "data did not match any variant" of a table or a
/// list found where a number belongs; a visitor names what it found.
struct Lenient<T>(std::marker::PhantomData<T>);

impl<'de> Visitor<'de> for Lenient<Text> {
    type Value = Text;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string or a number")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Text, E> {
        Ok(Text(s.to_owned()))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Text, E> {
        Ok(Text(n.to_string()))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Text, E> {
        Ok(Text(n.to_string()))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Text, E> {
        Ok(Text(n.to_string()))
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Text, E> {
        Ok(Text(b.to_string()))
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Lenient::<Text>(std::marker::PhantomData))
    }
}

impl<'de> Visitor<'de> for Lenient<Num> {
    type Value = Num;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number, or a string holding one")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Num, E> {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Num)
            .ok_or_else(|| E::custom(format!("expected a number, found `{s}`")))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Num, E> {
        // A JSON integer read as the number it is (`as` rounds beyond 2^53,
        // which no level or weight of a sheet comes near).
        #[allow(clippy::cast_precision_loss)]
        Ok(Num(n as f64))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Num, E> {
        #[allow(clippy::cast_precision_loss)]
        Ok(Num(n as f64))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Num, E> {
        if n.is_finite() {
            Ok(Num(n))
        } else {
            Err(E::custom("expected a finite number"))
        }
    }
}

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Lenient::<Num>(std::marker::PhantomData))
    }
}

fn text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<Text>::deserialize(d)?.map(|t| t.0))
}

fn num<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Ok(Option::<Num>::deserialize(d)?.map(|n| n.0))
}

/// A whole number: a fraction (`13.7`) is refused, not rounded, and so is
/// anything beyond a million either way (no level of any sheet is).
fn int<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
    match Option::<Num>::deserialize(d)? {
        None => Ok(None),
        Some(Num(f)) if f.fract() != 0.0 => Err(serde::de::Error::custom(format!(
            "expected a whole number, found {f}"
        ))),
        Some(Num(f)) if f.abs() <= 1e6 => Ok(Some(f as i32)),
        Some(Num(f)) => Err(serde::de::Error::custom(format!(
            "{f} is out of range (at most a million either way)"
        ))),
    }
}

/// What kind of row this is: v4 says it in `type`, v5 by the first letter
/// of the row's `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// An advantage, disadvantage, perk or quirk.
    Trait,
    /// A folder of traits (a meta-trait, a racial template).
    TraitContainer,
    /// A skill.
    Skill,
    /// A folder of skills.
    SkillContainer,
    /// A technique.
    Technique,
    /// A spell.
    Spell,
    /// A ritual-magic spell.
    RitualSpell,
    /// A folder of spells.
    SpellContainer,
    /// A piece of equipment.
    Equipment,
    /// A container of equipment.
    EquipmentContainer,
    /// A melee weapon row.
    MeleeWeapon,
    /// A ranged weapon row.
    RangedWeapon,
    /// Something else.
    Unknown,
}

impl RowKind {
    /// The kind from a v4 `type` or, failing that, a v5 `id`.
    pub(crate) fn of(kind: Option<&str>, id: &str) -> RowKind {
        use RowKind::*;
        if let Some(t) = kind {
            return match t {
                "trait" | "advantage" => Trait,
                "trait_container" | "advantage_container" => TraitContainer,
                "skill" => Skill,
                "skill_container" => SkillContainer,
                "technique" => Technique,
                "spell" => Spell,
                "ritual_magic_spell" => RitualSpell,
                "spell_container" => SpellContainer,
                "equipment" => Equipment,
                "equipment_container" => EquipmentContainer,
                "melee_weapon" => MeleeWeapon,
                "ranged_weapon" => RangedWeapon,
                _ => Unknown,
            };
        }
        match id.chars().next() {
            Some('t') => Trait,
            Some('T') => TraitContainer,
            Some('s') => Skill,
            Some('S') => SkillContainer,
            Some('q') => Technique,
            Some('p') => Spell,
            Some('r') => RitualSpell,
            Some('P') => SpellContainer,
            Some('e') => Equipment,
            Some('E') => EquipmentContainer,
            Some('w') => MeleeWeapon,
            Some('W') => RangedWeapon,
            _ => Unknown,
        }
    }
}

/// A GCS character: the parts an importer reads.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Character {
    /// 4 or 5.
    pub version: u32,
    /// Name, title and the like.
    #[serde(default)]
    pub profile: Profile,
    /// ST, DX, IQ, HT, HP, FP, Basic Speed... with their computed values.
    #[serde(default)]
    pub attributes: Vec<Attribute>,
    /// Values GCS derived for the whole sheet.
    #[serde(default)]
    pub calc: SheetCalc,
    /// Advantages, disadvantages, perks, quirks.
    #[serde(default)]
    pub traits: Vec<Trait>,
    /// Skills and techniques.
    #[serde(default)]
    pub skills: Vec<Skill>,
    /// Spells.
    #[serde(default)]
    pub spells: Vec<Spell>,
    /// Carried equipment.
    #[serde(default)]
    pub equipment: Vec<Equipment>,
    /// Equipment not carried.
    #[serde(default)]
    pub other_equipment: Vec<Equipment>,
    /// The body type with its hit locations.
    #[serde(default)]
    pub settings: Settings,
}

/// The profile: only the name, gender and Size Modifier are read.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Profile {
    /// The character's name.
    #[serde(default, deserialize_with = "text")]
    pub name: Option<String>,
    /// `Male`, `Female`...
    #[serde(default, deserialize_with = "text")]
    pub gender: Option<String>,
    /// The Size Modifier as written (GCS leaves it out at 0); traits may
    /// add to it (`attribute_bonus` on `sm`).
    #[serde(default, rename = "SM", deserialize_with = "num")]
    pub sm: Option<f64>,
}

/// One attribute (`st`, `dx`, `hp`, `basic_speed`...).
#[derive(Clone, Debug, Deserialize)]
pub struct Attribute {
    /// Its id.
    pub attr_id: String,
    /// Its computed value.
    #[serde(default)]
    pub calc: AttributeCalc,
}

/// An attribute's computed value; pools (HP, FP) also have `current`.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct AttributeCalc {
    /// The value.
    #[serde(default, deserialize_with = "num")]
    pub value: Option<f64>,
    /// What is left of a pool.
    #[serde(default, deserialize_with = "num")]
    pub current: Option<f64>,
}

/// Values GCS derived for the whole sheet.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SheetCalc {
    /// Swing damage, `2d-1`.
    #[serde(default, deserialize_with = "text")]
    pub swing: Option<String>,
    /// Thrust damage, `1d`.
    #[serde(default, deserialize_with = "text")]
    pub thrust: Option<String>,
    /// Basic Lift, `34 lb`.
    #[serde(default, deserialize_with = "text")]
    pub basic_lift: Option<String>,
    /// Move at encumbrance levels 0 to 4.
    #[serde(default, rename = "move")]
    pub move_: Vec<i32>,
    /// Dodge at encumbrance levels 0 to 4.
    #[serde(default)]
    pub dodge: Vec<i32>,
}

/// Settings: only the body type is read.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Settings {
    /// The body type (hit locations with their DR).
    #[serde(default)]
    pub body_type: Option<BodyType>,
}

/// A body type.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct BodyType {
    /// `Humanoid`, `Quadruped`, `Vermiform`...
    #[serde(default, deserialize_with = "text")]
    pub name: Option<String>,
    /// The dice of its table, `3d`.
    #[serde(default, deserialize_with = "text")]
    pub roll: Option<String>,
    /// The hit locations.
    #[serde(default)]
    pub locations: Vec<HitLocation>,
}

/// A hit location with its computed DR.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct HitLocation {
    /// `skull`, `arm`, `leg`...
    pub id: String,
    /// `Right Arm`, `Left Leg`...
    #[serde(default, deserialize_with = "text")]
    pub table_name: Option<String>,
    /// Computed values.
    #[serde(default)]
    pub calc: LocationCalc,
}

/// A location's computed values.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct LocationCalc {
    /// The rolls that hit it, `6-7`, `9`, or `-` (only by aiming).
    #[serde(default, deserialize_with = "text")]
    pub roll_range: Option<String>,
    /// DR: `all`, plus differences by damage type (`crushing: -2`).
    #[serde(default)]
    pub dr: DrCalc,
}

/// DR at a location: `all` and per-damage-type differences.
pub type DrCalc = BTreeMap<String, i32>;

/// A trait with its modifiers, weapons and children.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Trait {
    /// A UUID (v4) or a kind letter and a random id (v5).
    #[serde(default)]
    pub id: String,
    #[serde(default, rename = "type")]
    pub(crate) kind: Option<String>,
    /// The name.
    #[serde(default, deserialize_with = "text")]
    pub name: Option<String>,
    /// Levels, for leveled traits.
    #[serde(default, deserialize_with = "num")]
    pub levels: Option<f64>,
    /// Switched off (containers and traits can be).
    #[serde(default)]
    pub disabled: bool,
    /// Modifiers (enhancements, limitations).
    #[serde(default)]
    pub modifiers: Vec<Modifier>,
    /// Weapons the trait grants (claws, teeth).
    #[serde(default)]
    pub weapons: Vec<WeaponRow>,
    /// What the trait gives (DR, attribute bonuses...).
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Children, for containers.
    #[serde(default)]
    pub children: Vec<Trait>,
}

impl Trait {
    /// Trait or container.
    pub fn row_kind(&self) -> RowKind {
        RowKind::of(self.kind.as_deref(), &self.id)
    }
    /// The name, or an empty string.
    pub fn name(&self) -> &str {
        self.name.as_deref().unwrap_or("")
    }
}

/// A trait modifier.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Modifier {
    /// The name.
    #[serde(default, deserialize_with = "text")]
    pub name: Option<String>,
    /// Switched off: it does not apply.
    #[serde(default)]
    pub disabled: bool,
    /// Children, for modifier folders.
    #[serde(default)]
    pub children: Vec<Modifier>,
}

/// Something a trait or item gives: only the kind, attribute, amount and
/// locations are read.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Feature {
    /// `attribute_bonus`, `dr_bonus`...
    #[serde(default, rename = "type", deserialize_with = "text")]
    pub kind: Option<String>,
    /// For attribute bonuses: `dodge`, `parry`, `block`, `st`...
    #[serde(default, deserialize_with = "text")]
    pub attribute: Option<String>,
    /// The amount.
    #[serde(default, deserialize_with = "num")]
    pub amount: Option<f64>,
    /// The amount counts once per level of its trait.
    #[serde(default)]
    pub per_level: bool,
    /// For DR bonuses: the locations (v5).
    #[serde(default)]
    pub locations: Vec<String>,
    /// For DR bonuses: the location (v4 names one per feature).
    #[serde(default, deserialize_with = "text")]
    pub location: Option<String>,
}

impl Feature {
    /// The locations a DR bonus covers, in v4's form or v5's.
    pub fn covered(&self) -> impl Iterator<Item = &str> {
        self.locations
            .iter()
            .map(String::as_str)
            .chain(self.location.as_deref())
    }
}

/// A skill or technique.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Skill {
    /// Its id.
    #[serde(default)]
    pub id: String,
    #[serde(default, rename = "type")]
    pub(crate) kind: Option<String>,
    /// The name.
    #[serde(default, deserialize_with = "text")]
    pub name: Option<String>,
    /// The specialization (`Arrow` for Fast-Draw).
    #[serde(default, deserialize_with = "text")]
    pub specialization: Option<String>,
    /// The computed level.
    #[serde(default)]
    pub calc: SkillCalc,
    /// Weapons the skill grants.
    #[serde(default)]
    pub weapons: Vec<WeaponRow>,
    /// Children, for containers.
    #[serde(default)]
    pub children: Vec<Skill>,
}

impl Skill {
    /// Skill, technique or container.
    pub fn row_kind(&self) -> RowKind {
        RowKind::of(self.kind.as_deref(), &self.id)
    }
    /// `Name (Specialization)`, as GCS shows it.
    pub fn full_name(&self) -> String {
        let name = self.name.as_deref().unwrap_or("");
        match self.specialization.as_deref() {
            Some(s) if !s.is_empty() => format!("{name} ({s})"),
            _ => name.to_string(),
        }
    }
}

/// A skill's or spell's computed level.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SkillCalc {
    /// The level.
    #[serde(default, deserialize_with = "int")]
    pub level: Option<i32>,
}

/// A spell.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Spell {
    /// Its id.
    #[serde(default)]
    pub id: String,
    #[serde(default, rename = "type")]
    pub(crate) kind: Option<String>,
    /// The name.
    #[serde(default, deserialize_with = "text")]
    pub name: Option<String>,
    /// The computed level.
    #[serde(default)]
    pub calc: SkillCalc,
    /// The spell's attacks (Fireball's missile).
    #[serde(default)]
    pub weapons: Vec<WeaponRow>,
    /// Children, for containers.
    #[serde(default)]
    pub children: Vec<Spell>,
}

impl Spell {
    /// Spell or container.
    pub fn row_kind(&self) -> RowKind {
        RowKind::of(self.kind.as_deref(), &self.id)
    }
}

/// A piece of equipment or a container.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Equipment {
    /// Its id.
    #[serde(default)]
    pub id: String,
    #[serde(default, rename = "type")]
    pub(crate) kind: Option<String>,
    /// The name (`Broadsword`).
    #[serde(default, deserialize_with = "text")]
    pub description: Option<String>,
    /// How many.
    #[serde(default, deserialize_with = "num")]
    pub quantity: Option<f64>,
    /// Worn or held (unequipped items give no features).
    #[serde(default)]
    pub equipped: bool,
    /// Notes (`Flexible`).
    #[serde(default, deserialize_with = "text")]
    pub local_notes: Option<String>,
    /// More notes.
    #[serde(default, deserialize_with = "text")]
    pub notes: Option<String>,
    /// The item's weapons.
    #[serde(default)]
    pub weapons: Vec<WeaponRow>,
    /// What it gives (DR, defense bonuses).
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Computed weights.
    #[serde(default)]
    pub calc: EquipmentCalc,
    /// Contents.
    #[serde(default)]
    pub children: Vec<Equipment>,
}

impl Equipment {
    /// Item or container.
    pub fn row_kind(&self) -> RowKind {
        RowKind::of(self.kind.as_deref(), &self.id)
    }
    /// The name, or an empty string.
    pub fn name(&self) -> &str {
        self.description.as_deref().unwrap_or("")
    }
}

/// Computed weights of an item.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct EquipmentCalc {
    /// The item with its contents and quantity, `34 lb`.
    #[serde(default, deserialize_with = "text")]
    pub extended_weight: Option<String>,
}

/// A weapon row as written (on equipment, traits, skills or spells).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct WeaponRow {
    /// Its id.
    #[serde(default)]
    pub id: String,
    #[serde(default, rename = "type")]
    pub(crate) kind: Option<String>,
    /// `Swung`, `Thrust`, `Shoot`...
    #[serde(default, deserialize_with = "text")]
    pub usage: Option<String>,
    /// Notes on the use (`Follow-Up: 2d tox (HT-4 to resist)`).
    #[serde(default, deserialize_with = "text")]
    pub usage_notes: Option<String>,
    /// The damage as written.
    #[serde(default)]
    pub damage: WeaponDamage,
    /// Minimum ST, `13†`.
    #[serde(default, deserialize_with = "text")]
    pub strength: Option<String>,
    /// Reach, `C,1-2*`.
    #[serde(default, deserialize_with = "text")]
    pub reach: Option<String>,
    /// Parry modifier as written, `0F`.
    #[serde(default, deserialize_with = "text")]
    pub parry: Option<String>,
    /// Block modifier as written.
    #[serde(default, deserialize_with = "text")]
    pub block: Option<String>,
    /// Accuracy, `2`, `3+1`.
    #[serde(default, deserialize_with = "text")]
    pub accuracy: Option<String>,
    /// Range as written, `x15/x20`.
    #[serde(default, deserialize_with = "text")]
    pub range: Option<String>,
    /// Rate of fire.
    #[serde(default, deserialize_with = "text")]
    pub rate_of_fire: Option<String>,
    /// Shots, `1(2)`.
    #[serde(default, deserialize_with = "text")]
    pub shots: Option<String>,
    /// Bulk, `-7`.
    #[serde(default, deserialize_with = "text")]
    pub bulk: Option<String>,
    /// The skills it is used with.
    #[serde(default)]
    pub defaults: Vec<Default>,
    /// What GCS computed.
    #[serde(default)]
    pub calc: WeaponCalc,
}

/// A weapon's damage as written: base dice, ST-based part, type.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct WeaponDamage {
    /// `cut`, `imp`, `burn/point`, or free text (`Blinds`).
    #[serde(default, rename = "type", deserialize_with = "text")]
    pub kind: Option<String>,
    /// `sw` or `thr` for muscle-powered weapons.
    #[serde(default, deserialize_with = "text")]
    pub st: Option<String>,
    /// Dice or adds, `1d+1`, `2`.
    #[serde(default, deserialize_with = "text")]
    pub base: Option<String>,
}

/// A skill a weapon is used with, or an attribute it defaults to.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Default {
    /// `skill`, `dx`, `st`...
    #[serde(default, rename = "type", deserialize_with = "text")]
    pub kind: Option<String>,
    /// The skill's name.
    #[serde(default, deserialize_with = "text")]
    pub name: Option<String>,
    /// The skill's specialization.
    #[serde(default, deserialize_with = "text")]
    pub specialization: Option<String>,
    /// The modifier.
    #[serde(default, deserialize_with = "num")]
    pub modifier: Option<f64>,
}

/// What GCS computed for a weapon.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct WeaponCalc {
    /// The effective skill level.
    #[serde(default, deserialize_with = "int")]
    pub level: Option<i32>,
    /// The damage, `2d cut`.
    #[serde(default, deserialize_with = "text")]
    pub damage: Option<String>,
    /// The Parry, `12`, `16F`, `No`.
    #[serde(default, deserialize_with = "text")]
    pub parry: Option<String>,
    /// The Block.
    #[serde(default, deserialize_with = "text")]
    pub block: Option<String>,
    /// The range in yards, `165/220`.
    #[serde(default, deserialize_with = "text")]
    pub range: Option<String>,
}

/// The top-level keys read before the rest, to tell what the file is.
#[derive(Deserialize)]
struct Header {
    #[serde(default)]
    version: Option<serde_json::Value>,
    #[serde(default, rename = "type")]
    kind: Option<serde_json::Value>,
    #[serde(default)]
    rows: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    attributes: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    profile: Option<serde::de::IgnoredAny>,
}

fn json_error(e: &serde_json::Error) -> GcsError {
    GcsError::Json {
        message: e.to_string(),
        line: e.line(),
        column: e.column(),
    }
}

/// Parses the text: the header first (what kind of file, which version),
/// then the character with every error at its JSON path.
pub(crate) fn parse(text: &str) -> Result<Character, GcsError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| json_error(&e))?;
    if !value.is_object() {
        return Err(GcsError::NotACharacter {
            found: format!("a JSON {}", json_kind(&value)),
        });
    }
    let header: Header = serde_json::from_value(value.clone()).map_err(|e| GcsError::Field {
        path: "(top level)".into(),
        message: e.to_string(),
    })?;
    let version = header.version.as_ref().and_then(serde_json::Value::as_u64);
    let kind = header.kind.as_ref().map(|k| match k.as_str() {
        Some(s) => s.to_string(),
        None => k.to_string(),
    });
    match (version, kind.as_deref()) {
        (_, Some(k)) if k != "character" => {
            return Err(GcsError::NotACharacter {
                found: format!(
                    "a file of type `{}`",
                    k.chars().take(40).collect::<String>()
                ),
            });
        }
        (Some(4 | 5), _) => {}
        (found, _) => {
            return Err(GcsError::Version {
                found: found.map_or_else(|| "none".into(), |v| v.to_string()),
            });
        }
    }
    if header.rows.is_some() {
        return Err(GcsError::NotACharacter {
            found: "a library list (`rows`)".into(),
        });
    }
    if header.attributes.is_none() && header.profile.is_none() {
        return Err(GcsError::NotACharacter {
            found: "no `attributes` nor `profile` (a template?)".into(),
        });
    }
    serde_path_to_error::deserialize(value).map_err(|e| GcsError::Field {
        path: e.path().to_string(),
        message: e.inner().to_string(),
    })
}

fn json_kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "boolean",
        serde_json::Value::Number(_) => "number",
        serde_json::Value::String(_) => "string",
        serde_json::Value::Array(_) => "array",
        serde_json::Value::Object(_) => "object",
    }
}

impl Character {
    /// The character's name, or `GCS character` when it has none.
    pub fn name(&self) -> &str {
        self.profile
            .name
            .as_deref()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or("GCS character")
    }
    /// An attribute's computed value by id (`st`, `basic_speed`).
    pub fn attribute(&self, id: &str) -> Option<f64> {
        self.attributes
            .iter()
            .find(|a| a.attr_id == id)
            .and_then(|a| a.calc.value)
    }
    /// Where an attribute sits in `attributes` (its JSON path is
    /// `attributes[i].calc.value`).
    pub fn attribute_index(&self, id: &str) -> Option<usize> {
        self.attributes.iter().position(|a| a.attr_id == id)
    }
    /// A pool's current value (`hp`, `fp`).
    pub fn current(&self, id: &str) -> Option<f64> {
        self.attributes
            .iter()
            .find(|a| a.attr_id == id)
            .and_then(|a| a.calc.current)
    }
    /// The hit locations, empty when the file has no body type.
    pub fn locations(&self) -> &[HitLocation] {
        self.settings
            .body_type
            .as_ref()
            .map_or(&[], |b| b.locations.as_slice())
    }
}
