//! The enumerations themselves: the states a turn starts from, the actions
//! before the measured one, and the measured action folded into exact
//! distributions.

use super::answers::{Answers, Word};
use super::merge::{Key, Memo};
use super::oracle::{EnumOracle, Measured, feature_key};
use super::resume::Snapshots;
use super::walk::{Walk, Walked};
use super::weight::{Acc, Weight, one, zero};
use super::{ActionEffects, ActionOdds, Feature, OddsError, OddsOptions, ResumeAt};
use crate::ctx::Ctx;
use crate::event::{EventSink, NullSink};
use crate::halt::Halt;
use crate::ids::CombatantId;
use crate::ruleset::Next;
use fray_dice::Prob;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// A distinct state the measured action may start from, with its probability.
pub(super) struct Start<S> {
    pub(super) state: S,
    pub(super) actor: CombatantId,
    pub(super) weight: Prob,
    pub(super) decisions: Vec<Word>,
}

/// Start states merged by their keys: a tie roll that only decides who
/// goes first, or a first action whose outcomes come to the same few
/// states, does not multiply the work. A key is the ruleset's merge key
/// next to the scenario's state ([`ActionEffects::write_key`]), so it
/// holds what changed rather than the whole field.
struct Starts<'a, R: ActionEffects> {
    origin: &'a R::State,
    list: Vec<Start<R::State>>,
    keys: HashMap<Vec<u8>, usize>,
}

impl<'a, R: ActionEffects> Starts<'a, R> {
    fn new(origin: &'a R::State) -> Self {
        Starts {
            origin,
            list: Vec::new(),
            keys: HashMap::new(),
        }
    }

    /// Adds a state reached with `weight`; returns the work it costs: a
    /// new state kept costs [`super::FIGURE_WORK`] a figure (the budget
    /// bounds the memory the kept states hold, whatever the size of the
    /// field), a state merged with one kept costs nothing.
    fn add(
        &mut self,
        state: R::State,
        actor: CombatantId,
        weight: Prob,
        decisions: Vec<Word>,
    ) -> u64 {
        // A state the ruleset cannot write gets an empty key and merges
        // with nothing: slower, still exact.
        let mut key = actor.0.to_le_bytes().to_vec();
        if !R::write_key(self.origin, &state, &mut key) {
            key.clear();
        }
        match self.keys.get(&key) {
            Some(&i) if !key.is_empty() => {
                let s = &mut self.list[i];
                s.weight += weight;
                for d in decisions {
                    if !s.decisions.contains(&d) {
                        s.decisions.push(d);
                    }
                }
                0
            }
            _ => {
                let figures = R::combatants(&state) as u64 * super::FIGURE_WORK;
                self.keys.insert(key, self.list.len());
                self.list.push(Start {
                    state,
                    actor,
                    weight,
                    decisions,
                });
                figures
            }
        }
    }
}

/// Start states, and whether the budget stopped the phase that made them
/// (the rest of the probability is then unexplored).
pub(super) type Starting<S> = (Vec<Start<S>>, bool);

