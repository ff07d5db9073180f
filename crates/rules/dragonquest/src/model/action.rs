//! What a figure declares (DQ-00-020), the questions the rules ask and
//! their answers.

use crate::model::state::Posture;
use fray_core::grid::{Facing, HexPos};
use fray_core::{CombatantId, SideId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// DQ-13-012: what a Pass does besides moving.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Activity {
    /// Nothing.
    #[default]
    None,
    /// Prepare the weapon with this index (`None`: bare hands).
    Ready(Option<u8>),
    /// Prepare the shield again.
    Shield,
    /// Stand up from prone (DQ-00-017).
    StandUp,
    /// One Pass of reloading a crossbow (DQ-14-013).
    Reload,
    /// Pull out a lodged weapon (DQ-20-010).
    PullOut,
    /// DQ-20-010: pull out a weapon lodged in an adjacent friend (its
    /// figure number).
    PullOutFrom(u16),
    /// One of the two Passes that free an entangled figure (DQ-16-012).
    Disentangle,
    /// Pick up a weapon dropped in the own hex.
    PickUp(u8),
    /// DQ-23-001: get into the saddle of the own mount, next to it.
    Mount,
    /// DQ-23-001: step down from the saddle to the Pass's `to`, an empty
    /// hex next to the mount.
    Dismount,
}

/// DQ-16-008: the attack types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// An ordinary strike.
    #[default]
    Normal,
    /// DQ-16-009, DQ-16-010.
    Trip,
    /// DQ-16-011.
    Entangle,
    /// DQ-16-016, DQ-16-017.
    Knockout,
    /// DQ-16-018, DQ-16-019.
    ShieldRush,
    /// DQ-16-020: the item is asked of the attacker on a hit.
    Disarm,
}

/// One action (DQ-00-020). Targets are numbered from 0 in scenario order.
///
/// No Cast action and no Talent: the summary has no spells, Cast Check or
/// concentration check (DQ-00-018), so the casting rules are decisions not
/// to build (DQ-13-013, DQ-13-014, DQ-13-015, DQ-15-005, DQ-15-006).
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u64)]
pub enum Action {
    /// DQ-13-010..012, DQ-14-014: Pass, with an activity and a short move.
    Pass {
        /// What it does.
        #[serde(default)]
        activity: Activity,
        /// Where it moves, if anywhere.
        #[serde(default)]
        to: Option<HexPos>,
        /// Its facing at the end.
        #[serde(default)]
        facing: Option<Facing>,
    },
    /// DQ-14-001: move up to TMR (crawl when prone, DQ-14-006).
    Move {
        /// Where to.
        to: HexPos,
        /// Facing at the end (DQ-14-002).
        #[serde(default)]
        facing: Option<Facing>,
    },
    /// DQ-13-002, DQ-13-003: Melee Attack, with an optional step first.
    Attack {
        /// Whom.
        target: CombatantId,
        /// The attack type.
        #[serde(default)]
        kind: AttackKind,
        /// A hex to shift or move to before striking.
        #[serde(default)]
        from: Option<HexPos>,
    },
    /// DQ-14-007, DQ-14-008: charge and strike.
    Charge {
        /// Whom.
        target: CombatantId,
        /// Where the charge ends.
        to: HexPos,
        /// The attack type (Shield Rush gets +20, DQ-16-018).
        #[serde(default)]
        kind: AttackKind,
    },
    /// DQ-16-006: one strike with each prepared weapon (the same type: melee).
    TwoWeapons {
        /// The target of the prepared weapon, then of the other hand's.
        targets: [CombatantId; 2],
    },
    /// DQ-16-007: a two-handed class B weapon strikes several foes in the
    /// melee zone, each once.
    Sweep {
        /// The foes, each struck once.
        targets: Vec<CombatantId>,
    },
    /// DQ-14-009: charge and enter the target's hex.
    ChargeAndClose {
        /// Whom.
        target: CombatantId,
        /// The last hex before entering.
        to: HexPos,
    },
    /// DQ-13-016: enter an adjacent foe's hex.
    Close {
        /// Whom.
        target: CombatantId,
    },
    /// DQ-13-019: the close-combat attack (Restrain as an option, DQ-16-013).
    Grapple {
        /// Whom.
        target: CombatantId,
        /// Restrain instead of damage.
        #[serde(default)]
        restrain: bool,
    },
    /// DQ-13-004, DQ-13-005, DQ-14-010.
    Evade {
        /// Where to move, if anywhere.
        #[serde(default)]
        to: Option<HexPos>,
        /// Facing at the end.
        #[serde(default)]
        facing: Option<Facing>,
    },
    /// DQ-13-006..009, DQ-13-020.
    Withdraw {
        /// Where to.
        to: HexPos,
        /// The posture (when both are in each other's melee zone).
        #[serde(default)]
        posture: Option<Posture>,
        /// The foe struck at in an Offensive posture (DQ-13-007).
        #[serde(default)]
        strike: Option<CombatantId>,
    },
    /// DQ-14-011: two hexes straight back.
    Retreat,
    /// DQ-14-012, DQ-16-001: fire or throw the prepared weapon.
    Fire {
        /// At whom.
        target: CombatantId,
        /// DQ-14-013: with a loaded crossbow, a move of up to 2 hexes.
        #[serde(default)]
        step: Option<HexPos>,
        /// Whether that move comes after the shot.
        #[serde(default)]
        after: bool,
    },
    /// DQ-14-005: a jump to a hex in a straight line, 1 TMR per 5 feet
    /// (one hex), landing on D100 <= 3 × modAG.
    Jump {
        /// Where to land.
        to: HexPos,
    },
    /// DQ-19-006: try to recover from a stun.
    Recover,
    /// DQ-22-004, DQ-22-005: a multi-hex monster's move straight ahead
    /// (along a side of its facing corner) through hexes holding 1-hex
    /// figures, each knocked down and trampled once.
    Trample {
        /// Where the head ends.
        to: HexPos,
    },
}

