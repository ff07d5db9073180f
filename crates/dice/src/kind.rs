//! Typed roll kinds: the small, allocation-free contract the engine core and
//! the rulesets compile against. A [`RollKind`] says *what dice* a rule rolls;
//! it can be sampled from a seeded RNG (simulator hot loop), enumerated
//! exactly (odds mode), or filled in from what a person typed at the table.
//!
//! # Sampling algorithm (part of the reproducibility contract)
//!
//! A die with `s` sides draws one `u64` from the RNG and maps it to
//! `0..s` with Lemire's multiply-shift method (rejecting the rare biased
//! draws), then adds 1. The special case `3d6` (any modifier) draws a single
//! value in `0..216` the same way and decodes the three dice from a table,
//! first die most significant. The golden d6 rolls its three base dice with
//! that same single draw when `base == 3`, otherwise one draw per die, then
//! the extra dice (added or subtracted) one draw each, each die's explosion
//! rolls right after it. A banded die draws like the plain die it reads. A
//! roll-off draws each party's dice like [`RollKind::d`], first round in party
//! order, then the rerolls (see [`RollOff`]). These rules are pinned by golden
//! tests so that a dependency upgrade cannot silently change recorded fights.

mod bands;
mod roll_off;

pub use bands::{Bands, BandsError, MAX_BAND_CUTS};
pub use roll_off::{
    First, MAX_ROLL_OFF_PARTIES, Reads, RecordProblem, RollOff, RollOffEntryError, RollOffError,
    Standings, StandingsError,
};

use crate::error::DiceError;
use crate::limits::MAX_EXPLOSION_DEPTH;
use crate::pmf::Pmf;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};
use rand::SeedableRng;

/// The RNG every Fray simulation uses.
pub type FrayRng = rand_xoshiro::Xoshiro256PlusPlus;

/// Exact probabilities everywhere in the public API.
pub use crate::prob::Prob;

/// A seeded RNG: `Xoshiro256PlusPlus::seed_from_u64(seed)` (which expands
/// the seed with SplitMix64).
pub fn seeded_rng(seed: u64) -> FrayRng {
    FrayRng::seed_from_u64(seed)
}

/// SplitMix64 finaliser (Steele, Lea & Flood), a strong 64-bit mixer.
#[inline]
pub const fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// An independent stream for trial number `trial` of a run seeded `seed`.
///
/// The stream is `seeded_rng(splitmix64(splitmix64(seed) ^ trial))`: the seed
/// is mixed first so that `(seed, trial)` and `(trial, seed)` differ, then
/// the trial index is folded in and mixed again; `seed_from_u64` expands the
/// result into the 256-bit state with SplitMix64. Streams depend only on
/// `(seed, trial)`, never on thread count or scheduling (DESIGN invariant 1).
pub fn trial_rng(seed: u64, trial: u64) -> FrayRng {
    seeded_rng(splitmix64(splitmix64(seed) ^ trial))
}

/// Uniform integer in `0..n` (`n >= 1`) by Lemire's nearly-divisionless method.
#[inline(always)]
pub(crate) fn below<R: rand::Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    loop {
        let m = (rng.next_u64() as u128) * (n as u128);
        let lo = m as u64;
        if lo < n {
            let threshold = n.wrapping_neg() % n;
            if lo < threshold {
                continue;
            }
        }
        return (m >> 64) as u64;
    }
}

/// What the base dice showed before any explosion.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Natural {
    /// Anything else.
    Mixed,
    /// Every base die showed its lowest face (3d6: three 1s).
    AllLowest,
    /// Every base die showed its highest face (3d6: three 6s).
    AllHighest,
}

/// One rolled result of a [`RollKind`]. `Copy` and 24 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rolled {
    /// The total, modifier included (a roll-off: the winner's total).
    pub total: i32,
    /// What the base dice showed.
    pub natural: Natural,
    /// Who placed where, for a [`RollKind::RollOff`]; empty otherwise (and
    /// then left out of saved logs, which keep their old form).
    #[serde(default, skip_serializing_if = "Standings::is_empty")]
    pub standings: Standings,
}

const _: () = assert!(std::mem::size_of::<Rolled>() <= 24);

impl Rolled {
    /// A roll that is not a roll-off.
    #[inline]
    pub const fn new(total: i32, natural: Natural) -> Rolled {
        Rolled {
            total,
            natural,
            standings: Standings::EMPTY,
        }
    }
}

/// The dice a rule rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RollKind {
    /// `dice` plain dice with `sides` faces, plus `modifier`: 3d6, GURPS 2d+1
    /// (G-EXT-034), DragonQuest D10 (1d10) and D100 (1d100).
    Sum {
        /// Number of dice.
        dice: u16,
        /// Faces per die (1..=sides).
        sides: u16,
        /// Added to the total.
        modifier: i32,
    },
    /// d20-3d6 "golden" d6 (X-ATK-005/006): each die reads 1 as 0, a 6 is kept
    /// and the die is rolled again and added, open-ended.
    /// `base` dice count toward the natural flags (three 1s / three 6s);
    /// `extra` further golden dice (bonus dice, trust to luck) never do;
    /// `modifier` is added.
    Golden {
        /// Dice that count for the natural flags (X-ATK-008/009).
        base: u8,
        /// Bonus dice (X-ATK-007, X-ATK-010) when positive; when negative,
        /// penalty dice (running X-MOV-005, threat X-RNG-004, frightened
        /// X-CON-004, size X-SPM-007...) that are *subtracted*. Either way
        /// they are golden (1 reads 0, a 6 explodes) and never count for the
        /// natural flags. Bonus and penalty dice are netted before rolling
        /// (X-ATK-010, `dice_modifier_netting = net`), so one signed count.
        extra: i8,
        /// Added to the total.
        modifier: i32,
    },
    /// One die with `sides` faces read in bands (DragonQuest strikes:
    /// DQ-17-003, DQ-17-004, DQ-17-007, DQ-18-003, DQ-18-004). Samples the
    /// real roll; [`RollKind::outcomes`] gives one representative per band,
    /// so rules must decide the same for every roll of a band (see [`Bands`]).
    Banded(Bands),
    /// A roll-off repeated until the tie breaks (DQ-12-003, DQ-12-006,
    /// X-SEQ-001, M-FLO-002); its exact distribution is the one given that
    /// the tie broke. The result is in [`Rolled::standings`] (see [`RollOff`]).
    RollOff(RollOff),
}

