//! End-to-end tests of the `fray` binary, one test binary (`cargo test -p fray-cli`).

mod cli;
mod common;
mod encounter;
mod files;
mod hostile;
mod import;
mod menus;
mod odds_action;
mod odds_pinned;
mod odds_resume;
mod overrides;
mod play;
mod saves;
mod seats;
mod sim;
