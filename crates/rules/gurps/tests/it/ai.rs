//! The default AI and the scenario knobs that steer it (tactics, aim,
//! retreat), played through the simulator's oracle or asked directly.

use crate::common::*;
use fray_core::grid::HexPos;
use fray_gurps::ai;
use fray_gurps::model::action::{Action, Aim, AllOutVariant, Answer, DefenseOption, Question};
use fray_gurps::model::location::Location;
use fray_gurps::model::state::{DefenseKind, State};
use fray_gurps::setup::setup;

/// A toe-to-toe duel where A has the given controller and `[combatants.ai]` lines.
fn duel_with(controller: &str, knobs: &str) -> State {
    let a = format!(
        "{}[combatants.ai]\n{knobs}\n",
        fighter_with("A", "a", 0, 0, "n", controller, &swordsman(12, 14))
    );
    state("", &[a, fighter("B", "b", 0, -1, "s", &swordsman(11, 13))])
}

#[test]
fn the_basic_ai_attacks_an_adjacent_foe_where_it_hurts_most() {
    let s = duel_with("ai:basic", "");
    match ai::action(&s, A) {
        Action::Attack { strike, step, .. } => {
            assert_eq!(strike.target, B);
            assert!(step.is_none());
            // Unarmored: the torso at skill 14 beats the neck at 9.
            assert_eq!(strike.location, Aim::At(Location::Torso));
        }
        other => panic!("expected an attack, got {other}"),
    }
    // In mail (DR 4 on the torso, none on the neck) the neck is worth the -5.
    let mailed = format!("{}\narmor = [\"Mail\"]", swordsman(11, 13));
    let s = state(
        "",
        &[
            fighter_with("A", "a", 0, 0, "n", "ai:basic", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &mailed),
        ],
    );
    let Action::Attack { strike, .. } = ai::action(&s, A) else {
        panic!("expected an attack");
    };
    assert_eq!(strike.location, Aim::At(Location::Neck));
}

#[test]
fn all_out_tactics_always_strike_all_out_with_the_best_variant() {
    let s = duel_with("ai:all-out", "");
    let a = ai::action(&s, A);
    assert!(fray_gurps::rules::maneuver::check(&s, A, &a).is_ok());
    match a {
        // Two attacks at full skill beat one at +4 for a skilled swordsman.
        Action::AllOutAttack { variant, .. } => assert_eq!(variant, AllOutVariant::Double),
        other => panic!("expected an All-Out Attack, got {other}"),
    }
}

#[test]
fn the_aim_knob_fixes_the_hit_location() {
    let s = duel_with("ai", "aim = \"skull\"");
    let Action::Attack { strike, .. } = ai::action(&s, A) else {
        panic!("expected an attack");
    };
    assert_eq!(strike.location, Aim::At(Location::Skull));
    let s = duel_with("ai", "aim = \"random\"");
    let Action::Attack { strike, .. } = ai::action(&s, A) else {
        panic!("expected an attack");
    };
    assert_eq!(strike.location, Aim::Random);
    // A cutting weapon cannot aim at the vitals: the torso instead.
    let s = duel_with("ai", "aim = \"vitals\"");
    let Action::Attack { strike, .. } = ai::action(&s, A) else {
        panic!("expected an attack");
    };
    assert_eq!(strike.location, Aim::At(Location::Torso));
}

#[test]
fn bad_knobs_are_setup_errors_that_name_the_field() {
    let a = format!(
        "{}[combatants.ai]\naim = \"elbow\"\n",
        fighter("A", "a", 0, 0, "n", &swordsman(12, 14))
    );
    let text = format!(
        "ruleset = \"gurps\"\nname = \"t\"\n[map]\nkind = \"hex\"\nradius = 4\n{a}\n{}",
        fighter("B", "b", 0, -1, "s", &swordsman(11, 13))
    );
    let err = toml::from_str::<fray_gurps::model::scenario::Scenario>(&text).unwrap_err();
    assert!(err.to_string().contains("elbow"), "{err}");
    let unknown = text.replace("aim = \"elbow\"", "bravery = 3");
    let err = toml::from_str::<fray_gurps::model::scenario::Scenario>(&unknown).unwrap_err();
    assert!(err.to_string().contains("bravery"), "{err}");
}

