//! The files that are not round workbooks: quota tables, bianpai's own files, forms, and the
//! rest (`file.unrecognized`).

use crate::eligibility::quota::{QuotaRow, table::read_table as read_quota};
use crate::event::Event;
use crate::findings::{Code, Finding, Findings, Source};
use crate::forms::quota::is_quota_table;
use crate::forms::{Submission, header_like_row, read_table};
use crate::ingest::LoadedFile;
use crate::rounds::marker::Marker;

use super::Part;

/// What a file that is not a round workbook is, with its submissions (forms) or its lines
/// (a quota table; none without the event to give the labels a meaning).
pub(super) type Read = (Part, Vec<Submission>, Vec<QuotaRow>);

/// What each file is, in file order; a file of which no visible sheet has a header row is
/// also one `file.unrecognized` warning naming its sheets.
pub(super) fn read(
    event: Option<&Event>,
    files: &[&LoadedFile],
    findings: &mut Findings,
) -> Vec<Read> {
    // Each file is read whole by one thread, the results put together in file order: the same
    // as reading them in turn.
    let indexed: Vec<(usize, &LoadedFile)> = files.iter().copied().enumerate().collect();
    let read = crate::par::map(&indexed, |&(fi, file)| read_file(event, fi, file));
    (read.into_iter())
        .map(|(read, finding)| {
            findings.extend(finding);
            read
        })
        .collect()
}

/// The submissions of every file (entry forms, room requests, registration lists; hidden
/// sheets skipped), in file, sheet and unit order, without the event: for a folder read only
/// for its roster (an excluded event's), and for tests. The findings are classify's.
pub fn read_forms(files: &[LoadedFile], findings: &mut Findings) -> Vec<Submission> {
    let files: Vec<&LoadedFile> = files.iter().collect();
    (read(None, &files, findings).into_iter())
        .flat_map(|(_, subs, _)| subs)
        .collect()
}

/// What file number `fi` is, and the finding that it holds nothing recognised.
fn read_file(event: Option<&Event>, fi: usize, file: &LoadedFile) -> (Read, Option<Finding>) {
    // A quota table (名额分配表) gives its lines, and is never read as a form.
    if file.tables.iter().any(is_quota_table) {
        let rows = event.map_or_else(Vec::new, |e| {
            let visible = file.tables.iter().filter(|t| !t.hidden);
            visible.filter_map(|t| read_quota(e, t)).flatten().collect()
        });
        return ((Part::Quota, Vec::new(), rows), None);
    }
    let unrecognised = (Part::Unrecognised, Vec::new(), Vec::new());
    // Round workbooks and the draw are bianpai's own files (marker sheet): one that is not
    // read as a round workbook is not a form either.
    if file.tables.iter().any(|t| Marker::from_table(t).is_some()) {
        return (unrecognised, None);
    }
    // Hidden sheets are skipped: blank forms keep their dropdown lists there.
    let mut out = Vec::new();
    for (si, table) in file.tables.iter().enumerate().filter(|(_, t)| !t.hidden) {
        for s in read_table(table).into_iter().flatten() {
            out.push(Submission {
                file_index: fi,
                sheet_index: si,
                modified: file.modified,
                file: file.path.as_str().into(),
                ..s
            });
        }
    }
    if out.is_empty() {
        return (unrecognised, Some(not_recognised(file)));
    }
    ((Part::Forms, out, Vec::new()), None)
}

/// The `file.unrecognized` warning: what was found (the first header-like row of a visible
/// sheet), or the sheets that were searched.
fn not_recognised(file: &LoadedFile) -> Finding {
    let sheets: Vec<&str> = file.tables.iter().map(|t| &*t.sheet).collect();
    let list = sheets.join("、");
    let source = match sheets.as_slice() {
        [one] => Source::sheet(&file.path, *one),
        _ => Source::file(&file.path),
    };
    let hint = file
        .tables
        .iter()
        .filter(|t| !t.hidden)
        .find_map(|t| header_like_row(t).map(|(r, h)| (t, r, h)));
    let (zh, en) = match hint {
        Some((t, r, h)) => (
            format!(
                "未识别的文件：工作表“{}”第{}行像是表头（{}），但没有“姓名”列，既不是报名表也不是食宿表，已忽略；如是报名表，请把姓名列的表头改为“姓名”",
                t.sheet,
                r + 1,
                h.join("、")
            ),
            format!(
                "unrecognised file: row {} of sheet {} looks like a header ({}) but has no name column; it is neither an entry form nor a room request and was ignored; if it is an entry form, head the name column 姓名",
                r + 1,
                t.sheet,
                h.join(", ")
            ),
        ),
        None => (
            format!(
                "未识别的文件：工作表（{list}）中没有含“姓名”列的表头，既不是报名表也不是食宿表，已忽略"
            ),
            format!(
                "unrecognised file: no sheet ({}) has a header row with a name column; it is neither an entry form nor a room request and was ignored",
                sheets.join(", ")
            ),
        ),
    };
    Finding::new(Code::FileUnrecognized, source, zh, en)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::Severity;
    use crate::forms::tests::{t, tb};
    use crate::ingest::Table;

    #[test]
    fn unrecognised_files_hidden_sheets_and_sources() {
        let mut hidden = tb(vec![vec![t("姓名"), t("性别")], vec![t("甲"), t("男")]]);
        hidden.hidden = true;
        let files = vec![LoadedFile {
            path: "f.xlsx".into(),
            format: crate::ingest::Format::Xlsx,
            modified: None,
            tables: vec![
                hidden,
                Table {
                    sheet: "说明".into(),
                    ..tb(vec![vec![t("报名须知")]])
                },
            ],
        }];
        let mut findings = Findings::new();
        assert!(read_forms(&files, &mut findings).is_empty());
        let f = &findings.all()[0];
        assert_eq!(
            (f.code, f.severity, f.source.to_string()),
            (
                Code::FileUnrecognized,
                Severity::Warning,
                "f.xlsx".to_string()
            )
        );
        assert!(f.message_zh.contains("S、说明"), "{}", f.message_zh);
    }

    #[test]
    fn a_file_not_taken_as_a_form_says_what_was_found() {
        let file = LoadedFile {
            path: "成绩.xlsx".into(),
            format: crate::ingest::Format::Xlsx,
            modified: None,
            tables: vec![tb(vec![
                vec![t("成绩表")],
                vec![t("棋手"), t("号码"), t("项目"), t("成绩")],
                vec![t("李雷"), t("101"), t("象棋"), t("3")],
            ])],
        };
        let mut findings = Findings::new();
        assert!(read_forms(&[file], &mut findings).is_empty());
        let f = &findings.all()[0];
        assert_eq!(f.code, Code::FileUnrecognized);
        assert_eq!(
            f.message_zh,
            "未识别的文件：工作表“S”第2行像是表头（棋手、号码、项目、成绩），但没有“姓名”列，既不是报名表也不是食宿表，已忽略；如是报名表，请把姓名列的表头改为“姓名”"
        );
    }
}
