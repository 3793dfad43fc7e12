//! The expression operators (RFC 6570 §2.2) and their expansion behaviour
//! (the table of Appendix A).

/// The operator of an expression: the character after `{`, or none
/// (RFC 6570 §2.2, Appendix A).
///
/// ```
/// use uriscope_core::template::Operator;
///
/// let op = Operator::from_char('?').unwrap();
/// assert_eq!((op.first(), op.separator(), op.is_named()), ("?", "&", true));
/// assert_eq!(op.if_empty(), "=");
/// assert!(!op.allows_reserved());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operator {
    /// No operator: simple string expansion (§3.2.2), `{var}`.
    Simple,
    /// `+`: reserved expansion (§3.2.3).
    Reserved,
    /// `#`: fragment expansion (§3.2.4).
    Fragment,
    /// `.`: label expansion with dot-prefix (§3.2.5).
    Label,
    /// `/`: path segment expansion (§3.2.6).
    Path,
    /// `;`: path-style parameter expansion (§3.2.7).
    PathParameter,
    /// `?`: form-style query expansion (§3.2.8).
    Query,
    /// `&`: form-style query continuation (§3.2.9).
    QueryContinuation,
}

impl Operator {
    /// Every operator, in the order of the Appendix A table.
    pub const ALL: [Operator; 8] = [
        Operator::Simple,
        Operator::Reserved,
        Operator::Label,
        Operator::Path,
        Operator::PathParameter,
        Operator::Query,
        Operator::QueryContinuation,
        Operator::Fragment,
    ];

    /// The operator a character names: one of `+ # . / ; ? &`; `None`
    /// for any other character (among them the reserved `= , ! @ |`).
    #[must_use]
    pub const fn from_char(c: char) -> Option<Operator> {
        Some(match c {
            '+' => Operator::Reserved,
            '#' => Operator::Fragment,
            '.' => Operator::Label,
            '/' => Operator::Path,
            ';' => Operator::PathParameter,
            '?' => Operator::Query,
            '&' => Operator::QueryContinuation,
            _ => return None,
        })
    }

    /// The operator character as written in the template (`None` for
    /// [`Operator::Simple`]).
    #[must_use]
    pub const fn as_char(self) -> Option<char> {
        Some(match self {
            Operator::Simple => return None,
            Operator::Reserved => '+',
            Operator::Fragment => '#',
            Operator::Label => '.',
            Operator::Path => '/',
            Operator::PathParameter => ';',
            Operator::Query => '?',
            Operator::QueryContinuation => '&',
        })
    }

