//! Writing round workbooks: `results/rNN.xlsx` (the arbiter's file, written once and never
//! overwritten) and the printable copy `out/pairings-rNN.xlsx`, from the rows of
//! [`crate::rounds::lines`].

use rust_xlsxwriter::{DataValidation, DataValidationErrorStyle, Workbook, Worksheet, XlsxError};

use super::style::{ColumnWidths, Styles};
use super::workbook::{SheetLayout, new_workbook, setup_sheet, write_header_row, write_text};
use crate::Lang;
use crate::model::Colour;
pub use crate::rounds::lines::{IndividualLine, Lines, TeamLine};
use crate::rounds::marker::{self, Marker};
use crate::rounds::notation::{self, Sport};
use crate::rounds::record::Recorded;
use crate::rounds::sheet::{INDIVIDUAL_HEADERS, TEAM_HEADERS};

/// What a round workbook shows besides its rows.
#[derive(Debug, Clone)]
pub struct RoundDoc<'a> {
    /// The event's full name, for the title.
    pub event_title: &'a str,
    /// The marker written into the hidden sheet.
    pub marker: &'a Marker,
    /// A label of the stage for titles (`第3轮`, `总决赛 第1轮`, `公开组男子 第2轮`).
    pub round_label: &'a str,
    /// Chess or xiangqi (notation and colour words).
    pub sport: Sport,
    /// Labels' language.
    pub lang: Lang,
    /// Lines printed below the table of the printable copy only (资格待查 entrants), never in
    /// the round workbook the arbiter types into.
    pub notes: &'a [String],
    /// Team name → group name, when the round robin is played in groups: a last column
    /// (分组) labels each match with its home team's group. `None` otherwise.
    pub groups: Option<&'a std::collections::BTreeMap<String, String>>,
    /// The settings in force for the round, (name, value), recorded in the marker sheet of
    /// the arbiter's workbook ([`crate::event::in_force`]).
    pub settings: &'a [(String, String)],
    /// The results of the stage's earlier rounds as they stand, recorded in the marker sheet
    /// of the arbiter's workbook ([`crate::season::changed`]).
    pub results: &'a [crate::rounds::marker::RecordedResult],
}

/// The round workbook the arbiter types into (`results/rNN.xlsx`, with the marker sheet and the
/// recorded pairing; saved as a file that is never overwritten).
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub fn for_arbiter(doc: &RoundDoc<'_>, lines: &Lines) -> Result<Workbook, XlsxError> {
    build(doc, lines, true)
}

/// The printable copy (`out/pairings-rNN.xlsx`, rendered again each run), with the notes and
/// the signature lines.
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub fn printable(doc: &RoundDoc<'_>, lines: &Lines) -> Result<Workbook, XlsxError> {
    build(doc, lines, false)
}

/// The colour as printed: 白/黑 (chess), 红/黑 (xiangqi), or in English.
pub(crate) fn colour_word(c: Colour, sport: Sport, lang: Lang) -> &'static str {
    match (c, sport, lang) {
        (Colour::White, Sport::Chess, Lang::Zh) => "白",
        (Colour::White, Sport::Xiangqi, Lang::Zh) => "红",
        (Colour::Black, _, Lang::Zh) => "黑",
        (Colour::White, Sport::Chess, Lang::En) => "White",
        (Colour::White, Sport::Xiangqi, Lang::En) => "Red",
        (Colour::Black, _, Lang::En) => "Black",
    }
}

