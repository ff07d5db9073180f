//! The SPI DragonQuest 2nd edition combat ruleset for Fray.
//!
//! Specification: `rules/dragonquest.checklist.md` (IDs like `DQ-12-003`),
//! coverage and decisions in `docs/rules/dragonquest.md`. Every rule in the
//! code cites its ID; every implemented ID is named by a test.
//!
//! DragonQuest proves the core is not GURPS-shaped: a 5-second pulse
//! sequences whole engagements. Step 1, the sides' leaders roll D10 + PC
//! (+ Military Scientist) off; step 2, each engagement is resolved in turn,
//! its figures in IV order with the top figure choosing first or last;
//! step 3, the figures not engaged act side by side, the step-1 winner
//! choosing which side goes first (`resolve::pulse`).
//!
//! Layers (DESIGN.md, "The shape of a ruleset crate"): [`model`] ->
//! [`rules`] -> [`resolve`] -> [`ai`] -> this file's `Ruleset` impl, with
//! [`setup`] and the front-end glue ([`describe`], [`effects`], the legal menus).

pub mod ai;
pub mod catalog;
pub mod describe;
pub mod effects;
mod legal;
pub mod model;
pub mod resolve;
pub mod rules;
pub mod setup;
pub mod table;

/// Stable path for the simulator and the tests.
pub use model::state;

use fray_core::{
    Addressee, CombatantId, CombatantView, Controller, CounterSpec, Cx, Engine, Fight, GmPowers,
    Illegal, MAX_COUNTERS, MAX_POOLS, Next, PoolSpec, PoolView, Seats, SetupError, SideId,
    TableView, Tally, Vitality,
};
use model::action::{Action, Answer, Question};
use model::event::Event;
use model::state::{Life, State};

/// What DragonQuest resolution functions return.
pub type Flow<T> = fray_core::Flow<T, DragonQuest>;

/// The DragonQuest ruleset (a marker type; all state lives in [`State`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DragonQuest;

impl DragonQuest {
    /// The ruleset id, usable in const contexts.
    pub const ID_STR: &'static str = "dragonquest";
}

impl Fight for DragonQuest {
    const ID: &'static str = DragonQuest::ID_STR;
    const NAME: &'static str = "SPI DragonQuest 2nd edition";
    const POOLS: &'static [PoolSpec] = &[
        PoolSpec {
            id: "en",
            label: "EN",
            name: "Endurance",
            vital: true,
        },
        PoolSpec {
            id: "ft",
            label: "FT",
            name: "Fatigue",
            vital: false,
        },
    ];
    const COUNTERS: &'static [CounterSpec] = &[
        CounterSpec {
            id: "stuns",
            label: "Stuns",
            rule: "DQ-19-003",
        },
        CounterSpec {
            id: "endurance_hits",
            label: "Hits to EN",
            rule: "DQ-18-003",
        },
        CounterSpec {
            id: "grievous",
            label: "Grievous",
            rule: "DQ-18-004",
        },
        CounterSpec {
            id: "falls",
            label: "Falls",
            rule: "DQ-16-010",
        },
        CounterSpec {
            id: "infection_chance",
            label: "Infection %",
            rule: "DQ-24-001",
        },
    ];
    const ACTION_EXAMPLES: &'static [&'static str] = &[
        "{ pass = {} }",
        "{ attack = { target = 1 } }",
        "{ move = { to = { q = 1, r = 0 } } }",
        "{ withdraw = { to = { q = -1, r = 0 }, posture = \"defensive\" } }",
        "recover",
    ];
    type Scenario = model::scenario::Scenario;
    type State = State;
    type Action = Action;
    type Question = Question;
    type Answer = Answer;
    type Event = Event;
    fn controller(state: &State, who: CombatantId) -> &Controller {
        &state.fig(who).controller
    }
    fn seats(state: &State) -> &Seats {
        &state.seats
    }
    /// DQ-12-003: the figure marked `leader`, else the highest PC.
    fn leader(state: &State, side: SideId) -> Option<CombatantId> {
        rules::initiative::leader(state, side)
    }
    fn name(state: &State, who: CombatantId) -> &str {
        &state.fig(who).name
    }
    fn roster(state: &State) -> Vec<CombatantView> {
        state
            .ids()
            .map(|id| {
                let f = state.fig(id);
                let vitality = match f.life {
                    Life::Dead => Vitality::Dead,
                    Life::Unconscious => Vitality::Down,
                    Life::Conscious
                        if f.status.knocked_out > 0 || f.status.restrained_by.is_some() =>
                    {
                        Vitality::Down
                    }
                    Life::Conscious if f.status.stunned => Vitality::Stunned,
                    Life::Conscious => Vitality::Active,
                };
                CombatantView {
                    id,
                    name: f.name.to_string(),
                    side: f.side,
                    side_name: state.sides[f.side.index()].clone(),
                    pools: vec![
                        PoolView {
                            label: "EN",
                            current: f.en,
                            max: f.stats.en,
                        },
                        PoolView {
                            label: "FT",
                            current: f.ft,
                            max: f.stats.ft,
                        },
                    ],
                    vitality,
                    conditions: describe::conditions(state, id),
                    position: describe::position(f),
                }
            })
            .collect()
    }
    fn tally(state: &State, out: &mut [Tally]) {
        for (f, t) in state.figures.iter().zip(out.iter_mut()) {
            let (mut pools, mut pool_max) = ([0; MAX_POOLS], [0; MAX_POOLS]);
            pools[..2].copy_from_slice(&[f.en, f.ft]);
            pool_max[..2].copy_from_slice(&[f.stats.en, f.stats.ft]);
            let mut counters = [0; MAX_COUNTERS];
            // DQ-24-001..004: the simulator tallies each survivor's chance of
            // infection (percent) instead of rolling it, so its mean per
            // fight is the exact expected infection rate and no die is spent.
            let infection = if f.life == Life::Dead {
                0
            } else {
                rules::infection::chance(f).unwrap_or(0)
            };
            counters[..5].copy_from_slice(&[
                u32::from(f.record.stuns),
                u32::from(f.record.endurance_hits),
                u32::from(f.record.grievous),
                u32::from(f.record.falls),
                infection.unsigned_abs(),
            ]);
            *t = Tally {
                side: f.side,
                pools,
                pool_max,
                counters,
                dealt: f.record.dealt,
                taken: f.record.taken,
                down: f.life == Life::Unconscious || (f.life == Life::Conscious && !f.in_fight()),
                dead: f.life == Life::Dead,
            };
        }
    }
    fn combatants(state: &State) -> usize {
        state.figures.len()
    }
    fn round(state: &State) -> u32 {
        state.pulse
    }
}

