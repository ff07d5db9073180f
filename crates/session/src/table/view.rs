//! What one seat sees of a table, as JSON-ready data: the board, the
//! figures with their pools and conditions, the turn order, what is pending
//! and for whom (with the menu of legal choices when it is this seat's),
//! and the log's records.
//!
//! Everything a seat may not see is left out here, before anything is
//! written: the seed and the records' inputs (the GM's only); for every
//! seat but the GM's, secret rolls; under `npcs = "hidden"`, the pools,
//! roll targets and terms of the figures no player plays
//! ([`fray_core::TableView::screen_event`]). These types own their text, so
//! a client reads them back with serde as they were written.

use crate::log::{By, Entry, Input, Record, Told};
use crate::seat::{self, Control, Seat, SeatPlan};
use crate::session::Session;
use crate::view::named;
use crate::view::status::Status;
use fray_core::menu::{Menu, Node};
use fray_core::view::Screen;
use fray_core::{Addressee, NpcView, Pending, Ruleset};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The table as one seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableView {
    /// The ruleset id.
    pub ruleset: String,
    /// The scenario's title.
    pub name: String,
    /// The seat this view is for.
    pub seat: Seat,
    /// The revision of the last record.
    pub revision: u64,
    /// The seed of the table's dice (the GM's view only: the dice to come
    /// follow from it).
    pub seed: Option<u64>,
    /// The ruleset's round (turn, pulse) counter.
    pub round: u32,
    /// How the fight ended, once it has.
    pub over: Option<OutcomeView>,
    /// Whether the table waits for the GM to play on (at the start, after
    /// an override, an undo or a redo that leaves the AI to act).
    pub paused: bool,
    /// Whether a person gave inputs to the step in progress (overrides,
    /// dice settings and seats wait until it completes or is undone).
    pub in_progress: bool,
    /// Why the fight cannot go on, if it cannot.
    pub stuck: Option<String>,
    /// What the table waits for, and from whom.
    pub pending: Option<PendingView>,
    /// Every figure, in turn order.
    pub figures: Vec<FigureState>,
    /// Who acts now and next, by figure id.
    pub order: OrderView,
    /// The battle map, if the ruleset plays on one.
    pub map: Option<BoardView>,
    /// The players' seats and what they see.
    pub seats: SeatPlan,
    /// The dice settings in force, in words, oldest first.
    pub dice: Vec<String>,
    /// Whether this seat may undo now.
    pub can_undo: bool,
    /// Whether the GM may redo now.
    pub can_redo: bool,
}

/// How a fight ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutcomeView {
    /// The winning side's name, if one side won.
    pub winner: Option<String>,
    /// Why it ended: `victory`, `mutual_destruction`, `round_limit`, `called`.
    pub reason: String,
    /// The round it ended in.
    pub rounds: u32,
}

/// One figure's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FigureState {
    /// Its id (its place in the scenario's list of figures).
    pub id: u16,
    /// Its name.
    pub name: String,
    /// Its side's name.
    pub side: String,
    /// Its side's number (0 for the first side named), for colours.
    pub side_index: u8,
    /// The one-character label the map shows it by.
    pub label: String,
    /// Its pools in the ruleset's words; `None` when hidden from this seat.
    pub pools: Option<Vec<PoolState>>,
    /// `active`, `stunned`, `down` or `dead`.
    pub vitality: String,
    /// Its conditions with how long they last.
    pub conditions: Vec<ConditionState>,
    /// Where it stands, in the ruleset's words.
    pub position: String,
    /// Who plays it: a player's seat name, `gm`, `ai` or `script`.
    pub played_by: String,
    /// Whether this seat plays it.
    pub yours: bool,
}

/// One pool now and at most.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PoolState {
    /// The ruleset's label (`HP`).
    pub label: String,
    /// Now.
    pub current: i32,
    /// At most.
    pub max: i32,
}

/// One condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionState {
    /// The ruleset's words (`stunned`, `shock -2`).
    pub name: String,
    /// How long it lasts, in words (empty when the ruleset does not say).
    pub lasts: String,
    /// The checklist ID behind it (empty if none).
    pub rule: String,
}

