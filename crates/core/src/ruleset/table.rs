//! What a table shows of a ruleset's fight: actions and answers worded
//! and grouped into menus, conditions, the turn order, the map, and the
//! events as each seat may read them. Every item has a default, so a
//! ruleset starts with plain lists and words them as it grows.

use crate::ids::CombatantId;
use crate::menu::Menu;
use crate::ruleset::engine::Engine;
use crate::view::{ConditionView, Lasting, MapView, TurnOrder};

/// How a ruleset's fight is shown to people at a table.
pub trait TableView: Engine {
    /// Every answer a person may give to `question`, for a numbered menu at
    /// the table. Empty when the answers cannot be listed; people then type one.
    fn answer_options(question: &Self::Question) -> Vec<Self::Answer> {
        let _ = question;
        Vec::new()
    }

    /// An action as a menu line for people at the table, in the words of
    /// the fight (names of foes and weapons). The default is its `Display`.
    fn describe_action(state: &Self::State, actor: CombatantId, action: &Self::Action) -> String {
        let _ = (state, actor);
        action.to_string()
    }

    /// An answer to `question` as a menu line, saying what it gives (the
    /// value of a defense). The default is its `Display`.
    fn describe_answer(
        state: &Self::State,
        question: &Self::Question,
        answer: &Self::Answer,
    ) -> String {
        let _ = (state, question);
        answer.to_string()
    }

    /// The event as a seat behind `screen` reads it (a player's, a
    /// watcher's): each roll record screened ([`crate::RollRecord::screen`]:
    /// secret rolls withheld, a hidden figure's target and terms left out)
    /// and no pool or sheet value of a hidden figure told (the HP left
    /// after its damage, its DR). The default tells the event whole, which
    /// suits only a ruleset whose events hold no roll record and no pool.
    fn screen_event(event: &Self::Event, screen: &crate::view::Screen<'_>) -> Self::Event {
        let _ = screen;
        event.clone()
    }

    /// The actions `actor` may declare now as a menu tree a person walks
    /// in short lists (a maneuver, a target, a weapon, options), every
    /// leaf an action [`Engine::check_action`] accepts. The default groups
    /// [`Engine::legal_actions`], worded by [`TableView::describe_action`],
    /// by their first word ([`Menu::grouped`]).
    fn action_menu(state: &Self::State, actor: CombatantId) -> Menu<Self::Action> {
        let items = Self::legal_actions(state, actor)
            .into_iter()
            .map(|a| (Self::describe_action(state, actor, &a), a))
            .collect();
        Menu::grouped(format!("{}'s action", Self::name(state, actor)), items)
    }

    /// The answers to `question` as a menu tree, every leaf an answer
    /// [`Engine::check_answer`] accepts. The default groups
    /// [`TableView::answer_options`] worded by [`TableView::describe_answer`].
    fn answer_menu(state: &Self::State, question: &Self::Question) -> Menu<Self::Answer> {
        let items = Self::answer_options(question)
            .into_iter()
            .map(|a| (Self::describe_answer(state, question, &a), a))
            .collect();
        Menu::grouped("Answer", items)
    }

    /// The conditions of `who` now, each with how long it lasts, for a
    /// status panel. The default takes [`CombatantView::conditions`] with
    /// no duration stated ([`Lasting::Unstated`]).
    fn conditions(state: &Self::State, who: CombatantId) -> Vec<ConditionView> {
        Self::roster(state)
            .into_iter()
            .find(|c| c.id == who)
            .map(|c| {
                c.conditions
                    .into_iter()
                    .map(|name| ConditionView::new(name, Lasting::Unstated, ""))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The order combatants act in and whose turn it is. The default is
    /// the roster's order with no one's turn known.
    fn turn_order(state: &Self::State) -> TurnOrder {
        TurnOrder {
            order: Self::roster(state).into_iter().map(|c| c.id).collect(),
            now: None,
        }
    }

    /// The battle map with its terrain and figures, if the ruleset plays on
    /// one. None by default.
    fn map_view(state: &Self::State) -> Option<MapView> {
        let _ = state;
        None
    }

    /// A move of `actor` to the map cell `cell` (typed `move C4` at the
    /// table, by the cell's name on the text map,
    /// [`crate::view::CellNames`]), if the rules allow one now. None by
    /// default, and for a ruleset with no map.
    fn move_to(
        state: &Self::State,
        actor: CombatantId,
        cell: crate::view::MapCell,
    ) -> Option<Self::Action> {
        let _ = (state, actor, cell);
        None
    }
}
