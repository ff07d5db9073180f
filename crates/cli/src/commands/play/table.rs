//! The terminal's table: the loop that shows what each record made
//! happen, asks the person for what the session waits for, and handles the
//! commands every prompt knows (help, state, save, undo, redo, quit, the
//! GM's commands).

use super::Menus;
use super::prompt::{Line, Prompter};
use super::render;
use crate::commands::fight::{describe, verdict};
use crate::out::{self, Result};
use fray_core::{CombatantId, Pending, Ruleset};
use fray_session::log::{Entry, Told};
use fray_session::{Command, Given, Refused, Seat, Session};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// What a prompt leads to.
pub(super) enum Flow {
    /// The log changed: show it and ask again.
    Go,
    /// Quit or end of input.
    Stop,
}

/// What a line means once the commands every prompt knows are handled.
pub(super) enum Handled {
    /// A reply for this prompt.
    Reply(String),
    /// Handled here (help, state, save, a wrong command): ask again;
    /// `true` when the menu should be shown again.
    Again(bool),
    /// The prompt ends.
    End(Flow),
}

/// The game at the terminal: the session (the GM's seat), the prompts,
/// how much of the log has been shown.
pub(super) struct Table<R: Ruleset, I, W> {
    pub session: Session<R>,
    pub prompter: Prompter<I, W>,
    /// The revision shown so far.
    shown: u64,
    /// Whether the last `save` failed: the session then ends with an error.
    save_failed: bool,
    /// Where the game is written after every entry, if anywhere.
    autosave: Option<PathBuf>,
    /// How actions are offered.
    pub menus: Menus,
    /// Files a save must not overwrite (the scenario and what it read).
    keep: Vec<PathBuf>,
}

/// The terminal is the game master's seat.
pub(super) const GM: Seat = Seat::Gm;

impl<R: Ruleset, I: BufRead, W: Write> Table<R, I, W> {
    pub fn new(
        session: Session<R>,
        prompter: Prompter<I, W>,
        autosave: Option<PathBuf>,
        menus: Menus,
        keep: Vec<PathBuf>,
    ) -> Self {
        Table {
            session,
            prompter,
            shown: 0,
            save_failed: false,
            autosave,
            menus,
            keep,
        }
    }

    pub fn say(&mut self, text: impl std::fmt::Display) -> Result {
        out::line(&mut self.prompter.out, text)
    }

    pub fn lines(&mut self, lines: Vec<String>) -> Result {
        lines.into_iter().try_for_each(|l| self.say(l))
    }

    /// A refusal, with the script's line when the replies come from one.
    pub fn refuse(&mut self, text: impl std::fmt::Display) -> Result {
        match self.prompter.script_line() {
            Some(n) => self.say(format_args!("line {n}: {text}")),
            None => self.say(text),
        }
    }

    /// Gives `given` as the GM's seat.
    pub fn submit(&mut self, given: Given<R>) -> std::result::Result<Vec<u64>, Refused> {
        self.session.submit(&GM, given)
    }

    /// Shows what the records written since the last call made happen,
    /// then writes the autosave.
    fn show_new(&mut self) -> Result {
        let told: Vec<String> = self
            .session
            .records_after(self.shown)
            .flat_map(|(_, told)| told.iter().map(Told::to_string))
            .collect();
        self.shown = self.session.revision();
        self.lines(told)?;
        if self.session.unsaved() {
            self.autosave()?;
        }
        Ok(())
    }

    /// The state block, then the session's own lines: autosave, dice settings.
    pub fn status(&mut self, state: &R::State, turn: Option<CombatantId>) -> Result {
        self.lines(render::state::<R>(state, turn))?;
        let autosave = match &self.autosave {
            Some(path) => format!("Autosave: {}", path.display()),
            None => "Autosave: off".to_string(),
        };
        let redo = if self.session.can_redo() {
            "; redo available"
        } else {
            ""
        };
        self.say(format_args!(
            "  {autosave}; step {}{redo}",
            self.session.steps()
        ))?;
        let dice: Vec<String> = self
            .session
            .dice()
            .iter()
            .map(|d| format!("  Dice: {d}"))
            .collect();
        self.lines(dice)
    }

