//! Damage, from the ST table to the HP loss (M-DMG-007's pipeline), as
//! functions of numbers and the state.

use crate::model::action::{Strike, Unarmed};
use crate::model::data::Base;
use crate::model::location::{DamageType, Factor, Limb, Location};
use crate::model::options::{Compare, MaxDamageStage, Options};
use crate::model::state::{Fighter, Held};
use crate::rules::tables::{scaled, st_damage};

/// The basic damage of a strike before the fraction (M-DMG-007 steps 1-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Basic {
    /// The damage at 100%, capped and at least 0; for a bite, the part
    /// added to the 1d roll.
    pub damage: i32,
    /// The damage before the ranged cap (criticals ignore it, M-CRT-005).
    pub full: i32,
    /// The type.
    pub kind: DamageType,
    /// A bite: 1d − 4 with a roll (M-UNA-002).
    pub bite: bool,
    /// The ranged cap, if any (M-DMG-005).
    pub cap: Option<i32>,
}

/// The ST that drives a strike: the weapon's fixed `st_basis` (bows,
/// crossbows), else the wielder's, halved at 0 HP or below (M-PEN-002,
/// M-PAT-009) or at 0 fatigue (M-PEN-006).
pub fn effective_st(f: &Fighter, held: Option<&Held>) -> i32 {
    if let Some(st) = held.and_then(|h| h.weapon.st_basis) {
        return st;
    }
    let st = f.stats.st;
    if f.hp <= 0 || (f.stats.fatigue > 0 && f.fatigue <= 0) {
        st / 2
    } else {
        st
    }
}

/// M-UNA-002: Brawling/10 or Boxing/5 added to unarmed damage, following
/// the skill used; a plain DX strike gets none.
pub fn unarmed_bonus(f: &Fighter, u: Unarmed) -> (i32, &'static str) {
    let brawl = f.skills.brawling.map(|s| (s, s / 10, "brawling"));
    let boxing = f
        .skills
        .boxing
        .map(|s| (s - i32::from(u == Unarmed::Kick), s / 5, "boxing"));
    match (u, brawl, boxing) {
        (Unarmed::Bite | Unarmed::ShieldBash, _, _) => (0, "dx"),
        (_, Some(b), Some(x)) => {
            let b = (b.0 - 2 * i32::from(u == Unarmed::Kick), b.1, b.2);
            if x.0 >= b.0 { (x.1, x.2) } else { (b.1, b.2) }
        }
        (_, None, Some(x)) => (x.1, x.2),
        (_, Some(b), None) => (b.1, b.2),
        (_, None, None) => (0, "dx"),
    }
}

