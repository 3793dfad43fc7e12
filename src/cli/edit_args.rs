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

impl EditArgs {
    /// What the command line gave for `flag`.
    pub fn given(&self, flag: Flag) -> Given<'_> {
        match flag {
            Flag::Url => Given::Values(&self.url),
            Flag::UrlFile => Given::Values(self.url_file.as_slice()),
            Flag::Set => Given::Values(&self.set),
            Flag::Get => Given::Values(self.get.as_slice()),
            Flag::Append => Given::Values(&self.append),
            Flag::Iterate => Given::Values(&self.iterate),
            Flag::SortQuery => Given::Switch(self.sort_query),
            Flag::Trim => Given::Values(&self.trim),
            Flag::Qtrim => Given::Values(&self.qtrim),
            Flag::Replace => Given::Values(&self.replace),
            Flag::ReplaceAppend => Given::Values(&self.replace_append),
            Flag::Urlencode => Given::Switch(self.urlencode),
            Flag::Raw => Given::Switch(self.raw),
            Flag::Redirect => Given::Values(self.redirect.as_slice()),
            Flag::Json => Given::Switch(self.json),
            Flag::Verify => Given::Switch(self.verify),
            Flag::AcceptSpace => Given::Switch(self.accept_space),
            Flag::KeepPort => Given::Switch(self.keep_port),
            Flag::DefaultPort => Given::Switch(self.default_port),
            Flag::Punycode => Given::Switch(self.punycode),
            Flag::AsIdn => Given::Switch(self.as_idn),
            Flag::QuerySeparator => Given::Values(self.query_separator.as_slice()),
            Flag::Quiet => Given::Switch(self.quiet),
            Flag::NoGuessScheme => Given::Switch(self.no_guess_scheme),
            Flag::GuessScheme => Given::Switch(self.guess_scheme),
            Flag::CurlNormalize => Given::Switch(self.curl_normalize),
            Flag::Explain => Given::Switch(self.explain),
            Flag::Trurl => Given::Switch(self.trurl),
            Flag::Curl | Flag::Help | Flag::Version => Given::None,
        }
    }

    /// Where `flag`'s values land: a switch's field, a value's field.
    fn slot(&mut self, flag: Flag) -> Slot<'_> {
        match flag {
            Flag::Url => Slot::Many(&mut self.url),
            Flag::UrlFile => Slot::One(&mut self.url_file),
            Flag::Set => Slot::Many(&mut self.set),
            Flag::Get => Slot::One(&mut self.get),
            Flag::Append => Slot::Many(&mut self.append),
            Flag::Iterate => Slot::Many(&mut self.iterate),
            Flag::SortQuery => Slot::Switch(&mut self.sort_query),
            Flag::Trim => Slot::Many(&mut self.trim),
            Flag::Qtrim => Slot::Many(&mut self.qtrim),
            Flag::Replace => Slot::Many(&mut self.replace),
            Flag::ReplaceAppend => Slot::Many(&mut self.replace_append),
            Flag::Urlencode => Slot::Switch(&mut self.urlencode),
            Flag::Raw => Slot::Switch(&mut self.raw),
            Flag::Redirect => Slot::One(&mut self.redirect),
            Flag::Json => Slot::Switch(&mut self.json),
            Flag::Verify => Slot::Switch(&mut self.verify),
            Flag::AcceptSpace => Slot::Switch(&mut self.accept_space),
            Flag::KeepPort => Slot::Switch(&mut self.keep_port),
            Flag::DefaultPort => Slot::Switch(&mut self.default_port),
            Flag::Punycode => Slot::Switch(&mut self.punycode),
            Flag::AsIdn => Slot::Switch(&mut self.as_idn),
            Flag::QuerySeparator => Slot::One(&mut self.query_separator),
            Flag::Quiet => Slot::Switch(&mut self.quiet),
            Flag::NoGuessScheme => Slot::Switch(&mut self.no_guess_scheme),
            Flag::GuessScheme => Slot::Switch(&mut self.guess_scheme),
            Flag::CurlNormalize => Slot::Switch(&mut self.curl_normalize),
            Flag::Explain => Slot::Switch(&mut self.explain),
            Flag::Trurl => Slot::Switch(&mut self.trurl),
            Flag::Curl | Flag::Help | Flag::Version => Slot::None,
        }
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
