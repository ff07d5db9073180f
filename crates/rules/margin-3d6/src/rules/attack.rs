//! To-hit targets and who can be reached (M-FLO-006, M-PAT, M-MOD, M-RNG,
//! M-ROA, M-MIS). Generic over [`Mods`] so the roll records every term and
//! the AI sums the same terms cheaply.

use crate::model::action::{Strike, Unarmed};
use crate::model::data::Class;
use crate::model::data::RateClass;
use crate::model::location::Location;
use crate::model::state::{Fighter, Held, Posture, State};
use crate::model::terrain::{BAD_FOOTING, COVER, DARKNESS, OBSTRUCTION};
use crate::rules::tables::{location_penalty, range_modifier, speed_modifier, with_accuracy};
use fray_core::grid::{HexPos, RelativeBearing, arc};
use fray_core::{CombatantId, Mods};

/// How the attack is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct HitCtx {
    /// All-Out Attack for +4 to hit (M-MEL-002).
    pub all_out_skill: bool,
    /// The shot's number within the round (0 = first; M-ROA-005, M-MIS-003).
    pub shot: u8,
    /// A Ranged Rapid Attack (M-MIS-002/003).
    pub rapid: bool,
    /// A Wild Swing: -5 or the darkness, whichever is worse (M-MEL-003).
    pub wild: bool,
    /// A Pop-Up Attack: -2 (M-MIS-004).
    pub popup: bool,
    /// An All-Out Charge's -1 or -3 (M-MEL-009).
    pub charge: i32,
    /// A Two-Weapon Attack's penalty for this weapon (M-MEL-004).
    pub two_weapon: i32,
    /// Struck with the off hand: -4 unless ambidextrous (M-PAT-002, M-MEL-005).
    pub off_hand: bool,
    /// Shot during a Move: hexes moved this turn (M-PAT-003).
    pub moving: Option<u32>,
    /// The fencer's off-hand dagger after a parry: half Knife skill (M-AOD-003).
    pub riposte: bool,
    /// Opportunity Fire's area and PER penalties (M-MIS-005/006).
    pub opportunity: i32,
    /// Attacking from a moving mount (M-PAT-006).
    pub mounted: i32,
}

/// The weapon held for a strike, unless unarmed.
#[inline]
pub fn held<'a>(f: &'a Fighter, s: &Strike) -> Option<&'a Held> {
    if s.unarmed.is_some() {
        None
    } else {
        f.weapons.get(usize::from(s.weapon))
    }
}

/// M-UNA-001: the best roll for an unarmed strike: a punch on DX, Boxing
/// or Brawling; a kick on DX − 2, Boxing − 1 or Brawling − 2; a bite on DX.
#[inline]
pub fn unarmed_skill(f: &Fighter, u: Unarmed) -> i32 {
    let dx = f.stats.dx;
    match u {
        Unarmed::Punch => dx
            .max(f.skills.boxing.unwrap_or(i32::MIN))
            .max(f.skills.brawling.unwrap_or(i32::MIN)),
        Unarmed::Kick => (dx - 2)
            .max(f.skills.boxing.map_or(i32::MIN, |s| s - 1))
            .max(f.skills.brawling.map_or(i32::MIN, |s| s - 2)),
        Unarmed::Bite => dx,
        // M-MEL-010: Shield skill (DX - 4 untrained).
        Unarmed::ShieldBash => f.skills.shield.unwrap_or(dx - 4),
    }
}

/// M-MEL-006: the skill a target resists a feint with: its best of its
/// melee weapons' skills, Shield, Brawling and Boxing, else DX.
pub fn feint_resistance(t: &Fighter) -> i32 {
    t.weapons
        .iter()
        .filter(|h| !h.weapon.ranged() && !h.lost)
        .map(|h| h.skill)
        .chain(t.skills.shield)
        .chain(t.skills.brawling)
        .chain(t.skills.boxing)
        .max()
        .unwrap_or(t.stats.dx)
}

