//! The three samples end to end: prizes, statements in the team packets, and the xiangqi
//! groups' rankings feeding the prizes.

use super::*;
use calamine::{Data, Reader};
use std::path::{Path, PathBuf};

/// Runs a copy of a sample (a Swiss run writes its next round into the folder).
fn run_sample(name: &str) -> (tempfile::TempDir, PathBuf, bianpai::pipeline::RunOutcome) {
    run_sample_with(name, |_| {})
}

/// Runs a copy of a sample after `prep` changed the folder.
fn run_sample_with(
    name: &str,
    prep: impl FnOnce(&Path),
) -> (tempfile::TempDir, PathBuf, bianpai::pipeline::RunOutcome) {
    let (tmp, dir) = super::util::sample_copy(name);
    prep(&dir);
    let out = dir.join("out");
    let opts = bianpai::pipeline::Options {
        dir: dir.clone(),
        out: out.clone(),
        lang: bianpai::Lang::Zh,
    };
    let outcome = bianpai::pipeline::run(&opts).unwrap();
    (tmp, out, outcome)
}

fn rows(path: &Path, sheet: &str) -> Vec<Vec<Data>> {
    let mut xl: calamine::Xlsx<_> = calamine::open_workbook(path).unwrap();
    let r = xl.worksheet_range(sheet).unwrap();
    r.rows().map(<[Data]>::to_vec).collect()
}

/// A statement row as shown: the amounts (单价, 金额: columns 5 and 6) with two decimals.
fn text(r: &[Data]) -> Vec<String> {
    r.iter()
        .enumerate()
        .map(|(i, c)| match c {
            Data::String(s) => s.clone(),
            Data::Empty => String::new(),
            Data::Float(v) if i >= 5 => format!("{v:.2}"),
            other => other.to_string(),
        })
        .collect()
}

/// A packet's statement body under its header: the lines and totals, then (issue 45) one
/// blank row and the sign-off, which are checked and cut off here.
fn statement_body(r: &[Vec<Data>]) -> Vec<Vec<String>> {
    let mut body: Vec<Vec<String>> = r.iter().skip(2).map(|x| text(x)).collect();
    let sign_off = body.pop().expect("sign-off row");
    assert_eq!(
        sign_off[0],
        "领队签字：＿＿＿＿＿＿    经办人：＿＿＿＿＿＿    日期：＿＿＿＿＿＿    单位盖章：＿＿＿＿＿＿"
    );
    assert!(body.pop().expect("blank row").iter().all(String::is_empty));
    body
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| (*x).to_string()).collect()
}

/// 北京京西队's packet: the same statement as costs.xlsx, line by line. By hand from its 食宿
/// sheet (8 twin beds and 2 singles at 诺富特, 08-05..08-11) and 7 players: 参赛费 7 × 400 =
/// 2,800 owed to the organizers; 诺富特 twin 8 × 6 × 430 = 20,640 and single 2 × 6 × 660 =
/// 7,920 settled with the hotel (规程 十三(三)), 28,560 apart from the balance.
#[test]
fn b_league_team_packet_has_the_statement() {
    let (_tmp, out, _) = run_sample("cca-b-league-2025");
    let r = rows(&out.join("teams/北京京西队.xlsx"), "费用结算");
    let body = statement_body(&r);
    assert_eq!(
        body,
        vec![
            s(&["应缴", "参赛费", "", "7", "人", "400.00", "2800.00"]),
            s(&[
                "酒店结算",
                "食宿 诺富特 双人间",
                "8人×6天",
                "48",
                "人天",
                "430.00",
                "20640.00"
            ]),
            s(&[
                "酒店结算",
                "食宿 诺富特 单人间",
                "2人×6天",
                "12",
                "人天",
                "660.00",
                "7920.00"
            ]),
            s(&["", "", "", "", "", "", ""]),
            s(&["", "应缴合计", "", "", "", "", "2800.00"]),
            s(&["", "应收合计", "", "", "", "", "0.00"]),
            s(&[
                "",
                "与酒店结算合计（直接付酒店，不计入结算）",
                "",
                "",
                "",
                "",
                "28560.00"
            ]),
            s(&["", "组委会承担合计（不计入结算）", "", "", "", "", "0.00"]),
            s(&["", "结算：应缴", "", "", "", "", "2800.00"]),
        ]
    );
    // Every team's packet carries its statement.
    for e in std::fs::read_dir(out.join("teams")).unwrap() {
        let p = e.unwrap().path();
        let xl: calamine::Xlsx<_> = calamine::open_workbook(&p).unwrap();
        assert!(
            xl.sheet_names().contains(&"费用结算".to_string()),
            "{}",
            p.display()
        );
    }
}

