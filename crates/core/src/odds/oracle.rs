//! The oracle of one run of the enumeration: rolls from the walk, choices
//! from the AI, and checkpoints that merge identical states.

use super::answers::{Answers, Word};
use super::merge::{Arrival, FeatureKey, Memo};
use super::resume::{Snapshot, Snapshots};
use super::walk::Walk;
use super::{ActionEffects, OddsError};
use crate::halt::{Flow, Halt, InputError};
use crate::ids::CombatantId;
use crate::oracle::{Oracle, Record};
use crate::roll::RollRequest;
use fray_dice::Rolled;

/// The bytes of a checkpoint key that cost one unit of the budget.
const KEY_BYTES_A_UNIT: u64 = 64;
use std::rc::Rc;

/// The action being measured: what checkpoints compute the features so far against.
pub(super) struct Measured<'a, R: ActionEffects> {
    pub(super) before: &'a R::State,
    pub(super) actor: CombatantId,
    pub(super) action: &'a R::Action,
}

/// The oracle of one run.
pub(super) struct EnumOracle<'w, 'a, R: ActionEffects> {
    walk: &'w mut Walk,
    /// The AI's answers of the previous run, reused along the same rolls.
    answers: &'w mut Answers<R::Answer>,
    pub(super) depth: usize,
    pub(super) decisions: Vec<Word>,
    /// The walk's own error, kept so it is not confused with the ruleset's.
    error: Option<OddsError>,
    /// Set when measuring an action: checkpoints merge then.
    measured: Option<Measured<'a, R>>,
    /// The memo of the checkpoint the run stopped at, if it did.
    pub(super) merged_at: Option<Rc<Memo>>,
    /// Checkpoints met so far in this run.
    checkpoints: usize,
    /// Where resume points keep their snapshots (measured actions only).
    snapshots: Option<&'w mut Snapshots<R>>,
    /// The longest key written so far: the next one is allocated at once.
    key_len: usize,
}

impl<'w, 'a, R: ActionEffects> EnumOracle<'w, 'a, R> {
    pub(super) fn new(
        walk: &'w mut Walk,
        answers: &'w mut Answers<R::Answer>,
        measured: Option<Measured<'a, R>>,
    ) -> Self {
        answers.start_run(walk.tree, walk.kept);
        EnumOracle {
            walk,
            answers,
            depth: 0,
            decisions: Vec::new(),
            error: None,
            measured,
            merged_at: None,
            checkpoints: 0,
            snapshots: None,
            key_len: 64,
        }
    }

    /// Resume points keep their snapshots in `snapshots`.
    pub(super) fn with_snapshots(mut self, snapshots: &'w mut Snapshots<R>) -> Self {
        self.snapshots = Some(snapshots);
        self
    }

    /// The run starts at a resume point: after `depth` rolls and `ordinal`
    /// checkpoints, with `decisions` taken.
    pub(super) fn resumed(&mut self, depth: usize, ordinal: usize, decisions: Vec<Word>) {
        self.depth = depth;
        self.checkpoints = ordinal;
        self.decisions = decisions;
    }

