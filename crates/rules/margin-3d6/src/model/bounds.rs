//! The ranges the rules allow for every number a sheet, an armory record
//! or the options carry (issue 35). A number outside them is refused at its
//! field (`fray_core::range`), so no sum of pools, DR and modifiers can
//! wrap, and no figure starts with HP the rules cannot give it (`hp = -1`
//! is refused, not shown as "HP -1/-1, active").
//!
//! Where the summary gives no bound, the bound is generous and only stops
//! nonsense.

use crate::model::data::{Armor, Dr, Gear, Mode, Sheet, Shield, Weapon};
use crate::model::options::Options;
use fray_core::range::{OutOfRange, bound, check, optional};

/// The largest MV a sheet may give (a derived MV stays below it too:
/// (DX + HT) / 4 at most 50); every move within it is searched
/// (`rules::path::MAX_REACH`).
pub const MOVE_MAX: i32 = 100;

/// A sheet's numbers. Attributes, PER and Will 1 to 100 (M-DAT-001); HP
/// and fatigue 1 to 1,000, MV 0 to 100, encumbrance 0 to 4 (M-DAT-002);
/// skill levels 1 to 100 (M-DAT-003); innate and magical PD 0 to 20 and
/// DR 0 to 100 (M-DAT-006); a fear rating -10 to 0 and erratic movement
/// 0 to 4 (M-DAT-008); a bite's damage modifier as a weapon mode's.
pub fn sheet(s: &Sheet) -> Result<(), OutOfRange> {
    let a = s.attributes;
    check([
        bound("attributes.st", a.st, 1, 100),
        bound("attributes.dx", a.dx, 1, 100),
        bound("attributes.iq", a.iq, 1, 100),
        bound("attributes.ht", a.ht, 1, 100),
        optional("attributes.per", a.per, 1, 100),
        optional("attributes.will", a.will, 1, 100),
        bound("encumbrance", s.encumbrance, 0, 4),
        optional("hp", s.hp, 1, 1_000),
        optional("fatigue", s.fatigue, 1, 1_000),
        optional("move", s.move_, 0, i64::from(MOVE_MAX)),
        bound("innate_pd", s.innate_pd, 0, 20),
        bound("innate_dr", s.innate_dr, 0, 100),
        bound("magic_pd", s.magic_pd, 0, 20),
        bound("magic_dr", s.magic_dr, 0, 100),
        bound("fear", s.fear, -10, 0),
        bound("erratic", s.erratic, 0, 4),
    ])?;
    if let Some(m) = &s.bite {
        mode(m).map_err(|e| within("bite.", e))?;
    }
    skills(s)?;
    gear(s)
}

/// The records a sheet writes inline (M-DAT-010), checked as the armory's.
fn gear(s: &Sheet) -> Result<(), OutOfRange> {
    for (k, g) in s.weapons.iter().enumerate() {
        if let Gear::Inline(w) = g {
            weapon(w).map_err(|e| within(&format!("weapons[{k}]."), e))?;
        }
    }
    for (k, g) in s.armor.iter().enumerate() {
        if let Gear::Inline(a) = g {
            armor(a).map_err(|e| within(&format!("armor[{k}]."), e))?;
        }
    }
    if let Some(Gear::Inline(sh)) = &s.shield {
        shield(sh).map_err(|e| within("shield.", e))?;
    }
    Ok(())
}

/// Each skill level 1 to 100 (M-DAT-003), named `skills.<name>`.
fn skills(s: &Sheet) -> Result<(), OutOfRange> {
    for (name, &v) in &s.skills {
        if !(1..=100).contains(&v) {
            return Err(OutOfRange {
                field: format!("skills.{name}"),
                min: 1,
                max: 100,
                found: v.into(),
            });
        }
    }
    Ok(())
}

/// An attack mode's modifier to the ST table's value (M-DMG-003): -20 to
/// +50.
pub fn mode(m: &Mode) -> Result<(), OutOfRange> {
    check([bound("mod", m.modifier, -20, 50)])
}

/// A weapon record (M-DAT-004, M-DAT-005): minimum ST 0 to 100, one or two
/// hands, 1 to 8 attack modes, reach 1 to 5 hexes (M-FLO-006), the
/// modifier for parrying it -10 to 0 (M-DEF-003), a fixed ST 1 to 100,
/// Snap Shot 3 to 30 (M-ROA-004), Acc 0 to 20 (M-RNG-001), a range of 1
/// to 10,000 yards, a damage cap 0 to 1,000 (M-DMG-005), 0 to 60 reload
/// rounds (M-MIS-009), ammunition 0 to 10,000.
pub fn weapon(w: &Weapon) -> Result<(), OutOfRange> {
    check([
        bound("min_st", w.min_st, 0, 100),
        bound("hands", w.hands, 1, 2),
        bound("modes", w.modes.len() as i64, 1, 8),
        bound("reach", w.reach, 1, 5),
        bound("parried", w.parried, -10, 0),
        optional("st_basis", w.st_basis, 1, 100),
        optional("snap_shot", w.snap_shot, 3, 30),
        bound("acc", w.acc, 0, 20),
        optional("max_range", w.max_range, 1, 10_000),
        optional("max_damage", w.max_damage, 0, 1_000),
        bound("reload_rounds", w.reload_rounds, 0, 60),
        optional("ammo", w.ammo, 0, 10_000),
    ])?;
    for (k, m) in w.modes.iter().enumerate() {
        mode(m).map_err(|e| within(&format!("modes[{k}]."), e))?;
    }
    Ok(())
}

/// An armor piece (M-DAT-006): PD 0 to 20, DR 0 to 100 (each type's too).
pub fn armor(a: &Armor) -> Result<(), OutOfRange> {
    let dr = match a.dr {
        Dr::All(n) => [("dr", n), ("dr", 0), ("dr", 0)],
        Dr::PerType { cr, cut, imp } => [("dr.cr", cr), ("dr.cut", cut), ("dr.imp", imp)],
    };
    check(
        std::iter::once(bound("pd", a.pd, 0, 20))
            .chain(dr.into_iter().map(|(f, v)| bound(f, v, 0, 100))),
    )
}

/// A shield (M-DAT-007): PD 0 to 20 (also its rounds to ready, M-MEL-013)
/// and HT 1 to 100 (M-DEF-007).
pub fn shield(s: &Shield) -> Result<(), OutOfRange> {
    check([bound("pd", s.pd, 0, 20), bound("ht", s.ht, 1, 100)])
}

/// The options' numbers: the least target worth rolling 0 to 18
/// (M-FLO-003), 0 to 10,000 minutes after the battle (M-BLD-001); the
/// impaling multiplier and the obstruction cost are checked in setup with
/// their own wording.
pub fn options(o: &Options) -> Result<(), OutOfRange> {
    check([
        bound("min_target", o.min_target, 0, 18),
        bound("post_battle_minutes", o.post_battle_minutes, 0, 10_000),
    ])
}

/// `e` inside a nested record at `prefix`.
fn within(prefix: &str, mut e: OutOfRange) -> OutOfRange {
    e.field = format!("{prefix}{}", e.field);
    e
}
