//! The `run` pipeline: everything `bianpai run <dir>` does, in the order the data flows.

pub mod print;
pub mod summary;
