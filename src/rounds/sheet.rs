//! Round workbooks read back: the rows of `results/rNN.xlsx` as the arbiter left them.
//!
//! Reading never fails: a cell that cannot be understood becomes a finding naming the cell, and
//! the row keeps what could be read.

use super::marker::{self, Marker};
use super::notation::{self, Sport};
use super::record::Recorded;
use crate::findings::{Code, Finding, Findings, Source};
use crate::ingest::Table;
use crate::model::{Colour, GameResult};

/// The result cell of one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultCell {
    /// Nothing typed yet.
    Missing,
    /// Something that is not a result (kept for the message).
    Invalid(String),
    /// A valid result from the left-hand side.
    Valid(GameResult),
    /// A colour word in a team round (`黑胜`): the result of the player who had `colour` on
    /// the board, which the reader turns into the home player's once it knows the board's
    /// colours (`typed` kept for the message when it does not).
    ByColour {
        /// The colour the word names.
        colour: Colour,
        /// That colour's result.
        result: GameResult,
        /// The cell's text.
        typed: String,
    },
}

impl ResultCell {
    /// The result from the left-hand side, if valid (a colour word only with a known colour of
    /// the left-hand player: [`ResultCell::for_left`]).
    pub fn valid(&self) -> Option<GameResult> {
        self.for_left(None)
    }

    /// The left-hand player's result given that player's colour: a colour word is read
    /// against it, and says nothing without it.
    pub fn for_left(&self, left: Option<Colour>) -> Option<GameResult> {
        match self {
            ResultCell::Valid(r) => Some(*r),
            ResultCell::ByColour { colour, result, .. } => {
                notation::Typed::Colour(*colour, *result).for_left(left)
            }
            ResultCell::Missing | ResultCell::Invalid(_) => None,
        }
    }
}

/// Column labels of a team round workbook, Chinese and English.
pub(crate) const TEAM_HEADERS: [(&str, &str); 8] = [
    ("场次", "Match"),
    ("台次", "Board"),
    ("主队", "Home team"),
    ("主队棋手", "Home player"),
    ("执色", "Colour"),
    ("结果", "Result"),
    ("客队棋手", "Away player"),
    ("客队", "Away team"),
];

/// Column labels of an individual round workbook, Chinese and English.
pub(crate) const INDIVIDUAL_HEADERS: [(&str, &str); 4] = [
    ("台号", "Board"),
    ("白方", "White"),
    ("结果", "Result"),
    ("黑方", "Black"),
];

/// One board of a team match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamBoardRow {
    /// Zero-based sheet row, for findings.
    pub row: u32,
    /// 场次: the match number within the round.
    pub match_no: Option<u32>,
    /// 台次: the board number.
    pub board: Option<u32>,
    /// 主队: the first-named team.
    pub home_team: String,
    /// 主队棋手: the home team's player on this board, as typed.
    pub home_player: String,
    /// 执色: the home player's colour.
    pub home_colour: Option<Colour>,
    /// 结果, from the home player's side.
    pub result: ResultCell,
    /// 客队棋手.
    pub away_player: String,
    /// 客队.
    pub away_team: String,
}

/// One game of an individual round (or a bye row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualRow {
    /// Zero-based sheet row, for findings.
    pub row: u32,
    /// 台号.
    pub board: Option<u32>,
    /// White (red) player, as typed.
    pub left: String,
    /// Result from the left player's side; a bye row has `Missing` and an empty right side.
    pub result: ResultCell,
    /// Black player, as typed; empty or 轮空 for a bye.
    pub right: String,
}

/// The rows of a round workbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rows {
    /// A team event round.
    Team(Vec<TeamBoardRow>),
    /// An individual event round.
    Individual(Vec<IndividualRow>),
}

/// A round workbook as read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundSheet {
    /// What the workbook says it is.
    pub marker: Marker,
    /// The file, relative to the event folder.
    pub file: String,
    /// The sheet holding the rows.
    pub sheet: String,
    /// The rows.
    pub rows: Rows,
    /// The pairing bianpai recorded when it wrote the workbook (`None` in workbooks written
    /// before the record existed, or without their marker sheet).
    pub recorded: Option<Recorded>,
    /// The settings in force when bianpai wrote the workbook, (name, value) as its marker
    /// sheet records them ([`crate::event::in_force`]); empty in workbooks written before the
    /// record existed.
    pub settings: Vec<(String, String)>,
    /// The results of the earlier rounds as they stood when bianpai wrote the workbook
    /// ([`marker::results`]); empty in workbooks written before the record existed.
    pub results: Vec<marker::RecordedResult>,
}

