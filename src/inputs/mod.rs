//! Inputs: what each file of the event folder is, decided once, right after ingest.
//!
//! [`classify`] turns the loaded files into typed parts: the round workbooks that count (and
//! those set aside), the draw, the quota tables' lines, the submissions of entry forms, room
//! requests and registration lists, and the files nothing recognises. The computing layers
//! (`normalize`, `eligibility`, `season`, `outcome`) take these parts, never a
//! [`LoadedFile`](crate::ingest::LoadedFile); the readers (`rounds::sheet`,
//! `forms::read_table`, `eligibility::quota::table`) each read the tables classify hands them.
//!
//! Each file is the first of these that holds:
//!
//! 1. a round workbook: a marker sheet, or a round sheet copied without it ([`rounds`]); the
//!    draw is the one whose marker names the draw;
//! 2. a quota table (名额分配表): a unit column and place columns, no 姓名 column;
//! 3. bianpai's own file (a marker sheet) that is no readable round workbook: nothing;
//! 4. entry forms, room requests, registration lists: a header row with a name column;
//! 5. anything else is unrecognised (`file.unrecognized`).

mod draw;
mod forms;
pub mod rounds;

pub use draw::Draw;
pub use forms::read_forms;

use std::collections::HashSet;

use crate::eligibility::quota::QuotaRow;
use crate::event::Event;
use crate::findings::Findings;
use crate::forms::Submission;
use crate::ingest::{Ignored, Loaded};
use crate::rounds::sheet::RoundSheet;
use crate::season::league::DRAW_STAGE;

/// What a file read turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// A round workbook that counts (in [`Inputs::rounds`]).
    Round,
    /// The draw workbook (`results/draw.xlsx`).
    Draw,
    /// A round workbook set aside (a duplicate, or a name its marker contradicts): not read.
    SetAside,
    /// A quota table (名额分配表), its lines in [`Inputs::quotas`].
    Quota,
    /// Entry forms, room requests or registration lists (in [`Inputs::forms`]).
    Forms,
    /// Nothing bianpai recognises.
    Unrecognised,
}

/// The typed parts of an event folder.
#[derive(Debug, Default)]
pub struct Inputs {
    /// The round workbooks that count, one per stage and round (the draw apart).
    pub rounds: Vec<RoundSheet>,
    /// The team numbers of the draw workbook, when there is one.
    pub draw: Option<Draw>,
    /// The draw workbook of each team section (`results/<section>-draw.xlsx`) in an event of
    /// several team sections, by section id.
    pub section_draws: Vec<(String, Draw)>,
    /// The submissions of entry forms, room requests and registration lists, in file, sheet
    /// and unit order.
    pub forms: Vec<Submission>,
    /// The lines of the quota tables, in file order.
    pub quotas: Vec<QuotaRow>,
    /// Every file read and what it is.
    pub files: Vec<(String, Part)>,
    /// The files ingest left aside (not tables), with the reason.
    pub ignored: Vec<Ignored>,
    /// The rounds (`(marker stage, round)`) whose only workbook is outside `results/`: not
    /// read and not paired again (`round.outside-results`).
    pub held: Vec<(String, u32)>,
}

/// Classifies the files of a folder as read, with the findings of reading them (round
/// workbooks first, then forms, each in file order).
pub fn classify(event: &Event, loaded: &Loaded, findings: &mut Findings) -> Inputs {
    let mut out = Inputs {
        ignored: loaded.ignored.clone(),
        ..Inputs::default()
    };
    let others = rounds::recognise(&loaded.files, event, findings, &mut out);
    team_names(event, &mut out.rounds);
    // Not in a workbook set aside: a copy of the draw under another name is not read.
    let aside: HashSet<&str> = (out.files.iter())
        .filter(|(_, part)| *part == Part::SetAside)
        .map(|(path, _)| path.as_str())
        .collect();
    let kept = || (loaded.files.iter()).filter(|f| !aside.contains(f.path.as_str()));
    out.draw = draw::read(kept(), DRAW_STAGE);
    if event.has_team_sections() {
        for s in event.team_sections() {
            let ev = event.for_team_section(&s.id);
            if let Some(d) = draw::read(kept(), &ev.draw_marker()) {
                out.section_draws.push((s.id.to_string(), d));
            }
        }
    }
    for (file, (part, subs, quotas)) in
        others
            .iter()
            .zip(forms::read(Some(event), &others, findings))
    {
        out.forms.extend(subs);
        out.quotas.extend(quotas);
        out.files.push((file.path.clone(), part));
    }
    let draws = out
        .draw
        .iter_mut()
        .chain(out.section_draws.iter_mut().map(|(_, d)| d));
    for d in draws {
        for t in &mut d.teams {
            *t = event.team_name(t).to_string();
        }
    }
    out
}

