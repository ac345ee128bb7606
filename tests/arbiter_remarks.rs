//! The arbiter's smaller remarks on the seed events (issue 44 point 7), each on a copy of the
//! sample with the file!cell they named.

mod util;

use util::{findings_of, run_json, s, sample_copy};

/// `finals.xlsx!对阵!C15`: 主队 of the third-place match is 浙江 (seed 4), first-named in legs 1
/// and 3, though it came from the away slot (loser of SF2); its points come first.
#[test]
fn the_home_team_of_a_finals_match_is_the_one_first_named_in_leg_1() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    let (_, _, err) = run_json(&dir, &[]);
    let book = util::cells::read_book(&dir.join("out/finals.xlsx"));
    let sh = util::cells::sheet(&book, "对阵");
    // Row 15 (index 14): match B.
    assert_eq!(
        sh.texts(14),
        [
            "B",
            "三四名决赛",
            "浙江西湖队（4）",
            "北京华清队（7）",
            "4.0:4.0",
            "9.0:11.0",
            "北京华清队（7）",
            "局分"
        ]
        .map(String::from),
        "{err}"
    );
    // A match whose better seed is in the home slot is unchanged (row 3: QF1).
    assert_eq!(sh.text(2, 2), "山东泉城队（1）");
    assert_eq!(sh.text(2, 5), "5.5:4.5");
}

/// `--json` final standings: the final places with each team's regular-season match points,
/// game points and tie-breaks (not `points: 0.0`).
#[test]
fn the_final_standings_carry_the_season_match_points() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    let (_, j, _) = run_json(&dir, &[]);
    let rows: Vec<(u64, String, String, String)> = j["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .take(3)
        .map(|t| {
            (
                t["rank"].as_u64().unwrap_or(0),
                s(t, "name"),
                t["points"].to_string(),
                t["game_points"].to_string(),
            )
        })
        .collect();
    let want = [
        (1, "山东泉城队", "14.0", "34.5"),
        (2, "重庆涪陵队", "14.0", "32.5"),
        (3, "北京华清队", "10.0", "26.0"),
    ]
    .map(|(r, n, p, g)| (r, n.to_string(), p.to_string(), g.to_string()));
    assert_eq!(rows, want);
    assert_eq!(j["standings"][2]["tiebreaks"]["BC"].to_string(), "79.5");
}

/// 规程 四(四): the A-league's check against the B-league is not run while no B-league roster is
/// named in event.toml, and the summary says so (`check.not-run` at event.toml).
#[test]
fn the_excluded_event_check_without_a_roster_is_reported_not_run() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    let (_, j, _) = run_json(&dir, &[]);
    let not_run: Vec<(String, String, String)> = j["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["code"] == "check.not-run" && f["source"] == "event.toml")
        .map(|f| (s(f, "severity"), s(f, "clause"), s(f, "message")))
        .collect();
    assert_eq!(
        not_run,
        [(
            "warning".to_string(),
            "规程 四(四)".to_string(),
            "未提供2023年中国国际象棋乙级联赛的名单（event.toml eligibility.excluded[0].roster），\
             规程 四(四)的核查未进行"
                .to_string()
        )]
    );
}

