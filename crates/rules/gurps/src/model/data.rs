//! The bundled armory and bestiary (`data/gurps/*.toml`), and their types.
//!
//! The files are compiled into the binary so `fray` works from any folder;
//! scenarios refer to entries by name. Stats are GURPS Basic Set / Dungeon
//! Fantasy facts, written in our own words.

use crate::model::damage::{DamageSpec, DamageType, FixedDamage};
use fray_core::SetupError;
use fray_core::data::shelf::keys;
use fray_core::scenario::{FileError, SourceFile};
use fray_core::shape::{Shapes, by_shape};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, de};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// One weapon with one or more attack modes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Its name, as scenarios refer to it (`"Broadsword"`).
    pub name: String,
    /// The skill it is used with (`"Broadsword"`, `"Shield"`, `"Bow"`).
    pub skill: String,
    /// Weight in pounds (breaking and parrying heavy weapons).
    #[serde(default)]
    pub weight: f32,
    /// Cost in $, for reference.
    #[serde(default)]
    pub cost: u32,
    /// Balance for Parry: `fencing` (F) or `unbalanced` (U); omitted for neither.
    #[serde(default)]
    pub balance: Option<Balance>,
    /// An unarmed or natural attack (punch, kick, bite, claw): rolled at
    /// the best of DX and the unarmed skills (G-EXT-023), on the unarmed
    /// critical miss table (G-EXT-010); omitted for weapons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unarmed: Option<Unarmed>,
    /// What it is made of, for attacks on it and critical misses (G-ATK-012):
    /// `wood`, `metal_and_wood` (the default) or `solid_metal`.
    #[serde(default)]
    pub material: WeaponMaterial,
    /// An improvised weapon: -1 to -3 to hit (G-ATK-026); 0 when omitted.
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub improvised: i32,
    /// A Wizard's Baton or Staff: held ready, it cancels 1 or 2 points of
    /// a spell's range penalty (G-SPL-004), and a staff can deliver a
    /// melee spell (G-SPL-011).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implement: Option<Implement>,
    /// The attack modes, first mode first (G-TURN-003 default).
    pub modes: Vec<AttackMode>,
    /// Free text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// Unarmed and natural attacks (G-EXT-023).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Unarmed {
    /// A punch: reach C; bare hands parry weapons at -3 (G-EXT-023).
    Punch,
    /// A kick: -2 to hit, DX roll or fall on a miss (G-ATK-019).
    Kick,
    /// A bite.
    Bite,
    /// Claws, horns, hooves and other natural weapons.
    Natural,
}

/// Fencing or unbalanced weapons (G-DEF-004, G-DEF-005).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Balance {
    /// F: light, quick parries.
    Fencing,
    /// U: cannot attack and parry in one turn.
    Unbalanced,
}

/// One way to use a weapon: swing, thrust, or a shot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackMode {
    /// `swing`, `thrust`, `shot`, `punch`...
    pub name: String,
    /// Damage: `sw+1`, `thr+2`, `2d+1`, `1d-1`.
    pub damage: DamageSpec,
    /// Damage type: `cr`, `cut`, `imp`, `pi-`, `pi`, `pi+`, `pi++`, `burn`, `cor`, `tox`, `fat`.
    #[serde(rename = "type")]
    pub damage_type: DamageType,
    /// Armor divisor, 1 when omitted (G-EXT-019).
    #[serde(default = "fray_core::serde_fields::one::<f32>")]
    pub armor_divisor: f32,
    /// Reach in yards for melee modes: `[1]`, `[1, 2]`; 0 means C (close).
    #[serde(default)]
    pub reach: Vec<u8>,
    /// Parry modifier, or `None` when the mode cannot parry ("No").
    #[serde(default)]
    pub parry: Option<i32>,
    /// Minimum ST.
    #[serde(default)]
    pub min_st: u8,
    /// Needs both hands.
    #[serde(default)]
    pub two_handed: bool,
    /// The skill for this mode when it differs from the weapon's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<String>,
    /// Ranged only: accuracy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acc: Option<i32>,
    /// Ranged only: half-damage range and maximum range, in yards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
    /// Ranged only: shots per attack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rof: Option<u8>,
    /// Ranged only: Bulk (a negative number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bulk: Option<i32>,
    /// Ranged only: turns to ready a new shot (e.g. 1 for a bow, 4 for a crossbow).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reload: Option<u8>,
    /// A follow-up the blow carries (a viper's venom): it goes in when the
    /// blow gets through DR (decision, docs/rules/gurps.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_up: Option<FollowUp>,
}