/// Who acts in what order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OrderView {
    /// Figure ids in the order they act.
    pub order: Vec<u16>,
    /// Whose turn it is.
    pub now: Option<u16>,
    /// Who acts next (the next able to act).
    pub next: Option<u16>,
}

/// The battle map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardView {
    /// `hex` (flat-top, axial `[q, r]`) or `square` (`[x, y]`).
    pub kind: String,
    /// Every cell with its name on the text map (`C4`), sorted.
    pub cells: Vec<CellView>,
    /// The cells with terrain.
    pub terrain: Vec<TerrainView>,
    /// The figures on the map.
    pub figures: Vec<PlacedView>,
}

/// One cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CellView {
    /// `[q, r]` or `[x, y]`.
    pub at: [i32; 2],
    /// Its name (`C4`), as `move C4` takes it.
    pub name: String,
}

/// Terrain on one cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainView {
    /// Where.
    pub at: [i32; 2],
    /// A glyph for a text map (`#` for a wall).
    pub glyph: String,
    /// The ruleset's names of what is there.
    pub names: Vec<String>,
}

/// A figure on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlacedView {
    /// Its id.
    pub id: u16,
    /// The cells it fills, its head cell first.
    pub cells: Vec<[i32; 2]>,
    /// Where it faces (`n`, `ne`...), if the ruleset tracks facing.
    pub heading: Option<String>,
}

/// What the table waits for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PendingView {
    /// `action`, `answer` or `roll`.
    pub kind: String,
    /// The seat it is for.
    pub seat: Seat,
    /// Whether this seat may give it.
    pub yours: bool,
    /// The figure it is about: the actor, the one asked, the roller.
    pub figure: Option<String>,
    /// What is asked, in words.
    pub text: String,
    /// The legal choices as the menus show them (when this seat may give it).
    pub menu: Option<MenuView>,
    /// What the ruleset's AI would choose, to send back as it is ("let
    /// the AI decide"; for the seat the request is for).
    pub suggested: Option<serde_json::Value>,
    /// The roll wanted, for a roll.
    pub roll: Option<RollWanted>,
}

/// One list of choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MenuView {
    /// What it chooses.
    pub title: String,
    /// The choices, in order.
    pub choices: Vec<ChoiceView>,
}

/// One choice: a shorter list, or a value to send back as it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChoiceView {
    /// The words shown.
    pub label: String,
    /// Whether typed words that say nothing of this list take it.
    pub default: bool,
    /// The list it opens.
    pub menu: Option<MenuView>,
    /// The action or answer it finishes with.
    pub value: Option<serde_json::Value>,
}

/// A roll the table waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RollWanted {
    /// The dice (`3d6`).
    pub dice: String,
    /// What it is for.
    pub label: String,
    /// The rule that calls for it.
    pub rule: String,
    /// The number to roll against, if there is one and this seat may see it.
    pub target: Option<i32>,
    /// Who rolls (a figure's name; none for the game master).
    pub roller: Option<String>,
}

/// One record of the log as one seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordView {
    /// Its revision.
    pub rev: u64,
    /// The seat that gave it.
    pub seat: Seat,
    /// `open`, `input`, `step`, `override`, `dice`, `seats`, `undo`, `redo`.
    pub kind: String,
    /// What it was, in words.
    pub summary: String,
    /// For an undo or a redo, the revisions it took back or gave back.
    pub moves: Vec<u64>,
    /// What it made happen, in order.
    pub told: Vec<ToldView>,
    /// The record itself (the GM's view only: it holds every die).
    pub entry: Option<serde_json::Value>,
}

/// One thing a record made happen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToldView {
    /// In words, as the narration says it.
    pub text: String,
    /// The ruleset's event (as `fray fight --json` writes it), for
    /// expanding a roll to its terms and rule IDs; none for the table's words.
    pub event: Option<serde_json::Value>,
}

/// Builds views of one table for one seat.
pub(crate) struct Lens<'a, R: Ruleset> {
    pub session: &'a Session<R>,
    pub seat: &'a Seat,
    pub name: &'a str,
    /// Whether the view works out the AI's suggestion ([`suggestion`]):
    /// a server leaves it out and sends it apart ([`crate::table::Suggester`]).
    pub suggest: bool,
}

