//! The bundled armory and bestiary (`data/margin-3d6/*.toml`, compiled in):
//! weapons (M-DAT-004/005), armor (M-DAT-006), shields (M-DAT-007) and
//! templates (M-DAT-001..003). Tables of values are data; the engine reads
//! them and never hard-codes them.

use crate::model::bounds;
use crate::model::location::{Cover, DamageType};
use fray_core::data::check_new;
use fray_core::data::shelf::{add_new, check_each};
use fray_core::data::{DataSet, Template};
use fray_core::scenario::{FileError, SourceFile};
use fray_core::shape::{Shapes, by_shape};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, de};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The base of a damage mode: thrust or swing (M-DMG-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Base {
    /// Thrust.
    Thr,
    /// Swing.
    Sw,
}

/// One attack mode of a weapon (M-DMG-003): type, base and modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mode {
    /// The damage type.
    #[serde(rename = "type")]
    pub kind: DamageType,
    /// Thrust or swing.
    pub base: Base,
    /// Added to the ST table value.
    #[serde(default, rename = "mod")]
    pub modifier: i32,
}

/// The class of a weapon (M-DAT-004/005), which sets its rate of attack
/// (M-ROA-001) and its parry (M-DEF-001).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// One-handed melee weapon.
    OneHanded,
    /// 1½-handed (bastard sword): the fumble-to-ready rule (M-ROA-003).
    OneAndHalf,
    /// Two-handed: every other round (M-ROA-002).
    TwoHanded,
    /// Polearm: every other round (M-ROA-002).
    Polearm,
    /// Flail: every other round (M-ROA-002), -4 to parry it (M-DEF-003).
    Flail,
    /// Thrusting sword: parry 2/3 of Fencing (M-DEF-001).
    ThrustingSword,
    /// Quarterstaff: parry 2/3, two parries (M-DEF-001/002).
    Quarterstaff,
    /// Thrown weapon.
    Thrown,
    /// Bow.
    Bow,
    /// Short bow.
    ShortBow,
    /// Crossbow.
    Crossbow,
    /// Sling.
    Sling,
    /// Dart.
    Dart,
}

impl Class {
    /// A missile weapon.
    #[inline(always)]
    pub const fn ranged(self) -> bool {
        matches!(
            self,
            Class::Thrown
                | Class::Bow
                | Class::ShortBow
                | Class::Crossbow
                | Class::Sling
                | Class::Dart
        )
    }

    /// Attacks every other round without a penalty (M-ROA-002).
    #[inline(always)]
    pub const fn heavy(self) -> bool {
        matches!(self, Class::TwoHanded | Class::Polearm | Class::Flail)
    }

    /// Shot by a bow, crossbow or sling: no parry (M-DEF-003), ×3 move penalty (M-PAT-003).
    pub const fn launched(self) -> bool {
        matches!(
            self,
            Class::Bow | Class::ShortBow | Class::Crossbow | Class::Sling
        )
    }
}

/// The rate class of a missile weapon (M-ROA-001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RateClass {
    /// Once a round (M-ROA-004).
    #[default]
    Normal,
    /// Short bows, darts, knives: twice a round at skill >= SS (M-ROA-005).
    LightMissile,
    /// Once every other round (M-ROA-006).
    Crossbow,
}

/// A weapon's size (M-MEL-004, M-MEL-010, M-DEF-003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// Knives and daggers: -1 to parry with (M-DEF-003).
    VerySmall,
    /// Small.
    Small,
    /// Medium.
    #[default]
    Medium,
    /// Large.
    Large,
}

/// How a weapon parries (M-DEF-001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Parry {
    /// Half the skill.
    #[default]
    Half,
    /// Two thirds (quarterstaff, thrusting sword with Fencing).
    TwoThirds,
    /// Cannot parry.
    None,
}

