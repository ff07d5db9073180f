//! Nothing acknowledged is lost: the server killed with SIGKILL mid-fight
//! and restarted on the same database has every table where its last
//! acknowledged record left it, with the same dice to come.

use crate::common::{Http, Server, folder, policy, token_for};
use crate::fights::play_to_end;
use fray_session::{Origin, Seat, Table};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// The knight-vs-orcs table with Alice as the knight, the orcs' dice by
/// the GM's hand.
fn knight_table(http: &Http) -> Value {
    let links = http.create(json!({
        "scenario": "gurps/knight-vs-orcs-table.toml",
        "players": [{"name": "Alice", "figures": ["Sir Ector"]}],
    }));
    let gm = links["gm"].as_str().unwrap();
    let (status, reply) = http.send(gm, &json!({"command": {"line": "dice Orcs hand"}}));
    assert_eq!(status, 200, "{reply}");
    links
}

/// One input of the fight as its seat gives it; false at the end.
fn one_input(http: &Http, links: &Value) -> bool {
    let gm = links["gm"].as_str().unwrap();
    let view = http.view(gm);
    if !view["over"].is_null() {
        return false;
    }
    let (token, request) = if view["paused"] == true {
        (gm, json!("continue"))
    } else {
        let owner = token_for(links, &view["pending"]["seat"]);
        (owner, policy(&http.view(owner)).expect("asked"))
    };
    let (status, reply) = http.send(token, &request);
    assert_eq!(status, 200, "{reply}");
    true
}

#[test]
fn a_server_killed_mid_fight_restarts_where_it_was_with_the_same_dice_to_come() {
    let db = folder("killed").join("t.db");
    let mut server = Server::start(&db, &[]);
    let http = server.http();
    let links = knight_table(&http);
    let gm = links["gm"].as_str().unwrap();
    let alice = links["players"]["Alice"].as_str().unwrap();
    for _ in 0..12 {
        assert!(one_input(&http, &links), "the fight goes on");
    }
    let before = http.view(gm);
    let before_alice = http.view(alice);
    let save = http.page(&format!("/api/t/{gm}/save")).2;
    server.kill();

    let server = Server::start(&db, &[]);
    let http = server.http();
    assert_eq!(http.view(gm), before, "the GM's page carries on");
    assert_eq!(
        http.view(alice),
        before_alice,
        "the player's page carries on"
    );
    play_to_end(&http, &links, |_| {});
    let end = http.view(gm);

    // The same dice to come: the game saved before the kill, played on in
    // the library with the same choices, ends exactly the same.
    let mut again = Table::load("game.toml", &save).expect("loads");
    while let Some((seat, request)) = next_in_library(&again) {
        again
            .submit_json(&seat, &request.to_string())
            .expect("accepted");
    }
    assert_eq!(serde_json::to_value(again.view(&Seat::Gm)).unwrap(), end);
}

/// What the seat asked sends, in the library.
fn next_in_library(table: &Table) -> Option<(Seat, Value)> {
    let gm = serde_json::to_value(table.view(&Seat::Gm)).unwrap();
    if !gm["over"].is_null() {
        return None;
    }
    if gm["paused"] == true {
        return Some((Seat::Gm, json!("continue")));
    }
    let seat: Seat = serde_json::from_value(gm["pending"]["seat"].clone()).unwrap();
    let view = serde_json::to_value(table.view(&seat)).unwrap();
    Some((seat, policy(&view).expect("asked")))
}

/// Requests keep coming while the server is killed: every one that was
/// acknowledged is in the database after the restart, record for record.
#[test]
fn a_kill_during_requests_loses_no_acknowledged_record() {
    let db = folder("racing").join("t.db");
    let mut server = Server::start(&db, &[]);
    let http = server.http();
    let links = knight_table(&http);
    let gm = links["gm"].as_str().unwrap().to_string();
    let (tx, rx) = std::sync::mpsc::channel::<(String, Value)>();
    let sender = {
        let (http, links) = (http.clone(), links.clone());
        std::thread::spawn(move || {
            // Until the server is gone: each acknowledged reply goes back.
            let gm = links["gm"].as_str().unwrap();
            while let Some((200, view)) = http.try_get(&format!("/api/t/{gm}/view")) {
                if !view["over"].is_null() {
                    return;
                }
                let (token, request) = if view["paused"] == true {
                    (gm.to_string(), json!("continue"))
                } else {
                    let owner = token_for(&links, &view["pending"]["seat"]).to_string();
                    let Some((200, mine)) = http.try_get(&format!("/api/t/{owner}/view")) else {
                        return;
                    };
                    (owner, policy(&mine).expect("asked"))
                };
                match http.try_post(&format!("/api/t/{token}/request"), &request) {
                    Some((200, reply)) if tx.send((token.clone(), reply.clone())).is_ok() => {}
                    _ => return,
                }
            }
        })
    };
    // Kill once five requests were acknowledged, while more are on the way.
    let mut acknowledged: Vec<(String, Value)> =
        (0..5).map(|_| rx.recv().expect("a reply")).collect();
    server.kill();
    sender.join().expect("the sender ends");
    acknowledged.extend(rx.try_iter());

    let server = Server::start(&db, &[]);
    let http = server.http();
    // Each reply's records, read back by the seat that got it.
    let mut last = 0;
    for (token, reply) in &acknowledged {
        let (status, log) = http.get(&format!("/api/t/{token}/records?after=0"));
        assert_eq!(status, 200);
        let by_rev: BTreeMap<u64, &Value> = log
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["rev"].as_u64().unwrap(), r))
            .collect();
        for record in reply["records"].as_array().unwrap() {
            let rev = record["rev"].as_u64().unwrap();
            assert_eq!(
                by_rev.get(&rev),
                Some(&record),
                "acknowledged record {rev} is kept"
            );
            last = last.max(rev);
        }
    }
    assert!(http.view(&gm)["revision"].as_u64().unwrap() >= last);
    // And the table goes on from there.
    assert!(one_input(&http, &links));
}

/// A table the library rebuilds from the server's database rows is the
/// server's table (the rows are the whole truth).
#[test]
fn the_rows_in_the_database_rebuild_the_table() {
    let db = folder("rows").join("t.db");
    let mut server = Server::start(&db, &[]);
    let http = server.http();
    let links = knight_table(&http);
    for _ in 0..6 {
        one_input(&http, &links);
    }
    let gm = links["gm"].as_str().unwrap();
    let view = http.view(gm);
    server.kill();
    let store = fray_server::store::Store::open(&db, false).expect("opens");
    let id = links["table"].as_i64().unwrap();
    let stored = store.table(id).expect("reads").expect("the table");
    let table = Table::restore(stored.origin, stored.seed, &stored.records).expect("rebuilds");
    assert_eq!(serde_json::to_value(table.view(&Seat::Gm)).unwrap(), view);
    let origin: Origin = table.origin().unwrap();
    assert_eq!(origin.name, "gurps/knight-vs-orcs-table.toml");
}
