//! Which active defenses a figure has against one attack, and their
//! targets (M-DEF, M-AOD, M-PDF, M-ARM-010/011).

use crate::model::action::{Answer, DefenseKind, DefenseOption, DefenseOptions};
use crate::model::data::{Class, Parry, Size};
use crate::model::location::{Limb, Location};
use crate::model::options::PdMode;
use crate::model::state::{AodKind, Fighter, Posture, State};
use crate::model::terrain::DARKNESS;
use crate::rules::armor::{pd_terms, shield_side, shield_usable, total_pd, total_pd_seen};
use crate::rules::attack::dx_lost;
use fray_core::grid::{HexPos, RelativeBearing};
use fray_core::{CombatantId, Mods, Total};

/// The defense offered whose AD would be the highest (M-DEF-012), the
/// first of equals, as an answer; no defense only when none is offered.
/// An Acrobatic Dodge's AD is its successes alone, so it is worth 2 less.
/// The AI's answer to a defense question, and the simulator's direct one
/// (`Cx::ask_or_ai`, which checks in debug builds that they agree).
#[inline]
pub fn best_answer(options: &[DefenseOption]) -> Answer {
    let value = |o: &DefenseOption| o.target - 2 * i32::from(o.kind == DefenseKind::AcrobaticDodge);
    let Some((first, rest)) = options.split_first() else {
        return Answer::NoDefense;
    };
    let (mut best, mut v) = (first, value(first));
    for o in rest {
        let w = value(o);
        if w > v {
            (best, v) = (o, w);
        }
    }
    Answer::Defend {
        kind: best.kind,
        weapon: best.weapon,
    }
}

/// What the defender faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Threat {
    /// The attacker.
    pub attacker: CombatantId,
    /// Where the attack comes from (the attacker's hex, or for a missile
    /// the same: the line of fire enters through that bearing).
    pub from: HexPos,
    /// A missile attack.
    pub ranged: bool,
    /// A thrown weapon (parry allowed, M-DEF-003).
    pub thrown: bool,
    /// The modifier to parry the attacking weapon (M-DEF-003).
    pub parried: i32,
    /// An unarmed or thrusting attack (Boxing's dodge bonus, M-DEF-008).
    pub unarmed_or_thrust: bool,
    /// The hit location (PD depends on it, M-ARM-007).
    pub location: Location,
    /// An All-Out Charge: +2 to Dodge (M-MEL-009).
    pub charge: bool,
    /// A Shield Bash: parry at -2 with a medium or large weapon only (M-MEL-010).
    pub bash: bool,
}

/// Where the attack comes from, as the defender sees it; the defender's
/// own hex (close combat) counts as the front.
pub fn bearing(d: &Fighter, from: HexPos) -> RelativeBearing {
    crate::rules::attack::bearing(d.pos, d.facing, from).unwrap_or(RelativeBearing::Front)
}

/// M-DEF-009, M-ARM-011, M-DEF-012, M-PDF-007: no active defense at all:
/// the defender is out, the attack comes from its rear hex, or its own
/// maneuver gave them up (All-Out Attack, All-Out Charge, Ranged Rapid Attack).
pub fn no_active_defense(d: &Fighter, from: HexPos) -> bool {
    !d.awake() || d.guard.no_active || bearing(d, from) == RelativeBearing::Rear
}

