//! Roll-offs repeated until a tie breaks ([`RollKind::RollOff`]).
//!
//! Several rules settle who goes first by rolling until a tie breaks:
//! DQ-12-003 (two side leaders roll D10 + PC + Military Scientist rank,
//! ties rerolled), DQ-12-006 (a D10 roll-off between figures tied on IV and
//! modAG), X-SEQ-001 (a plain d6 roll-off between combatants tied on
//! initiative and DEX, "repeated until the tie breaks") and M-FLO-002 (a 3d6
//! roll-off among figures tied on Basic Speed and DX, lowest first, rerolled
//! while tied). Asked as plain dice, such a loop makes the exact enumeration
//! walk down the tie branch without end; as one [`RollOff`] request it has
//! a finite exact distribution (the distribution *given that the tie
//! broke*), so one roll settles it.
//!
//! [`RollKind::RollOff`]: crate::RollKind::RollOff

mod error;

pub use error::{RecordProblem, RollOffEntryError, RollOffError};

use crate::kind::RollKind;
use crate::limits::MAX_ROLL_OFF_ROUNDS;
use crate::pmf::Pmf;
use crate::prob::Prob;
use num_bigint::{BigInt, BigUint};
use num_traits::Zero;
use std::convert::Infallible;

/// Most parties in one roll-off. 8! = 40,320 orders is the most an exact
/// enumeration should branch over, and it keeps [`Standings`] (and so
/// [`Rolled`](crate::Rolled)) at 24 bytes. A rule with more tied figures can
/// roll off for the winner ([`Reads::Winner`]) among the rest again and again.
pub const MAX_ROLL_OFF_PARTIES: usize = 8;

/// Which roll places first.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum First {
    /// The highest total places first (DQ-12-003, DQ-12-006, X-SEQ-001).
    Highest,
    /// The lowest total places first (M-FLO-002).
    Lowest,
}

/// How much of the result the rules read. The exact enumeration branches
/// over exactly that, so reading less makes the odds tree smaller.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Reads {
    /// Only who places first. Only a tie for first place is rerolled;
    /// the others stay in the order of their rolls, ties in party order.
    /// Enumerates one outcome per party.
    Winner,
    /// The whole order: every tied group rerolls until it breaks.
    /// Enumerates one outcome per order (`parties!`).
    Order,
}

/// A roll-off: each party rolls `dice`d`sides` (plus its modifier, for a
/// pair) and the totals are ranked; parties that tie roll again, among
/// themselves, until the tie breaks. Build it with [`RollOff::pair`] or
/// [`RollOff::among`], which reject roll-offs that could only tie.
///
/// # The procedure (sampling and by-hand entry follow it alike)
///
/// 1. Every party rolls, in party order (party 0 first).
/// 2. Parties are ranked by total ([`First`]); equal totals form a tied group.
/// 3. The first tied group in rank order rerolls, its members in party
///    order, and is ranked again within its place; repeat from 2. With
///    [`Reads::Winner`] only a group tied for first place rerolls.
///
/// Each party's roll is drawn exactly as [`RollKind::d`]`(dice, sides)`
/// draws it (3d6 from one draw). After [`MAX_ROLL_OFF_ROUNDS`] rerolls
/// (practically never: below 2^-50 for any valid roll-off, 6^-100 for a pair
/// of d6) the sampler
/// stops and leaves any remaining tie in party order.
///
/// # Contract for rulesets
///
/// The result is a [`Standings`] in [`Rolled::standings`](crate::Rolled):
/// the order of places and each party's dice in the round that placed it.
/// [`RollKind::outcomes`] returns one outcome per distinct result the rules
/// read (per order, or per winner) with its exact probability given that
/// the tie broke, and a *representative* roll for each: every party placed
/// before the last shows its best roll, the last its worst (with
/// [`Reads::Winner`], the winner its best and all others their worst, in
/// party order). So a ruleset must decide **only from the order** (or the
/// winner) and use the rolls for narration. `Rolled::total` is the
/// winner's total (its dice plus modifier).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "RollOffSpec", into = "RollOffSpec")]
pub struct RollOff {
    dice: u8,
    sides: u8,
    parties: u8,
    first: First,
    reads: Reads,
    /// The two parties' modifiers of a pair; zero otherwise.
    modifiers: [i32; 2],
}

