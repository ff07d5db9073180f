//! Success rolls through the oracle, recorded with their modifiers.

use crate::Flow;
use crate::Gurps;
use crate::model::event::Event;
use fray_core::dice::RollKind;
use fray_core::dice::systems::gurps::{Outcome, SuccessOptions, SuccessRoll, judge, success_bands};
use fray_core::{CombatantId, Cx, ModList, Mods, RollRecord, RollRequest, Total};

use crate::model::state::State;

/// What a success roll is for: its label and rule, and whether it is a
/// ranged attack (no critical failure for rolling 10 over, G-EXT-003).
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// Who rolls.
    pub roller: CombatantId,
    /// What for.
    pub label: &'static str,
    /// The rule that calls for it.
    pub rule: &'static str,
    /// A ranged attack roll.
    pub ranged: bool,
    /// Bonuses that do not widen the critical ranges (Telegraphic Attack, G-DICE-005).
    pub critical_excluded: i32,
    /// The GM rolls for the roller, out of its sight (G-SPL-013): the
    /// request names no roller, so a table's GM answers it.
    pub secret: bool,
    /// What the caller reads of the roll once judged.
    pub reads: Reads,
}

/// What a caller reads of a success roll after it is judged. Exact odds
/// branch once per distinguishable result, so a roll whose margin nobody
/// reads is requested in bands (four outcomes instead of sixteen totals,
/// see [`success_bands`]); sampling, play and narration still see the real
/// roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// The exact margin (contests, feints): the plain 3d6.
    Margin,
    /// The outcome, and which side of each threshold the margin falls
    /// ("margin >= m" for each `m`; empty for the outcome alone).
    Outcome(&'static [i32]),
}

impl Check {
    /// A check by `roller` for `label` under `rule`.
    #[inline]
    pub fn new(roller: CombatantId, label: &'static str, rule: &'static str) -> Self {
        Check {
            roller,
            label,
            rule,
            ranged: false,
            critical_excluded: 0,
            secret: false,
            reads: Reads::Margin,
        }
    }

    /// The same check when only its outcome matters afterwards, and the
    /// margin only against `thresholds` ("margin >= m"): banded for odds.
    #[inline]
    pub fn outcome_only(self, thresholds: &'static [i32]) -> Self {
        Check {
            reads: Reads::Outcome(thresholds),
            ..self
        }
    }

    /// The same check rolled by the GM in secret (G-SPL-013).
    #[inline]
    pub fn secret(self) -> Self {
        Check {
            secret: true,
            ..self
        }
    }

    /// The same check as a ranged attack roll (G-EXT-003).
    #[inline]
    pub fn ranged(self) -> Self {
        Check {
            ranged: true,
            ..self
        }
    }

    /// The same check with `n` points of bonus that do not count for criticals.
    #[inline]
    pub fn critical_excluded(self, n: i32) -> Self {
        Check {
            critical_excluded: n,
            ..self
        }
    }
}

/// G-DICE-001, G-EXT-001..003: rolls 3d6 against the sum of `mods`,
/// judges criticals and margin, and records the roll with every modifier.
pub fn roll(
    state: &State,
    cx: &mut impl Cx<Gurps>,
    check: Check,
    mods: &ModList,
) -> Flow<SuccessRoll> {
    roll_named(state, cx, check, mods, None)
}

/// The target of a success roll as the context needs it: every term with
/// its words when the roll is told (narration, the table, the tests), only
/// the sum otherwise (the simulator, the exact odds). The rules that build
/// modifiers are generic over [`Mods`], so both come from the same code and
/// always sum alike; the simulator then adds integers instead of filling a
/// list of labelled terms nobody reads.
///
/// The variants differ in size on purpose: a `Level` lives on the stack for
/// one roll (never in bulk), and boxing the list would allocate for every
/// told roll.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Level {
    /// Every term, for a told roll.
    Told(ModList),
    /// Only the sum.
    Sum(Total),
}

impl Level {
    /// The modifiers `told` or `sum` builds, whichever `cx` needs: the two
    /// closures must build the same modifiers (write them as the same
    /// generic call, `|| to_hit(..)` twice).
    #[inline]
    pub fn new(
        cx: &impl Cx<Gurps>,
        told: impl FnOnce() -> ModList,
        sum: impl FnOnce() -> Total,
    ) -> Level {
        if cx.telling() {
            Level::Told(told())
        } else {
            Level::Sum(sum())
        }
    }

