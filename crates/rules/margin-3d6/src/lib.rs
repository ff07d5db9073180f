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
//! `Ruleset` impl with [`setup`], the menus and [`effects`].

pub mod ai;
pub mod catalog;
pub mod effects;
pub mod model;
pub mod resolve;
pub mod rules;
pub mod setup;
pub mod table;

mod legal;

use fray_core::{
    Addressee, CombatantId, CombatantView, Controller, CounterSpec, Cx, Engine, Fight, GmPowers,
    Illegal, MAX_COUNTERS, MAX_POOLS, Next, PoolSpec, PoolView, Seats, SetupError, TableView,
    Tally, Vitality,
};
use model::action::{Action, Answer, Question};
use model::event::Event;
use model::location::Limb;
use model::state::{Life, State};

/// What margin-3d6 resolution functions return.
pub type Flow<T> = fray_core::Flow<T, Margin>;

/// The margin-3d6 ruleset (a marker type; all state lives in [`State`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Margin;

impl Margin {
    /// The ruleset id, usable in const contexts.
    pub const ID_STR: &'static str = "margin-3d6";
}

impl Fight for Margin {
    const ID: &'static str = Margin::ID_STR;
    const NAME: &'static str = "3d6 roll-under, damage scaled by margin";
    const POOLS: &'static [PoolSpec] = &[
        PoolSpec {
            id: "hp",
            label: "HP",
            name: "Hit Points",
            vital: true,
        },
        PoolSpec {
            id: "fatigue",
            label: "Fatigue",
            name: "Fatigue",
            vital: false,
        },
    ];
    const COUNTERS: &'static [CounterSpec] = &[
        CounterSpec {
            id: "criticals",
            label: "Critical hits",
            rule: "M-CRT-005",
        },
        CounterSpec {
            id: "fumbles",
            label: "Critical misses",
            rule: "M-CRT-001",
        },
        CounterSpec {
            id: "stuns",
            label: "Stuns",
            rule: "M-EFF-001",
        },
        CounterSpec {
            id: "knockouts",
            label: "Knockouts",
            rule: "M-EFF-002",
        },
        CounterSpec {
            id: "passed_out",
            label: "Passed out",
            rule: "M-PEN-002",
        },
        CounterSpec {
            id: "crippled",
            label: "Crippled",
            rule: "M-CKS-001",
        },
    ];
    const ACTION_EXAMPLES: &'static [&'static str] = &[
        "do_nothing",
        "{ attack = { target = 1, weapon = 0, mode = 0 } }",
        "{ move = { to = { q = 1, r = 0 } } }",
        "retreat",
    ];
    type Scenario = model::scenario::Scenario;
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
    fn leader(state: &State, side: fray_core::SideId) -> Option<CombatantId> {
        let on_side = || {
            state
                .ids()
                .filter(move |&id| state.fighter(id).side == side)
        };
        on_side()
            .find(|&id| state.fighter(id).leader)
            .or_else(|| on_side().next())
    }
    fn name(state: &State, who: CombatantId) -> &str {
        &state.fighter(who).name
    }
    fn roster(state: &State) -> Vec<CombatantView> {
        state
            .ids()
            .map(|id| {
                let f = state.fighter(id);
                let vitality = match (f.life, f.stun) {
                    (Life::Dead, _) => Vitality::Dead,
                    (Life::Unconscious, _) => Vitality::Down,
                    (Life::Conscious, Some(_)) => Vitality::Stunned,
                    (Life::Conscious, None) => Vitality::Active,
                };
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
                CombatantView {
                    id,
                    name: f.name.to_string(),
                    side: f.side,
                    side_name: state.sides[f.side.index()].clone(),
                    pools: vec![
                        PoolView {
                            label: "HP",
                            current: f.hp,
                            max: f.stats.hp,
                        },
                        PoolView {
                            label: "Fatigue",
                            current: f.fatigue,
                            max: f.stats.fatigue,
                        },
                    ],
                    vitality,
                    conditions,
                    position: format!("{} facing {}", f.pos, f.facing.name()),
                }
            })
            .collect()
    }
    fn tally(state: &State, out: &mut [Tally]) {
        for (f, t) in state.fighters.iter().zip(out.iter_mut()) {
            let (mut pools, mut pool_max) = ([0; MAX_POOLS], [0; MAX_POOLS]);
            pools[..2].copy_from_slice(&[f.hp, f.fatigue]);
            pool_max[..2].copy_from_slice(&[f.stats.hp, f.stats.fatigue]);
            let mut counters = [0; MAX_COUNTERS];
            counters[..6].copy_from_slice(&[
                u32::from(f.record.criticals),
                u32::from(f.record.fumbles),
                u32::from(f.record.stuns),
                u32::from(f.record.knockouts),
                u32::from(f.record.passed_out),
                u32::from(f.record.crippled),
            ]);
            *t = Tally {
                side: f.side,
                pools,
                pool_max,
                counters,
                dealt: f.record.dealt,
                taken: f.record.taken,
                down: f.life == Life::Unconscious,
                dead: f.life == Life::Dead,
            };
        }
    }
    fn combatants(state: &State) -> usize {
        state.fighters.len()
    }
    fn round(state: &State) -> u32 {
        state.round
    }
}

