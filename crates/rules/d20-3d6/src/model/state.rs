//! The state of a fight: fighters with their pools, conditions, budgets of
//! actions and what lasts until their next turn (X-DAT-010), the turn order
//! and the current turn.

use crate::model::data::{Dice, Spell, Weapon};
use crate::model::options::Options;
use crate::model::sheet::{Place, Saves, Size, Skills};
use crate::model::standing::{Occupants, OnSquare};
use crate::model::tactics::Tactics;
use fray_core::grid::{Map, SquarePos};
use fray_core::{CombatantId, Controller, Seats, SideId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Lighting (X-SIT-010).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Light {
    /// No penalty.
    #[default]
    Bright,
    /// -1 to attacks.
    Dim,
    /// Targets count as invisible.
    Dark,
}

/// A condition (X-DAT-010, X-CON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// X-SEQ-004, X-DEF-002.
    Surprised,
    /// X-CON-001.
    Prone,
    /// X-CON-003.
    Distracted,
    /// X-CON-004.
    Frightened,
    /// X-CON-005.
    Confused,
    /// X-CON-006.
    Paralyzed,
    /// X-CON-009.
    Blinded,
    /// X-CON-010.
    Deafened,
    /// X-CON-011.
    Nauseated,
    /// X-CON-012.
    Entangled,
    /// X-DEF-008.
    Stunned,
    /// X-SIT-004, X-SIT-014.
    Invisible,
    /// X-SIT-011.
    Squeezed,
}

impl Condition {
    /// Every condition, in bit order.
    pub const ALL: [Condition; 13] = [
        Condition::Surprised,
        Condition::Prone,
        Condition::Distracted,
        Condition::Frightened,
        Condition::Confused,
        Condition::Paralyzed,
        Condition::Blinded,
        Condition::Deafened,
        Condition::Nauseated,
        Condition::Entangled,
        Condition::Stunned,
        Condition::Invisible,
        Condition::Squeezed,
    ];
    const fn bit(self) -> u16 {
        1 << (self as u16)
    }
    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Condition::Surprised => "surprised",
            Condition::Prone => "prone",
            Condition::Distracted => "distracted",
            Condition::Frightened => "frightened",
            Condition::Confused => "confused",
            Condition::Paralyzed => "paralyzed",
            Condition::Blinded => "blinded",
            Condition::Deafened => "deafened",
            Condition::Nauseated => "nauseated",
            Condition::Entangled => "entangled",
            Condition::Stunned => "stunned",
            Condition::Invisible => "invisible",
            Condition::Squeezed => "squeezed",
        }
    }
}

/// A set of conditions, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Conditions(u16);

impl Conditions {
    /// The set as bits (one per [`Condition::ALL`] entry, in order).
    pub const fn bits(self) -> u16 {
        self.0
    }
    /// Whether `c` is set.
    pub const fn has(self, c: Condition) -> bool {
        self.0 & c.bit() != 0
    }
    /// Sets or clears `c`.
    pub fn set(&mut self, c: Condition, on: bool) {
        if on {
            self.0 |= c.bit();
        } else {
            self.0 &= !c.bit();
        }
    }
    /// The conditions set.
    pub fn iter(self) -> impl Iterator<Item = Condition> {
        Condition::ALL.into_iter().filter(move |c| self.has(*c))
    }
}

/// Health (X-LIF-001..004, X-LIF-014).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Life {
    /// HP above 0 and nonlethal below HP.
    #[default]
    Fine,
    /// Knocked out by nonlethal damage (X-LIF-014).
    KnockedOut,
    /// HP exactly 0: unconscious and stable (X-LIF-002).
    Unconscious,
    /// HP below 0: dying (X-LIF-003).
    Dying,
    /// Dead (X-LIF-004).
    Dead,
}

impl Life {
    /// Able to act.
    pub const fn fine(self) -> bool {
        matches!(self, Life::Fine)
    }
}

/// A weapon as carried: the armory record and this wielder's bonuses.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Armed {
    /// The armory record.
    pub weapon: Arc<Weapon>,
    /// The "List" bonus (X-ATK-003).
    pub list: i32,
    /// Skill (X-ATK-003).
    pub skill: i32,
    /// Magic (X-ATK-003).
    pub magic: i32,
    /// Whether the wielder is proficient (X-SIT-013).
    pub proficient: bool,
}

