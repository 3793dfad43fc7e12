"""Shared inputs of the tests: the benchmark corpus, hostile lines, and
the ``uriscope`` command's answers for them (computed once a session).

The command is ``$URISCOPE_BIN``, else the repository's release build,
else its debug build (what ``cargo test`` leaves)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO / "benches" / "uris.txt"

#: Lines no parser should take lightly: control characters, bidi
#: formatting, non-ASCII, escapes that decode to nothing sensible, hosts
#: and ports at their limits, a long line. No "\n" (lines are lines to the
#: command) and no "\r" at the end (the command takes it for CRLF).
HOSTILE = [
    "",
    " ",
    "http://a/\x00b",
    "http://a/b\x1b[31mred",
    "http://a/\u202eevil\u202c/txt.exe",
    "http://ex\u00e4mple.com/\u00fc?\u00e9#\u00e7",
    "https://m\u00fcnchen.de/stra\u00dfe",
    "http://xn--mnchen-3ya.de/",
    "http://[::1/a b",
    "http://[v7.x]/",
    "http://[fe80::1%25eth0]/",
    "http://999.999.999.999:99999999999999999999/",
    "http://a:b@c:d@e/",
    "http://user@paypal.com@evil.com/",
    "%",
    "%%%%%zz%e",
    "%2e%2E/%2e%2e/x",
    "http://a/%2e%2E/%2e%2e/x?%zz#%",
    "http:/a/../../../b",
    "//a//b/./../c",
    "javascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "mailto:a@b?subject=%F0%9F%98%80",
    "http://a/" + "b/" * 5000,
    "http://" + "a" * 300 + ".com/",
    "a" * 100_000,
    "http://a/\t/b",
    "HTTP://EXAMPLE.COM:/%7E%7e?Q#F",
    "urn:ietf:rfc:3986",
    "?#",
    "#",
    "x:",
    "1http://a/",
    "http://a/b\u0085c",
    "http://\ud7ff.com/",
    "http://a/\ufeffb",
]


def corpus_lines() -> list[str]:
    """The benchmark corpus, one URI a line, exactly as written."""
    return CORPUS.read_text(encoding="utf-8").split("\n")[:-1]


def cli_path() -> str:
    env = os.environ.get("URISCOPE_BIN")
    if env:
        return env
    for p in (REPO / "target" / "release" / "uriscope", REPO / "target" / "debug" / "uriscope"):
        if p.exists():
            return str(p)
    need("no uriscope binary: set URISCOPE_BIN or cargo build --release")


def need(why: str):
    """Skip for ``why``; under CI (``CI=true``) fail instead: CI installs
    everything the tests use, so a skip there hides a broken set-up."""
    if os.environ.get("CI"):
        pytest.fail(f"CI: {why}")
    pytest.skip(why)


def need_module(name: str):
    """``name`` imported, or skipped (failed under CI)."""
    try:
        return __import__(name)
    except ImportError:
        need(f"{name} is not installed")


def run_cli(args: list[str], lines: list[str]) -> list[dict]:
    """The command's JSON lines for ``lines`` on stdin. Its exit status is
    not the answer (1 when some input has none): answers are on stdout."""
    data = "".join(line + "\n" for line in lines).encode()
    p = subprocess.run([cli_path(), *args], input=data, capture_output=True, timeout=600)
    out = p.stdout.decode()
    assert p.returncode in (0, 1), f"uriscope {args}: exit {p.returncode}: {p.stderr[-2000:]!r}"
    return [json.loads(line) for line in out.split("\n") if line]


@pytest.fixture(scope="session")
def corpus() -> list[str]:
    return corpus_lines()


@pytest.fixture(scope="session")
def lines(corpus) -> list[str]:
    """The corpus and the hostile lines."""
    return corpus + HOSTILE


@pytest.fixture(scope="session")
def cli_parse(lines) -> list[dict]:
    return run_cli(["parse", "--json"], lines)
