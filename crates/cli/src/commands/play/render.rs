//! What the table sees: the status and the map, menus and roll prompts,
//! with combatants named rather than numbered. Ruleset-generic: it lays out
//! the session library's views (`fray_session::view`) of the ruleset's
//! data, and reads menu replies for its walker ([`TableChooser`]).

use super::prompt::{Line, Prompter, to_inline};
use fray_core::menu::Menu;
use fray_core::{CombatantView, RollRequest, Ruleset};
use fray_session::view::menu::{Chooser, Reply, WalkError, numbered};
use fray_session::view::status::Status;
use fray_session::view::{labels, map, named};
use std::io::{BufRead, Write};

/// The width laid out for when the terminal's is not known (`COLUMNS`).
const DEFAULT_WIDTH: usize = 80;
/// The most lines the map takes.
const MAP_LINES: usize = 18;

/// The screen's width: `COLUMNS` when the shell exports it, else 80.
fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse::<usize>().ok())
        .filter(|&w| w >= 20)
        .unwrap_or(DEFAULT_WIDTH)
}

/// The commands every prompt knows, with `R`'s own action examples
/// (`Fight::ACTION_EXAMPLES`) for typing an action as inline TOML.
pub fn help<R: Ruleset>() -> String {
    let examples = R::ACTION_EXAMPLES.join("  or  ");
    format!(
        "\
Commands at every prompt:
  NUMBER      choose that entry of the menu
  {{ ... }}     type an action or answer as inline TOML, e.g.
              {examples}
  Enter       at a roll: roll for me; or type a total (11) or the faces (3 4 4)
  state       show the combatants again
  undo        take back your last decision (and the AI moves after it)
  save FILE   write the input log (fray play SCENARIO --resume FILE continues it,
              fray fight SCENARIO --inputs FILE replays it)
  quit        leave the game (inputs not saved are lost)"
    )
}

/// The state block: the round, whose turn it is and whose is next, every
/// combatant in turn order with its pools, controller and conditions (how
/// long each lasts), then the map around the figures, fitted to the width.
pub fn state<R: Ruleset>(state: &R::State, turn: Option<fray_core::CombatantId>) -> Vec<String> {
    let width = width();
    let mut lines = Status::of::<R>(state, turn).render(width);
    if let Some(view) = R::map_view(state) {
        let roster = R::roster(state);
        lines.extend(map::render(&view, &labels(&roster), turn, width, MAP_LINES));
    }
    lines
}

/// One list of a menu tree as shown at the table: its title, the numbered
/// choices, and how to go back when it is not the top list.
pub fn menu_list<A>(menu: &Menu<A>, depth: usize) -> Vec<String> {
    let mut lines = vec![format!("{}:", menu.title)];
    lines.extend(numbered(menu));
    let back = if depth > 0 {
        "0 or back to go up, "
    } else {
        ""
    };
    let example = menu
        .paths()
        .iter()
        .map(|(labels, _)| labels.join(" ").to_lowercase())
        .min_by_key(String::len)
        .unwrap_or_default();
    lines.push(format!(
        "  ({back}or the words of the choices at once, e.g. `{example}`; or TOML)"
    ));
    lines
}

/// Reads one typed line as a reply to a menu list: a number picks, `0` or
/// `back` goes up, `cancel` leaves; inline TOML (`{ ... }`) and the
/// commands every prompt knows go back to the front end; other words are
/// a shortcut.
pub fn reply(line: Line) -> Reply<Line> {
    let Line::Reply(text) = line else {
        return Reply::Other(line);
    };
    let t = text.trim();
    match t {
        "0" | "back" | "b" => Reply::Back,
        "cancel" => Reply::Cancel,
        _ if t.starts_with('{') || t.is_empty() => Reply::Other(Line::Reply(text)),
        _ => match t.parse::<usize>() {
            Ok(n) => Reply::Pick(n - 1),
            Err(_) => Reply::Words(text),
        },
    }
}

/// The terminal's [`Chooser`]: shows each list on the prompter's output
/// and reads replies from it. With it a whole choice is one call:
/// `fray_session::view::menu::walk(&R::action_menu(state, actor), &mut
/// TableChooser::new(&mut prompter, "action"))`, which gives the action,
/// a cancel, or a command line for the front end (undo, save, TOML...).
pub struct TableChooser<'p, I, W> {
    prompter: &'p mut Prompter<I, W>,
    prompt: &'static str,
    /// Whether typed words are a front-end command (a GM's `damage Orc 3`)
    /// rather than a shortcut: those are handed back, not walked.
    is_command: Option<&'p dyn Fn(&str) -> bool>,
    /// The first write or read error, if any (the walk then stops with `Line::Eof`).
    pub error: Option<std::io::Error>,
}

impl<'p, I: BufRead, W: Write> TableChooser<'p, I, W> {
    /// A chooser asking with `prompt` (`action`, `answer`).
    pub fn new(prompter: &'p mut Prompter<I, W>, prompt: &'static str) -> Self {
        TableChooser {
            prompter,
            prompt,
            is_command: None,
            error: None,
        }
    }

