//! trurl mode's `--help` and `--version`. The version says honestly what
//! answers: uriscope's trurl mode, following trurl 0.16.1 on libcurl's
//! URL rules built in (no libcurl); its `features:` line names the trurl
//! features it follows, as trurl's test suite reads them.

/// `-h`, `--help`.
pub const HELP: &str = "\
Usage: trurl [options] [URL]
  -a, --append [component]=[data]  - append a path segment or a query pair
      --accept-space               - read spaces in a URL as %20 (or + in the query)
      --as-idn                     - write a punycode host in Unicode
      --curl                       - only accept schemes libcurl has a protocol for
      --default-port               - add the scheme's default port
  -f, --url-file [file/-]          - read URLs from a file, or stdin
  -g, --get [{component}s]         - output components with a format
  -h, --help                       - this help
      --iterate [component]=[list] - one output for each space-separated item
      --json                       - output URLs as a JSON array
      --keep-port                  - keep a port that is the scheme's default
      --no-guess-scheme            - a URL without a scheme is an error
      --punycode                   - write an international host in punycode
      --qtrim [what]               - remove query pairs by key (KEY or PREFIX*)
      --query-separator [letter]   - query pairs separated by this, not &
      --quiet                      - fewer notes on stderr
      --redirect [URL]             - resolve this reference against each URL
      --replace [data]             - give the query key a new value
      --replace-append [data]      - the same, appending the pair when missing
  -s, --set [component]=[data]     - set a component (:= already encoded, ?= if unset)
      --sort-query                 - sort the query pairs, ignoring case
      --url [URL]                  - a URL to work on
      --urlencode                  - output components encoded
  -v, --version                    - show the version
      --verify                     - stop with an error at the first bad URL
      --explain                    - each change and why on stderr (uriscope)
      --raw                        - write control characters a URL decodes to (uriscope)
 URL COMPONENTS:
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
