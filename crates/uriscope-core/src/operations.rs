//! The operations of the crate root as methods of the reference type.

use crate::compare::Equivalence;
use crate::syntax::parse::parse_with;
use crate::{NormalizeError, NormalizeOptions, ParseError, ParseOptions, ResolveError};
use crate::{ResolveOptions, UriRef};

impl<'a> UriRef<'a> {
    /// Validate `input` as an RFC 3986 URI-reference: [`parse`](crate::parse).
    ///
    /// ```
    /// use uriscope_core::UriRef;
    /// let u = UriRef::parse("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
    /// assert_eq!((u.scheme(), u.path()), (Some("foo"), "/over/there"));
    /// ```
    pub fn parse(input: &'a str) -> Result<UriRef<'a>, ParseError> {
        parse_with(input, ParseOptions::new())
    }

    /// Validate `input` under `options` (an IRI with
    /// [`ParseOptions::iri`]), stopping at the first error.
    ///
    /// ```
    /// use uriscope_core::{ParseOptions, UriRef};
    /// let u = UriRef::parse_with("http://例え.jp/パス", ParseOptions::new().iri(true)).unwrap();
    /// assert_eq!(u.host(), Some("例え.jp"));
    /// ```
    pub fn parse_with(input: &'a str, options: ParseOptions) -> Result<UriRef<'a>, ParseError> {
        parse_with(input, options)
    }

    /// Resolve `reference` against this reference as the base (RFC 3986
    /// §5.2): [`resolve`](fn@crate::resolve) with this text as the base.
    ///
    /// ```
    /// use uriscope_core::{ResolveOptions, UriRef};
    /// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    /// assert_eq!(base.resolve("../g", ResolveOptions::new()).unwrap(), "http://a/b/g");
    /// ```
    pub fn resolve(
        &self,
        reference: &str,
        options: ResolveOptions,
    ) -> Result<String, ResolveError> {
        crate::resolve(self.as_str(), reference, options)
    }

    /// This reference normalized (§6.2.2, §6.2.3):
    /// [`normalize`](fn@crate::normalize) of its text.
    ///
    /// ```
    /// use uriscope_core::{NormalizeOptions, UriRef};
    /// let u = UriRef::parse("HTTP://Example.COM:80/%7ea/./b").unwrap();
    /// assert_eq!(u.normalize(NormalizeOptions::new()).unwrap(), "http://example.com/~a/b");
    /// ```
    pub fn normalize(&self, options: NormalizeOptions) -> Result<String, NormalizeError> {
        crate::normalize(self.as_str(), options)
    }

    /// This reference compared with `other` up the §6.2 ladder:
    /// [`compare::equivalence`](crate::compare::equivalence).
    ///
    /// ```
    /// use uriscope_core::{NormalizeOptions, UriRef};
    /// let u = UriRef::parse("http://a/%7e").unwrap();
    /// assert!(u.equivalence("HTTP://A/~", NormalizeOptions::new()).unwrap().is_equivalent());
    /// ```
    pub fn equivalence(
        &self,
        other: &str,
        options: NormalizeOptions,
    ) -> Result<Equivalence, NormalizeError> {
        crate::compare::equivalence(self.as_str(), other, options)
    }
}
