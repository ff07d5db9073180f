//! Nonsense in a scenario is refused where it stands (issue 10): values
//! out of their ranges, unknown names with the closest known one, names
//! that cannot be told apart or hold control characters, a figure on an
//! obstruction; and a weapon used at its default is a warning.

use crate::common::*;
use fray_core::Engine;

use fray_core::run;
use fray_core::scenario::{FileError, SourceFile};
use fray_core::text::TextError;
use fray_gurps::Gurps;
use fray_gurps::input::{Fault, InputError, check, warnings};

/// A two-knight scenario whose second combatant has `sheet` (and `options`).
fn two(options: &str, sheet: &str) -> fray_gurps::model::scenario::Scenario {
    scenario(
        options,
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", sheet),
        ],
    )
}

fn fault(options: &str, sheet: &str) -> Fault {
    check(&two(options, sheet), &armory()).expect_err("the scenario should be refused")
}

fn out_of_range(f: &Fault) -> (f64, f64) {
    match &f.error {
        InputError::OutOfRange { range, .. } => (range.min, range.max),
        other => panic!("expected a range error, found {other:?}"),
    }
}

fn with(extra: &str) -> String {
    sheet(12, 11, 10, 12, extra)
}

// rule: G-EXT-013
#[test]
fn basic_speed_must_be_a_finite_positive_number() {
    for bad in ["inf", "-inf", "nan", "-1.0", "0.0"] {
        let f = fault("", &with(&format!("basic_speed = {bad}")));
        assert_eq!(f.path, "combatants[1].sheet.basic_speed", "{bad}");
        assert_eq!(out_of_range(&f), (0.25, 100.0), "{bad}");
    }
    assert!(check(&two("", &with("basic_speed = 5.75")), &armory()).is_ok());
}

// rule: G-EXT-013, G-EXT-014
#[test]
fn sheet_numbers_at_the_extremes_are_refused_with_their_range() {
    let cases = [
        ("sm = 2147483647", "sm", (-10.0, 20.0)),
        ("sm = -2147483648", "sm", (-10.0, 20.0)),
        ("hp = -2147483648", "hp", (1.0, 1000.0)),
        ("fp = 2147483647", "fp", (1.0, 1000.0)),
        ("natural_dr = 2147483647", "natural_dr", (0.0, 100.0)),
        ("natural_dr = -1", "natural_dr", (0.0, 100.0)),
        ("dodge_bonus = -2147483648", "dodge_bonus", (-20.0, 20.0)),
        ("encumbrance = 5", "encumbrance", (0.0, 4.0)),
        ("extra_weight = nan", "extra_weight", (0.0, 10000.0)),
        (
            "skills = { Broadsword = 2147483647 }",
            "skills.Broadsword",
            (1.0, 100.0),
        ),
        (
            "skills = { Broadsword = -2147483648 }",
            "skills.Broadsword",
            (1.0, 100.0),
        ),
    ];
    for (line, field, range) in cases {
        let f = fault("", &with(line));
        assert_eq!(f.path, format!("combatants[1].sheet.{field}"), "{line}");
        assert_eq!(out_of_range(&f), range, "{line}");
    }
}

// rule: G-ATK-026, G-DEF-008
#[test]
fn options_and_situations_outside_their_ranges_are_refused() {
    let f = fault("darkness = 10", &with(""));
    assert_eq!(
        (f.path.as_str(), out_of_range(&f)),
        ("options.darkness", (0.0, 9.0))
    );
    let f = fault("parry_break_chance = 7", &with(""));
    assert_eq!(
        (f.path.as_str(), out_of_range(&f)),
        ("options.parry_break_chance", (0.0, 6.0))
    );
    let s = scenario(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            format!(
                "{}[combatants.situation]\ndistraction = 9\n",
                fighter("B", "b", 0, -1, "s", &with(""))
            ),
        ],
    );
    let f = check(&s, &armory()).expect_err("distraction 9");
    assert_eq!(
        (f.path.as_str(), out_of_range(&f)),
        ("combatants[1].situation.distraction", (0.0, 4.0))
    );
}

