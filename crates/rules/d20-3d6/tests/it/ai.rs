//! The AI's use of the system's options: trust to luck (X-ATK-007) and
//! Precise Strike (X-MAN-011) when they pay, by the exact table of golden
//! rolls.

use crate::common::*;
use fray_core::Ruleset;
use fray_d20_3d6::D20;
use fray_d20_3d6::model::action::{Action, Strike};

#[test]
fn the_ai_trusts_to_luck_against_a_high_defense_rule_x_atk_007() {
    // rule: X-ATK-007
    // +10 against Defense 18: 3 golden d6 >= 8 (78%) beats 4 dice >= 12 (73%).
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    s.turn.actions = 1;
    assert_eq!(D20::ai_action(&s, A), Action::Attack(Strike::new(B, 0)));
    // Against Defense 30 the extra die pays: >= 24 on four dice (13%)
    // beats >= 20 on three (10.5%).
    let mut stats = (*s.fighter(B).stats).clone();
    stats.defense_skill += 12;
    s.fighter_mut(B).stats = std::sync::Arc::new(stats);
    assert_eq!(
        D20::ai_action(&s, A),
        Action::Attack(Strike {
            trust_to_luck: true,
            ..Strike::new(B, 0)
        })
    );
}

#[test]
fn the_ai_takes_a_precise_strike_when_it_is_worth_more_hits_rule_x_man_011() {
    // rule: X-MAN-011, X-MUL-001
    // First attack of the turn, three actions: three attacks (78% + 39% +
    // 16%) beat a Precise Strike and one more attack (91% + 39%).
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    assert_eq!(D20::ai_action(&s, A), Action::Attack(Strike::new(B, 0)));
    // After one attack, two actions left: two more attacks (41% trusting
    // to luck at -5, 19% at -10) beat one Precise Strike at -5 (58%).
    s.turn.attacks = 1;
    s.turn.actions = 2;
    assert!(matches!(D20::ai_action(&s, A), Action::Attack(_)));
    // After two attacks (a fourth action from critical initiative): the
    // attacks at -10 and -15 (19% + 6%) are worth fewer hits than one
    // Precise Strike at -10 trusting to luck (29%).
    s.turn.attacks = 2;
    assert!(
        matches!(D20::ai_action(&s, A), Action::PreciseStrike(st) if st.target == B),
        "{:?}",
        D20::ai_action(&s, A)
    );
}
