//! Derived values (DQ-00-005): modAG and modMD, TMR, IV, strike chance,
//! Defense, damage modifiers. Pure functions of the state, no dice.

use crate::model::data::{Category, Weapon};
use crate::model::options::{DamageBonus, EvadeDefense, ShieldArc};
use crate::model::state::{Figure, Held, State};
use fray_core::CombatantId;

/// DQ-00-002: modAG = AG + armor and shield AG modifiers + lodged weapons
/// (DQ-20-008, DQ-20-009), computed when needed and clamped at 0.
pub fn mod_ag(f: &Figure) -> i32 {
    let armor = f.armor.map_or(0, |a| a.ag_mod);
    let shield = f.shield.filter(|_| f.shield_ready).map_or(0, |s| s.ag_mod);
    let lodged: i32 = f.status.lodged.iter().map(|&(_, p)| p).sum();
    (f.stats.ag + armor + shield - lodged).max(0)
}

/// DQ-00-002: modMD (no modifier lowers MD in this engine yet), at least 0.
pub fn mod_md(f: &Figure) -> i32 {
    f.stats.md.max(0)
}

/// DQ-00-004: TMR, the template's or the placeholder ceil(modAG / 5).
pub fn base_tmr(f: &Figure, sheet_tmr: Option<i32>) -> i32 {
    sheet_tmr.unwrap_or_else(|| (mod_ag(f) + 4) / 5)
}

/// Which per-action TMR adjustment list an action is on (DQ-15-001, DQ-15-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Melee Attack.
    Attack,
    /// Evade.
    Evade,
    /// Retreat.
    Retreat,
    /// Pass.
    Pass,
    /// Withdraw.
    Withdraw,
    /// Charge with a pole weapon.
    PoleCharge,
    /// Anything else (a plain Move, a charge with another weapon...).
    Other,
}

/// DQ-15-001, DQ-15-002: the ±1 TMR of low and high modAG for this kind of
/// action (the two printed lists kept as they are).
pub fn ag_tmr_mod(f: &Figure, kind: MoveKind, very_high_bonus: bool) -> i32 {
    let ag = mod_ag(f);
    use MoveKind::*;
    if ag <= 8 && matches!(kind, Attack | Evade | Retreat | Pass | PoleCharge) {
        -1
    } else if (22..=25).contains(&ag) || (ag >= 26 && very_high_bonus) {
        i32::from(matches!(kind, Attack | Evade | Withdraw | Pass | Retreat))
    } else {
        0
    }
}

/// DQ-14-015, DQ-14-003: half of `tmr`, rounded down, at least one hex.
pub fn half(tmr: i32, min_one: bool) -> i32 {
    let h = tmr.div_euclid(2);
    if min_one { h.max(1) } else { h.max(0) }
}

/// DQ-14-015: the "½ TMR" allowances under the scenario's options: rounded
/// down (default) or to the nearest hex, halves up (`movement_rounding =
/// "nearest"`), at least one hex unless `min_one_hex` is off.
pub fn half_of(options: &crate::model::options::Options, tmr: i32) -> i32 {
    let tmr = match options.movement_rounding {
        crate::model::options::Rounding::Floor => tmr,
        crate::model::options::Rounding::Nearest => tmr + 1,
    };
    half(tmr, options.min_one_hex)
}

/// DQ-14-006: crawling at a quarter of TMR, rounded down, at least one hex.
pub fn crawl(tmr: i32) -> i32 {
    tmr.div_euclid(4).max(1)
}

/// The rank a figure has with its prepared weapon (DQ-12-005): the Unarmed
/// Combat rank with empty hands, `None` when unranked.
pub fn rank(f: &Figure) -> Option<u8> {
    match f.weapon() {
        Some(h) => h.rank,
        None => f.unarmed_rank,
    }
}

/// DQ-12-005: IV = modAG + PC + rank with the prepared weapon (0 unranked).
/// (`initiative::iv_key` sums the same terms with its modAG kept.)
pub fn iv(f: &Figure) -> i32 {
    mod_ag(f) + f.stats.pc + i32::from(rank(f).unwrap_or(0))
}

/// The weapon a figure strikes with: the prepared one, or bare hands.
pub fn weapon_of<'a>(state: &'a State, f: &'a Figure) -> &'a Weapon {
    let _ = state;
    f.weapon().map_or(unarmed(), |h| h.weapon)
}

