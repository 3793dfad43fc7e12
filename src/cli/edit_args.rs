//! `uriscope edit`'s arguments, read by clap from trurl's flag table
//! ([`super::edit_flags::FLAGS`]): the clap arguments are made from the
//! table, and what clap matched is put, in argv order, into the one
//! [`Plan`] both `edit` and trurl mode read.

use clap::{value_parser, Arg, ArgAction, ArgGroup, ArgMatches, Args, Command, FromArgMatches};

use super::edit_flags::{edit_arg, Takes, FLAGS};
use super::edit_plan::{Given, Plan};

/// Arguments of `uriscope edit` (trurl's flags): the edit's plan, its
/// values as UTF-8 strings.
pub type EditArgs = Plan<String>;

/// The clap id of the positional URLs.
const URLS: &str = "urls";

/// The positional URLs.
fn urls_arg() -> Arg {
    Arg::new(URLS)
        .value_name("URLS")
        .num_args(1..)
        .value_parser(value_parser!(String))
        .action(ArgAction::Append)
        .help("The URLs (as if each followed --url)")
}

impl Args for Plan<String> {
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

/// What `m` matched, in argv order: each value at its index (a switch
/// where it stands does not matter, it is put first).
pub fn given(m: &ArgMatches) -> Vec<Given<String>> {
    let mut at: Vec<(usize, Given<String>)> = Vec::new();
    let values = |at: &mut Vec<_>, id: &str, make: &dyn Fn(String) -> Given<String>| {
        let (Some(v), Some(i)) = (m.get_many::<String>(id), m.indices_of(id)) else {
            return;
        };
        at.extend(i.zip(v).map(|(i, v)| (i, make(v.clone()))));
    };
    values(&mut at, URLS, &Given::Url);
    for s in FLAGS.iter().filter(|s| s.edit.is_some()) {
        let id = s.id();
        if s.takes == Takes::Nothing {
            if m.get_flag(&id) {
                at.push((0, Given::Switch(s.flag)));
            }
        } else {
            values(&mut at, &id, &|v| Given::Value(s.flag, v));
        }
    }
    at.sort_by_key(|&(i, _)| i);
    at.into_iter().map(|(_, g)| g).collect()
}

impl FromArgMatches for Plan<String> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Plan::of(given(m)))
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Plan::of(given(m));
        Ok(())
    }
}
