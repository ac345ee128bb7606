//! `out/prizes.xlsx`: 奖金 (every payout: gross, tax withheld, net, with the reconciliation with
//! the regulation's total and the tax rule), 领取签收表 (the sign-for sheet, printed and signed by
//! each winner) and 奖金设置 (every list of `event.toml` place by place, paid or waiting for its
//! final ranking). Before the event is over no place is invented: the lists say they wait.

use rust_xlsxwriter::{Workbook, Worksheet, XlsxError};

use super::costs::headers_in;
use super::style::{ColumnWidths, Styles};
use super::workbook::{new_workbook, write_money, write_text};
use crate::Lang;
use crate::event::{Event, Recipient};
use crate::model::Fen;
use crate::money::prizes::printed_name;
use crate::money::{Payout, Reconciliation};

/// Places listed per list at most on 奖金设置.
const MAX_PLACES_LISTED: u32 = 500;

/// The note of a prize withheld while its winner's eligibility is pending.
const WITHHELD: (&str, &str) = (
    "暂缓发放（资格待查，待裁定）",
    "withheld (eligibility pending, awaiting a ruling)",
);

/// The note under the payouts for a list not ranked yet.
const PENDING: (&str, &str) = (
    "比赛尚未结束，名次未产生，奖金暂不发放",
    "the event is not over: no final places yet, no prize paid",
);

/// The check of the prize total under the payouts ([`check_block`]): its heading, its lines'
/// labels and its verdicts (Chinese, English).
const CHECK: (&str, &str) = ("奖金总额核对", "Check of the prize total");
const CHECK_LISTED: (&str, &str) = ("奖金设置合计", "Total of the prize lists");
const CHECK_STATED: (&str, &str) = ("竞赛规程规定奖金总额", "Total stated by the regulations");
const CHECK_DIFFERENCE: (&str, &str) = (
    "差额（本表税前合计－规程规定总额）",
    "Difference (gross total above less the stated total)",
);
const CHECK_AGREES: (&str, &str) = ("相符", "agrees");
const CHECK_DIFFERS: (&str, &str) = ("不符", "differs");

/// The sheet names (Chinese, English): the payouts, the sign-for sheet, the settings.
pub(crate) const PAYOUT_SHEET: (&str, &str) = ("奖金", "Prizes");
const SIGN_SHEET: (&str, &str) = ("领取签收表", "Receipts");
const SETTING_SHEET: (&str, &str) = ("奖金设置", "Prize lists");

const PAYOUT_HEADERS: [(&str, &str); 9] = [
    ("组别", "Section"),
    ("名次", "Place"),
    ("姓名", "Name"),
    ("单位", "Unit"),
    ("身份证号", "ID number"),
    ("税前金额", "Gross"),
    ("代扣个税", "Tax withheld"),
    ("实发金额", "Net"),
    ("备注", "Notes"),
];
const SETTING_HEADERS: [(&str, &str); 5] = [
    ("组别", "Section"),
    ("名次", "Place"),
    ("税前金额", "Gross"),
    ("领奖对象", "Paid to"),
    ("状态", "Status"),
];
const SIGN_HEADERS: [(&str, &str); 8] = [
    ("组别", "Section"),
    ("名次", "Place"),
    ("姓名", "Name"),
    ("单位", "Unit"),
    ("身份证号", "ID number"),
    ("实发金额（元）", "Net (yuan)"),
    ("领取人签名", "Signature"),
    ("日期", "Date"),
];

/// `prizes.xlsx`. `ranked` are the ranking ids whose final ranking is known; the lists of
/// `event.toml` with money and no final ranking are marked as waiting.
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub fn workbook(
    event: &Event,
    payouts: &[Payout],
    rec: &Reconciliation,
    ranked: &[&str],
    lang: Lang,
) -> Result<Workbook, XlsxError> {
    let title = &event.meta().name;
    let mut wb = new_workbook(title)?;
    let styles = Styles::new();
    add_payouts(&mut wb, &styles, event, payouts, rec, ranked, lang)?;
    sign_sheet(wb.add_worksheet(), &styles, title, payouts, lang)?;
    settings_sheet(wb.add_worksheet(), &styles, event, payouts, ranked, lang)?;
    Ok(wb)
}

