//! The battle map as text: figures by label with an arrow for their
//! facing, terrain by glyph, open cells as dots, cropped around the figures
//! to fit a width and a height.
//!
//! Flat-top hexes are drawn in doubled rows: column `q` at `3 * q`
//! characters, row `2 * r + q` (a hex sits half a row below its left
//! neighbour), so neighbours touch on the page as they do on the map.
//! Squares are one row a line, three characters a square. Column letters
//! head the map and row numbers run down its left side, so every cell has
//! a name (`C4`, [`fray_core::view::CellNames`]) a person can type
//! (`move C4`).

use super::{fit, label_of};
use fray_core::CombatantId;
use fray_core::grid::MapKind;
use fray_core::view::{CellNames, MapCell, MapView};
use std::collections::BTreeMap;

/// How many characters `n` takes.
fn digits(n: i32) -> usize {
    n.max(1).to_string().len()
}

/// Characters per cell across.
const CELL: usize = 3;
/// Cells kept around the figures when cropping.
const MARGIN: i32 = 2;

/// A cell's place on the page: (line, column of cells).
fn page(kind: MapKind, c: MapCell) -> (i32, i32) {
    match kind {
        MapKind::Hex => (2 * c.b + c.a, c.a),
        MapKind::Square => (c.b, c.a),
    }
}

/// The map as lines no wider than `width` and no more than `height`,
/// cropped around the figures (around `focus` first when they do not all
/// fit), with a legend of the terrain shown under it. `labels` gives each figure's
/// character.
pub fn render(
    view: &MapView,
    labels: &[(CombatantId, char)],
    focus: Option<CombatantId>,
    width: usize,
    height: usize,
) -> Vec<String> {
    let (spots, placed) = spots(view, labels);
    let Some(whole) = span(spots.keys().copied()) else {
        return vec!["(no map)".into()];
    };
    let names = view.names();
    // Row numbers in a gutter on the left, column letters on a line above.
    let gutter = digits(
        names
            .row_of_line(whole.lines.1)
            .unwrap_or(1)
            .max(names.row_of_line(whole.lines.1 - 1).unwrap_or(1)),
    ) + 1;
    let room = Window {
        lines: (0, height.saturating_sub(2).max(1) as i32 - 1),
        columns: (0, (width.saturating_sub(gutter) / CELL).max(1) as i32 - 1),
    };
    let shown = window(view.kind, whole, &placed, focus, room);
    let mut lines = rows(&spots, &names, shown, gutter, width);
    lines.insert(0, header(&names, shown, gutter, width));
    lines.extend(legend(view, shown, width));
    lines
}

/// Lines and columns of the page, first and last of each.
#[derive(Clone, Copy)]
struct Window {
    lines: (i32, i32),
    columns: (i32, i32),
}

impl Window {
    fn height(&self) -> i32 {
        self.lines.1 - self.lines.0 + 1
    }

    fn width(&self) -> i32 {
        self.columns.1 - self.columns.0 + 1
    }

    fn contains(&self, (l, c): (i32, i32)) -> bool {
        (self.lines.0..=self.lines.1).contains(&l) && (self.columns.0..=self.columns.1).contains(&c)
    }
}

/// What each page spot (line, column) shows.
type Spots = BTreeMap<(i32, i32), String>;

/// Where each figure's cells are on the page.
type Placed = Vec<(CombatantId, (i32, i32))>;

/// What each page spot shows (figures over terrain over open ground), and
/// where each figure's cells are on the page.
fn spots(view: &MapView, labels: &[(CombatantId, char)]) -> (Spots, Placed) {
    let kind = view.kind;
    let mut spots: BTreeMap<(i32, i32), String> = BTreeMap::new();
    for &c in &view.cells {
        spots.insert(page(kind, c), ".".into());
    }
    for t in &view.terrain {
        spots.insert(page(kind, t.at), t.glyph.to_string());
    }
    let mut placed = Vec::new();
    for f in &view.figures {
        let label = label_of(labels, f.id);
        for (i, &c) in f.cells.iter().enumerate() {
            let text = if i == 0 {
                let arrow = f.heading.map(|h| h.arrow().to_string()).unwrap_or_default();
                format!("{label}{arrow}")
            } else {
                label.to_lowercase().to_string()
            };
            spots.insert(page(kind, c), text);
            placed.push((f.id, page(kind, c)));
        }
    }
    (spots, placed)
}

/// The smallest window holding every spot, if there is one.
fn span(mut spots: impl Iterator<Item = (i32, i32)>) -> Option<Window> {
    let (l, c) = spots.next()?;
    Some(spots.fold(
        Window {
            lines: (l, l),
            columns: (c, c),
        },
        |w, (l, c)| Window {
            lines: (w.lines.0.min(l), w.lines.1.max(l)),
            columns: (w.columns.0.min(c), w.columns.1.max(c)),
        },
    ))
}

