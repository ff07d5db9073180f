//! Finer points: cover for the shooter, unarmed retreats, shield limbs,
//! eyes from behind, Double attacks with unbalanced weapons, beheading,
//! crippled legs, feinting with a shield, half Move on All-Out Defense,
//! Basic jumping and the shields' DB.

use crate::common::*;
use fray_core::ModList;
use fray_core::grid::HexPos;
use fray_gurps::model::action::{Action, AllOutVariant, DefenseVariant, Jump, Step, Strike};
use fray_gurps::model::location::Location;
use fray_gurps::model::state::{DefenseKind, Life, Posture, State};
use fray_gurps::rules::attack::{How, to_hit};
use fray_gurps::rules::defense::{Incoming, options};

fn hex(q: i32, r: i32) -> HexPos {
    HexPos::new(q, r)
}

fn illegal(s: &State, who: fray_core::CombatantId, a: &Action) -> fray_core::Illegal {
    fray_gurps::rules::maneuver::check(s, who, a).expect_err("illegal")
}

fn hits(s: &State, strike: &Strike) -> ModList {
    to_hit::<ModList>(s, A, strike, How::ATTACK)
}

fn value(m: &ModList, label: &str) -> Option<i32> {
    m.iter().find(|x| x.label == label).map(|x| x.value)
}

// rule: G-ATK-027
#[test]
fn a_shooter_behind_an_obstruction_shoots_from_cover() {
    // The archer at (0,0) shoots north past a boulder at (0,-1): -2 for
    // shooting from behind cover, and the boulder is no cover for B.
    let archer = sheet(10, 12, 10, 12, "skills = { Bow = 14 }\nweapons = [\"Bow\"]");
    let s = setup_on(
        "[[map.terrain]]\nterrain = \"obstruction\"\nhexes = [{ q = 0, r = -1 }]",
        &[
            fighter("A", "a", 0, 0, "n", &archer),
            fighter("B", "b", 0, -5, "s", &swordsman(11, 13)),
        ],
    );
    let m = hits(&s, &strike(B));
    assert_eq!(value(&m, "shooting from behind cover"), Some(-2));
    assert_eq!(value(&m, "cover"), None);
}

fn setup_on(terrain: &str, combatants: &[String]) -> State {
    fray_gurps::setup::setup(&scenario_on(terrain, "", combatants), &armory_unarmed()).unwrap()
}

// rule: G-DEF-009
#[test]
fn judo_retreats_like_fencing_when_parrying_bare_handed() {
    let judoka = sheet(
        11,
        13,
        10,
        12,
        "skills = { Judo = 14, Brawling = 14 }\nweapons = []",
    );
    let s = setup_on(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &judoka),
        ],
    );
    let parry = options(&s, &Incoming::melee(&s, A, B), None)
        .into_iter()
        .find(|o| o.kind == DefenseKind::Parry)
        .expect("a bare-handed parry");
    assert_eq!(parry.with_retreat, Some(parry.value + 3));
}

// rule: G-LOC-002
#[test]
fn the_limb_behind_a_ready_shield_is_twice_as_hard_to_hit() {
    let shielded = format!(
        "{}\nshield = \"Medium Shield\"\nskills = {{ Broadsword = 13, Shield = 12 }}",
        sheet(12, 11, 10, 12, "weapons = [\"Broadsword\"]")
    );
    let s = setup_on(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &shielded),
        ],
    );
    let arm = hits(&s, &strike_at(B, Location::LeftArm));
    assert_eq!(value(&arm, "behind the shield"), Some(-2));
    let hand = hits(&s, &strike_at(B, Location::LeftHand));
    assert_eq!(value(&hand, "behind the shield"), Some(-4));
    assert_eq!(
        value(
            &hits(&s, &strike_at(B, Location::RightArm)),
            "behind the shield"
        ),
        None
    );
}

