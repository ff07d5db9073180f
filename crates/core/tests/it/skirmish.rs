//! A toy skirmish shaped like the coming rulesets, to prove the core carries them.
//!
//! Ann and Abe (side A) fight Bob (side B); 6 HP each. Each round the GM
//! rolls 1d6 in secret for fog (a 1 gives -1 to strikes), then the sides
//! roll off (d6 + 1 for A against d6 for B, ties rerolled) for which side
//! goes first, and side A's controller says which of its figures goes
//! first (a side question).
//! Every figure has a budget of two actions a turn (d20-3d6 style): Strike
//! or Pass. A strike is a roll-over: 3d6 + skill 2 (-5 for a second strike
//! in the turn, -1 in fog) against Defense 10 + DEX 1. Missing by exactly
//! one asks the GM whether the blow grazes (1 HP). A hit marks a checkpoint
//! (what follows depends on the state alone), then deals 1d6.

use fray_core::dice::kind::{First, RollOff};
use fray_core::dice::{Prob, RollKind};
use fray_core::engine::{self, Progress};
use fray_core::odds::{self, ActionEffects, OddsError, OddsOptions, ResumeAt};
use fray_core::{
    Addressee, Audience, CombatantId, Controller, CounterSpec, Cx, Engine, Fight, FigureStatus,
    FigureTally, Flow, GmPowers, Halt, Illegal, InputLog, InputOracle, ModList, Next, NullSink,
    Outcome, Pending, PoolSpec, Pools, Reading, RollRecord, RollRequest, Seats, SetupError, SideId,
    SimOracle, TableView, VecSink, Vitality,
};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Skirmish;

const NAMES: [&str; 3] = ["Ann", "Abe", "Bob"];
const SIDE: [u8; 3] = [0, 0, 1];
const ANN: CombatantId = CombatantId(0);
const ABE: CombatantId = CombatantId(1);
const BOB: CombatantId = CombatantId(2);

#[derive(Clone, Debug, Serialize)]
struct State {
    controllers: [Controller; 3],
    seats: Seats,
    hp: [i32; 3],
    /// Grazes taken, for the simulator's counter.
    grazed: [u32; 3],
    round: u32,
    order: Vec<CombatantId>,
    cursor: usize,
    /// Actions left in the current turn.
    budget: u8,
    /// Strikes made in the current turn.
    strikes: u8,
    fog: bool,
    /// Whether strikes mark checkpoints (off to check that merging changes nothing).
    checkpoints: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Action {
    Strike,
    Pass,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
enum Question {
    /// For side A: who goes first.
    First(Vec<CombatantId>),
    /// For the GM: does a miss by one graze?
    Graze(CombatantId),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Answer {
    First(CombatantId),
    Graze(bool),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
enum Event {
    Roll(RollRecord),
    Hit { target: u16, damage: i32 },
    Graze(u16),
}

#[derive(Deserialize, schemars::JsonSchema)]
struct Scenario {}

macro_rules! display {
    ($($t:ty),*) => {$(impl fmt::Display for $t {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{self:?}") }
    })*};
}
display!(Action, Question, Answer, Event);

fn alive(state: &State, who: CombatantId) -> bool {
    state.hp[who.index()] > 0
}

fn side_down(state: &State, side: u8) -> bool {
    (0..3).all(|i| SIDE[i] != side || state.hp[i] <= 0)
}

impl Fight for Skirmish {
    const ID: &'static str = "skirmish";
    const NAME: &'static str = "Toy skirmish";
    const POOLS: &'static [PoolSpec] = &[PoolSpec {
        id: "hp",
        label: "HP",
        name: "Hit points",
        vital: true,
    }];
    const COUNTERS: &'static [CounterSpec] = &[CounterSpec {
        id: "grazes",
        label: "grazes",
        rule: "T-GRAZE",
    }];
    const ACTION_EXAMPLES: &'static [&'static str] = &["pass", "strike"];
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
        NAMES[who.index()]
    }
    fn side(_: &State, who: CombatantId) -> SideId {
        SideId(SIDE[who.index()])
    }
    fn side_names(_: &State) -> &[String] {
        static SIDES: std::sync::LazyLock<[String; 2]> =
            std::sync::LazyLock::new(|| ["A".into(), "B".into()]);
        &*SIDES
    }
    fn pools(state: &State, who: CombatantId) -> Pools {
        Pools::of(&[(state.hp[who.index()], 6)])
    }
    fn status(state: &State, who: CombatantId) -> FigureStatus {
        FigureStatus {
            vitality: if state.hp[who.index()] > 0 {
                Vitality::Active
            } else {
                Vitality::Down
            },
            conditions: vec![],
            position: String::new(),
        }
    }
    fn figure_tally(state: &State, who: CombatantId) -> FigureTally {
        FigureTally {
            down: state.hp[who.index()] <= 0,
            ..FigureTally::counting(&[state.grazed[who.index()]])
        }
    }
    fn combatants(_: &State) -> usize {
        3
    }
    fn round(state: &State) -> u32 {
        state.round
    }
}

