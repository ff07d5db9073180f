//! Bodies that are not a man's and follow-up attacks (issue 35), played
//! with scripted dice: a wolf is struck on the quadruped table and has no
//! arms, crippled legs fell it only at the second, a snake has no limbs, a
//! winged humanoid is struck on a wing; a venomous bite's follow-up goes in
//! when the fangs get through DR.
//!
//! A is ST 12 DX 12, Broadsword-14 (sw+1 = 1d+3 cut); B acts after it.
//! Dice come in the order they are rolled: the attack, the damage, the hit
//! location and its side die, then what the injury calls for.

use crate::common::*;
use fray_gurps::ai;
use fray_gurps::model::action::{Action, Aim, Answer, Strike};
use fray_gurps::model::data::parse_file;
use fray_gurps::model::location::{BodyType, Location};
use fray_gurps::model::state::{Posture, State};
use fray_gurps::setup::setup;

fn a() -> String {
    swordsman(12, 14)
}

/// A wolf-shaped figure: `body` quadruped, ST 10, HP 10, Move 9, slower
/// than A (Basic Speed 5.75).
fn wolf(extra: &str) -> String {
    sheet(
        10,
        11,
        4,
        12,
        &format!("body = \"quadruped\"\nbasic_move = 9\nskills = {{ Brawling = 14 }}\n{extra}"),
    )
}

fn hit(s: Strike) -> Action {
    Action::Attack {
        strike: s,
        step: None,
        extra: None,
        giant_step: None,
    }
}

/// A thrust (thr+1 = 1d crushing) at a random location: a total of 1
/// injures without crippling, so no more dice are asked.
fn random(target: fray_core::CombatantId) -> Strike {
    Strike {
        location: Aim::Random,
        ..strike(target).with(0, 1)
    }
}

/// A strikes B once with `rolls`, B not defending.
fn a_strikes(s: State, at: Strike, rolls: &[i32]) -> (State, Vec<fray_gurps::model::event::Event>) {
    run_steps(
        s,
        &log(vec![("A", hit(at))], rolls, vec![Answer::NoDefense]),
        1,
    )
}

// rule: G-LOC-001, G-LOC-006
#[test]
fn g_loc_006_a_wolf_is_struck_on_the_quadruped_table() {
    let s = duel(&a(), &wolf(""));
    assert_eq!(s.fighter(B).stats.body_type, BodyType::Quadruped);
    // 7 is a foreleg (the side die: even is left), 13 a hind leg, 17 the tail.
    for (roll, side, want) in [
        (7, Some(2), "left foreleg"),
        (8, Some(1), "right foreleg"),
        (13, Some(1), "right hindleg"),
        (16, Some(2), "left foot"),
        (17, None, "tail"),
        (12, None, "groin"),
        (6, None, "neck"),
    ] {
        let mut dice = vec![10, 1, roll];
        dice.extend(side);
        let (_, ev) = a_strikes(s.clone(), random(B), &dice);
        assert_eq!(damage(&ev)[0].1, want, "roll {roll}");
        if side.is_some() {
            assert_eq!(roll_labels(&ev).last(), Some(&"which side"));
        }
    }
}

