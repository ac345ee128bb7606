//! Ingest: walk the event folder, recognise each file by its first bytes, open zips in memory,
//! and turn every readable file into [`Table`]s. Unreadable files become `file.unreadable`
//! findings; ignored files are listed with the reason.
//!
//! This stage knows nothing about entry forms: `forms` decides what a table means.

mod table;

pub use table::{Cell, Format, LoadedFile, Merge, Table};
