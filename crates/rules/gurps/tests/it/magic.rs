//! Spells and the Concentrate maneuver, played with scripted dice.
//!
//! W, a wizard (ST 10 DX 12 IQ 14 HT 11: Speed 5.75, Will 14, 10 HP, 20 FP,
//! Magery 3, Innate Attack (Projectile)-13, Brawling-12, Staff-12), stands
//! at (0,0) facing north and acts first. Its spells, numbered in its
//! (alphabetical) list: Deathtouch-14, Deflect Missile-14, Fireball-15,
//! Iron Arm-20, Mass Sleep-14, Minor Healing-15, Sense Foes-14, Sleep-15.
//! Foes are swordsmen (ST 12, HT 12, Broadsword-12, 12 HP, no armor) north
//! of W facing south, slower than W.

use crate::common::*;
use fray_core::Engine;
use fray_core::grid::{Facing, HexPos, Pose};
use fray_core::{CombatantId, ModList, SimOracle, VecSink, engine};
use fray_gurps::Gurps;
use fray_gurps::ai;
use fray_gurps::model::action::{
    Action, Answer, Cast, Concentrate, DefenseVariant, Grapple, Question, Step, Strike,
};
use fray_gurps::model::data::DataError;
use fray_gurps::model::event::Event;
use fray_gurps::model::location::Location;
use fray_gurps::model::scenario::Scenario;
use fray_gurps::model::spell::{SpellError, SpellFault};
use fray_gurps::model::state::{DefenseKind, Life, State};
use fray_gurps::rules::attack::{How, to_hit};
use fray_gurps::rules::defense::{Incoming, options};
use fray_gurps::setup::setup;

const IRON_ARM: u8 = 3;
const DEFLECT_MISSILE: u8 = 1;

const SPELLS: &str = "Fireball = 15, Sleep = 15, \"Mass Sleep\" = 14, \"Minor Healing\" = 15, \"Iron Arm\" = 20, \"Deflect Missile\" = 14, \"Sense Foes\" = 14, Deathtouch = 14";

/// A wizard of strength `st` with `spells` and `extra` sheet lines.
fn wizard_of(st: i32, spells: &str, extra: &str) -> String {
    sheet(
        st,
        12,
        14,
        11,
        &format!(
            "fp = 20\nmagery = 3\nskills = {{ Staff = 12, Shortsword = 11, \"Innate Attack (Projectile)\" = 13, Brawling = 12 }}\nspells = {{ {spells} }}\n{extra}"
        ),
    )
}

fn wizard(extra: &str) -> String {
    wizard_of(10, SPELLS, extra)
}

/// A swordsman foe; a lower `dx` acts later.
fn foe(dx: i32) -> String {
    swordsman(dx, 12)
}

fn b_at(q: i32, r: i32) -> String {
    fighter("B", "b", q, r, "s", &foe(10))
}

fn c_at(q: i32, r: i32) -> String {
    fighter("C", "b", q, r, "s", &foe(9))
}

/// W first, then the others, with the magic armory.
fn fight(w: &str, others: &[String]) -> State {
    let mut all = vec![fighter("W", "w", 0, 0, "n", w)];
    all.extend(others.iter().cloned());
    setup(&scenario("", &all), &armory_magic()).expect("the scenario sets up")
}

fn cast(c: Cast) -> Action {
    Action::Concentrate(Concentrate::cast(c))
}

fn go_on() -> Action {
    Action::Concentrate(Concentrate::GO_ON)
}

fn wait() -> Action {
    Action::DoNothing
}

fn attack_with(target: CombatantId, weapon: u8, mode: u8) -> Action {
    Action::Attack {
        strike: Strike::at(target).with(weapon, mode),
        step: None,
        extra: None,
        giant_step: None,
    }
}

/// `who` has concentrated on `c` for all but its last second.
fn almost_cast(mut s: State, who: CombatantId, c: &Cast) -> State {
    let mut casting = fray_gurps::rules::magic::plan(&s, who, c).expect("a legal casting");
    casting.seconds = casting.needed - 1;
    s.fighters[who.index()].casting = Some(casting);
    s
}

fn said(ev: &[Event], text: &str, rule: &str) -> bool {
    conditions(ev)
        .iter()
        .any(|(_, what, r)| what.contains(text) && *r == rule)
        || notes(ev)
            .iter()
            .any(|(t, r)| t.contains(text) && *r == rule)
}

fn illegal(s: &State, who: CombatantId, a: &Action) -> fray_core::Illegal {
    fray_gurps::rules::maneuver::check(s, who, a).expect_err("the action should be illegal")
}

