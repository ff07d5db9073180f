//! How an attack comes in, as far as the defender's options care: a leaf,
//! so that the defenses and the blocking spells name it without naming
//! each other.

use crate::model::state::State;
use fray_core::CombatantId;
use fray_core::grid::HexPos;

/// How the attack comes in, as far as the defender's options care.
#[derive(Clone, Copy, Debug)]
pub struct Incoming {
    /// Who attacks.
    pub attacker: CombatantId,
    /// Who defends.
    pub defender: CombatantId,
    /// A melee attack (retreat only helps against melee, G-DEF-009).
    pub melee: bool,
    /// A thrown weapon (a ranged attack that can be parried, G-EXT-024);
    /// `true` when it weighs 1 lb or less.
    pub thrown: Option<bool>,
    /// Where the attacker strikes from (its hex now, or after a planned step).
    pub from: HexPos,
    /// Deceptive Attack levels: -1 each to the defense (G-ATK-001).
    pub deceptive: i32,
    /// Telegraphic Attack: +2 to the defense (G-ATK-003).
    pub telegraphic: bool,
    /// Both strikes of a Dual-Weapon Attack at this defender: -1 (G-ATK-005).
    pub dual_same_target: bool,
    /// A swung weapon (not a thrust, not an unarmed attack): bare hands
    /// parry it at -3 (G-EXT-023).
    pub swung_weapon: bool,
    /// The attacker's weapon and mode, when it struck with one.
    pub weapon: Option<(u8, u8)>,
    /// A strike at the defender's weapon: Dodge or Parry only, no shield DB (G-ATK-008).
    pub at_weapon: bool,
}

impl Incoming {
    /// A melee attack by `attacker` from where it stands now.
    #[inline]
    pub fn melee(state: &State, attacker: CombatantId, defender: CombatantId) -> Incoming {
        Incoming {
            attacker,
            defender,
            melee: true,
            thrown: None,
            from: state.fighter(attacker).pose.pos,
            deceptive: 0,
            telegraphic: false,
            dual_same_target: false,
            swung_weapon: true,
            weapon: None,
            at_weapon: false,
        }
    }
}
