//! `[stages.groups]` and `place:G:N` slots refused at their keys when the file is read.

use super::refusal_tests::{A, B, assert_refused, edit};

#[test]
fn groups_off_a_round_robin_and_group_places_without_groups_are_refused() {
    // Groups are a round robin's; a group place names a group of the seeding stage.
    let t = edit(
        B,
        "rounds = 9\n",
        "rounds = 9\n[stages.groups]\ncount = 2\nby = \"snake\"\n",
    );
    assert_refused(
        &t,
        "stages[0].groups",
        "只有循环赛赛段可以分组（[stages.groups]） (only a round robin stage is played in groups)",
    );
    let t = edit(A, "home = \"seed:1\"", "home = \"place:A:1\"");
    assert_refused(
        &t,
        "stages[1].knockout.matches[0].home",
        "对阵位置 place:A:1 引用小组名次，但种子来源赛段 regular 没有分组（[stages.groups]） (a group \
         place needs the seeding round robin to have groups)",
    );
    let t = edit(
        A,
        "cycles = 1",
        "cycles = 1\n[stages.groups]\ncount = 2\nby = \"draw\"",
    );
    let t = t.replacen("home = \"seed:1\"", "home = \"place:C:1\"", 1);
    assert_refused(
        &t,
        "stages[1].knockout.matches[0].home",
        "对阵位置 place:C:1 引用了不存在的小组 C (the slot names no group of the seeding stage)",
    );
}

/// The `xiangqi-team` template's separator before the women's stage.
const WOMEN_STAGE: &str =
    "# ---------------------------------------------------------------- 女子团体";

/// A second round robin stage for the men, after their groups and finals.
fn upper_stage(groups: bool) -> String {
    let upper = "[[stages]]\nid = \"upper\"\nname = \"名次赛\"\nsections = [\"team-men\"]\n\
                 system = \"round-robin\"\nrounds = 7\n\n";
    let t = edit(
        "xiangqi-team",
        WOMEN_STAGE,
        &format!("{upper}{WOMEN_STAGE}"),
    );
    if groups {
        t
    } else {
        // No groups in the men's first round robin (and no group places in the finals).
        let start = t.find("[stages.groups]").unwrap_or(0);
        let end = start + t[start..].find("[stages.time_control]").unwrap_or(0);
        let t = format!("{}{}", &t[..start], &t[end..]).replacen("rounds = 3 ", "rounds = 7 ", 1);
        let from = t.find("[[stages]]                                  # 规程 五(四)：交叉决赛");
        let to = t.find("# 另一种赛制");
        match (from, to) {
            (Some(a), Some(b)) => format!("{}{}", &t[..a], &t[b..]),
            _ => t,
        }
    }
}

/// Issue 42 point 4: places 1-4 of each group to an upper round robin is not run; it is refused
/// at the second stage's `system`, saying what to write instead, never played as something else.
#[test]
fn a_placement_round_robin_after_the_groups_is_refused_at_its_system() {
    assert_refused(
        &upper_stage(true),
        "stages[2].system",
        "不支持由小组名次组成的第二阶段循环赛（如各组第1-4名进入上一组单循环）；按小组名次继续比赛请用\
         淘汰赛赛段（system = \"knockout\"，seeds_from 为分组循环赛，对阵写 place:A:1 等），其余名次由 \
         [[stages.knockout.places]] 按小组名次排定 (a second round robin made of the groups' places \
         (places 1-4 of each group to an upper group) is not run; after the groups, use a knockout \
         stage (system = \"knockout\", seeds_from the grouped round robin, matches from place:A:1 …) \
         and [[stages.knockout.places]] for the other places)",
    );
    // Two round robins of one section without groups: the plain refusal.
    assert_refused(
        &upper_stage(false),
        "stages[1].system",
        "一个赛事只能有一个循环赛赛段 (an event has at most one round robin stage)",
    );
}

/// Two team sections may each have a round robin stage of their own: each section runs with
/// the stages that play it.
#[test]
fn each_team_section_has_its_own_round_robin_stage() {
    let text = super::templates::find("xiangqi-team")
        .map(|t| t.text)
        .unwrap_or_default();
    let ev = super::parse(text, std::path::Path::new("event.toml")).expect("the template");
    let stages = |id: &str| -> Vec<String> {
        let e = ev.for_team_section(id);
        e.stages().iter().map(|s| s.id.to_string()).collect()
    };
    assert_eq!(stages("team-men"), ["regular", "finals"]);
    assert_eq!(stages("team-women"), ["women"]);
}
