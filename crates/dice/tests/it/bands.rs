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