impl Engine for Skirmish {
    fn setup(_: &Scenario) -> Result<State, SetupError> {
        Ok(start(Controller::default(), Controller::default()))
    }
    fn next(state: &mut State, cx: &mut impl Cx<Self>) -> Flow<Next, Self> {
        if let Some(loser) = [0, 1].into_iter().find(|&s| side_down(state, s)) {
            return Ok(Next::Over(Outcome {
                winner: Some(SideId(1 - loser)),
                reason: fray_core::EndReason::Victory,
                rounds: state.round,
            }));
        }
        if state.budget > 0 && alive(state, state.order[state.cursor]) {
            return Ok(Next::Act(state.order[state.cursor]));
        }
        state.cursor += 1;
        while state.cursor < state.order.len() && !alive(state, state.order[state.cursor]) {
            state.cursor += 1;
        }
        if state.cursor >= state.order.len() {
            if state.round == 20 {
                return Ok(Next::Over(Outcome {
                    winner: None,
                    reason: fray_core::EndReason::RoundLimit,
                    rounds: state.round,
                }));
            }
            new_round(state, cx)?;
        }
        state.budget = 2;
        state.strikes = 0;
        Ok(Next::Act(state.order[state.cursor]))
    }
    fn pass_turn(state: &mut State, _: CombatantId) {
        state.budget = 0;
    }
    fn legal_actions(_: &State, _: CombatantId) -> Vec<Action> {
        vec![Action::Strike, Action::Pass]
    }
    fn check_action(state: &State, actor: CombatantId, _: &Action) -> Result<(), Illegal> {
        if state.budget == 0 {
            return Err(Illegal::new(
                "T-BUDGET",
                format!("{} has no action left", NAMES[actor.index()]),
            ));
        }
        Ok(())
    }
    fn resolve(
        state: &mut State,
        actor: CombatantId,
        action: &Action,
        cx: &mut impl Cx<Self>,
    ) -> Flow<(), Self> {
        state.budget -= 1;
        match action {
            Action::Pass => {
                state.budget = 0;
                Ok(())
            }
            Action::Strike => strike(state, actor, cx),
        }
    }
    fn addressee(q: &Question) -> Addressee {
        match q {
            Question::First(_) => Addressee::Side(SideId(0)),
            Question::Graze(_) => Addressee::GameMaster,
        }
    }
    fn check_answer(q: &Question, a: &Answer) -> Result<(), Illegal> {
        match (q, a) {
            (Question::First(options), Answer::First(who)) if options.contains(who) => Ok(()),
            (Question::Graze(_), Answer::Graze(_)) => Ok(()),
            _ => Err(Illegal::input("that answers another question")),
        }
    }
    fn ai_action(state: &State, _: CombatantId) -> Action {
        // A seasoned skirmisher does not make a second strike at -5.
        if state.strikes == 0 {
            Action::Strike
        } else {
            Action::Pass
        }
    }
    fn ai_answer(_: &State, q: &Question) -> Answer {
        match q {
            Question::First(options) => Answer::First(*options.last().unwrap_or(&ANN)),
            Question::Graze(_) => Answer::Graze(true),
        }
    }
}

impl TableView for Skirmish {}

impl GmPowers for Skirmish {}

/// The sides' roll-off: d6 + 1 for side A, d6 for side B, highest first,
/// ties rolled again (one request: the dice crate knows the distribution
/// conditional on no tie).
fn initiative() -> RollKind {
    RollKind::RollOff(RollOff::pair(1, 6, [1, 0], First::Highest).expect("a valid roll-off"))
}

