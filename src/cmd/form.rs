//! `bianpai form <dir>`: the blank entry form `forms/报名表.xlsx` written from the folder's
//! current `event.toml` (title, deadline, contact, sections, the columns the event needs), so
//! the form mailed to the teams follows every edit of the regulation.
//!
//! Nothing is lost (SPEC §9): a form is overwritten only when bianpai wrote it and nobody changed
//! it since. That is known from `forms/.bianpai-forms` (each form bianpai wrote, with its length
//! and CRC-32), or, in a folder made before that file existed, from the form being byte for byte
//! the one `init` wrote from the folder's template. A form that is not bianpai's (an organizer's
//! own, a hand-edited one) stays as it is and the new form takes the first free name
//! `报名表（2）.xlsx`, `报名表（3）.xlsx`, …; every write is atomic.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::event::{self, Event, templates};
use crate::report::blank_form;
use crate::report::out_dir::{stamp_text, write_atomic};

/// Folder of the blank forms inside the event folder.
pub const FORMS_DIR: &str = "forms";
/// File name of the blank entry form.
pub const FORM_FILE: &str = "报名表.xlsx";
/// The list of the forms bianpai wrote in `forms/`: a name and its stamp a line.
pub const FORMS_STAMPS: &str = ".bianpai-forms";

/// How many numbered names are tried before giving up.
const MAX_NUMBERED: u32 = 99;

/// Where the form went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The form written.
    pub path: PathBuf,
    /// The file kept under the usual name, when it was not bianpai's.
    pub kept: Option<PathBuf>,
}

/// Writes the blank form of the folder's `event.toml` and says where.
///
/// # Errors
///
/// As [`event::load`] (no or a broken `event.toml`: exit status 2), and [`crate::Error::Io`] /
/// [`crate::Error::Output`] when the form cannot be built or written.
pub fn run(dir: &Path) -> crate::Result<u8> {
    if !dir.is_dir() {
        return Err(crate::Error::Usage(format!(
            "{}: 不是文件夹 (not a folder)",
            dir.display()
        )));
    }
    let ev = event::load(dir)?;
    let w = write_form(dir, &ev)?;
    super::output::write(&message(&w))?;
    Ok(0)
}

/// The lines printed for a form written.
pub(crate) fn message(w: &Written) -> String {
    let mut text = String::new();
    if let Some(kept) = &w.kept {
        text.push_str(&format!(
            "{} 不是 bianpai 写出的（或写出后被改过），未覆盖 ({} was not written by bianpai or was changed since: kept)\n",
            kept.display(),
            kept.display()
        ));
    }
    text.push_str(&format!(
        "已按 event.toml 写出报名表 (blank form written from event.toml) {}\n",
        w.path.display()
    ));
    text
}

/// Builds the blank form of `ev` and writes it into `<dir>/forms/` under the first name that is
/// free or bianpai's own, recording its stamp.
///
/// # Errors
///
/// [`crate::Error::Output`] when the form cannot be built, [`crate::Error::Io`] when it cannot be
/// written or no name is free.
pub fn write_form(dir: &Path, ev: &Event) -> crate::Result<Written> {
    let forms = dir.join(FORMS_DIR);
    let first = forms.join(FORM_FILE);
    let bytes = build(ev).map_err(|e| crate::Error::output(&first, e))?;
    let mut stamps = read_stamps(&forms);
    let template_form = ev
        .template()
        .and_then(|t| templates::find(t).ok())
        .and_then(|t| t.event().ok())
        .and_then(|t| build(&t).ok());
    let owned = |path: &Path, name: &str| -> bool {
        let Ok(old) = std::fs::read(path) else {
            return !path.exists();
        };
        old == bytes
            || stamps.get(name) == Some(&stamp_text(&old))
            || template_form.as_ref() == Some(&old)
    };
    let mut kept = None;
    let mut chosen = None;
    for n in 1..=MAX_NUMBERED {
        let name = numbered(n);
        let path = forms.join(&name);
        if owned(&path, &name) {
            chosen = Some((name, path));
            break;
        }
        if n == 1 {
            kept = Some(path);
        }
    }
    let Some((name, path)) = chosen else {
        return Err(crate::Error::io(
            &first,
            std::io::Error::other(format!(
                "forms/ 中 {FORM_FILE} 及其编号副本都不是 bianpai 写出的，未写出新报名表 \
                 (no free name for the blank form)"
            )),
        ));
    };
    write_atomic(&path, &bytes)?;
    stamps.insert(name, stamp_text(&bytes));
    let text: String = stamps
        .iter()
        .map(|(name, stamp)| format!("{name}\t{stamp}\n"))
        .collect();
    write_atomic(&forms.join(FORMS_STAMPS), text.as_bytes())?;
    Ok(Written { path, kept })
}

/// `报名表.xlsx`, `报名表（2）.xlsx`, …
fn numbered(n: u32) -> String {
    if n <= 1 {
        return FORM_FILE.to_string();
    }
    let stem = FORM_FILE.trim_end_matches(".xlsx");
    format!("{stem}（{n}）.xlsx")
}

fn build(ev: &Event) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    blank_form::build(ev).and_then(|mut wb| wb.save_to_buffer())
}

/// The stamps of `forms/.bianpai-forms` (a missing or unreadable file lists nothing).
fn read_stamps(forms: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(forms.join(FORMS_STAMPS))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(n, s)| (n.to_string(), s.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_names() {
        assert_eq!(numbered(1), "报名表.xlsx");
        assert_eq!(numbered(2), "报名表（2）.xlsx");
    }
}