/// A potion carried and where (X-DAT-008).
#[derive(Debug, PartialEq, Serialize)]
pub struct Carried {
    /// Its name.
    pub name: Arc<str>,
    /// Its healing.
    pub heal: Dice,
    /// Where it is; `None` once drunk or given.
    pub at: Option<Place>,
}

fray_core::refill_clone!(Carried {
    arcs: [name],
    option_arcs: [],
    rest: [heal, at],
});

/// A spell known and its casts left (X-MAN-007, X-QCK-007).
#[derive(Debug, PartialEq, Serialize)]
pub struct Known {
    /// The grimoire record.
    #[serde(skip)]
    pub spell: Arc<Spell>,
    /// Casts left; `None` for unlimited.
    pub left: Option<u8>,
}

fray_core::refill_clone!(Known {
    arcs: [spell],
    option_arcs: [],
    rest: [left],
});

/// What does not change in a fight: the sheet's numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// Size.
    pub size: Size,
    /// Base Move in metres.
    pub move_m: u32,
    /// STR modifier.
    pub str: i32,
    /// DEX modifier.
    pub dex: i32,
    /// CON modifier.
    pub con: i32,
    /// Base attack bonus.
    pub bab: i32,
    /// ECL, when the sheet gives one.
    pub ecl: Option<i32>,
    /// Saves.
    pub saves: Saves,
    /// Skills.
    pub skills: Skills,
    /// Defense skill.
    pub defense_skill: i32,
    /// Armor bonus (armor + its magic).
    pub armor: i32,
    /// Shield bonus (shield + its magic); 0 without a shield.
    pub shield: i32,
    /// Worn magic Defense.
    pub magic_defense: i32,
    /// Damage reduction.
    pub reduction: i32,
    /// Maximum HP.
    pub hp_max: i32,
}

/// What a fighter did, for the simulator's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Record {
    /// Damage dealt.
    pub dealt: i32,
    /// Damage taken.
    pub taken: i32,
    /// Criticals scored (X-DMG-002).
    pub criticals: u32,
    /// Damage dice that exploded (X-DMG-005).
    pub explosions: u32,
    /// Attacks of opportunity made (X-ACT-007).
    pub opportunity: u32,
    /// Automatic misses rolled (X-ATK-008).
    pub fumbles: u32,
    /// Times it went dying (X-LIF-003).
    pub dying: u32,
}

/// One combatant.
#[derive(Debug, Serialize)]
pub struct Fighter {
    /// Name.
    pub name: Arc<str>,
    /// Side.
    pub side: SideId,
    /// Who controls it.
    pub controller: Arc<Controller>,
    /// AI tactics.
    #[serde(skip)]
    pub tactics: Tactics,
    /// Leads its side.
    pub leader: bool,
    /// The sheet's numbers.
    pub stats: Arc<Stats>,
    /// Weapons carried.
    pub weapons: Arc<[Armed]>,
    /// Proficiencies, for weapons picked up later.
    pub proficient: Arc<[String]>,
    /// The weapon in the main hand.
    pub main: Option<u8>,
    /// The weapon in the off hand (not the shield).
    pub off: Option<u8>,
    /// Whether the shield is carried.
    pub shield: bool,
    /// Loaded (crossbows: X-RNG-010).
    pub unloaded: u8,
    /// Potions.
    pub potions: Vec<Carried>,
    /// Spells known (X-MAN-007).
    pub spells: Vec<Known>,
    /// Head square (top-left of its space).
    pub pos: SquarePos,
    /// The edge in squares of the space it fills: its size's (X-DAT-007),
    /// or its mount's while it rides (X-QCK-008: rider and mount share
    /// one space and move as one).
    pub space: u8,
    /// Its mount, for a rider (X-DAT-008: the mount's identity).
    pub steed: Option<CombatantId>,
    /// Whether it sits on `steed` now (X-DAT-008, X-MAN-018, X-QCK-009).
    pub mounted: bool,
    /// For a mount, the rider it belongs to (X-QCK-008: it acts on that
    /// rider's initiative, with 2 actions).
    pub rider: Option<CombatantId>,
    /// A mount whose actions went into its rider's turn this round
    /// (X-QCK-008): its own slot, right after, has none.
    pub carried: bool,
    /// The way it faces, as a step (X-SIT-003).
    pub facing: (i8, i8),
    /// HP now.
    pub hp: i32,
    /// Nonlethal damage (X-LIF-014).
    pub nonlethal: i32,
    /// Maximum HP lost to effects (X-LIF-013).
    pub max_hp_loss: i32,
    /// Fatigue 0-3 (X-DEF-004).
    pub fatigue: u8,
    /// Conditions.
    pub cond: Conditions,
    /// Health.
    pub life: Life,
    /// Grappled by (X-CON-013).
    pub grappled_by: Option<CombatantId>,
    /// Pinned (X-CON-014).
    pub pinned: bool,
    /// Reaction actions left (X-ACT-003).
    pub reactions: u8,
    /// Immediate actions left (X-ACT-002).
    pub immediates: u8,
    /// Extra normal actions for the next turn (X-SEQ-003).
    pub bonus_actions: u8,
    /// Critical initiative gave an extra Reaction this round (X-SEQ-002).
    pub extra_reaction: bool,
    /// Critical initiative gave an extra Immediate this round (X-SEQ-002).
    pub extra_immediate: bool,
    /// Ran since its last turn began (X-MOV-005..007).
    pub ran: bool,
    /// Charged since its last turn began (X-MAN-006).
    pub charged: bool,
    /// Prepared Defense (X-MAN-008).
    pub prepared: bool,
    /// Total Defense (X-MAN-009).
    pub total_defense: bool,
    /// Off-hand +1 Defense (X-MUL-005).
    pub offhand_defense: bool,
    /// A foe it feinted, and whether its turn after the feint has begun (X-SPM-002).
    pub feint: Option<(CombatantId, bool)>,
    /// First Aid attempts on it since it was last stable (X-LIF-009).
    pub first_aid_tries: u8,
    /// Has had a turn (surprise ends, X-SEQ-004).
    pub acted: bool,
    /// Initiative total (X-SEQ-001), for narration only: nothing reads it
    /// after the order is set, so it is left out of the serialized state
    /// and the exact odds merge start states that differ only in it.
    #[serde(skip)]
    pub initiative: i32,
    /// Counters.
    pub record: Record,
}

