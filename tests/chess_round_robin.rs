//! An individual chess round robin (`system = "round-robin"` over an individual section, issue
//! 41) run end to end through the built binary, on the fixture `tests/fixtures/chess_rr/event`
//! (made by `make.py` beside it: 10 invented players of three clubs, 9 rounds, `[draw] seed`):
//!
//! - the numbers drawn from the seed are pinned, and typed ones (`[draw.sections]`) are used
//!   as typed;
//! - every round's workbook is the FIDE Berger table for 10 players (C.05 Annex 1, RULES.md
//!   §C), pairings and colours;
//! - after the nine rounds typed, points and Sonneborn-Berger are those computed here by hand
//!   from the games, ranked by the stage's order; the crosstable in chess words;
//! - 21 players are refused with the numbers.

mod util;

use std::path::Path;

use serde_json::Value;
use util::cells::{read_book, sheet};
use util::{bianpai, copy_tree, fixture, run_json};

/// The players by number, as drawn with `[draw] seed = 20260501` (SplitMix64 from the seed and
/// the section id, Fisher-Yates over the players by name).
const DRAWN: [&str; 10] = [
    "叶知秋",
    "马骁峰",
    "艾嘉",
    "韩冬",
    "钱多多",
    "程立",
    "祝晨",
    "欧阳琳",
    "邹明轩",
    "骆一舟",
];

/// The name of a round workbook's player cell (`姓名（单位）`).
fn name_of(cell: &str) -> String {
    cell.split('（')
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

fn number(order: &[&str], name: &str) -> u16 {
    let i = order.iter().position(|n| *n == name);
    u16::try_from(i.unwrap_or_else(|| panic!("{name} is not a player")) + 1).unwrap()
}

/// The round workbook's boards as `(white, black)` numbers.
fn workbook_pairs(folder: &Path, order: &[&str], round: usize) -> Vec<(u16, u16)> {
    let book = read_book(&folder.join(format!("results/masters-r{round:02}.xlsx")));
    book[0]
        .body()
        .iter()
        .filter(|r| r.get(1).is_some_and(|c| !c.is_empty()))
        .map(|r| {
            (
                number(order, &name_of(&r[1])),
                number(order, &name_of(&r[3])),
            )
        })
        .collect()
}

/// The game between numbers `w` (White) and `b`, in White's half-points: a draw when 3
/// divides `w·b`, else White wins when `w + b` is even, Black when odd.
fn outcome(w: u16, b: u16) -> u32 {
    if (w * b).is_multiple_of(3) {
        1
    } else if (w + b).is_multiple_of(2) {
        2
    } else {
        0
    }
}

fn notation(half_points: u32) -> &'static str {
    match half_points {
        2 => "1-0",
        1 => "½-½",
        _ => "0-1",
    }
}

/// Types the round's results (by [`outcome`]) into its workbook as an arbiter does.
fn type_round(folder: &Path, round: usize) {
    let path = folder.join(format!("results/masters-r{round:02}.xlsx"));
    util::edit::rewrite(&path.clone(), &path, true, |grid| {
        for row in grid.iter_mut().skip(2) {
            if row.len() < 4 || row[1].is_empty() {
                continue;
            }
            let (w, b) = (
                number(&DRAWN, &name_of(&row[1])),
                number(&DRAWN, &name_of(&row[3])),
            );
            row[2] = notation(outcome(w, b)).to_string();
        }
    });
}

/// Points and Sonneborn-Berger in half-points (SB in quarter points: the opponent's score
/// times the result, both in halves), by number, computed from the table and [`outcome`].
fn by_hand() -> Vec<(u32, u32)> {
    let games: Vec<(u16, u16, u32)> = util::BERGER_10
        .iter()
        .flatten()
        .map(|&(w, b)| (w, b, outcome(w, b)))
        .collect();
    let mut pts = [0u32; 10];
    for &(w, b, r) in &games {
        pts[usize::from(w) - 1] += r;
        pts[usize::from(b) - 1] += 2 - r;
    }
    let mut sb = [0u32; 10];
    for &(w, b, r) in &games {
        let (w, b) = (usize::from(w) - 1, usize::from(b) - 1);
        sb[w] += r * pts[b];
        sb[b] += (2 - r) * pts[w];
    }
    pts.into_iter().zip(sb).collect()
}

