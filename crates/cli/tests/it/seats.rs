//! `fray play` asks the seats a scenario gives to people: a side's
//! questions go to whoever controls the side (`[controllers]`), through the
//! CLI's stdin and stdout only (a plain pipe, no terminal).

use crate::common::{root, scratch};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The bundled DragonQuest party fight with the Party's seat given to a
/// person: the side's questions (which side acts first, which figure next,
/// DQ-12-003/004) are then asked at the prompt.
fn party_seat_human(test: &str) -> PathBuf {
    let bundled = root().join("scenarios/dragonquest/party-vs-orcs.toml");
    let text = std::fs::read_to_string(bundled).expect("reads the bundled scenario");
    let text = format!("{text}\n[controllers]\nsides = {{ Party = \"human\" }}\n");
    let path = scratch(&format!("seats-{test}")).join("party-seat-human.toml");
    std::fs::write(&path, text).expect("writes the scenario");
    path
}

/// Plays `scenario` through a pipe: each prompt gets `reply(prompt)`, at
/// most `limit` replies, then `quit`. Returns the transcript and whether
/// the process succeeded.
fn drive(scenario: &PathBuf, limit: usize, reply: impl Fn(&str) -> &'static str) -> (String, bool) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("fray"))
        .arg("play")
        .arg(scenario)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawns");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    let (mut transcript, mut buf, mut replies) = (String::new(), [0u8; 4096], 0);
    loop {
        let n = stdout.read(&mut buf).expect("reads");
        if n == 0 {
            break;
        }
        transcript.push_str(&String::from_utf8_lossy(&buf[..n]));
        let prompt = ["action> ", "answer> ", "roll> ", "over> "]
            .into_iter()
            .find(|p| transcript.ends_with(p));
        if let Some(p) = prompt {
            replies += 1;
            let line = if replies > limit || p == "over> " {
                "quit"
            } else {
                reply(p)
            };
            if writeln!(stdin, "{line}").is_err() {
                break;
            }
        }
    }
    drop(stdin);
    let ok = child.wait().expect("exits").success();
    (transcript, ok)
}

// rule: DQ-12-003 (the winning side chooses who acts first), DQ-12-004
// (the side orders its figures)
#[test]
fn a_human_side_seat_is_asked_the_sides_questions_at_the_prompt() {
    let scenario = party_seat_human("side");
    // The first entry of every menu, Enter at every roll.
    let (t, ok) = drive(&scenario, 200, |p| if p == "roll> " { "" } else { "1" });
    assert!(ok, "{t}");
    let asked = [
        "Party: which side acts first?",
        "Party: which figure acts next?",
    ];
    assert!(
        asked.iter().any(|q| t.contains(q)),
        "the Party's seat is asked its side's questions:\n{t}"
    );
    // The orcs' side stays with the AI: nobody is asked on its behalf.
    assert!(!t.contains("Orcs: which"), "{t}");
}
