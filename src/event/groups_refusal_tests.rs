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
