//! What people at the table choose from and look at: the maneuver menu as a
//! tree (a maneuver, a target, a weapon and mode, a hit location, an
//! option), the defense menu, each figure's conditions with how long they
//! last, the turn order, and the map as data. Front-end glue like
//! [`crate::legal`] and [`crate::describe`]; every leaf of a menu passes
//! [`crate::rules::maneuver::check`].
//!
//! The ruleset's `TableView` impl stands at the end of this file, its
//! bodies inside it (no forwarding from `lib.rs`).

use crate::Gurps;
use crate::describe::{self, all_out_name, kind_name, weapon_words};
use crate::legal;
use crate::model::action::{
    Action, Aim, AllOutVariant, Answer, Charge, Dive, Extra, Question, Shove, Slam, SlamWith,
    Strike,
};
use crate::model::location::Location;
use crate::model::sheet::Trait;
use crate::model::state::{DefenseKind, Fighter, GripAt, Life, Posture, Stance, State, Stun};
use crate::rules::turn::shock_penalty;
use fray_core::CombatantId;
use fray_core::TableView;
use fray_core::grid::HexPos;
use fray_core::menu::Menu;
use fray_core::view::{ConditionView, FigureView, Lasting, MapCell, MapView, TurnOrder};

/// The hit locations offered (G-LOC-002), the torso first as the default
/// (G-TURN-003) and a random roll last (G-LOC-001): a short list; the
/// hands, feet and tail are typed as TOML. Only those the target has are
/// offered (a wolf's legs are fore and hind legs, G-LOC-006 decision).
const AIMS: [Aim; 20] = [
    Aim::At(Location::Torso),
    Aim::At(Location::Skull),
    Aim::At(Location::Eye),
    Aim::At(Location::Face),
    Aim::At(Location::Neck),
    Aim::At(Location::Vitals),
    Aim::At(Location::Groin),
    Aim::At(Location::RightArm),
    Aim::At(Location::LeftArm),
    Aim::At(Location::RightLeg),
    Aim::At(Location::LeftLeg),
    Aim::At(Location::RightForeleg),
    Aim::At(Location::LeftForeleg),
    Aim::At(Location::RightMidleg),
    Aim::At(Location::LeftMidleg),
    Aim::At(Location::RightHindleg),
    Aim::At(Location::LeftHindleg),
    Aim::At(Location::RightWing),
    Aim::At(Location::LeftWing),
    Aim::Random,
];

/// One option applied to a strike.
type StrikeChange = fn(Strike) -> Strike;

/// Deceptive Attack levels offered (G-ATK-001).
const DECEPTIVE_LEVELS: u8 = 4;

/// The group of a maneuver the menu takes from [`legal::actions`] as it
/// is; `None` for those built here.
fn other_verb(a: &Action) -> Option<&'static str> {
    Some(match a {
        Action::Attack { .. }
        | Action::AllOutAttack { .. }
        | Action::MoveAndAttack(_)
        | Action::Move { .. } => return None,
        Action::Feint { .. } => "Feint",
        Action::Aim { .. } => "Aim",
        Action::Grapple(_) => "Grapple",
        Action::Slam(_) | Action::Shove(_) => "Slam or Shove",
        Action::Wait(_) => "Wait",
        Action::Jump(_) => "Jump",
        Action::AllOutDefense { .. } => "All-Out Defense",
        Action::ChangePosture { .. } => "Change Posture",
        Action::Ready { .. } | Action::ReadyShield => "Ready",
        Action::Concentrate(_) => "Concentrate",
        Action::DoNothing => "Do Nothing",
    })
}

/// "Feint Sir Gawain with Broadsword" in the Feint list reads "Sir Gawain
/// with Broadsword".
fn strip_verb(label: &str, verb: &str) -> String {
    let rest = label
        .strip_prefix(verb)
        .map(|r| r.trim_start_matches([':', ' ']))
        .map(|r| r.strip_prefix("to ").unwrap_or(r));
    match rest {
        Some(r) if !r.is_empty() => r.to_string(),
        _ => label.to_string(),
    }
}

/// Replaces `#n` (a combatant id as it displays) with the figure's name.
fn named(state: &State, text: &str) -> String {
    fray_core::ids::with_names(text, |id| {
        state.exists(id).then(|| &*state.fighter(id).name)
    })
}

/// Builds the sub-menus of one actor's maneuver menu.
struct Builder<'a> {
    state: &'a State,
    actor: CombatantId,
    /// The Move toward each foe ([`legal::toward`], a route search), found
    /// once: the moves, the charges and the slams all start from it.
    toward: Vec<(CombatantId, Option<Action>)>,
}

impl<'a> Builder<'a> {
    fn new(state: &'a State, actor: CombatantId) -> Self {
        let toward = state
            .active_foes(actor)
            .map(|foe| (foe, legal::toward(state, actor, foe)))
            .collect();
        Builder {
            state,
            actor,
            toward,
        }
    }

