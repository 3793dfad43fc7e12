//! trurl mode's `--help` and `--version`. The version says honestly what
//! answers: uriscope's trurl mode, following trurl 0.16.1 on libcurl's
//! URL rules built in (no libcurl); its `features:` line names the trurl
//! features it follows, as trurl's test suite reads them.

/// `-h`, `--help`: the flags' lines from trurl's flag table
/// ([`crate::cli::edit_flags`]).
pub fn help() -> String {
    format!(
        "Usage: trurl [options] [URL]\n{}{TAIL}",
        crate::cli::edit_flags::trurl_help_lines()
    )
}

/// What `--help` says after the flags.
const TAIL: &str = " URL COMPONENTS:
  url, scheme, user, password, options, host, port, path, query, fragment, zoneid
uriscope's trurl mode: trurl 0.16.1's behaviour on libcurl's URL rules,
without libcurl. Differences: uriscope's DIFFERENCES.md.
";

/// `-v`, `--version`.
pub fn version() -> String {
    format!(
        "trurl version 0.16.1 (uriscope {} trurl mode, libcurl URL rules built in, no libcurl)\n\
         features: get-empty imap-options no-guess-scheme normalize-ipv4 punycode \
         punycode2idn url-strerror white-space zone-id\n",
        env!("CARGO_PKG_VERSION")
    )
}
