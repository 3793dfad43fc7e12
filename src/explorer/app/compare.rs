//! The Compare pane's model: the input's RFC 3986 §6.2.2 / §6.2.3
//! normalization ladder, its normal form, and its comparison with the text
//! of a second field up the §6.2 ladder. Drawn by `ui::compare`.
//!
//! Every answer here is the one a subcommand prints for the same input,
//! computed by the same core call: the normal form is `uriscope normalize`'s
//! (a URI; `uriscope normalize --iri`'s IRI form is shown beside it when it
//! differs), the comparison is `uriscope equiv`'s, and only when that
//! refuses an input that is not a URI is `uriscope equiv --iri`'s shown,
//! labelled as such.

use std::rc::Rc;

use super::citation::Citation;
use super::component::Component;
use super::offload::Offload;
use super::{App, CopyEntry, Editor, ViewScroll};
use crate::report::markdown::{code, write_normalize};

/// The Compare pane's own state.
#[derive(Clone, Debug, Default)]
pub struct CompareView {
    /// The second URI, compared with the input.
    pub text: Editor,
    /// Scroll of the view.
    pub scroll: ViewScroll,
}
use crate::uri::trace::{self, Normalization};
use crate::uri::{
    compare::equivalence, compare::Equivalence, normalize, NormalizeError, NormalizeOptions,
};

/// `uriscope normalize` and `uriscope equiv`: RFC 3986 §6.2, URIs only.
pub const URI: NormalizeOptions = NormalizeOptions::new();

/// `uriscope normalize --iri` and `uriscope equiv --iri`: RFC 3987 §5.3
/// (which is RFC 3986 §6.2 for a URI, and decodes escapes of characters
/// an IRI may hold).
pub const IRI: NormalizeOptions = URI.iri(true);

/// The ladder's options: a URI's ladder is `uriscope normalize --trace`'s;
/// an input that is only an IRI-reference (or neither) gets
/// `normalize --iri --trace`'s, so an IRI still shows its rungs.
pub fn ladder_options(app: &App) -> NormalizeOptions {
    if crate::uri::parse(app.input.text()).is_ok() {
        URI
    } else {
        IRI
    }
}

/// The input's normalization, rung by rung.
pub fn normalization(app: &App) -> Result<Normalization, NormalizeError> {
    trace::normalize(app.input.text(), ladder_options(app))
}

/// The input's normal forms, as the CLI prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormalForms {
    /// `uriscope normalize INPUT`: the normal form, or why there is none
    /// (an input that is not a URI-reference).
    pub uri: Result<String, NormalizeError>,
    /// `uriscope normalize --iri INPUT`, when it succeeds and differs
    /// from the URI normal form.
    pub iri: Option<String>,
}

/// The normal forms of `s`.
///
/// ```
/// use uriscope::explorer::app::compare::normal_forms;
/// let n = normal_forms("HTTP://a/%E2%82%AC");
/// assert_eq!(n.uri.unwrap(), "http://a/%E2%82%AC");
/// assert_eq!(n.iri.as_deref(), Some("http://a/€"));
/// ```
pub fn normal_forms(s: &str) -> NormalForms {
    let uri = normalize(s, URI);
    let iri = normalize(s, IRI).ok().filter(|i| uri.as_ref() != Ok(i));
    NormalForms { uri, iri }
}

/// The comparison of two inputs, as the CLI answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// `uriscope equiv A B`.
    pub uri: Result<Equivalence, NormalizeError>,
    /// `uriscope equiv --iri A B`, only when the first refused an input
    /// that is not a URI-reference.
    pub iri: Option<Result<Equivalence, NormalizeError>>,
}

impl Comparison {
    /// The answer shown as the verdict: the URI comparison, else the IRI
    /// one.
    pub fn shown(&self) -> (&Result<Equivalence, NormalizeError>, NormalizeOptions) {
        match &self.iri {
            Some(iri) => (iri, IRI),
            None => (&self.uri, URI),
        }
    }
}

