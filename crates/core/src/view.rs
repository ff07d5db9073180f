//! What a status panel and a map show, as typed data a ruleset gives
//! ([`crate::TableView::conditions`], [`crate::TableView::turn_order`],
//! [`crate::TableView::map_view`]) and front ends lay out as text or HTML.
//!
//! Words stay the ruleset's (its conditions, its pools); the layout is the
//! front end's. Durations are typed so a front end can say "until its next
//! turn" or count turns down without parsing words.

use crate::ids::CombatantId;
use fray_grid::map::{Cell, MapKind};
use fray_grid::{Facing, HexPos, Map, SquarePos};
use serde::Serialize;

/// What a seat other than the game master's may not read: the GM's secret
/// rolls always, and the sheets and pools of the figures it hides (the
/// figures no player plays, under `npcs = "hidden"`). Rulesets apply it to
/// their events ([`crate::TableView::screen_event`]).
pub struct Screen<'a> {
    hidden: &'a dyn Fn(&str) -> bool,
    any: bool,
}

impl<'a> Screen<'a> {
    /// A screen hiding the figures whose names `hidden` accepts; `any`
    /// says whether it accepts any name at all.
    pub fn new(hidden: &'a dyn Fn(&str) -> bool, any: bool) -> Self {
        Screen { hidden, any }
    }

    /// A screen that hides no figure (secret rolls only).
    pub fn secrets_only() -> Screen<'static> {
        Screen {
            hidden: &|_| false,
            any: false,
        }
    }

    /// Whether the figure named `name` is hidden.
    pub fn hides(&self, name: &str) -> bool {
        self.any && (self.hidden)(name)
    }

    /// Whether any figure is hidden.
    pub fn hides_any(&self) -> bool {
        self.any
    }

    /// `roll` as this screen lets it be read ([`crate::RollRecord::screen`]).
    pub fn roll(&self, roll: &crate::RollRecord) -> crate::RollRecord {
        let mut roll = roll.clone();
        roll.screen(self);
        roll
    }

    /// An order of names with a figure each (Basic Speed, initiative, IV)
    /// in words, `Sir Ector (6), Orc, Orc runt`, the hidden figures'
    /// figures left out; `None` when it hides none of them.
    pub fn order<T: std::fmt::Display>(&self, order: &[(String, T)]) -> Option<String> {
        if !order.iter().any(|(n, _)| self.hides(n)) {
            return None;
        }
        let parts: Vec<String> = order
            .iter()
            .map(|(n, v)| match self.hides(n) {
                true => n.clone(),
                false => format!("{n} ({v})"),
            })
            .collect();
        Some(parts.join(", "))
    }
}

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

impl TurnOrder {
    /// The order a ruleset keeps (`order`, with `now` acting), or, while
    /// it keeps none yet (before the first turn), every combatant of
    /// `roster` in scenario order with no one's turn.
    pub fn kept(
        order: &[CombatantId],
        now: Option<CombatantId>,
        roster: impl Iterator<Item = CombatantId>,
    ) -> TurnOrder {
        if order.is_empty() {
            return TurnOrder {
                order: roster.collect(),
                now: None,
            };
        }
        TurnOrder {
            order: order.to_vec(),
            now,
        }
    }
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
    /// The names of this map's cells (`C4`).
    pub fn names(&self) -> CellNames {
        CellNames::of(self.kind, self.cells.iter().copied())
    }

    /// The view of `map` with each figure of `ids` that `view` shows (a
    /// dead one, for one, it leaves off: `None`), as [`MapView::of`].
    pub fn of_each(
        map: &Map,
        ids: impl Iterator<Item = CombatantId>,
        glyph: impl Fn(&[&fray_grid::vocab::FeatureKind]) -> char,
        view: impl FnMut(CombatantId) -> Option<FigureView>,
    ) -> Self {
        Self::of(map, ids.filter_map(view).collect(), glyph)
    }

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

/// The names a text map gives its cells: a column letter and a row number,
/// `C4`, the top-left cell of the map being `A1`. Columns are `q` (hexes)
/// or `x` (squares). Rows are `y` on squares; on flat-top hexes a row is
/// the hexes drawn on one line and the half line below it
/// (`(2r + q) / 2`, rounded down), so a hex's name reads off the drawn map.
/// Typed as `move C4` at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CellNames {
    kind: MapKind,
    col0: i32,
    row0: i32,
}

