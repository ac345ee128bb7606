//! The B-league team Swiss end to end: the committed sample played through its nine rounds
//! (`samples/play_rounds.py`), checked against an independent count of its round workbooks and
//! against its own TRF report; and withdrawals and late entries on small copies of the sample.

mod util;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use bianpai::Lang;
use bianpai::findings::Findings;
use bianpai::ingest::{Limits, Table, read_bytes};
use bianpai::model::{Colour, GameResult, Sport};
use bianpai::pipeline::{Options, RunOutcome, run};
use bianpai::report::round_workbook::{Lines, RoundDoc, TeamLine, for_arbiter};
use bianpai::rounds::sheet::{self, Rows, TeamBoardRow};
use util::{run_json, sample, sample_copy, snapshot};

const B: &str = "cca-b-league-2025";
const TIEBREAKS: &str = "MPTS GPTS EDE EMGSB/C1 BH:MP/C1";

fn table(path: &Path) -> Table {
    let bytes = std::fs::read(path).expect("read workbook");
    let files = read_bytes("results/r.xlsx", &bytes, &Limits::default(), 0).expect("workbook");
    files
        .into_iter()
        .next()
        .and_then(|f| f.tables.into_iter().find(|t| &*t.sheet != "bianpai"))
        .expect("a visible sheet")
}

/// The final standings of the committed sample: (place, team, MP, GP).
const FINAL: [(u64, &str, f64, f64); 16] = [
    (1, "河北燕赵队", 14.0, 28.5),
    (2, "福建海峡队", 13.0, 27.5),
    (3, "辽宁沈阳队", 13.0, 27.5),
    (4, "无锡太湖队", 12.0, 24.5),
    (5, "内蒙古草原队", 11.0, 23.5),
    (6, "哈尔滨冰城队", 11.0, 22.0),
    (7, "广西八桂队", 10.0, 23.5),
    (8, "天津滨海队", 9.0, 25.0),
    (9, "安徽黄山队", 9.0, 24.0),
    (10, "江西赣江队", 8.0, 24.5),
    (11, "大庆油田队", 8.0, 24.0),
    (12, "河南中原队", 8.0, 21.0),
    (13, "山西晋阳队", 6.0, 18.5),
    (14, "北京京西队", 3.0, 17.0),
    (15, "吉林长白山队", 3.0, 11.5),
    (16, "苏州姑苏队", 2.0, 7.5),
];