/// Compare `a` and `b`.
///
/// ```
/// use uriscope::explorer::app::compare::compare;
/// let c = compare("http://a/é", "http://a/%C3%A9");
/// assert!(c.uri.is_err());
/// assert!(c.iri.unwrap().unwrap().is_equivalent());
/// ```
pub fn compare(a: &str, b: &str) -> Comparison {
    let uri = equivalence(a, b, URI);
    let iri = uri.is_err().then(|| equivalence(a, b, IRI));
    Comparison { uri, iri }
}

/// The comparison of the input with the compare field, or `None` while
/// that field is empty.
pub fn comparison(app: &App) -> Option<Comparison> {
    let other = app.compare.text.text();
    (!other.is_empty()).then(|| compare(app.input.text(), other))
}

/// What the Compare pane draws of its texts, computed once per state of
/// them (from [`FROM_BYTES`](super::background::FROM_BYTES) of input on,
/// on a thread of its own: [`kept_ladder`]).
#[derive(Clone, Debug)]
pub struct Ladder {
    /// Whether the ladder is the IRI one ([`ladder_options`]).
    pub iri: bool,
    /// The input's normalization, rung by rung ([`normalization`]).
    pub normalization: Result<Normalization, NormalizeError>,
    /// The input's normal forms ([`normal_forms`]).
    pub forms: NormalForms,
    /// The comparison with the compare field ([`comparison`]), and the
    /// syntax-based forms of both under the options of the answer shown.
    pub comparison: Option<(Comparison, Option<String>, Option<String>)>,
}

impl Ladder {
    /// The ladder of `input` compared with `other` (none while empty).
    pub fn of(input: &str, other: &str) -> Ladder {
        let options = if crate::uri::parse(input).is_ok() {
            URI
        } else {
            IRI
        };
        let comparison = (!other.is_empty()).then(|| {
            let c = compare(input, other);
            let shown = c.shown().1;
            let (a, b) = (syntax_normal(input, shown), syntax_normal(other, shown));
            (c, a, b)
        });
        Ladder {
            iri: options.iri,
            normalization: trace::normalize(input, options),
            forms: normal_forms(input),
            comparison,
        }
    }

    /// What stands for a ladder whose computation panicked.
    fn panicked() -> Ladder {
        let e = NormalizeError {
            message: "the normalization failed (it panicked)".to_string(),
            findings: Vec::new(),
        };
        Ladder {
            iri: false,
            normalization: Err(e.clone()),
            forms: NormalForms {
                uri: Err(e),
                iri: None,
            },
            comparison: None,
        }
    }
}

/// The ladders of a long input computed off the key's path.
#[derive(Clone, Debug)]
pub struct Ladders(Offload<(u64, u64), Ladder>);

impl Default for Ladders {
    fn default() -> Self {
        Ladders(Offload::new("uriscope-compare", Ladder::panicked))
    }
}

impl Ladders {
    /// Whether the ladder last asked for has just finished.
    pub fn arrived(&self) -> bool {
        self.0.arrived()
    }

    /// Whether a ladder asked for is not done yet.
    pub fn pending(&self) -> bool {
        self.0.pending()
    }
}

/// The pane's [`Ladder`], kept until a text changes; from
/// [`FROM_BYTES`](super::background::FROM_BYTES) of input on, computed on
/// a thread of its own, `None` until it is done.
pub fn kept_ladder(app: &App) -> Option<Rc<Ladder>> {
    let (input, other) = (app.input.text(), app.compare.text.text());
    if input.len() >= super::background::FROM_BYTES {
        let key = (app.input.revision(), app.compare.text.revision());
        return app.ladders.0.get(key, || {
            let (input, other) = (input.to_string(), other.to_string());
            Box::new(move || Ladder::of(&input, &other))
        });
    }
    struct Kept(Rc<Ladder>);
    Some(Rc::clone(
        &super::memo::kept(app, || Kept(Rc::new(Ladder::of(input, other)))).0,
    ))
}

/// The syntax-based (§6.2.2 only) normal form of `s` under `options`.
pub fn syntax_normal(s: &str, options: NormalizeOptions) -> Option<String> {
    normalize(s, options.syntax_only(true)).ok()
}

