//! Recognising a file by its first bytes, never by its name: forms arrive renamed (an xlsx
//! called `.xls`, an HTML page called `.xls`, no extension at all), and `open_workbook_auto`
//! trusts extensions (ECOSYSTEM §1).
//!
//! The byte-level text heuristics live here too (UTF-16 without a BOM, by its NUL bytes): `text`
//! calls them to decode, this module never calls `text`.

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE};

/// What a file was recognised as, before any parsing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A zip container: xlsx, ods, docx or a plain archive (decided by its entries).
    Zip,
    /// An OLE compound file: xls, encrypted OOXML, doc (decided by its streams).
    Cfb,
    /// Text: a CSV candidate.
    Text,
    /// A container meant to hold forms that we cannot open (rar, 7z): always unreadable.
    Unsupported(What),
    /// Anything else: ignored, or unreadable when its name says it should be a table.
    Other(What),
}

/// A short description of content, in both languages, used in reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct What {
    pub(crate) zh: &'static str,
    pub(crate) en: &'static str,
}

impl What {
    pub(crate) const fn new(zh: &'static str, en: &'static str) -> What {
        What { zh, en }
    }
}

const HTML: What = What::new(
    "网页（HTML）表格，不是真正的 Excel 文件：请用 Excel 打开后另存为 .xlsx",
    "an HTML table, not a real Excel file: open it in Excel and save it as .xlsx",
);
const SPREADSHEET_ML: What = What::new(
    "Excel 2003 XML 表格：请用 Excel 打开后另存为 .xlsx",
    "an Excel 2003 XML spreadsheet: open it in Excel and save it as .xlsx",
);
const MHT: What = What::new(
    "单个文件网页（MHT）：请用 Excel 打开后另存为 .xlsx",
    "a single-file web page (MHT): open it in Excel and save it as .xlsx",
);
pub(crate) const BINARY: What = What::new("无法识别的二进制数据", "unrecognised binary data");
const EMPTY: What = What::new("空文件（0 字节）", "an empty file (0 bytes)");

/// Extensions under which a team sends a table: content that is not a table under one of these
/// names is an error (their entry would be lost), elsewhere it is only ignored.
pub(crate) fn is_table_extension(ext: &str) -> bool {
    matches!(
        ext,
        "" | "xlsx" | "xlsm" | "xlsb" | "xls" | "et" | "ods" | "csv" | "tsv" | "zip"
    )
}

/// Recognises the kind of a file from its first bytes.
pub(crate) fn sniff(bytes: &[u8]) -> Kind {
    if bytes.is_empty() {
        return Kind::Other(EMPTY);
    }
    if bytes.starts_with(b"PK\x03\x04")
        || bytes.starts_with(b"PK\x05\x06")
        || bytes.starts_with(b"PK\x07\x08")
    {
        return Kind::Zip;
    }
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        return Kind::Cfb;
    }
    if bytes.starts_with(b"Rar!\x1a\x07") {
        return Kind::Unsupported(What::new(
            "RAR 压缩包（不支持）：请改用 zip 压缩，或直接发送表格文件",
            "a RAR archive (not supported): use zip, or send the workbooks themselves",
        ));
    }
    if bytes.starts_with(&[b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C]) {
        return Kind::Unsupported(What::new(
            "7z 压缩包（不支持）：请改用 zip 压缩，或直接发送表格文件",
            "a 7z archive (not supported): use zip, or send the workbooks themselves",
        ));
    }
    if let Some(what) = known_binary(bytes) {
        return Kind::Other(what);
    }
    let head = markup_head(bytes);
    if head.starts_with(b"<html")
        || head.starts_with(b"<!doctype html")
        || head.starts_with(b"<table")
        || head.starts_with(b"<head")
        || head.starts_with(b"<meta")
    {
        return Kind::Other(HTML);
    }
    if head.starts_with(b"<?xml") {
        return if contains(&head, b"urn:schemas-microsoft-com:office:spreadsheet")
            || contains(&head, b"<?mso-application progid=\"excel.sheet\"?>")
        {
            Kind::Other(SPREADSHEET_ML)
        } else if contains(&head, b"<html") {
            Kind::Other(HTML)
        } else {
            Kind::Other(What::new("XML 文件", "an XML file"))
        };
    }
    if head.starts_with(b"mime-version:") {
        return Kind::Other(MHT);
    }
    if looks_like_text(bytes) {
        Kind::Text
    } else {
        Kind::Other(BINARY)
    }
}

