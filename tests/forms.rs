//! Entry forms as teams really fill them in, built cell by cell, through `inputs::read_forms` and
//! `normalize::build_roster`: exact roster values and exact findings (code, person, cell).

use bianpai::findings::{Findings, Severity};
use bianpai::forms::SubmissionKind;
use bianpai::ingest::{Cell, Format, LoadedFile, Merge, Table};
use bianpai::model::Sex;
use bianpai::model::roster::{
    Board, DatePrecision, Derivation, IdKind, Person, Role, Roster, Team,
};
use bianpai::normalize::build_roster;
use jiff::civil::date;

fn t(s: &str) -> Cell {
    Cell::Text(s.to_string())
}

const E: Cell = Cell::Empty;

fn table(file: &str, sheet: &str, rows: Vec<Vec<Cell>>, merges: Vec<Merge>) -> Table {
    Table {
        file: file.into(),
        sheet: sheet.into(),
        rows,
        merges,
        hidden: false,
        paragraphs: Vec::new(),
        date1904: false,
    }
}

fn merge(first_row: u32, first_col: u32, last_row: u32, last_col: u32) -> Merge {
    Merge {
        first_row,
        first_col,
        last_row,
        last_col,
    }
}

fn file(path: &str, modified: i64, tables: Vec<Table>) -> LoadedFile {
    LoadedFile {
        path: path.to_string(),
        format: Format::Xlsx,
        modified: Some(modified),
        tables,
    }
}

