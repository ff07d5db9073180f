//! What people at the table choose from and look at: the maneuver menu as
//! a tree in margin-3d6's words (the maneuver, then the target, the weapon
//! and mode, the hit location), each figure's conditions with how long
//! they last, the turn order, and the map as data. Every leaf of the menu
//! passes [`crate::rules::maneuver::check`].
//!
//! The ruleset's `TableView` impl stands at the end of this file, its
//! bodies inside it (no forwarding from `lib.rs`).

use crate::Margin;
use crate::legal;
use crate::model::action::{Action, AllOut, Answer, ChargeOption, Question, Strike};
use crate::model::location::{Limb, Location};
use crate::model::state::{AodKind, Life, Posture, State, Stun, Watch};
use crate::model::words::strike_means;
use crate::rules::maneuver::check;
use crate::rules::tables::location_penalty;
use fray_core::CombatantId;
use fray_core::TableView;
use fray_core::view::terrain_glyph;

use fray_core::grid::HexPos;
use fray_core::menu::{Menu, Step};
use fray_core::view::{ConditionView, FigureView, Lasting, MapCell, MapView, TurnOrder};

/// The called shots offered (M-LOC-001), after the torso, the default: a
/// short list; the others are typed as TOML.
const CALLED: [Location; 9] = [
    Location::Vitals,
    Location::Head,
    Location::Neck,
    Location::Eyes,
    Location::WeaponArm,
    Location::ShieldArm,
    Location::Hand,
    Location::Leg,
    Location::Foot,
];

fray_core::menu_words! {
    /// Words of one actor's menu.
    struct Words for State, figures: fighters;
}

