//! `uriscope expand [--var NAME=VALUE] [--list NAME=A,B] [--map NAME=K=V,K=V]
//! [--vars FILE] [--json | --explain] [TEMPLATE ...]`: RFC 6570 URI Templates.

mod explain;

use std::io::{self, Read, Write};
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::input::{for_each, Input, Outcome};
use crate::text::diag::{say, Place};
use crate::text::plain::visible;
use crate::uri::template::{
    expand, expand_parts, is_varname, parse, ExpandError, ExpandedPart, Modifier, Part,
    TemplateError, Value, Variables,
};

/// Arguments of `uriscope expand`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("json", r#"One JSON object per template: the expansion and each part with its operator, variables and expansion, or the error with its position"#),
    ("aligned", r#"Plain text: an empty line for a template that does not expand, so line N of the output answers input N"#),
])))]
pub struct ExpandArgs {
    /// A string variable, `--var who=fred`. The value is taken whole:
    /// `--var x=a,b` is the string "a,b" (use --list for a list).
    #[arg(long = "var", value_name = "NAME=VALUE")]
    pub var: Vec<String>,
    /// A list variable, `--list tags=a,b,c`, split at every `,`;
    /// `--list tags=` is the empty list (expanded as undefined).
    #[arg(long = "list", value_name = "NAME=A,B")]
    pub list: Vec<String>,
    /// A map variable, `--map keys=semi=;,dot=.`: pairs split at `,`, each
    /// at its first `=`, kept in order; `--map keys=` is the empty map.
    #[arg(long = "map", value_name = "NAME=K=V,K=V")]
    pub map: Vec<String>,
    /// Variables from a JSON object (`-` reads stdin; the templates must
    /// then be arguments): strings, numbers and booleans (as text), null
    /// (undefined), arrays of those (lists) and objects of those (maps).
    /// --var, --list and --map are applied after it and win.
    #[arg(long = "vars", value_name = "FILE")]
    pub vars: Option<PathBuf>,
    /// `--json`.
    #[command(flatten)]
    pub json: super::flags::Json,
    /// Under each expansion, every expression with the RFC 6570 section
    /// of its operator, and every variable with its value, its modifier's
    /// section and what it contributed; an error is followed by the
    /// sections that explain it.
    #[arg(long, conflicts_with = "json")]
    pub explain: bool,
    /// `--aligned`.
    #[command(flatten)]
    pub aligned: super::flags::Aligned,
    /// The templates; with none, read one per line from stdin.
    pub templates: Vec<String>,
}

/// An error in the JSON output.
#[derive(Debug, Serialize)]
pub struct JsonError {
    /// Byte offset in the template (null when the line could not be read).
    pub position: Option<usize>,
    /// A stable short name (`unclosed`, `prefix-on-composite`, `not-utf8`, ...).
    pub code: &'static str,
    /// The message, without the position.
    pub message: String,
}

impl JsonError {
    fn template(e: &TemplateError) -> Self {
        JsonError {
            position: Some(e.position),
            code: e.kind.code().as_str(),
            message: e.message(),
        }
    }

    fn expand(e: &ExpandError) -> Self {
        JsonError {
            position: Some(e.position),
            code: e.kind.code().as_str(),
            message: e.message(),
        }
    }
}

/// One varspec of an expression in the JSON output.
#[derive(Debug, Serialize)]
pub struct JsonVar<'a> {
    /// The variable name.
    pub name: &'a str,
    /// Byte offset of the varspec in the template.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// `prefix`, `explode` or null.
    pub modifier: Option<&'static str>,
    /// The prefix length, for `prefix`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefix: Option<u16>,
    /// `string`, `list`, `map`, or null when the variable is absent.
    pub value: Option<&'static str>,
    /// Whether it is defined (present, not an empty list or map).
    pub defined: bool,
    /// What it contributed, without the separator before it.
    pub expansion: String,
    /// Why it was skipped although defined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<JsonError>,
}

/// One part of a template in the JSON output.
#[derive(Debug, Serialize)]
pub struct JsonPart<'a> {
    /// `literal` or `expression`.
    pub kind: &'static str,
    /// Byte offset of the part in the template.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The part as written.
    pub text: &'a str,
    /// For an expression: its operator character (`""` for none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operator: Option<&'static str>,
    /// For an expression: the operator's name (`simple`, `query`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operator_name: Option<&'static str>,
    /// The part's expansion.
    pub expansion: String,
    /// For an expression: its varspecs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variables: Option<Vec<JsonVar<'a>>>,
}

