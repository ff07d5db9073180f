//! The ranges the rules allow for every number a sheet, an armory record
//! or the options carry (issue 35), refused at their field
//! (`fray_core::range`) so no sum of characteristics, ranks, protection and
//! strike modifiers can wrap. Where the summary gives no bound, the bound
//! is generous and only stops nonsense.

use crate::model::data::{Armor, Poison, Sheet, Shield, Weapon};
use crate::model::options::Options;
use fray_core::range::{OutOfRange, bound, check, optional};

/// The largest TMR a sheet may give: a trample, which costs at least one
/// TMR a hex, takes at most this many steps
/// ([`crate::rules::movement::TramplePath`]).
pub const TMR_MAX: i32 = 20;
/// A sheet's numbers: the characteristics 1 to 100 and MA 0 to 100
/// (DQ-00-001), FT 0 to 200; a TMR set by hand 0 to 20 (DQ-00-004; 0
/// still moves a hex, DQ-14-015); natural armor 0 to 20 (protection,
/// DQ-00-011); a Passive resistance chance 0 to 100 percent (DQ-18-007);
/// ranks 0 to 10, a weapon's too (DQ-17-001).
pub fn sheet(s: &Sheet) -> Result<(), OutOfRange> {
    let rank = |field, r: Option<u8>| optional(field, r, 0, 10);
    check([
        bound("ps", s.ps, 1, 100),
        bound("md", s.md, 1, 100),
        bound("ag", s.ag, 1, 100),
        bound("en", s.en, 1, 100),
        bound("wp", s.wp, 1, 100),
        bound("pc", s.pc, 1, 100),
        bound("ft", s.ft, 0, 200),
        bound("ma", s.ma, 0, 100),
        optional("tmr", s.tmr, 0, i64::from(TMR_MAX)),
        bound("natural_armor", s.natural_armor, 0, 20),
        optional("passive_resistance", s.passive_resistance, 0, 100),
        rank("shield_rank", s.shield_rank),
        rank("unarmed", s.unarmed),
        rank("assassin", s.assassin),
        rank("military_scientist", Some(s.military_scientist)),
        rank("horsemanship", Some(s.horsemanship)),
    ])?;
    for (k, w) in s.weapons.iter().enumerate() {
        check([optional("rank", w.rank, 0, 10)]).map_err(|mut e| {
            e.field = format!("weapons[{k}].{}", e.field);
            e
        })?;
    }
    Ok(())
}

/// A weapon record: PS and MD minimums 0 to 100 (DQ-20-001, DQ-20-002), a
/// base chance 0 to 100 percent (DQ-17-001), a damage modifier -20 to +20
/// on the D10, a range 0 to 1,000 hexes (DQ-00-010), 0 to 10 passes to
/// reload (DQ-14-013).
pub fn weapon(w: &Weapon) -> Result<(), OutOfRange> {
    check([
        bound("ps_min", w.ps_min, 0, 100),
        bound("md_min", w.md_min, 0, 100),
        bound("base_chance", w.base_chance, 0, 100),
        bound("damage", w.damage, -20, 20),
        bound("range", w.range, 0, 1_000),
        bound("reload_passes", w.reload_passes, 0, 10),
    ])
}

/// Armor: protection 0 to 20 (DQ-00-011), an AG modifier -20 to 0
/// (DQ-00-002).
pub fn armor(a: &Armor) -> Result<(), OutOfRange> {
    check([
        bound("protection", a.protection, 0, 20),
        bound("ag_mod", a.ag_mod, -20, 0),
    ])
}

/// A shield: a Defense bonus 0 to 100 (DQ-17-003), an AG modifier -20 to 0.
pub fn shield(s: &Shield) -> Result<(), OutOfRange> {
    check([
        bound("defense", s.defense, 0, 100),
        bound("ag_mod", s.ag_mod, -20, 0),
    ])
}

/// A poison: 0 to 100 EN damage (DQ-20-005).
pub fn poison(p: &Poison) -> Result<(), OutOfRange> {
    check([bound("en_damage", p.en_damage, 0, 100)])
}

/// The options' numbers: a jump's AG multiplier 1 to 10 (DQ-14-005), a
/// facing change 0 to 5 TMR a hexside (DQ-14-002), the obscured-target
/// strike modifier -100 to 0 (DQ-16-003), Horsemanship thresholds 0 to 10
/// ranks (DQ-23-002).
pub fn options(o: &Options) -> Result<(), OutOfRange> {
    let h = o.horsemanship_thresholds;
    check([
        bound("jump_ag_multiplier", o.jump_ag_multiplier, 1, 10),
        bound("facing_change_cost", o.facing_change_cost, 0, 5),
        bound("obscured_target_sc_mod", o.obscured_target_sc_mod, -100, 0),
        bound("horsemanship_thresholds.two_handed", h.two_handed, 0, 10),
        bound(
            "horsemanship_thresholds.missile_moving",
            h.missile_moving,
            0,
            10,
        ),
        bound("horsemanship_thresholds.two_weapons", h.two_weapons, 0, 10),
    ])
}
