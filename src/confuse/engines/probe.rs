//! Finding the external engines: each program looked up on `PATH` (nothing
//! run), then each engine asked which version would answer (its script's
//! `version` mode, `node --version`, `java -version`, `go version`), all
//! at once and within [`PROBE_TIMEOUT`]; engines that share a version
//! command share its run. A program too old for its engine, or without the
//! library the engine needs, is reported as not found, with the reason.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;
use std::time::Instant;

use super::launch;
use super::processes::{capture, Failure};
use super::{Availability, Engine, Probe, PROBE_TIMEOUT};

/// Look for `name` on `PATH`: an executable file, nothing run.
pub(super) fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .flat_map(|dir| {
            let plain = dir.join(name);
            let exe = cfg!(windows).then(|| dir.join(format!("{name}.exe")));
            std::iter::once(plain).chain(exe)
        })
        .find(|p| is_executable(p))
}

#[cfg(unix)]
fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

#[cfg(not(unix))]
fn is_executable(p: &Path) -> bool {
    p.is_file()
}

/// What probing one engine found: its program's path and the version
/// line, or why not.
type Found = Result<(PathBuf, String), String>;

/// Probe every engine: the programs on `PATH`, their versions at once.
pub(super) fn probe_all() -> Vec<Probe> {
    // One run per distinct version command, made for its first engine.
    let mut commands: Vec<(String, Engine)> = Vec::new();
    for &engine in Engine::ALL.iter().filter(|e| !e.in_process()) {
        let (key, _) = launch::version(engine);
        if !commands.iter().any(|(k, _)| *k == key) {
            commands.push((key, engine));
        }
    }
    let deadline = Instant::now() + PROBE_TIMEOUT;
    let found: Vec<(String, Found)> = thread::scope(|scope| {
        let handles: Vec<_> = commands
            .iter()
            .map(|(key, engine)| {
                let engine = *engine;
                let handle = thread::Builder::new()
                    .name(format!("probe {key}"))
                    .spawn_scoped(scope, move || probe(engine, deadline));
                (key, engine, handle)
            })
            .collect();
        handles
            .into_iter()
            .map(|(key, engine, handle)| {
                let found = match handle {
                    Ok(h) => h
                        .join()
                        .unwrap_or_else(|_| Err("the probe failed".to_owned())),
                    Err(_) => probe(engine, deadline),
                };
                (key.clone(), found)
            })
            .collect()
    });
    Engine::ALL
        .iter()
        .map(|&engine| {
            if engine.in_process() {
                return Probe {
                    availability: Availability {
                        engine,
                        found: true,
                        version: Some(in_process_version(engine).to_owned()),
                        detail: in_process_detail(engine).to_owned(),
                    },
                    program: None,
                };
            }
            let (key, _) = launch::version(engine);
            let result = found
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, f)| f.clone())
                .unwrap_or_else(|| Err(format!("{key} was not probed")));
            match result {
                Ok((path, version)) => Probe {
                    availability: Availability {
                        engine,
                        found: true,
                        detail: format!("{version} ({})", path.display()),
                        version: Some(version),
                    },
                    program: Some(path),
                },
                Err(why) => Probe {
                    availability: Availability {
                        engine,
                        found: false,
                        version: None,
                        detail: why,
                    },
                    program: None,
                },
            }
        })
        .collect()
}

/// The version of an in-process engine: the crate's, as `Cargo.toml` asks
/// for it.
fn in_process_version(engine: Engine) -> &'static str {
    match engine {
        Engine::Rfc3986 => concat!("uriscope ", env!("CARGO_PKG_VERSION")),
        Engine::Whatwg => "url 2",
        Engine::HttpUri => "http 1",
        _ => "",
    }
}

fn in_process_detail(engine: Engine) -> &'static str {
    match engine {
        Engine::Rfc3986 => concat!("in process: uriscope ", env!("CARGO_PKG_VERSION")),
        Engine::Whatwg => "in process: the `url` crate (2.x)",
        Engine::HttpUri => "in process: the `http` crate (1.x)",
        _ => "out of process",
    }
}

