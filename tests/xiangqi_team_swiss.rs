//! The 7-round team Swiss of the `xiangqi-team` template (issue 42 point 8): the template's
//! commented alternative stage, uncommented in place of the men's groups and finals, run on the
//! forms of the xiangqi team sample (the women's round robin stays as it is).

mod util;

use std::fs;
use std::path::Path;

use util::cells::read_book;
use util::{run_json, sample_copy};

/// The template's team Swiss stage: its commented `[[stages]]` block, uncommented.
fn swiss_stage() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/xiangqi-team.toml");
    let text = fs::read_to_string(path).expect("template");
    let from = text.find("# [[stages]]").expect("the team Swiss setting");
    text[from..]
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim_start())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_template_plays_a_seven_round_team_swiss_as_a_setting() {
    let (_tmp, dir) = sample_copy("xiangqi-team-2026");
    fs::remove_dir_all(dir.join("results")).expect("no rounds yet");
    let path = dir.join("event.toml");
    let text = fs::read_to_string(&path).expect("event.toml");
    // The men's groups and finals give way to the Swiss stage; the women's stage follows.
    let start = text
        .find("[[stages]]                                  # 规程 五(三)")
        .expect("stages");
    let end = text
        .find("# ---------------------------------------------------------------- 女子团体")
        .expect("the women's stage");
    // The Swiss draws nothing: `[draw] seed` goes too, as the template says.
    let swiss = format!("{}{}\n\n{}", &text[..start], swiss_stage(), &text[end..]).replacen(
        "seed = 2026\n",
        "",
        1,
    );
    assert!(
        swiss.contains("system = \"team-swiss\"\nrounds = 7"),
        "{swiss}"
    );
    fs::write(&path, swiss).expect("write");
    let (code, j, err) = run_json(&dir, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(j["findings"], serde_json::json!([]), "{err}");
    assert_eq!(j["rounds"]["sections"][0]["section"], "男子团体", "{err}");
    assert_eq!(j["rounds"]["sections"][0]["planned"], 7, "{err}");
    assert_eq!(j["rounds"]["sections"][1]["planned"], 5, "{err}");
    // Numbers from the public draw: 1 广东队, 2 北京队, 3 上海队, 4 浙江队, 5 江苏队, 6 四川队,
    // 7 河北队, 8 湖北队. Round 1: the top half against the bottom half, 1-5, 2-6, 3-7, 4-8.
    let book = read_book(&dir.join("results/team-men-r01.xlsx"));
    let sh = &book[0];
    let mut got: Vec<[String; 2]> = (2..sh.rows.len())
        .map(|r| sh.texts(r))
        .filter(|r| r.len() >= 8 && r[1] == "1")
        .map(|r| {
            let mut m = [r[2].clone(), r[7].clone()];
            m.sort();
            m
        })
        .collect();
    got.sort();
    let mut want: Vec<[String; 2]> = [
        ["广东队", "江苏队"],
        ["北京队", "四川队"],
        ["上海队", "河北队"],
        ["浙江队", "湖北队"],
    ]
    .iter()
    .map(|m| {
        let mut m = m.map(String::from);
        m.sort();
        m
    })
    .collect();
    want.sort();
    assert_eq!(got, want);
}
