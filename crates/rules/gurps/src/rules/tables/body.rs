//! The random hit-location tables of the body types (G-LOC-001, G-LOC-006
//! decision): one `const` row per 3d total, 3 to 18, so a lookup is an
//! index and nothing is built in a fight.
//!
//! The humanoid rows are the summary's (G-LOC-001; `hit_table = "basic"`
//! reads 11 as the groin). The others are the Basic Set's tables for
//! non-humanoid bodies (B552), as GCS writes them in a character's
//! `settings.body_type`: a wolf is struck on forelegs and hindlegs, never
//! on arms. A sided row (legs, wings, feet) takes the side die the
//! humanoid table already rolls for hands and feet: odd is right.

use crate::model::location::{BodyType, HitTable, Location};

/// One row of a table: a location, or a pair told apart by the side die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// Always this location.
    One(Location),
    /// Right on an odd side die, left on an even one.
    Sided(Location, Location),
}

impl Row {
    /// The location for a side die (1-6, odd = right).
    #[inline]
    pub fn pick(self, side_die: i32) -> Location {
        match self {
            Row::One(l) => l,
            Row::Sided(right, _) if side_die % 2 == 1 => right,
            Row::Sided(_, left) => left,
        }
    }

    /// Whether the row needs the side die.
    #[inline]
    pub fn is_sided(self) -> bool {
        matches!(self, Row::Sided(..))
    }
}

/// A table: the rows for 3d totals 3 to 18, in order.
pub type Table = [Row; 16];

use Location::*;
use Row::{One, Sided};

const HAND: Row = Sided(RightHand, LeftHand);
const FOOT: Row = Sided(RightFoot, LeftFoot);
const FORELEG: Row = Sided(RightForeleg, LeftForeleg);
const MIDLEG: Row = Sided(RightMidleg, LeftMidleg);
const HINDLEG: Row = Sided(RightHindleg, LeftHindleg);
const WING: Row = Sided(RightWing, LeftWing);
const LEG: Row = Sided(RightLeg, LeftLeg);
const ARM: Row = Sided(RightArm, LeftArm);

/// G-LOC-001: the summary's humanoid table (9-11 chest).
pub const HUMANOID: Table = [
    One(Skull),
    One(Skull),
    One(Face),
    One(RightLeg),
    One(RightLeg),
    One(RightArm),
    One(Torso),
    One(Torso),
    One(Torso),
    One(LeftArm),
    One(LeftLeg),
    One(LeftLeg),
    HAND,
    FOOT,
    One(Neck),
    One(Neck),
];

/// G-LOC-001 decision `hit_table = "basic"`: 11 is the groin (B552).
pub const HUMANOID_BASIC: Table = {
    let mut t = HUMANOID;
    t[11 - 3] = One(Groin);
    t
};

/// B552 quadruped (a wolf, a bear, a horse).
pub const QUADRUPED: Table = [
    One(Skull),
    One(Skull),
    One(Face),
    One(Neck),
    FORELEG,
    FORELEG,
    One(Torso),
    One(Torso),
    One(Torso),
    One(Groin),
    HINDLEG,
    HINDLEG,
    FOOT,
    FOOT,
    One(Tail),
    One(Tail),
];

/// B552 winged quadruped (a griffin, a dragon): 12 is a wing.
pub const WINGED_QUADRUPED: Table = {
    let mut t = QUADRUPED;
    t[12 - 3] = WING;
    t
};

/// B552 hexapod (a giant insect).
pub const HEXAPOD: Table = [
    One(Skull),
    One(Skull),
    One(Neck),
    One(Face),
    FORELEG,
    FORELEG,
    One(Torso),
    One(Torso),
    MIDLEG,
    One(Groin),
    HINDLEG,
    HINDLEG,
    FOOT,
    FOOT,
    MIDLEG,
    MIDLEG,
];

/// B552 winged hexapod: 12 a wing, 15-16 midlegs, 17-18 feet.
pub const WINGED_HEXAPOD: Table = {
    let mut t = HEXAPOD;
    t[12 - 3] = WING;
    t[15 - 3] = MIDLEG;
    t[16 - 3] = MIDLEG;
    t[17 - 3] = FOOT;
    t[18 - 3] = FOOT;
    t
};