// rule: G-DICE-002
#[test]
fn an_unknown_skill_is_refused_with_the_closest_known_name() {
    let f = fault("", &with("skills = { Axe = 14 }"));
    assert_eq!(f.path, "combatants[1].sheet.skills.Axe");
    match &f.error {
        InputError::Unknown {
            kind: "skill",
            name,
            closest,
            ..
        } => {
            assert_eq!(name, "Axe");
            assert_eq!(closest.as_deref(), Some("Axe/Mace"));
        }
        other => panic!("{other:?}"),
    }
    assert!(f.to_string().contains("did you mean `Axe/Mace`?"), "{f}");
    // A skill the rules read by name is known without a weapon.
    assert!(
        check(
            &two("", &with("skills = { Judo = 12, Acrobatics = 11 }")),
            &armory()
        )
        .is_ok()
    );
}

// rule: G-TURN-005
#[test]
fn unknown_gear_and_spells_are_refused_with_the_closest_name() {
    let cases = [
        (
            "weapons = [\"Brodsword\"]",
            "weapons[0]",
            "weapon",
            "Broadsword",
        ),
        ("armor = [\"Helmet\"]", "armor[0]", "armor", "Helm"),
        (
            "shield = \"Medium Sheild\"",
            "shield",
            "shield",
            "Medium Shield",
        ),
    ];
    for (line, field, kind, near) in cases {
        let f = fault("", &with(line));
        assert_eq!(f.path, format!("combatants[1].sheet.{field}"), "{line}");
        match &f.error {
            InputError::Unknown {
                kind: k, closest, ..
            } => {
                assert_eq!((*k, closest.as_deref()), (kind, Some(near)), "{line}");
            }
            other => panic!("{other:?}"),
        }
    }
    let s = scenario(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter(
                "B",
                "b",
                0,
                -1,
                "s",
                &with("magery = 1\nspells = { Firebal = 12 }"),
            ),
        ],
    );
    let f = check(&s, &armory_magic()).expect_err("no such spell");
    assert_eq!(f.path, "combatants[1].sheet.spells.Firebal");
    assert!(
        matches!(&f.error, InputError::Unknown { kind: "spell", closest: Some(c), .. } if c == "Fireball"),
        "{f}"
    );
}

// rule: G-TURN-006
#[test]
fn names_must_be_clean_and_distinct() {
    let named = |a: &str, b: &str, side_b: &str| {
        let s = scenario(
            "",
            &[
                fighter(a, "a", 0, 0, "n", &swordsman(12, 14)),
                fighter(b, side_b, 0, -1, "s", &with("")),
            ],
        );
        check(&s, &armory())
    };
    let f = named("A", "   ", "b").expect_err("blank");
    assert_eq!(f.path, "combatants[1].name");
    assert_eq!(
        f.error,
        InputError::Text {
            what: "name",
            error: TextError::Empty
        }
    );
    let f = named("A", "\\u001b[31mRed", "b").expect_err("escape code");
    assert!(
        matches!(
            f.error,
            InputError::Text {
                what: "name",
                error: TextError::Control { code: 0x1b, .. },
            }
        ),
        "{f}"
    );
    let f = named("A", "B", "b\\u0007").expect_err("bell");
    assert_eq!(f.path, "combatants[1].side");
    let f = named("A", "B ", "b").expect_err("trailing blank");
    assert!(
        matches!(
            f.error,
            InputError::Text {
                error: TextError::Untrimmed(_),
                ..
            }
        ),
        "{f}"
    );
    let f = named("A", "Bo\\u202Ers", "b").expect_err("a bidirectional override");
    assert!(
        matches!(
            f.error,
            InputError::Text {
                error: TextError::Format { code: 0x202E, .. },
                ..
            }
        ),
        "{f}"
    );
    let f = named("Bors", "bors", "b").expect_err("same but for case");
    assert!(
        matches!(
            f.error,
            InputError::SameName {
                what: "name",
                index: 0,
                ..
            }
        ),
        "{f}"
    );
    // Two sides that differ in case alone are one side written twice.
    let s = scenario(
        "",
        &[
            fighter("A", "Red", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "red", 0, -1, "s", &with("")),
        ],
    );
    let f = check(&s, &armory()).expect_err("sides");
    assert!(
        matches!(f.error, InputError::SameName { what: "side", .. }),
        "{f}"
    );
}

