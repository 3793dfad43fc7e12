//! The terminal events read in one burst, made safe to apply.
//!
//! The explorer reads every event already waiting before it draws again,
//! so a burst of keys costs one frame. Three things are mended here, on
//! the burst as a whole:
//!
//! - **Ctrl-C first**: a Ctrl-C anywhere in the burst quits before any
//!   other queued event is applied or drawn ([`quits`]).
//! - **Replies to our own queries** (a late colour reply) are dropped,
//!   whenever they arrive ([`Replies`]).
//! - **Escape-sequence tails**: Esc pressed just before a key that sends an
//!   escape sequence (F2 is `ESC O Q`, Up is `ESC [ A`) reaches the
//!   terminal reader as `ESC ESC O Q`; it reads Esc, then `O` and `Q` as
//!   typed characters. [`mend_escape_tails`] turns such a tail back into
//!   the key it was, and drops a tail it cannot read, so the tail of a
//!   sequence is never inserted as text.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// The terminal's replies to the explorer's own queries, dropped from the
/// input whenever they arrive.
///
/// The explorer asks for the background and text colours at start (OSC 11
/// and OSC 10) and waits 300 ms; a reply that comes later (a slow link,
/// a busy multiplexer) reaches the input as `ESC ] 11;rgb:…` ended by BEL
/// or `ESC \`, which the reader gives as Alt-`]`, typed characters, and
/// Ctrl-G or Alt-`\`: it was typed into the URI. Nobody types Alt-`]`
/// then `11;` or `10;`, so from there to the terminator (at most
/// [`Replies::MAX_REPLY`] characters) the events are the reply's, in one
/// burst or across several.
#[derive(Clone, Debug, Default)]
pub struct Replies {
    /// A reply that began in an earlier burst and has not ended: the
    /// characters of its body taken so far, and whether the burst ended on
    /// an Esc that may be the start of its `ESC \\`.
    inside: Option<(usize, bool)>,
}

impl Replies {
    /// The most characters of a reply's body (`rgb:ffff/ffff/ffff` is 18).
    pub const MAX_REPLY: usize = 64;

    /// The burst without the replies to our queries in it.
    ///
    /// ```
    /// use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    /// use uriscope::explorer::event_batch::Replies;
    /// let key = |c, m| Event::Key(KeyEvent::new(KeyCode::Char(c), m));
    /// let mut burst = vec![key('x', KeyModifiers::NONE), key(']', KeyModifiers::ALT)];
    /// burst.extend("11;rgb:ffff/ffff/ffff".chars().map(|c| key(c, KeyModifiers::NONE)));
    /// burst.push(key('g', KeyModifiers::CONTROL));
    /// burst.push(key('y', KeyModifiers::NONE));
    /// let kept = Replies::default().drop_replies(burst);
    /// assert_eq!(kept, [key('x', KeyModifiers::NONE), key('y', KeyModifiers::NONE)]);
    /// ```
    pub fn drop_replies(&mut self, events: Vec<Event>) -> Vec<Event> {
        let mut out = Vec::with_capacity(events.len());
        let mut i = 0;
        if let Some((taken, esc)) = self.inside.take() {
            i = if esc && events.first().and_then(plain_char) == Some('\\') {
                1
            } else {
                self.skip_body(&events, 0, taken)
            };
        }
        while i < events.len() {
            if starts_reply(&events[i..]) {
                i = self.skip_body(&events, i + 4, 0);
            } else {
                out.push(events[i].clone());
                i += 1;
            }
        }
        out
    }

    /// Skip a reply's body from `events[i]` (`taken` characters of it
    /// already skipped) through its terminator; the index after it. A
    /// burst that ends first leaves the reply open for the next one; an
    /// event that is neither a character nor a terminator, or a body too
    /// long, ends it there.
    fn skip_body(&mut self, events: &[Event], mut i: usize, mut taken: usize) -> usize {
        while i < events.len() {
            if let Some(n) = terminator(&events[i..]) {
                return i + n;
            }
            if is_esc(&events[i]) && i + 1 == events.len() {
                self.inside = Some((taken, true));
                return events.len();
            }
            if plain_char(&events[i]).is_none() || taken >= Self::MAX_REPLY {
                return i;
            }
            taken += 1;
            i += 1;
        }
        self.inside = Some((taken, false));
        i
    }
}

