//! The console window on Windows: how many processes share it, and waiting for a key. Elsewhere
//! there is no console of one's own: [`processes`] is `None` and nothing ever waits.

/// The number of processes attached to this program's console (Windows'
/// `GetConsoleProcessList`): 1 when the window was opened for this program (a click or a drop),
/// 2 or more when a shell started it; `None` when not on Windows or when the call fails.
#[cfg(windows)]
pub fn processes() -> Option<u32> {
    use windows_sys::Win32::System::Console::GetConsoleProcessList;
    let mut ids = [0u32; 8];
    let len = u32::try_from(ids.len()).unwrap_or(1);
    // SAFETY: `ids` is valid for `len` writes; the call writes at most `len` process ids and
    // returns the total count (possibly more than `len`), or 0 on failure.
    let count = unsafe { GetConsoleProcessList(ids.as_mut_ptr(), len) };
    (count > 0).then_some(count)
}

/// Not Windows: no console of its own.
#[cfg(not(windows))]
pub fn processes() -> Option<u32> {
    None
}

/// Waits until a key is pressed in the console (any key, not only Enter); returns at once if
/// the console input cannot be read.
#[cfg(windows)]
pub fn wait_for_key() {
    use windows_sys::Win32::System::Console::{
        FlushConsoleInputBuffer, GetStdHandle, INPUT_RECORD, KEY_EVENT, ReadConsoleInputW,
        STD_INPUT_HANDLE,
    };
    // SAFETY: the handle comes from GetStdHandle and is only passed back to console calls;
    // `record` is a plain C struct, valid when zeroed, and ReadConsoleInputW writes at most one.
    unsafe {
        let input = GetStdHandle(STD_INPUT_HANDLE);
        FlushConsoleInputBuffer(input);
        loop {
            let mut record: INPUT_RECORD = std::mem::zeroed();
            let mut read = 0u32;
            if ReadConsoleInputW(input, &mut record, 1, &mut read) == 0 || read == 0 {
                return;
            }
            if u32::from(record.EventType) == KEY_EVENT && record.Event.KeyEvent.bKeyDown != 0 {
                return;
            }
        }
    }
}

/// Not Windows: never waits.
#[cfg(not(windows))]
pub fn wait_for_key() {}
