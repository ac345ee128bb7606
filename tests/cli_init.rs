//! `bianpai templates` and `bianpai init`, run as a user would: the built binary on a fresh folder.

use std::path::Path;
use std::process::{Command, Output};

use bianpai::event::{self, EventError};

fn bianpai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn utf8(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

const TEMPLATES: [(&str, &str); 6] = [
    ("cca-a-league-2023", "2023年中国国际象棋甲级联赛"),
    ("cca-b-league-2025", "2025年中国国际象棋乙级联赛"),
    ("cxa-amateur-king-2023", "2023年全国业余棋王赛总决赛"),
    ("youth-chess", "2026年安徽省青少年国际象棋锦标赛"),
    ("open-chess", "2026年南京市国际象棋等级分公开赛"),
    ("xiangqi-team", "2026年全国象棋团体锦标赛"),
];

#[test]
fn templates_lists_name_and_title() {
    let out = bianpai(&["templates"]);
    assert_eq!(out.status.code(), Some(0));
    let expected: String = TEMPLATES
        .iter()
        .map(|(n, t)| format!("{n}\t{t}\n"))
        .collect();
    assert_eq!(utf8(&out.stdout), expected);
}

fn init(dir: &Path, template: &str) -> Output {
    bianpai(&["init", dir.to_str().unwrap(), "--template", template])
}

#[test]
fn init_every_template() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, title) in TEMPLATES {
        // A nested folder that does not exist yet.
        let dir = tmp.path().join("赛事").join(name);
        let out = init(&dir, name);
        assert_eq!(out.status.code(), Some(0), "{}", utf8(&out.stderr));
        let stdout = utf8(&out.stdout);
        assert!(
            stdout.contains("默认值") && stdout.contains("tax"),
            "{stdout}"
        );
        let text = std::fs::read_to_string(dir.join("event.toml")).unwrap();
        let shipped = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("templates/{name}.toml")),
        )
        .unwrap();
        assert_eq!(
            text, shipped,
            "event.toml is the commented template, verbatim"
        );
        let ev = event::load(&dir).unwrap();
        assert_eq!(ev.meta().name, title);
        assert_eq!(ev.template(), Some(name));

        let form = dir.join("forms").join("报名表.xlsx");
        use calamine::Reader;
        let mut xl: calamine::Xlsx<_> = calamine::open_workbook(&form).unwrap();
        assert_eq!(xl.sheet_names(), vec!["报名表", "食宿", "_bianpai"]);
        let r = xl.worksheet_range("报名表").unwrap();
        assert_eq!(
            r.get_value((0, 0)),
            Some(&calamine::Data::String(format!("{title} 报名表")))
        );
        assert_eq!(
            r.get_value((6, 0)),
            Some(&calamine::Data::String("序号".into()))
        );
        assert_eq!(
            r.get_value((7, 0)),
            Some(&calamine::Data::String("示例".into()))
        );
        // No temporary files left behind.
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, vec!["event.toml", "forms"]);
    }
}

#[test]
fn init_twice_refuses_and_keeps_the_edited_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("b");
    assert_eq!(init(&dir, "cca-b-league-2025").status.code(), Some(0));
    let toml = dir.join("event.toml");
    let edited = std::fs::read_to_string(&toml)
        .unwrap()
        .replace("rounds = 9", "rounds = 7");
    std::fs::write(&toml, &edited).unwrap();
    let out = init(&dir, "cca-b-league-2025");
    assert_eq!(out.status.code(), Some(2));
    let err = utf8(&out.stderr);
    assert!(err.contains("event.toml 已存在"), "{err}");
    assert_eq!(std::fs::read_to_string(&toml).unwrap(), edited);
}

