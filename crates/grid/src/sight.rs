//! Lines of sight and fire: the cells a straight line from the centre of
//! one cell to the centre of another passes through, the edges it crosses,
//! and what on a map stops it.
//!
//! # Tracing
//!
//! A [`Trace`] lists the cells in order, both ends included, and the edge
//! crossed between each cell and the next; consecutive cells always share
//! that edge. On hexes the cells are those of [`HexPos::line_variants`]
//! (`distance + 1` hexes); on squares they are every square whose inside
//! the segment passes through (`|dx| + |dy| + 1` squares, stepping across
//! one side at a time).
//!
//! # Grazes
//!
//! A line may run exactly along a hexside, or through the corner where
//! four squares meet. Such a line is traced twice, nudged a hair to either
//! side ([`hex_traces`], [`square_traces`]); where nothing is grazed the
//! two traces are the same. Whether a grazing line is clear when one of
//! its traces is, or only when both are, is the ruleset's choice
//! ([`Graze`]; DragonQuest's `hexside_los`, DQ-16-001). An edge lying along
//! the line itself is seen edge-on: no trace crosses it and it never
//! blocks.
//!
//! # What blocks
//!
//! Every edge the trace crosses whose features block sight, and every cell
//! strictly between the two ends that is off the map or whose terrain
//! blocks sight ([`crate::Map::opaque`]). The two end cells never block: a
//! figure sees out of and into a cell whatever is in it (DQ-16-003).
//! Traces, and so sight, are symmetric: the line from `b` to `a` is traced
//! through the same cells as the line from `a` to `b`.
//!
//! Figures in the way (DQ-16-004, X-RNG-006) are the ruleset's: it reads
//! them from [`Trace::between`].

use crate::edge::{Edge, HexEdge, SquareEdge};
use crate::hex::HexPos;
use crate::map::{Cell, Map};
use crate::square::SquarePos;

/// The cells and edges one straight line passes, from its start.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Trace<C> {
    cells: Vec<C>,
    edges: Vec<Edge>,
}

impl<C> Trace<C> {
    /// The cells in order, both ends included.
    #[must_use]
    pub fn cells(&self) -> &[C] {
        &self.cells
    }

    /// The cells strictly between the two ends, nearest the start first.
    #[must_use]
    pub fn between(&self) -> &[C] {
        let n = self.cells.len();
        if n < 2 { &[] } else { &self.cells[1..n - 1] }
    }

    /// The edges crossed, in order: edge `i` lies between cell `i` and
    /// cell `i + 1`.
    #[must_use]
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }
}

/// The two traces of the line from the centre of `from` to the centre of
/// `to`, nudged to either side; equal unless the line runs along a
/// hexside.
#[must_use]
pub fn hex_traces(from: HexPos, to: HexPos) -> [Trace<HexPos>; 2] {
    from.line_variants(to).map(|cells| {
        let edges = cells
            .windows(2)
            .filter_map(|w| HexEdge::between(w[0], w[1]).map(Edge::Hex))
            .collect();
        Trace { cells, edges }
    })
}

/// The two traces of the line from the centre of `from` to the centre of
/// `to`: where it passes exactly through a corner, the first trace steps
/// east or west first and the second north or south first; equal when it
/// touches no corner.
#[must_use]
pub fn square_traces(from: SquarePos, to: SquarePos) -> [Trace<SquarePos>; 2] {
    [square_trace(from, to, true), square_trace(from, to, false)]
}

/// Walks the squares the segment between the two centres passes through,
/// comparing in exact integers (doubled coordinates, so centres are odd)
/// where it next crosses a vertical and a horizontal grid line.
fn square_trace(from: SquarePos, to: SquarePos, x_first: bool) -> Trace<SquarePos> {
    let (x0, y0) = (i64::from(from.x), i64::from(from.y));
    let (x1, y1) = (i64::from(to.x), i64::from(to.y));
    let (dx, dy) = (x1 - x0, y1 - y0);
    let (sx, sy) = (dx.signum(), dy.signum());
    let (adx, ady) = (dx.abs(), dy.abs());
    let mut cells = vec![from];
    let mut edges = Vec::new();
    let (mut cx, mut cy) = (x0, y0);
    while (cx, cy) != (x1, y1) {
        // Doubled distance from the start centre to the next grid line on
        // each axis; the line reaches it at t = distance / (2 |d|).
        let to_x = 2 * (cx - x0).abs() + 1;
        let to_y = 2 * (cy - y0).abs() + 1;
        let step_x = if cx == x1 {
            false
        } else if cy == y1 {
            true
        } else {
            // Compare to_x / adx with to_y / ady.
            let (a, b) = (to_x * ady, to_y * adx);
            a < b || (a == b && x_first)
        };
        let here = SquarePos::new(clamp(cx), clamp(cy));
        if step_x {
            cx += sx;
        } else {
            cy += sy;
        }
        let next = SquarePos::new(clamp(cx), clamp(cy));
        if let Some(e) = SquareEdge::between(here, next) {
            edges.push(Edge::Square(e));
        }
        cells.push(next);
    }
    Trace { cells, edges }
}

