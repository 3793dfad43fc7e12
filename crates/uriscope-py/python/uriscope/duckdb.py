"""uriscope's functions as vectorised (Arrow) DuckDB functions.

::

    import duckdb, uriscope.duckdb
    con = duckdb.connect()
    uriscope.duckdb.register(con)
    con.sql("SELECT uri_host(url), count(*) FROM 'urls.parquet' GROUP BY 1")

Each function receives a batch of rows as an Arrow array and answers the
whole batch in one call into the core; a row without an answer is NULL.
"""

from __future__ import annotations

import duckdb
import pyarrow as pa

import uriscope as _u
from uriscope import _core

__all__ = ["register", "FUNCTIONS"]

def _sql(t: pa.DataType) -> str:
    """The DuckDB SQL type of the Arrow type ``t`` of an answer."""
    if pa.types.is_boolean(t):
        return "BOOLEAN"
    if pa.types.is_int64(t):
        return "BIGINT"
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return "VARCHAR"
    if pa.types.is_struct(t):
        return "STRUCT(" + ", ".join(f'"{f.name}" {_sql(f.type)}' for f in t) + ")"
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return _sql(t.value_type) + "[]"
    raise TypeError(f"no DuckDB type for {t}")


def _flat(a):
    """One Arrow array from what DuckDB hands over."""
    if isinstance(a, pa.ChunkedArray):
        return a.combine_chunks()
    return a


def _one(fn, *args, **kw):
    """A DuckDB function of one column: ``fn`` (a column function of
    ``uriscope._core``) through ``uriscope``'s one adapter; its SQL type
    is that of ``fn``'s answer."""

    def udf(urls):
        return _flat(_u._call(fn, _flat(urls), *args, **kw))

    return udf, ["VARCHAR"], _sql(_u._answer_type(fn, *args, **kw))


def _resolve(bases, references):
    return _flat(_u._call(_core.resolve, _flat(references), _flat(bases)))


#: name -> (function, parameter types, return type, what it answers).
FUNCTIONS = {
    "uri_parse": (*_one(_core.parse), "RFC 3986 §3: a struct"),
    "uri_findings": (*_one(_core.findings), "every finding"),
    "uri_is_valid": (*_one(_core.is_valid), "RFC 3986 §4.1"),
    "uri_normalize": (*_one(_core.normalize), "RFC 3986 §6.2.2, §6.2.3"),
    "uri_equivalence_key": (
        *_one(_core.equivalence_key),
        "the key uriscope dedupe groups by (RFC 3986 §6.2)",
    ),
    "uri_resolve": (_resolve, ["VARCHAR", "VARCHAR"], "VARCHAR", "(base, ref): RFC 3986 §5.2"),
    "uri_encode": (*_one(_core.encode), "RFC 3986 §2.1, unreserved set"),
    "uri_decode": (*_one(_core.decode), "RFC 3986 §2.1"),
}
FUNCTIONS.update(
    (f"uri_{name}", (*_one(_core.component, name), f"RFC 3986 {section}"))
    for name, section in (
        ("scheme", "§3.1"),
        ("userinfo", "§3.2.1"),
        ("host", "§3.2.2"),
        ("port", "§3.2.3"),
        ("path", "§3.3"),
        ("query", "§3.4"),
        ("fragment", "§3.5"),
    )
)


def register(con: "duckdb.DuckDBPyConnection", *, prefix: str = "") -> list[str]:
    """Register every function of ``FUNCTIONS`` on ``con`` as an Arrow UDF
    (``uri_normalize(url)``, ``uri_host(url)``, ``uri_parse(url)``,
    ``uri_resolve(base, ref)``, ``uri_equivalence_key(url)``...), each name
    with ``prefix`` in front; returns the names registered."""
    names = []
    for name, (fn, params, ret, _doc) in FUNCTIONS.items():
        full = prefix + name
        con.create_function(
            full,
            fn,
            [duckdb.sqltype(p) for p in params],
            duckdb.sqltype(ret),
            type="arrow",
            # A NULL in is a NULL out (the core answers it), and a row
            # without an answer is a NULL: DuckDB's default rejects both.
            null_handling="special",
            side_effects=False,
        )
        names.append(full)
    return names
