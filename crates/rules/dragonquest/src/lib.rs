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
//! [`rules`] -> [`resolve`] -> [`ai`] -> this file's `Fight` and `Engine`
//! impls, with [`setup`] and the front-end glue ([`describe`], [`effects`],
//! the legal menus, `TableView` in [`table`], `GmPowers` in `gm_override`,
//! the armory as a `DataSet` in [`catalog`]).

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

use fray_core::data;
use fray_core::scenario::{FileError, SourceFile};
use fray_core::{
    Addressee, CombatantId, CounterSpec, Engine, Fight, FigureStatus, FigureTally, Illegal,
    PoolSpec, Pools, SetupError, Vitality,
};
use model::action::{Action, Answer, Question};
use model::event::Event;
use model::state::{Life, State};

fray_core::ruleset_marker! {
    /// The DragonQuest ruleset (a marker type; all state lives in [`State`]).
    pub struct DragonQuest = "dragonquest", flow Flow;
}

impl Fight for DragonQuest {
    const NAME: &'static str = "SPI DragonQuest 2nd edition";
    const POOLS: &'static [PoolSpec] = &[
        PoolSpec::vital("en", "EN", "Endurance"),
        PoolSpec::hampering("ft", "FT", "Fatigue"),
    ];
    const COUNTERS: &'static [CounterSpec] = &[
        CounterSpec::new("stuns", "Stuns", "DQ-19-003"),
        CounterSpec::new("endurance_hits", "Hits to EN", "DQ-18-003"),
        CounterSpec::new("grievous", "Grievous", "DQ-18-004"),
        CounterSpec::new("falls", "Falls", "DQ-16-010"),
        CounterSpec::new("infection_chance", "Infection %", "DQ-24-001"),
    ];
    const ACTION_EXAMPLES: &'static [&'static str] = &[
        "{ pass = {} }",
        "{ attack = { target = 1 } }",
        "{ move = { to = { q = 1, r = 0 } } }",
        "{ withdraw = { to = { q = -1, r = 0 }, posture = \"defensive\" } }",
        "recover",
    ];
    fray_core::fight_types! { model::scenario::Scenario, State, Action, Question, Answer, Event }
    fray_core::fight_reading! {
        figures: figures, figure: fig, round: pulse, controllers: in_figure,
        /// DQ-12-003: the figure marked `leader`, else the highest PC.
        leader: rules::initiative::leader,
    }
    fn pools(state: &State, who: CombatantId) -> Pools {
        let f = state.fig(who);
        Pools::of(&[(f.en, f.stats.en), (f.ft, f.stats.ft)])
    }
    fn status(state: &State, who: CombatantId) -> FigureStatus {
        let f = state.fig(who);
        FigureStatus {
            vitality: Vitality::judged(
                f.life == Life::Dead,
                f.life == Life::Unconscious
                    || f.status.knocked_out > 0
                    || f.status.restrained_by.is_some(),
                f.status.stunned,
            ),
            conditions: describe::conditions(state, who),
            position: describe::position(f),
        }
    }
    fn figure_tally(state: &State, who: CombatantId) -> FigureTally {
        let f = state.fig(who);
        // DQ-24-001..004: the simulator tallies each survivor's chance of
        // infection (percent) instead of rolling it, so its mean per
        // fight is the exact expected infection rate and no die is spent.
        let infection = if f.life == Life::Dead {
            0
        } else {
            rules::infection::chance(f).unwrap_or(0)
        };
        FigureTally {
            dealt: f.record.dealt,
            taken: f.record.taken,
            down: f.life == Life::Unconscious || (f.life == Life::Conscious && !f.in_fight()),
            dead: f.life == Life::Dead,
            ..FigureTally::counting(&[
                u32::from(f.record.stuns),
                u32::from(f.record.endurance_hits),
                u32::from(f.record.grievous),
                u32::from(f.record.falls),
                infection.unsigned_abs(),
            ])
        }
    }
}

impl Engine for DragonQuest {
    fn setup(s: &Self::Scenario) -> Result<State, SetupError> {
        setup::setup(s, data::or_bundled(s.armory)?)
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
    /// The data files read at run time join the bundled armory (kept for
    /// the process: `model::data::with_extra_static`), and a `template`
    /// with a `sheet` is the template adjusted (docs/scenarios.md).
    fn parse_scenario(
        file: &SourceFile,
        extra: &[SourceFile],
    ) -> Result<Self::Scenario, FileError> {
        let armory = if extra.is_empty() {
            None
        } else {
            Some(model::data::with_extra_static(extra)?)
        };
        let mut scenario: Self::Scenario = data::parse_scenario(file, armory)?;
        scenario.armory = armory;
        Ok(scenario)
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
    fray_core::engine_forwarding! {
        next checked: resolve::pulse::next, pass_turn: resolve::pulse::pass_turn,
        legal_actions: legal::actions, check_action: rules::actions::check,
        resolve checked: resolve::act::resolve, ai_action: ai::remembered,
        ai_answer: ai::answer,
    }
}

mod gm_override;
mod screen;
