//! Parser confusion: the same URL through the real parsers of
//! common stacks, where they disagree, and whether an allowlist check is
//! fooled.
//!
//! - [`engines`]: the parsers, in process (RFC 3986, WHATWG, `http::Uri`)
//!   and out of process (Python, Node, Java, Go when on `PATH`).
//! - [`compare`]: engines × components, the cells that differ, the
//!   verdict on the host.
//! - [`flags`]: the features of the text that make parsers disagree, each
//!   with its class and sections.
//! - [`allow`]: the naive allowlist checks, on the URL's text or on a
//!   checker's host, and which engines fool them.
//! - [`pair`]: a checker against a fetcher: the host the check sees, the
//!   host the request goes to, whether they differ.

pub mod allow;
pub mod compare;
pub mod engines;
pub mod flags;
pub mod pair;