// rule: G-LOC-012
#[test]
fn eyes_cannot_be_struck_from_behind() {
    let knifer = sheet(
        12,
        12,
        10,
        12,
        "skills = { Knife = 14 }\nweapons = [\"Knife\"]",
    );
    let s = setup_on(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &knifer),
            fighter("B", "b", 0, -1, "n", &swordsman(11, 13)),
        ],
    );
    let at_eye = Action::Attack {
        strike: strike_at(B, Location::Eye),
        step: None,
        extra: None,
        giant_step: None,
    };
    assert_eq!(illegal(&s, A, &at_eye).rule, "G-LOC-012");
}

// rule: G-AOA-003
#[test]
fn a_double_attack_with_an_unbalanced_weapon_needs_a_second_weapon() {
    let axeman = sheet(
        12,
        12,
        10,
        12,
        "skills = { \"Axe/Mace\" = 14 }\nweapons = [\"Axe\"]",
    );
    let s = duel(&axeman, &swordsman(11, 13));
    let double = Action::AllOutAttack {
        variant: AllOutVariant::Double,
        strike: strike(B),
        advance: 0,
    };
    assert_eq!(illegal(&s, A, &double).rule, "G-AOA-003");
    let two = sheet(
        12,
        12,
        10,
        12,
        "skills = { \"Axe/Mace\" = 14, Knife = 12 }\nweapons = [\"Axe\", \"Knife\"]",
    );
    assert!(
        fray_gurps::rules::maneuver::check(&duel(&two, &swordsman(11, 13)), A, &double).is_ok()
    );
}

// rule: G-LOC-014
#[test]
fn a_cutting_blow_that_kills_through_the_neck_beheads() {
    // B is down at -55 HP (four death checks made); a neck cut of 4 (x2 = 8)
    // takes it past -60: dead, and beheaded.
    // C, on B's side, keeps the fight going.
    let mut s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
            fighter("C", "b", 4, -4, "s", &swordsman(10, 13)),
        ],
    );
    s.fighters[1].life = Life::Unconscious;
    s.fighters[1].hp = -55;
    s.fighters[1].death_checks = 4;
    let neck = Action::Attack {
        strike: strike_at(B, Location::Neck),
        step: None,
        extra: None,
        giant_step: None,
    };
    let l = log(vec![("A", neck)], &[8, 4], vec![]);
    let (after, ev) = run_some(s, &l, 1);
    assert_eq!(after.fighter(B).life, Life::Dead);
    assert!(
        conditions(&ev)
            .iter()
            .any(|(_, w, r)| w == "is beheaded" && *r == "G-LOC-014")
    );
}

// rule: G-LOC-009, G-LOC-010
#[test]
fn a_punch_needs_an_arm_that_is_not_crippled() {
    let mut s = setup_on(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
        ],
    );
    let punch = s
        .fighter(A)
        .weapons
        .iter()
        .position(|w| w.weapon.name == "Punch")
        .expect("a humanoid has a Punch") as u8;
    let act = Action::Attack {
        strike: Strike::at(B).with(punch, 0),
        step: None,
        extra: None,
        giant_step: None,
    };
    s.fighters[0].crippled.push(Location::RightArm);
    assert!(
        fray_gurps::rules::maneuver::check(&s, A, &act).is_ok(),
        "the left hand still punches"
    );
    s.fighters[0].crippled.push(Location::LeftHand);
    assert_eq!(illegal(&s, A, &act).rule, "G-LOC-009");
}

// rule: G-LOC-010
#[test]
fn a_crippled_leg_keeps_the_figure_off_its_feet() {
    let mut s = duel(&swordsman(12, 14), &swordsman(11, 13));
    s.fighters[0].posture = Posture::Kneeling;
    s.fighters[0].crippled.push(Location::LeftLeg);
    let stand = Action::ChangePosture {
        to: Posture::Standing,
    };
    assert_eq!(illegal(&s, A, &stand).rule, "G-LOC-010");
    let up = Action::AllOutDefense {
        variant: DefenseVariant::Double,
        step: Some(Step {
            to: None,
            face: None,
            after: false,
            posture: Some(Posture::Standing),
        }),
        path: Vec::new(),
    };
    assert_eq!(illegal(&s, A, &up).rule, "G-LOC-010");
    assert!(
        fray_gurps::rules::maneuver::check(
            &s,
            A,
            &Action::ChangePosture {
                to: Posture::Sitting
            }
        )
        .is_ok()
    );
    // The AI stays down and fights kneeling.
    assert_ne!(fray_gurps::ai::action(&s, A), stand);
}

