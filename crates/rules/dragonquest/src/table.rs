//! What people at the table choose from and look at: the action menu as a
//! tree in DragonQuest's words (the action, engaged or not, then the
//! target, then the attack type), each figure's conditions with how long
//! they last, the pulse's order of action, and the map as data. Every leaf
//! of the menu passes [`crate::rules::actions::check`].
//!
//! The ruleset's `TableView` impl stands at the end of this file, its
//! bodies inside it (no forwarding from `lib.rs`).

use crate::DragonQuest;
use crate::legal;
use crate::model::action::{Action, Activity, Answer, AttackKind, Question};
use crate::model::state::{Figure, Life, Posture, Stage, State};
use crate::resolve::strike::{Blow, mod_sc};
use crate::rules::actions::check;
use crate::rules::zones;
use fray_core::CombatantId;
use fray_core::TableView;
use fray_core::view::terrain_glyph;

use fray_core::grid::footprint::Heading as Body;
use fray_core::grid::{Corner, HexPos};
use fray_core::menu::{Menu, Step};
use fray_core::view::{ConditionView, FigureView, Heading, Lasting, MapCell, MapView, TurnOrder};

fray_core::menu_words! {
    /// Words of one actor's menu.
    struct Words for State, figures: figures;
}

impl Words<'_> {
    fn me(&self) -> &Figure {
        self.state.fig(self.actor)
    }

    /// A hex by its map name, with its direction when it is next door.
    fn hex(&self, h: HexPos) -> String {
        let name = self.names.name(h.into());
        match self.me().pos.facing_toward(h) {
            Some(f) if self.me().pos.distance(h) == 1 => {
                format!("{name} ({})", Heading::from(f).name())
            }
            _ => name,
        }
    }

    /// The attacker's modSC against `t` with an attack of type `k` (DQ-17-003).
    fn mod_sc(&self, t: CombatantId, k: AttackKind) -> i32 {
        mod_sc(self.state, self.actor, t, &Blow::melee(k, self.me().pos)).total()
    }

    /// A target with the attacker's modSC for a plain strike at it.
    fn target(&self, t: CombatantId) -> String {
        format!(
            "{} (modSC {})",
            self.who(t),
            self.mod_sc(t, AttackKind::Normal)
        )
    }

    /// The foe nearest `h` (the lowest id on a tie).
    fn nearest_foe(&self, h: HexPos) -> Option<CombatantId> {
        self.foes()
            .into_iter()
            .min_by_key(|&t| (self.state.fig(t).distance_to(h), t))
    }

    fn foes(&self) -> Vec<CombatantId> {
        self.state
            .ids()
            .filter(|&o| self.state.hostile(o, self.actor) && self.state.fig(o).life != Life::Dead)
            .collect()
    }

    /// DQ-14-001: moves to each foe's rear hexes (DQ-00-013),
    /// and two hexes away from the nearest foe, each facing it, when the
    /// rules allow them.
    fn destinations(&self) -> Vec<Action> {
        let mover = self.state.mover(self.actor);
        if self.state.fig(mover).cells().len() > 1 {
            return Vec::new();
        }
        let mut out = Vec::new();
        let here = self.me().pos;
        let foes = self.foes();
        for &t in &foes {
            let f = self.state.fig(t);
            if f.cells().len() > 1 {
                continue;
            }
            let Body::Side(facing) = f.heading else {
                continue;
            };
            for turn in [-2, 2, 3] {
                let to = f.pos.neighbour(facing.turn(turn));
                let a = Action::Move {
                    to,
                    facing: to.facing_toward(f.pos),
                };
                if to != here && check(self.state, self.actor, &a).is_ok() {
                    out.push(a);
                }
            }
        }
        if let Some(near) = foes
            .iter()
            .map(|&t| self.state.fig(t).pos)
            .min_by_key(|p| (p.distance(here), *p))
        {
            let mut away: Vec<HexPos> = here
                .area(2)
                .into_iter()
                .filter(|h| h.distance(near) > here.distance(near))
                .collect();
            away.sort_by_key(|h| (std::cmp::Reverse(h.distance(near)), *h));
            if let Some(a) = away.into_iter().find_map(|to| {
                let a = Action::Move {
                    to,
                    facing: to.facing_toward(near),
                };
                check(self.state, self.actor, &a).is_ok().then_some(a)
            }) {
                out.push(a);
            }
        }
        out
    }

    /// How a move is named: toward, flank, behind or away from a foe, with
    /// the hex's map name.
    fn move_words(&self, to: HexPos) -> String {
        let here = self.me().pos;
        let cell = self.hex(to);
        let Some(t) = self.nearest_foe(to) else {
            return format!("to {cell}");
        };
        let f = self.state.fig(t);
        if let Body::Side(facing) = f.heading
            && f.cells().len() == 1
            && f.pos.distance(to) == 1
        {
            let side = f.pos.facing_toward(to);
            if side == Some(facing.turn(-2)) {
                return format!("flank {} (left), {cell}", self.who(t));
            }
            if side == Some(facing.turn(2)) {
                return format!("flank {} (right), {cell}", self.who(t));
            }
            if side == Some(facing.turn(3)) {
                return format!("behind {}, {cell}", self.who(t));
            }
        }
        if f.distance_to(to) > f.distance_to(here) {
            return format!("away from {}, {cell}", self.who(t));
        }
        format!("toward {}, {cell}", self.who(t))
    }

    fn weapon(&self, i: Option<u8>) -> String {
        let f = self.me();
        match i.and_then(|i| f.weapons.get(usize::from(i))) {
            Some(h) => h.weapon.name.clone(),
            None => "bare hands".into(),
        }
    }

    /// The steps to `a` in the menu.
    fn path(&self, a: &Action) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        match a {
            Action::Attack {
                target,
                kind: k,
                from,
            } => self.attack_path(*target, *k, *from),
            Action::Charge {
                target,
                to,
                kind: k,
            } => vec![
                s("Charge").then("target"),
                Step::new(self.who(*target)).then("attack type"),
                self.kind_step(*k, None),
                Step::new(format!("to {}", self.hex(*to))).default(),
            ],
            Action::ChargeAndClose { target, .. } => vec![
                s("Charge and Close").then("target"),
                Step::new(self.who(*target)),
            ],
            Action::Close { target } => vec![
                s("Close and Grapple").then("target"),
                Step::new(self.who(*target)),
            ],
            Action::Grapple { target, restrain } => vec![
                s("Grapple").then("target"),
                Step::new(self.who(*target)).then("how"),
                if *restrain {
                    s("restrain (DQ-16-013)")
                } else {
                    Step::new("damage").default()
                },
            ],
            Action::Fire { target, step, .. } => {
                let mut p = vec![
                    Step::new(format!("Fire {}", self.weapon(self.me().main))).then("target"),
                    Step::new(self.who(*target)),
                ];
                if let Some(h) = step {
                    p.push(Step::new(format!("moving to {}", self.hex(*h))));
                }
                p
            }
            Action::TwoWeapons { targets } => self.two_weapons_path(targets),
            Action::Sweep { targets } => {
                let names: Vec<String> = targets.iter().map(|&t| self.who(t)).collect();
                vec![s("Sweep (DQ-16-007)"), Step::new(names.join(", "))]
            }
            Action::Move { to, .. } => {
                vec![s("Move").then("where to"), Step::new(self.move_words(*to))]
            }
            Action::Evade { to, .. } => vec![
                s("Evade").then("where to"),
                match to {
                    Some(h) => Step::new(format!("to {}", self.hex(*h))),
                    None => Step::new("in place").default(),
                },
            ],
            Action::Withdraw {
                to,
                posture,
                strike,
            } => self.withdraw_path(*to, *posture, *strike),
            Action::Retreat => vec![s("Retreat two hexes")],
            Action::Jump { to } => vec![s("Jump"), Step::new(format!("to {}", self.hex(*to)))],
            Action::Trample { to } => vec![
                s("Trample").then("where to"),
                Step::new(format!("to {}", self.hex(*to))),
            ],
            Action::Recover => vec![s("Recover from the stun")],
            Action::Pass { activity, to, .. } => self.pass_path(*activity, *to),
        }
    }

    /// DQ-16-008: an attack type's step, with its modSC when it differs
    /// from the plain strike's (shown with the target).
    fn kind_step(&self, k: AttackKind, target: Option<CombatantId>) -> Step {
        let word = match k {
            AttackKind::Normal => return Step::new("strike").default(),
            AttackKind::Trip => "trip",
            AttackKind::Entangle => "entangle",
            AttackKind::Knockout => "knock out",
            AttackKind::ShieldRush => "shield rush",
            AttackKind::Disarm => "disarm",
        };
        match target {
            Some(t) => Step::new(format!("{word} (modSC {})", self.mod_sc(t, k))),
            None => Step::new(word),
        }
    }

    /// The steps to a Melee Attack: weapon, target, attack type, and the
    /// hex it strikes from.
    fn attack_path(&self, target: CombatantId, k: AttackKind, from: Option<HexPos>) -> Vec<Step> {
        let mut p = vec![
            Step::new(format!("Melee Attack with {}", self.weapon(self.me().main))).then("target"),
            Step::new(self.target(target)).then("attack type"),
            self.kind_step(k, Some(target)),
        ];
        if let Some(h) = from {
            p.push(Step::new(format!("from {}", self.hex(h))));
        }
        p
    }

    /// The steps to a two-weapon attack (DQ-16-006): each target with its
    /// weapon.
    fn two_weapons_path(&self, targets: &[CombatantId; 2]) -> Vec<Step> {
        vec![
            Step::new("Strike with both weapons (DQ-16-006)").then("first target"),
            Step::new(format!(
                "{} with {}",
                self.who(targets[0]),
                self.weapon(self.me().main)
            ))
            .then("second target"),
            Step::new(format!(
                "{} with {}",
                self.who(targets[1]),
                self.weapon(self.me().off)
            )),
        ]
    }

    /// The steps to a Withdraw: where to, the posture, the strike.
    fn withdraw_path(
        &self,
        to: HexPos,
        posture: Option<Posture>,
        strike: Option<CombatantId>,
    ) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        vec![
            s("Withdraw").then("where to"),
            Step::new(format!("to {}", self.hex(to))).then("posture"),
            match posture {
                None => Step::new("no posture").default(),
                Some(Posture::Defensive) => s("defensive (+20 Defense)"),
                Some(Posture::Offensive) => s("offensive").then("strike"),
            },
            match strike {
                None => Step::new("no strike").default(),
                Some(t) => Step::new(format!("striking {} at -20", self.who(t))),
            },
        ]
    }

    /// The steps to a Pass: its activity, and where it moves.
    fn pass_path(&self, activity: Activity, to: Option<HexPos>) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        let what = match activity {
            Activity::None => Step::new("nothing else").default(),
            Activity::Ready(i) => Step::new(format!("ready {}", self.weapon(i))),
            Activity::Shield => s("ready the shield"),
            Activity::StandUp => s("stand up"),
            Activity::Reload => s("reload"),
            Activity::PullOut => s("pull out a lodged weapon"),
            Activity::PullOutFrom(c) => Step::new(format!(
                "pull out a weapon lodged in {}",
                self.who(CombatantId(c))
            )),
            Activity::Disentangle => s("work free of the entanglement"),
            Activity::PickUp(i) => Step::new(format!("pick up {}", self.weapon(Some(i)))),
            Activity::Mount => s("mount").then("where to"),
            Activity::Dismount => s("dismount").then("where to"),
        };
        let mut p = vec![s("Pass").then("what else"), what];
        if let Some(h) = to {
            p.push(Step::new(format!("to {}", self.hex(h))));
        }
        p
    }
}

