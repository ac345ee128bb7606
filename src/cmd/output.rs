//! Standard output that ends quietly when the reader goes away (`bianpai run x --json | head`),
//! as ripgrep does: a closed pipe is not an error, and `print!` would panic on it.

use std::io::Write;

/// Writes `text` to standard output and flushes it. A closed pipe (the reader has what it
/// wanted) counts as done.
///
/// # Errors
///
/// [`crate::Error::Io`] for any other write failure (a full disk behind a redirect).
pub fn write(text: &str) -> crate::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(crate::Error::io("<stdout>", e))
        }
        _ => Ok(()),
    }
}