/// What the ruleset's AI would give for `pending`: an action or an answer
/// as JSON, to send back as it is; none for a roll.
pub(crate) fn suggestion<R: Ruleset>(
    state: &R::State,
    pending: &Pending<R>,
) -> Option<serde_json::Value> {
    match pending {
        Pending::Action(actor) => serde_json::to_value(R::ai_action(state, *actor)).ok(),
        Pending::Answer(q) => serde_json::to_value(R::ai_answer(state, q)).ok(),
        Pending::Roll(_) => None,
    }
}

impl<R: Ruleset> Lens<'_, R> {
    fn plan(&self) -> &SeatPlan {
        self.session.plan()
    }

    /// The state to show: at the request waited for, else after the log.
    fn state(&self) -> &R::State {
        self.session
            .waiting()
            .map_or(self.session.state(), |w| &w.state)
    }

    fn hides(&self, name: &str) -> bool {
        self.plan().hides(self.seat, name)
    }

    /// Whether this seat sees a wanted roll's target: not a hidden
    /// figure's, and a secret roll's only for the GM.
    fn sees_target(&self, hidden_roller: bool, secret: bool) -> bool {
        let gm = *self.seat == Seat::Gm;
        !hidden_roller && (gm || !secret)
    }

    /// The whole view.
    pub fn table(&self) -> TableView {
        let session = self.session;
        let state = self.state();
        let pending = session
            .waiting()
            .map(|w| self.pending(&w.state, &w.pending));
        let now = match session.waiting().map(|w| &w.pending) {
            Some(Pending::Action(actor)) => Some(*actor),
            _ => None,
        };
        let status = Status::of::<R>(state, now);
        let gm = *self.seat == Seat::Gm;
        TableView {
            ruleset: R::ID.to_string(),
            name: self.name.to_string(),
            seat: self.seat.clone(),
            revision: session.revision(),
            seed: gm.then_some(session.seed()),
            round: R::round(state),
            over: session.over().map(|o| self.outcome(o)),
            paused: session.paused(),
            in_progress: session.in_progress(),
            stuck: session.stuck().map(str::to_string),
            pending,
            figures: status.figures.iter().map(|f| self.figure(f)).collect(),
            order: OrderView {
                order: status.figures.iter().map(|f| f.id.0).collect(),
                now: status.now.map(|id| id.0),
                next: status.next.map(|id| id.0),
            },
            map: R::map_view(state).map(board),
            seats: self.plan().clone(),
            dice: session.dice().iter().map(ToString::to_string).collect(),
            can_undo: self.can_undo(),
            can_redo: gm && session.can_redo(),
        }
    }

    fn can_undo(&self) -> bool {
        match self.seat {
            Seat::Gm => self.session.can_undo(),
            Seat::Watcher => false,
            player => {
                let last = self.session.in_effect().last();
                self.session.in_progress()
                    && last.is_some_and(|r| r.seat == *player && matches!(r.entry, Entry::Input(_)))
            }
        }
    }

    fn outcome(&self, o: &fray_core::Outcome) -> OutcomeView {
        let roster = R::roster(self.session.state());
        OutcomeView {
            winner: o.winner.and_then(|side| {
                roster
                    .iter()
                    .find(|c| c.side == side)
                    .map(|c| c.side_name.clone())
            }),
            reason: word(&o.reason),
            rounds: o.rounds,
        }
    }

    fn figure(&self, f: &crate::view::status::FigureStatus) -> FigureState {
        let state = self.state();
        let control = seat::figure_control::<R>(state, self.plan(), f.id);
        let played_by = match &control {
            Control::Person(Seat::Player(p)) => p.clone(),
            Control::Person(_) => "gm".to_string(),
            Control::Ai => "ai".to_string(),
            Control::Script => "script".to_string(),
        };
        let yours = match self.seat {
            Seat::Gm => true,
            Seat::Watcher => false,
            seat => control == Control::Person(seat.clone()),
        };
        let side_index = R::roster(state)
            .iter()
            .find(|c| c.id == f.id)
            .map_or(0, |c| c.side.0);
        FigureState {
            id: f.id.0,
            name: f.name.clone(),
            side: f.side.clone(),
            side_index,
            label: f.label.to_string(),
            pools: (!self.hides(&f.name)).then(|| {
                f.pools
                    .iter()
                    .map(|p| PoolState {
                        label: p.label.to_string(),
                        current: p.current,
                        max: p.max,
                    })
                    .collect()
            }),
            vitality: word(&f.vitality),
            conditions: f
                .conditions
                .iter()
                .map(|c| ConditionState {
                    name: c.name.clone(),
                    lasts: c.lasts.words(),
                    rule: c.rule.to_string(),
                })
                .collect(),
            position: f.position.clone(),
            played_by,
            yours,
        }
    }

    /// What is pending, with the menu when this seat may give it.
    fn pending(&self, state: &R::State, pending: &Pending<R>) -> PendingView {
        let session = self.session;
        let for_seat = session.seat_for(state, pending);
        let yours = seat::may_give(self.seat, &for_seat);
        let roster = R::roster(state);
        // Worked out for the seat the request is for only (the GM looking
        // at a player's turn does not pay for the AI's decision).
        let suggested = (self.suggest && *self.seat == for_seat)
            .then(|| suggestion(state, pending))
            .flatten();
        let (kind, figure, text, menu, roll) = match pending {
            Pending::Action(actor) => (
                "action",
                Some(R::name(state, *actor).to_string()),
                session.pending_words(state, pending),
                yours.then(|| menu_view(&R::action_menu(state, *actor))),
                None,
            ),
            Pending::Answer(q) => {
                let who = R::addressee(q);
                let figure = match who {
                    Addressee::Combatant(id) => Some(R::name(state, id).to_string()),
                    _ => None,
                };
                let text = format!(
                    "{}: {}",
                    R::addressee_name(state, who),
                    named(&q.to_string(), &roster)
                );
                (
                    "answer",
                    figure,
                    text,
                    yours.then(|| menu_view(&R::answer_menu(state, q))),
                    None,
                )
            }
            Pending::Roll(req) => {
                let roller = req.roller.map(|id| R::name(state, id).to_string());
                let hidden = roller.as_deref().is_some_and(|r| self.hides(r));
                let wanted = RollWanted {
                    dice: req.kind.to_string(),
                    label: req.label.to_string(),
                    rule: req.rule.to_string(),
                    target: req.target.filter(|_| self.sees_target(hidden, req.secret)),
                    roller: roller.clone(),
                };
                (
                    "roll",
                    roller,
                    session.pending_words(state, pending),
                    None,
                    Some(wanted),
                )
            }
        };
        PendingView {
            kind: kind.to_string(),
            seat: for_seat,
            yours,
            figure,
            text,
            menu,
            suggested,
            roll,
        }
    }

    /// Record `record` with what it made happen, as this seat sees it.
    pub fn record(&self, record: &Record<R>, told: &[Told<R>]) -> RecordView {
        let gm = *self.seat == Seat::Gm;
        let moves = match &record.entry {
            Entry::Undo(revs) | Entry::Redo(revs) => revs.clone(),
            _ => Vec::new(),
        };
        RecordView {
            rev: record.rev,
            seat: record.seat.clone(),
            kind: record.entry.kind().to_string(),
            summary: self.summary(record),
            moves,
            told: told.iter().map(|t| self.told(record, t)).collect(),
            entry: gm.then(|| serde_json::to_value(&record.entry).unwrap_or_default()),
        }
    }

    fn told(&self, record: &Record<R>, told: &Told<R>) -> ToldView {
        match told {
            Told::Event(e) => {
                let event = match self.plan().screened(self.seat) {
                    true => {
                        let hide = |name: &str| self.hides(name);
                        let any = self.plan().npcs == NpcView::Hidden;
                        R::screen_event(e, &Screen::new(&hide, any))
                    }
                    false => e.clone(),
                };
                ToldView {
                    text: event.to_string().trim().to_string(),
                    event: serde_json::to_value(&event).ok(),
                }
            }
            Told::Said(words) => {
                let hidden = match &record.entry {
                    Entry::Override(ov) => ov.who().is_some_and(|who| self.hides(who)),
                    _ => false,
                };
                let text = match hidden {
                    true => format!(
                        "The game master changes {} (hidden).",
                        record_figure(record).unwrap_or("a figure")
                    ),
                    false => words.clone(),
                };
                ToldView { text, event: None }
            }
        }
    }

    /// A record in words: what it did, without the dice and values only
    /// the GM sees.
    fn summary(&self, record: &Record<R>) -> String {
        let by = &record.seat;
        let gm = *self.seat == Seat::Gm;
        match &record.entry {
            Entry::Open if gm => format!(
                "{by} opened the table ({}, seed {})",
                R::NAME,
                self.session.seed()
            ),
            Entry::Open => format!("{by} opened the table ({})", R::NAME),
            Entry::Input(input) => format!("{by}: {}", input_words(input, gm)),
            Entry::Step(inputs) => match inputs.iter().find_map(|i| match i {
                Input::Action { actor, .. } => Some(actor),
                _ => None,
            }) {
                Some(actor) => format!("{actor}'s turn is played"),
                None => "the fight moves on".to_string(),
            },
            Entry::Override(ov) => match ov.who() {
                Some(who) => format!("{by}: {} for {who}", ov.kind()),
                None => format!("{by}: {}", ov.kind()),
            },
            Entry::Dice(rule) => format!("{by}: {rule}"),
            Entry::Seats(_) => format!("{by} changed the seats"),
            Entry::Undo(revs) => format!("{by} took back {}", revisions(revs)),
            Entry::Redo(revs) => format!("{by} gave back {}", revisions(revs)),
        }
    }
}

