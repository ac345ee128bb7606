//! Every workbook bianpai writes for the samples, re-read with calamine and compared with what
//! the library meant (issue 8 §5): the roster workbook against the roster the library builds,
//! standings, prizes and costs against the run's JSON summary, the printable pairings and the
//! schedule against the round workbooks as the library reads them, the eligibility list against
//! the findings. Text stays text (an ID number is never a number), dates are `YYYY-MM-DD`,
//! money is the computed fen as yuan.

mod util;

use std::collections::BTreeMap;

use bianpai::model::roster::{Board, Person};
use bianpai::rounds::sheet::{ResultCell, RoundSheet, Rows};
use calamine::Data;
use serde_json::Value;
use util::cells::{Sheet, decimal, fen, json_decimal, sheet, shown};
use util::s;
use util::sample_run::{Run, a_league_regular_season, b_league_played};

const A: &str = "cca-a-league-2023";
const B: &str = "cca-b-league-2025";
const C: &str = "cxa-amateur-king-2023";

#[test]
fn every_written_workbook_opens_with_titled_sheets_and_no_error_cells() {
    let runs = [
        a_league_regular_season(),
        b_league_played(),
        Run::new(C, |_| {}),
    ];
    for run in &runs {
        let event = s(&run.json, "event");
        let books = run.workbooks();
        assert!(books.len() >= 8, "{books:?}");
        // Every output the summary lists exists and is read here.
        for o in run.json["outputs"].as_array().expect("outputs") {
            let o = o.as_str().expect("path");
            assert!(!o.ends_with(".xlsx") || books.iter().any(|b| b == o), "{o}");
        }
        for rel in &books {
            let book = run.book(rel);
            assert!(!book.is_empty(), "{rel}");
            for sh in &book {
                if !sh.visible {
                    // Only round workbooks (and the draw) carry the hidden marker sheet.
                    assert_eq!(sh.name, "bianpai", "{rel}");
                    assert!(rel.starts_with("results/"), "{rel}");
                    assert_eq!(sh.text(0, 0), "bianpai-round-workbook", "{rel}");
                    // (The recorded pairing below the marker makes the sheet wider.)
                    assert_eq!(
                        sh.texts(2)[..2],
                        ["event".to_string(), event.clone()],
                        "{rel}"
                    );
                    continue;
                }
                // The results book's cover names the event under a blank top row.
                let title = if sh.name == "封面" {
                    sh.text(1, 0)
                } else {
                    sh.text(0, 0)
                };
                assert!(title.starts_with(&event), "{rel}!{}: {title}", sh.name);
                let header = sh.texts(1);
                assert!(
                    sh.name == "封面" || header.iter().all(|h| !h.is_empty()),
                    "{rel}!{}",
                    sh.name
                );
                for (r, row) in sh.rows.iter().enumerate() {
                    for (c, d) in row.iter().enumerate() {
                        assert!(
                            !matches!(d, Data::Error(_)),
                            "{rel}!{}!{r}:{c}: {d:?}",
                            sh.name
                        );
                    }
                }
            }
        }
    }
}

/// The roster workbook's row for a person, as the library holds them.
fn meant_person_row(no: usize, unit: &str, p: &Person) -> Vec<String> {
    let opt = |v: Option<String>| v.unwrap_or_default();
    vec![
        no.to_string(),
        opt(p.number.as_ref().map(|x| x.value.clone())),
        unit.to_string(),
        p.role().zh().to_string(),
        p.display_name().to_string(),
        opt(p.sex.as_ref().map(|x| x.value.zh().to_string())),
        opt(p.birth.as_ref().map(|x| x.value.to_string())),
        opt(p.id.as_ref().map(|x| x.value.number.clone())),
        opt(p.fide_id.as_ref().map(|x| x.value.to_string())),
        opt(p.rating.as_ref().map(|x| x.value.to_string())),
        opt(p.board.as_ref().map(|x| x.value.to_string())),
        opt(p.group.as_ref().map(|x| x.value.clone())),
        opt(p.registered_unit.as_ref().map(|x| x.value.clone())),
        opt(p.title.as_ref().map(|x| x.value.clone())),
        opt(p.id.as_ref().map(|x| x.value.kind.zh().to_string())),
        p.fide_name(),
    ]
}