/// Every outcome of a [`RollKind`] with its exact probability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcomes {
    /// Sorted by total, then natural, then standings; probabilities sum to
    /// `1 - leftover`. Banded dice and roll-offs list one representative per
    /// result the rules may read (see [`Bands`], [`RollOff`]).
    pub outcomes: Vec<(Rolled, Prob)>,
    /// Mass cut off by truncating explosions (0 for every kind but golden dice).
    pub leftover: Prob,
}

impl Outcomes {
    /// Drops the least likely outcomes while the leftover, their mass
    /// included, stays below `tolerance`; the rest keep their order and
    /// their exact probabilities, and the leftover stays `1 - sum`.
    ///
    /// [`RollKind::outcomes`] cuts golden dice per die (each die's chain of
    /// explosions at one depth), which keeps totals far out that the other
    /// dice make unlikely: three golden dice at 1e-12 list totals up to about
    /// 300, and everything above about 130 holds less than 1e-12 together.
    /// Trimming by mass keeps the enumeration (and the denominators of what
    /// is kept) small. At least one outcome is always kept.
    pub fn trim(&mut self, tolerance: &Prob) {
        let n = self.outcomes.len();
        let mut by_mass: Vec<usize> = (0..n).collect();
        by_mass.sort_by(|&a, &b| self.outcomes[a].1.cmp(&self.outcomes[b].1));
        let mut cut = self.leftover.clone();
        let mut drop = vec![false; n];
        for &i in by_mass.iter().take(n.saturating_sub(1)) {
            let more = &cut + &self.outcomes[i].1;
            if more >= *tolerance {
                break;
            }
            cut = more;
            drop[i] = true;
        }
        let mut i = 0;
        self.outcomes.retain(|_| {
            i += 1;
            !drop[i - 1]
        });
        self.leftover = cut;
    }
}

/// 3d6 decoded from one draw in `0..216`: (sum of the three dice).
const SUM3D6: [u8; 216] = {
    let mut t = [0u8; 216];
    let mut i = 0;
    while i < 216 {
        t[i] = (i / 36 + (i / 6) % 6 + i % 6 + 3) as u8;
        i += 1;
    }
    t
};

/// The three faces (`0..6`, face - 1) of one draw below 216, first die
/// most significant: [`SUM3D6`]'s dice one by one.
const FACES3: [[u8; 3]; 216] = {
    let mut t = [[0u8; 3]; 216];
    let mut i = 0;
    while i < 216 {
        t[i] = [(i / 36) as u8, ((i / 6) % 6) as u8, (i % 6) as u8];
        i += 1;
    }
    t
};

/// Golden reading of a d6 face in `0..6` (face - 1): 1 reads as 0 (X-ATK-006).
const GOLDEN_FACE: [i32; 6] = [0, 2, 3, 4, 5, 6];

impl RollKind {
    /// `dice` plain dice with `sides` faces, no modifier.
    #[inline]
    pub const fn d(dice: u16, sides: u16) -> RollKind {
        RollKind::Sum {
            dice,
            sides,
            modifier: 0,
        }
    }

    /// Plain 3d6.
    #[inline]
    pub const fn three_d6() -> RollKind {
        RollKind::d(3, 6)
    }

    /// The d20-3d6 attack/check roll: 3 golden d6 + `extra` bonus dice (or
    /// minus `-extra` penalty dice) + modifier.
    pub const fn golden(extra: i8, modifier: i32) -> RollKind {
        RollKind::Golden {
            base: 3,
            extra,
            modifier,
        }
    }

    /// Smallest possible total; `None` when open-ended (golden penalty dice).
    /// A roll-off's total is the winner's: the smallest any party can total.
    pub fn min_total(&self) -> Option<i32> {
        match *self {
            RollKind::Sum {
                dice,
                sides,
                modifier,
            } => Some(if sides == 0 {
                modifier
            } else {
                modifier.saturating_add(dice as i32)
            }),
            RollKind::Golden {
                extra, modifier, ..
            } => (extra >= 0).then_some(modifier),
            RollKind::Banded(b) => Some(b.lowest()),
            RollKind::RollOff(r) => {
                let lo = r.roll_range().0;
                let t = (0..r.parties()).map(|p| r.total(p, lo)).min().unwrap_or(0);
                Some(clamp_i32(t))
            }
        }
    }

    /// Largest possible total; `None` when open-ended (golden dice).
    pub fn max_total(&self) -> Option<i32> {
        match *self {
            RollKind::Sum {
                dice,
                sides,
                modifier,
            } => Some(modifier.saturating_add(dice as i32 * sides as i32)),
            RollKind::Golden {
                base,
                extra,
                modifier,
            } => (base == 0 && extra <= 0).then_some(modifier),
            RollKind::Banded(b) => Some(b.highest()),
            RollKind::RollOff(r) => {
                let hi = r.roll_range().1;
                let t = (0..r.parties()).map(|p| r.total(p, hi)).max().unwrap_or(0);
                Some(clamp_i32(t))
            }
        }
    }

