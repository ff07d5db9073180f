//! What one GURPS action did, as named features for exact odds
//! (`fray odds --action`, [`fray_core::odds`]).
//!
//! The core enumerates every roll outcome of an action and asks this module
//! what each outcome amounts to. Features are read from the events (which
//! roll succeeded, what damage landed) and from the target's state before
//! and after (HP, consciousness), so they follow the resolution code
//! exactly instead of re-deriving the rules.

use crate::Gurps;
use crate::model::action::{Action, Answer, Question};
use crate::model::event::{ConditionChange, Event, Note};
use crate::model::state::{DefenseKind, Life, State};
use crate::rules::injury::{critical_hit_effect, head_blow_effect};
use fray_core::Fight;
use fray_core::odds::{ActionEffects, ResumeAt};
use fray_core::{CombatantId, Cx};

/// Whether an event's name field names `who`.
fn names(field: &impl AsRef<str>, who: &str) -> bool {
    field.as_ref() == who
}

/// The foe an action is aimed at, if any.
fn target_of(action: &Action) -> Option<CombatantId> {
    match action {
        Action::Attack { strike, .. } | Action::AllOutAttack { strike, .. } => Some(strike.target),
        Action::Feint { target, .. } => Some(*target),
        _ => None,
    }
}

impl ActionEffects for Gurps {
    /// The features, all about the action's target:
    ///
    /// * `hit`: blows of the action that landed (not missed, not defended),
    ///   G-TURN-004; a weapon flung by a critical miss that happens to hit
    ///   the target (G-EXT-009) adds injury but is not a hit;
    /// * `critical`: critical successes on the attack roll (G-EXT-002);
    /// * `defended`: successful active defenses (G-DEF-001/002/006);
    /// * `injury`: HP the target lost (G-DMG-004);
    /// * `major_wound`: 1 if a single blow was a major wound: more than half
    ///   HP, a crippling, or a critical hit that makes any wound major
    ///   (G-INJ-005, G-LOC-009, G-EXT-007);
    /// * `knockdown`: failed knockdown rolls (G-INJ-008);
    /// * `target_out`: 1 if the target was conscious before and is
    ///   unconscious or dead after (G-INJ-008, G-INJ-013, G-INJ-014);
    /// * `target_dead`: 1 if it died.
    fn effects(
        before: &State,
        after: &State,
        _actor: CombatantId,
        action: &Action,
        events: &[Event],
    ) -> Vec<(&'static str, i64)> {
        let mut hit = 0i64;
        let mut critical = 0i64;
        let mut defended = 0i64;
        let mut major = false;
        let mut knockdown = 0i64;
        let mut major_critical = false;
        // The attacker's weapon of the strike under way went to the
        // Critical Miss Table (G-EXT-009), after its own critical miss or a
        // critical defense (G-EXT-011): a weapon it flings at the target
        // wounds but is no hit. Each attack roll starts a strike afresh,
        // and a defender's own critical miss (a parry's) leaves the blow a
        // hit.
        let mut strike_fumbled = false;
        let (mut injury, mut out, mut dead) = (0i64, false, false);
        if let Some(t) = target_of(action).filter(|t| before.exists(*t) && after.exists(*t)) {
            let name = Gurps::name(before, t);
            let (b, a) = (before.fighter(t), after.fighter(t));
            injury = i64::from((b.hp - a.hp).max(0));
            out = b.life == Life::Conscious && a.life != Life::Conscious;
            dead = b.life != Life::Dead && a.life == Life::Dead;
            for e in events {
                match e {
                    Event::Roll { roll } => match roll.label {
                        "attack" => {
                            critical += i64::from(roll.verdict == "critical success");
                            strike_fumbled = roll.verdict == "critical failure";
                        }
                        "dodge" | "parry" | "block" | "blocking spell"
                            if roll.verdict == "success" || roll.verdict == "critical success" =>
                        {
                            defended += 1;
                            strike_fumbled |= roll.verdict == "critical success";
                        }
                        "critical hit table" => {
                            major_critical |= critical_hit_effect(roll.total).major;
                        }
                        "critical head blow table" => {
                            major_critical |= head_blow_effect(roll.total).major;
                        }
                        _ => {}
                    },
                    Event::Damage {
                        target,
                        injury,
                        hp_max,
                        ..
                    } if names(target, name) && !strike_fumbled => {
                        hit += 1;
                        major |= *injury * 2 > *hp_max || (major_critical && *injury > 0);
                    }
                    // G-DMG-006 decision: fatigue damage lands as lost FP.
                    Event::Note(Note { rule, .. }) if *rule == "G-DMG-006" => hit += 1,
                    Event::Condition(ConditionChange { who, rule, .. }) if names(who, name) => {
                        match *rule {
                            "G-LOC-009" => major = true,
                            "G-INJ-008" => knockdown += 1,
                            _ => {}
                        }
                    }
                    _ => {}
                }
            }
        }
        vec![
            ("hit", hit),
            ("critical", critical),
            ("defended", defended),
            ("injury", injury),
            ("major_wound", i64::from(major)),
            ("knockdown", knockdown),
            ("target_out", i64::from(out)),
            ("target_dead", i64::from(dead)),
        ]
    }