#[test]
fn the_completed_sample_ranks_16_teams_and_pairs_nothing_more() {
    let (_tmp, dir) = sample_copy(B);
    let before = snapshot(&dir, &["out"]);
    let (_, j, _) = run_json(&dir, &[]);
    assert_eq!(
        j["rounds"],
        serde_json::json!({"planned": 9, "paired": 9, "complete": 9})
    );
    let got: Vec<(u64, String, f64, f64)> = j["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| {
            (
                s["rank"].as_u64().unwrap_or(0),
                s["name"].as_str().unwrap_or("").to_string(),
                s["points"].as_f64().unwrap_or(-1.0),
                s["game_points"].as_f64().unwrap_or(-1.0),
            )
        })
        .collect();
    let want: Vec<(u64, String, f64, f64)> = FINAL
        .iter()
        .map(|&(r, n, m, g)| (r, n.to_string(), m, g))
        .collect();
    assert_eq!(got, want);
    // 福建 and 辽宁 are level on MP and GP: the direct encounter (EDE) separates them.
    assert_eq!(j["standings"][1]["tiebreaks"]["EDE"], 1);
    assert_eq!(j["standings"][2]["tiebreaks"]["EDE"], 2);
    // No line-up or result problem in the arbiter's workbooks.
    let round_codes: Vec<String> = j["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|f| f["code"].as_str())
        .filter(|c| c.starts_with("result.") || c.starts_with("lineup."))
        .map(str::to_string)
        .collect();
    assert_eq!(round_codes, Vec::<String>::new());
    // Nothing left to pair: the folder is unchanged outside out/.
    assert_eq!(snapshot(&dir, &["out"]), before);
    // standings.xlsx: 排名 (default order marked), 交叉表, 总排名 with 8 places and 2 promoted.
    let bytes = std::fs::read(dir.join("out/standings.xlsx")).expect("standings.xlsx");
    let files = read_bytes("out/standings.xlsx", &bytes, &Limits::default(), 0).expect("xlsx");
    let sheets: Vec<&Table> = files[0].tables.iter().collect();
    let names: Vec<&str> = sheets.iter().map(|t| &*t.sheet).collect();
    assert_eq!(names, ["排名", "交叉表", "总排名", "台次成绩"]);
    // The title is official; the default tie-break order is said in a note under the table.
    assert_eq!(
        sheets[0].get(0, 0).display(),
        "2025年中国国际象棋乙级联赛 第9轮后排名"
    );
    assert_eq!(
        sheets[0].get(19, 0).display(),
        "注：破同分顺序按组委会默认设置"
    );
    let fin = sheets[2];
    let note = |r: usize| fin.get(r + 1, 5).display();
    // 河北 (person.duplicate) and 福建 (person.id-*) have open blocking findings: 资格待查
    // until ruled, still placed (规程 and SPEC §7: marked, not dropped).
    assert_eq!(note(1), "资格待查，录取，升入2026年中国国际象棋甲级联赛");
    assert_eq!(note(2), "资格待查，录取，升入2026年中国国际象棋甲级联赛");
    assert_eq!(note(3), "录取");
    assert_eq!(note(8), "录取");
    // 安徽黄山队's team.board-order (its men's reserve listed before board 3) is a warning:
    // the default line-up follows the declared boards, so 安徽 is not pending.
    assert_eq!(note(9), "");
    // The crosstable row of 苏州姑苏队 (withdrew after round 5) and a bye cell.
    let cross = sheets[1];
    let row = (0..cross.height())
        .find(|&r| cross.get(r, 1).display() == "苏州姑苏队")
        .expect("苏州 row");
    let cells: Vec<String> = (2..11).map(|c| cross.get(row, c).display()).collect();
    assert_eq!(cells[4], "14白 0.0:5.0");
    assert_eq!(&cells[5..], ["退赛", "退赛", "退赛", "退赛"]);
}

/// One team's match points and game points in half-points, counted from the raw cells.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    mp: u32,
    gp: u32,
}

fn halves(result: &str) -> Option<(u32, u32)> {
    Some(match result {
        "1-0" | "+-" => (2, 0),
        "0-1" | "-+" => (0, 2),
        "½-½" => (1, 1),
        "--" => (0, 0),
        _ => return None,
    })
}