/// M-DMG-001: ST, the weapon and the attack type set the damage here, the
/// attack roll in [`fractional`]. M-DMG-006: ST 12 and a bastard sword
/// give 8 + 2 = 10 cutting and 5 + 1 = 6 impaling (decision: the summary's
/// 7 is a misprint). M-DMG-007 steps 1 and 2: base = the ST table value
/// (M-DMG-009) + the mode's modifier (M-DMG-003) + bonuses (All-Out
/// Attack +2, M-MEL-002; unarmed skill bonus, M-UNA-002); the punch is
/// thrust − 2 (M-DMG-011), the kick thrust; the bite 1d − 4. The ranged
/// cap (M-DMG-005) applies here with `max_damage_stage = before_fraction`,
/// then at least 0.
pub fn basic(f: &Fighter, strike: &Strike, bonus: i32, opts: &Options) -> Basic {
    if let (Some(Unarmed::Bite), Some(m)) = (strike.unarmed, f.bite) {
        // A creature's own bite (M-UNA-002 decision): its mode on the ST table.
        let (thr, sw) = st_damage(effective_st(f, None), opts.st_table_beyond);
        let base = match m.base {
            Base::Thr => thr,
            Base::Sw => sw,
        };
        let damage = (base + m.modifier + bonus).max(0);
        return Basic {
            damage,
            full: damage,
            kind: m.kind,
            bite: false,
            cap: None,
        };
    }
    if let Some(u) = strike.unarmed {
        let (thr, _) = st_damage(effective_st(f, None), opts.st_table_beyond);
        let (skill_bonus, _) = unarmed_bonus(f, u);
        let (damage, bite) = match u {
            Unarmed::Punch => (thr - 2 + skill_bonus + bonus, false),
            Unarmed::Kick => (thr + skill_bonus + bonus, false),
            Unarmed::Bite => (bonus - 4, true),
            // M-MEL-010: thrust crushing, +1 with a spiked shield.
            Unarmed::ShieldBash => (
                thr + i32::from(f.shield.as_ref().is_some_and(|s| s.shield.spiked)) + bonus,
                false,
            ),
        };
        let damage = if bite { damage } else { damage.max(0) };
        return Basic {
            damage,
            full: damage,
            kind: DamageType::Cr,
            bite,
            cap: None,
        };
    }
    let held = f.weapons.get(usize::from(strike.weapon));
    let (thr, sw) = st_damage(effective_st(f, held), opts.st_table_beyond);
    let Some(h) = held else {
        return Basic {
            damage: 0,
            full: 0,
            kind: DamageType::Cr,
            bite: false,
            cap: None,
        };
    };
    let mode = h
        .weapon
        .modes
        .get(usize::from(strike.mode))
        .or_else(|| h.weapon.modes.first());
    let (base, kind) = match mode {
        Some(m) => (
            match m.base {
                Base::Thr => thr,
                Base::Sw => sw,
            } + m.modifier,
            m.kind,
        ),
        None => (thr, DamageType::Cr),
    };
    let mut damage = base + bonus;
    let cap = h.weapon.max_damage;
    if let (Some(c), MaxDamageStage::BeforeFraction) = (cap, opts.max_damage_stage) {
        damage = damage.min(c);
    }
    Basic {
        damage: damage.max(0),
        full: (base + bonus).max(0),
        kind,
        bite: false,
        cap,
    }
}

/// The terms of [`basic`]'s full damage (before the ranged cap and the
/// floor of 0), each with its rule, for the narration: the ST table's
/// thrust or swing (M-DMG-009, halved ST marked, M-PEN-002/006), the
/// mode's modifier (M-DMG-003), the punch's -2 (M-DMG-011), the spiked
/// shield (M-MEL-010), the Brawling or Boxing bonus (M-UNA-002), and
/// `bonus` under `bonus_label` (All-Out Attack or Charge). A bite's 1d is
/// rolled by the caller; here it is its -4 (M-UNA-002).
pub fn basic_terms<M: fray_core::Mods>(
    f: &Fighter,
    strike: &Strike,
    bonus: (i32, &'static str, &'static str),
    opts: &Options,
    m: &mut M,
) {
    let held = if strike.unarmed.is_some() {
        None
    } else {
        f.weapons.get(usize::from(strike.weapon))
    };
    let st = effective_st(f, held);
    let (thr, sw) = st_damage(st, opts.st_table_beyond);
    let fixed = held.and_then(|h| h.weapon.st_basis).is_some();
    let (thr_label, sw_label) = if fixed {
        ("thrust (the weapon's ST)", "swing (the weapon's ST)")
    } else if st < f.stats.st {
        (
            "thrust (half ST on the ST table)",
            "swing (half ST on the ST table)",
        )
    } else {
        ("thrust (ST table)", "swing (ST table)")
    };
    match (strike.unarmed, f.bite) {
        (Some(Unarmed::Bite), Some(md)) => {
            match md.base {
                Base::Thr => m.add(thr_label, thr, "M-DMG-009"),
                Base::Sw => m.add(sw_label, sw, "M-DMG-009"),
            };
            m.add("the creature's bite", md.modifier, "M-UNA-002");
        }
        (Some(Unarmed::Bite), None) => {
            m.add("bite 1d -4", -4, "M-UNA-002");
        }
        (Some(u), _) => {
            m.add(thr_label, thr, "M-DMG-009");
            match u {
                Unarmed::Punch => {
                    m.add("punch", -2, "M-DMG-011");
                }
                Unarmed::ShieldBash => {
                    let spiked = f.shield.as_ref().is_some_and(|s| s.shield.spiked);
                    m.add("spiked shield", i32::from(spiked), "M-MEL-010");
                }
                _ => {}
            }
            let (b, skill) = unarmed_bonus(f, u);
            let label = match skill {
                "boxing" => "Boxing/5",
                _ => "Brawling/10",
            };
            m.add(label, b, "M-UNA-002");
        }
        (None, _) => {
            let mode = held.and_then(|h| {
                h.weapon
                    .modes
                    .get(usize::from(strike.mode))
                    .or_else(|| h.weapon.modes.first())
            });
            match mode {
                Some(md) => {
                    match md.base {
                        Base::Thr => m.add(thr_label, thr, "M-DMG-009"),
                        Base::Sw => m.add(sw_label, sw, "M-DMG-009"),
                    };
                    m.add("weapon", md.modifier, "M-DMG-003");
                }
                None => {
                    m.add(thr_label, thr, "M-DMG-009");
                }
            }
        }
    }
    m.add(bonus.1, bonus.0, bonus.2);
}