    /// Hands back typed words that `is_command` accepts (GM commands).
    pub fn with_commands(mut self, is_command: &'p dyn Fn(&str) -> bool) -> Self {
        self.is_command = Some(is_command);
        self
    }

    fn show(&mut self, lines: &[String]) {
        for l in lines {
            if let Err(e) = writeln!(self.prompter.out, "{l}") {
                self.error.get_or_insert(e);
            }
        }
    }
}

impl<I: BufRead, W: Write> Chooser for TableChooser<'_, I, W> {
    type Other = Line;

    fn choose<A>(&mut self, menu: &Menu<A>, depth: usize) -> Reply<Line> {
        self.show(&menu_list(menu, depth));
        match self.prompter.ask(self.prompt) {
            Ok(line) => match reply(line) {
                Reply::Words(words) if self.is_command.is_some_and(|c| c(&words)) => {
                    Reply::Other(Line::Reply(words))
                }
                other => other,
            },
            Err(e) => {
                self.error = Some(e);
                Reply::Other(Line::Eof)
            }
        }
    }

    fn refuse(&mut self, why: &WalkError) {
        self.show(&[format!("Not on the menu: {why}")]);
    }
}

/// A numbered menu of `items` worded by `label`, named; entries that would
/// read alike get their inline TOML so each can be told apart (and typed).
pub fn menu<T: serde::Serialize>(
    items: &[T],
    label: impl Fn(&T) -> String,
    roster: &[CombatantView],
) -> Vec<String> {
    let labels: Vec<String> = items.iter().map(|i| named(&label(i), roster)).collect();
    labels
        .iter()
        .zip(items)
        .enumerate()
        .map(|(n, (label, item))| {
            if labels.iter().filter(|l| *l == label).count() > 1 {
                format!("  {:>2}. {label}   {}", n + 1, to_inline(item))
            } else {
                format!("  {:>2}. {label}", n + 1)
            }
        })
        .collect()
}

/// "Sir Bors rolls 3d6 for attack (target 9): press Enter to roll, or type the dice".
pub fn roll_prompt<R: Ruleset>(state: &R::State, req: &RollRequest) -> String {
    let who = match req.roller {
        Some(id) => R::name(state, id).to_string(),
        None => "The game master".to_string(),
    };
    let target = req
        .target
        .map(|t| format!(" (target {t})"))
        .unwrap_or_default();
    format!(
        "{who} rolls {} for {}{target}: press Enter to roll, or type the dice \
         (a total like 11, or faces like 3 4 4)",
        req.kind, req.label
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_gurps::Gurps;

    #[test]
    fn the_walker_reads_numbers_back_and_shortcuts_at_the_terminal() {
        use fray_session::view::menu::{Walk, walk};
        let mut weapon = Menu::new("Weapon");
        weapon.leaf("Sword", 1).leaf("Axe", 2);
        let mut m = Menu::new("Ann's action");
        m.sub("Attack", weapon).leaf("Do Nothing", 3);
        let input = b"1\nback\n1\n9\naxe\n".as_slice();
        let mut prompter = Prompter::new(input, Vec::new(), true);
        let got = walk(&m, &mut TableChooser::new(&mut prompter, "action"));
        assert_eq!(got, Walk::Chosen(2));
        let text = String::from_utf8(prompter.out).unwrap();
        assert!(
            text.contains("Ann's action:\n   1. Attack >\n   2. Do Nothing\n"),
            "{text}"
        );
        assert!(
            text.contains("Not on the menu: 9 is not on the list"),
            "{text}"
        );
        // Commands and TOML go back to the play loop.
        let mut prompter = Prompter::new(b"undo\n".as_slice(), Vec::new(), true);
        let got = walk(&m, &mut TableChooser::new(&mut prompter, "action"));
        assert_eq!(got, Walk::Other(Line::Undo));
        assert_eq!(
            reply(Line::Reply("{ x = 1 }".into())),
            Reply::Other(Line::Reply("{ x = 1 }".into()))
        );
    }

    #[test]
    fn the_state_block_shows_conditions_and_the_map() {
        let file = fray_core::scenario::SourceFile::read(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../scenarios/gurps/duel.toml"
        )))
        .unwrap();
        let st = fray_core::run::load::<Gurps>(file).unwrap().state;
        let lines = state::<Gurps>(&st, None);
        let text = lines.join("\n");
        assert!(text.starts_with("== Round 0 =="), "{text}");
        assert!(
            text.contains("  Sir Bors (Bors): HP 12/12, FP 12/12 [ai] B (q "),
            "{text}"
        );
        assert!(text.contains("B↘"), "{text}");
    }

    #[test]
    fn the_help_shows_the_rulesets_own_action_examples() {
        let help = help::<Gurps>();
        assert!(
            help.contains("\n              do_nothing  or  { move = { to = { q = 1, r = 0 } } }\n"),
            "{help}"
        );
        assert!(help.contains("{ ... }     type an action"), "{help}");
    }
}
