//! The pictures for chat groups: a table drawn as SVG (title, subtitle, a header row, at most
//! [`PICTURE_ROWS`] rows, a note when rows were left out) and rendered to PNG by resvg.
//!
//! Text needs a CJK font: [`system_cjk_font`] looks through the system's fonts (fontdb, as usvg
//! loads them) for one that has the characters of the tables, preferring the families Chinese
//! systems ship (文泉驿正黑, Noto Sans CJK SC, 思源黑体 …), and the picture is rendered with a
//! font database holding that one face only, so that the same input and the same font give the
//! same bytes.

use std::sync::Arc;

use resvg::tiny_skia;
use resvg::usvg::{self, fontdb};
use skrifa::MetadataProvider;

use super::PICTURE_ROWS;
use crate::Lang;
use crate::report::style::display_width;
use crate::report::tables::TextTable;

/// Families tried first, in this order (then any other face with the characters): Linux's,
/// then Windows' (微软雅黑, 黑体, 宋体).
const PREFERRED: [&str; 11] = [
    "WenQuanYi Zen Hei",
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "Source Han Sans CN",
    "WenQuanYi Micro Hei",
    "Droid Sans Fallback",
    "Noto Sans SC",
    "AR PL UMing CN",
    "Microsoft YaHei",
    "SimHei",
    "SimSun",
];

/// Characters a face must have to draw the tables.
const PROBE: &str = "中国际象棋队名次第轮后排对阵成绩积分胜和负组男女台0123456789";

/// Words in a family name that mark a face worth checking for the characters.
const HINTS: [&str; 12] = [
    "CJK",
    "Hei",
    "Song",
    "Kai",
    "Ming",
    "Han Sans",
    "Han Serif",
    "WenQuanYi",
    "Fallback",
    "SimSun",
    "PingFang",
    "Fang",
];

/// A CJK font: a database of one face and its family name.
#[derive(Clone)]
pub struct Font {
    db: Arc<fontdb::Database>,
    /// The family the pictures name.
    pub family: String,
}

impl std::fmt::Debug for Font {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Font")
            .field("family", &self.family)
            .finish()
    }
}

/// The system's CJK font (see the module's notes), or `None` when it has none.
pub fn system_cjk_font() -> Option<Font> {
    let mut db = fontdb::Database::new();
    db.load_system_fonts();
    let id = pick(&db)?;
    // SAFETY: the font file is mapped, not read: a CJK font is 17-20 MB, which a copy would add
    // to the run's memory. A mapping is undefined behaviour only if another process changes the
    // file while it is mapped; system fonts are replaced (a new file renamed over the old one),
    // not written in place, and the mapping lives only as long as this run.
    let (data, _) = unsafe { db.make_shared_face_data(id) }?;
    font_of(fontdb::Source::Binary(data))
}

/// The CJK face of `db`: a preferred family first, a regular weight and upright style before
/// others, then by family name and source, among the faces that have [`PROBE`]'s characters.
fn pick(db: &fontdb::Database) -> Option<fontdb::ID> {
    let key = |f: &fontdb::FaceInfo| {
        let family = f.families.first().map(|x| x.0.clone()).unwrap_or_default();
        let rank = f
            .families
            .iter()
            .filter_map(|(n, _)| PREFERRED.iter().position(|p| p == n))
            .min()
            .unwrap_or(PREFERRED.len());
        let weight = (i32::from(f.weight.0) - 400).unsigned_abs();
        let italic = f.style != fontdb::Style::Normal;
        (
            rank,
            italic,
            weight,
            family,
            source_name(&f.source),
            f.index,
        )
    };
    let hinted = |f: &fontdb::FaceInfo| {
        f.families.iter().any(|(n, _)| {
            PREFERRED.contains(&n.as_str())
                || HINTS.iter().any(|h| n.contains(h))
                || n.chars().any(|c| display_width(&c.to_string()) == 2)
        })
    };
    let mut faces: Vec<&fontdb::FaceInfo> = db.faces().filter(|f| hinted(f)).collect();
    if faces.is_empty() {
        faces = db.faces().collect();
    }
    faces.sort_by_key(|f| key(f));
    faces
        .into_iter()
        .find(|f| db.with_face_data(f.id, covers).unwrap_or(false))
        .map(|f| f.id)
}