    /// [`Level::new`] for modifiers that may not apply at all (`None`).
    #[inline]
    pub fn maybe(
        cx: &impl Cx<Gurps>,
        told: impl FnOnce() -> Option<ModList>,
        sum: impl FnOnce() -> Option<Total>,
    ) -> Option<Level> {
        if cx.telling() {
            told().map(Level::Told)
        } else {
            sum().map(Level::Sum)
        }
    }

    /// [`Level::maybe`], but a bare sum already worked out (`kept`: the
    /// value a defense option was offered at, still valid) is taken as it
    /// is when the roll is not told. Debug builds work the sum out afresh
    /// and check it against the kept one.
    #[inline]
    pub fn kept_or(
        cx: &impl Cx<Gurps>,
        kept: Option<i32>,
        told: impl FnOnce() -> Option<ModList>,
        sum: impl FnOnce() -> Option<Total>,
    ) -> Option<Level> {
        match kept {
            Some(v) if !cx.telling() => {
                debug_assert_eq!(
                    sum().map(|t| t.0),
                    Some(v),
                    "a kept sum went stale before its roll"
                );
                Some(Level::Sum(Total(v)))
            }
            _ => Level::maybe(cx, told, sum),
        }
    }

    /// The effective target: the sum of the terms.
    #[inline]
    pub fn total(&self) -> i32 {
        match self {
            Level::Told(m) => m.total(),
            Level::Sum(t) => t.0,
        }
    }

    /// Adds a term (kept only in a told list).
    #[inline]
    pub fn add(&mut self, label: &'static str, value: i32, rule: &'static str) {
        match self {
            Level::Told(m) => {
                m.add(label, value, rule);
            }
            Level::Sum(t) => {
                Mods::add(t, label, value, rule);
            }
        }
    }

    /// The list of terms, when told.
    fn list(&self) -> Option<&ModList> {
        match self {
            Level::Told(m) => Some(m),
            Level::Sum(_) => None,
        }
    }
}

/// [`roll_named`] against a [`Level`]: the same roll, judged and recorded
/// alike; a told roll lists the terms.
pub fn roll_level(
    state: &State,
    cx: &mut impl Cx<Gurps>,
    check: Check,
    level: &Level,
    base: Option<&str>,
) -> Flow<SuccessRoll> {
    roll_at(state, cx, check, level.total(), level.list(), base)
}

/// [`roll`], naming the base term in the record (`Broadsword` instead of
/// `skill`), so narration reads "3d6 = 9 vs 9 (Broadsword 14, neck -5)".
pub fn roll_named(
    state: &State,
    cx: &mut impl Cx<Gurps>,
    check: Check,
    mods: &ModList,
    base: Option<&str>,
) -> Flow<SuccessRoll> {
    roll_at(state, cx, check, mods.total(), Some(mods), base)
}

/// The roll at `level`; `mods`, its terms, are read only when the roll is
/// told ([`Level`] leaves them out otherwise).
fn roll_at(
    state: &State,
    cx: &mut impl Cx<Gurps>,
    check: Check,
    level: i32,
    mods: Option<&ModList>,
    base: Option<&str>,
) -> Flow<SuccessRoll> {
    let roller = (!check.secret).then_some(check.roller);
    let opts = SuccessOptions {
        ranged: check.ranged,
        critical_excluded: check.critical_excluded,
    };
    // The bands are for the exact odds; an oracle that only samples (the
    // simulator) draws them as the plain 3d6 (the same total from the same
    // draw, written alike), and `judge` reads only the total.
    let kind = match check.reads {
        Reads::Outcome(thresholds) if !cx.sampling() => bands(level, opts, thresholds),
        _ => RollKind::three_d6(),
    };
    let req = RollRequest::new(roller, kind, check.label, check.rule).against(level);
    let rolled = cx.roll(state, req)?;
    let result = judge(rolled.total, level, opts);
    if !cx.telling() {
        // Read, not told (the exact odds): the label, total and verdict.
        cx.emit(|| Event::Roll {
            roll: RollRecord::bare(&req, rolled).verdict(verdict(&result)),
        });
        return Ok(result);
    }
    cx.emit(|| {
        let name = roller.map(|r| &*state.fighter(r).name);
        let mut record = RollRecord::new(&req, name, rolled);
        if let Some(mods) = mods {
            record = record.with_target(mods);
        }
        let mut record = record.verdict(verdict(&result));
        if against_the_margin(&result) {
            // "17 vs 18 -> failure by 1" would read as a miss by one.
            record.margin = None;
        }
        if let (Some(name), Some(first)) = (base, record.modifiers.first_mut()) {
            first.label = name.to_string();
        }
        Event::Roll { roll: record }
    });
    Ok(result)
}

