//! Active defenses: which are possible against an attack, their values,
//! the defender's choice, the roll and its side effects.
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::{Answer, DefenseOption};
use crate::model::options::RearAttacks;
use crate::model::sheet::Trait;
use crate::model::state::{CarriedFixed, DefenseKind, Fighter, Posture, Stance, State};
pub use crate::rules::incoming::Incoming;
use fray_core::grid::{Arc, HexPos, Side};
use fray_core::{CombatantId, Mods, Total};

/// Where the attacker stands relative to the defender (G-DEF-014): its
/// arc, its side, and whether it started its turn in the defender's back
/// hex, which matters (and is looked up) only for an attack from the back
/// arc; from the front or a side it reads `false`.
pub(crate) fn arc_of(state: &State, inc: &Incoming) -> (Arc, Option<Side>, bool) {
    let d = state.fighter(inc.defender);
    let (arc, side) = d.pose.arc_and_side(inc.from);
    let arc = arc.unwrap_or(Arc::Front);
    // "Started its turn in your back hex": the attacker's turn-start hex is behind you.
    let started_behind = arc == Arc::Back && {
        let a = state.fighter(inc.attacker);
        a.turn_start != d.pose.pos && d.pose.arc_of(a.turn_start) == Some(Arc::Back)
    };
    (arc, side, started_behind)
}

/// What every defense against one attack reads of the board, worked out
/// once for all the defenses offered (each used to look it up again) and
/// for the roll of the one chosen, unless the defender moved (a retreat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Around {
    /// Where the attacker stands relative to the defender ([`arc_of`]).
    arc: (Arc, Option<Side>, bool),
    /// The defender is in close combat (G-CC-005).
    close: bool,
    /// Someone holds the defender in a grip (G-GRP-004).
    grabbed: bool,
    /// The attack comes from higher ground (G-ATK-021).
    above: bool,
}

impl Around {
    /// The board as `inc`'s defender meets it.
    pub(crate) fn of(state: &State, inc: &Incoming) -> Around {
        let d = state.fighter(inc.defender);
        Around {
            arc: arc_of(state, inc),
            close: state.in_close_combat(inc.defender),
            grabbed: state.held_by(inc.defender).is_some(),
            above: state.map.level_at(inc.from) > state.map.level_at(d.pose.pos),
        }
    }

    /// [`Around::of`] after the defender stepped into a free hex
    /// ([`crate::rules::movement::free`]: no living figure but itself
    /// there), as a retreat does: nobody shares its hex, so it is in no
    /// close combat (G-CC-005) and that is not looked up; the rest is read
    /// at the new hex. Debug builds check it against [`Around::of`].
    ///
    /// `straight`: the board before the step, when the step went straight
    /// away from an attack coming from the next hex (a retreat from a
    /// reach-1 blow, G-DEF-009). The attack then comes from twice the
    /// offset it came from, with the facing kept, and the arcs and sides
    /// are cones from the defender (G-DEF-014), so the arc and side are
    /// those read before; only the back arc asks more (where the attacker
    /// started its turn, against the new hex) and is read again.
    #[inline]
    pub(crate) fn after_step(state: &State, inc: &Incoming, straight: Option<&Around>) -> Around {
        let d = state.fighter(inc.defender);
        let arc = match straight {
            Some(before) if before.arc.0 != Arc::Back => before.arc,
            _ => arc_of(state, inc),
        };
        let after = Around {
            arc,
            close: false,
            grabbed: state.held_by(inc.defender).is_some(),
            above: state.map.level_at(inc.from) > state.map.level_at(d.pose.pos),
        };
        debug_assert_eq!(after, Around::of(state, inc), "the board after a step");
        after
    }
}

