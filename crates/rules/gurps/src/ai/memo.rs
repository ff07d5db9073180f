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
//! The memo is per thread (no locks, and output stays byte-identical
//! whatever the number of threads), bounded (a fixed number of
//! direct-mapped slots, allocated once per thread) and exact:
//!
//! - the key is the whole state the AI could read, written out field by
//!   field with exhaustive destructuring, so a field added to [`State`],
//!   [`Fighter`] or [`Carried`] does not compile until it is placed here;
//! - what stays fixed through a fight (statistics, DR, equipment data, AI
//!   knobs) is summed into a 128-bit fingerprint kept in the key, and the
//!   fixed data behind `Arc`s (weapons, skills, spells) is named by its
//!   address while the memo holds the scenario's map and options: a new
//!   map or new options empty the memo;
//! - counters that only ever meet other counters (a fighter's turn number
//!   against the turn a feint lapses, a torn muscle heals, close combat was
//!   entered or a pin may next be broken) are kept as differences, so that
//!   turn 3 and turn 9 of the same situation share a slot; the round
//!   number, the statistics (`record`) and the bookkeeping only `resolve/`
//!   reads (injury since the last turn, death checks made, sprint turns,
//!   the shock cap) are read by nothing the AI consults and are left out;
//! - a slot keeps its full key: a read gives back exactly what the AI
//!   would work out, or nothing. Rare states the key does not cover (a
//!   Wait in force, a spell being cast) are worked out every time.
//!
//! Debug builds (the tests) check every read against a fresh computation.

use crate::model::action::{Action, Aim};
use crate::model::state::{Carried, CarriedShield, Fighter, GripAt, Stance, State, Stats};
use crate::model::tactics::{AimKnob, Knobs};
use fray_core::CombatantId;
use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The longest key kept, in bytes (a larger field: not memoized).
const KEY_BYTES: usize = 320;

/// Slots per thread (a power of two).
const SLOTS: usize = 1 << 16;

/// A situation written out in bytes, bounded.
struct Writer {
    buf: [u8; KEY_BYTES],
    len: usize,
    overflow: bool,
}

