//! Drawing a picture's [`Scene`] into 8-bit grey pixels: rectangles filled, text laid out with
//! the font's advances and each glyph rasterised once per font and size (tiny-skia's
//! anti-aliased fill of the outline skrifa gives, kept in [`Glyphs`] for every picture drawn
//! with the font) and then blended wherever it occurs.
//!
//! A picture holds about a thousand glyphs of a few hundred kinds; filling each outline where it
//! occurs (as an SVG renderer does) took 60% of a picture's time. Glyph origins are kept to a
//! quarter pixel, so a glyph has at most four masks. Every colour is a grey, so the pixels are
//! one byte each and the PNG is greyscale. The same scene and the same font give the same
//! pixels.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, GlyphId, MetadataProvider};
use tiny_skia::{FillRule, Mask, PathBuilder, Transform};

/// How a text is placed on its x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// Its start at x.
    Start,
    /// Its middle at x.
    Middle,
}

/// One line of text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    /// Where it is placed, with [`Self::anchor`].
    pub x: u32,
    /// Its baseline.
    pub baseline: u32,
    /// Font size in pixels.
    pub px: u32,
    /// How `x` places it.
    pub anchor: Anchor,
    /// Its grey (0 black, 255 white).
    pub grey: u8,
    /// The text, on one line.
    pub text: String,
}

/// A filled rectangle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
    /// Its grey.
    pub grey: u8,
}

/// What a picture draws, in order: the rectangles (background, row fills, grid lines), then
/// the texts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scene {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The rectangles, drawn first, in order.
    pub rects: Vec<Rect>,
    /// The texts, drawn over them.
    pub texts: Vec<Text>,
}

/// Subpixel steps of a glyph's origin.
const STEPS: f32 = 4.0;

/// A rasterised glyph: its coverage, placed relative to the glyph's pixel origin.
struct Glyph {
    left: i64,
    top: i64,
    width: usize,
    coverage: Vec<u8>,
}

/// A glyph at a size and a quarter-pixel origin.
type GlyphKey = (GlyphId, u32, u8);

/// The rasterised glyphs of one font face, shared by the pictures drawn with it (on several
/// threads). A glyph's mask depends only on the face, the size and the origin, so the pixels
/// are the same whichever picture rasterised it first.
#[derive(Default)]
pub struct Glyphs(Mutex<HashMap<GlyphKey, Arc<Option<Glyph>>>>);

impl Glyphs {
    /// The glyph `key`, rasterised by `make` the first time it is asked for.
    fn get(&self, key: GlyphKey, make: impl FnOnce() -> Option<Glyph>) -> Arc<Option<Glyph>> {
        let known = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .cloned();
        if let Some(g) = known {
            return g;
        }
        // Rasterised without the lock held: another thread may do the same glyph at once, and
        // both masks are the same.
        let made = Arc::new(make());
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(key)
            .or_insert(made)
            .clone()
    }
}

/// `scene` drawn with the face `index` of the font file `data`, whose rasterised glyphs are
/// `glyphs`: one grey byte a pixel, row by row, or `None` when the font cannot be read or the
/// picture is too large to allocate.
pub fn draw(scene: &Scene, data: &[u8], index: u32, glyphs: &Glyphs) -> Option<Vec<u8>> {
    let font = FontRef::from_index(data, index).ok()?;
    let (w, h) = (scene.width as usize, scene.height as usize);
    let mut pixels = canvas(scene)?;
    let charmap = font.charmap();
    let outlines = font.outline_glyphs();
    // This picture's glyphs, looked up in `glyphs` once each.
    let mut cache: HashMap<GlyphKey, Arc<Option<Glyph>>> = HashMap::new();
    for t in &scene.texts {
        let size = Size::new(t.px as f32);
        let metrics = font.glyph_metrics(size, LocationRef::default());
        let ids: Vec<GlyphId> = t
            .text
            .chars()
            .map(|c| charmap.map(c).unwrap_or(GlyphId::NOTDEF))
            .collect();
        let advance = |id: GlyphId| metrics.advance_width(id).unwrap_or(0.0);
        let mut pen = match t.anchor {
            Anchor::Start => t.x as f32,
            Anchor::Middle => t.x as f32 - ids.iter().map(|&id| advance(id)).sum::<f32>() / 2.0,
        };
        for id in ids {
            let whole = pen.floor();
            let mut step = ((pen - whole) * STEPS).round();
            let mut origin = whole;
            if step >= STEPS {
                origin += 1.0;
                step = 0.0;
            }
            // Bounded by the picture's width, which is a u32.
            let (ox, frac) = (origin as i64, step as u8);
            let key = (id, t.px, frac);
            let glyph = cache.entry(key).or_insert_with(|| {
                glyphs.get(key, || {
                    let outline = outlines.get(id)?;
                    rasterise(&outline, size, f32::from(frac) / STEPS)
                })
            });
            if let Some(g) = glyph.as_ref() {
                blend(&mut pixels, w, h, g, ox, i64::from(t.baseline), t.grey);
            }
            pen += advance(id);
        }
    }
    Some(pixels)
}