    /// The Move toward `foe`, if there is one.
    fn toward(&self, foe: CombatantId) -> Option<Action> {
        self.toward
            .iter()
            .find(|(f, _)| *f == foe)
            .and_then(|(_, a)| a.clone())
    }

    fn legal(&self, a: &Action) -> bool {
        crate::rules::maneuver::check(self.state, self.actor, a).is_ok()
    }

    fn name(&self, id: CombatantId) -> String {
        self.state.fighter(id).name.to_string()
    }

    /// Every weapon and attack mode, as (weapon, mode, label).
    fn weapon_modes(&self) -> Vec<(u8, u8, String)> {
        let f = self.state.fighter(self.actor);
        let mut out = Vec::new();
        for (wi, w) in f.weapons.iter().enumerate() {
            for mi in 0..w.weapon.modes.len() {
                let (wi, mi) = (wi as u8, mi as u8);
                out.push((wi, mi, weapon_words(self.state, self.actor, wi, mi)));
            }
        }
        out
    }

    /// G-MATK-001: Attack, target first.
    fn attack_targets(&self) -> Menu<Action> {
        let mut m = Menu::new("Attack: target");
        for foe in self.state.active_foes(self.actor) {
            m.sub(self.name(foe), self.attack_weapons(foe));
        }
        m
    }

    /// The weapons that can strike `foe` now, or after a step (G-TAC-003).
    fn attack_weapons(&self, foe: CombatantId) -> Menu<Action> {
        let mut m = Menu::new(format!("Attack {}: weapon", self.name(foe)));
        for (wi, mi, label) in self.weapon_modes() {
            let strike = Strike::at(foe).with(wi, mi);
            let plain = attack(strike, None);
            if self.legal(&plain) {
                m.sub(label, self.locations(plain));
            } else if let Some(step) = legal::step_into_reach(self.state, self.actor, &strike) {
                let stepping = attack(strike, Some(step));
                if self.legal(&stepping) {
                    m.sub(format!("{label}, stepping in"), self.locations(stepping));
                }
            }
        }
        if let Some(first) = m.choices.first_mut() {
            first.default = true;
        }
        m
    }

    /// G-LOC-002: where to aim, the torso by default (G-TURN-003).
    fn locations(&self, base: Action) -> Menu<Action> {
        let mut m = Menu::new("Hit location");
        for aim in AIMS {
            let a = with_strike(&base, |s| s.aimed(aim));
            if !self.legal(&a) {
                continue;
            }
            let label = match aim {
                Aim::Random => "random (3d)".to_string(),
                Aim::At(Location::Torso) => "torso".to_string(),
                Aim::At(l) => format!("{} ({})", l.name(), l.aim_penalty()),
            };
            let torso = aim.is_torso();
            m.sub(label, self.options(a));
            if torso {
                m.default_last();
            }
        }
        m
    }

    /// The options of one strike, one at a time: none (the default),
    /// Deceptive (G-ATK-001), Telegraphic (G-ATK-003), Mighty Blow
    /// (G-EFF-002), chinks in armor (G-ATK-023), Rapid Strike (G-ATK-006,
    /// Flurry of Blows G-EFF-006), Dual-Weapon Attack (G-ATK-004).
    fn options(&self, base: Action) -> Menu<Action> {
        let mut m = Menu::new("Option");
        m.leaf("none", base.clone()).default_last();
        let mut deceptive = Menu::new("Deceptive Attack: level");
        for level in 1..=DECEPTIVE_LEVELS {
            let a = with_strike(&base, |s| Strike {
                deceptive: level,
                ..s
            });
            if self.legal(&a) {
                let l = i32::from(level);
                deceptive.leaf(format!("{level} (-{} to hit, -{l} to defend)", 2 * l), a);
            }
        }
        if !deceptive.is_empty() {
            m.choices.push(fray_core::menu::Choice {
                label: "Deceptive".into(),
                next: fray_core::menu::Node::Menu(deceptive),
                default: false,
            });
        }
        let singles: [(&str, StrikeChange); 4] = [
            ("Telegraphic (+4 to hit, +2 to defend)", |s| Strike {
                telegraphic: true,
                ..s
            }),
            ("Mighty Blow (1 FP)", |s| Strike {
                mighty_blow: true,
                ..s
            }),
            ("Rapid Recovery (1 FP)", |s| Strike {
                rapid_recovery: true,
                ..s
            }),
            ("chinks in armor", |s| Strike { chinks: true, ..s }),
        ];
        for (label, change) in singles {
            let a = with_strike(&base, change);
            if self.legal(&a) {
                m.leaf(label, a);
            }
        }
        if let Action::Attack {
            strike,
            step,
            giant_step,
            ..
        } = &base
        {
            let with_extra = |extra: Extra| Action::Attack {
                strike: *strike,
                step: *step,
                extra: Some(extra),
                giant_step: *giant_step,
            };
            // G-ATK-006, G-EFF-006: the second blow at the same foe or at
            // another in reach, plainly or as a Flurry of Blows; only a
            // melee attack trades for two (not even tried otherwise).
            let melee = self
                .state
                .fighter(self.actor)
                .weapons
                .get(usize::from(strike.weapon))
                .and_then(|w| w.weapon.modes.get(usize::from(strike.mode)))
                .is_some_and(|m| m.is_melee());
            let mut rapid = Menu::new("Rapid Strike: second blow");
            for foe in self.state.active_foes(self.actor).filter(|_| melee) {
                for flurry in [false, true] {
                    let a = with_extra(Extra::Rapid {
                        strike: Strike::at(foe).with(strike.weapon, strike.mode),
                        flurry,
                    });
                    if self.legal(&a) {
                        let how = if flurry {
                            ", Flurry of Blows (1 FP)"
                        } else {
                            ""
                        };
                        rapid.leaf(format!("at {}{how}", self.name(foe)), a);
                    }
                }
            }
            if let Some(first) = rapid.choices.first_mut() {
                first.default = true;
            }
            m.sub("Rapid Strike (two blows)", rapid);
            // G-ATK-004, G-ATK-005: a blow with another ready weapon.
            let mut dual = Menu::new("Dual-Weapon Attack: the off-hand blow");
            for (wi, mi, label) in self.weapon_modes() {
                if wi == strike.weapon {
                    continue;
                }
                for foe in self.state.active_foes(self.actor) {
                    let a = with_extra(Extra::Dual {
                        strike: Strike::at(foe).with(wi, mi),
                    });
                    if self.legal(&a) {
                        dual.leaf(format!("{label} at {}", self.name(foe)), a);
                    }
                }
            }
            m.sub("Dual-Weapon Attack", dual);
        }
        m
    }