// rule: G-CON-001
#[test]
fn concentrate_allows_a_step_and_any_defense_and_another_maneuver_ends_it() {
    let s = fight(&wizard("weapons = [\"Wizard's Staff\"]"), &[b_at(0, -3)]);
    let step = Step {
        to: Some(HexPos::new(0, 1)),
        face: None,
        after: false,
        posture: None,
    };
    let c = Action::Concentrate(Concentrate {
        step: Some(step),
        ..Concentrate::cast(Cast::spell("Sleep").on(B))
    });
    let (s, ev) = run_steps(s, &log(vec![("W", c)], &[], vec![]), 1);
    assert_eq!(s.fighter(A).pose.pos, HexPos::new(0, 1));
    let casting = s.fighter(A).casting.expect("the spell is under way");
    assert_eq!((casting.seconds, casting.needed), (1, 3));
    assert!(said(
        &ev,
        "concentrates on Sleep: 1 of 3 seconds",
        "G-CON-001"
    ));
    // Any defense: Dodge, Parry with the staff, and the blocking spells.
    let kinds: Vec<DefenseKind> = options(&s, &Incoming::melee(&s, B, A), None)
        .iter()
        .map(|o| o.kind)
        .collect();
    for k in [DefenseKind::Dodge, DefenseKind::Parry, DefenseKind::Spell] {
        assert!(kinds.contains(&k), "{k:?} in {kinds:?}");
    }
    // A step, not more.
    let far = Action::Concentrate(Concentrate {
        step: Some(Step {
            to: Some(HexPos::new(0, 3)),
            ..step
        }),
        ..Concentrate::GO_ON
    });
    assert!(fray_gurps::rules::maneuver::check(&s, A, &far).is_err());
    // Any other maneuver abandons the spell under way.
    let (s, ev) = run_steps(s, &log(vec![("B", wait()), ("W", wait())], &[], vec![]), 2);
    assert!(s.fighter(A).casting.is_none());
    assert!(said(&ev, "stops casting Sleep", "G-CON-001"));
}