/// The A-league finals decide places 1-12 (tests/league_season.rs): places 1-6 get 200,000 …
/// 40,000, paid to the units without tax; the champion's packet adds the 20,000 grant and
/// lists its prize withheld (its eligibility is pending).
#[test]
fn a_league_prizes_go_to_the_final_places() {
    let (_tmp, out, outcome) = run_sample("cca-a-league-2023");
    let got: Vec<(u32, &str, i64, i64)> = outcome
        .summary
        .prizes
        .iter()
        .map(|p| (p.place, p.name.as_str(), p.gross_fen, p.tax_fen))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "山东泉城队", 20_000_000, 0),
            (2, "重庆涪陵队", 12_000_000, 0),
            (3, "北京华清队", 8_000_000, 0),
            (4, "浙江西湖队", 6_000_000, 0),
            (5, "江苏钟山队", 5_000_000, 0),
            (6, "广东珠江队", 4_000_000, 0),
        ]
    );
    let champion = outcome
        .summary
        .costs
        .iter()
        .find(|c| c.team == "山东泉城队")
        .unwrap();
    // Its prize is withheld (资格待查, issue 44): only the grant is received.
    assert_eq!(
        (
            champion.owes_fen,
            champion.receives_fen,
            champion.withheld_fen
        ),
        (0, 2_000_000, 20_000_000)
    );
    let seventh = outcome
        .summary
        .costs
        .iter()
        .find(|c| c.team == "杭州钱塘队")
        .unwrap();
    assert_eq!(seventh.receives_fen, 2_000_000);
    let r = rows(&out.join("teams/山东泉城队.xlsx"), "费用结算");
    let body = statement_body(&r);
    assert_eq!(
        body[0],
        s(&[
            "应收",
            "竞赛费拨款",
            "中国国际象棋协会",
            "1",
            "队",
            "20000.00",
            "20000.00"
        ])
    );
    assert_eq!(
        body[1],
        s(&[
            "暂缓发放",
            "奖金 团体赛 第1名",
            "",
            "1",
            "项",
            "200000.00",
            "200000.00"
        ])
    );
    assert_eq!(
        body.last().unwrap(),
        &s(&["", "结算：应收", "", "", "", "", "20000.00"])
    );
    let settings = rows(&out.join("prizes.xlsx"), "奖金设置");
    assert_eq!(
        text(&settings[2]),
        s(&[
            "团体赛",
            "1",
            "200000",
            "单位",
            "暂缓发放（获奖者资格待查）"
        ])
    );
}

