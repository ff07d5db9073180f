//! GURPS dice notation: "Nd+K" and bonuses per die (G-EXT-034).

use crate::common::*;
use fray_core::dice::Prob;
use fray_gurps::model::action::{Action, AllOutVariant, Answer};
use fray_gurps::model::damage::DamageSpec;

// rule: G-EXT-034
#[test]
fn nd_plus_k_is_n_six_sided_dice_plus_k_with_an_exact_distribution() {
    let spec: DamageSpec = "2d+1".parse().expect("parses");
    let dice = fray_gurps::rules::damage::dice_for(spec, 10);
    assert_eq!((dice.dice, dice.adds), (2, 1));
    let exact = dice
        .kind()
        .outcomes(&Prob::from_integer(0.into()))
        .expect("exact");
    assert_eq!(exact.leftover, Prob::from_integer(0.into()));
    let p = |t: i32| {
        exact
            .outcomes
            .iter()
            .filter(|(r, _)| r.total == t)
            .map(|(_, p)| p.clone())
            .sum::<Prob>()
    };
    assert_eq!(p(3), Prob::new(1.into(), 36.into()));
    assert_eq!(p(8), Prob::new(6.into(), 36.into()));
    assert_eq!(p(13), Prob::new(1.into(), 36.into()));
    assert_eq!(p(14), Prob::from_integer(0.into()));
    // Thrust and swing entries name dice too: ST 21 swings 4d-1.
    let sw: DamageSpec = "sw+1".parse().expect("parses");
    let d = fray_gurps::rules::damage::dice_for(sw, 21);
    assert_eq!((d.dice, d.adds), (4, 0));
}

// rule: G-EXT-034, G-AOA-002
#[test]
fn a_bonus_per_die_multiplies_by_the_dice() {
    // ST 21: the broadsword swings 4d; All-Out Attack (Strong) adds +1 per
    // die, +4 (more than the flat +2).
    let strong = sheet(
        21,
        12,
        10,
        12,
        "skills = { Broadsword = 14 }\nweapons = [\"Broadsword\"]",
    );
    let aoa = Action::AllOutAttack {
        variant: AllOutVariant::Strong,
        strike: strike(B),
        advance: 0,
    };
    let l = log(vec![("A", aoa)], &[10, 14, 3, 3], vec![Answer::NoDefense]);
    let (_, ev) = run_some(duel(&strong, &swordsman(11, 13)), &l, 1);
    assert!(
        notes(&ev)
            .iter()
            .any(|(t, r)| t == "All-Out Attack (Strong): +4 damage" && *r == "G-AOA-002"),
        "{}",
        narrate(&ev)
    );
}