/// Drops the 来源 column (checked separately: it starts with the file of the name cell).
fn without_source(rows: &[Vec<String>]) -> Vec<Vec<String>> {
    rows.iter()
        .map(|r| r.iter().take(16).cloned().collect())
        .collect()
}

#[test]
fn the_roster_workbook_is_the_roster_the_library_builds() {
    for name in util::SAMPLES {
        let run = Run::new(name, |_| {});
        let (roster, _) = run.library_view();
        assert_eq!(run.json["teams"].as_u64(), Some(roster.teams.len() as u64));
        let book = run.book("out/roster.xlsx");
        let mut all = Vec::new();
        let mut officials = Vec::new();
        for t in &roster.teams {
            let unit = &t.unit.value;
            let players = t.board_order();
            // Players in board order: main boards ascending, then reserves.
            let boards: Vec<(u8, u32)> = players
                .iter()
                .map(|p| match p.board.as_ref().map(|b| b.value) {
                    Some(Board::Main(n)) => (0, u32::from(n)),
                    Some(Board::Reserve(n)) => (1, n.map_or(0, u32::from)),
                    None => (2, 0),
                })
                .collect();
            assert!(
                boards.windows(2).all(|w| w[0] <= w[1]),
                "{unit}: {boards:?}"
            );
            let team_rows: Vec<Vec<String>> = players
                .iter()
                .enumerate()
                .map(|(i, p)| meant_person_row(i + 1, unit, p))
                .collect();
            let team_sheet = book
                .iter()
                .find(|s| s.name == *unit)
                .unwrap_or_else(|| panic!("{name}: no sheet for {unit}"));
            assert_eq!(
                without_source(&team_sheet.body()),
                team_rows,
                "{name}/{unit}"
            );
            for p in players {
                all.push(meant_person_row(all.len() + 1, unit, p));
            }
            for p in t.leader.iter().chain(&t.coach).chain(&t.staff) {
                all.push(meant_person_row(all.len() + 1, unit, p));
                officials.push(meant_person_row(officials.len() + 1, unit, p));
            }
        }
        let summary = sheet(&book, "报名汇总");
        assert_eq!(without_source(&summary.body()), all, "{name}");
        assert_eq!(
            without_source(&sheet(&book, "领队教练").body()),
            officials,
            "{name}"
        );
        assert_eq!(all.len(), run.json["people"].as_u64().unwrap_or(0) as usize);
        // The FIDE name (pinyin, "Surname, Given") beside the source, outside the print area.
        assert!(
            summary
                .body()
                .iter()
                .any(|r| r[4] == "钟明嘉" && r[15] == "Zhong, Mingjia")
                || name != "cca-b-league-2025",
            "{name}"
        );
        // ID numbers, FIDE IDs and dates are text cells, never numbers (checked by `text`
        // above); an 18-character ID keeps all its digits, and the source names a real file.
        let ids: Vec<String> = summary.body().iter().map(|r| r[7].clone()).collect();
        assert!(ids.iter().any(|i| i.len() == 18), "{name}: {ids:?}");
        for row in summary.body() {
            let file = row[16].split('!').next().unwrap_or_default().to_string();
            let top = file.split(".zip/").next().unwrap_or_default();
            let top = if top.len() < file.len() {
                format!("{top}.zip")
            } else {
                file.clone()
            };
            assert!(run.folder.join(&top).exists(), "{name}: {}", row[16]);
        }
    }
}

/// The tie-break column of the standings sheet for a summary key (team events use FIDE codes in
/// the summary; the xiangqi sections use the column labels themselves).
fn tiebreak_column(key: &str) -> String {
    match key {
        "EDE" => "直胜名次".into(),
        "EMGSB" | "EMGSB/C1" => "扩展索伯分".into(),
        "BC" => "台次分".into(),
        "BH:MP/C1" => "对手场分".into(),
        // The xiangqi chain (CXA).
        "BH" => "对手分".into(),
        "WIN" => "胜局".into(),
        "BWG" => "后胜局".into(),
        "BPG" => "后手局".into(),
        "PS" => "累进分".into(),
        "DE" | "直胜" => "直胜名次".into(),
        other => match other.strip_prefix("DROP-LAST-") {
            Some(n) => format!("去末{n}轮"),
            None => other.into(),
        },
    }
}

