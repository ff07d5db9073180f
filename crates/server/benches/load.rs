//! The web table under load (a benchmark, not a timed test): N tables on
//! one `fray-server` process, each with a GM and four players connected on
//! the live socket, playing knight-vs-orcs with every figure at a player's
//! seat. Each table's entries are sent by the seat asked (the AI's
//! suggestion, or "roll for me"), a think time apart.
//!
//! Measured per entry: the time from sending the request to its reply
//! (committed to SQLite), and to the moment all five sockets of the table
//! have the update (the AI's suggestion, which the seat asked waits for
//! before it sends, comes after the update and counts as thinking time); the server's resident memory before the tables and
//! after them (per table).
//!
//! `cargo bench -p fray-server --bench load -- [--tables 200] [--entries 40] [--think-ms 1000]`
//! Traffic goes to 127.0.0.1 only; the run is bounded by the entries.

use futures_util::StreamExt;
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::watch;

struct Options {
    tables: usize,
    entries: usize,
    think_ms: u64,
}

fn options() -> Options {
    let args: Vec<String> = std::env::args().collect();
    let get = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    Options {
        tables: get("--tables", 200) as usize,
        entries: get("--entries", 40) as usize,
        think_ms: get("--think-ms", 1000),
    }
}

/// A minimal HTTP/1.1 client on one kept-alive connection.
struct Http {
    stream: tokio::io::BufStream<TcpStream>,
    host: String,
}

impl Http {
    async fn connect(host: &str) -> Http {
        let stream = TcpStream::connect(host).await.expect("connects");
        stream.set_nodelay(true).expect("no Nagle delay");
        Http {
            stream: tokio::io::BufStream::new(stream),
            host: host.to_string(),
        }
    }

    async fn call(&mut self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.host,
            body.len()
        );
        self.stream
            .write_all(head.as_bytes())
            .await
            .expect("writes");
        self.stream
            .write_all(body.as_bytes())
            .await
            .expect("writes");
        self.stream.flush().await.expect("sends");
        let mut buf = Vec::new();
        let mut byte = [0u8; 1];
        while !buf.ends_with(b"\r\n\r\n") {
            self.stream.read_exact(&mut byte).await.expect("reads");
            buf.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&buf).to_string();
        let status: u16 = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let length: usize = head
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case("content-length")
                    .then(|| v.trim().parse().ok())?
            })
            .unwrap_or(0);
        let mut body = vec![0u8; length];
        self.stream
            .read_exact(&mut body)
            .await
            .expect("reads the body");
        (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
    }
}

/// What the load client reads of a message on the live socket. Only these
/// fields are decoded (the rest of each view is skipped without being
/// kept): a client that parsed and cloned whole views spent three times
/// the server's CPU on the same two cores and so measured itself.
#[derive(Deserialize)]
struct Message {
    #[serde(rename = "type")]
    kind: String,
    revision: u64,
    #[serde(default)]
    view: Option<Seen>,
    #[serde(default)]
    suggested: Option<Value>,
}

/// A seat's view, as far as the client needs it.
#[derive(Clone, Default, Deserialize)]
struct Seen {
    #[serde(default)]
    over: Option<IgnoredAny>,
    #[serde(default)]
    paused: bool,
    #[serde(default)]
    pending: Option<Pending>,
}

/// What is pending, as far as the client needs it.
#[derive(Clone, Deserialize)]
struct Pending {
    kind: String,
    seat: Seat,
    yours: bool,
    #[serde(default)]
    suggested: Option<Value>,
}

/// The seat a pending input is for (`"gm"` or `{"player": NAME}`).
#[derive(Clone, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Seat {
    Gm,
    Player(String),
    Watcher,
}

impl Pending {
    /// Whether the seat is asked for an action or an answer of its own.
    fn asks(&self) -> bool {
        self.yours && matches!(self.kind.as_str(), "action" | "answer")
    }
}

/// One seat's socket: its latest revision, view and when it came (the
/// update; the AI's suggestion that follows it is written into the view's
/// `pending.suggested` without changing the time).
type Latest = watch::Receiver<(u64, Seen, Instant)>;