    /// Roll once. No heap allocation; one `u64` draw per die (one for 3d6).
    ///
    /// A `Sum` with `sides == 0` rolls nothing and returns the modifier.
    /// Golden dice stop exploding after [`MAX_EXPLOSION_DEPTH`] re-rolls
    /// (the stated cap; probability 6^-100, i.e. never in practice).
    ///
    /// 3d6, the commonest kind, is drawn here, small enough to be inlined
    /// where the kind is known (a rule's `three_d6()`); every other kind is
    /// drawn out of line ([`RollKind::sample_other`]), with the same draws.
    #[inline(always)]
    pub fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Rolled {
        if let RollKind::Sum {
            dice: 3,
            sides: 6,
            modifier,
        } = *self
        {
            let i = below(rng, 216) as usize;
            let natural = match i {
                0 => Natural::AllLowest,
                215 => Natural::AllHighest,
                _ => Natural::Mixed,
            };
            return Rolled::new(modifier.wrapping_add(SUM3D6[i] as i32), natural);
        }
        // One die (DragonQuest's D10 and D100), the same draw and reading
        // as the general sum in `sample_other`.
        if let RollKind::Sum {
            dice: 1,
            sides,
            modifier,
        } = *self
            && sides >= 2
        {
            let r = below(rng, sides as u64) as i32;
            let natural = if r == 0 {
                Natural::AllLowest
            } else if r == sides as i32 - 1 {
                Natural::AllHighest
            } else {
                Natural::Mixed
            };
            return Rolled::new(modifier.wrapping_add(r + 1), natural);
        }
        self.sample_other(rng)
    }

    /// [`RollKind::sample`], also writing the physical faces into `faces`
    /// (cleared first): the same draws from `rng` and the same result, for
    /// narration that shows each die. For `Sum`, one face per die in
    /// order; for `Golden`, the faces in the order [`RollKind::from_faces`]
    /// reads them (the base dice, the explosion rolls of their 6s in turn,
    /// then each extra die followed by its own). Banded dice and roll-offs
    /// leave `faces` empty. Not for the simulator's hot loop: it may
    /// allocate.
    pub fn sample_faces<R: rand::Rng + ?Sized>(&self, rng: &mut R, faces: &mut Vec<i32>) -> Rolled {
        faces.clear();
        match *self {
            RollKind::Sum {
                dice,
                sides,
                modifier,
            } => {
                if sides == 0 || dice == 0 {
                    return Rolled::new(modifier, Natural::Mixed);
                }
                if dice == 3 && sides == 6 {
                    // One draw for the three dice, first die most significant.
                    let i = below(rng, 216) as i32;
                    faces.extend(FACES3[i as usize].map(|f| i32::from(f) + 1));
                    let natural = match i {
                        0 => Natural::AllLowest,
                        215 => Natural::AllHighest,
                        _ => Natural::Mixed,
                    };
                    return Rolled::new(modifier.wrapping_add(SUM3D6[i as usize] as i32), natural);
                }
                let mut total = modifier;
                for _ in 0..dice {
                    let r = below(rng, sides as u64) as i32 + 1;
                    faces.push(r);
                    total = total.wrapping_add(r);
                }
                let natural = if sides < 2 {
                    Natural::Mixed
                } else if faces.iter().all(|&f| f == 1) {
                    Natural::AllLowest
                } else if faces.iter().all(|&f| f == sides as i32) {
                    Natural::AllHighest
                } else {
                    Natural::Mixed
                };
                Rolled::new(total, natural)
            }
            RollKind::Golden {
                base,
                extra,
                modifier,
            } => {
                let mut total = modifier;
                let (mut all_low, mut all_high) = (base > 0, base > 0);
                let mut first = [0u8; 3];
                let mut pre = 0;
                if base == 3 {
                    first = FACES3[below(rng, 216) as usize];
                    pre = 3;
                }
                // The base dice's own faces, their explosion rolls, and
                // the extra dice with theirs, joined in `from_faces` order.
                let mut chains: Vec<i32> = Vec::new();
                let mut extras: Vec<i32> = Vec::new();
                for k in 0..(base as u32 + extra.unsigned_abs() as u32) {
                    let mut f = if (k as usize) < pre {
                        first[k as usize]
                    } else {
                        below(rng, 6) as u8
                    };
                    let is_base = k < base as u32;
                    if is_base {
                        all_low &= f == 0;
                        all_high &= f == 5;
                        faces.push(i32::from(f) + 1);
                    } else {
                        extras.push(i32::from(f) + 1);
                    }
                    let mut die = GOLDEN_FACE[f as usize];
                    let mut depth = 0;
                    while f == 5 && depth < MAX_EXPLOSION_DEPTH {
                        f = below(rng, 6) as u8;
                        die += GOLDEN_FACE[f as usize];
                        depth += 1;
                        if is_base {
                            chains.push(i32::from(f) + 1);
                        } else {
                            extras.push(i32::from(f) + 1);
                        }
                    }
                    total = if !is_base && extra < 0 {
                        total.wrapping_sub(die)
                    } else {
                        total.wrapping_add(die)
                    };
                }
                faces.extend(chains);
                faces.extend(extras);
                let natural = if all_low {
                    Natural::AllLowest
                } else if all_high {
                    Natural::AllHighest
                } else {
                    Natural::Mixed
                };
                Rolled::new(total, natural)
            }
            _ => self.sample(rng),
        }
    }

