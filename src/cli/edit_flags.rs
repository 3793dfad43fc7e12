//! trurl's flags, declared once: name, short letter, value, and help in
//! each of the two command lines that read them. `uriscope edit` builds
//! its clap arguments from [`FLAGS`] (so its help, the man page and the
//! completions come from here), and trurl mode's own parser
//! ([`crate::cli::trurl`], which keeps trurl's argv conventions) finds
//! each option in the same table and writes its `--help` from it.

use clap::{value_parser, Arg, ArgAction};

/// One of trurl's flags (and `edit`'s own additions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// `--url`.
    Url,
    /// `-f`, `--url-file`.
    UrlFile,
    /// `-s`, `--set`.
    Set,
    /// `-g`, `--get`.
    Get,
    /// `-a`, `--append`.
    Append,
    /// `--iterate`.
    Iterate,
    /// `--sort-query`.
    SortQuery,
    /// `--trim`.
    Trim,
    /// `--qtrim`.
    Qtrim,
    /// `--replace`.
    Replace,
    /// `--replace-append` (`--force-replace`).
    ReplaceAppend,
    /// `--urlencode`.
    Urlencode,
    /// `--raw` (uriscope's).
    Raw,
    /// `--redirect`.
    Redirect,
    /// `--json`.
    Json,
    /// `--verify`.
    Verify,
    /// `--accept-space`.
    AcceptSpace,
    /// `--keep-port`.
    KeepPort,
    /// `--default-port`.
    DefaultPort,
    /// `--punycode`.
    Punycode,
    /// `--as-idn`.
    AsIdn,
    /// `--query-separator`.
    QuerySeparator,
    /// `--quiet`.
    Quiet,
    /// `--no-guess-scheme`.
    NoGuessScheme,
    /// `--guess-scheme` (`edit` only).
    GuessScheme,
    /// `--curl-normalize` (`edit` only).
    CurlNormalize,
    /// `--explain` (uriscope's).
    Explain,
    /// `--trurl` (`edit` only).
    Trurl,
    /// `--curl` (trurl mode only).
    Curl,
    /// `-h`, `--help` (trurl mode's; clap writes `edit`'s).
    Help,
    /// `-v`, `--version` (trurl mode only).
    Version,
}

/// What a flag takes after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// Nothing: a switch.
    Nothing,
    /// One value, shown as `edit` and as trurl's help name it; trurl
    /// mode reads it glued (`-sVALUE`, `--set=VALUE`) or as the next
    /// argument.
    Value {
        /// The name in `edit`'s help.
        edit: &'static str,
        /// The name in trurl's help.
        trurl: &'static str,
    },
    /// One value, always the next argument in trurl mode (trurl reads
    /// `--replace DATA` only so).
    NextValue {
        /// The name in `edit`'s help.
        edit: &'static str,
        /// The name in trurl's help.
        trurl: &'static str,
    },
}

/// Where a flag shows in trurl mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InTrurl {
    /// Not a trurl flag.
    No,
    /// Read, but not in `--help` (trurl's own help leaves it out).
    Hidden,
    /// In `--help` with this text, at this place (trurl's help has an
    /// order of its own).
    Help(u8, &'static str),
}

/// One flag's declaration.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Which flag.
    pub flag: Flag,
    /// The long name, without `--`.
    pub long: &'static str,
    /// The short letter.
    pub short: Option<char>,
    /// A second long name, read but not shown.
    pub alias: Option<&'static str>,
    /// What it takes.
    pub takes: Takes,
    /// Whether it may be given more than once.
    pub repeat: bool,
    /// Its help in `uriscope edit`; `None`: not an `edit` flag.
    pub edit: Option<&'static str>,
    /// Its place in trurl mode.
    pub trurl: InTrurl,
}

impl Spec {
    const fn new(flag: Flag, long: &'static str) -> Spec {
        Spec {
            flag,
            long,
            short: None,
            alias: None,
            takes: Takes::Nothing,
            repeat: false,
            edit: None,
            trurl: InTrurl::No,
        }
    }
    const fn short(self, c: char) -> Spec {
        Spec {
            short: Some(c),
            ..self
        }
    }
    const fn alias(self, a: &'static str) -> Spec {
        Spec {
            alias: Some(a),
            ..self
        }
    }
    const fn value(self, edit: &'static str, trurl: &'static str) -> Spec {
        Spec {
            takes: Takes::Value { edit, trurl },
            ..self
        }
    }
    const fn next_value(self, edit: &'static str, trurl: &'static str) -> Spec {
        Spec {
            takes: Takes::NextValue { edit, trurl },
            ..self
        }
    }
    const fn repeat(self) -> Spec {
        Spec {
            repeat: true,
            ..self
        }
    }
    const fn edit(self, help: &'static str) -> Spec {
        Spec {
            edit: Some(help),
            ..self
        }
    }
    const fn trurl(self, rank: u8, help: &'static str) -> Spec {
        Spec {
            trurl: InTrurl::Help(rank, help),
            ..self
        }
    }
    const fn hidden(self) -> Spec {
        Spec {
            trurl: InTrurl::Hidden,
            ..self
        }
    }

