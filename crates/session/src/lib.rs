//! `fray-session`: a game master's session at the table, for any ruleset.
//!
//! The library behind `fray play` (and a web tracker later): it keeps the
//! fight's log so that nothing is lost, and builds what a person at the
//! table sees and chooses from. The command-line front end keeps only
//! terminal input and output.

pub mod view;