/// Slots of the per-thread table of [`success_bands`] answers (a power of two).
const BAND_SLOTS: usize = 64;

/// What a band partition depends on: the level, the two options and the
/// thresholds (named by the address and length of their static slice).
type BandKey = (i32, bool, i32, usize, usize);

thread_local! {
    /// The band partitions met so far on this thread, direct-mapped, each
    /// with its full key: a read is exactly what [`success_bands`] gives
    /// (it judges all sixteen totals, which cost a few percent of a fight).
    static BANDS: std::cell::RefCell<[Option<(BandKey, RollKind)>; BAND_SLOTS]> =
        const { std::cell::RefCell::new([None; BAND_SLOTS]) };
}

/// [`success_bands`], read back when this thread met the same roll before.
fn bands(level: i32, opts: SuccessOptions, thresholds: &'static [i32]) -> RollKind {
    let key: BandKey = (
        level,
        opts.ranged,
        opts.critical_excluded,
        thresholds.as_ptr() as usize,
        thresholds.len(),
    );
    let slot = (level as usize)
        .wrapping_mul(7)
        .wrapping_add(usize::from(opts.ranged) * 3)
        .wrapping_add(opts.critical_excluded as usize * 5)
        .wrapping_add(key.3 >> 2)
        % BAND_SLOTS;
    BANDS.with(|t| {
        let mut t = t.borrow_mut();
        match t[slot] {
            Some((k, kind)) if k == key => kind,
            _ => {
                let kind = success_bands(level, opts, thresholds);
                t[slot] = Some((key, kind));
                kind
            }
        }
    })
}

/// A plain roll of dice (damage, location), recorded.
pub fn dice(
    state: &State,
    cx: &mut impl Cx<Gurps>,
    roller: Option<CombatantId>,
    kind: RollKind,
    label: &'static str,
    rule: &'static str,
    mods: Option<&ModList>,
) -> Flow<i32> {
    let req = RollRequest::new(roller, kind, label, rule);
    let rolled = cx.roll(state, req)?;
    if !cx.telling() {
        cx.emit(|| Event::Roll {
            roll: RollRecord::bare(&req, rolled),
        });
        return Ok(rolled.total);
    }
    cx.emit(|| {
        let name = roller.map(|r| &*state.fighter(r).name);
        let mut rec = RollRecord::new(&req, name, rolled);
        if let Some(m) = mods {
            rec = rec.with_modifiers(m);
        }
        Event::Roll { roll: rec }
    });
    Ok(rolled.total)
}

/// The verdict of a success roll. A failure at or under the level (17 or
/// 18, G-EXT-003) says it was automatic, and [`roll_named`] leaves the
/// margin out of such records: "17 vs 18 -> failure by 1" read like a miss
/// by one.
pub fn verdict(r: &SuccessRoll) -> &'static str {
    if r.is_critical_success() {
        "critical success"
    } else if r.is_critical_failure() {
        "critical failure"
    } else if r.is_success() {
        "success"
    } else if against_the_margin(r) {
        "automatic failure"
    } else {
        "failure"
    }
}

/// Whether the outcome goes against the margin: a failure at or under the
/// level (17 or 18), or a success over it (3 or 4), so the margin is not
/// told (G-EXT-002, G-EXT-003).
fn against_the_margin(r: &SuccessRoll) -> bool {
    r.is_success() != (r.margin >= 0)
}

/// Reading a judged success roll.
pub trait Judged {
    /// Success, critical or not.
    fn is_success(&self) -> bool;
    /// Critical success (G-EXT-002).
    fn is_critical_success(&self) -> bool;
    /// Critical failure (G-EXT-003).
    fn is_critical_failure(&self) -> bool;
}

impl Judged for SuccessRoll {
    #[inline]
    fn is_success(&self) -> bool {
        self.outcome.is_success()
    }
    #[inline]
    fn is_critical_success(&self) -> bool {
        self.outcome == Outcome::CriticalSuccess
    }
    #[inline]
    fn is_critical_failure(&self) -> bool {
        self.outcome == Outcome::CriticalFailure
    }
}
