//! The margin-3d6 ruleset for Fray: 3d6 roll-under where an attack's
//! successes, less the defender's active defense value, scale its damage
//! (25/50/75/100%, critical at 6+), with PD and DR, a hex map with facing,
//! snap shots and critical tables.
//!
//! Specification: `rules/margin-3d6.checklist.md` (IDs like `M-DMG-013`),
//! coverage and decisions in `docs/rules/margin-3d6.md`. Every rule in the
//! code cites its ID; every implemented ID is named by a test.
//!
//! Layers, importing only downward (DESIGN.md, "The shape of a ruleset
//! crate"): [`model`] → [`rules`] → [`resolve`] → [`ai`] → this file's
//! `Fight` and `Engine` impls with [`setup`] and [`effects`]; `TableView`
//! in [`table`], `GmPowers` in `gm_override`, the armory as a `DataSet` in
//! [`catalog`].

pub mod ai;
pub mod catalog;
pub mod effects;
pub mod model;
pub mod resolve;
pub mod rules;
pub mod setup;
pub mod table;

mod legal;

use fray_core::data;
use fray_core::scenario::{FileError, SourceFile};
use fray_core::{
    Addressee, CombatantId, CounterSpec, Engine, Fight, FigureStatus, FigureTally, Illegal,
    PoolSpec, Pools, SetupError, Vitality,
};
use model::action::{Action, Answer, Question};
use model::event::Event;
use model::location::Limb;
use model::state::{Life, State};

fray_core::ruleset_marker! {
    /// The margin-3d6 ruleset (a marker type; all state lives in [`State`]).
    pub struct Margin = "margin-3d6", flow Flow;
}

impl Fight for Margin {
    const NAME: &'static str = "3d6 roll-under, damage scaled by margin";
    const POOLS: &'static [PoolSpec] = &[
        PoolSpec::vital("hp", "HP", "Hit Points"),
        PoolSpec::hampering("fatigue", "Fatigue", "Fatigue"),
    ];
    const COUNTERS: &'static [CounterSpec] = &[
        CounterSpec::new("criticals", "Critical hits", "M-CRT-005"),
        CounterSpec::new("fumbles", "Critical misses", "M-CRT-001"),
        CounterSpec::new("stuns", "Stuns", "M-EFF-001"),
        CounterSpec::new("knockouts", "Knockouts", "M-EFF-002"),
        CounterSpec::new("passed_out", "Passed out", "M-PEN-002"),
        CounterSpec::new("crippled", "Crippled", "M-CKS-001"),
    ];
    const ACTION_EXAMPLES: &'static [&'static str] = &[
        "do_nothing",
        "{ attack = { target = 1, weapon = 0, mode = 0 } }",
        "{ move = { to = { q = 1, r = 0 } } }",
        "retreat",
    ];
    fray_core::fight_types! { model::scenario::Scenario, State, Action, Question, Answer, Event }
    fray_core::fight_reading! {
        figures: fighters, figure: fighter, round: round, controllers: controllers,
        leader: marked,
    }
    fn pools(state: &State, who: CombatantId) -> Pools {
        let f = state.fighter(who);
        Pools::of(&[(f.hp, f.stats.hp), (f.fatigue, f.stats.fatigue)])
    }
    fn status(state: &State, who: CombatantId) -> FigureStatus {
        let f = state.fighter(who);
        let mut conditions = Vec::new();
        if f.posture != model::state::Posture::Standing {
            conditions.push(f.posture.name().to_string());
        }
        if f.stun.is_some() {
            conditions.push("stunned".into());
        }
        if rules::turn::incapacitated(f) && f.awake() {
            conditions.push("incapacitated".into());
        }
        for l in Limb::ALL {
            if f.is_crippled(l) {
                conditions.push(format!("crippled {}", l.name()));
            }
        }
        for w in &f.weapons {
            if w.lost {
                conditions.push(format!("{} lost", w.weapon.name));
            } else if !w.ready {
                conditions.push(format!("{} not ready", w.weapon.name));
            } else if !w.loaded {
                conditions.push(format!("{} unloaded", w.weapon.name));
            }
        }
        if let Some(s) = &f.shield
            && s.state != model::state::ShieldState::Ready
        {
            conditions.push(format!("shield {}", s.state.name()));
        }
        FigureStatus {
            vitality: Vitality::judged(
                f.life == Life::Dead,
                f.life == Life::Unconscious,
                f.stun.is_some(),
            ),
            conditions,
            position: format!("{} facing {}", f.pos, f.facing.name()),
        }
    }
    fn figure_tally(state: &State, who: CombatantId) -> FigureTally {
        let f = state.fighter(who);
        FigureTally {
            dealt: f.record.dealt,
            taken: f.record.taken,
            down: f.life == Life::Unconscious,
            dead: f.life == Life::Dead,
            ..FigureTally::counting(&[
                u32::from(f.record.criticals),
                u32::from(f.record.fumbles),
                u32::from(f.record.stuns),
                u32::from(f.record.knockouts),
                u32::from(f.record.passed_out),
                u32::from(f.record.crippled),
            ])
        }
    }
}

impl Engine for Margin {
    fn setup(s: &Self::Scenario) -> Result<State, SetupError> {
        setup::setup(s, data::or_bundled(s.armory.as_deref())?)
    }
    /// The data files read at run time join the bundled armory, and a
    /// `template` with a `sheet` is the template adjusted (docs/scenarios.md).
    fn parse_scenario(
        file: &SourceFile,
        extra: &[SourceFile],
    ) -> Result<Self::Scenario, FileError> {
        data::parse_extended::<_, model::data::Armory>(file, extra, |s: &mut Self::Scenario, a| {
            s.armory = a;
        })
    }
    /// The AI checks its choice before it returns it (`ai`), so the
    /// simulator need not check it again.
    const AI_ACTIONS_ARE_LEGAL: bool = true;
    /// The AI answers a defense question with one of its own options and
    /// a fire question with fire (`ai::answer`), so the simulator need not
    /// check the answer.
    const AI_ANSWERS_ARE_LEGAL: bool = true;
    fn addressee(question: &Question) -> Addressee {
        match question {
            Question::Defend { defender, .. } => Addressee::Combatant(*defender),
            Question::Fire { shooter, .. } => Addressee::Combatant(*shooter),
        }
    }
    fn check_answer(question: &Question, answer: &Answer) -> Result<(), Illegal> {
        let options = match (question, answer) {
            (Question::Fire { .. }, Answer::Fire { .. }) => return Ok(()),
            (Question::Fire { .. }, _) => return Err(Illegal::input("answer shoot or hold fire")),
            (Question::Defend { .. }, Answer::Fire { .. }) => {
                return Err(Illegal::input("this question is about defending"));
            }
            (Question::Defend { options, .. }, _) => options,
        };
        match answer {
            Answer::NoDefense | Answer::Fire { .. } => Ok(()),
            Answer::Defend { kind, weapon } => {
                if options
                    .iter()
                    .any(|o| o.kind == *kind && (weapon.is_none() || o.weapon == *weapon))
                {
                    Ok(())
                } else {
                    Err(Illegal::new(
                        "M-DEF-012",
                        format!("{} is not one of the defenses offered", kind.name()),
                    ))
                }
            }
        }
    }
    fray_core::engine_forwarding! {
        next checked: resolve::turn::next, legal_actions: legal::actions,
        check_action: rules::maneuver::check, resolve checked: resolve::maneuver::resolve,
        ai_action: ai::remembered, ai_answer: ai::answer,
    }
}

mod gm_override;
mod odds_key;
mod screen;
