//! `out/eligibility.xlsx` (资格审查: a summary per team, then one row per finding, errors first)
//! and the packet sent back to each team, `out/teams/<unit>.xlsx` (its roster and its findings).
//!
//! The 来源 cell of every finding links to the cell in the team's own file, by a path relative to
//! the workbook (`../北京市报名表.xlsx#'报名表'!C9`), so the event folder can be moved or sent
//! whole. A file inside a zip, a CSV or a text file is linked as a file; the cell stays in the
//! text.
//!
//! A packet is a list of [`LinkedSheet`]s built by [`team_sheets`] and laid out by
//! [`linked_workbook`]; a further sheet (a cost statement) is one more `LinkedSheet` pushed there.

use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};

use rust_xlsxwriter::{Workbook, XlsxError};

use super::cell::Cell;
use super::out_dir::{Place, Rendered};
use super::tables::{CellLinks, SheetDoc, TextTable, Texts, build_owned_sheets};
use crate::findings::{Finding, Severity, Source};
use crate::model::roster::{Roster, Team};
use crate::{Error, Lang};

/// Index of the 说明 column in the findings sheets.
const MESSAGE_COLUMN: usize = 4;

/// `text` without the places of rulings in event.toml (`，event.toml 第470行`,
/// `, event.toml line 470`), for the documents that go to the teams.
///
/// ```
/// # use bianpai::report::eligibility::without_event_lines;
/// assert_eq!(without_event_lines("（已裁定准予参赛，规程 九(一)，event.toml 第407行）"), "（已裁定准予参赛，规程 九(一)）");
/// assert_eq!(without_event_lines(" (ruled eligible, event.toml line 7)"), " (ruled eligible)");
/// ```
pub fn without_event_lines(text: &str) -> String {
    let mut s = text.to_string();
    for (start, end) in [("，event.toml 第", "行"), (", event.toml line ", "")] {
        while let Some(i) = s.find(start) {
            let rest = &s[i + start.len()..];
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let tail = if rest[digits..].starts_with(end) {
                end.len()
            } else {
                0
            };
            s.replace_range(i..i + start.len() + digits + tail, "");
        }
    }
    s
}

/// Index of the 来源 column in the findings sheets.
const SOURCE_COLUMN: usize = 6;

/// A sheet and the links on some of its body cells: (row index in `doc.table.rows`, column) →
/// URL as rust_xlsxwriter takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkedSheet {
    /// The sheet.
    pub doc: SheetDoc,
    /// Links on body cells.
    pub links: CellLinks,
}

impl From<SheetDoc> for LinkedSheet {
    fn from(doc: SheetDoc) -> LinkedSheet {
        LinkedSheet {
            doc,
            links: BTreeMap::new(),
        }
    }
}

/// Links from one output folder to the files of the event folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Links {
    /// Prefix put before a source's file: `../`, `../../`, or an absolute `file:///` path when
    /// the two folders share no root.
    prefix: String,
}

fn components(p: &Path) -> Vec<Component<'_>> {
    p.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

impl Links {
    /// Links from a workbook written in `out_dir` to files of `event_dir`.
    pub fn new(event_dir: &Path, out_dir: &Path) -> Links {
        let (ev, out) = (absolute(event_dir), absolute(out_dir));
        let (e, o) = (components(&ev), components(&out));
        let common = e.iter().zip(&o).take_while(|(a, b)| a == b).count();
        if common == 0 {
            let path = ev.to_string_lossy().replace('\\', "/");
            return Links {
                prefix: format!("{}/", path.trim_end_matches('/')),
            };
        }
        let mut prefix = "../".repeat(o.len().saturating_sub(common));
        for c in e.iter().skip(common) {
            prefix.push_str(&c.as_os_str().to_string_lossy());
            prefix.push('/');
        }
        Links { prefix }
    }

