//! GM overrides: applied, kept in the log, undone, replayed; refusals typed.

use crate::game::{knight, ov, play, redo, start, undo};
use fray_core::Fight;
use fray_core::{EndReason, Override, Refusal, Ruleset};
use fray_gurps::Gurps;
use fray_session::{Refused, Session};

fn hp(session: &Session<Gurps>, name: &str) -> i32 {
    Gurps::roster(session.state())
        .into_iter()
        .find(|c| c.name == name)
        .and_then(|c| c.pool("HP"))
        .expect("a figure with HP")
        .0
}

#[test]
fn gm_damage_is_in_the_log_undone_and_replayed() {
    // rule: G-INJ-001 (GM injury counts toward shock on the next turn)
    let mut session = knight();
    play(&mut session, 2);
    let said = ov(
        &mut session,
        Override::Damage {
            who: "orc chief".into(),
            amount: 4,
        },
    )
    .expect("applies");
    assert_eq!(
        said,
        ["Orc chief takes 4 injury (game master): HP 13 -> 9."]
    );
    assert_eq!(hp(&session, "Orc chief"), 9);
    assert_eq!(
        session
            .state()
            .fighter(fray_core::CombatantId(1))
            .injury_since_turn,
        4
    );
    // Saved and resumed: the override is replayed.
    let resumed =
        Session::resume(start("knight-vs-orcs-table.toml"), session.saved_game()).unwrap();
    assert_eq!(hp(&resumed, "Orc chief"), 9);
    // Undone: back to 13; redone: 9 again.
    assert_eq!(undo(&mut session), Ok(1));
    assert_eq!(hp(&session, "Orc chief"), 13);
    let (n, shown) = redo(&mut session).unwrap();
    assert_eq!(n, 1);
    assert_eq!(
        shown[0], "Orc chief takes 4 injury (game master): HP 13 -> 9.",
        "a redone override says what it did"
    );
    assert_eq!(hp(&session, "Orc chief"), 9);
}

#[test]
fn pools_conditions_and_healing() {
    // rule: G-INJ-014 (dead at -5xHP)
    let mut session = knight();
    ov(
        &mut session,
        Override::SetPool {
            who: "Sir Ector".into(),
            pool: "fp".into(),
            value: 5,
        },
    )
    .unwrap();
    assert_eq!(session.state().fighter(fray_core::CombatantId(0)).fp, 5);
    ov(
        &mut session,
        Override::AddCondition {
            who: "Orc".into(),
            condition: "stunned".into(),
        },
    )
    .unwrap();
    let orc = &Gurps::roster(session.state())[2];
    assert!(orc.conditions.contains(&"stunned".to_string()), "{orc:?}");
    ov(
        &mut session,
        Override::RemoveCondition {
            who: "Orc".into(),
            condition: "stunned".into(),
        },
    )
    .unwrap();
    let said = ov(
        &mut session,
        Override::Damage {
            who: "Orc runt".into(),
            amount: 80,
        },
    )
    .unwrap();
    assert_eq!(said[1], "Orc runt dies (-5xHP, G-INJ-014).");
    ov(
        &mut session,
        Override::Heal {
            who: "Sir Ector".into(),
            amount: 50,
        },
    )
    .unwrap();
    assert_eq!(
        hp(&session, "Sir Ector"),
        12,
        "healing stops at the maximum"
    );
}

#[test]
fn refusals_are_typed() {
    let mut session = knight();
    let refused = |r| Err(Refused::Override(r));
    assert_eq!(
        ov(
            &mut session,
            Override::Damage {
                who: "Nobody".into(),
                amount: 1
            }
        ),
        refused(Refusal::UnknownCombatant("Nobody".into()))
    );
    assert!(matches!(
        ov(
            &mut session,
            Override::SetPool {
                who: "Orc".into(),
                pool: "MP".into(),
                value: 1
            }
        ),
        Err(Refused::Override(Refusal::UnknownPool { .. }))
    ));
    assert!(matches!(
        ov(
            &mut session,
            Override::AddCondition {
                who: "Orc".into(),
                condition: "on fire".into()
            }
        ),
        Err(Refused::Override(Refusal::UnknownCondition { .. }))
    ));
    // rule: G-EXT-015 (the order is fixed at the first turn)
    assert!(matches!(
        ov(&mut session, Override::Delay { who: "Orc".into() }),
        Err(Refused::Override(Refusal::Illegal(i))) if i.rule == "G-EXT-015"
    ));
    assert_eq!(
        session.revision(),
        1,
        "refused overrides stay out of the log"
    );
}

