//! `bianpai init <dir> --template <name>`: start an event folder.
//!
//! Writes `<dir>/event.toml` (the template's commented text, verbatim) and the blank entry form
//! `<dir>/forms/报名表.xlsx`. An existing `event.toml` is never overwritten: it is the organizer's
//! edited regulation, so init refuses (exit status 2) and says so.

use std::path::Path;

use crate::event::{self, EVENT_FILE, templates};
use crate::report::blank_form;
use crate::report::out_dir::write_atomic;

/// Folder of the blank forms inside the event folder.
pub const FORMS_DIR: &str = "forms";
/// File name of the blank entry form.
pub const FORM_FILE: &str = "报名表.xlsx";

/// Creates the event folder from a template.
///
/// # Errors
///
/// [`crate::Error::Usage`] for an unknown template or an existing `event.toml`;
/// [`crate::Error::Io`] when the folder or a file cannot be written.
pub fn run(dir: &Path, template: &str) -> crate::Result<u8> {
    let t = templates::find(template)?;
    let toml_path = dir.join(EVENT_FILE);
    if toml_path.exists() {
        return Err(crate::Error::Usage(format!(
            "{} 已存在，未覆盖；如需重新生成，请先移走该文件 ({} exists; not overwritten)",
            toml_path.display(),
            toml_path.display()
        )));
    }
    // Parse before writing anything, so a broken template leaves no half-made folder.
    let ev = t.event()?;
    std::fs::create_dir_all(dir).map_err(|e| crate::Error::io(dir, e))?;
    write_atomic(&toml_path, t.text.as_bytes())?;
    let form = dir.join(FORMS_DIR).join(FORM_FILE);
    let bytes = blank_form::build(&ev)
        .and_then(|mut wb| wb.save_to_buffer())
        .map_err(|e| crate::Error::output(&form, e))?;
    write_atomic(&form, &bytes)?;
    // Read back what was written: the organizer starts from a file that loads.
    event::load(&toml_path)?;
    let mut text = format!(
        "已创建 (created) {}\n已创建 (created) {}\n",
        toml_path.display(),
        form.display()
    );
    let defaults = ev.defaults();
    if defaults.is_empty() {
        text.push_str("请按规程核对 event.toml，然后把报名表发给各队。\n");
    } else {
        text.push_str(&format!(
            "以下条目是规程未规定的默认值，请在 event.toml 中确认 (template defaults to confirm): {}\n",
            defaults.join(", ")
        ));
        text.push_str("确认后把报名表发给各队。\n");
    }
    super::output::write(&text)?;
    Ok(0)
}
