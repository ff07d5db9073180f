//! Speed/range penalties (G-RNG-001) and opportunity fire (G-RNG-005).

/// The upper limits of the bands below 10 yards, band 0 to 3.
const SHORT_BANDS: [u64; 4] = [2, 3, 5, 7];

/// The upper limits of the six bands of the first decade, 10 to 70 yards;
/// each further decade multiplies them by 10 (100, 150, 200...).
const DECADE_BANDS: [u64; 6] = [10, 15, 20, 30, 50, 70];

/// The number of the speed/range band `yards` falls in: 0 for up to 2
/// yards, 1 for 3, 2 for 5, ... 4 for 10, 10 for 100, 16 for 1000.
///
/// G-RNG-001: each band holds the values from just above the previous row up
/// to its own row (Decision: round up to the next band). The decade pattern
/// 10, 15, 20, 30, 50, 70 repeats x10 for every further six bands, which is
/// the source's "x10, -6 more". Works in `u64`, so no `u32` overflows.
pub fn speed_range_band(yards: u32) -> u32 {
    let yards = u64::from(yards);
    let mut band = 0u32;
    for limit in SHORT_BANDS {
        if yards <= limit {
            return band;
        }
        band += 1;
    }
    // The largest u32 is below 10^10, so the loop ends by scale 10^9.
    let mut scale = 1u64;
    loop {
        for limit in DECADE_BANDS {
            if yards <= limit.saturating_mul(scale) {
                return band;
            }
            band += 1;
        }
        scale = scale.saturating_mul(10);
    }
}

/// G-RNG-001: the speed/range penalty for a lookup value in yards (range
/// plus relative speed, G-RNG-002): up to 2 yards 0; 3 -1; 5 -2; 7 -3; 10
/// -4; 15 -5; 20 -6; 30 -7; 50 -8; 70 -9; 100 -10; 150 -11; 200 -12; 300
/// -13; 500 -14; 700 -15; and -6 more per tenfold distance (1000 -16 ...).
/// A value between rows takes the next row up (4 yards is -2).
pub fn speed_range_penalty(yards: u32) -> i32 {
    // At most 56 bands fit in a u32, so the cast is exact.
    -(speed_range_band(yards) as i32)
}

/// What an opportunity-fire Wait watches (G-RNG-005).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Watched {
    /// An area of this many hexes. Zero hexes reads as one (no penalty).
    Hexes(u32),
    /// A single line (e.g. a corridor or a path).
    Line,
}

/// G-RNG-005: the penalty to an opportunity-fire shot by the area watched:
/// 1 hex 0; 2 hexes -1; 3-4 -2; 5-6 -3; 7-10 -4; 11 or more -5; a line -2.
/// The optional -2 for checking the target's identity (Basic B390, see the
/// G-RNG-005 decision) is the caller's.
pub fn opportunity_fire_penalty(area: Watched) -> i32 {
    match area {
        Watched::Line => -2,
        Watched::Hexes(n) => match n {
            0..=1 => 0,
            2 => -1,
            3..=4 => -2,
            5..=6 => -3,
            7..=10 => -4,
            _ => -5,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row of the chart (G-RNG-001) and the first decades of the
    /// x10 rule: (largest value of the band, penalty).
    const ROWS: [(u32, i32); 28] = [
        (2, 0),
        (3, -1),
        (5, -2),
        (7, -3),
        (10, -4),
        (15, -5),
        (20, -6),
        (30, -7),
        (50, -8),
        (70, -9),
        (100, -10),
        (150, -11),
        (200, -12),
        (300, -13),
        (500, -14),
        (700, -15),
        (1000, -16),
        (1500, -17),
        (2000, -18),
        (3000, -19),
        (5000, -20),
        (7000, -21),
        (10_000, -22),
        (15_000, -23),
        (20_000, -24),
        (30_000, -25),
        (50_000, -26),
        (70_000, -27),
    ];

    #[test]
    fn g_rng_001_every_row_and_the_value_after_it() {
        // rule: G-RNG-001
        for (yards, penalty) in ROWS {
            assert_eq!(speed_range_penalty(yards), penalty, "{yards} yd");
            // One more yard is in the next band (round up).
            assert_eq!(
                speed_range_penalty(yards + 1),
                penalty - 1,
                "{} yd",
                yards + 1
            );
        }
        assert_eq!(speed_range_penalty(0), 0);
        assert_eq!(speed_range_penalty(1), 0);
    }

    #[test]
    fn g_rng_001_between_rows_rounds_up() {
        // rule: G-RNG-001 (Decision: smallest row at least the value)
        assert_eq!(speed_range_penalty(4), -2);
        assert_eq!(speed_range_penalty(6), -3);
        assert_eq!(speed_range_penalty(11), -5);
        assert_eq!(speed_range_penalty(14), -5);
        assert_eq!(speed_range_penalty(16), -6);
        assert_eq!(speed_range_penalty(21), -7);
        assert_eq!(speed_range_penalty(31), -8);
        assert_eq!(speed_range_penalty(51), -9);
        assert_eq!(speed_range_penalty(71), -10);
        assert_eq!(speed_range_penalty(101), -11);
        assert_eq!(speed_range_penalty(701), -16);
    }

    #[test]
    fn g_rng_001_tenfold_costs_six_more_up_to_u32_max() {
        // rule: G-RNG-001
        let mut yards = 10u32;
        let mut penalty = -4;
        while let Some(next) = yards.checked_mul(10) {
            assert_eq!(speed_range_penalty(next), penalty - 6, "{next} yd");
            yards = next;
            penalty -= 6;
        }
        assert_eq!(yards, 1_000_000_000);
        assert_eq!(speed_range_penalty(1_000_000_000), -52);
        assert_eq!(speed_range_penalty(3_000_000_000), -55);
        assert_eq!(speed_range_penalty(3_000_000_001), -56);
        assert_eq!(speed_range_penalty(u32::MAX), -56);
    }

    #[test]
    fn g_rng_001_never_rises_with_distance() {
        // rule: G-RNG-001
        let mut last = 0;
        for yards in 0..=20_000 {
            let p = speed_range_penalty(yards);
            assert!(p == last || p == last - 1, "{yards} yd: {p} after {last}");
            last = p;
        }
    }

    #[test]
    fn g_rng_005_every_row() {
        // rule: G-RNG-005
        let rows = [
            (0, 0),
            (1, 0),
            (2, -1),
            (3, -2),
            (4, -2),
            (5, -3),
            (6, -3),
            (7, -4),
            (10, -4),
            (11, -5),
            (u32::MAX, -5),
        ];
        for (hexes, penalty) in rows {
            assert_eq!(
                opportunity_fire_penalty(Watched::Hexes(hexes)),
                penalty,
                "{hexes} hexes"
            );
        }
        for hexes in 7..=10 {
            assert_eq!(opportunity_fire_penalty(Watched::Hexes(hexes)), -4);
        }
        assert_eq!(opportunity_fire_penalty(Watched::Line), -2);
    }
}
