//! The exact probability every distribution of the crate is counted in: a
//! leaf, so that distributions, dice kinds and their parts name it
//! without naming each other.

/// An exact probability: a ratio of big integers.
pub use num_rational::BigRational as Prob;
