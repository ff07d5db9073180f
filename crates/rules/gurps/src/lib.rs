//! The GURPS 4th edition / Dungeon Fantasy ruleset for Fray.
//!
//! Specification: `rules/gurps.checklist.md` (IDs like `G-DMG-004`), with
//! coverage and decisions in `docs/rules/gurps.md`. Every rule in the code
//! cites its ID; every implemented ID is named by a test.
//!
//! Layout, in layers that import only downward (DESIGN.md, "The shape of a
//! ruleset crate"; checked by `shared/tools/layers`):
//! [`model`] (state, data, actions, events, sheets, scenario fields) ->
//! [`rules`] (pure functions of the state: to-hit, defenses, reach, the
//! tables, legality checks) -> [`resolve`] (procedures that roll and ask) ->
//! [`ai`] -> this file's `Fight` and `Engine` impls, with [`setup`] and the
//! front-end glue ([`describe`], [`effects`], the legal menus, `TableView`
//! in [`table`], `GmPowers` in `gm_override`, the armory as a `DataSet` in
//! [`catalog`]).

pub mod ai;
pub mod catalog;
pub mod describe;
pub mod effects;
pub mod import;
pub mod input;
pub mod model;
mod odds_key;
pub mod resolve;
pub mod rules;
pub mod setup;
pub mod table;

/// Stable path for the simulator and its benches (`fray_gurps::state::State`).
pub use model::state;

use fray_core::data;
use fray_core::scenario::{FileError, SourceFile};
use fray_core::{
    Addressee, CombatantId, CounterSpec, Cx, Engine, Fight, FigureStatus, FigureTally, Illegal,
    Next, PoolSpec, Pools, SetupError, Vitality,
};
use model::action::{Action, Answer, Question};
use model::event::Event;
use model::state::{Life, State};

fray_core::ruleset_marker! {
    /// The GURPS ruleset (a marker type; all state lives in [`State`]).
    pub struct Gurps = "gurps", flow Flow;
}

impl Fight for Gurps {
    const NAME: &'static str = "GURPS 4th edition / Dungeon Fantasy";
    const POOLS: &'static [PoolSpec] = &[
        PoolSpec::vital("hp", "HP", "Hit Points"),
        PoolSpec::hampering("fp", "FP", "Fatigue Points"),
    ];
    /// What [`Record`](state::Record) and the fighter's end state give
    /// without extra bookkeeping.
    const COUNTERS: &'static [CounterSpec] = &[
        CounterSpec::new("knockdowns", "Knockdowns", "G-INJ-008"),
        CounterSpec::new("stuns", "Stuns", "G-INJ-008"),
        CounterSpec::new("crippled", "Crippled", "G-LOC-009"),
        CounterSpec::new("mortal_wounds", "Mortal wounds", "G-EXT-031"),
        CounterSpec::new("critical_hits", "Critical hits", "G-EXT-006"),
        CounterSpec::new("critical_misses", "Critical misses", "G-EXT-003"),
    ];
    const ACTION_EXAMPLES: &'static [&'static str] =
        &["do_nothing", "{ move = { to = { q = 1, r = 0 } } }"];
    fray_core::fight_types! { model::scenario::Scenario, State, Action, Question, Answer, Event }
    fray_core::fight_reading! {
        figures: fighters, figure: fighter, round: round, controllers: in_figure,
        /// The figure marked `leader` (G-TURN-006), else the side's first.
        leader: marked,
    }
    fn pools(state: &State, who: CombatantId) -> Pools {
        let f = state.fighter(who);
        Pools::of(&[(f.hp, f.stats.hp), (f.fp, f.stats.fp)])
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
        if f.shock != 0 {
            conditions.push(format!("shock {}", f.shock));
        }
        if f.mortal_wound() {
            conditions.push("mortal wound".into());
        }
        for l in &f.crippled {
            conditions.push(format!("crippled {l}"));
        }
        for w in f.weapons.iter().filter(|w| !w.ready()) {
            conditions.push(format!("{} not ready", w.weapon.name));
        }
        if f.asleep() {
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
        FigureStatus {
            vitality: Vitality::judged(
                f.life == Life::Dead,
                f.life == Life::Unconscious,
                f.stun.is_some(),
            ),
            conditions,
            position: rules::movement::describe(f.pose),
        }
    }
    /// Counters: knockdowns and stuns from the record (G-INJ-008), crippled
    /// locations (G-LOC-009), a mortal wound (G-EXT-031) at the end, and
    /// the attacker's critical hits (G-EXT-006) and misses (G-EXT-003).
    fn figure_tally(state: &State, who: CombatantId) -> FigureTally {
        let f = state.fighter(who);
        FigureTally {
            dealt: f.record.dealt,
            taken: f.record.taken,
            down: f.life == Life::Unconscious,
            dead: f.life == Life::Dead,
            ..FigureTally::counting(&[
                u32::from(f.record.knockdowns),
                u32::from(f.record.stuns),
                f.crippled.len() as u32,
                u32::from(f.mortal_wound()),
                u32::from(f.record.critical_hits),
                u32::from(f.record.critical_misses),
            ])
        }
    }
}