/// A person's input in words; the value itself only for the GM.
fn input_words<R: Ruleset>(input: &Input<R>, gm: bool) -> String {
    match (input, gm) {
        (Input::Action { actor, action, .. }, _) => format!("{actor}: {action}"),
        (Input::Answer { answer, .. }, _) => format!("answers: {answer}"),
        (Input::Roll { by: By::ForMe, .. }, _) => "asks the table to roll".to_string(),
        (Input::Roll { roll, .. }, true) => format!("rolls {}", roll_words(roll)),
        (Input::Roll { .. }, false) => "rolls".to_string(),
    }
}

fn roll_words(roll: &fray_core::RollInput) -> String {
    match roll {
        fray_core::RollInput::Total(t) => t.to_string(),
        fray_core::RollInput::Faces(f) => format!("{f:?}"),
        fray_core::RollInput::Exact(r) => r.total.to_string(),
    }
}

fn record_figure<R: Ruleset>(record: &Record<R>) -> Option<&str> {
    match &record.entry {
        Entry::Override(ov) => ov.who(),
        _ => None,
    }
}

fn revisions(revs: &[u64]) -> String {
    match revs {
        [one] => format!("revision {one}"),
        [first, .., last] => format!("revisions {first} to {last}"),
        [] => "nothing".to_string(),
    }
}