async fn socket(host: &str, token: &str) -> Latest {
    let url = format!("ws://{host}/api/t/{token}/live?after=0");
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("socket");
    let (tx, rx) = watch::channel((0, Seen::default(), Instant::now()));
    tokio::spawn(async move {
        while let Some(Ok(m)) = ws.next().await {
            if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
                let now = Instant::now();
                let Ok(m) = serde_json::from_str::<Message>(t.as_str()) else {
                    continue;
                };
                if m.kind == "suggestion" {
                    tx.send_modify(|(r, view, _)| {
                        if let (true, Some(p)) = (*r == m.revision, view.pending.as_mut()) {
                            p.suggested = m.suggested;
                        }
                    });
                } else if let Some(view) = m.view {
                    if tx.send((m.revision, view, now)).is_err() {
                        break;
                    }
                }
            }
        }
        let _ = ws.close(None).await;
    });
    rx
}

async fn at(rx: &mut Latest, rev: u64) -> (Seen, Instant) {
    let got = rx
        .wait_for(|(r, _, _)| *r >= rev)
        .await
        .expect("socket open");
    (got.1.clone(), got.2)
}

/// The view at `rev` or later once it holds what the seat needs to give
/// its input: the AI's suggestion for an action or an answer of its own.
async fn ready(rx: &mut Latest, rev: u64) -> Seen {
    let got = rx
        .wait_for(|(r, v, _)| {
            let waiting = v
                .pending
                .as_ref()
                .is_some_and(|p| p.asks() && p.suggested.is_none());
            *r >= rev && !waiting
        })
        .await
        .expect("socket open");
    got.1.clone()
}

/// What one seat sends for what it is asked.
fn request(view: &Seen) -> Value {
    let Some(p) = &view.pending else {
        return json!("roll_for_me");
    };
    match p.kind.as_str() {
        "action" => json!({"act": {"action": p.suggested}}),
        "answer" => json!({"answer": {"answer": p.suggested}}),
        _ => json!("roll_for_me"),
    }
}

#[derive(Default)]
struct Figures {
    ack: Vec<Duration>,
    seen: Vec<Duration>,
    /// The slowest replies: time, entry number, request.
    slow: Vec<(Duration, usize, String)>,
}

const PLAYERS: [(&str, &str); 4] = [
    ("P1", "Sir Ector"),
    ("P2", "Orc chief"),
    ("P3", "Orc"),
    ("P4", "Orc runt"),
];

/// Creates a table; its tokens (GM first, then the players').
async fn create(host: &str, seed: u64) -> Vec<String> {
    let mut http = Http::connect(host).await;
    let players: Vec<Value> = PLAYERS
        .iter()
        .map(|(n, f)| json!({"name": n, "figures": [f]}))
        .collect();
    let body =
        json!({"scenario": "gurps/knight-vs-orcs-table.toml", "players": players, "seed": seed});
    let (status, links) = http.call("POST", "/api/tables", &body.to_string()).await;
    assert_eq!(status, 200, "{links}");
    let mut tokens = vec![links["gm"].as_str().unwrap().to_string()];
    for (name, _) in PLAYERS {
        tokens.push(links["players"][name].as_str().unwrap().to_string());
    }
    tokens
}