impl CellNames {
    /// The names of the cells of a map of `kind` made of `cells`.
    pub fn of(kind: MapKind, cells: impl IntoIterator<Item = MapCell>) -> Self {
        let (mut col0, mut row0) = (i32::MAX, i32::MAX);
        for c in cells {
            let (col, row) = Self::col_row(kind, c);
            col0 = col0.min(col);
            row0 = row0.min(row);
        }
        if col0 == i32::MAX {
            (col0, row0) = (0, 0);
        }
        CellNames { kind, col0, row0 }
    }

    /// The names of the cells of `map`.
    pub fn of_map(map: &Map) -> Self {
        Self::of(map.kind(), map.cells().into_iter().map(MapCell::from))
    }

    /// A cell's column and row, before the map's first ones are taken off.
    fn col_row(kind: MapKind, c: MapCell) -> (i32, i32) {
        match kind {
            MapKind::Hex => (c.a, (2 * c.b + c.a).div_euclid(2)),
            MapKind::Square => (c.a, c.b),
        }
    }

    /// The column (from 0) and row (from 0) of `c` on the drawn map.
    pub fn place(&self, c: MapCell) -> (i32, i32) {
        let (col, row) = Self::col_row(self.kind, c);
        (col - self.col0, row - self.row0)
    }

    /// The letters of column `col` (from 0): `A`..`Z`, then `AA`.
    pub fn column(col: i32) -> String {
        let mut n = col.max(0) as u32 + 1;
        let mut out = Vec::new();
        while n > 0 {
            let d = (n - 1) % 26;
            out.push(char::from(b'A' + d as u8));
            n = (n - 1) / 26;
        }
        out.iter().rev().collect()
    }

    /// The letters of the column of cells whose `a` (`q` or `x`) is `a`.
    pub fn column_of(&self, a: i32) -> String {
        Self::column(a - self.col0)
    }

    /// The row number (from 1) that starts a line of a text map drawn as
    /// `fray_session` draws it (hexes: line `2r + q`, the row's number on
    /// its even line only; squares: line `y`).
    pub fn row_of_line(&self, line: i32) -> Option<i32> {
        match self.kind {
            MapKind::Hex if line.rem_euclid(2) == 0 => Some(line / 2 - self.row0 + 1),
            MapKind::Hex => None,
            MapKind::Square => Some(line - self.row0 + 1),
        }
    }

    /// The name of `c`: `C4`.
    pub fn name(&self, c: MapCell) -> String {
        let (col, row) = self.place(c);
        format!("{}{}", Self::column(col), row + 1)
    }

    /// The cell named `text` (`c4`, any case), if it reads as a name;
    /// whether the map has that cell is the caller's to check.
    pub fn parse(&self, text: &str) -> Option<MapCell> {
        let text = text.trim();
        let split = text.find(|c: char| !c.is_ascii_alphabetic())?;
        let (letters, digits) = text.split_at(split);
        if letters.is_empty() || letters.len() > 3 || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let row: i32 = digits.parse().ok().filter(|&r: &i32| r >= 1)?;
        let col = letters
            .to_ascii_uppercase()
            .bytes()
            .fold(0i32, |n, b| n * 26 + i32::from(b - b'A') + 1)
            - 1;
        let (col, row) = (col + self.col0, row - 1 + self.row0);
        Some(match self.kind {
            MapKind::Hex => MapCell {
                a: col,
                b: row - col.div_euclid(2),
            },
            MapKind::Square => MapCell { a: col, b: row },
        })
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
    fn cell_names_read_back_as_their_cells() {
        let mut cells = Vec::new();
        for a in -3..=4 {
            for b in -4..=3 {
                cells.push(MapCell { a, b });
            }
        }
        for kind in [MapKind::Hex, MapKind::Square] {
            let names = CellNames::of(kind, cells.iter().copied());
            for &c in &cells {
                let name = names.name(c);
                assert_eq!(names.parse(&name), Some(c), "{kind:?} {c:?} {name}");
                assert_eq!(names.parse(&name.to_lowercase()), Some(c));
            }
        }
        assert_eq!(CellNames::column(0), "A");
        assert_eq!(CellNames::column(26), "AA");
        let names = CellNames::of(MapKind::Square, cells.iter().copied());
        assert_eq!(names.name(MapCell { a: -3, b: -4 }), "A1");
        assert_eq!(names.parse("4"), None);
        assert_eq!(names.parse("c"), None);
        assert_eq!(names.parse("c0"), None);
    }

    #[test]
    fn hex_facings_become_headings() {
        assert_eq!(Heading::from(Facing::Se).arrow(), '↘');
        assert_eq!(Heading::from(Facing::N).name(), "N");
    }
}
