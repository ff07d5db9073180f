//! What people at the table look at: the turn order and the map as data,
//! for the session's status panel and text map.

use crate::model::state::{Life, State};
use fray_core::view::{FigureView, MapCell, MapView, TurnOrder};

/// M-FLO-002: the order rolled for the round, and whose turn it is; before
/// the first round, scenario order.
pub fn turn_order(state: &State) -> TurnOrder {
    if state.order.is_empty() {
        return TurnOrder {
            order: state.ids().collect(),
            now: None,
        };
    }
    TurnOrder {
        order: state.order.clone(),
        now: state.cursor.and_then(|i| state.order.get(i)).copied(),
    }
}

/// The hex map with every figure not dead on it, facing shown.
pub fn map_view(state: &State) -> MapView {
    let figures = state
        .ids()
        .filter(|&id| state.fighter(id).life != Life::Dead)
        .map(|id| {
            let f = state.fighter(id);
            FigureView {
                id,
                cells: vec![MapCell::from(f.pos)],
                heading: Some(f.facing.into()),
            }
        })
        .collect();
    MapView::of(&state.map, figures, fray_core::view::terrain_glyph)
}
