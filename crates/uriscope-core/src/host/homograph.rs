//! Host labels that can pass for another name (RFC 3986 §7.6, RFC 3987
//! §8), as Unicode UTS #39 defines them:
//!
//! - a label that mixes scripts no single writing system mixes
//!   (`pаypal`, a Cyrillic `а` among Latin letters; §5.2 "Highly
//!   Restrictive");
//! - a whole-script confusable of an ASCII name: written wholly in one
//!   script other than Latin, yet with the skeleton of an ASCII label
//!   (`аррӏе`, all Cyrillic, reads as `apple`; §4);
//! - a label with the skeleton of a well-known name that is not that name
//!   (`pɑypɑl`, `paypa1`: [`WELL_KNOWN`]).
//!
//! A single-script label with ordinary diacritics (`bücher`, `münchen`,
//! `résumé`) is none of these: a diacritic is part of a letter's skeleton.
//! The confusables data and the skeleton are the `unicode-security`
//! crate's (behind the `idna` feature); without it only mixed scripts are
//! found.

use crate::quote::cut;
use crate::{Code, Span};

use super::{mixed_scripts, script_of, Script};

/// The names look-alike hosts most often impersonate: a label with the
/// same skeleton that is not the name itself is flagged. A policy list of
/// brands, not Unicode data (the confusables come from UTS #39).
pub const WELL_KNOWN: &[&str] = &[
    "amazon",
    "apple",
    "binance",
    "coinbase",
    "dropbox",
    "ebay",
    "facebook",
    "github",
    "gmail",
    "google",
    "icloud",
    "instagram",
    "linkedin",
    "microsoft",
    "netflix",
    "outlook",
    "paypal",
    "twitter",
    "wikipedia",
    "whatsapp",
    "yahoo",
    "youtube",
];

/// Hosts longer than this are no DNS names (255 octets at most, RFC 1034
/// §3.1, some room left for Unicode labels): only their mixed scripts are
/// looked for, so a long paste costs no skeleton per label.
const MAX_CONFUSABLE_HOST: usize = 1024;

/// What makes a label a look-alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confusion {
    /// It mixes these scripts (UTS #39 §5.2).
    MixedScripts(Vec<Script>),
    /// It is written wholly in this script (not Latin) yet has the
    /// skeleton of an ASCII label (UTS #39 §4).
    WholeScript(String),
    /// It has the skeleton of this well-known name ([`WELL_KNOWN`]).
    KnownName(&'static str),
}

/// One look-alike label of a host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Homograph {
    /// The label as written, a span of the host text.
    pub span: Span,
    /// The label as read: escapes and punycode decoded, UTS #46 mapped.
    pub label: String,
    /// Whether it is written as an `xn--` A-label.
    pub ace: bool,
    /// Why it is one.
    pub confusion: Confusion,
    /// The ASCII name it reads as (`apple` for `аррӏе`), where every
    /// character has an ASCII look-alike.
    pub reads_as: Option<String>,
}

impl Homograph {
    /// The finding code: `mixed-script-label`, `whole-script-confusable`
    /// or `confusable-name`.
    #[must_use]
    pub fn code(&self) -> Code {
        match self.confusion {
            Confusion::MixedScripts(_) => Code::MixedScriptLabel,
            Confusion::WholeScript(_) => Code::WholeScriptConfusable,
            Confusion::KnownName(_) => Code::ConfusableName,
        }
    }

