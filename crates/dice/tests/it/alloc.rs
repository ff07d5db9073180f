//! The sampling path allocates nothing (DESIGN invariant 5), checked for
//! every kind with an allocator that counts this thread's allocations.

use fray_dice::systems::{dragonquest, golden, margin3d6};
use fray_dice::{First, Reads, RollKind, RollOff, seeded_rng};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting allocations per thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, that is from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

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
    let before = allocations();
    let mut sum = 0i64;
    for k in kinds {
        for _ in 0..1000 {
            sum += k.sample(&mut rng).total as i64;
        }
    }
    assert_eq!(allocations() - before, 0);
    assert!(sum > 0);
}
