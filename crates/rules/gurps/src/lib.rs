//! The GURPS 4th edition / Dungeon Fantasy ruleset for Fray.
//!
//! Specification: `rules/gurps.checklist.md` (IDs like `G-DMG-004`), with
//! coverage and decisions in `docs/rules/gurps.md`. Every rule in the code
//! cites its ID; every implemented ID is named by a test.
//!
//! Layout: [`data`] and [`sheet`] read files; [`state`] is the fight;
//! [`resolve`] plays it (turns, maneuvers, attacks, defenses, injury);
//! [`ai`] chooses for AI controllers.

pub mod action;
pub mod ai;
pub mod check;
pub mod damage;
pub mod data;
pub mod describe;
pub mod effects;
pub mod event;
pub mod location;
pub mod options;
pub mod resolve;
pub mod scenario;
pub mod sheet;
pub mod spell;
pub mod state;
pub mod tables;
pub mod terrain;

use action::{Action, Answer, Question};
use event::Event;
use fray_core::engine::Interrupt;
use fray_core::{
    CombatantId, CombatantView, Controller, Ctx, EventSink, Illegal, Next, Oracle, Ruleset,
    SetupError, Vitality,
};
use state::{Life, State};

/// The GURPS ruleset (a marker type; all state lives in [`State`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gurps;

impl Gurps {
    /// The ruleset id, usable in const contexts.
    pub const ID_STR: &'static str = "gurps";
}

impl Ruleset for Gurps {
    const ID: &'static str = Gurps::ID_STR;
    const NAME: &'static str = "GURPS 4th edition / Dungeon Fantasy";
    type Scenario = scenario::Scenario;
    type State = State;
    type Action = Action;
    type Question = Question;
    type Answer = Answer;
    type Event = Event;

    fn setup(s: &Self::Scenario) -> Result<State, SetupError> {
        let armory = data::bundled().map_err(|e| SetupError::new("(bundled data)", e))?;
        scenario::setup(s, armory)
    }

