//! A team round robin in two groups of four (snake over the public draw), then a crossover
//! knockout seeded from the group places (1A-2B, 1B-2A, the final and the third-place match),
//! played to the end from the fixture `tests/fixtures/groups/eight` (made by its `make.py`):
//! each group's schedule is the Berger table, the group standings, the knockout's pairing and
//! the team prizes in fen, all worked out by hand below.

mod util;

use std::path::Path;

use util::cells::{read_book, sheet};
use util::edit::rewrite;
use util::{copy_tree, fixture, run_json};

/// The public draw 1-8 (event.toml), so snake gives A = 1, 4, 5, 8 and B = 2, 3, 6, 7.
const GROUP_A: [&str; 4] = ["星河队", "远帆队", "青岚队", "流云队"];
const GROUP_B: [&str; 4] = ["晨光队", "松涛队", "白鹭队", "金沙队"];

/// The teams from strongest to weakest: in every match typed below the stronger team wins
/// boards 1-4 and board 5 is drawn (4.5:0.5).
const STRENGTH: [&str; 8] = [
    "青岚队",
    "晨光队",
    "星河队",
    "金沙队",
    "流云队",
    "松涛队",
    "远帆队",
    "白鹭队",
];

/// FIDE's Berger table for four (C.05 Annex 1): rounds of (white, black) by Berger number.
const BERGER_4: [[(usize, usize); 2]; 3] = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];

fn strength(team: &str) -> usize {
    STRENGTH.iter().position(|t| *t == team).unwrap_or(99)
}

/// Types every board of the round workbook: the stronger team wins boards 1-4, board 5 drawn.
fn play(path: &Path) {
    let tmp = path.with_extension("tmp.xlsx");
    rewrite(path, &tmp, true, |grid| {
        for row in grid.iter_mut().skip(2) {
            if row.len() < 8 || row[1].is_empty() {
                continue;
            }
            let home_stronger = strength(&row[2]) < strength(&row[7]);
            row[5] = match (row[1].as_str(), home_stronger) {
                ("5", _) => "½-½",
                (_, true) => "1-0",
                (_, false) => "0-1",
            }
            .to_string();
        }
    });
    std::fs::rename(&tmp, path).expect("rename");
}

/// The matches (home, away, group label) of a round workbook.
fn matches(path: &Path) -> Vec<(String, String, String)> {
    let book = read_book(path);
    let sh = &book[0];
    let mut v: Vec<(String, String, String)> = Vec::new();
    for r in 2..sh.rows.len() {
        if sh.text(r, 1) != "1" {
            continue;
        }
        v.push((sh.text(r, 2), sh.text(r, 7), sh.text(r, 8)));
    }
    v
}

#[test]
fn two_groups_of_four_then_a_crossover_knockout_pay_the_team_prizes() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("eight");
    copy_tree(&fixture("groups/eight"), &dir, false);
    let results = dir.join("results");
    for r in 1..=3 {
        let (code, j, err) = run_json(&dir, &[]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(j["rounds"]["paired"], r, "round {r}");
        let path = results.join(format!("r{r:02}.xlsx"));
        // Each group plays its own Berger round, every match labelled with its group.
        let mut want = Vec::new();
        for (label, members) in [("A组", GROUP_A), ("B组", GROUP_B)] {
            for (w, b) in BERGER_4[r - 1] {
                want.push((
                    members[w - 1].to_string(),
                    members[b - 1].to_string(),
                    label.to_string(),
                ));
            }
        }
        assert_eq!(matches(&path), want, "round {r}");
        play(&path);
    }
    // The groups are over: the knockout's first round is 1A-2B, 1B-2A.
    let (code, _, err) = run_json(&dir, &[]);
    assert_eq!(code, 0, "{err}");
    let sf = matches(&results.join("finals-r01.xlsx"));
    let pairs: Vec<(&str, &str)> = sf.iter().map(|m| (m.0.as_str(), m.1.as_str())).collect();
    assert_eq!(pairs, [("青岚队", "金沙队"), ("晨光队", "星河队")]);

    // The group standings, each over its own three matches: 6/4/2/0 match points, game points
    // 4.5 a win and 0.5 a loss.
    let standings = read_book(&dir.join("out/standings.xlsx"));
    for (name, want) in [
        ("A组排名", ["青岚队", "星河队", "流云队", "远帆队"]),
        ("B组排名", ["晨光队", "金沙队", "松涛队", "白鹭队"]),
    ] {
        let sh = sheet(&standings, name);
        let body = sh.body();
        let teams: Vec<&str> = body
            .iter()
            .filter_map(|r| r.iter().find(|c| c.ends_with('队')).map(String::as_str))
            .collect();
        assert_eq!(teams, want, "{name}");
        // Place, number, team, match points, game points.
        let rows: Vec<[&str; 5]> = body
            .iter()
            .map(|r| [&r[0], &r[1], &r[2], &r[3], &r[4]].map(String::as_str))
            .collect();
        let mp = ["6.0", "4.0", "2.0", "0.0"];
        let gp = ["13.5", "9.5", "5.5", "1.5"];
        for (i, row) in rows.iter().enumerate() {
            let place = (i + 1).to_string();
            assert_eq!(
                [row[0], row[2], row[3], row[4]],
                [place.as_str(), want[i], mp[i], gp[i]],
                "{name}"
            );
        }
    }

    play(&results.join("finals-r01.xlsx"));
    let (code, _, err) = run_json(&dir, &[]);
    assert_eq!(code, 0, "{err}");
    let f = matches(&results.join("finals-r02.xlsx"));
    let pairs: Vec<(&str, &str)> = f.iter().map(|m| (m.0.as_str(), m.1.as_str())).collect();
    // The better seed is first-named (`higher-seed-first-then-alternate`): 星河队 is 2A, seed 3;
    // 金沙队 2B, seed 4.
    assert_eq!(pairs, [("青岚队", "晨光队"), ("星河队", "金沙队")]);
    play(&results.join("finals-r02.xlsx"));
    let (code, j, err) = run_json(&dir, &[]);
    assert_eq!(code, 0, "{err}");
    let ranking: Vec<(u64, &str)> = j["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| {
            (
                s["rank"].as_u64().unwrap_or(0),
                s["name"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        ranking,
        [
            (1, "青岚队"),
            (2, "晨光队"),
            (3, "星河队"),
            (4, "金沙队"),
            // Places 5-8: the groups' 3rd then 4th, group A's first (their seeds 5, 6, 7, 8).
            (5, "流云队"),
            (6, "松涛队"),
            (7, "远帆队"),
            (8, "白鹭队"),
        ]
    );
    // The knockout's final places pay the template's six team prizes (amounts in yuan × 100).
    let paid = util::paid_prizes(&j, &err);
    let want = util::paid_in_full(&[
        (1, "青岚队", 20_000_000),
        (2, "晨光队", 12_000_000),
        (3, "星河队", 8_000_000),
        (4, "金沙队", 6_000_000),
        (5, "流云队", 5_000_000),
        (6, "松涛队", 4_000_000),
    ]);
    assert_eq!(paid, want);
    let book = read_book(&dir.join("out/prizes.xlsx"));
    let lines = sheet(&book, "奖金");
    assert_eq!(lines.text(2, 2), "青岚队");
    assert_eq!(util::cells::fen(lines, 2, 5), 20_000_000);
}
