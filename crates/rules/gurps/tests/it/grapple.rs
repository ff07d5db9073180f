//! Grappling, played with scripted dice.
//!
//! W, a wrestler (ST 13 DX 12 HT 12, Wrestling-14, Knife-14 with a knife,
//! Speed 6), stands at (0,1) facing north; B, a swordsman (ST 12 DX 11
//! HT 12, Broadsword-13, Shield-12 with a medium shield, Speed 5.75), at
//! (0,0) facing south. W acts first. Both have Punch and Kick.

use crate::common::*;
use fray_core::CombatantId;
use fray_core::grid::{HexPos, Pose};
use fray_gurps::model::action::{Action, Grapple, Strike};
use fray_gurps::model::location::Location;
use fray_gurps::model::state::{DefenseKind, Grip, GripAt, Posture, State};
use fray_gurps::rules::attack::{How, to_hit};
use fray_gurps::rules::defense::{Incoming, options};
use fray_gurps::setup::setup;

fn wrestler(st: i32) -> String {
    sheet(
        st,
        12,
        10,
        12,
        "skills = { Wrestling = 14, Knife = 14, Brawling = 12 }\nweapons = [\"Knife\"]",
    )
}

fn swordsman_b(st: i32) -> String {
    sheet(
        st,
        11,
        10,
        12,
        "skills = { Broadsword = 13, Shield = 12, Brawling = 11 }\nweapons = [\"Broadsword\"]\nshield = \"Medium Shield\"",
    )
}

fn pair_with(w_st: i32, b_st: i32, others: &[String]) -> State {
    let mut all = vec![
        fighter("W", "w", 0, 1, "n", &wrestler(w_st)),
        fighter("B", "b", 0, 0, "s", &swordsman_b(b_st)),
    ];
    all.extend(others.iter().cloned());
    setup(&scenario("", &all), &armory_unarmed()).expect("the scenario sets up")
}

fn pair() -> State {
    pair_with(13, 12, &[])
}

/// `holder` holds `target` at `at` with `hands`.
fn hold(mut s: State, holder: CombatantId, target: CombatantId, at: GripAt, hands: u8) -> State {
    s.set_grip(
        holder,
        Some(Grip {
            target,
            at,
            hands,
            pinned: false,
        }),
    );
    s
}

fn held_at(loc: Location) -> State {
    hold(pair(), A, B, GripAt::Body(loc), 2)
}

fn grab(target: CombatantId, location: Location) -> Action {
    Action::Grapple(Grapple::Grab {
        target,
        location,
        item: None,
        hands: 2,
        step: None,
    })
}

fn g(a: Grapple) -> Action {
    Action::Grapple(a)
}

/// B's weapons: 0 broadsword, 1 punch, 2 kick.
fn b_strike(weapon: u8) -> Action {
    Action::Attack {
        strike: Strike::at(A).with(weapon, 0),
        step: None,
        extra: None,
        giant_step: None,
    }
}

fn illegal(s: &State, who: CombatantId, a: &Action) -> fray_core::Illegal {
    fray_gurps::rules::maneuver::check(s, who, a).expect_err("the action should be illegal")
}

