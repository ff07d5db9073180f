//! The scenario envelope: the checks every ruleset's scenario gets from the
//! core, on a minimal scenario type of the test's own.

use fray_core::envelope::{Cast, Envelope, Expect, Placement, check};
use fray_core::grid::{Cell, HexPos, Map, MapKind, SquarePos, Vocabulary};
use fray_core::{Controller, SeatsFile, SideId};
use std::collections::BTreeMap;

static VOCABULARY: Vocabulary = Vocabulary::EMPTY;

struct Figure {
    name: &'static str,
    side: &'static str,
    cells: Vec<Cell>,
    controller: Controller,
    leader: bool,
}

struct Scenario {
    ruleset: &'static str,
    max_rounds: u32,
    map: Map,
    controllers: SeatsFile,
    figures: Vec<Figure>,
}

impl Envelope for Scenario {
    fn ruleset(&self) -> &str {
        self.ruleset
    }
    fn max_rounds(&self) -> u32 {
        self.max_rounds
    }
    fn map(&self) -> &Map {
        &self.map
    }
    fn controllers(&self) -> &SeatsFile {
        &self.controllers
    }
    fn placements(&self) -> Vec<Placement<'_>> {
        self.figures
            .iter()
            .map(|f| Placement {
                name: f.name,
                side: f.side,
                cells: f.cells.clone(),
                controller: &f.controller,
                leader: f.leader,
            })
            .collect()
    }
}

fn hex(q: i32, r: i32) -> Cell {
    HexPos { q, r }.into()
}

fn figure(name: &'static str, side: &'static str, cell: Cell) -> Figure {
    Figure {
        name,
        side,
        cells: vec![cell],
        controller: Controller::default(),
        leader: false,
    }
}

/// Two knights against an ogre that fills two hexes.
fn scenario() -> Scenario {
    let mut ogre = figure("Ogre", "Monsters", hex(3, 0));
    ogre.cells.push(hex(4, 0));
    Scenario {
        ruleset: "toy",
        max_rounds: 10,
        map: Map::rectangle(MapKind::Hex, 8, 8, &VOCABULARY).unwrap(),
        controllers: SeatsFile::default(),
        figures: vec![
            figure("Bors", "Knights", hex(0, 0)),
            ogre,
            figure("Gawain", "Knights", hex(1, 0)),
        ],
    }
}

const EXPECT: Expect<'static> = Expect {
    ruleset: "toy",
    map: MapKind::Hex,
    tactics: &["default", "cautious"],
    foes_share_cells: false,
};

fn error_at(s: &Scenario, expect: Expect<'_>) -> (String, String) {
    let e = check(s, expect).unwrap_err();
    (e.path, e.message)
}

#[test]
fn a_good_scenario_gives_sides_in_order_of_appearance_and_seats() {
    let mut s = scenario();
    s.controllers.sides = BTreeMap::from([("Monsters".to_string(), Controller::Human)]);
    let Cast {
        sides,
        side_of,
        seats,
    } = check(&s, EXPECT).unwrap();
    assert_eq!(sides, ["Knights", "Monsters"]);
    assert_eq!(side_of, [SideId(0), SideId(1), SideId(0)]);
    assert_eq!(seats.side(SideId(1)), Some(&Controller::Human));
    assert_eq!(seats.side(SideId(0)), None);
}

#[test]
fn the_header_is_checked_first() {
    let mut s = scenario();
    s.ruleset = "gurps";
    assert_eq!(error_at(&s, EXPECT).0, "ruleset");
    let mut s = scenario();
    s.max_rounds = 0;
    assert_eq!(error_at(&s, EXPECT).0, "max_rounds");
    let s = scenario();
    let square = Expect {
        map: MapKind::Square,
        ..EXPECT
    };
    let (path, message) = error_at(&s, square);
    assert_eq!(path, "map.kind");
    assert!(message.contains("kind = \"square\""), "{message}");
}

#[test]
fn names_are_unique_and_not_empty() {
    let mut s = scenario();
    s.figures[2].name = "Bors";
    assert_eq!(
        error_at(&s, EXPECT),
        (
            "combatants[2].name".into(),
            "the name `Bors` is used twice".into()
        )
    );
    s.figures[2].name = " ";
    assert_eq!(error_at(&s, EXPECT).0, "combatants[2].name");
}

#[test]
fn tactics_must_be_known() {
    let mut s = scenario();
    s.figures[1].controller = Controller::Ai("berserk".into());
    let (path, message) = error_at(&s, EXPECT);
    assert_eq!(path, "combatants[1].controller");
    assert!(message.contains("default, cautious"), "{message}");
}

#[test]
fn every_cell_is_on_the_map_and_free_of_friends() {
    let mut s = scenario();
    s.figures[1].cells.push(hex(40, 0));
    assert_eq!(error_at(&s, EXPECT).0, "combatants[1].position");
    let mut s = scenario();
    s.figures[2].cells = vec![hex(0, 0)];
    let (path, message) = error_at(&s, EXPECT);
    assert_eq!(path, "combatants[2].position");
    assert!(message.contains("a friend, Bors"), "{message}");
}

#[test]
fn foes_share_a_cell_only_where_the_ruleset_allows() {
    let mut s = scenario();
    s.figures[2].cells = vec![hex(4, 0)];
    let (path, message) = error_at(&s, EXPECT);
    assert_eq!(path, "combatants[2].position");
    assert!(message.contains("a foe, Ogre"), "{message}");
    let close_combat = Expect {
        foes_share_cells: true,
        ..EXPECT
    };
    assert!(check(&s, close_combat).is_ok());
}

#[test]
fn a_fight_needs_two_combatants_on_two_sides() {
    let mut s = scenario();
    s.figures.truncate(1);
    assert_eq!(error_at(&s, EXPECT).0, "combatants");
    let mut s = scenario();
    s.figures[1].side = "Knights";
    let (path, message) = error_at(&s, EXPECT);
    assert_eq!(path, "combatants");
    assert!(message.contains("one side"), "{message}");
}

#[test]
fn one_leader_per_side() {
    let mut s = scenario();
    s.figures[0].leader = true;
    s.figures[1].leader = true;
    assert!(check(&s, EXPECT).is_ok());
    s.figures[2].leader = true;
    assert_eq!(error_at(&s, EXPECT).0, "combatants[2].leader");
}

#[test]
fn controllers_name_sides_that_exist() {
    let mut s = scenario();
    s.controllers.sides = BTreeMap::from([("Dragons".to_string(), Controller::Human)]);
    assert_eq!(error_at(&s, EXPECT).0, "controllers.sides.Dragons");
}

#[test]
fn square_maps_are_checked_the_same_way() {
    let mut s = scenario();
    s.map = Map::rectangle(MapKind::Square, 4, 4, &VOCABULARY).unwrap();
    let sq = |x, y| Cell::from(SquarePos { x, y });
    s.figures[0].cells = vec![sq(0, 0)];
    s.figures[1].cells = vec![sq(2, 2), sq(3, 2), sq(2, 3), sq(3, 3)];
    s.figures[2].cells = vec![sq(1, 0)];
    let square = Expect {
        map: MapKind::Square,
        ..EXPECT
    };
    assert!(check(&s, square).is_ok());
    s.figures[1].cells.push(sq(4, 3));
    assert_eq!(error_at(&s, square).0, "combatants[1].position");
}