/// Compares one standings sheet with the summary's entries for it.
fn check_standings(sh: &Sheet, entries: &[&Value], team: bool) {
    let header = sh.texts(1);
    let col = |label: &str| {
        header
            .iter()
            .position(|h| h == label)
            .unwrap_or_else(|| panic!("{}: no column {label} in {header:?}", sh.name))
    };
    // A disqualified entrant's row follows the ranking with no place and 取消资格 (its results
    // stay in the table); the summary's ranking leaves it out.
    let (body, unplaced): (Vec<_>, Vec<_>) = sh
        .body()
        .into_iter()
        .partition(|r| !r[col("名次")].is_empty());
    for r in &unplaced {
        assert_eq!(r[col("备注")], "取消资格", "{}: {r:?}", sh.name);
    }
    assert_eq!(body.len(), entries.len(), "{}", sh.name);
    assert!(!entries.is_empty());
    for (row, e) in body.iter().zip(entries) {
        assert_eq!(row[col("名次")], e["rank"].to_string(), "{}: {e}", sh.name);
        if team {
            assert_eq!(row[col("队名")], s(e, "name"));
            assert_eq!(
                decimal(&row[col("场分")]),
                json_decimal(&e["points"]),
                "{e}"
            );
            assert_eq!(
                decimal(&row[col("局分")]),
                json_decimal(&e["game_points"]),
                "{e}"
            );
        } else {
            // The summary names a player with the delegation: 彭新（上海市）.
            let shown = format!("{}（{}）", row[col("姓名")], row[col("单位")]);
            assert_eq!(shown, s(e, "name"));
            assert_eq!(
                decimal(&row[col("积分")]),
                json_decimal(&e["points"]),
                "{e}"
            );
        }
        let tbs = e["tiebreaks"].as_object().expect("tiebreaks");
        assert!(!tbs.is_empty(), "{e}");
        for (key, v) in tbs {
            let cell = &row[col(&tiebreak_column(key))];
            assert_eq!(decimal(cell), json_decimal(v), "{}: {key} of {e}", sh.name);
        }
    }
    // Places never go down the table.
    let ranks: Vec<u32> = body
        .iter()
        .filter_map(|r| r[col("名次")].parse().ok())
        .collect();
    assert!(
        ranks.windows(2).all(|w| w[0] <= w[1]),
        "{}: {ranks:?}",
        sh.name
    );
}

#[test]
fn standings_workbooks_are_the_standings_of_the_summary() {
    // The A-league after its complete round robin, B after its nine rounds.
    for run in [a_league_regular_season(), b_league_played()] {
        let entries: Vec<&Value> = run.json["standings"]
            .as_array()
            .expect("standings")
            .iter()
            .collect();
        let book = run.book("out/standings.xlsx");
        check_standings(sheet(&book, "排名"), &entries, true);
        // Something was played: the first place has points.
        assert_ne!(json_decimal(&entries[0]["points"]), "0", "{}", entries[0]);
    }
    // The xiangqi sections, one sheet each, in the summary's order.
    let run = Run::new(C, |_| {});
    let book = run.book("out/standings.xlsx");
    let mut by_section: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    for e in run.json["standings"].as_array().expect("standings") {
        by_section.entry(s(e, "section")).or_default().push(e);
    }
    assert_eq!(by_section.len(), 5);
    for (section, entries) in &by_section {
        check_standings(sheet(&book, section), entries, false);
    }
}

