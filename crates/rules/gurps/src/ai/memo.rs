//! The AI's decisions reused across turns and across fights (issue 10,
//! section 4: "decisions reused while the situation they depend on is
//! unchanged").
//!
//! Both AIs are pure functions of the [`State`] they are shown: they roll
//! no dice, keep nothing between calls that changes a choice, and read the
//! clock nowhere. So a maneuver worked out once for a situation is the
//! maneuver for every later meeting of that situation, in this fight or
//! another fight from the same start: a million-fight run meets the same
//! few thousand situations again and again (every fight starts the same).
//!
//! The memo is shared by the threads that play fights on the same pins
//! (the core's write-once tables, [`fray_core::memo`]: lookups take no
//! lock, a second thread costs no table of its own, and output stays
//! byte-identical whatever the number of threads), bounded (two tables of
//! a fixed number of entries, one for a duel's short keys and one for
//! longer keys, each entry a key's 128-bit digest and the maneuver; once
//! full, a table keeps what it has and new situations are worked out each
//! time) and exact:
//!
//! - the key is the whole state the AI could read that changes in a fight,
//!   written out field by field with exhaustive destructuring, so a field
//!   added to [`State`], [`Fighter`] or [`Carried`] does not compile until
//!   it is placed here;
//! - what stays fixed through a fight is not in the key but pinned: the map
//!   by its `Arc`, the options by value, and the fighters' sheets
//!   (statistics, skills, knobs, controller, shield) and the scenario's
//!   fixed fields by the state's [`Stamp`] (one address compared a
//!   decision; setup gives each state its own, a roster change renews it).
//!   Debug builds also write the fixed part out on every lookup and panic
//!   if it changed under the same stamp. DR (corrosion eats it) and the
//!   carried weapons' data (a spell makes or ends a weapon) are compared
//!   against the pinned copies ([`Drift`]) and keyed only when they differ.
//!   A state on other pins is looked up in the tables of those pins;
//! - counters that only ever meet other counters (a fighter's turn number
//!   against the turn a feint lapses, a torn muscle heals, close combat was
//!   entered or a pin may next be broken) are kept as differences, so that
//!   turn 3 and turn 9 of the same situation share a slot; the round
//!   number, the statistics (`record`) and the bookkeeping only `resolve/`
//!   reads (injury since the last turn, death checks made, sprint turns,
//!   the shock cap) are read by nothing the AI consults and are left out;
//! - the hexes a fighter moved on its last turn (`moved`) are read by the AI
//!   only through a ranged strike's to-hit (G-RNG-002, `rules::ranged`), so
//!   they are keyed only when a weapon with a ranged mode is in the fight
//!   or the weapons drifted from the pins ([`Pins::ranged`]): in a melee
//!   fight the same exchange after a step and after standing still is one
//!   situation;
//! - HP is keyed by its band (`bands.rs`): both AIs read HP no finer, so
//!   every HP of a band gives the same decision;
//! - on a featureless map, with two figures fighting and everything within
//!   a few hexes, hexes are keyed relative to the deciding figure, with
//!   which hexes around it are on the map ([`relative_frame`]): the AIs
//!   read nothing farther, so the same exchange in another part of the
//!   ring is the same situation, and the maneuver is kept relative to the
//!   figure and placed again where it stands;
//! - a slot keeps its full key: a read gives back exactly what the AI
//!   would work out, or nothing. Rare states the key does not cover (a
//!   Wait in force, a spell being cast) are worked out every time.
//!
//! Debug builds (the tests) check every read against a fresh computation.

use crate::model::action::{Action, Aim, Charge, Grapple, Shove, Slam, Step, Trigger, Wait};
use crate::model::damage::DamageType;
use crate::model::location::LOCATION_COUNT;
use crate::model::options::Options;
use crate::model::state::{
    Carried, CarriedFlags, CarriedShield, Fighter, FighterFlags, GripAt, Life, Stance, State,
    Stats, Stun,
};
use crate::model::tactics::{AimKnob, Knobs};
use arrayvec::ArrayVec;
use fray_core::CombatantId;
use fray_core::grid::{HexPos, Map, MapKind};
use fray_core::memo::{Digest, Pins as _, Stamp, Table, Tables};
use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The longest key written, in bytes (a duel's keys are about 100 bytes,
/// a fight of four about 200; a longer key is not memoized).
const KEY_BYTES: usize = 248;

/// Entries of the table of keys of at most [`SHORT_KEY`] bytes (each a
/// digest of the key and the maneuver: [`fray_core::memo`]).
const SLOTS: usize = 1 << 17;

/// Entries of the table of longer keys: fights of more than two figures,
/// fewer of them in a run.
const LONG_SLOTS: usize = 1 << 15;

/// The longest key of the short table, in bytes (a duel's keys are
/// mostly 88): longer keys, of fights of more than two figures, are kept
/// in a table of their own, so that they do not take a duel's room.
const SHORT_KEY: usize = 128;

/// A situation written out in bytes, bounded.
struct Writer {
    buf: [u8; KEY_BYTES],
    len: usize,
    overflow: bool,
}

impl Writer {
    const fn new() -> Writer {
        Writer {
            buf: [0; KEY_BYTES],
            len: 0,
            overflow: false,
        }
    }

    /// Empty again (the bytes are left as they are: only the first `len`
    /// are ever read).
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
        self.overflow = false;
    }

    #[inline]
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// `B` bytes at once (fields packed at fixed bits): one bounds check
    /// (the room tested as `len <= KEY_BYTES - B`, which also tells the
    /// compiler that `len + B` neither wraps nor passes the end).
    #[inline]
    fn fixed<const B: usize>(&mut self, bytes: [u8; B]) {
        if let Some(room) = self.room::<B>() {
            *room = bytes;
        }
    }

    /// The next `B` bytes, taken at once for words written into them at
    /// fixed places (one bounds check for all of them), or `None` when the
    /// key has no room left (it then overflows: the state is not covered).
    #[inline]
    fn room<const B: usize>(&mut self) -> Option<&mut [u8; B]> {
        let at = self.len;
        if at <= KEY_BYTES - B {
            self.len = at + B;
            <&mut [u8; B]>::try_from(&mut self.buf[at..at + B]).ok()
        } else {
            self.overflow = true;
            None
        }
    }

    /// Half a word of fields packed at fixed bits.
    #[inline]
    fn half(&mut self, v: u32) {
        self.fixed(v.to_le_bytes());
    }

    /// A word of fields packed at fixed bits.
    #[inline]
    fn word(&mut self, v: u64) {
        self.fixed(v.to_le_bytes());
    }
}