/// The JSON object `expand --json` prints for one template.
#[derive(Debug, Serialize)]
pub struct JsonExpand<'a> {
    /// The template.
    pub template: &'a str,
    /// The expansion (null on error).
    pub expansion: Option<String>,
    /// The lowest RFC 6570 level with every feature used (null when the
    /// template does not parse).
    pub level: Option<u8>,
    /// The parts (empty when the template does not parse).
    pub parts: Vec<JsonPart<'a>>,
    /// Why there is no expansion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<JsonError>,
}

impl<'a> JsonPart<'a> {
    fn new(source: &'a str, p: ExpandedPart<'a>) -> Self {
        let span = p.span();
        let text = span.slice(source);
        match p.part {
            Part::Literal(_) => JsonPart {
                kind: "literal",
                start: span.start,
                end: span.end,
                text,
                operator: None,
                operator_name: None,
                expansion: p.text,
                variables: None,
            },
            Part::Expression(e) => JsonPart {
                kind: "expression",
                start: span.start,
                end: span.end,
                text,
                operator: Some(e.operator.as_str()),
                operator_name: Some(e.operator.name()),
                expansion: p.text,
                variables: Some(
                    p.vars
                        .into_iter()
                        .map(|v| JsonVar {
                            name: &v.varspec.name,
                            start: v.varspec.span.start,
                            end: v.varspec.span.end,
                            modifier: match v.varspec.modifier {
                                Modifier::None => None,
                                Modifier::Prefix(_) => Some("prefix"),
                                Modifier::Explode => Some("explode"),
                            },
                            prefix: match v.varspec.modifier {
                                Modifier::Prefix(n) => Some(n),
                                _ => None,
                            },
                            value: v.value.map(|k| k.name()),
                            defined: v.defined,
                            expansion: v.text,
                            error: v.error.as_ref().map(JsonError::expand),
                        })
                        .collect(),
                ),
            },
        }
    }
}

/// A usage error: the message for stderr, exit status 2.
fn usage(message: String) -> io::Result<i32> {
    say("expand", Place::Nowhere, None, &message);
    Ok(super::EXIT_USAGE)
}

/// Run `uriscope expand`; returns the exit status: 0 when every template
/// expands, 1 when one is invalid (its error on stderr as
/// `uriscope expand: position N: ...`, nothing on stdout; with --json the
/// error is in its object), 2 for a bad option or vars file.
pub fn run(args: &ExpandArgs) -> io::Result<i32> {
    let vars = match variables(args) {
        Ok(v) => v,
        Err(message) => return usage(message),
    };
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut told = Outcome::new("expand", args.aligned.on);
    let result = for_each(&args.templates, &mut out, |place, input, out| match input {
        Input::Text(s) => {
            let ok = if args.json.on {
                write_json(out, s, &vars)?
            } else if args.explain {
                explain::write(out, place, s, &vars)?
            } else {
                write_text(out, place, s, &vars)?
            };
            told.failed |= !ok;
            if !ok && args.aligned.on && !args.json.on {
                out.write_all(b"\n")?;
            }
            Ok(())
        }
        Input::Unreadable { bytes, why } => {
            if !args.json.on {
                return told.refuse(out, place, bytes, &why);
            }
            told.failed = true;
            let lossy = String::from_utf8_lossy(bytes);
            let message = why;
            {
                let v = JsonExpand {
                    template: &lossy,
                    expansion: None,
                    level: None,
                    parts: Vec::new(),
                    error: Some(JsonError {
                        position: None,
                        code: crate::uri::Code::NotUtf8.as_str(),
                        message,
                    }),
                };
                crate::text::json::write(&mut *out, &v)?;
                out.write_all(b"\n")
            }
        }
    });
    told.status(result)
}