/// A database of the one font file `source` and the family of its first face.
fn font_of(source: fontdb::Source) -> Option<Font> {
    let mut one = fontdb::Database::new();
    one.load_font_source(source);
    let family = one.faces().next()?.families.first()?.0.clone();
    Some(Font {
        db: Arc::new(one),
        family,
    })
}

/// A face's source as a sort key (its path, or nothing for data in memory).
fn source_name(s: &fontdb::Source) -> String {
    match s {
        fontdb::Source::File(p) => p.display().to_string(),
        _ => String::new(),
    }
}

/// Whether the face `index` of the font file `data` maps every character of [`PROBE`].
fn covers(data: &[u8], index: u32) -> bool {
    let Ok(font) = skrifa::FontRef::from_index(data, index) else {
        return false;
    };
    let map = font.charmap();
    PROBE.chars().all(|c| map.map(c).is_some())
}

/// What a picture shows.
#[derive(Debug, Clone, Copy)]
pub struct Picture<'a> {
    /// The first line (event and section).
    pub title: &'a str,
    /// The second line (`第9轮后排名`).
    pub subtitle: &'a str,
    /// The table (cut to [`PICTURE_ROWS`] rows here).
    pub table: &'a TextTable,
    /// Language of the note on rows left out.
    pub lang: Lang,
}

/// The columns `keep` of `t` (all of them when `keep` is empty), in that order.
pub fn columns(t: &TextTable, keep: &[usize]) -> TextTable {
    if keep.is_empty() {
        return t.clone();
    }
    let pick = |row: &[String]| -> Vec<String> {
        keep.iter()
            .map(|&c| row.get(c).cloned().unwrap_or_default())
            .collect()
    };
    TextTable {
        headers: pick(&t.headers),
        rows: t.rows.iter().map(|r| pick(r)).collect(),
        centred: keep
            .iter()
            .enumerate()
            .filter(|(_, c)| t.centred.contains(c))
            .map(|(i, _)| i)
            .collect(),
        ..Default::default()
    }
}

/// The line under a table cut to `shown` rows (empty when nothing was left out).
fn note(p: &Picture<'_>, shown: usize) -> String {
    let all = p.table.rows.len();
    if all <= shown {
        return String::new();
    }
    match p.lang {
        Lang::Zh => format!("仅显示前 {shown} 行（共 {all} 行），完整表格见成绩网页"),
        Lang::En => format!("first {shown} of {all} rows: the full table is on the results page"),
    }
}

/// Font size of the note, in pixels.
const NOTE_PX: u32 = 20;
/// Pixel sizes of the drawing.
const MARGIN: u32 = 24;
const BODY_PX: u32 = 26;
const TITLE_PX: u32 = 30;
const ROW_PX: u32 = 44;
/// Horizontal padding in a cell, each side.
const PAD: u32 = 12;

/// The picture's size in pixels: width, height.
pub fn size(p: &Picture<'_>) -> (u32, u32) {
    let l = layout(p);
    (l.width, l.height)
}

struct Layout {
    width: u32,
    height: u32,
    /// Left edge of each column, and the table's right edge last.
    xs: Vec<u32>,
    /// Top of the header row.
    table_top: u32,
    /// Rows shown.
    shown: usize,
}

/// Width of text in pixels at `px` (汉字 one em, others half).
fn text_px(s: &str, px: u32) -> u32 {
    // Cells are bounded (SPEC §9), but a width never overflows.
    u32::try_from(display_width(s))
        .unwrap_or(u32::MAX)
        .saturating_mul(px)
        / 2
}

fn layout(p: &Picture<'_>) -> Layout {
    let t = p.table;
    let shown = t.rows.len().min(PICTURE_ROWS);
    let mut widths: Vec<u32> = t
        .headers
        .iter()
        .map(|h| text_px(&one_line(h), BODY_PX) + 2 * PAD)
        .collect();
    for r in t.rows.iter().take(shown) {
        for (i, c) in r.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(text_px(&one_line(c), BODY_PX) + 2 * PAD);
            }
        }
    }
    let table_w: u32 = widths.iter().sum();
    // The bold title a tenth wider than the plain text the estimate is for.
    let heading_w = (text_px(p.title, TITLE_PX) * 11 / 10)
        .min(4000)
        .max(text_px(p.subtitle, BODY_PX).min(4000))
        .max(text_px(&note(p, shown), NOTE_PX));
    let inner = table_w.max(heading_w).max(480);
    let width = inner + 2 * MARGIN;
    let left = MARGIN + (inner - table_w) / 2;
    let mut xs = vec![left];
    for w in &widths {
        let last = xs.last().copied().unwrap_or(left);
        xs.push(last + w);
    }
    let table_top = MARGIN + TITLE_PX + 16 + BODY_PX + 20;
    let rows = u32::try_from(shown).unwrap_or(0) + 1;
    let note = if t.rows.len() > shown { ROW_PX } else { 0 };
    let height = table_top + rows * ROW_PX + note + MARGIN;
    Layout {
        width,
        height,
        xs,
        table_top,
        shown,
    }
}

