//! `out/prizes.xlsx`: 奖金 (every payout: gross, tax withheld, net, with the reconciliation with
//! the regulation's total and the tax rule), 领取签收表 (the sign-for sheet, printed and signed by
//! each winner) and 奖金设置 (every list of `event.toml` place by place, paid or waiting for its
//! final ranking). Before the event is over no place is invented: the lists say they wait.

use std::path::Path;

use rust_xlsxwriter::{Worksheet, XlsxError};

use super::style::Styles;
use super::workbook::{new_workbook, save_atomic, write_money, write_text};
use crate::Error;
use crate::event::{Event, Recipient};
use crate::model::Fen;
use crate::money::prizes::list_name;
use crate::money::{Payout, Reconciliation};

/// Places listed per list at most on 奖金设置.
const MAX_PLACES_LISTED: u32 = 500;

/// The note of a prize withheld while its winner's eligibility is pending.
const WITHHELD: &str = "暂缓发放（资格待查，待裁定）";

/// The note under the payouts for a list not ranked yet.
const PENDING: &str = "比赛尚未结束，名次未产生，奖金暂不发放";

const PAYOUT_HEADERS: [&str; 9] = [
    "组别",
    "名次",
    "姓名",
    "单位",
    "身份证号",
    "税前金额",
    "代扣个税",
    "实发金额",
    "备注",
];
const SETTING_HEADERS: [&str; 5] = ["组别", "名次", "税前金额", "领奖对象", "状态"];
const SIGN_HEADERS: [&str; 8] = [
    "组别",
    "名次",
    "姓名",
    "单位",
    "身份证号",
    "实发金额（元）",
    "领取人签名",
    "日期",
];

/// Writes `prizes.xlsx`. `ranked` are the ranking ids whose final ranking is known; the lists of
/// `event.toml` with money and no final ranking are marked as waiting.
///
/// # Errors
///
/// [`Error::Io`] naming `path` when the workbook cannot be built or written.
pub fn write_prizes(
    path: &Path,
    event: &Event,
    payouts: &[Payout],
    rec: &Reconciliation,
    ranked: &[&str],
) -> Result<(), Error> {
    let xe = |e: XlsxError| Error::output(path, e);
    let title = &event.event.name;
    let mut wb = new_workbook(title).map_err(xe)?;
    let styles = Styles::new();
    add_payouts(&mut wb, &styles, event, payouts, rec, ranked).map_err(xe)?;
    sign_sheet(wb.add_worksheet(), &styles, title, payouts).map_err(xe)?;
    settings_sheet(wb.add_worksheet(), &styles, event, payouts, ranked).map_err(xe)?;
    save_atomic(&mut wb, path)
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
) -> Result<(), XlsxError> {
    let title = &event.event.name;
    let pending: Vec<String> = event
        .prizes
        .lists
        .iter()
        .filter(|l| !l.amounts.is_empty() && !ranked.contains(&l.ranking.as_str()))
        .map(|l| list_name(event, &l.ranking))
        .collect();
    let notes = Notes {
        pending: &pending,
        tax: tax_note(event),
    };
    payouts_sheet(wb.add_worksheet(), styles, title, payouts, rec, &notes)
}

/// What the payouts sheet says besides the payouts.
struct Notes<'a> {
    /// Names of the lists waiting for their final ranking.
    pending: &'a [String],
    /// How tax is withheld.
    tax: String,
}

/// The tax rule as printed: `个人奖金代扣个人所得税：偶然所得 20%（默认值，…）`.
fn tax_note(event: &Event) -> String {
    match &event.tax {
        Some(t) => format!(
            "个人奖金代扣个人所得税：{} {}%{}；奖给单位的奖金不代扣",
            t.kind,
            t.rate_percent,
            if t.is_default {
                "（默认值，规程未规定，请组织者确认）"
            } else {
                ""
            }
        ),
        None => "不代扣个人所得税（event.toml 未设 [tax]）".to_string(),
    }
}

