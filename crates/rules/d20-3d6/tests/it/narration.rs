//! A narrated fight leaves no number unexplained (issue 34): each golden
//! die with its 1 counted as 0 and its explosions, the criticals counted,
//! automatic results that say why, damage reduction and the minimum of 1,
//! and initiative with each side's own roll and bonuses. The reference
//! duel, played by the AI on a fixed seed, is kept as a snapshot.

use crate::common::*;
use fray_core::run;
use fray_d20_3d6::D20;
use fray_d20_3d6::model::action::{Action, Strike};
use fray_d20_3d6::model::event::Event;
use fray_d20_3d6::model::words::{golden_chains, golden_detail, golden_die};

fn narrated(name: &str, seed: u64) -> String {
    let path = format!(
        "{}/../../../scenarios/d20-3d6/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut state = fray_sim::probe::load::<D20>(&path).expect("a bundled scenario");
    let mut lines = Vec::new();
    let (outcome, _) = run::fight::<D20>(&mut state, &Default::default(), seed, |e| {
        lines.push(e.to_string())
    })
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    lines.push(format!("{outcome:?}"));
    lines.join("\n")
}

fn lines(events: &[Event]) -> Vec<String> {
    events.iter().map(ToString::to_string).collect()
}

#[test]
fn the_reference_duel_narrated_with_seed_7() {
    // rule: X-ATK-001, X-ATK-004, X-ATK-005, X-ATK-006, X-DMG-001, X-DMG-002, X-SEQ-001
    insta::assert_snapshot!(narrated("duel", 7));
}

#[test]
fn the_same_seed_narrates_the_same_fight() {
    // rule: X-SEQ-001 (determinism: the faces shown are the dice drawn)
    assert_eq!(narrated("duel", 7), narrated("duel", 7));
    assert_eq!(
        narrated("party_vs_goblins", 7),
        narrated("party_vs_goblins", 7)
    );
}

#[test]
fn golden_dice_in_words_rule_x_atk_005_006() {
    // rule: X-ATK-005, X-ATK-006, X-ATK-010
    assert_eq!(golden_die(&[4]), "4");
    assert_eq!(golden_die(&[1]), "1 counts 0");
    assert_eq!(golden_die(&[6, 4]), "6 explodes, adds 4 = 10");
    assert_eq!(
        golden_die(&[6, 6, 1]),
        "6 explodes, adds 6 and explodes, adds 0 (a 1) = 12"
    );
    // Faces in the order typed or drawn: base dice, their 6s' rolls, extra dice.
    assert_eq!(
        golden_chains(3, 1, &[6, 1, 3, 4, 6, 2]),
        Some(vec![vec![6, 4], vec![1], vec![3], vec![6, 2]])
    );
    assert_eq!(
        golden_detail(3, 1, &[6, 1, 3, 4, 6, 2]).as_deref(),
        Some("6 explodes, adds 4 = 10; 1 counts 0; 3; bonus die 6 explodes, adds 2 = 8")
    );
    assert_eq!(
        golden_detail(3, -1, &[2, 2, 2, 5]).as_deref(),
        Some("2; 2; 2; penalty die -(5)")
    );
    // Faces that do not fit the dice are not read.
    assert_eq!(golden_detail(3, 0, &[6, 2]), None);
    assert_eq!(golden_detail(3, 0, &[2, 2, 2, 2]), None);
}

#[test]
fn an_attack_roll_shows_each_die_its_bonuses_and_defense_rule_x_atk_001_005_006() {
    // rule: X-ATK-001, X-ATK-005, X-ATK-006, X-DEF-001
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    let ev = act(
        &mut s,
        A,
        Action::Attack(Strike::new(B, 0)),
        vec![f(&[6, 1, 3, 2]), t(4)],
        vec![],
    )
    .unwrap();
    let text = lines(&ev).join("\n");
    // 6 + 2 + 0 + 3 = 11, + 10 = 21 vs Defense 18.
    assert!(
        text.contains("3 golden d6 (6 explodes, adds 2 = 8; 1 counts 0; 3) = 11 + 10 (BAB +5 [X-ATK-001], STR +3 [X-ATK-001], List +1 [X-ATK-003], Skill +1 [X-ATK-003]) = 21 vs 18 (base 10 [X-DEF-001]"),
        "{text}"
    );
    assert!(text.contains("-> hit by 3"), "{text}");
}

#[test]
fn an_automatic_miss_says_why_and_what_the_total_would_have_done_rule_x_atk_008() {
    // rule: X-ATK-008, X-ATK-009
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    // Three 1s with a bonus die of 6+6+6+2 (trust to luck): 20 - 4 + 10 = 26 vs 18.
    let lucky = Action::Attack(Strike {
        trust_to_luck: true,
        ..Strike::new(B, 0)
    });
    let ev = act(&mut s, A, lucky, vec![f(&[1, 1, 1, 6, 6, 6, 2])], vec![]).unwrap();
    assert_eq!(verdicts(&ev, "attack"), ["automatic miss"]);
    let text = lines(&ev).join("\n");
    assert!(
        text.contains(
            "-> automatic miss (three 1s miss whatever the total, X-ATK-008); the total 26 would have met Defense 18 by 8"
        ),
        "{text}"
    );
    assert!(!text.contains("automatic miss by"), "{text}");
    // Three 6s below Defense: a hit, and how short the total was.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    s.fighter_mut(B).total_defense = true; // Defense 22
    s.fighter_mut(A).ran = true; // -1d6 (X-MOV-005)
    let ev = act(
        &mut s,
        A,
        Action::Attack(Strike::new(B, 0)),
        vec![f(&[6, 6, 6, 1, 1, 1, 6, 5]), t(3)],
        vec![],
    )
    .unwrap();
    // 18 - 11 + 10 = 17 < 22: three 6s hit anyway.
    assert_eq!(verdicts(&ev, "attack"), ["automatic hit"]);
    let text = lines(&ev).join("\n");
    assert!(
        text.contains(
            "-> automatic hit: three 6s always hit (X-ATK-009), though the total 17 is 5 short of 22"
        ),
        "{text}"
    );
}

#[test]
fn criticals_are_counted_and_damage_reduction_and_the_minimum_shown_rule_x_dmg_002_009() {
    // rule: X-DMG-002, X-DMG-003, X-DMG-009
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword"], "")),
            entry(
                "B",
                "b",
                6,
                5,
                &fighter(&["sword"], "damage_reduction = 20"),
            ),
        ],
    );
    turn_of(&mut s, A);
    // 5+5+5 + 10 = 25 vs 16: 9 over, one critical: the sword's 1d8 twice
    // in one roll (2d8: 3 + 4), + 5 = 12, - DR 20 = -8, minimum 1.
    let ev = act(
        &mut s,
        A,
        Action::Attack(Strike::new(B, 0)),
        vec![f(&[5, 5, 5]), f(&[3, 4])],
        vec![],
    )
    .unwrap();
    assert_eq!(damage(&ev), vec![1]);
    let text = lines(&ev).join("\n");
    assert!(text.contains("critical hit by 9"), "{text}");
    assert!(
        text.contains("1 critical: 9 over Defense 16 holds 1 full 8; each adds one more 1d8"),
        "{text}"
    );
    assert!(text.contains("2d8 (3, 4) = 7"), "{text}");
    assert!(
        text.contains(
            "B takes 7 (with 1 critical's dice) +5 (STR +3 [X-DMG-001], List +1 [X-ATK-003], Skill +1 [X-ATK-003]) = 12 damage - DR 20 = -8, minimum 1 (HP 41/42)"
        ),
        "{text}"
    );
}

