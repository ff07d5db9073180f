//! Roll-offs repeated until a tie breaks (`RollKind::RollOff`): exact
//! distributions against hand computations and a brute force of the
//! procedure, sampling, by-hand entry, recorded logs and display.

use crate::common::{Script, q};
use fray_dice::error::DiceError;
use fray_dice::kind::{
    MAX_ROLL_OFF_PARTIES, RecordProblem, RollOffEntryError, RollOffError, StandingsError,
};
use fray_dice::limits::MAX_ROLL_OFF_ROUNDS;
use fray_dice::systems::{dragonquest, golden, margin3d6};
use fray_dice::{First, Natural, Prob, Reads, RollKind, RollOff, Rolled, seeded_rng, splitmix64};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

fn tol() -> Prob {
    q(1, 1_000_000_000_000)
}

fn roll_off(k: RollKind) -> RollOff {
    match k {
        RollKind::RollOff(r) => r,
        other => panic!("{other} is not a roll-off"),
    }
}

/// Exact outcomes as (order, probability); for `Reads::Winner` the key is
/// the winner alone.
fn exact(k: RollKind) -> BTreeMap<Vec<u8>, Prob> {
    let r = roll_off(k);
    let o = k.outcomes(&Prob::zero()).unwrap();
    assert!(o.leftover.is_zero());
    let mut m = BTreeMap::new();
    for (rolled, p) in o.outcomes {
        let key = match r.reads() {
            Reads::Order => rolled.standings.order().to_vec(),
            Reads::Winner => vec![rolled.standings.order()[0]],
        };
        assert!(m.insert(key, p).is_none(), "outcomes repeat a result");
    }
    m
}

/// One party's dice as (sum, ways), by brute force over the faces.
fn die_ways(dice: u8, sides: u8) -> Vec<(i32, u64)> {
    let mut ways = BTreeMap::new();
    let mut faces = vec![1i32; dice as usize];
    loop {
        *ways.entry(faces.iter().sum::<i32>()).or_insert(0u64) += 1;
        let Some(i) = faces.iter().rposition(|&f| f < sides as i32) else {
            break;
        };
        faces[i] += 1;
        for f in &mut faces[i + 1..] {
            *f = 1;
        }
    }
    ways.into_iter().collect()
}

/// The procedure's exact distribution by brute force: every joint roll of
/// `group`, ranked; a group tied whole rolls again (the geometric series
/// sums to dividing by 1 - P(all tie)); smaller tied groups settle on their
/// own (only the top one when only the winner is read).
fn brute(r: &RollOff, group: &[u8]) -> BTreeMap<Vec<u8>, Prob> {
    let die = die_ways(r.dice(), r.sides());
    let total_ways: u64 = die.iter().map(|d| d.1).sum();
    let mut out: BTreeMap<Vec<u8>, Prob> = BTreeMap::new();
    let mut tie = Prob::zero();
    let mut idx = vec![0usize; group.len()];
    loop {
        let weight = idx.iter().map(|&i| die[i].1).product::<u64>();
        let p = q(weight as i64, total_ways.pow(group.len() as u32) as i64);
        let key = |n: usize| r.total(group[n] as usize, die[idx[n]].0);
        let mut ranked: Vec<usize> = (0..group.len()).collect();
        ranked.sort_by(|&a, &b| match r.first() {
            First::Highest => key(b).cmp(&key(a)),
            First::Lowest => key(a).cmp(&key(b)),
        });
        let mut runs: Vec<Vec<u8>> = Vec::new();
        for n in ranked {
            match runs.last_mut() {
                Some(run) if key(group.iter().position(|&g| g == run[0]).unwrap()) == key(n) => {
                    run.push(group[n])
                }
                _ => runs.push(vec![group[n]]),
            }
        }
        if runs.len() == 1 {
            tie += p;
        } else {
            let mut parts: Vec<(Vec<u8>, Prob)> = vec![(Vec::new(), p)];
            for (i, run) in runs.iter().enumerate() {
                let settle = run.len() > 1 && (r.reads() == Reads::Order || i == 0);
                let sub = if settle {
                    brute(r, run)
                } else {
                    BTreeMap::from([(run.clone(), Prob::one())])
                };
                parts = parts
                    .iter()
                    .flat_map(|(o, pp)| {
                        sub.iter().map(move |(so, sp)| {
                            let mut o = o.clone();
                            o.extend(so);
                            (o, pp * sp)
                        })
                    })
                    .collect();
            }
            for (o, pp) in parts {
                *out.entry(o).or_insert_with(Prob::zero) += pp;
            }
        }
        let Some(i) = idx.iter().rposition(|&i| i + 1 < die.len()) else {
            break;
        };
        idx[i] += 1;
        for j in &mut idx[i + 1..] {
            *j = 0;
        }
    }
    let scale = Prob::one() - tie;
    out.into_iter().map(|(o, p)| (o, p / &scale)).collect()
}

