//! Attack bonuses, dice modifiers and Defense (X-ATK, X-DEF, X-MUL, X-RNG,
//! X-SIT, X-CON): each term with its rule ID, written once over `Mods` so
//! the roll records list every term and the AI sums them cheaply.

use crate::model::action::Strike;
use crate::model::options::{FacingModel, ProneVsRanged};
use crate::model::options::{FatiguePenalties, FeintEffect, HeavyOffhandScope, HelplessDefense};
use crate::model::state::{Armed, Condition, Fighter, Light, State};
use crate::model::terrain::{COVER, DARK, DIM, EDGE_COVER};
use crate::rules::geometry::{self, distance, threatened};
use fray_core::grid::SquarePos;
use fray_core::{CombatantId, Mods};

/// How an attack comes about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Mode {
    /// A Single attack (X-MAN-001).
    Single,
    /// An off-hand attack (X-MUL-002).
    Offhand,
    /// Precise Strike (X-MAN-011).
    Precise,
    /// The attack of a Charge (X-MAN-006).
    Charge,
    /// An attack of opportunity (X-ACT-007).
    Opportunity,
    /// Set vs Charge (X-QCK-003).
    SetVsCharge,
}

impl Mode {
    /// Whether it counts in the multiple-attack progression (X-MUL-001):
    /// reactions do not.
    pub const fn counted(self) -> bool {
        !matches!(self, Mode::Opportunity | Mode::SetVsCharge)
    }
}

/// One attack to judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swing {
    /// Who attacks.
    pub attacker: CombatantId,
    /// How.
    pub mode: Mode,
    /// Target, weapon and options.
    pub strike: Strike,
}

/// X-FATIGUE: the penalty for a fatigue level (X-CON-002, X-DEF-004).
pub fn fatigue_penalty(level: u8, table: FatiguePenalties) -> i32 {
    match (level, table) {
        (0, _) => 0,
        (1, _) => -1,
        (2, _) => -2,
        (_, FatiguePenalties::OneTwoFour) => -4,
        (_, FatiguePenalties::OneTwoThree) => -3,
    }
}

/// Whether the swing is a ranged attack: a weapon that cannot strike in
/// melee, or a thrown weapon at a target beyond its melee reach.
pub fn is_ranged(state: &State, sw: &Swing) -> bool {
    let f = state.fighter(sw.attacker);
    let Some(a) = f.weapon(sw.strike.weapon) else {
        return false;
    };
    // A weapon without a range never shoots: no distance to measure.
    if !a.weapon.ranged() {
        return false;
    }
    match geometry::weapon_reach(f, sw.strike.weapon) {
        None => true,
        Some(r) => distance(state, sw.attacker, sw.strike.target) > r,
    }
}

/// X-RNG-001..003: the range increment (1 for the first) of a ranged
/// attack at `dist` metres with first increment `range`.
pub fn increment(dist: u32, range: u32) -> u32 {
    dist.max(1).div_ceil(range.max(1))
}

/// X-MUL-003: STR for an off-hand weapon: a positive STR halved, rounding down.
pub fn offhand_str(str: i32) -> i32 {
    if str > 0 { str / 2 } else { str }
}

/// Whether the target is engaged: within melee reach of a creature other
/// than the shooter, on the shooter's side or the target's foe (X-RNG-005).
pub fn engaged(state: &State, shooter: CombatantId, target: CombatantId) -> bool {
    let t = state.fighter(target);
    state.ids().any(|o| {
        o != shooter
            && o != target
            && state.foes(o, target)
            && state.fighter(o).able()
            && geometry::threatens_at(state, o, t.pos, t.edge())
    })
}

/// The flat bonuses of a swing into `m` (X-FLW-001 step 3) and its dice
/// modifiers into `dice` (+1/-1 each, step 4; netted by their sum,
/// X-ATK-010). `attacks` is the number of counted attacks already made
/// this turn. The terms come in a fixed order, step by step.
pub fn bonus<M: Mods, D: Mods>(state: &State, sw: &Swing, m: &mut M, dice: &mut D) {
    let flanked = || geometry::flanked(state, sw.attacker, sw.strike.target);
    bonus_with(state, sw, is_ranged(state, sw), flanked, m, dice);
}

