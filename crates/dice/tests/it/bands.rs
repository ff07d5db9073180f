//! A die read in bands (`RollKind::Banded`): the DragonQuest strike roll.

use crate::common::q;
use fray_dice::error::DiceError;
use fray_dice::kind::{BandsError, MAX_BAND_CUTS};
use fray_dice::systems::dragonquest::{self, D100, Mishap, strike, strike_bands, strike_roll};
use fray_dice::{Bands, Natural, Prob, RollKind, Rolled, seeded_rng};
use num_traits::{One, Zero};

fn outcomes(k: RollKind) -> Vec<(i32, Prob)> {
    let o = k.outcomes(&Prob::zero()).unwrap();
    assert!(o.leftover.is_zero());
    o.outcomes
        .into_iter()
        .map(|(r, p)| {
            assert_eq!(r.natural, Natural::Mixed);
            (r.total, p)
        })
        .collect()
}

#[test]
fn strike_bands_by_hand_rule_dq_18_004() {
    // rule: DQ-17-003, DQ-17-004, DQ-17-007, DQ-18-003, DQ-18-004
    // modSC 45: grievous at <= 2 (2.25), EN at <= 6 (6.75), hit at <= 45,
    // parry window above 75, 99 and 100 mishaps.
    let k = strike_roll(45);
    assert_eq!(
        outcomes(k),
        vec![
            (1, q(2, 100)),
            (3, q(4, 100)),
            (7, q(39, 100)),
            (46, q(30, 100)),
            (76, q(23, 100)),
            (99, q(1, 100)),
            (100, q(1, 100)),
        ]
    );
    let s = strike(1, 45);
    assert!(s.hit && s.to_endurance && s.grievous && !s.parry_window);
    assert_eq!(strike(99, 45).mishap, Some(Mishap::MayBreak));
    assert_eq!(strike(100, 120).mishap, Some(Mishap::MayDrop));
    assert!(strike(100, 120).hit);
    assert_eq!(k.to_string(), "1d100");
    assert_eq!(
        format!("{k:#}"),
        "1d100 in bands 1-2|3-6|7-45|46-75|76-98|99|100"
    );
}

#[test]
fn every_roll_reads_like_its_band_representative_rule_dq_17_003() {
    // rule: DQ-17-003, DQ-17-004, DQ-17-007, DQ-18-003, DQ-18-004
    // The contract of `Bands`, checked by brute force over every roll and
    // a wide range of strike chances: the representative (the band's
    // lowest roll) reads exactly like every roll of its band, and each band
    // has the probability of its rolls.
    for mod_sc in -40..=140 {
        let bands = strike_bands(mod_sc);
        let reps = outcomes(strike_roll(mod_sc));
        assert!(reps.len() <= 7);
        assert_eq!(reps.iter().map(|r| r.1.clone()).sum::<Prob>(), Prob::one());
        for roll in 1..=100 {
            let (rep, p) = &reps[bands.band_of(roll)];
            assert_eq!(
                strike(roll, mod_sc),
                strike(*rep, mod_sc),
                "{roll} at {mod_sc}"
            );
            let width = (1..=100)
                .filter(|&r| bands.band_of(r) == bands.band_of(roll))
                .count();
            assert_eq!(*p, q(width as i64, 100));
        }
    }
}

#[test]
fn sampling_draws_the_real_roll_like_d100() {
    // The banded die draws exactly as the D100 it reads, so switching a
    // rule from `D100` to bands changes no seeded fight.
    let (mut a, mut b) = (seeded_rng(9), seeded_rng(9));
    let k = strike_roll(45);
    for _ in 0..2000 {
        let r = k.sample(&mut a);
        assert_eq!(r, Rolled::new(D100.sample(&mut b).total, Natural::Mixed));
        assert!((1..=100).contains(&r.total));
    }
}

