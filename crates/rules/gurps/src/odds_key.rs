//! The state as the exact odds' checkpoints write it into their merge keys
//! ([`fray_core::odds::ActionEffects::write_key`]).
//!
//! The key is the whole state, as before, with one saving: a shared part
//! (`Arc`: names, the map, the seats, weapon data, skill and spell lists)
//! that is still the very allocation the action's start state holds is
//! written as one byte instead of its contents. An `Arc`'s contents never
//! change while it is shared (`Arc::make_mut` copies a shared one), and the
//! start state lives as long as the keys, so "the start's own" says exactly
//! what the contents are; any other `Arc` is written whole. So two states
//! with equal keys have equal postcard forms (the whole state, as written
//! before): a merge here is one the whole state would have made, and the
//! odds cannot change. (An `Arc` replaced by an equal copy would merge less
//! than before, never wrongly; the resolution replaces none in an attack.)
//!
//! Every field is named in the patterns below (no `..`), so a field added
//! to [`State`], [`Fighter`], [`Carried`] or [`CarriedShield`] fails to
//! compile here until the key writes it.

use crate::model::state::{Carried, CarriedShield, Fighter, State};
use serde::ser::{Serialize, Serializer};
use std::sync::Arc;

/// Appends `state`'s key to `out`; `false` when postcard cannot write it.
pub(crate) fn write(start: &State, state: &State, out: &mut Vec<u8>) -> bool {
    let buf = std::mem::take(out);
    match postcard::to_extend(&StateKey { start, state }, buf) {
        Ok(buf) => {
            *out = buf;
            true
        }
        Err(_) => false,
    }
}

/// An `Arc` written as `None` when it is `start`'s very allocation, as
/// `Some(contents)` otherwise.
struct Same<'a, T: ?Sized>(&'a Arc<T>, Option<&'a Arc<T>>);

impl<T: ?Sized + Serialize> Serialize for Same<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.1 {
            Some(start) if Arc::ptr_eq(self.0, start) => s.serialize_none(),
            _ => s.serialize_some(&**self.0),
        }
    }
}

/// The state next to the action's start state.
struct StateKey<'a> {
    start: &'a State,
    state: &'a State,
}

impl Serialize for StateKey<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let State {
            name,
            sides,
            seats,
            fighters,
            order,
            cursor,
            round,
            max_rounds,
            map,
            options,
            surprise,
            aftermath_told,
            // Not part of the state's written form either: derived from the
            // fighters (occupancy, grips) or fixed through a fight.
            occupancy: _,
            grips: _,
            casters: _,
            armory: _,
            stamp: _,
        } = self.state;
        let st = self.start;
        let surprise = surprise.as_ref().map(|x| Same(x, st.surprise.as_ref()));
        let fighters = Fighters(fighters, &st.fighters);
        (
            Same(name, Some(&st.name)),
            Same(sides, Some(&st.sides)),
            Same(seats, Some(&st.seats)),
            fighters,
            order,
            cursor,
            round,
            max_rounds,
            Same(map, Some(&st.map)),
            options,
            surprise,
            aftermath_told,
        )
            .serialize(s)
    }
}

/// The fighters, each next to the start state's fighter of the same index.
struct Fighters<'a>(&'a [Fighter], &'a [Fighter]);

impl Serialize for Fighters<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.0
                .iter()
                .enumerate()
                .map(|(i, f)| FighterKey(f, self.1.get(i))),
        )
    }
}

struct FighterKey<'a>(&'a Fighter, Option<&'a Fighter>);

impl Serialize for FighterKey<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Tuples of at most 16 serialize directly: four of them, nested.
        (
            SheetPart(self),
            ConditionPart(self),
            TacticsPart(self),
            TurnsPart(self),
        )
            .serialize(s)
    }
}

/// Every field of [`Fighter`], named so that a field added to it fails to
/// compile here until both keys of a fighter consider it: the odds key
/// (a part of [`FighterKey`]) and the AI's memo key
/// (`crate::ai::memo`'s `fighter`), each writing it or saying why not.
fn every_field_keyed(f: &Fighter) {
    let Fighter {
        name: _,
        side: _,
        controller: _,
        ai: _,
        situation: _,
        stats: _,
        skills: _,
        unarmed_skill: _,
        basic_ai: _,
        weapons: _,
        spells: _,
        casting: _,
        flags: _,
        shield: _,
        dr: _,
        crushing_dr: _,
        flexible: _,
        hp: _,
        fp: _,
        pose: _,
        posture: _,
        life: _,
        stun: _,
        shock: _,
        injury_since_turn: _,
        stance: _,
        retreated_from: _,
        death_checks: _,
        crippled: _,
        feint: _,
        aim: _,
        dropped_vs: _,
        torn_until_turn: _,
        torn_muscle: _,
        close: _,
        grip: _,
        shock_cap: _,
        turn_start: _,
        body: _,
        thrown_by: _,
        move_streak: _,
        sprint_turns: _,
        leader: _,
        waiting: _,
        watch: _,
        responding: _,
        next_break_free: _,
        moved: _,
        turns: _,
        record: _,
    } = f;
}