/// M-DMG-004, M-DMG-013/014 with M-DMG-005: the damage of a non-critical
/// hit at `pct` (part of it below 3 successes).
pub fn fractional(b: &Basic, damage: i32, pct: i32, opts: &Options) -> i32 {
    let sharp = matches!(b.kind, DamageType::Cut | DamageType::Imp);
    let d = scaled(damage, pct, sharp);
    match (b.cap, opts.max_damage_stage) {
        (Some(c), MaxDamageStage::AfterFraction) => d.min(c),
        _ => d,
    }
}

/// M-WND-001/002, M-CKS-005/007: cutting +50% (rounded down), impaling ×2,
/// crushing ×1; the brain ×4 and vital-organ (and heart) impaling ×3
/// (`vital_impaling_multiplier`) replace them.
pub const fn factor(kind: DamageType, loc: Location, vital: i32) -> Factor {
    const fn f(num: i32, den: i32, label: &'static str, rule: &'static str) -> Factor {
        Factor {
            num,
            den,
            label,
            rule,
        }
    }
    match (loc, kind) {
        (Location::Brain, _) => f(4, 1, "×4 to the brain", "M-CKS-005"),
        (Location::Vitals | Location::Heart, DamageType::Imp) => {
            if vital == 2 {
                f(2, 1, "×2 impaling the vitals", "M-CKS-007")
            } else {
                f(vital, 1, "×3 impaling the vitals", "M-CKS-007")
            }
        }
        (_, DamageType::Cut) => f(3, 2, "×1.5 cutting", "M-WND-001"),
        (_, DamageType::Imp) => f(2, 1, "×2 impaling", "M-WND-002"),
        (_, DamageType::Cr) => f(1, 1, "×1 crushing", "M-WND-001"),
    }
}

/// M-WND-001/002, M-CKS-005/007: the injury from damage that got through
/// DR, by [`factor`].
pub fn wound(through: i32, kind: DamageType, loc: Location, opts: &Options) -> i32 {
    if through <= 0 {
        return 0;
    }
    let f = factor(kind, loc, opts.vital_impaling_multiplier);
    through * f.num / f.den
}

/// M-CKS-001/002: a blow of HT/2 (arm or leg) or HT/3 (hand or foot)
/// cripples, comparing `2 × loss ≥ HT` (or `>` with `cripple_compare = gt`);
/// the loss is capped at ceil(HT/2) or ceil(HT/3). Returns the capped
/// loss and whether the limb is crippled.
pub fn cripple(loss: i32, ht: i32, limb: Limb, opts: &Options) -> (i32, bool) {
    let k = if limb.extremity() { 3 } else { 2 };
    let crippled = match opts.cripple_compare {
        Compare::Ge => k * loss >= ht,
        Compare::Gt => k * loss > ht,
    };
    if crippled {
        let cap = (ht + k - 1) / k;
        (loss.min(cap), true)
    } else {
        (loss, false)
    }
}

/// M-EFF-001: a wound that calls for the stun check: 2 × loss > HT, or for
/// a head blow 3 × loss > HT (criticals are checked by the caller).
pub fn stuns(loss: i32, ht: i32, loc: Location) -> bool {
    2 * loss > ht || (loc.is_head() && 3 * loss > ht)
}

/// M-EFF-002: a head blow of at least HT/2 calls for the knockout roll.
pub fn knocks_out(loss: i32, ht: i32, loc: Location) -> bool {
    loc.is_head() && 2 * loss >= ht
}
