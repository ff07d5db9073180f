//! The state of a DragonQuest fight: figures, their pools and statuses
//! (DQ-00-017), the map and the pulse sequence (DQ-00-016).

use crate::model::data::{Armor, Poison, ShapeName, Shield, Size, Weapon};
use crate::model::options::Options;
use arrayvec::ArrayVec;
use fray_core::grid::{Facing, Footprint, Heading, HexPos, Map, Orientation, Shape};
use fray_core::occupancy::Occupancy;
use fray_core::{CombatantId, Controller, Seats, SideId};
use serde::Serialize;
use std::sync::Arc;

/// DQ-00-001: a figure's characteristics as created (the originals:
/// DQ-00-003 keeps current EN and FT apart).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Physical Strength.
    pub ps: i32,
    /// Manual Dexterity.
    pub md: i32,
    /// Agility.
    pub ag: i32,
    /// Magical Aptitude.
    pub ma: i32,
    /// Original Endurance.
    pub en: i32,
    /// Original Fatigue.
    pub ft: i32,
    /// Willpower.
    pub wp: i32,
    /// Perception.
    pub pc: i32,
}

/// Where a weapon is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Hold {
    /// Carried, not prepared.
    Stowed,
    /// Dropped in a hex (DQ-17-005, DQ-13-018, DQ-16-020).
    Dropped,
    /// Destroyed (DQ-17-005).
    Broken,
}

/// A weapon a figure carries. `Copy`: the simulator's refill copies a
/// figure's weapons as one block, not each through a clone built on the
/// stack and moved (issue 38).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Held {
    /// The weapon.
    pub weapon: &'static Weapon,
    /// Rank with it (DQ-17-002: `None` is unranked).
    pub rank: Option<u8>,
    /// Where it is when not prepared.
    pub hold: Hold,
    /// DQ-13-012 (decision): the hex a dropped weapon lies in, where a Pass
    /// picks it up; `None` when it is not lying within reach (a thrown
    /// weapon that flew on, or never dropped).
    pub at: Option<HexPos>,
    /// A crossbow's load (DQ-14-013).
    pub loaded: bool,
    /// Passes of reloading done so far.
    pub reloading: u8,
    /// The poison on it, if any (DQ-20-004..007).
    pub poison: Option<Applied>,
}

/// DQ-20-007: a poison applied to a weapon, potent until the pulse
/// `expires` (6 hours = 4,320 pulses after it was applied) or its first hit
/// with effective damage.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Applied {
    /// The poison.
    pub poison: &'static Poison,
    /// The first pulse in which it no longer works.
    pub expires: u32,
}

/// DQ-20-010: the mark of a barbed weapon in `Status::lodged`.
pub const LODGED_BARBED: u16 = 1;

/// DQ-20-007: 6 hours of 720 pulses.
pub const POISON_PULSES: u32 = 6 * 720;

/// Alive, unconscious or dead (DQ-19-001, DQ-19-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Life {
    /// Conscious.
    Conscious,
    /// Unconscious (EN 3 or less).
    Unconscious,
    /// Dead (EN 0).
    Dead,
}

/// Withdraw postures (DQ-13-006).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Posture {
    /// May strike at -20 (DQ-13-007).
    Offensive,
    /// +20 Defense with a prepared shield (DQ-13-008).
    Defensive,
}

