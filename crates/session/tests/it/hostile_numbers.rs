//! Numbers no one should type, given at the table in every ruleset: each
//! number of the action, the answer or the dice a seat is asked for is
//! replaced in turn by an extreme (negative, zero, the ends of `i32`,
//! `u32` and of the integers JSON carries), as an input script, a saved
//! game or a browser could send them. Whatever is sent, nothing panics: an
//! input that does not fit its type or its rules is refused and changes
//! nothing; one that is accepted leaves every pool within its rules, and
//! the log still replays to the same state (issue 35).

use crate::common::{load, scenarios};
use fray_core::{Pending, RollInput, Ruleset};
use fray_session::{Given, Seat, SeatPlan, Session};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The numbers tried in place of each one given.
const EXTREMES: [i64; 8] = [
    -1,
    0,
    i32::MAX as i64,
    i32::MIN as i64,
    u32::MAX as i64,
    i64::MAX,
    i64::MIN,
    9_007_199_254_740_993,
];

/// Most inputs a game gives.
const INPUTS: usize = 120;

/// Every copy of `value` with one of its numbers replaced by an extreme.
fn mutations(value: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    let mut paths = Vec::new();
    numbers(value, &mut Vec::new(), &mut paths);
    for path in paths {
        for x in EXTREMES {
            let mut copy = value.clone();
            *at(&mut copy, &path) = Value::from(x);
            out.push(copy);
        }
    }
    out
}

/// A step into a JSON value: a key or an index.
enum Step {
    Key(String),
    Index(usize),
}

/// The paths to every number in `value`.
fn numbers(value: &Value, here: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match value {
        Value::Number(_) => out.push(
            here.iter()
                .map(|s| match s {
                    Step::Key(k) => Step::Key(k.clone()),
                    Step::Index(i) => Step::Index(*i),
                })
                .collect(),
        ),
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                here.push(Step::Index(i));
                numbers(v, here, out);
                here.pop();
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                here.push(Step::Key(k.clone()));
                numbers(v, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(value: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(value, |v, step| match step {
        Step::Key(k) => &mut v[k.as_str()],
        Step::Index(i) => &mut v[*i],
    })
}

/// The copies of `given` with an extreme number that still read as `T`.
fn hostile<T: Serialize + DeserializeOwned>(given: &T) -> Vec<T> {
    let json = serde_json::to_value(given).expect("serializes");
    mutations(&json)
        .into_iter()
        .filter_map(|v| serde_json::from_value(v).ok())
        .collect()
}

/// No pool past its maximum or wrapped.
fn pools_hold<R: Ruleset>(session: &Session<R>, what: &str) {
    for c in R::roster(session.state()) {
        for (pool, spec) in c.pools.iter().zip(R::POOLS) {
            assert!(
                pool.current.abs() <= 1_000_000,
                "{what}: {}: {pool:?}",
                c.name
            );
            assert!(pool.max.abs() <= 1_000_000, "{what}: {}: {pool:?}", c.name);
            if spec.vital {
                assert!(pool.current <= pool.max, "{what}: {}: {pool:?}", c.name);
            }
        }
    }
}

/// Sends `given`; a refusal must change nothing.
fn try_give<R: Ruleset>(session: &mut Session<R>, seat: &Seat, given: Given<R>, what: &str) {
    let before = session.revision();
    match session.submit(seat, given) {
        Ok(_) => pools_hold(session, what),
        Err(_) => assert_eq!(session.revision(), before, "{what}: a refusal wrote"),
    }
}

/// The hostile copies of what the table waits for now.
fn hostile_inputs<R: Ruleset>(state: &R::State, pending: &Pending<R>) -> Vec<Given<R>> {
    match pending {
        Pending::Action(actor) => {
            let mut tried = vec![R::ai_action(state, *actor)];
            tried.extend(R::legal_actions(state, *actor).into_iter().take(3));
            tried
                .iter()
                .flat_map(hostile)
                .map(|action| Given::Action {
                    actor: None,
                    action,
                })
                .collect()
        }
        Pending::Answer(q) => hostile(&R::ai_answer(state, q))
            .into_iter()
            .map(Given::Answer)
            .collect(),
        Pending::Roll(_) => EXTREMES
            .iter()
            .filter_map(|&x| i32::try_from(x).ok())
            .flat_map(|x| [RollInput::Total(x), RollInput::Faces(vec![x, 1, x])])
            .map(Given::Roll)
            .collect(),
    }
}

/// One game of `state` with every figure at one player's seat, each input
/// tried first with its numbers made extreme.
fn a_hostile_game<R: Ruleset>(state: R::State, name: &str) {
    let names: Vec<String> = R::roster(&state).into_iter().map(|c| c.name).collect();
    let mut session = Session::<R>::new(state.clone(), 1);
    let plan = SeatPlan {
        players: vec![fray_core::PlayerSeat {
            name: "P".into(),
            figures: names,
        }],
        npcs: fray_core::NpcView::Shown,
    };
    session.submit(&Seat::Gm, Given::Seats(plan)).unwrap();
    let p = Seat::Player("P".into());
    for n in 0..INPUTS {
        if session.over().is_some() {
            break;
        }
        let Some(w) = session.waiting().cloned() else {
            session.submit(&Seat::Gm, Given::Continue).unwrap();
            continue;
        };
        let what = format!("{name}, input {n}");
        let rev = session.revision();
        for given in hostile_inputs(&w.state, &w.pending) {
            try_give(&mut session, &p, given, &what);
            if session.revision() != rev {
                break;
            }
        }
        if session.revision() == rev {
            let given = match &w.pending {
                Pending::Action(actor) => Given::Action {
                    actor: None,
                    action: R::ai_action(&w.state, *actor),
                },
                Pending::Answer(q) => Given::Answer(R::ai_answer(&w.state, q)),
                Pending::Roll(_) => Given::RollForMe,
            };
            session.submit(&p, given).expect("the AI's own choice");
        }
    }
    let again = Session::resume(state, session.saved_game()).expect("the log replays");
    assert_eq!(
        serde_json::to_string(again.state()).unwrap(),
        serde_json::to_string(session.state()).unwrap(),
        "{name}"
    );
}

fn hostile_games<R: Ruleset>() {
    for path in scenarios::<R>() {
        a_hostile_game::<R>(load::<R>(&path), &path.display().to_string());
    }
}

#[test]
fn extreme_numbers_at_the_table_hold_in_gurps() {
    hostile_games::<fray_gurps::Gurps>();
}

#[test]
fn extreme_numbers_at_the_table_hold_in_dragonquest() {
    hostile_games::<fray_dragonquest::DragonQuest>();
}

#[test]
fn extreme_numbers_at_the_table_hold_in_d20_3d6() {
    hostile_games::<fray_d20_3d6::D20>();
}

#[test]
fn extreme_numbers_at_the_table_hold_in_margin_3d6() {
    hostile_games::<fray_margin_3d6::Margin>();
}