    /// The clap id: the long name with `_` for `-`.
    pub fn id(&self) -> String {
        self.long.replace('-', "_")
    }

    /// Whether trurl mode reads it.
    pub fn in_trurl(&self) -> bool {
        self.trurl != InTrurl::No
    }
}

use Flag as F;

/// Every flag, in `edit`'s order (its help, man page and completions).
pub const FLAGS: &[Spec] = &[
    Spec::new(F::Url, "url")
        .value("URL", "[URL]")
        .repeat()
        .edit("A URL to work on (repeatable)")
        .trurl(22, "a URL to work on"),
    Spec::new(F::UrlFile, "url-file")
        .short('f')
        .value("FILE", "[file/-]")
        .edit(
            "Read URLs from FILE, one per line (`-` is stdin), streaming; trailing spaces and \
             tabs are trimmed, empty lines skipped",
        )
        .trurl(6, "read URLs from a file, or stdin"),
    Spec::new(F::Set, "set")
        .short('s')
        .value("COMP=VALUE", "[component]=[data]")
        .repeat()
        .edit(
            "Set a component: `COMP=VALUE` (VALUE encoded for COMP), `COMP:=VALUE` (already \
             encoded), `COMP?=VALUE` (only if COMP is unset); an empty VALUE clears COMP. \
             Components: url, scheme, user, password, host, port, path, query, fragment, zoneid",
        )
        .trurl(20, "set a component (:= already encoded, ?= if unset)"),
    Spec::new(F::Get, "get")
        .short('g')
        .value("FORMAT", "[{component}s]")
        .edit(
            "Print FORMAT for each URL: `{host}` (decoded), `{:host}` or `{url:host}` \
             (encoded), `{default:port}`, `{puny:host}`, `{idn:host}`, `{must:query}`, \
             `{strict:path}`, `{query:KEY}`, `{query-all:KEY}`, `{url}`; `[host]` works too; \
             `\\{`, `{{`, `\\n`, `\\t` escapes",
        )
        .trurl(7, "output components with a format"),
    Spec::new(F::Append, "append")
        .short('a')
        .value("COMP=DATA", "[component]=[data]")
        .repeat()
        .edit(
            "Append to the path (`path=SEGMENT`, the segment encoded) or the query \
             (`query=KEY=VALUE`, both sides encoded)",
        )
        .trurl(1, "append a path segment or a query pair"),
    Spec::new(F::Iterate, "iterate")
        .value("COMP=ITEMS", "[component]=[list]")
        .repeat()
        .edit(
            "Output the URL once for each of space-separated values of COMP (`scheme=http \
             ftp`); several iterate over every combination",
        )
        .trurl(9, "one output for each space-separated item"),
    Spec::new(F::SortQuery, "sort-query")
        .edit("Sort the query's pairs case-insensitively")
        .trurl(21, "sort the query pairs, ignoring case"),
    Spec::new(F::Trim, "trim")
        .value("query=PATTERN", "[component]=[what]")
        .repeat()
        .edit("Remove the query pairs whose key matches (`query=KEY`, `query=PREFIX*`)")
        .hidden(),
    Spec::new(F::Qtrim, "qtrim")
        .value("PATTERN", "[what]")
        .repeat()
        .edit("`--trim query=PATTERN` for short")
        .trurl(14, "remove query pairs by key (KEY or PREFIX*)"),
    Spec::new(F::Replace, "replace")
        .next_value("KEY=VALUE", "[data]")
        .repeat()
        .edit("Give the pairs with KEY the value VALUE (`KEY=VALUE`); absent keys are ignored")
        .trurl(18, "give the query key a new value"),
    Spec::new(F::ReplaceAppend, "replace-append")
        .alias("force-replace")
        .next_value("KEY=VALUE", "[data]")
        .repeat()
        .edit("Like --replace, appending the pair when KEY is absent")
        .trurl(19, "the same, appending the pair when missing"),
    Spec::new(F::Urlencode, "urlencode")
        .edit("`{comp}` in --get and the JSON parts are printed encoded")
        .trurl(23, "output components encoded"),
    Spec::new(F::Raw, "raw")
        .edit(
            "--get writes a component that decodes to control characters as it is; without it \
             such a component is refused with the reason",
        )
        .trurl(27, "write control characters a URL decodes to (uriscope)"),
    Spec::new(F::Redirect, "redirect")
        .value("REF", "[URL]")
        .edit("Resolve this reference against each URL (RFC 3986 §5.2) first")
        .trurl(17, "resolve this reference against each URL"),
    Spec::new(F::Json, "json")
        .edit("A JSON array: one object per URL with `url`, `parts` and `params`")
        .trurl(10, "output URLs as a JSON array"),
    Spec::new(F::Verify, "verify")
        .edit("Stop at the first URL that does not parse, with exit status 9")
        .trurl(25, "stop with an error at the first bad URL"),
    Spec::new(F::AcceptSpace, "accept-space")
        .edit("Read a space in an input URL as `%20`")
        .trurl(2, "read spaces in a URL as %20 (or + in the query)"),
    Spec::new(F::KeepPort, "keep-port")
        .edit("With --curl-normalize: keep a port that is the scheme's default")
        .trurl(11, "keep a port that is the scheme's default"),
    Spec::new(F::DefaultPort, "default-port")
        .edit("Add the scheme's default port when the URL has none")
        .trurl(5, "add the scheme's default port"),
    Spec::new(F::Punycode, "punycode")
        .edit("Write an internationalized host in its punycode (IDNA) form")
        .trurl(13, "write an international host in punycode"),
    Spec::new(F::AsIdn, "as-idn")
        .edit("Write a punycode host as Unicode (the IRI form, RFC 3987)")
        .trurl(3, "write a punycode host in Unicode"),
    Spec::new(F::QuerySeparator, "query-separator")
        .value("C", "[letter]")
        .edit("The character between query pairs (default `&`)")
        .trurl(15, "query pairs separated by this, not &"),
    Spec::new(F::Quiet, "quiet")
        .edit("No notes or warnings on stderr")
        .trurl(16, "fewer notes on stderr"),
    Spec::new(F::NoGuessScheme, "no-guess-scheme")
        .edit(
            "Do not guess a scheme for a URL without one (uriscope's default: it guesses only \
             with --guess-scheme). trurl guesses by default (`example.com` is \
             `http://example.com/`); its own `--no-guess-scheme` turns that off, and \
             `--explain` passes this flag on to the trurl command line it compares with",
        )
        .trurl(12, "a URL without a scheme is an error"),
    Spec::new(F::GuessScheme, "guess-scheme")
        .edit("Guess a scheme for `example.com/x` as libcurl does (`ftp.` gives ftp, others http)"),
    Spec::new(F::CurlNormalize, "curl-normalize").edit(
        "Normalize like trurl (RFC 3986 §6.2.2 and §6.2.3: case, escapes, dot segments, the \
         default port unless --keep-port, an empty path as `/`)",
    ),
    Spec::new(F::Explain, "explain")
        .edit(
            "On stderr, for each URL: the normalization applied and why (RFC 3986), what trurl \
             would change and why (libcurl), and where the two readings part",
        )
        .trurl(26, "each change and why on stderr (uriscope)"),
    Spec::new(F::Trurl, "trurl").edit(
        "Behave as trurl 0.16.1 (libcurl's reading of URLs, trurl's output, notes and exit \
         statuses); first, with trurl's arguments after it: `uriscope edit --trurl ARGS`. The \
         binary called `trurl` does the same",
    ),
    Spec::new(F::Curl, "curl").trurl(4, "only accept schemes libcurl has a protocol for"),
    Spec::new(F::Help, "help").short('h').trurl(8, "this help"),
    Spec::new(F::Version, "version")
        .short('v')
        .trurl(24, "show the version"),
];