/// B552 vermiform (a snake, a worm): head, a long neck, the rest torso.
pub const VERMIFORM: Table = [
    One(Skull),
    One(Skull),
    One(Face),
    One(Neck),
    One(Neck),
    One(Neck),
    One(Torso),
    One(Torso),
    One(Torso),
    One(Torso),
    One(Torso),
    One(Torso),
    One(Torso),
    One(Torso),
    One(Torso),
    One(Torso),
];

/// B552 winged vermiform (a wyvern-like serpent): 15-18 wings.
pub const WINGED_VERMIFORM: Table = {
    let mut t = VERMIFORM;
    t[15 - 3] = WING;
    t[16 - 3] = WING;
    t[17 - 3] = WING;
    t[18 - 3] = WING;
    t
};

/// B552 serpentoid (a naga's lower body): 17-18 the tail.
pub const SERPENTOID: Table = {
    let mut t = VERMIFORM;
    t[17 - 3] = One(Tail);
    t[18 - 3] = One(Tail);
    t
};

/// B552 avian (a bird): wings, two legs, feet and a tail.
pub const AVIAN: Table = [
    One(Skull),
    One(Skull),
    One(Face),
    One(Neck),
    WING,
    WING,
    One(Torso),
    One(Torso),
    One(Torso),
    One(Groin),
    LEG,
    LEG,
    FOOT,
    FOOT,
    One(Tail),
    One(Tail),
];

/// B552 centaur: a horse's legs, a man's arms and hands.
pub const CENTAUR: Table = [
    One(Skull),
    One(Skull),
    One(Neck),
    One(Face),
    FORELEG,
    FORELEG,
    One(Torso),
    One(Torso),
    One(Torso),
    One(Groin),
    HINDLEG,
    HINDLEG,
    ARM,
    ARM,
    HAND,
    HAND,
];

/// The table a body is struck on (G-LOC-001, G-LOC-006 decision).
#[inline]
pub fn table(body: BodyType, hit_table: HitTable) -> &'static Table {
    match body {
        BodyType::Humanoid if hit_table == HitTable::Basic => &HUMANOID_BASIC,
        BodyType::Humanoid => &HUMANOID,
        BodyType::Quadruped => &QUADRUPED,
        BodyType::WingedQuadruped => &WINGED_QUADRUPED,
        BodyType::Hexapod => &HEXAPOD,
        BodyType::WingedHexapod => &WINGED_HEXAPOD,
        BodyType::Vermiform => &VERMIFORM,
        BodyType::WingedVermiform => &WINGED_VERMIFORM,
        BodyType::Serpentoid => &SERPENTOID,
        BodyType::Avian => &AVIAN,
        BodyType::Centaur => &CENTAUR,
    }
}

/// The row for a 3d total (3 to 18; out of range reads as the nearest end).
#[inline]
pub fn row(body: BodyType, hit_table: HitTable, roll: i32) -> Row {
    table(body, hit_table)[(roll.clamp(3, 18) - 3) as usize]
}

/// A set of locations as bits, one per [`Location::index`].
pub type LocationSet = u32;

const fn bit(l: Location) -> LocationSet {
    1 << (l as u32)
}

/// The locations a table's rows name.
const fn rows_of(t: &Table) -> LocationSet {
    let mut set = 0;
    let mut i = 0;
    while i < t.len() {
        set |= match t[i] {
            One(l) => bit(l),
            Sided(r, l) => bit(r) | bit(l),
        };
        i += 1;
    }
    set
}

/// Locations struck only by aiming (G-LOC-001): the eyes and the vitals on
/// every body; a humanoid's groin too (the summary's table has no groin row).
const AIMED_ONLY: LocationSet = bit(Eye) | bit(Vitals);

/// The locations of each body, in [`BodyType`] order: its table's rows and
/// the eyes and vitals.
const LOCATIONS: [LocationSet; BodyType::COUNT] = [
    rows_of(&HUMANOID) | AIMED_ONLY | bit(Groin),
    rows_of(&QUADRUPED) | AIMED_ONLY,
    rows_of(&WINGED_QUADRUPED) | AIMED_ONLY,
    rows_of(&HEXAPOD) | AIMED_ONLY,
    rows_of(&WINGED_HEXAPOD) | AIMED_ONLY,
    rows_of(&VERMIFORM) | AIMED_ONLY,
    rows_of(&WINGED_VERMIFORM) | AIMED_ONLY,
    rows_of(&SERPENTOID) | AIMED_ONLY,
    rows_of(&AVIAN) | AIMED_ONLY,
    rows_of(&CENTAUR) | AIMED_ONLY,
];

