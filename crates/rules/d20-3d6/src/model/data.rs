//! The bundled armory and bestiary (`data/d20-3d6/*.toml`, compiled in):
//! weapons, armor, shields, potions and creature templates (X-DAT-005,
//! X-DAT-006, X-DAT-008), with typed load errors.

use crate::model::sheet::Sheet;
use fray_core::SetupError;
use fray_core::data::shelf::{add_new, check_each};
use fray_core::data::{self as core_data, DataSet};
use fray_core::scenario::{FileError, SourceFile};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// A dice expression for damage or healing: `NdS`, `NdS+M`, `NdS-M`
/// (X-DMG-001: plain dice, not golden).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
#[schemars(with = "String")]
pub struct Dice {
    /// Number of dice.
    pub count: u8,
    /// Faces per die.
    pub sides: u8,
    /// Added to the roll.
    pub plus: i8,
}

/// A damage expression that is not `NdS[+-M]`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a dice expression like 1d8, 2d6 or 1d4+1")]
pub struct BadDice(pub String);

impl TryFrom<String> for Dice {
    type Error = BadDice;
    fn try_from(s: String) -> Result<Self, BadDice> {
        let bad = || BadDice(s.clone());
        let (n, rest) = s.split_once('d').ok_or_else(bad)?;
        let (sides, plus) = match rest.find(['+', '-']) {
            Some(i) => (&rest[..i], rest[i..].parse::<i8>().map_err(|_| bad())?),
            None => (rest, 0),
        };
        let count: u8 = n.trim().parse().map_err(|_| bad())?;
        let sides: u8 = sides.trim().parse().map_err(|_| bad())?;
        if count == 0 || count > 20 || sides < 2 {
            return Err(bad());
        }
        Ok(Dice { count, sides, plus })
    }
}

impl From<Dice> for String {
    fn from(d: Dice) -> String {
        d.to_string()
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        if self.plus != 0 {
            write!(f, "{:+}", self.plus)?;
        }
        Ok(())
    }
}

/// A weapon record (X-DAT-005).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Its name, as sheets refer to it.
    pub name: String,
    /// Its group, for proficiency (X-SIT-013).
    pub group: String,
    /// The damage dice (X-DMG-001).
    pub damage: Dice,
    /// EDX: explodes on X or higher (X-DMG-007).
    #[serde(default)]
    pub explode_on: Option<u8>,
    /// Hands it needs.
    #[serde(default = "fray_core::serde_fields::one::<u8>")]
    pub hands: u8,
    /// Light: no -3 in the off hand (X-MUL-004).
    #[serde(default)]
    pub light: bool,
    /// Long: reach +1 m, -4 closer than 2 m (X-MOV-009, X-QCK-001).
    #[serde(default)]
    pub long: bool,
    /// Versatile: DEX may replace STR on the attack (X-QCK-002).
    #[serde(default)]
    pub versatile: bool,
    /// Can strike in melee.
    #[serde(default = "fray_core::serde_fields::yes")]
    pub melee: bool,
    /// Thrown (X-RNG-011).
    #[serde(default)]
    pub thrown: bool,
    /// A bow (X-RNG-009).
    #[serde(default)]
    pub bow: bool,
    /// A composite bow (X-RNG-008).
    #[serde(default)]
    pub composite: bool,
    /// A crossbow (X-RNG-010).
    #[serde(default)]
    pub crossbow: bool,
    /// Deals nonlethal damage without penalty (X-SIT-016).
    #[serde(default)]
    pub nonlethal: bool,
    /// A touch attack (X-SIT-007).
    #[serde(default)]
    pub touch: bool,
    /// Braced against a charge (X-QCK-003 with `set_vs_charge_weapons = brace_flag`).
    #[serde(default)]
    pub brace: bool,
    /// The first range increment in metres, for ranged weapons (X-RNG-001).
    #[serde(default)]
    pub range_m: Option<u32>,
    /// Actions to reload after each shot (X-RNG-010).
    #[serde(default)]
    pub reload_actions: u8,
    /// STR to damage, overriding what the flags give (X-RNG-008..011).
    #[serde(default)]
    pub str_to_damage: Option<bool>,
    /// The most STR added to damage (X-RNG-008).
    #[serde(default)]
    pub str_cap: Option<i32>,
    /// Where the values come from.
    #[serde(default)]
    pub source: String,
}