    /// The operator character as a string, `""` for [`Operator::Simple`].
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Operator::Simple => "",
            Operator::Reserved => "+",
            Operator::Fragment => "#",
            Operator::Label => ".",
            Operator::Path => "/",
            Operator::PathParameter => ";",
            Operator::Query => "?",
            Operator::QueryContinuation => "&",
        }
    }

    /// A short name: `simple`, `reserved`, `fragment`, `label`, `path`,
    /// `path-parameter`, `query`, `query-continuation`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Operator::Simple => "simple",
            Operator::Reserved => "reserved",
            Operator::Fragment => "fragment",
            Operator::Label => "label",
            Operator::Path => "path",
            Operator::PathParameter => "path-parameter",
            Operator::Query => "query",
            Operator::QueryContinuation => "query-continuation",
        }
    }

    /// The RFC 6570 section that defines the expansion (`3.2.2` ..= `3.2.9`).
    #[must_use]
    pub const fn section(self) -> &'static str {
        match self {
            Operator::Simple => "3.2.2",
            Operator::Reserved => "3.2.3",
            Operator::Fragment => "3.2.4",
            Operator::Label => "3.2.5",
            Operator::Path => "3.2.6",
            Operator::PathParameter => "3.2.7",
            Operator::Query => "3.2.8",
            Operator::QueryContinuation => "3.2.9",
        }
    }

    /// The sections that explain the operator, as uriscope cites them:
    /// its expansion (§3.2.2 ..= §3.2.9), the operators of §2.2, and the
    /// table of Appendix A. The explorer's URI Template view, its RFC
    /// overlay and `uriscope expand --explain` all print this.
    ///
    /// ```
    /// use uriscope_core::template::Operator;
    ///
    /// assert_eq!(
    ///     Operator::Query.citation(),
    ///     "RFC 6570 §3.2.8, §2.2, Appendix A"
    /// );
    /// ```
    #[must_use]
    pub const fn citation(self) -> &'static str {
        match self {
            Operator::Simple => "RFC 6570 §3.2.2, §2.2, Appendix A",
            Operator::Reserved => "RFC 6570 §3.2.3, §2.2, Appendix A",
            Operator::Fragment => "RFC 6570 §3.2.4, §2.2, Appendix A",
            Operator::Label => "RFC 6570 §3.2.5, §2.2, Appendix A",
            Operator::Path => "RFC 6570 §3.2.6, §2.2, Appendix A",
            Operator::PathParameter => "RFC 6570 §3.2.7, §2.2, Appendix A",
            Operator::Query => "RFC 6570 §3.2.8, §2.2, Appendix A",
            Operator::QueryContinuation => "RFC 6570 §3.2.9, §2.2, Appendix A",
        }
    }

    /// Appendix A `first`: written before the first defined variable.
    #[must_use]
    pub const fn first(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved => "",
            _ => self.as_str(),
        }
    }

    /// Appendix A `sep`: written between defined variables (and between
    /// exploded members).
    #[must_use]
    pub const fn separator(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved | Operator::Fragment => ",",
            Operator::Label => ".",
            Operator::Path => "/",
            Operator::PathParameter => ";",
            Operator::Query | Operator::QueryContinuation => "&",
        }
    }

    /// Appendix A `named`: whether each value is written as `name=value`.
    #[must_use]
    pub const fn is_named(self) -> bool {
        matches!(
            self,
            Operator::PathParameter | Operator::Query | Operator::QueryContinuation
        )
    }

    /// Appendix A `ifemp`: written after the name of a named variable whose
    /// value is empty (`;x` but `?x=`).
    #[must_use]
    pub const fn if_empty(self) -> &'static str {
        match self {
            Operator::Query | Operator::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Appendix A `allow`: `true` for U+R (unreserved, reserved and
    /// existing pct-triplets pass through: `+` and `#`), `false` for U
    /// (only unreserved characters pass through).
    #[must_use]
    pub const fn allows_reserved(self) -> bool {
        matches!(self, Operator::Reserved | Operator::Fragment)
    }
}

/// Whether `c` is one of the operator characters RFC 6570 §2.2 reserves
/// for future extensions: `= , ! @ |`.
#[must_use]
pub const fn is_reserved_operator(c: char) -> bool {
    matches!(c, '=' | ',' | '!' | '@' | '|')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appendix_a_table() {
        // Each row of the table, column by column (NUL + . / ; ? & #).
        let first: Vec<_> = Operator::ALL.iter().map(|o| o.first()).collect();
        assert_eq!(first, ["", "", ".", "/", ";", "?", "&", "#"]);
        let sep: Vec<_> = Operator::ALL.iter().map(|o| o.separator()).collect();
        assert_eq!(sep, [",", ",", ".", "/", ";", "&", "&", ","]);
        let named: Vec<_> = Operator::ALL.iter().map(|o| o.is_named()).collect();
        assert_eq!(named, [false, false, false, false, true, true, true, false]);
        let ifemp: Vec<_> = Operator::ALL.iter().map(|o| o.if_empty()).collect();
        assert_eq!(ifemp, ["", "", "", "", "", "=", "=", ""]);
        let allow: Vec<_> = Operator::ALL.iter().map(|o| o.allows_reserved()).collect();
        assert_eq!(
            allow,
            [false, true, false, false, false, false, false, true]
        );
    }

    #[test]
    fn the_citation_opens_on_the_operators_own_section() {
        for op in Operator::ALL {
            let (own, rest) = op.citation().split_once(", ").unwrap();
            assert_eq!(own, format!("RFC 6570 §{}", op.section()));
            assert_eq!(rest, "§2.2, Appendix A");
        }
    }

    #[test]
    fn chars_round_trip() {
        for op in Operator::ALL {
            match op.as_char() {
                Some(c) => assert_eq!(Operator::from_char(c), Some(op)),
                None => assert_eq!(op, Operator::Simple),
            }
            assert_eq!(
                op.as_str(),
                op.as_char().map(String::from).unwrap_or_default()
            );
        }
        for c in "=,!@|".chars() {
            assert!(is_reserved_operator(c));
            assert_eq!(Operator::from_char(c), None);
        }
    }
}