/// DQ-00-017: the statuses a figure carries. Refilled field by field
/// (`refill_clone!`): the derived `clone_from` built a whole copy on the
/// stack and moved it, which the simulator's refill of every fight paid
/// in a stall (issue 38).
#[derive(Debug, Default, PartialEq, Serialize)]
pub struct Status {
    /// Prone (falls, knockdowns, breaking out of close combat).
    pub prone: bool,
    /// Stunned (DQ-19-003).
    pub stunned: bool,
    /// Pulses left knocked out (DQ-16-017).
    pub knocked_out: u32,
    /// Restrained by this figure (DQ-16-014).
    pub restrained_by: Option<CombatantId>,
    /// Entangled, with the consecutive Passes spent freeing itself (DQ-16-012).
    pub entangled: Option<u8>,
    /// Evading: Defense bonus and the right to parry (DQ-13-005, DQ-17-007).
    pub evading: bool,
    /// Defensive withdraw posture: +20 Defense (DQ-13-008).
    pub defensive: bool,
    /// The pulse in which it must Pass (DQ-17-008); 0 for none.
    pub forced_pass: u32,
    /// Loses its next action (DQ-13-017, DQ-17-006).
    pub lose_action: bool,
    /// In close combat with the figures in its hex (DQ-13-016).
    pub close: bool,
    /// Weapons lodged in it, each with its modAG penalty (DQ-20-008,
    /// DQ-20-009); the first number is [`LODGED_BARBED`] for a barbed one
    /// (DQ-20-010), else 0. As many as strike it: four kept inline, more
    /// on the heap.
    pub lodged: smallvec::SmallVec<[(u16, i32); 4]>,
    /// Surprised in the free pulse (DQ-11-004).
    pub surprised: bool,
    /// The last pulse in which the figure's body moved (DQ-23-001: a rider
    /// mounts only a mount that has not moved; DQ-23-002: shooting from a
    /// moving mount); 0 for never.
    pub moved: u32,
    /// The pulse in which a rider mounted or dismounted this mount: it may
    /// not move again in that pulse (DQ-23-001); 0 for none.
    pub still: u32,
    /// DQ-23-006: a mount that charged carries on along the charge's line
    /// in the next pulse (the charge's pulse, where the head started and
    /// where it ended).
    pub momentum: Option<(u32, HexPos, HexPos)>,
    /// DQ-23-006: the pulse in which momentum carried the mount: the rider
    /// cannot steer it; 0 for none.
    pub carried: u32,
    /// DQ-14-007, DQ-23-005 (decision): the pulse in which a mount ran more
    /// than half its TMR (carrying its rider, or by momentum): like any
    /// figure that moved that far, it strikes no blow that pulse; 0 for none.
    pub ran: u32,
    /// Infected after the fight (DQ-24-001): the status `fray aftermath`'s
    /// daily rolls (DQ-24-005, DQ-24-006) are for.
    pub infected: bool,
}

fray_core::refill_clone!(Status {
    arcs: [],
    option_arcs: [],
    rest: [
        prone,
        stunned,
        knocked_out,
        restrained_by,
        entangled,
        evading,
        defensive,
        forced_pass,
        lose_action,
        close,
        lodged,
        surprised,
        moved,
        still,
        momentum,
        carried,
        ran,
        infected,
    ],
});

/// What a fight did to a figure, for reports, infection and the simulator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Record {
    /// Effective damage dealt to others.
    pub dealt: i32,
    /// Effective damage taken (FT and EN).
    pub taken: i32,
    /// EN lost (DQ-24-002).
    pub en_lost: i32,
    /// Stuns suffered (DQ-19-003).
    pub stuns: u16,
    /// Grievous injuries suffered (DQ-18-004).
    pub grievous: u16,
    /// Hits taken that went to EN (DQ-18-003).
    pub endurance_hits: u16,
    /// Damage taken from a bite, claw or talon (DQ-24-003).
    pub natural_wound: bool,
    /// Falls.
    pub falls: u16,
}

