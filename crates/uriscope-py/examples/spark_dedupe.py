"""A URL column in Spark: deduplicated by equivalence class, its findings
counted by code, and its components set beside Spark's ``parse_url``.

    python3 crates/uriscope-py/examples/spark_dedupe.py [benches/uris.txt]

What ``parse_url`` cannot do: it gives components only (read by
``java.net.URI``, RFC 2396), a NULL (or, in ANSI mode, an exception) for
a URL it rejects, no reason why, no normal form and so no equivalence.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import uriscope.spark as us

REPO = Path(__file__).resolve().parents[3]

#: parse_url's part names and the matching fields of uriscope.parse.
PARTS = {
    "PROTOCOL": "scheme",
    "USERINFO": "userinfo",
    "HOST": "host",
    "PATH": "path",
    "QUERY": "query",
    "REF": "fragment",
}


def main(path: str) -> None:
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        # parse_url throws on a URL it rejects in ANSI mode (Spark 4's
        # default); off, it gives NULL, which can be counted.
        .config("spark.sql.ansi.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    lines = Path(path).read_text(encoding="utf-8").split("\n")[:-1]
    df = spark.createDataFrame([(i, u) for i, u in enumerate(lines)], "i long, url string")

    # 1. Deduplicate by equivalence class: the key uriscope dedupe groups by
    # (RFC 3986 §6.2); a URL without a normal form is equal to its copies only.
    keyed = us.equivalence_key(df, "url", out="key").withColumn(
        "class", F.coalesce("key", F.concat(F.lit("raw:"), "url"))
    )
    firsts = keyed.groupBy("class").agg(F.min_by("url", "i").alias("url"), F.count("*").alias("n"))
    total = df.count()
    distinct = df.select("url").distinct().count()
    classes = firsts.count()
    print(f"{total:,} URLs, {distinct:,} distinct strings, {classes:,} equivalence classes")
    print("largest classes whose members are spelled differently:")
    spelled = keyed.groupBy("class").agg(F.countDistinct("url").alias("spellings"))
    for r in spelled.orderBy(F.desc("spellings"), "class").limit(5).collect():
        print(f"  {r.spellings:4}  {r['class']}")

    # 2. Findings by code: what is wrong (or worth knowing), and where.
    found = us.findings(df, "url", out="f").select(F.explode("f").alias("f"))
    print("\nfindings by code:")
    for r in (
        found.groupBy("f.severity", "f.code").count().orderBy(F.desc("count")).limit(15).collect()
    ):
        print(f"  {r['count']:7,}  {r.severity:8} {r.code}")

    # 3. Components against parse_url, part by part.
    parsed = us.parse(df, "url", out="p")
    cols = [F.col("p.valid").alias("valid"), F.col("p.kind").alias("kind")]
    for part, field in PARTS.items():
        cols += [
            F.parse_url("url", F.lit(part)).alias(f"spark_{field}"),
            F.col(f"p.{field}").alias(f"rfc_{field}"),
        ]
    both = parsed.select("url", *cols).cache()
    absolute = both.where("valid AND kind = 'uri'")
    n_abs = absolute.count()
    agree = absolute.where(
        " AND ".join(
            f"spark_{f} IS NOT DISTINCT FROM rfc_{f}" for f in ("host", "path", "query")
        )
    ).count()
    print(
        f"\nvalid absolute URLs: {n_abs:,}; HOST, PATH and QUERY agree on {agree:,}"
        f" ({agree / n_abs:.2%})"
    )
    print("where they differ, by part and category (all lines; valid absolute URLs in [ ]):")
    for part, field in PARTS.items():
        s, r = F.col(f"spark_{field}"), F.col(f"rfc_{field}")
        category = (
            F.when(s.eqNullSafe(r), None)
            .when(~F.col("valid") & s.isNotNull(), "parse_url answers, RFC 3986 rejects the URL")
            .when(~F.col("valid"), "RFC 3986 rejects the URL, parse_url differs")
            .when(s.isNull() & (r == ""), "parse_url NULL, RFC 3986 empty")
            .when(s.isNull() & r.isNotNull(), "parse_url NULL, RFC 3986 has it")
            .when(s.isNotNull() & r.isNull(), "parse_url has it, RFC 3986 has none")
            .when(F.lower(s) == F.lower(r), "case differs")
            .otherwise("values differ")
        )
        rows = (
            both.select(category.alias("c"), "url", "valid", "kind")
            .where("c IS NOT NULL")
            .groupBy("c")
            .agg(
                F.count("*").alias("n"),
                F.sum(F.when(F.col("valid") & (F.col("kind") == "uri"), 1).otherwise(0)).alias("abs"),
                F.min("url").alias("example"),
            )
            .orderBy(F.desc("n"))
            .collect()
        )
        for row in rows:
            print(f"  {part:8} {row.n:7,} [{row.abs:6,}]  {row.c:45}  e.g. {row.example[:50]!r}")
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(REPO / "benches" / "uris.txt"))