/// Cloned by hand and inlined where it is cloned: the AI's memo clones a
/// remembered action on every hit, and the derived clone, a call that
/// wrote the variant field by field, was read back at once as whole words,
/// which the core cannot forward from the narrower stores (a stall on
/// every hit, issue 38). Inlined, the fields go on in registers.
impl Clone for Action {
    #[inline(always)]
    fn clone(&self) -> Self {
        match self {
            Action::Pass {
                activity,
                to,
                facing,
            } => Action::Pass {
                activity: *activity,
                to: *to,
                facing: *facing,
            },
            Action::Move { to, facing } => Action::Move {
                to: *to,
                facing: *facing,
            },
            Action::Attack { target, kind, from } => Action::Attack {
                target: *target,
                kind: *kind,
                from: *from,
            },
            Action::Charge { target, to, kind } => Action::Charge {
                target: *target,
                to: *to,
                kind: *kind,
            },
            Action::TwoWeapons { targets } => Action::TwoWeapons { targets: *targets },
            Action::Sweep { targets } => Action::Sweep {
                targets: targets.clone(),
            },
            Action::ChargeAndClose { target, to } => Action::ChargeAndClose {
                target: *target,
                to: *to,
            },
            Action::Close { target } => Action::Close { target: *target },
            Action::Grapple { target, restrain } => Action::Grapple {
                target: *target,
                restrain: *restrain,
            },
            Action::Evade { to, facing } => Action::Evade {
                to: *to,
                facing: *facing,
            },
            Action::Withdraw {
                to,
                posture,
                strike,
            } => Action::Withdraw {
                to: *to,
                posture: *posture,
                strike: *strike,
            },
            Action::Retreat => Action::Retreat,
            Action::Fire {
                target,
                step,
                after,
            } => Action::Fire {
                target: *target,
                step: *step,
                after: *after,
            },
            Action::Jump { to } => Action::Jump { to: *to },
            Action::Recover => Action::Recover,
            Action::Trample { to } => Action::Trample { to: *to },
        }
    }
}

impl Action {
    /// A Pass with nothing else.
    pub const PASS: Action = Action::Pass {
        activity: Activity::None,
        to: None,
        facing: None,
    };

    /// A shot with no move.
    pub fn fire(target: CombatantId) -> Action {
        Action::Fire {
            target,
            step: None,
            after: false,
        }
    }

    /// A small number per kind, for DQ-15-003's "two different actions".
    pub fn kind_index(&self) -> u8 {
        match self {
            Action::Pass { .. } => 0,
            Action::Move { .. } => 1,
            Action::Attack { .. } => 2,
            Action::Charge { .. } => 3,
            Action::ChargeAndClose { .. } => 4,
            Action::Close { .. } => 5,
            Action::Grapple { .. } => 6,
            Action::Evade { .. } => 7,
            Action::Withdraw { .. } => 8,
            Action::Retreat => 9,
            Action::Fire { .. } => 10,
            Action::Recover => 11,
            Action::Jump { .. } => 12,
            Action::Trample { .. } => 13,
            // Melee Attacks, for DQ-15-003's "two different actions".
            Action::TwoWeapons { .. } | Action::Sweep { .. } => 2,
        }
    }