    /// The sentence that says what the label is and, given the whole
    /// host as read ([`reading`]), what it reads as.
    pub fn message(&self, host: &str, reading: Option<&str>) -> String {
        let written = self.span.slice(host);
        let said = if self.ace {
            format!(
                "label \"{}\" decodes to \"{}\", which",
                cut(written),
                cut(&self.label)
            )
        } else {
            format!("label \"{}\"", cut(&self.label))
        };
        let what = match &self.confusion {
            Confusion::MixedScripts(scripts) => {
                let names: Vec<&str> = scripts.iter().map(|s| s.name()).collect();
                let odd: Vec<String> = self
                    .label
                    .chars()
                    .filter(|c| !c.is_ascii())
                    .map(|c| format!("'{c}' U+{:04X} {}", c as u32, script_of(c).name()))
                    .take(4)
                    .collect();
                let odd = if self.ace || odd.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", odd.join(", "))
                };
                format!(
                    "{said} mixes {} letters{odd}: a look-alike (homograph) risk (RFC 3986 §7.6, \
                     UTS #39 §5.2){}",
                    names.join(" + "),
                    if self.ace {
                        ", so uri2iri keeps it in ASCII"
                    } else {
                        ""
                    }
                )
            }
            Confusion::WholeScript(script) => format!(
                "{said} is written wholly in {script} letters that look like the ASCII \"{}\": a \
                 whole-script confusable (UTS #39 §4, RFC 3987 §8)",
                self.reads_as.as_deref().map(cut).unwrap_or_default()
            ),
            Confusion::KnownName(name) => format!(
                "{said} has the same UTS #39 skeleton as the well-known name \"{name}\" but is \
                 not it: a look-alike (RFC 3986 §7.6, RFC 3987 §8)"
            ),
        };
        match reading {
            Some(r) => format!("{what}; the host reads as {}", cut(r)),
            None => what,
        }
    }
}

/// The labels of `host` (a host as written: escapes, `xn--` labels, the
/// IDNA full stops U+3002, U+FF0E, U+FF61) that can pass for another name.
///
/// ```
/// use uriscope_core::host::homograph::{homographs, Confusion};
/// let h = homographs("аррӏе.com");
/// assert_eq!(h[0].reads_as.as_deref(), Some("apple"));
/// assert!(matches!(h[0].confusion, Confusion::WholeScript(_)));
/// assert!(homographs("xn--bcher-kva.de").is_empty()); // bücher
/// assert!(matches!(homographs("pаypal.com")[0].confusion, Confusion::MixedScripts(_)));
/// assert_eq!(homographs("paypa1.com")[0].confusion, Confusion::KnownName("paypal"));
/// ```
#[must_use]
pub fn homographs(host: &str) -> Vec<Homograph> {
    let confusables = host.len() <= MAX_CONFUSABLE_HOST;
    let mut out = Vec::new();
    let mut start = 0;
    let ends = host
        .char_indices()
        .filter(|(_, c)| matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}'))
        .map(|(i, c)| (i, i + c.len_utf8()))
        .chain(std::iter::once((host.len(), host.len())));
    for (end, next) in ends {
        let span = Span::new(start, end);
        start = next;
        if let Some(h) = label_homograph(span, span.slice(host), confusables) {
            out.push(h);
        }
    }
    out
}

/// The host as read: each look-alike label of `found` replaced by the
/// ASCII it reads as, the others as written (the IDNA full stops as `.`),
/// or `None` when no label of `found` has an ASCII reading.
///
/// ```
/// use uriscope_core::host::homograph::{homographs, reading};
/// let host = "аррӏе.com";
/// assert_eq!(reading(host, &homographs(host)).as_deref(), Some("apple.com"));
/// ```
#[must_use]
pub fn reading(host: &str, found: &[Homograph]) -> Option<String> {
    if found.iter().all(|h| h.reads_as.is_none()) {
        return None;
    }
    let mut out = String::with_capacity(host.len());
    let mut at = 0;
    for h in found {
        out.push_str(&host[at..h.span.start]);
        match &h.reads_as {
            Some(r) => out.push_str(r),
            None => out.push_str(h.span.slice(host)),
        }
        at = h.span.end;
    }
    out.push_str(&host[at..]);
    Some(
        out.chars()
            .map(|c| match c {
                '\u{3002}' | '\u{FF0E}' | '\u{FF61}' => '.',
                c => c,
            })
            .collect(),
    )
}

/// Whether a Unicode label (a U-label, as `uri2iri` would show it) can
/// pass for another name: such a label is better left in its ASCII form.
#[must_use]
pub fn is_look_alike(label: &str) -> bool {
    label_homograph(Span::new(0, label.len()), label, true).is_some()
}

