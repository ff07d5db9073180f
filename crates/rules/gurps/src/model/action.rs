//! What a combatant declares (maneuvers), and the questions and answers of
//! the defender's side.

use crate::model::location::Location;
use crate::model::state::{DefenseKind, Posture};
use fray_core::CombatantId;
use fray_core::grid::{Facing, HexPos, Pose};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A step taken as part of a maneuver (G-TAC-003): to an adjacent hex
/// and/or a new facing, before the rest of the maneuver or after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The hex to step into (adjacent), or stay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<HexPos>,
    /// The facing after the step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<Facing>,
    /// Taken after the attack instead of before it (G-MATK-001, G-TAC-003).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub after: bool,
    /// A posture change with the step: dropping into or rising from a
    /// crouch is free (G-POS-010); kneeling, or standing up from kneeling,
    /// takes the step, so no hex then (G-CPO-002).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub posture: Option<Posture>,
}

impl Step {
    /// The pose after this step from `from`: its hex and facing where it
    /// names them, `from`'s where it does not.
    pub fn pose_after(&self, from: Pose) -> Pose {
        Pose::new(
            self.to.unwrap_or(from.pos),
            self.face.unwrap_or(from.facing),
        )
    }
}

/// Hexes of a Move's path held inline ([`MovePath`]).
pub const MOVE_PATH_INLINE: usize = 4;

/// The hexes a Move enters, in order: inline up to [`MOVE_PATH_INLINE`] (a
/// duel's opening Move enters three), so a Move the AI reads back from its
/// memo is copied without allocating (issue 10); longer paths spill to the
/// heap. Serialized as the list of hexes it always was; within the size of
/// the largest maneuver, so an [`Action`] is no larger than with a `Vec`.
pub type MovePath = smallvec::SmallVec<[HexPos; MOVE_PATH_INLINE]>;

/// One attack: with what, at whom, where, and the options that change it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strike {
    /// The target, numbered from 0 in scenario order.
    pub target: CombatantId,
    /// Index of the weapon on the sheet (0 = first; unarmed attacks such as
    /// Punch and Kick follow the sheet's weapons).
    #[serde(default)]
    pub weapon: u8,
    /// Index of the attack mode (0 = the weapon's first, G-TURN-003).
    #[serde(default)]
    pub mode: u8,
    /// Where the blow is aimed: the torso when left out (G-TURN-003), a
    /// location name, or `"random"` to roll it on 3d (G-LOC-001).
    #[serde(default, skip_serializing_if = "Aim::is_torso")]
    pub location: Aim,
    /// At a chink in the armor: worn DR halved (G-ATK-023).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub chinks: bool,
    /// Deceptive Attack: levels of -2 to hit, each -1 to the foe's defense (G-ATK-001).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub deceptive: u8,
    /// Telegraphic Attack: +4 to hit, +2 to the foe's defense (G-ATK-003).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub telegraphic: bool,
    /// Mighty Blow for 1 FP: +2 damage or +1 per die (G-EFF-002).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub mighty_blow: bool,
    /// Rapid Recovery for 1 FP: ready the (unready) melee weapon first (G-EFF-001).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub rapid_recovery: bool,
    /// Strike the target's weapon instead of its body: to break it, or to
    /// disarm (G-ATK-008..013).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_weapon: Option<AtWeapon>,
}

/// A strike at the foe's weapon (G-ATK-008).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtWeapon {
    /// The foe's weapon, numbered on its sheet.
    pub weapon: u8,
    /// Knock it out of the foe's hand instead of breaking it (G-ATK-009..011).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub disarm: bool,
}

impl Strike {
    /// A plain strike at the torso with the first weapon's first mode.
    pub fn at(target: CombatantId) -> Strike {
        Strike {
            target,
            weapon: 0,
            mode: 0,
            location: Aim::default(),
            chinks: false,
            deceptive: 0,
            telegraphic: false,
            mighty_blow: false,
            rapid_recovery: false,
            at_weapon: None,
        }
    }

