//! After the battle: bleeding, healing skills, natural healing, waking up
//! and lasting injuries (M-BLD, M-HEA, M-NAT), as functions of numbers.

/// M-BLD-001: the bleeding roll's penalty: −1 per 5 HP taken in the fight.
pub const fn bleeding_penalty(taken: i32) -> i32 {
    if taken > 0 { -(taken / 5) } else { 0 }
}

/// M-HEA-001: First Aid heals 1 HP, 2 on a critical success.
pub const fn first_aid_heal(critical: bool) -> i32 {
    if critical { 2 } else { 1 }
}

/// M-HEA-002: Physician heals 1d6/3 rounded up (1 on 1-3, 2 on 4-6), 3 on
/// a critical success.
pub const fn physician_heal(d6: i32, critical: bool) -> i32 {
    if critical { 3 } else { (d6 + 2) / 3 }
}

/// M-HEA-001..003: treatment takes 1 minute per HP lost, at least 1.
pub const fn treatment_minutes(lost: i32) -> u32 {
    if lost < 1 { 1 } else { lost as u32 }
}

/// M-HEA-003: the untrained helper rolls IQ − 5.
pub const fn untrained_target(iq: i32) -> i32 {
    iq - 5
}

/// M-NAT-003/004: hours until an unconscious figure at `hp` wakes (its
/// negative HP); below −HT it then rolls HT against a coma.
pub const fn wake_hours(hp: i32) -> u32 {
    if hp < 0 { (-hp) as u32 } else { 0 }
}

/// M-NAT-001, M-NAT-002: the daily HT roll to heal 1 HP, +1 after a
/// successful Physician check that day, +2 on a critical success.
pub const fn daily_healing_target(ht: i32, physician: Option<bool>) -> i32 {
    match physician {
        None => ht,
        Some(false) => ht + 1,
        Some(true) => ht + 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aftermath_numbers_m_bld_001_m_hea_001_to_003_m_nat_001_to_003() {
        // rule: M-BLD-001
        assert_eq!(bleeding_penalty(4), 0);
        assert_eq!(bleeding_penalty(11), -2);
        // rule: M-HEA-001
        assert_eq!((first_aid_heal(false), first_aid_heal(true)), (1, 2));
        // rule: M-HEA-002
        assert_eq!(physician_heal(3, false), 1);
        assert_eq!(physician_heal(4, false), 2);
        assert_eq!(physician_heal(1, true), 3);
        assert_eq!(treatment_minutes(0), 1);
        assert_eq!(treatment_minutes(7), 7);
        // rule: M-HEA-003
        assert_eq!(untrained_target(10), 5);
        // rule: M-NAT-001, M-NAT-002
        assert_eq!(daily_healing_target(11, None), 11);
        assert_eq!(daily_healing_target(11, Some(true)), 13);
        // rule: M-NAT-003
        assert_eq!(wake_hours(-4), 4);
    }
}
