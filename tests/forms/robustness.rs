//! Arbitrary tables through forms and normalize: no panic, sources stay in their sheet.

use super::*;
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "姓名",
    "性别",
    "出生日期",
    "身份证号码",
    "国际棋联ID",
    "等级分",
    "台次",
    "参赛单位",
    "身份",
    "备注",
    "序号",
    "房型",
    "入住日期",
    "参赛单位（盖章）：北京队　领队：张三",
    "领队",
    "教练",
    "签字",
    "注：",
    "例",
    "王　浩",
    "男",
    "女",
    "2001.5.3",
    "2001年5月",
    "01.05.03",
    "11010519491231002X",
    "110105491231002",
    "4.10102E+17",
    "替补1",
    "2,315",
    "",
    "　",
];

fn cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        Just(Cell::Empty),
        (0..WORDS.len()).prop_map(|i| Cell::Text(WORDS[i].to_string())),
        "\\PC{0,8}".prop_map(Cell::Text),
        any::<i64>().prop_map(Cell::Int),
        any::<f64>().prop_map(Cell::Float),
        any::<bool>().prop_map(Cell::Bool),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Whatever the cells and merges, reading and normalizing never panics, and every
    /// submission keeps its rows' sources inside its own sheet.
    #[test]
    fn arbitrary_tables_never_panic(
        rows in prop::collection::vec(prop::collection::vec(cell(), 0..10), 0..30),
        merges in prop::collection::vec((0u32..40, 0u32..12, 0u32..40, 0u32..12), 0..4),
    ) {
        let merges = merges
            .into_iter()
            .map(|(a, b, c, d)| merge(a, b, a.saturating_add(c), b.saturating_add(d)))
            .collect();
        let tb = table("x.xlsx", "S", rows, merges);
        let (roster, _) = run(&[file("x.xlsx", 1, vec![tb.clone()]), file("y.xlsx", 2, vec![Table { file: "y.xlsx".into(), ..tb }])]);
        for team in &roster.teams {
            for p in &team.players {
                let src = &p.name.as_ref().unwrap().source;
                prop_assert_eq!(src.sheet.as_deref(), Some("S"));
            }
        }
    }
}