    /// [`RollKind::sample`] for every kind but 3d6.
    #[inline(never)]
    fn sample_other<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Rolled {
        match *self {
            RollKind::Sum {
                dice,
                sides,
                modifier,
            } => {
                if sides == 0 || dice == 0 {
                    return Rolled::new(modifier, Natural::Mixed);
                }
                let mut total = modifier;
                let (mut all_low, mut all_high) = (true, true);
                for _ in 0..dice {
                    let r = below(rng, sides as u64) as i32;
                    all_low &= r == 0;
                    all_high &= r == sides as i32 - 1;
                    total = total.wrapping_add(r + 1);
                }
                let natural = if sides < 2 {
                    Natural::Mixed
                } else if all_low {
                    Natural::AllLowest
                } else if all_high {
                    Natural::AllHighest
                } else {
                    Natural::Mixed
                };
                Rolled::new(total, natural)
            }
            RollKind::Golden {
                base: 3,
                extra,
                modifier,
            } => golden_3d6(rng, extra, modifier),
            RollKind::Golden {
                base,
                extra,
                modifier,
            } => {
                let mut total = modifier;
                let (mut all_low, mut all_high) = (base > 0, base > 0);
                for k in 0..(base as u32 + extra.unsigned_abs() as u32) {
                    let f = below(rng, 6) as u8;
                    if k < base as u32 {
                        all_low &= f == 0;
                        all_high &= f == 5;
                    }
                    let die = golden_chain(rng, f);
                    total = if k >= base as u32 && extra < 0 {
                        total.wrapping_sub(die)
                    } else {
                        total.wrapping_add(die)
                    };
                }
                let natural = if all_low {
                    Natural::AllLowest
                } else if all_high {
                    Natural::AllHighest
                } else {
                    Natural::Mixed
                };
                Rolled::new(total, natural)
            }
            // The same draws as the plain kind (`3d6`, `1dN`), so banding a
            // roll changes no sampled fight. One die (DragonQuest's strike
            // and D100 checks) is one draw.
            RollKind::Banded(b) => {
                let total = if b.dice() == 1 {
                    below(rng, u64::from(b.sides())) as i32 + 1
                } else if b.dice() == 3 && b.sides() == 6 {
                    SUM3D6[below(rng, 216) as usize] as i32
                } else {
                    (0..b.dice())
                        .map(|_| below(rng, b.sides() as u64) as i32 + 1)
                        .sum()
                };
                Rolled::new(total, Natural::Mixed)
            }
            // Read in place (`ref`): a copy of the roll-off read its 16
            // bytes at once right after the caller wrote them field by
            // field, a load the core cannot forward (issue 38).
            RollKind::RollOff(ref r) => {
                let standings = r.sample(rng);
                Rolled {
                    total: clamp_i32(r.winner_total(&standings)),
                    natural: Natural::Mixed,
                    standings,
                }
            }
        }
    }

    /// Exact outcomes. Plain dice are exact (`leftover == 0`). Golden dice
    /// explode without end, so each die's explosion chain is cut after the
    /// smallest depth that makes the total cut-off mass smaller than
    /// `tolerance` (at most [`MAX_EXPLOSION_DEPTH`], where the sampler's cap
    /// applies and the result is exact); the cut-off mass is `leftover`.
    pub fn outcomes(&self, tolerance: &Prob) -> Result<Outcomes, DiceError> {
        if tolerance.is_negative() {
            return Err(DiceError::BadOption(
                "tolerance must not be negative".into(),
            ));
        }
        match *self {
            RollKind::Sum {
                dice,
                sides,
                modifier,
            } => self.sum_outcomes(dice, sides, modifier),
            RollKind::Golden {
                base,
                extra,
                modifier,
            } => golden_outcomes(base, extra, modifier, tolerance),
            RollKind::Banded(b) => Ok(Outcomes {
                outcomes: b
                    .outcomes()
                    .map(|(roll, p)| (Rolled::new(roll, Natural::Mixed), p))
                    .collect(),
                leftover: Prob::zero(),
            }),
            RollKind::RollOff(r) => roll_off_outcomes(&r),
        }
    }

    /// [`RollKind::outcomes`] of plain dice: exact, each total's natural
    /// flag from whether it is the lowest or highest possible.
    fn sum_outcomes(&self, dice: u16, sides: u16, modifier: i32) -> Result<Outcomes, DiceError> {
        let mut outcomes = Vec::new();
        let pmf = if sides == 0 || dice == 0 {
            Pmf::point(modifier as i64)
        } else {
            Pmf::range(1, sides as i64)?
                .power(dice as u64)?
                .shift(modifier as i64)?
        };
        let lo = self.min_total().unwrap_or(i32::MIN);
        let hi = self.max_total().unwrap_or(i32::MAX);
        for (v, p) in pmf.iter() {
            let total = v as i32;
            let natural = if sides < 2 || dice == 0 {
                Natural::Mixed
            } else if total == lo {
                Natural::AllLowest
            } else if total == hi {
                Natural::AllHighest
            } else {
                Natural::Mixed
            };
            outcomes.push((Rolled::new(total, natural), p));
        }
        Ok(Outcomes {
            leftover: pmf.leftover(),
            outcomes,
        })
    }

    /// A total typed by a person at the table. Checks the range; the natural
    /// flag is derived where the total implies it (3d6 = 3 is `AllLowest`,
    /// 3d6 = 18 is `AllHighest`, golden total = modifier without penalty
    /// dice is `AllLowest`), otherwise `Mixed`. A banded die takes any roll
    /// of the die. A roll-off needs each party's roll
    /// ([`RollKind::from_faces`]): one total is a
    /// [`RollOffEntryError::NeedsEachRoll`].
    pub fn from_total(&self, total: i32) -> Result<Rolled, DiceError> {
        if let RollKind::RollOff(_) = self {
            return Err(self.roll_off_error(RollOffEntryError::NeedsEachRoll));
        }
        let min = self.min_total();
        let max = self.max_total();
        if min.is_some_and(|m| total < m) || max.is_some_and(|m| total > m) {
            return Err(DiceError::OutOfRange {
                roll: self.to_string(),
                total: total as i64,
                min: min.map(|m| m as i64),
                max: max.map(|m| m as i64),
            });
        }
        let natural = match *self {
            RollKind::Sum { dice, sides, .. } if dice > 0 && sides >= 2 => {
                if Some(total) == min {
                    Natural::AllLowest
                } else if Some(total) == max {
                    Natural::AllHighest
                } else {
                    Natural::Mixed
                }
            }
            RollKind::Golden { base, .. } if base > 0 && Some(total) == min => Natural::AllLowest,
            _ => Natural::Mixed,
        };
        Ok(Rolled::new(total, natural))
    }

