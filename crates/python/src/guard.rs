//! Running Rust work from Python: without the GIL, and with no panic
//! crossing into the interpreter.
//!
//! Every call that simulates, plays, enumerates odds or loads a scenario
//! goes through [`run`]: the GIL is released for the whole of the Rust work
//! (so other Python threads, a Dask worker's heartbeat among them, go on),
//! and a panic is caught and returned as [`Failure::Panic`], which becomes a
//! `fray.FrayError` rather than unwinding into CPython.

use crate::errors::{Failure, IntoPy};
use pyo3::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Runs `work` with the GIL released; its failure or panic becomes a Python exception.
pub fn run<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, Failure> + Send,
) -> PyResult<T> {
    py.detach(|| catch(work)).or_raise(py)
}

/// Runs `work`, turning a panic into [`Failure::Panic`].
pub fn catch<T>(work: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(payload) => Err(Failure::Panic(panic_message(payload.as_ref()))),
    }
}

/// The probe behind `fray._native._gil_probe_wait`: a waiter inside Rust
/// work, and the release another Python thread gives it.
static WAITING: AtomicBool = AtomicBool::new(false);
static RELEASED: AtomicBool = AtomicBool::new(false);

/// Test of the boundary's promise, through the same [`run`] as every call:
/// waits inside Rust work until another Python thread calls
/// `_gil_probe_release`, which it can only do while this waits if the GIL
/// is free. `true` when released; `false` after `timeout_ms` (a held GIL
/// would make it so, never a hang).
#[pyfunction]
pub fn _gil_probe_wait(py: Python<'_>, timeout_ms: u64) -> PyResult<bool> {
    run(py, || {
        RELEASED.store(false, Ordering::SeqCst);
        WAITING.store(true, Ordering::SeqCst);
        let until = Instant::now() + Duration::from_millis(timeout_ms);
        let mut released = false;
        while Instant::now() < until && !released {
            released = RELEASED.swap(false, Ordering::SeqCst);
            if !released {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        WAITING.store(false, Ordering::SeqCst);
        Ok(released)
    })
}

/// Releases a thread waiting in [`_gil_probe_wait`]: `true` if one was
/// waiting inside Rust work at the time of the call.
#[pyfunction]
pub fn _gil_probe_release() -> bool {
    let waiting = WAITING.load(Ordering::SeqCst);
    if waiting {
        RELEASED.store(true, Ordering::SeqCst);
    }
    waiting
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with no message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_failure_with_its_message() {
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let r: Result<(), Failure> = catch(|| panic!("boom {}", 7));
        std::panic::set_hook(quiet);
        match r {
            Err(Failure::Panic(m)) => assert_eq!(m, "boom 7"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(catch(|| Ok::<_, Failure>(3)), Ok(3)));
    }
}
