//! A Chinese name as FIDE writes it: pinyin without tones, "Surname, Given" ("丁立人" →
//! "Ding, Liren"), the given name's syllables run together and capitalised once.
//!
//! The readings come from the `pinyin` crate (the everyday reading of each character), except
//! for the surname, read from [`SURNAMES`] first: the characters whose reading as a surname
//! differs from the everyday one (单 Shan, 曾 Zeng, 解 Xie, 仇 Qiu, 区 Ou, 朴 Piao, ...) and the
//! compound surnames (欧阳 Ouyang, 司马 Sima, 尉迟 Yuchi, 长孙 Zhangsun, ...), which take the
//! first two characters.
//!
//! `ü` is written `yu` after `l` and `n` (吕 "Lyu", 女 "Nyu"), as the Chinese passport
//! (the document FIDE registers Chinese players from) writes it, and `u` elsewhere (where
//! pinyin itself writes `u`: ju, qu, xu, yu). **[INFERRED]**: RULES.md gives no rule.
//!
//! A name in Latin letters is kept (folded to ASCII, spaces normalised); a name with a middle
//! dot (`·`, a transliterated foreign or minority name) takes its last part as the surname.
//! Characters that have no reading are dropped.

use pinyin::ToPinyin;

/// Surnames whose reading differs from the everyday reading of their characters, and the
/// compound surnames, with their FIDE spelling.
pub const SURNAMES: &[(&str, &str)] = &[
    // Compound surnames (复姓).
    ("欧阳", "Ouyang"),
    ("司马", "Sima"),
    ("长孙", "Zhangsun"),
    ("尉迟", "Yuchi"),
    ("诸葛", "Zhuge"),
    ("上官", "Shangguan"),
    ("东方", "Dongfang"),
    ("皇甫", "Huangfu"),
    ("夏侯", "Xiahou"),
    ("公孙", "Gongsun"),
    ("慕容", "Murong"),
    ("令狐", "Linghu"),
    ("司徒", "Situ"),
    ("司空", "Sikong"),
    ("宇文", "Yuwen"),
    ("轩辕", "Xuanyuan"),
    ("端木", "Duanmu"),
    ("独孤", "Dugu"),
    ("南宫", "Nangong"),
    ("西门", "Ximen"),
    ("澹台", "Tantai"),
    ("公冶", "Gongye"),
    ("宗政", "Zongzheng"),
    ("濮阳", "Puyang"),
    ("淳于", "Chunyu"),
    ("太叔", "Taishu"),
    ("申屠", "Shentu"),
    ("赫连", "Helian"),
    ("闻人", "Wenren"),
    ("万俟", "Moqi"),
    ("呼延", "Huyan"),
    ("钟离", "Zhongli"),
    ("百里", "Baili"),
    ("东郭", "Dongguo"),
    ("鲜于", "Xianyu"),
    ("闾丘", "Lyuqiu"),
    ("亓官", "Qiguan"),
    ("司寇", "Sikou"),
    ("拓跋", "Tuoba"),
    ("左丘", "Zuoqiu"),
    ("梁丘", "Liangqiu"),
    ("公羊", "Gongyang"),
    ("谷梁", "Guliang"),
    ("第五", "Diwu"),
    ("乐正", "Yuezheng"),
    ("巫马", "Wuma"),
    ("漆雕", "Qidiao"),
    ("段干", "Duangan"),
    // Single characters read differently as a surname.
    ("单", "Shan"),
    ("曾", "Zeng"),
    ("解", "Xie"),
    ("仇", "Qiu"),
    ("区", "Ou"),
    ("朴", "Piao"),
    ("查", "Zha"),
    ("盖", "Ge"),
    ("召", "Shao"),
    ("乐", "Yue"),
    ("翟", "Zhai"),
    ("覃", "Qin"),
    ("缪", "Miao"),
    ("员", "Yun"),
    ("繁", "Po"),
    ("尉", "Wei"),
    ("秘", "Bi"),
    ("种", "Chong"),
    ("宓", "Mi"),
    ("能", "Nai"),
    ("阚", "Kan"),
    ("隗", "Wei"),
    ("句", "Gou"),
    ("粘", "Nian"),
    ("黑", "He"),
    ("柏", "Bai"),
    ("薄", "Bo"),
    ("折", "She"),
    ("佴", "Nai"),
    ("洗", "Xian"),
    ("过", "Guo"),
    ("蕃", "Pi"),
    ("长", "Chang"),
    ("沈", "Shen"),
    ("祭", "Zhai"),
    ("厍", "She"),
];

