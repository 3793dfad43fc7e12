//! The binary as scripts use it: subcommands, JSON shapes, streaming, exit codes.

mod answers;
mod args;
mod codec;
mod collections;
mod edit;
mod edit_flags;
mod expand;
mod expand_explain;
pub(crate) mod html;
mod idna_hosts;
mod json_schema;
mod markdown;
mod output_defects;
mod output_rule;
mod parse;
mod resolve;
mod rfc;
mod segments;
mod shell;
mod sites;
mod smoke;
mod trace_bounds;
mod trurl;
mod trurl_edit;
mod trurl_read;
