//! Critical misses, critical defenses and critical head blows, played with
//! scripted dice.
//!
//! A is ST 12 DX 12, Broadsword-14 (sw+1 = 1d+3 cut, Dodge 9); B is DX 11,
//! Broadsword-13 (Parry 9, Dodge 8), toe to toe; A acts first. An 18 on an
//! attack is a critical miss (G-EXT-003).

use crate::common::*;
use fray_core::grid::HexPos;
use fray_gurps::model::action::{Action, Answer};
use fray_gurps::model::location::Location;
use fray_gurps::model::state::{DefenseKind, Life, Posture, State};
use fray_gurps::rules::defense::{Incoming, options};
use fray_gurps::setup::setup;

fn a() -> String {
    swordsman(12, 14)
}
fn b() -> String {
    swordsman(11, 13)
}

/// A attacks B with the given dice.
fn a_attacks(
    s: State,
    rolls: &[i32],
    answers: Vec<Answer>,
) -> (State, Vec<fray_gurps::model::event::Event>) {
    run_steps(s, &log(vec![("A", attack(B))], rolls, answers), 1)
}

fn dodge_of_a(s: &State) -> i32 {
    options(s, &Incoming::melee(s, B, A), None)[0].value
}

// rule: G-EXT-009, G-EXT-003
#[test]
fn armed_critical_misses_drop_break_turn_unbalance_strain_and_fell() {
    let s = duel(&a(), &b());
    // 9-11: the weapon drops.
    let (d, ev) = a_attacks(s.clone(), &[18, 10], vec![]);
    assert_eq!(roll(&ev, "critical miss table").total, 10);
    assert_eq!(d.fighter(A).weapons[0].dropped_at, Some(HexPos::new(0, 0)));
    // 3: it breaks for good.
    let (d, _) = a_attacks(s.clone(), &[18, 3], vec![]);
    assert!(d.fighter(A).weapons[0].broken());
    let err = fray_gurps::rules::maneuver::check(&d, A, &Action::Ready { weapon: 0 }).unwrap_err();
    assert!(err.reason.contains("broken"), "{err}");
    // 7: off balance, -2 to defend until A's next turn.
    let (d, _) = a_attacks(s.clone(), &[18, 7], vec![]);
    assert!(d.fighter(A).off_balance());
    assert_eq!(dodge_of_a(&d), 9 - 2);
    // 8: it turns in the hand: unready, still held.
    let (d, _) = a_attacks(s.clone(), &[18, 8], vec![]);
    let w = &d.fighter(A).weapons[0];
    assert!(!w.ready() && w.dropped_at.is_none() && !w.broken());
    // 15: strained shoulder: the weapon arm is out.
    let (d, _) = a_attacks(s.clone(), &[18, 15], vec![]);
    assert!(d.fighter(A).crippled.contains(&Location::RightArm));
    assert!(fray_gurps::rules::maneuver::check(&d, A, &Action::Ready { weapon: 0 }).is_err());
    // 16: A falls down.
    let (d, _) = a_attacks(s.clone(), &[18, 16], vec![]);
    assert_eq!(d.fighter(A).posture, Posture::Lying);
}

// rule: G-EXT-009
#[test]
fn a_critical_miss_can_hit_yourself_or_fling_the_weapon_at_someone() {
    let s = duel(&a(), &b());
    // 5: A hits its own arm (1d: 2 = arm) with 4 cut: 6 injury.
    let (d, ev) = a_attacks(s.clone(), &[18, 5, 2, 4], vec![]);
    assert!(
        conditions(&ev)
            .iter()
            .any(|c| c.1 == "hits its own right arm")
    );
    assert_eq!(d.fighter(A).hp, 6);
    // 14: the swung sword flies 1 yard forward, into B's hex; B fails DX 11
    // (12) and takes half damage: 4 halved to 2 cut = 3 injury.
    let (d, ev) = a_attacks(s.clone(), &[18, 14, 1, 1, 12, 4], vec![]);
    assert_eq!(roll(&ev, "dodge the flying weapon").target, Some(11));
    assert_eq!(d.fighter(A).weapons[0].dropped_at, Some(HexPos::new(0, -1)));
    assert_eq!(d.fighter(B).hp, 9);
    // An impaling thrust that rolls 5 rolls again: 10 drops the spear instead.
    let spear = sheet(
        12,
        12,
        10,
        12,
        "skills = { Spear = 14 }\nweapons = [\"Spear\"]",
    );
    let (d, ev) = a_attacks(duel(&spear, &b()), &[18, 5, 10], vec![]);
    assert_eq!(roll(&ev, "critical miss table, again").total, 10);
    assert!(!d.fighter(A).weapons[0].ready());
    assert_eq!(d.fighter(A).hp, 12);
}

