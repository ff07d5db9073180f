//! Exact odds of one declared GURPS action ([`fray_core::odds`]), checked
//! against probabilities computed by hand.

use crate::common::*;
use fray_core::dice::Prob;
use fray_core::odds::{OddsError, OddsOptions, action_odds};
use fray_gurps::Gurps;
use fray_gurps::model::action::Action;
use fray_gurps::model::state::{Stance, State};

fn q(n: i64, d: i64) -> Prob {
    Prob::new(n.into(), d.into())
}

/// Ways (of 216) to roll each total 3..=18 on 3d6.
const WAYS: [i64; 16] = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];

fn ways(total: i64) -> i64 {
    WAYS[(total - 3) as usize]
}

/// P(3d6 <= n), for n in 3..=18.
fn p_le(n: i64) -> Prob {
    q((3..=n).map(ways).sum(), 216)
}

/// A (DX 12, faster, acts first) and B (DX 10) toe to toe; B All-Out
/// Attacked on its last turn, so it has no active defense (G-AOA-006).
fn helpless_b(a_skill: i32, b_extra: &str) -> State {
    let mut s = duel(
        &swordsman(12, a_skill),
        &sheet(
            12,
            10,
            10,
            12,
            &format!("skills = {{ Broadsword = 12 }}\nweapons = [\"Broadsword\"]\n{b_extra}"),
        ),
    );
    s.fighters[1].stance = Stance::AllOutAttack;
    s
}

/// The decisions about defending: the rare falls on the critical tables
/// also ask where a body lies (G-POS-009).
fn defense_decisions(o: &fray_core::ActionOdds) -> Vec<(String, Prob)> {
    o.decisions
        .iter()
        .filter(|(d, _)| !d.contains("lie toward"))
        .cloned()
        .collect()
}

fn odds(state: &State, action: &Action) -> fray_core::ActionOdds {
    action_odds::<Gurps>(state, None, action, &OddsOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

// rule: G-DICE-001, G-EXT-002, G-EXT-003, G-AOA-006
#[test]
fn skill_12_against_no_defense_hits_160_of_216() {
    let o = odds(&helpless_b(12, ""), &attack(B));
    assert_eq!(o.actor_name, "A");
    // 3d6 <= 12: 160 of 216; 3-4 (criticals) are inside, 17-18 outside.
    assert_eq!(o.p("hit"), q(160, 216));
    assert_eq!(o.p("critical"), q(4, 216));
    assert_eq!(o.p("defended"), q(0, 1));
    assert!(defense_decisions(&o).is_empty(), "no defense, no question");
    assert_eq!(o.leftover, q(0, 1));
}

// rule: G-EXT-002, G-EXT-003
#[test]
fn criticals_decide_at_the_extremes_of_skill() {
    // Skill 3: only a critical success (3 or 4) hits.
    let o = odds(&helpless_b(3, ""), &attack(B));
    assert_eq!(o.p("hit"), q(4, 216));
    assert_eq!(o.p("critical"), q(4, 216));
    // Skill 20: 3-16 hit (17 and 18 always miss); criticals on 3-6 (16+).
    let o = odds(&helpless_b(20, ""), &attack(B));
    assert_eq!(o.p("hit"), q(212, 216));
    assert_eq!(o.p("critical"), q(1 + 3 + 6 + 10, 216));
}

// rule: G-DEF-014, G-DEF-001, G-DEF-009, G-EXT-006
#[test]
fn a_defense_multiplies_in_and_criticals_skip_it() {
    // B (DX 10, HT 12: Speed 5.5): Dodge 8, Parry 9; retreating: Dodge 11,
    // Parry 10. The AI dodges and retreats (11).
    let s = duel(
        &swordsman(12, 12),
        &sheet(
            12,
            10,
            10,
            12,
            "skills = { Broadsword = 12 }\nweapons = [\"Broadsword\"]",
        ),
    );
    let o = odds(&s, &attack(B));
    // A critical (3-4) allows no defense (G-EXT-006); 5-12 meets Dodge 11.
    let crit = q(4, 216);
    let normal = q(156, 216);
    let fails = q(1, 1) - p_le(11);
    assert_eq!(o.p("hit"), &crit + &normal * &fails);
    assert_eq!(o.p("defended"), &normal * p_le(11));
    assert_eq!(
        defense_decisions(&o),
        vec![("B: Dodge, retreating (defense 11)".to_string(), normal)]
    );
}

// rule: G-EXT-009, G-DEF-001, G-EXT-006
#[test]
fn a_blow_through_a_fumbled_parry_is_a_hit() {
    // B (Broadsword 18, Dodge 8) parries; on 17-18 (and on 10 over its
    // defense) the parry fails critically: B rolls on the Critical Miss
    // Table and the blow still lands, a hit like any other. Only a weapon
    // flung by the *attacker's* critical miss wounds without hitting.
    let s = duel(
        &swordsman(12, 12),
        &sheet(
            12,
            10,
            10,
            10,
            "skills = { Broadsword = 18 }\nweapons = [\"Broadsword\"]",
        ),
    );
    let o = odds(&s, &attack(B));
    let decisions = defense_decisions(&o);
    let [(words, p)] = decisions.as_slice() else {
        panic!("one defense: {decisions:?}")
    };
    assert!(words.starts_with("B: Parry"), "{words}");
    let normal = q(156, 216);
    assert_eq!(*p, normal);
    let defense: i64 = words
        .rsplit("defense ")
        .next()
        .and_then(|d| d.trim_end_matches(')').parse().ok())
        .expect("the defense in the words");
    assert_eq!(o.p("hit"), q(4, 216) + &normal * (q(1, 1) - p_le(defense)));
}

// rule: G-DEF-014
#[test]
fn from_behind_with_basic_rear_attacks_there_is_no_defense() {
    // B faces away (north) from A, who stands south of it: B's back hex.
    let s = state(
        "rear_attacks = \"basic\"",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 12)),
            fighter("B", "b", 0, -1, "n", &swordsman(10, 12)),
        ],
    );
    let o = odds(&s, &attack(B));
    assert_eq!(o.p("hit"), q(160, 216));
    assert!(defense_decisions(&o).is_empty());
}