/// Adds the 奖金 sheet (every payout, the totals, the reconciliation, the signature lines) to
/// `wb`: the first sheet of `prizes.xlsx`, the last of the results book.
///
/// # Errors
///
/// Returns the writer's error for a range outside Excel's limits.
pub(crate) fn add_payouts(
    wb: &mut rust_xlsxwriter::Workbook,
    styles: &Styles,
    event: &Event,
    payouts: &[Payout],
    rec: &Reconciliation,
    ranked: &[&str],
    lang: Lang,
) -> Result<(), XlsxError> {
    let title = &event.meta().name;
    let pending: Vec<String> = event
        .prizes()
        .lists
        .iter()
        .filter(|l| !l.amounts.is_empty() && !ranked.contains(&l.ranking.as_str()))
        .map(|l| printed_name(event, l))
        .collect();
    let notes = Notes {
        pending: &pending,
        tax: tax_note(event, lang),
        lang,
    };
    payouts_sheet(wb.add_worksheet(), styles, title, payouts, rec, &notes)
}

/// What the payouts sheet says besides the payouts.
struct Notes<'a> {
    /// Names of the lists waiting for their final ranking.
    pending: &'a [String],
    /// How tax is withheld.
    tax: String,
    /// The labels' language.
    lang: Lang,
}

/// The tax rule as printed: `个人奖金代扣个人所得税：偶然所得 20%（默认值，…）`.
fn tax_note(event: &Event, lang: Lang) -> String {
    match (event.tax(), lang) {
        (Some(t), Lang::Zh) => format!(
            "个人奖金代扣个人所得税：{} {}%{}；奖给单位的奖金不代扣",
            t.kind,
            t.rate_percent,
            if t.is_default {
                "（组委会默认设置）"
            } else {
                ""
            }
        ),
        (Some(t), Lang::En) => format!(
            "individual income tax withheld on personal prizes: {} {}%{}; none on prizes to units",
            t.kind,
            t.rate_percent,
            if t.is_default {
                " (the organizing committee's default)"
            } else {
                ""
            }
        ),
        (None, Lang::Zh) => "本次奖金不代扣个人所得税".to_string(),
        (None, Lang::En) => "no income tax withheld on these prizes".to_string(),
    }
}

/// One payout's row: list, place, winner, unit, ID, the amounts and a note (withheld, paid to
/// the unit, shared).
fn payout_row(
    ws: &mut Worksheet,
    s: &Styles,
    row: u32,
    p: &Payout,
    lang: Lang,
    w: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    // The payouts go to every team (and into the results book): the ID number is masked.
    let id = super::privacy::mask_id(p.id_number.as_deref().unwrap_or(""));
    // The list (0) and the unit (3) are written wrapped below.
    write_place(ws, row, 1, p.place, s, w)?;
    write_text(ws, row, 2, &p.name, &s.body, Some(&mut *w))?;
    write_text(ws, row, 4, &id, &s.text, Some(&mut *w))?;
    write_money(ws, row, 5, p.gross, &s.money, Some(&mut *w))?;
    write_money(ws, row, 6, p.tax, &s.money, Some(&mut *w))?;
    write_money(ws, row, 7, p.net, &s.money, Some(&mut *w))?;
    let mut note = Vec::new();
    if p.withheld {
        note.push(lang.pick(WITHHELD.0, WITHHELD.1));
    }
    if p.is_unit {
        note.push(lang.pick("奖给单位，不代扣个税", "paid to the unit, no tax withheld"));
    }
    let shared = p.shared.map(|x| x.note(lang));
    if let Some(x) = &shared {
        note.push(x);
    }
    // The long cells wrap (汉字 count two): the list's name at 12 columns, the unit at 16, the
    // note at 24, so that the sheet prints at a readable scale; the row is made tall enough.
    let text = note.join(lang.pick("；", "; "));
    let lines = [
        wrapped_cell(ws, s, (row, 0), &p.list_name, 12, w)?,
        wrapped_cell(ws, s, (row, 3), &p.team, 16, w)?,
        wrapped_cell(ws, s, (row, 8), &text, 24, w)?,
    ]
    .into_iter()
    .max()
    .unwrap_or(1);
    if lines > 1 {
        w.set_row_height(ws, row, f64::from(lines) * 14.5 + 2.0)?;
    }
    Ok(())
}

/// Writes `text` at `at` wrapped in a column at most `cap` terminal columns wide (which holds a
/// quarter more, see `tables::wrapped_lines`); returns the lines it takes.
fn wrapped_cell(
    ws: &mut Worksheet,
    s: &Styles,
    (row, col): (u32, u16),
    text: &str,
    cap: usize,
    w: &mut ColumnWidths,
) -> Result<u32, XlsxError> {
    let wide = crate::report::style::display_width(text);
    write_text(ws, row, col, text, &s.body.clone().set_text_wrap(), None)?;
    w.note_width(col, wide.min(cap));
    Ok(u32::try_from(wide.div_ceil(cap + cap / 4 + 1).max(1)).unwrap_or(1))
}