/// The window shown: the figures and a margin within the whole map; when
/// that is bigger than the `room`, a window of the room's size centred on
/// the figures when they fit in it, else on the focus (the figure whose
/// turn it is).
fn window(
    kind: MapKind,
    whole: Window,
    placed: &[(CombatantId, (i32, i32))],
    focus: Option<CombatantId>,
    room: Window,
) -> Window {
    let rows_per_cell = if kind == MapKind::Hex { 2 } else { 1 };
    let around = span(placed.iter().map(|(_, p)| *p)).unwrap_or(whole);
    let mut shown = Window {
        lines: (
            (around.lines.0 - MARGIN * rows_per_cell).max(whole.lines.0),
            (around.lines.1 + MARGIN * rows_per_cell).min(whole.lines.1),
        ),
        columns: (
            (around.columns.0 - MARGIN).max(whole.columns.0),
            (around.columns.1 + MARGIN).min(whole.columns.1),
        ),
    };
    let focus_at = focus.and_then(|f| placed.iter().find(|(id, _)| *id == f).map(|(_, p)| *p));
    let (max_lines, max_cols) = (room.height(), room.width());
    if shown.height() > max_lines {
        let centre = match focus_at {
            Some(f) if around.height() > max_lines => f.0,
            _ => (around.lines.0 + around.lines.1) / 2,
        };
        let first = (centre - max_lines / 2).max(whole.lines.0);
        shown.lines = (first, (first + max_lines - 1).min(whole.lines.1));
    }
    if shown.width() > max_cols {
        let centre = match focus_at {
            Some(f) if around.width() > max_cols => f.1,
            _ => (around.columns.0 + around.columns.1) / 2,
        };
        let first = (centre - max_cols / 2).max(whole.columns.0);
        shown.columns = (first, (first + max_cols - 1).min(whole.columns.1));
    }
    shown
}

/// The window's lines, each with its row number in the gutter; blank
/// lines above and below (the other parity of a hex row) left out.
fn rows(
    spots: &Spots,
    names: &CellNames,
    shown: Window,
    gutter: usize,
    width: usize,
) -> Vec<String> {
    let mut lines = Vec::new();
    for l in shown.lines.0..=shown.lines.1 {
        let mut line = match names.row_of_line(l) {
            Some(row) => format!("{row:>w$} ", w = gutter - 1),
            None => " ".repeat(gutter),
        };
        for c in shown.columns.0..=shown.columns.1 {
            let text = spots.get(&(l, c)).map_or(" ", String::as_str);
            line.push_str(text);
            for _ in text.chars().count()..CELL {
                line.push(' ');
            }
        }
        let line = line.trim_end().to_string();
        lines.push(fit(&line, width));
    }
    let blank = |l: &String| l.trim().chars().all(|c| c.is_ascii_digit());
    while lines.first().is_some_and(blank) {
        lines.remove(0);
    }
    while lines.last().is_some_and(blank) {
        lines.pop();
    }
    lines
}

/// The column letters above the window.
fn header(names: &CellNames, shown: Window, gutter: usize, width: usize) -> String {
    let mut header = " ".repeat(gutter);
    for c in shown.columns.0..=shown.columns.1 {
        let letters = names.column_of(c);
        header.push_str(&letters);
        for _ in letters.chars().count()..CELL {
            header.push(' ');
        }
    }
    fit(header.trim_end(), width)
}

/// The legend: each glyph shown, with the ruleset's name for it.
fn legend(view: &MapView, shown: Window, width: usize) -> Option<String> {
    let mut legend: Vec<(char, &str)> = Vec::new();
    for t in &view.terrain {
        if shown.contains(page(view.kind, t.at)) && !legend.iter().any(|(g, _)| *g == t.glyph) {
            legend.push((t.glyph, t.names.first().copied().unwrap_or("?")));
        }
    }
    if legend.is_empty() {
        return None;
    }
    let words: Vec<String> = legend.iter().map(|(g, n)| format!("{g} {n}")).collect();
    Some(fit(&words.join("  "), width))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::view::{FigureView, Heading, TerrainCell};

    fn hexes(radius: i32) -> Vec<MapCell> {
        let mut out = Vec::new();
        for a in -radius..=radius {
            for b in -radius..=radius {
                if (a + b).abs() <= radius {
                    out.push(MapCell { a, b });
                }
            }
        }
        out
    }

    #[test]
    fn figures_show_with_their_facing_and_terrain_with_its_glyph() {
        let view = MapView {
            kind: MapKind::Hex,
            cells: hexes(2),
            terrain: vec![TerrainCell {
                at: MapCell { a: 1, b: 1 },
                glyph: '#',
                names: vec!["wall"],
            }],
            figures: vec![
                FigureView {
                    id: CombatantId(0),
                    cells: vec![MapCell { a: 0, b: 0 }],
                    heading: Some(Heading::Ne),
                },
                FigureView {
                    id: CombatantId(1),
                    cells: vec![MapCell { a: 1, b: -1 }],
                    heading: Some(Heading::Sw),
                },
            ],
        };
        let labels = [(CombatantId(0), 'B'), (CombatantId(1), 'G')];
        let lines = render(&view, &labels, None, 80, 20);
        let text = lines.join("\n");
        assert!(text.contains("B↗"), "{text}");
        assert!(text.contains("G↙"), "{text}");
        assert!(text.contains('#'), "{text}");
        // G is one hex north-east of B: half a row up, one cell right.
        let row_b = lines.iter().position(|l| l.contains("B↗")).unwrap();
        let row_g = lines.iter().position(|l| l.contains("G↙")).unwrap();
        assert_eq!(row_b, row_g + 1);
    }

    #[test]
    fn a_big_map_is_cropped_to_the_width_and_height() {
        let view = MapView {
            kind: MapKind::Square,
            cells: (0..100)
                .flat_map(|a| (0..100).map(move |b| MapCell { a, b }))
                .collect(),
            terrain: vec![],
            figures: vec![FigureView {
                id: CombatantId(0),
                cells: vec![MapCell { a: 50, b: 50 }],
                heading: None,
            }],
        };
        let lines = render(&view, &[(CombatantId(0), 'A')], None, 30, 8);
        assert!(lines.len() <= 8, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 30), "{lines:?}");
        assert!(lines.iter().any(|l| l.contains('A')), "{lines:?}");
    }
}
