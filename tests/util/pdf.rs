//! Printing through LibreOffice for the print checks (issue 18, 45): the workbook XML read
//! from the zip, `soffice --convert-to pdf`, and the PDF read back with poppler-utils (the
//! words and their boxes from `pdftotext -bbox`, the drawn cell borders from `pdftocairo -svg`).

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::Command;

pub fn member(path: &Path, name: &str) -> Option<String> {
    let f = fs::File::open(path).ok()?;
    let mut z = zip::ZipArchive::new(f).ok()?;
    let mut m = z.by_name(name).ok()?;
    let mut s = String::new();
    m.read_to_string(&mut s).ok()?;
    Some(s)
}

/// The value of attribute `name` in the XML tag `tag`.
pub fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = tag[start..].find('"')? + start;
    Some(&tag[start..end])
}

/// Every tag `<name ...>` in `xml`.
pub fn tags<'a>(xml: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("<{name} ");
    let mut out = Vec::new();
    let mut rest = xml;
    while let Some(i) = rest.find(&open) {
        let end = rest[i..].find('>').map_or(rest.len(), |e| i + e + 1);
        out.push(&rest[i..end]);
        rest = &rest[end..];
    }
    out
}

/// Column letters of `A1`-style ref → 0-based column.
pub fn column_of(cell: &str) -> usize {
    cell.chars()
        .filter(char::is_ascii_alphabetic)
        .fold(0, |n, c| n * 26 + (c as usize - 'A' as usize + 1))
        .saturating_sub(1)
}

/// One word of `pdftotext -bbox`.
#[derive(Debug, Clone)]
pub struct Word {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
    pub text: String,
}