/// The modifiers common to every active defense against `t`.
/// `seen`: where the attack comes from, as [`bearing`] gives it.
#[inline(always)]
fn common<M: Mods>(
    state: &State,
    d: &Fighter,
    pos: HexPos,
    t: &Threat,
    seen: RelativeBearing,
    m: &mut M,
) {
    if matches!(seen, RelativeBearing::Side(_)) {
        m.add("attack from the side", -2, "M-PDF-001");
    }
    if d.stun.is_some() {
        m.add("stunned", -4, "M-PAT-007");
    }
    let posture = match d.posture {
        Posture::Kneeling => -2,
        Posture::Crawling | Posture::Lying => -3,
        _ => 0,
    };
    m.add("posture", posture, "M-PDF-005");
    if d.guard.off_balance {
        m.add("off balance", -2, "M-CRT-002");
    }
    if let Some((by, n, until)) = d.feinted
        && by == t.attacker
        && state.round <= until
    {
        m.add("feinted", -n, "M-MEL-006");
    }
    if d.guard.retreat && d.stun.is_none() {
        m.add("retreat", 3, "M-AOD-005");
    }
    if d.guard.aod == Some(AodKind::SingleFoe)
        && d.guard.single_foe == Some(t.attacker)
        && d.guard.single_bonus
    {
        m.add("Single Foe Defense", 4, "M-AOD-002");
    }
    if !t.ranged {
        // M-PDF-003: a melee attacker 4 ft higher or more.
        let rise =
            crate::rules::attack::height(state, t.from) - crate::rules::attack::height(state, pos);
        let elevation = match rise {
            i32::MIN..=3 => 0,
            4 => -1,
            5 => -2,
            _ => -3,
        };
        m.add("attacker above", elevation, "M-PDF-003");
    }
    let dark = crate::rules::attack::terrain(state, pos, DARKNESS);
    m.add("darkness", -dark, "M-MOD-003");
}

/// The PD added to active defenses (M-ARM-010), by `pd_mode`.
pub fn pd_for_defense(state: &State, d: &Fighter, t: &Threat) -> i32 {
    match state.options.pd_mode {
        PdMode::AddToDefense => total_pd(d, t.from, t.location, true, &state.options),
        PdMode::AttackPenalty | PdMode::Off => 0,
    }
}

/// M-DEF-008: Dodge = floor(DX / 2) − encumbrance (DX halved at 0 HP,
/// M-PAT-009), halved at 1-3 HP (M-PEN-001) and, since the 1-3 HP row
/// nests in the 0 HP row, below that too.
#[inline]
pub fn dodge_score(d: &Fighter) -> i32 {
    let dx = d.stats.dx - dx_lost(d);
    let base = dx / 2 - d.stats.enc;
    if d.hp <= 3 { base / 2 } else { base }
}

/// M-DEF-001: a weapon's parry score: ½ skill, or ⅔ for a quarterstaff or
/// a thrusting sword (Fencing), rounded down; DX lost at 0 HP comes off the skill.
#[inline(always)]
pub fn parry_score(d: &Fighter, i: usize) -> Option<i32> {
    let h = d.weapons.get(i)?;
    let skill = h.skill - dx_lost(d);
    match h.weapon.parry {
        Parry::None => None,
        Parry::Half => Some(skill / 2),
        Parry::TwoThirds => Some(2 * skill / 3),
    }
}

/// M-DEF-002, M-AOD-001/002: how many parries `d` may make against `attacker`.
#[inline(always)]
pub fn parry_limit(d: &Fighter, i: usize, attacker: CombatantId) -> u8 {
    let fencing = d.weapons.get(i).is_some_and(|h| {
        matches!(h.weapon.class, Class::ThrustingSword) && d.skills.fencing.is_some()
    });
    let staff = d
        .weapons
        .get(i)
        .is_some_and(|h| h.weapon.class == Class::Quarterstaff);
    let aod = match d.guard.aod {
        Some(AodKind::MultipleFoe) => true,
        Some(AodKind::SingleFoe) => d.guard.single_foe == Some(attacker),
        _ => false,
    };
    if aod && fencing {
        return u8::MAX;
    }
    let mut n = 1;
    if fencing || staff || aod {
        n = 2;
    }
    if aod && d.advanced_aod {
        n = 3;
    }
    n
}

/// M-AOD-001 (decision `per_prior_foe`): a Fencing user's unlimited
/// parries take -1 for each other foe it has already parried since its turn.
pub fn fencing_foes(d: &Fighter, i: usize, attacker: CombatantId) -> i32 {
    fencing_foes_within(d, parry_limit(d, i, attacker), attacker)
}

/// [`fencing_foes`] from the weapon's parry limit ([`parry_limit`]),
/// for a caller that has it already.
#[inline(always)]
fn fencing_foes_within(d: &Fighter, limit: u8, attacker: CombatantId) -> i32 {
    if limit != u8::MAX {
        return 0;
    }
    let others = d.parried_foes.iter().filter(|&&f| f != attacker).count();
    -i32::try_from(others).unwrap_or(i32::MAX)
}

