//! Exact odds of one blow for the seasoned AI: how an attack roll at one
//! target meets a defense roll at another (M-FLO-003/004, M-DEF-011,
//! M-DMG-013), counted over all 216 × 216 pairs of 3d6 rolls at compile
//! time, and the expected injury that follows from a blow's damage at
//! each fraction and on the Critical Hit table (M-CRT-003/004).

/// What an attack comes to after the defense: stopped, 25%, 50%, 75%,
/// 100% of its damage, or a critical hit (M-DMG-013).
pub const BUCKETS: usize = 6;
/// Stopped (net below 0, or the attack roll failed).
pub const STOP: usize = 0;
/// A critical hit: 6 or more net, or a natural critical success (M-FLO-004).
pub const CRIT: usize = 5;
/// The fraction of each bucket, in percent (the critical's is its own table).
pub const PCT: [i32; BUCKETS] = [0, 25, 50, 75, 100, 100];

/// The targets the table holds: 3 to 24 (below 3 no roll is made, M-FLO-003;
/// above 24 a few more successes only).
const LOW: i32 = 3;
const HIGH: i32 = 24;
const SPAN: usize = (HIGH - LOW + 1) as usize;

/// How often 3d6 shows each total (index the total).
const WAYS: [u32; 19] = [
    0, 0, 0, 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1,
];

/// M-FLO-003: a roll of `r` against `target` succeeds (3 and 4 always, 17
/// and 18 never), with max(0, target - roll) successes.
const fn succeeds(r: i32, target: i32) -> Option<i32> {
    if r <= 4 || (r <= target && r <= 16) {
        Some(if target > r { target - r } else { 0 })
    } else {
        None
    }
}

/// M-FLO-004: a natural critical success on an attack (3-4, 5 at 15+, 6 at 16+).
const fn natural_critical(r: i32, target: i32) -> bool {
    r <= 4 || (r == 5 && target >= 15) || (r == 6 && target >= 16)
}

/// The bucket of `net` successes (M-DMG-013).
const fn bucket(net: i32) -> usize {
    match net {
        i32::MIN..=-1 => STOP,
        0 => 1,
        1 => 2,
        2 => 3,
        3..=5 => 4,
        _ => CRIT,
    }
}

/// `NET[a][d]`: the ways (out of 216 × 216) an attack at target `a + 3`
/// meets a defense at target `d + 2` (`d = 0`: no defense roll) in each
/// bucket, the defense's AD being 2 + its successes, 0 on a failure
/// (M-DEF-011); a natural critical success allows no defense (M-FLO-004).
static NET: [[[u32; BUCKETS]; SPAN + 1]; SPAN] = {
    let mut t = [[[0u32; BUCKETS]; SPAN + 1]; SPAN];
    let mut ai = 0;
    while ai < SPAN {
        let at = LOW + ai as i32;
        let mut di = 0;
        while di <= SPAN {
            let mut a = 3;
            while a <= 18 {
                let wa = WAYS[a as usize];
                match succeeds(a, at) {
                    None => t[ai][di][STOP] += wa * 216,
                    Some(_) if natural_critical(a, at) => t[ai][di][CRIT] += wa * 216,
                    Some(s) if di == 0 => t[ai][di][bucket(s)] += wa * 216,
                    Some(s) => {
                        let dt = LOW + di as i32 - 1;
                        let mut d = 3;
                        while d <= 18 {
                            let ad = match succeeds(d, dt) {
                                Some(k) => 2 + k,
                                None => 0,
                            };
                            t[ai][di][bucket(s - ad)] += wa * WAYS[d as usize];
                            d += 1;
                        }
                    }
                }
                a += 1;
            }
            di += 1;
        }
        ai += 1;
    }
    t
};

/// The chance of each bucket for an attack at `attack` against a defense
/// at `defense` (`None`: no defense roll, as also below the minimum 3).
#[inline]
pub fn net(attack: i32, defense: Option<i32>) -> [f64; BUCKETS] {
    let mut out = [0.0; BUCKETS];
    if attack < LOW {
        out[STOP] = 1.0;
        return out;
    }
    let ai = (attack.min(HIGH) - LOW) as usize;
    let di = match defense {
        Some(d) if d >= LOW => (d.min(HIGH) - LOW) as usize + 1,
        _ => 0,
    };
    for (o, &n) in out.iter_mut().zip(&NET[ai][di]) {
        *o = f64::from(n) / 46656.0;
    }
    out
}