/// A follow-up carried by an attack (a viper's poison on its bite, a
/// flaming weapon's fire): when the blow's damage gets through DR, the
/// follow-up's damage goes in too, past DR: venom through the whole body,
/// fire or acid on the location struck (decision, docs/rules/gurps.md;
/// G-DMG-001, G-DMG-004 for its damage).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FollowUp {
    /// Its damage: dice (`"2d"`, `"1d+1"`) or points (`"2"`).
    pub damage: FixedDamage,
    /// Its damage type: `tox`, `burn`, `cor`, `fat`, `cr`, `cut`...
    #[serde(rename = "type")]
    pub damage_type: DamageType,
    /// The victim resists with an HT roll at this modifier (`-4` for
    /// HT-4, `0` for HT); no roll when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resist: Option<i32>,
    /// The damage when the HT roll succeeds (`"1d"`); none when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resisted: Option<FixedDamage>,
}

impl AttackMode {
    /// Whether this is a melee mode (it has a reach).
    #[inline]
    pub fn is_melee(&self) -> bool {
        !self.reach.is_empty()
    }
    /// Whether the mode reaches `yards` (0 = close combat).
    #[inline]
    pub fn reaches(&self, yards: u32) -> bool {
        self.reach.iter().any(|&r| u32::from(r) == yards)
    }
    /// The longest reach, in yards.
    pub fn max_reach(&self) -> u32 {
        self.reach.iter().copied().max().map_or(0, u32::from)
    }
}

/// Ranges of a ranged mode: fixed yards, or multiples of the user's ST.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Range {
    /// 1/2D: from here on basic damage is halved (G-DMG-002).
    pub half: RangeValue,
    /// Max: the longest shot.
    pub max: RangeValue,
}

/// A range in yards (`100`) or as a multiple of ST (`"x1.5"`). Read by
/// the shape of the input ([`Shapes`]); a multiple that does not read
/// (`"x1,5"`, `"15"`) is refused where the file writes it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum RangeValue {
    /// Yards.
    Yards(u32),
    /// A multiple of the user's ST, written `"x1.5"`.
    TimesSt(String),
}

/// A range that is neither yards nor `"xN"`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("range `{0}`: expected yards or \"xN\" (a multiple of ST)")]
pub struct BadRange(pub String);

impl<'de> Shapes<'de> for RangeValue {
    const EXPECTING: &'static str =
        "yards (a whole number from 0 up) or \"xN\" (a multiple of ST, such as \"x1.5\")";

    fn from_int<E: de::Error>(n: i64) -> Result<Self, E> {
        u32::try_from(n)
            .map(RangeValue::Yards)
            .map_err(|_| E::invalid_value(de::Unexpected::Signed(n), &"yards from 0 up"))
    }

    fn from_str<E: de::Error>(s: &str) -> Result<Self, E> {
        match times_st(s) {
            Some(_) => Ok(RangeValue::TimesSt(s.to_owned())),
            None => Err(E::invalid_value(
                de::Unexpected::Str(s),
                &"\"xN\", a multiple of ST from 0 to 1000 such as \"x1.5\"",
            )),
        }
    }
}

impl<'de> Deserialize<'de> for RangeValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        by_shape(d)
    }
}