/// Before the last round of the xiangqi finals is in nothing is ranked: prizes.xlsx lists the
/// five groups as waiting and pays nothing; the default tax is marked as a default.
#[test]
fn xiangqi_sample_before_the_end_invents_no_places() {
    let (_tmp, out, outcome) = run_sample_with("cxa-amateur-king-2023", |dir| {
        for e in std::fs::read_dir(dir.join("results")).unwrap() {
            let p = e.unwrap().path();
            if p.to_string_lossy().ends_with("-r07.xlsx") {
                std::fs::remove_file(p).unwrap();
            }
        }
    });
    assert!(outcome.summary.prizes.is_empty());
    let r: Vec<Vec<String>> = rows(&out.join("prizes.xlsx"), "奖金")
        .iter()
        .map(|x| text(x))
        .collect();
    // Each a note under the table (issue 45): `<section>：比赛尚未结束，名次未产生，奖金暂不发放`.
    let waiting: Vec<&str> = r
        .iter()
        .filter_map(|x| x[0].strip_suffix("：比赛尚未结束，名次未产生，奖金暂不发放"))
        .collect();
    assert_eq!(
        waiting,
        [
            "公开组男子",
            "公开组女子",
            "少年组男子",
            "少年组女子",
            "家庭双人组"
        ]
    );
    assert!(
        r.iter().any(|x| x[0]
            == "个人奖金代扣个人所得税：偶然所得 20%（组委会默认设置）；奖给单位的奖金不代扣"),
        "{r:?}"
    );
    let settings = rows(&out.join("prizes.xlsx"), "奖金设置");
    // 8 + 6 + 6 + 6 + 3 paid places and the 6 团体 places without money, then the total.
    assert_eq!(settings.len(), 2 + 29 + 6 + 1);
    assert_eq!(
        text(&settings[2]),
        s(&[
            "公开组男子",
            "1",
            "20000",
            "个人",
            "名次未产生（比赛尚未结束）"
        ])
    );
    assert_eq!(
        text(&settings[2 + 29]),
        s(&["团体", "1", "0", "单位", "录取名次，无奖金"])
    );
    assert_eq!(text(settings.last().unwrap())[2], "100000");
    assert!(
        !outcome
            .summary
            .findings
            .iter()
            .any(|f| f.code == "prize.total-mismatch")
    );
    // Officials are covered; the packets still show the organizer's cost.
    let henan = rows(&out.join("teams/河南省.xlsx"), "费用结算");
    assert!(henan.iter().any(|x| text(x)[0] == "组委会承担"));
}

/// The xiangqi sample played to the end (7 rounds in every group): each group's places 1-8 /
/// 1-6 / 1-3 are paid to the entrants the standings put there, 20 % withheld, 100,000 gross in
/// all as the regulation states, no total mismatch.
#[test]
fn xiangqi_sample_pays_the_final_group_places() {
    let (_tmp, out, outcome) = run_sample("cxa-amateur-king-2023");
    let ev = bianpai::event::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/cxa-amateur-king-2023"),
    )
    .unwrap();
    let prizes = &outcome.summary.prizes;
    assert_eq!(prizes.len(), 8 + 6 + 6 + 6 + 3);
    let gross: i64 = prizes.iter().map(|p| p.gross_fen).sum();
    let tax: i64 = prizes.iter().map(|p| p.tax_fen).sum();
    let net: i64 = prizes.iter().map(|p| p.net_fen).sum();
    assert_eq!((gross, tax, net), (10_000_000, 2_000_000, 8_000_000));
    for p in prizes {
        let section = ev.sections().iter().find(|s| s.name == p.section).unwrap();
        let list = ev.prizes().list(&section.id).unwrap();
        assert_eq!(p.gross_fen, list.amount(p.place).0, "{p:?}");
        assert_eq!(p.tax_fen * 5, p.gross_fen, "{p:?}");
        let label = format!("{}（{}）", p.name, p.team);
        assert!(
            outcome
                .summary
                .standings
                .iter()
                .any(|s| s.section.as_deref() == Some(p.section.as_str())
                    && s.rank == p.place
                    && s.name == label),
            "{p:?} is not in the standings"
        );
    }
    assert!(
        !outcome
            .summary
            .findings
            .iter()
            .any(|f| f.code == "prize.total-mismatch")
    );
    let settings = rows(&out.join("prizes.xlsx"), "奖金设置");
    assert_eq!(
        text(&settings[2]),
        s(&["公开组男子", "1", "20000", "个人", "已按最终名次发放"])
    );
}

/// Every list ranked, but 家庭双人组 has only two pairs: 99,000 paid against the stated 100,000.
#[test]
fn a_gross_total_short_of_the_regulation_is_a_finding() {
    let ev = event("cxa-amateur-king-2023");
    let mut family = full("family", 3);
    family.places.truncate(2);
    let rankings = vec![
        full("open-men", 8),
        full("open-women", 6),
        full("junior-men", 6),
        full("junior-women", 6),
        family,
    ];
    let (p, f) = money::prizes::payouts(&ev, &rankings);
    assert_eq!(
        money::prizes::reconcile(&ev, &p).gross,
        Fen::from_yuan(99_000)
    );
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "prize.total-mismatch");
    assert_eq!(f[0].source.to_string(), "event.toml!prizes.total_yuan");
    assert_eq!(
        f[0].message_zh,
        "实发奖金税前合计 99000.00 元，与规程所列奖金总额 100000.00 元不符"
    );
}

