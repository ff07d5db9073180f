//! Snapshots of the status panel, the map and the menus at the table.

use crate::common::{Checking, can_attack, play_ai, start, to_next_actor, turn_where};
use fray_core::Ruleset;
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
