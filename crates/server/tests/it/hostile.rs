//! Safe to put on a network: unknown and malformed tokens, bodies too big
//! or unreadable, requests past the rate, scenarios that do not read, a
//! socket that sends junk: each gets a clear error, changes nothing, and
//! the server goes on.

use crate::common::{Live, Server, folder, scenario_text};
use serde_json::{Value, json};

#[test]
fn tokens_that_open_nothing_get_404_and_reveal_nothing() {
    let server = Server::start(&folder("tokens").join("t.db"), &[]);
    let http = server.http();
    let links = http.create(json!({"scenario": "gurps/duel.toml"}));
    let gm = links["gm"].as_str().unwrap();
    let mut wrong = gm.to_string();
    wrong.replace_range(0..1, if gm.starts_with('0') { "1" } else { "0" });
    for token in [
        wrong.as_str(),
        "x",
        "../../etc/passwd",
        &gm.to_uppercase(),
        &"f".repeat(5000),
    ] {
        let (status, err) = http.get(&format!("/api/t/{token}/view"));
        assert_eq!(status, 404, "{token}: {err}");
        assert_eq!(http.send(token, &json!("continue")).0, 404);
        assert!(
            Live::open(&server.base, token, 0).is_err(),
            "no socket for {token}"
        );
    }
    assert_eq!(http.view(gm)["revision"], 1);
}

#[test]
fn malformed_and_oversized_requests_are_refused_and_change_nothing() {
    let server = Server::start(&folder("malformed").join("t.db"), &[]);
    let http = server.http();
    let links = http.create(json!({"scenario": "gurps/duel.toml"}));
    let gm = links["gm"].as_str().unwrap();
    let path = format!("/api/t/{gm}/request");
    let nested = "[".repeat(10_000);
    let cases: Vec<(Vec<u8>, u16)> = vec![
        (b"not json".to_vec(), 400),
        (vec![0xff, 0xfe, 0x22], 400),
        (nested.into_bytes(), 400),
        (
            br#"{"act": {"action": {"no": "such action"}}}"#.to_vec(),
            400,
        ),
        (br#"{"command": {"line": "damage Nobody 3"}}"#.to_vec(), 400),
        (
            br#"{"override": {"damage": {"who": "Sir Bors", "amount": 2147483647}}}"#.to_vec(),
            409,
        ),
        (br#"{"roll": {"roll": {"total": 11}}}"#.to_vec(), 409),
        (format!("\"{}\"", "a".repeat(70 * 1024)).into_bytes(), 413),
    ];
    for (body, status) in cases {
        let (got, err) = http.post_raw(&path, &body[..]);
        assert_eq!(
            got,
            status,
            "{}: {err}",
            String::from_utf8_lossy(&body[..body.len().min(60)])
        );
        assert!(
            err["error"].is_string() && err["message"].is_string(),
            "{err}"
        );
    }
    assert_eq!(http.view(gm)["revision"], 1, "nothing was written");
    let (status, err) = http.get(&format!("/api/t/{gm}/records?after=minus-one"));
    assert_eq!(status, 400, "{err}");
    assert_eq!(
        http.send(gm, &json!("continue")).0,
        200,
        "the server goes on"
    );
}

#[test]
fn a_seat_past_its_rate_gets_429() {
    let server = Server::start(
        &folder("rate").join("t.db"),
        &["--requests-per-second", "0"],
    );
    let http = server.http();
    let links = http.create(json!({"scenario": "gurps/duel.toml"}));
    let gm = links["gm"].as_str().unwrap();
    let statuses: Vec<u16> = (0..45)
        .map(|_| http.get(&format!("/api/t/{gm}/view")).0)
        .collect();
    assert!(statuses[..40].iter().all(|s| *s == 200), "{statuses:?}");
    assert!(statuses[40..].iter().all(|s| *s == 429), "{statuses:?}");
    let (status, err) = http.send(gm, &json!("continue"));
    assert_eq!((status, err["error"].as_str()), (429, Some("too_fast")));
    // Another seat has its own rate.
    let watcher = links["watcher"].as_str().unwrap();
    assert_eq!(http.get(&format!("/api/t/{watcher}/view")).0, 200);
}

#[test]
fn new_tables_past_the_rate_of_an_address_get_429() {
    let server = Server::start(
        &folder("create-rate").join("t.db"),
        &["--tables-per-minute", "0"],
    );
    let http = server.http();
    let statuses: Vec<u16> = (0..12)
        .map(|_| {
            http.post("/api/tables", &json!({"scenario": "gurps/duel.toml"}))
                .0
        })
        .collect();
    assert_eq!(statuses, [[200; 10].as_slice(), &[429, 429]].concat());
}

#[test]
fn scenarios_that_do_not_read_are_refused_with_where_and_why() {
    let server = Server::start(&folder("scenarios").join("t.db"), &[]);
    let http = server.http();
    let cases = [
        (
            json!({"scenario": "gurps/nothing.toml"}),
            "no bundled scenario",
        ),
        (
            json!({"scenario": "gurps/duel.toml", "text": "x"}),
            "one of them",
        ),
        (json!({}), "one of them"),
        (
            json!({"text": "ruleset = \"gurps\"\n[[combatants]\nname = 3", "name": "mine.toml"}),
            "mine.toml",
        ),
        (json!({"text": "ruleset = \"chess\""}), "chess"),
        (
            json!({"scenario": "gurps/duel.toml", "players": [{"name": "gm", "figures": []}]}),
            "players",
        ),
        (
            json!({"scenario": "gurps/duel.toml", "extra": 1}),
            "unknown field",
        ),
    ];
    for (request, words) in cases {
        let (status, err) = http.post("/api/tables", &request);
        assert_eq!(status, 400, "{request}: {err}");
        let message = err["message"].as_str().unwrap();
        assert!(message.contains(words), "{request}: {message}");
    }
    // One byte over the limit: the server reads the whole body before it
    // refuses it, so the client has written it all by then. A body far
    // over the limit races the server's close, and a client still writing
    // may see a broken pipe instead of the 413.
    let limit = fray_server::limits::Limits::default().create_bytes;
    let wrapper = r#"{"text":""}"#.len();
    let big = json!({"text": "#".repeat(limit + 1 - wrapper)}).to_string();
    assert_eq!(big.len(), limit + 1);
    assert_eq!(http.post_raw("/api/tables", big).0, 413);
    // The page reads the limits to refuse a body too big before sending.
    let (status, limits) = http.get("/api/limits");
    assert_eq!(status, 200);
    assert_eq!(limits["create_bytes"], limit);
    assert_eq!(
        limits["request_bytes"],
        fray_server::limits::Limits::default().request_bytes
    );
}

#[test]
fn a_pasted_scenario_with_its_gcs_file_opens_by_the_file_name() {
    let server = Server::start(&folder("gcs").join("t.db"), &[]);
    let http = server.http();
    let text = scenario_text("gurps/bouncer-vs-knight.toml");
    let gcs = scenario_text("gurps/chars/brakka.gcs");
    let (status, err) = http.post(
        "/api/tables",
        &json!({"text": text, "name": "bouncer.toml"}),
    );
    assert_eq!(status, 400, "the GCS file is missing");
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("chars/brakka.gcs"),
        "{err}"
    );
    let links = http.create(json!({
        "text": text, "name": "bouncer.toml", "files": {"brakka.gcs": gcs},
    }));
    let view = http.view(links["gm"].as_str().unwrap());
    assert_eq!(view["ruleset"], "gurps");
    assert!(view["figures"].as_array().unwrap().len() >= 2);
    // The bundled one opens with its file too.
    http.create(json!({"scenario": "gurps/bouncer-vs-knight.toml"}));
}

#[test]
fn a_socket_that_sends_junk_is_ignored_and_a_late_socket_catches_up() {
    let server = Server::start(&folder("junk").join("t.db"), &[]);
    let http = server.http();
    let links = http.create(json!({"scenario": "gurps/duel.toml"}));
    let gm = links["gm"].as_str().unwrap();
    let watcher = links["watcher"].as_str().unwrap();
    let mut live = Live::open(&server.base, watcher, 0).unwrap();
    let first = live.next();
    assert_eq!(first["revision"], 1);
    assert_eq!(first["records"].as_array().unwrap().len(), 1);
    live.send_text("{\"act\": \"junk\"}");
    live.send_text(&"x".repeat(3000));
    assert_eq!(http.send(gm, &json!("continue")).0, 200);
    let rev = http.view(gm)["revision"].as_u64().unwrap();
    let (records, _) = live.until(rev);
    assert_eq!(records.last().unwrap()["rev"].as_u64(), Some(rev));
    // A page back from a drop catches up from its last revision exactly.
    let mut late = Live::open(&server.base, watcher, 1).unwrap();
    let caught = late.next();
    let revs: Vec<u64> = caught["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rev"].as_u64().unwrap())
        .collect();
    assert_eq!(revs, (2..=rev).collect::<Vec<_>>());
    assert_eq!(caught["view"], http.view(watcher));
    // A message too big closes that socket only.
    live.send_text(&"y".repeat(100 * 1024));
    assert_eq!(http.view(gm)["revision"].as_u64(), Some(rev));
}