/// `h` as two 16-bit coordinates in the low 32 bits, or `None` when one
/// does not fit (a state the key does not cover: worked out every time).
#[inline]
fn hex_bits(h: HexPos) -> Option<u64> {
    let q = i16::try_from(h.q).ok()?;
    let r = i16::try_from(h.r).ok()?;
    Some(u64::from(q as u16) | u64::from(r as u16) << 16)
}

// The codes a fighter's `life` and `stun` have in the key, read off their
// discriminants (`as u8`): kept as they were, so the same state gives the
// same key bytes.
const _: () = assert!(
    Life::Conscious as u8 == 0
        && Life::Unconscious as u8 == 1
        && Life::Dead as u8 == 2
        && Stun::Physical as u8 == 1
        && Stun::Mental as u8 == 2,
    "the key's codes of life and stun"
);

/// `a` and `b` as [`hex_bits`] in the low and the high 32 bits, their four
/// range checks in one test (each coordinate moved up by half the `i16`
/// range fits exactly when it stays below 2^16).
#[inline]
fn hex_pair_bits(a: HexPos, b: HexPos) -> Option<u64> {
    let up = |c: i32| (c as u32).wrapping_add(0x8000);
    if (up(a.q) | up(a.r) | up(b.q) | up(b.r)) > 0xFFFF {
        return None;
    }
    let bits = |h: HexPos| u64::from(h.q as u16) | u64::from(h.r as u16) << 16;
    let pair = bits(a) | bits(b) << 32;
    debug_assert_eq!(
        Some(pair),
        hex_bits(a).zip(hex_bits(b)).map(|(a, b)| a | b << 32)
    );
    Some(pair)
}

impl Hasher for Writer {
    fn finish(&self) -> u64 {
        0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        if end > KEY_BYTES {
            self.overflow = true;
            return;
        }
        self.buf[self.len..end].copy_from_slice(bytes);
        self.len = end;
    }

    #[inline]
    fn write_u8(&mut self, v: u8) {
        if self.len < KEY_BYTES {
            self.buf[self.len] = v;
            self.len += 1;
        } else {
            self.overflow = true;
        }
    }

    /// Lengths and enum discriminants: one byte when small (most are),
    /// else a marker and all eight (still a one-to-one encoding).
    #[inline]
    fn write_usize(&mut self, v: usize) {
        match u8::try_from(v) {
            Ok(b) if b < u8::MAX => self.write_u8(b),
            _ => {
                self.write_u8(u8::MAX);
                self.write(&(v as u64).to_le_bytes());
            }
        }
    }

    #[inline]
    fn write_isize(&mut self, v: isize) {
        self.write_usize(v as usize);
    }

    /// Counters and points: seven bits a byte, the top bit saying more
    /// follow (most are small: one byte instead of four).
    #[inline]
    fn write_u32(&mut self, mut v: u32) {
        while v >= 0x80 {
            self.write_u8((v as u8) | 0x80);
            v >>= 7;
        }
        self.write_u8(v as u8);
    }

    /// Signed values zigzagged first (-1 is 1, 1 is 2), then as above.
    #[inline]
    fn write_i32(&mut self, v: i32) {
        self.write_u32(((v << 1) ^ (v >> 31)) as u32);
    }

    #[inline]
    fn write_u16(&mut self, v: u16) {
        self.write_u32(u32::from(v));
    }
}

/// The fixed data written out plainly, once when the memo pins a state and,
/// in debug builds, again on every lookup to catch a change made without a
/// new [`State::stamp`].
#[derive(Default, PartialEq, Eq)]
struct Plain(Vec<u8>);