// rule: G-SPL-009, G-SPL-011
#[test]
fn a_missile_spell_is_cast_with_concentrate_then_thrown_with_an_attack() {
    let s = fight(&wizard(""), &[b_at(0, -3)]);
    // Fireball-15 with 3 energy in one second (Magery 3): 10 succeeds;
    // skill 15 cuts the first die's energy: 2 FP.
    let l = log(
        vec![("W", cast(Cast::spell("Fireball").energy(3)))],
        &[10],
        vec![],
    );
    let (s, ev) = run_steps(s, &l, 1);
    let r = roll(&ev, "cast a spell");
    assert_eq!((r.rule, r.target), ("G-SPL-009", Some(15)));
    assert_eq!(r.modifiers[0].label, "Fireball");
    assert_eq!(s.fighter(A).fp, 18);
    assert_eq!(s.fighter(A).weapons[0].weapon.name, "Fireball (3d)");
    // B waits. W throws it with Innate Attack-13, -1 for 3 yards: 10 hits;
    // B does not defend; 3d burning rolls 11: 11 injury; B's knockdown roll holds.
    let l = log(
        vec![("B", wait()), ("W", attack_with(B, 0, 0))],
        &[10, 11, 10],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(s, &l, 2);
    let r = roll(&ev, "attack");
    assert_eq!(r.target, Some(12));
    assert_eq!(modifier(r, "range and speed"), Some(-1));
    assert_eq!(damage(&ev)[0].4, 11);
    assert!(s.fighter(A).weapons.is_empty(), "thrown, it is gone");
}

// rule: G-SPL-011
#[test]
fn a_charged_spell_stays_in_hand_until_used_or_let_go() {
    let s = fight(&wizard(""), &[b_at(0, -3)]);
    let away = Action::Move {
        to: HexPos::new(0, 2),
        face: None,
        path: Default::default(),
        posture: None,
    };
    let l = log(
        vec![
            ("W", cast(Cast::spell("Fireball"))),
            ("B", wait()),
            ("W", away),
            ("B", wait()),
        ],
        &[10],
        vec![],
    );
    let (s, _) = run_steps(s, &l, 4);
    assert_eq!(s.fighter(A).pose.pos, HexPos::new(0, 2));
    assert_eq!(s.fighter(A).weapons.len(), 1, "moving keeps it");
    assert_eq!(s.round, 2);
    // Another casting needs the hand free first.
    let why = illegal(&s, A, &cast(Cast::spell("Sleep").on(B)));
    assert!(why.reason.contains("dissipate"), "{why}");
    let let_go = Action::Concentrate(Concentrate {
        dissipate: true,
        ..Concentrate::GO_ON
    });
    let (s, ev) = run_steps(s, &log(vec![("W", let_go)], &[], vec![]), 1);
    assert!(s.fighter(A).weapons.is_empty());
    assert!(said(&ev, "lets the charged Fireball (1d) go", "G-SPL-011"));
}

// rule: G-SPL-009, G-SPL-011
#[test]
fn a_melee_spell_stays_until_it_lands_and_a_staff_carries_it() {
    let mailed = format!("{}armor = [\"Mail\"]\n", foe(10));
    let s = fight(&wizard(""), &[fighter("B", "b", 0, -1, "s", &mailed)]);
    // Deathtouch-14 with 2 energy: 10 succeeds. The touch (Brawling-12):
    // 14 misses, the spell stays; then 10 lands undefended, 2d rolls 7:
    // injury no DR stops; the knockdown roll holds.
    let l = log(
        vec![
            ("W", cast(Cast::spell("Deathtouch").energy(2))),
            ("B", wait()),
            ("W", attack_with(B, 0, 0)),
            ("B", wait()),
        ],
        &[10, 14],
        vec![],
    );
    let (s, _) = run_steps(s, &l, 4);
    assert_eq!(s.fighter(A).weapons[0].weapon.name, "Deathtouch (2d)");
    let l = log(
        vec![("W", attack_with(B, 0, 0))],
        &[10, 7, 10],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "attack").target, Some(12));
    let (_, _, basic, dr, injury, _) = damage(&ev)[0].clone();
    assert_eq!((basic, dr, injury), (7, 0, 7));
    assert!(
        s.fighter(A).weapons.is_empty(),
        "spent on the one it touched"
    );
    // Held in a ready Wizard's Staff it reaches 2 yards, at Staff skill.
    let s = fight(&wizard("weapons = [\"Wizard's Staff\"]"), &[b_at(0, -2)]);
    let (s, _) = run_steps(
        s,
        &log(vec![("W", cast(Cast::spell("Deathtouch")))], &[10], vec![]),
        1,
    );
    assert!(
        fray_gurps::rules::maneuver::check(&s, A, &attack_with(B, 1, 0)).is_err(),
        "the hand reaches C"
    );
    assert!(fray_gurps::rules::maneuver::check(&s, A, &attack_with(B, 1, 1)).is_ok());
    let staff_touch = Strike::at(B).with(1, 1);
    let m: ModList = to_hit(&s, A, &staff_touch, How::ATTACK);
    assert_eq!(m.total(), 12);
}

// rule: G-SPL-010, G-SPL-009
#[test]
fn a_bigger_missile_takes_more_seconds_and_skill_cuts_only_its_first_die() {
    let spells = "Fireball = 20";
    let s = fight(&wizard_of(10, spells, ""), &[b_at(0, -3)]);
    // At most Magery 3 energy a second, for 3 seconds.
    let why = illegal(&s, A, &cast(Cast::spell("Fireball").energy(10)));
    assert!(why.reason.contains("1 to 9"), "{why}");
    // 4 energy: two seconds; the casting declared again goes on with it.
    let c = cast(Cast::spell("Fireball").energy(4));
    let l = log(
        vec![("W", c.clone()), ("B", wait()), ("W", c)],
        &[10],
        vec![],
    );
    let (s, ev) = run_steps(s, &l, 3);
    assert_eq!(rolls_labelled(&ev, "cast a spell").len(), 1);
    // Skill 20 cuts 2 off the first die's 1 energy only: 0 + 3 = 3 FP
    // (cutting the whole 4 would have cost 2).
    assert_eq!(s.fighter(A).fp, 17);
    assert!(said(
        &ev,
        "pays 3 FP for Fireball (energy 4, effective skill 20)",
        "G-SPL-010"
    ));
    assert_eq!(s.fighter(A).weapons[0].weapon.name, "Fireball (4d)");
}