/// Whether a body has a location at all (G-LOC-006 decision): a wolf has
/// no arms and no hands, a snake no limbs.
#[inline]
pub fn has(body: BodyType, loc: Location) -> bool {
    LOCATIONS[body as usize] & bit(loc) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rolls(body: BodyType, side: i32) -> Vec<Location> {
        (3..=18)
            .map(|r| row(body, HitTable::Summary, r).pick(side))
            .collect()
    }

    #[test]
    fn quadruped_rows_follow_the_basic_set() {
        // rule: G-LOC-006 (decision: B552's quadruped table)
        assert_eq!(
            rolls(BodyType::Quadruped, 1),
            [
                Skull,
                Skull,
                Face,
                Neck,
                RightForeleg,
                RightForeleg,
                Torso,
                Torso,
                Torso,
                Groin,
                RightHindleg,
                RightHindleg,
                RightFoot,
                RightFoot,
                Tail,
                Tail
            ]
        );
        assert_eq!(
            row(BodyType::Quadruped, HitTable::Summary, 7).pick(2),
            LeftForeleg
        );
        assert!(!has(BodyType::Quadruped, RightArm) && !has(BodyType::Quadruped, LeftHand));
        assert!(has(BodyType::Quadruped, Tail) && has(BodyType::Quadruped, Vitals));
    }

    #[test]
    fn humanoid_rows_are_the_summary_and_the_basic_set() {
        // rule: G-LOC-001
        for roll in 3..=18 {
            for side in 1..=6 {
                for t in [HitTable::Summary, HitTable::Basic] {
                    assert_eq!(
                        row(BodyType::Humanoid, t, roll).pick(side),
                        crate::rules::location::random_location(roll, side, t),
                        "{roll} {side} {t:?}"
                    );
                }
            }
            assert_eq!(
                row(BodyType::Humanoid, HitTable::Summary, roll).is_sided(),
                crate::rules::location::needs_side_die(roll)
            );
        }
        assert!(has(BodyType::Humanoid, Groin) && !has(BodyType::Humanoid, Tail));
    }

    #[test]
    fn other_bodies() {
        // rule: G-LOC-006 (decision: B552's tables)
        let snake = rolls(BodyType::Vermiform, 1);
        assert_eq!(&snake[3..6], [Neck, Neck, Neck]);
        assert!(snake[6..].iter().all(|&l| l == Torso));
        assert!(!has(BodyType::Vermiform, RightLeg) && !has(BodyType::Vermiform, Groin));
        assert_eq!(rolls(BodyType::WingedQuadruped, 2)[9], LeftWing);
        assert_eq!(rolls(BodyType::Hexapod, 1)[8], RightMidleg);
        assert_eq!(
            rolls(BodyType::WingedHexapod, 1)[14..],
            [RightFoot, RightFoot]
        );
        assert_eq!(rolls(BodyType::Serpentoid, 1)[14..], [Tail, Tail]);
        assert_eq!(rolls(BodyType::Avian, 1)[4], RightWing);
        assert_eq!(
            rolls(BodyType::Centaur, 2)[12..],
            [LeftArm, LeftArm, LeftHand, LeftHand]
        );
        assert!(has(BodyType::Centaur, RightArm) && !has(BodyType::Centaur, RightFoot));
    }

    #[test]
    fn legs_lost() {
        // rule: G-LOC-010 (decision with B54-55)
        assert_eq!(BodyType::Humanoid.legs_to_fall(), 1);
        assert_eq!(BodyType::Quadruped.legs_to_fall(), 2);
        assert_eq!(BodyType::Hexapod.legs_to_fall(), 4);
        assert_eq!(BodyType::Vermiform.legs_to_fall(), u32::MAX);
        assert_eq!(BodyType::Quadruped.move_tenths(1), 5);
        assert_eq!(BodyType::Hexapod.move_tenths(2), 6);
        assert_eq!(BodyType::Humanoid.move_tenths(0), 10);
        // The legs a body counts are the legs its table has.
        for b in BodyType::ALL {
            let legs = crate::model::location::ALL
                .iter()
                .filter(|l| l.is_leg() && has(b, **l))
                .count() as u32;
            assert_eq!(legs, b.legs(), "{b}");
        }
    }
}