/// The expansion on one line, or the error on stderr; whether it expanded.
fn write_text<W: Write>(
    out: &mut W,
    place: Place,
    template: &str,
    vars: &Variables,
) -> io::Result<bool> {
    let error = match parse(template) {
        Ok(t) => match expand(&t, vars) {
            // Expansions are ASCII: nothing to make safe for a terminal.
            Ok(s) => return writeln!(out, "{s}").map(|()| true),
            Err(e) => e.to_string(),
        },
        Err(e) => e.to_string(),
    };
    // Keep stdout and stderr in order on a shared terminal.
    out.flush()?;
    say("expand", place, Some(template.as_bytes()), &visible(&error));
    Ok(false)
}

/// The JSON object of one template; whether it expanded.
fn write_json<W: Write>(out: &mut W, template: &str, vars: &Variables) -> io::Result<bool> {
    let parsed = parse(template);
    let v = match &parsed {
        Err(e) => JsonExpand {
            template,
            expansion: None,
            level: None,
            parts: Vec::new(),
            error: Some(JsonError::template(e)),
        },
        Ok(t) => {
            let parts = expand_parts(t, vars);
            let error = parts
                .iter()
                .flat_map(|p| p.errors())
                .next()
                .map(JsonError::expand);
            let expansion = error
                .is_none()
                .then(|| parts.iter().map(|p| p.text.as_str()).collect::<String>());
            JsonExpand {
                template,
                expansion,
                level: Some(t.level()),
                parts: parts
                    .into_iter()
                    .map(|p| JsonPart::new(t.as_str(), p))
                    .collect(),
                error,
            }
        }
    };
    let ok = v.error.is_none();
    crate::text::json::write(&mut *out, &v)?;
    out.write_all(b"\n")?;
    Ok(ok)
}

/// The variables of the command line: the --vars file, then --var,
/// --list and --map (a name given again replaces the earlier value).
fn variables(args: &ExpandArgs) -> Result<Variables, String> {
    let mut vars = Variables::new();
    if let Some(path) = &args.vars {
        vars = if path.as_os_str() == "-" {
            if args.templates.is_empty() {
                return Err(
                    "--vars - reads the variables from stdin: give the templates as arguments"
                        .to_owned(),
                );
            }
            let s = read_capped(io::stdin().lock()).map_err(|e| format!("--vars -: {e}"))?;
            let json: serde_json::Value =
                serde_json::from_str(&s).map_err(|e| format!("--vars -: not JSON: {e}"))?;
            variables_from_json(&json).map_err(|e| format!("--vars -: {e}"))?
        } else {
            variables_from_file(path)?
        };
    }
    for a in &args.var {
        let (name, value) = definition("--var", a)?;
        vars.insert(name, value);
    }
    for a in &args.list {
        let (name, value) = definition("--list", a)?;
        let items = if value.is_empty() {
            Vec::new()
        } else {
            value.split(',').map(str::to_owned).collect()
        };
        vars.insert(name, Value::List(items));
    }
    for a in &args.map {
        let (name, value) = definition("--map", a)?;
        let mut pairs = Vec::new();
        if !value.is_empty() {
            for pair in value.split(',') {
                let (k, v) = pair.split_once('=').ok_or_else(|| {
                    format!(
                        "--map {:?}: pair {:?} has no `=`",
                        visible(a),
                        visible(pair)
                    )
                })?;
                pairs.push((k.to_owned(), v.to_owned()));
            }
        }
        vars.insert(name, Value::Map(pairs));
    }
    Ok(vars)
}

/// `NAME=VALUE` split at its first `=`, the name checked.
fn definition<'a>(flag: &str, arg: &'a str) -> Result<(&'a str, &'a str), String> {
    let (name, value) = arg
        .split_once('=')
        .ok_or_else(|| format!("{flag} {:?}: expected NAME=VALUE", visible(arg)))?;
    if !is_varname(name) {
        return Err(format!(
            "{flag} {:?}: {:?} is not a varname (RFC 6570 §2.3: ALPHA, DIGIT, `_`, %HH, \
             single dots between)",
            visible(arg),
            visible(name)
        ));
    }
    Ok((name, value))
}

/// The variables of a JSON file (`uriscope --vars FILE.json` for the
/// explorer), or why it cannot be used, naming the file.
pub fn variables_from_file(path: &std::path::Path) -> Result<Variables, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("--vars {}: {e}", path.display()))?;
    let text = read_capped(file).map_err(|e| format!("--vars {}: {e}", path.display()))?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| format!("--vars {}: not JSON: {e}", path.display()))?;
    variables_from_json(&json).map_err(|e| format!("--vars {}: {e}", path.display()))
}

