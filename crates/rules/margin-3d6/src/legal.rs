//! The menu of legal maneuvers for people at the table.

use crate::model::action::{Action, AllOut, ChargeOption, Strike, Unarmed};
use crate::model::state::{AodKind, Posture, State, Watch};
use crate::rules::maneuver::{check, free_hex, move_allowance, strike_step};
use fray_core::CombatantId;
use fray_core::grid::HexPos;

/// Every maneuver `who` may declare now, in menu order (moves: one toward
/// each foe and one step back; people may type any other).
pub fn actions(state: &State, who: CombatantId) -> Vec<Action> {
    let mut menu = Menu {
        state,
        who,
        out: Vec::new(),
    };
    menu.push(Action::DoNothing);
    let f = state.fighter(who);
    let foes: Vec<CombatantId> = state
        .ids()
        .filter(|&o| state.fighter(o).side != f.side && state.fighter(o).awake())
        .collect();
    for &foe in &foes {
        menu.strikes_in_place(foe);
        menu.strikes_after_a_step(foe);
        menu.charges(foe);
        menu.close_combat(foe);
        menu.move_toward(foe);
        menu.push(Action::AllOutDefense {
            kind: AodKind::SingleFoe,
            foe: Some(foe),
        });
    }
    menu.defenses();
    menu.break_free();
    menu.waits();
    menu.readying();
    menu.out
}

/// The menu being built: each maneuver kept once, when the rules allow it.
struct Menu<'a> {
    state: &'a State,
    who: CombatantId,
    out: Vec<Action>,
}

