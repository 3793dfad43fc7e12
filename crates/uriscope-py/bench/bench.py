"""Side by side, in one run: uriscope's Python functions against the Python
URL parsers, Polars and Spark, on the benchmark corpus and on 1 M URLs.

    python3 crates/uriscope-py/bench/bench.py [--corpus benches/uris.txt]
        [--million 1000000] [--repeat 3] [--no-spark]

Prints one table per input size: the best of ``--repeat`` runs of each
row (wall time), its time per URL and its speed against
``urllib.parse.urlsplit``. Then the boundary: ``uriscope.parse``,
``normalize`` and ``is_valid`` against the core alone
(``uriscope._core.core_seconds``: the same per-row work in a Rust loop
over the same Arrow column, no output built, no Python), both in the
thread's CPU time (``time.thread_time``: what other processes on a busy
machine disturb least), alternated, best of ``--repeat``. A parser that
is not installed (yarl, rfc3986, can_ada, polars, pyspark) is skipped
with a note. The load average is printed at the start and the end. Not a
test: nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import importlib
import gc
import os
import resource
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pyarrow as pa

import uriscope
from uriscope import _core

REPO = Path(__file__).resolve().parents[3]


def best(fn, repeat, clock=time.perf_counter):
    """The best time of ``repeat`` runs of ``fn`` (wall, or ``clock``)."""
    times = []
    for _ in range(repeat):
        gc.collect()
        t = clock()
        fn()
        times.append(clock() - t)
    return min(times)


BOUNDARY_OPS = ("is_valid", "parse", "normalize")


def boundary(col, repeat):
    """op -> (Python call, core alone) in thread CPU seconds, alternated."""
    out = {}
    for op in BOUNDARY_OPS:
        fn = getattr(uriscope, op)
        py, core = [], []
        for _ in range(repeat):
            py.append(best(lambda fn=fn: fn(col), 1, time.thread_time))
            core.append(_core.core_seconds(col, op, 1, clock="cpu"))
        out[op] = (min(py), min(core))
    return out


def loop(parse):
    """A per-URL Python loop; a parser that raises counts as answered."""

    def run(lines):
        n = 0
        for u in lines:
            try:
                parse(u)
                n += 1
            except Exception:  # noqa: BLE001 - rejected input is an answer
                pass
        return n

    return run


def split_host(u):
    """urlsplit's host, None where it raises."""
    try:
        return urlsplit(u).hostname
    except ValueError:
        return None


def rows(lines, col, repeat, spark=None):
    """(name, seconds) for every contender on ``lines`` (``col``: the same
    lines as a pyarrow array)."""
    out = []

    def add(name, fn):
        out.append((name, best(fn, repeat)))

    add("urllib.parse.urlsplit loop", lambda: loop(urlsplit)(lines))
    for op in BOUNDARY_OPS:
        fn = getattr(uriscope, op)
        add(f"uriscope.{op}", lambda fn=fn: fn(col))
        out.append((f"core: {op} (Rust loop)", _core.core_seconds(col, op, repeat, clock="wall")))
    add("uriscope.host", lambda: uriscope.host(col))
    add("uriscope.equivalence_key", lambda: uriscope.equivalence_key(col))
    add("uriscope.findings", lambda: uriscope.findings(col))
    try:
        import yarl

        add("yarl.URL loop", lambda: loop(yarl.URL)(lines))
    except ImportError:
        print("  (yarl not installed)", file=sys.stderr)
    try:
        import rfc3986

        add("rfc3986.uri_reference loop", lambda: loop(rfc3986.uri_reference)(lines))
        add(
            "rfc3986 + normalize loop",
            lambda: loop(lambda u: rfc3986.uri_reference(u).normalize())(lines),
        )
    except ImportError:
        print("  (rfc3986 not installed)", file=sys.stderr)
    try:
        import can_ada

        add("can_ada.parse loop (WHATWG)", lambda: loop(can_ada.parse)(lines))
    except ImportError:
        print("  (can_ada not installed)", file=sys.stderr)
    try:
        import polars as pl

        importlib.import_module("uriscope.polars")  # the .uri namespace

        s = pl.Series("url", lines)
        df = pl.DataFrame({"url": s})
        add(
            "polars map_elements(urlsplit)",
            lambda: s.map_elements(split_host, return_dtype=pl.String, skip_nulls=True),
        )
        add("polars .uri.host()", lambda: df.select(pl.col("url").uri.host()))
        add("polars .uri.parse()", lambda: df.select(pl.col("url").uri.parse()))
        add("polars .uri.normalize()", lambda: df.select(pl.col("url").uri.normalize()))
    except ImportError:
        print("  (polars not installed)", file=sys.stderr)
    if spark is not None:
        out.extend(spark_rows(spark, col, repeat))
    return out