/// The word written in the right-hand column of a bye row.
pub const BYE_WORDS: [&str; 4] = ["轮空", "BYE", "bye", "Bye"];

/// Recognises a round workbook by its marker sheet among the tables of one file (a loaded
/// file, or its tables) and reads its rows; `None` when the file is not a round workbook.
/// Invalid result cells become `result.invalid` findings.
pub fn read<F: AsRef<[Table]> + ?Sized>(
    file: &F,
    sport: Sport,
    findings: &mut Findings,
) -> Option<RoundSheet> {
    let tables = file.as_ref();
    let (marker, recorded, (settings, results)) = tables.iter().find_map(|t| {
        Marker::from_table(t).map(|m| {
            let record = (marker::settings(t), marker::results(t));
            (m, Recorded::from_table(t), record)
        })
    })?;
    let table = round_table(tables)?;
    extra_sheets(tables, table, findings);
    let rows = match find_header(table, &TEAM_HEADERS) {
        Some((hr, cols)) => Rows::Team(read_team(table, hr, &cols, sport, findings)),
        None => match find_header(table, &INDIVIDUAL_HEADERS) {
            Some((hr, cols)) => {
                Rows::Individual(read_individual(table, hr, &cols, sport, findings))
            }
            None => Rows::Team(Vec::new()),
        },
    };
    Some(RoundSheet {
        marker,
        file: table.file.to_string(),
        sheet: table.sheet.to_string(),
        rows,
        recorded,
        settings,
        results,
    })
}

/// The sheet a round workbook's rows are read from: the first visible sheet that reads as a
/// round (a round workbook's header row), else the first sheet that is not the marker. A
/// hidden copy before it (a backup the arbiter no longer sees) is never read in place of the
/// visible sheet, which is the one the arbiter corrects and prints; both are named by
/// [`extra_sheets`].
fn round_table(tables: &[Table]) -> Option<&Table> {
    let mut sheets = tables.iter().filter(|t| &*t.sheet != marker::SHEET);
    sheets
        .clone()
        .find(|t| !t.hidden && is_round(t))
        .or_else(|| sheets.next())
}

fn is_round(t: &Table) -> bool {
    find_header(t, &TEAM_HEADERS).is_some() || find_header(t, &INDIVIDUAL_HEADERS).is_some()
}

/// Every other sheet of the workbook that reads as a round (a round workbook's header row),
/// hidden or visible, is a `round.extra-sheet` error naming both: only `read` is read, and a
/// backup copy or a corrected copy beside it must not pass unseen.
fn extra_sheets(tables: &[Table], read: &Table, findings: &mut Findings) {
    for t in tables {
        if std::ptr::eq(t, read) || &*t.sheet == marker::SHEET {
            continue;
        }
        if !is_round(t) {
            continue;
        }
        let (a, b) = (&read.sheet, &t.sheet);
        findings.push(Finding::new(
            Code::RoundExtraSheet,
            Source::sheet(&t.file, &t.sheet),
            format!(
                "{}：工作表“{a}”和“{b}”（可能是隐藏的）都是成绩表；只读取“{a}”，请只保留一张成绩表",
                t.file
            ),
            format!(
                "{}: sheets {a:?} and {b:?} (perhaps hidden) both read as a round; only {a:?} is read: keep one round sheet",
                t.file
            ),
        ));
    }
}

/// A round sheet without its marker (copied into a new workbook): the first sheet whose title
/// rows name a round (`第3轮`, `round 3`) and that has the round workbook's header row. Returns
/// the sheet's title text and round number; [`read_unmarked`] then reads it.
pub fn unmarked_title(tables: &[Table]) -> Option<(String, u32)> {
    tables.iter().find_map(|t| {
        // The title first: it is a few cells, the header up to 20 rows (and every entry form
        // of the folder comes through here).
        let title: String = (0..t.height().min(2))
            .flat_map(|r| (0..t.width().min(4)).map(move |c| (r, c)))
            .map(|(r, c)| t.get(r, c).display())
            .collect::<Vec<_>>()
            .join(" ");
        let n = round_in_title(&title)?;
        is_round(t).then_some((title, n))
    })
}