    /// The same strike with another weapon and mode.
    pub fn with(self, weapon: u8, mode: u8) -> Strike {
        Strike {
            weapon,
            mode,
            ..self
        }
    }

    /// The same strike aimed elsewhere.
    pub fn aimed(self, location: Aim) -> Strike {
        Strike { location, ..self }
    }
}

/// A Move and Attack as declared (G-MAA-001..007).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Charge {
    /// Where the move ends.
    pub to: HexPos,
    /// The facing to end with (G-TAC-008 limits it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<Facing>,
    /// The hexes entered, ending with `to`; left out, the cheapest route.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<HexPos>,
    /// The attack.
    pub strike: Strike,
    /// Attack after entering this many hexes of the route (default: at its end).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u32>,
    /// Heroic Charge for 1 FP: no -4 and no cap of 9 (G-EFF-003).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub heroic: bool,
}

/// The maneuver a slam is made with (G-ATK-014, G-MAA-004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlamWith {
    /// The Attack maneuver: a step into contact at most.
    #[default]
    Attack,
    /// All-Out Attack (Determined): +4 to hit, a full Move.
    Determined,
    /// All-Out Attack (Strong): +2 or +1 per die of damage, a full Move.
    Strong,
    /// Move and Attack: a full Move, and no -4 or cap of 9 for a slam.
    Charge,
}

/// A Slam or Shield Rush as declared (G-ATK-014..018).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slam {
    /// Who to slam.
    pub target: CombatantId,
    /// The maneuver it is made with.
    #[serde(default)]
    pub with: SlamWith,
    /// The hexes entered before the slam, ending next to the target (empty
    /// when already there).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<HexPos>,
    /// A Shield Rush: the shield's DB adds to the slammer's damage and
    /// comes off the foe's (G-ATK-018).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub shield_rush: bool,
}

/// A Shove as declared (G-ATK-020).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shove {
    /// Who to shove.
    pub target: CombatantId,
    /// With both hands: no -1 per die.
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub both_hands: bool,
    /// A step first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
}

/// A grappling action (G-GRP-001..017), made as an Attack maneuver except
/// for breaking free and letting go (decision: both are also Attacks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Grapple {
    /// Grab a foe (G-GRP-001, G-GRP-002): with the best of DX, Judo, Sumo
    /// Wrestling and Wrestling; the foe may defend.
    Grab {
        /// The foe.
        target: CombatantId,
        /// Where: the torso when left out.
        #[serde(default = "torso", skip_serializing_if = "is_torso")]
        location: Location,
        /// The foe's weapon, by number on its sheet, instead of a body
        /// location (G-GRP-003).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        item: Option<u8>,
        /// Hands used (1 to 4, default 2).
        #[serde(default = "two", skip_serializing_if = "is_two")]
        hands: u8,
        /// A step first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<Step>,
    },
    /// Throw the held foe down: a Quick Contest (G-GRP-007).
    Takedown,
    /// Pin a prone foe held by the torso: a Regular Contest of ST (G-GRP-008).
    Pin,
    /// Strangle a foe held by the neck (G-GRP-009, G-GRP-010).
    Strangle,
    /// Take away the held item: a Regular Contest of ST (G-GRP-003).
    TakeItem,
    /// Make the held weapon arm drop its weapon (G-GRP-005).
    ForceDrop,
    /// Let go of the hold.
    Release,
    /// Break free of a hold (G-GRP-016, G-GRP-017).
    BreakFree,
}

fn torso() -> Location {
    Location::Torso
}
fn is_torso(l: &Location) -> bool {
    *l == Location::Torso
}
fn two() -> u8 {
    2
}
fn is_two(n: &u8) -> bool {
    *n == 2
}

