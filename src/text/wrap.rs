//! Fitting visible text into columns: greedy word wrap (linear in the
//! text), and the head or tail of a text cut to a width with `…`.

use super::screen::{fit, glyphs, visible, width};

/// Greedy word wrap of visible text to `w` columns; a word wider than a
/// line is cut on glyph boundaries into pieces ending in `…`. Linear in
/// the text: a long word is measured once, not again after every cut.
pub fn wrap(s: &str, w: usize) -> Vec<String> {
    let w = w.max(10);
    let mut lines = Vec::new();
    let mut cur = String::new();
    // Columns of `cur`: exact after a cut, else the sum of its words and
    // spaces, which is never less than the exact width (joining can only
    // merge clusters across a space: a lone combining mark, drawn as
    // `<U+0301>` on its own, joins the space's cluster).
    let mut cur_w = 0;
    for word in s.split(' ') {
        let ww = width(word);
        if !cur.is_empty() && cur_w + 1 + ww > w {
            lines.push(std::mem::take(&mut cur));
            cur_w = 0;
        }
        if !cur.is_empty() {
            cur.push(' ');
            cur_w += 1;
        }
        cur.push_str(word);
        cur_w += ww;
        if cur_w > w {
            cur_w = cut_long(&mut cur, w, &mut lines);
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

/// [`wrap`] of `s` (made visible) kept to at most `max` lines: when more
/// would follow, the last line ends in `…`. Looks only at the start of
/// `s` (at most `4 × max × w` characters), so a 64 KB text costs what the
/// lines shown cost.
///
/// ```
/// use uriscope::text::wrap::wrap_upto;
/// assert_eq!(wrap_upto("aaaa bbbb cccc dddd", 10, 2), ["aaaa bbbb", "cccc dddd"]);
/// let long = "word ".repeat(10_000);
/// let lines = wrap_upto(&long, 10, 2);
/// assert_eq!(lines.len(), 2);
/// assert!(lines[1].ends_with('…'));
/// ```
pub fn wrap_upto(s: &str, w: usize, max: usize) -> Vec<String> {
    let max = max.max(1);
    let w = w.max(10);
    let look = 4 * max * w;
    let (head, cut) = match s.char_indices().nth(look) {
        Some((end, _)) => (&s[..end], true),
        None => (s, false),
    };
    let mut lines = wrap(&visible(head), w);
    if lines.len() > max || cut {
        lines.truncate(max);
        if let Some(last) = lines.last_mut() {
            let mut t = fit(last, w - 1).into_owned();
            if !t.ends_with('…') {
                t.push('…');
            }
            *last = t;
        }
    }
    lines
}

/// While `cur` is wider than `w`, move its longest run of whole glyphs
/// that fits `w - 1` columns (at least one glyph, so the cut moves on) to
/// `lines`, ending in `…`. Cuts on glyph boundaries of `cur` itself: the
/// drawn form of a piece is not always a prefix of it (a combining mark
/// that a split left alone is drawn as `<U+0618>`). One
/// pass over the glyphs; returns the width of what stays in `cur`.
fn cut_long(cur: &mut String, w: usize, lines: &mut Vec<String>) -> usize {
    let gl: Vec<(usize, usize)> = glyphs(cur).map(|g| (g.byte, g.width)).collect();
    let mut remaining: usize = gl.iter().map(|&(_, gw)| gw).sum();
    let (mut i, mut start) = (0, 0);
    while remaining > w {
        let mut used = 0;
        let mut j = i;
        while j < gl.len() && (j == i || used + gl[j].1 < w) {
            used += gl[j].1;
            j += 1;
        }
        let end = gl.get(j).map_or(cur.len(), |&(b, _)| b);
        lines.push(format!("{}…", visible(&cur[start..end])));
        remaining -= used;
        i = j;
        start = end;
    }
    cur.drain(..start);
    remaining
}

/// The last `max` columns of `s` (visible), with a leading `…` when cut.
pub fn tail(s: &str, max: usize) -> String {
    // Only the last `max` characters can show: look at those alone, so a
    // long buffer costs no more than a short one.
    let cut = s
        .char_indices()
        .rev()
        .nth(max)
        .map_or(0, |(i, c)| i + c.len_utf8());
    let v = visible(&s[cut..]).into_owned();
    if cut == 0 && width(&v) <= max {
        return v;
    }
    if max == 0 {
        return String::new();
    }
    let mut out: Vec<char> = Vec::new();
    let mut used = 0;
    for c in v.chars().rev() {
        let cw = width(c.encode_utf8(&mut [0; 4]));
        if used + cw > max - 1 {
            break;
        }
        used += cw;
        out.push(c);
    }
    out.push('…');
    out.iter().rev().collect()
}

/// The first `max` columns of `s` (visible), with `…` when cut; looks
/// only at the start of `s`.
pub fn head(s: &str, max: usize) -> String {
    let end = s.char_indices().nth(max + 1).map_or(s.len(), |(i, _)| i);
    let v = visible(&s[..end]);
    if end < s.len() && width(&v) <= max {
        // Cut by the look-ahead, not by `fit`: mark it.
        let mut t = fit(&v, max.saturating_sub(1)).into_owned();
        if !t.ends_with('…') {
            t.push('…');
        }
        return t;
    }
    fit(&v, max).into_owned()
}

/// The first `n` characters of `text` as they are, then `…` when
/// something was cut: a value quoted in a message that is escaped where it
/// is shown, so a 64 KB label never makes a 64 KB message.
///
/// ```
/// use uriscope::text::wrap::first_chars;
/// assert_eq!(first_chars("abcdef", 3), "abc…");
/// assert_eq!(first_chars("abc", 3), "abc");
/// ```
pub fn first_chars(text: &str, n: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(n) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

/// `s` padded with spaces to `w` columns.
pub fn pad(s: String, w: usize) -> String {
    let p = w.saturating_sub(width(&s));
    format!("{s}{}", " ".repeat(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The quadratic wrap this module had, measuring the whole line again
    /// after every word and every cut: the oracle for the linear one.
    fn naive_wrap(s: &str, w: usize) -> Vec<String> {
        let w = w.max(10);
        let mut lines = Vec::new();
        let mut cur = String::new();
        for word in s.split(' ') {
            if !cur.is_empty() && width(&cur) + 1 + width(word) > w {
                lines.push(std::mem::take(&mut cur));
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(word);
            while width(&cur) > w {
                let mut used = 0;
                let mut cut = 0;
                for g in glyphs(&cur) {
                    if cut > 0 && used + g.width > w - 1 {
                        break;
                    }
                    used += g.width;
                    cut = g.byte + g.len;
                }
                lines.push(format!("{}…", visible(&cur[..cut])));
                cur = cur[cut..].to_string();
            }
        }
        if !cur.is_empty() {
            lines.push(cur);
        }
        lines
    }

    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                6 => prop::char::range('!', '~').prop_map(String::from),
                3 => Just(" ".to_string()),
                1 => "[a-z]{20,90}",
                1 => Just("例".to_string()),
                1 => Just("😀".to_string()),
                1 => Just("\u{301}".to_string()),
                1 => Just("\u{200d}".to_string()),
            ],
            0..80,
        )
        .prop_map(|v| v.concat())
    }

    proptest! {
        /// Every line fits (but a glyph wider than a line); a text whose words
        /// all fit comes back whole, but
        /// for the spaces where lines break.
        #[test]
        fn wrapped_lines_fit(s in text(), w in 0usize..40) {
            let lines = wrap(&s, w);
            for l in &lines {
                // A glyph wider than the line (a run of lone marks is
                // drawn `<U+0301><U+0301>`) is a cut piece of its own.
                let lone_marks = l
                    .trim_end_matches('…')
                    .split_inclusive('>')
                    .all(|p| p.starts_with("<U+"));
                // So is one glyph drawn with escapes (`á<U+200D>`).
                let one_glyph = glyphs(&s)
                    .any(|g| g.text == l.trim_end_matches('…'));
                prop_assert!(
                    width(l) <= w.max(10) || lone_marks || one_glyph,
                    "{:?} in {:?}",
                    l,
                    lines
                );
            }
            if !lines.iter().any(|l| l.ends_with('…')) {
                // Spaces at a line break are consumed; nothing else is.
                prop_assert_eq!(lines.concat().replace(' ', ""), s.replace(' ', ""));
            }
        }

        /// Where no cluster joins a space (printable ASCII, wide characters,
        /// emoji), the linear wrap equals the naive one.
        #[test]
        fn wrap_equals_the_naive_wrap(
            s in "([!-~]{1,6}|[a-z]{20,90}|例|😀| ){0,60}",
            w in 0usize..40,
        ) {
            prop_assert_eq!(wrap(&s, w), naive_wrap(&s, w));
        }

        /// The capped wrap is the whole wrap's first lines: all of them
        /// when they are few enough, else `max` with the last cut and
        /// marked.
        #[test]
        fn wrap_upto_is_the_start_of_the_wrap(
            s in "([!-~]{1,6}|[a-z]{20,90}|例|😀| ){0,60}",
            w in 10usize..40,
            max in 1usize..6,
        ) {
            let all = wrap(&s, w);
            let some = wrap_upto(&s, w, max);
            if all.len() <= max && s.chars().count() <= 4 * max * w {
                prop_assert_eq!(some, all);
            } else {
                prop_assert!(some.len() <= max);
                prop_assert_eq!(&some[..some.len() - 1], &all[..some.len() - 1]);
                let last = some.last().unwrap();
                prop_assert!(last.ends_with('…') && width(last) <= w, "{:?}", last);
            }
        }
    }

    #[test]
    fn tail_keeps_the_end() {
        assert_eq!(tail("/a/b/c", 4), "…b/c");
        assert_eq!(tail("/a", 4), "/a");
        assert_eq!(tail("/abcd", 4), "…bcd");
        assert_eq!(tail("/\u{1b}", 4), "/␛");
    }

    #[test]
    fn head_keeps_the_start() {
        assert_eq!(head("/a/b/c", 4), "/a/…");
        assert_eq!(head("/a/b", 4), "/a/b");
        assert_eq!(head("/a/b/", 4), "/a/…");
        assert_eq!(head("例例例", 4), "例…");
    }
}