/// The declaration of `flag`.
pub fn spec(flag: Flag) -> &'static Spec {
    FLAGS
        .iter()
        .find(|s| s.flag == flag)
        .expect("every flag is in the table")
}

/// The clap argument of `s` for `uriscope edit`, `None` for a flag of
/// trurl mode alone.
pub fn edit_arg(s: &Spec) -> Option<Arg> {
    let help = s.edit?;
    let mut a = Arg::new(s.id()).long(s.long).help(help);
    if let Some(c) = s.short {
        a = a.short(c);
    }
    if let Some(alias) = s.alias {
        a = a.alias(alias);
    }
    Some(match s.takes {
        // As clap's derive declares a `bool` field.
        Takes::Nothing => a
            .value_name(s.id().to_uppercase())
            .value_parser(value_parser!(bool))
            .action(ArgAction::SetTrue),
        Takes::Value { edit, .. } | Takes::NextValue { edit, .. } => a
            .value_name(edit)
            .value_parser(value_parser!(String))
            .action(if s.repeat {
                ArgAction::Append
            } else {
                ArgAction::Set
            }),
    })
}

/// trurl mode's `--help` lines for its flags, in trurl's order.
pub fn trurl_help_lines() -> String {
    let mut shown: Vec<(u8, &Spec, &str)> = FLAGS
        .iter()
        .filter_map(|s| match s.trurl {
            InTrurl::Help(rank, help) => Some((rank, s, help)),
            _ => None,
        })
        .collect();
    shown.sort_by_key(|&(rank, ..)| rank);
    let mut out = String::new();
    for (_, s, help) in shown {
        let short = s
            .short
            .map_or_else(|| "    ".to_string(), |c| format!("-{c}, "));
        let mut name = format!("--{}", s.long);
        if let Takes::Value { trurl, .. } | Takes::NextValue { trurl, .. } = s.takes {
            name.push(' ');
            name.push_str(trurl);
        }
        out.push_str(&format!("  {short}{name:<29}- {help}\n"));
    }
    out
}