/// A new round: the GM's secret fog roll, the sides' roll-off, then side A
/// says who goes first among its figures.
fn new_round(state: &mut State, cx: &mut impl Cx<Skirmish>) -> Flow<(), Skirmish> {
    state.round += 1;
    let req = RollRequest::new(None, RollKind::d(1, 6), "fog", "T-FOG").in_secret();
    let fog = cx.roll(state, req)?;
    cx.emit(|| Event::Roll(RollRecord::new(&req, None, fog)));
    state.fog = fog.total == 1;
    let req = RollRequest::new(None, initiative(), "initiative", "T-INIT");
    let off = cx.roll(state, req)?;
    let b_first = off.standings.winner() == Some(1);
    let options: Vec<CombatantId> = [ANN, ABE]
        .into_iter()
        .filter(|&c| alive(state, c))
        .collect();
    let first = match options.as_slice() {
        [] => None,
        [only] => Some(*only),
        _ => match cx.ask(state, || Question::First(options.clone()))? {
            Answer::First(c) => Some(c),
            Answer::Graze(_) => None,
        },
    };
    state.order = first.into_iter().collect();
    state
        .order
        .extend(options.iter().filter(|&&c| Some(c) != first));
    if b_first {
        state.order.insert(0, BOB);
    } else {
        state.order.push(BOB);
    }
    state.cursor = 0;
    Ok(())
}

/// A roll-over strike at the first foe standing.
fn strike(state: &mut State, actor: CombatantId, cx: &mut impl Cx<Skirmish>) -> Flow<(), Skirmish> {
    let Some(target) = first_foe(state, actor) else {
        return Ok(());
    };
    let mut bonus = ModList::base("skill", 2, "T-SKILL");
    bonus.add(
        "second strike",
        if state.strikes > 0 { -5 } else { 0 },
        "T-MUL",
    );
    bonus.add("fog", if state.fog { -1 } else { 0 }, "T-FOG");
    let defense = {
        let mut d = ModList::base("base", 10, "T-DEF");
        d.add("DEX", 1, "T-DEF");
        d
    };
    state.strikes += 1;
    let req = RollRequest::new(Some(actor), RollKind::three_d6(), "strike", "T-STRIKE");
    let rolled = cx.roll(state, req)?;
    let record = RollRecord::new(&req, Some(NAMES[actor.index()]), rolled).over(&bonus, &defense);
    let margin = record.margin.unwrap_or_default();
    cx.emit(|| Event::Roll(record.verdict(if margin >= 0 { "hit" } else { "miss" })));
    if margin == -1 {
        if cx.ask(state, || Question::Graze(target))? == Answer::Graze(true) {
            state.hp[target.index()] -= 1;
            state.grazed[target.index()] += 1;
            cx.emit(|| Event::Graze(target.0));
        }
        return Ok(());
    }
    if margin < 0 {
        return Ok(());
    }
    if state.checkpoints {
        // What follows depends on the state and the target only, not on
        // the margin: every hit merges here, and the odds resume here.
        cx.resume_point(state, &target, DAMAGE)?;
    }
    damage(state, actor, target, cx)
}

/// The resume point before a hit's damage.
const DAMAGE: u32 = 1;

/// The first foe standing: the one a strike aims at.
fn first_foe(state: &State, actor: CombatantId) -> Option<CombatantId> {
    (0..3u16)
        .map(CombatantId)
        .find(|&c| SIDE[c.index()] != SIDE[actor.index()] && alive(state, c))
}

/// A hit's damage: the rest of a strike from its resume point.
fn damage(
    state: &mut State,
    actor: CombatantId,
    target: CombatantId,
    cx: &mut impl Cx<Skirmish>,
) -> Flow<(), Skirmish> {
    let dmg = cx.roll(
        state,
        RollRequest::new(Some(actor), RollKind::d(1, 6), "damage", "T-DMG"),
    )?;
    state.hp[target.index()] -= dmg.total;
    cx.emit(|| Event::Hit {
        target: target.0,
        damage: dmg.total,
    });
    Ok(())
}

/// `hit` and `graze` count events; `damage` is the HP the foes lost.
impl ActionEffects for Skirmish {
    const RESUMES: bool = true;

