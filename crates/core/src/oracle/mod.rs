//! Oracles answer every roll and every choice a resolution needs.
//!
//! * [`SimOracle`]: a seeded RNG and the ruleset's AI; no recording, no
//!   allocation: the simulator's fast path.
//! * [`InputOracle`]: inputs from a log first, then a policy for what is
//!   missing. [`ScriptOracle`] falls back to the RNG and AI (or fails, when
//!   strict); [`TableOracle`] suspends with [`crate::Pending`] whenever a
//!   person must answer, and records everything so a step can be retried
//!   exactly and a game saved, undone and resumed.

mod input;
mod sim;

pub use input::{InputOracle, Mode, ScriptOracle, StepMark, TableOracle};
pub use sim::SimOracle;

use crate::halt::Flow;
use crate::ids::CombatantId;
use crate::roll::RollRequest;
use crate::ruleset::Ruleset;
use fray_dice::Rolled;
use std::any::Any;
use std::rc::Rc;

/// The typed tag of a resume point, kept by the odds while they explore
/// below it ([`Oracle::resume_point`]).
pub type Record = Rc<dyn Any>;

/// The source of every random number and every decision.
pub trait Oracle<R: Ruleset> {
    /// One roll of the requested dice.
    fn roll(&mut self, state: &R::State, req: &RollRequest) -> Flow<Rolled, R>;

    /// The physical faces of the last roll this oracle gave, die by die
    /// (in [`fray_dice::RollKind::from_faces`] order), when it knows them:
    /// dice it drew itself or that were typed die by die. Empty when it
    /// does not (a total, a recorded roll, the simulator, the odds).
    fn last_faces(&self) -> &[i32] {
        &[]
    }
    /// The addressee's answer to a question.
    fn answer(&mut self, state: &R::State, question: &R::Question) -> Flow<R::Answer, R>;
    /// The action `actor` declares on its turn.
    fn action(&mut self, state: &R::State, actor: CombatantId) -> Flow<R::Action, R>;

    /// Whether every action this oracle brings is [`Engine::ai_action`]'s
    /// and every answer [`Engine::ai_answer`]'s (the simulator). With
    /// [`Engine::AI_ACTIONS_ARE_LEGAL`] the engine then skips its own
    /// check of the action, with [`Engine::AI_ANSWERS_ARE_LEGAL`] the
    /// context its check of the answer.
    const AI_ONLY: bool = false;

    /// Whether every roll this oracle gives is [`fray_dice::RollKind::sample`]
    /// of the request's kind, and nothing else of the request is read (the
    /// simulator): see [`crate::Cx::sampling`].
    const SAMPLES: bool = false;

    /// Whether this oracle merges identical states at checkpoints (the
    /// exact-odds enumeration); others never see [`Oracle::checkpoint`].
    const MERGES: bool = false;

    /// A checkpoint ([`crate::Cx::checkpoint`]): what follows depends only on
    /// `state` and `tag`. `events` are those emitted so far in the step.
    fn checkpoint(&mut self, state: &R::State, tag: &[u8], events: &[R::Event]) -> Flow<(), R> {
        let _ = (state, tag, events);
        Ok(())
    }

    /// A checkpoint the odds may resume from ([`crate::Cx::resume_point`]):
    /// `record` gives the tag itself (typed, for
    /// [`crate::odds::ResumeAt::record`]), called only when the odds keep
    /// a snapshot there. Oracles that do not resume treat it as a plain
    /// checkpoint.
    fn resume_point(
        &mut self,
        state: &R::State,
        tag: &[u8],
        (step, record): (u32, &dyn Fn() -> Record),
        events: &[R::Event],
    ) -> Flow<(), R> {
        let _ = (step, record);
        self.checkpoint(state, tag, events)
    }
}
