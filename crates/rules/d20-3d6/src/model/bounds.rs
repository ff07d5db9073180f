//! The ranges the rules allow for every number a sheet, a data record or
//! the options carry (issue 35). A number outside them is refused at its
//! field (`fray_core::range`), so no sum of pools and modifiers can wrap:
//! the largest attack total, Defense or damage these bounds allow stays
//! far inside `i32`.
//!
//! Where the sources give no bound, the bound is generous (an epic figure
//! fits) and only stops nonsense: a BAB of -1 or of 100,000.

use crate::model::data::{Dice, Protection, Spell, Weapon};
use crate::model::options::Options;
use crate::model::sheet::{Sheet, WeaponEntry};
use fray_core::range::{Bound, OutOfRange, bound, check, optional};

/// The largest Move a sheet may give, in metres: a Run covers twice it
/// (X-MOV-002), so a path holds that many steps
/// ([`crate::rules::movement::MAX_STEPS`]).
pub const MOVE_M_MAX: u32 = 40;

/// A sheet's numbers (X-DAT-001..004, X-DAT-011). Ability modifiers run
/// from -5 to +20 (scores 1 to 50, X-DAT-001); saves and skills are those
/// modifiers plus ranks, -10 to +40 (X-DAT-002, X-DAT-003); BAB 0 to 40
/// and ECL 1 to 60 (X-DAT-002); the Defense skill 0 to 20 and worn magic
/// Defense 0 to 10 (X-DEF-001, X-DAT-006); damage reduction 0 to 50
/// (X-DMG-009); maximum HP 1 to 10,000 and Move 0 to 40 m (X-DAT-004).
pub fn sheet(s: &Sheet) -> Result<(), OutOfRange> {
    let (a, v, k) = (s.abilities, s.saves, s.skills);
    check([
        bound("abilities.str", a.str, -5, 20),
        bound("abilities.dex", a.dex, -5, 20),
        bound("abilities.con", a.con, -5, 20),
        bound("bab", s.bab, 0, 40),
        optional("ecl", s.ecl, 1, 60),
        bound("saves.fort", v.fort, -10, 40),
        bound("saves.ref", v.reflex, -10, 40),
        bound("saves.will", v.will, -10, 40),
        bound("skills.athletics", k.athletics, -10, 40),
        bound("skills.acrobatics", k.acrobatics, -10, 40),
        bound("skills.bluff", k.bluff, -10, 40),
        bound("skills.sense", k.sense, -10, 40),
        bound("skills.ride", k.ride, -10, 40),
        bound("skills.first_aid", k.first_aid, -10, 40),
        bound("skills.magic", k.magic, -10, 40),
        bound("defense_skill", s.defense_skill, 0, 20),
        bound("magic_defense", s.magic_defense, 0, 10),
        bound("damage_reduction", s.damage_reduction, 0, 50),
        bound("hp.max", s.hp.max, 1, 10_000),
        bound("move_m", s.move_m, 0, i64::from(MOVE_M_MAX)),
    ])
}

/// A weapon entry's bonuses (X-ATK-003, X-DAT-005): List and Skill -10 to
/// +20, the enhancement 0 to 10.
pub fn weapon_entry(w: &WeaponEntry) -> Result<(), OutOfRange> {
    check([
        bound("list_bonus", w.list_bonus, -10, 20),
        bound("skill_bonus", w.skill_bonus, -10, 20),
        bound("magic", w.magic, 0, 10),
    ])
}

/// A weapon record (X-DAT-005): one or two hands, an EDX from 2 to its die
/// (X-DMG-007), a range increment of 1 to 1,000 m (X-RNG-001), 0 to 3
/// actions to reload (X-RNG-010), a STR cap of -5 to +20 (X-RNG-008).
pub fn weapon(w: &Weapon) -> Result<(), OutOfRange> {
    check([
        bound("hands", w.hands, 1, 2),
        optional("explode_on", w.explode_on, 2, w.damage.sides.into()),
        optional("range_m", w.range_m, 1, 1_000),
        bound("reload_actions", w.reload_actions, 0, 3),
        optional("str_cap", w.str_cap, -5, 20),
    ])
    .and_then(|()| dice("damage", w.damage))
}

/// Armor or a shield (X-DAT-006): a Defense bonus of 0 to 20 and an
/// enhancement of 0 to 10.
pub fn protection(p: &Protection) -> Result<(), OutOfRange> {
    check([
        bound("defense_bonus", p.defense_bonus, 0, 20),
        bound("magic", p.magic, 0, 10),
    ])
}

/// A spell (X-MAN-007): 1 to 3 actions, a DC of 0 to 60, a range of 0 to
/// 1,000 m.
pub fn spell(s: &Spell) -> Result<(), OutOfRange> {
    check([
        bound("actions", s.actions, 1, 3),
        bound("dc", s.dc, 0, 60),
        bound("range_m", s.range_m, 0, 1_000),
    ])
    .and_then(|()| dice("dice", s.dice))
}

/// A dice expression's bonus: -20 to +50 (the count and faces are
/// bounded when read, 1 to 20 dice of 2 to 255 faces).
pub fn dice(field: &'static str, d: Dice) -> Result<(), OutOfRange> {
    check([bound(field, d.plus, -20, 50)])
}

/// The options' numbers: the multiple-attack step 0 to 20 (X-MUL-001),
/// a charge's least run 0 to 40 m (X-MAN-006), 1 to 10 range increments
/// (X-RNG-003), at most 10 criticals a hit (X-DMG-002), 1 to 3 actions to
/// escape (X-SPM-004), 0 to 3 actions when stunned (X-DEF-008), 0 to 3
/// trust-to-luck dice (X-ATK-007).
pub fn options(o: &Options) -> Result<(), OutOfRange> {
    let bounds: [Bound; 7] = [
        bound("multiple_attack_step", o.multiple_attack_step, 0, 20),
        bound("charge_min_distance_m", o.charge_min_distance_m, 0, 40),
        bound("max_range_increments", o.max_range_increments, 1, 10),
        optional("max_criticals", o.max_criticals, 0, 10),
        bound("escape_actions", o.escape_actions, 1, 3),
        optional("stunned_max_actions", o.stunned_max_actions, 0, 3),
        bound("trust_to_luck_max", o.trust_to_luck_max, 0, 3),
    ];
    check(bounds)
}