/// What an unarmed strike's skill is (M-UNA-001), for the narration.
pub const fn unarmed_label(u: Unarmed) -> &'static str {
    match u {
        Unarmed::Punch => "punch: best of DX, Boxing, Brawling",
        Unarmed::Kick => "kick: best of DX-2, Boxing-1, Brawling-2",
        Unarmed::Bite => "bite: DX",
        Unarmed::ShieldBash => "shield bash: Shield skill",
    }
}

/// M-PAT-009 with M-PEN-002/006: the points of DX lost to halving at 0 HP
/// or 0 fatigue, which every DX-based skill loses too.
#[inline]
pub fn dx_lost(f: &Fighter) -> i32 {
    if f.hp <= 0 || (f.stats.fatigue > 0 && f.fatigue <= 0) {
        f.stats.dx - f.stats.dx / 2
    } else {
        0
    }
}

/// Height of a hex in feet (M-DAT-008). The open map's answer is inlined
/// into every caller (the duel's case); the map's lookup stays out of line.
#[inline(always)]
pub fn height(state: &State, hex: HexPos) -> i32 {
    if state.open_map {
        return 0;
    }
    height_on_map(state, hex)
}

#[inline(never)]
fn height_on_map(state: &State, hex: HexPos) -> i32 {
    state.map.height_at(hex).unwrap_or(0)
}

/// MV for the walking/running split (M-PAT-003).
pub fn mv(f: &Fighter) -> u32 {
    f.stats.mv.max(1) as u32
}

/// The terrain value on `hex` (0 on an open map). As [`height`], the open
/// map's answer is inlined and the map's lookup stays out of line.
#[inline(always)]
pub fn terrain(state: &State, hex: HexPos, id: fray_core::grid::TerrainId) -> i32 {
    if state.open_map {
        return 0;
    }
    terrain_on_map(state, hex, id)
}

#[inline(never)]
fn terrain_on_map(state: &State, hex: HexPos, id: fray_core::grid::TerrainId) -> i32 {
    state
        .map
        .terrain_at(hex)
        .and_then(|t| t.value(id))
        .map_or(0, i32::from)
}

/// M-ROA-002: the penalty for a two-handed weapon, polearm or flail that
/// attacked on the wielder's previous turn: −max(0, 3 − (ST − min ST)).
#[inline(always)]
pub fn heavy_penalty(f: &Fighter, h: &Held, round: u32) -> i32 {
    if h.weapon.class.heavy() && h.last_attack.is_some_and(|r| r + 1 == round) {
        -(3 - (f.stats.st - h.weapon.min_st)).max(0)
    } else {
        0
    }
}

/// M-ROA-004, M-MIS-001: the Snap Shot −3 applies when skill < SS and the
/// shooter did not aim last round.
pub fn snap_shot_penalty(f: &Fighter, h: &Held, target: CombatantId) -> i32 {
    match h.weapon.snap_shot {
        Some(ss) if h.skill < ss && !f.aim.is_some_and(|(t, n)| t == target && n >= 1) => -3,
        _ => 0,
    }
}

/// M-MIS-008: +1 per round aimed (skill ≥ SS), or +1 per round from the
/// second (skill < SS), capped at +3.
pub fn aim_bonus(f: &Fighter, h: &Held, target: CombatantId) -> i32 {
    let Some((t, rounds)) = f.aim else { return 0 };
    if t != target {
        return 0;
    }
    let rounds = i32::from(rounds);
    let n = match h.weapon.snap_shot {
        Some(ss) if h.skill < ss => rounds - 1,
        _ => rounds,
    };
    n.clamp(0, 3)
}

/// The to-hit target of a strike from `from` (M-FLO-003), every term with
/// its rule.
pub fn to_hit<M: Mods>(
    state: &State,
    attacker: CombatantId,
    s: &Strike,
    from: HexPos,
    ctx: HitCtx,
    m: &mut M,
) {
    let f = state.fighter(attacker);
    let t = state.fighter(s.target);
    let h = held(f, s);
    skill_terms(f, s, h, ctx, m);
    condition_terms(f, t, s, from, m);
    surroundings_terms(state, f, s, from, ctx, m);
    maneuver_terms(f, ctx, m);
    let Some(h) = h else { return };
    if h.unfamiliar {
        m.add("unfamiliar weapon", -2, "M-PAT-008");
    }
    m.add(
        "heavy weapon again",
        heavy_penalty(f, h, state.round),
        "M-ROA-002",
    );
    if h.weapon.ranged() {
        shot_terms(f, h, s, ctx, m);
        range_terms(state, attacker, s, from, h, m);
    }
}

