//! `out/roster.xlsx` (报名汇总): every person, normalized, with the name the TRF report gives
//! them (FIDE姓名) and the source of their row; a sheet
//! per team with its players in board order; a sheet of officials (领队/教练/随队人员).

use super::cell::Cell;
use super::out_dir::{Place, Rendered};
use super::tables::{SheetDoc, TextTable};
use crate::model::roster::{Board, Person, Role, Roster, Sourced, Team};
use crate::{Error, Lang};

const HEADERS: [(&str, &str); 17] = [
    ("序号", "No."),
    ("编号", "No. on form"),
    ("单位", "Unit"),
    ("身份", "Role"),
    ("姓名", "Name"),
    ("性别", "Sex"),
    ("出生日期", "Birth date"),
    ("证件号码", "ID number"),
    ("国际棋联ID", "FIDE ID"),
    ("等级分", "Rating"),
    ("台次", "Board"),
    ("组别", "Group"),
    ("注册单位", "Registered unit"),
    ("称号/等级", "Title"),
    ("证件类型", "ID document"),
    ("FIDE姓名", "FIDE name"),
    ("来源", "Source"),
];

fn opt<T>(v: &Option<Sourced<T>>, f: impl Fn(&T) -> String) -> String {
    v.as_ref().map(|s| f(&s.value)).unwrap_or_default()
}

/// The 来源 cell: the name cell's `file!sheet!cell`, plus a note for each derived value.
fn source_of(p: &Person, lang: Lang) -> String {
    let mut s = p
        .name
        .as_ref()
        .map(|n| n.source.to_string())
        .or_else(|| p.id.as_ref().map(|i| i.source.to_string()))
        .unwrap_or_default();
    let mut notes = Vec::new();
    let mut note =
        |label_zh: &str, label_en: &str, d: Option<&crate::model::roster::Derivation>| {
            if let Some(d) = d {
                notes.push(match lang {
                    Lang::Zh => format!("{label_zh}{}", d.zh()),
                    Lang::En => format!("{label_en} {}", d.en()),
                });
            }
        };
    note(
        "出生日期",
        "birth date",
        p.birth.as_ref().and_then(|b| b.derived.as_deref()),
    );
    note(
        "性别",
        "sex",
        p.sex.as_ref().and_then(|b| b.derived.as_deref()),
    );
    note(
        "身份证号",
        "ID",
        p.id.as_ref().and_then(|b| b.derived.as_deref()),
    );
    if !notes.is_empty() {
        s.push_str(" (");
        s.push_str(&notes.join(lang.pick("；", "; ")));
        s.push(')');
    }
    s
}

fn role_label(r: Role, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => r.zh(),
        Lang::En => match r {
            Role::Player => "player",
            Role::Leader => "leader",
            Role::Coach => "coach",
            Role::Staff => "staff",
        },
    }
}

fn person_row(no: usize, team: &Team, p: &Person, lang: Lang) -> Vec<Cell> {
    let text = |s: String| Cell::Text(s);
    vec![
        no.into(),
        Cell::entered(opt(&p.number, Clone::clone)),
        text(team.unit.value.clone()),
        role_label(p.role(), lang).into(),
        p.display_name().into(),
        text(opt(&p.sex, |s| lang.pick(s.zh(), s.en()).to_string())),
        text(opt(&p.birth, |b| b.to_string())),
        text(opt(&p.id, |i| i.number.clone())),
        text(opt(&p.fide_id, |i| i.to_string())),
        p.rating
            .as_ref()
            .map_or_else(Cell::default, |r| r.value.into()),
        match p.board.as_ref().map(|b| b.value) {
            Some(Board::Main(n)) => n.into(),
            Some(Board::Reserve(_)) if lang == Lang::En => "reserve".into(),
            b => text(b.map(|b| b.to_string()).unwrap_or_default()),
        },
        text(opt(&p.group, Clone::clone)),
        text(opt(&p.registered_unit, Clone::clone)),
        text(opt(&p.title, Clone::clone)),
        text(opt(&p.id, |i| {
            lang.pick(i.kind.zh(), i.kind.en()).to_string()
        })),
        text(fide_name(p)),
        text(source_of(p, lang)),
    ]
}

