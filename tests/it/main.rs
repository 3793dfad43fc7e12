//! One integration-test binary (link time dominates on small machines),
//! in folders that mirror the house: `core` (the library), `cli` (the
//! subcommands), `tui` (the explorer in a TestBackend), `e2e` (the release
//! binary in tmux), `peers` (beside other crates), `regressions` (found by
//! fuzzing and review). `support` runs the binary; `rfc_tables` reads the
//! RFC example tables from `assets/`.

mod cli;
mod collection;
mod confuse;
mod consistency;
mod core;
mod doc_paths;
mod e2e;
mod layers;
mod regressions;
mod rfc_tables;
mod support;
mod tui;