    /// Checks a recorded roll (a saved game's [`Rolled`]) against this kind:
    /// the total must be possible, and standings must be present exactly for
    /// roll-offs and fit them. Returns the roll unchanged.
    pub fn accept(&self, rolled: Rolled) -> Result<Rolled, DiceError> {
        let RollKind::RollOff(r) = self else {
            if !rolled.standings.is_empty() {
                return Err(
                    self.roll_off_error(RollOffEntryError::Recorded(RecordProblem::NotRollOff))
                );
            }
            return self.from_total(rolled.total).map(|_| rolled);
        };
        let recorded = |p| self.roll_off_error(RollOffEntryError::Recorded(p));
        r.check(&rolled.standings).map_err(recorded)?;
        let winner = r.winner_total(&rolled.standings);
        if rolled.total as i64 != winner {
            return Err(recorded(RecordProblem::Total {
                total: rolled.total,
                winner,
            }));
        }
        Ok(rolled)
    }

    fn roll_off_error(&self, problem: RollOffEntryError) -> DiceError {
        DiceError::RollOffEntry {
            roll: self.to_string(),
            problem,
        }
    }

    /// Individual dice typed by a person, as the faces they show.
    ///
    /// For `Sum`: exactly `dice` faces in `1..=sides`. For `Golden`: the
    /// physical d6 faces (1..=6, *not* the golden reading) in this order: the
    /// `base` dice; then one explosion roll for each 6 so far (a 6 among the
    /// explosion rolls asks for one more); then each extra die (bonus or
    /// penalty alike) followed by its own explosion rolls. Every face must be
    /// used exactly once. For `Banded`: one face per die. For `RollOff`: each
    /// party's roll (the sum of its dice, without modifier) in party order,
    /// then the rerolls of tied parties in the order the procedure asks for
    /// them ([`RollOff::enter`]); a tie left standing is a typed error.
    pub fn from_faces(&self, faces: &[i32]) -> Result<Rolled, DiceError> {
        let bad = |message: String| DiceError::BadFaces {
            roll: self.to_string(),
            message,
        };
        match *self {
            RollKind::Sum {
                dice,
                sides,
                modifier,
            } => sum_from_faces(dice, sides, modifier, faces, bad),
            RollKind::Golden {
                base,
                extra,
                modifier,
            } => golden_from_faces(base, extra, modifier, faces, bad),
            RollKind::Banded(b) => banded_from_faces(&b, faces, bad),
            RollKind::RollOff(r) => {
                let standings = r.enter(faces).map_err(|e| self.roll_off_error(e))?;
                Ok(Rolled {
                    total: clamp_i32(r.winner_total(&standings)),
                    natural: Natural::Mixed,
                    standings,
                })
            }
        }
    }
}

/// [`RollKind::from_faces`] of plain dice: one face a die, each in range.
fn sum_from_faces(
    dice: u16,
    sides: u16,
    modifier: i32,
    faces: &[i32],
    bad: impl Fn(String) -> DiceError,
) -> Result<Rolled, DiceError> {
    let want = if sides == 0 { 0 } else { dice as usize };
    if faces.len() != want {
        return Err(bad(format!("expected {want} dice, got {}", faces.len())));
    }
    let mut total = modifier as i64;
    for (i, &f) in faces.iter().enumerate() {
        if f < 1 || f > sides as i32 {
            return Err(bad(format!(
                "die {} shows {f}, expected 1..={sides}",
                i + 1
            )));
        }
        total += f as i64;
    }
    let natural = if sides < 2 || dice == 0 {
        Natural::Mixed
    } else if faces.iter().all(|&f| f == 1) {
        Natural::AllLowest
    } else if faces.iter().all(|&f| f == sides as i32) {
        Natural::AllHighest
    } else {
        Natural::Mixed
    };
    Ok(Rolled::new(to_i32(total)?, natural))
}

/// [`RollKind::from_faces`] of golden dice: the base dice, then each 6's
/// explosion rolls in order, then the extra (or penalty) dice with theirs.
fn golden_from_faces(
    base: u8,
    extra: i8,
    modifier: i32,
    faces: &[i32],
    bad: impl Fn(String) -> DiceError,
) -> Result<Rolled, DiceError> {
    for (i, &f) in faces.iter().enumerate() {
        if !(1..=6).contains(&f) {
            return Err(bad(format!("face {} is {f}, expected 1..=6", i + 1)));
        }
    }
    let read = |f: i32| GOLDEN_FACE[(f - 1) as usize] as i64;
    let base = base as usize;
    if faces.len() < base {
        return Err(bad(format!(
            "expected at least {base} base dice, got {}",
            faces.len()
        )));
    }
    // Penalty dice (X-ATK-010) count against the total.
    let sign = if extra < 0 { -1 } else { 1 };
    let mut total = modifier as i64;
    let mut pos = base;
    let mut pending = 0usize;
    for &f in &faces[..base] {
        total += read(f);
        pending += usize::from(f == 6);
    }
    while pending > 0 {
        let Some(&f) = faces.get(pos) else {
            return Err(bad(format!("{pending} explosion roll(s) missing")));
        };
        pos += 1;
        total += read(f);
        if f != 6 {
            pending -= 1;
        }
    }
    for k in 0..extra.unsigned_abs() {
        let mut f = 6;
        while f == 6 {
            let Some(&g) = faces.get(pos) else {
                return Err(bad(format!(
                    "extra die {} (or its explosion) missing",
                    k + 1
                )));
            };
            pos += 1;
            total += sign * read(g);
            f = g;
        }
    }
    if pos != faces.len() {
        return Err(bad(format!("{} face(s) too many", faces.len() - pos)));
    }
    let b = &faces[..base];
    let natural = if base == 0 {
        Natural::Mixed
    } else if b.iter().all(|&f| f == 1) {
        Natural::AllLowest
    } else if b.iter().all(|&f| f == 6) {
        Natural::AllHighest
    } else {
        Natural::Mixed
    };
    Ok(Rolled::new(to_i32(total)?, natural))
}

