//! Plain data, no rules: the armory, sheets, state, actions, questions,
//! events, options and the scenario file. Imports nothing else of the crate.

pub mod action;
pub mod bounds;
pub mod data;
pub mod event;
pub mod location;
pub mod options;
pub mod plural;
pub mod scenario;
pub mod standing;
pub mod state;
pub mod terrain;
pub mod unarmed;
pub mod words;
