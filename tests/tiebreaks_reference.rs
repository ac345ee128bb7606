//! Every case of the TieBreakServer corpus (`tests/reference/tiebreaks/`): read the `.cmd`
//! for the tie-break list and the mode (`-s` Swiss, `-p` pre-determined), compute the standings
//! and compare the whole TSV text.

use std::fs;
use std::path::{Path, PathBuf};

use bianpai::scoring::{Layout, TrfStandingsOptions};
use bianpai::trf::standings as trf_standings;

/// `tests/reference/tiebreaks/`, checked in with the crate.
fn root() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/reference/tiebreaks"
    ))
}

/// The number of cases that pass today; raise it as the engine improves.
const MIN_PASSING: usize = 64;

struct Case {
    trf: PathBuf,
    tsv: PathBuf,
    list: String,
    layout: Layout,
}

fn parse_cmd(dir: &Path, cmd: &str) -> Option<Case> {
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let input = words
        .iter()
        .position(|w| *w == "-i")
        .and_then(|i| words.get(i + 1))?;
    let t = words.iter().position(|w| *w == "-t")?;
    let list: Vec<&str> = words
        .iter()
        .skip(t + 1)
        .take_while(|w| !w.starts_with('-') || w.len() > 2 && !w.starts_with("--"))
        .take_while(|w| !matches!(**w, "-d" | "-r" | "-s" | "-p" | "-b" | "-i"))
        .copied()
        .collect();
    let layout = if words.contains(&"-p") {
        Layout::RoundRobin
    } else if words.contains(&"-s") {
        Layout::Swiss
    } else {
        Layout::Auto
    };
    let trf = dir.join(input);
    Some(Case {
        tsv: trf.with_extension("tsv"),
        trf,
        list: list.join(" "),
        layout,
    })
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for folder in ["individual", "team-rr", "team-swiss", "de-first"] {
        let dir = root().join(folder);
        let mut files: Vec<PathBuf> = fs::read_dir(&dir)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.sort();
        for f in files {
            if f.extension().and_then(|e| e.to_str()) != Some("cmd") {
                continue;
            }
            let cmd = fs::read_to_string(&f).unwrap_or_default();
            if let Some(c) = parse_cmd(&dir, &cmd) {
                out.push(c);
            }
        }
    }
    out
}

fn diff(expected: &str, got: &str) -> String {
    let mut out = String::new();
    let e: Vec<&str> = expected.lines().collect();
    let g: Vec<&str> = got.lines().collect();
    for i in 0..e.len().max(g.len()) {
        let a = e.get(i).copied().unwrap_or("<none>");
        let b = g.get(i).copied().unwrap_or("<none>");
        if a != b {
            out.push_str(&format!("  -{a}\n  +{b}\n"));
        }
    }
    out
}

#[test]
fn tiebreakserver_corpus() {
    let cases = cases();
    assert_eq!(cases.len(), 64, "the corpus has 64 cases");
    let mut passing = 0;
    let mut report = String::new();
    for c in &cases {
        let name = c.trf.display().to_string();
        let expected = fs::read_to_string(&c.tsv).unwrap_or_default();
        let text = fs::read_to_string(&c.trf).unwrap_or_default();
        let got = match bianpai::trf::parse(&text) {
            Ok(trf) => trf_standings(
                &trf,
                &TrfStandingsOptions {
                    tiebreaks: c.list.clone(),
                    edition: None,
                    layout: c.layout,
                },
            )
            .unwrap_or_else(|e| format!("error: {e}")),
            Err(e) => format!("parse error: {e}"),
        };
        if got == expected {
            passing += 1;
        } else {
            report.push_str(&format!("FAIL {name}\n{}", diff(&expected, &got)));
        }
    }
    println!("{report}");
    println!("tie-break reference: {passing}/{} cases pass", cases.len());
    assert!(
        passing >= MIN_PASSING,
        "{passing} cases pass, fewer than {MIN_PASSING}"
    );
}

