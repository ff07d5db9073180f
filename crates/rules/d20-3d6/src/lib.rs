//! The d20-3d6 ruleset for Fray: a d20-family system with exploding 3d6
//! ("golden" d6), three actions a round, static Defense and a square grid.
//!
//! Specification: `rules/d20-3d6.checklist.md` (IDs like `X-ATK-005`), with
//! coverage and decisions in `docs/rules/d20-3d6.md`. Every rule in the
//! code cites its ID; every implemented ID is named by a test.
//!
//! Layout, in layers that import only downward (DESIGN.md, "The shape of a
//! ruleset crate"): [`model`] (state, data, actions, events, sheets,
//! scenario fields) -> [`rules`] (pure functions: bonuses, Defense, damage,
//! reach, legality) -> [`resolve`] (procedures that roll and ask) ->
//! [`ai`] -> this file's `Fight` and `Engine` impls with [`setup`], the
//! odds' [`effects`], `TableView` in [`table`], `GmPowers` in
//! `gm_override` and the armory as a `DataSet` in [`catalog`].
//!
//! A turn is a budget of normal actions (X-ACT-001): [`Engine::next`]
//! returns the same actor while it has actions left, and `pass_turn` or the
//! `end_turn` action ends the rest. Reactions and Immediates (X-ACT-002,
//! X-ACT-003) interrupt other turns as questions to the reacting combatant.

pub mod ai;
pub mod catalog;
pub mod describe;
pub mod effects;
pub mod legal;
pub mod model;
pub mod resolve;
pub mod rules;
pub mod setup;
pub mod table;

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
    /// The d20-3d6 ruleset (a marker type; all state lives in [`State`]).
    pub struct D20 = "d20-3d6", flow Flow;
}

impl Fight for D20 {
    const NAME: &'static str = "d20 family, exploding 3d6, 3 actions a round";
    const POOLS: &'static [PoolSpec] = &[
        PoolSpec::vital("hp", "HP", "Hit Points"),
        PoolSpec::hampering("nl", "NL", "Nonlethal damage"),
    ];
    const COUNTERS: &'static [CounterSpec] = &[
        CounterSpec::new("criticals", "Criticals", "X-DMG-002"),
        CounterSpec::new("explosions", "Explosions", "X-DMG-005"),
        CounterSpec::new("opportunity", "AoO", "X-ACT-007"),
        CounterSpec::new("fumbles", "Three 1s", "X-ATK-008"),
        CounterSpec::new("dying", "Dying", "X-LIF-003"),
    ];
    const ACTION_EXAMPLES: &'static [&'static str] = &[
        "end_turn",
        "{ attack = { target = 1, weapon = 0 } }",
        "{ move = { to = { x = 3, y = 4 } } }",
        "{ charge = { to = { x = 3, y = 4 }, strike = { target = 1, weapon = 0 } } }",
        "total_defense",
        "{ cast = { spell = 0, target = 1 } }",
    ];
    fray_core::fight_types! { model::scenario::Scenario, State, Action, Question, Answer, Event }
    fray_core::fight_reading! {
        figures: fighters, figure: fighter, round: round, controllers: in_figure,
        leader: marked,
    }
    fn pools(state: &State, who: CombatantId) -> Pools {
        let f = state.fighter(who);
        Pools::of(&[(f.hp, f.stats.hp_max), (f.nonlethal, f.stats.hp_max)])
    }
    fn status(state: &State, who: CombatantId) -> FigureStatus {
        let f = state.fighter(who);
        let mut conditions: Vec<String> = f.cond.iter().map(|c| c.name().to_string()).collect();
        match f.life {
            Life::Fine => {}
            Life::KnockedOut => conditions.push("knocked out".into()),
            Life::Unconscious => conditions.push("unconscious".into()),
            Life::Dying => conditions.push("dying".into()),
            Life::Dead => conditions.push("dead".into()),
        }
        if f.fatigue > 0 {
            conditions.push(format!("fatigued {}", f.fatigue));
        }
        if f.pinned {
            conditions.push("pinned".into());
        } else if f.grappled_by.is_some() {
            conditions.push("grappled".into());
        }
        for (flag, word) in [
            (f.ran, "ran (-4 Defense)"),
            (f.charged, "charged (-4 Defense)"),
            (f.total_defense, "Total Defense (+4)"),
            (f.prepared, "Prepared Defense (+1)"),
        ] {
            if flag {
                conditions.push(word.into());
            }
        }
        let held: Vec<String> = [f.main, f.off]
            .into_iter()
            .flatten()
            .filter_map(|w| f.weapon(w))
            .map(|a| a.weapon.name.clone())
            .collect();
        if !held.is_empty() {
            conditions.push(format!("holds {}", held.join(" and ")));
        }
        FigureStatus {
            vitality: Vitality::judged(
                f.life == Life::Dead,
                !f.life.fine(),
                f.cond.has(model::state::Condition::Paralyzed),
            ),
            conditions,
            position: if f.edge() > 1 {
                format!("{} ({}x{} m)", f.pos, f.edge(), f.edge())
            } else {
                f.pos.to_string()
            },
        }
    }
    /// Counters: criticals (X-DMG-002), exploded damage dice (X-DMG-005),
    /// attacks of opportunity (X-ACT-007), three 1s (X-ATK-008), times
    /// dying (X-LIF-003).
    fn figure_tally(state: &State, who: CombatantId) -> FigureTally {
        let f = state.fighter(who);
        FigureTally {
            dealt: f.record.dealt,
            taken: f.record.taken,
            down: !f.life.fine() && f.life != Life::Dead,
            dead: f.life == Life::Dead,
            ..FigureTally::counting(&[
                f.record.criticals,
                f.record.explosions,
                f.record.opportunity,
                f.record.fumbles,
                f.record.dying,
            ])
        }
    }
}

impl Engine for D20 {
    fn setup(s: &Self::Scenario) -> Result<State, SetupError> {
        setup::setup(s)
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
    fn pass_turn(state: &mut State, _actor: CombatantId) {
        state.turn.actions = 0;
        state.turn.mount_actions = 0;
    }
    /// The AI checks its choice before it returns it (`ai`), so the
    /// simulator need not check it again.
    const AI_ACTIONS_ARE_LEGAL: bool = true;
    fn addressee(question: &Question) -> Addressee {
        match question {
            Question::Reaction { reactor, .. } => Addressee::Combatant(*reactor),
            Question::ExtraAction { who } => Addressee::Combatant(*who),
        }
    }
    fn check_answer(question: &Question, answer: &Answer) -> Result<(), Illegal> {
        match (question, answer) {
            (Question::Reaction { .. }, Answer::Decline) => Ok(()),
            (Question::Reaction { weapons, .. }, Answer::Strike { weapon }) => {
                if weapons.contains(weapon) {
                    Ok(())
                } else {
                    Err(Illegal::new(
                        "X-ACT-007",
                        format!("weapon {weapon} is not one of those offered"),
                    ))
                }
            }
            (Question::ExtraAction { .. }, Answer::ExtraReaction | Answer::ExtraImmediate) => {
                Ok(())
            }
            _ => Err(Illegal::input("that answers another question")),
        }
    }
    fray_core::engine_forwarding! {
        next checked: resolve::turn::next, legal_actions: legal::actions,
        check_action: rules::legal::check, resolve checked: resolve::action::resolve,
        ai_action: ai::action, ai_answer: ai::answer,
    }
}

mod gm_override;
mod screen;
