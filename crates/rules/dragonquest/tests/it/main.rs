//! The DragonQuest integration tests: one binary, one module per topic.
//! Every test plays rules with scripted dice and names the checklist IDs
//! it exercises.

mod actions;
mod aftermath;
mod ai;
mod close;
mod common;
mod data;
mod field;
mod fire;
mod magic;
mod memo;
mod monster;
mod mounted;
mod narration;
mod odds;
mod play;
mod poison;
mod sequence;
mod special;
mod strike;
mod trample;
mod unbuilt;
