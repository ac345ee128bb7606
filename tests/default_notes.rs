//! The template defaults that decided the A-league's medals, named once in a note under
//! `finals.xlsx!总排名` in words for the public (issue 44 point 6, issue 45 point 2).

mod util;

use util::{run_json, sample_copy};

/// The notes under the final ranking: the (blank row, then) `注` rows, column C.
fn notes(dir: &std::path::Path) -> Vec<String> {
    let book = util::cells::read_book(&dir.join("out/finals.xlsx"));
    let sh = util::cells::sheet(&book, "总排名");
    (0..sh.rows.len())
        .filter(|&r| sh.text(r, 0) == "注")
        .map(|r| sh.text(r, 2))
        .collect()
}

/// 山东 and 重庆 both have 14 match points after the season (split by the default order), 湖北's
/// quarter-final (八强赛 1-8) and the third-place match were decided by game points, and the
/// semi-finals were re-seeded by season place: three notes.
#[test]
fn the_defaults_that_decided_medals_are_named_under_the_final_ranking() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    let (_, _, err) = run_json(&dir, &[]);
    let got = notes(&dir);
    assert_eq!(got.len(), 3, "{got:?}\n{err}");
    assert_eq!(
        got,
        [
            "常规赛同场分队伍的名次（总决赛序号）按组委会默认设置的破同分顺序决定",
            "八强赛 1-8、三四名决赛场分相同，按组委会默认设置以局分决定胜者",
            "半决赛及第五至八名争夺赛按常规赛名次重新排位（组委会默认设置）",
        ]
    );
    // The ranking itself is unchanged: 12 places above the notes.
    let book = util::cells::read_book(&dir.join("out/finals.xlsx"));
    assert_eq!(util::cells::sheet(&book, "总排名").body().len(), 12);
}

/// Confirmed by the organizer (`default = false`, `tie_resolution_default = false`,
/// `bracket_default = false`): no note.
#[test]
fn confirmed_defaults_leave_no_note() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    let path = dir.join("event.toml");
    let toml = std::fs::read_to_string(&path).expect("event.toml");
    let toml = toml
        .replace(
            "tie_resolution_default = true",
            "tie_resolution_default = false",
        )
        .replace("bracket_default = true", "bracket_default = false")
        .replace(
            "names = [\"场分\", \"局分\", \"直胜\", \"扩展索伯分\", \"台次分\"]\ndefault = true",
            "names = [\"场分\", \"局分\", \"直胜\", \"扩展索伯分\", \"台次分\"]\ndefault = false",
        );
    std::fs::write(&path, toml).expect("write");
    let (_, _, err) = run_json(&dir, &[]);
    assert_eq!(notes(&dir), Vec::<String>::new(), "{err}");
}
