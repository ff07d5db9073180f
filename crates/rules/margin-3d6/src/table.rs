//! What people at the table choose from and look at: the maneuver menu as
//! a tree in margin-3d6's words (the maneuver, then the target, the weapon
//! and mode, the hit location), each figure's conditions with how long
//! they last, the turn order, and the map as data. Every leaf of the menu
//! passes [`crate::rules::maneuver::check`].

use crate::legal;
use crate::model::action::{Action, AllOut, Answer, ChargeOption, Question, Strike};
use crate::model::location::{Limb, Location};
use crate::model::state::{AodKind, Life, Posture, State, Stun, Watch};
use crate::model::words::strike_means;
use crate::rules::maneuver::check;
use crate::rules::tables::location_penalty;
use fray_core::CombatantId;
use fray_core::TableView;

use fray_core::grid::HexPos;
use fray_core::menu::{Menu, Step};
use fray_core::view::{CellNames, ConditionView, FigureView, Lasting, MapCell, MapView, TurnOrder};

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

/// The maneuver menu of `actor`: the maneuver first, then the target, the
/// weapon and mode, the hit location (M-LOC-001) or the All-Out variant
/// (M-MEL-002, M-MEL-009), or the destination of a move: toward each foe,
/// to its flanks or its back, away from the foes (M-AOD-006).
pub fn action_menu(state: &State, actor: CombatantId) -> Menu<Action> {
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

/// Words of one actor's menu.
struct Words<'a> {
    state: &'a State,
    actor: CombatantId,
    names: CellNames,
}

impl<'a> Words<'a> {
    fn new(state: &'a State, actor: CombatantId) -> Self {
        Words {
            state,
            actor,
            names: CellNames::of_map(&state.map),
        }
    }

    fn who(&self, id: CombatantId) -> String {
        self.state
            .fighters
            .get(id.index())
            .map_or_else(|| id.to_string(), |f| f.name.to_string())
    }

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
        let target = |t: CombatantId| Step::new(self.who(t));
        match a {
            Action::Attack(st) => vec![
                s("Attack").then("target"),
                target(st.target).then("weapon"),
                self.means(st).then("hit location"),
                Self::location(st),
            ],
            Action::AllOutAttack { strike, bonus } => vec![
                s("All-Out Attack").then("bonus"),
                match bonus {
                    AllOut::Skill => s("+4 to hit"),
                    AllOut::Damage => s("+2 damage"),
                }
                .then("target"),
                target(strike.target).then("weapon"),
                self.means(strike).then("hit location"),
                Self::location(strike),
            ],
            Action::RapidAttack(st) => vec![
                s("Ranged Rapid Attack").then("target"),
                target(st.target).then("weapon"),
                self.means(st),
            ],
            Action::PopUp(st) => vec![
                s("Pop-Up Attack").then("target"),
                target(st.target).then("weapon"),
                self.means(st),
            ],
            Action::WildSwing(st) => vec![
                s("Wild Swing").then("target"),
                target(st.target).then("weapon"),
                self.means(st),
            ],
            Action::TwoWeaponAttack {
                target: t,
                first,
                second,
            } => vec![
                s("Two-Weapon Attack").then("target"),
                target(*t).then("weapons"),
                Step::new(format!(
                    "{} and {}",
                    self.weapon(*first),
                    self.weapon(*second)
                )),
            ],
            Action::AllOutCharge { strike, option } => vec![
                s("All-Out Charge").then("target"),
                target(strike.target).then("option"),
                match option {
                    ChargeOption::Attack => Step::new("attack at -1").default(),
                    ChargeOption::Strong => s("attack at -3 for +2 damage"),
                    ChargeOption::AttackSlam => s("attack at -3, then slam"),
                    ChargeOption::FeintSlam => s("feint at -3, then slam"),
                },
            ],
            Action::Slam { target: t, to } => vec![
                s("Slam").then("target"),
                target(*t).then("from"),
                match to {
                    None => Step::new("from here").default(),
                    Some(h) => Step::new(format!("moving to {}", self.hex(*h))),
                },
            ],
            Action::FlyingTackle { target: t, to } => vec![
                s("Flying Tackle").then("target"),
                target(*t).then("from"),
                match to {
                    None => Step::new("from here").default(),
                    Some(h) => Step::new(format!("moving to {}", self.hex(*h))),
                },
            ],
            Action::Grapple {
                target: t,
                two_hands,
                wrest,
            } => vec![
                s("Grapple").then("target"),
                target(*t).then("how"),
                match (two_hands, wrest) {
                    (_, true) => s("wrest its weapon away"),
                    (true, false) => s("two hands (+3)"),
                    (false, false) => Step::new("one hand").default(),
                },
            ],
            Action::Takedown { target: t } => vec![s("Takedown").then("target"), target(*t)],
            Action::Feint { target: t, weapon } => vec![
                s("Feint").then("target"),
                target(*t).then("weapon"),
                Step::new(self.weapon(*weapon)),
            ],
            Action::Aim {
                target: t,
                weapon,
                to,
            } => {
                let mut p = vec![
                    s("Aim").then("target"),
                    target(*t).then("weapon"),
                    Step::new(self.weapon(*weapon)),
                ];
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
            } => {
                let mut p = vec![s("Move").then("where to"), Step::new(self.destination(*to))];
                if let Some(sw) = swing {
                    p.push(Step::new(format!(
                        "with a Wild Swing at {}",
                        self.who(sw.target)
                    )));
                } else if let Some(sh) = shoot {
                    p.push(Step::new(format!("shooting at {}", self.who(sh.target))));
                } else if *evade > 0 {
                    p.push(Step::new(if *evade == 1 { "swerving" } else { "evading" }));
                } else {
                    p.push(Step::new("no attack").default());
                }
                p
            }
            Action::AllOutDefense { kind, foe } => vec![
                s("All-Out Defense").then("which"),
                match (kind, foe) {
                    (AodKind::MultipleFoe, _) => s("Multiple Foe Defense"),
                    (AodKind::SingleFoe, Some(t)) => {
                        Step::new(format!("Single Foe Defense against {}", self.who(*t)))
                    }
                    (AodKind::SingleFoe, None) => s("Single Foe Defense"),
                    (AodKind::Brace, _) => s("Brace for Impact"),
                },
            ],
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
            } => {
                let st = Strike::at(self.actor).with(*weapon, *mode);
                let mut p = vec![
                    s("Wait").then("weapon"),
                    Step::new(strike_means(self.state, self.actor, &st)),
                ];
                if let Some(h) = to {
                    p.push(Step::new(format!("after a step to {}", self.hex(*h))));
                }
                p
            }
            Action::OpportunityFire {
                weapon,
                watch,
                confirm,
            } => vec![
                s("Opportunity Fire").then("weapon"),
                Step::new(self.weapon(*weapon)).then("how"),
                Step::new(format!(
                    "{}{}",
                    match watch {
                        Watch::Front => "the front",
                        _ => "an area",
                    },
                    if *confirm {
                        ", telling friend from foe (-2)"
                    } else {
                        ""
                    }
                )),
            ],
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
}

