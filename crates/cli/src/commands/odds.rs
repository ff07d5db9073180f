//! `fray odds EXPR`: the exact distribution of a dice expression.
//! `fray odds --scenario FILE --action ACTION`: the exact distribution of
//! the effects of one declared action (`fray_core::odds`).

mod dice_table;

use crate::out::{self, Result};
use comfy_table::{Cell, CellAlignment, Table, presets::UTF8_FULL_CONDENSED};
use dice_table::Align;
use fray_core::dice::{DistOptions, Expr, Prob, prob_f64};
use fray_core::odds::{self as exact, ActionEffects, ActionOdds, OddsOptions};
use fray_core::run;
use fray_core::scenario::SourceFile;
use fray_core::{CombatantId, CombatantView, Ruleset};
use fray_session::registry::unsupported_in;
use fray_session::view::named;
use fray_session::with_ruleset;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `fray odds`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["expr", "scenario"])))]
pub struct Args {
    /// The dice expression, e.g. `3d6`, `4d6kh3`, `10d10!kh5`.
    pub expr: Option<String>,
    /// A scenario: give the odds of one action from its starting positions.
    #[arg(long, requires = "action", conflicts_with = "expr")]
    pub scenario: Option<PathBuf>,
    /// The action, as a TOML inline value of the ruleset's actions
    /// (`fray systems --json` lists examples for each ruleset).
    #[arg(long, requires = "scenario")]
    pub action: Option<String>,
    /// Who acts (a name from the scenario); default: whoever acts first.
    #[arg(long, requires = "scenario")]
    pub actor: Option<String>,
    /// An action the actor takes earlier in the same turn, over all its
    /// outcomes (repeat for several, in order): `--after ATTACK --action
    /// ATTACK` gives the odds of a second attack (d20-3d6's -5).
    #[arg(long, requires = "action", value_name = "ACTION")]
    pub after: Vec<String>,
    /// The budget of work: roll sequences (32 each past 128-bit weights),
    /// kept states (16 a figure) and keys; past it the answer is partial
    /// and says the share of probability it covers.
    #[arg(long, default_value_t = exact::DEFAULT_MAX_LEAVES, requires = "scenario")]
    pub max_outcomes: u64,
    /// Machine-readable JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// A folder of more data files (`*.toml`: weapons, armor, templates...)
    /// read with the bundled ones and the scenario's own `data` folder.
    #[arg(long, value_name = "DIR", requires = "scenario")]
    pub data: Option<PathBuf>,
    /// Replay every roll sequence from the start of the action, neither
    /// resuming at checkpoints nor reusing the AI's answers: slower, and
    /// the same odds (the tests check it).
    #[arg(long, hide = true, requires = "scenario")]
    pub replay_all: bool,
}

const BAR_WIDTH: f64 = 40.0;

/// Runs the command: dice odds, or the odds of an action in a scenario.
pub fn run(args: &Args) -> Result {
    match (&args.expr, &args.scenario) {
        (Some(expr), None) => dice(expr, args.json),
        (None, Some(path)) => action(args, path),
        _ => Err(out::message(
            "give either a dice expression or --scenario FILE --action ACTION",
        )),
    }
}

fn dice(text: &str, json_out: bool) -> Result {
    let expr = Expr::parse(text).map_err(|e| super::dice_error(text, e))?;
    let pmf = expr
        .distribution(&DistOptions::default())
        .map_err(|e| super::dice_error(text, e))?;
    // One running pass: cumulative columns and cheaply reduced fractions.
    let rows = pmf.table();
    let mean = pmf.mean();
    let leftover = pmf.leftover();
    let mut w = out::stdout();
    if json_out {
        out::line(&mut w, fray_session::odds_json::dice(text, &pmf))?;
        w.flush()?;
        return Ok(());
    }
    let peak = rows.iter().map(|r| r.eq.to_f64()).fold(0.0, f64::max);
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|r| {
            let eq = r.eq.to_f64();
            let bar_len = if peak > 0.0 {
                (eq / peak * BAR_WIDTH).round() as usize
            } else {
                0
            };
            [
                r.value.to_string(),
                short(&r.eq, eq),
                format!("{eq:.6}"),
                format!("{:.6}", r.le.to_f64()),
                format!("{:.6}", r.ge.to_f64()),
                "█".repeat(bar_len),
            ]
        })
        .collect();
    let table = dice_table::render(
        ["value", "P(=) exact", "P(=)", "P(<=)", "P(>=)", ""],
        &cells,
        [
            Align::Right,
            Align::Right,
            Align::Right,
            Align::Right,
            Align::Right,
            Align::Left,
        ],
    );
    out::line(
        &mut w,
        format_args!("{}: exact distribution over {} values", text, rows.len()),
    )?;
    out::line(&mut w, &table)?;
    out::line(
        &mut w,
        format_args!(
            "mean {}, standard deviation {:.6}",
            both_f(&mean, pmf.mean_f64()),
            pmf.std_dev()
        ),
    )?;
    if prob_f64(&leftover) > 0.0 || leftover.to_string() != "0" {
        out::line(
            &mut w,
            format_args!(
                "explosions truncated: probability {} lies beyond the last value shown",
                tiny(&leftover, prob_f64(&leftover))
            ),
        )?;
    }
    w.flush()?;
    Ok(())
}

