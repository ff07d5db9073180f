//! Exact odds of an attack (`fray odds`): the golden roll's automatic
//! results are exactly 1/216 each (X-ATK-008, X-ATK-009).

use crate::common::*;
use fray_core::dice::Prob;
use fray_core::odds::{OddsOptions, resolve_odds};
use fray_d20_3d6::D20;
use fray_d20_3d6::model::action::{Action, Strike};

#[test]
fn three_ones_and_three_sixes_are_one_in_216_rule_x_atk_008_009() {
    // rule: X-ATK-008, X-ATK-009, X-ATK-004
    // A stick (1d2) against a wall of Defense: a hit needs three 6s.
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["stick"], "")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    let mut stats = (*s.fighter(B).stats).clone();
    stats.defense_skill = 60;
    s.fighter_mut(B).stats = std::sync::Arc::new(stats);
    s.reindex();
    turn_of(&mut s, A);
    s.turn.attacks = 3;
    let o = resolve_odds::<D20>(
        &s,
        A,
        &Action::Attack(Strike::new(B, 0)),
        &OddsOptions::default(),
    )
    .unwrap();
    let one = Prob::new(1.into(), 216.into());
    assert_eq!(o.p("automatic_miss"), one);
    // Almost only three 6s hit (long explosion chains on two dice may too).
    let gap = if o.p("hit") > one {
        o.p("hit") - &one
    } else {
        &one - o.p("hit")
    };
    assert!(gap < Prob::new(1.into(), 1_000_000.into()));
    assert!(o.p("automatic_hit") > Prob::new(1.into(), 432.into()));
}
