//! bianpai (编排): the arbiter's desk for Chinese chess (国际象棋) and xiangqi (象棋) federation
//! events.
//!
//! The data flows one way and the modules follow it:
//!
//! files ([`ingest`]) → tables → entries ([`forms`]) → normalized values ([`normalize`]) →
//! the event model ([`model`], [`event`]) → checks ([`eligibility`]) and the event's outcome
//! ([`outcome`]: [`season`] with pairings ([`pairing`]) and scores ([`scoring`]), then
//! [`money`]; no I/O) → workbooks ([`report`]) and TRF ([`trf::export`]). [`pipeline`]
//! sequences a run.
//!
//! `main.rs` only hands the arguments to [`cmd::start::main`], which parses them and calls
//! [`cmd::run`].

pub mod cli;
pub mod cmd;
pub mod eligibility;
pub mod event;
pub mod findings;
pub mod forms;
pub mod ingest;
pub mod model;
pub mod money;
pub mod normalize;
pub mod outcome;
pub mod pairing;
pub mod par;
pub mod pipeline;
pub mod report;
pub mod rounds;
pub mod scoring;
pub mod season;
pub mod trf;

/// The language of messages and workbook labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize)]
pub enum Lang {
    /// Chinese (default).
    #[default]
    Zh,
    /// English (`--lang en`).
    En,
}

impl Lang {
    /// Picks the text for this language.
    pub fn pick<'a>(self, zh: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// What went wrong when a command could not run at all (exit status 2).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file or folder could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The path concerned.
        path: String,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// The command's input is unusable (no event.toml, a malformed TRF, bad arguments).
    #[error("{0}")]
    Usage(String),
}

impl Error {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl AsRef<std::path::Path>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.as_ref().display().to_string(),
            source,
        }
    }
}

/// The result type of commands.
pub type Result<T, E = Error> = std::result::Result<T, E>;
