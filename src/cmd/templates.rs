//! `bianpai templates`: list the built-in templates with the event each describes.

use crate::event::templates::TEMPLATES;

/// Prints one line per template: name, a tab, the event's title.
///
/// # Errors
///
/// Only if a built-in template is broken (a bug the tests catch).
pub fn run() -> crate::Result<u8> {
    super::output::write(&listing()?)?;
    Ok(0)
}

/// The text `bianpai templates` prints.
///
/// # Errors
///
/// Only if a built-in template is broken.
pub fn listing() -> crate::Result<String> {
    let mut out = String::new();
    for t in TEMPLATES {
        let ev = t.event()?;
        out.push_str(t.name);
        out.push('\t');
        out.push_str(&ev.meta().name);
        out.push('\n');
    }
    Ok(out)
}