/// The whole text of `reader`, a variables file: at most
/// [`crate::text::lines::MAX_LINE`] bytes (64 MiB, what one line of any
/// input may hold), read no further (`--vars /dev/zero` stops there).
fn read_capped(reader: impl Read) -> Result<String, String> {
    let cap = crate::text::lines::MAX_LINE;
    let mut bytes = Vec::new();
    reader
        .take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() > cap {
        return Err(format!("longer than {} MiB; not read", cap >> 20));
    }
    String::from_utf8(bytes).map_err(|_| "not valid UTF-8".to_string())
}

/// Variables from a JSON object: each member a string, number or boolean
/// (its JSON text, `1.5`, `true`), null (undefined: left out), an array of
/// those (a list) or an object of those (a map, in document order). A
/// null member of an array or object is left out (RFC 6570 §2.3: an
/// undefined member). Keys that are not varnames are kept but can never
/// be referenced.
///
/// ```
/// use uriscope::cli::expand::variables_from_json;
/// use uriscope::uri::template::Value;
///
/// let json = serde_json::json!({"n": 5, "l": ["a", null, true], "u": null});
/// let vars = variables_from_json(&json).unwrap();
/// assert_eq!(vars.get("n"), Some(&Value::String("5".into())));
/// assert_eq!(vars.get("l"), Some(&Value::List(vec!["a".into(), "true".into()])));
/// assert!(vars.get("u").is_none());
/// assert!(variables_from_json(&serde_json::json!([1])).is_err());
/// ```
pub fn variables_from_json(json: &serde_json::Value) -> Result<Variables, String> {
    use serde_json::Value as J;
    let J::Object(members) = json else {
        return Err(format!(
            "expected a JSON object of variables, found {}",
            json_kind(json)
        ));
    };
    let mut vars = Variables::new();
    for (name, value) in members {
        let value = match value {
            J::Null => continue,
            J::Array(items) => {
                let mut list = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    match scalar(item) {
                        Ok(Some(s)) => list.push(s),
                        Ok(None) => {}
                        Err(kind) => {
                            return Err(format!(
                                "variable {name:?}: a list holds strings, numbers, booleans \
                                 or null, found {kind} at index {i}"
                            ))
                        }
                    }
                }
                Value::List(list)
            }
            J::Object(pairs) => {
                let mut map = Vec::with_capacity(pairs.len());
                for (k, v) in pairs {
                    match scalar(v) {
                        Ok(Some(s)) => map.push((k.clone(), s)),
                        Ok(None) => {}
                        Err(kind) => {
                            return Err(format!(
                                "variable {name:?}: a map holds strings, numbers, booleans \
                                 or null, found {kind} for key {k:?}"
                            ))
                        }
                    }
                }
                Value::Map(map)
            }
            scalar_value => match scalar(scalar_value) {
                Ok(Some(s)) => Value::String(s),
                // Null and the composites are handled above.
                _ => continue,
            },
        };
        vars.insert(name.clone(), value);
    }
    Ok(vars)
}

/// A JSON scalar as text (`None` for null), or the kind of a non-scalar.
fn scalar(v: &serde_json::Value) -> Result<Option<String>, &'static str> {
    use serde_json::Value as J;
    match v {
        J::Null => Ok(None),
        J::String(s) => Ok(Some(s.clone())),
        J::Number(n) => Ok(Some(n.to_string())),
        J::Bool(b) => Ok(Some(b.to_string())),
        other => Err(json_kind(other)),
    }
}

/// `an array`, `an object`, ... for messages.
fn json_kind(v: &serde_json::Value) -> &'static str {
    use serde_json::Value as J;
    match v {
        J::Null => "null",
        J::Bool(_) => "a boolean",
        J::Number(_) => "a number",
        J::String(_) => "a string",
        J::Array(_) => "an array",
        J::Object(_) => "an object",
    }
}