/// The result of a roll-off: the places and each party's dice in the round
/// that placed it. `Copy` and 17 bytes; empty (`parties() == 0`) on rolls
/// that are not roll-offs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Standings {
    parties: u8,
    /// Party index per place, first place first.
    order: [u8; MAX_ROLL_OFF_PARTIES],
    /// Each party's dice (their sum) in its last round, by party index.
    rolls: [u8; MAX_ROLL_OFF_PARTIES],
}

impl Standings {
    /// No roll-off: what every other kind's [`Rolled`](crate::Rolled) carries.
    pub const EMPTY: Standings = Standings {
        parties: 0,
        order: [0; MAX_ROLL_OFF_PARTIES],
        rolls: [0; MAX_ROLL_OFF_PARTIES],
    };

    /// `parties` parties in party order, nothing rolled yet.
    fn start(parties: usize) -> Standings {
        let mut s = Standings {
            parties: parties as u8,
            ..Standings::default()
        };
        // Slots past the parties stay 0, so equal standings compare equal.
        for (i, o) in s.order[..parties].iter_mut().enumerate() {
            *o = i as u8;
        }
        s
    }

    /// No roll-off (every kind but [`RollKind::RollOff`]).
    pub fn is_empty(&self) -> bool {
        self.parties == 0
    }

    /// Number of parties (0 when empty).
    pub fn parties(&self) -> usize {
        self.parties as usize
    }

    /// The party placed first, `None` when empty.
    pub fn winner(&self) -> Option<usize> {
        self.order().first().map(|&p| p as usize)
    }

    /// Party indices by place, first place first.
    pub fn order(&self) -> &[u8] {
        &self.order[..self.parties as usize]
    }

    /// The place (0 = first) of `party`.
    pub fn place_of(&self, party: usize) -> Option<usize> {
        self.order().iter().position(|&p| p as usize == party)
    }

    /// What `party` rolled (its dice, no modifier) in the round that placed it.
    pub fn roll_of(&self, party: usize) -> Option<i32> {
        self.rolls().get(party).map(|&r| r as i32)
    }

    /// Each party's dice in the round that placed it, by party index.
    pub fn rolls(&self) -> &[u8] {
        &self.rolls[..self.parties as usize]
    }

    /// `(party, roll)` pairs in place order.
    pub fn places(&self) -> impl Iterator<Item = (usize, i32)> + '_ {
        self.order()
            .iter()
            .map(|&p| (p as usize, self.rolls[p as usize] as i32))
    }
}

impl std::fmt::Display for Standings {
    /// `party 1 (9), party 0 (4)`: parties in place order with their rolls.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (p, r)) in self.places().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "party {p} ({r})")?;
        }
        Ok(())
    }
}

impl RollOff {
    /// Two parties, each rolling `dice`d`sides` plus its modifier; ties of
    /// the totals are rerolled (DQ-12-003: D10 + PC + Military Scientist
    /// rank, higher wins). With 1-sided dice the modifiers must differ.
    pub fn pair(
        dice: u8,
        sides: u8,
        modifiers: [i32; 2],
        first: First,
    ) -> Result<RollOff, RollOffError> {
        RollOff::build(2, dice, sides, modifiers, first, Reads::Order)
    }

    /// `parties` equal parties (no modifiers), each rolling `dice`d`sides`,
    /// for a strict order or only the winner (DQ-12-006: D10, X-SEQ-001:
    /// d6, both highest first; M-FLO-002: 3d6, lowest first).
    pub fn among(
        parties: usize,
        dice: u8,
        sides: u8,
        first: First,
        reads: Reads,
    ) -> Result<RollOff, RollOffError> {
        RollOff::build(parties, dice, sides, [0, 0], first, reads)
    }

