//! Names of scores and tie-breaks as printed in workbook headers (SPEC §5: tie-break columns are
//! named by the regulation's order, in Chinese by default).

use crate::Lang;
use crate::report::cell::Cell;
use crate::scoring::Value;

/// A tie-break column name as printed: `直胜` (as event.toml and the CXA rules name it) becomes
/// `直胜名次`, since the column holds the place inside the group of the tied, not points. In
/// English, the CXA rules' names (the headers of a xiangqi ranking, 象棋竞赛规则 2020 14.3)
/// are translated; any other name is kept.
pub fn column_label(name: &str, lang: Lang) -> String {
    let en = |s: &str| match lang {
        Lang::Zh => None,
        Lang::En => Some(s.to_string()),
    };
    let english = match name {
        "积分" => en("Points"),
        "对手分" => en("Opponents' score"),
        "累进分" => en("Progressive score"),
        "小分" => en("Small score"),
        "胜局" => en("Wins"),
        "后胜局" => en("Wins with Black"),
        "后手局" => en("Games with Black"),
        "先手胜局" => en("Wins with Red"),
        "直胜" | "直胜名次" => en("Direct encounter place"),
        // `去末2轮`: the score without the last 2 rounds; `去首2轮`: without the first 2.
        other => ["去末", "去首"].iter().find_map(|p| {
            let k = other.strip_prefix(p)?.strip_suffix('轮')?;
            let k: u32 = k.parse().ok()?;
            let which = if *p == "去末" { "last" } else { "first" };
            let rounds = if k == 1 { "round" } else { "rounds" };
            en(&format!("Without the {which} {k} {rounds}"))
        }),
    };
    match (english, name) {
        (Some(e), _) => e,
        (None, "直胜") => "直胜名次".to_string(),
        (None, "Direct encounter") => "Direct encounter place".to_string(),
        (None, other) => other.to_string(),
    }
}

/// A ranking column's label from the organizer's `name` for it (event.toml's `names`): as
/// [`column_label`] gives it, except in English where that is still Chinese (a name bianpai
/// has no translation for, `去最低对手分`): the English label of the column's tie-break `code`
/// (`BH/C1` → `Buchholz(C1)`).
pub fn named_column(name: &str, code: Option<&str>, lang: Lang) -> String {
    let label = column_label(name, lang);
    match code {
        Some(code) if lang == Lang::En && !label.is_ascii() => tiebreak_label(code, lang),
        _ => label,
    }
}

/// The column label of a tie-break code (`MPTS`, `BH:MP/C1`, `ESB:MG`, ...). Modifiers are kept
/// in the label so two variants never print the same header.
///
/// ```
/// use bianpai::report::labels::{column_label, tiebreak_label};
/// use bianpai::Lang;
/// assert_eq!(tiebreak_label("MPTS", Lang::Zh), "场分");
/// assert_eq!(tiebreak_label("BH:MP/C1", Lang::Zh), "对手场分(去1)");
/// assert_eq!(tiebreak_label("EDE", Lang::En), "Direct encounter place");
/// assert_eq!(column_label("直胜", Lang::Zh), "直胜名次");
/// assert_eq!(column_label("去末2轮", Lang::En), "Without the last 2 rounds");
/// assert_eq!(column_label("对手分", Lang::Zh), "对手分");
/// use bianpai::report::labels::named_column;
/// assert_eq!(named_column("去最低对手分", Some("BH/C1"), Lang::En), "Buchholz(C1)");
/// assert_eq!(named_column("去最低对手分", Some("BH/C1"), Lang::Zh), "去最低对手分");
/// assert_eq!(named_column("对手分", Some("BH"), Lang::En), "Opponents' score");
/// ```
pub fn tiebreak_label(code: &str, lang: Lang) -> String {
    let (base, mods) = match code.split_once('/') {
        Some((b, m)) => (b, Some(m)),
        None => (code, None),
    };
    let upper = base.to_ascii_uppercase();
    let (zh, en): (&str, &str) = match upper.as_str() {
        "PTS" => ("积分", "Points"),
        "MPTS" | "MP" => ("场分", "Match points"),
        "GPTS" | "GP" => ("局分", "Game points"),
        "MPVGP" => ("次要分", "Secondary score"),
        // The column holds a place inside the group of the tied (1 = won the encounters), not
        // points: labelled so.
        "DE" => ("直胜名次", "Direct encounter place"),
        "EDE" | "EDET" | "EDEB" | "EDEBT" | "EDEBB" => ("直胜名次", "Direct encounter place"),
        "ESB:MG" | "EMGSB" => ("对手场分×局分", "Team SB (MP×GP)"),
        "ESB:MM" | "EMMSB" => ("对手场分×场分", "Team SB (MP×MP)"),
        "ESB:GM" | "EGMSB" => ("对手局分×场分", "Team SB (GP×MP)"),
        "ESB:GG" | "EGGSB" => ("对手局分×局分", "Team SB (GP×GP)"),
        "BH" => ("对手分", "Buchholz"),
        "BH:MP" => ("对手场分", "Buchholz (MP)"),
        "BH:GP" => ("对手局分", "Buchholz (GP)"),
        "SB" => ("索伯分", "Sonneborn-Berger"),
        "BC" => ("台次分", "Board count"),
        "TBR" => ("逐台比较", "Top board result"),
        "BBE" => ("去底台比较", "Bottom board elimination"),
        "WIN" => ("胜局", "Wins"),
        "WON" => ("实胜局", "Games won"),
        "BPG" => ("后手局", "Games with Black"),
        "BWG" => ("后胜局", "Wins with Black"),
        "PS" => ("累进分", "Progressive score"),
        "ARO" => ("对手平均等级分", "Avg. rating of opponents"),
        "TPR" => ("等级分表现", "Performance rating"),
        _ => (base, base),
    };
    let mut s = lang.pick(zh, en).to_string();
    if let Some(m) = mods {
        for part in m.split('/') {
            let p = part.to_ascii_uppercase();
            let extra = match (p.as_str(), lang) {
                ("C1", Lang::Zh) => "去1".to_string(),
                ("C2", Lang::Zh) => "去2".to_string(),
                ("M1", Lang::Zh) => "中位1".to_string(),
                ("M2", Lang::Zh) => "中位2".to_string(),
                ("P", Lang::Zh) => "弃权计入".to_string(),
                _ => p.clone(),
            };
            s.push('(');
            s.push_str(&extra);
            s.push(')');
        }
    }
    s
}

/// The cells of a ranking row's tie-break values, each at its precision (`7.0`, `16.50`); an
/// undefined value (a rating tie-break with unrated opponents) is `-`.
pub(crate) fn value_cells<'a>(
    values: &'a [Value],
    decimals: &'a [usize],
) -> impl Iterator<Item = Cell> + 'a {
    values.iter().enumerate().map(|(k, v)| match *v {
        Value::Undefined => "-".into(),
        Value::Place(p) => p.into(),
        Value::Num(r) => Cell::decimal(r, decimals.get(k).copied().unwrap_or(2)),
    })
}
