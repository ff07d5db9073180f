//! `fray-server`: the web table (`fray serve`), where a game master and
//! players fight together in their browsers.
//!
//! It stands on [`fray_session::Table`]: who may do what and what each
//! seat sees is decided there, never here nor in the page. This crate
//! keeps the tables (in memory and in SQLite), opens seats by token, and
//! carries the table's JSON over HTTP and a WebSocket.
//!
//! * [`store`]: the SQLite database, its versioned schema; one row per
//!   record, committed before anyone is told.
//! * [`hub`]: the tables in play, each behind its own lock; requests,
//!   views, odds; tables rebuilt from the database on start.
//! * [`web`]: the routes (pages, JSON API, live socket) and their limits;
//!   [`live`]: the socket of one page.
//! * [`token`], [`limits`], [`scenarios`] (bundled), [`assets`] (pages
//!   compiled in).
//!
//! Start it with [`run`] (or `fray serve`).

pub mod assets;
pub mod hub;
pub mod limits;
pub mod live;
pub mod scenarios;
pub mod store;
pub mod suggest;
pub mod token;
pub mod web;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// The options of `fray serve`.
#[derive(clap::Args, Clone, Debug)]
pub struct Args {
    /// The address to listen on (port 0: any free port, printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The SQLite database (created on first start).
    #[arg(long, default_value = "fray.db")]
    pub db: PathBuf,
    /// Sync every commit to the disk (survives a power cut, not only a
    /// killed server; slower).
    #[arg(long)]
    pub full_sync: bool,
    /// New tables one address may open per minute (after a burst of 10).
    #[arg(long, default_value_t = 10.0)]
    pub tables_per_minute: f64,
    /// Requests one seat may send per second (after a burst of 40).
    #[arg(long, default_value_t = 10.0)]
    pub requests_per_second: f64,
    /// The most tables the server holds.
    #[arg(long, default_value_t = 10_000)]
    pub max_tables: usize,
}

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database did not open.
    #[error("{path}: {error}")]
    Store {
        /// The file.
        path: String,
        /// Why.
        error: store::StoreError,
    },
    /// The address does not parse or cannot be listened on.
    #[error("{addr}: {error}")]
    Listen {
        /// The address.
        addr: String,
        /// Why.
        error: std::io::Error,
    },
    /// The runtime did not start or the server failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl Args {
    /// The limits these options set.
    pub fn limits(&self) -> limits::Limits {
        limits::Limits {
            create_per_minute: self.tables_per_minute,
            create_burst: 10f64.max(self.tables_per_minute.min(1_000_000.0)),
            seat_per_second: self.requests_per_second,
            max_tables: self.max_tables,
            ..limits::Limits::default()
        }
    }
}

/// Runs the server until it is interrupted (Ctrl-C), printing its
/// address on the first line of stdout and warnings on stderr.
pub fn run(args: &Args) -> Result<(), StartError> {
    // The engine's work is CPU-bound: a few threads more than cores do it
    // all (queued past them), and the rulesets' per-thread AI memos stay few.
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(2 * cores + 2)
        .build()?;
    runtime.block_on(serve(args))
}

async fn serve(args: &Args) -> Result<(), StartError> {
    let store =
        store::Store::open(&args.db, args.full_sync).map_err(|error| StartError::Store {
            path: args.db.display().to_string(),
            error,
        })?;
    let limits = args.limits();
    let (hub, warnings) =
        hub::Hub::open(store, limits.max_tables).map_err(|error| StartError::Store {
            path: args.db.display().to_string(),
            error,
        })?;
    for w in warnings {
        eprintln!("warning: {w}");
    }
    let tables = hub.len();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let suggestions = suggest::Suggestions::new(cores)?;
    let app = web::App::new(Arc::new(hub), limits, suggestions);
    let listen = |error| StartError::Listen {
        addr: args.addr.clone(),
        error,
    };
    let listener = tokio::net::TcpListener::bind(&args.addr)
        .await
        .map_err(listen)?;
    let addr = listener.local_addr().map_err(listen)?;
    println!(
        "fray serve: http://{addr}/ (database {}, {tables} tables)",
        args.db.display()
    );
    let service = web::router(app).into_make_service_with_connect_info::<SocketAddr>();
    // Small replies and socket messages go at once (no Nagle delay).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, service)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}