impl Engine for DragonQuest {
    fn setup(s: &Self::Scenario) -> Result<State, SetupError> {
        let armory = match s.armory {
            Some(a) => a,
            None => model::data::bundled()
                .map_err(|e| SetupError::new("(bundled data)", e.to_string()))?,
        };
        setup::setup(s, armory)
    }
    /// DQ-11-002, DQ-11-003 (decision `start_distance_check = warn`, the
    /// default): sides that start too close (or, with surprise, too far)
    /// set up, with this warning for `fray validate` (the fight's first
    /// pulse says it too, `resolve::pulse`).
    fn setup_warnings(s: &Self::Scenario) -> Vec<SetupError> {
        let warn = s.options.start_distance_check == model::options::DistanceCheck::Warn;
        match Self::setup(s) {
            Ok(state) if warn => setup::start_distance_problem(&state)
                .map(|why| SetupError::new("combatants", why))
                .into_iter()
                .collect(),
            _ => Vec::new(),
        }
    }
    /// The data files read at run time join the bundled armory, and a
    /// `template` with a `sheet` is the template adjusted (docs/scenarios.md).
    fn parse_scenario(
        file: &fray_core::scenario::SourceFile,
        extra: &[fray_core::scenario::SourceFile],
    ) -> Result<Self::Scenario, fray_core::scenario::FileError> {
        let armory = if extra.is_empty() {
            None
        } else {
            Some(model::data::with_extra_static(extra)?)
        };
        let known = armory.or(model::data::bundled().ok());
        let sheet = |id: &str| -> Result<String, String> {
            let armory = known.ok_or_else(|| "the bundled data does not load".to_string())?;
            let t = armory.creature(id).ok_or_else(|| {
                let ids = armory.creatures.iter().map(|c| c.id.as_str());
                format!(
                    "no template `{id}`; known: {}",
                    ids.collect::<Vec<_>>().join(", ")
                )
            })?;
            toml::to_string(t).map_err(|e| e.to_string())
        };
        let mut scenario: Self::Scenario = fray_core::data::parse_with_templates(file, &sheet)?;
        scenario.armory = armory;
        Ok(scenario)
    }
    fn next(state: &mut State, cx: &mut impl Cx<Self>) -> Flow<Next> {
        let next = resolve::pulse::next(state, cx);
        debug_assert!(
            state.occupancy_in_step(),
            "the occupancy index after `next`"
        );
        next
    }
    fn pass_turn(state: &mut State, actor: CombatantId) {
        resolve::pulse::pass_turn(state, actor);
    }
    fn legal_actions(state: &State, actor: CombatantId) -> Vec<Action> {
        legal::actions(state, actor)
    }
    /// The AI checks its choice before it returns it (`ai`), so the
    /// simulator need not check it again.
    const AI_ACTIONS_ARE_LEGAL: bool = true;
    /// The AI answers every question with one of its options
    /// (`ai::answer`): the resolution asks only with two or more options,
    /// and `SideFirst`'s answer is the step-1 winner, side 0 or 1, the only
    /// sides asked about. The simulator need not check the answers (debug
    /// builds still do, on every answer).
    const AI_ANSWERS_ARE_LEGAL: bool = true;
    fn check_action(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
        rules::actions::check(state, actor, action)
    }
    fn resolve(
        state: &mut State,
        actor: CombatantId,
        action: &Action,
        cx: &mut impl Cx<Self>,
    ) -> Flow<()> {
        let done = resolve::act::resolve(state, actor, action, cx);
        debug_assert!(
            state.occupancy_in_step(),
            "the occupancy index after an action"
        );
        done
    }
    fn addressee(question: &Question) -> Addressee {
        match question {
            Question::FirstOrLast { who }
            | Question::Repulse { who, .. }
            | Question::Parry { who, .. }
            | Question::Grievous { who }
            | Question::DisarmItem { who, .. } => Addressee::Combatant(*who),
            Question::SideFirst { side, .. } | Question::NextFigure { side, .. } => {
                Addressee::Side(*side)
            }
        }
    }
    fn check_answer(question: &Question, answer: &Answer) -> Result<(), Illegal> {
        let ok = match (question, answer) {
            (Question::FirstOrLast { .. }, Answer::First(_)) => true,
            (Question::SideFirst { options, .. }, Answer::Side(s)) => options.contains(s),
            (Question::NextFigure { options, .. }, Answer::Figure(c)) => options.contains(c),
            (Question::Repulse { .. } | Question::Parry { .. }, Answer::Yes(_)) => true,
            (Question::Grievous { .. }, Answer::BreakShield(_)) => true,
            (Question::DisarmItem { options, .. }, Answer::Item(i)) => options.contains(i),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(Illegal::input(format!(
                "`{answer}` does not answer \"{question}\""
            )))
        }
    }
    fn ai_action(state: &State, actor: CombatantId) -> Action {
        ai::remembered(state, actor)
    }
    fn ai_answer(state: &State, question: &Question) -> Answer {
        ai::answer(state, question)
    }
}

