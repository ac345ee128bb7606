//! The pictures for chat groups: a table (title, subtitle, a header row, at most
//! [`PICTURE_ROWS`] rows, a note when rows were left out) laid out as a [`Scene`] and drawn
//! into grey pixels by [`super::raster`].
//!
//! Text needs a CJK font: [`system_cjk_font`] looks through the system's fonts (fontdb) for one
//! that has the characters of the tables, preferring the families Chinese systems ship (文泉驿正黑,
//! Noto Sans CJK SC, 思源黑体 …), and every text is drawn in that one face, so that the same
//! input and the same font give the same bytes.

use std::sync::Arc;

use skrifa::MetadataProvider;

use super::PICTURE_ROWS;
use super::raster::{Anchor, Rect, Scene, Text};
use crate::Lang;
use crate::report::cell::{Cell, texts};
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

/// A CJK font: the data of its file, the face in it and its family name.
#[derive(Clone)]
pub struct Font {
    data: Arc<dyn AsRef<[u8]> + Send + Sync>,
    index: u32,
    /// The face's family.
    pub family: String,
    /// The glyphs rasterised so far, for every picture drawn with this face.
    glyphs: Arc<super::raster::Glyphs>,
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
    let (data, index) = unsafe { db.make_shared_face_data(id) }?;
    let family = db.face(id)?.families.first()?.0.clone();
    Some(Font {
        data,
        index,
        family,
        glyphs: Arc::default(),
    })
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
    fn pick<T: Clone + Default>(row: &[T], keep: &[usize]) -> Vec<T> {
        keep.iter()
            .map(|&c| row.get(c).cloned().unwrap_or_default())
            .collect()
    }
    TextTable {
        headers: pick(&t.headers, keep),
        rows: t.rows.iter().map(|r| pick(r, keep)).collect(),
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

/// Width of every picture, in pixels: WeChat's (issue 45), sharp on a 3× phone. A picture is
/// laid out at [`BASE`] sizes, then every size is scaled so that it is this wide.
pub const PICTURE_WIDTH: u32 = 1080;

/// The pixel sizes of a drawing: margin, font sizes, row height and cell padding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dims {
    margin: u32,
    body: u32,
    title: u32,
    row: u32,
    /// Horizontal padding in a cell, each side.
    pad: u32,
    /// Font size of the note.
    note: u32,
    /// Gap between the title and the subtitle.
    gap: u32,
    /// Gap between the subtitle and the table.
    under: u32,
}

/// The sizes a picture is laid out at before it is scaled to [`PICTURE_WIDTH`].
const BASE: Dims = Dims {
    margin: 24,
    body: 26,
    title: 30,
    row: 44,
    pad: 12,
    note: 20,
    gap: 16,
    under: 20,
};

impl Dims {
    /// Every size times `num / den` (rounded down, at least 1).
    fn scaled(self, num: u32, den: u32) -> Dims {
        let f = |v: u32| {
            u32::try_from(u64::from(v) * u64::from(num) / u64::from(den.max(1)))
                .unwrap_or(v)
                .max(1)
        };
        Dims {
            margin: f(self.margin),
            body: f(self.body),
            title: f(self.title),
            row: f(self.row),
            pad: f(self.pad),
            note: f(self.note),
            gap: f(self.gap),
            under: f(self.under),
        }
    }

    /// Top of the table: the margin, the title, the gap, the subtitle and the gap under it.
    fn table_top(self) -> u32 {
        self.margin + self.title + self.gap + self.body + self.under
    }
}

/// Greys of the picture (0 black, 255 white).
const WHITE: u8 = 0xff;
const HEADER_FILL: u8 = 0xe3;
const STRIPE_FILL: u8 = 0xf4;
const GRID: u8 = 0x99;
const INK: u8 = 0x11;
const GREY_INK: u8 = 0x44;

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
    /// The sizes drawn at.
    d: Dims,
}