// rule: G-EXT-030
#[test]
fn high_effective_skill_cuts_a_regular_spells_energy() {
    // Minor Healing-17, 3 energy, on a friend 2 hexes away: effective 15,
    // 10 succeeds; 3 HP for 3 - 1 = 2 FP. From 3 hexes away: 14, no cut.
    for (r, fp) in [(2, 18), (3, 17)] {
        let friend = fighter("F", "w", 0, r, "n", &foe(9));
        let mut s = fight(
            &wizard_of(10, "\"Minor Healing\" = 17", ""),
            &[b_at(0, -4), friend],
        );
        s.fighters[2].hp = 5;
        let heal = Cast::spell("Minor Healing").on(C).energy(3);
        let (s, ev) = run_steps(s, &log(vec![("W", cast(heal))], &[10], vec![]), 1);
        assert_eq!(roll(&ev, "cast a spell").target, Some(17 - r));
        assert_eq!(s.fighter(C).hp, 8);
        assert_eq!(s.fighter(A).fp, fp, "{r} hexes");
        let paid = format!(
            "pays {} FP for Minor Healing (energy 3, effective skill {})",
            20 - fp,
            17 - r
        );
        assert!(said(&ev, &paid, "G-EXT-030"), "{}", narrate(&ev));
    }
}

// rule: G-EXT-030, G-SPL-009
#[test]
fn a_failed_casting_costs_1_a_critical_success_nothing_a_critical_failure_all() {
    // Fireball-15 with 3 energy costs 2 on a success.
    for (dice, fp, held) in [(16, 19, false), (4, 20, true), (18, 17, false)] {
        let s = fight(&wizard(""), &[b_at(0, -3)]);
        let c = cast(Cast::spell("Fireball").energy(3));
        let (s, _) = run_steps(s, &log(vec![("W", c)], &[dice], vec![]), 1);
        assert_eq!(s.fighter(A).fp, fp, "rolled {dice}");
        assert_eq!(s.fighter(A).weapons.len(), usize::from(held));
    }
}

// rule: G-SPL-008
#[test]
fn healing_yourself_is_at_minus_1_per_hp_lost() {
    let mut s = fight(&wizard(""), &[b_at(0, -3)]);
    s.fighters[0].hp = 6;
    let heal = Cast::spell("Minor Healing").energy(3);
    let (s, ev) = run_steps(s, &log(vec![("W", cast(heal))], &[10], vec![]), 1);
    let r = roll(&ev, "cast a spell");
    assert_eq!(modifier(r, "healing yourself"), Some(-4));
    assert_eq!(r.target, Some(11));
    assert_eq!(s.fighter(A).hp, 9);
}

// rule: G-SPL-003, G-SPL-005
#[test]
fn a_regular_spell_takes_minus_1_per_hex_and_the_subject_resists() {
    let s = fight(&wizard(""), &[b_at(0, -3)]);
    let c = cast(Cast::spell("Sleep").on(B));
    // Three seconds, the roll at the end of the third: Sleep-15 -3 for
    // 3 hexes = 12; 10 succeeds by 2. B resists with HT 12: 12 succeeds by
    // 0 and loses the Quick Contest: B falls asleep.
    let l = log(
        vec![
            ("W", c.clone()),
            ("B", wait()),
            ("W", go_on()),
            ("B", wait()),
            ("W", c),
        ],
        &[10, 12],
        vec![],
    );
    let (s, ev) = run_steps(s, &l, 5);
    let r = roll(&ev, "cast a spell");
    assert_eq!((r.rule, r.target), ("G-SPL-003", Some(12)));
    assert_eq!(modifier(r, "range"), Some(-3));
    let res = roll(&ev, "resist a spell");
    assert_eq!((res.rule, res.target), ("G-SPL-005", Some(12)));
    let b = s.fighter(B);
    assert!(b.asleep() && b.life == Life::Unconscious);
    assert_eq!(
        s.fighter(A).fp,
        16,
        "4 energy: effective skill 12 cuts nothing"
    );
}

// rule: G-SPL-005
#[test]
fn a_tied_contest_goes_to_the_subject() {
    let s = almost_cast(
        fight(&wizard(""), &[b_at(0, -1), c_at(0, -5)]),
        A,
        &Cast::spell("Sleep").on(B),
    );
    // 14 to cast: 10 succeeds by 4; B's HT 12: 8 succeeds by 4 too.
    let (s, ev) = run_steps(s, &log(vec![("W", go_on())], &[10, 8], vec![]), 1);
    assert!(!s.fighter(B).asleep());
    assert!(said(&ev, "resists the spell", "G-SPL-005"));
}

// rule: G-SPL-005, G-DICE-004
#[test]
fn resisted_spells_stop_at_16_unless_the_resistance_is_higher() {
    let sleepy = wizard_of(10, "Sleep = 20", "");
    for (ht, cut) in [(12, -3), (17, -2)] {
        let b = fighter(
            "B",
            "b",
            0,
            -1,
            "s",
            &sheet(
                12,
                5,
                10,
                ht,
                "skills = { Broadsword = 12 }\nweapons = [\"Broadsword\"]",
            ),
        );
        let s = almost_cast(fight(&sleepy, &[b]), A, &Cast::spell("Sleep").on(B));
        let (_, ev) = run_steps(s, &log(vec![("W", go_on())], &[10, 18], vec![]), 1);
        let r = roll(&ev, "cast a spell");
        assert_eq!(modifier(r, "range"), Some(-1));
        assert_eq!(
            modifier(r, "resisted spell: at most 16"),
            Some(cut),
            "HT {ht}"
        );
        assert_eq!(r.target, Some(19 + cut));
    }
}

