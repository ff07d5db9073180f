//! Issue 15: a piped `fray play` session per ruleset, every action and
//! answer chosen by the menus' words (shortcuts) and moves by the name of a
//! cell on the map (`move E6`), never by TOML or an id.

use crate::common::{fray, root, scratch};

/// The bundled `scenarios/RULESET/STEM.toml` with its first combatant
/// played at the table, written to a scratch folder.
fn first_at_the_table(ruleset: &str, stem: &str) -> String {
    let path = root().join(format!("scenarios/{ruleset}/{stem}.toml"));
    let text = std::fs::read_to_string(&path).expect("reads the bundled scenario");
    let mut out = String::new();
    let mut seen = 0;
    for line in text.lines() {
        if line.starts_with("[[combatants]]") {
            seen += 1;
        }
        let first = seen == 1;
        if first && line.starts_with("controller") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
        if first && line.starts_with("name") {
            out.push_str("controller = \"human\"\n");
        }
    }
    let file = scratch(&format!("menus-{ruleset}")).join(format!("{stem}.toml"));
    std::fs::write(&file, out).expect("writes the scenario");
    file.display().to_string()
}

/// Plays `script` (one reply a line; blank lines roll for me) against the
/// scenario; returns what was printed. No reply may be refused.
fn play(ruleset: &str, stem: &str, script: &[&str]) -> String {
    let scenario = first_at_the_table(ruleset, stem);
    let mut input = script.join("\n");
    input.push('\n');
    let out = fray()
        .args(["play", &scenario, "--no-autosave"])
        .env("COLUMNS", "72")
        .write_stdin(input)
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(out.status.success(), "{text}");
    for refused in ["Not on the menu", "cannot do that", "Not a move", "TOML"] {
        let bad = text
            .lines()
            .filter(|l| l.contains(refused) && !l.contains("; or TOML)"))
            .collect::<Vec<_>>();
        assert!(bad.is_empty(), "{bad:#?}\n{text}");
    }
    text
}

// rule: G-MOV-001 (a move to a named hex), G-DEF-009 (parry, retreating)
#[test]
fn gurps_duel_by_words_and_cell_names() {
    let t = play(
        "gurps",
        "duel-human",
        &[
            "",
            "",
            "move E6",
            "parry broadsword retreat",
            "",
            "",
            "",
            "",
            "",
        ],
    );
    assert!(t.contains("Sir Bors: Move to (q -2, r 0)"), "{t}");
    assert!(t.contains("answer> parry broadsword retreat"), "{t}");
    assert!(t.contains("retreats"), "{t}");
}

// rule: DQ-14-001 (a move toward a foe), DQ-12-006 (act first),
// DQ-16-016 (a knockout attack)
#[test]
fn dragonquest_duel_by_words() {
    let t = play(
        "dragonquest",
        "duel",
        &[
            "move toward brand",
            // Pulse 2: Aldric wins step 1 and lets Brand move first
            // (DQ-12-001); Brand comes on, Aldric closes in.
            "brand goes first",
            "move toward brand",
            // Pulses 3 and 4: Brand has the top IV (a D10 roll-off).
            "melee attack brand knock",
            "",
            "melee attack brand",
            "",
            "",
            // Pulse 5: Aldric has the top IV and chooses.
            "act first",
            "",
            "",
        ],
    );
    assert!(t.contains("Aldric: Move to"), "{t}");
    assert!(t.contains("Act first or last (DQ-12-006):"), "{t}");
    assert!(t.contains("(knockout) [DQ-13-002]"), "{t}");
    assert!(t.contains("knockout -15 [DQ-16-017]"), "{t}");
}

// rule: X-ATK-007 (trust to luck), X-SPM-002 (feint), X-MAN-004 (a move to
// a named square), X-ACT-001 (actions left)
#[test]
fn d20_duel_by_words_and_cell_names() {
    let t = play(
        "d20-3d6",
        "duel",
        &[
            "attack bran trust",
            "",
            "",
            "",
            "special feint",
            "",
            "move G7",
        ],
    );
    assert!(
        t.contains("Ser Alda's action (3 actions left this round):"),
        "{t}"
    );
    assert!(
        t.contains("Attack Ser Bran with longsword, trusting to luck"),
        "{t}"
    );
    assert!(t.contains("Ser Alda: Feint Ser Bran"), "{t}");
    assert!(t.contains("Ser Alda: Move to (x 6, y 6)"), "{t}");
}

// rule: M-LOC-001 (a called shot at the neck), M-DEF-012 (dodge)
#[test]
fn margin_duel_by_words() {
    let t = play(
        "margin-3d6",
        "duel",
        &["attack bertram bastard cut neck", "", "", "", "", ""],
    );
    assert!(
        t.contains("Attack Bertram (Bastard Sword, cut sw+2) at the neck"),
        "{t}"
    );
    assert!(t.contains("hit location -7 [M-LOC-001]"), "{t}");
    // Standing still, Aldric is too far for the step round to his back:
    // Bertram strikes from the front and Aldric is asked how to defend.
    let t = play("margin-3d6", "duel", &["do nothing", "dodge", "", "", ""]);
    assert!(t.contains("Aldric Dodge: 3d6"), "{t}");
}
