//! The rules: pure functions of the state. To-hit and defense values,
//! damage, hit locations, reach and range, the tables, check modifiers,
//! legality checks (`Result<_, Illegal>`) and success probabilities. No
//! dice and no questions: everything here answers from `&State` alone, so
//! the AI, the menus and the odds can ask it freely. Imports only [`crate::model`].

pub mod attack;
pub mod chance;
pub mod damage;
pub mod defense;
pub mod footwork;
pub mod grapple;
pub mod how;
pub mod incoming;
pub mod injury;
pub mod location;
pub mod magic;
pub mod maneuver;
pub mod movement;
pub mod ranged;
pub mod slam;
pub mod strikes;
pub mod surprise;
pub mod tables;
pub mod turn;
pub mod wait;
