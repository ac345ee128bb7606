//! The results book (成绩册, issue 18): `out/成绩册.xlsx` (`out/results-book.xlsx` with
//! `--lang en`), written once the event is over, in the order a federation publishes it:
//!
//! 1. 封面: the event's name, dates, place, organizers and 裁判长, and the contents;
//! 2. the stage's final tables ([`super::season::book::book_sheets`]): 团体总成绩, the
//!    individual results (台次成绩, or each group's 名次), the crosstables;
//! 3. 裁定记录 (`Rulings on record`), when the arbiter intervened by hand: each confirmed
//!    pairing and each setting changed during the event, with its round, clause and note
//!    ([`crate::event::interventions`]);
//! 4. 奖金: the prize list as in `prizes.xlsx` (`Prizes` with `--lang en`).
//!
//! Every sheet prints like the other workbooks, with the signature lines under its table.

use super::out_dir::{Place, Rendered};
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
/// [`super::season::book::book_sheets`]) and the prizes.
///
/// # Errors
///
/// [`crate::Error::Output`] naming the book when it cannot be built.
pub fn render_book(
    t: &Target<'_>,
    sheets: Vec<SheetDoc>,
    money: &MoneyOutcome,
) -> Result<Rendered> {
    let prize_sheet = money.reconciliation.is_some().then_some(
        t.lang
            .pick(super::prizes::PAYOUT_SHEET.0, super::prizes::PAYOUT_SHEET.1),
    );
    let mut sheets = sheets;
    sheets.extend(record_sheet(t));
    let mut all = vec![cover(t, &sheets, prize_sheet)];
    all.extend(sheets);
    let place = Place::Out(file_name(t.lang).into());
    Rendered::xlsx(place, workbook(t, &all, money))
}

fn workbook(
    t: &Target<'_>,
    sheets: &[SheetDoc],
    money: &MoneyOutcome,
) -> std::result::Result<rust_xlsxwriter::Workbook, rust_xlsxwriter::XlsxError> {
    let mut wb = signed_workbook(&t.event.event.name, sheets, t.lang)?;
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
    }
    Ok(wb)
}

/// The cover: what the event was, who ran it, and what the book holds.
fn cover(t: &Target<'_>, sheets: &[SheetDoc], prize_sheet: Option<&str>) -> SheetDoc {
    let (e, lang) = (t.event, t.lang);
    let blank = lang.pick("＿＿＿＿＿＿", "____________");
    let mut place = e.venue.city.clone();
    if let Some(v) = &e.venue.venue {
        place.push(' ');
        place.push_str(v);
    }
    let mut rows = vec![
        vec![
            lang.pick("比赛名称", "Event").to_string(),
            e.event.name.clone(),
        ],
        vec![
            lang.pick("比赛日期", "Dates").to_string(),
            format!(
                "{} {} {}",
                e.dates.start,
                lang.pick("至", "to"),
                e.dates.end
            ),
        ],
        vec![lang.pick("比赛地点", "Place").to_string(), place],
    ];
    for o in &e.organizers {
        rows.push(vec![
            super::english::organizer_role(&o.role, lang),
            o.name.clone(),
        ]);
    }
    rows.push(vec![
        lang.pick("裁判长", "Chief arbiter").to_string(),
        e.event
            .chief_arbiter
            .clone()
            .unwrap_or_else(|| blank.to_string()),
    ]);
    let contents = sheets
        .iter()
        .map(|s| s.name.as_str())
        .chain(prize_sheet)
        .enumerate()
        .map(|(i, name)| format!("{}. {name}", i + 1));
    for (i, line) in contents.enumerate() {
        let label = if i == 0 {
            lang.pick("目录", "Contents")
        } else {
            ""
        };
        rows.push(vec![label.to_string(), line]);
    }
    SheetDoc {
        name: lang.pick("封面", "Cover").to_string(),
        title: lang.pick("成绩册", "results book").to_string(),
        table: TextTable {
            headers: vec![
                lang.pick("项目", "Item").to_string(),
                lang.pick("内容", "Details").to_string(),
            ],
            rows,
            ..Default::default()
        },
        landscape: false,
    }
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
            vec![
                i.round.to_string(),
                i.stage.clone(),
                i.what(lang),
                i.clause.clone(),
                i.note.clone(),
                i.line.to_string(),
            ]
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