impl fmt::Display for Grapple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Grapple::Grab {
                target,
                location,
                item,
                ..
            } => match item {
                Some(i) => write!(f, "Grab {target}'s weapon {i}"),
                None => write!(f, "Grab {target} by the {location}"),
            },
            Grapple::Takedown => f.write_str("Takedown"),
            Grapple::Pin => f.write_str("Pin"),
            Grapple::Strangle => f.write_str("Strangle"),
            Grapple::TakeItem => f.write_str("Take the held item"),
            Grapple::ForceDrop => f.write_str("Force a drop"),
            Grapple::Release => f.write_str("Let go"),
            Grapple::BreakFree => f.write_str("Break free"),
        }
    }
}

/// Wait (G-WAIT-001..003): a trigger and the response it sets off before
/// the waiter's next turn; Stop Thrust (G-STP-001) and opportunity fire
/// (G-RNG-005) are Waits with their own triggers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wait {
    /// What sets the response off.
    pub trigger: Trigger,
    /// What the waiter does then, at the figure that set it off.
    pub response: Response,
    /// A step now; the response then takes none (G-WAIT-002).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
}

/// What sets a Wait off (decision: triggers are where foes move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Trigger {
    /// A foe (any, or the one named) comes where the response can reach it.
    InReach {
        /// Only this foe.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        foe: Option<CombatantId>,
    },
    /// Opportunity fire (G-RNG-005): a foe enters one of these hexes.
    Enters {
        /// The watched hexes.
        hexes: Vec<HexPos>,
        /// The hexes are one straight line: -2 however long (G-RNG-005).
        #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
        line: bool,
    },
    /// Stop Thrust (G-STP-001): a foe moves toward the waiter into the
    /// reach of its thrust.
    StopThrust,
}

/// The response of a Wait: Attack, All-Out Attack, Feint or Ready (G-WAIT-001 decision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Response {
    /// Strike the figure that set the Wait off.
    Attack {
        /// The weapon.
        #[serde(default)]
        weapon: u8,
        /// Its attack mode.
        #[serde(default)]
        mode: u8,
        /// Where to aim.
        #[serde(default, skip_serializing_if = "Aim::is_torso")]
        location: Aim,
        /// As an All-Out Attack of this variant.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        all_out: Option<AllOutVariant>,
    },
    /// Feint that figure.
    Feint {
        /// The weapon.
        #[serde(default)]
        weapon: u8,
    },
    /// Ready a weapon.
    Ready {
        /// The weapon.
        weapon: u8,
    },
}

/// A Jump straight ahead (G-JMP-001): a run-up, then the jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Jump {
    /// Hexes run straight ahead first: any run-up doubles the distance.
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub run_up: u8,
    /// Hexes the jump spans, the landing hex included.
    pub length: u8,
}

/// A second strike traded for in an Attack maneuver (G-ATK-004..007): one
/// at most, so Dual-Weapon Attack and Rapid Strike never meet in a turn
/// (G-ATK-007).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Extra {
    /// Rapid Strike: two strikes with the same weapon, each at -6 (-3 with
    /// Weapon Master or Trained by a Master) (G-ATK-006); Flurry of Blows
    /// halves the penalty for 1 FP per strike (G-EFF-006).
    Rapid {
        /// The second strike (same weapon; any foe in reach).
        strike: Strike,
        /// Flurry of Blows.
        #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
        flurry: bool,
    },
    /// Dual-Weapon Attack: a strike with each of two ready weapons, at -4
    /// each and -4 more for the off hand (G-ATK-004, G-ATK-005).
    Dual {
        /// The off-hand strike.
        strike: Strike,
    },
}

/// Where a strike is aimed (G-TURN-003, G-LOC-001, G-LOC-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Aim {
    /// Roll the location on 3d after the hit (G-LOC-001), written `"random"`.
    Random,
    /// A chosen location, written by name (`"neck"`, `"right_arm"`).
    At(Location),
}

impl Default for Aim {
    /// G-TURN-003: an attack that names no location targets the torso.
    fn default() -> Self {
        Aim::At(Location::Torso)
    }
}