// rule: G-TAC-007
#[test]
fn a_figure_cannot_start_on_an_obstruction() {
    let s = scenario_on(
        "[[map.terrain]]\nterrain = \"obstruction\"\nhexes = [{ q = 0, r = -1 }]",
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &with("")),
        ],
    );
    let f = check(&s, &armory()).expect_err("on a rock");
    assert_eq!(f.path, "combatants[1].position");
    assert!(matches!(f.error, InputError::OnObstruction { .. }), "{f}");
}

/// The bundled duel with `from` replaced by `to` in its text.
fn duel_with(from: &str, to: &str) -> SourceFile {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../scenarios/gurps/duel.toml"
    );
    let text = std::fs::read_to_string(path).expect("the duel");
    assert!(text.contains(from), "{from}");
    SourceFile::new("duel.toml", text.replacen(from, to, 1))
}

// rule: G-TURN-005
#[test]
fn the_file_error_names_line_and_column_and_the_closest_name() {
    let file = duel_with(
        "template = \"knight\"",
        "sheet = { st = 12, dx = 11, iq = 10, ht = 12, skills = { Broadsword = 14 }, weapons = [\"Greataxe\"] }",
    );
    let err = match run::load::<Gurps>(file.clone()) {
        Err(e) => e,
        Ok(_) => panic!("a Greataxe should be refused"),
    };
    let FileError::At(at) = &err else {
        panic!("{err}")
    };
    let line = file
        .text
        .lines()
        .position(|l| l.contains("Greataxe"))
        .expect("the line")
        + 1;
    assert_eq!(at.line, line);
    assert!(at.col > 1, "{err}");
    assert!(
        at.message
            .contains("no weapon `Greataxe`; did you mean `Great Axe`?"),
        "{err}"
    );
}

// rule: G-DICE-002
#[test]
fn a_weapon_without_its_skill_is_a_warning_not_an_error() {
    // B carries an axe but lists only Broadsword: it fights at DX-5 = 6.
    let s = two(
        "",
        &with("skills = { Broadsword = 13 }\nweapons = [\"Broadsword\", \"Axe\"]"),
    );
    assert!(check(&s, &armory()).is_ok());
    let w = warnings(&s, &armory());
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].path, "combatants[1].sheet.weapons[1]");
    assert!(w[0].message.contains("DX-5 = 6"), "{}", w[0].message);
    assert!(w[0].message.contains("Axe/Mace"), "{}", w[0].message);
    let state = fray_gurps::setup::setup(&s, &armory()).expect("it sets up");
    assert_eq!(&*state.fighter(B).weapons[1].skill, &[6]);
    // The bundled scenarios and templates draw no warning and no refusal.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../scenarios/gurps");
    for entry in std::fs::read_dir(dir).expect("the scenarios") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue; // `chars/`: the GCS files scenarios name
        }
        let file = SourceFile::read(&path).expect("readable");
        let loaded = run::load::<Gurps>(file).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let w = Gurps::setup_warnings(&loaded.scenario);
        assert!(w.is_empty(), "{}: {w:?}", path.display());
    }
}

// rule: G-EXT-013
#[test]
fn every_bundled_template_passes_the_sheet_checks() {
    let armory = fray_gurps::model::data::bundled().expect("bundled data");
    let skills = fray_gurps::input::known_skills(armory);
    for t in &armory.templates {
        fray_gurps::input::check_sheet(&t.sheet, armory, &skills, &|f| format!("{}.{f}", t.id))
            .unwrap_or_else(|f| panic!("{f}"));
    }
}