fn brawler_vs_b() -> State {
    let brawler = sheet(12, 12, 10, 12, "skills = { Brawling = 14 }");
    let sc = scenario(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &brawler),
            fighter("B", "b", 0, -1, "s", &b()),
        ],
    );
    setup(&sc, &armory_unarmed()).unwrap()
}

// rule: G-EXT-010
#[test]
fn unarmed_critical_misses() {
    let s = brawler_vs_b();
    let punch = |rolls: &[i32]| a_attacks(s.clone(), rolls, vec![]);
    // 3: A knocks itself out.
    let (d, ev) = punch(&[18, 3]);
    assert_eq!(roll(&ev, "unarmed critical miss table").total, 3);
    assert_eq!(d.fighter(A).life, Life::Unconscious);
    // 4: a strained hand: 1 HP, the hand out for the fight, said in words.
    let (d, ev) = punch(&[18, 4]);
    assert_eq!(d.fighter(A).hp, 11);
    assert!(d.fighter(A).crippled.contains(&Location::RightHand));
    assert!(
        conditions(&ev)
            .iter()
            .any(|c| c.1 == "strains the right hand: 1 HP" && c.2 == "G-EXT-010"),
        "{:?}",
        conditions(&ev)
    );
    // 8: A falls down.
    assert_eq!(punch(&[18, 8]).0.fighter(A).posture, Posture::Lying);
    // 10: off balance.
    assert!(punch(&[18, 10]).0.fighter(A).off_balance());
    // 12: a trip: DX 12, roll 13: down.
    let (d, ev) = punch(&[18, 12, 13]);
    assert_eq!(roll(&ev, "keep footing after a trip").target, Some(12));
    assert_eq!(d.fighter(A).posture, Posture::Lying);
    // 13: dropped guard: -2 to defend until A's next turn.
    let (d, _) = punch(&[18, 13]);
    assert!(d.fighter(A).dropped_guard());
    assert_eq!(dodge_of_a(&d), 9 - 2);
    // 5: A punches something solid: its own thrust (1d-1), rolled 3, to the hand.
    let (d, ev) = punch(&[18, 5, 3]);
    assert_eq!(damage(&ev)[0].1, "right hand");
    assert_eq!(d.fighter(A).hp, 9);
    // 15: a torn muscle: 1d-3 (rolled 2) to the hand, -1 to attack and defend
    // until after A's next turn, and -3 to punches for the rest of the fight.
    let (d, _) = punch(&[18, 15, 2]);
    assert_eq!(d.fighter(A).hp, 10);
    assert_eq!(dodge_of_a(&d), 9 - 1);
    let next = fray_gurps::rules::attack::to_hit::<fray_core::Total>(
        &d,
        A,
        &strike(B),
        fray_gurps::rules::attack::How::ATTACK,
    );
    assert_eq!(next.0, 14 - 1 - 3);
}

// rule: G-EXT-011
#[test]
fn critical_defenses_a_fumbled_parry_and_a_perfect_dodge() {
    let s = duel(&a(), &b());
    // B parries with 18: B rolls on the Critical Miss Table (10: drops the
    // sword); the parry failed, so A's 4 cut lands: 6 injury.
    let (d, _) = a_attacks(
        s.clone(),
        &[10, 18, 10, 4],
        vec![defend(DefenseKind::Parry, false)],
    );
    assert_eq!(d.fighter(B).weapons[0].dropped_at, Some(HexPos::new(0, -1)));
    assert_eq!(d.fighter(B).hp, 6);
    // B dodges with 3: A rolls on the table (16: A falls).
    let (d, ev) = a_attacks(s, &[10, 3, 16], vec![defend(DefenseKind::Dodge, false)]);
    assert_eq!(
        roll(&ev, "critical miss table").roller.as_deref(),
        Some("A")
    );
    assert_eq!(d.fighter(A).posture, Posture::Lying);
}

fn skull_blow(rolls: &[i32]) -> (State, Vec<fray_gurps::model::event::Event>) {
    let l = log(
        vec![("A", hit(strike_at(B, Location::Skull)))],
        rolls,
        vec![],
    );
    run_steps(duel(&a(), &b()), &l, 1)
}

fn hit(s: fray_gurps::model::action::Strike) -> Action {
    Action::Attack {
        strike: s,
        step: None,
        extra: None,
        giant_step: None,
    }
}

