//! `bianpai trf pair | standings | export`.

use std::path::Path;

use crate::cli::{PairingSystem, TrfCommand};
use crate::{Error, Result};

/// Runs a `trf` subcommand, printing its output on stdout.
///
/// # Errors
///
/// An unreadable or malformed file, or a round that cannot be paired.
pub fn run(cmd: TrfCommand) -> Result<u8> {
    match cmd {
        TrfCommand::Pair { file, system } => {
            let trf = read(&file)?;
            let system = system.unwrap_or_else(|| system_of(&trf));
            let pairing = match system {
                PairingSystem::Dutch => crate::pairing::dutch::pair(&trf),
                PairingSystem::Team => crate::pairing::team_swiss::pair(&trf),
                PairingSystem::Xiangqi => crate::pairing::xiangqi_swiss::pair(&trf),
            }
            .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
            print!("{}", pairing.to_bbp());
            Ok(0)
        }
        TrfCommand::Standings {
            file,
            tiebreaks,
            edition,
            round_robin,
            swiss,
        } => {
            let trf = read(&file)?;
            let opts = crate::scoring::TrfStandingsOptions {
                tiebreaks,
                edition,
                round_robin: if round_robin {
                    Some(true)
                } else if swiss {
                    Some(false)
                } else {
                    None
                },
            };
            let out = crate::scoring::trf_standings(&trf, &opts)
                .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
            print!("{out}");
            Ok(0)
        }
        TrfCommand::Export { dir } => Err(Error::Usage(format!(
            "{}: TRF export not yet built",
            dir.display()
        ))),
    }
}

/// Reads and parses a TRF file (UTF-8; Latin-1 bytes are taken as they are).
fn read(path: &Path) -> Result<crate::trf::Trf> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    crate::trf::parse(&text).map_err(|e| Error::Usage(format!("{}: {e}", path.display())))
}

/// The system named by the file's 192 record, else Dutch.
fn system_of(trf: &crate::trf::Trf) -> PairingSystem {
    for line in &trf.lines {
        if let crate::trf::Line::Other { code, raw } = line
            && code == "192"
        {
            let v = raw.get(4..).unwrap_or("").trim().to_ascii_uppercase();
            if v.starts_with("FIDE_TEAM") {
                return PairingSystem::Team;
            }
            if v.contains("XIANGQI") {
                return PairingSystem::Xiangqi;
            }
        }
    }
    PairingSystem::Dutch
}