/// A weapon written out on the sheet, with one mode whose fields are
/// `mode` (an inline table's inside).
fn own_weapon(skill: &str, mode: &str) -> String {
    with(&format!(
        "own_weapons = [{{ name = \"Odd axe\", skill = \"{skill}\", modes = [{{ name = \"swing\", \
         damage = \"sw+2\", type = \"cut\", reach = [1], {mode} }}] }}]"
    ))
}

// rule: G-EXT-019, G-RNG-004, G-AIM-001, G-ATK-026
#[test]
fn an_own_weapon_with_nonsense_numbers_or_an_unknown_skill_is_refused() {
    let at = "combatants[1].sheet.own_weapons[0]";
    for (mode, field, range) in [
        ("armor_divisor = nan", "armor_divisor", (0.1, 100.0)),
        ("armor_divisor = 0.0", "armor_divisor", (0.1, 100.0)),
        ("armor_divisor = -1.0", "armor_divisor", (0.1, 100.0)),
        ("parry = 1000", "parry", (-10.0, 10.0)),
        ("parry = -1000", "parry", (-10.0, 10.0)),
        ("bulk = -100", "bulk", (-20.0, 0.0)),
        ("rof = 0", "rof", (1.0, 100.0)),
    ] {
        let f = fault("", &own_weapon("Axe/Mace", mode));
        assert_eq!(f.path, format!("{at}.modes[0].{field}"), "{mode}");
        assert_eq!(out_of_range(&f), range, "{mode}");
    }
    let f = fault("", &own_weapon("Axe Juggling", "parry = 0"));
    assert_eq!(f.path, format!("{at}.skill"));
    assert!(matches!(f.error, InputError::Unknown { .. }), "{f}");
    // An attack that ignores DR, and a sensible weapon, pass.
    for mode in ["armor_divisor = inf", "armor_divisor = 2.0, parry = -1"] {
        assert!(
            check(&two("", &own_weapon("Axe/Mace", mode)), &armory()).is_ok(),
            "{mode}"
        );
    }
}

// rule: G-EXT-013 (a weapon and a mode are named by their index)
#[test]
fn a_sheet_of_more_than_200_weapons_or_a_weapon_of_more_than_32_modes_is_refused() {
    let at = "combatants[1].sheet";
    let many = vec!["\"Broadsword\""; 201].join(", ");
    let f = fault("", &with(&format!("weapons = [{many}]")));
    assert_eq!(f.path, format!("{at}.weapons"));
    assert_eq!(out_of_range(&f), (0.0, 200.0));
    let mode = "{ name = \"swing\", damage = \"sw+2\", type = \"cut\", reach = [1] }";
    let modes = vec![mode; 33].join(", ");
    let f = fault(
        "",
        &with(&format!(
            "own_weapons = [{{ name = \"Odd axe\", skill = \"Axe/Mace\", modes = [{modes}] }}]"
        )),
    );
    assert_eq!(f.path, format!("{at}.own_weapons[0].modes"));
    assert_eq!(out_of_range(&f), (1.0, 32.0));
    // 200 weapons and 32 modes pass.
    let many = vec!["\"Broadsword\""; 200].join(", ");
    assert!(check(&two("", &with(&format!("weapons = [{many}]"))), &armory()).is_ok());
    let modes = vec![mode; 32].join(", ");
    let own = format!(
        "own_weapons = [{{ name = \"Odd axe\", skill = \"Axe/Mace\", modes = [{modes}] }}]"
    );
    assert!(check(&two("", &with(&own)), &armory()).is_ok());
}

