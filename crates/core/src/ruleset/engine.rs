//! How a ruleset plays: building a fight from its scenario, sequencing it,
//! checking and resolving actions and answers, and its AI.
//!
//! Resolution functions take `&mut impl Cx<Self>`, generic over the
//! oracle and the event sink behind it, so the simulator monomorphizes
//! them with a seeded RNG and no events, while the table and the tests run
//! the very same code.

use crate::controller::Addressee;
use crate::cx::Cx;
use crate::halt::Flow;
use crate::ids::CombatantId;
use crate::ruleset::fight::Fight;
use crate::ruleset::types::{Illegal, Next, SetupError};

/// The rules of a combat system: setup, sequencing, legality, resolution
/// and the AI.
pub trait Engine: Fight {
    /// Builds the starting state; errors name the offending entry.
    fn setup(scenario: &Self::Scenario) -> Result<Self::State, SetupError>;

    /// Reads the files a scenario names (GURPS: a combatant's GCS
    /// character) from `files`, by paths relative to the scenario file's
    /// folder (a folder on disk, or the texts a saved game carries);
    /// [`crate::run::load_from`] calls it before [`Engine::setup`].
    /// Nothing to read by default.
    fn read_files(
        _scenario: &mut Self::Scenario,
        _files: &dyn crate::files::Files,
    ) -> Result<(), SetupError> {
        Ok(())
    }

    /// Reads the scenario file into [`Fight::Scenario`], with `extra`,
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

    /// Advances the clock to the next decision: who acts, or the end.
    /// May roll (initiative, recovery rolls) and emit events.
    fn next(state: &mut Self::State, cx: &mut impl Cx<Self>) -> Flow<Next, Self>;

    /// Ends `actor`'s turn without acting (the rest of its budget is lost):
    /// the exact odds pass the turns of others before the actor's, and a GM
    /// may skip a turn. After it, [`Engine::next`] must move on to someone
    /// or something else. The default does nothing, which suits a ruleset
    /// whose `next` always moves on (one action a turn).
    fn pass_turn(state: &mut Self::State, actor: CombatantId) {
        let _ = (state, actor);
    }

    /// The actions `actor` may declare now (for menus; AI may use them too).
    fn legal_actions(state: &Self::State, actor: CombatantId) -> Vec<Self::Action>;

    /// Whether [`Engine::ai_action`] only ever returns actions that
    /// [`Engine::check_action`] accepts in that state (the AI picks from
    /// the legal list, or checks its own choice before it returns it). The
    /// engine then trusts an action an AI-only oracle ([`Oracle::AI_ONLY`])
    /// brings and skips the second check, which the simulator would pay on
    /// every turn; debug builds still check and panic on a violation, so
    /// the test suite holds the ruleset to its word.
    ///
    /// [`Oracle::AI_ONLY`]: crate::Oracle::AI_ONLY
    const AI_ACTIONS_ARE_LEGAL: bool = false;

    /// Whether [`Engine::ai_answer`] only ever returns answers that
    /// [`Engine::check_answer`] accepts for that question (the AI picks
    /// one of the question's own options). The context then trusts the
    /// answer an AI-only oracle ([`Oracle::AI_ONLY`]) gives and skips the
    /// check, which the simulator would pay on every question; debug builds
    /// still check and panic on a violation, as for
    /// [`Engine::AI_ACTIONS_ARE_LEGAL`].
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

    /// The AI's action for `actor`, following the tactics in its controller.
    fn ai_action(state: &Self::State, actor: CombatantId) -> Self::Action;

    /// The AI's answer to a question.
    fn ai_answer(state: &Self::State, question: &Self::Question) -> Self::Answer;
}
