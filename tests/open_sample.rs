//! The `open-chess-2026` sample (issue 41): a rated city open, 公开组 and 女子组, nine FIDE Dutch
//! rounds, and 大师组, a round robin of ten masters (its own stage, side by side with the Swiss),
//! typed by `samples/play_open.py`.
//!
//! - Every round of 大师组 is row r of the Berger table for ten players (FIDE C.05 Annex 1),
//!   over the numbers typed in the sample's `event.toml` (`[draw.sections] masters`).
//!
//! - Every round of the open section equals `bianpai trf pair --system dutch` on the section's
//!   FIDE report (`out/nj-open-2026-open.trf`) cut before that round (`util::trf_cut`: what the
//!   run knew when it paired it, the requested `H` bye and the late entry's missed round
//!   included).
//! - The prizes of the open (places 1-8), of its rating bands U2000 and U1800 and of the women
//!   (1-6) are the amounts computed by hand below, in fen, shared by the Hort system with one
//!   prize per player.

mod util;

use bianpai::trf::Trf;
use util::trf_cut::{cut, played};

fn report(dir: &std::path::Path, section: &str) -> Trf {
    let text =
        std::fs::read_to_string(dir.join(format!("out/nj-open-2026-{section}.trf"))).unwrap();
    bianpai::trf::parse(&text).unwrap()
}