    /// The link of a finding's source, `None` when it names no file. Workbooks link to the
    /// cell (`#'Sheet'!C9`, the sheet quoted); a zip member links to its zip, a CSV or text file
    /// to itself.
    ///
    /// ```
    /// use bianpai::findings::Source;
    /// use bianpai::report::eligibility::Links;
    /// use std::path::Path;
    /// let l = Links::new(Path::new("/ev"), Path::new("/ev/out"));
    /// let s = Source::cell("北京市报名表.xlsx", "报名表", 8, 2);
    /// assert_eq!(l.url(&s).as_deref(), Some("file:///../北京市报名表.xlsx#'报名表'!C9"));
    /// let z = Source::cell("附件.zip/山东省报名表.xls", "报名表", 5, 2);
    /// assert_eq!(l.url(&z).as_deref(), Some("file:///../附件.zip"));
    /// ```
    pub fn url(&self, src: &Source) -> Option<String> {
        if src.file.is_empty() {
            return None;
        }
        let lower = src.file.to_lowercase();
        if let Some(i) = lower.find(".zip/") {
            let zip = src.file.get(..i + 4)?;
            return Some(format!("file:///{}{zip}", self.prefix));
        }
        let workbook = [".xlsx", ".xlsm", ".xls", ".ods"]
            .iter()
            .any(|e| lower.ends_with(e));
        let anchor = match (&src.sheet, workbook) {
            (Some(sh), true) => format!(
                "#'{}'!{}",
                sh.replace('\'', "''"),
                src.a1().unwrap_or_else(|| "A1".into())
            ),
            _ => String::new(),
        };
        Some(format!("file:///{}{}{anchor}", self.prefix, src.file))
    }
}

fn finding_headers(lang: Lang) -> Vec<String> {
    [
        ("严重程度", "Severity"),
        ("单位", "Team"),
        ("姓名", "Person"),
        ("代码", "Code"),
        ("说明", "Message"),
        ("规程条款", "Clause"),
        ("来源", "Source"),
    ]
    .iter()
    .map(|(z, e)| lang.pick(z, e).to_string())
    .collect()
}

fn finding_row(f: &Finding, lang: Lang) -> Vec<String> {
    let sev = match (f.severity, lang) {
        (Severity::Error, Lang::Zh) => "错误",
        (Severity::Warning, Lang::Zh) => "警告",
        (Severity::Error, Lang::En) => "error",
        (Severity::Warning, Lang::En) => "warning",
    };
    vec![
        sev.to_string(),
        f.team.clone().unwrap_or_default(),
        f.person.clone().unwrap_or_default(),
        f.code.to_string(),
        f.message(lang).to_string(),
        f.clause
            .as_deref()
            .map(|c| super::english::clause(c, lang))
            .unwrap_or_default(),
        f.source.to_string(),
    ]
}

fn findings_sheet(
    name: &str,
    title: &str,
    findings: &[&Finding],
    links: &Links,
    lang: Lang,
) -> LinkedSheet {
    let doc = SheetDoc {
        name: name.to_string(),
        title: title.to_string(),
        table: TextTable {
            headers: finding_headers(lang),
            rows: (findings.iter())
                .map(|f| super::cell::texts(finding_row(f, lang)))
                .collect(),
            centred: vec![0],
            wrapped: vec![4, 6],
            wrap_width: Some(24),
            ..Default::default()
        },
        landscape: true,
    };
    let links = findings
        .iter()
        .enumerate()
        .filter_map(|(i, f)| links.url(&f.source).map(|u| ((i, SOURCE_COLUMN), u)))
        .collect();
    LinkedSheet { doc, links }
}