/// One figure.
#[derive(Debug, Serialize)]
pub struct Figure {
    /// Its name.
    pub name: Arc<str>,
    /// Its side.
    pub side: SideId,
    /// Who controls it (shared by the state's clones: a fight copied from
    /// its start copies no name of tactics).
    pub controller: Arc<Controller>,
    /// The scenario's leader flag (DQ-12-003).
    pub leader: bool,
    /// Characteristics as created.
    pub stats: Stats,
    /// Current Endurance.
    pub en: i32,
    /// Current Fatigue.
    pub ft: i32,
    /// Base TMR (DQ-00-004), before per-action adjustments.
    pub tmr: i32,
    /// Hexes filled.
    pub shape: ShapeName,
    /// Head hex.
    pub pos: HexPos,
    /// Heading: a side for 1-hex figures, a corner for multi-hex (DQ-22-001).
    pub heading: Heading,
    /// Size category.
    pub size: Size,
    /// A monster (DQ-19-002).
    pub monster: bool,
    /// Weapons carried.
    pub weapons: ArrayVec<Held, 4>,
    /// The prepared weapon (index into `weapons`); `None` is bare hands.
    pub main: Option<u8>,
    /// The weapon prepared in the other hand (DQ-16-006), if any.
    pub off: Option<u8>,
    /// Worn armor.
    pub armor: Option<&'static Armor>,
    /// Protection lost to grievous injuries (DQ-18-005).
    pub armor_damage: i32,
    /// Natural armor.
    pub natural_armor: i32,
    /// Shield.
    pub shield: Option<&'static Shield>,
    /// Whether the shield is prepared (not dropped, not broken).
    pub shield_ready: bool,
    /// Shield rank (DQ-16-019).
    pub shield_rank: Option<u8>,
    /// Unarmed Combat rank (DQ-21-003).
    pub unarmed_rank: Option<u8>,
    /// Military Scientist rank (DQ-12-003).
    pub military_scientist: u8,
    /// Horsemanship rank (DQ-23-002, DQ-00-006).
    pub horsemanship: u8,
    /// A mount that can be ridden (DQ-23; the template's `mount` flag).
    pub is_mount: bool,
    /// A rider's own mount, linked by the scenario's `mount` key (DQ-23).
    pub steed: Option<CombatantId>,
    /// In the saddle of `steed`: the rider's hex is the mount's head hex,
    /// its heading the mount's corner, and it fills no hex of its own.
    pub aboard: bool,
    /// A mount's rider in the saddle, if any.
    pub rider: Option<CombatantId>,
    /// Has the Assassin skill (DQ-20-006).
    pub assassin: bool,
    /// Passive resistance chance against breath weapons (DQ-18-007).
    pub resistance: i32,
    /// Life.
    pub life: Life,
    /// Statuses.
    pub status: Status,
    /// What the fight did to it.
    pub record: Record,
}

fray_core::refill_clone!(Figure {
    arcs: [name, controller],
    option_arcs: [],
    rest: [
        side,
        leader,
        stats,
        en,
        ft,
        tmr,
        shape,
        pos,
        heading,
        size,
        monster,
        weapons,
        main,
        off,
        armor,
        armor_damage,
        natural_armor,
        shield,
        shield_ready,
        shield_rank,
        unarmed_rank,
        military_scientist,
        horsemanship,
        is_mount,
        steed,
        aboard,
        rider,
        assassin,
        resistance,
        life,
        status,
        record
    ],
});

impl Figure {
    /// The hexes it fills, as a grid footprint.
    pub fn body(&self) -> Footprint {
        footprint(self.shape, self.pos, self.heading)
    }

    /// Whether it fills one hex (the fast path of every zone test).
    pub fn is_single(&self) -> bool {
        self.shape == ShapeName::Single
    }

    /// Whether it fills `hex`.
    pub fn occupies(&self, hex: HexPos) -> bool {
        if self.is_single() {
            self.pos == hex
        } else {
            self.body().contains(hex)
        }
    }

    /// The hexes it fills, head first.
    pub fn cells(&self) -> ArrayVec<HexPos, { fray_core::grid::MAX_SHAPE_CELLS }> {
        if self.is_single() {
            let mut v = ArrayVec::new();
            v.push(self.pos);
            v
        } else {
            self.body().cells()
        }
    }

    /// Its front hexes (DQ-00-013, DQ-00-015).
    pub fn front(&self) -> ArrayVec<HexPos, 3> {
        front_of(self.shape, self.pos, self.heading)
    }

    /// Hex distance between the nearest hexes of two figures.
    pub fn distance(&self, other: &Figure) -> u32 {
        if self.is_single() && other.is_single() {
            hex_distance(self.pos, other.pos)
        } else {
            self.body().distance(&other.body())
        }
    }

    /// Hex distance from its nearest hex to `hex`.
    pub fn distance_to(&self, hex: HexPos) -> u32 {
        if self.is_single() {
            self.pos.distance(hex)
        } else {
            self.body().distance_to(hex)
        }
    }

    /// Its facing as a hexside (a corner-facing figure: the side clockwise of... its first side).
    pub fn facing(&self) -> Facing {
        match self.heading {
            Heading::Side(f) => f,
            Heading::Corner(c) => c.sides()[0],
        }
    }

    /// The prepared weapon, or bare hands.
    pub fn weapon(&self) -> Option<&Held> {
        self.main.and_then(|i| self.weapons.get(usize::from(i)))
    }

    /// Whether it stands on the map in a hex of its own (a rider in the
    /// saddle does not: its mount's body is the pair's, DQ-23).
    #[inline]
    pub fn on_foot(&self) -> bool {
        !self.aboard
    }