impl Hasher for Plain {
    fn finish(&self) -> u64 {
        0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
}

/// The address of the data behind an `Arc` (fixed data named by where it
/// lives: clones of one start state share it).
fn addr<T: ?Sized>(a: &Arc<T>) -> usize {
    Arc::as_ptr(a).cast::<()>() as usize
}

fn knobs(h: &mut impl Hasher, k: &Knobs) {
    let Knobs {
        aim,
        retreat,
        feint,
    } = *k;
    match aim {
        AimKnob::Best => h.write_u8(0),
        AimKnob::Aim(Aim::Random) => h.write_u8(1),
        AimKnob::Aim(Aim::At(l)) => {
            h.write_u8(2);
            l.hash(h);
        }
    }
    retreat.hash(h);
    feint.hash(h);
}

fn stats(h: &mut impl Hasher, s: &Stats) {
    let Stats {
        st,
        dx,
        iq,
        ht,
        hp,
        fp,
        will,
        per,
        speed_quarters,
        move_,
        dodge,
        encumbrance,
        sm,
        body_type,
        natural_dr,
        basic_lift,
        magery,
        traits,
    } = s;
    for v in [
        st,
        dx,
        iq,
        ht,
        hp,
        fp,
        will,
        per,
        speed_quarters,
        move_,
        dodge,
        sm,
        natural_dr,
        magery,
    ] {
        v.hash(h);
    }
    encumbrance.hash(h);
    body_type.hash(h);
    basic_lift.to_bits().hash(h);
    traits.hash(h);
}

/// A carried weapon's state (its weapon and skill, fixed unless a spell
/// makes or ends one, are compared against the pins: [`Drift`]): one word,
/// and the dropped hex's when there is one. `None`: a state the key does
/// not cover.
fn carried(w: &mut Writer, frame: Frame, c: &Carried) -> Option<()> {
    let Carried {
        weapon: _,
        skill: _,
        flags,
        dropped_at,
        hp: _,
        spell,
        fixed: _,
    } = c;
    // Left out: the weapon's own HP (G-ATK-013). Its one reader is
    // `resolve/attack.rs` (an attack on the weapon: the injury and what is
    // left of it, `broken` once disabled), which the AI never calls; no
    // function in `rules/`, `model/` or `ai/` reads it (the odds' merge
    // key, `odds_key`, writes it, and is no part of a decision). What the
    // AI reads of a struck weapon is `broken`, keyed.
    //
    // The flags and counters, kept packed by the model (`CarriedFlags`),
    // copied into 16 bits masked: the six flags where they are (bits 0-5),
    // whether a spell is held and the weapon lies dropped (6, 7), the
    // parries' low four bits (8-11) and the reload's (12-15), then the held
    // spell's when there is one, then the dropped hex's. Parries or a
    // reload of 16 or more make a state the key does not cover.
    type F = CarriedFlags;
    const HIGH: u32 = 0xF0 << F::PARRIES_SHIFT | 0xF0 << F::RELOAD_SHIFT;
    const FLAGS: u32 =
        F::READY | F::ATTACKED | F::PARRIED_BEFORE_TURN | F::BROKEN | F::TAKEN | F::LOADED;
    const G_DEF_005: u32 = F::ATTACKED | F::PARRIED_BEFORE_TURN;
    const _: () = assert!(FLAGS < 1 << 6 && F::UNBALANCED >> F::UNBALANCED_SHIFT == G_DEF_005);
    let bits = flags.bits();
    if bits & HIGH != 0 {
        return None;
    }
    // Whether an unbalanced weapon attacked this turn or parried since the
    // last: every reader asks `is_unbalanced()` first (G-DEF-005:
    // `rules::defense`, `rules::attack`, both AIs' blows), so a balanced
    // weapon's are keyed as 0, and its situations after an attack or a
    // parry and after neither are one. The weapon's word holds its balance
    // as those two bits shifted up: the mask is a shift and an `and`.
    debug_assert_eq!(bits & F::UNBALANCED != 0, c.is_unbalanced());
    let kept = FLAGS & !G_DEF_005 | (bits >> F::UNBALANCED_SHIFT) & G_DEF_005;
    let small = bits & kept
        | u32::from(spell.is_some()) << 6
        | u32::from(dropped_at.is_some()) << 7
        | (bits >> F::PARRIES_SHIFT & 0xF) << 8
        | (bits >> F::RELOAD_SHIFT & 0xF) << 12;
    w.half(small);
    if let Some(s) = spell {
        w.write(&[s.spell, s.energy]);
    }
    if let Some(h) = dropped_at {
        w.half(hex_bits(frame.hex(*h))? as u32);
    }
    Some(())
}

/// One fighter's fixed part (its sheet, as setup made it): pinned by the
/// state's [`Stamp`], written out only to pin it and to check the pin in
/// debug builds. DR, which corrosion eats (G-EXT-022), and the carried
/// weapons, which a spell may add or end, are compared as [`Drift`].
fn fixed(p: &mut impl Hasher, f: &Fighter) {
    addr(&f.name).hash(p);
    f.side.hash(p);
    addr(&f.controller).hash(p);
    knobs(p, &f.ai);
    f.situation.blind.hash(p);
    f.situation.distraction.hash(p);
    stats(p, &f.stats);
    addr(&f.skills).hash(p);
    addr(&f.spells).hash(p);
    f.flexible.hash(p);
    f.leader.hash(p);
    if let Some(CarriedShield {
        name, db, skill, ..
    }) = &f.shield
    {
        addr(name).hash(p);
        db.hash(p);
        skill.hash(p);
    }
}

/// One fighter's state, written into `w`, the hexes it moved on its last
/// turn only when `moved_read` ([`Pins::ranged`]). `None`: a state the key
/// does not cover.
fn fighter(w: &mut Writer, frame: Frame, f: &Fighter, moved_read: bool) -> Option<()> {
    let Fighter {
        stats: st,
        weapons,
        casting,
        flags,
        shield,
        hp,
        pose,
        posture,
        life,
        stun,
        stance,
        crippled,
        turn_start,
        waiting,
        turns,
        ..
    } = f;
    // A field added to `Fighter` stops the build at
    // `odds_key::every_field_keyed` until this key considers it too.
    // Left out: the fixed part (`fixed`, pinned by the stamp) and DR and the
    // weapons' data (`Drift`); `injury_since_turn`, `death_checks`,
    // `sprint_turns` and `shock_cap` are read only by `resolve/` (the
    // roll-by-roll steps), which the AI never calls; `record` is statistics
    // for the report.
    if casting.is_some() || waiting.is_some() {
        return None;
    }
    // The fields every fighter has, packed into three words at fixed bits
    // (one bounds check a word, no varint a field); a value that does not
    // fit its bits makes a state the key does not cover (the counts and the
    // band tested first, before any field of the first word is read). HP in its band:
    // both AIs read no finer (`bands`, 0..=9).
    let band = super::bands::hp_band(*hp, st.hp);
    let n_weapons = weapons.len();
    let n_crippled = crippled.len();
    if band >= 16 || n_weapons >= 64 || n_crippled >= 32 {
        return None;
    }
    let turn = *turns;
    // The per-turn flags, kept packed by the model (`FighterFlags`): the
    // nine flags where they are (bits 0-8), the turns left frozen moved to
    // bits 27-34.
    let flags = flags.bits();
    let frozen = flags >> FighterFlags::FROZEN_SHIFT & 0xFF;
    let flags = u64::from(flags & FighterFlags::ALL);
    // The discriminants are the codes (0 conscious, 1 unconscious, 2 dead;
    // 0 not stunned, 1 physical, 2 mental): a read, not a `match`.
    let life = *life as u64;
    let stun = stun.map_or(0, |s| s as u64);
    let stance = match stance {
        Stance::Normal => 0u64,
        Stance::AllOutAttack => 1,
        Stance::DoubleDefense => 2,
        Stance::MoveAndAttack => 3,
        Stance::IncreasedDefense(k) => 4 + *k as u64,
    };
    let present = present_bits(f);
    let shield = match shield {
        Some(s) => u64::from(s.ready),
        None => 2,
    };
    let small = flags
        | u64::from(band) << 9
        | u64::from(pose.facing as u8) << 13
        | u64::from(*posture as u8) << 16
        | (life | stun << 2) << 19
        | stance << 23
        | u64::from(frozen) << 27
        | present << 35
        | shield << 45
        | (n_weapons as u64) << 47
        | (n_crippled as u64) << 53;
    // Each word written as soon as it is worked out: with the three writes
    // after every check, the compiled code loaded all of a fighter's fields
    // first and kept most of them on the stack until the end. (A word
    // written before a later `None` is harmless: a key the state is not
    // covered by is thrown away whole.) Their room taken at once, one
    // bounds check for the three (no room: the key overflows, as a
    // word's own check would make it).
    let words = w.room::<24>()?;
    words[..8].copy_from_slice(&small.to_le_bytes());
    let counters = counters_word(f, moved_read)?;
    words[8..16].copy_from_slice(&counters.to_le_bytes());
    let hexes = hex_pair_bits(frame.hex(pose.pos), frame.hex(*turn_start))?;
    words[16..].copy_from_slice(&hexes.to_le_bytes());
    // Then what varies in length, its count in `small`: the crippled
    // locations, the weapons, and the optional fields in `present`'s order.
    for &l in crippled {
        w.write_u8(l as u8);
    }
    for c in weapons {
        carried(w, frame, c)?;
    }
    if present != 0 {
        optional_fields(w, frame, f, turn);
    }
    Some(())
}

/// Which of a fighter's optional fields are there, one bit each, in the
/// order [`optional_fields`] writes them (their contents follow without a
/// marker of their own).
#[inline]
fn present_bits(f: &Fighter) -> u64 {
    u64::from(f.retreated_from.is_some())
        | u64::from(f.feint.is_some()) << 1
        | u64::from(f.aim.is_some()) << 2
        | u64::from(f.dropped_vs.is_some()) << 3
        | u64::from(f.close.is_some()) << 4
        | u64::from(f.grip.is_some()) << 5
        | u64::from(f.body.is_some()) << 6
        | u64::from(f.thrown_by.is_some()) << 7
        | u64::from(f.watch.is_some()) << 8
        | u64::from(f.responding.is_some()) << 9
}

/// The second word of a fighter's key: FP, shock, the torn muscle and the
/// counts of turns, each at its fixed bits; `None` when one does not fit
/// them (a state the key does not cover).
#[inline]
fn counters_word(f: &Fighter, moved_read: bool) -> Option<u64> {
    let Fighter {
        fp,
        shock,
        torn_until_turn,
        torn_muscle,
        move_streak,
        next_break_free,
        moved,
        turns,
        ..
    } = f;
    let turn = *turns;
    // Turns left, 0 once over: the rules ask only `turns < until`, and a
    // difference that wraps below zero would make every turn a new key.
    let torn_left = torn_until_turn.saturating_sub(turn);
    let break_left = next_break_free.saturating_sub(turn);
    let moved = if moved_read { *moved } else { 0 };
    // The seven range checks in one test: `fp` fits an `i16`, `shock` and
    // `torn_muscle` an `i8` (each moved up by half its range, so it fits
    // exactly when the sum is below 2^16 or 2^8), the four counts a `u8`.
    let bytes = (*shock as u32).wrapping_add(0x80)
        | (*torn_muscle as u32).wrapping_add(0x80)
        | torn_left
        | *move_streak
        | break_left
        | moved;
    if bytes > 0xFF || (*fp as u32).wrapping_add(0x8000) > 0xFFFF {
        return None;
    }
    Some(
        u64::from(*fp as u16)
            | u64::from(*shock as u8) << 16
            | u64::from(*torn_muscle as u8) << 24
            | u64::from(torn_left) << 32
            | u64::from(*move_streak) << 40
            | u64::from(break_left) << 48
            | u64::from(moved) << 56,
    )
}

/// A fighter's optional fields, each written when it is there, in the
/// order of `present`'s bits in [`fighter`] (which says which are there):
/// none is there at most decisions, and one test of `present` then skips
/// the ten.
#[inline]
fn optional_fields(w: &mut Writer, frame: Frame, f: &Fighter, turn: u32) {
    let rel = |t: u32| t.wrapping_sub(turn);
    let Fighter {
        retreated_from,
        feint,
        aim,
        dropped_vs,
        close,
        grip,
        body,
        thrown_by,
        watch,
        responding,
        ..
    } = f;
    if let Some(x) = retreated_from {
        x.hash(w);
    }
    if let Some(x) = feint {
        (x.target, x.margin, rel(x.expires_before_turn)).hash(w);
    }
    if let Some(a) = aim {
        (a.target, a.weapon, a.mode, a.turns, a.braced).hash(w);
    }
    if let Some(x) = dropped_vs {
        x.hash(w);
    }
    if let Some(c) = close {
        (frame.hex(c.hex), c.sides, rel(c.turn)).hash(w);
    }
    if let Some(g) = grip {
        let at = match g.at {
            GripAt::Body(l) => (0u8, l as u8),
            GripAt::Item(i) => (1u8, i),
        };
        (g.target, at, g.hands, g.pinned).hash(w);
    }
    if let Some(h) = body {
        frame.hex(*h).hash(w);
    }
    if let Some(x) = thrown_by {
        x.hash(w);
    }
    if let Some(x) = watch {
        (frame.hex(x.hex), x.weapon, x.mode, x.turns).hash(w);
    }
    if let Some(r) = responding {
        (r.foe, r.thrust_bonus, r.watch_penalty).hash(w);
    }
}

/// The state's fixed part (scenario-wide and every fighter's sheet),
/// written out to pin it.
fn fixed_part(state: &State) -> Plain {
    let State {
        name,
        sides,
        seats,
        fighters,
        order: _,
        cursor: _,
        round: _,
        max_rounds,
        map: _,
        options: _,
        surprise,
        aftermath_told: _,
        occupancy: _,
        grips: _,
        casters: _,
        armory: _,
        stamp: _,
    } = state;
    let mut p = Plain::default();
    addr(name).hash(&mut p);
    addr(sides).hash(&mut p);
    addr(seats).hash(&mut p);
    max_rounds.hash(&mut p);
    surprise.as_ref().map(addr).hash(&mut p);
    fighters.len().hash(&mut p);
    for f in fighters {
        fixed(&mut p, f);
    }
    p
}

/// What of a fighter's data is fixed in most fights but can change in one:
/// DR (corrosion eats it, G-EXT-022) and the carried weapons' data (a spell
/// makes or ends a weapon). The pins keep each fighter's as it was pinned;
/// a lookup compares them (a few dozen words, no writing), and only when one
/// differs does the key hold them all.
#[derive(Clone, PartialEq, Eq)]
struct Drift {
    dr: [i32; LOCATION_COUNT],
    crushing_dr: [i32; LOCATION_COUNT],
    arms: Vec<(usize, usize)>,
}

impl Drift {
    fn of(f: &Fighter) -> Drift {
        Drift {
            dr: f.dr,
            crushing_dr: f.crushing_dr,
            arms: f
                .weapons
                .iter()
                .map(|c| (addr(&c.weapon), addr(&c.skill)))
                .collect(),
        }
    }

