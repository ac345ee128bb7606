//! The youth chess sample's outputs as a chess event writes them (issue 41): no xiangqi word (红)
//! anywhere in `out/`, and every FIDE ID a form gives on its player's `001` line.

mod util;

use std::collections::BTreeSet;

#[test]
fn no_xiangqi_word_and_every_fide_id_on_its_001_line() {
    let (_tmp, dir) = util::sample_copy("youth-chess-2026");
    let out = util::bianpai(&["run", dir.to_str().unwrap()]);
    assert!(out.status.code().is_some());
    let mut files = Vec::new();
    util::walk(&dir.join("out"), &mut files);
    assert!(files.len() > 100, "{}", files.len());
    let red: Vec<String> = files
        .iter()
        .filter(|f| util::text_of(f).contains('红'))
        .map(|f| f.display().to_string())
        .collect();
    assert_eq!(red, Vec::<String>::new());

    // The FIDE IDs of the roster workbook (国际棋联ID, as read from the forms) against those of
    // the ten reports' `001` lines (columns 58-68).
    use calamine::{Reader, open_workbook_auto};
    let mut wb = open_workbook_auto(dir.join("out/roster.xlsx")).unwrap();
    let mut on_forms = BTreeSet::new();
    for name in wb.sheet_names() {
        let range = wb.worksheet_range(&name).unwrap();
        let mut col = None;
        for row in range.rows() {
            let cells: Vec<String> = row.iter().map(ToString::to_string).collect();
            if let Some(c) = cells.iter().position(|c| c == "国际棋联ID") {
                col = Some(c);
                continue;
            }
            if let Some(id) = col.and_then(|c| cells.get(c)).filter(|s| !s.is_empty()) {
                on_forms.insert(id.clone());
            }
        }
    }
    let mut in_reports = BTreeSet::new();
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "trf"))
    {
        for l in util::text_of(f).lines().filter(|l| l.starts_with("001")) {
            let id = l.get(57..68).unwrap_or("").trim();
            if !id.is_empty() {
                in_reports.insert(id.to_string());
            }
        }
    }
    assert!(on_forms.len() >= 40, "{}", on_forms.len());
    assert_eq!(on_forms, in_reports);
}

/// Nobody vanishes (issue 43 point 4) on the youth championship: the roster's 269 players are
/// the 268 in the ten sections' standings and the one a finding names instead, 熊杰涛 entered a
/// second time by another club (`round.duplicate-entrant` at the second form's name cell).
#[test]
fn every_roster_player_is_placed_or_named_by_a_finding() {
    let (_tmp, dir) = util::sample_copy("youth-chess-2026");
    let (_, json, err) = util::run_json(&dir, &[]);
    let placed: BTreeSet<String> = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{}|{}", util::s(r, "section"), util::s(r, "name")))
        .collect();
    let rows = json["standings"].as_array().unwrap().len();
    assert_eq!(placed.len(), rows, "one standings row per player");
    let named: Vec<(String, String)> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| {
            matches!(
                util::s(f, "code").as_str(),
                "round.duplicate-entrant" | "person.section-unplaced"
            )
        })
        .map(|f| {
            (
                format!("{}（{}）", util::s(f, "person"), util::s(f, "team")),
                util::s(f, "source"),
            )
        })
        .collect();
    assert_eq!(
        named,
        [(
            "熊杰涛（合肥弈林国际象棋俱乐部）".to_string(),
            "合肥弈林国际象棋俱乐部报名表.xlsx!报名表!C8".to_string()
        )],
        "{err}"
    );
    assert!(!placed.iter().any(|p| p.ends_with(&named[0].0)));
    assert!(placed.contains("U10男子组|熊杰涛（合肥市师范附属小学）"));
    assert_eq!(
        (json["players"].as_u64(), placed.len(), named.len()),
        (Some(269), 268, 1)
    );
}

/// An individual event's entry lists are not titled by boards (issue 41 point 3), in the
/// roster workbook's team sheets as in the packets, in chess and in xiangqi; a team event's
/// are (报名名单（按台次）).
#[test]
fn entry_lists_are_titled_by_boards_only_in_a_team_event() {
    for (sample, unit, title) in [
        ("youth-chess-2026", "亳州市国际象棋俱乐部", "报名名单"),
        ("cxa-amateur-king-2023", "上海市", "报名名单"),
        ("cca-b-league-2025", "内蒙古草原队", "报名名单（按台次）"),
    ] {
        let (_tmp, dir) = util::sample_copy(sample);
        util::run_json(&dir, &[]);
        let roster = util::cells::read_book(&dir.join("out/roster.xlsx"));
        let packet = util::cells::read_book(&dir.join(format!("out/teams/{unit}.xlsx")));
        for sheet in [util::cells::sheet(&roster, unit), &packet[0]] {
            let a1 = sheet.text(0, 0);
            assert!(a1.ends_with(&format!(" {unit} {title}")), "{sample}: {a1}");
        }
    }
}