// rule: G-LOC-006 (decision: body types)
#[test]
fn a_body_is_named_and_its_traits_and_dr_must_fit_it() {
    // The body is one the engine has, at its line and column.
    let file = SourceFile::new(
        "beast.toml",
        format!(
            "ruleset = \"gurps\"\nname = \"beast\"\n[map]\nkind = \"hex\"\nradius = 3\n{}\n{}",
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &with("body = \"octopod\"")),
        ),
    );
    let e = run::load::<Gurps>(file).err().expect("an unknown body");
    let shown = e.to_string();
    assert!(
        shown.contains("beast.toml:") && shown.contains("octopod") && shown.contains("quadruped"),
        "{shown}"
    );
    // The summary's `quadruped` trait reads the humanoid table only.
    let f = fault("", &with("body = \"quadruped\"\ntraits = [\"quadruped\"]"));
    assert_eq!(f.path, "combatants[1].sheet.traits");
    assert!(matches!(f.error, InputError::QuadrupedOnBody { .. }), "{f}");
    // DR written for a location the body lacks is refused at its key.
    let e = Gurps::setup(&two(
        "",
        &with("body = \"quadruped\"\ndr = { right_arm = { dr = 2 } }"),
    ))
    .unwrap_err();
    assert_eq!(e.path, "combatants[1].sheet.dr.right_arm");
    assert!(e.message.contains("quadruped body has no right arm"), "{e}");
    let ok = with("body = \"quadruped\"\ndr = { right_foreleg = { dr = 2, crushing = 1 } }");
    assert!(Gurps::setup(&two("", &ok)).is_ok());
    // DR against crushing is 0 to 100 like the rest.
    let e = Gurps::setup(&two(
        "",
        &with("dr = { torso = { dr = 2, crushing = -3 } }"),
    ))
    .unwrap_err();
    assert!(
        e.message.contains("DR against crushing must be 0 to 100"),
        "{e}"
    );
}

// rule: G-DMG-001 (decision: follow-up attacks)
#[test]
fn a_follow_up_is_checked_like_every_other_field() {
    let at = "combatants[1].sheet.own_weapons[0].modes[0].follow_up";
    let f = fault(
        "",
        &own_weapon(
            "Axe/Mace",
            "follow_up = { damage = \"2d\", type = \"tox\", resist = -40 }",
        ),
    );
    assert_eq!(f.path, format!("{at}.resist"));
    assert_eq!(out_of_range(&f), (-10.0, 10.0));
    let f = fault(
        "",
        &own_weapon(
            "Axe/Mace",
            "follow_up = { damage = \"2d\", type = \"tox\", resisted = \"1d\" }",
        ),
    );
    assert_eq!(f.path, format!("{at}.resisted"));
    assert!(matches!(f.error, InputError::Needs { .. }), "{f}");
    // Its damage is dice or points, never by ST, and a known type.
    for (mode, needle) in [
        (
            "follow_up = { damage = \"sw\", type = \"tox\" }",
            "not damage by ST",
        ),
        (
            "follow_up = { damage = \"0\", type = \"tox\" }",
            "points must be 1 to 100",
        ),
        ("follow_up = { damage = \"2d\", type = \"venom\" }", "venom"),
        (
            "follow_up = { damage = \"2d\", type = \"tox\", bonus = 1 }",
            "bonus",
        ),
    ] {
        let text = format!(
            "ruleset = \"gurps\"\nname = \"t\"\n[map]\nkind = \"hex\"\nradius = 3\n{}\n{}",
            fighter("A", "a", 0, 0, "n", &swordsman(12, 14)),
            fighter("B", "b", 0, -1, "s", &own_weapon("Axe/Mace", mode)),
        );
        let e = SourceFile::new("t.toml", text)
            .parse::<fray_gurps::model::scenario::Scenario>()
            .map(|_| ())
            .expect_err(mode);
        assert!(e.to_string().contains(needle), "{mode}: {e}");
    }
    let good = "follow_up = { damage = \"1d+1\", type = \"burn\" }";
    assert!(check(&two("", &own_weapon("Axe/Mace", good)), &armory()).is_ok());
    // A data file's follow-up is checked where it stands too.
    let data = SourceFile::new(
        "more.toml",
        "[[weapon]]\nname = \"Bad Fangs\"\nskill = \"Brawling\"\n[[weapon.modes]]\nname = \"bite\"\n\
         damage = \"1d\"\ntype = \"imp\"\nreach = [0]\nfollow_up = { damage = \"2d\", type = \"tox\", resist = 99 }\n",
    );
    let shown = refused_data(&data);
    assert!(
        shown.contains("more.toml:") && shown.contains("weapon[0].modes[0].follow_up"),
        "{shown}"
    );
}