// rule: G-EXT-008, G-LOC-018, G-EXT-006
#[test]
fn critical_hits_on_the_head_use_the_head_blow_table() {
    // 3 at skill 7 is a critical hit: no defense; the head blow table's 15
    // is maximum damage: 9 cut - DR 2 = 7 x4 = 28. Knockdown at HT 12 - 10
    // (skull): 10 fails by 8: out; death check at -16: 10 holds.
    let (s, ev) = skull_blow(&[3, 15, 10, 10]);
    assert!(rolls(&ev).iter().all(|r| r.label != "critical hit table"));
    assert_eq!(roll(&ev, "critical head blow table").total, 15);
    let dmg = damage(&ev);
    assert_eq!((dmg[0].2, dmg[0].3, dmg[0].4), (9, 2, 28));
    assert_eq!(s.fighter(B).life, Life::Unconscious);
    // 8: B must Do Nothing on its next turn (4 cut - 2 = 2 x4 = 8; knockdown 3 holds).
    let (s, _) = skull_blow(&[3, 8, 4, 3]);
    assert!(s.fighter(B).do_nothing_next());
    let err = fray_gurps::rules::maneuver::check(&s, B, &attack(A)).unwrap_err();
    assert_eq!(err.rule, "G-EXT-008", "{err}");
    assert!(fray_gurps::rules::maneuver::check(&s, B, &Action::DoNothing).is_ok());
    // 6 from the front: the blow strikes the eye (no skull DR): 4 x4 = 16.
    let (_, ev) = skull_blow(&[3, 6, 4, 3]);
    let dmg = damage(&ev);
    assert_eq!((dmg[0].1.as_str(), dmg[0].3, dmg[0].4), ("eye", 0, 16));
    // 14: B drops its sword (4 - 2 = 2 x4 = 8; knockdown 3 holds).
    let (s, _) = skull_blow(&[3, 14, 4, 3]);
    assert!(!s.fighter(B).weapons[0].ready());
    // With two weapons in hand, 1d says which: 5 of 1-6 is the second.
    let two = sheet(
        12,
        11,
        10,
        12,
        "skills = { Broadsword = 13, Knife = 13 }\nweapons = [\"Broadsword\", \"Knife\"]",
    );
    let l = log(
        vec![("A", hit(strike_at(B, Location::Skull)))],
        &[3, 14, 4, 3, 5],
        vec![],
    );
    let (s, ev) = run_steps(duel(&a(), &two), &l, 1);
    assert_eq!(roll(&ev, "which weapon drops").total, 5);
    assert!(s.fighter(B).weapons[0].ready() && !s.fighter(B).weapons[1].ready());
}

// rule: G-EXT-008
#[test]
fn an_eye_hit_from_behind_is_impossible_so_row_four_halves_dr_rounding_up() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a()),
            fighter("B", "b", 0, -1, "n", &b()),
        ],
    );
    let l = log(
        vec![("A", hit(strike_at(B, Location::Skull)))],
        &[3, 6, 4, 3],
        vec![],
    );
    let (_, ev) = run_steps(s, &l, 1);
    let dmg = damage(&ev);
    // Skull DR 2 halved, rounding up: 1. 4 - 1 = 3 x4 = 12.
    assert_eq!((dmg[0].1.as_str(), dmg[0].3, dmg[0].4), ("skull", 1, 12));
}

// rule: G-LOC-005, G-LOC-006
#[test]
fn tails_and_four_legs_change_random_hits() {
    let random = fray_gurps::model::action::Strike {
        location: fray_gurps::model::action::Aim::Random,
        ..strike(B)
    };
    // Location 6: right leg; a tailed target rolls 1d: 1 is the tail.
    let tailed = format!("{}\ntraits = [\"tail\"]", b());
    let l = log(
        vec![("A", hit(random))],
        &[10, 4, 6, 1],
        vec![Answer::NoDefense],
    );
    let (_, ev) = run_steps(duel(&a(), &tailed), &l, 1);
    assert_eq!(damage(&ev)[0].1, "tail");
    // Location 8: right arm; on a four-legged target, the right leg.
    let beast = format!("{}\ntraits = [\"quadruped\"]", b());
    let l = log(
        vec![("A", hit(random))],
        &[10, 4, 8],
        vec![Answer::NoDefense],
    );
    let (_, ev) = run_steps(duel(&a(), &beast), &l, 1);
    assert_eq!(damage(&ev)[0].1, "right leg");
}
