//! Property tests: no input may panic the parser, the roller or the exact
//! evaluator (DESIGN invariant 4), and every rolled total must be possible
//! under the exact distribution. The generator is seeded, so every run
//! checks the same cases (no test depends on luck, or on how long a random
//! case happens to take).

use fray_dice::{DistOptions, Expr, Prob, seeded_rng};
use num_bigint::BigInt;
use num_traits::Zero;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn term() -> impl Strategy<Value = String> {
    let die = prop_oneof![
        Just("6".to_string()),
        Just("4".to_string()),
        Just("10".to_string()),
        Just("2".to_string()),
        Just("1".to_string()),
        Just("%".to_string()),
        Just("F".to_string()),
        Just("{0,2,-3}".to_string()),
        Just("".to_string()),
    ];
    let m = prop_oneof![
        Just(""),
        Just("!"),
        Just("!!"),
        Just("!p"),
        Just("!o"),
        Just("kh2"),
        Just("dl"),
        Just("kl1"),
        Just("r1"),
        Just("ro<2"),
        Just(">=3"),
        Just(">3f1"),
        Just("!!kh1"),
        Just("!kh2"),
        Just("!>4"),
    ];
    (1u32..5, die, m).prop_map(|(n, d, m)| {
        if d.is_empty() {
            format!("{n}d")
        } else {
            format!("{n}d{d}{m}")
        }
    })
}

fn expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![term(), (0i32..20).prop_map(|v| v.to_string())];
    leaf.prop_recursive(3, 8, 3, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop_oneof![Just("+"), Just("-"), Just("*"), Just("/")],
                inner.clone()
            )
                .prop_map(|(a, op, b)| format!("{a}{op}{b}")),
            inner.clone().prop_map(|a| format!("({a})")),
            inner.clone().prop_map(|a| format!("-{a}")),
            (
                inner.clone(),
                inner.clone(),
                prop_oneof![Just(""), Just("kh1"), Just(">=5"), Just("kl1")]
            )
                .prop_map(|(a, b, m)| format!("{{{a}, {b}}}{m}")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        rng_seed: RngSeed::Fixed(0x5eed_0001),
        ..ProptestConfig::default()
    })]

    #[test]
    fn parser_never_panics(s in "\\PC{0,40}") {
        let _ = Expr::parse(&s);
    }

    #[test]
    fn parser_never_panics_on_dice_alphabet(s in "[0-9d%F{},!pohklrf<>=+*/x() -]{0,30}") {
        if let Ok(e) = Expr::parse(&s) {
            let _ = e.roll(&mut seeded_rng(1));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        rng_seed: RngSeed::Fixed(0x5eed_0002),
        ..ProptestConfig::default()
    })]

    #[test]
    fn valid_expressions_roll_within_distribution(s in expr(), seed in any::<u64>()) {
        let e = match Expr::parse(&s) {
            Ok(e) => e,
            // e.g. `1d1r1`: a reroll that can never stop is rejected on purpose.
            Err(fray_dice::DiceError::Invalid { .. }) => return Ok(()),
            Err(err) => panic!("{s}: {err}"),
        };
        let tol = DistOptions {
            tolerance: Prob::new(BigInt::from(1), BigInt::from(1_000_000)),
            ..DistOptions::default()
        };
        let d = e.distribution(&tol);
        let r = e.roll(&mut seed_rng(seed));
        if let (Ok(d), Ok(r)) = (d, r) {
            let inside = d.min().is_some_and(|lo| r.total >= lo) && d.max().is_some_and(|hi| r.total <= hi);
            if inside && d.leftover().is_zero() {
                prop_assert!(!d.p_eq(r.total).is_zero(), "{s}: rolled {} which has probability 0", r.total);
            }
            prop_assert_eq!(d.total() + d.leftover(), Prob::from_integer(1.into()));
        }
    }
}

fn seed_rng(seed: u64) -> fray_dice::FrayRng {
    seeded_rng(seed)
}