    /// The one resume point is a hit's damage ([`DAMAGE`]); its tag is the
    /// target, handed back typed.
    fn resume(
        state: &mut State,
        actor: CombatantId,
        _: &Action,
        at: &ResumeAt,
        cx: &mut impl Cx<Self>,
    ) -> Flow<(), Self> {
        assert_eq!(at.step(), DAMAGE);
        let target = *at.record::<CombatantId>()?;
        damage(state, actor, target, cx)
    }

    fn effects(
        before: &State,
        after: &State,
        _: CombatantId,
        _: &Action,
        events: &[Event],
    ) -> Vec<(&'static str, i64)> {
        let hits = events
            .iter()
            .filter(|e| matches!(e, Event::Hit { .. }))
            .count();
        let grazes = events
            .iter()
            .filter(|e| matches!(e, Event::Graze(_)))
            .count();
        let lost: i32 = (0..3).map(|i| before.hp[i] - after.hp[i]).sum();
        vec![
            ("hit", hits as i64),
            ("graze", grazes as i64),
            ("damage", i64::from(lost)),
        ]
    }
}

fn start(side_a: Controller, gm: Controller) -> State {
    State {
        controllers: Default::default(),
        seats: Seats {
            sides: vec![Some(side_a), None],
            gm,
            ..Seats::default()
        },
        hp: [6; 3],
        grazed: [0; 3],
        round: 0,
        order: Vec::new(),
        cursor: 0,
        budget: 0,
        strikes: 0,
        fog: false,
        checkpoints: true,
    }
}

fn q(n: i64, d: i64) -> Prob {
    Prob::new(n.into(), d.into())
}

/// P(3d6 >= t).
fn p_at_least(t: i32) -> Prob {
    let n = (1..=6)
        .flat_map(|a| (1..=6).flat_map(move |b| (1..=6).map(move |c| a + b + c)))
        .filter(|&s| s >= t)
        .count();
    q(n as i64, 216)
}

/// P(3d6 = t).
fn p_exactly(t: i32) -> Prob {
    p_at_least(t) - p_at_least(t + 1)
}

#[test]
fn a_turn_spends_its_budget_and_the_sides_question_orders_the_round() {
    // rule: T-BUDGET (two actions a turn), side question and secret GM roll.
    let mut state = start(Controller::default(), Controller::default());
    // The GM rolls a 4 for fog (none); side A wins the roll-off 4 + 1 to 2;
    // both strikes roll 5 (7 vs 11: misses).
    let mut log = InputLog::<Skirmish>::default();
    log.loose.rolls = vec![
        fray_core::RollInput::Total(4),
        fray_core::RollInput::Faces(vec![4, 2]),
        fray_core::RollInput::Total(5),
        fray_core::RollInput::Total(5),
    ];
    let mut oracle = InputOracle::strict(&log);
    let mut sink = VecSink::default();
    let mut actors = Vec::new();
    for _ in 0..4 {
        match engine::step(&mut state, &mut oracle, &mut sink).unwrap() {
            Progress::Acted(who, action) => actors.push((who, action)),
            Progress::Over(o) => panic!("over early: {o:?}"),
        }
    }
    // The AI for side A names Abe first; Abe strikes then passes, then Ann.
    assert_eq!(
        actors,
        vec![
            (ABE, Action::Strike),
            (ABE, Action::Pass),
            (ANN, Action::Strike),
            (ANN, Action::Pass)
        ]
    );
    let fog = sink.events.iter().find_map(|e| match e {
        Event::Roll(r) if r.label == "fog" => Some(r.clone()),
        _ => None,
    });
    let fog = fog.expect("the GM rolled for fog");
    assert!(fog.secret);
    assert_eq!(fog.describe_for(Audience::Players), "1d6 rolled in secret");
    assert!(fog.describe_for(Audience::GameMaster).starts_with("1d6 = "));
}

#[test]
fn simulated_skirmishes_end_and_repeat_per_seed() {
    let fight = |seed| {
        let mut state = start(Controller::default(), Controller::default());
        let o = engine::run(
            &mut state,
            &mut SimOracle::<Skirmish>::seeded(seed),
            &mut NullSink,
        );
        (o.unwrap(), state.hp)
    };
    assert_eq!(fight(3), fight(3));
    assert!(
        (0..20).any(|s| fight(s) != fight(3)),
        "seeds change the fight"
    );
}

