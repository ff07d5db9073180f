//! What a server needs of a table beyond the protocol: the log as a store
//! keeps it, a table rebuilt from the stored rows (every ruleset, at many
//! points of a fight, with the same dice to come), and the exact odds of
//! the pending action for the seat that gives it.

use fray_session::table::Table;
use fray_session::table::stored::StoredRecord;
use fray_session::{Origin, Seat};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

fn origin(scenario: &str) -> Origin {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios")
        .join(scenario);
    let text = std::fs::read_to_string(&path).expect("reads the scenario");
    Origin::of_texts(scenario, text, Vec::new(), BTreeMap::new())
}

fn view(table: &Table, seat: &Seat) -> Value {
    serde_json::to_value(table.view(seat)).expect("a view is JSON")
}

/// What the seat asked sends: the AI's suggestion, or "roll for me".
fn next_request(table: &Table) -> Option<(Seat, Value)> {
    let gm = view(table, &Seat::Gm);
    if !gm["over"].is_null() {
        return None;
    }
    if gm["paused"] == true {
        return Some((Seat::Gm, json!("continue")));
    }
    let seat: Seat = serde_json::from_value(gm["pending"]["seat"].clone()).unwrap();
    let pending = view(table, &seat)["pending"].clone();
    let request = match pending["kind"].as_str() {
        Some("action") => json!({"act": {"action": pending["suggested"]}}),
        Some("answer") => json!({"answer": {"answer": pending["suggested"]}}),
        _ => json!("roll_for_me"),
    };
    Some((seat, request))
}

/// A whole fight of `scenario` with Alice at its first figure; every few
/// inputs the table is rebuilt from the rows a store appended so far and
/// must be the same table: same view for every seat, same log, and the
/// rest of the fight played on the rebuilt table ends exactly the same.
fn rebuilt_from_rows_at_every_point(scenario: &str) {
    let mut table = Table::open(origin(scenario), Some(9)).expect("opens");
    let first = view(&table, &Seat::Gm)["figures"][0]["name"].clone();
    let alice = Seat::Player("Alice".into());
    let seats = json!({"seats": {"players": [{"name": "Alice", "figures": [first]}]}});
    table
        .submit_json(&Seat::Gm, &seats.to_string())
        .expect("seats");
    let mut rows: Vec<StoredRecord> = table.stored_after(0);
    let mut rebuilt_at = Vec::new();
    for n in 0..5_000 {
        if n % 3 == 1 {
            let again =
                Table::restore(table.origin().unwrap(), table.seed(), &rows).expect("restores");
            for seat in [Seat::Gm, alice.clone(), Seat::Watcher] {
                assert_eq!(
                    view(&again, &seat),
                    view(&table, &seat),
                    "{scenario} at {n}"
                );
            }
            assert_eq!(again.save().unwrap(), table.save().unwrap());
            rebuilt_at.push((again, n));
        }
        let Some((seat, request)) = next_request(&table) else {
            break;
        };
        let before = table.revision();
        table
            .submit_json(&seat, &request.to_string())
            .unwrap_or_else(|e| panic!("{scenario}: refused: {e}"));
        let new = table.stored_after(before);
        assert_eq!(new.first().map(|r| r.rev), Some(before + 1), "appends only");
        assert_eq!(new.last().map(|r| r.rev), Some(table.revision()));
        rows.extend(new);
    }
    let end = view(&table, &Seat::Gm);
    assert!(!end["over"].is_null(), "{scenario}: the fight ended");
    assert!(rebuilt_at.len() >= 2, "{scenario}: rebuilt mid-fight");
    // The same dice to come: each rebuilt table played on ends the same.
    for (mut again, n) in rebuilt_at {
        while let Some((seat, request)) = next_request(&again) {
            again.submit_json(&seat, &request.to_string()).unwrap();
        }
        assert_eq!(view(&again, &Seat::Gm), end, "{scenario}: rebuilt at {n}");
    }
}

#[test]
fn a_gurps_table_rebuilt_from_its_rows_is_the_same_table() {
    rebuilt_from_rows_at_every_point("gurps/knight-vs-orcs-table.toml");
}

#[test]
fn a_dragonquest_table_rebuilt_from_its_rows_is_the_same_table() {
    rebuilt_from_rows_at_every_point("dragonquest/duel.toml");
}

#[test]
fn a_d20_3d6_table_rebuilt_from_its_rows_is_the_same_table() {
    rebuilt_from_rows_at_every_point("d20-3d6/duel.toml");
}

#[test]
fn a_margin_3d6_table_rebuilt_from_its_rows_is_the_same_table() {
    rebuilt_from_rows_at_every_point("margin-3d6/duel.toml");
}

#[test]
fn a_stored_row_that_does_not_read_is_refused_with_its_revision() {
    let table = Table::open(origin("gurps/duel.toml"), Some(1)).expect("opens");
    let mut rows = table.stored_after(0);
    rows.push(StoredRecord {
        rev: 2,
        seat: Seat::Gm,
        entry: json!({"step": "not a list of inputs"}),
    });
    let err = Table::restore(table.origin().unwrap(), 1, &rows)
        .err()
        .expect("refused")
        .to_string();
    assert!(
        err.contains("entry 2 ") && err.contains("does not read"),
        "{err}"
    );
}

