//! The results page and the pictures (issue 18): `out/web/index.html` and the PNG pictures of
//! the samples, checked cell by cell against `standings.xlsx`, pixel by pixel for their layout
//! (size, rows drawn, nothing drawn into the right margin), byte for byte between two runs, and
//! the page in headless Chromium at a phone's width (with `BIANPAI_CHROMIUM=1`, set by
//! `.ci/run`).
//!
//! What was looked at (the pictures and the screenshot, by eye, when this test was written):
//! the B-league's standings picture shows its final ranking, 16 teams with 备注 (资格待查, 录取,
//! 升入…, a long note cut with `…`), 场分 and 局分 in 1080 × 966 px; its pairings picture the 8
//! matches of round 9 with their game scores, the bye as 轮空 with its 2.5 in the score column;
//! the amateur kings' open men's picture 30 of 38 players and the note under them; the page at
//! 390 px wide shows the title whole, the final ranking first with 名次 队名 备注 on screen (the
//! note wrapping), and each table in a box that scrolls sideways.

mod util;

use std::fs;
use std::path::Path;
use std::process::Command;

use util::cells::read_book;
use util::{run_json, sample_copy};

/// Every picture's width: WeChat's (issue 45).
const WIDTH: u32 = 1080;
/// The grid's colour.
const GRID: [u8; 3] = [0x99, 0x99, 0x99];

/// A decoded RGBA picture.
struct Rgba {
    /// The colour type it was stored in.
    colour: png::ColorType,
    width: u32,
    height: u32,
    px: Vec<u8>,
}

impl Rgba {
    fn read(path: &Path) -> Rgba {
        let decoder = png::Decoder::new(std::io::BufReader::new(
            fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
        ));
        let mut reader = decoder.read_info().expect("png header");
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut buf).expect("png frame");
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        let data = &buf[..info.buffer_size()];
        let px = match info.color_type {
            png::ColorType::Rgba => data.to_vec(),
            png::ColorType::Rgb => data
                .chunks(3)
                .flat_map(|c| [c[0], c[1], c[2], 255])
                .collect(),
            // bianpai's own pictures, drawn in greys (report::web::picture::encode).
            png::ColorType::Grayscale => data.iter().flat_map(|&g| [g, g, g, 255]).collect(),
            other => panic!("{}: colour type {other:?}", path.display()),
        };
        Rgba {
            colour: info.color_type,
            width: info.width,
            height: info.height,
            px,
        }
    }

    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.width + x) * 4) as usize;
        [self.px[i], self.px[i + 1], self.px[i + 2]]
    }

    /// Whether the columns `x0..x1` hold nothing but white, on every pixel row.
    fn blank_columns(&self, x0: u32, x1: u32) -> bool {
        (0..self.height).all(|y| (x0..x1).all(|x| self.at(x, y) == [255, 255, 255]))
    }

    fn dark_pixels(&self) -> usize {
        self.px
            .chunks(4)
            .filter(|c| c[0] < 90 && c[1] < 90 && c[2] < 90)
            .count()
    }
}

/// Checks a picture of a table with `rows` body rows drawn (the header besides) and a note under
/// it when `cut`: 1080 px wide; the grid's horizontal lines (pixel rows mostly grid-grey) one
/// over the header and one under each row, evenly spaced; its height, the table's top, the rows
/// and the note (a row's height) and the margin under it (24/44 of a row, as laid out at
/// 44 px rows before scaling); text drawn, and nothing in the right margin (no text clipped at
/// the edge). Returns the row height.
fn check_picture(path: &Path, rows: u32, cut: bool) -> u32 {
    let p = Rgba::read(path);
    let label = path.display();
    // Drawn in greys, stored as 8-bit greyscale: a third of the bytes of RGB.
    assert_eq!(p.colour, png::ColorType::Grayscale, "{label}: colour type");
    assert_eq!(p.width, WIDTH, "{label}: width");
    let lines: Vec<u32> = (0..p.height)
        .filter(|&y| (0..p.width).filter(|&x| p.at(x, y) == GRID).count() > 200)
        .collect();
    assert_eq!(lines.len() as u32, rows + 2, "{label}: rows drawn");
    let row = lines[1] - lines[0];
    assert!(
        lines.windows(2).all(|w| w[1] - w[0] == row),
        "{label}: rows of unequal height {lines:?}"
    );
    let note = if cut { row } else { 0 };
    let margin = p.height - lines[lines.len() - 1] - note;
    assert!(
        margin.abs_diff(row * 24 / 44) <= 1,
        "{label}: margin {margin} under rows of {row}"
    );
    assert!(p.dark_pixels() > 2_000, "{label}: no text drawn");
    assert!(
        p.blank_columns(p.width - 12, p.width),
        "{label}: something is drawn into the right margin"
    );
    row
}