/// A defense question from `attacker` to `defender` offering `options`,
/// each as (kind, weapon, value, value when retreating).
fn defense_question(
    defender: fray_core::CombatantId,
    attacker: fray_core::CombatantId,
    options: &[(DefenseKind, Option<u8>, i32, i32)],
) -> Question {
    Question::Defend {
        defender,
        attacker,
        attack: String::new(),
        options: options
            .iter()
            .map(|&(kind, weapon, value, retreating)| DefenseOption {
                kind,
                weapon,
                value,
                with_retreat: Some(retreating),
            })
            .collect::<Vec<_>>()
            .into(),
        second: false,
        extra_effort: true,
        ranged: false,
    }
}

fn defend_question(defender: fray_core::CombatantId) -> Question {
    defense_question(
        defender,
        A,
        &[
            (DefenseKind::Dodge, None, 9, 12),
            (DefenseKind::Parry, Some(0), 10, 11),
        ],
    )
}

// rule: G-DEF-009
#[test]
fn the_retreat_knob_turns_retreating_off() {
    let retreats = duel_with("ai", "");
    assert_eq!(
        ai::answer(&retreats, &defend_question(A)),
        Answer::Defend {
            kind: DefenseKind::Dodge,
            weapon: None,
            retreat: true,
            feverish: false,
            acrobatic: false,
            dive: None,
        }
    );
    let stands = duel_with("ai", "retreat = false");
    assert_eq!(
        ai::answer(&stands, &defend_question(A)),
        Answer::Defend {
            kind: DefenseKind::Parry,
            weapon: Some(0),
            retreat: false,
            feverish: false,
            acrobatic: false,
            dive: None,
        }
    );
}

// rule: G-MOV-001
#[test]
fn the_ai_closes_in_along_a_declared_route_and_ends_facing_the_foe() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -5, "s", &swordsman(11, 13)),
        ],
    );
    let a = ai::action(&s, A);
    assert!(fray_gurps::rules::maneuver::check(&s, A, &a).is_ok(), "{a}");
    let Action::Move { to, face, path, .. } = a else {
        panic!("expected a move, got {a}");
    };
    assert_eq!(to.distance(HexPos::new(0, -5)), 1);
    assert_eq!(path.last(), Some(&to));
    assert_eq!(path.len(), 4);
    assert_eq!(face, to.facing_toward(HexPos::new(0, -5)));
}

#[test]
fn the_ai_goes_around_a_wall() {
    let t = "[[map.terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = -1 }, { q = 1, r = -2 }, { q = -1, r = -1 }]";
    let sc = scenario_on(
        t,
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -4, "s", &swordsman(11, 13)),
        ],
    );
    let s = setup(&sc, &armory()).unwrap();
    let a = ai::action(&s, A);
    assert!(fray_gurps::rules::maneuver::check(&s, A, &a).is_ok(), "{a}");
    let Action::Move { path, .. } = a else {
        panic!("expected a move, got {a}");
    };
    assert!(
        !path
            .iter()
            .any(|h| [HexPos::new(0, -1), HexPos::new(1, -2), HexPos::new(-1, -1)].contains(h))
    );
}

