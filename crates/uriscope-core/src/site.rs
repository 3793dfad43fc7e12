//! Sites: the public suffix of a host and its registrable domain (the
//! "eTLD+1"), read from the Public Suffix List.
//!
//! The list is compiled in by the `psl` crate (the `psl` feature, on by
//! default); [`PSL_VERSION`] names the release of it. A host is looked up
//! label by label from the right, the ICANN section told from the private
//! one ([`Section`]); a top-level label the list does not know is a suffix
//! of one label (the list's default rule `*`), as browsers and the list's
//! own tests take it.
//!
//! ```
//! use uriscope_core::site::{site, Section};
//! let s = site("a.b.example.co.uk").unwrap();
//! assert_eq!(s.suffix(), "co.uk");
//! assert_eq!(s.registrable(), Some("example.co.uk"));
//! assert_eq!(s.section(), Section::Icann);
//! // A host that is a suffix has no registrable domain; an IP literal has no site.
//! assert_eq!(site("co.uk").unwrap().registrable(), None);
//! assert!(site("192.0.2.1").is_none());
//! ```

use std::borrow::Cow;

/// The release of the `psl` crate whose list is compiled in (the crate's
/// versions follow the list's updates).
pub const PSL_VERSION: &str = "2.1.247";

/// Which part of the Public Suffix List the suffix comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// The ICANN section: suffixes of the domain name system's registries
    /// (`com`, `co.uk`, `kyoto.jp`).
    Icann,
    /// The private section: suffixes under which a company hands out names
    /// to others (`github.io`, `blogspot.com`).
    Private,
    /// Not on the list: the default rule `*` made the last label the suffix.
    Unlisted,
}

impl Section {
    /// `"icann"`, `"private"` or `"unlisted"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Section::Icann => "icann",
            Section::Private => "private",
            Section::Unlisted => "unlisted",
        }
    }
}

/// The site of a host: its public suffix and registrable domain, as
/// slices of the host as given (or of its decoded form when the host was
/// percent-encoded or its labels changed under IDNA mapping).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site<'a> {
    host: Cow<'a, str>,
    suffix_start: usize,
    registrable_start: Option<usize>,
    end: usize,
    section: Section,
}

impl<'a> Site<'a> {
    /// The public suffix (`co.uk` of `www.example.co.uk`).
    #[must_use]
    pub fn suffix(&self) -> &str {
        &self.host[self.suffix_start..self.end]
    }

    /// The registrable domain: the suffix and one label more
    /// (`example.co.uk`); `None` when the host is a suffix itself.
    #[must_use]
    pub fn registrable(&self) -> Option<&str> {
        self.registrable_start.map(|s| &self.host[s..self.end])
    }

    /// The section of the list the suffix comes from.
    #[must_use]
    pub fn section(&self) -> Section {
        self.section
    }

    /// The host the slices are taken from: the input, or its decoded form.
    #[must_use]
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The public suffix and the registrable domain with the host's own
    /// lifetime: borrowed from the host as given when it needed no
    /// decoding, copied otherwise.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let (suffix, registrable) = uriscope_core::site::site("a.example.com").unwrap().into_parts();
    /// assert!(matches!(suffix, Cow::Borrowed("com")));
    /// assert_eq!(registrable.as_deref(), Some("example.com"));
    /// ```
    #[must_use]
    pub fn into_parts(self) -> (Cow<'a, str>, Option<Cow<'a, str>>) {
        let (s, r, e) = (self.suffix_start, self.registrable_start, self.end);
        match self.host {
            Cow::Borrowed(h) => (Cow::Borrowed(&h[s..e]), r.map(|r| Cow::Borrowed(&h[r..e]))),
            Cow::Owned(h) => (
                Cow::Owned(h[s..e].to_owned()),
                r.map(|r| Cow::Owned(h[r..e].to_owned())),
            ),
        }
    }
}

/// The site of `host` (a reg-name, as a URI's host component gives it),
/// or `None` for what has no site: an IP literal or IPv4 address (a last
/// label of digits), an empty host, an empty label (`.com`, `a..b`), or a
/// percent-encoded host that does not decode to UTF-8. A final root dot
/// (`example.com.`) is left out of the answer.
///
/// ```
/// use uriscope_core::site::site;
/// assert_eq!(site("WWW.Example.COM").unwrap().registrable(), Some("Example.COM"));
/// assert_eq!(site("user.github.io").unwrap().registrable(), Some("user.github.io"));
/// assert_eq!(site("localhost").unwrap().registrable(), None);
/// ```
#[must_use]
pub fn site(host: &str) -> Option<Site<'_>> {
    let host: Cow<'_, str> = if host.contains('%') {
        let bytes = crate::percent::decode_bytes(host.as_bytes(), Default::default());
        match String::from_utf8(bytes.into_owned()) {
            Ok(decoded) => Cow::Owned(decoded),
            Err(_) => return None,
        }
    } else {
        Cow::Borrowed(host)
    };
    let name = host.strip_suffix('.').unwrap_or(&host);
    if name.is_empty() || name.starts_with('[') || name.split('.').any(str::is_empty) {
        return None;
    }
    let last = name.rsplit('.').next().unwrap_or(name);
    if last.bytes().all(|b| b.is_ascii_digit()) || is_hex_number(last) {
        return None;
    }
    let key = lookup_form(name);
    let key_name = key.strip_suffix('.').unwrap_or(&key);
    if key_name.is_empty() || key_name.split('.').any(str::is_empty) {
        return None;
    }
    let (labels, section) = suffix_labels(key_name);
    // The display form must have the lookup form's labels, one for one:
    // where IDNA mapping made more (a fullwidth dot), the mapped form is
    // the answer's.
    let (host, end) = if key_name.split('.').count() == name.split('.').count() {
        let end = name.len();
        (host, end)
    } else {
        let end = key_name.len();
        (Cow::Owned(key.into_owned()), end)
    };
    let name = &host[..end];
    let suffix_start = start_of_last(name, labels)?;
    let registrable_start = start_of_last(name, labels + 1);
    Some(Site {
        host,
        suffix_start,
        registrable_start,
        end,
        section,
    })
}

