//! Pure rules: functions of the state, no dice, no questions, no events.
//! The AI and the odds read them freely.

pub mod actions;
pub mod damage;
pub mod fire;
pub mod infection;
pub mod initiative;
pub mod mounted;
pub mod movement;
pub mod values;
pub mod zones;
