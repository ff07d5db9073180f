//! The GURPS tables as plain functions of numbers: no state, no dice, no
//! events. Resolution code looks rows up here; each function cites the
//! checklist IDs it encodes and is unit-tested row by row.

pub mod aftermath;
pub mod body;
pub mod breaking;
pub mod critical;
pub mod jump;
pub mod knockback;
pub mod magic;
pub mod range;
pub mod slam;

pub use aftermath::{
    DailyHealing, Waking, fatigue_after_battle, fp_recovery_minutes, natural_healing, waking,
};
pub use breaking::{
    WeaponState, breaking_multiplier, weapon_dr, weapon_hp, weapon_injury, weapon_state,
};
pub use critical::{
    CriticalMiss, HeadBlow, MissedAttack, UnarmedMiss, critical_miss, critical_miss_for, head_blow,
    resolve_critical_miss, unarmed_critical_miss,
};
pub use jump::{basic_broad_jump_feet, basic_high_jump_inches, jump_hexes};
pub use knockback::{
    PERFECT_BALANCE_BONUS, collision_damage, falling_damage, knockback_hexes,
    knockback_roll_modifier,
};
pub use magic::{
    energy_reduction, information_range_penalty, resisted_skill_cap, spell_cost,
    spell_range_penalty,
};
pub use range::{Watched, opportunity_fire_penalty, speed_range_penalty};
pub use slam::{slam_bonus_per_die, slam_damage};