#[test]
fn a_roll_over_record_lists_both_sides_of_the_comparison() {
    let req = RollRequest::new(Some(ANN), RollKind::three_d6(), "strike", "T-STRIKE");
    let mut bonus = ModList::base("skill", 2, "T-SKILL");
    bonus.add("second strike", -5, "T-MUL");
    let mut defense = ModList::base("base", 10, "T-DEF");
    defense.add("DEX", 1, "T-DEF");
    let rolled = RollKind::three_d6().from_total(12).unwrap();
    let r = RollRecord::new(&req, Some("Ann"), rolled)
        .over(&bonus, &defense)
        .verdict("miss");
    assert_eq!(r.reading, Reading::Over);
    assert_eq!(
        (r.dice_total, r.total, r.target, r.margin),
        (Some(12), 9, Some(11), Some(-2))
    );
    assert_eq!(
        r.describe(),
        "3d6 = 12 + -3 (skill +2 [T-SKILL], second strike -5 [T-MUL]) = 9 vs 11 \
         (base 10 [T-DEF], DEX +1 [T-DEF]) -> miss by 2"
    );
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["reading"], "over");
    assert_eq!(json["bonuses"][1]["rule"], "T-MUL");
}

/// Plays a fight at the table with people for side A and the GM: every
/// side question, GM question and secret GM roll is asked; the answers are
/// given when asked. Returns the recorded log and the end state.
fn play_at_table(seed: u64) -> (InputLog<Skirmish>, State, Vec<&'static str>) {
    let mut state = start(Controller::Human, Controller::Human);
    let mut oracle = InputOracle::<Skirmish>::table(&InputLog::default(), seed);
    let mut asked = Vec::new();
    for _ in 0..2000 {
        let mut trial = state.clone();
        oracle.rewind();
        match engine::step(&mut trial, &mut oracle, &mut NullSink) {
            Ok(Progress::Over(_)) => {
                oracle.commit_step();
                return (oracle.log(), trial, asked);
            }
            Ok(Progress::Acted(..)) => {
                oracle.commit_step();
                state = trial;
            }
            Err(Halt::Pending(Pending::Roll(req))) => {
                // The GM's rolls: fog in secret, the roll-off in the open.
                assert_eq!(req.roller, None);
                assert_eq!(req.secret, req.label == "fog");
                asked.push(req.label);
                let rolled = oracle.roll_for_me(&req).unwrap();
                oracle.supply_roll(rolled.into());
            }
            Err(Halt::Pending(Pending::Answer(q))) => match *q {
                Question::First(options) => {
                    asked.push("first");
                    oracle.supply_answer(Answer::First(options[0]));
                }
                Question::Graze(_) => {
                    asked.push("graze");
                    oracle.supply_answer(Answer::Graze(false));
                }
            },
            Err(e) => panic!("{e}"),
        }
    }
    panic!("the fight did not end");
}

#[test]
fn people_for_a_side_and_the_gm_are_asked_and_the_log_replays_exactly() {
    let (log, end, asked) = play_at_table(7);
    for question in ["fog", "initiative", "first"] {
        assert!(asked.contains(&question), "{asked:?}");
    }
    // The recorded log replays to the same end with a strict script
    // (every die, answer and action from the log).
    let mut replay = start(Controller::Human, Controller::Human);
    let mut strict = InputOracle::strict(&log);
    engine::run(&mut replay, &mut strict, &mut NullSink).unwrap();
    assert_eq!(replay.hp, end.hp);
    assert_eq!(replay.round, end.round);
    // Saved and loaded, the log is the same.
    let text = toml::to_string(&log).unwrap();
    let back: InputLog<Skirmish> = toml::from_str(&text).unwrap();
    assert_eq!(back, log);
}

#[test]
fn a_roll_in_a_log_that_does_not_read_is_named_with_what_it_should_be() {
    let read = |rolls: &str| {
        toml::from_str::<InputLog<Skirmish>>(&format!("rolls = {rolls}\n"))
            .map(|log| log.loose.rolls)
            .map_err(|e| e.to_string())
    };
    assert_eq!(
        read("[9, [3, 4, 2]]"),
        Ok(vec![
            fray_core::RollInput::Total(9),
            fray_core::RollInput::Faces(vec![3, 4, 2]),
        ])
    );
    for (rolls, says) in [
        (
            "[9, \"ten\"]",
            "invalid type: string \"ten\", expected a roll: its total",
        ),
        (
            "[[3, \"four\"]]",
            "invalid type: string \"four\", expected i32",
        ),
        ("[5000000000]", "expected a total that fits in 32 bits"),
        ("[{ totl = 9 }]", "unknown field `totl`"),
    ] {
        let e = read(rolls).expect_err(rolls);
        assert!(e.contains(says), "{rolls}: {e}");
    }
}

