//! trurl's flag table ([`uriscope::cli::edit_flags`]) as the one
//! declaration of trurl's flags: `edit`'s clap arguments are its `edit`
//! flags, each fills its own field, trurl's help is written from it, and
//! the files that read the flags name none of them again.

use clap::{CommandFactory, Parser};
use uriscope::cli::edit_flags::{trurl_help_lines, Flag, InTrurl, Spec, Takes, FLAGS};

fn edit_command() -> clap::Command {
    uriscope::cli::Cli::command()
        .find_subcommand("edit")
        .expect("edit is a subcommand")
        .clone()
}

/// A value each value-taking flag accepts in both modes.
fn sample(flag: Flag) -> &'static str {
    match flag {
        Flag::UrlFile => "-",
        Flag::Append => "path=a",
        Flag::Trim => "query=a",
        Flag::QuerySeparator => ";",
        Flag::Iterate => "port=1 2",
        _ => "a=b",
    }
}

/// `edit`'s clap arguments are the table's `edit` flags, name for
/// name, letter for letter, alias for alias; nothing else but the
/// positional URLs and clap's own --help.
#[test]
fn edit_has_a_clap_argument_for_each_edit_flag_of_the_table_and_no_other() {
    let cmd = edit_command();
    let mut got: Vec<(String, Option<char>, Vec<String>)> = cmd
        .get_arguments()
        .filter(|a| !a.is_positional() && a.get_id() != "help")
        .map(|a| {
            let aliases = a.get_all_aliases().unwrap_or_default();
            let aliases = aliases.into_iter().map(str::to_string).collect();
            (a.get_long().unwrap().to_string(), a.get_short(), aliases)
        })
        .collect();
    let mut want: Vec<_> = FLAGS
        .iter()
        .filter(|s| s.edit.is_some())
        .map(|s| {
            let aliases = s.alias.iter().map(|a| a.to_string()).collect();
            (s.long.to_string(), s.short, aliases)
        })
        .collect();
    got.sort();
    want.sort();
    assert_eq!(got, want);
}

/// Each `edit` flag of the table lands in the plan where its `Flag`
/// reads it back, and no other flag reads it.
#[test]
fn every_edit_flag_lands_in_its_own_place_of_the_plan() {
    use uriscope::cli::edit_plan::Gave;
    let edit_flags = || FLAGS.iter().filter(|s| s.edit.is_some());
    for s in edit_flags() {
        let mut argv = vec![
            "uriscope".to_string(),
            "edit".into(),
            format!("--{}", s.long),
        ];
        if s.takes != Takes::Nothing {
            argv.push(sample(s.flag).into());
        }
        let cli =
            uriscope::cli::Cli::try_parse_from(&argv).unwrap_or_else(|e| panic!("{argv:?}: {e}"));
        let Some(uriscope::cli::Command::Edit(args)) = cli.command else {
            panic!("{argv:?} is not edit");
        };
        for other in edit_flags() {
            let given = args.gave(other.flag);
            let filled = match &given {
                Gave::Switch(on) => *on,
                Gave::Values(v) => {
                    assert!(v.len() <= 1 && v.iter().all(|v| *v == sample(s.flag)));
                    !v.is_empty()
                }
            };
            assert_eq!(
                filled,
                other.flag == s.flag,
                "{argv:?}: --{} {given:?}",
                other.long
            );
        }
    }
}

/// The flags one mode reads and the other does not: `edit`'s RFC
/// 3986 switches and `--trurl`; trurl's `--curl`, `-h` and `-v`
/// (clap writes `edit`'s help).
#[test]
fn the_flags_of_one_mode_only_are_these() {
    let longs = |f: fn(&Spec) -> bool| -> Vec<&str> {
        FLAGS.iter().filter(|s| f(s)).map(|s| s.long).collect()
    };
    assert_eq!(
        longs(|s| s.edit.is_some() && !s.in_trurl()),
        ["guess-scheme", "curl-normalize", "trurl"]
    );
    assert_eq!(
        longs(|s| s.edit.is_none() && s.in_trurl()),
        ["curl", "help", "version"]
    );
    assert!(FLAGS.iter().all(|s| s.edit.is_some() || s.in_trurl()));
}

/// trurl's help has a line for each flag it shows, in the place the
/// table gives it, and none for a hidden one.
#[test]
fn trurl_help_has_one_line_per_shown_flag_in_trurl_s_order() {
    let help = trurl_help_lines();
    let lines: Vec<&str> = help.lines().collect();
    let mut shown: Vec<(u8, &Spec)> = FLAGS
        .iter()
        .filter_map(|s| match s.trurl {
            InTrurl::Help(rank, _) => Some((rank, s)),
            _ => None,
        })
        .collect();
    shown.sort_by_key(|&(rank, _)| rank);
    assert_eq!(lines.len(), shown.len(), "{help}");
    let mut ranks: Vec<u8> = shown.iter().map(|&(r, _)| r).collect();
    ranks.dedup();
    assert_eq!(ranks.len(), shown.len(), "two flags at one place");
    for (line, (_, s)) in lines.iter().zip(&shown) {
        let name = format!("--{} ", s.long);
        assert!(line.contains(&name), "{line:?} is not --{}", s.long);
        assert_eq!(line.find(" - "), Some(34), "{line:?} is not aligned");
    }
    for s in FLAGS.iter().filter(|s| s.trurl == InTrurl::Hidden) {
        assert!(
            !help.contains(&format!("--{} ", s.long)),
            "--{} is hidden",
            s.long
        );
    }
}

/// The table is the one declaration: the files that read trurl's
/// flags name none of them, neither as clap attributes nor as byte
/// strings to match.
#[test]
fn no_other_file_declares_a_trurl_flag() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    for file in [
        "edit.rs",
        "edit_args.rs",
        "edit_plan.rs",
        "trurl/options.rs",
        "trurl/mod.rs",
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(!text.contains("#[arg("), "{file} declares a clap argument");
        assert!(!text.contains(".long("), "{file} declares a clap argument");
        for s in FLAGS {
            let literal = format!("b\"--{}", s.long);
            assert!(!text.contains(&literal), "{file} matches {literal}\"");
        }
    }
}