/// [`common`]'s total for a Dodge, a Parry and a Block (in that order)
/// against one attack, `None` where it allows none: the three worked out
/// together, since all but a few of the terms are the same for each kind
/// (the options used to run [`common`] once per defense offered, a parry
/// with each weapon too). The same terms as [`common`], summed (a
/// [`Total`] adds integers, in any order alike); debug builds check each
/// against [`common`] on every call.
fn commons(state: &State, inc: &Incoming, around: &Around) -> [Option<i32>; 3] {
    const DODGE: usize = 0;
    const PARRY: usize = 1;
    const BLOCK: usize = 2;
    let d = state.fighter(inc.defender);
    // G-AOA-006 (stance_allows): no defense after All-Out Attack, nor unconscious.
    if d.stance == Stance::AllOutAttack || !d.is_conscious() {
        return [None; 3];
    }
    let mut ok = [true; 3];
    let mut own = [0i32; 3];
    let mut shared = 0i32;
    // G-MAA-006 decision: after Move and Attack, Dodge or Block only.
    if d.stance == Stance::MoveAndAttack {
        ok[PARRY] = false;
    }
    // G-EXT-024 (thrown_allows).
    if !inc.melee {
        match inc.thrown {
            None => ok[PARRY] = false,
            Some(light) => own[PARRY] += if light { -2 } else { -1 },
        }
    }
    // G-DEF-014, G-DEF-002, G-DEF-006, G-CC-005, G-ATK-008, G-DEF-007
    // (direction_allows).
    let peripheral = d.has(Trait::PeripheralVision);
    let (arc, side, started_behind) = around.arc;
    match arc {
        Arc::Front => {}
        Arc::Side | Arc::Back if !(arc == Arc::Back && started_behind) => {
            shared += if peripheral { 0 } else { -2 };
        }
        _ => {
            ok[PARRY] = false;
            ok[BLOCK] = false;
            if state.options.rear_attacks == RearAttacks::Basic {
                ok[DODGE] = false;
            }
            shared += if peripheral { -2 } else { -4 };
        }
    }
    let weapon_side = arc == Arc::Front || side == Some(Side::Right);
    let shield_side = arc == Arc::Front || side == Some(Side::Left);
    if !weapon_side {
        ok[PARRY] = false;
    }
    if !shield_side || around.close || inc.at_weapon {
        ok[BLOCK] = false;
    }
    if shield_side && !inc.at_weapon {
        shared += d.shield_db();
    }
    // G-EXT-016, G-POS-001, G-DEF-015, G-AOD-001, G-GRP-004, G-EXT-009,
    // G-EXT-010 (defender_mods).
    shared += if d.has(Trait::CombatReflexes) { 1 } else { 0 };
    shared += d.posture.defense();
    if d.stun.is_some() || d.stun_defense_until_turn() {
        shared -= 4;
    }
    match d.stance {
        Stance::IncreasedDefense(DefenseKind::Dodge) => own[DODGE] += 2,
        Stance::IncreasedDefense(DefenseKind::Parry) => own[PARRY] += 2,
        Stance::IncreasedDefense(DefenseKind::Block) => own[BLOCK] += 2,
        _ => {}
    }
    if around.grabbed {
        own[DODGE] -= 1;
        own[PARRY] -= 2;
        own[BLOCK] -= 2;
    }
    if d.off_balance() {
        shared -= 2;
    }
    if d.dropped_guard() {
        shared -= 2;
    }
    if d.turns < d.torn_until_turn {
        shared -= 1;
    }
    // G-FNT-003, G-ATK-001/002, G-DEF-012, G-ATK-021, G-ATK-003, G-ATK-005
    // (attack_mods).
    if let Some(f) = state.fighter(inc.attacker).feint
        && f.target == inc.defender
    {
        let times = if d.dropped_guard() { 2 } else { 1 };
        shared = shared.wrapping_add(-f.margin * times);
    }
    if inc.melee {
        shared = shared.wrapping_sub(inc.deceptive);
    } else {
        own[DODGE] = own[DODGE].wrapping_sub(inc.deceptive);
        if d.dropped_vs == Some(inc.attacker) {
            own[DODGE] += 3;
        }
    }
    if inc.melee && around.above {
        shared -= 2;
    }
    if inc.telegraphic {
        shared += 2;
    }
    if inc.dual_same_target {
        shared -= 1;
    }
    let out = [DODGE, PARRY, BLOCK].map(|k| ok[k].then(|| shared.wrapping_add(own[k])));
    #[cfg(debug_assertions)]
    for (k, kind) in [DefenseKind::Dodge, DefenseKind::Parry, DefenseKind::Block]
        .into_iter()
        .enumerate()
    {
        let mut t = Total::default();
        let plain = common(state, inc, kind, around, &mut t).then_some(t.0);
        debug_assert_eq!(out[k], plain, "the shared modifiers of a {kind:?}");
    }
    out
}

/// The modifiers every defense shares, and whether any defense is allowed:
/// the defender's stance, the kind of attack, where it comes from, then
/// the defender's and the attack's modifiers (added in that order).
fn common<M: Mods>(
    state: &State,
    inc: &Incoming,
    kind: DefenseKind,
    around: &Around,
    mods: &mut M,
) -> bool {
    if !stance_allows(state.fighter(inc.defender), kind)
        || !thrown_allows(inc, kind, mods)
        || !direction_allows(state, inc, kind, around, mods)
    {
        return false;
    }
    defender_mods(state, inc, kind, around, mods);
    attack_mods(state, inc, kind, around, mods);
    true
}

/// G-AOA-006: no defense after All-Out Attack (nor unconscious);
/// G-MAA-006 decision: after Move and Attack, Dodge or Block only.
fn stance_allows(d: &Fighter, kind: DefenseKind) -> bool {
    if d.stance == Stance::AllOutAttack || !d.is_conscious() {
        return false;
    }
    !(d.stance == Stance::MoveAndAttack && kind == DefenseKind::Parry)
}

/// G-EXT-024: missiles may be Dodged or Blocked; thrown weapons also
/// Parried at -1 (-2 if light).
fn thrown_allows<M: Mods>(inc: &Incoming, kind: DefenseKind, mods: &mut M) -> bool {
    if !inc.melee && kind == DefenseKind::Parry {
        match inc.thrown {
            None => return false,
            Some(light) => mods.add(
                "parrying a thrown weapon",
                if light { -2 } else { -1 },
                "G-EXT-024",
            ),
        };
    }
    true
}

