//! What people at the table choose from and look at: the action menu as a
//! tree in d20-3d6's words (the action with the actions it costs and the
//! actions left this round, then the target, the weapon and the attack
//! options), each figure's conditions with how long they last, the turn
//! order, and the map as data. Every leaf of the menu passes
//! [`crate::rules::legal::check`].
//!
//! The ruleset's `TableView` impl stands at the end of this file, its
//! bodies inside it (no forwarding from `lib.rs`).

use crate::D20;
use crate::legal;
use crate::model::action::{Action, Answer, Maneuver, Question, Strike};
use crate::model::state::{Condition, Life, State};
use crate::rules::legal::check;
use fray_core::CombatantId;
use fray_core::TableView;
use fray_core::view::terrain_glyph;

use fray_core::grid::SquarePos;
use fray_core::menu::{Menu, Step};
use fray_core::view::{ConditionView, FigureView, Heading, Lasting, MapCell, MapView, TurnOrder};

fray_core::menu_words! {
    /// Words of one actor's menu.
    struct Words for State, figures: fighters;
}

impl Words<'_> {
    fn weapon(&self, w: u8) -> String {
        self.state
            .fighter(self.actor)
            .weapon(w)
            .map_or_else(|| format!("weapon {w}"), |a| a.weapon.name.clone())
    }

    fn potion(&self, p: u8) -> String {
        self.state
            .fighter(self.actor)
            .potions
            .get(usize::from(p))
            .map_or_else(|| format!("potion {p}"), |x| x.name.to_string())
    }

    fn square(&self, s: SquarePos) -> String {
        self.names.name(s.into())
    }

    fn foes(&self) -> Vec<CombatantId> {
        self.state
            .ids()
            .filter(|&o| self.state.foes(self.actor, o) && self.state.fighter(o).life != Life::Dead)
            .collect()
    }

    /// The foe nearest `s` (the lowest id on a tie).
    fn nearest_foe(&self, s: SquarePos) -> Option<CombatantId> {
        self.foes()
            .into_iter()
            .min_by_key(|&t| (self.state.fighter(t).pos.distance(s), t))
    }

    /// X-MAN-004: Moves to the squares beside and behind each one-square
    /// foe (its facing, X-SIT-003), and as far from the nearest foe as a
    /// Move goes, when the rules allow them.
    fn destinations(&self) -> Vec<Action> {
        let f = self.state.fighter(self.actor);
        if f.edge() > 1 || self.state.riding(self.actor).is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let foes = self.foes();
        for &t in &foes {
            let tf = self.state.fighter(t);
            let (dx, dy) = (i32::from(tf.facing.0), i32::from(tf.facing.1));
            if tf.edge() > 1 || (dx, dy) == (0, 0) {
                continue;
            }
            // Left, right and behind, as the foe faces.
            for (ox, oy) in [(dy, -dx), (-dy, dx), (-dx, -dy)] {
                let to = SquarePos::new(tf.pos.x + ox, tf.pos.y + oy);
                let a = Action::Move { to };
                if to != f.pos && check(self.state, self.actor, &a).is_ok() {
                    out.push(a);
                }
            }
        }
        if let Some(near) = foes
            .iter()
            .map(|&t| self.state.fighter(t).pos)
            .min_by_key(|p| (p.distance(f.pos), (p.x, p.y)))
        {
            let reach = f.stats.move_m as i32;
            let mut away: Vec<SquarePos> = Vec::new();
            for dy in -reach..=reach {
                for dx in -reach..=reach {
                    let s = SquarePos::new(f.pos.x + dx, f.pos.y + dy);
                    if s.distance(near) > f.pos.distance(near) {
                        away.push(s);
                    }
                }
            }
            away.sort_by_key(|s| {
                (
                    std::cmp::Reverse(s.distance(near)),
                    s.distance(f.pos),
                    (s.x, s.y),
                )
            });
            if let Some(a) = away.into_iter().find_map(|to| {
                let a = Action::Move { to };
                check(self.state, self.actor, &a).is_ok().then_some(a)
            }) {
                out.push(a);
            }
        }
        out
    }

    /// A destination named by its relation to the nearest foe and its
    /// square's map name.
    fn destination(&self, to: SquarePos) -> String {
        let here = self.state.fighter(self.actor).pos;
        let cell = self.square(to);
        let Some(t) = self.nearest_foe(to) else {
            return format!("to {cell}");
        };
        let tf = self.state.fighter(t);
        let (dx, dy) = (i32::from(tf.facing.0), i32::from(tf.facing.1));
        if tf.edge() == 1 && (dx, dy) != (0, 0) {
            let off = (to.x - tf.pos.x, to.y - tf.pos.y);
            if off == (dy, -dx) {
                return format!("flank {} (left), {cell}", self.who(t));
            }
            if off == (-dy, dx) {
                return format!("flank {} (right), {cell}", self.who(t));
            }
            if off == (-dx, -dy) {
                return format!("behind {}, {cell}", self.who(t));
            }
        }
        if tf.pos.distance(to) > tf.pos.distance(here) {
            return format!("away from {}, {cell}", self.who(t));
        }
        format!("toward {}, {cell}", self.who(t))
    }

    /// The options of one strike: the plain attack by default.
    fn option(s: &Strike) -> Step {
        if s.trust_to_luck {
            Step::new("trust to luck (-4, +1d6)")
        } else if s.low_level {
            Step::new("low-level option (-4 on both attacks)")
        } else if s.nonlethal {
            Step::new("nonlethal (-4)")
        } else if s.dex {
            Step::new("with DEX")
        } else {
            Step::new("single attack (1 action)").default()
        }
    }

    fn strike_steps(&self, verb: Step, s: &Strike, option: Step) -> Vec<Step> {
        vec![
            verb.then("target"),
            Step::new(self.who(s.target)).then("weapon"),
            Step::new(self.weapon(s.weapon)).then("option"),
            option,
        ]
    }

    /// The steps to `a` in the menu, by the branch it sits in.
    fn path(&self, a: &Action) -> Vec<Step> {
        match a {
            Action::Attack(_)
            | Action::OffhandAttack(_)
            | Action::PreciseStrike(_)
            | Action::Charge { .. } => self.attack_path(a),
            Action::Move { .. }
            | Action::Run { .. }
            | Action::Disengage { .. }
            | Action::Ride { .. }
            | Action::Mount
            | Action::Dismount { .. } => self.move_path(a),
            Action::OverrunMove { .. } | Action::Maneuver { .. } | Action::Escape => {
                self.maneuver_path(a)
            }
            Action::PreparedDefense
            | Action::TotalDefense
            | Action::OffhandDefense
            | Action::StandUp { .. } => Self::defend_path(a),
            Action::Draw { .. }
            | Action::Sheathe { .. }
            | Action::Reload { .. }
            | Action::TakePotion { .. }
            | Action::DrinkPotion { .. }
            | Action::GivePotion { .. } => self.ready_path(a),
            Action::FirstAid { .. } | Action::Cast { .. } => self.care_path(a),
            Action::EndTurn => vec![Step::new("End turn")],
        }
    }

    /// The steps to an attack or a charge (none for other actions).
    fn attack_path(&self, a: &Action) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        match a {
            Action::Attack(st) => self.strike_steps(s("Attack"), st, Self::option(st)),
            Action::OffhandAttack(st) => {
                self.strike_steps(s("Attack"), st, s("off-hand attack (1 action)"))
            }
            Action::PreciseStrike(st) => {
                self.strike_steps(s("Attack"), st, s("Precise Strike (2 actions, +1d4)"))
            }
            Action::Charge { to, strike } => vec![
                s("Charge (2 actions, +1d6, -4 Defense)").then("target"),
                Step::new(self.who(strike.target)).then("weapon"),
                Step::new(self.weapon(strike.weapon)).then("where to"),
                Step::new(format!("to {}", self.square(*to))).default(),
            ],
            _ => Vec::new(),
        }
    }

    /// The steps to a move, on foot or riding, or getting on or off a
    /// mount (none for other actions).
    fn move_path(&self, a: &Action) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        match a {
            Action::Move { to } => vec![
                s("Move (1 action)").then("where to"),
                Step::new(self.destination(*to)),
            ],
            Action::Run { to } => vec![
                s("Run (1 action, twice Move)").then("where to"),
                Step::new(self.destination(*to)),
            ],
            Action::Disengage { to } => vec![
                s("Disengage (1 action, 1 m)").then("where to"),
                Step::new(format!("to {}", self.square(*to))),
            ],
            Action::Ride { to } => {
                vec![s("Ride").then("where to"), Step::new(self.destination(*to))]
            }
            Action::Mount => vec![s("Mount (2 actions)")],
            Action::Dismount { to } => vec![
                s("Dismount (2 actions)").then("where to"),
                Step::new(format!("to {}", self.square(*to))),
            ],
            _ => Vec::new(),
        }
    }

    /// The steps to a special maneuver or an escape (none for other actions).
    fn maneuver_path(&self, a: &Action) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        match a {
            Action::OverrunMove { to, target } => vec![
                s("Special maneuver").then("which"),
                s("Overrun (X-SPM-006)").then("target"),
                Step::new(self.who(*target)).then("how"),
                Step::new(format!("running through to {}", self.square(*to))),
            ],
            Action::Maneuver { kind, target } => {
                let name = match kind {
                    Maneuver::Disarm => "Disarm (2 actions)",
                    Maneuver::Feint => "Feint (1 action)",
                    Maneuver::BullRush => "Bull Rush (2 actions)",
                    Maneuver::Grapple => "Grapple (2 actions)",
                    Maneuver::Trip => "Trip (2 actions)",
                    Maneuver::Overrun => "Overrun (X-SPM-006)",
                };
                vec![
                    s("Special maneuver").then("which"),
                    s(name).then("target"),
                    Step::new(self.who(*target)).then("how"),
                ]
            }
            Action::Escape => vec![s("Escape the grapple (2 actions)")],
            _ => Vec::new(),
        }
    }

    /// The steps to a defense or standing up (none for other actions).
    fn defend_path(a: &Action) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        match a {
            Action::PreparedDefense => vec![s("Defend"), s("Prepared Defense (1 action, +1)")],
            Action::TotalDefense => vec![s("Defend"), s("Total Defense (2 actions, +4)")],
            Action::OffhandDefense => vec![s("Defend"), s("off-hand weapon (free, +1)")],
            Action::StandUp { immediate } => vec![
                s("Stand up").then("how"),
                if *immediate {
                    s("with the Immediate (Acrobatics DC 13)")
                } else {
                    Step::new("1 action").default()
                },
            ],
            _ => Vec::new(),
        }
    }

    /// The steps to readying a weapon or handling a potion (none for
    /// other actions).
    fn ready_path(&self, a: &Action) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        match a {
            Action::Draw { weapon, offhand } => vec![
                s("Ready").then("what"),
                Step::new(format!("draw {}", self.weapon(*weapon))).then("hand"),
                if *offhand {
                    s("off hand")
                } else {
                    Step::new("main hand").default()
                },
            ],
            Action::Sheathe { weapon } => vec![
                s("Ready").then("what"),
                Step::new(format!("sheathe {}", self.weapon(*weapon))),
            ],
            Action::Reload { weapon } => vec![
                s("Ready").then("what"),
                Step::new(format!("reload {}", self.weapon(*weapon))),
            ],
            Action::TakePotion { potion } => vec![
                s("Potion").then("what"),
                Step::new(format!("take out {}", self.potion(*potion))),
            ],
            Action::DrinkPotion { potion } => vec![
                s("Potion").then("what"),
                Step::new(format!("drink {}", self.potion(*potion))),
            ],
            Action::GivePotion { potion, to } => vec![
                s("Potion").then("what"),
                Step::new(format!("give {}", self.potion(*potion))).then("to whom"),
                Step::new(self.who(*to)),
            ],
            _ => Vec::new(),
        }
    }

    /// The steps to First Aid or a spell (none for other actions).
    fn care_path(&self, a: &Action) -> Vec<Step> {
        let s = |t: &str| Step::new(t);
        match a {
            Action::FirstAid { patient } => vec![
                s("First Aid (2 actions)").then("patient"),
                Step::new(self.who(*patient)),
            ],
            Action::Cast { spell, target } => {
                let k = self
                    .state
                    .fighter(self.actor)
                    .spells
                    .get(usize::from(*spell));
                let name = k.map_or_else(
                    || format!("spell {spell}"),
                    |k| format!("{} ({} actions)", k.spell.name, k.spell.actions),
                );
                vec![
                    s("Cast").then("spell"),
                    Step::new(name).then("target"),
                    Step::new(self.who(*target)),
                ]
            }
            _ => Vec::new(),
        }
    }
}

