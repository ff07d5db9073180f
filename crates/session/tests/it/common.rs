//! Bundled scenarios, and states a few turns into them.

use fray_core::dice::Rolled;
use fray_core::scenario::SourceFile;
use fray_core::{
    CombatantId, Ctx, Flow, Next, NullSink, Oracle, RollRequest, Ruleset, SimOracle, run,
};
use std::path::PathBuf;

/// The bundled scenarios of `R`, sorted by file name.
pub fn scenarios<R: Ruleset>() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios")
        .join(R::ID);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    out.sort();
    out
}

/// The starting state of one bundled scenario, by file stem.
pub fn start<R: Ruleset>(stem: &str) -> R::State {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios")
        .join(R::ID)
        .join(format!("{stem}.toml"));
    load::<R>(&path)
}

/// The starting state of the scenario at `path`.
pub fn load<R: Ruleset>(path: &std::path::Path) -> R::State {
    let file = SourceFile::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    run::load::<R>(file)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .state
}

/// The state when the next actor is about to declare, and who it is;
/// `None` once the fight is over. The AI plays, seeded.
pub fn to_next_actor<R: Ruleset>(
    state: &mut R::State,
    oracle: &mut Checking<R>,
) -> Option<CombatantId> {
    let mut sink = NullSink;
    let mut cx = Ctx::<R, _, _>::new(oracle, &mut sink);
    match R::next(state, &mut cx) {
        Ok(Next::Act(actor)) => Some(actor),
        Ok(Next::Over(_)) => None,
        Err(e) => panic!("the fight halted: {e:?}"),
    }
}

/// Plays `actor`'s AI action.
pub fn play_ai<R: Ruleset>(state: &mut R::State, oracle: &mut Checking<R>, actor: CombatantId) {
    let action = R::ai_action(state, actor);
    R::check_action(state, actor, &action).expect("the AI's action is legal");
    let mut sink = NullSink;
    let mut cx = Ctx::<R, _, _>::new(oracle, &mut sink);
    if let Err(e) = R::resolve(state, actor, &action, &mut cx) {
        panic!("the fight halted: {e:?}");
    }
}

/// The seeded AI, which also checks every answer menu it is shown: each
/// leaf must pass `check_answer`. What failed is kept in `refused`.
pub struct Checking<R: Ruleset> {
    sim: SimOracle<R>,
    /// Answers of a menu that `check_answer` refused, in words.
    pub refused: Vec<String>,
    /// How many questions were asked.
    pub questions: usize,
    /// The longest list of an answer menu.
    pub longest: usize,
    /// The first answer menu shown, as an outline.
    pub first_menu: Option<Vec<String>>,
}

impl<R: Ruleset> Checking<R> {
    /// Seeded with `seed`.
    pub fn seeded(seed: u64) -> Self {
        Checking {
            sim: SimOracle::seeded(seed),
            refused: Vec::new(),
            questions: 0,
            longest: 0,
            first_menu: None,
        }
    }
}

impl<R: Ruleset> Oracle<R> for Checking<R> {
    fn roll(&mut self, state: &R::State, req: &RollRequest) -> Flow<Rolled, R> {
        self.sim.roll(state, req)
    }

    fn answer(&mut self, state: &R::State, question: &R::Question) -> Flow<R::Answer, R> {
        self.questions += 1;
        let menu = R::answer_menu(state, question);
        self.longest = self.longest.max(menu.longest_list());
        if self.first_menu.is_none() {
            self.first_menu = Some(fray_session::view::menu::outline(&menu, 3));
        }
        for (path, a) in menu.paths() {
            if let Err(e) = R::check_answer(question, a) {
                self.refused.push(format!("{}: {e}", path.join(" > ")));
            }
        }
        self.sim.answer(state, question)
    }

    fn action(&mut self, state: &R::State, actor: CombatantId) -> Flow<R::Action, R> {
        self.sim.action(state, actor)
    }
}

/// Plays the AI in the scenario `stem` until `pick` accepts a turn (the
/// state with that actor about to declare), at most 60 turns.
pub fn turn_where<R: Ruleset>(
    stem: &str,
    seed: u64,
    pick: impl Fn(&R::State, CombatantId) -> bool,
) -> (R::State, CombatantId) {
    let mut state = start::<R>(stem);
    let mut oracle = Checking::<R>::seeded(seed);
    for _ in 0..60 {
        let actor = to_next_actor::<R>(&mut state, &mut oracle).expect("the fight goes on");
        if pick(&state, actor) {
            return (state, actor);
        }
        play_ai::<R>(&mut state, &mut oracle, actor);
    }
    panic!("{stem}: no such turn in 60");
}

/// Whether `actor` may attack someone now (its menu has an Attack list).
pub fn can_attack<R: Ruleset>(state: &R::State, actor: CombatantId) -> bool {
    R::action_menu(state, actor)
        .choices
        .iter()
        .any(|c| c.label.starts_with("Attack") || c.label.starts_with("Melee Attack"))
}
