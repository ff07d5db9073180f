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
use crate::menu::Menu;
use crate::view::{ConditionView, Lasting, MapView, TurnOrder};
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

/// The most pools a ruleset may declare ([`Ruleset::POOLS`]): the size of
/// [`Tally::pools`]. GURPS has two (HP, FP), DragonQuest two (EN, FT).
pub const MAX_POOLS: usize = 4;

/// The most counters a ruleset may declare ([`Ruleset::COUNTERS`]): the
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

/// Per-combatant figures a fight leaves behind, for simulation statistics.
///
/// Plain `Copy` data of fixed size, so tallying a million fights allocates
/// nothing: pools and counters sit in small arrays indexed by the order
/// the ruleset declares them in ([`Ruleset::POOLS`], [`Ruleset::COUNTERS`]);
/// entries past the declared ones stay 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Its side.
    pub side: SideId,
    /// Each declared pool now, in [`Ruleset::POOLS`] order.
    pub pools: [i32; MAX_POOLS],
    /// Each declared pool's maximum, in the same order.
    pub pool_max: [i32; MAX_POOLS],
    /// Each declared counter, in [`Ruleset::COUNTERS`] order.
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
    /// The pool labelled `label` in `R`'s declaration: (now, maximum).
    pub fn pool<R: Ruleset>(&self, label: &str) -> Option<(i32, i32)> {
        let i = R::POOLS.iter().position(|p| p.label == label)?;
        Some((*self.pools.get(i)?, *self.pool_max.get(i)?))
    }

    /// The counter with id `id` in `R`'s declaration.
    pub fn counter<R: Ruleset>(&self, id: &str) -> Option<u32> {
        let i = R::COUNTERS.iter().position(|c| c.id == id)?;
        self.counters.get(i).copied()
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
    /// Its pools in [`Ruleset::POOLS`] order, labelled in the ruleset's words.
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
    /// The answer to a [`Ruleset::Question`].
    type Answer: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display + Send + Sync;
    /// One entry of the audit trail.
    type Event: Clone + Debug + Serialize + Display + Send + Sync;

    /// Builds the starting state; errors name the offending entry.
    fn setup(scenario: &Self::Scenario) -> Result<Self::State, SetupError>;

    /// Reads the files a scenario names (GURPS: a combatant's GCS
    /// character) from `files`, by paths relative to the scenario file's
    /// folder (a folder on disk, or the texts a saved game carries);
    /// [`crate::run::load_from`] calls it before [`Ruleset::setup`].
    /// Nothing to read by default.
    fn read_files(
        _scenario: &mut Self::Scenario,
        _files: &dyn crate::files::Files,
    ) -> Result<(), SetupError> {
        Ok(())
    }

    /// Reads the scenario file into [`Ruleset::Scenario`], with `extra`,
    /// the data files read at run time (`--data DIR`, the scenario's `data`
    /// folder: [`crate::data::scenario_data`]), added to the bundled data,
    /// and each `template` adjusted by its `sheet`
    /// ([`crate::data::parse_with_templates`]). [`crate::run::load`] calls
    /// it once, so the simulator never pays for it. The default reads the
    /// file as it is and refuses extra data.
    fn parse_scenario(
        file: &crate::scenario::SourceFile,
        extra: &[crate::scenario::SourceFile],
    ) -> Result<Self::Scenario, crate::scenario::FileError> {
        if let Some(first) = extra.first() {
            return Err(first.setup_error(&SetupError::new(
                "",
                format!("the ruleset `{}` reads no data files", Self::ID),
            )));
        }
        file.parse()
    }

    /// What the scenario says that is legal but likely not meant (a weapon
    /// used at its default skill), each at its entry; `fray validate`
    /// prints them. None by default.
    fn setup_warnings(_scenario: &Self::Scenario) -> Vec<SetupError> {
        Vec::new()
    }

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

    /// Figures for simulation statistics, one per combatant in id order,
    /// pools and counters in the declared order ([`Ruleset::POOLS`],
    /// [`Ruleset::COUNTERS`]). Must not allocate: the simulator calls it
    /// once per fight.
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

    /// Whether [`Ruleset::ai_action`] only ever returns actions that
    /// [`Ruleset::check_action`] accepts in that state (the AI picks from
    /// the legal list, or checks its own choice before it returns it). The
    /// engine then trusts an action an AI-only oracle ([`Oracle::AI_ONLY`])
    /// brings and skips the second check, which the simulator would pay on
    /// every turn; debug builds still check and panic on a violation, so
    /// the test suite holds the ruleset to its word.
    ///
    /// [`Oracle::AI_ONLY`]: crate::Oracle::AI_ONLY
    const AI_ACTIONS_ARE_LEGAL: bool = false;

    /// Whether [`Ruleset::ai_answer`] only ever returns answers that
    /// [`Ruleset::check_answer`] accepts for that question (the AI picks
    /// one of the question's own options). The context then trusts the
    /// answer an AI-only oracle ([`Oracle::AI_ONLY`]) gives and skips the
    /// check, which the simulator would pay on every question; debug builds
    /// still check and panic on a violation, as for
    /// [`Ruleset::AI_ACTIONS_ARE_LEGAL`].
    ///
    /// [`Oracle::AI_ONLY`]: crate::Oracle::AI_ONLY
    const AI_ANSWERS_ARE_LEGAL: bool = false;

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

    /// Applies a game master's override to the state between steps, and says
    /// what was done, one line per change, for the screen. Overrides are
    /// outside the rules: no dice, no questions; what follows from them
    /// (a consciousness roll at 0 HP) comes from the rules on later turns.
    /// [`crate::Override::EndFight`] never reaches it (sessions end the
    /// fight themselves). The default refuses every override.
    fn apply_override(
        state: &mut Self::State,
        ov: &crate::Override,
    ) -> Result<Vec<String>, crate::overrides::Refusal> {
        let _ = state;
        Err(crate::overrides::unsupported::<Self>(ov))
    }

    /// The event as a seat behind `screen` reads it (a player's, a
    /// watcher's): each roll record screened ([`crate::RollRecord::screen`]:
    /// secret rolls withheld, a hidden figure's target and terms left out)
    /// and no pool or sheet value of a hidden figure told (the HP left
    /// after its damage, its DR). The default tells the event whole, which
    /// suits only a ruleset whose events hold no roll record and no pool.
    fn screen_event(event: &Self::Event, screen: &crate::view::Screen<'_>) -> Self::Event {
        let _ = screen;
        event.clone()
    }

    /// The AI's action for `actor`, following the tactics in its controller.
    fn ai_action(state: &Self::State, actor: CombatantId) -> Self::Action;

    /// The AI's answer to a question.
    fn ai_answer(state: &Self::State, question: &Self::Question) -> Self::Answer;

    /// The actions `actor` may declare now as a menu tree a person walks
    /// in short lists (a maneuver, a target, a weapon, options), every
    /// leaf an action [`Ruleset::check_action`] accepts. The default groups
    /// [`Ruleset::legal_actions`], worded by [`Ruleset::describe_action`],
    /// by their first word ([`Menu::grouped`]).
    fn action_menu(state: &Self::State, actor: CombatantId) -> Menu<Self::Action> {
        let items = Self::legal_actions(state, actor)
            .into_iter()
            .map(|a| (Self::describe_action(state, actor, &a), a))
            .collect();
        Menu::grouped(format!("{}'s action", Self::name(state, actor)), items)
    }

    /// The answers to `question` as a menu tree, every leaf an answer
    /// [`Ruleset::check_answer`] accepts. The default groups
    /// [`Ruleset::answer_options`] worded by [`Ruleset::describe_answer`].
    fn answer_menu(state: &Self::State, question: &Self::Question) -> Menu<Self::Answer> {
        let items = Self::answer_options(question)
            .into_iter()
            .map(|a| (Self::describe_answer(state, question, &a), a))
            .collect();
        Menu::grouped("Answer", items)
    }

    /// The conditions of `who` now, each with how long it lasts, for a
    /// status panel. The default takes [`CombatantView::conditions`] with
    /// no duration stated ([`Lasting::Unstated`]).
    fn conditions(state: &Self::State, who: CombatantId) -> Vec<ConditionView> {
        Self::roster(state)
            .into_iter()
            .find(|c| c.id == who)
            .map(|c| {
                c.conditions
                    .into_iter()
                    .map(|name| ConditionView::new(name, Lasting::Unstated, ""))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The order combatants act in and whose turn it is. The default is
    /// the roster's order with no one's turn known.
    fn turn_order(state: &Self::State) -> TurnOrder {
        TurnOrder {
            order: Self::roster(state).into_iter().map(|c| c.id).collect(),
            now: None,
        }
    }

    /// The battle map with its terrain and figures, if the ruleset plays on
    /// one. None by default.
    fn map_view(state: &Self::State) -> Option<MapView> {
        let _ = state;
        None
    }

    /// A move of `actor` to the map cell `cell` (typed `move C4` at the
    /// table, by the cell's name on the text map,
    /// [`crate::view::CellNames`]), if the rules allow one now. None by
    /// default, and for a ruleset with no map.
    fn move_to(
        state: &Self::State,
        actor: CombatantId,
        cell: crate::view::MapCell,
    ) -> Option<Self::Action> {
        let _ = (state, actor, cell);
        None
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
}
