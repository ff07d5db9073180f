//! The AI's suggestions, worked out on threads of their own.
//!
//! An update tells every page of a table what happened; the AI's choice for
//! the seat asked next follows it ([`crate::live`]). On a state the
//! ruleset's AI has not met that choice can take milliseconds, and each
//! ruleset's AI keeps a memo per thread (GURPS's is about 38 MiB). So the
//! choices are worked out on a pool of one thread a core, apart from the
//! blocking threads that take requests and build updates: an update never
//! queues behind an AI decision, and there are as many memos as cores,
//! however many tables are open.

use fray_session::table::suggest::{Suggester, SuggestionView};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The pool the AI's suggestions run on.
pub struct Suggestions {
    pool: rayon::ThreadPool,
}

impl Suggestions {
    /// A pool of `threads` threads.
    pub fn new(threads: usize) -> std::io::Result<Suggestions> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("fray-ai-{i}"))
            .build()
            .map_err(std::io::Error::other)?;
        Ok(Suggestions { pool })
    }

    /// Works `suggester` out on the pool: none when the AI gives nothing
    /// (or fails: the page then offers no suggestion).
    pub async fn run(&self, suggester: Suggester) -> Option<SuggestionView> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.pool.spawn(move || {
            let worked = catch_unwind(AssertUnwindSafe(|| suggester.run()));
            let _ = tx.send(worked.ok().flatten());
        });
        rx.await.ok().flatten()
    }
}

/// The live socket's message of a suggestion:
/// `{"type": "suggestion", "revision": N, "suggested": ...}`.
pub fn message(s: &SuggestionView) -> String {
    serde_json::json!({
        "type": "suggestion",
        "revision": s.revision,
        "suggested": s.suggested,
    })
    .to_string()
}
