//! Reports speak the ruleset's words: pool and counter columns come from
//! its declarations, never fixed HP, FP, knockdown or stun columns.

use crate::common::pool;
use fray_core::Fight;
use fray_core::{
    CounterSpec, EndReason, MAX_COUNTERS, MAX_POOLS, Outcome, PoolSpec, SideId, Tally,
};
use fray_gurps::Gurps;
use fray_sim::report::RosterEntry;
use fray_sim::{Roster, SimConfig, SimReport, Totals};

/// Pools and a counter in DragonQuest's words, for a ruleset the sim
/// crate has never heard of.
const POOLS: &[PoolSpec] = &[
    PoolSpec {
        id: "en",
        label: "EN",
        name: "Endurance",
        vital: true,
    },
    PoolSpec {
        id: "ft",
        label: "FT",
        name: "Fatigue",
        vital: false,
    },
];
const COUNTERS: &[CounterSpec] = &[CounterSpec {
    id: "grievous",
    label: "Grievous injuries",
    rule: "",
}];

fn tally(side: u8, en: i32, ft: i32, grievous: u32) -> Tally {
    let mut t = Tally {
        side: SideId(side),
        dead: en <= 0,
        ..Tally::default()
    };
    t.pools[..2].copy_from_slice(&[en, ft]);
    t.pool_max[..2].copy_from_slice(&[15, 20]);
    t.counters[0] = grievous;
    t
}

/// Two fights between Ann (side 0) and Bob (side 1): Ann wins both.
fn report() -> SimReport {
    let roster = Roster {
        ruleset: "dq-like".into(),
        pools: POOLS,
        counters: COUNTERS,
        sides: vec!["A".into(), "B".into()],
        combatants: vec![
            RosterEntry {
                name: "Ann".into(),
                side: 0,
                pool_max: vec![15, 20],
            },
            RosterEntry {
                name: "Bob".into(),
                side: 1,
                pool_max: vec![12, 18],
            },
        ],
        played_by_ai: vec![],
    };
    let won = Outcome {
        winner: Some(SideId(0)),
        reason: EndReason::Victory,
        rounds: 3,
    };
    let mut t = Totals::new(2, 2);
    t.record(&won, &[tally(0, 15, 4, 0), tally(1, 0, 0, 1)]);
    t.record(&won, &[tally(0, 10, 0, 1), tally(1, -2, 0, 2)]);
    SimReport::build(&roster, &SimConfig::new(2, 1), &t)
}

#[test]
fn pools_and_counters_are_reported_under_the_rulesets_labels() {
    let r = report();
    let ann = &r.combatants[0];
    assert_eq!(pool(ann, "EN").left_when_side_wins, Some(12.5));
    assert_eq!(pool(ann, "FT").left_when_side_wins, Some(2.0));
    assert_eq!((pool(ann, "EN").max, pool(ann, "FT").max), (15, 20));
    assert_eq!(ann.counters.len(), 1);
    assert_eq!(
        (ann.counters[0].id, ann.counters[0].mean),
        ("grievous", 0.5)
    );
    let bob = &r.combatants[1];
    assert_eq!(pool(bob, "EN").left_when_side_wins, None, "B never won");
    assert_eq!(pool(bob, "EN").max, 12);
    assert_eq!(bob.counters[0].mean, 1.5);

    let table = fray_sim::table::render(&r);
    for word in ["EN left*", "FT left*", "Grievous injuries", "12.50 / 15"] {
        assert!(table.contains(word), "{word}: {table}");
    }
    for word in ["HP", "FP", "Health", "Stamina", "Knockdowns", "Stuns"] {
        assert!(!table.contains(word), "{word}: {table}");
    }
    assert!(
        table.contains("Dealt, taken and grievous injuries: mean per fight."),
        "{table}"
    );

    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["pools"][0]["label"], "EN");
    assert_eq!(json["counters"][0]["id"], "grievous");
    let ann = &json["combatants"][0];
    assert_eq!(ann["pools"][1]["id"], "ft");
    assert_eq!(ann["pools"][1]["left_when_side_wins"], 2.0);
    assert_eq!(ann["counters"][0]["mean"], 0.5);
    let text = json.to_string();
    assert!(
        !text.contains("knockdowns") && !text.contains("health"),
        "{text}"
    );

    let mut buf = Vec::new();
    fray_sim::csv::write(&mut buf, &[&r]).unwrap();
    let csv = String::from_utf8(buf).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    assert_eq!(
        header[15..],
        [
            "en_max",
            "en_left_when_side_wins",
            "ft_max",
            "ft_left_when_side_wins",
            "dealt_mean",
            "taken_mean",
            "grievous_mean",
            "draws"
        ]
    );
    let ann_row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(ann_row.len(), header.len());
    assert_eq!(ann_row[15..19], ["15", "12.5", "20", "2"]);
    assert_eq!(ann_row[21], "0.5");
}

#[test]
fn gurps_declares_hp_and_fp_and_counts_what_its_record_holds() {
    assert!(Gurps::POOLS.len() <= MAX_POOLS && Gurps::COUNTERS.len() <= MAX_COUNTERS);
    let labels: Vec<&str> = Gurps::POOLS.iter().map(|p| p.label).collect();
    assert_eq!(labels, ["HP", "FP"]);
    let ids: Vec<&str> = Gurps::COUNTERS.iter().map(|c| c.id).collect();
    assert_eq!(
        ids,
        [
            "knockdowns",
            "stuns",
            "crippled",
            "mortal_wounds",
            "critical_hits",
            "critical_misses"
        ]
    );
    // rule: G-INJ-008, G-LOC-009, G-EXT-031, G-EXT-006, G-EXT-003 (the counters cite their rules)
    let rules: Vec<&str> = Gurps::COUNTERS.iter().map(|c| c.rule).collect();
    assert_eq!(
        rules,
        [
            "G-INJ-008",
            "G-INJ-008",
            "G-LOC-009",
            "G-EXT-031",
            "G-EXT-006",
            "G-EXT-003"
        ]
    );
}