/// Reads a round sheet without marker as the round `marker` names (no record).
pub fn read_unmarked(
    tables: &[Table],
    marker: Marker,
    sport: Sport,
    findings: &mut Findings,
) -> Option<RoundSheet> {
    for table in tables {
        let rows = if let Some((hr, cols)) = find_header(table, &TEAM_HEADERS) {
            Rows::Team(read_team(table, hr, &cols, sport, findings))
        } else if let Some((hr, cols)) = find_header(table, &INDIVIDUAL_HEADERS) {
            Rows::Individual(read_individual(table, hr, &cols, sport, findings))
        } else {
            continue;
        };
        return Some(RoundSheet {
            marker,
            file: table.file.to_string(),
            sheet: table.sheet.to_string(),
            rows,
            recorded: None,
            settings: Vec::new(),
            results: Vec::new(),
        });
    }
    None
}

/// The round number in a title: `第3轮` or `round 3` / `Round 3`.
fn round_in_title(title: &str) -> Option<u32> {
    let digits_after = |rest: &str| -> Option<(u32, usize)> {
        let d: String = rest.chars().take_while(char::is_ascii_digit).collect();
        Some((d.parse().ok()?, d.len()))
    };
    for (i, _) in title.match_indices('第') {
        let rest = title.get(i + '第'.len_utf8()..)?;
        if let Some((n, len)) = digits_after(rest)
            && rest.get(len..).is_some_and(|t| t.starts_with('轮'))
        {
            return Some(n);
        }
    }
    let lower = title.to_lowercase();
    for (i, _) in lower.match_indices("round ") {
        if let Some((n, _)) = lower.get(i + 6..).and_then(digits_after) {
            return Some(n);
        }
    }
    None
}

/// Finds the header row: the first row holding every label (Chinese or English, spaces ignored);
/// returns the row and each label's column.
fn find_header<const N: usize>(
    t: &Table,
    labels: &[(&str, &str); N],
) -> Option<(usize, [usize; N])> {
    let english = labels.map(|(_, en)| squash(en));
    for r in 0..t.height().min(20) {
        let row: Vec<String> = (0..t.width())
            .map(|c| squash(&t.get(r, c).display()))
            .collect();
        let mut cols = [0usize; N];
        let mut ok = true;
        for (i, ((zh, _), en)) in labels.iter().zip(&english).enumerate() {
            // Individual sheets label the sides 白方 (红方) / 黑方; accept 红方 for xiangqi.
            // An exact label first: 主队 must not match 主队棋手.
            let exact = row
                .iter()
                .position(|h| h == zh || h.eq_ignore_ascii_case(en));
            let pos = exact.or_else(|| {
                row.iter().position(|h| {
                    (h.starts_with(zh) && !labels.iter().any(|(z, _)| z != zh && h == z))
                        || (*zh == "白方" && h.starts_with("红方"))
                })
            });
            match pos {
                Some(c) => cols[i] = c,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            return Some((r, cols));
        }
    }
    None
}

fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// A round sheet's body as it shows: in the match columns (场次, 主队, 客队), a cell covered by a
/// merged region (an arbiter merging a match's cells over its boards) reads as the merge's
/// value on every row it covers, so no board of the match looks blank. Elsewhere a merge is
/// not followed: a result or a player belongs to one board, and a result merged over several
/// boards leaves the others without one (not scored) rather than scoring it on each. A merge
/// reaching up into the header or the title is not followed. Findings name the cell that
/// holds the value.
struct Shown<'a> {
    table: &'a Table,
    merges: crate::ingest::Merges,
    header: usize,
    match_columns: &'a [usize],
}

impl<'a> Shown<'a> {
    fn new(table: &'a Table, header: usize, match_columns: &'a [usize]) -> Shown<'a> {
        let merges = crate::ingest::Merges::new(table);
        Shown {
            table,
            merges,
            header,
            match_columns,
        }
    }

    /// The cell holding the value shown at (r, c).
    fn at(&self, r: usize, c: usize) -> (usize, usize) {
        if !self.match_columns.contains(&c) {
            return (r, c);
        }
        match self.merges.resolve(r, c) {
            (r0, _) if r0 <= self.header => (r, c),
            rc => rc,
        }
    }

    fn height(&self) -> usize {
        self.table.height()
    }
}

