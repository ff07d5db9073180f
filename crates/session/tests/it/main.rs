//! Integration tests of the session library.

mod common;
mod conditions;
mod menus;
mod shortcuts;
mod status;