// rule: G-SPL-006
#[test]
fn unconscious_subjects_always_resist_willing_friends_do_not() {
    let mut s = fight(&wizard(""), &[b_at(0, -1), c_at(0, -5)]);
    s.fighters[1].life = Life::Unconscious;
    let s = almost_cast(s, A, &Cast::spell("Sleep").on(B));
    let (_, ev) = run_steps(s, &log(vec![("W", go_on())], &[10, 5], vec![]), 1);
    assert_eq!(rolls_labelled(&ev, "resist a spell").len(), 1);
    // A friend named as the subject is willing and aware: no roll.
    let friend = fighter("F", "w", 1, 0, "n", &foe(9));
    let s = almost_cast(
        fight(&wizard(""), &[b_at(0, -5), friend]),
        A,
        &Cast::spell("Sleep").on(C),
    );
    let (s, ev) = run_steps(s, &log(vec![("W", go_on())], &[10], vec![]), 1);
    assert!(rolls_labelled(&ev, "resist a spell").is_empty());
    assert!(said(&ev, "is willing and does not resist", "G-SPL-006"));
    assert!(s.fighter(C).asleep());
}

// rule: G-SPL-007, G-SPL-003
#[test]
fn an_area_spell_rolls_once_and_each_subject_resists_alone() {
    let d = fighter("D", "b", 0, -7, "s", &foe(8));
    let centre = HexPos::new(0, -3);
    let mass = Cast {
        at: Some(centre),
        radius: Some(2),
        ..Cast::spell("Mass Sleep")
    };
    let s = almost_cast(fight(&wizard(""), &[b_at(0, -3), c_at(1, -3), d]), A, &mass);
    let casting = s.fighter(A).casting.expect("under way");
    assert_eq!(casting.needed, 6, "a second per energy point: 3 x radius 2");
    // Mass Sleep-14, -2 to the area's nearest hex (radius 2 covers the hexes
    // around the centre, 3 hexes away): 12; 10 succeeds by 2. B rolls 14 and
    // sleeps; C rolls 5 and shakes it off; D stands outside.
    let (s, ev) = run_steps(s, &log(vec![("W", go_on())], &[10, 14, 5], vec![]), 1);
    assert_eq!(rolls_labelled(&ev, "cast a spell").len(), 1);
    let r = roll(&ev, "cast a spell");
    assert_eq!((r.rule, modifier(r, "range")), ("G-SPL-007", Some(-2)));
    assert_eq!(rolls_labelled(&ev, "resist a spell").len(), 2);
    assert!(s.fighter(B).asleep());
    assert!(!s.fighter(C).asleep() && !s.fighter(CombatantId(3)).asleep());
    assert_eq!(
        s.fighter(A).fp,
        14,
        "3 energy per yard of radius, no cut at 14"
    );
}

