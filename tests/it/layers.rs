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
    assert!(modules.len() > 8, "{modules:?}");
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

/// The explorer's folder and its subfolders, whose files import one
/// another without a cycle (a pane's files are read without reading the others).
const ACYCLIC: [&str; 5] = [
    "explorer",
    "explorer/app",
    "explorer/ui",
    "explorer/clipboard",
    "explorer/list",
];

/// The file-to-file imports inside the [`ACYCLIC`] folders: `super::x`
/// and `crate::explorer::folder::x` for a file `x.rs` of one of them. A folder's
/// `mod.rs` is left out: it is the folder's face (the `App` its files all
/// read, and the `mod` lines that name them), not a file among its peers.
fn file_edges() -> BTreeMap<String, BTreeSet<String>> {
    let files_of = |folder: &str| -> BTreeSet<String> {
        std::fs::read_dir(root().join("src").join(folder))
            .expect("a folder")
            .flatten()
            .filter_map(|e| {
                let p = e.path();
                let stem = p.file_stem()?.to_string_lossy().to_string();
                (p.extension().is_some_and(|x| x == "rs") && stem != "mod").then_some(stem)
            })
            .collect()
    };
    let folders: BTreeMap<&str, BTreeSet<String>> =
        ACYCLIC.iter().map(|&f| (f, files_of(f))).collect();
    let mut edges = BTreeMap::new();
    for (folder, files) in &folders {
        for file in files {
            let code = code_of(&root().join("src").join(folder).join(format!("{file}.rs")));
            let mut to = BTreeSet::new();
            for sibling in paths(&code, "super") {
                if files.contains(&sibling) && sibling != *file {
                    to.insert(format!("{folder}::{sibling}"));
                }
            }
            for (other, its) in &folders {
                for used in paths(&code, &format!("crate::{}", other.replace('/', "::"))) {
                    if its.contains(&used) && !(other == folder && used == *file) {
                        to.insert(format!("{other}::{used}"));
                    }
                }
            }
            edges.insert(format!("{folder}::{file}"), to);
        }
    }
    edges
}

/// The files of `edges` that reach themselves again, each with one way
/// round.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut out = Vec::new();
    for start in edges.keys() {
        // A breadth-first walk from `start`, remembering how each file was
        // reached, until `start` comes round again.
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.as_str()]);
        'walk: while let Some(at) = queue.pop_front() {
            for next in edges.get(at).into_iter().flatten() {
                if next == start {
                    let mut way = vec![start.as_str(), at];
                    let mut back = at;
                    while let Some(&prev) = came_from.get(back) {
                        way.push(prev);
                        back = prev;
                    }
                    way.pop();
                    way[1..].reverse();
                    way.push(start);
                    out.push(way.join(" → "));
                    break 'walk;
                }
                if !came_from.contains_key(next.as_str()) {
                    came_from.insert(next, at);
                    queue.push_back(next);
                }
            }
        }
    }
    out
}

#[test]
fn no_import_cycle_between_the_files_of_the_explorer() {
    let edges = file_edges();
    assert!(edges.len() > 20, "{edges:?}");
    let found = cycles(&edges);
    assert!(
        found.is_empty(),
        "import cycles between files:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_cycle_finder_sees_a_cycle_of_three_and_none_in_a_chain() {
    let graph = |pairs: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in pairs {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    let ring = cycles(&graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]));
    assert_eq!(ring, ["a → b → c → a", "b → c → a → b", "c → a → b → c"]);
    assert!(cycles(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
}

/// What drawing may not do: start an engine, touch the
/// clipboard, the terminal or a process. The update step does it and
/// hands the result to the state (`Effect`, the memo); a frame only reads.
const NOT_WHILE_DRAWING: [&str; 8] = [
    "engines::run",
    "run_with(",
    "whatwg_against(",
    "crate::explorer::clipboard",
    "crossterm::terminal",
    "crossterm::event",
    "std::process",
    "std::io::stdin",
];

#[test]
fn drawing_starts_no_engine_and_reads_no_clipboard_or_terminal() {
    let mut files = Vec::new();
    sources(&root().join("src/explorer/ui"), &mut files);
    assert!(files.len() > 10, "{files:?}");
    let mut wrong = Vec::new();
    for f in &files {
        let code = code_of(f);
        for what in NOT_WHILE_DRAWING {
            if code.contains(what) {
                wrong.push(format!("{}: {what}", f.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "effects while drawing:\n{}",
        wrong.join("\n")
    );
}

/// The core's modules the grammar (`crates/uriscope-core/src/syntax/`)
/// sits under: they read its findings and tables, it reads none of theirs.
const ABOVE_THE_GRAMMAR: [&str; 3] = ["lint", "iri", "host"];

#[test]
fn the_grammar_imports_nothing_from_lint_iri_or_host() {
    let mut files = Vec::new();
    sources(&root().join("crates/uriscope-core/src/syntax"), &mut files);
    assert!(files.len() > 10, "{files:?}");
    let mut wrong = Vec::new();
    for f in &files {
        let code = code_of(f);
        for used in paths(&code, "crate") {
            if ABOVE_THE_GRAMMAR.contains(&used.as_str()) {
                wrong.push(format!("{}: imports crate::{used}", f.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the grammar imports a module above it:\n{}",
        wrong.join("\n")
    );
}
