//! Character sheets as scenario files and templates write them, and the
//! secondary characteristics derived from them (G-EXT-013, G-EXT-014).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Advantages and disadvantages the combat rules look at.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Trait {
    /// +1 to active defenses, +6 to recover from mental stun (G-EXT-016).
    CombatReflexes,
    /// No shock, +3 on knockdown rolls (G-EXT-027).
    HighPainThreshold,
    /// Double shock, -4 on knockdown rolls (G-EXT-027).
    LowPainThreshold,
    /// Side attacks at no penalty (G-DEF-014).
    PeripheralVision,
    /// No off-hand penalty (G-ATK-004).
    Ambidexterity,
    /// Halves Rapid Strike and multiple-parry penalties (G-ATK-006, G-DEF-003).
    WeaponMaster,
    /// As Weapon Master for those penalties.
    TrainedByAMaster,
    /// Faster FP recovery (G-AFT-005).
    Fit,
    /// Keeps balance: +4 on knockback rolls (G-KB-003).
    PerfectBalance,
    /// Male: groin hits double crushing shock (G-INJ-004).
    Male,
    /// Has a tail that can be hit (G-LOC-005).
    Tail,
    /// More than two legs on the humanoid table: the summary's reading
    /// (G-LOC-006); `body = "quadruped"` is the Basic Set's table.
    Quadruped,
    /// Wings on the humanoid table: a random 9 strikes a wing (G-LOC-001).
    Winged,
}

impl Trait {
    /// Every trait, in declaration order.
    pub const ALL: [Trait; 13] = [
        Trait::CombatReflexes,
        Trait::HighPainThreshold,
        Trait::LowPainThreshold,
        Trait::PeripheralVision,
        Trait::Ambidexterity,
        Trait::WeaponMaster,
        Trait::TrainedByAMaster,
        Trait::Fit,
        Trait::PerfectBalance,
        Trait::Male,
        Trait::Tail,
        Trait::Quadruped,
        Trait::Winged,
    ];
}

/// A set of traits as bits: `Copy`, so fighters clone without allocating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TraitSet(u32);

impl TraitSet {
    /// Adds a trait.
    pub fn insert(&mut self, t: Trait) {
        self.0 |= 1 << (t as u32);
    }
    /// Whether the set holds a trait.
    pub fn contains(&self, t: &Trait) -> bool {
        self.0 & (1 << (*t as u32)) != 0
    }
    /// The traits in the set, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Trait> {
        Trait::ALL.into_iter().filter(move |t| self.contains(t))
    }
}

impl FromIterator<Trait> for TraitSet {
    fn from_iter<I: IntoIterator<Item = Trait>>(iter: I) -> Self {
        let mut set = TraitSet::default();
        for t in iter {
            set.insert(t);
        }
        set
    }
}

/// A list of trait names, its length given up front so that compact
/// binary formats (the odds' state keys) can write it too.
impl Serialize for TraitSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.count_ones() as usize))?;
        for t in self.iter() {
            seq.serialize_element(&t)?;
        }
        seq.end()
    }
}

/// A character sheet: attributes, traits, skills and gear.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// Strength.
    pub st: i32,
    /// Dexterity.
    pub dx: i32,
    /// Intelligence.
    pub iq: i32,
    /// Health.
    pub ht: i32,
    /// Hit points; ST when omitted (G-EXT-013).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp: Option<i32>,
    /// Fatigue points; HT when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fp: Option<i32>,
    /// Will; IQ when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub will: Option<i32>,
    /// Perception; IQ when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per: Option<i32>,
    /// Basic Speed; (DX + HT) / 4 when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub basic_speed: Option<f32>,
    /// Basic Move; floor(Basic Speed) when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub basic_move: Option<i32>,
    /// Dodge bought up or down from the default.
    #[serde(default)]
    pub dodge_bonus: i32,
    /// Size Modifier.
    #[serde(default)]
    pub sm: i32,
    /// The body type: its hit-location table and the locations it has
    /// (G-LOC-001, G-LOC-006 decision); `humanoid` when omitted.
    #[serde(default, skip_serializing_if = "is_humanoid")]
    pub body: crate::model::location::BodyType,
    /// Traits the combat rules use.
    #[serde(default)]
    pub traits: Vec<Trait>,
    /// Skill levels by name (`Broadsword = 14`).
    #[serde(default)]
    pub skills: BTreeMap<String, i32>,
    /// Magery level (0-6): a missile spell takes up to this much energy
    /// per second of casting (at least 1).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub magery: i32,
    /// Spell skill levels by grimoire name (`Fireball = 15`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub spells: BTreeMap<String, i32>,
    /// Weapons by armory name; all start ready, the first is the main weapon.
    #[serde(default)]
    pub weapons: Vec<String>,
    /// A shield or cloak by armory name, strapped on and ready.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield: Option<String>,
    /// Armor pieces by armory name.
    #[serde(default)]
    pub armor: Vec<String>,
    /// Natural DR on every location (tough skin, scales).
    #[serde(default)]
    pub natural_dr: i32,
    /// Other carried weight in pounds, added to gear for encumbrance.
    #[serde(default)]
    pub extra_weight: f32,
    /// Encumbrance level 0-4, overriding the computed one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encumbrance: Option<u8>,
    /// Weapons written out on the sheet rather than named from the armory
    /// (a GCS import writes these): in hand after `weapons`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub own_weapons: Vec<crate::model::data::Weapon>,
    /// A shield written out on the sheet, in place of `shield`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own_shield: Option<crate::model::data::Shield>,
    /// DR by hit location as a character program computed it, armor,
    /// natural DR and the skull's own DR all in (G-LOC-011, G-DMG-003),
    /// keyed by location (`skull`, `right_arm`...); unlisted locations have
    /// none. When given, `armor` and `natural_dr` stay empty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dr: BTreeMap<String, LocationDr>,
    /// HP left at the start, when the character starts hurt; `hp` when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp_current: Option<i32>,
    /// FP left at the start, when the character starts tired; `fp` when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fp_current: Option<i32>,
}

