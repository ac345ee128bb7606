//! The results book's cover (issue 45): a page like a federation's printed book, not a form.
//! The event's name and `成绩册` in large type (`（草稿）` under them while errors are open),
//! the dates, place, organizers and 裁判长 as `label：value` lines, then 目录, one line per sheet
//! of the book, each a link to its sheet. Every page of a draft book carries `草稿` at the right
//! of its page header ([`draft_headers`]).

use rust_xlsxwriter::{Format, FormatAlign, FormatBorder, Url, Workbook, Worksheet, XlsxError};

use crate::Lang;
use crate::event::Event;
use crate::report::style::{base_format, display_width};

/// Width of the cover's two columns (labels, values), in Excel units: 66 units print within
/// A4 portrait's 523 pt at 100 %.
const LABEL_UNITS: f64 = 16.0;
const VALUE_UNITS: f64 = 50.0;
/// Points per Excel unit as printed (see [`crate::report::print::POINTS_PER_UNIT`]).
const POINTS_PER_UNIT: f64 = crate::report::print::POINTS_PER_UNIT;

/// The draft mark: `草稿`, `DRAFT`.
pub fn draft_word(lang: Lang) -> &'static str {
    lang.pick("草稿", "DRAFT")
}

/// The cover's lines: (label, value). Organizers in event.toml order.
fn facts(e: &Event, lang: Lang) -> Vec<(String, String)> {
    let blank = lang.pick("＿＿＿＿＿＿", "____________");
    let mut place = e.venue().city.clone();
    if let Some(v) = &e.venue().venue {
        place.push(' ');
        place.push_str(v);
    }
    let mut v = vec![
        (
            lang.pick("比赛日期", "Dates").to_string(),
            format!(
                "{} {} {}",
                e.dates().start,
                lang.pick("至", "to"),
                e.dates().end
            ),
        ),
        (lang.pick("比赛地点", "Place").to_string(), place),
    ];
    for o in e.organizers() {
        v.push((
            crate::report::english::organizer_role(&o.role, lang),
            o.name.clone(),
        ));
    }
    v.push((
        lang.pick("裁判长", "Chief arbiter").to_string(),
        e.meta()
            .chief_arbiter
            .clone()
            .unwrap_or_else(|| blank.to_string()),
    ));
    v
}

/// What the cover shows besides the event: its sheet name, the contents (the other sheets'
/// names, in order), whether the book is a draft, and the language.
pub struct Cover<'a> {
    /// The cover sheet's name (`封面`).
    pub name: &'a str,
    /// The other sheets' names, in order.
    pub contents: &'a [String],
    /// Errors are open: `（草稿）` under the title.
    pub draft: bool,
    /// The language of the labels.
    pub lang: Lang,
}

/// Writes the cover as the book's first sheet.
///
/// # Errors
///
/// The writer's error for a cell outside Excel's limits.
pub fn add_cover(wb: &mut Workbook, e: &Event, c: &Cover<'_>) -> Result<(), XlsxError> {
    let ws = wb.add_worksheet();
    write_cover(ws, e, c)?;
    // The cover goes first: the sheet just added is the last.
    let sheets = wb.worksheets_mut();
    if let Some(cover) = sheets.pop() {
        sheets.insert(0, cover);
    }
    Ok(())
}

