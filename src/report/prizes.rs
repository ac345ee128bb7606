//! `out/prizes.xlsx`: 奖金 (every payout: gross, tax withheld, net, with the reconciliation with
//! the regulation's total) and 领取签收表 (the sign-for sheet, printed and signed by each winner).

use std::path::Path;

use rust_xlsxwriter::{Worksheet, XlsxError};

use super::style::{ColumnWidths, Styles};
use super::workbook::{
    SheetLayout, new_workbook, save_atomic, setup_sheet, write_header_row, write_money, write_text,
};
use crate::Error;
use crate::money::{Payout, Reconciliation};

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

/// Writes `prizes.xlsx`.
///
/// # Errors
///
/// [`Error::Io`] naming `path` when the workbook cannot be built or written.
pub fn write_prizes(
    path: &Path,
    title: &str,
    payouts: &[Payout],
    rec: &Reconciliation,
) -> Result<(), Error> {
    let xe = |e: XlsxError| Error::io(path, std::io::Error::other(e));
    let mut wb = new_workbook(title).map_err(xe)?;
    let styles = Styles::new();
    payouts_sheet(wb.add_worksheet(), &styles, title, payouts, rec).map_err(xe)?;
    sign_sheet(wb.add_worksheet(), &styles, title, payouts).map_err(xe)?;
    save_atomic(&mut wb, path)
}

fn payouts_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    title: &str,
    payouts: &[Payout],
    rec: &Reconciliation,
) -> Result<(), XlsxError> {
    let t = format!("{title} 奖金");
    setup_sheet(
        ws,
        s,
        &SheetLayout {
            name: "奖金",
            title: &t,
            columns: 9,
            frozen_rows: 2,
            landscape: true,
        },
    )?;
    let mut w = ColumnWidths::new();
    write_header_row(ws, 1, &PAYOUT_HEADERS, s, &mut w)?;
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
        if p.is_unit {
            note.push("奖给单位，不代扣个税");
        }
        if p.shared {
            note.push("并列名次平分");
        }
        write_text(ws, row, 8, &note.join("；"), &s.body, Some(&mut w))?;
        row += 1;
    }
    write_text(ws, row, 4, "合计", &s.header, Some(&mut w))?;
    write_money(ws, row, 5, rec.gross, &s.money, Some(&mut w))?;
    write_money(ws, row, 6, rec.tax, &s.money, Some(&mut w))?;
    write_money(ws, row, 7, rec.net, &s.money, Some(&mut w))?;
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
    }
    w.apply(ws)
}

fn sign_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    title: &str,
    payouts: &[Payout],
) -> Result<(), XlsxError> {
    let t = format!("{title} 奖金领取签收表");
    setup_sheet(
        ws,
        s,
        &SheetLayout {
            name: "领取签收表",
            title: &t,
            columns: 8,
            frozen_rows: 2,
            landscape: true,
        },
    )?;
    let mut w = ColumnWidths::new();
    write_header_row(ws, 1, &SIGN_HEADERS, s, &mut w)?;
    w.note_width(6, 16);
    w.note_width(7, 12);
    for (row, p) in (2u32..).zip(payouts) {
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
