//! Spells (checklist section 17) and the Concentrate maneuver (G-CON-001,
//! G-CON-002): casting a second at a time, what spoils a casting, the
//! casting roll with its range penalty and cap, resistance, the energy
//! paid, and what each class of spell does. A charged melee or missile
//! spell is held as the last "weapon" of the caster's list, so the Attack
//! maneuver throws or touches with it through the ordinary attack path
//! (G-SPL-009); blocking spells are offered as a defense (G-SPL-012).

use crate::Flow;
use crate::Gurps;
use crate::action::{Cast, Concentrate};
use crate::check::{self, Check, Judged};
use crate::damage::{DamageBase, DamageSpec};
use crate::data::{AttackMode, Weapon};
use crate::event::Event;
use crate::resolve::defense::Incoming;
use crate::resolve::{effort, injury, movement, say, turn};
use crate::sheet::Trait;
use crate::spell::{Effect, Resistance, Spell, SpellClass};
use crate::state::{Carried, Casting, Fighter, HeldSpell, KnownSpell, Life, Posture, State, Stun};
use crate::tables::{
    Implement, information_range_penalty, resisted_skill_cap, spell_range_penalty,
};
use fray_core::dice::systems::gurps::{SuccessRoll, Winner, quick_contest};
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx, Illegal, ModList, Mods};
use std::sync::Arc;

/// The skill that throws a missile spell, and its default (DX-4).
const INNATE_ATTACK: &str = "Innate Attack (Projectile)";

/// The radius an Information spell searches when the casting names none.
const DEFAULT_SEARCH: u16 = 25;

/// A spell by name in `f`'s list, with its number.
fn find<'a>(f: &'a Fighter, name: &str) -> Option<(u8, &'a KnownSpell)> {
    f.spells
        .iter()
        .enumerate()
        .find(|(_, k)| k.spell.name.eq_ignore_ascii_case(name))
        .map(|(i, k)| (i as u8, k))
}

/// The number of the charged spell in `f`'s weapon list, if it holds one.
pub fn held(f: &Fighter) -> Option<usize> {
    f.weapons.iter().position(|w| w.spell.is_some())
}

/// The ready Wizard's Staff or Baton `f` points at a subject (a staff
/// before a baton, G-SPL-004).
fn implement(f: &Fighter) -> Option<(u8, Implement)> {
    f.weapons
        .iter()
        .enumerate()
        .filter(|(_, w)| w.ready && !w.broken && w.spell.is_none())
        .filter_map(|(i, w)| w.weapon.implement.map(|k| (i as u8, k)))
        .max_by_key(|&(i, k)| (k == Implement::Staff, std::cmp::Reverse(i)))
}

