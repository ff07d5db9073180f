//! margin-3d6 scenario files: the envelope's common fields
//! (`fray_core::scenario_file!`) plus sheets (M-DAT-010), options and
//! surprise (M-DAT-008).

use crate::model::data::Sheet;
use crate::model::options::Options;
use crate::model::state::{Posture, ShieldState};
use fray_core::grid::{Facing, HexPos};

fray_core::scenario_file! {
    ruleset crate::Margin = "margin-3d6", max_rounds 100;
    /// A margin-3d6 scenario file.
    pub struct Scenario {
        /// Rule switches (docs/rules/margin-3d6.md).
        #[serde(default)]
        pub options: Options,
    }
    data Option<std::sync::Arc<crate::model::data::Armory>>;
    /// One combatant: a bundled template or an inline sheet (M-DAT-010).
    pub struct Combatant {
        sheet: Sheet, position: HexPos, cells: |_, c| vec![c.head_cell()];
        /// Which way it faces.
        #[serde(default)]
        pub facing: Facing,
        /// Posture at the start.
        #[serde(default)]
        pub posture: Posture,
        /// Where its shield starts (ready on the arm by default, M-MEL-013).
        #[serde(default)]
        pub shield_state: ShieldState,
        /// Surprised: only a PD-only roll, without the shield, until its first turn (M-PDF-007).
        #[serde(default)]
        pub surprised: bool,
        /// A spell in progress at the start (the hook for casters, M-PDF-002).
        #[serde(default)]
        pub casting: bool,
    }
}
