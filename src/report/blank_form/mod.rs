//! The blank entry form `forms/报名表.xlsx` that `bianpai init` writes for teams to fill in.
//!
//! Generated from the event, so its dropdowns and instructions always match the regulation:
//!
//! - sheet 报名表: title, labelled input cells for unit, 填表日期, leader, coach and contact, the
//!   player table (columns depend on the sport and on boards and groups), an example row marked
//!   示例, the instructions drawn from event.toml with their clauses; protected with the input
//!   cells unlocked;
//! - sheet 食宿: room requests (姓名, 身份, 性别, 酒店, 房型, dates, 同住人) with dropdowns for the
//!   event's hotels and room types, and the rates;
//! - a hidden sheet `_bianpai` that names the form's kind, event id and layout version, so the
//!   reader can recognise a returned form.

mod instructions;
mod rooms;

use rust_xlsxwriter::{
    DataValidation, DataValidationErrorStyle, DataValidationRule, ExcelDateTime, Format,
    IgnoreError, ProtectionOptions, Workbook, Worksheet, XlsxError,
};

use super::style::{ColumnWidths, Styles, display_width, excel_width};
use super::workbook::{SheetLayout, new_workbook, setup_sheet, write_header_row, write_text};
use crate::event::{Event, Sport, TeamRules};

/// Name of the entry sheet.
pub(crate) const ENTRY_SHEET: &str = "报名表";
/// Name of the room-request sheet.
pub(crate) const ROOMS_SHEET: &str = "食宿";
/// Name of the hidden sheet identifying the form.
pub(crate) const META_SHEET: &str = "_bianpai";
/// Layout version written into the hidden sheet.
pub(crate) const FORM_VERSION: &str = "1";
/// Marker in the 序号 (and 备注) cell of the example row.
pub(crate) const EXAMPLE_MARK: &str = "示例";

/// Row (zero-based) of the player table's header on the entry sheet.
pub(crate) const ENTRY_HEADER_ROW: u32 = 6;

/// The columns of the player table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// 序号
    Seq,
    /// 台次 (team events)
    Board,
    /// 姓名
    Name,
    /// 性别
    Sex,
    /// 出生日期
    Birth,
    /// 身份证号码
    IdNumber,
    /// 国际棋联ID (chess)
    FideId,
    /// 等级分
    Rating,
    /// 组别 (events with groups)
    Group,
    /// 家庭编号 (events with a pairs section: 家庭双人组)
    Family,
    /// 注册单位
    Unit,
    /// 称号/技术等级 (xiangqi)
    Title,
    /// 联系电话
    Phone,
    /// 备注
    Note,
}

impl Column {
    /// The header text.
    pub fn header(self) -> &'static str {
        match self {
            Column::Seq => "序号",
            Column::Board => "台次",
            Column::Name => "姓名",
            Column::Sex => "性别",
            Column::Birth => "出生日期",
            Column::IdNumber => "身份证号码",
            Column::FideId => "国际棋联ID",
            Column::Rating => "等级分",
            Column::Group => "组别",
            Column::Family => "家庭编号",
            Column::Unit => "注册单位",
            Column::Title => "称号/技术等级",
            Column::Phone => "联系电话",
            Column::Note => "备注",
        }
    }

    /// Minimum content width (terminal columns) of an empty input column.
    fn min_width(self) -> usize {
        match self {
            Column::Seq | Column::Sex => 4,
            Column::Board => 6,
            Column::Name => 10,
            Column::Birth => 12,
            Column::IdNumber => 20,
            Column::FideId | Column::Rating => 10,
            Column::Group => 12,
            Column::Family => 8,
            Column::Unit => 20,
            Column::Title => 14,
            Column::Phone => 13,
            Column::Note => 24,
        }
    }
}