    /// The whole state, with the shared parts still the start state's own
    /// written as one byte ([`crate::odds_key`]): the same merges, a
    /// fraction of the bytes.
    fn write_key(start: &State, state: &State, out: &mut Vec<u8>) -> bool {
        crate::odds_key::write(start, state, out)
    }

    /// The odds resume an attack at the stages of its strikes (the defense,
    /// the damage) and before a second strike
    /// ([`crate::resolve::sequence`]) instead of replaying the action from
    /// its start for every sequence of rolls below them.
    const RESUMES: bool = true;

    fn resume(
        state: &mut State,
        actor: CombatantId,
        action: &Action,
        at: &ResumeAt,
        cx: &mut impl Cx<Gurps>,
    ) -> fray_core::Flow<(), Gurps> {
        crate::resolve::resume::resume(state, actor, action, at, cx)
    }

    /// `Sir Gawain: Parry with Broadsword, retreating (defense 11)`: the
    /// defense the AI chose and its effective value (G-DEF-009 retreat included).
    fn describe_decision(state: &State, question: &Question, answer: &Answer) -> String {
        let (defender, options, second) = match question {
            Question::Defend {
                defender,
                options,
                second,
                ..
            } => (defender, options, second),
            Question::Fall { faller, .. } => {
                return format!("{}: {answer}", Gurps::name(state, *faller));
            }
        };
        let who = Gurps::name(state, *defender);
        let nth = if *second { "second defense: " } else { "" };
        let Answer::Defend {
            kind,
            weapon,
            retreat,
            feverish,
            acrobatic,
            dive,
        } = answer
        else {
            return format!("{who}: {nth}no defense");
        };
        let chosen = options
            .iter()
            .filter(|o| o.kind == *kind && (weapon.is_none() || o.weapon == *weapon))
            .max_by_key(|o| o.value);
        let f = state.fighter(*defender);
        let what = match kind {
            DefenseKind::Dodge => "Dodge".to_string(),
            DefenseKind::Parry => {
                match chosen
                    .and_then(|o| o.weapon)
                    .and_then(|w| f.weapons.get(usize::from(w)))
                {
                    Some(w) => format!("Parry with {}", w.weapon.name),
                    None => "Parry".to_string(),
                }
            }
            DefenseKind::Block => match &f.shield {
                Some(s) => format!("Block with {}", s.name),
                None => "Block".to_string(),
            },
            DefenseKind::Spell => match weapon.and_then(|i| f.spells.get(usize::from(i))) {
                Some(k) => format!("Cast {}", k.spell.name),
                None => "A blocking spell".to_string(),
            },
        };
        let value = chosen.and_then(|o| {
            let v = if *retreat {
                o.with_retreat
            } else {
                Some(o.value)
            };
            v.map(|v| v + if *feverish { 2 } else { 0 })
        });
        let acro = if *acrobatic { "Acrobatic " } else { "" };
        let mut s = format!("{who}: {nth}{acro}{what}");
        if *retreat {
            s.push_str(", retreating");
        }
        if *feverish {
            s.push_str(", feverishly");
        }
        match dive {
            Some(crate::model::action::Dive::Drop) => s.push_str(", dropping prone"),
            Some(crate::model::action::Dive::Cover) => s.push_str(", diving for cover"),
            None => {}
        }
        if let Some(v) = value {
            s.push_str(&format!(" (defense {v})"));
        }
        s
    }
}
