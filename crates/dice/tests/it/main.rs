//! The one integration-test binary of `fray-dice`.

mod expr;
mod fuzz;
mod golden;