impl Menu<'_> {
    fn push(&mut self, a: Action) {
        if check(self.state, self.who, &a).is_ok() && !self.out.contains(&a) {
            self.out.push(a);
        }
    }

    /// Each weapon's modes in an Attack, an All-Out Attack and a Rapid
    /// Attack, a feint and an aim with each weapon, and each unarmed strike.
    fn strikes_in_place(&mut self, foe: CombatantId) {
        let f = self.state.fighter(self.who);
        for (i, h) in f.weapons.iter().enumerate() {
            for m in 0..h.weapon.modes.len() {
                let s = Strike::at(foe).with(i as u8, m as u8);
                self.attacks(s);
                self.push(Action::RapidAttack(s));
            }
            self.push(Action::Feint {
                target: foe,
                weapon: i as u8,
            });
            self.push(Action::Aim {
                target: foe,
                weapon: i as u8,
                to: None,
            });
        }
        for u in [
            Unarmed::Punch,
            Unarmed::Kick,
            Unarmed::Bite,
            Unarmed::ShieldBash,
        ] {
            let mut s = Strike::at(foe);
            s.unarmed = Some(u);
            self.push(Action::Attack(s));
        }
    }

    /// `s` as an Attack and as an All-Out Attack for each bonus.
    fn attacks(&mut self, s: Strike) {
        self.push(Action::Attack(s));
        self.push(Action::AllOutAttack {
            strike: s,
            bonus: AllOut::Skill,
        });
        self.push(Action::AllOutAttack {
            strike: s,
            bonus: AllOut::Damage,
        });
    }

    /// The free hex next to `foe` nearest the figure within `limit` hexes
    /// of it (the first in hex order among equals).
    fn near(&self, foe: CombatantId, limit: u32) -> Option<HexPos> {
        let f = self.state.fighter(self.who);
        let tp = self.state.fighter(foe).pos;
        let mut best: Option<(u32, u32, HexPos)> = None;
        for hex in tp.area(1) {
            if hex != tp && free_hex(self.state, self.who, hex) && f.pos.distance(hex) <= limit {
                let key = (f.pos.distance(hex), 0, hex);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
        }
        best.map(|b| b.2)
    }

    /// Attacks with the step before them (M-MEL-001) to the nearest hex
    /// in reach.
    fn strikes_after_a_step(&mut self, foe: CombatantId) {
        let (state, who) = (self.state, self.who);
        let Some(to) = self.near(foe, strike_step(state, who, &Strike::at(foe))) else {
            return;
        };
        let f = state.fighter(who);
        for (i, h) in f.weapons.iter().enumerate() {
            for m in 0..h.weapon.modes.len() {
                let mut s = Strike::at(foe).with(i as u8, m as u8);
                s.to = Some(to);
                self.attacks(s);
            }
        }
    }

    /// A charge (M-MEL-008), a Wild Swing (M-MEL-003), alone or on the
    /// move, and a slam (M-UNA-003) from the nearest hex: the entry into
    /// the foe's hex is the last hex of the move; a Flying Tackle
    /// (M-UNA-008) from the nearest hex within the full move.
    fn charges(&mut self, foe: CombatantId) {
        let (state, who) = (self.state, self.who);
        let tp = state.fighter(foe).pos;
        if let Some(to) = self.near(foe, move_allowance(state, who).saturating_sub(1)) {
            let mut s = Strike::at(foe);
            s.to = Some(to);
            for option in [
                ChargeOption::Attack,
                ChargeOption::Strong,
                ChargeOption::AttackSlam,
                ChargeOption::FeintSlam,
            ] {
                self.push(Action::AllOutCharge { strike: s, option });
            }
            self.push(Action::WildSwing(s));
            self.push(Action::Move {
                to,
                face: to.facing_toward(tp),
                evade: 0,
                shoot: None,
                swing: Some(s),
            });
            self.push(Action::Slam {
                target: foe,
                to: Some(to),
            });
        }
        if let Some(to) = self.near(foe, move_allowance(state, who)) {
            self.push(Action::FlyingTackle {
                target: foe,
                to: Some(to),
            });
        }
    }

    /// A Wild Swing and a slam from here, the grapples, a takedown
    /// (M-UNA-006/007) and each pair of weapons (M-MEL-004).
    fn close_combat(&mut self, foe: CombatantId) {
        self.push(Action::WildSwing(Strike::at(foe)));
        self.push(Action::Slam {
            target: foe,
            to: None,
        });
        for (two_hands, wrest) in [(false, false), (true, false), (false, true)] {
            self.push(Action::Grapple {
                target: foe,
                two_hands,
                wrest,
            });
        }
        self.push(Action::Takedown { target: foe });
        let weapons = self.state.fighter(self.who).weapons.len();
        for a in 0..weapons {
            for b in 0..weapons {
                self.push(Action::TwoWeaponAttack {
                    target: foe,
                    first: a as u8,
                    second: b as u8,
                });
            }
        }
    }

    /// A move toward the foe: the free hex within the allowance nearest
    /// it, then nearest the figure.
    fn move_toward(&mut self, foe: CombatantId) {
        let (state, who) = (self.state, self.who);
        let f = state.fighter(who);
        let t = state.fighter(foe).pos;
        let allowance = move_allowance(state, who);
        let mut best = None;
        for hex in t.area(allowance + 1) {
            if hex != t && free_hex(state, who, hex) && f.pos.distance(hex) <= allowance {
                let key = (hex.distance(t), f.pos.distance(hex), hex);
                if best.is_none_or(|b: (u32, u32, _)| (key.0, key.1) < (b.0, b.1)) {
                    best = Some(key);
                }
            }
        }
        if let Some((_, _, to)) = best
            && to != f.pos
        {
            self.push(Action::Move {
                to,
                face: to.facing_toward(t),
                evade: 0,
                shoot: None,
                swing: None,
            });
        }
    }

    /// All-Out Defense against many foes and braced, and Retreat.
    fn defenses(&mut self) {
        self.push(Action::AllOutDefense {
            kind: AodKind::MultipleFoe,
            foe: None,
        });
        self.push(Action::AllOutDefense {
            kind: AodKind::Brace,
            foe: None,
        });
        self.push(Action::Retreat);
    }

    /// M-UNA-012: breaking free, and with the step away from the holder.
    fn break_free(&mut self) {
        let (state, who) = (self.state, self.who);
        let f = state.fighter(who);
        self.push(Action::BreakFree { to: None });
        if let Some((holder, _)) = f.held_by {
            let hp = state.fighter(holder).pos;
            if let Some(to) = f
                .pos
                .area(1)
                .into_iter()
                .filter(|&h| h != f.pos && free_hex(state, who, h))
                .max_by_key(|&h| (h.distance(hp), std::cmp::Reverse(h)))
            {
                self.push(Action::BreakFree { to: Some(to) });
            }
        }
    }

    /// A Wait with each weapon (M-MEL-011), Opportunity Fire with each
    /// missile weapon (M-MIS-005), with and without telling friend from foe.
    fn waits(&mut self) {
        let f = self.state.fighter(self.who);
        for (i, h) in f.weapons.iter().enumerate() {
            self.push(Action::Wait {
                weapon: i as u8,
                mode: 0,
                to: None,
                hexes: Vec::new(),
            });
            if h.weapon.ranged() {
                for confirm in [false, true] {
                    self.push(Action::OpportunityFire {
                        weapon: i as u8,
                        watch: Watch::Front,
                        confirm,
                    });
                }
            }
        }
    }

    /// Reloading and readying each weapon, the shield, and each posture.
    fn readying(&mut self) {
        let weapons = self.state.fighter(self.who).weapons.len();
        for i in 0..weapons {
            self.push(Action::Reload { weapon: i as u8 });
            self.push(Action::ReadyWeapon {
                weapon: i as u8,
                to: None,
            });
        }
        self.push(Action::ReadyShield);
        for p in [Posture::Standing, Posture::Kneeling, Posture::Crawling] {
            self.push(Action::ChangePosture { to: p });
        }
    }
}
