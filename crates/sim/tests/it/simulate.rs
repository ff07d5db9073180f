//! Simulation statistics against known answers, and determinism across
//! thread counts. Every run is seeded, so every assertion is repeatable.

use crate::common::pool;
use fray_core::dice::prob_f64;
use fray_core::dice::systems::gurps::{SuccessOptions, success_odds};
use fray_core::run;
use fray_core::scenario::SourceFile;
use fray_gurps::Gurps;
use fray_sim::{CHUNK, SimConfig, SimReport, simulate};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

fn load(path: &str) -> fray_gurps::state::State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let file = SourceFile::read(&path).expect("the scenario is readable");
    run::load::<Gurps>(file).expect("the scenario loads").state
}

fn config(trials: u64, seed: u64, threads: usize, chunk: u64) -> SimConfig {
    SimConfig {
        chunk,
        ..SimConfig::new(trials, seed).with_threads(Some(threads))
    }
}

fn sim(state: &fray_gurps::state::State, trials: u64, seed: u64, threads: usize) -> SimReport {
    simulate::<Gurps>(state, &config(trials, seed, threads, CHUNK), &|_| {})
        .expect("the simulation runs")
}

/// One attack decides the fight: the ambusher wins exactly when its
/// Broadsword-12 roll succeeds (see the fixture), so the win rate's 95%
/// Wilson interval must contain P(3d6 succeeds at 12) = 160/216.
#[test]
fn a_fight_decided_by_one_roll_reports_an_interval_containing_the_exact_odds() {
    let exact = prob_f64(&success_odds(12, SuccessOptions::default()).any_success());
    assert!((exact - 160.0 / 216.0).abs() < 1e-12);
    let state = load("tests/fixtures/one_blow.toml");
    let r = sim(&state, 20_000, 7, 2);
    assert_eq!(r.fights, 20_000);
    let ambush = &r.sides[0];
    assert_eq!(ambush.name, "Ambush");
    let [lo, hi] = ambush.wins.ci95;
    assert!(lo <= exact && exact <= hi, "{exact} not in [{lo}, {hi}]");
    assert!(
        hi - lo < 0.02,
        "20000 fights give a narrow interval: [{lo}, {hi}]"
    );
    // The victim never wins; every miss runs into the one-round limit.
    assert_eq!(r.sides[1].wins.count, 0);
    assert_eq!(r.draws.count, 0);
    assert_eq!(ambush.wins.count + r.round_limit.count, r.fights);
    // Every win is in round 1, and every hit kills.
    assert_eq!(ambush.rounds.max, Some(1));
    assert_eq!(r.rounds.max, Some(1));
    // A hit kills. A critical miss (4/216) whose swung sword flies into the
    // victim's hex (row 14, then 1 yard forward: 15/216 x 1/12) and is not
    // dodged can also fell it without killing (G-EXT-009): a handful of
    // fights in 20,000, well inside the interval.
    let victim = &r.combatants[1];
    assert!(victim.dead.count <= ambush.wins.count);
    assert!(ambush.wins.count - victim.dead.count < 20);
    assert_eq!(victim.survived.count, r.round_limit.count);
    let ambusher = &r.combatants[0];
    assert_eq!(ambusher.survived.count, r.fights);
    assert_eq!(pool(ambusher, "HP").left_when_side_wins, Some(50.0));
    assert_eq!(
        pool(victim, "HP").left_when_side_wins,
        None,
        "its side never won"
    );
    // Injury dealt by one equals injury taken by the other.
    assert!((ambusher.dealt_mean - victim.taken_mean).abs() < 1e-9);
    assert!(ambusher.dealt_mean > 0.0);
}