/// A white picture of the scene's size with its rectangles filled (`None` when too large).
fn canvas(scene: &Scene) -> Option<Vec<u8>> {
    let (w, h) = (scene.width as usize, scene.height as usize);
    let mut pixels = vec![255u8; w.checked_mul(h)?];
    for r in &scene.rects {
        let x1 = (r.x.saturating_add(r.w) as usize).min(w);
        for y in (r.y as usize)..(r.y.saturating_add(r.h) as usize).min(h) {
            if let Some(row) = pixels.get_mut(y * w + r.x as usize..y * w + x1) {
                row.fill(r.grey);
            }
        }
    }
    Some(pixels)
}

/// The glyph's coverage with its origin `frac` of a pixel right of a pixel corner (`None` for
/// a glyph without an outline, such as a space).
fn rasterise(outline: &skrifa::outline::OutlineGlyph<'_>, size: Size, frac: f32) -> Option<Glyph> {
    let mut pen = Pen(PathBuilder::new());
    outline
        .draw(
            DrawSettings::unhinted(size, LocationRef::default()),
            &mut pen,
        )
        .ok()?;
    let path = pen.0.finish()?;
    // Font units point up; pixels down.
    let b = path.bounds();
    let left = (b.left() + frac).floor();
    let top = (-b.bottom()).floor();
    let width = ((b.right() + frac).ceil() - left).max(1.0);
    let height = ((-b.top()).ceil() - top).max(1.0);
    let mut mask = Mask::new(width as u32, height as u32)?;
    mask.fill_path(
        &path,
        FillRule::Winding,
        true,
        Transform::from_row(1.0, 0.0, 0.0, -1.0, frac - left, -top),
    );
    Some(Glyph {
        left: left as i64,
        top: top as i64,
        width: width as usize,
        coverage: mask.data().to_vec(),
    })
}

/// Blends the glyph `g` in `grey` with its origin at pixel (`ox`, `baseline`).
fn blend(pixels: &mut [u8], w: usize, h: usize, g: &Glyph, ox: i64, baseline: i64, grey: u8) {
    for (j, row) in g.coverage.chunks_exact(g.width.max(1)).enumerate() {
        let y = baseline + g.top + j as i64;
        let Ok(y) = usize::try_from(y) else { continue };
        if y >= h {
            break;
        }
        for (i, &a) in row.iter().enumerate() {
            let Ok(x) = usize::try_from(ox + g.left + i as i64) else {
                continue;
            };
            if a == 0 || x >= w {
                continue;
            }
            if let Some(p) = pixels.get_mut(y * w + x) {
                let (a, d, c) = (u32::from(a), u32::from(*p), u32::from(grey));
                // At most 255 · 255 + 127 over 255: a byte.
                *p = ((d * (255 - a) + c * a + 127) / 255) as u8;
            }
        }
    }
}

/// skrifa's outline into a tiny-skia path.
struct Pen(PathBuilder);

impl OutlinePen for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.0.quad_to(cx0, cy0, x, y);
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.0.cubic_to(cx0, cy0, cx1, cy1, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_are_filled_inside_the_picture_only() {
        let scene = Scene {
            width: 4,
            height: 3,
            rects: vec![
                Rect {
                    x: 1,
                    y: 1,
                    w: 9,
                    h: 1,
                    grey: 0x99,
                },
                Rect {
                    x: 0,
                    y: 2,
                    w: 1,
                    h: 9,
                    grey: 0,
                },
            ],
            texts: Vec::new(),
        };
        // Not a font: nothing is drawn.
        assert_eq!(draw(&scene, b"", 0, &Glyphs::default()), None);
        let mut pixels = vec![255u8; 12];
        pixels[5..8].fill(0x99);
        pixels[8] = 0;
        assert_eq!(canvas(&scene), Some(pixels));
    }

    #[test]
    fn a_glyph_is_blended_by_its_coverage_and_clipped_at_the_edges() {
        let g = Glyph {
            left: -1,
            top: -1,
            width: 2,
            coverage: vec![255, 128, 0, 255],
        };
        let mut pixels = vec![255u8; 4];
        blend(&mut pixels, 2, 2, &g, 1, 1, 0);
        // Origin (1, 1): the glyph covers (0, 0)-(1, 1).
        assert_eq!(pixels, vec![0, 127, 255, 0]);
        let mut edge = vec![255u8; 4];
        blend(&mut edge, 2, 2, &g, 0, 0, 0x11);
        // Only the glyph's last pixel, at (0, 0), falls inside.
        assert_eq!(edge, vec![0x11, 255, 255, 255]);
    }
}
