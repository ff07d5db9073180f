//! GURPS scenario files: the fields a scenario TOML holds. Building the
//! starting state from them is [`crate::setup`]'s.

use crate::model::options::Options;
use crate::model::sheet::Sheet;
use crate::model::state::Posture;
use fray_core::Controller;
use fray_core::grid::{Facing, HexPos, MapFile};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A GURPS scenario file.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Must be `"gurps"`.
    pub ruleset: String,
    /// A title.
    pub name: String,
    /// What the scenario shows.
    #[serde(default)]
    pub description: String,
    /// Rounds before the fight is called a draw.
    #[serde(default = "default_rounds")]
    pub max_rounds: u32,
    /// The default seed for `fray fight` and `fray sim`.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The battle map.
    pub map: MapFile<crate::Gurps>,
    /// Rule switches (docs/rules/gurps.md).
    #[serde(default)]
    pub options: Options,
    /// Surprise at the start (G-TURN-005, G-TURN-006).
    #[serde(default)]
    pub surprise: Option<crate::model::state::Surprise>,
    /// Who answers for the sides and the game master.
    #[serde(default)]
    pub controllers: fray_core::SeatsFile,
    /// A folder of more data files (armory, bestiary, grimoire), relative
    /// to the scenario file, read with the bundled ones (docs/scenarios.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// Everyone in the fight, in order (ids count from 0 in this order).
    pub combatants: Vec<Combatant>,
    /// The bundled data plus the data files read at load time, when there
    /// are any (`Engine::parse_scenario`); setup reads its names here.
    #[serde(skip)]
    #[schemars(skip)]
    pub armory: Option<std::sync::Arc<crate::model::data::Armory>>,
}

fn default_rounds() -> u32 {
    100
}

/// One combatant of a scenario: a bundled template, an inline sheet or a
/// GCS character file.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Combatant {
    /// A unique name.
    pub name: String,
    /// Side (team) name; combatants with the same side fight together.
    pub side: String,
    /// A bundled template id (`data/gurps/creatures.toml`), or...
    #[serde(default)]
    pub template: Option<String>,
    /// ...an inline character sheet (with a `template`: the fields that
    /// replace the template's, maps such as `skills` key by key), or...
    #[serde(default)]
    pub sheet: Option<Sheet>,
    /// ...a GCS character file (`chars/warrior.gcs`), relative to the
    /// scenario file; read when the scenario is loaded (`fray import`
    /// shows what it becomes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gcs: Option<String>,
    /// Where it stands.
    pub position: HexPos,
    /// Which way it faces.
    #[serde(default)]
    pub facing: Facing,
    /// Posture at the start.
    #[serde(default)]
    pub posture: Posture,
    /// `ai`, `ai:<tactics>`, `human` or `script`.
    #[serde(default)]
    pub controller: Controller,
    /// Knobs for the AI (`[combatants.ai]`: `aim`, `retreat`).
    #[serde(default)]
    pub ai: crate::model::tactics::Knobs,
    /// Lasting situation modifiers (`[combatants.situation]`: `blind`, `distraction`).
    #[serde(default)]
    pub situation: crate::model::state::Situation,
    /// Leads its side when rolling for initiative (G-TURN-006); by default
    /// the side's first combatant does.
    #[serde(default)]
    pub leader: bool,
}
