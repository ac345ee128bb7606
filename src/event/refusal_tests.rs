//! Keys no code honours and stage combinations `run` cannot play: each refused at its key, with
//! its message, when the file is read.

use std::path::Path;

use super::*;

/// The key and message of the first problem `text` gives.
pub(super) fn refused(text: &str) -> (String, String) {
    let e = parse(text, Path::new("event.toml")).err();
    match e.as_ref().and_then(|e| e.each().first()) {
        Some(EventError::Invalid { key, message, .. }) => (key.clone(), message.clone()),
        _ => panic!("expected an invalid-file error, got {e:?}"),
    }
}

/// A template with `from` replaced by `to` (once; `from` must be there).
pub(super) fn edit(template: &str, from: &str, to: &str) -> String {
    let t = templates::find(template)
        .map(|t| t.text)
        .unwrap_or_default();
    assert!(t.contains(from), "{template}: {from}");
    t.replacen(from, to, 1)
}

pub(super) const A: &str = "cca-a-league-2023";
pub(super) const B: &str = "cca-b-league-2025";
pub(super) const X: &str = "cxa-amateur-king-2023";
/// The line after the xiangqi template's stage and its tables.
const X_SCORING: &str =
    "# ---------------------------------------------------------------- 计分与排名";
/// The line after the A-league's stages.
const A_SCORING: &str = "# ---------------------------------------------------------------- 计分";

pub(super) fn assert_refused(text: &str, key: &str, message: &str) {
    assert_eq!(refused(text), (key.to_string(), message.to_string()));
}

#[test]
fn an_unknown_numbers_value_is_refused() {
    let t = edit(B, "numbers = \"average-rating-main\"", "numbers = \"foo\"");
    assert_refused(
        &t,
        "stages[0].pairing.numbers",
        "不认识的取值 (unknown variant `foo`, expected one of `draw`, `average-rating-main`, `rating`)",
    );
}

#[test]
fn numbers_a_system_does_not_give_are_refused() {
    let t = edit(B, "numbers = \"average-rating-main\"", "numbers = \"draw\"");
    assert_refused(
        &t,
        "stages[0].pairing.numbers",
        "团体瑞士制赛段按主力队员平均等级分排定序号（numbers = \"average-rating-main\"），不能改为 \"draw\" \
         (this system gives numbers \"average-rating-main\"; \"draw\" is not run)",
    );
    let t = edit(
        X,
        "avoid_same_unit = true",
        "numbers = \"rating\"\navoid_same_unit = true",
    );
    let ev = parse(&t, Path::new("event.toml")).unwrap();
    assert_eq!(ev.stages()[0].numbers(), Some(Numbering::Rating));
    assert_eq!(tpl_stage(A, 0).numbers(), Some(Numbering::Draw));
    assert_eq!(
        tpl_stage(B, 0).numbers(),
        Some(Numbering::AverageRatingMain)
    );
}

fn tpl_stage(name: &str, i: usize) -> Stage {
    let ev = templates::find(name).and_then(|t| t.event()).unwrap();
    ev.stages()[i].clone()
}

#[test]
fn xiangqi_pairing_options_on_a_team_stage_are_refused() {
    let t = edit(
        B,
        "numbers = \"average-rating-main\"",
        "avoid_same_unit = true",
    );
    assert_refused(
        &t,
        "stages[0].pairing.avoid_same_unit",
        "只有积分编排制（xiangqi-swiss）避免同单位棋手相遇 (only the xiangqi Swiss keeps players of one unit apart)",
    );
    let t = edit(
        B,
        "numbers = \"average-rating-main\"",
        "max_same_colour_run = 2",
    );
    assert_refused(
        &t,
        "stages[0].pairing.max_same_colour_run",
        "只有积分编排制（xiangqi-swiss）限制连续同先后手 (only the xiangqi Swiss limits runs of one side)",
    );
}

