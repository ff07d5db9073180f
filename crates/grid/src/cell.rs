//! Where a figure can stand: a hex or a square, and the kinds and sizes of
//! maps. A leaf of the crate, so that edges, map files and maps all name
//! cells without naming each other.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hex::HexPos;
use crate::square::SquarePos;

/// The largest width, height or radius a map may have. Battle maps are
/// tiny; the cap keeps [`Map::cells`] and searches bounded whatever a file
/// says.
pub const MAX_MAP_SIZE: u32 = 1024;

/// The most cells a map may have: 65,536 (a hex map of radius 147, 256 by
/// 256 squares, or a battle line 1,024 wide and 64 deep). Every view of the
/// map lists and names each cell (the table sends it to every seat on every
/// change), so a map of a million cells made each view megabytes and
/// seconds (the `saved_game` fuzzer's radius 737).
pub const MAX_MAP_CELLS: u64 = 1 << 16;

/// Hexes or squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MapKind {
    /// Flat-top hexes in axial coordinates (GURPS, DragonQuest, margin-3d6).
    Hex,
    /// 1 m squares (d20-3d6).
    Square,
}

/// A position on either kind of map.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cell {
    /// A hex.
    Hex(HexPos),
    /// A square.
    Square(SquarePos),
}

// Inlined: every cell look-up of another crate ([`Map::passable`] in a
// retreat's search) converts its position first, and a call for the
// conversion cost more than the look-up on an open field.
impl From<HexPos> for Cell {
    #[inline]
    fn from(p: HexPos) -> Self {
        Self::Hex(p)
    }
}

impl From<SquarePos> for Cell {
    #[inline]
    fn from(p: SquarePos) -> Self {
        Self::Square(p)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Hex(h) => h.fmt(f),
            Self::Square(s) => s.fmt(f),
        }
    }
}