impl Engine for Gurps {
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
    /// A combatant's `gcs` file, read relative to the scenario's folder
    /// and made into its sheet.
    fn read_files(
        s: &mut Self::Scenario,
        files: &dyn fray_core::files::Files,
    ) -> Result<(), SetupError> {
        for (i, c) in s.combatants.iter_mut().enumerate() {
            let Some(file) = c.gcs.take() else {
                continue;
            };
            let at = format!("combatants[{i}].gcs");
            if c.template.is_some() || c.sheet.is_some() {
                return Err(SetupError::new(
                    at,
                    "give one of `template`, `sheet` and `gcs`",
                ));
            }
            let imported = files
                .read(&file)
                .map_err(|e| SetupError::new(&at, e.to_string()))
                .and_then(|source| {
                    import::parse(&source.text)
                        .map_err(|e| SetupError::new(&at, format!("{file}: {e}")))
                })?;
            c.sheet = Some(imported.sheet);
        }
        Ok(())
    }
    /// Weapons and shields used at their default skill (issue 10).
    fn setup_warnings(s: &Self::Scenario) -> Vec<SetupError> {
        match (&s.armory, model::data::bundled()) {
            (Some(armory), _) => input::warnings(s, armory),
            (None, Ok(armory)) => input::warnings(s, armory),
            (None, Err(_)) => Vec::new(),
        }
    }
    fn next(state: &mut State, cx: &mut impl Cx<Self>) -> Flow<Next> {
        debug_assert!(
            state.occupancy_in_step(),
            "a figure moved without State::place"
        );
        debug_assert!(
            state.grips_in_step(),
            "a grip changed without State::set_grip"
        );
        resolve::turn::next(state, cx)
    }
    /// The AI checks its choice before it returns it (`ai`), so the
    /// simulator need not check it again.
    const AI_ACTIONS_ARE_LEGAL: bool = true;
    /// The AI answers a defense question with one of its own options (its
    /// kind and weapon, a retreat only where the option has one, no extra
    /// effort, no dive) and a fall with one of the hexes offered, never an
    /// empty list (`ai::answer`), so the simulator need not check the
    /// answer; debug builds still do.
    const AI_ANSWERS_ARE_LEGAL: bool = true;
    fn addressee(question: &Question) -> Addressee {
        match question {
            Question::Defend { defender, .. } => Addressee::Combatant(*defender),
            Question::Fall { chooser, .. } => Addressee::Combatant(*chooser),
        }
    }
    fn check_answer(question: &Question, answer: &Answer) -> Result<(), Illegal> {
        match (question, answer) {
            (Question::Fall { options, .. }, Answer::Fall { hex }) => {
                if options.contains(hex) {
                    Ok(())
                } else {
                    Err(Illegal::input(format!(
                        "{hex} is not one of the hexes offered"
                    )))
                }
            }
            (Question::Fall { .. }, _) => Err(Illegal::input("answer with a hex for the body")),
            (_, Answer::Fall { .. }) => Err(Illegal::input("this question is about defending")),
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
                if dive.is_some() && (!ranged || *kind != model::state::DefenseKind::Dodge) {
                    return Err(Illegal::new(
                        "G-DEF-012",
                        "Dodge and Drop and Dive for Cover are Dodges against ranged attacks",
                    ));
                }
                if *feverish && *kind == model::state::DefenseKind::Spell {
                    return Err(Illegal::new(
                        "G-EFF-005",
                        "Feverish Defense is extra effort on an active defense roll, not on a blocking spell",
                    ));
                }
                if *feverish && !extra_effort {
                    return Err(Illegal::new("G-EFF-005", "no FP left for Feverish Defense"));
                }
                if *acrobatic && *kind != model::state::DefenseKind::Dodge {
                    return Err(Illegal::new(
                        "G-DEF-011",
                        "Acrobatic Dodge goes with a Dodge only",
                    ));
                }
                let o = options
                    .iter()
                    .find(|o| {
                        o.kind == *kind
                            && (o.weapon == *weapon || weapon.is_none() && o.weapon.is_some())
                    })
                    .ok_or_else(|| {
                        Illegal::input(format!("{kind:?} is not one of the defenses offered"))
                    })?;
                if *retreat && o.with_retreat.is_none() {
                    return Err(Illegal::new(
                        "G-DEF-009",
                        "retreat is not possible against this attack",
                    ));
                }
                Ok(())
            }
        }
    }
    fray_core::engine_forwarding! {
        legal_actions: legal::actions, check_action: rules::maneuver::check,
        resolve: resolve::maneuver::resolve, ai_action: ai::action, ai_answer: ai::answer,
    }
}

mod legal;

mod gm_override;
mod screen;

/// What the unit tests share: a bundled scenario loaded by file name.
#[cfg(test)]
pub(crate) mod test_support {
    use crate::model::state::State;

    /// `scenarios/gurps/<name>`, loaded as the CLI loads it.
    pub(crate) fn scenario(name: &str) -> State {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../scenarios/gurps")
            .join(name);
        let file = fray_core::scenario::SourceFile::read(&path).expect("a bundled scenario reads");
        fray_core::run::load::<crate::Gurps>(file)
            .expect("a bundled scenario loads")
            .state
    }
}