    /// A pair of single dice with `sides >= 2` faces: valid by construction
    /// (for the system helpers in [`crate::systems`]).
    pub(crate) const fn pair_of_die(sides: u8, modifiers: [i32; 2], first: First) -> RollOff {
        RollOff {
            dice: 1,
            sides: if sides < 2 { 2 } else { sides },
            parties: 2,
            first,
            reads: Reads::Order,
            modifiers,
        }
    }

    fn build(
        parties: usize,
        dice: u8,
        sides: u8,
        modifiers: [i32; 2],
        first: First,
        reads: Reads,
    ) -> Result<RollOff, RollOffError> {
        if !(2..=MAX_ROLL_OFF_PARTIES).contains(&parties) {
            return Err(RollOffError::Parties {
                given: parties,
                max: MAX_ROLL_OFF_PARTIES,
            });
        }
        if parties > 2 && modifiers != [0, 0] {
            return Err(RollOffError::ModifiersNeedPair);
        }
        if dice == 0 || sides == 0 {
            return Err(RollOffError::NoDice);
        }
        if dice as u32 * sides as u32 > u8::MAX as u32 {
            return Err(RollOffError::TooManyPips { dice, sides });
        }
        if sides == 1 && modifiers[0] == modifiers[1] {
            return Err(RollOffError::AlwaysTies { dice });
        }
        Ok(RollOff {
            dice,
            sides,
            parties: parties as u8,
            first,
            // For two parties the winner is the order: one canonical form.
            reads: if parties == 2 { Reads::Order } else { reads },
            modifiers,
        })
    }

    /// Dice each party rolls.
    pub fn dice(&self) -> u8 {
        self.dice
    }

    /// Faces per die.
    pub fn sides(&self) -> u8 {
        self.sides
    }

    /// Number of parties.
    pub fn parties(&self) -> usize {
        self.parties as usize
    }

    /// Which total places first.
    pub fn first(&self) -> First {
        self.first
    }

    /// What the rules read.
    pub fn reads(&self) -> Reads {
        self.reads
    }

    /// The modifier of `party` (0 beyond a pair).
    pub fn modifier(&self, party: usize) -> i32 {
        self.modifiers.get(party).copied().unwrap_or(0)
    }

    /// Smallest and largest roll of one party's dice.
    pub fn roll_range(&self) -> (i32, i32) {
        (self.dice as i32, self.dice as i32 * self.sides as i32)
    }

    /// `party`'s total for a roll of `roll`.
    pub fn total(&self, party: usize, roll: i32) -> i64 {
        roll as i64 + self.modifier(party) as i64
    }

    fn key(&self, s: &Standings, party: u8) -> i64 {
        self.total(party as usize, s.rolls[party as usize] as i32)
    }

    /// Whether total `a` places before total `b`.
    fn before(&self, a: i64, b: i64) -> bool {
        match self.first {
            First::Highest => a > b,
            First::Lowest => a < b,
        }
    }