/// Reads the scenario and the action, and prints the action's exact odds.
fn action(args: &Args, path: &Path) -> Result {
    let Some(text) = args.action.as_deref() else {
        return Err(out::message("--scenario needs --action"));
    };
    let file = super::read(path)?;
    let id = run::ruleset_of(&file).map_err(out::fail)?;
    with_ruleset!(id.as_str(), R => action_odds::<R>(args, path, file, text),
        other => Err(out::fail(unsupported_in(&file, other))))
}

/// Parses the value of `flag` (`--action`, `--after`) as the ruleset's
/// action; errors point at the column.
fn parse_action<R: Ruleset>(flag: &str, text: &str) -> Result<R::Action> {
    fray_session::odds_json::action_from_toml::<R>(text).map_err(|e| {
        let report = match e.span {
            Some(r) => miette::miette!(
                labels = vec![miette::LabeledSpan::at(r.clone(), "here")],
                "{flag}, column {}: {}",
                r.start + 1,
                e.message
            ),
            None => miette::miette!("{flag}: {}", e.message),
        };
        out::Failure::Report(report.with_source_code(text.to_string()))
    })
}

/// The combatant named `name`, or an error listing the names.
fn find_actor<R: Ruleset>(state: &R::State, name: &str) -> Result<CombatantId> {
    fray_session::odds_json::find_actor::<R>(state, name)
        .map_err(|why| out::message(format!("--actor: {why}")))
}

fn action_odds<R: ActionEffects>(args: &Args, path: &Path, file: SourceFile, text: &str) -> Result {
    let action = parse_action::<R>("--action", text)?;
    let earlier = args
        .after
        .iter()
        .map(|a| parse_action::<R>("--after", a))
        .collect::<Result<Vec<_>>>()?;
    let loaded = run::load_with::<R>(file, args.data.as_deref()).map_err(out::fail)?;
    let actor = match &args.actor {
        Some(name) => Some(find_actor::<R>(&loaded.state, name)?),
        None => None,
    };
    let opts = OddsOptions {
        max_leaves: args.max_outcomes,
        reuse_answers: !args.replay_all,
        resume: !args.replay_all,
        ..OddsOptions::default()
    };
    let odds = exact::turn_odds::<R>(&loaded.state, actor, &earlier, &action, &opts)
        .map_err(|e| out::message(format!("{}: {e}", path.display())))?;
    let roster = R::roster(&loaded.state);
    let mut w = out::stdout();
    if args.json {
        let shown = path.display().to_string();
        let doc = fray_session::odds_json::action(&odds, &roster, &shown, R::ID, text);
        out::line(&mut w, doc)?;
    } else {
        print_action(&mut w, &odds, &roster, path)?;
    }
    w.flush()?;
    Ok(())
}

/// The longest exact fraction shown; a longer one (hundreds of digits
/// after a few exploding dice) is shown as its decimal. `--json` keeps
/// every exact value.
const SHORT_FRACTION: usize = 21;

/// `p` as its exact fraction when that is short, else as the decimal `f`.
fn short(p: &impl std::fmt::Display, f: f64) -> String {
    let exact = p.to_string();
    if exact.len() <= SHORT_FRACTION {
        exact
    } else {
        format!("≈{f:.10}")
    }
}

/// `p` as "fraction = decimal" when the fraction is short, else the decimal.
fn both(p: &Prob) -> String {
    both_f(p, prob_f64(p))
}

