//! `uriscope completions SHELL` and `uriscope man`: shell completions and
//! a roff man page, generated from the clap definitions (clap_complete,
//! clap_mangen), so they never drift from the flags.

use std::io::{self, Write};

use clap::{Args, CommandFactory, ValueEnum};

use super::Cli;

/// A shell to complete for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    /// Bash.
    Bash,
    /// Zsh.
    Zsh,
    /// Fish.
    Fish,
    /// Elvish.
    Elvish,
    /// PowerShell.
    Powershell,
}

/// Arguments of `uriscope completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell (install, e.g. for bash:
    /// `uriscope completions bash > ~/.local/share/bash-completion/completions/uriscope`).
    pub shell: Shell,
}

/// Print the completion script for `args.shell`.
pub fn completions(args: &CompletionsArgs) -> io::Result<i32> {
    use clap_complete::Shell as S;
    let shell = match args.shell {
        Shell::Bash => S::Bash,
        Shell::Zsh => S::Zsh,
        Shell::Fish => S::Fish,
        Shell::Elvish => S::Elvish,
        Shell::Powershell => S::PowerShell,
    };
    let mut cmd = Cli::command();
    // Generated into memory, then written: clap_complete panics when its
    // writer fails (`> /dev/full`, `| head -1`), and the script is small.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "uriscope", &mut script);
    let mut out = super::output::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(super::EXIT_OK)
}

/// `text` escaped for roff: a backslash written `\e`, a minus `\-`, a
/// line's leading `.` or `'` kept from being read as a request.
fn roff(text: &str) -> String {
    let t = text.replace('\\', "\\e").replace('-', "\\-");
    if t.starts_with(['.', '\'']) {
        format!("\\&{t}")
    } else {
        t
    }
}

/// The sections clap_mangen does not write: the explorer's keys (from its
/// one key table), EXIT STATUS, ENVIRONMENT and FILES.
pub fn extra_sections() -> String {
    use crate::explorer::app::keymap::help_rows;
    let mut out = String::from(".SH KEYS\nThe explorer (uriscope with no subcommand, or \\fBuriscope URI\\fR); the same rows as its help (F1).\n");
    let mut last = None;
    for (ctx, keys, help) in help_rows() {
        if last != Some(ctx) {
            out.push_str(&format!(".SS {}\n", roff(ctx.title())));
            last = Some(ctx);
        }
        out.push_str(&format!(".TP\n\\fB{}\\fR\n{}\n", roff(&keys), roff(help)));
    }
    out.push_str(".SH EXIT STATUS\n");
    for paragraph in exit_status() {
        out.push_str(&format!(".PP\n{}\n", roff(&paragraph)));
    }
    for (title, rows) in [("ENVIRONMENT", ENVIRONMENT), ("FILES", FILES)] {
        out.push_str(&format!(".SH {title}\n"));
        for (term, text) in rows {
            out.push_str(&format!(".TP\n\\fB{}\\fR\n{}\n", roff(term), roff(text)));
        }
    }
    out
}

/// The exit statuses as docs/GUIDE.md writes them (the paragraph under
/// its `EXIT STATUS` heading): one text for the guide and the man page,
/// its Markdown marks taken out.
pub fn exit_status() -> Vec<String> {
    const GUIDE: &str = include_str!("../../docs/GUIDE.md");
    let Some(start) = GUIDE.find("##### EXIT STATUS\n") else {
        return Vec::new();
    };
    let body = &GUIDE[start..];
    let body = body.split_once('\n').map_or("", |(_, rest)| rest);
    let body = body.trim_start_matches('\n');
    let end = body.find("\n\n").unwrap_or(body.len());
    // One paragraph of the guide; in the page, one per status rule (each
    // starts a line there: `For every…`, `equiv answers…`, `extract…`).
    body[..end]
        .split('\n')
        .fold(Vec::<String>::new(), |mut paragraphs, line| {
            let starts = [
                "For every",
                "`equiv`",
                "`extract`",
                "`edit`",
                "Every output",
            ];
            if paragraphs.is_empty() || starts.iter().any(|s| line.starts_with(s)) {
                paragraphs.push(String::new());
            }
            let p = paragraphs.last_mut().expect("one paragraph");
            if !p.is_empty() {
                p.push(' ');
            }
            p.push_str(line.trim());
            paragraphs
        })
        .into_iter()
        .map(|p| p.replace("**", "").replace('`', ""))
        .collect()
}

/// The environment variables the program reads.
const ENVIRONMENT: &[(&str, &str)] = &[
    ("NO_COLOR", "set and not empty: no colors; the explorer draws roles in bold, underline and reverse, with a ruler of role letters"),
    ("COLORFGBG", "read to choose the explorer's light or dark palette when the config file does not say"),
    ("XDG_CONFIG_HOME", "where the config file is (default ~/.config)"),
    ("XDG_STATE_HOME", "where the input history is kept (default ~/.local/state)"),
    ("URISCOPE_THREADS", "how many threads answer a subcommand that reads lines (at most the machine's cores)"),
    ("TMUX, SSH_TTY, SSH_CONNECTION, DISPLAY", "read to choose how a copy reaches the clipboard (OSC 52, tmux's buffer, the X11 selection)"),
];

/// The files the program reads and writes.
const FILES: &[(&str, &str)] = &[
    ("$XDG_CONFIG_HOME/uriscope/config.toml", "the explorer's config (theme, base, encode set, history); an error in it is named and the defaults used"),
    ("$XDG_STATE_HOME/uriscope/history", "the explorer's input history, one input per line, appended under a lock"),
];

/// Print the man page (roff): `uriscope man | man -l -`.
pub fn man() -> io::Result<i32> {
    let cmd = Cli::command();
    let mut out = super::output::stdout();
    clap_mangen::Man::new(cmd.clone()).render(&mut out)?;
    // One section per subcommand, so every flag is in the page.
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("uriscope-{}", sub.get_name());
        let page = clap_mangen::Man::new(sub.clone().name(name));
        page.render_name_section(&mut out)?;
        page.render_synopsis_section(&mut out)?;
        page.render_description_section(&mut out)?;
        page.render_options_section(&mut out)?;
    }
    out.write_all(extra_sections().as_bytes())?;
    out.flush()?;
    Ok(super::EXIT_OK)
}
