//! Compound files as lenient exporters write them: SheetJS (the exporter of many Chinese
//! sign-up sites) fills the unused tail of the last FAT sector with 0xFFFFFFFE (end of chain)
//! instead of 0xFFFFFFFF (free). Excel and xlrd ignore entries past the end of the file; the
//! `cfb` crate refuses the file ("Malformed FAT"). The repair is done in memory, on a copy:
//! entries that describe sectors beyond the end of the file are marked free.

const FREE: u32 = 0xFFFF_FFFF;
/// FAT sector ids listed in the header (the rest would be in DIFAT sectors, not repaired).
const HEADER_DIFAT: usize = 109;

fn u16_at(b: &[u8], i: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(i..i + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(i..i + 4)?.try_into().ok()?))
}

/// A copy of `bytes` with the FAT entries past the end of the file marked free; `None` when
/// nothing needed changing (or the header does not parse).
pub(crate) fn repair_fat(bytes: &[u8]) -> Option<Vec<u8>> {
    let shift = u16_at(bytes, 0x1E)?;
    if shift != 9 && shift != 12 {
        return None;
    }
    let sector = 1usize << shift;
    let sectors = bytes.len().checked_sub(sector)?.div_ceil(sector);
    let fat_sectors = usize::try_from(u32_at(bytes, 0x2C)?).ok()?;
    let per_sector = sector / 4;
    let mut out: Option<Vec<u8>> = None;
    for k in 0..fat_sectors.min(HEADER_DIFAT) {
        let id = u32_at(bytes, 0x4C + 4 * k)?;
        if id >= 0xFFFF_FFFA {
            continue;
        }
        let start = (usize::try_from(id).ok()?.checked_add(1)?).checked_mul(sector)?;
        for j in 0..per_sector {
            let entry = k * per_sector + j;
            let at = start + 4 * j;
            if entry < sectors {
                continue;
            }
            match u32_at(bytes, at) {
                Some(v) if v != FREE => {
                    let buf = out.get_or_insert_with(|| bytes.to_vec());
                    if let Some(slot) = buf.get_mut(at..at + 4) {
                        slot.copy_from_slice(&FREE.to_le_bytes());
                    }
                }
                _ => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-FAT-sector header (512-byte sectors) whose FAT is sector 0, in a file of
    /// `sectors` sectors; the FAT's tail is filled with `pad`.
    fn file(sectors: usize, pad: u32) -> Vec<u8> {
        let mut b = vec![0u8; 512 * (sectors + 1)];
        b[0x1E..0x20].copy_from_slice(&9u16.to_le_bytes());
        b[0x2C..0x30].copy_from_slice(&1u32.to_le_bytes());
        b[0x4C..0x50].copy_from_slice(&0u32.to_le_bytes());
        for k in 1..HEADER_DIFAT {
            b[0x4C + 4 * k..0x50 + 4 * k].copy_from_slice(&FREE.to_le_bytes());
        }
        for j in 0..128 {
            let v = if j < sectors { 0xFFFF_FFFD } else { pad };
            b[512 + 4 * j..516 + 4 * j].copy_from_slice(&v.to_le_bytes());
        }
        b
    }

    #[test]
    fn sheetjs_padding_is_marked_free_and_nothing_else_changes() {
        let padded = file(8, 0xFFFF_FFFE);
        let fixed = repair_fat(&padded).unwrap();
        assert_eq!(fixed.len(), padded.len());
        assert_eq!(u32_at(&fixed, 512 + 4 * 7), Some(0xFFFF_FFFD));
        for j in 8..128 {
            assert_eq!(u32_at(&fixed, 512 + 4 * j), Some(FREE), "{j}");
        }
        let changed = fixed.iter().zip(&padded).filter(|(a, b)| a != b).count();
        // 0xFFFFFFFE to 0xFFFFFFFF: one byte per entry.
        assert_eq!(changed, 120);
        assert_eq!(repair_fat(&file(8, FREE)), None);
        assert_eq!(repair_fat(b"short"), None);
    }
}
