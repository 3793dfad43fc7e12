//! A component's value as an edit field shows it, and the field's text
//! written back so that only what the user typed changes.
//!
//! [`shown`] decodes the escapes whose decoding loses nothing: the
//! escape is written exactly as the component's set would write its
//! character (`%C3%A9` for `é`, uppercase hex, RFC 3986 §2.1), and the
//! character is not one whose escape carries meaning there — a `%2F` in
//! a path is a slash inside a segment, not a segment break (§3.3); a
//! `%26`, `%3D`, `%2B` or `%23` in a query pair is data, not a delimiter
//! or a form space. Those, a `%25`, controls, lowercase or needless
//! escapes (`%41`) and bytes that are not UTF-8 stay as written, so the
//! field reads as the URI means it.
//!
//! [`written`] puts the edited text back: the text the user left alone
//! keeps its bytes (the common start and end of the old and new texts,
//! whole escapes at a time), and only the text in between is encoded
//! ([`encode_typed`]): a `%` followed by two hex digits is an escape, as
//! the field shows them; every other character outside the set is
//! escaped. Opening a field and writing it back unchanged gives the value
//! back byte for byte.
//!
//! ```
//! use uriscope_core::edit::field::{shown, written, PAIR, PATH};
//! let path = "/a%2Fb/c%3Fd%C3%A9";
//! assert_eq!(shown(path, &PATH), "/a%2Fb/c?dé");
//! assert_eq!(written(path, "/a%2Fb/c?dé", "/a%2Fb/c?dé", &PATH), path);
//! assert_eq!(written(path, "/a%2Fb/c?dé", "/a%2Fb/c? dé", &PATH), "/a%2Fb/c%3F%20d%C3%A9");
//! let pair = "q=a%26b%3Dc+d";
//! assert_eq!(shown(pair, &PAIR), "q=a%26b%3Dc+d");
//! assert_eq!(written(pair, pair, "q=a%26b%3Dc+d+e", &PAIR), "q=a%26b%3Dc+d+e");
//! ```

use std::borrow::Cow;

use crate::percent::encode_set::{self, EncodeSet};
use crate::percent::{encode_with, escape, EncodeOptions};
use crate::syntax::chars::is_pct_encoded_at;

/// How one kind of field shows a value and encodes what is typed.
#[derive(Debug)]
pub struct FieldRules {
    /// The set typed text is encoded with.
    pub set: &'static EncodeSet,
    /// The escape of a character this set keeps is shown as written
    /// (decoded, it would read as the delimiter it is not).
    pub shown: &'static EncodeSet,
    /// The escapes of these bytes are shown as written too.
    pub escaped: &'static [u8],
    /// A `key=value` pair of a form: a typed `+` stays a `+` (a form's
    /// space), the text's first `=` stays the pair's `=`, and any other
    /// typed `=` is escaped.
    pub form_pair: bool,
}

/// A userinfo, `user:password` (§3.2.1): a `%3A` stays visible.
pub const USERINFO: FieldRules = FieldRules {
    set: &encode_set::USERINFO,
    shown: &encode_set::USERINFO,
    escaped: b"",
    form_pair: false,
};

/// A registered name (§3.2.2).
pub const HOST: FieldRules = FieldRules {
    set: &encode_set::REG_NAME,
    shown: &encode_set::REG_NAME,
    escaped: b"",
    form_pair: false,
};

/// A whole path (§3.3): a `%2F` stays visible.
pub const PATH: FieldRules = FieldRules {
    set: &encode_set::PATH,
    shown: &encode_set::PATH,
    escaped: b"",
    form_pair: false,
};

/// A whole query (§3.4): `%26`, `%3D`, `%2B`, `%3B` and `%23` stay
/// visible, as in a pair.
pub const QUERY: FieldRules = FieldRules {
    set: &encode_set::QUERY,
    shown: &encode_set::QUERY,
    escaped: b"#",
    form_pair: false,
};

