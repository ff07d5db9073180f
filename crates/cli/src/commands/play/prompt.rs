//! Line-based prompts: one line in, one reply out, so a script piped into
//! stdin plays exactly like a person typing (and CI tests it that way).

use serde::de::DeserializeOwned;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

/// What a person typed, once the commands every prompt knows are picked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// `help`: the commands and the current menu again.
    Help,
    /// `state`: the combatants again.
    State,
    /// `undo`: take back the last decision.
    Undo,
    /// `redo`: give back what the last undo took.
    Redo,
    /// `save FILE`: write the input log.
    Save(PathBuf),
    /// `quit`: leave.
    Quit,
    /// Anything else (a menu number, dice, an inline TOML value), trimmed.
    Reply(String),
    /// A command used wrongly, with the reason (`save` without a file).
    Bad(String),
    /// The input ended.
    Eof,
}

/// Reads replies and writes prompts. When stdin is not a terminal the reply
/// is echoed after the prompt, so a piped session reads like a typed one.
pub struct Prompter<I, W> {
    input: I,
    /// Where prompts, menus and events go.
    pub out: W,
    echo: bool,
    /// Lines read so far.
    lines: usize,
}

impl<I: BufRead, W: Write> Prompter<I, W> {
    /// A prompter over `input` and `out`; `echo` repeats each reply.
    pub fn new(input: I, out: W, echo: bool) -> Self {
        Prompter {
            input,
            out,
            echo,
            lines: 0,
        }
    }

    /// The number of the last line read when the replies come from a
    /// script (not a terminal), so a refusal can name the script's line.
    pub fn script_line(&self) -> Option<usize> {
        (self.echo && self.lines > 0).then_some(self.lines)
    }

    /// Shows `prompt`, waits for one line and sorts it.
    pub fn ask(&mut self, prompt: &str) -> io::Result<Line> {
        write!(self.out, "{prompt}> ")?;
        self.out.flush()?;
        let mut bytes = Vec::new();
        // Bytes, not `read_line`: a stray non-UTF-8 byte must not end the game.
        if self.input.read_until(b'\n', &mut bytes)? == 0 {
            writeln!(self.out)?;
            return Ok(Line::Eof);
        }
        self.lines += 1;
        let text = String::from_utf8_lossy(&bytes).trim().to_string();
        if self.echo {
            // Echoed escaped: a control character typed or piped in never
            // reaches the terminal as it is.
            writeln!(self.out, "{}", fray_core::text::Shown(&text))?;
        }
        Ok(parse(&text))
    }
}

/// Sorts one line into a command or a reply.
pub fn parse(text: &str) -> Line {
    let mut words = text.splitn(2, char::is_whitespace);
    let first = words.next().unwrap_or("");
    let rest = words.next().map(str::trim).unwrap_or("");
    match (first, rest.is_empty()) {
        ("help" | "?", true) => Line::Help,
        ("state", true) => Line::State,
        ("undo", true) => Line::Undo,
        ("redo", true) => Line::Redo,
        ("quit" | "exit", true) => Line::Quit,
        ("save", true) => Line::Bad("save needs a file name: save FILE".into()),
        ("save", false) => Line::Save(PathBuf::from(rest)),
        _ => Line::Reply(text.to_string()),
    }
}

/// A 1-based menu number within `len` entries, or why not.
pub fn menu_number(text: &str, len: usize) -> Option<Result<usize, String>> {
    let n: i64 = text.parse().ok()?;
    Some(if n >= 1 && n <= len as i64 {
        Ok(n as usize - 1)
    } else if len == 0 {
        Err("there is no menu here".to_string())
    } else {
        Err(format!("{n} is not on the menu: choose 1 to {len}"))
    })
}

/// Reads a value typed as inline TOML (`{ move = { to = { q = 1, r = 0 } } }`);
/// a bare word like `do_nothing` is read as the string `"do_nothing"`.
pub fn inline<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    #[derive(serde::Deserialize)]
    #[serde(bound = "T: DeserializeOwned", deny_unknown_fields)]
    struct Typed<T> {
        value: T,
    }
    let parse = |t: &str| {
        toml::from_str::<Typed<T>>(&format!("value = {t}"))
            .map(|v| v.value)
            .map_err(|e| e.message().trim().to_string())
    };
    let bare = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    match parse(text) {
        Err(_) if bare => parse(&format!("\"{text}\"")),
        other => other,
    }
}

/// A value as inline TOML, the form `inline` reads back.
pub fn to_inline<T: serde::Serialize>(value: &T) -> String {
    match toml::Value::try_from(value) {
        Ok(v) => v.to_string(),
        Err(e) => format!("(cannot show as TOML: {e})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_picked_out_and_the_rest_is_a_reply() {
        assert_eq!(parse("undo"), Line::Undo);
        assert_eq!(parse("redo"), Line::Redo);
        assert_eq!(
            parse("save my game.toml"),
            Line::Save("my game.toml".into())
        );
        assert!(matches!(parse("save"), Line::Bad(_)));
        assert_eq!(parse("3 4 4"), Line::Reply("3 4 4".into()));
        assert_eq!(parse(""), Line::Reply(String::new()));
    }

    #[test]
    fn menu_numbers_are_checked_against_the_menu() {
        assert_eq!(menu_number("2", 3), Some(Ok(1)));
        assert!(menu_number("4", 3).unwrap().is_err());
        assert!(menu_number("0", 3).unwrap().is_err());
        assert!(menu_number("-1", 3).unwrap().is_err());
        assert_eq!(menu_number("{ x = 1 }", 3), None);
    }

    #[test]
    fn inline_toml_reads_tables_and_bare_words() {
        #[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
        #[serde(rename_all = "snake_case")]
        enum A {
            Wait,
            Go { to: i32 },
        }
        assert_eq!(inline::<A>("wait"), Ok(A::Wait));
        assert_eq!(inline::<A>("{ go = { to = 3 } }"), Ok(A::Go { to: 3 }));
        assert_eq!(
            inline::<A>(&to_inline(&A::Go { to: 3 })),
            Ok(A::Go { to: 3 })
        );
        assert!(inline::<A>("{ fly = 1 }").is_err());
        assert!(inline::<A>("1\nvalue = 2").is_err());
    }
}
