//! The way a figure moves (M-FLO-006 decision, M-AOD-006, M-DAT-008,
//! M-RNG-008): round walls and conscious foes, obstructions costing more,
//! for scripts and the AI alike.

use crate::common::*;
use fray_core::Engine;

use fray_core::grid::HexPos;
use fray_margin_3d6::Margin;
use fray_margin_3d6::model::action::{Action, Strike};
use fray_margin_3d6::rules::path;

fn walk(to: HexPos) -> Action {
    Action::Move {
        to,
        face: None,
        evade: 0,
        shoot: None,
        swing: None,
    }
}

/// A wall along r = -1 from q = -3 to q = 3.
const WALL: &str = "[[map.terrain]]\nterrain = \"wall\"\nhexes = [{ q = -3, r = -1 }, { q = -2, r = -1 }, { q = -1, r = -1 }, { q = 0, r = -1 }, { q = 1, r = -1 }, { q = 2, r = -1 }, { q = 3, r = -1 }]";

#[test]
fn a_move_goes_round_walls_never_through_them_m_flo_006_m_aod_006() {
    // rule: M-FLO-006, M-AOD-006, M-DAT-008
    let far = HexPos::new(0, -2);
    let open = state(&[
        fighter("A", "a", 0, 0, "n", &dummy()),
        fighter("B", "b", 0, -8, "s", &dummy()),
    ]);
    // MV 5 ((10 + 12) / 4): two hexes straight ahead on open ground.
    assert_eq!(path::cost(&open, A, HexPos::new(0, 0), far, 5), Some(2));
    assert!(Margin::check_action(&open, A, &walk(far)).is_ok());
    // Behind a wall seven hexes long the way round is 9 hexes: refused.
    let walled = state_with(
        "",
        WALL,
        &[
            fighter("A", "a", 0, 0, "n", &dummy()),
            fighter("B", "b", 0, -8, "s", &dummy()),
        ],
    );
    assert_eq!(path::cost(&walled, A, HexPos::new(0, 0), far, 5), None);
    assert_eq!(
        path::cost(&walled, A, HexPos::new(0, 0), far, 12),
        Some(9),
        "round either end of the wall"
    );
    let e = Margin::check_action(&walled, A, &walk(far)).expect_err("through a wall");
    assert!(e.to_string().contains("no way"), "{e}");
    // The way it would take: round the wall, every hex passable.
    let way = path::way(&walled, A, HexPos::new(0, 0), far, 12).expect("a way round");
    assert_eq!(way.len(), 9);
    assert_eq!(way.last(), Some(&far));
    assert!(way.iter().all(|&h| walled.map.passable(h)));
}

#[test]
fn m_flo_006_a_move_of_more_than_20_hexes_is_searched_whole() {
    // rule: M-FLO-006, M-AOD-006
    // MV 30 (the sheet may give up to 100): 28 hexes straight, and round
    // a wall on a way of more than 20; the search once stopped at 20.
    let fast = sheet(10, 10, 12, "move = 30");
    let far = HexPos::new(0, -14);
    let figures = [
        fighter("A", "a", 0, 14, "n", &fast),
        fighter("B", "b", 20, -20, "s", &dummy()),
    ];
    let setup = |terrain: &str| {
        Margin::setup(&scenario_on(40, "", terrain, &figures)).expect("the test scenario sets up")
    };
    let open = setup("");
    let start = HexPos::new(0, 14);
    assert_eq!(path::cost(&open, A, start, far, 30), Some(28));
    assert!(Margin::check_action(&open, A, &walk(far)).is_ok());
    // A wall across the way, q = -6 to 6 along r = 0: round its end.
    let hexes: Vec<String> = (-6..=6).map(|q| format!("{{ q = {q}, r = 0 }}")).collect();
    let wall = format!(
        "[[map.terrain]]\nterrain = \"wall\"\nhexes = [{}]",
        hexes.join(", ")
    );
    let walled = setup(&wall);
    let target = HexPos::new(0, -2);
    let round = path::cost(&walled, A, start, target, 30).expect("a way round within MV 30");
    assert!(round > 20 && round <= 30, "{round}");
    let way = path::way(&walled, A, start, target, 30).expect("the way round");
    assert_eq!(way.len() as u32, round);
    assert_eq!(way.last(), Some(&target));
    assert!(way.iter().all(|&h| walled.map.passable(h)));
    assert!(Margin::check_action(&walled, A, &walk(target)).is_ok());
    assert_eq!(path::cost(&walled, A, start, target, round - 1), None);
}

#[test]
fn a_conscious_foe_blocks_the_way_a_friend_does_not_m_flo_006() {
    // rule: M-FLO-006, M-MEL-001
    // A (MV 5) steps 2 hexes (½ MV) to strike C beyond B: straight
    // through B's hex.
    let slow = sheet(
        12,
        10,
        12,
        "skills = { broadsword = 14 }\nweapons = [\"Bastard Sword\"]",
    );
    let foe_between = state(&[
        fighter("A", "a", 0, 0, "n", &slow),
        fighter("B", "b", 0, -1, "s", &dummy()),
        fighter("C", "b", 0, -3, "s", &dummy()),
    ]);
    let through = Strike {
        to: Some(HexPos::new(0, -2)),
        ..Strike::at(C)
    };
    // The way round B is 3 hexes, more than the step of 2.
    assert!(Margin::check_action(&foe_between, A, &Action::Attack(through)).is_err());
    // Knocked out, B is no obstacle.
    let mut down = foe_between.clone();
    down.fighters[1].life = fray_margin_3d6::model::state::Life::Unconscious;
    assert!(Margin::check_action(&down, A, &Action::Attack(through)).is_ok());
    // A friend makes way.
    let friend_between = state(&[
        fighter("A", "a", 0, 0, "n", &slow),
        fighter("B", "a", 0, -1, "s", &dummy()),
        fighter("C", "b", 0, -3, "s", &dummy()),
    ]);
    assert!(Margin::check_action(&friend_between, A, &Action::Attack(through)).is_ok());
}

