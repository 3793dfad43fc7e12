"""uriscope: RFC 3986 URI-references for columns of URLs.

Each function takes a column -- anything that speaks the Arrow PyCapsule
interface (pyarrow arrays and chunked arrays, Polars Series, DuckDB and
nanoarrow results), a pandas Series, or a list of ``str``/``None`` -- and
returns a pyarrow array (a chunked array for a chunked input, chunk for
chunk). The strings are read in place (no copy for ``string``,
``large_string`` and ``string_view`` columns), the GIL is released while
the core runs, and a row without an answer is null: bad input never raises
in the middle of a column (``findings`` says why).

The answers are the ``uriscope`` command's: ``parse`` as ``uriscope parse
--json``, ``normalize`` as ``uriscope normalize``, ``resolve`` as
``uriscope resolve``, ``equivalence_key`` as the key ``uriscope dedupe``
groups by.

Engines: ``import uriscope.polars`` (the ``.uri`` expression namespace),
``uriscope.duckdb.register(con)``, ``uriscope.spark.normalize(df, "url")``.
"""

from __future__ import annotations

import sys

import pyarrow as pa

from . import _core
from ._core import Uri

__all__ = [
    "Uri",
    "parse",
    "findings",
    "component",
    "scheme",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
    "is_valid",
    "normalize",
    "equivalence_key",
    "resolve",
    "relative",
    "encode",
    "decode",
    "ENCODE_SETS",
    "PARSE_TYPE",
    "FINDINGS_TYPE",
]

#: The encode sets of ``encode``: name -> the section that defines it.
ENCODE_SETS = dict(_core.encode_sets())

def _column(urls):
    """The column as the core reads it: Arrow objects and lists as they
    are, a pandas Series through pyarrow (zero-copy for Arrow strings)."""
    if hasattr(urls, "__arrow_c_array__") or hasattr(urls, "__arrow_c_stream__"):
        return urls
    mod = type(urls).__module__
    if mod.startswith("pandas"):
        return pa.array(urls, from_pandas=True)
    if hasattr(urls, "__array__") and not isinstance(urls, (list, tuple)):
        return pa.array(urls)
    return urls


def _out(obj):
    """The core's answer as a pyarrow array or chunked array."""
    if type(obj).__name__ == "ChunkedArray":
        return pa.chunked_array(obj)
    return pa.array(obj)


def _call(fn, urls, *args, **kw):
    """The one adapter every surface goes through (these functions, the
    Polars namespace, the DuckDB functions, the Spark batches): ``fn``, a
    column function of ``uriscope._core``, on the column ``urls``; its
    answer as a pyarrow array (a chunked array for a chunked input)."""
    return _out(fn(_column(urls), *args, **kw))


def _answer_type(fn, *args, **kw) -> pa.DataType:
    """The Arrow type of ``fn``'s answer, read from the core's answer to no
    rows: the engines' declared types are derived from it, never restated."""
    return _call(fn, pa.array([], pa.string()), *args, **kw).type


#: The Arrow type of ``parse``'s answer: a struct whose text fields are
#: ``string_view`` (views into the input's buffers: no text is copied).
PARSE_TYPE = _answer_type(_core.parse)

#: The Arrow type of ``findings``' answer.
FINDINGS_TYPE = _answer_type(_core.findings)


def parse(urls, *, iri: bool = False):
    """Parse each URI-reference (RFC 3986 §3, §4.1; RFC 3987 §2.2 with
    ``iri``): a struct per row (``PARSE_TYPE``).

    Fields: ``valid``; ``kind`` (``uri``, ``network-path``,
    ``absolute-path``, ``relative-path``, ``same-document``...); the
    components as written -- ``scheme`` (§3.1), ``authority`` (§3.2),
    ``userinfo`` (§3.2.1), ``host`` and ``host_kind`` (§3.2.2), ``port``
    (§3.2.3), ``path`` (§3.3), ``query`` (§3.4), ``fragment`` (§3.5) --
    and the first finding's ``finding`` code and ``finding_start`` byte.
    For invalid input the components are the Appendix B split (scheme,
    authority, path, query, fragment) with no userinfo, host or port,
    exactly as ``uriscope parse --json`` gives them. A null input gives a
    null row; a row that is not UTF-8 (a binary column's, a ``str`` with a
    lone surrogate) is ``valid`` false with the ``not-utf8`` finding at
    byte 0 and no components.

    The text fields are ``string_view`` columns whose views point into the
    input column's own buffers (a component is a slice of its URL): no
    text is copied, and the answer keeps the input's buffers alive.
    """
    return _call(_core.parse, urls, iri=iri)


def findings(urls, *, iri: bool = False):
    """Every finding of each row (``FINDINGS_TYPE``): the grammar's (RFC
    3986 §3, Appendix A) and the lint's (§7 security, §6 normal forms), each
    with its ``code``, byte span ``start``-``end``, ``severity`` (error,
    warning, note), the ``section`` that explains it and a ``message``. An
    empty list for a clean URL; null for a null input; ``not-utf8`` (RFC
    3986 §2.5) for a row that is not UTF-8."""
    return _call(_core.findings, urls, iri=iri)