/// Enumerates `next` until the actor's turn. Others' turns before it pass
/// without an action ([`Engine::pass_turn`]).
pub(super) fn turn_starts<R: ActionEffects>(
    walk: &mut Walk,
    start: &R::State,
    actor: Option<CombatantId>,
    opts: &OddsOptions,
) -> Result<Starting<R::State>, OddsError> {
    let mut starts = Starts::<R>::new(start);
    let mut answers = Answers::new(walk.reuse_answers());
    walk.begin_phase(false);
    walk.reset(&one());
    let walked = walk.explore(
        |walk| {
            let mut state = start.clone();
            let mut oracle = EnumOracle::<R>::new(walk, &mut answers, None);
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
                        Ok(Next::Act(other)) => R::pass_turn(&mut state, other),
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
        |walk, (state, who, decisions), w| {
            walk.work += starts.add(state, who, w.prob(), decisions);
        },
    )?;
    let capped = walked == Walked::Capped;
    if capped && starts.list.is_empty() {
        return Err(OddsError::TooManyLeaves(opts.max_leaves));
    }
    Ok((starts.list, capped))
}

/// The start states that go on after an action, whether the budget
/// stopped it, and the probability that the turn ended instead.
type AfterAction<S> = (Starting<S>, Prob);

/// Resolves `action` from every start state over every roll outcome, then
/// asks the ruleset for the same actor's next action of the turn: the
/// states the measured action starts from. Paths where the turn ends
/// instead (the fight is over, the actor fell) are dropped, and their
/// probability is returned with the states. When the budget runs out the
/// states found so far go on, and the rest of the probability is
/// unexplored.
pub(super) fn then_act<R: ActionEffects>(
    walk: &mut Walk,
    origin: &R::State,
    starts: Vec<Start<R::State>>,
    action: &R::Action,
    number: usize,
) -> Result<AfterAction<R::State>, OddsError> {
    let mut next_starts = Starts::<R>::new(origin);
    let mut ended = zero();
    let mut answers = Answers::new(walk.reuse_answers());
    let mut capped = false;
    walk.begin_phase(false);
    for start in &starts {
        check::<R>(start, action)?;
        walk.reset(&start.weight);
        let walked = walk.explore(
            |walk| {
                let mut state = start.state.clone();
                let mut oracle = EnumOracle::<R>::new(walk, &mut answers, None);
                let mut sink = NullSink;
                let next = {
                    let mut cx = Ctx::<R, _, _>::new(&mut oracle, &mut sink);
                    R::resolve(&mut state, start.actor, action, &mut cx)
                        .and_then(|()| R::next(&mut state, &mut cx))
                };
                let next = next.map_err(|e| oracle.stopped(e))?;
                oracle.finish()?;
                let goes_on = matches!(next, Next::Act(w) if w == start.actor);
                let mut decisions = start.decisions.clone();
                decisions.extend(oracle.decisions);
                Ok(goes_on.then_some((state, decisions)))
            },
            |walk, leaf, w| match leaf {
                Some((state, decisions)) => {
                    walk.work += next_starts.add(state, start.actor, w.prob(), decisions);
                }
                None => ended += w.prob(),
            },
        )?;
        if walked == Walked::Capped {
            capped = true;
            break;
        }
    }
    if capped && next_starts.list.is_empty() {
        return Err(OddsError::TooManyLeaves(walk.max_leaves()));
    }
    if next_starts.list.is_empty() {
        let actor = starts
            .first()
            .map_or_else(String::new, |s| R::name(&s.state, s.actor).to_string());
        return Err(OddsError::TurnEnded {
            actor,
            after: number,
        });
    }
    Ok(((next_starts.list, capped), ended))
}

/// The refusal of `action` in a start state, as an odds error.
fn check<R: ActionEffects>(start: &Start<R::State>, action: &R::Action) -> Result<(), OddsError> {
    R::check_action(&start.state, start.actor, action).map_err(|e| OddsError::Illegal {
        actor: R::name(&start.state, start.actor).to_string(),
        reason: e.to_string(),
    })
}

/// What one run of the measured action came to.
enum Leaf {
    /// It ran to the end.
    Done {
        features: Vec<(&'static str, i64)>,
        decisions: Vec<Word>,
    },
    /// It reached a checkpoint the walk already knows.
    Merged {
        memo: Rc<Memo>,
        decisions: Vec<Word>,
    },
}

/// The joint distribution being built.
#[derive(Default)]
struct Tables {
    names: Vec<&'static str>,
    /// By feature key id ([`super::merge::Keys`]).
    joint: Vec<Option<Acc>>,
    /// Decisions in the order first met, with the mass behind each.
    decisions: Vec<(Word, Acc)>,
    /// Where each decision word is in `decisions` (plus one; 0: not yet).
    at: Vec<usize>,
}

impl Tables {
    /// Adds one outcome with its features, the decisions behind it and its weight.
    fn add(&mut self, key: Key, decisions: &[Word], w: &Weight) {
        let i = key as usize;
        if self.joint.len() <= i {
            self.joint.resize_with(i + 1, || None);
        }
        self.joint[i].get_or_insert_with(Acc::new).add(w);
        for (i, d) in decisions.iter().enumerate() {
            if !decisions[..i].contains(d) {
                self.decision(*d, w);
            }
        }
    }

    /// Adds `w` to decision `d`'s mass, listing `d` the first time.
    fn decision(&mut self, d: Word, w: &Weight) {
        let i = d as usize;
        if self.at.len() <= i {
            self.at.resize(i + 1, 0);
        }
        if self.at[i] == 0 {
            self.decisions.push((d, Acc::new()));
            self.at[i] = self.decisions.len();
        }
        self.decisions[self.at[i] - 1].1.add(w);
    }

    fn name(&mut self, name: &'static str) {
        // Rulesets name their features with the same literals every time:
        // the pointers match before any text is compared.
        if !self.names.iter().any(|n| std::ptr::eq(*n, name)) && !self.names.contains(&name) {
            self.names.push(name);
        }
    }
}

/// Resolves the action from every start state over every roll outcome and
/// folds the leaves into distributions. Checkpoints merge identical states;
/// the budget of leaves gives a partial result that says how much it left
/// out (`capped_before`: an earlier phase already left some out).
pub(super) fn fold<R: ActionEffects>(
    walk: &mut Walk,
    (starts, capped_before): Starting<R::State>,
    action: &R::Action,
    ended: Prob,
) -> Result<ActionOdds, OddsError> {
    let actor = starts
        .first()
        .map(|s| s.actor)
        .ok_or_else(|| OddsError::Stopped("no start state".into()))?;
    let actor_name = R::name(&starts[0].state, actor).to_string();
    let mut tables = Tables::default();
    walk.begin_phase(true);
    let leaves_before = walk.leaves;
    let merged_before = walk.merge.merged;
    let mut capped = capped_before;
    let mut answers = Answers::new(walk.reuse_answers());
    let mut snapshots = Snapshots::<R>::new(walk.resumes());
    for start in &starts {
        check::<R>(start, action)?;
        for d in &start.decisions {
            tables.decision(*d, &Weight::of(&start.weight));
        }
        walk.reset(&start.weight);
        walk.merge.clear();
        snapshots.clear();
        let mut sink = Read::default();
        let walked = walk.explore(
            |walk| {
                run_once::<R>(
                    walk,
                    (&mut answers, &mut snapshots, &mut sink),
                    start,
                    action,
                )
            },
            |walk, leaf, w| record(walk, &mut tables, leaf, w),
        )?;
        if walked == Walked::Capped {
            capped = true;
            break;
        }
    }
    let joint: BTreeMap<Vec<(&'static str, i64)>, Prob> = tables
        .joint
        .into_iter()
        .enumerate()
        .filter_map(|(k, acc)| {
            let key = walk.keys.get(Key::try_from(k).ok()?).to_vec();
            Some((key, acc?.prob()))
        })
        .collect();
    let decisions: Vec<(String, Prob)> = tables
        .decisions
        .into_iter()
        .map(|(d, acc)| (walk.words.get(d).to_string(), acc.prob()))
        .collect();
    // The mass the leaves account for; the rest is leftover (truncated
    // explosions) or, when the cap stopped the walk, unexplored.
    let total = joint.values().fold(zero(), |acc, p| acc + p);
    let unexplored = if capped {
        one() - &total - &walk.leftover - &ended
    } else {
        zero()
    };
    let features = tables
        .names
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
        budget: walk.max_leaves(),
        merged: walk.merge.merged - merged_before,
        leftover: walk.leftover.clone(),
        unexplored,
        ended,
    })
}

/// The events of one run, kept for [`ActionEffects::effects`] and never
/// told: a ruleset may leave out what only narration reads
/// ([`crate::Cx::telling`]).
struct Read<E> {
    events: Vec<E>,
}

impl<E> Default for Read<E> {
    fn default() -> Self {
        Read { events: Vec::new() }
    }
}

impl<E> EventSink<E> for Read<E> {
    const ENABLED: bool = true;
    const TELLS: bool = false;
    fn push(&mut self, event: E) {
        self.events.push(event);
    }
    fn so_far(&self) -> &[E] {
        &self.events
    }
}

/// What one run reuses from the previous: the AI's answers, the snapshots
/// of the open resume points, and the event buffer.
type Reused<'a, R> = (
    &'a mut Answers<<R as crate::ruleset::Fight>::Answer>,
    &'a mut Snapshots<R>,
    &'a mut Read<<R as crate::ruleset::Fight>::Event>,
);

