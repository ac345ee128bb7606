//! Normalize: raw form values → typed values (names, sexes, dates, resident ID numbers, FIDE IDs,
//! ratings, boards, unit names), with a finding for each value that cannot be normalized.