/// TRF-16 team records (`013`, teams numbered in file order) give the same standings as the
/// TRF-26 `310` records they are made from.
#[test]
fn trf16_team_records_give_the_same_standings() {
    let dir = root().join("team-rr");
    let base = "trr-01-12t-5b-11r-std-2026";
    let text = fs::read_to_string(dir.join(format!("{base}.trf"))).expect("corpus file");
    let expected = fs::read_to_string(dir.join(format!("{base}.tsv"))).expect("corpus file");
    let mut teams: Vec<(u32, String)> = Vec::new();
    let mut other = String::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("310 ") {
            let number: u32 = rest.get(..3).unwrap().trim().parse().unwrap();
            let name = line.get(8..40).unwrap().trim().to_string();
            let members: Vec<&str> = line.get(73..).unwrap().split_whitespace().collect();
            let mut l = format!("013 {name:<32}");
            for (i, m) in members.iter().enumerate() {
                if i > 0 {
                    l.push(' ');
                }
                l.push_str(&format!("{m:>4}"));
            }
            teams.push((number, l));
        } else {
            other.push_str(line);
            other.push('\n');
        }
    }
    teams.sort();
    for (_, l) in &teams {
        other.push_str(l);
        other.push('\n');
    }
    let trf = bianpai::trf::parse(&other).expect("TRF-16 team file");
    let got = trf_standings(
        &trf,
        &TrfStandingsOptions {
            tiebreaks: "MPTS GPTS EDE ESB:MG ESB:MM BC BH:MP".into(),
            edition: None,
            layout: bianpai::scoring::Layout::RoundRobin,
        },
    )
    .expect("standings");
    assert_eq!(got, expected, "{}", diff(&expected, &got));
}

fn standings_of(text: &str, list: &str) -> Result<String, String> {
    let trf = bianpai::trf::parse(text).map_err(|e| e.to_string())?;
    trf_standings(
        &trf,
        &TrfStandingsOptions {
            tiebreaks: list.into(),
            edition: None,
            layout: bianpai::scoring::Layout::Auto,
        },
    )
}

/// Damaged files give an error or a ranking, never a panic.
#[test]
fn damaged_files_do_not_panic() {
    let ind = fs::read_to_string(root().join("individual/ind-02-011p-07r-std-tb2024.trf"))
        .expect("corpus file");
    // A player whose line is gone: the opponents' round blocks name an unknown start number.
    let missing: String = ind
        .lines()
        .filter(|l| !l.starts_with("001    3 "))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = standings_of(&missing, "PTS BH").unwrap_err();
    assert!(err.contains("opponent 3"), "{err}");
    // Unknown codes are refused by name.
    let err = standings_of(&ind, "PTS XYZ").unwrap_err();
    assert!(err.contains("XYZ"), "{err}");
    assert!(standings_of(&ind, "").is_err());
    // A team file without one of its 310 lines, a 330 naming unknown teams and a garbled 320.
    let team = fs::read_to_string(root().join("team-swiss/tsw-02-19t-5b-09r-std-2026.trf"))
        .expect("corpus file");
    let mut dropped = false;
    let damaged: String = team
        .lines()
        .filter(|l| {
            if l.starts_with("310") && !dropped {
                dropped = true;
                return false;
            }
            true
        })
        .map(|l| format!("{l}\n"))
        .chain(["330 +- 003 098 099\n".to_string(), "320 x\n".to_string()])
        .collect();
    let out = standings_of(
        &damaged,
        "MPTS GPTS EDE ESB:MG/C1 BH:MP/C1 BC TBR BBE EDEBT",
    );
    if let Ok(text) = out {
        assert_eq!(text.lines().count(), 19, "header and 18 teams");
    }
}

/// `bianpai trf standings` prints the reference table; `--edition` and `--swiss` are honoured.
#[test]
fn cli_prints_the_reference_table() {
    let dir = root().join("de-first");
    let trf = dir.join("ind-07-024p-07r-std-tb2026.trf");
    let expected = fs::read_to_string(dir.join("ind-07-024p-07r-std-tb2026.tsv")).unwrap();
    let run = |extra: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_bianpai"))
            .args(["trf", "standings"])
            .arg(&trf)
            .args(["--tiebreaks", "PTS DE BH/C1 BH SB"])
            .args(extra)
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&["--swiss"]), expected);
    // 2024 rules give the dummy the full own score: player 4's BH/C1 is 27.5, not 26.0.
    let old = run(&["--swiss", "--edition", "2024"]);
    assert_ne!(old, expected);
    assert!(old.contains("2\t4\t5.5\t0\t27.5\t29.0\t20.50\n"), "{old}");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(["trf", "standings"])
        .arg(&trf)
        .args(["--tiebreaks", "PTS NOPE"])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
}
