//! The built-in templates (SPEC §4): commented `event.toml` files embedded in the binary, also
//! shipped as files under `templates/`.

use std::path::Path;

use super::{Event, EventError};

/// A built-in template.
#[derive(Debug, Clone, Copy)]
pub struct Template {
    /// Name used with `bianpai init --template`.
    pub name: &'static str,
    /// The commented TOML text written as `event.toml`.
    pub text: &'static str,
}

/// Every built-in template, in the order `bianpai templates` lists them.
pub const TEMPLATES: &[Template] = &[
    Template {
        name: "cca-a-league-2023",
        text: include_str!("../../templates/cca-a-league-2023.toml"),
    },
    Template {
        name: "cca-b-league-2025",
        text: include_str!("../../templates/cca-b-league-2025.toml"),
    },
    Template {
        name: "cxa-amateur-king-2023",
        text: include_str!("../../templates/cxa-amateur-king-2023.toml"),
    },
    Template {
        name: "youth-chess",
        text: include_str!("../../templates/youth-chess.toml"),
    },
    Template {
        name: "open-chess",
        text: include_str!("../../templates/open-chess.toml"),
    },
    Template {
        name: "xiangqi-team",
        text: include_str!("../../templates/xiangqi-team.toml"),
    },
];

/// The template with this name.
///
/// # Errors
///
/// [`EventError::UnknownTemplate`] when there is none.
pub fn find(name: &str) -> Result<&'static Template, EventError> {
    TEMPLATES
        .iter()
        .find(|t| t.name == name)
        .ok_or_else(|| EventError::UnknownTemplate(name.to_string()))
}

impl Template {
    /// The template parsed and validated.
    ///
    /// # Errors
    ///
    /// An [`EventError`] if the template is broken (a bug, caught by the tests).
    pub fn event(&self) -> Result<Event, EventError> {
        super::parse(
            self.text,
            Path::new(&format!("templates/{}.toml", self.name)),
        )
    }
}