impl Words<'_> {
    fn weapon(&self, i: u8) -> String {
        self.state
            .fighter(self.actor)
            .weapons
            .get(usize::from(i))
            .map_or_else(|| format!("weapon {i}"), |h| h.weapon.name.clone())
    }

    fn hex(&self, h: HexPos) -> String {
        self.names.name(h.into())
    }

    fn legal(&self, a: &Action) -> bool {
        check(self.state, self.actor, a).is_ok()
    }

    fn foes(&self) -> Vec<CombatantId> {
        let side = self.state.fighter(self.actor).side;
        self.state
            .ids()
            .filter(|&o| self.state.fighter(o).side != side && self.state.fighter(o).awake())
            .collect()
    }

    fn nearest_foe(&self, h: HexPos) -> Option<CombatantId> {
        self.foes()
            .into_iter()
            .min_by_key(|&t| (self.state.fighter(t).pos.distance(h), t))
    }

    /// M-LOC-001: the called shots of an Attack or All-Out Attack aimed at
    /// the torso, those the rules allow.
    fn called_shots(&self, a: &Action) -> Vec<Action> {
        let strike = match a {
            Action::Attack(s) | Action::AllOutAttack { strike: s, .. } => *s,
            _ => return Vec::new(),
        };
        if strike.location.is_some() {
            return Vec::new();
        }
        CALLED
            .iter()
            .map(|&l| {
                let s = Strike {
                    location: Some(l),
                    ..strike
                };
                match a {
                    Action::AllOutAttack { bonus, .. } => Action::AllOutAttack {
                        strike: s,
                        bonus: *bonus,
                    },
                    _ => Action::Attack(s),
                }
            })
            .filter(|c| self.legal(c))
            .collect()
    }

    /// M-AOD-006: Moves to each foe's flanks and back and as far from the
    /// nearest foe as the move allows, each facing it, when allowed.
    fn destinations(&self) -> Vec<Action> {
        let here = self.state.fighter(self.actor).pos;
        let foes = self.foes();
        let mut out = Vec::new();
        let mv = |to: HexPos, look: HexPos| Action::Move {
            to,
            face: to.facing_toward(look),
            evade: 0,
            shoot: None,
            swing: None,
        };
        for &t in &foes {
            let f = self.state.fighter(t);
            for turn in [-2, 2, 3] {
                let to = f.pos.neighbour(f.facing.turn(turn));
                let a = mv(to, f.pos);
                if to != here && self.legal(&a) {
                    out.push(a);
                }
            }
        }
        if let Some(near) = foes
            .iter()
            .map(|&t| self.state.fighter(t).pos)
            .min_by_key(|p| (p.distance(here), *p))
        {
            let allowance = crate::rules::maneuver::move_allowance(self.state, self.actor);
            let mut away: Vec<HexPos> = here
                .area(allowance)
                .into_iter()
                .filter(|h| h.distance(near) > here.distance(near))
                .collect();
            away.sort_by_key(|h| (std::cmp::Reverse(h.distance(near)), h.distance(here), *h));
            if let Some(a) = away
                .into_iter()
                .map(|to| mv(to, near))
                .find(|a| self.legal(a))
            {
                out.push(a);
            }
        }
        out
    }

    /// A destination by its relation to the nearest foe, and its map name.
    fn destination(&self, to: HexPos) -> String {
        let here = self.state.fighter(self.actor).pos;
        let cell = self.hex(to);
        let Some(t) = self.nearest_foe(to) else {
            return format!("to {cell}");
        };
        let f = self.state.fighter(t);
        if f.pos.distance(to) == 1 {
            let side = f.pos.facing_toward(to);
            if side == Some(f.facing.turn(-2)) {
                return format!("flank {} (left), {cell}", self.who(t));
            }
            if side == Some(f.facing.turn(2)) {
                return format!("flank {} (right), {cell}", self.who(t));
            }
            if side == Some(f.facing.turn(3)) {
                return format!("behind {}, {cell}", self.who(t));
            }
        }
        if f.pos.distance(to) > f.pos.distance(here) {
            return format!("away from {}, {cell}", self.who(t));
        }
        format!("toward {}, {cell}", self.who(t))
    }

    /// The weapon and mode of a strike, with the step before it; the
    /// first weapon's first mode is the default.
    fn means(&self, s: &Strike) -> Step {
        let mut text = strike_means(self.state, self.actor, s);
        if let Some(to) = s.to {
            text.push_str(&format!(", stepping to {}", self.hex(to)));
        }
        let step = Step::new(text);
        if (s.weapon, s.mode, s.unarmed) == (0, 0, None) {
            step.default()
        } else {
            step
        }
    }

    fn location(s: &Strike) -> Step {
        match s.location {
            None | Some(Location::Torso) => Step::new("torso").default(),
            Some(l) => Step::new(format!("{} ({})", l.name(), location_penalty(l))),
        }
    }

    /// The steps to `a` in the menu.
    fn path(&self, a: &Action) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        match a {
            Action::Attack(st) => self.strike_path("Attack", st, true),
            Action::AllOutAttack { strike, bonus } => self.all_out_path(strike, *bonus),
            Action::RapidAttack(st) => self.strike_path("Ranged Rapid Attack", st, false),
            Action::PopUp(st) => self.strike_path("Pop-Up Attack", st, false),
            Action::WildSwing(st) => self.strike_path("Wild Swing", st, false),
            Action::TwoWeaponAttack {
                target,
                first,
                second,
            } => self.two_weapon_path(*target, *first, *second),
            Action::AllOutCharge { strike, option } => self.charge_path(strike.target, *option),
            Action::Slam { target, to } => self.closing_path("Slam", *target, *to),
            Action::FlyingTackle { target, to } => self.closing_path("Flying Tackle", *target, *to),
            Action::Grapple {
                target,
                two_hands,
                wrest,
            } => self.grapple_path(*target, *two_hands, *wrest),
            Action::Takedown { target } => {
                vec![s("Takedown").then("target"), Step::new(self.who(*target))]
            }
            Action::Feint { target, weapon } => self.with_weapon_path("Feint", *target, *weapon),
            Action::Aim { target, weapon, to } => {
                let mut p = self.with_weapon_path("Aim", *target, *weapon);
                if let Some(h) = to {
                    p.push(Step::new(format!("moving to {}", self.hex(*h))));
                }
                p
            }
            Action::Move {
                to,
                swing,
                shoot,
                evade,
                ..
            } => self.move_path(*to, swing.as_ref(), shoot.as_ref(), *evade),
            Action::AllOutDefense { kind, foe } => self.all_out_defense_path(*kind, *foe),
            Action::Retreat => vec![s("Retreat (+3 to defend)")],
            Action::BreakFree { to } => vec![
                s("Break Free").then("then"),
                match to {
                    None => Step::new("stay").default(),
                    Some(h) => Step::new(format!("step to {}", self.hex(*h))),
                },
            ],
            Action::Wait {
                weapon, mode, to, ..
            } => self.wait_path(*weapon, *mode, *to),
            Action::OpportunityFire {
                weapon,
                watch,
                confirm,
            } => self.opportunity_fire_path(*weapon, *watch, *confirm),
            Action::Reload { weapon } => vec![
                s("Ready").then("what"),
                Step::new(format!("reload {}", self.weapon(*weapon))),
            ],
            Action::ReadyWeapon { weapon, to } => {
                let mut p = vec![
                    s("Ready").then("what"),
                    Step::new(format!("ready {}", self.weapon(*weapon))),
                ];
                if let Some(h) = to {
                    p.push(Step::new(format!("stepping to {}", self.hex(*h))));
                }
                p
            }
            Action::ReadyShield => vec![s("Ready").then("what"), s("ready the shield")],
            Action::ChangePosture { to } => {
                vec![s("Change Posture").then("to"), Step::new(to.name())]
            }
            Action::DoNothing => vec![s("Do Nothing")],
        }
    }

    /// A strike's maneuver, then its target and means
    /// ([`Words::strike_steps`]).
    fn strike_path(&self, maneuver: &str, st: &Strike, located: bool) -> Vec<Step> {
        let mut p = vec![Step::new(maneuver).then("target")];
        p.extend(self.strike_steps(st, located));
        p
    }

    /// A strike's target and weapon, and with `located` its hit location
    /// (M-LOC-001).
    fn strike_steps(&self, st: &Strike, located: bool) -> Vec<Step> {
        let target = Step::new(self.who(st.target)).then("weapon");
        if located {
            vec![
                target,
                self.means(st).then("hit location"),
                Self::location(st),
            ]
        } else {
            vec![target, self.means(st)]
        }
    }

    /// M-MEL-002: the bonus first, then the strike.
    fn all_out_path(&self, strike: &Strike, bonus: AllOut) -> Vec<Step> {
        let bonus = match bonus {
            AllOut::Skill => Step::new("+4 to hit"),
            AllOut::Damage => Step::new("+2 damage"),
        };
        let mut p = vec![
            Step::new("All-Out Attack").then("bonus"),
            bonus.then("target"),
        ];
        p.extend(self.strike_steps(strike, true));
        p
    }

    /// M-MEL-004: the target, then the two weapons.
    fn two_weapon_path(&self, target: CombatantId, first: u8, second: u8) -> Vec<Step> {
        vec![
            Step::new("Two-Weapon Attack").then("target"),
            Step::new(self.who(target)).then("weapons"),
            Step::new(format!(
                "{} and {}",
                self.weapon(first),
                self.weapon(second)
            )),
        ]
    }

    /// M-MEL-008/009: the target, then the charge's option.
    fn charge_path(&self, target: CombatantId, option: ChargeOption) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        vec![
            s("All-Out Charge").then("target"),
            Step::new(self.who(target)).then("option"),
            match option {
                ChargeOption::Attack => Step::new("attack at -1").default(),
                ChargeOption::Strong => s("attack at -3 for +2 damage"),
                ChargeOption::AttackSlam => s("attack at -3, then slam"),
                ChargeOption::FeintSlam => s("feint at -3, then slam"),
            },
        ]
    }

    /// A slam or a tackle: the target, then where it closes from.
    fn closing_path(&self, maneuver: &str, target: CombatantId, to: Option<HexPos>) -> Vec<Step> {
        vec![
            Step::new(maneuver).then("target"),
            Step::new(self.who(target)).then("from"),
            match to {
                None => Step::new("from here").default(),
                Some(h) => Step::new(format!("moving to {}", self.hex(h))),
            },
        ]
    }

    /// M-UNA-006: the target, then one hand, two, or a wrest.
    fn grapple_path(&self, target: CombatantId, two_hands: bool, wrest: bool) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        vec![
            s("Grapple").then("target"),
            Step::new(self.who(target)).then("how"),
            match (two_hands, wrest) {
                (_, true) => s("wrest its weapon away"),
                (true, false) => s("two hands (+3)"),
                (false, false) => Step::new("one hand").default(),
            },
        ]
    }

    /// A feint or an aim: the target, then the weapon.
    fn with_weapon_path(&self, maneuver: &str, target: CombatantId, weapon: u8) -> Vec<Step> {
        vec![
            Step::new(maneuver).then("target"),
            Step::new(self.who(target)).then("weapon"),
            Step::new(self.weapon(weapon)),
        ]
    }

    /// M-AOD-006: where to, then the attack or evasion on the move.
    fn move_path(
        &self,
        to: HexPos,
        swing: Option<&Strike>,
        shoot: Option<&Strike>,
        evade: u8,
    ) -> Vec<Step> {
        let last = if let Some(sw) = swing {
            Step::new(format!("with a Wild Swing at {}", self.who(sw.target)))
        } else if let Some(sh) = shoot {
            Step::new(format!("shooting at {}", self.who(sh.target)))
        } else if evade > 0 {
            Step::new(if evade == 1 { "swerving" } else { "evading" })
        } else {
            Step::new("no attack").default()
        };
        vec![
            Step::new("Move").then("where to"),
            Step::new(self.destination(to)),
            last,
        ]
    }

    /// M-AOD-001..004: which All-Out Defense.
    fn all_out_defense_path(&self, kind: AodKind, foe: Option<CombatantId>) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        vec![
            s("All-Out Defense").then("which"),
            match (kind, foe) {
                (AodKind::MultipleFoe, _) => s("Multiple Foe Defense"),
                (AodKind::SingleFoe, Some(t)) => {
                    Step::new(format!("Single Foe Defense against {}", self.who(t)))
                }
                (AodKind::SingleFoe, None) => s("Single Foe Defense"),
                (AodKind::Brace, _) => s("Brace for Impact"),
            },
        ]
    }

    /// M-MEL-011: the weapon and mode, and the step before waiting.
    fn wait_path(&self, weapon: u8, mode: u8, to: Option<HexPos>) -> Vec<Step> {
        let st = Strike::at(self.actor).with(weapon, mode);
        let mut p = vec![
            Step::new("Wait").then("weapon"),
            Step::new(strike_means(self.state, self.actor, &st)),
        ];
        if let Some(h) = to {
            p.push(Step::new(format!("after a step to {}", self.hex(h))));
        }
        p
    }

    /// M-MIS-005/006: the weapon, then the area and whether friend is told
    /// from foe.
    fn opportunity_fire_path(&self, weapon: u8, watch: Watch, confirm: bool) -> Vec<Step> {
        let area = match watch {
            Watch::Front => "the front",
            _ => "an area",
        };
        let confirm = if confirm {
            ", telling friend from foe (-2)"
        } else {
            ""
        };
        vec![
            Step::new("Opportunity Fire").then("weapon"),
            Step::new(self.weapon(weapon)).then("how"),
            Step::new(format!("{area}{confirm}")),
        ]
    }
}

