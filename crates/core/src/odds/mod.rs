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
//! first asks [`Engine::next`] (enumerating any rolls it makes, such as
//! turn-order ties or a roll-off) until it is the actor's turn; turns of
//! others before it pass without an action ([`Engine::pass_turn`]). A turn
//! may hold several actions: [`turn_odds`] resolves the actions declared
//! before the measured one (the first attack, then the second at -5),
//! enumerating their outcomes too. Start states that come out identical
//! (same serialized state) are merged, so a tie roll that only decides who
//! goes first does not multiply the work.
//!
//! Inside the measured action, identical states merge at the checkpoints
//! the ruleset marks ([`crate::Cx::checkpoint`], see `merge.rs`): every
//! parried blow or every hit that comes to the same state is explored once
//! from there. When a tree is still too big, the cap on leaves stops the
//! walk and the result says how much probability it left unexplored.
//!
//! Roll kinds carry their own exact distributions, so a roll-off repeated
//! until a tie breaks is one branch point over its conditional outcomes, and
//! a D100 read in bands branches over the bands, not over 100 numbers.

mod answers;
mod fold;
mod merge;
mod oracle;
mod resume;
mod walk;
mod weight;

use crate::ids::CombatantId;
use crate::ruleset::Ruleset;
use fold::{Start, fold, then_act, turn_starts};
use fray_dice::{Prob, RollKind};
use std::fmt;
use walk::Walk;
use weight::{one, zero};

/// What one resolved action did, in a ruleset's words.
///
/// A ruleset implements this next to [`Ruleset`] to take part in exact
/// odds; the features it names (`hit`, `injury`, `knockdown`...) are what
/// `fray odds --action` tabulates.
pub trait ActionEffects: Ruleset {
    /// Named integer features of one outcome of `action` by `actor`: `before`
    /// is the state at the start of the action, `after` the state once the
    /// action is resolved, `events` what the resolution emitted. Features
    /// left out count as 0, so a ruleset may name only what happened.
    ///
    /// Checkpoints ([`crate::Cx::checkpoint`]) also call it with the state
    /// and events so far, and merge paths whose features so far agree. So
    /// the features of a whole action must follow from the features so far
    /// and what happens after the checkpoint: counts of events, and
    /// differences between `before` and `after`, always do.
    fn effects(
        before: &Self::State,
        after: &Self::State,
        actor: CombatantId,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> Vec<(&'static str, i64)>;

    /// Writes `state`, as a checkpoint's merge key holds it, at the end of
    /// `out`; `false` when it cannot (that checkpoint then merges nothing:
    /// slower, still exact). Two states whose keys are equal must be the
    /// same as far as the rest of the action can tell.
    ///
    /// `start` is the state the measured action started from: it outlives
    /// every key of the walk below it, so a ruleset may write a part that
    /// is still the very same as there (an `Arc` shared with it, say) as a
    /// short reference to it. The default writes the whole state (postcard).
    fn write_key(start: &Self::State, state: &Self::State, out: &mut Vec<u8>) -> bool {
        let _ = start;
        let buf = std::mem::take(out);
        match postcard::to_extend(state, buf) {
            Ok(buf) => {
                *out = buf;
                true
            }
            Err(_) => false,
        }
    }

    /// Whether [`ActionEffects::resume`] continues an action from its resume
    /// points ([`crate::Cx::resume_point`]). Off by default: the odds then
    /// treat resume points as plain checkpoints and replay every sequence
    /// of rolls from the start of the action.
    const RESUMES: bool = false;

    /// Resolves the rest of `action` by `actor` from the resume point `at`
    /// ([`crate::Cx::resume_point`]: its step and its tag), in `state` as
    /// it was there: exactly what [`Engine::resolve`] does after that call
    /// (same rolls, questions, events and state changes). Called only when
    /// [`ActionEffects::RESUMES`] is set; a pinned test per ruleset compares
    /// the odds with and without resuming. The default does nothing.
    fn resume(
        state: &mut Self::State,
        actor: CombatantId,
        action: &Self::Action,
        at: &ResumeAt,
        cx: &mut impl crate::Cx<Self>,
    ) -> crate::Flow<(), Self> {
        let _ = (state, actor, action, at, cx);
        Ok(())
    }

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

/// Where a resumed run starts ([`ActionEffects::resume`]): the step and the
/// tag the resolution gave at that resume point ([`crate::Cx::resume_point`]).
#[derive(Clone)]
pub struct ResumeAt {
    step: u32,
    record: crate::oracle::Record,
}

impl ResumeAt {
    /// The resume point `step` whose tag was `tag` (rulesets' tests call
    /// `resume` directly with one).
    pub fn new<T: 'static>(step: u32, tag: T) -> Self {
        ResumeAt {
            step,
            record: std::rc::Rc::new(tag),
        }
    }

    pub(crate) fn from_record(step: u32, record: crate::oracle::Record) -> Self {
        ResumeAt { step, record }
    }

    /// The ruleset's name for the point.
    pub fn step(&self) -> u32 {
        self.step
    }

    /// The tag given at the point, as the type it was given as; an error
    /// names the step when it was another type (a ruleset's bug).
    pub fn record<T: 'static>(&self) -> Result<&T, crate::InputError> {
        self.record.downcast_ref::<T>().ok_or_else(|| {
            crate::InputError::Oracle(format!(
                "resume point {}: the tag is not a {}",
                self.step,
                std::any::type_name::<T>()
            ))
        })
    }
}

impl fmt::Debug for ResumeAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ResumeAt")
            .field("step", &self.step)
            .finish()
    }
}

