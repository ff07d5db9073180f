//! The one integration-test binary of `fray-dice`.

mod alloc;
mod bands;
mod common;
mod expr;
mod fuzz;
mod golden;
mod roll_off;
