//! Layouts beyond the plain one-team form: English and two-row headers, room requests and
//! registration lists, blank forms and rows, an officials table under the players.

use super::*;

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
    let subs = bianpai::inputs::read_forms(&files, &mut findings);
    let kinds: Vec<(SubmissionKind, &str)> = subs.iter().map(|s| (s.kind, &*s.sheet)).collect();
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

/// Issue 22: a 拼音 (or 英文名, FIDE姓名) column is the name as FIDE records it and wins over
/// the generated pinyin; without it the pinyin "Surname, Given" is generated (单 read Shan).
#[test]
fn a_latin_name_column_gives_the_fide_name() {
    let rows = vec![
        vec![t("单位"), t("北京队"), E, E],
        vec![t("姓名"), t("姓名（拼音）"), t("性别"), t("台次")],
        vec![t("吕一鸣"), t("LU,  Yiming"), t("男"), t("1")],
        vec![t("单立新"), E, t("男"), t("2")],
    ];
    let (roster, _) = run(&[file(
        "北京.xlsx",
        1,
        vec![table("北京.xlsx", "报名表", rows, vec![])],
    )]);
    let tm = team(&roster, "北京队");
    let p = &tm.players[0];
    assert_eq!(
        p.latin_name
            .as_ref()
            .map(|l| (l.value.as_str(), l.source.to_string())),
        Some(("LU, Yiming", "北京.xlsx!报名表!B3".to_string()))
    );
    assert_eq!(p.fide_name(), "LU, Yiming");
    assert_eq!(tm.players[1].fide_name(), "Shan, Lixin");
    assert_eq!(
        bianpai::forms::field_of("FIDE姓名"),
        Some(bianpai::forms::Field::LatinName)
    );
    assert_eq!(
        bianpai::forms::field_of("英文名"),
        Some(bianpai::forms::Field::LatinName)
    );
}

