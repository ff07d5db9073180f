//! `fray roll EXPR`: roll dice and show every die.

use crate::out::{self, Result};
use fray_core::dice::{Expr, seeded_rng};
use std::hash::{BuildHasher, Hasher};
use std::io::Write;

/// Arguments of `fray roll`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The dice expression, e.g. `3d6`, `4d6kh3`, `2d+1`, `5d10>=8`.
    pub expr: String,
    /// Seed for a repeatable roll (printed when omitted).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Roll this many times.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub times: u32,
}

/// A fresh seed from the process's random hasher keys (no extra dependency).
fn fresh_seed() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x5eed);
    h.finish()
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let expr = Expr::parse(&args.expr).map_err(|e| super::dice_error(&args.expr, e))?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut rng = seeded_rng(seed);
    let mut w = out::stdout();
    if args.seed.is_none() {
        out::line(&mut w, format_args!("(seed {seed})"))?;
    }
    for _ in 0..args.times {
        let r = expr
            .roll(&mut rng)
            .map_err(|e| super::dice_error(&args.expr, e))?;
        out::line(&mut w, &r)?;
    }
    w.flush()?;
    Ok(())
}