/// `eligibility.xlsx`: 汇总 (per team: errors, warnings) and 问题清单 (every finding, errors
/// first, its source linked from the output folder `out` to the cell in `event_dir`).
/// `findings` must already be sorted.
///
/// # Errors
///
/// [`Error::Output`] naming the workbook when it cannot be built.
pub fn render_eligibility(
    out: &Path,
    event_dir: &Path,
    event_title: &str,
    roster: &Roster,
    findings: &[&Finding],
    lang: Lang,
) -> Result<Rendered, Error> {
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for t in &roster.teams {
        counts.entry(t.unit.value.clone()).or_default();
    }
    for f in findings {
        let key = f
            .team
            .clone()
            .unwrap_or_else(|| lang.pick("（文件）", "(files)").to_string());
        let e = counts.entry(key).or_default();
        match f.severity {
            Severity::Error => e.0 += 1,
            Severity::Warning => e.1 += 1,
        }
    }
    let mut rows: Vec<Vec<Cell>> = counts
        .iter()
        .map(|(t, &(e, w))| vec![t.as_str().into(), e.into(), w.into()])
        .collect();
    let (te, tw) = counts.values().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    rows.push(vec![
        lang.pick("合计", "Total").into(),
        te.into(),
        tw.into(),
    ]);
    let summary = SheetDoc {
        name: lang.pick("汇总", "Summary").into(),
        title: lang.pick("资格审查汇总", "eligibility summary").into(),
        table: TextTable {
            headers: vec![
                lang.pick("单位", "Team").into(),
                lang.pick("错误", "Errors").into(),
                lang.pick("警告", "Warnings").into(),
            ],
            rows,
            centred: vec![1, 2],
            ..Default::default()
        },
        landscape: false,
    };
    let links = Links::new(event_dir, out);
    let list = findings_sheet(
        lang.pick("问题清单", "Findings"),
        lang.pick("资格审查问题清单", "eligibility findings"),
        findings,
        &links,
        lang,
    );
    let wb = linked_workbook(event_title, vec![summary.into(), list], lang);
    Rendered::xlsx(Place::Out("eligibility.xlsx".into()), wb)
}

/// A file name Windows accepts for a team's packet: reserved characters replaced, trailing dots
/// and spaces dropped, reserved device names prefixed, at most 60 characters.
///
/// ```
/// use bianpai::report::eligibility::safe_file_stem;
/// assert_eq!(safe_file_stem("北京/天津队"), "北京_天津队");
/// assert_eq!(safe_file_stem("CON"), "_CON");
/// assert_eq!(safe_file_stem(" . "), "team");
/// ```
pub fn safe_file_stem(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if matches!(c, '<' | '>' | ':' | '"' | '/' | '\\' | '|' | '?' | '*') || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .take(60)
        .collect();
    s = s.trim().trim_end_matches(['.', ' ']).to_string();
    if s.is_empty() {
        return "team".into();
    }
    let upper = s.to_ascii_uppercase();
    let base = upper.split('.').next().unwrap_or("");
    let reserved = ["CON", "PRN", "AUX", "NUL"].contains(&base)
        || ((base.starts_with("COM") || base.starts_with("LPT"))
            && base.len() == 4
            && base.ends_with(|c: char| c.is_ascii_digit()));
    if reserved {
        s.insert(0, '_');
    }
    s
}

/// The team packets of a run, `teams/<unit>.xlsx` for every team (see [`team_sheets`]), plus,
/// in a team stage, its matches round by round board by board (对阵与成绩) and its place with
/// the tie-breaks (名次), its statement (费用结算, from the outcome's money, when it has a line)
/// and its standing (资格待查, 取消资格). Indexed once; [`Packets::render`] builds one, so that
/// a caller can spread them over threads with other outputs.
pub struct Packets<'a> {
    event_title: &'a str,
    findings: &'a [&'a Finding],
    statuses: &'a crate::outcome::Statuses,
    lang: Lang,
    links: Links,
    /// A team's findings: by its name, and by its file.
    by_team: HashMap<&'a str, Vec<usize>>,
    by_file: HashMap<&'a str, Vec<usize>>,
    statement_of: HashMap<&'a str, &'a crate::money::costs::Statement>,
    /// The stage indexed once for every team's sheets.
    stage: Option<super::season::packets::PacketIndex<'a>>,
    /// Each packet's name in the output folder and team, in roster order.
    jobs: Vec<(String, &'a Team)>,
    /// `[privacy] mask_phones`: mobile numbers masked in every cell of the packets.
    mask_phones: bool,
}