/// The round's sheet (title, headers, a row per board), then for the printable copy the notes
/// and the signature lines, for the arbiter's the marker sheet with the recorded pairing.
fn build(doc: &RoundDoc<'_>, lines: &Lines, with_marker: bool) -> Result<Workbook, XlsxError> {
    let title = format!("{} {}", doc.event_title, doc.round_label);
    let mut wb = new_workbook(&title)?;
    let styles = Styles::new();
    let mut widths = ColumnWidths::new();
    let lang = doc.lang;
    let sheet_name = match lang {
        Lang::Zh => format!("第{}轮", doc.marker.round),
        Lang::En => format!("Round {}", doc.marker.round),
    };
    let ws = wb.add_worksheet();
    let sub = lang.pick("对阵及成绩登记表", "pairings and results");
    let full_title = format!("{title} {sub}");
    let mut headers = headers(lines, doc.sport, lang);
    let groups = doc
        .groups
        .filter(|g| !g.is_empty() && matches!(lines, Lines::Team(_)));
    if groups.is_some() {
        headers.push(lang.pick("分组", "Group").to_string());
    }
    let layout = SheetLayout {
        name: &sheet_name,
        title: &full_title,
        columns: u16::try_from(headers.len()).unwrap_or(1),
        frozen_rows: 2,
        landscape: matches!(lines, Lines::Team(_)),
        lang,
    };
    setup_sheet(ws, &styles, &layout)?;
    widths.print_title(&layout, &styles);
    let hdr: Vec<&str> = headers.iter().map(String::as_str).collect();
    write_header_row(ws, 1, &hdr, &styles, &mut widths)?;
    let (result_col, n_rows, groups) = match lines {
        Lines::Team(v) => {
            team_rows(ws, v, doc, &styles, &mut widths)?;
            if let Some(g) = groups {
                group_column(ws, v, g, lang, &styles, &mut widths)?;
            }
            (5, v.len(), match_groups(v))
        }
        Lines::Individual(v) => {
            individual_rows(ws, v, doc, &styles, &mut widths)?;
            (2, v.len(), Vec::new())
        }
    };
    widths.note(result_col, "结果结果");
    if !with_marker {
        // The printable copy: the notes, then the signature lines.
        let table_last = 1 + u32::try_from(n_rows).unwrap_or(0);
        let noted = super::notes::write_notes(ws, table_last + 2, doc.notes, &styles, &mut widths)?;
        let after = if doc.notes.is_empty() {
            table_last
        } else {
            noted
        };
        super::signature::write_signatures(ws, table_last, after, &styles, &mut widths, lang)?;
    }
    widths.apply_grouped(ws, &groups)?;
    if n_rows > 0 {
        let last = 2 + u32::try_from(n_rows).unwrap_or(1) - 1;
        ws.add_data_validation(2, result_col, last, result_col, &result_list(doc)?)?;
    }
    if with_marker {
        let ms = add_marker_sheet(&mut wb, doc.marker)?;
        let start = 1 + u32::try_from(doc.marker.rows().len()).unwrap_or(0);
        let settings = doc
            .settings
            .iter()
            .map(|(k, v)| vec![crate::event::SETTING_KEY.to_string(), k.clone(), v.clone()]);
        let results = doc
            .results
            .iter()
            .map(crate::rounds::marker::RecordedResult::row);
        let rows: Vec<Vec<String>> = settings
            .chain(Recorded::of(lines).rows())
            .chain(results)
            .collect();
        for (i, row) in rows.iter().enumerate() {
            let r = start + u32::try_from(i).unwrap_or(0);
            for (c, v) in row.iter().enumerate() {
                ms.write_string(r, u16::try_from(c).unwrap_or(0), v)?;
            }
        }
    }
    Ok(wb)
}

/// The column headers of a team or an individual round (红方 for xiangqi's first player).
pub(crate) fn headers(lines: &Lines, sport: Sport, lang: Lang) -> Vec<String> {
    let pick = |h: &[(&str, &str)]| -> Vec<String> {
        h.iter()
            .map(|(zh, en)| lang.pick(zh, en).to_string())
            .collect()
    };
    match lines {
        Lines::Team(_) => pick(&TEAM_HEADERS),
        Lines::Individual(_) => {
            let mut h = pick(&INDIVIDUAL_HEADERS);
            if let (Sport::Xiangqi, Some(first)) = (sport, h.get_mut(1)) {
                *first = lang.pick("红方", "Red").to_string();
            }
            h
        }
    }
}

/// The sheet row of line `i` (under the title and header rows).
fn sheet_row(i: usize) -> u32 {
    2 + u32::try_from(i).unwrap_or(u32::MAX - 2)
}

/// The first row of each match, then the row after the last: a match never spans two pages.
fn match_groups(v: &[TeamLine]) -> Vec<u32> {
    let mut groups: Vec<u32> = Vec::new();
    let mut last = None;
    for (i, l) in v.iter().enumerate() {
        if last != Some(l.match_no) {
            groups.push(sheet_row(i));
            last = Some(l.match_no);
        }
    }
    groups.push(sheet_row(v.len()));
    groups
}

/// A team round's rows: match, board, the home team and player, colour, result, the away
/// player and team.
fn team_rows(
    ws: &mut Worksheet,
    v: &[TeamLine],
    doc: &RoundDoc<'_>,
    styles: &Styles,
    widths: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    let lang = doc.lang;
    for (i, l) in v.iter().enumerate() {
        let r = sheet_row(i);
        ws.write_number_with_format(r, 0, f64::from(l.match_no), &styles.center)?;
        ws.write_number_with_format(r, 1, f64::from(l.board), &styles.center)?;
        write_text(ws, r, 2, &l.home_team, &styles.body, Some(widths))?;
        write_text(ws, r, 3, &l.home_player, &styles.input, Some(widths))?;
        let colour = colour_word(l.home_colour, doc.sport, lang);
        write_text(ws, r, 4, colour, &styles.center, Some(widths))?;
        let res = l
            .result
            .map(|g| notation::format(g, doc.sport))
            .unwrap_or("");
        write_text(ws, r, 5, res, &styles.result_input, Some(widths))?;
        write_text(ws, r, 6, &l.away_player, &styles.input, Some(widths))?;
        // The bye row's away team is the bye word, in the workbook's language (the reader
        // takes either).
        let away = if crate::rounds::sheet::BYE_WORDS.contains(&l.away_team.trim()) {
            lang.pick("轮空", "BYE")
        } else {
            l.away_team.as_str()
        };
        write_text(ws, r, 7, away, &styles.body, Some(widths))?;
    }
    Ok(())
}