#[test]
fn declared_documents_numbering_and_their_findings() {
    // 编号 | 姓名 | 性别 | 出生日期 | 证件类型 | 证件号码; invented numbers, check characters by hand
    // (GB 11643: 81000019950312004 → X).
    let rows = vec![
        vec![t("参赛单位：香江队")],
        vec![
            t("编号"),
            t("姓名"),
            t("性别"),
            t("出生日期"),
            t("证件类型"),
            t("证件号码"),
        ],
        vec![
            t("A01"),
            t("李浩"),
            E,
            E,
            t("居民身份证"),
            t("11010519491231002X"),
        ],
        vec![
            t("A02"),
            t("陈港生"),
            t("男"),
            t("1990-05-01"),
            t("港澳居民来往内地通行证"),
            t("h12345678"),
        ],
        vec![
            Cell::Int(3),
            t("林台"),
            t("男"),
            t("1992-02-02"),
            t("台胞证"),
            Cell::Int(12345678),
        ],
        vec![Cell::Int(4), t("马丁"), E, E, t("护照"), t("X1234567Z")],
        vec![
            Cell::Int(5),
            t("何居"),
            E,
            E,
            t("港澳台居民居住证"),
            t("81000019950312004X"),
        ],
        vec![
            Cell::Int(6),
            t("苏菲"),
            t("女"),
            t("1980-01-02"),
            t("外国人永久居留身份证"),
            t("USA310085010103"),
        ],
        // A number not of its declared document: a finding at the cell.
        vec![
            Cell::Int(7),
            t("周错"),
            t("男"),
            t("1991-01-01"),
            t("港澳通行证"),
            t("H1234567"),
        ],
    ];
    let tb = table("香江队.xlsx", "报名表", rows, vec![]);
    let (roster, findings) = run(&[file("香江队.xlsx", 1, vec![tb])]);
    let tm = team(&roster, "香江队");
    let got: Vec<(String, Option<(IdKind, String)>)> = tm
        .players
        .iter()
        .map(|p| {
            (
                p.number
                    .as_ref()
                    .map(|n| n.value.clone())
                    .unwrap_or_default(),
                p.id.as_ref()
                    .map(|i| (i.value.kind, i.value.number.clone())),
            )
        })
        .collect();
    let id = |k: IdKind, n: &str| Some((k, n.to_string()));
    assert_eq!(
        got,
        vec![
            ("A01".into(), id(IdKind::Citizen, "11010519491231002X")),
            ("A02".into(), id(IdKind::HkMacauPermit, "H12345678")),
            ("3".into(), id(IdKind::TaiwanPermit, "12345678")),
            ("4".into(), id(IdKind::Passport, "X1234567Z")),
            ("5".into(), id(IdKind::HmtResidence, "81000019950312004X")),
            (
                "6".into(),
                id(IdKind::ForeignPermanentOld, "USA310085010103")
            ),
            ("7".into(), None),
        ]
    );
    // The numbering keeps its cell.
    assert_eq!(
        tm.players[0].number.as_ref().map(|n| n.source.to_string()),
        Some("香江队.xlsx!报名表!A3".to_string())
    );
    // Birth date and sex from the IDs that carry them; a passport needs its own columns.
    let sex_birth = |i: usize| {
        let p = &tm.players[i];
        (
            p.sex.as_ref().map(|s| s.value),
            p.birth.as_ref().map(|b| b.value.date),
        )
    };
    assert_eq!(sex_birth(0), (Some(Sex::Female), Some(date(1949, 12, 31))));
    assert_eq!(sex_birth(1), (Some(Sex::Male), Some(date(1990, 5, 1))));
    assert_eq!(sex_birth(3), (None, None));
    assert_eq!(sex_birth(4), (Some(Sex::Female), Some(date(1995, 3, 12))));
    let mut codes = summary(&findings);
    codes.sort();
    assert_eq!(
        codes,
        vec![
            s3("person.birth-missing", "马丁", "香江队.xlsx!报名表!D6"),
            s3("person.gender-missing", "马丁", "香江队.xlsx!报名表!C6"),
            s3("person.id-invalid", "周错", "香江队.xlsx!报名表!F9"),
        ]
    );
    let bad = findings
        .all()
        .iter()
        .find(|f| f.code == "person.id-invalid")
        .map(|f| f.message_zh.clone());
    assert_eq!(
        bad.as_deref(),
        Some("证件号码“H1234567”不符合港澳居民来往内地通行证的格式")
    );

    // The roster workbook and the team's packet keep the numbering in its own column (表内编号)
    // (编号) and show the document (证件类型, outside the print area).
    use calamine::{Data, Reader, Xlsx};
    let rendered =
        bianpai::report::roster::render_roster("赛事", &roster, bianpai::Lang::Zh).expect("roster");
    let mut wb = Xlsx::new(std::io::Cursor::new(rendered.bytes)).expect("open");
    let sheet = wb.worksheet_range("香江队").expect("team sheet");
    let cell = |r: u32, c: u32| sheet.get_value((r, c)).cloned();
    let s = |v: &str| Some(Data::String(v.into()));
    assert_eq!(cell(1, 1), s("编号"));
    assert_eq!(cell(1, 14), s("证件类型"));
    assert_eq!(cell(1, 7), s("证件号码"));
    assert_eq!(cell(2, 1), s("A01"));
    assert_eq!(cell(2, 14), s("居民身份证"));
    assert_eq!(cell(3, 14), s("港澳居民来往内地通行证"));
    assert_eq!(cell(3, 7), s("H12345678"));
    // A numbering that reads as a number is written as one.
    assert_eq!(cell(4, 1), Some(Data::Float(3.0)));
    assert_eq!(cell(4, 14), s("台湾居民来往大陆通行证"));
    assert_eq!(cell(7, 14), s("外国人永久居留身份证(旧版)"));
    assert_eq!(cell(8, 4), s("周错"));
    assert_eq!(cell(8, 7), cell(8, 14), "no document and no number");
    let dir = tempfile::tempdir().expect("tempdir");
    let links = bianpai::report::eligibility::Links::new(dir.path(), dir.path());
    let packet =
        bianpai::report::eligibility::team_sheets(tm, findings.all(), &links, bianpai::Lang::Zh);
    let rows = &packet[0].doc.table.rows;
    assert_eq!(packet[0].doc.name, "报名名单");
    assert_eq!(
        (
            &*rows[0][1].text(),
            &*rows[1][1].text(),
            &*rows[1][14].text()
        ),
        ("A01", "A02", "港澳居民来往内地通行证")
    );
}