#[test]
fn reports_are_identical_for_one_two_and_four_threads_and_any_chunking() {
    let state = load("../../scenarios/gurps/duel.toml");
    // Small chunks make many units of work, so the threads really do
    // interleave; 601 is not a multiple of any chunk size used.
    let json = |threads, chunk| {
        let r = simulate::<Gurps>(&state, &config(601, 11, threads, chunk), &|_| {}).unwrap();
        serde_json::to_string(&r).unwrap()
    };
    let one = json(1, CHUNK);
    assert_eq!(one, json(2, 7));
    assert_eq!(one, json(4, 7));
    assert_eq!(one, json(4, 1));
    assert_eq!(one, json(1, 50));
    let r: serde_json::Value = serde_json::from_str(&one).unwrap();
    let decided: u64 = r["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"]["count"].as_u64().unwrap())
        .sum();
    let rest = r["draws"]["count"].as_u64().unwrap() + r["round_limit"]["count"].as_u64().unwrap();
    assert_eq!(decided + rest, 601);
    assert_eq!(r["rounds"]["fights"], 601);
}

#[test]
fn many_chunks_of_quick_fights_merge_identically() {
    let state = load("tests/fixtures/one_blow.toml");
    let n = 3 * CHUNK + 123;
    let json = |threads| serde_json::to_string(&sim(&state, n, 5, threads)).unwrap();
    let one = json(1);
    assert_eq!(one, json(2));
    assert_eq!(one, json(4));
}

/// Every ruleset's duel over many small chunks: the same report on 1 and 2
/// threads (the chunks of 4096 mean a test of fewer fights than that
/// would not show it).
#[test]
fn every_rulesets_duel_reports_the_same_over_many_chunks_on_one_and_two_threads() {
    fn same<R: fray_core::Ruleset>(id: &str) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios")
            .join(id)
            .join("duel.toml");
        let state = run::load::<R>(SourceFile::read(&path).unwrap())
            .unwrap()
            .state;
        let json = |threads| {
            let r = simulate::<R>(&state, &config(301, 13, threads, 7), &|_| {}).unwrap();
            serde_json::to_string(&r).unwrap()
        };
        assert_eq!(json(1), json(2), "{id}");
    }
    same::<Gurps>("gurps");
    same::<fray_dragonquest::DragonQuest>("dragonquest");
    same::<fray_d20_3d6::D20>("d20-3d6");
    same::<fray_margin_3d6::Margin>("margin-3d6");
}

#[test]
fn another_seed_gives_other_fights() {
    let state = load("../../scenarios/gurps/duel.toml");
    let a = sim(&state, 500, 1, 1);
    let b = sim(&state, 500, 2, 1);
    assert_ne!(a, b);
}

#[test]
fn the_two_knights_of_the_duel_are_evenly_matched() {
    let state = load("../../scenarios/gurps/duel.toml");
    let r = sim(&state, 1_000, 3, 2);
    // Identical knights: the difference in win rates is within noise.
    let (a, b) = (r.sides[0].wins.rate, r.sides[1].wins.rate);
    assert!((a - b).abs() < 0.15, "{a} vs {b}");
    for c in &r.combatants {
        assert!(c.dealt_mean > 0.0 && c.taken_mean > 0.0, "{c:?}");
        assert!(pool(c, "FP").left_when_side_wins.is_some(), "GURPS has FP");
    }
}

