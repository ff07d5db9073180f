//! Life and death, First Aid, potions and recovery (X-LIF, X-MAN-014..017).

use crate::common::*;
use fray_core::{Ctx, InputLog, InputOracle, VecSink};
use fray_d20_3d6::D20;
use fray_d20_3d6::model::action::Action;
use fray_d20_3d6::model::options::{NonlethalModel, RestHeal};
use fray_d20_3d6::model::state::Life;
use fray_d20_3d6::resolve::life::{hour_at_zero, rest};
use fray_d20_3d6::rules::life::{
    death_at, first_aid_dc, life_of, max_hp_recovery, nonlethal_per_hour, rest_heal,
};

#[test]
fn health_states_rule_x_lif_001_004() {
    // rule: X-LIF-001, X-LIF-002, X-LIF-003, X-LIF-004, X-LIF-014, X-CON-008
    let m = NonlethalModel::SeparateCounter;
    assert_eq!(life_of(5, 0, 2, Life::Fine, m), Life::Fine);
    assert_eq!(life_of(0, 0, 2, Life::Fine, m), Life::Unconscious);
    assert_eq!(life_of(-3, 0, 2, Life::Fine, m), Life::Dying);
    assert_eq!(death_at(-1), -10);
    assert_eq!(death_at(3), -11);
    assert_eq!(life_of(-11, 0, 3, Life::Fine, m), Life::Dead);
    assert_eq!(life_of(-10, 0, 3, Life::Fine, m), Life::Dying);
    assert_eq!(life_of(5, 5, 2, Life::Fine, m), Life::KnockedOut);
    assert_eq!(
        life_of(5, 5, 2, Life::Fine, NonlethalModel::Off),
        Life::Fine
    );
    assert_eq!(life_of(5, 0, 2, Life::Dead, m), Life::Dead);
}

