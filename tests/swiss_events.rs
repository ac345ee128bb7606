//! The two Swiss templates end to end through the library pipeline, on temp copies of the
//! sample folders: the B-league team Swiss (3 teams: a bye every round) and the xiangqi
//! finals (individual Swiss per group).
//!
//! Results are "typed in" by [`fill_round`]: it reads the arbiter's round workbook back with
//! the library's reader and rewrites it through the same writer with results filled in, so no
//! Python or spreadsheet program is needed.

use std::path::{Path, PathBuf};

use bianpai::Lang;
use bianpai::findings::Findings;
use bianpai::model::{GameResult, Sport};
use bianpai::pipeline::{Options, RunOutcome, run};
use bianpai::report::round_workbook::{IndividualLine, Lines, RoundDoc, TeamLine, for_arbiter};
use bianpai::rounds::sheet::{self, Rows};

const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");

fn temp_copy(sample: &str, files: &[&str], name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bianpai-swiss-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in files {
        std::fs::copy(Path::new(SAMPLES).join(sample).join(f), dir.join(f)).unwrap();
    }
    dir
}

fn run_dir(dir: &Path) -> RunOutcome {
    run(&Options {
        dir: dir.to_path_buf(),
        out: dir.join("out"),
        lang: Lang::Zh,
    })
    .unwrap()
}

/// Reads `results/<file>` back and rewrites it with `result(row index, left, right)` filled in.
fn fill_round(
    dir: &Path,
    file: &str,
    sport: Sport,
    result: &dyn Fn(usize, &str, &str) -> Option<GameResult>,
) -> Vec<(String, String)> {
    let path = dir.join("results").join(file);
    let bytes = std::fs::read(&path).unwrap();
    let loaded = bianpai::ingest::read_bytes(
        &format!("results/{file}"),
        &bytes,
        &bianpai::ingest::Limits::default(),
        0,
    )
    .unwrap();
    let mut f = Findings::new();
    let sheet = sheet::read(&loaded[0], sport, &mut f).unwrap();
    let mut seen = Vec::new();
    let lines = match &sheet.rows {
        Rows::Team(rows) => Lines::Team(
            rows.iter()
                .enumerate()
                .map(|(i, r)| {
                    seen.push((r.home_team.clone(), r.away_team.clone()));
                    TeamLine {
                        match_no: r.match_no.unwrap_or(0),
                        board: r.board.unwrap_or(0),
                        home_team: r.home_team.clone(),
                        home_player: r.home_player.clone(),
                        home_colour: r.home_colour.unwrap(),
                        result: result(i, &r.home_team, &r.away_team),
                        away_player: r.away_player.clone(),
                        away_team: r.away_team.clone(),
                    }
                })
                .collect(),
        ),
        Rows::Individual(rows) => Lines::Individual(
            rows.iter()
                .enumerate()
                .map(|(i, r)| {
                    seen.push((r.left.clone(), r.right.clone()));
                    let bye = sheet::BYE_WORDS.contains(&r.right.as_str()) || r.right.is_empty();
                    IndividualLine {
                        board: r.board.unwrap_or(0),
                        left: r.left.clone(),
                        result: if bye {
                            None
                        } else {
                            result(i, &r.left, &r.right)
                        },
                        right: (!bye).then(|| r.right.clone()),
                    }
                })
                .collect(),
        ),
    };
    std::fs::remove_file(&path).unwrap();
    let doc = RoundDoc {
        event_title: "t",
        marker: &sheet.marker,
        round_label: "t",
        sport,
        lang: Lang::Zh,
        notes: &[],
        groups: None,
    };
    let mut wb = for_arbiter(&doc, &lines).unwrap();
    std::fs::write(&path, wb.save_to_buffer().unwrap()).unwrap();
    seen
}

fn standings(o: &RunOutcome) -> Vec<(u32, String, f64, Option<f64>)> {
    o.summary
        .standings
        .iter()
        .map(|s| {
            (
                s.rank,
                s.name.clone(),
                s.points.as_f64().unwrap(),
                s.game_points.as_ref().and_then(|g| g.as_f64()),
            )
        })
        .collect()
}

