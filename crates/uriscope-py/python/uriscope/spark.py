"""uriscope's functions on Spark DataFrames, per partition through Arrow.

::

    import uriscope.spark as us
    df = us.normalize(df, "url")                 # adds url_normalized
    df = us.parse(df, "url", out="parts")        # a struct column
    df = us.equivalence_key(df, "url")           # what uriscope dedupe groups by

Each function adds one column with ``DataFrame.mapInArrow``: every Arrow
record batch of a partition goes through the core in one call (the
executors need the ``uriscope`` package installed), so memory is a batch
(``spark.sql.execution.arrow.maxRecordsPerBatch`` rows, 10,000 by default)
at a time. Unlike Spark's ``parse_url`` (``java.net.URI``, RFC 2396), the
components follow RFC 3986, a bad row is a NULL with its findings (no
exception in ANSI mode), and there are normal forms, equivalence and
resolution.
"""

from __future__ import annotations

import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql import types as T

import uriscope as _u

__all__ = [
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

#: The Spark type of ``parse``'s column.
PARSE_SCHEMA = T.StructType(
    [T.StructField("valid", T.BooleanType())]
    + [
        T.StructField(n, T.StringType())
        for n in (
            "kind",
            "scheme",
            "authority",
            "userinfo",
            "host",
            "host_kind",
            "port",
            "path",
            "query",
            "fragment",
            "finding",
        )
    ]
    + [T.StructField("finding_start", T.LongType())]
)

#: The Spark type of ``findings``' column.
FINDINGS_SCHEMA = T.ArrayType(
    T.StructType(
        [
            T.StructField("code", T.StringType(), False),
            T.StructField("start", T.LongType(), False),
            T.StructField("end", T.LongType(), False),
            T.StructField("severity", T.StringType(), False),
            T.StructField("section", T.StringType(), False),
            T.StructField("message", T.StringType(), False),
        ]
    ),
    False,
)


def _like(answer, column_type: pa.DataType):
    """The answer with the string type Spark handed over (``string`` or
    ``large_string``), so the batch matches the declared schema."""
    if pa.types.is_large_string(column_type):
        if pa.types.is_string(answer.type):
            return answer.cast(pa.large_string())
        if pa.types.is_struct(answer.type):
            fields = [
                pa.field(f.name, pa.large_string() if pa.types.is_string(f.type) else f.type)
                for f in answer.type
            ]
            return answer.cast(pa.struct(fields))
        if pa.types.is_list(answer.type):
            item = answer.type.value_type
            fields = [
                pa.field(f.name, pa.large_string() if pa.types.is_string(f.type) else f.type, f.nullable)
                for f in item
            ]
            return answer.cast(pa.list_(pa.field("element", pa.struct(fields), False)))
    return answer


def apply(df: DataFrame, column: str, fn, out: str, spark_type: T.DataType, **kw) -> DataFrame:
    """``df`` with a column ``out``: ``fn(df[column], **kw)`` (one of
    ``uriscope``'s column functions) over each Arrow batch of each
    partition."""
    schema = T.StructType(
        [f for f in df.schema.fields if f.name != out] + [T.StructField(out, spark_type, True)]
    )

    def run(batches):
        for b in batches:
            col = b.column(column)
            answer = _like(fn(col, **kw), col.type)
            if out in b.schema.names:
                b = b.drop_columns([out])
            yield b.append_column(out, answer)

    return df.mapInArrow(run, schema)


def parse(df: DataFrame, column: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_parsed``): ``uriscope.parse``, a struct
    (RFC 3986 §3)."""
    return apply(df, column, _u.parse, out or f"{column}_parsed", PARSE_SCHEMA, iri=iri)


def findings(df: DataFrame, column: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_findings``): every finding of each row."""
    return apply(df, column, _u.findings, out or f"{column}_findings", FINDINGS_SCHEMA, iri=iri)


def is_valid(df: DataFrame, column: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_valid``): RFC 3986 §4.1 validity."""
    return apply(df, column, _u.is_valid, out or f"{column}_valid", T.BooleanType(), iri=iri)


def normalize(df: DataFrame, column: str, *, out: str | None = None, **options) -> DataFrame:
    """Add ``out`` (default ``<column>_normalized``): the normal form (RFC
    3986 §6.2.2, §6.2.3), with ``uriscope.normalize``'s options."""
    return apply(df, column, _u.normalize, out or f"{column}_normalized", T.StringType(), **options)


def equivalence_key(df: DataFrame, column: str, *, out: str | None = None, **options) -> DataFrame:
    """Add ``out`` (default ``<column>_key``): the key ``uriscope dedupe``
    groups by (RFC 3986 §6.2); null where there is no normal form."""
    return apply(df, column, _u.equivalence_key, out or f"{column}_key", T.StringType(), **options)


def resolve(df: DataFrame, column: str, base: str, *, out: str | None = None, **options) -> DataFrame:
    """Add ``out`` (default ``<column>_resolved``): each reference resolved
    against ``base`` (RFC 3986 §5.2)."""
    return apply(
        df, column, _u.resolve, out or f"{column}_resolved", T.StringType(), base=base, **options
    )


def component(df: DataFrame, column: str, name: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_<name>``): one component (RFC 3986 §3)."""
    return apply(df, column, _u.component, out or f"{column}_{name}", T.StringType(), name=name, iri=iri)


def host(df: DataFrame, column: str, *, out: str | None = None, iri: bool = False) -> DataFrame:
    """Add ``out`` (default ``<column>_host``): the host (RFC 3986 §3.2.2)."""
    return component(df, column, "host", out=out, iri=iri)