// rule: G-LOC-006, G-LOC-002
#[test]
fn g_loc_006_aims_at_parts_a_body_lacks_are_refused() {
    let s = duel(&a(), &wolf(""));
    for lacks in [Location::RightArm, Location::LeftHand, Location::RightLeg] {
        let no = fray_gurps::rules::maneuver::check(&s, A, &hit(strike_at(B, lacks)))
            .expect_err("a wolf has no arms, hands or biped's legs");
        assert_eq!(no.rule, "G-LOC-006", "{lacks}");
    }
    for has in [
        Location::RightForeleg,
        Location::LeftHindleg,
        Location::RightFoot,
        Location::Tail,
    ] {
        assert!(
            fray_gurps::rules::maneuver::check(&s, A, &hit(strike_at(B, has))).is_ok(),
            "{has}"
        );
    }
    // A foreleg is a limb: -2 to aim at, like an arm or a leg.
    assert_eq!(Location::RightForeleg.aim_penalty(), -2);
    // A snake has neither limbs nor a groin; its neck is long (6-8).
    let snake = sheet(10, 10, 4, 12, "body = \"vermiform\"");
    let s = duel(&a(), &snake);
    for lacks in [Location::RightLeg, Location::RightForeleg, Location::Groin] {
        assert!(fray_gurps::rules::maneuver::check(&s, A, &hit(strike_at(B, lacks))).is_err());
    }
    let (_, ev) = a_strikes(s, random(B), &[10, 1, 8]);
    assert_eq!(damage(&ev)[0].1, "neck");
    // A biped falls on one crippled leg, as ever.
    let (s, _) = a_strikes(
        duel(&a(), &swordsman(11, 13)),
        strike_at(B, Location::RightLeg),
        &[10, 6, 5],
    );
    assert_eq!(s.fighter(B).posture, Posture::Lying);
}

// rule: G-LOC-007, G-LOC-009, G-LOC-010
#[test]
fn g_loc_010_a_wolf_falls_on_its_second_crippled_leg_and_limps_on_one() {
    // 6 cut x1.5 = 9, capped at 6: more than HP/2 = 5 cripples the foreleg;
    // the major wound calls a knockdown roll (HT 12: 5 succeeds).
    let s = duel(&a(), &wolf(""));
    let full = s.fighter(B).current_move();
    let (s, ev) = a_strikes(s, strike_at(B, Location::RightForeleg), &[10, 6, 5]);
    assert!(
        conditions(&ev)
            .iter()
            .any(|c| c.1 == "has the right foreleg crippled")
    );
    let b = s.fighter(B);
    assert_eq!(b.posture, Posture::Standing, "one leg of four: it stays up");
    // Basic B54-55: one leg of four lost, half Move.
    assert_eq!(b.current_move(), full / 2);
    // The second leg fells it (a fresh fight, the foreleg already lost).
    let mut s = duel(&a(), &wolf(""));
    s.fighter_mut(B).crippled.push(Location::RightForeleg);
    let (s, ev) = a_strikes(s, strike_at(B, Location::LeftHindleg), &[10, 6, 5]);
    assert!(
        conditions(&ev)
            .iter()
            .any(|c| c.1 == "falls: a crippled leg" && c.2 == "G-LOC-010"),
        "{}",
        narrate(&ev)
    );
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    let stand = fray_gurps::rules::maneuver::check(
        &s,
        B,
        &Action::ChangePosture {
            to: Posture::Standing,
        },
    );
    assert!(stand.is_err(), "two legs of four lost: it cannot stand");
}

// rule: G-LOC-001
#[test]
fn g_loc_001_a_winged_humanoid_is_struck_on_a_wing_on_a_9() {
    let winged = format!("{}\ntraits = [\"winged\"]", swordsman(11, 13));
    let (_, ev) = a_strikes(duel(&a(), &winged), random(B), &[10, 1, 9, 1]);
    assert_eq!(damage(&ev)[0].1, "right wing");
    // Without wings a 9 is the chest, with no side die.
    let (_, ev) = a_strikes(duel(&a(), &swordsman(11, 13)), random(B), &[10, 1, 9]);
    assert_eq!(damage(&ev)[0].1, "torso");
}

// rule: G-LOC-006, G-LOC-007
#[test]
fn the_seasoned_ai_aims_at_a_wolfs_foreleg_never_at_an_arm_it_lacks() {
    // Thick hide everywhere but the legs: crippling a leg is the blow.
    let hide = "dr = { torso = { dr = 30 }, skull = { dr = 30 }, neck = { dr = 30 }, \
        face = { dr = 30 }, vitals = { dr = 30 }, groin = { dr = 30 } }";
    let s = duel(&a(), &wolf(hide));
    match ai::action(&s, A) {
        Action::Attack { strike, .. } => {
            let at = strike.location.location().expect("an aimed blow");
            assert!(
                fray_gurps::rules::location::has_location(s.fighter(B), at),
                "aims at {at}"
            );
            assert_eq!(at, Location::RightForeleg);
        }
        other => panic!("expected an attack, got {other}"),
    }
}