impl<'a> Packets<'a> {
    /// Indexes the findings, statements and stage for the packets of every team of `roster`,
    /// saved in `teams/` of the output folder `out` (one file name per team, unique
    /// case-insensitively).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        out: &Path,
        event_dir: &Path,
        event_title: &'a str,
        roster: &'a Roster,
        findings: &'a [&'a Finding],
        outcome: &'a crate::outcome::EventOutcome,
        sport: crate::rounds::notation::Sport,
        lang: Lang,
    ) -> Self {
        let links = Links::new(event_dir, &out.join("teams"));
        // Indexed once: a packet's findings and statement are looked up, not searched for.
        let mut by_team: HashMap<&str, Vec<usize>> = HashMap::new();
        let mut by_file: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, f) in findings.iter().enumerate() {
            if let Some(team) = &f.team {
                by_team.entry(team.as_str()).or_default().push(i);
            }
            by_file.entry(&*f.source.file).or_default().push(i);
        }
        let mut statement_of: HashMap<&str, &crate::money::costs::Statement> = HashMap::new();
        for (st, _) in &outcome.money.statements {
            statement_of.entry(st.team.as_str()).or_insert(st);
        }
        let mut used = std::collections::HashSet::new();
        let mut jobs = Vec::with_capacity(roster.teams.len());
        for t in &roster.teams {
            let mut stem = safe_file_stem(&t.unit.value);
            while used.contains(&stem.to_lowercase()) {
                stem.push('_');
            }
            used.insert(stem.to_lowercase());
            jobs.push((format!("teams/{stem}.xlsx"), t));
        }
        let stage = outcome
            .stage
            .as_ref()
            .map(|st| super::season::packets::PacketIndex::new(st, roster, sport, lang));
        Packets {
            event_title,
            findings,
            statuses: &outcome.statuses,
            lang,
            links,
            by_team,
            by_file,
            statement_of,
            stage,
            jobs,
            mask_phones: false,
        }
    }

    /// With `mask`, mobile numbers print masked (`138****0123`) in the packets
    /// (`[privacy] mask_phones`).
    #[must_use]
    pub fn mask_phones(mut self, mask: bool) -> Self {
        self.mask_phones = mask;
        self
    }

    /// The number of packets (one per team).
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    /// The people on packet `i`'s team (0 for no such packet): what its workbook's size goes by.
    pub fn people(&self, i: usize) -> usize {
        self.jobs
            .get(i)
            .map_or(0, |(_, t)| t.players.len() + t.staff.len())
    }

    /// Whether there is no team.
    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    /// Builds packet `i` (in roster order).
    ///
    /// # Errors
    ///
    /// [`Error::Output`] naming the packet when it cannot be built.
    pub fn render(&self, i: usize) -> Result<Rendered, Error> {
        let lang = self.lang;
        let Some((name, t)) = self.jobs.get(i) else {
            return Err(Error::output("teams", "no such packet"));
        };
        let none = Vec::new();
        let (a, b) = (
            self.by_team.get(t.unit.value.as_str()).unwrap_or(&none),
            self.by_file.get(t.file.as_str()).unwrap_or(&none),
        );
        let mine: Vec<&Finding> =
            (merged(a, b).filter_map(|i| self.findings.get(i)).copied()).collect();
        let mut sheets = sheets_of(t, &mine, &self.links, lang);
        // The team's standing, on the findings sheet's title: 资格待查 (prizes withheld) or
        // 取消资格, until the arbiter rules.
        let findings_sheet = lang.pick("审查问题", "Findings");
        if let (Some(st), Some(s)) = (
            self.statuses.team(&t.unit.value),
            sheets.iter_mut().find(|s| s.doc.name == findings_sheet),
        ) {
            let note = match (st.is_disqualified(), lang) {
                (false, Lang::Zh) => "注：本队资格待查，奖金暂缓发放，待裁定",
                (false, Lang::En) => "Note: eligibility pending, prizes withheld until ruled",
                (true, Lang::Zh) => "注：本队已被取消资格",
                (true, Lang::En) => "Note: the team is disqualified",
            };
            s.doc.table.notes.push(note.to_string());
        }
        // The packet goes to the team: the rulings' places in event.toml are the organizer's.
        if let Some(s) = sheets.iter_mut().find(|s| s.doc.name == findings_sheet) {
            for row in &mut s.doc.table.rows {
                if let Some(m) = row.get_mut(MESSAGE_COLUMN) {
                    *m = Cell::Text(without_event_lines(&m.text()));
                }
            }
        }
        // The team's matches round by round and its place (a team stage).
        if let Some(stage) = &self.stage {
            sheets.extend(
                stage
                    .sheets(&t.unit.value)
                    .into_iter()
                    .map(LinkedSheet::from),
            );
        }
        if self.mask_phones {
            for s in &mut sheets {
                s.doc.title = super::privacy::mask_phones(&s.doc.title);
                for cell in s.doc.table.rows.iter_mut().flatten() {
                    let masked = super::privacy::mask_phones(&cell.text());
                    if masked != cell.text() {
                        *cell = Cell::Text(masked);
                    }
                }
            }
        }
        // The statement last, as its sheet in `costs.xlsx`: amounts as numbers, the sign-off.
        let st = self.statement_of.get(t.unit.value.as_str());
        let st = st.filter(|s| !s.lines.is_empty());
        let wb = linked_workbook(self.event_title, sheets, lang).and_then(|mut wb| {
            if let Some(st) = st {
                let name = lang.pick("费用结算", "Statement");
                let styles = super::style::Styles::new();
                let ws = wb.add_worksheet();
                super::costs::statement_sheet(ws, &styles, self.event_title, name, st, lang)?;
            }
            Ok(wb)
        });
        Rendered::xlsx(Place::Out(name.clone()), wb)
    }
}