fn write_cover(ws: &mut Worksheet, e: &Event, c: &Cover<'_>) -> Result<(), XlsxError> {
    let Cover {
        name,
        contents,
        draft,
        lang,
    } = *c;
    let big = |size: f64| {
        base_format()
            .set_bold()
            .set_font_size(size)
            .set_align(FormatAlign::Center)
            .set_align(FormatAlign::VerticalCenter)
            .set_text_wrap()
    };
    let label = base_format()
        .set_bold()
        .set_font_size(12)
        .set_align(FormatAlign::Right)
        .set_align(FormatAlign::VerticalCenter)
        .set_border_bottom(FormatBorder::Thin);
    let value = base_format()
        .set_font_size(12)
        .set_align(FormatAlign::VerticalCenter)
        .set_text_wrap()
        .set_border_bottom(FormatBorder::Thin);
    ws.set_name(name)?;
    ws.set_column_width(0, LABEL_UNITS)?;
    ws.set_column_width(1, VALUE_UNITS)?;
    ws.set_paper_size(9);
    ws.set_print_fit_to_pages(1, 0);
    ws.set_print_center_horizontally(true);
    ws.set_margins(0.5, 0.5, 0.75, 0.75, 0.3, 0.3);
    ws.set_footer(lang.pick("&C第 &P 页，共 &N 页", "&Cpage &P of &N"));
    let width_pt = (LABEL_UNITS + VALUE_UNITS) * POINTS_PER_UNIT;
    // Row 0: space above the title; the event's name in as many lines as it needs at 22 pt.
    ws.set_row_height(0, 60)?;
    let lines = (display_width(&e.meta().name) as f64 * 11.0 / width_pt)
        .ceil()
        .max(1.0);
    ws.merge_range(1, 0, 1, 1, &e.meta().name, &big(22.0))?;
    ws.set_row_height(1, lines * 32.0)?;
    ws.merge_range(2, 0, 2, 1, lang.pick("成绩册", "Results book"), &big(36.0))?;
    ws.set_row_height(2, 60)?;
    let mut row = 3;
    if draft {
        let mark = match lang {
            Lang::Zh => "（草稿）".to_string(),
            Lang::En => format!("({})", draft_word(lang)),
        };
        ws.merge_range(row, 0, row, 1, &mark, &big(20.0))?;
        ws.set_row_height(row, 32)?;
        row += 1;
        let why = lang.pick(
            "尚有待核实事项，成绩以正式版为准",
            "Some matters are still being verified: the final edition prevails",
        );
        ws.merge_range(
            row,
            0,
            row,
            1,
            why,
            &base_format().set_align(FormatAlign::Center),
        )?;
        row += 1;
    }
    row += 2;
    ws.set_row_height(row - 1, 40)?;
    for (l, v) in facts(e, lang) {
        let text = match lang {
            Lang::Zh => format!("{l}："),
            Lang::En => format!("{l}:"),
        };
        ws.write_string_with_format(row, 0, &text, &label)?;
        ws.write_string_with_format(row, 1, &v, &value)?;
        let lines = (display_width(&v) as f64 * 6.0 / (VALUE_UNITS * POINTS_PER_UNIT))
            .ceil()
            .max(1.0);
        ws.set_row_height(row, lines * 24.0)?;
        row += 1;
    }
    row += 1;
    ws.set_row_height(row, 40)?;
    ws.merge_range(row, 0, row, 1, lang.pick("目录", "Contents"), &big(16.0))?;
    row += 1;
    write_contents(ws, row, contents, &label, &value)
}

/// The contents: `1.` and the sheet's name, linked to its first cell.
fn write_contents(
    ws: &mut Worksheet,
    first: u32,
    contents: &[String],
    number: &Format,
    text: &Format,
) -> Result<(), XlsxError> {
    for (row, (i, sheet)) in (first..).zip(contents.iter().enumerate()) {
        ws.write_string_with_format(row, 0, format!("{}.", i + 1), number)?;
        // A sheet name's quote is doubled inside the quoted reference.
        let target = format!("internal:'{}'!A1", sheet.replace('\'', "''"));
        ws.write_url_with_format(row, 1, Url::new(target).set_text(sheet), text)?;
        ws.set_row_height(row, 24)?;
    }
    Ok(())
}

/// Marks every sheet of a draft book: `草稿` at the right of its page header, after the
/// sheet's title (`titles`, in sheet order, as the sheets were written).
pub fn draft_headers(wb: &mut Workbook, titles: &[String], lang: Lang) {
    for (ws, title) in wb.worksheets_mut().iter_mut().zip(titles) {
        ws.set_header(format!(
            "&C{}&R&\"-,Bold\"&16{}",
            title.replace('&', "&&"),
            draft_word(lang)
        ));
    }
}