#[test]
fn typed_rolls_are_any_real_roll() {
    // rule: DQ-17-003
    let k = strike_roll(45);
    assert_eq!(k.from_total(37), Ok(Rolled::new(37, Natural::Mixed)));
    assert_eq!(k.from_total(100), Ok(Rolled::new(100, Natural::Mixed)));
    for bad in [0, 101] {
        assert!(matches!(
            k.from_total(bad),
            Err(DiceError::OutOfRange {
                min: Some(1),
                max: Some(100),
                ..
            })
        ));
    }
    assert_eq!(k.from_faces(&[37]), Ok(Rolled::new(37, Natural::Mixed)));
    assert!(matches!(
        k.from_faces(&[0]),
        Err(DiceError::BadFaces { .. })
    ));
    assert!(matches!(
        k.from_faces(&[1, 2]),
        Err(DiceError::BadFaces { .. })
    ));
    assert_eq!((k.min_total(), k.max_total()), (Some(1), Some(100)));
    assert_eq!(
        k.accept(Rolled::new(37, Natural::Mixed)),
        Ok(Rolled::new(37, Natural::Mixed))
    );
}

#[test]
fn cuts_are_a_set_of_band_ends() {
    let b = Bands::new(100, &[50, 10, 10, 0, -5, 100, 120]).unwrap();
    assert_eq!(b.cuts(), &[10, 50]);
    assert_eq!(
        b.bands().collect::<Vec<_>>(),
        vec![(1, 10), (11, 50), (51, 100)]
    );
    assert_eq!((b.band_of(10), b.band_of(11), b.band_of(100)), (0, 1, 2));
    assert_eq!(b.len(), 3);
    assert_eq!(b, Bands::new(100, &[10, 50]).unwrap());
    assert_eq!(Bands::new(0, &[]), Err(BandsError::NoSides));
    let many: Vec<i32> = (1..=MAX_BAND_CUTS as i32 + 1).collect();
    assert_eq!(
        Bands::new(100, &many),
        Err(BandsError::TooManyCuts { max: MAX_BAND_CUTS })
    );
    assert!(Bands::new(100, &many[..MAX_BAND_CUTS]).is_ok());
    let one = RollKind::Banded(Bands::new(6, &[]).unwrap());
    assert_eq!(outcomes(one), vec![(1, Prob::one())]);
    // Serialized bands are checked on the way in.
    let k = strike_roll(45);
    let json = serde_json::to_string(&k).unwrap();
    assert_eq!(json, r#"{"Banded":{"sides":100,"cuts":[2,6,45,75,98,99]}}"#);
    assert_eq!(serde_json::from_str::<RollKind>(&json).unwrap(), k);
    assert!(serde_json::from_str::<RollKind>(r#"{"Banded":{"sides":0,"cuts":[]}}"#).is_err());
    assert_eq!(dragonquest::percentile_odds(45), q(45, 100));
}

/// Ways to roll each 3d6 total (index 0 is a total of 3).
fn ways_3d6() -> [u32; 16] {
    let mut w = [0u32; 16];
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                w[(a + b + c - 3) as usize] += 1;
            }
        }
    }
    w
}

#[test]
fn a_banded_3d6_weighs_each_band_by_its_totals_rule_g_ext_001() {
    // rule: G-EXT-001
    let k = RollKind::Banded(Bands::sum(3, 6, &[4, 10, 16]).unwrap());
    let w = ways_3d6();
    let band = |lo: i32, hi: i32| -> u32 { (lo..=hi).map(|t| w[(t - 3) as usize]).sum() };
    assert_eq!(
        outcomes(k),
        vec![
            (3, q(band(3, 4) as i64, 216)),
            (5, q(band(5, 10) as i64, 216)),
            (11, q(band(11, 16) as i64, 216)),
            (17, q(band(17, 18) as i64, 216)),
        ]
    );
    assert_eq!(k.min_total(), Some(3));
    assert_eq!(k.max_total(), Some(18));
    assert_eq!(k.to_string(), "3d6");
    assert_eq!(format!("{k:#}"), "3d6 in bands 3-4|5-10|11-16|17-18");
}