#[test]
fn finals_prizes_and_costs_workbooks_are_the_summary_s_money_in_yuan() {
    let run = Run::new(A, |_| {});
    // After the finals the summary's standings are the final ranking (总排名).
    let finals = run.book("out/finals.xlsx");
    let ranking = sheet(&finals, "总排名").body();
    let entries = run.json["standings"].as_array().expect("standings");
    assert_eq!(ranking.len(), entries.len());
    for (row, e) in ranking.iter().zip(entries) {
        assert_eq!(row[0], e["rank"].to_string());
        assert!(
            row[1].starts_with(&format!("{}（", s(e, "name"))),
            "{row:?} {e}"
        );
    }

    // Prizes: every paid line in the order of the summary, amounts as yuan.
    let prizes = run.json["prizes"].as_array().expect("prizes");
    assert!(!prizes.is_empty());
    let book = run.book("out/prizes.xlsx");
    let (lines, receipt) = (sheet(&book, "奖金"), sheet(&book, "领取签收表"));
    // A withheld prize (资格待查) is listed but not on the sign-for sheet.
    let mut receipt_row = 1;
    for (i, p) in prizes.iter().enumerate() {
        let r = i + 2;
        let withheld = p["withheld"].as_bool() == Some(true);
        assert_eq!(lines.text(r, 8).contains("暂缓发放"), withheld, "{p}");
        if !withheld {
            receipt_row += 1;
        }
        assert_eq!(lines.text(r, 0), s(p, "section"));
        assert_eq!(lines.text(r, 1), p["place"].to_string());
        assert_eq!(lines.text(r, 2), s(p, "name"));
        assert_eq!(lines.text(r, 3), s(p, "team"));
        assert_eq!(
            fen(lines, r, 5),
            p["gross_fen"].as_i64().expect("gross"),
            "{p}"
        );
        assert_eq!(fen(lines, r, 6), p["tax_fen"].as_i64().expect("tax"), "{p}");
        assert_eq!(fen(lines, r, 7), p["net_fen"].as_i64().expect("net"), "{p}");
        if withheld {
            continue;
        }
        assert_eq!(receipt.text(receipt_row, 2), s(p, "name"));
        assert_eq!(
            fen(receipt, receipt_row, 5),
            p["net_fen"].as_i64().expect("net"),
            "{p}"
        );
    }
    assert_eq!(fen(lines, 2, 5), 20_000_000, "the champion's 200,000 yuan");

    for run in [run, Run::new(B, |_| {}), Run::new(C, |_| {})] {
        let costs = run.json["costs"].as_array().expect("costs");
        assert!(!costs.is_empty());
        let book = run.book("out/costs.xlsx");
        let summary = sheet(&book, "汇总");
        // One statement sheet per team after 汇总 and 用房, in the summary's order.
        assert_eq!(book.len(), costs.len() + 2);
        for (i, c) in costs.iter().enumerate() {
            let (owes, receives) = (
                c["owes_fen"].as_i64().expect("owes"),
                c["receives_fen"].as_i64().expect("receives"),
            );
            let r = i + 2;
            assert_eq!(summary.text(r, 0), s(c, "team"));
            let (paid, got, balance) = (fen(summary, r, 1), fen(summary, r, 2), fen(summary, r, 3));
            assert_eq!(balance, paid - got, "{c}");
            assert_eq!((balance.max(0), (-balance).max(0)), (owes, receives), "{c}");
            // The statement: every line is quantity × rate, the totals add the lines up.
            let st = &book[i + 2];
            let total_row = |label: &str| {
                (2..st.rows.len())
                    .find(|&r| st.text(r, 1) == label)
                    .unwrap_or_else(|| panic!("{}: no {label}", st.name))
            };
            let (owe_row, recv_row) = (total_row("应缴合计"), total_row("应收合计"));
            let mut sums = BTreeMap::<String, i64>::new();
            for r in 2..owe_row {
                // Blank rows and notes (未提交食宿需求) have no side.
                if st.text(r, 0).is_empty() {
                    continue;
                }
                let qty = match st.cell(r, 3) {
                    Data::Float(f) => *f as i64,
                    Data::Int(i) => *i,
                    other => panic!("{}!{r}: quantity {other:?}", st.name),
                };
                assert_eq!(fen(st, r, 6), qty * fen(st, r, 5), "{}!{r}", st.name);
                *sums.entry(st.text(r, 0)).or_default() += fen(st, r, 6);
            }
            assert_eq!(
                fen(st, owe_row, 6),
                sums.get("应缴").copied().unwrap_or(0),
                "{}",
                st.name
            );
            assert_eq!(
                fen(st, recv_row, 6),
                sums.get("应收").copied().unwrap_or(0),
                "{}",
                st.name
            );
            assert_eq!(
                fen(st, owe_row, 6) - fen(st, recv_row, 6),
                balance,
                "{}",
                st.name
            );
            // What is settled with the hotel: the summary's column, the JSON and the lines.
            let hotel = c["hotel_fen"].as_i64().expect("hotel");
            assert_eq!(fen(summary, r, 4), hotel, "{c}");
            assert_eq!(sums.get("酒店结算").copied().unwrap_or(0), hotel, "{c}");
        }
    }
}

