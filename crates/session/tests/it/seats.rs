//! Who may do what and who sees what at one table: a player takes back only
//! its own input, a watcher gives nothing, hostile JSON changes nothing,
//! the GM's hidden figures show no pools, targets or terms to players, and
//! numbers typed at the table cannot wrap.

use fray_session::table::Table;
use fray_session::{Origin, Seat};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

/// knight-vs-orcs with Alice playing the knight; `hidden` hides the orcs.
fn knight_for_alice(hidden: bool) -> Table {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/gurps/knight-vs-orcs.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let npcs = if hidden { "hidden" } else { "shown" };
    let text = text.replacen(
        "[[combatants]]",
        &format!("[controllers]\nplayers = {{ Alice = [\"Sir Ector\"] }}\nnpcs = \"{npcs}\"\n\n[[combatants]]"),
        1,
    );
    let origin = Origin::of_texts("knight-vs-orcs.toml", text, Vec::new(), BTreeMap::new());
    Table::open(origin, Some(3)).expect("opens")
}

fn alice() -> Seat {
    Seat::Player("Alice".into())
}

fn send(table: &mut Table, seat: &Seat, request: Value) -> Result<Value, Value> {
    let parse = |s: String| serde_json::from_str::<Value>(&s).unwrap();
    table
        .submit_json(seat, &request.to_string())
        .map(parse)
        .map_err(parse)
}

fn view(table: &Table, seat: &Seat) -> Value {
    serde_json::to_value(table.view(seat)).unwrap()
}

/// Plays until Alice has been asked and answered `n` times (the GM plays
/// on whenever the table is paused).
fn play_alice(table: &mut Table, n: usize) {
    let mut given = 0;
    while given < n {
        let gm = view(table, &Seat::Gm);
        assert!(gm["over"].is_null(), "the fight went on");
        if gm["paused"] == true {
            send(table, &Seat::Gm, json!("continue")).unwrap();
            continue;
        }
        let mine = view(table, &alice());
        let pending = &mine["pending"];
        let request = match pending["kind"].as_str().unwrap() {
            "action" => json!({"act": {"action": pending["suggested"]}}),
            "answer" => json!({"answer": {"answer": pending["suggested"]}}),
            _ => json!("roll_for_me"),
        };
        send(table, &alice(), request).unwrap();
        given += 1;
    }
}