/// Bare hands from the bundled armory (DQ-21-002).
pub fn unarmed() -> &'static Weapon {
    static FALLBACK: std::sync::OnceLock<Weapon> = std::sync::OnceLock::new();
    match crate::model::data::bundled() {
        Ok(a) => &a.unarmed,
        // Bundled data that does not load is a build defect its tests catch;
        // bare hands are the same without it.
        Err(_) => FALLBACK.get_or_init(crate::model::data::unarmed),
    }
}

/// The terms of a strike chance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chance {
    /// The base chance (the weapon's, the attack type's, or unarmed 2 × modAG + PS bonus).
    pub base: i32,
    /// DQ-20-002: -5 per point of MD under the minimum.
    pub md_short: i32,
    /// modMD, when ranked (DQ-17-001).
    pub md: i32,
    /// 4 × rank, when ranked (DQ-17-001).
    pub rank: i32,
}

impl Chance {
    /// SC = the sum.
    pub fn total(&self) -> i32 {
        self.base + self.md_short + self.md + self.rank
    }
}

/// DQ-21-002: unarmed base chance = 2 × modAG, +1 per point of PS over 15.
pub fn unarmed_base(f: &Figure) -> i32 {
    2 * mod_ag(f) + (f.stats.ps - 15).max(0)
}

/// DQ-17-001, DQ-17-002, DQ-20-002, DQ-21-002: the strike chance of `f`
/// with `w` at `rank`, with `base` replacing the weapon's where the attack
/// type gives its own (DQ-16-008).
pub fn strike_chance(f: &Figure, w: &Weapon, rank: Option<u8>, base: Option<i32>) -> Chance {
    let weapon_base = if w.category == Category::Unarmed {
        unarmed_base(f)
    } else {
        w.base_chance
    };
    let md = mod_md(f);
    Chance {
        base: base.unwrap_or(weapon_base),
        md_short: -5 * (w.md_min - md).max(0),
        md: rank.map_or(0, |_| md),
        rank: rank.map_or(0, |r| 4 * i32::from(r)),
    }
}

/// Where an attack comes from, as the defender sees it (DQ-17-010, DQ-17-011).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quarter {
    /// The hex straight ahead or the shield-side front hex.
    ShieldFront,
    /// Another front or flank direction.
    Front,
    /// A rear hex, or a ranged attack from outside the Ranged Zone.
    Rear,
}

/// The terms of a Defense (DQ-17-003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Defense {
    /// modAG.
    pub ag: i32,
    /// The shield's bonus where it applies.
    pub shield: i32,
    /// DQ-13-005: Evade's bonus.
    pub evade: i32,
    /// DQ-13-008: Defensive posture's +20.
    pub posture: i32,
}

impl Defense {
    /// The sum.
    pub fn total(&self) -> i32 {
        self.ag + self.shield + self.evade + self.posture
    }
}

/// DQ-17-003, DQ-17-010, DQ-17-011, DQ-17-012, DQ-13-005, DQ-13-008: the
/// defender's Defense against an attack from `from`. Inlined into the
/// strike chance, its one caller: returned through memory, its four terms
/// were stored one by one and read back at once as a block, a stall at
/// every strike (issue 38).
#[inline(always)]
pub fn defense(state: &State, d: &Figure, from: Quarter) -> Defense {
    if d.helpless() {
        return Defense::default();
    }
    let ag = mod_ag(d);
    let shield_counts = match (state.options.shield_arc, from) {
        (_, Quarter::Rear) => false,
        (ShieldArc::NotRear, _) => true,
        (ShieldArc::FrontAndShieldSide, q) => q == Quarter::ShieldFront,
    };
    let shield = match d.shield {
        Some(s) if d.shield_ready && shield_counts => s.defense,
        _ => 0,
    };
    let surprised = d.status.surprised;
    let evade = if d.status.evading && !surprised {
        match state.options.evade_defense_bonus {
            EvadeDefense::AgilityAgain => ag,
            EvadeDefense::Fixed(n) => n,
            EvadeDefense::None => 0,
        }
    } else {
        0
    };
    let posture = if d.status.defensive && !surprised {
        20
    } else {
        0
    };
    Defense {
        ag,
        shield,
        evade,
        posture,
    }
}