fray_core::refill_clone!(Fighter {
    arcs: [name, controller, stats, weapons, proficient],
    option_arcs: [],
    rest: [
        side,
        tactics,
        leader,
        main,
        off,
        shield,
        unloaded,
        potions,
        spells,
        pos,
        space,
        steed,
        mounted,
        rider,
        carried,
        facing,
        hp,
        nonlethal,
        max_hp_loss,
        fatigue,
        cond,
        life,
        grappled_by,
        pinned,
        reactions,
        immediates,
        bonus_actions,
        extra_reaction,
        extra_immediate,
        ran,
        charged,
        prepared,
        total_defense,
        offhand_defense,
        feint,
        first_aid_tries,
        acted,
        initiative,
        record
    ],
});

impl Fighter {
    /// Able to act at all.
    pub fn able(&self) -> bool {
        self.life.fine() && !self.cond.has(Condition::Paralyzed)
    }
    /// Helpless (X-SIT-006).
    pub fn helpless(&self) -> bool {
        !self.life.fine() || self.cond.has(Condition::Paralyzed)
    }
    /// Its space's edge in metres: its own, or its mount's while it rides.
    pub fn edge(&self) -> u8 {
        self.space
    }
    /// Whether it is a mount (X-QCK-008).
    pub fn is_mount(&self) -> bool {
        self.rider.is_some()
    }
    /// The weapon at `i`.
    pub fn weapon(&self, i: u8) -> Option<&Armed> {
        self.weapons.get(usize::from(i))
    }
    /// Whether weapon `i` is in a hand.
    pub fn holds(&self, i: u8) -> bool {
        self.main == Some(i) || self.off == Some(i)
    }
}

/// The turn being played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// Whose turn.
    pub actor: Option<CombatantId>,
    /// Normal actions left (X-ACT-001).
    pub actions: u8,
    /// Attack rolls made this turn (X-MUL-001).
    pub attacks: u8,
    /// The low-level option taken (X-MUL-006).
    pub low_level: bool,
    /// An off-hand attack was made (X-MUL-002, X-MUL-005).
    pub offhand_attack: bool,
    /// Fighting with a heavy off-hand weapon this turn (X-MUL-004).
    pub heavy_offhand: bool,
    /// Free draws left from movement (X-MAN-013).
    pub free_draws: u8,
    /// The actions its mount has left this turn, spent by the rider
    /// (X-QCK-008); 0 for anyone not riding.
    pub mount_actions: u8,
}

