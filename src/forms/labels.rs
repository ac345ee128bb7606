//! Team-level values written as labelled cells around the table: `参赛单位（盖章）：北京队
//! 领队：张三`, or a label cell with its value in the next cell.

use unicode_normalization::UnicodeNormalization;

use crate::findings::Source;
use crate::ingest::{Cell, Table};

use super::RawValue;

/// What a label introduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelKind {
    /// 参赛单位.
    Unit,
    /// 领队.
    Leader,
    /// 教练.
    Coach,
    /// 填表日期.
    FillDate,
    /// A label that only ends the previous value (联系人, 电话, 签字...).
    Other,
}

/// Labels, longest first where one contains another.
const LABELS: &[(&str, LabelKind)] = &[
    ("参赛单位名称", LabelKind::Unit),
    ("参赛单位", LabelKind::Unit),
    ("报名单位", LabelKind::Unit),
    ("单位名称", LabelKind::Unit),
    ("代表队", LabelKind::Unit),
    ("参赛队", LabelKind::Unit),
    ("队名", LabelKind::Unit),
    ("单位", LabelKind::Unit),
    ("领队", LabelKind::Leader),
    ("主教练", LabelKind::Coach),
    ("教练员", LabelKind::Coach),
    ("教练", LabelKind::Coach),
    ("填表日期", LabelKind::FillDate),
    ("填报日期", LabelKind::FillDate),
    ("报名日期", LabelKind::FillDate),
    ("填表时间", LabelKind::FillDate),
    ("日期", LabelKind::FillDate),
    ("联系人", LabelKind::Other),
    ("联系电话", LabelKind::Other),
    ("电话", LabelKind::Other),
    ("手机", LabelKind::Other),
    ("邮箱", LabelKind::Other),
    ("地址", LabelKind::Other),
    ("填表人", LabelKind::Other),
    ("负责人", LabelKind::Other),
    ("签字", LabelKind::Other),
    ("签名", LabelKind::Other),
];

/// Stamps that may sit between a label and its colon: `参赛单位（盖章）：`.
const STAMPS: &[&str] = &["(盖章)", "(公章)", "(签章)", "(签字)", "(签名)"];

/// One `label：value` found in a cell; `value` is trimmed and may be empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labelled {
    /// What the label introduces.
    pub kind: LabelKind,
    /// The text after the colon up to the next label.
    pub value: String,
}

/// Whether `chars` begins with the characters of `s`.
fn begins_with(chars: &[char], s: &str) -> bool {
    let mut at = chars.iter();
    s.chars().all(|c| at.next() == Some(&c))
}

fn label_at(chars: &[char], i: usize) -> Option<(LabelKind, usize)> {
    let rest = chars.get(i..)?;
    LABELS
        .iter()
        .find(|(l, _)| begins_with(rest, l))
        .map(|(l, k)| (*k, i + l.chars().count()))
}

/// Skips a stamp and whitespace after a label; returns the index after a colon if there is one.
fn colon_after(chars: &[char], mut j: usize) -> Option<usize> {
    loop {
        while chars.get(j).is_some_and(|c| c.is_whitespace()) {
            j += 1;
        }
        let rest = chars.get(j..)?;
        match STAMPS.iter().find(|s| begins_with(rest, s)) {
            Some(s) => j += s.chars().count(),
            None => break,
        }
    }
    matches!(chars.get(j), Some(':')).then_some(j + 1)
}

/// Whether NFKC turns `c` into text holding `:` (`:`, `：`, `﹕`, `︓`, `⩴`). NFKC maps each
/// character on its own, and no composition makes a `:`, so a text without such a character
/// has no colon after NFKC.
fn nfkc_has_colon(c: char) -> bool {
    matches!(c, ':' | '\u{2a74}' | '\u{fe13}' | '\u{fe55}' | '\u{ff1a}')
}