    /// Writes the game to the autosave file after a change to the log.
    fn autosave(&mut self) -> Result {
        let Some(path) = self.autosave.clone() else {
            return Ok(());
        };
        match self.write_game(&path) {
            Ok(()) => {
                self.session.mark_saved();
                Ok(())
            }
            Err(e) => self.say(format_args!("Cannot autosave to {}: {e}", path.display())),
        }
    }

    fn write_game(&self, path: &Path) -> std::result::Result<(), String> {
        if let Some(kept) = self.keep.iter().find(|k| same_file(k, path)) {
            return Err(format!(
                "that is {}, which the game was read from: save it under another name",
                kept.display()
            ));
        }
        let text = self
            .session
            .saved_game()
            .to_toml()
            .map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| e.to_string())
    }

    /// Shows the log, asks people as needed, until quit or end of input.
    pub fn run(&mut self) -> Result {
        loop {
            self.show_new()?;
            if let Some(outcome) = self.session.over().cloned() {
                let roster = R::roster(self.session.state());
                self.say(verdict(&outcome, &roster))?;
                for c in &roster {
                    self.say(format_args!("  {}", describe(c)))?;
                }
                self.say("The fight is over: save FILE, undo, or quit.")?;
                match self.ask_over()? {
                    Flow::Go => continue,
                    Flow::Stop => break,
                }
            }
            if self.session.paused() {
                // After an undo the terminal plays on at once, as the GM
                // would press continue.
                if let Err(why) = self.submit(Given::Continue) {
                    return Err(out::message(format!("the game cannot go on: {why}")));
                }
                continue;
            }
            let Some(waiting) = self.session.waiting().cloned() else {
                let why = self
                    .session
                    .stuck()
                    .unwrap_or("nobody is waited for")
                    .to_string();
                return Err(out::message(format!("the game cannot go on: {why}")));
            };
            let flow = match &waiting.pending {
                Pending::Action(actor) => self.ask_action(&waiting.state, *actor)?,
                Pending::Roll(req) => self.ask_roll(&waiting.state, req)?,
                Pending::Answer(q) => self.ask_answer(&waiting.state, q)?,
            };
            if let Flow::Stop = flow {
                break;
            }
        }
        if self.save_failed {
            return Err(out::message(
                "the last save failed, so this game is not saved",
            ));
        }
        Ok(())
    }

    /// Handles the commands every prompt knows; returns the rest as a reply.
    pub fn common(
        &mut self,
        line: Line,
        state: &R::State,
        turn: Option<CombatantId>,
    ) -> Result<Handled> {
        Ok(match line {
            Line::Reply(text) => match fray_session::command::parse::<R>(state, &text) {
                None => Handled::Reply(text),
                Some(Err(why)) => {
                    self.refuse(why)?;
                    Handled::Again(false)
                }
                Some(Ok(command)) => self.gm(command)?,
            },
            Line::Help => {
                self.say(render::help::<R>())?;
                self.say("  redo        give back what the last undo took")?;
                self.say("Game master's commands (names may hold spaces):")?;
                for usage in fray_session::command::USAGE {
                    self.say(format_args!("  {usage}"))?;
                }
                Handled::Again(true)
            }
            Line::State => {
                self.status(state, turn)?;
                Handled::Again(false)
            }
            Line::Save(path) => {
                self.save(&path)?;
                Handled::Again(false)
            }
            Line::Bad(why) => {
                self.refuse(why)?;
                Handled::Again(false)
            }
            Line::Undo => self.undo()?,
            Line::Redo => self.redo()?,
            Line::Quit => {
                if self.session.unsaved() && !self.confirm_quit()? {
                    return Ok(Handled::Again(false));
                }
                self.say("Leaving the game.")?;
                Handled::End(Flow::Stop)
            }
            Line::Eof => {
                self.say("End of input: leaving the game.")?;
                Handled::End(Flow::Stop)
            }
        })
    }

    fn undo(&mut self) -> Result<Handled> {
        match self.submit(Given::Undo) {
            Ok(revs) => {
                let taken = self.moved(&revs);
                if taken.1 == 0 {
                    self.say("Took back your last input; this step so far:")?;
                } else {
                    self.say(format_args!(
                        "Took back {} step(s), to before the last decision at the table.",
                        taken.1
                    ))?;
                }
                Ok(Handled::End(Flow::Go))
            }
            Err(why) => {
                self.refuse(sentence(&why))?;
                Ok(Handled::Again(false))
            }
        }
    }

    fn redo(&mut self) -> Result<Handled> {
        match self.submit(Given::Redo) {
            Ok(revs) => {
                let given = self.moved(&revs).1;
                self.say(format_args!("Redid {given} step(s):"))?;
                Ok(Handled::End(Flow::Go))
            }
            Err(why) => {
                self.refuse(sentence(&why))?;
                Ok(Handled::Again(false))
            }
        }
    }

    /// For the undo or redo record among `revs`: how many records it moved,
    /// and how many of them were not inputs (steps, overrides, settings).
    fn moved(&self, revs: &[u64]) -> (usize, usize) {
        let moves = revs
            .first()
            .and_then(|&rev| self.session.record(rev))
            .map(|(r, _)| match &r.entry {
                Entry::Undo(m) | Entry::Redo(m) => m.clone(),
                _ => Vec::new(),
            })
            .unwrap_or_default();
        let entries = moves
            .iter()
            .filter(|&&m| {
                self.session
                    .record(m)
                    .is_some_and(|(r, _)| !matches!(r.entry, Entry::Input(_)))
            })
            .count();
        (moves.len(), entries)
    }

    /// `quit` with entries not saved: asks first.
    fn confirm_quit(&mut self) -> Result<bool> {
        self.say("Steps played since the last save would be lost. Quit anyway? (yes/no)")?;
        loop {
            match self.prompter.ask("quit")? {
                Line::Reply(r) if r.eq_ignore_ascii_case("yes") || r.eq_ignore_ascii_case("y") => {
                    return Ok(true);
                }
                Line::Reply(r) if r.eq_ignore_ascii_case("no") || r.eq_ignore_ascii_case("n") => {
                    self.say("Not leaving: save FILE keeps the game.")?;
                    return Ok(false);
                }
                Line::Eof | Line::Quit => return Ok(true),
                Line::Save(path) => {
                    self.save(&path)?;
                    return Ok(!self.save_failed);
                }
                _ => self.say("yes or no (or save FILE)?")?,
            }
        }
    }

    /// A game master's command: a dice setting or an override.
    fn gm(&mut self, command: Command) -> Result<Handled> {
        let done = match command {
            Command::Dice(rule) => self.submit(Given::Dice(rule)),
            Command::Override(ov) => self.submit(Given::Override(ov)),
        };
        match done {
            Ok(_) => Ok(Handled::End(Flow::Go)),
            Err(why) => {
                self.refuse(format_args!("Refused: {why}."))?;
                Ok(Handled::Again(false))
            }
        }
    }

    /// Writes the log to `path`.
    fn save(&mut self, path: &Path) -> Result {
        let written = self.write_game(path);
        self.save_failed = written.is_err();
        match written {
            Ok(()) => {
                self.session.mark_saved();
                self.say(format_args!(
                    "Saved {} entries to {}.",
                    self.session.revision(),
                    path.display()
                ))
            }
            Err(e) => self.say(format_args!("Cannot save to {}: {e}", path.display())),
        }
    }

    /// After the end: only the commands (save, undo, redo, quit) make sense.
    fn ask_over(&mut self) -> Result<Flow> {
        let state = self.session.state().clone();
        loop {
            let line = self.prompter.ask("over")?;
            match self.common(line, &state, None)? {
                Handled::End(flow) => return Ok(flow),
                Handled::Again(_) => {}
                Handled::Reply(_) => self.say("The fight is over: save FILE, undo, or quit.")?,
            }
        }
    }
}

/// Whether `a` and `b` name the same file (both must exist to compare).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// An error as a sentence: capitalized, with a full stop.
pub(super) fn sentence(e: &impl std::fmt::Display) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}
