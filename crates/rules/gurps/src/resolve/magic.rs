//! Spells (checklist section 17) and the Concentrate maneuver (G-CON-001,
//! G-CON-002): casting a second at a time, what spoils a casting, the
//! casting roll with its range penalty and cap, resistance, the energy
//! paid, and what each class of spell does. A charged melee or missile
//! spell is held as the last "weapon" of the caster's list, so the Attack
//! maneuver throws or touches with it through the ordinary attack path
//! (G-SPL-009); blocking spells are offered as a defense (G-SPL-012).

use crate::Flow;
use crate::Gurps;
use crate::model::action::Concentrate;
use crate::model::data::AttackMode;
use crate::model::sheet::Trait;
use crate::model::spell::{Effect, Resistance, Spell, SpellClass};
use crate::model::state::{Casting, KnownSpell, Life, Posture, State, Stun};
use crate::resolve::check::{self, Check, Judged};
use crate::resolve::{effort, injury, movement, say};
use crate::rules::defense::Incoming;
use crate::rules::magic::{
    Distraction, blocking_mods, cap, casting_mods, charged_weapon, held, in_area, plan, range_mods,
    resistance, resists, same, spell_name,
};
use crate::rules::tables::information_range_penalty;
use fray_core::dice::systems::gurps::{SuccessRoll, Winner, quick_contest};
use fray_core::{CombatantId, Cx, ModList};

/// G-CON-001: one second of concentration. A new casting begins (the one
/// under way, if different, is abandoned); at the end of the spell's last
/// second the casting roll is made and the spell takes effect.
pub fn concentrate(
    state: &mut State,
    actor: CombatantId,
    c: &Concentrate,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if let Some(s) = &c.step {
        movement::take_step(state, actor, s, cx)?;
    }
    if c.dissipate {
        dissipate(state, actor, cx);
    }
    let current = state.fighter(actor).casting;
    let mut casting = match (&c.cast, current) {
        (Some(cast), cur) => {
            let planned =
                plan(state, actor, cast).map_err(|e| fray_core::Halt::illegal(actor, e))?;
            match cur {
                Some(cur) if same(&cur, &planned) => cur,
                _ => {
                    if let Some(cur) = cur {
                        let name = spell_name(state, actor, cur.spell);
                        say(
                            state,
                            actor,
                            format_args!("abandons {name} for another spell"),
                            "G-CON-001",
                            cx,
                        );
                    }
                    begin(state, actor, &planned, cx);
                    planned
                }
            }
        }
        (None, Some(cur)) => cur,
        (None, None) => {
            say(
                state,
                actor,
                "concentrates (no spell under way)",
                "G-CON-001",
                cx,
            );
            return Ok(());
        }
    };
    casting.seconds = casting.seconds.saturating_add(1);
    if casting.seconds < casting.needed {
        state.fighter_mut(actor).casting = Some(casting);
        let name = spell_name(state, actor, casting.spell);
        say(
            state,
            actor,
            format_args!(
                "concentrates on {name}: {} of {} seconds",
                casting.seconds, casting.needed
            ),
            "G-CON-001",
            cx,
        );
        return Ok(());
    }
    state.fighter_mut(actor).casting = None;
    complete(state, actor, casting, cx)
}

/// The first second of a casting: G-SPL-004, a pointed implement shows
/// foes what is coming (noted; the engine's foes see everything anyway).
fn begin(state: &State, actor: CombatantId, c: &Casting, cx: &mut impl Cx<Gurps>) {
    if let Some((wi, _)) = c.implement {
        let f = state.fighter(actor);
        let what = f.weapons[usize::from(wi)].weapon.name.clone();
        let at = match (c.subject, c.at) {
            (Some(s), _) => state.fighter(s).name.to_string(),
            (None, Some(h)) => h.to_string(),
            _ => "the subject".into(),
        };
        say(
            state,
            actor,
            format_args!("points the {what} at {at}, for all to see"),
            "G-SPL-004",
            cx,
        );
    }
}

/// G-SPL-011: lets the charged spell in hand go.
fn dissipate(state: &mut State, actor: CombatantId, cx: &mut impl Cx<Gurps>) {
    let f = state.fighter_mut(actor);
    if let Some(wi) = held(f) {
        let w = f.weapons.remove(wi);
        say(
            state,
            actor,
            format_args!("lets the charged {} go", w.weapon.name),
            "G-SPL-011",
            cx,
        );
    }
}

