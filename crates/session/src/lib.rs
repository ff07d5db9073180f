//! `fray-session`: the table for many, for any ruleset.
//!
//! Every front end (the terminal's `fray play`, the web table, Python,
//! tests) drives a fight through this layer and re-implements no rule,
//! check or menu. It keeps the fight's log so that nothing is lost, decides
//! who may give what, and builds what each seat sees.
//!
//! * [`registry`]: the rulesets, listed once; [`with_ruleset!`] dispatches
//!   on a ruleset id.
//! * [`seat`]: the seats (the GM's, players', watchers') and who decides
//!   what ([`SeatPlan`]).
//! * [`log`]: the append-only records ([`Record`], [`Entry`]), each with
//!   its revision and seat; undo and redo are records too.
//! * [`session`]: [`Session`], the table of one ruleset: inputs from seats
//!   checked ([`Given`], refused with [`Refused`]), steps attempted, the
//!   fight played on, undo and redo.
//! * [`table`]: [`Table`], a table of any ruleset behind one type (`Send`),
//!   with JSON in and out ([`table::protocol`], with its JSON Schema) and
//!   what each seat may see ([`table::view`]).
//! * [`save`]: self-contained saved games ([`SavedGame`], [`Origin`]).
//! * [`dice`]: who rolls by hand ([`DiceRule`]) and the per-step streams
//!   behind "roll for me" and the AI's dice.
//! * [`command`]: the GM's typed commands (`dice orcs hand`, `damage Orc 3`).
//! * [`view`]: menus, shortcuts, the status panel and the map as data and text.

#[macro_use]
pub mod registry;
pub mod command;
pub mod dice;
pub mod log;
pub mod odds_json;
mod oracle;
pub mod refused;
pub mod save;
pub mod seat;
pub mod session;
pub mod table;
pub mod view;

pub use command::{Command, CommandError};
pub use dice::{DiceMode, DiceRule, Roller};
pub use log::{By, Entry, Input, Record, Told};
pub use refused::Refused;
pub use save::{DataFile, Origin, ReadError, SAVE_VERSION, SaveError, SaveHeader, SavedGame};
pub use seat::{Seat, SeatPlan};
pub use session::{Given, Session, SessionError, Waiting};
pub use table::Table;

/// The core, re-exported so the dispatch macro resolves it from any crate
/// (the registry re-exports the rulesets' crates the same way).
pub use fray_core;
