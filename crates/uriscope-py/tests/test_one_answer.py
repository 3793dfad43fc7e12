"""One answer everywhere: the Python functions and the ``uriscope`` command
give the same answer, field for field, for every line of the benchmark
corpus and every hostile line."""

from __future__ import annotations

import pyarrow as pa

import uriscope
from conftest import run_cli

BASE = "http://a/b/c/d;p?q"

TEXT_FIELDS = (
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
)


def _blank(line: str) -> bool:
    """A line ``dedupe`` skips: empty or ASCII whitespace only."""
    return all(c in " \t\n\x0c\r" for c in line)


def _mismatches(pairs, limit=10):
    bad = [(i, got, want) for i, (got, want) in enumerate(pairs) if got != want]
    return len(bad), bad[:limit]


def test_parse_gives_every_field_of_parse_json(lines, cli_parse):
    rows = uriscope.parse(lines).to_pylist()
    assert len(rows) == len(cli_parse) == len(lines)
    pairs = []
    for row, want in zip(rows, cli_parse):
        first = want["findings"][0] if want["findings"] else None
        pairs.append(
            (
                row,
                {
                    "valid": want["valid"],
                    **{f: want[f] for f in TEXT_FIELDS},
                    "finding": first and first["code"],
                    "finding_start": first and first["start"],
                },
            )
        )
    assert _mismatches(pairs) == (0, [])


def test_findings_are_parse_json_findings(lines, cli_parse):
    got = uriscope.findings(lines).to_pylist()
    keys = ("code", "start", "end", "severity", "section", "message")
    pairs = [
        (g, [{k: f[k] for k in keys} for f in want["findings"]])
        for g, want in zip(got, cli_parse)
    ]
    assert _mismatches(pairs) == (0, [])


def test_is_valid_is_parse_json_valid(lines, cli_parse):
    got = uriscope.is_valid(lines).to_pylist()
    assert got == [w["valid"] for w in cli_parse]
    assert 0 < sum(got) < len(got)  # both kinds are in the set


def test_components_are_parse_fields(lines):
    parsed = uriscope.parse(lines)
    for name in ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"):
        assert uriscope.component(lines, name).equals(parsed.field(name)), name


def test_normalize_is_the_command_normalize(lines):
    want = run_cli(["normalize", "--json"], lines)
    assert [w["input"] for w in want] == lines
    got = uriscope.normalize(lines).to_pylist()
    assert _mismatches(zip(got, [w["normalized"] for w in want])) == (0, [])
    assert any(g is None for g in got) and any(g is not None for g in got)


def test_normalize_options_are_the_command_options(lines):
    for flag, kw in (
        ("--syntax-only", {"syntax_only": True}),
        ("--rfc5952", {"rfc5952": True}),
        ("--keep-encoded-dots", {"keep_encoded_dots": True}),
        ("--iri", {"iri": True}),
    ):
        want = [w["normalized"] for w in run_cli(["normalize", "--json", flag], lines)]
        got = uriscope.normalize(lines, **kw).to_pylist()
        assert _mismatches(zip(got, want)) == (0, []), flag


def test_resolve_is_the_command_resolve(lines):
    want = run_cli(["resolve", "--json", "--base", BASE], lines)
    got = uriscope.resolve(lines, BASE).to_pylist()
    assert _mismatches(zip(got, [w["target"] for w in want])) == (0, [])
    compat = run_cli(["resolve", "--json", "--compat", "--base", BASE], lines)
    got = uriscope.resolve(lines, BASE, compat=True).to_pylist()
    assert _mismatches(zip(got, [w["target"] for w in compat])) == (0, [])


def test_resolve_against_a_column_of_bases_is_row_by_row(corpus):
    refs = ["../g", "g?y", "#s", "http://x/", "a b"]
    bases = [corpus[i] for i in range(0, 500, 100)]
    got = uriscope.resolve(refs, pa.array(bases)).to_pylist()
    assert got == [uriscope.resolve([r], b).to_pylist()[0] for r, b in zip(refs, bases)]


def test_equivalence_key_is_the_key_dedupe_groups_by(lines):
    want = run_cli(["dedupe", "--json"], lines)
    got = uriscope.equivalence_key(lines).to_pylist()
    # dedupe skips blank lines and numbers the lines it reads from 1.
    pairs = [(got[w["line"] - 1], w["key"]) for w in want]
    assert len(pairs) == sum(1 for line in lines if not _blank(line))
    assert _mismatches(pairs) == (0, [])


def test_grouping_by_key_gives_dedupe_s_first_lines(lines):
    want = run_cli(["dedupe", "--json"], lines)
    firsts = [w["uri"] for w in want if w["first"]]
    keys = uriscope.equivalence_key(lines).to_pylist()
    seen, mine = set(), []
    for line, key in zip(lines, keys):
        k = key if key is not None else ("raw", line)
        if not _blank(line) and k not in seen:
            seen.add(k)
            mine.append(line)
    assert mine == firsts


def test_relative_is_the_command_relative(corpus):
    sample = corpus[:3000]
    base = "http://example.com/a/b/c"
    want = run_cli(["relative", "--json", "--base", base], sample)
    got = uriscope.relative(sample, base).to_pylist()
    assert _mismatches(zip(got, [w["reference"] for w in want])) == (0, [])