fn name(state: &State, id: CombatantId) -> String {
    state.fig(id).name.to_string()
}

/// The hex map with every figure not dead on it: every hex its body fills
/// (DQ-22-001), head first, and its heading; a rider in the saddle fills
/// no hex of its own, so its mount shows.
pub fn map_view(state: &State) -> MapView {
    MapView::of_each(&state.map, state.ids(), terrain_glyph, |id| {
        let f = state.fig(id);
        let cells = f.cells().into_iter().map(MapCell::from).collect();
        let heading = Some(heading(f.heading));
        (f.life != Life::Dead && !f.aboard).then_some(FigureView { id, cells, heading })
    })
}

/// A side as its compass heading; a corner as the nearest one.
fn heading(h: Body) -> Heading {
    match h {
        Body::Side(f) => f.into(),
        Body::Corner(c) => match c {
            Corner::NNe => Heading::Ne,
            Corner::NeSe => Heading::E,
            Corner::SeS => Heading::Se,
            Corner::SSw => Heading::Sw,
            Corner::SwNw => Heading::W,
            Corner::NwN => Heading::Nw,
        },
    }
}

/// What a table shows of a DragonQuest fight: menus, words, conditions, the map.
impl TableView for DragonQuest {
    fn answer_options(question: &Question) -> Vec<Answer> {
        match question {
            Question::FirstOrLast { .. } => vec![Answer::First(true), Answer::First(false)],
            Question::SideFirst { options, .. } => {
                options.iter().map(|&s| Answer::Side(s)).collect()
            }
            Question::NextFigure { options, .. } => {
                options.iter().map(|&c| Answer::Figure(c)).collect()
            }
            Question::Repulse { .. } | Question::Parry { .. } => {
                vec![Answer::Yes(true), Answer::Yes(false)]
            }
            Question::Grievous { .. } => {
                vec![Answer::BreakShield(false), Answer::BreakShield(true)]
            }
            Question::DisarmItem { options, .. } => {
                options.iter().map(|&i| Answer::Item(i)).collect()
            }
        }
    }
    fn describe_action(state: &State, actor: CombatantId, action: &Action) -> String {
        crate::describe::action(state, actor, action)
    }
    fn describe_answer(state: &State, question: &Question, answer: &Answer) -> String {
        crate::describe::answer(state, question, answer)
    }
    fn screen_event(event: &Self::Event, screen: &fray_core::view::Screen<'_>) -> Self::Event {
        crate::screen::event(event, screen)
    }
    /// The action menu of `actor` (DQ-13-001: the actions open to an engaged
    /// or a non-engaged figure): the action first, then the target, then the
    /// attack type (DQ-16-008) or the destination. The legal actions of
    /// [`legal::actions`] all appear, with moves by destination: toward each
    /// foe, to its rear hexes (DQ-00-013: left, behind, right), away from
    /// the foes.
    fn action_menu(state: &State, actor: CombatantId) -> fray_core::Menu<Action> {
        let b = Words::new(state, actor);
        let mut items: Vec<(Vec<Step>, Action)> = Vec::new();
        let mut actions = legal::actions(state, actor);
        for a in b.destinations() {
            if !actions.contains(&a) {
                actions.push(a);
            }
        }
        // Passing last: what a figure does when it does nothing else.
        actions.sort_by_key(|a| matches!(a, Action::Pass { .. }));
        for a in actions {
            let path = b.path(&a);
            items.push((path, a));
        }
        let engaged = if zones::engaged(state, actor) {
            "engaged"
        } else {
            "not engaged"
        };
        Menu::tree(
            format!("{}'s action ({engaged})", state.fig(actor).name),
            items,
        )
    }
    /// The answers to a question as a menu, titled by what it asks.
    fn answer_menu(state: &State, question: &Question) -> fray_core::Menu<Answer> {
        let title = match question {
            Question::FirstOrLast { .. } => "Act first or last (DQ-12-006)",
            Question::SideFirst { .. } => "Which side acts first (DQ-12-001)",
            Question::NextFigure { .. } => "Who acts next (DQ-12-001)",
            Question::Repulse { .. } => "Repulse (DQ-13-017)",
            Question::Parry { .. } => "Parry (DQ-17-007)",
            Question::Grievous { .. } => "Grievous injury (DQ-18-005)",
            Question::DisarmItem { .. } => "What is dropped (DQ-16-020)",
        };
        let items = crate::DragonQuest::answer_options(question)
            .into_iter()
            .map(|a| (crate::describe::answer(state, question, &a), a))
            .collect();
        Menu::grouped(title, items)
    }
    /// Each figure's conditions with how long they last, in DragonQuest's
    /// words and rules.
    fn conditions(state: &State, who: CombatantId) -> Vec<fray_core::view::ConditionView> {
        let f = state.fig(who);
        let s = &f.status;
        let mut out = Vec::new();
        let mut add = |name: String, lasts: Lasting, rule: &'static str| {
            out.push(ConditionView::new(name, lasts, rule));
        };
        match f.life {
            Life::Dead => {
                add("dead".into(), Lasting::Lasting, "DQ-19-001");
                return out;
            }
            Life::Unconscious => add("unconscious".into(), Lasting::Lasting, "DQ-19-002"),
            Life::Conscious => {}
        }
        if s.stunned {
            // DQ-19-006: a stun lasts until a Recover action succeeds.
            add("stunned".into(), Lasting::UntilShaken, "DQ-19-003");
        }
        if s.knocked_out > 0 {
            add(
                "knocked out".into(),
                Lasting::Turns(s.knocked_out),
                "DQ-16-017",
            );
        }
        if s.prone {
            add(
                "prone (stand up with a Pass)".into(),
                Lasting::UntilShaken,
                "DQ-00-017",
            );
        }
        if let Some(by) = s.restrained_by {
            add(
                format!("restrained by {}", name(state, by)),
                Lasting::UntilShaken,
                "DQ-16-014",
            );
        }
        if let Some(passes) = s.entangled {
            add(
                format!(
                    "entangled ({} Pass(es) to work free)",
                    2u8.saturating_sub(passes)
                ),
                Lasting::UntilShaken,
                "DQ-16-012",
            );
        }
        if s.close {
            let with: Vec<String> = state
                .ids()
                .filter(|&o| o != who && zones::in_close_with(state, who, o))
                .map(|o| name(state, o))
                .collect();
            let text = if with.is_empty() {
                "in close combat".to_string()
            } else {
                format!("in close combat with {}", with.join(", "))
            };
            add(text, Lasting::UntilShaken, "DQ-13-016");
        } else {
            // DQ-12-008: engaged with the foes next to it.
            let with: Vec<String> = state
                .ids()
                .filter(|&o| zones::engaged_pair(state, who, o))
                .map(|o| name(state, o))
                .collect();
            if !with.is_empty() {
                add(
                    format!("engaged with {}", with.join(", ")),
                    Lasting::WhileKept,
                    "DQ-12-008",
                );
            }
        }
        if s.evading {
            add("evading".into(), Lasting::UntilNextTurn, "DQ-13-005");
        }
        if s.defensive {
            add(
                "defensive posture (+20 Defense)".into(),
                Lasting::UntilNextTurn,
                "DQ-13-008",
            );
        }
        if s.forced_pass > state.pulse {
            add("must Pass".into(), Lasting::NextTurn, "DQ-17-008");
        } else if s.forced_pass == state.pulse && state.pulse > 0 {
            add("must Pass".into(), Lasting::ThisTurn, "DQ-17-008");
        }
        if s.lose_action {
            add(
                "loses its next action".into(),
                Lasting::NextTurn,
                "DQ-13-017",
            );
        }
        for &(_, penalty) in &s.lodged {
            add(
                format!("weapon lodged ({penalty} modAG)"),
                Lasting::UntilShaken,
                "DQ-20-008",
            );
        }
        if s.surprised && state.free_pulse {
            add("surprised".into(), Lasting::ThisTurn, "DQ-11-004");
        }
        if f.main.is_none() && !f.weapons.is_empty() {
            add("empty-handed".into(), Lasting::WhileKept, "DQ-13-012");
        }
        if f.shield.is_some() && !f.shield_ready {
            add("shield not ready".into(), Lasting::WhileKept, "DQ-13-012");
        }
        out
    }
    /// DQ-12-001: the pulse's order of action as far as it is known: whose
    /// slot it is, the rest of its engagement in order (DQ-12-006), the
    /// engagements still to resolve, then the non-engaged figures of each
    /// side in the order the sides act (step 3). Between pulses, scenario
    /// order.
    fn turn_order(state: &State) -> fray_core::view::TurnOrder {
        let seq = &state.seq;
        let now = seq.slot.filter(|s| s.left > 0).map(|s| s.who);
        let mut order: Vec<CombatantId> = now.into_iter().collect();
        let push = |id: CombatantId, order: &mut Vec<CombatantId>| {
            if !order.contains(&id) {
                order.push(id);
            }
        };
        match seq.stage {
            Stage::Begin => {
                for id in state.ids() {
                    push(id, &mut order);
                }
            }
            Stage::Engaged => {
                for &id in &seq.queue {
                    push(id, &mut order);
                }
                for &g in &seq.groups {
                    for id in state
                        .ids()
                        .filter(|id| seq.group_of.get(id.index()) == Some(&g))
                    {
                        push(id, &mut order);
                    }
                }
                let first = seq.winner.map_or(0, |s| s.0);
                for side in [first, 1 - first.min(1)] {
                    for id in state.ids().filter(|&id| {
                        seq.group_of.get(id.index()) == Some(&u16::MAX)
                            && state.fig(id).side.0 == side
                    }) {
                        push(id, &mut order);
                    }
                }
            }
            Stage::NonEngaged => {
                for &side in &seq.sides {
                    for &id in seq.queue.iter().filter(|&&id| state.fig(id).side == side) {
                        push(id, &mut order);
                    }
                }
            }
        }
        TurnOrder { order, now }
    }
    /// A Move of `actor` to `cell` (typed `move C4` at the table), facing the
    /// nearest foe, if the rules allow it (DQ-14-001).
    fn move_to(
        state: &State,
        actor: CombatantId,
        cell: fray_core::view::MapCell,
    ) -> Option<Action> {
        let to = HexPos::new(cell.a, cell.b);
        let w = Words::new(state, actor);
        let face = w
            .nearest_foe(to)
            .and_then(|t| to.facing_toward(state.fig(t).pos));
        [face, None].into_iter().find_map(|facing| {
            let a = Action::Move { to, facing };
            check(state, actor, &a).is_ok().then_some(a)
        })
    }
    fn map_view(state: &State) -> Option<fray_core::view::MapView> {
        Some(map_view(state))
    }
}
