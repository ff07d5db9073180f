//! The order-statistics DP against two oracles, on the same one-die pmf:
//! the big-integer DP it replaced (kept here verbatim, minus work charging)
//! and, for small pools, brute-force enumeration of every outcome. The
//! results are compared unreduced (same counts over the same `d^n`), so
//! they are exactly the numbers the former path gave.

use super::super::{Ctx, die_pmf, scorer};
use super::keep_dp;
use crate::ast::{DiceTerm, Node};
use crate::kind::Prob;
use crate::pmf::Pmf;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn binom(n: u64, k: u64) -> BigUint {
    let mut r = BigUint::one();
    for i in 0..k {
        r = r * BigUint::from(n - i) / BigUint::from(i + 1);
    }
    r
}

/// The former keep/drop DP: states `j` = dice placed so far, as maps from
/// kept-score sum to a big-integer count, with binomial weights per step.
fn reference(x: &Pmf, n: u64, kept: u64, highest: bool, score: &dyn Fn(i64) -> i64) -> Pmf {
    let denom_n = x.denom().pow(n as u32);
    let mut vals: Vec<(i64, BigUint)> = x
        .counts()
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_zero())
        .map(|(i, c)| (x.offset() + i as i64, c.clone()))
        .collect();
    if kept == 0 {
        return Pmf::raw(0, vec![x.known_count().pow(n as u32)], denom_n);
    }
    if highest {
        vals.reverse();
    }
    let m = kept as usize;
    let mut dp: Vec<BTreeMap<i64, BigUint>> = vec![BTreeMap::new(); m];
    dp[0].insert(0, BigUint::one());
    let mut result: BTreeMap<i64, BigUint> = BTreeMap::new();
    let mut below: BigUint = x.known_count();
    for (v, c) in &vals {
        below -= c;
        let s = score(*v);
        let cpow: Vec<BigUint> = (0..=n as u32).map(|e| c.pow(e)).collect();
        let bpow: Vec<BigUint> = (0..=n as u32).map(|e| below.pow(e)).collect();
        let mut next: Vec<BTreeMap<i64, BigUint>> = vec![BTreeMap::new(); m];
        for (j, state) in dp.iter().enumerate() {
            let rem = n - j as u64;
            let need = kept - j as u64;
            let mut w = BigUint::zero();
            for k in need..=rem {
                w += binom(rem, k) * &cpow[k as usize] * &bpow[(rem - k) as usize];
            }
            if !w.is_zero() {
                for (sum, cnt) in state {
                    *result.entry(sum + s * need as i64).or_default() += cnt * &w;
                }
            }
            for k in 0..need {
                let w = binom(rem, k) * &cpow[k as usize];
                for (sum, cnt) in state {
                    *next[j + k as usize].entry(sum + s * k as i64).or_default() += cnt * &w;
                }
            }
        }
        dp = next;
    }
    Pmf::from_weights(result, denom_n).unwrap()
}

/// Every outcome of `n` dice from `x`, sorted, the best `kept` scored.
fn brute_force(x: &Pmf, n: u64, kept: u64, highest: bool, score: &dyn Fn(i64) -> i64) -> Pmf {
    let faces: Vec<(i64, BigUint)> = x
        .counts()
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_zero())
        .map(|(i, c)| (x.offset() + i as i64, c.clone()))
        .collect();
    let mut w: Vec<(i64, BigUint)> = Vec::new();
    let mut idx = vec![0usize; n as usize];
    loop {
        let mut roll: Vec<i64> = idx.iter().map(|&i| faces[i].0).collect();
        roll.sort_unstable();
        if highest {
            roll.reverse();
        }
        let total = roll[..kept as usize].iter().map(|&v| score(v)).sum();
        let count = idx.iter().fold(BigUint::one(), |acc, &i| acc * &faces[i].1);
        w.push((total, count));
        // Next index tuple, odometer style.
        let Some(pos) = idx.iter().position(|&i| i + 1 < faces.len()) else {
            break;
        };
        idx[pos] += 1;
        idx[..pos].fill(0);
    }
    Pmf::from_weights(w, x.denom().pow(n as u32)).unwrap()
}

struct Case {
    x: Pmf,
    n: u64,
    kept: u64,
    highest: bool,
    term: DiceTerm,
}

/// The one-die pmf and keep parameters of a single keep/drop term, built as
/// `distribution` builds them (`tol` = the tolerance for that one term).
fn case(src: &str, tol: &Prob) -> Case {
    let Node::Dice(term) = crate::parse::parse(src).unwrap() else {
        panic!("{src} is not one dice term");
    };
    let mut ctx = Ctx {
        tol: tol.clone(),
        work: 0,
        max_work: crate::limits::MAX_DIST_WORK,
    };
    let x = die_pmf(&term, &mut ctx, false).unwrap();
    let (highest, kept) = term.mods.keep.unwrap().kept(term.count);
    Case {
        x,
        n: term.count,
        kept,
        highest,
        term: *term,
    }
}

