//! Damage types, damage specs (`sw+1`, `2d-1`) and the ST damage table.

use fray_core::dice::RollKind;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Damage types (G-EXT-018) with their wounding multipliers (G-DMG-004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum DamageType {
    /// Crushing.
    #[serde(rename = "cr")]
    Crushing,
    /// Cutting.
    #[serde(rename = "cut")]
    Cutting,
    /// Impaling.
    #[serde(rename = "imp")]
    Impaling,
    /// Small piercing.
    #[serde(rename = "pi-")]
    SmallPiercing,
    /// Piercing.
    #[serde(rename = "pi")]
    Piercing,
    /// Large piercing.
    #[serde(rename = "pi+")]
    LargePiercing,
    /// Huge piercing.
    #[serde(rename = "pi++")]
    HugePiercing,
    /// Burning.
    #[serde(rename = "burn")]
    Burning,
    /// Tight-beam burning (matters for vitals, eyes and chinks).
    #[serde(rename = "burn-tb")]
    TightBurning,
    /// Corrosion.
    #[serde(rename = "cor")]
    Corrosion,
    /// Toxic.
    #[serde(rename = "tox")]
    Toxic,
    /// Fatigue: reduces FP, not HP (G-DMG-006 decision).
    #[serde(rename = "fat")]
    Fatigue,
}

impl DamageType {
    /// The torso wounding multiplier, in halves (G-DMG-004): pi- x0.5 = 1,
    /// cut x1.5 = 3, imp x2 = 4.
    pub fn torso_multiplier_halves(self) -> i32 {
        use DamageType::*;
        match self {
            SmallPiercing => 1,
            Burning | TightBurning | Corrosion | Crushing | Fatigue | Piercing | Toxic => 2,
            Cutting | LargePiercing => 3,
            Impaling | HugePiercing => 4,
        }
    }

    /// Any piercing type, or impaling (eyes, vitals, chinks).
    pub fn is_piercing_or_impaling(self) -> bool {
        use DamageType::*;
        matches!(
            self,
            Impaling | SmallPiercing | Piercing | LargePiercing | HugePiercing
        )
    }

    /// The short code (`cr`, `cut`...).
    pub fn code(self) -> &'static str {
        use DamageType::*;
        match self {
            Crushing => "cr",
            Cutting => "cut",
            Impaling => "imp",
            SmallPiercing => "pi-",
            Piercing => "pi",
            LargePiercing => "pi+",
            HugePiercing => "pi++",
            Burning => "burn",
            TightBurning => "burn-tb",
            Corrosion => "cor",
            Toxic => "tox",
            Fatigue => "fat",
        }
    }
}

impl fmt::Display for DamageType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Dice plus adds: `2d+1` is `Dice { dice: 2, adds: 1 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    /// Number of d6.
    pub dice: i32,
    /// Adds (may be negative).
    pub adds: i32,
}

impl Dice {
    /// The roll kind for these dice (at least one die is rolled).
    pub fn kind(self) -> RollKind {
        RollKind::Sum {
            dice: self.dice.clamp(1, 1000) as u16,
            sides: 6,
            modifier: self.adds,
        }
    }
    /// Mean of the dice plus adds.
    pub fn mean(self) -> f64 {
        f64::from(self.dice) * 3.5 + f64::from(self.adds)
    }
    /// The largest possible total.
    pub fn max(self) -> i32 {
        self.dice * 6 + self.adds
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.adds {
            0 => write!(f, "{}d", self.dice),
            a => write!(f, "{}d{:+}", self.dice, a),
        }
    }
}

/// Damage that does not come from ST: dice and adds (`2d`, `1d+1`,
/// `1d-3`) or a number of points (`2`), as a follow-up (a viper's poison)
/// writes it. Dice 1 to 100 with adds -100 to 100, or 1 to 100 points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, JsonSchema)]
#[schemars(with = "String")]
pub struct FixedDamage(pub Dice);

impl FixedDamage {
    /// Points, with no die to roll (`2`).
    pub fn is_points(self) -> bool {
        self.0.dice == 0
    }
}

impl FromStr for FixedDamage {
    type Err = DamageSpecError;
    fn from_str(s: &str) -> Result<Self, DamageSpecError> {
        let t = s.trim();
        if let Ok(points) = t.parse::<i32>() {
            if !(1..=100).contains(&points) || t.starts_with(['+', '-']) {
                return Err(DamageSpecError::Points(s.into()));
            }
            return Ok(FixedDamage(Dice {
                dice: 0,
                adds: points,
            }));
        }
        match t.parse::<DamageSpec>()? {
            DamageSpec {
                base: DamageBase::Fixed(n),
                adds,
            } => Ok(FixedDamage(Dice { dice: n, adds })),
            _ => Err(DamageSpecError::NotFixed(s.into())),
        }
    }
}

impl fmt::Display for FixedDamage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_points() {
            write!(f, "{}", self.0.adds)
        } else {
            self.0.fmt(f)
        }
    }
}

impl Serialize for FixedDamage {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FixedDamage {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Where a weapon's damage comes from: the user's thrust or swing, or fixed dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DamageBase {
    /// Thrust damage by ST (G-EXT-012).
    Thrust,
    /// Swing damage by ST (G-EXT-012).
    Swing,
    /// Fixed dice (a crossbow's or spell's damage).
    Fixed(i32),
}

/// A damage entry as weapons list it: `sw+1`, `thr-1`, `2d+2`, `1d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, JsonSchema)]
#[schemars(with = "String")]
pub struct DamageSpec {
    /// The base.
    pub base: DamageBase,
    /// Adds to the base.
    pub adds: i32,
}

