//! Spells and the Magic check (X-MAN-007), Distracted casters (X-CON-003,
//! X-MOV-007), and the AI's casting.

use crate::common::*;
use fray_core::Engine;

use fray_d20_3d6::D20;
use fray_d20_3d6::model::action::{Action, Strike};
use fray_d20_3d6::model::data::{bundled, parse_file};
use fray_d20_3d6::model::state::{Condition, Life, State};
use fray_d20_3d6::rules::legal::cost;

/// A caster's sheet: Magic +6, a dagger, the test armory's bolt (2 uses)
/// and mend.
fn caster() -> String {
    "move_m = 6\nabilities = { str = 0, dex = 1, con = 1 }\nbab = 1\n\
     skills = { magic = 6, first_aid = 2 }\nhp = { max = 15 }\n\
     proficient = [\"dagger\"]\n\
     spell = [{ name = \"bolt\", uses = 2 }, { name = \"mend\" }]\n\
     [[combatants.sheet.weapon]]\nname = \"dagger\"\n"
        .into()
}

/// The caster A at (5, 5), the fighter B at `dist` east, an allied fighter C at (5, 6).
fn scene(dist: i32) -> State {
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &caster()),
            entry("B", "b", 5 + dist, 5, &fighter(&["sword"], "")),
            entry("C", "a", 5, 6, &fighter(&["sword"], "")),
        ],
    );
    turn_of(&mut s, A);
    s
}

const BOLT_B: Action = Action::Cast {
    spell: 0,
    target: B,
};

#[test]
fn a_spell_costs_its_actions_and_a_magic_check_rule_x_man_007() {
    // rule: X-MAN-007, X-ATK-011, X-DMG-009
    let mut s = scene(4);
    assert_eq!(cost(&s, A, &BOLT_B), 2);
    assert_eq!(
        cost(
            &s,
            A,
            &Action::Cast {
                spell: 1,
                target: C
            }
        ),
        1
    );
    // 3 + 3 + 2 + Magic 6 = 14 >= DC 12: the bolt's 2d4+2 (7) hits B.
    let ev = act(&mut s, A, BOLT_B, vec![f(&[3, 3, 2]), t(7)], vec![]).unwrap();
    assert_eq!(verdicts(&ev, "magic check"), ["success"]);
    assert_eq!(damage(&ev), [7]);
    assert_eq!(s.fighter(B).hp, 42 - 7);
    assert_eq!(s.turn.actions, 1);
    assert_eq!(s.fighter(A).spells[0].left, Some(1));
    // One action left: the 2-action bolt is refused.
    assert_eq!(refused(&s, A, &BOLT_B), Some("X-ACT-001"));
    // A failed check: no damage roll, and the cast is spent all the same.
    turn_of(&mut s, A);
    let ev = act(&mut s, A, BOLT_B, vec![f(&[1, 2, 2])], vec![]).unwrap();
    assert_eq!(verdicts(&ev, "magic check"), ["failure"]);
    assert!(damage(&ev).is_empty());
    assert_eq!(s.fighter(A).spells[0].left, Some(0));
    turn_of(&mut s, A);
    assert_eq!(refused(&s, A, &BOLT_B), Some("X-MAN-007"));
}

#[test]
fn a_spell_has_a_range_and_a_kind_of_target_rule_x_man_007() {
    // rule: X-MAN-007, X-MOV-008
    let s = scene(11);
    assert_eq!(refused(&s, A, &BOLT_B), Some("X-MAN-007"), "beyond 10 m");
    let s = scene(4);
    // Healing is for allies, within its touch range (1 m).
    assert_eq!(
        refused(
            &s,
            A,
            &Action::Cast {
                spell: 1,
                target: B
            }
        ),
        Some("X-MAN-007")
    );
    assert_eq!(
        refused(
            &s,
            A,
            &Action::Cast {
                spell: 1,
                target: C
            }
        ),
        None
    );
    assert_eq!(
        refused(
            &s,
            A,
            &Action::Cast {
                spell: 1,
                target: A
            }
        ),
        None
    );
    assert_eq!(
        refused(
            &s,
            A,
            &Action::Cast {
                spell: 0,
                target: C
            }
        ),
        Some("X-MAN-007"),
        "damage is for foes"
    );
    // The menu offers exactly the legal casts.
    let menu = D20::legal_actions(&s, A);
    assert!(menu.contains(&BOLT_B));
    assert!(menu.contains(&Action::Cast {
        spell: 1,
        target: C
    }));
    assert!(!menu.contains(&Action::Cast {
        spell: 1,
        target: B
    }));
}

