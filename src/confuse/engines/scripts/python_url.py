# uriscope engines run by python3 (the argument says which):
#   urllib   urllib.parse.urlsplit (standard library)
#   urllib3  urllib3.util.parse_url (what requests and urllib3 connect to)
#   libcurl  libcurl's URL API (curl_url_set / curl_url_get) through ctypes,
#            with the flags libcurl itself parses a transfer's URL with
# With "version" before the engine's name, one line says which version
# would answer (and the exit status whether it can run at all).
#
# Protocol: every stdin line is one URL encoded as a JSON string; for every
# line, one JSON object goes to stdout, in order:
#   {"ok": true, "scheme": ..., "userinfo": ..., "host": ..., "port": ...,
#    "path": ..., "query": ..., "fragment": ...}   (strings or null)
#   {"ok": false, "error": "..."}
# The URLs are data: they are never evaluated.
import json
import sys


def none_if_empty(s):
    return s if s else None


def urllib_reader():
    from urllib.parse import urlsplit

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
            # urlsplit gives '' for an absent scheme, query and fragment,
            # and cannot tell an empty query or fragment from none.
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

    return read, "Python " + sys.version.split()[0]


def urllib3_reader():
    import urllib3
    from urllib3.util import parse_url

    def read(url):
        # Raises LocationParseError (an error result) for what it refuses.
        u = parse_url(url)
        return {
            "ok": True,
            "scheme": u.scheme,
            # auth is the userinfo as written (user:password).
            "userinfo": u.auth,
            # What a urllib3 pool (and so requests) connects to: brackets
            # of an IPv6 literal kept, as urllib3 gives it.
            "host": u.host,
            "port": None if u.port is None else str(u.port),
            "path": u.path,
            "query": u.query,
            "fragment": u.fragment,
        }

    version = "urllib3 %s (Python %s)" % (urllib3.__version__, sys.version.split()[0])
    return read, version


# curl/urlapi.h: the parts, and the flags of a transfer's parse (lib/url.c:
# CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME).
CURLUPART = {"scheme": 1, "user": 2, "password": 3, "host": 5, "port": 6,
             "path": 7, "query": 8, "fragment": 9}
CURLU_NON_SUPPORT_SCHEME = 1 << 3
CURLU_GUESS_SCHEME = 1 << 9


def libcurl_reader():
    import ctypes
    import ctypes.util

    errors = []
    lib = None
    # The usual soname first: find_library runs ldconfig, a process.
    for name in ("libcurl.so.4", "libcurl.4.dylib", None, "libcurl-gnutls.so.4"):
        if name is None:
            name = ctypes.util.find_library("curl")
            if name is None:
                continue
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError as e:
            errors.append(str(e))
    if lib is None:
        raise OSError("libcurl not found: " + "; ".join(errors))
    if not hasattr(lib, "curl_url"):
        raise OSError("this libcurl has no URL API (curl_url: 7.62 or later)")
    lib.curl_version.restype = ctypes.c_char_p
    lib.curl_url.restype = ctypes.c_void_p
    lib.curl_url.argtypes = []
    lib.curl_url_cleanup.argtypes = [ctypes.c_void_p]
    lib.curl_url_set.restype = ctypes.c_int
    lib.curl_url_set.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    lib.curl_url_get.restype = ctypes.c_int
    lib.curl_url_get.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                 ctypes.POINTER(ctypes.c_void_p), ctypes.c_uint]
    lib.curl_free.argtypes = [ctypes.c_void_p]
    strerror = getattr(lib, "curl_url_strerror", None)
    if strerror is not None:
        strerror.restype = ctypes.c_char_p
        strerror.argtypes = [ctypes.c_int]

    def get(handle, part):
        out = ctypes.c_void_p()
        if lib.curl_url_get(handle, CURLUPART[part], ctypes.byref(out), 0) != 0:
            return None  # CURLUE_NO_*: the part is not there
        try:
            return ctypes.string_at(out.value).decode("utf-8", "backslashreplace")
        finally:
            lib.curl_free(out)

    def read(url):
        data = url.encode("utf-8", "surrogatepass")
        if b"\0" in data:
            raise ValueError("libcurl takes a C string: a NUL byte cannot reach it")
        # A fresh handle for every URL: one that holds a URL resolves the
        # next against it, and keeps it when the next is refused.
        handle = lib.curl_url()
        if not handle:
            raise MemoryError("curl_url() failed")
        try:
            code = lib.curl_url_set(handle, 0, data,
                                    CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME)
            if code != 0:
                why = strerror(code).decode() if strerror is not None else "error"
                return {"ok": False, "error": "CURLUcode %d: %s" % (code, why)}
            user = get(handle, "user")
            password = get(handle, "password")
            userinfo = None
            if user is not None or password is not None:
                userinfo = (user or "") + ("" if password is None else ":" + password)
            return {
                "ok": True,
                "scheme": get(handle, "scheme"),
                "userinfo": userinfo,
                "host": get(handle, "host"),
                "port": get(handle, "port"),
                "path": get(handle, "path"),
                "query": get(handle, "query"),
                "fragment": get(handle, "fragment"),
            }
        finally:
            lib.curl_url_cleanup(handle)

    version = lib.curl_version().decode("ascii", "replace").split(" ")[0]
    return read, version.replace("/", " ", 1)


READERS = {"urllib": urllib_reader, "urllib3": urllib3_reader, "libcurl": libcurl_reader}


def main():
    args = sys.argv[1:]
    if args[:1] == ["version"]:
        try:
            _, version = READERS[args[1]]()
        except Exception as e:
            sys.stderr.write("%s: %s\n" % (type(e).__name__, e))
            sys.exit(3)
        print(version)
        return
    read, _ = READERS[args[0] if args else "urllib"]()
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