impl DamageSpec {
    /// Whether the damage comes from the user's ST (G-AOA-002 decision).
    pub fn is_muscle_powered(self) -> bool {
        !matches!(self.base, DamageBase::Fixed(_))
    }
}

/// Why a damage notation (`"sw+1"`, `"2d-1"`) does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DamageSpecError {
    /// `Nd` without a number before the `d`.
    #[error("damage `{0}`: expected a number of dice before `d`")]
    DiceCount(String),
    /// More than 100 dice, or none.
    #[error("damage `{0}`: the number of dice must be 1 to 100")]
    DiceRange(String),
    /// No `thr`, `sw` or `Nd` base.
    #[error("damage `{0}`: expected `thr`, `sw` or `Nd`, e.g. \"sw+1\" or \"2d-1\"")]
    Base(String),
    /// Points that are not 1 to 100.
    #[error("damage `{0}`: points must be 1 to 100")]
    Points(String),
    /// `thr` or `sw` where only dice or points may stand.
    #[error("damage `{0}`: expected dice or points (`2d`, `1d+1`, `2`), not damage by ST")]
    NotFixed(String),
    /// Adds that are not a signed number up to 100.
    #[error("damage `{spec}`: expected adds like `+2` or `-1` after the base, found `{rest}`")]
    Adds {
        /// The whole notation.
        spec: String,
        /// What follows the base.
        rest: String,
    },
}

impl FromStr for DamageSpec {
    type Err = DamageSpecError;
    fn from_str(s: &str) -> Result<Self, DamageSpecError> {
        let t = s.trim();
        let (base, rest) = if let Some(r) = t.strip_prefix("thr") {
            (DamageBase::Thrust, r)
        } else if let Some(r) = t.strip_prefix("sw") {
            (DamageBase::Swing, r)
        } else if let Some(i) = t.find('d') {
            let n: i32 = t[..i]
                .parse()
                .map_err(|_| DamageSpecError::DiceCount(s.into()))?;
            if !(1..=100).contains(&n) {
                return Err(DamageSpecError::DiceRange(s.into()));
            }
            (DamageBase::Fixed(n), &t[i + 1..])
        } else {
            return Err(DamageSpecError::Base(s.into()));
        };
        let adds = if rest.is_empty() {
            0
        } else {
            rest.parse::<i32>()
                .ok()
                .filter(|_| rest.starts_with('+') || rest.starts_with('-'))
                .filter(|a| a.abs() <= 100)
                .ok_or_else(|| DamageSpecError::Adds {
                    spec: s.into(),
                    rest: rest.into(),
                })?
        };
        Ok(DamageSpec { base, adds })
    }
}

impl fmt::Display for DamageSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.base {
            DamageBase::Thrust => f.write_str("thr")?,
            DamageBase::Swing => f.write_str("sw")?,
            DamageBase::Fixed(n) => write!(f, "{n}d")?,
        }
        if self.adds != 0 {
            write!(f, "{:+}", self.adds)?;
        }
        Ok(())
    }
}

impl Serialize for DamageSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DamageSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wounding_multipliers_by_type() {
        // rule: G-DMG-004
        use DamageType::*;
        let m = |t: DamageType| t.torso_multiplier_halves();
        assert_eq!(
            (
                m(SmallPiercing),
                m(Crushing),
                m(Piercing),
                m(Cutting),
                m(LargePiercing)
            ),
            (1, 2, 2, 3, 3)
        );
        assert_eq!(
            (
                m(Impaling),
                m(HugePiercing),
                m(Burning),
                m(Toxic),
                m(Corrosion)
            ),
            (4, 4, 2, 2, 2)
        );
    }

    #[test]
    fn damage_specs_parse_and_print() {
        // rule: G-DMG-001
        for text in ["sw+1", "thr-1", "2d+1", "sw"] {
            let spec: DamageSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        for bad in ["", "sw+", "xd", "swing", "0d", "2d+x", "thr 2"] {
            assert!(bad.parse::<DamageSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn fixed_damage_is_dice_or_points() {
        // rule: G-DMG-001 (a follow-up's damage, decision)
        for text in ["2d", "1d+1", "1d-3", "2"] {
            let d: FixedDamage = text.parse().unwrap();
            assert_eq!(d.to_string(), text);
        }
        assert!("2".parse::<FixedDamage>().unwrap().is_points());
        for bad in ["sw", "thr+1", "0", "101", "-2", "+2", "2 tox", ""] {
            assert!(bad.parse::<FixedDamage>().is_err(), "{bad}");
        }
    }
}
