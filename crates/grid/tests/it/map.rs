//! Maps: sizes, terrain named by the ruleset's vocabulary with values,
//! heights, strict errors, serialization and the JSON Schema.

use fray_grid::{
    Cell, FeatureKind, HexPos, MAX_MAP_CELLS, Map, MapError, MapFile, MapKind, PatchList, PatchRef,
    Place, SquarePos, TerrainPatch, Vocabulary, VocabularyError,
};

use crate::common::{Test, VOCABULARY, error, map, parse};

fn terrain(i: usize) -> PatchRef {
    PatchRef {
        list: PatchList::Terrain,
        index: i,
    }
}

fn id(name: &str) -> fray_grid::TerrainId {
    VOCABULARY.terrain_id(name).expect("declared")
}

#[test]
fn patches_added_in_code_are_indexed_and_checked() {
    let wall = HexPos::new(1, 0);
    let m = Map::hexagon(3, &VOCABULARY)
        .unwrap()
        .with_patch(TerrainPatch {
            terrain: Some("wall".into()),
            hexes: vec![wall],
            ..TerrainPatch::default()
        })
        .unwrap();
    assert!(!m.passable(wall));
    assert!(m.passable(HexPos::ORIGIN));
    assert_eq!(m.spec().terrain.len(), 1);
    assert_eq!(m.height_at(wall), Some(0));
    // No height anywhere: the level is ground everywhere, off the map too.
    assert_eq!(m.level_at(wall), 0);
    assert_eq!(m.level_at(HexPos::new(9, 0)), 0);
    let off = Map::hexagon(3, &VOCABULARY)
        .unwrap()
        .with_patch(TerrainPatch {
            terrain: Some("wall".into()),
            hexes: vec![HexPos::new(9, 0)],
            ..TerrainPatch::default()
        });
    assert_eq!(
        off.unwrap_err(),
        MapError::OffMap {
            patch: terrain(0),
            at: Place::Cell(Cell::Hex(HexPos::new(9, 0)))
        }
    );
}