#[test]
fn first_aid_at_zero_and_dying_rule_x_lif_006_008_009() {
    // rule: X-LIF-006, X-LIF-008, X-LIF-009
    assert_eq!(first_aid_dc(0, 0), 12);
    assert_eq!(first_aid_dc(-3, 0), 15);
    assert_eq!(first_aid_dc(-3, 2), 19);
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword"], "")),
            entry("B", "b", 9, 5, &fighter(&["sword"], "")),
            entry("C", "a", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    s.fighter_mut(C).hp = -3;
    s.fighter_mut(C).life = Life::Dying;
    turn_of(&mut s, A);
    // 2+2+2 + First Aid 1 = 7 vs 15: fails; the next try is at 17.
    act(
        &mut s,
        A,
        Action::FirstAid { patient: C },
        vec![f(&[2, 2, 2])],
        vec![],
    )
    .unwrap();
    assert_eq!(s.fighter(C).first_aid_tries, 1);
    s.turn.actions = 2;
    // 6+4, 5, 5 + 1 = 21 vs 17: stable at 0.
    act(
        &mut s,
        A,
        Action::FirstAid { patient: C },
        vec![f(&[6, 5, 5, 4])],
        vec![],
    )
    .unwrap();
    assert_eq!((s.fighter(C).hp, s.fighter(C).life), (0, Life::Unconscious));
    // At 0: DC 12 gives 1 HP and consciousness.
    turn_of(&mut s, A);
    act(
        &mut s,
        A,
        Action::FirstAid { patient: C },
        vec![f(&[4, 4, 3])],
        vec![],
    )
    .unwrap();
    assert_eq!((s.fighter(C).hp, s.fighter(C).life), (1, Life::Fine));
}

#[test]
fn potions_from_belt_to_mouth_rule_x_man_014_017() {
    // rule: X-MAN-014, X-MAN-015, X-MAN-016, X-MAN-017, X-LIF-005, X-LIF-010
    let potions =
        "potion = [{ name = \"cure\", at = \"belt\" }, { name = \"cure\", at = \"backpack\" }]";
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword"], potions)),
            entry("B", "b", 9, 5, &fighter(&["sword"], "")),
            entry("C", "a", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    s.fighter_mut(A).hp = 10;
    turn_of(&mut s, A);
    assert_eq!(
        refused(&s, A, &Action::DrinkPotion { potion: 0 }),
        Some("X-MAN-016")
    );
    act(&mut s, A, Action::TakePotion { potion: 0 }, vec![], vec![]).unwrap();
    assert_eq!(s.turn.actions, 2);
    act(
        &mut s,
        A,
        Action::DrinkPotion { potion: 0 },
        vec![t(7)],
        vec![],
    )
    .unwrap();
    assert_eq!(s.fighter(A).hp, 17);
    // The backpack costs 2 actions; one is left.
    assert_eq!(
        refused(&s, A, &Action::TakePotion { potion: 1 }),
        Some("X-ACT-001")
    );
    turn_of(&mut s, A);
    act(&mut s, A, Action::TakePotion { potion: 1 }, vec![], vec![]).unwrap();
    // Given to a dying friend: HP set to 1.
    s.fighter_mut(C).hp = -4;
    s.fighter_mut(C).life = Life::Dying;
    turn_of(&mut s, A);
    act(
        &mut s,
        A,
        Action::GivePotion { potion: 1, to: C },
        vec![t(9)],
        vec![],
    )
    .unwrap();
    assert_eq!((s.fighter(C).hp, s.fighter(C).life), (1, Life::Fine));
}

#[test]
fn recovery_out_of_combat_rule_x_lif_007_011_013() {
    // rule: X-LIF-007, X-LIF-011, X-LIF-012, X-LIF-013
    assert_eq!(rest_heal(2, Some(5), 5, RestHeal::ConPlusEcl), 7);
    assert_eq!(rest_heal(-3, None, 1, RestHeal::ConPlusEcl), 1);
    assert_eq!(rest_heal(2, Some(5), 3, RestHeal::ConPlusBab), 5);
    assert_eq!(nonlethal_per_hour(0), 1);
    assert_eq!(max_hp_recovery(1, -3), 1);
    let mut s = duel(&["sword"], 3);
    s.fighter_mut(A).hp = 0;
    s.fighter_mut(A).life = Life::Unconscious;
    let mut log = InputLog::<D20>::default();
    // 2+2+2 + Fort 6 = 12 vs DC 15: fails, to -1.
    log.loose.rolls = vec![f(&[2, 2, 2])];
    let mut o = InputOracle::strict(&log);
    let mut sink = VecSink::default();
    let mut cx = Ctx::<D20, _, _>::new(&mut o, &mut sink);
    assert!(!hour_at_zero(&mut s, A, &mut cx).unwrap());
    assert_eq!((s.fighter(A).hp, s.fighter(A).life), (-1, Life::Dying));
    // Rest: HP 10 -> 17, 20 nonlethal -> 4, max HP loss 3 -> 0 (1d4 3 + CON 2).
    let mut s = duel(&["sword"], 3);
    s.fighter_mut(A).hp = 10;
    s.fighter_mut(A).nonlethal = 20;
    s.fighter_mut(A).max_hp_loss = 3;
    let mut log = InputLog::<D20>::default();
    log.loose.rolls = vec![t(3)];
    let mut o = InputOracle::strict(&log);
    let mut cx = Ctx::<D20, _, _>::new(&mut o, &mut sink);
    rest(&mut s, A, &mut cx).unwrap();
    assert_eq!(
        (
            s.fighter(A).hp,
            s.fighter(A).nonlethal,
            s.fighter(A).max_hp_loss
        ),
        (17, 4, 0)
    );
}

#[test]
fn x_man_014_a_sheet_of_more_than_255_potions_is_refused() {
    // rule: X-MAN-014 (a potion is named by its index)
    let sheet = |n: usize| {
        let one = "{ name = \"cure\", at = \"backpack\" }";
        fighter(
            &["sword"],
            &format!("potion = [{}]", vec![one; n].join(", ")),
        )
    };
    let setup = |n: usize| {
        let text = format!(
            "ruleset = \"d20-3d6\"\nname = \"t\"\n[map]\nkind = \"square\"\nwidth = 20\nheight = 20\n{}\n{}",
            entry("A", "a", 5, 5, &sheet(n)),
            entry("B", "b", 9, 5, &fighter(&["sword"], ""))
        );
        let sc: fray_d20_3d6::model::scenario::Scenario = toml::from_str(&text).unwrap();
        let armory = fray_d20_3d6::model::data::parse_file("t", ARMORY).unwrap();
        fray_d20_3d6::setup::setup_with(&sc, &armory)
    };
    let e = setup(256).expect_err("256 potions");
    assert!(e.to_string().contains("at most 255 potions"), "{e}");
    assert_eq!(
        setup(255).expect("255 potions").fighter(A).potions.len(),
        255
    );
}