/// A weapon record (M-DAT-004, M-DAT-005): damage, accuracy and range are
/// data, not rules (M-DMG-012).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Its name.
    pub name: String,
    /// The sheet's skill that wields it.
    pub skill: String,
    /// Its class.
    pub class: Class,
    /// Its size.
    #[serde(default)]
    pub size: Size,
    /// Minimum ST (M-ROA-002/003).
    #[serde(default)]
    pub min_st: i32,
    /// Hands it needs (1 or 2).
    #[serde(default = "fray_core::serde_fields::one::<u8>")]
    pub hands: u8,
    /// Attack modes.
    pub modes: Vec<Mode>,
    /// Reach in hexes (M-FLO-006, default 1).
    #[serde(default = "fray_core::serde_fields::one::<u8>")]
    pub reach: u8,
    /// How it parries.
    #[serde(default)]
    pub parry: Parry,
    /// The modifier to parry it (thrown -1, thrown knife -2, flail -4; M-DEF-003).
    #[serde(default)]
    pub parried: i32,
    /// Solid metal: does not break on a critical miss (M-CRT-001).
    #[serde(default)]
    pub solid_metal: bool,
    /// Fragile: may break when dropped (M-CRT-002).
    #[serde(default)]
    pub fragile: bool,
    /// Spiked (+1 crushing, M-DMG-007).
    #[serde(default)]
    pub spiked: bool,
    /// Missile rate class (M-ROA-001).
    #[serde(default)]
    pub rate_class: RateClass,
    /// A fixed ST for bows and crossbows (M-DAT-005 `st_basis`).
    #[serde(default)]
    pub st_basis: Option<i32>,
    /// Snap Shot number (M-ROA-004).
    #[serde(default)]
    pub snap_shot: Option<i32>,
    /// Accuracy (M-RNG-001).
    #[serde(default)]
    pub acc: i32,
    /// Maximum range in yards.
    #[serde(default)]
    pub max_range: Option<u32>,
    /// Maximum damage of one non-critical hit (M-DMG-005).
    #[serde(default)]
    pub max_damage: Option<i32>,
    /// Reload rounds after a shot (M-MIS-009).
    #[serde(default)]
    pub reload_rounds: u8,
    /// A narrow missile (M-CKS-004).
    #[serde(default)]
    pub narrow: bool,
    /// Ammunition carried.
    #[serde(default)]
    pub ammo: Option<u16>,
}

impl Weapon {
    /// A missile weapon.
    #[inline(always)]
    pub fn ranged(&self) -> bool {
        self.class.ranged()
    }
}

/// DR: one number, or one per damage type (M-DAT-006). Written with the
/// shape of its variant; read by the shape of the input ([`Shapes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Dr {
    /// The same against every type.
    All(i32),
    /// Per damage type.
    PerType {
        /// Against crushing.
        cr: i32,
        /// Against cutting.
        cut: i32,
        /// Against impaling.
        imp: i32,
    },
}

/// The per-type table of [`Dr`], as a file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrPerType {
    cr: i32,
    cut: i32,
    imp: i32,
}

impl<'de> Shapes<'de> for Dr {
    const EXPECTING: &'static str = "a DR, or a table of DR by type (cr, cut, imp)";

    fn from_int<E: de::Error>(n: i64) -> Result<Self, E> {
        i32::try_from(n)
            .map(Dr::All)
            .map_err(|_| E::invalid_value(de::Unexpected::Signed(n), &"a DR that fits in 32 bits"))
    }

    fn from_table<D: Deserializer<'de>>(table: D) -> Result<Self, D::Error> {
        let DrPerType { cr, cut, imp } = DrPerType::deserialize(table)?;
        Ok(Dr::PerType { cr, cut, imp })
    }
}

impl<'de> Deserialize<'de> for Dr {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        by_shape(d)
    }
}

impl Default for Dr {
    fn default() -> Self {
        Dr::All(0)
    }
}

impl Dr {
    /// Against `kind` (M-DMG-008).
    pub fn against(self, kind: DamageType) -> i32 {
        match self {
            Dr::All(n) => n,
            Dr::PerType { cr, cut, imp } => match kind {
                DamageType::Cr => cr,
                DamageType::Cut => cut,
                DamageType::Imp => imp,
            },
        }
    }
}

/// An armor piece (M-DAT-006).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    /// Its name.
    pub name: String,
    /// The locations it covers.
    pub covers: Vec<Cover>,
    /// Passive defense.
    #[serde(default)]
    pub pd: i32,
    /// Damage resistance.
    #[serde(default)]
    pub dr: Dr,
    /// A helm (M-CKS-006).
    #[serde(default)]
    pub helm: bool,
}

/// A shield's size (M-DAT-007).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShieldSize {
    /// Small.
    Small,
    /// Medium.
    #[default]
    Medium,
    /// Large.
    Large,
}

