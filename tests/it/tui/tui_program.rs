//! The little program the `tui` fuzz target reads from its input bytes:
//! each op byte picks a key (with modifiers), a paste of the following
//! bytes, or the size of the final draw. Shared with the regression tests
//! (`#[path]` from `fuzz/fuzz_targets/tui.rs`), so a crash the fuzzer finds
//! replays here byte for byte.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use uriscope::explorer::app::{keymap, update, Action, App, Effect};
use uriscope::explorer::split_unbound_alt;

const CODES: [KeyCode; 20] = [
    KeyCode::Backspace,
    KeyCode::Enter,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Delete,
    KeyCode::Insert,
    KeyCode::Esc,
    KeyCode::F(1),
    KeyCode::F(2),
    KeyCode::F(5),
    KeyCode::F(10),
    KeyCode::Null,
];

fn modifiers(bits: u8) -> KeyModifiers {
    let mut m = KeyModifiers::NONE;
    if bits & 1 != 0 {
        m |= KeyModifiers::CONTROL;
    }
    if bits & 2 != 0 {
        m |= KeyModifiers::ALT;
    }
    if bits & 4 != 0 {
        m |= KeyModifiers::SHIFT;
    }
    m
}

/// The program that pastes `text` (250 bytes at a time, as the paste op
/// takes one length byte). For building programs by hand (the regression
/// tests, `examples/tui_replay.rs --crafted`); the fuzz target only runs them.
#[allow(dead_code)]
pub fn pasted(text: &[u8]) -> Vec<u8> {
    let mut p = Vec::new();
    for chunk in text.chunks(250) {
        p.push(4);
        p.push(chunk.len() as u8);
        p.extend_from_slice(chunk);
    }
    p
}

/// Run the program `data` (at most 256 steps) against a fresh explorer;
/// returns the explorer and the terminal size for the final draw.
pub fn run(data: &[u8]) -> (App, u16, u16) {
    run_on(App::new("", None), data)
}

/// At most this many bytes are pasted by one repeat step (op 6 with high
/// bits), and a repeat never takes the focused field past it: the target
/// draws inputs up to 64 KB (plus what plain pastes add, 250 bytes each).
pub const MAX_PASTE: usize = 64 * 1024;

/// Run the program `data` against `app` (an explorer already holding a
/// large input, for `examples/tui_replay.rs --crafted`).
pub fn run_on(app: App, data: &[u8]) -> (App, u16, u16) {
    run_traced(app, data, &mut |_, _| {})
}

/// One step of a program, as [`run_traced`] reports it.
#[allow(dead_code)]
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// A key event (an unbound Alt key stands for Esc and the key).
    Key(KeyEvent),
    /// A paste of this many bytes.
    Paste(usize),
    /// The last paste again, this many times.
    Repeat(usize),
    /// The size of the final draw, or a step that does nothing.
    Other,
}

/// [`run_on`], calling `after` with the explorer and the step after each
/// step (`examples/tui_replay.rs --steps` times them).
pub fn run_traced(mut app: App, data: &[u8], after: &mut dyn FnMut(&App, Step)) -> (App, u16, u16) {
    let (mut w, mut h) = (80u16, 24u16);
    let mut i = 0;
    let mut steps = 0;
    let mut last_paste = String::new();
    while i < data.len() && steps < 256 {
        steps += 1;
        let op = data[i];
        i += 1;
        let arg = data.get(i).copied().unwrap_or(0);
        let ev = match op % 8 {
            // A printable or any character, from the next UTF-8 char.
            0 | 1 => {
                let rest = std::str::from_utf8(&data[i..]).ok().or_else(|| {
                    let valid = std::str::from_utf8(&data[i..]).err()?.valid_up_to();
                    std::str::from_utf8(&data[i..i + valid]).ok()
                });
                let c = rest.and_then(|r| r.chars().next()).unwrap_or('a');
                i += c.len_utf8();
                Some(KeyEvent::new(KeyCode::Char(c), modifiers(op >> 5)))
            }
            2 | 3 => {
                i += 1;
                Some(KeyEvent::new(
                    CODES[arg as usize % CODES.len()],
                    modifiers(op >> 5),
                ))
            }
            4 => {
                // Paste the next `arg` bytes (lossy UTF-8).
                let start = (i + 1).min(data.len());
                let n = (arg as usize).min(data.len() - start);
                let text = String::from_utf8_lossy(&data[start..start + n]).into_owned();
                last_paste.clone_from(&text);
                i = start + n;
                let _ = update(&mut app, Action::Paste(text));
                after(&app, Step::Paste(n));
                None
            }
            5 => {
                w = u16::from(arg % 200);
                h = u16::from(data.get(i + 1).copied().unwrap_or(0) % 70);
                i += 2;
                after(&app, Step::Other);
                None
            }
            // 6 with high bits r > 0: paste the last pasted text again,
            // repeated 4^r times, up to MAX_PASTE bytes (so the target
            // draws inputs up to 64 KB; added after the crash inputs of
            // tests/it/fuzz_regressions.rs, which replay unchanged).
            // The field is kept within MAX_PASTE too: repeated repeats
            // once grew a field to 7 MB, which no 10 ms bound can hold
            // (the 1 MB inputs are `tui_replay --large`'s).
            6 if op >> 5 > 0 && !last_paste.is_empty() => {
                let held = app.focused_editor().map_or(0, |e| e.text().len());
                let room = MAX_PASTE.saturating_sub(held) / last_paste.len();
                let times = (1usize << (2 * u32::from(op >> 5))).min(room);
                if times > 0 {
                    let _ = update(&mut app, Action::Paste(last_paste.repeat(times)));
                }
                after(&app, Step::Repeat(times));
                None
            }
            // 7, and 6 otherwise: a step that does nothing, so that inputs
            // can align.
            _ => {
                after(&app, Step::Other);
                None
            }
        };
        if let Some(ev) = ev {
            // As the main loop does: an unbound Alt key is Esc, then the key.
            let (first, then) = split_unbound_alt(&app, Event::Key(ev));
            let mut quit = false;
            for ev in std::iter::once(first).chain(then) {
                let Event::Key(ev) = ev else { continue };
                if let Some(action) = keymap::action_for(&app, &ev) {
                    if update(&mut app, action) == Effect::Quit {
                        quit = true;
                        break;
                    }
                }
            }
            after(&app, Step::Key(ev));
            if quit {
                break;
            }
        }
    }
    (app, w, h)
}
