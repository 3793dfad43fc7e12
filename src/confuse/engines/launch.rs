//! How each out-of-process engine is started: its script (compiled into
//! the binary from `scripts/`), the arguments that pick the engine in it,
//! and the command that asks which version would answer.
//!
//! One script serves the engines of one program: the argument after it
//! names the engine (`urllib`, `urllib3`, `libcurl` for Python, …), and
//! `version` before that name makes it print one line, the version, and
//! exit non-zero when the engine cannot run (urllib3 not installed, no
//! libcurl with a URL API, no `URI` module for Perl). So the probe finds
//! what a run would find.

use super::Engine;

const PYTHON: &str = include_str!("scripts/python_url.py");
const NODE: &str = include_str!("scripts/node_url.js");
pub(super) const JAVA: &str = include_str!("scripts/JavaNet.java");
pub(super) const GO: &str = include_str!("scripts/go_url.go");
const PHP: &str = include_str!("scripts/php_url.php");
const RUBY: &str = include_str!("scripts/ruby_uri.rb");
const PERL: &str = include_str!("scripts/perl_uri.pl");

/// How an engine's process is started.
pub(super) enum Launch {
    /// The program with these arguments (the script is one of them).
    Args(Vec<&'static str>),
    /// `java` on the source written to a temporary folder, with this mode.
    JavaSource(&'static str),
    /// `go build` in a temporary module, then the binary.
    GoBuild,
}

/// `php -r` takes code without the opening tag that the file has (so that
/// the file can be run and linted as it is).
fn php_code() -> &'static str {
    PHP.strip_prefix("<?php\n").unwrap_or(PHP)
}

/// The arguments before the mode, for a program that takes its script as
/// an argument; `None` for Java and Go.
fn script_args(engine: Engine) -> Option<Vec<&'static str>> {
    Some(match engine {
        // -I: isolated, no PYTHON* variables, no user site.
        Engine::PythonUrllib | Engine::PythonUrllib3 | Engine::Libcurl => vec!["-I", "-c", PYTHON],
        Engine::NodeWhatwg | Engine::NodeLegacy => vec!["--no-deprecation", "-e", NODE, "--"],
        // -n: no php.ini, so no auto_prepend_file and the same settings
        // everywhere (filter and json are built into PHP).
        Engine::PhpParseUrl | Engine::PhpFilterVar => vec!["-n", "-r", php_code(), "--"],
        // --disable-gems: uri and json are in the standard library, and
        // RubyGems doubles the start-up time.
        Engine::RubyUri | Engine::RubyRfc2396 => vec!["--disable-gems", "-e", RUBY],
        Engine::PerlUri => vec!["-e", PERL],
        _ => return None,
    })
}

/// The word that picks the engine in its script.
fn mode(engine: Engine) -> &'static str {
    match engine {
        Engine::PythonUrllib => "urllib",
        Engine::PythonUrllib3 => "urllib3",
        Engine::Libcurl => "libcurl",
        Engine::NodeWhatwg => "whatwg",
        Engine::NodeLegacy => "legacy",
        Engine::JavaUri => "uri",
        Engine::JavaUrl => "url",
        Engine::PhpParseUrl => "parse_url",
        Engine::PhpFilterVar => "filter_var",
        Engine::RubyUri => "rfc3986",
        Engine::RubyRfc2396 => "rfc2396",
        Engine::PerlUri => "uri",
        Engine::Rfc3986 | Engine::Whatwg | Engine::HttpUri | Engine::GoNetUrl => "",
    }
}

/// How `engine` (an out-of-process one) is started.
pub(super) fn launch(engine: Engine) -> Launch {
    match engine {
        Engine::JavaUri | Engine::JavaUrl => Launch::JavaSource(mode(engine)),
        Engine::GoNetUrl => Launch::GoBuild,
        _ => {
            let mut args = script_args(engine).unwrap_or_default();
            args.push(mode(engine));
            Launch::Args(args)
        }
    }
}

/// The command that asks which version of `engine` would answer: a key
/// that engines sharing the same command share (it runs once for them),
/// and its arguments.
pub(super) fn version(engine: Engine) -> (String, Vec<&'static str>) {
    let program = engine.program().unwrap_or("");
    match engine {
        Engine::NodeWhatwg | Engine::NodeLegacy => (program.into(), vec!["--version"]),
        Engine::JavaUri | Engine::JavaUrl => (program.into(), vec!["-version"]),
        Engine::GoNetUrl => (program.into(), vec!["version"]),
        // One PHP answers for both of its engines.
        Engine::PhpParseUrl | Engine::PhpFilterVar => {
            let mut args = script_args(engine).unwrap_or_default();
            args.push("version");
            (program.into(), args)
        }
        _ => {
            let mut args = script_args(engine).unwrap_or_default();
            args.extend(["version", mode(engine)]);
            (format!("{program} {}", mode(engine)), args)
        }
    }
}

/// A command line as shown in a message: a script argument as `<script>`.
pub(super) fn shown(program: &str, args: &[&str]) -> String {
    let mut s = program.to_owned();
    for a in args {
        s.push(' ');
        s.push_str(if a.len() > 40 { "<script>" } else { a });
    }
    s
}
