//! The sample event folders (`samples/`, generated with a test oracle in
//! `samples/expected.json`): every team's people with their normalized values, and every
//! finding of the codes this stage raises, at the oracle's cells.

use super::*;
use bianpai::ingest::{Limits, load};
use bianpai::normalize::{parse_date_text, parse_id_text};
use std::collections::BTreeSet;
use std::path::Path;

const CODES: &[&str] = &[
    "file.superseded",
    "file.duplicate-team",
    "person.name-missing",
    "person.id-invalid",
    "person.id-birth-mismatch",
    "person.id-gender-mismatch",
    "person.birth-missing",
    "person.gender-missing",
    "person.duplicate",
    "person.fide-id-invalid",
];

fn t_cell(s: &str) -> Cell {
    Cell::Text(s.to_string())
}

fn oracle() -> serde_json::Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/expected.json");
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn s(v: &serde_json::Value, k: &str) -> String {
    match v.get(k) {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// (team, name, role, sex, birth, id, board, fide, rating) as the oracle writes them.
fn person_row(team: &str, p: &Person) -> Vec<String> {
    let role = match p.role() {
        Role::Player => "运动员",
        Role::Leader => "领队",
        Role::Coach => "教练",
        Role::Staff => "随队人员",
    };
    let board = p.board.as_ref().map(|b| match b.value {
        Board::Main(n) => n.to_string(),
        Board::Reserve(_) => "替补".to_string(),
    });
    vec![
        team.to_string(),
        p.display_name().to_string(),
        role.to_string(),
        p.sex
            .as_ref()
            .map(|x| x.value.zh().to_string())
            .unwrap_or_default(),
        p.birth
            .as_ref()
            .map(|b| b.value.date.to_string())
            .unwrap_or_default(),
        p.id.as_ref()
            .map(|i| i.value.number.clone())
            .unwrap_or_default(),
        board.unwrap_or_default(),
        p.fide_id
            .as_ref()
            .map(|f| f.value.to_string())
            .unwrap_or_default(),
        p.rating
            .as_ref()
            .map(|r| r.value.to_string())
            .unwrap_or_default(),
    ]
}

fn check(folder: &str) {
    let all = oracle();
    let want = &all[folder];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(folder);
    let mut findings = Findings::new();
    let loaded = load(&root, &Limits::default(), &mut findings);
    let mut ours = Findings::new();
    let subs = bianpai::inputs::read_forms(&loaded.files, &mut ours);
    let roster = build_roster(&subs, &mut ours);

    let mut want_people = BTreeSet::new();
    let mut want_dates = BTreeSet::new();
    for t in want["teams"].as_array().unwrap() {
        let team = s(t, "team");
        want_dates.insert((team.clone(), s(t, "date")));
        for p in t["people"].as_array().unwrap() {
            let fields = [
                "name", "role", "sex", "birth", "id", "board", "fide", "rating",
            ];
            let mut row = vec![team.clone()];
            row.extend(fields.iter().map(|f| s(p, f)));
            if row[2] != "运动员" {
                // Officials are often named by a label only (`领队：张三`).
                row.truncate(3);
            }
            // Cells written wrong on purpose keep what the form says (or nothing).
            let written = &p["written"];
            if written.get("name").is_some() && s(written, "name").trim().is_empty() {
                continue;
            }
            if let Some(serde_json::Value::String(rid)) = written.get("rid")
                && !matches!(parse_id_text(rid), Ok(Some(_)))
            {
                row[5].clear();
            }
            // Left empty: filled from the ID when there is one, else nothing.
            for (field, col) in [("birth", 4), ("sex", 3)] {
                if s(written, field).is_empty() && written.get(field).is_some() && row[5].is_empty()
                {
                    row[col].clear();
                }
            }
            if let Some(serde_json::Value::String(b)) = written.get("birth")
                && let Ok(d) = parse_date_text(b)
                && d.precision == DatePrecision::Day
            {
                row[4] = d.date.to_string();
            }
            if let Some(serde_json::Value::String(x)) = written.get("sex")
                && let Ok(Some(sx)) = bianpai::normalize::sex(&t_cell(x))
            {
                row[3] = sx.zh().to_string();
            }
            if let Some(serde_json::Value::String(b)) = written.get("board") {
                row[6] = b.clone();
            }
            if let Some(serde_json::Value::String(f)) = written.get("fide")
                && bianpai::normalize::fide_id(&t_cell(f)).is_err()
            {
                row[7].clear();
            }
            want_people.insert(row);
        }
    }
    let mut got_people = BTreeSet::new();
    for t in &roster.teams {
        let everyone = t
            .leader
            .iter()
            .chain(&t.coach)
            .chain(&t.staff)
            .chain(&t.players);
        for p in everyone {
            let mut row = person_row(&t.unit.value, p);
            if p.role() != Role::Player {
                row.truncate(3);
            }
            got_people.insert(row);
        }
    }
    let got_dates: BTreeSet<(String, String)> = roster
        .teams
        .iter()
        .map(|t| {
            let d = t
                .fill_date
                .as_ref()
                .map(|d| d.value.to_string())
                .unwrap_or_default();
            (t.unit.value.clone(), d)
        })
        .collect();
    // Some forms carry no date at all; every date read must be the true one.
    let wrong: Vec<_> = got_dates
        .iter()
        .filter(|(_, d)| !d.is_empty())
        .filter(|(team, _)| !want_dates.contains(&(team.clone(), String::new())))
        .filter(|x| !want_dates.contains(*x))
        .collect();
    assert!(wrong.is_empty(), "{folder}: 填表日期 {wrong:?}");
    assert!(got_dates.len() == want_dates.len());
    let missing: Vec<String> = want_people
        .difference(&got_people)
        .map(|r| r.join("|"))
        .collect();
    let extra: Vec<String> = got_people
        .difference(&want_people)
        .map(|r| r.join("|"))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{folder}\nmissing\n{}\nextra\n{}",
        missing.join("\n"),
        extra.join("\n")
    );

    let want_findings: BTreeSet<(String, String, String)> = want["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| CODES.contains(&s(f, "code").as_str()))
        .map(|f| (s(f, "code"), s(f, "file"), s(f, "cell")))
        .collect();
    // The quota table is skipped by the form reader (eligibility reads it): no finding.
    let got_findings: BTreeSet<(String, String, String)> = ours
        .all()
        .iter()
        .map(|f| {
            (
                f.code.to_string(),
                f.source.file.to_string(),
                f.source.a1().unwrap_or_default(),
            )
        })
        .collect();
    // A byte-identical copy: either file may be the superseded one (file times are not
    // kept by git), as long as exactly one is.
    let mut got_findings = got_findings;
    for f in want["files"].as_array().unwrap() {
        if s(f, "kind") != "entry-form (identical copy)" {
            continue;
        }
        let copy = s(f, "path");
        let original = copy.replace(" - 副本", "");
        let sup = |p: &str| ("file.superseded".to_string(), p.to_string(), String::new());
        let both = [sup(&copy), sup(&original)];
        assert_eq!(
            both.iter().filter(|x| got_findings.contains(x)).count(),
            1,
            "{copy}"
        );
        got_findings.remove(&sup(&original));
        got_findings.insert(sup(&copy));
    }
    let missing: Vec<_> = want_findings.difference(&got_findings).collect();
    let extra: Vec<_> = got_findings.difference(&want_findings).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{folder}\nmissing {missing:#?}\nextra {extra:#?}"
    );
}

#[test]
fn a_league() {
    check("cca-a-league-2023");
}

/// The A-league registration list is read as one: every entered player is on it except
/// 田彤妍 (the planted `person.not-registered`), plus 12 registered players in no team.
#[test]
fn a_league_registration_list() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/cca-a-league-2023");
    let mut findings = Findings::new();
    let loaded = load(&root, &Limits::default(), &mut findings);
    let subs = bianpai::inputs::read_forms(&loaded.files, &mut findings);
    let roster = build_roster(&subs, &mut findings);
    let registered: BTreeSet<String> = roster
        .registrations
        .iter()
        .filter_map(|p| p.id.as_ref().map(|i| i.value.number.clone()))
        .collect();
    assert_eq!(registered.len(), roster.registrations.len());
    let mut entered = BTreeSet::new();
    let mut missing = Vec::new();
    for t in &roster.teams {
        for p in &t.players {
            let id =
                p.id.as_ref()
                    .map(|i| i.value.number.clone())
                    .unwrap_or_default();
            if !registered.contains(&id) {
                missing.push(p.display_name().to_string());
            }
            entered.insert(id);
        }
    }
    // 曹航思 and 赵思卓 have unusable IDs in their forms.
    assert_eq!(missing, vec!["曹航思", "赵思卓", "田彤妍"]);
    assert_eq!(registered.difference(&entered).count(), 12 + 2);
}

#[test]
fn b_league() {
    check("cca-b-league-2025");
}

/// Every 食宿 sheet of the B-league sample reaches its team, whatever the date spelling
/// (date cells, `8月5日`, `2025.08.05`): the stay is 08-05 to 08-11 for everyone.
#[test]
fn b_league_rooms() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/cca-b-league-2025");
    let mut findings = Findings::new();
    let loaded = load(&root, &Limits::default(), &mut findings);
    let subs = bianpai::inputs::read_forms(&loaded.files, &mut findings);
    let roster = build_roster(&subs, &mut findings);
    assert!(roster.unattached_rooms.is_empty());
    let counts: Vec<(&str, usize)> = roster
        .teams
        .iter()
        .map(|t| (t.unit.value.as_str(), t.rooms.len()))
        .collect();
    assert_eq!(
        counts,
        vec![
            ("内蒙古草原队", 0),
            ("北京京西队", 10),
            ("吉林长白山队", 7),
            ("哈尔滨冰城队", 0),
            ("大庆油田队", 0),
            ("天津滨海队", 9),
            ("安徽黄山队", 9),
            ("山西晋阳队", 9),
            ("广西八桂队", 9),
            ("无锡太湖队", 10),
            ("江西赣江队", 9),
            ("河北燕赵队", 9),
            ("河南中原队", 10),
            ("福建海峡队", 10),
            ("苏州姑苏队", 9),
            ("辽宁沈阳队", 9),
        ]
    );
    for t in &roster.teams {
        for r in &t.rooms {
            let stay = (
                r.check_in.as_ref().map(|d| d.value),
                r.check_out.as_ref().map(|d| d.value),
            );
            assert_eq!(
                stay,
                (Some(date(2025, 8, 5)), Some(date(2025, 8, 11))),
                "{}",
                t.unit.value
            );
            assert!(
                r.name.is_some() && r.hotel.is_some() && r.room_type.is_some(),
                "{r:?}"
            );
        }
    }
}

#[test]
fn amateur_king() {
    check("cxa-amateur-king-2023");
}

/// The youth chess sample's forms (its event.toml is not read here; `run` does not play its
/// FIDE Dutch stage yet, so the sample is not in the end-to-end tests).
#[test]
fn youth_chess() {
    check("youth-chess-2026");
}
