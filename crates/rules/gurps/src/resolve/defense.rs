//! Active defenses: which are possible against an attack, their values,
//! the defender's choice, the roll and its side effects.

use crate::Flow;
use crate::Gurps;
use crate::model::action::{Answer, DefenseOption, DefenseOptions, Dive, Question};
use crate::model::state::{DefenseKind, Posture, Stance, State};
use crate::resolve::check::{self, Check, Judged, Level};
use crate::resolve::magic::{self};
use crate::resolve::{critical, effort};
use crate::rules::defense::{
    ACROBATIC_SWING, AiPick, Around, Extras, Incoming, Touch, attacking_weight,
    defense_mods_around, each_option_around, may_pay_fp, retreat_step,
};
use crate::rules::magic::Distraction;
use fray_core::dice::systems::gurps::SuccessRoll;
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx, ModList};

/// G-DEF-008 decision: parrying a weapon at least three times as heavy as
/// the parrying one may break it: 1d at most `parry_break_chance`.
fn parry_breakage(
    state: &mut State,
    inc: &Incoming,
    weapon: usize,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let own = state.fighter(inc.defender).weapons[weapon].weapon.weight;
    let chance = i32::from(state.options.parry_break_chance);
    if own <= 0.0 || attacking_weight(state, inc) < 3.0 * own || chance == 0 {
        return Ok(());
    }
    let d = check::dice(
        state,
        cx,
        Some(inc.defender),
        fray_core::dice::RollKind::d(1, 6),
        "parry breakage",
        "G-DEF-008",
        None,
    )?;
    if d <= chance {
        let w = &mut state.fighter_mut(inc.defender).weapons[weapon];
        w.set_broken(true);
        w.set_ready(false);
        let (who, name) = (
            state.fighter(inc.defender).name.clone(),
            state.fighter(inc.defender).weapons[weapon]
                .weapon
                .name
                .clone(),
        );
        cx.condition("G-DEF-008", &who, || {
            format!("breaks the {name} parrying a heavy weapon")
        });
    }
    Ok(())
}

/// The defender's choice and its roll. Returns the defense that stopped
/// the attack, or `None` when it got through.
pub fn defend(
    state: &mut State,
    inc: Incoming,
    attack_words: impl Fn(&State) -> String,
    cx: &mut impl Cx<Gurps>,
) -> Flow<Option<DefenseKind>> {
    let mut exclude = None;
    // G-AOD-002: Double Defense gives a second, different defense after a failure.
    let tries = if state.fighter(inc.defender).stance == Stance::DoubleDefense {
        2
    } else {
        1
    };
    for attempt in 0..tries {
        match attempt_defense(state, &inc, &attack_words, attempt, exclude, cx)? {
            Attempt::Stopped(kind) => return Ok(Some(kind)),
            Attempt::Failed(tried) => exclude = Some(tried),
            Attempt::GotThrough => return Ok(None),
        }
    }
    Ok(None)
}

/// How one defense attempt ended.
enum Attempt {
    /// The defense stopped the attack.
    Stopped(DefenseKind),
    /// It failed; a second attempt (Double Defense) must pick another.
    Failed((DefenseKind, Option<u8>)),
    /// No defense, or none possible: the attack gets through.
    GotThrough,
}

/// The defender's answer to one attempt, with its weapon (or spell) made
/// explicit.
#[derive(Clone, Copy)]
struct Choice {
    kind: DefenseKind,
    weapon: Option<u8>,
    retreat: bool,
    feverish: bool,
    acrobatic: bool,
    dive: Option<Dive>,
}

/// One attempt: the options, the defender's answer, what defending costs,
/// then a blocking spell or the defense roll.
fn attempt_defense(
    state: &mut State,
    inc: &Incoming,
    attack_words: &impl Fn(&State) -> String,
    attempt: u8,
    exclude: Option<(DefenseKind, Option<u8>)>,
    cx: &mut impl Cx<Gurps>,
) -> Flow<Attempt> {
    let around = Around::of(state, inc);
    let step = retreat_step(state, inc);
    // The options, without allocating when they are few, built in place
    // (a function returning them copied the list out, 29 instructions).
    let mut opts = DefenseOptions::new();
    each_option_around(state, inc, exclude, (&around, step.is_some()), |o| {
        opts.push(o)
    });
    // The AI's pick ([`AiPick`]), weighed here in one pass over the
    // options: made as they were built, the push became a call for each
    // option, and `ai_choice` was a call with two passes of its own.
    let mut pick = AiPick::new(state.fighter(inc.defender));
    for o in &opts {
        pick.see(o);
    }
    if opts.is_empty() {
        if attempt == 0 {
            let who = &*state.fighter(inc.defender).name;
            cx.note("G-TURN-004", || format!("{who} has no active defense"));
        }
        return Ok(Attempt::GotThrough);
    }
    let Some(choice) = ask(state, inc, attack_words, attempt, (&opts, &pick), cx)? else {
        return Ok(Attempt::GotThrough);
    };
    spoiled_by_defending(state, inc, cx)?;
    if choice.kind == DefenseKind::Spell {
        // G-SPL-012: a blocking spell in place of the active defense.
        let Some(spell) = choice.weapon else {
            return Ok(Attempt::GotThrough);
        };
        if magic::block(state, inc, spell, cx)? {
            return Ok(Attempt::Stopped(choice.kind));
        }
        return Ok(Attempt::Failed((choice.kind, choice.weapon)));
    }
    roll_defense(state, inc, (&opts, around, step), choice, cx)
}

