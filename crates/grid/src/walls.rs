//! What stops a step between two neighbouring cells, for the movement
//! searches: [`crate::Map`] (its edges that block entry) or [`NoWalls`].

use crate::hex::HexPos;
use crate::square::SquarePos;

/// Edges that stop steps. The searches ([`crate::reachable`],
/// [`crate::seek`], [`crate::walk()`], [`crate::square_reachable`]) refuse
/// every step that one blocks; they are generic over it so that a search
/// without walls costs nothing extra.
pub trait Walls {
    /// Whether the step between two adjacent hexes is blocked.
    fn blocks_hex_step(&self, from: HexPos, to: HexPos) -> bool;
    /// Whether the step between two neighbouring squares is blocked (see
    /// [`Map::blocks_step`] for diagonals).
    fn blocks_square_step(&self, from: SquarePos, to: SquarePos) -> bool;
}

/// No walls anywhere: open ground, or a ruleset that checks steps itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoWalls;

impl Walls for NoWalls {
    fn blocks_hex_step(&self, _: HexPos, _: HexPos) -> bool {
        false
    }
    fn blocks_square_step(&self, _: SquarePos, _: SquarePos) -> bool {
        false
    }
}

impl<W: Walls + ?Sized> Walls for &W {
    fn blocks_hex_step(&self, from: HexPos, to: HexPos) -> bool {
        (**self).blocks_hex_step(from, to)
    }
    fn blocks_square_step(&self, from: SquarePos, to: SquarePos) -> bool {
        (**self).blocks_square_step(from, to)
    }
}
