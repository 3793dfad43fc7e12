//! Keeping an X11 copy after the explorer ends. On X11 the clipboard's
//! text lives in the process that copied it: [`spawn_server`] hands the
//! last text to a small process of our own (`uriscope serve-clipboard`,
//! hidden: [`serve`]), which holds the selection until another program
//! copies something (arboard's `wait`), then exits.

use std::io::{self, Write};

/// What a serving process prints once it holds the selection.
const SERVING: &str = "serving";

/// How long the explorer waits, at exit, for the serving process to take
/// the selection.
pub(super) const HAND_OVER_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Start `uriscope serve-clipboard` in its own process group, give it
/// `text` on stdin and wait for its word that it serves the selection.
pub(super) fn spawn_server(text: &str) -> Result<(), String> {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let exe = std::env::current_exe().map_err(|e| format!("cannot find uriscope: {e}"))?;
    let mut child = Command::new(exe)
        .arg("serve-clipboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        // Its own group: a Ctrl-C or hang-up meant for the explorer's
        // group does not end it.
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start the clipboard server: {e}"))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    stdin
        .write_all(text.as_bytes())
        .map_err(|e| format!("cannot hand the text over: {e}"))?;
    drop(stdin);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    match rx.recv_timeout(HAND_OVER_WAIT) {
        Ok(line) if line.trim_end() == SERVING => Ok(()),
        Ok(line) if line.is_empty() => Err("the clipboard server ended early".to_string()),
        Ok(line) => Err(format!("the clipboard server: {}", line.trim_end())),
        Err(_) => Err("the clipboard server did not answer in time".to_string()),
    }
}

/// The hidden `serve-clipboard` subcommand: read the text on stdin, take
/// the X11 clipboard with it, say so on stdout, and serve it until another
/// program copies something. A hang-up (the terminal closing) is ignored.
pub fn serve() -> io::Result<i32> {
    use std::io::Read;
    let mut text = String::new();
    io::stdin().read_to_string(&mut text)?;
    let hangups = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGHUP, hangups)?;
    let mut out = io::stdout();
    let mut cb = match arboard::Clipboard::new() {
        Ok(cb) => cb,
        Err(e) => {
            writeln!(out, "{e}")?;
            return Ok(1);
        }
    };
    if let Err(e) = cb.set_text(text.clone()) {
        writeln!(out, "{e}")?;
        return Ok(1);
    }
    writeln!(out, "{SERVING}")?;
    out.flush()?;
    serve_until_replaced(&mut cb, text);
    Ok(0)
}

#[cfg(all(unix, not(target_os = "macos")))]
fn serve_until_replaced(cb: &mut arboard::Clipboard, text: String) {
    use arboard::SetExtLinux;
    let _ = cb.set().wait().text(text);
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
fn serve_until_replaced(_cb: &mut arboard::Clipboard, _text: String) {}
