//! The 食宿 sheet of the blank form: one row per person needing a room.

use rust_xlsxwriter::{
    DataValidation, DataValidationErrorStyle, DataValidationRule, Worksheet, XlsxError,
};

use super::{EXAMPLE_MARK, instructions, label_input, list_validation, protection, wrapped_height};
use crate::event::Event;
use crate::report::style::{ColumnWidths, Styles, excel_width};
use crate::report::workbook::{SheetLayout, excel_date, setup_sheet, write_header_row, write_text};

/// Headers of the room-request table.
pub(crate) const ROOM_HEADERS: [&str; 9] = [
    "姓名",
    "身份",
    "性别",
    "酒店",
    "房型",
    "入住日期",
    "退房日期",
    "同住人",
    "备注",
];

/// Row (zero-based) of the room table's header.
pub(crate) const ROOMS_HEADER_ROW: u32 = 3;

/// The roles offered in the 身份 dropdown.
pub(crate) const ROLES: [&str; 4] = ["运动员", "领队", "教练", "随队人员"];

/// Minimum widths of the columns (terminal columns).
const MIN_WIDTHS: [usize; 9] = [10, 8, 4, 14, 10, 12, 12, 10, 20];

/// Rows for room requests: players and staff of a team plus a few, else 40.
fn rows(ev: &Event) -> u32 {
    match ev.team().and_then(|t| {
        let players = t.max_players()?;
        Some(players + t.leaders.value + t.coaches.value + 4)
    }) {
        Some(n) if n > 0 => n,
        _ => 40,
    }
}

/// Writes the 食宿 sheet.
pub(crate) fn sheet(ws: &mut Worksheet, ev: &Event, styles: &Styles) -> Result<(), XlsxError> {
    let n = u16::try_from(ROOM_HEADERS.len()).unwrap_or(9);
    let last = n - 1;
    let title = format!("{} 食宿登记表", ev.meta().name);
    setup_sheet(
        ws,
        styles,
        &SheetLayout {
            name: super::ROOMS_SHEET,
            title: &title,
            columns: n,
            frozen_rows: ROOMS_HEADER_ROW + 1,
            landscape: true,
            // The forms a team fills in are Chinese forms.
            lang: crate::Lang::Zh,
        },
    )?;
    label_input(
        ws,
        1,
        (0, 1),
        4,
        "参赛单位（盖章）：",
        styles,
        &styles.input,
    )?;
    label_input(
        ws,
        1,
        (5, 6),
        last,
        "联系电话：",
        styles,
        &styles.input_text,
    )?;
    ws.set_row_height(1, 20)?;

    let mut widths = ColumnWidths::new();
    write_header_row(ws, ROOMS_HEADER_ROW, &ROOM_HEADERS, styles, &mut widths)?;
    for (i, w) in MIN_WIDTHS.iter().enumerate() {
        widths.note_width(u16::try_from(i).unwrap_or(0), *w);
    }

    let acc = ev.accommodation();
    let hotels: Vec<String> = acc
        .map(|a| a.hotels.iter().map(|h| h.label().to_string()).collect())
        .unwrap_or_default();
    let mut room_names: Vec<String> = Vec::new();
    for h in acc.map(|a| a.hotels.as_slice()).unwrap_or_default() {
        for r in &h.rooms {
            if !room_names.contains(&r.name) {
                room_names.push(r.name.clone());
            }
        }
    }
    let arrival = ev.dates().arrival.unwrap_or(ev.dates().start);
    let departure = ev.dates().departure.unwrap_or(ev.dates().end);
    let example = [
        "张三".to_string(),
        ROLES[0].to_string(),
        "男".to_string(),
        hotels
            .first()
            .cloned()
            .unwrap_or_else(|| "（酒店名称）".into()),
        room_names
            .first()
            .cloned()
            .unwrap_or_else(|| "双人间".into()),
        arrival.to_string(),
        departure.to_string(),
        "李四".to_string(),
        format!("{EXAMPLE_MARK}：请从下一行起填写"),
    ];
    let example_row = ROOMS_HEADER_ROW + 1;
    for (i, v) in example.iter().enumerate() {
        let col = u16::try_from(i).unwrap_or(0);
        write_text(ws, example_row, col, v, &styles.example, Some(&mut widths))?;
    }

    let first = example_row + 1;
    let count = rows(ev);
    let last_row = first + count - 1;
    for row in first..=last_row {
        for col in 0..n {
            let fmt = if col == 5 || col == 6 {
                &styles.input_date
            } else {
                &styles.input
            };
            ws.write_blank(row, col, fmt)?;
        }
    }
    let roles: Vec<String> = ROLES.iter().map(|r| r.to_string()).collect();
    let sexes = ["男".to_string(), "女".to_string()];
    ws.add_data_validation(first, 1, last_row, 1, &list_validation(&roles, "身份")?)?;
    ws.add_data_validation(first, 2, last_row, 2, &list_validation(&sexes, "性别")?)?;
    if !hotels.is_empty() {
        ws.add_data_validation(first, 3, last_row, 3, &list_validation(&hotels, "酒店")?)?;
    }
    if !room_names.is_empty() {
        ws.add_data_validation(
            first,
            4,
            last_row,
            4,
            &list_validation(&room_names, "房型")?,
        )?;
    }
    // Dates within a week of the event: a warning, since early arrivals do happen.
    let from = arrival
        .checked_sub(jiff::Span::new().days(7))
        .unwrap_or(arrival);
    let to = departure
        .checked_add(jiff::Span::new().days(7))
        .unwrap_or(departure);
    let dates = DataValidation::new()
        .allow_date(DataValidationRule::Between(
            excel_date(from)?,
            excel_date(to)?,
        ))
        .set_error_style(DataValidationErrorStyle::Warning)
        .set_error_title("请核对")?
        .set_error_message(format!(
            "日期应在 {from} 至 {to} 之间，写成 {arrival} 这样的日期。"
        ))?;
    ws.add_data_validation(first, 5, last_row, 6, &dates)?;
    widths.apply(ws)?;

    let total_width: f64 = (0..n)
        .map(|c| widths.width(c).unwrap_or(excel_width(0)))
        .sum();
    let mut row = last_row + 2;
    write_text(ws, row, 0, "填表说明", &styles.heading, None)?;
    for line in instructions::rooms(ev) {
        row += 1;
        ws.merge_range(row, 0, row, last, &line, &styles.note)?;
        ws.set_row_height(row, wrapped_height(&line, total_width))?;
    }
    ws.protect_with_options(&protection());
    Ok(())
}