/// Finds every `label：value` in a text (NFKC applied first, so `：` is `:`).
///
/// ```
/// use bianpai::forms::{parse_labels, LabelKind};
/// let l = parse_labels("参赛单位（盖章）：北京队   领队：张三");
/// assert_eq!(l.len(), 2);
/// assert_eq!((l[0].kind, l[0].value.as_str()), (LabelKind::Unit, "北京队"));
/// assert_eq!((l[1].kind, l[1].value.as_str()), (LabelKind::Leader, "张三"));
/// ```
pub fn parse_labels(text: &str) -> Vec<Labelled> {
    // Every label is followed by a colon: without one (most cells: names, dates, numbers)
    // there is nothing to find.
    if !text.chars().any(nfkc_has_colon) {
        return Vec::new();
    }
    let chars: Vec<char> = text.nfkc().collect();
    // Labels are found in Simplified characters (參賽單位 is 参赛单位); values are cut from the
    // text as written, at the same positions.
    let plain: Vec<char> = crate::normalize::simplified(&chars.iter().collect::<String>())
        .chars()
        .collect();
    let plain = if plain.len() == chars.len() {
        plain
    } else {
        chars.clone()
    };
    // (kind, label start, value start)
    let mut hits: Vec<(LabelKind, usize, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if let Some((kind, end)) = label_at(&plain, i)
            && let Some(v) = colon_after(&plain, end)
        {
            hits.push((kind, i, v));
            i = v;
            continue;
        }
        i += 1;
    }
    let mut out = Vec::with_capacity(hits.len());
    for (k, &(kind, _, start)) in hits.iter().enumerate() {
        let end = hits.get(k + 1).map_or(chars.len(), |h| h.1);
        let value: String = chars
            .get(start..end)
            .unwrap_or_default()
            .iter()
            .filter(|c| **c != '_')
            .collect();
        out.push(Labelled {
            kind,
            value: value.split_whitespace().collect::<Vec<_>>().join(" "),
        });
    }
    out
}

/// A cell that is a bare label (`领队`, `参赛单位（盖章）`), the value being in the next cell.
fn bare_label(text: &str) -> Option<LabelKind> {
    let t: String = crate::normalize::simplified(text)
        .nfkc()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect();
    let mut t = t.trim_end_matches(':').to_string();
    for s in STAMPS {
        t = t.replace(s, "");
    }
    LABELS.iter().find(|(l, _)| *l == t).map(|(_, k)| *k)
}

/// Whether a cell text holds any label (with a colon, or bare).
pub(crate) fn has_label(text: &str) -> bool {
    !parse_labels(text).is_empty() || bare_label(text).is_some()
}

/// Team-level values found around a table.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TeamLabels {
    /// 参赛单位.
    pub unit: Option<RawValue>,
    /// 领队.
    pub leader: Option<RawValue>,
    /// 教练.
    pub coach: Option<RawValue>,
    /// 填表日期.
    pub fill_date: Option<RawValue>,
}

impl TeamLabels {
    fn slot(&mut self, kind: LabelKind) -> Option<&mut Option<RawValue>> {
        match kind {
            LabelKind::Unit => Some(&mut self.unit),
            LabelKind::Leader => Some(&mut self.leader),
            LabelKind::Coach => Some(&mut self.coach),
            LabelKind::FillDate => Some(&mut self.fill_date),
            LabelKind::Other => None,
        }
    }

    fn set(&mut self, kind: LabelKind, cell: Cell, source: Source) {
        if let Some(slot) = self.slot(kind)
            && slot.is_none()
        {
            *slot = Some(RawValue { cell, source });
        }
    }

