//! A GM and two players play a fight of each ruleset to its end over real
//! HTTP on loopback, while a watcher follows on the live socket: inputs
//! from the wrong seat refused and changing nothing, the GM's override
//! taken back and given back, every seat's log the same records.

use crate::common::{Http, Live, Server, folder, policy, token_for};
use serde_json::{Value, json};

/// Plays the table of `links` to its end, each seat sending what
/// [`policy`] says; `at(n)` runs before the n-th input. Returns how many inputs.
pub fn play_to_end(http: &Http, links: &Value, mut at: impl FnMut(usize)) -> usize {
    let gm = links["gm"].as_str().unwrap();
    for n in 0..20_000 {
        at(n);
        let view = http.view(gm);
        if !view["over"].is_null() {
            return n;
        }
        if view["paused"] == true {
            assert_eq!(http.send(gm, &json!("continue")).0, 200);
            continue;
        }
        assert!(view["stuck"].is_null(), "{}", view["stuck"]);
        let owner = token_for(links, &view["pending"]["seat"]);
        let request = policy(&http.view(owner)).expect("the seat is asked");
        let (status, reply) = http.send(owner, &request);
        assert_eq!(status, 200, "{request} -> {reply}");
        assert!(reply["revision"].as_u64().unwrap() > view["revision"].as_u64().unwrap());
    }
    panic!("the fight did not end");
}

/// The other seats' attempts at `request`: refused, nothing written.
fn others_refused(http: &Http, links: &Value, owner: &str, request: &Value) {
    let gm = links["gm"].as_str().unwrap();
    let before = http.view(gm)["revision"].clone();
    let mut others: Vec<&str> = links["players"]
        .as_object()
        .unwrap()
        .values()
        .map(|t| t.as_str().unwrap())
        .collect();
    others.push(links["watcher"].as_str().unwrap());
    for token in others.into_iter().filter(|t| *t != owner) {
        let (status, err) = http.send(token, request);
        assert_eq!(status, 403, "{err}");
        assert!(
            ["not_yours", "watcher"].contains(&err["error"].as_str().unwrap()),
            "{err}"
        );
    }
    assert_eq!(http.view(gm)["revision"], before, "refusals write nothing");
}

fn a_fight_at_three_seats_over_http(name: &str, scenario: &str) {
    let server = Server::start(&folder(name).join("t.db"), &[]);
    let http = server.http();
    let links = http.create(json!({"scenario": scenario, "seed": 5}));
    let gm = links["gm"].as_str().unwrap().to_string();
    let figures = http.view(&gm)["figures"].clone();
    let (a, b) = (figures[0]["name"].clone(), figures[1]["name"].clone());
    let seats = json!({"seats": {"players": [
        {"name": "Alice", "figures": [a]}, {"name": "Bob", "figures": [b]}]}});
    let (status, _) = http.send(links["watcher"].as_str().unwrap(), &seats);
    assert_eq!(status, 403, "a watcher seats no one");
    assert_eq!(http.send(&gm, &seats).0, 200);
    // The new seats got their links, which only the GM reads.
    let (status, links) = http.get(&format!("/api/t/{gm}/links"));
    assert_eq!(status, 200);
    let alice = links["players"]["Alice"].as_str().unwrap().to_string();
    let bob = links["players"]["Bob"].as_str().unwrap().to_string();
    assert_eq!(http.get(&format!("/api/t/{alice}/links")).0, 403);
    assert_eq!(http.view(&alice)["seat"], json!({"player": "Alice"}));
    assert!(http.view(&bob)["seed"].is_null(), "the seed is the GM's");

    let watcher = links["watcher"].as_str().unwrap();
    let mut live = Live::open(&server.base, watcher, 0).expect("the watcher connects");
    let mut overridden = false;
    let inputs = play_to_end(&http, &links, |n| {
        let view = http.view(&gm);
        if !view["over"].is_null() {
            return;
        }
        if n % 4 == 1 && view["paused"] == false {
            let owner = token_for(&links, &view["pending"]["seat"]);
            if let Some(request) = policy(&http.view(owner)) {
                others_refused(&http, &links, owner, &request);
            }
        }
        if n >= 6 && !overridden && view["in_progress"] == false {
            let damage = json!({"override": {"damage": {"who": b, "amount": 1}}});
            assert_eq!(http.send(&alice, &damage).1["error"], "gm_only");
            assert_eq!(http.send(&gm, &damage).0, 200);
            assert_eq!(http.send(&gm, &json!("undo")).0, 200);
            assert_eq!(http.send(&bob, &json!("redo")).1["error"], "gm_only");
            assert_eq!(http.send(&gm, &json!("redo")).0, 200);
            overridden = true;
        }
    });
    assert!(inputs > 3 && overridden, "{name}: {inputs} inputs");
    let end = http.view(&gm);
    assert!(!end["over"].is_null());
    let last = end["revision"].as_u64().unwrap();
    let (records, view) = live.until(last);
    assert!(!view["over"].is_null(), "the watcher sees the end");
    // The watcher read every record once, in order: the log as the
    // watcher's GET gives it.
    let (status, log) = http.get(&format!("/api/t/{watcher}/records?after=0"));
    assert_eq!(status, 200);
    assert_eq!(Value::Array(records.clone()), log, "{name}");
    let kinds: Vec<&str> = records
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    for kind in ["open", "seats", "input", "step", "override", "undo", "redo"] {
        assert!(kinds.contains(&kind), "{name}: no {kind}: {kinds:?}");
    }
    // Every seat reads the same records (the GM's with their dice).
    for token in [&gm, &alice, &bob] {
        let (_, theirs) = http.get(&format!("/api/t/{token}/records?after=0"));
        let revs: Vec<&Value> = theirs
            .as_array()
            .unwrap()
            .iter()
            .map(|r| &r["rev"])
            .collect();
        let expected: Vec<&Value> = records.iter().map(|r| &r["rev"]).collect();
        assert_eq!(revs, expected);
    }
    let (_, gm_log) = http.get(&format!("/api/t/{gm}/records?after=0"));
    assert!(
        gm_log
            .as_array()
            .unwrap()
            .iter()
            .all(|r| !r["entry"].is_null())
    );
    assert!(
        records.iter().all(|r| r["entry"].is_null()),
        "the dice are the GM's"
    );
    // The GM saves the game; the save reopens in the session library at
    // the same end.
    let (status, _, save) = http.page(&format!("/api/t/{gm}/save"));
    assert_eq!(status, 200);
    let reopened = fray_session::Table::load("game.toml", &save).expect("the save loads");
    assert_eq!(
        serde_json::to_value(reopened.view(&fray_session::Seat::Gm)).unwrap(),
        end
    );
    assert_eq!(http.get(&format!("/api/t/{alice}/save")).0, 403);
}