    /// Neither dead nor unconscious nor knocked out.
    pub fn conscious(&self) -> bool {
        self.life == Life::Conscious && self.status.knocked_out == 0
    }

    /// DQ-17-012: stunned or incapacitated (unconscious, knocked out, restrained).
    pub fn helpless(&self) -> bool {
        !self.conscious() || self.status.stunned || self.status.restrained_by.is_some()
    }

    /// Can still fight: conscious and not restrained.
    pub fn in_fight(&self) -> bool {
        self.conscious() && self.status.restrained_by.is_none()
    }
}

/// The front hexes (DQ-00-013, DQ-00-015) of a body of `shape` at `pos`
/// facing `heading`: f-1, f, f+1 straight from the heading for a 1-hex
/// figure (no footprint built: the simulator's hot path), the grid's
/// front hexes otherwise.
pub fn front_of(shape: ShapeName, pos: HexPos, heading: Heading) -> ArrayVec<HexPos, 3> {
    match heading {
        Heading::Side(f) if shape == ShapeName::Single => {
            let i = usize::from(f.index());
            let mut v = ArrayVec::new();
            for k in [i + 5, i, i + 1] {
                v.push(step(pos, k));
            }
            v
        }
        // DQ-23-003 (decision): a rider in the saddle (a 1-hex figure with
        // its mount's corner heading) strikes to either side of the
        // mount's head, never into the hexes straight ahead.
        Heading::Corner(c) if shape == ShapeName::Single => rider_zone(pos, c),
        _ => footprint(shape, pos, heading).front_hexes(),
    }
}

/// Whether `hex` is one of the front hexes of [`front_of`] (DQ-00-013,
/// DQ-00-015): for a 1-hex figure facing a side, three comparisons of
/// offsets and nothing built (every melee-zone test asks this).
#[inline]
pub fn front_contains(shape: ShapeName, pos: HexPos, heading: Heading, hex: HexPos) -> bool {
    match heading {
        Heading::Side(f) if shape == ShapeName::Single => {
            let i = usize::from(f.index());
            let d = (hex.q - pos.q, hex.r - pos.r);
            d == DIRECTIONS[(i + 5) % 6] || d == DIRECTIONS[i] || d == DIRECTIONS[(i + 1) % 6]
        }
        _ => front_of(shape, pos, heading).contains(&hex),
    }
}

/// DQ-23-003, DQ-23-004: the hexes straight ahead of a mount whose head is
/// at `pos` facing corner `c`: the two hexes across the faced corner.
pub fn ahead_of_corner(pos: HexPos, c: fray_core::grid::Corner) -> [HexPos; 2] {
    let [a, b] = c.sides();
    [pos.neighbour(a), pos.neighbour(b)]
}

/// DQ-23 (decision): the rear hexes of a rider in the saddle: the two
/// hexes behind its mount's head, away from the hexes straight ahead and
/// the rider's zone (one of them is the mount's own second hex).
pub fn rider_rear(pos: HexPos, c: fray_core::grid::Corner) -> ArrayVec<HexPos, 3> {
    let [a, b] = c.sides();
    let (ia, ib) = (usize::from(a.index()), usize::from(b.index()));
    let left = if (ia + 1) % 6 == ib { ia } else { ib };
    let mut v = ArrayVec::new();
    v.push(step(pos, left + 3));
    v.push(step(pos, left + 4));
    v
}

/// DQ-23-003 (decision): the melee zone of a rider in the saddle of a mount
/// with its head at `pos` facing corner `c`: the two hexes beside the
/// head, next to the hexes straight ahead (which the rider may not strike).
pub fn rider_zone(pos: HexPos, c: fray_core::grid::Corner) -> ArrayVec<HexPos, 3> {
    let [a, b] = c.sides();
    let (ia, ib) = (usize::from(a.index()), usize::from(b.index()));
    // The two sides of a corner are neighbours: order them clockwise.
    let (left, right) = if (ia + 1) % 6 == ib {
        (ia, ib)
    } else {
        (ib, ia)
    };
    let mut v = ArrayVec::new();
    v.push(step(pos, left + 5));
    v.push(step(pos, right + 1));
    v
}

/// The axial offsets of the six neighbours in `Facing` order (N, NE, SE,
/// S, SW, NW), as the grid documents them; a test holds them to
/// `HexPos::neighbour`.
pub const DIRECTIONS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

