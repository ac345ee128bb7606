//! A regulation's clause as a finding cites it, in the run's language (issue 45): the checks
//! word their findings with it and the workbooks print it, so it lives beside the findings.

use crate::Lang;

/// A regulation clause as cited: in English, `规程` becomes `Regulation`, the section numbers
/// become figures and a section's heading is left out (`规程 七、参赛资格(四)` →
/// `Regulation 7(4)`); in Chinese it stays as written.
///
/// ```
/// use bianpai::report::english::clause;
/// use bianpai::Lang;
/// assert_eq!(clause("规程 七(三)", Lang::En), "Regulation 7(3)");
/// assert_eq!(clause("规程 十三(三)1", Lang::En), "Regulation 13(3)1");
/// assert_eq!(clause("规程 七、参赛资格(四)", Lang::En), "Regulation 7(4)");
/// assert_eq!(clause("规程 十二(一)、(二)", Lang::En), "Regulation 12(1), (2)");
/// assert_eq!(clause("规程 七(三)", Lang::Zh), "规程 七(三)");
/// ```
pub fn clause(text: &str, lang: Lang) -> String {
    if lang == Lang::Zh {
        return text.to_string();
    }
    let mut s = text
        .replace("竞赛规程", "Regulation")
        .replace("规程", "Regulation");
    // A heading after the section number: `七、参赛资格(四)` → `七(四)`.
    while let Some(i) = s.find('、') {
        let after = &s[i + '、'.len_utf8()..];
        let keep = after.find(['(', '（']).unwrap_or(after.len());
        let heading = &after[..keep];
        if heading.is_empty() {
            // `(一)、(二)`: a list of paragraphs.
            s.replace_range(i..i + '、'.len_utf8(), ", ");
        } else {
            let end = i + '、'.len_utf8() + keep;
            s.replace_range(i..end, "");
        }
    }
    let s = s.replace('（', "(").replace('）', ")");
    figures(&s)
}

/// Every run of Chinese numerals in `s` as a number (`十三` → `13`, `二十一` → `21`).
fn figures(s: &str) -> String {
    let digit = |c: char| "零一二三四五六七八九".chars().position(|d| d == c);
    let mut out = String::new();
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        if run.is_empty() {
            return;
        }
        let mut total = 0u32;
        let mut current = 0u32;
        for c in run.chars() {
            match (c, digit(c)) {
                ('十', _) => {
                    total += current.max(1) * 10;
                    current = 0;
                }
                ('百', _) => {
                    total += current.max(1) * 100;
                    current = 0;
                }
                (_, Some(d)) => current = u32::try_from(d).unwrap_or(0),
                _ => {}
            }
        }
        out.push_str(&(total + current).to_string());
        run.clear();
    };
    for c in s.chars() {
        if digit(c).is_some() || c == '十' || c == '百' {
            run.push(c);
        } else {
            flush(&mut run, &mut out);
            out.push(c);
        }
    }
    flush(&mut run, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numerals_become_figures() {
        assert_eq!(figures("二十一"), "21");
        assert_eq!(figures("十"), "10");
        assert_eq!(figures("一百零五"), "105");
        assert_eq!(clause("规程 十(二)2", Lang::En), "Regulation 10(2)2");
    }
}