/// A fragment (§3.5).
pub const FRAGMENT: FieldRules = FieldRules {
    set: &encode_set::FRAGMENT,
    shown: &encode_set::FRAGMENT,
    escaped: b"",
    form_pair: false,
};

/// One `key=value` pair of a query (the HTML form convention): `%26`,
/// `%3D`, `%2B`, `%3B` and `%23` stay visible, a `+` stays a `+`.
pub const PAIR: FieldRules = FieldRules {
    set: &encode_set::QUERY_PARAM,
    shown: &encode_set::QUERY,
    escaped: b"#",
    form_pair: true,
};

/// One piece of a value: `raw` bytes written in the URI, `shown` bytes
/// in the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Token {
    raw: usize,
    shown: usize,
    /// Whether the field shows the piece decoded.
    decoded: bool,
}

/// The length of the UTF-8 sequence a first byte starts (0: none).
fn utf8_len(b: u8) -> usize {
    match b {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    }
}

/// The byte the escape at `i` stands for.
fn escaped_byte(raw: &[u8], i: usize) -> u8 {
    let h = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
    h(raw[i + 1]) << 4 | h(raw[i + 2])
}

/// The character a run of escapes at `i` stands for, and the escapes'
/// length, when the field may show it decoded.
fn decodable(raw: &[u8], i: usize, rules: &FieldRules) -> Option<(char, usize)> {
    let n = utf8_len(escaped_byte(raw, i));
    let mut bytes = [0u8; 4];
    for (k, b) in bytes.iter_mut().enumerate().take(n) {
        let at = i + 3 * k;
        if !is_pct_encoded_at(raw, at) {
            return None;
        }
        *b = escaped_byte(raw, at);
        // Written otherwise than the set writes it (lowercase hex): kept.
        if &raw[at..at + 3] != escape(*b).as_bytes() {
            return None;
        }
    }
    let c = std::str::from_utf8(&bytes[..n]).ok()?.chars().next()?;
    let hidden = c.is_control() || (c.is_whitespace() && c != ' ');
    let meaningful = c.is_ascii()
        && (rules.shown.keeps(c as u8)
            || rules.set.keeps(c as u8)
            || rules.escaped.contains(&(c as u8)));
    (n > 0 && c != '%' && !hidden && !meaningful).then_some((c, 3 * n))
}

/// The token at byte `i` of `raw`.
fn token_at(raw: &str, i: usize, rules: &FieldRules) -> Token {
    let b = raw.as_bytes();
    if is_pct_encoded_at(b, i) {
        return match decodable(b, i, rules) {
            Some((c, len)) => Token {
                raw: len,
                shown: c.len_utf8(),
                decoded: true,
            },
            None => Token {
                raw: 3,
                shown: 3,
                decoded: false,
            },
        };
    }
    let len = raw[i..].chars().next().map_or(1, char::len_utf8);
    Token {
        raw: len,
        shown: len,
        decoded: false,
    }
}

/// `raw` (a value as written in the URI) as its field shows it: the
/// escapes whose decoding loses nothing decoded, the others kept.
/// Borrows when nothing is decoded.
///
/// ```
/// use uriscope_core::edit::field::{shown, PAIR};
/// assert_eq!(shown("r=a+b%20c%2Bd%3d", &PAIR), "r=a+b c%2Bd%3d");
/// ```
pub fn shown<'a>(raw: &'a str, rules: &FieldRules) -> Cow<'a, str> {
    let mut out: Option<String> = None;
    let mut i = 0;
    while i < raw.len() {
        let t = token_at(raw, i, rules);
        if t.decoded {
            let s = out.get_or_insert_with(|| {
                let mut s = String::with_capacity(raw.len());
                s.push_str(&raw[..i]);
                s
            });
            let c = decodable(raw.as_bytes(), i, rules).map_or('\u{FFFD}', |(c, _)| c);
            s.push(c);
        } else if let Some(s) = &mut out {
            s.push_str(&raw[i..i + t.raw]);
        }
        i += t.raw;
    }
    out.map_or(Cow::Borrowed(raw), Cow::Owned)
}

