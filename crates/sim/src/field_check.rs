//! The checks a ruleset's large-field index owes its tests (issue 35): on a
//! field of more than `fray_core::occupancy::SMALL_FIELD` figures the state
//! keeps an index of who stands where, and the same fight played with the
//! index turned off (every lookup a pass over the field) must narrate byte
//! for byte the same, and the index must follow every move.
//!
//! A ruleset's `tests/it/field.rs` names its battle ([`battle_state`] lays
//! out the armies and sets them up) and how to turn its index off, and
//! hands the state to [`difference_unindexed`] and [`moves_keeping`].

use crate::memo_check::{MemoCheckError, narration};
use fray_core::scenario::SourceFile;
use fray_core::{InputOracle, NullSink, Progress, Ruleset, engine};

/// Two armies of `columns` by `ranks` figures of `template`, facing each
/// other two rows apart (`scripts/battle`'s layout), as scenario TOML for
/// `ruleset` on a map of `kind` (`hex` or `square`) with `rounds` rounds.
/// `place(column, row, north)` writes a figure's place keys
/// (`position = ...`, and a facing where the ruleset has one).
pub fn battle(
    ruleset: &str,
    kind: &str,
    template: &str,
    (columns, ranks, rounds): (i32, i32, u32),
    place: impl Fn(i32, i32, bool) -> String,
) -> String {
    let height = 2 * ranks + 2;
    let mut text = format!(
        "ruleset = \"{ruleset}\"\nname = \"Battle\"\nmax_rounds = {rounds}\n[map]\nkind = \"{kind}\"\nwidth = {columns}\nheight = {height}\n"
    );
    for column in 0..columns {
        for rank in 0..ranks {
            for (side, row) in [("North", rank), ("South", height - 1 - rank)] {
                let north = side == "North";
                text += &format!(
                    "[[combatants]]\nname = \"{side} {column}-{rank}\"\nside = \"{side}\"\ntemplate = \"{template}\"\n{}\n",
                    place(column, row, north)
                );
            }
        }
    }
    text
}

/// The starting state of `R`'s [`battle`] (its id as the ruleset), or why
/// it does not parse or set up.
pub fn battle_state<R: Ruleset>(
    kind: &str,
    template: &str,
    size: (i32, i32, u32),
    place: impl Fn(i32, i32, bool) -> String,
) -> Result<R::State, String> {
    let text = battle(R::ID, kind, template, size, place);
    let scenario: R::Scenario = SourceFile::new("battle.toml", text)
        .parse()
        .map_err(|e| e.to_string())?;
    R::setup(&scenario).map_err(|e| e.to_string())
}

/// The place keys of a figure in column `q`, row `row` of a hex battle
/// (flat-top hexes in offset columns), facing the other army.
pub fn hex_place(q: i32, row: i32, north: bool) -> String {
    let (r, facing) = (row - q / 2, if north { "s" } else { "n" });
    format!("position = {{ q = {q}, r = {r} }}\nfacing = \"{facing}\"")
}

/// Plays seeds `1..=seeds` from `indexed` and from `scanned` (the same
/// state with its index off) and gives the first seed whose narrations
/// differ, if any.
pub fn first_difference<R: Ruleset>(
    indexed: &R::State,
    scanned: &R::State,
    seeds: u64,
) -> Result<Option<u64>, MemoCheckError> {
    for seed in 1..=seeds {
        if narration::<R>(indexed, seed)? != narration::<R>(scanned, seed)? {
            return Ok(Some(seed));
        }
    }
    Ok(None)
}

/// [`first_difference`] between `start` and a copy of it whose index
/// `unindex` turns off.
pub fn difference_unindexed<R: Ruleset>(
    start: &R::State,
    unindex: impl FnOnce(&mut R::State),
    seeds: u64,
) -> Result<Option<u64>, MemoCheckError> {
    let mut scanned = start.clone();
    unindex(&mut scanned);
    first_difference::<R>(start, &scanned, seeds)
}

/// Plays the fight of `seed` from `state` keeping `in_step`
/// ([`steps_keeping`]) and counts the figures whose place (`places`: each
/// figure's, in id order) changed.
pub fn moves_keeping<R: Ruleset, P: PartialEq>(
    state: &mut R::State,
    seed: u64,
    in_step: impl Fn(&R::State) -> bool,
    places: impl Fn(&R::State) -> Vec<P>,
) -> Result<usize, String> {
    let start = places(state);
    steps_keeping::<R>(state, seed, in_step)?;
    Ok(places(state)
        .iter()
        .zip(&start)
        .filter(|(a, b)| a != b)
        .count())
}

/// Plays the fight of `seed` from `state` step by step (dice and choices
/// from the seed) and asks `in_step` after every step; gives the number of
/// steps, or the step after which `in_step` said no, or why it halted.
pub fn steps_keeping<R: Ruleset>(
    state: &mut R::State,
    seed: u64,
    in_step: impl Fn(&R::State) -> bool,
) -> Result<usize, String> {
    let mut oracle = InputOracle::<R>::script(&Default::default(), seed);
    let mut sink = NullSink;
    let mut steps = 0;
    loop {
        steps += 1;
        match engine::step(state, &mut oracle, &mut sink) {
            Ok(Progress::Over(_)) => return Ok(steps),
            Ok(_) if in_step(state) => {}
            Ok(_) => return Err(format!("out of step after step {steps}")),
            Err(e) => return Err(format!("halted: {e}")),
        }
    }
}

/// The two tests every ruleset's large-field index owes (its
/// `tests/it/field.rs`): a [`battle_state`] (`battle`: the map kind, the
/// template and the place keys) of more than `SMALL_FIELD` figures plays
/// the same with and without the index (`same`: its columns, ranks and
/// rounds), and the index follows every move of a fight (`moves`). The state keeps its figures in `figures`, each
/// with its `pos`, its index in `occupancy` (`Default` is off) and checks
/// it with `occupancy_in_step`. The rule comments stay beside the call.
#[macro_export]
macro_rules! field_check_tests {
    (
        ruleset: $r:ty, state: $state:ty, figures: $list:ident,
        battle: ($kind:literal, $template:literal, $place:expr),
        same: $same:expr, moves: $moves:expr $(,)?
    ) => {
        /// The battle's starting state.
        fn battle(size: (i32, i32, u32)) -> $state {
            $crate::field_check::battle_state::<$r>($kind, $template, size, $place)
                .expect("the battle sets up")
        }

        #[test]
        fn a_battle_plays_the_same_with_and_without_the_occupancy_index() {
            let start = battle($same);
            assert!(start.$list.len() > ::fray_core::occupancy::SMALL_FIELD);
            assert!(start.occupancy.indexed(), "a large field keeps the index");
            assert!(start.occupancy_in_step());
            let unindex = |s: &mut $state| s.occupancy = Default::default();
            let differs =
                $crate::field_check::difference_unindexed::<$r>(&start, unindex, 3).unwrap();
            assert_eq!(differs, None, "the first seed that plays differently");
        }

        #[test]
        fn the_index_follows_every_move_of_a_fight() {
            let mut state = battle($moves);
            let places = |s: &$state| s.$list.iter().map(|f| f.pos).collect::<Vec<_>>();
            let in_step = <$state>::occupancy_in_step;
            let moved = $crate::field_check::moves_keeping::<$r, _>(&mut state, 7, in_step, places);
            assert!(moved.unwrap() > 0, "figures moved");
            for f in &state.$list {
                assert!(state.occupancy.at(f.pos).next().is_some());
            }
        }
    };
}