/// The group of each match (its home team's), in the column after the away team.
fn group_column(
    ws: &mut Worksheet,
    v: &[TeamLine],
    groups: &std::collections::BTreeMap<String, String>,
    lang: Lang,
    styles: &Styles,
    widths: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    for (i, l) in v.iter().enumerate() {
        let Some(g) = groups.get(&l.home_team) else {
            continue;
        };
        let label = match lang {
            Lang::Zh => format!("{g}组"),
            Lang::En => format!("Group {g}"),
        };
        write_text(ws, sheet_row(i), 8, &label, &styles.center, Some(widths))?;
    }
    Ok(())
}

/// An individual round's rows: board, the first player, result, the second player (or the bye).
fn individual_rows(
    ws: &mut Worksheet,
    v: &[IndividualLine],
    doc: &RoundDoc<'_>,
    styles: &Styles,
    widths: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    for (i, l) in v.iter().enumerate() {
        let r = sheet_row(i);
        ws.write_number_with_format(r, 0, f64::from(l.board), &styles.center)?;
        write_text(ws, r, 1, &l.left, &styles.body, Some(widths))?;
        if let Some(right) = &l.right {
            let res = l
                .result
                .map(|g| notation::format(g, doc.sport))
                .unwrap_or("");
            write_text(ws, r, 2, res, &styles.result_input, Some(widths))?;
            write_text(ws, r, 3, right, &styles.body, Some(widths))?;
        } else {
            write_text(ws, r, 2, "", &styles.center, Some(widths))?;
            let bye = doc.lang.pick("轮空", "BYE");
            write_text(ws, r, 3, bye, &styles.body, Some(widths))?;
        }
    }
    Ok(())
}

/// The list offered in the result column. Warning style: the list offers the usual notations,
/// but every notation of SPEC §6 may be kept; the run checks what was typed. The prompt names
/// only notations the sport accepts (`1:0`, `1/2` are chess; `红胜` xiangqi), and says that a
/// colour word counts for the player of that colour, whichever side of the row they are on.
fn result_list(doc: &RoundDoc<'_>) -> Result<DataValidation, XlsxError> {
    let (lang, choices) = (doc.lang, notation::choices(doc.sport));
    let (sides, words) = other_notations(doc.sport);
    let others = match lang {
        Lang::Zh => format!(
            "。其他写法也可：{}；或按执色写 {}，算给执该色的棋手。选“是”保留。",
            sides.join("、"),
            words.join("、")
        ),
        Lang::En => format!(
            ". Other notations are accepted too: {}, or by colour {}, scored for the player \
             of that colour: choose Yes to keep it.",
            sides.join(", "),
            words.join("/"),
        ),
    };
    DataValidation::new()
        .allow_list_strings(choices)?
        .set_error_style(DataValidationErrorStyle::Warning)
        .set_error_title(lang.pick("请核对结果", "Check the result"))?
        .set_error_message(format!(
            "{}{}{others}",
            lang.pick("常用写法：", "Usual notations: "),
            choices.join(" "),
        ))
}

/// The notations the result prompt names besides the list: from the home (left) side, and
/// colour words. Each is one the reader accepts for the sport (tested).
fn other_notations(sport: Sport) -> (&'static [&'static str], &'static [&'static str]) {
    match sport {
        Sport::Chess => (&["1:0", "1/2", "和"], &["白胜", "黑胜"]),
        Sport::Xiangqi => (&["2:0", "和"], &["红胜", "黑胜", "红负", "黑负"]),
    }
}