/// The terms of a damage check beyond the D10.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DamageMod {
    /// The weapon's (or attack type's) modifier.
    pub weapon: i32,
    /// DQ-20-001: -1 per point of PS under the minimum.
    pub ps_short: i32,
    /// DQ-21-003: +1 per full 3 points of PS over 15, unarmed.
    pub unarmed_ps: i32,
    /// DQ-18-008, DQ-18-009: the optional bonus.
    pub bonus: i32,
}

impl DamageMod {
    /// The sum.
    pub fn total(&self) -> i32 {
        self.weapon + self.ps_short + self.unarmed_ps + self.bonus
    }
}

/// DQ-18-008: +1 per full 5 PS over the minimum (not for missile or thrown use).
pub fn ps_bonus(f: &Figure, w: &Weapon, ranged: bool) -> i32 {
    if ranged || matches!(w.category, Category::Missile | Category::Thrown) {
        0
    } else {
        (f.stats.ps - w.ps_min).max(0) / 5
    }
}

/// DQ-18-009: +1 per full 4 ranks.
pub fn rank_bonus(rank: Option<u8>) -> i32 {
    i32::from(rank.unwrap_or(0)) / 4
}

/// DQ-18-010: the one bonus system a weapon uses, with the points it adds
/// to breakage (DQ-18-008's +6% per point, PS system only).
pub fn damage_bonus(
    system: DamageBonus,
    f: &Figure,
    w: &Weapon,
    rank: Option<u8>,
    ranged: bool,
) -> (i32, i32) {
    let ps = ps_bonus(f, w, ranged);
    let rk = rank_bonus(rank);
    match system {
        DamageBonus::Off => (0, 0),
        DamageBonus::Ps => (ps, ps),
        DamageBonus::Rank => (rk, 0),
        DamageBonus::BestOf if ps > rk => (ps, ps),
        DamageBonus::BestOf => (rk, 0),
    }
}

/// DQ-20-001, DQ-21-003, DQ-18-008..010: the damage modifier of `f`
/// striking with `w` (the attack type's modifier in `weapon` if it has one).
pub fn damage_mod(
    state: &State,
    f: &Figure,
    w: &Weapon,
    rank: Option<u8>,
    weapon: Option<i32>,
    ranged: bool,
) -> DamageMod {
    let unarmed = w.category == Category::Unarmed;
    DamageMod {
        weapon: weapon.unwrap_or(w.damage),
        ps_short: -(w.ps_min - f.stats.ps).max(0),
        unarmed_ps: if unarmed && weapon.is_none() {
            (f.stats.ps - 15).max(0) / 3
        } else {
            0
        },
        bonus: damage_bonus(state.options.damage_bonus_system, f, w, rank, ranged).0,
    }
}

/// DQ-18-001, DQ-20-003: a damage check below 1 counts as 1.
pub fn damage_check(d10: i32, modifier: i32) -> i32 {
    (d10 + modifier).max(1)
}

/// The protection a figure's armor gives now (DQ-00-011, DQ-18-005).
pub fn protection(f: &Figure) -> i32 {
    (f.armor.map_or(0, |a| a.protection) - f.armor_damage).max(0) + f.natural_armor
}

/// DQ-19-003: an attack stuns when its effective damage is more than a
/// third of the original EN (`3 × damage > EN`).
pub fn stuns(damage: i32, original_en: i32) -> bool {
    3 * damage > original_en
}

/// DQ-19-006: the recovery chance, 2 × (WP + current FT).
pub fn recovery_chance(f: &Figure) -> i32 {
    2 * (f.stats.wp + f.ft)
}

/// DQ-17-005: the chance to avoid a mishap, 3 × modMD, less DQ-18-008's
/// 6 per point of PS damage bonus after a 99.
pub fn mishap_avoid(f: &Figure, breakage: i32) -> i32 {
    3 * mod_md(f) - 6 * breakage
}

/// Whether `h` can be used to parry (DQ-17-009: a prepared weapon).
pub fn parry_rank(f: &Figure) -> Option<i32> {
    f.weapon().map(|h: &Held| i32::from(h.rank.unwrap_or(0)))
}

/// Whether `a` is a ranked fighter with its prepared weapon, for events.
pub fn ranked(state: &State, a: CombatantId) -> bool {
    rank(state.fig(a)).is_some()
}