    /// Stable insertion sort of places `lo..hi` by total.
    fn rank(&self, s: &mut Standings, lo: usize, hi: usize) {
        for i in lo + 1..hi {
            let mut j = i;
            while j > lo && self.before(self.key(s, s.order[j]), self.key(s, s.order[j - 1])) {
                s.order.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    /// Runs the procedure (see the type) with `roll(party, tie)` giving
    /// each roll; `tie` is the group rerolling and the total it tied at,
    /// `None` in the first round.
    fn settle<E>(
        &self,
        mut roll: impl FnMut(u8, Option<(&[u8], i64)>) -> Result<u8, E>,
    ) -> Result<Standings, E> {
        let k = self.parties as usize;
        let mut s = Standings::start(k);
        for p in 0..k {
            s.rolls[p] = roll(p as u8, None)?;
        }
        self.rank(&mut s, 0, k);
        let mut rounds = 0;
        let mut i = 0;
        while i + 1 < k {
            if i > 0 && self.reads == Reads::Winner {
                break;
            }
            let top = self.key(&s, s.order[i]);
            let mut j = i + 1;
            while j < k && self.key(&s, s.order[j]) == top {
                j += 1;
            }
            if j - i < 2 || rounds >= MAX_ROLL_OFF_ROUNDS {
                i = j;
                continue;
            }
            rounds += 1;
            let mut run = [0u8; MAX_ROLL_OFF_PARTIES];
            run[..j - i].copy_from_slice(&s.order[i..j]);
            for &p in &run[..j - i] {
                s.rolls[p as usize] = roll(p, Some((&run[..j - i], top)))?;
            }
            self.rank(&mut s, i, j);
        }
        Ok(s)
    }

    /// Rolls the roll-off. No heap allocation.
    #[inline]
    pub(crate) fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Standings {
        let die = RollKind::d(self.dice as u16, self.sides as u16);
        if self.parties == 2 {
            return self.sample_pair(die, rng);
        }
        let r: Result<Standings, Infallible> = self.settle(|_, _| Ok(die.sample(rng).total as u8));
        match r {
            Ok(s) => s,
            Err(never) => match never {},
        }
    }

    /// [`RollOff::sample`] for two parties (DragonQuest's initiative tie),
    /// the same draws as [`RollOff::settle`]: a tied pair always rerolls
    /// in party order (a stable sort never swaps equal totals), and only a
    /// decided round (or the last allowed one) can put party 1 first.
    #[inline]
    fn sample_pair<R: rand::Rng + ?Sized>(&self, die: RollKind, rng: &mut R) -> Standings {
        let mut s = Standings::start(2);
        let mut rounds = 0;
        loop {
            let a = die.sample(rng).total as u8;
            let b = die.sample(rng).total as u8;
            s.rolls[0] = a;
            s.rolls[1] = b;
            let (ka, kb) = (self.key(&s, 0), self.key(&s, 1));
            if ka == kb && rounds < MAX_ROLL_OFF_ROUNDS {
                rounds += 1;
                continue;
            }
            if self.before(kb, ka) {
                s.order.swap(0, 1);
            }
            return s;
        }
    }

    /// The winner's total in `s`.
    pub(crate) fn winner_total(&self, s: &Standings) -> i64 {
        s.order().first().map_or(0, |&p| self.key(s, p))
    }

    /// Standings from rolls typed at the table: each party's dice (their
    /// sum, without modifier), first round in party order, then each
    /// reroll in the order of the procedure (see the type).
    pub fn enter(&self, rolls: &[i32]) -> Result<Standings, RollOffEntryError> {
        let (min, max) = self.roll_range();
        let mut pos = 0;
        let s = self.settle(|_, tie| {
            let Some(&value) = rolls.get(pos) else {
                return Err(match tie {
                    None => RollOffEntryError::Missing {
                        parties: self.parties as usize,
                        given: rolls.len(),
                    },
                    Some((tied, total)) => RollOffEntryError::Unbroken {
                        tied: tied.to_vec(),
                        total,
                    },
                });
            };
            pos += 1;
            if value < min || value > max {
                return Err(RollOffEntryError::OutOfRange {
                    position: pos,
                    value,
                    min,
                    max,
                });
            }
            Ok(value as u8)
        })?;
        if pos < rolls.len() {
            return Err(RollOffEntryError::TooMany {
                extra: rolls.len() - pos,
            });
        }
        Ok(s)
    }

    /// Checks standings recorded in a log against this roll-off.
    pub fn check(&self, s: &Standings) -> Result<(), RecordProblem> {
        if s.parties() != self.parties() {
            return Err(RecordProblem::Parties {
                recorded: s.parties(),
                parties: self.parties(),
            });
        }
        let (min, max) = self.roll_range();
        for (party, &roll) in s.rolls().iter().enumerate() {
            if (roll as i32) < min || (roll as i32) > max {
                return Err(RecordProblem::Roll { party, roll });
            }
        }
        // A pair is settled by its last round: the winner's total is better.
        if self.parties == 2 {
            let (a, b) = (s.order[0], s.order[1]);
            if !self.before(self.key(s, a), self.key(s, b)) {
                return Err(RecordProblem::Order);
            }
        }
        Ok(())
    }

    /// The best and the worst roll of one party.
    fn best_worst(&self) -> (u8, u8) {
        let (lo, hi) = self.roll_range();
        match self.first {
            First::Highest => (hi as u8, lo as u8),
            First::Lowest => (lo as u8, hi as u8),
        }
    }

    /// The representative standings of `order` (see the type's contract).
    fn representative(&self, order: [u8; MAX_ROLL_OFF_PARTIES]) -> Standings {
        let k = self.parties as usize;
        let (best, worst) = self.best_worst();
        let mut s = Standings {
            parties: self.parties,
            order,
            rolls: [0; MAX_ROLL_OFF_PARTIES],
        };
        for (place, &p) in order[..k].iter().enumerate() {
            let winner_only = self.reads == Reads::Winner && place > 0;
            s.rolls[p as usize] = if place + 1 == k || winner_only {
                worst
            } else {
                best
            };
        }
        s
    }

    /// Every result the rules read with its exact probability given that
    /// the tie broke, as representative standings, in ascending order.
    pub(crate) fn outcomes(&self) -> Result<Vec<(Standings, Prob)>, crate::DiceError> {
        let k = self.parties as usize;
        let mut out = Vec::new();
        if k == 2 && self.modifiers[0] != self.modifiers[1] {
            let (w0, w1) = self.pair_weights()?;
            let sum = &w0 + &w1;
            for (order, w) in [([0u8, 1], w0), ([1, 0], w1)] {
                if w.is_zero() {
                    continue;
                }
                let mut o = [0u8; MAX_ROLL_OFF_PARTIES];
                o[..2].copy_from_slice(&order);
                out.push((
                    self.representative(o),
                    Prob::new(BigInt::from(w), BigInt::from(sum.clone())),
                ));
            }
            return Ok(out);
        }
        // Equal parties: by symmetry every order (every winner) is equally likely.
        match self.reads {
            Reads::Winner => {
                for w in 0..k as u8 {
                    let mut o = [0u8; MAX_ROLL_OFF_PARTIES];
                    o[0] = w;
                    let rest = (0..k as u8).filter(|&p| p != w);
                    for (slot, p) in o[1..k].iter_mut().zip(rest) {
                        *slot = p;
                    }
                    out.push((self.representative(o), Prob::new(1.into(), BigInt::from(k))));
                }
            }
            Reads::Order => {
                let n: u64 = (1..=k as u64).product();
                let p = Prob::new(1.into(), BigInt::from(n));
                let mut o = [0u8; MAX_ROLL_OFF_PARTIES];
                for (i, x) in o[..k].iter_mut().enumerate() {
                    *x = i as u8;
                }
                loop {
                    out.push((self.representative(o), p.clone()));
                    if !next_permutation(&mut o[..k]) {
                        break;
                    }
                }
            }
        }
        Ok(out)
    }

    /// Weights of "party 0 places first" and "party 1 places first" in one
    /// round of a pair (ties excluded).
    fn pair_weights(&self) -> Result<(BigUint, BigUint), crate::DiceError> {
        let pmf = Pmf::range(1, self.sides as i64)?.power(self.dice as u64)?;
        let counts = pmf.counts();
        let off = pmf.offset();
        let (mut w0, mut w1) = (BigUint::zero(), BigUint::zero());
        for (i, a) in counts.iter().enumerate() {
            let ta = self.total(0, (off + i as i64) as i32);
            for (j, b) in counts.iter().enumerate() {
                let tb = self.total(1, (off + j as i64) as i32);
                if self.before(ta, tb) {
                    w0 += a * b;
                } else if self.before(tb, ta) {
                    w1 += a * b;
                }
            }
        }
        Ok((w0, w1))
    }
}

/// Rearranges `v` into the next permutation in lexicographic order; false
/// (and `v` unchanged) at the last one.
fn next_permutation(v: &mut [u8]) -> bool {
    let Some(i) = v.windows(2).rposition(|w| w[0] < w[1]) else {
        return false;
    };
    let j = v.iter().rposition(|&x| x > v[i]).unwrap_or(i + 1);
    v.swap(i, j);
    v[i + 1..].reverse();
    true
}

impl std::fmt::Display for RollOff {
    /// `1d10 roll-off of 2 (+3 vs +5), highest first`,
    /// `3d6 roll-off of 4, lowest first`, `1d6 roll-off of 3, highest wins`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}d{} roll-off of {}",
            self.dice, self.sides, self.parties
        )?;
        if self.modifiers != [0, 0] {
            write!(f, " ({:+} vs {:+})", self.modifiers[0], self.modifiers[1])?;
        }
        let word = match self.first {
            First::Highest => "highest",
            First::Lowest => "lowest",
        };
        match self.reads {
            Reads::Order => write!(f, ", {word} first"),
            Reads::Winner => write!(f, ", {word} wins"),
        }
    }
}

/// The serialized form of [`RollOff`]: checked on the way in.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RollOffSpec {
    dice: u8,
    sides: u8,
    parties: usize,
    first: First,
    reads: Reads,
    #[serde(default)]
    modifiers: [i32; 2],
}