impl Weapon {
    /// Whether it shoots or is thrown.
    pub fn ranged(&self) -> bool {
        self.range_m.is_some()
    }
}

/// Armor or a shield (X-DAT-006).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Protection {
    /// Its name.
    pub name: String,
    /// Its Defense bonus.
    pub defense_bonus: i32,
    /// A magic Defense bonus.
    #[serde(default)]
    pub magic: i32,
    /// Where the values come from.
    #[serde(default)]
    pub source: String,
}

/// A potion (X-MAN-016, X-LIF-005).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Potion {
    /// Its name.
    pub name: String,
    /// Magical healing it gives.
    pub heal: Dice,
    /// Where the values come from.
    #[serde(default)]
    pub source: String,
}

/// What a spell does (X-MAN-007). The summary defines no spell; these are
/// the engine's two minimal kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SpellEffect {
    /// Plain dice of damage to a foe's HP, at least 1 (X-DMG-009).
    Damage,
    /// Magical healing of an ally or oneself (X-LIF-005, X-LIF-010).
    Heal,
}

fn two() -> u8 {
    2
}

fn touch() -> u32 {
    1
}

/// A spell (X-MAN-007): its cost in actions, the Magic check's DC and its
/// effect. Magic checks are outside the summary: they are 3 golden d6 +
/// the sheet's `magic` skill against `dc` (the `magic_check` hook).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    /// Its name, as sheets refer to it.
    pub name: String,
    /// Normal actions it costs, 1 to 3 (default 2, X-MAN-007).
    #[serde(default = "two")]
    pub actions: u8,
    /// The Magic check's DC.
    pub dc: i32,
    /// What it does.
    pub effect: SpellEffect,
    /// Damage or healing dice (plain dice).
    pub dice: Dice,
    /// Reach in metres, nearest squares (1 = touch, X-MOV-008).
    #[serde(default = "touch")]
    pub range_m: u32,
    /// Where the values come from.
    #[serde(default)]
    pub source: String,
}

/// A creature or character template.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// The id scenarios use.
    pub id: String,
    /// A display name.
    pub name: String,
    /// Where the values come from.
    #[serde(default)]
    pub source: String,
    /// The sheet.
    pub sheet: Sheet,
}

/// One data file's contents; any of the lists may be missing.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Armory {
    /// Weapons.
    #[serde(default)]
    pub weapon: Vec<Weapon>,
    /// Armor.
    #[serde(default)]
    pub armor: Vec<Protection>,
    /// Shields.
    #[serde(default)]
    pub shield: Vec<Protection>,
    /// Potions.
    #[serde(default)]
    pub potion: Vec<Potion>,
    /// Spells (X-MAN-007).
    #[serde(default)]
    pub spell: Vec<Spell>,
    /// Creature templates.
    #[serde(default)]
    pub template: Vec<Template>,
}

fray_core::keyed!(
    Weapon: name,
    Protection: name,
    Potion: name,
    Spell: name,
    Template: id,
);

impl Armory {
    fray_core::lookups! {
        weapon(weapon) -> Weapon,
        armor(armor) -> Protection,
        shield(shield) -> Protection,
        potion(potion) -> Potion,
        spell(spell) -> Spell,
        template(template) -> Template,
    }
    fn extend(&mut self, other: Armory) {
        self.weapon.extend(other.weapon);
        self.armor.extend(other.armor);
        self.shield.extend(other.shield);
        self.potion.extend(other.potion);
        self.spell.extend(other.spell);
        self.template.extend(other.template);
    }
}

/// A data file that does not load.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct DataError {
    /// The file.
    pub file: &'static str,
    /// What is wrong (toml's message, with the line).
    pub message: String,
}

