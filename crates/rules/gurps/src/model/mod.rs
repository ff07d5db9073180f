//! The model: what a fight is made of, with no rules in it. The fight's
//! state, the bundled data (armory, bestiary, grimoire), character sheets,
//! actions, questions and answers, events, scenario fields, options and the
//! AI's tactics knobs as plain data. Imports nothing from the layers above.

pub mod action;
pub mod damage;
pub mod data;
pub mod event;
pub mod location;
pub mod occupancy;
pub mod options;
pub mod scenario;
pub mod sheet;
pub mod spell;
pub mod state;
pub mod tactics;
pub mod terrain;
