//! Entry forms as teams really fill them in, built cell by cell, through `forms::read` and
//! `normalize::build_roster`: exact roster values and exact findings (code, person, cell).

use bianpai::findings::{Findings, Severity};
use bianpai::forms::{self, SubmissionKind};
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
        file: file.to_string(),
        sheet: sheet.to_string(),
        rows,
        merges,
        hidden: false,
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
    let subs = forms::read(files, &mut findings);
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
        (b.value.date, b.source.to_string(), b.derived.clone()),
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
        (id.value.kind, id.value.number.as_str(), id.derived.clone()),
        (
            IdKind::UpgradedFrom15,
            "110105198507120319",
            Some(Derivation::UpgradedFrom15("110105850712031".into()))
        )
    );
    assert_eq!(
        ma.sex.as_ref().map(|s| (s.value, s.derived.clone())),
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

/// One summary sheet holding three teams in a 单位 column: merged unit cells, a blank cell
/// meaning "same as above", 领队/教练 rows in the table with a 身份 column.
fn summary_sheet() -> Table {
    let rows = vec![
        vec![t("2025年象棋团体赛报名汇总表")],
        vec![
            t("参赛单位"),
            t("身份"),
            t("姓名"),
            t("性别"),
            t("出生年月"),
            t("身份证号"),
        ],
        vec![t("上海队（盖章）"), t("领队"), t("钱　进"), t("男"), E, E],
        vec![
            E,
            t("运动员"),
            t("周杰"),
            t("男"),
            t("1998-09-09"),
            t("510104199809090074"),
        ],
        vec![
            E,
            t("运动员"),
            t("吴敏"),
            t("女"),
            t("19950505"),
            t("110108199505050023"),
        ],
        vec![t("天津队"), t("教练"), t("孙 强"), t("男"), E, E],
        vec![
            E,
            t("运动员"),
            t("刘洋"),
            t("男"),
            t("1999/11/11"),
            t("12010119991111005x"),
        ],
        vec![
            E,
            t("运动员"),
            t("郑爽"),
            t("F"),
            t("2003年3月3日"),
            t("３２０１０２２００３０３０３００６３"),
        ],
        vec![
            t("重庆队"),
            t("运动员"),
            t("孙丽"),
            t("女"),
            Cell::Float(36683.0),
            t("500103200006060047"),
        ],
        vec![
            t("重庆队"),
            t("运动员"),
            t("王浩"),
            t("男"),
            t("2001.05.03"),
            t("110105200105030011"),
        ],
        vec![t("注：身份证号请以文本格式填写")],
    ];
    table("汇总/团体赛.xlsx", "Sheet1", rows, vec![merge(2, 0, 4, 0)])
}

#[test]
fn unit_column_with_three_teams() {
    let (roster, findings) = run(&[file("汇总/团体赛.xlsx", 50, vec![summary_sheet()])]);
    let units: Vec<&str> = roster.teams.iter().map(|t| t.unit.value.as_str()).collect();
    assert_eq!(units, vec!["上海队", "天津队", "重庆队"]);
    let sh = team(&roster, "上海队");
    assert_eq!(sh.leader.as_ref().map(Person::display_name), Some("钱进"));
    assert_eq!(sh.coach, None);
    assert_eq!(names(&sh.players), vec!["周杰", "吴敏"]);
    // The merged unit cell is the source of every row's unit.
    assert_eq!(sh.unit.source.to_string(), "汇总/团体赛.xlsx!Sheet1!A3");
    assert_eq!(
        sh.players[1].birth.as_ref().map(|b| b.value.date),
        Some(date(1995, 5, 5))
    );
    let tj = team(&roster, "天津队");
    assert_eq!(tj.coach.as_ref().map(Person::display_name), Some("孙强"));
    assert_eq!(names(&tj.players), vec!["刘洋", "郑爽"]);
    assert_eq!(
        tj.players[0].id.as_ref().map(|i| i.value.number.as_str()),
        Some("12010119991111005X")
    );
    assert_eq!(
        tj.players[1].id.as_ref().map(|i| i.value.number.as_str()),
        Some("320102200303030063")
    );
    assert_eq!(
        tj.players[1].sex.as_ref().map(|s| s.value),
        Some(Sex::Female)
    );
    let cq = team(&roster, "重庆队");
    assert_eq!(names(&cq.players), vec!["孙丽", "王浩"]);
    // Serial 36683 is 2000-06-06 in the 1900 system.
    assert_eq!(
        cq.players[0].birth.as_ref().map(|b| b.value.date),
        Some(date(2000, 6, 6))
    );
    assert_eq!(roster.people(), 8);
    assert_eq!(roster.players(), 6);
    assert!(findings.all().is_empty(), "{:?}", summary(&findings));
}

#[test]
fn duplicates_across_teams_and_resubmission() {
    let files = vec![
        file(
            "北京/报名表.xlsx",
            100,
            vec![beijing("北京/报名表.xlsx", "2025年7月1日")],
        ),
        file(
            "北京/报名表(修改).xlsx",
            90,
            vec![beijing("北京/报名表(修改).xlsx", "2025.7.3")],
        ),
        file("汇总/团体赛.xlsx", 50, vec![summary_sheet()]),
    ];
    let (roster, findings) = run(&files);
    assert_eq!(roster.teams.len(), 4);
    // The later 填表日期 wins although its file is older.
    let bj = team(&roster, "北京棋院俱乐部");
    assert_eq!(bj.file, "北京/报名表(修改).xlsx");
    assert_eq!(
        roster.superseded,
        vec![(
            "北京/报名表(修改).xlsx".to_string(),
            "北京/报名表.xlsx".to_string()
        )]
    );
    let p = "北京/报名表(修改).xlsx!报名表!";
    let mut want = vec![
        s3("file.superseded", "", "北京/报名表.xlsx"),
        s3("person.birth-missing", "陈晨", &format!("{p}E9")),
        s3("person.fide-id-invalid", "欧阳·娜娜", &format!("{p}G8")),
        s3("person.id-birth-mismatch", "赵六", &format!("{p}E11")),
        s3("person.id-gender-mismatch", "赵六", &format!("{p}D11")),
        s3("person.id-invalid", "李明", &format!("{p}F7")),
        s3("person.name-missing", "", &format!("{p}C10")),
        // 王浩 of 重庆队 has the ID of 北京's 王浩: reported at the later file.
        s3("person.duplicate", "王浩", "汇总/团体赛.xlsx!Sheet1!C10"),
    ];
    want.sort();
    assert_eq!(summary(&findings), want);
    let dups: Vec<&str> = findings
        .all()
        .iter()
        .filter(|f| f.code == "person.duplicate")
        .map(|f| f.message_zh.as_str())
        .collect();
    assert_eq!(
        dups,
        vec!["王浩重复报名：已见于北京棋院俱乐部（北京/报名表(修改).xlsx!报名表!C6）"]
    );
    let sup = findings
        .all()
        .iter()
        .find(|f| f.code == "file.superseded")
        .unwrap();
    assert_eq!(
        sup.message_zh,
        "北京棋院俱乐部的报名表有多份：使用北京/报名表(修改).xlsx，北京/报名表.xlsx已被替代"
    );
}

#[test]
fn same_date_different_people_is_a_duplicate_team() {
    let a = beijing("a.xlsx", "2025-07-01");
    let mut b = beijing("b.xlsx", "2025-07-01");
    // The second form drops 马超.
    b.rows[11] = vec![];
    let (roster, findings) = run(&[file("a.xlsx", 200, vec![a]), file("b.xlsx", 100, vec![b])]);
    // Same date: the newer file (a.xlsx, modified 200) wins.
    assert_eq!(team(&roster, "北京棋院俱乐部").file, "a.xlsx");
    let codes: Vec<(&str, String)> = findings
        .all()
        .iter()
        .filter(|f| f.code.starts_with("file."))
        .map(|f| (f.code, f.source.to_string()))
        .collect();
    assert_eq!(
        codes,
        vec![
            ("file.superseded", "b.xlsx".to_string()),
            ("file.duplicate-team", "b.xlsx".to_string())
        ]
    );
}

#[test]
fn duplicate_in_one_team_by_name_and_birth() {
    let rows = vec![
        vec![t("单位："), t("广州队")],
        vec![t("姓名"), t("性别"), t("出生日期")],
        vec![t("黄  飞"), t("男"), t("2001.1.1")],
        vec![t("黄飞"), t("男"), t("2001-01-01")],
    ];
    let (roster, findings) = run(&[file("gz.csv", 1, vec![table("gz.csv", "gz", rows, vec![])])]);
    assert_eq!(
        names(&team(&roster, "广州队").players),
        vec!["黄飞", "黄飞"]
    );
    assert_eq!(
        summary(&findings),
        vec![s3("person.duplicate", "黄飞", "gz.csv!gz!A4")]
    );
    assert_eq!(
        findings.all()[0].message_zh,
        "黄飞重复报名：已见于同一队（gz.csv!gz!A3）"
    );
}

#[test]
fn english_headers_two_row_header_and_no_unit() {
    // Header over two rows: a merged group cell "证件" over 类型/号码; English headers.
    let rows = vec![
        vec![
            t("Name"),
            t("Gender"),
            t("DOB"),
            t("证件"),
            E,
            t("FIDE ID"),
            t("Rating"),
            t("Board"),
        ],
        vec![E, E, E, t("证件类型"), t("证件号码"), E, E, E],
        vec![
            t("ＷＡＮＧ　Ｈａｏ"),
            t("M"),
            t("2001/05/03"),
            t("护照"),
            t("e12345678"),
            t("８６０３６７７"),
            t("2100"),
            t("R2"),
        ],
    ];
    let mut tb = table("team list.csv", "team list", rows, vec![merge(0, 3, 0, 4)]);
    tb.hidden = false;
    let (roster, findings) = run(&[file("team list.csv", 1, vec![tb])]);
    assert_eq!(roster.teams.len(), 1);
    let tm = &roster.teams[0];
    // No unit anywhere: the team is named after the file.
    assert_eq!(tm.unit.value, "team list");
    assert_eq!(tm.unit.source.to_string(), "team list.csv!team list");
    let p = &tm.players[0];
    assert_eq!(p.display_name(), "WANG Hao");
    assert_eq!(
        p.name.as_ref().map(|n| n.value.key.as_str()),
        Some("wang hao")
    );
    assert_eq!(
        p.id.as_ref()
            .map(|i| (i.value.kind, i.value.number.as_str())),
        Some((IdKind::Passport, "E12345678"))
    );
    assert_eq!(p.fide_id.as_ref().map(|f| f.value), Some(8603677));
    assert_eq!(
        p.board.as_ref().map(|b| b.value),
        Some(Board::Reserve(Some(2)))
    );
    assert!(findings.all().is_empty(), "{:?}", summary(&findings));
}

#[test]
fn room_requests_registration_lists_and_unrecognised_files() {
    let rooms = table(
        "北京/报名表.xlsx",
        "食宿",
        vec![
            vec![t("食宿安排表")],
            vec![
                t("姓名"),
                t("身份"),
                t("性别"),
                t("酒店"),
                t("房型"),
                t("入住日期"),
                t("离店日期"),
                t("同住人"),
            ],
            vec![
                t("王 浩"),
                t("运动员"),
                t("男"),
                t("诺富特"),
                t("标准间"),
                t("2025.8.5"),
                t("2025.8.11"),
                t("赵六"),
            ],
        ],
        vec![],
    );
    let mut lists = table(
        "北京/报名表.xlsx",
        "lists",
        vec![vec![t("男"), t("女")]],
        vec![],
    );
    lists.hidden = true;
    let reg = table(
        "注册名单.xlsx",
        "Sheet1",
        vec![
            vec![t("2025年度注册棋手名单")],
            vec![
                t("序号"),
                t("姓名"),
                t("身份证号"),
                t("国际棋联ID"),
                t("注册单位"),
            ],
            vec![
                Cell::Int(1),
                t("王浩"),
                t("110105200105030011"),
                Cell::Int(8603677),
                t("北京棋院"),
            ],
            vec![
                Cell::Int(2),
                t("周杰"),
                t("510104199809090074"),
                E,
                t("上海棋院"),
            ],
        ],
        vec![],
    );
    let junk = table(
        "说明.xlsx",
        "Sheet1",
        vec![vec![t("请于7月7日前报名")]],
        vec![],
    );
    let files = vec![
        file(
            "北京/报名表.xlsx",
            100,
            vec![beijing("北京/报名表.xlsx", "2025年7月1日"), rooms, lists],
        ),
        file("注册名单.xlsx", 1, vec![reg]),
        file("说明.xlsx", 1, vec![junk]),
    ];
    let mut findings = Findings::new();
    let subs = forms::read(&files, &mut findings);
    let kinds: Vec<(SubmissionKind, &str)> =
        subs.iter().map(|s| (s.kind, s.sheet.as_str())).collect();
    assert_eq!(
        kinds,
        vec![
            (SubmissionKind::EntryForm, "报名表"),
            (SubmissionKind::RoomRequest, "食宿"),
            (SubmissionKind::Registration, "Sheet1"),
        ]
    );
    let unrec: Vec<String> = findings
        .all()
        .iter()
        .map(|f| format!("{} {}", f.code, f.source))
        .collect();
    assert_eq!(unrec, vec!["file.unrecognized 说明.xlsx!Sheet1"]);
    let roster = build_roster(&subs, &mut findings);
    let bj = team(&roster, "北京棋院俱乐部");
    assert_eq!(bj.rooms.len(), 1);
    let room = &bj.rooms[0];
    assert_eq!(
        room.name.as_ref().map(|n| n.value.display.as_str()),
        Some("王浩")
    );
    assert_eq!(
        room.room_type.as_ref().map(|r| r.value.as_str()),
        Some("标准间")
    );
    assert_eq!(
        room.check_in
            .as_ref()
            .map(|d| (d.value, d.source.to_string())),
        Some((date(2025, 8, 5), "北京/报名表.xlsx!食宿!F3".to_string()))
    );
    assert_eq!(
        room.check_out.as_ref().map(|d| d.value),
        Some(date(2025, 8, 11))
    );
    assert_eq!(
        room.roommate.as_ref().map(|r| r.value.as_str()),
        Some("赵六")
    );
    assert_eq!(names(&roster.registrations), vec!["王浩", "周杰"]);
    assert_eq!(
        roster.registrations[1]
            .registered_unit
            .as_ref()
            .map(|u| u.value.as_str()),
        Some("上海棋院")
    );
    // Registrations are not teams and do not count as duplicates of team players.
    assert_eq!(roster.teams.len(), 1);
    assert!(!findings.all().iter().any(|f| f.code == "person.duplicate"));
}

#[test]
fn blank_form_is_not_a_team() {
    let rows = vec![
        vec![t("报名表")],
        vec![t("参赛单位（盖章）：")],
        vec![
            t("序号"),
            t("姓名"),
            t("性别"),
            t("出生日期"),
            t("身份证号码"),
        ],
        vec![
            t("例"),
            t("张三（示例）"),
            t("男"),
            t("2001.05.03"),
            t("110105200105030011"),
        ],
        vec![Cell::Int(1)],
        vec![Cell::Int(2)],
    ];
    let (roster, findings) = run(&[file(
        "forms/报名表.xlsx",
        1,
        vec![table("forms/报名表.xlsx", "报名表", rows, vec![])],
    )]);
    assert!(roster.teams.is_empty());
    assert!(findings.all().is_empty(), "{:?}", summary(&findings));
}

#[test]
fn blank_row_inside_the_table_does_not_lose_players() {
    let rows = vec![
        vec![t("代表队：西安队")],
        vec![t("姓名"), t("性别"), t("出生日期")],
        vec![t("甲一"), t("男"), t("2001.1.2")],
        vec![],
        vec![t("乙二"), t("女"), t("2002.3.4")],
        vec![],
        vec![],
        vec![t("领队："), t("丙三")],
    ];
    let (roster, findings) = run(&[file(
        "xa.xlsx",
        1,
        vec![table("xa.xlsx", "S", rows, vec![])],
    )]);
    let xa = team(&roster, "西安队");
    assert_eq!(names(&xa.players), vec!["甲一", "乙二"]);
    assert_eq!(
        xa.leader
            .as_ref()
            .and_then(|p| p.name.as_ref())
            .map(|n| (n.value.display.as_str(), n.source.to_string())),
        Some(("丙三", "xa.xlsx!S!B8".to_string()))
    );
    assert!(findings.all().is_empty(), "{:?}", summary(&findings));
}

#[test]
fn officials_table_under_the_players() {
    let rows = vec![
        vec![t("参赛队：成都队"), E, E, t("填报日期：2025/06/30")],
        vec![
            t("序号"),
            t("姓名"),
            t("性别"),
            t("出生日期"),
            t("等级称号"),
        ],
        vec![
            Cell::Int(1),
            t("甲一"),
            t("男"),
            t("2001.1.2"),
            t("国家大师"),
        ],
        vec![Cell::Int(2), t("乙二"), t("女"), t("2002.3.4"), E],
        vec![],
        vec![t("教练员名单")],
        vec![t("序号"), t("姓名"), t("性别"), t("电话")],
        vec![Cell::Int(1), t("丙三"), t("男"), Cell::Float(13800138000.0)],
        vec![Cell::Int(2), t("丁四"), t("女"), t("139 0000 0000")],
        vec![],
        vec![t("填表人：戊五")],
    ];
    let (roster, findings) = run(&[file(
        "cd.xlsx",
        1,
        vec![table("cd.xlsx", "报名", rows, vec![])],
    )]);
    let cd = team(&roster, "成都队");
    assert_eq!(names(&cd.players), vec!["甲一", "乙二"]);
    assert_eq!(
        cd.players[0].title.as_ref().map(|x| x.value.as_str()),
        Some("国家大师")
    );
    assert_eq!(
        cd.fill_date.as_ref().map(|d| d.value),
        Some(date(2025, 6, 30))
    );
    let coach = cd.coach.as_ref().unwrap();
    assert_eq!(coach.display_name(), "丙三");
    assert_eq!(
        coach.phone.as_ref().map(|p| p.value.as_str()),
        Some("13800138000")
    );
    assert_eq!(
        coach.role.as_ref().map(|r| (r.value, r.source.to_string())),
        Some((Role::Coach, "cd.xlsx!报名!A6".to_string()))
    );
    assert_eq!(names(&cd.staff), vec!["丁四"]);
    assert_eq!(cd.staff[0].role(), Role::Coach);
    assert_eq!(cd.sheets, vec!["报名".to_string()]);
    assert!(findings.all().is_empty(), "{:?}", summary(&findings));
}

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
    assert_eq!((bj.file.as_str(), bj.fill_date.as_ref()), ("b.xlsx", None));
    assert_eq!(
        roster.superseded,
        vec![("b.xlsx".to_string(), "a.xlsx".to_string())]
    );
}