/// A serde enum's word (`victory`, `active`).
fn word(value: &impl Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// A ruleset's menu with its leaves as JSON values.
fn menu_view<A: Serialize>(menu: &Menu<A>) -> MenuView {
    MenuView {
        title: menu.title.clone(),
        choices: menu
            .choices
            .iter()
            .map(|c| {
                let (menu, value) = match &c.next {
                    Node::Menu(m) => (Some(menu_view(m)), None),
                    Node::Leaf(a) => (None, serde_json::to_value(a).ok()),
                };
                ChoiceView {
                    label: c.label.clone(),
                    default: c.default,
                    menu,
                    value,
                }
            })
            .collect(),
    }
}

/// The core's map view as the protocol's.
fn board(map: fray_core::view::MapView) -> BoardView {
    let names = map.names();
    let at = |c: fray_core::view::MapCell| [c.a, c.b];
    BoardView {
        kind: word(&map.kind),
        cells: map
            .cells
            .iter()
            .map(|&c| CellView {
                at: at(c),
                name: names.name(c),
            })
            .collect(),
        terrain: map
            .terrain
            .iter()
            .map(|t| TerrainView {
                at: at(t.at),
                glyph: t.glyph.to_string(),
                names: t.names.iter().map(|n| n.to_string()).collect(),
            })
            .collect(),
        figures: map
            .figures
            .iter()
            .map(|f| PlacedView {
                id: f.id.0,
                cells: f.cells.iter().map(|&c| at(c)).collect(),
                heading: f.heading.map(|h| word(&h)),
            })
            .collect(),
    }
}