/// Where the attack comes from (G-DEF-014), which side a parry or block
/// can cover (G-DEF-002 / G-DEF-006), close combat (G-CC-005), strikes at
/// the weapon (G-ATK-008), and the shield's DB (G-DEF-007).
fn direction_allows<M: Mods>(
    state: &State,
    inc: &Incoming,
    kind: DefenseKind,
    around: &Around,
    mods: &mut M,
) -> bool {
    let d = state.fighter(inc.defender);
    let (arc, side, started_behind) = around.arc;
    match arc {
        Arc::Front => {}
        Arc::Side => {
            let pen = if d.has(Trait::PeripheralVision) {
                0
            } else {
                -2
            };
            mods.add("attack from the side", pen, "G-DEF-014");
        }
        Arc::Back if started_behind => {
            // G-DEF-014: Dodge only, at -4 (-2 with Peripheral Vision); opt basic: none.
            if kind != DefenseKind::Dodge || state.options.rear_attacks == RearAttacks::Basic {
                return false;
            }
            let pen = if d.has(Trait::PeripheralVision) {
                -2
            } else {
                -4
            };
            mods.add("attack from behind", pen, "G-DEF-014");
        }
        Arc::Back => {
            let pen = if d.has(Trait::PeripheralVision) {
                0
            } else {
                -2
            };
            mods.add("attacker circled behind", pen, "G-DEF-014");
        }
    }
    // G-DEF-002 / G-DEF-006: parry only from the front or the weapon side
    // (right), block only from the front or the shield side (left); an
    // attacker dead behind is on neither side.
    let weapon_side = arc == Arc::Front || side == Some(Side::Right);
    let shield_side = arc == Arc::Front || side == Some(Side::Left);
    match kind {
        DefenseKind::Parry if !weapon_side => return false,
        DefenseKind::Block if !shield_side => return false,
        _ => {}
    }
    // G-CC-005: in close combat, Dodge, or Parry with a reach C weapon; no Block.
    if around.close && kind == DefenseKind::Block {
        return false;
    }
    // G-ATK-008: against a strike at the weapon, no Block and no shield DB.
    if inc.at_weapon && kind == DefenseKind::Block {
        return false;
    }
    // G-DEF-007: a ready shield's DB counts from the front or the shield side.
    if shield_side && !inc.at_weapon {
        mods.add("shield DB", d.shield_db(), "G-DEF-007");
    }
    true
}

/// The defender's own state: Combat Reflexes, posture, stun, All-Out
/// Defense, a grip on it, and the critical-miss leftovers.
fn defender_mods<M: Mods>(
    state: &State,
    inc: &Incoming,
    kind: DefenseKind,
    around: &Around,
    mods: &mut M,
) {
    let d = state.fighter(inc.defender);
    mods.add(
        "Combat Reflexes",
        if d.has(Trait::CombatReflexes) { 1 } else { 0 },
        "G-EXT-016",
    );
    mods.add("posture", d.posture.defense(), "G-POS-001");
    if d.stun.is_some() || d.stun_defense_until_turn() {
        mods.add("stunned", -4, "G-DEF-015");
    }
    if d.stance == Stance::IncreasedDefense(kind) {
        mods.add("All-Out Defense", 2, "G-AOD-001");
    }
    // G-GRP-004: grabbed, -2 to Block and Parry, -1 to Dodge.
    if around.grabbed {
        let pen = if kind == DefenseKind::Dodge { -1 } else { -2 };
        mods.add("grabbed", pen, "G-GRP-004");
    }
    if d.off_balance() {
        mods.add("off balance", -2, "G-EXT-009");
    }
    if d.dropped_guard() {
        mods.add("dropped guard", -2, "G-EXT-010");
    }
    if d.turns < d.torn_until_turn {
        mods.add("torn muscle", -1, "G-EXT-010");
    }
}

/// The attack's own options: a feint, Deceptive and Telegraphic Attacks,
/// a dodge and drop, a blow from above, a Dual-Weapon Attack.
fn attack_mods<M: Mods>(
    state: &State,
    inc: &Incoming,
    kind: DefenseKind,
    around: &Around,
    mods: &mut M,
) {
    let d = state.fighter(inc.defender);
    // G-FNT-003: the attacker's feint margin comes off this foe's defense.
    if let Some(f) = state.fighter(inc.attacker).feint
        && f.target == inc.defender
    {
        // G-EXT-010 row 13: feints count double against a dropped guard.
        let times = if d.dropped_guard() { 2 } else { 1 };
        mods.add("feinted", -f.margin * times, "G-FNT-003");
    }
    // G-ATK-002: against a ranged attack only Dodge suffers the Deceptive penalty.
    if inc.melee || kind == DefenseKind::Dodge {
        let rule = if inc.melee { "G-ATK-001" } else { "G-ATK-002" };
        mods.add("Deceptive Attack", -inc.deceptive, rule);
    }
    if kind == DefenseKind::Dodge && d.dropped_vs == Some(inc.attacker) && !inc.melee {
        mods.add("dodged and dropped", 3, "G-DEF-012");
    }
    // G-ATK-021: a melee attack from above: -2 to defend.
    if inc.melee && around.above {
        mods.add("attacked from above", -2, "G-ATK-021");
    }
    if inc.telegraphic {
        mods.add("Telegraphic Attack", 2, "G-ATK-003");
    }
    if inc.dual_same_target {
        mods.add("Dual-Weapon Attack", -1, "G-ATK-005");
    }
}

/// Whether the defender may retreat from this attack, and whether it must move to do so.
pub fn retreat_possible(state: &State, inc: &Incoming) -> bool {
    retreat_step(state, inc).is_some()
}

