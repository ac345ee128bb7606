//! A round workbook's pairing compared with the one bianpai recorded when it wrote it: who meets
//! whom, and (team events) on which boards. Line-ups and results are not compared: they are the
//! arbiter's to fill in.
//!
//! [`compare`] is pure: it returns each difference as a [`Change`] with its cell and bilingual
//! message; the season decides what a difference does to the round (an error until the
//! arbiter confirms the pairing in `event.toml`). An impossible pairing (a side against itself,
//! a side twice in one round) is a [`ChangeKind::Impossible`]: never confirmable.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::record::Recorded;
use super::sheet::{IndividualRow, RoundSheet, Rows, TeamBoardRow};
use crate::findings::Source;

/// What kind of difference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    /// Differs from the recorded pairing (swapped, changed, deleted or added).
    Changed,
    /// Cannot be a pairing at all.
    Impossible,
}

/// One difference, at the cell where it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Changed or impossible.
    pub kind: ChangeKind,
    /// The cell (or the sheet, for something deleted).
    pub source: Source,
    /// The message, Chinese.
    pub zh: String,
    /// The message, English.
    pub en: String,
}

/// How the compared names are matched: the key of a name cell (the roster's normalization for
/// teams; the name without a withdrawal mark for players), and which team rows are the
/// season's own entries (a withdrawal row, a bye row) rather than games.
pub struct Keys<'a> {
    /// The key of a team or player cell.
    pub key: &'a dyn Fn(&str) -> String,
    /// Whether a team row is a special entry, left out of the comparison.
    pub special: &'a dyn Fn(&TeamBoardRow) -> bool,
}

/// Compares the sheet's rows with the recorded pairing (`None`: only the impossible pairings
/// are looked for).
pub fn compare(sheet: &RoundSheet, recorded: Option<&Recorded>, keys: &Keys<'_>) -> Vec<Change> {
    match &sheet.rows {
        Rows::Team(rows) => {
            let rows: Vec<&TeamBoardRow> = rows.iter().filter(|r| !(keys.special)(r)).collect();
            compare_team(sheet, &rows, recorded, keys)
        }
        Rows::Individual(rows) => compare_individual(sheet, rows, recorded, keys),
    }
}

type Pair = (String, String);
/// An individual game by the keys of its sides (`None`: the bye).
type Game = (String, Option<String>);

fn cell(sheet: &RoundSheet, row: u32, col: u32) -> Source {
    Source::cell(&sheet.file, &sheet.sheet, row, col)
}

fn change(kind: ChangeKind, source: Source, zh: String, en: String) -> Change {
    Change {
        kind,
        source,
        zh,
        en,
    }
}

/// Whether a team cell is the bye (`轮空`) rather than a team.
fn is_bye(s: &str) -> bool {
    super::sheet::BYE_WORDS.contains(&s.trim())
}

/// The workbook's matches in sheet order, each with its names as written and its board rows.
struct SheetMatches<'a> {
    order: Vec<Pair>,
    names: BTreeMap<Pair, (String, String)>,
    by_match: BTreeMap<Pair, Vec<&'a TeamBoardRow>>,
}

impl SheetMatches<'_> {
    /// The match's first row (where a change to the whole match is shown) and its names.
    fn first(&self, k: &Pair) -> (u32, String, String) {
        let first = self
            .by_match
            .get(k)
            .and_then(|v| v.first())
            .map_or(0, |r| r.row);
        let (h, a) = self.names.get(k).cloned().unwrap_or_default();
        (first, h, a)
    }
}

/// A recorded match: its number, the names bianpai wrote, and its boards.
type RecordedMatch = (u32, String, String, BTreeSet<u32>);

fn compare_team(
    sheet: &RoundSheet,
    rows: &[&TeamBoardRow],
    recorded: Option<&Recorded>,
    keys: &Keys<'_>,
) -> Vec<Change> {
    let mut out = Vec::new();
    // The bye rows (a team against `轮空`) are compared apart from the matches.
    let (bye_rows, rows): (Vec<&TeamBoardRow>, Vec<&TeamBoardRow>) = rows
        .iter()
        .partition(|r| is_bye(&r.home_team) || is_bye(&r.away_team));
    let byes = sheet_byes(&bye_rows, keys.key);
    let matches = sheet_matches(sheet, &rows, keys.key, &mut out);
    out.extend(twice_in_round(sheet, &matches, &byes));
    let Some(rec) = recorded else { return out };
    out.extend(compare_byes(sheet, &byes, rec, keys));
    out.extend(compare_matches(sheet, &matches, rec, keys.key));
    out
}

