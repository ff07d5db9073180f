//! The AIs' use of the system's options. The first AI (`ai:basic`):
//! trust to luck (X-ATK-007) and Precise Strike (X-MAN-011) when they pay,
//! by the exact table of golden rolls. The seasoned AI (the default): its
//! choices in constructed positions, each asserted exactly, and its edge
//! over the first in seeded mirror duels.

use crate::common::*;
use fray_core::Engine;
use fray_core::{CombatantId, Controller, NullSink, SimOracle};
use fray_d20_3d6::D20;
use fray_d20_3d6::model::action::{Action, Maneuver, Strike};
use fray_d20_3d6::model::state::{Condition, State};
use std::sync::Arc;

/// Puts `who` under the first AI (`ai:basic`).
fn basic(s: &mut State, who: CombatantId) {
    s.fighter_mut(who).controller = Arc::new(Controller::Ai("basic".into()));
}

/// Changes `who`'s sheet.
fn sheet(
    s: &mut State,
    who: CombatantId,
    change: impl FnOnce(&mut fray_d20_3d6::model::state::Stats),
) {
    let mut stats = (*s.fighter(who).stats).clone();
    change(&mut stats);
    s.fighter_mut(who).stats = Arc::new(stats);
    s.reindex();
}

#[test]
fn the_first_ai_trusts_to_luck_against_a_high_defense_rule_x_atk_007() {
    // rule: X-ATK-007
    // +10 against Defense 18: 3 golden d6 >= 8 (78%) beats 4 dice >= 12 (73%).
    let mut s = duel(&["sword"], 1);
    basic(&mut s, A);
    turn_of(&mut s, A);
    s.turn.actions = 1;
    assert_eq!(D20::ai_action(&s, A), Action::Attack(Strike::new(B, 0)));
    // Against Defense 30 the extra die pays: >= 24 on four dice (13%)
    // beats >= 20 on three (10.5%).
    let mut stats = (*s.fighter(B).stats).clone();
    stats.defense_skill += 12;
    s.fighter_mut(B).stats = std::sync::Arc::new(stats);
    s.reindex();
    assert_eq!(
        D20::ai_action(&s, A),
        Action::Attack(Strike {
            trust_to_luck: true,
            ..Strike::new(B, 0)
        })
    );
}

#[test]
fn the_first_ai_takes_a_precise_strike_when_it_is_worth_more_hits_rule_x_man_011() {
    // rule: X-MAN-011, X-MUL-001
    // First attack of the turn, three actions: three attacks (78% + 39% +
    // 16%) beat a Precise Strike and one more attack (91% + 39%).
    let mut s = duel(&["sword"], 1);
    basic(&mut s, A);
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

/// The duel's two fighters with maneuvers outside the multiple-attack
/// progression (X-SPM-001's switch).
fn no_progression() -> State {
    state(
        "[options]\nmaneuvers_use_attack_progression = false",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword"], "shield = \"shield\"")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "shield = \"shield\"")),
        ],
    )
}

/// Plays `who`'s action with fixed dice, answers declined.
fn play(s: &mut State, who: CombatantId, a: Action, rolls: Vec<fray_core::RollInput>) {
    act(s, who, a, rolls, vec![]).unwrap();
}

#[test]
fn the_controller_ai_basic_selects_the_first_ai_rule_x_man_006() {
    // rule: X-MAN-006, X-QCK-003
    // B 4 m away with its Reaction ready: the first AI charges into the
    // Set vs Charge, the seasoned one walks in and keeps both attacks.
    let mut s = duel(&["sword"], 4);
    turn_of(&mut s, A);
    let seasoned = D20::ai_action(&s, A);
    assert!(matches!(seasoned, Action::Move { .. }), "{seasoned:?}");
    basic(&mut s, A);
    let first = D20::ai_action(&s, A);
    assert!(matches!(first, Action::Charge { .. }), "{first:?}");
    // And the scenario's `ai:basic` reaches the same mind.
    let text = include_str!("../../../../../scenarios/d20-3d6/duel.toml").replacen(
        "controller = \"ai\"",
        "controller = \"ai:basic\"",
        1,
    );
    let scenario: fray_d20_3d6::model::scenario::Scenario = toml::from_str(&text).unwrap();
    let st = D20::setup(&scenario).unwrap();
    assert!(fray_d20_3d6::ai::is_basic(&st, A));
    assert!(!fray_d20_3d6::ai::is_basic(&st, B));
}