#[test]
fn a_round_robin_follows_the_berger_table_and_ranks_by_sb() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("masters");
    copy_tree(&fixture("chess_rr/event"), &folder, false);
    for round in 1..=9 {
        let (code, _, err) = run_json(&folder, &[]);
        assert!(code == 0 || code == 1, "{err}");
        assert_eq!(
            workbook_pairs(&folder, &DRAWN, round),
            util::BERGER_10[round - 1],
            "round {round}"
        );
        type_round(&folder, round);
    }
    let (code, json, err) = run_json(&folder, &[]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(
        !folder.join("results/masters-r10.xlsx").exists(),
        "a tenth round"
    );
    let hand = by_hand();
    // Every player's points and SB, as computed by hand.
    let rows = json["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    let mut got = Vec::new();
    for e in rows {
        let name = name_of(e["name"].as_str().unwrap());
        let n = usize::from(number(&DRAWN, &name)) - 1;
        let pts = e["points"].as_f64().unwrap();
        let sb = e["tiebreaks"]["SB"].as_f64().unwrap();
        assert_eq!(
            (pts * 2.0, sb * 4.0),
            (f64::from(hand[n].0), f64::from(hand[n].1)),
            "{name}"
        );
        got.push((e["rank"].as_u64().unwrap(), name, hand[n]));
    }
    // Ranked by points, then SB; 钱多多 and 韩冬 tie on both and 钱多多 (5) beat 韩冬 (4) in
    // round 8 (4-5: Black wins), DE; 艾嘉 (3), 程立 (6) and 邹明轩 (9) tie on both, drew their
    // three games with each other (3-6, 9-3, 6-9) and are equal on WIN and KS too: they share
    // the third place (C.07).
    let table: Vec<(u64, &str, u32, u32)> = got
        .iter()
        .map(|(rank, n, (p, s))| (*rank, n.as_str(), *p, *s))
        .collect();
    assert_eq!(
        table,
        [
            (1, "欧阳琳", 13, 109),
            (2, "祝晨", 13, 101),
            (3, "艾嘉", 9, 81),
            (3, "程立", 9, 81),
            (3, "邹明轩", 9, 81),
            (6, "骆一舟", 9, 77),
            (7, "钱多多", 9, 65),
            (8, "韩冬", 9, 65),
            (9, "马骁峰", 7, 51),
            (10, "叶知秋", 3, 27),
        ]
    );
    let tb = |name: &str| {
        rows.iter()
            .find(|e| name_of(e["name"].as_str().unwrap()) == name)
            .map(|e| e["tiebreaks"].clone())
            .unwrap()
    };
    assert_eq!(tb("艾嘉"), tb("程立"));
    assert_eq!(tb("艾嘉"), tb("邹明轩"));
    check_books(&folder, &json);
}

/// The standings workbook: the stage's names over the columns, a crosstable in chess words.
fn check_books(folder: &Path, json: &Value) {
    assert_eq!(json["rounds"]["complete"], 9, "{}", json["rounds"]);
    let book = read_book(&folder.join("out/standings.xlsx"));
    let ranking = sheet(&book, "大师组");
    assert_eq!(
        ranking.texts(1)[3..8],
        ["积分", "索伯分", "直胜名次", "胜局", "科亚分"]
    );
    let cross = sheet(&book, "大师组交叉表");
    let cells: String = (2..cross.rows.len()).flat_map(|r| cross.texts(r)).collect();
    assert!(cells.contains('白') && cells.contains('½'), "{cells}");
    assert!(!cells.contains('红'), "{cells}");
}

/// Round 1 with the draw typed in event.toml: number k is the k-th name typed.
#[test]
fn typed_numbers_are_used_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("masters");
    copy_tree(&fixture("chess_rr/event"), &folder, false);
    let typed = [
        "马骁峰",
        "邹明轩",
        "欧阳琳",
        "程立",
        "叶知秋",
        "祝晨",
        "韩冬",
        "骆一舟",
        "钱多多",
        "艾嘉（青松国际象棋俱乐部）",
    ];
    let list: Vec<String> = typed.iter().map(|n| format!("\"{n}\"")).collect();
    let toml = folder.join("event.toml");
    let text = std::fs::read_to_string(&toml).unwrap().replace(
        "seed = 20260501",
        &format!("[draw.sections]\nmasters = [{}]", list.join(", ")),
    );
    std::fs::write(
        &toml,
        text.replace("[draw]\n[draw.sections]", "[draw.sections]"),
    )
    .unwrap();
    let (code, _, err) = run_json(&folder, &[]);
    assert!(code == 0 || code == 1, "{err}");
    let order: Vec<&str> = typed
        .iter()
        .map(|n| n.split('（').next().unwrap())
        .collect();
    assert_eq!(workbook_pairs(&folder, &order, 1), util::BERGER_10[0]);
}

/// `bianpai run` on a folder it refuses: its stderr.
fn refused(folder: &Path) -> String {
    let out = bianpai(&["run", folder.to_str().unwrap()]);
    assert!(!out.status.success());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A name typed that is not in the section, or a player left out, is refused at the key.
#[test]
fn a_typed_draw_must_name_every_player_once() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("masters");
    copy_tree(&fixture("chess_rr/event"), &folder, false);
    let toml = folder.join("event.toml");
    let text = std::fs::read_to_string(&toml).unwrap().replace(
        "[draw]\nseed = 20260501",
        "[draw.sections]\nmasters = [\"马骁峰\", \"邹明轩\"]",
    );
    std::fs::write(&toml, text).unwrap();
    let err = refused(&folder);
    assert!(err.contains("draw.sections.masters"), "{err}");
    assert!(err.contains("缺少8名棋手"), "{err}");
}

/// 21 players (a fourth club's form with 11 more) are refused, naming the numbers.
#[test]
fn a_round_robin_of_21_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("masters");
    copy_tree(&fixture("chess_rr/event"), &folder, false);
    copy_tree(&fixture("chess_rr/extra"), &folder, false);
    let err = refused(&folder);
    assert!(
        err.contains(
            "`stages[0].system`: 个人循环赛组别“大师组”有21名棋手，超过20名上限 (the round robin \
             section \"masters\" has 21 players, over the limit of 20)"
        ),
        "{err}"
    );
    assert!(!folder.join("results").exists());
}
