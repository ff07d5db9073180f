//! Random legal play at the table, for every ruleset and every bundled
//! scenario: people choose any legal action and answer, and type any die
//! (some impossible, refused) or ask the table to roll. Whatever they do,
//! nothing panics, no pool runs past its maximum or wraps, the log replays
//! to the same state, and every seat's view serializes.
//!
//! Deterministic: proptest's seed is fixed, so a run is the same run.

use crate::common::{load, scenarios};
use fray_core::{Pending, RollInput, Ruleset};
use fray_session::table::Table;
use fray_session::{Given, Seat, SeatPlan, Session};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// Most inputs a random game gives before it stops (the fight may go on).
const INPUTS: usize = 250;

/// A seat of one player playing every figure, so every choice is a person's.
fn everyone_played(names: Vec<String>) -> SeatPlan {
    SeatPlan {
        players: vec![fray_core::PlayerSeat {
            name: "P".into(),
            figures: names,
        }],
        npcs: fray_core::NpcView::Shown,
    }
}

/// Plays `session` with `picks` choosing among the legal options.
fn play<R: Ruleset>(session: &mut Session<R>, picks: &[u16]) {
    let p = Seat::Player("P".into());
    for (n, &pick) in picks.iter().enumerate().take(INPUTS) {
        if session.over().is_some() {
            return;
        }
        let Some(w) = session.waiting().cloned() else {
            assert!(session.paused(), "stuck: {:?}", session.stuck());
            session.submit(&Seat::Gm, Given::Continue).unwrap();
            continue;
        };
        let pick = usize::from(pick);
        let given = match &w.pending {
            Pending::Action(actor) => {
                let legal = R::legal_actions(&w.state, *actor);
                assert!(
                    !legal.is_empty(),
                    "no legal action for {}",
                    R::name(&w.state, *actor)
                );
                Given::Action {
                    actor: None,
                    action: legal[pick % legal.len()].clone(),
                }
            }
            Pending::Answer(q) => {
                let options = R::answer_options(q);
                match options.is_empty() {
                    true => Given::Answer(R::ai_answer(&w.state, q)),
                    false => Given::Answer(options[pick % options.len()].clone()),
                }
            }
            // One roll in four typed (a total that may be impossible).
            Pending::Roll(_) if pick % 4 == 0 => {
                Given::Roll(RollInput::Total(i32::from(pick as u8 % 40)))
            }
            Pending::Roll(_) => Given::RollForMe,
        };
        let typed = matches!(given, Given::Roll(_));
        match session.submit(&p, given) {
            Ok(_) => {}
            // A typed total the dice cannot show is refused; roll for them.
            Err(_) if typed => {
                session.submit(&p, Given::RollForMe).unwrap();
            }
            Err(e) => panic!("input {n}: a legal choice was refused: {e}"),
        }
    }
}

/// The properties of one random game of `state`.
fn random_game<R: Ruleset>(state: R::State, seed: u64, picks: &[u16]) {
    let names: Vec<String> = R::roster(&state).into_iter().map(|c| c.name).collect();
    let mut session = Session::<R>::new(state.clone(), seed);
    session
        .submit(&Seat::Gm, Given::Seats(everyone_played(names)))
        .unwrap();
    play(&mut session, picks);
    // Pools within their rules: no vital pool above its maximum, none wrapped.
    for c in R::roster(session.state()) {
        for (pool, spec) in c.pools.iter().zip(R::POOLS) {
            assert!(pool.current.abs() <= 1_000_000, "{}: {pool:?}", c.name);
            if spec.vital {
                assert!(pool.current <= pool.max, "{}: {pool:?}", c.name);
            }
        }
    }
    // The log replays to the same state.
    let again = Session::resume(state, session.saved_game()).expect("the log replays");
    assert_eq!(
        serde_json::to_string(again.state()).unwrap(),
        serde_json::to_string(session.state()).unwrap()
    );
    // Every seat's view.
    let table = Table::of(session, R::NAME);
    for seat in [Seat::Gm, Seat::Player("P".into()), Seat::Watcher] {
        serde_json::to_string(&table.view(&seat)).unwrap();
        serde_json::to_string(&table.records_after(&seat, 0)).unwrap();
    }
}

/// Random games of every bundled scenario of `R`.
fn random_games<R: Ruleset>(cases: u32) {
    for path in scenarios::<R>() {
        let state = load::<R>(&path);
        let config = Config {
            cases,
            rng_seed: RngSeed::Fixed(0x5eed),
            failure_persistence: None,
            ..Config::default()
        };
        let strategy = (
            any::<u64>(),
            proptest::collection::vec(any::<u16>(), INPUTS),
        );
        TestRunner::new(config)
            .run(&strategy, |(seed, picks)| {
                random_game::<R>(state.clone(), seed, &picks);
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

#[test]
fn random_legal_play_holds_in_gurps() {
    random_games::<fray_gurps::Gurps>(3);
}

#[test]
fn random_legal_play_holds_in_dragonquest() {
    random_games::<fray_dragonquest::DragonQuest>(3);
}

#[test]
fn random_legal_play_holds_in_d20_3d6() {
    random_games::<fray_d20_3d6::D20>(3);
}

#[test]
fn random_legal_play_holds_in_margin_3d6() {
    random_games::<fray_margin_3d6::Margin>(3);
}