/// Limits of one enumeration.
#[derive(Clone, Debug)]
pub struct OddsOptions {
    /// The budget of an enumeration, in leaves (complete sequences of roll
    /// outcomes), a run merged at a checkpoint counting one for each
    /// outcome it adds: the tree of an action can explode (many exploding
    /// dice). The phases share it (the rolls before the actor's turn and
    /// each earlier action may spend half of what is left, the measured
    /// action the rest); a phase that runs out stops, and the result is
    /// partial ([`ActionOdds::unexplored`]). Counted, never timed, so a
    /// result never depends on the machine.
    pub max_leaves: u64,
    /// Explosions are truncated once their remaining mass is below this;
    /// the cut-off mass is reported as leftover.
    pub tolerance: Prob,
    /// The most rolls one resolution may make (guards against a ruleset
    /// that loops, say, rolling until a success).
    pub max_rolls_per_run: usize,
    /// The most `next` calls before the actor's turn (turns passed by others).
    pub max_turns: usize,
    /// Reuse the AI's answers while a run replays the previous run's rolls
    /// (on by default; off only to check that reusing changes nothing).
    pub reuse_answers: bool,
    /// Restart runs at the deepest open resume point of their path
    /// ([`ActionEffects::resume`]) instead of replaying the action from its
    /// start (on by default; off only to check that resuming changes nothing).
    pub resume: bool,
}

/// The work one figure of a state the enumeration keeps costs the budget
/// (a start state, a resume point's snapshot): with the default budget,
/// the kept states hold at most about 60,000 figures, tens of megabytes,
/// on a field of any size.
pub const FIGURE_WORK: u64 = 16;

/// The default budget: about a second or two of work at most for any
/// scenario (docs/security.md), every bundled GURPS action complete.
pub const DEFAULT_MAX_LEAVES: u64 = 1_000_000;

impl Default for OddsOptions {
    fn default() -> Self {
        OddsOptions {
            max_leaves: DEFAULT_MAX_LEAVES,
            tolerance: Prob::new(1.into(), 1_000_000_000_000i64.into()),
            max_rolls_per_run: 10_000,
            max_turns: 1_000,
            reuse_answers: true,
            resume: true,
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
    /// A turn's earlier action ended the turn: the measured one never comes.
    #[error("{actor}'s turn ends after action {after}: no further action this turn")]
    TurnEnded {
        /// The actor's name.
        actor: String,
        /// How many actions it had declared.
        after: usize,
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
    /// The budget of the enumeration ([`OddsOptions::max_leaves`]).
    pub budget: u64,
    /// Runs that stopped at a checkpoint already explored.
    pub merged: u64,
    /// Probability mass cut off by truncated explosions (0 for plain dice).
    pub leftover: Prob,
    /// Probability mass the cap on leaves left unexplored (0 when the walk
    /// was complete): the distributions above then cover only the rest.
    pub unexplored: Prob,
    /// Probability that the turn ended before the measured action (an
    /// earlier action of the turn ended the fight or felled the actor):
    /// those paths have no outcome in the distributions above.
    pub ended: Prob,
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
    turn_odds::<R>(start, actor, &[], action, opts)
}

/// The exact odds of `action` declared after `earlier` in the same turn of
/// the actor (the second attack of a turn, after the first). The earlier
/// actions are resolved over all their outcomes; the features describe
/// `action` alone, from the state it starts in.
pub fn turn_odds<R: ActionEffects>(
    start: &R::State,
    actor: Option<CombatantId>,
    earlier: &[R::Action],
    action: &R::Action,
    opts: &OddsOptions,
) -> Result<ActionOdds, OddsError> {
    let mut walk = Walk::new(opts);
    let (mut starts, mut capped) = turn_starts::<R>(&mut walk, start, actor, opts)?;
    one_actor::<R>(&starts)?;
    let mut ended = zero();
    for (i, first) in earlier.iter().enumerate() {
        let ((next, stopped), lost) = then_act::<R>(&mut walk, start, starts, first, i + 1)?;
        starts = next;
        capped |= stopped;
        ended += lost;
    }
    fold::<R>(&mut walk, (starts, capped), action, ended)
}

/// The exact odds of `action` by `actor` resolved right now in `state`
/// (which must already be where the actor acts: no `next`; this may be in
/// the middle of its turn).
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
    fold::<R>(&mut walk, (starts, false), action, zero())
}

/// An error unless every start state has the same actor.
fn one_actor<R: ActionEffects>(starts: &[Start<R::State>]) -> Result<(), OddsError> {
    let first = starts
        .first()
        .map(|s| s.actor)
        .ok_or_else(|| OddsError::Stopped("no start state".into()))?;
    if starts.iter().all(|s| s.actor == first) {
        return Ok(());
    }
    let mut by_actor: Vec<(CombatantId, Prob)> = Vec::new();
    for s in starts {
        match by_actor.iter_mut().find(|(a, _)| *a == s.actor) {
            Some((_, p)) => *p += &s.weight,
            None => by_actor.push((s.actor, s.weight.clone())),
        }
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
    Err(OddsError::AmbiguousActor(words.join(", ")))
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
        if self.ended != zero() {
            writeln!(
                f,
                "  the turn ended before this action with probability {}",
                self.ended
            )?;
        }
        if self.unexplored != zero() {
            writeln!(
                f,
                "  partial: probability {} left unexplored after {} leaves",
                self.unexplored, self.leaves
            )?;
        }
        Ok(())
    }
}