impl Engine for Margin {
    fn setup(s: &Self::Scenario) -> Result<State, SetupError> {
        if let Some(armory) = &s.armory {
            return setup::setup(s, armory);
        }
        let armory =
            model::data::bundled().map_err(|e| SetupError::new("(bundled data)", e.to_string()))?;
        setup::setup(s, armory)
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
            Some(std::sync::Arc::new(model::data::with_extra(extra)?))
        };
        let known = armory.as_deref().or(model::data::bundled().ok());
        let sheet = |id: &str| -> Result<String, String> {
            let armory = known.ok_or_else(|| "the bundled data does not load".to_string())?;
            let t = armory.template(id).ok_or_else(|| {
                format!(
                    "no template `{id}`; known: {}",
                    armory.template_ids().join(", ")
                )
            })?;
            toml::to_string(t).map_err(|e| e.to_string())
        };
        let mut scenario: Self::Scenario = fray_core::data::parse_with_templates(file, &sheet)?;
        scenario.armory = armory;
        Ok(scenario)
    }
    fn next(state: &mut State, cx: &mut impl Cx<Self>) -> Flow<Next> {
        let next = resolve::turn::next(state, cx);
        debug_assert!(
            state.occupancy_in_step(),
            "the occupancy index after a turn's start"
        );
        next
    }
    fn legal_actions(state: &State, actor: CombatantId) -> Vec<Action> {
        legal::actions(state, actor)
    }
    /// The AI checks its choice before it returns it (`ai`), so the
    /// simulator need not check it again.
    const AI_ACTIONS_ARE_LEGAL: bool = true;
    /// The AI answers a defense question with one of its own options and
    /// a fire question with fire (`ai::answer`), so the simulator need not
    /// check the answer.
    const AI_ANSWERS_ARE_LEGAL: bool = true;
    fn check_action(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
        rules::maneuver::check(state, actor, action)
    }
    fn resolve(
        state: &mut State,
        actor: CombatantId,
        action: &Action,
        cx: &mut impl Cx<Self>,
    ) -> Flow<()> {
        let done = resolve::maneuver::resolve(state, actor, action, cx);
        debug_assert!(
            state.occupancy_in_step(),
            "the occupancy index after a maneuver"
        );
        done
    }
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
    fn ai_action(state: &State, actor: CombatantId) -> Action {
        ai::remembered(state, actor)
    }
    fn ai_answer(state: &State, question: &Question) -> Answer {
        ai::answer(state, question)
    }
}

impl TableView for Margin {
    fn answer_options(question: &Question) -> Vec<Answer> {
        let options = match question {
            Question::Fire { .. } => {
                return vec![Answer::Fire { fire: true }, Answer::Fire { fire: false }];
            }
            Question::Defend { options, .. } => options,
        };
        let mut out: Vec<Answer> = options
            .iter()
            .map(|o| Answer::Defend {
                kind: o.kind,
                weapon: o.weapon,
            })
            .collect();
        out.push(Answer::NoDefense);
        out
    }
    fn describe_action(state: &State, actor: CombatantId, action: &Action) -> String {
        model::words::action(state, actor, action)
    }
    fn describe_answer(state: &State, question: &Question, answer: &Answer) -> String {
        model::words::answer(state, question, answer)
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
    fn move_to(
        state: &State,
        actor: CombatantId,
        cell: fray_core::view::MapCell,
    ) -> Option<Action> {
        table::move_to(state, actor, cell)
    }
    fn turn_order(state: &State) -> fray_core::view::TurnOrder {
        table::turn_order(state)
    }
    fn map_view(state: &State) -> Option<fray_core::view::MapView> {
        Some(table::map_view(state))
    }
}

impl GmPowers for Margin {
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
mod odds_key;
mod screen;
