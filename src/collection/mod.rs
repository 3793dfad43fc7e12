//! A whole list of URLs at once (a proxy log, a sitemap, a target list):
//! the model a collection view and the `stats` and `dedupe` subcommands
//! stand on. No terminal: a view draws it, a subcommand prints it.
//!
//! - [`load`]: the lines of files or stdin, read and analysed on threads,
//!   handed over in batches as they come ([`Loader`]).
//! - [`line`](mod@line): what one line is ([`Facts`]: the verdict, scheme, host and
//!   finding codes `parse` gives it, and the confusion flags), and the
//!   keys of its three groupings ([`key_of`]).
//! - [`counts`]: the counts and top-N tables ([`Tally`]).
//! - [`groups`]: equivalent lines grouped by normal form or by query keys
//!   ([`Grouping`]), each member with its rung of the §6.2 ladder
//!   ([`rung`]).
//! - [`linked`]: a collection's three groupings kept compact
//!   ([`LineGroups`]: 8 bytes a group beside its table entry, a key kept
//!   only as what it does not share with its first line).
//! - [`filter`] and [`search`]: the filter language ([`Filter`]) and
//!   filtering a slice at a time ([`Searches`]).
//!
//! [`Collection`] holds the lines themselves (their text in one buffer;
//! for each, 4 bytes for where its text ends, 8 of facts and 16 of
//! group links, 8 more once grouped by site) with the tally and the
//! groupings (by normal form and query keys; by site when asked), and grows as batches
//! come ([`Collection::absorb`]): about 2 bytes a byte of input on a
//! log of short URLs.
//!
//! ```
//! use uriscope::collection::{Collection, GroupBy, Kind, Loader, Plan};
//! let input = "http://a/%7e\nHTTP://A/~\n\nhttp://b/x?id=1\nhttp://b/x?id=2\na b\n";
//! let mut c = Collection::new(Plan::default());
//! for event in Loader::from_reader(input.as_bytes(), Plan::default()) {
//!     c.apply(event);
//! }
//! assert_eq!(c.len(), 5);
//! assert_eq!(c.tally().blank, 1);
//! assert_eq!(c.tally().counts.kind(Kind::Invalid), 1);
//! assert_eq!(c.grouping(GroupBy::Normal).len(), 4);
//! assert_eq!(c.grouping(GroupBy::Keys).len(), 3);
//! c.group_by_site();
//! assert_eq!(c.grouping(GroupBy::Site).len(), 3);
//! assert_eq!(c.members(GroupBy::Normal, 0).collect::<Vec<_>>(), [0, 1]);
//! assert_eq!(c.rung(1).unwrap().name(), "syntax-based");
//! ```

pub mod counts;
pub mod filter;
pub mod groups;
pub mod intern;
pub mod line;
pub mod linked;
pub mod load;
pub mod search;
pub mod sites;

mod packed;
mod store;

pub use counts::{Counts, Ranked, Row, Tally};
pub use filter::{Filter, FilterError, Term, Test};
pub use groups::{rung, Group, Grouping, Keep, Placed};
pub use line::{key_of, keys_of, site_key, Facts, FlagSet, GroupBy, Key, Kind};
pub use linked::LineGroups;
pub use load::{Batch, Event, Loader, Plan, Poll, Source};
pub use search::{Search, Searches};
pub use store::{Collection, Members};
