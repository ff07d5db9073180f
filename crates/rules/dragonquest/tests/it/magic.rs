//! Magical energy and breath weapons (DQ-18-006, DQ-18-007).

use crate::common::*;
use fray_core::{InputLog, RollInput, SideId};
use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::action::{Action, Answer};

/// Step 1 to A's side (faces 9 against 1), A acts first; then `rolls`.
fn shot(
    target_extra: &[(&str, &str)],
    weapon: &str,
    rolls: &[i32],
) -> (
    fray_dragonquest::state::State,
    Vec<fray_dragonquest::model::event::Event>,
) {
    let w = format!("[{{ id = \"{weapon}\", rank = 2 }}]");
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 3, "n", &[("weapons", w.as_str())]),
            fighter("B", "b", 0, 0, "s", target_extra),
        ],
    );
    let mut r = vec![RollInput::Faces(vec![9, 1])];
    r.extend(rolls.iter().map(|&t| RollInput::Total(t)));
    let l =
        InputLog::<DragonQuest>::scripted([("A", Action::fire(B))], r, [Answer::Side(SideId(0))]);
    run_steps(s, &l, 1)
}

#[test]
fn pure_magical_energy_ignores_armor() {
    // rule: DQ-18-006
    // A bolt of magical energy: D10 4 + 0 = 4, natural armor 3 does not count.
    let (s, ev) = shot(&[("natural_armor", "3")], "mage_bolt", &[10, 4]);
    assert_eq!(roll(&ev, "strike").verdict, "hit", "{}", narrate(&ev));
    assert_eq!(s.fig(B).ft, 16);
}

#[test]
fn a_breath_weapon_ignores_armor_and_a_failed_passive_resistance_takes_it_whole() {
    // rule: DQ-18-007
    // D10 3 + 2 = 5, armor 3 ignored; resistance 40 rolled 41: failed.
    let (s, ev) = shot(
        &[("natural_armor", "3"), ("passive_resistance", "40")],
        "fire_breath",
        &[10, 3, 41],
    );
    let r = roll(&ev, "passive resistance");
    assert_eq!(r.target, Some(40));
    assert_eq!(r.verdict, "failure");
    assert_eq!(s.fig(B).ft, 15);
}

#[test]
fn a_resisted_breath_does_half_damage_rounded_down() {
    // rule: DQ-18-007
    let (s, ev) = shot(
        &[("natural_armor", "3"), ("passive_resistance", "40")],
        "fire_breath",
        &[10, 3, 40],
    );
    assert!(happened(&ev, "half damage"), "{}", narrate(&ev));
    // 5 halves to 2.
    assert_eq!(s.fig(B).ft, 18);
}

#[test]
fn passive_resistance_defaults_to_the_placeholder_wp() {
    // rule: DQ-18-007 (placeholder: WP when the sheet gives none)
    let (_, ev) = shot(&[], "fire_breath", &[10, 3, 99]);
    assert_eq!(roll(&ev, "passive resistance").target, Some(14));
}
