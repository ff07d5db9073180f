//! The figures a simulation reports, derived from its integer totals.
//!
//! Every float here is computed once, at the end, from exact integers, so
//! the report (and its JSON) is byte-identical for any thread count.

use crate::simulate::SimConfig;
use crate::stats::{Histogram, wilson};
use crate::totals::Totals;
use fray_core::{Controller, CounterSpec, PoolSpec, Ruleset};
use serde::Serialize;

/// The names a report needs, read once from the starting state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Roster {
    /// The ruleset id.
    pub ruleset: String,
    /// The ruleset's pools, in the order of tallies.
    pub pools: &'static [PoolSpec],
    /// The ruleset's counters, in the order of tallies.
    pub counters: &'static [CounterSpec],
    /// Side names by side index.
    pub sides: Vec<String>,
    /// Per combatant in id order: name, side index, pool maximums.
    pub combatants: Vec<RosterEntry>,
    /// Combatants that a person or a script would control, played by the
    /// AI in a simulation.
    pub played_by_ai: Vec<String>,
}

/// One combatant of a [`Roster`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterEntry {
    /// Its name.
    pub name: String,
    /// Its side index.
    pub side: usize,
    /// The maximum of each declared pool, in declared order.
    pub pool_max: Vec<i32>,
}

impl Roster {
    /// Reads the roster of a starting state.
    pub fn of<R: Ruleset>(start: &R::State) -> Roster {
        let views = R::roster(start);
        let mut sides: Vec<String> = Vec::new();
        let mut combatants = Vec::with_capacity(views.len());
        let mut played_by_ai = Vec::new();
        for v in &views {
            let s = v.side.index();
            if sides.len() <= s {
                sides.resize_with(s + 1, String::new);
            }
            if sides[s].is_empty() {
                sides[s] = v.side_name.clone();
            }
            combatants.push(RosterEntry {
                name: v.name.clone(),
                side: s,
                pool_max: R::POOLS
                    .iter()
                    .map(|p| v.pool(p.label).map_or(0, |(_, max)| max))
                    .collect(),
            });
            if !matches!(R::controller(start, v.id), Controller::Ai(_)) {
                played_by_ai.push(v.name.clone());
            }
        }
        for (i, s) in sides.iter_mut().enumerate() {
            if s.is_empty() {
                *s = format!("side {i}");
            }
        }
        Roster {
            ruleset: R::ID.to_string(),
            pools: R::POOLS,
            counters: R::COUNTERS,
            sides,
            combatants,
            played_by_ai,
        }
    }
}

/// A count out of the fights, with its rate and 95% Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// How many fights.
    pub count: u64,
    /// `count / fights`.
    pub rate: f64,
    /// 95% Wilson score interval of the rate.
    pub ci95: [f64; 2],
}

impl Rate {
    /// `count` out of `n`.
    pub fn of(count: u64, n: u64) -> Rate {
        let (lo, hi) = wilson(count, n);
        Rate {
            count,
            rate: if n == 0 { 0.0 } else { count as f64 / n as f64 },
            ci95: [lo, hi],
        }
    }
}

/// Fight lengths in rounds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rounds {
    /// Fights counted.
    pub fights: u64,
    /// Mean length (absent when no fight is counted).
    pub mean: Option<f64>,
    /// Median (the lower one).
    pub median: Option<u32>,
    /// 10th percentile.
    pub p10: Option<u32>,
    /// 90th percentile.
    pub p90: Option<u32>,
    /// Longest.
    pub max: Option<u32>,
    /// `[rounds, fights]` for every length seen, shortest first.
    pub histogram: Vec<[u64; 2]>,
}

impl Rounds {
    /// Summarizes a histogram.
    pub fn of(h: &Histogram) -> Rounds {
        Rounds {
            fights: h.len(),
            mean: h.mean(),
            median: h.quantile(0.5),
            p10: h.quantile(0.1),
            p90: h.quantile(0.9),
            max: h.max(),
            histogram: h.iter().map(|(v, c)| [u64::from(v), c]).collect(),
        }
    }
}

/// One side's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// The side's name.
    pub name: String,
    /// Fights it won.
    pub wins: Rate,
    /// Lengths of the fights it won.
    pub rounds: Rounds,
}

/// One combatant's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CombatantReport {
    /// Its name.
    pub name: String,
    /// Its side's name.
    pub side: String,
    /// Fights it ended neither down nor dead.
    pub survived: Rate,
    /// Fights it ended unconscious or incapacitated (not dead).
    pub down: Rate,
    /// Fights it ended dead.
    pub dead: Rate,
    /// Each of the ruleset's pools (HP, FP...), in declared order.
    pub pools: Vec<PoolReport>,
    /// Mean injury inflicted per fight.
    pub dealt_mean: f64,
    /// Mean injury taken per fight.
    pub taken_mean: f64,
    /// Each of the ruleset's counters (knockdowns, stuns...), in declared order.
    pub counters: Vec<CounterReport>,
}

