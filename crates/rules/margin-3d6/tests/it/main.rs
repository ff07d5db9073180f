//! Integration tests of the margin-3d6 ruleset: one binary, one module per
//! topic. Every test forces its dice (a strict script) and names the rule.

mod aftermath;
mod ai;
mod close;
mod common;
mod criticals;
mod damage;
mod data;
mod defense;
mod field;
mod injury;
mod maneuvers;
mod memo;
mod moves;
mod narration;
mod ranged;
mod steps;
mod turn;
mod wait;