/// A shield (M-DAT-007).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shield {
    /// Its name.
    pub name: String,
    /// Passive defense (M-ARM-004); also the rounds to ready it (M-MEL-013).
    pub pd: i32,
    /// Its HT, rolled when a block is made exactly (M-DEF-007).
    pub ht: i32,
    /// Its size.
    #[serde(default)]
    pub size: ShieldSize,
    /// Spiked: +1 crushing to a bash (M-MEL-010).
    #[serde(default)]
    pub spiked: bool,
}

/// The four attributes (M-DAT-001).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attributes {
    /// Strength.
    pub st: i32,
    /// Dexterity.
    pub dx: i32,
    /// Intelligence.
    pub iq: i32,
    /// Health.
    pub ht: i32,
    /// Perception (default IQ).
    #[serde(default)]
    pub per: Option<i32>,
    /// Will (default IQ).
    #[serde(default)]
    pub will: Option<i32>,
}

/// Which hand wields the weapon (M-DAT-002).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Hand {
    /// Right-handed: the shield is on the left arm.
    #[default]
    Right,
    /// Left-handed.
    Left,
}

/// A character sheet (M-DAT-001..003), as templates and scenarios write it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// ST, DX, IQ, HT (and PER, Will).
    pub attributes: Attributes,
    /// Encumbrance level 0-4.
    #[serde(default)]
    pub encumbrance: u8,
    /// Handedness.
    #[serde(default)]
    pub handedness: Hand,
    /// HP (default HT).
    #[serde(default)]
    pub hp: Option<i32>,
    /// Fatigue (default ST).
    #[serde(default)]
    pub fatigue: Option<i32>,
    /// MV in hexes a round (default floor(Basic Speed) - encumbrance).
    #[serde(default, rename = "move")]
    pub move_: Option<i32>,
    /// Skills by name (effective levels).
    #[serde(default)]
    pub skills: BTreeMap<String, i32>,
    /// Traits (`ambidexterity`, `advanced_all_out_defense`, `fencing_dagger`).
    #[serde(default)]
    pub traits: Vec<String>,
    /// Weapons, the first the main one: each a name from weapons.toml or
    /// a whole record written inline (M-DAT-010).
    #[serde(default, alias = "weapon")]
    pub weapons: Vec<Gear<Weapon>>,
    /// Armor pieces: names from armor.toml or inline records (M-DAT-010).
    #[serde(default)]
    pub armor: Vec<Gear<Armor>>,
    /// A shield: a name from shields.toml or an inline record (M-DAT-010).
    #[serde(default)]
    pub shield: Option<Gear<Shield>>,
    /// Innate PD (counts only where no armor is worn, M-ARM-002).
    #[serde(default)]
    pub innate_pd: i32,
    /// Innate DR.
    #[serde(default)]
    pub innate_dr: i32,
    /// Magical PD (M-ARM-005).
    #[serde(default)]
    pub magic_pd: i32,
    /// Magical DR (M-ARM-006/008).
    #[serde(default)]
    pub magic_dr: i32,
    /// Bites (M-UNA-001/002).
    #[serde(default)]
    pub bites: bool,
    /// The unarmed strikes it can make (M-UNA-001): `punch`, `kick`,
    /// `bite`; punch and kick when left out, and bite with `bites` or a
    /// `bite` damage. A wolf writes `["bite"]`.
    #[serde(default)]
    pub strikes: Option<Vec<crate::model::unarmed::Unarmed>>,
    /// A creature's own bite damage (type, thr or sw, modifier), in place of
    /// the summary's human bite of 1d-4 crushing (M-UNA-002 decision).
    #[serde(default)]
    pub bite: Option<Mode>,
    /// The weapons it is familiar with (M-PAT-008); every weapon when left out.
    #[serde(default)]
    pub familiar: Option<Vec<String>>,
    /// An erratic mover: 3 (a rat) or 4 (a hummingbird) (M-RNG-007).
    #[serde(default)]
    pub erratic: u8,
    /// A frightening creature's fear rating, -1 to -10 (M-MOD-004).
    #[serde(default)]
    pub fear: i32,
    /// Fights from a mount, which moves as the figure does (M-PAT-006).
    #[serde(default)]
    pub mounted: bool,
    /// Mounted-combat skill: no mounted penalty (M-PAT-006).
    #[serde(default)]
    pub mounted_combat: bool,
}

/// A piece of gear on a sheet (M-DAT-010): named from the bundled armory
/// (`data/margin-3d6/`), or written out in full in the scenario with the
/// same fields as the bundled records (the checklist's proposed TOML), so
/// a scenario can arm a figure with gear the armory lacks. Read by the
/// shape of the input ([`Shapes`]), so a mistake inside an inline record
/// is reported at its key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Gear<T> {
    /// A bundled record's name (case-insensitive).
    Named(String),
    /// A record written inline.
    Inline(T),
}