// rule: G-SPL-012, G-EXT-017
#[test]
fn a_blocking_spell_replaces_the_defense_once_a_turn_at_full_cost() {
    let s = fight(&wizard(""), &[b_at(0, -1)]);
    let spells = |s: &State, melee: bool| {
        let inc = Incoming {
            melee,
            ..Incoming::melee(s, B, A)
        };
        options(s, &inc, None)
            .into_iter()
            .filter(|o| o.kind == DefenseKind::Spell)
            .collect::<Vec<_>>()
    };
    let melee = spells(&s, true);
    assert_eq!(
        melee.len(),
        1,
        "Iron Arm, not Deflect Missile, against a sword"
    );
    assert_eq!((melee[0].weapon, melee[0].value), (Some(IRON_ARM), 20));
    assert!(melee[0].with_retreat.is_none());
    let ranged = spells(&s, false);
    assert_eq!(ranged.len(), 1);
    assert_eq!(ranged[0].weapon, Some(DEFLECT_MISSILE));
    // B swings: 10 hits; W casts Iron Arm: 10 against 20 stops it, 1 FP even
    // at skill 20.
    let block = Answer::Defend {
        kind: DefenseKind::Spell,
        weapon: Some(IRON_ARM),
        retreat: false,
        feverish: false,
        acrobatic: false,
        dive: None,
    };
    let l = log(
        vec![("W", wait()), ("B", attack(A))],
        &[10, 10],
        vec![block],
    );
    let (s, ev) = run_steps(s, &l, 2);
    let r = roll(&ev, "blocking spell");
    assert_eq!((r.rule, r.target), ("G-SPL-012", Some(20)));
    assert_eq!(r.modifiers[0].label, "Iron Arm");
    assert!(damage(&ev).is_empty());
    assert_eq!(s.fighter(A).fp, 19);
    assert!(said(&ev, "pays 1 FP for Iron Arm", "G-SPL-012"));
    // One a turn: none until W's next turn begins.
    assert!(spells(&s, true).is_empty());
    let (s, _) = run_steps(s, &log(vec![("W", wait())], &[], vec![]), 1);
    assert_eq!(spells(&s, true).len(), 1);
    // Neither All-Out Defense nor Feverish Defense raises it.
    let aod = Action::AllOutDefense {
        variant: DefenseVariant::Increased(DefenseKind::Spell),
        step: None,
        path: Vec::new(),
    };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &aod).is_err());
    let q = Question::Defend {
        defender: A,
        attacker: B,
        attack: String::new(),
        options: options(&s, &Incoming::melee(&s, B, A), None).into(),
        second: false,
        extra_effort: true,
        ranged: false,
    };
    let feverish = Answer::Defend {
        kind: DefenseKind::Spell,
        weapon: Some(IRON_ARM),
        retreat: false,
        feverish: true,
        acrobatic: false,
        dive: None,
    };
    assert!(Gurps::check_answer(&q, &feverish).is_err());
}

// rule: G-SPL-013
#[test]
fn an_information_spell_is_rolled_by_the_gm_at_its_radius_less_known_items() {
    let s = fight(&wizard(""), &[b_at(0, -3), c_at(0, -6)]);
    let sense = Cast {
        radius: Some(100),
        ignore: 1,
        ..Cast::spell("Sense Foes")
    };
    let (_, ev) = run_steps(s.clone(), &log(vec![("W", cast(sense))], &[10], vec![]), 1);
    let r = roll(&ev, "information spell");
    assert!(r.roller.is_none(), "the GM rolls");
    assert_eq!(modifier(r, "radius searched"), Some(-1));
    assert_eq!(modifier(r, "known items passed over"), Some(-1));
    assert_eq!(r.target, Some(12));
    assert!(said(&ev, "senses C at 6 hexes", "G-SPL-013"));
    assert!(!said(&ev, "B at", "G-SPL-013"), "B was passed over");
    // Beyond a mile the sources give no row.
    let far = Cast {
        radius: Some(301),
        ..Cast::spell("Sense Foes")
    };
    assert!(illegal(&s, A, &cast(far)).reason.contains("300"));
}

// rule: G-CON-002, G-SPL-001
#[test]
fn defending_while_casting_calls_for_will_minus_3_or_the_spell_is_lost() {
    for (keep, kept) in [(12, false), (11, true)] {
        let s = fight(&wizard(""), &[b_at(0, -1)]);
        // B hits (10); W dodges: first Will 14 - 3 = 11, then the dodge (5).
        let l = log(
            vec![("W", cast(Cast::spell("Sleep").on(B))), ("B", attack(A))],
            &[10, keep, 5],
            vec![defend(DefenseKind::Dodge, false)],
        );
        let (s, ev) = run_steps(s, &l, 2);
        let r = roll(&ev, "keep concentration");
        assert_eq!((r.rule, r.target), ("G-SPL-001", Some(11)));
        assert_eq!(modifier(r, "active defense"), Some(-3));
        assert_eq!(s.fighter(A).casting.is_some(), kept);
        assert_eq!(said(&ev, "loses the Sleep spell", "G-SPL-001"), !kept);
    }
}