/// One pool of one combatant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PoolReport {
    /// The pool's machine name ([`PoolSpec::id`]).
    pub id: &'static str,
    /// Its label in the ruleset's words (`HP`).
    pub label: &'static str,
    /// Its maximum at the start.
    pub max: i32,
    /// Mean left at the end of the fights its side won (absent if it never won).
    pub left_when_side_wins: Option<f64>,
}

/// One counter of one combatant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CounterReport {
    /// The counter's machine name ([`CounterSpec::id`]).
    pub id: &'static str,
    /// Its label in the ruleset's words (`Knockdowns`).
    pub label: &'static str,
    /// Mean per fight.
    pub mean: f64,
}

/// Everything `fray sim` reports about one scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimReport {
    /// The scenario's title (set by the caller; empty if unknown).
    pub scenario: String,
    /// The ruleset id.
    pub ruleset: String,
    /// The pools the ruleset declares, as the combatants' `pools` list them.
    pub pools: &'static [PoolSpec],
    /// The counters the ruleset declares, as the combatants' `counters` list
    /// them, each with the rule that produces it.
    pub counters: &'static [CounterSpec],
    /// The base seed.
    pub seed: u64,
    /// Fights played.
    pub fights: u64,
    /// Combatants a person or a script would control, played by the AI here.
    pub played_by_ai: Vec<String>,
    /// Per side, in side order.
    pub sides: Vec<SideReport>,
    /// Fights nobody was left able to fight.
    pub draws: Rate,
    /// Fights stopped at the scenario's round limit.
    pub round_limit: Rate,
    /// Lengths of every fight, round-limit stops included.
    pub rounds: Rounds,
    /// Per combatant, in scenario order.
    pub combatants: Vec<CombatantReport>,
}

impl SimReport {
    /// Derives the report from a roster and the totals of a run.
    pub fn build(roster: &Roster, config: &SimConfig, t: &Totals) -> SimReport {
        let n = t.fights;
        let side_name = |i: usize| {
            roster
                .sides
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("side {i}"))
        };
        let sides = (0..t.wins.len().max(roster.sides.len()))
            .map(|i| SideReport {
                name: side_name(i),
                wins: Rate::of(t.wins.get(i).copied().unwrap_or(0), n),
                rounds: t
                    .rounds_by_winner
                    .get(i)
                    .map_or_else(|| Rounds::of(&Histogram::default()), Rounds::of),
            })
            .collect();
        let per_fight = |sum: i64| if n == 0 { 0.0 } else { sum as f64 / n as f64 };
        let combatants = roster
            .combatants
            .iter()
            .zip(&t.combatants)
            .map(|(r, c)| {
                let won = t.wins.get(r.side).copied().unwrap_or(0);
                let when_won = |sum: i64| (won > 0).then(|| sum as f64 / won as f64);
                CombatantReport {
                    name: r.name.clone(),
                    side: side_name(r.side),
                    survived: Rate::of(c.survived, n),
                    down: Rate::of(c.down, n),
                    dead: Rate::of(c.dead, n),
                    pools: roster
                        .pools
                        .iter()
                        .enumerate()
                        .map(|(i, p)| PoolReport {
                            id: p.id,
                            label: p.label,
                            max: r.pool_max.get(i).copied().unwrap_or(0),
                            left_when_side_wins: c.pools_when_won.get(i).and_then(|&v| when_won(v)),
                        })
                        .collect(),
                    dealt_mean: per_fight(c.dealt),
                    taken_mean: per_fight(c.taken),
                    counters: roster
                        .counters
                        .iter()
                        .enumerate()
                        .map(|(i, k)| CounterReport {
                            id: k.id,
                            label: k.label,
                            mean: per_fight(
                                c.counters
                                    .get(i)
                                    .map_or(0, |&v| v.min(i64::MAX as u64) as i64),
                            ),
                        })
                        .collect(),
                }
            })
            .collect();
        SimReport {
            scenario: String::new(),
            ruleset: roster.ruleset.clone(),
            pools: roster.pools,
            counters: roster.counters,
            seed: config.seed,
            fights: n,
            played_by_ai: roster.played_by_ai.clone(),
            sides,
            draws: Rate::of(t.draws, n),
            round_limit: Rate::of(t.round_limit, n),
            rounds: Rounds::of(&t.rounds),
            combatants,
        }
    }
}