#[test]
fn standings_equal_a_count_of_the_workbooks_no_rematch_and_wbwbw() {
    let dir = sample(B);
    let mut tally: BTreeMap<String, Tally> = BTreeMap::new();
    let mut met: BTreeSet<(String, String)> = BTreeSet::new();
    let mut byes: Vec<String> = Vec::new();
    for r in 1..=9 {
        let t = table(&dir.join(format!("results/r{r:02}.xlsx")));
        // (home, away) → (home game halves, away game halves, every board forfeited)
        let mut matches: BTreeMap<(String, String), (u32, u32, bool)> = BTreeMap::new();
        for row in 2..t.height() {
            let cell = |c: usize| t.get(row, c).display().trim().to_string();
            let (home, away) = (cell(2), cell(7));
            if home.is_empty() {
                continue;
            }
            match away.as_str() {
                "轮空" => {
                    byes.push(home.clone());
                    // [stages.bye]: 1 match point, 2.5 game points.
                    let e = tally.entry(home).or_default();
                    e.mp += 2;
                    e.gp += 5;
                    continue;
                }
                "退赛" => continue,
                _ => {}
            }
            let board: usize = cell(1).parse().expect("board number");
            let want = if board % 2 == 1 { "白" } else { "黑" };
            assert_eq!(
                cell(4),
                want,
                "round {r} row {row}: WBWBW for the home team"
            );
            let (h, a) = halves(&cell(5)).expect("a result");
            let e = matches.entry((home, away)).or_insert((0, 0, true));
            e.0 += h;
            e.1 += a;
            e.2 &= matches!(cell(5).as_str(), "+-" | "-+" | "--");
        }
        assert_eq!(matches.len(), if r <= 5 { 8 } else { 7 }, "round {r}");
        for ((home, away), (h, a, forfeited)) in matches {
            let (hm, am) = match h.cmp(&a) {
                std::cmp::Ordering::Greater => (4, 0),
                std::cmp::Ordering::Less => (0, 4),
                std::cmp::Ordering::Equal => (2, 2),
            };
            let x = tally.entry(home.clone()).or_default();
            x.mp += hm;
            x.gp += h;
            let y = tally.entry(away.clone()).or_default();
            y.mp += am;
            y.gp += a;
            if !forfeited {
                let pair = if home < away {
                    (home, away)
                } else {
                    (away, home)
                };
                assert!(met.insert(pair.clone()), "rematch {pair:?} in round {r}");
            }
        }
    }
    // One bye a round once 苏州 withdrew (15 teams), never twice to a team.
    assert_eq!(
        byes,
        ["北京京西队", "吉林长白山队", "山西晋阳队", "大庆油田队"]
    );
    for (place, name, mp, gp) in FINAL {
        let t = tally.get(name).copied().unwrap_or_default();
        assert_eq!(
            (f64::from(t.mp) / 2.0, f64::from(t.gp) / 2.0),
            (mp, gp),
            "place {place} {name}"
        );
    }
}

#[test]
fn the_trf_report_reads_back_to_the_same_standings() {
    let (_tmp, dir) = sample_copy(B);
    let (_, j, _) = run_json(&dir, &[]);
    let trf = std::fs::read_to_string(dir.join("out/cca-b-league-2025.trf")).expect("trf");
    let parsed = bianpai::trf::parse(&trf).expect("parses");
    let tsv = bianpai::trf::standings(
        &parsed,
        &bianpai::scoring::TrfStandingsOptions {
            tiebreaks: TIEBREAKS.into(),
            edition: None,
            layout: bianpai::scoring::Layout::Auto,
        },
    )
    .expect("standings");
    let rows: Vec<Vec<String>> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    let standings = j["standings"].as_array().expect("standings");
    assert_eq!(rows.len(), standings.len());
    for (row, s) in rows.iter().zip(standings) {
        let num = |i: usize| row[i].parse::<f64>().expect("number");
        assert_eq!(row[0], s["rank"].to_string(), "{tsv}");
        assert_eq!(num(2), s["points"].as_f64().unwrap_or(-1.0), "{tsv}");
        assert_eq!(num(3), s["game_points"].as_f64().unwrap_or(-1.0), "{tsv}");
        for (i, code) in [(4, "EDE"), (5, "EMGSB/C1"), (6, "BH:MP/C1")] {
            assert_eq!(
                num(i),
                s["tiebreaks"][code].as_f64().unwrap_or(-1.0),
                "{tsv}"
            );
        }
    }
}

// ------------------------------------------------------------------ withdrawals, late entries

fn copy_forms(dir: &Path, forms: &[&str]) {
    std::fs::create_dir_all(dir).expect("mkdir");
    for f in ["event.toml"].iter().chain(forms) {
        std::fs::copy(sample(B).join(f), dir.join(f)).expect("copy");
    }
}

fn run_dir(dir: &Path) -> RunOutcome {
    run(&Options {
        dir: dir.to_path_buf(),
        out: dir.join("out"),
        lang: Lang::Zh,
    })
    .expect("run")
}

