//! Every form an organizer receives (issue 20), on committed fixtures made by
//! `tests/fixtures/received/make_received.py`: two Word forms (组别 merged down; the title inside
//! the table), a Traditional-Chinese workbook with Hong Kong documents, a CSV under a GBK-encoded
//! file name, a workbook of formulas (cached values, two `#N/A`, 1904 date system) and a zip
//! with two members of the same name. Every player comes out with the right name, ID, sex, group
//! and birth date; each error cell is a finding at that cell.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use bianpai::findings::{Findings, Severity};
use bianpai::ingest::{Limits, load};
use bianpai::inputs::read_forms;
use bianpai::model::roster::{Person, Roster};
use bianpai::normalize::build_roster;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/received")
}

/// The fixture folder copied to a temporary one, the CSV under its GBK-encoded name.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for e in std::fs::read_dir(fixtures().join("folder")).unwrap() {
        let e = e.unwrap();
        let name = e.file_name();
        let target = if name.to_string_lossy().ends_with(".gbk-name") {
            let shown = name.to_string_lossy().replace(".gbk-name", "");
            let (gbk, _, _) = encoding_rs::GBK.encode(&shown);
            dir.path().join(std::ffi::OsStr::from_bytes(&gbk))
        } else {
            dir.path().join(&name)
        };
        std::fs::copy(e.path(), target).unwrap();
    }
    dir
}

fn run(dir: &Path) -> (Roster, Findings) {
    let mut findings = Findings::new();
    let loaded = load(dir, &Limits::default(), &mut findings);
    let subs = read_forms(&loaded.files, &mut findings);
    let roster = build_roster(&subs, &mut findings);
    (roster, findings)
}

fn expected() -> serde_json::Value {
    let text = std::fs::read_to_string(fixtures().join("expected.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn soffice() -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("soffice").is_file()))
}

/// (unit, name, sex, birth, id, group) of a person as read.
fn row(unit: &str, p: &Person) -> Vec<String> {
    vec![
        unit.to_string(),
        p.display_name().to_string(),
        p.sex
            .as_ref()
            .map(|s| s.value.zh().to_string())
            .unwrap_or_default(),
        p.birth
            .as_ref()
            .map(|b| b.value.date.to_string())
            .unwrap_or_default(),
        p.id.as_ref()
            .map(|i| i.value.number.clone())
            .unwrap_or_default(),
        p.group
            .as_ref()
            .map(|g| g.value.clone())
            .unwrap_or_default(),
    ]
}

#[test]
fn every_player_with_name_id_sex_group_and_birth() {
    let dir = folder();
    let (roster, findings) = run(dir.path());
    let mut got: Vec<Vec<String>> = roster
        .teams
        .iter()
        .flat_map(|t| t.players.iter().map(|p| row(&t.unit.value, p)))
        .collect();
    got.sort();
    let mut want: Vec<Vec<String>> = expected()["people"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| soffice() || p["unit"] != "辽宁省")
        .map(|p| {
            ["unit", "name", "sex", "birth", "id", "group"]
                .iter()
                .map(|k| p[k].as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    want.sort();
    assert_eq!(got, want, "{:#?}", findings.all());
}

#[test]
fn error_cells_are_findings_at_the_cell_never_values() {
    let dir = folder();
    let (roster, findings) = run(dir.path());
    let errors: Vec<(String, String)> = findings
        .all()
        .iter()
        .filter(|f| f.code == "cell.error")
        .map(|f| (f.source.to_string(), f.message_zh.clone()))
        .collect();
    assert_eq!(
        errors,
        vec![
            (
                "安徽省报名表.xlsx!报名表!C6".to_string(),
                "单元格是错误值 #N/A（多为公式查找失败），未作为姓名读取：请在原表中改正"
                    .to_string()
            ),
            (
                "安徽省报名表.xlsx!报名表!F6".to_string(),
                "单元格是错误值 #N/A（多为公式查找失败），未作为证件号码读取：请在原表中改正"
                    .to_string()
            ),
        ]
    );
    let names: Vec<&str> = roster
        .teams
        .iter()
        .flat_map(|t| t.players.iter().map(Person::display_name))
        .collect();
    assert!(!names.iter().any(|n| n.contains('#')), "{names:?}");
}

#[test]
fn word_labels_and_provenance() {
    let dir = folder();
    let (roster, _) = run(dir.path());
    let hebei = roster
        .teams
        .iter()
        .find(|t| t.unit.value == "河北省")
        .unwrap();
    // The unit label is the document's second paragraph; 组别 merged down from 表1!B2.
    assert_eq!(hebei.unit.source.to_string(), "河北省报名表.docx!段落!A2");
    let li = hebei
        .players
        .iter()
        .find(|p| p.display_name() == "李明")
        .unwrap();
    assert_eq!(
        li.group.as_ref().unwrap().source.to_string(),
        "河北省报名表.docx!表1!B2"
    );
    assert_eq!(
        li.name.as_ref().unwrap().source.to_string(),
        "河北省报名表.docx!表1!C3"
    );
    let shanxi = roster
        .teams
        .iter()
        .find(|t| t.unit.value == "山西省")
        .unwrap();
    assert_eq!(shanxi.unit.source.to_string(), "山西省报名表.docx!表1!A2");
}

#[test]
fn a_gbk_named_file_is_read_and_shown_decoded() {
    let dir = folder();
    let (roster, findings) = run(dir.path());
    assert!(
        !findings
            .all()
            .iter()
            .any(|f| f.code == "file.unreadable" && f.source.file.ends_with(".csv")),
        "{:#?}",
        findings.all()
    );
    let jilin = roster
        .teams
        .iter()
        .find(|t| t.unit.value == "吉林省")
        .unwrap();
    assert_eq!(
        jilin.players[0].name.as_ref().unwrap().source.to_string(),
        "吉林省报名表.csv!吉林省报名表!C4"
    );
}

#[test]
fn two_zip_members_of_the_same_name_each_with_its_own_provenance() {
    let dir = folder();
    let (roster, _) = run(dir.path());
    let src = |unit: &str| {
        roster
            .teams
            .iter()
            .find(|t| t.unit.value == unit)
            .unwrap()
            .players[0]
            .name
            .as_ref()
            .unwrap()
            .source
            .to_string()
    };
    assert_eq!(src("福建省"), "附件.zip/报名表.xlsx!报名表!C4");
    assert_eq!(src("江西省"), "附件.zip/报名表.xlsx#2!报名表!C4");
}

#[test]
fn a_doc_is_converted_or_named_with_the_fix() {
    let dir = folder();
    let (_, findings) = run(dir.path());
    let doc: Vec<_> = findings
        .all()
        .iter()
        .filter(|f| &*f.source.file == "辽宁省报名表.doc")
        .map(|f| (f.code.to_string(), f.severity, f.message_zh.clone()))
        .collect();
    if soffice() {
        assert_eq!(doc.len(), 1, "{doc:?}");
        assert_eq!(doc[0].0, "file.converted");
        assert_eq!(doc[0].1, Severity::Warning);
    } else {
        assert_eq!(doc[0].0, "file.unreadable");
        assert!(
            doc[0]
                .2
                .contains("请用 Word/WPS 另存为 .docx 或 .xlsx 后放回")
        );
    }
}
