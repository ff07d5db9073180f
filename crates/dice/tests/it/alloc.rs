//! The sampling path allocates nothing (DESIGN invariant 5), checked for
//! every kind with `allocation-counter`, which counts this thread's
//! allocations.

use fray_dice::systems::{dragonquest, golden, margin3d6};
use fray_dice::{First, Reads, RollKind, RollOff, seeded_rng};

#[test]
fn sampling_allocates_nothing() {
    // rule: DQ-12-003, DQ-12-006, X-SEQ-001, M-FLO-002, X-ATK-010, DQ-17-003
    let kinds = [
        RollKind::three_d6(),
        RollKind::golden(-2, 1),
        RollKind::golden(1, 0),
        dragonquest::strike_roll(45),
        dragonquest::side_initiative([3, 5]),
        dragonquest::iv_tie_break(8).unwrap(),
        golden::initiative_tie_break(5).unwrap(),
        margin3d6::initiative_tie_break(4).unwrap(),
        RollKind::RollOff(RollOff::among(6, 1, 6, First::Highest, Reads::Winner).unwrap()),
    ];
    let mut rng = seeded_rng(3);
    let mut sum = 0i64;
    let counted = allocation_counter::measure(|| {
        for k in kinds {
            for _ in 0..1000 {
                sum += k.sample(&mut rng).total as i64;
            }
        }
    });
    assert_eq!(counted.count_total, 0);
    assert!(sum > 0);
}