    /// Whether `f` still has these.
    #[inline]
    fn holds(&self, f: &Fighter) -> bool {
        self.dr == f.dr
            && self.crushing_dr == f.crushing_dr
            && self.arms.len() == f.weapons.len()
            && self
                .arms
                .iter()
                .zip(&f.weapons)
                .all(|(&(w, s), c)| w == addr(&c.weapon) && s == addr(&c.skill))
    }

    /// `f`'s, written into the key.
    fn write(w: &mut Writer, f: &Fighter) {
        f.weapons.len().hash(w);
        for v in f.dr.iter().chain(&f.crushing_dr) {
            v.hash(w);
        }
        for c in &f.weapons {
            addr(&c.weapon).hash(w);
            addr(&c.skill).hash(w);
        }
    }
}

/// Where the key places hexes: as they are, or relative to the deciding
/// figure (the origin of the frame).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    origin: HexPos,
}

impl Frame {
    const ABSOLUTE: Frame = Frame {
        origin: HexPos::ORIGIN,
    };

    /// Built in place (not through `HexPos::new`, which the profiling
    /// build calls out of line: two calls a hex, and the registers saved
    /// around them, in the middle of the key).
    #[inline]
    fn hex(self, h: HexPos) -> HexPos {
        HexPos {
            q: h.q - self.origin.q,
            r: h.r - self.origin.r,
        }
    }
}