/// The skill the strike rolls against (M-UNA-001, M-AOD-003), the DX lost
/// (M-PAT-009), a called shot (M-LOC-001) and All-Out Attack's +4
/// (M-MEL-002).
#[inline]
fn skill_terms<M: Mods>(f: &Fighter, s: &Strike, h: Option<&Held>, ctx: HitCtx, m: &mut M) {
    match (s.unarmed, h) {
        (Some(u), _) => m.add(unarmed_label(u), unarmed_skill(f, u), "M-UNA-001"),
        (None, Some(_)) if ctx.riposte => m.add(
            "half Knife",
            f.skills.knife.unwrap_or(f.stats.dx - 4) / 2,
            "M-AOD-003",
        ),
        (None, Some(h)) => m.add("weapon skill", h.skill, ""),
        (None, None) => m.add("no weapon", 0, ""),
    };
    m.add("DX halved", -dx_lost(f), "M-PAT-009");
    if let Some(loc) = s.location {
        m.add("hit location", location_penalty(loc), "M-LOC-001");
    }
    if ctx.all_out_skill {
        m.add("All-Out Attack", 4, "M-MEL-002");
    }
}

/// The attacker's state: stunned (M-PAT-007), its posture (M-PAT-001),
/// blinded eyes (M-PAT-005), and close combat with a weapon (M-PAT-004).
#[inline]
fn condition_terms<M: Mods>(f: &Fighter, t: &Fighter, s: &Strike, from: HexPos, m: &mut M) {
    if f.stun.is_some() {
        m.add("stunned", -4, "M-PAT-007");
    }
    let posture = match f.posture {
        Posture::Standing => 0,
        Posture::Crouching | Posture::Kneeling | Posture::Sitting => -2,
        Posture::Crawling | Posture::Lying => -4,
    };
    m.add("posture", posture, "M-PAT-001");
    m.add(
        "blinded eyes",
        -5 * i32::from(f.blind_eyes.min(2)),
        "M-PAT-005",
    );
    if s.unarmed.is_none() && from == t.pos {
        m.add("close combat", -2, "M-PAT-004");
    }
}

/// The hex struck from: bad footing unless aimed (M-MOD-001), darkness
/// (M-MOD-003), or a Wild Swing's -5 or the darkness (M-MEL-003).
#[inline]
fn surroundings_terms<M: Mods>(
    state: &State,
    f: &Fighter,
    s: &Strike,
    from: HexPos,
    ctx: HitCtx,
    m: &mut M,
) {
    let aimed = f.aim.is_some_and(|(a, n)| a == s.target && n >= 1);
    if !aimed {
        m.add(
            "bad footing",
            -terrain(state, from, BAD_FOOTING),
            "M-MOD-001",
        );
    }
    let dark = terrain(state, from, DARKNESS);
    if ctx.wild {
        m.add("wild swing", -dark.max(5), "M-MEL-003");
    } else {
        m.add("darkness", -dark, "M-MOD-003");
    }
}

/// What the maneuver adds: a Pop-Up Attack (M-MIS-004), an All-Out
/// Charge (M-MEL-009), two weapons (M-MEL-004), Opportunity Fire
/// (M-MIS-005), a moving mount (M-PAT-006), the off hand (M-PAT-002).
#[inline]
fn maneuver_terms<M: Mods>(f: &Fighter, ctx: HitCtx, m: &mut M) {
    if ctx.popup {
        m.add("pop-up attack", -2, "M-MIS-004");
    }
    m.add("all-out charge", ctx.charge, "M-MEL-009");
    m.add("two weapons", ctx.two_weapon, "M-MEL-004");
    m.add("opportunity fire", ctx.opportunity, "M-MIS-005");
    m.add("moving mount", ctx.mounted, "M-PAT-006");
    if ctx.off_hand && !f.ambidextrous {
        m.add("off hand", -4, "M-PAT-002");
    }
}