def spark_rows(spark, col, repeat):
    """Spark local mode: ``parse_url`` against the per-partition functions,
    each query written to the ``noop`` sink so every row is computed."""
    from pyspark.sql import functions as F

    import uriscope.spark as us

    df = spark.createDataFrame(pa.table({"url": col}).to_pandas()).repartition(2).cache()
    df.count()
    out = []

    def timed(name, frame):
        out.append((name, best(lambda: frame.write.format("noop").mode("overwrite").save(), repeat)))

    timed("spark parse_url(HOST)", df.select(F.parse_url("url", F.lit("HOST"))))
    timed(
        "spark parse_url(HOST,PATH,QUERY)",
        df.select(
            F.parse_url("url", F.lit("HOST")),
            F.parse_url("url", F.lit("PATH")),
            F.parse_url("url", F.lit("QUERY")),
        ),
    )
    timed("spark uriscope.spark.host", us.host(df, "url").select("url_host"))
    timed("spark select(us.udf(uriscope.host))", df.select(us.udf(uriscope.host)("url")))
    timed("spark uriscope.spark.parse", us.parse(df, "url").select("url_parsed"))
    timed("spark uriscope.spark.normalize", us.normalize(df, "url").select("url_normalized"))
    df.unpersist()
    return out


def table(title, lines, results, cpu):
    base = dict(results)["urllib.parse.urlsplit loop"]
    n = len(lines)
    print(f"\n{title}: {n:,} URLs")
    print(f"  {'':40} {'total':>9} {'per URL':>10} {'vs urlsplit':>12}")
    for name, secs in results:
        print(f"  {name:40} {secs:8.3f}s {secs / n * 1e6:8.3f}µs {base / secs:11.1f}×")
    print("  boundary (thread CPU time, alternated):")
    for op, (py, core) in cpu.items():
        print(
            f"    {op:10} Python {py / n * 1e6:7.3f}µs  core {core / n * 1e6:7.3f}µs"
            f"  {(py / core - 1) * 100:+6.1f} % over the core's own time"
        )


def own_bytes(answer, col):
    """The bytes of the answer's buffers, each counted once, without the
    input's buffers it shares (its views point into them)."""
    shared = {b.address for b in col.buffers() if b is not None}
    seen = {}
    for b in answer.buffers():
        if b is not None and b.address not in shared:
            seen[b.address] = b.size
    return sum(seen.values())


def memory(col):
    """The Arrow memory an answer holds, per row and per 10,000-row batch
    (Spark's default batch): the answer's own buffers (views into the input
    share its buffers, which the answer keeps alive)."""
    n = len(col)
    print(f"\nmemory (answers of {n:,} rows, Arrow buffers of the answer's own):")
    print(f"  input strings {col.nbytes / n:7.1f} B/row")
    for op in ("is_valid", "host", "normalize", "parse", "findings"):
        a = getattr(uriscope, op)(col)
        b = own_bytes(a, col)
        print(f"  {op:10} {b / n:7.1f} B/row = {b / n * 10_000 / 1e6:6.2f} MB a 10,000-row batch")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=str(REPO / "benches" / "uris.txt"))
    ap.add_argument("--million", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-spark", action="store_true")
    args = ap.parse_args()
    corpus = Path(args.corpus).read_text(encoding="utf-8").split("\n")[:-1]
    million = (corpus * (args.million // len(corpus) + 1))[: args.million]
    print(f"python {sys.version.split()[0]}, pyarrow {pa.__version__}, {os.cpu_count()} cores")
    spark = None
    if not args.no_spark:
        try:
            from pyspark.sql import SparkSession

            os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
            spark = (
                SparkSession.builder.master("local[2]")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.memory", "2g")
                .config("spark.ui.showConsoleProgress", "false")
                # parse_url throws on a URL it rejects in ANSI mode
                # (Spark 4's default); off, it answers NULL.
                .config("spark.sql.ansi.enabled", "false")
                .getOrCreate()
            )
            spark.sparkContext.setLogLevel("ERROR")
        except ImportError:
            print("  (pyspark not installed)", file=sys.stderr)
    print(f"load average at the start: {os.getloadavg()}")
    for title, lines in (("corpus", corpus), ("1 M", million)):
        col = pa.array(lines, pa.string())
        cpu = boundary(col, max(args.repeat, 5))
        table(title, lines, rows(lines, col, args.repeat, spark), cpu)
        sys.stdout.flush()
    print(f"load average at the end: {os.getloadavg()}")
    memory(pa.array(corpus, pa.string()))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak RSS of this process: {rss:.0f} MB")
    if spark is not None:
        spark.stop()


if __name__ == "__main__":
    main()
