//! Damage (DQ-18-001..005, DQ-19-001..003): where effective damage goes and
//! what it does. Pure functions; `resolve::damage` rolls and applies.

use crate::model::state::Figure;

/// Where one attack's effective damage lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// Taken from FT.
    pub ft: i32,
    /// Taken from EN.
    pub en: i32,
}

/// DQ-18-002, DQ-18-003: damage comes off FT until FT is 0, then off EN; a
/// single attack never takes from both (`overflow` is the
/// `ft_overflow_to_en` option); a 15% hit goes straight to EN.
pub fn land(f: &Figure, damage: i32, to_endurance: bool, overflow: bool) -> Landing {
    if damage <= 0 {
        return Landing { ft: 0, en: 0 };
    }
    if to_endurance || f.ft <= 0 {
        return Landing { ft: 0, en: damage };
    }
    let ft = damage.min(f.ft);
    let en = if overflow { damage - ft } else { 0 };
    Landing { ft, en }
}

/// DQ-19-001, DQ-19-002: dead at EN 0 or less; unconscious at EN 3 or less,
/// except monsters whose original EN is 5 or less.
pub fn life_after(f: &Figure) -> crate::model::state::Life {
    use crate::model::state::Life;
    if f.en <= 0 {
        Life::Dead
    } else if f.en <= 3 && !(f.monster && f.stats.en <= 5) {
        Life::Unconscious
    } else {
        Life::Conscious
    }
}

/// DQ-18-005 (decision): the AI breaks the shield only when the armor's
/// protection is below 2; with only one of them the choice is forced.
pub fn ai_breaks_shield(f: &Figure) -> bool {
    match (f.shield.is_some() && f.shield_ready, f.armor.is_some()) {
        (true, false) => true,
        (false, _) => false,
        (true, true) => crate::rules::values::protection(f) - f.natural_armor < 2,
    }
}
