//! Both command lines, `uriscope edit ARGS` and trurl mode's `ARGS`,
//! read into one plan: the same flags and URLs in the same order give
//! equal plans, whichever of trurl's ways a value is given in.

use clap::Parser;
use proptest::prelude::*;

use super::options::{parse, Parsed};
use crate::cli::edit_flags::{Flag, Takes, FLAGS};
use crate::cli::edit_plan::{Given, Plan};
use crate::cli::{Cli, Command};

/// The plan `uriscope edit ARGS` reads, its values as bytes.
fn edit_plan(args: &[String]) -> Plan<Vec<u8>> {
    let argv = ["uriscope", "edit"].into_iter().map(String::from);
    let cli = Cli::try_parse_from(argv.chain(args.iter().cloned()))
        .unwrap_or_else(|e| panic!("edit {args:?}: {e}"));
    let Some(Command::Edit(plan)) = cli.command else {
        panic!("{args:?} is not edit")
    };
    plan.map(|v| v.as_bytes().to_vec())
}

/// The plan trurl mode reads from `args`.
fn trurl_plan(args: &[String]) -> Plan<Vec<u8>> {
    let bytes: Vec<Vec<u8>> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
    match parse(&bytes) {
        Ok(Parsed::Run(ready)) => ready.plan,
        Ok(_) => panic!("trurl {args:?}: help or version"),
        Err(e) => panic!("trurl {args:?}: {e:?}"),
    }
}

/// `--long VALUE` for `edit`; for trurl, the way `how` picks of those
/// the flag allows: next, after `=`, glued to its letter.
fn words(given: &Given<String>, how: u8, trurl: bool) -> Vec<String> {
    let s = |flag: Flag| FLAGS.iter().find(|s| s.flag == flag).expect("in the table");
    match given {
        Given::Url(u) => vec![u.clone()],
        Given::Switch(flag) => vec![format!("--{}", s(*flag).long)],
        Given::Value(flag, v) => {
            let spec = s(*flag);
            let long = format!("--{}", spec.long);
            match (trurl, spec.takes, how % 3, spec.short) {
                (true, Takes::Value { .. }, 1, _) => vec![format!("{long}={v}")],
                (true, Takes::Value { .. }, 2, Some(c)) if !v.is_empty() => {
                    vec![format!("-{c}{v}")]
                }
                _ => vec![long, v.clone()],
            }
        }
    }
}

/// The flags both modes read.
fn shared() -> Vec<(Flag, bool)> {
    FLAGS
        .iter()
        .filter(|s| s.edit.is_some() && s.in_trurl())
        .map(|s| (s.flag, s.takes != Takes::Nothing))
        .collect()
}

/// A value trurl's checks let through for `flag`, made of `text`.
fn value(flag: Flag, text: &str) -> String {
    match flag {
        Flag::UrlFile => "-".into(),
        Flag::Append => format!("query={text}"),
        Flag::Trim => format!("query={text}"),
        Flag::QuerySeparator => ";".into(),
        _ => text.into(),
    }
}

/// A command line both modes accept: each switch and each flag that
/// takes one value at most once (clap refuses a second), no `--get`
/// with `--json`, no `--punycode` with `--as-idn`.
fn command_line() -> impl Strategy<Value = Vec<(Given<String>, u8)>> {
    let flags = shared();
    let item = (
        0..flags.len() + 1,
        "[a-z=:?&%. ]{0,6}",
        "[a-z]{1,5}",
        0u8..3,
    );
    prop::collection::vec(item, 0..12).prop_map(move |items| {
        let mut out: Vec<(Given<String>, u8)> = Vec::new();
        let mut plan: Plan<String> = Plan::default();
        for (k, text, url, how) in items {
            let given = match flags.get(k) {
                None => Given::Url(url),
                Some(&(flag, false)) => Given::Switch(flag),
                Some(&(flag, true)) => Given::Value(flag, value(flag, &text)),
            };
            let clash = match &given {
                Given::Value(Flag::UrlFile, _) => plan.url_file.is_some(),
                Given::Value(Flag::Redirect, _) => plan.redirect.is_some(),
                Given::Value(Flag::QuerySeparator, _) => plan.query_separator.is_some(),
                Given::Value(Flag::Get, _) => plan.get.is_some() || plan.on(Flag::Json),
                Given::Switch(Flag::Json) => plan.get.is_some() || plan.on(Flag::Json),
                Given::Switch(Flag::Punycode | Flag::AsIdn) => {
                    plan.on(Flag::AsIdn) || plan.on(Flag::Punycode)
                }
                Given::Switch(flag) => plan.on(*flag),
                _ => false,
            };
            if !clash {
                plan.add(given.clone());
                out.push((given, how));
            }
        }
        out
    })
}

proptest! {
    /// The same items, written as each mode reads them, give one plan,
    /// and the plan is the items added in order.
    #[test]
    fn edit_and_trurl_mode_read_one_command_line_into_equal_plans(items in command_line()) {
        let edit: Vec<String> = items.iter().flat_map(|(g, how)| words(g, *how, false)).collect();
        let trurl: Vec<String> = items.iter().flat_map(|(g, how)| words(g, *how, true)).collect();
        let want = Plan::of(items.iter().map(|(g, _)| g.clone())).map(|v| v.as_bytes().to_vec());
        prop_assert_eq!(&edit_plan(&edit), &want, "edit {:?}", edit);
        prop_assert_eq!(&trurl_plan(&trurl), &want, "trurl {:?}", trurl);
    }
}

/// A table of command lines whose order matters: URLs after `--url` and
/// alone, trims and replaces of both kinds, interleaved.
#[test]
fn both_modes_keep_the_argv_order_of_urls_trims_and_replaces() {
    let argv = |s: &str| -> Vec<String> { s.split(' ').map(String::from).collect() };
    for line in [
        "a --url b c",
        "--qtrim x --trim query=y --qtrim z",
        "--replace-append a=1 --replace b=2 --replace-append c=3",
        "-s host=h --url u -a query=k=v -s port=1",
    ] {
        let a = argv(line);
        assert_eq!(edit_plan(&a), trurl_plan(&a), "{line}");
    }
    let p = trurl_plan(&argv("a --url b c"));
    let urls: Vec<(bool, &[u8])> = p.urls.iter().map(|i| (i.by_flag, &i.url[..])).collect();
    assert_eq!(urls, [(false, &b"a"[..]), (true, b"b"), (false, b"c")]);
}