/// The knight's turn in knight-vs-orcs, with Alice playing him.
fn knights_turn() -> (Table, Seat, Value) {
    let mut table = Table::open(origin("gurps/knight-vs-orcs-table.toml"), Some(3)).expect("opens");
    let seats = json!({"seats": {"players": [{"name": "Alice", "figures": ["Sir Ector"]}]}});
    table.submit_json(&Seat::Gm, &seats.to_string()).unwrap();
    let alice = Seat::Player("Alice".into());
    // Play until the knight may attack an orc in reach.
    for _ in 0..200 {
        let mine = view(&table, &alice);
        if mine["pending"]["yours"] == true && mine["pending"]["kind"] == "action" {
            let suggested = mine["pending"]["suggested"].clone();
            if suggested.get("attack").is_some() {
                return (table, alice, suggested);
            }
        }
        let (seat, request) = next_request(&table).expect("not over yet");
        table.submit_json(&seat, &request.to_string()).unwrap();
    }
    panic!("the knight never attacked");
}

#[test]
fn the_odds_of_the_pending_attack_are_exact_and_the_same_every_time() {
    let (table, alice, attack) = knights_turn();
    let odds = table.odds(&alice, &attack, 200_000).expect("odds");
    assert_eq!(odds.actor, "Sir Ector");
    assert!(odds.complete);
    let hit = odds
        .features
        .iter()
        .find(|f| f.name == "hit")
        .expect("a hit feature");
    assert!(hit.p > 0.0 && hit.p < 1.0, "{hit:?}");
    assert!(hit.exact.contains('/'), "{hit:?}");
    assert!(!odds.outcomes.is_empty() && odds.outcomes.len() <= 8);
    assert!(
        odds.decisions.iter().any(|d| d.text.contains("Orc")),
        "the defender's choice is named: {:?}",
        odds.decisions
    );
    assert_eq!(table.odds(&alice, &attack, 200_000).unwrap(), odds);
    assert_eq!(table.odds(&Seat::Gm, &attack, 200_000).unwrap(), odds);
}

#[test]
fn the_odds_are_refused_to_other_seats_past_the_budget_and_for_illegal_actions() {
    let (table, _alice, attack) = knights_turn();
    let code = |r: Result<_, fray_session::table::odds::OddsRefused>| r.unwrap_err().reply().error;
    assert_eq!(
        code(table.odds(&Seat::Watcher, &attack, 200_000)),
        "not_yours"
    );
    assert_eq!(
        code(table.odds(&Seat::Player("Bob".into()), &attack, 200_000)),
        "not_yours"
    );
    assert_eq!(
        code(table.odds(&Seat::Gm, &json!({"nonsense": 1}), 200_000)),
        "bad_request"
    );
    let far = json!({"move": {"to": {"q": 7, "r": -7}, "path": [], "face": "n"}});
    let refused = table.odds(&Seat::Gm, &far, 200_000).unwrap_err().reply();
    assert!(
        ["illegal", "bad_request"].contains(&refused.error.as_str()),
        "{refused:?}"
    );
    // A budget of one sequence of rolls cannot hold an attack.
    let small = table.odds(&Seat::Gm, &attack, 1);
    match small {
        Err(e) => assert_eq!(e.reply().error, "too_big"),
        Ok(o) => assert!(!o.complete),
    }
}

#[test]
fn the_odds_are_the_gms_alone_while_figures_are_hidden() {
    let (mut table, alice, attack) = knights_turn();
    let hidden = json!({"seats": {"players": [{"name": "Alice", "figures": ["Sir Ector"]}], "npcs": "hidden"}});
    table.submit_json(&Seat::Gm, &hidden.to_string()).unwrap();
    let code = table
        .odds(&alice, &attack, 200_000)
        .unwrap_err()
        .reply()
        .error;
    assert_eq!(code, "hidden");
    assert!(table.odds(&Seat::Gm, &attack, 200_000).is_ok());
}

#[test]
fn the_odds_wait_for_an_action() {
    let table = Table::open(origin("gurps/duel.toml"), Some(1)).expect("opens");
    // The duel opens paused (the AI acts first): no action is waited for.
    let code = table
        .odds(&Seat::Gm, &json!({"do_nothing": null}), 1000)
        .unwrap_err()
        .reply()
        .error;
    assert_eq!(code, "not_wanted");
}

#[test]
fn typed_words_and_a_clicked_cell_become_the_request_they_stand_for() {
    let (mut table, alice, _) = knights_turn();
    let before = table.revision();
    let code = |r: Result<_, fray_session::table::protocol::ErrorReply>| r.unwrap_err().error;
    assert_eq!(code(table.words(&Seat::Watcher, "do nothing")), "not_yours");
    let off = table.words(&alice, "move Z99").unwrap_err();
    assert_eq!(off.error, "bad_request");
    assert!(off.message.contains("Z99 is not on the map"), "{off:?}");
    assert_eq!(code(table.words(&alice, "fly away")), "bad_request");
    // The knight's own cell's neighbour, by the name the map gives it.
    let mine = view(&table, &alice);
    let at = &mine["map"]["figures"][0]["cells"][0];
    let (q, r) = (at[0].as_i64().unwrap(), at[1].as_i64().unwrap());
    let next = mine["map"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["at"] == json!([q - 1, r]))
        .expect("a neighbour");
    let name = next["name"].as_str().unwrap();
    let request = table
        .words(&alice, &format!("move {name}"))
        .expect("a move");
    let json = serde_json::to_value(&request).unwrap();
    assert_eq!(json["act"]["actor"], "Sir Ector");
    assert!(json["act"]["action"].get("move").is_some(), "{json}");
    assert_eq!(table.revision(), before, "reading words gives nothing");
    table.submit(&alice, request).expect("the move is taken");
    let moved = view(&table, &Seat::Gm);
    let knight = moved["map"]["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == 0)
        .unwrap();
    assert_eq!(
        knight["cells"][0],
        json!([q - 1, r]),
        "the knight stands on {name}"
    );
}