/// How the defender may retreat from this attack (G-DEF-009, G-DEF-010):
/// `None` when it may not; `Some(None)` when it already retreated from this
/// attacker this turn (the retreat covers the attack without a new step);
/// `Some(Some(hex))` for the step away it would take ([`retreat_hex`] from
/// where the attack comes).
///
/// [`retreat_hex`]: crate::rules::movement::retreat_hex
pub(crate) fn retreat_step(state: &State, inc: &Incoming) -> Option<Option<HexPos>> {
    let d = state.fighter(inc.defender);
    // G-DEF-010 decision: no retreat after Move and Attack (G-MAA-006), nor while stunned.
    if !inc.melee
        || d.stance == Stance::MoveAndAttack
        || d.stun.is_some()
        || matches!(
            d.posture,
            Posture::Sitting | Posture::Kneeling | Posture::Lying
        )
    {
        return None;
    }
    match d.retreated_from {
        // G-DEF-010 decision: one retreat per turn, covering every attack by that attacker.
        Some(a) => (a == inc.attacker).then_some(None),
        None => crate::rules::movement::retreat_hex(state, inc.defender, inc.from).map(Some),
    }
}

pub(crate) fn dodge_base(d: &Fighter) -> i32 {
    // G-DEF-001; G-INJ-011 and G-FAT-001: halved, rounding up, below 1/3 HP or FP.
    let mut v = d.stats.dodge;
    if d.low_hp() {
        v = (v + 1) / 2;
    }
    if d.low_fp() {
        v = (v + 1) / 2;
    }
    v
}

/// Builds the modifiers of one defense (a list for the roll, a
/// [`fray_core::Total`] to weigh it), or `None` when it is not allowed.
pub fn defense_mods<M: Mods + Default>(
    state: &State,
    inc: &Incoming,
    kind: DefenseKind,
    weapon: Option<u8>,
    extras: Extras,
) -> Option<M> {
    defense_mods_around(state, inc, kind, weapon, extras, &Around::of(state, inc))
}

/// [`defense_mods`] with the board already read ([`Around`]).
pub(crate) fn defense_mods_around<M: Mods + Default>(
    state: &State,
    inc: &Incoming,
    kind: DefenseKind,
    weapon: Option<u8>,
    extras: Extras,
    around: &Around,
) -> Option<M> {
    let d = state.fighter(inc.defender);
    if kind == DefenseKind::Spell {
        // G-SPL-012 decision: a blocking spell may be cast wherever a
        // Dodge could be made, and rolls its own skill.
        if !common(
            state,
            inc,
            DefenseKind::Dodge,
            around,
            &mut fray_core::Total::default(),
        ) {
            return None;
        }
        return crate::rules::magic::blocking_mods(state, inc, weapon?);
    }
    let mut mods = base_mods::<M>(state, inc, kind, weapon, around)?;
    if !common(state, inc, kind, around, &mut mods) {
        return None;
    }
    if extras.retreat {
        mods.add("retreat", retreat_bonus(d, kind, weapon), "G-DEF-009");
    }
    if extras.feverish {
        mods.add("Feverish Defense", FEVERISH_BONUS, "G-EFF-005");
    }
    if extras.dive {
        mods.add("diving", DIVE_BONUS, "G-DEF-012");
    }
    mods.add("Acrobatic Dodge", extras.acrobatic, "G-DEF-011");
    Some(mods)
}

/// A Dodge's, Parry's or Block's base and its own modifiers, before the
/// [`common`] ones; `None` when it is not allowed (and for a blocking
/// spell, whose modifiers [`defense_mods_around`] reads apart).
#[inline]
fn base_mods<M: Mods + Default>(
    state: &State,
    inc: &Incoming,
    kind: DefenseKind,
    weapon: Option<u8>,
    around: &Around,
) -> Option<M> {
    let d = state.fighter(inc.defender);
    Some(match kind {
        DefenseKind::Spell => return None,
        DefenseKind::Dodge => M::base("Dodge", dodge_base(d), "G-DEF-001"),
        DefenseKind::Parry => parry_mods(state, inc, weapon?, &ParryTerms::of(state, inc, around))?,
        DefenseKind::Block => {
            let s = d.shield.as_ref().filter(|s| s.ready)?;
            if d.blocked() || !crate::rules::grapple::may_block(state, inc.defender) {
                return None; // G-DEF-006: once per turn; G-GRP-005/006: arm busy.
            }
            M::base("Block", s.skill / 2 + 3, "G-DEF-006")
        }
    })
}

/// What a parry reads the same whatever the weapon parries with: the
/// attacking weapon's weight (G-EXT-025), close combat (G-CC-005), and
/// the defender's Weapon Master or Trained by a Master (G-DEF-003). Read
/// once per defense for all the weapons offered ([`each_option_around`];
/// each parry option used to look them up again, the traits by a scan of
/// the sheet's list).
#[derive(Clone, Copy, Debug)]
struct ParryTerms {
    /// [`attacking_weight`].
    weight: f32,
    /// The defender is in close combat ([`Around::close`]).
    close: bool,
    /// Weapon Master or Trained by a Master.
    master: bool,
}