/// The cells of the table `id` in an HTML text, as text, row by row (the header row first).
fn html_table(html: &str, id: &str) -> Vec<Vec<String>> {
    let start = html
        .find(&format!("<table id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no table {id}"));
    let end = start + html[start..].find("</table>").expect("table end");
    html[start..end]
        .split("<tr")
        .skip(1)
        .map(|row| {
            let mut cells = Vec::new();
            let mut rest = row;
            while let Some(i) = rest.find("<t") {
                let tag = &rest[i..];
                let Some(open) = tag.find('>') else { break };
                let body = &tag[open + 1..];
                rest = body;
                // <td> and <th> (with or without attributes), not <tbody> or <thead>.
                let cell = (tag.starts_with("<td") || tag.starts_with("<th"))
                    && matches!(tag.as_bytes().get(3), Some(b'>' | b' '));
                if !cell {
                    continue;
                }
                let text = body.split('<').next().unwrap_or_default();
                cells.push(
                    text.replace("&amp;", "&")
                        .replace("&lt;", "<")
                        .replace("&gt;", ">"),
                );
            }
            cells
        })
        .collect()
}

/// The place and points of `team` in `standings.xlsx` (sheet 排名: place, number, team, 场分).
fn xlsx_standing(folder: &Path, team: &str) -> (String, String) {
    let book = read_book(&folder.join("out/standings.xlsx"));
    let sheet = book.iter().find(|s| s.name == "排名").expect("排名");
    let row = sheet
        .body()
        .into_iter()
        .find(|r| r.get(2).map(String::as_str) == Some(team))
        .expect("team in 排名");
    (row[0].clone(), row[3].clone())
}

fn has_cjk_font(json: &serde_json::Value) -> bool {
    !json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .any(|f| f["code"] == "output.no-cjk-font")
}