/// Rewrites `results/rNN.xlsx` with `result(row)` filled in and `extra` rows appended, as an
/// arbiter would type them; returns the rows as bianpai wrote them.
fn play(
    dir: &Path,
    round: u32,
    result: &dyn Fn(&TeamBoardRow) -> Option<GameResult>,
    extra: &[(&str, &str)],
) -> Vec<TeamBoardRow> {
    let path = dir.join(format!("results/r{round:02}.xlsx"));
    let bytes = std::fs::read(&path).expect("round workbook");
    let loaded = read_bytes("results/r.xlsx", &bytes, &Limits::default(), 0).expect("xlsx");
    let mut f = Findings::new();
    let s = sheet::read(&loaded[0], Sport::Chess, &mut f).expect("a round workbook");
    let Rows::Team(rows) = s.rows.clone() else {
        panic!("a team round")
    };
    let mut lines: Vec<TeamLine> = rows
        .iter()
        .map(|r| TeamLine {
            match_no: r.match_no.unwrap_or(0),
            board: r.board.unwrap_or(0),
            home_team: r.home_team.clone(),
            home_player: r.home_player.clone(),
            home_colour: r.home_colour.unwrap_or(Colour::White),
            result: result(r),
            away_player: r.away_player.clone(),
            away_team: r.away_team.clone(),
        })
        .collect();
    for (team, player) in extra {
        lines.push(TeamLine {
            match_no: 9,
            board: 1,
            home_team: (*team).into(),
            home_player: (*player).into(),
            home_colour: Colour::White,
            result: None,
            away_player: String::new(),
            away_team: "退赛".into(),
        });
    }
    std::fs::remove_file(&path).expect("remove");
    let doc = RoundDoc {
        event_title: "t",
        marker: &s.marker,
        round_label: "t",
        sport: Sport::Chess,
        lang: Lang::Zh,
        notes: &[],
        groups: None,
        settings: &[],
        results: &[],
    };
    let mut wb = for_arbiter(&doc, &Lines::Team(lines)).expect("build");
    std::fs::write(&path, wb.save_to_buffer().expect("save")).expect("write");
    rows
}

/// (home, away) per match and the bye team, from the rows of a round.
fn pairs(rows: &[TeamBoardRow]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = Vec::new();
    for r in rows {
        let p = (r.home_team.clone(), r.away_team.clone());
        if !v.contains(&p) {
            v.push(p);
        }
    }
    v
}

fn points(o: &RunOutcome) -> BTreeMap<String, (f64, f64)> {
    o.summary
        .standings
        .iter()
        .map(|s| {
            (
                s.name.clone(),
                (
                    s.points.as_f64().unwrap_or(-1.0),
                    s.game_points
                        .as_ref()
                        .and_then(|g| g.as_f64())
                        .unwrap_or(-1.0),
                ),
            )
        })
        .collect()
}

const FOUR: [&str; 4] = [
    "北京京西队报名表.xlsx",
    "广西八桂队报名表.xlsx",
    "河南中原队报名表.xlsx",
    "山西晋阳队报名表（盖章版）.xlsx",
];