    /// A checkpoint, a resume point when `step` is set.
    fn arrive(
        &mut self,
        state: &R::State,
        tag: &[u8],
        events: &[R::Event],
        step: Option<(u32, &dyn Fn() -> Record)>,
    ) -> Flow<(), R> {
        let Some(m) = &self.measured else {
            return Ok(());
        };
        let ordinal = self.checkpoints;
        self.checkpoints += 1;
        let path_len = self.walk.path.len();
        if self.depth < path_len {
            // A replay: the key was written when this path was new.
            self.walk
                .merge
                .replay(self.depth, ordinal, self.decisions.len());
            return Ok(());
        }
        let so_far = feature_key(R::effects(m.before, state, m.actor, m.action, events));
        // A state the ruleset cannot write merges nothing: slower, still exact.
        let mut key = Vec::with_capacity(self.key_len);
        if !R::write_key(m.before, state, &mut key) {
            return Ok(());
        }
        let Ok(key) = postcard::to_extend(&(tag, &so_far), key) else {
            return Ok(());
        };
        self.key_len = self.key_len.max(key.len());
        // A key kept costs work by its size (one unit each 64 bytes), and a
        // snapshot [`super::FIGURE_WORK`] a figure, so the budget bounds the
        // memory the open and closed checkpoints hold on a field of any
        // size.
        let kept = key.len() as u64 / KEY_BYTES_A_UNIT;
        let w = self.walk.weight().clone();
        let arrival = self
            .walk
            .merge
            .arrive(key, (self.depth, ordinal), &w, &self.decisions);
        if matches!(arrival, Arrival::Opened(_)) {
            self.walk.work += kept;
        }
        match arrival {
            Arrival::Go => Ok(()),
            Arrival::Opened(id) => {
                if let (Some((step, record)), Some(snaps)) = (step, self.snapshots.as_deref_mut())
                    && snaps.on()
                {
                    let at = (self.depth, ordinal, step, record());
                    self.walk.work += R::combatants(state) as u64 * super::FIGURE_WORK;
                    let snap =
                        Snapshot::new(at, state.clone(), events.len(), self.decisions.clone());
                    snaps.keep(id, snap);
                }
                Ok(())
            }
            Arrival::Known(memo) => {
                self.merged_at = Some(memo);
                Err(Halt::Merged)
            }
        }
    }

    /// The error that stopped a run: the walk's if it had one.
    pub(super) fn stopped(&mut self, e: Halt<R>) -> OddsError {
        self.error
            .take()
            .unwrap_or_else(|| OddsError::Stopped(e.to_string()))
    }

    /// Checks that a completed run consumed exactly the forced prefix.
    pub(super) fn finish(&self) -> Result<(), OddsError> {
        if self.depth < self.walk.path.len() {
            return Err(OddsError::NotDeterministic(format!(
                "a replay stopped after {} rolls instead of {}",
                self.depth,
                self.walk.path.len()
            )));
        }
        Ok(())
    }
}

/// The non-zero features of `effects`, summed by name and sorted: the key
/// of a joint outcome.
pub(super) fn feature_key(effects: Vec<(&'static str, i64)>) -> FeatureKey {
    let mut key: FeatureKey = Vec::with_capacity(effects.len());
    for (name, v) in effects {
        if v != 0 {
            match key.iter_mut().find(|(n, _)| *n == name) {
                Some((_, old)) => *old = old.saturating_add(v),
                None => key.push((name, v)),
            }
        }
    }
    key.retain(|(_, v)| *v != 0);
    key.sort_unstable();
    key
}

impl<R: ActionEffects> Oracle<R> for EnumOracle<'_, '_, R> {
    const MERGES: bool = true;

    fn roll(&mut self, _state: &R::State, req: &RollRequest) -> Flow<Rolled, R> {
        let depth = self.depth;
        self.depth += 1;
        self.walk.roll(depth, req.kind).map_err(|e| {
            let halt = Halt::bad_input(InputError::Oracle(e.to_string()));
            self.error = Some(e);
            halt
        })
    }

    fn answer(&mut self, state: &R::State, question: &R::Question) -> Flow<R::Answer, R> {
        let n = self.decisions.len();
        if let Some((answer, word)) = self.answers.get(n, self.depth) {
            self.decisions.push(word);
            return Ok(answer);
        }
        let answer = R::ai_answer(state, question);
        let word = self
            .walk
            .words
            .intern(R::describe_decision(state, question, &answer));
        self.answers.put(n, self.depth, &answer, word);
        self.decisions.push(word);
        Ok(answer)
    }

    fn action(&mut self, state: &R::State, actor: CombatantId) -> Flow<R::Action, R> {
        Ok(R::ai_action(state, actor))
    }

    fn checkpoint(&mut self, state: &R::State, tag: &[u8], events: &[R::Event]) -> Flow<(), R> {
        self.arrive(state, tag, events, None)
    }

    fn resume_point(
        &mut self,
        state: &R::State,
        tag: &[u8],
        at: (u32, &dyn Fn() -> Record),
        events: &[R::Event],
    ) -> Flow<(), R> {
        self.arrive(state, tag, events, Some(at))
    }
}
