//! `out/costs.xlsx`: 汇总 (each team's balance and the organizer's cost; rooms needed per hotel,
//! room type and night, for the booking) and one statement sheet per team (every line with
//! quantity, rate and amount, the balance and the sign-off). [`statement_sheet`] writes the
//! same statement as the 费用结算 sheet of each team's packet (`out/teams/<unit>.xlsx`).

use rust_xlsxwriter::{Workbook, Worksheet, XlsxError};

use super::style::{ColumnWidths, Styles};
use super::tables::SheetNames;
use super::workbook::{
    SheetLayout, new_workbook, setup_sheet, write_date, write_header_row, write_money, write_text,
};
use crate::Lang;
use crate::event::Event;
use crate::model::Fen;
use crate::money::costs::rooms_per_night;
use crate::money::{Side, Statement, TeamLodging};

/// The columns of a statement (Chinese, English); the packet's copy says the amounts are yuan.
const LINE_HEADERS: [(&str, &str); 7] = [
    ("类别", "Side"),
    ("项目", "Item"),
    ("明细", "Detail"),
    ("数量", "Quantity"),
    ("单位", "Unit"),
    ("单价", "Rate"),
    ("金额", "Amount"),
];
const SUMMARY_HEADERS: [(&str, &str); 6] = [
    ("单位", "Unit"),
    ("应缴", "Owes"),
    ("应收", "Receives"),
    ("结算（正数为应缴）", "Balance (positive: owes)"),
    ("与酒店结算", "With the hotel"),
    ("组委会承担", "Organizers bear"),
];
/// The summary's column of withheld prizes, when a team has one.
const WITHHELD_HEADER: (&str, &str) = (
    "暂缓发放（资格待查，不计入结算）",
    "Withheld (eligibility pending, not in the balance)",
);
const NIGHT_HEADERS: [(&str, &str); 5] = [
    ("酒店", "Hotel"),
    ("房型", "Room type"),
    ("日期（入住晚）", "Night of"),
    ("房间数", "Rooms"),
    ("人数", "Persons"),
];

/// The sheet names of `costs.xlsx` besides the teams' (Chinese, English).
const SUMMARY_SHEET: (&str, &str) = ("汇总", "Summary");
const NIGHTS_SHEET: (&str, &str) = ("用房", "Rooms");

/// The headers of `cols` in `lang`.
pub(super) fn headers_in(cols: &[(&str, &str)], lang: Lang) -> Vec<String> {
    cols.iter()
        .map(|(z, e)| lang.pick(z, e).to_string())
        .collect()
}

/// `{title} {what}`: the sheet title of a money workbook, the event's name then what it is.
fn titled(title: &str, what: (&str, &str), lang: Lang) -> String {
    format!("{title} {}", lang.pick(what.0, what.1))
}

/// `costs.xlsx`: 汇总, 用房 and one sheet per team (Summary, Rooms with `--lang en`).
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub fn workbook(
    event: &Event,
    statements: &[(Statement, TeamLodging)],
    lang: Lang,
) -> Result<Workbook, XlsxError> {
    let title = &event.meta().name;
    let mut wb = new_workbook(title)?;
    let styles = Styles::new();
    summary_sheet(wb.add_worksheet(), &styles, title, statements, lang)?;
    nights_sheet(wb.add_worksheet(), &styles, event, statements, lang)?;
    let mut used = SheetNames::default();
    used.claim(lang.pick(SUMMARY_SHEET.0, SUMMARY_SHEET.1));
    used.claim(lang.pick(NIGHTS_SHEET.0, NIGHTS_SHEET.1));
    for (st, _) in statements {
        let name = used.claim(&st.team);
        statement_sheet(wb.add_worksheet(), &styles, title, &name, st, lang)?;
    }
    Ok(wb)
}

