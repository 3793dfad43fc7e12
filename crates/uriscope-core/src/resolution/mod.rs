//! Reference resolution, RFC 3986 §5: the target alone ([`target`], one
//! allocation in the usual case) or every step recorded for the explorer
//! ([`trace`]: the §5.2.2 branch, the §5.2.3 merge, the §5.2.4
//! remove_dot_segments table of [`dot_segments`]), both sharing the
//! options and errors of [`target`]; its inverse, the shortest relative
//! reference ([`relative`], §4.2); and the bounded excerpts traces keep.

pub(crate) mod dot_segments;
pub(crate) mod excerpt;
pub(crate) mod relative;
pub(crate) mod target;
pub(crate) mod trace;
