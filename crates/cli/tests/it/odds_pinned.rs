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
//!
//! All six moved once more, on purpose, in the sixth session: the `hit`
//! feature missed a blow that landed through a parry's critical failure
//! (the parrying weapon's Critical Miss Table roll was taken for the
//! attacker's, G-EXT-009), and the flag was never reset, so a Double's
//! second strike after a first strike's critical miss was not counted
//! either. Mean hits of the single strike went from 71/486 to 2149/13122;
//! injury and every other feature are unchanged.

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
        0x2ea1_3b1c_67cc_f9f3,
        "2149/13122",
        "187865/314928",
    );
}

// rule: G-LOC-001 (a random location rolled on 3d)
#[test]
fn gurps_random_location_strike_odds_are_unchanged() {
    check(
        r#"{ attack = { strike = { target = 1, location = "random" } } }"#,
        0x3bee_5adf_f9a5_667d,
        "2149/13122",
        "7031539/7558272",
    );
}

// rule: G-LOC-003 (a small location missed by 1 hits the torso), G-LOC-014
#[test]
fn gurps_neck_strike_odds_are_unchanged() {
    check(
        r#"{ attack = { strike = { target = 1, location = "neck" } } }"#,
        0xb60f_087c_2561_77bc,
        "15305/157464",
        "8256965/7558272",
    );
}

// rule: G-AOA-002 (All-Out Attack, Strong)
#[test]
fn gurps_all_out_strong_odds_are_unchanged() {
    check(
        r#"{ all_out_attack = { variant = "strong", strike = { target = 1 } } }"#,
        0x219c_4c19_f977_6cd8,
        "2149/13122",
        "342737/314928",
    );
}

// rule: G-AOA-003 (All-Out Attack, Double)
#[test]
fn gurps_all_out_double_odds_are_unchanged() {
    check(
        r#"{ all_out_attack = { variant = "double", strike = { target = 1 } } }"#,
        0xbd9a_ad2d_3778_b1b3,
        "40320337781/223154201664",
        "3523526101999/5355700839936",
    );
}

// rule: G-ATK-006 (Rapid Strike)
#[test]
fn gurps_rapid_strike_odds_are_unchanged() {
    check(
        "{ attack = { strike = { target = 1 }, extra = { rapid = { strike = { target = 1 } } } } }",
        0x7caf_a6b5_8ed5_c72f,
        "135501269761/1338925209984",
        "12599936102039/32134205039616",
    );
}
