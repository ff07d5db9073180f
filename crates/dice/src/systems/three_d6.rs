//! Exact 3d6 tables shared by the 3d6 roll-under systems.

use crate::kind::Prob;
use num_bigint::BigInt;

/// Ways (out of 216) to roll each total 3..=18, index `total - 3`.
pub(crate) const WAYS: [u32; 16] = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];

/// Every 3d6 total with its number of ways.
pub(crate) fn totals() -> impl Iterator<Item = (i32, u32)> {
    WAYS.iter().enumerate().map(|(i, &w)| (i as i32 + 3, w))
}

/// `n / d` as an exact probability.
pub(crate) fn ratio(n: u64, d: u64) -> Prob {
    Prob::new(BigInt::from(n), BigInt::from(d))
}