impl<'de, T: Deserialize<'de>> Shapes<'de> for Gear<T> {
    const EXPECTING: &'static str = "a bundled record's name, or a table with the record's fields";

    fn from_str<E: de::Error>(name: &str) -> Result<Self, E> {
        Ok(Gear::Named(name.to_owned()))
    }

    fn from_table<D: Deserializer<'de>>(table: D) -> Result<Self, D::Error> {
        T::deserialize(table).map(Gear::Inline)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Gear<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        by_shape(d)
    }
}

impl<T: Clone> Gear<T> {
    /// The record: looked up by name with `find` (`None` when the armory
    /// has no such name), or the inline record itself.
    pub fn resolve<'a>(&self, find: impl FnOnce(&str) -> Option<&'a Arc<T>>) -> Option<Arc<T>>
    where
        T: 'a,
    {
        match self {
            Gear::Named(n) => find(n).cloned(),
            Gear::Inline(t) => Some(Arc::new(t.clone())),
        }
    }
}

/// Why the bundled data did not load.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("data/margin-3d6/{file}: {message}")]
pub struct DataError {
    /// The file.
    pub file: &'static str,
    /// What is wrong.
    pub message: String,
}

fray_core::keyed!(Weapon: name, Armor: name, Shield: name);

/// Everything bundled.
#[derive(Clone, Debug, Default)]
pub struct Armory {
    /// Weapons.
    pub weapons: Vec<Arc<Weapon>>,
    /// Armor pieces.
    pub armor: Vec<Arc<Armor>>,
    /// Shields.
    pub shields: Vec<Arc<Shield>>,
    /// Templates.
    pub templates: Vec<(String, String, Sheet)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WeaponsFile {
    weapon: Vec<Weapon>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmorFile {
    armor: Vec<Armor>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShieldsFile {
    shield: Vec<Shield>,
}

#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TemplateRow {
    id: String,
    name: String,
    attributes: Attributes,
    #[serde(default)]
    encumbrance: u8,
    #[serde(default)]
    handedness: Hand,
    #[serde(default)]
    hp: Option<i32>,
    #[serde(default)]
    fatigue: Option<i32>,
    #[serde(default, rename = "move")]
    move_: Option<i32>,
    #[serde(default)]
    skills: BTreeMap<String, i32>,
    #[serde(default)]
    traits: Vec<String>,
    #[serde(default)]
    weapons: Vec<Gear<Weapon>>,
    #[serde(default)]
    armor: Vec<Gear<Armor>>,
    #[serde(default)]
    shield: Option<Gear<Shield>>,
    #[serde(default)]
    innate_pd: i32,
    #[serde(default)]
    innate_dr: i32,
    #[serde(default)]
    magic_pd: i32,
    #[serde(default)]
    magic_dr: i32,
    #[serde(default)]
    bites: bool,
    #[serde(default)]
    strikes: Option<Vec<crate::model::unarmed::Unarmed>>,
    #[serde(default)]
    bite: Option<Mode>,
    #[serde(default)]
    familiar: Option<Vec<String>>,
    #[serde(default)]
    erratic: u8,
    #[serde(default)]
    fear: i32,
    #[serde(default)]
    mounted: bool,
    #[serde(default)]
    mounted_combat: bool,
}

impl TemplateRow {
    /// The id, the name and the sheet of a bestiary row.
    fn into_template(self) -> (String, String, Sheet) {
        let t = self;
        (
            t.id,
            t.name,
            Sheet {
                attributes: t.attributes,
                encumbrance: t.encumbrance,
                handedness: t.handedness,
                hp: t.hp,
                fatigue: t.fatigue,
                move_: t.move_,
                skills: t.skills,
                traits: t.traits,
                weapons: t.weapons,
                armor: t.armor,
                shield: t.shield,
                innate_pd: t.innate_pd,
                innate_dr: t.innate_dr,
                magic_pd: t.magic_pd,
                magic_dr: t.magic_dr,
                bites: t.bites,
                strikes: t.strikes,
                bite: t.bite,
                familiar: t.familiar,
                erratic: t.erratic,
                fear: t.fear,
                mounted: t.mounted,
                mounted_combat: t.mounted_combat,
            },
        )
    }
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
    template: Vec<TemplateRow>,
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
        add_new(file, "weapon", &mut self.weapons, shared(part.weapon))?;
        add_new(file, "armor", &mut self.armor, shared(part.armor))?;
        add_new(file, "shield", &mut self.shields, shared(part.shield))?;
        check_new(
            file,
            "template",
            "id",
            self.templates.iter().map(|t| t.0.as_str()),
            &part.template,
            |t| &t.id,
        )?;
        self.templates
            .extend(part.template.into_iter().map(TemplateRow::into_template));
        Ok(())
    }
    fn templates(&self) -> Vec<Template<'_, Self::Sheet>> {
        self.templates
            .iter()
            .map(|(id, name, sheet)| Template { id, name, sheet })
            .collect()
    }
}

