//! The trait every rules crate implements.
//!
//! The four supported systems sequence turns very differently (GURPS: one
//! maneuver per second in Basic Speed order; DragonQuest: pulses with side
//! and engagement initiative; d20-3d6: three actions a round with reactions;
//! margin-3d6: rounds with rate-of-attack limits). So the core never holds a
//! turn list: it asks the ruleset what happens next ([`Ruleset::next`]) and
//! gets an actor or the end of the fight. Everything that spans turns (aim,
//! feints, maneuver limits, action budgets) lives in the ruleset's state.

use crate::controller::{Addressee, Controller, Seats};
use crate::cx::Cx;
use crate::halt::Flow;
use crate::ids::{CombatantId, SideId};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::{Debug, Display};

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

/// Per-combatant figures a fight leaves behind, for simulation statistics.
/// Plain `Copy` data, so tallying a million fights allocates nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Its side.
    pub side: SideId,
    /// Main pool now (HP).
    pub health: i32,
    /// Main pool maximum.
    pub health_max: i32,
    /// Second pool now (FP, EN...), 0 if none.
    pub stamina: i32,
    /// Injury this combatant inflicted on others.
    pub dealt: i32,
    /// Injury it took.
    pub taken: i32,
    /// Times knocked down.
    pub knockdowns: u16,
    /// Times stunned.
    pub stuns: u16,
    /// Whether it ended unconscious or incapacitated.
    pub down: bool,
    /// Whether it ended dead.
    pub dead: bool,
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
    /// Current and maximum of the main pool (HP, or the ruleset's equivalent).
    pub health: (i32, i32),
    /// Current and maximum of the second pool (FP, EN...), if the ruleset has one.
    pub stamina: Option<(i32, i32)>,
    /// Coarse state.
    pub vitality: Vitality,
    /// Ruleset words for its conditions: `prone`, `stunned`, `shock -2`...
    pub conditions: Vec<String>,
    /// Where it stands, rendered by the ruleset (`(3,-1) facing 2`).
    pub position: String,
}

/// A combat system: its data types, its sequencing, resolution and AI.
///
/// Resolution functions take `&mut impl Cx<Self>`, generic over the
/// oracle and the event sink behind it, so the simulator monomorphizes them with a seeded RNG and
/// no events, while the table and the tests run the very same code.
pub trait Ruleset: Sized + Copy + Debug + PartialEq + Default + Send + Sync + 'static {
    /// The ruleset id used in scenario files (`ruleset = "gurps"`).
    const ID: &'static str;
    /// A human name.
    const NAME: &'static str;

    /// The scenario file, as deserialized (unknown keys are errors).
    type Scenario: DeserializeOwned + JsonSchema;
    /// The whole state of a fight: plain data, shared read-only by the
    /// simulator's threads (hence `Send + Sync`).
    type State: Clone + Debug + Serialize + Send + Sync;
    /// What a combatant declares on its turn.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display;
    /// A typed question for one controller (which defense? retreat?).
    type Question: Clone + Debug + Serialize + Display;
    /// The answer to a [`Ruleset::Question`].
    type Answer: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display;
    /// One entry of the audit trail.
    type Event: Clone + Debug + Serialize + Display;

    /// Builds the starting state; errors name the offending entry.
    fn setup(scenario: &Self::Scenario) -> Result<Self::State, SetupError>;

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

    /// Ruleset-neutral views of every combatant.
    fn roster(state: &Self::State) -> Vec<CombatantView>;

    /// Figures for simulation statistics, one per combatant in id order.
    /// Must not allocate: the simulator calls it once per fight.
    fn tally(state: &Self::State, out: &mut [Tally]);

    /// Number of combatants.
    fn combatants(state: &Self::State) -> usize;

    /// The round counter (for reports and round limits).
    fn round(state: &Self::State) -> u32;

    /// Advances the clock to the next decision: who acts, or the end.
    /// May roll (initiative, recovery rolls) and emit events.
    fn next(state: &mut Self::State, cx: &mut impl Cx<Self>) -> Flow<Next, Self>;

    /// Ends `actor`'s turn without acting (the rest of its budget is lost):
    /// the exact odds pass the turns of others before the actor's, and a GM
    /// may skip a turn. After it, [`Ruleset::next`] must move on to someone
    /// or something else. The default does nothing, which suits a ruleset
    /// whose `next` always moves on (one action a turn).
    fn pass_turn(state: &mut Self::State, actor: CombatantId) {
        let _ = (state, actor);
    }

    /// The actions `actor` may declare now (for menus; AI may use them too).
    fn legal_actions(state: &Self::State, actor: CombatantId) -> Vec<Self::Action>;

    /// Checks one declared action; the reason says why it is not allowed.
    fn check_action(
        state: &Self::State,
        actor: CombatantId,
        action: &Self::Action,
    ) -> Result<(), Illegal>;

    /// Resolves a checked action, asking the oracle for every roll and choice.
    fn resolve(
        state: &mut Self::State,
        actor: CombatantId,
        action: &Self::Action,
        cx: &mut impl Cx<Self>,
    ) -> Flow<(), Self>;

    /// Who must answer a question: a combatant, a side or the game master.
    fn addressee(question: &Self::Question) -> Addressee;

    /// Checks that an answer fits the question (scripts and people can type anything).
    fn check_answer(question: &Self::Question, answer: &Self::Answer) -> Result<(), Illegal>;

    /// Every answer a person may give to `question`, for a numbered menu at
    /// the table. Empty when the answers cannot be listed; people then type one.
    fn answer_options(question: &Self::Question) -> Vec<Self::Answer> {
        let _ = question;
        Vec::new()
    }

    /// An action as a menu line for people at the table, in the words of
    /// the fight (names of foes and weapons). The default is its `Display`.
    fn describe_action(state: &Self::State, actor: CombatantId, action: &Self::Action) -> String {
        let _ = (state, actor);
        action.to_string()
    }

    /// An answer to `question` as a menu line, saying what it gives (the
    /// value of a defense). The default is its `Display`.
    fn describe_answer(
        state: &Self::State,
        question: &Self::Question,
        answer: &Self::Answer,
    ) -> String {
        let _ = (state, question);
        answer.to_string()
    }

    /// The AI's action for `actor`, following the tactics in its controller.
    fn ai_action(state: &Self::State, actor: CombatantId) -> Self::Action;

    /// The AI's answer to a question.
    fn ai_answer(state: &Self::State, question: &Self::Question) -> Self::Answer;
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
}