#[test]
fn b_league_three_teams_with_a_bye() {
    use GameResult::*;
    let dir = temp_copy(
        "cca-b-league-2025",
        &[
            "event.toml",
            "北京京西队报名表.xlsx",
            "广西八桂队报名表.xlsx",
            "河南中原队报名表.xlsx",
        ],
        "bl",
    );
    // Averages of the five main players: 广西 12248/5, 河南 12169/5, 北京 11952/5 → 1, 2, 3.
    let o = run_dir(&dir);
    assert_eq!(
        (
            o.summary.rounds.counts.planned,
            o.summary.rounds.counts.paired,
            o.summary.rounds.counts.complete
        ),
        (9, 1, 0)
    );
    // Round 1: 1 – 2 (team 1 White on board 1), 3 has the bye (lowest, C.04.6 3.1).
    let r1 = [Win, Draw, Loss, Win, Win];
    let seen = fill_round(&dir, "r01.xlsx", Sport::Chess, &|i, _, _| {
        r1.get(i).copied()
    });
    assert_eq!(
        seen.iter()
            .map(|p| (p.0.as_str(), p.1.as_str()))
            .collect::<Vec<_>>(),
        [
            ("广西八桂队", "河南中原队"),
            ("广西八桂队", "河南中原队"),
            ("广西八桂队", "河南中原队"),
            ("广西八桂队", "河南中原队"),
            ("广西八桂队", "河南中原队"),
            ("北京京西队", "轮空"),
        ]
    );
    let o = run_dir(&dir);
    assert_eq!(
        (
            o.summary.rounds.counts.paired,
            o.summary.rounds.counts.complete
        ),
        (2, 1)
    );
    // 广西 3.5:1.5 → 2 MP; the bye scores 1 MP and 2.5 GP (event.toml [stages.bye]).
    assert_eq!(
        standings(&o),
        [
            (1, "广西八桂队".into(), 2.0, Some(3.5)),
            (2, "北京京西队".into(), 1.0, Some(2.5)),
            (3, "河南中原队".into(), 0.0, Some(1.5)),
        ]
    );
    // Round 2: no rematch of 1 – 2; the bye goes to 河南 (no bye yet, lowest score); 北京 has
    // no colour history and 广西 had White, so 北京 is first-named (White on board 1).
    let seen = fill_round(&dir, "r02.xlsx", Sport::Chess, &|_, _, _| Some(Draw));
    assert_eq!(seen[0], ("北京京西队".into(), "广西八桂队".into()));
    assert_eq!(seen[5], ("河南中原队".into(), "轮空".into()));
    assert_eq!(seen.len(), 6);
    let o = run_dir(&dir);
    assert_eq!(
        (
            o.summary.rounds.counts.paired,
            o.summary.rounds.counts.complete
        ),
        (3, 2)
    );
    assert_eq!(
        standings(&o),
        [
            (1, "广西八桂队".into(), 3.0, Some(6.0)),
            (2, "北京京西队".into(), 2.0, Some(5.0)),
            (3, "河南中原队".into(), 1.0, Some(4.0)),
        ]
    );
    let codes: Vec<&str> = o.summary.findings.iter().map(|f| f.code.as_str()).collect();
    assert!(!codes.contains(&"result.rematch"), "{codes:?}");
    // The report is named by the event folder (no `[event] id`), its lines end in CRLF.
    let stem = dir.file_name().unwrap().to_str().unwrap();
    let trf = std::fs::read_to_string(dir.join(format!("out/{stem}.trf")))
        .unwrap()
        .replace("\r\n", "\n");
    assert!(trf.contains("\n192 FIDE_TEAM_TYPEA_MP_GP\n"));
    assert!(trf.contains("\n320  1.0  2.5 003 002 000 "), "{trf}");
    // The report reads back to the same ranking (`bianpai trf standings`).
    let tsv = bianpai::trf::standings(
        &bianpai::trf::parse(&trf).unwrap(),
        &bianpai::scoring::TrfStandingsOptions {
            tiebreaks: "MPTS GPTS EDE EMGSB/C1 BH:MP/C1".into(),
            edition: None,
            layout: bianpai::scoring::Layout::Auto,
        },
    )
    .unwrap();
    let lines: Vec<Vec<&str>> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(lines.len(), 3);
    for (line, s) in lines.iter().zip(&o.summary.standings) {
        assert_eq!(line[0], s.rank.to_string());
        assert_eq!(line[2].parse::<f64>().unwrap(), s.points.as_f64().unwrap());
        let bh = s.tiebreaks["BH:MP/C1"].as_f64().unwrap();
        assert_eq!(line[6].parse::<f64>().unwrap(), bh, "{tsv}");
        let sb = s.tiebreaks["EMGSB/C1"].as_f64().unwrap();
        assert_eq!(line[5].parse::<f64>().unwrap(), sb, "{tsv}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        // The sample's played rounds (and outputs of a run in place) are left behind: this test
        // plays from round 1.
        if e.file_name() == "results" || e.file_name() == "out" {
            continue;
        }
        let t = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &t);
        } else {
            std::fs::copy(e.path(), t).unwrap();
        }
    }
}

/// The unit inside `姓名（单位）`.
fn unit(label: &str) -> &str {
    label
        .split_once('（')
        .map(|x| x.1.trim_end_matches('）'))
        .unwrap_or("")
}

fn sheet_names(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap();
    let files = bianpai::ingest::read_bytes(
        "out/standings.xlsx",
        &bytes,
        &bianpai::ingest::Limits::default(),
        0,
    )
    .unwrap();
    files[0]
        .tables
        .iter()
        .map(|t| t.sheet.to_string())
        .collect()
}