// rule: G-AIM-001, G-RDY-001
#[test]
fn an_archer_aims_once_shoots_then_reloads() {
    use fray_gurps::model::state::AimState;
    let archer = sheet(10, 12, 10, 12, "skills = { Bow = 14 }\nweapons = [\"Bow\"]");
    let sc = scenario_sized(
        20,
        "",
        "",
        &[
            fighter("A", "a", 0, 0, "ne", &archer),
            fighter("B", "b", 0, -10, "s", &swordsman(11, 13)),
        ],
    );
    let mut s = fray_gurps::setup::setup(&sc, &armory()).unwrap();
    // First it turns to face B and aims.
    let a = ai::action(&s, A);
    assert!(fray_gurps::rules::maneuver::check(&s, A, &a).is_ok(), "{a}");
    let Action::Aim { target, step, .. } = a else {
        panic!("expected Aim, got {a}");
    };
    assert_eq!(target, B);
    assert!(step.is_some_and(|s| s.face.is_some()));
    // Aimed and facing: it shoots (at the vitals, x3 for an arrow).
    s.fighters[0].pose.facing = fray_core::grid::Facing::N;
    s.fighters[0].aim = Some(AimState {
        target: B,
        weapon: 0,
        mode: 0,
        turns: 1,
        braced: false,
    });
    let Action::Attack { strike, .. } = ai::action(&s, A) else {
        panic!("expected a shot");
    };
    assert_eq!(strike.location, Aim::At(Location::Vitals));
    // Unloaded: it reloads.
    s.fighters[0].weapons[0].set_loaded(false);
    s.fighters[0].weapons[0].set_reload_left(2);
    assert_eq!(ai::action(&s, A), Action::Ready { weapon: 0 });
}

/// A wrestler (Wrestling 14, no weapon) facing a swordsman.
fn wrestler_duel() -> State {
    let w = sheet(13, 12, 10, 12, "skills = { Wrestling = 14 }\nweapons = []");
    setup(
        &scenario(
            "",
            &[
                fighter("A", "a", 0, 0, "n", &w),
                fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
            ],
        ),
        &armory_unarmed(),
    )
    .unwrap()
}

// rule: G-GRP-001, G-GRP-009
#[test]
fn a_wrestler_grabs_the_neck_then_strangles() {
    use fray_gurps::model::action::Grapple;
    use fray_gurps::model::state::{Grip, GripAt};
    let mut s = wrestler_duel();
    let a = ai::action(&s, A);
    assert!(
        matches!(
            a,
            Action::Grapple(Grapple::Grab {
                target: B,
                location: Location::Neck,
                ..
            })
        ),
        "{a}"
    );
    s.set_grip(
        A,
        Some(Grip {
            target: B,
            at: GripAt::Body(Location::Neck),
            hands: 2,
            pinned: false,
        }),
    );
    assert_eq!(ai::action(&s, A), Action::Grapple(Grapple::Strangle));
    // The swordsman, held, cannot use the sword: it punches (reach C) or breaks free.
    let b = ai::action(&s, B);
    assert!(fray_gurps::rules::maneuver::check(&s, B, &b).is_ok(), "{b}");
    assert!(
        matches!(
            b,
            Action::Attack { .. } | Action::Grapple(Grapple::BreakFree)
        ),
        "{b}"
    );
    // Pinned, it can only break free.
    s.fighters[0].grip.as_mut().unwrap().pinned = true;
    assert_eq!(ai::action(&s, B), Action::Grapple(Grapple::BreakFree));
}

// rule: G-FNT-001
#[test]
fn a_master_feints_a_foe_behind_a_high_defense_then_strikes() {
    use fray_gurps::model::state::Feint;
    // A: Broadsword-18. B: Broadsword-11 but a large shield and Combat
    // Reflexes: Block 10 + DB 3 + 1 = 14 before retreating.
    let wall = sheet(
        12,
        11,
        10,
        12,
        "skills = { Broadsword = 11, Shield = 14 }\nweapons = [\"Broadsword\"]\nshield = \"Large Shield\"\ntraits = [\"combat_reflexes\"]",
    );
    let mut s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(13, 18)),
            fighter("B", "b", 0, -1, "s", &wall),
        ],
    );
    let a = ai::action(&s, A);
    assert!(matches!(a, Action::Feint { target: B, .. }), "{a}");
    // With the feint won, it strikes.
    s.fighters[0].feint = Some(Feint {
        target: B,
        margin: 5,
        expires_before_turn: 2,
    });
    assert!(matches!(ai::action(&s, A), Action::Attack { .. }));
    // The knob turns feinting off.
    let knobbed = format!(
        "{}[combatants.ai]\nfeint = false\n",
        fighter("A", "a", 0, 0, "n", &swordsman(13, 18))
    );
    let s = state("", &[knobbed, fighter("B", "b", 0, -1, "s", &wall)]);
    assert!(matches!(ai::action(&s, A), Action::Attack { .. }));
    // Against an ordinary defense it just strikes (the default duel above).
    assert!(matches!(
        ai::action(&duel_with("ai", ""), A),
        Action::Attack { .. }
    ));
}

