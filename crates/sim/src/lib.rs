//! Monte Carlo simulation of fights: many seeded trials on all cores,
//! streamed into integer statistics that are identical for any thread count.

pub mod stats;