    /// G-ATK-014..018, G-MAA-004, G-ATK-020: a Slam (with the Attack
    /// maneuver from here or after a step, or at the end of a full move as
    /// an All-Out Attack or a Move and Attack), a Shield Rush the same
    /// ways, and a Shove with one or both hands, at each foe.
    fn slams_and_shoves(&self) -> Vec<Action> {
        let mut out = Vec::new();
        for foe in self.state.active_foes(self.actor) {
            let mut routes: Vec<(SlamWith, Vec<HexPos>)> = vec![(SlamWith::Attack, Vec::new())];
            if let Some(step) = legal::step_into_reach(self.state, self.actor, &Strike::at(foe))
                && let Some(to) = step.to
            {
                routes.push((SlamWith::Attack, vec![to]));
            }
            if let Some(Action::Move { path, .. }) = self.toward(foe)
                && !path.is_empty()
            {
                for with in [SlamWith::Determined, SlamWith::Strong, SlamWith::Charge] {
                    routes.push((with, path.to_vec()));
                }
            }
            for shield_rush in [false, true] {
                for (with, path) in &routes {
                    let a = Action::Slam(Slam {
                        target: foe,
                        with: *with,
                        path: path.clone(),
                        shield_rush,
                    });
                    if self.legal(&a) {
                        out.push(a);
                    }
                }
            }
            let step = legal::step_into_reach(self.state, self.actor, &Strike::at(foe));
            for both_hands in [true, false] {
                for step in [None, step] {
                    let a = Action::Shove(Shove {
                        target: foe,
                        both_hands,
                        step,
                    });
                    if self.legal(&a) {
                        out.push(a);
                    }
                }
            }
        }
        out
    }

    /// "Slam Orc after a step", "Shield Rush Orc (All-Out, Determined)".
    fn slam_words(&self, slam: &Slam) -> String {
        let verb = if slam.shield_rush {
            "Shield Rush"
        } else {
            "Slam"
        };
        let how = match (slam.with, slam.path.len()) {
            (SlamWith::Attack, 0) => String::new(),
            (SlamWith::Attack, _) => ", stepping in".into(),
            (SlamWith::Determined, _) => ", running in (All-Out, Determined)".into(),
            (SlamWith::Strong, _) => ", running in (All-Out, Strong)".into(),
            (SlamWith::Charge, _) => ", running in (Move and Attack)".into(),
        };
        format!("{verb} {}{how}", self.name(slam.target))
    }

    /// G-AOA-001..004: the variant first, then the target and weapon.
    fn all_out_variants(&self) -> Menu<Action> {
        let mut m = Menu::new("All-Out Attack: variant");
        for variant in [
            AllOutVariant::Determined,
            AllOutVariant::Strong,
            AllOutVariant::Double,
            AllOutVariant::Feint,
        ] {
            let mut targets = Menu::new(format!(
                "All-Out Attack ({}): target",
                variant_word(variant)
            ));
            for foe in self.state.active_foes(self.actor) {
                let mut weapons = Menu::new("Weapon");
                for (wi, mi, label) in self.weapon_modes() {
                    let a = Action::AllOutAttack {
                        variant,
                        strike: Strike::at(foe).with(wi, mi),
                        advance: 0,
                    };
                    if self.legal(&a) {
                        weapons.sub(label, self.aims_only(a));
                    }
                }
                if let Some(first) = weapons.choices.first_mut() {
                    first.default = true;
                }
                targets.sub(self.name(foe), weapons);
            }
            m.sub(all_out_name(variant), targets);
        }
        m
    }

