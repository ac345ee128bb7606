//! An individual chess Swiss (`system = "swiss"`, issue 41) run end to end through the built
//! binary, on the fixture `tests/fixtures/chess_swiss/event` (made by `make.py` beside it:
//! 13 invented players of three clubs, rated, titled and unrated, 5 rounds, requested byes as
//! rulings):
//!
//! - the pairing numbers are C.04.2's: rating, then title (WGM before FM at 2205), then the
//!   unrated by the pinyin of the name;
//! - round 1 is the Dutch's (S1 against S2, the bye to the last), and every later round's
//!   workbook equals `bianpai trf pair --system dutch` on the TRF the run before exported;
//! - the requested byes: 邹明轩's H in round 2 and 安然's Z in round 3 are honoured, the two
//!   over the limits are `round.bye-refused` at their lines and the players are paired;
//! - a withdrawal (退赛 typed in round 3) keeps the player out of rounds 4 and 5;
//! - the standings of `--json` are those `trf standings` gives on the final TRF, value for
//!   value, with the order and names of `[[tiebreaks]]`; chess words in the crosstable and
//!   the clubs' packets.

mod util;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;
use util::cells::{read_book, sheet};
use util::{bianpai, copy_tree, fixture, run_json};

const ORDER: [&str; 13] = [
    "马骁峰",
    "邹明轩",
    "欧阳琳",
    "程立",
    "艾嘉",
    "韩冬",
    "钱多多",
    "祝晨",
    "安然",
    "白若溪",
    "包子涵",
    "石磊",
    "郑远",
];
const TRF: &str = "out/xinghai-open-2026-open.trf";
const TIEBREAKS: &str = "PTS BH/C1 BH SB DE WIN";

/// The name of a round workbook's player cell (`姓名（单位）`, a `退赛` mark dropped).
fn name_of(cell: &str) -> String {
    let c = cell.replace("退赛", "");
    c.split('（').next().unwrap_or_default().trim().to_string()
}

/// The pairing number of a player: its place in [`ORDER`].
fn number(name: &str) -> u16 {
    let i = ORDER.iter().position(|n| *n == name);
    u16::try_from(i.unwrap_or_else(|| panic!("{name} is not a player")) + 1).unwrap()
}

/// The round workbook's boards as `(white, black)` numbers, black 0 for the bye.
fn workbook_pairs(folder: &Path, round: usize) -> Vec<(u16, u16)> {
    let book = read_book(&folder.join(format!("results/open-r{round:02}.xlsx")));
    let body = book[0].body();
    body.iter()
        .filter(|r| r.get(1).is_some_and(|c| !c.is_empty()))
        .map(|r| {
            let black = if r[3] == "轮空" {
                0
            } else {
                number(&name_of(&r[3]))
            };
            (number(&name_of(&r[1])), black)
        })
        .collect()
}