#[test]
fn progress_counts_every_fight_once() {
    let state = load("tests/fixtures/one_blow.toml");
    let seen = AtomicU64::new(0);
    simulate::<Gurps>(&state, &config(10_000, 1, 2, CHUNK), &|k| {
        seen.fetch_add(k, Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(seen.load(Ordering::Relaxed), 10_000);
}

#[test]
fn zero_fights_give_an_empty_report() {
    let state = load("tests/fixtures/one_blow.toml");
    let r = sim(&state, 0, 1, 1);
    assert_eq!(r.fights, 0);
    assert_eq!(r.rounds.mean, None);
    assert_eq!(r.sides[0].wins.ci95, [0.0, 1.0]);
}

#[test]
fn csv_has_one_row_per_combatant_and_the_plot_is_svg() {
    let state = load("../../scenarios/gurps/duel.toml");
    let mut r = sim(&state, 200, 1, 1);
    r.scenario = "Duel".into();
    let mut buf = Vec::new();
    fray_sim::csv::write(&mut buf, &[&r]).unwrap();
    let text = String::from_utf8(buf).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("scenario,seed,fights,combatant,side"));
    assert!(
        lines[0].ends_with(
            ",killed,hp_max,hp_left_when_side_wins,fp_max,fp_left_when_side_wins,dealt_mean,\
             taken_mean,knockdowns_mean,stuns_mean,crippled_mean,mortal_wounds_mean,\
             critical_hits_mean,critical_misses_mean,draws"
        ),
        "GURPS's pools and counters: {}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("Duel,1,200,Sir Bors,Bors,"),
        "{}",
        lines[1]
    );
    // rule: G-EXT-006, G-EXT-003: 200 seeded duels of a few dozen attack
    // rolls each give critical hits (3-4 on 3d6) and critical misses.
    for line in &lines[1..] {
        let cells: Vec<&str> = line.split(',').collect();
        let crits = &cells[cells.len() - 3..cells.len() - 1];
        assert!(
            crits
                .iter()
                .all(|c| c.parse::<f64>().is_ok_and(|v| v > 0.0)),
            "{line}"
        );
    }
    let svg = fray_sim::plot::svg(&r).unwrap();
    assert!(svg.contains("<svg") && svg.contains("Bors wins"), "{svg}");
    let table = fray_sim::table::render(&r);
    assert!(
        table.contains("Bors wins") && table.contains("Sir Gawain"),
        "{table}"
    );
    for column in [
        "HP left*",
        "FP left*",
        "Knockdowns",
        "Stuns",
        "Crippled",
        "Mortal wounds",
        "Critical hits",
        "Critical misses",
    ] {
        assert!(table.contains(column), "{column}: {table}");
    }
}

/// The optimizing probe (`fray_sim::probe`, the `<ruleset>_fight_rate` examples)
/// plays the very fights the simulator plays: seed 1, trials in order.
#[test]
fn the_probe_plays_the_simulators_fights_one_after_another() {
    let state = load("../../scenarios/gurps/duel.toml");
    let played = fray_sim::probe::play_serially::<Gurps>(&state, 200).expect("plays");
    let r = sim(&state, 200, 1, 1);
    assert_eq!(played.fights, 200);
    for side in &r.sides {
        assert_eq!(
            played.wins.get(&side.name).copied().unwrap_or(0),
            side.wins.count
        );
    }
    assert_eq!(played.wins.get("none").copied().unwrap_or(0), r.draws.count);
    assert!(played.mean_rounds() > 1.0);
}

/// The Python bindings' sweeps cut a run into shards of fights and merge
/// their totals: any cut of `0..n` into ranges adds up to the whole run's
/// totals, on any thread count.
#[test]
fn totals_of_any_split_into_ranges_merge_to_the_whole_run() {
    let state = load("../../scenarios/gurps/duel.toml");
    let sides = 2;
    let whole =
        fray_sim::simulate::totals::<Gurps>(&state, &config(300, 9, 2, CHUNK), sides, &|_| {})
            .expect("the run");
    for (cuts, threads, chunk) in [
        (vec![0, 300], 1, 7),
        (vec![0, 1, 150, 299, 300], 2, 64),
        (vec![0, 97, 300], 1, CHUNK),
    ] {
        let mut merged = fray_sim::Totals::new(sides, 2);
        for w in cuts.windows(2) {
            let part = fray_sim::totals_of::<Gurps>(
                &state,
                &config(0, 9, threads, chunk),
                w[0]..w[1],
                sides,
                &|_| {},
            )
            .expect("a shard");
            merged.merge(&part);
        }
        assert_eq!(merged, whole, "cuts {cuts:?}");
    }
}
