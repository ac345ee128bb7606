//! `.xlsb` (Excel binary workbook) through calamine's streaming cells reader, after the
//! package was measured, like `.xlsx`. Merged cells are not read from .xlsb.

use std::io::Cursor;

use calamine::{Reader, SheetType, SheetVisible, Xlsb, XlsbError};

use super::convert::{Grid, from_data_ref};
use super::{Budget, Limits, Table, Unreadable, archive};

/// Reads every worksheet of an xlsb package.
///
/// # Errors
///
/// [`Unreadable`] for an encrypted, corrupt or oversized workbook.
pub(crate) fn read(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Vec<Table>, Unreadable> {
    archive::check_package(path, bytes, limits, budget)?;
    let mut wb: Xlsb<_> = Xlsb::new(Cursor::new(bytes)).map_err(|e| error(path, &e))?;
    let date1904 = wb.has_1904_epoch();
    let sheets: Vec<(String, bool)> = wb
        .sheets_metadata()
        .iter()
        .filter(|s| s.typ == SheetType::WorkSheet)
        .map(|s| (s.name.clone(), s.visible != SheetVisible::Visible))
        .collect();
    let mut tables = Vec::with_capacity(sheets.len());
    for (name, hidden) in sheets {
        let mut reader = wb
            .worksheet_cells_reader(&name)
            .map_err(|e| error(path, &e))?;
        let mut grid = Grid::new(limits, budget);
        while let Some(cell) = reader.next_cell().map_err(|e| error(path, &e))? {
            let (row, col) = cell.get_position();
            grid.put(path, &name, row, col, from_data_ref(cell.get_value()))?;
        }
        tables.push(Table {
            file: path.into(),
            sheet: name.into(),
            rows: grid.into_rows(),
            merges: Vec::new(),
            hidden,
            paragraphs: Vec::new(),
            date1904,
        });
    }
    Ok(tables)
}

fn error(path: &str, e: &XlsbError) -> Unreadable {
    match e {
        XlsbError::Password => Unreadable::new(
            path,
            "文件有密码保护，请去掉密码后重新发送",
            "the workbook is password-protected: remove the password and send it again",
        ),
        e => Unreadable::new(
            path,
            format!("xlsb 文件损坏（{e}）"),
            format!("corrupt xlsb file ({e})"),
        ),
    }
}