#[test]
fn the_scenario_seats_the_players_and_the_gm_starts_the_table() {
    let mut table = knight_for_alice(false);
    let gm = view(&table, &Seat::Gm);
    assert_eq!(gm["seats"]["players"][0]["name"], "Alice");
    // The knight is Alice's; whatever the table waits for is hers or the
    // GM's to start.
    let knight = gm["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "Sir Ector")
        .unwrap()
        .clone();
    assert_eq!(knight["played_by"], "Alice");
    let mine = view(&table, &alice());
    assert!(
        mine["figures"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| { (f["name"] == "Sir Ector") == (f["yours"] == true) })
    );
    if gm["paused"] == true {
        assert_eq!(
            send(&mut table, &alice(), json!("continue")).unwrap_err()["error"],
            "gm_only"
        );
        send(&mut table, &Seat::Gm, json!("continue")).unwrap();
    }
    assert_eq!(
        view(&table, &Seat::Gm)["pending"]["seat"],
        json!({"player": "Alice"})
    );
}

#[test]
fn a_player_takes_back_only_its_own_last_input_and_a_watcher_nothing() {
    let mut table = knight_for_alice(false);
    play_alice(&mut table, 1);
    // Alice's action was given; if the step still waits (her defense, a
    // roll), she may take it back; the GM's undo of a whole step is the GM's.
    let gm = view(&table, &Seat::Gm);
    let revision = table.revision();
    assert_eq!(
        send(&mut table, &Seat::Watcher, json!("undo")).unwrap_err()["error"],
        "watcher"
    );
    if gm["in_progress"] == true {
        assert_eq!(view(&table, &alice())["can_undo"], true);
        let reply = send(&mut table, &alice(), json!("undo")).unwrap();
        assert_eq!(reply["records"][0]["kind"], "undo");
        assert_eq!(reply["records"][0]["seat"], json!({"player": "Alice"}));
    } else {
        assert_eq!(view(&table, &alice())["can_undo"], false);
        assert_eq!(
            send(&mut table, &alice(), json!("undo")).unwrap_err()["error"],
            "gm_only"
        );
        assert_eq!(table.revision(), revision);
    }
}

#[test]
fn hostile_or_malformed_requests_change_nothing() {
    let mut table = knight_for_alice(false);
    let revision = table.revision();
    let before = view(&table, &Seat::Gm);
    for bad in [
        "",
        "{",
        "null",
        "42",
        "\"fly\"",
        "{\"act\": {\"action\": {\"teleport\": 1}}}",
        "{\"act\": {\"action\": \"do_nothing\", \"extra\": 1}}",
        "{\"roll\": {\"total\": 99999999999}}",
        "{\"roll\": {\"faces\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}}",
        "{\"command\": {\"line\": \"damage Orc 2147483647\"}}",
        "{\"command\": {\"line\": \"set Orc HP -2147483648\"}}",
        "{\"command\": {\"line\": \"rm -rf /\"}}",
        "{\"override\": {\"damage\": {\"who\": \"Orc\", \"amount\": -5}}}",
        "{\"seats\": {\"players\": [{\"name\": \"gm\", \"figures\": [\"Orc\"]}]}}",
        "{\"seats\": {\"players\": [{\"name\": \"A\\u202eB\", \"figures\": [\"Orc\"]}]}}",
        "{\"seats\": {\"players\": [{\"name\": \"Bob\", \"figures\": [\"Nobody\"]}]}}",
    ] {
        for seat in [Seat::Gm, alice()] {
            let err = table
                .submit_json(&seat, bad)
                .expect_err(&format!("refused: {bad}"));
            let err: Value = serde_json::from_str(&err).expect("errors are JSON");
            assert!(
                err["error"].is_string() && err["message"].is_string(),
                "{err}"
            );
        }
        assert_eq!(table.revision(), revision, "{bad}");
    }
    assert_eq!(view(&table, &Seat::Gm), before);
}

#[test]
fn gm_damage_never_wraps_a_pool() {
    let mut table = knight_for_alice(false);
    for _ in 0..3 {
        let err = send(
            &mut table,
            &Seat::Gm,
            json!({"command": {"line": "damage Orc 2147483647"}}),
        )
        .unwrap_err();
        assert_eq!(err["error"], "override_refused", "{err}");
    }
    for _ in 0..3 {
        send(
            &mut table,
            &Seat::Gm,
            json!({"command": {"line": "damage Orc 1000000"}}),
        )
        .unwrap();
    }
    let orc = view(&table, &Seat::Gm)["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "Orc")
        .unwrap()
        .clone();
    assert_eq!(orc["pools"][0]["current"], -1_000_000, "{orc}");
    assert_eq!(orc["vitality"], "dead", "{orc}");
}

#[test]
fn hidden_figures_show_players_no_pools_targets_or_terms() {
    let mut table = knight_for_alice(true);
    play_alice(&mut table, 12);
    let player = serde_json::to_value(table.records_after(&alice(), 0)).unwrap();
    let gm = serde_json::to_value(table.records_after(&Seat::Gm, 0)).unwrap();
    let orcs = ["Orc chief", "Orc", "Orc runt"];
    let events = |records: &Value| -> Vec<Value> {
        records
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["told"].as_array().cloned().unwrap_or_default())
            .filter_map(|t| (!t["event"].is_null()).then(|| t["event"].clone()))
            .collect()
    };
    let by_orc = |e: &Value| orcs.iter().any(|o| e["roller"] == *o);
    let (gm_events, player_events) = (events(&gm), events(&player));
    assert_eq!(
        gm_events.len(),
        player_events.len(),
        "the same events, screened"
    );
    let orc_rolls: Vec<&Value> = player_events.iter().filter(|e| by_orc(e)).collect();
    assert!(!orc_rolls.is_empty(), "the orcs rolled");
    for e in orc_rolls {
        assert!(e["target"].is_null() && e["modifiers"].is_null(), "{e}");
        assert!(e["total"].is_i64(), "the dice stay visible: {e}");
    }
    assert!(
        gm_events
            .iter()
            .any(|e| by_orc(e) && !e["target"].is_null()),
        "the GM sees the orcs' targets"
    );
    // No orc's HP in any line Alice reads; her own knight's are there.
    for t in player
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["told"].as_array().cloned().unwrap_or_default())
    {
        let text = t["text"].as_str().unwrap();
        for orc in orcs {
            assert!(
                !(text.starts_with(&format!("{orc} takes")) && text.contains("HP ")),
                "{text}"
            );
        }
    }
    let mine = view(&table, &alice());
    for f in mine["figures"].as_array().unwrap() {
        let is_knight = f["name"] == "Sir Ector";
        assert_eq!(f["pools"].is_null(), !is_knight, "{f}");
    }
    assert!(
        view(&table, &Seat::Gm)["figures"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["pools"].is_array())
    );
}

#[test]
fn the_protocol_schema_is_published_and_current() {
    let schema = fray_session::table::protocol::schema();
    let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/table.schema.json");
    if std::env::var_os("FRAY_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let published = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        published == text,
        "docs/table.schema.json is not the current schema: run \
         `FRAY_BLESS=1 cargo test -p fray-session schema` and commit it"
    );
    for def in [
        "Request",
        "Reply",
        "ErrorReply",
        "TableView",
        "RecordView",
        "PendingView",
    ] {
        assert!(schema["$defs"].get(def).is_some(), "{def} in the schema");
    }
}
