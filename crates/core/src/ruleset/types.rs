//! The plain data a ruleset and the core exchange: what happens next, how
//! a fight ended, why an action is refused, the pools and counters a
//! ruleset declares, the ruleset-neutral view of a combatant, and why a
//! scenario does not make sense. A leaf: the traits and the core's
//! drivers name these without naming each other.

use crate::ids::{CombatantId, SideId};
use serde::{Deserialize, Serialize};

/// What happens next in a fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Next {
    /// This combatant declares an action now.
    Act(CombatantId),
    /// The fight is over.
    Over(Outcome),
}

/// How a fight ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The side left standing, if exactly one is.
    pub winner: Option<SideId>,
    /// Why the fight stopped.
    pub reason: EndReason,
    /// The ruleset's round (turn, pulse) counter when it stopped.
    pub rounds: u32,
}

/// Why a fight stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Only one side can still fight.
    Victory,
    /// No side can fight any more.
    MutualDestruction,
    /// The scenario's round limit was reached.
    RoundLimit,
    /// The game master ended the fight ([`crate::Override::EndFight`]).
    Called,
}

/// A refusal: what the rules do not allow now, the rule that forbids it and why.
///
/// Front ends show the reason and the rule; code that must tell refusals
/// apart matches on `rule`, never on the words of `reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// The checklist ID of the rule that forbids it (`""` for plain input checks).
    pub rule: &'static str,
    /// Why, in words.
    pub reason: String,
}

impl Illegal {
    /// A refusal under `rule`.
    pub fn new(rule: &'static str, reason: impl Into<String>) -> Self {
        Illegal {
            rule,
            reason: reason.into(),
        }
    }

    /// A refusal of an input that fits no rule (a hex that was not offered).
    pub fn input(reason: impl Into<String>) -> Self {
        Self::new("", reason)
    }
}

/// The reason, then the rule in parentheses: `no FP left for Feverish Defense (G-EFF-005)`.
impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)?;
        if !self.rule.is_empty() {
            write!(f, " ({})", self.rule)?;
        }
        Ok(())
    }
}

impl std::error::Error for Illegal {}

/// Coarse health of a combatant, the same words for every ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vitality {
    /// Able to act.
    Active,
    /// Conscious but unable to act now (stunned, frozen).
    Stunned,
    /// Unconscious or otherwise incapacitated.
    Down,
    /// Dead.
    Dead,
}

impl Vitality {
    /// The coarse word for what a ruleset knows of a figure, the worst
    /// first: dead, else down, else stunned, else active.
    pub const fn judged(dead: bool, down: bool, stunned: bool) -> Self {
        if dead {
            Vitality::Dead
        } else if down {
            Vitality::Down
        } else if stunned {
            Vitality::Stunned
        } else {
            Vitality::Active
        }
    }
}

/// The most pools a ruleset may declare ([`crate::Fight::POOLS`]): the size of
/// [`Tally::pools`]. GURPS has two (HP, FP), DragonQuest two (EN, FT).
pub const MAX_POOLS: usize = 4;

/// The most counters a ruleset may declare ([`crate::Fight::COUNTERS`]): the
/// size of [`Tally::counters`].
pub const MAX_COUNTERS: usize = 8;

/// One pool a ruleset tracks for every combatant (HP, FP, EN, FT...), as
/// reports and status lines name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PoolSpec {
    /// A machine name for JSON and CSV columns (`hp`).
    pub id: &'static str,
    /// The short label of the rules (`HP`).
    pub label: &'static str,
    /// The long name (`Hit Points`).
    pub name: &'static str,
    /// Whether running out of it takes a combatant out of the fight or
    /// kills it (HP, DragonQuest's EN), rather than only hampering it
    /// (GURPS FP, DragonQuest's FT, whose loss moves on to the other pool).
    pub vital: bool,
}

impl PoolSpec {
    /// A pool whose loss takes a combatant out of the fight or kills it.
    pub const fn vital(id: &'static str, label: &'static str, name: &'static str) -> Self {
        PoolSpec {
            id,
            label,
            name,
            vital: true,
        }
    }
    /// A pool whose loss only hampers (and may move on to a vital pool).
    pub const fn hampering(id: &'static str, label: &'static str, name: &'static str) -> Self {
        PoolSpec {
            id,
            label,
            name,
            vital: false,
        }
    }
}

/// One thing a ruleset counts per combatant over a fight, for simulation
/// statistics (knockdowns, stuns, grievous injuries, criticals...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CounterSpec {
    /// A machine name for JSON and CSV columns (`knockdowns`).
    pub id: &'static str,
    /// The column heading (`Knockdowns`).
    pub label: &'static str,
    /// The checklist ID of the rule that produces it (`""` if none applies).
    pub rule: &'static str,
}

impl CounterSpec {
    /// A counter with its column id, heading and rule ID.
    pub const fn new(id: &'static str, label: &'static str, rule: &'static str) -> Self {
        CounterSpec { id, label, rule }
    }
}