/// The workbook's byes: team key → (name, row).
fn sheet_byes(
    bye_rows: &[&TeamBoardRow],
    key: &dyn Fn(&str) -> String,
) -> BTreeMap<String, (String, u32)> {
    let mut byes: BTreeMap<String, (String, u32)> = BTreeMap::new();
    for r in bye_rows {
        let team = if is_bye(&r.away_team) {
            &r.home_team
        } else {
            &r.away_team
        };
        if !is_bye(team) {
            byes.entry(key(team)).or_insert((team.clone(), r.row));
        }
    }
    byes
}

/// The workbook's matches; a team against itself is impossible and left out.
fn sheet_matches<'a>(
    sheet: &RoundSheet,
    rows: &[&'a TeamBoardRow],
    key: &dyn Fn(&str) -> String,
    out: &mut Vec<Change>,
) -> SheetMatches<'a> {
    let round = sheet.marker.round;
    let mut m = SheetMatches {
        order: Vec::new(),
        names: BTreeMap::new(),
        by_match: BTreeMap::new(),
    };
    for &r in rows {
        let k = (key(&r.home_team), key(&r.away_team));
        if k.0 == k.1 {
            out.push(change(
                ChangeKind::Impossible,
                cell(sheet, r.row, 7),
                format!("第{round}轮：{} 与自己对阵", r.home_team),
                format!("round {round}: {} is paired against itself", r.home_team),
            ));
            continue;
        }
        if !m.by_match.contains_key(&k) {
            m.order.push(k.clone());
            m.names
                .insert(k.clone(), (r.home_team.clone(), r.away_team.clone()));
        }
        m.by_match.entry(k).or_default().push(r);
    }
    m
}

/// Impossible whatever was recorded: a team in two matches of the round, or a team with the
/// bye that also plays a match.
fn twice_in_round(
    sheet: &RoundSheet,
    matches: &SheetMatches<'_>,
    byes: &BTreeMap<String, (String, u32)>,
) -> Vec<Change> {
    let round = sheet.marker.round;
    let mut out = Vec::new();
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for k in &matches.order {
        let (first, hn, an) = matches.first(k);
        for (team, name, col) in [(&k.0, &hn, 2u32), (&k.1, &an, 7u32)] {
            if !seen.insert(team.as_str()) {
                out.push(change(
                    ChangeKind::Impossible,
                    cell(sheet, first, col),
                    format!("第{round}轮：{name} 在本轮有两场对阵"),
                    format!("round {round}: {name} plays two matches in this round"),
                ));
            }
        }
    }
    for k in &matches.order {
        for team in [&k.0, &k.1] {
            if let Some((name, row)) = byes.get(team) {
                out.push(change(
                    ChangeKind::Impossible,
                    cell(sheet, *row, 2),
                    format!("第{round}轮：{name} 既轮空又有对阵"),
                    format!("round {round}: {name} has the bye and plays a match"),
                ));
            }
        }
    }
    out
}

/// The workbook's matches against the recorded ones: swapped home and away, a match bianpai
/// did not pair, boards added or deleted, and recorded matches deleted.
fn compare_matches(
    sheet: &RoundSheet,
    matches: &SheetMatches<'_>,
    rec: &Recorded,
    key: &dyn Fn(&str) -> String,
) -> Vec<Change> {
    let round = sheet.marker.round;
    let mut out = Vec::new();
    // The recorded matches: (home, away) → (match number, names, boards).
    let mut rec_order: Vec<Pair> = Vec::new();
    let mut rec_boards: BTreeMap<Pair, RecordedMatch> = BTreeMap::new();
    for g in &rec.games {
        let Some(right) = &g.right else { continue };
        if is_bye(&g.left) || is_bye(right) {
            continue;
        }
        let k = (key(&g.left), key(right));
        if !rec_boards.contains_key(&k) {
            rec_order.push(k.clone());
        }
        rec_boards
            .entry(k)
            .or_insert_with(|| (g.match_no, g.left.clone(), right.clone(), BTreeSet::new()))
            .3
            .insert(g.board);
    }
    let written = |k: &Pair| {
        rec_boards
            .get(k)
            .map(|(no, h, a, _)| (*no, h.clone(), a.clone()))
    };
    let mut accounted: BTreeSet<Pair> = BTreeSet::new();
    for k in &matches.order {
        let Some(rs) = matches.by_match.get(k) else {
            continue;
        };
        let (first, hn, an) = matches.first(k);
        let reversed = (k.1.clone(), k.0.clone());
        if let Some((no, h, a)) = written(&reversed) {
            accounted.insert(reversed);
            out.push(change(
                ChangeKind::Changed,
                cell(sheet, first, 2),
                format!("第{round}轮：{hn} – {an} 主客队被对调（bianpai 编排为第{no}场 {h} – {a}）"),
                format!("round {round}: {hn} – {an} has home and away swapped (bianpai paired match {no} {h} – {a})"),
            ));
            continue;
        }
        let Some((no, _, _, boards)) = rec_boards.get(k) else {
            // Name the recorded match the sheet's home team was in.
            let was = rec_order
                .iter()
                .find(|r| r.0 == k.0 || r.1 == k.0)
                .and_then(written)
                .map(|(no, h, a)| {
                    (
                        format!("第{no}场 {h} – {a}"),
                        format!("match {no} {h} – {a}"),
                    )
                })
                .unwrap_or_else(|| ("无此对阵".into(), "no such match".into()));
            out.push(change(
                ChangeKind::Changed,
                cell(sheet, first, 2),
                format!(
                    "第{round}轮：对阵 {hn} – {an} 不是 bianpai 的编排（bianpai 编排为{}）",
                    was.0
                ),
                format!(
                    "round {round}: the match {hn} – {an} is not the pairing bianpai wrote ({})",
                    was.1
                ),
            ));
            continue;
        };
        accounted.insert(k.clone());
        let names = (hn.as_str(), an.as_str());
        out.extend(compare_boards(sheet, names, first, rs, *no, boards));
    }
    for k in &rec_order {
        if accounted.contains(k) {
            continue;
        }
        if let Some((no, h, a)) = written(k) {
            out.push(change(
                ChangeKind::Changed,
                Source::sheet(&sheet.file, &sheet.sheet),
                format!("第{round}轮：bianpai 编排的第{no}场 {h} – {a} 在成绩表中被删除"),
                format!("round {round}: match {no} {h} – {a}, paired by bianpai, was deleted from the workbook"),
            ));
        }
    }
    out
}

