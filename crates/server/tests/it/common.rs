//! A real server process on loopback, and clients for it: HTTP (ureq) and
//! the live socket (tungstenite).

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tungstenite::stream::MaybeTlsStream;

/// A `fray-server` process.
pub struct Server {
    child: Option<Child>,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
}

/// A fresh folder for one test's database.
pub fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("server-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

impl Server {
    /// Starts the server on a free port with the database `db`; its rates
    /// are unbounded unless `extra` sets them.
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        let mut args: Vec<&str> = extra.to_vec();
        for rate in ["--requests-per-second", "--tables-per-minute"] {
            if !extra.contains(&rate) {
                args.extend([rate, "1000000000"]);
            }
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_fray-server"))
            .args(["--addr", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        BufReader::new(stdout).read_line(&mut line).expect("reads");
        if line.is_empty() {
            let mut err = String::new();
            let _ = child.stderr.take().map(|mut e| e.read_to_string(&mut err));
            panic!("the server did not start: {err}");
        }
        let base = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .expect("the address on the first line")
            .trim_end_matches('/')
            .to_string();
        Server {
            child: Some(child),
            base,
        }
    }

    /// Kills the process with SIGKILL (`Child::kill` on Unix) and waits
    /// for it.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// An HTTP client of this server.
    pub fn http(&self) -> Http {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(120)))
            .build()
            .into();
        Http {
            agent,
            base: self.base.clone(),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// An HTTP client.
#[derive(Clone)]
pub struct Http {
    agent: ureq::Agent,
    /// The server's address.
    pub base: String,
}

/// A status and a body (JSON when it is JSON, else the text as a string).
pub type Answer = (u16, Value);

fn answer(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
    let mut response = response.expect("the server answers");
    let status = response.status().as_u16();
    let text = response
        .body_mut()
        .with_config()
        .limit(64 * 1024 * 1024)
        .read_to_string()
        .unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, body)
}

impl Http {
    /// `GET path`, or `None` when the server does not answer.
    pub fn try_get(&self, path: &str) -> Option<Answer> {
        let r = self.agent.get(format!("{}{path}", self.base)).call().ok()?;
        Some(answer(Ok(r)))
    }

    /// `POST path` with JSON, or `None` when the server does not answer.
    pub fn try_post(&self, path: &str, body: &Value) -> Option<Answer> {
        let r = self
            .agent
            .post(format!("{}{path}", self.base))
            .send(body.to_string())
            .ok()?;
        Some(answer(Ok(r)))
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Answer {
        answer(self.agent.get(format!("{}{path}", self.base)).call())
    }

    /// `GET path`: the headers and the text.
    pub fn page(&self, path: &str) -> (u16, ureq::http::HeaderMap, String) {
        let mut r = self
            .agent
            .get(format!("{}{path}", self.base))
            .call()
            .expect("answers");
        let text = r.body_mut().read_to_string().unwrap_or_default();
        (r.status().as_u16(), r.headers().clone(), text)
    }

    /// `POST path` with `body` as it is.
    pub fn post_raw(&self, path: &str, body: impl ureq::AsSendBody) -> Answer {
        answer(self.agent.post(format!("{}{path}", self.base)).send(body))
    }

    /// `POST path` with JSON.
    pub fn post(&self, path: &str, body: &Value) -> Answer {
        self.post_raw(path, body.to_string())
    }

    /// A new table from `request`: its links.
    pub fn create(&self, request: Value) -> Value {
        let (status, links) = self.post("/api/tables", &request);
        assert_eq!(status, 200, "{links}");
        links
    }

    /// What the seat of `token` sees.
    pub fn view(&self, token: &str) -> Value {
        let (status, view) = self.get(&format!("/api/t/{token}/view"));
        assert_eq!(status, 200, "{view}");
        view
    }

    /// A request from the seat of `token`.
    pub fn send(&self, token: &str, request: &Value) -> Answer {
        self.post(&format!("/api/t/{token}/request"), request)
    }
}

/// What the seat sends for what it is asked, read from its own view: the
/// AI's suggestion for an action or an answer, "roll for me" for dice
/// (typed faces for the GM's 3d6). `None` when nothing is its to give.
pub fn policy(view: &Value) -> Option<Value> {
    let pending = &view["pending"];
    if pending["yours"] != true {
        return None;
    }
    Some(match pending["kind"].as_str()? {
        "action" => json!({"act": {"action": pending["suggested"]}}),
        "answer" => json!({"answer": {"answer": pending["suggested"]}}),
        _ if view["seat"] == "gm" && pending["roll"]["dice"] == "3d6" => {
            json!({"roll": {"roll": {"faces": [3, 4, 4]}}})
        }
        _ => json!("roll_for_me"),
    })
}

/// The seat a pending request is for, as the token that opens it.
pub fn token_for<'a>(links: &'a Value, seat: &Value) -> &'a str {
    match seat {
        Value::String(s) if s == "gm" => links["gm"].as_str().unwrap(),
        Value::Object(o) => {
            let name = o["player"].as_str().unwrap();
            links["players"][name].as_str().unwrap()
        }
        other => panic!("no seat gives {other}"),
    }
}

/// A live socket.
pub struct Live {
    socket: tungstenite::WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Live {
    /// Opens the live socket of `token` from revision `after`.
    pub fn open(base: &str, token: &str, after: u64) -> Result<Live, tungstenite::Error> {
        let url = format!(
            "{}/api/t/{token}/live?after={after}",
            base.replace("http://", "ws://")
        );
        let (socket, _) = tungstenite::connect(url)?;
        if let MaybeTlsStream::Plain(s) = socket.get_ref() {
            // A safety net against a hung test, not a timing assumption.
            s.set_read_timeout(Some(Duration::from_secs(120))).ok();
        }
        Ok(Live { socket })
    }

    /// The next message (pings skipped).
    pub fn next(&mut self) -> Value {
        loop {
            match self.socket.read().expect("a message") {
                tungstenite::Message::Text(t) => {
                    return serde_json::from_str(t.as_str()).expect("JSON");
                }
                tungstenite::Message::Close(_) => panic!("closed"),
                _ => continue,
            }
        }
    }

    /// Messages until one at revision `rev` or later: every record read
    /// (the AI's suggestions between updates skipped).
    pub fn until(&mut self, rev: u64) -> (Vec<Value>, Value) {
        let mut records = Vec::new();
        loop {
            let m = self.next();
            if m["type"] == "suggestion" {
                continue;
            }
            assert_eq!(m["type"], "update", "{m}");
            records.extend(m["records"].as_array().cloned().unwrap_or_default());
            if m["revision"].as_u64().unwrap() >= rev {
                return (records, m["view"].clone());
            }
        }
    }

    /// Sends text as a page would not.
    pub fn send_text(&mut self, text: &str) {
        self.socket
            .send(tungstenite::Message::Text(text.into()))
            .expect("sends");
    }
}

/// A bundled scenario's text.
pub fn scenario_text(path: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios")
        .join(path);
    std::fs::read_to_string(p).expect("a bundled scenario")
}
