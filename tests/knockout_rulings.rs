//! Disqualifications in the A-league's knockout finals (issue 44 points 1 and 2), on copies of
//! the A-league sample with the ruling added to event.toml (SPEC §7a, 乙级规程 七(四)3:
//! 已经完成的比赛结果不再改变，其被取消的名次依次递补).

mod util;

use std::path::Path;

use util::{paid_prizes, run_json, s, sample_copy};

/// Appends `rulings` to the copy's event.toml.
fn rule(dir: &Path, rulings: &str) {
    let path = dir.join("event.toml");
    let mut toml = std::fs::read_to_string(&path).expect("event.toml");
    toml.push_str(rulings);
    std::fs::write(&path, toml).expect("write event.toml");
}

/// The final standings of the summary: `(rank, team)`.
fn places(j: &serde_json::Value) -> Vec<(u64, String)> {
    j["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|t| (t["rank"].as_u64().unwrap_or(0), s(t, "name")))
        .collect()
}

fn numbered(names: &[&str]) -> Vec<(u64, String)> {
    (1..).zip(names.iter().map(|n| n.to_string())).collect()
}

fn codes(j: &serde_json::Value, code: &str) -> Vec<String> {
    j["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["code"] == code)
        .map(|f| s(f, "message"))
        .collect()
}

/// The ruling that disqualifies `team`.
fn out(team: &str) -> String {
    format!("\n[[rulings]]\nteam = \"{team}\"\ndecision = \"disqualified\"\n")
}

/// The champion ruled out after the finals: the ten finals rounds stand, 山东's 1st place goes
/// and the places below move up; the prizes follow; 天津 and 成都 are still relegated.
#[test]
fn a_disqualification_after_the_finals_moves_the_places_below_up() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    rule(&dir, &out("山东泉城队"));
    let (_, j, err) = run_json(&dir, &[]);
    assert_eq!(
        j["rounds"],
        serde_json::json!({"planned": 10, "paired": 10, "complete": 10})
    );
    assert_eq!(j["finished"], true);
    assert!(codes(&j, "result.pairing-changed").is_empty(), "{err}");
    assert!(codes(&j, "result.missing").is_empty(), "{err}");
    assert_eq!(
        places(&j),
        numbered(&[
            "重庆涪陵队",
            "北京华清队",
            "浙江西湖队",
            "江苏钟山队",
            "广东珠江队",
            "杭州钱塘队",
            "湖北江城队",
            "上海浦江队",
            "深圳南山队",
            "天津海河队",
            "成都锦江队",
        ])
    );
    // 规程 七: 200,000 / 120,000 / 80,000 / 60,000 / 50,000 / 40,000 yuan to places 1-6; the
    // teams with open eligibility findings have theirs withheld (暂缓发放), not moved down.
    assert_eq!(
        paid_prizes(&j, &err),
        vec![
            (1, "重庆涪陵队".to_string(), 20_000_000, true),
            (2, "北京华清队".to_string(), 12_000_000, false),
            (3, "浙江西湖队".to_string(), 8_000_000, false),
            (4, "江苏钟山队".to_string(), 6_000_000, true),
            (5, "广东珠江队".to_string(), 5_000_000, true),
            (6, "杭州钱塘队".to_string(), 4_000_000, false),
        ]
    );
    // finals.xlsx 总排名: the eleven places, the relegated pair still marked.
    let book = util::cells::read_book(&dir.join("out/finals.xlsx"));
    let table = util::cells::sheet(&book, "总排名").body();
    assert_eq!(table.len(), 12, "{table:?}");
    assert_eq!(table[0][..2], ["1", "重庆涪陵队（3）"].map(String::from));
    // The ruled-out champion follows without a place.
    assert_eq!(
        table[11],
        ["", "山东泉城队（1）", "取消资格"].map(String::from)
    );
    assert_eq!(table[9][..2], ["10", "天津海河队（12）"].map(String::from));
    assert!(table[9][2].contains("降级"), "{:?}", table[9]);
    assert_eq!(table[10][..2], ["11", "成都锦江队（11）"].map(String::from));
    assert!(table[10][2].contains("降级"), "{:?}", table[10]);
}

/// 成都 (11th) ruled out before the finals are paired: the bracket is seeded without it, 保级赛
/// 11-12 has 天津 alone, and the chief arbiter is asked for the walkover; the event is not
/// over.
#[test]
fn a_match_left_with_one_team_waits_for_the_walkover_ruling() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    for r in 1..=10 {
        std::fs::remove_file(dir.join(format!("results/finals-r{r:02}.xlsx"))).expect("rm");
    }
    rule(&dir, &out("成都锦江队"));
    let (_, j, err) = run_json(&dir, &[]);
    assert_eq!(j["finished"], false);
    assert_eq!(
        j["rounds"],
        serde_json::json!({"planned": 10, "paired": 1, "complete": 0})
    );
    assert_eq!(
        codes(&j, "result.missing"),
        [
            "总决赛R2（保级赛 11-12）只剩天津海河队一队：序号12空缺（取消资格后重新排定）。\
          请总裁判长裁定，在 event.toml 中写明 [[rulings]] team = \"天津海河队\"，\
          decision = \"walkover\"（不战而胜）；裁定前总决赛名次不能确定"
        ],
        "{err}"
    );
    // Round 1 pairs the four quarter-finals and 保级赛 9-10; nobody plays 天津.
    assert!(dir.join("results/finals-r01.xlsx").exists());
    let book = util::cells::read_book(&dir.join("out/pairings-finals-r01.xlsx"));
    let text = format!("{:?}", book[0].body());
    assert!(!text.contains("天津海河队"), "{text}");
    assert!(!text.contains("成都锦江队"), "{text}");
}