/// The multiple of ST in `"xN"`, when it reads as one from 0 to 1,000: the
/// bound the GCS importer reads (`fray_gcs::notation::range`), so an
/// imported sheet written out reads back; the yards stay far inside `u32`.
fn times_st(s: &str) -> Option<f32> {
    let n: f32 = s.strip_prefix('x')?.parse().ok()?;
    (0.0..=1000.0).contains(&n).then_some(n)
}

impl RangeValue {
    /// The range in yards for a user of strength `st`.
    pub fn yards(&self, st: i32) -> Result<u32, BadRange> {
        match self {
            RangeValue::Yards(y) => Ok(*y),
            RangeValue::TimesSt(s) => {
                let f = times_st(s).ok_or_else(|| BadRange(s.clone()))?;
                Ok((f * st.max(0) as f32).floor() as u32)
            }
        }
    }
}

/// A piece of armor covering some locations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    /// Its name.
    pub name: String,
    /// Damage Resistance.
    pub dr: i32,
    /// Split DR (G-DMG-003): a lower DR against crushing blows, written
    /// `4/2*` in the tables (mail is DR 4, 2 against crushing); `dr` when
    /// omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dr_crushing: Option<i32>,
    /// Covered locations: `torso`, `vitals`, `groin`, `skull`, `face`, `neck`, `arms`, `hands`, `legs`, `feet`, `eyes`.
    pub covers: Vec<String>,
    /// Flexible armor (mail, cloth): blunt trauma applies (G-EXT-021).
    #[serde(default)]
    pub flexible: bool,
    /// Weight in pounds (encumbrance).
    #[serde(default)]
    pub weight: f32,
    /// Free text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// A shield or cloak.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shield {
    /// Its name.
    pub name: String,
    /// Defense Bonus (G-DEF-007, G-EXT-026).
    pub db: i32,
    /// The skill to block with: `Shield` or `Cloak`.
    #[serde(default = "shield_skill")]
    pub skill: String,
    /// Weight in pounds.
    #[serde(default)]
    pub weight: f32,
    /// Hit points and DR of the shield itself, for attacks on it.
    #[serde(default)]
    pub hp: i32,
    /// DR of the shield itself.
    #[serde(default)]
    pub dr: i32,
}

fn shield_skill() -> String {
    "Shield".into()
}

/// A creature or character template, with stats and gear.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// Its id, as scenarios refer to it (`"knight"`).
    pub id: String,
    /// A display name.
    pub name: String,
    /// The character sheet.
    #[serde(flatten)]
    pub sheet: crate::model::sheet::Sheet,
}

/// The whole bundled data set.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Armory {
    /// Weapons.
    #[serde(default, rename = "weapon")]
    pub weapons: Vec<Weapon>,
    /// Armor.
    #[serde(default, rename = "armor")]
    pub armor: Vec<Armor>,
    /// Shields and cloaks.
    #[serde(default, rename = "shield")]
    pub shields: Vec<Shield>,
    /// Creature and character templates.
    #[serde(default, rename = "template")]
    pub templates: Vec<Template>,
    /// Spells (the grimoire).
    #[serde(default, rename = "spell")]
    pub spells: Vec<crate::model::spell::Spell>,
}

/// The bundled files, by name, as compiled in.
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "data/gurps/weapons.toml",
        include_str!("../../../../../data/gurps/weapons.toml"),
    ),
    (
        "data/gurps/armor.toml",
        include_str!("../../../../../data/gurps/armor.toml"),
    ),
    (
        "data/gurps/shields.toml",
        include_str!("../../../../../data/gurps/shields.toml"),
    ),
    (
        "data/gurps/creatures.toml",
        include_str!("../../../../../data/gurps/creatures.toml"),
    ),
    (
        "data/gurps/spells.toml",
        include_str!("../../../../../data/gurps/spells.toml"),
    ),
];

