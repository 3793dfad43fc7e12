//! The documents name only paths the tree has. A path in backticks or in
//! a Markdown link — a token that ends in a source or document extension,
//! or that starts with one of the repository's top-level folders — must be
//! a file or folder of the repository, written whole (`src/cli/edit.rs`)
//! or as the tail of one (`app/mod.rs`, inside a section about the
//! explorer). A file that moves without its mentions fails here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The documents whose paths are checked.
const DOCUMENTS: &[&str] = &[
    "README.md",
    "CONTRIBUTING.md",
    "DIFFERENCES.md",
    "docs/ARCHITECTURE.md",
    "docs/BENCHMARKS.md",
    "docs/GUIDE.md",
    "docs/TESTING.md",
];

/// Names the documents give to files that are not the repository's: the
/// user's own files, other projects' files, folders made by tools and
/// left out of git.
const ELSEWHERE: &[&str] = &[
    "config.toml",  // the user's configuration file
    "history.lock", // beside the user's history
    "tests.json",   // trurl's test table
    "fuzz/corpus",  // made by cargo fuzz, ignored by git
    "fuzz/logs",    // the fuzz campaign's logs, ignored by git
    "fuzz/artifacts",
    "fuzz/seeds",
    "target",
];

/// Extensions that make a token a path.
const EXTENSIONS: &[&str] = &[
    "rs", "md", "toml", "txt", "json", "sh", "snap", "py", "pyi", "tsv", "lock",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file and folder under `dir`, relative to the root, with `/`.
fn tree(dir: &Path, root: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == ".git" || name == "target" || name.starts_with("target-") {
            continue;
        }
        let rel = path
            .strip_prefix(root)
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        if path.is_dir() {
            out.insert(format!("{rel}/"));
            tree(&path, root, out);
        } else {
            out.insert(rel);
        }
    }
}

/// The tokens of `doc` written in backticks or as a link's target.
fn tokens(doc: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in doc.split('`').enumerate() {
        if i % 2 == 1 && !part.contains('\n') {
            out.push(part.to_string());
        }
    }
    let mut rest = doc;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_string());
        }
    }
    out
}

/// The path a token names, if it names one of the repository's.
fn path_of(token: &str, top: &BTreeSet<String>) -> Option<String> {
    let t = token.split('#').next()?.trim();
    if t.is_empty()
        || t.contains("://")
        || t.contains("//")
        || t.contains(char::is_whitespace)
        || t.starts_with(['/', '~', '$', '<', '-', '.'])
            && !t.starts_with("../")
            && !t.starts_with("./")
            && !t.starts_with(".ci/")
        || t.contains(['*', '{', '}', '<', '>', '=', '\'', '"', '?', '%', ':', '|'])
    {
        return None;
    }
    let t = t.trim_start_matches("./");
    // `../x` in a document under docs/ is the root's x; `../shared/` is
    // beside the repository.
    let t = match t.strip_prefix("../") {
        Some(rest) if rest.starts_with("shared/") || rest.starts_with("../") => return None,
        Some(rest) => rest,
        None => t,
    };
    let by_extension = t
        .rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && EXTENSIONS.contains(&ext));
    let first = t.split('/').next().unwrap_or("");
    let by_folder = t.contains('/') && top.contains(&format!("{first}/"));
    (by_extension || by_folder).then(|| t.to_string())
}

fn exists(path: &str, files: &BTreeSet<String>) -> bool {
    let dir = format!("{}/", path.trim_end_matches('/'));
    files.iter().any(|f| {
        f == path
            || f == &dir
            || f.ends_with(&format!("/{path}"))
            || f.ends_with(&format!("/{dir}"))
    })
}

#[test]
fn every_path_the_documents_name_is_in_the_tree() {
    let root = root();
    let mut files = BTreeSet::new();
    tree(&root, &root, &mut files);
    let top: BTreeSet<String> = files
        .iter()
        .filter(|f| f.ends_with('/') && f.matches('/').count() == 1)
        .cloned()
        .collect();
    let mut missing = Vec::new();
    for doc in DOCUMENTS {
        let text = std::fs::read_to_string(root.join(doc)).expect("the document");
        for token in tokens(&text) {
            let Some(path) = path_of(&token, &top) else {
                continue;
            };
            let elsewhere = ELSEWHERE
                .iter()
                .any(|e| path == *e || path.starts_with(&format!("{e}/")));
            if !elsewhere && !exists(&path, &files) {
                missing.push(format!("{doc}: {path}"));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "paths the documents name that the tree lacks:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_path_reader_takes_paths_and_leaves_uris_and_code() {
    let top: BTreeSet<String> = ["src/", "docs/", "tests/"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let read = |t: &str| path_of(t, &top);
    assert_eq!(read("src/cli/edit.rs"), Some("src/cli/edit.rs".into()));
    assert_eq!(read("app/mod.rs"), Some("app/mod.rs".into()));
    assert_eq!(read("../README.md#set-up"), Some("README.md".into()));
    assert_eq!(read("tests/it/peers/"), Some("tests/it/peers/".into()));
    assert_eq!(read("http://a/b.rs"), None);
    assert_eq!(read("/etc/x.txt"), None);
    assert_eq!(read("g/h"), None);
    assert_eq!(read("../shared/specs/rfc3986.txt"), None);
    let files: BTreeSet<String> = ["src/", "src/explorer/", "src/explorer/app/mod.rs"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert!(exists("app/mod.rs", &files));
    assert!(exists("src/explorer", &files));
    assert!(!exists("uri/app/mod.rs", &files));
}