/// A test armory with a venomous bite: 1d imp carrying 2d toxic (1d on a
/// successful HT roll), and a burning brand carrying 1d burn.
const VENOM: &str = r#"
[[weapon]]
name = "Fangs"
skill = "Brawling"
unarmed = "bite"
[[weapon.modes]]
name = "bite"
damage = "1d"
type = "imp"
reach = [0, 1]
follow_up = { damage = "2d", type = "tox", resist = 0, resisted = "1d" }

[[weapon]]
name = "Brand"
skill = "Brawling"
[[weapon.modes]]
name = "swing"
damage = "1d"
type = "cr"
reach = [1]
follow_up = { damage = "1d", type = "burn" }

[[weapon]]
name = "Sting"
skill = "Brawling"
[[weapon.modes]]
name = "sting"
damage = "1d"
type = "imp"
reach = [1]
follow_up = { damage = "2", type = "tox", resist = -2 }
"#;

/// A (the biter, with `weapon`) against B, a swordsman with `armor`.
fn biter(weapon: &str, b_extra: &str) -> State {
    let armory = parse_file("tests/venom.toml", &format!("{ARMORY}{VENOM}")).expect("parses");
    let a = sheet(
        12,
        14,
        4,
        12,
        &format!("skills = {{ Brawling = 16 }}\nweapons = [\"{weapon}\"]"),
    );
    let b = format!("{}\n{b_extra}", swordsman(11, 13));
    let sc = scenario(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a),
            fighter("B", "b", 0, -1, "s", &b),
        ],
    );
    setup(&sc, &armory).expect("sets up")
}

// rule: G-DMG-001, G-DMG-003, G-DMG-004 (decision: follow-up attacks)
#[test]
fn a_follow_up_goes_in_when_the_bite_gets_through_dr() {
    // Bite 2 imp on the torso (no DR): 4 injury; the HT roll fails (14),
    // the venom rolls 5: past DR, toxic x1 on the body = 5.
    let (s, ev) = a_strikes(biter("Fangs", ""), strike(B), &[10, 2, 14, 5]);
    let d = damage(&ev);
    assert_eq!(d.len(), 2, "{}", narrate(&ev));
    assert_eq!((d[0].1.as_str(), d[0].4), ("torso", 4));
    assert_eq!((d[1].1.as_str(), d[1].3, d[1].4), ("torso", 0, 5));
    assert!(
        !roll(&ev, "resist the follow-up")
            .verdict
            .contains("success")
    );
    assert_eq!(s.fighter(B).hp, 12 - 4 - 5);
    // A successful HT roll (5) leaves the lesser damage: 1d = 3.
    let (_, ev) = a_strikes(biter("Fangs", ""), strike(B), &[10, 2, 5, 3]);
    assert_eq!(damage(&ev)[1].4, 3);
    assert_eq!(roll(&ev, "follow-up damage").total, 3);
}

// rule: G-DMG-003 (decision: follow-up attacks)
#[test]
fn a_bite_stopped_by_dr_delivers_no_follow_up() {
    // Natural DR 5: a bite of 4 does nothing, and no venom goes in.
    let (s, ev) = a_strikes(biter("Fangs", "natural_dr = 5"), strike(B), &[10, 4]);
    assert_eq!(damage(&ev).len(), 1);
    assert!(!roll_labels(&ev).contains(&"resist the follow-up"));
    assert_eq!(s.fighter(B).hp, 12);
}

