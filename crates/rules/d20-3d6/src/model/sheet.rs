//! Character sheets (X-DAT-001..004, X-DAT-007, X-DAT-011): abilities as
//! modifiers, class numbers, saves, skills, pools, size and gear by name.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Size categories in order (X-DAT-007).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// Fine.
    Fine,
    /// Diminutive.
    Diminutive,
    /// Tiny.
    Tiny,
    /// Small.
    Small,
    /// Medium.
    #[default]
    Medium,
    /// Large.
    Large,
    /// Huge.
    Huge,
    /// Gargantuan.
    Gargantuan,
    /// Colossal.
    Colossal,
}

impl Size {
    /// The side of its square space in metres (X-DAT-007): up to Medium 1,
    /// Large 2, Huge 3, Gargantuan 4, Colossal 6.
    pub const fn edge(self) -> u8 {
        match self {
            Size::Large => 2,
            Size::Huge => 3,
            Size::Gargantuan => 4,
            Size::Colossal => 6,
            _ => 1,
        }
    }
    /// Its rank, for size differences (X-SPM-007).
    pub const fn rank(self) -> i32 {
        self as i32
    }
    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Size::Fine => "fine",
            Size::Diminutive => "diminutive",
            Size::Tiny => "tiny",
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
            Size::Huge => "huge",
            Size::Gargantuan => "gargantuan",
            Size::Colossal => "colossal",
        }
    }
}

/// Ability modifiers (X-DAT-001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Abilities {
    /// STR modifier.
    pub str: i32,
    /// DEX modifier.
    pub dex: i32,
    /// CON modifier.
    pub con: i32,
}

/// Saving throws (X-DAT-002).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Saves {
    /// Fortitude.
    pub fort: i32,
    /// Reflex.
    #[serde(rename = "ref")]
    pub reflex: i32,
    /// Will.
    pub will: i32,
}

/// Skill bonuses (X-DAT-003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Skills {
    /// Athletics.
    pub athletics: i32,
    /// Acrobatics.
    pub acrobatics: i32,
    /// Bluff.
    pub bluff: i32,
    /// Sense Motive.
    pub sense: i32,
    /// Ride.
    pub ride: i32,
    /// First Aid (Heal).
    pub first_aid: i32,
    /// Magic checks (the `magic_check` hook).
    pub magic: i32,
}

/// Hit points (X-DAT-004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hp {
    /// Maximum HP.
    pub max: i32,
}

/// Which hand holds a weapon at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Hand {
    /// The main hand (the default for the first weapon).
    #[default]
    Main,
    /// The off hand.
    Off,
    /// Sheathed or slung (drawn with X-MAN-013).
    Sheathed,
}

/// One weapon on a sheet: an armory name and this wielder's bonuses (X-DAT-005).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponEntry {
    /// The armory name.
    pub name: String,
    /// The "List" bonus (X-ATK-003).
    #[serde(default)]
    pub list_bonus: i32,
    /// Skill with it (X-ATK-003).
    #[serde(default)]
    pub skill_bonus: i32,
    /// Enhancement (X-ATK-003).
    #[serde(default)]
    pub magic: i32,
    /// Where it is at the start; by default the first weapon is in the
    /// main hand and the others sheathed.
    #[serde(default)]
    pub hand: Option<Hand>,
}

/// Where an item is carried (X-DAT-008).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// In hand.
    Hand,
    /// On the belt (1 action, X-MAN-015).
    #[default]
    Belt,
    /// In the backpack (2 actions, X-MAN-014).
    Backpack,
}

/// A potion carried (X-DAT-008).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PotionEntry {
    /// The armory name.
    pub name: String,
    /// Where it is.
    #[serde(default)]
    pub at: Place,
}

/// A spell known (X-MAN-007), with its uses per day (X-QCK-007: nothing
/// recharges within a fight, so they are the uses left for it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpellEntry {
    /// The spell's name in the grimoire (`data/d20-3d6/spells.toml`).
    pub name: String,
    /// Casts left; unlimited when absent.
    #[serde(default)]
    pub uses: Option<u8>,
}

fn six() -> u32 {
    6
}

/// A character sheet (X-DAT-011).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// Size category.
    #[serde(default)]
    pub size: Size,
    /// Base Move in metres (default 6, X-DAT-004).
    #[serde(default = "six")]
    pub move_m: u32,
    /// Ability modifiers.
    pub abilities: Abilities,
    /// Base attack bonus.
    #[serde(default)]
    pub bab: i32,
    /// Effective character level (X-LIF-011); creatures without one use BAB.
    #[serde(default)]
    pub ecl: Option<i32>,
    /// Saving throws.
    #[serde(default)]
    pub saves: Saves,
    /// Skill bonuses.
    #[serde(default)]
    pub skills: Skills,
    /// The trained Defense bonus (X-DEF-001).
    #[serde(default)]
    pub defense_skill: i32,
    /// Worn magic Defense (X-DAT-006).
    #[serde(default)]
    pub magic_defense: i32,
    /// Damage reduction (X-DMG-009); none in the summary.
    #[serde(default)]
    pub damage_reduction: i32,
    /// Hit points.
    pub hp: Hp,
    /// Weapon groups it is proficient with (X-SIT-013).
    #[serde(default)]
    pub proficient: Vec<String>,
    /// Weapons, the first in the main hand unless said otherwise.
    #[serde(default)]
    pub weapon: Vec<WeaponEntry>,
    /// Armor by armory name.
    #[serde(default)]
    pub armor: Option<String>,
    /// Shield by armory name (held in the off hand).
    #[serde(default)]
    pub shield: Option<String>,
    /// Potions carried.
    #[serde(default)]
    pub potion: Vec<PotionEntry>,
    /// Spells known (X-MAN-007).
    #[serde(default)]
    pub spell: Vec<SpellEntry>,
}