#[test]
fn an_obstruction_costs_two_hexes_to_cross_m_rng_008() {
    // rule: M-RNG-008, M-DAT-008
    let rubble =
        "[[map.terrain]]\nterrain = \"obstruction\"\nvalue = 2\nhexes = [{ q = 0, r = -1 }]";
    let s = state_with(
        "",
        rubble,
        &[
            fighter("A", "a", 0, 0, "n", &dummy()),
            fighter("B", "b", 0, -8, "s", &dummy()),
        ],
    );
    let o = HexPos::new(0, 0);
    // Onto the rubble: 2 hexes of the move.
    assert_eq!(path::cost(&s, A, o, HexPos::new(0, -1), 5), Some(2));
    // Past it: round it (3) costs as much as over it (1 + 2), never less.
    assert_eq!(path::cost(&s, A, o, HexPos::new(0, -2), 5), Some(3));
    // Open ground with `obstruction_move_cost = 1`.
    let flat = state_with(
        "obstruction_move_cost = 1",
        rubble,
        &[
            fighter("A", "a", 0, 0, "n", &dummy()),
            fighter("B", "b", 0, -8, "s", &dummy()),
        ],
    );
    assert_eq!(path::cost(&flat, A, o, HexPos::new(0, -2), 5), Some(2));
}

#[test]
fn the_ai_walks_round_a_wall_to_its_foe_m_flo_006() {
    // rule: M-FLO-006, M-AOD-006
    let mut s = state_with(
        "",
        WALL,
        &[
            fighter("A", "a", 0, 0, "n", &swordsman()),
            fighter("B", "b", 0, -3, "s", &dummy()),
        ],
    );
    // Every maneuver the AI picks passes the rules' check, and it ends the
    // fight (it goes round the wall rather than standing still).
    let a = fray_margin_3d6::ai::action(&s, A);
    assert!(Margin::check_action(&s, A, &a).is_ok(), "{a:?}");
    assert!(!matches!(a, Action::DoNothing), "{a:?}");
    s.max_rounds = 40;
    let o = fight(s, 5);
    assert_eq!(o.reason, fray_core::EndReason::Victory);
}

#[test]
fn one_search_a_start_answers_as_a_search_a_hex_m_flo_006_m_rng_008() {
    // rule: M-FLO-006, M-RNG-008
    // The AI asks `path::Reaches` (one search a mover, start and limit)
    // where the rules ask `path::cost` (the line, else a search stopped
    // at the hex asked): the same answer for every hex, mover and limit,
    // round walls, foes and rubble, also once its room for searches is full.
    let rubble = "[[map.terrain]]\nterrain = \"obstruction\"\nvalue = 5\nhexes = [{ q = 1, r = -2 }, { q = -1, r = 1 }]";
    let terrain = format!("{WALL}\n{rubble}");
    let s = state_with(
        "",
        &terrain,
        &[
            fighter("A", "a", 0, 0, "n", &dummy()),
            fighter("B", "b", 0, -2, "s", &dummy()),
            fighter("C", "b", 1, 0, "s", &dummy()),
        ],
    );
    let searches = path::Reaches::<2>::default();
    let mut asked = 0;
    for who in [A, B, C] {
        let from = s.fighter(who).pos;
        for limit in [0, 1, 2, 3, 5, 9, 30] {
            for q in -10..=10 {
                for r in -10..=10 {
                    let to = HexPos::new(q, r);
                    assert_eq!(
                        searches.cost(&s, who, from, to, limit),
                        path::cost(&s, who, from, to, limit),
                        "{who:?} from {from:?} to {to:?} within {limit}"
                    );
                    // A search stopped at its hex (what `cost` and `way`
                    // ask) finds the full search's cost and way there.
                    let (full, one) = (
                        path::Reach::from(&s, who, from, limit),
                        path::Reach::to(&s, who, from, to, limit),
                    );
                    assert_eq!((one.cost(to), one.way(to)), (full.cost(to), full.way(to)));
                    asked += 1;
                }
            }
        }
    }
    assert_eq!(asked, 3 * 7 * 21 * 21);
    // What a search reached, walked whole (the AI's walk over the hexes it
    // can move to): exactly the hexes it gives a cost, each once.
    for who in [A, B, C] {
        let from = s.fighter(who).pos;
        for limit in [0, 2, 5, 30] {
            let reach = path::Reach::from(&s, who, from, limit);
            let mut walked: Vec<HexPos> = reach.reached().collect();
            walked.sort();
            let mut costed: Vec<HexPos> = (-40..=40)
                .flat_map(|q| (-40..=40).map(move |r| HexPos::new(q, r)))
                .filter(|&h| reach.cost(h).is_some())
                .collect();
            costed.sort();
            assert_eq!(walked, costed, "{who:?} within {limit}");
            assert!(walked.contains(&from));
        }
    }
}
