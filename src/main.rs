//! The `uriscope` binary: clap arguments, then a CLI subcommand or the explorer.

#![forbid(unsafe_code)]

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use uriscope::text::plain::visible;

use uriscope::cli::{self, Cli};

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Called `trurl` (a link to this binary), or `uriscope edit --trurl`:
    // trurl's own command line, which clap does not read.
    if let Some(trurl_args) = cli::trurl::invoked(&argv) {
        let status = cli::trurl::run(&trurl_args);
        return ExitCode::from(cli::exit_status_of(status) as u8);
    }
    let args = match cli::args::parse(argv.clone()) {
        Ok(args) => args,
        Err(e) => {
            let code = cli::args::show_error(&e);
            // `uriscope edit` exits with trurl's statuses, usage errors too.
            let edit = argv.get(1).is_some_and(|a| a == "edit");
            let code = match cli::edit::usage_status(e.kind()) {
                Some(trurls) if edit => trurls,
                _ => code,
            };
            return ExitCode::from(code as u8);
        }
    };
    let status = match args.command {
        // The explorer's X11 hand-over: the clipboard belongs to the
        // explorer's side of the binary, never to the CLI.
        Some(cli::Command::ServeClipboard) => uriscope::explorer::clipboard::serve(),
        Some(command) => {
            // `confuse` runs engines in process groups of their own: a
            // signal that ends it kills them and removes their folders.
            if matches!(command, cli::Command::Confuse(_)) {
                let _ = uriscope::confuse::engines::clean_up_on_signals();
            }
            cli::run(command)
        }
        None => show_uri(&args),
    };
    ExitCode::from(cli::exit_status_of(status) as u8)
}

/// Without a subcommand: the explorer on a terminal, else the breakdown of
/// the given URI.
fn show_uri(args: &Cli) -> io::Result<i32> {
    // `uriscope FILE… --list`, or `… | uriscope` on a terminal: the list
    // view. With `--print` it may sit in a pipeline (`… | uriscope
    // --print | …`): it draws on the terminal, stdout gets the answer.
    let piped_in = !io::stdin().is_terminal() && args.uri.is_none();
    if args.list || (piped_in && (io::stdout().is_terminal() || args.print)) {
        return list_view(args);
    }
    let explorer = io::stdout().is_terminal() && (io::stdin().is_terminal() || args.uri.is_none());
    // The explorer runs in a child that this process guards: whatever
    // ends the child, the terminal is restored before the shell sees an
    // exit status (src/guardian.rs).
    #[cfg(unix)]
    if explorer && !uriscope::guardian::guarded_child() {
        if let Some(code) = uriscope::guardian::run(&[]) {
            return Ok(code);
        }
    }
    // `--vars` is read first, whatever the output: a file that cannot be
    // read is a usage error on a pipe as on a terminal.
    let template_vars = match &args.vars {
        Some(path) => match cli::expand::variables_from_file(path) {
            Ok(v) => v,
            Err(e) => {
                let _ = writeln!(io::stderr(), "uriscope: {}", visible(&e));
                return Ok(cli::EXIT_USAGE);
            }
        },
        None => Default::default(),
    };
    if explorer {
        let options = explorer_options(args);
        let uri = args.uri.clone().unwrap_or_default();
        let file = uriscope::explorer::app::file_hint::file_note(&uri);
        let note = match (options.note.clone(), file) {
            (Some(a), Some(b)) => Some(format!("{b}; {a}")),
            (a, b) => b.or(a),
        };
        uriscope::explorer::run(uriscope::explorer::Options {
            uri,
            template_vars,
            note,
            ..options
        })?;
        return Ok(cli::EXIT_OK);
    }
    let Some(uri) = &args.uri else {
        if !io::stdin().is_terminal() {
            // `... | uriscope | ...`: the breakdown of each stdin line.
            // Read as IRI-references, as the explorer does.
            let parse = cli::parse::ParseArgs {
                output: Default::default(),
                iri: cli::flags::Iri { on: true },
                uris: Vec::new(),
            };
            return cli::parse::run(&parse);
        }
        let _ = writeln!(
            io::stderr(),
            "uriscope: give a URI, or a subcommand (see --help); the explorer needs a terminal"
        );
        return Ok(cli::EXIT_USAGE);
    };
    // The explorer reads an IRI-reference (RFC 3987); so does its text form.
    let r = uriscope::uri::analyze(uri, uriscope::uri::ParseOptions::new().iri(true));
    let l = uriscope::uri::lint::Linted::new(&r);
    let mut out = cli::output::stdout();
    uriscope::report::text::write_breakdown(&mut out, &l)?;
    if args.vars.is_some() {
        cli::expand::write_template_section(&mut out, uri, &template_vars)?;
    }
    let mut ok = l.is_valid();
    if let Some(base) = &args.base {
        ok &= uriscope::report::text::write_resolution_line(&mut out, base, uri)?;
    }
    Ok(if ok { cli::EXIT_OK } else { cli::EXIT_FAILED })
}

