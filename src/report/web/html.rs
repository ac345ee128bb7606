//! `out/web/index.html`: one page, inline CSS, no script and no external asset, laid out for a
//! phone (viewport meta; each table scrolls sideways in its own box, the page does not).
//!
//! Each table has an id that says what it is: `standings-<section>`, `round-<section>`,
//! `crosstable-<section>` (the section id as in the picture names).

use std::fmt::Write as _;

use super::{Block, Page, file_part};
use crate::Lang;
use crate::report::tables::TextTable;

/// The page's style: system fonts, compact tables with a sticky-free header, each table in a
/// box that scrolls sideways.
const CSS: &str = "\
body{margin:0;padding:8px;font-family:system-ui,-apple-system,\"PingFang SC\",\"Noto Sans CJK SC\",\"WenQuanYi Zen Hei\",sans-serif;font-size:15px;line-height:1.4;color:#111;background:#fff}
h1{font-size:20px;margin:4px 0}
h2{font-size:18px;margin:20px 0 4px;padding-top:6px;border-top:2px solid #333}
h3{font-size:15px;margin:12px 0 4px}
p.sub{margin:0 0 8px;color:#555}
nav a{margin-right:12px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:14px}
th,td{border:1px solid #bbb;padding:3px 6px;white-space:nowrap;text-align:left}
th{background:#e8e8e8}
td.c{text-align:center}
td.w{white-space:normal;min-width:6em}
tbody tr:nth-child(even){background:#f6f6f6}
p.none{color:#555}
";

/// The page as HTML.
pub fn render(page: &Page, lang: Lang) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        lang.pick("zh-CN", "en"),
        esc(&page.title),
        esc(&page.title)
    );
    if !page.subtitle.is_empty() {
        let _ = writeln!(h, "<p class=\"sub\">{}</p>", esc(&page.subtitle));
    }
    if page.sections.len() > 1 {
        h.push_str("<nav>");
        for s in &page.sections {
            let _ = write!(
                h,
                "<a href=\"#s-{}\">{}</a>",
                file_part(&s.id),
                esc(&s.name)
            );
        }
        h.push_str("</nav>\n");
    }
    for s in &page.sections {
        let id = file_part(&s.id);
        let _ = writeln!(h, "<section id=\"s-{id}\">\n<h2>{}</h2>", esc(&s.name));
        let none = lang.pick("尚无成绩", "no results yet");
        block(
            &mut h,
            s.standings.as_ref(),
            &format!("standings-{id}"),
            none,
        );
        if let Some(r) = &s.round {
            let _ = writeln!(h, "<h3>{}</h3>", esc(&r.title));
            table(&mut h, &r.boards, &format!("round-{id}"));
        }
        if let Some(c) = &s.crosstable {
            block(&mut h, Some(c), &format!("crosstable-{id}"), none);
        }
        h.push_str("</section>\n");
    }
    h.push_str("</body>\n</html>\n");
    h
}

fn block(h: &mut String, b: Option<&Block>, id: &str, none: &str) {
    match b {
        Some(b) => {
            let _ = writeln!(h, "<h3>{}</h3>", esc(&b.title));
            table(h, &b.table, id);
        }
        None => {
            let _ = writeln!(h, "<p class=\"none\">{}</p>", esc(none));
        }
    }
}

fn table(h: &mut String, t: &TextTable, id: &str) {
    let _ = write!(h, "<div class=\"scroll\"><table id=\"{id}\">\n<thead><tr>");
    for c in &t.headers {
        let _ = write!(h, "<th>{}</th>", esc(c));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for r in &t.rows {
        h.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            // Centred (places, scores); wrapped (the notes, which would widen the table).
            let class = match (t.centred.contains(&i), t.wrapped.contains(&i)) {
                (true, true) => " class=\"c w\"",
                (true, false) => " class=\"c\"",
                (false, true) => " class=\"w\"",
                (false, false) => "",
            };
            let _ = write!(h, "<td{class}>{}</td>", esc(&c.text()));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody></table></div>\n");
}

/// Text as HTML: `&`, `<`, `>`, `"` escaped, line breaks as `<br>`.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\n' => out.push_str("<br>"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::web::Section;

    #[test]
    fn cells_are_escaped_and_tables_scroll_in_their_box() {
        let page = Page {
            title: "A&B <杯>".into(),
            subtitle: "2025-01-01 至 2025-01-02".into(),
            sections: vec![Section {
                id: "team".into(),
                name: "团体赛".into(),
                standings: Some(Block {
                    title: "第1轮后排名".into(),
                    table: TextTable {
                        headers: vec!["名次".into(), "队名".into()],
                        rows: vec![vec!["1".into(), "\"甲\"队\n二".into()]],
                        centred: vec![0],
                        ..Default::default()
                    },
                }),
                round: None,
                crosstable: None,
                picture_columns: vec![0, 1],
            }],
        };
        let h = render(&page, Lang::Zh);
        assert!(h.contains("<title>A&amp;B &lt;杯&gt;</title>"));
        assert!(h.contains(
            "<div class=\"scroll\"><table id=\"standings-team\">\n<thead><tr><th>名次</th><th>队名</th></tr></thead>\n<tbody>\n<tr><td class=\"c\">1</td><td>&quot;甲&quot;队<br>二</td></tr>\n"
        ));
        assert!(
            h.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        );
        assert!(!h.contains("<script") && !h.contains("src=") && !h.contains("<link"));
        // One section: no navigation.
        assert!(!h.contains("<nav>"));
    }
}