#[test]
fn xiangqi_finals_groups_units_and_the_bye() {
    let dir = std::env::temp_dir().join(format!("bianpai-swiss-xq-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_tree(&Path::new(SAMPLES).join("cxa-amateur-king-2023"), &dir);
    let o = run_dir(&dir);
    assert_eq!(
        (
            o.summary.rounds.counts.planned,
            o.summary.rounds.counts.paired
        ),
        (7, 1)
    );
    let mut byes = 0;
    for section in [
        "open-men",
        "open-women",
        "junior-men",
        "junior-women",
        "family",
    ] {
        // Reading without changing anything (result None keeps the cells empty).
        let file = format!("{section}-r01.xlsx");
        let rows = fill_round(&dir, &file, Sport::Xiangqi, &|_, _, _| None);
        assert!(rows.len() >= 3, "{section}: {rows:?}");
        for (l, r) in &rows {
            // 同队不相遇: every group has several delegations, so it is avoidable in round 1.
            assert_ne!(unit(l), unit(r), "{section}: {l} – {r}");
        }
        byes += rows.iter().filter(|(_, r)| r == "轮空").count();
    }
    // Only 公开组男子 is odd: 38 entered, 钟宇毅 disqualified in event.toml ([[rulings]], not
    // paired), 37 paired (公开组女子: 18, the duplicate entry paired once; 家庭双人组: 12 pairs,
    // 浙江's read from its 家庭编号 column).
    assert_eq!(byes, 1);
    // Every game of 公开组男子 round 1 won by Red; the bye scores a win (2).
    let r1 = fill_round(&dir, "open-men-r01.xlsx", Sport::Xiangqi, &|_, _, _| {
        Some(GameResult::Win)
    });
    let bye = r1.iter().find(|p| p.1 == "轮空").unwrap().0.clone();
    let o = run_dir(&dir);
    let group: Vec<_> = o
        .summary
        .standings
        .iter()
        .filter(|s| s.section.as_deref() == Some("公开组男子"))
        .collect();
    assert_eq!(group.len(), 37);
    let pts = |n: &str| {
        group
            .iter()
            .find(|s| s.name == n)
            .map(|s| s.points.as_f64().unwrap())
    };
    assert_eq!(pts(&bye), Some(2.0));
    for (red, black) in r1.iter().filter(|p| p.1 != "轮空") {
        assert_eq!((pts(red), pts(black)), (Some(2.0), Some(0.0)));
    }
    let winners = group
        .iter()
        .filter(|s| s.points.as_f64() == Some(2.0))
        .count();
    // 18 games won by Red and the bye.
    assert_eq!(winners, 19);
    // Places 1-19 go to the winners (tie-broken by 对手分 etc.), 20-37 to the rest.
    assert!(
        group
            .iter()
            .all(|s| (s.points.as_f64() == Some(2.0)) == (s.rank <= 19))
    );
    // Round 2 of the group: no rematch, another bye.
    let r2 = fill_round(&dir, "open-men-r02.xlsx", Sport::Xiangqi, &|_, _, _| None);
    for (l, r) in &r2 {
        assert!(!r1.contains(&(l.clone(), r.clone())) && !r1.contains(&(r.clone(), l.clone())));
    }
    let bye2 = r2.iter().find(|p| p.1 == "轮空").unwrap().0.clone();
    assert_ne!(bye2, bye);
    // Round 2: board 1 a forfeit win for Red, every other game drawn.
    fill_round(&dir, "open-men-r02.xlsx", Sport::Xiangqi, &|i, _, _| {
        Some(if i == 0 {
            GameResult::ForfeitWin
        } else {
            GameResult::Draw
        })
    });
    let o = run_dir(&dir);
    let after2 = |n: &str| {
        o.summary
            .standings
            .iter()
            .find(|s| s.name == n)
            .map(|s| s.points.as_f64().unwrap())
    };
    let before = |n: &str| pts(n).unwrap();
    let (fw, fl) = (&r2[0].0, &r2[0].1);
    assert_eq!(after2(fw), Some(before(fw) + 2.0));
    assert_eq!(after2(fl), Some(before(fl)));
    assert_eq!(after2(&r2[1].0), Some(before(&r2[1].0) + 1.0));
    assert_eq!(after2(&bye2), Some(before(&bye2) + 2.0));
    assert!(dir.join("results/open-men-r03.xlsx").exists());
    assert!(dir.join("out/pairings-open-men-r03.xlsx").exists());
    assert!(dir.join("out/pairings-open-men-r01.xlsx").exists());
    // The other groups wait for their round 1.
    assert!(!dir.join("results/family-r02.xlsx").exists());
    assert_eq!(
        sheet_names(&dir.join("out/standings.xlsx")),
        [
            "公开组男子",
            "公开组男子交叉表",
            "公开组女子",
            "公开组女子交叉表",
            "少年组男子",
            "少年组男子交叉表",
            "少年组女子",
            "少年组女子交叉表",
            "家庭双人组",
            "家庭双人组交叉表",
            "团体"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