#[test]
fn a_withdrawn_team_is_not_paired_and_a_withdrawn_player_leaves_the_line_up() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("wd");
    copy_forms(&dir, &FOUR);
    // Main-board averages: 广西 12248/5, 山西 12229/5, 河南 12169/5, 北京 11952/5 → 1-4.
    run_dir(&dir);
    // Round 1: 1 – 3, 4 – 2 (team 4 White on board 1: the higher team 2 has an even number).
    let r1 = play(
        &dir,
        1,
        &|_| Some(GameResult::Win),
        &[("河南中原队", ""), ("北京京西队", "龚明")],
    );
    assert_eq!(
        pairs(&r1),
        [
            ("广西八桂队".to_string(), "河南中原队".to_string()),
            ("北京京西队".to_string(), "山西晋阳队".to_string()),
        ]
    );
    // 河南 withdrew after round 1: three teams, 山西 (0 MP, lowest) has the bye; 广西 and 北京
    // both had White: 广西 (higher) gets its preference for Black.
    let o = run_dir(&dir);
    assert_eq!(
        (
            o.summary.rounds.counts.paired,
            o.summary.rounds.counts.complete
        ),
        (2, 1)
    );
    let r2 = play(&dir, 2, &|_| Some(GameResult::Draw), &[]);
    assert_eq!(
        pairs(&r2),
        [
            ("北京京西队".to_string(), "广西八桂队".to_string()),
            ("山西晋阳队".to_string(), "轮空".to_string()),
        ]
    );
    // 龚明 (board 1) withdrew: the men's boards move up and the men's reserve plays board 3;
    // 任琳欣 (a woman entered on board 3) stays on the men's boards.
    let bj: Vec<&str> = r2
        .iter()
        .filter(|r| r.home_team == "北京京西队")
        .map(|r| r.home_player.as_str())
        .collect();
    assert_eq!(bj, ["闫骏强", "任琳欣", "陆航", "秦琳", "谢琳敏"]);
    let o = run_dir(&dir);
    assert_eq!(
        (
            o.summary.rounds.counts.paired,
            o.summary.rounds.counts.complete
        ),
        (3, 2)
    );
    let p = points(&o);
    assert_eq!(p["广西八桂队"], (3.0, 7.5));
    assert_eq!(p["北京京西队"], (3.0, 7.5));
    assert_eq!(p["山西晋阳队"], (1.0, 2.5));
    assert_eq!(p["河南中原队"], (0.0, 0.0));
    // The report reads back to the same ranking: 河南's rounds after its withdrawal are blank.
    // Named by the event folder, `wd` (the sample's event.toml has no `[event] id`).
    let trf = std::fs::read_to_string(dir.join("out/wd.trf")).expect("trf");
    let tsv = bianpai::trf::standings(
        &bianpai::trf::parse(&trf).expect("parses"),
        &bianpai::scoring::TrfStandingsOptions {
            tiebreaks: TIEBREAKS.into(),
            edition: None,
            layout: bianpai::scoring::Layout::Auto,
        },
    )
    .expect("standings");
    let read: Vec<(String, String)> = tsv
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), format!("{} {}", f[2], f[3]))
        })
        .collect();
    let ours: Vec<(String, String)> = o
        .summary
        .standings
        .iter()
        .map(|s| {
            let (mp, gp) = p[&s.name];
            (s.rank.to_string(), format!("{mp:.1} {gp:.1}"))
        })
        .collect();
    assert_eq!(read, ours, "{tsv}");
    // Round 3 again without 河南; nobody is warned about it (a withdrawal is not an absence).
    let r3 = play(&dir, 3, &|_| Some(GameResult::Draw), &[]);
    assert!(
        r3.iter()
            .all(|r| r.home_team != "河南中原队" && r.away_team != "河南中原队")
    );
    let codes: Vec<&str> = o.summary.findings.iter().map(|f| f.code.as_str()).collect();
    assert!(!codes.contains(&"result.not-paired"), "{codes:?}");
    assert!(!codes.contains(&"result.withdrawal"), "{codes:?}");
}