/// The name as the TRF report writes it (pinyin, "Surname, Given"), for the arbiter to check.
pub fn fide_name(p: &Person) -> String {
    if p.display_name().trim().is_empty() {
        String::new()
    } else {
        p.fide_name()
    }
}

fn officials(team: &Team) -> Vec<&Person> {
    team.leader
        .iter()
        .chain(team.coach.iter())
        .chain(team.staff.iter())
        .collect()
}

fn headers(lang: Lang) -> Vec<String> {
    HEADERS
        .iter()
        .map(|(z, e)| lang.pick(z, e).to_string())
        .collect()
}

/// A table of person rows in the roster's columns.
fn table(headers: Vec<String>, rows: Vec<Vec<Cell>>) -> TextTable {
    TextTable {
        headers,
        rows,
        centred: vec![0, 1, 3, 5, 6, 9, 10],
        // The document kind, the FIDE name and the source are for the screen (checking the ID
        // and the TRF), outside the print area.
        print_columns: Some(HEADERS.len() - 3),
        wrapped: vec![2, 12, 13, 14, 15],
        wrap_width: Some(6),
        notes: Vec::new(),
        groups: Vec::new(),
    }
}

/// A team's sheet: its players in board order (the roster workbook's sheet of the team, and
/// the 报名名单 of its packet).
pub fn team_sheet(t: &Team, lang: Lang) -> SheetDoc {
    let rows = t
        .board_order()
        .into_iter()
        .enumerate()
        .map(|(i, p)| person_row(i + 1, t, p, lang))
        .collect();
    // A team event's form declares the board order; an individual event's players have none
    // (issue 41: an individual event's entry list is not titled by boards).
    let kind = if t.players.iter().any(|p| p.board.is_some()) {
        lang.pick("报名名单（按台次）", "entry in board order")
    } else {
        lang.pick("报名名单", "entry list")
    };
    SheetDoc {
        name: t.unit.value.clone(),
        title: format!("{} {kind}", t.unit.value),
        table: table(headers(lang), rows),
        landscape: true,
    }
}

/// The sheets of the roster workbook.
pub fn sheets(roster: &Roster, lang: Lang) -> Vec<SheetDoc> {
    let mut all = Vec::new();
    let mut staff = Vec::new();
    for t in &roster.teams {
        for p in t.board_order() {
            all.push(person_row(all.len() + 1, t, p, lang));
        }
        for p in officials(t) {
            all.push(person_row(all.len() + 1, t, p, lang));
            staff.push(person_row(staff.len() + 1, t, p, lang));
        }
    }
    let mut out = vec![SheetDoc {
        name: lang.pick("报名汇总", "All entries").to_string(),
        title: lang.pick("报名汇总", "all entries").to_string(),
        table: table(headers(lang), all),
        landscape: true,
    }];
    out.extend(roster.teams.iter().map(|t| team_sheet(t, lang)));
    out.push(SheetDoc {
        name: lang.pick("领队教练", "Officials").to_string(),
        title: lang
            .pick("领队、教练及随队人员", "leaders, coaches and staff")
            .to_string(),
        table: table(headers(lang), staff),
        landscape: true,
    });
    out
}

/// `roster.xlsx`.
///
/// # Errors
///
/// [`Error::Output`] naming the workbook when it cannot be built.
pub fn render_roster(event_title: &str, roster: &Roster, lang: Lang) -> Result<Rendered, Error> {
    let wb = super::tables::owned_workbook(event_title, sheets(roster, lang), lang);
    Rendered::xlsx(Place::Out("roster.xlsx".into()), wb)
}
