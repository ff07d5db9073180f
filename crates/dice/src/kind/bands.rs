//! One die read in bands ([`RollKind::Banded`](crate::RollKind::Banded)).
//!
//! Many percentile rules only tell a few bands of the roll apart: a
//! DragonQuest strike with chance C is a grievous injury at <= 5% of C, goes
//! to Endurance at <= 15% of C, hits at <= C, misses above, may be parried
//! more than 30 above C, and mishaps on 99 and 100 (DQ-17-003, DQ-17-004,
//! DQ-17-007, DQ-18-003, DQ-18-004). Enumerating 100 outcomes for such a
//! roll multiplies the odds tree by 100 where 7 branches say the same.
//! [`Bands`] keeps the real die for sampling, play and narration, and lets
//! the exact enumeration branch once per band.

use crate::kind::Prob;
use num_bigint::BigInt;

/// Most cut points one [`Bands`] holds (so at most `MAX_BAND_CUTS + 1` bands).
pub const MAX_BAND_CUTS: usize = 7;

/// A die with `sides` faces (1..=sides) read in bands.
///
/// A *cut* at `c` means "a band ends at `c`": the bands are `1..=c1`,
/// `c1+1..=c2`, ..., `ck+1..=sides` for the distinct cuts `c1 < ... < ck`.
/// Cuts are given as any integers: a cut below 1 or at or above `sides`
/// separates nothing and is dropped, and repeated cuts count once, so a rule
/// may pass "5% of C" without checking whether it is 0 (an empty band).
///
/// # Contract
///
/// [`RollKind::outcomes`](crate::RollKind::outcomes) returns **one
/// representative roll per band, the lowest roll of the band**, with the
/// band's exact probability (its width over `sides`). Sampling, by-hand
/// entry and narration see the real roll. So a ruleset that rolls a banded
/// kind must make **the same decisions for every roll of a band**: it may
/// compare the roll only with the cut points it passed (or thresholds that
/// coincide with them). Anything finer (a margin, "roll ends in 0") needs
/// those thresholds as cuts too, or a plain [`RollKind::Sum`](crate::RollKind::Sum).
/// Banded rolls carry no natural flags ([`Natural::Mixed`](crate::Natural::Mixed)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "BandsSpec", into = "BandsSpec")]
pub struct Bands {
    sides: u16,
    /// The distinct effective cuts ascending, then zeros.
    cuts: [u16; MAX_BAND_CUTS],
}

/// Why a [`Bands`] cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BandsError {
    /// A die needs at least one face.
    #[error("a banded die needs at least one side")]
    NoSides,
    /// More distinct cut points inside `1..sides` than [`MAX_BAND_CUTS`].
    #[error("more than {max} distinct cut points")]
    TooManyCuts {
        /// [`MAX_BAND_CUTS`].
        max: usize,
    },
}

impl Bands {
    /// A die with `sides` faces read in the bands that `cuts` separate (see
    /// the type's documentation for what a cut means).
    pub fn new(sides: u16, cuts: &[i32]) -> Result<Bands, BandsError> {
        if sides == 0 {
            return Err(BandsError::NoSides);
        }
        let mut out = [0u16; MAX_BAND_CUTS];
        let mut n = 0;
        for &c in cuts {
            if c < 1 || c >= sides as i32 {
                continue;
            }
            let c = c as u16;
            let pos = out[..n].partition_point(|&x| x < c);
            if out[..n].get(pos) == Some(&c) {
                continue;
            }
            if n == MAX_BAND_CUTS {
                return Err(BandsError::TooManyCuts { max: MAX_BAND_CUTS });
            }
            out.copy_within(pos..n, pos + 1);
            out[pos] = c;
            n += 1;
        }
        Ok(Bands { sides, cuts: out })
    }

    /// A die of `sides` faces in one band (`sides` is raised to 1).
    pub const fn whole(sides: u16) -> Bands {
        Bands {
            sides: if sides == 0 { 1 } else { sides },
            cuts: [0; MAX_BAND_CUTS],
        }
    }

    /// Faces of the die.
    pub fn sides(&self) -> u16 {
        self.sides
    }

    /// The effective cut points, ascending.
    pub fn cuts(&self) -> &[u16] {
        let n = self.cuts.iter().take_while(|&&c| c != 0).count();
        &self.cuts[..n]
    }

    /// Number of bands (cuts + 1).
    pub fn len(&self) -> usize {
        self.cuts().len() + 1
    }

    /// Always false: a die has at least one band.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The band (0-based, lowest first) that `roll` falls in. Rolls outside
    /// `1..=sides` fall in the first or last band.
    pub fn band_of(&self, roll: i32) -> usize {
        self.cuts().partition_point(|&c| (c as i32) < roll)
    }

    /// The bands as inclusive `(lowest, highest)` rolls, lowest band first.
    pub fn bands(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        let cuts = self.cuts();
        (0..=cuts.len()).map(move |i| {
            let lo = if i == 0 { 1 } else { cuts[i - 1] as i32 + 1 };
            let hi = cuts.get(i).map_or(self.sides as i32, |&c| c as i32);
            (lo, hi)
        })
    }

    /// Each band's representative (its lowest roll) with the band's exact
    /// probability, lowest band first.
    pub(crate) fn outcomes(&self) -> impl Iterator<Item = (i32, Prob)> + '_ {
        let sides = BigInt::from(self.sides);
        self.bands()
            .map(move |(lo, hi)| (lo, Prob::new(BigInt::from(hi - lo + 1), sides.clone())))
    }
}

impl std::fmt::Display for Bands {
    /// `1d100`, or with `{:#}` the bands too: `1d100 in bands 1-5|6-15|16-100`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "1d{}", self.sides)?;
        if f.alternate() {
            f.write_str(" in bands ")?;
            for (i, (lo, hi)) in self.bands().enumerate() {
                if i > 0 {
                    f.write_str("|")?;
                }
                if lo == hi {
                    write!(f, "{lo}")?;
                } else {
                    write!(f, "{lo}-{hi}")?;
                }
            }
        }
        Ok(())
    }
}

/// The serialized form of [`Bands`]: checked on the way in.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct BandsSpec {
    sides: u16,
    cuts: Vec<i32>,
}

impl From<Bands> for BandsSpec {
    fn from(b: Bands) -> Self {
        BandsSpec {
            sides: b.sides,
            cuts: b.cuts().iter().map(|&c| c as i32).collect(),
        }
    }
}

impl TryFrom<BandsSpec> for Bands {
    type Error = BandsError;
    fn try_from(s: BandsSpec) -> Result<Self, Self::Error> {
        Bands::new(s.sides, &s.cuts)
    }
}
