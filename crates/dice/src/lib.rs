//! # fray-dice
//!
//! Dice for the Fray tactical combat engine.
//!
//! * [`RollKind`]: the typed, allocation-free rolls rules use (3d6, GURPS
//!   `2d+1`, golden d6), sampled from a seeded [`FrayRng`] or enumerated
//!   exactly with [`RollKind::outcomes`].
//! * [`Pmf`]: exact probability mass functions (big-integer counts over a
//!   common denominator, no floats inside) with leftover mass for truncated
//!   explosions.

pub mod ast;
pub mod dist;
pub mod error;
mod expr;
pub mod kind;
pub mod limits;
mod parse;
pub mod pmf;
pub mod roll;
pub mod systems;

pub use dist::DistOptions;
pub use expr::Expr;
pub use roll::{DieFlags, DieResult, RollResult, TermResult};

pub use error::DiceError;
pub use kind::{
    FrayRng, Natural, Outcomes, Prob, RollKind, Rolled, seeded_rng, splitmix64, trial_rng,
};
pub use pmf::{Pmf, prob_f64};