#[test]
fn every_open_round_is_trf_pair_dutch_on_the_report_before_it() {
    let (tmp, dir) = util::sample_copy("open-chess-2026");
    let (code, _, stderr) = util::run_json(&dir, &[]);
    assert_eq!(code, 1, "{stderr}");
    let trf = report(&dir, "open");
    for k in 1..=9 {
        let path = tmp.path().join(format!("open-r{k}.trf"));
        std::fs::write(&path, bianpai::trf::write(&cut(&trf, k))).unwrap();
        let out = util::bianpai(&["trf", "pair", path.to_str().unwrap(), "--system", "dutch"]);
        assert!(
            out.status.success(),
            "round {k}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let mut got: Vec<String> = text.lines().skip(1).map(str::to_string).collect();
        got.sort();
        assert_eq!(got, played(&trf, k), "round {k}");
        assert!(got.len() >= 70, "round {k}: {} boards", got.len());
    }
}

/// The numbers typed in the sample's event.toml, 1 to 10.
const MASTERS: [&str; 10] = [
    "韦思源",
    "沈一鸣",
    "陆承泽",
    "孔令川",
    "华亦舟",
    "顾明远",
    "秦朗",
    "蒋天骐",
    "邵乐天",
    "许嘉禾",
];

#[test]
fn the_masters_round_robin_is_the_berger_table() {
    let (_tmp, dir) = util::sample_copy("open-chess-2026");
    let (code, _, stderr) = util::run_json(&dir, &[]);
    assert_eq!(code, 1, "{stderr}");
    let trf = report(&dir, "masters");
    let names: Vec<String> = trf.players().map(|p| p.name.clone()).collect();
    let want: Vec<String> = MASTERS
        .iter()
        .map(|n| bianpai::normalize::fide_name(n))
        .collect();
    assert_eq!(names, want, "the typed numbers");
    let text = std::fs::read_to_string(dir.join("out/nj-open-2026-masters.trf")).unwrap();
    assert!(text.contains("092 Individual: Round-Robin"), "{text}");
    for (k, round) in util::BERGER_10.iter().enumerate() {
        let mut want: Vec<String> = round.iter().map(|(w, b)| format!("{w} {b}")).collect();
        want.sort();
        assert_eq!(played(&trf, k + 1), want, "round {}", k + 1);
    }
    // Its own standings by its own order and names (a round robin: no Buchholz), and a
    // crosstable in chess words, beside the Swiss sections'.
    let book = util::cells::read_book(&dir.join("out/standings.xlsx"));
    let ranking = util::cells::sheet(&book, "大师组");
    assert_eq!(
        ranking.texts(1),
        [
            "名次",
            "姓名",
            "单位",
            "积分",
            "直胜名次",
            "胜局数",
            "索伯分",
            "科亚分"
        ]
    );
    assert_eq!(
        ranking.texts(2)[..4],
        ["1", "孔令川", "江苏省国际象棋队", "7.5"]
    );
    let cross = util::cells::sheet(&book, "大师组交叉表");
    assert_eq!(cross.texts(2)[3], "9白1");
}

/// (list, place, name, gross fen, tax fen, withheld) of every prize of the run.
fn prizes(json: &serde_json::Value) -> Vec<(String, u64, String, i64, i64, bool)> {
    json["prizes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["section"].as_str().unwrap().to_string(),
                p["place"].as_u64().unwrap(),
                p["name"].as_str().unwrap().to_string(),
                p["gross_fen"].as_i64().unwrap(),
                p["tax_fen"].as_i64().unwrap(),
                p["withheld"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

/// The prizes of the played sample, by hand from its final standings (`out/standings.xlsx`;
/// rating = the form's, `-` unrated):
///
/// 公开组: 1 曾泽 8 · 2 贺帆磊 (1648) 7½ · 3-6 on 7: 廖强涛 (2138), 吕倩 (2389), 金思 (1746),
/// 白可薇 (2219) · 7-11 on 6½: 韦杰 (2343), 宋婧 (2140), 宋俊志 (1631), 杜泽轩 (-), 贾卓 (1965) ·
/// 12-26 on 6, among them 邱泽思 (1899), 韩斌志 (1436), 沈海峰 (1542), 夏锐然 (1816), 陈煜 (1935),
/// 彭锐然 (1824) in this order, the others 2000 or more or unrated · on 5½ the players under
/// 1800: 付然博 (1742), 邓玲璐 (1648), 钟凯超 (1549), 钱俊 (1752), 韩磊昊 (1485).
///
/// Lists: main 8000 5000 3000 2000 1500 1000 800 600; U2000 1000 800 600; U1800 800 600 400.
/// Hort: a tied player keeps half his place's amount; the other halves are pooled and split
/// equally (odd fen to the higher places). One prize per player, the higher (`combine`).
///
/// 1. Each list alone. Main: 8000; 5000; places 3-6 (3000 2000 1500 1000): halves 1500 1000
///    750 500, pool 3750 → 937.50 each: 2437.50 1937.50 1687.50 1437.50; places 7-11 (800 600
///    0 0 0): halves 400 300 0 0 0, pool 700 → 140 each: 540 440 140 140 140. U2000: 贺帆磊
///    1000, 金思 800, 宋俊志/贾卓 places 3-4 (600 0): 300+150 = 450, 150. U1800: 贺帆磊 800,
///    金思 600, 宋俊志 400. Paid twice: 贺帆磊 and 金思 keep their main prizes; 宋俊志 keeps U2000
///    (450 > 400 > 140); 贾卓 keeps U2000 (150 > 140).
/// 2. Main without 宋俊志 and 贾卓: places 7-9 on 6½ (800 600 0): halves 400 300 0, pool 700 →
///    233.34 233.33 233.33: 韦杰 633.34, 宋婧 533.33, 杜泽轩 233.33. U2000 without 贺帆磊 and 金思:
///    宋俊志/贾卓 places 1-2 (1000 800): 500+450 = 950, 400+450 = 850; the six on 6 places 3-8
///    (600 0 0 0 0 0): 300+50 = 350 (邱泽思), 50 each. U1800 without 贺帆磊 金思 宋俊志: 韩斌志/沈海峰
///    places 1-2 (800 600): 400+350 = 750, 300+350 = 650; the five on 5½ places 3-7 (400 0 0 0
///    0): 200+40 = 240 (付然博), 40 each. Paid twice: 韩斌志 and 沈海峰 keep U1800 (750 > 50,
///    650 > 50).
/// 3. U2000 without them: the four on 6 (邱泽思 夏锐然 陈煜 彭锐然) places 3-6 (600 0 0 0):
///    300+75 = 375, 75 each. Nobody is paid twice: done. Main 21,900, U2000 2,400, U1800 1,800.
///
/// 女子组 (3000 2000 1500 1000 800 500): 顾梦 and 彭露芳 on 7 places 1-2: 1500+1250 = 2750,
/// 1000+1250 = 2250; 潘艺璐 朱丹艺 龙雪颖 曹玲菲 on 6 places 3-6: halves 750 500 400 250, pool
/// 1900 → 475 each: 1225 975 875 725.
///
/// 大师组 (6000 4000 2000, the round robin): 孔令川 7½, 蒋天骐 6, 韦思源 5½, no tie: 6000, 4000,
/// 2000 yuan; tax 20 %: 1200, 800, 400.
///
/// Tax 20 % (偶然所得), rounded half up to the fen: 633.34 → 126.668 → 126.67. 贺帆磊's prize is
/// withheld: 江宁区棋类协会's form gives his ID number with a wrong check character (资格待查).
#[test]
fn band_and_hort_prizes_are_exact_in_fen() {
    let (_tmp, dir) = util::sample_copy("open-chess-2026");
    let (_, json, _) = util::run_json(&dir, &[]);
    let (main, u20, u18, women, masters) = (
        "公开组",
        "公开组等级分2000以下奖",
        "公开组等级分1800以下奖",
        "女子组",
        "大师组",
    );
    let row = |list: &str, place: u64, name: &str, gross: i64, tax: i64| {
        (list.to_string(), place, name.to_string(), gross, tax, false)
    };
    let mut want = vec![
        row(main, 1, "曾泽", 800_000, 160_000),
        (main.into(), 2, "贺帆磊".into(), 500_000, 100_000, true),
        row(main, 3, "廖强涛", 243_750, 48_750),
        row(main, 4, "吕倩", 193_750, 38_750),
        row(main, 5, "金思", 168_750, 33_750),
        row(main, 6, "白可薇", 143_750, 28_750),
        row(main, 7, "韦杰", 63_334, 12_667),
        row(main, 8, "宋婧", 53_333, 10_667),
        row(main, 9, "杜泽轩", 23_333, 4_667),
        row(u20, 1, "宋俊志", 95_000, 19_000),
        row(u20, 2, "贾卓", 85_000, 17_000),
        row(u20, 3, "邱泽思", 37_500, 7_500),
        row(u20, 4, "夏锐然", 7_500, 1_500),
        row(u20, 5, "陈煜", 7_500, 1_500),
        row(u20, 6, "彭锐然", 7_500, 1_500),
        row(u18, 1, "韩斌志", 75_000, 15_000),
        row(u18, 2, "沈海峰", 65_000, 13_000),
        row(u18, 3, "付然博", 24_000, 4_800),
        row(u18, 4, "邓玲璐", 4_000, 800),
        row(u18, 5, "钟凯超", 4_000, 800),
        row(u18, 6, "钱俊", 4_000, 800),
        row(u18, 7, "韩磊昊", 4_000, 800),
        row(women, 1, "顾梦", 275_000, 55_000),
        row(women, 2, "彭露芳", 225_000, 45_000),
        row(women, 3, "潘艺璐", 122_500, 24_500),
        row(women, 4, "朱丹艺", 97_500, 19_500),
        row(women, 5, "龙雪颖", 87_500, 17_500),
        row(women, 6, "曹玲菲", 72_500, 14_500),
        row(masters, 1, "孔令川", 600_000, 120_000),
        row(masters, 2, "蒋天骐", 400_000, 80_000),
        row(masters, 3, "韦思源", 200_000, 40_000),
    ];
    let mut got = prizes(&json);
    want.sort();
    got.sort();
    assert_eq!(got, want);
    let total: i64 = got.iter().map(|p| p.3).sum();
    assert_eq!(total, 4_690_000, "the regulation's 46,900 yuan, all paid");
}

/// The `open-chess` template itself carries 大师组 (issue 41): `init` gives an organizer the
/// masters round robin beside the two Swiss sections. The sample's forms under the template's
/// event.toml, verbatim (no typed numbers, no seed): the numbers are drawn with the seed derived
/// from the event's name, and round 1 is row 1 of the Berger table for ten players over them.
#[test]
fn the_template_pairs_the_masters_round_robin_from_its_own_draw() {
    let (_tmp, dir) = util::sample_copy("open-chess-2026");
    std::fs::remove_dir_all(dir.join("results")).unwrap();
    let template =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/open-chess.toml");
    std::fs::copy(template, dir.join("event.toml")).unwrap();
    let (code, json, stderr) = util::run_json(&dir, &[]);
    assert_eq!(code, 1, "{stderr}");
    // The three sections are paired, each from its own stage.
    for s in ["open", "women", "masters"] {
        assert!(
            dir.join(format!("results/{s}-r01.xlsx")).exists(),
            "{s}: {json}"
        );
    }
    // The draw (pinned: the same folder always draws the same numbers), 1 to 10.
    let drawn = [
        "陆承泽",
        "孔令川",
        "秦朗",
        "许嘉禾",
        "顾明远",
        "韦思源",
        "蒋天骐",
        "沈一鸣",
        "邵乐天",
        "华亦舟",
    ];
    let book = util::cells::read_book(&dir.join("results/masters-r01.xlsx"));
    let sheet = util::cells::sheet(&book, "第1轮");
    assert_eq!(sheet.texts(1), ["台号", "白方", "结果", "黑方"]);
    for (board, &(w, b)) in util::BERGER_10[0].iter().enumerate() {
        let unit = "（江苏省国际象棋队）";
        let row = sheet.texts(2 + board);
        assert_eq!(
            row,
            [
                (board + 1).to_string(),
                format!("{}{unit}", drawn[usize::from(w) - 1]),
                String::new(),
                format!("{}{unit}", drawn[usize::from(b) - 1]),
            ],
            "board {}",
            board + 1
        );
    }
    // Its prize list is the template's 规程 九(二)2: 6,000 / 4,000 / 2,000 yuan, in fen.
    let text = std::fs::read_to_string(dir.join("event.toml")).unwrap();
    let ev = bianpai::event::parse(&text, &dir.join("event.toml")).unwrap();
    let masters: Vec<&bianpai::event::PrizeList> = ev
        .prizes()
        .lists
        .iter()
        .filter(|l| l.ranking == "masters")
        .collect();
    assert_eq!(masters.len(), 1);
    let fen: Vec<i64> = masters[0].amounts.iter().map(|f| f.0).collect();
    assert_eq!(fen, [600_000, 400_000, 200_000]);
}