#[test]
fn a_gurps_fight_at_three_seats_over_http() {
    a_fight_at_three_seats_over_http("gurps", "gurps/duel.toml");
}

#[test]
fn a_dragonquest_fight_at_three_seats_over_http() {
    a_fight_at_three_seats_over_http("dq", "dragonquest/duel.toml");
}

#[test]
fn a_d20_3d6_fight_at_three_seats_over_http() {
    a_fight_at_three_seats_over_http("d20", "d20-3d6/duel.toml");
}

#[test]
fn a_margin_3d6_fight_at_three_seats_over_http() {
    a_fight_at_three_seats_over_http("margin", "margin-3d6/duel.toml");
}

/// Several tables at once, each on its own: a request at one changes no
/// other, and a token opens only its own table.
#[test]
fn tables_run_side_by_side_and_a_token_opens_only_its_own() {
    let server = Server::start(&folder("side").join("t.db"), &[]);
    let http = server.http();
    let one = http.create(json!({"scenario": "gurps/duel.toml", "seed": 1}));
    let two = http.create(json!({"scenario": "gurps/duel.toml", "seed": 1}));
    assert_ne!(one["table"], two["table"]);
    let (g1, g2) = (one["gm"].as_str().unwrap(), two["gm"].as_str().unwrap());
    assert_eq!(http.send(g1, &json!("continue")).0, 200);
    assert_eq!(http.view(g2)["revision"], 1, "the other table did not move");
    assert!(http.view(g1)["revision"].as_u64().unwrap() > 1);
    for token in [
        one["watcher"].as_str().unwrap(),
        one["gm"].as_str().unwrap(),
    ] {
        assert!(two.to_string().find(token).is_none());
    }
}

/// A player's socket gets each update without the AI's choice, then, when
/// the update waits for that player's action or answer, the choice for
/// that revision: the one its `GET view` carries. A watcher gets none.
#[test]
fn the_ais_choice_follows_the_update_on_the_seat_asked() {
    let server = Server::start(&folder("suggestion").join("t.db"), &[]);
    let http = server.http();
    let links = http.create(json!({"scenario": "gurps/duel.toml",
        "players": [{"name": "Alice", "figures": ["Sir Bors"]}]}));
    let gm = links["gm"].as_str().unwrap();
    let alice = links["players"]["Alice"].as_str().unwrap();
    let mut mine = Live::open(&server.base, alice, 0).unwrap();
    let mut watching = Live::open(&server.base, links["watcher"].as_str().unwrap(), 0).unwrap();
    if http.view(gm)["paused"] == true {
        assert_eq!(http.send(gm, &json!("continue")).0, 200);
    }
    let mut asked = 0;
    while asked < 3 {
        let view = http.view(gm);
        assert!(
            view["over"].is_null(),
            "the duel lasts three of Alice's inputs"
        );
        let rev = view["revision"].as_u64().unwrap();
        let owner = token_for(&links, &view["pending"]["seat"]);
        let update = loop {
            let m = mine.next();
            if m["type"] == "update" && m["revision"].as_u64() == Some(rev) {
                break m;
            }
        };
        assert!(update["view"]["pending"]["suggested"].is_null(), "{update}");
        let pending = &update["view"]["pending"];
        let kind = pending["kind"].as_str().unwrap();
        if owner == alice && kind != "roll" {
            let suggestion = mine.next();
            assert_eq!(suggestion["type"], "suggestion", "{suggestion}");
            assert_eq!(suggestion["revision"].as_u64(), Some(rev));
            let by_get = http.view(alice);
            assert_eq!(suggestion["suggested"], by_get["pending"]["suggested"]);
            assert!(!suggestion["suggested"].is_null());
            asked += 1;
        }
        let request = policy(&http.view(owner)).expect("the seat is asked");
        assert_eq!(http.send(owner, &request).0, 200);
    }
    let last = http.view(gm)["revision"].as_u64().unwrap();
    loop {
        let m = watching.next();
        assert_eq!(m["type"], "update", "a watcher is asked nothing: {m}");
        if m["revision"].as_u64() == Some(last) {
            break;
        }
    }
}
