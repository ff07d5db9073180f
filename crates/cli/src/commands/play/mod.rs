//! `fray play SCENARIO`: a game master runs a fight at the terminal.
//!
//! The game itself is `fray_session::Session` (the log, dice, overrides,
//! undo and redo, saved games); this module only reads lines and prints.
//! The table asks the people for every action, answer and roll the rules
//! give them (physical dice or "roll for me"), and the GM may roll for any
//! figure (`dice Orcs hand`) and override the fight (`damage Orc 3`).
//!
//! Undo takes back the last input given to the step in progress, or else
//! every entry back to and including the last one decided at the table (an
//! action or answer of a person, an override, a dice setting): going back
//! one AI move only would let the AI make it again at once. Redo gives back
//! exactly what was undone. After every entry the game is written to the
//! autosave file (beside the scenario unless `--autosave FILE` or
//! `--no-autosave`), and `quit` asks before it drops entries not saved.

pub(crate) mod prompt;
mod render;

use crate::commands::fight::{describe, verdict};
use crate::out::{self, Result};
use crate::registry::{unsupported, with_ruleset};
use fray_core::engine::Progress;
use fray_core::run::{self, Header};
use fray_core::scenario::SourceFile;
use fray_core::{CombatantId, InputLog, Pending, RollInput, RollRequest, Ruleset};
use fray_session::view::menu::{Walk, walk};
use fray_session::view::named;
use fray_session::{Attempt, By, Command, SaveHeader, SavedGame, Session, SessionError, Undone};
use prompt::{Line, Prompter};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Arguments of `fray play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file (TOML); combatants with `controller = "human"` are asked.
    pub scenario: PathBuf,
    /// Seed for "roll for me" and the AI's dice (default: the scenario's
    /// `seed`, else 1; a resumed game keeps its own).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Continue a game saved with `save FILE` (or an autosave).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Write the game here after every step (default: beside the scenario,
    /// `NAME.autosave.toml`).
    #[arg(long, value_name = "FILE", conflicts_with = "no_autosave")]
    pub autosave: Option<PathBuf>,
    /// Do not autosave.
    #[arg(long)]
    pub no_autosave: bool,
    /// How actions are offered: `tree` (a maneuver, then the target, the
    /// weapon and the options, each a short list; words such as
    /// `attack gawain neck` choose at once) or `flat` (every legal action in
    /// one numbered list, as scripts written for earlier versions expect).
    #[arg(long, value_enum, default_value_t = Menus::Tree)]
    pub menus: Menus,
    /// A folder of more data files (`*.toml`: weapons, armor, templates...)
    /// read with the bundled ones and the scenario's own `data` folder; a
    /// resumed game needs the same folder.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// How `fray play` offers a person's actions.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menus {
    /// Short lists, one choice at a time, and typed shortcuts.
    Tree,
    /// One numbered list of every legal action.
    Flat,
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let file = super::read(&args.scenario)?;
    let id = run::ruleset_of(&file).map_err(out::fail)?;
    with_ruleset!(id.as_str(), R => play::<R>(args, file),
        other => Err(out::message(format!("{}: {}", args.scenario.display(), unsupported(other)))))
}

/// The default autosave file: `NAME.autosave.toml` beside the scenario.
fn default_autosave(scenario: &Path) -> PathBuf {
    let stem = scenario
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    scenario.with_file_name(format!("{stem}.autosave.toml"))
}

/// Reads a saved game of either format: this one (`version = 2`) or the
/// first, an input log of steps.
fn read_saved<R: Ruleset>(path: &Path, seed: u64) -> Result<SavedGame<R>> {
    let file = super::read(path)?;
    let header: SaveHeader = file.parse().map_err(out::fail)?;
    let saved = match header.version {
        Some(_) => {
            let saved: SavedGame<R> = file.parse().map_err(out::fail)?;
            saved
                .check()
                .map_err(|e| out::message(format!("{}: {e}", path.display())))?;
            saved
        }
        None => {
            let log: InputLog<R> = run::load_inputs::<R>(&file).map_err(out::fail)?;
            SavedGame::from_input_log(&log, seed)
        }
    };
    Ok(saved)
}

fn play<R: Ruleset>(args: &Args, file: SourceFile) -> Result {
    let header: Header = run::header(&file).map_err(out::fail)?;
    let loaded = run::load_with::<R>(file, args.data.as_deref()).map_err(out::fail)?;
    let seed = args.seed.or(header.seed).unwrap_or(1);
    let name = header
        .name
        .unwrap_or_else(|| args.scenario.display().to_string());
    let autosave = match (&args.autosave, args.no_autosave) {
        (_, true) => None,
        (Some(path), false) => Some(path.clone()),
        (None, false) => Some(default_autosave(&args.scenario)),
    };
    let (session, replayed, resumed) = match &args.resume {
        Some(path) => {
            let saved = read_saved::<R>(path, seed)?;
            let n = saved.entries.len();
            let (session, events) = Session::resume(loaded.state, saved)
                .map_err(|e| out::message(format!("{}: {e}", path.display())))?;
            (session, events, Some((path, n)))
        }
        None => (Session::new(loaded.state, seed), Vec::new(), None),
    };
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut table = Table::<R, _, _> {
        seed: session.seed(),
        session,
        prompter: Prompter::new(stdin.lock(), out::stdout(), echo),
        shown: 0,
        save_failed: false,
        autosave,
        menus: args.menus,
    };
    let seed = table.seed;
    table.say(format_args!("{name} ({}, seed {seed})", R::NAME))?;
    table.say("Type help at any prompt for the commands.")?;
    if let Some((path, n)) = resumed {
        table.say(format_args!(
            "Resuming {}: replaying {n} saved entries.",
            path.display()
        ))?;
        for e in &replayed {
            table.say(e)?;
        }
        table.session.mark_saved();
    }
    let result = table.run();
    table.prompter.out.flush()?;
    result
}

/// What a prompt leads to.
enum Flow {
    /// An input was supplied, or the log changed: attempt the step again.
    Go,
    /// Quit or end of input.
    Stop,
}

/// What a line means once the commands every prompt knows are handled.
enum Handled {
    /// A reply for this prompt.
    Reply(String),
    /// Handled here (help, state, save, a wrong command): ask again;
    /// `true` when the menu should be shown again.
    Again(bool),
    /// The prompt ends.
    End(Flow),
}

/// What the action prompt gave.
enum Chosen<A> {
    /// An action for the actor.
    Action(A),
    /// The prompt ended otherwise (a command changed the log, quit).
    End(Flow),
}

/// The game at the table: the session, the prompts, what has been shown.
struct Table<R: Ruleset, I, W> {
    session: Session<R>,
    seed: u64,
    prompter: Prompter<I, W>,
    /// Events of the step in progress already shown (attempts replay them).
    shown: usize,
    /// Whether the last `save` failed: the session then ends with an error.
    save_failed: bool,
    /// Where the game is written after every entry, if anywhere.
    autosave: Option<PathBuf>,
    /// How actions are offered.
    menus: Menus,
}

impl<R: Ruleset, I: BufRead, W: Write> Table<R, I, W> {
    fn say(&mut self, text: impl std::fmt::Display) -> Result {
        out::line(&mut self.prompter.out, text)
    }

    fn lines(&mut self, lines: Vec<String>) -> Result {
        lines.into_iter().try_for_each(|l| self.say(l))
    }

    /// Shows the events of the attempt that are new since the last attempt.
    fn events(&mut self, events: &[R::Event]) -> Result {
        for e in events.iter().skip(self.shown) {
            out::line(&mut self.prompter.out, e)?;
        }
        self.shown = self.shown.max(events.len());
        Ok(())
    }

    /// The state block, then the session's own lines: autosave, dice settings.
    fn status(&mut self, state: &R::State, turn: Option<CombatantId>) -> Result {
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
        let text = self
            .session
            .saved_game()
            .to_toml()
            .map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| e.to_string())
    }

    /// Attempts steps, asking people as needed, until quit or end of input.
    fn run(&mut self) -> Result {
        loop {
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
            match self.session.attempt() {
                Attempt::Done(events, progress) => {
                    self.events(&events)?;
                    self.shown = 0;
                    self.autosave()?;
                    let _: Progress<R::Action> = progress;
                }
                Attempt::Waiting {
                    state,
                    pending,
                    events,
                } => {
                    self.events(&events)?;
                    let flow = match pending {
                        Pending::Action(actor) => self.ask_action(&state, actor)?,
                        Pending::Roll(req) => self.ask_roll(&state, &req)?,
                        Pending::Answer(q) => self.ask_answer(&state, &q)?,
                    };
                    if let Flow::Stop = flow {
                        break;
                    }
                }
                Attempt::Rejected(why) => {
                    if !self.session.take_back() {
                        // Not a person's input: a `script` controller,
                        // which has no script here.
                        return Err(out::message(format!("the game cannot go on: {why}")));
                    }
                    self.say(format_args!("Not accepted: {why}"))?;
                }
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
    fn common(
        &mut self,
        line: Line,
        state: &R::State,
        turn: Option<CombatantId>,
    ) -> Result<Handled> {
        Ok(match line {
            Line::Reply(text) => match fray_session::command::parse::<R>(state, &text) {
                None => Handled::Reply(text),
                Some(Err(why)) => {
                    self.say(why)?;
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
                self.say(why)?;
                Handled::Again(false)
            }
            Line::Undo => match self.session.undo() {
                Ok(Undone::Input) => {
                    self.say("Took back your last input; this step so far:")?;
                    self.shown = 0;
                    Handled::End(Flow::Go)
                }
                Ok(Undone::Entries(n)) => {
                    self.say(format_args!(
                        "Took back {n} step(s), to before the last decision at the table."
                    ))?;
                    self.shown = 0;
                    self.autosave()?;
                    Handled::End(Flow::Go)
                }
                Err(e @ SessionError::Replay { .. }) => return Err(out::message(e)),
                Err(why) => {
                    self.say(sentence(&why))?;
                    Handled::Again(false)
                }
            },
            Line::Redo => match self.session.redo() {
                Ok((n, events)) => {
                    self.say(format_args!("Redid {n} step(s):"))?;
                    for e in &events {
                        self.say(e)?;
                    }
                    self.shown = 0;
                    self.autosave()?;
                    Handled::End(Flow::Go)
                }
                Err(e @ SessionError::Replay { .. }) => return Err(out::message(e)),
                Err(why) => {
                    self.say(sentence(&why))?;
                    Handled::Again(false)
                }
            },
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
            Command::Dice(rule) => {
                let said = format!("Dice: {rule}.");
                self.session.set_dice(rule).map(|()| vec![said])
            }
            Command::Override(ov) => self.session.apply_override(ov),
        };
        match done {
            Ok(lines) => {
                self.lines(lines)?;
                self.shown = 0;
                self.autosave()?;
                Ok(Handled::End(Flow::Go))
            }
            Err(why) => {
                self.say(format_args!("Refused: {why}."))?;
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
                let pending = if self.session.in_progress() {
                    " (the step in progress is not included)"
                } else {
                    ""
                };
                self.say(format_args!(
                    "Saved {} entries to {}{pending}.",
                    self.session.entries().len(),
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

    fn ask_action(&mut self, state: &R::State, actor: CombatantId) -> Result<Flow> {
        self.status(state, Some(actor))?;
        let menu = R::legal_actions(state, actor);
        match self.choose_action(state, actor, &menu)? {
            Chosen::Action(action) => {
                let name = R::name(state, actor).to_string();
                self.session.supply_action(&name, action);
                Ok(Flow::Go)
            }
            Chosen::End(flow) => Ok(flow),
        }
    }

    /// THE place where an action is asked: given the menu of legal actions,
    /// returns the one chosen (checked by the rules), or how the prompt
    /// ended otherwise.
    fn choose_action(
        &mut self,
        state: &R::State,
        actor: CombatantId,
        menu: &[R::Action],
    ) -> Result<Chosen<R::Action>> {
        match self.menus {
            Menus::Tree => self.walk_action(state, actor, menu),
            Menus::Flat => self.pick_action(state, actor, menu),
        }
    }

    /// The action by the ruleset's menu tree (`Ruleset::action_menu`):
    /// short lists walked one at a time, or words read as a shortcut; GM
    /// commands and inline TOML are handled as at every prompt.
    fn walk_action(
        &mut self,
        state: &R::State,
        actor: CombatantId,
        legal: &[R::Action],
    ) -> Result<Chosen<R::Action>> {
        let name = R::name(state, actor).to_string();
        let tree = R::action_menu(state, actor);
        loop {
            self.say(format_args!(
                "{name}'s action (a number or words; back goes up a list; help lists the commands):"
            ))?;
            // GM commands and `move C4` (a cell by its name on the map) are
            // handed back by the walker, not read as shortcuts.
            let is_command = |text: &str| {
                fray_session::command::parse::<R>(state, text).is_some()
                    || fray_session::view::cell::move_to::<R>(state, actor, text).is_some()
            };
            let mut chooser =
                render::TableChooser::new(&mut self.prompter, "action").with_commands(&is_command);
            let walked = walk(&tree, &mut chooser);
            if let Some(e) = chooser.error.take() {
                return Err(e.into());
            }
            let action = match walked {
                Walk::Chosen(a) => a,
                Walk::Cancelled => continue,
                Walk::Other(Line::Reply(text))
                    if fray_session::view::cell::move_to::<R>(state, actor, &text).is_some() =>
                {
                    match fray_session::view::cell::move_to::<R>(state, actor, &text) {
                        Some(Ok(a)) => a,
                        Some(Err(why)) => {
                            self.say(format_args!("Not a move: {why}."))?;
                            continue;
                        }
                        None => continue,
                    }
                }
                Walk::Other(line) => match self.common(line, state, Some(actor))? {
                    Handled::Reply(text) => match choose::<R::Action>(&text, legal) {
                        Ok(a) => a,
                        Err(why) => {
                            self.say(why)?;
                            continue;
                        }
                    },
                    Handled::Again(_) => continue,
                    Handled::End(flow) => return Ok(Chosen::End(flow)),
                },
            };
            if let Err(why) = R::check_action(state, actor, &action) {
                self.say(format_args!("{name} cannot do that: {why}"))?;
                continue;
            }
            return Ok(Chosen::Action(action));
        }
    }

    /// The action from one numbered list of every legal action.
    fn pick_action(
        &mut self,
        state: &R::State,
        actor: CombatantId,
        menu: &[R::Action],
    ) -> Result<Chosen<R::Action>> {
        let name = R::name(state, actor).to_string();
        let roster = R::roster(state);
        let mut show_menu = true;
        loop {
            if show_menu {
                self.say(format_args!(
                    "{name}'s action (a number, or an action as TOML):"
                ))?;
                self.lines(render::menu(
                    menu,
                    |a| R::describe_action(state, actor, a),
                    &roster,
                ))?;
            }
            show_menu = false;
            let line = self.prompter.ask("action")?;
            let text = match self.common(line, state, Some(actor))? {
                Handled::Reply(text) => text,
                Handled::Again(menu_again) => {
                    show_menu = menu_again;
                    continue;
                }
                Handled::End(flow) => return Ok(Chosen::End(flow)),
            };
            let action = match choose::<R::Action>(&text, menu) {
                Ok(a) => a,
                Err(why) => {
                    self.say(why)?;
                    continue;
                }
            };
            if let Err(why) = R::check_action(state, actor, &action) {
                self.say(format_args!("{name} cannot do that: {why}"))?;
                continue;
            }
            return Ok(Chosen::Action(action));
        }
    }

    fn ask_answer(&mut self, state: &R::State, question: &R::Question) -> Result<Flow> {
        if self.menus == Menus::Tree {
            return self.walk_answer(state, question);
        }
        let who = R::addressee_name(state, R::addressee(question));
        let roster = R::roster(state);
        let options = R::answer_options(question);
        let mut show_menu = true;
        loop {
            if show_menu {
                self.say(format_args!(
                    "{who}: {}",
                    named(&question.to_string(), &roster)
                ))?;
                self.lines(render::menu(
                    &options,
                    |a| R::describe_answer(state, question, a),
                    &roster,
                ))?;
            }
            show_menu = false;
            let line = self.prompter.ask("answer")?;
            let text = match self.common(line, state, None)? {
                Handled::Reply(text) => text,
                Handled::Again(menu_again) => {
                    show_menu = menu_again;
                    continue;
                }
                Handled::End(flow) => return Ok(flow),
            };
            let answer = match choose::<R::Answer>(&text, &options) {
                Ok(a) => a,
                Err(why) => {
                    self.say(why)?;
                    continue;
                }
            };
            if let Err(why) = R::check_answer(question, &answer) {
                self.say(format_args!("Not possible: {why}"))?;
                continue;
            }
            self.session.supply_answer(answer);
            return Ok(Flow::Go);
        }
    }

    /// The answer by the ruleset's answer menu (`Ruleset::answer_menu`):
    /// the defense first, then how, or words such as `parry retreat`.
    fn walk_answer(&mut self, state: &R::State, question: &R::Question) -> Result<Flow> {
        let who = R::addressee_name(state, R::addressee(question));
        let roster = R::roster(state);
        let options = R::answer_options(question);
        let tree = R::answer_menu(state, question);
        loop {
            self.say(format_args!(
                "{who}: {}",
                named(&question.to_string(), &roster)
            ))?;
            let is_command = |text: &str| fray_session::command::parse::<R>(state, text).is_some();
            let mut chooser =
                render::TableChooser::new(&mut self.prompter, "answer").with_commands(&is_command);
            let walked = walk(&tree, &mut chooser);
            if let Some(e) = chooser.error.take() {
                return Err(e.into());
            }
            let answer = match walked {
                Walk::Chosen(a) => a,
                Walk::Cancelled => continue,
                Walk::Other(line) => match self.common(line, state, None)? {
                    Handled::Reply(text) => match choose::<R::Answer>(&text, &options) {
                        Ok(a) => a,
                        Err(why) => {
                            self.say(why)?;
                            continue;
                        }
                    },
                    Handled::Again(_) => continue,
                    Handled::End(flow) => return Ok(flow),
                },
            };
            if let Err(why) = R::check_answer(question, &answer) {
                self.say(format_args!("Not possible: {why}"))?;
                continue;
            }
            self.session.supply_answer(answer);
            return Ok(Flow::Go);
        }
    }

    fn ask_roll(&mut self, state: &R::State, req: &RollRequest) -> Result<Flow> {
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
            let (input, by) = if text.is_empty() {
                (RollInput::Exact(self.session.roll_for_me(req)), By::ForMe)
            } else {
                match dice(&text) {
                    Ok(input) => (input, By::Table),
                    Err(why) => {
                        self.say(why)?;
                        continue;
                    }
                }
            };
            // Checked here so an impossible roll is asked again at once; the
            // step would refuse it too (`Rejected`), and it would be taken back.
            if let Err(why) = input.resolve(&req.kind) {
                self.say(format_args!("Impossible roll: {why}. Roll again."))?;
                continue;
            }
            self.session.supply_roll(input, by);
            return Ok(Flow::Go);
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

/// An error as a sentence: capitalized, with a full stop.
fn sentence(e: &impl std::fmt::Display) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}