    /// Hit locations without further options.
    fn aims_only(&self, base: Action) -> Menu<Action> {
        let mut m = Menu::new("Hit location");
        for aim in AIMS {
            let a = with_strike(&base, |s| s.aimed(aim));
            if self.legal(&a) {
                let label = match aim {
                    Aim::Random => "random (3d)".to_string(),
                    Aim::At(Location::Torso) => "torso".to_string(),
                    Aim::At(l) => format!("{} ({})", l.name(), l.aim_penalty()),
                };
                m.leaf(label, a);
                if aim.is_torso() {
                    m.default_last();
                }
            }
        }
        m
    }

    /// G-MAA-001: a full Move toward a foe (the AI's route), striking at its end.
    fn charge_targets(&self) -> Menu<Action> {
        let mut m = Menu::new("Move and Attack: target");
        for foe in self.state.active_foes(self.actor) {
            let Some(Action::Move { to, face, path, .. }) = self.toward(foe) else {
                continue;
            };
            let mut weapons = Menu::new(format!("Move and Attack {}: weapon", self.name(foe)));
            for (wi, mi, label) in self.weapon_modes() {
                let mut how = Menu::new(format!("Move and Attack with {label}"));
                for heroic in [false, true] {
                    let a = Action::MoveAndAttack(Charge {
                        to,
                        face,
                        path: path.to_vec(),
                        strike: Strike::at(foe).with(wi, mi),
                        at: None,
                        heroic,
                    });
                    if self.legal(&a) {
                        // G-EFF-003: Heroic Charge, 1 FP, no -4 and no cap of 9.
                        how.leaf(
                            if heroic {
                                "Heroic Charge (1 FP)"
                            } else {
                                "plain"
                            },
                            a,
                        );
                        if !heroic {
                            how.default_last();
                        }
                    }
                }
                weapons.sub(label, how);
            }
            if let Some(first) = weapons.choices.first_mut() {
                first.default = true;
            }
            m.sub(self.name(foe), weapons);
        }
        m
    }

    /// G-MOV-001: moves by destination: toward each foe, to its flanks or
    /// its back (G-TAC-001 arcs), or a retreat away from the foes.
    fn moves(&self) -> Menu<Action> {
        let mut m = Menu::new("Move: where to");
        let foes: Vec<_> = self.state.active_foes(self.actor).collect();
        for &foe in &foes {
            if let Some(a) = self.toward(foe)
                && self.legal(&a)
            {
                m.leaf(format!("toward {}", self.name(foe)), a);
            }
        }
        for &foe in &foes {
            let pose = self.state.fighter(foe).pose;
            for (word, turn) in [("flank", -2), ("flank", 2), ("behind", 3)] {
                let hex = pose.pos.neighbour(pose.facing.turn(turn));
                let Some(a) = self.move_to(hex, Some(pose.pos)) else {
                    continue;
                };
                let label = match turn {
                    -2 => format!("{word} {} (left)", self.name(foe)),
                    2 => format!("{word} {} (right)", self.name(foe)),
                    _ => format!("{word} {}", self.name(foe)),
                };
                m.leaf(label, a);
            }
        }
        if let Some(a) = self.retreat(&foes) {
            m.leaf("retreat", a);
        }
        m
    }

    /// A Move to `hex` by the cheapest route, ending facing `look` if the
    /// rules allow, else as the route ends.
    fn move_to(&self, hex: HexPos, look: Option<HexPos>) -> Option<Action> {
        let here = self.state.fighter(self.actor).pose.pos;
        if hex == here {
            return None;
        }
        let face = look.and_then(|l| hex.facing_toward(l));
        [face, None].into_iter().find_map(|face| {
            let a = Action::Move {
                to: hex,
                face,
                path: crate::model::action::MovePath::new(),
                posture: None,
            };
            self.legal(&a).then_some(a)
        })
    }

    /// G-MOV-001: a step to the free neighbouring hex farthest from the
    /// nearest foe (the lowest hex on a tie), still facing that foe.
    fn retreat(&self, foes: &[CombatantId]) -> Option<Action> {
        let f = self.state.fighter(self.actor);
        let here = f.pose.pos;
        let nearest = foes
            .iter()
            .map(|&id| self.state.fighter(id).pose.pos)
            .min_by_key(|p| (p.distance(here), *p))?;
        let gap = |h: HexPos| {
            foes.iter()
                .map(|&id| self.state.fighter(id).pose.pos.distance(h))
                .min()
                .unwrap_or(0)
        };
        let mut hexes: Vec<HexPos> = here
            .neighbours()
            .into_iter()
            .filter(|&h| gap(h) > gap(here))
            .collect();
        hexes.sort_by_key(|&h| (std::cmp::Reverse(gap(h)), h));
        hexes
            .into_iter()
            .find_map(|h| self.move_to(h, Some(nearest)))
    }
}