/// The farthest from the deciding figure that anything may lie for its
/// situation to be keyed relative to it.
const NEAR: u32 = 3;

/// Whether `me`'s situation may be keyed relative to `me`, and how far
/// around it the map must be written into the key: on a featureless hex
/// map (no terrain, no edges: every hex on it plays alike), with only two
/// figures still fighting and everything (figures, bodies, dropped
/// weapons, the hexes counters refer to) within [`NEAR`] hexes. The AIs
/// then read the map only within two hexes beyond the farthest of them
/// (steps, reach, the foe's retreat, a short approach), so the key holds
/// which hexes within that radius are on the map, and nothing absolute:
/// the same fight in another part of the ring is the same situation.
fn relative_frame(state: &State, me: CombatantId, pins: &Pins) -> Option<(Frame, u32)> {
    if !pins.featureless {
        return None;
    }
    let origin = state.fighter(me).pose.pos;
    let mut awake = 0;
    let mut far = 0;
    // Each hex tested in place: an iterator over the optional hexes cost
    // more than the tests.
    let mut see = |h: HexPos| far = far.max(h.distance(origin));
    for f in &state.fighters {
        awake += usize::from(f.is_conscious());
        // More than two awake: never relative, whatever the rest (issue 35:
        // a field of many figures stops here).
        if awake > 2 {
            return None;
        }
        see(f.pose.pos);
        see(f.turn_start);
        if let Some(h) = f.body {
            see(h);
        }
        if let Some(c) = &f.close {
            see(c.hex);
        }
        if let Some(x) = &f.watch {
            see(x.hex);
        }
        for c in &f.weapons {
            if let Some(h) = c.dropped_at {
                see(h);
            }
        }
    }
    (awake <= 2 && far <= NEAR).then_some((Frame { origin }, far + 2))
}

/// Whether every hex within `radius` of `origin` is on the map (the
/// common case, the whole disk inside a hexagonal map): the map's radius
/// as pinned ([`Pins::radius`], read once a fight, not through
/// `Map::spec` a decision).
#[inline]
fn map_holds(pins: &Pins, origin: HexPos, radius: u32) -> bool {
    pins.radius
        .is_some_and(|m| origin.distance(HexPos::ORIGIN) + radius <= m)
}