#[test]
fn the_b_league_page_and_pictures_show_the_standings_and_the_last_round() {
    let (_tmp, folder) = sample_copy("cca-b-league-2025");
    let (_, json, err) = run_json(&folder, &[]);
    let outputs: Vec<&str> = json["outputs"]
        .as_array()
        .unwrap_or_else(|| panic!("{err}"))
        .iter()
        .filter_map(|v| v.as_str())
        .filter(|p| p.starts_with("out/web/"))
        .collect();
    let web = folder.join("out/web");
    let html = fs::read_to_string(web.join("index.html")).expect("index.html");
    assert!(
        html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
    );
    assert!(!html.contains("<script") && !html.contains("<link") && !html.contains(" src="));
    // The event is over: the final ranking first, as standings.xlsx's 总排名, the columns that
    // matter first (place, team, 备注 with 升级 and 资格待查), then the scores and the number.
    assert!(html.contains("<h2>团体赛</h2>\n<h3>总排名</h3>"));
    let st = html_table(&html, "standings-team");
    assert_eq!(st[0], ["名次", "队名", "备注", "场分", "局分", "序号"]);
    assert_eq!(
        st[1],
        [
            "1",
            "河北燕赵队",
            "资格待查，录取，升入2026年中国国际象棋甲级联赛",
            "14.0",
            "28.5",
            "3"
        ]
    );
    let row = st
        .iter()
        .find(|r| r.get(1).map(String::as_str) == Some("河北燕赵队"))
        .expect("河北燕赵队 on the page");
    let (place, points) = xlsx_standing(&folder, "河北燕赵队");
    assert_eq!((row[0].as_str(), row[3].as_str()), ("1", "14.0"));
    assert_eq!((place.as_str(), points.as_str()), ("1", "14.0"));
    assert_eq!(st.len(), 17, "16 teams and the header");
    let total = read_book(&folder.join("out/standings.xlsx"));
    let total = util::cells::sheet(&total, "总排名").body();
    let reordered: Vec<Vec<String>> = total
        .iter()
        .map(|r| [0, 2, 5, 3, 4, 1].map(|c| r[c].clone()).to_vec())
        .collect();
    assert_eq!(st[1..], reordered);
    // The note wraps on a phone instead of widening the table.
    assert!(html.contains("<td class=\"w\">资格待查，录取，升入2026年中国国际象棋甲级联赛</td>"));
    // The last round, board by board, the players and the result first: round 9, match 1 on
    // board 1; the bye is no result: 轮空 for the opponent, the result empty.
    let round = html_table(&html, "round-team");
    assert_eq!(
        round[0],
        [
            "场次",
            "台次",
            "主队棋手",
            "结果",
            "客队棋手",
            "主队",
            "客队",
            "执色"
        ]
    );
    assert_eq!(round[1][..2], ["1", "1"].map(String::from));
    assert_eq!(
        round[1][5..7],
        ["无锡太湖队", "福建海峡队"].map(String::from)
    );
    let bye = round.iter().find(|r| r[6] == "轮空").expect("the bye");
    assert_eq!(bye, &["8", "1", "", "", "", "大庆油田队", "轮空", "白"]);
    assert!(html.contains("<h3>团体瑞士制 第9轮 对阵及成绩</h3>"));
    assert!(html.contains("<table id=\"crosstable-team\">"));

    if !has_cjk_font(&json) {
        eprintln!("no CJK font here: the pictures are not drawn (output.no-cjk-font)");
        assert_eq!(outputs, vec!["out/web/index.html"]);
        return;
    }
    assert_eq!(
        outputs,
        vec![
            "out/web/index.html",
            "out/web/standings-team.png",
            "out/web/pairings-r09-team.png"
        ]
    );
    check_picture(&web.join("standings-team.png"), 16, false);
    check_picture(&web.join("pairings-r09-team.png"), 8, false);

    // Deterministic: a second copy gives the same bytes.
    let (_tmp2, again) = sample_copy("cca-b-league-2025");
    run_json(&again, &[]);
    for name in ["index.html", "standings-team.png", "pairings-r09-team.png"] {
        assert!(
            fs::read(web.join(name)).expect("first")
                == fs::read(again.join("out/web").join(name)).expect("second"),
            "{name} differs between two runs"
        );
    }
}

#[test]
fn long_tables_are_cut_to_thirty_rows_in_the_pictures() {
    let (_tmp, folder) = sample_copy("cxa-amateur-king-2023");
    let (_, json, _) = run_json(&folder, &[]);
    let web = folder.join("out/web");
    let html = fs::read_to_string(web.join("index.html")).expect("index.html");
    // Every section on the page: five groups and the delegations.
    for id in [
        "open-men",
        "open-women",
        "junior-men",
        "junior-women",
        "family",
    ] {
        assert!(
            html.contains(&format!("<table id=\"standings-{id}\">")),
            "{id}"
        );
        assert!(html.contains(&format!("<table id=\"round-{id}\">")), "{id}");
        assert!(
            html.contains(&format!("<table id=\"crosstable-{id}\">")),
            "{id}"
        );
    }
    // The open men: 38 players on the page, 30 in the picture.
    assert_eq!(html_table(&html, "standings-open-men").len(), 39);
    if !has_cjk_font(&json) {
        return;
    }
    check_picture(&web.join("standings-open-men.png"), 30, true);
    check_picture(&web.join("pairings-r07-family.png"), 6, false);
}

