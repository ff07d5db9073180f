//! GM overrides in the rulesets other than GURPS (issue 15): conditions in
//! each system's words, delays where the system has an order, late
//! arrivals and removals, each refusal typed.

use crate::game::{ov, run, undo};
use fray_core::Fight;
use fray_core::{Override, Refusal, Ruleset};
use fray_session::{Refused, Session};

/// The starting state of a bundled scenario.
fn start<R: Ruleset>(scenario: &str) -> R::State {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios")
        .join(scenario);
    let file = fray_core::scenario::SourceFile::read(&path).unwrap();
    fray_core::run::load::<R>(file).unwrap().state
}

fn refusal<R: Ruleset>(session: &mut Session<R>, o: Override) -> Refusal {
    match ov(session, o) {
        Err(Refused::Override(r)) => r,
        other => panic!("not refused: {other:?}"),
    }
}

fn join(name: &str, template: &str, side: &str, cell: [i32; 2]) -> Override {
    Override::AddCombatant {
        name: name.into(),
        template: template.into(),
        side: side.into(),
        cell,
    }
}

fn cond(who: &str, condition: &str, add: bool) -> Override {
    let (who, condition) = (who.to_string(), condition.to_string());
    if add {
        Override::AddCondition { who, condition }
    } else {
        Override::RemoveCondition { who, condition }
    }
}

fn names<R: Ruleset>(session: &Session<R>) -> Vec<String> {
    R::roster(session.state())
        .into_iter()
        .map(|c| c.name)
        .collect()
}

/// A figure's conditions, without what it holds.
fn conditions<R: Ruleset>(session: &Session<R>, who: &str) -> Vec<String> {
    R::roster(session.state())
        .into_iter()
        .find(|c| c.name == who)
        .map(|c| c.conditions)
        .unwrap_or_default()
        .into_iter()
        .filter(|c| !c.starts_with("holds "))
        .collect()
}

/// Refusals every ruleset shares for a late arrival.
fn arrival_refusals<R: Ruleset>(
    session: &mut Session<R>,
    template: &str,
    side: &str,
    taken: ([i32; 2], &str),
    free: [i32; 2],
) {
    assert!(matches!(
        refusal(session, join("Newt", "dragon", side, free)),
        Refusal::UnknownTemplate { template, .. } if template == "dragon"
    ));
    assert_eq!(
        refusal(session, join("Newt", template, "Elves", free)),
        Refusal::UnknownSide("Elves".into())
    );
    let first = names(session).remove(0);
    assert_eq!(
        refusal(session, join(&first.to_uppercase(), template, side, free)),
        Refusal::NameTaken(first.to_uppercase())
    );
    assert_eq!(
        refusal(session, join("Newt", template, side, [40, 40])),
        Refusal::OffMap { cell: [40, 40] }
    );
    assert_eq!(
        refusal(session, join("Newt", template, side, taken.0)),
        Refusal::CellTaken {
            cell: taken.0,
            by: taken.1.into()
        }
    );
    assert_eq!(
        refusal(
            session,
            Override::RemoveCombatant {
                who: "Nobody".into()
            }
        ),
        Refusal::UnknownCombatant("Nobody".into())
    );
    assert!(matches!(
        refusal(session, cond(&first, "on fire", true)),
        Refusal::UnknownCondition { .. }
    ));
}

/// A game with a join, an undo past it, another join, a removal: the same
/// with the AI's memo on and off.
fn roster_game<R: Ruleset>(scenario: &str, a: Override, b: Override, gone: &str) -> String {
    let mut session = Session::<R>::new(start::<R>(scenario), 5);
    run(&mut session, 3);
    ov(&mut session, a).unwrap();
    run(&mut session, 8);
    undo(&mut session).unwrap();
    ov(&mut session, b).unwrap();
    run(&mut session, 10);
    ov(&mut session, Override::RemoveCombatant { who: gone.into() }).unwrap();
    run(&mut session, 200);
    session.saved_game().to_toml().unwrap()
}

mod d20 {
    use super::*;
    use fray_d20_3d6::D20;

    const DUEL: &str = "d20-3d6/duel.toml";