impl ParryTerms {
    #[inline]
    fn of(state: &State, inc: &Incoming, around: &Around) -> ParryTerms {
        let d = state.fighter(inc.defender);
        ParryTerms {
            weight: attacking_weight(state, inc),
            close: around.close,
            master: d.has(Trait::WeaponMaster) || d.has(Trait::TrainedByAMaster),
        }
    }
}

/// A parry's base and its own modifiers (G-DEF-002..005), or `None` when
/// the weapon cannot parry this attack (unready, held, too long for close
/// combat, too light for the attacking weapon). Always inlined: the
/// options' loop calls it for every weapon, and a call cost more than a
/// third of its instructions there.
#[inline(always)]
fn parry_mods<M: Mods + Default>(
    state: &State,
    inc: &Incoming,
    weapon: u8,
    terms: &ParryTerms,
) -> Option<M> {
    let d = state.fighter(inc.defender);
    let w = d.weapons.get(usize::from(weapon))?;
    let fixed = w.fixed;
    debug_assert_eq!(
        fixed,
        CarriedFixed::of(w, d),
        "a weapon's fixed values went stale"
    );
    // A weapon without a parrying mode (a kick) first: every check here
    // only refuses, so their order does not change the answer.
    let (pmode, base) = fixed.parry?;
    if !w.ready() || (w.is_unbalanced() && w.attacked()) {
        return None; // G-DEF-005
    }
    // G-GRP-003 / G-GRP-005 / G-GRP-006: not a held weapon or limb, nor busy hands.
    if crate::rules::grapple::weapon_free(state, inc.defender, usize::from(weapon)).is_err() {
        return None;
    }
    // G-CC-005: only a reach C weapon parries in close combat.
    if terms.close && !w.weapon.modes.iter().any(|m| m.is_melee() && m.reaches(0)) {
        return None;
    }
    // G-EXT-025: no parrying a weapon heavier than Basic Lift (twice
    // that with a two-handed parrying weapon).
    let lift = d.stats.basic_lift
        * if w.weapon.modes[pmode].two_handed {
            2.0
        } else {
            1.0
        };
    if terms.weight > lift {
        return None;
    }
    let mut m = M::base("Parry", base, "G-DEF-002");
    // G-EXT-023: bare hands parry a swung weapon at -3, unless Judo or Karate.
    if w.weapon.unarmed.is_some() && inc.swung_weapon && !fixed.judo_or_karate {
        m.add("bare hands against a weapon", -3, "G-EXT-023");
    }
    m.add(
        "earlier parries",
        -parry_step(w.is_fencing(), terms.master) * i32::from(w.parries()),
        "G-DEF-003",
    );
    if w.is_fencing() {
        m.add(
            "encumbrance (fencing)",
            -i32::from(d.stats.encumbrance),
            "G-DEF-004",
        );
    }
    Some(m)
}

/// G-DEF-003: what each earlier parry this turn takes from the next with
/// the same weapon: 4; 2 with a fencing weapon or Weapon Master / Trained
/// by a Master, 1 with both.
#[inline]
fn parry_step(fencing: bool, master: bool) -> i32 {
    match (fencing, master) {
        (true, true) => 1,
        (true, false) | (false, true) => 2,
        _ => 4,
    }
}

/// The weight of the weapon an attack comes with (0 for unarmed attacks).
#[inline]
pub(crate) fn attacking_weight(state: &State, inc: &Incoming) -> f32 {
    inc.weapon
        .and_then(|(w, _)| state.fighter(inc.attacker).weapons.get(usize::from(w)))
        .map_or(0.0, |w| w.weapon.weight)
}

/// What the defender adds to a defense roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// Retreat (G-DEF-009).
    pub retreat: bool,
    /// Feverish Defense, paid with 1 FP (G-EFF-005).
    pub feverish: bool,
    /// The Acrobatic Dodge's +2 or -2 (G-DEF-011), 0 when not tried.
    pub acrobatic: i32,
    /// Dodge and Drop or Dive for Cover against a ranged attack: +3 (G-DEF-012, G-DEF-013).
    pub dive: bool,
}

/// G-EFF-005: Feverish Defense, +2 for 1 FP.
pub const FEVERISH_BONUS: i32 = 2;
/// G-DEF-012, G-DEF-013: Dodge and Drop or Dive for Cover, +3.
pub const DIVE_BONUS: i32 = 3;
/// G-DEF-011: an Acrobatic Dodge is this much better on a successful
/// Acrobatics roll, and this much worse on a failed one.
pub const ACROBATIC_SWING: i32 = 2;

/// G-DEF-009: +3 Dodge, +1 Parry or Block; +3 Parry with a fencing weapon.
#[inline]
pub(crate) fn retreat_bonus(d: &Fighter, kind: DefenseKind, weapon: Option<u8>) -> i32 {
    let carried = weapon.and_then(|w| d.weapons.get(usize::from(w)));
    let fencing = carried.is_some_and(|w| w.is_fencing());
    // G-DEF-009: an unarmed parry with Boxing, Judo or Karate retreats like fencing.
    debug_assert!(
        carried.is_none_or(|w| w.fixed == CarriedFixed::of(w, d)),
        "a weapon's fixed values went stale"
    );
    let trained_hands = carried.is_some_and(|w| w.fixed.trained_hands);
    match kind {
        DefenseKind::Dodge => 3,
        DefenseKind::Parry if fencing || trained_hands => 3,
        DefenseKind::Spell => 0,
        _ => 1,
    }
}

