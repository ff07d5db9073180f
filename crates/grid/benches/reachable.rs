//! Benchmarks the movement search: GURPS-style costs (half points), Move 7
//! (budget 14) on open ground and on a hexagonal map with terrain and a
//! wall on a hexside.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fray_grid::{
    Facing, FeatureKind, HexPos, Map, MapSpec, MoveCosts, TerrainId, Vocabulary, open_ground,
    reachable,
};

static VOCABULARY: Vocabulary = Vocabulary::new(
    "bench",
    &[
        FeatureKind::flag("treacherous", "+1 point"),
        FeatureKind::flag("wall", "cannot be entered").blocking(true, true),
    ],
    &[FeatureKind::flag("wall", "cannot be crossed").blocking(true, true)],
);

const TREACHEROUS: TerrainId = match VOCABULARY.terrain_id("treacherous") {
    Some(id) => id,
    None => panic!("declared above"),
};

fn bench_reachable(c: &mut Criterion) {
    let open = MoveCosts::new(2, 4, 2, open_ground);
    c.bench_function("reachable move 7 open", |b| {
        b.iter(|| {
            let m = reachable(black_box(HexPos::ORIGIN), Facing::N, black_box(14), &open);
            black_box(m.cost_to(HexPos::new(3, -5), Facing::N))
        });
    });

    let spec: MapSpec = toml::from_str(
        "kind = \"hex\"\nradius = 12\n[[terrain]]\nterrain = \"treacherous\"\n\
         hexes = [{ q = 1, r = -2 }, { q = 2, r = -3 }, { q = -1, r = -1 }]\n\
         [[terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = -3 }, { q = 1, r = -4 }]\n\
         [[edges]]\nfeature = \"wall\"\nhexsides = [{ q = -1, r = -2, side = \"n\" }]",
    )
    .expect("bench map parses");
    let map = Map::new(spec, &VOCABULARY).expect("bench map is valid");
    let on_map = MoveCosts::new(2, 4, 2, |h: HexPos| {
        if !map.passable(h) {
            return None;
        }
        let t = map.terrain_at(h)?;
        Some(if t.contains(TREACHEROUS) { 2 } else { 0 })
    })
    .with_walls(&map);
    c.bench_function("reachable move 7 terrain map", |b| {
        b.iter(|| {
            let m = reachable(black_box(HexPos::ORIGIN), Facing::N, black_box(14), &on_map);
            black_box(m.path_to(HexPos::new(0, -6), Facing::N))
        });
    });
}

criterion_group!(benches, bench_reachable);
criterion_main!(benches);