def component(urls, name: str, *, iri: bool = False):
    """One component of each row, as ``parse`` gives it: ``scheme``
    (RFC 3986 §3.1), ``authority`` (§3.2), ``userinfo`` (§3.2.1), ``host``
    (§3.2.2), ``port`` (§3.2.3), ``path`` (§3.3), ``query`` (§3.4) or
    ``fragment`` (§3.5). Null when absent (an empty component is ``""``).
    A ``string_view`` column pointing into the input's buffers."""
    return _call(_core.component, urls, name, iri=iri)


def scheme(urls, *, iri: bool = False):
    """The scheme of each row (RFC 3986 §3.1), as written."""
    return component(urls, "scheme", iri=iri)


def userinfo(urls, *, iri: bool = False):
    """The userinfo of each row (RFC 3986 §3.2.1); null for invalid input."""
    return component(urls, "userinfo", iri=iri)


def host(urls, *, iri: bool = False):
    """The host of each row (RFC 3986 §3.2.2), as written; null without an
    authority and for invalid input."""
    return component(urls, "host", iri=iri)


def port(urls, *, iri: bool = False):
    """The port of each row (RFC 3986 §3.2.3), as written (may be ``""``)."""
    return component(urls, "port", iri=iri)


def path(urls, *, iri: bool = False):
    """The path of each row (RFC 3986 §3.3); never null for a non-null row."""
    return component(urls, "path", iri=iri)


def query(urls, *, iri: bool = False):
    """The query of each row (RFC 3986 §3.4), without ``?``."""
    return component(urls, "query", iri=iri)


def fragment(urls, *, iri: bool = False):
    """The fragment of each row (RFC 3986 §3.5), without ``#``."""
    return component(urls, "fragment", iri=iri)


def is_valid(urls, *, iri: bool = False):
    """Whether each row is a valid URI-reference (RFC 3986 §4.1), or IRI
    reference (RFC 3987 §2.2) with ``iri``; false for a row that is not
    UTF-8, null for a null row."""
    return _call(_core.is_valid, urls, iri=iri)


def normalize(
    urls,
    *,
    syntax_only: bool = False,
    rfc5952: bool = False,
    keep_encoded_dots: bool = False,
    iri: bool = False,
):
    """The normal form of each row, as ``uriscope normalize``: RFC 3986
    §6.2.2 (case §6.2.2.1, percent-encoding §6.2.2.2, dot segments
    §6.2.2.3) and §6.2.3 scheme-based (default port dropped, empty path
    ``/``; not with ``syntax_only``); IPv6 in RFC 5952 text with
    ``rfc5952``; ``%2E`` segments kept with ``keep_encoded_dots``; IRIs
    (RFC 3987 §5.3) with ``iri``. Null where there is no normal form
    (invalid input)."""
    return _call(
        _core.normalize,
        urls,
        syntax_only=syntax_only,
        rfc5952=rfc5952,
        keep_encoded_dots=keep_encoded_dots,
        iri=iri,
    )


def equivalence_key(urls, *, keep_encoded_dots: bool = False, iri: bool = False):
    """The key ``uriscope dedupe`` groups each row by: two URLs with the
    same key are equivalent on the RFC 3986 §6.2 ladder (§6.2.1 simple
    string, §6.2.2 syntax-based, §6.2.3 scheme-based). Null where there is
    no normal form; such a row is equivalent only to its exact copies, so
    group by ``coalesce(key, url)``."""
    return _call(_core.equivalence_key, urls, keep_encoded_dots=keep_encoded_dots, iri=iri)


def resolve(references, base, *, compat: bool = False, iri: bool = False):
    """Each reference resolved against ``base`` (RFC 3986 §5.2; §5.4.2's
    backward-compatible reading with ``compat``; RFC 3987 §6.5 with
    ``iri``), as ``uriscope resolve``. ``base`` is one ``str`` for every
    row, or a column of bases, row by row. Null where the base or the
    reference is invalid or the base has no scheme (§5.2.1)."""
    if not isinstance(base, str):
        base = _column(base)
    return _call(_core.resolve, references, base, compat=compat, iri=iri)


def relative(targets, base: str, *, iri: bool = False):
    """The shortest reference that resolves against ``base`` to each target
    (RFC 3986 §5.2 in reverse; §4.2 relative references), as ``uriscope
    relative``. Null where the base or the target is invalid or the target
    has no scheme."""
    return _call(_core.relative, targets, base, iri=iri)


def encode(texts, *, set: str = "unreserved", keep_escapes: bool = False):
    """Each text percent-encoded for one component (RFC 3986 §2.1): every
    byte the set's ABNF does not allow becomes ``%HH``. ``set`` is one of
    ``ENCODE_SETS`` (``userinfo`` §3.2.1, ``reg-name`` §3.2.2, ``segment``,
    ``path`` §3.3, ``query``, ``query-param`` §3.4, ``fragment`` §3.5,
    ``unreserved`` §2.3, ``form``, ``uric``...). ``keep_escapes`` leaves a
    ``%`` that starts an escape as it is."""
    return _call(_core.encode, texts, set=set, keep_escapes=keep_escapes)


def decode(texts, *, plus: bool = False):
    """Each text's escapes decoded (RFC 3986 §2.1; a ``%`` that starts no
    escape is kept); ``+`` read as a space with ``plus``. Null where the
    decoded bytes are not UTF-8."""
    return _call(_core.decode, texts, plus=plus)


if "polars" in sys.modules:  # the namespace is there without an extra import
    from . import polars as _polars  # noqa: F401
