//! Hard limits that stop hostile or mistaken input before it can hang the
//! process or exhaust memory. Every limit is checked with a clear error
//! ([`crate::DiceError::Limit`]) instead of being silently clamped.

/// Most dice in one term (`10000d6` is fine, `10001d6` is an error).
pub const MAX_DICE: u64 = 10_000;
/// Most sides on one die (`d1000000` is fine).
pub const MAX_SIDES: u64 = 1_000_000;
/// Most faces listed in a custom die `d{...}`.
pub const MAX_CUSTOM_FACES: usize = 1_000;
/// Most re-rolls one die may make for explosions (`!`, `!!`, `!p`) or
/// rerolls (`r`) while rolling. The die simply stops exploding after this
/// many extra rolls; this is the stated cap that makes `1d1!` terminate.
/// In exact distributions the same cap applies, so `1d1!` is exactly 101.
pub const MAX_EXPLOSION_DEPTH: u32 = 100;
/// Most individual die rolls (including explosions and rerolls) in one
/// evaluation of an expression.
pub const MAX_ROLLS: u64 = 1_000_000;
/// Longest expression text accepted by the parser, in bytes.
pub const MAX_EXPR_LEN: usize = 4_096;
/// Deepest nesting of parentheses / groups.
pub const MAX_NESTING: usize = 64;
/// Most distinct values an exact distribution may hold at any step.
pub const MAX_SUPPORT: usize = 200_000;
/// Largest absolute value a constant or intermediate total may take.
pub const MAX_ABS_VALUE: i64 = 1 << 52;
/// Most work units (roughly: big-integer multiply-adds) one exact
/// distribution may spend before giving up with an error.
pub const MAX_DIST_WORK: u64 = 400_000_000;
/// Most reroll rounds one roll-off ([`crate::RollOff`]) makes while sampling
/// or reading typed rolls. The sampler stops there and leaves any remaining
/// tie in party order: the stated cap that makes a roll-off terminate for
/// any random source (a stuck one would tie forever). With a fair source the
/// cap is reached with probability below 2^-50: every round of a tied group
/// ties again with probability at most 1/2, and at most 7 rounds split one.
pub const MAX_ROLL_OFF_ROUNDS: u32 = 100;