    #[test]
    fn conditions_in_d20_words_and_their_refusals() {
        // rule: X-CON-001 (prone), X-DEF-004 (fatigue levels)
        let mut session = Session::<D20>::new(start::<D20>(DUEL), 1);
        ov(&mut session, cond("Ser Alda", "prone", true)).unwrap();
        ov(&mut session, cond("ser alda", "frightened", true)).unwrap();
        ov(&mut session, cond("Ser Alda", "fatigued", true)).unwrap();
        let c = conditions(&session, "Ser Alda");
        assert!(
            c.contains(&"prone".into()) && c.contains(&"frightened".into()),
            "{c:?}"
        );
        assert!(c.contains(&"fatigued 1".into()), "{c:?}");
        ov(&mut session, cond("Ser Alda", "prone", false)).unwrap();
        ov(&mut session, cond("Ser Alda", "fatigued", false)).unwrap();
        assert!(
            matches!(
                refusal(&mut session, cond("Ser Alda", "fatigued", false)),
                Refusal::Illegal(i) if i.rule == "X-DEF-004"
            ),
            "no fatigue to take off"
        );
        assert_eq!(conditions(&session, "Ser Alda"), ["frightened"]);
        undo(&mut session).unwrap();
        assert_eq!(
            conditions(&session, "Ser Alda"),
            ["frightened", "fatigued 1"]
        );
    }

    #[test]
    fn a_d20_figure_delays_after_the_next_one() {
        // rule: X-SEQ-001
        let mut session = Session::<D20>::new(start::<D20>(DUEL), 1);
        assert!(matches!(
            refusal(&mut session, Override::Delay { who: "Ser Alda".into() }),
            Refusal::Illegal(i) if i.rule == "X-SEQ-001"
        ));
        ov(&mut session, join("Ser Cato", "fighter", "Alda", [3, 3])).unwrap();
        run(&mut session, 1);
        let s = session.state();
        let waiting = s.order[s.cursor];
        let next = s.order[s.cursor + 1];
        let name = D20::name(s, waiting).to_string();
        ov(&mut session, Override::Delay { who: name.clone() }).unwrap();
        let s = session.state();
        assert_eq!((s.order[s.cursor], s.order[s.cursor + 1]), (next, waiting));
        let acted = D20::name(s, s.order[0]).to_string();
        assert!(matches!(
            refusal(&mut session, Override::Delay { who: acted }),
            Refusal::Illegal(i) if i.rule == "X-SEQ-001"
        ));
    }

    #[test]
    fn a_late_arrival_acts_last_and_a_removal_ends_the_duel() {
        // rule: X-SEQ-001 (the newcomer acts last, no initiative roll)
        let mut session = Session::<D20>::new(start::<D20>(DUEL), 1);
        arrival_refusals(&mut session, "goblin", "Bran", ([5, 5], "Ser Alda"), [3, 3]);
        assert_eq!(
            refusal(&mut session, join("Og", "ogre", "Bran", [11, 11])),
            Refusal::CellBlocked { cell: [11, 11] },
            "a large ogre's 2x2 space runs off the map"
        );
        assert_eq!(session.revision(), 1);
        run(&mut session, 2);
        ov(&mut session, join("Gob", "goblin", "Bran", [3, 3])).unwrap();
        let s = session.state();
        assert_eq!(s.order.last().map(|&id| D20::name(s, id)), Some("Gob"));
        run(&mut session, 6);
        ov(
            &mut session,
            Override::RemoveCombatant {
                who: "Ser Bran".into(),
            },
        )
        .unwrap();
        ov(
            &mut session,
            Override::RemoveCombatant { who: "Gob".into() },
        )
        .unwrap();
        assert_eq!(names(&session), ["Ser Alda"]);
        run(&mut session, 100);
        let over = session.over().expect("one side left");
        assert_eq!(over.winner, Some(fray_core::SideId(0)));
    }

    #[test]
    fn a_d20_roster_change_never_gets_a_stale_memo_answer() {
        let game = || {
            roster_game::<D20>(
                DUEL,
                join("Gob", "goblin", "Bran", [3, 3]),
                join("Gob", "wolf", "Bran", [3, 3]),
                "Ser Bran",
            )
        };
        fray_d20_3d6::ai::memo::set_enabled(true);
        let remembered = game();
        fray_d20_3d6::ai::memo::set_enabled(false);
        let fresh = game();
        fray_d20_3d6::ai::memo::set_enabled(true);
        assert_eq!(remembered, fresh);
    }
}

mod margin {
    use super::*;
    use fray_margin_3d6::Margin;

    const DUEL: &str = "margin-3d6/duel.toml";

