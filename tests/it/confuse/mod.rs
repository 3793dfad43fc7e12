//! Parser confusion: the engines, the flags, the allowlist tester, `uriscope confuse`.

mod cli;
mod corpus;
mod engines;
mod flags;
mod pair;