#[test]
fn team_ranking_values_no_code_computes_are_refused() {
    let t = edit(
        X,
        "method = \"best-rank-sum\"",
        "method = \"best-points-sum\"",
    );
    assert_refused(
        &t,
        "team_ranking.method",
        "不认识的取值 (unknown variant `best-points-sum`, expected `best-rank-sum`)",
    );
    let t = edit(X, "missing = \"entrants-plus-one\"", "missing = \"zero\"");
    assert_refused(
        &t,
        "team_ranking.missing",
        "不认识的取值 (unknown variant `zero`, expected `entrants-plus-one`)",
    );
    let ties =
        "ties = [\"rank-sum\", \"ranks-lexicographic\", \"points-of-counted\", \"fifth-rank\"]";
    let order = "名次和相同时只能依次比较 [\"rank-sum\", \"ranks-lexicographic\", \"points-of-counted\", \
                 \"fifth-rank\"] (ties are broken by exactly this list, in this order)";
    let t = edit(X, ties, "ties = [\"rank-sum\", \"points-of-counted\"]");
    assert_refused(&t, "team_ranking.ties[1]", order);
    let t = edit(X, ties, "ties = [\"rank-sum\", \"ranks-lexicographic\"]");
    assert_refused(&t, "team_ranking.ties", order);
    let t = edit(X, ties, "ties = [\"rank-sum\", \"coin\"]");
    let (key, message) = refused(&t);
    assert_eq!(key, "team_ranking.ties[1]");
    assert!(
        message.starts_with("不认识的取值 (unknown variant `coin`"),
        "{message}"
    );
    let t = edit(X, "count = 4", "count = 3");
    assert_refused(
        &t,
        "team_ranking.ties[3]",
        "fifth-rank 比较第 5 名队员的名次，须计入 4 人（count = 3） (fifth-rank compares the fifth player's place: it needs count = 4)",
    );
}

#[test]
fn a_team_ranking_without_a_xiangqi_swiss_is_refused() {
    let t = edit(
        B,
        "# ---------------------------------------------------------------- 参赛资格",
        "[team_ranking]\nid = \"delegations\"\nname = \"团体\"\nmethod = \"best-rank-sum\"\ncount = 4\n\
         missing = \"entrants-plus-one\"\nties = [\"rank-sum\", \"ranks-lexicographic\", \
         \"points-of-counted\", \"fifth-rank\"]\n\n",
    );
    assert_refused(
        &t,
        "team_ranking",
        "团体总分只由积分编排制（xiangqi-swiss）赛段的个人名次计算 (a team ranking from individual places needs a xiangqi-swiss stage)",
    );
}

#[test]
fn covered_roles_are_known_and_official() {
    let roles = "roles = [\"leader\", \"coach\", \"player\"]";
    let t = edit(X, roles, "roles = [\"leader\", \"coach\", \"referee\"]");
    assert_refused(
        &t,
        "accommodation.covered.roles[2]",
        "不认识的取值 (unknown variant `referee`, expected one of `player`, `leader`, `coach`, `staff`)",
    );
    let t = edit(X, roles, "roles = [\"leader\", \"staff\"]");
    assert_refused(
        &t,
        "accommodation.covered.roles[1]",
        "随队人员不是正选人员，组委会承担的食宿只及于领队、教练、运动员 (staff are not official members: covered roles are leader, coach and player)",
    );
    let ev = templates::find(X).and_then(|t| t.event()).unwrap();
    let covered = ev.accommodation().and_then(|a| a.covered.as_ref());
    assert_eq!(
        covered.map(|c| c.roles.clone()),
        Some(vec![Role::Leader, Role::Coach, Role::Player])
    );
}

#[test]
fn a_fide_dutch_stage_is_refused() {
    // Each sport's individual Swiss is its own engine: never the other's as a fallback.
    let t = edit(X, "system = \"xiangqi-swiss\"", "system = \"swiss\"");
    assert_refused(
        &t,
        "stages[0].system",
        "象棋个人赛用积分编排制（xiangqi-swiss），不用国际象棋瑞士制（swiss） \
         (a xiangqi individual Swiss is xiangqi-swiss, not the FIDE Dutch (swiss))",
    );
    let t = edit(X, "sport = \"xiangqi\"", "sport = \"chess\"");
    assert_refused(
        &t,
        "stages[0].system",
        "国际象棋个人赛用瑞士制（swiss，FIDE 荷兰制），不用象棋积分编排制（xiangqi-swiss） \
         (a chess individual Swiss is swiss (FIDE Dutch), not xiangqi-swiss)",
    );
    let t = edit(B, "system = \"team-swiss\"", "system = \"swiss\"");
    assert_refused(
        &t,
        "stages[0].system",
        "瑞士制（FIDE 荷兰制）赛段只编排个人组别；团体赛段用 team-swiss \
         (a FIDE Dutch stage plays individual sections; a team stage is team-swiss)",
    );
}

