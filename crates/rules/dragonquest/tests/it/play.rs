//! Questions go to the right controller (DQ-12-001, DQ-12-006, DQ-13-017,
//! DQ-17-007, DQ-18-005, DQ-16-020), the AI plays and answers sensibly, and
//! fights are deterministic.

use crate::common::*;
use fray_core::Engine;
use fray_core::TableView;
use fray_core::{Addressee, CombatantId, SideId};
use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::action::{Action, Answer, Question};

#[test]
fn questions_are_addressed_to_figures_and_sides() {
    // rule: DQ-12-001, DQ-12-006, DQ-13-017, DQ-17-007, DQ-18-005, DQ-16-020
    let side = Question::SideFirst {
        side: SideId(1),
        options: [SideId(0), SideId(1)].into_iter().collect(),
    };
    assert_eq!(DragonQuest::addressee(&side), Addressee::Side(SideId(1)));
    let next = Question::NextFigure {
        side: SideId(0),
        options: vec![A],
    };
    assert_eq!(DragonQuest::addressee(&next), Addressee::Side(SideId(0)));
    assert_eq!(
        DragonQuest::addressee(&Question::FirstOrLast { who: A }),
        Addressee::Combatant(A)
    );
    assert_eq!(
        DragonQuest::addressee(&Question::Repulse {
            who: B,
            attacker: A
        }),
        Addressee::Combatant(B)
    );
    assert_eq!(
        DragonQuest::addressee(&Question::Parry {
            who: B,
            attacker: A
        }),
        Addressee::Combatant(B)
    );
    assert_eq!(
        DragonQuest::addressee(&Question::Grievous { who: B }),
        Addressee::Combatant(B)
    );
    let dis = Question::DisarmItem {
        who: A,
        target: B,
        options: vec![Some(0), None],
    };
    assert_eq!(DragonQuest::addressee(&dis), Addressee::Combatant(A));
    assert_eq!(
        DragonQuest::answer_options(&dis),
        vec![Answer::Item(Some(0)), Answer::Item(None)]
    );
    assert!(DragonQuest::check_answer(&next, &Answer::Figure(B)).is_err());
    assert!(DragonQuest::check_answer(&next, &Answer::Figure(A)).is_ok());
}

#[test]
fn a_human_figure_is_asked_first_or_last_at_the_table() {
    // rule: DQ-12-006
    let mut s = duel(&[], &[]);
    s.figures[0].controller = fray_core::Controller::Human.into();
    let log = fray_core::InputLog::<DragonQuest>::default();
    let mut oracle = fray_core::InputOracle::table(&log, 1);
    let mut sink = fray_core::VecSink::default();
    match fray_core::engine::step::<DragonQuest, _, _>(&mut s, &mut oracle, &mut sink) {
        Err(fray_core::Halt::Pending(fray_core::Pending::Answer(q))) => {
            assert!(
                matches!(*q, Question::FirstOrLast { who } if who == A),
                "{q:?}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_ai_strikes_when_engaged_recovers_when_stunned_and_answers() {
    // rule: DQ-15-004, DQ-18-005
    let s = duel(&[], &[]);
    assert_eq!(DragonQuest::ai_action(&s, A), attack(B));
    let mut s2 = s.clone();
    s2.figures[0].status.stunned = true;
    assert_eq!(DragonQuest::ai_action(&s2, A), Action::Recover);
    assert_eq!(
        DragonQuest::ai_answer(&s, &Question::FirstOrLast { who: A }),
        Answer::First(true)
    );
    let s3 = duel(&[], &[("armor", "\"chain\""), ("shield", "\"round\"")]);
    assert_eq!(
        DragonQuest::ai_answer(&s3, &Question::Grievous { who: B }),
        Answer::BreakShield(false)
    );
    let _ = CombatantId(0);
}

#[test]
fn the_same_seed_gives_the_same_fight() {
    // rule: DQ-12-001
    use fray_core::{NullSink, SimOracle, engine};
    let sc: fray_dragonquest::model::scenario::Scenario = toml::from_str(include_str!(
        "../../../../../scenarios/dragonquest/duel.toml"
    ))
    .unwrap();
    let start = DragonQuest::setup(&sc).unwrap();
    let play = |seed| {
        let mut s = start.clone();
        let o =
            engine::run::<DragonQuest, _, _>(&mut s, &mut SimOracle::seeded(seed), &mut NullSink)
                .unwrap();
        (o, s.fig(A).en, s.fig(B).en)
    };
    assert_eq!(play(3), play(3));
}
