//! Delimited text: encoding detection (ECOSYSTEM §3), delimiter detection and CSV parsing.
//!
//! Chinese CSV files come as Excel "CSV UTF-8" (BOM), plain "CSV (逗号分隔)" (GBK, no BOM),
//! "Unicode 文本" (UTF-16LE with BOM, tab-separated) and from web systems (UTF-8). Decoding
//! never fails: the worst case is replacement characters, which forms will show.

use encoding_rs::{BIG5, Encoding, GB18030, GBK, UTF_8};

use super::sniff::{What, utf16_without_bom};
use super::{Cell, Limits, Table, Unreadable};

/// The field separator of a delimited text file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delimiter {
    /// `,` (Excel "CSV").
    Comma,
    /// Tab (Excel "Unicode 文本", "文本文件(制表符分隔)").
    Tab,
    /// `;` (CSV written with a European locale).
    Semicolon,
}

impl Delimiter {
    fn byte(self) -> u8 {
        match self {
            Delimiter::Comma => b',',
            Delimiter::Tab => b'\t',
            Delimiter::Semicolon => b';',
        }
    }
}

/// Decodes text of unknown encoding: BOM (UTF-8, UTF-16LE/BE), UTF-16 without BOM (by its NUL
/// bytes), valid UTF-8, else the best of GBK/GB18030, Big5 and UTF-8 by `chardetng`
/// (default GB18030). Returns the text without BOM and the encoding used.
pub fn decode_text(bytes: &[u8]) -> (String, &'static Encoding) {
    let (text, enc, _) = decode(bytes);
    (text, enc)
}

/// [`decode_text`], with the 1-based numbers of the lines read as UTF-8 in a file that mixes
/// them with lines in a legacy encoding ([`Mixed`]; empty otherwise, the encoding then being
/// the other lines').
fn decode(bytes: &[u8]) -> (String, &'static Encoding, Vec<usize>) {
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        let body = bytes.get(bom_len..).unwrap_or_default();
        let (text, _) = enc.decode_without_bom_handling(body);
        return (text.into_owned(), enc, Vec::new());
    }
    if let Some(enc) = utf16_without_bom(bytes) {
        let (text, _) = enc.decode_without_bom_handling(bytes);
        return (text.into_owned(), enc, Vec::new());
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (s.to_string(), UTF_8, Vec::new());
    }
    if let Some(mixed) = Mixed::of(bytes) {
        return (mixed.text, mixed.legacy, mixed.utf8_lines);
    }
    let enc = legacy(bytes);
    let (text, _) = enc.decode_without_bom_handling(bytes);
    (text.into_owned(), enc, Vec::new())
}

/// The legacy encoding of 8-bit text: the best of GBK/GB18030, Big5 and UTF-8 by `chardetng`
/// (default GB18030).
fn legacy(bytes: &[u8]) -> &'static Encoding {
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    // tld None: `Some(b"cn")` forces GBK even for Big5 input (ECOSYSTEM §3).
    let guess = detector.guess(None, chardetng::Utf8Detection::Allow);
    if guess == BIG5 || guess == UTF_8 || guess == GBK || guess == GB18030 {
        guess
    } else {
        GB18030
    }
}

/// Text saved partly in a legacy encoding and partly in UTF-8 (rows pasted from a web system
/// into a GBK "CSV (逗号分隔)" file, or the reverse), decoded line by line: a line that is
/// valid UTF-8 and reads as Chinese text in it (only ASCII, CJK ideographs and CJK or
/// full-width punctuation) is UTF-8, every other line is in the legacy encoding the others
/// share. Decoding the whole file either way would garble the other part (a phantom team
/// under a garbled name).
pub(crate) struct Mixed {
    /// The text, each line decoded in its own encoding.
    pub text: String,
    /// The encoding of the lines that are not UTF-8.
    pub legacy: &'static Encoding,
    /// The 1-based numbers of the lines read as UTF-8.
    pub utf8_lines: Vec<usize>,
}

impl Mixed {
    /// The line-by-line decoding of `bytes` when they mix UTF-8 lines with others; `None` for
    /// text in one encoding (or UTF-16, or with a BOM).
    pub(crate) fn of(bytes: &[u8]) -> Option<Mixed> {
        if Encoding::for_bom(bytes).is_some()
            || utf16_without_bom(bytes).is_some()
            || std::str::from_utf8(bytes).is_ok()
        {
            return None;
        }
        let lines: Vec<&[u8]> = bytes.split_inclusive(|&b| b == b'\n').collect();
        let utf8_lines: Vec<usize> = (lines.iter().enumerate())
            .filter(|(_, l)| reads_as_utf8_chinese(l))
            .map(|(i, _)| i + 1)
            .collect();
        if utf8_lines.is_empty() {
            return None;
        }
        let rest: Vec<u8> = (lines.iter().enumerate())
            .filter(|(i, _)| utf8_lines.binary_search(&(i + 1)).is_err())
            .flat_map(|(_, l)| l.iter().copied())
            .collect();
        let legacy = match legacy(&rest) {
            enc if enc == UTF_8 => GB18030,
            enc => enc,
        };
        let mut text = String::with_capacity(bytes.len());
        for (i, line) in lines.iter().enumerate() {
            match std::str::from_utf8(line) {
                Ok(s) if utf8_lines.binary_search(&(i + 1)).is_ok() => text.push_str(s),
                _ => text.push_str(&legacy.decode_without_bom_handling(line).0),
            }
        }
        Some(Mixed {
            text,
            legacy,
            utf8_lines,
        })
    }
}

