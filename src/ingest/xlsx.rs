//! `.xlsx`/`.xlsm` through calamine, after the package was measured, cell by cell with the
//! streaming reader.
//!
//! `worksheet_range` is never called here: a 6 KB xlsx with cells A1 and XFD1048576 makes it
//! allocate 512 GB and abort the process (ECOSYSTEM §1). The streaming reader lets us stop at
//! the first cell beyond the limits.

use std::io::Cursor;

use calamine::{Reader, SheetType, SheetVisible, Xlsx, XlsxError};

use super::convert::{self, Grid, from_data_ref};
use super::{Budget, Limits, Table, Unreadable, archive, xlsx_merges};

/// Reads every worksheet of an xlsx package.
///
/// # Errors
///
/// [`Unreadable`] for an encrypted, corrupt or oversized workbook, naming the limit or the
/// cell that exceeded it.
pub(crate) fn read(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Vec<Table>, Unreadable> {
    // Each part inflated once, here; calamine reads the parts stored without compression.
    let unpacked = archive::unpacked_package(path, bytes, limits, budget)?;
    let bytes = unpacked.as_ref().map_or(bytes, |u| u.zip.as_slice());
    let mut wb: Xlsx<_> =
        calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|e| error(path, &e))?;
    let sheets: Vec<(String, bool)> = wb
        .sheets_metadata()
        .iter()
        .filter(|s| s.typ == SheetType::WorkSheet)
        .map(|s| (s.name.clone(), s.visible != SheetVisible::Visible))
        .collect();
    // The merged regions from the parts (only when they were stored again), else calamine's.
    let mut own = unpacked
        .as_ref()
        .and_then(|u| xlsx_merges::by_sheet(&u.parts));
    let mut tables = Vec::with_capacity(sheets.len());
    for (name, hidden) in sheets {
        let rows = read_sheet(path, &name, &mut wb, limits, budget)?;
        let merges = match own.as_mut().and_then(|m| m.remove(&name)) {
            Some(m) => m,
            None => convert::merges(
                &wb.merge_cells_by_sheet_name(&name)
                    .map_err(|e| error(path, &e))?,
            ),
        };
        tables.push(Table {
            file: path.into(),
            sheet: name.into(),
            rows,
            merges,
            hidden,
            paragraphs: Vec::new(),
            date1904: wb.has_1904_epoch(),
        });
    }
    Ok(tables)
}

fn read_sheet(
    path: &str,
    name: &str,
    wb: &mut Xlsx<Cursor<&[u8]>>,
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Vec<Vec<super::Cell>>, Unreadable> {
    let mut reader = wb
        .worksheet_cells_reader(name)
        .map_err(|e| error(path, &e))?;
    let mut grid = Grid::new(limits, budget);
    while let Some(cell) = reader.next_cell().map_err(|e| error(path, &e))? {
        let (row, col) = cell.get_position();
        grid.put(path, name, row, col, from_data_ref(cell.get_value()))?;
    }
    Ok(grid.into_rows())
}

fn error(path: &str, e: &XlsxError) -> Unreadable {
    match e {
        XlsxError::Password => Unreadable::new(
            path,
            "文件有密码保护，请去掉密码后重新发送",
            "the workbook is password-protected: remove the password and send it again",
        ),
        e => Unreadable::new(
            path,
            format!("xlsx 文件损坏（{e}）"),
            format!("corrupt xlsx file ({e})"),
        ),
    }
}