/// Why a data file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The TOML does not fit the schema (the message points at the place).
    #[error(transparent)]
    File(#[from] fray_core::scenario::FileError),
    /// An armor entry whose DR makes no sense.
    #[error("{file}: armor `{armor}`: {fault}")]
    Armor {
        /// The data file.
        file: String,
        /// The armor's name.
        armor: String,
        /// What is wrong.
        fault: ArmorFault,
    },
    /// A spell breaks the rules of its class.
    #[error("{file}: {error}")]
    Spell {
        /// The data file.
        file: String,
        /// What is wrong with the spell.
        #[source]
        error: crate::model::spell::SpellError,
    },
    /// A weapon's name or numbers make no sense.
    #[error("{file}: {at}: {why}")]
    Weapon {
        /// The data file.
        file: String,
        /// The entry (`weapon[2].modes[0].parry`).
        at: String,
        /// What is wrong.
        why: String,
    },
    /// A weapon's follow-up makes no sense.
    #[error("{file}: {at}: {fault}")]
    FollowUp {
        /// The data file.
        file: String,
        /// The entry (`weapon[2].modes[0].follow_up`).
        at: String,
        /// What is wrong.
        fault: FollowUpFault,
    },
}

/// What is wrong with an armor entry's DR.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArmorFault {
    /// DR outside 0 to 100.
    #[error("DR must be 0 to 100, found {0}")]
    Dr(i32),
    /// Split DR whose crushing number is not between 0 and the DR
    /// (G-DMG-003: mail is 4/2).
    #[error("`dr_crushing` must be 0 to the DR ({dr}), found {crushing}")]
    Crushing {
        /// The DR.
        dr: i32,
        /// The DR against crushing.
        crushing: i32,
    },
}

impl Armor {
    /// DR 0 to 100; split DR's crushing number 0 to the DR (G-DMG-003).
    pub fn check(&self) -> Result<(), ArmorFault> {
        if !(0..=100).contains(&self.dr) {
            return Err(ArmorFault::Dr(self.dr));
        }
        match self.dr_crushing {
            Some(c) if !(0..=self.dr).contains(&c) => Err(ArmorFault::Crushing {
                dr: self.dr,
                crushing: c,
            }),
            _ => Ok(()),
        }
    }
}

/// What is wrong with a follow-up (decision, docs/rules/gurps.md).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FollowUpFault {
    /// An HT modifier outside -10 to +10.
    #[error("`resist` must be -10 to 10, found {0}")]
    Resist(i32),
    /// A lesser damage with no HT roll to earn it.
    #[error(
        "`resisted` needs `resist` beside it: the lesser damage is what a successful HT roll leaves"
    )]
    ResistedWithoutRoll,
}

impl FollowUp {
    /// An HT roll at -10 to +10; a lesser damage only with that roll.
    pub fn check(&self) -> Result<(), FollowUpFault> {
        match self.resist {
            Some(r) if !(-10..=10).contains(&r) => Err(FollowUpFault::Resist(r)),
            None if self.resisted.is_some() => Err(FollowUpFault::ResistedWithoutRoll),
            _ => Ok(()),
        }
    }
}

/// A weapon's number outside the range its rule reads: the field, relative
/// to the weapon (`modes[0].parry`), the range and the value as written.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{field}: must be {min} to {max}, found {found}")]
pub struct NumberFault {
    /// The field, relative to the weapon.
    pub field: String,
    /// The least value allowed.
    pub min: f64,
    /// The greatest value allowed.
    pub max: f64,
    /// The value found.
    pub found: String,
}

/// The most attack modes a weapon has.
pub const MOST_MODES: usize = 32;

