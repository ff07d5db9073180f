//! Pinned sampling of golden dice: a refactor or a dependency upgrade must
//! not silently change recorded d20-3d6 fights (rule: X-ATK-005, X-ATK-006,
//! X-ATK-007, X-ATK-010). Each case: the first 12 totals of 2000 draws from
//! `seeded_rng(seed)` and a fingerprint of all 2000 totals and natural flags.

use crate::common::{Script, q};
use fray_dice::{Natural, Prob, RollKind, Rolled, seeded_rng, splitmix64};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

fn fingerprint(k: RollKind, seed: u64) -> (Vec<i32>, u64) {
    let mut rng = seeded_rng(seed);
    let mut h = 0u64;
    let mut first = Vec::new();
    for i in 0..2000 {
        let Rolled { total, natural, .. } = k.sample(&mut rng);
        if i < 12 {
            first.push(total);
        }
        let n = match natural {
            Natural::Mixed => 0u64,
            Natural::AllLowest => 1,
            Natural::AllHighest => 2,
        };
        h = splitmix64(h ^ (total as u32 as u64) ^ (n << 32));
    }
    (first, h)
}

#[test]
fn golden_sampling_is_pinned_rule_x_atk_005() {
    // rule: X-ATK-005, X-ATK-006, X-ATK-007, X-ATK-010
    let golden = |base, extra, modifier| RollKind::Golden {
        base,
        extra,
        modifier,
    };
    let cases: [(u64, RollKind, [i32; 12], u64); 5] = [
        (
            1,
            golden(3, 0, 0),
            [18, 8, 16, 10, 20, 20, 7, 8, 6, 14, 19, 10],
            0xefdcf7e7cda8aace,
        ),
        (
            2,
            golden(3, 1, 2),
            [19, 20, 19, 18, 19, 24, 14, 7, 24, 12, 9, 19],
            0x7a52f83b4f204547,
        ),
        (
            3,
            golden(3, 3, -5),
            [25, 15, 7, 29, 14, 29, 12, 17, 25, 20, 7, 20],
            0xaa6cd4417f7a9124,
        ),
        (
            4,
            golden(1, 0, 0),
            [5, 4, 2, 5, 0, 5, 4, 9, 2, 2, 5, 4],
            0xb86875d81fe5f8bd,
        ),
        (
            5,
            golden(0, 2, 1),
            [7, 1, 10, 4, 38, 16, 5, 6, 9, 5, 10, 16],
            0x54f90223cd4fda47,
        ),
    ];
    for (seed, kind, first, hash) in cases {
        assert_eq!(fingerprint(kind, seed), (first.to_vec(), hash), "{kind}");
    }
}

fn tol(d: i64) -> Prob {
    q(1, d)
}

/// One golden die cut after `depth` explosions, by its closed form:
/// P(6j + r) = 6^-(j+1) for r in {0, 2, 3, 4, 5} (X-ATK-005, X-ATK-006).
fn golden_die(depth: u32) -> BTreeMap<i32, Prob> {
    let mut m = BTreeMap::new();
    for j in 0..=depth as i32 {
        for r in [0, 2, 3, 4, 5] {
            m.insert(6 * j + r, q(1, 6i64.pow(j as u32 + 1)));
        }
    }
    m
}

fn by_total(k: RollKind, tolerance: &Prob) -> (BTreeMap<(i32, Natural), Prob>, Prob) {
    let o = k.outcomes(tolerance).unwrap();
    let m = o
        .outcomes
        .into_iter()
        .map(|(r, p)| ((r.total, r.natural), p))
        .collect();
    (m, o.leftover)
}