#[test]
fn healing_spells_are_magical_healing_rule_x_man_007_x_lif_005_x_lif_010() {
    // rule: X-MAN-007, X-LIF-005, X-LIF-010
    let mut s = scene(4);
    s.fighter_mut(C).hp = 5;
    let heal_c = Action::Cast {
        spell: 1,
        target: C,
    };
    act(&mut s, A, heal_c.clone(), vec![f(&[3, 3, 3]), t(6)], vec![]).unwrap();
    assert_eq!(s.fighter(C).hp, 11);
    // A dying ally is set to 1 HP.
    s.fighter_mut(C).hp = -3;
    s.fighter_mut(C).life = Life::Dying;
    act(&mut s, A, heal_c, vec![f(&[3, 3, 3]), t(8)], vec![]).unwrap();
    assert_eq!(s.fighter(C).hp, 1);
    assert_eq!(s.fighter(C).life, Life::Fine);
}

#[test]
fn distracted_casters_take_a_penalty_die_rule_x_con_003_x_mov_007() {
    // rule: X-CON-003, X-MOV-007, X-CON-013, X-ATK-010
    // 3 + 3 + 2 = 8, less a penalty die of 4: 4 + Magic 6 = 10 < DC 12.
    let mut s = scene(4);
    s.fighter_mut(A).cond.set(Condition::Distracted, true);
    let ev = act(&mut s, A, BOLT_B, vec![f(&[3, 3, 2, 4])], vec![]).unwrap();
    assert_eq!(verdicts(&ev, "magic check"), ["failure"]);
    assert_eq!(rolls(&ev, "magic check")[0].total, 10, "dice 4 + Magic 6");
    // A runner is distracted the same way until its next turn (X-MOV-006's period).
    let mut s = scene(4);
    s.fighter_mut(A).ran = true;
    let ev = act(&mut s, A, BOLT_B, vec![f(&[3, 3, 2, 4])], vec![]).unwrap();
    assert_eq!(verdicts(&ev, "magic check"), ["failure"]);
    // Not distracted: the same dice without the penalty die succeed.
    let mut s = scene(4);
    let ev = act(&mut s, A, BOLT_B, vec![f(&[3, 3, 2]), t(4)], vec![]).unwrap();
    assert_eq!(verdicts(&ev, "magic check"), ["success"]);
    // A grappled caster is Distracted (X-CON-013): the same penalty die.
    let mut s = scene(1);
    s.fighter_mut(A).grappled_by = Some(B);
    s.fighter_mut(A).cond.set(Condition::Distracted, true);
    let ev = act(&mut s, A, BOLT_B, vec![f(&[3, 3, 2, 4])], vec![]).unwrap();
    assert_eq!(verdicts(&ev, "magic check"), ["failure"]);
}

#[test]
fn the_ai_heals_the_wounded_and_bolts_the_distant_rule_x_man_007() {
    // rule: X-MAN-007
    let mut s = scene(4);
    // Nobody hurt, the foe beyond the dagger: the bolt.
    assert_eq!(D20::ai_action(&s, A), BOLT_B);
    // An ally at a third of its HP: healed first.
    s.fighter_mut(C).hp = 10;
    assert_eq!(
        D20::ai_action(&s, A),
        Action::Cast {
            spell: 1,
            target: C
        }
    );
    // One action left after a bolt: it stays back (Prepared Defense)
    // rather than running into melee.
    let mut s2 = scene(4);
    s2.turn.actions = 1;
    assert_eq!(D20::ai_action(&s2, A), Action::PreparedDefense);
    // Bolts spent: it goes for the foe with the dagger instead.
    let mut s = scene(4);
    s.fighter_mut(A).spells[0].left = Some(0);
    assert!(!matches!(D20::ai_action(&s, A), Action::Cast { .. }));
    let _ = Strike::new(B, 0);
}