fn brute_read(r: &RollOff) -> BTreeMap<Vec<u8>, Prob> {
    let all: Vec<u8> = (0..r.parties() as u8).collect();
    let full = brute(r, &all);
    match r.reads() {
        Reads::Order => full,
        Reads::Winner => {
            let mut m = BTreeMap::new();
            for (o, p) in full {
                *m.entry(vec![o[0]]).or_insert_with(Prob::zero) += p;
            }
            m
        }
    }
}

#[test]
fn side_initiative_by_hand_rule_dq_12_003() {
    // rule: DQ-12-003
    // D10+3 vs D10+5: the first side wins when its die is 3 or more above
    // (7+6+...+1 = 28 of 100 pairs), the second when the first's is at most
    // 1 above (64 pairs); 8 pairs tie and are rerolled.
    let k = dragonquest::side_initiative([3, 5]);
    let m = exact(k);
    assert_eq!(m[&vec![0, 1]], q(28, 92));
    assert_eq!(m[&vec![1, 0]], q(64, 92));
    assert_eq!(m, brute_read(&roll_off(k)));
    assert_eq!(
        k.to_string(),
        "1d10 roll-off of 2 (+3 vs +5), highest first"
    );
    // The representative: the winner's best roll, the loser's worst.
    let o = k.outcomes(&tol()).unwrap();
    let first = o
        .outcomes
        .iter()
        .find(|(r, _)| r.standings.winner() == Some(0))
        .unwrap();
    assert_eq!(first.0.standings.rolls(), &[10, 1]);
    assert_eq!(first.0.total, 13);
    assert_eq!(first.0.natural, Natural::Mixed);
}

#[test]
fn pairs_match_the_brute_force_rule_dq_12_003() {
    // rule: DQ-12-003
    for (dice, sides, mods, first) in [
        (1, 10, [0, 0], First::Highest),
        (2, 4, [1, -2], First::Highest),
        (3, 6, [0, 4], First::Lowest),
        (1, 6, [7, 0], First::Highest),
        (1, 1, [0, 1], First::Highest),
    ] {
        let r = RollOff::pair(dice, sides, mods, first).unwrap();
        assert_eq!(
            exact(RollKind::RollOff(r)),
            brute_read(&r),
            "{dice}d{sides} {mods:?}"
        );
    }
    // A side that cannot lose: one certain outcome.
    let r = RollOff::pair(1, 6, [7, 0], First::Highest).unwrap();
    assert_eq!(
        exact(RollKind::RollOff(r)),
        BTreeMap::from([(vec![0, 1], Prob::one())])
    );
}

#[test]
fn equal_parties_match_the_brute_force_rule_dq_12_006_x_seq_001_m_flo_002() {
    // rule: DQ-12-006, X-SEQ-001, M-FLO-002
    for (parties, dice, sides, first, reads) in [
        (3, 1, 3, First::Highest, Reads::Order),
        (3, 2, 2, First::Lowest, Reads::Order),
        (4, 1, 2, First::Highest, Reads::Order),
        (4, 1, 3, First::Highest, Reads::Winner),
        (3, 1, 6, First::Lowest, Reads::Winner),
    ] {
        let r = RollOff::among(parties, dice, sides, first, reads).unwrap();
        let m = exact(RollKind::RollOff(r));
        assert_eq!(m, brute_read(&r), "{r}");
        // Equal parties: every order (every winner) is equally likely.
        let n = m.len() as i64;
        assert!(m.values().all(|p| *p == q(1, n)));
    }
}

