//! `uriscope edit`'s arguments, read by clap from trurl's flag table
//! ([`super::edit_flags::FLAGS`]): the clap arguments are made from the
//! table, and each flag's value lands in the field the table's [`Flag`]
//! names.

use clap::{value_parser, Arg, ArgAction, ArgGroup, ArgMatches, Args, Command, FromArgMatches};

use super::edit_flags::{edit_arg, Flag, FLAGS};

/// Arguments of `uriscope edit` (trurl's flags).
#[derive(Debug, Default)]
pub struct EditArgs {
    /// The URLs (as if each followed --url).
    pub urls: Vec<String>,
    /// `--url`: a URL to work on (repeatable).
    pub url: Vec<String>,
    /// `-f`, `--url-file`: read URLs from FILE, one per line.
    pub url_file: Option<String>,
    /// `-s`, `--set`: `COMP=VALUE`, `COMP:=VALUE`, `COMP?=VALUE`.
    pub set: Vec<String>,
    /// `-g`, `--get`: the format printed for each URL.
    pub get: Option<String>,
    /// `-a`, `--append`: `path=SEGMENT` or `query=KEY=VALUE`.
    pub append: Vec<String>,
    /// `--iterate`: `COMP=ITEMS`.
    pub iterate: Vec<String>,
    /// `--sort-query`.
    pub sort_query: bool,
    /// `--trim`: `query=PATTERN`.
    pub trim: Vec<String>,
    /// `--qtrim`: `PATTERN`.
    pub qtrim: Vec<String>,
    /// `--replace`: `KEY=VALUE`.
    pub replace: Vec<String>,
    /// `--replace-append`: `KEY=VALUE`.
    pub replace_append: Vec<String>,
    /// `--urlencode`.
    pub urlencode: bool,
    /// `--raw`.
    pub raw: bool,
    /// `--redirect`: a reference resolved against each URL.
    pub redirect: Option<String>,
    /// `--json`.
    pub json: bool,
    /// `--verify`.
    pub verify: bool,
    /// `--accept-space`.
    pub accept_space: bool,
    /// `--keep-port`.
    pub keep_port: bool,
    /// `--default-port`.
    pub default_port: bool,
    /// `--punycode`.
    pub punycode: bool,
    /// `--as-idn`.
    pub as_idn: bool,
    /// `--query-separator`.
    pub query_separator: Option<String>,
    /// `--quiet`.
    pub quiet: bool,
    /// `--no-guess-scheme`.
    pub no_guess_scheme: bool,
    /// `--guess-scheme`.
    pub guess_scheme: bool,
    /// `--curl-normalize`.
    pub curl_normalize: bool,
    /// `--explain`.
    pub explain: bool,
    /// `--trurl` (only first on the command line, where it is read
    /// before clap).
    pub trurl: bool,
}

/// The field of [`EditArgs`] each `edit` flag of the table fills, said
/// once: [`EditArgs::given`] reads it, clap's matches fill it.
macro_rules! fields {
    ($($flag:ident => $field:ident,)*) => {
        impl EditArgs {
            /// What the command line gave for `flag`.
            pub fn given(&self, flag: Flag) -> Given<'_> {
                match flag {
                    $(Flag::$flag => self.$field.given(),)*
                    Flag::Curl | Flag::Help | Flag::Version => Given::None,
                }
            }

            /// Where `flag`'s values land.
            fn slot(&mut self, flag: Flag) -> Slot<'_> {
                match flag {
                    $(Flag::$flag => self.$field.slot(),)*
                    Flag::Curl | Flag::Help | Flag::Version => Slot::None,
                }
            }
        }
    };
}

fields! {
    Url => url,
    UrlFile => url_file,
    Set => set,
    Get => get,
    Append => append,
    Iterate => iterate,
    SortQuery => sort_query,
    Trim => trim,
    Qtrim => qtrim,
    Replace => replace,
    ReplaceAppend => replace_append,
    Urlencode => urlencode,
    Raw => raw,
    Redirect => redirect,
    Json => json,
    Verify => verify,
    AcceptSpace => accept_space,
    KeepPort => keep_port,
    DefaultPort => default_port,
    Punycode => punycode,
    AsIdn => as_idn,
    QuerySeparator => query_separator,
    Quiet => quiet,
    NoGuessScheme => no_guess_scheme,
    GuessScheme => guess_scheme,
    CurlNormalize => curl_normalize,
    Explain => explain,
    Trurl => trurl,
}

/// A field of [`EditArgs`] as a flag reads and fills it.
trait Field {
    fn given(&self) -> Given<'_>;
    fn slot(&mut self) -> Slot<'_>;
}

impl Field for bool {
    fn given(&self) -> Given<'_> {
        Given::Switch(*self)
    }
    fn slot(&mut self) -> Slot<'_> {
        Slot::Switch(self)
    }
}

impl Field for Option<String> {
    fn given(&self) -> Given<'_> {
        Given::Values(self.as_slice())
    }
    fn slot(&mut self) -> Slot<'_> {
        Slot::One(self)
    }
}

impl Field for Vec<String> {
    fn given(&self) -> Given<'_> {
        Given::Values(self)
    }
    fn slot(&mut self) -> Slot<'_> {
        Slot::Many(self)
    }
}

/// What the command line gave for one flag.
#[derive(Clone, Copy, Debug)]
pub enum Given<'a> {
    /// A switch, on or off.
    Switch(bool),
    /// A flag's values, in order.
    Values(&'a [String]),
    /// Not an `edit` flag.
    None,
}

/// A field of [`EditArgs`] a flag fills.
enum Slot<'a> {
    Switch(&'a mut bool),
    One(&'a mut Option<String>),
    Many(&'a mut Vec<String>),
    /// Not an `edit` flag.
    None,
}

/// The positional URLs.
fn urls_arg() -> Arg {
    Arg::new("urls")
        .value_name("URLS")
        .num_args(1..)
        .value_parser(value_parser!(String))
        .action(ArgAction::Append)
        .help("The URLs (as if each followed --url)")
}

impl Args for EditArgs {
    fn augment_args(cmd: Command) -> Command {
        let args: Vec<Arg> = std::iter::once(urls_arg())
            .chain(FLAGS.iter().filter_map(edit_arg))
            .collect();
        let ids: Vec<clap::Id> = args.iter().map(|a| a.get_id().clone()).collect();
        cmd.group(ArgGroup::new("EditArgs").multiple(true).args(ids))
            .args(args)
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for EditArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = EditArgs::default();
        args.update_from_arg_matches(m)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        let strings = |id: &str| -> Vec<String> {
            m.get_many::<String>(id)
                .map(|v| v.cloned().collect())
                .unwrap_or_default()
        };
        self.urls = strings("urls");
        for s in FLAGS.iter().filter(|s| s.edit.is_some()) {
            let id = s.id();
            match self.slot(s.flag) {
                Slot::Switch(on) => *on = m.get_flag(&id),
                Slot::One(v) => *v = m.get_one::<String>(&id).cloned(),
                Slot::Many(v) => *v = strings(&id),
                Slot::None => {}
            }
        }
        Ok(())
    }
}
