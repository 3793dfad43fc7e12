//! The command line: clap arguments and one module per subcommand. Each
//! subcommand reads its inputs from the command line, or one per line from
//! stdin, and streams its answers.

pub mod args;
pub mod batches;
pub mod confuse;
pub mod decode;
pub mod dedupe;
pub mod edit;
pub mod edit_args;
pub mod edit_flags;
pub mod edit_get;
pub mod edit_plan;
pub mod encode;
pub mod equiv;
pub mod expand;
pub mod extract;
pub mod flags;
pub mod format;
pub mod get_template;
pub mod input;
pub mod iri;
pub mod normalize;
pub mod output;
pub mod parse;
pub mod relative;
pub mod resolve;
pub mod rfc;
pub mod shell;
pub mod stats;
pub mod stats_html;
pub mod steps;
pub mod trurl;
pub mod url_json;

use clap::{Parser, Subcommand};

/// What `--version` prints after the name: the version and the release
/// of the Public Suffix List compiled in (`-V` prints the version alone).
pub static LONG_VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "{}\nPublic Suffix List: psl crate {}",
        env!("CARGO_PKG_VERSION"),
        crate::uri::site::PSL_VERSION
    )
});

/// `uriscope`: explore what a URI means.
#[derive(Debug, Parser)]
#[command(
    name = "uriscope",
    version,
    long_version = LONG_VERSION.as_str(),
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A subcommand for scripts; without one, the explorer opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The URI-reference to open the explorer on (printed as a breakdown
    /// when stdout is not a terminal); with `--list`, the first file.
    pub uri: Option<String>,
    /// With `--list`, more files to read (`-` is stdin).
    #[arg(value_name = "FILE", requires = "list")]
    pub files: Vec<std::path::PathBuf>,
    /// Open the list view: the lines of the files (or of stdin), counted,
    /// charted, filtered and grouped. `… | uriscope` on a terminal opens
    /// it too.
    #[arg(long)]
    pub list: bool,
    /// On quitting the list view, print the selected URL (or, with the
    /// key that quits printing all, every filtered URL) to stdout, as fzf
    /// does; the view draws on the terminal.
    #[arg(long)]
    pub print: bool,
    /// The base URI for resolution (default `http://a/b/c/d;p?q`, RFC 3986 §5.4).
    #[arg(long)]
    pub base: Option<String>,
    /// Do not capture the mouse, so the terminal's own selection works.
    #[arg(long)]
    pub no_mouse: bool,
    /// The explorer's config file (default: `$XDG_CONFIG_HOME/uriscope/config.toml`).
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<std::path::PathBuf>,
    /// Start the explorer without reading a config file.
    #[arg(long)]
    pub no_config: bool,
    /// URI Template variables (a JSON object, as `expand --vars`) the
    /// explorer expands a template input with.
    #[arg(long, value_name = "FILE.json")]
    pub vars: Option<std::path::PathBuf>,
}

