//! RFC 3986 §5.3: component recomposition.

use std::fmt;

/// The five components as text, each `None` when undefined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parts<'a> {
    /// Scheme, without `:`.
    pub scheme: Option<&'a str>,
    /// Authority, without `//`.
    pub authority: Option<&'a str>,
    /// Path.
    pub path: &'a str,
    /// Query, without `?`.
    pub query: Option<&'a str>,
    /// Fragment, without `#`.
    pub fragment: Option<&'a str>,
}

impl Parts<'_> {
    /// Write the §5.3 recomposition to `w`.
    pub(crate) fn write_to<W: fmt::Write>(&self, w: &mut W) -> fmt::Result {
        if let Some(s) = self.scheme {
            w.write_str(s)?;
            w.write_char(':')?;
        }
        if let Some(a) = self.authority {
            w.write_str("//")?;
            w.write_str(a)?;
        }
        w.write_str(self.path)?;
        if let Some(q) = self.query {
            w.write_char('?')?;
            w.write_str(q)?;
        }
        if let Some(f) = self.fragment {
            w.write_char('#')?;
            w.write_str(f)?;
        }
        Ok(())
    }

    /// The §5.3 recomposition as a new string.
    ///
    /// ```
    /// use uriscope_core::component::Parts;
    /// let p = Parts { scheme: Some("http"), authority: Some("a"), path: "/g", query: None, fragment: Some("s") };
    /// assert_eq!(p.recompose(), "http://a/g#s");
    /// ```
    #[must_use]
    pub fn recompose(&self) -> String {
        let len = self.scheme.map_or(0, |s| s.len() + 1)
            + self.authority.map_or(0, |a| a.len() + 2)
            + self.path.len()
            + self.query.map_or(0, |q| q.len() + 1)
            + self.fragment.map_or(0, |f| f.len() + 1);
        let mut s = String::with_capacity(len);
        self.write_to(&mut s)
            .expect("writing to a String cannot fail");
        s
    }
}

/// Recompose the components of `parts` (§5.3).
#[must_use]
pub fn recompose(parts: &Parts<'_>) -> String {
    parts.recompose()
}