/// The boards of a match bianpai recorded: a board it did not pair (or one written twice), and
/// the boards deleted.
fn compare_boards(
    sheet: &RoundSheet,
    (hn, an): (&str, &str),
    first: u32,
    rs: &[&TeamBoardRow],
    no: u32,
    boards: &BTreeSet<u32>,
) -> Vec<Change> {
    let round = sheet.marker.round;
    let mut out = Vec::new();
    let mut got: BTreeSet<u32> = BTreeSet::new();
    for r in rs {
        let b = r.board.unwrap_or(0);
        if !boards.contains(&b) || !got.insert(b) {
            out.push(change(
                ChangeKind::Changed,
                cell(sheet, r.row, 1),
                format!("第{round}轮 {hn} – {an}：第{b}台不在 bianpai 的编排中（第{no}场共 {} 台）", boards.len()),
                format!("round {round}, {hn} – {an}: board {b} is not in the pairing bianpai wrote (match {no} has {} boards)", boards.len()),
            ));
        }
    }
    let missing: Vec<String> = boards.difference(&got).map(u32::to_string).collect();
    if !missing.is_empty() {
        out.push(change(
            ChangeKind::Changed,
            cell(sheet, first, 1),
            format!(
                "第{round}轮 {hn} – {an}：第{}台被删除（bianpai 编排了这些台次）",
                missing.join("、")
            ),
            format!(
                "round {round}, {hn} – {an}: board(s) {} deleted (bianpai paired them)",
                missing.join(", ")
            ),
        ));
    }
    out
}

/// The workbook's byes against the recorded ones: a bye given to another team, added or
/// deleted is a change.
fn compare_byes(
    sheet: &RoundSheet,
    byes: &BTreeMap<String, (String, u32)>,
    rec: &Recorded,
    keys: &Keys<'_>,
) -> Vec<Change> {
    let round = sheet.marker.round;
    let mut written: BTreeMap<String, String> = BTreeMap::new();
    for g in &rec.games {
        let right = g.right.as_deref().unwrap_or_default();
        let team = match (is_bye(&g.left), is_bye(right)) {
            (false, true) => &g.left,
            (true, false) => right,
            _ => continue,
        };
        written.insert((keys.key)(team), team.to_string());
    }
    let names = |m: &BTreeMap<String, String>| {
        if m.is_empty() {
            ("无".to_string(), "none".to_string())
        } else {
            let v: Vec<&str> = m.values().map(String::as_str).collect();
            (v.join("、"), v.join(", "))
        }
    };
    let (was_zh, was_en) = names(&written);
    let mut out = Vec::new();
    for (k, (name, row)) in byes {
        if !written.contains_key(k) {
            out.push(change(
                ChangeKind::Changed,
                cell(sheet, *row, 2),
                format!("第{round}轮：{name} 轮空不是 bianpai 的编排（bianpai 编排的轮空队：{was_zh}）"),
                format!("round {round}: the bye of {name} is not the pairing bianpai wrote (bianpai's bye: {was_en})"),
            ));
        }
    }
    for (k, name) in &written {
        if !byes.contains_key(k) {
            out.push(change(
                ChangeKind::Changed,
                Source::sheet(&sheet.file, &sheet.sheet),
                format!("第{round}轮：bianpai 编排的 {name} 轮空一行在成绩表中被删除"),
                format!("round {round}: the bye row of {name}, paired by bianpai, was deleted from the workbook"),
            ));
        }
    }
    out
}