fn payouts_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    title: &str,
    payouts: &[Payout],
    rec: &Reconciliation,
    notes: &Notes<'_>,
) -> Result<(), XlsxError> {
    let t = format!("{title} 奖金");
    let mut w = super::costs::table_sheet(ws, s, "奖金", &t, &PAYOUT_HEADERS, true)?;
    let mut row = 2u32;
    for p in payouts {
        write_text(ws, row, 0, &p.list_name, &s.body, Some(&mut w))?;
        write_text(ws, row, 1, &p.place.to_string(), &s.center, Some(&mut w))?;
        write_text(ws, row, 2, &p.name, &s.body, Some(&mut w))?;
        write_text(ws, row, 3, &p.team, &s.body, Some(&mut w))?;
        write_text(
            ws,
            row,
            4,
            p.id_number.as_deref().unwrap_or(""),
            &s.text,
            Some(&mut w),
        )?;
        write_money(ws, row, 5, p.gross, &s.money, Some(&mut w))?;
        write_money(ws, row, 6, p.tax, &s.money, Some(&mut w))?;
        write_money(ws, row, 7, p.net, &s.money, Some(&mut w))?;
        let mut note = Vec::new();
        if p.withheld {
            note.push(WITHHELD);
        }
        if p.is_unit {
            note.push("奖给单位，不代扣个税");
        }
        let shared = p.shared.map(|x| x.note());
        if let Some(x) = &shared {
            note.push(x);
        }
        // The note wraps at 30 columns (汉字 count two), its row made tall enough.
        let text = note.join("；");
        let wide = crate::report::style::display_width(&text);
        write_text(ws, row, 8, &text, &s.body.clone().set_text_wrap(), None)?;
        w.note_width(8, wide.min(30));
        if wide > 38 {
            let lines = u32::try_from(wide.div_ceil(38)).unwrap_or(1);
            w.set_row_height(ws, row, f64::from(lines) * 13.5 + 2.0)?;
        }
        row += 1;
    }
    write_text(ws, row, 4, "合计", &s.header, Some(&mut w))?;
    write_money(ws, row, 5, rec.gross, &s.money, Some(&mut w))?;
    write_money(ws, row, 6, rec.tax, &s.money, Some(&mut w))?;
    write_money(ws, row, 7, rec.net, &s.money, Some(&mut w))?;
    row += 1;
    if rec.withheld_gross != Fen::ZERO {
        write_text(ws, row, 4, "其中暂缓发放", &s.header, Some(&mut w))?;
        write_money(ws, row, 5, rec.withheld_gross, &s.money, Some(&mut w))?;
        write_money(ws, row, 7, rec.withheld_net, &s.money, Some(&mut w))?;
        row += 1;
        write_text(ws, row, 4, "本次可发放", &s.header, Some(&mut w))?;
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
        write_text(ws, row, 0, name, &s.body, None)?;
        write_text(ws, row, 2, PENDING, &s.body, None)?;
        row += 1;
    }
    write_text(ws, row, 0, &notes.tax, &s.body, None)?;
    row += 2;
    write_text(ws, row, 0, "核对", &s.heading, None)?;
    row += 1;
    write_text(ws, row, 0, "奖金表合计（event.toml）", &s.body, None)?;
    write_money(ws, row, 5, rec.listed, &s.money, Some(&mut w))?;
    row += 1;
    if let Some(stated) = rec.stated {
        write_text(ws, row, 0, "规程所列奖金总额", &s.body, None)?;
        write_money(ws, row, 5, stated, &s.money, Some(&mut w))?;
        row += 1;
        write_text(ws, row, 0, "实发税前合计与规程总额之差", &s.body, None)?;
        write_money(ws, row, 5, rec.gross - stated, &s.money, Some(&mut w))?;
        let ok = if rec.gross == stated {
            "一致"
        } else {
            "不一致"
        };
        write_text(ws, row, 6, ok, &s.center, Some(&mut w))?;
        row += 1;
    }
    // The last line written is `row - 1`: the signatures follow one blank row under it.
    let last = row - 1;
    super::signature::write_signatures(ws, last, last, s, &mut w, crate::Lang::Zh)?;
    w.apply(ws)
}

fn settings_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    event: &Event,
    payouts: &[Payout],
    ranked: &[&str],
) -> Result<(), XlsxError> {
    let t = format!("{} 奖金设置（event.toml）", event.event.name);
    let mut w = super::costs::table_sheet(ws, s, "奖金设置", &t, &SETTING_HEADERS, false)?;
    let mut row = 2u32;
    for l in &event.prizes.lists {
        let name = list_name(event, &l.ranking);
        let who = match l.recipient {
            Recipient::Individual => "个人",
            Recipient::Unit => "单位",
        };
        let is_ranked = ranked.contains(&l.ranking.as_str());
        // A hostile `places` does not make a million rows.
        let last = l
            .places
            .max(u32::try_from(l.amounts.len()).unwrap_or(u32::MAX))
            .min(MAX_PLACES_LISTED);
        for place in 1..=last {
            let paid = payouts
                .iter()
                .any(|p| p.list == l.ranking && p.place == place);
            let status = match (l.amount(place) == Fen::ZERO, is_ranked, paid) {
                (true, _, _) => "录取名次，无奖金",
                (false, false, _) => "名次未产生（比赛尚未结束）",
                (false, true, true) => "已按最终名次发放",
                (false, true, false) => "无人获得该名次",
            };
            write_text(ws, row, 0, &name, &s.body, Some(&mut w))?;
            write_text(ws, row, 1, &place.to_string(), &s.center, Some(&mut w))?;
            write_money(ws, row, 2, l.amount(place), &s.money, Some(&mut w))?;
            write_text(ws, row, 3, who, &s.center, Some(&mut w))?;
            write_text(ws, row, 4, status, &s.body, Some(&mut w))?;
            row += 1;
        }
    }
    write_text(ws, row, 1, "合计", &s.header, Some(&mut w))?;
    write_money(
        ws,
        row,
        2,
        event.prizes.listed_total(),
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
) -> Result<(), XlsxError> {
    let t = format!("{title} 奖金领取签收表");
    let mut w = super::costs::table_sheet(ws, s, "领取签收表", &t, &SIGN_HEADERS, true)?;
    w.note_width(6, 16);
    w.note_width(7, 12);
    // A withheld prize is not payable: it is not on the sign-for sheet.
    for (row, p) in (2u32..).zip(payouts.iter().filter(|p| !p.withheld)) {
        ws.set_row_height(row, 36)?;
        write_text(ws, row, 0, &p.list_name, &s.body, Some(&mut w))?;
        write_text(ws, row, 1, &p.place.to_string(), &s.center, Some(&mut w))?;
        write_text(ws, row, 2, &p.name, &s.body, Some(&mut w))?;
        write_text(ws, row, 3, &p.team, &s.body, Some(&mut w))?;
        write_text(
            ws,
            row,
            4,
            p.id_number.as_deref().unwrap_or(""),
            &s.text,
            Some(&mut w),
        )?;
        write_money(ws, row, 5, p.net, &s.money, Some(&mut w))?;
        write_text(ws, row, 6, "", &s.body, None)?;
        write_text(ws, row, 7, "", &s.body, None)?;
    }
    w.apply(ws)
}
