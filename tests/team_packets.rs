//! Team packets hold the team's matches and place (issue 18): the B-league's 北京京西队, checked
//! against its round-1 pairings (match 8, 北京京西队 at home against 安徽黄山队) and the 排名 sheet.

mod util;

use util::cells::{read_book, sheet};
use util::{run_json, sample_copy};

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| (*x).to_string()).collect()
}

#[test]
fn a_b_league_packet_has_the_matches_board_by_board_and_the_place() {
    let (_tmp, folder) = sample_copy("cca-b-league-2025");
    run_json(&folder, &[]);
    let book = read_book(&folder.join("out/teams/北京京西队.xlsx"));
    let names: Vec<&str> = book.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(
        names,
        ["报名名单", "审查问题", "对阵与成绩", "名次", "费用结算"]
    );
    let m = sheet(&book, "对阵与成绩");
    assert_eq!(
        m.texts(1),
        s(&[
            "轮次",
            "对手",
            "台次",
            "本队棋手",
            "执色",
            "结果",
            "对方棋手",
            "比分"
        ])
    );
    // Round 1, from results/r01.xlsx: ½ + 1 + 0 + 0 + ½ = 2 of 5.
    assert_eq!(
        m.body()[..5].to_vec(),
        vec![
            s(&[
                "1",
                "安徽黄山队",
                "1",
                "龚明",
                "白",
                "½-½",
                "薛博国",
                "2.0:3.0"
            ]),
            s(&["1", "安徽黄山队", "2", "闫骏强", "黑", "1-0", "顾然强", ""]),
            s(&["1", "安徽黄山队", "3", "任琳欣", "白", "0-1", "余杰", ""]),
            s(&["1", "安徽黄山队", "4", "秦琳", "黑", "0-1", "韦彤", ""]),
            s(&["1", "安徽黄山队", "5", "谢琳敏", "白", "½-½", "崔蕾娜", ""]),
        ]
    );
    // Eight matches of five boards and the bye of round 6 (轮空 2.5, as in the 交叉表).
    let body = m.body();
    assert_eq!(body.len(), 41);
    assert_eq!(body[25], s(&["6", "轮空", "", "", "", "", "", "2.5"]));
    let p = sheet(&book, "名次");
    assert_eq!(
        p.texts(2)[..5].to_vec(),
        s(&["14", "16", "北京京西队", "3.0", "17.0"])
    );
}

/// The rounds a packet's 对阵与成绩 sheet covers (its first column).
fn rounds_of(book: &[util::cells::Sheet]) -> Vec<u32> {
    let mut r: Vec<u32> = sheet(book, "对阵与成绩")
        .body()
        .iter()
        .filter_map(|row| row.first().and_then(|c| c.parse().ok()))
        .collect();
    r.dedup();
    r
}

fn packets(folder: &std::path::Path) -> Vec<(String, Vec<util::cells::Sheet>)> {
    let mut out: Vec<(String, Vec<util::cells::Sheet>)> =
        std::fs::read_dir(folder.join("out/teams"))
            .expect("out/teams")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "xlsx"))
            .map(|p| {
                let team = p.file_stem().expect("stem").to_string_lossy().into_owned();
                (team, read_book(&p))
            })
            .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_league_packet_holds_every_round_its_team_played() {
    // A-league: 12 teams, the 11 rounds of the round robin typed in the sample.
    let (_a, folder) = sample_copy("cca-a-league-2023");
    run_json(&folder, &[]);
    let all = packets(&folder);
    assert_eq!(all.len(), 12);
    for (team, book) in &all {
        assert_eq!(rounds_of(book), (1..=11).collect::<Vec<_>>(), "{team}");
    }
    // B-league: 16 teams over 9 rounds; 苏州姑苏队 withdrew after round 5 (its forfeited
    // round 5 is the last), and is not paired again.
    let (_b, folder) = sample_copy("cca-b-league-2025");
    run_json(&folder, &[]);
    let all = packets(&folder);
    assert_eq!(all.len(), 16);
    for (team, book) in &all {
        let want: Vec<u32> = if team == "苏州姑苏队" {
            (1..=5).collect()
        } else {
            (1..=9).collect()
        };
        assert_eq!(rounds_of(book), want, "{team}");
    }
}

#[test]
fn every_xiangqi_delegation_packet_lists_each_of_its_players_games() {
    let (_t, folder) = sample_copy("cxa-amateur-king-2023");
    run_json(&folder, &[]);
    // The roster's players by delegation, (组别, 姓名), family pairs aside (one entrant of two).
    let roster = read_book(&folder.join("out/roster.xlsx"));
    let mut want: std::collections::BTreeMap<String, std::collections::BTreeSet<(String, String)>> =
        std::collections::BTreeMap::new();
    for row in &sheet(&roster, "报名汇总").body() {
        let (unit, role, name, group) = (&row[2], &row[3], &row[4], &row[11]);
        if role == "运动员" && !group.is_empty() && !group.contains("家庭") {
            want.entry(unit.clone())
                .or_default()
                .insert((group.clone(), name.clone()));
        }
    }
    // 迪丽娜尔·艾力 is entered by 北京市 and 河北省 (person.duplicate): she is paired once, as
    // 北京市's (round.duplicate-entrant), so 河北省's packet does not list her games.
    let listed_twice = ("公开组女子".to_string(), "迪丽娜尔·艾力".to_string());
    if let Some(hebei) = want.get_mut("河北省") {
        assert!(hebei.remove(&listed_twice));
    }
    let all = packets(&folder);
    assert_eq!(all.len(), want.len());
    for (unit, book) in &all {
        let games = sheet(book, "个人对局与名次");
        let mut got = std::collections::BTreeSet::new();
        let mut group = String::new();
        for row in &games.body() {
            if !row[0].is_empty() {
                group.clone_from(&row[0]);
            }
            if !row[1].is_empty() && !group.contains("家庭") {
                got.insert((group.clone(), row[1].clone()));
            }
        }
        assert_eq!(Some(&got), want.get(unit), "{unit}");
    }
}