/// The FIDE Dutch's own keys, and requested byes, are refused where nothing reads them.
#[test]
fn dutch_keys_elsewhere_are_refused() {
    let t = edit(
        X,
        "max_same_colour_run = 2",
        "max_same_colour_run = 2\nunrated = \"pinyin\"",
    );
    assert_refused(
        &t,
        "stages[0].pairing.unrated",
        "只有国际象棋瑞士制（swiss）按 unrated 排定同分（无等级分）棋手的序号 \
         (only the FIDE Dutch (swiss) orders its unrated players by `unrated`)",
    );
    let t = edit(
        X,
        "points = 2\nas_opponent",
        "points = 2\nrequested_max = 2\nas_opponent",
    );
    assert_refused(
        &t,
        "stages[0].bye.requested_max",
        "只有国际象棋个人瑞士制（swiss）受理请假轮空 (only the FIDE Dutch (swiss) takes requested byes)",
    );
    let t = format!(
        "{}\n[[rulings]]\nperson = \"张三\"\ndecision = \"bye-half\"\nround = 2\n",
        edit(X, "", "")
    );
    assert_refused(
        &t,
        "rulings[0].decision",
        "请假轮空（bye-half / bye-zero）只用于国际象棋个人瑞士制（swiss）赛段 \
         (a requested bye is for a FIDE Dutch (swiss) stage)",
    );
}

#[test]
fn a_system_on_the_wrong_kind_of_entrant_is_refused() {
    let t = edit(X, "system = \"xiangqi-swiss\"", "system = \"round-robin\"");
    assert_refused(
        &t,
        "stages[0].system",
        "个人循环赛只编排个人组别，不编排双人组别 (an individual round robin plays individual sections, not pair sections)",
    );
    let t = edit(X, "system = \"xiangqi-swiss\"", "system = \"team-swiss\"");
    assert_refused(
        &t,
        "stages[0].system",
        "团体瑞士制赛段需要团体组别（entrant = \"team\"） (a team Swiss stage plays team sections)",
    );
    let t = edit(B, "system = \"team-swiss\"", "system = \"xiangqi-swiss\"");
    assert_refused(
        &t,
        "stages[0].system",
        "积分编排制赛段只编排个人或双人组别；团体赛段用 team-swiss 或 round-robin \
         (a xiangqi Swiss stage plays individual or pair sections; a team stage is team-swiss or round-robin)",
    );
    let t = edit(
        X,
        X_SCORING,
        &format!(
            "[[sections]]\nid = \"team\"\nname = \"团体赛\"\nentrant = \"team\"\n\n{X_SCORING}"
        ),
    );
    assert_refused(
        &t,
        "stages[0].system",
        "同一赛段不能既有团体组别又有个人组别 (a stage plays either team sections or individual ones, not both)",
    );
}

#[test]
fn a_team_round_robin_over_groups_or_cycles_is_refused() {
    let t = edit(A, "cycles = 1", "cycles = 3");
    assert_refused(
        &t,
        "stages[0].cycles",
        "3 循环暂不能用 run 编排：只编排单循环或双循环（cycles = 1 或 2） (only a single or double \
         round robin is run: cycles = 1 or 2)",
    );
    let t = edit(B, "rounds = 9\n", "rounds = 9\ncycles = 1\n");
    assert_refused(
        &t,
        "stages[0].cycles",
        "只有循环赛有循环数 cycles (cycles is a round robin's)",
    );
}

