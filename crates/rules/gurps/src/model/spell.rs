//! Spells as the bundled grimoire (`data/gurps/spells.toml`) describes
//! them: class, cost, casting time, resistance and effect, and the energy
//! arithmetic that follows from them (G-EXT-030, G-SPL-010, G-SPL-012).
//!
//! The rules that play them are in `resolve::magic`.

use crate::model::damage::DamageType;
use crate::model::data::Range;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One spell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    /// Its name, as sheets list it (`"Fireball"`).
    pub name: String,
    /// Its college (`"Fire"`), for reference.
    pub college: String,
    /// How it is cast and what it needs (G-SPL-003..013).
    pub class: SpellClass,
    /// Energy to cast: the fixed cost, or the least energy of a spell cast
    /// at several sizes (a missile's first die, Minor Healing's first HP).
    /// An Area spell's cost is per yard of radius.
    pub cost: u8,
    /// The most energy a caster may put in; left out, the cost is fixed.
    /// Missile spells leave it out: they take up to Magery energy per
    /// second of casting (at least 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_energy: Option<u8>,
    /// Seconds of Concentrate to cast (for a missile spell, the most
    /// seconds it may be charged).
    #[serde(default = "fray_core::serde_fields::one::<u8>")]
    pub time: u8,
    /// One second of casting per energy point instead of `time` (Mass Sleep).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub time_per_energy: bool,
    /// The subject's attribute that resists it: `ht`, `will` or `iq`
    /// (G-SPL-005, G-SPL-006); left out, it is not resisted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resisted_by: Option<Resistance>,
    /// Area spells: the smallest radius in yards (1 when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_radius: Option<u8>,
    /// What it does.
    pub effect: Effect,
    /// Free text (the source, prerequisites).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// The spell classes of the sources (SUM › Spell Types and Casting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SpellClass {
    /// On one subject, at -1 per hex (G-SPL-003).
    Regular,
    /// On everyone in an area, one roll (G-SPL-003, G-SPL-007).
    Area,
    /// Charged in the hand, delivered by a touch (G-SPL-009, G-SPL-011).
    Melee,
    /// Charged in the hand, thrown as a ranged attack (G-SPL-009..011).
    Missile,
    /// Cast in place of an active defense (G-SPL-012).
    Blocking,
    /// Gathers knowledge; the GM rolls (G-SPL-013).
    Information,
}

/// What resists a spell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Resistance {
    /// Health.
    Ht,
    /// Will.
    Will,
    /// Intelligence.
    Iq,
}

impl Resistance {
    /// The attribute's name, for the log.
    pub fn name(self) -> &'static str {
        match self {
            Resistance::Ht => "HT",
            Resistance::Will => "Will",
            Resistance::Iq => "IQ",
        }
    }
}

/// What a spell does when it works.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Damage per energy point, for melee and missile spells.
    Damage(SpellDamage),
    /// Restores HP.
    Heal {
        /// HP restored per energy point.
        hp_per_energy: u8,
    },
    /// The subject falls asleep: down until a blow wakes it, mentally
    /// stunned (decision, docs/rules/gurps.md).
    Sleep,
    /// A blocking spell: stops one attack (G-SPL-012).
    Block {
        /// Which attacks it can stop.
        against: Blocks,
    },
    /// An information spell that finds the nearest foes within the
    /// searched radius (G-SPL-013).
    SenseFoes,
}

/// The damage of a melee or missile spell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpellDamage {
    /// Dice of damage per energy point.
    pub dice_per_energy: u8,
    /// Damage type (`burn`, `cr`, `tox`...).
    #[serde(rename = "type")]
    pub damage_type: DamageType,
    /// Armor divisor; `inf` ignores DR (1 when left out).
    #[serde(default = "one_f32")]
    pub armor_divisor: f32,
    /// Missile spells: accuracy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acc: Option<i32>,
    /// Missile spells: 1/2D and Max in yards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
}

fn one_f32() -> f32 {
    1.0
}

/// The attacks a blocking spell can stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Blocks {
    /// Melee and ranged attacks.
    Any,
    /// Ranged attacks only.
    Missiles,
    /// Melee attacks only.
    Melee,
}

impl Blocks {
    /// Whether it can stop a melee (`true`) or ranged attack.
    pub fn stops(self, melee: bool) -> bool {
        match self {
            Blocks::Any => true,
            Blocks::Missiles => !melee,
            Blocks::Melee => melee,
        }
    }
}

/// A spell that breaks the rules of its class, named.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("spell `{spell}`: {fault}")]
pub struct SpellError {
    /// The spell's name.
    pub spell: String,
    /// What is wrong.
    pub fault: SpellFault,
}

/// What [`Spell::validate`] finds wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpellFault {
    /// A cost of 0.
    #[error("cost must be at least 1")]
    ZeroCost,
    /// A casting time of 0 seconds.
    #[error("time must be at least 1 second")]
    ZeroTime,
    /// `max_energy` below `cost`.
    #[error("max_energy is below cost")]
    MaxEnergyBelowCost,
    /// A `damage` effect on a spell that is not Melee or Missile, or none on one that is.
    #[error("melee and missile spells, and only they, have a `damage` effect")]
    DamageEffect,
    /// `dice_per_energy` of 0.
    #[error("dice_per_energy must be at least 1")]
    ZeroDicePerEnergy,
    /// An `armor_divisor` of 0, below 0 or NaN.
    #[error("armor_divisor must be above 0")]
    ArmorDivisor,
    /// A Missile spell without a range, or another spell with one.
    #[error("a missile spell needs a range, other spells have none")]
    MissileRange,
    /// A `block` effect on a spell that is not Blocking, or none on one that is.
    #[error("blocking spells, and only they, have a `block` effect")]
    BlockEffect,
    /// `sense_foes` on a spell that is not Information, or another effect on one that is.
    #[error("information spells, and only they, have the `sense_foes` effect")]
    SenseFoesEffect,
    /// A `min_radius` on a spell that is not an Area spell.
    #[error("only Area spells have a min_radius")]
    MinRadius,
}

