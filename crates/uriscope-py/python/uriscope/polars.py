"""The ``uri`` expression namespace for Polars.

``import uriscope.polars`` registers it (``import uriscope`` does too when
Polars is already imported)::

    import polars as pl
    import uriscope.polars  # noqa: F401

    df.with_columns(
        pl.col("url").uri.normalize().alias("normal"),
        pl.col("url").uri.host().alias("host"),
        pl.col("url").uri.parse().alias("parts"),
    )

Each method is an element-wise ``map_batches`` over the Arrow functions of
``uriscope``: it runs on each batch as Polars hands it over (lazy and
streaming queries included), reads the strings in place and gives a
column of the declared type, so the query plan knows the schema. The
components (``parse``'s text fields, ``host``...) come back as views into
the batch's own string buffers, which Polars takes without a copy.
"""

from __future__ import annotations

import functools

import polars as pl
import pyarrow as pa

import uriscope as _u
from . import _core

__all__ = ["UriNamespace", "PARSE_DTYPE", "FINDINGS_DTYPE"]


def _dtype(arrow_type: pa.DataType) -> pl.DataType:
    """The Polars type of an answer of Arrow type ``arrow_type``."""
    return pl.from_arrow(pa.array([], arrow_type)).dtype


#: The Polars type of ``.uri.parse()`` (from ``uriscope.PARSE_TYPE``).
PARSE_DTYPE = _dtype(_u.PARSE_TYPE)

#: The Polars type of ``.uri.findings()`` (from ``uriscope.FINDINGS_TYPE``).
FINDINGS_DTYPE = _dtype(_u.FINDINGS_TYPE)


@functools.lru_cache(maxsize=64)
def _return_dtype(fn, *args) -> pl.DataType:
    """The Polars type of ``fn``'s answer (``args``: its positional
    arguments, which do not change the type)."""
    return _dtype(_u._answer_type(fn, *args))


def _map(expr: pl.Expr, fn, *args, **kw) -> pl.Expr:
    """``fn`` (a column function of ``uriscope._core``) over each batch of
    ``expr``, through ``uriscope``'s one adapter."""

    def run(s: pl.Series) -> pl.Series:
        return pl.Series(s.name, _u._call(fn, s, *args, **kw))

    return expr.map_batches(run, return_dtype=_return_dtype(fn, *args), is_elementwise=True)


@pl.api.register_expr_namespace("uri")
class UriNamespace:
    """URI functions on a string expression (RFC 3986); each row's answer is
    the ``uriscope`` command's, a null where there is none."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def parse(self, *, iri: bool = False) -> pl.Expr:
        """A struct per row (RFC 3986 §3): see ``uriscope.parse``."""
        return _map(self._expr, _core.parse, iri=iri)

    def findings(self, *, iri: bool = False) -> pl.Expr:
        """Every finding of each row: see ``uriscope.findings``."""
        return _map(self._expr, _core.findings, iri=iri)

    def is_valid(self, *, iri: bool = False) -> pl.Expr:
        """Whether each row is a valid URI-reference (RFC 3986 §4.1)."""
        return _map(self._expr, _core.is_valid, iri=iri)

    def normalize(
        self,
        *,
        syntax_only: bool = False,
        rfc5952: bool = False,
        keep_encoded_dots: bool = False,
        iri: bool = False,
    ) -> pl.Expr:
        """The normal form (RFC 3986 §6.2.2, §6.2.3): see ``uriscope.normalize``."""
        return _map(
            self._expr,
            _core.normalize,
            syntax_only=syntax_only,
            rfc5952=rfc5952,
            keep_encoded_dots=keep_encoded_dots,
            iri=iri,
        )

    def equivalence_key(self, *, keep_encoded_dots: bool = False, iri: bool = False) -> pl.Expr:
        """The key ``uriscope dedupe`` groups by (RFC 3986 §6.2)."""
        return _map(self._expr, _core.equivalence_key, keep_encoded_dots=keep_encoded_dots, iri=iri)

    def resolve(self, base: str, *, compat: bool = False, iri: bool = False) -> pl.Expr:
        """Each reference resolved against ``base`` (RFC 3986 §5.2)."""
        return _map(self._expr, _core.resolve, base, compat=compat, iri=iri)

    def relative(self, base: str, *, iri: bool = False) -> pl.Expr:
        """The shortest reference from ``base`` to each target (RFC 3986 §5.2)."""
        return _map(self._expr, _core.relative, base, iri=iri)

    def encode(self, *, set: str = "unreserved", keep_escapes: bool = False) -> pl.Expr:
        """Each text percent-encoded for a component (RFC 3986 §2.1)."""
        return _map(self._expr, _core.encode, set=set, keep_escapes=keep_escapes)

    def decode(self, *, plus: bool = False) -> pl.Expr:
        """Each text's escapes decoded (RFC 3986 §2.1); null if not UTF-8."""
        return _map(self._expr, _core.decode, plus=plus)

    def component(self, name: str, *, iri: bool = False) -> pl.Expr:
        """One component, as ``uriscope.component``."""
        return _map(self._expr, _core.component, name, iri=iri)

    def scheme(self, *, iri: bool = False) -> pl.Expr:
        """The scheme (RFC 3986 §3.1)."""
        return self.component("scheme", iri=iri)

    def userinfo(self, *, iri: bool = False) -> pl.Expr:
        """The userinfo (RFC 3986 §3.2.1)."""
        return self.component("userinfo", iri=iri)

    def host(self, *, iri: bool = False) -> pl.Expr:
        """The host (RFC 3986 §3.2.2)."""
        return self.component("host", iri=iri)

    def port(self, *, iri: bool = False) -> pl.Expr:
        """The port (RFC 3986 §3.2.3), as written."""
        return self.component("port", iri=iri)

    def path(self, *, iri: bool = False) -> pl.Expr:
        """The path (RFC 3986 §3.3)."""
        return self.component("path", iri=iri)

    def query(self, *, iri: bool = False) -> pl.Expr:
        """The query (RFC 3986 §3.4)."""
        return self.component("query", iri=iri)

    def fragment(self, *, iri: bool = False) -> pl.Expr:
        """The fragment (RFC 3986 §3.5)."""
        return self.component("fragment", iri=iri)
