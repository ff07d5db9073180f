//! [`Ctx`], the one implementation of [`Cx`]: an [`Oracle`] (who answers)
//! joined to an [`EventSink`] (who listens), checking what people answer
//! against the ruleset's rules.

use crate::cx::Cx;
use crate::event::EventSink;
use crate::halt::{Flow, Halt, InputError};
use crate::oracle::Oracle;
use crate::roll::RollRequest;
use crate::ruleset::Ruleset;
use fray_dice::Rolled;
use std::marker::PhantomData;

/// The context over an oracle and a sink.
pub struct Ctx<'a, R: Ruleset, O: Oracle<R>, S: EventSink<R::Event>> {
    oracle: &'a mut O,
    sink: &'a mut S,
    _ruleset: PhantomData<fn() -> R>,
}

impl<'a, R: Ruleset, O: Oracle<R>, S: EventSink<R::Event>> Ctx<'a, R, O, S> {
    /// A context over an oracle and a sink.
    pub fn new(oracle: &'a mut O, sink: &'a mut S) -> Self {
        Ctx {
            oracle,
            sink,
            _ruleset: PhantomData,
        }
    }

    /// The oracle, for the step driver (actions are not resolution's business).
    pub fn oracle(&mut self) -> &mut O {
        self.oracle
    }
}

impl<R: Ruleset, O: Oracle<R>, S: EventSink<R::Event>> Cx<R> for Ctx<'_, R, O, S> {
    // Always inlined: the simulator's oracle reads only the request's kind,
    // so the rest of the request (roller, label, rule, target) is never
    // built once this and the oracle's `roll` are inlined into the caller.
    #[inline(always)]
    fn roll(&mut self, state: &R::State, req: RollRequest) -> Flow<Rolled, R> {
        self.oracle.roll(state, &req)
    }

    fn last_faces(&self) -> &[i32] {
        self.oracle.last_faces()
    }

    #[inline(always)]
    fn sampling(&self) -> bool {
        O::SAMPLES
    }

    #[inline]
    fn ask_or_ai(
        &mut self,
        state: &R::State,
        make: impl FnOnce() -> R::Question,
        ai: impl FnOnce() -> R::Answer,
    ) -> Flow<R::Answer, R> {
        if O::AI_ONLY {
            let answer = ai();
            if cfg!(debug_assertions) {
                let question = make();
                let expected = R::ai_answer(state, &question);
                assert_eq!(
                    answer, expected,
                    "the ruleset's direct answer to {question} is not its AI's"
                );
                if let Err(why) = R::check_answer(&question, &answer) {
                    panic!("the AI's direct answer {answer:?} to {question} is illegal: {why}");
                }
            }
            return Ok(answer);
        }
        self.ask(state, make)
    }

    fn ask(&mut self, state: &R::State, make: impl FnOnce() -> R::Question) -> Flow<R::Answer, R> {
        let question = make();
        let answer = self.oracle.answer(state, &question)?;
        // The ruleset's own AI answering for an AI-only oracle: trusted
        // when the ruleset promises its answers are legal (debug builds
        // still check, and a violation is a bug).
        if O::AI_ONLY && R::AI_ANSWERS_ARE_LEGAL {
            if cfg!(debug_assertions)
                && let Err(why) = R::check_answer(&question, &answer)
            {
                panic!("the AI gave an illegal answer {answer:?} to {question}: {why}");
            }
            return Ok(answer);
        }
        R::check_answer(&question, &answer).map_err(|why| {
            Halt::bad_input(InputError::BadAnswer {
                question: question.to_string(),
                why,
            })
        })?;
        Ok(answer)
    }

    #[inline]
    fn narrating(&self) -> bool {
        S::ENABLED
    }

    #[inline]
    fn telling(&self) -> bool {
        S::ENABLED && S::TELLS
    }

    #[inline]
    fn emit(&mut self, make: impl FnOnce() -> R::Event) {
        if S::ENABLED {
            self.sink.push(make());
        }
    }

    #[inline]
    fn checkpoint(&mut self, state: &R::State, tag: &impl serde::Serialize) -> Flow<(), R> {
        if !O::MERGES {
            return Ok(());
        }
        // A tag that cannot be written merges nothing: slower, still exact.
        match postcard::to_stdvec(tag) {
            Ok(bytes) => self.oracle.checkpoint(state, &bytes, self.sink.so_far()),
            Err(_) => Ok(()),
        }
    }

    #[inline]
    fn resume_point<T: serde::Serialize + Clone + 'static>(
        &mut self,
        state: &R::State,
        tag: &T,
        step: u32,
    ) -> Flow<(), R> {
        if !O::MERGES {
            return Ok(());
        }
        let record = || -> crate::oracle::Record { std::rc::Rc::new(tag.clone()) };
        match postcard::to_stdvec(tag) {
            Ok(bytes) => {
                self.oracle
                    .resume_point(state, &bytes, (step, &record), self.sink.so_far())
            }
            Err(_) => Ok(()),
        }
    }
}
