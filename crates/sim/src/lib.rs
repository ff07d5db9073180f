//! Monte Carlo simulation of fights: many seeded trials on all cores,
//! streamed into integer statistics that are identical for any thread count.
//!
//! * [`simulate`] plays the fights (generic over the ruleset, so the hot
//!   loop is monomorphized with the seeded oracle and no events);
//! * [`totals`] holds the integer counts a batch adds up to;
//! * [`report`] derives rates, intervals and means from them;
//! * [`table`], [`csv`] and [`plot`] render a report; [`compare`] sets two
//!   scenarios side by side.

pub mod compare;
pub mod csv;
pub mod field_check;
pub mod memo_check;
pub mod plot;
pub mod probe;
pub mod report;
pub mod simulate;
pub mod stats;
pub mod table;
pub mod totals;

pub use compare::Comparison;
pub use report::{Roster, SimReport};
pub use simulate::{CHUNK, SimConfig, SimError, simulate, totals_of};
pub use totals::Totals;