#[test]
fn initiative_shows_each_sides_roll_and_its_own_bonuses_rule_x_seq_001() {
    // rule: X-SEQ-001, X-SEQ-002
    let text = narrated("duel", 7);
    let init: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("rolls initiative"))
        .collect();
    assert_eq!(init.len(), 2, "{text}");
    assert!(
        init[0].starts_with("  Ser Alda rolls initiative: 3 golden d6 ("),
        "{}",
        init[0]
    );
    assert!(
        init[1].starts_with("  Ser Bran rolls initiative: 3 golden d6 ("),
        "{}",
        init[1]
    );
    for l in &init {
        assert!(l.contains("(DEX +"), "{l}");
        assert!(!l.contains("DEX -"), "one side's bonus only: {l}");
    }
}

#[test]
fn every_attack_line_of_a_seeded_fight_shows_its_dice_and_defense() {
    // rule: X-ATK-001, X-ATK-002, X-ATK-005, X-ATK-006, X-DEF-001
    for seed in 1..=4 {
        let text = narrated("party_vs_goblins", seed);
        let attacks: Vec<&str> = text
            .lines()
            .filter(|l| l.contains(" rolls attack: "))
            .collect();
        assert!(!attacks.is_empty());
        for l in attacks {
            assert!(l.contains("golden d6 ("), "seed {seed}: {l}");
            assert!(l.contains(" vs "), "seed {seed}: {l}");
            assert!(l.contains("(base 10 [X-DEF-001]"), "seed {seed}: {l}");
        }
    }
}

#[test]
fn a_blinded_attackers_miss_chance_says_what_the_die_had_to_show_rule_x_con_009() {
    // rule: X-CON-009
    use fray_d20_3d6::model::state::Condition;
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    s.fighter_mut(A).cond.set(Condition::Blinded, true);
    // 3+3+2 + 10 = 18 vs 18: a hit, then the d6 shows 2: a miss after all.
    let ev = act(
        &mut s,
        A,
        Action::Attack(Strike::new(B, 0)),
        vec![f(&[3, 3, 2]), t(2)],
        vec![],
    )
    .unwrap();
    assert_eq!(verdicts(&ev, "miss chance"), ["blind miss"]);
    let text = lines(&ev).join("\n");
    assert!(
        text.contains(
            "rolls miss chance: 1d6 = 2 -> blind miss (blinded: 3 or less turns the hit into a miss, 50%) [X-CON-009]"
        ),
        "{text}"
    );
    assert!(damage(&ev).is_empty());
}