impl Spell {
    /// Checks what a data file cannot express by types alone.
    pub fn validate(&self) -> Result<(), SpellError> {
        if self.cost == 0 {
            return Err(self.fault(SpellFault::ZeroCost));
        }
        if self.time == 0 {
            return Err(self.fault(SpellFault::ZeroTime));
        }
        if self.max_energy.is_some_and(|m| m < self.cost) {
            return Err(self.fault(SpellFault::MaxEnergyBelowCost));
        }
        let damage = matches!(self.effect, Effect::Damage(_));
        let charged = matches!(self.class, SpellClass::Melee | SpellClass::Missile);
        if damage != charged {
            return Err(self.fault(SpellFault::DamageEffect));
        }
        if let Effect::Damage(d) = &self.effect {
            if d.dice_per_energy == 0 {
                return Err(self.fault(SpellFault::ZeroDicePerEnergy));
            }
            if d.armor_divisor.is_nan() || d.armor_divisor <= 0.0 {
                return Err(self.fault(SpellFault::ArmorDivisor));
            }
            if (self.class == SpellClass::Missile) != d.range.is_some() {
                return Err(self.fault(SpellFault::MissileRange));
            }
        }
        if (self.class == SpellClass::Blocking) != matches!(self.effect, Effect::Block { .. }) {
            return Err(self.fault(SpellFault::BlockEffect));
        }
        if (self.class == SpellClass::Information) != (self.effect == Effect::SenseFoes) {
            return Err(self.fault(SpellFault::SenseFoesEffect));
        }
        if self.min_radius.is_some() && self.class != SpellClass::Area {
            return Err(self.fault(SpellFault::MinRadius));
        }
        Ok(())
    }

    fn fault(&self, fault: SpellFault) -> SpellError {
        SpellError {
            spell: self.name.clone(),
            fault,
        }
    }

    /// The most energy a caster with `magery` may put in: `max_energy`, or
    /// for a missile spell Magery (at least 1) per second of `time`.
    pub fn max_energy_for(&self, magery: i32) -> u8 {
        match (self.class, self.max_energy) {
            (_, Some(m)) => m,
            (SpellClass::Missile, None) => {
                let per_second = magery.clamp(1, 255) as u16;
                (per_second * u16::from(self.time)).min(255) as u8
            }
            (_, None) => self.cost,
        }
    }

    /// Seconds of Concentrate to cast with `energy` (and `radius` for an
    /// Area spell): `time`; a missile spell charges up to Magery energy
    /// per second; Mass Sleep takes a second per energy point.
    pub fn seconds(&self, energy: u8, radius: u8, magery: i32) -> u8 {
        if self.time_per_energy {
            return self
                .area_energy(energy, radius)
                .clamp(1, u32::from(u8::MAX)) as u8;
        }
        if self.class == SpellClass::Missile {
            let per_second = magery.clamp(1, 255) as u8;
            return energy.div_ceil(per_second).clamp(1, self.time);
        }
        self.time
    }

    /// Energy before any reduction: an Area spell's energy times its radius.
    pub fn area_energy(&self, energy: u8, radius: u8) -> u32 {
        let r = if self.class == SpellClass::Area {
            u32::from(radius.max(1))
        } else {
            1
        };
        u32::from(energy) * r
    }
}

/// Spells for the unit tests of the grimoire and of the magic tables.
#[cfg(test)]
pub(crate) mod test_spells {
    use super::*;

    pub(crate) fn spell(class: SpellClass, cost: u8, effect: Effect) -> Spell {
        Spell {
            name: "Test".into(),
            college: "Test".into(),
            class,
            cost,
            max_energy: None,
            time: 3,
            time_per_energy: false,
            resisted_by: None,
            min_radius: None,
            effect,
            notes: String::new(),
        }
    }

    pub(crate) fn fireball() -> Spell {
        spell(
            SpellClass::Missile,
            1,
            Effect::Damage(SpellDamage {
                dice_per_energy: 1,
                damage_type: DamageType::Burning,
                armor_divisor: 1.0,
                acc: Some(1),
                range: None,
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::test_spells::{fireball, spell};
    use super::*;

    #[test]
    fn missiles_charge_magery_energy_per_second() {
        // rule: G-SPL-009
        let f = fireball();
        assert_eq!(f.max_energy_for(3), 9);
        assert_eq!(f.max_energy_for(0), 3, "at least 1 a second");
        assert_eq!(f.seconds(3, 1, 3), 1);
        assert_eq!(f.seconds(4, 1, 3), 2);
        assert_eq!(f.seconds(3, 1, 1), 3);
        let mass = Spell {
            time_per_energy: true,
            ..spell(SpellClass::Area, 3, Effect::Sleep)
        };
        assert_eq!(mass.seconds(3, 2, 3), 6);
    }
}