    fn controller(state: &State, who: CombatantId) -> &Controller {
        &state.fighter(who).controller
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
                if f.posture != state::Posture::Standing {
                    conditions.push(f.posture.name().to_string());
                }
                if f.stun.is_some() {
                    conditions.push("stunned".into());
                }
                if f.shock != 0 {
                    conditions.push(format!("shock {}", f.shock));
                }
                if f.mortal_wound {
                    conditions.push("mortal wound".into());
                }
                for l in &f.crippled {
                    conditions.push(format!("crippled {l}"));
                }
                for w in f.weapons.iter().filter(|w| !w.ready) {
                    conditions.push(format!("{} not ready", w.weapon.name));
                }
                if f.asleep {
                    conditions.push("asleep".into());
                }
                if let Some(c) = f.casting
                    && let Some(k) = f.spells.get(usize::from(c.spell))
                {
                    conditions.push(format!(
                        "casting {} ({}/{} s)",
                        k.spell.name, c.seconds, c.needed
                    ));
                }
                for w in f.weapons.iter().filter(|w| w.spell.is_some()) {
                    conditions.push(format!("holds {}", w.weapon.name));
                }
                CombatantView {
                    id,
                    name: f.name.to_string(),
                    side: f.side,
                    side_name: state.sides[f.side.index()].clone(),
                    health: (f.hp, f.stats.hp),
                    stamina: Some((f.fp, f.stats.fp)),
                    vitality,
                    conditions,
                    position: resolve::movement::describe(f.pose),
                }
            })
            .collect()
    }

    fn tally(state: &State, out: &mut [fray_core::Tally]) {
        for (f, t) in state.fighters.iter().zip(out.iter_mut()) {
            *t = fray_core::Tally {
                side: f.side,
                health: f.hp,
                health_max: f.stats.hp,
                stamina: f.fp,
                dealt: f.record.dealt,
                taken: f.record.taken,
                knockdowns: f.record.knockdowns,
                stuns: f.record.stuns,
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

    fn next<O: Oracle<Self>, S: EventSink<Event>>(
        state: &mut State,
        ctx: &mut Ctx<'_, Self, O, S>,
    ) -> Result<Next, Interrupt<Self>> {
        resolve::turn::next(state, ctx)
    }

    fn legal_actions(state: &State, actor: CombatantId) -> Vec<Action> {
        legal::actions(state, actor)
    }

    fn check_action(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
        resolve::maneuver::check(state, actor, action)
    }

    fn resolve<O: Oracle<Self>, S: EventSink<Event>>(
        state: &mut State,
        actor: CombatantId,
        action: &Action,
        ctx: &mut Ctx<'_, Self, O, S>,
    ) -> Result<(), Interrupt<Self>> {
        resolve::maneuver::resolve(state, actor, action, ctx)
    }

    fn addressee(question: &Question) -> CombatantId {
        match question {
            Question::Defend { defender, .. } => *defender,
            Question::Fall { chooser, .. } => *chooser,
        }
    }

    fn check_answer(question: &Question, answer: &Answer) -> Result<(), Illegal> {
        match (question, answer) {
            (Question::Fall { options, .. }, Answer::Fall { hex }) => {
                if options.contains(hex) {
                    Ok(())
                } else {
                    Err(Illegal(format!("{hex} is not one of the hexes offered")))
                }
            }
            (Question::Fall { .. }, _) => Err(Illegal("answer with a hex for the body".into())),
            (_, Answer::Fall { .. }) => Err(Illegal("this question is about defending".into())),
            (_, Answer::NoDefense) => Ok(()),
            (
                Question::Defend {
                    options,
                    extra_effort,
                    ranged,
                    ..
                },
                Answer::Defend {
                    kind,
                    weapon,
                    retreat,
                    feverish,
                    acrobatic,
                    dive,
                },
            ) => {
                if dive.is_some() && (!ranged || *kind != state::DefenseKind::Dodge) {
                    return Err(Illegal(
                        "Dodge and Drop and Dive for Cover are Dodges against ranged attacks (G-DEF-012, G-DEF-013)".into(),
                    ));
                }
                if *feverish && *kind == state::DefenseKind::Spell {
                    return Err(Illegal(
                        "Feverish Defense is extra effort on an active defense roll, not on a blocking spell (G-EFF-005, G-SPL-012)".into(),
                    ));
                }
                if *feverish && !extra_effort {
                    return Err(Illegal(
                        "no FP left for Feverish Defense (G-EFF-005)".into(),
                    ));
                }
                if *acrobatic && *kind != state::DefenseKind::Dodge {
                    return Err(Illegal(
                        "Acrobatic Dodge goes with a Dodge only (G-DEF-011)".into(),
                    ));
                }
                let o = options
                    .iter()
                    .find(|o| {
                        o.kind == *kind
                            && (o.weapon == *weapon || weapon.is_none() && o.weapon.is_some())
                    })
                    .ok_or_else(|| {
                        Illegal(format!("{kind:?} is not one of the defenses offered"))
                    })?;
                if *retreat && o.with_retreat.is_none() {
                    return Err(Illegal(
                        "retreat is not possible against this attack".into(),
                    ));
                }
                Ok(())
            }
        }
    }

    fn describe_action(state: &State, actor: CombatantId, action: &Action) -> String {
        describe::action(state, actor, action)
    }

    fn describe_answer(state: &State, question: &Question, answer: &Answer) -> String {
        describe::answer(state, question, answer)
    }

    /// Each defense offered, standing and (where allowed, G-DEF-009)
    /// retreating; then the same with Feverish Defense (G-EFF-005) when the
    /// defender has FP, and Dodges made acrobatic (G-DEF-011); then no
    /// defense: every answer `check_answer` accepts.
    fn answer_options(question: &Question) -> Vec<Answer> {
        let (options, extra_effort, ranged) = match question {
            Question::Defend {
                options,
                extra_effort,
                ranged,
                ..
            } => (options, extra_effort, ranged),
            Question::Fall { options, .. } => {
                return options.iter().map(|&hex| Answer::Fall { hex }).collect();
            }
        };
        let mut out = Vec::with_capacity(options.len() * 8 + 1);
        let dives: &[Option<action::Dive>] = if *ranged {
            &[None, Some(action::Dive::Drop), Some(action::Dive::Cover)]
        } else {
            &[None]
        };
        let feverish: &[bool] = if *extra_effort {
            &[false, true]
        } else {
            &[false]
        };
        for &fev in feverish {
            for o in options {
                if fev && o.kind == state::DefenseKind::Spell {
                    continue;
                }
                let acrobatic: &[bool] = if o.kind == state::DefenseKind::Dodge {
                    &[false, true]
                } else {
                    &[false]
                };
                for &acro in acrobatic {
                    let dives = if o.kind == state::DefenseKind::Dodge {
                        dives
                    } else {
                        &[None]
                    };
                    for &dive in dives {
                        let defend = |retreat| Answer::Defend {
                            kind: o.kind,
                            weapon: o.weapon,
                            retreat,
                            feverish: fev,
                            acrobatic: acro,
                            dive,
                        };
                        out.push(defend(false));
                        if o.with_retreat.is_some() {
                            out.push(defend(true));
                        }
                    }
                }
            }
        }
        out.push(Answer::NoDefense);
        out
    }

    fn ai_action(state: &State, actor: CombatantId) -> Action {
        ai::action(state, actor)
    }

    fn ai_answer(state: &State, question: &Question) -> Answer {
        ai::answer(state, question)
    }
}

mod legal;