// rule: G-GRP-001, G-GRP-002
#[test]
fn a_grab_rolls_the_best_grappling_score_and_the_foe_defends() {
    // Wrestling 14 beats DX 12; the neck is -3: 11. W rolls 10; B dodges
    // (Dodge 8 + shield DB 2 = 10) and rolls 12: the neck is held.
    let l = log(
        vec![("W", grab(B, Location::Neck))],
        &[10, 12],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (s, ev) = run_steps(pair(), &l, 1);
    let r = roll(&ev, "grab");
    assert_eq!(r.target, Some(11));
    assert_eq!(modifier(r, "where"), Some(-3));
    assert_eq!(
        s.fighter(A).grip,
        Some(Grip {
            target: B,
            at: GripAt::Body(Location::Neck),
            hands: 2,
            pinned: false
        })
    );
    // A successful dodge (8) leaves W empty-handed.
    let l = log(
        vec![("W", grab(B, Location::Neck))],
        &[10, 8],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (s, _) = run_steps(pair(), &l, 1);
    assert_eq!(s.fighter(A).grip, None);
}

// rule: G-GRP-002
#[test]
fn grab_modifiers_follow_the_location_the_item_and_the_hands() {
    let cases = [
        (Location::Torso, 14),
        (Location::RightArm, 13),
        (Location::LeftLeg, 13),
        (Location::RightHand, 12),
        (Location::LeftFoot, 12),
        (Location::Skull, 11),
        (Location::Neck, 11),
    ];
    for (loc, target) in cases {
        let l = log(vec![("W", grab(B, loc))], &[16], vec![]);
        let (_, ev) = run_steps(pair(), &l, 1);
        assert_eq!(roll(&ev, "grab").target, Some(target), "{loc}");
    }
    // The sword itself: -4.
    let item = g(Grapple::Grab {
        target: B,
        location: Location::Torso,
        item: Some(0),
        hands: 2,
        step: None,
    });
    let l = log(vec![("W", item)], &[16], vec![]);
    let (_, ev) = run_steps(pair(), &l, 1);
    assert_eq!(roll(&ev, "grab").target, Some(10));
    // Three hands: +2.
    let three = g(Grapple::Grab {
        target: B,
        location: Location::Torso,
        item: None,
        hands: 3,
        step: None,
    });
    let l = log(
        vec![("W", three)],
        &[16, 16],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (_, ev) = run_steps(pair(), &l, 1);
    assert_eq!(modifier(roll(&ev, "grab"), "hands beyond two"), Some(2));
    // Eyes and vitals cannot be grabbed; a foe out of reach neither.
    assert!(
        illegal(&pair(), A, &grab(B, Location::Eye))
            .reason
            .contains("eye")
    );
    let mut far = pair();
    let pose = Pose::new(HexPos::new(0, 2), far.fighter(A).pose.facing);
    far.place(A, pose, None);
    assert!(
        illegal(&far, A, &grab(B, Location::Torso))
            .reason
            .contains("reach")
    );
}

// rule: G-GRP-002
#[test]
fn a_larger_grabber_adds_the_size_difference() {
    let big = sheet(
        13,
        12,
        10,
        12,
        "sm = 1\nskills = { Wrestling = 14 }\nweapons = [\"Knife\"]",
    );
    let all = [
        fighter("W", "w", 0, 1, "n", &big),
        fighter("B", "b", 0, 0, "s", &swordsman_b(12)),
    ];
    let s = setup(&scenario("", &all), &armory_unarmed()).unwrap();
    let l = log(vec![("W", grab(B, Location::Torso))], &[16], vec![]);
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(modifier(roll(&ev, "grab"), "larger than the foe"), Some(1));
}

// rule: G-GRP-004, G-GRP-014
#[test]
fn a_grabbed_figure_fights_at_minus_four_with_reach_c_and_defends_worse() {
    let s = held_at(Location::Torso);
    // The broadsword has no reach C.
    assert_eq!(illegal(&s, B, &b_strike(0)).rule, "G-GRP-014");
    // A punch is at -4.
    let hit = to_hit::<fray_core::ModList>(&s, B, &Strike::at(A).with(1, 0), How::ATTACK);
    assert!(
        hit.iter().any(|m| m.rule == "G-GRP-014" && m.value == -4),
        "{hit:?}"
    );
    // Dodge -1, Parry and Block -2.
    let opts = options(&s, &Incoming::melee(&s, A, B), None);
    let free = pair();
    let before = options(&free, &Incoming::melee(&free, A, B), None);
    for o in &opts {
        let b = before
            .iter()
            .find(|x| x.kind == o.kind && x.weapon == o.weapon)
            .unwrap();
        let pen = if o.kind == DefenseKind::Dodge { 1 } else { 2 };
        assert_eq!(o.value, b.value - pen, "{:?}", o.kind);
    }
    assert!(opts.iter().any(|o| o.kind == DefenseKind::Block));
}

// rule: G-GRP-005
#[test]
fn a_held_arm_neither_attacks_nor_defends_and_can_be_made_to_drop() {
    let s = held_at(Location::RightArm);
    assert_eq!(illegal(&s, B, &b_strike(0)).rule, "G-GRP-003, G-GRP-005");
    assert_eq!(illegal(&s, B, &b_strike(1)).rule, "G-GRP-003, G-GRP-005");
    assert!(
        fray_gurps::rules::maneuver::check(&s, B, &b_strike(2)).is_ok(),
        "the kick is free"
    );
    let kinds: Vec<_> = options(&s, &Incoming::melee(&s, A, B), None)
        .into_iter()
        .map(|o| o.kind)
        .collect();
    assert!(!kinds.contains(&DefenseKind::Parry));
    // Forcing the drop: a Regular Contest of ST 13 against 12. W rolls 10,
    // B 13: the sword falls in B's hex.
    let l = log(vec![("W", g(Grapple::ForceDrop))], &[10, 13], vec![]);
    let (after, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "force a drop").target, Some(13));
    let sword = &after.fighter(B).weapons[0];
    assert!(!sword.ready() && sword.dropped_at == Some(HexPos::new(0, 0)));
    // The shield arm held: no Block.
    let s = held_at(Location::LeftArm);
    assert!(
        !options(&s, &Incoming::melee(&s, A, B), None)
            .iter()
            .any(|o| o.kind == DefenseKind::Block)
    );
    // A leg: no kick. The neck: strangling becomes possible, not elsewhere.
    let s = held_at(Location::LeftLeg);
    assert_eq!(illegal(&s, B, &b_strike(2)).rule, "G-GRP-003, G-GRP-005");
    assert!(
        illegal(&s, A, &g(Grapple::Strangle))
            .reason
            .contains("neck")
    );
    assert_eq!(illegal(&s, A, &g(Grapple::ForceDrop)).rule, "G-GRP-005");
}

// rule: G-GRP-003
#[test]
fn a_held_item_is_useless_to_its_owner_and_can_be_taken() {
    let s = hold(pair(), A, B, GripAt::Item(0), 2);
    assert_eq!(illegal(&s, B, &b_strike(0)).rule, "G-GRP-003, G-GRP-005");
    assert!(
        illegal(&pair(), A, &g(Grapple::TakeItem))
            .reason
            .contains("no hold")
    );
    let l = log(vec![("W", g(Grapple::TakeItem))], &[9, 14], vec![]);
    let (after, _) = run_steps(s, &l, 1);
    let sword = &after.fighter(B).weapons[0];
    assert!(sword.taken() && !sword.ready() && sword.dropped_at.is_none());
    assert_eq!(
        after.fighter(A).grip,
        None,
        "the hold ends with the item taken"
    );
    assert!(
        illegal(&after, B, &Action::Ready { weapon: 0 })
            .reason
            .contains("taken")
    );
    // Both succeed: the owner keeps it.
    let s = hold(pair(), A, B, GripAt::Item(0), 2);
    let l = log(vec![("W", g(Grapple::TakeItem))], &[9, 10], vec![]);
    let (after, _) = run_steps(s, &l, 1);
    assert!(after.fighter(B).weapons[0].ready());
}

// rule: G-GRP-006, G-GRP-011
#[test]
fn the_holder_strikes_and_parries_only_with_a_free_hand_and_reach_c() {
    let knife = Action::Attack {
        strike: Strike::at(B),
        step: None,
        extra: None,
        giant_step: None,
    };
    let one = hold(pair(), A, B, GripAt::Body(Location::Torso), 1);
    assert!(fray_gurps::rules::maneuver::check(&one, A, &knife).is_ok());
    let parries = |s: &State| {
        options(s, &Incoming::melee(s, B, A), None)
            .iter()
            .any(|o| o.kind == DefenseKind::Parry && o.weapon == Some(0))
    };
    assert!(parries(&one));
    let two = hold(pair(), A, B, GripAt::Body(Location::Torso), 2);
    assert_eq!(illegal(&two, A, &knife).rule, "G-GRP-006, G-GRP-011");
    assert!(!parries(&two));
    // A holder never blocks; biting needs no hands (no bite here: kicks are free).
    assert!(!fray_gurps::rules::grapple::may_block(&two, A));
    let kick = Action::Attack {
        strike: Strike::at(B).with(2, 0),
        step: None,
        extra: None,
        giant_step: None,
    };
    assert!(fray_gurps::rules::maneuver::check(&two, A, &kick).is_ok());
}

// rule: G-GRP-007, G-DICE-003
#[test]
fn a_takedown_is_a_quick_contest_and_the_loser_falls() {
    // W: best of ST 13, DX 12, Wrestling 14 = 14; B: best of ST 12, DX 11 =
    // 12, -4 grabbed = 8. W by 4 (10), B by 0 (8): B falls.
    let s = held_at(Location::Torso);
    // The winner places B's body: across (0,-1) (G-POS-009).
    let l = log(
        vec![("W", g(Grapple::Takedown))],
        &[10, 8],
        vec![fray_gurps::model::action::Answer::Fall {
            hex: HexPos::new(0, -1),
        }],
    );
    let (after, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(after.fighter(B).body, Some(HexPos::new(0, -1)));
    assert_eq!(roll(&ev, "takedown").target, Some(14));
    assert_eq!(roll(&ev, "resist the takedown").target, Some(8));
    assert_eq!(after.fighter(B).posture, Posture::Lying);
    assert_eq!(after.fighter(A).posture, Posture::Standing);
    // W fails (16), B makes it (5): W falls.
    let l = log(vec![("W", g(Grapple::Takedown))], &[16, 5], vec![]);
    let (after, _) = run_steps(s.clone(), &l, 1);
    assert_eq!(after.fighter(A).posture, Posture::Lying);
    assert_eq!(after.fighter(B).posture, Posture::Standing);
    // A tie (both by 2): nothing.
    let l = log(vec![("W", g(Grapple::Takedown))], &[12, 6], vec![]);
    let (after, _) = run_steps(s, &l, 1);
    assert_eq!(after.fighter(B).posture, Posture::Standing);
    // Holding a leg: +3.
    let l = log(vec![("W", g(Grapple::Takedown))], &[10, 8], vec![]);
    let (_, ev) = run_steps(held_at(Location::RightLeg), &l, 1);
    assert_eq!(roll(&ev, "takedown").target, Some(17));
    // Not against a foe already down.
    let mut down = held_at(Location::Torso);
    down.fighters[1].posture = Posture::Lying;
    assert_eq!(illegal(&down, A, &g(Grapple::Takedown)).rule, "G-GRP-007");
}

fn down_and_held() -> State {
    let mut s = held_at(Location::Torso);
    s.fighters[1].posture = Posture::Lying;
    s
}

// rule: G-GRP-008, G-GRP-017, G-DICE-003
#[test]
fn a_pin_is_a_regular_contest_of_st_and_leaves_only_breaking_free() {
    // ST 13 against ST 12 +3 for B's free hands (W holds with both) = 15:
    // above 14, both come down 1: 12 against 14. W rolls 9, B 16.
    let l = log(vec![("W", g(Grapple::Pin))], &[9, 16], vec![]);
    let (after, ev) = run_steps(down_and_held(), &l, 1);
    assert_eq!(roll(&ev, "pin").target, Some(12));
    assert_eq!(roll(&ev, "resist the pin").target, Some(14));
    assert!(after.fighter(A).grip.unwrap().pinned);
    assert_eq!(illegal(&after, B, &b_strike(1)).rule, "G-GRP-017");
    assert!(fray_gurps::rules::maneuver::check(&after, B, &g(Grapple::BreakFree)).is_ok());
    assert!(fray_gurps::rules::maneuver::check(&after, B, &Action::DoNothing).is_ok());
    // Both succeed: no pin.
    let l = log(vec![("W", g(Grapple::Pin))], &[9, 10], vec![]);
    let (after, _) = run_steps(down_and_held(), &l, 1);
    assert!(!after.fighter(A).grip.unwrap().pinned);
    // Only a prone foe held by the torso.
    assert_eq!(
        illegal(&held_at(Location::Torso), A, &g(Grapple::Pin)).rule,
        "G-GRP-008"
    );
}

// rule: G-GRP-009, G-GRP-010, G-DICE-003
#[test]
fn strangling_does_the_margin_as_crushing_to_the_neck_and_chokes() {
    // ST 13 against the better of B's ST 12 and HT 12. W by 4 (9), B by 0
    // (12): 4 crushing to the neck, x1.5 = 6 injury.
    let s = held_at(Location::Neck);
    let l = log(
        vec![("W", g(Grapple::Strangle)), ("B", Action::DoNothing)],
        &[9, 12],
        vec![],
    );
    let (after, ev) = run_steps(s.clone(), &l, 2);
    assert_eq!(roll(&ev, "strangle").target, Some(13));
    assert_eq!(roll(&ev, "resist strangling").target, Some(12));
    assert_eq!(after.fighter(B).hp, 6);
    assert!(after.fighter(B).suffocating());
    // B's next turn began with 1 FP lost to choking.
    assert_eq!(after.fighter(B).fp, 11);
    assert!(
        conditions(&ev)
            .iter()
            .any(|(_, what, rule)| what.contains("chokes") && *rule == "G-GRP-010")
    );
    // One hand: -5.
    let one = hold(pair(), A, B, GripAt::Body(Location::Neck), 1);
    let l = log(vec![("W", g(Grapple::Strangle))], &[9, 12], vec![]);
    let (_, ev) = run_steps(one, &l, 1);
    assert_eq!(roll(&ev, "strangle").target, Some(8));
    // B wins: no damage.
    let l = log(vec![("W", g(Grapple::Strangle))], &[12, 9], vec![]);
    let (after, _) = run_steps(s, &l, 1);
    assert_eq!(after.fighter(B).hp, 12);
    assert!(!after.fighter(B).suffocating());
}

// rule: G-GRP-010
#[test]
fn choking_stops_when_the_neck_is_free() {
    let mut s = held_at(Location::Neck);
    s.fighters[1].set_suffocating(true);
    let l = log(
        vec![("W", g(Grapple::Release)), ("B", Action::DoNothing)],
        &[],
        vec![],
    );
    let (after, _) = run_steps(s, &l, 2);
    assert_eq!(after.fighter(B).fp, 12);
    assert!(!after.fighter(B).suffocating());
}

// rule: G-GRP-012
#[test]
fn the_holder_neither_aims_feints_nor_moves_unless_strong_or_pinning() {
    let s = held_at(Location::Torso);
    let feint = Action::Feint {
        target: B,
        weapon: 0,
        step: None,
    };
    assert_eq!(illegal(&s, A, &feint).rule, "G-GRP-012");
    let away = Action::Move {
        to: HexPos::new(0, 3),
        face: None,
        path: Default::default(),
        posture: None,
    };
    assert_eq!(illegal(&s, A, &away).rule, "G-GRP-012");
    // Twice the foe's ST: W may move off, and the hold ends.
    let strong = hold(
        pair_with(24, 12, &[]),
        A,
        B,
        GripAt::Body(Location::Torso),
        2,
    );
    let l = log(vec![("W", away.clone())], &[], vec![]);
    let (after, _) = run_steps(strong, &l, 1);
    assert_eq!(after.fighter(A).pose.pos, HexPos::new(0, 3));
    assert_eq!(after.fighter(A).grip, None);
    // With the foe pinned, too.
    let mut pinned = down_and_held();
    pinned.fighters[0].grip.as_mut().unwrap().pinned = true;
    assert!(fray_gurps::rules::maneuver::check(&pinned, A, &away).is_ok());
    assert!(fray_gurps::rules::maneuver::check(&pinned, A, &feint).is_ok());
}

// rule: G-GRP-013
#[test]
fn the_held_figure_neither_feints_nor_moves_unless_much_stronger() {
    let s = held_at(Location::Torso);
    let feint = Action::Feint {
        target: A,
        weapon: 1,
        step: None,
    };
    assert_eq!(illegal(&s, B, &feint).rule, "G-GRP-013");
    let away = Action::Move {
        to: HexPos::new(0, -3),
        face: None,
        path: Default::default(),
        posture: None,
    };
    assert_eq!(illegal(&s, B, &away).rule, "G-CC-002, G-GRP-013");
    let strong = hold(
        pair_with(13, 27, &[]),
        A,
        B,
        GripAt::Body(Location::Torso),
        2,
    );
    assert!(fray_gurps::rules::maneuver::check(&strong, B, &away).is_ok());
}

// rule: G-GRP-015
#[test]
fn readying_while_held_needs_a_free_hand_and_a_dx_roll() {
    let mut s = held_at(Location::RightArm);
    s.fighters[1].weapons[0].set_ready(false);
    assert_eq!(
        illegal(&s, B, &Action::Ready { weapon: 0 }).rule,
        "G-GRP-015"
    );
    // Held by the torso: a DX roll at -4 (11 - 4 = 7); 9 fails and drops it.
    let mut s = held_at(Location::Torso);
    s.fighters[1].weapons[0].set_ready(false);
    s.fighters[0].turns = 1;
    s.order = vec![B, A];
    let l = log(vec![("B", Action::Ready { weapon: 0 })], &[9], vec![]);
    let (after, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "ready in close quarters").target, Some(7));
    assert!(!after.fighter(B).weapons[0].ready());
}

// rule: G-GRP-016
#[test]
fn breaking_free_is_a_quick_contest_of_st_against_the_holder_plus_five() {
    let mut s = held_at(Location::Torso);
    s.order = vec![B, A];
    // B ST 12 by 6 (6); W ST 13 + 5 = 18, by 3 (15): B is free.
    let l = log(vec![("B", g(Grapple::BreakFree))], &[6, 15], vec![]);
    let (after, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(roll(&ev, "keep hold").target, Some(18));
    assert_eq!(after.fighter(A).grip, None);
    // W by 8 (10): still held.
    let l = log(vec![("B", g(Grapple::BreakFree))], &[6, 10], vec![]);
    let (after, _) = run_steps(s.clone(), &l, 1);
    assert!(after.fighter(A).grip.is_some());
    // One hand, and the holder stunned: 13 - 4 = 9.
    let mut one = hold(pair(), A, B, GripAt::Body(Location::Torso), 1);
    one.order = vec![B, A];
    one.fighters[0].stun = Some(fray_gurps::model::state::Stun::Physical);
    let l = log(vec![("B", g(Grapple::BreakFree))], &[6, 10], vec![]);
    let (_, ev) = run_steps(one, &l, 1);
    assert_eq!(roll(&ev, "keep hold").target, Some(9));
    // Not held: nothing to break.
    assert!(
        illegal(&pair(), B, &g(Grapple::BreakFree))
            .reason
            .contains("not held")
    );
}

// rule: G-GRP-017
#[test]
fn a_pinned_figure_tries_once_per_ten_seconds_against_a_further_five() {
    let mut s = down_and_held();
    s.fighters[0].grip.as_mut().unwrap().pinned = true;
    s.order = vec![B, A];
    let l = log(
        vec![
            ("B", g(Grapple::BreakFree)),
            ("W", Action::DoNothing),
            ("B", g(Grapple::BreakFree)),
        ],
        &[6, 10],
        vec![],
    );
    let (after, ev) = run_steps(s, &l, 3);
    // ST 13 + 5 (two hands) + 5 (pinned) = 23.
    assert_eq!(roll(&ev, "keep hold").target, Some(23));
    assert_eq!(
        rolls_labelled(&ev, "break free").len(),
        1,
        "one try per 10 seconds"
    );
    assert!(after.fighter(A).grip.unwrap().pinned);
}

// rule: G-CC-007
#[test]
fn helpers_add_a_fifth_of_their_scores_to_takedowns_and_pins() {
    // C (ST 12 DX 11, no grappling) also holds B: 12 / 5 = 2.
    let c = sheet(12, 11, 10, 12, "weapons = []");
    let s = pair_with(13, 12, &[fighter("C", "w", 1, 0, "nw", &c)]);
    let s = hold(s, A, B, GripAt::Body(Location::Torso), 2);
    let mut s = hold(s, C, B, GripAt::Body(Location::Torso), 2);
    s.order = vec![A, B, C];
    let l = log(vec![("W", g(Grapple::Takedown))], &[10, 8], vec![]);
    let (_, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(modifier(roll(&ev, "takedown"), "assistants"), Some(2));
    let mut down = s;
    down.fighters[1].posture = Posture::Lying;
    let l = log(vec![("W", g(Grapple::Pin))], &[9, 16], vec![]);
    let (_, ev) = run_steps(down, &l, 1);
    // ST 12 / 5 = 2.
    assert_eq!(modifier(roll(&ev, "pin"), "assistants"), Some(2));
}
