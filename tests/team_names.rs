//! A xiangqi team Swiss made from the B-league's three teams (2 rounds, games 2/1/0): a team
//! known by an alias of `[[teams]]`, the seeding list naming it either way, the crosstable in
//! xiangqi words, no FIDE report, and the champion's honour beside place 1. A seeding name that
//! is no team stops the run at its line before anything is paired.

mod util;

use std::path::Path;

use bianpai::event::EventError;
use bianpai::model::{GameResult, Sport};
use bianpai::pipeline::{Options, run};
use util::cells::{read_book, sheet};
use util::swiss::{fill_round, run_dir, temp_copy};

const FILES: [&str; 4] = [
    "event.toml",
    "北京京西队报名表.xlsx",
    "广西八桂队报名表.xlsx",
    "河南中原队报名表.xlsx",
];

/// The B-league's event.toml as a xiangqi team Swiss of 2 rounds, with `extra` appended.
fn xiangqi_event(dir: &Path, extra: &str) -> String {
    let path = dir.join("event.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut text = text
        .replacen("sport = \"chess\"", "sport = \"xiangqi\"", 1)
        .replacen("fide_rated = true", "fide_rated = false", 1)
        .replacen("rounds = 9", "rounds = 2", 1)
        .replacen("game_points = 2.5", "game_points = 5", 1)
        .replacen(
            "game = { win = 1, draw = 0.5, loss = 0 }",
            "game = { win = 2, draw = 1, loss = 0 }",
            1,
        );
    text.push_str(extra);
    std::fs::write(&path, &text).unwrap();
    text
}

fn body(path: &Path, name: &str) -> Vec<Vec<String>> {
    let book = read_book(path);
    sheet(&book, name).body()
}

#[test]
fn an_alias_names_the_team_and_a_xiangqi_team_event_speaks_xiangqi() {
    use GameResult::*;
    let dir = temp_copy("cca-b-league-2025", &FILES, "xq-alias");
    xiangqi_event(
        &dir,
        "\n[[teams]]\nname = \"广西队\"\naliases = [\"广西八桂队\"]\n\n\
         [draw]\npublic_numbers = [\"广西八桂队\", \"河南中原队\", \"北京京西队\"]\n\n\
         [[prizes.honours]]\nrankings = [\"team\"]\nplace = 1\ntitle = \"冠军\"\n",
    );
    run_dir(&dir);
    // The form's 广西八桂队 is 广西队, number 1 by the seeding list's alias: paired in round 1
    // under its name, against number 2; number 3 has the bye.
    let r1 = [Win, Draw, Loss, Win, Win];
    let seen = fill_round(&dir, "r01.xlsx", Sport::Xiangqi, &|i, _, _| {
        r1.get(i).copied()
    });
    assert_eq!(seen[0], ("广西队".into(), "河南中原队".into()));
    assert_eq!(seen[5], ("北京京西队".into(), "轮空".into()));
    run_dir(&dir);
    fill_round(&dir, "r02.xlsx", Sport::Xiangqi, &|_, _, _| Some(Draw));
    let o = run_dir(&dir);
    assert_eq!(o.summary.rounds.counts.complete, 2);
    let out = dir.join("out");
    // Round 1, scored 2/1/0 a game from the home side: 2+1+0+2+2 = 7 to 0+1+2+0+0 = 3; team 1
    // has 红 on board 1 (`[boards.colours] first_named = "WBWBW"`), the bye scores 5.
    let cross = body(&out.join("standings.xlsx"), "交叉表");
    assert_eq!(cross[0][..3], ["1", "广西队", "2红 7-3"]);
    assert_eq!(cross[1][..3], ["2", "河南中原队", "1黑 3-7"]);
    assert_eq!(cross[2][..3], ["3", "北京京西队", "轮空 5"]);
    // Round 2, every game drawn: 北京 (no colour history; 广西 had 红) is first-named.
    assert_eq!(cross[2][3], "1红 5-5");
    assert_eq!(cross[0][3], "3黑 5-5");
    // The final ranking: 广西 3 MP, 北京 2, 河南 1; 冠军 beside place 1, in the standings, the
    // results book and on the page.
    let note = "冠军，录取，升入2026年中国国际象棋甲级联赛";
    let fin = body(&out.join("standings.xlsx"), "总排名");
    assert_eq!(fin[0][0], "1");
    assert_eq!(fin[0][2], "广西队");
    assert_eq!(fin[0][5], note);
    assert_eq!(fin[1][5], "录取，升入2026年中国国际象棋甲级联赛");
    let book = body(&out.join("成绩册.xlsx"), "团体总成绩");
    assert_eq!((book[0][2].as_str(), book[0][5].as_str()), ("广西队", note));
    let ranking = body(&out.join("standings.xlsx"), "排名");
    assert_eq!(ranking[0].last().map(String::as_str), Some("冠军"));
    let html = std::fs::read_to_string(out.join("web/index.html")).unwrap();
    assert!(html.contains("<td>广西队</td>"), "{html}");
    // The event is over: the page shows the final ranking, the note wrapped on a phone.
    assert!(
        html.contains(&format!("<td class=\"w\">{note}</td>")),
        "{html}"
    );
    assert!(!html.contains('白'), "a chess word on a xiangqi page");
    // No FIDE report for a xiangqi event.
    let trf: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "trf"))
        .collect();
    assert!(trf.is_empty(), "{trf:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_seeding_name_that_is_no_team_is_an_event_error_at_its_line() {
    let dir = temp_copy("cca-b-league-2025", &FILES, "xq-unknown");
    let text = xiangqi_event(
        &dir,
        "\n[draw]\npublic_numbers = [\n  \"河南中原队\",\n  \"广东队\",\n  \"北京京西队\",\n]\n",
    );
    let line = text.lines().position(|l| l == "  \"广东队\",").unwrap() + 1;
    let err = run(&Options {
        dir: dir.clone(),
        out: dir.join("out"),
        lang: bianpai::Lang::Zh,
    })
    .unwrap_err();
    match err {
        bianpai::Error::Event(EventError::Invalid {
            key,
            line: at,
            column,
            ..
        }) => assert_eq!(
            (key.as_str(), at, column),
            ("draw.public_numbers[1]", line, 3)
        ),
        other => panic!("{other}"),
    }
    // Nothing was paired.
    assert!(!dir.join("results/r01.xlsx").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
