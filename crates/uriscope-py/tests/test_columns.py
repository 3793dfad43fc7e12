"""The column functions on every kind of column, and the one-URL API."""

from __future__ import annotations

import random

import pyarrow as pa
import pytest

import uriscope
from conftest import need_module

URLS = ["HTTP://Example.COM:80/%7ea/./b?q#f", None, "http://[::1/a b", "../g", ""]


@pytest.mark.parametrize(
    "make",
    [
        list,
        lambda u: pa.array(u, pa.string()),
        lambda u: pa.array(u, pa.large_string()),
        lambda u: pa.array(u, pa.string_view()),
        lambda u: pa.array(u).dictionary_encode(),
        lambda u: pa.array([None if x is None else x.encode() for x in u], pa.binary()),
    ],
    ids=["list", "string", "large_string", "string_view", "dictionary", "binary"],
)
def test_every_string_column_gives_the_same_answers(make):
    col = make(URLS)
    assert uriscope.normalize(col).to_pylist() == [
        "http://example.com/~a/b?q#f",
        None,
        None,
        "../g",
        "",
    ]
    assert uriscope.is_valid(col).to_pylist() == [True, None, False, True, True]
    assert uriscope.host(col).to_pylist() == ["Example.COM", None, None, None, None]


def test_a_chunked_array_is_answered_chunk_for_chunk():
    col = pa.chunked_array([URLS[:2], URLS[2:], []], pa.string())
    out = uriscope.normalize(col)
    assert isinstance(out, pa.ChunkedArray)
    assert [len(c) for c in out.chunks] == [2, 3, 0]
    assert out.to_pylist() == uriscope.normalize(URLS).to_pylist()
    assert uriscope.parse(pa.chunked_array([], pa.string())).type == uriscope.PARSE_TYPE


def test_polars_and_pandas_columns_are_read_in_place():
    pl = need_module("polars")
    pd = need_module("pandas")
    want = uriscope.normalize(URLS).to_pylist()
    assert uriscope.normalize(pl.Series(URLS)).to_pylist() == want
    s = pd.Series(URLS, dtype=pd.ArrowDtype(pa.string()))
    assert uriscope.normalize(s).to_pylist() == want
    assert uriscope.normalize(pd.Series(URLS, dtype="string[pyarrow]")).to_pylist() == want


def test_bad_rows_are_null_with_a_finding_and_never_raise():
    col = ["http://a b/", "http://a/\x00", "\ud800", "%zz", "http://[::1"]
    assert uriscope.normalize(col).null_count == len(col)
    fs = uriscope.findings(col).to_pylist()
    parsed = uriscope.parse(col).to_pylist()
    for url, f, p in zip(col, fs, parsed):
        assert not p["valid"], url
        assert f and f[0]["severity"] == "error" and p["finding"] == f[0]["code"], url


NOT_UTF8 = [b"http://a/\xff", None, b"http://a/", b"\xc3", b"http://example.com/\xe9t\xe9/long/path"]


@pytest.mark.parametrize(
    "make",
    [
        lambda b: pa.array(b, pa.binary()),
        lambda b: pa.array(b, pa.large_binary()),
        lambda b: pa.array(b, pa.binary_view()),
        lambda b: pa.array(b, pa.binary()).dictionary_encode(),
        lambda b: [None if x is None else x.decode("utf-8", "surrogateescape") for x in b],
    ],
    ids=["binary", "large_binary", "binary_view", "dictionary", "list_with_lone_surrogates"],
)
def test_a_row_that_is_not_utf8_is_a_null_and_a_not_utf8_finding(make):
    col = make(NOT_UTF8)
    bad = [0, 3, 4]
    parsed = uriscope.parse(col).to_pylist()
    found = uriscope.findings(col).to_pylist()
    assert uriscope.normalize(col).to_pylist() == [None, None, "http://a/", None, None]
    assert uriscope.host(col).to_pylist() == [None, None, "a", None, None]
    assert uriscope.is_valid(col).to_pylist() == [False, None, True, False, False]
    assert parsed[1] is None and found[1] is None
    assert parsed[2]["valid"] and found[2] == []
    for i in bad:
        row = parsed[i]
        assert (row["valid"], row["finding"], row["finding_start"]) == (False, "not-utf8", 0), i
        assert all(row[k] is None for k in ("kind", "scheme", "host", "path")), i
        [f] = found[i]
        # A str's lone surrogates are read as their surrogatepass bytes.
        size = len(col[i].encode("utf-8", "surrogatepass") if isinstance(col, list) else NOT_UTF8[i])
        assert (f["code"], f["start"], f["end"], f["severity"], f["section"]) == (
            "not-utf8",
            0,
            size,
            "error",
            "RFC 3986 §2.5",
        ), i


