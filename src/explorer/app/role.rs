//! [`Role`]: what a piece of a URI is (scheme, host, delimiter, error…),
//! the one vocabulary between the models that find the pieces and the
//! theme that styles them.

/// The semantic role of a piece of a URI; the theme maps roles to styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// `scheme` (§3.1).
    Scheme,
    /// `userinfo` (§3.2.1).
    Userinfo,
    /// `host` (§3.2.2).
    Host,
    /// `port` (§3.2.3).
    Port,
    /// `path` (§3.3).
    Path,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§3.5).
    Fragment,
    /// Delimiters between components (`:`, `//`, `@`, `?`, `#`).
    Delimiter,
    /// A finding of severity error.
    Error,
}

impl Role {
    /// The roles a legend lists, in URI order.
    pub const LEGEND: [Role; 8] = [
        Role::Scheme,
        Role::Userinfo,
        Role::Host,
        Role::Port,
        Role::Path,
        Role::Query,
        Role::Fragment,
        Role::Error,
    ];

    /// The role's name.
    pub fn name(self) -> &'static str {
        match self {
            Role::Scheme => "scheme",
            Role::Userinfo => "userinfo",
            Role::Host => "host",
            Role::Port => "port",
            Role::Path => "path",
            Role::Query => "query",
            Role::Fragment => "fragment",
            Role::Delimiter => "delimiter",
            Role::Error => "error",
        }
    }

    /// The letter of the NO_COLOR ruler under the URI.
    pub fn letter(self) -> char {
        match self {
            Role::Scheme => 's',
            Role::Userinfo => 'u',
            Role::Host => 'h',
            Role::Port => 'n',
            Role::Path => 'p',
            Role::Query => 'q',
            Role::Fragment => 'f',
            Role::Delimiter => ' ',
            Role::Error => '!',
        }
    }
}