#[test]
fn a_banded_3d6_samples_the_draws_of_the_plain_3d6() {
    // Banding a roll must not change a sampled fight: same generator, same totals.
    let banded = RollKind::Banded(Bands::sum(3, 6, &[6, 12]).unwrap());
    let mut a = seeded_rng(7);
    let mut b = seeded_rng(7);
    for _ in 0..1000 {
        assert_eq!(
            banded.sample(&mut a).total,
            RollKind::three_d6().sample(&mut b).total
        );
    }
    let two = RollKind::Banded(Bands::sum(2, 10, &[5]).unwrap());
    let mut c = seeded_rng(9);
    let mut d = seeded_rng(9);
    for _ in 0..1000 {
        assert_eq!(
            two.sample(&mut c).total,
            RollKind::d(2, 10).sample(&mut d).total
        );
    }
}

#[test]
fn a_banded_sum_takes_one_face_per_die_and_checks_them() {
    let k = RollKind::Banded(Bands::sum(3, 6, &[10]).unwrap());
    assert_eq!(k.from_faces(&[6, 5, 1]).unwrap().total, 12);
    assert!(matches!(
        k.from_faces(&[6, 5]),
        Err(DiceError::BadFaces { .. })
    ));
    assert!(matches!(
        k.from_faces(&[6, 7, 1]),
        Err(DiceError::BadFaces { .. })
    ));
    assert!(matches!(k.from_total(2), Err(DiceError::OutOfRange { .. })));
    assert_eq!(k.from_total(18).unwrap().total, 18);
    assert!(matches!(
        Bands::sum(0, 6, &[]),
        Err(BandsError::BadDice { dice: 0, .. })
    ));
    assert!(matches!(
        Bands::sum(11, 6, &[]),
        Err(BandsError::BadDice { dice: 11, .. })
    ));
    assert!(matches!(
        Bands::sum(2, 40000, &[]),
        Err(BandsError::BadDice { .. })
    ));
}

#[test]
fn a_banded_sum_survives_serde_and_one_die_reads_as_before() {
    let three = Bands::sum(3, 6, &[4, 10]).unwrap();
    let json = serde_json::to_string(&three).unwrap();
    assert_eq!(json, r#"{"dice":3,"sides":6,"cuts":[4,10]}"#);
    assert_eq!(serde_json::from_str::<Bands>(&json).unwrap(), three);
    let d100 = Bands::new(100, &[5, 15]).unwrap();
    let json = serde_json::to_string(&d100).unwrap();
    assert_eq!(json, r#"{"sides":100,"cuts":[5,15]}"#);
    assert_eq!(serde_json::from_str::<Bands>(&json).unwrap(), d100);
    assert!(serde_json::from_str::<Bands>(r#"{"dice":0,"sides":6,"cuts":[]}"#).is_err());
}

#[test]
fn success_bands_read_every_roll_like_its_representative_rule_g_ext_003() {
    // rule: G-EXT-001, G-EXT-002, G-EXT-003, G-DICE-005
    use fray_dice::systems::gurps::{SuccessOptions, judge, success_bands};
    let thresholds: [&[i32]; 4] = [&[], &[0, -1], &[-4], &[-2, -4, 3]];
    for level in -12..=32 {
        for ranged in [false, true] {
            for critical_excluded in [0, 4] {
                let opts = SuccessOptions {
                    ranged,
                    critical_excluded,
                };
                for margins in thresholds {
                    let k = success_bands(level, opts, margins);
                    let RollKind::Banded(bands) = k else {
                        panic!("a success roll is banded");
                    };
                    assert!(bands.len() <= 4 + margins.len());
                    let read = |roll: i32| {
                        let r = judge(roll, level, opts);
                        let sides: Vec<bool> = margins.iter().map(|&m| r.margin >= m).collect();
                        (r.outcome, sides)
                    };
                    for (lo, hi) in bands.bands() {
                        for roll in lo..=hi {
                            assert_eq!(read(roll), read(lo), "level {level}, roll {roll}");
                        }
                    }
                    let total: Prob = outcomes(k)
                        .into_iter()
                        .map(|(_, p)| p)
                        .fold(Prob::zero(), |a, p| a + p);
                    assert!(total.is_one());
                }
            }
        }
    }
}
