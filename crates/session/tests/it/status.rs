//! Snapshots of the status panel, the map and the menus at the table.

use crate::common::{Checking, can_attack, play_ai, start, to_next_actor, turn_where};
use fray_core::Ruleset;
use fray_core::TableView;
use fray_gurps::Gurps;
use fray_session::view::menu::outline;
use fray_session::view::status::Status;
use fray_session::view::{labels, map};

fn screen<R: Ruleset>(state: &R::State, now: fray_core::CombatantId, width: usize) -> String {
    let mut lines = Status::of::<R>(state, Some(now)).render(width);
    if let Some(view) = R::map_view(state) {
        lines.push(String::new());
        lines.extend(map::render(
            &view,
            &labels(&R::roster(state)),
            Some(now),
            width,
            16,
        ));
    }
    lines.join("\n")
}

#[test]
fn gurps_knight_vs_orcs_in_melee() {
    let (state, actor) = turn_where::<Gurps>("knight-vs-orcs", 3, can_attack::<Gurps>);
    insta::assert_snapshot!(screen::<Gurps>(&state, actor, 72));
    insta::assert_snapshot!(outline(&Gurps::action_menu(&state, actor), 3).join("\n"));
}

#[test]
fn gurps_status_fits_a_narrow_screen() {
    let (state, actor) = turn_where::<Gurps>("knight-vs-orcs", 3, can_attack::<Gurps>);
    let lines = Status::of::<Gurps>(&state, Some(actor)).render(40);
    assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:#?}");
}

#[test]
fn gurps_duel_start() {
    let (state, actor) = turn_where::<Gurps>("duel", 1, |_, _| true);
    insta::assert_snapshot!(screen::<Gurps>(&state, actor, 72));
}

#[test]
fn gurps_defense_menu() {
    let mut state = start::<Gurps>("duel");
    let mut oracle = Checking::<Gurps>::seeded(1);
    while oracle.first_menu.is_none() {
        let actor = to_next_actor::<Gurps>(&mut state, &mut oracle).expect("a defense is asked");
        play_ai::<Gurps>(&mut state, &mut oracle, actor);
    }
    insta::assert_snapshot!(oracle.first_menu.unwrap().join("\n"));
}

#[test]
fn dragonquest_duel_start() {
    let (state, actor) = turn_where::<fray_dragonquest::DragonQuest>("duel", 1, |_, _| true);
    insta::assert_snapshot!(screen::<fray_dragonquest::DragonQuest>(&state, actor, 72));
}

#[test]
fn d20_duel_start() {
    let (state, actor) = turn_where::<fray_d20_3d6::D20>("duel", 1, |_, _| true);
    insta::assert_snapshot!(screen::<fray_d20_3d6::D20>(&state, actor, 72));
}

#[test]
fn margin_duel_start() {
    let (state, actor) = turn_where::<fray_margin_3d6::Margin>("duel", 1, |_, _| true);
    insta::assert_snapshot!(screen::<fray_margin_3d6::Margin>(&state, actor, 72));
}

/// The `turns`-th turn of `stem` (AI play, seeded) at which the actor may
/// attack: a fight under way, for the mid-fight screens.
fn mid_fight<R: Ruleset>(
    stem: &str,
    seed: u64,
    turns: usize,
) -> (R::State, fray_core::CombatantId) {
    let seen = std::cell::Cell::new(0);
    turn_where::<R>(stem, seed, |state, actor| {
        seen.set(seen.get() + 1);
        seen.get() > turns && can_attack::<R>(state, actor)
    })
}

/// A mid-fight screen (status and map) and the action menu, three lists deep.
fn mid_fight_snapshots<R: Ruleset>(stem: &str, seed: u64, turns: usize) -> (String, String) {
    let (state, actor) = mid_fight::<R>(stem, seed, turns);
    (
        screen::<R>(&state, actor, 72),
        outline(&R::action_menu(&state, actor), 3).join("\n"),
    )
}

// rule: DQ-12-001 (the pulse's order), DQ-12-008 (engaged), DQ-16-008 (attack types)
#[test]
fn dragonquest_party_vs_orcs_mid_fight() {
    let (screen, menu) =
        mid_fight_snapshots::<fray_dragonquest::DragonQuest>("party-vs-orcs", 2, 6);
    insta::assert_snapshot!(screen);
    insta::assert_snapshot!(menu);
}

// rule: X-ACT-001 (actions left), X-ATK-007 (trust to luck), X-MUL-006 (low-level option)
#[test]
fn d20_party_vs_goblins_mid_fight() {
    let (screen, menu) = mid_fight_snapshots::<fray_d20_3d6::D20>("party_vs_goblins", 2, 4);
    insta::assert_snapshot!(screen);
    insta::assert_snapshot!(menu);
}

// rule: M-LOC-001 (called shots), M-MEL-002 (All-Out Attack), M-FLO-002 (order)
#[test]
fn margin_brawl_mid_fight() {
    let (screen, menu) = mid_fight_snapshots::<fray_margin_3d6::Margin>("brawl", 2, 4);
    insta::assert_snapshot!(screen);
    insta::assert_snapshot!(menu);
}

// rule: G-TURN-001 (turn order), G-INJ-001 (shock while it applies)
#[test]
fn gurps_archers_vs_warriors_mid_fight() {
    let (screen, menu) = mid_fight_snapshots::<Gurps>("archers-vs-warriors", 2, 6);
    insta::assert_snapshot!(screen);
    insta::assert_snapshot!(menu);
}

/// The first answer menu of a fight of each ruleset other than GURPS.
fn first_answer_menu<R: Ruleset>(stem: &str, seed: u64) -> String {
    let mut state = start::<R>(stem);
    let mut oracle = Checking::<R>::seeded(seed);
    for _ in 0..60 {
        if oracle.first_menu.is_some() {
            break;
        }
        let Some(actor) = to_next_actor::<R>(&mut state, &mut oracle) else {
            break;
        };
        play_ai::<R>(&mut state, &mut oracle, actor);
    }
    oracle
        .first_menu
        .map(|m| m.join("\n"))
        .unwrap_or_else(|| "(no question asked)".into())
}

// rule: M-DEF-012 (the defenses offered)
#[test]
fn margin_defense_menu() {
    insta::assert_snapshot!(first_answer_menu::<fray_margin_3d6::Margin>("duel", 1));
}

// rule: DQ-12-001 (which side acts first, step 3)
#[test]
fn dragonquest_answer_menu() {
    insta::assert_snapshot!(first_answer_menu::<fray_dragonquest::DragonQuest>(
        "party-vs-orcs",
        1
    ));
}