fn summary_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    title: &str,
    statements: &[(Statement, TeamLodging)],
    lang: Lang,
) -> Result<(), XlsxError> {
    let t = titled(title, ("费用汇总", "costs summary"), lang);
    let name = lang.pick(SUMMARY_SHEET.0, SUMMARY_SHEET.1);
    // Withheld prizes get a last column of their own, only when there are any: outside the
    // balance, like the hotel's and the organizers' columns.
    let withheld = statements
        .iter()
        .any(|(st, _)| st.lines.iter().any(|l| l.side == Side::Withheld));
    let mut headers = headers_in(&SUMMARY_HEADERS, lang);
    if withheld {
        headers.push(lang.pick(WITHHELD_HEADER.0, WITHHELD_HEADER.1).to_string());
    }
    let mut w = table_sheet(ws, s, name, &t, &headers, false, lang)?;
    let mut row = 2u32;
    let mut tot = [Fen::ZERO; 6];
    for (st, _) in statements {
        let mut v = vec![
            st.total(Side::Owes),
            st.total(Side::Receives),
            st.balance(),
            st.total(Side::Hotel),
            st.total(Side::Organizer),
        ];
        if withheld {
            v.push(st.total(Side::Withheld));
        }
        write_text(ws, row, 0, &st.team, &s.body, Some(&mut w))?;
        for (i, a) in v.iter().enumerate() {
            let col = u16::try_from(i + 1).unwrap_or(u16::MAX);
            write_money(ws, row, col, *a, &s.money, Some(&mut w))?;
            if let Some(t) = tot.get_mut(i) {
                *t += *a;
            }
        }
        row += 1;
    }
    write_text(
        ws,
        row,
        0,
        lang.pick("合计", "Total"),
        &s.header,
        Some(&mut w),
    )?;
    for (i, a) in tot.iter().take(headers.len().saturating_sub(1)).enumerate() {
        let col = u16::try_from(i + 1).unwrap_or(u16::MAX);
        write_money(ws, row, col, *a, &s.money, Some(&mut w))?;
    }
    w.apply(ws)
}

fn nights_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    event: &Event,
    statements: &[(Statement, TeamLodging)],
    lang: Lang,
) -> Result<(), XlsxError> {
    let t = titled(&event.meta().name, ("每晚用房", "rooms per night"), lang);
    let name = lang.pick(NIGHTS_SHEET.0, NIGHTS_SHEET.1);
    let headers = headers_in(&NIGHT_HEADERS, lang);
    let mut w = table_sheet(ws, s, name, &t, &headers, false, lang)?;
    let lodgings: Vec<TeamLodging> = statements.iter().map(|(_, l)| l.clone()).collect();
    let hotels = event
        .accommodation()
        .map(|a| a.hotels.as_slice())
        .unwrap_or(&[]);
    for (row, ((h, r, night), (rooms, persons))) in (2u32..).zip(rooms_per_night(&lodgings)) {
        let hotel = hotels.get(h);
        let room = hotel.and_then(|x| x.rooms.get(r));
        write_text(
            ws,
            row,
            0,
            hotel.map_or("", |x| x.label()),
            &s.body,
            Some(&mut w),
        )?;
        write_text(
            ws,
            row,
            1,
            room.map_or("", |x| x.name.as_str()),
            &s.body,
            Some(&mut w),
        )?;
        write_date(ws, row, 2, night, &s.date, Some(&mut w))?;
        write_count(ws, row, 3, i64::from(rooms), s, &mut w)?;
        write_count(ws, row, 4, i64::from(persons), s, &mut w)?;
    }
    w.apply(ws)
}

/// Writes one team's statement on `ws` (named `name`): its lines by side, the totals and the
/// balance. Used for `costs.xlsx` and for the team packets.
///
/// # Errors
///
/// Returns the writer's error for an invalid sheet name or a cell outside Excel's limits.
pub fn statement_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    title: &str,
    name: &str,
    st: &Statement,
    lang: Lang,
) -> Result<(), XlsxError> {
    let t = format!(
        "{title} {} {}",
        lang.pick("费用结算单", "statement"),
        st.team
    );
    let headers = headers_in(&LINE_HEADERS, lang);
    let mut w = table_sheet(ws, s, name, &t, &headers, true, lang)?;
    let mut row = 2u32;
    for side in Side::ALL {
        for l in st.lines.iter().filter(|l| l.side == side) {
            write_text(ws, row, 0, side.label(lang), &s.center, Some(&mut w))?;
            write_text(ws, row, 1, &l.item.label(lang), &s.body, Some(&mut w))?;
            write_text(ws, row, 2, &l.detail.label(lang), &s.body, Some(&mut w))?;
            write_count(ws, row, 3, l.quantity, s, &mut w)?;
            let unit = l.unit.label(lang, l.quantity);
            write_text(ws, row, 4, unit, &s.center, Some(&mut w))?;
            write_money(ws, row, 5, l.rate, &s.money, Some(&mut w))?;
            write_money(ws, row, 6, l.amount, &s.money, Some(&mut w))?;
            row += 1;
        }
    }
    if st.no_request {
        write_text(ws, row, 1, no_request(lang), &s.body, Some(&mut w))?;
        row += 1;
    }
    row += 1;
    for (label, amount) in totals(st, lang) {
        write_text(ws, row, 1, label, &s.body, Some(&mut w))?;
        write_money(ws, row, 6, amount, &s.money, Some(&mut w))?;
        row += 1;
    }
    let b = st.balance();
    write_text(ws, row, 1, balance_label(b, lang), &s.header, Some(&mut w))?;
    write_money(
        ws,
        row,
        6,
        if b >= Fen::ZERO { b } else { -b },
        &s.money,
        Some(&mut w),
    )?;
    // Money changes hands on this statement: the team's leader and the organizers' clerk sign.
    super::signature::write_statement_sign_off(ws, row, row, s, &mut w, lang)?;
    w.apply(ws)
}

