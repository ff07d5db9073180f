//! Whose dice are rolled at the table and whose by the session, and the
//! generator behind "roll for me" and the AI's dice.
//!
//! Every generated roll comes from a stream of its own, seeded by the
//! session's seed, the index of the step in the fight and the index of the
//! roll request within the step ([`stream`]), never from one generator
//! advanced by history. So a game resumed from a save rolls exactly what the
//! game played straight through rolled, and an undone step, played again,
//! gives the AI the same dice.

use crate::seat::{SeatPlan, control};
use fray_core::dice::{FrayRng, seeded_rng, splitmix64};
use fray_core::{Addressee, CombatantId, Ruleset};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The generator for roll request `request` of step `step` of a session seeded `seed`.
///
/// `seeded_rng(splitmix64(splitmix64(splitmix64(seed) ^ step) ^ request))`:
/// each index is folded in and mixed in turn, so `(step, request)` pairs never
/// share a stream, and the stream depends on nothing else.
pub fn stream(seed: u64, step: u64, request: u64) -> FrayRng {
    seeded_rng(splitmix64(splitmix64(splitmix64(seed) ^ step) ^ request))
}

/// Whom a dice setting covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Roller {
    /// Every figure and the game master.
    All,
    /// The game master's own rolls (those no figure makes).
    Gm,
    /// Every figure of the side of this name.
    Side(String),
    /// The figure of this name.
    Figure(String),
}

/// Who rolls: people at the table, or the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// The table rolls and types the dice (or asks "roll for me").
    Hand,
    /// The session rolls from its seeded streams.
    Auto,
}

/// One dice setting, as `dice orcs hand` makes it: later settings win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiceRule {
    /// Whom it covers.
    pub who: Roller,
    /// How they roll.
    pub mode: DiceMode,
}

impl fmt::Display for DiceRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mode = match self.mode {
            DiceMode::Hand => "rolled at the table",
            DiceMode::Auto => "rolled by the session",
        };
        match &self.who {
            Roller::All => write!(f, "every die is {mode}"),
            Roller::Gm => write!(f, "the game master's dice are {mode}"),
            Roller::Side(s) => write!(f, "side {s}'s dice are {mode}"),
            Roller::Figure(n) => write!(f, "{n}'s dice are {mode}"),
        }
    }
}

/// Whether a roll by `roller` (`None`: the game master) is typed at the
/// table: by default when a person decides for it (a player's figure, a
/// `human` figure, a `human` GM); then each setting in `rules` that covers
/// it, the last one winning.
pub fn by_hand<R: Ruleset>(
    state: &R::State,
    plan: &SeatPlan,
    rules: &[DiceRule],
    roller: Option<CombatantId>,
) -> bool {
    let who = roller.map_or(Addressee::GameMaster, Addressee::Combatant);
    let mut hand = control::<R>(state, plan, who).is_person();
    if rules.is_empty() {
        return hand;
    }
    let side = roller.and_then(|id| {
        R::roster(state)
            .into_iter()
            .find(|c| c.id == id)
            .map(|c| c.side_name)
    });
    for rule in rules {
        let covers = match (&rule.who, roller) {
            (Roller::All, _) => true,
            (Roller::Gm, None) => true,
            (Roller::Side(s), Some(_)) => side.as_deref() == Some(s.as_str()),
            (Roller::Figure(n), Some(id)) => R::name(state, id) == n,
            _ => false,
        };
        if covers {
            hand = rule.mode == DiceMode::Hand;
        }
    }
    hand
}
