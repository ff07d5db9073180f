//! Pure functions of the state: geometry and reach, attack bonuses and
//! Defense, damage, health, the turn's budget, and what is legal. No dice,
//! no questions, no events: the AI and the odds read them freely.

pub mod attack;
pub mod damage;
pub mod geometry;
pub mod legal;
pub mod life;
pub mod movement;
pub mod spell;
pub mod turn;