/// `bianpai trf pair --system dutch` on the exported TRF, as `(white, black)`, 0 for the bye.
fn trf_pairs(folder: &Path) -> Vec<(u16, u16)> {
    let out = bianpai(&[
        "trf",
        "pair",
        "--system",
        "dutch",
        folder.join(TRF).to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .skip(1)
        .map(|l| {
            let v: Vec<u16> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (v[0], v[1])
        })
        .collect()
}

/// The result typed on board `b` of round `r` (each notation the form accepts appears).
fn result(r: usize, b: usize) -> &'static str {
    const CYCLE: [&str; 9] = [
        "1-0", "½-½", "0-1", "1/2-1/2", "1-0", "0.5-0.5", "0-1", "=", "+-",
    ];
    CYCLE[(r * 3 + b) % CYCLE.len()]
}

/// Types the round's results into its workbook as an arbiter does, marking `withdrawn` 退赛.
fn type_round(folder: &Path, round: usize, withdrawn: Option<&str>) {
    let path = folder.join(format!("results/open-r{round:02}.xlsx"));
    util::edit::rewrite(&path.clone(), &path, true, |grid| {
        for (b, row) in grid.iter_mut().skip(2).enumerate() {
            if row.len() < 4 || row[1].is_empty() || row[3] == "轮空" {
                continue;
            }
            row[2] = result(round, b).to_string();
            for c in [1, 3] {
                if Some(name_of(&row[c]).as_str()) == withdrawn {
                    row[c].push_str("退赛");
                }
            }
        }
    });
}

fn findings(json: &Value, code: &str) -> Vec<String> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == code)
        .map(|f| f["source"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_chess_swiss_is_paired_by_the_dutch_and_ranked_by_c07() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("open");
    copy_tree(&fixture("chess_swiss/event"), &folder, false);
    let (code, json, err) = run_json(&folder, &[]);
    assert!(code == 0 || code == 1, "{err}");
    assert_eq!(
        findings(&json, "round.bye-refused"),
        ["event.toml!第72行", "event.toml!第77行"]
    );
    // Round 1: the top half against the bottom half, White to number 1, the bye to 13.
    assert_eq!(
        workbook_pairs(&folder, 1),
        [(1, 7), (8, 2), (3, 9), (10, 4), (5, 11), (12, 6), (13, 0)]
    );
    for round in 1..=5 {
        type_round(&folder, round, (round == 3).then_some("白若溪"));
        let (_, json, err) = run_json(&folder, &[]);
        // The TRF over rounds 1..=round, with the next round's byes entered ahead, by its
        // numbers: the C.04.2 order.
        let trf =
            std::fs::read_to_string(folder.join(TRF)).unwrap_or_else(|e| panic!("{e}: {err}"));
        let names: Vec<String> = trf
            .lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| l[14..47].trim().to_string())
            .collect();
        let want: Vec<String> = ORDER
            .iter()
            .map(|n| bianpai::normalize::fide_name(n))
            .collect();
        assert_eq!(names, want);
        if round == 5 {
            check_standings(&folder, &json);
            break;
        }
        let next = round + 1;
        let pairs = workbook_pairs(&folder, next);
        assert_eq!(pairs, trf_pairs(&folder), "round {next}");
        let seated = |n: u16| pairs.iter().any(|p| p.0 == n || p.1 == n);
        // 邹明轩's H (round 2), 安然's Z (round 3); refused requests are paired; 白若溪 withdrew
        // after round 3.
        assert_eq!(seated(2), next != 2, "邹明轩 in round {next}");
        assert_eq!(seated(9), next != 3, "安然 in round {next}");
        assert_eq!(seated(10), next <= 3, "白若溪 in round {next}");
        assert!(seated(8), "祝晨 in round {next}");
    }
}

/// The `--json` standings are `trf standings` on the final TRF, with the stage's order; the
/// standings workbook titles the columns with `names` and writes chess words.
fn check_standings(folder: &Path, json: &Value) {
    let out = bianpai(&[
        "trf",
        "standings",
        "--tiebreaks",
        TIEBREAKS,
        folder.join(TRF).to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tsv = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    assert_eq!(
        header,
        ["Rank", "StartNo", "PTS", "BH/C1", "BH", "SB", "DE", "WIN"]
    );
    let want: Vec<(u64, String, BTreeMap<String, f64>)> = lines
        .map(|l| {
            let v: Vec<&str> = l.split('\t').collect();
            let no: usize = v[1].parse().unwrap();
            let values = header[2..]
                .iter()
                .zip(&v[2..])
                .map(|(k, x)| (k.to_string(), x.parse::<f64>().unwrap()))
                .collect();
            (v[0].parse().unwrap(), ORDER[no - 1].to_string(), values)
        })
        .collect();
    let got: Vec<(u64, String, BTreeMap<String, f64>)> = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let mut values: BTreeMap<String, f64> = e["tiebreaks"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.clone(), v.as_f64().unwrap()))
                .collect();
            values.insert("PTS".into(), e["points"].as_f64().unwrap());
            (
                e["rank"].as_u64().unwrap(),
                name_of(e["name"].as_str().unwrap()),
                values,
            )
        })
        .collect();
    assert_eq!(got, want);
    let book = read_book(&folder.join("out/standings.xlsx"));
    let ranking = sheet(&book, "公开组");
    assert_eq!(
        ranking.texts(1)[3..9],
        // `直胜` printed as `直胜名次`: the column holds a place (report::labels).
        ["积分", "削分对手分", "对手分", "索伯分", "直胜名次", "胜局"]
    );
    let cross = sheet(&book, "公开组交叉表");
    let cells: String = (2..cross.rows.len()).flat_map(|r| cross.texts(r)).collect();
    assert!(cells.contains('白') && cells.contains("½") && cells.contains("轮空1"));
    assert!(cells.contains("请假½") && cells.contains("请假0"));
    assert!(!cells.contains('红'), "{cells}");
    // A club's packet: its entry list is 报名名单 (not in board order), its games in chess words.
    let packet = read_book(&folder.join("out/teams/星海棋社.xlsx"));
    assert_eq!(
        packet[0].text(0, 0),
        "2026年星海城市国际象棋公开赛 星海棋社 报名名单"
    );
    let games = sheet(&packet, "个人对局与名次");
    let cells: String = (2..games.rows.len()).flat_map(|r| games.texts(r)).collect();
    assert!(
        cells.contains('白') && cells.contains("1-0") && !cells.contains('红'),
        "{cells}"
    );
    assert!(!cells.contains("2-0") && !cells.contains("0-2"), "{cells}");
}

