//! DragonQuest scenario files. Building the starting state from them is
//! [`crate::setup`]'s.

use crate::model::data::Sheet;
use crate::model::options::Options;
use fray_core::Controller;
use fray_core::grid::{Corner, Facing, HexPos, MapFile};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A DragonQuest scenario file.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Must be `"dragonquest"`.
    pub ruleset: String,
    /// A title.
    pub name: String,
    /// What the scenario shows.
    #[serde(default)]
    pub description: String,
    /// Pulses before the fight is called a draw.
    #[serde(default = "default_pulses")]
    pub max_rounds: u32,
    /// The default seed.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The battle map.
    pub map: MapFile<crate::DragonQuest>,
    /// Rule switches (docs/rules/dragonquest.md).
    #[serde(default)]
    pub options: Options,
    /// DQ-11-001: the side that surprises the other, if any.
    #[serde(default)]
    pub surprise: Option<String>,
    /// Who answers for the sides and the game master.
    #[serde(default)]
    pub controllers: fray_core::SeatsFile,
    /// Everyone, in order (ids count from 0).
    pub combatants: Vec<Combatant>,
    /// A folder of more data files (weapons, armor, creatures, poisons),
    /// relative to the scenario file, read with the bundled ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// The bundled data plus the data files read at load time, when there
    /// are any (`Engine::parse_scenario`).
    #[serde(skip)]
    #[schemars(skip)]
    pub armory: Option<&'static crate::model::data::Armory>,
}

fn default_pulses() -> u32 {
    100
}

/// One figure of a scenario: a bundled template or an inline sheet.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Combatant {
    /// A unique name.
    pub name: String,
    /// Side name.
    pub side: String,
    /// A template id (`data/dragonquest/creatures.toml`), or...
    #[serde(default)]
    pub template: Option<String>,
    /// ...an inline sheet.
    #[serde(default)]
    pub sheet: Option<Sheet>,
    /// Head hex.
    pub position: HexPos,
    /// Facing (1-hex figures).
    #[serde(default)]
    pub facing: Facing,
    /// Facing corner (multi-hex figures, DQ-22-001).
    #[serde(default)]
    pub corner: Option<Corner>,
    /// `ai`, `ai:<tactics>`, `human` or `script`.
    #[serde(default)]
    pub controller: Controller,
    /// Leads its side (DQ-12-003).
    #[serde(default)]
    pub leader: bool,
    /// DQ-23: the name of this rider's mount (a figure of the same side
    /// whose template is a mount). The rider starts in the saddle; its own
    /// `position` must be an empty hex next to the mount (where the
    /// scenario checks stand it), and is not used while it rides.
    #[serde(default)]
    pub mount: Option<String>,
}