/// The look-alike that `text` (the label at `span`) is, if any.
fn label_homograph(span: Span, text: &str, confusables: bool) -> Option<Homograph> {
    let bytes = crate::lint::host_insight::percent_decode(text);
    let decoded = std::str::from_utf8(&bytes).ok()?;
    let ace = decoded.len() > 4 && decoded.as_bytes()[..4].eq_ignore_ascii_case(b"xn--");
    // Borrowed where nothing was decoded: a plain ASCII label allocates
    // nothing unless it is a look-alike.
    let label: std::borrow::Cow<'_, str> = if ace {
        if super::is_overlong_ace_label(decoded) {
            return None;
        }
        punycode_decode(&decoded[4..])?.into()
    } else {
        decoded.into()
    };
    // An ASCII label is Latin and Common only: it mixes no scripts.
    let mixed = if label.is_ascii() {
        None
    } else {
        mixed_scripts(&label)
    };
    if let Some(scripts) = mixed {
        let reads_as = confusables
            .then(|| confusable::ascii_reading(&label))
            .flatten();
        return Some(Homograph {
            span,
            label: label.into_owned(),
            ace,
            confusion: Confusion::MixedScripts(scripts),
            reads_as,
        });
    }
    if !confusables {
        return None;
    }
    let (confusion, reads_as) = confusable::confusion(&label)?;
    Some(Homograph {
        span,
        label: label.into_owned(),
        ace,
        confusion,
        reads_as: Some(reads_as),
    })
}

/// The Unicode text of a punycode label body (after `xn--`), if valid.
#[cfg(feature = "idna")]
fn punycode_decode(body: &str) -> Option<String> {
    idna::punycode::decode_to_string(body)
}

/// Without the `idna` feature labels are not decoded.
#[cfg(not(feature = "idna"))]
fn punycode_decode(_body: &str) -> Option<String> {
    None
}

/// The skeleton comparisons, with UTS #39's data.
#[cfg(feature = "idna")]
mod confusable {
    use std::sync::OnceLock;

    use unicode_security::mixed_script::AugmentedScriptSet;

    use super::{Confusion, WELL_KNOWN};

    /// The UTS #39 skeleton of `s`.
    fn skeleton(s: &str) -> String {
        unicode_security::skeleton(s).collect()
    }

