//! GURPS conditions in the status, with how long they last.

use crate::common::start;
use fray_core::TableView;

use fray_core::view::Lasting;
use fray_gurps::Gurps;

fn lasting(
    state: &fray_gurps::state::State,
    who: fray_core::CombatantId,
    name: &str,
) -> Option<Lasting> {
    Gurps::conditions(state, who)
        .into_iter()
        .find(|c| c.name == name)
        .map(|c| c.lasts)
}

// rule: G-INJ-001 (shock applies on the next turn only)
#[test]
fn shock_shows_only_while_it_applies() {
    let mut state = start::<Gurps>("duel");
    let bors = fray_core::CombatantId(0);
    let gawain = fray_core::CombatantId(1);
    state.order = vec![bors, gawain];
    // Injured since its last turn: shock is coming.
    state.fighter_mut(bors).injury_since_turn = 2;
    assert_eq!(lasting(&state, bors, "shock -2"), Some(Lasting::NextTurn));
    // Its turn: the shock applies now.
    state.fighter_mut(bors).injury_since_turn = 0;
    state.fighter_mut(bors).shock = -2;
    state.cursor = Some(0);
    assert_eq!(lasting(&state, bors, "shock -2"), Some(Lasting::ThisTurn));
    // Someone else's turn: spent, not shown, though the number stays in the state.
    state.cursor = Some(1);
    assert_eq!(lasting(&state, bors, "shock -2"), None);
}

// rule: G-INJ-011 (reeling below a third of HP), G-EXT-031 (mortal wound)
#[test]
fn reeling_and_mortal_wounds_show() {
    let mut state = start::<Gurps>("duel");
    let bors = fray_core::CombatantId(0);
    state.fighter_mut(bors).hp = 3;
    state.fighter_mut(bors).set_mortal_wound(true);
    assert_eq!(
        lasting(&state, bors, "reeling (half Move and Dodge)"),
        Some(Lasting::Lasting)
    );
    assert_eq!(
        lasting(&state, bors, "mortal wound"),
        Some(Lasting::Lasting)
    );
}

// rule: G-INJ-010 (stunned until a recovery roll)
#[test]
fn a_stun_lasts_until_shaken_off() {
    let mut state = start::<Gurps>("duel");
    let bors = fray_core::CombatantId(0);
    state.fighter_mut(bors).stun = Some(fray_gurps::state::Stun::Physical);
    assert_eq!(lasting(&state, bors, "stunned"), Some(Lasting::UntilShaken));
}