/// A casting as declared, checked against the caster and its spell:
/// the spell's number, subject, energy and seconds; or why it cannot be.
pub fn plan(state: &State, actor: CombatantId, cast: &Cast) -> Result<Casting, String> {
    let f = state.fighter(actor);
    let (idx, known) = find(f, &cast.spell)
        .ok_or_else(|| format!("{} knows no spell `{}`", f.name, cast.spell))?;
    let spell = &known.spell;
    let name = &spell.name;
    let max = spell.max_energy_for(f.stats.magery);
    let energy = cast.energy.unwrap_or(spell.cost);
    if energy < spell.cost || energy > max {
        let allowed = if max == spell.cost {
            format!("exactly {max}")
        } else {
            format!("{} to {max}", spell.cost)
        };
        return Err(format!(
            "{name} takes {allowed} energy, not {energy} (G-EXT-030)"
        ));
    }
    if cast.ignore > 0 && spell.class != SpellClass::Information {
        return Err("only Information spells pass over known items (G-SPL-013)".into());
    }
    let alive = |id: CombatantId| state.exists(id) && state.fighter(id).life != Life::Dead;
    let mut casting = Casting {
        spell: idx,
        subject: None,
        at: None,
        energy,
        radius: 1,
        ignore: cast.ignore,
        seconds: 0,
        needed: 1,
        implement: None,
    };
    match spell.class {
        SpellClass::Blocking => {
            return Err(format!(
                "{name} is a blocking spell: it is cast in place of an active defense (G-SPL-012)"
            ));
        }
        SpellClass::Regular => {
            if cast.at.is_some() || cast.radius.is_some() {
                return Err(format!(
                    "{name} is a Regular spell: name a `target`, not a hex or radius"
                ));
            }
            let subject = cast.target.unwrap_or(actor);
            if !alive(subject) {
                return Err(format!("there is no living subject {subject}"));
            }
            casting.subject = Some(subject);
            casting.implement = implement(f);
        }
        SpellClass::Area => {
            let centre = match (cast.at, cast.target) {
                (Some(h), _) => h,
                (None, Some(t)) if alive(t) => state.fighter(t).pose.pos,
                _ => {
                    return Err(format!(
                        "{name} is an Area spell: give its centre with `at` or a `target`"
                    ));
                }
            };
            if !state.map.contains(centre) {
                return Err(format!("{centre} is off the map"));
            }
            let least = u16::from(spell.min_radius.unwrap_or(1));
            let radius = cast.radius.unwrap_or(least);
            if radius < least || radius > 100 {
                return Err(format!(
                    "{name} covers a radius of {least} to 100 yards, not {radius}"
                ));
            }
            casting.at = Some(centre);
            casting.radius = radius;
            casting.implement = implement(f);
        }
        SpellClass::Melee | SpellClass::Missile => {
            if cast.target.is_some() || cast.at.is_some() || cast.radius.is_some() {
                return Err(format!(
                    "{name} is charged in the hand and aimed when used: leave out target, at and radius (G-SPL-009)"
                ));
            }
        }
        SpellClass::Information => {
            if cast.target.is_some() || cast.at.is_some() {
                return Err(format!(
                    "{name} is an Information spell: give the `radius` searched, not a target"
                ));
            }
            let radius = cast.radius.unwrap_or(DEFAULT_SEARCH);
            if information_range_penalty(u32::from(radius)).is_none() {
                return Err(format!(
                    "{name} searches at most 300 tiles (1 mile), not {radius} (G-SPL-013)"
                ));
            }
            casting.radius = radius;
        }
    }
    let radius_yards = u8::try_from(casting.radius).unwrap_or(u8::MAX);
    casting.needed = spell.seconds(energy, radius_yards, f.stats.magery);
    Ok(casting)
}

/// Whether two castings are the same declaration (the second one goes on
/// with the first).
fn same(a: &Casting, b: &Casting) -> bool {
    (a.spell, a.subject, a.at, a.energy, a.radius, a.ignore)
        == (b.spell, b.subject, b.at, b.energy, b.radius, b.ignore)
}

