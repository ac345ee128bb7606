//! The results page and the pictures for chat groups (issue 18): `out/web/index.html`, one
//! self-contained page (inline CSS, no scripts, no external assets, readable on a phone) with
//! each section's standings, its latest round's pairings and results and its crosstable; and
//! PNG pictures of each section's current standings (`standings-<section>.png`) and of its
//! latest round (`pairings-r<NN>-<section>.png`), drawn in grey pixels with a CJK
//! font of the system ([`picture`]), 1080 px wide (WeChat's width, sharp on a 3× phone).
//!
//! On a phone the columns that matter come first (issue 45): a ranking's place, name and 备注
//! (the honours, 升级, 资格待查; wrapped, and in the pictures too), then the scores; a round's
//! boards and players with the result before the teams. A finished event's standings are its
//! final ranking (`总排名`). A bye is no result: 轮空 for the opponent, the team bye's game
//! points in the picture's score column, an individual bye's points beside the word
//! (`轮空（1分）`).
//!
//! Without a CJK font no picture is drawn: the finding `output.no-cjk-font` says so and the run
//! goes on. The page and the pictures are deterministic: the same outcome (and the same font)
//! gives the same bytes.

pub mod html;
pub mod picture;
pub mod raster;

use crate::findings::{Code, Finding, Findings, Source};
use crate::report::out_dir::Rendered;
use crate::report::tables::TextTable;
use crate::{Lang, Result};

/// Rows a picture shows at most; a longer table is cut with a note (see [`picture`]).
pub const PICTURE_ROWS: usize = 30;

/// The page: the event and its sections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The event's name.
    pub title: String,
    /// A line under it: dates and place.
    pub subtitle: String,
    /// Every section that plays, in event.toml order.
    pub sections: Vec<Section>,
}

/// One section (a team event has one) on the page and in the pictures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Its id, for anchors and file names (`team`, `open-men`).
    pub id: String,
    /// Its name (`团体赛`, `公开组男子`).
    pub name: String,
    /// The current standings, once a round is complete.
    pub standings: Option<Block>,
    /// The latest paired round.
    pub round: Option<RoundBlock>,
    /// The crosstable.
    pub crosstable: Option<Block>,
    /// Columns of the standings the picture shows (place, name and the first scores).
    pub picture_columns: Vec<usize>,
}

/// A titled table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// Its heading (`第9轮后排名`).
    pub title: String,
    /// The table.
    pub table: TextTable,
}

/// The latest round of a section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundBlock {
    /// The round's number.
    pub round: u32,
    /// Its heading (`第9轮 对阵及成绩`).
    pub title: String,
    /// Every board, as on the printable pairings.
    pub boards: TextTable,
    /// The table of the picture: the matches with their scores (team events), or the boards.
    pub summary: TextTable,
}

/// `standings-<section>.png`.
pub fn standings_picture_name(section: &str) -> String {
    format!("standings-{}.png", file_part(section))
}

/// `pairings-r<NN>-<section>.png` (`pairings-r09-team.png`).
pub fn pairings_picture_name(round: u32, section: &str) -> String {
    format!("pairings-r{round:02}-{}.png", file_part(section))
}

/// A section id as part of a file name: ASCII letters, digits, `-` and `_` kept, anything else
/// `_` (ids come from event.toml).
fn file_part(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() { "section".into() } else { s }
}

/// One picture to draw: where it goes and what it shows.
#[derive(Debug, Clone)]
pub struct PictureJob {
    /// `web/<name>.png` in the output folder.
    pub name: String,
    /// The heading: the event and the section.
    pub heading: String,
    /// The line under it (`第9轮后排名`).
    pub subtitle: String,
    /// The table drawn.
    pub table: TextTable,
}

/// The page `web/index.html`, and the pictures to draw ([`draw`]); without a CJK font, no
/// picture and the finding `output.no-cjk-font`.
pub fn render_page(
    page: &Page,
    font: Option<&picture::Font>,
    lang: Lang,
    findings: &mut Findings,
) -> (Rendered, Vec<PictureJob>) {
    let index = Rendered::out("web/index.html", html::render(page, lang).into_bytes());
    if font.is_none() {
        findings.push(Finding::new(
            Code::OutputNoCjkFont,
            Source::file("out/web"),
            "未找到中文字体，未生成成绩图片（out/web/*.png）；安装中文字体（如 fonts-wqy-zenhei）后重新运行",
            "no CJK font found: the pictures (out/web/*.png) were not drawn; install one (e.g. fonts-wqy-zenhei) and run again",
        ));
        return (index, Vec::new());
    }
    let mut jobs = Vec::new();
    for s in &page.sections {
        let heading = format!("{} {}", page.title, s.name);
        if let Some(b) = &s.standings {
            jobs.push(PictureJob {
                name: format!("web/{}", standings_picture_name(&s.id)),
                heading: heading.clone(),
                subtitle: b.title.clone(),
                table: picture::columns(&b.table, &s.picture_columns),
            });
        }
        if let Some(r) = &s.round {
            jobs.push(PictureJob {
                name: format!("web/{}", pairings_picture_name(r.round, &s.id)),
                heading: heading.clone(),
                subtitle: r.title.clone(),
                table: r.summary.clone(),
            });
        }
    }
    (index, jobs)
}

/// Draws one picture.
///
/// # Errors
///
/// [`crate::Error::Output`] naming the picture when it cannot be drawn.
pub fn draw(job: &PictureJob, font: &picture::Font, lang: Lang) -> Result<Rendered> {
    let pic = picture::Picture {
        title: &job.heading,
        subtitle: &job.subtitle,
        table: &job.table,
        lang,
    };
    let bytes = picture::png(&pic, font).map_err(|e| crate::Error::output(&job.name, e))?;
    Ok(Rendered::out(job.name.clone(), bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::Severity;

    fn page() -> Page {
        Page {
            title: "测试赛".into(),
            subtitle: String::new(),
            sections: vec![Section {
                id: "open men".into(),
                name: "公开组".into(),
                standings: Some(Block {
                    title: "第1轮后排名".into(),
                    table: TextTable {
                        headers: vec!["名次".into(), "姓名".into()],
                        rows: vec![vec!["1".into(), "张三".into()]],
                        ..Default::default()
                    },
                }),
                round: None,
                crosstable: None,
                picture_columns: vec![0, 1],
            }],
        }
    }

    #[test]
    fn names_are_safe_file_names() {
        assert_eq!(standings_picture_name("open-men"), "standings-open-men.png");
        assert_eq!(pairings_picture_name(9, "team"), "pairings-r09-team.png");
        assert_eq!(standings_picture_name("a/b 组"), "standings-a_b__.png");
        assert_eq!(standings_picture_name(""), "standings-section.png");
    }

    #[test]
    fn without_a_cjk_font_the_page_is_rendered_and_a_finding_says_why_no_picture() {
        let mut findings = Findings::new();
        let (index, jobs) = render_page(&page(), None, Lang::Zh, &mut findings);
        assert_eq!(
            index.place,
            crate::report::out_dir::Place::Out("web/index.html".into())
        );
        assert!(jobs.is_empty());
        let codes: Vec<Code> = findings.all().iter().map(|f| f.code).collect();
        assert_eq!(codes, vec![Code::OutputNoCjkFont]);
        assert_eq!(findings.all()[0].severity, Severity::Warning);
    }
}