#[test]
fn stages_compute_would_not_play_are_refused() {
    let t = edit(
        A,
        "system = \"round-robin\"\nrounds = 11\ncycles = 1",
        "system = \"team-swiss\"\nrounds = 11",
    );
    assert_refused(
        &t,
        "stages[1].knockout.seeds_from",
        "淘汰赛的种子须来自循环赛赛段（run 只在循环赛之后编排淘汰赛） (a knockout is seeded from the round robin stage it follows)",
    );
    let swiss =
        "[[stages]]\nid = \"swiss\"\nname = \"瑞士制\"\nsystem = \"team-swiss\"\nrounds = 5\n\n";
    let t = edit(A, A_SCORING, &format!("{swiss}{A_SCORING}"));
    assert_refused(
        &t,
        "stages[2].system",
        "有循环赛赛段的赛事不能再有瑞士制赛段 (a Swiss stage next to a round robin stage is not run)",
    );
    let second = "[[stages]]\nid = \"more\"\nname = \"第二阶段\"\nsystem = \"xiangqi-swiss\"\nrounds = 2\n\n";
    let t = edit(X, X_SCORING, &format!("{second}{X_SCORING}"));
    assert_refused(
        &t,
        "stages[1].system",
        "一个赛事只能有一个瑞士制赛段 (an event has at most one Swiss stage)",
    );
    let rr = "[[stages]]\nid = \"again\"\nname = \"第二循环\"\nsystem = \"round-robin\"\nrounds = 11\n\n";
    let t = edit(A, A_SCORING, &format!("{rr}{A_SCORING}"));
    assert_refused(
        &t,
        "stages[2].system",
        "一个赛事只能有一个循环赛赛段 (an event has at most one round robin stage)",
    );
    // The finals twice over (a second bracket, seeded from the round robin too).
    let a = templates::find(A).map(|t| t.text).unwrap_or_default();
    let (from, to) = (
        a.find("[[stages]]                                  # 规程 五(三)")
            .unwrap_or(0),
        a.find(A_SCORING).unwrap_or(0),
    );
    assert!(from > 0 && to > from);
    let finals = a[from..to].replacen("id = \"finals\"", "id = \"finals2\"", 1);
    let t = a.replacen(A_SCORING, &format!("{finals}{A_SCORING}"), 1);
    assert_refused(
        &t,
        "stages[2].system",
        "一个赛事只能有一个淘汰赛赛段 (an event has at most one knockout stage)",
    );
    let t = edit(
        A,
        "system = \"knockout\"",
        "system = \"knockout\"\nrounds = 13",
    );
    assert_refused(
        &t,
        "stages[1].rounds",
        "淘汰赛的轮数由各场对抗的 rounds 规定 (a knockout stage takes its rounds from its matches)",
    );
    let t = edit(
        A,
        "[stages.knockout]\n",
        "[stages.pairing]\n\n[stages.knockout]\n",
    );
    assert_refused(
        &t,
        "stages[1].pairing",
        "淘汰赛赛段没有编排选项 [stages.pairing] (this stage has no pairing options)",
    );
}

#[test]
fn a_draw_no_stage_reads_is_refused() {
    let t = edit(X, X_SCORING, &format!("[draw]\nseed = 7\n\n{X_SCORING}"));
    assert_refused(
        &t,
        "draw.seed",
        "只有循环赛由 bianpai 抽签（seed），或瑞士制按抽签排定无等级分棋手的序号（unrated = \"draw\"） \
         (only a round robin's numbers, or a Swiss stage's order of unrated players (unrated = \"draw\"), \
         are drawn by bianpai with a seed)",
    );
    let t = edit(
        X,
        X_SCORING,
        &format!("[draw]\npublic_numbers = [\"北京市\"]\n\n{X_SCORING}"),
    );
    assert_refused(
        &t,
        "draw.public_numbers",
        "只有团体循环赛和团体瑞士制按 [draw] 的序号编排 (only a team round robin or team Swiss takes its numbers from [draw])",
    );
}

