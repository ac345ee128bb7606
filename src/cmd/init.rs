//! `bianpai init <dir> --template <name>`: start an event folder.
//!
//! Writes `<dir>/event.toml` (the template's commented text, verbatim) and the blank entry form
//! `<dir>/forms/报名表.xlsx`. An existing `event.toml` is never overwritten: it is the organizer's
//! edited regulation. When the form is missing, init writes it from that `event.toml` (as
//! `bianpai form` does); otherwise it refuses (exit status 2) and says so.

use std::path::Path;

use super::form::{FORM_FILE, FORMS_DIR, message, write_form};
use crate::event::{self, EVENT_FILE, templates};
use crate::report::out_dir::write_atomic;

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
        if !dir.join(FORMS_DIR).join(FORM_FILE).exists() {
            // The organizer's event.toml stays; the missing form is written from it.
            let ev = event::load(&toml_path)?;
            let w = write_form(dir, &ev)?;
            super::output::write(&format!(
                "{} 已存在，未覆盖 ({} exists; not overwritten)\n{}",
                toml_path.display(),
                toml_path.display(),
                message(&w)
            ))?;
            return Ok(0);
        }
        return Err(crate::Error::Usage(format!(
            "{} 已存在，未覆盖；如需按它重写报名表：bianpai form {} ({} exists; not overwritten; \
             to rewrite the blank form from it: bianpai form {})",
            toml_path.display(),
            dir.display(),
            toml_path.display(),
            dir.display()
        )));
    }
    // Parse before writing anything, so a broken template leaves no half-made folder.
    let ev = t.event()?;
    std::fs::create_dir_all(dir).map_err(|e| crate::Error::io(dir, e))?;
    write_atomic(&toml_path, t.text.as_bytes())?;
    let form = write_form(dir, &ev)?.path;
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