fn text(t: &Shown, r: usize, c: usize) -> String {
    let (r, c) = t.at(r, c);
    t.table.get(r, c).display().trim().to_string()
}

/// A team or player cell: its text without invisible characters
/// ([`crate::normalize::strip_invisible`]), so that every comparison of the round (the pairing
/// check, the grouping into matches, the line-up) sees one name; a cell that had any is a
/// `round.invisible-characters` warning at the cell.
fn name_text(t: &Shown, r: usize, c: usize, findings: &mut Findings) -> String {
    let raw = text(t, r, c);
    let covered = t.at(r, c) != (r, c);
    let (r, c) = t.at(r, c);
    let t = t.table;
    // A merged cell's rows after its first show the same text: one warning, at the cell.
    if !covered && let Some((zh, en)) = crate::normalize::invisible_message(&raw) {
        findings.push(Finding::new(
            Code::RoundInvisibleCharacters,
            Source::cell(&t.file, &t.sheet, r as u32, c as u32),
            zh,
            en,
        ));
    }
    crate::normalize::strip_invisible(&raw).trim().to_string()
}

fn number(t: &Shown, r: usize, c: usize) -> Option<u32> {
    text(t, r, c).parse().ok()
}

/// The result cell at `(r, c)`. `left` is the left-hand player's colour when the sheet's
/// layout fixes it (an individual round: 白方/红方 on the left), so a colour word is read at
/// once; a team round's home player may have either colour, and its colour words are kept.
fn result_cell(
    t: &Shown,
    (r, c): (usize, usize),
    sport: Sport,
    left: Option<Colour>,
    findings: &mut Findings,
) -> ResultCell {
    let raw = text(t, r, c);
    let (r, c) = t.at(r, c);
    let t = t.table;
    if raw.is_empty() {
        return ResultCell::Missing;
    }
    let parsed = notation::parse_typed(&raw, sport);
    if parsed.is_err()
        && let Some((typed, g)) = super::typed::recover(t.get(r, c), sport)
    {
        findings.push(Finding::new(
            Code::ResultConverted,
            Source::cell(&t.file, &t.sheet, r as u32, c as u32),
            format!(
                "结果单元格被电子表格改成了日期或时间（{raw}），按输入的“{typed}”读取；请把结果列设为文本格式后重新输入"
            ),
            format!(
                "the spreadsheet turned the result into a date or time ({raw}); read as typed, {typed:?}; format the result column as text and type it again"
            ),
        ));
        return ResultCell::Valid(g);
    }
    match parsed {
        Ok(notation::Typed::Side(g)) => ResultCell::Valid(g),
        Ok(typed @ notation::Typed::Colour(colour, result)) => match typed.for_left(left) {
            Some(g) => ResultCell::Valid(g),
            None => ResultCell::ByColour {
                colour,
                result,
                typed: raw,
            },
        },
        Err(_) => {
            let choices = notation::choices(sport).join(" ");
            findings.push(Finding::new(
                Code::ResultInvalid,
                Source::cell(&t.file, &t.sheet, r as u32, c as u32),
                format!("无法识别的结果“{raw}”，请填写：{choices}"),
                format!("unrecognised result {raw:?}; use one of: {choices}"),
            ));
            ResultCell::Invalid(raw)
        }
    }
}

fn read_team(
    t: &Table,
    hr: usize,
    cols: &[usize; 8],
    sport: Sport,
    findings: &mut Findings,
) -> Vec<TeamBoardRow> {
    let mut out = Vec::new();
    let match_columns = [cols[0], cols[2], cols[7]];
    let t = &Shown::new(t, hr, &match_columns);
    for r in hr + 1..t.height() {
        let home_team = name_text(t, r, cols[2], findings);
        let away_team = name_text(t, r, cols[7], findings);
        if home_team.is_empty() && away_team.is_empty() {
            continue;
        }
        let colour = match text(t, r, cols[4]).as_str() {
            "白" | "W" | "w" | "White" | "white" | "红" | "Red" => Some(Colour::White),
            "黑" | "B" | "b" | "Black" | "black" => Some(Colour::Black),
            _ => None,
        };
        out.push(TeamBoardRow {
            row: r as u32,
            match_no: number(t, r, cols[0]),
            board: number(t, r, cols[1]),
            home_team,
            home_player: name_text(t, r, cols[3], findings),
            home_colour: colour,
            result: result_cell(t, (r, cols[5]), sport, None, findings),
            away_player: name_text(t, r, cols[6], findings),
            away_team,
        });
    }
    out
}