#[test]
fn penalty_dice_by_brute_force_rule_x_atk_010() {
    // rule: X-ATK-010, X-MOV-005
    // Two penalty dice and +1: at tolerance 1/1000 each die is cut after 4
    // explosions (2 / 6^5 < 1/1000 <= 2 / 6^4).
    let k = RollKind::Golden {
        base: 0,
        extra: -2,
        modifier: 1,
    };
    let die = golden_die(4);
    let mut want: BTreeMap<(i32, Natural), Prob> = BTreeMap::new();
    for (a, pa) in &die {
        for (b, pb) in &die {
            *want
                .entry((1 - a - b, Natural::Mixed))
                .or_insert_with(Prob::zero) += pa * pb;
        }
    }
    let (got, leftover) = by_total(k, &tol(1000));
    assert_eq!(got, want);
    let kept = Prob::one() - q(1, 6i64.pow(5));
    assert_eq!(leftover, Prob::one() - &kept * &kept);
    assert_eq!((k.min_total(), k.max_total()), (None, Some(1)));
}

#[test]
fn penalty_dice_subtract_from_the_base_roll_rule_x_atk_010() {
    // rule: X-ATK-010, X-ATK-008, X-ATK-009
    // 1 base die minus 1 penalty die is the base die's distribution (flags
    // included) convolved with the mirrored penalty die. At tolerance 1/1500
    // one die and two dice are cut at the same depth.
    let t = tol(1500);
    let (base, _) = by_total(
        RollKind::Golden {
            base: 1,
            extra: 0,
            modifier: 0,
        },
        &t,
    );
    let (pen, _) = by_total(
        RollKind::Golden {
            base: 0,
            extra: -1,
            modifier: 0,
        },
        &t,
    );
    let mut want: BTreeMap<(i32, Natural), Prob> = BTreeMap::new();
    for ((a, nat), pa) in &base {
        for ((b, _), pb) in &pen {
            *want.entry((a + b, *nat)).or_insert_with(Prob::zero) += pa * pb;
        }
    }
    let k = RollKind::Golden {
        base: 1,
        extra: -1,
        modifier: 0,
    };
    assert_eq!(by_total(k, &t).0, want);
}

#[test]
fn penalty_dice_never_count_for_the_naturals_rule_x_atk_008_009() {
    // rule: X-ATK-008, X-ATK-009, X-ATK-010
    let t = tol(1_000_000_000_000);
    let k = RollKind::golden(-1, 0);
    let o = k.outcomes(&t).unwrap();
    let p = |n: Natural| {
        o.outcomes
            .iter()
            .filter(|(r, _)| r.natural == n)
            .map(|(_, p)| p.clone())
            .sum::<Prob>()
    };
    // Exactly 1/216 but for the penalty die's cut-off explosions.
    assert!((p(Natural::AllLowest) - q(1, 216)).abs() < t);
    assert!((p(Natural::AllHighest) - q(1, 216)).abs() < t);
    let mass: Prob = o.outcomes.iter().map(|(_, p)| p.clone()).sum();
    assert_eq!(&mass + &o.leftover, Prob::one());
    // Each golden die has mean 4: 3 base dice minus 1 is 8 (up to the cut).
    let mean: Prob = o
        .outcomes
        .iter()
        .map(|(r, p)| p * Prob::from_integer(r.total.into()))
        .sum::<Prob>()
        / mass;
    assert!((mean - Prob::from_integer(8.into())).abs() < q(1, 1_000_000_000));
    let odds = fray_dice::systems::golden::attack_odds(-1, 0, 8, Default::default(), &t).unwrap();
    assert_eq!(&odds.hit + &odds.miss + &odds.leftover, Prob::one());
}