/// [`bonus`] with whether the swing is ranged ([`is_ranged`]) found by the
/// caller, which reads it again (a swing's Defense, its roll), and flanking
/// (X-SIT-001) answered by `flanked`, asked only for a melee swing: the AI,
/// weighing every foe's swing at one target, finds the fighters that
/// threaten it once rather than once per swing.
pub fn bonus_with<M: Mods, D: Mods>(
    state: &State,
    sw: &Swing,
    ranged: bool,
    flanked: impl FnOnce() -> bool,
    m: &mut M,
    dice: &mut D,
) {
    let a = state.fighter(sw.attacker);
    let Some(armed) = a.weapon(sw.strike.weapon) else {
        return;
    };
    let s = Sides {
        a,
        t: state.fighter(sw.strike.target),
        armed,
        ranged,
        dist: distance(state, sw.attacker, sw.strike.target),
    };
    ability_terms(sw, &s, m);
    progression_terms(state, sw, &s, m);
    if s.ranged {
        ranged_terms(state, sw, &s, m, dice);
    } else {
        melee_terms(flanked, &s, m);
    }
    let dark = situation_terms(state, sw, &s, m, dice);
    dice_terms(sw, &s, dark, dice);
}

/// What [`bonus`] reads of the two fighters and the weapon.
struct Sides<'s> {
    /// The attacker.
    a: &'s Fighter,
    /// The target.
    t: &'s Fighter,
    /// The weapon as the attacker holds it.
    armed: &'s Armed,
    /// A ranged attack ([`is_ranged`]).
    ranged: bool,
    /// The distance between them.
    dist: u32,
}

/// X-ATK-001/002: BAB and the ability; X-ATK-003: List, Skill, Magic.
fn ability_terms<M: Mods>(sw: &Swing, s: &Sides, m: &mut M) {
    let (a, armed) = (s.a, s.armed);
    let w = &armed.weapon;
    if s.ranged {
        m.add("BAB", a.stats.bab, "X-ATK-002");
        m.add("DEX", a.stats.dex, "X-ATK-002");
    } else {
        m.add("BAB", a.stats.bab, "X-ATK-001");
        if sw.strike.dex && w.versatile {
            m.add("DEX (versatile)", a.stats.dex, "X-QCK-002");
        } else if sw.mode == Mode::Offhand {
            m.add(
                "STR (off hand, halved)",
                offhand_str(a.stats.str),
                "X-MUL-003",
            );
        } else {
            m.add("STR", a.stats.str, "X-ATK-001");
        }
    }
    m.add("List", armed.list, "X-ATK-003");
    m.add("Skill", armed.skill, "X-ATK-003");
    m.add("Magic", armed.magic, "X-ATK-003");
}

/// X-MUL-001, X-MUL-006: the multiple-attack progression (X-MAN-002 and
/// X-MAN-003 are this table written as action costs), and X-MUL-004: a
/// heavy off-hand weapon. Reactions are not counted.
fn progression_terms<M: Mods>(state: &State, sw: &Swing, s: &Sides, m: &mut M) {
    if !sw.mode.counted() {
        return;
    }
    let o = &*state.options;
    let w = &s.armed.weapon;
    let offhand = sw.mode == Mode::Offhand;
    let n = i32::from(state.turn.attacks);
    if state.turn.low_level || sw.strike.low_level {
        m.add("low-level option", -4, "X-MUL-006");
    } else {
        m.add("multiple attacks", -o.multiple_attack_step * n, "X-MUL-001");
    }
    let heavy = match o.heavy_offhand_penalty_scope {
        HeavyOffhandScope::AllAttacks => state.turn.heavy_offhand || offhand && !w.light,
        HeavyOffhandScope::OffhandOnly => offhand && !w.light,
    };
    if heavy {
        m.add("heavy off-hand weapon", -3, "X-MUL-004");
    }
}

/// A ranged attack's range (X-RNG-001..003), a target in combat
/// (X-RNG-005) and a threatened shooter (X-RNG-004).
fn ranged_terms<M: Mods, D: Mods>(state: &State, sw: &Swing, s: &Sides, m: &mut M, dice: &mut D) {
    let inc = increment(s.dist, s.armed.weapon.range_m.unwrap_or(1));
    let rule = match inc {
        1 => "X-RNG-001",
        2 => "X-RNG-002",
        _ => "X-RNG-003",
    };
    m.add("range", -6 * (inc as i32 - 1), rule);
    if engaged(state, sw.attacker, sw.strike.target) {
        m.add("target in combat", -2, "X-RNG-005");
    }
    if threatened(state, sw.attacker) {
        dice.add("threatened", -1, "X-RNG-004");
    }
}

/// A melee attack's flanking (X-SIT-001), a prone attacker (X-SIT-008,
/// X-CON-001) and a long weapon too close (X-QCK-001, X-SIT-015).
fn melee_terms<M: Mods>(flanked: impl FnOnce() -> bool, s: &Sides, m: &mut M) {
    if flanked() {
        m.add("flanking", 2, "X-SIT-001");
    }
    if s.a.cond.has(Condition::Prone) {
        m.add("prone attacker", -4, "X-SIT-008");
    }
    if s.armed.weapon.long && s.dist < 2 {
        m.add("long weapon too close", -4, "X-QCK-001");
    }
}

