//! Shared helpers of the session tests: a bundled GURPS scenario, and a
//! table that answers every request the same way so games can be played
//! twice and compared.

use fray_core::engine::Progress;
use fray_core::scenario::SourceFile;
use fray_core::{Pending, RollInput, Ruleset};
use fray_gurps::Gurps;
use fray_session::{Attempt, By, Session};
use std::path::Path;

/// The starting state of a bundled GURPS scenario.
pub fn start(name: &str) -> <Gurps as Ruleset>::State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/gurps")
        .join(name);
    let file = SourceFile::read(&path).expect("reads the scenario");
    fray_core::run::load::<Gurps>(file)
        .expect("loads the scenario")
        .state
}

/// The knight-vs-orcs fight with the knight at the table.
pub fn knight() -> Session<Gurps> {
    Session::new(start("knight-vs-orcs-table.toml"), 3)
}

/// Plays until `steps` engine steps are in the log or the fight is over:
/// the first menu entry for actions and answers, "roll for me" for the
/// knight's dice, and 10 for every die the table rolls for another figure
/// (a total that fits 3d6; other dice are rolled for them). Returns the
/// events of the completed steps.
pub fn play(session: &mut Session<Gurps>, steps: u64) -> Vec<String> {
    let mut events = Vec::new();
    for _ in 0..10_000 {
        if session.over().is_some() || session.steps() >= steps {
            return events;
        }
        match session.attempt() {
            Attempt::Done(e, progress) => {
                events.extend(e.iter().map(ToString::to_string));
                if let Progress::Over(_) = progress {
                    return events;
                }
            }
            Attempt::Waiting { state, pending, .. } => match pending {
                Pending::Action(actor) => {
                    let first = Gurps::legal_actions(&state, actor).remove(0);
                    let name = Gurps::name(&state, actor).to_string();
                    session.supply_action(&name, first);
                }
                Pending::Answer(q) => {
                    let answer = Gurps::answer_options(&q)
                        .into_iter()
                        .next()
                        .unwrap_or_else(|| Gurps::ai_answer(&state, &q));
                    session.supply_answer(answer);
                }
                Pending::Roll(req) => {
                    let knight = req
                        .roller
                        .is_some_and(|id| Gurps::name(&state, id) == "Sir Ector");
                    let typed = RollInput::Total(10);
                    if !knight && typed.resolve(&req.kind).is_ok() {
                        session.supply_roll(typed, By::Table);
                    } else {
                        let rolled = session.roll_for_me(&req);
                        session.supply_roll(RollInput::Exact(rolled), By::ForMe);
                    }
                }
            },
            Attempt::Rejected(why) => panic!("rejected: {why}"),
        }
    }
    panic!("the fight did not end");
}