/// The normal forms to copy: `uriscope normalize`'s, and the IRI form
/// where it differs. An input that is not an IRI-reference offers
/// nothing, without building the error's findings.
pub fn copy_entries(app: &App) -> Vec<CopyEntry> {
    let input = app.input.text();
    if crate::uri::UriRef::parse_with(input, crate::uri::ParseOptions::new().iri(true)).is_err() {
        return Vec::new();
    }
    let n = normal_forms(input);
    let mut out = Vec::new();
    if let Ok(text) = n.uri {
        out.push(CopyEntry {
            label: "normalized".into(),
            text,
        });
    }
    if let Some(text) = n.iri {
        out.push(CopyEntry {
            label: "normalized, IRI form".into(),
            text,
        });
    }
    out
}

/// What F8 opens in the pane: the rung the two URIs meet at (§6.2.x),
/// else the ladder.
fn citation(app: &App) -> Citation {
    match comparison(app).as_ref().map(|c| c.shown().0) {
        Some(Ok(e)) => match e.rung {
            Some(rung) => Citation::new(format!("the {} rung", rung.name()))
                .cite(rung.section())
                .cite("RFC 3986 §6.2"),
            None => Citation::new("the comparison ladder").cite("RFC 3986 §6.2, §6.1"),
        },
        _ => Citation::new("normalization").cite("RFC 3986 §6.2.2, §6.2.3"),
    }
}

/// The normalization ladder and the comparison, as Markdown.
fn report(app: &App) -> String {
    use std::io::Write;
    let mut out = Vec::new();
    let input = app.input.text();
    let n = normalization(app);
    let iri_ladder = ladder_options(app).iri;
    // Writing into a Vec cannot fail.
    let _ = match &n {
        Ok(n) => write_normalize(&mut out, input, Ok((&n.normalized, Some(n)))),
        Err(e) => write_normalize(&mut out, input, Err(&e.message)),
    };
    let forms = normal_forms(input);
    if let (false, Some(iri)) = (iri_ladder, &forms.iri) {
        let iri = crate::text::mask::mask_password(iri);
        let _ = writeln!(
            out,
            "**IRI form** (RFC 3987 §5.3, `normalize --iri`): {}\n",
            code(&iri)
        );
    } else if iri_ladder && n.is_ok() {
        let _ = writeln!(
            out,
            "Not a URI-reference (`uriscope normalize` refuses it): normalized as an IRI (RFC 3987 §5.3, `normalize --iri`).\n"
        );
    }
    let other = app.compare.text.text();
    if let Some(c) = comparison(app) {
        let (shown, options) = c.shown();
        let verdict = match shown {
            Ok(e) => e.verdict(),
            Err(e) => format!("not compared: {}", e.message),
        };
        let mode = if options.iri {
            " as IRIs (`equiv --iri`)"
        } else {
            ""
        };
        let masked = crate::text::mask::mask_password(other);
        let _ = writeln!(
            out,
            "**Compared with** {}{mode}: {verdict}\n",
            code(&masked)
        );
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The Compare pane as the shared code sees it.
pub struct ComparePane;

impl Component for ComparePane {
    fn title(&self) -> &'static str {
        "Compare"
    }

    fn field<'a>(&self, app: &'a App) -> Option<&'a Editor> {
        Some(&app.compare.text)
    }

    fn field_mut<'a>(&self, app: &'a mut App) -> Option<&'a mut Editor> {
        Some(&mut app.compare.text)
    }

    fn scroll_mut<'a>(&self, app: &'a mut App) -> &'a mut ViewScroll {
        &mut app.compare.scroll
    }

    fn input_edited(&self, app: &mut App) {
        app.compare.scroll = ViewScroll::default();
    }

    fn field_edited(&self, app: &mut App) {
        app.compare.scroll = ViewScroll::default();
    }

    fn citation(&self, app: &App) -> Citation {
        citation(app)
    }

    fn report_heading(&self, app: &App) -> String {
        crate::report::markdown::normalize_heading(app.input.text())
    }

    fn report(&self, app: &App) -> String {
        report(app)
    }

    fn copy_entries(&self, app: &App) -> Vec<CopyEntry> {
        copy_entries(app)
    }
}
