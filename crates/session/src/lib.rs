//! `fray-session`: a game master's session at the table, for any ruleset.
//!
//! The library behind `fray play` (and a web tracker later): it keeps the
//! fight's log so that nothing is lost, and builds what a person at the
//! table sees and chooses from. The command-line front end keeps only
//! terminal input and output.
//!
//! * [`log`]: the typed log ([`Entry`]: steps with every input and where it
//!   came from, GM overrides, dice settings) and saved games ([`SavedGame`],
//!   TOML, versioned; the first format still loads).
//! * [`session`]: [`Session`], the game in progress: attempts steps, takes
//!   inputs, undo and redo, overrides and dice settings.
//! * [`dice`]: who rolls by hand ([`DiceRule`]) and the per-step streams
//!   behind "roll for me" and the AI's dice.
//! * [`command`]: the GM's typed commands (`dice orcs hand`, `damage Orc 3`).

pub mod command;
pub mod dice;
pub mod log;
mod oracle;
pub mod session;
pub mod view;

pub use command::{Command, CommandError};
pub use dice::{DiceMode, DiceRule, Roller};
pub use log::{By, Entry, Input, SAVE_VERSION, SaveError, SaveHeader, SavedGame};
pub use session::{Attempt, Replayed, Session, SessionError, Undone};
