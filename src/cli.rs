//! The command line, as clap derive structs. Only what the user typed; commands interpret it.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::Lang;

/// bianpai (编排): the arbiter's desk for chess and xiangqi federation events.
#[derive(Debug, Parser)]
#[command(name = "bianpai", version, about)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands of SPEC §3.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the built-in event templates.
    Templates,
    /// Create an event folder: event.toml from a template and a blank entry form.
    Init {
        /// The event folder to create or fill.
        dir: PathBuf,
        /// The template name (see `bianpai templates`).
        #[arg(long)]
        template: String,
    },
    /// Read everything in the event folder, check, pair, score and write the outputs.
    Run(RunArgs),
    /// Work on FIDE TRF files directly.
    Trf {
        /// What to do with the TRF file.
        #[command(subcommand)]
        command: TrfCommand,
    },
}

/// Options of `bianpai run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The event folder.
    pub dir: PathBuf,
    /// Print a machine-readable JSON summary on stdout.
    #[arg(long)]
    pub json: bool,
    /// Language of messages and workbook labels.
    #[arg(long, value_enum, default_value_t = Lang::Zh)]
    pub lang: Lang,
    /// Write outputs into this folder instead of `<dir>/out`.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `bianpai trf ...` subcommands.
#[derive(Debug, Subcommand)]
pub enum TrfCommand {
    /// Pair the next round and print it in the bbpPairings `-p` format.
    Pair {
        /// The TRF file.
        file: PathBuf,
        /// The pairing system (default: from the 192 record, else dutch).
        #[arg(long, value_enum)]
        system: Option<PairingSystem>,
    },
    /// Print the ranking with tie-breaks, tab-separated.
    Standings {
        /// The TRF file.
        file: PathBuf,
        /// The tie-break list, primary score first, e.g. "PTS BH/C1 SB".
        #[arg(long)]
        tiebreaks: String,
        /// Rules edition; default from the start date (record 042).
        #[arg(long)]
        edition: Option<u16>,
        /// Treat the event as a round robin (pre-set pairings, TieBreakServer `-p`); default
        /// from record 092.
        #[arg(long, conflicts_with = "swiss")]
        round_robin: bool,
        /// Treat the event as a Swiss (TieBreakServer `-s`); default from record 092.
        #[arg(long)]
        swiss: bool,
    },
    /// Write the event's FIDE report.
    Export {
        /// The event folder.
        dir: PathBuf,
    },
}

/// Pairing systems of `trf pair`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PairingSystem {
    /// FIDE Dutch system (C.04.3).
    Dutch,
    /// FIDE Swiss team pairing system (C.04.6).
    Team,
    /// Xiangqi Swiss (CXA practice).
    Xiangqi,
}
