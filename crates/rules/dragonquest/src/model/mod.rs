//! Plain data: state, the armory, actions and questions, events, the
//! scenario file, rule switches and the map vocabulary. No rules.

pub mod action;
pub mod bounds;
pub mod data;
pub mod event;
pub mod options;
pub mod scenario;
pub mod state;
pub mod terrain;