#[test]
fn penalty_dice_typed_at_the_table_rule_x_atk_010() {
    // rule: X-ATK-010, X-ATK-006, X-ATK-008, X-ATK-009
    let k = RollKind::golden(-1, 0);
    // Base 3, 4, 5 (12); the penalty die shows 6 and explodes into 2 (8).
    assert_eq!(
        k.from_faces(&[3, 4, 5, 6, 2]),
        Ok(Rolled::new(4, Natural::Mixed))
    );
    // Three base 1s read 0 each; a penalty 4 takes the total below 0.
    assert_eq!(
        k.from_faces(&[1, 1, 1, 4]),
        Ok(Rolled::new(-4, Natural::AllLowest))
    );
    // Three base 6s explode into 2, 3, 4: 27, minus a penalty 5.
    assert_eq!(
        k.from_faces(&[6, 6, 6, 2, 3, 4, 5]),
        Ok(Rolled::new(22, Natural::AllHighest))
    );
    assert!(matches!(
        k.from_faces(&[3, 4, 5]),
        Err(fray_dice::DiceError::BadFaces { .. })
    ));
    // Open-ended below: any total is possible, and none is a natural.
    assert_eq!(k.from_total(-30), Ok(Rolled::new(-30, Natural::Mixed)));
    assert_eq!(k.from_total(0), Ok(Rolled::new(0, Natural::Mixed)));
    assert_eq!(
        RollKind::golden(1, 0).from_total(0),
        Ok(Rolled::new(0, Natural::AllLowest))
    );
    assert!(matches!(
        RollKind::golden(1, 0).from_total(-1),
        Err(fray_dice::DiceError::OutOfRange {
            min: Some(0),
            max: None,
            ..
        })
    ));
    assert_eq!(k.to_string(), "3-1 golden d6");
    assert_eq!(RollKind::golden(-2, 1).to_string(), "3-2 golden d6+1");
    assert_eq!(RollKind::golden(1, -4).to_string(), "3+1 golden d6-4");
}

#[test]
fn penalty_dice_sampling_is_pinned_rule_x_atk_010() {
    // rule: X-ATK-010
    // The bonus-dice draws, with the extra dice subtracted.
    assert_eq!(
        fingerprint(RollKind::golden(-2, 1), 6),
        (
            vec![3, 11, 4, -4, 5, 5, 5, 4, 10, 6, 0, 3],
            0x4e99_dab1_b57b_1a1d
        )
    );
    // The same draws as a bonus die, subtracted: base 3, 4, 5 (one draw in
    // 0..216, index 2*36 + 3*6 + 4), then the extra die 6 exploding into 2.
    let draws = [(216, 95), (6, 6), (6, 2)];
    let mut rng = Script::dice(&draws);
    assert_eq!(RollKind::golden(1, 0).sample(&mut rng).total, 12 + 8);
    let mut rng = Script::dice(&draws);
    assert_eq!(RollKind::golden(-1, 0).sample(&mut rng).total, 12 - 8);
    assert_eq!(rng.used, 3);
}

#[test]
fn golden_outcomes_trimmed_by_total_mass_rule_x_atk_005_006() {
    // rule: X-ATK-005, X-ATK-006
    // Cut per die, three golden dice at 1e-12 list totals up to about 300;
    // trimmed by mass, the least likely totals go to the leftover, which
    // stays below the tolerance, and what is kept is unchanged.
    let t = tol(1_000_000_000_000);
    let k = RollKind::golden(0, 0);
    let full = k.outcomes(&t).unwrap();
    let mut cut = full.clone();
    cut.trim(&t);
    assert!(cut.leftover < t && cut.leftover >= full.leftover);
    let kept: Prob = cut.outcomes.iter().map(|(_, p)| p.clone()).sum();
    assert_eq!(&kept + &cut.leftover, Prob::one());
    let max = |o: &fray_dice::Outcomes| o.outcomes.iter().map(|(r, _)| r.total).max();
    assert!(max(&full) > Some(290), "{:?}", max(&full));
    assert!(max(&cut) < Some(150), "{:?}", max(&cut));
    // Every kept outcome is in the full list with the same probability, and
    // nothing dropped is likelier than anything kept.
    let least_kept = cut.outcomes.iter().map(|(_, p)| p.clone()).min().unwrap();
    for (r, p) in &full.outcomes {
        match cut.outcomes.iter().find(|(c, _)| c == r) {
            Some((_, q)) => assert_eq!(p, q),
            None => assert!(*p <= least_kept),
        }
    }
    // A tolerance of zero drops nothing.
    let mut same = full.clone();
    same.trim(&Prob::zero());
    assert_eq!(same, full);
}