/// Injury of a cutting blow to the torso (x1.5, G-DMG-004/005, G-LOC-011).
fn cut_injury(basic: i64, dr: i64) -> i64 {
    let through = basic - dr;
    if through <= 0 {
        0
    } else {
        (through * 3 / 2).max(1)
    }
}

// rule: G-DMG-001, G-DMG-003, G-DMG-004, G-DMG-005, G-EXT-007, G-INJ-005
#[test]
fn injury_distribution_of_a_broadsword_swing_against_mail() {
    // A: ST 12, broadsword swing sw+1 = 1d+3 cutting; B wears Mail (DR 4
    // on the torso), cannot defend, HP 12.
    let o = odds(&helpless_b(12, "armor = [\"Mail\"]"), &attack(B));
    let mut want: std::collections::BTreeMap<i64, Prob> = Default::default();
    let mut major = q(0, 1);
    let mut add = |injury: i64, p: Prob, any_wound_major: bool| {
        // G-INJ-005: more than half HP in one blow; G-EXT-007 rows 7, 13, 14: any wound.
        if injury * 2 > 12 || (any_wound_major && injury > 0) {
            major += &p;
        }
        *want.entry(injury).or_insert_with(|| q(0, 1)) += p;
    };
    // Misses: 13-18.
    add(0, q(56, 216), false);
    // Ordinary hits, 5-12: basic 4..=9, each 1/6.
    for basic in 4..=9 {
        add(cut_injury(basic, 4), q(156, 216) * q(1, 6), false);
    }
    // Critical hits, 3-4 (4/216), then the Critical Hit Table on 3d6 (G-EXT-007).
    for row in 3..=18 {
        let p_row = q(4, 216) * q(ways(row), 216);
        for basic in 4..=9 {
            let p = &p_row * q(1, 6);
            let injury = match row {
                3 | 18 => cut_injury(basic * 3, 4),
                4 | 17 => cut_injury(basic, 2),
                5 | 16 => cut_injury(basic * 2, 4),
                6 | 15 => cut_injury(9, 4),
                _ => cut_injury(basic, 4),
            };
            add(injury, p, matches!(row, 7 | 13 | 14));
        }
    }
    let injury = o.feature("injury").expect("an injury feature");
    let want: Vec<(i64, Prob)> = want.into_iter().filter(|(_, p)| *p != q(0, 1)).collect();
    assert_eq!(injury.distribution, want);
    assert_eq!(o.p("major_wound"), major);
    // Everything is accounted for.
    let total: Prob = injury.distribution.iter().map(|(_, p)| p.clone()).sum();
    assert_eq!(total, q(1, 1));
}

