//! `bianpai trf pair | standings | export` (`check` and `generate` in their own files).

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
            let trf = read(&file, false)?;
            over(&trf).map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
            let history = crate::trf::history(&trf)
                .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
            let engine: Box<dyn crate::pairing::PairingSystem> =
                match system.unwrap_or_else(|| system_of(&history)) {
                    PairingSystem::Dutch => Box::new(crate::pairing::dutch::Dutch),
                    PairingSystem::Team => Box::<crate::pairing::team_swiss::TeamSwiss>::default(),
                    PairingSystem::Xiangqi => {
                        Box::<crate::pairing::xiangqi_swiss::XiangqiSwiss>::default()
                    }
                };
            let pairing = engine
                .pair(&history)
                .map_err(|e| Error::pairing(file.display().to_string(), e))?;
            super::output::write(&pairing.to_bbp())?;
            Ok(0)
        }
        TrfCommand::Standings {
            file,
            tiebreaks,
            edition,
            round_robin,
            swiss,
        } => {
            let trf = read(&file, true)?;
            let opts = crate::scoring::TrfStandingsOptions {
                tiebreaks,
                edition,
                layout: if round_robin {
                    crate::scoring::Layout::RoundRobin
                } else if swiss {
                    crate::scoring::Layout::Swiss
                } else {
                    crate::scoring::Layout::Auto
                },
            };
            let (out, warnings) = crate::trf::standings_checked(&trf, &opts)
                .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
            for w in warnings {
                eprintln!("{}: warning: {w}", file.display());
            }
            super::output::write(&out)?;
            Ok(0)
        }
        TrfCommand::Export { dir } => export(&dir),
        TrfCommand::Check {
            file,
            system,
            tiebreaks,
            lang,
        } => super::trf_check::run(&file, system, tiebreaks.as_deref(), lang),
        TrfCommand::Generate(args) => super::trf_generate::run(&args),
    }
}

/// `trf export <dir>`: runs the event as `bianpai run` does (the report is built from the
/// whole outcome, and the run writes its other outputs as usual) and prints the TRF files it
/// wrote, one a line. Exit status 1 with blocking findings, as `run`.
///
/// # Errors
///
/// When the run cannot happen, or the event has no round to report yet.
fn export(dir: &Path) -> Result<u8> {
    let opts = crate::pipeline::Options {
        dir: dir.to_path_buf(),
        out: crate::pipeline::out_dir(dir, None),
        lang: crate::Lang::Zh,
    };
    let outcome = crate::pipeline::run(&opts)?;
    let trfs: Vec<&String> = outcome
        .summary
        .outputs
        .iter()
        .filter(|p| p.ends_with(".trf"))
        .collect();
    if trfs.is_empty() {
        return Err(Error::Usage(format!(
            "{}: 还没有可报告的轮次（没有已编排的对局） (no round to report yet)",
            dir.display()
        )));
    }
    let text: String = trfs.iter().map(|p| format!("{p}\n")).collect();
    super::output::write(&text)?;
    Ok(u8::from(outcome.blocking))
}

/// Reads, parses and checks a TRF file (UTF-8; Latin-1 bytes are taken as they are), within
/// the bounds of [`crate::trf::check`] (file size, line count, line length), checked before
/// anything is allocated for the records. Warnings go to stderr.
pub(super) fn read(path: &Path, for_standings: bool) -> Result<crate::trf::Trf> {
    use crate::trf::check;
    use std::io::Read;
    let usage = |e: crate::trf::ParseError| Error::trf(path, e);
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let mut bytes = Vec::new();
    file.take(check::MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    if bytes.len() as u64 > check::MAX_BYTES {
        return Err(Error::Usage(format!(
            "{}: 文件超过{} MB，不是TRF文件 / larger than {} MB, not a TRF file",
            path.display(),
            check::MAX_BYTES / 1024 / 1024,
            check::MAX_BYTES / 1024 / 1024
        )));
    }
    let text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    check::bounds(&text).map_err(usage)?;
    let trf = crate::trf::parse(&text).map_err(usage)?;
    let warnings = if for_standings {
        check::check_standings(&trf)
    } else {
        check::check(&trf)
    };
    for w in warnings.map_err(usage)? {
        eprintln!("{}: warning: {w}", path.display());
    }
    Ok(trf)
}

/// Refuses to pair past the last round the file announces (`XXR` or `142`).
fn over(trf: &crate::trf::Trf) -> std::result::Result<(), String> {
    let announced = trf.records("XXR").next().is_some() || trf.records("142").next().is_some();
    let (planned, played) = (trf.rounds_planned(), trf.rounds_played());
    if announced && planned > 0 && played >= planned {
        return Err(format!(
            "赛事已结束：共{planned}轮，已赛{played}轮 / the event is over: {planned} rounds, {played} played"
        ));
    }
    Ok(())
}

/// The system named by the history's system code (TRF `192`), else Dutch.
pub(super) fn system_of(h: &crate::tournament::History) -> PairingSystem {
    let v = h.system.as_deref().unwrap_or("").to_ascii_uppercase();
    if v.starts_with("FIDE_TEAM") {
        PairingSystem::Team
    } else if v.contains("XIANGQI") {
        PairingSystem::Xiangqi
    } else {
        PairingSystem::Dutch
    }
}