/// The answers to a question as a menu: the defenses of M-DEF-012 (or
/// the shot of an Opportunity Fire), in the ruleset's words.
pub fn answer_menu(state: &State, question: &Question) -> Menu<Answer> {
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

/// A Move of `actor` to `cell` (typed `move C4` at the table), facing the
/// nearest foe, if the rules allow it (M-AOD-006).
pub fn move_to(state: &State, actor: CombatantId, cell: MapCell) -> Option<Action> {
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

/// Each figure's conditions with how long they last: stun (M-EFF-001, to
/// the end of its next turn or until a Will roll), knockdown and posture
/// (M-PAT-001), crippled limbs (M-CRT-004), its maneuver's guard (All-Out
/// Attack M-DEF-012, All-Out Defense M-AOD-001..005), feints, aims, grapples
/// and waits.
pub fn conditions(state: &State, who: CombatantId) -> Vec<ConditionView> {
    let f = state.fighter(who);
    let mut out = Vec::new();
    let mut add = |name: String, lasts: Lasting, rule: &'static str| {
        out.push(ConditionView::new(name, lasts, rule));
    };
    match f.life {
        Life::Dead => {
            add("dead".into(), Lasting::Lasting, "M-PEN-003");
            return out;
        }
        Life::Unconscious => add("unconscious".into(), Lasting::Lasting, "M-PEN-002"),
        Life::Conscious => {}
    }
    match f.stun {
        Some(Stun::NextTurn) => add("stunned".into(), Lasting::UntilNextTurn, "M-EFF-001"),
        Some(Stun::UntilWill) => add(
            "stunned (Will roll each turn)".into(),
            Lasting::UntilShaken,
            "M-CRT-003",
        ),
        None => {}
    }
    if f.hp <= 0 && f.awake() {
        add("incapacitated".into(), Lasting::Lasting, "M-PEN-002");
    }
    if f.posture != Posture::Standing {
        let word = if f.posture == Posture::Lying {
            "lying (knocked down)".to_string()
        } else {
            f.posture.name().to_string()
        };
        add(word, Lasting::WhileKept, "M-PAT-001");
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
            Some(r) if r > state.round => Lasting::Turns(r - state.round),
            _ => Lasting::Lasting,
        };
        add(format!("crippled {}", l.name()), lasts, "M-CRT-004");
    }
    let g = &f.guard;
    if g.no_active {
        add(
            "no active defense".into(),
            Lasting::UntilNextTurn,
            "M-DEF-012",
        );
    }
    match g.aod {
        Some(AodKind::MultipleFoe) => add(
            "Multiple Foe Defense".into(),
            Lasting::UntilNextTurn,
            "M-AOD-001",
        ),
        Some(AodKind::SingleFoe) => add(
            match g.single_foe {
                Some(t) if (t.index() < state.fighters.len()) => {
                    format!("Single Foe Defense against {}", state.fighter(t).name)
                }
                _ => "Single Foe Defense".to_string(),
            },
            Lasting::UntilNextTurn,
            "M-AOD-002",
        ),
        Some(AodKind::Brace) => add(
            "braced for impact".into(),
            Lasting::UntilNextTurn,
            "M-AOD-004",
        ),
        None => {}
    }
    if g.retreat {
        add(
            "retreating (+3 to defend)".into(),
            Lasting::UntilNextTurn,
            "M-AOD-005",
        );
    }
    if g.off_balance {
        add(
            "off balance (-2 to defend)".into(),
            Lasting::UntilNextTurn,
            "M-CRT-001",
        );
    }
    if g.wait.is_some() {
        add("waiting".into(), Lasting::UntilNextTurn, "M-MEL-011");
    }
    if f.evading > 0 {
        add(
            if f.evading == 1 {
                "swerving"
            } else {
                "evading"
            }
            .into(),
            Lasting::UntilNextTurn,
            "M-RNG-007",
        );
    }
    if let Some((by, margin, until)) = f.feinted
        && (by.index() < state.fighters.len())
    {
        let lasts = if until > state.round {
            Lasting::Turns(until - state.round)
        } else {
            Lasting::ThisTurn
        };
        add(
            format!(
                "feinted by {} (-{margin} to defend)",
                state.fighter(by).name
            ),
            lasts,
            "M-MEL-006",
        );
    }
    if let Some((t, rounds)) = f.aim
        && (t.index() < state.fighters.len())
    {
        add(
            format!(
                "aiming at {} ({})",
                state.fighter(t).name,
                crate::model::words::count(i32::from(rounds), "round", "rounds")
            ),
            Lasting::WhileKept,
            "M-MIS-007",
        );
    }
    if let Some((by, _)) = f.held_by
        && (by.index() < state.fighters.len())
    {
        let verb = if f.pinned { "pinned" } else { "held" };
        add(
            format!("{verb} by {}", state.fighter(by).name),
            Lasting::UntilShaken,
            "M-UNA-006",
        );
    }
    if f.surprised {
        add("surprised".into(), Lasting::UntilNextTurn, "M-PDF-007");
    }
    if f.panic > 0 {
        add(
            "panicked, fleeing".into(),
            Lasting::Turns(u32::from(f.panic)),
            "M-MOD-004",
        );
    }
    for w in &f.weapons {
        if w.lost {
            add(
                format!("{} lost", w.weapon.name),
                Lasting::Lasting,
                "M-CRT-001",
            );
        } else if !w.ready {
            add(
                format!("{} not ready", w.weapon.name),
                Lasting::WhileKept,
                "M-MEL-012",
            );
        } else if !w.loaded {
            add(
                format!("{} unloaded", w.weapon.name),
                Lasting::WhileKept,
                "M-MIS-009",
            );
        }
    }
    out
}

/// M-FLO-002: the order rolled for the round, and whose turn it is; before
/// the first round, scenario order.
pub fn turn_order(state: &State) -> TurnOrder {
    if state.order.is_empty() {
        return TurnOrder {
            order: state.ids().collect(),
            now: None,
        };
    }
    TurnOrder {
        order: state.order.clone(),
        now: state.cursor.and_then(|i| state.order.get(i)).copied(),
    }
}

/// The hex map with every figure not dead on it, facing shown.
pub fn map_view(state: &State) -> MapView {
    let figures = state
        .ids()
        .filter(|&id| state.fighter(id).life != Life::Dead)
        .map(|id| {
            let f = state.fighter(id);
            FigureView {
                id,
                cells: vec![MapCell::from(f.pos)],
                heading: Some(f.facing.into()),
            }
        })
        .collect();
    MapView::of(&state.map, figures, fray_core::view::terrain_glyph)
}