impl Weapon {
    /// The first of the weapon's numbers outside the range its rule reads,
    /// whether it is written in a data file or on a sheet: its weight,
    /// G-ATK-026's improvised penalty, and every mode's
    /// [`AttackMode::number_fault`].
    pub fn number_fault(&self) -> Option<NumberFault> {
        let fault = |field: &str, min: f64, max: f64, found: String| NumberFault {
            field: field.to_string(),
            min,
            max,
            found,
        };
        if !(self.weight.is_finite() && (0.0..=10_000.0).contains(&self.weight)) {
            return Some(fault("weight", 0.0, 10_000.0, self.weight.to_string()));
        }
        if !(-3..=0).contains(&self.improvised) {
            return Some(fault("improvised", -3.0, 0.0, self.improvised.to_string()));
        }
        // A mode is named by its index (a `u8`).
        if self.modes.len() > MOST_MODES {
            return Some(fault(
                "modes",
                1.0,
                MOST_MODES as f64,
                self.modes.len().to_string(),
            ));
        }
        self.modes.iter().enumerate().find_map(|(m, mode)| {
            let mut f = mode.number_fault()?;
            f.field = format!("modes[{m}].{}", f.field);
            Some(f)
        })
    }
}

impl AttackMode {
    /// The first of the mode's numbers outside the range its rule reads:
    /// G-EXT-019's armor divisor (0.1 to 100, or `inf` for an attack that
    /// ignores DR), the Parry modifier, G-AIM-001's Acc, G-RNG-004's Bulk,
    /// RoF and reload, reach and minimum ST.
    pub fn number_fault(&self) -> Option<NumberFault> {
        let d = self.armor_divisor;
        if !(d == f32::INFINITY || (d.is_finite() && (0.1..=100.0).contains(&d))) {
            return Some(NumberFault {
                field: "armor_divisor".into(),
                min: 0.1,
                max: 100.0,
                found: d.to_string(),
            });
        }
        let reach = self
            .reach
            .iter()
            .enumerate()
            .map(|(r, &v)| (format!("reach[{r}]"), Some(i64::from(v)), 0, 10));
        [
            ("parry", self.parry.map(i64::from), -10, 10),
            ("acc", self.acc.map(i64::from), 0, 25),
            ("bulk", self.bulk.map(i64::from), -20, 0),
            ("rof", self.rof.map(i64::from), 1, 100),
            ("reload", self.reload.map(i64::from), 0, 60),
            ("min_st", Some(i64::from(self.min_st)), 0, 50),
        ]
        .into_iter()
        .map(|(f, v, min, max)| (f.to_string(), v, min, max))
        .chain(reach)
        .find_map(|(field, v, min, max)| {
            let v = v.filter(|v| !(min..=max).contains(v))?;
            Some(NumberFault {
                field,
                min: min as f64,
                max: max as f64,
                found: v.to_string(),
            })
        })
    }
}

/// The first weapon of a data file whose name or numbers are wrong, with
/// its entry path (`weapon[2].modes[0].parry`) and why.
fn bad_weapon(armory: &Armory) -> Option<(String, String)> {
    armory.weapons.iter().enumerate().find_map(|(i, w)| {
        if let Err(e) = fray_core::text::check_name(&w.name) {
            return Some((format!("weapon[{i}].name"), e.to_string()));
        }
        let f = w.number_fault()?;
        Some((
            format!("weapon[{i}].{}", f.field),
            format!("must be {} to {}, found {}", f.min, f.max, f.found),
        ))
    })
}

/// The first follow-up of a data file's weapons that fails its check, with
/// its entry path (`weapon[2].modes[0].follow_up`).
fn bad_follow_up(armory: &Armory) -> Option<(String, FollowUpFault)> {
    armory.weapons.iter().enumerate().find_map(|(i, w)| {
        w.modes.iter().enumerate().find_map(|(m, mode)| {
            let fault = mode.follow_up.as_ref()?.check().err()?;
            Some((format!("weapon[{i}].modes[{m}].follow_up"), fault))
        })
    })
}