/// Runs Chromium headless on `args`, returning its standard output.
fn chromium(profile: &Path, args: &[&str]) -> String {
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .expect("chromium runs (apt-get install chromium)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_page_reads_in_headless_chromium_at_a_phones_width() {
    if std::env::var("BIANPAI_CHROMIUM").as_deref() != Ok("1") {
        eprintln!("skipped: set BIANPAI_CHROMIUM=1 to open the page in headless Chromium");
        return;
    }
    let (_tmp, folder) = sample_copy("cca-b-league-2025");
    run_json(&folder, &[]);
    let index = folder.join("out/web/index.html");
    let url = format!("file://{}", index.display());
    let profile = tempfile::tempdir().expect("tempdir");
    // The DOM as Chromium parsed it: the same cells as standings.xlsx.
    let dom = chromium(profile.path(), &["--dump-dom", &url]);
    let st = html_table(&dom, "standings-team");
    let (place, points) = xlsx_standing(&folder, "河北燕赵队");
    let row = st
        .iter()
        .find(|r| r.get(1).map(String::as_str) == Some("福建海峡队"))
        .expect("福建海峡队 in the DOM");
    assert_eq!((row[0].as_str(), row[3].as_str()), ("2", "13.0"));
    let first = &st[1];
    assert_eq!((first[0].clone(), first[3].clone()), (place, points));
    assert!(dom.contains("<div class=\"scroll\"><table id=\"crosstable-team\">"));
    // The page at 390 × 844 CSS pixels (a phone held upright).
    let shot = profile.path().join("shot.png");
    chromium(
        profile.path(),
        &[
            "--window-size=390,844",
            "--hide-scrollbars",
            &format!("--screenshot={}", shot.display()),
            &url,
        ],
    );
    let p = Rgba::read(&shot);
    assert_eq!((p.width, p.height), (390, 844));
    // The title and the tables are drawn, and nothing runs into the 8 px margin on the right:
    // the wide tables scroll inside their boxes instead of widening the page.
    assert!(p.dark_pixels() > 2_000, "nothing drawn");
    assert!(
        p.blank_columns(p.width - 6, p.width),
        "the page is wider than the phone"
    );
    first_view_at_a_phones_width(
        &folder,
        profile.path(),
        "standings-team",
        ["名次", "队名", "备注"],
        16,
    );
}

/// Issue 45 point 7 on the other finished samples: the A-league's page opens on the finals'
/// 总排名 (队名 with the season's seed) and the xiangqi open's on its men's final ranking, each
/// with 名次, the name and 备注 on the first screen at 390 px.
#[test]
fn the_a_league_and_xiangqi_pages_open_on_the_final_ranking_at_a_phones_width() {
    if std::env::var("BIANPAI_CHROMIUM").as_deref() != Ok("1") {
        eprintln!("skipped: set BIANPAI_CHROMIUM=1 to open the page in headless Chromium");
        return;
    }
    let cases = [
        (
            "cca-a-league-2023",
            "standings-team",
            ["名次", "队名（序号）", "备注"],
            12,
        ),
        (
            "cxa-amateur-king-2023",
            "standings-open-men",
            ["名次", "姓名", "备注"],
            38,
        ),
    ];
    for (name, table, headers, rows) in cases {
        let (_tmp, folder) = sample_copy(name);
        run_json(&folder, &[]);
        let profile = tempfile::tempdir().expect("tempdir");
        first_view_at_a_phones_width(&folder, profile.path(), table, headers, rows);
    }
}

/// Issue 45 point 7: at 390 × 844 CSS pixels the first view (no scrolling) shows the final
/// ranking, its header 名次 队名 备注 whole within the screen and its first rows. Measured by
/// Chromium itself: a copy of the page with a probe script (the page has none) writes each
/// header cell's box and the rows' bottoms into an attribute that `--dump-dom` prints.
fn first_view_at_a_phones_width(
    folder: &Path,
    profile: &Path,
    table: &str,
    headers: [&str; 3],
    body_rows: usize,
) {
    let html = fs::read_to_string(folder.join("out/web/index.html")).expect("index.html");
    let probe = "<script>\
        const t=document.querySelector('#TABLE');\
        const b=e=>{const r=e.getBoundingClientRect();return [Math.round(r.left),Math.round(r.right),Math.round(r.top),Math.round(r.bottom)].join(',')};\
        const th=[...t.querySelectorAll('th')].map(e=>e.textContent+'='+b(e)).join(';');\
        const rows=[...t.querySelectorAll('tbody tr')].map(b).join(';');\
        document.body.setAttribute('data-th',th);\
        document.body.setAttribute('data-rows',rows);\
        document.body.setAttribute('data-first',document.querySelector('h3').textContent);\
        </script></body>";
    let page = folder.join("out/web/probe.html");
    let probe = probe.replace("TABLE", table);
    fs::write(&page, html.replace("</body>", &probe)).expect("probe page");
    let url = format!("file://{}", page.display());
    let dom = chromium(profile, &["--window-size=390,844", "--dump-dom", &url]);
    let attr = |name: &str| -> String {
        let key = format!("{name}=\"");
        let start = dom.find(&key).unwrap_or_else(|| panic!("{name} in {dom}")) + key.len();
        dom[start..start + dom[start..].find('"').expect("attribute end")].to_string()
    };
    let boxes = |s: &str| -> Vec<i64> { s.split(',').map(|v| v.parse().expect("px")).collect() };
    assert_eq!(
        attr("data-first"),
        "总排名",
        "the final ranking comes first"
    );
    let th: Vec<(String, Vec<i64>)> = attr("data-th")
        .split(';')
        .map(|c| {
            let (name, b) = c.split_once('=').expect("th");
            (name.to_string(), boxes(b))
        })
        .collect();
    let names: Vec<&str> = th.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names[..3], headers, "{table}");
    for (name, b) in &th[..3] {
        assert!(b[0] >= 0 && b[1] <= 390 && b[3] <= 844, "{name} at {b:?}");
    }
    // The champion's row (with its 资格待查, wrapped in 备注) is on the first screen, and so
    // are the first places.
    let rows: Vec<Vec<i64>> = attr("data-rows").split(';').map(boxes).collect();
    assert_eq!(rows.len(), body_rows, "{table}");
    let on_screen = rows.iter().filter(|b| b[3] <= 844).count();
    assert!(
        on_screen >= 8,
        "{on_screen} rows on the first screen: {rows:?}"
    );
}

