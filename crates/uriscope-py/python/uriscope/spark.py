"""uriscope's functions on Spark DataFrames, per Arrow batch.

::

    import uriscope.spark as us
    df = us.normalize(df, "url")                 # adds url_normalized
    df = us.parse(df, "url", out="parts")        # a struct column
    df = us.equivalence_key(df, "url")           # what uriscope dedupe groups by
    df.select(us.udf(uriscope.host)("url"))      # any function as a column expression

Each function adds one column computed by an Arrow UDF (``arrow_udf``,
Spark 4.1; an Arrow-backed ``pandas_udf`` before it): only the input
column goes to the Python worker and only the answer comes back, one
Arrow batch (``spark.sql.execution.arrow.maxRecordsPerBatch`` rows,
10,000 by default) at a time, each batch through the core in one call
(the executors need the ``uriscope`` package installed). Unlike Spark's
``parse_url`` (``java.net.URI``, RFC 2396), the components follow RFC
3986, a bad row is a NULL with its findings (no exception in ANSI mode),
and there are normal forms, equivalence and resolution.
"""

from __future__ import annotations

import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql import functions as F
from pyspark.sql import types as T
from pyspark.sql.pandas.types import from_arrow_type

import uriscope as _u

__all__ = [
    "udf",
    "apply",
    "parse",
    "findings",
    "is_valid",
    "normalize",
    "equivalence_key",
    "resolve",
    "component",
    "host",
    "PARSE_SCHEMA",
    "FINDINGS_SCHEMA",
]


def _plain(t: pa.DataType, large: bool = False) -> pa.DataType:
    """``t`` with the types Spark's Arrow reads: ``string`` (``large``:
    ``large_string``, as Spark hands over with
    ``spark.sql.execution.arrow.useLargeVarTypes``) for every string type
    (Spark's Arrow has no views), ``element`` items."""
    if pa.types.is_string_view(t) or pa.types.is_string(t) or pa.types.is_large_string(t):
        return pa.large_string() if large else pa.string()
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, _plain(f.type, large), f.nullable) for f in t])
    if pa.types.is_list(t):
        f = t.value_field
        return pa.list_(pa.field("element", _plain(f.type, large), f.nullable))
    return t


#: The Spark type of ``parse``'s column.
PARSE_SCHEMA = from_arrow_type(_plain(_u.PARSE_TYPE))

#: The Spark type of ``findings``' column.
FINDINGS_SCHEMA = from_arrow_type(_plain(_u.FINDINGS_TYPE))


def udf(fn, *args, **kw):
    """``fn`` (a column function of ``uriscope``: ``uriscope.host``,
    ``uriscope.parse``...) with its other arguments, as a Spark Arrow UDF:
    a function from a column (name or ``Column``) to a ``Column``, usable
    in ``select``, ``withColumn`` and ``spark.udf.register``."""
    arrow_type = fn(pa.array([], pa.string()), *args, **kw).type
    plain = _plain(arrow_type)

    def run(col: pa.Array) -> pa.Array:
        answer = fn(col, *args, **kw)
        if isinstance(answer, pa.ChunkedArray):
            answer = answer.combine_chunks()
        want = _plain(arrow_type, pa.types.is_large_string(col.type))
        return answer if answer.type == want else answer.cast(want)

    spark_type = from_arrow_type(plain)
    if hasattr(F, "arrow_udf"):
        return F.arrow_udf(run, spark_type)
    import pandas as pd

    def run_pandas(s: pd.Series) -> pd.Series:
        return run(pa.array(s, pa.string(), from_pandas=True)).to_pandas(types_mapper=pd.ArrowDtype)

    return F.pandas_udf(run_pandas, spark_type)


def apply(df: DataFrame, column: str, fn, out: str, *args, **kw) -> DataFrame:
    """``df`` with a column ``out``: ``fn(df[column], *args, **kw)`` (one
    of ``uriscope``'s column functions), batch by batch."""
    return df.withColumn(out, udf(fn, *args, **kw)(F.col(column)))


def parse(df: DataFrame, column: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_parsed``): ``uriscope.parse``, a struct
    (RFC 3986 §3)."""
    return apply(df, column, _u.parse, out or f"{column}_parsed", iri=iri)


def findings(df: DataFrame, column: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_findings``): every finding of each row."""
    return apply(df, column, _u.findings, out or f"{column}_findings", iri=iri)


def is_valid(df: DataFrame, column: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_valid``): RFC 3986 §4.1 validity."""
    return apply(df, column, _u.is_valid, out or f"{column}_valid", iri=iri)


def normalize(df: DataFrame, column: str, *, out: str | None = None, **options) -> DataFrame:
    """Add ``out`` (default ``<column>_normalized``): the normal form (RFC
    3986 §6.2.2, §6.2.3), with ``uriscope.normalize``'s options."""
    return apply(df, column, _u.normalize, out or f"{column}_normalized", **options)


def equivalence_key(df: DataFrame, column: str, *, out: str | None = None, **options) -> DataFrame:
    """Add ``out`` (default ``<column>_key``): the key ``uriscope dedupe``
    groups by (RFC 3986 §6.2); null where there is no normal form."""
    return apply(df, column, _u.equivalence_key, out or f"{column}_key", **options)


def resolve(df: DataFrame, column: str, base: str, *, out: str | None = None, **options) -> DataFrame:
    """Add ``out`` (default ``<column>_resolved``): each reference resolved
    against ``base`` (RFC 3986 §5.2)."""
    return apply(df, column, _u.resolve, out or f"{column}_resolved", base, **options)


def component(df: DataFrame, column: str, name: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_<name>``): one component (RFC 3986 §3)."""
    return apply(df, column, _u.component, out or f"{column}_{name}", name, iri=iri)


def host(df: DataFrame, column: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_host``): the host (RFC 3986 §3.2.2)."""
    return component(df, column, "host", out=out, iri=iri)