/// Per-combatant figures a fight leaves behind, for simulation statistics.
///
/// Plain `Copy` data of fixed size, so tallying a million fights allocates
/// nothing: pools and counters sit in small arrays indexed by the order
/// the ruleset declares them in ([`crate::Fight::POOLS`], [`crate::Fight::COUNTERS`]);
/// entries past the declared ones stay 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Its side.
    pub side: SideId,
    /// Each declared pool now, in [`crate::Fight::POOLS`] order.
    pub pools: [i32; MAX_POOLS],
    /// Each declared pool's maximum, in the same order.
    pub pool_max: [i32; MAX_POOLS],
    /// Each declared counter, in [`crate::Fight::COUNTERS`] order.
    pub counters: [u32; MAX_COUNTERS],
    /// Injury this combatant inflicted on others.
    pub dealt: i32,
    /// Injury it took.
    pub taken: i32,
    /// Whether it ended unconscious or incapacitated.
    pub down: bool,
    /// Whether it ended dead.
    pub dead: bool,
}

impl Tally {
    /// A figure's tally: its side, its pools ([`Pools`]) and what the
    /// ruleset counted of it ([`FigureTally`]).
    pub fn of(side: SideId, pools: Pools, figure: FigureTally) -> Self {
        let mut tally = Tally {
            side,
            counters: figure.counters,
            dealt: figure.dealt,
            taken: figure.taken,
            down: figure.down,
            dead: figure.dead,
            ..Tally::default()
        };
        for (i, &(now, max)) in pools.as_slice().iter().enumerate() {
            tally.pools[i] = now;
            tally.pool_max[i] = max;
        }
        tally
    }
}

/// One figure's pools as (now, maximum) pairs in [`crate::Fight::POOLS`]
/// order: plain `Copy` data, so reading them allocates nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pools {
    pairs: [(i32, i32); MAX_POOLS],
    len: usize,
}

impl Pools {
    /// The pairs in declaration order; those past [`MAX_POOLS`] are dropped
    /// (a ruleset cannot declare more: [`crate::Fight::DECLARATIONS_FIT`]).
    pub fn of(pairs: &[(i32, i32)]) -> Pools {
        let mut pools = Pools::default();
        for (slot, &pair) in pools.pairs.iter_mut().zip(pairs) {
            *slot = pair;
            pools.len += 1;
        }
        pools
    }

    /// The pairs, in declaration order.
    pub fn as_slice(&self) -> &[(i32, i32)] {
        &self.pairs[..self.len]
    }
}

/// What a status line shows of a figure beside its name, side and pools,
/// in the ruleset's words ([`crate::Fight::status`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureStatus {
    /// Coarse state.
    pub vitality: Vitality,
    /// Its conditions: `prone`, `stunned`, `shock -2`...
    pub conditions: Vec<String>,
    /// Where it stands (`(3,-1) facing 2`).
    pub position: String,
}

/// What the simulator counts of a figure at a fight's end
/// ([`crate::Fight::figure_tally`]): plain `Copy` data, no allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FigureTally {
    /// Each declared counter, in [`crate::Fight::COUNTERS`] order.
    pub counters: [u32; MAX_COUNTERS],
    /// Injury it inflicted on others.
    pub dealt: i32,
    /// Injury it took.
    pub taken: i32,
    /// Whether it ended unconscious or incapacitated.
    pub down: bool,
    /// Whether it ended dead.
    pub dead: bool,
}

impl FigureTally {
    /// The declared counters in their declaration order, the rest zero
    /// (for the ruleset to fill in); counters past [`MAX_COUNTERS`] are
    /// dropped.
    pub fn counting(counters: &[u32]) -> FigureTally {
        let mut tally = FigureTally::default();
        for (slot, &count) in tally.counters.iter_mut().zip(counters) {
            *slot = count;
        }
        tally
    }
}

/// One pool of one combatant, as a status line shows it: `HP 7/12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PoolView {
    /// The ruleset's label for it ([`PoolSpec::label`]).
    pub label: &'static str,
    /// Now.
    pub current: i32,
    /// Maximum.
    pub max: i32,
}

/// A ruleset-neutral view of one combatant, for status displays and sim statistics.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CombatantView {
    /// Its id.
    pub id: CombatantId,
    /// Its name in the scenario.
    pub name: String,
    /// Its side.
    pub side: SideId,
    /// The side's name.
    pub side_name: String,
    /// Its pools in [`crate::Fight::POOLS`] order, labelled in the ruleset's words.
    pub pools: Vec<PoolView>,
    /// Coarse state.
    pub vitality: Vitality,
    /// Ruleset words for its conditions: `prone`, `stunned`, `shock -2`...
    pub conditions: Vec<String>,
    /// Where it stands, rendered by the ruleset (`(3,-1) facing 2`).
    pub position: String,
}

impl CombatantView {
    /// The pool labelled `label`: (now, maximum).
    pub fn pool(&self, label: &str) -> Option<(i32, i32)> {
        self.pools
            .iter()
            .find(|p| p.label == label)
            .map(|p| (p.current, p.max))
    }
}

/// A scenario that parsed but does not make sense (an unknown template,
/// two figures in one hex...). `path` names the entry, like `combatants[1].template`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct SetupError {
    /// Where in the file: a dotted path to the entry.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl SetupError {
    /// An error at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        SetupError {
            path: path.into(),
            message: message.into(),
        }
    }

    /// For `map_err` after a builder that names the field at fault: the
    /// error at that field written after `prefix` (`combatants[2].sheet.`
    /// and `st`).
    pub fn under<F: std::fmt::Display, M: Into<String>>(
        prefix: impl std::fmt::Display,
    ) -> impl FnOnce((F, M)) -> SetupError {
        move |(field, message)| SetupError::new(format!("{prefix}{field}"), message)
    }
}