/// The token boundaries around `[from, to)` of the shown text: the last
/// boundary at or before `from` and the first at or after `to`, each as
/// (shown offset, raw offset).
fn bounds(
    raw: &str,
    rules: &FieldRules,
    from: usize,
    to: usize,
) -> ((usize, usize), (usize, usize)) {
    let (mut s, mut r) = (0, 0);
    while r < raw.len() {
        let t = token_at(raw, r, rules);
        if s + t.shown > from {
            break;
        }
        s += t.shown;
        r += t.raw;
    }
    let start = (s, r);
    while r < raw.len() && s < to {
        let t = token_at(raw, r, rules);
        s += t.shown;
        r += t.raw;
    }
    (start, (s, r))
}

/// `text`, typed into a field of `rules`, encoded: a `%` and two hex
/// digits is an escape as written, other characters outside the set are
/// escaped; in a form pair a `+` stays and so does the `=` at byte
/// `pair_eq` of `text` (the pair's first), other `=` are escaped.
///
/// ```
/// use uriscope_core::edit::field::{encode_typed, PAIR, PATH};
/// assert_eq!(encode_typed("a b%2F/%", &PATH, None), "a%20b%2F/%25");
/// assert_eq!(encode_typed("k=v=w+x&", &PAIR, Some(1)), "k=v%3Dw+x%26");
/// ```
#[must_use]
pub fn encode_typed(text: &str, rules: &FieldRules, pair_eq: Option<usize>) -> String {
    let keep = EncodeOptions { keep_escapes: true };
    if !rules.form_pair {
        return encode_with(text, rules.set, keep).into_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut run = 0;
    for (i, c) in text.char_indices() {
        if c == '+' || (c == '=' && pair_eq == Some(i)) {
            out.push_str(&encode_with(&text[run..i], rules.set, keep));
            out.push(c);
            run = i + 1;
        }
    }
    out.push_str(&encode_with(&text[run..], rules.set, keep));
    out
}

/// The value `raw` after its field's text went from `old` (what
/// [`shown`] gave for `raw`) to `new`: the bytes of `raw` under the text
/// both share at their start and end kept, the text between encoded
/// with [`encode_typed`]. `new == old` gives `raw` back unchanged.
#[must_use]
pub fn written(raw: &str, old: &str, new: &str, rules: &FieldRules) -> String {
    if old == new {
        return raw.to_string();
    }
    let (o, n) = (old.as_bytes(), new.as_bytes());
    let mut pre = o.iter().zip(n).take_while(|(a, b)| a == b).count();
    while !old.is_char_boundary(pre) || !new.is_char_boundary(pre) {
        pre -= 1;
    }
    let room = old.len().min(new.len()) - pre;
    let mut suf = o
        .iter()
        .rev()
        .zip(n.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(old.len() - suf) || !new.is_char_boundary(new.len() - suf) {
        suf -= 1;
    }
    let mut old_end = old.len() - suf;
    let (mut start, mut end);
    loop {
        (start, end) = bounds(raw, rules, pre, old_end);
        // An escape typed at the end of the change may take its digits
        // from the text after it: the change takes them in.
        let new_end = new.len() - (old.len() - end.0);
        let reach = (new_end.saturating_sub(2).max(start.0)..new_end)
            .filter(|&j| is_pct_encoded_at(n, j))
            .map(|j| j + 3 - new_end)
            .max()
            .unwrap_or(0);
        if reach == 0 {
            break;
        }
        old_end = end.0 + reach;
    }
    let new_end = new.len() - (old.len() - end.0);
    let typed = &new[start.0..new_end];
    let pair_eq = new
        .find('=')
        .filter(|&e| e >= start.0 && e < new_end)
        .map(|e| e - start.0);
    let mut out = String::with_capacity(raw.len() + typed.len() * 3);
    out.push_str(&raw[..start.1]);
    out.push_str(&encode_typed(typed, rules, pair_eq));
    out.push_str(&raw[end.1..]);
    out
}

#[cfg(test)]
mod tests;