/// A missile shot's own terms: the first shot's snap shot and aim
/// (M-MIS-001, M-MIS-008), a later rapid shot (M-MIS-003), shooting on
/// the move (M-PAT-003: walking -1, running -2; three times that with
/// bows and crossbows).
#[inline]
fn shot_terms<M: Mods>(f: &Fighter, h: &Held, s: &Strike, ctx: HitCtx, m: &mut M) {
    if ctx.shot == 0 {
        m.add("snap shot", snap_shot_penalty(f, h, s.target), "M-MIS-001");
        m.add("aim", aim_bonus(f, h, s.target), "M-MIS-008");
    } else if ctx.rapid || h.weapon.rate_class == RateClass::Crossbow {
        m.add("rapid shot", -1, "M-MIS-003");
    }
    if let Some(moved) = ctx.moving {
        let walk = if moved * 2 <= crate::rules::attack::mv(f) {
            1
        } else {
            2
        };
        let k = if h.weapon.class.launched() && h.weapon.class != Class::Sling {
            3
        } else {
            1
        };
        m.add("shooting on the move", -walk * k, "M-PAT-003");
    }
}

/// The way to the target: range by height (M-RNG-006, M-RNG-001), its
/// speed (M-RNG-004) and evasion (M-RNG-007), obstructions (M-RNG-008),
/// its cover and people in the way (M-RNG-005).
#[inline]
fn range_terms<M: Mods>(
    state: &State,
    attacker: CombatantId,
    s: &Strike,
    from: HexPos,
    h: &Held,
    m: &mut M,
) {
    let t = state.fighter(s.target);
    // M-RNG-006: 1 yd less range per 2 yd the target is lower, 1 yd more per yd higher.
    let (ha, ht) = (height(state, from), height(state, t.pos));
    let yards = from.distance(t.pos) as i32 - (ha - ht).max(0) / 6 + (ht - ha).max(0) / 3;
    let range = range_modifier(yards.max(0) as u32);
    m.add("range", with_accuracy(range, h.weapon.acc), "M-RNG-001");
    // M-RNG-004: the target's speed this round adds to the range penalty.
    m.add(
        "target's speed",
        speed_modifier(u32::from(t.moved)),
        "M-RNG-004",
    );
    // M-RNG-007: swerving or heavy evasion, or an erratic creature.
    m.add(
        "erratic movement",
        -i32::from(t.evading.max(t.erratic)),
        "M-RNG-007",
    );
    let (mut obstruction, mut people) = (0, 0);
    // Next to the target nothing lies between (and no line is drawn).
    if from.distance(t.pos) > 1 {
        for hex in from.line_to(t.pos) {
            if hex != from && hex != t.pos {
                obstruction += terrain(state, hex, OBSTRUCTION);
                people += persons_in(state, hex, attacker, s.target);
            }
        }
    }
    m.add("obstructions", -obstruction.min(5), "M-RNG-008");
    m.add(
        "cover",
        -cover(t.posture, terrain(state, t.pos, COVER)),
        "M-RNG-005",
    );
    m.add("people in the way", -4 * people, "M-RNG-005");
}