/// [`RollKind::from_faces`] of banded dice: one face a die, summed.
fn banded_from_faces(
    b: &Bands,
    faces: &[i32],
    bad: impl Fn(String) -> DiceError,
) -> Result<Rolled, DiceError> {
    if faces.len() != b.dice() as usize {
        let noun = if b.dice() == 1 { "die" } else { "dice" };
        return Err(bad(format!(
            "expected {} {noun}, got {}",
            b.dice(),
            faces.len()
        )));
    }
    let mut total = 0;
    for (i, &f) in faces.iter().enumerate() {
        if !(1..=b.sides() as i32).contains(&f) {
            return Err(bad(format!(
                "die {} shows {f}, expected 1..={}",
                i + 1,
                b.sides()
            )));
        }
        total += f;
    }
    Ok(Rolled::new(total, Natural::Mixed))
}

/// A roll-off total (at most 255 + an `i32` modifier) as an `i32`.
fn clamp_i32(v: i64) -> i32 {
    v.clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

fn to_i32(v: i64) -> Result<i32, DiceError> {
    i32::try_from(v).map_err(|_| DiceError::Overflow)
}

/// Golden 3d6 and `extra` more dice (d20-3d6's attack roll, the commonest
/// golden kind): the three base dice in one draw (first die most
/// significant, as plain 3d6), each followed by its explosions, then each
/// extra die with its own: the draws of the general loop, written out
/// straight (without the loop's tests of each die's place, d20-3d6's duel
/// takes 1.5% fewer instructions).
#[inline]
fn golden_3d6<R: rand::Rng + ?Sized>(rng: &mut R, extra: i8, modifier: i32) -> Rolled {
    let i = below(rng, 216) as usize;
    let [a, b, c] = FACES3[i];
    let mut total = modifier
        .wrapping_add(golden_chain(rng, a))
        .wrapping_add(golden_chain(rng, b))
        .wrapping_add(golden_chain(rng, c));
    for _ in 0..extra.unsigned_abs() {
        let face = below(rng, 6) as u8;
        let die = golden_chain(rng, face);
        total = if extra < 0 {
            total.wrapping_sub(die)
        } else {
            total.wrapping_add(die)
        };
    }
    let natural = match i {
        0 => Natural::AllLowest,
        215 => Natural::AllHighest,
        _ => Natural::Mixed,
    };
    Rolled::new(total, natural)
}

/// Finish one golden die whose first face (0-based) is `f`.
#[inline(always)]
fn golden_chain<R: rand::Rng + ?Sized>(rng: &mut R, mut f: u8) -> i32 {
    let mut total = GOLDEN_FACE[f as usize];
    let mut depth = 0;
    while f == 5 && depth < MAX_EXPLOSION_DEPTH {
        f = below(rng, 6) as u8;
        total += GOLDEN_FACE[f as usize];
        depth += 1;
    }
    total
}

/// Smallest explosion depth `d` such that `n` dice each cut after `d`
/// explosions lose less than `tol` in total: `n / 6^(d+1) < tol`, capped at
/// [`MAX_EXPLOSION_DEPTH`].
fn golden_depth(n: u64, tol: &Prob) -> u32 {
    let (a, b) = (tol.numer(), tol.denom());
    let lhs = BigInt::from(n) * b;
    let mut pow6 = BigInt::from(6u32);
    for d in 0..MAX_EXPLOSION_DEPTH {
        if lhs < a * &pow6 {
            return d;
        }
        pow6 *= 6u32;
    }
    MAX_EXPLOSION_DEPTH
}

/// One golden d6 cut after `depth` explosions. Returns the pmf and whether it
/// is exact (depth reached the sampler's cap, where a further 6 is kept).
fn golden_die(depth: u32) -> Result<(Pmf, bool), DiceError> {
    let exact = depth >= MAX_EXPLOSION_DEPTH;
    let six = BigUint::from(6u32);
    let denom = six.pow(depth + 1);
    let mut w = Vec::new();
    let mut c = denom.clone() / &six; // 6^depth: one chain of j sixes then a non-6
    for j in 0..=depth as i64 {
        for r in [0i64, 2, 3, 4, 5] {
            w.push((6 * j + r, c.clone()));
        }
        if j == depth as i64 && exact {
            w.push((6 * j + 6, c.clone()));
        }
        c /= &six;
        if c.is_zero() {
            c = BigUint::zero();
        }
    }
    Ok((Pmf::from_weights(w, denom)?, exact))
}

impl std::fmt::Display for RollKind {
    /// `3d6`, `2d6+1`, `1d100`, `3 golden d6+2`, `3+1 golden d6-4` (3 base
    /// dice plus 1 extra golden die, modifier -4), `3-2 golden d6` (3 base
    /// dice minus 2 penalty dice), a banded die as the die it is (`1d100`;
    /// `{:#}` adds the bands), a roll-off as [`RollOff`] shows it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let m = match *self {
            RollKind::Sum {
                dice,
                sides,
                modifier,
            } => {
                write!(f, "{dice}d{sides}")?;
                modifier
            }
            RollKind::Golden {
                base,
                extra,
                modifier,
            } => {
                if extra == 0 {
                    write!(f, "{base} golden d6")?;
                } else {
                    write!(f, "{base}{extra:+} golden d6")?;
                }
                modifier
            }
            RollKind::Banded(b) => return std::fmt::Display::fmt(&b, f),
            RollKind::RollOff(r) => return write!(f, "{r}"),
        };
        if m != 0 {
            write!(f, "{m:+}")?;
        }
        Ok(())
    }
}

