//! Blank entry form (filled in later).
