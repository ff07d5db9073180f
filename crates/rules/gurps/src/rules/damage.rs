//! Damage by strength: the thrust and swing table (G-EXT-012) and a
//! weapon's dice for its wielder (G-DMG-001).

use crate::model::damage::{DamageBase, DamageSpec, Dice};

/// The dice for a user of strength `st` (G-DMG-001).
pub fn dice_for(spec: DamageSpec, st: i32) -> Dice {
    let base = match spec.base {
        DamageBase::Thrust => thrust(st),
        DamageBase::Swing => swing(st),
        DamageBase::Fixed(n) => Dice { dice: n, adds: 0 },
    };
    Dice {
        dice: base.dice,
        adds: base.adds + spec.adds,
    }
}

/// G-EXT-012: thrust and swing by ST for ST 1..=40, as (dice, adds) pairs.
/// (dice, adds) of one damage entry.
type DiceAdds = (i32, i32);

const ST_TABLE: [(DiceAdds, DiceAdds); 40] = [
    ((1, -6), (1, -5)), // 1
    ((1, -6), (1, -5)), // 2
    ((1, -5), (1, -4)), // 3
    ((1, -5), (1, -4)), // 4
    ((1, -4), (1, -3)), // 5
    ((1, -4), (1, -3)), // 6
    ((1, -3), (1, -2)), // 7
    ((1, -3), (1, -2)), // 8
    ((1, -2), (1, -1)), // 9
    ((1, -2), (1, 0)),  // 10
    ((1, -1), (1, 1)),  // 11
    ((1, -1), (1, 2)),  // 12
    ((1, 0), (2, -1)),  // 13
    ((1, 0), (2, 0)),   // 14
    ((1, 1), (2, 1)),   // 15
    ((1, 1), (2, 2)),   // 16
    ((1, 2), (3, -1)),  // 17
    ((1, 2), (3, 0)),   // 18
    ((2, -1), (3, 1)),  // 19
    ((2, -1), (3, 2)),  // 20
    ((2, 0), (4, -1)),  // 21
    ((2, 0), (4, 0)),   // 22
    ((2, 1), (4, 1)),   // 23
    ((2, 1), (4, 2)),   // 24
    ((2, 2), (5, -1)),  // 25
    ((2, 2), (5, 0)),   // 26
    ((3, -1), (5, 1)),  // 27
    ((3, -1), (5, 1)),  // 28
    ((3, 0), (5, 2)),   // 29
    ((3, 0), (5, 2)),   // 30
    ((3, 1), (6, -1)),  // 31
    ((3, 1), (6, -1)),  // 32
    ((3, 2), (6, 0)),   // 33
    ((3, 2), (6, 0)),   // 34
    ((4, -1), (6, 1)),  // 35
    ((4, -1), (6, 1)),  // 36
    ((4, 0), (6, 2)),   // 37
    ((4, 0), (6, 2)),   // 38
    ((4, 1), (7, -1)),  // 39
    ((4, 1), (7, -1)),  // 40
];

/// G-EXT-012: rows above 40, by ST (a ST between rows uses the next lower row).
const ST_TABLE_HIGH: [(i32, DiceAdds, DiceAdds); 12] = [
    (45, (5, 0), (7, 1)),
    (50, (5, 2), (8, -1)),
    (55, (6, 0), (8, 1)),
    (60, (7, -1), (9, 0)),
    (65, (7, 1), (9, 2)),
    (70, (8, 0), (10, 0)),
    (75, (8, 2), (10, 2)),
    (80, (9, 0), (11, 0)),
    (85, (9, 2), (11, 2)),
    (90, (10, 0), (12, 0)),
    (95, (10, 2), (12, 2)),
    (100, (11, 0), (13, 0)),
];

fn st_row(st: i32) -> (DiceAdds, DiceAdds) {
    let st = st.max(1);
    if st <= 40 {
        return ST_TABLE[(st - 1) as usize];
    }
    if st > 100 {
        // Above 100: +1d to each per full 10 ST.
        let extra = (st - 100) / 10;
        let ((td, ta), (sd, sa)) = st_row(100);
        return ((td + extra, ta), (sd + extra, sa));
    }
    let mut row = (ST_TABLE[39].0, ST_TABLE[39].1);
    for (at, t, s) in ST_TABLE_HIGH {
        if st >= at {
            row = (t, s);
        }
    }
    row
}

/// Thrust damage for a ST (G-EXT-012).
pub fn thrust(st: i32) -> Dice {
    let ((dice, adds), _) = st_row(st);
    Dice { dice, adds }
}

/// Swing damage for a ST (G-EXT-012).
pub fn swing(st: i32) -> Dice {
    let (_, (dice, adds)) = st_row(st);
    Dice { dice, adds }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thrust_and_swing_table_rows() {
        // rule: G-EXT-012
        assert_eq!(
            (thrust(10), swing(10)),
            (Dice { dice: 1, adds: -2 }, Dice { dice: 1, adds: 0 })
        );
        assert_eq!(
            (thrust(12), swing(12)),
            (Dice { dice: 1, adds: -1 }, Dice { dice: 1, adds: 2 })
        );
        assert_eq!(
            (thrust(17), swing(17)),
            (Dice { dice: 1, adds: 2 }, Dice { dice: 3, adds: -1 })
        );
        assert_eq!(
            (thrust(47), swing(47)),
            (Dice { dice: 5, adds: 0 }, Dice { dice: 7, adds: 1 })
        );
        assert_eq!(
            (thrust(100), swing(100)),
            (Dice { dice: 11, adds: 0 }, Dice { dice: 13, adds: 0 })
        );
        assert_eq!(thrust(125), Dice { dice: 13, adds: 0 });
        assert_eq!(thrust(0), thrust(1));
    }

    #[test]
    fn damage_specs_give_dice_by_st() {
        // rule: G-DMG-001
        for (text, st, dice) in [
            ("sw+1", 12, "1d+3"),
            ("thr-1", 10, "1d-3"),
            ("2d+1", 5, "2d+1"),
            ("sw", 14, "2d"),
        ] {
            let spec: DamageSpec = text.parse().unwrap();
            assert_eq!(dice_for(spec, st).to_string(), dice);
        }
    }
}
