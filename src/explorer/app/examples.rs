//! The sample sets of `assets/` (compiled in with `include_str!`): the
//! RFC 3986 §5.4 tables, RFC 2396 Appendix C, and tricky inputs. The
//! examples picker lists them; choosing one loads its reference and base.
//!
//! File format: one example per line, `reference<TAB>note`; `# ` (hash,
//! space) starts a comment line (a lone `#s` is a reference), `@set NAME` names the set, `@base URI` sets the base for
//! the lines after it, and `""` stands for the empty reference.

use std::sync::OnceLock;

/// One sample reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The set it belongs to (`RFC 3986 §5.4.1 normal`, `tricky`, …).
    pub set: &'static str,
    /// The URI-reference.
    pub input: &'static str,
    /// The base it is meant to be resolved against.
    pub base: &'static str,
    /// The expected result or what makes it interesting.
    pub note: &'static str,
}

/// The asset files, in picker order.
pub const SETS: &[&str] = &[
    include_str!("../../../assets/tricky.txt"),
    include_str!("../../../assets/rfc3986-normal.txt"),
    include_str!("../../../assets/rfc3986-abnormal.txt"),
    include_str!("../../../assets/rfc2396-appendix-c.txt"),
];

/// Parse one sample file.
///
/// ```
/// use uriscope::explorer::app::examples::parse_set;
/// let e = parse_set("@set s\n@base http://a/\n\"\"\t= base\ng\n");
/// assert_eq!((e[0].set, e[0].input, e[0].base, e[0].note), ("s", "", "http://a/", "= base"));
/// assert_eq!((e[1].input, e[1].note), ("g", ""));
/// ```
pub fn parse_set(text: &'static str) -> Vec<Example> {
    let mut set = "";
    let mut base = super::DEFAULT_BASE;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("# ") || line.trim().is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix("@set ") {
            set = name.trim();
        } else if let Some(b) = line.strip_prefix("@base ") {
            base = b.trim();
        } else {
            let (input, note) = line.split_once('\t').unwrap_or((line, ""));
            let input = if input == "\"\"" { "" } else { input };
            out.push(Example {
                set,
                input,
                base,
                note: note.trim(),
            });
        }
    }
    out
}

/// Every example of every set, parsed once.
pub fn all() -> &'static [Example] {
    static ALL: OnceLock<Vec<Example>> = OnceLock::new();
    ALL.get_or_init(|| SETS.iter().flat_map(|s| parse_set(s)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sets_are_complete() {
        let count = |set: &str| all().iter().filter(|e| e.set == set).count();
        assert_eq!(count("RFC 3986 §5.4.1 normal"), 23);
        assert_eq!(count("RFC 3986 §5.4.2 abnormal"), 19);
        assert_eq!(count("RFC 2396 Appendix C"), 42);
        let hazard = all().iter().find(|e| e.input == "/.//foo").unwrap();
        assert_eq!(hazard.base, "scheme:/a");
        assert!(all().iter().any(|e| e.input.contains("%25eth0")));
        assert!(all()
            .iter()
            .any(|e| e.input.contains("trusted.example@evil")));
        assert!(all().iter().any(|e| e.input.contains("%2e%2e")));
        assert!(all().iter().any(|e| e.input.contains('例')));
    }
}