/// DR at one hit location, written out (a GCS import).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocationDr {
    /// DR against every damage type.
    pub dr: i32,
    /// DR against crushing when it differs (G-DMG-003: mail is 4, 2 against crushing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crushing: Option<i32>,
    /// Only flexible armor covers it: blunt trauma applies (G-EXT-021).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flexible: bool,
}

fn is_humanoid(b: &crate::model::location::BodyType) -> bool {
    *b == crate::model::location::BodyType::Humanoid
}

impl Sheet {
    /// Basic Speed in quarters, kept exact (G-EXT-013).
    pub fn basic_speed_quarters(&self) -> i32 {
        match self.basic_speed {
            Some(s) => (s * 4.0).floor() as i32,
            None => self.dx + self.ht,
        }
    }

    /// Basic Lift in pounds (G-EXT-014): ST x ST / 5, rounded when 10 or more.
    pub fn basic_lift(&self) -> f32 {
        let bl = (self.st * self.st) as f32 / 5.0;
        if bl >= 10.0 { bl.round() } else { bl }
    }

    /// Encumbrance level from carried weight (G-EXT-014).
    pub fn encumbrance_for(&self, weight: f32) -> u8 {
        if let Some(level) = self.encumbrance {
            return level.min(4);
        }
        let bl = self.basic_lift().max(0.1);
        match weight / bl {
            x if x <= 1.0 => 0,
            x if x <= 2.0 => 1,
            x if x <= 3.0 => 2,
            x if x <= 6.0 => 3,
            _ => 4,
        }
    }

    /// Skill level by name, if the sheet lists it.
    pub fn skill(&self, name: &str) -> Option<i32> {
        self.skills
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| *v)
    }

    /// Whether the sheet has a trait.
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }
}

/// Move at an encumbrance level (G-EXT-014): x1, x0.8, x0.6, x0.4, x0.2, minimum 1.
pub fn encumbered_move(basic_move: i32, level: u8) -> i32 {
    let tenths = [10, 8, 6, 4, 2][usize::from(level.min(4))];
    (basic_move * tenths / 10).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(st: i32, dx: i32, ht: i32) -> Sheet {
        toml::from_str(&format!("st = {st}\ndx = {dx}\niq = 10\nht = {ht}\n")).unwrap()
    }

    #[test]
    fn basic_speed_and_lift() {
        // rule: G-EXT-013
        let s = sheet(12, 12, 11);
        assert_eq!(s.basic_speed_quarters(), 23); // 5.75
        assert_eq!(s.basic_lift(), 29.0);
        assert_eq!(sheet(6, 10, 10).basic_lift(), 7.2);
    }

    #[test]
    fn encumbrance_levels_and_move() {
        // rule: G-EXT-014
        let s = sheet(10, 10, 10); // BL 20
        assert_eq!(
            [
                s.encumbrance_for(20.0),
                s.encumbrance_for(40.0),
                s.encumbrance_for(60.0)
            ],
            [0, 1, 2]
        );
        assert_eq!([s.encumbrance_for(120.0), s.encumbrance_for(121.0)], [3, 4]);
        assert_eq!(
            [5, 4, 3, 2, 1].map(|l| encumbered_move(5, 5 - l)),
            [5, 4, 3, 2, 1]
        );
        assert_eq!(encumbered_move(6, 1), 4);
        assert_eq!(encumbered_move(2, 4), 1);
    }
}