/// The line of a team that sent no room request.
fn no_request(lang: Lang) -> &'static str {
    lang.pick(
        "未提交食宿需求：不计食宿费用",
        "no room request sent: no board and lodging billed",
    )
}

/// The label of the balance: what the team owes (`b` ≥ 0) or receives.
fn balance_label(b: Fen, lang: Lang) -> &'static str {
    match (b >= Fen::ZERO, lang) {
        (true, Lang::Zh) => "结算：应缴",
        (false, Lang::Zh) => "结算：应收",
        (true, Lang::En) => "balance: the team owes",
        (false, Lang::En) => "balance: the team receives",
    }
}

/// The totals under a statement's lines: owed and received (the balance with the organizers),
/// then the prizes withheld (only when there are any), what is settled with the hotel (only when there is such a line) and what the
/// organizers bear, both outside the balance.
fn totals(st: &Statement, lang: Lang) -> Vec<(&'static str, Fen)> {
    let mut out = vec![
        (lang.pick("应缴合计", "total owed"), st.total(Side::Owes)),
        (
            lang.pick("应收合计", "total received"),
            st.total(Side::Receives),
        ),
    ];
    if st.lines.iter().any(|l| l.side == Side::Withheld) {
        out.push((
            lang.pick(
                "暂缓发放合计（资格待查，待裁定；不计入结算）",
                "total withheld (eligibility pending, awaiting a ruling; not in the balance)",
            ),
            st.total(Side::Withheld),
        ));
    }
    if st.lines.iter().any(|l| l.side == Side::Hotel) {
        out.push((
            lang.pick(
                "与酒店结算合计（直接付酒店，不计入结算）",
                "total with the hotel (paid at the hotel, not in the balance)",
            ),
            st.total(Side::Hotel),
        ));
    }
    out.push((
        lang.pick(
            "组委会承担合计（不计入结算）",
            "total the organizers bear (not in the balance)",
        ),
        st.total(Side::Organizer),
    ));
    out
}

/// Lays out a sheet of the money workbooks: title row, header row, frozen panes, print setup.
/// Returns the column widths to note the cells in.
pub(super) fn table_sheet(
    ws: &mut Worksheet,
    s: &Styles,
    name: &str,
    title: &str,
    headers: &[String],
    landscape: bool,
    lang: Lang,
) -> Result<ColumnWidths, XlsxError> {
    let layout = SheetLayout {
        name,
        title,
        columns: u16::try_from(headers.len()).unwrap_or(u16::MAX),
        frozen_rows: 2,
        landscape,
        lang,
    };
    setup_sheet(ws, s, &layout)?;
    let mut w = ColumnWidths::new();
    w.print_title(&layout, s);
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    write_header_row(ws, 1, &headers, s, &mut w)?;
    Ok(w)
}

/// Writes a count as a whole number (Excel sums it) and notes its width.
fn write_count(
    ws: &mut Worksheet,
    row: u32,
    col: u16,
    n: i64,
    s: &Styles,
    w: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    // Counts of people, days and rooms are far below 2^31, exact as f64.
    let v = f64::from(i32::try_from(n).unwrap_or(i32::MAX));
    ws.write_number_with_format(row, col, v, &s.integer)?;
    w.note(col, &n.to_string());
    Ok(())
}
