use super::*;
use crate::ingest::Merge;

pub(crate) fn t(s: &str) -> Cell {
    Cell::Text(s.to_string())
}

pub(crate) fn tb(rows: Vec<Vec<Cell>>) -> Table {
    Table {
        file: "f.xlsx".into(),
        sheet: "S".into(),
        rows,
        merges: Vec::new(),
        hidden: false,
        paragraphs: Vec::new(),
        date1904: false,
    }
}

fn names(s: &Submission) -> Vec<String> {
    s.rows
        .iter()
        .map(|r| {
            r.get(Field::Name)
                .map(|v| v.cell.display())
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn remarks_with_colons_do_not_end_the_table() {
    let table = tb(vec![
        vec![t("姓名"), t("性别"), t("备注")],
        vec![t("甲"), t("男"), t("电话：13800000000")],
        vec![t("乙"), t("女"), t("说明：替补")],
        vec![t("注：请用文本格式")],
        vec![t("丙"), t("男")],
    ]);
    let subs = read_table(&table).unwrap();
    assert_eq!(names(&subs[0]), vec!["甲", "乙"]);
}

#[test]
fn label_rows_under_the_table_end_it() {
    let table = tb(vec![
        vec![t("姓名"), t("性别")],
        vec![t("甲"), t("男")],
        vec![t("领队：张三"), t("教练：李四")],
        vec![t("乙"), t("男")],
    ]);
    let subs = read_table(&table).unwrap();
    assert_eq!(names(&subs[0]), vec!["甲"]);
    let leader = subs[0].leader.as_ref().unwrap();
    assert_eq!(
        (leader.cell.display(), leader.source.to_string()),
        ("张三".to_string(), "f.xlsx!S!A3".to_string())
    );
    assert_eq!(
        subs[0].coach.as_ref().unwrap().source.to_string(),
        "f.xlsx!S!B3"
    );
}

#[test]
fn example_rows_and_repeated_headers_are_skipped() {
    let table = tb(vec![
        vec![t("序号"), t("姓名"), t("性别"), t("备注")],
        vec![t("例"), t("李雷"), t("男")],
        vec![t("1"), t("示例"), t("男")],
        vec![t("2"), t("王某"), t("男"), t("样例，请删除")],
        vec![t("3"), t("甲"), t("男")],
        vec![t("序号"), t("姓 名"), t("性别"), t("备注")],
        vec![t("4"), t("乙"), t("女")],
    ]);
    assert_eq!(names(&read_table(&table).unwrap()[0]), vec!["甲", "乙"]);
}

#[test]
fn header_under_merged_title_with_vertical_merges() {
    // 姓名 and 性别 span two header rows; 证件 spans two columns over 类型 | 号码.
    let mut table = tb(vec![
        vec![t("2025年象棋锦标赛报名表")],
        vec![t("姓名"), t("性别"), t("证件"), Cell::Empty],
        vec![Cell::Empty, Cell::Empty, t("类型"), t("证件号码")],
        vec![t("甲"), t("男"), t("身份证"), t("11010519491231002X")],
    ]);
    table.merges = vec![
        Merge {
            first_row: 0,
            first_col: 0,
            last_row: 0,
            last_col: 3,
        },
        Merge {
            first_row: 1,
            first_col: 0,
            last_row: 2,
            last_col: 0,
        },
        Merge {
            first_row: 1,
            first_col: 1,
            last_row: 2,
            last_col: 1,
        },
        Merge {
            first_row: 1,
            first_col: 2,
            last_row: 1,
            last_col: 3,
        },
    ];
    let h = find_header(&table).unwrap();
    assert_eq!((h.row, h.data_start), (1, 3));
    assert_eq!(h.columns.get(&Field::Id), Some(&3));
    let subs = read_table(&table).unwrap();
    let id = subs[0].rows[0].get(Field::Id).unwrap();
    assert_eq!(id.source.to_string(), "f.xlsx!S!D4");
}

#[test]
fn merged_unit_cells_and_rows_before_the_first_unit() {
    let mut table = tb(vec![
        vec![t("参赛单位：总队")],
        vec![t("单位"), t("姓名"), t("性别")],
        vec![Cell::Empty, t("零"), t("男")],
        vec![t("甲队"), t("甲一"), t("男")],
        vec![Cell::Empty, t("甲二"), t("男")],
        vec![t("乙队"), t("乙一"), t("女")],
    ]);
    table.merges = vec![Merge {
        first_row: 3,
        first_col: 0,
        last_row: 4,
        last_col: 0,
    }];
    let subs = read_table(&table).unwrap();
    let got: Vec<(String, Vec<String>)> = subs
        .iter()
        .map(|s| {
            (
                s.unit
                    .as_ref()
                    .map(|u| u.cell.display())
                    .unwrap_or_default(),
                names(s),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("总队".to_string(), vec!["零".to_string()]),
            (
                "甲队".to_string(),
                vec!["甲一".to_string(), "甲二".to_string()]
            ),
            ("乙队".to_string(), vec!["乙一".to_string()]),
        ]
    );
    // The label's leader stays with the label's unit only (none here).
    assert!(subs.iter().all(|s| s.leader.is_none()));
}

#[test]
fn registration_list_without_a_title() {
    let table = tb(vec![
        vec![t("姓名"), t("身份证号"), t("注册单位")],
        vec![t("甲"), t("11010519491231002X"), t("北京棋院")],
        vec![t("乙"), t("110105491231002"), t("上海棋院")],
    ]);
    assert_eq!(
        read_table(&table).unwrap()[0].kind,
        SubmissionKind::Registration
    );
    // One unit only: a team's form without a unit label.
    let one = tb(vec![
        vec![t("姓名"), t("身份证号"), t("注册单位")],
        vec![t("甲"), t("11010519491231002X"), t("北京棋院")],
    ]);
    assert_eq!(read_table(&one).unwrap()[0].kind, SubmissionKind::EntryForm);
}

#[test]
fn hostile_merges_are_bounded() {
    let mut table = tb(vec![vec![t("姓名"), t("性别")], vec![t("甲"), t("男")]]);
    table.merges = vec![
        Merge {
            first_row: 0,
            first_col: 0,
            last_row: u32::MAX,
            last_col: u32::MAX,
        },
        Merge {
            first_row: u32::MAX,
            first_col: 5,
            last_row: 3,
            last_col: 1,
        },
    ];
    // Clipped to the 2×2 grid; a merge reaching into the header is not followed in data rows.
    let subs = read_table(&table).unwrap();
    assert_eq!(names(&subs[0]), vec!["甲"]);
}

#[test]
fn an_entry_form_is_never_a_quota_table() {
    // The sheet names 名额 and the header has a unit and two group columns, but also 姓名.
    let form = Table {
        sheet: "名额".into(),
        ..tb(vec![
            vec![
                t("参赛单位"),
                t("组别"),
                t("姓名"),
                t("公开组男子"),
                t("少年组"),
            ],
            vec![
                t("湖北省"),
                t("公开组男子"),
                t("张三"),
                Cell::Int(1),
                Cell::Int(1),
            ],
        ])
    };
    assert!(!quota::is_quota_table(&form));
}

#[test]
fn a_name_column_among_unknown_headings_is_a_form() {
    let table = tb(vec![
        vec![t("运动会报名表")],
        vec![t("姓名"), t("号码"), t("参赛项目")],
        vec![t("李雷"), t("101"), t("象棋")],
        vec![t("韩梅梅"), t("102"), t("象棋")],
    ]);
    let subs = read_table(&table).unwrap();
    assert_eq!(names(&subs[0]), vec!["李雷", "韩梅梅"]);
    assert_eq!(subs[0].header_row, 1);
    // 姓名 alone is no header.
    assert!(read_table(&tb(vec![vec![t("姓名")], vec![t("李雷")]])).is_none());
}
