//! Forms: recognise entry forms and room requests in [`crate::ingest::Table`]s by their header
//! rows, and read them into raw entries that keep the source cell of every value.