/// [`RollKind::outcomes`] of golden dice: each die's explosion chain cut
/// at the depth the tolerance allows, the base dice split by their natural
/// flag, the extra (or penalty) dice added.
fn golden_outcomes(
    base: u8,
    extra: i8,
    modifier: i32,
    tolerance: &Prob,
) -> Result<Outcomes, DiceError> {
    let n = base as u64 + extra.unsigned_abs() as u64;
    let (die, exact) = golden_die(golden_depth(n, tolerance))?;
    let sixth = BigUint::from(6u32);
    let one = BigUint::one();
    let face1 = Pmf::raw(0, vec![one.clone()], sixth.clone());
    let mid = Pmf::raw(2, vec![one.clone(); 4], sixth.clone());
    let face6 = die.shift(6)?.scale(&one, &sixth);
    // Sub-distributions of the base dice by natural flag.
    let full = face1.add(&mid)?.add(&face6)?;
    let (mut all1, mut all6, mut mixed) = if base == 0 {
        (Pmf::nothing(), Pmf::nothing(), Pmf::point(0))
    } else {
        (face1.clone(), face6.clone(), mid.clone())
    };
    for _ in 1..base {
        let m = mixed
            .convolve(&full)?
            .add(&all1.convolve(&mid.add(&face6)?)?)?
            .add(&all6.convolve(&face1.add(&mid)?)?)?;
        all1 = all1.convolve(&face1)?;
        all6 = all6.convolve(&face6)?;
        mixed = m;
        all1.reduce();
        all6.reduce();
        mixed.reduce();
    }
    let extras = die.power(extra.unsigned_abs() as u64)?;
    // Penalty dice (X-ATK-010) are subtracted: mirror their sum.
    let extras = if extra < 0 {
        extras.map(|v| Ok(-v))?
    } else {
        extras
    };
    let extras = extras.shift(modifier as i64)?;
    let mut total_known = Prob::zero();
    let mut parts = Vec::new();
    for (pmf, nat) in [
        (all1, Natural::AllLowest),
        (mixed, Natural::Mixed),
        (all6, Natural::AllHighest),
    ] {
        if pmf.is_empty() {
            continue;
        }
        let p = pmf.convolve(&extras)?;
        for (v, pr) in p.iter() {
            total_known += &pr;
            parts.push((Rolled::new(v as i32, nat), pr));
        }
    }
    parts.sort_by_key(|a| (a.0.total, a.0.natural));
    Ok(Outcomes {
        outcomes: parts,
        leftover: if exact {
            Prob::zero()
        } else {
            Prob::one() - total_known
        },
    })
}