/// Coordinates stay between the two ends, so this never clamps.
fn clamp(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
}

/// When a grazing line is clear.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Graze {
    /// Clear when either trace is: a line along a hexside is blocked only
    /// if both sides block it (DragonQuest's default `both_block`).
    Either,
    /// Clear only when both traces are: anything on either side blocks
    /// (`either_blocks`).
    Both,
}

/// What stops a line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Obstacle {
    /// A cell between the ends: off the map, or its terrain blocks sight.
    Cell(Cell),
    /// An edge crossed whose features block sight.
    Edge(Edge),
}

/// The traces of a line and what, if anything, stops each.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineOfSight<C> {
    traces: [Trace<C>; 2],
    obstacles: [Option<Obstacle>; 2],
}

impl<C> LineOfSight<C> {
    /// Whether the line is clear under `graze`.
    #[must_use]
    pub fn is_clear(&self, graze: Graze) -> bool {
        match graze {
            Graze::Either => self.obstacles.iter().any(Option::is_none),
            Graze::Both => self.obstacles.iter().all(Option::is_none),
        }
    }

    /// The two traces (equal unless the line grazes).
    #[must_use]
    pub fn traces(&self) -> &[Trace<C>; 2] {
        &self.traces
    }

    /// The first obstacle on each trace, from the start.
    #[must_use]
    pub fn obstacles(&self) -> [Option<Obstacle>; 2] {
        self.obstacles
    }

    /// The first trace nothing stops, if any: the way a grazing line
    /// takes under [`Graze::Either`].
    #[must_use]
    pub fn clear_trace(&self) -> Option<&Trace<C>> {
        (0..2)
            .find(|&i| self.obstacles[i].is_none())
            .map(|i| &self.traces[i])
    }
}

impl<C: PartialEq> LineOfSight<C> {
    /// Whether the line grazes a hexside or passes through a square's
    /// corner (its two traces differ).
    #[must_use]
    pub fn grazes(&self) -> bool {
        self.traces[0] != self.traces[1]
    }
}

impl Map {
    /// The first thing on `trace` that stops sight, walking from its
    /// start: each edge crossed, then the cell entered unless it is the
    /// last.
    #[must_use]
    pub fn obstacle_on<C: Copy + Into<Cell>>(&self, trace: &Trace<C>) -> Option<Obstacle> {
        let last = trace.cells.len().saturating_sub(1);
        for (i, &cell) in trace.cells.iter().enumerate().skip(1) {
            if let Some(&edge) = trace.edges.get(i - 1)
                && self.edge_blocks_sight(edge)
            {
                return Some(Obstacle::Edge(edge));
            }
            let cell: Cell = cell.into();
            if i < last && self.opaque(cell) {
                return Some(Obstacle::Cell(cell));
            }
        }
        None
    }

    /// The line of sight between the centres of two hexes.
    #[must_use]
    pub fn hex_sight(&self, from: HexPos, to: HexPos) -> LineOfSight<HexPos> {
        let traces = hex_traces(from, to);
        let obstacles = [self.obstacle_on(&traces[0]), self.obstacle_on(&traces[1])];
        LineOfSight { traces, obstacles }
    }

    /// The line of sight between the centres of two squares.
    #[must_use]
    pub fn square_sight(&self, from: SquarePos, to: SquarePos) -> LineOfSight<SquarePos> {
        let traces = square_traces(from, to);
        let obstacles = [self.obstacle_on(&traces[0]), self.obstacle_on(&traces[1])];
        LineOfSight { traces, obstacles }
    }
}
