//! What a fight of a ruleset is made of: its identity, its types, and what
//! anyone may read of its state (names, the roster, pools for the
//! simulator's statistics, who controls whom). The core's plumbing (the
//! context, halts, overrides) needs only this trait, so it depends on no
//! rule.

use crate::controller::{Addressee, Controller, Seats};
use crate::ids::{CombatantId, SideId};
use crate::ruleset::types::{
    CombatantView, CounterSpec, FigureStatus, FigureTally, MAX_COUNTERS, MAX_POOLS, PoolSpec,
    PoolView, Pools, Tally,
};
use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::{Debug, Display};

/// A ruleset's identity, its types and the reading of its state.
pub trait Fight: Sized + Copy + Debug + PartialEq + Default + Send + Sync + 'static {
    /// The ruleset id used in scenario files (`ruleset = "gurps"`).
    const ID: &'static str;
    /// A human name.
    const NAME: &'static str;
    /// The pools every combatant has, in the order [`Tally::pools`] and
    /// [`CombatantView::pools`] use (HP and FP for GURPS). At most [`MAX_POOLS`].
    const POOLS: &'static [PoolSpec];
    /// What the simulator counts per combatant, in [`Tally::counters`]
    /// order (knockdowns, stuns...). At most [`MAX_COUNTERS`].
    const COUNTERS: &'static [CounterSpec];
    /// Actions as people type them at the table (inline TOML), for help
    /// texts. The first is one any combatant able to act may declare at the
    /// start of a fight (a pass such as GURPS's `do_nothing`): tests and
    /// examples rely on it.
    const ACTION_EXAMPLES: &'static [&'static str];
    /// Fails to compile wherever a ruleset declaring more pools or counters
    /// than a [`Tally`] holds is instantiated (the simulator and the front
    /// ends name it), so the fixed arrays can never silently drop one.
    const DECLARATIONS_FIT: () = assert!(
        Self::POOLS.len() <= MAX_POOLS && Self::COUNTERS.len() <= MAX_COUNTERS,
        "a ruleset declares more pools or counters than a Tally holds"
    );

    /// The scenario file, as deserialized (unknown keys are errors).
    type Scenario: DeserializeOwned + JsonSchema;
    /// The whole state of a fight: plain data, shared read-only by the
    /// simulator's threads (hence `Send + Sync`).
    type State: Clone + Debug + Serialize + Send + Sync;
    /// What a combatant declares on its turn. `Send + Sync`, as every
    /// associated type: a table of any ruleset moves between a server's
    /// threads.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display + Send + Sync;
    /// A typed question for one controller (which defense? retreat?).
    type Question: Clone + Debug + Serialize + Display + Send + Sync;
    /// The answer to a [`Fight::Question`].
    type Answer: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display + Send + Sync;
    /// One entry of the audit trail.
    type Event: Clone + Debug + Serialize + Display + Send + Sync;

    /// The controller of a combatant.
    fn controller(state: &Self::State, who: CombatantId) -> &Controller;

    /// Who answers for each side and for the game master.
    fn seats(state: &Self::State) -> &Seats;

    /// The figure that leads `side` (rolls its initiative, answers for it
    /// when no controller is named for the side). The default is the
    /// side's first combatant in scenario order.
    fn leader(state: &Self::State, side: SideId) -> Option<CombatantId> {
        Self::roster(state)
            .into_iter()
            .find(|c| c.side == side)
            .map(|c| c.id)
    }

    /// Whom `who` names, in words: a combatant's or side's name, or "the game master".
    fn addressee_name(state: &Self::State, who: Addressee) -> String {
        match who {
            Addressee::Combatant(c) => Self::name(state, c).to_string(),
            Addressee::Side(side) => Self::roster(state)
                .into_iter()
                .find(|c| c.side == side)
                .map_or_else(|| format!("side {}", side.0), |c| c.side_name),
            Addressee::GameMaster => "the game master".to_string(),
        }
    }

    /// The controller that answers a question addressed to `who`: a
    /// combatant's own, a side's (the scenario's, else its leader's) or the GM's.
    fn controller_of(state: &Self::State, who: Addressee) -> &Controller {
        match who {
            Addressee::Combatant(c) => Self::controller(state, c),
            Addressee::Side(side) => match Self::seats(state).side(side) {
                Some(c) => c,
                None => match Self::leader(state, side) {
                    Some(l) => Self::controller(state, l),
                    None => &Self::seats(state).gm,
                },
            },
            Addressee::GameMaster => &Self::seats(state).gm,
        }
    }

    /// A combatant's name, for narration and input scripts.
    fn name(state: &Self::State, who: CombatantId) -> &str;

    /// `who`'s side.
    fn side(state: &Self::State, who: CombatantId) -> SideId;

    /// The sides' names, in id order.
    fn side_names(state: &Self::State) -> &[String];

    /// `who`'s pools, (now, maximum) pairs in [`Fight::POOLS`] order.
    fn pools(state: &Self::State, who: CombatantId) -> Pools;

    /// What a status line shows of `who` beside its name, side and pools:
    /// its vitality, conditions and position in the ruleset's words.
    fn status(state: &Self::State, who: CombatantId) -> FigureStatus;

    /// What the simulator counts of `who` at a fight's end: the
    /// [`Fight::COUNTERS`] in order, injury dealt and taken, down, dead.
    /// Must not allocate: the simulator calls it once per figure and fight.
    fn figure_tally(state: &Self::State, who: CombatantId) -> FigureTally;

    /// Ruleset-neutral views of every combatant, in id order.
    fn roster(state: &Self::State) -> Vec<CombatantView> {
        Self::ids(state)
            .map(|id| {
                let side = Self::side(state, id);
                let status = Self::status(state, id);
                CombatantView {
                    id,
                    name: Self::name(state, id).to_string(),
                    side,
                    side_name: Self::side_names(state)
                        .get(side.index())
                        .cloned()
                        .unwrap_or_default(),
                    pools: PoolView::declared::<Self>(Self::pools(state, id).as_slice()),
                    vitality: status.vitality,
                    conditions: status.conditions,
                    position: status.position,
                }
            })
            .collect()
    }

    /// Figures for simulation statistics, one per combatant in id order
    /// (as many as `out` holds), pools and counters in the declared order
    /// ([`Fight::POOLS`], [`Fight::COUNTERS`]). Allocates nothing.
    fn tally(state: &Self::State, out: &mut [Tally]) {
        for (t, id) in out.iter_mut().zip(Self::ids(state)) {
            *t = Tally::of(
                Self::side(state, id),
                Self::pools(state, id),
                Self::figure_tally(state, id),
            );
        }
    }

    /// Number of combatants.
    fn combatants(state: &Self::State) -> usize;

    /// Every combatant's id, in order.
    fn ids(state: &Self::State) -> impl Iterator<Item = CombatantId> + Clone {
        CombatantId::all(Self::combatants(state))
    }

    /// The round counter (for reports and round limits).
    fn round(state: &Self::State) -> u32;
}

impl PoolView {
    /// One figure's pools labelled in `R`'s declaration order
    /// ([`Fight::POOLS`]), from its (now, maximum) pairs in that order.
    pub fn declared<R: Fight>(values: &[(i32, i32)]) -> Vec<PoolView> {
        R::POOLS
            .iter()
            .zip(values)
            .map(|(spec, &(current, max))| PoolView {
                label: spec.label,
                current,
                max,
            })
            .collect()
    }
}

// Here rather than beside `Tally`, so that the plain data depends on no
// trait.
impl Tally {
    /// The pool labelled `label` in `R`'s declaration: (now, maximum).
    pub fn pool<R: Fight>(&self, label: &str) -> Option<(i32, i32)> {
        let i = R::POOLS.iter().position(|p| p.label == label)?;
        Some((*self.pools.get(i)?, *self.pool_max.get(i)?))
    }

    /// The counter with id `id` in `R`'s declaration.
    pub fn counter<R: Fight>(&self, id: &str) -> Option<u32> {
        let i = R::COUNTERS.iter().position(|c| c.id == id)?;
        self.counters.get(i).copied()
    }
}