impl Aim {
    /// The chosen location, `None` for a random roll.
    #[inline]
    pub fn location(self) -> Option<Location> {
        match self {
            Aim::Random => None,
            Aim::At(l) => Some(l),
        }
    }
    /// Whether this is the default aim (the torso), left out when saved.
    pub fn is_torso(&self) -> bool {
        *self == Aim::At(Location::Torso)
    }
}

impl TryFrom<String> for Aim {
    type Error = crate::model::location::UnknownLocation;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        if s == "random" {
            return Ok(Aim::Random);
        }
        s.parse::<Location>().map(Aim::At)
    }
}

impl From<Aim> for String {
    fn from(a: Aim) -> String {
        match a {
            Aim::Random => "random".into(),
            Aim::At(l) => l.key(),
        }
    }
}

/// All-Out Attack variants (G-AOA-001..004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AllOutVariant {
    /// +4 to hit (G-AOA-001).
    Determined,
    /// +2 damage or +1 per die (G-AOA-002).
    Strong,
    /// Two attacks on one foe (G-AOA-003).
    Double,
    /// A free Feint, then the attack (G-AOA-004).
    Feint,
}

/// All-Out Defense variants (G-AOD-001, G-AOD-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenseVariant {
    /// +2 to one defense.
    Increased(DefenseKind),
    /// A second, different defense when the first fails.
    Double,
}

/// A spell to begin casting (G-SPL-001..013).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cast {
    /// The spell, by name as the sheet lists it.
    pub spell: String,
    /// The subject of a Regular spell (left out: the caster); an Area
    /// spell centred on that figure's hex when `at` is left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<CombatantId>,
    /// The centre hex of an Area spell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<HexPos>,
    /// Energy to put in (left out: the spell's cost, its least).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy: Option<u8>,
    /// An Area spell's radius in yards (left out: its least); the radius an
    /// Information spell searches, in map tiles (left out: 25).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub radius: Option<u16>,
    /// Information spells: known items passed over while seeking the
    /// closest, -1 each (G-SPL-013).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub ignore: u8,
}

impl Cast {
    /// A casting of `spell` with every choice left to its default.
    pub fn spell(spell: &str) -> Cast {
        Cast {
            spell: spell.into(),
            target: None,
            at: None,
            energy: None,
            radius: None,
            ignore: 0,
        }
    }

    /// The same casting on `target`.
    pub fn on(self, target: CombatantId) -> Cast {
        Cast {
            target: Some(target),
            ..self
        }
    }

    /// The same casting with `energy`.
    pub fn energy(self, energy: u8) -> Cast {
        Cast {
            energy: Some(energy),
            ..self
        }
    }
}

/// `Sleep on #1 (energy 4)`: enough to tell menu entries apart.
impl fmt::Display for Cast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spell)?;
        if let Some(t) = self.target {
            write!(f, " on {t}")?;
        }
        if let Some(h) = self.at {
            write!(f, " at {h}")?;
        }
        if let Some(e) = self.energy {
            write!(f, " (energy {e})")?;
        }
        if let Some(r) = self.radius {
            write!(f, " radius {r}")?;
        }
        if self.ignore > 0 {
            write!(f, " passing over {}", self.ignore)?;
        }
        Ok(())
    }
}

/// Concentrate (G-CON-001): a second of casting, and a step.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Concentrate {
    /// Begin casting this spell. Left out, or naming the spell under way
    /// with the same choices, the casting goes on; with no spell under
    /// way, a mental action with no effect in combat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cast: Option<Cast>,
    /// First let go of the charged spell in hand (G-SPL-011).
    #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
    pub dissipate: bool,
    /// A step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
}

impl Concentrate {
    /// Going on with the spell under way, without a step.
    pub const GO_ON: Concentrate = Concentrate {
        cast: None,
        dissipate: false,
        step: None,
    };

    /// Beginning to cast.
    pub fn cast(cast: Cast) -> Concentrate {
        Concentrate {
            cast: Some(cast),
            ..Concentrate::GO_ON
        }
    }
}

