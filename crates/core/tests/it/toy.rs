//! The protocol tested with a toy ruleset: two duellists take turns;
//! the attacker rolls 1d6 and hits on 4+, the defender may ask to dodge
//! (a 1d6 roll, 5+ saves); three hits end the fight.

use fray_core::dice::Prob;
use fray_core::dice::RollKind;
use fray_core::engine::{self, Progress};
use fray_core::odds::{self, ActionEffects, OddsOptions};
use fray_core::script::{self, Leftovers, StopReason};
use fray_core::{
    Addressee, CombatantId, Controller, Cx, Engine, Fight, FigureStatus, FigureTally, Flow,
    GmPowers, Halt, Illegal, InputLog, InputOracle, Next, NullSink, Pending, PoolSpec, Pools,
    RollInput, RollRequest, Seats, SetupError, SideId, SimOracle, TableView, VecSink, Vitality,
};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Toy;

#[derive(Clone, Debug, Serialize)]
struct State {
    controllers: [Controller; 2],
    seats: Seats,
    hits: [u8; 2],
    turn: u32,
    /// Strikes forbidden, while the AI still strikes: a ruleset that breaks
    /// its promise ([`Engine::AI_ACTIONS_ARE_LEGAL`]), for the engine's check.
    strikes_banned: bool,
    /// The resolution's direct answer to the dodge question differs from
    /// the AI's: a ruleset that breaks [`Cx::ask_or_ai`]'s contract.
    direct_lies: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Action {
    Strike,
    Wait,
    /// A golden-dice gamble (open-ended): hits on 12+, for truncation tests.
    Gamble,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct Question {
    defender: CombatantId,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Answer {
    Dodge,
    Take,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
enum Event {
    Rolled(&'static str, i32),
    Hit(u16),
}

#[derive(Deserialize, schemars::JsonSchema)]
struct Scenario {
    human: Option<u16>,
}

macro_rules! display {
    ($($t:ty),*) => {$(impl fmt::Display for $t {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{self:?}") }
    })*};
}
display!(Action, Question, Answer, Event);

impl Fight for Toy {
    const ID: &'static str = "toy";
    const NAME: &'static str = "Toy duel";
    const POOLS: &'static [PoolSpec] = &[PoolSpec {
        id: "hp",
        label: "HP",
        name: "hits left",
        vital: true,
    }];
    const COUNTERS: &'static [fray_core::CounterSpec] = &[];
    const ACTION_EXAMPLES: &'static [&'static str] = &["wait", "strike"];
    type Scenario = Scenario;
    type State = State;
    type Action = Action;
    type Question = Question;
    type Answer = Answer;
    type Event = Event;
    fn controller(state: &State, who: CombatantId) -> &Controller {
        &state.controllers[who.index()]
    }
    fn seats(state: &State) -> &Seats {
        &state.seats
    }
    fn name(_: &State, who: CombatantId) -> &str {
        ["Ann", "Bob"][who.index()]
    }
    fn side(_: &State, who: CombatantId) -> SideId {
        SideId(who.0 as u8)
    }
    fn side_names(_: &State) -> &[String] {
        static SIDES: std::sync::LazyLock<[String; 2]> =
            std::sync::LazyLock::new(|| ["A".into(), "B".into()]);
        &*SIDES
    }
    fn pools(state: &State, who: CombatantId) -> Pools {
        Pools::of(&[(3 - i32::from(state.hits[who.index()]), 3)])
    }
    fn status(state: &State, who: CombatantId) -> FigureStatus {
        FigureStatus {
            vitality: if state.hits[who.index()] >= 3 {
                Vitality::Down
            } else {
                Vitality::Active
            },
            conditions: vec![],
            position: String::new(),
        }
    }
    fn figure_tally(state: &State, who: CombatantId) -> FigureTally {
        let hits = state.hits[who.index()];
        FigureTally {
            taken: i32::from(hits),
            down: hits >= 3,
            ..FigureTally::default()
        }
    }
    fn combatants(_: &State) -> usize {
        2
    }
    fn round(state: &State) -> u32 {
        state.turn / 2
    }
}

impl Engine for Toy {
    fn setup(s: &Scenario) -> Result<State, SetupError> {
        let mut controllers = [Controller::default(), Controller::default()];
        if let Some(h) = s.human {
            *controllers
                .get_mut(usize::from(h))
                .ok_or_else(|| SetupError::new("human", "0 or 1"))? = Controller::Human;
        }
        Ok(State {
            controllers,
            seats: Seats::default(),
            hits: [0, 0],
            turn: 0,
            strikes_banned: false,
            direct_lies: false,
        })
    }
    fn next(state: &mut State, _: &mut impl Cx<Self>) -> Flow<Next, Self> {
        if let Some(loser) = state.hits.iter().position(|&h| h >= 3) {
            return Ok(Next::Over(fray_core::Outcome {
                winner: Some(SideId(1 - loser as u8)),
                reason: fray_core::EndReason::Victory,
                rounds: state.turn / 2,
            }));
        }
        state.turn += 1;
        Ok(Next::Act(CombatantId(((state.turn - 1) % 2) as u16)))
    }
    fn legal_actions(_: &State, _: CombatantId) -> Vec<Action> {
        vec![Action::Strike, Action::Wait]
    }
    /// The toy AI always strikes, and strikes are legal unless banned.
    const AI_ACTIONS_ARE_LEGAL: bool = true;
    fn check_action(state: &State, _: CombatantId, action: &Action) -> Result<(), Illegal> {
        if state.strikes_banned && *action == Action::Strike {
            return Err(Illegal::new("TOY-1", "strikes are banned"));
        }
        Ok(())
    }
    fn resolve(
        state: &mut State,
        actor: CombatantId,
        action: &Action,
        cx: &mut impl Cx<Self>,
    ) -> Flow<(), Self> {
        let defender = CombatantId(1 - actor.0);
        match action {
            Action::Wait => return Ok(()),
            Action::Gamble => {
                let g = cx.roll(
                    state,
                    RollRequest::new(Some(actor), RollKind::golden(0, 0), "gamble", "T-003"),
                )?;
                if g.total >= 12 {
                    state.hits[defender.index()] += 1;
                    cx.emit(|| Event::Hit(defender.0));
                }
                return Ok(());
            }
            Action::Strike => {}
        }
        let hit = cx.roll(
            state,
            RollRequest::new(Some(actor), RollKind::d(1, 6), "strike", "T-001").against(4),
        )?;
        cx.emit(|| Event::Rolled("strike", hit.total));
        if hit.total < 4 {
            return Ok(());
        }
        // The AI always dodges; the simulator takes that without the question.
        let direct = || {
            if state.direct_lies {
                Answer::Take
            } else {
                Answer::Dodge
            }
        };
        if cx.ask_or_ai(state, || Question { defender }, direct)? == Answer::Dodge {
            let d = cx.roll(
                state,
                RollRequest::new(Some(defender), RollKind::d(1, 6), "dodge", "T-002"),
            )?;
            cx.emit(|| Event::Rolled("dodge", d.total));
            if d.total >= 5 {
                return Ok(());
            }
        }
        state.hits[defender.index()] += 1;
        cx.emit(|| Event::Hit(defender.0));
        Ok(())
    }
    fn addressee(q: &Question) -> Addressee {
        Addressee::Combatant(q.defender)
    }
    fn check_answer(_: &Question, _: &Answer) -> Result<(), Illegal> {
        Ok(())
    }
    fn ai_action(_: &State, _: CombatantId) -> Action {
        Action::Strike
    }
    fn ai_answer(_: &State, _: &Question) -> Answer {
        Answer::Dodge
    }
}

impl TableView for Toy {
    fn answer_options(_: &Question) -> Vec<Answer> {
        vec![Answer::Dodge, Answer::Take]
    }
}

impl GmPowers for Toy {}

/// The toy's effects: `hit` (the defender took a hit), `defended` (a dodge
/// saved it), `strike_success` (the strike roll was 4+).
impl ActionEffects for Toy {
    fn effects(
        before: &State,
        after: &State,
        actor: CombatantId,
        _action: &Action,
        events: &[Event],
    ) -> Vec<(&'static str, i64)> {
        let defender = 1 - actor.index();
        let hit = i64::from(after.hits[defender]) - i64::from(before.hits[defender]);
        let defended = events
            .iter()
            .any(|e| matches!(e, Event::Rolled("dodge", d) if *d >= 5));
        let success = events
            .iter()
            .any(|e| matches!(e, Event::Rolled("strike", d) if *d >= 4));
        vec![
            ("hit", hit),
            ("defended", i64::from(defended)),
            ("strike_success", i64::from(success)),
        ]
    }
}

fn start(human: Option<u16>) -> State {
    Toy::setup(&Scenario { human }).unwrap()
}

fn play_sim(seed: u64) -> (fray_core::Outcome, Vec<Event>) {
    let mut state = start(None);
    let mut sink = VecSink::default();
    let outcome = engine::run(&mut state, &mut SimOracle::<Toy>::seeded(seed), &mut sink).unwrap();
    (outcome, sink.events)
}

#[test]
fn sim_oracle_is_deterministic_per_seed() {
    assert_eq!(play_sim(5), play_sim(5));
    let different = (0..20).any(|s| play_sim(s).1 != play_sim(5).1);
    assert!(different, "seeds change the fight");
    // The null sink plays the same fight without events.
    let mut state = start(None);
    let o = engine::run(&mut state, &mut SimOracle::<Toy>::seeded(5), &mut NullSink).unwrap();
    assert_eq!(o, play_sim(5).0);
}

/// A halt is two words, whatever the ruleset (its payloads are boxed or a
/// word at most), so a `Flow` of a small value is returned in registers.
#[test]
fn halt_is_two_words() {
    assert_eq!(std::mem::size_of::<Halt<Toy>>(), 16);
    assert_eq!(std::mem::size_of::<Flow<(), Toy>>(), 16);
    assert_eq!(std::mem::size_of::<Flow<bool, Toy>>(), 16);
    assert_eq!(std::mem::size_of::<Flow<i32, Toy>>(), 16);
}

/// A direct answer ([`Cx::ask_or_ai`]) that is not the AI's, in the
/// simulator: release builds take it unchecked, debug builds catch it.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "is not its AI's")]
fn debug_builds_check_the_direct_answer_against_the_ai() {
    let mut state = start(None);
    state.direct_lies = true;
    for _ in 0..20 {
        let _ = engine::step(&mut state, &mut SimOracle::<Toy>::seeded(1), &mut NullSink);
    }
}

/// The direct answer is only the simulator's: a script that falls back to
/// the AI gets the question (a lying direct answer changes nothing), and
/// the AI dodges there as the simulator's direct answer does.
#[test]
fn other_oracles_still_get_the_question() {
    let log = InputLog::<Toy>::default();
    let play = |lies: bool, seed: u64| {
        let mut state = start(None);
        state.direct_lies = lies;
        let mut sink = VecSink::default();
        let mut script = InputOracle::script(&log, seed);
        let outcome = engine::run(&mut state, &mut script, &mut sink).unwrap();
        (outcome, sink.events)
    };
    for seed in 0..10 {
        let honest = play(false, seed);
        assert_eq!(play(true, seed), honest);
        let dodges = |events: &[Event]| {
            events
                .iter()
                .filter(|e| matches!(e, Event::Rolled("dodge", _)))
                .count()
        };
        let hits = |events: &[Event]| {
            events
                .iter()
                .filter(|e| matches!(e, Event::Rolled("strike", d) if *d >= 4))
                .count()
        };
        // Every strike that hits is dodged (the AI's answer).
        assert_eq!(dodges(&honest.1), hits(&honest.1));
        let sim = play_sim(seed);
        assert_eq!(dodges(&sim.1), hits(&sim.1));
    }
}

/// A banned strike the AI chose, in the simulator: the engine trusts the
/// ruleset's promise in release, and debug builds catch the broken promise.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "AI chose an illegal action")]
fn debug_builds_check_the_ais_promised_legal_action() {
    let mut state = start(None);
    state.strikes_banned = true;
    let _ = engine::step(&mut state, &mut SimOracle::<Toy>::seeded(1), &mut NullSink);
}

/// The same strike brought by any oracle but the AI-only simulator (here a
/// script that falls back to the same AI) is checked and refused, typed.
#[test]
fn actions_from_other_oracles_are_always_checked() {
    let log = InputLog::<Toy>::default();
    let mut state = start(None);
    state.strikes_banned = true;
    let mut oracle = InputOracle::script(&log, 1);
    let err = engine::step(&mut state, &mut oracle, &mut NullSink).unwrap_err();
    match err {
        Halt::Illegal(refused) => {
            assert_eq!(refused.who, CombatantId(0));
            assert_eq!(refused.why.rule, "TOY-1");
        }
        other => panic!("expected a refusal, got {other}"),
    }
}

#[test]
fn strict_script_plays_exactly_the_given_dice_and_fails_when_out() {
    let mut log = InputLog::<Toy>::default();
    // Ann hits (6), Bob takes it; Bob misses (1); Ann hits (4), Bob dodges with 5.
    log.loose.rolls = [6, 1, 4, 5].map(RollInput::Total).to_vec();
    log.loose.answers = vec![Answer::Take, Answer::Dodge];
    let mut state = start(None);
    let mut oracle = InputOracle::strict(&log);
    let mut sink = VecSink::default();
    for _ in 0..3 {
        engine::step(&mut state, &mut oracle, &mut sink).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(
        sink.events,
        vec![
            Event::Rolled("strike", 6),
            Event::Hit(1),
            Event::Rolled("strike", 1),
            Event::Rolled("strike", 4),
            Event::Rolled("dodge", 5)
        ]
    );
    assert_eq!(state.hits, [0, 1]);
    let err = engine::step(&mut state, &mut oracle, &mut sink).unwrap_err();
    assert!(err.to_string().contains("ran out of dice"), "{err}");
}

#[test]
fn a_script_accounts_for_every_input() {
    // Ann hits (6), Bob takes it; Bob misses (1); Ann hits (4), Bob dodges with 5.
    let answers = [Answer::Take, Answer::Dodge];
    let exact = InputLog::<Toy>::scripted([], [6, 1, 4, 5], answers.clone());
    let events = script::steps(&mut start(None), &exact, 3, Leftovers::Refused)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(events.len(), 5);
    // A die too many is an error, unless the run may stop before the script.
    let longer = InputLog::<Toy>::scripted([], [6, 1, 4, 5, 2], answers);
    let err = script::steps(&mut start(None), &longer, 3, Leftovers::Refused).unwrap_err();
    assert!(matches!(err.why, StopReason::LeftOver), "{err}");
    assert_eq!(err.events.len(), 5);
    assert!(script::steps(&mut start(None), &longer, 3, Leftovers::Allowed).is_ok());
    // A die too few halts the step that wants it, the events so far told.
    let err = script::steps(&mut start(None), &exact, 4, Leftovers::Allowed).unwrap_err();
    assert!(
        matches!(err.why, StopReason::Halted { step: 3, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("ran out of dice"), "{err}");
    assert!(err.to_string().contains("events so far:"), "{err}");
}

#[test]
fn a_script_plays_to_the_end_or_says_where_it_stopped() {
    // Three hits by Ann, each taken; Bob misses between them.
    let log = InputLog::<Toy>::scripted(
        [],
        [6, 1, 6, 1, 6],
        [Answer::Take, Answer::Take, Answer::Take],
    );
    let (outcome, events) =
        script::to_end(&mut start(None), &log, 10).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(outcome.winner, Some(SideId(0)));
    assert_eq!(
        events.iter().filter(|e| matches!(e, Event::Hit(1))).count(),
        3
    );
    let err = script::to_end(&mut start(None), &log, 2).unwrap_err();
    assert!(matches!(err.why, StopReason::NoEnd(2)), "{err}");
    let err = script::steps(&mut start(None), &log, 6, Leftovers::Refused).unwrap_err();
    assert!(
        matches!(err.why, StopReason::Ended { step: 5, .. }),
        "{err}"
    );
}

#[test]
fn a_scripted_action_is_checked_then_resolved_with_exactly_its_inputs() {
    let (ann, log) = (
        CombatantId(0),
        InputLog::<Toy>::scripted([], [6], [Answer::Take]),
    );
    let events = script::resolve(&mut start(None), ann, &Action::Strike, &log)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(events, vec![Event::Rolled("strike", 6), Event::Hit(1)]);
    let mut banned = start(None);
    banned.strikes_banned = true;
    let err = script::resolve(&mut banned, ann, &Action::Strike, &log).unwrap_err();
    assert!(
        matches!(
            err.why,
            StopReason::Halted {
                step: 0,
                halt: Halt::Illegal(_)
            }
        ),
        "{err}"
    );
    let (next, events) = script::next(&mut start(None), &InputLog::<Toy>::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((next, events), (Next::Act(ann), vec![]));
}

#[test]
fn impossible_scripted_dice_are_rejected() {
    let mut log = InputLog::<Toy>::default();
    log.loose.rolls = vec![RollInput::Total(7)];
    let mut state = start(None);
    let err = engine::step(&mut state, &mut InputOracle::strict(&log), &mut NullSink).unwrap_err();
    assert!(matches!(err, Halt::BadInput(_)), "{err}");
    assert!(err.to_string().contains("roll 1 (strike, 1d6)"), "{err}");
}

#[test]
fn table_oracle_suspends_and_resuming_equals_answering_up_front() {
    // Bob is human: his action and his defense answer are asked for.
    let before = start(Some(1));
    let mut oracle = InputOracle::<Toy>::table(&InputLog::default(), 11);
    // Ann's turn: her strike roll is auto-rolled (AI); Bob's answer is pending if she hits.
    let mut state = before.clone();
    let mut first_pending = None;
    let mut sink = VecSink::default();
    for _ in 0..10 {
        let mut trial = state.clone();
        oracle.rewind();
        let mut attempt = VecSink::default();
        match engine::step(&mut trial, &mut oracle, &mut attempt) {
            Ok(_) => {
                oracle.commit_step();
                state = trial;
                sink.events.extend(attempt.events);
            }
            Err(Halt::Pending(Pending::Answer(q))) => {
                assert_eq!(q.defender, CombatantId(1));
                first_pending.get_or_insert(q);
                oracle.supply_answer(Answer::Take);
            }
            Err(Halt::Pending(Pending::Action(who))) => {
                assert_eq!(who, CombatantId(1));
                oracle.supply_action("Bob", Action::Wait);
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(
        first_pending.is_some(),
        "Bob was asked to defend at least once"
    );
    // Replaying the recorded log strictly gives the same state and events.
    let log = oracle.log();
    let mut replay = before.clone();
    let mut strict = InputOracle::strict(&log);
    let mut replay_events = VecSink::default();
    for _ in 0..log.steps.len() {
        match engine::step(&mut replay, &mut strict, &mut replay_events).unwrap() {
            Progress::Acted(..) | Progress::Over(_) => {}
        }
    }
    assert_eq!(
        serde_json::to_string(&replay).unwrap(),
        serde_json::to_string(&state).unwrap()
    );
    assert_eq!(replay_events.events, sink.events);
    // Undo: the log minus its last step rebuilds the state before that step.
    let mut steps = log.steps.clone();
    steps.pop();
    let shorter = InputLog::from_steps(steps);
    let mut undone = before;
    let mut strict = InputOracle::strict(&shorter);
    for _ in 0..shorter.steps.len() {
        engine::step(&mut undone, &mut strict, &mut NullSink).unwrap();
    }
    assert_eq!(undone.turn + 1, state.turn);
}

#[test]
fn input_logs_round_trip_through_toml() {
    let text = "rolls = [6, [3], { total = 2, natural = \"Mixed\" }]\nanswers = [\"dodge\"]\n[[actions]]\nactor = \"Ann\"\naction = \"strike\"\n[[steps]]\nrolls = [1]\n";
    let log: InputLog<Toy> = toml::from_str(text).unwrap();
    assert_eq!(log.loose.rolls.len(), 3);
    assert_eq!(log.loose.actions[0].action, Action::Strike);
    assert_eq!(log.steps.len(), 1);
    let again: InputLog<Toy> = toml::from_str(&toml::to_string(&log).unwrap()).unwrap();
    assert_eq!(again, log);
    let bad = toml::from_str::<InputLog<Toy>>("dice = [1]\n");
    assert!(bad.is_err());
}

#[test]
fn an_impossible_roll_taken_back_is_asked_again() {
    // Ann is human: she declares a strike, types an impossible 7 on 1d6,
    // takes it back and types a 6; the step then completes as if 6 came first.
    let before = start(Some(0));
    let mut oracle = InputOracle::<Toy>::table(&InputLog::default(), 3);
    oracle.supply_action("Ann", Action::Strike);
    let mut trial = before.clone();
    let err = engine::step(&mut trial, &mut oracle, &mut NullSink).unwrap_err();
    assert!(matches!(err, Halt::Pending(Pending::Roll(_))), "{err}");
    let before_roll = oracle.mark();
    oracle.supply_roll(RollInput::Total(7));
    oracle.rewind();
    let mut trial = before.clone();
    let err = engine::step(&mut trial, &mut oracle, &mut NullSink).unwrap_err();
    assert!(matches!(err, Halt::BadInput(_)), "{err}");
    oracle.back_to(before_roll);
    oracle.supply_roll(RollInput::Total(6));
    oracle.rewind();
    let mut trial = before.clone();
    engine::step(&mut trial, &mut oracle, &mut NullSink).unwrap();
    oracle.commit_step();
    assert_eq!(trial.hits, [0, 1]);
    assert_eq!(oracle.log().steps[0].rolls[0], RollInput::Total(6));
    assert_eq!(
        Toy::answer_options(&Question {
            defender: CombatantId(1)
        })
        .len(),
        2
    );
}

#[test]
fn restart_replays_a_shorter_log_and_keeps_rolling_fresh_dice() {
    // Two AI steps, then start over on the first one only.
    let before = start(None);
    let mut oracle = InputOracle::<Toy>::table(&InputLog::default(), 9);
    let mut state = before.clone();
    for _ in 0..2 {
        engine::step(&mut state, &mut oracle, &mut NullSink).unwrap();
        oracle.commit_step();
    }
    let first = oracle.recorded()[0].clone();
    oracle.restart(&InputLog::from_steps(vec![first.clone()]));
    let mut again = before;
    engine::step(&mut again, &mut oracle, &mut NullSink).unwrap();
    oracle.commit_step();
    assert!(!oracle.has_unused_inputs());
    assert_eq!(oracle.recorded(), &[first][..]);
    assert_eq!(again.turn, 1);
}

fn q(n: i64, d: i64) -> Prob {
    Prob::new(n.into(), d.into())
}

#[test]
fn odds_of_a_strike_are_exact() {
    // 1d6 >= 4 hits (1/2); the AI always dodges, 5+ saves (1/3):
    // P(hit) = 1/2 * 2/3 = 1/3, P(defended) = 1/2 * 1/3 = 1/6.
    let o = odds::action_odds::<Toy>(&start(None), None, &Action::Strike, &OddsOptions::default())
        .unwrap();
    assert_eq!(o.actor, CombatantId(0), "Ann acts first");
    assert_eq!(o.actor_name, "Ann");
    assert_eq!(o.p("strike_success"), q(1, 2));
    assert_eq!(o.p("hit"), q(1, 3));
    assert_eq!(o.p("defended"), q(1, 6));
    let hit = o.feature("hit").unwrap();
    assert_eq!(hit.distribution, vec![(0, q(2, 3)), (1, q(1, 3))]);
    assert_eq!(hit.mean, q(1, 3));
    assert_eq!(o.leftover, q(0, 1));
    // 3 misses + 3 hits x 6 dodge rolls = 21 leaves; 3 distinct outcomes.
    assert_eq!(o.leaves, 21);
    assert_eq!(o.outcomes.len(), 3);
    let total: Prob = o.outcomes.iter().map(|(_, p)| p.clone()).sum();
    assert_eq!(total, q(1, 1));
    assert_eq!(o.outcomes[0], (vec![], q(1, 2)), "a miss is the likeliest");
    // The AI's decision is named, with the probability it was asked.
    assert_eq!(o.decisions, vec![("Bob: Dodge".to_string(), q(1, 2))]);
}

#[test]
fn odds_for_a_later_actor_pass_the_turns_before() {
    // Bob acts second: Ann's turn passes without an action.
    let o = odds::action_odds::<Toy>(
        &start(None),
        Some(CombatantId(1)),
        &Action::Strike,
        &OddsOptions::default(),
    )
    .unwrap();
    assert_eq!(o.actor_name, "Bob");
    assert_eq!(o.p("hit"), q(1, 3));
    assert_eq!(o.decisions[0].0, "Ann: Dodge");
    let wait = odds::action_odds::<Toy>(&start(None), None, &Action::Wait, &OddsOptions::default())
        .unwrap();
    assert_eq!(wait.p("hit"), q(0, 1));
    assert_eq!(wait.leaves, 1);
}

#[test]
fn odds_stop_at_the_leaf_cap_with_a_partial_result() {
    let opts = OddsOptions {
        max_leaves: 1 + 2 * odds::FIGURE_WORK + 4,
        ..OddsOptions::default()
    };
    // One leaf of the budget finds Ann's turn, and keeping that start
    // state costs its two figures; the strike has the other four: depth
    // first, the misses 1, 2, 3, and a 4 that Bob fails to dodge with a 1.
    // The other 17/36 of the tree is left out, and the result says so.
    let o = odds::action_odds::<Toy>(&start(None), None, &Action::Strike, &opts).unwrap();
    assert_eq!(o.leaves, 4);
    assert_eq!(o.unexplored, q(17, 36));
    assert_eq!(o.p("hit"), q(1, 36));
    assert!(o.to_string().contains("partial: probability 17/36"), "{o}");
}

#[test]
fn truncated_explosions_are_reported_as_leftover() {
    // Golden dice are open-ended: the cut-off mass is reported, never dropped.
    let opts = OddsOptions {
        tolerance: q(1, 1_000_000),
        ..OddsOptions::default()
    };
    let o = odds::action_odds::<Toy>(&start(None), None, &Action::Gamble, &opts).unwrap();
    assert!(
        o.leftover > q(0, 1) && o.leftover <= q(1, 1_000_000),
        "{}",
        o.leftover
    );
    let hit = o.feature("hit").unwrap();
    let total: Prob = hit.distribution.iter().map(|(_, p)| p.clone()).sum();
    assert_eq!(total + &o.leftover, q(1, 1));
    // The same, exactly, from the dice crate's own distribution, cut by
    // mass as the walk cuts it.
    let mut outs = RollKind::golden(0, 0).outcomes(&q(1, 1_000_000)).unwrap();
    outs.trim(&q(1, 1_000_000));
    assert_eq!(o.leftover, outs.leftover);
    let want: Prob = outs
        .outcomes
        .iter()
        .filter(|(r, _)| r.total >= 12)
        .map(|(_, p)| p.clone())
        .sum();
    assert_eq!(o.p("hit"), want);
}

/// The catalog conformance checks (`fray_core::data::conformance`), run on
/// a toy bestiary that can be broken on purpose, one defect at a time.
mod catalog {
    use super::Toy;
    use fray_core::data::conformance::{Bestiary, Defect, check_catalog};
    use fray_core::data::{Catalog, Kind, Listing, Template, check_new};
    use fray_core::scenario::{FileError, SourceFile};
    use serde::{Deserialize, Serialize};
    use std::cell::Cell;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub(super) struct Sheet {
        st: i32,
    }

    #[derive(Clone, Debug, Deserialize)]
    struct Entry {
        id: String,
        name: String,
        st: i32,
    }

    #[derive(Deserialize)]
    struct File {
        template: Vec<Entry>,
    }

    /// The defect the toy catalog has, if any.
    #[derive(Clone, Copy, PartialEq)]
    enum Fault {
        None,
        ShowsAnotherSheet,
        RaggedRow,
        AcceptsRedefinition,
    }

    thread_local! {
        static FAULT: Cell<Fault> = const { Cell::new(Fault::None) };
    }

    const BESTIARY: &str = "[[template]]\nid = \"goblin\"\nname = \"Goblin\"\nst = 8\n";

    #[derive(Clone)]
    pub(super) struct Data {
        templates: Vec<(String, String, Sheet)>,
        shown: Vec<(String, String, Sheet)>,
    }

    /// The data set as the core's loaders see it; the catalog below keeps
    /// its own hooks so that its faults show.
    impl fray_core::data::DataSet for Data {
        type Sheet = Sheet;
        fn bundled() -> Result<&'static Data, String> {
            Err("the toy bundles no data".into())
        }
        fn add_file(&mut self, file: &SourceFile) -> Result<(), FileError> {
            let new = file.parse::<File>()?.template;
            let known = self.templates.iter().map(|t| t.0.as_str());
            check_new(file, "template", "id", known, &new, |e| &e.id)?;
            let rows = new.into_iter().map(|e| (e.id, e.name, Sheet { st: e.st }));
            self.templates.extend(rows);
            self.shown = self.templates.clone();
            Ok(())
        }
        /// The toy bundles nothing: its catalog reads its bestiary.
        fn with_extra(extra: &[SourceFile]) -> Result<Data, FileError> {
            Toy::catalog(extra)
        }
        fn templates(&self) -> Vec<Template<'_, Sheet>> {
            Toy::templates(self)
        }
    }

    impl Catalog for Toy {
        type Data = Data;

        fn catalog(extra: &[SourceFile]) -> Result<Data, FileError> {
            let mut all: Vec<Entry> = SourceFile::new("bestiary.toml", BESTIARY)
                .parse::<File>()?
                .template;
            for file in extra {
                let new = file.parse::<File>()?.template;
                if FAULT.get() != Fault::AcceptsRedefinition {
                    let known = all.iter().map(|e| e.id.as_str());
                    check_new(file, "template", "id", known, &new, |e| &e.id)?;
                }
                all.extend(new);
            }
            let templates: Vec<_> = all
                .into_iter()
                .map(|e| (e.id, e.name, Sheet { st: e.st }))
                .collect();
            let mut shown = templates.clone();
            if FAULT.get() == Fault::ShowsAnotherSheet {
                shown[0].2.st += 1;
            }
            Ok(Data { templates, shown })
        }

        fn list(data: &Data, kind: Kind) -> Option<Listing> {
            (kind == Kind::Templates).then(|| {
                let mut l = Listing::new(&["Id", "Name", "ST"]);
                for (id, name, sheet) in &data.templates {
                    let mut row = vec![id.clone(), name.clone(), sheet.st.to_string()];
                    if FAULT.get() == Fault::RaggedRow {
                        row.pop();
                    }
                    l.row(row);
                }
                l
            })
        }

        fn templates(data: &Data) -> Vec<Template<'_, Sheet>> {
            data.shown
                .iter()
                .map(|(id, name, sheet)| Template { id, name, sheet })
                .collect()
        }

        fn show_template(data: &Data, id: &str) -> Option<String> {
            let (id, name, sheet) = data.templates.iter().find(|t| t.0 == id)?;
            fray_core::data::template_toml(id, name, sheet).ok()
        }
    }

    fn check(fault: Fault) -> Result<(), Defect> {
        FAULT.set(fault);
        let result = check_catalog::<Toy>(Bestiary {
            text: BESTIARY,
            key: "template",
        });
        FAULT.set(Fault::None);
        result
    }

    #[test]
    fn a_sound_catalog_passes() {
        assert_eq!(check(Fault::None), Ok(()));
    }

    #[test]
    fn each_defect_is_caught_and_named() {
        assert!(matches!(
            check(Fault::ShowsAnotherSheet),
            Err(Defect::Differs { id, .. }) if id == "goblin"
        ));
        assert_eq!(
            check(Fault::RaggedRow),
            Err(Defect::Ragged {
                kind: Kind::Templates,
                row: 0,
                cells: 2,
                columns: 3
            })
        );
        assert_eq!(
            check(Fault::AcceptsRedefinition),
            Err(Defect::RedefinitionAccepted("goblin".into()))
        );
    }
}