/// Well-known binary formats that teams attach next to their forms.
fn known_binary(b: &[u8]) -> Option<What> {
    let what = if b.starts_with(b"%PDF") {
        What::new("PDF 文件", "a PDF file")
    } else if b.starts_with(&[0xFF, 0xD8, 0xFF])
        || b.starts_with(b"\x89PNG")
        || b.starts_with(b"GIF8")
        || b.starts_with(b"BM")
        || (b.starts_with(b"RIFF") && b.get(8..12) == Some(b"WEBP"))
        || b.get(4..8) == Some(b"ftyp")
    {
        What::new("图片", "an image")
    } else if b.starts_with(&[0x1F, 0x8B]) {
        What::new("gzip 压缩数据（不支持）", "gzip data (not supported)")
    } else {
        return None;
    };
    Some(what)
}

/// The first bytes after a UTF-8 BOM and whitespace, lowercased, for markup checks. UTF-16
/// markup is narrowed to its ASCII bytes first.
fn markup_head(bytes: &[u8]) -> Vec<u8> {
    let narrowed: Vec<u8>;
    let body: &[u8] = if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        narrowed = bytes
            .iter()
            .take(2048)
            .skip(2)
            .copied()
            .filter(|&c| c != 0)
            .collect();
        &narrowed
    } else {
        bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes)
    };
    body.iter()
        .skip_while(|c| c.is_ascii_whitespace())
        .take(1024)
        .map(u8::to_ascii_lowercase)
        .collect()
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Whether the bytes look like text in some encoding: UTF-16 (by BOM or by the pattern of NUL
/// bytes), or an 8-bit encoding with almost no control characters.
pub(crate) fn looks_like_text(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return true;
    }
    if utf16_without_bom(bytes).is_some() {
        return true;
    }
    let sample = bytes.get(..8192).unwrap_or(bytes);
    let controls = sample
        .iter()
        .filter(|&&c| c < 0x20 && !matches!(c, 0 | b'\t' | b'\n' | b'\r' | 0x0C | 0x1A))
        .count();
    let nuls = sample.iter().filter(|&&c| c == 0).count();
    // A stray control character happens in hand-made files, a stray NUL in broken exports (the
    // reader removes it and says where); a share above 1 % is binary.
    controls * 100 <= sample.len() && nuls <= (sample.len() / 100).max(4)
}

/// UTF-16 without a BOM, recognised by NUL bytes: ASCII characters (digits, tabs, line ends)
/// have a NUL high byte, CJK characters almost never have a NUL byte at all. `chardetng` never
/// answers UTF-16, so this is our own heuristic.
pub(crate) fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let sample = bytes.get(..4096).unwrap_or(bytes);
    let pairs = sample.len() / 2;
    if pairs < 2 {
        return None;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for pair in sample.chunks_exact(2) {
        if let [a, b] = pair {
            even += usize::from(*a == 0);
            odd += usize::from(*b == 0);
        }
    }
    let enc = if odd * 10 >= pairs && odd > 3 * even {
        UTF_16LE
    } else if even * 10 >= pairs && even > 3 * odd {
        UTF_16BE
    } else {
        return None;
    };
    // Valid UTF-16 only: unpaired surrogates mean binary data with NULs.
    // Text has (almost) no control characters besides tab and line ends.
    let (text, _, had_errors) = enc.decode(sample.get(..pairs * 2).unwrap_or(sample));
    let controls = text
        .chars()
        .filter(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
        .count();
    (!had_errors && controls * 100 <= pairs).then_some(enc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_bytes() {
        assert_eq!(sniff(b"PK\x03\x04rest"), Kind::Zip);
        assert_eq!(
            sniff(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0]),
            Kind::Cfb
        );
        assert_eq!(sniff("姓名,性别\n王浩,男\n".as_bytes()), Kind::Text);
        assert!(matches!(sniff(b"%PDF-1.7"), Kind::Other(_)));
        assert!(matches!(
            sniff(b"Rar!\x1a\x07\x01\x00"),
            Kind::Unsupported(_)
        ));
    }

    #[test]
    fn html_in_any_case_after_bom_and_space() {
        assert_eq!(sniff(b"\xEF\xBB\xBF  \r\n<HTML><body>"), Kind::Other(HTML));
        assert_eq!(sniff(b"<!DOCTYPE html><html>"), Kind::Other(HTML));
        assert_eq!(
            sniff(b"<table><tr><td>1</td></tr></table>"),
            Kind::Other(HTML)
        );
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("<html>".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(sniff(&utf16), Kind::Other(HTML));
    }

    #[test]
    fn spreadsheet_ml_2003() {
        let x = b"<?xml version=\"1.0\"?>\n<?mso-application progid=\"Excel.Sheet\"?>\n<Workbook xmlns=\"urn:schemas-microsoft-com:office:spreadsheet\">";
        assert_eq!(sniff(x), Kind::Other(SPREADSHEET_ML));
    }

    #[test]
    fn binary_is_not_text() {
        assert_eq!(sniff(&[1, 2, 3, 0, 5, 6, 7, 8]), Kind::Other(BINARY));
    }
}
