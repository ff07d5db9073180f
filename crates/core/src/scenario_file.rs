//! The scenario envelope's fields, declared once for every ruleset.
//!
//! [`scenario_file!`](crate::scenario_file) writes a ruleset's `Scenario`
//! and `Combatant` structs: the fields every scenario file has (`ruleset`,
//! `name`, `description`, `max_rounds`, `seed`, `map`, `controllers`,
//! `data`, `combatants`, and per combatant `name`, `side`, `template`,
//! `sheet`, `position`, `controller`, `leader`) with their docs and serde
//! attributes, beside the fields the ruleset lists. Each struct stays one
//! flat serde struct, so `deny_unknown_fields` refuses a misspelt key and
//! toml's errors keep their line and column (serde's `flatten` loses both).
//! It also implements [`Envelope`](crate::Envelope) for the scenario: the
//! ruleset says only which cells a combatant fills.

/// Declares a ruleset's scenario file and its combatants: the envelope's
/// common fields (see the [module](crate::scenario_file)) and the ruleset's
/// own, and the [`Envelope`](crate::Envelope) impl.
///
/// ```ignore
/// fray_core::scenario_file! {
///     ruleset crate::Gurps = "gurps", max_rounds 100;
///     /// A GURPS scenario file.
///     pub struct Scenario {
///         /// Rule switches.
///         #[serde(default)]
///         pub options: Options,
///     }
///     data Option<Arc<Armory>>;
///     /// One combatant of a scenario.
///     pub struct Combatant {
///         sheet: Sheet, position: HexPos, cells: |_, c| vec![c.head_cell()];
///         /// Which way it faces.
///         #[serde(default)]
///         pub facing: Facing,
///     }
/// }
/// ```
///
/// `data` is the type of the `armory` field, the bundled data plus the data
/// files read at load time (`Engine::parse_scenario`), never read from the
/// file. `cells` is a function of the scenario and one combatant giving the
/// cells it fills, its head cell first.
#[macro_export]
macro_rules! scenario_file {
    (
        ruleset $ruleset:ty = $id:literal, max_rounds $rounds:literal;
        $(#[$smeta:meta])*
        pub struct $scenario:ident {
            $( $(#[$sfmeta:meta])* pub $sfield:ident : $sfty:ty, )*
        }
        data $armory:ty;
        $(#[$cmeta:meta])*
        pub struct $combatant:ident {
            sheet: $sheet:ty, position: $pos:ty, cells: $cells:expr;
            $( $(#[$cfmeta:meta])* pub $cfield:ident : $cfty:ty, )*
        }
    ) => {
        $(#[$smeta])*
        #[derive(Clone, Debug, ::serde::Serialize, ::serde::Deserialize, ::schemars::JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct $scenario {
            #[doc = concat!("Must be `\"", $id, "\"`.")]
            pub ruleset: String,
            /// A title.
            pub name: String,
            /// What the scenario shows.
            #[serde(default)]
            pub description: String,
            /// Rounds before the fight is called a draw.
            #[serde(default = "default_max_rounds")]
            pub max_rounds: u32,
            /// The default seed for `fray fight` and `fray sim`.
            #[serde(default)]
            pub seed: Option<u64>,
            /// The battle map.
            pub map: $crate::grid::MapFile<$ruleset>,
            /// Who answers for the sides and the game master.
            #[serde(default)]
            pub controllers: $crate::SeatsFile,
            /// A folder of more data files, relative to the scenario file,
            /// read with the bundled ones (docs/scenarios.md).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub data: Option<String>,
            /// Everyone in the fight, in order (ids count from 0 in this order).
            pub combatants: Vec<$combatant>,
            $( $(#[$sfmeta])* pub $sfield: $sfty, )*
            /// The bundled data plus the data files read at load time, when
            /// there are any (`Engine::parse_scenario`); setup reads its
            /// names here.
            #[serde(skip)]
            #[schemars(skip)]
            pub armory: $armory,
        }

        fn default_max_rounds() -> u32 {
            $rounds
        }

        $(#[$cmeta])*
        #[derive(Clone, Debug, ::serde::Serialize, ::serde::Deserialize, ::schemars::JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct $combatant {
            /// A unique name.
            pub name: String,
            /// Side (team) name; combatants with the same side fight together.
            pub side: String,
            #[doc = concat!("A bundled template id (`data/", $id, "/creatures.toml`), or...")]
            #[serde(default)]
            pub template: Option<String>,
            /// ...an inline sheet (with a `template`: the fields that replace
            /// the template's).
            #[serde(default)]
            pub sheet: Option<$sheet>,
            /// Where it stands: its head cell (a large figure's top-left
            /// square or head hex).
            pub position: $pos,
            /// `ai`, `ai:<tactics>`, `human` or `script`.
            #[serde(default)]
            pub controller: $crate::Controller,
            /// Leads its side (initiative, questions for the side); by
            /// default the side's first combatant does.
            #[serde(default)]
            pub leader: bool,
            $( $(#[$cfmeta])* pub $cfield: $cfty, )*
        }

        impl $combatant {
            /// The cell of its `position`.
            pub fn head_cell(&self) -> $crate::grid::Cell {
                self.position.into()
            }

            /// The entry `{ name, side, template, position, controller }`
            /// a late arrival is built from (a game master's `join`,
            /// `fray_core::overrides::arrival`): no sheet, not a leader,
            /// the ruleset's own fields at their defaults.
            pub fn from_template(
                name: &str,
                side: &str,
                template: &str,
                position: $pos,
                controller: $crate::Controller,
            ) -> Self {
                $combatant {
                    name: name.to_string(),
                    side: side.to_string(),
                    template: Some(template.to_string()),
                    sheet: None,
                    position,
                    controller,
                    leader: false,
                    $( $cfield: Default::default(), )*
                }
            }
        }

        /// The common fields, for the core's checks (`fray_core::envelope`).
        impl $crate::Envelope for $scenario {
            fn ruleset(&self) -> &str {
                &self.ruleset
            }
            fn max_rounds(&self) -> u32 {
                self.max_rounds
            }
            fn map(&self) -> &$crate::grid::Map {
                self.map.map()
            }
            fn controllers(&self) -> &$crate::SeatsFile {
                &self.controllers
            }
            fn placements(&self) -> Vec<$crate::Placement<'_>> {
                let cells: fn(&$scenario, &$combatant) -> Vec<$crate::grid::Cell> = $cells;
                self.combatants
                    .iter()
                    .map(|c| $crate::Placement {
                        name: &c.name,
                        side: &c.side,
                        cells: cells(self, c),
                        controller: &c.controller,
                        leader: c.leader,
                    })
                    .collect()
            }
        }
    };
}
