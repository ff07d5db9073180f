//! [`Expr`]: a parsed dice expression that can be rolled or evaluated exactly.

use crate::ast::Node;
use crate::dist::{DistOptions, distribution};
use crate::error::DiceError;
use crate::pmf::Pmf;
use crate::roll::{RollResult, Roller};

/// A parsed dice expression (`"4d6kh3"`, `"2d+1"`, `"{3d6}<=12"`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    src: String,
    root: Node,
}

impl Expr {
    /// Parse the notation described in the crate README.
    pub fn parse(src: &str) -> Result<Expr, DiceError> {
        let root = crate::parse::parse(src)?;
        Ok(Expr {
            src: src.to_string(),
            root,
        })
    }

    /// The text it was parsed from.
    pub fn source(&self) -> &str {
        &self.src
    }

    /// The syntax tree.
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// Roll once, keeping a per-die history. Errors only on limits
    /// ([`crate::limits::MAX_ROLLS`]), overflow or division by zero.
    pub fn roll<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Result<RollResult, DiceError> {
        let mut r = Roller {
            rng,
            src: &self.src,
            rolls: 0,
            terms: Vec::new(),
        };
        let total = r.node(&self.root)?;
        Ok(RollResult {
            terms: r.terms,
            total,
        })
    }

    /// The exact distribution of the total (see [`crate::dist`]).
    pub fn distribution(&self, opts: &DistOptions) -> Result<Pmf, DiceError> {
        distribution(&self.root, opts)
    }
}

impl std::str::FromStr for Expr {
    type Err = DiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Expr::parse(s)
    }
}

impl std::fmt::Display for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.src)
    }
}