/// A line with non-ASCII bytes that is valid UTF-8 and, so decoded, only ASCII, CJK
/// ideographs and CJK or full-width punctuation: GBK text is almost never that.
fn reads_as_utf8_chinese(line: &[u8]) -> bool {
    let Ok(s) = std::str::from_utf8(line) else {
        return false;
    };
    !s.is_ascii()
        && s.chars().all(|c| {
            c.is_ascii()
                || matches!(c as u32,
                    0x3000..=0x303F | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF | 0xB7 | 0x2014 | 0x2018..=0x201D | 0x2026)
        })
}

/// The delimiter used by most of the first lines (quotes respected), `None` when no line has
/// any. Ties prefer tab, then comma, then semicolon.
pub fn detect_delimiter(text: &str) -> Option<Delimiter> {
    delimiter_votes(text).map(|(d, _, _)| d)
}

/// The winning delimiter with the number of sampled lines containing it and the number of
/// non-blank lines sampled.
fn delimiter_votes(text: &str) -> Option<(Delimiter, usize, usize)> {
    let candidates = [Delimiter::Tab, Delimiter::Comma, Delimiter::Semicolon];
    let mut lines_with = [0usize; 3];
    let mut sampled = 0usize;
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(50) {
        sampled += 1;
        let mut counts = [0usize; 3];
        let mut quoted = false;
        for ch in line.chars() {
            match ch {
                '"' => quoted = !quoted,
                '\t' if !quoted => counts[0] += 1,
                ',' if !quoted => counts[1] += 1,
                ';' if !quoted => counts[2] += 1,
                _ => {}
            }
        }
        for (n, c) in lines_with.iter_mut().zip(counts) {
            *n += usize::from(c > 0);
        }
    }
    let mut best: Option<(Delimiter, usize)> = None;
    for (d, n) in candidates.into_iter().zip(lines_with) {
        if n > 0 && best.is_none_or(|(_, m)| n > m) {
            best = Some((d, n));
        }
    }
    best.map(|(d, n)| (d, n, sampled))
}

/// Reads delimited text of unknown encoding and delimiter into one table named after the file.
///
/// # Errors
///
/// [`Unreadable`] when the table exceeds the row, column or cell limits, or the CSV structure
/// is broken beyond recovery.
pub fn read_csv(path: &str, bytes: &[u8], limits: &Limits) -> Result<Table, Unreadable> {
    let (text, _) = decode_text(bytes);
    let delimiter = detect_delimiter(&text).unwrap_or(Delimiter::Comma);
    parse(path, &text, delimiter, limits)
}

fn parse(
    path: &str,
    text: &str,
    delimiter: Delimiter,
    limits: &Limits,
) -> Result<Table, Unreadable> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter.byte())
        .from_reader(text.as_bytes());
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut cells: u64 = 0;
    let mut record = csv::StringRecord::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                let line = e.position().map_or(0, csv::Position::line);
                return Err(Unreadable::new(
                    path,
                    format!("CSV 第 {line} 行格式错误"),
                    format!("CSV syntax error on line {line}"),
                ));
            }
        }
        if rows.len() >= limits.max_rows as usize {
            return Err(too_big(path, limits));
        }
        if record.len() > limits.max_cols as usize {
            return Err(too_big(path, limits));
        }
        let mut row: Vec<Cell> = record
            .iter()
            .map(|f| {
                if f.is_empty() {
                    Cell::Empty
                } else {
                    Cell::Text(f.to_string())
                }
            })
            .collect();
        while row.last() == Some(&Cell::Empty) {
            row.pop();
        }
        cells = cells.saturating_add(row.len() as u64);
        if cells > limits.max_cells {
            return Err(too_big(path, limits));
        }
        rows.push(row);
    }
    while rows.last().is_some_and(Vec::is_empty) {
        rows.pop();
    }
    Ok(Table {
        file: path.into(),
        sheet: super::stem(path).into(),
        rows,
        merges: Vec::new(),
        hidden: false,
        paragraphs: Vec::new(),
        date1904: false,
    })
}

fn too_big(path: &str, limits: &Limits) -> Unreadable {
    Unreadable::new(
        path,
        format!(
            "表格太大（超过 {} 行、{} 列或 {} 个单元格）",
            limits.max_rows, limits.max_cols, limits.max_cells
        ),
        format!(
            "the table is too large (over {} rows, {} columns or {} cells)",
            limits.max_rows, limits.max_cols, limits.max_cells
        ),
    )
}

