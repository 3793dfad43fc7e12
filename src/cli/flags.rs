//! The flags several subcommands share, each declared once here and
//! flattened into the subcommands' arguments (`#[command(flatten)]`), so
//! the parser, the help, the man page and the completions read one
//! declaration. A subcommand that says a flag in words of its own
//! (`--json`: one object per comparison, per URI…) changes only the help
//! text, with `#[command(mut_arg(...))]` on its arguments.

use clap::{Arg, Args};

use super::format::Format;

/// `--json`: the answers as JSON.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct Json {
    /// One JSON object per input line.
    #[arg(long = "json", id = "json")]
    pub on: bool,
}

/// `--json` and `--format`: how parse, resolve and normalize write each
/// answer.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct Output {
    /// `--json`, the same as `--format json`.
    #[command(flatten)]
    pub json: Json,
    /// Text (the default), json (as --json) or markdown (a report for an
    /// issue or pull request).
    #[arg(long, value_enum, conflicts_with = "json")]
    pub format: Option<Format>,
}

impl Output {
    /// The format asked for: `--format`, else `--json`, else text.
    pub fn pick(&self) -> Format {
        Format::pick(self.json.on, self.format)
    }
}

/// `--json` and `--format` of `stats`: its tables as text, JSON or a
/// page of charts.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct ChartOutput {
    /// `--json`, the same as `--format json`.
    #[command(flatten)]
    pub json: Json,
    /// `html`: one self-contained page with each table as an SVG bar
    /// chart (`text` and `json` as without it and with --json).
    #[arg(long, value_enum, conflicts_with = "json")]
    pub format: Option<StatsFormat>,
}

impl ChartOutput {
    /// The format asked for: `--format`, else `--json`, else text.
    pub fn pick(&self) -> StatsFormat {
        match (self.format, self.json.on) {
            (Some(f), _) => f,
            (None, true) => StatsFormat::Json,
            (None, false) => StatsFormat::Text,
        }
    }
}

/// How `stats` writes its tables (no Markdown: `parse`'s report format).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StatsFormat {
    /// Aligned text (the default).
    Text,
    /// One JSON object (as --json).
    Json,
    /// One self-contained HTML page, the tables as SVG bar charts.
    Html,
}

/// `--iri`: read the input as IRIs (RFC 3987).
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct Iri {
    /// Accept IRIs (RFC 3987): non-ASCII characters where an IRI allows them.
    #[arg(long = "iri", id = "iri")]
    pub on: bool,
}

/// `--aligned`: line N of plain output answers input N.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct Aligned {
    /// Plain text: an empty line for an input without an answer, so line
    /// N of the output answers input N.
    #[arg(long = "aligned", id = "aligned")]
    pub on: bool,
}

/// `--keep-encoded-dots`, the normalization option of normalize, equiv
/// and dedupe.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct EncodedDots {
    /// Keep `%2E` path segments that would decode to `.` or `..` encoded
    /// (so they are not removed), for servers that do not decode first.
    #[arg(long = "keep-encoded-dots", id = "keep_encoded_dots")]
    pub keep: bool,
    /// Accepted for compatibility and ignored: decoding the dot segments
    /// is the default.
    #[arg(long, hide = true, conflicts_with = "keep_encoded_dots")]
    pub decode_dot_segments: bool,
}

/// A subcommand's own help text for shared flags, by id (`json`, `iri`,
/// `aligned`, `keep_encoded_dots`, `format`): for
/// `#[command(mut_args(reword(&[...])))]`, which keeps each flag in its
/// place (`mut_arg` would move it to the end of the completions).
pub fn reword(texts: &'static [(&'static str, &'static str)]) -> impl FnMut(Arg) -> Arg {
    move |a| match texts.iter().find(|(id, _)| a.get_id() == *id) {
        Some((_, text)) => a.help(*text),
        None => a,
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use crate::cli::Cli;

    fn help(sub: &str, id: &str) -> Option<String> {
        let cmd = Cli::command();
        let sub = cmd.find_subcommand(sub)?;
        let arg = sub.get_arguments().find(|a| a.get_id() == id)?;
        Some(arg.get_help()?.to_string())
    }

    /// A subcommand keeps its own words for a shared flag; the others
    /// read the group's.
    #[test]
    fn shared_flags_keep_each_subcommands_words() {
        let per_line = "One JSON object per input line";
        for sub in [
            "parse",
            "resolve",
            "normalize",
            "decode",
            "encode",
            "iri2uri",
        ] {
            assert_eq!(help(sub, "json").as_deref(), Some(per_line), "{sub}");
        }
        let equiv = help("equiv", "json").unwrap();
        assert_eq!(equiv, "One JSON object per comparison");
        assert!(help("dedupe", "keep_encoded_dots")
            .unwrap()
            .contains("normalize"));
        // A flag keeps its place among the subcommand's own.
        let cmd = Cli::command();
        let ids: Vec<_> = cmd
            .find_subcommand("equiv")
            .unwrap()
            .get_arguments()
            .map(|a| a.get_id().to_string())
            .collect();
        let at = |id: &str| ids.iter().position(|i| i == id).unwrap();
        assert!(
            at("json") < at("keep_encoded_dots") && at("iri") < at("quiet"),
            "{ids:?}"
        );
    }

    /// No subcommand declares a shared flag again: each `--json`,
    /// `--iri`, `--aligned`, `--keep-encoded-dots` and `--format` of the
    /// subcommands is this file's (trurl's flags, `edit`'s `--json`
    /// among them, are trurl's table's).
    #[test]
    fn the_shared_flags_are_declared_only_here() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
        let mut found = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if !name.ends_with(".rs") || name == "flags.rs" || name == "edit.rs" {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            for w in lines.windows(2) {
                let field = w[1].trim_start();
                let shared = ["json", "iri", "aligned", "keep_encoded_dots", "format"]
                    .iter()
                    .any(|f| field.starts_with(&format!("pub {f}: ")));
                if w[0].trim_start().starts_with("#[arg(") && shared {
                    found.push(format!("{name}: {field}"));
                }
            }
        }
        assert!(found.is_empty(), "declared again: {found:?}");
    }
}
