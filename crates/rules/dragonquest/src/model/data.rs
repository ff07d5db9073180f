//! The bundled armory and bestiary (`data/dragonquest/*.toml`), read once.
//!
//! Tables are data (DESIGN.md "Tables are data"): weapons (DQ-00-007,
//! DQ-00-009), armor and shields (DQ-00-011, DQ-00-012) and creature
//! templates (DQ-00-015, DQ-00-018). Every entry notes its source.

use fray_core::data::shelf::{add_new, check_each};
use fray_core::data::{DataSet, Template};
use fray_core::scenario::{FileError, SourceFile};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// DQ-00-007: a weapon's category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Swords and daggers.
    Sword,
    /// Axes, maces, hammers.
    Hafted,
    /// Spears, halberds, staves.
    Pole,
    /// Thrown weapons.
    Thrown,
    /// Bows and crossbows.
    Missile,
    /// Nets, whips, bolas.
    Entangling,
    /// Anything else.
    Special,
    /// A shield used to strike.
    Shield,
    /// Bare hands.
    Unarmed,
    /// A monster's claws, bite, hooves.
    Natural,
}

/// DQ-00-008: weapon class (poison, lodging, sweeps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Class {
    /// Thrusting or piercing.
    A,
    /// Edged.
    B,
    /// Blunt.
    C,
}

/// How many hands a weapon takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Hands {
    /// A natural weapon.
    None,
    /// One hand.
    One,
    /// One or two hands.
    OneOrTwo,
    /// Two hands.
    Two,
}

/// DQ-00-007: usage ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Use {
    /// R: thrown or shot.
    Ranged,
    /// M: melee.
    Melee,
    /// C: close combat.
    Close,
}

/// One weapon of the chart (DQ-00-007).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Its id in files.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its category.
    pub category: Category,
    /// Its class, if any.
    #[serde(default)]
    pub class: Option<Class>,
    /// Hands needed.
    pub hands: Hands,
    /// PS minimum (DQ-20-001).
    #[serde(default)]
    pub ps_min: i32,
    /// MD minimum (DQ-20-002).
    #[serde(default)]
    pub md_min: i32,
    /// Base chance (DQ-17-001).
    pub base_chance: i32,
    /// Damage modifier: damage = D10 + this.
    pub damage: i32,
    /// Range in hexes, for ranged weapons (DQ-00-010).
    #[serde(default)]
    pub range: u32,
    /// Usage ratings.
    pub uses: Vec<Use>,
    /// A pole weapon (DQ-14-008, DQ-20-009).
    #[serde(default)]
    pub pole: bool,
    /// Long-hafted (DQ-23-004).
    #[serde(default)]
    pub long_hafted: bool,
    /// Barbed (DQ-20-010).
    #[serde(default)]
    pub barbed: bool,
    /// May Trip (DQ-16-009).
    #[serde(default)]
    pub trip: bool,
    /// May Entangle (DQ-16-011).
    #[serde(default)]
    pub entangle: bool,
    /// May not Knockout (DQ-16-016).
    #[serde(default)]
    pub knockout_excluded: bool,
    /// A crossbow (DQ-14-013).
    #[serde(default)]
    pub crossbow: bool,
    /// Passes to reload (DQ-14-013), 0 for weapons that need none.
    #[serde(default)]
    pub reload_passes: u8,
    /// A bite, claw or talon (DQ-24-003).
    #[serde(default)]
    pub natural: bool,
    /// DQ-18-006: pure magical energy, whose damage ignores armor (the
    /// checklist's `pure_magic_damage` flag; breath weapons carry it too).
    #[serde(default)]
    pub magic: bool,
    /// DQ-18-007: a monster's breath weapon: magical energy (armor does not
    /// count) with a Passive resistance roll that halves the damage.
    #[serde(default)]
    pub breath: bool,
    /// Where the numbers come from.
    pub source: String,
}