/// `SUCCESS_WAYS[t]`: the ways (out of 216) a 3d6 roll against target
/// `t` succeeds (M-FLO-003), for `t` up to 18; any higher target succeeds
/// as 18 does (17 and 18 always fail). Worked out once: the AI asks it for
/// every outcome it weighs (issue 35).
const SUCCESS_WAYS: [u32; 19] = {
    let mut out = [0; 19];
    let mut t = LOW;
    while t <= 18 {
        let mut r = 3;
        while r <= 18 {
            if succeeds(r, t).is_some() {
                out[t as usize] += WAYS[r as usize];
            }
            r += 1;
        }
        t += 1;
    }
    out
};

/// The chance a 3d6 roll against `target` succeeds (M-FLO-003).
#[inline]
pub fn p_success(target: i32) -> f64 {
    if target < LOW {
        return 0.0;
    }
    f64::from(SUCCESS_WAYS[target.min(18) as usize]) / 216.0
}

/// The Critical Hit table's rows as the AI weighs them (M-CRT-003/004):
/// the chance in 216 of each result.
pub mod crit {
    /// 3 or 18: knocked out by a torso blow, else ×3.
    pub const KNOCKOUT: f64 = 2.0 / 216.0;
    /// 4 or 13: armor bypassed.
    pub const NO_ARMOR: f64 = 24.0 / 216.0;
    /// 5 or 17: ×3.
    pub const TRIPLE: f64 = 9.0 / 216.0;
    /// 6, 16 and 15: ×2 (15 also drops the foe's weapon).
    pub const DOUBLE: f64 = 26.0 / 216.0;
    /// 14: a limb crippled for 6 rounds, else ×2.
    pub const LIMB_DOUBLE: f64 = 15.0 / 216.0;
    /// 7, 8-12: normal damage (7 stuns, 8/12 cripple a limb for a while).
    pub const NORMAL: f64 = 140.0 / 216.0;
}

/// M-FLO-005: the chance of each margin a contest of `a` against `b` gives
/// the first roller (index the margin, 0 for a loss or a tie, capped at 15).
pub fn contest_margins(a: i32, b: i32) -> [f64; 16] {
    let mut out = [0.0; 16];
    for ra in 3..=18 {
        for rb in 3..=18 {
            let w = f64::from(WAYS[ra as usize] * WAYS[rb as usize]) / 46656.0;
            let sa = if a < LOW { None } else { succeeds(ra, a) };
            let sb = if b < LOW { None } else { succeeds(rb, b) };
            let m = match (sa, sb) {
                (Some(x), None) => x,
                (Some(x), Some(y)) if x > y => x - y,
                _ => 0,
            };
            out[m.clamp(0, 15) as usize] += w;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_counts_all_216_by_216_pairs_m_def_011() {
        // rule: M-DEF-011, M-DMG-013
        for row in NET.iter() {
            for cell in row.iter() {
                assert_eq!(cell.iter().sum::<u32>(), 46656);
            }
        }
    }

    #[test]
    fn a_full_hit_against_no_defense_m_dmg_013() {
        // rule: M-DMG-013, M-FLO-004
        // Target 14, no defense: rolls 3 to 8 give 6 successes or more (a
        // critical), 9-11 3 to 5 (100%), 12 two (75%), 13 one (50%), 14 none
        // (25%), 15 and up fail.
        let p = net(14, None);
        let ways = |v: f64| (v * 216.0).round() as u32;
        assert_eq!(ways(p[CRIT]), 1 + 3 + 6 + 10 + 15 + 21);
        assert_eq!(ways(p[4]), 25 + 27 + 27);
        assert_eq!(ways(p[3]), 25);
        assert_eq!(ways(p[2]), 21);
        assert_eq!(ways(p[1]), 15);
        assert_eq!(ways(p[STOP]), 10 + 6 + 3 + 1);
    }

    #[test]
    fn contests_sum_to_one_m_flo_005() {
        // rule: M-FLO-005
        let m = contest_margins(14, 12);
        assert!((m.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(m[0] < 1.0 && m[1] > 0.0);
    }

    #[test]
    fn the_success_table_is_the_sum_over_rolls_m_flo_003() {
        // rule: M-FLO-003
        for target in -3..30 {
            let ways: u32 = (3..=18)
                .filter(|&r| target >= LOW && succeeds(r, target).is_some())
                .map(|r| WAYS[r as usize])
                .sum();
            assert_eq!(
                p_success(target),
                f64::from(ways) / 216.0,
                "target {target}"
            );
        }
    }
}