#[test]
fn heights_are_read_per_cell_and_the_highest_patch_wins() {
    let m = map(r#"
kind = "hex"
radius = 3
[[terrain]]
height = 2
hexes = [{ q = 0, r = 0 }, { q = 1, r = 0 }]
[[terrain]]
terrain = "rough"
height = 1
hexes = [{ q = 1, r = 0 }, { q = 2, r = 0 }]
"#);
    assert_eq!(m.height_at(HexPos::ORIGIN), Some(2));
    assert_eq!(m.height_at(HexPos::new(1, 0)), Some(2));
    assert_eq!(m.height_at(HexPos::new(2, 0)), Some(1));
    assert!(
        m.terrain_at(HexPos::new(2, 0))
            .unwrap()
            .contains(id("rough"))
    );
    assert_eq!(m.height_at(HexPos::new(0, 1)), Some(0));
    assert_eq!(m.height_at(HexPos::new(9, 0)), None);
    // `level_at` reads the same heights, with 0 off the map.
    for q in -4..=4 {
        for r in -4..=4 {
            let at = HexPos::new(q, r);
            assert_eq!(m.level_at(at), m.height_at(at).unwrap_or(0));
        }
    }
    assert_eq!(
        error("kind = \"hex\"\nradius = 2\n[[terrain]]\nhexes = [{ q = 0, r = 0 }]"),
        MapError::NothingToLay { patch: terrain(0) }
    );
}

// rule: M-MOD-001
// rule: M-MOD-003
#[test]
fn terrain_values_default_range_and_overlap_to_the_highest() {
    let m = map(r#"
kind = "hex"
radius = 3
[[terrain]]
terrain = "darkness"
value = 4
hexes = [{ q = 0, r = 0 }, { q = 1, r = 0 }]
[[terrain]]
terrain = "darkness"
value = 7
hexes = [{ q = 1, r = 0 }]
[[terrain]]
terrain = "bad_footing"
hexes = [{ q = 1, r = 0 }]
[[terrain]]
terrain = "darkness"
value = 0
hexes = [{ q = 2, r = 0 }]
"#);
    let at = |q| *m.terrain_at(HexPos::new(q, 0)).unwrap();
    assert_eq!(at(0).value(id("darkness")), Some(4));
    assert_eq!(at(1).value(id("darkness")), Some(7));
    // Left out: the kind's default.
    assert_eq!(at(1).value(id("bad_footing")), Some(1));
    // A value of 0 is present, unlike a cell no patch lists.
    assert_eq!(at(2).value(id("darkness")), Some(0));
    assert_eq!(at(3).value(id("darkness")), None);
    assert!(at(3).is_empty());
    let listed: Vec<_> = at(1).iter().collect();
    assert_eq!(listed, vec![(id("bad_footing"), 1), (id("darkness"), 7)]);
    // Nothing here blocks.
    assert!(m.passable(HexPos::new(1, 0)) && !m.opaque(HexPos::new(1, 0)));
}

// rule: M-MOD-001
#[test]
fn unknown_names_and_values_out_of_range_name_the_patch_and_the_cell() {
    let e = error(
        "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"rough\"\nhexes = [{ q = 0, r = 0 }]\n[[terrain]]\nterrain = \"bad_footing\"\nvalue = 3\nhexes = [{ q = 1, r = 0 }, { q = 0, r = 1 }]",
    );
    assert_eq!(
        e,
        MapError::ValueOutOfRange {
            patch: terrain(1),
            name: "bad_footing",
            value: 3,
            at: Place::Cell(Cell::Hex(HexPos::new(1, 0))),
            min: 1,
            max: 2,
        }
    );
    let text = e.to_string();
    assert!(
        text.contains("map.terrain[1]") && text.contains("(q 1, r 0)"),
        "{text}"
    );
    let e = error(
        "kind = \"square\"\nwidth = 3\nheight = 3\n[[terrain]]\nterrain = \"lava\"\nsquares = [{ x = 2, y = 1 }]",
    );
    let MapError::UnknownName {
        patch,
        name,
        at,
        expected,
    } = e
    else {
        panic!("{e:?}")
    };
    assert_eq!(patch, terrain(0));
    assert_eq!(name, "lava");
    assert_eq!(at, Place::Cell(Cell::Square(SquarePos::new(2, 1))));
    assert_eq!(expected.len(), VOCABULARY.terrain.len());
    assert_eq!(
        error(
            "kind = \"hex\"\nradius = 2\n[[terrain]]\nvalue = 1\nheight = 1\nhexes = [{ q = 0, r = 0 }]"
        ),
        MapError::NothingToLay { patch: terrain(0) }
    );
}

#[test]
fn blocking_terrain_stops_entry_and_sight_as_the_vocabulary_says() {
    let m = map(r#"
kind = "square"
width = 4
height = 4
[[terrain]]
terrain = "wall"
squares = [{ x = 1, y = 1 }]
[[terrain]]
terrain = "smoke"
squares = [{ x = 2, y = 2 }]
"#);
    assert!(!m.passable(SquarePos::new(1, 1)) && m.opaque(SquarePos::new(1, 1)));
    assert!(m.passable(SquarePos::new(2, 2)) && m.opaque(SquarePos::new(2, 2)));
    assert!(m.passable(SquarePos::new(0, 0)) && !m.opaque(SquarePos::new(0, 0)));
    // Off the map: neither entered nor seen through.
    assert!(!m.passable(SquarePos::new(4, 0)) && m.opaque(SquarePos::new(4, 0)));
}

#[test]
fn hex_rectangle_with_terrain() {
    let m = map(r#"
kind = "hex"
width = 4
height = 3
[[terrain]]
terrain = "wall"
hexes = [{ q = 1, r = 0 }]
[[terrain]]
terrain = "rough"
hexes = [{ q = 1, r = 0 }, { q = 2, r = -1 }]
"#);
    assert_eq!(m.cells().len(), 12);
    for c in m.cells() {
        assert!(m.contains(c));
    }
    // Odd-q: column 2 starts at r = -1.
    assert!(m.contains(HexPos::new(2, -1)));
    assert!(!m.contains(HexPos::new(0, -1)));
    assert!(!m.contains(HexPos::new(4, 0)));
    assert!(!m.contains(SquarePos::new(0, 0)));
    let t = m.terrain_at(HexPos::new(1, 0)).unwrap();
    assert!(t.contains(id("wall")) && t.contains(id("rough")));
    assert!(!m.passable(HexPos::new(1, 0)));
    assert!(m.passable(HexPos::new(2, -1)));
    assert!(m.terrain_at(HexPos::new(0, 0)).unwrap().is_empty());
    assert_eq!(m.terrain_at(HexPos::new(i32::MAX, i32::MIN)), None);
    // Round trip through the file form.
    let back = map(&toml::to_string(&m).unwrap());
    assert_eq!(back, m);
}

#[test]
fn hexagon_and_square_maps() {
    let m = map("kind = \"hex\"\nradius = 2");
    assert_eq!(m.kind(), MapKind::Hex);
    assert_eq!(m.cells().len(), 19);
    assert!(m.contains(HexPos::new(2, -2)));
    assert!(!m.contains(HexPos::new(2, 1)));
    let s = map(
        "kind = \"square\"\nwidth = 3\nheight = 2\n[[terrain]]\nterrain = \"rough\"\nsquares = [{ x = 2, y = 1 }]",
    );
    assert_eq!(s.cells().len(), 6);
    assert_eq!(
        s.terrain_at(SquarePos::new(2, 1))
            .map(|t| t.contains(id("rough"))),
        Some(true)
    );
    assert_eq!(s.terrain_at(SquarePos::new(3, 1)), None);
}

/// The largest maps every view can still list: a hex radius of 147 and a
/// battle line 1,024 squares wide and 64 deep ([`MAX_MAP_CELLS`]); one more
/// ring or rank is refused (`strict_errors`).
#[test]
fn the_largest_maps_have_at_most_max_map_cells() {
    assert_eq!(map("kind = \"hex\"\nradius = 147").cells().len(), 65_269);
    assert!(parse("kind = \"hex\"\nradius = 148").is_err());
    let line = map("kind = \"square\"\nwidth = 1024\nheight = 64");
    assert_eq!(line.cells().len() as u64, MAX_MAP_CELLS);
}

#[test]
fn strict_errors() {
    let bad = [
        "kind = \"hex\"\nwidth = 3\nheight = 2\ncolour = 1",
        "kind = \"hexes\"\nwidth = 3\nheight = 2",
        "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = 0, s = 0 }]",
        "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"\nvalue = 1.5\nhexes = [{ q = 0, r = 0 }]",
    ];
    for b in bad {
        assert!(parse(b).is_err(), "accepted: {b}");
    }
    let typed = [
        (
            "kind = \"hex\"\nwidth = 3",
            MapError::SizeMissingOrConflicting,
        ),
        (
            "kind = \"hex\"\nwidth = 3\nheight = 2\nradius = 1",
            MapError::SizeMissingOrConflicting,
        ),
        ("kind = \"square\"\nradius = 3", MapError::RadiusOnSquareMap),
        (
            "kind = \"square\"\nwidth = 0\nheight = 2",
            MapError::SizeOutOfRange {
                field: "width",
                value: 0,
            },
        ),
        (
            "kind = \"square\"\nwidth = 100000\nheight = 2",
            MapError::SizeOutOfRange {
                field: "width",
                value: 100_000,
            },
        ),
        // A map of more cells than every view can list (the `saved_game`
        // fuzzer's radius 737): refused, whatever its sides.
        (
            "kind = \"hex\"\nradius = 737",
            MapError::TooManyCells { cells: 1_631_719 },
        ),
        (
            "kind = \"square\"\nwidth = 1024\nheight = 65",
            MapError::TooManyCells { cells: 66_560 },
        ),
        (
            "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"\nsquares = [{ x = 0, y = 0 }]",
            MapError::WrongCellKind { patch: terrain(0) },
        ),
        (
            "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"",
            MapError::EmptyPatch { patch: terrain(0) },
        ),
        (
            "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"\nhexes = [{ q = 3, r = 0 }]",
            MapError::OffMap {
                patch: terrain(0),
                at: Place::Cell(Cell::Hex(HexPos::new(3, 0))),
            },
        ),
    ];
    for (text, want) in typed {
        assert_eq!(error(text), want, "{text}");
    }
    // Read from a file, the message says what.
    let e = parse(
        "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"\nhexes = [{ q = 3, r = 0 }]",
    )
    .unwrap_err();
    assert!(
        e.contains("off the map") && e.contains("map.terrain[0]"),
        "{e}"
    );
}

#[test]
fn vocabularies_are_checked() {
    static TWICE: Vocabulary = Vocabulary::new(
        "twice",
        &[FeatureKind::flag("mud", ""), FeatureKind::flag("mud", "")],
        &[],
    );
    static BAD_RANGE: Vocabulary =
        Vocabulary::new("range", &[FeatureKind::ranged("dark", "", 0, 9, 10)], &[]);
    static MANY: [FeatureKind; 17] = [FeatureKind::flag("x", ""); 17];
    static TOO_MANY: Vocabulary = Vocabulary::new("many", &MANY, &[]);
    assert_eq!(
        Map::hexagon(1, &TWICE).unwrap_err(),
        MapError::Vocabulary(VocabularyError::BadName("mud"))
    );
    assert_eq!(
        Map::hexagon(1, &BAD_RANGE).unwrap_err(),
        MapError::Vocabulary(VocabularyError::BadRange("dark"))
    );
    assert_eq!(
        Map::hexagon(1, &TOO_MANY).unwrap_err(),
        MapError::Vocabulary(VocabularyError::TooManyKinds)
    );
    assert!(VOCABULARY.check().is_ok());
    assert!(Map::hexagon(1, &Vocabulary::EMPTY).is_ok());
    // Ids are found by name at compile time.
    const DARK: Option<fray_grid::TerrainId> = VOCABULARY.terrain_id("darkness");
    assert_eq!(
        DARK.and_then(|d| VOCABULARY.terrain_kind(d)).map(|k| k.max),
        Some(9)
    );
    assert_eq!(VOCABULARY.terrain_id("lava"), None);
}

#[test]
fn schema_lists_the_vocabulary() {
    let s = schemars::schema_for!(MapFile<Test>);
    let json = serde_json::to_string(&s).unwrap();
    for name in [
        "bad_footing",
        "darkness",
        "smoke",
        "window",
        "low_wall",
        "\"q\"",
    ] {
        assert!(json.contains(name), "{name} missing from {json}");
    }
    let terrain = s
        .pointer("/properties/terrain/items/properties/terrain/oneOf")
        .and_then(|v| v.as_array())
        .map(Vec::len);
    assert_eq!(terrain, Some(VOCABULARY.terrain.len()));
    // A vocabulary without edge features allows no edges at all.
    struct Bare;
    impl fray_grid::MapVocabulary for Bare {
        const VOCABULARY: &'static Vocabulary = &Vocabulary::EMPTY;
    }
    let s = schemars::schema_for!(MapFile<Bare>);
    assert_eq!(
        s.pointer("/properties/edges/maxItems")
            .and_then(|v| v.as_u64()),
        Some(0)
    );
}

// An open field answers `passable` from its bounds alone: the same answer
// as the look-up, on every kind of map, on and off it and across kinds.
#[test]
fn passable_on_an_open_field_is_on_the_map() {
    let hexagon = Map::hexagon(3, &VOCABULARY).unwrap();
    let rect = Map::rectangle(MapKind::Hex, 5, 4, &VOCABULARY).unwrap();
    let squares = Map::rectangle(MapKind::Square, 5, 4, &VOCABULARY).unwrap();
    for m in [&hexagon, &rect, &squares] {
        assert!(!m.any_terrain());
        for q in -6..=6 {
            for r in -6..=6 {
                let h = HexPos::new(q, r);
                let s = SquarePos::new(q, r);
                assert_eq!(m.passable(h), m.contains(h), "{h}");
                assert_eq!(m.passable(s), m.contains(s), "{s}");
            }
        }
    }
    assert!(hexagon.passable(HexPos::new(3, -3)) && !hexagon.passable(HexPos::new(4, -3)));
    assert!(rect.passable(HexPos::new(4, -2)) && !rect.passable(HexPos::new(5, 0)));
    assert!(squares.passable(SquarePos::new(4, 3)) && !squares.passable(HexPos::ORIGIN));
}

/// Coordinates at the ends of `i32` (a hostile saved game or request) are
/// simply out of range, never an overflow: `i32::MIN` has no absolute value.
#[test]
fn coordinates_at_the_ends_of_i32_are_out_of_range_without_overflow() {
    use fray_grid::hex::HexPos;
    use fray_grid::square::SquarePos;
    for v in [i32::MIN, i32::MAX, -(1 << 20) - 1] {
        assert!(!HexPos::new(v, 0).in_supported_range());
        assert!(!HexPos::new(0, v).in_supported_range());
        assert!(!SquarePos::new(v, 0).in_supported_range());
        assert!(serde_json::from_str::<HexPos>(&format!("[{v}, 0]")).is_err());
        let _ = fray_grid::line::Line::new(HexPos::new(0, 0), HexPos::new(v, 0));
    }
    assert!(HexPos::new(-(1 << 20), 1 << 20).in_supported_range());
}