/// The explorer's options from the config file and the arguments. A
/// config that cannot be used never stops the explorer: it starts with
/// the defaults and says why on the status line.
fn explorer_options(args: &Cli) -> uriscope::explorer::Options {
    let (config, note) = if args.no_config {
        (Default::default(), None)
    } else {
        match uriscope::explorer::config::load(args.config.as_deref()) {
            Ok(c) => (c, None),
            Err(e) => (
                Default::default(),
                Some(format!("config not used (started with the defaults): {e}")),
            ),
        }
    };
    let config: uriscope::explorer::config::Config = config;
    uriscope::explorer::Options {
        base: args.base.clone().or(config.base),
        no_mouse: args.no_mouse || config.mouse == Some(false),
        theme: config.theme.unwrap_or_default(),
        encode_set: config.encode_set,
        note,
        history: (config.history != Some(false))
            .then(uriscope::explorer::history::default_path)
            .flatten(),
        ..Default::default()
    }
}

/// The environment variable that tells a guarded list view where
/// `--print`'s answer goes: a file the guardian copies to its stdout.
const PRINT_TO: &str = "URISCOPE_PRINT_TO";

/// The list view on the files of `args` (stdin without any), and
/// `--print`'s answer written to stdout, exact bytes.
fn list_view(args: &Cli) -> io::Result<i32> {
    let files: Vec<std::path::PathBuf> = args
        .uri
        .iter()
        .map(std::path::PathBuf::from)
        .chain(args.files.iter().cloned())
        .collect();
    if let Some(e) = uriscope::explorer::app::file_hint::unreadable(&files) {
        let _ = writeln!(io::stderr(), "uriscope: --list: {e}");
        return Ok(cli::EXIT_USAGE);
    }
    if files.is_empty() && io::stdin().is_terminal() {
        let _ = writeln!(
            io::stderr(),
            "uriscope: --list reads files, or lines from stdin: give a file or pipe the lines in"
        );
        return Ok(cli::EXIT_USAGE);
    }
    if !args.print && !io::stdout().is_terminal() {
        let _ = writeln!(
            io::stderr(),
            "uriscope: the list view draws on a terminal: with stdout redirected, give --print \
             (or use `uriscope stats` / `uriscope dedupe` for text)"
        );
        return Ok(cli::EXIT_USAGE);
    }
    // The answer's way out: stdout, unless the view must draw there.
    let mut answer_to: Option<std::fs::File> = None;
    #[cfg(unix)]
    if args.print && !io::stdout().is_terminal() {
        match to_terminal() {
            Ok(saved) => answer_to = Some(saved),
            Err(e) => {
                let _ = writeln!(
                    io::stderr(),
                    "uriscope: the list view needs a terminal (/dev/tty): {}",
                    visible(&e.to_string())
                );
                return Ok(cli::EXIT_USAGE);
            }
        }
    }
    #[cfg(unix)]
    if !uriscope::guardian::guarded_child() {
        // The guarded child writes its answer to a file of ours; this
        // process copies it out once the child has ended, and only when
        // it succeeded (a child that could not write it whole, or died,
        // leaves no half answer). The guardian removes the file however
        // the child ends; the copy is read from the handle kept open.
        let file = args.print.then(answer_file).transpose()?;
        if let Some((path, _)) = &file {
            std::env::set_var(PRINT_TO, path);
        }
        let leftovers: Vec<std::path::PathBuf> = file.iter().map(|(p, _)| p.clone()).collect();
        if let Some(code) = uriscope::guardian::run(&leftovers) {
            if let (Some((_, mut f)), cli::EXIT_OK) = (file, code) {
                let mut answer = Vec::new();
                io::Read::read_to_end(&mut f, &mut answer)?;
                if !write_answer(answer_to, &answer)? {
                    return Ok(cli::EXIT_FAILED);
                }
            }
            return Ok(code);
        }
        if let Some((path, _)) = file {
            let _ = std::fs::remove_file(path);
            std::env::remove_var(PRINT_TO);
        }
    }
    // The explorer that Enter opens is the one `uriscope` opens: the
    // config's base, theme and history.
    let answer = uriscope::explorer::list::run::run(explorer_options(args), &files, args.print)?;
    let Some(answer) = answer else {
        return Ok(if args.print {
            cli::EXIT_FAILED
        } else {
            cli::EXIT_OK
        });
    };
    #[cfg(unix)]
    let to_file = std::env::var_os(PRINT_TO).filter(|_| uriscope::guardian::guarded_child());
    #[cfg(not(unix))]
    let to_file: Option<std::ffi::OsString> = None;
    match to_file {
        Some(path) => std::fs::write(path, answer)?,
        None if !write_answer(answer_to, &answer)? => return Ok(cli::EXIT_FAILED),
        None => {}
    }
    Ok(cli::EXIT_OK)
}

