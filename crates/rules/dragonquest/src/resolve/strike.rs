//! One strike check, start to end (DQ-17, DQ-18, DQ-16-008..020): strike
//! chance, Defense, the banded D100, mishaps on 99/100, parry and riposte,
//! damage and the attack type's effects.

use crate::model::action::{Answer, AttackKind, Question};
use crate::model::data::{Category, Class, Size, Weapon};
use crate::model::event::Event;
use crate::model::options::MishapFallback;
use crate::model::state::{Hold, State};
use crate::resolve::damage::{Hurt, drop_weapon, wound};
use crate::resolve::{check, counts_as_one, d10_sum, effect, name};
use crate::rules::values::{self, Quarter};
use crate::rules::zones;
use crate::{DragonQuest, Flow};
use fray_core::dice::RollKind;
use fray_core::dice::systems::dragonquest::{Mishap, Strike, strike, strike_roll};
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx, ModList, Mods, RollRecord, RollRequest, Total};

/// What is being struck with, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blow {
    /// The attack type (DQ-16-008).
    pub kind: AttackKind,
    /// A ranged attack (fire or throw).
    pub ranged: bool,
    /// Where the attacker strikes from (for the shield and rear, DQ-17-010).
    pub from: HexPos,
    /// Situational modifier to SC (the -20 of an Offensive withdraw, +20 of a charging Shield Rush).
    pub situation: i32,
    /// The label of the situation.
    pub situation_label: &'static str,
    /// The rule of the situation.
    pub situation_rule: &'static str,
    /// Whether to test 99/100 on this roll (DQ-16-004: the first only).
    pub mishaps: bool,
    /// A grapple in close combat (DQ-13-019).
    pub grapple: bool,
    /// A trample by a multi-hex monster (DQ-22-005).
    pub trample: i32,
    /// Restrain instead of damage (DQ-16-013).
    pub restrain: bool,
    /// With the weapon in the other hand (DQ-16-006).
    pub off_hand: bool,
}

impl Blow {
    /// An ordinary melee strike from `from`.
    pub fn melee(kind: AttackKind, from: HexPos) -> Blow {
        Blow {
            kind,
            ranged: false,
            from,
            situation: 0,
            situation_label: "",
            situation_rule: "",
            mishaps: true,
            grapple: false,
            trample: 0,
            restrain: false,
            off_hand: false,
        }
    }
}

/// How a strike ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Struck {
    /// It hit.
    pub hit: bool,
    /// Effective damage done.
    pub damage: i32,
}

