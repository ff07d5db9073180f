//! Benchmarks: the simulator hot path (`RollKind::sample`) and exact
//! distributions of exploding dice.
//!
//! Measured on the shared 2-core dev machine, release/bench profile — see the
//! crate README ("Performance") for the figures.

use criterion::{Criterion, criterion_group, criterion_main};
use fray_dice::{DistOptions, Expr, RollKind, seeded_rng};
use std::hint::black_box;

fn sample(c: &mut Criterion) {
    let mut rng = seeded_rng(1);
    let k = RollKind::three_d6();
    c.bench_function("sample 3d6 x1000", |b| {
        b.iter(|| {
            let mut s = 0i32;
            for _ in 0..1000 {
                s = s.wrapping_add(black_box(k).sample(&mut rng).total);
            }
            s
        })
    });
    let g = RollKind::golden(1, 2);
    c.bench_function("sample 3+1 golden d6 x1000", |b| {
        b.iter(|| {
            let mut s = 0i32;
            for _ in 0..1000 {
                s = s.wrapping_add(black_box(g).sample(&mut rng).total);
            }
            s
        })
    });
}

fn exact(c: &mut Criterion) {
    let opts = DistOptions::default();
    for src in ["10d6!", "20d6!", "10d10!kh5"] {
        let e = Expr::parse(src).expect("valid expression");
        c.bench_function(&format!("exact {src}"), |b| {
            b.iter(|| black_box(&e).distribution(&opts))
        });
    }
}

criterion_group!(benches, sample, exact);
criterion_main!(benches);
