//! Damage: the weapon's dice and adds, explosion, criticals, minimum
//! (X-DMG-001..010, X-RNG-008..011).

use crate::model::data::Weapon;
use crate::model::options::Options;
use crate::model::state::{Armed, Fighter};
use crate::rules::attack::offhand_str;

/// X-DMG-005, X-DMG-006, X-DMG-007: the face at or above which each damage die explodes
/// (once, X-DMG-008), or `None`: dice of d6 or smaller never explode
/// unless an EDX property says so (`edx_overrides_small_die`).
pub fn explode_on(w: &Weapon, o: &Options) -> Option<u8> {
    let sides = w.damage.sides;
    match w.explode_on {
        Some(x) if sides > 6 || o.edx_overrides_small_die => Some(x.clamp(2, sides)),
        Some(_) => None,
        None if sides > 6 => Some(sides),
        None => None,
    }
}

/// X-RNG-008..011: whether STR adds to damage: melee and thrown weapons
/// and composite bows do; plain bows and crossbows do not. The weapon's
/// `str_to_damage` overrides.
pub fn str_to_damage(w: &Weapon) -> bool {
    if let Some(v) = w.str_to_damage {
        return v;
    }
    if w.crossbow {
        return false; // X-RNG-010
    }
    if w.bow {
        return w.composite; // X-RNG-008, X-RNG-009
    }
    w.thrown || w.melee // X-RNG-011, X-DMG-001
}

/// The STR added to damage: halved off-hand (X-MUL-003), capped by `str_cap` (X-RNG-008).
pub fn str_bonus(f: &Fighter, a: &Armed, offhand: bool) -> i32 {
    if !str_to_damage(&a.weapon) {
        return 0;
    }
    let s = if offhand {
        offhand_str(f.stats.str)
    } else {
        f.stats.str
    };
    a.weapon.str_cap.map_or(s, |c| s.min(c))
}

/// X-DMG-001: the flat adds: STR where allowed, List, Skill, Magic and the
/// dice expression's own plus.
pub fn adds(f: &Fighter, a: &Armed, offhand: bool) -> i32 {
    str_bonus(f, a, offhand) + a.list + a.skill + a.magic + i32::from(a.weapon.damage.plus)
}

/// X-DMG-001: the adds term by term (label, value, rule), for narration;
/// their sum is [`adds`]. Zero terms are left out.
pub fn adds_terms(f: &Fighter, a: &Armed, offhand: bool) -> Vec<(&'static str, i32, &'static str)> {
    let s = str_bonus(f, a, offhand);
    let str_term = if !str_to_damage(&a.weapon) {
        ("STR (not with this weapon)", 0, "X-RNG-009")
    } else if offhand && f.stats.str > 0 {
        ("STR (off hand, halved)", s, "X-MUL-003")
    } else if a.weapon.str_cap.is_some_and(|c| c < f.stats.str) {
        ("STR (capped)", s, "X-RNG-008")
    } else {
        ("STR", s, "X-DMG-001")
    };
    [
        str_term,
        ("List", a.list, "X-ATK-003"),
        ("Skill", a.skill, "X-ATK-003"),
        ("Magic", a.magic, "X-ATK-003"),
        (
            "weapon's plus",
            i32::from(a.weapon.damage.plus),
            "X-DAT-005",
        ),
    ]
    .into_iter()
    .filter(|t| t.1 != 0)
    .collect()
}

/// X-DMG-009: after reductions a hit does at least 1 (0 for an immunity).
pub fn final_damage(raw: i32, reduction: i32, immune: bool) -> i32 {
    if immune { 0 } else { (raw - reduction).max(1) }
}

/// X-DMG-003: the dice one critical adds: the whole expression, or one die
/// (`critical_die`).
pub fn critical_dice(w: &Weapon, o: &Options) -> u16 {
    match o.critical_die {
        crate::model::options::CriticalDie::WeaponExpression => u16::from(w.damage.count),
        crate::model::options::CriticalDie::SingleDie => 1,
    }
}
