//! The one integration-test binary of `fray-cli`: end-to-end tests of the
//! `fray` binary.

mod cli;
mod common;
mod files;
mod odds_action;
mod play;
mod sim;
