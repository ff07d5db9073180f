//! Exact odds of one declared action, for any ruleset ("exact odds for free",
//! DESIGN.md).
//!
//! Every roll a resolution makes goes through the [`Oracle`] as a typed
//! [`RollRequest`] whose distribution the dice crate knows exactly
//! ([`RollKind::outcomes`]). So the odds of an action need no ruleset code:
//! an enumerating oracle resolves the action again and again from clones of
//! the same state, depth-first over the tree of roll outcomes. Each run
//! answers the rolls of a forced prefix of outcomes and, at the first roll
//! past the prefix, takes that roll's first outcome and remembers the
//! branch; backtracking then moves to the next outcome. A leaf's weight is
//! the product of the outcome probabilities along its path, in exact
//! rationals. Mass cut off by truncated explosions is added to a leftover
//! that is reported, never dropped.
//!
//! Choices inside the action (the defender's "Dodge, Parry or Block?") come
//! from the ruleset's AI and are recorded as decisions, so the output says
//! which choices the numbers assume.
//!
//! What counts as an effect (a hit, a knockdown) is the ruleset's business:
//! it implements [`ActionEffects`], and the core only folds the named
//! features it returns into exact distributions. The core still knows no
//! ruleset (DESIGN.md invariant 3).
//!
//! The action is resolved at the start of the actor's turn: [`action_odds`]
//! first asks [`Ruleset::next`] (enumerating any rolls it makes, such as
//! turn-order ties) until it is the actor's turn; turns of others before it
//! pass without an action. Start states that come out identical (same
//! serialized state) are merged, so a tie roll that only decides who goes
//! first does not multiply the work.

use crate::cx::Ctx;
use crate::event::{NullSink, VecSink};
use crate::halt::{Flow, Halt, InputError};
use crate::ids::CombatantId;
use crate::oracle::Oracle;
use crate::roll::RollRequest;
use crate::ruleset::{Next, Ruleset};
use fray_dice::{Outcomes, Prob, RollKind, Rolled};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::marker::PhantomData;

/// What one resolved action did, in a ruleset's words.
///
/// A ruleset implements this next to [`Ruleset`] to take part in exact
/// odds; the features it names (`hit`, `injury`, `knockdown`...) are what
/// `fray odds --action` tabulates.
pub trait ActionEffects: Ruleset {
    /// Named integer features of one outcome of `action` by `actor`: `before`
    /// is the state at the start of the actor's turn, `after` the state once
    /// the action is resolved, `events` what the resolution emitted. Features
    /// left out count as 0, so a ruleset may name only what happened.
    fn effects(
        before: &Self::State,
        after: &Self::State,
        actor: CombatantId,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> Vec<(&'static str, i64)>;

    /// How a decision taken by the AI reads in the output. The default names
    /// the addressee and the answer; rulesets may say more (the value of the
    /// defense chosen).
    fn describe_decision(
        state: &Self::State,
        question: &Self::Question,
        answer: &Self::Answer,
    ) -> String {
        format!(
            "{}: {answer}",
            Self::addressee_name(state, Self::addressee(question))
        )
    }
}

/// Limits of one enumeration.
#[derive(Clone, Debug)]
pub struct OddsOptions {
    /// The most leaves (complete sequences of roll outcomes) to visit before
    /// giving up: the tree of an action can explode (many exploding dice).
    pub max_leaves: u64,
    /// Explosions are truncated once their remaining mass is below this;
    /// the cut-off mass is reported as leftover.
    pub tolerance: Prob,
    /// The most rolls one resolution may make (guards against a ruleset
    /// that loops, say, rolling until a success).
    pub max_rolls_per_run: usize,
    /// The most `next` calls before the actor's turn (turns passed by others).
    pub max_turns: usize,
}

/// The default cap on leaves.
pub const DEFAULT_MAX_LEAVES: u64 = 2_000_000;

impl Default for OddsOptions {
    fn default() -> Self {
        OddsOptions {
            max_leaves: DEFAULT_MAX_LEAVES,
            tolerance: Prob::new(1.into(), 1_000_000_000_000i64.into()),
            max_rolls_per_run: 10_000,
            max_turns: 1_000,
        }
    }
}

/// Why the odds could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    /// The rules do not allow the action now.
    #[error("{actor} cannot do that now: {reason}")]
    Illegal {
        /// The actor's name.
        actor: String,
        /// Why not.
        reason: String,
    },
    /// The tree has more leaves than allowed.
    #[error(
        "the action has more than {0} possible roll sequences; refusing to enumerate them all (use a simpler action, or sample it with a simulation)"
    )]
    TooManyLeaves(u64),
    /// The fight is over before the actor's turn.
    #[error("the fight is already over: nobody acts")]
    Over,
    /// The actor never got a turn.
    #[error("{0} does not get a turn (unable to act?)")]
    NoTurn(String),
    /// Who acts first depends on the dice, and no actor was named.
    #[error("who acts first depends on the dice ({0}); name the actor")]
    AmbiguousActor(String),
    /// The resolution stopped (bad input, a ruleset that waits for a person).
    #[error("the resolution stopped: {0}")]
    Stopped(String),
    /// The resolution did not repeat itself when replayed with the same dice.
    #[error("the resolution is not deterministic: {0}")]
    NotDeterministic(String),
    /// One resolution made more rolls than allowed (a ruleset that loops).
    #[error("more than {0} rolls in one resolution")]
    TooManyRolls(usize),
    /// The dice of a request cannot be enumerated.
    #[error("{kind}: {error}")]
    Dice {
        /// The dice.
        kind: RollKind,
        /// Why not.
        error: fray_dice::DiceError,
    },
    /// A roll kind with nothing to enumerate.
    #[error("{0} has no outcome to enumerate")]
    NoOutcome(RollKind),
}