/// The union of two ascending index lists, ascending, each index once.
fn merged<'a>(a: &'a [usize], b: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
    let (mut i, mut j) = (0, 0);
    std::iter::from_fn(move || match (a.get(i), b.get(j)) {
        (Some(&x), Some(&y)) if x == y => {
            i += 1;
            j += 1;
            Some(x)
        }
        (Some(&x), Some(&y)) if x < y => {
            i += 1;
            Some(x)
        }
        (_, Some(&y)) => {
            j += 1;
            Some(y)
        }
        (Some(&x), None) => {
            i += 1;
            Some(x)
        }
        (None, None) => None,
    })
}

/// The sheets of a team's packet: 报名名单 (its roster) and 审查问题 (its findings: those naming
/// the team or read from its file), sources linked through `links`.
pub fn team_sheets(t: &Team, findings: &[Finding], links: &Links, lang: Lang) -> Vec<LinkedSheet> {
    let mine: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.team.as_deref() == Some(t.unit.value.as_str()) || *f.source.file == *t.file)
        .collect();
    sheets_of(t, &mine, links, lang)
}

fn sheets_of(t: &Team, mine: &[&Finding], links: &Links, lang: Lang) -> Vec<LinkedSheet> {
    let mut roster_sheet = super::roster::team_sheet(t, lang);
    roster_sheet.name = lang.pick("报名名单", "Entry").into();
    let mut v = vec![LinkedSheet::from(roster_sheet)];
    let title = match lang {
        Lang::Zh => format!("{} 资格审查问题（{}条）", t.unit.value, mine.len()),
        Lang::En => format!("{}: {} findings", t.unit.value, mine.len()),
    };
    v.push(findings_sheet(
        lang.pick("审查问题", "Findings"),
        &title,
        mine,
        links,
        lang,
    ));
    v
}

/// The sheets in one workbook: the layout of [`super::tables::workbook`] (title row, header
/// row, frozen panes, A4), plus the links. The sheets are handed over: each is dropped once
/// written (a packet of 99,000 people holds one of its large sheets at a time, issue 46).
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub fn linked_workbook(
    event_title: &str,
    sheets: Vec<LinkedSheet>,
    lang: Lang,
) -> Result<Workbook, XlsxError> {
    let linked: Vec<(SheetDoc, Option<CellLinks>)> = (sheets.into_iter())
        .map(|s| (s.doc, Some(s.links)))
        .collect();
    build_owned_sheets(
        event_title,
        linked,
        &Texts {
            empty: lang.pick("没有问题", "no findings"),
            none: lang.pick("无", "none"),
            signed: None,
            lang,
        },
    )
}
