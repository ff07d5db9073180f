//! Integration tests of the d20-3d6 ruleset: every test forces the dice
//! (strict scripts) or works on exact distributions, and names the
//! checklist IDs it exercises.

mod actions;
mod ai;
mod attack;
mod common;
mod damage;
mod defense;
mod field;
mod life;
mod maneuvers;
mod memo;
mod mounts;
mod movement;
mod narration;
mod odds;
mod setup;
mod spells;
mod turn;