impl Weapon {
    /// DQ-18-006, DQ-18-007: whether armor counts against its damage.
    pub fn ignores_armor(&self) -> bool {
        self.magic || self.breath
    }
    /// DQ-20-004: only class A and class B weapons can be poisoned.
    pub fn poisonable(&self) -> bool {
        matches!(self.class, Some(Class::A | Class::B))
    }
    /// Whether it has usage rating `u`.
    pub fn rated(&self, u: Use) -> bool {
        self.uses.contains(&u)
    }
    /// Whether it can break or drop (DQ-17-006: unarmed, natural and
    /// magical attacks cannot).
    pub fn breakable(&self) -> bool {
        self.droppable() && !self.ignores_armor()
    }
    /// DQ-19-004, DQ-16-020, DQ-17-008 (decision): whether it can leave the
    /// figure's hand: a bite, claws or bare hands are part of the body and
    /// are never dropped, disarmed or left behind in close combat.
    pub fn droppable(&self) -> bool {
        !matches!(self.category, Category::Natural | Category::Unarmed)
    }
}

/// One armor type (DQ-00-011).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Protection taken off each damage check.
    pub protection: i32,
    /// Added to AG (DQ-00-002).
    #[serde(default)]
    pub ag_mod: i32,
    /// Where the numbers come from.
    pub source: String,
}

/// One shield type (DQ-00-012).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shield {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Bonus to Defense (DQ-17-003).
    pub defense: i32,
    /// Added to AG.
    #[serde(default)]
    pub ag_mod: i32,
    /// May Shield Rush (DQ-16-018).
    #[serde(default = "fray_core::serde_fields::yes")]
    pub shield_rush: bool,
    /// Where the numbers come from.
    pub source: String,
}

/// A weapon a template carries, with its rank.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Carry {
    /// A weapon id.
    pub id: String,
    /// Rank with it; none for unranked (DQ-17-002).
    #[serde(default)]
    pub rank: Option<u8>,
    /// A poison id (`data/dragonquest/poisons.toml`) applied before the
    /// fight (DQ-20-004..007).
    #[serde(default)]
    pub poison: Option<String>,
}

/// DQ-20-005..007: a poison's record. The summary gives no poison table
/// (DQ-00-018), so every bundled poison is a placeholder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Poison {
    /// Its id in files.
    pub id: String,
    /// Its name.
    pub name: String,
    /// EN damage its effect does (to the struck figure, or to a handler who
    /// nicks himself), ignoring armor.
    pub en_damage: i32,
    /// Where the numbers come from.
    pub source: String,
}

/// Size category (DQ-00-015).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// Smaller than a human.
    Small,
    /// Human-sized.
    #[default]
    Human,
    /// Larger than a human.
    Large,
}

/// The hexes a figure fills (DQ-00-015).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShapeName {
    /// One hex, facing a side.
    #[default]
    Single,
    /// Two hexes facing a corner.
    Pair,
    /// Three hexes facing a corner.
    Triangle,
}