/// Widest a cell's text is drawn, in terminal columns (汉字 count two); longer text ends in `…`.
const MAX_CELL_COLUMNS: usize = 40;

/// A cell's text as drawn: on one line, at most [`MAX_CELL_COLUMNS`] wide.
fn one_line(s: &str) -> String {
    let line = s.replace('\n', " ");
    if display_width(&line) <= MAX_CELL_COLUMNS {
        return line;
    }
    let mut out = String::new();
    for c in line.chars() {
        if display_width(&out) + display_width(&c.to_string()) > MAX_CELL_COLUMNS - 2 {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

/// Text as SVG character data, on one line.
fn xml(s: &str) -> String {
    s.replace('\n', " ")
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The picture as SVG, its text in `family`.
pub fn svg(p: &Picture<'_>, family: &str) -> String {
    use std::fmt::Write as _;
    let l = layout(p);
    let t = p.table;
    let fam = xml(family).replace('"', "&quot;");
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{fam}\">\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>",
        w = l.width,
        h = l.height
    );
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"{}\" font-size=\"{TITLE_PX}\" font-weight=\"bold\" fill=\"#111111\">{}</text>",
        MARGIN,
        MARGIN + TITLE_PX,
        xml(p.title)
    );
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"{}\" font-size=\"{BODY_PX}\" fill=\"#444444\">{}</text>",
        MARGIN,
        MARGIN + TITLE_PX + 16 + BODY_PX,
        xml(p.subtitle)
    );
    let (left, right) = (
        l.xs.first().copied().unwrap_or(MARGIN),
        l.xs.last().copied().unwrap_or(MARGIN),
    );
    let rows: Vec<&Vec<String>> = std::iter::once(&t.headers)
        .chain(t.rows.iter().take(l.shown))
        .collect();
    for (i, row) in rows.iter().enumerate() {
        let top = l.table_top + u32::try_from(i).unwrap_or(0) * ROW_PX;
        let fill = match i {
            0 => Some("#e3e3e3"),
            n if n % 2 == 0 => Some("#f4f4f4"),
            _ => None,
        };
        if let Some(f) = fill {
            let _ = write!(
                s,
                "<rect x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{ROW_PX}\" fill=\"{f}\"/>",
                right - left
            );
        }
        let weight = if i == 0 { " font-weight=\"bold\"" } else { "" };
        let base = top + ROW_PX / 2 + BODY_PX * 9 / 25;
        for (c, text) in row.iter().enumerate() {
            let (Some(&x0), Some(&x1)) = (l.xs.get(c), l.xs.get(c + 1)) else {
                continue;
            };
            let (x, anchor) = if t.centred.contains(&c) || i == 0 {
                ((x0 + x1) / 2, "middle")
            } else {
                (x0 + PAD, "start")
            };
            let _ = write!(
                s,
                "<text x=\"{x}\" y=\"{base}\" font-size=\"{BODY_PX}\" text-anchor=\"{anchor}\" fill=\"#111111\"{weight}>{}</text>",
                xml(&one_line(text))
            );
        }
    }
    // Grid: horizontal lines, then the column lines.
    let bottom = l.table_top + u32::try_from(rows.len()).unwrap_or(0) * ROW_PX;
    let mut path = String::new();
    for i in 0..=rows.len() {
        let y = l.table_top + u32::try_from(i).unwrap_or(0) * ROW_PX;
        let _ = write!(path, "M{left} {y}.5H{right}");
    }
    for x in &l.xs {
        let _ = write!(path, "M{x}.5 {}V{bottom}", l.table_top);
    }
    let _ = write!(
        s,
        "<path d=\"{path}\" stroke=\"#999999\" stroke-width=\"1\" fill=\"none\"/>"
    );
    let note = note(p, l.shown);
    if !note.is_empty() {
        let _ = write!(
            s,
            "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"{NOTE_PX}\" fill=\"#444444\">{}</text>",
            bottom + ROW_PX * 3 / 4,
            xml(&note)
        );
    }
    s.push_str("</svg>");
    s
}

/// The picture as PNG bytes, its text in `font`.
///
/// # Errors
///
/// The renderer's message when the SVG cannot be parsed or the pixmap not made (neither happens
/// with the SVG [`svg`] writes, short of memory).
pub fn png(p: &Picture<'_>, font: &Font) -> Result<Vec<u8>, String> {
    let opt = usvg::Options {
        font_family: font.family.clone(),
        fontdb: font.db.clone(),
        languages: vec![p.lang.pick("zh-CN", "en").to_string()],
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(&svg(p, &font.family), &opt).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| "picture too large".to_string())?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    encode(&pixmap)
}

/// The PNG of a rendered picture. The pictures have a white background, so every pixel is
/// opaque, and they are drawn in black and greys: they are written as 8-bit greyscale (a third
/// of the bytes of RGB, a quarter of RGBA) at deflate level 2 with adaptive row filters. On a
/// 872 × 1548 pairings picture the default (RGBA, level 6) took 76 ms for 201 KB, RGB at level 2
/// 22 ms for 233 KB; png's `Compression::Fast` is quicker still but triples the size. The pixels
/// decode to the same colours. A picture with a coloured pixel is written as RGB, one with a
/// transparent pixel (none is drawn so) by tiny-skia as RGBA.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, String> {
    let data = pixmap.data();
    let mut grey = true;
    for px in data.chunks_exact(4) {
        match px {
            [r, g, b, 255] => grey &= r == g && g == b,
            _ => return pixmap.encode_png().map_err(|e| e.to_string()),
        }
    }
    let (colour, pixels): (png::ColorType, Vec<u8>) = if grey {
        let g = data
            .chunks_exact(4)
            .filter_map(|px| px.first().copied())
            .collect();
        (png::ColorType::Grayscale, g)
    } else {
        let mut rgb = Vec::with_capacity(data.len() / 4 * 3);
        for px in data.chunks_exact(4) {
            rgb.extend(px.iter().take(3));
        }
        (png::ColorType::Rgb, rgb)
    };
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(colour);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::Level(2));
    encoder.set_filter(png::Filter::Adaptive);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer
        .write_image_data(&pixels)
        .map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(n: usize) -> TextTable {
        TextTable {
            headers: vec!["名次".into(), "队名".into(), "积分".into()],
            rows: (1..=n)
                .map(|i| vec![i.to_string(), format!("第{i}队"), "7.5".into()])
                .collect(),
            centred: vec![0, 2],
            ..Default::default()
        }
    }

    #[test]
    fn long_tables_are_cut_with_a_note_and_columns_picked() {
        let t = table(45);
        let p = Picture {
            title: "测试赛 团体赛",
            subtitle: "第9轮后排名",
            table: &t,
            lang: Lang::Zh,
        };
        let s = svg(&p, "WenQuanYi Zen Hei");
        assert!(s.contains(">第30队<") && !s.contains(">第31队<"));
        assert!(s.contains(">仅显示前 30 行（共 45 行），完整表格见成绩网页<"));
        // Title, subtitle, 31 rows of 3 cells, the note.
        assert_eq!(s.matches("<text ").count(), 2 + 31 * 3 + 1);
        // 24 + 30 + 16 + 26 + 20 = 116 to the table, 31 rows of 44, the note's 44, 24 under.
        assert_eq!(size(&p).1, 116 + 31 * 44 + 44 + 24);
        assert_eq!(one_line(&"长".repeat(30)), format!("{}…", "长".repeat(19)));
        assert_eq!(one_line("一\n二"), "一 二");
        let c = columns(&t, &[1, 0]);
        assert_eq!(c.headers, vec!["队名".to_string(), "名次".to_string()]);
        assert_eq!(c.rows[2], vec!["第3队".to_string(), "3".to_string()]);
        assert_eq!(c.centred, vec![1]);
    }

    #[test]
    fn an_empty_font_database_has_no_cjk_font() {
        assert!(pick(&fontdb::Database::new()).is_none());
    }
}