/// The player table's columns for this event: 台次 for team events, 国际棋联ID for chess and
/// rated events, 组别 when there are sections to choose from, 家庭编号 with a pairs section.
pub fn columns(ev: &Event) -> Vec<Column> {
    let chess = ev.meta().sport == Sport::Chess;
    let mut c = vec![Column::Seq];
    if ev.boards().is_some() {
        c.push(Column::Board);
    }
    c.extend([Column::Name, Column::Sex, Column::Birth, Column::IdNumber]);
    let fide_required = (ev.eligibility().fide_id.as_ref()).is_some_and(|f| f.required);
    if chess || ev.meta().fide_rated || fide_required {
        c.push(Column::FideId);
    }
    c.push(Column::Rating);
    if !group_choices(ev).is_empty() {
        c.push(Column::Group);
    }
    if ev.sections().iter().any(|s| s.pair.is_some()) {
        c.push(Column::Family);
    }
    c.push(Column::Unit);
    if !chess {
        c.push(Column::Title);
    }
    c.extend([Column::Phone, Column::Note]);
    c
}

/// The values of the 组别 dropdown: the sections' group labels (`U10组`, which the sex then
/// splits), else, with several sections and no labels, the sections' names.
pub(crate) fn group_choices(ev: &Event) -> Vec<String> {
    let groups: Vec<String> = ev.groups().iter().map(|g| g.to_string()).collect();
    if !groups.is_empty() || ev.sections().len() < 2 {
        return groups;
    }
    let mut names: Vec<String> = Vec::new();
    for s in ev.sections() {
        if !names.contains(&s.name) {
            names.push(s.name.clone());
        }
    }
    names
}

/// The values of the 台次 dropdown: the board numbers, then 替补 when reserves exist.
pub(crate) fn board_choices(ev: &Event) -> Vec<String> {
    let Some(b) = ev.boards() else {
        return Vec::new();
    };
    let mut v: Vec<String> = b.boards.iter().map(|x| x.number.to_string()).collect();
    let reserves = ev.team().is_some_and(|t| {
        [t.men_reserve, t.women_reserve, t.reserve]
            .iter()
            .any(|r| r.unwrap_or(0) > 0)
    });
    if reserves || !b.reserves.is_empty() {
        v.push("替补".to_string());
    }
    v
}

/// Rows for players: the team's most players, else 30.
fn player_rows(ev: &Event) -> u32 {
    match ev.team().and_then(TeamRules::max_players) {
        Some(n) if n > 0 => n,
        _ => 30,
    }
}

/// Builds the blank entry form for `ev`.
///
/// # Errors
///
/// A writer error (only for values beyond Excel's limits, e.g. a dropdown list over 255
/// characters built from an edited event.toml).
pub fn build(ev: &Event) -> Result<Workbook, XlsxError> {
    let styles = Styles::new();
    let mut wb = new_workbook(&format!("{} 报名表", ev.meta().name))?;
    entry_sheet(wb.add_worksheet(), ev, &styles)?;
    rooms::sheet(wb.add_worksheet(), ev, &styles)?;
    meta_sheet(wb.add_worksheet(), ev)?;
    Ok(wb)
}

/// The protection of both sheets: cells locked unless unlocked, but teams may resize and insert
/// rows (inserted rows inherit the unlocked input format of the row above).
pub(crate) fn protection() -> ProtectionOptions {
    ProtectionOptions {
        format_columns: true,
        format_rows: true,
        insert_rows: true,
        ..ProtectionOptions::default()
    }
}

/// A dropdown list with a Chinese error message.
pub(crate) fn list_validation(values: &[String], what: &str) -> Result<DataValidation, XlsxError> {
    DataValidation::new()
        .allow_list_strings(values)?
        .set_error_title("输入有误")?
        .set_error_message(format!("请从下拉列表中选择{what}。"))
}

/// Writes a label (locked) spanning `label_cols` and an unlocked input spanning `input_cols`.
pub(crate) fn label_input(
    ws: &mut Worksheet,
    row: u32,
    (first, label_last): (u16, u16),
    input_last: u16,
    label: &str,
    styles: &Styles,
    input: &Format,
) -> Result<(), XlsxError> {
    if label_last > first {
        ws.merge_range(row, first, row, label_last, label, &styles.label)?;
    } else {
        write_text(ws, row, first, label, &styles.label, None)?;
    }
    let input_first = label_last + 1;
    if input_last > input_first {
        ws.merge_range(row, input_first, row, input_last, "", input)?;
    } else {
        ws.write_blank(row, input_first, input)?;
    }
    Ok(())
}