// rule: G-FNT-002
#[test]
fn a_shield_fighter_may_feint_with_shield_skill() {
    let shieldman = sheet(
        12,
        12,
        10,
        12,
        "skills = { Broadsword = 12, Shield = 15 }\nweapons = [\"Broadsword\"]\nshield = \"Medium Shield\"",
    );
    let s = duel(&shieldman, &swordsman(11, 13));
    let feint = Action::Feint {
        target: B,
        weapon: 0,
        step: None,
    };
    let l = log(vec![("A", feint)], &[10, 10], vec![]);
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "feint").target, Some(15));
}

fn aod(variant: DefenseVariant, path: Vec<HexPos>) -> Action {
    Action::AllOutDefense {
        variant,
        step: None,
        path,
    }
}

// rule: G-AOD-003
#[test]
fn increased_dodge_may_move_half_move() {
    // Move 6: half is 3.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "s", &swordsman(12, 14)),
            fighter("B", "b", 0, -5, "s", &swordsman(11, 13)),
        ],
    );
    let dodge = DefenseVariant::Increased(DefenseKind::Dodge);
    let back = |n: i32| (1..=n).map(|k| hex(0, k)).collect::<Vec<_>>();
    let l = log(vec![("A", aod(dodge, back(3)))], &[], vec![]);
    let (after, _) = run_steps(s.clone(), &l, 1);
    assert_eq!(after.fighter(A).pose.pos, hex(0, 3));
    assert!(fray_gurps::rules::maneuver::check(&s, A, &aod(dodge, back(4))).is_err());
    assert_eq!(
        illegal(&s, A, &aod(DefenseVariant::Double, back(2))).rule,
        "G-AOD-003"
    );
    let step_only = state(
        "aod_dodge_half_move = false",
        &[
            fighter("A", "a", 0, 0, "s", &swordsman(12, 14)),
            fighter("B", "b", 0, -5, "s", &swordsman(11, 13)),
        ],
    );
    assert_eq!(
        illegal(&step_only, A, &aod(dodge, back(2))).rule,
        "G-AOD-003"
    );
}

// rule: G-EXT-032
#[test]
fn the_basic_option_jumps_a_broad_jump_in_yards() {
    // Basic Move 6: 2 x 6 - 3 = 9 feet = 3 yards, standing.
    let combatants = [
        fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
        fighter("B", "b", 3, 3, "s", &swordsman(11, 13)),
    ];
    let basic = state("jump = \"basic\"", &combatants);
    let jump = |length| Action::Jump(Jump { run_up: 0, length });
    assert!(fray_gurps::rules::maneuver::check(&basic, A, &jump(3)).is_ok());
    assert!(fray_gurps::rules::maneuver::check(&basic, A, &jump(4)).is_err());
    let source = state("", &combatants);
    assert!(fray_gurps::rules::maneuver::check(&source, A, &jump(3)).is_err());
}

// rule: G-EXT-026
#[test]
fn the_bundled_shields_have_their_defense_bonuses() {
    let armory = fray_gurps::model::data::bundled().expect("bundled data");
    let db = |name: &str| armory.shield(name).map(|s| s.db);
    assert_eq!(db("Buckler"), Some(1));
    assert_eq!(db("Small Shield"), Some(1));
    assert_eq!(db("Medium Shield"), Some(2));
    assert_eq!(db("Large Shield"), Some(3));
    assert_eq!(db("Light Cloak"), Some(1));
    assert_eq!(db("Heavy Cloak"), Some(2));
}