/// Width of text in pixels at `px` (汉字 one em, others half; the `…` ending a cut cell one em,
/// as CJK fonts draw it).
fn text_px(s: &str, px: u32) -> u32 {
    // Cells are bounded (SPEC §9), but a width never overflows.
    u32::try_from(display_width(s) + s.matches('…').count())
        .unwrap_or(u32::MAX)
        .saturating_mul(px)
        / 2
}

/// The layout at [`BASE`] sizes scaled to [`PICTURE_WIDTH`], centred in it.
fn layout(p: &Picture<'_>) -> Layout {
    let natural = layout_at(p, BASE);
    let mut l = layout_at(p, BASE.scaled(PICTURE_WIDTH, natural.width));
    // Rounded down, the scaled layout is at most as wide: the rest is shared by the margins.
    if l.width < PICTURE_WIDTH {
        let shift = (PICTURE_WIDTH - l.width) / 2;
        for x in &mut l.xs {
            *x += shift;
        }
        l.width = PICTURE_WIDTH;
    }
    l
}

fn layout_at(p: &Picture<'_>, d: Dims) -> Layout {
    let t = p.table;
    let shown = t.rows.len().min(PICTURE_ROWS);
    let mut widths: Vec<u32> = t
        .headers
        .iter()
        .map(|h| text_px(&one_line(h), d.body) + 2 * d.pad)
        .collect();
    for r in t.rows.iter().take(shown) {
        for (i, c) in r.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(text_px(&one_line(&c.text()), d.body) + 2 * d.pad);
            }
        }
    }
    let table_w: u32 = widths.iter().sum();
    // The bold title a tenth wider than the plain text the estimate is for.
    let heading_w = (text_px(p.title, d.title) * 11 / 10)
        .min(4000)
        .max(text_px(p.subtitle, d.body).min(4000))
        .max(text_px(&note(p, shown), d.note));
    let inner = table_w.max(heading_w).max(480);
    let width = inner + 2 * d.margin;
    let left = d.margin + (inner - table_w) / 2;
    let mut xs = vec![left];
    for w in &widths {
        let last = xs.last().copied().unwrap_or(left);
        xs.push(last + w);
    }
    let table_top = d.table_top();
    let rows = u32::try_from(shown).unwrap_or(0) + 1;
    let note = if t.rows.len() > shown { d.row } else { 0 };
    let height = table_top + rows * d.row + note + d.margin;
    Layout {
        width,
        height,
        xs,
        table_top,
        shown,
        d,
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

/// The picture laid out: the background, the header row's and every other row's fill, the grid
/// (one pixel wide), then the title, the subtitle, the cells and the note.
pub fn scene(p: &Picture<'_>) -> Scene {
    let l = layout(p);
    let d = l.d;
    let t = p.table;
    let mut scene = Scene {
        width: l.width,
        height: l.height,
        ..Scene::default()
    };
    let rect = |x, y, w, h, grey| Rect { x, y, w, h, grey };
    scene.rects.push(rect(0, 0, l.width, l.height, WHITE));
    let text = |x, baseline, px, anchor, grey, text| Text {
        x,
        baseline,
        px,
        anchor,
        grey,
        text,
    };
    // The title and subtitle on one line, whole; a cell's text cut to its width.
    let whole = |s: &str| s.replace('\n', " ");
    let (title_y, subtitle_y) = (d.margin + d.title, d.margin + d.title + d.gap + d.body);
    scene.texts.push(text(
        d.margin,
        title_y,
        d.title,
        Anchor::Start,
        INK,
        whole(p.title),
    ));
    scene.texts.push(text(
        d.margin,
        subtitle_y,
        d.body,
        Anchor::Start,
        GREY_INK,
        whole(p.subtitle),
    ));
    let (left, right) = (
        l.xs.first().copied().unwrap_or(d.margin),
        l.xs.last().copied().unwrap_or(d.margin),
    );
    let header = texts(t.headers.clone());
    let rows: Vec<&Vec<Cell>> = std::iter::once(&header)
        .chain(t.rows.iter().take(l.shown))
        .collect();
    for (i, row) in rows.iter().enumerate() {
        let top = l.table_top + u32::try_from(i).unwrap_or(0) * d.row;
        let fill = match i {
            0 => Some(HEADER_FILL),
            n if n % 2 == 0 => Some(STRIPE_FILL),
            _ => None,
        };
        if let Some(f) = fill {
            scene.rects.push(rect(left, top, right - left, d.row, f));
        }
        let base = top + d.row / 2 + d.body * 9 / 25;
        for (c, cell) in row.iter().enumerate() {
            let (Some(&x0), Some(&x1)) = (l.xs.get(c), l.xs.get(c + 1)) else {
                continue;
            };
            let (x, anchor) = if t.centred.contains(&c) || i == 0 {
                ((x0 + x1) / 2, Anchor::Middle)
            } else {
                (x0 + d.pad, Anchor::Start)
            };
            scene
                .texts
                .push(text(x, base, d.body, anchor, INK, one_line(&cell.text())));
        }
    }
    // Grid, one pixel wide: a line over each row and under the last, then a line left of each
    // column and at the table's right edge.
    let bottom = l.table_top + u32::try_from(rows.len()).unwrap_or(0) * d.row;
    for i in 0..=rows.len() {
        let y = l.table_top + u32::try_from(i).unwrap_or(0) * d.row;
        scene.rects.push(rect(left, y, right - left, 1, GRID));
    }
    for &x in &l.xs {
        scene
            .rects
            .push(rect(x, l.table_top, 1, bottom - l.table_top, GRID));
    }
    let note = note(p, l.shown);
    if !note.is_empty() {
        let y = bottom + d.row * 3 / 4;
        scene
            .texts
            .push(text(d.margin, y, d.note, Anchor::Start, GREY_INK, note));
    }
    scene
}

/// The picture as PNG bytes, its text in `font`.
///
/// # Errors
///
/// A message when the font cannot be read or the picture is too large to allocate.
pub fn png(p: &Picture<'_>, font: &Font) -> Result<Vec<u8>, String> {
    let scene = scene(p);
    let pixels = super::raster::draw(&scene, (*font.data).as_ref(), font.index, &font.glyphs)
        .ok_or_else(|| {
            format!(
                "the font {} cannot be read, or the picture is too large",
                font.family
            )
        })?;
    encode(&pixels, scene.width, scene.height)
}

/// The PNG of grey pixels: 8-bit greyscale (a third of the bytes of RGB, a quarter of RGBA) at
/// deflate level 2 without row filters. On a 872 × 1548 pairings picture the default (RGBA,
/// level 6, adaptive filters) took 76 ms for 201 KB; greyscale at level 2 takes 6.1 ms for
/// 138 KB with adaptive filters and 4.5 ms for 130 KB without (flat greys and repeated glyphs
/// are what deflate finds anyway); png's ultra-fast deflate takes 1.7 ms for 392 KB.
fn encode(pixels: &[u8], width: u32, height: u32) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::Level(2));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(pixels).map_err(|e| e.to_string())?;
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
                .map(|i| vec![i.into(), format!("第{i}队").into(), "7.5".into()])
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
        let s = scene(&p);
        let texts: Vec<&str> = s.texts.iter().map(|t| t.text.as_str()).collect();
        assert!(texts.contains(&"第30队") && !texts.contains(&"第31队"));
        assert_eq!(
            texts.last(),
            Some(&"仅显示前 30 行（共 45 行），完整表格见成绩网页")
        );
        // Title, subtitle, 31 rows of 3 cells, the note.
        assert_eq!(texts.len(), 2 + 31 * 3 + 1);
        // At base sizes 24 + 30 + 16 + 26 + 20 = 116 to the table, 31 rows of 44, the note's 44,
        // 24 under; 528 px wide (the narrowest, 480 inside the margins), all scaled by 1080/528.
        assert_eq!(layout_at(&p, BASE).width, 528);
        assert_eq!(
            BASE.scaled(1080, 528),
            Dims {
                margin: 49,
                body: 53,
                title: 61,
                row: 90,
                pad: 24,
                note: 40,
                gap: 32,
                under: 40,
            }
        );
        assert_eq!(size(&p), (1080, 235 + 31 * 90 + 90 + 49));
        assert_eq!(one_line(&"长".repeat(30)), format!("{}…", "长".repeat(19)));
        assert_eq!(one_line("一\n二"), "一 二");
        let c = columns(&t, &[1, 0]);
        assert_eq!(c.headers, vec!["队名".to_string(), "名次".to_string()]);
        assert_eq!(c.rows[2], vec!["第3队".to_string(), "3".to_string()]);
        assert_eq!(c.centred, vec![1]);
    }

    #[test]
    fn glyphs_are_drawn_one_em_apart_and_the_middle_anchor_centres_the_text() {
        let Some(font) = system_cjk_font() else {
            eprintln!("no CJK font here (CI installs fonts-wqy-zenhei): not checked");
            return;
        };
        let (w, h) = (140usize, 40usize);
        let scene = |x, anchor| Scene {
            width: w as u32,
            height: h as u32,
            rects: Vec::new(),
            texts: vec![Text {
                x,
                baseline: 32,
                px: 26,
                anchor,
                grey: 0,
                text: "中中".into(),
            }],
        };
        let draw = |s: &Scene| {
            super::super::raster::draw(s, (*font.data).as_ref(), font.index, &font.glyphs)
                .expect("drawn")
        };
        let start = draw(&scene(10, Anchor::Start));
        // A 汉字 is one em wide: the second is the first drawn 26 pixels to the right, pixel for
        // pixel, and nothing is drawn outside the two ems.
        let at = |x: usize, y: usize| start[y * w + x];
        for y in 0..h {
            for x in 10..36 {
                assert_eq!(at(x, y), at(x + 26, y), "pixel ({x}, {y})");
            }
            assert!((0..10).chain(62..w).all(|x| at(x, y) == 255), "row {y}");
        }
        assert!(start.iter().filter(|&&g| g < 128).count() > 60, "ink drawn");
        // Two ems centred on 36 start at 10.
        assert_eq!(draw(&scene(36, Anchor::Middle)), start);
    }

    #[test]
    fn a_picture_is_the_same_whatever_the_pictures_drawn_before_it_with_the_font() {
        let Some(font) = system_cjk_font() else {
            eprintln!("no CJK font here (CI installs fonts-wqy-zenhei): not checked");
            return;
        };
        let scene = |text: &str, x| Scene {
            width: 200,
            height: 60,
            rects: Vec::new(),
            texts: vec![Text {
                x,
                baseline: 40,
                px: 24,
                anchor: Anchor::Start,
                grey: 40,
                text: text.into(),
            }],
        };
        let draw = |font: &Font, text: &str, x| {
            super::super::raster::draw(
                &scene(text, x),
                (*font.data).as_ref(),
                font.index,
                &font.glyphs,
            )
        };
        // Drawn alone, with glyphs rasterised for it only.
        let fresh = system_cjk_font().expect("the same font");
        let alone = draw(&fresh, "王静 李磊", 7).expect("drawn");
        // Other pictures sharing its glyphs (王, 李, at other origins too) drawn first, on two
        // threads at once, then the picture itself.
        std::thread::scope(|s| {
            for (text, x) in [("王李 静", 7), ("李王磊", 9)] {
                let font = &font;
                s.spawn(move || draw(font, text, x));
            }
        });
        let after = draw(&font, "王静 李磊", 7).expect("drawn");
        assert_eq!(after, alone);
        assert!(
            after.iter().filter(|&&g| g < 128).count() > 100,
            "ink drawn"
        );
    }

    #[test]
    fn an_empty_font_database_has_no_cjk_font() {
        assert!(pick(&fontdb::Database::new()).is_none());
    }
}
