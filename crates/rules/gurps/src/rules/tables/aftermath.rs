//! After a fight: waking up (G-AFT-001..003), fatigue (G-AFT-004/005) and
//! natural healing (G-EXT-029).

/// How an unconscious figure wakes, by its HP (G-AFT-001..003).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Waking {
    /// G-AFT-001: wakes by itself after this many minutes (15).
    AfterMinutes(u32),
    /// G-AFT-002: rolls HT every this many hours (1) and wakes on a success.
    HtRollEvery {
        /// Hours between rolls.
        hours: u32,
    },
    /// G-AFT-003: one HT roll to wake after `wake_roll_after_hours` (12);
    /// from then on an HT roll every `survival_roll_every_hours` (12),
    /// awake or not, or the figure dies, until it gets medical care.
    NearDeath {
        /// Hours until the one roll to wake.
        wake_roll_after_hours: u32,
        /// Hours between the rolls to stay alive.
        survival_roll_every_hours: u32,
    },
}

/// G-AFT-001..003: how an unconscious figure with `hp` of `max_hp` wakes:
/// 1 HP or more, after 15 minutes; below that but above -1xHP, an HT roll
/// every hour; at -1xHP or below, one HT roll after 12 hours and then an HT
/// roll every 12 hours or death.
///
/// Interpretation: exactly 0 HP rolls every hour. The source names "1 or
/// more HP" and "negative" only; 0 HP is not "1 or more", and Basic groups
/// 0 with the hourly rolls (B423, *verify*).
pub fn waking(hp: i32, max_hp: i32) -> Waking {
    if hp >= 1 {
        Waking::AfterMinutes(15)
    } else if hp > max_hp.saturating_neg() {
        Waking::HtRollEvery { hours: 1 }
    } else {
        Waking::NearDeath {
            wake_roll_after_hours: 12,
            survival_roll_every_hours: 12,
        }
    }
}

/// G-AFT-004: FP each survivor loses after a battle, equal to its
/// encumbrance level (None 0, Light 1, Medium 2, Heavy 3, Extra-Heavy 4).
/// There is no level above Extra-Heavy, so larger values read as 4.
pub fn fatigue_after_battle(encumbrance_level: u8) -> i32 {
    i32::from(encumbrance_level.min(4))
}

/// G-AFT-005: minutes of rest to recover 1 FP: 10, or 5 with Fit or the
/// Recover Energy spell. Interpretation: the two do not stack (the source
/// says "with Fit or Recover Energy"), so both together are still 5.
pub fn fp_recovery_minutes(fit: bool, recover_energy: bool) -> u32 {
    if fit || recover_energy { 5 } else { 10 }
}

/// One day of natural healing (G-EXT-029).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DailyHealing {
    /// The HT roll's target (3d6 at or under succeeds, G-DICE-001).
    pub roll_against: i32,
    /// HP restored on a success.
    pub hp_on_success: i32,
}

/// G-EXT-029: each day of rest, roll HT; a success restores 1 HP (never
/// above full HP: the caller caps it). Basic's optional -3..+3 for
/// conditions and medical care are not covered.
pub fn natural_healing(ht: i32) -> DailyHealing {
    DailyHealing {
        roll_against: ht,
        hp_on_success: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOURLY: Waking = Waking::HtRollEvery { hours: 1 };
    const NEAR_DEATH: Waking = Waking::NearDeath {
        wake_roll_after_hours: 12,
        survival_roll_every_hours: 12,
    };

    #[test]
    fn g_aft_001_one_hp_or_more_wakes_after_15_minutes() {
        // rule: G-AFT-001
        assert_eq!(waking(1, 10), Waking::AfterMinutes(15));
        assert_eq!(waking(5, 10), Waking::AfterMinutes(15));
        assert_eq!(waking(10, 10), Waking::AfterMinutes(15));
        assert_eq!(waking(i32::MAX, 10), Waking::AfterMinutes(15));
    }

    #[test]
    fn g_aft_002_negative_above_minus_hp_rolls_hourly() {
        // rule: G-AFT-002 (interpretation: 0 HP rolls hourly too)
        assert_eq!(waking(0, 10), HOURLY);
        assert_eq!(waking(-1, 10), HOURLY);
        assert_eq!(waking(-9, 10), HOURLY);
        assert_eq!(waking(-11, 12), HOURLY);
    }

    #[test]
    fn g_aft_003_at_minus_hp_or_below_twelve_hours() {
        // rule: G-AFT-003
        assert_eq!(waking(-10, 10), NEAR_DEATH);
        assert_eq!(waking(-12, 12), NEAR_DEATH);
        assert_eq!(waking(-49, 10), NEAR_DEATH);
        assert_eq!(waking(i32::MIN, 10), NEAR_DEATH);
        assert_eq!(waking(i32::MIN, i32::MIN), NEAR_DEATH);
    }

    #[test]
    fn g_aft_004_fp_lost_equals_encumbrance_level() {
        // rule: G-AFT-004
        assert_eq!(fatigue_after_battle(0), 0);
        assert_eq!(fatigue_after_battle(1), 1);
        assert_eq!(fatigue_after_battle(2), 2);
        assert_eq!(fatigue_after_battle(3), 3);
        assert_eq!(fatigue_after_battle(4), 4);
        assert_eq!(fatigue_after_battle(5), 4);
        assert_eq!(fatigue_after_battle(u8::MAX), 4);
    }

    #[test]
    fn g_aft_005_fp_recovery_time() {
        // rule: G-AFT-005
        assert_eq!(fp_recovery_minutes(false, false), 10);
        assert_eq!(fp_recovery_minutes(true, false), 5);
        assert_eq!(fp_recovery_minutes(false, true), 5);
        assert_eq!(fp_recovery_minutes(true, true), 5);
    }

    #[test]
    fn g_ext_029_daily_ht_roll_restores_one_hp() {
        // rule: G-EXT-029
        assert_eq!(
            natural_healing(10),
            DailyHealing {
                roll_against: 10,
                hp_on_success: 1
            }
        );
        assert_eq!(natural_healing(13).roll_against, 13);
        assert_eq!(natural_healing(13).hp_on_success, 1);
    }
}