#[test]
fn helpers_enumerate_orders_rule_m_flo_002() {
    // rule: M-FLO-002, DQ-12-006, X-SEQ-001
    let k = margin3d6::initiative_tie_break(4).unwrap();
    assert_eq!(k.to_string(), "3d6 roll-off of 4, lowest first");
    let o = k.outcomes(&tol()).unwrap();
    assert_eq!(o.outcomes.len(), 24);
    assert!(o.outcomes.iter().all(|(_, p)| *p == q(1, 24)));
    let mut orders: Vec<Vec<u8>> = o
        .outcomes
        .iter()
        .map(|(r, _)| r.standings.order().to_vec())
        .collect();
    assert!(
        orders.windows(2).all(|w| w[0] < w[1]),
        "sorted and distinct"
    );
    orders.dedup();
    assert_eq!(orders.len(), 24);
    // Lowest first: the representative places show 3, the last 18.
    let (r, _) = &o.outcomes[0];
    assert_eq!(r.standings.order(), &[0, 1, 2, 3]);
    assert_eq!(r.standings.rolls(), &[3, 3, 3, 18]);
    assert_eq!(r.total, 3);
    assert_eq!(
        dragonquest::iv_tie_break(3).unwrap().to_string(),
        "1d10 roll-off of 3, highest first"
    );
    assert_eq!(
        golden::initiative_tie_break(2).unwrap().to_string(),
        "1d6 roll-off of 2, highest first"
    );
    assert!(matches!(
        golden::initiative_tie_break(MAX_ROLL_OFF_PARTIES + 1),
        Err(RollOffError::Parties { given: 9, max: 8 })
    ));
}

#[test]
fn winner_reads_enumerate_one_outcome_per_party() {
    // rule: X-SEQ-001
    let k = RollKind::RollOff(RollOff::among(5, 1, 6, First::Highest, Reads::Winner).unwrap());
    assert_eq!(k.to_string(), "1d6 roll-off of 5, highest wins");
    let o = k.outcomes(&tol()).unwrap();
    assert_eq!(o.outcomes.len(), 5);
    let (r, p) = &o.outcomes[2];
    assert_eq!(*p, q(1, 5));
    assert_eq!(r.standings.order(), &[2, 0, 1, 3, 4]);
    assert_eq!(r.standings.rolls(), &[1, 1, 6, 1, 1]);
}

#[test]
fn construction_rejects_roll_offs_that_cannot_end() {
    let pair = |dice, sides, mods| RollOff::pair(dice, sides, mods, First::Highest);
    assert_eq!(
        pair(2, 1, [3, 3]),
        Err(RollOffError::AlwaysTies { dice: 2 })
    );
    assert!(pair(2, 1, [3, 4]).is_ok());
    assert_eq!(pair(0, 6, [0, 0]), Err(RollOffError::NoDice));
    assert_eq!(pair(1, 0, [0, 0]), Err(RollOffError::NoDice));
    assert_eq!(
        pair(26, 10, [0, 0]),
        Err(RollOffError::TooManyPips {
            dice: 26,
            sides: 10
        })
    );
    let among = |n| RollOff::among(n, 1, 6, First::Highest, Reads::Order);
    assert_eq!(among(1), Err(RollOffError::Parties { given: 1, max: 8 }));
    assert!(among(8).is_ok());
    assert!(matches!(
        RollOff::among(3, 2, 1, First::Lowest, Reads::Order),
        Err(RollOffError::AlwaysTies { .. })
    ));
    // Deserialized roll-offs are checked the same way.
    let bad: Result<RollKind, _> = serde_json::from_str(
        r#"{"RollOff":{"dice":1,"sides":6,"parties":3,"first":"highest","reads":"order","modifiers":[1,0]}}"#,
    );
    assert!(bad.unwrap_err().to_string().contains("two parties only"));
    let k = dragonquest::side_initiative([3, 5]);
    let back: RollKind = serde_json::from_str(&serde_json::to_string(&k).unwrap()).unwrap();
    assert_eq!(back, k);
}