impl From<RollOff> for RollOffSpec {
    fn from(r: RollOff) -> Self {
        RollOffSpec {
            dice: r.dice,
            sides: r.sides,
            parties: r.parties as usize,
            first: r.first,
            reads: r.reads,
            modifiers: r.modifiers,
        }
    }
}

impl TryFrom<RollOffSpec> for RollOff {
    type Error = RollOffError;
    fn try_from(s: RollOffSpec) -> Result<Self, Self::Error> {
        RollOff::build(s.parties, s.dice, s.sides, s.modifiers, s.first, s.reads)
    }
}

/// Why serialized [`Standings`] are malformed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    /// `order` and `rolls` differ in length, or hold more than
    /// [`MAX_ROLL_OFF_PARTIES`] or fewer than 2 parties.
    #[error("standings need 2..={max} parties with one roll each")]
    Length {
        /// [`MAX_ROLL_OFF_PARTIES`].
        max: usize,
    },
    /// `order` is not an ordering of the parties.
    #[error("the order must name each party once")]
    NotAnOrder,
}

/// The serialized form of [`Standings`].
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StandingsSpec {
    order: Vec<u8>,
    rolls: Vec<u8>,
}

impl From<Standings> for StandingsSpec {
    fn from(s: Standings) -> Self {
        StandingsSpec {
            order: s.order().to_vec(),
            rolls: s.rolls().to_vec(),
        }
    }
}