/// One figure's conditions, as they are listed.
struct Conditions<'a> {
    state: &'a State,
    f: &'a crate::model::state::Fighter,
    out: Vec<ConditionView>,
}

impl<'a> Conditions<'a> {
    fn add(&mut self, name: impl Into<String>, lasts: Lasting, rule: &'static str) {
        self.out.push(ConditionView::new(name.into(), lasts, rule));
    }

    /// The name of `id`, if it is a figure of the fight.
    fn name_of(&self, id: CombatantId) -> Option<&'a str> {
        let state = self.state;
        (id.index() < state.fighters.len()).then(|| state.fighter(id).name.as_ref())
    }

    /// Dead (M-PEN-003: nothing else is listed, `true`) or unconscious
    /// (M-PEN-002).
    fn life(&mut self) -> bool {
        match self.f.life {
            Life::Dead => {
                self.add("dead", Lasting::Lasting, "M-PEN-003");
                return true;
            }
            Life::Unconscious => self.add("unconscious", Lasting::Lasting, "M-PEN-002"),
            Life::Conscious => {}
        }
        false
    }

    /// Stun (M-EFF-001, M-CRT-003), incapacitation (M-PEN-002), posture
    /// (M-PAT-001) and crippled limbs (M-CRT-004).
    fn stun_and_wounds(&mut self) {
        let f = self.f;
        match f.stun {
            Some(Stun::NextTurn) => self.add("stunned", Lasting::UntilNextTurn, "M-EFF-001"),
            Some(Stun::UntilWill) => self.add(
                "stunned (Will roll each turn)",
                Lasting::UntilShaken,
                "M-CRT-003",
            ),
            None => {}
        }
        if f.hp <= 0 && f.awake() {
            self.add("incapacitated", Lasting::Lasting, "M-PEN-002");
        }
        if f.posture != Posture::Standing {
            let word = if f.posture == Posture::Lying {
                "lying (knocked down)"
            } else {
                f.posture.name()
            };
            self.add(word, Lasting::WhileKept, "M-PAT-001");
        }
        for l in Limb::ALL {
            if !f.is_crippled(l) {
                continue;
            }
            let until = f
                .crippled_until
                .iter()
                .flatten()
                .find(|(limb, _)| *limb == l)
                .map(|(_, round)| *round);
            let lasts = match until {
                Some(r) if r > self.state.round => Lasting::Turns(r - self.state.round),
                _ => Lasting::Lasting,
            };
            self.add(format!("crippled {}", l.name()), lasts, "M-CRT-004");
        }
    }

    /// The maneuver's guard until the next turn: no active defense
    /// (M-DEF-012), All-Out Defense (M-AOD-001..004), retreat (M-AOD-005),
    /// off balance (M-CRT-001), a wait (M-MEL-011), evasion (M-RNG-007).
    fn guard(&mut self) {
        let (f, g) = (self.f, &self.f.guard);
        let turn = Lasting::UntilNextTurn;
        if g.no_active {
            self.add("no active defense", turn, "M-DEF-012");
        }
        match g.aod {
            Some(AodKind::MultipleFoe) => self.add("Multiple Foe Defense", turn, "M-AOD-001"),
            Some(AodKind::SingleFoe) => {
                let name = match g.single_foe.and_then(|t| self.name_of(t)) {
                    Some(t) => format!("Single Foe Defense against {t}"),
                    None => "Single Foe Defense".to_string(),
                };
                self.add(name, turn, "M-AOD-002");
            }
            Some(AodKind::Brace) => self.add("braced for impact", turn, "M-AOD-004"),
            None => {}
        }
        if g.retreat {
            self.add("retreating (+3 to defend)", turn, "M-AOD-005");
        }
        if g.off_balance {
            self.add("off balance (-2 to defend)", turn, "M-CRT-001");
        }
        if g.wait.is_some() {
            self.add("waiting", turn, "M-MEL-011");
        }
        if f.evading > 0 {
            let word = if f.evading == 1 {
                "swerving"
            } else {
                "evading"
            };
            self.add(word, turn, "M-RNG-007");
        }
    }

    /// A feint it suffered (M-MEL-006) and its aim (M-MIS-007).
    fn feint_and_aim(&mut self) {
        let f = self.f;
        if let Some((by, margin, until)) = f.feinted
            && let Some(by) = self.name_of(by)
        {
            let lasts = if until > self.state.round {
                Lasting::Turns(until - self.state.round)
            } else {
                Lasting::ThisTurn
            };
            let name = format!("feinted by {by} (-{margin} to defend)");
            self.add(name, lasts, "M-MEL-006");
        }
        if let Some((t, rounds)) = f.aim
            && let Some(t) = self.name_of(t)
        {
            let rounds = crate::model::words::count(i32::from(rounds), "round", "rounds");
            let name = format!("aiming at {t} ({rounds})");
            self.add(name, Lasting::WhileKept, "M-MIS-007");
        }
    }

    /// Held or pinned (M-UNA-006), surprised (M-PDF-007), panicked
    /// (M-MOD-004).
    fn hold_surprise_and_panic(&mut self) {
        let f = self.f;
        if let Some((by, _)) = f.held_by
            && let Some(by) = self.name_of(by)
        {
            let verb = if f.pinned { "pinned" } else { "held" };
            let name = format!("{verb} by {by}");
            self.add(name, Lasting::UntilShaken, "M-UNA-006");
        }
        if f.surprised {
            self.add("surprised", Lasting::UntilNextTurn, "M-PDF-007");
        }
        if f.panic > 0 {
            let lasts = Lasting::Turns(u32::from(f.panic));
            self.add("panicked, fleeing", lasts, "M-MOD-004");
        }
    }

    /// Weapons lost (M-CRT-001), not ready (M-MEL-012) or unloaded
    /// (M-MIS-009).
    fn weapons(&mut self) {
        for w in &self.f.weapons {
            let (what, lasts, rule) = if w.lost {
                ("lost", Lasting::Lasting, "M-CRT-001")
            } else if !w.ready {
                ("not ready", Lasting::WhileKept, "M-MEL-012")
            } else if !w.loaded {
                ("unloaded", Lasting::WhileKept, "M-MIS-009")
            } else {
                continue;
            };
            let name = format!("{} {what}", w.weapon.name);
            self.out.push(ConditionView::new(name, lasts, rule));
        }
    }
}