/// The exact distribution of one named feature.
#[derive(Clone, Debug, PartialEq)]
pub struct Feature {
    /// The ruleset's name for it (`hit`, `injury`...).
    pub name: &'static str,
    /// Value -> probability, ascending by value (0 included when possible).
    pub distribution: Vec<(i64, Prob)>,
    /// Probability that the value is not 0.
    pub p_nonzero: Prob,
    /// Mean over the enumerated mass: `sum(v p(v)) / (1 - leftover)`.
    pub mean: Prob,
}

/// The exact odds of one declared action.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionOdds {
    /// Who acts.
    pub actor: CombatantId,
    /// Its name.
    pub actor_name: String,
    /// The action, in the ruleset's words.
    pub action: String,
    /// One entry per feature, in the order the ruleset first named them.
    pub features: Vec<Feature>,
    /// Joint outcomes: the non-zero features of each distinct outcome, with
    /// its probability, most likely first.
    pub outcomes: Vec<(Vec<(&'static str, i64)>, Prob)>,
    /// Decisions the AI took, each with the probability it was taken, in
    /// the order first met.
    pub decisions: Vec<(String, Prob)>,
    /// Leaves of the action's tree (complete sequences of roll outcomes),
    /// summed over the distinct start states.
    pub leaves: u64,
    /// Probability mass cut off by truncated explosions (0 for plain dice).
    pub leftover: Prob,
}

fn zero() -> Prob {
    Prob::from_integer(0.into())
}

fn one() -> Prob {
    Prob::from_integer(1.into())
}

/// A path weight. Products of dice probabilities have small denominators
/// (216 per 3d6), so weights stay exact machine integers `num / den` on the
/// hot path and fall back to big rationals only when a product overflows.
#[derive(Clone, Debug)]
enum Weight {
    /// `num / den`, not necessarily reduced.
    Int(u128, u128),
    /// Anything larger.
    Big(Prob),
}

impl Weight {
    fn of(p: &Prob) -> Weight {
        match (u128::try_from(p.numer()), u128::try_from(p.denom())) {
            (Ok(n), Ok(d)) if d > 0 => Weight::Int(n, d),
            _ => Weight::Big(p.clone()),
        }
    }

    fn prob(&self) -> Prob {
        match self {
            Weight::Int(n, d) => Prob::new((*n).into(), (*d).into()),
            Weight::Big(p) => p.clone(),
        }
    }

    /// This weight times outcome `idx` of `kind`.
    fn times(&self, kind: &Kind, idx: usize) -> Weight {
        if let (Weight::Int(n, d), Some((nums, den))) = (self, &kind.ints)
            && let (Some(a), Some(b)) = (
                nums.get(idx).and_then(|m| n.checked_mul(*m)),
                d.checked_mul(*den),
            )
        {
            return Weight::Int(a, b);
        }
        let p = kind.probs.get(idx).cloned().unwrap_or_else(zero);
        Weight::Big(self.prob() * p)
    }
}

/// A sum of weights: integer numerators per denominator, big otherwise.
#[derive(Clone, Debug)]
struct Acc {
    ints: Vec<(u128, u128)>,
    big: Prob,
}

impl Acc {
    fn new() -> Acc {
        Acc {
            ints: Vec::new(),
            big: zero(),
        }
    }

    fn add(&mut self, w: &Weight) {
        match w {
            Weight::Int(n, d) => {
                let full = self.ints.len() >= 64;
                match self.ints.iter_mut().find(|(den, _)| den == d) {
                    Some((_, sum)) => match sum.checked_add(*n) {
                        Some(x) => *sum = x,
                        None => self.big += w.prob(),
                    },
                    None if !full => self.ints.push((*d, *n)),
                    None => self.big += w.prob(),
                }
            }
            Weight::Big(p) => self.big += p,
        }
    }

    fn prob(&self) -> Prob {
        let mut p = self.big.clone();
        for (d, n) in &self.ints {
            p += Prob::new((*n).into(), (*d).into());
        }
        p
    }
}

/// The exact outcomes of one roll kind, with integer numerators over a
/// common denominator when they fit.
struct Kind {
    kind: RollKind,
    rolled: Vec<Rolled>,
    probs: Vec<Prob>,
    ints: Option<(Vec<u128>, u128)>,
    leftover: Prob,
}

impl Kind {
    fn new(kind: RollKind, o: Outcomes) -> Kind {
        let (rolled, probs): (Vec<Rolled>, Vec<Prob>) = o.outcomes.into_iter().unzip();
        Kind {
            kind,
            ints: Self::integers(&probs),
            rolled,
            probs,
            leftover: o.leftover,
        }
    }

    fn integers(probs: &[Prob]) -> Option<(Vec<u128>, u128)> {
        fn gcd(mut a: u128, mut b: u128) -> u128 {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        }
        let mut den: u128 = 1;
        for p in probs {
            let d = u128::try_from(p.denom()).ok()?;
            den = (den / gcd(den, d)).checked_mul(d)?;
        }
        let nums = probs
            .iter()
            .map(|p| {
                let n = u128::try_from(p.numer()).ok()?;
                let d = u128::try_from(p.denom()).ok()?;
                n.checked_mul(den / d)
            })
            .collect::<Option<Vec<u128>>>()?;
        Some((nums, den))
    }
}

/// One roll on the current path: which kind (index into the walk's kinds),
/// which outcome, and the weight of the path up to and including it.
struct Node {
    kind: usize,
    idx: usize,
    weight: Weight,
}

/// The depth-first walk over roll outcomes shared by every run.
struct Walk {
    path: Vec<Node>,
    base: Weight,
    /// Kinds met so far; few, so a linear search beats hashing.
    kinds: Vec<Kind>,
    leftover: Prob,
    leaves: u64,
    opts: OddsOptions,
}

impl Walk {
    fn new(opts: &OddsOptions) -> Self {
        Walk {
            path: Vec::new(),
            base: Weight::Int(1, 1),
            kinds: Vec::new(),
            leftover: zero(),
            leaves: 0,
            opts: opts.clone(),
        }
    }

    /// Starts a fresh tree whose leaves are scaled by `base`.
    fn reset(&mut self, base: &Prob) {
        self.path.clear();
        self.base = Weight::of(base);
    }

    fn weight(&self) -> &Weight {
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
        self.kinds.push(Kind::new(kind, o));
        Ok(self.kinds.len() - 1)
    }

    /// The answer to roll number `depth` of a run.
    fn roll(&mut self, depth: usize, kind: RollKind) -> Result<Rolled, OddsError> {
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

    /// Moves to the next leaf; `false` when the tree is done.
    fn advance(&mut self) -> bool {
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
    fn explore<T>(
        &mut self,
        mut run: impl FnMut(&mut Walk) -> Result<T, OddsError>,
        mut leaf: impl FnMut(T, &Weight),
    ) -> Result<(), OddsError> {
        loop {
            self.leaves += 1;
            if self.leaves > self.opts.max_leaves {
                return Err(OddsError::TooManyLeaves(self.opts.max_leaves));
            }
            let t = run(self)?;
            leaf(t, self.weight());
            if !self.advance() {
                return Ok(());
            }
        }
    }
}

/// The oracle of one run: rolls from the walk, choices from the AI.
struct EnumOracle<'w, R: ActionEffects> {
    walk: &'w mut Walk,
    depth: usize,
    decisions: Vec<String>,
    /// The walk's own error, kept so it is not confused with the ruleset's.
    error: Option<OddsError>,
    _ruleset: PhantomData<fn() -> R>,
}

impl<'w, R: ActionEffects> EnumOracle<'w, R> {
    fn new(walk: &'w mut Walk) -> Self {
        EnumOracle {
            walk,
            depth: 0,
            decisions: Vec::new(),
            error: None,
            _ruleset: PhantomData,
        }
    }

    /// The error that stopped a run: the walk's if it had one.
    fn stopped(&mut self, e: Halt<R>) -> OddsError {
        self.error
            .take()
            .unwrap_or_else(|| OddsError::Stopped(e.to_string()))
    }

    /// Checks that a completed run consumed exactly the forced prefix.
    fn finish(&self) -> Result<(), OddsError> {
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

impl<R: ActionEffects> Oracle<R> for EnumOracle<'_, R> {
    fn roll(&mut self, _state: &R::State, req: &RollRequest) -> Flow<Rolled, R> {
        let depth = self.depth;
        self.depth += 1;
        self.walk.roll(depth, req.kind).map_err(|e| {
            let halt = Halt::BadInput(InputError::Oracle(e.to_string()));
            self.error = Some(e);
            halt
        })
    }

    fn answer(&mut self, state: &R::State, question: &R::Question) -> Flow<R::Answer, R> {
        let answer = R::ai_answer(state, question);
        self.decisions
            .push(R::describe_decision(state, question, &answer));
        Ok(answer)
    }

    fn action(&mut self, state: &R::State, actor: CombatantId) -> Flow<R::Action, R> {
        Ok(R::ai_action(state, actor))
    }
}

/// A distinct state at the start of the actor's turn, with its probability.
struct Start<S> {
    state: S,
    actor: CombatantId,
    weight: Prob,
    decisions: Vec<String>,
}

/// Adds `w` to the entry `key` of an insertion-ordered list.
fn add_to<K: PartialEq + Clone>(list: &mut Vec<(K, Prob)>, key: &K, w: &Prob) {
    match list.iter_mut().find(|(k, _)| k == key) {
        Some((_, p)) => *p += w,
        None => list.push((key.clone(), w.clone())),
    }
}

/// Adds `w` to the entry `key` of an insertion-ordered list of sums.
fn add_acc(list: &mut Vec<(String, Acc)>, key: &String, w: &Weight) {
    match list.iter_mut().find(|(k, _)| k == key) {
        Some((_, acc)) => acc.add(w),
        None => {
            let mut acc = Acc::new();
            acc.add(w);
            list.push((key.clone(), acc));
        }
    }
}

/// The exact odds of `action` declared on the actor's next turn from
/// `start` (a scenario's starting state, say).
///
/// `actor` `None` means whoever acts first; that is an error when the dice
/// decide who acts first. Turns of others before the actor's pass without
/// an action.
pub fn action_odds<R: ActionEffects>(
    start: &R::State,
    actor: Option<CombatantId>,
    action: &R::Action,
    opts: &OddsOptions,
) -> Result<ActionOdds, OddsError> {
    let mut walk = Walk::new(opts);
    let starts = turn_starts::<R>(&mut walk, start, actor, opts)?;
    let first = starts
        .first()
        .map(|s| s.actor)
        .ok_or_else(|| OddsError::Stopped("no start state".into()))?;
    if starts.iter().any(|s| s.actor != first) {
        let mut by_actor: Vec<(CombatantId, Prob)> = Vec::new();
        for s in &starts {
            add_to(&mut by_actor, &s.actor, &s.weight);
        }
        let words: Vec<String> = by_actor
            .iter()
            .map(|(a, p)| {
                format!(
                    "{} first with probability {p}",
                    R::name(&starts[0].state, *a)
                )
            })
            .collect();
        return Err(OddsError::AmbiguousActor(words.join(", ")));
    }
    fold::<R>(&mut walk, starts, action)
}

/// The exact odds of `action` by `actor` resolved right now in `state`
/// (which must already be at the start of the actor's turn: no `next`).
pub fn resolve_odds<R: ActionEffects>(
    state: &R::State,
    actor: CombatantId,
    action: &R::Action,
    opts: &OddsOptions,
) -> Result<ActionOdds, OddsError> {
    let mut walk = Walk::new(opts);
    let starts = vec![Start {
        state: state.clone(),
        actor,
        weight: one(),
        decisions: Vec::new(),
    }];
    fold::<R>(&mut walk, starts, action)
}

/// Enumerates `next` until the actor's turn; merges identical start states.
fn turn_starts<R: ActionEffects>(
    walk: &mut Walk,
    start: &R::State,
    actor: Option<CombatantId>,
    opts: &OddsOptions,
) -> Result<Vec<Start<R::State>>, OddsError> {
    let mut starts: Vec<Start<R::State>> = Vec::new();
    let mut keys: HashMap<Vec<u8>, usize> = HashMap::new();
    walk.reset(&one());
    walk.explore(
        |walk| {
            let mut state = start.clone();
            let mut oracle = EnumOracle::<R>::new(walk);
            let mut sink = NullSink;
            let mut who = None;
            let mut stop = None;
            {
                let mut cx = Ctx::<R, _, _>::new(&mut oracle, &mut sink);
                for _ in 0..opts.max_turns.max(1) {
                    match R::next(&mut state, &mut cx) {
                        Ok(Next::Act(w)) if actor.is_none_or(|a| a == w) => {
                            who = Some(w);
                            break;
                        }
                        Ok(Next::Act(_)) => {}
                        Ok(Next::Over(_)) => return Err(OddsError::Over),
                        Err(e) => {
                            stop = Some(e);
                            break;
                        }
                    }
                }
            }
            if let Some(e) = stop {
                return Err(oracle.stopped(e));
            }
            oracle.finish()?;
            let who = who.ok_or_else(|| {
                OddsError::NoTurn(
                    actor.map_or_else(|| "nobody".to_string(), |a| R::name(start, a).to_string()),
                )
            })?;
            Ok((state, who, oracle.decisions))
        },
        |(state, who, decisions), w| {
            // Identical states (the usual case after a tie roll) merge. The
            // key is the state's compact binary form: many thousand roll
            // sequences (turn-order ties of several figures) end in a
            // handful of states, and JSON was most of the time spent. A
            // state postcard cannot write (a sequence of unknown length)
            // gets an empty key and merges with nothing: slower, still exact.
            let key = postcard::to_stdvec(&(&state, who)).unwrap_or_default();
            match keys.get(&key) {
                Some(&i) if !key.is_empty() => starts[i].weight += w.prob(),
                _ => {
                    keys.insert(key, starts.len());
                    starts.push(Start {
                        state,
                        actor: who,
                        weight: w.prob(),
                        decisions,
                    });
                }
            }
        },
    )?;
    Ok(starts)
}

/// Resolves the action from every start state over every roll outcome and
/// folds the leaves into distributions.
fn fold<R: ActionEffects>(
    walk: &mut Walk,
    starts: Vec<Start<R::State>>,
    action: &R::Action,
) -> Result<ActionOdds, OddsError> {
    let actor = starts
        .first()
        .map(|s| s.actor)
        .ok_or_else(|| OddsError::Stopped("no start state".into()))?;
    let actor_name = R::name(&starts[0].state, actor).to_string();
    let mut names: Vec<&'static str> = Vec::new();
    let mut joint: BTreeMap<Vec<(&'static str, i64)>, Acc> = BTreeMap::new();
    let mut decisions: Vec<(String, Acc)> = Vec::new();
    let leaves_before = walk.leaves;
    for start in &starts {
        R::check_action(&start.state, start.actor, action).map_err(|e| OddsError::Illegal {
            actor: actor_name.clone(),
            reason: e.reason,
        })?;
        for d in &start.decisions {
            add_acc(&mut decisions, d, &Weight::of(&start.weight));
        }
        walk.reset(&start.weight);
        walk.explore(
            |walk| {
                let mut state = start.state.clone();
                let mut oracle = EnumOracle::<R>::new(walk);
                let mut sink = VecSink::default();
                let result = {
                    let mut cx = Ctx::<R, _, _>::new(&mut oracle, &mut sink);
                    R::resolve(&mut state, start.actor, action, &mut cx)
                };
                if let Err(e) = result {
                    return Err(oracle.stopped(e));
                }
                oracle.finish()?;
                let effects = R::effects(&start.state, &state, start.actor, action, &sink.events);
                Ok((effects, oracle.decisions))
            },
            |(effects, leaf_decisions), w| {
                let mut key: Vec<(&'static str, i64)> = Vec::with_capacity(effects.len());
                for (name, v) in effects {
                    if !names.contains(&name) {
                        names.push(name);
                    }
                    if v != 0 {
                        match key.iter_mut().find(|(n, _)| *n == name) {
                            Some((_, old)) => *old = old.saturating_add(v),
                            None => key.push((name, v)),
                        }
                    }
                }
                key.sort_unstable();
                joint.entry(key).or_insert_with(Acc::new).add(w);
                let mut seen: Vec<&String> = Vec::new();
                for d in &leaf_decisions {
                    if !seen.contains(&d) {
                        seen.push(d);
                        add_acc(&mut decisions, d, w);
                    }
                }
            },
        )?;
    }
    let joint: BTreeMap<Vec<(&'static str, i64)>, Prob> =
        joint.into_iter().map(|(k, acc)| (k, acc.prob())).collect();
    let decisions: Vec<(String, Prob)> = decisions
        .into_iter()
        .map(|(d, acc)| (d, acc.prob()))
        .collect();
    let total = one() - &walk.leftover;
    let features = names
        .iter()
        .map(|&name| marginal(name, &joint, &total))
        .collect();
    let mut outcomes: Vec<(Vec<(&'static str, i64)>, Prob)> = joint.into_iter().collect();
    // Most likely first; ties keep the key order, so the output is stable.
    outcomes.sort_by(|a, b| b.1.cmp(&a.1));
    Ok(ActionOdds {
        actor,
        actor_name,
        action: action.to_string(),
        features,
        outcomes,
        decisions,
        leaves: walk.leaves - leaves_before,
        leftover: walk.leftover.clone(),
    })
}

/// The distribution of one feature out of the joint outcomes.
fn marginal(
    name: &'static str,
    joint: &BTreeMap<Vec<(&'static str, i64)>, Prob>,
    total: &Prob,
) -> Feature {
    let mut dist: BTreeMap<i64, Prob> = BTreeMap::new();
    for (key, p) in joint {
        let v = key.iter().find(|(n, _)| *n == name).map_or(0, |&(_, v)| v);
        *dist.entry(v).or_insert_with(zero) += p;
    }
    let mut p_nonzero = zero();
    let mut sum = zero();
    for (&v, p) in &dist {
        if v != 0 {
            p_nonzero += p;
            sum += p * Prob::from_integer(v.into());
        }
    }
    let mean = if *total == zero() {
        zero()
    } else {
        sum / total
    };
    Feature {
        name,
        distribution: dist.into_iter().collect(),
        p_nonzero,
        mean,
    }
}

impl ActionOdds {
    /// The feature with this name, if the ruleset named it.
    pub fn feature(&self, name: &str) -> Option<&Feature> {
        self.features.iter().find(|f| f.name == name)
    }

    /// P(feature != 0), 0 when the feature was never named.
    pub fn p(&self, name: &str) -> Prob {
        self.feature(name)
            .map_or_else(zero, |f| f.p_nonzero.clone())
    }
}

impl Feature {
    /// P(value = v).
    pub fn p_eq(&self, v: i64) -> Prob {
        self.distribution
            .iter()
            .find(|(x, _)| *x == v)
            .map_or_else(zero, |(_, p)| p.clone())
    }
}

impl fmt::Display for ActionOdds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: {}", self.actor_name, self.action)?;
        for feat in &self.features {
            writeln!(
                f,
                "  P({} != 0) = {}, mean {}",
                feat.name, feat.p_nonzero, feat.mean
            )?;
        }
        for (d, p) in &self.decisions {
            writeln!(f, "  decision (P {p}): {d}")?;
        }
        Ok(())
    }
}
