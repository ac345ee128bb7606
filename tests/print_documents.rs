//! The print check of single documents (issue 45), printed through LibreOffice to PDF and read
//! back with poppler-utils, as `tests/print_check.rs` does for every sample workbook:
//!
//! - the B-league's eligibility findings print every column whole: the 来源 column wraps inside
//!   its box (a file!sheet!cell path of 48 characters included), as 说明 does;
//! - the prize total check under the xiangqi payouts prints each label inside its box;
//! - the open-chess results book, its errors all ruled on, prints without 草稿.
//!
//! Runs with `BIANPAI_LIBREOFFICE=1` (set by `.ci/run`).

mod util;

use std::path::Path;

use util::cells::{read_book, sheet};
use util::pdf::{
    VLine, Word, crossed_words, pdf_vertical_lines, pdf_words, reading_order, soffice,
};
use util::{ruled_open_chess, run_json, sample_copy};

fn enabled() -> bool {
    let on = std::env::var("BIANPAI_LIBREOFFICE").as_deref() == Ok("1");
    if !on {
        eprintln!("skipped: set BIANPAI_LIBREOFFICE=1 to run the print check");
    }
    on
}

/// `out/<name>.xlsx` of `folder` printed to `out/<name>.pdf` (the README's command).
fn print(folder: &Path, name: &str) -> std::path::PathBuf {
    let profile = tempfile::tempdir().expect("tempdir");
    let input = format!("out/{name}.xlsx");
    let args = ["--convert-to", "pdf", "--outdir", "out", input.as_str()].map(Into::into);
    soffice(profile.path(), folder, &args);
    folder.join(format!("out/{name}.pdf"))
}

/// A word's text as printed, its XML escapes undone.
fn unescaped(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The column boxes of a page: the x of its distinct vertical borders, left to right, and the
/// bottom of the table.
fn columns(lines: &[VLine]) -> (Vec<f64>, f64) {
    let mut xs: Vec<f64> = lines.iter().map(|l| l.0).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 0.5);
    let bottom = lines.iter().map(|l| l.2).fold(0.0, f64::max);
    (xs, bottom)
}

#[test]
fn the_eligibility_findings_print_every_column_whole_the_source_wrapped_in_its_box() {
    if !enabled() {
        return;
    }
    let (_tmp, folder) = sample_copy("cca-b-league-2025");
    run_json(&folder, &[]);
    let book = read_book(&folder.join("out/eligibility.xlsx"));
    let findings = sheet(&book, "问题清单");
    let headers = findings.texts(1);
    let rows = findings.body();
    assert_eq!(headers[6], "来源");
    // The longest source: a file in a zip in a zip, its sheet and cell.
    let long = "附件(3).zip/安徽黄山队.zip/安徽黄山队/2025乙级联赛报名表.xlsx!报名表!B6";
    assert!(rows.iter().any(|r| r[6] == long), "{rows:?}");
    let pdf = print(&folder, "eligibility");
    let pages = pdf_words(&pdf);
    let dir = tempfile::tempdir().expect("tempdir");
    let lines = pdf_vertical_lines(&pdf, pages.len(), dir.path());
    // Each column as printed on the findings' pages (after the summary's), under the header row.
    let mut printed = vec![String::new(); headers.len()];
    let mut pages_read = 0;
    for (words, lines) in pages.iter().zip(&lines) {
        let Some(head) = words.iter().find(|w| w.text == "严重程度") else {
            continue;
        };
        pages_read += 1;
        let (xs, bottom) = columns(lines);
        assert_eq!(xs.len(), headers.len() + 1, "borders {xs:?}");
        // Under the header line (the first row's words start right at its bottom).
        let in_table = |w: &Word| w.y0 > head.y0 + 3.0 && w.y1 < bottom;
        for (c, text) in printed.iter_mut().enumerate() {
            let (left, right) = (xs[c], xs[c + 1]);
            let inside =
                |w: &Word| in_table(w) && (w.x0 + w.x1) / 2.0 > left && (w.x0 + w.x1) / 2.0 < right;
            // No word runs past its column's borders.
            for w in words.iter().filter(|w| inside(w)) {
                assert!(
                    w.x0 >= left - 0.5 && w.x1 <= right + 0.5,
                    "{} at {:.1}..{:.1} outside column {c} {left:.1}..{right:.1}",
                    w.text,
                    w.x0,
                    w.x1
                );
            }
            text.push_str(&unescaped(&reading_order(words, inside)));
        }
    }
    assert!(pages_read >= 2, "{pages_read} pages of findings");
    // Every column prints all its text, none cut at the border: 来源 included.
    for (c, text) in printed.iter().enumerate() {
        let want: String = rows.iter().map(|r| squeezed(&r[c])).collect();
        assert_eq!(squeezed(text), want, "column {}", headers[c]);
    }
    assert!(printed[6].contains(long), "{}", printed[6]);
}

#[test]
fn the_prize_total_check_prints_each_label_inside_its_box() {
    if !enabled() {
        return;
    }
    let (_tmp, folder) = sample_copy("cxa-amateur-king-2023");
    run_json(&folder, &[]);
    let pdf = print(&folder, "prizes");
    let pages = pdf_words(&pdf);
    let dir = tempfile::tempdir().expect("tempdir");
    let lines = pdf_vertical_lines(&pdf, pages.len(), dir.path());
    let page = pages
        .iter()
        .position(|p| p.iter().any(|w| w.text == "奖金总额核对"))
        .expect("the check prints");
    let text = reading_order(&pages[page], |_| true);
    for want in [
        "奖金总额核对奖金设置合计100,000.00竞赛规程规定奖金总额100,000.00",
        "差额（本表税前合计－规程规定总额）0.00相符",
        "裁判长：",
    ] {
        assert!(text.contains(want), "{want} in {text}");
    }
    for w in ["核对", "奖金表合计", "规程所列奖金总额", "一致"] {
        assert!(
            !pages[page].iter().any(|x| x.text == w),
            "{w} printed alone"
        );
    }
    let crossed = crossed_words(&pages[page], &lines[page]);
    assert!(
        crossed.is_empty(),
        "crossed by a border: {:?}",
        crossed.iter().map(|w| &w.text).collect::<Vec<_>>()
    );
}

#[test]
fn a_results_book_with_every_error_ruled_on_prints_without_the_draft_mark() {
    if !enabled() {
        return;
    }
    let (_tmp, folder) = ruled_open_chess();
    let (_, json, _) = run_json(&folder, &[]);
    let errors = json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["severity"] == "error")
        .count();
    assert_eq!(errors, 0);
    let pdf = print(&folder, "成绩册");
    let pages = pdf_words(&pdf);
    assert!(pages.len() >= 8, "{} pages", pages.len());
    let cover = reading_order(&pages[0], |_| true);
    assert!(cover.starts_with("2026"), "{cover}");
    assert!(cover.contains("成绩册"), "{cover}");
    for (p, words) in pages.iter().enumerate() {
        let all: String = words.iter().map(|w| w.text.as_str()).collect();
        assert!(!all.contains("草稿"), "page {}: {all}", p + 1);
        assert!(!all.contains("待核实"), "page {}: {all}", p + 1);
    }
}
