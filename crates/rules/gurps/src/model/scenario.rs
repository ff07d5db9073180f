//! GURPS scenario files: the fields a scenario TOML holds, the envelope's
//! (`fray_core::scenario_file!`) beside GURPS's own. A combatant's `leader`
//! flag leads its side when rolling for initiative (G-TURN-006). Building
//! the starting state from them is [`crate::setup`]'s.

use crate::model::options::Options;
use crate::model::sheet::Sheet;
use crate::model::state::Posture;
use fray_core::grid::{Facing, HexPos};

fray_core::scenario_file! {
    ruleset crate::Gurps = "gurps", max_rounds 100;
    /// A GURPS scenario file.
    pub struct Scenario {
        /// Rule switches (docs/rules/gurps.md).
        #[serde(default)]
        pub options: Options,
        /// Surprise at the start (G-TURN-005, G-TURN-006).
        #[serde(default)]
        pub surprise: Option<crate::model::state::Surprise>,
    }
    data Option<std::sync::Arc<crate::model::data::Armory>>;
    /// One combatant of a scenario: a bundled template, an inline sheet or a
    /// GCS character file.
    pub struct Combatant {
        sheet: Sheet, position: HexPos, cells: |_, c| vec![c.head_cell()];
        /// ...or a GCS character file (`chars/warrior.gcs`), relative to the
        /// scenario file; read when the scenario is loaded (`fray import`
        /// shows what it becomes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub gcs: Option<String>,
        /// Which way it faces.
        #[serde(default)]
        pub facing: Facing,
        /// Posture at the start.
        #[serde(default)]
        pub posture: Posture,
        /// Knobs for the AI (`[combatants.ai]`: `aim`, `retreat`).
        #[serde(default)]
        pub ai: crate::model::tactics::Knobs,
        /// Lasting situation modifiers (`[combatants.situation]`: `blind`, `distraction`).
        #[serde(default)]
        pub situation: crate::model::state::Situation,
    }
}