/// The non-interactive subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse URI-references (RFC 3986) and show their components and findings.
    Parse(parse::ParseArgs),
    /// Percent-encode text for one URI component (RFC 3986 §2.1).
    Encode(encode::EncodeArgs),
    /// Percent-decode text: malformed escapes, bytes that are not UTF-8, double encoding.
    Decode(decode::DecodeArgs),
    /// Map IRIs to URIs (RFC 3987 §3.1): UTF-8 escapes, IDNA hosts.
    Iri2uri(iri::IriArgs),
    /// Map URIs to IRIs (RFC 3987 §3.2): decode escapes of allowed non-ASCII characters.
    Uri2iri(iri::IriArgs),
    /// Find the URIs in running text (RFC 3986 Appendix C): angle brackets,
    /// quotes, bare; suffix references offered as guesses.
    Extract(extract::ExtractArgs),
    /// Resolve references against a base URI (RFC 3986 §5.2), with --trace for every step.
    Resolve(resolve::ResolveArgs),
    /// Normalize URIs (RFC 3986 §6.2.2, §6.2.3), with --trace for each rung.
    Normalize(normalize::NormalizeArgs),
    /// Compare two URIs up the RFC 3986 §6.2 ladder.
    Equiv(equiv::EquivArgs),
    /// Count a list of URLs (one per line, files or stdin): URIs, IRIs,
    /// relative references, invalid; the top schemes, hosts, finding codes
    /// and confusion flags.
    Stats(stats::StatsArgs),
    /// The first URL of each group of equivalent lines, in input order:
    /// by normal form (RFC 3986 §6.2), or by query keys (--by keys).
    Dedupe(dedupe::DedupeArgs),
    /// The shortest reference that resolves back to a target against a base.
    Relative(relative::RelativeArgs),
    /// Change URLs with trurl's flags (--set, --get, --append, --iterate,
    /// --trim, --replace, --redirect, --json), RFC 3986 by default.
    Edit(Box<edit::EditArgs>),
    /// Expand URI Templates (RFC 6570, levels 1 to 4) with variables from
    /// --var, --list, --map or a JSON --vars file.
    Expand(expand::ExpandArgs),
    /// The same URL through the real parsers of common stacks: engines ×
    /// components, the host verdict, confusion flags, --allow HOST checks.
    Confuse(confuse::ConfuseArgs),
    /// Print the RFC texts uriscope cites, by section, ABNF rule or finding
    /// code: `uriscope rfc 3986 5.2.4`, `uriscope rfc --rule path-abempty`.
    Rfc(rfc::RfcArgs),
    /// Print a completion script for bash, zsh, fish, elvish or powershell.
    Completions(shell::CompletionsArgs),
    /// Print the man page (roff), every subcommand included: `uriscope man | man -l -`.
    Man,
    /// Keep serving a copied text on the X11 clipboard after the explorer
    /// exits (started by the explorer itself; the text comes on stdin).
    #[command(hide = true)]
    ServeClipboard,
}

/// Exit status: every input fine.
pub const EXIT_OK: i32 = 0;
/// Exit status: some input was invalid or failed.
pub const EXIT_FAILED: i32 = 1;
/// Exit status: the command line was wrong.
pub const EXIT_USAGE: i32 = 2;

/// The one rule for how a command's output ends, every subcommand's and
/// clap's help alike: a closed pipe (`| head -1`) ends it quietly with
/// [`EXIT_OK`], as a reader that has seen enough is no failure; any other
/// write error is reported once on stderr and gives [`EXIT_FAILED`].
pub fn exit_status_of(result: std::io::Result<i32>) -> i32 {
    use std::io::Write as _;
    match result {
        Ok(code) => code,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "uriscope: {e}");
            EXIT_FAILED
        }
    }
}

/// Run a subcommand; returns the process exit status. `serve-clipboard`
/// is not the CLI's: `main` runs it.
pub fn run(command: Command) -> std::io::Result<i32> {
    match command {
        Command::Parse(args) => parse::run(&args),
        Command::Encode(args) => encode::run(&args),
        Command::Decode(args) => decode::run(&args),
        Command::Iri2uri(args) => iri::run(&args, iri::Direction::IriToUri),
        Command::Uri2iri(args) => iri::run(&args, iri::Direction::UriToIri),
        Command::Extract(args) => extract::run(&args),
        Command::Resolve(args) => resolve::run(&args),
        Command::Normalize(args) => normalize::run(&args),
        Command::Equiv(args) => equiv::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::Dedupe(args) => dedupe::run(&args),
        Command::Relative(args) => relative::run(&args),
        Command::Edit(args) => edit::run(&args),
        Command::Expand(args) => expand::run(&args),
        Command::Rfc(args) => rfc::run(&args),
        Command::Confuse(args) => confuse::run(&args),
        Command::Completions(args) => shell::completions(&args),
        Command::Man => shell::man(),
        // main.rs runs it (the clipboard is the explorer's, not the CLI's).
        Command::ServeClipboard => Err(std::io::Error::other(
            "serve-clipboard is started by the explorer",
        )),
    }
}