/// Hex distance in axial coordinates (the grid's, computed here for the
/// hot path): half the sum of the three cube differences.
#[inline]
pub fn hex_distance(a: HexPos, b: HexPos) -> u32 {
    let (dq, dr) = (a.q - b.q, a.r - b.r);
    (dq.unsigned_abs() + dr.unsigned_abs() + (dq + dr).unsigned_abs()) / 2
}

/// The neighbour of `pos` across the side with `Facing` index `k % 6`,
/// computed here so the hot path makes no call into the grid crate.
#[inline]
pub fn step(pos: HexPos, k: usize) -> HexPos {
    let (dq, dr) = DIRECTIONS[k % 6];
    HexPos::new(pos.q + dq, pos.r + dr)
}

/// The hexes exactly `r` hexes from `center` (just `center` for 0), each
/// once, walking round the ring from its south-west corner.
pub fn ring(center: HexPos, r: u32) -> impl Iterator<Item = HexPos> {
    let r = r as i32;
    let (dq, dr) = DIRECTIONS[4];
    let start = HexPos::new(center.q + r * dq, center.r + r * dr);
    let sides = if r == 0 { 1 } else { 6 };
    (0..sides)
        .flat_map(move |side| (0..r.max(1)).map(move |j| (side, j)))
        .scan(start, move |h, (side, _)| {
            let here = *h;
            if r > 0 {
                *h = step(here, side);
            }
            Some(here)
        })
}

/// The `Facing` index of the side of `from` that `to` lies across, when
/// the two hexes are neighbours (the hot path's adjacent case).
#[inline]
pub fn side_toward(from: HexPos, to: HexPos) -> Option<usize> {
    // [`DIRECTIONS`] by offset, `(dq + 1) * 3 + (dr + 1)` (6: not a
    // neighbour): one look-up instead of a search of the six.
    const SIDE: [u8; 9] = [6, 5, 4, 0, 6, 3, 1, 2, 6];
    let (dq, dr) = (
        i64::from(to.q) - i64::from(from.q),
        i64::from(to.r) - i64::from(from.r),
    );
    if !(-1..=1).contains(&dq) || !(-1..=1).contains(&dr) {
        return None;
    }
    let k = usize::from(SIDE[((dq + 1) * 3 + (dr + 1)) as usize]);
    (k < 6).then_some(k)
}

/// [`HexPos::facing_toward`], answered from the six offsets when `to` is a
/// neighbour (the grid weighs all six directions by dot product; for a
/// neighbour the best is the side it lies across). A test holds the two to
/// the same answers.
#[inline]
pub fn facing_toward(from: HexPos, to: HexPos) -> Option<Facing> {
    match side_toward(from, to) {
        Some(k) => Some(Facing::ALL[k]),
        None => from.facing_toward(to),
    }
}

/// [`fray_core::grid::arc::bearing`], answered without the grid's dot
/// products when `target` is a neighbour: the turn from `facing` to the
/// side it lies across. A test holds the two to the same answers.
#[inline]
pub fn bearing(
    from: HexPos,
    facing: Facing,
    target: HexPos,
) -> Option<fray_core::grid::RelativeBearing> {
    match side_toward(from, target) {
        Some(k) => Some(fray_core::grid::RelativeBearing::from_turn(
            facing.signed_turn_to(Facing::ALL[k]),
        )),
        None => fray_core::grid::arc::bearing(from, facing, target),
    }
}

/// A shape placed at a head hex.
pub fn footprint(shape: ShapeName, pos: HexPos, heading: Heading) -> Footprint {
    let s = match shape {
        ShapeName::Single => Shape::single(),
        ShapeName::Triangle => Shape::triangle(),
        ShapeName::Pair => Shape::new(Orientation::Corner, &[HexPos::new(0, 0), HexPos::new(0, 1)])
            .unwrap_or_else(|_| Shape::triangle()),
    };
    Footprint::new(s, pos, heading)
        .unwrap_or_else(|_| Footprint::single(fray_core::grid::Pose::new(pos, Facing::N)))
}

/// Where the pulse is (DQ-12-001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Before the next pulse begins.
    #[default]
    Begin,
    /// Step 2: engagements in turn.
    Engaged,
    /// Step 3: non-engaged figures, side by side.
    NonEngaged,
}

