//! Exact odds of GURPS actions pinned to the figures the walk gave before
//! the attack sequence became a state machine of resumable stages
//! (`crates/rules/gurps/src/resolve/sequence.rs`). Resuming at a stage
//! changes no fraction: each action's outcomes, decisions, feature means
//! and leftovers, in output order, are digested (FNV-1a 64 of one line per
//! figure) and compared with the digest taken from the build before the
//! change; a few headline fractions are pinned in the clear so that a
//! failure says what moved.
//!
//! The single strikes keep the very digests of the build before. The
//! two-strike actions do not, on purpose: their checkpoints were tagged
//! with the landing alone, the same for both strikes of a Double or a Rapid
//! Strike, so a second strike after a first that missed without a trace
//! reached the *first* strike's key and took its memo, which holds one more
//! strike (mean hits of the Double 4007137553/24794911296 before,
//! 148114885/918330048 now). The stage records now carry the strike's
//! number; `odds_resume.rs` checks that resuming gives the same odds as
//! replaying every sequence.

use crate::common::{root, stdout_of};
use serde_json::Value;

/// The exact fraction under `v["exact"]`.
fn exact(v: &Value) -> &str {
    v["exact"].as_str().expect("an exact fraction")
}

/// One line per figure of `fray odds --json`, in output order.
fn digest_text(d: &Value) -> String {
    let mut out = String::new();
    for o in d["outcomes"].as_array().expect("outcomes") {
        let effects = o["effects"].as_object().expect("effects");
        let mut keys: Vec<(&String, &Value)> = effects.iter().collect();
        keys.sort_by(|a, b| a.0.cmp(b.0));
        let eff: Vec<String> = keys.iter().map(|(k, v)| format!("{k}={v}")).collect();
        out.push_str(&format!("outcome {} {}\n", eff.join(","), exact(&o["p"])));
    }
    for x in d["decisions"].as_array().expect("decisions") {
        let words = x["decision"].as_str().expect("words");
        out.push_str(&format!("decision {words} {}\n", exact(&x["p"])));
    }
    for f in d["features"].as_array().expect("features") {
        let name = f["name"].as_str().expect("a name");
        out.push_str(&format!("feature {name} {}\n", exact(&f["mean"])));
    }
    for k in ["leftover", "unexplored", "turn_ended_before"] {
        out.push_str(&format!("{k} {}\n", exact(&d[k])));
    }
    out
}

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The mean of feature `name`.
fn mean<'a>(d: &'a Value, name: &str) -> &'a str {
    let f = d["features"]
        .as_array()
        .expect("features")
        .iter()
        .find(|f| f["name"] == name)
        .expect("the feature");
    exact(&f["mean"])
}

/// `fray odds --json` for Sir Bors's `action` in the odds demo, checked
/// against the digest and the mean hits and injury taken before.
fn check(action: &str, digest: u64, hit: &str, injury: &str) {
    let demo = root().join("scenarios/gurps/odds-demo.toml");
    let demo = demo.display().to_string();
    let out = stdout_of(&[
        "odds",
        "--scenario",
        &demo,
        "--actor",
        "Sir Bors",
        "--action",
        action,
        "--json",
    ]);
    let d: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(mean(&d, "hit"), hit, "{action}");
    assert_eq!(mean(&d, "injury"), injury, "{action}");
    let text = digest_text(&d);
    assert_eq!(fnv1a(&text), digest, "{action}:\n{text}");
}

// rule: G-TURN-004 (the attack sequence), G-DEF-002 (the parry), G-DMG-004
#[test]
fn gurps_single_strike_odds_are_unchanged() {
    check(
        "{ attack = { strike = { target = 1 } } }",
        0x54a2_9515_a5f9_0e64,
        "71/486",
        "187865/314928",
    );
}

// rule: G-LOC-001 (a random location rolled on 3d)
#[test]
fn gurps_random_location_strike_odds_are_unchanged() {
    check(
        r#"{ attack = { strike = { target = 1, location = "random" } } }"#,
        0x8688_8230_11e9_73a1,
        "71/486",
        "7031539/7558272",
    );
}

// rule: G-LOC-003 (a small location missed by 1 hits the torso), G-LOC-014
#[test]
fn gurps_neck_strike_odds_are_unchanged() {
    check(
        r#"{ attack = { strike = { target = 1, location = "neck" } } }"#,
        0x806b_bb0e_3bff_ff65,
        "511/5832",
        "8256965/7558272",
    );
}

// rule: G-AOA-002 (All-Out Attack, Strong)
#[test]
fn gurps_all_out_strong_odds_are_unchanged() {
    check(
        r#"{ all_out_attack = { variant = "strong", strike = { target = 1 } } }"#,
        0x1be6_a84c_7db0_ff24,
        "71/486",
        "342737/314928",
    );
}

// rule: G-AOA-003 (All-Out Attack, Double)
#[test]
fn gurps_all_out_double_odds_are_unchanged() {
    check(
        r#"{ all_out_attack = { variant = "double", strike = { target = 1 } } }"#,
        0xe620_038e_08ae_0495,
        "148114885/918330048",
        "3523526101999/5355700839936",
    );
}

// rule: G-ATK-006 (Rapid Strike)
#[test]
fn gurps_rapid_strike_odds_are_unchanged() {
    check(
        "{ attack = { strike = { target = 1 }, extra = { rapid = { strike = { target = 1 } } } } }",
        0x5ddc_6e1a_e18f_6c39,
        "1023004615/11019960576",
        "12599936102039/32134205039616",
    );
}