fn payouts_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    title: &str,
    payouts: &[Payout],
    rec: &Reconciliation,
    notes: &Notes<'_>,
) -> Result<(), XlsxError> {
    let lang = notes.lang;
    let name = lang.pick(PAYOUT_SHEET.0, PAYOUT_SHEET.1);
    let t = format!("{title} {}", lang.pick("奖金", "prizes"));
    let headers = headers_in(&PAYOUT_HEADERS, lang);
    let mut w = super::costs::table_sheet(ws, s, name, &t, &headers, true, lang)?;
    let mut row = 2u32;
    for p in payouts {
        payout_row(ws, s, row, p, lang, &mut w)?;
        row += 1;
    }
    write_text(
        ws,
        row,
        4,
        lang.pick("合计", "Total"),
        &s.header,
        Some(&mut w),
    )?;
    write_money(ws, row, 5, rec.gross, &s.money, Some(&mut w))?;
    write_money(ws, row, 6, rec.tax, &s.money, Some(&mut w))?;
    write_money(ws, row, 7, rec.net, &s.money, Some(&mut w))?;
    row += 1;
    if rec.withheld_gross != Fen::ZERO {
        let label = lang.pick("其中暂缓发放", "of which withheld");
        write_text(ws, row, 4, label, &s.header, Some(&mut w))?;
        write_money(ws, row, 5, rec.withheld_gross, &s.money, Some(&mut w))?;
        write_money(ws, row, 7, rec.withheld_net, &s.money, Some(&mut w))?;
        row += 1;
        let label = lang.pick("本次可发放", "payable now");
        write_text(ws, row, 4, label, &s.header, Some(&mut w))?;
        write_money(
            ws,
            row,
            5,
            rec.gross - rec.withheld_gross,
            &s.money,
            Some(&mut w),
        )?;
        write_money(
            ws,
            row,
            7,
            rec.net - rec.withheld_net,
            &s.money,
            Some(&mut w),
        )?;
        row += 1;
    }
    for name in notes.pending {
        let text = format!(
            "{name}{}{}",
            lang.pick("：", ": "),
            lang.pick(PENDING.0, PENDING.1)
        );
        super::notes::write_note(ws, row, &text, s, &mut w)?;
        row += 1;
    }
    super::notes::write_note(ws, row, &notes.tax, s, &mut w)?;
    row = check_block(ws, s, row + 2, rec, lang, &mut w)?;
    // The last line written is `row - 1`: the signatures follow one blank row under it.
    let last = row - 1;
    super::signature::write_signatures(ws, last, last, s, &mut w, lang)?;
    w.apply(ws)
}

/// The check of the prize total under the payouts, from `row`, as an arbiter prints it: the
/// heading 奖金总额核对, then each line's label boxed across the first five columns (so that it
/// prints inside its box) with its amount under 税前金额: the total of 奖金设置, the total the
/// regulation states and the difference of the gross paid from it, 相符 or 不符. Returns the
/// row after the last line.
fn check_block(
    ws: &mut Worksheet,
    s: &Styles,
    mut row: u32,
    rec: &Reconciliation,
    lang: Lang,
    w: &mut ColumnWidths,
) -> Result<u32, XlsxError> {
    write_text(ws, row, 0, lang.pick(CHECK.0, CHECK.1), &s.heading, None)?;
    row += 1;
    let mut lines = vec![(CHECK_LISTED, rec.listed, None)];
    if let Some(stated) = rec.stated {
        let agrees = if rec.gross == stated {
            CHECK_AGREES
        } else {
            CHECK_DIFFERS
        };
        lines.push((CHECK_STATED, stated, None));
        lines.push((CHECK_DIFFERENCE, rec.gross - stated, Some(agrees)));
    }
    for (label, amount, verdict) in lines {
        ws.merge_range(row, 0, row, 4, lang.pick(label.0, label.1), &s.body)?;
        write_money(ws, row, 5, amount, &s.money, Some(&mut *w))?;
        let verdict = verdict.map_or("", |v| lang.pick(v.0, v.1));
        write_text(ws, row, 6, verdict, &s.center, Some(&mut *w))?;
        row += 1;
    }
    Ok(row)
}

