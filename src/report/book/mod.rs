//! The results book (成绩册, issue 18): `out/成绩册.xlsx` (`out/results-book.xlsx` with
//! `--lang en`), written once the event is over, in the order a federation publishes it:
//!
//! 1. 封面 ([`cover`]): the event's name and `成绩册` in large type, the dates, place,
//!    organizers and 裁判长, and the contents (目录), each line a link to its sheet;
//! 2. the stage's final tables ([`super::season::book::book_sheets`]): 团体总成绩, the
//!    individual results (台次成绩, or each group's 名次), the crosstables;
//! 3. 裁定记录 (`Rulings on record`), when the arbiter intervened by hand: each confirmed
//!    pairing and each setting changed during the event, with its round, clause and note
//!    ([`crate::event::interventions`]);
//! 4. 奖金: the prize list as in `prizes.xlsx` (`Prizes` with `--lang en`).
//!
//! Every sheet prints like the other workbooks, with the signature lines under its table. While
//! errors are open (a draft, see [`crate::report::render_outcome`]) the cover says `（草稿）` and
//! every page's header `草稿`. The whole book prints to one PDF in one go:
//! `soffice --headless --convert-to pdf out/成绩册.xlsx`.

mod cover;

pub use cover::draft_word;

use super::out_dir::{Place, Rendered};
use super::prizes::PAYOUT_SHEET;
use super::season::Target;
use super::style::Styles;
use super::tables::{SheetDoc, TextTable, signed_workbook};
use crate::money::MoneyOutcome;
use crate::{Lang, Result};

/// The results book's file name: `成绩册.xlsx`, `results-book.xlsx` in English.
pub fn file_name(lang: Lang) -> &'static str {
    lang.pick("成绩册.xlsx", "results-book.xlsx")
}

/// The results book from the stage's final tables `sheets` (see
/// [`super::season::book::book_sheets`]) and the prizes; a `draft` (errors still open) says so
/// on its cover and in every page's header.
///
/// # Errors
///
/// [`crate::Error::Output`] naming the book when it cannot be built.
pub fn render_book(
    t: &Target<'_>,
    sheets: Vec<SheetDoc>,
    money: &MoneyOutcome,
    draft: bool,
) -> Result<Rendered> {
    let mut sheets = sheets;
    sheets.extend(record_sheet(t));
    let place = Place::Out(file_name(t.lang).into());
    Rendered::xlsx(place, workbook(t, &sheets, money, draft))
}

fn workbook(
    t: &Target<'_>,
    sheets: &[SheetDoc],
    money: &MoneyOutcome,
    draft: bool,
) -> std::result::Result<rust_xlsxwriter::Workbook, rust_xlsxwriter::XlsxError> {
    let (name, lang) = (&t.event.meta().name, t.lang);
    let mut wb = signed_workbook(name, sheets, lang)?;
    let mut contents: Vec<String> = wb.worksheets_mut().iter().map(|ws| ws.name()).collect();
    let mut titles: Vec<String> = sheets
        .iter()
        .map(|s| format!("{name} {}", s.title))
        .collect();
    if let Some(rec) = &money.reconciliation {
        let ranked: Vec<&str> = money
            .ranked_lists
            .iter()
            .map(crate::money::ListId::as_str)
            .collect();
        super::prizes::add_payouts(
            &mut wb,
            &Styles::new(),
            t.event,
            &money.payouts,
            rec,
            &ranked,
            t.lang,
        )?;
        contents.push(lang.pick(PAYOUT_SHEET.0, PAYOUT_SHEET.1).to_string());
        titles.push(format!("{name} {}", lang.pick("奖金", "prizes")));
    }
    let cover_name = lang.pick("封面", "Cover");
    let c = cover::Cover {
        name: cover_name,
        contents: &contents,
        draft,
        lang,
    };
    cover::add_cover(&mut wb, t.event, &c)?;
    if draft {
        titles.insert(0, format!("{name} {}", lang.pick("成绩册", "results book")));
        cover::draft_headers(&mut wb, &titles, lang);
    }
    Ok(wb)
}

/// The manual interventions on record (裁定记录), one row each in the order of `event.toml`;
/// `None` when there is none.
fn record_sheet(t: &Target<'_>) -> Option<SheetDoc> {
    let lang = t.lang;
    let all = crate::event::interventions(t.event);
    if all.is_empty() {
        return None;
    }
    let rows = all
        .iter()
        .map(|i| {
            crate::report::cell::texts(vec![
                i.round.to_string(),
                i.stage.clone(),
                i.what(lang),
                i.clause.clone(),
                i.note.clone(),
                i.line.to_string(),
            ])
        })
        .collect();
    let headers = [
        ("轮次", "Round"),
        ("赛段/组别", "Stage"),
        ("事项", "Intervention"),
        ("条款", "Clause"),
        ("说明", "Note"),
        ("event.toml 行", "event.toml line"),
    ];
    Some(SheetDoc {
        name: lang.pick("裁定记录", "Rulings on record").to_string(),
        title: lang
            .pick("裁定记录（人工改动）", "manual interventions on record")
            .to_string(),
        table: TextTable {
            headers: headers
                .iter()
                .map(|h| lang.pick(h.0, h.1).to_string())
                .collect(),
            rows,
            ..Default::default()
        },
        landscape: false,
    })
}