/// G-CON-001: a Concentrate maneuver allows a step; a new casting needs
/// the hand free of a charged spell (decision: let it go with
/// `dissipate`); a grip forbids it (G-GRP-012, G-GRP-013, in `grapple`).
pub fn check(state: &State, actor: CombatantId, c: &Concentrate) -> Result<(), String> {
    if let Some(s) = &c.step {
        movement::check_step(state, actor, s)?;
    }
    let f = state.fighter(actor);
    if c.dissipate && held(f).is_none() {
        return Err(format!("{} holds no charged spell to let go", f.name));
    }
    if let Some(cast) = &c.cast {
        let planned = plan(state, actor, cast)?;
        let going_on = f.casting.is_some_and(|cur| same(&cur, &planned));
        if !going_on
            && !c.dissipate
            && let Some(wi) = held(f)
        {
            return Err(format!(
                "{} holds a charged {}: throw or use it, or let it go first (dissipate = true) (G-SPL-011)",
                f.name, f.weapons[wi].weapon.name
            ));
        }
    }
    Ok(())
}

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
            let planned = plan(state, actor, cast)
                .map_err(|e| fray_core::Halt::Illegal(actor, Illegal::input(e)))?;
            match cur {
                Some(cur) if same(&cur, &planned) => cur,
                _ => {
                    if let Some(cur) = cur {
                        let name = spell_name(state, actor, cur.spell);
                        say(
                            state,
                            actor,
                            format!("abandons {name} for another spell"),
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
                "concentrates (no spell under way)".into(),
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
            format!(
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

fn spell_name(state: &State, who: CombatantId, idx: u8) -> String {
    state
        .fighter(who)
        .spells
        .get(usize::from(idx))
        .map_or_else(String::new, |k| k.spell.name.clone())
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
            format!("points the {what} at {at}, for all to see"),
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
            format!("lets the charged {} go", w.weapon.name),
            "G-SPL-011",
            cx,
        );
    }
}

/// The casting roll's modifiers every class shares: the spell's skill
/// and the caster's shock (G-SPL-002 decision: shock counts on casting
/// rolls, G-INJ-001).
fn casting_mods(f: &Fighter, known: &KnownSpell) -> ModList {
    let mut m = ModList::base("spell skill", known.skill, "G-DICE-001");
    m.add("shock", f.shock, "G-INJ-001");
    m
}

/// G-SPL-003 / G-SPL-004: -1 per hex to the subject (for an Area spell,
/// its nearest hex), less what a pointed Wizard's Baton or Staff cancels
/// when it is still ready in hand.
fn range_mods(state: &State, actor: CombatantId, c: &Casting, hexes: u32, m: &mut ModList) {
    m.add("range", spell_range_penalty(hexes, None), "G-SPL-003");
    let f = state.fighter(actor);
    if let Some((wi, kind)) = c.implement
        && f.weapons.get(usize::from(wi)).is_some_and(|w| w.ready)
    {
        let label = match kind {
            Implement::Baton => "Wizard's Baton",
            Implement::Staff => "Wizard's Staff",
        };
        let cancelled = spell_range_penalty(hexes, Some(kind)) - spell_range_penalty(hexes, None);
        m.add(label, cancelled, "G-SPL-004");
    }
}

/// The subject's resistance to a spell.
fn resistance(f: &Fighter, by: Resistance) -> i32 {
    match by {
        Resistance::Ht => f.stats.ht,
        Resistance::Will => f.stats.will,
        Resistance::Iq => f.stats.iq,
    }
}

/// G-SPL-006: unconscious (and so unaware) subjects always resist; an
/// aware subject willing to be the subject (the caster itself, or a
/// friend it names) chooses not to (decision); nobody caught in an Area
/// spell chose to be, so all there resist (decision).
pub fn resists(state: &State, caster: CombatantId, subject: CombatantId, area: bool) -> bool {
    let s = state.fighter(subject);
    if !s.is_conscious() || area {
        return true;
    }
    subject != caster && s.side != state.fighter(caster).side
}

/// G-SPL-005 and G-DICE-004: a resisted spell's final effective skill is
/// at most 16, or the subject's resistance if higher.
fn cap(m: &mut ModList, resistance: i32) {
    let total = m.total();
    let capped = resisted_skill_cap(total, resistance);
    if capped < total {
        m.add("resisted spell: at most 16", capped - total, "G-SPL-005");
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
    let full = spell.cost_at(r.level, energy, radius);
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
    let name = state.fighter(who).name.clone();
    let spell_name = spell.name.clone();
    let level = r.level;
    cx.emit(|| Event::Note {
        text: if why.is_empty() {
            format!(
                "{name} pays {paid} FP for {spell_name} (energy {energy}, effective skill {level})"
            )
        } else {
            format!("{name} pays {paid} FP for {spell_name}: {why}")
        },
        rule,
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
            format!("fails to cast {}", known.spell.name),
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
        format!("holds a charged {name} (weapon {n})"),
        "G-SPL-011",
        cx,
    );
    Ok(())
}

/// A charged melee or missile spell as a weapon: a missile is thrown with
/// Innate Attack (Projectile) or DX-4 (G-SPL-009); a melee spell touches
/// with the hand, at the best of DX and Brawling, reach C, as an unarmed
/// attack (its critical misses are unarmed ones, G-EXT-010), or with a
/// ready Wizard's Staff, at Staff skill and the staff's reach, doing no
/// damage of its own (decision).
fn charged_weapon(f: &Fighter, idx: u8, known: &KnownSpell, energy: u8) -> Option<Carried> {
    let spell = &known.spell;
    let Effect::Damage(d) = &spell.effect else {
        return None;
    };
    let dice = (i32::from(energy) * i32::from(d.dice_per_energy)).clamp(1, 100);
    let mode = |name: &str, reach: Vec<u8>| AttackMode {
        name: name.into(),
        damage: DamageSpec {
            base: DamageBase::Fixed(dice),
            adds: 0,
        },
        damage_type: d.damage_type,
        armor_divisor: d.armor_divisor,
        reach,
        parry: None,
        min_st: 0,
        two_handed: false,
        skill: None,
        acc: d.acc,
        range: d.range.clone(),
        rof: None,
        bulk: None,
        reload: None,
    };
    let (modes, skill, skills): (Vec<AttackMode>, &str, Vec<i32>) = match spell.class {
        SpellClass::Missile => (
            vec![mode("missile", Vec::new())],
            INNATE_ATTACK,
            vec![f.best_skill(&[INNATE_ATTACK], f.stats.dx - 4)],
        ),
        _ => {
            let touch = f.best_skill(&["Brawling"], f.stats.dx);
            let mut modes = vec![mode("touch", vec![0])];
            let mut skills = vec![touch];
            let staff = f
                .weapons
                .iter()
                .find(|w| w.ready && !w.broken && w.weapon.implement == Some(Implement::Staff));
            if let Some((mi, m)) = staff.and_then(|w| {
                w.weapon
                    .modes
                    .iter()
                    .enumerate()
                    .find(|(_, m)| m.is_melee())
            }) {
                modes.push(mode("staff", m.reach.clone()));
                skills.push(staff.map_or(touch, |w| w.skill[mi]));
            }
            (modes, "DX", skills)
        }
    };
    let weapon = Weapon {
        name: format!("{} ({dice}d)", spell.name),
        skill: skill.into(),
        weight: 0.0,
        cost: 0,
        balance: None,
        unarmed: (spell.class == SpellClass::Melee).then_some(crate::data::Unarmed::Natural),
        material: Default::default(),
        improvised: 0,
        implement: None,
        modes,
        notes: String::new(),
    };
    Some(Carried {
        weapon: Arc::new(weapon),
        skill: skills.into(),
        ready: true,
        dropped_at: None,
        parries: 0,
        attacked: false,
        parried_before_turn: false,
        broken: false,
        taken: false,
        hp: 1,
        loaded: true,
        reload_left: 0,
        spell: Some(HeldSpell { spell: idx, energy }),
    })
}

/// Whether a strike with weapon `wi`, mode `mi` may use a charged spell:
/// a melee spell's staff mode needs the Wizard's Staff still ready.
pub fn may_strike(state: &State, who: CombatantId, wi: usize, mi: usize) -> Result<(), String> {
    let f = state.fighter(who);
    let Some(w) = f.weapons.get(wi).filter(|w| w.spell.is_some()) else {
        return Ok(());
    };
    let staff_mode = w.mode(mi).is_some_and(|m| m.name == "staff");
    let staff_ready = f
        .weapons
        .iter()
        .any(|o| o.ready && !o.broken && o.weapon.implement == Some(Implement::Staff));
    if staff_mode && !staff_ready {
        return Err(
            "the melee spell can go through the staff only while it is ready in hand (G-SPL-011)"
                .into(),
        );
    }
    Ok(())
}

/// G-SPL-011: a melee spell that landed on someone is spent.
pub fn discharged(state: &mut State, who: CombatantId, wi: usize) {
    if let Some(w) = state.fighter_mut(who).weapons.get_mut(wi)
        && w.spell.is_some()
        && w.mode(0).is_some_and(AttackMode::is_melee)
    {
        w.ready = false;
    }
}

/// Takes spent, thrown or dropped spells out of the weapon list (the
/// last entries, so no other weapon's number moves); called between
/// maneuvers, never while an attack is being resolved.
pub fn tidy(state: &mut State, who: CombatantId) {
    let f = state.fighter_mut(who);
    f.weapons
        .retain(|w| w.spell.is_none() || (w.ready && w.loaded && !w.broken && !w.taken));
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
            format!("has no subject for {}: the spell is lost", spell.name),
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
            format!("fails to cast {}", spell.name),
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
        let who = state.fighter(subject).name.clone();
        cx.emit(|| Event::Note {
            text: format!("{who} is willing and does not resist"),
            rule: "G-SPL-006",
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
        say(state, subject, "resists the spell".into(), "G-SPL-005", cx);
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
            format!("fails to cast {}", spell.name),
            "G-SPL-007",
            cx,
        );
        return Ok(());
    }
    if subjects.is_empty() {
        cx.emit(|| Event::Note {
            text: "nobody stands in the area".into(),
            rule: "G-SPL-007",
        });
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

/// The living figures within `inside` hexes of `centre` (an area of
/// radius R yards covers the hexes within R-1 of its centre: radius 1 is
/// one hex), in scenario order.
fn in_area(state: &State, centre: HexPos, inside: u32) -> Vec<CombatantId> {
    state
        .ids()
        .filter(|&id| {
            let f = state.fighter(id);
            f.life != Life::Dead && f.pose.pos.distance(centre) <= inside
        })
        .collect()
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
    let name = state.fighter(actor).name.clone();
    if !r.is_success() {
        cx.emit(|| Event::Note {
            text: format!("{name} learns nothing"),
            rule: "G-SPL-013",
        });
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
    cx.emit(|| Event::Note {
        text: if found.is_empty() {
            format!("{name} senses no other foe within {radius} tiles")
        } else {
            format!("{name} senses {}", found.join(", "))
        },
        rule: "G-SPL-013",
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
                format!("is healed {healed} HP by {} (HP {hp})", spell.name),
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
    f.asleep = true;
    f.posture = Posture::Lying;
    f.grip = None;
    f.casting = None;
    say(state, who, "falls asleep".into(), rule, cx);
}

/// A blow that injures a sleeper wakes it, mentally stunned, still lying
/// (decision, Basic B251).
pub fn wake(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) {
    let f = state.fighter_mut(who);
    if !f.asleep || f.life != Life::Unconscious {
        return;
    }
    f.asleep = false;
    f.life = Life::Conscious;
    f.stun = Some(Stun::Mental);
    say(
        state,
        who,
        "wakes from the magical sleep, mentally stunned".into(),
        "G-INJ-010",
        cx,
    );
}

/// What may spoil a casting under way (G-CON-002, G-SPL-001, G-SPL-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distraction {
    /// An active defense, a blocking spell included.
    Defending,
    /// A resistance roll against a spell.
    Resisting,
    /// Knocked back.
    KnockedBack,
    /// Knocked down (a fall forced by a foe).
    KnockedDown,
    /// Grabbed by a foe.
    Grappled,
    /// Injured: Will at the shock penalty (G-SPL-002).
    Injured,
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
        let shock = turn::shock_penalty(
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
        Check::new(who, "keep concentration", rule),
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
    say(state, who, format!("loses the {name} spell"), rule, cx);
}

/// G-CON-001 decision: any maneuver but Concentrate abandons a spell
/// under way.
pub fn abandon(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) {
    if let Some(c) = state.fighter(who).casting {
        state.fighter_mut(who).casting = None;
        let name = spell_name(state, who, c.spell);
        say(state, who, format!("stops casting {name}"), "G-CON-001", cx);
    }
}

/// The blocking spells the defender may cast against this attack, by
/// number in its spell list (G-SPL-012): one per turn, none while
/// stunned (decision; a charged spell in hand does not stop it), and each
/// only against the attacks it can stop (a missile or a melee attack).
pub fn blocking_spells<'a>(state: &'a State, inc: &'a Incoming) -> impl Iterator<Item = u8> + 'a {
    let d = state.fighter(inc.defender);
    let able = d.is_conscious() && d.stun.is_none() && !d.blocking_spell;
    d.spells
        .iter()
        .enumerate()
        .filter(move |_| able)
        .filter(move |(_, k)| match k.spell.effect {
            Effect::Block { against } => against.stops(inc.melee),
            _ => false,
        })
        .map(|(i, _)| i as u8)
}

/// G-SPL-012 decision: a blocking spell rolls its spell skill, with none
/// of the active-defense modifiers (no shield, posture or retreat) and no
/// shock (G-INJ-003).
pub fn blocking_mods<M: Mods + Default>(state: &State, inc: &Incoming, spell: u8) -> Option<M> {
    let d = state.fighter(inc.defender);
    if !blocking_spells(state, inc).any(|i| i == spell) {
        return None;
    }
    let known = d.spells.get(usize::from(spell))?;
    Some(M::base("spell skill", known.skill, "G-SPL-012"))
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
    state.fighter_mut(inc.defender).blocking_spell = true;
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