#[test]
fn two_inits_give_identical_forms() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, _) in TEMPLATES {
        let a = tmp.path().join(format!("{name}-a"));
        let b = tmp.path().join(format!("{name}-b"));
        assert_eq!(init(&a, name).status.code(), Some(0));
        assert_eq!(init(&b, name).status.code(), Some(0));
        let fa = std::fs::read(a.join("forms/报名表.xlsx")).unwrap();
        let fb = std::fs::read(b.join("forms/报名表.xlsx")).unwrap();
        assert!(fa == fb, "{name}: forms differ");
    }
}

#[test]
fn unknown_template_exits_2() {
    let tmp = tempfile::tempdir().unwrap();
    let out = init(&tmp.path().join("x"), "cca-c-league");
    assert_eq!(out.status.code(), Some(2));
    assert!(utf8(&out.stderr).contains("cca-c-league"));
    assert!(!tmp.path().join("x").exists(), "nothing created");
}

#[test]
fn malformed_event_toml_names_key_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("x");
    assert_eq!(init(&dir, "cxa-amateur-king-2023").status.code(), Some(0));
    let toml = dir.join("event.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let broken = text.replacen("rate_percent = 20", "rate_percent = \"二十\"", 1);
    std::fs::write(&toml, &broken).unwrap();
    let line = broken
        .lines()
        .position(|l| l.contains("rate_percent = \"二十\""))
        .unwrap()
        + 1;
    match event::load(&dir) {
        Err(EventError::Invalid {
            key, line: l, path, ..
        }) => {
            assert_eq!(key, "tax.rate_percent");
            assert_eq!(l, line);
            assert_eq!(path, toml);
        }
        other => panic!("expected an invalid-file error, got {other:?}"),
    }
    // A window ending before it starts.
    let broken = text.replacen(
        "from = \"1963-01-01\"\nto = \"2011-12-31\"",
        "from = \"2011-12-31\"\nto = \"1963-01-01\"",
        1,
    );
    assert_ne!(broken, text);
    std::fs::write(&toml, &broken).unwrap();
    let line = broken
        .lines()
        .position(|l| l == "to = \"1963-01-01\"")
        .unwrap()
        + 1;
    let e = event::load(&dir).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains(&format!(
            "event.toml:{line}:1: 键 (key) `eligibility.birth.to`"
        )),
        "{msg}"
    );
    assert!(msg.contains("早于开始"), "{msg}");
}

/// The blank form, filled in by a team (openpyxl, `tests/fixtures/event/make_filled_form.py`),
/// reads back through the same ingest and form reader as every other entry form: the labelled
/// cells above the table, the players under the example row, and the 食宿 sheet.
#[test]
fn filled_blank_form_reads_back() {
    use bianpai::findings::Findings;
    use bianpai::forms::{Field, SubmissionKind};
    use bianpai::ingest::{self, Cell, Limits};

    let tmp = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/event/filled-b-league.xlsx"
        ),
        tmp.path().join("北京京西报名表.xlsx"),
    )
    .unwrap();
    let mut findings = Findings::new();
    let loaded = ingest::load(tmp.path(), &Limits::default(), &mut findings);
    let subs = bianpai::inputs::read_forms(&loaded.files, &mut findings);
    let text = |c: &Cell| c.display();

    let entry = subs
        .iter()
        .find(|s| s.kind == SubmissionKind::EntryForm)
        .expect("an entry form");
    assert_eq!(&*entry.sheet, "报名表");
    assert_eq!(entry.header_row, 6);
    assert_eq!(
        entry.unit.as_ref().map(|v| text(&v.cell)).as_deref(),
        Some("北京京西国际象棋俱乐部")
    );
    assert_eq!(
        entry.leader.as_ref().map(|v| text(&v.cell)).as_deref(),
        Some("赵立群")
    );
    assert_eq!(
        entry.coach.as_ref().map(|v| text(&v.cell)).as_deref(),
        Some("钱小川")
    );
    assert_eq!(
        entry.fill_date.as_ref().map(|v| v.cell.clone()),
        Some(Cell::Date(jiff::civil::date(2025, 7, 1)))
    );
    let names: Vec<String> = entry
        .rows
        .iter()
        .filter_map(|r| r.get(Field::Name).map(|v| text(&v.cell)))
        .collect();
    assert_eq!(
        names,
        vec![
            "孙一鸣",
            "李二石",
            "周三木",
            "吴四海",
            "郑五月",
            "王六一",
            "冯七夕"
        ]
    );
    let first = &entry.rows[0];
    assert_eq!(first.row, 8);
    assert_eq!(
        first.get(Field::Id).map(|v| v.cell.clone()),
        Some(Cell::Text("110101199803140030".into()))
    );
    assert_eq!(
        entry.rows[3]
            .get(Field::Board)
            .map(|v| text(&v.cell))
            .as_deref(),
        Some("替补")
    );
    assert_eq!(
        first
            .get(Field::Id)
            .map(|v| v.source.to_string())
            .as_deref(),
        Some("北京京西报名表.xlsx!报名表!F9")
    );

    let rooms = subs
        .iter()
        .find(|s| s.kind == SubmissionKind::RoomRequest)
        .expect("a room request");
    let people: Vec<String> = rooms
        .rows
        .iter()
        .filter_map(|r| r.get(Field::Name).map(|v| text(&v.cell)))
        .collect();
    assert_eq!(people, vec!["孙一鸣", "李二石", "赵立群"]);
    assert_eq!(
        rooms.rows[2]
            .get(Field::Hotel)
            .map(|v| text(&v.cell))
            .as_deref(),
        Some("宜必思")
    );
}

