//! The encounter engine shared by every ruleset.
//!
//! Fray plays combat as a pure state machine: a ruleset owns its state,
//! actions, questions and events; this crate owns the protocol around them.
//!
//! * [`Ruleset`] is the trait a rules crate implements. The ruleset decides
//!   what happens next ([`Next`]): who acts, or that the fight is over.
//! * Every die roll and every choice goes through an [`Oracle`]: a seeded RNG
//!   with AI tactics ([`SimOracle`]), a script ([`ScriptOracle`]), or people
//!   at a table ([`TableOracle`], which suspends with [`Pending`] instead of
//!   guessing). Questions go to a combatant, a side or the game master
//!   ([`Addressee`]).
//! * Resolution code takes `cx: &mut impl Cx<R>` and returns [`Flow`]: its
//!   value, or a [`Halt`] (a person must answer, an illegal action, bad input).
//! * Resolution appends events to an [`EventSink`]; the simulator passes
//!   [`NullSink`], so events are never even built on the fast path.
//! * [`engine`] drives steps: `next`, choose an action, check it, resolve.
//!   Interactive play, undo and saved games are replays of an [`InputLog`].
//! * [`scenario`] loads TOML files with errors that point at line and column;
//!   [`envelope`] checks what every scenario holds (names, sides, places,
//!   controllers) the same way for every ruleset.
//!
//! The core knows no ruleset (DESIGN.md invariant 3); rulesets plug in by
//! implementing [`Ruleset`].

pub mod controller;
pub mod ctx;
pub mod cx;
pub mod data;
pub mod engine;
pub mod envelope;
pub mod event;
pub mod files;
pub mod halt;
pub mod ids;
pub mod inputs;
pub mod memo;
pub mod menu;
pub mod modifier;
pub mod occupancy;
pub mod odds;
pub mod oracle;
pub mod overrides;
pub mod posture;
pub mod range;
pub mod refill;
pub mod roll;
pub mod ruleset;
pub mod run;
pub mod scenario;
pub mod scenario_file;
pub mod script;
pub mod serde_fields;
pub mod shape;
pub mod text;
pub mod ties;
pub mod view;

pub use controller::{Addressee, Controller, NpcView, PlayerSeat, Seats, SeatsFile};
pub use ctx::Ctx;
pub use cx::Cx;
pub use data::{Catalog, Kind, Listing};
pub use engine::Progress;
pub use envelope::{Cast, Envelope, Expect, Placement};
pub use event::{EventSink, FnSink, NullSink, VecSink};
pub use halt::{Flow, Halt, IllegalAction, InputError, Pending};
pub use ids::{CombatantId, SideId};
pub use inputs::{InputLog, RollInput, StepInputs};
pub use menu::{Choice, Menu, Node, Step};
pub use modifier::{ModList, Modifier, Mods, Total};
pub use odds::{ActionEffects, ActionOdds, OddsError, OddsOptions};
pub use oracle::{InputOracle, Mode, Oracle, ScriptOracle, SimOracle, StepMark, TableOracle};
pub use overrides::{Override, Refusal};
pub use roll::{Audience, Reading, RollRecord, RollRequest};
pub use ruleset::{
    CombatantView, CounterSpec, EndReason, Engine, Fight, FigureStatus, FigureTally, GmPowers,
    Illegal, MAX_COUNTERS, MAX_POOLS, Next, Outcome, PoolSpec, PoolView, Pools, Ruleset,
    SetupError, TableView, Tally, Vitality,
};

/// Re-exported so rulesets and front ends name one dice crate.
pub use fray_dice as dice;
/// Re-exported so rulesets and front ends name one grid crate.
pub use fray_grid as grid;
