//! The command line before anything runs: clap's parse, a near miss of a
//! subcommand's name caught as git and cargo catch it, and clap's own
//! messages written under the CLI's output rule (help and version are
//! answers on stdout; an error quotes the user's arguments, so it is
//! shown with control and bidi characters escaped).

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};

use clap::builder::Styles;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches};

use super::Cli;
use crate::text::plain::visible;

/// The most edits (optimal string alignment: a letter inserted, removed,
/// changed, or two swapped) that make a bare word of `len` letters a
/// misspelled subcommand: one for a short word, a third of a longer one,
/// so `nomalize` and `pasre` are caught and `index` is not `encode`.
fn edits_allowed(len: usize) -> usize {
    (len / 3).max(1)
}

/// Parse the command line `args` (the program name first): the
/// arguments, or clap's error, or a suggestion when the first argument is
/// a bare word close to a subcommand's name (`uriscope nomalize`, read as
/// a URI-reference it would print that reference's breakdown and exit 0).
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // Without styles, clap writes the arguments it quotes as they are
    // (its plain rendering would drop an escape sequence unseen), so
    // [`show_error`] can show them escaped; help is rendered again with
    // them.
    let mut cmd = Cli::command().styles(Styles::plain());
    if let Some(e) = near_miss(&cmd, &args) {
        return Err(e);
    }
    match cmd.try_get_matches_from_mut(&args) {
        Ok(matches) => Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd)),
        Err(e) if e.use_stderr() => Err(e),
        Err(plain) => Err(Cli::command()
            .try_get_matches_from(args)
            .err()
            .unwrap_or(plain)),
    }
}

/// The error for a first positional argument that is a bare word (letters,
/// digits, `-`, `_`; no `.`, `/` or `:` that would make it read as a
/// reference) close to, but not, a subcommand's name.
fn near_miss(cmd: &clap::Command, args: &[OsString]) -> Option<clap::Error> {
    let word = first_positional(cmd, args)?;
    let bare = word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !bare {
        return None;
    }
    let names = || {
        cmd.get_subcommands()
            .filter(|s| !s.is_hide_set())
            .map(|s| s.get_name())
    };
    if cmd.find_subcommand(word).is_some() {
        return None;
    }
    let lower = word.to_ascii_lowercase();
    let best = names()
        .map(|n| (strsim::osa_distance(&lower, n), n))
        .filter(|(edits, _)| *edits <= edits_allowed(word.len()))
        .min_by_key(|(edits, _)| *edits)?
        .1;
    let mut e = clap::Error::new(ErrorKind::InvalidSubcommand).with_cmd(cmd);
    e.insert(
        ContextKind::InvalidSubcommand,
        ContextValue::String(word.to_string()),
    );
    e.insert(
        ContextKind::SuggestedSubcommand,
        ContextValue::Strings(vec![best.to_string()]),
    );
    e.insert(
        ContextKind::Suggested,
        ContextValue::StyledStrs(vec![format!(
            "to read '{word}' as a relative reference, write './{word}'"
        )
        .into()]),
    );
    e.insert(
        ContextKind::Usage,
        ContextValue::StyledStr(cmd.clone().render_usage()),
    );
    Some(e)
}

/// The first argument that is not an option of the top-level command nor
/// an option's value: where a subcommand's name would stand.
fn first_positional<'a>(cmd: &clap::Command, args: &'a [OsString]) -> Option<&'a str> {
    let takes_value = |flag: &str| {
        cmd.get_arguments().any(|a| {
            a.get_action().takes_values() && a.get_long().is_some_and(|l| flag == format!("--{l}"))
        })
    };
    let mut rest = args.iter().skip(1);
    while let Some(a) = rest.next() {
        let a = a.to_str()?;
        if a == "--" {
            return None;
        }
        if a.starts_with('-') && a.len() > 1 {
            if !a.contains('=') && takes_value(a) {
                rest.next();
            }
            continue;
        }
        return Some(a);
    }
    None
}

/// Write clap's message for `e` under the CLI's rule and return the exit
/// status: help and version go to stdout as answers (a write error is
/// reported and gives [`super::EXIT_FAILED`], a closed pipe is quiet); an
/// error goes to stderr with the arguments it quotes escaped
/// ([`visible`]: `uriscope rfc $'\e]2;x\a'` must not retitle the
/// terminal), so it is written without clap's colours.
pub fn show_error(e: &clap::Error) -> i32 {
    if e.use_stderr() {
        let mut text = String::new();
        for line in e.render().ansi().to_string().split_inclusive('\n') {
            let (body, end) = line
                .strip_suffix('\n')
                .map_or((line, ""), |body| (body, "\n"));
            text.push_str(&visible(body));
            text.push_str(end);
        }
        let _ = io::stderr().lock().write_all(text.as_bytes());
        return e.exit_code();
    }
    // Help and version quote nothing the user typed.
    let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let rendered = e.render();
    let text = if colour {
        rendered.ansi().to_string()
    } else {
        rendered.to_string()
    };
    let mut out = super::output::stdout();
    let written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    super::exit_status_of(written.map(|()| e.exit_code()))
}
