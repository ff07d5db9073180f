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
        let Fighter {
            name,
            side,
            controller,
            ai,
            situation,
            stats,
            skills,
            unarmed_skill: _,
            basic_ai: _,
            weapons,
            spells,
            casting,
            flags: _,
            shield,
            dr,
            crushing_dr,
            flexible,
            hp,
            fp,
            pose,
            posture,
            life,
            stun,
            shock,
            injury_since_turn,
            stance,
            retreated_from,
            death_checks,
            crippled,
            feint,
            aim,
            dropped_vs,
            torn_until_turn,
            torn_muscle,
            close,
            grip,
            shock_cap,
            turn_start,
            body,
            thrown_by,
            move_streak,
            sprint_turns,
            leader,
            waiting,
            watch,
            responding,
            next_break_free,
            moved,
            turns,
            record,
        } = self.0;
        let f = self.0;
        let blocking_spell = f.blocking_spell();
        let asleep = f.asleep();
        let stun_defense_until_turn = f.stun_defense_until_turn();
        let blocked = f.blocked();
        let off_balance = f.off_balance();
        let dropped_guard = f.dropped_guard();
        let do_nothing_next = f.do_nothing_next();
        let mortal_wound = f.mortal_wound();
        let suffocating = f.suffocating();
        let frozen = f.frozen();
        let st = self.1;
        let shield = shield
            .as_ref()
            .map(|x| ShieldKey(x, st.and_then(|f| f.shield.as_ref())));
        let weapons = Weapons(weapons, st.map_or(&[], |f| &f.weapons));
        // Tuples of at most 16 serialize directly: nest them.
        (
            (
                Same(name, st.map(|f| &f.name)),
                side,
                Same(controller, st.map(|f| &f.controller)),
                ai,
                situation,
                stats,
                Same(skills, st.map(|f| &f.skills)),
                weapons,
                Same(spells, st.map(|f| &f.spells)),
                casting,
                blocking_spell,
                asleep,
                shield,
                dr,
                crushing_dr,
                flexible,
            ),
            (
                hp,
                fp,
                pose,
                posture,
                life,
                stun,
                stun_defense_until_turn,
                shock,
                injury_since_turn,
                stance,
                blocked,
                retreated_from,
                death_checks,
                crippled,
                feint,
                aim,
            ),
            (
                dropped_vs,
                off_balance,
                dropped_guard,
                torn_until_turn,
                torn_muscle,
                do_nothing_next,
                close,
                grip,
                shock_cap,
                turn_start,
                mortal_wound,
                body,
                thrown_by,
                move_streak,
                sprint_turns,
                frozen,
            ),
            (
                leader,
                waiting,
                watch,
                responding,
                suffocating,
                next_break_free,
                moved,
                turns,
                record,
            ),
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