/// Round 1 of the fixture with `[stages.pairing] unrated = "draw"` and `[draw] seed = seed`:
/// the players by pairing number, read off the boards (board k: numbers k and k + 6, number k
/// White on odd boards; the bye to 13).
fn drawn_numbers(seed: u64) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("open");
    copy_tree(&fixture("chess_swiss/event"), &folder, false);
    let toml = folder.join("event.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    assert!(text.contains("unrated = \"pinyin\""));
    let text = text.replace("unrated = \"pinyin\"", "unrated = \"draw\"")
        + &format!("\n[draw]\nseed = {seed}\n");
    std::fs::write(&toml, text).unwrap();
    let (code, _, err) = run_json(&folder, &[]);
    assert!(code == 0 || code == 1, "{err}");
    let book = read_book(&folder.join("results/open-r01.xlsx"));
    let rows: Vec<Vec<String>> = book[0]
        .body()
        .iter()
        .filter(|r| r.get(1).is_some_and(|c| !c.is_empty()))
        .cloned()
        .collect();
    assert_eq!(rows.len(), 7);
    let mut by_number = vec![String::new(); 13];
    for (k, r) in rows.iter().take(6).enumerate() {
        let (top, bottom) = if k % 2 == 0 {
            (&r[1], &r[3])
        } else {
            (&r[3], &r[1])
        };
        by_number[k] = name_of(top);
        by_number[k + 6] = name_of(bottom);
    }
    assert_eq!(rows[6][3], "轮空");
    by_number[12] = name_of(&rows[6][1]);
    by_number
}

/// `unrated = "draw"` (C.04.2 leaves the order of unrated players to the regulation): the
/// rated and titled players keep their places; the five unrated ones are drawn with the event's
/// public seed, the same draw from the same seed in any folder, another from another seed.
#[test]
fn unrated_players_drawn_with_the_public_seed() {
    let a = drawn_numbers(20_260_720);
    assert_eq!(a[..8], ORDER[..8]);
    let mut unrated: Vec<&str> = a[8..].iter().map(String::as_str).collect();
    unrated.sort_unstable();
    let mut want = ORDER[8..].to_vec();
    want.sort_unstable();
    assert_eq!(unrated, want);
    assert_eq!(drawn_numbers(20_260_720), a);
    let b = drawn_numbers(7);
    assert_eq!(b[..8], ORDER[..8]);
    assert_ne!(a[8..], b[8..], "two seeds drew the same order");
    // The draws themselves (SplitMix64 from the seed and the section id, Fisher-Yates over the
    // pinyin order), pinned so that a change of the draw is seen.
    assert_eq!(a[8..], ["白若溪", "安然", "包子涵", "郑远", "石磊"]);
    assert_eq!(b[8..], ["石磊", "包子涵", "安然", "郑远", "白若溪"]);
}