// rule: G-SPL-002, G-SPL-001
#[test]
fn injury_calls_for_will_at_the_shock_penalty_and_a_stun_spoils_the_spell() {
    let s = fight(&wizard(""), &[b_at(0, -1)]);
    // B thrusts (1d cr) undefended for 6: Will 14 - 4 (shock for 6 HP,
    // capped) = 10, 10 holds; a major wound: the knockdown roll (HT 11)
    // fails on 14: stunned, the spell is lost without a roll.
    let l = log(
        vec![
            ("W", cast(Cast::spell("Sleep").on(B))),
            ("B", attack_with(A, 0, 1)),
        ],
        &[10, 6, 10, 14],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(s, &l, 2);
    let r = roll(&ev, "keep concentration");
    assert_eq!((r.rule, r.target), ("G-SPL-002", Some(10)));
    assert_eq!(modifier(r, "shock"), Some(-4));
    assert_eq!(rolls_labelled(&ev, "keep concentration").len(), 1);
    assert!(s.fighter(A).stun.is_some());
    assert!(s.fighter(A).casting.is_none());
    assert!(said(&ev, "loses the Sleep spell", "G-SPL-001"));
}

// rule: G-SPL-001, G-GRP-013
#[test]
fn knocked_back_grappled_or_resisting_while_casting_calls_for_will_minus_3() {
    // Knocked back: a light wizard (ST 6, 20 HP) takes 4 crushing: 1 hex.
    // Injured: Will 14 - 2 = 12 holds on 10; knocked back: 11, 12 fails.
    let light = wizard_of(6, SPELLS, "hp = 20");
    let s = fight(&light, &[b_at(0, -1)]);
    let l = log(
        vec![
            ("W", cast(Cast::spell("Sleep").on(B))),
            ("B", attack_with(A, 0, 1)),
        ],
        &[10, 4, 10, 12, 10],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(s, &l, 2);
    let keeps = rolls_labelled(&ev, "keep concentration");
    assert_eq!(keeps.len(), 2);
    assert_eq!(modifier(keeps[1], "knocked back"), Some(-3));
    assert!(s.fighter(A).casting.is_none());
    // Grabbed: Will-3, 12 fails; and a held caster cannot Concentrate.
    let s = fight(&wizard(""), &[b_at(0, -1)]);
    let grab = Action::Grapple(Grapple::Grab {
        target: A,
        location: Location::Torso,
        item: None,
        hands: 2,
        step: None,
    });
    let l = log(
        vec![("W", cast(Cast::spell("Sleep").on(B))), ("B", grab)],
        &[10, 12],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(s, &l, 2);
    assert_eq!(
        modifier(roll(&ev, "keep concentration"), "grappled"),
        Some(-3)
    );
    assert!(s.fighter(A).casting.is_none());
    assert_eq!(
        illegal(&s, A, &cast(Cast::spell("Sleep").on(B))).rule,
        "G-GRP-013"
    );
    // Resisting B's Sleep: HT 11, 5 shakes it off; then Will-3, 12 fails.
    let caster = format!("{}spells = {{ Sleep = 15 }}\n", foe(10));
    let s = fight(&wizard(""), &[fighter("B", "b", 0, -1, "s", &caster)]);
    let s = almost_cast(s, B, &Cast::spell("Sleep").on(A));
    let l = log(
        vec![("W", cast(Cast::spell("Sleep").on(B))), ("B", go_on())],
        &[10, 5, 12],
        vec![],
    );
    let (s, ev) = run_steps(s, &l, 2);
    assert_eq!(
        roll_labels(&ev),
        ["cast a spell", "resist a spell", "keep concentration"]
    );
    let r = roll(&ev, "keep concentration");
    assert_eq!(modifier(r, "resistance roll"), Some(-3));
    assert!(!s.fighter(A).asleep());
    assert!(s.fighter(A).casting.is_none());
}

// rule: G-SPL-009, G-SPL-011
#[test]
fn the_ai_charges_a_fireball_and_throws_it() {
    let s = fight(&wizard(""), &[b_at(0, -3)]);
    match ai::action(&s, A) {
        Action::Concentrate(Concentrate { cast: Some(c), .. }) => {
            assert_eq!((c.spell.as_str(), c.energy), ("Fireball", Some(3)));
        }
        other => panic!("expected a casting, got {other}"),
    }
    let l = log(
        vec![("W", cast(Cast::spell("Fireball").energy(3)))],
        &[10],
        vec![],
    );
    let (mut s, _) = run_steps(s, &l, 1);
    match ai::action(&s, A) {
        Action::Attack { strike, .. } => assert_eq!((strike.target, strike.weapon), (B, 0)),
        other => panic!("expected the throw, got {other}"),
    }
    // Far off and hard to hit, it aims first.
    s.place(B, Pose::new(HexPos::new(0, -8), Facing::S), None);
    assert!(matches!(ai::action(&s, A), Action::Aim { weapon: 0, .. }));
}

// rule: G-SPL-012
#[test]
fn the_ai_casts_a_blocking_spell_only_when_it_is_much_better() {
    for (iron_arm, spell) in [(20, true), (10, false)] {
        let spells = format!("\"Iron Arm\" = {iron_arm}");
        let s = fight(&wizard_of(10, &spells, ""), &[b_at(0, -1)]);
        let q = Question::Defend {
            defender: A,
            attacker: B,
            attack: String::new(),
            options: options(&s, &Incoming::melee(&s, B, A), None).into(),
            second: false,
            extra_effort: true,
            ranged: false,
        };
        let Answer::Defend { kind, .. } = ai::answer(&s, &q) else {
            panic!("expected a defense");
        };
        assert_eq!(kind == DefenseKind::Spell, spell, "Iron Arm {iron_arm}");
    }
}

// rule: G-SPL-009, G-SPL-012, G-CON-001
#[test]
fn the_bundled_wizard_scenario_plays_to_the_end_casting_and_throwing() {
    let text = include_str!("../../../../../scenarios/gurps/wizard-vs-goblins.toml");
    let sc: Scenario = toml::from_str(text).expect("the scenario parses");
    let (mut thrown, mut blocked) = (0, 0);
    for seed in 0..20 {
        let mut st = Gurps::setup(&sc).expect("it sets up");
        let mut oracle = SimOracle::<Gurps>::seeded(seed);
        let mut sink = VecSink::default();
        let out = engine::run::<Gurps, _, _>(&mut st, &mut oracle, &mut sink);
        assert!(out.is_ok(), "seed {seed}: {}", out.unwrap_err());
        thrown += rolls_labelled(&sink.events, "attack")
            .iter()
            .filter(|r| r.modifiers[0].label.starts_with("Fireball"))
            .count();
        blocked += rolls_labelled(&sink.events, "blocking spell").len();
    }
    assert!(
        thrown > 0 && blocked > 0,
        "{thrown} fireballs, {blocked} blocks"
    );
}

/// An inline TOML value as scripts write it.
fn parse<T: serde::de::DeserializeOwned>(inline: &str) -> T {
    toml::from_str::<toml::Value>(&format!("v = {inline}"))
        .and_then(|v| v["v"].clone().try_into())
        .unwrap_or_else(|e| panic!("{inline}: {e}"))
}

// rule: G-CON-001, G-SPL-012
#[test]
fn scripts_name_spells_and_blocking_spells_by_name_and_number() {
    let a: Action = parse("{ concentrate = { cast = { spell = \"Fireball\", energy = 3 } } }");
    assert_eq!(a, cast(Cast::spell("Fireball").energy(3)));
    assert_eq!(parse::<Action>("{ concentrate = {} }"), go_on());
    let answer: Answer = parse("{ defend = { kind = \"spell\", spell = 3 } }");
    assert!(matches!(
        answer,
        Answer::Defend {
            kind: DefenseKind::Spell,
            weapon: Some(IRON_ARM),
            ..
        }
    ));
}

// rule: G-SPL-009, G-SPL-012, G-SPL-013
#[test]
fn the_bundled_grimoire_has_every_class_and_bad_spells_are_errors() {
    use fray_gurps::model::spell::SpellClass::*;
    let armory = fray_gurps::model::data::bundled().expect("the bundled data parses");
    for class in [Regular, Area, Melee, Missile, Blocking, Information] {
        assert!(
            armory.spells.iter().any(|s| s.class == class),
            "no {class:?} spell"
        );
    }
    let wizard = armory.template("wizard").expect("a wizard");
    assert!(
        wizard
            .sheet
            .spells
            .keys()
            .all(|n| armory.spell(n).is_some())
    );
    // A missile spell without a range, and a sheet naming an unknown spell.
    let bad = "[[spell]]\nname = \"Dud\"\ncollege = \"Fire\"\nclass = \"missile\"\ncost = 1\neffect = { damage = { dice_per_energy = 1, type = \"burn\" } }\n";
    let err = fray_gurps::model::data::parse_file("bad.toml", bad).unwrap_err();
    assert!(
        matches!(
            &err,
            DataError::Spell { file, error: SpellError { spell, fault: SpellFault::MissileRange } }
                if file == "bad.toml" && spell == "Dud"
        ),
        "{err}"
    );
    let sc = scenario(
        "",
        &[
            fighter("W", "w", 0, 0, "n", &wizard_of(10, "Fireblast = 12", "")),
            b_at(0, -3),
        ],
    );
    assert!(setup(&sc, &armory_magic()).is_err());
    let err = fray_gurps::input::check(&sc, &armory_magic()).unwrap_err();
    assert_eq!(err.path, "combatants[0].sheet.spells.Fireblast");
    assert!(
        matches!(
            &err.error,
            fray_gurps::input::InputError::Unknown { kind: "spell", closest: Some(c), .. }
                if c == "Fireball"
        ),
        "{err}"
    );
}
