//! bianpai (编排): the arbiter's desk for Chinese chess (国际象棋) and xiangqi (象棋) federation
//! events.
//!
//! The data flows one way and the modules follow it:
//!
//! files ([`ingest`]) → tables → typed inputs ([`inputs`]: entries ([`forms`]), round sheets
//! ([`rounds`]), the draw, quota lines) → normalized values ([`normalize`]) →
//! the event model ([`model`], [`event`]) → checks ([`eligibility`]) and the event's outcome
//! ([`outcome`]: [`season`] with pairings ([`pairing`]) and scores ([`scoring`]), then
//! [`money`]; no I/O) → workbooks ([`report`]) and TRF ([`trf::export`]). [`pipeline`]
//! sequences a run.
//!
//! `main.rs` only hands the arguments to [`cmd::start::main`], which parses them and calls
//! [`cmd::run`].

// Every public item says what it is; CI denies warnings (`.ci/run`: clippy -D warnings).
#![warn(missing_docs)]
pub mod cli;
pub mod cmd;
pub mod eligibility;
pub mod event;
pub mod findings;
pub mod forms;
pub mod ingest;
pub mod inputs;
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
pub mod tournament;
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

/// What went wrong when a command could not run at all (exit status 2). Each kind keeps its
/// cause as [`std::error::Error::source`].
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
    /// `event.toml` is missing, malformed or inconsistent.
    #[error(transparent)]
    Event(#[from] event::EventError),
    /// A stage of the event cannot be paired or scheduled as configured.
    #[error("{stage}: {source}")]
    Pairing {
        /// The stage or setting concerned (`event.toml [stages.knockout]`).
        stage: String,
        /// The engine's reason.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A TRF file cannot be read or does not add up.
    #[error("{path}: {source}")]
    Trf {
        /// The file.
        path: String,
        /// Where and what.
        #[source]
        source: trf::ParseError,
    },
    /// An output could not be made (the workbook writer or the picture renderer failed).
    #[error("{path}: {source}")]
    Output {
        /// The output file.
        path: String,
        /// The writer's reason.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The JSON summary could not be written.
    #[error("JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The command's input is unusable as given (not a folder, no event.toml, an output
    /// folder inside the event folder, a run already holding the folder, bad arguments).
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

    /// Wraps a writer's error with the output it concerns.
    pub fn output(
        path: impl AsRef<std::path::Path>,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Error {
        Error::Output {
            path: path.as_ref().display().to_string(),
            source: source.into(),
        }
    }

    /// Wraps an engine's error with the stage it concerns.
    pub fn pairing(
        stage: impl Into<String>,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Error {
        Error::Pairing {
            stage: stage.into(),
            source: source.into(),
        }
    }

    /// Wraps a TRF reading error with its file.
    pub fn trf(path: impl AsRef<std::path::Path>, source: trf::ParseError) -> Error {
        Error::Trf {
            path: path.as_ref().display().to_string(),
            source,
        }
    }
}

/// The result type of commands.
pub type Result<T, E = Error> = std::result::Result<T, E>;