/// The URI Template lines the plain breakdown gets with `--vars`
/// (`uriscope --vars FILE 'TEMPLATE' | cat`), as the explorer's Breakdown
/// shows them: the level, the number of expressions and what the template
/// expands to with those variables, or why it does not.
pub fn write_template_section<W: Write>(
    out: &mut W,
    input: &str,
    vars: &Variables,
) -> io::Result<()> {
    let heading = "  URI Template (RFC 6570)";
    let t = match parse(input) {
        Ok(t) if t.expressions().next().is_some() => t,
        Ok(_) => return writeln!(out, "{heading}: no expression; --vars not used"),
        Err(e) => {
            return writeln!(
                out,
                "{heading}: not a template: {}",
                visible(&e.to_string())
            )
        }
    };
    let n = t.expressions().count();
    writeln!(
        out,
        "{heading}, level {}, {n} expression{}; variables from --vars",
        t.level(),
        if n == 1 { "" } else { "s" }
    )?;
    match expand(&t, vars) {
        // Expansions are ASCII: nothing to make safe for a terminal.
        Ok(s) => writeln!(out, "  expands to  {s}"),
        Err(e) => writeln!(out, "  error: {}", visible(&e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn args(var: &[&str], list: &[&str], map: &[&str]) -> ExpandArgs {
        let own = |a: &[&str]| a.iter().map(|s| s.to_string()).collect();
        ExpandArgs {
            var: own(var),
            list: own(list),
            map: own(map),
            vars: None,
            json: Default::default(),
            explain: false,
            aligned: Default::default(),
            templates: Vec::new(),
        }
    }

    #[test]
    fn command_line_variables() {
        let v = variables(&args(&["x=a,b", "e="], &["l=1,2", "n="], &["m=k=v,j=a=b"])).unwrap();
        assert_eq!(v.get("x"), Some(&Value::from("a,b")));
        assert_eq!(v.get("e"), Some(&Value::from("")));
        assert_eq!(v.get("l"), Some(&Value::List(vec!["1".into(), "2".into()])));
        assert_eq!(v.get("n"), Some(&Value::List(vec![])));
        assert_eq!(
            v.get("m"),
            Some(&Value::Map(vec![
                ("k".into(), "v".into()),
                ("j".into(), "a=b".into())
            ]))
        );
        assert!(variables(&args(&["novalue"], &[], &[])).is_err());
        assert!(variables(&args(&["a b=1"], &[], &[])).is_err());
        assert!(variables(&args(&[], &[], &["m=k"])).is_err());
    }

    #[test]
    fn json_variables() {
        let v = variables_from_json(&json!({
            "s": "x", "n": 1.5, "b": false, "u": null,
            "l": [1, "a", null], "m": {"k": "v", "z": null, "t": true},
            "el": [], "em": {}
        }))
        .unwrap();
        assert_eq!(v.get("n"), Some(&Value::from("1.5")));
        assert_eq!(v.get("b"), Some(&Value::from("false")));
        assert!(v.get("u").is_none());
        assert_eq!(v.get("l"), Some(&Value::List(vec!["1".into(), "a".into()])));
        assert_eq!(
            v.get("m"),
            Some(&Value::Map(vec![
                ("k".into(), "v".into()),
                ("t".into(), "true".into())
            ]))
        );
        assert_eq!(v.get("el"), Some(&Value::List(vec![])));
        let e = variables_from_json(&json!({"l": [[1]]})).unwrap_err();
        assert_eq!(
            e,
            "variable \"l\": a list holds strings, numbers, booleans or null, found an array at index 0"
        );
        assert!(variables_from_json(&json!({"m": {"k": {}}})).is_err());
        assert!(variables_from_json(&json!("x")).is_err());
    }

    #[test]
    fn json_output() {
        let vars: Variables = [("x", "1024")].into_iter().collect();
        let mut out = Vec::new();
        assert!(write_json(&mut out, "a{?x,u}", &vars).unwrap());
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["expansion"], "a?x=1024");
        assert_eq!(v["level"], 3);
        assert_eq!(v["parts"][1]["operator"], "?");
        assert_eq!(v["parts"][1]["operator_name"], "query");
        assert_eq!(v["parts"][1]["variables"][0]["expansion"], "x=1024");
        assert_eq!(
            v["parts"][1]["variables"][1]["value"],
            serde_json::Value::Null
        );
        assert!(v.get("error").is_none());

        let mut out = Vec::new();
        assert!(!write_json(&mut out, "{x", &vars).unwrap());
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["error"]["position"], 2);
        assert_eq!(v["error"]["code"], "unclosed");
        assert_eq!(v["expansion"], serde_json::Value::Null);
    }
}