#[test]
fn the_seasoned_ai_moves_in_then_spends_both_actions_left_on_attacks_rule_x_man_004() {
    // rule: X-MAN-004, X-MUL-001
    let mut s = duel(&["sword"], 4);
    turn_of(&mut s, A);
    let a = D20::ai_action(&s, A);
    let Action::Move { to } = a else {
        panic!("{a:?}")
    };
    play(&mut s, A, a, vec![]);
    assert_eq!(s.fighter(A).pos, to);
    assert!(!s.fighter(A).ran);
    // In reach with two actions: an attack, then (after a miss) another.
    let a = D20::ai_action(&s, A);
    assert!(matches!(a, Action::Attack(st) if st.target == B), "{a:?}");
    play(&mut s, A, a, vec![f(&[1, 1, 1])]);
    assert_eq!(s.turn.actions, 1);
    let a = D20::ai_action(&s, A);
    assert!(matches!(a, Action::Attack(st) if st.target == B), "{a:?}");
}

#[test]
fn the_seasoned_ai_charges_a_foe_that_cannot_set_against_it_rule_x_qck_003() {
    // rule: X-MAN-006, X-QCK-003
    // The same B, its Reaction spent and too weak to hurt A much: the
    // charge's +1d6 is worth its -4 Defense.
    let mut s = duel(&["sword"], 4);
    turn_of(&mut s, A);
    s.fighter_mut(B).reactions = 0;
    sheet(&mut s, B, |st| {
        st.bab = -10;
    });
    let a = D20::ai_action(&s, A);
    assert!(
        matches!(a, Action::Charge { strike, .. } if strike.target == B),
        "{a:?}"
    );
}

#[test]
fn the_seasoned_ai_stands_up_with_its_immediate_first_rule_x_man_012() {
    // rule: X-MAN-012, X-ACT-002
    // Acrobatics -4 makes DC 13 less than half the time: the first AI
    // spends a normal action; the seasoned one tries the free Immediate
    // first and keeps the normal action for a second try.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    sheet(&mut s, A, |st| st.skills.acrobatics = -4);
    s.fighter_mut(A).cond.set(Condition::Prone, true);
    assert_eq!(D20::ai_action(&s, A), Action::StandUp { immediate: true });
    basic(&mut s, A);
    assert_eq!(D20::ai_action(&s, A), Action::StandUp { immediate: false });
}

#[test]
fn the_seasoned_ai_picks_its_weapon_up_after_a_disarm_rule_x_man_013() {
    // rule: X-MAN-013, X-SPM-001
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    s.fighter_mut(A).main = None;
    assert_eq!(
        D20::ai_action(&s, A),
        Action::Draw {
            weapon: 0,
            offhand: false
        }
    );
}

#[test]
fn the_seasoned_ai_trips_a_foe_that_is_hard_to_hit_and_easy_to_throw_rule_x_spm_005() {
    // rule: X-SPM-005, X-DEF-003, X-SPM-001
    // B's Defense 26 and Fortitude + STR -2; A's Athletics +15: the trip
    // nearly always lands and the attacks after it face Defense 22; with
    // maneuvers outside the multiple-attack progression
    // (`maneuvers_use_attack_progression = false`) the next attack is
    // still the turn's first.
    let mut s = no_progression();
    turn_of(&mut s, A);
    sheet(&mut s, A, |st| st.skills.athletics = 15);
    sheet(&mut s, B, |st| {
        st.defense_skill += 8;
        st.saves.fort = -2;
        st.str = 0;
    });
    assert_eq!(
        D20::ai_action(&s, A),
        Action::Maneuver {
            kind: Maneuver::Trip,
            target: B
        }
    );
    // The same foe with a Fortitude + STR of 25: no trip.
    sheet(&mut s, B, |st| st.saves.fort = 25);
    assert!(matches!(
        D20::ai_action(&s, A),
        Action::Attack(_) | Action::PreciseStrike(_)
    ));
}

#[test]
fn the_seasoned_ai_grapples_a_prone_foe_it_cannot_trip_again_rule_x_spm_004() {
    // rule: X-SPM-004, X-DEF-005
    // B lies prone with Defense 30 (26 prone) and BAB +15 next to A and
    // A's friend C: a grapple (-2 Defense until B escapes, for C's blows
    // too; escaping would cost B two strong attacks) is worth more than
    // A's own long-shot attacks.
    let sword = fighter(&["sword"], "shield = \"shield\"");
    let mut s = state(
        "[options]\nmaneuvers_use_attack_progression = false",
        &[
            entry("A", "a", 5, 5, &sword),
            entry("B", "b", 6, 5, &sword),
            entry("C", "a", 7, 5, &sword),
        ],
    );
    turn_of(&mut s, A);
    sheet(&mut s, A, |st| st.skills.athletics = 15);
    sheet(&mut s, B, |st| {
        st.defense_skill += 12;
        st.saves.fort = -2;
        st.str = 0;
        st.bab = 15;
    });
    s.fighter_mut(B).cond.set(Condition::Prone, true);
    assert_eq!(
        D20::ai_action(&s, A),
        Action::Maneuver {
            kind: Maneuver::Grapple,
            target: B
        }
    );
    // Grappled already and pinned: nothing more to gain; it strikes.
    s.fighter_mut(B).grappled_by = Some(A);
    s.fighter_mut(B).pinned = true;
    let a = D20::ai_action(&s, A);
    assert!(
        matches!(a, Action::Attack(_) | Action::PreciseStrike(_)),
        "{a:?}"
    );
}