#[test]
fn a_late_entry_scores_nothing_for_the_round_it_missed() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("late");
    copy_forms(&dir, &FOUR[..3]);
    // 广西 1, 河南 2, 北京 3: 3 has the bye, 1 – 2.
    run_dir(&dir);
    let r1 = play(&dir, 1, &|_| Some(GameResult::Draw), &[]);
    assert_eq!(
        pairs(&r1),
        [
            ("广西八桂队".to_string(), "河南中原队".to_string()),
            ("北京京西队".to_string(), "轮空".to_string()),
        ]
    );
    // 山西's form arrives after round 1.
    std::fs::copy(sample(B).join(FOUR[3]), dir.join(FOUR[3])).expect("copy");
    let o = run_dir(&dir);
    assert_eq!(
        (
            o.summary.rounds.counts.paired,
            o.summary.rounds.counts.complete
        ),
        (2, 1)
    );
    let late: Vec<String> = o
        .summary
        .findings
        .iter()
        .filter(|f| f.code == "result.not-paired")
        .map(|f| f.message.clone())
        .collect();
    assert_eq!(
        late,
        ["山西晋阳队未参加第1轮（迟到报名或缺席），该轮不计分（FIDE C.04.2）"]
    );
    assert_eq!(points(&o)["山西晋阳队"], (0.0, 0.0));
    // Four teams: no bye; 山西 is paired.
    let r2 = play(&dir, 2, &|_| Some(GameResult::Win), &[]);
    let p2 = pairs(&r2);
    assert_eq!(p2.len(), 2);
    assert!(p2.iter().all(|(_, a)| a != "轮空"));
    let shanxi_home = p2.iter().any(|(h, _)| h == "山西晋阳队");
    assert!(shanxi_home || p2.iter().any(|(_, a)| a == "山西晋阳队"));
    let o = run_dir(&dir);
    // Round 2 home sides won 5:0: 山西 has only its round-2 match.
    let want = if shanxi_home { (2.0, 5.0) } else { (0.0, 0.0) };
    assert_eq!(points(&o)["山西晋阳队"], want);
}

/// 规程 and SPEC §7: a team with open blocking findings is still paired but marked. The
/// printable round 1 (`out/pairings-r01.xlsx`) has, after a blank row, the 资格待查 teams of the
/// round in the order they appear (43 rows of matches and header, then the note), then after
/// another blank row the signature lines (on one line: the sheet is wide enough); the round
/// workbook the arbiter types into carries no such line.
#[test]
fn the_printable_pairings_name_the_pending_teams() {
    let (_tmp, dir) = sample_copy(B);
    let _ = run_json(&dir, &[]);
    let printable = table(&dir.join("out/pairings-r01.xlsx"));
    assert_eq!(printable.rows.len(), 46);
    let sig = printable
        .rows
        .last()
        .and_then(|r| r.first())
        .map(|c| c.display());
    assert_eq!(
        sig.as_deref(),
        Some("裁判长：＿＿＿＿＿＿    编排记录：＿＿＿＿＿＿    日期：＿＿＿＿＿＿")
    );
    let last = &printable.rows[43];
    assert_eq!(
        last.first().map(|c| c.display()),
        Some(
            "资格待查：大庆油田队、山西晋阳队、内蒙古草原队、无锡太湖队、河北燕赵队、吉林长白山队、\
             福建海峡队、河南中原队、江西赣江队"
                .to_string()
        )
    );
    let typed_into = table(&dir.join("results/r01.xlsx"));
    assert!(
        typed_into
            .rows
            .iter()
            .all(|r| r.iter().all(|c| !c.display().contains("资格待查")))
    );
}

