//! Integration tests of the session library.

mod command;
mod common;
mod conditions;
mod game;
mod hostile_numbers;
mod menus;
mod overrides;
mod play;
mod play_out;
mod properties;
mod roster;
mod rulesets;
mod saves;
mod seats;
mod shortcuts;
mod status;
mod stored;
mod table;