/// The hex map with every figure not dead on it, facing shown.
pub fn map_view(state: &State) -> MapView {
    MapView::of_each(&state.map, state.ids(), terrain_glyph, |id| {
        let f = state.fighter(id);
        let cells = vec![MapCell::from(f.pos)];
        let heading = Some(f.facing.into());
        (f.life != Life::Dead).then_some(FigureView { id, cells, heading })
    })
}

/// What a table shows of a Margin fight: menus, words, conditions, the map.
impl TableView for Margin {
    fn answer_options(question: &Question) -> Vec<Answer> {
        let options = match question {
            Question::Fire { .. } => {
                return vec![Answer::Fire { fire: true }, Answer::Fire { fire: false }];
            }
            Question::Defend { options, .. } => options,
        };
        let mut out: Vec<Answer> = options
            .iter()
            .map(|o| Answer::Defend {
                kind: o.kind,
                weapon: o.weapon,
            })
            .collect();
        out.push(Answer::NoDefense);
        out
    }
    fn describe_action(state: &State, actor: CombatantId, action: &Action) -> String {
        crate::model::words::action(state, actor, action)
    }
    fn describe_answer(state: &State, question: &Question, answer: &Answer) -> String {
        crate::model::words::answer(state, question, answer)
    }
    fn screen_event(event: &Self::Event, screen: &fray_core::view::Screen<'_>) -> Self::Event {
        crate::screen::event(event, screen)
    }
    /// The maneuver menu of `actor`: the maneuver first, then the target, the
    /// weapon and mode, the hit location (M-LOC-001) or the All-Out variant
    /// (M-MEL-002, M-MEL-009), or the destination of a move: toward each foe,
    /// to its flanks or its back, away from the foes (M-AOD-006).
    fn action_menu(state: &State, actor: CombatantId) -> fray_core::Menu<Action> {
        let w = Words::new(state, actor);
        let mut actions = Vec::new();
        for a in legal::actions(state, actor) {
            let called = w.called_shots(&a);
            actions.push(a);
            actions.extend(called);
        }
        for a in w.destinations() {
            if !actions.contains(&a) {
                actions.push(a);
            }
        }
        // Doing nothing last: what a figure does when it does nothing else.
        actions.sort_by_key(|a| matches!(a, Action::DoNothing));
        let items = actions.into_iter().map(|a| (w.path(&a), a)).collect();
        Menu::tree(format!("{}'s maneuver", state.fighter(actor).name), items)
    }
    /// The answers to a question as a menu: the defenses of M-DEF-012 (or
    /// the shot of an Opportunity Fire), in the ruleset's words.
    fn answer_menu(state: &State, question: &Question) -> fray_core::Menu<Answer> {
        let title = match question {
            Question::Defend { .. } => "Defend",
            Question::Fire { .. } => "Fire",
        };
        let items = crate::Margin::answer_options(question)
            .into_iter()
            .map(|a| (crate::model::words::answer(state, question, &a), a))
            .collect();
        Menu::grouped(title, items)
    }
    /// Each figure's conditions with how long they last: stun (M-EFF-001, to
    /// the end of its next turn or until a Will roll), knockdown and posture
    /// (M-PAT-001), crippled limbs (M-CRT-004), its maneuver's guard (All-Out
    /// Attack M-DEF-012, All-Out Defense M-AOD-001..005), feints, aims, grapples
    /// and waits.
    fn conditions(state: &State, who: CombatantId) -> Vec<fray_core::view::ConditionView> {
        let mut c = Conditions {
            state,
            f: state.fighter(who),
            out: Vec::new(),
        };
        if c.life() {
            return c.out;
        }
        c.stun_and_wounds();
        c.guard();
        c.feint_and_aim();
        c.hold_surprise_and_panic();
        c.weapons();
        c.out
    }
    /// A Move of `actor` to `cell` (typed `move C4` at the table), facing the
    /// nearest foe, if the rules allow it (M-AOD-006).
    fn move_to(
        state: &State,
        actor: CombatantId,
        cell: fray_core::view::MapCell,
    ) -> Option<Action> {
        let to = HexPos::new(cell.a, cell.b);
        let w = Words::new(state, actor);
        let look = w.nearest_foe(to).map(|t| state.fighter(t).pos);
        [look.and_then(|l| to.facing_toward(l)), None]
            .into_iter()
            .map(|face| Action::Move {
                to,
                face,
                evade: 0,
                shoot: None,
                swing: None,
            })
            .find(|a| check(state, actor, a).is_ok())
    }
    /// M-FLO-002: the order rolled for the round, and whose turn it is; before
    /// the first round, scenario order.
    fn turn_order(state: &State) -> fray_core::view::TurnOrder {
        let now = state.cursor.and_then(|i| state.order.get(i)).copied();
        TurnOrder::kept(&state.order, now, state.ids())
    }
    fn map_view(state: &State) -> Option<fray_core::view::MapView> {
        Some(map_view(state))
    }
}