/// The casting roll, named after the spell, recorded.
fn roll(
    state: &State,
    check: Check,
    mods: &ModList,
    spell: &Spell,
    cx: &mut impl Cx<Gurps>,
) -> Flow<SuccessRoll> {
    check::roll_named(state, cx, check, mods, Some(&spell.name))
}

/// The energy a casting costs: what [`Spell::cost_at`] says at the
/// casting roll's effective skill (G-EXT-030) on a success, none on a
/// critical success, 1 on a failure, all of it on a critical failure
/// (decision, Basic B236).
fn pay(
    state: &mut State,
    who: CombatantId,
    spell: &Spell,
    energy: u8,
    radius: u16,
    r: &SuccessRoll,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let radius = u8::try_from(radius).unwrap_or(u8::MAX);
    let full = crate::rules::tables::spell_cost(spell, r.level, energy, radius);
    let (paid, why) = if r.is_critical_success() {
        (0, "a critical success costs nothing")
    } else if r.is_critical_failure() {
        (
            spell.area_energy(energy, radius) as i32,
            "a critical failure costs it all",
        )
    } else if r.is_success() {
        (full, "")
    } else {
        (full.min(1), "a failure costs 1")
    };
    let rule = match spell.class {
        SpellClass::Missile => "G-SPL-010",
        SpellClass::Blocking => "G-SPL-012",
        _ => "G-EXT-030",
    };
    let name = &*state.fighter(who).name;
    let spell_name = spell.name.clone();
    let level = r.level;
    cx.note(rule, || {
        if why.is_empty() {
            format!(
                "{name} pays {paid} FP for {spell_name} (energy {energy}, effective skill {level})"
            )
        } else {
            format!("{name} pays {paid} FP for {spell_name}: {why}")
        }
    });
    effort::lose_fp(state, who, paid, cx)
}

/// The end of the last second: the casting roll and the spell's effect.
fn complete(
    state: &mut State,
    actor: CombatantId,
    c: Casting,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let Some(known) = state
        .fighter(actor)
        .spells
        .get(usize::from(c.spell))
        .cloned()
    else {
        return Ok(());
    };
    match known.spell.class {
        SpellClass::Melee | SpellClass::Missile => charge(state, actor, &known, c, cx),
        SpellClass::Regular => regular(state, actor, &known, c, cx),
        SpellClass::Area => area(state, actor, &known, c, cx),
        SpellClass::Information => information(state, actor, &known, c, cx),
        SpellClass::Blocking => Ok(()),
    }
}

/// G-SPL-009 / G-SPL-011: the first of the two rolls (no range penalty:
/// the spell is aimed when used); on a success the spell is held in the
/// hand as a weapon.
fn charge(
    state: &mut State,
    actor: CombatantId,
    known: &KnownSpell,
    c: Casting,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let mods = casting_mods(state.fighter(actor), known);
    let check = Check::new(actor, "cast a spell", "G-SPL-009");
    let r = roll(state, check, &mods, &known.spell, cx)?;
    pay(state, actor, &known.spell, c.energy, 1, &r, cx)?;
    if !r.is_success() || !state.fighter(actor).is_conscious() {
        say(
            state,
            actor,
            format_args!("fails to cast {}", known.spell.name),
            "G-SPL-009",
            cx,
        );
        return Ok(());
    }
    let Some(weapon) = charged_weapon(state.fighter(actor), c.spell, known, c.energy) else {
        return Ok(());
    };
    let name = weapon.weapon.name.clone();
    let f = state.fighter_mut(actor);
    f.weapons.push(weapon);
    let n = f.weapons.len() - 1;
    say(
        state,
        actor,
        format_args!("holds a charged {name} (weapon {n})"),
        "G-SPL-011",
        cx,
    );
    Ok(())
}

/// G-SPL-011: a melee spell that landed on someone is spent.
pub fn discharged(state: &mut State, who: CombatantId, wi: usize) {
    if let Some(w) = state.fighter_mut(who).weapons.get_mut(wi)
        && w.spell.is_some()
        && w.mode(0).is_some_and(AttackMode::is_melee)
    {
        w.set_ready(false);
    }
}

/// Takes spent, thrown or dropped spells out of the weapon list (the
/// last entries, so no other weapon's number moves); called between
/// maneuvers, never while an attack is being resolved.
#[inline]
pub fn tidy(state: &mut State, who: CombatantId) {
    // Only casting puts a spell in hand, so a figure that knows none holds
    // none: nothing to tidy (inlined, as every maneuver asks it).
    if !state.fighter(who).spells.is_empty() {
        tidy_caster(state, who);
    }
}