/// The whole fight.
#[derive(Debug, Serialize)]
pub struct State {
    /// The scenario's title.
    pub name: Arc<str>,
    /// Side names.
    pub sides: Arc<[String]>,
    /// Who answers for sides and the GM.
    pub seats: Arc<Seats>,
    /// Everyone.
    pub fighters: Vec<Fighter>,
    /// Turn order (X-SEQ-001).
    pub order: Vec<CombatantId>,
    /// Index in `order` of the turn being played.
    pub cursor: usize,
    /// Round (X-QCK-004: 10 s each); 0 before the first.
    pub round: u32,
    /// Rounds before a draw.
    pub max_rounds: u32,
    /// The turn being played.
    pub turn: Turn,
    /// The map.
    #[serde(skip)]
    pub map: Arc<Map>,
    /// Rule switches.
    #[serde(skip)]
    pub options: Arc<Options>,
    /// Lighting.
    pub light: Light,
    /// Whether any cell or square side of the map gives cover: melee
    /// attacks look for cover only then (X-DEF-009), so open fields skip
    /// the line trace.
    #[serde(skip)]
    pub map_has_cover: bool,
    /// Whether any cell of the map has a height (X-SIT-002): attacks
    /// compare heights only then.
    #[serde(skip)]
    pub map_has_height: bool,
    /// Whether any cell of the map is dim or dark (X-SIT-010): attacks
    /// look up the target's cell only then.
    #[serde(skip)]
    pub map_has_shade: bool,
    /// The scenario's data (the bundled armory with the scenario's data
    /// folders), kept for late arrivals a game master adds (issue 15);
    /// `None`: the bundled armory alone. Fixed through a fight.
    #[serde(skip)]
    pub armory: Option<Arc<crate::model::data::Armory>>,
    /// Who stands where (issue 35): each fighter's corner square, any state
    /// of life, on a field of more than
    /// [`fray_core::occupancy::SMALL_FIELD`] fighters (always in debug
    /// builds), so that "who fills this space" and "who threatens it" look
    /// at the fighters near by rather than at the whole field. Kept by
    /// [`State::set_pos`], the one way to move a fighter, and rebuilt by
    /// [`State::reindex`] when the roster changes; debug builds compare it
    /// with the fighters after every step, and every answer with a pass.
    /// With it, a dense grid of the map's squares answers "who fills this
    /// square?" in one load ([`crate::model::standing`]).
    #[serde(skip)]
    pub occupancy: Occupants,
    /// The widest space a fighter fills or may fill (its size's edge or
    /// the space it fills, the largest over the field), set with the
    /// index: how far from a square the corner of a space over it can lie.
    #[serde(skip)]
    pub widest: u8,
}

fray_core::refill_clone!(State {
    arcs: [name, sides, seats, map, options],
    option_arcs: [armory],
    rest: [
        fighters,
        order,
        cursor,
        round,
        max_rounds,
        turn,
        light,
        map_has_cover,
        map_has_height,
        map_has_shade,
        occupancy,
        widest
    ],
});

impl State {
    /// Every id.
    pub fn ids(&self) -> impl Iterator<Item = CombatantId> + use<> {
        CombatantId::all(self.fighters.len())
    }
    /// One fighter.
    pub fn fighter(&self, id: CombatantId) -> &Fighter {
        &self.fighters[id.index()]
    }
    /// One fighter, mutable.
    pub fn fighter_mut(&mut self, id: CombatantId) -> &mut Fighter {
        &mut self.fighters[id.index()]
    }
    /// Whether `id` names a fighter.
    pub fn exists(&self, id: CombatantId) -> bool {
        id.index() < self.fighters.len()
    }
    /// Whether `a` and `b` are foes.
    pub fn foes(&self, a: CombatantId, b: CombatantId) -> bool {
        self.fighter(a).side != self.fighter(b).side
    }
    /// The mount `rider` sits on now (X-QCK-008).
    pub fn riding(&self, rider: CombatantId) -> Option<CombatantId> {
        let f = self.fighter(rider);
        f.steed.filter(|_| f.mounted)
    }
    /// The rider on `mount` now (X-QCK-008).
    pub fn ridden_by(&self, mount: CombatantId) -> Option<CombatantId> {
        self.fighter(mount)
            .rider
            .filter(|&r| self.riding(r) == Some(mount))
    }
    /// Whether `a` and `b` are a rider and the mount it sits on, which
    /// share one space (X-QCK-008).
    pub fn linked(&self, a: CombatantId, b: CombatantId) -> bool {
        self.riding(a) == Some(b) || self.riding(b) == Some(a)
    }
    /// Puts `who` with its corner at `pos`, filling a space of edge `edge`
    /// ([`crate::rules::geometry::fitting_space`]): squeezed (X-SIT-011)
    /// while that is narrower than its size's. A rider and its mount
    /// keep the space they share (X-QCK-008).
    pub fn place(&mut self, who: CombatantId, pos: SquarePos, edge: u8) {
        self.set_pos(who, pos);
        let f = self.fighter_mut(who);
        if !(f.is_mount() || f.mounted) {
            f.space = edge;
            f.cond.set(Condition::Squeezed, edge < f.stats.size.edge());
        }
    }