const _: fn(&Fighter) = every_field_keyed;

/// Part of a fighter's key: who the fighter is: its sheet and equipment, each beside the start's.
struct SheetPart<'a>(&'a FighterKey<'a>);

impl Serialize for SheetPart<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let FighterKey(f, st) = *self.0;
        (
            Same(&f.name, st.map(|f| &f.name)),
            &f.side,
            Same(&f.controller, st.map(|f| &f.controller)),
            &f.ai,
            &f.situation,
            &f.stats,
            Same(&f.skills, st.map(|f| &f.skills)),
            Weapons(&f.weapons, st.map_or(&[], |f| &f.weapons)),
            Same(&f.spells, st.map(|f| &f.spells)),
            &f.casting,
            f.blocking_spell(),
            f.asleep(),
            f.shield
                .as_ref()
                .map(|x| ShieldKey(x, st.and_then(|f| f.shield.as_ref()))),
            &f.dr,
            &f.crushing_dr,
            &f.flexible,
        )
            .serialize(s)
    }
}

/// Part of a fighter's key: its pools, posture and the conditions of the moment.
struct ConditionPart<'a>(&'a FighterKey<'a>);

impl Serialize for ConditionPart<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let FighterKey(f, _) = *self.0;
        (
            &f.hp,
            &f.fp,
            &f.pose,
            &f.posture,
            &f.life,
            &f.stun,
            f.stun_defense_until_turn(),
            &f.shock,
            &f.injury_since_turn,
            &f.stance,
            f.blocked(),
            &f.retreated_from,
            &f.death_checks,
            &f.crippled,
            &f.feint,
            &f.aim,
        )
            .serialize(s)
    }
}

/// Part of a fighter's key: what it set up and what lingers from the last turns.
struct TacticsPart<'a>(&'a FighterKey<'a>);

impl Serialize for TacticsPart<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let FighterKey(f, _) = *self.0;
        (
            &f.dropped_vs,
            f.off_balance(),
            f.dropped_guard(),
            &f.torn_until_turn,
            &f.torn_muscle,
            f.do_nothing_next(),
            &f.close,
            &f.grip,
            &f.shock_cap,
            &f.turn_start,
            f.mortal_wound(),
            &f.body,
            &f.thrown_by,
            &f.move_streak,
            &f.sprint_turns,
            f.frozen(),
        )
            .serialize(s)
    }
}

/// Part of a fighter's key: what it waits for and its counts of turns.
struct TurnsPart<'a>(&'a FighterKey<'a>);

impl Serialize for TurnsPart<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let FighterKey(f, _) = *self.0;
        (
            &f.leader,
            &f.waiting,
            &f.watch,
            &f.responding,
            f.suffocating(),
            &f.next_break_free,
            &f.moved,
            &f.turns,
            &f.record,
        )
            .serialize(s)
    }
}

/// A fighter's weapons, each next to the start's weapon of the same index.
struct Weapons<'a>(&'a [Carried], &'a [Carried]);

impl Serialize for Weapons<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.0
                .iter()
                .enumerate()
                .map(|(i, w)| CarriedKey(w, self.1.get(i))),
        )
    }
}

struct CarriedKey<'a>(&'a Carried, Option<&'a Carried>);

impl Serialize for CarriedKey<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Carried {
            weapon,
            skill,
            flags: _,
            dropped_at,
            hp,
            spell,
            fixed: _,
        } = self.0;
        let c = self.0;
        let st = self.1;
        (
            Same(weapon, st.map(|w| &w.weapon)),
            Same(skill, st.map(|w| &w.skill)),
            c.ready(),
            dropped_at,
            c.parries(),
            c.attacked(),
            c.parried_before_turn(),
            c.broken(),
            c.taken(),
            hp,
            c.loaded(),
            c.reload_left(),
            spell,
        )
            .serialize(s)
    }
}

struct ShieldKey<'a>(&'a CarriedShield, Option<&'a CarriedShield>);

impl Serialize for ShieldKey<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let CarriedShield {
            name,
            db,
            skill,
            ready,
        } = self.0;
        let st = self.1.map(|x| &x.name);
        (Same(name, st), db, skill, ready).serialize(s)
    }
}
