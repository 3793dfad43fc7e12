//! The engines by name: what each is, the stack that reads URLs its way,
//! the program it runs in, and the identifier the command line takes.

use serde::Serialize;

/// A URL parser that uriscope can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Engine {
    /// uriscope's own RFC 3986 parser (RFC 3987 IRIs as a fallback).
    Rfc3986,
    /// The WHATWG URL Standard, as the `url` crate implements it.
    Whatwg,
    /// `http::Uri` from the `http` crate: what hyper hands a Rust server.
    HttpUri,
    /// Python's `urllib.parse.urlsplit`, run with `python3`.
    PythonUrllib,
    /// Python's `urllib3.util.parse_url` (what `requests` connects to), run
    /// with `python3` when urllib3 is installed for it.
    PythonUrllib3,
    /// libcurl's URL API (`curl_url_set` / `curl_url_get`, with the flags a
    /// transfer uses), reached through Python's `ctypes` on the system
    /// libcurl.
    Libcurl,
    /// Node's WHATWG `new URL()` (ada inside), run with `node`.
    NodeWhatwg,
    /// Node's legacy `url.parse()`, run with `node`.
    NodeLegacy,
    /// `java.net.URI`, run with `java` (11 or later).
    JavaUri,
    /// `java.net.URL`, run with `java` (11 or later).
    JavaUrl,
    /// Go's `net/url`, built and run with `go`.
    GoNetUrl,
    /// PHP's `parse_url`, run with `php`.
    PhpParseUrl,
    /// PHP's `filter_var(…, FILTER_VALIDATE_URL)`, then `parse_url` on what
    /// it lets through (as `filter_var` itself reads it), run with `php`.
    PhpFilterVar,
    /// Ruby's `URI.parse` (its RFC 3986 parser), run with `ruby`.
    RubyUri,
    /// Ruby's RFC 2396 parser, as the installed Ruby names it
    /// (`URI::RFC2396_PARSER`, or `URI::DEFAULT_PARSER` before uri 0.12.2),
    /// run with `ruby`.
    RubyRfc2396,
    /// Perl's `URI->new` (the URI module LWP uses), run with `perl`.
    PerlUri,
}

impl Engine {
    /// Every engine, in the order of the view.
    pub const ALL: [Engine; 16] = [
        Engine::Rfc3986,
        Engine::Whatwg,
        Engine::HttpUri,
        Engine::PythonUrllib,
        Engine::PythonUrllib3,
        Engine::Libcurl,
        Engine::NodeWhatwg,
        Engine::NodeLegacy,
        Engine::JavaUri,
        Engine::JavaUrl,
        Engine::GoNetUrl,
        Engine::PhpParseUrl,
        Engine::PhpFilterVar,
        Engine::RubyUri,
        Engine::RubyRfc2396,
        Engine::PerlUri,
    ];

