//! The edit a command line asks for, as both `uriscope edit` and trurl
//! mode read it: each mode's reader yields what the command line gave,
//! in argv order, as [`Given`] items of trurl's flag table
//! ([`super::edit_flags::FLAGS`]), and [`Plan::add`] puts each in its
//! place. `edit` reads its values as UTF-8 strings (clap's), trurl mode
//! as bytes (the shell's), hence the value type `V`. Checking what the
//! plan asks stays with each mode (its wording, its exit statuses, its
//! order): `edit` checks the finished plan, trurl mode checks each item
//! before it is added, as trurl does.

use super::edit_flags::Flag;

/// One thing a command line gave, in argv order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given<V> {
    /// A URL given as an argument, not after a flag.
    Url(V),
    /// A flag that takes nothing.
    Switch(Flag),
    /// A flag with its value.
    Value(Flag, V),
}

/// A URL to work on and how it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input<V> {
    /// After `--url` (else an argument alone).
    pub by_flag: bool,
    /// The URL.
    pub url: V,
}

/// The edit to do, read from a command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan<V> {
    /// The URLs given as arguments or with `--url`, in argv order.
    pub urls: Vec<Input<V>>,
    /// `-f`, `--url-file`.
    pub url_file: Option<V>,
    /// `--set` lines, as given.
    pub sets: Vec<V>,
    /// `--append` lines, as given.
    pub appends: Vec<V>,
    /// `--iterate` lines, as given.
    pub iterate: Vec<V>,
    /// `--trim` (`query=PATTERN`) and `--qtrim` (`PATTERN`) values, each
    /// with its flag.
    pub trims: Vec<(Flag, V)>,
    /// `--replace` and `--replace-append` values, each with its flag.
    pub replaces: Vec<(Flag, V)>,
    /// `--redirect`.
    pub redirect: Option<V>,
    /// `--query-separator`, as given.
    pub query_separator: Option<V>,
    /// `-g`, `--get`: the template, as given.
    pub get: Option<V>,
    /// The switches given, one bit per [`Flag`].
    switches: u64,
}

impl<V> Default for Plan<V> {
    fn default() -> Self {
        Plan {
            urls: Vec::new(),
            url_file: None,
            sets: Vec::new(),
            appends: Vec::new(),
            iterate: Vec::new(),
            trims: Vec::new(),
            replaces: Vec::new(),
            redirect: None,
            query_separator: None,
            get: None,
            switches: 0,
        }
    }
}

fn bit(flag: Flag) -> u64 {
    1 << (flag as u32)
}

/// What a command line gave for one flag, read back from a [`Plan`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gave<'a, V> {
    /// A switch, on or off.
    Switch(bool),
    /// A flag's values, in argv order.
    Values(Vec<&'a V>),
}

impl<V> Plan<V> {
    /// Put `given` in its place. A flag that takes one value keeps the
    /// last given (clap refuses a second one in `edit`; trurl mode
    /// refuses it before adding it).
    pub fn add(&mut self, given: Given<V>) {
        let (flag, v) = match given {
            Given::Url(url) => {
                self.urls.push(Input {
                    by_flag: false,
                    url,
                });
                return;
            }
            Given::Switch(flag) => {
                self.switches |= bit(flag);
                return;
            }
            Given::Value(flag, v) => (flag, v),
        };
        match flag {
            Flag::Url => self.urls.push(Input {
                by_flag: true,
                url: v,
            }),
            Flag::UrlFile => self.url_file = Some(v),
            Flag::Set => self.sets.push(v),
            Flag::Append => self.appends.push(v),
            Flag::Iterate => self.iterate.push(v),
            Flag::Trim | Flag::Qtrim => self.trims.push((flag, v)),
            Flag::Replace | Flag::ReplaceAppend => self.replaces.push((flag, v)),
            Flag::Redirect => self.redirect = Some(v),
            Flag::QuerySeparator => self.query_separator = Some(v),
            Flag::Get => self.get = Some(v),
            // A switch given a value (not one of the table's ways).
            _ => self.switches |= bit(flag),
        }
    }

    /// The plan of `items`, added in order.
    pub fn of(items: impl IntoIterator<Item = Given<V>>) -> Plan<V> {
        let mut plan = Plan::default();
        for g in items {
            plan.add(g);
        }
        plan
    }

    /// Whether the switch `flag` was given.
    pub fn on(&self, flag: Flag) -> bool {
        self.switches & bit(flag) != 0
    }

    /// The values given for `flag` (one of the table's), or whether it
    /// was given if it is a switch.
    pub fn gave(&self, flag: Flag) -> Gave<'_, V> {
        fn tagged<V>(list: &[(Flag, V)], flag: Flag) -> Vec<&V> {
            list.iter()
                .filter(|(f, _)| *f == flag)
                .map(|(_, v)| v)
                .collect()
        }
        let values = match flag {
            Flag::Url => self
                .urls
                .iter()
                .filter(|i| i.by_flag)
                .map(|i| &i.url)
                .collect(),
            Flag::UrlFile => self.url_file.iter().collect(),
            Flag::Set => self.sets.iter().collect(),
            Flag::Append => self.appends.iter().collect(),
            Flag::Iterate => self.iterate.iter().collect(),
            Flag::Trim | Flag::Qtrim => tagged(&self.trims, flag),
            Flag::Replace | Flag::ReplaceAppend => tagged(&self.replaces, flag),
            Flag::Redirect => self.redirect.iter().collect(),
            Flag::QuerySeparator => self.query_separator.iter().collect(),
            Flag::Get => self.get.iter().collect(),
            _ => return Gave::Switch(self.on(flag)),
        };
        Gave::Values(values)
    }

    /// The same plan with each value mapped by `f`.
    pub fn map<W>(&self, f: impl Fn(&V) -> W) -> Plan<W> {
        let tagged = |l: &[(Flag, V)]| l.iter().map(|(g, v)| (*g, f(v))).collect();
        Plan {
            urls: self
                .urls
                .iter()
                .map(|i| Input {
                    by_flag: i.by_flag,
                    url: f(&i.url),
                })
                .collect(),
            url_file: self.url_file.as_ref().map(&f),
            sets: self.sets.iter().map(&f).collect(),
            appends: self.appends.iter().map(&f).collect(),
            iterate: self.iterate.iter().map(&f).collect(),
            trims: tagged(&self.trims),
            replaces: tagged(&self.replaces),
            redirect: self.redirect.as_ref().map(&f),
            query_separator: self.query_separator.as_ref().map(&f),
            get: self.get.as_ref().map(&f),
            switches: self.switches,
        }
    }
}