/// Three independent mistakes are reported together, each at its key and line, in the order
/// of the file (issue 40: the organizer fixes them in one pass, not three runs).
#[test]
fn every_problem_is_reported_at_once() {
    let t = edit(
        X,
        "avoid_same_unit = true",
        "numbers = \"draw\"\navoid_same_unit = true",
    );
    let t = t.replacen(
        r#"order = ["PTS", "BH", "WIN""#,
        r#"order = ["PTS", "XYZ", "WIN""#,
        1,
    );
    let t = t.replacen(
        r#"roles = ["leader", "coach", "player"]"#,
        r#"roles = ["leader", "staff", "player"]"#,
        1,
    );
    let line = |needle: &str| t.lines().position(|l| l.contains(needle)).map(|i| i + 1);
    let e = parse(&t, Path::new("event.toml")).expect_err("three mistakes");
    assert!(matches!(e, EventError::Several(_)), "{e:?}");
    let got: Vec<_> = e
        .each()
        .iter()
        .map(|p| match p {
            EventError::Invalid { key, line, .. } => (key.as_str(), Some(*line)),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        got,
        [
            ("stages[0].pairing.numbers", line("numbers = \"draw\"")),
            ("tiebreaks[0].order[1]", line("\"XYZ\"")),
            ("accommodation.covered.roles[1]", line("\"staff\"")),
        ]
    );
    // The messages are those of each problem alone, one line each.
    let shown = e.to_string();
    assert_eq!(shown.lines().count(), 3, "{shown}");
    for (i, (key, message)) in [
        (
            "stages[0].pairing.numbers",
            "积分编排制赛段按等级分排定序号",
        ),
        ("tiebreaks[0].order[1]", "未知的排名/破同分代码 \"XYZ\""),
        ("accommodation.covered.roles[1]", "随队人员不是正选人员"),
    ]
    .iter()
    .enumerate()
    {
        let l = shown.lines().nth(i).unwrap_or_default();
        assert!(l.contains(&format!("`{key}`: {message}")), "{l}");
    }
}

/// A value of the wrong type stops the reading: it is the one problem reported, whatever else
/// the file gets wrong.
#[test]
fn a_type_error_is_reported_alone() {
    let t = edit(
        X,
        r#"order = ["PTS", "BH", "WIN""#,
        r#"order = ["PTS", "XYZ", "WIN""#,
    );
    let t = t.replacen("avoid_same_unit = true", "avoid_same_unit = \"yes\"", 1);
    assert_eq!(refused(&t).0, "stages[0].pairing.avoid_same_unit");
    assert!(matches!(
        parse(&t, Path::new("event.toml")),
        Err(EventError::Invalid { .. })
    ));
}

/// The youth chess template with its Swiss stage made an individual round robin (its bye and
/// pairing tables dropped), then `from` replaced by `to`.
fn round_robin(from: &str, to: &str) -> String {
    let t = edit(Y, "system = \"swiss\"", "system = \"round-robin\"");
    let start = t.find("[stages.pairing]").unwrap_or(0);
    let end = t.find("# 退赛：").unwrap_or(0);
    let t = format!("{}{}", &t[..start], &t[end..]);
    assert!(t.contains(from), "{from}");
    t.replacen(from, to, 1)
}

const Y: &str = "youth-chess";
/// The youth template's stage table after its stage keys.
const TC: &str = "[stages.time_control]";

#[test]
fn an_individual_round_robin_is_read_and_its_limits_refused() {
    let ok = round_robin("rounds = 7", "rounds = 7\ncycles = 2");
    assert!(parse(&ok, Path::new("event.toml")).is_ok());
    assert_refused(
        &round_robin("rounds = 7", "rounds = 7\ncycles = 3"),
        "stages[0].cycles",
        "个人循环赛只编排单循环或双循环（cycles = 1 或 2），不能是 3 (an individual round robin is single or double: cycles = 1 or 2)",
    );
    assert_refused(
        &round_robin(TC, &format!("[stages.bye]\npoints = 1\n\n{TC}")),
        "stages[0].bye",
        "循环赛人数为单数时，轮到与空号相遇的棋手本轮休息，不计分（FIDE C.05）；循环赛没有 [stages.bye] \
         (in a round robin of an odd number the player paired with the dummy rests and scores nothing (C.05); \
         a round robin has no [stages.bye])",
    );
    assert_refused(
        &round_robin(TC, &format!("[draw.sections]\nnobody = [\"张三\"]\n\n{TC}")),
        "draw.sections.nobody",
        "[draw.sections] 的“nobody”不是个人循环赛赛段的组别 (\"nobody\" is not a section of an individual round robin stage)",
    );
}

/// `acceleration = "baku"` is read for a FIDE Dutch stage with the standard scoring; another
/// value, another system or another scoring is refused at the key.
#[test]
fn baku_is_read_and_another_acceleration_refused() {
    let with = |a: &str| {
        edit(
            Y,
            "unrated = \"pinyin\"",
            &format!("unrated = \"pinyin\"\nacceleration = \"{a}\""),
        )
    };
    let ok = parse(&with("baku"), Path::new("event.toml")).expect("baku is read");
    assert!(ok.stages()[0].pairing.as_ref().is_some_and(|p| p.baku()));
    assert_refused(
        &with("fast"),
        "stages[0].pairing.acceleration",
        "加速配对只有 Baku 加速法（acceleration = \"baku\"，C.04.5.1），不能是 \"fast\" \
         (the one acceleration run is \"baku\" (C.04.5.1), not \"fast\")",
    );
    let rr = edit(X, "avoid_same_unit = true", "acceleration = \"baku\"");
    assert_refused(
        &rr,
        "stages[0].pairing.acceleration",
        "Baku 加速法（C.04.5.1）只用于国际象棋瑞士制（swiss，FIDE 荷兰制）赛段 \
         (Baku acceleration (C.04.5.1) is for a FIDE Dutch (swiss) stage)",
    );
}

/// A round robin section next to Swiss sections (the open-chess sample's 大师组): played side by
/// side when each stage lists its own sections; a Swiss stage over every section is refused at
/// its `sections`, a section in both stages too.
#[test]
fn a_round_robin_beside_a_swiss_needs_its_own_sections() {
    const O: &str = "open-chess";
    // The template itself plays 大师组 as a round robin beside the Swiss of 公开组 and 女子组.
    let ok = templates::find(O).map(|t| t.text).unwrap_or_default();
    let ev = parse(ok, Path::new("event.toml")).expect("side by side is read");
    assert_eq!(ev.stages().len(), 2);
    const SWISS: &str = "sections = [\"open\", \"women\"]\n";
    const RR: &str = "sections = [\"masters\"]\n";
    let rr = |swiss: &str, rr: &str| {
        edit(O, SWISS, swiss).replacen(RR, &format!("sections = [{rr}]\n"), 1)
    };
    let refusal = "瑞士制赛段与循环赛赛段并行时，每个赛段须用 sections 写明各自编排的组别，且同一组别不能同属两个赛段 \
                   (a Swiss stage next to a round robin stage: each stage lists its own sections \
                   (sections), none in both)";
    assert_refused(&rr("", "\"masters\""), "stages[0].sections", refusal);
    assert_refused(
        &rr(SWISS, "\"women\", \"masters\""),
        "stages[0].sections",
        refusal,
    );
}

/// Men's and women's team sections in one folder (男子团体 and 女子团体 of a xiangqi team
/// championship) are each run on their own (issue 42 point 8); a single `[draw]
/// public_numbers` cannot number both and is refused, naming `[draw.sections]`.
#[test]
fn mens_and_womens_team_sections_in_one_folder_are_read() {
    // The template has both: 男子团体 (groups, then finals) and 女子团体 (a round robin).
    let t = templates::find("xiangqi-team")
        .map(|t| t.text)
        .unwrap_or_default();
    let ev = parse(t, Path::new("event.toml")).expect("two team sections are read");
    let women = ev.for_team_section("team-women");
    assert_eq!(women.sections().len(), 1);
    assert_eq!(women.marker_stage("women"), "women:team-women");
    let rr = women.stage("women").expect("the women's round robin");
    assert_eq!(women.round_stem(rr, 2), "team-women-r02");
    assert_eq!(women.draw_stem(), "team-women-draw");
    let men = ev.for_team_section("team-men");
    let finals = men.stage("finals").expect("finals");
    assert_eq!(men.round_stem(finals, 2), "team-men-finals-r02");
    let t = edit(
        "xiangqi-team",
        "seed = 2026\n",
        "seed = 2026\npublic_numbers = [\"北京队\"]\n",
    );
    let (key, message) = refused(&t);
    assert_eq!(key, "draw.public_numbers");
    assert!(message.contains("[draw.sections]"), "{message}");
}