/// A blow's weapon, rank, base-chance override and damage override
/// ([`armament`]).
type Arms = (&'static Weapon, Option<u8>, Option<i32>, Option<i32>);

/// The weapon, rank and damage-type overrides of a blow. [`strike_at`]
/// works it out once for the strike chance and the damage, again only
/// after a mishap (DQ-17-006: the weapon may have broken or dropped).
fn armament(state: &State, a: CombatantId, blow: &Blow) -> Arms {
    let f = state.fig(a);
    let held = if blow.off_hand {
        f.off.and_then(|i| f.weapons.get(usize::from(i)))
    } else {
        f.weapon()
    };
    // DQ-22-005: a trample is the body, not a weapon: base 40, D10 + size.
    if blow.trample > 0 {
        return (values::unarmed(), None, Some(40), Some(blow.trample));
    }
    let mut w: &'static Weapon = held.map_or(values::unarmed(), |h| h.weapon);
    let mut rank = if blow.off_hand {
        held.and_then(|h| h.rank)
    } else {
        values::rank(f)
    };
    if blow.grapple && !w.rated(crate::model::data::Use::Close) {
        w = values::unarmed();
        rank = f.unarmed_rank;
    }
    // Base chance and damage replaced by the attack type (DQ-16-008).
    let (base, dmg) = match blow.kind {
        AttackKind::Trip => (Some(40), Some(0)),
        AttackKind::ShieldRush => {
            rank = f.shield_rank;
            (Some(40), Some(-2))
        }
        AttackKind::Entangle => (None, Some(-4)),
        _ => (None, None),
    };
    (w, rank, base, dmg)
}

/// DQ-17-001..003, DQ-16-010..020: the modified strike chance and its terms.
pub fn mod_sc(state: &State, a: CombatantId, d: CombatantId, blow: &Blow) -> ModList {
    mod_sc_in(state, a, d, blow, armament(state, a, blow))
}

/// The modified strike chance alone (DQ-17-003): the same terms as
/// [`mod_sc`], summed without a list, for the simulator and the AI.
pub fn mod_sc_total(state: &State, a: CombatantId, d: CombatantId, blow: &Blow) -> i32 {
    mod_sc_in::<Total>(state, a, d, blow, armament(state, a, blow)).0
}

/// [`mod_sc`]'s terms into any [`Mods`]: a recorded list or a bare total,
/// with the blow's [`armament`] `arms`.
fn mod_sc_in<M: Mods + Default>(
    state: &State,
    a: CombatantId,
    d: CombatantId,
    blow: &Blow,
    arms: Arms,
) -> M {
    let f = state.fig(a);
    let (w, rank, base, _) = arms;
    let mut mods = if blow.restrain {
        // DQ-16-013, DQ-16-015: 3 × ((PS + modAG) - (target's PS + modAG)).
        let t = state.fig(d);
        let pooled: i32 = state
            .ids()
            .filter(|&o| {
                o != a
                    && !state.hostile(o, a)
                    && zones::in_close_with(state, o, d)
                    && state.fig(o).in_fight()
            })
            .map(|o| state.fig(o).stats.ps + values::mod_ag(state.fig(o)))
            .sum();
        let diff = f.stats.ps + values::mod_ag(f) + pooled - t.stats.ps - values::mod_ag(t);
        let mut m = M::base("restrain base chance", 3 * diff, "DQ-16-013");
        m.add("modMD", values::mod_md(f), "DQ-16-015");
        m.add(
            "4 × Unarmed rank",
            4 * i32::from(f.unarmed_rank.unwrap_or(0)),
            "DQ-16-015",
        );
        m
    } else if blow.trample > 0 {
        // DQ-22-005: base 40, no MD or rank.
        M::base("trample base chance", 40, "DQ-22-005")
    } else {
        let c = values::strike_chance(f, w, rank, base);
        let rule = match blow.kind {
            AttackKind::Trip => "DQ-16-010",
            AttackKind::ShieldRush => "DQ-16-019",
            _ if w.category == Category::Unarmed => "DQ-21-002",
            _ => "DQ-17-001",
        };
        let mut m = M::base("base chance", c.base, rule);
        m.add("MD below minimum", c.md_short, "DQ-20-002");
        m.add("modMD", c.md, "DQ-17-001");
        m.add("4 × rank", c.rank, "DQ-17-001");
        m
    };
    match blow.kind {
        AttackKind::Knockout => {
            mods.add("knockout", -15, "DQ-16-017");
        }
        AttackKind::Disarm => {
            mods.add("disarm", -20, "DQ-16-020");
        }
        _ => {}
    }
    mods.add(blow.situation_label, blow.situation, blow.situation_rule);
    let q = zones::quarter(state, d, blow.from, blow.ranged);
    let def = values::defense(state, state.fig(d), q);
    mods.add("Defense: modAG", -def.ag, "DQ-17-003");
    mods.add(
        "Defense: shield",
        -def.shield,
        if q == Quarter::Rear {
            "DQ-17-010"
        } else {
            "DQ-17-011"
        },
    );
    mods.add("Defense: evading", -def.evade, "DQ-13-005");
    mods.add("Defense: defensive posture", -def.posture, "DQ-13-008");
    mods
}

/// One strike check by `a` at `d`, resolved completely.
pub fn strike_at(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    d: CombatantId,
    blow: Blow,
) -> Flow<Struck> {
    // The weapon worked out once for the chance and the damage.
    let mut arms = armament(state, a, &blow);
    // The terms are listed only when someone reads the roll.
    let msc = mod_sc_in::<Total>(state, a, d, &blow, arms).0;
    // The strike's bands are for the exact odds; an oracle that only
    // samples (the simulator) draws them as the plain D100 (the same draw
    // and total; `strike` reads only the total).
    let kind = if cx.sampling() {
        RollKind::d(1, 100)
    } else {
        strike_kind(msc)
    };
    let req = RollRequest::new(Some(a), kind, "strike", "DQ-17-003").against(msc);
    let rolled = cx.roll(state, req)?;
    let s = strike(rolled.total, msc);
    let natural_miss = state.options.natural_99_100_miss && s.mishap.is_some();
    let hit = s.hit && !natural_miss;
    cx.emit(|| Event::Roll {
        roll: RollRecord::new(&req, Some(&state.fig(a).name), rolled)
            .with_target(&mod_sc_in(state, a, d, &blow, arms))
            .verdict(match (hit, s.grievous, s.to_endurance) {
                (false, ..) => "miss",
                (true, true, _) => "grievous hit",
                (true, false, true) => "hit to Endurance",
                (true, false, false) => "hit",
            }),
        note: strike_note(state, d, msc, rolled.total, &blow, s),
    });
    // DQ-17-004, DQ-17-005, DQ-17-006: 99 and 100.
    if blow.mishaps
        && let Some(m) = s.mishap
    {
        mishap(state, cx, a, m, &blow, arms)?;
        // DQ-17-006: the weapon may have broken or dropped.
        arms = armament(state, a, &blow);
    }
    // DQ-15-005 (decision: any attack attempt): concentration; casting is
    // not modelled (DQ-13-015), so nothing to break.
    if !hit {
        parry(state, cx, a, d, &blow, s.parry_window)?;
        return Ok(Struck::default());
    }
    // Every hit of the same band and kind goes on alike.
    cx.checkpoint(
        state,
        &(
            a.0,
            d.0,
            s.to_endurance,
            s.grievous,
            blow.kind,
            blow.restrain,
        ),
    )?;
    let damage = on_hit(state, cx, a, d, &blow, arms, s)?;
    cx.checkpoint(state, &(a.0, d.0, "after damage"))?;
    Ok(Struck { hit: true, damage })
}

/// What a strike roll's number means besides hit or miss (DQ-18-003,
/// DQ-18-004, DQ-17-004, DQ-17-007): the bands of a hit that goes to EN or
/// is grievous, a 99 or 100, a miss that opens the parry window.
fn strike_note(
    state: &State,
    d: CombatantId,
    msc: i32,
    roll: i32,
    blow: &Blow,
    s: Strike,
) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    if msc > 0 && s.hit {
        let (en, gr) = ((msc * 15).div_euclid(100), (msc * 5).div_euclid(100));
        parts.push(format!(
            "{en} or less (15%) goes to EN ignoring armor, {gr} or less (5%) is grievous"
        ));
    } else if msc <= 0 {
        parts.push("modSC 0 or less: no roll hits".to_string());
    }
    match s.mishap {
        Some(Mishap::MayBreak) if blow.mishaps => {
            parts.push("99: the weapon may break".to_string())
        }
        Some(Mishap::MayDrop) if blow.mishaps => {
            parts.push("100: the weapon may be dropped".to_string())
        }
        _ => {}
    }
    let df = state.fig(d);
    let can_parry = df.status.evading && !df.helpless() && values::parry_rank(df).is_some();
    if s.parry_window && can_parry && (!blow.ranged || state.options.parry_missiles) {
        parts.push(format!(
            "{roll} is more than 30 over {msc}: {} may parry",
            df.name
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The lowest and highest modSC whose strike roll [`strike_kind`] keeps:
/// below -30 and above 666 the bands no longer change (every cut is
/// clamped to 0 or 100), and a duel's modSC stays far inside.
const KEPT_SC: (i32, i32) = (-40, 700);

/// DQ-17-003: the strike roll against `mod_sc` ([`strike_roll`]: a D100
/// read in the bands of 5%, 15%, modSC, modSC + 30, 99 and 100), built once
/// per modSC for the whole program and read back, instead of sorting its
/// cuts again for every strike. Outside [`KEPT_SC`], built each time.
pub fn strike_kind(mod_sc: i32) -> RollKind {
    static KINDS: std::sync::LazyLock<Box<[RollKind]>> =
        std::sync::LazyLock::new(|| (KEPT_SC.0..=KEPT_SC.1).map(strike_roll).collect());
    match usize::try_from(mod_sc - KEPT_SC.0) {
        Ok(i) if mod_sc <= KEPT_SC.1 => KINDS[i],
        _ => strike_roll(mod_sc),
    }
}

/// DQ-17-004..006, DQ-18-008: the avoid roll after 99 or 100, and its cost.
fn mishap(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    m: Mishap,
    blow: &Blow,
    arms: Arms,
) -> Flow<()> {
    let f = state.fig(a);
    let (w, rank, _, _) = arms;
    let breakage = if m == Mishap::MayBreak {
        values::damage_bonus(state.options.damage_bonus_system, f, w, rank, blow.ranged).1
    } else {
        0
    };
    let mut chance = ModList::base("3 × modMD", 3 * values::mod_md(f), "DQ-17-005");
    chance.add("PS damage bonus breakage", -6 * breakage, "DQ-18-008");
    if check(state, cx, Some(a), "avoid mishap", "DQ-17-005", &chance)? {
        return Ok(());
    }
    // The weapon itself can break or drop; bare hands, natural weapons,
    // shields and tramples cannot (DQ-17-006).
    let weapon = state
        .fig(a)
        .main
        .filter(|_| w.breakable() && blow.kind != AttackKind::ShieldRush && blow.trample == 0);
    match weapon {
        Some(i) if m == Mishap::MayBreak => {
            if let Some(h) = state.fig_mut(a).weapons.get_mut(usize::from(i)) {
                h.hold = Hold::Broken;
            }
            state.fig_mut(a).main = None;
            effect(state, cx, a, "breaks its weapon", "DQ-17-005");
        }
        Some(i) => drop_weapon(state, cx, a, i, "drops its weapon", "DQ-17-005"),
        None => {
            if state.options.mishap_fallback == MishapFallback::LoseNextAction {
                state.fig_mut(a).status.lose_action = true;
                effect(state, cx, a, "will lose its next action", "DQ-17-006");
            }
        }
    }
    Ok(())
}

/// DQ-17-007..009: an evading defender with a prepared weapon may parry a
/// roll more than 30 over modSC: D10 + its rank - the attacker's rank.
fn parry(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    d: CombatantId,
    blow: &Blow,
    window: bool,
) -> Flow<()> {
    let df = state.fig(d);
    if !window
        || !df.status.evading
        || df.helpless()
        || (blow.ranged && !state.options.parry_missiles)
    {
        return Ok(());
    }
    let Some(own) = values::parry_rank(df) else {
        return Ok(());
    };
    if cx.ask(state, || Question::Parry {
        who: d,
        attacker: a,
    })? != Answer::Yes(true)
    {
        return Ok(());
    }
    let theirs = i32::from(values::rank(state.fig(a)).unwrap_or(0));
    let mods = || {
        let mut mods = ModList::base("defender's rank", own, "DQ-17-008");
        mods.add("attacker's rank", -theirs, "DQ-17-008");
        mods
    };
    let band = |sum: i32| {
        Some(
            match sum {
                ..=3 => "3 or less: parried, the defender must Pass next pulse",
                4..=7 => "4 to 7: the attacker is disarmed",
                _ => "8 or more: the attacker is disarmed and the defender strikes back",
            }
            .to_string(),
        )
    };
    let roll = d10_sum(
        state,
        cx,
        Some(d),
        ("parry", "DQ-17-008"),
        mods,
        band,
        own - theirs,
    )?;
    if roll <= 3 {
        // DQ-17-008: parried, but the defender must Pass next pulse.
        state.fig_mut(d).status.forced_pass = state.pulse + 1;
        effect(
            state,
            cx,
            d,
            "parries, and must Pass next pulse",
            "DQ-17-008",
        );
        return Ok(());
    }
    // DQ-17-009 (decision): disarmed means dropping the weapon used.
    if let Some(i) = state.fig(a).main {
        drop_weapon(state, cx, a, i, "is disarmed by the parry", "DQ-17-008");
    }
    if roll >= 8 {
        let in_mz = zones::in_mz(state, d, a);
        if in_mz || !state.options.riposte_requires_mz {
            effect(state, cx, d, "gets a free attack", "DQ-17-009");
            let from = state.fig(d).pos;
            strike_at(state, cx, d, a, Blow::melee(AttackKind::Normal, from))?;
        }
    }
    Ok(())
}

/// What a hit does: a restraint, a knockout or a Disarm's effects, else
/// damage and the attack type's effects. Returns the effective damage.
fn on_hit(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    d: CombatantId,
    blow: &Blow,
    arms: Arms,
    s: Strike,
) -> Flow<i32> {
    if blow.restrain {
        // DQ-16-014: incapacitated until someone else wounds the restrainer.
        state.fig_mut(d).status.restrained_by = Some(a);
        effect(state, cx, d, "is restrained", "DQ-16-014");
        return Ok(0);
    }
    match blow.kind {
        AttackKind::Knockout => return knock_out(state, cx, d),
        AttackKind::Disarm => return disarming_hit(state, cx, a, d),
        _ => {}
    }
    let w = arms.0;
    let done = damaging_hit(state, cx, a, d, blow, arms, s)?;
    if s.to_endurance && done > 0 {
        state.fig_mut(d).record.endurance_hits += 1;
    }
    poison_on_hit(state, cx, a, d, blow, w, done)?;
    if s.grievous {
        grievous_injury(state, cx, d)?;
    }
    lodge(state, cx, d, blow, w, done);
    if state.fig(d).in_fight() {
        kind_effects(state, cx, d, blow.kind)?;
    }
    Ok(done)
}

/// DQ-16-017: out for (D10 + 5) minutes, rolled in secret; a minute is 12
/// pulses of 5 seconds (DQ-00-019).
fn knock_out(state: &mut State, cx: &mut impl Cx<DragonQuest>, d: CombatantId) -> Flow<i32> {
    let req = RollRequest::new(
        None,
        fray_core::dice::systems::dragonquest::D10,
        "knockout minutes",
        "DQ-16-017",
    )
    .in_secret();
    let r = cx.roll(state, req)?;
    cx.emit(|| Event::Roll {
        roll: crate::resolve::summed(
            state,
            &req,
            None,
            r,
            &ModList::base("minutes", 5, "DQ-16-017"),
        ),
        note: Some(format!(
            "out for {} minutes, {} pulses of 5 seconds",
            r.total + 5,
            (r.total + 5) * 12
        )),
    });
    state.fig_mut(d).status.knocked_out = (r.total as u32 + 5) * 12;
    effect(state, cx, d, "is knocked out", "DQ-16-017");
    crate::resolve::mounted::after_hurt(state, cx, d);
    Ok(0)
}

/// DQ-16-020: a Disarm's 1 point to EN (ignoring armor and FT, unless
/// `disarm_damage_ignores_armor` is off), and an item dropped.
fn disarming_hit(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    d: CombatantId,
) -> Flow<i32> {
    let hurt = if state.options.disarm_damage_ignores_armor {
        Hurt::direct(Some(a), 1, true, "a Disarm's 1 point", "DQ-16-020")
    } else {
        let armor = values::protection(state.fig(d));
        Hurt {
            amount: (1 - armor).max(0),
            to_en: false,
            armor,
            bypass: None,
            ..Hurt::direct(Some(a), 1, false, "", "DQ-16-020")
        }
    };
    let done = wound(state, cx, d, hurt)?;
    disarm(state, cx, a, d)?;
    Ok(done)
}

/// DQ-18-001..003, DQ-18-006, DQ-18-007: the damage roll, through armor
/// (or past it: a 15% hit, magical energy), halved by a resisted breath,
/// and the wound it makes. Returns the effective damage.
fn damaging_hit(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    d: CombatantId,
    blow: &Blow,
    arms: Arms,
    s: Strike,
) -> Flow<i32> {
    let to_en = s.to_endurance;
    let (w, rank, _, dmg_override) = arms;
    let dm = values::damage_mod(state, state.fig(a), w, rank, dmg_override, blow.ranged);
    // The terms are listed only when someone reads the roll.
    let mods = || {
        let (label, rule) = match blow.kind {
            _ if blow.trample > 0 => ("monster's size in hexes", "DQ-22-005"),
            AttackKind::Trip => ("trip", "DQ-16-010"),
            AttackKind::ShieldRush => ("shield rush", "DQ-16-018"),
            AttackKind::Entangle => ("entangle", "DQ-16-011"),
            _ if w.category == Category::Unarmed => ("bare hands", "DQ-21-003"),
            _ => ("weapon", "DQ-00-007"),
        };
        let mut mods = ModList::base(label, dm.weapon, rule);
        mods.add("PS below minimum", dm.ps_short, "DQ-20-001");
        mods.add("unarmed PS bonus", dm.unarmed_ps, "DQ-21-003");
        mods.add("damage bonus", dm.bonus, "DQ-18-010");
        mods
    };
    let sum = d10_sum(
        state,
        cx,
        Some(a),
        ("damage", "DQ-18-001"),
        mods,
        counts_as_one,
        dm.total(),
    )?;
    let check_value = values::damage_check(sum - dm.total(), dm.total());
    // DQ-18-003: a 15% hit ignores armor and goes to EN; DQ-18-006,
    // DQ-18-007: so does magical energy (breath weapons included).
    let bypass = if to_en {
        Some("a hit within 15% of modSC")
    } else if w.ignores_armor() {
        Some("magical energy")
    } else {
        None
    };
    let armor = if bypass.is_some() {
        0
    } else {
        values::protection(state.fig(d))
    };
    let through = (check_value - armor).max(0);
    let effective = if w.breath {
        breath_resistance(state, cx, d, through)?
    } else {
        through
    };
    let hurt = Hurt {
        by: Some(a),
        amount: effective,
        to_en,
        natural: w.natural,
        rule: if to_en { "DQ-18-003" } else { "DQ-18-002" },
        check: check_value,
        armor,
        bypass,
        halved: effective < through,
    };
    wound(state, cx, d, hurt)
}

/// DQ-20-005: the weapon's poison, if the hit did effective damage.
fn poison_on_hit(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    d: CombatantId,
    blow: &Blow,
    w: &'static Weapon,
    done: i32,
) -> Flow<()> {
    let f = state.fig(a);
    let used = if blow.off_hand { f.off } else { f.main };
    if let Some(i) = used
        && f.weapons
            .get(usize::from(i))
            .is_some_and(|h| h.poison.is_some() && std::ptr::eq(h.weapon, w))
    {
        crate::resolve::poison::on_wound(state, cx, a, i, d, done)?;
    }
    Ok(())
}

/// DQ-20-008, DQ-20-009: a class A missile or thrown weapon that does
/// effective damage lodges in a target of human size or smaller.
fn lodge(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    d: CombatantId,
    blow: &Blow,
    w: &'static Weapon,
    done: i32,
) {
    if !(blow.ranged
        && done > 0
        && w.class == Some(Class::A)
        && state.fig(d).size != Size::Large
        && state.fig(d).life != crate::model::state::Life::Dead)
    {
        return;
    }
    let penalty = if w.pole { 5 } else { 3 };
    let f = state.fig_mut(d);
    let barbed = if w.barbed {
        crate::model::state::LODGED_BARBED
    } else {
        0
    };
    f.status.lodged.push((barbed, penalty));
    let (what, rule) = if penalty == 5 {
        ("has a pole weapon lodged in it (-5 modAG)", "DQ-20-009")
    } else {
        ("has a missile lodged in it (-3 modAG)", "DQ-20-008")
    };
    effect(state, cx, d, what, rule);
}

/// DQ-16-010, DQ-16-012, DQ-16-019: what a trip, a shield rush or an
/// entangling blow does to a defender still in the fight.
fn kind_effects(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    d: CombatantId,
    kind: AttackKind,
) -> Flow<()> {
    match kind {
        AttackKind::Trip | AttackKind::ShieldRush => {
            let rule = if kind == AttackKind::Trip {
                "DQ-16-010"
            } else {
                "DQ-16-019"
            };
            fall_check(state, cx, d, rule)?;
        }
        AttackKind::Entangle => {
            state.fig_mut(d).status.entangled = Some(0);
            effect(state, cx, d, "is entangled", "DQ-16-012");
            fall_check(state, cx, d, "DQ-16-012")?;
        }
        _ => {}
    }
    Ok(())
}

/// DQ-18-007: the target of a breath weapon rolls D100 against its
/// Passive resistance chance (a figure's `passive_resistance`, placeholder
/// WP); success halves the damage, rounding down, after the raise to 1 (so
/// 1 halves to 0 unless `breath_half_min_one`).
fn breath_resistance(
    state: &State,
    cx: &mut impl Cx<DragonQuest>,
    d: CombatantId,
    effective: i32,
) -> Flow<i32> {
    let chance = ModList::base("Passive resistance", state.fig(d).resistance, "DQ-18-007");
    if !check(
        state,
        cx,
        Some(d),
        "passive resistance",
        "DQ-18-007",
        &chance,
    )? {
        return Ok(effective);
    }
    effect(
        state,
        cx,
        d,
        "resists: the breath does half damage",
        "DQ-18-007",
    );
    let half = effective / 2;
    Ok(if state.options.breath_half_min_one && effective > 0 {
        half.max(1)
    } else {
        half
    })
}

/// DQ-16-010, DQ-16-012, DQ-16-019: D100 <= 3 × modAG or fall prone.
pub fn fall_check(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    d: CombatantId,
    rule: &'static str,
) -> Flow<()> {
    if state.fig(d).status.prone {
        return Ok(());
    }
    let chance = ModList::base("3 × modAG", 3 * values::mod_ag(state.fig(d)), rule);
    if !check(state, cx, Some(d), "keep footing", rule, &chance)? {
        fall(state, cx, d, rule);
    }
    Ok(())
}

/// A fall (DQ-16-010, DQ-16-012, DQ-16-019). DQ-23-001 (decision): a rider
/// who falls falls out of the saddle, prone in the nearest empty hex; a
/// mount that falls throws its rider the same way.
fn fall(state: &mut State, cx: &mut impl Cx<DragonQuest>, d: CombatantId, rule: &'static str) {
    if state.fig(d).aboard {
        crate::resolve::mounted::unseat(state, cx, d);
        return;
    }
    let f = state.fig_mut(d);
    f.status.prone = true;
    f.record.falls += 1;
    effect(state, cx, d, "falls", rule);
    if let Some(r) = state.fig(d).rider {
        crate::resolve::mounted::unseat(state, cx, r);
    }
}

/// DQ-18-004, DQ-18-005: the defender breaks its shield or loses 2 armor
/// protection (its choice; forced when it has only one).
fn grievous_injury(state: &mut State, cx: &mut impl Cx<DragonQuest>, d: CombatantId) -> Flow<()> {
    state.fig_mut(d).record.grievous += 1;
    let f = state.fig(d);
    let shield = f.shield.is_some() && f.shield_ready;
    let armor = f.armor.is_some();
    let break_shield = match (shield, armor) {
        (false, false) => {
            effect(state, cx, d, "suffers a grievous injury", "DQ-18-004");
            return Ok(());
        }
        (true, false) => true,
        (false, true) => false,
        (true, true) => {
            cx.ask(state, || Question::Grievous { who: d })? == Answer::BreakShield(true)
        }
    };
    let f = state.fig_mut(d);
    if break_shield {
        f.shield = None;
        f.shield_ready = false;
        effect(
            state,
            cx,
            d,
            "has its shield broken by a grievous injury",
            "DQ-18-005",
        );
    } else {
        let prot = f.armor.map_or(0, |a| a.protection);
        f.armor_damage = (f.armor_damage + 2).min(prot);
        effect(
            state,
            cx,
            d,
            "has its armor damaged by a grievous injury (-2 protection)",
            "DQ-18-005",
        );
    }
    Ok(())
}

/// DQ-16-020: the attacker chooses the item the target drops.
fn disarm(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    d: CombatantId,
) -> Flow<()> {
    let f = state.fig(d);
    // A bite or claws cannot be taken away (decision, `Weapon::droppable`).
    let held = f
        .main
        .filter(|_| f.weapon().is_some_and(|h| h.weapon.droppable()));
    let mut options: Vec<Option<u8>> = held.into_iter().map(Some).collect();
    if f.shield.is_some() && f.shield_ready {
        options.push(None);
    }
    let choice = match options.len() {
        0 => return Ok(()),
        1 => options[0],
        _ => match cx.ask(state, || Question::DisarmItem {
            who: a,
            target: d,
            options: options.clone(),
        })? {
            Answer::Item(i) if options.contains(&i) => i,
            _ => options[0],
        },
    };
    match choice {
        Some(i) => drop_weapon(state, cx, d, i, "drops its weapon", "DQ-16-020"),
        None => {
            state.fig_mut(d).shield_ready = false;
            effect(state, cx, d, "drops its shield", "DQ-16-020");
        }
    }
    Ok(())
}

/// Emits a strike announcement.
pub fn announce(
    state: &State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    d: CombatantId,
    what: &'static str,
    rule: &'static str,
) {
    cx.emit(|| Event::Declared {
        who: name(state, a),
        what: format!("{what} {}", name(state, d)),
        rule,
    });
}