#[test]
fn the_seasoned_ai_feints_a_nimble_foe_rule_x_spm_002() {
    // rule: X-SPM-002
    // B's DEX +6 and Sense Motive 0 against A's Bluff +12: one action (no
    // multiple-attack penalty) takes 6 off B's Defense for the next blow.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    sheet(&mut s, A, |st| st.skills.bluff = 12);
    sheet(&mut s, B, |st| {
        st.dex = 6;
        st.skills.sense = 0;
    });
    assert_eq!(
        D20::ai_action(&s, A),
        Action::Maneuver {
            kind: Maneuver::Feint,
            target: B
        }
    );
    // Against B's DEX +1 the feint is not worth an attack.
    sheet(&mut s, B, |st| st.dex = 1);
    assert!(matches!(D20::ai_action(&s, A), Action::Attack(_)));
}

#[test]
fn the_seasoned_ai_takes_total_defense_only_when_it_pays_rule_x_man_009() {
    // rule: X-MAN-009, X-MAN-008
    // Equal fighters: attacks, never Total Defense.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    assert!(matches!(D20::ai_action(&s, A), Action::Attack(_)));
    // A cannot hurt B (Defense 40) and B hits hard: Total Defense.
    sheet(&mut s, B, |st| st.defense_skill += 22);
    assert_eq!(D20::ai_action(&s, A), Action::TotalDefense);
    play(&mut s, A, Action::TotalDefense, vec![]);
    // The action left is not thrown away when a potion waits on the belt
    // of a fighter hurt to half.
    s.fighter_mut(A).hp = 15;
    let a = D20::ai_action(&s, A);
    assert!(
        matches!(a, Action::TakePotion { .. }) || a == Action::EndTurn,
        "{a:?}"
    );
}

#[test]
fn the_seasoned_archer_does_not_shoot_through_a_friend_rule_x_rng_006() {
    // rule: X-RNG-006, X-DEF-009
    // A's friend C stands between A and B; D is as far and in the clear.
    let bow = fighter(&["bow"], "");
    let sword = fighter(&["sword"], "shield = \"shield\"");
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &bow),
            entry("B", "b", 15, 5, &sword),
            entry("C", "a", 10, 5, &sword),
            entry("D", "b", 15, 12, &sword),
        ],
    );
    turn_of(&mut s, A);
    let a = D20::ai_action(&s, A);
    assert!(
        matches!(a, Action::Attack(st) | Action::PreciseStrike(st) if st.target == CombatantId(3)),
        "{a:?}"
    );
    // The first AI shoots the nearest (B, the lower id) through C.
    basic(&mut s, A);
    let a = D20::ai_action(&s, A);
    assert!(
        matches!(a, Action::Attack(st) | Action::PreciseStrike(st) if st.target == B),
        "{a:?}"
    );
}

/// Plays one fight of `start` from a seed to its end.
fn fight(mut s: State, seed: u64) -> fray_core::Outcome {
    let mut oracle = SimOracle::<D20>::new(fray_core::dice::trial_rng(seed, 0));
    fray_core::engine::run(&mut s, &mut oracle, &mut NullSink).unwrap()
}

#[test]
fn the_seasoned_ai_beats_the_first_in_mirror_duels_both_ways() {
    // rule: X-MUL-001, X-MAN-008 (the reference duel, 200 fights each way)
    let text = include_str!("../../../../../scenarios/d20-3d6/duel.toml");
    let scenario: fray_d20_3d6::model::scenario::Scenario = toml::from_str(text).unwrap();
    let start = D20::setup(&scenario).unwrap();
    for (seasoned, first) in [(A, B), (B, A)] {
        let mut s = start.clone();
        basic(&mut s, first);
        let (mut won, mut lost) = (0, 0);
        for seed in 0..200 {
            match fight(s.clone(), seed).winner {
                Some(w) if w == s.fighter(seasoned).side => won += 1,
                Some(_) => lost += 1,
                None => {}
            }
        }
        assert!(
            won * 100 >= 60 * (won + lost),
            "seasoned {seasoned}: {won} won, {lost} lost"
        );
    }
}