/// The situation's flat terms: height, facing, fatigue, entanglement,
/// light, nonlethal and trusting to luck (its die too). Returns whether
/// the target stands in the dark (for X-SIT-014).
fn situation_terms<M: Mods, D: Mods>(
    state: &State,
    sw: &Swing,
    s: &Sides,
    m: &mut M,
    dice: &mut D,
) -> bool {
    let o = &*state.options;
    let (a, t) = (s.a, s.t);
    // X-SIT-002: higher ground; X-QCK-010: a rider against a creature on
    // foot smaller than its mount. One bonus, never added twice.
    // (Maps without heights or shade skip the cell lookups: the state
    // says whether they have any, from setup.)
    let h = |p: SquarePos| state.map.height_at(p).unwrap_or(0);
    if state.map_has_height && h(a.pos) > h(t.pos) {
        m.add("higher ground", 2, "X-SIT-002");
    } else if mounted_over(state, sw.attacker, sw.strike.target) {
        m.add("mounted, higher ground", 2, "X-QCK-010");
    }
    // X-SIT-003.
    if o.facing_model == FacingModel::LastAction
        && geometry::behind(state, sw.attacker, sw.strike.target)
    {
        m.add("from behind", 2, "X-SIT-003");
    }
    // X-CON-002, X-SIT-009.
    m.add(
        "fatigued",
        fatigue_penalty(a.fatigue, o.fatigue_penalties),
        "X-CON-002",
    );
    // X-CON-012.
    if a.cond.has(Condition::Entangled) {
        m.add("entangled", -2, "X-CON-012");
    }
    // X-SIT-010.
    let cell = |id| {
        state.map_has_shade
            && state
                .map
                .terrain_at(t.pos)
                .is_some_and(|c: &fray_core::grid::CellTerrain| c.contains(id))
    };
    let dark = state.light == Light::Dark || cell(DARK);
    if !dark && (state.light == Light::Dim || cell(DIM)) {
        m.add("dim light", -1, "X-SIT-010");
    }
    // X-SIT-016.
    if sw.strike.nonlethal && !s.armed.weapon.nonlethal {
        m.add("nonlethal", -4, "X-SIT-016");
    }
    // X-ATK-007: trust to luck.
    if sw.strike.trust_to_luck {
        m.add("trust to luck", -4, "X-ATK-007");
        dice.add("trust to luck", 1, "X-ATK-007");
    }
    dark
}

/// Dice modifiers (X-ATK-010), +1 or -1 each; `dark`: the target stands
/// in the dark.
fn dice_terms<D: Mods>(sw: &Swing, s: &Sides, dark: bool, dice: &mut D) {
    let (a, t, armed) = (s.a, s.t, s.armed);
    // X-SIT-005: the same bonus as the Charge of X-MAN-006, counted once.
    if sw.mode == Mode::Charge {
        dice.add("charging", 1, "X-MAN-006");
    }
    if sw.mode == Mode::SetVsCharge {
        dice.add("set vs charge", -1, "X-QCK-003");
    }
    if a.cond.has(Condition::Invisible) {
        dice.add("invisible attacker", 1, "X-SIT-004");
    }
    if t.helpless() {
        dice.add("helpless target", 1, "X-SIT-006");
    }
    if armed.weapon.touch {
        dice.add("touch attack", 1, "X-SIT-007");
    }
    if a.ran {
        dice.add("ran", -1, "X-MOV-005");
    }
    // X-CON-004, X-SIT-012: one penalty.
    if a.cond.has(Condition::Frightened) {
        dice.add("frightened", -1, "X-CON-004");
    }
    if a.cond.has(Condition::Squeezed) {
        dice.add("squeezed", -1, "X-SIT-011");
    }
    if !armed.proficient {
        dice.add("unknown weapon", -1, "X-SIT-013");
    }
    // X-SIT-014, X-CON-009: blindness replaces the invisible-target penalty.
    if (t.cond.has(Condition::Invisible) || dark) && !a.cond.has(Condition::Blinded) {
        dice.add("invisible target", -1, "X-SIT-014");
    }
}

/// X-QCK-010: `attacker` rides a mount larger than `target`, which rides
/// nothing.
pub fn mounted_over(state: &State, attacker: CombatantId, target: CombatantId) -> bool {
    state.riding(target).is_none()
        && state
            .riding(attacker)
            .is_some_and(|m| state.fighter(target).stats.size < state.fighter(m).stats.size)
}

