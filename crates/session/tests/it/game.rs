//! Shared helpers of the session tests: a bundled GURPS scenario, the GM's
//! seat giving inputs, and a table that answers every request the same way
//! so games can be played twice and compared.

use fray_core::Engine;
use fray_core::Fight;
use fray_core::TableView;
use fray_core::scenario::SourceFile;
use fray_core::{Override, Pending, RollInput, Ruleset};
use fray_gurps::Gurps;
use fray_session::log::{Entry, Told};
use fray_session::{DiceRule, Given, Refused, Seat, Session};
use std::path::Path;

/// The starting state of a bundled GURPS scenario.
pub fn start(name: &str) -> <Gurps as fray_core::Fight>::State {
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

/// `given` from the GM's seat.
pub fn gm<R: Ruleset>(session: &mut Session<R>, given: Given<R>) -> Result<Vec<u64>, Refused> {
    session.submit(&Seat::Gm, given)
}

/// What the records `revs` made happen, in words.
pub fn told<R: Ruleset>(session: &Session<R>, revs: &[u64]) -> Vec<String> {
    revs.iter()
        .filter_map(|&rev| session.record(rev))
        .flat_map(|(_, told)| told.iter().map(ToString::to_string))
        .collect()
}

/// An override from the GM: the words it said (not the events after it).
pub fn ov<R: Ruleset>(session: &mut Session<R>, ov: Override) -> Result<Vec<String>, Refused> {
    let revs = gm(session, Given::Override(ov))?;
    let (_, told) = session.record(revs[0]).expect("the override's record");
    Ok(told
        .iter()
        .filter_map(|t| match t {
            Told::Said(s) => Some(s.clone()),
            Told::Event(_) => None,
        })
        .collect())
}

/// A dice setting from the GM.
pub fn dice<R: Ruleset>(session: &mut Session<R>, rule: DiceRule) -> Result<(), Refused> {
    gm(session, Given::Dice(rule)).map(|_| ())
}

/// The revisions the undo or redo record among `revs` moved, and how many
/// of them were not inputs (steps, overrides, settings).
pub fn moved<R: Ruleset>(session: &Session<R>, revs: &[u64]) -> (usize, usize) {
    let (record, _) = session.record(revs[0]).expect("the record");
    let (Entry::Undo(m) | Entry::Redo(m)) = &record.entry else {
        panic!("not an undo or a redo: {:?}", record.entry.kind());
    };
    let entries = m
        .iter()
        .filter(|&&r| !matches!(session.record(r).unwrap().0.entry, Entry::Input(_)))
        .count();
    (m.len(), entries)
}

/// The GM's undo: how many entries (not inputs) it took back; 0 for the
/// last input of the step in progress.
pub fn undo<R: Ruleset>(session: &mut Session<R>) -> Result<usize, Refused> {
    let revs = gm(session, Given::Undo)?;
    Ok(moved(session, &revs).1)
}

/// The GM's redo: how many entries it gave back, and what it told.
pub fn redo<R: Ruleset>(session: &mut Session<R>) -> Result<(usize, Vec<String>), Refused> {
    let revs = gm(session, Given::Redo)?;
    Ok((moved(session, &revs).1, told(session, &revs)))
}

/// One step of an all-AI table played by the GM (`step`); false once
/// nothing is paused (over, or a person waited for).
pub fn step<R: Ruleset>(session: &mut Session<R>) -> bool {
    session.paused() && gm(session, Given::Step).is_ok()
}

/// Plays an all-AI table step by step until `steps` steps are in effect or
/// the end.
pub fn run<R: Ruleset>(session: &mut Session<R>, steps: u64) {
    while session.over().is_none() && session.steps() < steps {
        assert!(
            session.waiting().is_none(),
            "an all-AI fight asked: {:?}",
            session.waiting().map(|w| &w.pending)
        );
        assert!(step(session), "stuck: {:?}", session.stuck());
    }
}

/// Plays until `steps` engine steps are in effect or the fight is over:
/// the first menu entry for actions and answers, "roll for me" for the
/// knight's dice, and 10 for every die the table rolls for another figure
/// (a total that fits 3d6; other dice are rolled for them). Returns what
/// the records written told.
pub fn play(session: &mut Session<Gurps>, steps: u64) -> Vec<String> {
    let mut events = Vec::new();
    for _ in 0..10_000 {
        if session.over().is_some() || session.steps() >= steps {
            return events;
        }
        let given = match session.waiting().cloned() {
            None if session.paused() => Given::Continue,
            None => panic!("stuck: {:?}", session.stuck()),
            Some(w) => match w.pending {
                Pending::Action(actor) => Given::Action {
                    actor: None,
                    action: Gurps::legal_actions(&w.state, actor).remove(0),
                },
                Pending::Answer(q) => Given::Answer(
                    Gurps::answer_options(&q)
                        .into_iter()
                        .next()
                        .unwrap_or_else(|| Gurps::ai_answer(&w.state, &q)),
                ),
                Pending::Roll(req) => {
                    let knight = req
                        .roller
                        .is_some_and(|id| Gurps::name(&w.state, id) == "Sir Ector");
                    let typed = RollInput::Total(10);
                    if !knight && typed.resolve(&req.kind).is_ok() {
                        Given::Roll(typed)
                    } else {
                        Given::RollForMe
                    }
                }
            },
        };
        let revs = gm(session, given).unwrap_or_else(|e| panic!("refused: {e}"));
        events.extend(told(session, &revs));
    }
    panic!("the fight did not end");
}