/// Issue 17: the bye is part of the recorded pairing. Round 1 of three teams is 广西 – 河南
/// with 北京's bye; the arbiter writes 河南 on the bye row instead. 河南 then has the bye and a
/// match (impossible: never confirmable), the bye is not bianpai's, and 北京's bye row is gone;
/// the round does not count.
#[test]
fn a_bye_moved_by_hand_is_caught() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("bye");
    copy_forms(&dir, &FOUR[..3]);
    run_dir(&dir);
    let path = dir.join("results/r01.xlsx");
    util::type_results(&path, "1-0");
    let edited = dir.join("edited.tmp");
    util::edit::rewrite(&path, &edited, true, |g| {
        // Rows 2..=6: 广西 – 河南 on boards 1-5; row 7: 北京 – 轮空.
        assert_eq!((g[7][2].as_str(), g[7][7].as_str()), ("北京京西队", "轮空"));
        g[7][2] = "河南中原队".into();
    });
    std::fs::rename(&edited, &path).expect("replace");
    let o = run_dir(&dir);
    let changed: Vec<(String, String, String)> = o
        .summary
        .findings
        .iter()
        .filter(|f| f.code == "result.pairing-changed")
        .map(|f| {
            (
                format!("{:?}", f.severity),
                f.source.clone(),
                f.message.clone(),
            )
        })
        .collect();
    let unconfirmed = "；本轮暂不计入，如属裁判长决定，请在 event.toml 中加入 [[rulings]] round = 1, \
                       decision = \"pairing-confirmed\"";
    let e = |src: &str, msg: String| ("Error".to_string(), src.to_string(), msg);
    assert_eq!(
        changed,
        [
            e(
                "results/r01.xlsx!第1轮",
                format!("第1轮：bianpai 编排的 北京京西队 轮空一行在成绩表中被删除{unconfirmed}")
            ),
            e(
                "results/r01.xlsx!第1轮!C8",
                "第1轮：河南中原队 既轮空又有对阵".to_string()
            ),
            e(
                "results/r01.xlsx!第1轮!C8",
                format!(
                    "第1轮：河南中原队 轮空不是 bianpai 的编排（bianpai 编排的轮空队：北京京西队）{unconfirmed}"
                )
            ),
        ]
    );
    assert_eq!(o.summary.rounds.counts.complete, 0);
    // Confirmed by the arbiter: the impossible pairing still keeps the round out.
    let mut toml = std::fs::read_to_string(dir.join("event.toml")).expect("event.toml");
    toml.push_str("\n[[rulings]]\nround = 1\ndecision = \"pairing-confirmed\"\n");
    std::fs::write(dir.join("event.toml"), toml).expect("event.toml");
    let o = run_dir(&dir);
    assert_eq!(o.summary.rounds.counts.complete, 0);
    let errors: Vec<&str> = o
        .summary
        .findings
        .iter()
        .filter(|f| f.code == "result.pairing-changed" && format!("{:?}", f.severity) == "Error")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(errors, ["第1轮：河南中原队 既轮空又有对阵"]);
}

/// A team Swiss pays its team prizes from its final ranking (issue 40: the team Swiss never
/// handed its places to the prize lists, and prizes.xlsx said 比赛尚未结束 after round 9).
#[test]
fn a_finished_team_swiss_pays_its_team_prizes_by_final_place() {
    let (_tmp, dir) = sample_copy(B);
    let toml = std::fs::read_to_string(dir.join("event.toml")).expect("event.toml");
    let prizes = "[prizes]\n\n[[prizes.lists]]\nranking = \"team\"\nrecipient = \"unit\"\n\
                  places = 3\namounts_yuan = [30000, 20000, 10000]\nclause = \"补充通知\"\n";
    let toml = toml.replacen("[prizes]", prizes, 1);
    std::fs::write(dir.join("event.toml"), toml).expect("write event.toml");
    let (_, j, err) = run_json(&dir, &[]);
    let paid = util::paid_prizes(&j, &err);
    // The sample's champion and runner-up have open blocking findings (a player entered twice,
    // an ID number typed as a number): their prizes are withheld (暂缓发放), not moved down.
    assert_eq!(
        paid,
        vec![
            (1, "河北燕赵队".to_string(), 3_000_000, true),
            (2, "福建海峡队".to_string(), 2_000_000, true),
            (3, "辽宁沈阳队".to_string(), 1_000_000, false),
        ]
    );
    let book = util::cells::read_book(&dir.join("out/prizes.xlsx"));
    let lines = util::cells::sheet(&book, "奖金");
    assert_eq!(lines.text(2, 2), "河北燕赵队");
    assert!(
        lines.text(2, 8).contains("暂缓发放"),
        "{:?}",
        lines.texts(2)
    );
    assert_eq!(lines.text(4, 2), "辽宁沈阳队");
    assert_eq!(util::cells::fen(lines, 4, 5), 1_000_000);
}