    /// Takes the date of a signature row (`单位（公章）　2023年4月26日`) as the 填表日期 when no
    /// label gave one.
    pub(crate) fn scan_signature_date(&mut self, table: &Table, rows: impl Iterator<Item = usize>) {
        static DATE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
            regex::Regex::new(r"(?:19|20)[0-9]{2}\s*年\s*[0-9]{1,2}\s*月\s*[0-9]{1,2}\s*日").ok()
        });
        const SIGNATURE: [&str; 6] = ["盖章", "公章", "签字", "签名", "填表", "负责人"];
        for r in rows {
            if self.fill_date.is_some() {
                return;
            }
            let Some(cells) = table.rows.get(r) else {
                continue;
            };
            let signed = cells
                .iter()
                .any(|c| matches!(c, Cell::Text(t) if SIGNATURE.iter().any(|w| t.contains(w))));
            if !signed {
                continue;
            }
            for (c, cell) in cells.iter().enumerate() {
                let Cell::Text(t) = cell else { continue };
                let t: String = t.nfkc().collect();
                if let Some(m) = DATE.as_ref().and_then(|re| re.find(&t)) {
                    self.fill_date = Some(RawValue {
                        cell: Cell::Text(m.as_str().to_string()),
                        source: Source::cell(&table.file, &table.sheet, r as u32, c as u32),
                    });
                    return;
                }
            }
        }
    }

    /// Reads the labels of `rows` (first found wins for each kind).
    pub(crate) fn scan(&mut self, table: &Table, rows: impl Iterator<Item = usize>) {
        for r in rows {
            let Some(cells) = table.rows.get(r) else {
                continue;
            };
            for (c, cell) in cells.iter().enumerate() {
                let Cell::Text(text) = cell else { continue };
                let src = || Source::cell(&table.file, &table.sheet, r as u32, c as u32);
                let found = parse_labels(text);
                let kind_without_value = if found.is_empty() {
                    bare_label(text)
                } else {
                    found.last().filter(|l| l.value.is_empty()).map(|l| l.kind)
                };
                for l in &found {
                    if !l.value.is_empty() {
                        self.set(l.kind, Cell::Text(l.value.clone()), src());
                    }
                }
                // `领队` | `张三`: the value is the next non-blank cell unless it is a label.
                if let Some(kind) = kind_without_value {
                    let next = cells
                        .iter()
                        .enumerate()
                        .skip(c + 1)
                        .find(|(_, n)| !n.is_blank());
                    if let Some((nc, n)) = next {
                        let is_label = matches!(n, Cell::Text(t) if has_label(t));
                        if !is_label {
                            self.set(
                                kind,
                                n.clone(),
                                Source::cell(&table.file, &table.sheet, r as u32, nc as u32),
                            );
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_colon_characters_are_every_character_nfkc_gives_a_colon() {
        use unicode_normalization::UnicodeNormalization;
        let found: Vec<char> = (0..=0x10_FFFF_u32)
            .filter_map(char::from_u32)
            .filter(|c| std::iter::once(*c).nfkc().any(|n| n == ':'))
            .collect();
        assert_eq!(found, [':', '\u{2a74}', '\u{fe13}', '\u{fe55}', '\u{ff1a}']);
        assert!(found.iter().all(|c| nfkc_has_colon(*c)));
        assert!(!nfkc_has_colon('-'));
        // A full-width colon still reads as one; text without a colon has no label.
        assert_eq!(parse_labels("领队﹕张三").len(), 1);
        assert!(parse_labels("领队 张三").is_empty());
    }

    #[test]
    fn several_labels_in_one_cell() {
        let l =
            parse_labels("参赛单位(盖章):上海队　　领队：李四　教练：王五　联系电话：13800000000");
        let got: Vec<(LabelKind, &str)> = l.iter().map(|x| (x.kind, x.value.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (LabelKind::Unit, "上海队"),
                (LabelKind::Leader, "李四"),
                (LabelKind::Coach, "王五"),
                (LabelKind::Other, "13800000000"),
            ]
        );
    }

    #[test]
    fn signature_rows_hold_no_values() {
        // No colon after 单位（公章）: not a label.
        let l = parse_labels("单位负责人签字：　　　单位（公章）　　年　月　日");
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].kind, LabelKind::Other);
        assert_eq!(l[0].value, "单位(公章) 年 月 日");
        assert_eq!(parse_labels("填表日期：____年__月__日")[0].value, "年月日");
    }

    #[test]
    fn bare_labels() {
        assert_eq!(bare_label("领队"), Some(LabelKind::Leader));
        assert_eq!(bare_label("参赛单位（盖章）："), Some(LabelKind::Unit));
        assert_eq!(bare_label("王浩"), None);
    }
}