/// The rows of a round as the library reads it, as the cells a printable copy must show.
fn meant_round_rows(r: &RoundSheet, sport: bianpai::model::Sport) -> Vec<Vec<String>> {
    let num = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    let res = |c: &ResultCell, left: Option<bianpai::model::Colour>| match c {
        ResultCell::Missing => String::new(),
        ResultCell::Invalid(t) => t.clone(),
        ResultCell::Valid(_) | ResultCell::ByColour { .. } => c
            .for_left(left)
            .map(|g| bianpai::rounds::notation::format(g, sport).to_string())
            .unwrap_or_default(),
    };
    match &r.rows {
        // A withdrawal row (客队 `退赛`) is the arbiter's note in the round workbook, not a board
        // of the pairing the printable copy shows.
        Rows::Team(rows) => rows
            .iter()
            .filter(|b| {
                !bianpai::season::team_swiss::entries::WITHDRAWAL_WORDS
                    .contains(&b.away_team.as_str())
            })
            .map(|b| {
                let colour = match b.home_colour {
                    Some(bianpai::model::Colour::White) => "白",
                    Some(bianpai::model::Colour::Black) => "黑",
                    None => "",
                };
                vec![
                    num(b.match_no),
                    num(b.board),
                    b.home_team.clone(),
                    b.home_player.clone(),
                    colour.to_string(),
                    res(&b.result, b.home_colour),
                    b.away_player.clone(),
                    b.away_team.clone(),
                ]
            })
            .collect(),
        Rows::Individual(rows) => rows
            .iter()
            .map(|g| {
                vec![
                    num(g.board),
                    g.left.clone(),
                    res(&g.result, Some(bianpai::model::Colour::White)),
                    g.right.clone(),
                ]
            })
            .collect(),
    }
}

fn sheet_rows(sh: &Sheet) -> Vec<Vec<String>> {
    (2..sh.rows.len())
        .map(|r| sh.rows[r].iter().map(shown).collect::<Vec<_>>())
        .filter(|row| row.iter().any(|c| !c.is_empty()))
        .collect()
}

