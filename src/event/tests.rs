use std::path::Path;

use jiff::civil::date;

use super::*;
use crate::model::{Fen, Points, Sex};

fn tpl(name: &str) -> Event {
    match templates::find(name).and_then(|t| t.event()) {
        Ok(e) => e,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_league_template() {
    let ev = tpl("cca-a-league-2023");
    assert_eq!(ev.meta().name, "2023年中国国际象棋甲级联赛");
    assert_eq!(ev.meta().sport, Sport::Chess);
    let l = ev.prizes().list("team").unwrap();
    assert_eq!(
        l.amounts,
        vec![
            Fen(20_000_000),
            Fen(12_000_000),
            Fen(8_000_000),
            Fen(6_000_000),
            Fen(5_000_000),
            Fen(4_000_000)
        ]
    );
    assert_eq!(l.recipient, Recipient::Unit);
    assert_eq!(ev.grants()[0].amount, Fen(2_000_000));
    let b = ev.boards().unwrap();
    assert_eq!(b.count(), 5);
    assert_eq!(b.reserve_boards(Sex::Male), &[3]);
    assert_eq!(b.reserve_boards(Sex::Female), &[5]);
    let w = b.woman_on_men_board.as_ref().unwrap();
    assert!(w.allows(2350) && !w.allows(2349));
    assert_eq!(w.clause.as_deref(), Some("规程 九(三)"));
    let min = ev.eligibility().min_age.as_ref().unwrap();
    assert_eq!(min.years, 14);
    assert_eq!(ev.age_day(min), date(2023, 6, 4));
    let regular = ev.stage("regular").unwrap();
    assert_eq!(
        (regular.system, regular.rounds),
        (System::RoundRobin, Some(11))
    );
    let k = ev.stage("finals").unwrap().knockout.as_ref().unwrap();
    assert_eq!(k.matches.len(), 13);
    assert_eq!(k.matches[0].home, Slot::Seed(1));
    assert_eq!(k.matches[0].away, Slot::Seed(8));
    assert_eq!(
        k.relegated,
        vec![Slot::Loser("R2".into()), Slot::Loser("R3".into())]
    );
    let placed: u32 = k
        .places
        .iter()
        .map(|p| u32::try_from(p.places.len()).unwrap())
        .sum();
    assert_eq!(placed, 12);
    let tb = ev.tiebreaks_for("regular", "team").unwrap();
    assert!(tb.is_default);
    assert_eq!(tb.order[0], "MPTS");
    assert_eq!(ev.scoring().team_match.unwrap().win, Points::from_whole(2));
    assert_eq!(ev.appeals().unwrap().deposit, Fen(200_000));
    assert_eq!(
        ev.deadlines().entry.as_ref().unwrap().date,
        date(2023, 5, 12)
    );
}

#[test]
fn b_league_template() {
    let ev = tpl("cca-b-league-2025");
    assert_eq!(ev.dates().arrival, Some(date(2025, 8, 5)));
    assert_eq!(ev.dates().departure, Some(date(2025, 8, 11)));
    let st = ev.stage("swiss").unwrap();
    assert_eq!((st.system, st.rounds), (System::TeamSwiss, Some(9)));
    assert_eq!(st.time_control.as_ref().unwrap().to_string(), "90'+30\"");
    assert!(ev.meta().fide_rated);
    let acc = ev.accommodation().unwrap();
    let novotel = acc.hotel("novotel").unwrap();
    assert_eq!(novotel.label(), "诺富特");
    assert_eq!(novotel.room("twin").unwrap().rate, Fen(43_000));
    assert_eq!(novotel.room("single").unwrap().rate, Fen(66_000));
    let ibis = acc.hotel("ibis").unwrap();
    assert_eq!(ibis.room("twin").unwrap().rate, Fen(31_000));
    assert_eq!(ibis.room("single").unwrap().rate, Fen(41_000));
    assert_eq!(
        ibis.room("twin").unwrap().stated_room_total,
        Some(Fen(372_000))
    );
    assert_eq!(acc.standard_stay.as_ref().unwrap().days, 6);
    assert_eq!(ev.fees()[0].amount, Fen(40_000));
    assert_eq!(ev.fees()[0].per, Per::Player);
    assert!(ev.eligibility().fide_id.as_ref().unwrap().required);
    assert_eq!(
        ev.eligibility().excluded[0].clause.as_deref(),
        Some("规程 七(三)")
    );
    assert_eq!(
        ev.boards().unwrap().colours.as_ref().unwrap().first_named,
        "WBWBW"
    );
    let r = ev.ranking().unwrap();
    assert_eq!((r.places, r.promoted), (8, 2));
    let e = ev.deadlines().entry.as_ref().unwrap();
    assert!(e.in_time(date(2025, 7, 7)) && !e.in_time(date(2025, 7, 8)));
    assert_eq!(ev.deadlines().withdrawal.as_ref().unwrap().days_before, 5);
    assert_eq!(ev.appeals().unwrap().deposit, Fen(100_000));
    let tb = ev.tiebreaks_for("swiss", "team").unwrap();
    assert_eq!(
        tb.order,
        vec!["MPTS", "GPTS", "EDE", "EMGSB/C1", "BH:MP/C1"]
    );
    assert!(tb.is_default);
    assert_eq!(ev.team().unwrap().max_men(), Some(4));
    assert_eq!(ev.team().unwrap().max_women(), Some(3));
}

#[test]
fn xiangqi_template() {
    let ev = tpl("cxa-amateur-king-2023");
    assert_eq!(ev.meta().sport, Sport::Xiangqi);
    assert_eq!(ev.groups(), vec!["公开组", "少年组", "家庭双人组"]);
    let open = ev.section("open-men").unwrap().birth.as_ref().unwrap();
    assert_eq!(
        (open.from, open.to),
        (Some(date(1963, 1, 1)), Some(date(2006, 12, 31)))
    );
    let junior = ev.section("junior-women").unwrap().birth.as_ref().unwrap();
    assert_eq!(
        (junior.from, junior.to),
        (Some(date(2007, 1, 1)), Some(date(2011, 12, 31)))
    );
    assert!(junior.contains(date(2011, 12, 31)) && !junior.contains(date(2012, 1, 1)));
    let fam = ev.section("family").unwrap();
    assert!(!fam.official);
    assert_eq!(fam.pair.as_ref().unwrap().child_age_below, 12);
    assert_eq!(ev.prizes().total, Some(Fen(10_000_000)));
    assert_eq!(ev.prizes().listed_total(), Fen(10_000_000));
    let yuan = |r: &str| -> Vec<i64> {
        ev.prizes()
            .list(r)
            .unwrap()
            .amounts
            .iter()
            .map(|f| f.0 / 100)
            .collect()
    };
    assert_eq!(
        yuan("open-men"),
        vec![20000, 10000, 6000, 4000, 3000, 3000, 2000, 2000]
    );
    assert_eq!(
        yuan("open-women"),
        vec![10000, 6000, 3000, 2000, 1500, 1500]
    );
    assert_eq!(yuan("junior-men"), vec![3000, 2000, 1500, 1500, 1000, 1000]);
    assert_eq!(
        yuan("junior-women"),
        vec![3000, 2000, 1500, 1500, 1000, 1000]
    );
    assert_eq!(yuan("family"), vec![3000, 2000, 1000]);
    assert_eq!(ev.prizes().list("delegations").unwrap().places, 6);
    let tax = ev.tax().unwrap();
    assert!(tax.is_default);
    assert_eq!(tax.on(Fen(2_000_000)), Fen(400_000));
    assert_eq!(ev.scoring().game.win, Points::from_whole(2));
    let q = ev.quotas().unwrap();
    assert!(q.tiers[0].reached(15, 1, 1500) && !q.tiers[0].reached(15, 1, 1499));
    assert_eq!(q.tiers[0].places_for("open-men").unwrap().count, 4);
    assert_eq!(q.tiers[1].places_for("junior-women").unwrap().count, 2);
    assert_eq!(q.extras.len(), 4);
    let acc = ev.accommodation().unwrap();
    let c = acc.covered.as_ref().unwrap();
    assert_eq!((c.from, c.from_meal), (date(2023, 12, 22), Meal::Dinner));
    assert_eq!((c.to, c.to_meal), (date(2023, 12, 24), Meal::Lunch));
    let h = &acc.hotels[0];
    assert_eq!(h.room("single").unwrap().rate, Fen(44_000));
    assert_eq!(h.room("twin").unwrap().rate, Fen(29_000));
    assert_eq!(acc.meals.as_ref().unwrap().rate, Fen(14_000));
    let tr = ev.team_ranking().unwrap();
    assert_eq!((tr.count, tr.method), (4, TeamMethod::BestRankSum));
    assert_eq!(tr.ties, TeamTie::ORDER);
    assert!(ev.deadlines().entry.as_ref().unwrap().late_invalid);
    assert_eq!(
        ev.eligibility().titles.as_ref().unwrap().clause.as_deref(),
        Some("规程 七、参赛资格(四)")
    );
    assert_eq!(ev.tiebreaks_for("swiss", "family").unwrap().order[1], "BH");
}

/// The key, line and message of the first problem `text` gives.
fn err(text: &str) -> (String, usize, String) {
    let e = parse(text, Path::new("event.toml")).err();
    match e.as_ref().and_then(|e| e.each().first()) {
        Some(EventError::Invalid {
            key, line, message, ..
        }) => (key.clone(), *line, message.clone()),
        _ => panic!("expected an invalid-file error, got {e:?}"),
    }
}

/// The B-league template with one line replaced.
fn edited(from: &str, to: &str) -> String {
    let t = templates::find("cca-b-league-2025").unwrap().text;
    assert!(t.contains(from), "{from}");
    t.replacen(from, to, 1)
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn unknown_key_names_key_and_line() {
    let t = edited("increment_seconds = 30", "incremnet_seconds = 30");
    let (key, line, msg) = err(&t);
    assert_eq!(key, "stages[0].time_control.incremnet_seconds");
    assert_eq!(line, line_of(&t, "incremnet_seconds"));
    assert!(msg.contains("未知的键"), "{msg}");
}

#[test]
fn wrong_type_and_bad_date_name_key_and_line() {
    let t = edited("rounds = 9", "rounds = \"九\"");
    let (key, line, _) = err(&t);
    assert_eq!(key, "stages[0].rounds");
    assert_eq!(line, line_of(&t, "rounds = \"九\""));

    let t = edited("date = \"2025-07-07\"", "date = \"2025-07-32\"");
    let (key, line, msg) = err(&t);
    assert_eq!(key, "deadlines.entry.date");
    assert_eq!(line, line_of(&t, "2025-07-32"));
    assert!(msg.contains("没有这一天"), "{msg}");

    let t = edited("yuan = 400", "yuan = 400.5");
    let (key, _, _) = err(&t);
    assert_eq!(key, "fees[0].yuan");
}

#[test]
fn unknown_settings_words_name_key_and_line() {
    let a = templates::find("cca-a-league-2023").unwrap().text;
    let t = a.replacen(
        "tie_resolution = [\"game-points\", \"playoff\"]",
        "tie_resolution = [\"game-points\", \"coin\"]",
        1,
    );
    let (key, line, msg) = err(&t);
    assert_eq!(key, "stages[1].knockout.tie_resolution[1]");
    assert_eq!(line, line_of(&t, "\"coin\""));
    assert!(msg.contains("playoff"), "{msg}");
    let t = edited("paid_by = \"team\"", "paid_by = \"teams\"");
    let (key, line, msg) = err(&t);
    assert_eq!(key, "accommodation.paid_by");
    assert_eq!(line, line_of(&t, "\"teams\""));
    assert!(msg.contains("organizer"), "{msg}");
    let x = templates::find("cxa-amateur-king-2023").unwrap().text;
    let t = x.replacen(
        "as_opponent = \"lowest-with-points\"",
        "as_opponent = \"lowest-with-point\"",
        1,
    );
    let (key, line, msg) = err(&t);
    assert_eq!(key, "stages[0].bye.as_opponent");
    assert_eq!(line, line_of(&t, "\"lowest-with-point\""));
    assert!(msg.contains("lowest-score"), "{msg}");
    let t = x.replacen(
        "as_opponent = \"lowest-with-points\"",
        "as_opponent = \"lowest\"",
        1,
    );
    let ev = parse(&t, Path::new("event.toml")).unwrap();
    let bye = ev.stages()[0].bye.as_ref().and_then(|b| b.as_opponent);
    assert_eq!(bye, Some(ByeAsOpponent::LowestScore));
}

#[test]
fn contradictions_name_key_and_line() {
    let t = templates::find("cxa-amateur-king-2023")
        .unwrap()
        .text
        .replacen(
            "birth = { from = \"2007-01-01\", to = \"2011-12-31\"",
            "birth = { from = \"2011-12-31\", to = \"2007-01-01\"",
            1,
        );
    let (key, line, msg) = err(&t);
    assert_eq!(key, "sections[2].birth.to");
    assert_eq!(line, line_of(&t, "from = \"2011-12-31\""));
    assert!(msg.contains("早于开始"), "{msg}");

    let t = edited(
        "stated_room_total_yuan = 5160",
        "stated_room_total_yuan = 5060",
    );
    let (key, line, msg) = err(&t);
    assert_eq!(
        key,
        "accommodation.hotels[0].rooms[0].stated_room_total_yuan"
    );
    assert_eq!(line, line_of(&t, "5060"));
    assert!(msg.contains("5160.00"), "{msg}");

    let t = edited("first_named = \"WBWBW\"", "first_named = \"WBWB\"");
    let (key, line, _) = err(&t);
    assert_eq!(key, "boards.colours.first_named");
    assert_eq!(line, line_of(&t, "\"WBWB\""));
}

#[test]
fn syntax_error_and_missing_key() {
    let t = edited("[venue]", "[venue");
    let (_, line, msg) = err(&t);
    assert_eq!(line, line_of(&t, "[venue"));
    assert!(msg.contains("语法错误"), "{msg}");

    let t = edited("name = \"2025年中国国际象棋乙级联赛\"\n", "");
    let (key, _, msg) = err(&t);
    assert!(
        msg.contains("缺少必填的键") && msg.contains("name"),
        "{msg}"
    );
    assert_eq!(key, "event");
}

#[test]
fn bad_bracket_slot() {
    let t = templates::find("cca-a-league-2023").unwrap().text.replacen(
        "home = \"winner:SF1\"",
        "home = \"winner:SF9\"",
        1,
    );
    let (key, line, _) = err(&t);
    assert_eq!(key, "stages[1].knockout.matches[11].home");
    assert_eq!(line, line_of(&t, "winner:SF9"));
}

#[test]
fn load_reads_a_folder_and_reports_io() {
    let dir = tempfile::tempdir().unwrap();
    let e = load(dir.path()).unwrap_err();
    assert!(matches!(e, EventError::Io { .. }), "{e}");
    std::fs::write(
        dir.path().join(EVENT_FILE),
        templates::find("cca-a-league-2023").unwrap().text,
    )
    .unwrap();
    assert_eq!(load(dir.path()).unwrap().sections().len(), 1);
}

#[test]
fn error_display() {
    let t = edited("increment_seconds = 30", "incremnet_seconds = 30");
    let e = parse(&t, Path::new("x/event.toml"))
        .unwrap_err()
        .to_string();
    let line = line_of(&t, "incremnet_seconds");
    assert!(
        e.starts_with(&format!(
            "x/event.toml:{line}:1: 键 (key) `stages[0].time_control.incremnet_seconds`: 未知的键"
        )),
        "{e}"
    );
}

#[test]
fn references_are_checked() {
    let a = templates::find("cca-a-league-2023").unwrap().text;
    let x = templates::find("cxa-amateur-king-2023").unwrap().text;
    let b = templates::find("cca-b-league-2025").unwrap().text;

    let t = x.replacen("ranking = \"junior-men\"", "ranking = \"junior-boys\"", 1);
    let (key, line, msg) = err(&t);
    assert_eq!(key, "prizes.lists[2].ranking");
    assert_eq!(line, line_of(&t, "junior-boys"));
    assert!(msg.contains("junior-boys"), "{msg}");

    let t = x.replacen("id = \"junior-women\"", "id = \"junior-men\"", 1);
    let (key, _, msg) = err(&t);
    assert_eq!(key, "sections[3].id");
    assert!(msg.contains("重复"), "{msg}");

    let t = x.replacen(
        "{ sections = [\"family\"], count = 4 }",
        "{ sections = [\"familly\"], count = 4 }",
        1,
    );
    let (key, _, _) = err(&t);
    assert_eq!(key, "quotas.tiers[0].places[4].sections[0]");

    // A delegation's extra places must name one of quotas.extras.
    let rule = "# ---------------------------------------------------------------- 领队与教练";
    let t = x.replacen(
        rule,
        &format!("[[quotas.delegations]]\nunit = \"湖北省\"\nextras = {{ nope = 1 }}\n\n{rule}"),
        1,
    );
    let (key, _, msg) = err(&t);
    assert!(key.starts_with("quotas.delegations[0].extras"), "{key}");
    assert!(msg.contains("nope"), "{msg}");

    let t = b.replacen("room = \"twin\"", "room = \"double\"", 1);
    let (key, _, _) = err(&t);
    assert_eq!(key, "accommodation.standard_stay.room");

    let t = b.replacen("men_main = 3", "men_main = 4", 1);
    let (key, line, msg) = err(&t);
    assert_eq!(key, "team.men_main");
    assert_eq!(line, line_of(&t, "men_main = 4"));
    assert!(msg.contains("男子台次数 3"), "{msg}");

    let t = a.replacen("[stages.knockout]\n", "[stages.knockout_]\n", 1);
    let (key, _, msg) = err(&t);
    assert_eq!(key, "stages[1].knockout");
    assert!(
        msg.contains("缺少必填的键") && msg.contains("seeds_from"),
        "{msg}"
    );

    let t = a.replacen("places = [7, 8]", "places = [5, 8]", 1);
    let (key, _, msg) = err(&t);
    assert_eq!(key, "stages[1].knockout.places[3].places[0]");
    assert!(msg.contains("第 5 名重复"), "{msg}");

    let t = b.replacen(
        "game = { win = 1, draw = 0.5, loss = 0 }",
        "game = { win = 1, draw = 0.25, loss = 0 }",
        1,
    );
    let (key, _, msg) = err(&t);
    assert_eq!(key, "scoring.game.draw");
    assert!(msg.contains("0.5 的整数倍"), "{msg}");

    let t = b.replacen(
        "sex = \"女\" },\n]\nreserves",
        "sex = \"X\" },\n]\nreserves",
        1,
    );
    assert_ne!(t, b);
    let (key, _, msg) = err(&t);
    assert_eq!(key, "boards.boards[4].sex");
    assert!(msg.contains("性别应为"), "{msg}");
}

#[test]
fn gbk_file_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let text = templates::find("cca-b-league-2025").unwrap().text;
    let (gbk, _, unmappable) = encoding_rs::GBK.encode(text);
    assert!(!unmappable);
    std::fs::write(dir.path().join(EVENT_FILE), &gbk).unwrap();
    assert_eq!(
        load(dir.path()).unwrap().meta().name,
        "2025年中国国际象棋乙级联赛"
    );
}

#[test]
fn defaults_are_listed() {
    assert_eq!(
        tpl("cca-b-league-2025").defaults(),
        vec![
            "stages[swiss].pairing",
            "stages[swiss].bye",
            "scoring",
            "accommodation.alone",
            "boards.woman_on_men_board",
            "tiebreaks[0]",
            "tax",
            "deadlines.entry.late_changes",
            "accommodation.standard_stay"
        ]
    );
    assert_eq!(
        tpl("cca-a-league-2023").defaults(),
        vec![
            "stages[regular].time_control",
            "stages[finals].knockout.groups/places",
            "stages[finals].knockout.tie_resolution",
            "stages[finals].knockout.colours",
            "scoring",
            "accommodation.alone",
            "accommodation.settled_with",
            "accommodation.without_request",
            "team.leaders/coaches",
            "boards.colours",
            "tiebreaks[0]",
            "tax",
            "deadlines.entry.inclusive",
            "deadlines.entry.late_changes"
        ]
    );
    assert_eq!(
        tpl("cxa-amateur-king-2023").defaults(),
        vec![
            "stages[swiss].rounds",
            "stages[swiss].pairing",
            "stages[swiss].bye",
            "accommodation.alone",
            "accommodation.settled_with",
            "tiebreaks[0]",
            "sections[family].pair",
            "team_ranking",
            "tax",
            "deadlines.entry.inclusive",
            "deadlines.entry.late_changes",
            "deadlines.entry.late_entry"
        ]
    );
}

/// The checked event carries each tie-break order parsed for the stages it ranks: C.07 keys for
/// the B-league's Swiss, the CXA chain (with the stage's bye rule) for the xiangqi Swiss.
#[test]
fn tiebreak_orders_are_parsed_once_for_their_stages() {
    let b = tpl("cca-b-league-2025");
    let keys: Vec<String> = b
        .tiebreak_keys("swiss", "team")
        .unwrap_or_default()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(keys, ["MPTS", "GPTS", "EDE", "EMGSB/C1", "BH:MP/C1"]);
    assert!(b.cxa_chain("swiss", "team", Default::default()).is_none());
    let x = tpl("cxa-amateur-king-2023");
    let stage = &x.stages()[0].id;
    assert!(x.tiebreak_keys(stage, "").is_none());
    use crate::scoring::cxa::{ByeOpponent, CxaKey};
    assert_eq!(
        x.cxa_chain(stage, "", ByeOpponent::Zero),
        Some(vec![
            CxaKey::Points,
            CxaKey::OpponentScore(ByeOpponent::Zero),
            CxaKey::Wins,
            CxaKey::BlackWins,
            CxaKey::BlackGames,
            CxaKey::RemoveLastRounds,
        ])
    );
}

/// A C.07 code the CXA chain does not know is refused on a xiangqi Swiss stage, at its index,
/// rather than dropping the whole order for the 对手分 scheme at run time.
#[test]
fn a_fide_only_code_in_a_xiangqi_order_is_refused_at_its_index() {
    let text = templates::find("cxa-amateur-king-2023")
        .map(|t| t.text)
        .unwrap_or_default()
        .replacen(
            r#"order = ["PTS", "BH", "WIN""#,
            r#"order = ["PTS", "BH/C1", "WIN""#,
            1,
        );
    match parse(&text, Path::new("event.toml")) {
        Err(EventError::Invalid { key, .. }) => assert_eq!(key, "tiebreaks[0].order[1]"),
        other => panic!("{other:?}"),
    }
}

/// An option whose letter is not ASCII (`BH:MP/中C1`, typed with a Chinese input method on) is
/// refused at its index with the key and line, like any unknown option. Found by fuzzing
/// (`event_outcome`): the option's letter was cut at byte 1, inside the character, and the
/// run ended in a panic.
#[test]
fn a_tiebreak_option_in_chinese_is_refused_at_its_index() {
    let text = templates::find("cca-b-league-2025")
        .map(|t| t.text)
        .unwrap_or_default();
    assert!(text.contains(r#""BH:MP/C1"]"#));
    for option in ["中C1", "Ｃ1", "é", "\u{a0}"] {
        let code = format!("BH:MP/{option}");
        let bad = text.replacen(r#""BH:MP/C1"]"#, &format!("\"{code}\"]"), 1);
        match parse(&bad, Path::new("event.toml")) {
            Err(EventError::Invalid {
                key, line, message, ..
            }) => {
                assert_eq!(key, "tiebreaks[0].order[4]", "{option}");
                assert!(line > 0, "{option}");
                assert!(message.contains(&format!("{code:?}")), "{message}");
            }
            other => panic!("{option}: {other:?}"),
        }
    }
}

/// A team event without `[boards]` is refused when the file is read, not when a team stage
/// first needs the boards.
#[test]
fn a_team_event_without_boards_is_refused() {
    let text = templates::find("cca-b-league-2025")
        .map(|t| t.text)
        .unwrap_or_default();
    let (from, to) = (
        text.find("[boards]").unwrap_or_default(),
        text.find("# ---------------------------------------------------------------- 参赛资格")
            .unwrap_or_default(),
    );
    assert!(from > 0 && to > from);
    let cut = format!("{}{}", &text[..from], &text[to..]);
    match parse(&cut, Path::new("event.toml")) {
        Err(EventError::Invalid { key, message, .. }) => {
            assert_eq!(key, "boards");
            assert_eq!(
                message,
                "团体赛缺少 [boards] 台次规定 (a team event needs [boards])"
            );
        }
        other => panic!("{other:?}"),
    }
}
