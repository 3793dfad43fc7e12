//! Parser confusion (issue 17): the engines, the flags, the allowlist tester, `uriscope confuse`.

mod cli;
mod engines;
mod flags;
