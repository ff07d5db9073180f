//! Procedures that roll, ask and emit, through `Cx`: the turn and the
//! round, the actions, attacks and damage, movement with its reactions,
//! special maneuvers, and life (first aid, potions, recovery).

pub mod action;
pub mod attack;
pub mod check;
pub mod life;
pub mod maneuver;
pub mod mount;
pub mod movement;
pub mod spell;
pub mod turn;