/// The family pairs of the 家庭双人组 with their delegation's rank and status.
fn family_places(j: &serde_json::Value) -> Vec<(u64, String, String)> {
    j["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .filter(|e| s(e, "section") == "家庭双人组")
        .map(|e| {
            (
                e["rank"].as_u64().unwrap_or(0),
                s(e, "name"),
                s(e, "status"),
            )
        })
        .collect()
}

fn unmatched(j: &serde_json::Value) -> Vec<(String, String, String)> {
    j["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["code"] == "pair.unmatched")
        .map(|f| (s(f, "team"), s(f, "source"), s(f, "severity")))
        .collect()
}

/// 四川省's form (no 家庭编号 column) tags its family rows 家庭1（父子）/家庭2（父子） in 备注, and
/// 河南省's 家庭2（祖孙）: those are the pairs, with no `pair.unmatched`.
#[test]
fn the_family_tag_in_the_remarks_column_pairs_the_family() {
    let (_tmp, dir) = sample_copy("cxa-amateur-king-2023");
    let (_, j, err) = run_json(&dir, &[]);
    assert_eq!(unmatched(&j), [], "{err}");
    let places = family_places(&j);
    for pair in [
        "陶哲辉/陶勇卓（四川省）",
        "蒋睿一/蒋翔（四川省）",
        "闫卓子/闫嘉（河南省）",
        "邱然博/邱蕾（河南省）",
    ] {
        let row = places.iter().find(|p| p.1 == pair);
        assert_eq!(row.map(|p| p.2.as_str()), Some(""), "{pair}: {places:?}");
    }
    assert_eq!(
        places[0],
        (1, "陶哲辉/陶勇卓（四川省）".into(), String::new())
    );
}

/// The xiangqi sample with 四川省's family tags taken out of its 备注 column.
fn untagged_sichuan() -> (tempfile::TempDir, std::path::PathBuf) {
    let (tmp, dir) = sample_copy("cxa-amateur-king-2023");
    let path = dir.join("四川省代表队报名表.csv");
    let bytes = std::fs::read(&path).expect("csv");
    let (text, _, _) = encoding_rs::GBK.decode(&bytes);
    let text = text
        .replace("家庭1（父子）", "")
        .replace("家庭2（父子）", "");
    let (out, _, _) = encoding_rs::GBK.encode(&text);
    std::fs::write(&path, out).expect("write csv");
    (tmp, dir)
}

/// The 1st prize of the 家庭双人组 in `--json`.
fn family_first_prize(j: &serde_json::Value) -> serde_json::Value {
    j["prizes"]
        .as_array()
        .expect("prizes")
        .iter()
        .find(|p| s(p, "section") == "家庭双人组" && p["place"] == 1)
        .cloned()
        .expect("1st prize")
}

/// A `cleared` ruling on a provisional pair (one of its members) decides it: the pair is no
/// longer 资格待查, its 3,000 yuan are paid, `pair.unmatched` stays as a warning saying so.
#[test]
fn a_cleared_ruling_pays_the_prize_of_a_provisional_pair() {
    let (_tmp, dir) = untagged_sichuan();
    let path = dir.join("event.toml");
    let mut toml = std::fs::read_to_string(&path).expect("event.toml");
    toml.push_str("\n[[rulings]]\n");
    let line = toml.lines().count();
    toml.push_str("person = \"陶哲辉\"\nteam = \"四川省\"\ndecision = \"cleared\"\n");
    std::fs::write(&path, toml).expect("write event.toml");
    let (_, j, err) = run_json(&dir, &[]);
    let csv = "四川省代表队报名表.csv!四川省代表队报名表!";
    assert_eq!(
        unmatched(&j),
        [
            ("四川省".into(), format!("{csv}C15"), "error".into()),
            ("四川省".into(), format!("{csv}C13"), "warning".into()),
        ],
        "{err}"
    );
    let note = j["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .find(|f| f["code"] == "pair.unmatched" && f["severity"] == "warning")
        .map(|f| s(f, "message"))
        .unwrap_or_default();
    assert!(
        note.ends_with(&format!("（已裁定配对有效，event.toml 第{line}行）")),
        "{note}"
    );
    assert_eq!(
        family_places(&j)[0],
        (1, "陶哲辉/陶勇卓（四川省）".into(), String::new())
    );
    let prize = family_first_prize(&j);
    assert_eq!(s(&prize, "name"), "陶哲辉/陶勇卓");
    assert_eq!(prize["gross_fen"], 300_000);
    assert_eq!(prize.get("withheld"), None);
}

/// Without the tags 四川省's four family players are paired provisionally by surname, each pair
/// in question: 资格待查, and the 1st place's 3,000 yuan (300,000 fen) withheld.
#[test]
fn the_prize_of_a_provisional_pair_is_withheld() {
    let (_tmp, dir) = untagged_sichuan();
    let (_, j, err) = run_json(&dir, &[]);
    let csv = "四川省代表队报名表.csv!四川省代表队报名表!";
    assert_eq!(
        unmatched(&j),
        [
            ("四川省".into(), format!("{csv}C13"), "error".into()),
            ("四川省".into(), format!("{csv}C15"), "error".into()),
        ],
        "{err}"
    );
    let places = family_places(&j);
    assert_eq!(
        places[0],
        (1, "陶哲辉/陶勇卓（四川省）".into(), "pending".into())
    );
    let prize = family_first_prize(&j);
    assert_eq!(s(&prize, "name"), "陶哲辉/陶勇卓");
    assert_eq!(prize["gross_fen"], 300_000);
    assert_eq!(prize["withheld"], true);
}

/// A delegation ruled out (`[[rulings]] team = "江苏省", decision = "disqualified"`) leaves
/// `standings.xlsx!团体`: eleven delegations ranked 1-11, 江苏省 (12th before) not among them.
#[test]
fn a_disqualified_delegation_leaves_the_delegation_ranking() {
    let (_tmp, dir) = sample_copy("cxa-amateur-king-2023");
    let path = dir.join("event.toml");
    let mut toml = std::fs::read_to_string(&path).expect("event.toml");
    toml.push_str("\n[[rulings]]\nteam = \"江苏省\"\ndecision = \"disqualified\"\n");
    std::fs::write(&path, toml).expect("write event.toml");
    let (_, _, err) = run_json(&dir, &[]);
    let book = util::cells::read_book(&dir.join("out/standings.xlsx"));
    let body = util::cells::sheet(&book, "团体").body();
    let ranked: Vec<(String, String)> = body
        .iter()
        .filter(|r| r.len() > 1 && !r[1].is_empty())
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
    assert_eq!(ranked.len(), 11, "{ranked:?}\n{err}");
    assert!(!ranked.iter().any(|r| r.1 == "江苏省"), "{ranked:?}");
    assert_eq!(ranked[0], ("1".to_string(), "山东省".to_string()));
    assert_eq!(ranked[10].0, "11");
}

/// 迪丽娜尔·艾力 is entered by 北京市 and 河北省 (person.duplicate): she plays for 北京市 and
/// sleeps and eats once, on 北京市's statement. `costs.xlsx!河北省`: 8 people × 2 days, not 9
/// (双人标间 16 person-days × 290 = 4,640 yuan, meals 16 × 140 = 2,240 yuan); `汇总!F9` 6,880
/// yuan borne by the organizers, `F15` 117,860 (118,720 before, her 860 counted twice).
#[test]
fn a_person_entered_by_two_delegations_is_lodged_once() {
    let (_tmp, dir) = sample_copy("cxa-amateur-king-2023");
    let (_, _, err) = run_json(&dir, &[]);
    let book = util::cells::read_book(&dir.join("out/costs.xlsx"));
    let hb = util::cells::sheet(&book, "河北省");
    assert_eq!(hb.text(2, 1), "食宿 江南春 双人标间", "{err}");
    assert_eq!(hb.text(2, 2), "8人×2天");
    assert_eq!(util::cells::fen(hb, 2, 6), 464_000);
    assert_eq!(hb.text(3, 2), "8人×2天");
    assert_eq!(util::cells::fen(hb, 3, 6), 224_000);
    let sum = util::cells::sheet(&book, "汇总");
    assert_eq!(sum.text(8, 0), "河北省");
    assert_eq!(util::cells::fen(sum, 8, 5), 688_000);
    assert_eq!(sum.text(14, 0), "合计");
    assert_eq!(util::cells::fen(sum, 14, 5), 11_786_000);
    // 北京市 keeps her: 13 people eat at the organizers' charge.
    let bj = util::cells::sheet(&book, "北京市");
    assert_eq!(bj.text(7, 2), "13人×2天");
}

/// 苏州姑苏队's withdrawal row (`results/r05.xlsx!第5轮!C43`, 客队 `退赛`) is named by a
/// `round.withdrawal` warning at its 主队 cell: not paired from round 6 on, results kept.
#[test]
fn a_team_withdrawal_is_named_by_a_finding() {
    let (_tmp, dir) = sample_copy("cca-b-league-2025");
    let (_, j, err) = run_json(&dir, &[]);
    let found: Vec<(String, String, String, String)> = j["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["code"] == "round.withdrawal")
        .map(|f| {
            (
                s(f, "severity"),
                s(f, "source"),
                s(f, "team"),
                s(f, "message"),
            )
        })
        .collect();
    assert_eq!(
        found,
        [(
            "warning".to_string(),
            "results/r05.xlsx!第5轮!C43".to_string(),
            "苏州姑苏队".to_string(),
            "苏州姑苏队在第5轮后退赛：自第6轮起不再编排，已赛成绩保留，此后各轮计0分".to_string()
        )],
        "{err}"
    );
}

/// `[deadlines.entry] late_entry = "excluded"` (逾期报名无效 read as not entered): 辽宁省's late
/// form (`team.late`) takes 潘涵 out of 公开组女子: 魏欣瑶 5th with the 1,500 yuan (150,000 fen)
/// that was 潘涵's withheld prize, 于雯丽 6th; nothing withheld there any more.
#[test]
fn a_late_entry_under_late_invalid_can_be_excluded() {
    let (_tmp, dir) = late_excluded();
    let (_, j, err) = run_json(&dir, &[]);
    let prizes: Vec<(u64, String, i64, bool)> = j["prizes"]
        .as_array()
        .expect("prizes")
        .iter()
        .filter(|p| {
            s(p, "section") == "公开组女子" && (4..=6).contains(&p["place"].as_u64().unwrap_or(0))
        })
        .map(|p| {
            (
                p["place"].as_u64().unwrap_or(0),
                s(p, "name"),
                p["gross_fen"].as_i64().unwrap_or(0),
                p["withheld"] == true,
            )
        })
        .collect();
    assert_eq!(
        prizes,
        [
            (4, "尹雨芳".into(), 200_000, false),
            (5, "魏欣瑶".into(), 150_000, false),
            (6, "于雯丽".into(), 150_000, false),
        ],
        "{err}"
    );
    assert!(
        !j["standings"]
            .as_array()
            .expect("standings")
            .iter()
            .any(|e| s(e, "name") == "潘涵（辽宁省）" && e["rank"].as_u64().unwrap_or(0) > 0)
    );
}

/// A copy of the xiangqi sample with `late_entry = "excluded"` under its `late_invalid`.
fn late_excluded() -> (tempfile::TempDir, std::path::PathBuf) {
    let (tmp, dir) = sample_copy("cxa-amateur-king-2023");
    let path = dir.join("event.toml");
    let toml = std::fs::read_to_string(&path).expect("event.toml");
    let toml = toml.replacen(
        "late_invalid = true\n",
        "late_invalid = true\nlate_entry = \"excluded\"\n",
        1,
    );
    std::fs::write(&path, toml).expect("write event.toml");
    (tmp, dir)
}

/// The `team.late` finding of 辽宁省's form says what `late_entry` gives: under `excluded` the
/// team is out (not ranked, no prize), in Chinese and in English; under the default
/// (`withheld`) the message only states the dates, as before.
#[test]
fn the_late_finding_says_the_team_is_excluded() {
    let source = "辽宁省报名表.csv!辽宁省报名表!A10".to_string();
    let (_tmp, dir) = late_excluded();
    let (_, zh, err) = run_json(&dir, &[]);
    assert_eq!(
        findings_of(&zh, "team.late"),
        [(
            source.clone(),
            "辽宁省填表日期2023-12-16晚于报名截止日2023-12-15；规程规定逾期报名无效：辽宁省不予参赛，不列名次、不获奖"
                .to_string()
        )],
        "{err}"
    );
    let (_, en, err) = run_json(&dir, &["--lang", "en"]);
    assert_eq!(
        findings_of(&en, "team.late"),
        [(
            source.clone(),
            "辽宁省 filled in the form on 2023-12-16, after the deadline 2023-12-15; late entries are \
             invalid under the regulation: 辽宁省 is excluded (not ranked, no prize)"
                .to_string()
        )],
        "{err}"
    );
    let (_tmp2, withheld) = sample_copy("cxa-amateur-king-2023");
    let (_, zh, err) = run_json(&withheld, &[]);
    assert_eq!(
        findings_of(&zh, "team.late"),
        [(
            source,
            "辽宁省填表日期2023-12-16晚于报名截止日2023-12-15".to_string()
        )],
        "{err}"
    );
}

/// A late entry to the B-league: 海南椰风队 (fictional), its form dated 2025-07-20, after the
/// deadline and in no round workbook. The rounds played before it stand as written: no
/// `result.pairing-changed` on any of the 9 rounds (the recomputed pairing of a round leaves
/// out a team in neither that round nor any before it), one `result.not-paired` naming the
/// rounds it missed, and the other teams' standings as without it.
#[test]
fn a_late_team_entry_changes_no_pairing_of_the_rounds_before_it() {
    let (_tmp, dir) = sample_copy("cca-b-league-2025");
    let form = [
        "2025年中国国际象棋乙级联赛报名表",
        "参赛单位（盖章）：海南椰风队    领队：符大海    教练：云青山    联系电话：13800000999",
        "序号\t台次\t姓名\t性别\t出生日期\t身份证号码\t国际棋联ID\t等级分\t注册单位\t备注",
        "1\t1\t符海川\t男\t1999年8月26日\t\t\t2616\t海南椰风队\t",
        "2\t2\t云志明\t男\t2001年7月3日\t\t\t2569\t海南椰风队\t",
        "3\t3\t吉文涛\t男\t2004年3月2日\t\t\t2474\t海南椰风队\t",
        "4\t4\t王椰\t女\t1987年4月21日\t\t\t2284\t海南椰风队\t",
        "5\t5\t陈晓岚\t女\t2002年7月6日\t\t\t2261\t海南椰风队\t",
        "",
        "单位负责人签字：　　　　　　　　单位（公章）　　　　　　　　2025年7月20日",
    ]
    .join("\r\n");
    std::fs::write(dir.join("海南椰风队报名表.txt"), form).expect("write the late form");
    let (_, j, err) = run_json(&dir, &[]);
    let codes = |code: &str| findings_of(&j, code);
    assert_eq!(codes("result.pairing-changed"), [], "{err}");
    assert_eq!(
        codes("result.not-paired"),
        [(
            "results".to_string(),
            "海南椰风队未参加第1、2、3、4、5、6、7、8、9轮（迟到报名或缺席），该轮不计分（FIDE C.04.2）"
                .to_string()
        )]
    );
    assert!(
        codes("team.late")
            .iter()
            .any(|(_, m)| m == "海南椰风队填表日期2025-07-20晚于报名截止日2025-07-07"),
        "{err}"
    );
    let (_plain, plain) = sample_copy("cca-b-league-2025");
    let (_, p, _) = run_json(&plain, &[]);
    let others = |v: &serde_json::Value| -> Vec<(String, u64, String)> {
        v["standings"]
            .as_array()
            .expect("standings")
            .iter()
            .filter(|e| s(e, "name") != "海南椰风队")
            .map(|e| {
                (
                    s(e, "name"),
                    e["rank"].as_u64().unwrap_or(0),
                    e["points"].to_string(),
                )
            })
            .collect()
    };
    assert_eq!(others(&j), others(&p));
    assert_eq!(others(&p).len(), 16);
}
