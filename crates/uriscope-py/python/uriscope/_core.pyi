"""Type stubs of ``uriscope._core``, the compiled core (see ``uriscope``
for the documented functions). Each column function takes an Arrow array
or stream (PyCapsule interface) or a sequence of ``str``/``None`` and
returns an object with ``__arrow_c_array__`` (one array) or
``__arrow_c_stream__`` (a chunked array, for a stream)."""

from typing import Any, Iterable, Optional, Sequence, Union

Column = Union[Any, Sequence[Optional[str]]]
ArrowOut = Any

def parse(urls: Column, *, iri: bool = False) -> ArrowOut:
    """A struct per row (RFC 3986 §3, §4.1)."""

def findings(urls: Column, *, iri: bool = False) -> ArrowOut:
    """The findings of each row, a list of structs."""

def component(urls: Column, name: str, *, iri: bool = False) -> ArrowOut:
    """One component per row (RFC 3986 §3.1-§3.5)."""

def is_valid(urls: Column, *, iri: bool = False) -> ArrowOut:
    """Whether each row is a URI-reference (RFC 3986 §4.1)."""

def normalize(
    urls: Column,
    *,
    syntax_only: bool = False,
    rfc5952: bool = False,
    keep_encoded_dots: bool = False,
    iri: bool = False,
) -> ArrowOut:
    """The normal form of each row (RFC 3986 §6.2.2, §6.2.3)."""

def equivalence_key(urls: Column, *, keep_encoded_dots: bool = False, iri: bool = False) -> ArrowOut:
    """The key uriscope dedupe groups by (RFC 3986 §6.2)."""

def resolve(references: Column, base: Union[str, Column], *, compat: bool = False, iri: bool = False) -> ArrowOut:
    """Each reference resolved against base (RFC 3986 §5.2)."""

def relative(targets: Column, base: str, *, iri: bool = False) -> ArrowOut:
    """The shortest reference from base to each target (RFC 3986 §5.2)."""

def encode(texts: Column, *, set: str = "unreserved", keep_escapes: bool = False) -> ArrowOut:
    """Percent-encoding for a component (RFC 3986 §2.1)."""

def decode(texts: Column, *, plus: bool = False) -> ArrowOut:
    """Escapes decoded (RFC 3986 §2.1); null where not UTF-8."""

def encode_sets() -> list[tuple[str, str]]:
    """(name, section) of every encode set."""

def core_seconds(urls: Column, op: str, repeat: int = 3, clock: str = "cpu") -> float:
    """Seconds the core alone takes for op's per-row work (best of repeat)."""

class Uri:
    """One URI-reference (RFC 3986 §3); invalid input gives valid=False."""

    valid: bool
    kind: str
    scheme: Optional[str]
    authority: Optional[str]
    userinfo: Optional[str]
    host: Optional[str]
    host_kind: Optional[str]
    port: Optional[str]
    path: str
    query: Optional[str]
    fragment: Optional[str]
    def __init__(self, text: str, *, iri: bool = False) -> None: ...
    @property
    def text(self) -> str: ...
    @property
    def spans(self) -> dict[str, tuple[int, int]]:
        """Byte span (start, end) of each present component."""
    @property
    def findings(self) -> list[dict[str, Any]]:
        """code, start, end, severity, section, message of each finding."""
    def normalize(
        self, *, syntax_only: bool = False, rfc5952: bool = False, keep_encoded_dots: bool = False
    ) -> Optional[str]:
        """The normal form (RFC 3986 §6.2.2, §6.2.3), None if none."""
    def equivalence_key(self) -> Optional[str]:
        """The key uriscope dedupe groups by (RFC 3986 §6.2)."""
    def resolve(self, reference: str, *, compat: bool = False) -> Optional[str]:
        """reference resolved against this URI (RFC 3986 §5.2)."""
    def relative(self, target: str) -> Optional[str]:
        """The shortest reference from this URI to target."""