// rule: G-STP-001, G-WAIT-001
#[test]
fn defensive_tactics_set_a_stop_thrust_or_wait_for_the_foe() {
    use fray_gurps::model::action::{Trigger, Wait};
    let spear = sheet(
        12,
        12,
        10,
        12,
        "skills = { Spear = 14 }\nweapons = [\"Spear\"]",
    );
    let s = state(
        "",
        &[
            fighter_with("A", "a", 0, 0, "n", "ai:defensive", &spear),
            fighter("B", "b", 0, -3, "s", &swordsman(11, 13)),
        ],
    );
    let a = ai::action(&s, A);
    assert!(
        matches!(
            a,
            Action::Wait(Wait {
                trigger: Trigger::StopThrust,
                ..
            })
        ),
        "{a}"
    );
    let s = state(
        "",
        &[
            fighter_with("A", "a", 0, 0, "n", "ai:defensive", &swordsman(12, 14)),
            fighter("B", "b", 0, -3, "s", &swordsman(11, 13)),
        ],
    );
    let a = ai::action(&s, A);
    assert!(
        matches!(
            a,
            Action::Wait(Wait {
                trigger: Trigger::InReach { .. },
                ..
            })
        ),
        "{a}"
    );
}

// rule: G-LOC-002, G-LOC-008, G-ATK-001
#[test]
fn the_seasoned_ai_aims_by_expected_value_which_follows_the_foes_armor() {
    // Against mail (DR 4 on the torso) the torso is never worth it; the
    // seasoned AI goes for an unarmored location instead.
    let mailed = format!("{}\narmor = [\"Mail\"]", swordsman(11, 13));
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &mailed),
        ],
    );
    let Action::Attack { strike, .. } = ai::action(&s, A) else {
        panic!("expected an attack");
    };
    assert_ne!(strike.location, Aim::At(Location::Torso));
    assert!(strike.deceptive == 0 || strike.location.location().is_some());
    // `ai:basic` keeps its own choice in the same spot (the neck).
    let s = state(
        "",
        &[
            fighter_with("A", "a", 0, 0, "n", "ai:basic", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &mailed),
        ],
    );
    let Action::Attack { strike, .. } = ai::action(&s, A) else {
        panic!("expected an attack");
    };
    assert_eq!(strike.location, Aim::At(Location::Neck));
}

// rule: G-AOD-001, G-FNT-003
#[test]
fn the_seasoned_ai_defends_all_out_against_a_pending_feint_but_basic_does_not() {
    use fray_gurps::model::state::Feint;
    // Two shieldmen behind Block 14 (15 retreating): a blow rarely gets
    // through, so after a feint by 4 the +2 of All-Out Defense saves more
    // than A's own blow would deal.
    let wall = sheet(
        12,
        12,
        10,
        12,
        "skills = { Broadsword = 14, Shield = 14 }\nweapons = [\"Broadsword\"]\nshield = \"Large Shield\"\ntraits = [\"combat_reflexes\"]",
    );
    for (controller, all_out) in [("ai", true), ("ai:basic", false)] {
        let mut s = state(
            "",
            &[
                fighter_with("A", "a", 0, 0, "n", controller, &wall),
                fighter("B", "b", 0, -1, "s", &wall),
            ],
        );
        s.fighters[1].feint = Some(Feint {
            target: A,
            margin: 4,
            expires_before_turn: 3,
        });
        let a = ai::action(&s, A);
        assert!(fray_gurps::rules::maneuver::check(&s, A, &a).is_ok(), "{a}");
        assert_eq!(
            matches!(a, Action::AllOutDefense { .. }),
            all_out,
            "{controller}: {a}"
        );
    }
}

