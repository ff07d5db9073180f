//! The exact odds of the chosen action over HTTP, before it is sent.

use crate::common::{Server, folder, policy, token_for};
use serde_json::json;

#[test]
fn the_player_reads_the_exact_odds_of_an_attack_before_sending_it() {
    let server = Server::start(&folder("odds").join("t.db"), &[]);
    let http = server.http();
    let links = http.create(json!({
        "scenario": "gurps/knight-vs-orcs-table.toml",
        "players": [{"name": "Alice", "figures": ["Sir Ector"]}],
    }));
    let gm = links["gm"].as_str().unwrap();
    let alice = links["players"]["Alice"].as_str().unwrap();
    let watcher = links["watcher"].as_str().unwrap();
    for _ in 0..300 {
        let mine = http.view(alice);
        let pending = &mine["pending"];
        if pending["yours"] == true
            && pending["kind"] == "action"
            && pending["suggested"].get("attack").is_some()
        {
            let asked = json!({"action": pending["suggested"]});
            let before = http.view(gm)["revision"].clone();
            let (status, odds) = http.post(&format!("/api/t/{alice}/odds"), &asked);
            assert_eq!(status, 200, "{odds}");
            let hit = odds["features"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["name"] == "hit")
                .expect("hit");
            let p = hit["p"].as_f64().unwrap();
            assert!(p > 0.0 && p < 1.0, "{odds}");
            assert_eq!(odds["complete"], true);
            assert_eq!(
                http.post(&format!("/api/t/{alice}/odds"), &asked).1,
                odds,
                "the same every time"
            );
            let (status, err) = http.post(&format!("/api/t/{watcher}/odds"), &asked);
            assert_eq!((status, err["error"].as_str()), (403, Some("not_yours")));
            let (status, _) = http.post(
                &format!("/api/t/{alice}/odds"),
                &json!({"action": {"bogus": 1}}),
            );
            assert_eq!(status, 400);
            assert_eq!(http.view(gm)["revision"], before, "odds write nothing");
            return;
        }
        let view = http.view(gm);
        let (token, request) = if view["paused"] == true {
            (gm, json!("continue"))
        } else {
            let owner = token_for(&links, &view["pending"]["seat"]);
            (owner, policy(&http.view(owner)).unwrap())
        };
        assert_eq!(http.send(token, &request).0, 200);
    }
    panic!("the knight never attacked");
}
