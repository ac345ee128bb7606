//! Lodging follows the regulation (issue 43 point 6): what a team without a room sheet is
//! booked (`[accommodation] without_request`), a superseded form's rooms never billed, and a
//! person entered twice booked once. Amounts by hand from the templates' rates, in fen.

use std::path::Path;

use super::util::edit::rewrite_sheets;
use super::util::{run_json, sample_copy};

/// The team's line of `costs[]`: (balance owed, balance received, with the hotel), in fen.
fn costs(j: &serde_json::Value, team: &str) -> (i64, i64, i64) {
    let c = j["costs"]
        .as_array()
        .expect("costs")
        .iter()
        .find(|c| c["team"] == team)
        .unwrap_or_else(|| panic!("no costs line for {team}"));
    let fen = |k: &str| c[k].as_i64().expect(k);
    (fen("owes_fen"), fen("receives_fen"), fen("hotel_fen"))
}

/// Findings of `code`: (source, message).
fn findings(j: &serde_json::Value, code: &str) -> Vec<(String, String)> {
    super::util::findings_of(j, code)
}

/// The xiangqi sample with 河北队's 食宿 sheet taken out of its form and `without_request`
/// set to `value`.
fn xiangqi_without_sheet(value: &str) -> (tempfile::TempDir, serde_json::Value) {
    let (tmp, dir) = sample_copy("xiangqi-team-2026");
    let form = dir.join("河北队报名表.xlsx");
    rewrite_sheets(&form.clone(), &form, |sheets| {
        sheets.retain(|s| s.name != "食宿")
    });
    set_without_request(&dir, value);
    let (_, j, err) = run_json(&dir, &[]);
    assert!(j["costs"].is_array(), "{err}");
    (tmp, j)
}

fn set_without_request(dir: &Path, value: &str) {
    let toml = dir.join("event.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let line = "without_request = \"standard\"";
    assert!(text.contains(line));
    std::fs::write(
        &toml,
        text.replacen(line, &format!("without_request = \"{value}\""), 1),
    )
    .unwrap();
}

/// 规程 九 (大会统一安排住宿): 河北队 sent no room sheet and is billed the standard arrangement
/// the form promises: its 10 people (领队, 教练, 4 men, 4 women) in the 大会酒店 双人间 for 5 days
/// at 300 yuan: 10 × 5 × 300 = 15,000 yuan; against it the women's 5th prize, 4,000 yuan: it owes
/// 11,000 yuan = 1,100,000 fen.
#[test]
fn team_without_room_sheet_is_billed_the_standard_stay() {
    let (_tmp, j) = xiangqi_without_sheet("standard");
    assert_eq!(costs(&j, "河北队"), (1_100_000, 0, 0));
    // The others keep their own sheets: 上海队 owes 10 × 5 × 300 = 15,000 yuan (all in twin
    // rooms) and wins 15,000 (men 3rd) + 5,000 (women 4th) yuan: it receives the balance, 5,000.
    assert_eq!(costs(&j, "上海队"), (0, 500_000, 0));
}

/// `without_request = "none"`: the same team is booked and billed nothing; it receives its
/// 4,000 yuan prize.
#[test]
fn team_without_room_sheet_is_billed_nothing_under_none() {
    let (_tmp, j) = xiangqi_without_sheet("none");
    assert_eq!(costs(&j, "河北队"), (0, 400_000, 0));
}

/// A superseded form's room sheet is never billed: 北京京西队 sent an earlier form (dated
/// 2025年7月1日) asking 单人间 for all ten people; the form of 7月5日 replaces it, and the
/// statement is the later sheet's alone: 诺富特 双人间 8 × 6 × 430 = 20,640 and 单人间
/// 2 × 6 × 660 = 7,920, 28,560 yuan settled with the hotel; 参赛费 7 × 400 = 2,800 owed.
#[test]
fn superseded_form_rooms_are_not_billed() {
    let (_tmp, dir) = sample_copy("cca-b-league-2025");
    let form = dir.join("北京京西队报名表.xlsx");
    let old = dir.join("北京京西队报名表(旧).xlsx");
    rewrite_sheets(&form, &old, |sheets| {
        for sh in sheets.iter_mut() {
            for row in sh.grid.iter_mut() {
                for cell in row.iter_mut() {
                    if cell.contains("2025年7月5日") {
                        *cell = cell.replace("2025年7月5日", "2025年7月1日");
                    }
                    if sh.name == "食宿" && cell == "双人间" {
                        *cell = "单人间".to_string();
                    }
                }
            }
        }
    });
    let (_, j, err) = run_json(&dir, &[]);
    let superseded = findings(&j, "file.superseded");
    assert!(
        superseded
            .iter()
            .any(|(src, _)| src == "北京京西队报名表(旧).xlsx"),
        "{superseded:?} {err}"
    );
    assert_eq!(costs(&j, "北京京西队"), (280_000, 0, 2_856_000));
}

/// 覃龙轩 is entered by 天津滨海队 (C6) and 河北燕赵队 (C7), and both room sheets ask a room
/// for him: he is booked once, with 天津滨海队, and the double entry is named with both cells.
/// 河北燕赵队 keeps 7 people in 宜必思 双人间 (7 × 6 × 310 = 13,020 yuan) and his roommate,
/// left alone in the twin he asked for, pays its empty bed (6 × 310 = 1,860 yuan), beside one
/// 单人间 (6 × 410 = 2,460 yuan): 17,340 yuan with the hotel.
#[test]
fn person_entered_twice_is_booked_once() {
    let (_tmp, dir) = sample_copy("cca-b-league-2025");
    let (_, j, _) = run_json(&dir, &[]);
    assert_eq!(
        findings(&j, "room.double-entry"),
        vec![(
            "河北燕赵队报名表.xls!报名表!C7".to_string(),
            "覃龙轩重复登记：已在天津滨海队（2025乙级联赛报名表-天津.xlsx!报名表!C6）安排食宿，\
             河北燕赵队报名表.xls!报名表!C7处的重复登记不再预订、不计费"
                .to_string()
        )]
    );
    assert_eq!(costs(&j, "河北燕赵队"), (280_000, 0, 1_734_000));
}