/// Parses one data file; every record's numbers within their ranges
/// (`model::bounds`: a spell costs 1 to 3 actions, X-MAN-007).
pub fn parse_file(file: &'static str, text: &str) -> Result<Armory, DataError> {
    let armory: Armory = toml::from_str(text).map_err(|e| DataError {
        file,
        message: e.to_string(),
    })?;
    armory.check().map_err(|e| DataError {
        file,
        message: e.to_string(),
    })?;
    Ok(armory)
}

impl Armory {
    /// Every record's numbers within the ranges the rules allow
    /// (`model::bounds`), the first one out named by its entry path
    /// (`weapon[2].hands`, `template[0].sheet.bab`).
    pub fn check(&self) -> Result<(), SetupError> {
        use crate::model::bounds;
        check_each("weapon", &self.weapon, bounds::weapon)?;
        check_each("armor", &self.armor, bounds::protection)?;
        check_each("shield", &self.shield, bounds::protection)?;
        check_each("potion", &self.potion, |p| bounds::dice("heal", p.heal))?;
        check_each("spell", &self.spell, bounds::spell)?;
        for (k, t) in self.template.iter().enumerate() {
            let at = format!("template[{k}].sheet.");
            bounds::sheet(&t.sheet).map_err(|e| e.at(&at))?;
            for (j, w) in t.sheet.weapon.iter().enumerate() {
                let at = format!("template[{k}].sheet.weapon[{j}].");
                bounds::weapon_entry(w).map_err(|e| e.at(&at))?;
            }
        }
        Ok(())
    }
}

/// The data set as the core loads it (`fray_core::data::set`): the
/// bundled data, grown by data files.
impl DataSet for Armory {
    type Sheet = crate::model::sheet::Sheet;
    fn bundled() -> Result<&'static Armory, String> {
        bundled().map_err(|e| e.to_string())
    }
    /// A data file's records: each within its range, none already
    /// defined (a data file adds entries and never replaces one:
    /// docs/scenarios.md).
    fn add_file(&mut self, file: &SourceFile) -> Result<(), FileError> {
        let part: Armory = file.parse()?;
        // X-MAN-007 and every other range (model::bounds), at the record.
        part.check().map_err(|at| file.setup_error(&at))?;
        add_new(file, "weapon", &mut self.weapon, part.weapon)?;
        add_new(file, "armor", &mut self.armor, part.armor)?;
        add_new(file, "shield", &mut self.shield, part.shield)?;
        add_new(file, "potion", &mut self.potion, part.potion)?;
        add_new(file, "spell", &mut self.spell, part.spell)?;
        add_new(file, "template", &mut self.template, part.template)?;
        Ok(())
    }
    fn templates(&self) -> Vec<core_data::Template<'_, Self::Sheet>> {
        self.template
            .iter()
            .map(|t| core_data::Template {
                id: &t.id,
                name: &t.name,
                sheet: &t.sheet,
            })
            .collect()
    }
    fn unknown_template(&self, id: &str) -> String {
        format!(
            "unknown template `{id}`: expected one of {}",
            self.template_ids().join(", ")
        )
    }
}

const BUNDLED: [(&str, &str); 6] = [
    (
        "data/d20-3d6/weapons.toml",
        include_str!("../../../../../data/d20-3d6/weapons.toml"),
    ),
    (
        "data/d20-3d6/armor.toml",
        include_str!("../../../../../data/d20-3d6/armor.toml"),
    ),
    (
        "data/d20-3d6/shields.toml",
        include_str!("../../../../../data/d20-3d6/shields.toml"),
    ),
    (
        "data/d20-3d6/potions.toml",
        include_str!("../../../../../data/d20-3d6/potions.toml"),
    ),
    (
        "data/d20-3d6/spells.toml",
        include_str!("../../../../../data/d20-3d6/spells.toml"),
    ),
    (
        "data/d20-3d6/creatures.toml",
        include_str!("../../../../../data/d20-3d6/creatures.toml"),
    ),
];

/// The bundled data, loaded once.
pub fn bundled() -> Result<&'static Armory, &'static DataError> {
    static CELL: OnceLock<Result<Armory, DataError>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut all = Armory::default();
        for (name, text) in BUNDLED {
            all.extend(parse_file(name, text)?);
        }
        Ok(all)
    })
    .as_ref()
}