/// [`to_hit`]'s sum, for the roll's dice: the terms of a strike with no
/// missile weapon (a melee weapon, an unarmed strike, the fencer's
/// riposte: the simulator's blows) added straight, without visiting the
/// missile's terms or matching the held weapon again; a missile weapon's
/// terms through [`to_hit`] itself. Debug builds compare every answer with
/// [`to_hit`] (M-FLO-003 and the rules each term of it cites).
#[inline]
pub fn to_hit_total(
    state: &State,
    attacker: CombatantId,
    s: &Strike,
    from: HexPos,
    ctx: HitCtx,
) -> i32 {
    let f = state.fighter(attacker);
    let h = held(f, s);
    let n = match h {
        Some(h) if h.weapon.ranged() => {
            let mut m = fray_core::Total::default();
            to_hit(state, attacker, s, from, ctx, &mut m);
            return m.0;
        }
        _ => melee_total(state, f, h, s, from, ctx),
    };
    debug_assert_eq!(
        n,
        {
            let mut m = fray_core::Total::default();
            to_hit(state, attacker, s, from, ctx, &mut m);
            m.0
        },
        "to_hit_total disagrees with to_hit"
    );
    n
}

/// [`to_hit_total`] for a strike whose held weapon (`h`, if any) is not a
/// missile weapon: [`to_hit`]'s terms in its order, summed.
#[inline(always)]
fn melee_total(
    state: &State,
    f: &Fighter,
    h: Option<&Held>,
    s: &Strike,
    from: HexPos,
    ctx: HitCtx,
) -> i32 {
    let mut n = match (s.unarmed, h) {
        (Some(u), _) => unarmed_skill(f, u),
        (None, Some(_)) if ctx.riposte => f.skills.knife.unwrap_or(f.stats.dx - 4) / 2,
        (None, Some(h)) => h.skill,
        (None, None) => 0,
    };
    n -= dx_lost(f);
    if let Some(loc) = s.location {
        n += location_penalty(loc);
    }
    if ctx.all_out_skill {
        n += 4;
    }
    if f.stun.is_some() {
        n -= 4;
    }
    n += match f.posture {
        Posture::Standing => 0,
        Posture::Crouching | Posture::Kneeling | Posture::Sitting => -2,
        Posture::Crawling | Posture::Lying => -4,
    };
    n -= 5 * i32::from(f.blind_eyes.min(2));
    if s.unarmed.is_none() && from == state.fighter(s.target).pos {
        n -= 2;
    }
    let dark = if state.open_map {
        0
    } else {
        if !f.aim.is_some_and(|(a, k)| a == s.target && k >= 1) {
            n -= terrain(state, from, BAD_FOOTING);
        }
        terrain(state, from, DARKNESS)
    };
    n -= if ctx.wild { dark.max(5) } else { dark };
    if ctx.popup {
        n -= 2;
    }
    n += ctx.charge + ctx.two_weapon + ctx.opportunity + ctx.mounted;
    if ctx.off_hand && !f.ambidextrous {
        n -= 4;
    }
    if let Some(h) = h {
        if h.unfamiliar {
            n -= 2;
        }
        n += heavy_penalty(f, h, state.round);
    }
    n
}

/// M-RNG-005: the one cover entry that best fits the target's posture and
/// the cover of its hex (2 light ... 5 just the head): crouching or
/// kneeling 2; prone 4, 5 behind light cover, 7 behind anything more
/// (head down); standing, the hex's cover alone.
pub fn cover(posture: Posture, hex_cover: i32) -> i32 {
    match posture {
        Posture::Lying | Posture::Crawling => match hex_cover {
            0 | 1 => 4,
            2 => 5,
            _ => 7,
        },
        Posture::Crouching | Posture::Kneeling => hex_cover.max(2),
        Posture::Standing | Posture::Sitting => hex_cover,
    }
}

/// M-RNG-005: the whole persons in `hex` on a line of fire (conscious and
/// not lying or crawling; the shooter and its target excepted): -4 each.
fn persons_in(state: &State, hex: HexPos, shooter: CombatantId, target: CombatantId) -> i32 {
    state
        .fighters
        .iter()
        .enumerate()
        .filter(|&(i, f)| {
            i != shooter.index()
                && i != target.index()
                && f.pos == hex
                && f.awake()
                && !f.posture.down()
        })
        .count() as i32
}

/// M-FLO-006: a hex the attacker can strike from `from` facing `facing`:
/// the front arc only (the faced hex and the two front-side hexes).
#[inline(always)]
pub fn in_front_arc(from: HexPos, facing: fray_core::grid::Facing, target: HexPos) -> bool {
    matches!(
        bearing(from, facing, target),
        Some(RelativeBearing::Front | RelativeBearing::FrontSide(_))
    )
}

