//! Asking the person at the terminal for what the session waits for: an
//! action (by the menu tree or one flat list), an answer, a roll. What is
//! chosen goes to the session, which checks it; a refusal is shown and the
//! same thing is asked again.

use super::Menus;
use super::prompt::{self, Line};
use super::render;
use super::table::{Flow, Handled, Table};
use crate::out::Result;
use fray_core::{CombatantId, RollInput, RollRequest, Ruleset};
use fray_session::view::menu::{Walk, walk};
use fray_session::view::named;
use fray_session::{Given, Refused};
use std::io::{BufRead, Write};

/// What one reply to a choice came to.
enum Picked<A> {
    /// A value to give the session.
    Value(A),
    /// Ask again (a refusal or a command was shown); `true` when the menu
    /// should be shown again (after `help`).
    Again(bool),
    /// The prompt ended (a command changed the log, quit).
    End(Flow),
}

impl<R: Ruleset, I: BufRead, W: Write> Table<R, I, W> {
    pub(super) fn ask_action(&mut self, state: &R::State, actor: CombatantId) -> Result<Flow> {
        self.status(state, Some(actor))?;
        let legal = R::legal_actions(state, actor);
        let name = R::name(state, actor).to_string();
        let mut show_menu = true;
        loop {
            let picked = match self.menus {
                Menus::Tree => self.walk_action(state, actor, &legal)?,
                Menus::Flat => self.pick_action(state, actor, &legal, show_menu)?,
            };
            show_menu = false;
            let action = match picked {
                Picked::Value(a) => a,
                Picked::Again(menu) => {
                    show_menu = menu;
                    continue;
                }
                Picked::End(flow) => return Ok(flow),
            };
            let given = Given::Action {
                actor: Some(name.clone()),
                action,
            };
            match self.submit(given) {
                Ok(_) => return Ok(Flow::Go),
                Err(Refused::Illegal(why)) => {
                    self.refuse(format_args!("{name} cannot do that: {why}"))?
                }
                Err(why) => self.refuse(super::table::sentence(&why))?,
            }
        }
    }

    /// The action by the ruleset's menu tree (`TableView::action_menu`):
    /// short lists walked one at a time, or words read as a shortcut; GM
    /// commands and inline TOML are handled as at every prompt.
    fn walk_action(
        &mut self,
        state: &R::State,
        actor: CombatantId,
        legal: &[R::Action],
    ) -> Result<Picked<R::Action>> {
        let name = R::name(state, actor).to_string();
        let tree = R::action_menu(state, actor);
        self.say(format_args!(
            "{name}'s action (a number or words; back goes up a list; help lists the commands):"
        ))?;
        // GM commands and `move C4` (a cell by its name on the map) are
        // handed back by the walker, not read as shortcuts.
        let move_to = |text: &str| fray_session::view::cell::move_to::<R>(state, actor, text);
        let is_command = |text: &str| {
            fray_session::command::parse::<R>(state, text).is_some() || move_to(text).is_some()
        };
        let mut chooser =
            render::TableChooser::new(&mut self.prompter, "action").with_commands(&is_command);
        let walked = walk(&tree, &mut chooser);
        if let Some(e) = chooser.error.take() {
            return Err(e.into());
        }
        Ok(match walked {
            Walk::Chosen(a) => Picked::Value(a),
            Walk::Cancelled => Picked::Again(false),
            Walk::Other(Line::Reply(text)) if move_to(&text).is_some() => match move_to(&text) {
                Some(Ok(a)) => Picked::Value(a),
                Some(Err(why)) => {
                    self.refuse(format_args!("Not a move: {why}."))?;
                    Picked::Again(false)
                }
                None => Picked::Again(false),
            },
            Walk::Other(line) => self.typed(line, state, Some(actor), legal)?,
        })
    }

    /// The action from one numbered list of every legal action.
    fn pick_action(
        &mut self,
        state: &R::State,
        actor: CombatantId,
        legal: &[R::Action],
        show_menu: bool,
    ) -> Result<Picked<R::Action>> {
        if show_menu {
            let name = R::name(state, actor).to_string();
            let roster = R::roster(state);
            self.say(format_args!(
                "{name}'s action (a number, or an action as TOML):"
            ))?;
            self.lines(render::menu(
                legal,
                |a| R::describe_action(state, actor, a),
                &roster,
            ))?;
        }
        let line = self.prompter.ask("action")?;
        self.typed(line, state, Some(actor), legal)
    }

    /// A line read as a choice from `menu`: a menu number or inline TOML,
    /// after the commands every prompt knows.
    fn typed<T: Clone + serde::de::DeserializeOwned>(
        &mut self,
        line: Line,
        state: &R::State,
        turn: Option<CombatantId>,
        menu: &[T],
    ) -> Result<Picked<T>> {
        Ok(match self.common(line, state, turn)? {
            Handled::Reply(text) => match choose::<T>(&text, menu) {
                Ok(value) => Picked::Value(value),
                Err(why) => {
                    self.refuse(why)?;
                    Picked::Again(false)
                }
            },
            Handled::Again(menu) => Picked::Again(menu),
            Handled::End(flow) => Picked::End(flow),
        })
    }