    #[test]
    fn conditions_in_margin_words_and_their_refusals() {
        // rule: M-EFF-001 (stunned), M-EFF-003 (knocked down), M-CRT-001 (off balance)
        let mut session = Session::<Margin>::new(start::<Margin>(DUEL), 1);
        ov(&mut session, cond("Aldric", "stunned", true)).unwrap();
        ov(&mut session, cond("Aldric", "knocked down", true)).unwrap();
        let c = conditions(&session, "Aldric");
        assert!(
            c.contains(&"stunned".into()) && c.contains(&"lying".into()),
            "{c:?}"
        );
        ov(&mut session, cond("Aldric", "lying", false)).unwrap();
        ov(&mut session, cond("Aldric", "stunned", false)).unwrap();
        ov(&mut session, cond("Aldric", "off balance", true)).unwrap();
        assert!(session.state().fighters[0].guard.off_balance);
        assert!(matches!(
            refusal(&mut session, cond("Aldric", "kneeling", false)),
            Refusal::Illegal(_)
        ));
        assert_eq!(conditions(&session, "Aldric"), Vec::<String>::new());
        arrival_refusals(
            &mut session,
            "archer",
            "Bertram",
            ([1, 0], "Bertram"),
            [0, 3],
        );
    }

    #[test]
    fn a_margin_figure_delays_this_round() {
        // rule: M-FLO-001
        let mut session = Session::<Margin>::new(start::<Margin>(DUEL), 1);
        assert!(matches!(
            refusal(&mut session, Override::Delay { who: "Aldric".into() }),
            Refusal::Illegal(i) if i.rule == "M-FLO-001"
        ));
        ov(
            &mut session,
            join("Cuthbert", "man_at_arms", "Aldric", [0, 3]),
        )
        .unwrap();
        run(&mut session, 1);
        let s = session.state();
        assert_eq!(
            s.order.len(),
            3,
            "a figure joined before the first round is ordered"
        );
        let c = s.cursor.unwrap();
        let (waiting, next) = (s.order[c + 1], s.order[c + 2]);
        let name = Margin::name(s, waiting).to_string();
        ov(&mut session, Override::Delay { who: name }).unwrap();
        let s = session.state();
        assert_eq!((s.order[c + 1], s.order[c + 2]), (next, waiting));
    }

    #[test]
    fn a_margin_arrival_acts_from_the_next_round_and_a_removal_ends_the_duel() {
        // rule: M-FLO-001 (the order is made each round)
        let mut session = Session::<Margin>::new(start::<Margin>(DUEL), 1);
        run(&mut session, 1);
        let round = session.state().round;
        ov(&mut session, join("Cuthbert", "archer", "Bertram", [0, 3])).unwrap();
        assert_eq!(session.state().order.len(), 2, "not in this round's order");
        while session.state().round == round && session.over().is_none() {
            let steps = session.steps();
            run(&mut session, steps + 1);
        }
        assert!(session.over().is_some() || session.state().order.len() == 3);
        ov(
            &mut session,
            Override::RemoveCombatant {
                who: "Bertram".into(),
            },
        )
        .unwrap();
        ov(
            &mut session,
            Override::RemoveCombatant {
                who: "cuthbert".into(),
            },
        )
        .unwrap();
        assert_eq!(names(&session), ["Aldric"]);
        assert_eq!(session.state().controllers.len(), 1);
        run(&mut session, 100);
        assert_eq!(
            session.over().and_then(|o| o.winner),
            Some(fray_core::SideId(0))
        );
    }

    #[test]
    fn a_margin_roster_change_is_the_same_game_undone_and_resumed() {
        // The brawl: four figures, so the fight outlasts the duel's few rounds.
        const BRAWL: &str = "margin-3d6/brawl.toml";
        let game = roster_game::<Margin>(
            BRAWL,
            join("Cuthbert", "archer", "Sailors", [0, 3]),
            join("Cuthbert", "man_at_arms", "Sailors", [0, 3]),
            "Big Tom",
        );
        let saved: fray_session::SavedGame<Margin> = toml::from_str(&game).unwrap();
        let resumed = Session::resume(start::<Margin>(BRAWL), saved).unwrap();
        assert_eq!(resumed.saved_game().to_toml().unwrap(), game);
    }
}

mod dragonquest {
    use super::*;
    use fray_dragonquest::DragonQuest;

    const DUEL: &str = "dragonquest/duel.toml";