/// Asks the defender; `None` when it does not defend. A Parry (or
/// blocking spell) that names no weapon (spell) uses the best one offered.
fn ask(
    state: &State,
    inc: &Incoming,
    attack_words: &impl Fn(&State) -> String,
    attempt: u8,
    (opts, pick): (&[DefenseOption], &AiPick),
    cx: &mut impl Cx<Gurps>,
) -> Flow<Option<Choice>> {
    let narrating = cx.narrating();
    let extra_effort = may_pay_fp(state.fighter(inc.defender));
    let q = || Question::Defend {
        defender: inc.defender,
        attacker: inc.attacker,
        // The words are for people; the simulator (no events) skips them.
        attack: if narrating {
            attack_words(state)
        } else {
            String::new()
        },
        options: DefenseOptions::from_slice(opts),
        second: attempt > 0,
        extra_effort,
        ranged: !inc.melee,
    };
    let Answer::Defend {
        kind,
        weapon,
        retreat,
        feverish,
        acrobatic,
        dive,
    } = cx.ask_or_ai(state, q, || pick.answer_in(state, inc.defender, opts))?
    else {
        return Ok(None);
    };
    let weapon = match (kind, weapon) {
        (DefenseKind::Parry | DefenseKind::Spell, None) => opts
            .iter()
            .filter(|o| o.kind == kind)
            .max_by_key(|o| o.value)
            .and_then(|o| o.weapon),
        (DefenseKind::Parry | DefenseKind::Spell, w) => w,
        _ => None,
    };
    Ok(Some(Choice {
        kind,
        weapon,
        retreat,
        feverish,
        acrobatic,
        dive,
    }))
}

/// What any active defense spoils: a waiting All-Out Attack (G-WAIT-003),
/// the watching (G-RNG-006 decision), the Aim (G-AIM-004), and perhaps a
/// spell under way (G-CON-002 / G-SPL-001).
fn spoiled_by_defending(state: &mut State, inc: &Incoming, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    // G-WAIT-003: a defense turns a waiting All-Out Attack into an Attack;
    // G-RNG-006 decision: it spoils the watching like an Aim.
    crate::resolve::wait::defended(state, inc.defender);
    state.fighter_mut(inc.defender).watch = None;
    // G-AIM-004: any active defense spoils the defender's Aim.
    if state.fighter_mut(inc.defender).aim.take().is_some() {
        let who = &*state.fighter(inc.defender).name;
        cx.note("G-AIM-004", || format!("{who} defends and loses the Aim"));
    }
    // G-CON-002 / G-SPL-001: defending (with a blocking spell too) may
    // spoil a spell under way.
    magic::distracted(state, inc.defender, Distraction::Defending, cx)
}