// rule: G-CPO-002
#[test]
fn a_kneeling_seasoned_wrestler_rises_as_the_grabs_step() {
    use fray_gurps::model::action::Grapple;
    use fray_gurps::model::state::Posture;
    let mut s = wrestler_duel();
    s.fighters[0].posture = Posture::Kneeling;
    let a = ai::action(&s, A);
    match a {
        Action::Grapple(Grapple::Grab {
            target: B,
            location: Location::Neck,
            step: Some(step),
            ..
        }) => assert_eq!(step.posture, Some(Posture::Standing)),
        other => panic!("expected a grab rising from the knee, got {other}"),
    }
}

// rule: G-DEF-003, G-DEF-009
#[test]
fn the_seasoned_ai_parries_rather_than_dodges_at_the_same_chance() {
    let s = duel_with("ai", "");
    let q = defense_question(
        A,
        B,
        &[
            (DefenseKind::Dodge, None, 10, 13),
            (DefenseKind::Parry, Some(0), 12, 13),
        ],
    );
    let Answer::Defend { kind, retreat, .. } = ai::answer(&s, &q) else {
        panic!("expected a defense");
    };
    assert_eq!((kind, retreat), (DefenseKind::Parry, true));
    // A higher real chance wins whatever the kind.
    let mut q = q;
    if let Question::Defend { options, .. } = &mut q {
        options[0].with_retreat = Some(14);
    }
    let Answer::Defend { kind, .. } = ai::answer(&s, &q) else {
        panic!("expected a defense");
    };
    assert_eq!(kind, DefenseKind::Dodge);
}

/// A swordsman ("A", played by `controller`) at (0,0) facing north, with
/// B straight ahead and C ahead on the right, both swordsmen a step away.
fn two_foes(controller: &str) -> State {
    state(
        "",
        &[
            fighter_with("A", "a", 0, 0, "n", controller, &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
            fighter("C", "b", 1, -1, "sw", &swordsman(11, 13)),
        ],
    )
}

// rule: G-RDY-001, G-DEF-002
#[test]
fn the_seasoned_ai_strikes_the_armed_foe_before_the_disarmed_one() {
    // B, the nearest, has lost its sword: it parries no more (an easier
    // blow) but can only punch. The first AI goes for it; the seasoned
    // one weighs each foe's blow by how much that foe threatens it.
    let target = |controller: &str| {
        let mut s = two_foes(controller);
        let sword = s.fighters[1]
            .weapons
            .iter()
            .position(|w| &*w.weapon.name == "Broadsword")
            .expect("B carries a broadsword");
        s.fighters[1].weapons[sword].set_ready(false);
        match ai::action(&s, A) {
            Action::Attack { strike, .. } | Action::AllOutAttack { strike, .. } => strike.target,
            other => panic!("expected a blow, got {other}"),
        }
    };
    assert_eq!(target("ai"), C);
    assert_eq!(target("ai:basic"), B);
}

// rule: G-DEF-003, G-DEF-006, G-DEF-009, G-DEF-010
#[test]
fn against_several_foes_the_seasoned_ai_retreats_with_a_dodge_and_keeps_parry_and_block() {
    // Dodge 10 (13 retreating), Parry 12 (13), Block 11 (12). Against one
    // foe the best single chance: Parry retreating. With a second foe in
    // reach more blows follow before its turn, so it spends the retreat
    // where it gives +3 and keeps the Parry (12) and the Block (11).
    let q = |defender| {
        defense_question(
            defender,
            B,
            &[
                (DefenseKind::Dodge, None, 10, 13),
                (DefenseKind::Parry, Some(0), 12, 13),
                (DefenseKind::Block, None, 11, 12),
            ],
        )
    };
    let answer = |s: &State| match ai::answer(s, &q(A)) {
        Answer::Defend { kind, retreat, .. } => (kind, retreat),
        other => panic!("expected a defense, got {other}"),
    };
    assert_eq!(answer(&two_foes("ai")), (DefenseKind::Dodge, true));
    assert_eq!(answer(&duel_with("ai", "")), (DefenseKind::Parry, true));
    // The first AI takes the best value, a Dodge on the tie.
    assert_eq!(answer(&two_foes("ai:basic")), (DefenseKind::Dodge, true));
}
