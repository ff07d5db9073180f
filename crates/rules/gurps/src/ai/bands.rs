//! HP as the AIs read it: in bands, the way a seasoned player thinks of
//! a figure's state ("unhurt", "hurt", "reeling", "down", "dying"), not
//! to the point (issue 10, section 4: an AI cheap by design).
//!
//! The band edges are where the rules change, so nothing the rules say
//! depends on HP inside a band:
//!
//! - below 1/3 of HP, Move and Dodge are halved (G-INJ-011: `low_hp`);
//! - at 0 HP or less, a consciousness roll each turn (G-INJ-012);
//! - at each further multiple of -HP, a death check (G-INJ-013), and
//!   -5xHP is death (G-INJ-014);
//!
//! and above 1/3 one more edge at 2/3, where a player starts to count the
//! blows it can still take. Both AIs read a figure's HP only through
//! [`hp_band`] and [`hp_left`] (their own valuations) and the rules'
//! `low_hp` (which is constant within a band), so the decision memo keys
//! the band instead of the HP (`memo.rs`) and stays exact: every HP in a
//! band gives the same decision.

/// The band of `hp` out of `max`: 0 unhurt, 1 down to 2/3, 2 down to 1/3
/// (G-INJ-011), 3 reeling above 0, 4 at 0 or below (G-INJ-012), then 5 + k
/// at or below -(k+1)xHP (G-INJ-013/014).
#[must_use]
pub fn hp_band(hp: i32, max: i32) -> u8 {
    let max = max.max(1);
    if hp >= max {
        0
    } else if hp.saturating_mul(3) >= 2 * max {
        1
    } else if hp.saturating_mul(3) >= max {
        2
    } else if hp > 0 {
        3
    } else if hp > -max {
        4
    } else {
        // hp <= -(k+1) * max: k = floor(-hp / max) - 1, at most 4 (-5xHP).
        let k = (hp.saturating_neg() / max - 1).clamp(0, 4);
        5 + k as u8
    }
}

/// The HP a band stands for when the AI values injury (the middle of the
/// band; 0 at or below 0 HP).
#[must_use]
pub fn hp_left(hp: i32, max: i32) -> f64 {
    let m = f64::from(max.max(1));
    match hp_band(hp, max) {
        0 => m,
        1 => m * 5.0 / 6.0,
        2 => m / 2.0,
        3 => m / 6.0,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The band edges sit where `low_hp` and the 0 HP and -HP rules change
    /// (rule: G-INJ-011, G-INJ-012, G-INJ-013).
    #[test]
    fn band_edges_follow_the_rules_g_inj_011_012_013() {
        let max = 12;
        let bands: Vec<u8> = [12, 11, 8, 7, 4, 3, 1, 0, -11, -12, -23, -24, -60, -100]
            .iter()
            .map(|&hp| hp_band(hp, max))
            .collect();
        assert_eq!(bands, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 9, 9]);
        // Reeling (G-INJ-011) is exactly bands 3 and beyond.
        for hp in -80..=14 {
            assert_eq!(hp * 3 < max, hp_band(hp, max) >= 3, "hp {hp}");
        }
    }
}