/// Characteristics and kit of a figure (DQ-00-001), as templates and
/// inline sheets write them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// Template id (templates only).
    #[serde(default)]
    pub id: String,
    /// A description.
    #[serde(default)]
    pub name: String,
    /// Physical Strength.
    pub ps: i32,
    /// Manual Dexterity.
    pub md: i32,
    /// Agility.
    pub ag: i32,
    /// Magical Aptitude.
    #[serde(default)]
    pub ma: i32,
    /// Endurance.
    pub en: i32,
    /// Fatigue.
    pub ft: i32,
    /// Willpower.
    pub wp: i32,
    /// Perception.
    pub pc: i32,
    /// TMR, when not derived from modAG (DQ-00-004).
    #[serde(default)]
    pub tmr: Option<i32>,
    /// Weapons, the first prepared.
    #[serde(default)]
    pub weapons: Vec<Carry>,
    /// An armor id.
    #[serde(default)]
    pub armor: Option<String>,
    /// Prepares the second weapon in the other hand (DQ-16-006).
    #[serde(default)]
    pub two_weapons: bool,
    /// A shield id.
    #[serde(default)]
    pub shield: Option<String>,
    /// Shield rank (Shield Rush, DQ-16-019).
    #[serde(default)]
    pub shield_rank: Option<u8>,
    /// Unarmed Combat rank (DQ-21-003).
    #[serde(default)]
    pub unarmed: Option<u8>,
    /// Military Scientist rank (DQ-12-003).
    #[serde(default)]
    pub military_scientist: u8,
    /// Horsemanship rank (DQ-23-002).
    #[serde(default)]
    pub horsemanship: u8,
    /// The Assassin skill (DQ-20-006: no nick checks), at any rank.
    #[serde(default)]
    pub assassin: Option<u8>,
    /// DQ-18-007: the Passive resistance chance (percent) against breath
    /// weapons; the magic rules are not in the summary, so without it the
    /// placeholder is the figure's WP (unverified).
    #[serde(default)]
    pub passive_resistance: Option<i32>,
    /// Natural armor protection.
    #[serde(default)]
    pub natural_armor: i32,
    /// A monster (DQ-19-002's exception).
    #[serde(default)]
    pub monster: bool,
    /// Size category.
    #[serde(default)]
    pub size: Size,
    /// Hexes filled.
    #[serde(default)]
    pub shape: ShapeName,
    /// A mount (DQ-23).
    #[serde(default)]
    pub mount: bool,
    /// Where the numbers come from.
    #[serde(default)]
    pub source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WeaponFile {
    weapon: Vec<Weapon>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmorFile {
    armor: Vec<Armor>,
    shield: Vec<Shield>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PoisonFile {
    poison: Vec<Poison>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreatureFile {
    creature: Vec<Sheet>,
}

/// The whole bundled armory and bestiary.
#[derive(Clone, Debug)]
pub struct Armory {
    /// Weapons.
    pub weapons: Vec<Weapon>,
    /// Armor.
    pub armor: Vec<Armor>,
    /// Shields.
    pub shields: Vec<Shield>,
    /// Creature templates.
    pub creatures: Vec<Sheet>,
    /// Poisons (DQ-20-005).
    pub poisons: Vec<Poison>,
    /// Bare hands (DQ-21-002, DQ-21-003): built in, its numbers are rules.
    pub unarmed: Weapon,
}

/// A bundled file that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct DataError {
    /// The file.
    pub file: &'static str,
    /// Why.
    pub message: String,
}

fray_core::keyed!(Weapon: id, Armor: id, Shield: id, Poison: id, Sheet: id);

impl Armory {
    fray_core::lookups! {
        weapon(weapons) -> Weapon,
        armor(armor) -> Armor,
        shield(shields) -> Shield,
        poison(poisons) -> Poison,
        creature(creatures) -> Sheet,
    }
}

fn read<T: serde::de::DeserializeOwned>(file: &'static str, text: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| DataError {
        file,
        message: e.to_string(),
    })
}

/// DQ-21-002, DQ-21-003: bare hands. The base chance and damage are
/// computed from modAG and PS (`rules::strike`); these fields hold D-4.
/// Like every weapon it gives one attack a pulse, never fewer (DQ-21-001).
pub(crate) fn unarmed() -> Weapon {
    Weapon {
        id: "unarmed".into(),
        name: "Bare hands".into(),
        category: Category::Unarmed,
        class: Some(Class::C),
        hands: Hands::None,
        ps_min: 0,
        md_min: 0,
        base_chance: 0,
        damage: -4,
        range: 0,
        uses: vec![Use::Melee, Use::Close],
        pole: false,
        long_hafted: false,
        barbed: false,
        trip: false,
        entangle: false,
        knockout_excluded: false,
        crossbow: false,
        reload_passes: 0,
        natural: false,
        magic: false,
        breath: false,
        source: "DQ-21-002, DQ-21-003".into(),
    }
}