    /// The rule of the action, for events.
    pub fn rule(&self) -> &'static str {
        match self {
            Action::Pass { .. } => "DQ-13-012",
            Action::Move { .. } => "DQ-14-001",
            Action::Attack { .. } => "DQ-13-002",
            Action::Charge { .. } => "DQ-14-007",
            Action::ChargeAndClose { .. } => "DQ-14-009",
            Action::Close { .. } => "DQ-13-016",
            Action::Grapple { .. } => "DQ-13-019",
            Action::Evade { .. } => "DQ-13-004",
            Action::Withdraw { .. } => "DQ-13-006",
            Action::Retreat => "DQ-14-011",
            Action::Fire { .. } => "DQ-16-001",
            Action::Jump { .. } => "DQ-14-005",
            Action::TwoWeapons { .. } => "DQ-16-006",
            Action::Sweep { .. } => "DQ-16-007",
            Action::Recover => "DQ-19-006",
            Action::Trample { .. } => "DQ-22-004",
        }
    }

    /// The target, if the action has one.
    pub fn target(&self) -> Option<CombatantId> {
        match self {
            Action::Attack { target, .. }
            | Action::Charge { target, .. }
            | Action::ChargeAndClose { target, .. }
            | Action::Close { target }
            | Action::Grapple { target, .. }
            | Action::Fire { target, .. } => Some(*target),
            Action::Withdraw { strike, .. } => *strike,
            Action::TwoWeapons { targets } => Some(targets[0]),
            Action::Sweep { targets } => targets.first().copied(),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    /// The action with figures by id (`#1`), for logs and errors that
    /// have no state; narration names them ([`Action::named`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &|c| format!("#{}", c.0))
    }
}

/// An action written with its figures' names ([`Action::named`]).
pub struct Named<'a, F: Fn(CombatantId) -> String> {
    action: &'a Action,
    names: F,
}

impl<F: Fn(CombatantId) -> String> fmt::Display for Named<'_, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.action.write(f, &self.names)
    }
}

impl Action {
    /// The action as narration says it: figures by name (`names` gives
    /// each figure's), never by id.
    pub fn named<F: Fn(CombatantId) -> String>(&self, names: F) -> Named<'_, F> {
        Named {
            action: self,
            names,
        }
    }

    fn write(
        &self,
        f: &mut fmt::Formatter<'_>,
        who: &dyn Fn(CombatantId) -> String,
    ) -> fmt::Result {
        let kind = |k: &AttackKind| match k {
            AttackKind::Normal => "",
            AttackKind::Trip => " (trip)",
            AttackKind::Entangle => " (entangle)",
            AttackKind::Knockout => " (knockout)",
            AttackKind::ShieldRush => " (shield rush)",
            AttackKind::Disarm => " (disarm)",
        };
        match self {
            Action::Pass { activity, to, .. } => {
                f.write_str("Pass")?;
                match activity {
                    Activity::None => {}
                    Activity::Ready(Some(i)) => write!(f, ", ready weapon {i}")?,
                    Activity::Ready(None) => f.write_str(", empty hands")?,
                    Activity::Shield => f.write_str(", ready shield")?,
                    Activity::StandUp => f.write_str(", stand up")?,
                    Activity::Reload => f.write_str(", reload")?,
                    Activity::PullOut => f.write_str(", pull out a lodged weapon")?,
                    Activity::PullOutFrom(c) => {
                        write!(f, ", pull out a weapon lodged in {}", who(CombatantId(*c)))?
                    }
                    Activity::Disentangle => f.write_str(", disentangle")?,
                    Activity::PickUp(i) => write!(f, ", pick up weapon {i}")?,
                    Activity::Mount => f.write_str(", mount")?,
                    Activity::Dismount => f.write_str(", dismount")?,
                }
                if let Some(to) = to {
                    write!(f, " to {to}")?;
                }
                Ok(())
            }
            Action::Move { to, .. } => write!(f, "Move to {to}"),
            Action::Attack {
                target,
                kind: k,
                from,
            } => {
                write!(f, "Melee Attack on {}{}", who(*target), kind(k))?;
                if let Some(h) = from {
                    write!(f, " from {h}")?;
                }
                Ok(())
            }
            Action::Charge {
                target,
                to,
                kind: k,
            } => {
                write!(f, "Charge {} to {to}{}", who(*target), kind(k))
            }
            Action::ChargeAndClose { target, to } => {
                write!(f, "Charge and Close on {} via {to}", who(*target))
            }
            Action::Close { target } => write!(f, "Close and Grapple {}", who(*target)),
            Action::Grapple { target, restrain } => {
                write!(f, "Grapple {}", who(*target))?;
                if *restrain {
                    f.write_str(" (restrain)")?;
                }
                Ok(())
            }
            Action::Evade { to, .. } => match to {
                Some(h) => write!(f, "Evade to {h}"),
                None => f.write_str("Evade"),
            },
            Action::Withdraw { to, posture, .. } => {
                write!(f, "Withdraw to {to}")?;
                match posture {
                    Some(Posture::Offensive) => f.write_str(" (offensive)"),
                    Some(Posture::Defensive) => f.write_str(" (defensive)"),
                    None => Ok(()),
                }
            }
            Action::Retreat => f.write_str("Retreat"),
            Action::Fire { target, step, .. } => {
                write!(f, "Fire at {}", who(*target))?;
                if let Some(h) = step {
                    write!(f, " stepping to {h}")?;
                }
                Ok(())
            }
            Action::Jump { to } => write!(f, "Jump to {to}"),
            Action::TwoWeapons { targets } => {
                write!(
                    f,
                    "Two-weapon attack on {} and {}",
                    who(targets[0]),
                    who(targets[1])
                )
            }
            Action::Sweep { targets } => {
                f.write_str("Sweep")?;
                for t in targets {
                    write!(f, " {}", who(*t))?;
                }
                Ok(())
            }
            Action::Recover => f.write_str("Recover from stun"),
            Action::Trample { to } => write!(f, "Trample through to {to}"),
        }
    }
}

