//! d20-3d6 scenario files: the envelope's common fields
//! (`fray_core::scenario_file!`) beside this system's own (sheets,
//! conditions, options, light).

use crate::model::data::Armory;
use crate::model::options::Options;
use crate::model::sheet::Sheet;
use crate::model::state::{Condition, Light};
use fray_core::grid::{Cell, SquarePos};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

fray_core::scenario_file! {
    ruleset crate::D20 = "d20-3d6", max_rounds 50;
    /// A d20-3d6 scenario file (the map's squares are 1 m).
    pub struct Scenario {
        /// Rule switches (docs/rules/d20-3d6.md).
        #[serde(default)]
        pub options: Options,
        /// Lighting (X-SIT-010).
        #[serde(default)]
        pub light: Light,
    }
    data Option<std::sync::Arc<crate::model::data::Armory>>;
    /// One combatant: a template or an inline sheet, and where it stands.
    pub struct Combatant {
        sheet: Sheet, position: SquarePos, cells: cells;
        /// Unaware at the start: Surprised (X-SEQ-004).
        #[serde(default)]
        pub unaware: bool,
        /// Conditions at the start.
        #[serde(default)]
        pub conditions: Vec<Condition>,
        /// Fatigue level 0-3 at the start (X-DEF-004).
        #[serde(default)]
        pub fatigue: u8,
        /// The mount it rides at the start (X-DAT-008, X-QCK-008).
        #[serde(default)]
        pub mount: Option<Mount>,
    }
}

/// A rider's mount (X-DAT-008, X-QCK-008): a creature of its own, on the
/// rider's side and with the rider's controller, that starts ridden. The
/// rider's `position` is the head square of the mount's space, which they
/// share while it rides.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mount {
    /// A unique name.
    pub name: String,
    /// A bundled template id, or...
    #[serde(default)]
    pub template: Option<String>,
    /// ...an inline sheet.
    #[serde(default)]
    pub sheet: Option<Sheet>,
}

/// The squares a combatant fills, its head square first: its size's, or
/// its mount's when larger (X-QCK-008: a rider fills its mount's space).
fn cells(s: &Scenario, c: &Combatant) -> Vec<Cell> {
    let armory = s.armory.as_deref().or(crate::model::data::bundled().ok());
    let own = sheet_of(c, armory).map(|s| s.size.edge()).unwrap_or(1);
    let steed = c
        .mount
        .as_ref()
        .and_then(|m| mount_sheet(m, armory))
        .map_or(0, |s| s.size.edge());
    let edge = i32::from(own.max(steed));
    (0..edge)
        .flat_map(|dy| (0..edge).map(move |dx| (dx, dy)))
        .map(|(dx, dy)| Cell::Square(SquarePos::new(c.position.x + dx, c.position.y + dy)))
        .collect()
}

/// A mount's sheet: its own, or its template's from `armory`.
pub fn mount_sheet<'a>(m: &'a Mount, armory: Option<&'a Armory>) -> Option<&'a Sheet> {
    match (&m.sheet, &m.template) {
        (Some(s), _) => Some(s),
        (None, Some(t)) => armory.and_then(|a| a.template(t)).map(|t| &t.sheet),
        (None, None) => None,
    }
}

/// A combatant's sheet: its own, or its template's from `armory`.
pub fn sheet_of<'a>(c: &'a Combatant, armory: Option<&'a Armory>) -> Option<&'a Sheet> {
    match (&c.sheet, &c.template) {
        (Some(s), _) => Some(s),
        (None, Some(t)) => armory.and_then(|a| a.template(t)).map(|t| &t.sheet),
        (None, None) => None,
    }
}
