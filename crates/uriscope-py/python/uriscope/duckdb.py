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

__all__ = ["register", "FUNCTIONS"]

_PARSE_SQL = (
    "STRUCT(valid BOOLEAN, kind VARCHAR, scheme VARCHAR, authority VARCHAR, "
    "userinfo VARCHAR, host VARCHAR, host_kind VARCHAR, port VARCHAR, path VARCHAR, "
    "query VARCHAR, fragment VARCHAR, finding VARCHAR, finding_start BIGINT)"
)
_FINDINGS_SQL = (
    "STRUCT(code VARCHAR, start BIGINT, \"end\" BIGINT, severity VARCHAR, "
    "section VARCHAR, message VARCHAR)[]"
)


def _flat(a):
    """One Arrow array from what DuckDB hands over."""
    if isinstance(a, pa.ChunkedArray):
        return a.combine_chunks()
    return a


def _one(fn, **kw):
    def udf(urls):
        return _flat(fn(_flat(urls), **kw))

    return udf


def _resolve(bases, references):
    return _flat(_u.resolve(_flat(references), _flat(bases)))


def _component(name):
    return _one(_u.component, name=name)


#: name -> (function, parameter types, return type, what it answers).
FUNCTIONS = {
    "uri_parse": (_one(_u.parse), ["VARCHAR"], _PARSE_SQL, "RFC 3986 §3: a struct"),
    "uri_findings": (_one(_u.findings), ["VARCHAR"], _FINDINGS_SQL, "every finding"),
    "uri_is_valid": (_one(_u.is_valid), ["VARCHAR"], "BOOLEAN", "RFC 3986 §4.1"),
    "uri_normalize": (_one(_u.normalize), ["VARCHAR"], "VARCHAR", "RFC 3986 §6.2.2, §6.2.3"),
    "uri_equivalence_key": (
        _one(_u.equivalence_key),
        ["VARCHAR"],
        "VARCHAR",
        "the key uriscope dedupe groups by (RFC 3986 §6.2)",
    ),
    "uri_resolve": (_resolve, ["VARCHAR", "VARCHAR"], "VARCHAR", "(base, ref): RFC 3986 §5.2"),
    "uri_scheme": (_component("scheme"), ["VARCHAR"], "VARCHAR", "RFC 3986 §3.1"),
    "uri_userinfo": (_component("userinfo"), ["VARCHAR"], "VARCHAR", "RFC 3986 §3.2.1"),
    "uri_host": (_component("host"), ["VARCHAR"], "VARCHAR", "RFC 3986 §3.2.2"),
    "uri_port": (_component("port"), ["VARCHAR"], "VARCHAR", "RFC 3986 §3.2.3"),
    "uri_path": (_component("path"), ["VARCHAR"], "VARCHAR", "RFC 3986 §3.3"),
    "uri_query": (_component("query"), ["VARCHAR"], "VARCHAR", "RFC 3986 §3.4"),
    "uri_fragment": (_component("fragment"), ["VARCHAR"], "VARCHAR", "RFC 3986 §3.5"),
    "uri_encode": (_one(_u.encode), ["VARCHAR"], "VARCHAR", "RFC 3986 §2.1, unreserved set"),
    "uri_decode": (_one(_u.decode), ["VARCHAR"], "VARCHAR", "RFC 3986 §2.1"),
}


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