#[test]
fn a_strict_script_without_the_sides_answer_says_so() {
    let mut state = start(Controller::Human, Controller::default());
    let mut log = InputLog::<Skirmish>::default();
    log.loose.rolls = vec![
        fray_core::RollInput::Total(4),
        fray_core::RollInput::Faces(vec![4, 2]),
    ];
    let err = engine::step(&mut state, &mut InputOracle::strict(&log), &mut NullSink).unwrap_err();
    let Halt::BadInput(why) = &err else {
        panic!("{err}");
    };
    assert!(
        matches!(**why, fray_core::InputError::OutOfAnswers { .. }),
        "{err}"
    );
}

/// The state at Ann's first turn: fog rolled (no fog), Ann chosen first.
fn ann_to_act() -> State {
    let mut s = start(Controller::default(), Controller::default());
    s.round = 1;
    s.order = vec![ANN, ABE, BOB];
    s.budget = 2;
    s
}

#[test]
fn odds_of_a_roll_over_strike_with_a_gm_question_match_a_hand_count() {
    let o = odds::resolve_odds::<Skirmish>(
        &ann_to_act(),
        ANN,
        &Action::Strike,
        &OddsOptions::default(),
    )
    .unwrap();
    // 3d6 + 2 >= 11: 3d6 >= 9. Miss by one (3d6 = 8) grazes (the GM's AI says yes).
    assert_eq!(o.p("hit"), p_at_least(9));
    assert_eq!(o.p("graze"), p_exactly(8));
    // Damage: 1d6 on a hit, 1 on a graze.
    let mean = p_at_least(9) * q(7, 2) + p_exactly(8);
    assert_eq!(o.feature("damage").unwrap().mean, mean);
    assert!(
        o.decisions
            .iter()
            .any(|(d, _)| d == "the game master: Graze(true)")
    );
}

#[test]
fn checkpoints_merge_hits_and_give_the_same_odds() {
    let merged = odds::resolve_odds::<Skirmish>(
        &ann_to_act(),
        ANN,
        &Action::Strike,
        &OddsOptions::default(),
    )
    .unwrap();
    let mut plain_state = ann_to_act();
    plain_state.checkpoints = false;
    let plain =
        odds::resolve_odds::<Skirmish>(&plain_state, ANN, &Action::Strike, &OddsOptions::default())
            .unwrap();
    assert_eq!(merged.features, plain.features);
    assert_eq!(merged.outcomes, plain.outcomes);
    assert_eq!(merged.decisions, plain.decisions);
    // 16 strike totals: 6 of them miss (one grazes), 10 hit; unmerged, each
    // hit explores 6 damage rolls (6 + 60 leaves); merged, the first hit
    // does and the other 9 stop at the checkpoint (6 + 6 + 9).
    assert_eq!(plain.leaves, 66);
    assert_eq!(merged.leaves, 21);
    assert_eq!(merged.merged, 9);
}

#[test]
fn resuming_at_the_damage_instead_of_replaying_changes_nothing() {
    // rule: T-DMG (the resume point before a hit's damage), T-MUL
    // Runs below an open resume point start from its snapshot and call
    // `resume`; replaying every run from the start of the action (and
    // asking the AI every time) must give the very same fractions and counts.
    let replay_all = OddsOptions {
        resume: false,
        reuse_answers: false,
        ..OddsOptions::default()
    };
    let state = ann_to_act();
    for earlier in [&[][..], &[Action::Strike][..]] {
        let fast = odds::turn_odds::<Skirmish>(
            &state,
            Some(ANN),
            earlier,
            &Action::Strike,
            &OddsOptions::default(),
        )
        .unwrap();
        let slow =
            odds::turn_odds::<Skirmish>(&state, Some(ANN), earlier, &Action::Strike, &replay_all)
                .unwrap();
        assert_eq!(fast, slow);
        assert!(fast.merged > 0, "the hits merge at the resume point");
    }
}

