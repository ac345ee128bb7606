//! Zip member names: decoding the raw bytes (ECOSYSTEM §3) and refusing names that climb out.
//!
//! Zips made on Chinese Windows store names in GBK without the UTF-8 flag. The `zip` crate
//! decodes those as UTF-8-else-CP437, and GBK bytes are sometimes valid UTF-8 (模 = `C4 A3`
//! reads as `ģ`), so we decode the raw bytes ourselves: flag or Info-ZIP Unicode Path → UTF-8;
//! otherwise one decision for all unflagged names of the archive, GBK unless UTF-8 reads
//! clearly better.

use encoding_rs::GBK;

/// One member name as stored in a zip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawName<'a> {
    /// The name bytes from the central directory.
    pub bytes: &'a [u8],
    /// Whether general-purpose flag bit 11 (language encoding, 0x0800) is set.
    pub utf8_flag: bool,
    /// The Info-ZIP Unicode Path extra field (0x7075) content, when present and its CRC matches.
    pub unicode_path: Option<&'a [u8]>,
}

/// Decodes every member name of one archive (same order as given).
pub fn decode_member_names(names: &[RawName<'_>]) -> Vec<String> {
    let unflagged: Vec<&[u8]> = names
        .iter()
        .filter(|n| !n.utf8_flag && utf8_path(n).is_none() && !n.bytes.is_ascii())
        .map(|n| n.bytes)
        .collect();
    let archive_is_utf8 = !unflagged.is_empty() && utf8_reads_better(&unflagged);
    names
        .iter()
        .map(|n| {
            if let Some(p) = utf8_path(n) {
                return p.to_string();
            }
            if n.utf8_flag || archive_is_utf8 || n.bytes.is_ascii() {
                return String::from_utf8_lossy(n.bytes).into_owned();
            }
            GBK.decode_without_bom_handling(n.bytes).0.into_owned()
        })
        .collect()
}

fn utf8_path<'a>(n: &RawName<'a>) -> Option<&'a str> {
    n.unicode_path.and_then(|p| std::str::from_utf8(p).ok())
}

/// Whether the unflagged names of an archive read better as UTF-8 than as GBK: every name is
/// valid UTF-8 and the share of CJK characters is strictly higher. Ties go to GBK, the
/// encoding of zips from Chinese Windows.
fn utf8_reads_better(names: &[&[u8]]) -> bool {
    let mut utf8 = Score::default();
    let mut gbk = Score::default();
    for raw in names {
        match std::str::from_utf8(raw) {
            Ok(s) => utf8.add(s),
            Err(_) => return false,
        }
        match GBK.decode_without_bom_handling_and_without_replacement(raw) {
            Some(s) => gbk.add(&s),
            None => return true,
        }
    }
    utf8.ratio_beats(&gbk)
}

#[derive(Debug, Default)]
struct Score {
    non_ascii: u64,
    cjk: u64,
}

impl Score {
    fn add(&mut self, s: &str) {
        for c in s.chars().filter(|c| !c.is_ascii()) {
            self.non_ascii += 1;
            self.cjk += u64::from(is_common_cjk(c));
        }
    }

    /// self.cjk / self.non_ascii > other.cjk / other.non_ascii, without division.
    fn ratio_beats(&self, other: &Score) -> bool {
        if self.non_ascii == 0 {
            return false;
        }
        if other.non_ascii == 0 {
            return self.cjk > 0;
        }
        u128::from(self.cjk) * u128::from(other.non_ascii)
            > u128::from(other.cjk) * u128::from(self.non_ascii)
    }
}

/// Characters that Chinese file names are made of: common ideographs, CJK punctuation and
/// full-width forms.
fn is_common_cjk(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FFEF}' | '·')
}

/// A member name made safe as a path inside the archive: backslashes become `/`, `.` and empty
/// components are dropped. `None` for names that are absolute, carry a drive letter, contain
/// `..` or NUL, or are empty: such members are never read.
pub fn sanitize_member_path(name: &str) -> Option<String> {
    if name.contains('\0') {
        return None;
    }
    let name = name.replace('\\', "/");
    if name.starts_with('/') {
        return None;
    }
    let mut parts = Vec::new();
    for part in name.split('/') {
        match part {
            "" | "." => {}
            ".." => return None,
            p => parts.push(p),
        }
    }
    // A drive letter, checked once the `.` parts are gone (`./C:/x` is `C:/x`).
    let mut first = parts.first()?.chars();
    if let (Some(d), Some(':')) = (first.next(), first.next())
        && d.is_ascii_alphabetic()
    {
        return None;
    }
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(bytes: &[u8]) -> RawName<'_> {
        RawName {
            bytes,
            utf8_flag: false,
            unicode_path: None,
        }
    }

    #[test]
    fn gbk_names_even_when_valid_utf8() {
        let (a, _, _) = GBK.encode("报名表.xlsx");
        let (b, _, _) = GBK.encode("模.csv");
        let names = decode_member_names(&[raw(&a), raw(&b), raw(b"readme.txt")]);
        assert_eq!(names, ["报名表.xlsx", "模.csv", "readme.txt"]);
        // 模.csv alone is valid UTF-8 ("ģ.csv") and still decodes as GBK.
        assert_eq!(decode_member_names(&[raw(&b)]), ["模.csv"]);
    }

    #[test]
    fn utf8_without_flag_when_it_reads_better() {
        let names = decode_member_names(&[raw("北京队/报名表.xlsx".as_bytes())]);
        assert_eq!(names, ["北京队/报名表.xlsx"]);
    }

    #[test]
    fn flag_and_unicode_path() {
        let (g, _, _) = GBK.encode("报名表.xlsx");
        let n = RawName {
            bytes: &g,
            utf8_flag: false,
            unicode_path: Some("上海队.xlsx".as_bytes()),
        };
        let f = RawName {
            bytes: "天津队.csv".as_bytes(),
            utf8_flag: true,
            unicode_path: None,
        };
        assert_eq!(decode_member_names(&[n, f]), ["上海队.xlsx", "天津队.csv"]);
    }

    #[test]
    fn sanitizing() {
        assert_eq!(
            sanitize_member_path("a\\b/./c.xlsx").as_deref(),
            Some("a/b/c.xlsx")
        );
        assert_eq!(sanitize_member_path("../evil.xlsx"), None);
        assert_eq!(sanitize_member_path("a/../../evil.xlsx"), None);
        assert_eq!(sanitize_member_path("/etc/passwd"), None);
        assert_eq!(sanitize_member_path("C:\\x.xlsx"), None);
        // Found by fuzzing: a drive letter behind `.` parts.
        assert_eq!(sanitize_member_path("./Z:."), None);
        assert_eq!(sanitize_member_path(".\\C:\\win.csv"), None);
        assert_eq!(
            sanitize_member_path("a/C:x.csv").as_deref(),
            Some("a/C:x.csv")
        );
        assert_eq!(sanitize_member_path("a\0b"), None);
        assert_eq!(sanitize_member_path("./"), None);
    }
}