/// [`tidy`] for a figure that knows spells.
fn tidy_caster(state: &mut State, who: CombatantId) {
    let f = state.fighter_mut(who);
    // Most figures hold no spell: nothing to tidy (and no rewrite of the
    // weapons).
    if f.casting.is_none() && f.weapons.iter().all(|w| w.spell.is_none()) {
        return;
    }
    f.weapons
        .retain(|w| w.spell.is_none() || (w.ready() && w.loaded() && !w.broken() && !w.taken()));
    // G-SPL-011 decision: a spell in the hand of a figure that falls
    // unconscious is lost.
    if !f.is_conscious() {
        f.weapons.retain(|w| w.spell.is_none());
        f.casting = None;
    }
}

/// A Regular spell on one subject: range (G-SPL-003/004), healing
/// yourself (G-SPL-008), the cap and the resistance (G-SPL-005/006).
fn regular(
    state: &mut State,
    actor: CombatantId,
    known: &KnownSpell,
    c: Casting,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let spell = &known.spell;
    let subject = c.subject.unwrap_or(actor);
    if !state.exists(subject) || state.fighter(subject).life == Life::Dead {
        say(
            state,
            actor,
            format_args!("has no subject for {}: the spell is lost", spell.name),
            "G-SPL-003",
            cx,
        );
        return Ok(());
    }
    let f = state.fighter(actor);
    let s = state.fighter(subject);
    let mut mods = casting_mods(f, known);
    range_mods(state, actor, &c, f.pose.pos.distance(s.pose.pos), &mut mods);
    if subject == actor && matches!(spell.effect, Effect::Heal { .. }) {
        let lost = (f.stats.hp - f.hp).max(0);
        mods.add("healing yourself", -lost, "G-SPL-008");
    }
    let resisted = spell
        .resisted_by
        .filter(|_| resists(state, actor, subject, false));
    if let Some(by) = resisted {
        cap(&mut mods, resistance(s, by));
    }
    let r = roll(
        state,
        Check::new(actor, "cast a spell", "G-SPL-003"),
        &mods,
        spell,
        cx,
    )?;
    pay(state, actor, &known.spell, c.energy, 1, &r, cx)?;
    if !r.is_success() {
        say(
            state,
            actor,
            format_args!("fails to cast {}", spell.name),
            "G-SPL-003",
            cx,
        );
        return Ok(());
    }
    if let Some(by) = resisted
        && resisted_off(state, subject, by, &r, cx)?
    {
        return Ok(());
    }
    if spell.resisted_by.is_some() && resisted.is_none() {
        let who = &*state.fighter(subject).name;
        cx.note("G-SPL-006", || {
            format!("{who} is willing and does not resist")
        });
    }
    apply(state, subject, spell, c.energy, "G-SPL-003", cx)
}

/// G-SPL-005 and G-EXT-005: the subject's resistance roll, a Quick
/// Contest against the casting roll that the caster must win outright.
/// Returns whether the subject shook the spell off. G-SPL-001: the roll
/// distracts a subject that is casting a spell itself.
fn resisted_off(
    state: &mut State,
    subject: CombatantId,
    by: Resistance,
    cast: &SuccessRoll,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    let s = state.fighter(subject);
    let mods = ModList::base(by.name(), resistance(s, by), "G-SPL-005");
    let r = check::roll(
        state,
        cx,
        Check::new(subject, "resist a spell", "G-SPL-005"),
        &mods,
    )?;
    distracted(state, subject, Distraction::Resisting, cx)?;
    let contest = quick_contest(cast.roll, cast.level, r.roll, r.level);
    let off = contest.winner != Winner::A;
    if off {
        say(state, subject, "resists the spell", "G-SPL-005", cx);
    }
    Ok(off)
}