/// Whether `events` start with a reply to OSC 10 or 11: Alt-`]`, `1`,
/// `0` or `1`, `;`.
fn starts_reply(events: &[Event]) -> bool {
    let alt_bracket = matches!(events.first(), Some(Event::Key(k)) if k.kind == KeyEventKind::Press
        && k.code == KeyCode::Char(']')
        && k.modifiers.contains(KeyModifiers::ALT));
    alt_bracket
        && events.len() >= 4
        && plain_char(&events[1]) == Some('1')
        && matches!(plain_char(&events[2]), Some('0' | '1'))
        && plain_char(&events[3]) == Some(';')
}

/// How many events end a reply at the start of `events`: BEL (Ctrl-G),
/// `ESC \` (Alt-`\`, or Esc then `\`).
fn terminator(events: &[Event]) -> Option<usize> {
    let Some(Event::Key(k)) = events.first() else {
        return None;
    };
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    let alt = k.modifiers.contains(KeyModifiers::ALT);
    match k.code {
        KeyCode::Char('g') if ctrl => Some(1),
        KeyCode::Char('\\') if alt => Some(1),
        KeyCode::Esc if events.get(1).and_then(plain_char) == Some('\\') => Some(2),
        _ => None,
    }
}

/// Whether the burst holds a Ctrl-C key press (it always quits).
pub fn quits(events: &[Event]) -> bool {
    events.iter().any(|ev| {
        matches!(ev, Event::Key(k) if k.kind == KeyEventKind::Press
            && k.modifiers.contains(KeyModifiers::CONTROL)
            && matches!(k.code, KeyCode::Char('c' | 'C')))
    })
}

/// A plain typed character (no Ctrl or Alt), as the reader gives it.
fn plain_char(ev: &Event) -> Option<char> {
    match ev {
        Event::Key(k)
            if k.kind == KeyEventKind::Press
                && !k
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            match k.code {
                KeyCode::Char(c) => Some(c),
                _ => None,
            }
        }
        _ => None,
    }
}

fn is_esc(ev: &Event) -> bool {
    matches!(ev, Event::Key(k) if k.code == KeyCode::Esc && k.kind == KeyEventKind::Press)
}