fn entry_sheet(ws: &mut Worksheet, ev: &Event, styles: &Styles) -> Result<(), XlsxError> {
    let cols = columns(ev);
    let n = u16::try_from(cols.len()).unwrap_or(u16::MAX);
    let last = n.saturating_sub(1);
    let title = format!("{} 报名表", ev.meta().name);
    setup_sheet(
        ws,
        styles,
        &SheetLayout {
            name: ENTRY_SHEET,
            title: &title,
            columns: n,
            frozen_rows: ENTRY_HEADER_ROW + 1,
            landscape: true,
            // The forms a team fills in are Chinese forms.
            lang: crate::Lang::Zh,
        },
    )?;

    // Rows 1-4: labelled input cells, two pairs a row.
    let mid = n / 2;
    let pairs: [(&str, &str, bool); 4] = [
        ("参赛单位（盖章）：", "填表日期：", true),
        ("领队：", "领队电话：", false),
        ("教练：", "教练电话：", false),
        ("联系人：", "联系电话：", false),
    ];
    for (i, (left, right, date)) in pairs.iter().enumerate() {
        let row = 1 + u32::try_from(i).unwrap_or(0);
        label_input(
            ws,
            row,
            (0, 1),
            mid.saturating_sub(1),
            left,
            styles,
            &styles.input,
        )?;
        let right_fmt = if *date {
            &styles.input_date
        } else {
            &styles.input_text
        };
        label_input(ws, row, (mid, mid + 1), last, right, styles, right_fmt)?;
        ws.set_row_height(row, 20)?;
    }

    let mut widths = ColumnWidths::new();
    let headers: Vec<&str> = cols.iter().map(|c| c.header()).collect();
    write_header_row(ws, ENTRY_HEADER_ROW, &headers, styles, &mut widths)?;
    for (i, c) in cols.iter().enumerate() {
        widths.note_width(u16::try_from(i).unwrap_or(0), c.min_width());
    }

    // The example row, locked, in grey italics.
    let example_row = ENTRY_HEADER_ROW + 1;
    let group = group_choices(ev).first().cloned().unwrap_or_default();
    for (i, c) in cols.iter().enumerate() {
        let col = u16::try_from(i).unwrap_or(0);
        let v = match c {
            Column::Seq => EXAMPLE_MARK.to_string(),
            Column::Board => board_choices(ev).first().cloned().unwrap_or_default(),
            Column::Name => "张三".into(),
            Column::Sex => "男".into(),
            Column::Birth => "2001-05-03".into(),
            Column::IdNumber => "110101200105030016".into(),
            Column::FideId => "8600001".into(),
            Column::Rating => "2315".into(),
            Column::Group => group.clone(),
            Column::Family => String::new(),
            Column::Unit => "示例市棋院".into(),
            Column::Title => "一级棋士".into(),
            Column::Phone => "13800000000".into(),
            Column::Note => "示例行，请从下一行起填写".into(),
        };
        write_text(ws, example_row, col, &v, &styles.example, Some(&mut widths))?;
    }

    // Input rows: 序号 locked and prefilled, every other cell unlocked.
    let first = example_row + 1;
    let count = player_rows(ev);
    let last_row = first + count - 1;
    for k in 0..count {
        let row = first + k;
        ws.write_number_with_format(row, 0, f64::from(k + 1), &styles.center)?;
        for (i, c) in cols.iter().enumerate().skip(1) {
            let col = u16::try_from(i).unwrap_or(0);
            let fmt = match c {
                Column::IdNumber | Column::FideId | Column::Phone => &styles.input_text,
                Column::Birth => &styles.input_date,
                _ => &styles.input,
            };
            ws.write_blank(row, col, fmt)?;
        }
    }
    validations(ws, ev, &cols, first, last_row)?;
    // IDs and phone numbers are text on purpose: hide Excel's "number stored as text" triangles.
    for (i, c) in cols.iter().enumerate() {
        if matches!(c, Column::IdNumber | Column::FideId | Column::Phone) {
            let col = u16::try_from(i).unwrap_or(0);
            ws.ignore_error_range(
                example_row,
                col,
                last_row,
                col,
                IgnoreError::NumberStoredAsText,
            )?;
        }
    }
    widths.apply(ws)?;

    // Instructions under the table.
    let total_width: f64 = (0..n)
        .map(|c| widths.width(c).unwrap_or(excel_width(0)))
        .sum();
    let lines = instructions::entry(ev);
    let mut row = last_row + 2;
    write_text(ws, row, 0, "填表说明", &styles.heading, None)?;
    for line in &lines {
        row += 1;
        ws.merge_range(row, 0, row, last, line, &styles.note)?;
        ws.set_row_height(row, wrapped_height(line, total_width))?;
    }
    row += 2;
    ws.merge_range(
        row,
        0,
        row,
        last,
        "单位负责人签字：                    单位盖章：                    日期：",
        &styles.plain,
    )?;

    ws.protect_with_options(&protection());
    ws.set_active(true);
    Ok(())
}

