//! What people at the table look at: the map as data, for the session's
//! text map (the pulse sequence has no fixed turn order to show).

use crate::model::state::{Life, State};
use fray_core::grid::Corner;
use fray_core::grid::footprint::Heading as Body;
use fray_core::view::{FigureView, Heading, MapCell, MapView};

/// The hex map with every figure not dead on it: every hex its body fills
/// (DQ-22-001), head first, and its heading; a rider in the saddle fills
/// no hex of its own, so its mount shows.
pub fn map_view(state: &State) -> MapView {
    let figures = state
        .ids()
        .filter(|&id| state.fig(id).life != Life::Dead && !state.fig(id).aboard)
        .map(|id| {
            let f = state.fig(id);
            FigureView {
                id,
                cells: f.cells().into_iter().map(MapCell::from).collect(),
                heading: Some(heading(f.heading)),
            }
        })
        .collect();
    MapView::of(&state.map, figures, fray_core::view::terrain_glyph)
}

/// A side as its compass heading; a corner as the nearest one.
fn heading(h: Body) -> Heading {
    match h {
        Body::Side(f) => f.into(),
        Body::Corner(c) => match c {
            Corner::NNe => Heading::Ne,
            Corner::NeSe => Heading::E,
            Corner::SeS => Heading::Se,
            Corner::SSw => Heading::Sw,
            Corner::SwNw => Heading::W,
            Corner::NwN => Heading::Nw,
        },
    }
}