/// Plays one table: `entries` entries, `think` apart.
async fn play(
    host: String,
    tokens: Vec<String>,
    mut sockets: Vec<Latest>,
    entries: usize,
    think: Duration,
    start_after: Duration,
) -> Figures {
    let mut http = Http::connect(&host).await;
    let mut figures = Figures::default();
    let mut rev = 1;
    tokio::time::sleep(start_after).await;
    for entry in 0..entries {
        let (gm, _) = at(&mut sockets[0], rev).await;
        if gm.over.is_some() {
            break;
        }
        let (seat, req) = if gm.paused {
            (0, json!("continue"))
        } else {
            let seat = match gm.pending.as_ref().map(|p| &p.seat) {
                Some(Seat::Player(p)) => 1 + PLAYERS.iter().position(|(n, _)| n == p).unwrap_or(0),
                _ => 0,
            };
            let mine = ready(&mut sockets[seat], rev).await;
            (seat, request(&mine))
        };
        let sent = Instant::now();
        let (status, reply) = http
            .call(
                "POST",
                &format!("/api/t/{}/request", tokens[seat]),
                &req.to_string(),
            )
            .await;
        let acked = Instant::now();
        assert_eq!(status, 200, "{reply}");
        rev = reply["revision"].as_u64().unwrap();
        figures.ack.push(acked - sent);
        let kind: String = req.to_string().chars().take(40).collect();
        figures.slow.push((acked - sent, entry, kind));
        let mut last = acked;
        for s in sockets.iter_mut() {
            let (_, when) = at(s, rev).await;
            last = last.max(when);
        }
        figures.seen.push(last - sent);
        tokio::time::sleep(think).await;
    }
    figures
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn main() {
    let o = options();
    let dir = std::env::temp_dir().join(format!("fray-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let mut server = Command::new(env!("CARGO_BIN_EXE_fray-server"))
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(dir.join("load.db"))
        .args([
            "--tables-per-minute",
            "1000000000",
            "--requests-per-second",
            "1000000000",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let host = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    let pid = server.id();
    let before = rss_kib(pid);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let (figures, after_tables, wall) = runtime.block_on(async {
        let mut tables = Vec::new();
        for i in 0..o.tables {
            // Each table its own dice, so the tables do not play in lockstep.
            let tokens = create(&host, i as u64 + 1).await;
            let mut sockets = Vec::new();
            for t in &tokens {
                sockets.push(socket(&host, t).await);
            }
            tables.push((tokens, sockets));
        }
        let after_tables = rss_kib(pid);
        let started = Instant::now();
        let think = Duration::from_millis(o.think_ms);
        let n = tables.len().max(1) as u64;
        let handles: Vec<_> = tables
            .into_iter()
            .enumerate()
            .map(|(i, (tokens, sockets))| {
                // Tables start spread over one think time, as people do.
                let offset = Duration::from_millis(o.think_ms * i as u64 / n);
                tokio::spawn(play(
                    host.clone(),
                    tokens,
                    sockets,
                    o.entries,
                    think,
                    offset,
                ))
            })
            .collect();
        let mut all = Figures::default();
        for h in handles {
            let f = h.await.expect("a table plays");
            all.ack.extend(f.ack);
            all.seen.extend(f.seen);
            all.slow.extend(f.slow);
        }
        (Arc::new(all), after_tables, started.elapsed())
    });
    let after_play = rss_kib(pid);
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
    let mut ack = figures.ack.clone();
    let mut seen = figures.seen.clone();
    ack.sort();
    seen.sort();
    let mut slow = figures.slow.clone();
    slow.sort_by_key(|s| std::cmp::Reverse(s.0));
    for (d, entry, kind) in slow.iter().take(5) {
        println!(
            "slow reply: {:.1} ms at entry {entry}: {kind}",
            d.as_secs_f64() * 1000.0
        );
    }
    let per_table =
        |kib: u64| (kib.saturating_sub(before)) as f64 / 1024.0 / o.tables.max(1) as f64;
    println!(
        "tables {}, connections {}, entries {} in {:.1} s, think {} ms",
        o.tables,
        o.tables * 5,
        ack.len(),
        wall.as_secs_f64(),
        o.think_ms
    );
    println!(
        "reply (committed): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&ack, 0.5),
        percentile(&ack, 0.99),
        percentile(&ack, 1.0)
    );
    println!(
        "seen by all five sockets: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&seen, 0.5),
        percentile(&seen, 0.99),
        percentile(&seen, 1.0)
    );
    println!(
        "server memory: {before} KiB at start, {} KiB with the tables open ({:.2} MiB a table), {} KiB after play ({:.2} MiB a table)",
        after_tables,
        per_table(after_tables),
        after_play,
        per_table(after_play)
    );
}
