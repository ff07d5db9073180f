//! Shared helpers: exact fractions and a scripted random source.

use fray_dice::Prob;
use num_bigint::BigInt;
use std::convert::Infallible;

/// `n / d` exactly.
pub fn q(n: i64, d: i64) -> Prob {
    Prob::new(BigInt::from(n), BigInt::from(d))
}

/// A random source that replays a script of draws, cycling at the end, so a
/// test can say which faces the dice show.
pub struct Script {
    draws: Vec<u64>,
    at: usize,
    /// Draws handed out so far.
    pub used: usize,
}

impl Script {
    /// Draws that make a die of `sides` faces show `faces` (1-based), one
    /// draw each.
    pub fn faces(sides: u64, faces: &[u64]) -> Script {
        let dice: Vec<(u64, u64)> = faces.iter().map(|&f| (sides, f)).collect();
        Script::dice(&dice)
    }

    /// One draw per `(sides, face)`: the die of `sides` faces shows `face`
    /// (1-based). The draw sits in the middle of the face's slice of the
    /// `u64` range, so the sampler's multiply-shift reads it as that face
    /// without rejection.
    pub fn dice(dice: &[(u64, u64)]) -> Script {
        let draw = |(sides, f): (u64, u64)| {
            ((((2 * (f - 1) + 1) as u128) << 64) / (2 * sides as u128)) as u64
        };
        Script {
            draws: dice.iter().map(|&d| draw(d)).collect(),
            at: 0,
            used: 0,
        }
    }
}

impl rand::TryRng for Script {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        self.try_next_u64().map(|v| (v >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let v = self.draws[self.at % self.draws.len()];
        self.at += 1;
        self.used += 1;
        Ok(v)
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let v = self.try_next_u64()?.to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
        Ok(())
    }
}