/// Parses one data file; a spell that breaks the rules of its class, or
/// armor with nonsense DR, is an error naming the file and the entry.
pub fn parse_file(name: &str, text: &str) -> Result<Armory, DataError> {
    let armory = fray_core::scenario::SourceFile::new(name, text).parse::<Armory>()?;
    for a in &armory.armor {
        a.check().map_err(|fault| DataError::Armor {
            file: name.into(),
            armor: a.name.clone(),
            fault,
        })?;
    }
    for s in &armory.spells {
        s.validate().map_err(|error| DataError::Spell {
            file: name.into(),
            error,
        })?;
    }
    if let Some((at, why)) = bad_weapon(&armory) {
        return Err(DataError::Weapon {
            file: name.into(),
            at,
            why,
        });
    }
    if let Some((at, fault)) = bad_follow_up(&armory) {
        return Err(DataError::FollowUp {
            file: name.into(),
            at,
            fault,
        });
    }
    Ok(armory)
}

/// One data file read at run time (`--data DIR`, a scenario's `data`
/// folder): the same tables as the bundled files, every error at its
/// file, line and column.
pub fn parse_extra(file: &SourceFile) -> Result<Armory, FileError> {
    let armory = file.parse::<Armory>()?;
    for (i, a) in armory.armor.iter().enumerate() {
        if let Err(fault) = a.check() {
            let at = SetupError::new(format!("armor[{i}]"), format!("`{}`: {fault}", a.name));
            return Err(file.setup_error(&at));
        }
    }
    for (i, s) in armory.spells.iter().enumerate() {
        if let Err(error) = s.validate() {
            return Err(
                file.setup_error(&SetupError::new(format!("spell[{i}]"), error.to_string()))
            );
        }
    }
    if let Some((at, why)) = bad_weapon(&armory) {
        return Err(file.setup_error(&SetupError::new(at, why)));
    }
    if let Some((at, fault)) = bad_follow_up(&armory) {
        return Err(file.setup_error(&SetupError::new(at, fault.to_string())));
    }
    Ok(armory)
}

/// The bundled data, parsed once.
pub fn bundled() -> Result<&'static Armory, &'static DataError> {
    static CELL: OnceLock<Result<Armory, DataError>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut all = Armory::default();
        for (name, text) in BUNDLED {
            let part = parse_file(name, text)?;
            all.weapons.extend(part.weapons);
            all.armor.extend(part.armor);
            all.shields.extend(part.shields);
            all.templates.extend(part.templates);
            all.spells.extend(part.spells);
        }
        Ok(all)
    })
    .as_ref()
}

fray_core::keyed!(
    Weapon: name,
    Armor: name,
    Shield: name,
    Template: id,
    crate::model::spell::Spell: name,
);

impl Armory {
    fray_core::lookups! {
        weapon(weapons) -> Weapon,
        armor(armor) -> Armor,
        shield(shields) -> Shield,
        spell(spells) -> crate::model::spell::Spell,
        template(templates) -> Template,
    }
    /// Names for error messages ("expected one of ...").
    pub fn names(&self) -> BTreeMap<&'static str, Vec<&str>> {
        BTreeMap::from([
            ("weapon", keys(&self.weapons)),
            ("armor", keys(&self.armor)),
            ("shield", keys(&self.shields)),
            ("template", keys(&self.templates)),
            ("spell", keys(&self.spells)),
        ])
    }
}

/// What a weapon is made of, for its DR (G-ATK-012). Written in data files
/// as `wood`, `metal_and_wood` (the default) or `solid_metal`.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum WeaponMaterial {
    /// All wood (a staff, a club).
    Wood,
    /// Metal and wood (an axe, a spear).
    #[default]
    MetalAndWood,
    /// Solid metal (a sword, a mace).
    SolidMetal,
}

/// A wizard's implement pointed at the subject from the start of casting
/// (G-SPL-004). Written in weapon data as `implement = "baton"` or `"staff"`.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Implement {
    /// A Wizard's Baton: cancels 1 point of range penalty.
    Baton,
    /// A Wizard's Staff: cancels 2 points of range penalty.
    Staff,
}