/// G-SPL-007: an Area spell: one casting roll at -1 per hex to the area's
/// nearest hex; everyone in the area resists it separately.
fn area(
    state: &mut State,
    actor: CombatantId,
    known: &KnownSpell,
    c: Casting,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let spell = &known.spell;
    let Some(centre) = c.at else {
        return Ok(());
    };
    let inside = u32::from(c.radius.max(1)) - 1;
    let subjects = in_area(state, centre, inside);
    let f = state.fighter(actor);
    let mut mods = casting_mods(f, known);
    let to_area = f.pose.pos.distance(centre).saturating_sub(inside);
    range_mods(state, actor, &c, to_area, &mut mods);
    // Decision: one roll, so one cap: the lowest resistance among those who resist.
    if let Some(by) = spell.resisted_by
        && let Some(lowest) = subjects
            .iter()
            .filter(|&&id| resists(state, actor, id, true))
            .map(|&id| resistance(state.fighter(id), by))
            .min()
    {
        cap(&mut mods, lowest);
    }
    let r = roll(
        state,
        Check::new(actor, "cast a spell", "G-SPL-007"),
        &mods,
        spell,
        cx,
    )?;
    pay(state, actor, &known.spell, c.energy, c.radius, &r, cx)?;
    if !r.is_success() {
        say(
            state,
            actor,
            format_args!("fails to cast {}", spell.name),
            "G-SPL-007",
            cx,
        );
        return Ok(());
    }
    if subjects.is_empty() {
        cx.note("G-SPL-007", || "nobody stands in the area".into());
    }
    for subject in subjects {
        if let Some(by) = spell.resisted_by
            && resisted_off(state, subject, by, &r, cx)?
        {
            continue;
        }
        apply(state, subject, spell, c.energy, "G-SPL-007", cx)?;
    }
    Ok(())
}

/// G-SPL-013: an Information spell: the range band of the radius
/// searched, -1 per known item passed over; the GM rolls, in secret at a
/// table (the log still shows it). Sense Foes names the nearest foes in
/// the radius, after those passed over.
fn information(
    state: &mut State,
    actor: CombatantId,
    known: &KnownSpell,
    c: Casting,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let spell = &known.spell;
    let mut mods = casting_mods(state.fighter(actor), known);
    let band = information_range_penalty(u32::from(c.radius)).unwrap_or(-2);
    mods.add("radius searched", band, "G-SPL-013");
    mods.add("known items passed over", -i32::from(c.ignore), "G-SPL-013");
    let check = Check::new(actor, "information spell", "G-SPL-013").secret();
    let r = roll(state, check, &mods, spell, cx)?;
    pay(state, actor, &known.spell, c.energy, 1, &r, cx)?;
    let name = &*state.fighter(actor).name;
    if !r.is_success() {
        cx.note("G-SPL-013", || format!("{name} learns nothing"));
        return Ok(());
    }
    let here = state.fighter(actor).pose.pos;
    let side = state.fighter(actor).side;
    let mut foes: Vec<(u32, CombatantId)> = state
        .ids()
        .filter(|&id| {
            let f = state.fighter(id);
            f.side != side && f.life != Life::Dead
        })
        .map(|id| (here.distance(state.fighter(id).pose.pos), id))
        .filter(|&(d, _)| d <= u32::from(c.radius))
        .collect();
    foes.sort();
    let found: Vec<String> = foes
        .iter()
        .skip(usize::from(c.ignore))
        .map(|&(d, id)| format!("{} at {d} hexes", state.fighter(id).name))
        .collect();
    let radius = c.radius;
    cx.note("G-SPL-013", || {
        if found.is_empty() {
            format!("{name} senses no other foe within {radius} tiles")
        } else {
            format!("{name} senses {}", found.join(", "))
        }
    });
    Ok(())
}

/// What a spell that got through does to one subject.
fn apply(
    state: &mut State,
    subject: CombatantId,
    spell: &Spell,
    energy: u8,
    rule: &'static str,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    match spell.effect {
        Effect::Heal { hp_per_energy } => {
            let s = state.fighter_mut(subject);
            let want = i32::from(energy) * i32::from(hp_per_energy);
            let healed = want.min((s.stats.hp - s.hp).max(0));
            s.hp += healed;
            let hp = s.hp;
            say(
                state,
                subject,
                format_args!("is healed {healed} HP by {} (HP {hp})", spell.name),
                rule,
                cx,
            );
        }
        Effect::Sleep => {
            if state.fighter(subject).is_conscious() {
                fall_asleep(state, subject, rule, cx);
            }
        }
        // Charged, blocking and information spells act elsewhere.
        Effect::Damage(_) | Effect::Block { .. } | Effect::SenseFoes => {}
    }
    Ok(())
}

/// Sleep: the subject falls (if standing), lets go of what it holds, and
/// stays down until a blow wakes it (decision, docs/rules/gurps.md).
fn fall_asleep(state: &mut State, who: CombatantId, rule: &'static str, cx: &mut impl Cx<Gurps>) {
    injury::drop_everything(state, who);
    let f = state.fighter_mut(who);
    f.life = Life::Unconscious;
    f.set_asleep(true);
    f.posture = Posture::Lying;
    f.casting = None;
    state.set_grip(who, None);
    say(state, who, "falls asleep", rule, cx);
}