/// Every defense the defender may choose, with values with and without retreat.
///
/// `exclude` is the defense already tried against this attack (G-AOD-002):
/// a kind, and for Parry the weapon, since parries with two different
/// weapons count as different defenses.
pub fn options(
    state: &State,
    inc: &Incoming,
    exclude: Option<(DefenseKind, Option<u8>)>,
) -> Vec<DefenseOption> {
    let mut out = Vec::new();
    each_option(state, inc, exclude, |o| out.push(o));
    out
}

/// [`options`] one by one, without collecting them (the AI weighs them in
/// its hot loop).
pub fn each_option(
    state: &State,
    inc: &Incoming,
    exclude: Option<(DefenseKind, Option<u8>)>,
    out: impl FnMut(DefenseOption),
) {
    let retreat = retreat_step(state, inc).is_some();
    each_option_around(state, inc, exclude, (&Around::of(state, inc), retreat), out);
}

/// [`each_option`] with the board already read ([`Around::of`] for this
/// `inc` in this state, and whether a retreat is possible,
/// [`retreat_step`]): the defense uses both again for the roll.
pub(crate) fn each_option_around(
    state: &State,
    inc: &Incoming,
    exclude: Option<(DefenseKind, Option<u8>)>,
    (around, can_retreat): (&Around, bool),
    mut out: impl FnMut(DefenseOption),
) {
    let d = state.fighter(inc.defender);
    // The modifiers every Dodge, Parry and Block shares, for the three
    // kinds at once ([`commons`]), read by each defense offered; each
    // kind adds its base ([`base_mods`]; without extras,
    // [`Extras::default`], nothing else is added). Debug builds check
    // every value against [`defense_mods_around`].
    let [dodge, parry, block] = commons(state, inc, around);
    let open = |kind: DefenseKind, weapon: Option<u8>| exclude != Some((kind, weapon));
    let mut offer = |kind: DefenseKind, weapon: Option<u8>, value: Option<i32>| {
        debug_assert_eq!(
            value,
            defense_mods_around::<Total>(state, inc, kind, weapon, Extras::default(), around)
                .map(|Total(v)| v),
            "a defense offered at the wrong value"
        );
        if let Some(value) = value {
            out(DefenseOption {
                kind,
                weapon,
                value,
                with_retreat: (can_retreat && kind != DefenseKind::Spell)
                    .then(|| value + retreat_bonus(d, kind, weapon)),
            });
        }
    };
    if open(DefenseKind::Dodge, None) {
        let value = dodge.and_then(|c| {
            base_mods::<Total>(state, inc, DefenseKind::Dodge, None, around)
                .map(|Total(base)| base.wrapping_add(c))
        });
        offer(DefenseKind::Dodge, None, value);
    }
    // What every parry reads alike, read once for all the weapons.
    let parry = parry.map(|c| (c, ParryTerms::of(state, inc, around)));
    for (i, _) in d.ready_melee() {
        let weapon = Some(i as u8);
        if !open(DefenseKind::Parry, weapon) {
            continue;
        }
        let value = parry.as_ref().and_then(|(c, terms)| {
            parry_mods::<Total>(state, inc, i as u8, terms).map(|Total(base)| base.wrapping_add(*c))
        });
        offer(DefenseKind::Parry, weapon, value);
    }
    if open(DefenseKind::Block, None) {
        let value = block.and_then(|c| {
            base_mods::<Total>(state, inc, DefenseKind::Block, None, around)
                .map(|Total(base)| base.wrapping_add(c))
        });
        offer(DefenseKind::Block, None, value);
    }
    for spell in crate::rules::magic::blocking_spells(state, inc) {
        let weapon = Some(spell);
        if !open(DefenseKind::Spell, weapon) {
            continue;
        }
        let value = defense_mods_around::<Total>(
            state,
            inc,
            DefenseKind::Spell,
            weapon,
            Extras::default(),
            around,
        )
        .map(|Total(v)| v);
        offer(DefenseKind::Spell, weapon, value);
    }
}

/// FP a caster played by the AI keeps back for blocking spells and the
/// Will to go on (`ai::magic` plans its spells by it too).
pub const FP_RESERVE: i32 = 3;