/// `p` (of decimal value `f`) as "fraction = decimal", or the decimal alone.
fn both_f(p: &impl std::fmt::Display, f: f64) -> String {
    let exact = p.to_string();
    if exact.len() <= SHORT_FRACTION {
        format!("{exact} = {f:.6}")
    } else {
        format!("{f:.6}")
    }
}

/// A small probability: its short fraction with the decimal in
/// scientific notation, or that notation alone.
fn tiny(p: &impl std::fmt::Display, f: f64) -> String {
    let exact = p.to_string();
    if exact.len() <= SHORT_FRACTION {
        format!("{exact} ({f:.3e})")
    } else {
        format!("{f:.3e}")
    }
}

/// The most joint outcomes listed in the table output.
const TOP_OUTCOMES: usize = 10;

fn right(text: impl ToString) -> Cell {
    Cell::new(text.to_string()).set_alignment(CellAlignment::Right)
}

/// The odds as tables, figures named rather than numbered.
fn print_action(
    w: &mut impl Write,
    o: &ActionOdds,
    roster: &[CombatantView],
    path: &Path,
) -> Result {
    out::line(
        w,
        format_args!(
            "{}: {} declares {}: exact odds over {} roll sequences",
            path.display(),
            o.actor_name,
            named(&o.action, roster),
            o.leaves
        ),
    )?;
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED).set_header(vec![
        "effect",
        "P(≠0) exact",
        "P(≠0)",
        "mean exact",
        "mean",
    ]);
    for f in &o.features {
        table.add_row(vec![
            Cell::new(f.name),
            right(short(&f.p_nonzero, prob_f64(&f.p_nonzero))),
            right(format!("{:.6}", prob_f64(&f.p_nonzero))),
            right(short(&f.mean, prob_f64(&f.mean))),
            right(format!("{:.4}", prob_f64(&f.mean))),
        ]);
    }
    out::line(w, &table)?;
    // Distributions of the features that take more values than 0 and 1.
    for f in o
        .features
        .iter()
        .filter(|f| f.distribution.iter().any(|(v, _)| *v != 0 && *v != 1))
    {
        let mut t = Table::new();
        t.load_preset(UTF8_FULL_CONDENSED)
            .set_header(vec![f.name, "P(=) exact", "P(=)", "P(>=)"]);
        let mut ge: Prob = f.distribution.iter().map(|(_, p)| p.clone()).sum();
        for (v, p) in &f.distribution {
            t.add_row(vec![
                right(v),
                right(short(p, prob_f64(p))),
                right(format!("{:.6}", prob_f64(p))),
                right(format!("{:.6}", prob_f64(&ge))),
            ]);
            ge -= p;
        }
        out::line(w, format_args!("{}:", f.name))?;
        out::line(w, &t)?;
    }
    if o.decisions.is_empty() {
        out::line(w, "Decisions: none asked.")?;
    } else {
        out::line(
            w,
            "Decisions (AI tactics), with the probability each is taken:",
        )?;
        for (d, p) in &o.decisions {
            let d = named(d, roster);
            out::line(w, format_args!("  {d}: {}", both(p)))?;
        }
    }
    out::line(
        w,
        format_args!("Most likely outcomes ({} distinct):", o.outcomes.len()),
    )?;
    for (effects, p) in o.outcomes.iter().take(TOP_OUTCOMES) {
        let words = if effects.is_empty() {
            "no effect".to_string()
        } else {
            effects
                .iter()
                .map(|(n, v)| format!("{n} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out::line(w, format_args!("  {:>9.6}  {words}", prob_f64(p)))?;
    }
    if o.ended != Prob::from_integer(0.into()) {
        out::line(
            w,
            format_args!(
                "the turn ended before the action (an earlier action ended the fight or felled the actor): probability {}",
                both(&o.ended)
            ),
        )?;
    }
    if o.leftover != Prob::from_integer(0.into()) {
        out::line(
            w,
            format_args!(
                "explosions truncated: probability {} is not enumerated",
                tiny(&o.leftover, prob_f64(&o.leftover))
            ),
        )?;
    }
    if o.unexplored != Prob::from_integer(0.into()) {
        out::line(
            w,
            format_args!(
                "PARTIAL: the budget of {} roll sequences stopped the enumeration; the figures above \
                 cover {:.4}% of the probability, and {} is not explored (raise --max-outcomes, or \
                 sample the fight with `fray sim`)",
                o.budget,
                100.0 * (1.0 - prob_f64(&o.unexplored)),
                both(&o.unexplored)
            ),
        )?;
    }
    Ok(())
}