impl TryFrom<StandingsSpec> for Standings {
    type Error = StandingsError;
    fn try_from(s: StandingsSpec) -> Result<Self, Self::Error> {
        let k = s.order.len();
        if k != s.rolls.len() || !(2..=MAX_ROLL_OFF_PARTIES).contains(&k) {
            return Err(StandingsError::Length {
                max: MAX_ROLL_OFF_PARTIES,
            });
        }
        let mut seen = [false; MAX_ROLL_OFF_PARTIES];
        for &p in &s.order {
            let Some(slot) = seen.get_mut(p as usize).filter(|_| (p as usize) < k) else {
                return Err(StandingsError::NotAnOrder);
            };
            if std::mem::replace(slot, true) {
                return Err(StandingsError::NotAnOrder);
            }
        }
        let mut out = Standings {
            parties: k as u8,
            ..Standings::default()
        };
        out.order[..k].copy_from_slice(&s.order);
        out.rolls[..k].copy_from_slice(&s.rolls);
        Ok(out)
    }
}

impl serde::Serialize for Standings {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        StandingsSpec::from(*self).serialize(ser)
    }
}

impl<'de> serde::Deserialize<'de> for Standings {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        let spec = StandingsSpec::deserialize(de)?;
        Standings::try_from(spec).map_err(serde::de::Error::custom)
    }
}
