//! `fray play SCENARIO`: a game master runs a fight at the terminal.
//!
//! The table asks the people for every action, answer and roll the rules
//! give them (physical dice or "roll for me"); AI combatants act on their
//! own. Each step is attempted on a copy of the state and retried once the
//! person answers ([`session`]), so the saved input log replays exactly:
//! `fray fight SCENARIO --inputs FILE` narrates the same fight.
//!
//! Undo takes back the last input given to the step in progress (the dice
//! the AI drew after it are drawn again), or else every step back to and
//! including the last one in which a person decided something (an action
//! or an answer; a person's roll in the AI's turn is not a decision).
//! Going back one step only would often take back just an AI move, which the
//! AI would at once make again: the person would see no undo at all.

pub(crate) mod prompt;
mod render;
mod session;

use crate::commands::fight::{describe, verdict};
use crate::out::{self, Result};
use crate::registry::{unsupported, with_ruleset};
use fray_core::Pending;
use fray_core::engine::Progress;
use fray_core::run::{self, Header};
use fray_core::scenario::SourceFile;
use fray_core::{CombatantId, InputLog, RollInput, RollRequest, Ruleset};
use prompt::{Line, Prompter};
use render::named;
use session::{Attempt, Session, UndoError};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Arguments of `fray play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file (TOML); combatants with `controller = "human"` are asked.
    pub scenario: PathBuf,
    /// Seed for "roll for me" and the AI's dice (default: the scenario's `seed`, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Continue a game saved with `save FILE`.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let file = super::read(&args.scenario)?;
    let id = run::ruleset_of(&file).map_err(out::fail)?;
    with_ruleset!(id.as_str(), R => play::<R>(args, file),
        other => Err(out::message(format!("{}: {}", args.scenario.display(), unsupported(other)))))
}

fn play<R: Ruleset>(args: &Args, file: SourceFile) -> Result {
    let header: Header = run::header(&file).map_err(out::fail)?;
    let loaded = run::load::<R>(file).map_err(out::fail)?;
    let log: InputLog<R> = match &args.resume {
        Some(path) => run::load_inputs::<R>(&super::read(path)?).map_err(out::fail)?,
        None => InputLog::default(),
    };
    let seed = args.seed.or(header.seed).unwrap_or(1);
    let name = header
        .name
        .unwrap_or_else(|| args.scenario.display().to_string());
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut table = Table::<R, _, _> {
        session: Session::new(loaded.state, &log, seed),
        prompter: Prompter::new(stdin.lock(), out::stdout(), echo),
        shown: 0,
        save_failed: false,
    };
    table.say(format_args!("{name} ({}, seed {seed})", R::NAME))?;
    table.say("Type help at any prompt for the commands.")?;
    if let Some(path) = &args.resume {
        table.say(format_args!(
            "Resuming {}: replaying {} saved steps.",
            path.display(),
            log.steps.len()
        ))?;
    }
    let result = table.run();
    table.prompter.out.flush()?;
    result
}

/// What a prompt leads to.
enum Flow {
    /// An input was supplied, or an undo done: attempt the step again.
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

/// The game at the table: the session, the prompts, what has been shown.
struct Table<R: Ruleset, I, W> {
    session: Session<R>,
    prompter: Prompter<I, W>,
    /// Events of the step in progress already shown (attempts replay them).
    shown: usize,
    /// Whether the last `save` failed: the session then ends with an error.
    save_failed: bool,
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

    /// Attempts steps, asking people as needed, until quit or end of input.
    fn run(&mut self) -> Result {
        let mut over = false;
        loop {
            if over {
                self.say("The fight is over: save FILE, undo, or quit.")?;
                match self.ask_over()? {
                    Flow::Go => over = false,
                    Flow::Stop => break,
                }
                continue;
            }
            match self.session.attempt() {
                Attempt::Done(events, progress) => {
                    self.events(&events)?;
                    self.shown = 0;
                    if let Progress::Over(outcome) = progress {
                        let roster = R::roster(self.session.state());
                        self.say(verdict(&outcome, &roster))?;
                        for c in &roster {
                            self.say(format_args!("  {}", describe(c)))?;
                        }
                        over = true;
                    }
                }
                Attempt::Waiting {
                    state,
                    pending,
                    events,
                } => {
                    self.events(&events)?;
                    if self.session.replaying() {
                        return Err(out::message(format!(
                            "the resumed input log does not fit this scenario: it has inputs \
                             left, but the game waits for {}",
                            fray_core::Halt::<R>::Pending(pending)
                        )));
                    }
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
                        // Not a person's input: the resumed log, or a
                        // `script` controller, which has no script here.
                        let context = if self.session.replaying() {
                            "the resumed input log does not fit this scenario"
                        } else {
                            "the game cannot go on"
                        };
                        return Err(out::message(format!("{context}: {why}")));
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
            Line::Reply(text) => Handled::Reply(text),
            Line::Help => {
                self.say(render::help::<R>())?;
                Handled::Again(true)
            }
            Line::State => {
                self.lines(render::state::<R>(state, turn))?;
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
                Ok(0) => {
                    self.say("Took back your last input; this step so far:")?;
                    self.shown = 0;
                    Handled::End(Flow::Go)
                }
                Ok(n) => {
                    self.say(format_args!(
                        "Took back {n} step(s), to before the last decision at the table."
                    ))?;
                    self.shown = 0;
                    Handled::End(Flow::Go)
                }
                Err(UndoError::Nothing(why)) => {
                    self.say(why)?;
                    Handled::Again(false)
                }
                Err(UndoError::Broken(why)) => return Err(out::message(why)),
            },
            Line::Quit => {
                self.say("Leaving the game.")?;
                Handled::End(Flow::Stop)
            }
            Line::Eof => {
                self.say("End of input: leaving the game.")?;
                Handled::End(Flow::Stop)
            }
        })
    }

    /// Writes the log of the committed steps to `path`.
    fn save(&mut self, path: &Path) -> Result {
        let log = self.session.log();
        let written = prompt::log_to_toml(&log)
            .and_then(|text| std::fs::write(path, text).map_err(|e| e.to_string()));
        self.save_failed = written.is_err();
        match written {
            Ok(()) => {
                let pending = if self.session.in_progress() {
                    " (the step in progress is not included)"
                } else {
                    ""
                };
                self.say(format_args!(
                    "Saved {} steps to {}{pending}.",
                    log.steps.len(),
                    path.display()
                ))
            }
            Err(e) => self.say(format_args!("Cannot save to {}: {e}", path.display())),
        }
    }

    /// After the end: only the commands (save, undo, quit) make sense.
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
        let name = R::name(state, actor).to_string();
        let roster = R::roster(state);
        let menu = R::legal_actions(state, actor);
        self.lines(render::state::<R>(state, Some(actor)))?;
        let mut show_menu = true;
        loop {
            if show_menu {
                self.say(format_args!(
                    "{name}'s action (a number, or an action as TOML):"
                ))?;
                self.lines(render::menu(
                    &menu,
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
                Handled::End(flow) => return Ok(flow),
            };
            let action = match choose::<R::Action>(&text, &menu) {
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
            self.session.supply_action(&name, action);
            return Ok(Flow::Go);
        }
    }

    fn ask_answer(&mut self, state: &R::State, question: &R::Question) -> Result<Flow> {
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
            let input = if text.is_empty() {
                match self.session.roll_for_me(req) {
                    Some(rolled) => RollInput::Exact(rolled),
                    None => {
                        self.say("There is no generator to roll with: type the dice.")?;
                        continue;
                    }
                }
            } else {
                match dice(&text) {
                    Ok(input) => input,
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
            self.session.supply_roll(input);
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
