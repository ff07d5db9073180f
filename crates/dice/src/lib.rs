//! # fray-dice
//!
//! Dice for the Fray tactical combat engine. Three layers:
//!
//! * [`RollKind`]: typed, allocation-free rolls that rules request (3d6,
//!   GURPS `2d+1`, DragonQuest D10/D100, d20-3d6 golden dice with bonus or
//!   penalty dice, a D100 read in [`Bands`], a [`RollOff`] repeated until the
//!   tie breaks). Sample them
//!   from a seeded [`FrayRng`] in the simulator, enumerate them exactly with
//!   [`RollKind::outcomes`] in odds mode, or fill them in from dice typed at
//!   the table ([`RollKind::from_total`], [`RollKind::from_faces`]).
//! * [`Expr`]: the dice notation (`4d6kh3`, `3d6!>5`, `{3d6}<=12`, `2d+1`,
//!   see the README for the grammar). [`Expr::roll`] keeps a per-die history;
//!   [`Expr::distribution`] gives an exact [`Pmf`] for every expression the
//!   roller accepts, with truncated explosions reported as leftover.
//! * [`systems`]: typed system rolls (GURPS success rolls and contests,
//!   DragonQuest percentile checks, golden-d6 attacks, margin-3d6 checks),
//!   each a pure function with exact odds, citing its checklist rule IDs.
//!
//! No input panics: malformed or hostile expressions give a [`DiceError`]
//! with a column and a `miette` label; sizes are bounded by [`limits`].
//!
//! ```
//! use fray_dice::{DistOptions, Expr, Prob, seeded_rng};
//! let e = Expr::parse("3d6").unwrap();
//! let p = e.distribution(&DistOptions::default()).unwrap();
//! assert_eq!(p.p_le(10), Prob::new(1.into(), 2.into()));
//! let r = e.roll(&mut seeded_rng(42)).unwrap();
//! assert!((3..=18).contains(&r.total));
//! ```

pub mod ast;
pub mod dist;
pub mod error;
mod expr;
pub mod kind;
pub mod limits;
mod parse;
pub mod pmf;
mod prob;
pub mod roll;
pub mod systems;

pub use dist::DistOptions;
pub use expr::Expr;
pub use roll::{DieFlags, DieResult, RollResult, TermResult};

pub use error::DiceError;
pub use kind::{
    Bands, First, FrayRng, Natural, Outcomes, Prob, Reads, RollKind, RollOff, Rolled, Standings,
    seeded_rng, splitmix64, trial_rng,
};
pub use pmf::{Pmf, prob_f64};