/// `bianpai run` on a folder without event.toml: status 2 and a message that says how to make
/// it an event (init with a template) and lists the templates, not a raw OS error.
/// Several mistakes in event.toml: `run` prints each on its own line, with its key and line,
/// in the order of the file, and exits with status 2.
#[test]
fn every_problem_of_event_toml_is_printed_on_its_own_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("x");
    assert_eq!(init(&dir, "cxa-amateur-king-2023").status.code(), Some(0));
    let toml = dir.join("event.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let broken = text
        .replacen(r#""PTS", "BH", "WIN""#, r#""PTS", "XYZ", "WIN""#, 1)
        .replacen(
            r#""leader", "coach", "player""#,
            r#""leader", "staff", "player""#,
            1,
        );
    std::fs::write(&toml, &broken).unwrap();
    let line = |needle: &str| broken.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let out = bianpai(&["run", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = utf8(&out.stderr);
    let problems: Vec<&str> = err.lines().filter(|l| l.starts_with("bianpai: ")).collect();
    assert_eq!(problems.len(), 2, "{err}");
    for (shown, (key, needle)) in problems.iter().zip([
        ("tiebreaks[0].order[1]", "\"XYZ\""),
        ("accommodation.covered.roles[1]", "\"staff\""),
    ]) {
        assert!(
            shown.contains(&format!("event.toml:{}:", line(needle)))
                && shown.contains(&format!("`{key}`")),
            "{err}"
        );
    }
}

#[test]
fn run_without_event_toml_suggests_init_and_the_templates() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("报名表");
    std::fs::create_dir_all(&dir).unwrap();
    let out = bianpai(&["run", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = utf8(&out.stderr);
    let d = dir.display();
    assert!(
        err.contains(&format!(
            "bianpai: {d} 中没有 event.toml，还不是赛事文件夹 (no event.toml in {d}: not an event folder yet).\n\
             先用模板创建 (create it from a template): bianpai init {d} --template <模板名>\n\
             可用模板 (templates):\n\
             cca-a-league-2023\t2023年中国国际象棋甲级联赛\n\
             cca-b-league-2025\t2025年中国国际象棋乙级联赛\n\
             cxa-amateur-king-2023\t2023年全国业余棋王赛总决赛\n"
        )),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
    // Nothing was written into the folder.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}
