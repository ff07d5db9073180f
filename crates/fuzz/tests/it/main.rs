//! Replays every fuzz corpus and every regression input: each target must
//! end without a panic on each (the fuzzers' findings stay fixed in CI).

use std::path::PathBuf;

/// Every file of `fuzz/corpus/<target>` and `fuzz/regressions/<target>`.
fn inputs(target: &str) -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut out = Vec::new();
    for kind in ["corpus", "regressions"] {
        let dir = root.join(kind).join(target);
        if let Ok(entries) = std::fs::read_dir(&dir) {
            out.extend(
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.is_file()),
            );
        }
    }
    out.sort();
    out
}

fn replay(target: &str, run: fn(&[u8])) {
    let files = inputs(target);
    assert!(!files.is_empty(), "fuzz/corpus/{target} holds the seeds");
    for path in files {
        let data = std::fs::read(&path).unwrap();
        run(&data);
    }
}

#[test]
fn the_dice_corpus_replays() {
    replay("dice", fray_fuzz::dice);
}

#[test]
fn the_scenario_corpus_replays() {
    replay("scenario", fray_fuzz::scenario);
}

#[test]
fn the_inputs_corpus_replays() {
    replay("inputs", fray_fuzz::inputs);
}

#[test]
fn the_saved_game_corpus_replays() {
    replay("saved_game", fray_fuzz::saved_game);
}

#[test]
fn the_gcs_corpus_replays() {
    replay("gcs", fray_fuzz::gcs);
}

#[test]
fn the_table_corpus_replays() {
    replay("table", fray_fuzz::table);
}
