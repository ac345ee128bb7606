//! The FIDE Dutch engine against bbpPairings v6: every round of the 120 reference tournaments
//! (`tests/reference/dutch/`, cut per that README's rule) and the three edge cases
//! (`tests/reference/dutch-edge/`).

mod util;

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use bianpai::model::Points;
use bianpai::pairing::{Pairing, PairingSystem, dutch};
use bianpai::tournament::History;
use util::reference;

/// Rounds of the corpus reproduced exactly (all of them).
const MATCHED_AT_LEAST: usize = 931;

/// The characters of `line` at 1-based inclusive columns `a..=b` (empty past the end).
fn cols(line: &str, a: usize, b: usize) -> &str {
    let end = b.min(line.len());
    if a > end { "" } else { &line[a - 1..end] }
}

/// The round blocks of a `001` line: (opponent, colour, result) characters, trimmed.
fn blocks(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 92;
    while start <= line.len() {
        out.push(cols(line, start, start + 7).to_string());
        start += 10;
    }
    out
}

/// Whether the file scores 2/1/0.
fn xiangqi_points(text: &str) -> bool {
    text.lines()
        .any(|l| l.starts_with("162") && l.contains("W 2.0"))
}

/// The value of a result character under the file's scoring, in half-points.
fn value(code: char, xq: bool) -> i32 {
    let (w, d) = if xq { (4, 2) } else { (2, 1) };
    match code {
        '1' | '+' | 'F' | 'U' | 'W' => w,
        '=' | 'H' | 'D' => d,
        _ => 0,
    }
}

/// The reference README's cut rule: the input for pairing round `k` of the full file `text`.
fn cut(text: &str, k: usize) -> String {
    let xq = xiangqi_points(text);
    let rounds = text
        .lines()
        .find_map(|l| l.strip_prefix("XXR"))
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    let xxc = text
        .lines()
        .find_map(|l| l.strip_prefix("XXC"))
        .map(|s| s.trim().to_string());
    let mut out = format!("XXR {rounds}\n");
    if let Some(c) = xxc {
        out.push_str(&format!("XXC {c}\n"));
    }
    for line in text.lines() {
        if ["XXR", "XXC", "142", "152"]
            .iter()
            .any(|c| line.starts_with(c))
        {
            continue;
        }
        if !line.starts_with("001") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut l = format!("{:<80}", cols(line, 1, 80));
        let bl = blocks(line);
        let score: i32 = bl
            .iter()
            .take(k - 1)
            .map(|b| value(b.chars().nth(7).unwrap_or(' '), xq))
            .sum();
        l.push_str(&format!("{:>4}", Points::from_halves(score).to_string()));
        l.push_str("     ");
        for b in bl.iter().take(k - 1) {
            l.push_str("  ");
            l.push_str(&format!("{b:<8}"));
        }
        if let Some(b) = bl.get(k - 1) {
            let opp = b.get(0..4).unwrap_or("").trim();
            let res = b.chars().nth(7).unwrap_or(' ');
            let res = if res == ' ' { 'Z' } else { res };
            if (opp.is_empty() || opp == "0000") && matches!(res, 'H' | 'Z' | 'F') {
                l.push_str(&format!("  0000 - {res}"));
            }
        }
        out.push_str(l.trim_end());
        out.push('\n');
    }
    out
}

/// Round `k` of the full file as a set of ordered pairs (the bye as `(p, 0)`).
fn expected(text: &str, k: usize) -> BTreeSet<(u16, u16)> {
    let mut set = BTreeSet::new();
    for line in text.lines().filter(|l| l.starts_with("001")) {
        let me: u16 = cols(line, 5, 8).trim().parse().unwrap_or(0);
        let Some(b) = blocks(line).get(k - 1).cloned() else {
            continue;
        };
        let opp: u16 = b.get(0..4).unwrap_or("").trim().parse().unwrap_or(0);
        let colour = b.chars().nth(5).unwrap_or(' ');
        let res = b.chars().nth(7).unwrap_or(' ');
        if opp == 0 {
            if res == 'U' {
                set.insert((me, 0));
            }
        } else if colour == 'w' {
            set.insert((me, opp));
        } else if colour == 'b' {
            set.insert((opp, me));
        }
    }
    set
}

/// Reads a TRF text as a tournament history.
fn read(text: &str) -> History {
    bianpai::trf::history(&bianpai::trf::parse(text).expect("reference TRF reads"))
        .expect("reference TRF is a tournament")
}

fn as_set(p: &Pairing) -> BTreeSet<(u16, u16)> {
    let mut s: BTreeSet<_> = p.pairs.iter().copied().collect();
    if let Some(b) = p.bye {
        s.insert((b, 0));
    }
    s
}

fn files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(reference().join(dir))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "trf"));
    v.sort();
    v
}

#[test]
fn cut_rule_matches_readme_example() {
    let text = fs::read_to_string(reference().join("dutch/d-014p-05r-s68382.trf")).unwrap();
    let c = cut(&text, 1);
    assert!(c.starts_with("XXR 5\nXXC "), "{c}");
    assert!(c.contains(
        "001    6      Test0006 Player0006               2257                             0.0       0000 - H\n"
    ));
}

#[test]
fn corpus_rounds_match_bbppairings() {
    let mut total = 0;
    let mut matched = 0;
    let mut report = Vec::new();
    for path in files("dutch") {
        let text = fs::read_to_string(&path).unwrap();
        let rounds: usize = text
            .lines()
            .find_map(|l| l.strip_prefix("XXR"))
            .and_then(|s| s.trim().parse().ok())
            .unwrap();
        for k in 1..=rounds {
            total += 1;
            let want = expected(&text, k);
            let got = dutch::Dutch.pair(&read(&cut(&text, k))).map(|p| as_set(&p));
            match got {
                Ok(g) if g == want => matched += 1,
                other => {
                    if report.len() < 15 {
                        let name = path.file_name().unwrap().to_string_lossy().to_string();
                        let detail = match other {
                            Ok(g) => format!(
                                "extra {:?} missing {:?}",
                                g.difference(&want).collect::<Vec<_>>(),
                                want.difference(&g).collect::<Vec<_>>()
                            ),
                            Err(e) => e.to_string(),
                        };
                        report.push(format!("{name} round {k}: {detail}"));
                    }
                }
            }
        }
    }
    eprintln!("dutch reference: {matched}/{total} rounds match");
    for r in &report {
        eprintln!("  {r}");
    }
    assert_eq!(total, 931);
    assert!(
        matched >= MATCHED_AT_LEAST,
        "{matched} < {MATCHED_AT_LEAST}"
    );
}

#[test]
fn edge_cases_match_bbppairings() {
    for name in ["dutch_2025_C5", "dutch_2025_C9", "issue_7"] {
        let dir = reference().join("dutch-edge");
        let text = fs::read_to_string(dir.join(format!("{name}.trf"))).unwrap();
        let pairs = fs::read_to_string(dir.join(format!("{name}.pairs"))).unwrap();
        let want: BTreeSet<(u16, u16)> = pairs
            .lines()
            .skip(1)
            .filter_map(|l| {
                let mut it = l.split_whitespace().map(|x| x.parse::<u16>().ok());
                Some((it.next()??, it.next()??))
            })
            .collect();
        let got = dutch::Dutch.pair(&read(&text)).map(|p| as_set(&p));
        assert_eq!(got, Ok(want), "{name}");
    }
}