/// Every sample is a possible result: an order of the parties, rolls the
/// dice can show, the winner's total, and (for a pair) a winner that beat
/// the loser in the last round.
fn check_sample(k: RollKind, rolled: &Rolled) {
    let r = roll_off(k);
    let s = &rolled.standings;
    assert_eq!(s.parties(), r.parties());
    let mut order = s.order().to_vec();
    order.sort();
    assert_eq!(order, (0..r.parties() as u8).collect::<Vec<_>>());
    let (lo, hi) = r.roll_range();
    assert!(s.rolls().iter().all(|&x| (lo..=hi).contains(&(x as i32))));
    let w = s.winner().unwrap();
    assert_eq!(rolled.total as i64, r.total(w, s.rolls()[w] as i32));
    assert_eq!(k.accept(*rolled), Ok(*rolled));
}

fn fingerprint(k: RollKind, seed: u64, n: usize) -> u64 {
    let mut rng = seeded_rng(seed);
    let mut h = 0;
    for _ in 0..n {
        let rolled = k.sample(&mut rng);
        check_sample(k, &rolled);
        for (p, roll) in rolled.standings.places() {
            h = splitmix64(h ^ ((p as u64) << 8) ^ roll as u64);
        }
    }
    h
}

#[test]
fn sampling_stays_in_the_support_and_is_pinned_rule_dq_12_003_m_flo_002() {
    // rule: DQ-12-003, M-FLO-002, X-SEQ-001
    let cases = [
        (dragonquest::side_initiative([3, 5]), 11, 0x37ec96ec80595b39),
        (
            margin3d6::initiative_tie_break(4).unwrap(),
            12,
            0x1b3e99c013dfd508,
        ),
        (
            golden::initiative_tie_break(8).unwrap(),
            13,
            0xc8f58f23a3d7597c,
        ),
        (
            RollKind::RollOff(RollOff::among(6, 1, 6, First::Highest, Reads::Winner).unwrap()),
            14,
            0xfb77267d32fc275a,
        ),
    ];
    let got: Vec<u64> = cases
        .iter()
        .map(|&(k, seed, _)| fingerprint(k, seed, 2000))
        .collect();
    let want: Vec<u64> = cases.iter().map(|c| c.2).collect();
    assert_eq!(got, want);
}

#[test]
fn sampled_frequencies_follow_the_exact_odds_rule_dq_12_003() {
    // rule: DQ-12-003
    // Seeded, so the count is fixed; the bound only documents that the
    // sampler and the exact odds agree (7/23 of 46,000 is 14,000).
    let k = dragonquest::side_initiative([3, 5]);
    let mut rng = seeded_rng(5);
    let first = (0..46_000)
        .filter(|_| k.sample(&mut rng).standings.winner() == Some(0))
        .count();
    assert!((13_700..=14_300).contains(&first), "{first}");
}

#[test]
fn ties_are_rerolled_among_the_tied_rule_x_seq_001() {
    // rule: X-SEQ-001
    let k = golden::initiative_tie_break(3).unwrap();
    // Round 1: 4, 4, 2; parties 0 and 1 tie at 4 and reroll: 3, 5.
    let mut rng = Script::faces(6, &[4, 4, 2, 3, 5]);
    let r = k.sample(&mut rng);
    assert_eq!(rng.used, 5);
    assert_eq!(r.standings.order(), &[1, 0, 2]);
    assert_eq!(r.standings.rolls(), &[3, 5, 2]);
    assert_eq!(r.total, 5);
    assert_eq!(
        r.standings.to_string(),
        "party 1 (5), party 0 (3), party 2 (2)"
    );
    // The same dice typed at the table give the same result.
    assert_eq!(k.from_faces(&[4, 4, 2, 3, 5]), Ok(r));
}

#[test]
fn a_stuck_random_source_cannot_loop_forever() {
    // Every draw shows 3: every round ties. The sampler stops after the
    // stated cap and leaves the tie in party order.
    let k = dragonquest::iv_tie_break(2).unwrap();
    let mut rng = Script::faces(10, &[3]);
    let r = k.sample(&mut rng);
    assert_eq!(rng.used, 2 + 2 * MAX_ROLL_OFF_ROUNDS as usize);
    assert_eq!(r.standings.order(), &[0, 1]);
}

