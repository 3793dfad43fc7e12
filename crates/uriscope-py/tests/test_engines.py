"""The Polars, DuckDB and Spark paths give the plain Python path's answers
on the whole corpus and the hostile lines."""

from __future__ import annotations

import os

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import uriscope
from conftest import need_module

BASE = "http://a/b/c/d;p?q"


@pytest.fixture(scope="module")
def plain(lines):
    return {
        "normal": uriscope.normalize(lines).to_pylist(),
        "host": uriscope.host(lines).to_pylist(),
        "parts": uriscope.parse(lines).to_pylist(),
        "key": uriscope.equivalence_key(lines).to_pylist(),
        "target": uriscope.resolve(lines, BASE).to_pylist(),
        "valid": uriscope.is_valid(lines).to_pylist(),
        "findings": uriscope.findings(lines).to_pylist(),
    }


@pytest.fixture(scope="module")
def parquet(lines, tmp_path_factory):
    path = tmp_path_factory.mktemp("pq") / "urls.parquet"
    table = pa.table({"i": pa.array(range(len(lines)), pa.int64()), "url": pa.array(lines)})
    pq.write_table(table, path, row_group_size=10_000)
    return path


def test_polars_namespace_lazy_and_streaming_match_plain(lines, plain, parquet):
    pl = need_module("polars")
    import uriscope.polars  # noqa: F401

    query = (
        pl.scan_parquet(parquet)
        .with_columns(
            normal=pl.col("url").uri.normalize(),
            host=pl.col("url").uri.host(),
            parts=pl.col("url").uri.parse(),
            key=pl.col("url").uri.equivalence_key(),
            target=pl.col("url").uri.resolve(BASE),
            valid=pl.col("url").uri.is_valid(),
            findings=pl.col("url").uri.findings(),
        )
        .sort("i")
    )
    for engine in ("in-memory", "streaming"):
        df = query.collect(engine=engine)
        assert df["url"].to_list() == lines
        for name, want in plain.items():
            assert df[name].to_list() == want, (engine, name)
    assert query.collect_schema()["parts"] == uriscope.polars.PARSE_DTYPE


def test_duckdb_sql_over_parquet_matches_plain(lines, plain, parquet):
    duckdb = need_module("duckdb")
    import uriscope.duckdb

    con = duckdb.connect()
    names = uriscope.duckdb.register(con)
    assert {"uri_normalize", "uri_host", "uri_parse", "uri_resolve", "uri_equivalence_key"} <= set(names)
    rows = con.sql(
        f"""
        SELECT uri_normalize(url) AS normal, uri_host(url) AS host, uri_parse(url) AS parts,
               uri_equivalence_key(url) AS key, uri_resolve('{BASE}', url) AS target,
               uri_is_valid(url) AS valid, uri_findings(url) AS findings
        FROM read_parquet('{parquet}') ORDER BY i
        """
    ).arrow()
    rows = rows.read_all() if hasattr(rows, "read_all") else rows
    for name, want in plain.items():
        assert rows.column(name).to_pylist() == want, name
    # A column of bases, row by row.
    got = con.sql(f"SELECT uri_resolve(url, '../g') FROM read_parquet('{parquet}') ORDER BY i").fetchall()
    assert [g[0] for g in got] == uriscope.resolve(["../g"] * len(lines), pa.array(lines)).to_pylist()


@pytest.fixture(scope="module")
def spark():
    need_module("pyspark")
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", os.sys.executable)
    s = (
        SparkSession.builder.master("local[2]")
        .appName("uriscope-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


def test_spark_per_partition_matches_plain(lines, plain, parquet, spark):
    import uriscope.spark as us

    df = spark.read.parquet(str(parquet))
    df = us.normalize(df, "url", out="normal")
    df = us.host(df, "url", out="host")
    df = us.parse(df, "url", out="parts")
    df = us.equivalence_key(df, "url", out="key")
    df = us.resolve(df, "url", BASE, out="target")
    df = us.is_valid(df, "url", out="valid")
    df = us.findings(df, "url", out="findings")
    table = df.orderBy("i").toArrow()
    assert table.column("url").to_pylist() == lines
    for name, want in plain.items():
        assert table.column(name).to_pylist() == want, name


def test_spark_udf_is_a_column_expression_that_matches_plain(lines, plain, parquet, spark):
    import uriscope.spark as us

    df = spark.read.parquet(str(parquet))
    table = (
        df.select("i", us.udf(uriscope.host)("url").alias("host"), us.udf(uriscope.parse)("url").alias("parts"))
        .orderBy("i")
        .toArrow()
    )
    assert table.column("host").to_pylist() == plain["host"]
    assert table.column("parts").to_pylist() == plain["parts"]
    assert df.select(us.udf(uriscope.parse)("url")).schema.fields[0].dataType == us.PARSE_SCHEMA
