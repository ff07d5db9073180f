//! PD and DR at a hit location (M-ARM).

use crate::model::data::Hand;
use crate::model::location::{DamageType, Limb, Location};
use crate::model::options::{LayeredDr, Options, ShieldPdArc};
use crate::model::state::Fighter;
use fray_core::grid::{HexPos, RelativeBearing, Side};

/// M-ARM-002/003: the armor PD at `loc`: the highest layer covering it,
/// or the innate PD where no armor covers the location.
#[inline]
pub fn armor_pd(f: &Fighter, loc: Location) -> i32 {
    f.armor.pd(loc.cover()).unwrap_or(f.innate_pd)
}

/// M-ARM-006, M-ARM-008, M-CKS-006: the DR at `loc` against `kind`:
/// innate + armor (layers summed, or the highest with `layered_dr =
/// highest`, M-ARM-003) + magical, at every location. Body armor never
/// covers the head group: the data lists helms alone for it.
#[inline]
pub fn dr_at(f: &Fighter, loc: Location, kind: DamageType, opts: &Options) -> i32 {
    let mut armor = 0;
    dr_layers(f, loc, kind, |_, dr| {
        armor = match opts.layered_dr {
            LayeredDr::Sum => armor + dr,
            LayeredDr::Highest => armor.max(dr),
        };
    });
    f.innate_dr + armor + f.magic_dr
}

/// Each armor layer's DR at `loc` against `kind`, with the layer's name
/// ([`dr_at`] combines them; the narration names them).
#[inline]
pub fn dr_layers(f: &Fighter, loc: Location, kind: DamageType, mut each: impl FnMut(&str, i32)) {
    let cover = loc.cover();
    for a in f.armor.iter().filter(|a| a.covers.contains(&cover)) {
        // M-LOC-003: the "eyes through a helm" shot ignores the helm.
        if loc == Location::EyesThroughHelm && a.helm {
            continue;
        }
        each(&a.name, a.dr.against(kind));
    }
}

/// The shield's side: the left arm for a right-handed figure.
#[inline]
pub fn shield_side(f: &Fighter) -> Side {
    match f.hand {
        Hand::Right => Side::Left,
        Hand::Left => Side::Right,
    }
}

/// The figure's weapon in two hands (M-ARM-009): a ready, held weapon
/// that needs both hands.
#[inline(always)]
pub fn two_handed_grip(f: &Fighter) -> bool {
    // A plain loop: the iterator's `any` stayed a call of its own.
    for w in &f.weapons {
        if w.ready && !w.lost && w.weapon.hands >= 2 && !w.weapon.ranged() {
            return true;
        }
    }
    f.weapons
        .first()
        .is_some_and(|w| w.weapon.ranged() && w.weapon.hands >= 2 && !w.lost)
}

/// The shield can be brought to bear: ready on the arm (M-DAT-007), the
/// arm not crippled, and no two-handed grip (M-ARM-009).
#[inline(always)]
pub fn shield_usable(f: &Fighter) -> bool {
    f.ready_shield().is_some() && !f.is_crippled(Limb::ShieldArm) && !two_handed_grip(f)
}

/// M-ARM-004, M-PDF-004: whether an attack coming from `from` is in the
/// shield's PD arc: the front-side hex on the shield's side (or, with
/// `shield_pd_arc = front_and_shield_side`, any front hex too).
pub fn in_shield_arc(f: &Fighter, from: HexPos, opts: &Options) -> bool {
    in_shield_arc_seen(
        f,
        crate::rules::attack::bearing(f.pos, f.facing, from),
        opts,
    )
}

/// [`in_shield_arc`] from the attack's bearing as the figure sees it
/// (`None` from its own hex), for a caller that has it already.
#[inline(always)]
pub fn in_shield_arc_seen(f: &Fighter, seen: Option<RelativeBearing>, opts: &Options) -> bool {
    let side = shield_side(f);
    match seen {
        Some(RelativeBearing::FrontSide(s)) if s == side => true,
        Some(RelativeBearing::Front | RelativeBearing::FrontSide(_)) => {
            opts.shield_pd_arc == ShieldPdArc::FrontAndShieldSide
        }
        Some(RelativeBearing::Side(s)) if s == side => {
            opts.shield_pd_arc == ShieldPdArc::FrontAndShieldSide
        }
        _ => false,
    }
}

/// M-ARM-010: total PD against one attack from `from` at `loc`: the PD of
/// the armor worn there (M-ARM-001) or innate PD + the shield's PD from its
/// arc when usable (`shield` false when surprised, M-PDF-007) + magical PD,
/// at every location (M-ARM-005, M-ARM-008) - 2 per crippled arm
/// (M-PAT-005), at least 0.
pub fn total_pd(f: &Fighter, from: HexPos, loc: Location, shield: bool, opts: &Options) -> i32 {
    let seen = crate::rules::attack::bearing(f.pos, f.facing, from);
    total_pd_seen(f, seen, loc, shield, opts)
}

/// [`total_pd`] from the attack's bearing as the figure sees it (`None`
/// from its own hex), for a caller that has it already.
#[inline(always)]
pub fn total_pd_seen(
    f: &Fighter,
    seen: Option<RelativeBearing>,
    loc: Location,
    shield: bool,
    opts: &Options,
) -> i32 {
    let mut pd = armor_pd(f, loc) + f.magic_pd;
    // The arc first: it reads only the bearing, while `shield_usable`
    // scans the weapons for a two-handed grip.
    if shield
        && in_shield_arc_seen(f, seen, opts)
        && shield_usable(f)
        && let Some(s) = f.ready_shield()
    {
        pd += s.pd;
    }
    for limb in [Limb::WeaponArm, Limb::ShieldArm] {
        if f.is_crippled(limb) {
            pd -= 2;
        }
    }
    pd.max(0)
}

/// The terms of [`total_pd_seen`], each with its rule, for the narration
/// (their sum is the PD): armor PD (the highest layer, M-ARM-003) or
/// innate PD (M-ARM-002), magical PD (M-ARM-005), the shield's PD from
/// its arc (M-ARM-004), -2 per crippled arm (M-PAT-005), and what brings
/// a negative sum back to 0 (M-ARM-010).
pub fn pd_terms<M: fray_core::Mods>(
    f: &Fighter,
    seen: Option<RelativeBearing>,
    loc: Location,
    shield: bool,
    opts: &Options,
    m: &mut M,
) {
    let mut sum = 0;
    let mut add = |m: &mut M, label, v: i32, rule| {
        sum += v;
        m.add(label, v, rule);
    };
    match f.armor.pd(loc.cover()) {
        Some(p) => add(m, "armor PD", p, "M-ARM-003"),
        None => add(m, "innate PD", f.innate_pd, "M-ARM-002"),
    }
    add(m, "magical PD", f.magic_pd, "M-ARM-005");
    if shield
        && in_shield_arc_seen(f, seen, opts)
        && shield_usable(f)
        && let Some(s) = f.ready_shield()
    {
        add(m, "shield PD", s.pd, "M-ARM-004");
    }
    for limb in [Limb::WeaponArm, Limb::ShieldArm] {
        if f.is_crippled(limb) {
            add(m, "crippled arm", -2, "M-PAT-005");
        }
    }
    if sum < 0 {
        m.add("PD at least 0", -sum, "M-ARM-010");
    }
}
