//! Pinned sampling of golden dice: a refactor or a dependency upgrade must
//! not silently change recorded d20-3d6 fights (rule: X-ATK-005, X-ATK-006,
//! X-ATK-007, X-ATK-010). Each case: the first 12 totals of 2000 draws from
//! `seeded_rng(seed)` and a fingerprint of all 2000 totals and natural flags.

use fray_dice::{Natural, RollKind, Rolled, seeded_rng, splitmix64};

fn fingerprint(k: RollKind, seed: u64) -> (Vec<i32>, u64) {
    let mut rng = seeded_rng(seed);
    let mut h = 0u64;
    let mut first = Vec::new();
    for i in 0..2000 {
        let Rolled { total, natural } = k.sample(&mut rng);
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