/// Which hexes within `radius` of `origin` are on the map, one bit each
/// (when not all are: [`map_holds`]), in as many words as the disk needs
/// (the last one partly filled; at most [`EDGE_WORDS`]).
fn edge_bits(state: &State, origin: HexPos, radius: u32) -> Edge {
    let bounds = state.map.spec().radius;
    let r = radius as i32;
    // A hexagonal map holds the hexes within its radius of the origin
    // (`Map::contains`): worked out here in place, without a call a hex.
    let (oq, or) = (i64::from(origin.q), i64::from(origin.r));
    let on = |dq: i32, dr: i32| match bounds {
        Some(m) => {
            let (q, r) = (oq + i64::from(dq), or + i64::from(dr));
            q.abs().max(r.abs()).max((q + r).abs()) <= i64::from(m)
        }
        None => state
            .map
            .contains(HexPos::new(origin.q + dq, origin.r + dr)),
    };
    let mut words = ArrayVec::new();
    let (mut bits, mut n) = (0u64, 0);
    for dq in -r..=r {
        for dr in (-r).max(-dq - r)..=r.min(-dq + r) {
            bits |= u64::from(on(dq, dr)) << n;
            n += 1;
            if n == 64 {
                words.push(bits);
                (bits, n) = (0, 0);
            }
        }
    }
    words.push(bits);
    Edge {
        origin,
        radius,
        words,
    }
}

/// The most words [`edge_bits`] writes: a disk of radius `NEAR + 2` has
/// 91 hexes.
const EDGE_WORDS: usize = 2;
const _: () = assert!(
    3 * (NEAR + 2) * (NEAR + 3) + 1 < 64 * EDGE_WORDS as u32,
    "the map's edge around the deciding figure fits its words"
);

/// [`edge_bits`] for one origin and radius, kept while the map is pinned.
#[derive(Clone, Debug)]
struct Edge {
    origin: HexPos,
    radius: u32,
    words: ArrayVec<u64, EDGE_WORDS>,
}

/// Edges kept per thread: direct-mapped by origin and radius.
const EDGES: usize = 128;

/// Which hexes within `radius` of `origin` are on the map, written into
/// `w`: read from the thread's `edges` when met before under the same map
/// (emptied whenever the thread's table, and so its map, changes).
fn map_around(
    state: &State,
    origin: HexPos,
    radius: u32,
    edges: &mut [Option<Edge>; EDGES],
    w: &mut Writer,
) {
    let slot = (origin.q.wrapping_mul(31) ^ origin.r.wrapping_mul(7) ^ radius as i32) as usize
        & (EDGES - 1);
    let kept = &mut edges[slot];
    if !kept
        .as_ref()
        .is_some_and(|e| e.origin == origin && e.radius == radius)
    {
        *kept = Some(edge_bits(state, origin, radius));
    }
    if let Some(e) = kept {
        for &b in &e.words {
            w.word(b);
        }
    }
}

/// The key of `me`'s decision in `state` under `pins`, written into `w`:
/// its frame, or `None` when the state is one the key does not cover.
/// What never changes in a fight is not in it: the memo holds the pins
/// (the map, the options, the state's stamp) and starts again under others.
fn key(
    state: &State,
    me: CombatantId,
    pins: &Pins,
    edges: &mut [Option<Edge>; EDGES],
    w: &mut Writer,
) -> Option<Frame> {
    // Read by the AI: the fighters (below) and, through the pins, the map,
    // the options and the fixed part. The turn order, whose turn it is, the
    // round and the aftermath flag are read only by the engine's loop and
    // `resolve/`; the occupancy, the grip count and the casters follow from
    // the fighters; the armory is read only to build a game master's late
    // arrival.
    // One word first: who decides, whether the frame is relative (and its
    // radius), whether the map's edge is near (its hexes follow), whether
    // DR or the weapons drifted from the pins (all fighters' follow).
    let relative = relative_frame(state, me, pins);
    let (frame, radius) = relative.unwrap_or((Frame::ABSOLUTE, 0));
    let edge = relative.is_some() && !map_holds(pins, frame.origin, radius);
    // In a steady fight (no spell, no corrosion: [`Pins::steady`]) nothing
    // can drift, and the comparison (about 180 instructions a decision) is
    // left to debug builds, which check that it holds.
    let holds = || {
        pins.drift
            .iter()
            .zip(&state.fighters)
            .all(|(d, f)| d.holds(f))
    };
    debug_assert!(
        !pins.steady || holds(),
        "DR or a weapon drifted in a fight pinned as steady"
    );
    let drifted = !pins.steady && !holds();
    w.word(
        u64::from(me.0)
            | u64::from(relative.is_some()) << 16
            | u64::from(u8::try_from(radius).ok()?) << 24
            | u64::from(edge) << 32
            | u64::from(drifted) << 40,
    );
    if edge {
        map_around(state, frame.origin, radius, edges, w);
    }
    if drifted {
        for f in &state.fighters {
            Drift::write(w, f);
        }
    }
    for f in &state.fighters {
        fighter(w, frame, f, pins.ranged || drifted)?;
        // A key past its room stays past it: a field of many figures stops
        // at the first ones instead of writing every one (issue 35).
        if w.overflow {
            return None;
        }
    }
    (!w.overflow).then_some(frame)
}

/// `h` moved by `(dq, dr)`.
fn moved(h: HexPos, (dq, dr): (i32, i32)) -> HexPos {
    HexPos {
        q: h.q + dq,
        r: h.r + dr,
    }
}

fn moved_step(s: Option<Step>, d: (i32, i32)) -> Option<Step> {
    s.map(|s| Step {
        to: s.to.map(|h| moved(h, d)),
        ..s
    })
}

fn moved_path<P: FromIterator<HexPos>>(path: &[HexPos], d: (i32, i32)) -> P {
    path.iter().map(|&h| moved(h, d)).collect()
}

