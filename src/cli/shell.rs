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
    out.flush()?;
    Ok(super::EXIT_OK)
}