fn settings_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    event: &Event,
    payouts: &[Payout],
    ranked: &[&str],
    lang: Lang,
) -> Result<(), XlsxError> {
    let t = format!(
        "{} {}",
        event.meta().name,
        lang.pick("奖金设置", "prize lists")
    );
    let name = lang.pick(SETTING_SHEET.0, SETTING_SHEET.1);
    let headers = headers_in(&SETTING_HEADERS, lang);
    let mut w = super::costs::table_sheet(ws, s, name, &t, &headers, false, lang)?;
    let mut row = 2u32;
    for l in &event.prizes().lists {
        let name = printed_name(event, l);
        let id = l.id();
        let who = match l.recipient {
            Recipient::Individual => lang.pick("个人", "person"),
            Recipient::Unit => lang.pick("单位", "unit"),
        };
        let is_ranked = ranked.contains(&l.ranking.as_str());
        // A hostile `places` does not make a million rows.
        let last = l
            .places
            .max(u32::try_from(l.amounts.len()).unwrap_or(u32::MAX))
            .min(MAX_PLACES_LISTED);
        for place in 1..=last {
            let paid = payouts.iter().find(|p| p.list == id && p.place == place);
            let status = match (l.amount(place) == Fen::ZERO, is_ranked, paid) {
                (true, _, _) => lang.pick("录取名次，无奖金", "place ranked, no prize"),
                (false, false, _) => lang.pick(
                    "名次未产生（比赛尚未结束）",
                    "no final place yet (the event is not over)",
                ),
                (false, true, Some(p)) if p.withheld => lang.pick(
                    "暂缓发放（获奖者资格待查）",
                    "withheld (the winner's eligibility is pending)",
                ),
                (false, true, Some(_)) => {
                    lang.pick("已按最终名次发放", "paid by the final ranking")
                }
                (false, true, None) => lang.pick("无人获得该名次", "nobody took this place"),
            };
            write_text(ws, row, 0, &name, &s.body, Some(&mut w))?;
            write_place(ws, row, 1, place, s, &mut w)?;
            write_money(ws, row, 2, l.amount(place), &s.money, Some(&mut w))?;
            write_text(ws, row, 3, who, &s.center, Some(&mut w))?;
            write_text(ws, row, 4, status, &s.body, Some(&mut w))?;
            row += 1;
        }
    }
    write_text(
        ws,
        row,
        1,
        lang.pick("合计", "Total"),
        &s.header,
        Some(&mut w),
    )?;
    write_money(
        ws,
        row,
        2,
        event.prizes().listed_total(),
        &s.money,
        Some(&mut w),
    )?;
    w.apply(ws)
}

fn sign_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    title: &str,
    payouts: &[Payout],
    lang: Lang,
) -> Result<(), XlsxError> {
    let t = format!("{title} {}", lang.pick("奖金领取签收表", "prize receipts"));
    let name = lang.pick(SIGN_SHEET.0, SIGN_SHEET.1);
    let headers = headers_in(&SIGN_HEADERS, lang);
    let mut w = super::costs::table_sheet(ws, s, name, &t, &headers, true, lang)?;
    w.note_width(6, 16);
    w.note_width(7, 12);
    // A withheld prize is not payable: it is not on the sign-for sheet.
    let mut last = 1u32;
    for (row, p) in (2u32..).zip(payouts.iter().filter(|p| !p.withheld)) {
        ws.set_row_height(row, 36)?;
        // The recipient signs for the money here: the ID number in full (the tax return).
        winner_cells(ws, s, row, p, p.id_number.as_deref().unwrap_or(""), &mut w)?;
        write_money(ws, row, 5, p.net, &s.money, Some(&mut w))?;
        write_text(ws, row, 6, "", &s.body, None)?;
        write_text(ws, row, 7, "", &s.body, None)?;
        last = row;
    }
    // The total paid against signatures: every payable prize's net amount.
    let row = last + 1;
    let total: Fen = payouts.iter().filter(|p| !p.withheld).map(|p| p.net).sum();
    write_text(
        ws,
        row,
        4,
        lang.pick("合计", "Total"),
        &s.header,
        Some(&mut w),
    )?;
    write_money(ws, row, 5, total, &s.money, Some(&mut w))?;
    w.apply(ws)
}

/// The winner's cells of a payout row: list, place (a number), name, unit and the ID number
/// as given.
fn winner_cells(
    ws: &mut Worksheet,
    s: &Styles,
    row: u32,
    p: &Payout,
    id: &str,
    w: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    write_text(ws, row, 0, &p.list_name, &s.body, Some(&mut *w))?;
    write_place(ws, row, 1, p.place, s, w)?;
    write_text(ws, row, 2, &p.name, &s.body, Some(&mut *w))?;
    write_text(ws, row, 3, &p.team, &s.body, Some(&mut *w))?;
    write_text(ws, row, 4, id, &s.text, Some(&mut *w))
}

/// Writes a place as a whole number, centred, and notes its width.
fn write_place(
    ws: &mut Worksheet,
    row: u32,
    col: u16,
    place: u32,
    s: &Styles,
    w: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    let fmt = s.center.clone().set_num_format("0");
    ws.write_number_with_format(row, col, f64::from(place), &fmt)?;
    w.note(col, &place.to_string());
    Ok(())
}