#[test]
fn reusing_the_ais_answers_along_a_replayed_path_changes_nothing() {
    // rule: T-GRAZE (the GM's question, asked again on every replay)
    // Every run replays the previous run's first rolls; the answers given
    // there are reused instead of asking the AI again. Turned off, the walk
    // asks every time: the odds, decisions and counts must be the same.
    let off = OddsOptions {
        reuse_answers: false,
        ..OddsOptions::default()
    };
    for checkpoints in [true, false] {
        let mut state = ann_to_act();
        state.checkpoints = checkpoints;
        let earlier = [Action::Strike];
        let on = odds::turn_odds::<Skirmish>(
            &state,
            Some(ANN),
            &earlier,
            &Action::Strike,
            &OddsOptions::default(),
        )
        .unwrap();
        let asked = odds::turn_odds::<Skirmish>(&state, Some(ANN), &earlier, &Action::Strike, &off)
            .unwrap();
        assert_eq!(on, asked);
        let on =
            odds::resolve_odds::<Skirmish>(&state, ANN, &Action::Strike, &OddsOptions::default())
                .unwrap();
        let asked = odds::resolve_odds::<Skirmish>(&state, ANN, &Action::Strike, &off).unwrap();
        assert_eq!(on, asked);
    }
}

#[test]
fn odds_of_the_second_action_of_a_turn_enumerate_the_first() {
    // Ann strikes, then strikes again at -5: 3d6 + 2 - 5 >= 11, 3d6 >= 14.
    let state = ann_to_act();
    let second = odds::turn_odds::<Skirmish>(
        &state,
        Some(ANN),
        &[Action::Strike],
        &Action::Strike,
        &OddsOptions::default(),
    );
    // The first strike kills Bob (6 HP) when it hits for 6: then there is
    // no second strike, and the odds say how often that happens.
    let second = second.unwrap();
    let ended = p_at_least(9) * q(1, 6);
    assert_eq!(second.ended, ended);
    let goes_on = q(1, 1) - &ended;
    assert_eq!(second.p("hit"), &goes_on * p_at_least(14));
    assert_eq!(second.p("graze"), &goes_on * p_exactly(13));
    // The first strike's decisions (a graze) are part of what the numbers assume.
    assert!(second.decisions.iter().any(|(d, _)| d.contains("Graze")));
    // A third action does not exist: the turn ends after two.
    let third = odds::turn_odds::<Skirmish>(
        &state,
        Some(ANN),
        &[Action::Strike, Action::Strike],
        &Action::Strike,
        &OddsOptions::default(),
    );
    assert_eq!(
        third.unwrap_err(),
        OddsError::TurnEnded {
            actor: "Ann".into(),
            after: 2
        }
    );
}

#[test]
fn odds_pass_the_turns_of_others_before_the_actors_own() {
    // From Ann's turn, Bob's strike: Ann's and Abe's turns pass (pass_turn),
    // then Bob acts; his strike is at full skill.
    let o = odds::action_odds::<Skirmish>(
        &ann_to_act(),
        Some(BOB),
        &Action::Strike,
        &OddsOptions::default(),
    )
    .unwrap();
    assert_eq!(o.p("hit"), p_at_least(9));
}

#[test]
fn a_roll_off_is_one_branch_point_with_the_odds_given_no_tie() {
    // rule: T-INIT. A: d6 + 1 beats B: d6 in 21 of 36 pairs, ties in 5, loses
    // in 10; rerolling ties gives 21/31 and 10/31. Who acts first depends
    // on the roll-off, so the odds name both (and do not loop on ties).
    let err = odds::action_odds::<Skirmish>(
        &start(Controller::default(), Controller::default()),
        None,
        &Action::Strike,
        &OddsOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        err,
        OddsError::AmbiguousActor(
            "Bob first with probability 10/31, Abe first with probability 21/31".into()
        )
    );
    // Named, Bob's strike is computed over both orders (when side A goes
    // first, Ann's and Abe's turns pass without an action) and over the
    // GM's secret fog roll: in fog (1 in 6) he needs 10 on 3d6, else 9.
    let o = odds::action_odds::<Skirmish>(
        &start(Controller::default(), Controller::default()),
        Some(BOB),
        &Action::Strike,
        &OddsOptions::default(),
    )
    .unwrap();
    assert_eq!(
        o.p("hit"),
        q(5, 6) * p_at_least(9) + q(1, 6) * p_at_least(10)
    );
}