    /// Puts `who` at `pos`, its space unchanged; a ridden mount carries
    /// its rider along (X-QCK-008: they move as one).
    pub fn set_pos(&mut self, who: CombatantId, pos: SquarePos) {
        self.move_one(who, pos);
        if let Some(r) = self.ridden_by(who) {
            let facing = self.fighter(who).facing;
            self.move_one(r, pos);
            self.fighter_mut(r).facing = facing;
        }
    }

    /// Puts `who` alone at `pos`, keeping [`State::occupancy`] in step.
    fn move_one(&mut self, who: CombatantId, pos: SquarePos) {
        let from = std::mem::replace(&mut self.fighter_mut(who).pos, pos);
        self.occupancy.relocate(from, pos, who);
    }

    /// Builds [`State::occupancy`] and [`State::widest`] afresh from the
    /// fighters (setup, and after the roster changes).
    pub fn reindex(&mut self) {
        let places = self.fighters.iter().enumerate();
        let places = places.map(|(i, f)| (f.pos, CombatantId::of_index(i)));
        self.occupancy = Occupants::of(self.fighters.len(), places, self.map.spec());
        self.widest = self
            .fighters
            .iter()
            .map(|f| f.space.max(f.stats.size.edge()))
            .max()
            .unwrap_or(1)
            .max(1);
    }

    /// Whether [`State::occupancy`] is off or holds every fighter's corner
    /// (asserted after every step in debug builds).
    pub fn occupancy_in_step(&self) -> bool {
        let places = self.fighters.iter().enumerate();
        self.occupancy
            .agrees(places.map(|(i, f)| (f.pos, CombatantId::of_index(i))))
            && self.fighters.iter().all(|f| f.space <= self.widest)
    }

    /// The first fighter by id (any state of life) for which `pred`
    /// holds, where `pred` holds only for fighters whose space lies within
    /// `reach` squares of the space at `pos` of edge `edge` (overlapping
    /// it at 0): a search of the squares round it in [`State::occupancy`]
    /// when it is kept, else a pass over everyone (debug builds compare
    /// the two).
    #[inline]
    pub fn first_near(
        &self,
        pos: SquarePos,
        edge: u8,
        reach: u32,
        pred: impl Fn(CombatantId, &Fighter) -> bool,
    ) -> Option<CombatantId> {
        let scan = || self.ids().find(|&id| pred(id, self.fighter(id)));
        if !self.occupancy.indexed() {
            return scan();
        }
        // A space of edge `widest` whose corner lies up to `widest - 1`
        // squares up or left of the box still reaches into it.
        let reach = i32::try_from(reach)
            .unwrap_or(i32::MAX / 4)
            .min(i32::MAX / 4);
        let back = i32::from(self.widest) - 1 + reach;
        let ahead = i32::from(edge.max(1)) - 1 + reach;
        let (y0, y1) = (pos.y.saturating_sub(back), pos.y.saturating_add(ahead));
        let mut best: Option<CombatantId> = None;
        let mut consider = |id: CombatantId| {
            if best.is_none_or(|b| id < b) && pred(id, self.fighter(id)) {
                best = Some(id);
            }
        };
        for x in pos.x.saturating_sub(back)..=pos.x.saturating_add(ahead) {
            if !self.occupancy.has_grid() {
                // The index sorts squares by `x` then `y`: one search per `x`.
                let column = self
                    .occupancy
                    .span(SquarePos::new(x, y0), SquarePos::new(x, y1));
                column.for_each(|(_, id)| consider(id));
                continue;
            }
            for y in y0..=y1 {
                let p = SquarePos::new(x, y);
                match self.occupancy.on(p) {
                    OnSquare::Empty => {}
                    OnSquare::One(id) => consider(id),
                    OnSquare::Ask => self.occupancy.at(p).for_each(&mut consider),
                }
            }
        }
        debug_assert_eq!(best, scan(), "the occupancy index near {pos}");
        best
    }
}