/// M-DEF-005, M-AOD-001/002: blocks allowed.
#[inline(always)]
pub fn block_limit(d: &Fighter, attacker: CombatantId) -> u8 {
    match d.guard.aod {
        Some(AodKind::MultipleFoe) => 2,
        Some(AodKind::SingleFoe) if d.guard.single_foe == Some(attacker) => 2,
        _ => 1,
    }
}

/// M-DEF-006: the hexes a block covers: after a swing this turn, the
/// front hex and the shield-side front-side hex; after a thrust, the front
/// arc; with no attack, all but the rear.
pub fn block_covers(d: &Fighter, from: HexPos) -> bool {
    block_covers_seen(d, bearing(d, from))
}

/// [`block_covers`] from the attack's bearing ([`bearing`]).
#[inline(always)]
fn block_covers_seen(d: &Fighter, b: RelativeBearing) -> bool {
    match d.guard.swung {
        Some(true) => {
            b == RelativeBearing::Front || b == RelativeBearing::FrontSide(shield_side(d))
        }
        Some(false) => matches!(b, RelativeBearing::Front | RelativeBearing::FrontSide(_)),
        None => b != RelativeBearing::Rear,
    }
}

/// The defenses `defender` may make against `t`, each with its target
/// (score + PD + modifiers), and the PD of the PD-only roll (M-ARM-011).
#[inline(always)]
pub fn options(state: &State, defender: CombatantId, t: &Threat) -> (DefenseOptions, i32) {
    let d = state.fighter(defender);
    options_at(state, defender, t, d.pos, d.facing)
}

/// [`options`] for the defender standing at `pos` facing `facing` (the
/// AI weighs the blows it would meet after a step).
#[inline(always)]
pub fn options_at(
    state: &State,
    defender: CombatantId,
    t: &Threat,
    pos: HexPos,
    facing: fray_core::grid::Facing,
) -> (DefenseOptions, i32) {
    let d = state.fighter(defender);
    let mut out = DefenseOptions::new();
    // M-PDF-007: a surprised figure gets only its armor PD, no shield.
    // Where the attack comes from, worked out once for the PD, the lost
    // defenses, the side attack and the block's arc.
    let raw = crate::rules::attack::bearing(pos, facing, t.from);
    let seen = raw.unwrap_or(RelativeBearing::Front);
    let pd_only = total_pd_seen(d, raw, t.location, !d.surprised, &state.options);
    // As `no_active_defense`.
    if !d.awake() || d.guard.no_active || seen == RelativeBearing::Rear || d.surprised {
        return (out, pd_only);
    }
    // Not surprised here, so the PD-only roll's PD (shield included) is
    // the PD an active defense adds: one sum, not two (M-ARM-010).
    let pd = match state.options.pd_mode {
        PdMode::AddToDefense => pd_only,
        PdMode::AttackPenalty | PdMode::Off => 0,
    };
    let mut base = Total::default();
    common(state, d, pos, t, seen, &mut base);
    let mods = base.0 + pd;
    let brace = d.guard.aod == Some(AodKind::Brace);
    if !brace {
        out.push(dodge_option(d, t, mods));
        weapon_parries(d, t, mods, &mut out);
        bare_hand_parry(d, t, mods, &mut out);
    }
    block_option(d, t, seen, mods, &mut out);
    if !brace {
        acrobatic_dodge(d, t, mods, &mut out);
    }
    (out, pd_only)
}

/// M-DEF-008/009: Dodge (not while bracing, M-AOD-004), Boxing's bonus
/// against unarmed blows and thrusts, +2 against an All-Out Charge
/// (M-MEL-009).
#[inline(always)]
fn dodge_option(d: &Fighter, t: &Threat, mods: i32) -> DefenseOption {
    let mut dodge = dodge_score(d);
    if t.unarmed_or_thrust {
        dodge += d.skills.boxing.map_or(0, |b| b / 10);
    }
    if t.charge {
        // M-MEL-009: +2 to Dodge an All-Out Charge.
        dodge += 2;
    }
    DefenseOption {
        kind: DefenseKind::Dodge,
        weapon: None,
        target: dodge + mods,
    }
}

