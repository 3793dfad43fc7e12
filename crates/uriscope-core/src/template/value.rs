//! Variable values (RFC 6570 §2.3): strings, lists and associative arrays,
//! looked up by name. A variable absent from [`Variables`] is undefined.

use std::collections::HashMap;

/// The value of a defined variable (§2.3).
///
/// An empty list or map is treated as undefined when expanding, as §2.3
/// says; an empty string is defined (`{?x}` gives `?x=`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A string.
    String(String),
    /// A list of strings.
    List(Vec<String>),
    /// An associative array of (name, value) pairs, expanded in this order.
    Map(Vec<(String, String)>),
}

/// What kind of value a variable holds, for display: the [`Value`]
/// variants without their contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// [`Value::String`].
    String,
    /// [`Value::List`].
    List,
    /// [`Value::Map`].
    Map,
}

impl ValueKind {
    /// `string`, `list` or `map`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ValueKind::String => "string",
            ValueKind::List => "list",
            ValueKind::Map => "map",
        }
    }
}

impl Value {
    /// The kind of the value.
    #[must_use]
    pub fn kind(&self) -> ValueKind {
        match self {
            Value::String(_) => ValueKind::String,
            Value::List(_) => ValueKind::List,
            Value::Map(_) => ValueKind::Map,
        }
    }

    /// Whether expansion treats the value as defined: a string always, a
    /// list or map when it has a member (§2.3).
    #[must_use]
    pub fn is_defined(&self) -> bool {
        match self {
            Value::String(_) => true,
            Value::List(l) => !l.is_empty(),
            Value::Map(m) => !m.is_empty(),
        }
    }

    /// Whether the value is a list or a map (§2.4.1: prefix modifiers do
    /// not apply to them).
    #[must_use]
    pub fn is_composite(&self) -> bool {
        !matches!(self, Value::String(_))
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.to_owned())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

impl From<Vec<String>> for Value {
    fn from(l: Vec<String>) -> Value {
        Value::List(l)
    }
}

impl From<Vec<(String, String)>> for Value {
    fn from(m: Vec<(String, String)>) -> Value {
        Value::Map(m)
    }
}

/// The variables of an expansion, by name (case-sensitive, as written in
/// the template, pct-triplets included). A name that is absent is
/// undefined.
///
/// ```
/// use uriscope_core::template::{Value, Variables};
///
/// let mut vars = Variables::new();
/// vars.insert("who", "fred");
/// vars.insert("list", Value::List(vec!["red".into(), "green".into()]));
/// assert_eq!(vars.get("who"), Some(&Value::String("fred".into())));
/// assert!(vars.get("undef").is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variables {
    values: HashMap<String, Value>,
}

impl Variables {
    /// No variables.
    #[must_use]
    pub fn new() -> Variables {
        Variables::default()
    }

    /// Define `name` (replacing any value it had); returns the old value.
    pub fn insert(&mut self, name: impl Into<String>, value: impl Into<Value>) -> Option<Value> {
        self.values.insert(name.into(), value.into())
    }

    /// Make `name` undefined; returns the value it had.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        self.values.remove(name)
    }

    /// The value of `name`, `None` when it is undefined.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.get(name)
    }

    /// How many variables are defined.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no variable is defined.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The variables and their values, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> + '_ {
        self.values.iter().map(|(k, v)| (k.as_str(), v))
    }
}

impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Variables {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Variables {
        let mut vars = Variables::new();
        vars.extend(iter);
        vars
    }
}

impl<K: Into<String>, V: Into<Value>> Extend<(K, V)> for Variables {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defined_and_composite() {
        assert!(Value::from("").is_defined());
        assert!(!Value::List(vec![]).is_defined());
        assert!(!Value::Map(vec![]).is_defined());
        assert!(Value::List(vec![String::new()]).is_defined());
        assert!(Value::Map(vec![]).is_composite());
        assert!(!Value::from("x").is_composite());
        assert_eq!(Value::Map(vec![]).kind().name(), "map");
    }

    #[test]
    fn insert_get_remove() {
        let mut v: Variables = [("a", "1"), ("b", "2")].into_iter().collect();
        assert_eq!(v.len(), 2);
        assert_eq!(v.insert("a", "3"), Some(Value::from("1")));
        assert_eq!(v.get("a"), Some(&Value::from("3")));
        assert_eq!(v.remove("b"), Some(Value::from("2")));
        assert!(v.get("b").is_none());
        assert!(!v.is_empty());
        assert_eq!(v.iter().count(), 1);
    }
}