/// One resolution of the action along the walk's current path: from the
/// deepest open resume point of the path when there is one, from the start
/// of the action otherwise.
///
/// `sink` holds the previous run's events. A run resumed at a snapshot
/// keeps the first ones, up to the snapshot, instead of copying the
/// snapshot's: the previous run was inside the snapshot's subtree (it is
/// still open), so it passed the same point after the same rolls and,
/// resolution being deterministic, emitted the same events before it.
fn run_once<R: ActionEffects>(
    walk: &mut Walk,
    (answers, snapshots, sink): Reused<'_, R>,
    start: &Start<R::State>,
    action: &R::Action,
) -> Result<Leaf, OddsError> {
    let resumed = snapshots.deepest(&walk.merge).map(|s| {
        let resume = ResumeAt::from_record(s.step, Rc::clone(&s.record));
        let at = (resume, s.depth, s.ordinal + 1, s.decisions.clone());
        (at, s.state.clone(), s.events)
    });
    let (mut state, at) = match resumed {
        Some((at, state, events)) => {
            sink.events.truncate(events);
            (state, Some(at))
        }
        None => {
            sink.events.clear();
            (start.state.clone(), None)
        }
    };
    let measured = Measured {
        before: &start.state,
        actor: start.actor,
        action,
    };
    let mut oracle = EnumOracle::<R>::new(walk, answers, Some(measured)).with_snapshots(snapshots);
    let resume = at.map(|(resume, depth, ordinal, decisions)| {
        oracle.resumed(depth, ordinal, decisions);
        resume
    });
    let result = {
        let mut cx = Ctx::<R, _, _>::new(&mut oracle, sink);
        match &resume {
            Some(at) => R::resume(&mut state, start.actor, action, at, &mut cx),
            None => R::resolve(&mut state, start.actor, action, &mut cx),
        }
    };
    match result {
        Ok(()) => {}
        Err(Halt::Merged) => {
            if let Some(memo) = oracle.merged_at.take() {
                return Ok(Leaf::Merged {
                    memo,
                    decisions: oracle.decisions,
                });
            }
            return Err(OddsError::Stopped(
                "a checkpoint halted outside the odds".into(),
            ));
        }
        Err(e) => return Err(oracle.stopped(e)),
    }
    oracle.finish()?;
    let features = R::effects(&start.state, &state, start.actor, action, &sink.events);
    Ok(Leaf::Done {
        features,
        decisions: oracle.decisions,
    })
}

/// Adds one run's leaf (or the memo standing for a merged subtree) to the
/// tables and to the open checkpoints.
fn record(walk: &mut Walk, tables: &mut Tables, leaf: Leaf, w: &Weight) {
    match leaf {
        Leaf::Done {
            features,
            decisions,
        } => {
            for (name, _) in &features {
                tables.name(name);
            }
            let key = walk.keys.intern(feature_key(features));
            tables.add(key, &decisions, w);
            walk.merge.leaf(key, &decisions, w);
        }
        Leaf::Merged { memo, decisions } => {
            // The memo's leaves were recorded as leaves before, so their
            // features are named already.
            walk.work += memo.len() as u64 * w.work();
            let (leaves, leftover) = memo.scaled(w);
            let mut run = decisions.clone();
            for ((key, after), pw) in leaves {
                run.truncate(decisions.len());
                run.extend_from_slice(after);
                tables.add(*key, &run, &pw);
                walk.merge.leaf(*key, &run, &pw);
            }
            walk.merge.leftover(&leftover);
            walk.leftover += leftover;
        }
    }
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
