//! What the walk remembers between runs so that replaying a path is cheap:
//! the AI's answers along the path, and the decision words as small ids.
//!
//! Every run replays the resolution from the root along a path that shares
//! its first rolls with the previous run's. Up to the first roll that
//! changed, the replay is the previous run again (resolution is
//! deterministic, which the walk checks), so each question asked there gets
//! the same answer and the same words: [`Answers`] hands them back without
//! asking the AI (40-45% of a GURPS two-strike action's time went to the
//! defender's replayed defense choice). Decisions travel through the merge
//! tables as [`Word`] ids, not strings.

use std::collections::HashMap;

/// A decision's words, interned in the walk's [`Words`].
pub(super) type Word = u32;

/// Decision words met in one enumeration, each stored once.
#[derive(Default)]
pub(super) struct Words {
    list: Vec<String>,
    ids: HashMap<String, Word>,
}

impl Words {
    /// The id of `words`, adding them the first time.
    pub(super) fn intern(&mut self, words: String) -> Word {
        if let Some(&id) = self.ids.get(&words) {
            return id;
        }
        let id = Word::try_from(self.list.len()).unwrap_or(Word::MAX);
        self.list.push(words.clone());
        self.ids.insert(words, id);
        id
    }

    /// The words behind `id`.
    pub(super) fn get(&self, id: Word) -> &str {
        self.list.get(id as usize).map_or("", String::as_str)
    }
}

/// One answer given in the previous run: after how many rolls it was asked,
/// the answer and its words.
struct Given<A> {
    depth: usize,
    answer: A,
    word: Word,
}

/// The AI's answers along the current path, valid while the path's first
/// rolls stay the same.
pub(super) struct Answers<A> {
    given: Vec<Given<A>>,
    /// The walk's tree these answers belong to (see [`super::walk::Walk::tree`]).
    tree: u64,
    /// Whether to reuse answers at all (off only to check that reuse
    /// changes nothing).
    on: bool,
}

impl<A: Clone> Answers<A> {
    pub(super) fn new(on: bool) -> Self {
        Answers {
            given: Vec::new(),
            tree: u64::MAX,
            on,
        }
    }

    /// A run starts in tree `tree` whose first `kept` rolls are those of the
    /// previous run: answers asked after more rolls than that are stale.
    pub(super) fn start_run(&mut self, tree: u64, kept: usize) {
        if tree != self.tree {
            self.given.clear();
            self.tree = tree;
        }
        let valid = self.given.partition_point(|g| g.depth <= kept);
        self.given.truncate(valid);
    }

    /// The `n`-th answer of the run if the previous run gave it after the
    /// same `depth` rolls.
    pub(super) fn get(&self, n: usize, depth: usize) -> Option<(A, Word)> {
        let g = self.given.get(n).filter(|g| self.on && g.depth == depth)?;
        Some((g.answer.clone(), g.word))
    }

    /// Records the `n`-th answer of the run, given after `depth` rolls.
    pub(super) fn put(&mut self, n: usize, depth: usize, answer: &A, word: Word) {
        if !self.on {
            return;
        }
        self.given.truncate(n);
        self.given.push(Given {
            depth,
            answer: answer.clone(),
            word,
        });
    }
}
