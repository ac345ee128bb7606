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

use crate::eligibility::quota::QuotaRow;
use crate::event::Event;
use crate::findings::Findings;
use crate::forms::Submission;
use crate::ingest::{Ignored, Loaded};
use crate::rounds::sheet::RoundSheet;
use crate::season::league::DRAW_STAGE;

/// What a file read turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    /// The submissions of entry forms, room requests and registration lists, in file, sheet
    /// and unit order.
    pub forms: Vec<Submission>,
    /// The lines of the quota tables, in file order.
    pub quotas: Vec<QuotaRow>,
    /// Every file read and what it is.
    pub files: Vec<(String, Part)>,
    /// The files ingest left aside (not tables), with the reason.
    pub ignored: Vec<Ignored>,
}

/// Classifies the files of a folder as read, with the findings of reading them (round
/// workbooks first, then forms, each in file order).
pub fn classify(event: &Event, loaded: &Loaded, findings: &mut Findings) -> Inputs {
    let rounds::Recognised {
        rounds: sheets,
        others,
        set_aside,
    } = rounds::recognise(&loaded.files, event, findings);
    let mut out = Inputs {
        // Not in a workbook set aside: a copy of the draw under another name is not read.
        draw: draw::read(
            (loaded.files.iter()).filter(|f| set_aside.binary_search(&f.path).is_err()),
        ),
        ignored: loaded.ignored.clone(),
        ..Inputs::default()
    };
    for s in sheets {
        if s.marker.stage == DRAW_STAGE {
            out.files.push((s.file, Part::Draw));
        } else {
            out.files.push((s.file.clone(), Part::Round));
            out.rounds.push(s);
        }
    }
    out.files
        .extend(set_aside.into_iter().map(|p| (p, Part::SetAside)));
    for (file, other) in others
        .iter()
        .zip(forms::read(Some(event), &others, findings))
    {
        let part = match other {
            forms::Other::Quota(rows) => {
                out.quotas.extend(rows);
                Part::Quota
            }
            forms::Other::Forms(subs) => {
                out.forms.extend(subs);
                Part::Forms
            }
            forms::Other::Unrecognised => Part::Unrecognised,
        };
        out.files.push((file.path.clone(), part));
    }
    out
}
