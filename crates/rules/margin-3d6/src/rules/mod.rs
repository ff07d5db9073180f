//! Pure rules: functions of the state and numbers, no dice, no questions,
//! no events. The AI, the odds and the menus read them freely.

pub mod aftermath;
pub mod armor;
pub mod attack;
pub mod damage;
pub mod defense;
pub mod maneuver;
pub mod path;
pub mod tables;
pub mod turn;