/// M-DEF-001..003: Parry with each ready melee weapon (not while
/// bracing), a sound weapon arm free of holds, within each weapon's limit.
#[inline(always)]
fn weapon_parries(d: &Fighter, t: &Threat, mods: i32, out: &mut DefenseOptions) {
    if d.is_crippled(Limb::WeaponArm) || d.is_crippled(Limb::WeaponHand) || d.held_by.is_some() {
        return;
    }
    for (i, h) in d.weapons.iter().enumerate() {
        if !h.ready || h.lost || h.weapon.ranged() {
            continue;
        }
        if t.ranged && !t.thrown {
            continue;
        }
        let limit = parry_limit(d, i, t.attacker);
        if d.guard.parries >= limit {
            continue;
        }
        let Some(score) = parry_score(d, i) else {
            continue;
        };
        // M-MEL-010: small weapons cannot parry a shield bash.
        if t.bash && matches!(h.weapon.size, Size::VerySmall | Size::Small) {
            continue;
        }
        let small = if h.weapon.size == Size::VerySmall {
            -1
        } else {
            0
        };
        out.push(DefenseOption {
            kind: DefenseKind::Parry,
            weapon: Some(i as u8),
            target: score + small + t.parried + mods + fencing_foes_within(d, limit, t.attacker),
        });
    }
}

/// M-LOC-002 (decision): with no melee weapon to parry with, a bare-handed
/// parry at half the best of DX, Brawling and Boxing, against melee only.
#[inline(always)]
fn bare_hand_parry(d: &Fighter, t: &Threat, mods: i32, out: &mut DefenseOptions) {
    if !t.ranged
        && d.strikes_with(crate::model::action::Unarmed::Punch)
        && !out.iter().any(|o| o.kind == DefenseKind::Parry)
        && d.held_by.is_none()
        && !d.is_crippled(Limb::WeaponArm)
        && !d.is_crippled(Limb::WeaponHand)
        && d.guard.parries < 1 + u8::from(d.guard.aod.is_some())
        && !d
            .weapons
            .iter()
            .any(|h| h.ready && !h.lost && !h.weapon.ranged())
    {
        let best = d
            .stats
            .dx
            .max(d.skills.brawling.unwrap_or(0))
            .max(d.skills.boxing.unwrap_or(0));
        out.push(DefenseOption {
            kind: DefenseKind::Parry,
            weapon: None,
            target: (best - dx_lost(d)) / 2 + mods,
        });
    }
}

/// M-DEF-005/006, M-ARM-009: Block with a ready shield, within the
/// block's limit and arc. The cheap tests first: `shield_usable` scans
/// the weapons.
#[inline(always)]
fn block_option(
    d: &Fighter,
    t: &Threat,
    seen: RelativeBearing,
    mods: i32,
    out: &mut DefenseOptions,
) {
    if d.guard.blocks < block_limit(d, t.attacker) && block_covers_seen(d, seen) && shield_usable(d)
    {
        let skill = d.skills.shield.unwrap_or(d.stats.dx - 4) - dx_lost(d);
        out.push(DefenseOption {
            kind: DefenseKind::Block,
            weapon: None,
            target: skill + mods,
        });
    }
}

/// M-DEF-010: Acrobatic Dodge, melee only, once a round (not while
/// bracing).
#[inline(always)]
fn acrobatic_dodge(d: &Fighter, t: &Threat, mods: i32, out: &mut DefenseOptions) {
    if let Some(acro) = d.skills.acrobatics
        && !t.ranged
        && !d.guard.acrobatic
    {
        out.push(DefenseOption {
            kind: DefenseKind::AcrobaticDodge,
            weapon: None,
            target: acro - 1 + mods,
        });
    }
}