/// A plain Attack maneuver with `strike` and perhaps a step first.
fn attack(strike: Strike, step: Option<crate::model::action::Step>) -> Action {
    Action::Attack {
        strike,
        step,
        extra: None,
        giant_step: None,
    }
}

/// The same action with its strike changed.
fn with_strike(a: &Action, change: impl Fn(Strike) -> Strike) -> Action {
    let mut a = a.clone();
    match &mut a {
        Action::Attack { strike, .. } | Action::AllOutAttack { strike, .. } => {
            *strike = change(*strike);
        }
        Action::MoveAndAttack(c) => c.strike = change(c.strike),
        _ => {}
    }
    a
}

fn variant_word(v: AllOutVariant) -> &'static str {
    match v {
        AllOutVariant::Determined => "Determined",
        AllOutVariant::Strong => "Strong",
        AllOutVariant::Double => "Double",
        AllOutVariant::Feint => "Feint",
    }
}

/// A condition added to a panel's list.
fn adder(out: &mut Vec<ConditionView>) -> impl FnMut(String, Lasting, &'static str) + '_ {
    |name, lasts, rule| out.push(ConditionView::new(name, lasts, rule))
}

/// Shock, stun, surprise, low HP and FP, death checks and crippling.
fn injury_conditions(f: &Fighter, now: bool, out: &mut Vec<ConditionView>) {
    let mut add = adder(out);
    // G-INJ-001: shock applies on the turn after the injury, then lapses.
    if now && f.shock != 0 {
        add(format!("shock {}", f.shock), Lasting::ThisTurn, "G-INJ-001");
    }
    if f.injury_since_turn > 0 {
        let coming = shock_penalty(
            f.stats.hp,
            f.injury_since_turn,
            f.has(Trait::HighPainThreshold),
            f.has(Trait::LowPainThreshold),
            f.shock_cap,
        );
        if coming != 0 {
            add(format!("shock {coming}"), Lasting::NextTurn, "G-INJ-001");
        }
    }
    match f.stun {
        Some(Stun::Physical) => add("stunned".into(), Lasting::UntilShaken, "G-INJ-010"),
        Some(Stun::Mental) => add("mentally stunned".into(), Lasting::UntilShaken, "G-INJ-010"),
        None => {}
    }
    if f.stun_defense_until_turn() {
        add(
            "-4 to defend (stun)".into(),
            Lasting::UntilNextTurn,
            "G-DEF-015",
        );
    }
    if f.frozen() > 0 {
        add(
            "frozen by surprise".into(),
            Lasting::Turns(u32::from(f.frozen())),
            "G-TURN-005",
        );
    }
    // G-INJ-011: below a third of HP, Move and Dodge are halved.
    if f.low_hp() {
        add(
            "reeling (half Move and Dodge)".into(),
            Lasting::Lasting,
            "G-INJ-011",
        );
    }
    // G-FAT-001: below a third of FP, the same.
    if f.low_fp() {
        add(
            "tired (half Move and Dodge)".into(),
            Lasting::Lasting,
            "G-FAT-001",
        );
    }
    if f.hp <= 0 {
        add(
            "HT roll each turn to stay up".into(),
            Lasting::Lasting,
            "G-INJ-012",
        );
    }
    if f.mortal_wound() {
        add("mortal wound".into(), Lasting::Lasting, "G-EXT-031");
    }
    for l in &f.crippled {
        add(
            format!("crippled {}", l.name()),
            Lasting::Lasting,
            "G-LOC-009",
        );
    }
}

/// Posture, the maneuver's stance and what it leaves until the next turn.
fn stance_conditions(f: &Fighter, out: &mut Vec<ConditionView>) {
    let mut add = adder(out);
    if f.posture != Posture::Standing {
        add(
            f.posture.name().to_string(),
            Lasting::WhileKept,
            "G-CPO-001",
        );
    }
    match f.stance {
        Stance::Normal => {}
        Stance::AllOutAttack => add(
            "no defense (All-Out Attack)".into(),
            Lasting::UntilNextTurn,
            "G-AOA-006",
        ),
        Stance::IncreasedDefense(k) => add(
            format!("+2 to {} (All-Out Defense)", kind_name(k)),
            Lasting::UntilNextTurn,
            "G-AOD-001",
        ),
        Stance::DoubleDefense => add(
            "two defenses (All-Out Defense)".into(),
            Lasting::UntilNextTurn,
            "G-AOD-002",
        ),
        Stance::MoveAndAttack => add(
            "Dodge or Block only, no retreat (Move and Attack)".into(),
            Lasting::UntilNextTurn,
            "G-MAA-006",
        ),
    }
    if f.off_balance() {
        add(
            "off balance (-2 to defend)".into(),
            Lasting::UntilNextTurn,
            "G-EXT-009",
        );
    }
    if f.dropped_guard() {
        add(
            "dropped guard (-2 to defend)".into(),
            Lasting::UntilNextTurn,
            "G-EXT-010",
        );
    }
    if f.torn_until_turn > f.turns {
        add(
            "torn muscle (-1)".into(),
            Lasting::Turns(f.torn_until_turn - f.turns),
            "G-EXT-010",
        );
    }
    if f.do_nothing_next() {
        add("must Do Nothing".into(), Lasting::Turns(1), "G-EXT-008");
    }
}

/// What ties the figure to another: a feint, an aim, a grip held or
/// suffered, a choke.
fn tie_conditions(state: &State, who: CombatantId, out: &mut Vec<ConditionView>) {
    let f = state.fighter(who);
    let mut add = adder(out);
    if let Some(feint) = f.feint
        && state.exists(feint.target)
    {
        add(
            format!(
                "feinted {} (-{} to its defense)",
                state.fighter(feint.target).name,
                feint.margin
            ),
            Lasting::UntilNextTurn,
            "G-FNT-003",
        );
    }
    if let Some(aim) = f.aim
        && state.exists(aim.target)
    {
        add(
            format!("aiming at {}", state.fighter(aim.target).name),
            Lasting::WhileKept,
            "G-AIM-001",
        );
    }
    if let Some(grip) = f.grip
        && state.exists(grip.target)
    {
        let what = match grip.at {
            GripAt::Body(l) => format!("by the {}", l.name()),
            GripAt::Item(_) => "by the weapon".to_string(),
        };
        let verb = if grip.pinned { "pins" } else { "holds" };
        add(
            format!("{verb} {} {what}", state.fighter(grip.target).name),
            Lasting::UntilShaken,
            "G-GRP-001",
        );
    }
    if let Some((by, _)) = state.held_by(who) {
        add(
            format!("held by {}", state.fighter(by).name),
            Lasting::UntilShaken,
            "G-GRP-001",
        );
    }
    if f.suffocating() {
        add(
            "choking (1 FP a turn)".into(),
            Lasting::Lasting,
            "G-GRP-010",
        );
    }
}

/// What the figure is busy with: waiting, sleeping, casting, weapons
/// held as spells or not ready.
fn activity_conditions(f: &Fighter, out: &mut Vec<ConditionView>) {
    let mut add = adder(out);
    if f.waiting.is_some() {
        add("waiting".into(), Lasting::UntilNextTurn, "G-WAIT-001");
    }
    if f.asleep() {
        add("asleep".into(), Lasting::UntilShaken, "");
    }
    if let Some(c) = f.casting
        && let Some(k) = f.spells.get(usize::from(c.spell))
    {
        add(
            format!("casting {} ({}/{} s)", k.spell.name, c.seconds, c.needed),
            Lasting::WhileKept,
            "G-CON-001",
        );
    }
    for w in &f.weapons {
        if w.spell.is_some() {
            add(
                format!("holds {}", w.weapon.name),
                Lasting::WhileKept,
                "G-SPL-011",
            );
        } else if !w.ready() && !w.broken() && !w.taken() && w.dropped_at.is_none() && w.is_held() {
            add(
                format!("{} not ready", w.weapon.name),
                Lasting::WhileKept,
                "G-RDY-001",
            );
        }
    }
}

/// A figure out of the fight: unconscious or dead, and a mortal wound.
fn dead_or_down(life: Life, mortal: bool) -> Vec<ConditionView> {
    let mut out = Vec::new();
    match life {
        Life::Unconscious => out.push(ConditionView::new(
            "unconscious",
            Lasting::Lasting,
            "G-INJ-012",
        )),
        Life::Dead => out.push(ConditionView::new("dead", Lasting::Lasting, "G-INJ-013")),
        Life::Conscious => {}
    }
    if mortal && life != Life::Dead {
        out.push(ConditionView::new(
            "mortal wound",
            Lasting::Lasting,
            "G-EXT-031",
        ));
    }
    out
}

/// The map with every figure not dead on it (G-POS-009: a lying figure
/// fills two hexes), facing shown.
pub fn map_view(state: &State) -> MapView {
    MapView::of_each(&state.map, state.ids(), glyph, |id| {
        let f = state.fighter(id);
        let mut cells = vec![MapCell::from(f.pose.pos)];
        cells.extend(f.body.map(MapCell::from));
        let heading = Some(f.pose.facing.into());
        (f.life != Life::Dead).then_some(FigureView { id, cells, heading })
    })
}

/// Terrain glyphs for a text map (G-TAC-004..007 kinds): letters are left
/// to figures.
fn glyph(kinds: &[&fray_core::grid::vocab::FeatureKind]) -> char {
    let Some(first) = kinds.first() else {
        return ' ';
    };
    match first.name {
        "wall" => '#',
        "obstruction" => '^',
        "water" => '~',
        "treacherous" => '!',
        "difficult" => ':',
        "stairs" => '=',
        "gentle_slope" | "steep_slope" => '/',
        _ => fray_core::view::terrain_glyph(kinds),
    }
}

/// What a table shows of a Gurps fight: menus, words, conditions, the map.
impl TableView for Gurps {
    /// The maneuver menu of `actor` (G-TURN-001): Attack, All-Out Attack, Move
    /// and Attack and Move built here with targets, weapons, locations,
    /// options and destinations; the other maneuvers of [`legal::actions`]
    /// grouped by kind. Only actions that pass the rules' check are kept.
    fn action_menu(state: &State, actor: CombatantId) -> fray_core::Menu<Action> {
        let b = Builder::new(state, actor);
        let mut root = Menu::new(format!("{}'s maneuver", state.fighter(actor).name));
        root.sub("Attack", b.attack_targets());
        root.sub("All-Out Attack", b.all_out_variants());
        root.sub("Move and Attack", b.charge_targets());
        root.sub("Move", b.moves());
        let mut groups: Vec<(&'static str, Vec<(String, Action)>)> = Vec::new();
        let mut others = legal::actions(state, actor);
        others.extend(b.slams_and_shoves());
        for a in others {
            let Some(verb) = other_verb(&a) else {
                continue;
            };
            let label = match &a {
                // G-GRP-003: a grab at the foe's weapon, by its name.
                Action::Grapple(crate::model::action::Grapple::Grab {
                    target,
                    item: Some(i),
                    ..
                }) => {
                    let foe = state.fighter(*target);
                    let weapon = foe
                        .weapons
                        .get(usize::from(*i))
                        .map_or("weapon", |w| w.weapon.name.as_str());
                    format!("Grab {}'s {weapon}", foe.name)
                }
                Action::Slam(slam) => b.slam_words(slam),
                Action::Shove(shove) => format!(
                    "Shove {}{}",
                    b.name(shove.target),
                    match (shove.both_hands, shove.step.is_some()) {
                        (true, false) => " with both hands",
                        (true, true) => " with both hands, stepping in",
                        (false, true) => " with one hand, stepping in",
                        (false, false) => " with one hand",
                    }
                ),
                _ => named(state, &describe::action(state, actor, &a)),
            };
            match groups.iter_mut().find(|(v, _)| *v == verb) {
                Some((_, g)) => g.push((label, a)),
                None => groups.push((verb, vec![(label, a)])),
            }
        }
        // Doing nothing last, after the slams and shoves added above.
        groups.sort_by_key(|(verb, _)| *verb == "Do Nothing");
        for (verb, items) in groups {
            if let [(label, a)] = items.as_slice() {
                root.leaf(label.clone(), a.clone());
                continue;
            }
            let items = items
                .into_iter()
                .map(|(label, a)| (strip_verb(&label, verb), a))
                .collect();
            root.sub(verb, Menu::grouped(verb, items));
        }
        root.fold_overflow();
        root
    }
    /// The answers to a question as a menu: for a defense (G-TURN-004 step 2)
    /// the defense first (Dodge, Parry with each weapon, Block, the dives and
    /// Acrobatic Dodge), then how (no retreat by default, retreating
    /// G-DEF-009, feverishly G-EFF-005); no defense last.
    fn answer_menu(state: &State, question: &Question) -> fray_core::Menu<Answer> {
        let answers = crate::Gurps::answer_options(question);
        let Question::Defend { .. } = question else {
            let items = answers
                .into_iter()
                .map(|a| (crate::describe::answer(state, question, &a), a))
                .collect();
            return Menu::grouped("Where does the body lie", items);
        };
        let mut root = Menu::new("Defend");
        type Key = (DefenseKind, Option<u8>, bool, Option<Dive>);
        let mut groups: Vec<(Key, Vec<Answer>)> = Vec::new();
        let mut none = None;
        for a in answers {
            let Answer::Defend {
                kind,
                weapon,
                acrobatic,
                dive,
                ..
            } = a
            else {
                none = Some(a);
                continue;
            };
            let key = (kind, weapon, acrobatic, dive);
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, g)) => g.push(a),
                None => groups.push((key, vec![a])),
            }
        }
        for (_, group) in groups {
            let plain = group
                .iter()
                .find(|a| {
                    matches!(
                        a,
                        Answer::Defend {
                            retreat: false,
                            feverish: false,
                            ..
                        }
                    )
                })
                .or(group.first())
                .cloned();
            let Some(plain) = plain else { continue };
            let full = crate::describe::answer(state, question, &plain);
            let name = full.split(':').next().unwrap_or(&full).trim().to_string();
            if let [only] = group.as_slice() {
                root.leaf(full, only.clone());
                continue;
            }
            let mut how = Menu::new(format!("{name}: how"));
            for a in group {
                let Answer::Defend {
                    retreat, feverish, ..
                } = a
                else {
                    continue;
                };
                let text = crate::describe::answer(state, question, &a);
                let value = text.rsplit(':').next().unwrap_or("").trim().to_string();
                let label = match (retreat, feverish) {
                    (false, false) => format!("no retreat: {value}"),
                    (true, false) => format!("retreat: {value}"),
                    (false, true) => format!("feverishly (1 FP): {value}"),
                    (true, true) => format!("retreat, feverishly (1 FP): {value}"),
                };
                let default = !retreat && !feverish;
                how.leaf(label, a);
                if default {
                    how.default_last();
                }
            }
            root.sub(name, how);
        }
        if let Some(a) = none {
            root.leaf("no defense", a);
        }
        root
    }
    /// G-INJ-001 and the rest: what a status panel shows of `who`, each with
    /// how long it lasts. Shock shows only while it applies (its own turn),
    /// and as coming when injury since its last turn will give it next turn.
    fn conditions(state: &State, who: CombatantId) -> Vec<fray_core::view::ConditionView> {
        let f = state.fighter(who);
        if f.life != Life::Conscious {
            return dead_or_down(f.life, f.mortal_wound());
        }
        let now = state.cursor.and_then(|i| state.order.get(i)) == Some(&who);
        let mut out = Vec::new();
        injury_conditions(f, now, &mut out);
        stance_conditions(f, &mut out);
        tie_conditions(state, who, &mut out);
        activity_conditions(f, &mut out);
        out
    }
    /// G-TURN-001: the order fixed by Basic Speed, and whose turn it is; before
    /// the first turn the order is not fixed yet, so scenario order shows.
    fn turn_order(state: &State) -> fray_core::view::TurnOrder {
        let now = state.cursor.and_then(|i| state.order.get(i)).copied();
        TurnOrder::kept(&state.order, now, state.ids())
    }
    /// G-MOV-001: a Move of `actor` to `cell` (typed `move C4` at the table),
    /// by the cheapest route, ending facing the nearest foe if the rules allow.
    fn move_to(
        state: &State,
        actor: CombatantId,
        cell: fray_core::view::MapCell,
    ) -> Option<Action> {
        let b = Builder {
            state,
            actor,
            toward: Vec::new(),
        };
        let hex = HexPos::new(cell.a, cell.b);
        let look = state
            .active_foes(actor)
            .map(|id| state.fighter(id).pose.pos)
            .min_by_key(|p| (p.distance(hex), *p));
        b.move_to(hex, look)
    }
    fn map_view(state: &State) -> Option<fray_core::view::MapView> {
        Some(map_view(state))
    }
    fn describe_action(state: &State, actor: CombatantId, action: &Action) -> String {
        crate::describe::action(state, actor, action)
    }
    fn describe_answer(state: &State, question: &Question, answer: &Answer) -> String {
        crate::describe::answer(state, question, answer)
    }
    /// Each defense offered, standing and (where allowed, G-DEF-009)
    /// retreating; then the same with Feverish Defense (G-EFF-005) when the
    /// defender has FP, and Dodges made acrobatic (G-DEF-011); then no
    /// defense: every answer `check_answer` accepts.
    fn answer_options(question: &Question) -> Vec<Answer> {
        let (options, extra_effort, ranged) = match question {
            Question::Defend {
                options,
                extra_effort,
                ranged,
                ..
            } => (options, extra_effort, ranged),
            Question::Fall { options, .. } => {
                return options.iter().map(|&hex| Answer::Fall { hex }).collect();
            }
        };
        let mut out = Vec::with_capacity(options.len() * 8 + 1);
        let dives: &[Option<crate::model::action::Dive>] = if *ranged {
            &[
                None,
                Some(crate::model::action::Dive::Drop),
                Some(crate::model::action::Dive::Cover),
            ]
        } else {
            &[None]
        };
        let feverish: &[bool] = if *extra_effort {
            &[false, true]
        } else {
            &[false]
        };
        for &fev in feverish {
            for o in options {
                if fev && o.kind == crate::model::state::DefenseKind::Spell {
                    continue;
                }
                let acrobatic: &[bool] = if o.kind == crate::model::state::DefenseKind::Dodge {
                    &[false, true]
                } else {
                    &[false]
                };
                for &acro in acrobatic {
                    let dives = if o.kind == crate::model::state::DefenseKind::Dodge {
                        dives
                    } else {
                        &[None]
                    };
                    for &dive in dives {
                        let defend = |retreat| Answer::Defend {
                            kind: o.kind,
                            weapon: o.weapon,
                            retreat,
                            feverish: fev,
                            acrobatic: acro,
                            dive,
                        };
                        out.push(defend(false));
                        if o.with_retreat.is_some() {
                            out.push(defend(true));
                        }
                    }
                }
            }
        }
        out.push(Answer::NoDefense);
        out
    }
    fn screen_event(event: &Self::Event, screen: &fray_core::view::Screen<'_>) -> Self::Event {
        crate::screen::event(event, screen)
    }
}