impl Writer {
    fn new() -> Writer {
        Writer {
            buf: [0; KEY_BYTES],
            len: 0,
            overflow: false,
        }
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
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

    /// Lengths and enum discriminants: one byte when small (most are),
    /// else a marker and all eight (still a one-to-one encoding).
    #[inline]
    fn write_usize(&mut self, v: usize) {
        match u8::try_from(v) {
            Ok(b) if b < u8::MAX => self.write(&[b]),
            _ => {
                self.write(&[u8::MAX]);
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
            self.write(&[(v as u8) | 0x80]);
            v >>= 7;
        }
        self.write(&[v as u8]);
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

/// Two independent FNV-style lanes: the fingerprint of the fixed data.
struct Print(u64, u64);

impl Hasher for Print {
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            self.1 = (self.1 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3 ^ 0x5bd1_e995);
        }
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
    basic_lift.to_bits().hash(h);
    traits.hash(h);
}

/// A carried weapon: its fixed data into `p`, its state into `w`.
fn carried(p: &mut Print, w: &mut Writer, c: &Carried) {
    let Carried {
        weapon,
        skill,
        ready,
        dropped_at,
        parries,
        attacked,
        parried_before_turn,
        broken,
        taken,
        hp,
        loaded,
        reload_left,
        spell,
    } = c;
    addr(weapon).hash(p);
    addr(skill).hash(p);
    let flags = u8::from(*ready)
        | u8::from(*attacked) << 1
        | u8::from(*parried_before_turn) << 2
        | u8::from(*broken) << 3
        | u8::from(*taken) << 4
        | u8::from(*loaded) << 5;
    flags.hash(w);
    dropped_at.hash(w);
    parries.hash(w);
    hp.hash(w);
    reload_left.hash(w);
    spell.map(|s| (s.spell, s.energy)).hash(w);
}

/// One fighter: its fixed data into `p`, its state into `w`. `None`: a
/// state the key does not cover.
fn fighter(p: &mut Print, w: &mut Writer, f: &Fighter) -> Option<()> {
    let Fighter {
        name,
        side,
        controller,
        ai,
        situation,
        stats: st,
        skills,
        weapons,
        spells,
        casting,
        blocking_spell,
        asleep,
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
        stun_defense_until_turn,
        shock,
        injury_since_turn: _,
        stance,
        blocked,
        retreated_from,
        death_checks: _,
        crippled,
        feint,
        aim,
        dropped_vs,
        off_balance,
        dropped_guard,
        torn_until_turn,
        torn_muscle,
        do_nothing_next,
        close,
        grip,
        shock_cap: _,
        turn_start,
        mortal_wound,
        body,
        thrown_by,
        move_streak,
        sprint_turns: _,
        frozen,
        leader,
        waiting,
        watch,
        responding,
        suffocating,
        next_break_free,
        moved,
        turns,
        record: _,
    } = f;
    // Left out: `injury_since_turn`, `death_checks`, `sprint_turns` and
    // `shock_cap` are read only by `resolve/` (the roll-by-roll steps),
    // which the AI never calls; `record` is statistics for the report.
    if casting.is_some() || waiting.is_some() {
        return None;
    }
    // Fixed through a fight.
    addr(name).hash(p);
    side.hash(p);
    addr(controller).hash(p);
    knobs(p, ai);
    situation.blind.hash(p);
    situation.distraction.hash(p);
    stats(p, st);
    addr(skills).hash(p);
    addr(spells).hash(p);
    dr.hash(p);
    crushing_dr.hash(p);
    flexible.hash(p);
    leader.hash(p);
    // Its state.
    let turn = *turns;
    let rel = |t: u32| t.wrapping_sub(turn);
    weapons.len().hash(w);
    for c in weapons {
        carried(p, w, c);
    }
    match shield {
        Some(CarriedShield {
            name,
            db,
            skill,
            ready,
        }) => {
            addr(name).hash(p);
            db.hash(p);
            skill.hash(p);
            ready.hash(w);
        }
        None => 2u8.hash(w),
    }
    let flags = u16::from(*blocking_spell)
        | u16::from(*asleep) << 1
        | u16::from(*stun_defense_until_turn) << 2
        | u16::from(*blocked) << 3
        | u16::from(*off_balance) << 4
        | u16::from(*dropped_guard) << 5
        | u16::from(*do_nothing_next) << 6
        | u16::from(*mortal_wound) << 7
        | u16::from(*suffocating) << 8;
    flags.hash(w);
    hp.hash(w);
    fp.hash(w);
    pose.hash(w);
    posture.hash(w);
    std::mem::discriminant(life).hash(w);
    stun.map(|s| std::mem::discriminant(&s)).hash(w);
    shock.hash(w);
    match stance {
        Stance::IncreasedDefense(k) => {
            1u8.hash(w);
            std::mem::discriminant(k).hash(w);
        }
        other => std::mem::discriminant(other).hash(w),
    }
    retreated_from.hash(w);
    crippled.hash(w);
    feint
        .map(|x| (x.target, x.margin, rel(x.expires_before_turn)))
        .hash(w);
    aim.map(|a| (a.target, a.weapon, a.mode, a.turns, a.braced))
        .hash(w);
    dropped_vs.hash(w);
    rel(*torn_until_turn).hash(w);
    torn_muscle.hash(w);
    close.map(|c| (c.hex, c.sides, rel(c.turn))).hash(w);
    grip.map(|g| {
        let at = match g.at {
            GripAt::Body(l) => (0u8, l as u8),
            GripAt::Item(i) => (1u8, i),
        };
        (g.target, at, g.hands, g.pinned)
    })
    .hash(w);
    turn_start.hash(w);
    body.hash(w);
    thrown_by.hash(w);
    move_streak.hash(w);
    frozen.hash(w);
    watch.map(|x| (x.hex, x.weapon, x.mode, x.turns)).hash(w);
    responding
        .map(|r| (r.foe, r.thrust_bonus, r.watch_penalty))
        .hash(w);
    rel(*next_break_free).hash(w);
    moved.hash(w);
    Some(())
}

/// The key of `me`'s decision in `state`, written into `w`; `false` when
/// the state is one the key does not cover.
fn key(state: &State, me: CombatantId, w: &mut Writer) -> bool {
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
    } = state;
    let mut p = Print(0xcbf2_9ce4_8422_2325, 0x84222325_cbf29ce4);
    addr(name).hash(&mut p);
    addr(sides).hash(&mut p);
    addr(seats).hash(&mut p);
    max_rounds.hash(&mut p);
    surprise.as_ref().map(addr).hash(&mut p);
    // The turn order, whose turn it is, the round and the aftermath flag
    // are read only by the engine's loop and `resolve/`; the occupancy, the
    // grip count and the casters follow from the fighters; the armory is
    // read only to build a game master's late arrival.
    me.hash(w);
    for f in fighters {
        if fighter(&mut p, w, f).is_none() {
            return false;
        }
    }
    p.0.hash(w);
    p.1.hash(w);
    !w.overflow
}

/// One remembered decision.
struct Slot {
    len: u16,
    key: [u8; KEY_BYTES],
    action: Action,
}

/// The memo of one thread: the scenario it holds (its map and options;
/// held, so no other map can take the address meanwhile) and its slots.
struct Memo {
    map: Option<Arc<fray_core::grid::Map>>,
    options: Option<crate::model::options::Options>,
    slots: Vec<Option<Box<Slot>>>,
}

thread_local! {
    static MEMO: RefCell<Memo> = const {
        RefCell::new(Memo {
            map: None,
            options: None,
            slots: Vec::new(),
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

/// (decisions read back, decisions worked out and kept, decisions worked
/// out in a state the key does not cover) on this thread so far.
pub fn counts() -> (u64, u64, u64) {
    COUNTS.with(Cell::get)
}

fn slot_of(key: &[u8]) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut chunks = key.chunks_exact(8);
    for c in &mut chunks {
        let v = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
        h = (h ^ v).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
    }
    for &b in chunks.remainder() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    (h as usize) & (SLOTS - 1)
}

/// `compute(state, me)`, read back when this thread met the same situation
/// before.
pub(super) fn recall(
    state: &State,
    me: CombatantId,
    compute: fn(&State, CombatantId) -> Action,
) -> Action {
    if !ENABLED.with(Cell::get) {
        return compute(state, me);
    }
    let mut w = Writer::new();
    if !key(state, me, &mut w) {
        COUNTS.with(|c| c.set((c.get().0, c.get().1, c.get().2 + 1)));
        return compute(state, me);
    }
    let key = w.bytes();
    let i = slot_of(key);
    let found = MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let same = m.map.as_ref().is_some_and(|x| Arc::ptr_eq(x, &state.map))
            && m.options.as_ref() == Some(&state.options);
        if !same {
            m.map = Some(Arc::clone(&state.map));
            m.options = Some(state.options.clone());
            m.slots.clear();
            m.slots.resize_with(SLOTS, || None);
            return None;
        }
        m.slots[i]
            .as_ref()
            .filter(|s| &s.key[..usize::from(s.len)] == key)
            .map(|s| s.action.clone())
    });
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
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let len = key.len();
        let slot = &mut m.slots[i];
        if let Some(s) = slot {
            s.key[..len].copy_from_slice(key);
            s.len = len as u16;
            s.action = action.clone();
        } else {
            let mut s = Box::new(Slot {
                len: len as u16,
                key: [0; KEY_BYTES],
                action: action.clone(),
            });
            s.key[..len].copy_from_slice(key);
            *slot = Some(s);
        }
    });
    action
}