/// `Alt-O` or `Alt-[`: how the reader may give the start of a sequence
/// that followed another Esc.
fn alt_introducer(ev: &Event) -> Option<char> {
    match ev {
        Event::Key(k)
            if k.kind == KeyEventKind::Press
                && k.modifiers.contains(KeyModifiers::ALT)
                && !k.modifiers.contains(KeyModifiers::CONTROL) =>
        {
            match k.code {
                KeyCode::Char(c @ ('O' | '[')) => Some(c),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The burst with every escape-sequence tail after an Esc read back as
/// its key (or dropped when it is no key this reader knows).
///
/// ```
/// use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
/// use uriscope::explorer::event_batch::mend_escape_tails;
/// let key = |c| Event::Key(KeyEvent::new(c, KeyModifiers::NONE));
/// // Esc, then F2 (ESC O Q) read as Esc, 'O', 'Q':
/// let burst = vec![key(KeyCode::Esc), key(KeyCode::Char('O')), key(KeyCode::Char('Q'))];
/// assert_eq!(mend_escape_tails(burst), [key(KeyCode::Esc), key(KeyCode::F(2))]);
/// ```
pub fn mend_escape_tails(events: Vec<Event>) -> Vec<Event> {
    let mut out = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        let ev = &events[i];
        // Esc followed by 'O' or '[': the introducer is the next event.
        let introducer = if is_esc(ev) {
            events
                .get(i + 1)
                .and_then(plain_char)
                .filter(|c| matches!(c, 'O' | '['))
                .map(|c| (c, i + 2))
        } else {
            alt_introducer(ev).map(|c| (c, i + 1))
        };
        let Some((intro, rest)) = introducer else {
            out.push(ev.clone());
            i += 1;
            continue;
        };
        if is_esc(ev) {
            out.push(ev.clone());
        } else {
            // Alt-[ stood for ESC ESC [: the first Esc was a key press.
            out.push(Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
        }
        let (key, used) = read_tail(intro, &events[rest..]);
        if let Some(key) = key {
            out.push(Event::Key(key));
        }
        i = rest + used;
    }
    out
}

/// Read the characters after `ESC O` or `ESC [` as a key: how many
/// events the tail took, and the key if it names one.
fn read_tail(intro: char, rest: &[Event]) -> (Option<KeyEvent>, usize) {
    let chars: Vec<char> = rest.iter().map_while(plain_char).take(16).collect();
    if intro == 'O' {
        return match chars.first() {
            Some(&c) => (ss3_key(c).map(|k| KeyEvent::new(k, KeyModifiers::NONE)), 1),
            None => (None, 0),
        };
    }
    // CSI: parameter bytes 0x30-0x3F, intermediates 0x20-0x2F, a final
    // byte 0x40-0x7E (ECMA-48 §5.4).
    let params: String = chars
        .iter()
        .take_while(|&&c| ('\x30'..='\x3f').contains(&c))
        .collect();
    let mut n = params.len();
    while chars.get(n).is_some_and(|c| ('\x20'..='\x2f').contains(c)) {
        n += 1;
    }
    match chars.get(n) {
        Some(&fin) if ('\x40'..='\x7e').contains(&fin) => (csi_key(&params, fin), n + 1),
        // No final byte in the burst: drop what there is of the tail.
        _ => (None, n),
    }
}

/// `ESC O x`.
fn ss3_key(c: char) -> Option<KeyCode> {
    Some(match c {
        'A' => KeyCode::Up,
        'B' => KeyCode::Down,
        'C' => KeyCode::Right,
        'D' => KeyCode::Left,
        'H' => KeyCode::Home,
        'F' => KeyCode::End,
        'P'..='S' => KeyCode::F(1 + (c as u8 - b'P')),
        _ => return None,
    })
}

/// `ESC [ params final`, with the xterm modifier parameter (`1;5A` is
/// Ctrl-Up).
fn csi_key(params: &str, fin: char) -> Option<KeyEvent> {
    let mut parts = params.split(';');
    let first: Option<u8> = parts.next().and_then(|p| p.parse().ok());
    let modifiers =
        parts
            .next()
            .and_then(|m| m.parse::<u8>().ok())
            .map_or(KeyModifiers::NONE, |m| {
                let bits = m.saturating_sub(1);
                let mut k = KeyModifiers::NONE;
                if bits & 1 != 0 {
                    k |= KeyModifiers::SHIFT;
                }
                if bits & 2 != 0 {
                    k |= KeyModifiers::ALT;
                }
                if bits & 4 != 0 {
                    k |= KeyModifiers::CONTROL;
                }
                k
            });
    let code = match fin {
        '~' => match first? {
            1 | 7 => KeyCode::Home,
            2 => KeyCode::Insert,
            3 => KeyCode::Delete,
            4 | 8 => KeyCode::End,
            5 => KeyCode::PageUp,
            6 => KeyCode::PageDown,
            n @ 11..=15 => KeyCode::F(n - 10),
            n @ 17..=21 => KeyCode::F(n - 11),
            n @ 23..=24 => KeyCode::F(n - 12),
            _ => return None,
        },
        'Z' => return Some(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT)),
        c => ss3_key(c)?,
    };
    Some(KeyEvent::new(code, modifiers))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: KeyCode) -> Event {
        Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
    }

    fn typed(s: &str) -> Vec<Event> {
        s.chars().map(|c| key(KeyCode::Char(c))).collect()
    }

    fn esc_then(tail: &str) -> Vec<Event> {
        let mut v = vec![key(KeyCode::Esc)];
        v.extend(typed(tail));
        v
    }

    #[track_caller]
    fn mends(burst: Vec<Event>, want: Vec<Event>) {
        assert_eq!(mend_escape_tails(burst), want);
    }

    #[test]
    fn esc_then_function_and_arrow_keys_are_those_keys() {
        let esc = key(KeyCode::Esc);
        mends(esc_then("OQ"), vec![esc.clone(), key(KeyCode::F(2))]);
        mends(esc_then("OP"), vec![esc.clone(), key(KeyCode::F(1))]);
        mends(esc_then("[A"), vec![esc.clone(), key(KeyCode::Up)]);
        mends(esc_then("[4~"), vec![esc.clone(), key(KeyCode::End)]);
        mends(esc_then("[15~"), vec![esc.clone(), key(KeyCode::F(5))]);
        mends(esc_then("[24~x"), {
            let mut v = vec![esc.clone(), key(KeyCode::F(12))];
            v.extend(typed("x"));
            v
        });
        mends(
            esc_then("[1;5C"),
            vec![
                esc,
                Event::Key(KeyEvent::new(KeyCode::Right, KeyModifiers::CONTROL)),
            ],
        );
    }

    #[test]
    fn a_tail_that_names_no_key_is_dropped_not_typed() {
        let esc = key(KeyCode::Esc);
        mends(esc_then("[99~"), vec![esc.clone()]);
        mends(esc_then("Oz"), vec![esc.clone()]);
        // Cut off before its final byte.
        mends(esc_then("[12;"), vec![esc]);
    }

    #[test]
    fn alt_bracket_is_esc_then_the_sequence() {
        let alt = Event::Key(KeyEvent::new(KeyCode::Char('['), KeyModifiers::ALT));
        let mut burst = vec![alt];
        burst.extend(typed("4~"));
        mends(burst, vec![key(KeyCode::Esc), key(KeyCode::End)]);
    }

    #[test]
    fn ordinary_text_and_a_lone_esc_pass_unchanged() {
        mends(typed("O[A"), typed("O[A"));
        mends(esc_then("x["), esc_then("x["));
        mends(vec![key(KeyCode::Esc)], vec![key(KeyCode::Esc)]);
    }

    fn alt(c: char) -> Event {
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT))
    }

    /// An OSC 11 reply that came after the 300 ms window was typed into
    /// the URI (`http://a/]11;rgb:ffff/…`): dropped, with either
    /// terminator, in one burst or split across two.
    #[test]
    fn a_late_colour_reply_is_never_typed() {
        let reply = |end: Vec<Event>| {
            let mut v = vec![alt(']')];
            v.extend(typed("11;rgb:ffff/ffff/ffff"));
            v.extend(end);
            v
        };
        let bel = Event::Key(KeyEvent::new(KeyCode::Char('g'), KeyModifiers::CONTROL));
        for end in [
            vec![bel],
            vec![alt('\\')],
            vec![key(KeyCode::Esc), key(KeyCode::Char('\\'))],
        ] {
            let mut burst = typed("ab");
            burst.extend(reply(end));
            burst.extend(typed("c"));
            assert_eq!(Replies::default().drop_replies(burst.clone()), typed("abc"));
            // Split anywhere after its start: the rest of the reply is
            // dropped from the next burst too.
            for cut in 6..burst.len() {
                let mut r = Replies::default();
                let mut kept = r.drop_replies(burst[..cut].to_vec());
                kept.extend(r.drop_replies(burst[cut..].to_vec()));
                assert_eq!(kept, typed("abc"), "cut at {cut}");
            }
        }
        // OSC 10 too; anything else after Alt-] is typed as it was.
        let mut burst = vec![alt(']')];
        burst.extend(typed("10;rgb:0/0/0"));
        burst.push(alt('\\'));
        assert!(Replies::default().drop_replies(burst).is_empty());
        let mut other = vec![alt(']')];
        other.extend(typed("12;x"));
        assert_eq!(Replies::default().drop_replies(other.clone()), other);
        // A body that never ends stops being dropped at MAX_REPLY.
        let mut long = vec![alt(']')];
        long.extend(typed("11;"));
        long.extend(typed(&"f".repeat(Replies::MAX_REPLY + 5)));
        assert_eq!(Replies::default().drop_replies(long).len(), 5);
    }

    #[test]
    fn ctrl_c_anywhere_in_a_burst_quits() {
        let mut burst = typed("abc");
        assert!(!quits(&burst));
        burst.insert(
            1,
            Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        );
        assert!(quits(&burst));
    }
}
