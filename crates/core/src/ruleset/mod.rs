//! The trait every rules crate implements.
//!
//! The four supported systems sequence turns very differently (GURPS: one
//! maneuver per second in Basic Speed order; DragonQuest: pulses with side
//! and engagement initiative; d20-3d6: three actions a round with reactions;
//! margin-3d6: rounds with rate-of-attack limits). So the core never holds a
//! turn list: it asks the ruleset what happens next ([`Engine::next`]) and
//! gets an actor or the end of the fight. Everything that spans turns (aim,
//! feints, maneuver limits, action budgets) lives in the ruleset's state.

//!
//! A ruleset implements four small traits, each with defaults, and is a
//! [`Ruleset`] by the blanket impl below:
//! - [`Fight`]: its identity, types, and the reading of its state;
//! - [`Engine`]: setup, sequencing, legality, resolution and the AI;
//! - [`TableView`]: what a table shows (menus, words, conditions, the map);
//! - [`GmPowers`]: what a game master may change.

mod declare;
mod engine;
mod fight;
mod gm;
mod table;
mod types;

pub use engine::Engine;
pub use fight::Fight;
pub use gm::{GmPowers, Said};
pub use table::TableView;
pub use types::{
    CombatantView, CounterSpec, EndReason, FigureStatus, FigureTally, Illegal, MAX_COUNTERS,
    MAX_POOLS, Next, Outcome, PoolSpec, PoolView, Pools, SetupError, Tally, Vitality,
};

/// A whole combat system: every ruleset the front ends, the simulator and
/// the odds accept. Implemented for every type that implements the four
/// traits.
pub trait Ruleset: Engine + TableView + GmPowers {}

impl<R: Engine + TableView + GmPowers> Ruleset for R {}