fn validations(
    ws: &mut Worksheet,
    ev: &Event,
    cols: &[Column],
    first: u32,
    last: u32,
) -> Result<(), XlsxError> {
    let sexes = ["男".to_string(), "女".to_string()];
    let boards = board_choices(ev);
    let groups = group_choices(ev);
    for (i, c) in cols.iter().enumerate() {
        let col = u16::try_from(i).unwrap_or(0);
        let dv = match c {
            Column::Sex => list_validation(&sexes, "性别")?,
            Column::Board if !boards.is_empty() => list_validation(&boards, "台次")?,
            Column::Group if !groups.is_empty() => list_validation(&groups, "组别")?,
            Column::Rating => DataValidation::new()
                .allow_whole_number(DataValidationRule::Between(0, 3500))
                .set_error_title("输入有误")?
                .set_error_message("等级分请填写 0 至 3500 之间的整数，没有可留空。")?,
            Column::IdNumber => DataValidation::new()
                .allow_text_length(DataValidationRule::Between(15, 18))
                .set_error_style(DataValidationErrorStyle::Warning)
                .set_error_title("请核对")?
                .set_error_message("居民身份证号码为18位（旧证15位），请完整填写。")?,
            Column::Birth => DataValidation::new()
                .allow_date(DataValidationRule::Between(
                    ExcelDateTime::from_ymd(1900, 1, 1)?,
                    ExcelDateTime::from_ymd(2099, 12, 31)?,
                ))
                .set_error_style(DataValidationErrorStyle::Warning)
                .set_error_title("请核对")?
                .set_error_message("出生日期请写成 2001-05-03 这样的日期。")?,
            _ => continue,
        };
        ws.add_data_validation(first, col, last, col, &dv)?;
    }
    Ok(())
}

/// Row height (points) that shows `text` wrapped in a merged cell `width` characters wide.
pub(crate) fn wrapped_height(text: &str, width: f64) -> f64 {
    // Layout only: the width in whole characters decides how many lines the text takes.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let per_line = width.clamp(10.0, 10_000.0) as usize;
    let lines = display_width(text).div_ceil(per_line).max(1);
    let lines = u32::try_from(lines).unwrap_or(u32::MAX).min(40);
    f64::from(lines) * 15.0 + 3.0
}

fn meta_sheet(ws: &mut Worksheet, ev: &Event) -> Result<(), XlsxError> {
    ws.set_name(META_SHEET)?;
    let rows = [
        ("bianpai", "entry-form"),
        // The event's own id, never the template's: the form belongs to this event.
        ("id", ev.meta().id.as_deref().unwrap_or("")),
        ("event", ev.meta().name.as_str()),
        ("version", FORM_VERSION),
    ];
    for (r, (k, v)) in rows.iter().enumerate() {
        let r = u32::try_from(r).unwrap_or(0);
        ws.write_string(r, 0, *k)?;
        ws.write_string(r, 1, *v)?;
    }
    ws.set_hidden(true);
    Ok(())
}

#[cfg(test)]
mod tests;