/// Write `answer` (lines, each ended by a newline) to `to` (the standard
/// output [`to_terminal`] saved), else stdout. To a pipe or a file it is
/// written as it is; to a terminal a line holding a control or bidi
/// character is refused as every answer is (on stderr, the line quoted
/// visibly: `ESC ] 2 ; … BEL` would retitle the window). `false` when a
/// line was refused.
fn write_answer(to: Option<std::fs::File>, answer: &[u8]) -> io::Result<bool> {
    match to {
        Some(f) => cli::output::Stdout::over(f)
            .write_all(answer)
            .map(|()| true),
        None if io::stdout().is_terminal() => {
            let mut out = cli::output::stdout();
            let mut err = io::stderr().lock();
            let mut all = true;
            let lines = answer.strip_suffix(b"\n").unwrap_or(answer);
            for (i, line) in lines.split(|&b| b == b'\n').enumerate() {
                let place = uriscope::text::diag::Place::Line(i as u64 + 1);
                let Ok(line) = std::str::from_utf8(line) else {
                    // Its text on a terminal would be another URL (U+FFFD).
                    out.flush()?;
                    uriscope::text::diag::say(
                        "--print",
                        place,
                        Some(line),
                        "not written: the line is not UTF-8 (a pipe or a file takes its bytes)",
                    );
                    all = false;
                    continue;
                };
                let why = uriscope::text::answer::Diagnostic {
                    command: "--print",
                    what: "the line",
                    input: line,
                    hint: "a pipe or a file takes it as it is",
                    place,
                };
                all &= uriscope::text::answer::write_answer(&mut out, &mut err, line, why)?;
            }
            out.flush()?;
            Ok(all)
        }
        None => {
            let mut out = cli::output::stdout();
            out.write_all(answer)?;
            out.flush()?;
            Ok(true)
        }
    }
}

/// Make the terminal stdout (fd 1), as fzf draws on /dev/tty: the
/// terminal code writes to stdout. Returns the stdout it replaced, where
/// the answer goes.
#[cfg(unix)]
fn to_terminal() -> io::Result<std::fs::File> {
    let tty = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/tty")?;
    let saved = nix::unistd::dup(io::stdout()).map_err(io::Error::from)?;
    nix::unistd::dup2_stdout(&tty).map_err(io::Error::from)?;
    Ok(std::fs::File::from(saved))
}

/// A new private file for a guarded child's answer, and its path.
#[cfg(unix)]
fn answer_file() -> io::Result<(std::path::PathBuf, std::fs::File)> {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = std::env::temp_dir();
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let path = dir.join(format!("uriscope-print-{}-{stamp}", std::process::id()));
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)?;
    Ok((path, f))
}
