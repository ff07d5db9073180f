//! `fray-fuzz`: one function per kind of input Fray takes from outside,
//! each of which must end without a panic whatever the bytes.
//!
//! `fuzz/` (cargo-fuzz, libFuzzer) drives them with coverage guidance; the
//! tests of this crate replay every file of `fuzz/corpus/<target>/` and
//! `fuzz/regressions/<target>/`, so CI keeps every finding fixed without a
//! fuzzer. Each target also plays a little past parsing (a few steps of a
//! fight, a few requests at a table), where a value that parsed but makes
//! no sense would panic.
//!
//! | target | input |
//! |---|---|
//! | [`dice`] | a dice expression: parsed, rolled, its exact distribution |
//! | [`scenario`] | a scenario file of any ruleset: loaded, a few steps played |
//! | [`inputs`] | an input script (`fray fight --inputs`) on each ruleset's duel |
//! | [`saved_game`] | a saved game: loaded, viewed from every seat |
//! | [`gcs`] | a GCS character file: imported, set up, a few steps played |
//! | [`table`] | lines of `SEAT<TAB>JSON` requests at a table |

use fray_core::scenario::SourceFile;
use fray_core::{Ruleset, SimOracle, VecSink};
use fray_session::registry::REGISTERED;
use fray_session::table::Table;
use fray_session::{Origin, Seat, with_ruleset};

/// Steps played after a scenario loads.
const STEPS: usize = 30;

/// The bytes as text, if they are UTF-8 (Fray reads only UTF-8 files).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A dice expression.
pub fn dice(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let Ok(expr) = fray_dice::Expr::parse(src) else {
        return;
    };
    let mut rng = fray_dice::seeded_rng(7);
    let _ = expr.roll(&mut rng);
    // A small work budget: the same code, the same limit error, and a
    // replay that stays quick in a debug build.
    let options = fray_dice::DistOptions {
        max_work: 2_000_000,
        ..fray_dice::DistOptions::default()
    };
    let _ = expr.distribution(&options);
}

/// A scenario file of any ruleset: loaded; if it loads, a few steps.
pub fn scenario(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let file = SourceFile::new("fuzz.toml", src);
    let Ok(id) = fray_core::run::ruleset_of(&file) else {
        return;
    };
    with_ruleset!(id.as_str(), R => {
        if let Ok(loaded) = fray_core::run::load_from::<R>(file, &[], &fray_core::files::Texts::default()) {
            play::<R>(loaded.state);
        }
    }, _other => {})
}

/// A few steps of the AI's fight from `state`.
fn play<R: Ruleset>(mut state: R::State) {
    let mut oracle = SimOracle::<R>::seeded(1);
    let mut sink = VecSink::default();
    for _ in 0..STEPS {
        match fray_core::engine::step::<R, _, _>(&mut state, &mut oracle, &mut sink) {
            Ok(fray_core::Progress::Acted(..)) => {}
            _ => break,
        }
    }
    // What the table shows of it.
    let _ = R::roster(&state);
    let _ = R::map_view(&state);
    for e in &sink.events {
        let _ = e.to_string();
    }
}

/// An input script on each ruleset's bundled duel.
pub fn inputs(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let file = SourceFile::new("fuzz-inputs.toml", src);
    for id in REGISTERED.iter().map(|r| r.id) {
        with_ruleset!(id, R => {
            if let (Ok(log), Some(mut state)) = (fray_core::run::load_inputs::<R>(&file), duel::<R>()) {
                let _ = fray_core::run::fight_script::<R>(&mut state, &log, 1, |e| {
                    let _ = e.to_string();
                });
            }
        }, _other => {})
    }
}

/// The bundled duel of `R`.
fn duel<R: Ruleset>() -> Option<R::State> {
    let text = bundled_duel(R::ID)?;
    fray_core::run::load_from::<R>(
        SourceFile::new("duel.toml", text),
        &[],
        &fray_core::files::Texts::default(),
    )
    .ok()
    .map(|l| l.state)
}

/// The text of a registered ruleset's bundled duel, compiled in.
pub fn bundled_duel(id: &str) -> Option<&'static str> {
    REGISTERED.iter().find(|r| r.id == id).map(|r| r.duel)
}

/// A saved game: loaded; if it loads, viewed from every seat and saved again.
pub fn saved_game(data: &[u8]) {
    let Some(src) = text(data) else { return };
    if let Ok(table) = Table::load("fuzz-save.toml", src) {
        look(&table);
        let _ = table.save();
    }
}

/// Every seat's view of `table` and its log.
fn look(table: &Table) {
    let mut seats = vec![Seat::Gm, Seat::Watcher];
    seats.extend(
        table
            .seats()
            .players
            .into_iter()
            .map(|p| Seat::Player(p.name)),
    );
    for seat in &seats {
        let _ = serde_json::to_string(&table.view(seat));
        let _ = serde_json::to_string(&table.records_after(seat, 0));
    }
}

/// A GCS character: imported; if it makes a sheet, it fights the knight
/// for a few steps.
pub fn gcs(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let Ok(imported) = fray_gurps::import::parse(src) else {
        return;
    };
    let Ok(sheet) = toml::to_string(&imported.sheet) else {
        return;
    };
    let text = format!(
        "ruleset = \"gurps\"\nname = \"GCS\"\n[map]\nkind = \"hex\"\nradius = 6\n\n\
         [[combatants]]\nname = \"Knight\"\nside = \"a\"\ntemplate = \"knight\"\n\
         position = {{ q = 0, r = 1 }}\nfacing = \"n\"\n\n\
         [[combatants]]\nname = \"Imported\"\nside = \"b\"\n\
         position = {{ q = 0, r = -1 }}\nfacing = \"s\"\n\n[combatants.sheet]\n{sheet}"
    );
    scenario(text.as_bytes());
}

/// Requests at a table: lines of `SEAT<TAB>JSON`, where SEAT is `gm`,
/// `watcher` or a player's name, on the bundled knight-vs-orcs table with
/// Alice playing the knight.
pub fn table(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let scenario = include_str!("../../../scenarios/gurps/knight-vs-orcs.toml").replacen(
        "[[combatants]]",
        "[controllers]\nplayers = { Alice = [\"Sir Ector\"] }\n\n[[combatants]]",
        1,
    );
    let origin = Origin::of_texts("knight.toml", scenario, Vec::new(), Default::default());
    let Ok(mut table) = Table::open(origin, Some(3)) else {
        return;
    };
    for line in src.lines().take(64) {
        let (seat, json) = line.split_once('\t').unwrap_or(("gm", line));
        let seat = match seat {
            "gm" => Seat::Gm,
            "watcher" => Seat::Watcher,
            name => Seat::Player(name.to_string()),
        };
        let _ = table.submit_json(&seat, json);
    }
    look(&table);
}