/// `a` with every hex it names moved by `d` (a maneuver kept relative to
/// its maker, placed again); `None` for the rare maneuvers not kept so
/// (spells, opportunity fire).
fn moved_action(a: &Action, d: (i32, i32)) -> Option<Action> {
    Some(match a {
        Action::Attack {
            strike,
            step,
            extra,
            giant_step,
        } => Action::Attack {
            strike: *strike,
            step: moved_step(*step, d),
            extra: *extra,
            giant_step: moved_step(*giant_step, d),
        },
        Action::AllOutDefense {
            variant,
            step,
            path,
        } => Action::AllOutDefense {
            variant: *variant,
            step: moved_step(*step, d),
            path: moved_path(path, d),
        },
        Action::Feint {
            target,
            weapon,
            step,
        } => Action::Feint {
            target: *target,
            weapon: *weapon,
            step: moved_step(*step, d),
        },
        Action::Move {
            to,
            face,
            path,
            posture,
        } => Action::Move {
            to: moved(*to, d),
            face: *face,
            path: moved_path(path, d),
            posture: *posture,
        },
        Action::MoveAndAttack(c) => Action::MoveAndAttack(Charge {
            to: moved(c.to, d),
            path: moved_path(&c.path, d),
            ..c.clone()
        }),
        Action::Slam(s) => Action::Slam(Slam {
            path: moved_path(&s.path, d),
            ..s.clone()
        }),
        Action::Shove(s) => Action::Shove(Shove {
            step: moved_step(s.step, d),
            ..*s
        }),
        Action::Grapple(Grapple::Grab {
            target,
            location,
            item,
            hands,
            step,
        }) => Action::Grapple(Grapple::Grab {
            target: *target,
            location: *location,
            item: *item,
            hands: *hands,
            step: moved_step(*step, d),
        }),
        Action::Wait(Wait {
            trigger: trigger @ (Trigger::InReach { .. } | Trigger::StopThrust),
            response,
            step,
        }) => Action::Wait(Wait {
            trigger: trigger.clone(),
            response: *response,
            step: moved_step(*step, d),
        }),
        Action::Aim {
            target,
            weapon,
            mode,
            braced,
            step,
        } => Action::Aim {
            target: *target,
            weapon: *weapon,
            mode: *mode,
            braced: *braced,
            step: moved_step(*step, d),
        },
        Action::AllOutAttack { .. }
        | Action::Grapple(_)
        | Action::Jump(_)
        | Action::ChangePosture { .. }
        | Action::Ready { .. }
        | Action::ReadyShield
        | Action::DoNothing => a.clone(),
        Action::Wait(_) | Action::Concentrate(_) => return None,
    })
}

/// What the memo is filled under: what never changes in a fight, by
/// identity (held, so no other map or stamp can take the address meanwhile).
struct Pins {
    map: Arc<Map>,
    options: Options,
    /// The fighters' fixed parts by identity ([`State::stamp`]).
    stamp: Stamp,
    /// The fixed parts themselves, compared in debug builds only
    /// ([`Stamp::CHECK_FIELDS`]), to catch a change made without a new stamp.
    fixed: Plain,
    /// Each fighter's DR and weapons as pinned.
    drift: Vec<Drift>,
    /// The map is hexagonal and featureless: situations may be keyed
    /// relative to the deciding figure ([`relative_frame`]).
    featureless: bool,
    /// The map's radius, if it has one ([`map_holds`]).
    radius: Option<u32>,
    /// A fighter carries a weapon with a ranged mode (as pinned): only then
    /// can the AI read the hexes a fighter moved on its last turn (a ranged
    /// strike's to-hit, G-RNG-002, the one reader outside `resolve/`), so
    /// only then, or when the weapons drifted, does the key hold them.
    ranged: bool,
    /// Nothing in the fight can make DR or the weapons drift from
    /// [`Pins::drift`], so the key does not compare them: no fighter knows a
    /// spell (`resolve::magic`, which makes and
    /// ends a spell's weapon, is the only writer of a fighter's weapons after
    /// setup) and no carried weapon has a corrosive mode (corrosion is the
    /// only writer of DR in a fight, G-EXT-022, `resolve::injury::corrode`,
    /// and every blow's damage type is its weapon mode's or crushing: slams,
    /// chokes, falls and the unarmed critical misses).
    steady: bool,
}

impl fray_core::memo::Pins<State> for Pins {
    fn of(state: &State) -> Pins {
        Pins {
            map: Arc::clone(&state.map),
            options: state.options.clone(),
            stamp: state.stamp.clone(),
            fixed: fixed_part(state),
            drift: state.fighters.iter().map(Drift::of).collect(),
            ranged: state.fighters.iter().any(|f| {
                f.weapons
                    .iter()
                    .any(|c| c.weapon.modes.iter().any(|m| !m.is_melee()))
            }),
            radius: state.map.spec().radius,
            featureless: {
                let spec = state.map.spec();
                spec.kind == MapKind::Hex && spec.terrain.is_empty() && spec.edges.is_empty()
            },
            steady: state.fighters.iter().all(|f| {
                f.spells.is_empty()
                    && f.weapons.iter().all(|c| {
                        c.weapon
                            .modes
                            .iter()
                            .all(|m| m.damage_type != DamageType::Corrosion)
                    })
            }),
        }
    }

    #[inline]
    fn matches(&self, state: &State) -> bool {
        let same = self.stamp.same(&state.stamp)
            && Arc::ptr_eq(&self.map, &state.map)
            && self.options == state.options
            && self.drift.len() == state.fighters.len();
        if Stamp::CHECK_FIELDS && same {
            assert!(
                self.fixed == fixed_part(state),
                "a fighter's fixed part changed under the same stamp: renew `State::stamp` where it is changed"
            );
        }
        same
    }
}

/// The decisions of duels and other short keys, shared by every thread
/// that plays a fight on the same pins ([`fray_core::memo`]).
static SHORT: Tables<Action, Pins> = Tables::new();

/// The decisions of longer keys (fights of more than two figures).
static LONG: Tables<Action, Pins> = Tables::new();

/// One thread's view: the tables it reads (those pinned to the last state
/// it was shown), its cache of the map's edge, and the key being looked up.
struct Memo {
    short: Option<Arc<Table<Action, Pins>>>,
    long: Option<Arc<Table<Action, Pins>>>,
    /// The map's edge around the figures met near it ([`map_around`]),
    /// for the tables' map.
    edges: [Option<Edge>; EDGES],
    /// The key of the decision being looked up, kept here rather than in a
    /// new buffer a decision (which was zeroed each time: a `memset` of
    /// [`KEY_BYTES`] a decision).
    w: Writer,
    /// Keys written on this thread so far: a decision worked out afresh is
    /// kept only if no other lookup came meanwhile, which may have pinned
    /// the tables to another state (the AIs never ask the memo while they
    /// decide, but the memo does not rely on it).
    written: u64,
}