fn read_individual(
    t: &Table,
    hr: usize,
    cols: &[usize; 4],
    sport: Sport,
    findings: &mut Findings,
) -> Vec<IndividualRow> {
    let mut out = Vec::new();
    let t = &Shown::new(t, hr, &[]);
    for r in hr + 1..t.height() {
        let left = name_text(t, r, cols[1], findings);
        let right = name_text(t, r, cols[3], findings);
        if left.is_empty() && right.is_empty() {
            continue;
        }
        let is_bye = right.is_empty() || BYE_WORDS.contains(&right.as_str());
        let result = if is_bye {
            ResultCell::Missing
        } else {
            result_cell(t, (r, cols[2]), sport, Some(Colour::White), findings)
        };
        out.push(IndividualRow {
            row: r as u32,
            board: number(t, r, cols[0]),
            left,
            result,
            right,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameResult::{Loss, Win};

    fn table(rows: &[&[&str]]) -> Table {
        Table {
            file: "results/r01.xlsx".into(),
            sheet: "第1轮".into(),
            rows: rows
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|c| crate::ingest::Cell::Text((*c).into()))
                        .collect()
                })
                .collect(),
            merges: vec![],
            hidden: false,
            paragraphs: Vec::new(),
            date1904: false,
        }
    }

    fn marker() -> Marker {
        Marker {
            event: "E".into(),
            stage: "open-men".into(),
            round: 1,
        }
    }

    /// In an individual round the left-hand player has red (红方 column), so `黑胜` is their
    /// loss and `红胜`, `黑负` their win, read at once.
    #[test]
    fn individual_colour_words_are_the_red_and_black_players() {
        let t = table(&[
            &["第1轮"],
            &["台号", "红方", "结果", "黑方"],
            &["1", "甲", "黑胜", "乙"],
            &["2", "丙", "红胜", "丁"],
            &["3", "戊", "黑负", "己"],
        ]);
        let mut f = Findings::new();
        let s = read_unmarked(&[t], marker(), Sport::Xiangqi, &mut f).expect("a round sheet");
        let Rows::Individual(rows) = s.rows else {
            panic!("individual rows")
        };
        let got: Vec<_> = rows.iter().map(|r| r.result.clone()).collect();
        use ResultCell::Valid;
        assert_eq!(got, vec![Valid(Loss), Valid(Win), Valid(Win)]);
        assert!(f.all().is_empty());
    }

    /// In a team round the home player may have either colour: the word is kept with its
    /// colour, and the 执色 column is read for the match reader.
    #[test]
    fn team_colour_words_keep_their_colour() {
        let t = table(&[
            &["第1轮"],
            &[
                "场次",
                "台次",
                "主队",
                "主队棋手",
                "执色",
                "结果",
                "客队棋手",
                "客队",
            ],
            &["5", "2", "甲队", "唐凯泽", "黑", "黑胜", "乙二", "乙队"],
            &["5", "3", "甲队", "甲三", "红", "2:0", "乙三", "乙队"],
        ]);
        let mut f = Findings::new();
        let s = read_unmarked(&[t], marker(), Sport::Xiangqi, &mut f).expect("a round sheet");
        let Rows::Team(rows) = s.rows else {
            panic!("team rows")
        };
        assert_eq!(rows[0].home_colour, Some(Colour::Black));
        assert_eq!(
            rows[0].result,
            ResultCell::ByColour {
                colour: Colour::Black,
                result: Win,
                typed: "黑胜".into()
            }
        );
        assert_eq!(rows[0].result.for_left(rows[0].home_colour), Some(Win));
        assert_eq!(rows[0].result.valid(), None);
        assert_eq!(rows[1].result, ResultCell::Valid(Win));
        assert!(f.all().is_empty());
    }
}