    #[test]
    fn conditions_in_dragonquest_words_and_their_refusals() {
        // rule: DQ-19-003 (stunned), DQ-16-012 (entangled)
        let mut session = Session::<DragonQuest>::new(start::<DragonQuest>(DUEL), 1);
        ov(&mut session, cond("Aldric", "stunned", true)).unwrap();
        ov(&mut session, cond("Aldric", "prone", true)).unwrap();
        ov(&mut session, cond("Aldric", "entangled", true)).unwrap();
        let s = &session.state().figures[0].status;
        assert!(s.stunned && s.prone && s.entangled.is_some());
        for c in ["stunned", "prone", "entangled", "restrained", "knocked out"] {
            ov(&mut session, cond("Aldric", c, false)).unwrap();
        }
        let s = &session.state().figures[0].status;
        assert!(!s.stunned && !s.prone && s.entangled.is_none());
        assert!(matches!(
            refusal(&mut session, cond("Aldric", "knocked out", true)),
            Refusal::UnknownCondition { .. }
        ));
        arrival_refusals(&mut session, "orc", "Brand", ([4, 0], "Brand"), [0, 5]);
    }

    #[test]
    fn a_dragonquest_figure_lets_the_next_in_its_engagement_go_first() {
        // rule: DQ-12-006
        let mut state = start::<DragonQuest>(DUEL);
        state.seq.queue = vec![fray_core::CombatantId(0), fray_core::CombatantId(1)];
        let mut session = Session::<DragonQuest>::new(state, 1);
        assert!(matches!(
            refusal(&mut session, Override::Delay { who: "Brand".into() }),
            Refusal::Illegal(i) if i.rule == "DQ-12-006"
        ));
        ov(
            &mut session,
            Override::Delay {
                who: "Aldric".into(),
            },
        )
        .unwrap();
        let ids: Vec<u16> = session.state().seq.queue.iter().map(|c| c.0).collect();
        assert_eq!(ids, [1, 0]);
        let fresh = Session::<DragonQuest>::new(start::<DragonQuest>(DUEL), 1);
        let mut fresh = fresh;
        assert!(matches!(
            refusal(&mut fresh, Override::Delay { who: "Aldric".into() }),
            Refusal::Illegal(i) if i.rule == "DQ-12-006"
        ));
    }

    #[test]
    fn a_dragonquest_arrival_waits_for_the_next_pulse_and_a_removal_ends_the_duel() {
        // rule: DQ-12-001 (engagements and initiative each pulse)
        let mut session = Session::<DragonQuest>::new(start::<DragonQuest>(DUEL), 1);
        run(&mut session, 1);
        ov(&mut session, join("Grom", "orc", "Brand", [0, 5])).unwrap();
        ov(&mut session, join("Horse", "warhorse", "Aldric", [-3, 4])).unwrap();
        let s = session.state();
        assert_eq!(s.seq.group_of.len(), s.figures.len());
        run(&mut session, 12);
        ov(
            &mut session,
            Override::RemoveCombatant {
                who: "Brand".into(),
            },
        )
        .unwrap();
        ov(
            &mut session,
            Override::RemoveCombatant { who: "Grom".into() },
        )
        .unwrap();
        assert_eq!(names(&session), ["Aldric", "Horse"]);
        run(&mut session, 200);
        assert_eq!(
            session.over().and_then(|o| o.winner),
            Some(fray_core::SideId(0))
        );
    }

    #[test]
    fn a_dragonquest_roster_change_is_the_same_game_undone_and_resumed() {
        let game = roster_game::<DragonQuest>(
            DUEL,
            join("Grom", "orc", "Brand", [0, 5]),
            join("Grom", "wolf", "Brand", [0, 5]),
            "Aldric",
        );
        let saved: fray_session::SavedGame<DragonQuest> = toml::from_str(&game).unwrap();
        let resumed = Session::resume(start::<DragonQuest>(DUEL), saved).unwrap();
        assert_eq!(resumed.saved_game().to_toml().unwrap(), game);
    }
}

/// A negative amount and a pool over its maximum, refused in every ruleset.
fn amounts<R: Ruleset>(scenario: &str, vital: &str) {
    let mut session = Session::<R>::new(start::<R>(scenario), 1);
    let who = names(&session).remove(0);
    assert!(matches!(
        refusal(
            &mut session,
            Override::Heal {
                who: who.clone(),
                amount: -1
            }
        ),
        Refusal::BadAmount(_)
    ));
    assert!(matches!(
        refusal(
            &mut session,
            Override::SetPool {
                who,
                pool: vital.into(),
                value: 10_000
            }
        ),
        Refusal::BadAmount(_)
    ));
}

#[test]
fn amounts_that_make_no_sense_are_refused_everywhere() {
    amounts::<fray_dragonquest::DragonQuest>("dragonquest/duel.toml", "EN");
    amounts::<fray_d20_3d6::D20>("d20-3d6/duel.toml", "HP");
    amounts::<fray_margin_3d6::Margin>("margin-3d6/duel.toml", "HP");
}
