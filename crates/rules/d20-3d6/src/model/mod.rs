//! Plain data, no rules: the state, the bundled data and sheets, actions,
//! questions, events, the scenario fields and the map vocabulary. May import
//! nothing else of the crate.

pub mod action;
pub mod bounds;
pub mod data;
pub mod event;
pub mod options;
pub mod scenario;
pub mod sheet;
pub mod standing;
pub mod state;
pub mod tactics;
pub mod terrain;
pub mod words;