/// A maneuver (G-TURN-001).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Attack (G-MATK-001): one attack, and a step before or after it.
    Attack {
        /// The attack.
        strike: Strike,
        /// A step before (or, with `after`, after) attacking.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<Step>,
        /// Rapid Strike or Dual-Weapon Attack: a second strike (G-ATK-004..007).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        extra: Option<Extra>,
        /// Giant Step for 1 FP: one more step (G-EFF-004).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        giant_step: Option<Step>,
    },
    /// All-Out Attack (G-AOA-001..006): half Move forward before the attack(s).
    AllOutAttack {
        /// Which bonus.
        variant: AllOutVariant,
        /// The attack (both attacks of Double use the same strike).
        strike: Strike,
        /// Hexes to move straight ahead first: at most half Move, forward
        /// only, no facing change (G-AOA-005).
        #[serde(default)]
        advance: u8,
    },
    /// All-Out Defense (G-AOD-001..003).
    AllOutDefense {
        /// Which variant.
        variant: DefenseVariant,
        /// A step.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<Step>,
        /// With Increased Dodge, half Move instead of the step: the hexes
        /// entered, in order (G-AOD-003).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        path: Vec<HexPos>,
    },
    /// Feint (G-FNT-001..003): a Quick Contest; the margin comes off the foe's next defense.
    Feint {
        /// The foe.
        target: CombatantId,
        /// The weapon feinted with.
        #[serde(default)]
        weapon: u8,
        /// A step first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<Step>,
    },
    /// Move (G-MOV-001): full movement points along a path.
    Move {
        /// Where to end up.
        to: HexPos,
        /// The facing to end with (G-TAC-008 limits it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        face: Option<Facing>,
        /// The hexes entered, in order, ending with `to`; left out, the
        /// cheapest route is taken.
        #[serde(default, skip_serializing_if = "MovePath::is_empty")]
        path: MovePath,
        /// Rise from a crouch before moving, or drop into one after moving
        /// at most one hex: both free (G-POS-010).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        posture: Option<Posture>,
    },
    /// Move and Attack (G-MAA-001..007): a full Move with one attack at any
    /// point along the route, at -4 and at most 9 unless Heroic Charge.
    MoveAndAttack(Charge),
    /// A Slam or Shield Rush (G-ATK-014..018).
    Slam(Slam),
    /// A Shove (G-ATK-020): double knockback, no injury.
    Shove(Shove),
    /// Grappling (G-GRP-001..017).
    Grapple(Grapple),
    /// Jump (G-JMP-001).
    Jump(Jump),
    /// Wait, Stop Thrust and opportunity fire (G-WAIT-001..003, G-STP-001/002, G-RNG-005/006).
    Wait(Wait),
    /// Aim (G-AIM-001..005): a ranged weapon at one target; the next
    /// Attack or All-Out Attack (Determined) with it adds its Acc.
    Aim {
        /// The target.
        target: CombatantId,
        /// The weapon.
        #[serde(default)]
        weapon: u8,
        /// Its ranged mode.
        #[serde(default)]
        mode: u8,
        /// Braced on a solid rest: +1, no step (G-AIM-002, G-AIM-003).
        #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
        braced: bool,
        /// A step (not when braced).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<Step>,
    },
    /// Change Posture (G-CPO-001).
    ChangePosture {
        /// The new posture.
        to: Posture,
    },
    /// Ready (G-RDY-001): ready a weapon in hand or pick it up from the ground here.
    Ready {
        /// Index of the weapon.
        weapon: u8,
    },
    /// Ready (G-RDY-001) the shield again, after a critically failed block
    /// lost its grip (G-EXT-011).
    ReadyShield,
    /// Concentrate (G-CON-001): cast a spell, a second per maneuver.
    Concentrate(Concentrate),
    /// Do Nothing (G-DON-001).
    DoNothing,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Attack { strike, .. } => write!(f, "Attack {strike}"),
            Action::AllOutAttack {
                variant, strike, ..
            } => write!(f, "All-Out Attack ({variant:?}) {strike}"),
            Action::AllOutDefense { variant, .. } => write!(f, "All-Out Defense ({variant:?})"),
            Action::Feint { target, .. } => write!(f, "Feint {target}"),
            Action::Move { to, .. } => write!(f, "Move to {to}"),
            Action::Aim { target, .. } => write!(f, "Aim at {target}"),
            Action::Slam(s) if s.shield_rush => write!(f, "Shield Rush {}", s.target),
            Action::Slam(s) => write!(f, "Slam {}", s.target),
            Action::Shove(s) => write!(f, "Shove {}", s.target),
            Action::Grapple(g) => write!(f, "{g}"),
            Action::Jump(j) => write!(f, "Jump {} hex(es)", j.length),
            Action::Wait(w) => match w.trigger {
                Trigger::StopThrust => f.write_str("Stop Thrust"),
                Trigger::Enters { .. } => f.write_str("Wait (opportunity fire)"),
                Trigger::InReach { .. } => f.write_str("Wait"),
            },
            Action::MoveAndAttack(c) => write!(f, "Move and Attack {} (to {})", c.strike, c.to),
            Action::ChangePosture { to } => write!(f, "Change Posture to {}", to.name()),
            Action::Ready { weapon } => write!(f, "Ready weapon {weapon}"),
            Action::ReadyShield => f.write_str("Ready shield"),
            Action::Concentrate(c) => {
                f.write_str("Concentrate")?;
                if c.dissipate {
                    f.write_str(", letting the charged spell go")?;
                }
                match &c.cast {
                    Some(cast) => write!(f, ": cast {cast}"),
                    None => Ok(()),
                }
            }
            Action::DoNothing => f.write_str("Do Nothing"),
        }
    }
}