impl TableView for DragonQuest {
    fn answer_options(question: &Question) -> Vec<Answer> {
        match question {
            Question::FirstOrLast { .. } => vec![Answer::First(true), Answer::First(false)],
            Question::SideFirst { options, .. } => {
                options.iter().map(|&s| Answer::Side(s)).collect()
            }
            Question::NextFigure { options, .. } => {
                options.iter().map(|&c| Answer::Figure(c)).collect()
            }
            Question::Repulse { .. } | Question::Parry { .. } => {
                vec![Answer::Yes(true), Answer::Yes(false)]
            }
            Question::Grievous { .. } => {
                vec![Answer::BreakShield(false), Answer::BreakShield(true)]
            }
            Question::DisarmItem { options, .. } => {
                options.iter().map(|&i| Answer::Item(i)).collect()
            }
        }
    }
    fn describe_action(state: &State, actor: CombatantId, action: &Action) -> String {
        describe::action(state, actor, action)
    }
    fn describe_answer(state: &State, question: &Question, answer: &Answer) -> String {
        describe::answer(state, question, answer)
    }
    fn screen_event(event: &Self::Event, screen: &fray_core::view::Screen<'_>) -> Self::Event {
        screen::event(event, screen)
    }
    fn action_menu(state: &State, actor: CombatantId) -> fray_core::Menu<Action> {
        table::action_menu(state, actor)
    }
    fn answer_menu(state: &State, question: &Question) -> fray_core::Menu<Answer> {
        table::answer_menu(state, question)
    }
    fn conditions(state: &State, who: CombatantId) -> Vec<fray_core::view::ConditionView> {
        table::conditions(state, who)
    }
    fn turn_order(state: &State) -> fray_core::view::TurnOrder {
        table::turn_order(state)
    }
    fn move_to(
        state: &State,
        actor: CombatantId,
        cell: fray_core::view::MapCell,
    ) -> Option<Action> {
        table::move_to(state, actor, cell)
    }
    fn map_view(state: &State) -> Option<fray_core::view::MapView> {
        Some(table::map_view(state))
    }
}

impl GmPowers for DragonQuest {
    /// A game master's override (issue 15): damage, healing and pools
    /// set, in [`gm_override`]; other overrides are refused for now.
    fn apply_override(
        state: &mut State,
        ov: &fray_core::Override,
    ) -> Result<Vec<String>, fray_core::Refusal> {
        gm_override::apply(state, ov)
    }
}

mod gm_override;
mod screen;
