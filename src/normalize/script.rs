//! Traditional Chinese headings, labels and category values (性別, 組別, 參賽單位, 公開組男子) read
//! as their Simplified forms, character by character, through `character_converter` (the
//! OpenCC-derived tables), so that one synonym list serves both scripts. Only matching uses
//! this: names and units are kept exactly as written.

use std::sync::LazyLock;

/// `text` with its Traditional characters replaced by their Simplified forms (phrase-aware);
/// the result always has the same character count and positions
/// (a label's value can be cut from the original text at the same place).
///
/// ```
/// use bianpai::normalize::simplified;
/// assert_eq!(simplified("身份證號碼"), "身份证号码");
/// assert_eq!(simplified("參賽單位：香港代表隊"), "参赛单位：香港代表队");
/// assert_eq!(simplified("公開組男子"), "公开组男子");
/// assert_eq!(simplified("姓名"), "姓名");
/// ```
pub fn simplified(text: &str) -> String {
    // Han characters only: ASCII, digits and punctuation are never converted. Text whose Han
    // characters are all in GB 2312 (the Simplified national set: every Simplified form, and
    // the characters both scripts share) holds no Traditional form to convert; the conversion
    // tables (some 20 MB once loaded, and a tenth of a second to load) are only loaded for the
    // rest.
    if !text.chars().any(|c| super::is_han(c) && !in_gb2312(c)) {
        return text.to_string();
    }
    // Phrases first (參賽 is 参赛, while 參 alone is 叁); character by character when the
    // phrase conversion changed the length.
    let whole = character_converter::traditional_to_simplified(text);
    if whole.chars().count() == text.chars().count() {
        return whole.into_owned();
    }
    let mut buf = [0u8; 4];
    text.chars()
        .map(|c| {
            if !super::is_han(c) {
                return c;
            }
            let s = character_converter::traditional_to_simplified(c.encode_utf8(&mut buf));
            let mut it = s.chars();
            match (it.next(), it.next()) {
                (Some(one), None) => one,
                _ => c,
            }
        })
        .collect()
}

/// The Han characters of GB 2312 (rows 16-87 of the set, bytes B0-F7 A1-FE in GBK), as bits
/// over U+4E00-U+9FFF; decoded once from GBK.
static GB2312_HAN: LazyLock<Vec<u64>> = LazyLock::new(|| {
    let mut bits = vec![0u64; HAN_SPAN.div_ceil(64)];
    let mut bytes = Vec::with_capacity(72 * 94 * 2);
    for lead in 0xB0..=0xF7u8 {
        for trail in 0xA1..=0xFEu8 {
            bytes.extend([lead, trail]);
        }
    }
    let (text, _) = encoding_rs::GBK.decode_without_bom_handling(&bytes);
    for c in text.chars() {
        if let Some(i) = (c as usize)
            .checked_sub(HAN_FIRST)
            .filter(|i| *i < HAN_SPAN)
            && let Some(w) = bits.get_mut(i / 64)
        {
            *w |= 1 << (i % 64);
        }
    }
    bits
});

const HAN_FIRST: usize = 0x4E00;
const HAN_SPAN: usize = 0xA000 - 0x4E00;

/// Whether `c` is one of the Han characters of GB 2312.
fn in_gb2312(c: char) -> bool {
    (c as usize)
        .checked_sub(HAN_FIRST)
        .filter(|i| *i < HAN_SPAN)
        .and_then(|i| GB2312_HAN.get(i / 64).map(|w| w >> (i % 64) & 1 == 1))
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_labels_and_values() {
        for (t, s) in [
            ("性別", "性别"),
            ("組別", "组别"),
            ("國際棋聯ID", "国际棋联ID"),
            ("等級分", "等级分"),
            ("註冊單位", "注册单位"),
            ("出生日期", "出生日期"),
            ("領隊：李偉倫　教練：王", "领队：李伟伦　教练：王"),
            ("少年組女子", "少年组女子"),
        ] {
            assert_eq!(simplified(t), s, "{t}");
        }
        // Simplified text is returned as it is; a Traditional form outside GB 2312 converts the
        // whole text.
        assert!(in_gb2312('组') && in_gb2312('名') && in_gb2312('于'));
        assert!(!in_gb2312('組') && !in_gb2312('證') && !in_gb2312('A'));
        // 6,763 Han characters: 3,755 of level 1, 3,008 of level 2.
        let n: u32 = GB2312_HAN.iter().map(|w| w.count_ones()).sum();
        assert_eq!(n, 6763);
        assert_eq!(simplified("公开组男子"), "公开组男子");
        assert_eq!(simplified("公開组男子"), "公开组男子");
        // Same length: positions are kept.
        let t = "參賽單位（蓋章）：臺灣";
        assert_eq!(simplified(t).chars().count(), t.chars().count());
    }
}