/// [`RollKind::outcomes`] of a roll-off: each standing with the winner's
/// total, in order of total.
fn roll_off_outcomes(r: &RollOff) -> Result<Outcomes, DiceError> {
    let mut outcomes: Vec<(Rolled, Prob)> = r
        .outcomes()?
        .into_iter()
        .map(|(standings, p)| {
            let rolled = Rolled {
                total: clamp_i32(r.winner_total(&standings)),
                natural: Natural::Mixed,
                standings,
            };
            (rolled, p)
        })
        .collect();
    outcomes.sort_by_key(|(r, _)| (r.total, r.natural, r.standings));
    Ok(Outcomes {
        outcomes,
        leftover: Prob::zero(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tol() -> Prob {
        Prob::new(1.into(), BigInt::from(10u64.pow(12)))
    }

    #[test]
    fn three_d6_outcomes_exact() {
        let o = RollKind::three_d6().outcomes(&tol()).unwrap();
        assert!(o.leftover.is_zero());
        assert_eq!(o.outcomes.len(), 16);
        assert_eq!(
            o.outcomes[0],
            (
                Rolled::new(3, Natural::AllLowest),
                Prob::new(1.into(), 216.into())
            )
        );
        assert_eq!(o.outcomes[15].0.natural, Natural::AllHighest);
        let le10: Prob = o
            .outcomes
            .iter()
            .filter(|(r, _)| r.total <= 10)
            .map(|(_, p)| p.clone())
            .sum();
        assert_eq!(le10, Prob::new(1.into(), 2.into()));
    }

    #[test]
    fn the_inline_draws_are_the_general_sums_draws() {
        // One die is drawn inline; the general sum must read the same
        // draw alike, total and natural (3d6's inline table draw is its own).
        for k in [
            RollKind::d(1, 10),
            RollKind::d(1, 100),
            RollKind::Sum {
                dice: 1,
                sides: 6,
                modifier: 2,
            },
        ] {
            let mut a = seeded_rng(11);
            let mut b = seeded_rng(11);
            for _ in 0..2000 {
                assert_eq!(k.sample(&mut a), k.sample_other(&mut b), "{k}");
            }
        }
    }

    #[test]
    fn a_banded_die_draws_as_the_plain_die() {
        // One banded die has a branch of its own; it must draw what the
        // plain die (and the banded sum) draws, so banding changes no fight.
        for (sides, cuts) in [
            (100u16, &[5, 15, 60, 98][..]),
            (100, &[][..]),
            (10, &[3][..]),
        ] {
            let banded = RollKind::Banded(Bands::new(sides, cuts).unwrap());
            let plain = RollKind::d(1, sides);
            let mut a = seeded_rng(5);
            let mut b = seeded_rng(5);
            for _ in 0..2000 {
                assert_eq!(
                    banded.sample(&mut a).total,
                    plain.sample(&mut b).total,
                    "{banded}"
                );
            }
        }
    }

    #[test]
    fn sample_stays_in_range_and_is_seeded() {
        let mut a = seeded_rng(7);
        let mut b = seeded_rng(7);
        for k in [
            RollKind::three_d6(),
            RollKind::d(2, 10),
            RollKind::golden(1, 2),
        ] {
            for _ in 0..1000 {
                let r = k.sample(&mut a);
                assert_eq!(r, k.sample(&mut b));
                assert!(k.min_total().is_none_or(|m| r.total >= m));
                assert!(k.max_total().is_none_or(|m| r.total <= m));
            }
        }
    }

    #[test]
    fn golden_mean_is_four_rule_x_atk_006() {
        // rule: X-ATK-005, X-ATK-006
        let o = RollKind::Golden {
            base: 1,
            extra: 0,
            modifier: 0,
        }
        .outcomes(&tol())
        .unwrap();
        let mass: Prob = o.outcomes.iter().map(|(_, p)| p.clone()).sum();
        assert_eq!(&mass + &o.leftover, Prob::one());
        assert!(o.leftover < tol());
        let mean: Prob = o
            .outcomes
            .iter()
            .map(|(r, p)| p * Prob::from_integer(r.total.into()))
            .sum::<Prob>()
            / mass;
        let err = (mean - Prob::from_integer(4.into())).abs();
        assert!(err < Prob::new(1.into(), BigInt::from(10u64.pow(9))));
    }

    #[test]
    fn golden_naturals_rule_x_atk_008_009() {
        // rule: X-ATK-008, X-ATK-009
        let o = RollKind::golden(0, 0).outcomes(&tol()).unwrap();
        let p = |n: Natural| {
            o.outcomes
                .iter()
                .filter(|(r, _)| r.natural == n)
                .map(|(_, p)| p.clone())
                .sum::<Prob>()
        };
        assert_eq!(p(Natural::AllLowest), Prob::new(1.into(), 216.into()));
        assert!((p(Natural::AllHighest) - Prob::new(1.into(), 216.into())).abs() < tol());
    }

    #[test]
    fn trial_streams_differ() {
        use rand::Rng;
        assert_ne!(trial_rng(1, 0).next_u64(), trial_rng(1, 1).next_u64());
        assert_ne!(trial_rng(1, 2).next_u64(), trial_rng(2, 1).next_u64());
    }

    #[test]
    fn display_and_manual_entry() {
        assert_eq!(RollKind::three_d6().to_string(), "3d6");
        assert_eq!(
            RollKind::Sum {
                dice: 2,
                sides: 6,
                modifier: 1
            }
            .to_string(),
            "2d6+1"
        );
        assert_eq!(RollKind::golden(0, 2).to_string(), "3 golden d6+2");
        assert_eq!(RollKind::golden(1, -4).to_string(), "3+1 golden d6-4");
        let k = RollKind::three_d6();
        assert_eq!(k.from_total(3).unwrap().natural, Natural::AllLowest);
        assert!(k.from_total(19).is_err());
        assert_eq!(
            k.from_faces(&[6, 6, 6]).unwrap(),
            Rolled::new(18, Natural::AllHighest)
        );
        assert!(k.from_faces(&[6, 7, 6]).is_err());
        let g = RollKind::golden(1, 0);
        // base 6,1,3 ; explosion 6 then 2 ; extra die 4
        assert_eq!(
            g.from_faces(&[6, 1, 3, 6, 2, 4]).unwrap(),
            Rolled::new(6 + 3 + 6 + 2 + 4, Natural::Mixed)
        );
        assert!(g.from_faces(&[6, 1, 3, 4]).is_err());
    }

    #[test]
    fn sampled_faces_are_the_same_draws_and_read_back_to_the_same_roll() {
        // The faces narration shows must be the dice the fight rolled:
        // the same result and the same draws as `sample`, and typed back
        // through `from_faces` they give the roll again.
        use rand::Rng;
        let kinds = [
            RollKind::three_d6(),
            RollKind::d(1, 8),
            RollKind::d(2, 6),
            RollKind::Sum {
                dice: 3,
                sides: 6,
                modifier: 2,
            },
            RollKind::golden(0, 0),
            RollKind::golden(2, 5),
            RollKind::golden(-3, 0),
            RollKind::Golden {
                base: 1,
                extra: -1,
                modifier: 0,
            },
        ];
        let mut faces = Vec::new();
        let mut exploded = 0;
        for kind in kinds {
            let mut a = seeded_rng(11);
            let mut b = seeded_rng(11);
            for _ in 0..3000 {
                let plain = kind.sample(&mut a);
                let shown = kind.sample_faces(&mut b, &mut faces);
                assert_eq!(plain, shown, "{kind}");
                assert_eq!(kind.from_faces(&faces).unwrap(), shown, "{kind} {faces:?}");
                if matches!(kind, RollKind::Golden { .. }) && faces.len() > 3 {
                    exploded += 1;
                }
            }
            assert_eq!(a.next_u64(), b.next_u64(), "{kind}: the same draws");
        }
        assert!(exploded > 100, "explosions seen: {exploded}");
    }
}