    pub(super) fn ask_answer(&mut self, state: &R::State, question: &R::Question) -> Result<Flow> {
        let who = R::addressee_name(state, R::addressee(question));
        let roster = R::roster(state);
        let options = R::answer_options(question);
        let tree = R::answer_menu(state, question);
        let mut show_menu = true;
        loop {
            if show_menu || self.menus == Menus::Tree {
                self.say(format_args!(
                    "{who}: {}",
                    named(&question.to_string(), &roster)
                ))?;
            }
            let picked = match self.menus {
                Menus::Tree => self.walk_answer(state, &tree, &options)?,
                Menus::Flat => {
                    if show_menu {
                        self.lines(render::menu(
                            &options,
                            |a| R::describe_answer(state, question, a),
                            &roster,
                        ))?;
                    }
                    let line = self.prompter.ask("answer")?;
                    self.typed(line, state, None, &options)?
                }
            };
            show_menu = false;
            let answer = match picked {
                Picked::Value(a) => a,
                Picked::Again(menu) => {
                    show_menu = menu;
                    continue;
                }
                Picked::End(flow) => return Ok(flow),
            };
            match self.submit(Given::Answer(answer)) {
                Ok(_) => return Ok(Flow::Go),
                Err(Refused::Illegal(why)) => self.refuse(format_args!("Not possible: {why}"))?,
                Err(why) => self.refuse(super::table::sentence(&why))?,
            }
        }
    }

    /// The answer by the ruleset's answer menu (`TableView::answer_menu`):
    /// the defense first, then how, or words such as `parry retreat`.
    fn walk_answer(
        &mut self,
        state: &R::State,
        tree: &fray_core::Menu<R::Answer>,
        options: &[R::Answer],
    ) -> Result<Picked<R::Answer>> {
        let is_command = |text: &str| fray_session::command::parse::<R>(state, text).is_some();
        let mut chooser =
            render::TableChooser::new(&mut self.prompter, "answer").with_commands(&is_command);
        let walked = walk(tree, &mut chooser);
        if let Some(e) = chooser.error.take() {
            return Err(e.into());
        }
        Ok(match walked {
            Walk::Chosen(a) => Picked::Value(a),
            Walk::Cancelled => Picked::Again(false),
            Walk::Other(line) => self.typed(line, state, None, options)?,
        })
    }

    pub(super) fn ask_roll(&mut self, state: &R::State, req: &RollRequest) -> Result<Flow> {
        let mut show = true;
        loop {
            if show {
                self.say(render::roll_prompt::<R>(state, req))?;
            }
            show = false;
            let line = self.prompter.ask("roll")?;
            let text = match self.common(line, state, None)? {
                Handled::Reply(text) => text,
                Handled::Again(again) => {
                    show = again;
                    continue;
                }
                Handled::End(flow) => return Ok(flow),
            };
            let given = if text.is_empty() {
                Given::RollForMe
            } else {
                match dice(&text) {
                    Ok(input) => Given::Roll(input),
                    Err(why) => {
                        self.refuse(why)?;
                        continue;
                    }
                }
            };
            match self.submit(given) {
                Ok(_) => return Ok(Flow::Go),
                Err(Refused::BadRoll(why)) => {
                    self.refuse(format_args!("Impossible roll: {why}. Roll again."))?
                }
                Err(why) => self.refuse(super::table::sentence(&why))?,
            }
        }
    }
}

/// A menu number or a value typed as inline TOML.
fn choose<T: Clone + serde::de::DeserializeOwned>(
    text: &str,
    menu: &[T],
) -> std::result::Result<T, String> {
    if text.is_empty() {
        return Err("Choose a number from the menu, or type help.".into());
    }
    match prompt::menu_number(text, menu.len()) {
        Some(Ok(i)) => menu
            .get(i)
            .cloned()
            .ok_or_else(|| "not on the menu".to_string()),
        Some(Err(why)) => Err(why),
        None => prompt::inline::<T>(text)
            .map_err(|e| format!("Not a menu number, a command or a value ({e}); type help.")),
    }
}

/// Dice as typed: one number is the total, several are the faces.
fn dice(text: &str) -> std::result::Result<RollInput, String> {
    let numbers: std::result::Result<Vec<i32>, _> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::parse::<i32>)
        .collect();
    match numbers {
        Ok(n) if n.len() == 1 => Ok(RollInput::Total(n[0])),
        Ok(n) if !n.is_empty() => Ok(RollInput::Faces(n)),
        _ => Err(format!(
            "`{text}` is not a roll: press Enter to roll, or type a total (11) or the faces (3 4 4)."
        )),
    }
}