fn compare_individual(
    sheet: &RoundSheet,
    rows: &[IndividualRow],
    recorded: Option<&Recorded>,
    keys: &Keys<'_>,
) -> Vec<Change> {
    let round = sheet.marker.round;
    let key = keys.key;
    let mut out = Vec::new();
    let side = |s: &str| {
        let k = key(s);
        (!k.is_empty() && !is_bye(s)).then_some(k)
    };
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut games: Vec<(u32, Game, &IndividualRow)> = Vec::new();
    for r in rows {
        let (l, rt) = (key(&r.left), side(&r.right));
        if rt.as_deref() == Some(l.as_str()) {
            out.push(change(
                ChangeKind::Impossible,
                cell(sheet, r.row, 3),
                format!("第{round}轮：{} 与自己对局", r.left),
                format!("round {round}: {} is paired against themself", r.left),
            ));
            continue;
        }
        for (k, name, col) in [(Some(&l), &r.left, 1u32), (rt.as_ref(), &r.right, 3u32)] {
            if let Some(k) = k
                && !seen.insert(k.clone())
            {
                out.push(change(
                    ChangeKind::Impossible,
                    cell(sheet, r.row, col),
                    format!("第{round}轮：{name} 在本轮出现两次"),
                    format!("round {round}: {name} appears twice in this round"),
                ));
            }
        }
        games.push((r.row, (l, rt), r));
    }
    let Some(rec) = recorded else { return out };
    let rec_games: Vec<(Game, String)> = rec
        .games
        .iter()
        .map(|g| {
            let k = (key(&g.left), g.right.as_deref().map(key));
            let shown = match &g.right {
                Some(r) => format!("{} – {}", g.left, r),
                None => format!("{}（轮空）", g.left),
            };
            (k, shown)
        })
        .collect();
    // Each recorded game by its players, and each player by the first recorded game with them
    // on either side: a round of 1,000 boards is compared without scanning the recorded games
    // once per game.
    let mut by_game: HashMap<&Game, usize> = HashMap::with_capacity(rec_games.len());
    let mut by_player: HashMap<&str, usize> = HashMap::with_capacity(2 * rec_games.len());
    for (i, (g, _)) in rec_games.iter().enumerate() {
        by_game.entry(g).or_insert(i);
        by_player.entry(g.0.as_str()).or_insert(i);
        if let Some(right) = &g.1 {
            by_player.entry(right.as_str()).or_insert(i);
        }
    }
    let mut accounted: BTreeSet<usize> = BTreeSet::new();
    for (row, k, r) in &games {
        if let Some(&i) = by_game.get(k) {
            accounted.insert(i);
            continue;
        }
        let shown = match &k.1 {
            Some(_) => format!("{} – {}", r.left, r.right),
            None => format!("{}（轮空）", r.left),
        };
        let reversed = k.1.clone().map(|b| (b, Some(k.0.clone())));
        if let Some(&i) = reversed.as_ref().and_then(|g| by_game.get(g)) {
            accounted.insert(i);
            let was = rec_games.get(i).map(|g| g.1.clone()).unwrap_or_default();
            out.push(change(
                ChangeKind::Changed,
                cell(sheet, *row, 1),
                format!("第{round}轮：{shown} 先后手被对调（bianpai 编排为 {was}）"),
                format!("round {round}: {shown} has the colours swapped (bianpai paired {was})"),
            ));
            continue;
        }
        let was = by_player
            .get(k.0.as_str())
            .and_then(|&i| rec_games.get(i))
            .map(|g| g.1.as_str());
        out.push(change(
            ChangeKind::Changed,
            cell(sheet, *row, 1),
            format!(
                "第{round}轮：{shown} 不是 bianpai 的编排（bianpai 编排为 {}）",
                was.unwrap_or("无")
            ),
            format!(
                "round {round}: {shown} is not the pairing bianpai wrote (bianpai paired {})",
                was.unwrap_or("nothing for this player")
            ),
        ));
    }
    for (i, (_, shown)) in rec_games.iter().enumerate() {
        if !accounted.contains(&i) {
            out.push(change(
                ChangeKind::Changed,
                Source::sheet(&sheet.file, &sheet.sheet),
                format!("第{round}轮：bianpai 编排的 {shown} 在成绩表中被删除"),
                format!("round {round}: {shown}, paired by bianpai, was deleted from the workbook"),
            ));
        }
    }
    out
}

#[cfg(test)]
#[path = "compare_tests.rs"]
mod tests;
