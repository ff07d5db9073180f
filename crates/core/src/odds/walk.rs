//! The depth-first walk over the outcomes of every roll a resolution makes.

use super::OddsError;
use super::OddsOptions;
use super::answers::Words;
use super::merge::{Keys, Merger};
use super::weight::{Kind, Weight, zero};
use fray_dice::{Prob, RollKind, Rolled};

/// One roll on the current path: which kind (index into the walk's kinds),
/// which outcome, and the weight of the path up to and including it.
pub(super) struct Node {
    kind: usize,
    idx: usize,
    weight: Weight,
}

/// The depth-first walk over roll outcomes shared by every run.
pub(super) struct Walk {
    pub(super) path: Vec<Node>,
    base: Weight,
    /// Kinds met so far; few, so a linear search beats hashing.
    kinds: Vec<Kind>,
    pub(super) leftover: Prob,
    pub(super) leaves: u64,
    /// The work the budget counts: one a leaf, and for a run merged at a
    /// checkpoint, one for each outcome of the memo it adds (each is a
    /// product and a sum of exact weights, as a leaf is), times
    /// [`Weight::work`] (big rationals cost more); kept states and keys
    /// by their size. Deterministic: the same tree always costs the same.
    pub(super) work: u64,
    /// The `work` at which the current phase stops. The phases (the rolls
    /// before the actor's turn, each earlier action, the measured action)
    /// share one budget of `max_leaves`: a phase before the measured
    /// action may spend half of what is left, the measured action all of
    /// it, so an earlier action never leaves the measured one nothing.
    limit: u64,
    opts: OddsOptions,
    /// Checkpoints of the tree being walked.
    pub(super) merge: Merger,
    /// Decision words met so far.
    pub(super) words: Words,
    /// Feature keys met so far.
    pub(super) keys: Keys,
    /// Which tree is walked: changes at every [`Walk::reset`], so answers
    /// remembered from another tree are never reused.
    pub(super) tree: u64,
    /// Rolls the current run shares with the previous one.
    pub(super) kept: usize,
}

/// How a walk over a tree ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Walked {
    /// Every leaf was visited.
    Complete,
    /// The cap on leaves stopped it; the rest of the tree is unexplored.
    Capped,
}

impl Walk {
    pub(super) fn new(opts: &OddsOptions) -> Self {
        Walk {
            path: Vec::new(),
            base: Weight::Int(1, 1),
            kinds: Vec::new(),
            leftover: zero(),
            leaves: 0,
            work: 0,
            limit: opts.max_leaves,
            opts: opts.clone(),
            merge: Merger::default(),
            words: Words::default(),
            keys: Keys::default(),
            tree: 0,
            kept: 0,
        }
    }

    /// Starts a fresh tree whose leaves are scaled by `base`.
    pub(super) fn reset(&mut self, base: &Prob) {
        self.path.clear();
        self.base = Weight::of(base);
        self.tree += 1;
        self.kept = 0;
    }

    /// Starts a phase: the measured action's (`last`) may spend what is
    /// left of the budget, one before it half of that.
    pub(super) fn begin_phase(&mut self, last: bool) {
        let left = self.opts.max_leaves.saturating_sub(self.work);
        self.limit = self.work + if last { left } else { left / 2 };
    }

    /// Whether the current phase has spent its share of the budget.
    pub(super) fn spent(&self) -> bool {
        self.work >= self.limit
    }

    /// Whether runs reuse the AI's answers along the replayed path.
    pub(super) fn reuse_answers(&self) -> bool {
        self.opts.reuse_answers
    }

    /// Whether runs resume at resume points.
    pub(super) fn resumes(&self) -> bool {
        self.opts.resume
    }

    /// The cap on leaves.
    pub(super) fn max_leaves(&self) -> u64 {
        self.opts.max_leaves
    }

    pub(super) fn weight(&self) -> &Weight {
        self.path.last().map_or(&self.base, |n| &n.weight)
    }

    /// The index of `kind` in `kinds`, enumerating it the first time.
    fn kind(&mut self, kind: RollKind) -> Result<usize, OddsError> {
        if let Some(i) = self.kinds.iter().position(|k| k.kind == kind) {
            return Ok(i);
        }
        let o = kind
            .outcomes(&self.opts.tolerance)
            .map_err(|error| OddsError::Dice { kind, error })?;
        if o.outcomes.is_empty() {
            return Err(OddsError::NoOutcome(kind));
        }
        self.kinds.push(Kind::new(kind, o, &self.opts.tolerance));
        Ok(self.kinds.len() - 1)
    }

    /// The answer to roll number `depth` of a run.
    pub(super) fn roll(&mut self, depth: usize, kind: RollKind) -> Result<Rolled, OddsError> {
        if depth >= self.opts.max_rolls_per_run {
            return Err(OddsError::TooManyRolls(self.opts.max_rolls_per_run));
        }
        if let Some(node) = self.path.get(depth) {
            let k = &self.kinds[node.kind];
            if k.kind != kind {
                return Err(OddsError::NotDeterministic(format!(
                    "roll {} was {} and is now {kind}",
                    depth + 1,
                    k.kind
                )));
            }
            return k.rolled.get(node.idx).copied().ok_or_else(|| {
                OddsError::NotDeterministic(format!(
                    "roll {} has no outcome {}",
                    depth + 1,
                    node.idx
                ))
            });
        }
        // A new branch point: take the first outcome, keep the cut-off mass.
        let ki = self.kind(kind)?;
        let k = &self.kinds[ki];
        let parent = self.path.last().map_or(&self.base, |n| &n.weight);
        if k.leftover != zero() {
            let cut = parent.prob() * &k.leftover;
            self.merge.leftover(&cut);
            self.leftover += cut;
        }
        let weight = parent.times(k, 0);
        let first = k.rolled[0];
        self.path.push(Node {
            kind: ki,
            idx: 0,
            weight,
        });
        Ok(first)
    }

    /// Moves to the next leaf; `false` when the tree is done. Checkpoints
    /// whose subtree is left behind become memos.
    fn advance(&mut self) -> bool {
        let more = self.step_path();
        let changed = more.then(|| self.path.len() - 1);
        self.kept = changed.unwrap_or(0);
        self.merge.close_below(changed);
        more
    }

    /// Moves the deepest unfinished roll to its next outcome.
    fn step_path(&mut self) -> bool {
        while let Some(last) = self.path.last() {
            let (ki, idx) = (last.kind, last.idx + 1);
            let k = &self.kinds[ki];
            if idx < k.rolled.len() {
                let n = self.path.len();
                let parent = if n >= 2 {
                    &self.path[n - 2].weight
                } else {
                    &self.base
                };
                let weight = parent.times(k, idx);
                if let Some(last) = self.path.last_mut() {
                    last.idx = idx;
                    last.weight = weight;
                }
                return true;
            }
            self.path.pop();
        }
        false
    }

    /// Visits every leaf: `run` resolves once along the current path and
    /// `leaf` receives its result with the leaf's weight.
    pub(super) fn explore<T>(
        &mut self,
        mut run: impl FnMut(&mut Walk) -> Result<T, OddsError>,
        mut leaf: impl FnMut(&mut Walk, T, &Weight),
    ) -> Result<Walked, OddsError> {
        loop {
            if self.spent() {
                return Ok(Walked::Capped);
            }
            self.leaves += 1;
            let t = run(self)?;
            let w = self.weight().clone();
            self.work += w.work();
            leaf(self, t, &w);
            if !self.advance() {
                return Ok(Walked::Complete);
            }
        }
    }
}