/// X-DEF-009, X-RNG-006: the cover level (0 none, 1 light, 2 medium,
/// 3 complete) on the line of fire from `from` to the target: the best
/// cover of the cells and square sides it crosses, ignoring cells next to
/// the attacker; other creatures in the way give light cover.
pub fn cover(state: &State, attacker: CombatantId, target: CombatantId) -> u8 {
    let (a, t) = (state.fighter(attacker), state.fighter(target));
    let sight = state.map.square_sight(a.pos, t.pos);
    let trace = &sight.traces()[0];
    let mut level = 0u8;
    for &c in trace.between() {
        if c.distance(a.pos) <= 1 {
            continue;
        }
        if let Some(v) = state.map.terrain_at(c).and_then(|x| x.value(COVER)) {
            level = level.max(v.clamp(0, 3) as u8);
        }
        let body = state.ids().any(|o| {
            o != attacker
                && o != target
                && !state.linked(o, attacker)
                && !state.linked(o, target)
                && state.fighter(o).life != crate::model::state::Life::Dead
                && geometry::overlaps(c, 1, state.fighter(o))
        });
        if body {
            level = level.max(1);
        }
    }
    for &e in trace.edges() {
        if let Some(v) = state.map.edge_features(e).value(EDGE_COVER) {
            level = level.max(v.clamp(0, 3) as u8);
        }
    }
    level
}

/// The Defense of `target` against `attacker`, melee or `ranged`
/// ([`is_ranged`], which a swing's caller has found for its bonuses too):
/// X-DEF-001 with its modifiers, X-DEF-010: each condition once; X-SIT-017
/// repeats them.
pub fn defense_of<M: Mods>(
    state: &State,
    attacker: CombatantId,
    target: CombatantId,
    ranged: bool,
    m: &mut M,
) {
    let o = &*state.options;
    let t: &Fighter = state.fighter(target);
    let s = &t.stats;
    m.add("base", 10, "X-DEF-001");
    let helpless = t.helpless() && o.helpless_defense == HelplessDefense::DropDexShieldSkill;
    let feinted = !ranged
        && state
            .fighter(attacker)
            .feint
            .is_some_and(|(who, _)| who == target);
    if !helpless {
        let dex = if feinted && o.feint_effect == FeintEffect::NoDex {
            s.dex.min(0)
        } else {
            s.dex
        };
        m.add("DEX", dex, "X-DEF-001");
        if t.shield {
            m.add("shield", s.shield, "X-DEF-001");
        }
        m.add("skill", s.defense_skill, "X-DEF-001");
    } else {
        m.add("helpless: no DEX, shield or skill", 0, "X-SIT-006");
    }
    m.add("armor", s.armor, "X-DEF-001");
    m.add("magic", s.magic_defense, "X-DEF-001");
    if t.cond.has(crate::model::state::Condition::Surprised)
        || feinted && o.feint_effect == FeintEffect::Surprised
    {
        m.add("surprised", -2, "X-DEF-002");
    }
    if t.cond.has(Condition::Prone) {
        if !ranged {
            m.add("prone", -4, "X-DEF-003");
        } else {
            let v = match o.prone_defense_vs_ranged {
                ProneVsRanged::Zero => 0,
                ProneVsRanged::Minus4 => -4,
                ProneVsRanged::Plus4 => 4,
            };
            m.add("prone (ranged)", v, "X-DEF-003");
        }
    }
    m.add(
        "fatigued",
        fatigue_penalty(t.fatigue, o.fatigue_penalties),
        "X-DEF-004",
    );
    if t.pinned {
        m.add("pinned", -4, "X-DEF-007");
    } else if t.grappled_by.is_some() {
        m.add("grappled", -2, "X-DEF-005");
    }
    if t.cond.has(Condition::Entangled) {
        m.add("entangled", -2, "X-DEF-006");
    }
    if t.cond.has(Condition::Stunned) {
        m.add("stunned", -4, "X-DEF-008");
    }
    // X-DEF-009: cover against every attack; melee looks only where the
    // map has some (a low wall between neighbours, a pillar before a
    // long weapon), ranged fire also behind bodies (X-RNG-006).
    if ranged || state.map_has_cover {
        let c = cover(state, attacker, target);
        let v = [0, 2, 4, 8][usize::from(c.min(3))];
        m.add("cover", v, "X-DEF-009");
    }
    if t.ran {
        m.add("ran", -4, "X-MOV-006");
    }
    if t.charged {
        m.add("charged", -4, "X-MAN-006");
    }
    // X-MAN-008, X-MAN-009: the larger bonus applies.
    if t.total_defense {
        m.add("Total Defense", 4, "X-MAN-009");
    } else if t.prepared {
        m.add("Prepared Defense", 1, "X-MAN-008");
    }
    if t.offhand_defense {
        m.add("off-hand weapon", 1, "X-MUL-005");
    }
}

/// X-DMG-002: criticals for a margin (total - Defense): one per full 8.
pub fn criticals(margin: i32, cap: Option<u8>) -> u8 {
    if margin < 8 {
        return 0;
    }
    let n = (margin / 8).min(255) as u8;
    cap.map_or(n, |c| n.min(c))
}