/// Which action kinds a figure used in its slot (DQ-15-003's two actions must differ).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Slot {
    /// Who acts.
    pub who: CombatantId,
    /// Actions left in the slot (2 at modAG 26+).
    pub left: u8,
    /// The kind of the first action, by its index in `Action::KINDS`.
    pub used: Option<u8>,
}

/// A list of the pulse sequence. On the heap, not inline: the pulse
/// takes a list out, writes it element by element and puts it back, and
/// moving an inline list read those fresh narrow writes back as whole
/// words, which the core cannot forward (a stall at every pulse, issue 38);
/// a `Vec` moves as three words and keeps its room, and the simulator's
/// refill ([`Sequence`]'s `clone_from`) keeps it too, so a fight allocates
/// nothing for it once its worker has played one.
pub type SeqList<T> = Vec<T>;

/// The pulse sequence (DQ-12-001, DQ-00-016).
#[derive(Debug, Default, Serialize)]
pub struct Sequence {
    /// The step.
    pub stage: Stage,
    /// Each figure's engagement at the start of the pulse (`u16::MAX`: none).
    pub group_of: SeqList<u16>,
    /// Engagements still to resolve, in order.
    pub groups: SeqList<u16>,
    /// Figures still to act in the current engagement (front first).
    pub queue: SeqList<CombatantId>,
    /// Step 1's winner.
    pub winner: Option<SideId>,
    /// Step 3's sides still to act, in order.
    pub sides: ArrayVec<SideId, 2>,
    /// Who acts now.
    pub slot: Option<Slot>,
}

fray_core::refill_clone!(Sequence {
    arcs: [],
    option_arcs: [],
    rest: [stage, group_of, groups, queue, winner, sides, slot],
});

/// A whole fight.
#[derive(Debug, Serialize)]
pub struct State {
    /// Scenario title.
    pub name: Arc<str>,
    /// Side names.
    pub sides: Arc<[String]>,
    /// Side and GM controllers.
    pub seats: Arc<Seats>,
    /// Everyone.
    pub figures: Vec<Figure>,
    /// The map.
    #[serde(skip)]
    pub map: Arc<Map>,
    /// Rule switches.
    pub options: Arc<Options>,
    /// The identity of the figures' fixed parts (side, controller,
    /// characteristics, weapons carried and their ranks, armor...: what
    /// `ai::memo` pins): clones share it; whatever changes one of those
    /// parts after setup renews it (`Stamp::renew`), so the AI's memo
    /// compares one address per lookup instead of every figure's sheet.
    #[serde(skip)]
    pub stamp: fray_core::memo::Stamp,
    /// Pulses begun (DQ-12-002).
    pub pulse: u32,
    /// The round limit.
    pub max_pulses: u32,
    /// The side with surprise, before its free pulse (DQ-11-004).
    pub surprise: Option<SideId>,
    /// Whether this pulse is the free pulse.
    pub free_pulse: bool,
    /// The sequence.
    pub seq: Sequence,
    /// Whether the infection checks have been made (DQ-24-001).
    pub aftermath_done: bool,
    /// The scenario's data (the bundled armory with the scenario's data
    /// folders), kept for late arrivals a game master adds (issue 15).
    #[serde(skip)]
    pub armory: Option<&'static crate::model::data::Armory>,
    /// Who stands where (issue 35): every hex each figure's body fills
    /// (any state of life, a rider in the saddle on its mount's head hex),
    /// on a field of more than [`fray_core::occupancy::SMALL_FIELD`]
    /// figures (always in debug builds), so that "who fills this hex" and
    /// "whose melee zone reaches it" look at the figures near by rather
    /// than at the whole field. Kept by [`State::set_body`], the one way
    /// to move or turn a figure, and rebuilt by [`State::reindex`] when the
    /// roster changes; debug builds compare it with the figures after every
    /// step and every answer with a pass over everyone.
    #[serde(skip)]
    pub occupancy: Occupancy<HexPos>,
}

fray_core::refill_clone!(State {
    arcs: [name, sides, seats, map, options],
    option_arcs: [],
    rest: [
        figures,
        stamp,
        pulse,
        max_pulses,
        surprise,
        free_pulse,
        seq,
        aftermath_done,
        armory,
        occupancy
    ],
});