    /// The short name shown in the view.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Rfc3986 => "rfc3986",
            Engine::Whatwg => "whatwg-url",
            Engine::HttpUri => "http::Uri",
            Engine::PythonUrllib => "python urllib",
            Engine::PythonUrllib3 => "python urllib3",
            Engine::Libcurl => "libcurl",
            Engine::NodeWhatwg => "node URL",
            Engine::NodeLegacy => "node url.parse",
            Engine::JavaUri => "java.net.URI",
            Engine::JavaUrl => "java.net.URL",
            Engine::GoNetUrl => "go net/url",
            Engine::PhpParseUrl => "php parse_url",
            Engine::PhpFilterVar => "php filter_var",
            Engine::RubyUri => "ruby URI.parse",
            Engine::RubyRfc2396 => "ruby RFC2396",
            Engine::PerlUri => "perl URI",
        }
    }

    /// The identifier the command line takes (`--check php-parse-url`):
    /// the name in lower case, words joined by `-`.
    pub fn id(self) -> &'static str {
        match self {
            Engine::Rfc3986 => "rfc3986",
            Engine::Whatwg => "whatwg-url",
            Engine::HttpUri => "http-uri",
            Engine::PythonUrllib => "python-urllib",
            Engine::PythonUrllib3 => "python-urllib3",
            Engine::Libcurl => "libcurl",
            Engine::NodeWhatwg => "node-url",
            Engine::NodeLegacy => "node-url-parse",
            Engine::JavaUri => "java-uri",
            Engine::JavaUrl => "java-url",
            Engine::GoNetUrl => "go-net-url",
            Engine::PhpParseUrl => "php-parse-url",
            Engine::PhpFilterVar => "php-filter-var",
            Engine::RubyUri => "ruby-uri",
            Engine::RubyRfc2396 => "ruby-rfc2396",
            Engine::PerlUri => "perl-uri",
        }
    }

    /// The engine with this identifier or name (ASCII case ignored).
    ///
    /// ```
    /// use uriscope::confuse::engines::Engine;
    /// assert_eq!(Engine::from_id("php-parse-url"), Some(Engine::PhpParseUrl));
    /// assert_eq!(Engine::from_id("Python urllib"), Some(Engine::PythonUrllib));
    /// assert_eq!(Engine::from_id("curl"), None);
    /// ```
    pub fn from_id(s: &str) -> Option<Engine> {
        let s = s.trim();
        Engine::ALL
            .into_iter()
            .find(|e| e.id().eq_ignore_ascii_case(s) || e.name().eq_ignore_ascii_case(s))
    }

    /// Which software stack reads URLs this way.
    pub fn description(self) -> &'static str {
        match self {
            Engine::Rfc3986 => "uriscope's own RFC 3986 parser (generic URI syntax; RFC 3987 IRIs as a fallback)",
            Engine::Whatwg => "the WHATWG URL Standard via the `url` crate: browsers' rules, used by reqwest, Servo and most Rust clients",
            Engine::HttpUri => "`http::Uri`: the request target hyper, axum and other Rust HTTP servers and clients see",
            Engine::PythonUrllib => "Python's urllib.parse.urlsplit: Django, Flask and most Python checks",
            Engine::PythonUrllib3 => "Python's urllib3.util.parse_url: what requests and urllib3 connect to",
            Engine::Libcurl => "libcurl's URL API: curl, PHP's curl_exec, pycurl and every libcurl-based fetcher",
            Engine::NodeWhatwg => "Node's WHATWG `new URL()` (the ada C++ parser): fetch and modern Node code",
            Engine::NodeLegacy => "Node's legacy `url.parse()`: older Node code and many npm packages",
            Engine::JavaUri => "java.net.URI (RFC 2396 with changes): the JDK HTTP client, Spring and much JVM code",
            Engine::JavaUrl => "java.net.URL: HttpURLConnection and older JVM code",
            Engine::GoNetUrl => "Go's net/url: net/http servers and clients, and most Go tools",
            Engine::PhpParseUrl => "PHP's parse_url: most PHP allowlist checks",
            Engine::PhpFilterVar => "PHP's filter_var(FILTER_VALIDATE_URL), a check in itself, then parse_url",
            Engine::RubyUri => "Ruby's URI.parse (RFC 3986 parser): Net::HTTP, Rails",
            Engine::RubyRfc2396 => "Ruby's RFC 2396 parser (URI::RFC2396_PARSER / the old URI::DEFAULT_PARSER)",
            Engine::PerlUri => "Perl's URI->new: LWP and most Perl code",
        }
    }

    /// Whether the engine runs inside this process (and is always there).
    pub fn in_process(self) -> bool {
        matches!(self, Engine::Rfc3986 | Engine::Whatwg | Engine::HttpUri)
    }

    /// The program looked for on `PATH`, for an out-of-process engine.
    pub fn program(self) -> Option<&'static str> {
        match self {
            Engine::Rfc3986 | Engine::Whatwg | Engine::HttpUri => None,
            Engine::PythonUrllib | Engine::PythonUrllib3 | Engine::Libcurl => Some("python3"),
            Engine::NodeWhatwg | Engine::NodeLegacy => Some("node"),
            Engine::JavaUri | Engine::JavaUrl => Some("java"),
            Engine::GoNetUrl => Some("go"),
            Engine::PhpParseUrl | Engine::PhpFilterVar => Some("php"),
            Engine::RubyUri | Engine::RubyRfc2396 => Some("ruby"),
            Engine::PerlUri => Some("perl"),
        }
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