fn fast(c: &Case) -> Pmf {
    let mut ctx = Ctx {
        tol: Prob::zero(),
        work: 0,
        max_work: crate::limits::MAX_DIST_WORK,
    };
    keep_dp(
        &c.x,
        c.n,
        c.kept,
        c.highest,
        &scorer(&c.term.mods),
        &mut ctx,
    )
    .unwrap()
}

fn tol(n: i64, d: i64) -> Prob {
    Prob::new(BigInt::from(n), BigInt::from(d))
}

#[test]
fn pinned_to_the_former_dp() {
    let default = tol(1, 1_000_000_000_000);
    for src in [
        "4d6kh3",
        "4d6dl1",
        "5d10!kh2",
        "3d6!dl1",
        "6d8!kl3",
        "10d10!kh5",
        "6d6!pdh2",
        "5d6!okh3",
        "5d6!>=5kh2",
        "4d6!!kh2>=8",
        "5d10!!kh3>=8f1",
        "4d6r1kh3",
        "3d{-2,0,5,5}kl2",
        "5dFkh2",
        "10d6kh9",
        "9d4!kh8",
        "30d6kh2",
        "3d6dh3",
    ] {
        let c = case(src, &default);
        let want = reference(&c.x, c.n, c.kept, c.highest, &scorer(&c.term.mods));
        assert_eq!(fast(&c), want, "{src}");
    }
}

#[test]
fn pinned_with_multi_limb_counts() {
    // Tolerance zero unrolls to the 100-roll cap: counts of several limbs.
    for src in ["3d6!kh2", "4d4!dl1"] {
        let c = case(src, &Prob::zero());
        assert!(c.x.denom().bits() > 128, "{src}");
        let want = reference(&c.x, c.n, c.kept, c.highest, &scorer(&c.term.mods));
        assert_eq!(fast(&c), want, "{src}");
    }
}

#[test]
fn pinned_to_brute_force() {
    for (src, t) in [
        ("4d6kh3", tol(1, 1)),
        ("3d4kh2", tol(1, 1)),
        ("3d6!dl1", tol(1, 100)),
        ("4d6!kl3", tol(1, 50)),
        ("4d10!kh2", tol(1, 10)),
        ("4d6!!kh2>=8", tol(1, 100)),
        ("4d{-1,0,0,3}dh1", tol(1, 1)),
    ] {
        let c = case(src, &t);
        let score = scorer(&c.term.mods);
        let want = brute_force(&c.x, c.n, c.kept, c.highest, &score);
        assert_eq!(fast(&c), want, "{src}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_pools_match_the_former_dp(
        count in 1u64..8,
        sides in 1u64..9,
        explode in prop_oneof![Just(""), Just("!"), Just("!!"), Just("!p"), Just("!>=4")],
        keep in prop_oneof![Just("kh"), Just("kl"), Just("dh"), Just("dl")],
        n in 0u64..9,
    ) {
        let src = format!("{count}d{sides}{explode}{keep}{n}");
        let Ok(Node::Dice(_)) = crate::parse::parse(&src) else {
            return Ok(());
        };
        let c = case(&src, &tol(1, 1000));
        let want = reference(&c.x, c.n, c.kept, c.highest, &scorer(&c.term.mods));
        prop_assert_eq!(fast(&c), want, "{}", src);
    }
}

#[test]
fn huge_pools_are_refused_or_cheap_never_hung() {
    use crate::{DiceError, DistOptions, Expr};
    let dist = |src: &str| {
        Expr::parse(src)
            .unwrap()
            .distribution(&DistOptions::default())
    };
    // The former DP ran for minutes on these; now the fixed costs are
    // charged before anything is allocated or computed.
    for src in ["10000d6kh5000", "10000d6kh9999", "1000d6!kh500"] {
        assert!(matches!(dist(src), Err(DiceError::Limit { .. })), "{src}");
    }
    // Keeping few of many dice is cheap: the top three of 10000d6 are all
    // sixes unless fewer than three sixes were rolled.
    let p = dist("10000d6kh3").unwrap();
    let (n, sixth) = (10_000u64, tol(1, 6));
    let five_sixths = tol(5, 6);
    let fewer_than_three: Prob = (0..3u64)
        .map(|i| {
            Prob::from_integer(BigInt::from(binom(n, i)))
                * num_traits::pow(sixth.clone(), i as usize)
                * num_traits::pow(five_sixths.clone(), (n - i) as usize)
        })
        .sum();
    assert_eq!(p.p_eq(18), Prob::one() - fewer_than_three);
}