/// The terms of a defense option's target, each with its rule, for the
/// narration: the defense's score (M-DEF-001/005/008/010, M-LOC-002) and
/// its own modifiers, the PD added (M-ARM-010, by [`pd_terms`]) and the
/// modifiers every defense shares. Their sum is `o.target` as [`options`]
/// gives it.
pub fn option_terms<M: Mods>(
    state: &State,
    defender: CombatantId,
    t: &Threat,
    o: &DefenseOption,
    m: &mut M,
) {
    let d = state.fighter(defender);
    let raw = crate::rules::attack::bearing(d.pos, d.facing, t.from);
    let seen = raw.unwrap_or(RelativeBearing::Front);
    score_terms(d, t, o, m);
    if state.options.pd_mode == PdMode::AddToDefense {
        pd_terms(d, raw, t.location, !d.surprised, &state.options, m);
    }
    common(state, d, d.pos, t, seen, m);
}

/// The score of a defense option and its own modifiers ([`option_terms`]).
fn score_terms<M: Mods>(d: &Fighter, t: &Threat, o: &DefenseOption, m: &mut M) {
    let lost = dx_lost(d);
    match (o.kind, o.weapon) {
        (DefenseKind::Dodge, _) => {
            m.add("DX/2", d.stats.dx / 2, "M-DEF-008");
            m.add(
                "DX halved (0 HP or exhausted)",
                (d.stats.dx - lost) / 2 - d.stats.dx / 2,
                "M-PAT-009",
            );
            m.add("encumbrance", -d.stats.enc, "M-DEF-008");
            let base = (d.stats.dx - lost) / 2 - d.stats.enc;
            m.add("1-3 HP: Dodge halved", dodge_score(d) - base, "M-PEN-001");
            if t.unarmed_or_thrust {
                m.add(
                    "Boxing/10",
                    d.skills.boxing.map_or(0, |b| b / 10),
                    "M-DEF-008",
                );
            }
            if t.charge {
                m.add("dodging an All-Out Charge", 2, "M-MEL-009");
            }
        }
        (DefenseKind::Parry, Some(i)) => {
            let i = usize::from(i);
            let Some(h) = d.weapons.get(i) else { return };
            let (label, whole) = match h.weapon.parry {
                Parry::TwoThirds => ("⅔ weapon skill", 2 * h.skill / 3),
                _ => ("½ weapon skill", h.skill / 2),
            };
            m.add(label, whole, "M-DEF-001");
            let score = parry_score(d, i).unwrap_or(whole);
            m.add("DX halved (0 HP or exhausted)", score - whole, "M-PAT-009");
            if h.weapon.size == Size::VerySmall {
                m.add("very small weapon", -1, "M-DEF-003");
            }
            let parried = if t.bash {
                "parrying a shield bash"
            } else if t.thrown {
                "parrying a thrown weapon"
            } else {
                "parrying that weapon"
            };
            m.add(
                parried,
                t.parried,
                if t.bash { "M-MEL-010" } else { "M-DEF-003" },
            );
            m.add(
                "other foes parried (Fencing)",
                fencing_foes(d, i, t.attacker),
                "M-AOD-001",
            );
        }
        (DefenseKind::Parry, None) => {
            let best = d
                .stats
                .dx
                .max(d.skills.brawling.unwrap_or(0))
                .max(d.skills.boxing.unwrap_or(0));
            m.add(
                "½ DX, Brawling or Boxing, bare-handed",
                best / 2,
                "M-LOC-002",
            );
            m.add(
                "DX halved (0 HP or exhausted)",
                (best - lost) / 2 - best / 2,
                "M-PAT-009",
            );
        }
        (DefenseKind::Block, _) => {
            match d.skills.shield {
                Some(s) => m.add("Shield skill", s, "M-DEF-005"),
                None => m.add("DX - 4 (no Shield skill)", d.stats.dx - 4, "M-DEF-005"),
            };
            m.add("DX halved (0 HP or exhausted)", -lost, "M-PAT-009");
        }
        (DefenseKind::AcrobaticDodge, _) => {
            m.add("Acrobatics", d.skills.acrobatics.unwrap_or(0), "M-DEF-010");
            m.add("Acrobatic Dodge", -1, "M-DEF-010");
        }
    }
}
