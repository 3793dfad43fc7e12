//! One URL through trurl (`singleurl`): read (and redirected), then for
//! each lap of `--iterate` (one lap without it) the `--set` components
//! set, the iterated one set, the path appended to and re-encoded, the
//! other parts re-encoded, the query's pairs trimmed, replaced, appended
//! to and sorted, the URL read again when it was edited, and written.
//! Several `--iterate` options nest: each lap of one runs every lap of
//! the next on the same URL, and only the innermost writes.

use crate::cli::edit_flags::Flag;
use std::io::Write;

use super::{error, query, Mods, Runner, Stop, EXIT_BADURL, EXIT_ITER, EXIT_SET, EXIT_URL};
use crate::curl::query::{self as pairs, QueryPairs};
use crate::curl::{lossy, trurl, CurlUrl, Flags, Part};

/// The most bytes of `part=item` trurl sets for one `--iterate` item.
const ITER_LINE_MAX: usize = 1023;

impl<W: Write, E: Write> Runner<'_, W, E> {
    /// One URL (`None`: the URL made from `--set` alone).
    pub(super) fn one(&mut self, url: Option<&[u8]>) -> Result<(), Stop> {
        let mut u = CurlUrl::default();
        if let Some(url) = url {
            let flags = self.read_flags();
            if let Err(code) = u.set_traced(Part::Url, Some(url), flags, &mut self.trace) {
                return self.verify(EXIT_BADURL, format!("{} [{}]", code.message(), lossy(url)));
            }
            if let Some(r) = &self.o.plan.redirect {
                if let Err(code) = u.set_traced(Part::Url, Some(r), flags, &mut self.trace) {
                    return self.verify(
                        EXIT_BADURL,
                        format!("invalid redirection: {} [{}]", code.message(), lossy(r)),
                    );
                }
            }
        }
        self.laps(&mut u, url, 0, 0)?;
        if self.o.plan.on(Flag::Explain) {
            let steps = self.trace.take();
            super::explain::write_trurl(self.err, url, &steps)?;
        }
        Ok(())
    }

    /// The laps of `--iterate` number `level` (one lap when there is none)
    /// on `u`; `iterated` holds the parts iterated by outer levels.
    fn laps(
        &mut self,
        u: &mut CurlUrl,
        url: Option<&[u8]>,
        level: usize,
        iterated: u32,
    ) -> Result<(), Stop> {
        let o = self.o;
        let iter = o.plan.iterate.get(level);
        let inner = level + 1 < o.plan.iterate.len();
        let mut first_lap = true;
        // Where the next item starts; None before the first and after the last.
        let mut next: Option<usize> = None;
        let mut target: Option<(Part, bool, usize)> = None;
        loop {
            let set = self.set_all(u)?;
            if let Some(it) = iter {
                let start = match next {
                    Some(n) => n,
                    None => {
                        let t = iterate_target(it, iterated, set)?;
                        target = Some(t);
                        // After "name=" or "name:=".
                        t.2 + if t.1 { 1 } else { 2 }
                    }
                };
                let Some((part, encode, name_len)) = target else {
                    unreachable!("set on the first lap");
                };
                let rest = &it[start..];
                let item_len = match rest.iter().position(|&b| b == b' ') {
                    Some(sp) => {
                        next = Some(start + sp + 1);
                        sp
                    }
                    None => {
                        next = None;
                        rest.len()
                    }
                };
                let mut line = it[..name_len].to_vec();
                if !encode {
                    line.push(b':');
                }
                line.push(b'=');
                line.extend_from_slice(&rest[..item_len]);
                line.truncate(ITER_LINE_MAX);
                self.set_one(u, &line)?;
                if inner {
                    self.laps(u, url, level + 1, iterated | part.bit())?;
                }
            }
            if first_lap {
                trurl::path(u, &o.append_path, &mut self.trace);
                trurl::parts(u, &mut self.trace);
            }
            let pairs = self.pairs(u, first_lap);
            let invalid = if url.is_none()
                || o.plan.redirect.is_some()
                || !o.plan.sets.is_empty()
                || !o.append_path.is_empty()
            {
                self.read_again(u)?
            } else {
                false
            };
            if !inner && !invalid {
                self.write(u, &pairs)?;
            }
            self.urls += 1;
            first_lap = false;
            if next.is_none() {
                return Ok(());
            }
        }
    }

    /// The query's pairs, trimmed, replaced, appended to (on the first
    /// lap) and sorted, written back to `u` when that changed them.
    fn pairs(&mut self, u: &mut CurlUrl, first_lap: bool) -> QueryPairs {
        let o = self.o;
        let wanted = o.plan.on(Flag::Json)
            || o.plan
                .get
                .as_deref()
                .is_some_and(|f| f.windows(5).any(|w| w == b"query"))
            || !o.trims.is_empty()
            || !o.replaces.is_empty()
            || (first_lap && !o.append_query.is_empty())
            || o.plan.on(Flag::SortQuery);
        // Without an option that reads or changes the pairs, they matter
        // only when normalizing would write the query back otherwise.
        if !wanted && pairs::is_normal(u, self.qsep) && !has_empty_pair(u, self.qsep) {
            return QueryPairs::default();
        }
        let (mut pairs, mut modified) = QueryPairs::extract(u, self.qsep, o.plan.on(Flag::Json));
        // trurl 0.16.1 leaves zero-length pairs out (`e?e&&` is
        // `http://e/?e`): an empty pair is written back as nothing.
        modified |=
            pairs.pairs.iter().any(|p| p.encoded.is_empty()) || has_empty_pair(u, self.qsep);
        modified |= query::trim(&mut pairs, &o.trims);
        modified |= query::replace(
            &mut pairs,
            &o.replaces,
            o.replace_append,
            o.plan.on(Flag::Json),
        );
        if first_lap {
            for a in &o.append_query {
                pairs.add(a, o.plan.on(Flag::Json));
                modified = true;
            }
        }
        if o.plan.on(Flag::SortQuery) {
            query::sort(&mut pairs);
            modified = true;
        }
        for _ in 0..std::mem::take(&mut pairs.dropped) {
            self.warn("too many query pairs");
        }
        if modified {
            trurl::set_query(u, &pairs, self.qsep, &mut self.trace);
        }
        pairs
    }

    /// An edited URL written out and read again, as trurl checks it is
    /// still a URL; whether it is not.
    fn read_again(&mut self, u: &mut CurlUrl) -> Result<bool, Stop> {
        if u.url_into(Flags::NONE, &mut self.buf).is_err() {
            self.verify(EXIT_URL, "not enough input for a URL".into())?;
            return Ok(true);
        }
        let flags = self.read_flags();
        if let Err(code) = u.set_traced(Part::Url, Some(&self.buf), flags, &mut self.trace) {
            let message = format!("{} [{}]", code.message(), lossy(&self.buf));
            self.verify(EXIT_BADURL, message)?;
            return Ok(true);
        }
        if !u.writable() {
            self.verify(EXIT_BADURL, "url became invalid".into())?;
            return Ok(true);
        }
        Ok(false)
    }

    /// The URL written: as JSON, through `--get`, or whole.
    fn write(&mut self, u: &CurlUrl, pairs: &QueryPairs) -> Result<(), Stop> {
        if self.o.plan.on(Flag::Json) {
            return self.json(u, pairs);
        }
        let o = self.o;
        if let (Some(f), Some(t)) = (&o.plan.get, &o.template) {
            return self.get(u, pairs, f, t);
        }
        let m = Mods::default();
        let flags = self.part_flags(m, Part::Url);
        trurl::note_output(u, flags, &mut self.trace);
        // Written into the kept buffer, unless --as-idn may need another try.
        let mut url = std::mem::take(&mut self.buf);
        let written = if self.puny2idn {
            self.part(u, m, Part::Url).map(|v| url = v)
        } else {
            u.url_into(flags, &mut url)
        };
        if written.is_ok() {
            if let Some(r) = self.refused(&url) {
                self.warn(&format!(
                    "the URL holds {r}, which a terminal acts on; it is not written (--raw \
                     writes it, --json escapes it)"
                ));
            } else {
                url.push(b'\n');
                self.out.write_all(&url)?;
            }
        }
        self.buf = url;
        Ok(())
    }

    /// Every `--set`, in order (`set`): a component set twice is an error.
    /// Returns the parts set.
    fn set_all(&mut self, u: &mut CurlUrl) -> Result<u32, Stop> {
        let mut mask = 0;
        for line in &self.o.plan.sets {
            if let Some(part) = self.set_one(u, line)? {
                if mask & part.bit() != 0 {
                    return Err(error(
                        EXIT_SET,
                        format!("duplicate --set for component {}", part.name()),
                    ));
                }
                mask |= part.bit();
            }
        }
        Ok(mask)
    }

    /// One `COMP=VALUE` (`setone`): `COMP:=` sets the value as encoded,
    /// `COMP?=` only when the component is not there, an empty value
    /// clears; libcurl refusing the value is a note.
    fn set_one(&mut self, u: &mut CurlUrl, line: &[u8]) -> Result<Option<Part>, Stop> {
        let eq = match line.iter().position(|&b| b == b'=') {
            Some(eq) if eq > 0 => eq,
            _ => {
                return Err(error(
                    EXIT_SET,
                    format!("invalid --set syntax: {}", lossy(line)),
                ))
            }
        };
        let (mut name_len, mut encode, mut only_if_unset) = (eq, true, false);
        let mut needed = 1;
        while name_len > needed {
            match line[name_len - 1] {
                b':' => encode = false,
                b'?' => only_if_unset = true,
                _ => break,
            }
            name_len -= 1;
            needed += 1;
        }
        let Some(part) = Part::component(&line[..name_len]) else {
            return Err(error(
                EXIT_SET,
                format!("unknown component: {}", lossy(&line[..name_len])),
            ));
        };
        let value = &line[eq + 1..];
        if part == Part::Host && value.first() == Some(&b'[') {
            encode = false;
        }
        if only_if_unset && u.get(part, Flags::NO_GUESS_SCHEME).is_ok() {
            return Ok(Some(part));
        }
        let mut flags = if self.o.plan.on(Flag::Curl) {
            Flags::NONE
        } else {
            Flags::NON_SUPPORT_SCHEME
        };
        if encode {
            flags = flags | Flags::URLENCODE;
        }
        let value = (!value.is_empty()).then_some(value);
        if let Err(code) = u.set(part, value, flags) {
            self.warn(&format!(
                "Error setting {}: {}",
                part.name(),
                code.message()
            ));
        }
        Ok(Some(part))
    }
}

