//! Team composition and board colours as `event.toml` says them: open boards (no `sex`),
//! general sizes (`[team] main`, `reserve`), colours in either sport's words.

use std::path::Path;

use super::*;
use crate::model::{Colour, Sex};

/// The B-league template (3 men's and 2 women's boards) rewritten as an open team of 3 boards
/// and 1 reserve, with `first_named` as given.
pub(crate) fn open_team(first_named: &str) -> String {
    let t = templates::find("cca-b-league-2025")
        .map(|t| t.text)
        .unwrap_or_default();
    let cut = |t: &str, from: &str, to: &str, with: &str| -> String {
        let a = t.find(from).unwrap_or_default();
        let b = a + t[a..].find(to).unwrap_or_default();
        assert!(b > a, "{from}");
        format!("{}{with}{}", &t[..a], &t[b..])
    };
    let t = cut(t, "men_main = 3", "clause", "main = 3\nreserve = 1\n");
    let t = cut(
        &t,
        "boards = [\n",
        "\n\n",
        "boards = [{ number = 1 }, { number = 2 }, { number = 3 }]\nreserves = [{ boards = [3] }]",
    );
    t.replacen(
        "first_named = \"WBWBW\"",
        &format!("first_named = \"{first_named}\""),
        1,
    )
}

fn parsed(text: &str) -> Event {
    match parse(text, Path::new("event.toml")) {
        Ok(e) => e,
        Err(e) => panic!("{e}"),
    }
}

/// The key and message of the first problem `text` gives.
fn refused(text: &str) -> (String, String) {
    let e = parse(text, Path::new("event.toml")).err();
    match e.as_ref().and_then(|e| e.each().first()) {
        Some(EventError::Invalid { key, message, .. }) => (key.clone(), message.clone()),
        _ => panic!("expected an invalid-file error, got {e:?}"),
    }
}

#[test]
fn an_open_team_of_three_boards_and_a_reserve() {
    let ev = parsed(&open_team("WBW"));
    let b = ev.boards().unwrap();
    assert_eq!((b.count(), b.count_of(None)), (3, 3));
    assert!(b.boards.iter().all(|x| x.sex.is_none()));
    // A reserve of either sex may take board 3, a man or a woman.
    assert_eq!(b.reserve_boards(Sex::Male), &[3]);
    assert_eq!(b.reserve_boards(Sex::Female), &[3]);
    let t = ev.team().unwrap();
    assert_eq!((t.main, t.reserve, t.max_men()), (Some(3), Some(1), None));
    assert_eq!((t.max_open(), t.max_players()), (Some(4), Some(4)));
}

#[test]
fn open_main_players_must_match_the_open_boards() {
    let t = open_team("WBW").replacen("main = 3", "main = 4", 1);
    assert_eq!(
        refused(&t),
        (
            "team.main".to_string(),
            "主力 4 人与不限性别的台次数 3 不符（[boards] 中未写 sex 的台次） \
             (main players must match the open boards (boards without sex))"
                .to_string()
        )
    );
}

/// `first_named` in the sport's words (`红黑红`, `先后先`) or letters, either in either sport;
/// refused, with the forms it takes, only when it is none of them.
#[test]
fn first_named_in_either_sports_words() {
    use Colour::{Black as B, White as W};
    for words in ["WBW", "红黑红", "先后先", "白黑白", "wbw"] {
        let ev = parsed(&open_team(words));
        let c = ev.boards().and_then(|b| b.colours.as_ref()).unwrap();
        assert_eq!(c.sequence(), Some(vec![W, B, W]), "{words}");
    }
    for bad in ["WXW", "红黑", "WBWB"] {
        assert_eq!(
            refused(&open_team(bad)),
            (
                "boards.colours.first_named".to_string(),
                "应为每台一个执色，共 3 个：W/B、红/黑 或 先/后（如 \"WBW\"、\"红黑红\"） \
                 (one colour per board: W or B, 红 or 黑, 先 or 后)"
                    .to_string()
            ),
            "{bad}"
        );
    }
}

/// `[[teams]]`: the seeding list and a ruling naming an alias are read as the team's name, an
/// unknown name stays as typed; a name given to two teams is refused at its key.
#[test]
fn team_aliases_resolve_in_the_seeding_list_and_rulings() {
    let t = templates::find("cca-b-league-2025")
        .map(|t| t.text)
        .unwrap_or_default();
    let extra = "\n[[teams]]\nname = \"广东队\"\naliases = [\"广东省象棋协会\", \"粤队\"]\n\n\
        [draw]\npublic_numbers = [\"广东省 象棋协会\", \"北京队\"]\n\n\
        [[rulings]]\nteam = \"粤队\"\ndecision = \"cleared\"\n";
    let ev = parsed(&format!("{t}{extra}"));
    assert_eq!(ev.draw().public_numbers, ["广东队", "北京队"]);
    assert_eq!(ev.rulings()[0].team.as_deref(), Some("广东队"));
    assert_eq!(ev.team_key("粤队"), crate::normalize::unit_key("广东队"));
    let lines = format!("{t}{extra}");
    let at = lines
        .lines()
        .position(|l| l.starts_with("public_numbers"))
        .unwrap_or(0)
        + 1;
    assert_eq!(ev.draw().at, [(at, 19), (at, 31)]);
    let twice = format!("{t}{extra}\n[[teams]]\nname = \"广州队\"\naliases = [\"粤队\"]\n");
    let e = parse(&twice, Path::new("event.toml")).expect_err("refused");
    assert_eq!(e.key(), Some("teams[1].aliases[0]"), "{e}");
}