/// Adds the hidden marker sheet by which bianpai recognises its own workbooks, and returns it
/// (round workbooks add the recorded pairing below the marker).
///
/// # Errors
///
/// The writer's error (it cannot fail with the fixed sheet name).
pub fn add_marker_sheet<'a>(
    wb: &'a mut Workbook,
    m: &Marker,
) -> Result<&'a mut rust_xlsxwriter::Worksheet, XlsxError> {
    let ms = wb.add_worksheet();
    ms.set_name(marker::SHEET)?;
    ms.write_string(0, 0, marker::MAGIC)?;
    for (i, (k, v)) in m.rows().iter().enumerate() {
        let r = 1 + u32::try_from(i).unwrap_or(0);
        ms.write_string(r, 0, *k)?;
        ms.write_string(r, 1, v)?;
    }
    ms.set_hidden(true);
    Ok(ms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::Findings;
    use crate::ingest::{Cell, Format, LoadedFile, Table};
    use crate::model::GameResult;
    use crate::rounds::sheet::{self, ResultCell, Rows};
    use std::path::Path;

    /// Test-only reader: calamine straight into tables (the real path goes through `ingest`).
    fn load(path: &Path) -> LoadedFile {
        use calamine::{Data, Reader, Xlsx, open_workbook};
        let mut wb: Xlsx<_> = open_workbook(path).expect("open");
        let mut tables = Vec::new();
        for name in wb.sheet_names() {
            let range = wb.worksheet_range(&name).expect("range");
            let mut rows = Vec::new();
            for r in 0..range.end().map(|e| e.0 + 1).unwrap_or(0) {
                let mut row = Vec::new();
                for c in 0..range.end().map(|e| e.1 + 1).unwrap_or(0) {
                    row.push(match range.get_value((r, c)) {
                        Some(Data::String(s)) => Cell::Text(s.clone()),
                        Some(Data::Float(f)) => Cell::Float(*f),
                        Some(Data::Int(i)) => Cell::Int(*i),
                        _ => Cell::Empty,
                    });
                }
                rows.push(row);
            }
            tables.push(Table {
                file: "results/r01.xlsx".into(),
                sheet: name.as_str().into(),
                rows,
                merges: vec![],
                hidden: false,
                paragraphs: Vec::new(),
                date1904: false,
            });
        }
        LoadedFile {
            path: "results/r01.xlsx".into(),
            format: Format::Xlsx,
            modified: None,
            tables,
        }
    }

    #[test]
    fn team_round_written_once_and_read_back() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("r01.xlsx");
        let marker = Marker {
            event: "2023 甲级联赛".into(),
            stage: "regular".into(),
            round: 1,
        };
        let doc = RoundDoc {
            event_title: "2023 甲级联赛",
            marker: &marker,
            round_label: "第1轮",
            sport: Sport::Chess,
            lang: Lang::Zh,
            notes: &[],
            groups: None,
            settings: &[],
            results: &[],
        };
        let line = |board: u32, colour| TeamLine {
            match_no: 1,
            board,
            home_team: "北京队".into(),
            home_player: format!("甲{board}"),
            home_colour: colour,
            result: None,
            away_player: format!("乙{board}"),
            away_team: "上海队".into(),
        };
        let lines = Lines::Team(vec![line(1, Colour::White), line(2, Colour::Black)]);
        let bytes = for_arbiter(&doc, &lines)
            .and_then(|mut wb| wb.save_to_buffer())
            .expect("write");
        std::fs::write(&path, bytes).expect("write");
        let mut f = Findings::new();
        let s = sheet::read(&load(&path), Sport::Chess, &mut f).expect("recognised");
        assert_eq!(s.marker, marker);
        assert_eq!(&*s.sheet, "第1轮");
        let Rows::Team(rows) = s.rows else {
            panic!("team rows")
        };
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].home_player, "甲2");
        assert_eq!(rows[1].home_colour, Some(Colour::Black));
        assert_eq!(rows[1].result, ResultCell::Missing);
        assert_eq!(rows[1].row, 3);
        assert!(f.all().is_empty());
    }

    #[test]
    fn same_input_same_bytes() {
        let marker = Marker {
            event: "E".into(),
            stage: "公开组男子".into(),
            round: 2,
        };
        let doc = RoundDoc {
            event_title: "E",
            marker: &marker,
            round_label: "第2轮",
            sport: Sport::Xiangqi,
            lang: Lang::Zh,
            notes: &[],
            groups: None,
            settings: &[],
            results: &[],
        };
        let lines = Lines::Individual(vec![
            IndividualLine {
                board: 1,
                left: "王浩（河南）".into(),
                result: Some(GameResult::Win),
                right: Some("李明（广东）".into()),
            },
            IndividualLine {
                board: 2,
                left: "张三（四川）".into(),
                result: None,
                right: None,
            },
        ]);
        let bytes = || {
            printable(&doc, &lines)
                .and_then(|mut wb| wb.save_to_buffer())
                .expect("printable")
        };
        assert_eq!(bytes(), bytes());
    }

    /// The prompt names only notations the sport's reader accepts: a side notation for the
    /// left-hand player, a colour word for the player of its colour.
    #[test]
    fn the_prompt_names_only_accepted_notations() {
        use crate::rounds::notation::{Typed, parse_typed};
        for sport in [Sport::Chess, Sport::Xiangqi] {
            let (sides, words) = other_notations(sport);
            for t in sides {
                assert!(matches!(parse_typed(t, sport), Ok(Typed::Side(_))), "{t}");
            }
            for t in words {
                assert!(
                    matches!(parse_typed(t, sport), Ok(Typed::Colour(..))),
                    "{t}"
                );
            }
        }
    }
}
