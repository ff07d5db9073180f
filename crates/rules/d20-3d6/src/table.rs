//! What people at the table look at: the turn order and the map as data,
//! for the session's status panel and text map.

use crate::model::state::{Life, State};
use fray_core::grid::SquarePos;
use fray_core::view::{FigureView, Heading, MapCell, MapView, TurnOrder};

/// X-SEQ-001: the initiative order, and whose turn it is; before the first
/// round, scenario order.
pub fn turn_order(state: &State) -> TurnOrder {
    if state.order.is_empty() {
        return TurnOrder {
            order: state.ids().collect(),
            now: None,
        };
    }
    TurnOrder {
        order: state.order.clone(),
        now: state.order.get(state.cursor).copied(),
    }
}

/// The square map with every figure not dead on it: its whole space
/// (X-DAT-007), head square first, and the way it faces (X-SIT-003).
pub fn map_view(state: &State) -> MapView {
    let figures = state
        .ids()
        .filter(|&id| state.fighter(id).life != Life::Dead)
        .map(|id| {
            let f = state.fighter(id);
            let edge = i32::from(f.edge().max(1));
            let mut cells = Vec::new();
            for dy in 0..edge {
                for dx in 0..edge {
                    cells.push(MapCell::from(SquarePos::new(f.pos.x + dx, f.pos.y + dy)));
                }
            }
            FigureView {
                id,
                cells,
                heading: heading(f.facing),
            }
        })
        .collect();
    MapView::of(&state.map, figures, fray_core::view::terrain_glyph)
}

/// A facing step `(dx, dy)`, y growing southward, as a compass heading.
fn heading((dx, dy): (i8, i8)) -> Option<Heading> {
    Some(match (dx.signum(), dy.signum()) {
        (0, -1) => Heading::N,
        (1, -1) => Heading::Ne,
        (1, 0) => Heading::E,
        (1, 1) => Heading::Se,
        (0, 1) => Heading::S,
        (-1, 1) => Heading::Sw,
        (-1, 0) => Heading::W,
        (-1, -1) => Heading::Nw,
        _ => return None,
    })
}