/// Dodge, Parry or Block: the extras paid for (retreat, Feverish,
/// Acrobatic, a dive), the roll, and what follows it.
fn roll_defense(
    state: &mut State,
    inc: &Incoming,
    (opts, around, step): (&[DefenseOption], Around, Option<Option<HexPos>>),
    c: Choice,
    cx: &mut impl Cx<Gurps>,
) -> Flow<Attempt> {
    let Choice { kind, weapon, .. } = c;
    let retreat = c.retreat
        && opts
            .iter()
            .any(|o| o.kind == kind && o.weapon == weapon && o.with_retreat.is_some());
    // The board as the options read it, unless the defender moved since.
    let mut around = around;
    // The value the options worked out for this defense, while it still
    // holds: the board as they read it (or, after the step, read the same)
    // and nothing paid or rolled for in between.
    let offered = opts
        .iter()
        .find(|o| o.kind == kind && o.weapon == weapon && kind != DefenseKind::Spell)
        .and_then(|o| {
            if retreat {
                o.with_retreat
            } else {
                Some(o.value)
            }
        })
        .filter(|_| !c.feverish && !c.acrobatic && c.dive.is_none());
    let mut kept = offered;
    if retreat && state.fighter(inc.defender).retreated_from.is_none() {
        // The step the options found, when the attack comes from where the
        // attacker stands (the retreat steps away from the attacker).
        let from = state.fighter(inc.attacker).pose.pos;
        let hex = match step {
            Some(Some(h)) if inc.from == from => Some(h),
            _ => crate::rules::movement::retreat_hex(state, inc.defender, from),
        };
        debug_assert_eq!(
            hex,
            crate::rules::movement::retreat_hex(state, inc.defender, from),
            "the retreat step found for the options went stale"
        );
        let at = state.fighter(inc.defender).pose.pos;
        crate::resolve::position::retreat_to(state, inc.defender, inc.attacker, hex, cx);
        // Without a hex nobody moved: the board is as the options read it.
        // A step moved the defender into a free hex (`retreat_hex`); the
        // defense's modifiers read its new place only through the board.
        if let Some(h) = hex {
            // The step (to a neighbour) went straight away from the hex the
            // attack comes from, which is then the next hex across.
            let straight = h.q - at.q == at.q - inc.from.q && h.r - at.r == at.r - inc.from.r;
            let after = Around::after_step(state, inc, straight.then_some(&around));
            if after != around {
                kept = None;
            }
            around = after;
        }
    }
    debug_assert_eq!(
        around,
        Around::of(state, inc),
        "the board read for the options went stale"
    );
    if c.feverish {
        effort::spend(state, inc.defender, 1, "Feverish Defense", "G-EFF-005", cx)?;
    }
    let acrobatic = if c.acrobatic && kind == DefenseKind::Dodge {
        acrobatic_roll(state, inc.defender, cx)?
    } else {
        0
    };
    let dive = c.dive.filter(|_| kind == DefenseKind::Dodge && !inc.melee);
    let extras = Extras {
        retreat,
        feverish: c.feverish,
        acrobatic,
        dive: dive.is_some(),
    };
    let Some(mods) = Level::kept_or(
        cx,
        kept,
        || defense_mods_around(state, inc, kind, weapon, extras, &around),
        || defense_mods_around(state, inc, kind, weapon, extras, &around),
    ) else {
        return Ok(Attempt::GotThrough);
    };
    let (label, rule) = match kind {
        DefenseKind::Dodge => ("dodge", "G-DEF-001"),
        DefenseKind::Parry => ("parry", "G-DEF-002"),
        DefenseKind::Block => ("block", "G-DEF-006"),
        DefenseKind::Spell => ("blocking spell", "G-SPL-012"),
    };
    let r = check::roll_level(
        state,
        cx,
        Check::new(inc.defender, label, rule).outcome_only(&[]),
        &mods,
        None,
    )?;
    count_use(state, inc.defender, kind, weapon);
    after_roll(state, inc, c, &r, cx)?;
    if let Some(d) = dive {
        throw_down(state, inc, d, r.is_success(), cx);
    }
    if r.is_success()
        && kind == DefenseKind::Parry
        && let Some(w) = weapon
    {
        parry_breakage(state, inc, usize::from(w), cx)?;
    }
    Ok(if r.is_success() {
        Attempt::Stopped(kind)
    } else {
        Attempt::Failed((kind, weapon))
    })
}

/// A parry counts against the weapon's parries this turn; a block uses
/// the shield for the turn.
fn count_use(state: &mut State, defender: CombatantId, kind: DefenseKind, weapon: Option<u8>) {
    let d = state.fighter_mut(defender);
    match kind {
        DefenseKind::Parry => {
            if let Some(w) = weapon.and_then(|w| d.weapons.get_mut(usize::from(w))) {
                w.add_parry();
            }
        }
        DefenseKind::Block => d.set_blocked(true),
        DefenseKind::Dodge | DefenseKind::Spell => {}
    }
}