/// `#1`, then the weapon and attack mode when not the first ones and the
/// aim when not the torso, so that menu entries for one foe differ.
impl fmt::Display for Strike {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.target)?;
        if self.weapon != 0 || self.mode != 0 {
            write!(f, " (weapon {}, mode {})", self.weapon, self.mode)?;
        }
        if !self.location.is_torso() {
            write!(f, " at {}", String::from(self.location))?;
        }
        if self.chinks {
            f.write_str(" (chinks)")?;
        }
        if self.deceptive > 0 {
            write!(f, " deceptive {}", self.deceptive)?;
        }
        if self.telegraphic {
            f.write_str(" telegraphic")?;
        }
        if self.mighty_blow {
            f.write_str(" mighty blow")?;
        }
        if let Some(w) = self.at_weapon {
            let what = if w.disarm { "disarm" } else { "break" };
            write!(f, " ({what} weapon {})", w.weapon)?;
        }
        Ok(())
    }
}

/// One active defense the defender may choose, with its effective value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefenseOption {
    /// Dodge, Parry, Block, or a blocking spell.
    pub kind: DefenseKind,
    /// For Parry: which weapon; for a blocking spell: which spell, by its
    /// number in the defender's spell list.
    pub weapon: Option<u8>,
    /// The effective defense without retreating.
    pub value: i32,
    /// The effective defense when retreating, if retreat is allowed.
    pub with_retreat: Option<i32>,
}

/// The defenses offered against one attack, inline when there are at most
/// eight (a Dodge, a Block and a Parry per ready weapon: nearly always), so
/// the simulator's defense question allocates nothing. The core boxes a
/// question only when it halts for a person ([`fray_core::Pending::Answer`]).
pub type DefenseOptions = smallvec::SmallVec<[DefenseOption; 8]>;

/// The hexes a fallen body may lie toward (at most the six neighbours).
pub type FallHexes = smallvec::SmallVec<[HexPos; 6]>;