/// A blow that injures a sleeper wakes it, mentally stunned, still lying
/// (decision, Basic B251).
pub fn wake(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) {
    let f = state.fighter_mut(who);
    if !f.asleep() || f.life != Life::Unconscious {
        return;
    }
    f.set_asleep(false);
    f.life = Life::Conscious;
    f.stun = Some(Stun::Mental);
    say(
        state,
        who,
        "wakes from the magical sleep, mentally stunned",
        "G-INJ-010",
        cx,
    );
}

/// G-CON-002 / G-SPL-001: a caster distracted while a spell is under way
/// rolls Will-3 or loses it; G-SPL-002 decision: injury calls for Will
/// plus the shock penalty the injury since its last turn causes, instead
/// of the -3.
pub fn distracted(
    state: &mut State,
    who: CombatantId,
    why: Distraction,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let f = state.fighter(who);
    let Some(c) = f.casting else {
        return Ok(());
    };
    if !f.is_conscious() {
        lose(state, who, c, "G-SPL-001", cx);
        return Ok(());
    }
    let mut mods = ModList::base("Will", f.stats.will, "");
    let rule = if why == Distraction::Injured {
        let shock = crate::rules::turn::shock_penalty(
            f.stats.hp,
            f.injury_since_turn,
            f.has(Trait::HighPainThreshold),
            f.has(Trait::LowPainThreshold),
            f.shock_cap,
        );
        mods.add("shock", shock, "G-SPL-002");
        "G-SPL-002"
    } else {
        let label = match why {
            Distraction::Defending => "active defense",
            Distraction::Resisting => "resistance roll",
            Distraction::KnockedBack => "knocked back",
            Distraction::KnockedDown => "knocked down",
            Distraction::Grappled => "grappled",
            Distraction::Injured => "injured",
        };
        mods.add(label, -3, "G-CON-002");
        "G-SPL-001"
    };
    let r = check::roll(
        state,
        cx,
        Check::new(who, "keep concentration", rule).outcome_only(&[]),
        &mods,
    )?;
    if !r.is_success() {
        lose(state, who, c, rule, cx);
    }
    Ok(())
}

/// G-SPL-001: being stunned ruins a spell under way, no roll.
pub fn stunned(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) {
    if let Some(c) = state.fighter(who).casting {
        lose(state, who, c, "G-SPL-001", cx);
    }
}

/// The spell under way is lost; nothing is paid (decision: the energy is
/// spent only by the casting roll).
fn lose(
    state: &mut State,
    who: CombatantId,
    c: Casting,
    rule: &'static str,
    cx: &mut impl Cx<Gurps>,
) {
    state.fighter_mut(who).casting = None;
    let name = spell_name(state, who, c.spell);
    say(state, who, format_args!("loses the {name} spell"), rule, cx);
}

/// G-CON-001 decision: any maneuver but Concentrate abandons a spell
/// under way.
#[inline]
pub fn abandon(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) {
    // Inlined: nearly always nothing is under way.
    if state.fighter(who).casting.is_some() {
        abandon_casting(state, who, cx);
    }
}

/// [`abandon`] with a spell under way.
fn abandon_casting(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) {
    if let Some(c) = state.fighter(who).casting {
        state.fighter_mut(who).casting = None;
        let name = spell_name(state, who, c.spell);
        say(
            state,
            who,
            format_args!("stops casting {name}"),
            "G-CON-001",
            cx,
        );
    }
}

/// G-SPL-012: casts a blocking spell in place of an active defense: the
/// roll, the energy (no reduction for skill), and one per turn. Returns
/// whether it stopped the attack.
pub fn block(state: &mut State, inc: &Incoming, spell: u8, cx: &mut impl Cx<Gurps>) -> Flow<bool> {
    let Some(mods) = blocking_mods::<ModList>(state, inc, spell) else {
        return Ok(false);
    };
    let Some(known) = state
        .fighter(inc.defender)
        .spells
        .get(usize::from(spell))
        .cloned()
    else {
        return Ok(false);
    };
    state.fighter_mut(inc.defender).set_blocking_spell(true);
    let check = Check::new(inc.defender, "blocking spell", "G-SPL-012");
    let r = roll(state, check, &mods, &known.spell, cx)?;
    pay(
        state,
        inc.defender,
        &known.spell,
        known.spell.cost,
        1,
        &r,
        cx,
    )?;
    Ok(r.is_success())
}