/// M-FLO-006: the bearing of `target` from `from` facing `facing`, as
/// `fray_grid::arc::bearing` gives it, with a direct answer for the
/// neighbouring hexes (where that function's best direction is the
/// neighbour's own), which is where nearly every melee blow and defense looks.
#[inline(always)]
pub fn bearing(
    from: HexPos,
    facing: fray_core::grid::Facing,
    target: HexPos,
) -> Option<RelativeBearing> {
    // The neighbours in `Facing` order (N, NE, SE, S, SW, NW).
    let dir = match (target.q - from.q, target.r - from.r) {
        (0, -1) => Some(0),
        (1, -1) => Some(1),
        (1, 0) => Some(2),
        (0, 1) => Some(3),
        (-1, 1) => Some(4),
        (-1, 0) => Some(5),
        _ => None,
    };
    if let Some(dir) = dir {
        use fray_core::grid::Side;
        return Some(match (dir - facing as i8).rem_euclid(6) {
            0 => RelativeBearing::Front,
            1 => RelativeBearing::FrontSide(Side::Right),
            2 => RelativeBearing::Side(Side::Right),
            3 => RelativeBearing::Rear,
            4 => RelativeBearing::Side(Side::Left),
            _ => RelativeBearing::FrontSide(Side::Left),
        });
    }
    arc::bearing(from, facing, target)
}

/// The facing from `from` toward `target`, as `HexPos::facing_toward`
/// gives it, with a direct answer for a neighbouring hex (the neighbour's
/// own direction, the only one whose cube dot product is 2): nearly every
/// turn to face a foe before a blow is toward the next hex.
#[inline]
pub fn face_toward(from: HexPos, target: HexPos) -> Option<fray_core::grid::Facing> {
    let dir = match (target.q - from.q, target.r - from.r) {
        (0, -1) => 0,
        (1, -1) => 1,
        (1, 0) => 2,
        (0, 1) => 3,
        (-1, 1) => 4,
        (-1, 0) => 5,
        _ => return from.facing_toward(target),
    };
    Some(fray_core::grid::Facing::ALL[dir])
}

/// Whether `target` is within the strike's reach from `from` (M-FLO-006:
/// melee reach from the data, default 1; missiles to their maximum range).
pub fn in_reach(f: &Fighter, s: &Strike, from: HexPos, target: HexPos) -> bool {
    let d = from.distance(target);
    match held(f, s) {
        Some(h) if h.weapon.ranged() => d >= 1 && h.weapon.max_range.is_none_or(|r| d <= r),
        Some(h) => d <= u32::from(h.weapon.reach),
        None => d <= 1,
    }
}

/// The location a strike aims at: its called shot, else the torso (M-LOC-003).
#[inline(always)]
pub fn aimed_at(s: &Strike) -> Location {
    s.location.unwrap_or_default()
}

#[cfg(test)]
mod bearing_tests {
    use super::*;
    use fray_core::grid::Facing;

    // rule: M-FLO-006
    #[test]
    fn the_neighbour_fast_path_agrees_with_facing_toward_m_flo_006() {
        let o = HexPos::new(-1, 2);
        for dq in -3..=3 {
            for dr in -3..=3 {
                let t = HexPos::new(o.q + dq, o.r + dr);
                assert_eq!(face_toward(o, t), o.facing_toward(t), "{t}");
            }
        }
    }

    // rule: M-FLO-006
    #[test]
    fn the_neighbour_fast_path_agrees_with_the_grid_bearing_m_flo_006() {
        let o = HexPos::new(2, -1);
        for facing in Facing::ALL {
            for dq in -3..=3 {
                for dr in -3..=3 {
                    let t = HexPos::new(o.q + dq, o.r + dr);
                    assert_eq!(
                        bearing(o, facing, t),
                        arc::bearing(o, facing, t),
                        "{facing:?} {t}"
                    );
                }
            }
        }
    }
}
