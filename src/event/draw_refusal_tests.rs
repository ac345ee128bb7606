//! The draw, the rulings and the entry deadline: settings and rulings no code honours as
//! written, each refused at its key, with its message, when the file is read.

use super::refusal_tests::{A, B, X, assert_refused, edit};
use super::*;

/// A template's text.
fn template(id: &str) -> String {
    templates::find(id)
        .map(|t| t.text)
        .unwrap_or_default()
        .to_string()
}

#[test]
fn a_pairing_date_is_refused_at_its_key() {
    let t = format!("{}\n[draw]\npair_from = \"2026-07-06\"\n", template(B));
    assert_refused(
        &t,
        "draw.pair_from",
        "不支持按日期暂缓编排：同一文件夹在不同日期运行的结果会不同（每次运行须可重复）；\
         报名审查期间请写 pair = false，审查完成后删去该行 \
         (holding round 1 back until a date is not offered: the same folder would give \
         different outputs on different days (every run is repeatable); write pair = false \
         while the entries are reviewed and remove it afterwards)",
    );
}

#[test]
fn a_ruled_withdrawal_outside_a_swiss_or_without_its_round_is_refused() {
    let t = format!(
        "{}\n[[rulings]]\nteam = \"北京华清队\"\ndecision = \"withdrawn\"\nround = 3\n",
        template(A)
    );
    assert_refused(
        &t,
        "rulings[0].decision",
        "退赛裁定（withdrawn）只用于瑞士制赛段；循环赛和淘汰赛的对阵不因退赛而变，未赛对局由裁判长在成绩表中录入 \
         (a ruled withdrawal is for a Swiss stage; a round robin's or a bracket's pairings \
         do not change, the games not played are typed in the round workbooks)",
    );
    let t = format!(
        "{}\n[[rulings]]\nteam = \"广西八桂队\"\ndecision = \"withdrawn\"\n",
        template(B)
    );
    assert_refused(
        &t,
        "rulings[0].round",
        "退赛裁定须写明自第几轮起不再编排（round = N） \
         (a ruled withdrawal names the first round not paired (round = N))",
    );
}

#[test]
fn excluding_late_entries_without_late_invalid_is_refused() {
    let t = edit(X, "late_entry = \"withheld\"", "late_entry = \"excluded\"").replacen(
        "late_invalid = true\n",
        "late_invalid = false\n",
        1,
    );
    assert_refused(
        &t,
        "deadlines.entry.late_entry",
        "逾期报名不参赛（late_entry = \"excluded\"）只用于规程写明“逾期报名无效”的赛事（late_invalid = true） \
         (excluding a late entry (late_entry = \"excluded\") needs a regulation that makes late \
         entries invalid (late_invalid = true))",
    );
}