/// A question to a controller.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// "Dodge, Parry or Block? Retreat?" (G-TURN-004 step 2).
    Defend {
        /// Who defends.
        defender: CombatantId,
        /// Who attacks.
        attacker: CombatantId,
        /// The attack, in words.
        attack: String,
        /// The defenses possible, with their values.
        options: DefenseOptions,
        /// Whether this is the second try of an All-Out Double Defense.
        second: bool,
        /// The defender may pay FP for Feverish Defense (G-EFF-005).
        extra_effort: bool,
        /// A ranged attack: Dodge and Drop or Dive for Cover may be tried (G-DEF-012/013).
        ranged: bool,
    },
    /// "Where does the body fall?" (G-POS-009): the second hex a figure
    /// lying or crawling fills, chosen by the faller, or by the foe that
    /// threw it down (G-GRP-007).
    Fall {
        /// Who chooses.
        chooser: CombatantId,
        /// Who lies down.
        faller: CombatantId,
        /// The free hexes next to the faller.
        options: FallHexes,
    },
}

/// Throwing oneself down against a ranged attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dive {
    /// Dodge and Drop: +3 against this attacker's attacks this turn; prone (G-DEF-012).
    Drop,
    /// Dive for Cover: +3; on a success a step away from the attack; prone (G-DEF-013).
    Cover,
}

/// An answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Defend with an option, perhaps retreating.
    Defend {
        /// Dodge, Parry, Block, or a blocking spell (`spell`).
        kind: DefenseKind,
        /// For Parry: which weapon; for a blocking spell: which spell, by
        /// its number in the defender's spell list (also written `spell`).
        #[serde(default, alias = "spell", skip_serializing_if = "Option::is_none")]
        weapon: Option<u8>,
        /// Retreat (G-DEF-009).
        #[serde(default)]
        retreat: bool,
        /// Feverish Defense: +2 for 1 FP (G-EFF-005).
        #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
        feverish: bool,
        /// Acrobatic Dodge: an Acrobatics roll first, +2 or -2 (G-DEF-011).
        #[serde(default, skip_serializing_if = "fray_core::serde_fields::is_default")]
        acrobatic: bool,
        /// Against a ranged attack, a Dodge that throws the defender down:
        /// Dodge and Drop or Dive for Cover, +3 (G-DEF-012, G-DEF-013).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dive: Option<Dive>,
    },
    /// Do not defend.
    NoDefense,
    /// The second hex of a fallen body (G-POS-009).
    Fall {
        /// One of the hexes offered.
        hex: HexPos,
    },
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Question::Defend {
                attack, options, ..
            } => {
                write!(f, "{attack}: defend with")?;
                for o in options {
                    write!(f, " {:?} {}", o.kind, o.value)?;
                    if let Some(r) = o.with_retreat {
                        write!(f, " ({r} retreating)")?;
                    }
                    f.write_str(",")?;
                }
                f.write_str(" or no defense?")
            }
            Question::Fall { options, .. } => {
                f.write_str("where does the body lie? One of")?;
                for h in options {
                    write!(f, " {h}")?;
                }
                f.write_str("?")
            }
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Defend {
                kind,
                weapon,
                retreat,
                feverish,
                acrobatic,
                dive,
            } => {
                if *acrobatic {
                    f.write_str("Acrobatic ")?;
                }
                match dive {
                    Some(Dive::Drop) => f.write_str("Dodge and Drop: ")?,
                    Some(Dive::Cover) => f.write_str("Dive for Cover: ")?,
                    None => {}
                }
                if *kind == DefenseKind::Spell {
                    return write!(f, "blocking spell {}", weapon.unwrap_or(0));
                }
                write!(f, "{kind:?}")?;
                if let Some(w) = weapon.filter(|&w| w != 0) {
                    write!(f, " (weapon {w})")?;
                }
                if *retreat {
                    f.write_str(" and retreat")?;
                }
                if *feverish {
                    f.write_str(", feverishly (1 FP)")?;
                }
                Ok(())
            }
            Answer::NoDefense => f.write_str("no defense"),
            Answer::Fall { hex } => write!(f, "lie toward {hex}"),
        }
    }
}