impl State {
    /// A figure.
    #[inline]
    pub fn fig(&self, id: CombatantId) -> &Figure {
        &self.figures[usize::from(id.0)]
    }
    /// A figure, mutably.
    #[inline]
    pub fn fig_mut(&mut self, id: CombatantId) -> &mut Figure {
        &mut self.figures[usize::from(id.0)]
    }
    /// Every id.
    pub fn ids(&self) -> impl Iterator<Item = CombatantId> + '_ {
        CombatantId::all(self.figures.len())
    }
    /// Whether two figures are on different sides.
    #[inline]
    pub fn hostile(&self, a: CombatantId, b: CombatantId) -> bool {
        self.fig(a).side != self.fig(b).side
    }
    /// The figure filling `hex`, if any (the first by id; a rider in the
    /// saddle fills no hex, its mount does, DQ-23).
    pub fn at(&self, hex: HexPos) -> Option<CombatantId> {
        self.first_at(hex, |_, f| f.life != Life::Dead && f.on_foot())
    }

    /// The first figure by id whose body fills `hex` (any state of life,
    /// in the saddle or not) for which `pred` holds: a search of
    /// [`State::occupancy`] when it is kept, else a pass over everyone
    /// (debug builds compare the two).
    #[inline]
    pub fn first_at(
        &self,
        hex: HexPos,
        pred: impl Fn(CombatantId, &Figure) -> bool,
    ) -> Option<CombatantId> {
        let scan = || {
            self.ids().find(|&id| {
                let f = self.fig(id);
                f.occupies(hex) && pred(id, f)
            })
        };
        if !self.occupancy.indexed() {
            return scan();
        }
        let found = self.occupancy.at(hex).find(|&id| {
            let f = self.fig(id);
            f.occupies(hex) && pred(id, f)
        });
        debug_assert_eq!(found, scan(), "the occupancy index at {hex}");
        found
    }

    /// Whether a figure with a body within a hex of `hex` (filling it or
    /// a neighbour) satisfies `pred`: every figure when the index is off,
    /// else only those the index finds there (each once or more, in no
    /// set order): `pred` must hold only for figures that near.
    #[inline]
    pub fn any_near(&self, hex: HexPos, pred: impl Fn(CombatantId, &Figure) -> bool) -> bool {
        if !self.occupancy.indexed() {
            return self.ids().any(|id| pred(id, self.fig(id)));
        }
        let near = std::iter::once(hex)
            .chain(Facing::ALL.into_iter().map(|d| hex.neighbour(d)))
            .any(|h| self.occupancy.at(h).any(|id| pred(id, self.fig(id))));
        debug_assert_eq!(
            near,
            self.ids().any(|id| pred(id, self.fig(id))),
            "the occupancy index near {hex}"
        );
        near
    }

    /// Moves and turns `id`'s body (head hex `pos`, `heading`), keeping
    /// [`State::occupancy`] in step: the one way to change either.
    pub fn set_body(&mut self, id: CombatantId, pos: HexPos, heading: Heading) {
        let f = &mut self.figures[usize::from(id.0)];
        if f.pos == pos && f.heading == heading {
            return;
        }
        if !self.occupancy.indexed() || (f.is_single() && f.pos == pos) {
            f.pos = pos;
            f.heading = heading;
            return;
        }
        let old = f.cells();
        f.pos = pos;
        f.heading = heading;
        let new = f.cells();
        for c in old {
            self.occupancy.remove(c, id);
        }
        for c in new {
            self.occupancy.insert(c, id);
        }
    }

    /// Every hex each figure fills, for the index.
    fn places(&self) -> impl Iterator<Item = (HexPos, CombatantId)> + '_ {
        self.ids()
            .flat_map(|id| self.fig(id).cells().into_iter().map(move |c| (c, id)))
    }

    /// Builds [`State::occupancy`] afresh from the figures (setup, and
    /// after the roster changes).
    pub fn reindex(&mut self) {
        self.occupancy = Occupancy::of(self.figures.len(), self.places());
    }

    /// Whether [`State::occupancy`] is off or holds every figure's hexes
    /// (asserted after every step in debug builds).
    pub fn occupancy_in_step(&self) -> bool {
        self.occupancy.agrees(self.places())
    }

    /// DQ-23: the figure whose body moves when `who` moves: a rider's mount
    /// while it is in the saddle, else `who` itself.
    #[inline]
    pub fn mover(&self, who: CombatantId) -> CombatantId {
        let f = self.fig(who);
        match f.steed {
            Some(m) if f.aboard => m,
            _ => who,
        }
    }
}