/// (code, person, source) of every finding, sorted.
fn summary(f: &Findings) -> Vec<(String, String, String)> {
    let mut v: Vec<_> = f
        .all()
        .iter()
        .map(|x| {
            (
                x.code.to_string(),
                x.person.clone().unwrap_or_default(),
                x.source.to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

fn s3(a: &str, b: &str, c: &str) -> (String, String, String) {
    (a.to_string(), b.to_string(), c.to_string())
}

fn run(files: &[LoadedFile]) -> (Roster, Findings) {
    let mut findings = Findings::new();
    let subs = bianpai::inputs::read_forms(files, &mut findings);
    let roster = build_roster(&subs, &mut findings);
    (roster, findings)
}

fn team<'a>(r: &'a Roster, unit: &str) -> &'a Team {
    r.teams
        .iter()
        .find(|t| t.unit.value == unit)
        .unwrap_or_else(|| {
            panic!(
                "no team {unit}: {:?}",
                r.teams.iter().map(|t| &t.unit.value).collect::<Vec<_>>()
            )
        })
}

fn names(ps: &[Person]) -> Vec<&str> {
    ps.iter().map(Person::display_name).collect()
}

/// The Beijing form: merged title, labels in one cell and in adjacent cells, a header with line
/// breaks and `*`, the example row, padded names, full-width digits, a numeric ID, signature
/// rows.
fn beijing(path: &str, fill_date: &str) -> Table {
    let header = vec![
        t("序号"),
        t("台次"),
        t("姓  名"),
        t("性别"),
        t("出生日期\n（例：2001.05.03）"),
        t("*身份证号码"),
        t("国际棋联ID"),
        t("等级分"),
        t("注册单位"),
        t("备注"),
    ];
    let rows = vec![
        vec![
            t("2025年中国国际象棋乙级联赛报名表"),
            E,
            E,
            E,
            E,
            E,
            E,
            E,
            E,
            E,
        ],
        vec![t("参赛单位（盖章）：北京棋院俱乐部　　　领队：张　伟")],
        vec![t("教练"), t("李　强"), E, E, t("填表日期"), t(fill_date)],
        header,
        vec![
            t("例"),
            t("1"),
            t("张三（示例）"),
            t("男"),
            t("2001.05.03"),
            t("110105200105030038"),
            E,
            E,
            E,
            t("示例"),
        ],
        vec![
            Cell::Int(1),
            t("第一台"),
            t("王　浩"),
            t("男"),
            t("2001.5.3"),
            t("110105200105030011"),
            Cell::Float(8603677.0),
            t("2,315"),
            t("北京棋院"),
            E,
        ],
        vec![
            Cell::Int(2),
            Cell::Int(2),
            t(" 李 明 "),
            t("男"),
            Cell::Date(date(2000, 3, 4)),
            Cell::Float(410102199001011000.0),
            E,
            t("２３１５分"),
            t("北京棋院"),
            E,
        ],
        vec![
            Cell::Int(3),
            t("三台"),
            t("欧阳•娜娜"),
            t("女"),
            E,
            t("310104 20020815 0025"),
            t("86O3677"),
            Cell::Int(0),
            t("北京棋院"),
            E,
        ],
        vec![
            Cell::Int(4),
            t("替补"),
            t("陈晨"),
            t("女"),
            t("2003年5月"),
            E,
            E,
            E,
            t("北京棋院"),
            E,
        ],
        vec![
            Cell::Int(5),
            t("替补1"),
            E,
            t("男"),
            t("2002.1.1"),
            E,
            E,
            E,
            E,
            E,
        ],
        vec![
            Cell::Int(6),
            Cell::Int(4),
            t("赵六"),
            t("女"),
            t("2001.02.03"),
            t("440304200102040039"),
            E,
            E,
            t("北京棋院"),
            E,
        ],
        vec![
            Cell::Int(7),
            t("5"),
            t("马　超"),
            E,
            E,
            t("110105850712031"),
            E,
            E,
            t("北京棋院"),
            E,
        ],
        vec![Cell::Int(8)],
        vec![],
        vec![t("单位负责人签字：　　　　单位（公章）　　　年　月　日")],
        vec![t("填表人：王五")],
    ];
    table(path, "报名表", rows, vec![merge(0, 0, 0, 9)])
}

#[test]
fn one_team_form() {
    let (roster, findings) = run(&[file(
        "北京/报名表.xlsx",
        100,
        vec![beijing("北京/报名表.xlsx", "2025年7月1日")],
    )]);
    assert_eq!(roster.teams.len(), 1);
    let bj = team(&roster, "北京棋院俱乐部");
    assert_eq!(bj.unit.source.to_string(), "北京/报名表.xlsx!报名表!A2");
    assert_eq!(bj.leader.as_ref().map(Person::display_name), Some("张伟"));
    assert_eq!(
        bj.leader
            .as_ref()
            .and_then(|p| p.name.as_ref())
            .map(|n| n.source.to_string())
            .as_deref(),
        Some("北京/报名表.xlsx!报名表!A2")
    );
    assert_eq!(bj.coach.as_ref().map(Person::display_name), Some("李强"));
    assert_eq!(
        bj.coach
            .as_ref()
            .and_then(|p| p.name.as_ref())
            .map(|n| n.source.to_string())
            .as_deref(),
        Some("北京/报名表.xlsx!报名表!B3")
    );
    let fd = bj.fill_date.as_ref().unwrap();
    assert_eq!(
        (fd.value, fd.source.to_string()),
        (date(2025, 7, 1), "北京/报名表.xlsx!报名表!F3".to_string())
    );
    // The example row, the name-less row and the row with only 序号 are not people.
    assert_eq!(
        names(&bj.players),
        vec!["王浩", "李明", "欧阳·娜娜", "陈晨", "赵六", "马超"]
    );

    let wang = &bj.players[0];
    let name = wang.name.as_ref().unwrap();
    assert_eq!(
        (name.value.key.as_str(), name.source.to_string()),
        ("王浩", "北京/报名表.xlsx!报名表!C6".to_string())
    );
    assert_eq!(wang.sex.as_ref().map(|s| s.value), Some(Sex::Male));
    let b = wang.birth.as_ref().unwrap();
    assert_eq!(
        (b.value.date, b.value.precision, b.source.to_string()),
        (
            date(2001, 5, 3),
            DatePrecision::Day,
            "北京/报名表.xlsx!报名表!E6".to_string()
        )
    );
    let id = wang.id.as_ref().unwrap();
    assert_eq!(
        (id.value.kind, id.value.number.as_str()),
        (IdKind::Citizen, "110105200105030011")
    );
    assert_eq!(wang.fide_id.as_ref().map(|f| f.value), Some(8603677));
    assert_eq!(
        wang.rating
            .as_ref()
            .map(|r| (r.value, r.source.to_string())),
        Some((2315, "北京/报名表.xlsx!报名表!H6".to_string()))
    );
    assert_eq!(wang.board.as_ref().map(|b| b.value), Some(Board::Main(1)));
    assert_eq!(
        wang.registered_unit.as_ref().map(|u| u.value.as_str()),
        Some("北京棋院")
    );
    assert_eq!(wang.role(), Role::Player);

    let li = &bj.players[1];
    assert_eq!(li.id, None);
    assert_eq!(
        li.birth.as_ref().map(|b| b.value.date),
        Some(date(2000, 3, 4))
    );
    assert_eq!(li.rating.as_ref().map(|r| r.value), Some(2315));
    assert_eq!(li.board.as_ref().map(|b| b.value), Some(Board::Main(2)));

    let ouyang = &bj.players[2];
    // Sex from the form, birth from the ID (no finding).
    let b = ouyang.birth.as_ref().unwrap();
    assert_eq!(
        (
            b.value.date,
            b.source.to_string(),
            b.derived.as_deref().cloned()
        ),
        (
            date(2002, 8, 15),
            "北京/报名表.xlsx!报名表!F8".to_string(),
            Some(Derivation::FromIdNumber)
        )
    );
    assert_eq!(
        ouyang.id.as_ref().map(|i| i.value.number.as_str()),
        Some("310104200208150025")
    );
    assert_eq!(ouyang.fide_id, None);
    assert_eq!(ouyang.rating, None);
    assert_eq!(ouyang.board.as_ref().map(|b| b.value), Some(Board::Main(3)));

    let chen = &bj.players[3];
    assert_eq!(
        chen.birth
            .as_ref()
            .map(|b| (b.value.date, b.value.precision)),
        Some((date(2003, 5, 1), DatePrecision::Month))
    );
    assert_eq!(
        chen.board.as_ref().map(|b| b.value),
        Some(Board::Reserve(None))
    );

    let ma = &bj.players[5];
    let id = ma.id.as_ref().unwrap();
    assert_eq!(
        (
            id.value.kind,
            id.value.number.as_str(),
            id.derived.as_deref().cloned()
        ),
        (
            IdKind::UpgradedFrom15,
            "110105198507120319",
            Some(Derivation::UpgradedFrom15("110105850712031".into()))
        )
    );
    assert_eq!(
        ma.sex
            .as_ref()
            .map(|s| (s.value, s.derived.as_deref().cloned())),
        Some((Sex::Male, Some(Derivation::FromIdNumber)))
    );
    assert_eq!(
        ma.birth.as_ref().map(|b| b.value.date),
        Some(date(1985, 7, 12))
    );
    assert_eq!(ma.board.as_ref().map(|b| b.value), Some(Board::Main(5)));

    assert_eq!(
        summary(&findings),
        vec![
            s3("person.birth-missing", "陈晨", "北京/报名表.xlsx!报名表!E9"),
            s3(
                "person.fide-id-invalid",
                "欧阳·娜娜",
                "北京/报名表.xlsx!报名表!G8"
            ),
            s3(
                "person.id-birth-mismatch",
                "赵六",
                "北京/报名表.xlsx!报名表!E11"
            ),
            s3(
                "person.id-gender-mismatch",
                "赵六",
                "北京/报名表.xlsx!报名表!D11"
            ),
            s3("person.id-invalid", "李明", "北京/报名表.xlsx!报名表!F7"),
            s3("person.name-missing", "", "北京/报名表.xlsx!报名表!C10"),
        ]
    );
    let sev = |code: &str| {
        findings
            .all()
            .iter()
            .find(|f| f.code == code)
            .map(|f| f.severity)
    };
    assert_eq!(sev("person.birth-missing"), Some(Severity::Warning));
    // 马超's empty 性别 and 出生日期 come from his ID without a finding.
    assert_eq!(sev("person.gender-missing"), None);
    assert_eq!(sev("person.id-invalid"), Some(Severity::Error));
    let id_msg = findings
        .all()
        .iter()
        .find(|f| f.code == "person.id-invalid")
        .unwrap();
    assert!(
        id_msg.message_zh.contains("被当作数字输入"),
        "{}",
        id_msg.message_zh
    );
    assert!(
        id_msg.message_en.contains("typed as a number"),
        "{}",
        id_msg.message_en
    );
    assert_eq!(id_msg.team.as_deref(), Some("北京棋院俱乐部"));
    let nameless = findings
        .all()
        .iter()
        .find(|f| f.code == "person.name-missing")
        .unwrap();
    assert_eq!(
        (nameless.message_zh.as_str(), nameless.severity),
        ("第10行填了内容但没有姓名（台次替补1）", Severity::Error)
    );
}

#[path = "forms/teams.rs"]
mod teams;

#[path = "forms/layouts.rs"]
mod layouts;

#[path = "forms/robustness.rs"]
mod robustness;

// The three sample event folders (`samples/`, generated with a test oracle in
// `samples/expected.json`): every team's people with their normalized values, and every
// finding of the codes this stage raises, at the oracle's cells.
#[path = "forms/samples.rs"]
mod samples;

#[test]
fn an_undated_resubmission_is_ordered_by_file_time() {
    let dated = beijing("a.xlsx", "2025-07-01");
    let mut undated = beijing("b.xlsx", "");
    // No 填表日期 cell value at all in the second form.
    undated.rows[2] = vec![t("教练"), t("李　强")];
    let files = [
        file("a.xlsx", 100, vec![dated]),
        file("b.xlsx", 200, vec![undated]),
    ];
    let (roster, _) = run(&files);
    let bj = team(&roster, "北京棋院俱乐部");
    assert_eq!((&*bj.file, bj.fill_date.as_ref()), ("b.xlsx", None));
    assert_eq!(
        roster.superseded,
        vec![("b.xlsx".to_string(), "a.xlsx".to_string())]
    );
}
