//! `serde::Serialize` for the kinds and codes (the `serde` feature): each
//! as the name JSON output uses, which is also its `as_str`.

use serde::{Serialize, Serializer};

use crate::component::{HostKind, PathKind, RefKind};
use crate::{Code, Severity};

macro_rules! as_its_name {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    )*};
}

as_its_name!(Code, Severity, HostKind, PathKind, RefKind);