/// The square map with every figure not dead on it: its whole space
/// (X-DAT-007), head square first, and the way it faces (X-SIT-003).
pub fn map_view(state: &State) -> MapView {
    MapView::of_each(&state.map, state.ids(), terrain_glyph, |id| {
        let f = state.fighter(id);
        if f.life == Life::Dead {
            return None;
        }
        let edge = i32::from(f.edge().max(1));
        let mut cells = Vec::new();
        for dy in 0..edge {
            for dx in 0..edge {
                cells.push(MapCell::from(SquarePos::new(f.pos.x + dx, f.pos.y + dy)));
            }
        }
        let heading = heading(f.facing);
        Some(FigureView { id, cells, heading })
    })
}

/// A facing step `(dx, dy)`, y growing southward, as a compass heading.
fn heading((dx, dy): (i8, i8)) -> Option<Heading> {
    Some(match (dx.signum(), dy.signum()) {
        (0, -1) => Heading::N,
        (1, -1) => Heading::Ne,
        (1, 0) => Heading::E,
        (1, 1) => Heading::Se,
        (0, 1) => Heading::S,
        (-1, 1) => Heading::Sw,
        (-1, 0) => Heading::W,
        (-1, -1) => Heading::Nw,
        _ => return None,
    })
}

/// What a table shows of a D20 fight: menus, words, conditions, the map.
impl TableView for D20 {
    fn answer_options(question: &Question) -> Vec<Answer> {
        match question {
            Question::Reaction { weapons, .. } => weapons
                .iter()
                .map(|&weapon| Answer::Strike { weapon })
                .chain([Answer::Decline])
                .collect(),
            Question::ExtraAction { .. } => vec![Answer::ExtraReaction, Answer::ExtraImmediate],
        }
    }
    fn describe_action(state: &State, actor: CombatantId, action: &Action) -> String {
        crate::model::words::action(state, actor, action)
    }
    fn describe_answer(state: &State, question: &Question, answer: &Answer) -> String {
        crate::describe::answer(state, question, answer)
    }
    fn screen_event(event: &Self::Event, screen: &fray_core::view::Screen<'_>) -> Self::Event {
        crate::screen::event(event, screen)
    }
    /// The action menu of `actor` (X-ACT-001: what its normal actions left
    /// this round buy): the action first, then the target, the weapon and
    /// the attack options (trust to luck X-ATK-007, the low-level option
    /// X-MUL-006, nonlethal X-SIT-016, DEX X-QCK-002, an off-hand attack
    /// X-MUL-002, Precise Strike X-MAN-011), or the destination of a move:
    /// toward each foe, to its flanks or behind it, away from the foes.
    fn action_menu(state: &State, actor: CombatantId) -> fray_core::Menu<Action> {
        let w = Words::new(state, actor);
        let mut actions = legal::actions(state, actor);
        for a in w.destinations() {
            if !actions.contains(&a) {
                actions.push(a);
            }
        }
        // Doing nothing last: what a figure does when it does nothing else.
        actions.sort_by_key(|a| matches!(a, Action::EndTurn));
        let items = actions.into_iter().map(|a| (w.path(&a), a)).collect();
        let left = state.turn.actions;
        Menu::tree(
            format!(
                "{}'s action ({left} action{} left this round)",
                state.fighter(actor).name,
                if left == 1 { "" } else { "s" }
            ),
            items,
        )
    }
    /// The answers to a question as a menu, titled by what it asks: the
    /// Reaction's free attack (X-ACT-007) or critical initiative's extra
    /// action (X-SEQ-002).
    fn answer_menu(state: &State, question: &Question) -> fray_core::Menu<Answer> {
        let title = match question {
            Question::Reaction { .. } => "Spend the Reaction (X-ACT-007)",
            Question::ExtraAction { .. } => "Critical initiative (X-SEQ-002)",
        };
        let items = crate::D20::answer_options(question)
            .into_iter()
            .map(|a| (crate::describe::answer(state, question, &a), a))
            .collect();
        Menu::grouped(title, items)
    }
    /// Each figure's conditions with how long they last (X-CON-001..014), its
    /// fatigue level (X-CON-002), health state (X-LIF-001..004, X-LIF-014),
    /// defenses taken this turn, and, on its turn, the actions it has left
    /// (X-ACT-001).
    fn conditions(state: &State, who: CombatantId) -> Vec<fray_core::view::ConditionView> {
        let f = state.fighter(who);
        let mut out = Vec::new();
        let mut add = |name: String, lasts: Lasting, rule: &'static str| {
            out.push(ConditionView::new(name, lasts, rule));
        };
        match f.life {
            Life::Fine => {}
            Life::KnockedOut => add("knocked out".into(), Lasting::UntilShaken, "X-LIF-014"),
            Life::Unconscious => add("unconscious".into(), Lasting::Lasting, "X-LIF-002"),
            Life::Dying => add("dying (1 HP a round)".into(), Lasting::Lasting, "X-LIF-003"),
            Life::Dead => {
                add("dead".into(), Lasting::Lasting, "X-LIF-004");
                return out;
            }
        }
        if state.turn.actor == Some(who) && f.life.fine() {
            let n = state.turn.actions;
            add(
                format!("{n} action{} left", if n == 1 { "" } else { "s" }),
                Lasting::ThisTurn,
                "X-ACT-001",
            );
        }
        for c in f.cond.iter() {
            let (lasts, rule) = match c {
                Condition::Surprised => (Lasting::UntilNextTurn, "X-SEQ-004"),
                Condition::Prone => (Lasting::UntilShaken, "X-CON-001"),
                Condition::Distracted => (Lasting::UntilNextTurn, "X-CON-003"),
                Condition::Frightened => (Lasting::Lasting, "X-CON-004"),
                Condition::Confused => (Lasting::Lasting, "X-CON-005"),
                Condition::Paralyzed => (Lasting::Lasting, "X-CON-006"),
                Condition::Blinded => (Lasting::Lasting, "X-CON-009"),
                Condition::Deafened => (Lasting::Lasting, "X-CON-010"),
                Condition::Nauseated => (Lasting::Lasting, "X-CON-011"),
                Condition::Entangled => (Lasting::UntilShaken, "X-CON-012"),
                Condition::Stunned => (Lasting::Lasting, "X-DEF-008"),
                Condition::Invisible => (Lasting::Lasting, "X-SIT-004"),
                Condition::Squeezed => (Lasting::WhileKept, "X-SIT-011"),
            };
            let name = match c {
                Condition::Prone => "prone (-4 to attack and Defense in melee)".to_string(),
                Condition::Stunned => "stunned (-4 Defense)".to_string(),
                Condition::Entangled => "entangled (-2 to attack, Defense, DEX)".to_string(),
                _ => c.name().to_string(),
            };
            add(name, lasts, rule);
        }
        if f.fatigue > 0 {
            let penalty = match f.fatigue {
                1 => 1,
                2 => 2,
                _ => 4,
            };
            add(
                format!("fatigued {} (-{penalty} to attack and Defense)", f.fatigue),
                Lasting::Lasting,
                "X-CON-002",
            );
        }
        if f.pinned {
            let by = f.grappled_by.map(|g| state.fighter(g).name.to_string());
            add(
                by.map_or("pinned (-4 Defense)".to_string(), |b| {
                    format!("pinned by {b} (-4 Defense)")
                }),
                Lasting::UntilShaken,
                "X-CON-014",
            );
        } else if let Some(g) = f.grappled_by {
            add(
                format!("grappled by {} (-2 Defense)", state.fighter(g).name),
                Lasting::UntilShaken,
                "X-CON-013",
            );
        }
        for (on, name, rule) in [
            (f.ran, "ran (-4 Defense)", "X-MAN-005"),
            (f.charged, "charged (-4 Defense)", "X-MAN-006"),
            (f.total_defense, "Total Defense (+4)", "X-MAN-009"),
            (f.prepared, "Prepared Defense (+1)", "X-MAN-008"),
            (f.offhand_defense, "off-hand defense (+1)", "X-MUL-005"),
        ] {
            if on {
                add(name.into(), Lasting::UntilNextTurn, rule);
            }
        }
        if let Some((target, _)) = f.feint
            && state.exists(target)
        {
            add(
                format!("feinted {}", state.fighter(target).name),
                Lasting::UntilNextTurn,
                "X-SPM-002",
            );
        }
        out
    }
    /// A Move of `actor` to `cell` (typed `move C4` at the table), if the
    /// rules allow it (X-MAN-004).
    fn move_to(
        state: &State,
        actor: CombatantId,
        cell: fray_core::view::MapCell,
    ) -> Option<Action> {
        let a = Action::Move {
            to: SquarePos::new(cell.a, cell.b),
        };
        check(state, actor, &a).is_ok().then_some(a)
    }
    /// X-SEQ-001: the initiative order, and whose turn it is; before the first
    /// round, scenario order.
    fn turn_order(state: &State) -> fray_core::view::TurnOrder {
        let now = state.order.get(state.cursor).copied();
        TurnOrder::kept(&state.order, now, state.ids())
    }
    fn map_view(state: &State) -> Option<fray_core::view::MapView> {
        Some(map_view(state))
    }
}
