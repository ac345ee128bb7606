//! Several teams in one workbook (a unit column), duplicates across teams and resubmissions.

use super::*;

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
    assert_eq!(&*bj.file, "北京/报名表(修改).xlsx");
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
        .filter(|f| f.code.as_str().starts_with("file."))
        .map(|f| (f.code.as_str(), f.source.to_string()))
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