impl ExtraFile {
    /// Every record's numbers within their ranges (`model::bounds`), the
    /// first one out named by its entry path (`weapon[1].acc`).
    fn check(&self) -> Result<(), fray_core::SetupError> {
        check_each("weapon", &self.weapon, bounds::weapon)?;
        check_each("armor", &self.armor, bounds::armor)?;
        check_each("shield", &self.shield, bounds::shield)?;
        for (k, t) in self.template.iter().enumerate() {
            let sheet = t.clone().into_template().2;
            bounds::sheet(&sheet).map_err(|e| e.at(&format!("template[{k}].")))?;
        }
        Ok(())
    }
}

/// Records shared by the figures that carry them.
fn shared<T>(records: Vec<T>) -> Vec<Arc<T>> {
    records.into_iter().map(Arc::new).collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreaturesFile {
    template: Vec<TemplateRow>,
}

fn parse<T: serde::de::DeserializeOwned>(file: &'static str, text: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| DataError {
        file,
        message: e.to_string(),
    })
}

impl Armory {
    /// Reads the armory from the four files' texts.
    pub fn parse(
        weapons: &str,
        armor: &str,
        shields: &str,
        creatures: &str,
    ) -> Result<Armory, DataError> {
        let w: WeaponsFile = parse("weapons.toml", weapons)?;
        let a: ArmorFile = parse("armor.toml", armor)?;
        let s: ShieldsFile = parse("shields.toml", shields)?;
        let c: CreaturesFile = parse("creatures.toml", creatures)?;
        let templates: Vec<_> = c
            .template
            .into_iter()
            .map(TemplateRow::into_template)
            .collect();
        let bad = |file: &'static str| {
            move |e: fray_core::SetupError| DataError {
                file,
                message: e.to_string(),
            }
        };
        check_each("weapon", &w.weapon, bounds::weapon).map_err(bad("weapons.toml"))?;
        check_each("armor", &a.armor, bounds::armor).map_err(bad("armor.toml"))?;
        check_each("shield", &s.shield, bounds::shield).map_err(bad("shields.toml"))?;
        for (k, t) in templates.iter().enumerate() {
            bounds::sheet(&t.2)
                .map_err(|e| e.at(&format!("template[{k}].")))
                .map_err(bad("creatures.toml"))?;
        }
        Ok(Armory {
            weapons: shared(w.weapon),
            armor: shared(a.armor),
            shields: shared(s.shield),
            templates,
        })
    }

    fray_core::lookups! {
        weapon(weapons) -> Arc<Weapon>,
        armor_piece(armor) -> Arc<Armor>,
        shield(shields) -> Arc<Shield>,
    }

    /// A template's sheet by id.
    pub fn template(&self, id: &str) -> Option<&Sheet> {
        self.templates.iter().find(|t| t.0 == id).map(|t| &t.2)
    }

    /// The template ids, for error messages.
    pub fn template_ids(&self) -> Vec<&str> {
        self.templates.iter().map(|t| t.0.as_str()).collect()
    }
}

/// The bundled armory, read once.
pub fn bundled() -> Result<&'static Armory, DataError> {
    static ARMORY: OnceLock<Result<Armory, DataError>> = OnceLock::new();
    ARMORY
        .get_or_init(|| {
            Armory::parse(
                include_str!("../../../../../data/margin-3d6/weapons.toml"),
                include_str!("../../../../../data/margin-3d6/armor.toml"),
                include_str!("../../../../../data/margin-3d6/shields.toml"),
                include_str!("../../../../../data/margin-3d6/creatures.toml"),
            )
        })
        .as_ref()
        .map_err(Clone::clone)
}
