//! FIDE Tournament Report Files (TRF-16 and TRF-26): model, reader and writer.

mod model;

pub use model::{
    Line, PlayerRecord, ResultCode, RoundEntry, ScoreTable, Team013Record, TeamRecord, Trf,
};