/// Reads the bundled files.
pub fn load() -> Result<Armory, DataError> {
    const W: &str = "data/dragonquest/weapons.toml";
    const A: &str = "data/dragonquest/armor.toml";
    const C: &str = "data/dragonquest/creatures.toml";
    const P: &str = "data/dragonquest/poisons.toml";
    let w: WeaponFile = read(
        W,
        include_str!("../../../../../data/dragonquest/weapons.toml"),
    )?;
    let a: ArmorFile = read(
        A,
        include_str!("../../../../../data/dragonquest/armor.toml"),
    )?;
    let c: CreatureFile = read(
        C,
        include_str!("../../../../../data/dragonquest/creatures.toml"),
    )?;
    let p: PoisonFile = read(
        P,
        include_str!("../../../../../data/dragonquest/poisons.toml"),
    )?;
    Ok(Armory {
        poisons: p.poison,
        weapons: w.weapon,
        armor: a.armor,
        shields: a.shield,
        creatures: c.creature,
        unarmed: unarmed(),
    })
}

/// A data file read at run time (`--data DIR`, a scenario's `data`
/// folder): any of the bundled files' tables, in one file or several.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtraFile {
    #[serde(default)]
    weapon: Vec<Weapon>,
    #[serde(default)]
    armor: Vec<Armor>,
    #[serde(default)]
    shield: Vec<Shield>,
    #[serde(default)]
    creature: Vec<Sheet>,
    #[serde(default)]
    poison: Vec<Poison>,
}

impl ExtraFile {
    /// Every record's numbers within their ranges (`model::bounds`), the
    /// first one out named by its entry path (`weapon[1].base_chance`).
    fn check(&self) -> Result<(), fray_core::SetupError> {
        use crate::model::bounds;
        check_each("weapon", &self.weapon, bounds::weapon)?;
        check_each("armor", &self.armor, bounds::armor)?;
        check_each("shield", &self.shield, bounds::shield)?;
        check_each("creature", &self.creature, bounds::sheet)?;
        check_each("poison", &self.poison, bounds::poison)
    }
}

/// The data set as the core loads it (`fray_core::data::set`): the
/// bundled data, grown by data files.
impl DataSet for Armory {
    type Sheet = crate::model::data::Sheet;
    fn bundled() -> Result<&'static Armory, String> {
        bundled().map_err(|e| e.to_string())
    }
    /// A data file's records: each within its range, none already
    /// defined (a data file adds entries and never replaces one:
    /// docs/scenarios.md).
    fn add_file(&mut self, file: &SourceFile) -> Result<(), FileError> {
        let part: ExtraFile = file.parse()?;
        part.check().map_err(|at| file.setup_error(&at))?;
        add_new(file, "weapon", &mut self.weapons, part.weapon)?;
        add_new(file, "armor", &mut self.armor, part.armor)?;
        add_new(file, "shield", &mut self.shields, part.shield)?;
        add_new(file, "creature", &mut self.creatures, part.creature)?;
        add_new(file, "poison", &mut self.poisons, part.poison)?;
        Ok(())
    }
    fn templates(&self) -> Vec<Template<'_, Self::Sheet>> {
        self.creatures
            .iter()
            .map(|s| Template {
                id: &s.id,
                name: &s.name,
                sheet: s,
            })
            .collect()
    }
}

/// [`with_extra`] kept for the rest of the run: figures hold `'static`
/// references into their armory, so a data set read at run time lives as
/// long as the bundled one. Each distinct set of files is read and kept
/// once, however often a scenario is loaded.
pub fn with_extra_static(extra: &[SourceFile]) -> Result<&'static Armory, FileError> {
    type Key = Vec<(String, String)>;
    static KEPT: std::sync::Mutex<Vec<(Key, &'static Armory)>> = std::sync::Mutex::new(Vec::new());
    let key: Key = extra
        .iter()
        .map(|f| (f.name.clone(), f.text.clone()))
        .collect();
    let mut kept = KEPT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, a)) = kept.iter().find(|(k, _)| *k == key) {
        return Ok(a);
    }
    let armory: &'static Armory = Box::leak(Box::new(Armory::with_extra(extra)?));
    kept.push((key, armory));
    Ok(armory)
}

/// The bundled armory, read once.
pub fn bundled() -> Result<&'static Armory, &'static DataError> {
    static CELL: OnceLock<Result<Armory, DataError>> = OnceLock::new();
    CELL.get_or_init(load).as_ref()
}
