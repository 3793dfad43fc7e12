//! `uriscope rfc`: the RFC texts compiled into the binary, by section, by
//! ABNF rule or by finding code — the same text the explorer's RFC overlay
//! shows.
//!
//! ```text
//! uriscope rfc                          # the RFCs shipped (and cited, not shipped)
//! uriscope rfc 3986                     # its sections
//! uriscope rfc 3986 5.2.4               # one section
//! uriscope rfc 3986 --rule path-abempty # a rule's definition and its section
//! uriscope rfc --rule ZoneID            # the first RFC defining it
//! uriscope rfc 6570 3.2.8               # a URI Template operator
//! uriscope rfc --code encoded-slash     # what a finding code cites
//! uriscope rfc --code data-base64       # a data: finding (RFC 2397)
//! ```

use std::io::{self, Write};

use clap::Args;

use super::{EXIT_FAILED, EXIT_OK};
use crate::spec;
use crate::text::diag::{say, Place};

/// Arguments of `uriscope rfc`.
#[derive(Debug, Args)]
pub struct RfcArgs {
    /// The RFC number: 3986, 3987, 2396, 6874, 5952, or a scheme's or
    /// template's RFC (`uriscope rfc` lists them).
    pub rfc: Option<u32>,
    /// A section: `5.2.4`, `A` or `Appendix A`.
    pub section: Option<String>,
    /// An ABNF rule (case-insensitive): its definition, then its section.
    #[arg(long, conflicts_with = "section")]
    pub rule: Option<String>,
    /// A finding code (`encoded-slash`, `bad-percent`): the sections it
    /// cites, each printed.
    #[arg(long, conflicts_with_all = ["section", "rule", "rfc"])]
    pub code: Option<String>,
}

/// Run `uriscope rfc`; 1 when the section, rule or code is unknown.
pub fn run(args: &RfcArgs) -> io::Result<i32> {
    let mut out = io::BufWriter::new(super::output::stdout());
    let status = answer(args, &mut out)?;
    out.flush()?;
    Ok(status)
}

fn answer(args: &RfcArgs, out: &mut impl Write) -> io::Result<i32> {
    if let Some(code) = &args.code {
        let Some(citation) = spec::for_code(code) else {
            let why = "no such code (`uriscope rfc --code` takes the codes findings carry)";
            say("rfc", Place::Nowhere, Some(code.as_bytes()), why);
            return Ok(EXIT_FAILED);
        };
        writeln!(out, "{code}: {citation}")?;
        for c in spec::cite(citation) {
            writeln!(out)?;
            print_cite(&c, out)?;
        }
        return Ok(EXIT_OK);
    }
    if let Some(name) = &args.rule {
        let Some(r) = spec::rule(args.rfc, name) else {
            let place = args
                .rfc
                .map_or("any RFC shipped".to_string(), |r| format!("RFC {r}"));
            say(
                "rfc",
                Place::Nowhere,
                Some(name.as_bytes()),
                &format!("no ABNF rule of that name in {place}"),
            );
            return Ok(EXIT_FAILED);
        };
        let place = |id: &str| {
            spec::Cite {
                rfc: r.rfc,
                section: id.to_string(),
            }
            .to_string()
        };
        let defined_in: Vec<String> = r.defined_in.iter().map(|s| place(s)).collect();
        writeln!(
            out,
            "{} ({}; defined in {}):\n",
            r.name,
            place(r.section),
            defined_in.join(", ")
        )?;
        out.write_all(r.definition.as_bytes())?;
        writeln!(out)?;
        if let Some(s) = spec::section(r.rfc, r.section) {
            print_section(&s, out)?;
        }
        return Ok(EXIT_OK);
    }
    let Some(rfc) = args.rfc else {
        writeln!(out, "Shipped (`uriscope rfc N` for the sections):")?;
        for d in spec::DOCS {
            writeln!(out, "  RFC {:<5} {}", d.rfc, d.title)?;
        }
        writeln!(out, "Cited, not shipped (number and section only):")?;
        for (n, t) in spec::NOT_SHIPPED {
            writeln!(out, "  RFC {n:<5} {t}")?;
        }
        return Ok(EXIT_OK);
    };
    let Some(doc) = spec::doc(rfc) else {
        match spec::not_shipped(rfc) {
            Some(t) => say(
                "rfc",
                Place::Nowhere,
                Some(rfc.to_string().as_bytes()),
                &format!("RFC {rfc} ({t}) is cited but its text is not shipped"),
            ),
            None => say(
                "rfc",
                Place::Nowhere,
                Some(rfc.to_string().as_bytes()),
                &format!("RFC {rfc} is not one uriscope ships (`uriscope rfc` lists them)"),
            ),
        }
        return Ok(EXIT_FAILED);
    };
    match &args.section {
        None => {
            writeln!(out, "RFC {}: {}", doc.rfc, doc.title)?;
            for s in doc.sections {
                let depth = s.id.split('.').count();
                writeln!(
                    out,
                    "{:indent$}{}  {}",
                    "",
                    s.id,
                    s.title,
                    indent = 2 * depth
                )?;
            }
            Ok(EXIT_OK)
        }
        Some(id) => match spec::section(rfc, id) {
            Some(s) => {
                print_section(&s, out)?;
                Ok(EXIT_OK)
            }
            None => {
                let why =
                    format!("RFC {rfc} has no such section (`uriscope rfc {rfc}` lists them)");
                say("rfc", Place::Nowhere, Some(id.as_bytes()), &why);
                Ok(EXIT_FAILED)
            }
        },
    }
}

fn print_cite(c: &spec::Cite, out: &mut impl Write) -> io::Result<()> {
    match spec::section(c.rfc, &c.section) {
        Some(s) => print_section(&s, out),
        None => match spec::not_shipped(c.rfc) {
            Some(t) => writeln!(out, "{c} ({t}): the text is not shipped"),
            None => writeln!(out, "{c}: no such section"),
        },
    }
}

/// The section's text, then its subsections' titles.
pub fn print_section(s: &spec::Section, out: &mut impl Write) -> io::Result<()> {
    let cite = spec::Cite {
        rfc: s.rfc,
        section: s.id.to_string(),
    };
    writeln!(out, "{cite}: {}", s.title)?;
    out.write_all(s.text.trim_end().as_bytes())?;
    writeln!(out)?;
    if !s.subsections.is_empty() {
        writeln!(out, "\nSubsections:")?;
        for (id, title) in &s.subsections {
            writeln!(out, "  {id}  {title}")?;
        }
    }
    Ok(())
}
