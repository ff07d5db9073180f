//! The aftermath told when a fight ends: waking, fatigue and rest.

use crate::common::*;
use fray_core::engine::{self, Progress};
use fray_core::{InputLog, InputOracle, VecSink};
use fray_gurps::Gurps;
use fray_gurps::model::event::{Event, Note};
use fray_gurps::model::state::{Life, State};

/// Steps a fight that is already over and returns the aftermath lines as (who, what, rule).
fn aftermath(state: State) -> Vec<(String, String, &'static str)> {
    let mut state = state;
    let log = InputLog::<Gurps>::default();
    let mut oracle = InputOracle::strict(&log);
    let mut sink = VecSink::default();
    let progress = engine::step::<Gurps, _, _>(&mut state, &mut oracle, &mut sink).expect("steps");
    assert!(matches!(progress, Progress::Over(_)));
    // Asked again, the fight does not tell it twice.
    let mut again = VecSink::default();
    engine::step::<Gurps, _, _>(&mut state, &mut oracle, &mut again).expect("steps");
    assert!(
        !again
            .events
            .iter()
            .any(|e| matches!(e, Event::Note(Note { text, .. }) if text.starts_with("After")))
    );
    conditions(&sink.events)
}

fn line<'a>(lines: &'a [(String, String, &'static str)], rule: &str) -> &'a str {
    lines
        .iter()
        .find(|(_, _, r)| *r == rule)
        .map(|(_, w, _)| w.as_str())
        .unwrap_or_else(|| panic!("no {rule} line in {lines:?}"))
}

fn ended(b_hp: i32) -> State {
    let mut s = duel(&swordsman(12, 14), &swordsman(11, 13));
    s.fighters[1].life = Life::Unconscious;
    s.fighters[1].hp = b_hp;
    s
}

// rule: G-AFT-001
#[test]
fn out_with_hp_left_wakes_after_fifteen_minutes() {
    let lines = aftermath(ended(3));
    assert_eq!(line(&lines, "G-AFT-001"), "wakes after 15 minutes");
}

// rule: G-AFT-002
#[test]
fn out_below_zero_rolls_ht_every_hour() {
    // HT 12: 160/216 a roll, about 1.4 hours.
    let lines = aftermath(ended(-4));
    assert_eq!(
        line(&lines, "G-AFT-002"),
        "rolls HT 12 every 1 hour(s) to wake (about 1.4 hours expected)"
    );
}

// rule: G-AFT-003, G-EXT-031
#[test]
fn out_at_minus_hp_waits_twelve_hours_and_may_die() {
    let mut s = ended(-12);
    s.fighters[1].set_mortal_wound(true);
    let lines = aftermath(s);
    assert!(line(&lines, "G-AFT-003").contains("one HT 12 roll to wake after 12 hours"));
    assert!(line(&lines, "G-EXT-031").contains("every 30 minutes"));
}

// rule: G-AFT-004, G-AFT-005, G-EXT-029
#[test]
fn survivors_pay_fp_for_their_load_then_rest_and_heal() {
    // A at Medium encumbrance (2) with 10 of 12 FP and 9 of 12 HP.
    let mut s = ended(3);
    s.fighters[0].stats.encumbrance = 2;
    s.fighters[0].fp = 10;
    s.fighters[0].hp = 9;
    let lines = aftermath(s);
    assert_eq!(
        line(&lines, "G-AFT-004"),
        "loses 2 FP to the battle's exertion (FP 10 -> 8)"
    );
    assert_eq!(
        line(&lines, "G-AFT-005"),
        "recovers 1 FP per 10 minutes of rest: full FP after 40 minutes"
    );
    // 3 HP at 160/216 a day: about 4 days.
    assert_eq!(
        line(&lines, "G-EXT-029"),
        "heals 1 HP a day on an HT 12 roll: 3 HP in about 4 days of rest"
    );
    // Fit halves the rest.
    let mut s = ended(3);
    s.fighters[0].fp = 10;
    s.fighters[0]
        .stats
        .traits
        .insert(fray_gurps::model::sheet::Trait::Fit);
    let lines = aftermath(s);
    assert!(line(&lines, "G-AFT-005").contains("per 5 minutes"));
}
