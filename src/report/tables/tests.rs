//! Tests of the table workbooks.

use super::*;
use calamine::{Data, Reader, Xlsx};

#[test]
fn tables_round_trip_through_calamine() {
    let sheets = vec![SheetDoc {
        name: "排名".into(),
        title: "第11轮后排名".into(),
        table: TextTable {
            headers: vec!["名次".into(), "队名".into(), "场分".into()],
            rows: vec![
                vec!["1".into(), "北京队".into(), "21.0".into()],
                vec!["2".into(), "=上海".into(), "17.0".into()],
            ],
            centred: vec![0, 2],
            ..Default::default()
        },
        landscape: false,
    }];
    let bytes = || {
        workbook("2023 甲级联赛", &sheets, Lang::Zh)
            .and_then(|mut wb| wb.save_to_buffer())
            .expect("write")
    };
    let first = bytes();
    let mut wb: Xlsx<_> = Xlsx::new(std::io::Cursor::new(first.clone())).expect("open");
    assert_eq!(wb.sheet_names(), vec!["排名".to_string()]);
    let r = wb.worksheet_range("排名").expect("range");
    assert_eq!(
        r.get_value((0, 0)),
        // 28 columns of title × 1.35 = 37.8 units over a table of 6.4 + 8.6 + 6.4 units:
        // broken at the space after the event name (and wrapped by the cell).
        Some(&Data::String("2023 甲级联赛\n第11轮后排名".into()))
    );
    assert_eq!(r.get_value((1, 1)), Some(&Data::String("队名".into())));
    assert_eq!(r.get_value((2, 2)), Some(&Data::String("21.0".into())));
    // Formula-looking text stays text.
    assert_eq!(r.get_value((3, 1)), Some(&Data::String("=上海".into())));
    assert_eq!(first, bytes());
}

#[test]
fn numbers_are_written_from_their_values_and_text_stays_text() {
    use crate::model::Points;
    let sheets = vec![SheetDoc {
        name: "台次成绩".into(),
        title: "台次成绩".into(),
        table: TextTable {
            headers: ["名次", "编号", "得分", "得分率", "比分", "SB"]
                .map(String::from)
                .into(),
            rows: vec![vec![
                Cell::Int(3),
                Cell::entered("007".into()),
                Cell::points1(Points::from_halves(5)),
                Cell::Percent(63),
                "1/2".into(),
                Cell::decimal(crate::scoring::Rational::new(155, 4), 2),
            ]],
            ..Default::default()
        },
        landscape: false,
    }];
    let bytes = workbook("赛事", &sheets, Lang::Zh)
        .and_then(|mut wb| wb.save_to_buffer())
        .expect("write");
    let mut wb: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).expect("open");
    let r = wb.worksheet_range("台次成绩").expect("range");
    let got: Vec<Option<&Data>> = (0..6).map(|c| r.get_value((2, c))).collect();
    assert_eq!(
        got,
        [
            Some(&Data::Float(3.0)),
            Some(&Data::String("007".into())),
            Some(&Data::Float(2.5)),
            Some(&Data::Float(0.63)),
            Some(&Data::String("1/2".into())),
            Some(&Data::Float(38.75)),
        ]
    );
}

/// Every cell's value of every sheet of `xlsx`, read back.
fn values(xlsx: Vec<u8>) -> Vec<(String, Vec<Vec<Data>>)> {
    let mut wb: Xlsx<_> = Xlsx::new(std::io::Cursor::new(xlsx)).expect("open");
    let names = wb.sheet_names();
    names
        .into_iter()
        .map(|n| {
            let r = wb.worksheet_range(&n).expect("range");
            let rows = r.rows().map(<[Data]>::to_vec).collect();
            (n, rows)
        })
        .collect()
}

#[test]
fn a_table_of_many_rows_is_written_in_low_memory_mode_with_the_same_cells() {
    // One row under the threshold and one at it: the same table, the second in low-memory
    // mode (its rows saved as the next one starts): the same cells, the title fitted alike.
    let table = |n: usize| TextTable {
        headers: ["名次", "姓名", "说明"].map(String::from).into(),
        rows: (0..n)
            .map(|i| {
                let long = "说明文字".repeat(1 + i % 7);
                vec![
                    Cell::Int(i64::try_from(i).unwrap()),
                    format!("棋手{i}").into(),
                    long.into(),
                ]
            })
            .collect(),
        centred: vec![0],
        wrapped: vec![2],
        notes: vec!["注：测试".into()],
        ..Default::default()
    };
    let book = |n: usize| {
        let sheets = vec![SheetDoc {
            name: "名单".into(),
            title: "名单".into(),
            table: table(n),
            landscape: false,
        }];
        let event = "2023 中国国际象棋甲级联赛暨全国国际象棋团体锦标赛暨全国青少年国际象棋冠军赛";
        signed_workbook(event, &sheets, Lang::Zh)
            .and_then(|mut wb| wb.save_to_buffer())
            .expect("write")
    };
    let (small, large) = (book(LOW_MEMORY_ROWS - 1), book(LOW_MEMORY_ROWS));
    assert_ne!(small.len(), 0);
    let (small, large) = (values(small), values(large));
    let (Some((_, s)), Some((_, l))) = (small.first(), large.first()) else {
        panic!("no sheet");
    };
    // The large table has one more body row: the rows above it and the title are the same.
    assert_eq!(l.len(), s.len() + 1);
    assert_eq!(s.get(..LOW_MEMORY_ROWS + 1), l.get(..LOW_MEMORY_ROWS + 1));
    assert_eq!(
        l.get(LOW_MEMORY_ROWS + 1).and_then(|r| r.get(1)),
        Some(&Data::String(format!("棋手{}", LOW_MEMORY_ROWS - 1)))
    );
    assert_eq!(s.last(), l.last());
    // The title, fitted to the table after the rows were laid out, is broken into lines.
    let title = l.first().and_then(|r| r.first());
    assert!(
        matches!(title, Some(Data::String(t)) if t.contains('\n')),
        "{title:?}"
    );
}