/// The defense the AI chooses among `options` for `defender` (its answer to
/// [`Question::Defend`](crate::model::action::Question::Defend), always one
/// of the options or none): kept here, beside the options, so that
/// resolution takes it directly when the AI alone answers
/// ([`fray_core::Cx::ask_or_ai`]: the question is never built; debug
/// builds check the two agree). Both minds weigh a defense at its best
/// value, retreating where the option allows it and the figure's tactics
/// do, and a blocking spell (G-SPL-012) only when it beats the best other
/// defense by 3 or more (or there is none) and the FP allow it.
///
/// - The first AI (`ai:basic...`) takes the best value; on a tie Dodge
///   before Parry before Block before a spell.
/// - The seasoned AI takes the best chance (values at or below 4 and at
///   or above 16 read the same, G-DICE-005/006), retreating only when that
///   raises it; on a tie it blocks before it parries and parries before it
///   dodges (a Block is once a turn and the Dodge never runs out,
///   G-DEF-003..005), and keeps its retreat.
pub fn ai_choice(state: &State, defender: CombatantId, options: &[DefenseOption]) -> Answer {
    let d = state.fighter(defender);
    let mut pick = AiPick::new(d);
    // The other defenses first, then the blocking spells, which are
    // weighed against the best of them ([`AiPick`]). Options of different
    // kinds never rank equal, and those of one kind keep their order, so
    // the pick is the one a single pass over `options` would make.
    for o in options.iter().filter(|o| o.kind != DefenseKind::Spell) {
        pick.see(o);
    }
    for o in options.iter().filter(|o| o.kind == DefenseKind::Spell) {
        pick.see(o);
    }
    #[cfg(debug_assertions)]
    {
        // The pick as `max_by_key` over each mind's ordering as tuples.
        let value = |o: &DefenseOption| pick.value(o);
        let plain = options
            .iter()
            .filter(|o| o.kind != DefenseKind::Spell)
            .map(value)
            .max();
        let worth = options
            .iter()
            .filter(|o| o.kind != DefenseKind::Spell || pick.spell_worth_it(o, plain));
        let chance = |v: i32| v.clamp(4, 16);
        let best = if pick.basic {
            worth.max_by_key(|o| (value(o), std::cmp::Reverse(o.kind as u8)))
        } else {
            worth.max_by_key(|o| (chance(value(o)), value(o) == o.value, AiPick::rank(o.kind)))
        };
        debug_assert_eq!(
            pick.best.map(|(o, _)| (o.kind, o.weapon)),
            best.map(|o| (o.kind, o.weapon)),
            "the AI's defense pick"
        );
    }
    pick.answer_in(state, defender, options)
}

/// Whether more blows may come at `defender` before its next turn than the
/// one it defends against now: at least two foes stand within their Move
/// and a step of it (the attacker usually one of them), looked for within
/// [`NEAR_RINGS`](crate::model::state::NEAR_RINGS) hexes.
pub(crate) fn pressed(state: &State, defender: CombatantId) -> bool {
    // A duel has one foe at most.
    if state.fighters.len() <= 2 {
        return false;
    }
    let here = state.fighter(defender).pose.pos;
    state
        .active_foes_within(defender, crate::model::state::NEAR_RINGS)
        .into_iter()
        .filter(|&id| {
            let o = state.fighter(id);
            i64::from(o.pose.pos.distance(here)) <= i64::from(o.current_move().max(0)) + 1
        })
        .nth(1)
        .is_some()
}

/// The seasoned AI's defense when more blows will follow before its next
/// turn ([`pressed`]): the option whose chance now plus the best chance it
/// leaves for the next blow is highest, counted in rolls of 3d6 out of 216.
/// A Block is spent once used (G-DEF-006), a Parry costs the next one with
/// the same weapon the multiple-parry step (G-DEF-003/004), and a retreat
/// is spent for the turn (G-DEF-010), so against several foes it retreats
/// with a Dodge (+3 against +1, G-DEF-009) and keeps its Parry and Block
/// for the blows to come. Equal sums fall to the single pick's order
/// ([`AiPick`]). `None` without a defense other than a blocking spell.
fn pick_ahead(
    d: &Fighter,
    options: &[DefenseOption],
    may_retreat: bool,
) -> Option<(DefenseOption, bool)> {
    let rolls = crate::rules::chance::rolls_at_most;
    let master = d.has(Trait::WeaponMaster) || d.has(Trait::TrainedByAMaster);
    let plain = || options.iter().filter(|o| o.kind != DefenseKind::Spell);
    let mut best: Option<((u32, i64), DefenseOption, bool)> = None;
    for o in plain() {
        let retreats = [Some(o.value), o.with_retreat.filter(|_| may_retreat)];
        for (retreat, v) in [false, true].into_iter().zip(retreats) {
            let Some(v) = v else { continue };
            let next = plain()
                .filter_map(|n| {
                    let same_weapon = n.kind == o.kind && n.weapon == o.weapon;
                    let mut v = match n.with_retreat {
                        Some(r) if may_retreat && !retreat => r.max(n.value),
                        _ => n.value,
                    };
                    match n.kind {
                        DefenseKind::Block if same_weapon => return None,
                        DefenseKind::Parry if same_weapon => {
                            let fencing = n
                                .weapon
                                .and_then(|w| d.weapons.get(usize::from(w)))
                                .is_some_and(|w| w.is_fencing());
                            v -= parry_step(fencing, master);
                        }
                        _ => {}
                    }
                    Some(rolls(v))
                })
                .max()
                .unwrap_or(0);
            // The single pick's order on a tie: the chance now, keeping the
            // retreat, then Block, Parry, Dodge.
            let order =
                (i64::from(rolls(v)) << 3) | (i64::from(!retreat) << 2) | AiPick::rank(o.kind);
            let key = (rolls(v) + next, order);
            if best.is_none_or(|(b, _, _)| key > b) {
                best = Some((key, *o, retreat));
            }
        }
    }
    best.map(|(_, o, retreat)| (o, retreat))
}

