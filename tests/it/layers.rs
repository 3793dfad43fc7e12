//! The binary crate's layers: the dependency table of
//! `docs/ARCHITECTURE.md` holds for the code. Every top-level module's
//! `crate::…` paths (and `main.rs`'s `uriscope::…` paths), outside test
//! modules and comments, name only modules its row allows.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The table: module → the modules it may import.
fn allowed() -> BTreeMap<String, BTreeSet<String>> {
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).expect("the document");
    let start = doc
        .find("Dependencies between the modules run one way")
        .expect("the dependency section");
    let block = doc[start..]
        .split("```text\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("the table");
    let mut table = BTreeMap::new();
    for line in block.lines() {
        let (from, to) = line.split_once('→').expect("a row `A → B`");
        let to = to.split(" (").next().unwrap_or("");
        let targets: BTreeSet<String> = if to.contains("nothing") {
            BTreeSet::new()
        } else {
            to.split(',').map(|t| t.trim().to_string()).collect()
        };
        for m in from.split(',') {
            table.insert(m.trim().to_string(), targets.clone());
        }
    }
    table
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The first path segment of every `prefix::` path in `code`, a braced
/// list (`crate::{a, b::c}`) read item by item.
fn paths(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let needle = format!("{prefix}::");
    let mut rest = code;
    while let Some(i) = rest.find(&needle) {
        let before = rest[..i].chars().next_back();
        rest = &rest[i + needle.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue; // `$crate::`, `my_crate::`
        }
        if let Some(list) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = String::new();
            let mut at_start = true;
            for c in list.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        if at_start && !item.is_empty() {
                            out.insert(std::mem::take(&mut item));
                        }
                        at_start = true;
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 && at_start {
                    if c.is_alphanumeric() || c == '_' {
                        item.push(c);
                    } else if !item.is_empty() {
                        out.insert(std::mem::take(&mut item));
                        at_start = false;
                    }
                }
            }
            if at_start && !item.is_empty() {
                out.insert(item);
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.insert(name);
        }
    }
    out
}

/// A source without its test modules and its comments.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a source");
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn sources(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for e in std::fs::read_dir(path).expect("a folder").flatten() {
            sources(&e.path(), out);
        }
    } else if path.extension().is_some_and(|x| x == "rs") && !path.ends_with("tests.rs") {
        out.push(path.to_path_buf());
    }
}

#[test]
fn every_module_imports_only_what_the_architecture_allows() {
    let table = allowed();
    let mut modules = BTreeMap::new();
    for e in std::fs::read_dir(root().join("src"))
        .expect("src")
        .flatten()
    {
        let p = e.path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if name == "lib" {
            continue;
        }
        let mut files = Vec::new();
        sources(&p, &mut files);
        modules.entry(name).or_insert_with(Vec::new).extend(files);
    }
    let mut wrong = Vec::new();
    for (name, files) in &modules {
        let Some(may) = table.get(name) else {
            wrong.push(format!("{name}: no row in the table"));
            continue;
        };
        let prefix = if name == "main" { "uriscope" } else { "crate" };
        for f in files {
            for used in paths(&code_of(f), prefix) {
                if used != *name && !may.contains(&used) {
                    wrong.push(format!("{}: imports {used}", f.display()));
                }
            }
        }
    }
    assert!(modules.len() > 15, "{modules:?}");
    assert!(
        wrong.is_empty(),
        "imports the table does not allow:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_path_reader_sees_plain_braced_and_nested_imports() {
    let code =
        "use crate::a::X;\nuse crate::{b, c::{D, E}, f::G};\nlet x = crate::h::y();\n$crate::no;";
    let got: Vec<String> = paths(code, "crate").into_iter().collect();
    assert_eq!(got, ["a", "b", "c", "f", "h"]);
}