#[test]
fn spell_data_is_checked_rule_x_man_007() {
    // rule: X-MAN-007, X-DAT-011
    let bad = "[[spell]]\nname = \"x\"\nactions = 4\ndc = 10\neffect = \"heal\"\ndice = \"1d4\"\n";
    let e = parse_file("test", bad).unwrap_err();
    assert!(
        e.message
            .contains("spell[0].actions: must be between 1 and 3, found 4"),
        "{e}"
    );
    assert!(parse_file("test", &bad.replace("heal", "curse")).is_err());
    // The bundled grimoire and the adept load.
    let a = bundled().unwrap();
    assert!(a.spell("magic missile").is_some());
    assert!(a.spell("cure light wounds").is_some());
    let adept = a.template("adept").unwrap();
    assert_eq!(adept.sheet.spell.len(), 3);
    // An unknown spell on a sheet is a setup error naming the entry.
    let text = format!(
        "ruleset = \"d20-3d6\"\nname = \"t\"\n[map]\nkind = \"square\"\nwidth = 9\nheight = 9\n{}{}",
        entry("A", "a", 1, 1, &caster().replace("\"mend\"", "\"mned\"")),
        entry("B", "b", 3, 1, &fighter(&["sword"], ""))
    );
    let sc: fray_d20_3d6::model::scenario::Scenario = toml::from_str(&text).unwrap();
    let armory = parse_file("test", ARMORY).unwrap();
    let e = fray_d20_3d6::setup::setup_with(&sc, &armory).unwrap_err();
    assert_eq!(e.path, "combatants[0].sheet.spell[1].name");
}

#[test]
fn the_exact_odds_of_a_spell_rule_x_man_007() {
    // rule: X-MAN-007, X-ATK-011
    use fray_core::dice::Prob;
    use fray_core::odds::{OddsOptions, resolve_odds};
    let s = scene(4);
    let o = resolve_odds::<D20>(&s, A, &BOLT_B, &OddsOptions::default()).unwrap();
    // Magic +6 against DC 12: the check fails only on 3 golden d6 below 6
    // or three 1s; each success deals 2d4+2 (4 to 10).
    let fail = o
        .features
        .iter()
        .find(|f| f.name == "success")
        .map(|f| Prob::from_integer(1.into()) - &f.p_nonzero)
        .unwrap();
    assert!(fail > Prob::new(1.into(), 216.into()));
    assert!(fail < Prob::new(1.into(), 5.into()));
    let damage = o.features.iter().find(|f| f.name == "damage").unwrap();
    let values: Vec<i64> = damage.distribution.iter().map(|(v, _)| *v).collect();
    assert_eq!(values, [0, 4, 5, 6, 7, 8, 9, 10]);
    assert_eq!(
        o.features
            .iter()
            .find(|f| f.name == "success")
            .unwrap()
            .p_nonzero,
        damage.p_nonzero
    );
}

#[test]
fn spent_casts_and_potions_stay_spent_to_the_end_of_the_fight_rule_x_qck_007() {
    // rule: X-QCK-007
    // A fight never reaches dawn: the caster spends its two bolts and
    // drinks its one potion, then the AI plays the fight out over the
    // rounds that follow: nothing comes back (a new round gives back
    // actions only, X-ACT-001).
    for seed in 1..=3 {
        let mut s = state(
            "",
            &[
                entry(
                    "A",
                    "a",
                    5,
                    5,
                    &format!(
                        "potion = [{{ name = \"cure\", at = \"hand\" }}]\n{}",
                        caster()
                    ),
                ),
                entry("B", "b", 9, 5, &fighter(&["sword"], "")),
            ],
        );
        turn_of(&mut s, A);
        act(&mut s, A, BOLT_B, vec![f(&[3, 3, 2]), t(7)], vec![]).unwrap();
        act(
            &mut s,
            A,
            Action::DrinkPotion { potion: 0 },
            vec![t(4)],
            vec![],
        )
        .unwrap();
        turn_of(&mut s, A);
        act(&mut s, A, BOLT_B, vec![f(&[1, 2, 2])], vec![]).unwrap();
        assert_eq!(s.fighter(A).spells[0].left, Some(0));
        assert_eq!(s.fighter(A).potions[0].at, None);
        // B is put out of reach, so that the fight goes on into new rounds.
        s.set_pos(B, fray_core::grid::SquarePos::new(50, 5));
        let (outcome, _) = fray_core::run::fight::<D20>(&mut s, &Default::default(), seed, |_| {})
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // At least one new round began: where a recharge would come.
        assert!(outcome.rounds >= 2, "seed {seed}: {outcome:?}");
        assert_eq!(s.fighter(A).spells[0].left, Some(0), "seed {seed}");
        assert_eq!(s.fighter(A).potions[0].at, None, "seed {seed}");
    }
}