#[test]
fn a_delayed_figure_acts_after_the_next_one() {
    // rule: G-EXT-015
    let mut session = knight();
    play(&mut session, 1);
    let order = session.state().order.clone();
    let next = order[(session.state().cursor.unwrap() + 1) % order.len()];
    let name = Gurps::name(session.state(), next).to_string();
    let said = ov(&mut session, Override::Delay { who: name.clone() });
    let after = session.state().order.clone();
    assert!(said.is_ok(), "{said:?}");
    assert_ne!(order, after);
}

#[test]
fn the_gm_ends_the_fight() {
    let mut session = knight();
    assert!(matches!(
        ov(
            &mut session,
            Override::EndFight {
                winner: Some("Elves".into())
            }
        ),
        Err(Refused::Override(Refusal::UnknownSide(_)))
    ));
    ov(
        &mut session,
        Override::EndFight {
            winner: Some("orcs".into()),
        },
    )
    .unwrap();
    let over = session.over().expect("over");
    assert_eq!(over.reason, EndReason::Called);
    assert_eq!(over.winner, Some(fray_core::SideId(1)));
    assert_eq!(
        ov(
            &mut session,
            Override::Heal {
                who: "Orc".into(),
                amount: 1
            }
        ),
        Err(Refused::Over)
    );
    undo(&mut session).unwrap();
    assert!(session.over().is_none());
}

/// Damage, healing and a pool set in another ruleset's words, undone.
fn pools_of<R: Ruleset>(scenario: &str, vital: &str, other: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios")
        .join(scenario);
    let file = fray_core::scenario::SourceFile::read(&path).unwrap();
    let state = fray_core::run::load::<R>(file).unwrap().state;
    let who = R::roster(&state)[0].name.clone();
    let mut session = Session::<R>::new(state, 1);
    let pool =
        |s: &Session<R>, label: &str| R::roster(s.state())[0].pool(label).expect("the pool").0;
    let full = pool(&session, vital);
    let said = ov(
        &mut session,
        Override::Damage {
            who: who.clone(),
            amount: 2,
        },
    )
    .unwrap();
    assert!(
        said[0].contains(&format!("{vital} {full} -> {}", full - 2)),
        "{said:?}"
    );
    ov(
        &mut session,
        Override::Heal {
            who: who.clone(),
            amount: 5,
        },
    )
    .unwrap();
    assert_eq!(pool(&session, vital), full, "healing stops at the maximum");
    let before = pool(&session, other);
    let value = i32::from(before == 0);
    ov(
        &mut session,
        Override::SetPool {
            who: who.clone(),
            pool: other.to_lowercase(),
            value,
        },
    )
    .unwrap();
    assert_eq!(pool(&session, other), value);
    assert!(
        matches!(
            ov(&mut session, Override::Delay { who }),
            Err(Refused::Override(
                Refusal::Illegal(_) | Refusal::Unsupported { .. }
            ))
        ),
        "no order before the first turn"
    );
    undo(&mut session).unwrap();
    assert_eq!(pool(&session, other), before, "undone");
}

#[test]
fn every_ruleset_takes_damage_healing_and_pools_in_its_own_words() {
    pools_of::<fray_dragonquest::DragonQuest>("dragonquest/duel.toml", "EN", "FT");
    pools_of::<fray_d20_3d6::D20>("d20-3d6/duel.toml", "HP", "NL");
    pools_of::<fray_margin_3d6::Margin>("margin-3d6/duel.toml", "HP", "Fatigue");
}
