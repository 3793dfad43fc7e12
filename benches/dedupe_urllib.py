#!/usr/bin/env python3
"""The grouping of `uriscope dedupe` done with Python's urllib.parse, for
benches/collections.sh: print the first line of each group, in input
order.

    python3 benches/dedupe_urllib.py [--by normal|keys] < FILE

By normal form: the scheme and host lowercased, the default port (80,
443) dropped, percent-escapes of unreserved characters decoded and the
others' hex uppercased, dot segments removed, an empty path with an
authority made "/" (RFC 3986 §6.2.2, §6.2.3). By keys: that normal form's
scheme, host, port and path with the sorted set of query keys. A line
urlsplit rejects is its own key. Blank lines are skipped, as uriscope
skips them.
"""

import re
import sys
from urllib.parse import urlsplit, urlunsplit

UNRESERVED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
DEFAULT_PORT = {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21}


def percent(text):
    def one(m):
        c = chr(int(m.group(1), 16))
        return c if c in UNRESERVED else "%" + m.group(1).upper()

    return ESCAPE.sub(one, text)


def remove_dot_segments(path):
    out = []
    for seg in path.split("/"):
        if seg == "..":
            if len(out) > 1:
                out.pop()
        elif seg != ".":
            out.append(seg)
    result = "/".join(out)
    if path.endswith(("/.", "/..")):
        result += "/"
    return result


def normal(line):
    s = urlsplit(line)
    scheme = s.scheme.lower()
    netloc = s.netloc
    if s.hostname is not None:
        host = percent(s.hostname.lower())
        port = s.port
        userinfo = netloc.rpartition("@")[0]
        netloc = (percent(userinfo) + "@" if "@" in netloc else "") + host
        if port is not None and DEFAULT_PORT.get(scheme) != port:
            netloc += ":%d" % port
    path = remove_dot_segments(percent(s.path))
    if not path and netloc:
        path = "/"
    return scheme, netloc, path, percent(s.query), percent(s.fragment), "?" in line


def key(line, by):
    try:
        scheme, netloc, path, query, fragment, has_query = normal(line)
    except ValueError:
        return ("raw", line)
    if by == "keys":
        host = netloc.rpartition("@")[2]
        keys = sorted({p.partition("=")[0] for p in query.split("&") if p}) if has_query else None
        return (scheme, host, path, tuple(keys) if keys is not None else None)
    return urlunsplit((scheme, netloc, path, query, fragment))


def main():
    by = "keys" if sys.argv[1:] == ["--by", "keys"] else "normal"
    seen = set()
    out = sys.stdout
    for line in sys.stdin:
        line = line.rstrip("\r\n")
        if not line.strip():
            continue
        k = key(line, by)
        if k not in seen:
            seen.add(k)
            out.write(line + "\n")


if __name__ == "__main__":
    main()
