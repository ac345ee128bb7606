//! Honours (`[[prizes.honours]]`, 冠军) in an individual event (issue 42 point 5): on a copy of
//! the youth-chess sample, played to the end (7 rounds), the U8 boys' champion carries his title
//! in the 备注 beside his final place in `standings.xlsx`, the results book and the page; the
//! other places and the sections the honour does not name carry none. The sample's own honours
//! (`冠军奖杯、金牌` for every section) are trophies and medals listed with the prizes: without
//! `in_standings = true` an individual honour is not printed beside the place, so the sample's
//! outputs stay as they are.

mod util;

use util::cells::{read_book, sheet};
use util::{run_json, sample_copy};

/// A title for the U8 boys' winner, printed in the standings (`in_standings = true`).
const HONOUR: &str = "\n[[prizes.honours]]\nrankings = [\"u8-boys\"]\nplace = 1\ntitle = \"冠军\"\nin_standings = true\nclause = \"规程 八\"\n";

/// The first rows of a ranking sheet: place, name, unit, and the last cell (备注 when there is
/// one).
fn lead(rows: &[Vec<String>], n: usize) -> Vec<[String; 4]> {
    rows.iter()
        .take(n)
        .map(|r| {
            let last = r.last().cloned().unwrap_or_default();
            [r[0].clone(), r[1].clone(), r[2].clone(), last]
        })
        .collect()
}

fn want(rows: &[[&str; 4]]) -> Vec<[String; 4]> {
    rows.iter().map(|r| r.map(String::from)).collect()
}

/// A copy of the youth-chess sample with [`HONOUR`] added to its event.toml.
fn honoured_copy() -> (tempfile::TempDir, std::path::PathBuf) {
    let (tmp, dir) = sample_copy("youth-chess-2026");
    let toml = dir.join("event.toml");
    let text = std::fs::read_to_string(&toml).expect("event.toml");
    std::fs::write(&toml, format!("{text}{HONOUR}")).expect("event.toml");
    (tmp, dir)
}

#[test]
fn an_individual_champion_carries_his_honour_beside_his_final_place() {
    let (_tmp, dir) = honoured_copy();
    let (_, j, err) = run_json(&dir, &[]);
    assert_eq!(j["finished"], true, "{err}");
    let out = dir.join("out");

    // standings.xlsx, U8男子组: 肖哲朗 1st (6 points), 韦睿卓 2nd; a 备注 column, 冠军 on the
    // first row only.
    let standings = read_book(&out.join("standings.xlsx"));
    let u8 = sheet(&standings, "U8男子组");
    assert_eq!(u8.texts(1).last().map(String::as_str), Some("备注"));
    let body = u8.body();
    assert_eq!(
        lead(&body, 2),
        want(&[
            ["1", "肖哲朗", "合肥市棋类运动协会", "冠军"],
            ["2", "韦睿卓", "蚌埠市棋类协会", ""],
        ])
    );
    assert_eq!(body[0][3], "6.0");
    // A section the honour does not name shows no title (its own honour 冠军奖杯、金牌 is not
    // printed: no `in_standings`).
    let girls = sheet(&standings, "U8女子组");
    assert!(girls.body().iter().flatten().all(|c| !c.contains("冠军")));

    // The results book: the same cells in U8男子组名次.
    let book = read_book(&out.join("成绩册.xlsx"));
    let u8 = sheet(&book, "U8男子组名次");
    assert_eq!(
        lead(&u8.body(), 2),
        want(&[
            ["1", "肖哲朗", "合肥市棋类运动协会", "冠军"],
            ["2", "韦睿卓", "蚌埠市棋类协会", ""],
        ])
    );

    // The page: the ranking's row is 名次, 姓名, 备注 (wrapped), 单位, then the scores; the
    // crosstable's row ends with the 备注 too. Nowhere else.
    let html = std::fs::read_to_string(out.join("web/index.html")).expect("page");
    let row = "<tr><td class=\"c\">1</td><td>肖哲朗</td><td class=\"c w\">冠军</td>\
               <td>合肥市棋类运动协会</td><td class=\"c\">6.0</td>";
    assert!(html.contains(row), "{html}");
    assert!(html.contains("<td class=\"c\">6.0</td><td class=\"c\">冠军</td></tr>"));
    assert_eq!(html.matches(">冠军<").count(), 2);
}

/// Before the last round, no place is final: no honour is shown.
#[test]
fn no_honour_before_the_last_round() {
    let (_tmp, dir) = honoured_copy();
    for r in ["r07"] {
        for e in std::fs::read_dir(dir.join("results"))
            .expect("results")
            .flatten()
        {
            let name = e.file_name().to_string_lossy().to_string();
            if name.starts_with("u8-boys-") && name.contains(r) {
                std::fs::remove_file(e.path()).expect("remove");
            }
        }
    }
    let (_, j, err) = run_json(&dir, &[]);
    assert!(j["standings"].is_array(), "{err}");
    let standings = read_book(&dir.join("out/standings.xlsx"));
    let u8 = sheet(&standings, "U8男子组");
    assert!(!u8.texts(1).contains(&"备注".to_string()), "{err}");
}