/// Why a data file does not read (it must not), as shown: file, line,
/// column and message.
fn refused_data(file: &SourceFile) -> String {
    fray_gurps::model::data::parse_extra(file)
        .expect_err("the data file is refused")
        .to_string()
}

/// A data file's template lays its sheet's keys into the template's own
/// table (`flatten`): a misspelt key is still refused at its own line,
/// not at the `[[template]]` line above it.
#[test]
fn a_data_files_template_with_an_unknown_key_is_refused_at_the_key() {
    let file = SourceFile::new(
        "more.toml",
        "[[template]]\nid = \"brute\"\nname = \"Brute\"\nst = 13\ndx = 10\niq = 9\nht = 12\n\
         skils = { Broadsword = 12 }\n",
    );
    let shown = refused_data(&file);
    assert!(
        shown.contains("more.toml:8:1") && shown.contains("unknown field `skils`"),
        "{shown}"
    );
}

/// A data file's weapons are checked as a sheet's own weapons are: their
/// names as every text from a file, their numbers against the ranges their
/// rules read (G-EXT-019 armor divisor, parry, G-RNG-004 Bulk, reach),
/// refused at the entry, with the file's line.
#[test]
fn a_data_files_weapon_with_nonsense_numbers_or_name_is_refused_at_its_entry() {
    let weapon = |name: &str, mode: &str| {
        SourceFile::new(
            "more.toml",
            format!(
                "[[weapon]]\nname = \"{name}\"\nskill = \"Axe/Mace\"\n[[weapon.modes]]\nname = \"swing\"\n\
                 damage = \"sw+2\"\ntype = \"cut\"\n{mode}\n"
            ),
        )
    };
    for (name, mode, at) in [
        (
            "Odd axe",
            "reach = [1]\nparry = 1000",
            "weapon[0].modes[0].parry",
        ),
        (
            "Odd axe",
            "reach = [1]\narmor_divisor = nan",
            "weapon[0].modes[0].armor_divisor",
        ),
        (
            "Odd axe",
            "reach = [1]\narmor_divisor = -1.0",
            "weapon[0].modes[0].armor_divisor",
        ),
        (
            "Odd axe",
            "reach = [1]\nbulk = -100",
            "weapon[0].modes[0].bulk",
        ),
        ("Odd axe", "reach = [1, 200]", "weapon[0].modes[0].reach[1]"),
        ("Odd\\u202Eaxe", "reach = [1]", "weapon[0].name"),
    ] {
        let shown = refused_data(&weapon(name, mode));
        assert!(
            shown.contains("more.toml:") && shown.contains(at),
            "{at}: {shown}"
        );
    }
    let fine = weapon("Odd axe", "reach = [1]\nparry = 0");
    assert!(fray_gurps::model::data::parse_extra(&fine).is_ok());
    // A range (1/2D, G-DMG-002, and Max) is yards or a multiple of ST;
    // anything else is refused at its line, saying what it should be.
    for (half, says) in [
        ("-5", "expected yards from 0 up"),
        ("1.5", "invalid type: floating point `1.5`, expected yards"),
        ("\"x1,5\"", "expected \"xN\", a multiple of ST"),
        ("\"15\"", "expected \"xN\", a multiple of ST"),
        ("\"x-2\"", "expected \"xN\", a multiple of ST"),
    ] {
        let shot = weapon(
            "Odd axe",
            &format!("range = {{ half = {half}, max = 100 }}"),
        );
        let shown = refused_data(&shot);
        assert!(
            shown.contains("more.toml:8:") && shown.contains(says),
            "{half}: {shown}"
        );
    }
    let thrown = weapon("Odd axe", "range = { half = \"x1.5\", max = 20 }");
    assert!(fray_gurps::model::data::parse_extra(&thrown).is_ok());
}
