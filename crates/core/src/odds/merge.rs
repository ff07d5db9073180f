//! Merging identical states inside one action's tree of roll outcomes.
//!
//! Resolution code marks checkpoints ([`crate::Cx::checkpoint`]) where what
//! follows depends only on the state and a tag. The first time the walk
//! meets a checkpoint key it *opens* it and explores its subtree as usual,
//! recording every leaf below it relative to the weight of reaching it.
//! When the walk leaves that subtree the key is *closed* into a memo. Any
//! later run that reaches the same key stops there, and the memo's leaves,
//! scaled by the new weight, stand for the subtree it did not explore again.
//!
//! A key is the state, the tag and the features so far (what
//! [`super::ActionEffects::effects`] reads from the state and the events up
//! to the checkpoint), so two paths merge only when they have done the same
//! thing so far and will do the same things next.

use super::answers::Word;
use super::weight::{Acc, Weight};
use fray_dice::Prob;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// The hasher of the walk's tables: fast and fixed (lookups only; nothing
/// is read in hash order).
type Fast = foldhash::fast::FixedState;

/// The non-zero features of one outcome, sorted by name.
pub(super) type FeatureKey = Vec<(&'static str, i64)>;

/// A [`FeatureKey`], interned in the walk's [`Keys`].
pub(super) type Key = u32;

/// One kind of leaf below a checkpoint: its features and the decisions
/// taken after the checkpoint.
type LeafKey = (Key, Vec<Word>);

/// Feature keys met in one enumeration, each stored once: the tables of
/// every open checkpoint and the joint table look leaves up by a `u32`
/// instead of comparing lists of names.
#[derive(Default)]
pub(super) struct Keys {
    list: Vec<FeatureKey>,
    ids: HashMap<FeatureKey, Key, Fast>,
}

impl Keys {
    /// The id of `key`, adding it the first time.
    pub(super) fn intern(&mut self, key: FeatureKey) -> Key {
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = Key::try_from(self.list.len()).unwrap_or(Key::MAX);
        self.list.push(key.clone());
        self.ids.insert(key, id);
        id
    }

    /// The features behind `id`.
    pub(super) fn get(&self, id: Key) -> &[(&'static str, i64)] {
        self.list.get(id as usize).map_or(&[], Vec::as_slice)
    }
}

/// A checkpoint whose subtree is being explored.
struct Open {
    /// Unique within the walk: a resume point's snapshot names its
    /// checkpoint by it (depth and ordinal recur on other paths).
    id: u64,
    key: Vec<u8>,
    /// Rolls made before it: its subtree is every path sharing those.
    depth: usize,
    /// Checkpoints met before it in a run: with `depth`, how a replay,
    /// which meets the same checkpoints in the same order, finds it
    /// without writing the state again.
    ordinal: usize,
    /// The weight of reaching it.
    weight: Weight,
    /// Decisions taken before it in the current run.
    mark: usize,
    /// Those decisions themselves: when it closes, its leaves go to the
    /// checkpoint it is inside with the decisions taken between the two.
    before: Vec<Word>,
    /// Leaves by features, then by the decisions after the checkpoint
    /// (nested so that a leaf met again is found without copying its key).
    /// Only the innermost open checkpoint receives leaves as they come; the
    /// others get them summed when the one inside them closes.
    leaves: BTreeMap<Key, BTreeMap<Vec<Word>, Acc>>,
    leftover: Prob,
}

/// A closed checkpoint: its leaves' probabilities given that it is reached.
pub(super) struct Memo {
    leaves: Vec<(LeafKey, Weight)>,
    leftover: Prob,
}

impl Memo {
    /// How many kinds of leaf it holds.
    pub(super) fn len(&self) -> usize {
        self.leaves.len()
    }

    /// The memo's leaves reached with weight `w`: features, decisions after
    /// the checkpoint, absolute weight (machine integers while they fit);
    /// and the leftover mass below it.
    pub(super) fn scaled<'a>(
        &'a self,
        w: &'a Weight,
    ) -> (impl Iterator<Item = (&'a LeafKey, Weight)> + 'a, Prob) {
        let leaves = self.leaves.iter().map(move |(k, p)| (k, w.times_weight(p)));
        let leftover = if self.leftover == Prob::default() {
            Prob::default()
        } else {
            &self.leftover * w.prob()
        };
        (leaves, leftover)
    }
}

/// What the walk says when a run reaches a checkpoint.
pub(super) enum Arrival {
    /// Go on resolving.
    Go,
    /// Go on resolving: the checkpoint was opened now, under this id.
    Opened(u64),
    /// Stop: this memo knows what follows.
    Known(Rc<Memo>),
}

/// Open and closed checkpoints of one action's tree.
#[derive(Default)]
pub(super) struct Merger {
    open: Vec<Open>,
    /// By the checkpoint's key: the state written whole is long, and a
    /// fast hash of it is a large part of each arrival's cost.
    memo: HashMap<Vec<u8>, Rc<Memo>, Fast>,
    /// Runs that stopped at a known checkpoint.
    pub(super) merged: u64,
    /// The id of the next checkpoint opened.
    next_id: u64,
}

impl Merger {
    /// Forgets everything (a new start state: its `before` differs).
    pub(super) fn clear(&mut self) {
        self.open.clear();
        self.memo.clear();
    }

    /// A replay reached the checkpoint met `ordinal`-th after `depth`
    /// rolls, on a path met before: only the decision mark of an open
    /// checkpoint there moves.
    pub(super) fn replay(&mut self, depth: usize, ordinal: usize, decisions: usize) {
        if let Some(o) = self
            .open
            .iter_mut()
            .find(|o| o.depth == depth && o.ordinal == ordinal)
        {
            o.mark = decisions;
        }
    }

    /// A run reached checkpoint `key`, the `ordinal`-th it met, after
    /// `depth` rolls, all of them past the walk's forced path, with weight
    /// `w` and `decisions` taken so far.
    pub(super) fn arrive(
        &mut self,
        key: Vec<u8>,
        (depth, ordinal): (usize, usize),
        w: &Weight,
        decisions: &[Word],
    ) -> Arrival {
        if let Some(memo) = self.memo.get(&key) {
            self.merged += 1;
            return Arrival::Known(Rc::clone(memo));
        }
        if self.open.iter().any(|o| o.key == key) {
            return Arrival::Go;
        }
        let id = self.next_id;
        self.next_id += 1;
        self.open.push(Open {
            id,
            key,
            depth,
            ordinal,
            weight: w.clone(),
            mark: decisions.len(),
            before: decisions.to_vec(),
            leaves: BTreeMap::new(),
            leftover: Prob::default(),
        });
        Arrival::Opened(id)
    }

    /// Whether the checkpoint opened under `id` is still open (the walk is
    /// still inside its subtree).
    pub(super) fn is_open(&self, id: u64) -> bool {
        self.open.iter().any(|o| o.id == id)
    }

    /// A leaf with features `key`, the run's `decisions` and weight `w`.
    ///
    /// Only the innermost open checkpoint records it: every other open one
    /// is outside it, and gets its leaves summed when it closes
    /// ([`Merger::close_below`]), which costs one addition per distinct
    /// leaf there instead of one per leaf and per open checkpoint.
    pub(super) fn leaf(&mut self, key: Key, decisions: &[Word], w: &Weight) {
        if let Some(o) = self.open.last_mut() {
            let after = decisions.get(o.mark..).unwrap_or_default();
            let by_decisions = o.leaves.entry(key).or_default();
            match by_decisions.get_mut(after) {
                Some(acc) => acc.add(w),
                None => by_decisions
                    .entry(after.to_vec())
                    .or_insert_with(Acc::new)
                    .add(w),
            }
        }
    }

    /// Mass cut off by truncated explosions, inside every open subtree
    /// (recorded in the innermost, passed outwards as it closes).
    pub(super) fn leftover(&mut self, p: &Prob) {
        if let Some(o) = self.open.last_mut() {
            o.leftover += p;
        }
    }

    /// The walk moved node `index` (or finished, `None`): checkpoints below
    /// it are done and become memos.
    pub(super) fn close_below(&mut self, index: Option<usize>) {
        while let Some(o) = self.open.last() {
            if index.is_some_and(|i| o.depth <= i) {
                break;
            }
            let Some(o) = self.open.pop() else { break };
            // The checkpoint it is inside gets its leaves, with the
            // decisions taken between the two in front.
            if let Some(outer) = self.open.last_mut() {
                let between = o.before.get(outer.mark..).unwrap_or_default();
                pass_out(&o.leaves, between, &mut outer.leaves);
                if o.leftover != Prob::default() {
                    outer.leftover += &o.leftover;
                }
            }
            // Conditional on reaching the checkpoint, once per leaf here
            // (machine integers while they fit), so that each later
            // arrival multiplies machine integers.
            let weight = &o.weight;
            let leaves = o
                .leaves
                .into_iter()
                .flat_map(|(features, by)| {
                    by.into_iter()
                        .map(move |(after, acc)| ((features, after), acc.given(weight)))
                })
                .collect();
            let leftover = if o.leftover == Prob::default() {
                o.leftover
            } else {
                let w = o.weight.prob();
                if w == Prob::default() {
                    o.leftover
                } else {
                    o.leftover / w
                }
            };
            self.memo.insert(o.key, Rc::new(Memo { leaves, leftover }));
        }
    }
}

/// Adds the leaves of a closed checkpoint to the one outside it, whose
/// decision lists start `between` earlier.
fn pass_out(
    inner: &BTreeMap<Key, BTreeMap<Vec<Word>, Acc>>,
    between: &[Word],
    outer: &mut BTreeMap<Key, BTreeMap<Vec<Word>, Acc>>,
) {
    // One buffer for the lookups: a list is allocated only for an entry
    // the outer checkpoint does not have yet.
    let mut run = Vec::new();
    for (&key, by) in inner {
        let to = outer.entry(key).or_default();
        for (after, acc) in by {
            run.clear();
            run.extend_from_slice(between);
            run.extend_from_slice(after);
            match to.get_mut(run.as_slice()) {
                Some(sum) => sum.add_acc(acc),
                None => {
                    to.insert(run.clone(), acc.clone());
                }
            }
        }
    }
}
