//! `--format text|json|markdown|html`, shared by parse, resolve and normalize
//! (`--json` stays, as `--format json`).

/// How a subcommand writes each answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Aligned text for a terminal (the default).
    #[default]
    Text,
    /// One JSON object per input line.
    Json,
    /// A Markdown report per input, for an issue or a pull request
    /// (passwords masked).
    Markdown,
    /// One self-contained HTML page for all the inputs, to open in a
    /// browser (passwords masked; no script, no request; light and dark).
    Html,
}

impl Format {
    /// The format asked for: `--format`, else `--json`, else text.
    pub fn pick(json: bool, format: Option<Format>) -> Format {
        match (format, json) {
            (Some(f), _) => f,
            (None, true) => Format::Json,
            (None, false) => Format::Text,
        }
    }
}
