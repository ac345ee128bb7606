//! `--lang en` is English everywhere (issue 18): the three samples, run side by side with
//! `--lang en`, write no Chinese into any workbook of `out/` (sheet names, cells, page headers
//! and footers), the results page or the terminal, except the event's own data: the names of
//! people, teams, units and places, the event's own texts from event.toml (its title, sections,
//! hotels, fees), the files and sheets it was sent, and what the arbiter typed into the round
//! workbooks; the organizers' roles and the regulation's clauses are labels (issue 45). A
//! failure lists every workbook, sheet and cell still in Chinese.

mod util;

use std::collections::BTreeSet;
use std::fs;
use std::io::Read;
use std::path::Path;

use calamine::Data;
use util::cells::read_book;
use util::{SAMPLES, copy_tree, files, sample};

/// Whether `c` is Chinese writing: a Han character, CJK punctuation, or a full-width form.
/// The full-width parentheses are the one exception: `姓名（单位）` is how a round workbook
/// names an individual entrant, an identifier the reader matches (data, not a label).
fn is_chinese(c: char) -> bool {
    matches!(c,
        '\u{2E80}'..='\u{2FDF}'       // CJK radicals
        | '\u{3000}'..='\u{303F}'     // CJK symbols and punctuation (、。「」)
        | '\u{3400}'..='\u{4DBF}'     // extension A
        | '\u{4E00}'..='\u{9FFF}'     // unified ideographs
        | '\u{F900}'..='\u{FAFF}'     // compatibility ideographs
        | '\u{FF00}'..='\u{FFEF}'     // full-width forms (：；，＿)
        | '\u{20000}'..='\u{2FFFF}')  // extensions B-F
        && c != '（'
        && c != '）'
}

/// The event's own texts in a sample: every string of its event.toml except the tie-break
/// names (labels the run translates), its files and their sheets, the roster read from them,
/// and the cells of the round workbooks as typed (the bye word excluded: it is a label).
fn data_of(folder: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let text = fs::read_to_string(folder.join("event.toml")).expect("event.toml");
    let toml: toml::Value = toml::from_str(&text).expect("event.toml parses");
    fn strings(v: &toml::Value, out: &mut BTreeSet<String>) {
        match v {
            toml::Value::String(s) => {
                out.insert(s.clone());
            }
            toml::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
            // Labels the run translates (issue 45): tie-break names, the organizers' roles,
            // the regulation's clauses and the loan document's name are not data.
            toml::Value::Table(t) => t
                .iter()
                .filter(|(k, _)| {
                    !matches!(k.as_str(), "tiebreaks" | "role" | "clause" | "document")
                        && !k.ends_with("_clause")
                })
                .for_each(|(_, x)| strings(x, out)),
            _ => {}
        }
    }
    strings(&toml, &mut out);
    // A source names a docx's paragraphs as a sheet of this name: sources are the same
    // identifiers in both languages (`--json` compares them), like the sheet names of the files.
    out.insert(bianpai::forms::PARAGRAPHS_SHEET.to_string());
    for rel in files(folder) {
        let rel = rel.to_string_lossy().into_owned();
        if rel.starts_with("out/") {
            continue;
        }
        add_path(&rel, &mut out);
    }
    let mut findings = bianpai::findings::Findings::new();
    let loaded = bianpai::ingest::load(folder, &bianpai::ingest::Limits::default(), &mut findings);
    let event = bianpai::event::load(folder).expect("event loads");
    let mut others = Vec::new();
    for f in loaded.files {
        add_path(&f.path, &mut out);
        for t in &f.tables {
            out.insert(t.sheet.to_string());
        }
        match bianpai::rounds::sheet::read(&f, event.meta().sport, &mut findings) {
            Some(s) => {
                let cells: Vec<String> = match s.rows {
                    bianpai::rounds::sheet::Rows::Team(rows) => rows
                        .into_iter()
                        .flat_map(|r| [r.home_team, r.home_player, r.away_player, r.away_team])
                        .collect(),
                    bianpai::rounds::sheet::Rows::Individual(rows) => {
                        rows.into_iter().flat_map(|r| [r.left, r.right]).collect()
                    }
                };
                out.extend(
                    cells
                        .into_iter()
                        .filter(|c| !bianpai::rounds::sheet::BYE_WORDS.contains(&c.trim())),
                );
            }
            None => others.push(f),
        }
    }
    let subs = bianpai::inputs::read_forms(&others, &mut findings);
    let roster = bianpai::normalize::build_roster(&subs, &mut findings);
    for t in &roster.teams {
        out.insert(t.unit.value.clone());
        let people = t
            .leader
            .iter()
            .chain(t.coach.iter())
            .chain(t.staff.iter())
            .chain(t.players.iter());
        for p in people {
            out.insert(p.display_name().to_string());
            for v in [
                &p.group,
                &p.registered_unit,
                &p.title,
                &p.remarks,
                &p.family,
            ]
            .into_iter()
            .flatten()
            {
                out.insert(v.value.clone());
            }
        }
        for r in &t.rooms {
            if let Some(n) = &r.name {
                out.insert(n.value.display.clone());
            }
            for v in [&r.hotel, &r.room_type, &r.roommate].into_iter().flatten() {
                out.insert(v.value.clone());
            }
        }
    }
    out.retain(|s| !s.trim().is_empty());
    out
}