#[test]
fn typed_rolls_are_accepted_or_rejected_with_typed_errors_rule_dq_12_003() {
    // rule: DQ-12-003, M-FLO-002
    let k = dragonquest::side_initiative([3, 5]);
    let entry = |faces: &[i32]| match k.from_faces(faces) {
        Ok(r) => Ok(r),
        Err(DiceError::RollOffEntry { problem, .. }) => Err(problem),
        Err(other) => panic!("untyped error {other}"),
    };
    let r = entry(&[9, 4]).unwrap();
    assert_eq!((r.standings.winner(), r.total), (Some(0), 12));
    // 6+3 = 4+5: a tie, rerolled 10+3 against 1+5.
    let r = entry(&[6, 4, 10, 1]).unwrap();
    assert_eq!(r.standings.rolls(), &[10, 1]);
    assert_eq!(
        entry(&[6, 4]),
        Err(RollOffEntryError::Unbroken {
            tied: vec![0, 1],
            total: 9
        })
    );
    assert_eq!(
        entry(&[11, 3]),
        Err(RollOffEntryError::OutOfRange {
            position: 1,
            value: 11,
            min: 1,
            max: 10
        })
    );
    assert_eq!(
        entry(&[9]),
        Err(RollOffEntryError::Missing {
            parties: 2,
            given: 1
        })
    );
    assert_eq!(
        entry(&[9, 4, 2]),
        Err(RollOffEntryError::TooMany { extra: 1 })
    );
    let err = k.from_total(12).unwrap_err();
    assert!(matches!(
        err,
        DiceError::RollOffEntry {
            problem: RollOffEntryError::NeedsEachRoll,
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "1d10 roll-off of 2 (+3 vs +5), highest first: enter each party's roll, in party order, then any rerolls"
    );
    // M-FLO-002, lowest first: 10, 10, 7; the tied 0 and 1 reroll 12 and 9.
    let k = margin3d6::initiative_tie_break(3).unwrap();
    let r = k.from_faces(&[10, 10, 7, 12, 9]).unwrap();
    assert_eq!(r.standings.order(), &[2, 1, 0]);
    assert_eq!(r.standings.rolls(), &[12, 9, 7]);
    assert_eq!(r.total, 7);
}

#[test]
fn recorded_standings_round_trip_and_are_checked() {
    let k = dragonquest::side_initiative([3, 5]);
    let r = k.from_faces(&[9, 4]).unwrap();
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(
        json,
        r#"{"total":12,"natural":"Mixed","standings":{"order":[0,1],"rolls":[9,4]}}"#
    );
    let back: Rolled = serde_json::from_str(&json).unwrap();
    assert_eq!(k.accept(back), Ok(r));
    // Rolls that are not roll-offs keep their old form.
    let plain = RollKind::three_d6().from_total(9).unwrap();
    assert_eq!(
        serde_json::to_string(&plain).unwrap(),
        r#"{"total":9,"natural":"Mixed"}"#
    );
    let recorded = |rolled: Rolled, kind: RollKind| match kind.accept(rolled) {
        Err(DiceError::RollOffEntry {
            problem: RollOffEntryError::Recorded(p),
            ..
        }) => p,
        other => panic!("{other:?}"),
    };
    let mut wrong = r;
    wrong.total = 11;
    assert_eq!(
        recorded(wrong, k),
        RecordProblem::Total {
            total: 11,
            winner: 12
        }
    );
    assert_eq!(recorded(r, RollKind::three_d6()), RecordProblem::NotRollOff);
    let flipped: Rolled = serde_json::from_str(
        r#"{"total":9,"natural":"Mixed","standings":{"order":[1,0],"rolls":[9,4]}}"#,
    )
    .unwrap();
    assert_eq!(recorded(flipped, k), RecordProblem::Order);
    assert_eq!(
        recorded(r, margin3d6::initiative_tie_break(3).unwrap()),
        RecordProblem::Parties {
            recorded: 2,
            parties: 3
        }
    );
    for bad in [
        r#"{"order":[0,0],"rolls":[1,2]}"#,
        r#"{"order":[0,2],"rolls":[1,2]}"#,
    ] {
        let e = serde_json::from_str::<fray_dice::Standings>(bad).unwrap_err();
        assert!(
            e.to_string()
                .contains(&StandingsError::NotAnOrder.to_string())
        );
    }
    assert!(serde_json::from_str::<fray_dice::Standings>(r#"{"order":[0],"rolls":[1]}"#).is_err());
}