/// A question for a controller.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// DQ-12-006: the highest IV in an engagement acts first or last.
    FirstOrLast {
        /// Who chooses.
        who: CombatantId,
    },
    /// DQ-12-001 step 3: the step-1 winner picks the side that acts first.
    SideFirst {
        /// The winning side.
        side: SideId,
        /// The sides to choose from.
        options: arrayvec::ArrayVec<SideId, 2>,
    },
    /// DQ-12-001 step 3: a side picks which of its figures acts next.
    NextFigure {
        /// The side.
        side: SideId,
        /// Its figures still to act.
        options: Vec<CombatantId>,
    },
    /// DQ-13-017: the defender may try to Repulse.
    Repulse {
        /// The defender.
        who: CombatantId,
        /// The figure closing.
        attacker: CombatantId,
    },
    /// DQ-17-007: an evading defender may parry.
    Parry {
        /// The defender.
        who: CombatantId,
        /// The attacker.
        attacker: CombatantId,
    },
    /// DQ-18-005: a grievous injury breaks the shield or dents the armor.
    Grievous {
        /// The defender.
        who: CombatantId,
    },
    /// DQ-16-020: which item the disarmed figure drops.
    DisarmItem {
        /// The attacker, who chooses.
        who: CombatantId,
        /// The target.
        target: CombatantId,
        /// Weapon indices it holds (`None` in the list: its shield).
        options: Vec<Option<u8>>,
    },
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Question::FirstOrLast { who } => write!(f, "#{} acts first or last?", who.0),
            Question::SideFirst { .. } => f.write_str("which side acts first?"),
            Question::NextFigure { .. } => f.write_str("which figure acts next?"),
            Question::Repulse { who, attacker } => {
                write!(f, "#{} tries to repulse #{}?", who.0, attacker.0)
            }
            Question::Parry { who, attacker } => {
                write!(f, "#{} parries the blow of #{}?", who.0, attacker.0)
            }
            Question::Grievous { who } => {
                write!(f, "grievous injury to #{}: armor or shield?", who.0)
            }
            Question::DisarmItem { target, .. } => {
                write!(f, "which item does #{} drop?", target.0)
            }
        }
    }
}

/// An answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Act first (true) or last.
    First(bool),
    /// This side.
    Side(SideId),
    /// This figure.
    Figure(CombatantId),
    /// Yes or no (repulse, parry).
    Yes(bool),
    /// DQ-18-005: break the shield (true) or dent the armor.
    BreakShield(bool),
    /// DQ-16-020: the item (`None`: the shield).
    Item(Option<u8>),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::First(true) => f.write_str("first"),
            Answer::First(false) => f.write_str("last"),
            Answer::Side(s) => write!(f, "side {}", s.0),
            Answer::Figure(c) => write!(f, "#{}", c.0),
            Answer::Yes(true) => f.write_str("yes"),
            Answer::Yes(false) => f.write_str("no"),
            Answer::BreakShield(true) => f.write_str("break the shield"),
            Answer::BreakShield(false) => f.write_str("dent the armor"),
            Answer::Item(Some(i)) => write!(f, "weapon {i}"),
            Answer::Item(None) => f.write_str("the shield"),
        }
    }
}
