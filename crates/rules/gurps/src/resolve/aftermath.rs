//! After the fight (G-AFT-001..005, G-EXT-029, G-EXT-031): when each
//! figure wakes, what the battle costs in FP, and how long rest takes.
//!
//! These run in minutes, hours and days, far outside combat time, so they
//! are reported with the rolls they call for and their expected times
//! rather than rolled (decision); the fight's final state is left as it
//! ended.

use crate::Gurps;
use crate::model::sheet::Trait;
use crate::model::state::{Life, State};
use crate::rules::tables::aftermath::{
    Waking, fatigue_after_battle, fp_recovery_minutes, natural_healing, waking,
};
use fray_core::Cx;

use crate::rules::chance::p_success;

/// Emits the aftermath of every figure still alive.
pub fn report(state: &State, cx: &mut impl Cx<Gurps>) {
    if !cx.narrating() {
        return;
    }
    cx.note("G-AFT-001", || "After the fight:".into());
    for f in &state.fighters {
        if f.life == Life::Dead {
            continue;
        }
        let mut say = |what: String, rule: &'static str| cx.condition(rule, &f.name, || what);
        let ht = f.stats.ht;
        if f.mortal_wound() {
            say(
                format!(
                    "is mortally wounded: HT {ht} every 30 minutes, a failure kills, until treated"
                ),
                "G-EXT-031",
            );
        }
        match (f.life, waking(f.hp, f.stats.hp)) {
            (Life::Unconscious, Waking::AfterMinutes(m)) => {
                say(format!("wakes after {m} minutes"), "G-AFT-001");
            }
            (Life::Unconscious, Waking::HtRollEvery { hours }) => say(
                format!(
                    "rolls HT {ht} every {hours} hour(s) to wake (about {:.1} hours expected)",
                    f64::from(hours) / p_success(ht).max(1e-9)
                ),
                "G-AFT-002",
            ),
            (
                Life::Unconscious,
                Waking::NearDeath {
                    wake_roll_after_hours,
                    survival_roll_every_hours,
                },
            ) => say(
                format!(
                    "gets one HT {ht} roll to wake after {wake_roll_after_hours} hours, then HT every {survival_roll_every_hours} hours or dies, until given medical care"
                ),
                "G-AFT-003",
            ),
            _ => {}
        }
        let mut fp = f.fp;
        if f.life == Life::Conscious {
            let lost = fatigue_after_battle(f.stats.encumbrance);
            if lost > 0 {
                fp -= lost;
                say(
                    format!(
                        "loses {lost} FP to the battle's exertion (FP {} -> {fp})",
                        f.fp
                    ),
                    "G-AFT-004",
                );
            }
        }
        let short = f.stats.fp - fp;
        if short > 0 {
            let per = fp_recovery_minutes(f.has(Trait::Fit), false);
            say(
                format!(
                    "recovers 1 FP per {per} minutes of rest: full FP after {} minutes",
                    i64::from(short) * i64::from(per)
                ),
                "G-AFT-005",
            );
        }
        let hurt = f.stats.hp - f.hp;
        if hurt > 0 {
            let day = natural_healing(ht);
            let days = f64::from(hurt)
                / (f64::from(day.hp_on_success) * p_success(day.roll_against).max(1e-9));
            say(
                format!(
                    "heals {} HP a day on an HT {} roll: {hurt} HP in about {days:.0} days of rest",
                    day.hp_on_success, day.roll_against
                ),
                "G-EXT-029",
            );
        }
    }
}