/// A path, its folders and file names, with and without the extension.
fn add_path(rel: &str, out: &mut BTreeSet<String>) {
    out.insert(rel.to_string());
    for part in rel.split('/') {
        out.insert(part.to_string());
        if let Some((stem, _)) = part.rsplit_once('.') {
            out.insert(stem.to_string());
        }
    }
}

/// What is left of `text` once the data and quoted values are taken out: the Chinese in it
/// is a label that was not translated.
fn residue(text: &str, data: &[String]) -> String {
    let mut s = text.to_string();
    for d in data {
        if s.contains(d.as_str()) {
            s = s.replace(d.as_str(), " ");
        }
    }
    // Quoted values are what a file said (`"象棋大师"`, `“5.10107E+17”`).
    let quoted = regex::Regex::new(r#""[^"]*"|“[^”]*”|「[^」]*」"#).expect("regex");
    let s = quoted.replace_all(&s, " ").into_owned();
    s.chars().filter(|&c| is_chinese(c)).collect()
}

/// The page header and footer of every worksheet of an xlsx (`&C` codes and all).
fn headers_and_footers(path: &Path) -> Vec<(String, String)> {
    let bytes = fs::read(path).expect("read xlsx");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("xlsx is a zip");
    let re = regex::Regex::new(r"<(oddHeader|oddFooter)>([^<]*)</").expect("regex");
    let mut out = Vec::new();
    for i in 0..zip.len() {
        let mut m = zip.by_index(i).expect("member");
        let name = m.name().expect("utf-8 member name").to_string();
        if !name.starts_with("xl/worksheets/sheet") {
            continue;
        }
        let mut xml = String::new();
        m.read_to_string(&mut xml).expect("utf-8 sheet");
        for c in re.captures_iter(&xml) {
            out.push((format!("{name} {}", &c[1]), c[2].to_string()));
        }
    }
    out
}

#[test]
fn every_output_of_the_samples_is_english_with_lang_en() {
    assert_english(&SAMPLES);
}

#[test]
fn every_output_of_the_newer_samples_is_english_with_lang_en() {
    assert_english(&["youth-chess-2026", "open-chess-2026", "xiangqi-team-2026"]);
}

/// `samples` write over 100 workbooks between them (costs, prizes, packets, standings,
/// pairings, the results book), none with Chinese outside the events' data under `--lang en`.
fn assert_english(samples: &[&str]) {
    let (books, chinese) = chinese_with_lang_en(samples);
    assert!(books > 100, "{books} workbooks");
    assert!(
        chinese.is_empty(),
        "{} texts in Chinese with --lang en:\n{}",
        chinese.len(),
        chinese.join("\n")
    );
}

/// Runs `samples` side by side with `--lang en` and returns how many workbooks they wrote and
/// every text of their outputs (terminal, page, cells, headers and footers) with Chinese
/// outside the events' own data.
fn chinese_with_lang_en(samples: &[&str]) -> (usize, Vec<String>) {
    let tmp = tempfile::tempdir().expect("tempdir");
    // Side by side as in samples/: the B-league's excluded event is the A-league's folder.
    for name in samples {
        copy_tree(&sample(name), &tmp.path().join(name), false);
        let _ = fs::remove_dir_all(tmp.path().join(name).join("out"));
    }
    let mut data: BTreeSet<String> = BTreeSet::new();
    for name in samples {
        data.extend(data_of(&tmp.path().join(name)));
    }
    // Longest first, so that a name inside a longer one does not cut it.
    let mut data: Vec<String> = data.into_iter().collect();
    data.sort_by_key(|d| std::cmp::Reverse(d.chars().count()));
    let mut chinese: Vec<String> = Vec::new();
    let mut note = |place: String, text: &str| {
        let r = residue(text, &data);
        if !r.is_empty() {
            chinese.push(format!("{place}: {text:?} ({r})"));
        }
    };
    let mut books = 0;
    let tags = regex::Regex::new(r"<[^>]*>").expect("regex");
    for name in samples {
        let folder = tmp.path().join(name);
        let out = util::bianpai(&["run", folder.to_str().expect("utf-8"), "--lang", "en"]);
        assert_ne!(out.status.code(), Some(2), "{name}: {out:?}");
        for (i, line) in String::from_utf8_lossy(&out.stdout).lines().enumerate() {
            note(format!("{name} terminal line {}", i + 1), line);
        }
        for rel in files(&folder.join("out")) {
            let rel = rel.to_string_lossy().into_owned();
            if rel.starts_with("previous/") {
                continue;
            }
            let path = folder.join("out").join(&rel);
            if rel.ends_with(".html") {
                let html = fs::read_to_string(&path).expect("utf-8 page");
                for (i, line) in tags.replace_all(&html, "\n").lines().enumerate() {
                    note(format!("{name}/out/{rel} line {}", i + 1), line);
                }
            }
            if !rel.ends_with(".xlsx") {
                continue;
            }
            books += 1;
            for sheet in read_book(&path) {
                note(format!("{name}/out/{rel} sheet name"), &sheet.name);
                for (r, row) in sheet.rows.iter().enumerate() {
                    for (c, cell) in row.iter().enumerate() {
                        if let Data::String(s) = cell {
                            let at = format!("{}{}", column_name(c), r + 1);
                            note(format!("{name}/out/{rel}!{}!{at}", sheet.name), s);
                        }
                    }
                }
            }
            for (part, text) in headers_and_footers(&path) {
                note(format!("{name}/out/{rel} {part}"), &text);
            }
        }
    }
    (books, chinese)
}

/// `A`, `B`, …, `Z`, `AA`, … for column index `c` (from 0).
fn column_name(mut c: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(char::from(b'A' + u8::try_from(c % 26).unwrap_or(0)));
        if c < 26 {
            break;
        }
        c = c / 26 - 1;
    }
    s.iter().rev().collect()
}

#[test]
fn the_check_sees_chinese_labels_and_passes_data() {
    let data = vec!["北京京西队".to_string(), "诺富特".to_string()];
    assert_eq!(residue("结算：应缴", &data), "结算：应缴");
    assert_eq!(residue("board and lodging 诺富特 双人间", &data), "双人间");
    assert_eq!(residue("北京京西队 (H)", &data), "");
    assert_eq!(residue("title \"象棋大师\" excluded", &data), "");
    assert_eq!(
        residue("李杰哲（浙江省）", &["李杰哲".into(), "浙江省".into()]),
        ""
    );
    assert_eq!(residue("page 1 of 3", &data), "");
    assert_eq!(column_name(0), "A");
    assert_eq!(column_name(27), "AB");
}