/// Issue 44 (3): the A-league's withheld prizes are not money to receive. 山东 (1st, 200,000),
/// 重庆 (2nd, 120,000), 江苏 (5th, 50,000) and 广东 (6th, 40,000) are 资格待查: their prizes are
/// 暂缓发放, outside 应收 and the balance. By hand: 应收 = 12 grants × 20,000 + the prizes of 北京
/// (3rd, 80,000) and 浙江 (4th, 60,000) = 380,000 (790,000 with the withheld 410,000).
#[test]
fn a_league_withheld_prizes_are_listed_apart_from_what_the_teams_receive() {
    let (_tmp, out, outcome) = run_sample("cca-a-league-2023");
    let costs = &outcome.summary.costs;
    let of = |t: &str| {
        costs
            .iter()
            .find(|c| c.team == t)
            .map(|c| (c.owes_fen, c.receives_fen, c.withheld_fen))
    };
    assert_eq!(of("山东泉城队"), Some((0, 2_000_000, 20_000_000)));
    assert_eq!(of("重庆涪陵队"), Some((0, 2_000_000, 12_000_000)));
    assert_eq!(of("江苏钟山队"), Some((0, 2_000_000, 5_000_000)));
    assert_eq!(of("广东珠江队"), Some((0, 2_000_000, 4_000_000)));
    assert_eq!(of("北京华清队"), Some((0, 10_000_000, 0)));
    assert_eq!(of("浙江西湖队"), Some((0, 8_000_000, 0)));
    let total: i64 = costs.iter().map(|c| c.receives_fen).sum();
    assert_eq!(total, 38_000_000);
    let withheld: i64 = costs.iter().map(|c| c.withheld_fen).sum();
    assert_eq!(withheld, 41_000_000);
    // costs.xlsx!汇总: C6 is 山东's 应收 (20,000), G6 its withheld prize; row 15 the totals.
    let sum = rows(&out.join("costs.xlsx"), "汇总");
    assert_eq!(text(&sum[1])[6], "暂缓发放（资格待查，不计入结算）");
    assert_eq!(text(&sum[5])[0], "山东泉城队");
    assert_eq!(sum[5][2], Data::Float(20_000.0));
    assert_eq!(sum[5][3], Data::Float(-20_000.0));
    assert_eq!(sum[5][6], Data::Float(200_000.0));
    assert_eq!(text(&sum[14])[0], "合计");
    assert_eq!(sum[14][2], Data::Float(380_000.0));
    assert_eq!(sum[14][6], Data::Float(410_000.0));
    // 山东's packet: the same statement, the prize on a side of its own.
    let r = rows(&out.join("teams/山东泉城队.xlsx"), "费用结算");
    let body = statement_body(&r);
    assert_eq!(
        body,
        vec![
            s(&[
                "应收",
                "竞赛费拨款",
                "中国国际象棋协会",
                "1",
                "队",
                "20000.00",
                "20000.00"
            ]),
            s(&[
                "暂缓发放",
                "奖金 团体赛 第1名",
                "",
                "1",
                "项",
                "200000.00",
                "200000.00"
            ]),
            s(&["", "", "", "", "", "", ""]),
            s(&["", "应缴合计", "", "", "", "", "0.00"]),
            s(&["", "应收合计", "", "", "", "", "20000.00"]),
            s(&[
                "",
                "暂缓发放合计（资格待查，待裁定；不计入结算）",
                "",
                "",
                "",
                "",
                "200000.00"
            ]),
            s(&["", "组委会承担合计（不计入结算）", "", "", "", "", "0.00"]),
            s(&["", "结算：应收", "", "", "", "", "20000.00"]),
        ]
    );
}