#[test]
fn pages_are_served_from_the_binary_with_strict_headers() {
    let server = Server::start(&folder("pages").join("t.db"), &[]);
    let http = server.http();
    for path in [
        "/",
        "/t/00000000000000000000000000000000",
        "/assets/app.js",
        "/assets/map.js",
        "/assets/lobby.js",
        "/assets/style.css",
        "/assets/icon.svg",
    ] {
        let (status, headers, text) = http.page(path);
        assert_eq!(status, 200, "{path}");
        assert!(!text.is_empty(), "{path}");
        let csp = headers
            .get("content-security-policy")
            .unwrap()
            .to_str()
            .unwrap();
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert_eq!(
            headers.get("referrer-policy").unwrap(),
            "no-referrer",
            "links carry tokens"
        );
    }
    for page in ["/", "/t/00000000000000000000000000000000"] {
        let html = http.page(page).2;
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "no CDN: {page}"
        );
        assert!(!html.contains("<script>"), "no inline script: {page}");
    }
    assert_eq!(http.page("/assets/../Cargo.toml").0, 404);
    assert_eq!(http.get("/nowhere").0, 404);
}

#[test]
fn the_bundled_scenarios_are_the_folders_and_each_opens() {
    let server = Server::start(&folder("bundled").join("t.db"), &[]);
    let http = server.http();
    let (status, list) = http.get("/api/scenarios");
    assert_eq!(status, 200);
    let listed: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["path"].as_str().unwrap().to_string())
        .collect();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut on_disk = Vec::new();
    for ruleset in std::fs::read_dir(&root).unwrap() {
        let ruleset = ruleset.unwrap().path();
        for f in std::fs::read_dir(&ruleset).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "toml") {
                on_disk.push(
                    f.strip_prefix(&root)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/"),
                );
            }
        }
    }
    on_disk.sort();
    assert_eq!(listed, on_disk);
    for s in list.as_array().unwrap() {
        let links = http.create(json!({"scenario": s["path"]}));
        let view: Value = http.view(links["gm"].as_str().unwrap());
        assert_eq!(view["ruleset"], s["ruleset"], "{s}");
        assert_eq!(view["name"], s["name"], "{s}");
    }
}
