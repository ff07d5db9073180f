//! `fray sim SCENARIO -n N`: play many seeded fights on all cores and
//! report win rates, fight lengths and per-combatant figures;
//! `fray sim --compare A B`: two scenarios with the same seeds.

use crate::out::{self, Result};
use fray_core::Ruleset;
use fray_core::run::{self, Header};
use fray_core::scenario::SourceFile;
use fray_session::registry::unsupported_in;
use fray_session::with_ruleset;
use fray_sim::{Comparison, SimConfig, SimReport, simulate};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Below this many fights a run is short enough to need no progress bar.
const PROGRESS_FROM: u64 = 50_000;

/// Arguments of `fray sim`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["scenario", "compare"])))]
pub struct Args {
    /// The scenario file (TOML). Human and script controllers are played by the AI.
    pub scenario: Option<PathBuf>,
    /// Number of fights.
    #[arg(short = 'n', long = "fights", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub fights: u64,
    /// Base seed; fight i is seeded from (seed, i) (default: the scenario's `seed`, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: every core). The results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=512))]
    pub threads: Option<u16>,
    /// The report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write one CSV row per combatant to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also write an SVG histogram of fight length per winning side.
    #[arg(long, value_name = "FILE.svg", conflicts_with = "compare")]
    pub plot: Option<PathBuf>,
    /// Compare two scenarios of one ruleset, played with the same seeds.
    #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with = "scenario")]
    pub compare: Option<Vec<PathBuf>>,
    /// A folder of more data files (`*.toml`: weapons, armor, templates...)
    /// read with the bundled ones and the scenario's own `data` folder.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    match (&args.scenario, args.compare.as_deref()) {
        (_, Some([a, b])) => run_compare(args, a, b),
        (Some(path), None) => {
            let file = super::read(path)?;
            let id = run::ruleset_of(&file).map_err(out::fail)?;
            with_ruleset!(id.as_str(), R => single::<R>(args, path, file),
                other => Err(out::fail(unsupported_in(&file, other))))
        }
        _ => Err(out::message(
            "give a scenario, or --compare with two scenarios",
        )),
    }
}

fn run_compare(args: &Args, a: &Path, b: &Path) -> Result {
    let (fa, fb) = (super::read(a)?, super::read(b)?);
    let ia = run::ruleset_of(&fa).map_err(out::fail)?;
    let ib = run::ruleset_of(&fb).map_err(out::fail)?;
    if ia != ib {
        return Err(out::message(format!(
            "{} is a `{ia}` scenario but {} is `{ib}`: --compare needs one ruleset",
            a.display(),
            b.display()
        )));
    }
    with_ruleset!(ia.as_str(), R => compare::<R>(args, (a, fa), (b, fb)),
        other => Err(out::fail(unsupported_in(&fa, other))))
}

/// One scenario: simulate, print, and write the requested files.
fn single<R: Ruleset>(args: &Args, path: &Path, file: SourceFile) -> Result {
    let header = run::header(&file).map_err(out::fail)?;
    let seed = args.seed.or(header.seed).unwrap_or(1);
    let report = play::<R>(args, path, file, header, seed)?;
    if let Some(csv) = &args.csv {
        write_csv(csv, &[&report])?;
    }
    if let Some(plot) = &args.plot {
        let svg = fray_sim::plot::svg(&report).map_err(out::message)?;
        std::fs::write(plot, svg)
            .map_err(|e| out::message(format!("cannot write {}: {e}", plot.display())))?;
    }
    let mut w = out::stdout();
    if args.json {
        out::line(&mut w, to_json(&report)?)?;
    } else {
        write!(w, "{}", fray_sim::table::render(&report))?;
    }
    w.flush()?;
    Ok(())
}

/// Two scenarios with the same seeds, and the differences of the win rates.
fn compare<R: Ruleset>(
    args: &Args,
    (a, fa): (&Path, SourceFile),
    (b, fb): (&Path, SourceFile),
) -> Result {
    let ha = run::header(&fa).map_err(out::fail)?;
    let hb = run::header(&fb).map_err(out::fail)?;
    let seed = args.seed.or(ha.seed).unwrap_or(1);
    let ra = play::<R>(args, a, fa, ha, seed)?;
    let rb = play::<R>(args, b, fb, hb, seed)?;
    if let Some(csv) = &args.csv {
        write_csv(csv, &[&ra, &rb])?;
    }
    let c = Comparison::new(ra, rb);
    let mut w = out::stdout();
    if args.json {
        out::line(&mut w, to_json(&c)?)?;
    } else {
        write!(w, "{}", fray_sim::table::render_comparison(&c))?;
    }
    w.flush()?;
    Ok(())
}

/// Loads a scenario and simulates it, with a progress bar on a terminal.
fn play<R: Ruleset>(
    args: &Args,
    path: &Path,
    file: SourceFile,
    header: Header,
    seed: u64,
) -> Result<SimReport> {
    let loaded = run::load_with::<R>(file, args.data.as_deref()).map_err(out::fail)?;
    let config = SimConfig::new(args.fights, seed).with_threads(args.threads.map(usize::from));
    let bar = progress_bar(args.fights);
    let mut report = crate::progress::counted(&bar, |progress| {
        simulate::<R>(&loaded.state, &config, progress)
    })
    .map_err(|e| out::message(format!("{}: {e}", path.display())));
    bar.finish_and_clear();
    if let Ok(r) = &mut report {
        r.scenario = header.name.unwrap_or_else(|| path.display().to_string());
    }
    report
}

/// A bar on stderr when it is a terminal and the run is long; else hidden.
fn progress_bar(fights: u64) -> ProgressBar {
    if fights < PROGRESS_FROM || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(fights), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} {human_pos}/{human_len} fights [{wide_bar}] {percent}% eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar
}

fn write_csv(path: &Path, reports: &[&SimReport]) -> Result {
    let file = std::fs::File::create(path)
        .map_err(|e| out::message(format!("cannot write {}: {e}", path.display())))?;
    fray_sim::csv::write(std::io::BufWriter::new(file), reports)
        .map_err(|e| out::message(format!("cannot write {}: {e}", path.display())))
}

fn to_json(v: &impl serde::Serialize) -> Result<String> {
    serde_json::to_string_pretty(v).map_err(|e| out::message(format!("cannot encode JSON: {e}")))
}
