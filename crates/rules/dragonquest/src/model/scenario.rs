//! DragonQuest scenario files: the envelope's fields
//! (`fray_core::scenario_file!`) beside DragonQuest's own. A combatant's
//! `leader` flag leads its side (DQ-12-003). Building the starting state
//! from them is [`crate::setup`]'s.

use crate::model::data::{Armory, ShapeName, Sheet};
use crate::model::options::Options;
use fray_core::grid::{Cell, Corner, Facing, Heading, HexPos};

fray_core::scenario_file! {
    ruleset crate::DragonQuest = "dragonquest", max_rounds 100;
    /// A DragonQuest scenario file (`max_rounds` counts pulses).
    pub struct Scenario {
        /// Rule switches (docs/rules/dragonquest.md).
        #[serde(default)]
        pub options: Options,
        /// DQ-11-001: the side that surprises the other, if any.
        #[serde(default)]
        pub surprise: Option<String>,
    }
    data Option<&'static crate::model::data::Armory>;
    /// One figure of a scenario: a bundled template or an inline sheet.
    pub struct Combatant {
        sheet: Sheet, position: HexPos, cells: cells;
        /// Facing (1-hex figures).
        #[serde(default)]
        pub facing: Facing,
        /// Facing corner (multi-hex figures, DQ-22-001).
        #[serde(default)]
        pub corner: Option<Corner>,
        /// DQ-23: the name of this rider's mount (a figure of the same side
        /// whose template is a mount). The rider starts in the saddle; its own
        /// `position` must be an empty hex next to the mount (where the
        /// scenario checks stand it), and is not used while it rides.
        #[serde(default)]
        pub mount: Option<String>,
    }
}

/// The hexes a figure fills, its head hex first (DQ-22-001): its shape's
/// footprint at its position and heading.
fn cells(s: &Scenario, c: &Combatant) -> Vec<Cell> {
    let armory = s.armory.or(crate::model::data::bundled().ok());
    let shape = sheet_of(c, armory).map_or(ShapeName::Single, |s| s.shape);
    let body = crate::model::state::footprint(shape, c.position, heading(c, shape));
    body.cells().iter().map(|&h| Cell::from(h)).collect()
}
/// A figure's sheet: its own, or its template's from `armory`.
fn sheet_of<'a>(c: &'a Combatant, armory: Option<&'a Armory>) -> Option<&'a Sheet> {
    match (&c.template, &c.sheet) {
        (Some(id), None) => armory?.creature(id),
        (_, Some(s)) => Some(s),
        (None, None) => None,
    }
}

/// DQ-22-001: multi-hex figures face a corner (the scenario's `corner`, or
/// the corner clockwise of its `facing`).
pub fn heading(c: &Combatant, shape: ShapeName) -> Heading {
    match shape {
        ShapeName::Single => Heading::Side(c.facing),
        _ => Heading::Corner(c.corner.unwrap_or(Corner::clockwise_of(c.facing))),
    }
}