fn probe(engine: Engine, deadline: Instant) -> Found {
    let name = engine.program().unwrap_or("");
    let path = find_on_path(name).ok_or_else(|| format!("{name} is not on PATH"))?;
    let (_, args) = launch::version(engine);
    let mut command = Command::new(&path);
    command.args(&args);
    if engine == Engine::GoNetUrl {
        command.env("GOTOOLCHAIN", "local");
    }
    let shown = launch::shown(name, &args);
    let at = path.display();
    let out = match capture(command, deadline) {
        Ok(out) => out,
        Err(Failure::TimedOut) => {
            return Err(format!("{name} at {at}: `{shown}` timed out"));
        }
        Err(Failure::Other(e)) => return Err(format!("{name} at {at}: `{shown}`: {e}")),
    };
    if !out.status.success() {
        return Err(format!(
            "{name} at {at}: `{shown}` failed ({}): {} {}",
            out.status, out.stdout, out.stderr
        ));
    }
    let text = format!("{} {}", out.stdout, out.stderr);
    let version = version_line(name, &text);
    if let Some(why) = unusable(name, &version) {
        return Err(format!("{name} at {at} is {version}: {why}"));
    }
    Ok((path, version))
}

/// The interesting part of a version output (already one line).
fn version_line(name: &str, text: &str) -> String {
    let text = text.trim();
    let short = match name {
        // `openjdk version "17.0.15" 2025-04-15 OpenJDK Runtime …`.
        // Every offset is into `text`: the closing quote's is found in
        // the rest and moved back, and a missing one ends the line.
        "java" => text
            .find("version \"")
            .map(|i| {
                let start = text[..i].trim_end().rfind(' ').map_or(0, |j| j + 1);
                let after = i + "version \"".len();
                let end = text[after..]
                    .find('"')
                    .map_or(text.len(), |j| after + j + 1);
                &text[start..end]
            })
            .unwrap_or(text),
        // `v20.19.2`.
        "node" if text.starts_with('v') => return format!("node {text}"),
        _ => text,
    };
    let short: String = short.chars().take(120).collect();
    if short.is_empty() {
        format!("{name} (no version given)")
    } else {
        short
    }
}

/// Why a found program cannot run its engine, if it cannot.
fn unusable(name: &str, version: &str) -> Option<&'static str> {
    match name {
        // The libcurl engine's line names the library, not Python.
        "python3" if version.contains("Python") && !version.contains("Python 3") => {
            Some("not a Python 3")
        }
        "java" => {
            let quoted = version.split('"').nth(1)?;
            let major: u32 = if let Some(rest) = quoted.strip_prefix("1.") {
                rest.split('.').next()?.parse().ok()?
            } else {
                quoted
                    .split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse()
                    .ok()?
            };
            (major < 11).then_some("java 11 or later is needed to run a single-file source")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_versions() {
        let v = version_line(
            "java",
            "openjdk version \"17.0.15\" 2025-04-15 OpenJDK Runtime",
        );
        assert_eq!(v, "openjdk version \"17.0.15\"");
        assert_eq!(unusable("java", &v), None);
        let old = version_line("java", "Picked up X java version \"1.8.0_392\" Java(TM)");
        assert_eq!(old, "java version \"1.8.0_392\"");
        assert!(unusable("java", &old).is_some());
        assert_eq!(unusable("python3", "Python 2.7.18"), Some("not a Python 3"));
        assert_eq!(unusable("node", "v20.1.0"), None);
    }

    /// A `java -version` whose quote never closes, after a long word
    /// (`x yyyyyyyyyy version "1`), cut the text at a `begin > end`
    /// slice and panicked the probe thread.
    #[test]
    fn java_version_without_a_closing_quote_does_not_panic() {
        let v = version_line("java", "x yyyyyyyyyy version \"1");
        assert_eq!(v, "yyyyyyyyyy version \"1");
        assert!(unusable("java", &v).is_some());
        for text in [
            "version \"",
            "a version \"17",
            "version \"17\"",
            "\"version \"",
        ] {
            let _ = version_line("java", text);
        }
    }
}
