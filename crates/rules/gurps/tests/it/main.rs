//! The GURPS integration tests, one binary (one module per topic; shared
//! sheets, armory and step runners in `common`).

mod common;

mod aftermath;
mod ai;
mod bodies;
mod close;
mod criticals;
mod defense;
mod details;
mod footwork;
mod gcs;
mod grapple;
mod injury;
mod input;
mod knockback;
mod magic;
mod maneuvers;
mod memo;
mod menu;
mod movement;
mod notation;
mod odds;
mod options;
mod play;
mod ranged;
mod surprise;
mod table_fixes;
mod wait;
