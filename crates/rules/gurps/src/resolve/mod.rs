//! Resolution: turn sequence, maneuvers, attacks, defenses and injury.
//!
//! Each module is one step of the GURPS attack checklist (G-TURN-004) or
//! one part of the turn; they call each other in that order.

pub mod attack;
pub mod critical;
pub mod defense;
pub mod effort;
pub mod injury;
pub mod maneuver;
pub mod movement;
pub mod ranged;
pub mod slam;
pub mod strikes;
pub mod turn;