/// The part an `--iterate` line names (`part=items`, `part:=items` for
/// items given encoded): the part, whether to encode, the name's length
/// and where the items start; an error for a bad line or a part already
/// iterated or set.
fn iterate_target(line: &[u8], iterated: u32, set: u32) -> Result<(Part, bool, usize), Stop> {
    let eq = line
        .iter()
        .position(|&b| b == b'=')
        .ok_or_else(|| error(EXIT_ITER, "wrong iterate syntax"))?;
    let encode = !(eq > 0 && line[eq - 1] == b':');
    let name_len = if encode { eq } else { eq - 1 };
    let part = Part::component(&line[..name_len])
        .ok_or_else(|| error(EXIT_ITER, "bad component for iterate"))?;
    if iterated & part.bit() != 0 {
        return Err(error(
            EXIT_ITER,
            format!("duplicate component for iterate: {}", part.name()),
        ));
    }
    if set & part.bit() != 0 {
        return Err(error(
            EXIT_ITER,
            format!(
                "duplicate --iterate and --set for component {}",
                part.name()
            ),
        ));
    }
    Ok((part, encode, name_len))
}

/// Whether `u`'s query has a zero-length pair: two separators in a row,
/// one at either end, or a query of nothing but separators.
fn has_empty_pair(u: &CurlUrl, sep: u8) -> bool {
    u.get(Part::Query, Flags::NONE)
        .is_ok_and(|q| !q.is_empty() && q.split(|&b| b == sep).any(<[u8]>::is_empty))
}
