//! The simulator's oracle: seeded dice and AI decisions.

use super::Oracle;
use crate::halt::Flow;
use crate::ids::CombatantId;
use crate::roll::RollRequest;
use crate::ruleset::Ruleset;
use fray_dice::{FrayRng, Rolled};
use std::marker::PhantomData;

/// Rolls with a named, seeded generator and lets the ruleset's AI choose for
/// everyone (people included: a batch run has nobody to ask).
pub struct SimOracle<R> {
    rng: FrayRng,
    _ruleset: PhantomData<fn() -> R>,
}

impl<R> SimOracle<R> {
    /// An oracle over a generator (use `fray_dice::seeded_rng` or `trial_rng`).
    pub fn new(rng: FrayRng) -> Self {
        SimOracle {
            rng,
            _ruleset: PhantomData,
        }
    }

    /// An oracle seeded with `seed`.
    pub fn seeded(seed: u64) -> Self {
        Self::new(fray_dice::seeded_rng(seed))
    }

    /// The generator, for callers that roll outside resolution.
    pub fn rng(&mut self) -> &mut FrayRng {
        &mut self.rng
    }
}

impl<R: Ruleset> Oracle<R> for SimOracle<R> {
    const AI_ONLY: bool = true;
    const SAMPLES: bool = true;

    #[inline(always)]
    fn roll(&mut self, _state: &R::State, req: &RollRequest) -> Flow<Rolled, R> {
        Ok(req.kind.sample(&mut self.rng))
    }

    #[inline]
    fn answer(&mut self, state: &R::State, question: &R::Question) -> Flow<R::Answer, R> {
        Ok(R::ai_answer(state, question))
    }

    #[inline]
    fn action(&mut self, state: &R::State, actor: CombatantId) -> Flow<R::Action, R> {
        Ok(R::ai_action(state, actor))
    }
}