/// With the walkover ruled, 天津 goes through 保级赛 11-12 and the finals are played out (every
/// match level, its play-off won by the better seed): eleven places, 天津 relegated as the
/// play-off's loser, the prizes to places 1-6.
#[test]
fn the_walkover_ruling_lets_the_finals_be_played_out() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    for r in 1..=10 {
        std::fs::remove_file(dir.join(format!("results/finals-r{r:02}.xlsx"))).expect("rm");
    }
    // Every result typed is 1-0 for the first-named side's board: each two-leg match is level
    // (2:2, 5:5) and the play-off decides, except where a team's default line-up leaves a
    // board unplayed (重庆 loses 4:6 on game points to 杭州 in QF3 and to 湖北 in P1).
    let path = dir.join("event.toml");
    let toml = std::fs::read_to_string(&path).expect("event.toml");
    let toml = toml.replacen(
        "playoff_winners = { P1 = \"江苏钟山队\", SF2 = \"重庆涪陵队\" }",
        "playoff_winners = { QF1 = \"山东泉城队\", QF2 = \"江苏钟山队\", \
         QF4 = \"浙江西湖队\", R1 = \"上海浦江队\", R3 = \"深圳南山队\", SF1 = \"山东泉城队\", \
         SF2 = \"江苏钟山队\", P2 = \"广东珠江队\", F = \"山东泉城队\", B = \"浙江西湖队\" }",
        1,
    );
    std::fs::write(&path, toml).expect("write");
    rule(
        &dir,
        &format!(
            "{}\n[[rulings]]\nteam = \"天津海河队\"\ndecision = \"walkover\"\n",
            out("成都锦江队")
        ),
    );
    let (_, mut j, mut err) = run_json(&dir, &[]);
    for r in 1..=10 {
        let missing = codes(&j, "result.missing");
        assert!(
            missing.is_empty(),
            "round {r}: {missing:?} {:?}",
            util::cells::read_book(&dir.join("out/finals.xlsx"))[0].body()
        );
        assert_eq!(j["finished"], false, "round {r}");
        let book = dir.join(format!("results/finals-r{r:02}.xlsx"));
        assert!(
            util::type_results(&book, "1-0") > 0,
            "round {r}: {} {} {err}",
            j["rounds"],
            j["to_fill"]
        );
        (_, j, err) = run_json(&dir, &[]);
    }
    assert_eq!(j["finished"], true, "{err}");
    assert_eq!(
        j["rounds"],
        serde_json::json!({"planned": 10, "paired": 10, "complete": 10})
    );
    assert_eq!(
        places(&j),
        numbered(&[
            // 规程 五(三)1(3): the final (山东 – 江苏), the third-place match (浙江 – 杭州).
            "山东泉城队",
            "江苏钟山队",
            "浙江西湖队",
            "杭州钱塘队",
            // P1 湖北 beat 重庆, P2 广东 beat 北京: 5th and 6th, 7th and 8th by season place.
            "广东珠江队",
            "湖北江城队",
            "重庆涪陵队",
            "北京华清队",
            // R1 上海; R3 深圳 beat 天津, who came through R2 by the walkover.
            "上海浦江队",
            "深圳南山队",
            "天津海河队",
        ])
    );
    let paid: Vec<(u64, String, i64)> = paid_prizes(&j, &err)
        .into_iter()
        .map(|(p, n, f, _)| (p, n, f))
        .collect();
    assert_eq!(
        paid,
        vec![
            (1, "山东泉城队".to_string(), 20_000_000),
            (2, "江苏钟山队".to_string(), 12_000_000),
            (3, "浙江西湖队".to_string(), 8_000_000),
            (4, "杭州钱塘队".to_string(), 6_000_000),
            (5, "广东珠江队".to_string(), 5_000_000),
            (6, "湖北江城队".to_string(), 4_000_000),
        ]
    );
    let book = util::cells::read_book(&dir.join("out/finals.xlsx"));
    let table = util::cells::sheet(&book, "总排名").body();
    assert_eq!(table.len(), 11, "{table:?}");
    assert_eq!(table[10][..2], ["11", "天津海河队（11）"].map(String::from));
    assert!(table[10][2].contains("降级"), "{:?}", table[10]);
}

/// A walkover in an event without knockout finals is refused at the ruling's key.
#[test]
fn a_walkover_without_knockout_finals_is_refused() {
    let (_tmp, dir) = sample_copy("cca-b-league-2025");
    rule(
        &dir,
        "\n[[rulings]]\nteam = \"吉林队\"\ndecision = \"walkover\"\n",
    );
    let out = util::bianpai(&["run", dir.to_str().expect("utf-8 path")]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("`rulings[0].decision`: 不战而胜（walkover）只用于淘汰赛（knockout）赛段"),
        "{err}"
    );
}
