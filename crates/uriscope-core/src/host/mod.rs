//! Hosts (RFC 3986 §3.2.2): when two spellings are one host, the IDNA forms
//! of a registered name (RFC 5891, UTS #46), the IPv4 number forms resolvers
//! accept (§7.4), RFC 5952 text for IPv6, and the scripts of a label.
//!
//! ```
//! use uriscope_core::host;
//! assert!(host::same("www.Example.COM", "www.example.com"));
//! assert_eq!(host::to_ascii("bücher.example").unwrap(), "xn--bcher-kva.example");
//! assert_eq!(host::inet_aton("0x7f.1"), Some(std::net::Ipv4Addr::new(127, 0, 0, 1)));
//! assert_eq!(host::ipv6_canonical("0:0::1").as_deref(), Some("::1"));
//! ```

pub mod homograph;
mod identity;
mod idna;

pub use crate::lint::host_insight::{inet_aton, mixed_scripts, script_of, Script};
pub use crate::syntax::ipv6_text::{canonical as ipv6_canonical, pieces as ipv6_pieces};
pub use identity::{identity, same};
pub(crate) use idna::is_overlong_ace_label;
pub use idna::{dns_form, forms, to_ascii, to_unicode, HostForms, IdnaError, MAX_LABEL_LEN};