/// [`ai_choice`] made one option at a time: resolution
/// (`resolve::defense::attempt_defense`) weighs the options it built in
/// one pass, inlined, rather than calling [`ai_choice`] (a call, and two
/// passes when a blocking spell is offered). The blocking spells must come
/// after every other defense (as [`each_option_around`] offers them): a
/// spell is weighed against the best other defense (G-SPL-012). Debug
/// builds check resolution's answer against [`ai_choice`] on every call
/// ([`fray_core::Cx::ask_or_ai`]).
#[derive(Clone, Copy)]
pub(crate) struct AiPick<'s> {
    d: &'s Fighter,
    /// The figure's tactics allow a retreat.
    may_retreat: bool,
    /// The first AI (`ai:basic...`), else the seasoned one.
    basic: bool,
    /// The best value of the defenses other than spells seen so far.
    plain: Option<i32>,
    /// The best option so far, with its key; the last of equal keys wins,
    /// as `max_by_key` picks.
    best: Option<(DefenseOption, i64)>,
}

impl<'s> AiPick<'s> {
    /// A pick for `d`, with nothing seen yet.
    #[inline]
    pub(crate) fn new(d: &'s Fighter) -> Self {
        AiPick {
            d,
            may_retreat: d.ai.retreat,
            basic: d.is_basic_ai(),
            plain: None,
            best: None,
        }
    }

    /// The option's value as the AI weighs it: retreating where the option
    /// allows it and the tactics do.
    #[inline]
    fn value(&self, o: &DefenseOption) -> i32 {
        match o.with_retreat {
            Some(r) if self.may_retreat => r.max(o.value),
            _ => o.value,
        }
    }

    /// The seasoned AI's order of kinds on a tie.
    #[inline]
    fn rank(k: DefenseKind) -> i64 {
        match k {
            DefenseKind::Block => 3,
            DefenseKind::Parry => 2,
            DefenseKind::Dodge => 1,
            DefenseKind::Spell => 0,
        }
    }

    /// A blocking spell is worth casting when it beats the best other
    /// defense (`plain`) by 3 or more, or there is none, and the FP allow it.
    #[inline]
    fn spell_worth_it(&self, o: &DefenseOption, plain: Option<i32>) -> bool {
        let cost = o
            .weapon
            .and_then(|i| self.d.spells.get(usize::from(i)))
            .map_or(i32::MAX, |k| i32::from(k.spell.cost));
        plain.is_none_or(|p| o.value >= p + 3) && self.d.fp.saturating_sub(cost) >= FP_RESERVE - 2
    }

    /// Weighs the next option offered.
    #[inline(always)]
    pub(crate) fn see(&mut self, o: &DefenseOption) {
        let v = self.value(o);
        if o.kind == DefenseKind::Spell {
            if !self.spell_worth_it(o, self.plain) {
                return;
            }
        } else {
            debug_assert!(
                self.best.is_none_or(|(b, _)| b.kind != DefenseKind::Spell),
                "a defense offered after a blocking spell"
            );
            self.plain = Some(self.plain.map_or(v, |p| p.max(v)));
        }
        // Each mind's ordering as one integer key.
        let k = if self.basic {
            // (value, Reverse(kind)): the kind's index is below 256.
            (i64::from(v) << 8) | i64::from(255 - o.kind as u8)
        } else {
            // (chance, no retreat needed, rank): 4..=16, 0..=1, 0..=3.
            (i64::from(v.clamp(4, 16)) << 3) | (i64::from(v == o.value) << 2) | Self::rank(o.kind)
        };
        if self.best.is_none_or(|(_, b)| k >= b) {
            self.best = Some((*o, k));
        }
    }

    /// The answer to a defense among `options` (the options seen): the
    /// seasoned AI pressed by several foes ([`pressed`]) weighs the blows to
    /// come ([`pick_ahead`]) unless it casts a blocking spell; otherwise
    /// [`AiPick::answer`].
    #[inline]
    pub(crate) fn answer_in(
        &self,
        state: &State,
        defender: CombatantId,
        options: &[DefenseOption],
    ) -> Answer {
        let single = self.answer();
        if self.basic
            || matches!(
                single,
                Answer::Defend {
                    kind: DefenseKind::Spell,
                    ..
                }
            )
            || !pressed(state, defender)
        {
            return single;
        }
        pick_ahead(self.d, options, self.may_retreat).map_or(single, |(o, retreat)| {
            Answer::Defend {
                kind: o.kind,
                weapon: o.weapon,
                retreat,
                feverish: false,
                acrobatic: false,
                dive: None,
            }
        })
    }

    /// The answer: the best option seen, or no defense.
    #[inline]
    pub(crate) fn answer(&self) -> Answer {
        self.best
            .map_or(Answer::NoDefense, |(o, _)| Answer::Defend {
                kind: o.kind,
                weapon: o.weapon,
                retreat: self.value(&o) > o.value,
                feverish: false,
                acrobatic: false,
                dive: None,
            })
    }
}

/// Whether a figure may pay FP for extra effort now: it needs at least 1 FP
/// left (decision, docs/rules/gurps.md).
pub fn may_pay_fp(f: &Fighter) -> bool {
    f.fp >= 1
}

/// How an attack that only has to touch (a slam, a grab) came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touch {
    /// The roll failed (a critical failure has rolled on its table).
    Missed,
    /// The foe defended with this.
    Defended(DefenseKind),
    /// It landed.
    Landed,
}
