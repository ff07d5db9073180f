//! Benchmarks the movement search: GURPS-style costs (half points), Move 7
//! (budget 14) on open ground and on a hexagonal map with terrain.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fray_grid::{Facing, HexPos, Map, MoveCosts, Terrain, open_ground, reachable};

fn bench_reachable(c: &mut Criterion) {
    let open = MoveCosts::new(2, 4, 2, open_ground);
    c.bench_function("reachable move 7 open", |b| {
        b.iter(|| {
            let m = reachable(black_box(HexPos::ORIGIN), Facing::N, black_box(14), &open);
            black_box(m.cost_to(HexPos::new(3, -5), Facing::N))
        });
    });

    let map: Map = toml::from_str(
        "kind = \"hex\"\nradius = 12\n[[terrain]]\nterrain = \"treacherous\"\n\
         hexes = [{ q = 1, r = -2 }, { q = 2, r = -3 }, { q = -1, r = -1 }]\n\
         [[terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = -3 }, { q = 1, r = -4 }]",
    )
    .expect("bench map parses");
    let on_map = MoveCosts::new(2, 4, 2, |h: HexPos| {
        let t = map.terrain_at(h)?;
        if !t.is_passable() {
            return None;
        }
        Some(if t.contains(Terrain::Treacherous) {
            2
        } else {
            0
        })
    });
    c.bench_function("reachable move 7 terrain map", |b| {
        b.iter(|| {
            let m = reachable(black_box(HexPos::ORIGIN), Facing::N, black_box(14), &on_map);
            black_box(m.path_to(HexPos::new(0, -6), Facing::N))
        });
    });
}

criterion_group!(benches, bench_reachable);
criterion_main!(benches);
