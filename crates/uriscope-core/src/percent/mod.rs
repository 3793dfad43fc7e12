//! Percent-encoding and decoding (RFC 3986 §2.1, §2.4, §2.5).
//!
//! - [`encode_set`]: one named set per component, from its ABNF rule.
//! - [`encode`] / [`encode_with`]: text to UTF-8 to `%HH` for every byte
//!   outside the set; borrows when nothing changes.
//! - [`explain`]: the same, character by character, with the reason.
//! - [`decode`]: bytes, malformed escapes with spans, bytes that are not
//!   UTF-8, and the rounds of a double encoding; [`decode_bytes`] is the
//!   fast path.
//!
//! ```
//! use uriscope_core::percent::{decode, encode, encode_set, DecodeOptions};
//! let e = encode("naïve café/x", &encode_set::SEGMENT);
//! assert_eq!(e, "na%C3%AFve%20caf%C3%A9%2Fx");
//! let d = decode(&e, DecodeOptions::default());
//! assert_eq!(d.text(), Some("naïve café/x"));
//! ```

mod decode;
mod encode;
pub mod encode_set;
mod explain;

pub use decode::{
    decode, decode_bytes, hex, invalid_utf8, malformed_escapes, DecodeOptions, Decoded, Malformed,
    MalformedIter, MAX_ROUNDS,
};
pub use encode::{encode, encode_with, escape, EncodeOptions};
pub use explain::{explain, explained, row_count, Action, CharExplained};
