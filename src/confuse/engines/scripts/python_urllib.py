# uriscope engine: Python's urllib.parse.urlsplit (standard library only).
#
# Protocol: every stdin line is one URL encoded as a JSON string; for every
# line, one JSON object goes to stdout, in order:
#   {"ok": true, "scheme": ..., "userinfo": ..., "host": ..., "port": ...,
#    "path": ..., "query": ..., "fragment": ...}   (strings or null)
#   {"ok": false, "error": "..."}
# The URLs are data: they are never evaluated.
import json
import sys
from urllib.parse import urlsplit


def none_if_empty(s):
    return s if s else None


def read(url):
    p = urlsplit(url)
    netloc = p.netloc
    userinfo = None
    if "@" in netloc:
        # urlsplit's own .username/.password split at the last '@'.
        userinfo = netloc.rpartition("@")[0]
    port = p.port  # may raise ValueError: an error result
    return {
        "ok": True,
        # urlsplit gives '' for an absent scheme, query and fragment, and
        # cannot tell an empty query or fragment from none.
        "scheme": none_if_empty(p.scheme),
        "userinfo": userinfo,
        # .hostname lowercases, and is None for an empty host: that is
        # urlsplit's reading.
        "host": p.hostname,
        "port": None if port is None else str(port),
        "path": p.path,
        "query": none_if_empty(p.query),
        "fragment": none_if_empty(p.fragment),
    }


def main():
    out = sys.stdout
    for raw in sys.stdin.buffer:
        try:
            url = json.loads(raw.decode("utf-8"))
            if not isinstance(url, str):
                raise TypeError("the input line is not a JSON string")
            answer = read(url)
        except Exception as e:  # every failure is this URL's answer
            answer = {"ok": False, "error": "%s: %s" % (type(e).__name__, e)}
        out.write(json.dumps(answer, ensure_ascii=True))
        out.write("\n")
    out.flush()


main()
