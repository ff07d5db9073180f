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

use crate::prob::Prob;
use num_bigint::BigInt;

/// Most cut points one [`Bands`] holds (so at most `MAX_BAND_CUTS + 1` bands).
pub const MAX_BAND_CUTS: usize = 7;

/// Most dice one [`Bands`] sums ([`Bands::sum`]); enough for any success
/// roll, and small enough that the bands' exact weights are cheap.
pub const MAX_BANDED_DICE: u8 = 10;

/// A die with `sides` faces (1..=sides), or the sum of a few such dice
/// ([`Bands::sum`]: a GURPS 3d6 success roll, G-EXT-001), read in bands.
///
/// A *cut* at `c` means "a band ends at `c`": the bands are `lo..=c1`,
/// `c1+1..=c2`, ..., `ck+1..=hi` for the distinct cuts `c1 < ... < ck`, where
/// `lo..=hi` is the range of the roll (`1..=sides` for one die).
/// Cuts are given as any integers: a cut below `lo` or at or above `hi`
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
    /// Dice summed (1 for a plain die).
    dice: u8,
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
    /// More distinct cut points inside the roll's range than [`MAX_BAND_CUTS`].
    #[error("more than {max} distinct cut points")]
    TooManyCuts {
        /// [`MAX_BAND_CUTS`].
        max: usize,
    },
    /// No dice, or more than [`MAX_BANDED_DICE`], or a highest total above
    /// 65535.
    #[error(
        "a banded roll sums 1 to {max} dice with a highest total of at most 65535, not {dice}d{sides}"
    )]
    BadDice {
        /// Dice asked for.
        dice: u8,
        /// Their faces.
        sides: u16,
        /// [`MAX_BANDED_DICE`].
        max: u8,
    },
}

impl Bands {
    /// A die with `sides` faces read in the bands that `cuts` separate (see
    /// the type's documentation for what a cut means).
    pub fn new(sides: u16, cuts: &[i32]) -> Result<Bands, BandsError> {
        Bands::sum(1, sides, cuts)
    }

    /// `dice` dice of `sides` faces, summed, read in the bands that `cuts`
    /// separate: a GURPS success roll only tells critical success, success,
    /// failure and critical failure apart (G-EXT-001..003), four branches
    /// of exact odds where the plain 3d6 has sixteen.
    pub fn sum(dice: u8, sides: u16, cuts: &[i32]) -> Result<Bands, BandsError> {
        if sides == 0 {
            return Err(BandsError::NoSides);
        }
        if dice == 0 || dice > MAX_BANDED_DICE || dice as u32 * sides as u32 > u16::MAX as u32 {
            return Err(BandsError::BadDice {
                dice,
                sides,
                max: MAX_BANDED_DICE,
            });
        }
        let (lo, hi) = (dice as i32, dice as i32 * sides as i32);
        let mut out = [0u16; MAX_BAND_CUTS];
        let mut n = 0;
        for &c in cuts {
            if c < lo || c >= hi {
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
        Ok(Bands {
            dice,
            sides,
            cuts: out,
        })
    }

    /// A die of `sides` faces in one band (`sides` is raised to 1).
    pub const fn whole(sides: u16) -> Bands {
        Bands {
            dice: 1,
            sides: if sides == 0 { 1 } else { sides },
            cuts: [0; MAX_BAND_CUTS],
        }
    }

    /// Faces of each die.
    #[inline]
    pub fn sides(&self) -> u16 {
        self.sides
    }

    /// Dice summed (1 for a plain die).
    #[inline]
    pub fn dice(&self) -> u8 {
        self.dice
    }

    /// Lowest possible roll (the number of dice).
    pub fn lowest(&self) -> i32 {
        self.dice as i32
    }

    /// Highest possible roll (dice times sides).
    pub fn highest(&self) -> i32 {
        self.dice as i32 * self.sides as i32
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
    /// the roll's range fall in the first or last band.
    pub fn band_of(&self, roll: i32) -> usize {
        self.cuts().partition_point(|&c| (c as i32) < roll)
    }

    /// The bands as inclusive `(lowest, highest)` rolls, lowest band first.
    pub fn bands(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        let cuts = self.cuts();
        (0..=cuts.len()).map(move |i| {
            let lo = if i == 0 {
                self.lowest()
            } else {
                cuts[i - 1] as i32 + 1
            };
            let hi = cuts.get(i).map_or(self.highest(), |&c| c as i32);
            (lo, hi)
        })
    }

    /// Each band's representative (its lowest roll) with the band's exact
    /// probability, lowest band first.
    pub(crate) fn outcomes(&self) -> impl Iterator<Item = (i32, Prob)> + '_ {
        let ways = self.ways();
        let all = BigInt::from(self.sides).pow(self.dice as u32);
        self.bands().map(move |(lo, hi)| {
            let lo_at = (lo - self.lowest()) as usize;
            let hi_at = (hi - self.lowest()) as usize;
            let n: u128 = ways[lo_at..=hi_at].iter().sum();
            (lo, Prob::new(BigInt::from(n), all.clone()))
        })
    }

    /// How many ways each total from [`Bands::lowest`] to
    /// [`Bands::highest`] comes up (at most 10 dice of 6553 faces, so the
    /// counts fit a `u128`). Each die is a sliding window sum, so the cost
    /// is the number of totals times the dice, whatever the faces.
    fn ways(&self) -> Vec<u128> {
        let sides = self.sides as usize;
        let mut ways = vec![1u128];
        for _ in 0..self.dice {
            let len = ways.len() + sides - 1;
            let mut next = Vec::with_capacity(len);
            let mut window = 0u128;
            for j in 0..len {
                window += ways.get(j).copied().unwrap_or(0);
                if j >= sides {
                    window -= ways[j - sides];
                }
                next.push(window);
            }
            ways = next;
        }
        ways
    }
}

impl std::fmt::Display for Bands {
    /// `1d100`, or with `{:#}` the bands too: `1d100 in bands 1-5|6-15|16-100`
    /// (`3d6 in bands 3-4|5-12|13-16|17-18`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}d{}", self.dice, self.sides)?;
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
    /// Omitted for one die, so saved D100 bands read as before.
    #[serde(default = "one_die", skip_serializing_if = "is_one_die")]
    dice: u8,
    sides: u16,
    cuts: Vec<i32>,
}

impl From<Bands> for BandsSpec {
    fn from(b: Bands) -> Self {
        BandsSpec {
            dice: b.dice,
            sides: b.sides,
            cuts: b.cuts().iter().map(|&c| c as i32).collect(),
        }
    }
}

impl TryFrom<BandsSpec> for Bands {
    type Error = BandsError;
    fn try_from(s: BandsSpec) -> Result<Self, Self::Error> {
        Bands::sum(s.dice, s.sides, &s.cuts)
    }
}

fn one_die() -> u8 {
    1
}

fn is_one_die(dice: &u8) -> bool {
    *dice == 1
}
