//! Exact odds of a DragonQuest strike: the banded D100 enumerates the
//! hit, Endurance, grievous and mishap bands exactly (DQ-17-003..005,
//! DQ-18-003, DQ-18-004, DQ-19-003).

use crate::common::*;
use fray_core::dice::Prob;
use fray_core::odds::{OddsOptions, action_odds};
use fray_dragonquest::DragonQuest;

fn q(n: i64, d: i64) -> Prob {
    Prob::new(n.into(), d.into())
}

#[test]
fn a_strike_at_modsc_63_has_exact_band_probabilities() {
    // rule: DQ-17-003, DQ-18-003, DQ-18-004, DQ-19-003, DQ-17-004, DQ-17-005
    let s = duel(&[], &[]);
    let o = action_odds::<DragonQuest>(&s, None, &attack(B), &OddsOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.actor_name, "A");
    assert_eq!(o.p("hit"), q(63, 100));
    // 15% of 63 = 9.45: rolls 1-9 go to EN.
    assert_eq!(o.p("to_en"), q(9, 100));
    // 5% of 63 = 3.15: rolls 1-3 are grievous.
    assert_eq!(o.p("grievous"), q(3, 100));
    // 6+ damage stuns (3 × 6 > 16): D10 >= 2 on a hit; but 13+ to EN
    // (D10 9 or 10 on rolls 1-9) knocks B out instead (EN 3, DQ-19-002).
    assert_eq!(o.p("stun"), q(54 * 9 + 9 * 7, 1000));
    assert_eq!(o.p("unconscious"), q(9 * 2, 1000));
    // 99 or 100, then failing 3 × modMD (45): 2% × 55%.
    assert_eq!(o.p("mishap"), q(2 * 55, 10000));
    assert_eq!(o.leftover, q(0, 1));
}