/// Critical defenses: a critical success sends a melee attacker to the
/// Critical Miss Table (G-EXT-011); a critical failure may strain a
/// Feverish defender and has its own table.
fn after_roll(
    state: &mut State,
    inc: &Incoming,
    c: Choice,
    r: &SuccessRoll,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if r.is_critical_success() && inc.melee {
        // G-EXT-011: a critical defense sends the attacker to the Critical
        // Miss Table: its weapon's, or the unarmed one (G-EXT-010) for a
        // contact without a weapon (a grab).
        let failed = match inc.weapon {
            Some((w, m)) => critical::Failed::Attack(usize::from(w), usize::from(m), false),
            None => critical::Failed::Slam,
        };
        critical::critical_miss(state, inc.attacker, failed, cx)?;
    }
    if r.is_critical_failure() {
        if c.feverish {
            let limb = if c.kind == DefenseKind::Dodge {
                effort::Limb::Leg
            } else {
                effort::Limb::Arm
            };
            effort::strained(state, inc.defender, limb, cx)?;
        }
        critical_defense_failure(state, inc.defender, c.kind, c.weapon, cx)?;
    }
    Ok(())
}

/// G-DEF-012 / G-DEF-013: after Dodge and Drop or Dive for Cover the
/// defender lies prone; a Drop keeps +3 against this attacker for the
/// turn; a successful Dive for Cover also moves a step away (decision).
fn throw_down(
    state: &mut State,
    inc: &Incoming,
    dive: Dive,
    success: bool,
    cx: &mut impl Cx<Gurps>,
) {
    if dive == Dive::Cover
        && success
        && let Some(h) = crate::rules::movement::retreat_hex(state, inc.defender, inc.from)
    {
        let facing = state.fighter(inc.defender).facing();
        crate::resolve::position::set_pose(
            state,
            inc.defender,
            fray_core::grid::Pose::new(h, facing),
            "dives for cover",
            cx,
        );
    }
    let d = state.fighter_mut(inc.defender);
    d.posture = Posture::Lying;
    let rule = match dive {
        Dive::Drop => {
            d.dropped_vs = Some(inc.attacker);
            "G-DEF-012"
        }
        Dive::Cover => "G-DEF-013",
    };
    let name = &*d.name;
    cx.condition(rule, name, || "ends prone".into());
}

/// G-DEF-011: the Acrobatics roll (default DX-6) before an Acrobatic Dodge:
/// +2 to the dodge on a success, -2 on a failure.
fn acrobatic_roll(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<i32> {
    let f = state.fighter(who);
    let level = f.best_skill(&["Acrobatics"], f.stats.dx - 6);
    let mods = ModList::base("Acrobatics", level, "G-DICE-002");
    let r = check::roll(
        state,
        cx,
        Check::new(who, "acrobatic dodge", "G-DEF-011").outcome_only(&[]),
        &mods,
    )?;
    Ok(if r.is_success() {
        ACROBATIC_SWING
    } else {
        -ACROBATIC_SWING
    })
}

/// G-EXT-011: a critically failed Dodge leaves the defender prone; a
/// critically failed Block loses the shield's grip until readied; a
/// critically failed Parry rolls on the Critical Miss Table.
fn critical_defense_failure(
    state: &mut State,
    who: CombatantId,
    kind: DefenseKind,
    weapon: Option<u8>,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if let (DefenseKind::Parry, Some(w)) = (kind, weapon) {
        return critical::critical_miss(state, who, critical::Failed::Parry(usize::from(w)), cx);
    }
    let d = state.fighter_mut(who);
    let what = match kind {
        DefenseKind::Dodge => {
            d.posture = Posture::Lying;
            "falls prone after a critically failed dodge"
        }
        DefenseKind::Block => {
            if let Some(s) = d.shield.as_mut() {
                s.ready = false;
            }
            "loses the grip on the shield"
        }
        DefenseKind::Parry => "critically fails the parry",
        DefenseKind::Spell => return Ok(()),
    };
    let name = &*d.name;
    cx.condition("G-EXT-011", name, || what.into());
    Ok(())
}

/// An unarmed contact attack: the roll against `mods`, the unarmed
/// critical miss table on a critical failure (G-EXT-010), and the foe's
/// defense unless the roll was critical (G-EXT-011 decision).
pub fn touch(
    state: &mut State,
    (actor, target): (CombatantId, CombatantId),
    check: Check,
    mods: &ModList,
    words: impl Fn(&State) -> String,
    cx: &mut impl Cx<Gurps>,
) -> Flow<Touch> {
    let r = check::roll(state, cx, check, mods)?;
    if !r.is_success() {
        if r.is_critical_failure() {
            critical::critical_miss(state, actor, critical::Failed::Slam, cx)?;
        }
        return Ok(Touch::Missed);
    }
    if !r.is_critical_success() {
        let inc = Incoming {
            swung_weapon: false,
            ..Incoming::melee(state, actor, target)
        };
        if let Some(kind) = defend(state, inc, words, cx)? {
            return Ok(Touch::Defended(kind));
        }
    }
    Ok(Touch::Landed)
}