    /// The skeleton of each well-known name, computed once.
    fn known() -> &'static [(String, &'static str)] {
        static KNOWN: OnceLock<Vec<(String, &'static str)>> = OnceLock::new();
        KNOWN.get_or_init(|| WELL_KNOWN.iter().map(|n| (skeleton(n), *n)).collect())
    }

    /// The ASCII name `label` reads as: each ASCII letter, digit or hyphen
    /// as it is (lowercase), each other character as its skeleton where
    /// that is ASCII letters or digits; `None` when a character has no
    /// such look-alike.
    pub(super) fn ascii_reading(label: &str) -> Option<String> {
        let mut out = String::with_capacity(label.len());
        for c in label.chars() {
            if c.is_ascii_alphanumeric() || c == '-' {
                out.push(c.to_ascii_lowercase());
                continue;
            }
            let mut buf = [0u8; 4];
            let s = skeleton(c.encode_utf8(&mut buf));
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return None;
            }
            out.extend(s.chars().map(|c| c.to_ascii_lowercase()));
        }
        (!out.is_empty()).then_some(out)
    }

    /// The label as IDNA reads it (UTS #46 mapping: lowercased, NFC,
    /// fullwidth forms folded), or lowercased where IDNA refuses it.
    fn mapped(label: &str) -> String {
        crate::host::to_ascii(label)
            .ok()
            .and_then(|a| crate::host::to_unicode(&a).ok().map(|u| u.into_owned()))
            .unwrap_or_else(|| label.to_lowercase())
    }

    /// Whether a script set holds Latin.
    fn has_latin(set: AugmentedScriptSet) -> bool {
        let mut s = set;
        s.intersect_with(AugmentedScriptSet::for_char('a'));
        !s.is_empty()
    }

    /// Why a single-script `label` can pass for another name, and the
    /// ASCII it reads as.
    pub(super) fn confusion(label: &str) -> Option<(Confusion, String)> {
        let ascii_lowercase = label.is_ascii() && !label.bytes().any(|b| b.is_ascii_uppercase());
        let label = if ascii_lowercase {
            std::borrow::Cow::Borrowed(label)
        } else {
            std::borrow::Cow::Owned(mapped(label))
        };
        let label = &*label;
        if label.len() > crate::host::MAX_LABEL_LEN * 4 {
            return None;
        }
        if !label.is_ascii() {
            let set = AugmentedScriptSet::for_str(label);
            if !set.is_empty() && !set.is_all() && !has_latin(set) {
                if let Some(reading) = ascii_reading(label) {
                    if skeleton(&reading) == skeleton(label) {
                        return Some((Confusion::WholeScript(set.to_string()), reading));
                    }
                }
            }
        }
        let candidates = known().iter().filter(|(_, name)| *name != label);
        if label.is_ascii() {
            // Most hosts are ASCII: their skeleton is compared byte by
            // byte through the table, without the NFD passes.
            for (known_skeleton, name) in candidates {
                if ascii_skeleton_is(label, known_skeleton)? {
                    return Some((Confusion::KnownName(name), (*name).to_owned()));
                }
            }
            return None;
        }
        let sk = skeleton(label);
        candidates
            .filter(|(known_skeleton, _)| *known_skeleton == sk)
            .map(|(_, name)| (Confusion::KnownName(name), (*name).to_owned()))
            .next()
    }

    /// The skeleton of each ASCII character, from UTS #39's data, where it
    /// is ASCII (`m` is `rn`, `1` is `l`, `0` is `O`), computed once.
    fn ascii_table() -> &'static [Option<String>] {
        static TABLE: OnceLock<Vec<Option<String>>> = OnceLock::new();
        TABLE.get_or_init(|| {
            (0u8..128)
                .map(|b| {
                    let mut buf = [0u8; 4];
                    let s = skeleton(char::from(b).encode_utf8(&mut buf));
                    s.is_ascii().then_some(s)
                })
                .collect()
        })
    }

    /// Whether [`ascii_skeleton_is`] answers for `label` as the crate's
    /// skeleton does, against its own skeleton and each known name's.
    #[cfg(test)]
    pub(super) fn ascii_skeleton_agrees(label: &str) -> bool {
        let sk = skeleton(label);
        ascii_skeleton_is(label, &sk) == Some(true)
            && known()
                .iter()
                .all(|(k, _)| ascii_skeleton_is(label, k) == Some(*k == sk))
    }

    /// Whether the ASCII `label`'s skeleton is `target`, without building
    /// it; `None` when a character's skeleton is not ASCII (no host's is).
    fn ascii_skeleton_is(label: &str, target: &str) -> Option<bool> {
        let table = ascii_table();
        let mut rest = target.as_bytes();
        for b in label.bytes() {
            let s = table[usize::from(b & 0x7f)].as_deref()?;
            match rest.strip_prefix(s.as_bytes()) {
                Some(r) => rest = r,
                None => return Some(false),
            }
        }
        Some(rest.is_empty())
    }
}

#[cfg(all(test, feature = "idna"))]
mod tests {
    use proptest::prelude::*;

    use super::confusable::ascii_skeleton_agrees;

    proptest! {
        /// The byte-by-byte comparison of an ASCII label's skeleton
        /// answers as building the skeleton with the crate and comparing.
        #[test]
        fn the_ascii_skeleton_table_agrees_with_the_crate(label in "[a-z0-9-]{1,12}") {
            prop_assert!(ascii_skeleton_agrees(&label));
        }
    }

    #[test]
    fn the_ascii_skeleton_table_agrees_on_look_alikes() {
        for label in [
            "paypa1",
            "rnicrosoft",
            "microsoft",
            "g00gle",
            "app1e",
            "m",
            "rn",
            "-",
        ] {
            assert!(ascii_skeleton_agrees(label), "{label}");
        }
    }
}

/// Without UTS #39's data: no skeletons, no confusables.
#[cfg(not(feature = "idna"))]
mod confusable {
    use super::Confusion;

    pub(super) fn ascii_reading(_label: &str) -> Option<String> {
        None
    }

    pub(super) fn confusion(_label: &str) -> Option<(Confusion, String)> {
        None
    }
}
