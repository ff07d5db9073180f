//! What a status panel and a map show, as typed data a ruleset gives
//! ([`crate::Ruleset::conditions`], [`crate::Ruleset::turn_order`],
//! [`crate::Ruleset::map_view`]) and front ends lay out as text or HTML.
//!
//! Words stay the ruleset's (its conditions, its pools); the layout is the
//! front end's. Durations are typed so a front end can say "until its next
//! turn" or count turns down without parsing words.

use crate::ids::CombatantId;
use fray_grid::map::{Cell, MapKind};
use fray_grid::{Facing, HexPos, Map, SquarePos};
use serde::Serialize;

/// One condition of one figure, with how long it lasts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConditionView {
    /// The ruleset's words: "stunned", "shock -2", "reeling", "prone".
    pub name: String,
    /// How long it lasts.
    pub lasts: Lasting,
    /// The checklist ID of the rule behind it (`""` if none applies).
    pub rule: &'static str,
}

impl ConditionView {
    /// A condition named `name` under `rule`, lasting `lasts`.
    pub fn new(name: impl Into<String>, lasts: Lasting, rule: &'static str) -> Self {
        ConditionView {
            name: name.into(),
            lasts,
            rule,
        }
    }
}

/// How long a condition lasts, in the terms every ruleset shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lasting {
    /// Until the end of the figure's next turn (GURPS shock).
    ThisTurn,
    /// Until the figure's next turn begins.
    UntilNextTurn,
    /// Not yet: it applies on the figure's next turn (shock from injury
    /// taken since its last turn).
    NextTurn,
    /// This many more turns (or rounds, pulses: the ruleset's unit).
    Turns(u32),
    /// Until a roll or an action ends it (a stun, a grapple).
    UntilShaken,
    /// Until healed or the fight ends (reeling, a crippled arm, a mortal wound).
    Lasting,
    /// As long as the figure keeps it up (a posture, a casting).
    WhileKept,
    /// The ruleset does not say (the default view of its condition words).
    Unstated,
}

impl Lasting {
    /// Short words for a status line: "this turn", "2 turns", "until shaken off".
    pub fn words(self) -> String {
        match self {
            Lasting::ThisTurn => "this turn".into(),
            Lasting::UntilNextTurn => "until its turn".into(),
            Lasting::NextTurn => "on its next turn".into(),
            Lasting::Turns(1) => "1 turn".into(),
            Lasting::Turns(n) => format!("{n} turns"),
            Lasting::UntilShaken => "until shaken off".into(),
            Lasting::Lasting => "lasting".into(),
            Lasting::WhileKept => "while kept".into(),
            Lasting::Unstated => String::new(),
        }
    }
}

/// Who acts in what order, and whose turn it is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TurnOrder {
    /// Every combatant in the order it acts (the ruleset's initiative).
    pub order: Vec<CombatantId>,
    /// Whose turn it is, if anyone's.
    pub now: Option<CombatantId>,
}

/// Eight compass directions, screen up being north: hex facings use six
/// of them (flat-top hexes have no east or west side), squares all eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Heading {
    /// Up.
    N,
    /// Up and right.
    Ne,
    /// Right.
    E,
    /// Down and right.
    Se,
    /// Down.
    S,
    /// Down and left.
    Sw,
    /// Left.
    W,
    /// Up and left.
    Nw,
}

impl Heading {
    /// An arrow for a text map.
    pub fn arrow(self) -> char {
        match self {
            Heading::N => '↑',
            Heading::Ne => '↗',
            Heading::E => '→',
            Heading::Se => '↘',
            Heading::S => '↓',
            Heading::Sw => '↙',
            Heading::W => '←',
            Heading::Nw => '↖',
        }
    }

    /// The compass name: "N", "NE".
    pub fn name(self) -> &'static str {
        match self {
            Heading::N => "N",
            Heading::Ne => "NE",
            Heading::E => "E",
            Heading::Se => "SE",
            Heading::S => "S",
            Heading::Sw => "SW",
            Heading::W => "W",
            Heading::Nw => "NW",
        }
    }
}