/// The output of `pdftotext -bbox` on `pdf`: each page's size and words with their boxes.
fn bbox_html(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .arg("-bbox")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext runs (apt-get install poppler-utils)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The words of each page with their boxes.
pub fn pdf_words(pdf: &Path) -> Vec<Vec<Word>> {
    let html = bbox_html(pdf);
    html.split("<page ")
        .skip(1)
        .map(|page| {
            tags(page, "word")
                .iter()
                .map(|w| {
                    let f = |k| attr(w, k).and_then(|v| v.parse().ok()).unwrap_or(0.0);
                    let text = page[page.find(*w).unwrap() + w.len()..]
                        .split("</word>")
                        .next()
                        .unwrap_or_default()
                        .to_string();
                    Word {
                        x0: f("xMin"),
                        y0: f("yMin"),
                        x1: f("xMax"),
                        y1: f("yMax"),
                        text,
                    }
                })
                .collect()
        })
        .collect()
}

/// The horizontal extent of the drawn lines (cell borders) of each page.
pub fn pdf_borders(pdf: &Path, dir: &Path) -> Vec<Option<(f64, f64)>> {
    let svg = dir.join("borders.svg");
    let st = Command::new("pdftocairo")
        .arg("-svg")
        .arg(pdf)
        .arg(&svg)
        .status()
        .expect("pdftocairo runs (apt-get install poppler-utils)");
    assert!(st.success());
    let text = fs::read_to_string(&svg).expect("svg");
    // One page: the document itself; several: <pageSet><page>...</page>...
    let pages: Vec<&str> = if text.contains("<page>") {
        text.split("<page>").skip(1).collect()
    } else {
        vec![text.as_str()]
    };
    pages
        .into_iter()
        .map(|page| {
            // Glyph outlines live in <defs>; what follows is drawn.
            let page = page.rsplit("</defs>").next().unwrap_or(page);
            let mut xs: Vec<f64> = Vec::new();
            for p in tags(page, "path") {
                let d = attr(p, "d").unwrap_or_default();
                let mut it = d.split_whitespace();
                while let Some(tok) = it.next() {
                    if (tok == "M" || tok == "L")
                        && let Some(x) = it.next().and_then(|x| x.parse().ok())
                    {
                        xs.push(x);
                    }
                }
            }
            let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            (lo.is_finite() && hi > lo).then_some((lo, hi))
        })
        .collect()
}

/// Whether a word lies under the page header (the top margin is 0.75 in = 54 pt).
pub fn below_header(w: &Word) -> bool {
    w.y0 > 50.0
}

/// Runs LibreOffice headless in `dir` with its own `profile` on `args`; it must succeed.
pub fn soffice(profile: &Path, dir: &Path, args: &[std::ffi::OsString]) {
    let out = Command::new("soffice")
        .current_dir(dir)
        .arg(format!(
            "-env:UserInstallation=file://{}",
            profile.display()
        ))
        .arg("--headless")
        .args(args)
        .output()
        .expect("soffice runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

pub fn height(w: &Word) -> f64 {
    ((w.y1 - w.y0) * 100.0).round() / 100.0
}

/// The words of a page kept by `keep`, in reading order (lines top to bottom, a line's words
/// left to right; words within 2 pt of height make a line), joined without spaces.
pub fn reading_order(words: &[Word], keep: impl Fn(&Word) -> bool) -> String {
    let mut kept: Vec<&Word> = words.iter().filter(|w| keep(w)).collect();
    kept.sort_by(|a, b| a.y0.total_cmp(&b.y0).then(a.x0.total_cmp(&b.x0)));
    let mut lines: Vec<Vec<&Word>> = Vec::new();
    for w in kept {
        match lines.last_mut() {
            Some(line) if (line[0].y0 - w.y0).abs() <= 2.0 => line.push(w),
            _ => lines.push(vec![w]),
        }
    }
    lines
        .into_iter()
        .flat_map(|mut line| {
            line.sort_by(|a, b| a.x0.total_cmp(&b.x0));
            line.into_iter().map(|w| w.text.as_str())
        })
        .collect()
}

/// A vertical line drawn on a page: (x, top, bottom) in points.
pub type VLine = (f64, f64, f64);

/// `svg` without its `<defs>` blocks (glyph outlines, clip paths): what is left is drawn.
fn drawn(svg: &str) -> String {
    let mut out = String::new();
    let mut rest = svg;
    while let Some(i) = rest.find("<defs>") {
        out.push_str(&rest[..i]);
        rest = rest[i..]
            .find("</defs>")
            .map_or("", |e| &rest[i + e + "</defs>".len()..]);
    }
    out.push_str(rest);
    out
}

/// The point (`x`, `y`) through a path's `transform="matrix(a,b,c,d,e,f)"` (none: itself).
fn transformed(tag: &str, x: f64, y: f64) -> (f64, f64) {
    let m: Vec<f64> = attr(tag, "transform")
        .and_then(|t| t.strip_prefix("matrix(")?.strip_suffix(')'))
        .map(|t| t.split(',').filter_map(|v| v.trim().parse().ok()).collect())
        .unwrap_or_default();
    match m.as_slice() {
        [a, b, c, d, e, f] => (a * x + c * y + e, b * x + d * y + f),
        _ => (x, y),
    }
}

/// The vertical lines drawn on each of the `pages` pages (cell borders), as (x, top, bottom) in
/// points, the page's coordinates as `pdftotext -bbox` gives them (y down from the top). Each
/// page is drawn to an SVG of its own: in one SVG of many pages cairo draws some lines in
/// shared surfaces.
pub fn pdf_vertical_lines(pdf: &Path, pages: usize, dir: &Path) -> Vec<Vec<VLine>> {
    (1..=pages)
        .map(|n| {
            let svg = dir.join("lines.svg");
            let st = Command::new("pdftocairo")
                .args(["-svg", "-f", &n.to_string(), "-l", &n.to_string()])
                .arg(pdf)
                .arg(&svg)
                .status()
                .expect("pdftocairo runs (apt-get install poppler-utils)");
            assert!(st.success());
            let page = drawn(&fs::read_to_string(&svg).expect("svg"));
            let mut lines = Vec::new();
            for p in tags(&page, "path") {
                // A border is one segment `M x y0 L x y1`; filled shapes end with `Z`.
                let d: Vec<&str> = attr(p, "d")
                    .unwrap_or_default()
                    .split_whitespace()
                    .collect();
                if let ["M", x0, y0, "L", x1, y1] = d.as_slice() {
                    let n = |s: &str| s.parse::<f64>().unwrap_or(f64::NAN);
                    let (a, b) = (transformed(p, n(x0), n(y0)), transformed(p, n(x1), n(y1)));
                    if (a.0 - b.0).abs() < 0.01 {
                        lines.push((a.0, a.1.min(b.1), a.1.max(b.1)));
                    }
                }
            }
            lines
        })
        .collect()
}

/// The words of a page crossed by a vertical line (a cell border drawn through the text): the
/// line runs more than 3 pt into the word's box, which is taller than its ink (a line ending
/// at the row above a note only touches it).
pub fn crossed_words<'a>(words: &'a [Word], lines: &[VLine]) -> Vec<&'a Word> {
    words
        .iter()
        .filter(|w| {
            lines.iter().any(|&(x, top, bottom)| {
                x > w.x0 + 1.0 && x < w.x1 - 1.0 && top < w.y1 - 3.0 && bottom > w.y0 + 3.0
            })
        })
        .collect()
}

/// The height of each page, in points (842 for A4 upright, 595 on its side).
pub fn pdf_page_heights(pdf: &Path) -> Vec<f64> {
    let html = bbox_html(pdf);
    tags(&html, "page")
        .iter()
        .map(|p| {
            attr(p, "height")
                .and_then(|h| h.parse().ok())
                .unwrap_or(842.0)
        })
        .collect()
}
