//! What the summary leaves out and the engine therefore does not build
//! (DQ-00-018): spells, Talents and their concentration checks
//! (DQ-13-013..015, DQ-15-005, DQ-15-006), the Grievous Injury table, and
//! the tables that are placeholders in `data/dragonquest`. Each test pins
//! what a player or a scenario meets instead.

use crate::common::*;
use fray_dragonquest::model::action::{Action, Answer};
use fray_dragonquest::model::data::bundled;

/// The labels of every roll in `events`, in order.
fn labels(events: &[fray_dragonquest::model::event::Event]) -> Vec<&'static str> {
    rolls(events).iter().map(|r| r.label).collect()
}

#[test]
fn a_typed_spell_is_refused_with_the_actions_that_exist() {
    // rule: DQ-13-013, DQ-13-014, DQ-13-015, DQ-15-006
    // No Cast action exists, inside a foe's melee zone or outside it, in
    // close combat or not: a player who types one (at the table, in a
    // script, in `fray odds`) is told so, with the actions there are.
    for typed in [
        "[cast]\nspell = \"fire bolt\"\ntarget = 1\n",
        "[talent]\nname = \"witchsight\"\n",
    ] {
        let e = toml::from_str::<Action>(typed).expect_err("refused");
        let m = e.to_string();
        let name = typed[1..].split(']').next().unwrap_or_default();
        assert!(m.contains(&format!("unknown variant `{name}`")), "{m}");
        assert!(m.contains("`attack`") && m.contains("`pass`"), "{m}");
    }
}

#[test]
fn a_sheet_with_spells_is_refused_at_its_field() {
    // rule: DQ-13-013, DQ-00-018
    // A caster cannot be set up: the sheet has no spell list to fill.
    let e = unreadable(&[
        fighter("A", "a", 0, 0, "n", &[("spells", "[\"fire bolt\"]")]),
        fighter("B", "b", 0, -2, "s", &[]),
    ]);
    assert!(e.contains("unknown field `spells`"), "{e}");
}

#[test]
fn an_attacked_figure_rolls_no_concentration_check() {
    // rule: DQ-15-005
    // A strike that hits is its strike roll and its damage roll; nothing
    // else is rolled for the figure attacked (no one is preparing a spell).
    let s = duel(&[], &[]);
    let l = log(vec![("A", attack(B))], &[40, 1], vec![Answer::First(true)]);
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(labels(&ev), ["strike", "damage"], "{}", narrate(&ev));
}

#[test]
fn a_grievous_hit_rolls_on_no_injury_table() {
    // rule: DQ-00-018, DQ-18-004, DQ-18-005
    // The Grievous Injury table is not in the summary: a grievous hit
    // goes to Endurance and dents the armor (DQ-18-005), and nothing more
    // is rolled.
    let s = duel(&[], &[("armor", "\"chain\"")]);
    let l = log(vec![("A", attack(B))], &[3, 1], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").verdict, "grievous hit");
    assert_eq!(labels(&ev), ["strike", "damage"], "{}", narrate(&ev));
    assert_eq!((s.fig(B).en, s.fig(B).armor_damage), (11, 2));
}

#[test]
fn the_tables_the_summary_lacks_are_placeholders_that_say_so() {
    // rule: DQ-00-018
    let a = bundled().expect("the bundled data reads");
    assert!(!a.poisons.is_empty());
    for p in &a.poisons {
        assert!(
            p.source.starts_with("placeholder") && p.source.contains("DQ-00-018"),
            "{}: {}",
            p.id,
            p.source
        );
    }
    // The creatures the summary gives no entry for say so too.
    for id in ["wolf", "warhorse", "giant_lizard", "fire_drake"] {
        let c = a.creature(id).expect(id);
        assert!(c.source.starts_with("PLACEHOLDER"), "{id}: {}", c.source);
    }
}