impl From<Facing> for Heading {
    fn from(f: Facing) -> Self {
        match f {
            Facing::N => Heading::N,
            Facing::Ne => Heading::Ne,
            Facing::Se => Heading::Se,
            Facing::S => Heading::S,
            Facing::Sw => Heading::Sw,
            Facing::Nw => Heading::Nw,
        }
    }
}

/// One figure on the map: where it stands and where it faces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FigureView {
    /// Who.
    pub id: CombatantId,
    /// The cells it fills, its head (or only) cell first.
    pub cells: Vec<MapCell>,
    /// Where it faces, if the ruleset tracks facing.
    pub heading: Option<Heading>,
}

/// A cell's place: hexes in axial `(q, r)`, squares in `(x, y)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct MapCell {
    /// `q` or `x`.
    pub a: i32,
    /// `r` or `y`.
    pub b: i32,
}

impl From<HexPos> for MapCell {
    fn from(h: HexPos) -> Self {
        MapCell { a: h.q, b: h.r }
    }
}

impl From<SquarePos> for MapCell {
    fn from(s: SquarePos) -> Self {
        MapCell { a: s.x, b: s.y }
    }
}

impl From<Cell> for MapCell {
    fn from(c: Cell) -> Self {
        match c {
            Cell::Hex(h) => h.into(),
            Cell::Square(s) => s.into(),
        }
    }
}

/// One cell with something on it other than open ground.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TerrainCell {
    /// Where.
    pub at: MapCell,
    /// A one-character glyph for a text map (`#` for a wall).
    pub glyph: char,
    /// The ruleset's names of what is there (`bad_footing`).
    pub names: Vec<&'static str>,
}

/// A battle map as data: its cells, terrain and figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapView {
    /// Hexes or squares.
    pub kind: MapKind,
    /// Every cell of the map, sorted.
    pub cells: Vec<MapCell>,
    /// The cells with terrain, sorted.
    pub terrain: Vec<TerrainCell>,
    /// The figures on the map (those still in the fight, or lying there).
    pub figures: Vec<FigureView>,
}

impl MapView {
    /// The view of `map` with `figures` on it; `glyph` draws the terrain
    /// of a cell from the ruleset's kinds there ([`terrain_glyph`] when
    /// the ruleset has no table of its own).
    pub fn of(
        map: &Map,
        figures: Vec<FigureView>,
        glyph: impl Fn(&[&fray_grid::vocab::FeatureKind]) -> char,
    ) -> Self {
        let cells: Vec<Cell> = map.cells();
        let vocabulary = map.vocabulary();
        let mut terrain = Vec::new();
        for &cell in &cells {
            let Some(set) = map.terrain_at(cell) else {
                continue;
            };
            let kinds: Vec<_> = set
                .iter()
                .filter_map(|(id, _)| vocabulary.terrain_kind(id))
                .collect();
            if kinds.is_empty() {
                continue;
            }
            terrain.push(TerrainCell {
                at: cell.into(),
                glyph: glyph(&kinds),
                names: kinds.iter().map(|k| k.name).collect(),
            });
        }
        MapView {
            kind: map.kind(),
            cells: cells.into_iter().map(MapCell::from).collect(),
            terrain,
            figures,
        }
    }
}

/// `#` for terrain that blocks entry, `%` for what blocks sight only, else
/// `:`: the glyphs of a ruleset with no table of its own (letters are
/// left to figures).
pub fn terrain_glyph(kinds: &[&fray_grid::vocab::FeatureKind]) -> char {
    if kinds.iter().any(|k| k.blocks_entry) {
        '#'
    } else if kinds.iter().any(|k| k.blocks_sight) {
        '%'
    } else {
        ':'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_words() {
        assert_eq!(Lasting::Turns(2).words(), "2 turns");
        assert_eq!(Lasting::ThisTurn.words(), "this turn");
    }

    #[test]
    fn hex_facings_become_headings() {
        assert_eq!(Heading::from(Facing::Se).arrow(), '↘');
        assert_eq!(Heading::from(Facing::N).name(), "N");
    }
}