/// The FIDE spelling of a name written in the form: "Surname, Given".
///
/// ```
/// use bianpai::normalize::fide_name;
/// assert_eq!(fide_name("丁立人"), "Ding, Liren");
/// assert_eq!(fide_name("欧阳娜娜"), "Ouyang, Nana");
/// assert_eq!(fide_name("单霁翔"), "Shan, Jixiang");
/// assert_eq!(fide_name("吕钦"), "Lyu, Qin");
/// assert_eq!(fide_name("Magnus Carlsen"), "Magnus Carlsen");
/// ```
pub fn fide_name(name: &str) -> String {
    let name = name.trim();
    if !name.chars().any(super::is_han) {
        return ascii_latin(name);
    }
    // A transliterated name: the last part is the surname.
    let parts: Vec<&str> = name
        .split(['·', '•', '・', '.', '\u{2027}'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() > 1 {
        let (last, given) = parts.split_last().unwrap_or((&"", &[]));
        let given: Vec<String> = given.iter().map(|p| word(&syllables(p))).collect();
        return join(&word(&syllables(last)), &given.join(" "));
    }
    let compact: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    let (surname, given) = split_surname(&compact);
    join(&surname, &word(&syllables(given)))
}

/// The surname (FIDE spelling) and the rest of a compact Chinese name.
fn split_surname(name: &str) -> (String, &str) {
    // Compound surnames first (two characters), then single ones, but only when something is
    // left for the given name.
    let mut best: Option<(&str, &str)> = None;
    for &(han, latin) in SURNAMES {
        if name.starts_with(han)
            && name.len() > han.len()
            && best.is_none_or(|(h, _)| han.chars().count() > h.chars().count())
        {
            best = Some((han, latin));
        }
    }
    if let Some((han, latin)) = best {
        return (latin.to_string(), name.get(han.len()..).unwrap_or(""));
    }
    let mut chars = name.char_indices();
    let _first = chars.next();
    let cut = chars.next().map_or(name.len(), |(i, _)| i);
    let (head, rest) = name.split_at(cut);
    (word(&syllables(head)), rest)
}

/// The toneless syllables of a Chinese text, `ü` spelt as FIDE does; Latin letters and digits
/// pass through as one syllable each run.
fn syllables(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut latin = String::new();
    for (c, p) in text.chars().zip(text.to_pinyin()) {
        match p {
            Some(p) => {
                if !latin.is_empty() {
                    out.push(std::mem::take(&mut latin));
                }
                out.push(spell_u(p.plain()));
            }
            None if c.is_ascii_alphanumeric() => latin.push(c),
            None => {}
        }
    }
    if !latin.is_empty() {
        out.push(latin);
    }
    out
}

/// A team or unit name in Latin letters for the TRF's fixed columns (FIDE's programs read a
/// TRF as Latin-1): each Chinese syllable capitalised, separated by spaces ("大庆油田队" →
/// "Da Qing You Tian Dui"); a name in Latin letters is kept, folded to ASCII.
///
/// ```
/// use bianpai::normalize::fide_team_name;
/// assert_eq!(fide_team_name("大庆油田队"), "Da Qing You Tian Dui");
/// assert_eq!(fide_team_name("北京2队"), "Bei Jing 2 Dui");
/// assert_eq!(fide_team_name("重庆涪陵队"), "Chong Qing Fu Ling Dui");
/// assert_eq!(fide_team_name("吉林长白山队"), "Ji Lin Chang Bai Shan Dui");
/// ```
pub fn fide_team_name(name: &str) -> String {
    if !name.chars().any(super::is_han) {
        return ascii_latin(name);
    }
    let mut out: Vec<String> = Vec::new();
    let mut rest = name;
    while !rest.is_empty() {
        if let Some((han, latin)) = PLACES.iter().find(|(h, _)| rest.starts_with(h)) {
            out.extend(latin.split(' ').map(str::to_string));
            rest = rest.get(han.len()..).unwrap_or("");
            continue;
        }
        let cut = rest.char_indices().nth(1).map_or(rest.len(), |(i, _)| i);
        let (head, tail) = rest.split_at(cut);
        out.extend(
            syllables(head)
                .iter()
                .map(|s| word(std::slice::from_ref(s))),
        );
        rest = tail;
    }
    out.join(" ")
}

/// Place names whose characters' everyday readings differ from the place's.
const PLACES: &[(&str, &str)] = &[
    ("重庆", "Chong Qing"),
    ("长沙", "Chang Sha"),
    ("长春", "Chang Chun"),
    ("长白山", "Chang Bai Shan"),
    ("长江", "Chang Jiang"),
    ("长城", "Chang Cheng"),
    ("长安", "Chang An"),
    ("厦门", "Xia Men"),
    ("蚌埠", "Beng Bu"),
    ("六安", "Lu An"),
    ("乐山", "Le Shan"),
    ("乐清", "Yue Qing"),
    ("东莞", "Dong Guan"),
    ("番禺", "Pan Yu"),
    ("丽水", "Li Shui"),
    ("台州", "Tai Zhou"),
    ("曲阜", "Qu Fu"),
];

/// `lü` → `lyu`, `nüe` → `nyue`, any other `ü` → `u`.
fn spell_u(syllable: &str) -> String {
    let mut out = String::with_capacity(syllable.len() + 1);
    let mut prev = ' ';
    for c in syllable.chars() {
        if c == 'ü' || c == 'v' {
            if matches!(prev, 'l' | 'n') {
                out.push_str("yu");
            } else {
                out.push('u');
            }
        } else {
            out.push(c);
        }
        prev = c;
    }
    out
}

/// Syllables run together, the first letter capitalised.
fn word(syllables: &[String]) -> String {
    let joined: String = syllables.concat().to_ascii_lowercase();
    let mut chars = joined.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

fn join(surname: &str, given: &str) -> String {
    match (surname.is_empty(), given.is_empty()) {
        (_, true) => surname.to_string(),
        (true, false) => given.to_string(),
        (false, false) => format!("{surname}, {given}"),
    }
}

/// A Latin-letter name folded to ASCII: accents dropped (é → e, ü → u), anything else
/// non-ASCII removed, runs of spaces made one.
fn ascii_latin(name: &str) -> String {
    let folded: String = name
        .chars()
        .filter_map(|c| {
            if c.is_ascii() {
                return Some(c);
            }
            let base = match c {
                'à'..='å' | 'ā' | 'ǎ' => 'a',
                'À'..='Å' | 'Ā' => 'A',
                'è'..='ë' | 'ē' | 'ě' => 'e',
                'È'..='Ë' | 'Ē' => 'E',
                'ì'..='ï' | 'ī' | 'ǐ' => 'i',
                'Ì'..='Ï' | 'Ī' => 'I',
                'ò'..='ö' | 'ø' | 'ō' | 'ǒ' => 'o',
                'Ò'..='Ö' | 'Ø' | 'Ō' => 'O',
                'ù'..='ü' | 'ū' | 'ǔ' | 'ǖ' | 'ǘ' | 'ǚ' | 'ǜ' => 'u',
                'Ù'..='Ü' | 'Ū' => 'U',
                'ñ' => 'n',
                'Ñ' => 'N',
                'ç' => 'c',
                'Ç' => 'C',
                'ý' | 'ÿ' => 'y',
                'ß' => 's',
                c if c.is_whitespace() => ' ',
                _ => return None,
            };
            Some(base)
        })
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::fide_name;

    #[test]
    fn surnames_read_as_surnames() {
        let cases = [
            ("单霁翔", "Shan, Jixiang"),
            ("曾庆红", "Zeng, Qinghong"),
            ("解缙", "Xie, Jin"),
            ("仇英", "Qiu, Ying"),
            ("区志航", "Ou, Zhihang"),
            ("朴志成", "Piao, Zhicheng"),
            ("查良镛", "Zha, Liangyong"),
            ("盖叫天", "Ge, Jiaotian"),
            ("召明", "Shao, Ming"),
            ("尉迟恭", "Yuchi, Gong"),
            ("欧阳娜娜", "Ouyang, Nana"),
            ("司马光", "Sima, Guang"),
            ("长孙无忌", "Zhangsun, Wuji"),
            ("诸葛亮", "Zhuge, Liang"),
            ("上官婉儿", "Shangguan, Waner"),
            ("丁立人", "Ding, Liren"),
            ("侯逸凡", "Hou, Yifan"),
            ("居文君", "Ju, Wenjun"),
            ("吕钦", "Lyu, Qin"),
            ("徐昱华", "Xu, Yuhua"),
            ("钟明嘉", "Zhong, Mingjia"),
        ];
        for (han, latin) in cases {
            assert_eq!(fide_name(han), latin, "{han}");
        }
    }

    #[test]
    fn other_forms() {
        assert_eq!(fide_name("丁 立人"), "Ding, Liren");
        assert_eq!(fide_name("买买提·艾力"), "Aili, Maimaiti");
        assert_eq!(
            fide_name("  José  Raúl Capablanca "),
            "Jose Raul Capablanca"
        );
        assert_eq!(fide_name("王"), "Wang");
        assert_eq!(fide_name(""), "");
    }
}
