//! Resuming runs at a checkpoint instead of replaying the action up to it.
//!
//! Every run of the walk resolves the action along a path of roll outcomes
//! that shares its first rolls with the previous run. Replaying those first
//! rolls from the start of the action was most of the cost of a two-strike
//! GURPS action: each of the ~140,000 sequences below the second strike
//! replayed the whole first strike. A ruleset that can continue its
//! resolution from a point ([`super::ActionEffects::resume`], marked with
//! [`crate::Cx::resume_point`]) lets the walk keep, at every *open* resume
//! point (one whose subtree is being explored), what a run there had: the
//! state, the events and decisions so far, how many rolls and checkpoints
//! came before. The next run below it starts from that snapshot and calls
//! the ruleset's `resume`, which does what the rest of the resolution
//! would have done, so the leaves, their features and their weights are
//! the same (a test per ruleset compares the odds with and without it).
//! The snapshot keeps the point's tag as the ruleset gave it (typed), so a
//! ruleset can resume from a point inside a sequence of steps whose record
//! (the blow being resolved, its number in the maneuver) is in the tag.

use super::ActionEffects;
use super::answers::Word;
use super::merge::Merger;
use crate::oracle::Record;

/// What a run had at an open resume point.
pub(super) struct Snapshot<R: ActionEffects> {
    /// The checkpoint's id in the merger: the snapshot lives while it is open.
    id: u64,
    /// Rolls made before it.
    pub(super) depth: usize,
    /// Checkpoints met before it in a run.
    pub(super) ordinal: usize,
    /// The ruleset's name for the point.
    pub(super) step: u32,
    /// The tag given there, typed, for the ruleset's `resume`.
    pub(super) record: Record,
    pub(super) state: R::State,
    /// How many events came before it (a run resumed here keeps that many
    /// of the previous run's, which passed the same point).
    pub(super) events: usize,
    pub(super) decisions: Vec<Word>,
}

/// The snapshots of the open resume points along the current path,
/// outermost first.
pub(super) struct Snapshots<R: ActionEffects> {
    list: Vec<Snapshot<R>>,
    on: bool,
}

impl<R: ActionEffects> Snapshots<R> {
    /// No snapshots yet; `on` false (or a ruleset that does not resume)
    /// never takes any.
    pub(super) fn new(on: bool) -> Self {
        Snapshots {
            list: Vec::new(),
            on: on && R::RESUMES,
        }
    }

    /// Whether resume points are kept at all.
    pub(super) fn on(&self) -> bool {
        self.on
    }

    /// Forgets every snapshot (a new start state).
    pub(super) fn clear(&mut self) {
        self.list.clear();
    }

    /// Keeps what a run had at the resume point opened under `id`.
    pub(super) fn keep(&mut self, id: u64, snapshot: Snapshot<R>) {
        if self.on {
            self.list.push(Snapshot { id, ..snapshot });
        }
    }

    /// The deepest resume point of the path the next run takes, if any:
    /// after the walk moved on, the checkpoints still open are exactly those
    /// whose subtree the new path is in.
    pub(super) fn deepest(&mut self, merge: &Merger) -> Option<&Snapshot<R>> {
        self.list.retain(|s| merge.is_open(s.id));
        self.list.last()
    }
}

impl<R: ActionEffects> Snapshot<R> {
    /// A snapshot not yet tied to a checkpoint (see [`Snapshots::keep`]).
    pub(super) fn new(
        (depth, ordinal, step, record): (usize, usize, u32, Record),
        state: R::State,
        events: usize,
        decisions: Vec<Word>,
    ) -> Self {
        Snapshot {
            id: 0,
            depth,
            ordinal,
            step,
            record,
            state,
            events,
            decisions,
        }
    }
}