/// What a text file turned out to be.
pub(crate) enum TextOutcome {
    /// A delimited table.
    Table(Table),
    /// Text that is not a table (prose, JSON, ...).
    NotTable(What),
    /// A table that could not be read.
    Unreadable(Unreadable),
}

/// Reads a text file: always a table when named `.csv`/`.tsv`; under other names that teams
/// use for exported tables (`.txt` from "Unicode 文本", `.xls` from web systems, no extension)
/// only when most lines carry the delimiter. With it, for a file that mixes UTF-8 lines with
/// lines in a legacy encoding, that encoding and the UTF-8 lines' numbers (to note).
pub(crate) fn read_text(
    path: &str,
    bytes: &[u8],
    ext: &str,
    limits: &Limits,
) -> (TextOutcome, Option<(&'static Encoding, Vec<usize>)>) {
    let (text, enc, utf8_lines) = decode(bytes);
    let mixed = (!utf8_lines.is_empty()).then_some((enc, utf8_lines));
    let votes = delimiter_votes(&text);
    let tabular = matches!(ext, "csv" | "tsv")
        || (matches!(ext, "txt" | "text" | "dat" | "xls" | "et" | "")
            && votes.is_some_and(|(_, with, sampled)| with * 2 >= sampled));
    if !tabular {
        let what = What::new(
            "文本文件（不是逗号或制表符分隔的表格）",
            "a text file (not a comma- or tab-separated table)",
        );
        return (TextOutcome::NotTable(what), mixed);
    }
    let delimiter = votes.map_or(Delimiter::Comma, |(d, _, _)| d);
    let read = match parse(path, &text, delimiter, limits) {
        Ok(t) => TextOutcome::Table(t),
        Err(u) => TextOutcome::Unreadable(u),
    };
    (read, mixed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{UTF_16BE, UTF_16LE};

    #[test]
    fn encodings() {
        let (t, e) = decode_text("\u{feff}姓名,性别".as_bytes());
        assert_eq!((t.as_str(), e), ("姓名,性别", UTF_8));
        let (gbk, _, _) = GBK.encode("姓名,性别\n王浩,男\n欧阳·娜娜,女\n");
        let (t, e) = decode_text(&gbk);
        assert_eq!(t, "姓名,性别\n王浩,男\n欧阳·娜娜,女\n");
        assert!(e == GBK || e == GB18030, "{}", e.name());
        let le: Vec<u8> = "姓名\t性别\r\n王浩\t男\r\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let (t, e) = decode_text(&le);
        assert_eq!((t.as_str(), e), ("姓名\t性别\r\n王浩\t男\r\n", UTF_16LE));
        let be: Vec<u8> = "a\tb\r\n1\t2\r\n"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        assert_eq!(decode_text(&be).1, UTF_16BE);
    }

    #[test]
    fn a_file_mixing_gbk_and_utf8_lines_is_decoded_line_by_line() {
        let mut bytes = GBK
            .encode("单位,姓名,性别\n浙江队,王浩,男\n")
            .0
            .into_owned();
        bytes.extend_from_slice("浙江队,欧阳·娜娜,女\r\n".as_bytes());
        bytes.extend_from_slice(&GBK.encode("浙江队,李明,男\n").0);
        let mixed = Mixed::of(&bytes).expect("mixed");
        assert_eq!(
            mixed.text,
            "单位,姓名,性别\n浙江队,王浩,男\n浙江队,欧阳·娜娜,女\r\n浙江队,李明,男\n"
        );
        assert_eq!(mixed.utf8_lines, [3]);
        assert_eq!(decode_text(&bytes).0, mixed.text);
        // One encoding throughout: not mixed.
        assert!(Mixed::of(&GBK.encode("单位,姓名\n浙江队,王浩\n").0).is_none());
        assert!(Mixed::of("单位,姓名\n浙江队,王浩\n".as_bytes()).is_none());
    }

    #[test]
    fn delimiters() {
        assert_eq!(detect_delimiter("a,b\n1,2"), Some(Delimiter::Comma));
        assert_eq!(detect_delimiter("a\tb,c\n1\t2"), Some(Delimiter::Tab));
        assert_eq!(detect_delimiter("a;b\n1;2"), Some(Delimiter::Semicolon));
        assert_eq!(
            detect_delimiter("\"x,y\";b\n1;2"),
            Some(Delimiter::Semicolon)
        );
        assert_eq!(detect_delimiter("just words"), None);
    }

    #[test]
    fn csv_keeps_padding_and_quotes() {
        let t = read_csv(
            "a/名单.csv",
            " 王 浩 ,\"欧阳,娜娜\",,\n\n".as_bytes(),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(&*t.sheet, "名单");
        assert_eq!(
            t.rows,
            vec![vec![
                Cell::Text(" 王 浩 ".into()),
                Cell::Text("欧阳,娜娜".into())
            ]]
        );
    }

    #[test]
    fn csv_limits() {
        let limits = Limits {
            max_rows: 2,
            ..Limits::default()
        };
        assert!(read_csv("x.csv", b"a\nb\nc\n", &limits).is_err());
        assert!(read_csv("x.csv", b"a\nb\n", &limits).is_ok());
    }
}
