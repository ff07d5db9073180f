//! Success probabilities: the chance a 3d6 roll succeeds, in floats, for
//! the AI's weighing and the aftermath's expected days (G-DICE-001).

/// P(3d6 <= n) in 216ths for n = 0..=18. The AI wants floats in its hot
/// loop; exact odds live in `fray_dice::systems::gurps::success_odds`.
pub(crate) const AT_MOST_3D6: [u32; 19] = [
    0, 0, 0, 1, 4, 10, 20, 35, 56, 81, 108, 135, 160, 181, 196, 206, 212, 215, 216,
];

/// Probability that 3d6 succeeds against `level` (3-4 always succeed, 17-18 always fail).
pub fn p_success(level: i32) -> f64 {
    f64::from(rolls_at_most(level)) / 216.0
}

/// How many of the 216 rolls of 3d6 succeed against `level` (G-DICE-001:
/// 3-4 always succeed, 17-18 always fail, so `level` is read as 4 to 16).
#[inline]
pub(crate) fn rolls_at_most(level: i32) -> u32 {
    AT_MOST_3D6[level.clamp(4, 16) as usize]
}