#[test]
fn an_action_the_rules_forbid_is_an_error_not_odds() {
    // Two hexes apart: a broadsword (reach 1) cannot reach.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 12)),
            fighter("B", "b", 0, -2, "s", &swordsman(10, 12)),
        ],
    );
    let err = action_odds::<Gurps>(&s, None, &attack(B), &OddsOptions::default()).unwrap_err();
    assert!(matches!(err, OddsError::Illegal { .. }), "{err}");
    assert!(err.to_string().contains("A cannot do that now"), "{err}");
}

#[test]
fn a_later_actor_gets_its_turn_after_the_others_pass() {
    let s = duel(&swordsman(12, 12), &swordsman(10, 12));
    let o = action_odds::<Gurps>(&s, Some(B), &attack(A), &OddsOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.actor_name, "B");
    assert!(o.p("hit") > q(0, 1));
    assert!(
        defense_decisions(&o)
            .iter()
            .all(|(d, _)| d.starts_with("A: "))
    );
}

/// Three figures tied on Basic Speed and DX roll 3d each for the order
/// (4,096 joint tie outcomes), but only the 6 orders differ: the start
/// states merge, so Do Nothing by the one that acts last is 6 leaves whose
/// chances sum to 1. One figure has traits, so the state key must write
/// them too.
// rule: G-EXT-015
#[test]
fn tied_turn_order_rolls_merge_into_one_start_state_per_order() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 12)),
            fighter(
                "B",
                "b",
                0,
                -3,
                "s",
                &format!("{}\ntraits = [\"combat_reflexes\"]", swordsman(12, 12)),
            ),
            fighter("C", "c", 3, -3, "s", &swordsman(12, 12)),
        ],
    );
    let o = action_odds::<Gurps>(&s, Some(A), &Action::DoNothing, &OddsOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.leaves, 6);
    assert_eq!(o.leftover, q(0, 1));
    assert_eq!(o.p("hit"), q(0, 1));
}

/// The state as a checkpoint's merge key writes it
/// (`fray_gurps::odds_key`, `ActionEffects::write_key`).
fn key(start: &State, state: &State) -> Vec<u8> {
    use fray_core::odds::ActionEffects;
    let mut out = Vec::new();
    assert!(
        Gurps::write_key(start, state, &mut out),
        "the key is written"
    );
    out
}

/// Merge keys write a shared part that is still the start state's own as
/// one byte, so they are shorter (318 bytes of 517 in this duel); any change to the state changes the key,
/// and a part replaced by an equal copy is written whole (it merges less,
/// never wrongly).
#[test]
fn merge_keys_name_the_start_states_shared_parts_and_tell_states_apart() {
    let start = helpless_b(12, "");
    let same = start.clone();
    let k = key(&start, &same);
    assert_eq!(k, key(&start, &start));
    let whole = postcard_len(&start);
    assert!(k.len() < whole, "{} bytes of {whole}", k.len());

    let mut hurt = start.clone();
    hurt.fighters[1].hp -= 1;
    assert_ne!(key(&start, &hurt), k);

    let mut copied = start.clone();
    let w = &mut copied.fighters[0].weapons[0];
    w.weapon = std::sync::Arc::new((*w.weapon).clone());
    let kc = key(&start, &copied);
    assert_ne!(kc, k);
    assert!(kc.len() > k.len());
}

/// The whole state's length as postcard writes it (the key before).
fn postcard_len(state: &State) -> usize {
    postcard::to_stdvec(state)
        .expect("the state is written")
        .len()
}