/// The team cells of the round workbooks as the event names the teams: an alias of
/// `[[teams]]` typed by the arbiter is the team's name.
fn team_names(event: &Event, rounds: &mut [crate::rounds::sheet::RoundSheet]) {
    if event.teams().is_empty() {
        return;
    }
    for sheet in rounds {
        if let crate::rounds::sheet::Rows::Team(rows) = &mut sheet.rows {
            for r in rows {
                r.home_team = event.team_name(&r.home_team).to_string();
                r.away_team = event.team_name(&r.away_team).to_string();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::Code;
    use crate::forms::tests::{t, tb};
    use crate::ingest::{Cell, Format, LoadedFile, Table};
    use crate::rounds::marker::{MAGIC, SHEET};

    fn file(path: &str, tables: Vec<Table>) -> LoadedFile {
        let tables = tables
            .into_iter()
            .map(|t| Table {
                file: path.into(),
                ..t
            })
            .collect();
        LoadedFile {
            path: path.into(),
            format: Format::Xlsx,
            modified: None,
            tables,
        }
    }

    /// A marker sheet of the cxa template's event.
    fn marker(stage: &str, round: &str) -> Table {
        let rows = [
            [MAGIC, ""],
            ["event", "2023年全国业余棋王赛总决赛"],
            ["stage", stage],
            ["round", round],
        ];
        Table {
            sheet: SHEET.into(),
            ..tb(rows.iter().map(|r| r.map(t).to_vec()).collect())
        }
    }

    #[test]
    fn each_file_is_one_part() {
        let event = crate::event::templates::find("cxa-amateur-king-2023")
            .and_then(|t| t.event())
            .expect("template");
        let quota = tb(vec![
            vec![t("代表队"), t("公开组男子"), t("少年组（男女合计）")],
            vec![t("湖北省"), Cell::Int(2), Cell::Int(2)],
        ]);
        let draw = tb(vec![
            vec![t("抽签序号")],
            vec![t("序号"), t("队名")],
            vec![t("2"), t("乙队")],
            vec![t("1"), t("甲队")],
        ]);
        let loaded = Loaded {
            files: vec![
                file(
                    "a.xlsx",
                    vec![tb(vec![vec![t("姓名"), t("性别")], vec![t("甲"), t("男")]])],
                ),
                file("notes.xlsx", vec![tb(vec![vec![t("你好")]])]),
                file("results/draw.xlsx", vec![marker("draw", "0"), draw]),
                file("x/marker-only.xlsx", vec![marker("regular", "1")]),
                file("名额.xlsx", vec![quota]),
            ],
            ignored: Vec::new(),
        };
        let mut findings = Findings::new();
        let inputs = classify(&event, &loaded, &mut findings);
        let mut parts = inputs.files.clone();
        parts.sort();
        let want = [
            ("a.xlsx", Part::Forms),
            ("notes.xlsx", Part::Unrecognised),
            ("results/draw.xlsx", Part::Draw),
            ("x/marker-only.xlsx", Part::Unrecognised),
            ("名额.xlsx", Part::Quota),
        ];
        assert_eq!(parts, want.map(|(p, k)| (p.to_string(), k)).to_vec());
        assert!(inputs.rounds.is_empty(), "the draw is not a round");
        let draw = inputs.draw.expect("the draw");
        assert_eq!(draw.teams, vec!["甲队", "乙队"]);
        assert_eq!(inputs.forms.len(), 1);
        assert_eq!(inputs.quotas.len(), 1);
        // Only the file nothing recognises is a finding: bianpai's own file is not.
        let codes: Vec<_> = findings
            .all()
            .iter()
            .map(|f| (f.code, f.source.to_string()))
            .collect();
        assert_eq!(
            codes,
            vec![(Code::FileUnrecognized, "notes.xlsx!S".to_string())]
        );
    }
}
