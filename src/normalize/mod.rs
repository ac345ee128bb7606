//! Normalize: raw form values → typed values (names, sexes, dates, resident ID numbers, FIDE IDs,
//! ratings, boards, unit names), with a finding for each value that cannot be normalized, and
//! [`build_roster`], which turns the submissions of [`crate::inputs::read_forms`] into the
//! [`crate::model::roster::Roster`].
//!
//! Each value function takes a [`crate::ingest::Cell`] (or text) and returns the typed value,
//! `None` for a blank cell, or an error describing the value as written; the roster builder
//! turns errors into findings with the cell's source.

mod build;
mod date;
mod fide_name;
mod fields;
mod id;
mod name;
mod person;
mod script;

pub use build::{build_roster, build_roster_with};
pub use date::{DateError, DateSystem, date, excel_serial, parse_date_text};
pub use fide_name::{SURNAMES, fide_name, fide_team_name};
pub use fields::{board, fide_id, official_role, rating, role, sex, text, unit_key, unit_name};
pub(crate) use id::id_number_as;
pub use id::{
    IdError, ParsedId, id_check_char, id_kind_named, id_number, parse_id_as, parse_id_text,
    upgrade_15,
};
pub use name::{clean_name, is_invisible, name, name_key, strip_invisible};
pub(crate) use name::{invisible_message, is_han};
pub use script::simplified;