/// The name two hosts share when they are on the same site: the
/// registrable domain in the list's form (lowercase, A-labels as Unicode),
/// or, for a host that has none (a public suffix, a single label, an IP
/// address), the host itself lowercased, as browsers take such a host
/// for a site of its own. `None` for an empty host. `stats`, the list
/// view, `dedupe --by site` and `confuse --same-site` all group by it.
///
/// ```
/// use uriscope_core::site::site_name;
/// assert_eq!(site_name("WWW.Example.co.UK").as_deref(), Some("example.co.uk"));
/// assert_eq!(site_name("a.xn--mnchen-3ya.de").as_deref(), Some("münchen.de"));
/// assert_eq!(site_name("192.0.2.1").as_deref(), Some("192.0.2.1"));
/// assert_eq!(site_name("localhost").as_deref(), Some("localhost"));
/// assert_eq!(site_name(""), None);
/// ```
#[must_use]
pub fn site_name(host: &str) -> Option<Cow<'_, str>> {
    if host.is_empty() {
        return None;
    }
    let lower = |h: &str| -> String {
        let h = h.strip_suffix('.').unwrap_or(h);
        lookup_form(h).into_owned()
    };
    Some(match site(host) {
        Some(s) => match s.registrable() {
            Some(r) => Cow::Owned(lower(r)),
            None => Cow::Owned(lower(s.host())),
        },
        None if host.bytes().any(|b| b.is_ascii_uppercase()) => {
            Cow::Owned(host.to_ascii_lowercase())
        }
        None => Cow::Borrowed(host),
    })
}

/// Whether a last label is a number in hexadecimal (`0x7f`), which the
/// WHATWG host parser and inet_aton read as part of an IPv4 address.
fn is_hex_number(label: &str) -> bool {
    let l = label.as_bytes();
    l.len() > 2 && l[0] == b'0' && (l[1] | 0x20) == b'x' && l[2..].iter().all(u8::is_ascii_hexdigit)
}

/// The byte where the last `n` labels of `name` start; `None` when it has
/// fewer than `n` labels.
fn start_of_last(name: &str, n: usize) -> Option<usize> {
    let mut seen = 0;
    for (i, b) in name.bytes().enumerate().rev() {
        if b == b'.' {
            seen += 1;
            if seen == n {
                return Some(i + 1);
            }
        }
    }
    (seen + 1 == n).then_some(0)
}

/// The form the list is searched in: lowercase, with A-labels as the
/// Unicode labels the list holds (when the `idna` feature is on).
fn lookup_form(name: &str) -> Cow<'_, str> {
    #[cfg(feature = "idna")]
    {
        let has_ace = name
            .split('.')
            .any(|l| l.len() > 4 && l.as_bytes()[..4].eq_ignore_ascii_case(b"xn--"));
        if has_ace || !name.is_ascii() {
            if let Ok(unicode) = crate::host::to_unicode(name) {
                return Cow::Owned(unicode.into_owned());
            }
        }
    }
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(name.to_ascii_lowercase())
    } else {
        Cow::Borrowed(name)
    }
}

/// How many labels the public suffix of `key` has, and its section.
#[cfg(feature = "psl")]
fn suffix_labels(key: &str) -> (usize, Section) {
    use psl::Psl;
    let info = psl::List.find(key.as_bytes().rsplit(|&b| b == b'.'));
    let section = match info.typ {
        Some(psl::Type::Icann) => Section::Icann,
        Some(psl::Type::Private) => Section::Private,
        None => Section::Unlisted,
    };
    let len = info.len.min(key.len());
    let labels = key[key.len() - len..].split('.').count().max(1);
    (labels, section)
}

/// Without the list, every suffix is the last label (the default rule).
#[cfg(not(feature = "psl"))]
fn suffix_labels(_key: &str) -> (usize, Section) {
    (1, Section::Unlisted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_labels_are_counted_from_the_right() {
        assert_eq!(start_of_last("a.b.c", 1), Some(4));
        assert_eq!(start_of_last("a.b.c", 3), Some(0));
        assert_eq!(start_of_last("a.b.c", 4), None);
        assert_eq!(start_of_last("c", 1), Some(0));
    }

    #[test]
    fn addresses_and_empty_labels_have_no_site() {
        for host in [
            "",
            "[::1]",
            "192.0.2.1",
            "0x7f.1",
            ".com",
            "a..com",
            "%ff.com",
        ] {
            assert_eq!(site(host), None, "{host:?}");
        }
    }

    #[test]
    fn a_root_dot_is_left_out_and_escapes_are_decoded() {
        let s = site("www.example.com.").unwrap();
        assert_eq!((s.suffix(), s.registrable()), ("com", Some("example.com")));
        let s = site("www.ex%61mple.com").unwrap();
        assert_eq!(s.registrable(), Some("example.com"));
    }

    #[cfg(feature = "psl")]
    #[test]
    fn the_private_section_is_told_apart() {
        let s = site("me.github.io").unwrap();
        assert_eq!((s.suffix(), s.section()), ("github.io", Section::Private));
        assert_eq!(
            site("example.invalidtld").unwrap().section(),
            Section::Unlisted
        );
        assert_eq!(site("example.org").unwrap().section(), Section::Icann);
    }
}