// rule: G-LOC-011, G-DMG-004 (decision: follow-up attacks)
#[test]
fn venom_goes_through_the_body_and_fire_strikes_where_the_blow_did() {
    // A bite to the arm: the venom counts on the body, not the arm (5 on
    // the arm would cripple it: more than HP/2 is 7, but it is not there).
    let (_, ev) = a_strikes(
        biter("Fangs", ""),
        strike_at(B, Location::RightArm),
        &[10, 2, 14, 5],
    );
    let d = damage(&ev);
    assert_eq!((d[0].1.as_str(), d[1].1.as_str()), ("right arm", "torso"));
    // A burning brand's fire strikes the neck it hit (1 cr x1.5 = 1; then
    // 2 burn past DR, x1 on the neck, G-LOC-014).
    let (_, ev) = a_strikes(
        biter("Brand", ""),
        strike_at(B, Location::Neck),
        &[10, 1, 2],
    );
    let d = damage(&ev);
    assert_eq!((d[1].1.as_str(), d[1].3, d[1].4), ("neck", 0, 2));
    // Points and an HT-2 roll that resists it whole: nothing goes in.
    let (_, ev) = a_strikes(biter("Sting", ""), strike(B), &[10, 2, 5]);
    assert_eq!(damage(&ev).len(), 1);
    assert!(notes(&ev).iter().any(|n| n.0 == "B resists the follow-up"));
    assert_eq!(
        modifier(roll(&ev, "resist the follow-up"), "follow-up"),
        Some(-2)
    );
    // Failed, the sting's 2 points go in with no die rolled.
    let (_, ev) = a_strikes(biter("Sting", ""), strike(B), &[10, 2, 12]);
    assert_eq!(damage(&ev)[1].4, 2);
}

// rule: G-ATK-024
#[test]
fn g_atk_024_size_counts_against_a_big_wolf() {
    let (_, ev) = a_strikes(duel(&a(), &wolf("sm = 1")), strike(B).with(0, 1), &[10, 1]);
    assert_eq!(modifier(roll(&ev, "attack"), "size difference"), Some(1));
}

/// Every label of a menu and its sub-menus.
fn labels(menu: &fray_core::Menu<Action>, out: &mut Vec<String>) {
    for c in &menu.choices {
        out.push(c.label.clone());
        if let fray_core::menu::Node::Menu(sub) = &c.next {
            labels(sub, out);
        }
    }
}

// rule: G-LOC-002, G-LOC-006
#[test]
fn the_table_offers_the_locations_of_the_targets_body() {
    let s = duel(&a(), &wolf(""));
    let mut all = Vec::new();
    labels(
        &<fray_gurps::Gurps as fray_core::TableView>::action_menu(&s, A),
        &mut all,
    );
    assert!(all.iter().any(|l| l == "right foreleg (-2)"), "{all:?}");
    assert!(all.iter().any(|l| l == "left hindleg (-2)"), "{all:?}");
    assert!(!all.iter().any(|l| l.contains("arm (")), "{all:?}");
    // A man's legs and arms, and no foreleg.
    let s = duel(&a(), &swordsman(11, 13));
    let mut all = Vec::new();
    labels(
        &<fray_gurps::Gurps as fray_core::TableView>::action_menu(&s, A),
        &mut all,
    );
    assert!(all.iter().any(|l| l == "right arm (-2)"), "{all:?}");
    assert!(!all.iter().any(|l| l.contains("foreleg")), "{all:?}");
}

// rule: G-POS-009
#[test]
fn g_pos_009_only_a_humanoid_lying_fills_two_hexes() {
    let mut s = duel(&a(), &wolf("sm = 1"));
    s.fighter_mut(A).posture = Posture::Lying;
    s.fighter_mut(B).posture = Posture::Lying;
    assert!(
        s.fighter(A).sprawls(),
        "a man of SM 0 lying fills two hexes"
    );
    assert!(!s.fighter(B).sprawls(), "a wolf lying keeps one");
}