#[test]
fn printable_pairings_and_the_schedule_are_the_round_workbooks() {
    let runs = [
        a_league_regular_season(),
        Run::new(A, |_| {}),
        b_league_played(),
        Run::new(C, |_| {}),
    ];
    for run in &runs {
        let event = bianpai::event::load(&run.folder).expect("event");
        let sport = event.meta().sport;
        let (roster, rounds) = run.library_view();
        let mut printed = 0;
        for r in &rounds {
            let stem = r
                .file
                .trim_start_matches("results/")
                .trim_end_matches(".xlsx");
            if stem == "draw" {
                continue;
            }
            let rel = format!("out/pairings-{stem}.xlsx");
            let book = run.book(&rel);
            assert_eq!(
                book.len(),
                1,
                "{rel}: the printable copy has no marker sheet"
            );
            assert_eq!(book[0].name, r.sheet, "{rel}");
            let meant = meant_round_rows(r, sport);
            assert!(!meant.is_empty(), "{}", r.file);
            // Below the table the printable copy names the round's 资格待查 / 取消资格 teams
            // (tests/b_league_season.rs checks the line), then has the signature lines; the rows
            // above are the round's.
            let all = sheet_rows(&book[0]);
            assert!(
                all.iter()
                    .any(|row| row.first().is_some_and(|c| c.starts_with("裁判长：＿"))),
                "{rel}: no signature lines"
            );
            let below = [
                "资格待查：",
                "取消资格：",
                "裁判长：",
                "编排记录：",
                "日期：",
            ];
            let rows: Vec<Vec<String>> = all
                .into_iter()
                .filter(|row| {
                    !row.first()
                        .is_some_and(|c| below.iter().any(|b| c.starts_with(b)))
                })
                .collect();
            assert_eq!(rows, meant, "{rel}");
            printed += 1;
            // Every name on the sheet is a player of the roster, of the team named, once.
            let mut seen = BTreeMap::<String, u32>::new();
            let player_of = |team: &str, name: &str| {
                roster
                    .teams
                    .iter()
                    .filter(|t| t.unit.value == team)
                    .flat_map(|t| &t.players)
                    .any(|p| p.display_name() == name)
            };
            match &r.rows {
                Rows::Team(rows) => {
                    for b in rows {
                        for (team, player) in [
                            (&b.home_team, &b.home_player),
                            (&b.away_team, &b.away_player),
                        ] {
                            if player.is_empty() {
                                continue; // an empty board (forfeit)
                            }
                            assert!(player_of(team, player), "{}: {player} of {team}", r.file);
                            *seen.entry(format!("{team}/{player}")).or_default() += 1;
                        }
                    }
                }
                Rows::Individual(rows) => {
                    for g in rows {
                        for side in [&g.left, &g.right] {
                            if side.is_empty()
                                || bianpai::rounds::sheet::BYE_WORDS.contains(&side.as_str())
                            {
                                continue;
                            }
                            // 彭新（上海市）; a family pair is 毛洁可/毛博浩（上海市）; the arbiter
                            // may mark a withdrawal after it: 顾涛国（辽宁省）退赛.
                            let (side, _) =
                                bianpai::season::individual::read::strip_withdrawal(side);
                            let (names, team) = side
                                .trim_end_matches('）')
                                .split_once('（')
                                .unwrap_or_else(|| panic!("{}: {side}", r.file));
                            for name in names.split('/') {
                                assert!(player_of(team, name), "{}: {side}", r.file);
                            }
                            *seen.entry(side).or_default() += 1;
                        }
                    }
                }
            }
            let twice: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
            assert!(twice.is_empty(), "{}: {twice:?}", r.file);
        }
        assert!(printed >= 1, "{}", run.folder.display());
    }

    // The A-league schedule by round lists the matches of the regular-season round workbooks.
    let run = &runs[0];
    let (_, rounds) = run.library_view();
    let mut meant = Vec::new();
    let mut regular: Vec<&RoundSheet> = rounds
        .iter()
        .filter(|r| r.marker.stage == "regular")
        .collect();
    regular.sort_by_key(|r| r.marker.round);
    assert_eq!(regular.len(), 11);
    for r in regular {
        let Rows::Team(rows) = &r.rows else {
            panic!("team rows")
        };
        for b in rows.iter().filter(|b| b.board == Some(1)) {
            let m = b.match_no.map(|n| n.to_string()).unwrap_or_default();
            meant.push(vec![
                r.marker.round.to_string(),
                m,
                b.home_team.clone(),
                b.away_team.clone(),
            ]);
        }
    }
    let book = run.book("out/schedule.xlsx");
    assert_eq!(sheet(&book, "按轮次").body(), meant);
}

#[test]
fn the_eligibility_workbook_lists_the_findings_of_the_summary() {
    for name in util::SAMPLES {
        let run = Run::new(name, |_| {});
        let findings = run.json["findings"].as_array().expect("findings");
        assert!(!findings.is_empty(), "{name}");
        let book = run.book("out/eligibility.xlsx");
        let meant: Vec<Vec<String>> = findings
            .iter()
            .map(|f| {
                let severity = if s(f, "severity") == "error" {
                    "错误"
                } else {
                    "警告"
                };
                vec![
                    severity.to_string(),
                    s(f, "team"),
                    s(f, "person"),
                    s(f, "code"),
                    s(f, "message"),
                    s(f, "clause"),
                    s(f, "source"),
                ]
            })
            .collect();
        assert_eq!(sheet(&book, "问题清单").body(), meant, "{name}");
        // 汇总: errors and warnings per team.
        let mut counts = BTreeMap::<String, (u32, u32)>::new();
        for f in findings {
            // Findings of no team (a file bianpai could not read) count under （文件）.
            let team = Some(s(f, "team")).filter(|t| !t.is_empty());
            let c = counts
                .entry(team.unwrap_or_else(|| "（文件）".into()))
                .or_default();
            if s(f, "severity") == "error" {
                c.0 += 1;
            } else {
                c.1 += 1;
            }
        }
        let (errors, warnings) = counts.values().fold((0, 0), |a, c| (a.0 + c.0, a.1 + c.1));
        counts.insert("合计".into(), (errors, warnings));
        for row in sheet(&book, "汇总").body() {
            let (e, w) = counts.get(&row[0]).copied().unwrap_or_default();
            assert_eq!(row[1..], [e.to_string(), w.to_string()], "{name}: {row:?}");
        }
    }
}