#[test]
fn the_a_league_page_ranks_the_finals_with_each_teams_standing() {
    let (_tmp, folder) = sample_copy("cca-a-league-2023");
    let (_, json, _) = run_json(&folder, &[]);
    let html = fs::read_to_string(folder.join("out/web/index.html")).expect("index.html");
    assert!(html.contains("<h3>总排名</h3>"), "the finals are decided");
    let st = html_table(&html, "standings-team");
    let want = [
        ["名次", "队名（序号）", "备注"],
        ["1", "山东泉城队（1）", "资格待查"],
        ["2", "重庆涪陵队（3）", "资格待查"],
        ["3", "北京华清队（7）", ""],
        ["4", "浙江西湖队（4）", ""],
        ["5", "江苏钟山队（2）", "资格待查"],
        ["6", "广东珠江队（5）", "资格待查"],
        ["7", "杭州钱塘队（6）", ""],
        ["8", "湖北江城队（8）", "资格待查"],
        ["9", "上海浦江队（9）", ""],
        ["10", "深圳南山队（10）", "资格待查"],
        ["11", "天津海河队（12）", "降级"],
        ["12", "成都锦江队（11）", "降级、资格待查"],
    ];
    assert_eq!(st, want.map(|r| r.map(String::from).to_vec()).to_vec());
    // The marks are the summary's statuses, team by team.
    for s in json["standings"].as_array().expect("standings") {
        let rank = s["rank"].as_u64().expect("rank") as usize;
        let pending = s["status"].as_str() == Some("pending");
        assert_eq!(st[rank][2].contains("资格待查"), pending, "{s}");
    }
    // The same table is finals.xlsx's 总排名.
    let book = util::cells::read_book(&folder.join("out/finals.xlsx"));
    let sheet = util::cells::sheet(&book, "总排名");
    assert_eq!(sheet.body(), st[1..].to_vec());
    let round = html_table(&html, "round-team");
    assert_eq!(round[0][0], "场次");
    assert_eq!(round.len(), 11, "two matches of five boards and the header");
    assert!(html.contains("<h3>总决赛 第10轮 对阵及成绩</h3>"));
    if has_cjk_font(&json) {
        let web = folder.join("out/web");
        check_picture(&web.join("standings-team.png"), 12, false);
        // Round 10 of the finals: two matches, one line each (the page has their 10 boards).
        check_picture(&web.join("pairings-r10-team.png"), 2, false);
    }
}