def test_components_are_views_into_the_input_that_arrow_validates(lines):
    col = pa.array(lines, pa.string())
    parsed = uriscope.parse(col)
    parsed.validate(full=True)
    for name in ("scheme", "host", "path", "query", "kind", "finding"):
        assert parsed.type.field(name).type == pa.string_view(), name
    for make in (pa.string(), pa.large_string(), pa.string_view()):
        chunked = pa.chunked_array([lines[:1000], lines[1000:5000], lines[5000:]], make)
        host = uriscope.host(chunked)
        host.validate(full=True)
        got = uriscope.parse(chunked)
        got.validate(full=True)
        assert got.to_pylist() == parsed.to_pylist(), make
        assert host.to_pylist() == parsed.field("host").to_pylist(), make


def test_nulls_stay_null_and_types_are_declared():
    col = pa.array([None, None], pa.string())
    assert uriscope.parse(col).type == uriscope.PARSE_TYPE
    assert uriscope.parse(col).null_count == 2
    assert uriscope.findings(col).type == uriscope.FINDINGS_TYPE
    assert uriscope.findings(["http://a/"]).to_pylist() == [[]]


def test_one_str_or_numbers_are_a_type_error():
    with pytest.raises(TypeError, match="one str"):
        uriscope.parse("http://a/")
    with pytest.raises(TypeError, match="strings"):
        uriscope.parse(pa.array([1, 2]))
    with pytest.raises(TypeError):
        uriscope.parse([1])
    with pytest.raises(ValueError, match="encode set"):
        uriscope.encode(["a"], set="nope")
    with pytest.raises(ValueError, match="2 references but 1 bases"):
        uriscope.resolve(["a", "b"], ["http://x/"])


def test_decode_undoes_encode_for_every_set():
    rng = random.Random(3986)
    alphabet = "aZ09-._~!$&'()*+,;=:@/?#[]% \u00e9\u4e2d\U0001f600\x00\x7f"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30))) for _ in range(2000)]
    for name in uriscope.ENCODE_SETS:
        enc = uriscope.encode(texts, set=name)
        if name == "form":
            assert uriscope.decode(enc, plus=True).to_pylist() == texts, name
        else:
            assert uriscope.decode(enc).to_pylist() == texts, name


def test_decode_is_null_where_the_bytes_are_not_utf8():
    assert uriscope.decode(["%FF", "%C3%A9", "%zz"]).to_pylist() == [None, "\u00e9", "%zz"]


def test_uri_gives_components_spans_and_findings():
    u = uriscope.Uri("HTTP://u@Example.COM:80/%7ea/./b?q#f")
    assert (u.valid, u.kind, u.scheme, u.userinfo, u.host, u.port) == (
        True,
        "uri",
        "HTTP",
        "u",
        "Example.COM",
        "80",
    )
    assert (u.path, u.query, u.fragment, u.host_kind) == ("/%7ea/./b", "q", "f", "reg-name")
    assert u.spans["host"] == (9, 20) and u.text[9:20] == u.host
    assert u.spans["path"] == (23, 32)
    assert [f["code"] for f in u.findings][:2] == ["uppercase-scheme", "uppercase-host"]
    assert u.findings[0]["section"].startswith("RFC 3986")
    assert u.normalize() == "http://u@example.com/~a/b?q#f"
    assert u.equivalence_key() == u.normalize()
    assert uriscope.Uri("http://a/b/c/d;p?q").resolve("../g") == "http://a/b/g"
    assert uriscope.Uri("http://a/b/c/d").relative("http://a/b/c/x") == "x"
    assert str(u) == u.text and u == uriscope.Uri(u.text) and hash(u) == hash(uriscope.Uri(u.text))


def test_uri_of_bad_input_is_invalid_with_findings_not_an_exception():
    u = uriscope.Uri("http://[::1/a b")
    assert not u.valid and u.host is None and u.path == "/a b"
    assert u.findings[0]["code"] == "ip-literal-syntax"
    assert u.normalize() is None and u.resolve("x") is None
    assert uriscope.Uri("\u00fc", iri=True).valid and not uriscope.Uri("\u00fc").valid