impl Memo {
    /// The tables pinned to `state`'s fixed parts: this thread's, or the
    /// ones other threads fill (or new ones), with the edge cache emptied.
    fn pinned(&mut self, state: &State) {
        let pinned = self.short.as_ref().is_some_and(|t| t.pins().matches(state));
        if !pinned {
            self.short = Some(SHORT.pinned(state, SLOTS));
            self.long = Some(LONG.pinned(state, LONG_SLOTS));
            self.edges = [const { None }; EDGES];
        }
    }
}

thread_local! {
    static MEMO: RefCell<Memo> = const {
        RefCell::new(Memo {
            short: None,
            long: None,
            edges: [const { None }; EDGES],
            w: Writer::new(),
            written: 0,
        })
    };
    static ENABLED: Cell<bool> = const { Cell::new(true) };
    static COUNTS: Cell<(u64, u64, u64)> = const { Cell::new((0, 0, 0)) };
}

/// Turns this thread's memo on or off (on by default): off, every
/// decision is worked out afresh. For tests that compare the two.
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

/// (decisions read back, decisions worked out (and kept while the tables
/// have room), decisions worked out in a state the key does not cover) on
/// this thread so far.
pub fn counts() -> (u64, u64, u64) {
    COUNTS.with(Cell::get)
}

/// How many decisions the tables this thread reads keep, shared with the
/// threads that read them too: (short keys, long keys).
pub fn kept() -> (usize, usize) {
    MEMO.with(|m| {
        let m = m.borrow();
        (
            m.short.as_ref().map_or(0, |t| t.len()),
            m.long.as_ref().map_or(0, |t| t.len()),
        )
    })
}

/// `a` moved by `d`, or as it is when `d` is nothing. An attack, the
/// maneuver read back most, is built here whatever `d` (its fields are
/// `Copy`; moving by nothing leaves them as they are): neither through
/// `Action::clone` nor through `moved_action`'s match, whose arms end in one
/// shared copy of the whole maneuver, field by field. Inlined into the
/// lookup, so that the fields go on in registers: returned from a call,
/// written field by field and read back at once as whole words, they
/// stalled the core on every hit (issue 38).
#[inline(always)]
fn place(a: &Action, d: (i32, i32)) -> Option<Action> {
    match *a {
        Action::Attack {
            strike,
            step,
            extra,
            giant_step,
        } => Some(Action::Attack {
            strike,
            step: moved_step(step, d),
            extra,
            giant_step: moved_step(giant_step, d),
        }),
        _ if d == (0, 0) => Some(a.clone()),
        _ => moved_action(a, d),
    }
}

/// `compute(state, me)`, read back when any thread met the same situation
/// before on the same pins.
pub(super) fn recall(
    state: &State,
    me: CombatantId,
    compute: fn(&State, CombatantId) -> Action,
) -> Action {
    if !ENABLED.with(Cell::get) {
        return compute(state, me);
    }
    let looked = MEMO.with(|m| {
        let m = &mut *m.borrow_mut();
        m.pinned(state);
        let Memo {
            short,
            long,
            edges,
            w,
            written,
        } = m;
        let (short, long) = (short.as_ref()?, long.as_ref()?);
        *written = written.wrapping_add(1);
        w.clear();
        let frame = key(state, me, short.pins(), edges, w)?;
        let key = w.bytes();
        let digest = Digest::of(key);
        let short_key = key.len() <= SHORT_KEY;
        let table = if short_key { short } else { long };
        // Maneuvers are kept relative to the frame's origin.
        let d = (frame.origin.q, frame.origin.r);
        let found = table.find(digest).and_then(|a| place(a, d));
        Some((digest, short_key, d, found, *written))
    });
    let Some((digest, short_key, d, found, written)) = looked else {
        COUNTS.with(|c| c.set((c.get().0, c.get().1, c.get().2 + 1)));
        return compute(state, me);
    };
    if let Some(a) = found {
        COUNTS.with(|c| c.set((c.get().0 + 1, c.get().1, c.get().2)));
        debug_assert_eq!(
            a,
            compute(state, me),
            "the memo gave back another decision than the AI's"
        );
        return a;
    }
    COUNTS.with(|c| c.set((c.get().0, c.get().1 + 1, c.get().2)));
    let action = compute(state, me);
    let Some(kept) = place(&action, (-d.0, -d.1)) else {
        return action;
    };
    MEMO.with(|m| {
        let m = &*m.borrow();
        if m.written != written {
            return;
        }
        let table = if short_key { &m.short } else { &m.long };
        if let Some(table) = table {
            table.insert(digest, &kept);
        }
    });
    action
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::scenario;

    /// DR and the weapons are compared against the pins only in a fight
    /// where something can change them: a corrosive weapon (G-EXT-022:
    /// corrosion eats DR) or a spell (G-SPL-011: a charged spell is a weapon
    /// in the hand until it goes). Debug builds check every key of a steady
    /// fight against the comparison.
    #[test]
    fn g_ext_022_g_spl_011_drift_is_compared_only_where_corrosion_or_a_spell_can_cause_it() {
        let duel = scenario("duel.toml");
        assert!(Pins::of(&duel).steady, "the duel: no spell, no corrosion");
        assert!(
            !Pins::of(&scenario("wizard-vs-goblins.toml")).steady,
            "a wizard's spells"
        );
        let mut acid = duel.clone();
        let weapon = &mut acid.fighters[0].weapons[0].weapon;
        Arc::make_mut(weapon).modes[0].damage_type = DamageType::Corrosion;
        assert!(!Pins::of(&acid).steady, "a corrosive weapon");
    }
}
