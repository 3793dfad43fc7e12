//! One comparison the tests of `make_relative` share, in this crate, the
//! binary's tests and the fuzz targets (each includes this file).

/// Whether two URI references are equal up to the case of their scheme
/// and host (RFC 3986 §3.1, §3.2.2): the naive reading, component by
/// component, that the tests hold `make_relative`'s answers to.
pub fn same_up_to_scheme_and_host_case(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let (Ok(x), Ok(y)) = (uriscope_core::parse(a), uriscope_core::parse(b)) else {
        return false;
    };
    let lower = |s: Option<&str>| s.map(str::to_ascii_lowercase);
    lower(x.scheme()) == lower(y.scheme())
        && x.userinfo() == y.userinfo()
        && lower(x.host()) == lower(y.host())
        && x.port() == y.port()
        && x.path() == y.path()
        && x.query() == y.query()
        && x.fragment() == y.fragment()
}
