//! The context resolution code talks through: rolls, questions and events.
//!
//! Every ruleset function that may roll, ask or narrate takes
//! `cx: &mut impl Cx<R>` and returns [`Flow<T, R>`](crate::Flow). The one
//! implementation, [`Ctx`](crate::Ctx), joins an [`Oracle`](crate::Oracle) (who answers) and an
//! [`EventSink`](crate::EventSink) (who listens); both are type parameters, so the simulator
//! monomorphizes resolution with a seeded RNG and no events, while the table,
//! the odds and the tests run the very same code.

use crate::event::{ConditionChange, Moved, Note};
use crate::halt::Flow;
use crate::roll::RollRequest;
use crate::ruleset::Fight;
use fray_dice::Rolled;

/// What resolution code may do besides changing the state: roll, ask, emit.
pub trait Cx<R: Fight> {
    /// Rolls dice through the oracle.
    fn roll(&mut self, state: &R::State, req: RollRequest) -> Flow<Rolled, R>;

    /// The faces of the last roll, die by die, when the oracle knows them
    /// ([`crate::Oracle::last_faces`]); for narration that shows each die.
    fn last_faces(&self) -> &[i32] {
        &[]
    }

    /// Asks the question `make` builds of its addressee, and checks the
    /// answer against the question ([`Engine::check_answer`]).
    fn ask(&mut self, state: &R::State, make: impl FnOnce() -> R::Question) -> Flow<R::Answer, R>;

    /// [`Cx::ask`], unless the oracle is the ruleset's AI alone
    /// ([`Oracle::AI_ONLY`]: the simulator): then the answer is `ai`'s, the
    /// ruleset's own shortcut to what [`Engine::ai_answer`] answers to the
    /// question `make` builds, and the question is never built. Whoever else
    /// answers (a person, a script, a saved game, the odds) gets the question
    /// as with [`Cx::ask`]. `ai` must give exactly the AI's answer, and a
    /// legal one: debug builds build the question and check both on every
    /// call, and panic on a difference (a bug in the ruleset).
    ///
    /// [`Oracle::AI_ONLY`]: crate::Oracle::AI_ONLY
    fn ask_or_ai(
        &mut self,
        state: &R::State,
        make: impl FnOnce() -> R::Question,
        ai: impl FnOnce() -> R::Answer,
    ) -> Flow<R::Answer, R> {
        let _ = ai;
        self.ask(state, make)
    }

    /// Whether the oracle draws every roll as [`fray_dice::RollKind::sample`]
    /// does and reads nothing of a request but its kind
    /// ([`Oracle::SAMPLES`]: the simulator). A ruleset may then ask for a
    /// kind that draws the same totals from the same random numbers in place
    /// of the one the odds need (plain 3d6 for a success roll's bands: a
    /// [`fray_dice::Bands`] draws as its plain dice and is written as them),
    /// when it reads nothing else of the result ([`Rolled::natural`] differs:
    /// a banded roll's is always mixed).
    ///
    /// [`Oracle::SAMPLES`]: crate::Oracle::SAMPLES
    fn sampling(&self) -> bool {
        false
    }

    /// Whether events are wanted; lets callers skip work done only for narration.
    fn narrating(&self) -> bool;

    /// Whether the events are told (narration, logs, the table) rather than
    /// only read for a few fields (the exact odds' features read roll
    /// labels, verdicts and totals, injuries, rule IDs): when `false`, a
    /// ruleset may build events without the parts only a reader needs
    /// (names of rollers, dice notation, modifier lists).
    fn telling(&self) -> bool {
        self.narrating()
    }

    /// Emits the event built by `make`, which runs only when events are wanted.
    fn emit(&mut self, make: impl FnOnce() -> R::Event);

    /// Emits a [`Note`] under checklist ID `rule`: something the rules
    /// decided without a roll, in the words `text` builds (only when events
    /// are wanted).
    fn note(&mut self, rule: &'static str, text: impl FnOnce() -> String)
    where
        R::Event: From<Note>,
    {
        self.emit(|| Note { text: text(), rule }.into());
    }

    /// Emits a [`ConditionChange`] under checklist ID `rule`: `who` began or
    /// ended a condition, in the words `what` builds (only when events are
    /// wanted, like the copy of the name).
    fn condition(&mut self, rule: &'static str, who: &str, what: impl FnOnce() -> String)
    where
        R::Event: From<ConditionChange>,
    {
        self.emit(|| {
            ConditionChange {
                who: who.to_string(),
                what: what(),
                rule,
            }
            .into()
        });
    }

    /// Emits a [`Moved`]: `who` went from `from` to `to`, places the
    /// ruleset writes as they display, `why` a verb (`steps`, `mounts`);
    /// the words are built only when events are wanted.
    fn moved(
        &mut self,
        who: &str,
        why: &'static str,
        from: impl std::fmt::Display,
        to: impl std::fmt::Display,
    ) where
        R::Event: From<Moved>,
    {
        self.emit(|| {
            Moved {
                who: who.to_string(),
                from: from.to_string(),
                to: to.to_string(),
                why,
            }
            .into()
        });
    }

    /// Declares that from here on, what the resolution does depends only on
    /// the state and on `tag` (the local values the code carries on with:
    /// the blow being resolved, the strike number...). The exact odds use it
    /// to merge the identical states that different rolls reach (every
    /// missed swing looks the same afterwards) and explore what follows
    /// once. Everywhere else it costs nothing. A checkpoint whose claim is
    /// false makes the odds wrong, so place them where the state says it all.
    fn checkpoint(&mut self, state: &R::State, tag: &impl serde::Serialize) -> Flow<(), R>;

    /// A checkpoint ([`Cx::checkpoint`]) the exact odds may also *resume*
    /// from: the ruleset's [`crate::odds::ActionEffects::resume`] with this
    /// `step` does exactly what the resolution does after this call, from
    /// the state alone. The odds then explore what follows by restarting
    /// there instead of replaying the action from its start for every
    /// sequence of rolls below it; `resume` gets `tag` back, typed
    /// ([`crate::odds::ResumeAt::record`]), so the tag can carry what the
    /// rest of the resolution needs. Everywhere else it costs nothing.
    fn resume_point<T: serde::Serialize + Clone + 'static>(
        &mut self,
        state: &R::State,
        tag: &T,
        step: u32,
    ) -> Flow<(), R> {
        let _ = step;
        self.checkpoint(state, tag)
    }
}
